"""`Game.from_options` against a plain Python loop of the same rule, in one run.

    python crates/grundy-py/bench/callbacks.py [N]

Grundy's game (split a heap into two unequal heaps) to N (3,000 by
default): the values by `grundy.Game.from_options(options)` and by a plain
memoised mex loop over the same `options` function, alternated, five times
each; prints the best and the median of each and their ratio, and checks
that both give the same values. Issue 35 asks for at most 2 x the plain
loop's time.
"""

import statistics
import sys
import time

import grundy


def options(n):
    """Grundy's game: a heap of n becomes two unequal heaps."""
    return [(a, n - a) for a in range(1, (n + 1) // 2)]


def plain(to):
    """The values by the definition, in Python: a memoised mex."""
    values = []
    for n in range(to + 1):
        seen = set()
        for option in options(n):
            v = 0
            for heap in option:
                v ^= values[heap]
            seen.add(v)
        m = 0
        while m in seen:
            m += 1
        values.append(m)
    return values


def ours(to):
    return grundy.Game.from_options(options, name="grundy by hand").values(to).tolist()


def main():
    to = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    times = {"plain": [], "from_options": []}
    answers = {}
    for _ in range(5):
        for name, run in (("plain", plain), ("from_options", ours)):
            started = time.perf_counter()
            answers[name] = run(to)
            times[name].append(time.perf_counter() - started)
    assert answers["plain"] == answers["from_options"] == grundy.Game("grundy").values(to).tolist()
    for name, t in times.items():
        print(f"{name:>13}: best {min(t):.3f} s, median {statistics.median(t):.3f} s")
    ratio = min(times["from_options"]) / min(times["plain"])
    print(f"from_options / plain (best of five each): {ratio:.2f}")


if __name__ == "__main__":
    main()
