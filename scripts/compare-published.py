#!/usr/bin/env python3
"""Compares a survey catalogue with tczajka's published octal-game tables.

Usage:
  grundy survey show --db octal3.sqlite --format csv > octal3.csv
  scripts/compare-published.py octal3.csv DIR

DIR holds GameLookup.md, TrivialGames.md, SolvedGames.md and
UnsolvedGames.md of https://github.com/tczajka/octal-games. The tables are
read, never copied: every game of the catalogue is mapped through the lookup
tables to the game it is published as equivalent to (possibly with heap
sizes offset by one), and its published status (solved, with preperiod and
period, or unsolved) is set beside the survey's. Prints Markdown: counts,
then every game whose status differs, then every game that is its own
representative, proved by both, with a different preperiod or period.
"""
import csv
import re
import sys
from pathlib import Path


def ours(spec):
    """tczajka's '.07' or '4' as grundy's canonical '0.07' or '4.0'."""
    spec = spec.strip()
    if spec.startswith("."):
        return "0" + spec
    if "." not in spec:
        return spec + ".0"
    return spec


def lookup_table(text):
    table = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) != 8 or not cells[0].endswith("x") or cells[0] == "game":
            continue
        prefix = cells[0][:-1]
        for digit, entry in enumerate(cells[1:], start=1):
            game = ours(prefix + str(digit))
            table[game] = game if entry == "-" else ours(entry)
    return table


def solved_table(text):
    solved = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) < 3 or not re.match(r"^(\d*\.\d+|\d)$", cells[0]):
            continue
        if cells[1].isdigit() and cells[2].isdigit():
            solved[ours(cells[0])] = (int(cells[1]), int(cells[2]))
    return solved


def unsolved_table(text):
    games = set()
    for line in text.splitlines():
        first = line.split("|")[0].strip()
        if re.match(r"^(\d*\.\d+|\d)$", first):
            games.add(ours(first))
    return games


def main():
    rows = list(csv.DictReader(open(sys.argv[1])))
    d = Path(sys.argv[2])
    lookup = lookup_table((d / "GameLookup.md").read_text())
    solved = solved_table((d / "TrivialGames.md").read_text())
    solved.update(solved_table((d / "SolvedGames.md").read_text()))
    unsolved = unsolved_table((d / "UnsolvedGames.md").read_text())
    counts = {}
    differ = []
    pattern = []
    for r in rows:
        game = r["game"]
        rep = lookup.get(game, game)
        if rep in solved:
            published = "solved"
        elif rep in unsolved:
            published = "unsolved"
        else:
            published = "not listed"
        counts[(r["status"], published)] = counts.get((r["status"], published), 0) + 1
        if (r["status"] == "proved") != (published == "solved"):
            pre, per = solved.get(rep, ("", ""))
            differ.append((game, rep, r["status"], r["checked_to"], r["stopped"], published, pre, per))
        elif r["status"] == "proved" and rep == game and rep in solved:
            if (int(r["preperiod"]), int(r["period"])) != solved[rep]:
                pattern.append((game, r["preperiod"], r["period"], *solved[rep]))
    print("| survey status | published (tczajka) | games |\n|---|---|---|")
    for (status, published), n in sorted(counts.items()):
        print(f"| {status} | {published} | {n} |")
    print("\n| game | published as | survey | checked to | stopped | published | published preperiod | published period |")
    print("|---|---|---|---|---|---|---|---|")
    for row in sorted(differ):
        print("| " + " | ".join(str(c) for c in row) + " |")
    if pattern:
        print("\n| game | survey preperiod | survey period | published preperiod | published period |\n|---|---|---|---|---|")
        for row in pattern:
            print("| " + " | ".join(str(c) for c in row) + " |")
    else:
        print("\nEvery game proved by both that is its own representative has the published preperiod and period.")


if __name__ == "__main__":
    main()
