"""A callback asking the game whose computation called it (issue 38, P1):
refused at once with a RuntimeError, never a wait for ever; a callback
asking another game is answered; a thread that a callback (a progress
callback, or a game's own options or moves function) starts and waits for,
asking the same game, is answered apart; another thread asking a game
while its function runs is answered too; and Ctrl-C is heard while
waiting for another thread's computation of the same game, and in a
progress callback waiting for a thread.

Each case that used to hang runs in a child process with a generous time
limit, so that a regression fails the test instead of hanging the suite.
"""

import subprocess
import sys
import textwrap

import grundy

# Far more than the child needs (well under a second of work); only a
# wait for ever reaches it.
LIMIT_S = 120


def run_child(code):
    """Runs `code` in a fresh Python; its stdout, stderr and exit status."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=LIMIT_S,
    )
    return done.stdout, done.stderr, done.returncode


def test_a_progress_callback_asking_the_game_it_computes_is_refused_at_once():
    out, err, status = run_child(
        """
        import grundy
        calls = []
        def progress(done, total):
            calls.append(done)
            grundy.Game("0.6").values(1000)
        try:
            grundy.Game("0.6").values(2 * 10**6, progress=progress)
        except RuntimeError as e:
            print("refused after", len(calls), "call:", e)
        """
    )
    assert status == 0, err
    assert "refused after 1 call:" in out, out
    assert "cannot ask the solver about the game it is computing" in out, out


def test_after_the_refusal_the_game_is_answered():
    expected = grundy.Game("0.6").values(30).tolist()
    grundy.configure()

    def progress(done, total):
        grundy.Game("0.6").values(10)

    try:
        grundy.Game("0.6").values(400_000, progress=progress)
    except RuntimeError:
        pass
    # The solver is not left waiting: the same game, asked again, answers.
    assert grundy.Game("0.6").values(30).tolist() == expected


def test_a_progress_callback_may_ask_another_game():
    kayles = grundy.Game("kayles")
    seen = []

    def progress(done, total):
        seen.append(kayles.values(10).tolist())

    grundy.Game("grundy").values(1_200_000, progress=progress)
    assert seen, "the progress callback was never called"
    assert all(v == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2] for v in seen)


def test_an_options_function_asking_its_own_game_is_refused():
    out, err, status = run_child(
        """
        import grundy
        def options(n):
            if n == 3:
                g.value(1)
            return [(n - 1,)] if n else []
        g = grundy.Game.from_options(options, name="asks itself")
        try:
            g.values(5)
        except RuntimeError as e:
            print("refused:", e)
        print(g.values(2).tolist())
        """
    )
    assert status == 0, err
    assert "refused: " in out and "the game asks itself" in out, out
    assert "cannot ask the solver about the game it is computing" in out, out
    # What was computed before the refusal stays right.
    assert out.strip().endswith("[0, 1, 0]"), out


def test_a_moves_function_asking_its_own_game_is_refused():
    out, err, status = run_child(
        """
        import grundy
        def moves(n):
            if n == 3:
                g.value(1)
            return [n - 1] if n else []
        g = grundy.Game.from_moves(moves)
        try:
            g.value(5)
        except RuntimeError as e:
            print("refused:", e)
        print(g.value(2))
        """
    )
    assert status == 0, err
    assert "refused: " in out and "cannot ask the solver" in out, out
    assert out.strip().endswith("0"), out


def test_ctrl_c_is_heard_while_waiting_for_another_thread_on_the_same_game():
    out, err, status = run_child(
        """
        import os, signal, threading, time
        import grundy
        signal.signal(signal.SIGINT, signal.default_int_handler)
        started, release = threading.Event(), threading.Event()
        def options(n):
            if n == 1:
                started.set()
                release.wait()
            return [(n - 1,)] if n else []
        g = grundy.Game.from_options(options, name="slow")
        worker = threading.Thread(target=lambda: g.values(3))
        worker.start()
        started.wait()
        threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        try:
            g.value(2)  # waits for the worker, which holds the game
        except KeyboardInterrupt:
            print("interrupted while waiting")
        release.set()
        worker.join()
        print(g.values(3).tolist())
        """
    )
    assert status == 0, err
    assert "interrupted while waiting" in out, out
    assert out.strip().endswith("[0, 1, 0, 1]"), out


def test_a_thread_a_progress_callback_waits_for_gets_the_same_games_values():
    out, err, status = run_child(
        """
        import threading
        import grundy
        got = []
        def progress(done, total):
            if not got:
                asker = threading.Thread(
                    target=lambda: got.append(grundy.Game("0.6").values(1000).tolist()))
                asker.start()
                asker.join()
        values = grundy.Game("0.6").values(2 * 10**6, progress=progress)
        print(len(got), got[0] == values.tolist()[:1001], len(values))
        """
    )
    assert status == 0, err
    assert out.split() == ["1", "True", "2000001"], out


def test_a_thread_a_progress_callback_waits_for_is_answered_a_game_given_by_functions():
    out, err, status = run_child(
        """
        import threading
        import grundy
        g = grundy.Game.from_options(lambda n: [(n - 1,)] if n else [], name="a line")
        heard = []
        def ask():
            try:
                heard.append(g.value(3))
            except RuntimeError as e:
                heard.append(str(e))
        def progress(done, total):
            if not heard:
                asker = threading.Thread(target=ask)
                asker.start()
                asker.join()
        g.values(300_000, progress=progress)
        print(heard)
        """
    )
    assert status == 0, err
    assert out.strip() == "[1]", out


def test_an_options_function_waiting_for_a_thread_asking_its_game_is_answered():
    out, err, status = run_child(
        """
        import threading
        import grundy
        heard = []
        def options(n):
            if n == 6 and not heard:
                def ask():
                    try:
                        heard.append(g.values(4).tolist())
                    except RuntimeError as e:
                        heard.append(str(e))
                asker = threading.Thread(target=ask)
                asker.start()
                asker.join()
            return [(n - 1,)] if n else []
        g = grundy.Game.from_options(options, name="waits for a thread")
        print(g.values(8).tolist())
        print(heard)
        print(g.values(9).tolist())
        """
    )
    assert status == 0, err
    assert out.split("\n")[:3] == [
        "[0, 1, 0, 1, 0, 1, 0, 1, 0]",
        "[[0, 1, 0, 1, 0]]",
        "[0, 1, 0, 1, 0, 1, 0, 1, 0, 1]",
    ], out


def test_a_moves_function_waiting_for_a_thread_asking_its_game_is_answered():
    out, err, status = run_child(
        """
        import threading
        import grundy
        heard = []
        def moves(n):
            if n == 6 and not heard:
                def ask():
                    try:
                        heard.append(g.value(5))
                    except RuntimeError as e:
                        heard.append(str(e))
                asker = threading.Thread(target=ask)
                asker.start()
                asker.join()
            return [m for m in (n - 1, n - 2) if m >= 0]
        g = grundy.Game.from_moves(moves)
        print(g.value(7), heard, g.value(8))
        """
    )
    assert status == 0, err
    # Subtraction of {1, 2}: the values run 0, 1, 2 with period 3.
    assert out.strip() == "1 [2] 2", out


def test_a_function_asking_from_a_thread_in_every_computation_is_refused():
    # Every computation, the apart ones too, runs the function, which
    # starts a thread asking the same heap and waits: a chain of threads
    # that would never end, refused at a bounded depth instead.
    out, err, status = run_child(
        """
        import threading
        import grundy
        heard = []
        def options(n):
            if n == 3:
                def ask():
                    try:
                        g.value(3)
                    except RuntimeError as e:
                        heard.append(str(e))
                asker = threading.Thread(target=ask)
                asker.start()
                asker.join()
            return [(n - 1,)] if n else []
        g = grundy.Game.from_options(options, name="asks for ever")
        print(g.values(4).tolist())
        print(len(heard), heard[0])
        """
    )
    assert status == 0, err
    assert out.startswith("[0, 1, 0, 1, 0]\n1 "), out
    assert "already under way apart" in out, out


def test_a_function_asking_its_own_game_from_its_thread_twice_over_is_refused():
    # The thread answers apart, and its own computation runs the function
    # again, which asks again from that same thread: refused at once there,
    # and the refusal reaches the thread, never a wait.
    out, err, status = run_child(
        """
        import threading
        import grundy
        def options(n):
            if n == 2:
                if threading.current_thread() is threading.main_thread():
                    asker = threading.Thread(target=ask)
                    asker.start()
                    asker.join()
                else:
                    g.value(1)
            return [(n - 1,)] if n else []
        heard = []
        def ask():
            try:
                heard.append(g.value(3))
            except RuntimeError as e:
                heard.append(str(e))
        g = grundy.Game.from_options(options, name="asks twice")
        print(g.values(4).tolist())
        print(heard)
        """
    )
    assert status == 0, err
    assert out.startswith("[0, 1, 0, 1, 0]\n"), out
    assert "cannot ask the solver about the game it is computing" in out, out


def test_ctrl_c_is_heard_in_a_progress_callback_waiting_for_a_thread():
    out, err, status = run_child(
        """
        import os, signal, threading
        import grundy
        signal.signal(signal.SIGINT, signal.default_int_handler)
        never = threading.Event()
        def progress(done, total):
            asker = threading.Thread(
                target=lambda: grundy.Game("0.6").values(1000), daemon=True)
            asker.start()
            asker.join()
            threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
            never.wait()
        try:
            grundy.Game("0.6").values(2 * 10**6, progress=progress)
        except KeyboardInterrupt:
            print("interrupted")
        print(grundy.Game("0.6").values(5).tolist())
        """
    )
    assert status == 0, err
    assert "interrupted" in out, out
    assert out.strip().endswith("[0, 0, 1, 2, 0, 1]"), out
