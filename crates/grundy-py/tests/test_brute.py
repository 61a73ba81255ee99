"""`outcome` against a brute force written here from the rules: positions
of up to three heaps, every move generated in Python."""

import functools
import itertools

import pytest

import grundy


def kayles_moves(n):
    """Knock down one pin or two adjacent pins of a row of n: the rest is
    one or two rows."""
    for take in (1, 2):
        for left in range(n - take + 1):
            right = n - take - left
            yield tuple(h for h in (left, right) if h > 0)


def subtraction_moves(subtract):
    def moves(n):
        for s in subtract:
            if s <= n:
                yield (n - s,) if n - s > 0 else ()
    return moves


def grundy_game_moves(n):
    """Split a heap into two unequal non-empty heaps."""
    for a in range(1, (n + 1) // 2):
        if a != n - a:
            yield (a, n - a)


def brute_outcome(moves):
    @functools.lru_cache(maxsize=None)
    def wins(position):
        for i, h in enumerate(position):
            for parts in moves(h):
                after = tuple(sorted(position[:i] + parts + position[i + 1:]))
                if not wins(after):
                    return True
        return False

    return lambda heaps: "N" if wins(tuple(sorted(h for h in heaps if h > 0))) else "P"


@pytest.mark.parametrize(
    "spec,moves,largest",
    [
        ("kayles", kayles_moves, 9),
        ("sub:1,3,4", subtraction_moves((1, 3, 4)), 14),
        ("grundy", grundy_game_moves, 12),
    ],
)
def test_outcome_matches_brute_force(spec, moves, largest):
    game = grundy.Game(spec)
    brute = brute_outcome(moves)
    checked = 0
    for k in (1, 2, 3):
        for heaps in itertools.combinations_with_replacement(range(largest + 1), k):
            assert game.outcome(list(heaps)) == brute(heaps), heaps
            checked += 1
    assert checked > 200


def test_winning_moves_lead_to_lost_positions():
    game = grundy.Game("kayles")
    brute = brute_outcome(kayles_moves)
    for heaps in itertools.combinations_with_replacement(range(8), 3):
        moves = game.winning_moves(list(heaps), limit=1000)
        assert (len(moves) > 0) == (brute(heaps) == "N")
        for m in moves:
            assert heaps[m.heap] == m.from_
            assert tuple(m.to) in {tuple(p) for p in kayles_moves(m.from_)}
            assert brute(m.after(list(heaps))) == "P"
