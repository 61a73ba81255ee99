"""The GIL is released while computing, Ctrl-C stops a computation within
a second, and a progress callback sees it and may stop it."""

import os
import signal
import threading
import time

import pytest

import grundy

# Two games whose values take one to two seconds of CPU each on the
# reference machine (a fresh solver holds none of them).
SLOW = [("grundy", 1_200_000), ("0.6", 400_000)]


def test_two_threads_compute_at_once():
    """Each computation's progress, sampled from the main thread: with the
    GIL held by one computation, the other's progress callback (which
    needs the GIL) could not run, nor could the main thread sample. The
    computations themselves run on the solver's threads, not on the
    threads that asked, so their progress is what shows them running."""
    spans, done = {}, {}

    def work(spec, to):
        start = time.monotonic()

        def progress(d, total):
            done[spec] = d

        grundy.Game(spec).values(to, progress=progress)
        spans[spec] = (start, time.monotonic())

    threads = [threading.Thread(target=work, args=game) for game in SLOW]
    wall = time.monotonic()
    cpu = time.process_time()
    for t in threads:
        t.start()
    samples, gaps, last = [], [], time.monotonic()
    while all(t.is_alive() for t in threads):
        samples.append([done.get(spec, 0) for spec, _ in SLOW])
        time.sleep(0.15)
        now = time.monotonic()
        gaps.append(now - last)
        last = now
    for t in threads:
        t.join()
    wall = time.monotonic() - wall
    cpu = time.process_time() - cpu

    # Both computations ran at the same time...
    (a0, a1), (b0, b1) = spans.values()
    overlap = min(a1, b1) - max(a0, b0)
    assert overlap > 0.5 * min(a1 - a0, b1 - b0), spans
    # ...both advancing in most sampled windows while both were running
    # (a callback is called at most every 50 ms)...
    steps = list(zip(samples, samples[1:]))
    assert len(steps) >= 4, "the computations were too quick to sample"
    both = sum(1 for s, t in steps if t[0] > s[0] and t[1] > s[1])
    assert both >= 0.5 * len(steps), (both, samples)
    # ...and the main thread ran Python code all along.
    assert max(gaps) < 1.0, max(gaps)

    # Both cores: CPU time over wall time near 2. Other work on the machine
    # may take the cores; a low ratio is then not judged (skipped, saying
    # so), while a high one passes whatever the load.
    ratio = cpu / wall
    cores = os.cpu_count() or 1
    load = os.getloadavg()[0]
    if ratio <= 1.25 and (cores < 2 or load > cores - 0.5):
        pytest.skip(f"CPU/wall = {ratio:.2f} not judged: {cores} cores, load {load:.1f}")
    assert ratio > 1.25, f"CPU/wall = {ratio:.2f} with load {load:.1f}"


def test_ctrl_c_stops_a_long_computation_within_a_second():
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(1.0, interrupt)
    timer.start()
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            # Far more than can be computed in a second (minutes).
            grundy.Game("grundy").values(50_000_000)
    finally:
        timer.cancel()
    stopped = time.monotonic()
    assert sent, "the computation ended before the signal was sent"
    assert stopped - sent[0] < 1.0, stopped - sent[0]
    assert stopped - start < 5
    # The solver goes on: the values computed are kept and used.
    assert grundy.Game("grundy").values(10).tolist() == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0]


def test_ctrl_c_stops_an_iteration_of_p_positions():
    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            for _ in grundy.ppos("subsets:4:all", 400):
                pass
    finally:
        timer.cancel()
    assert time.monotonic() - start < 3


def test_progress_is_told_and_can_stop():
    seen = []

    def progress(done, total):
        seen.append((done, total))

    grundy.Game("grundy").values(400_000, progress=progress)
    assert seen and all(0 <= d <= t for d, t in seen)

    grundy.configure()
    with pytest.raises(grundy.Interrupted):
        grundy.Game("grundy").values(400_000, progress=lambda done, total: False)

    grundy.configure()

    class Stop(Exception):
        pass

    def fails(done, total):
        raise Stop

    with pytest.raises(Stop):
        grundy.Game("grundy").values(400_000, progress=fails)


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="thread names are read from /proc (Linux)")
def test_the_default_computes_on_its_own_threads_and_calls_back_on_this_one():
    """Without a thread count the solver computes a table past heap 2^14 on
    pools of its own (threads named grundy-N-i, as the command line does),
    and calls the progress callback on the calling thread, where Python
    hears Ctrl-C."""
    names, callers = set(), set()

    def progress(done, total):
        callers.add(threading.get_ident())
        for task in os.listdir("/proc/self/task"):
            try:
                with open(f"/proc/self/task/{task}/comm") as comm:
                    names.add(comm.read().strip())
            except OSError:  # a thread ended meanwhile
                pass

    grundy.Game("0.6").values(300_000, progress=progress)
    assert callers == {threading.get_ident()}
    assert any(name.startswith("grundy-") for name in names), names
