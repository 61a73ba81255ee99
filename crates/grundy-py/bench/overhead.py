"""Measures the Python package against the command line, in one run.

    python crates/grundy-py/bench/overhead.py PATH/TO/grundy

1. The overhead of a call: `Game("0.07").outcome([...])` per call, on a game
   whose values are already in the solver (so the call is all overhead: the
   argument conversion, the solver's lookup, the GIL released and taken
   back, the answer converted).
2. Values to 10^6 through Python (a fresh solver, no store) against the
   command line (`--no-cache`, CSV to /dev/null), alternated, best and
   median of five.
"""

import statistics
import subprocess
import sys
import time
import timeit

import grundy


def per_call(stmt, number, **names):
    best = min(timeit.repeat(stmt, globals=names, number=number, repeat=5))
    return best / number


def main():
    cli = sys.argv[1]
    g = grundy.Game("0.07")
    g.outcome([10, 20, 30])
    print(f"outcome, one Game:       {per_call('g.outcome([10, 20, 30])', 20_000, g=g) * 1e6:7.2f} µs a call")
    built = per_call("grundy.Game('0.07').outcome([10, 20, 30])", 20_000, grundy=grundy)
    print(f"outcome, Game built too: {built * 1e6:7.2f} µs a call")
    print(f"outcome, heap past 2^60: {per_call('g.outcome([2**60 + 7, 20, 30])', 20_000, g=g) * 1e6:7.2f} µs a call")
    print(f"value(n), one heap:      {per_call('g.value(12345)', 20_000, g=g) * 1e6:7.2f} µs a call")
    start = time.perf_counter()
    subprocess.run([cli, "--no-cache", "move", "0.07", "10", "20", "30"], check=True, capture_output=True)
    print(f"CLI `grundy move 0.07 10 20 30`, one process: {(time.perf_counter() - start) * 1e3:.1f} ms")

    for spec in ("grundy", "nim-square"):
        py, sh = [], []
        for _ in range(5):
            grundy.configure()
            start = time.perf_counter()
            a = grundy.Game(spec).values(10**6)
            py.append(time.perf_counter() - start)
            start = time.perf_counter()
            with open("/dev/null", "w") as null:
                subprocess.run([cli, "--no-cache", "values", spec, "--to", "10^6", "--format", "csv"],
                               check=True, stdout=null)
            sh.append(time.perf_counter() - start)
        assert len(a) == 10**6 + 1
        print(f"values {spec} to 10^6: Python {min(py):.2f} s (median {statistics.median(py):.2f}), "
              f"CLI {min(sh):.2f} s (median {statistics.median(sh):.2f})")


if __name__ == "__main__":
    main()
