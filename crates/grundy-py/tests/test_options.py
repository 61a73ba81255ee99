"""Heap games given by a Python function (``Game.from_options``, issue 35):
callback versions of built-in games give the built-in engines' values and
moves, the function's exceptions reach the caller unchanged, garbage is a
ValueError naming the heap and the option, and Ctrl-C stops a computation."""

import _thread
import html
import threading
import time

import pytest

import grundy

TO = 2000


def kayles(n):
    """0.77: take one pin or two adjacent ones, from an end or the middle."""
    return [(a, n - t - a) for t in (1, 2) if t <= n for a in range((n - t) // 2 + 1)]


def dawson(n):
    """0.07: take two adjacent pins, from an end or the middle."""
    return [(a, n - 2 - a) for a in range((n - 2) // 2 + 1)] if n >= 2 else []


def grundys_game(n):
    """Split a heap into two heaps of different sizes."""
    return [(a, n - a) for a in range(1, (n + 1) // 2)]


def nim_square(n):
    """sub:squares: take a square number of tokens."""
    return [(n - s * s,) for s in range(1, int(n**0.5) + 2) if s * s <= n]


CASES = [
    (kayles, "kayles"),
    (dawson, "0.07"),
    (grundys_game, "grundy"),
    (nim_square, "sub:squares"),
]


@pytest.mark.parametrize("options,spec", CASES, ids=[s for _, s in CASES])
def test_callbacks_equal_the_built_in_engines(options, spec):
    mine = grundy.Game.from_options(options, name=f"{spec} by hand")
    built_in = grundy.Game(spec)
    assert mine.values(TO).tolist() == built_in.values(TO).tolist()
    assert mine.value(TO) == built_in.value(TO)
    assert mine.values(TO, start=TO - 5).tolist() == built_in.values(TO, start=TO - 5).tolist()
    for heaps in ([7], [3, 5], [10, 20, 30], [1, 2, 3], [TO, 17], [0], []):
        assert mine.outcome(heaps) == built_in.outcome(heaps), heaps
        ours = {(m.heap, m.from_, tuple(m.to)) for m in mine.winning_moves(heaps, limit=1000)}
        theirs = {(m.heap, m.from_, tuple(m.to)) for m in built_in.winning_moves(heaps, limit=1000)}
        assert ours == theirs, heaps
        p = mine.position(heaps)
        assert p.value == built_in.position(heaps).value
        for m in mine.winning_moves(heaps):
            assert built_in.outcome(m.after(heaps)) == "P"


def test_names_and_the_period_as_observed():
    g = grundy.Game.from_options(kayles, name="kayles by hand")
    assert g.name == g.spec == str(g) == "kayles by hand"
    assert repr(g) == "OptionsGame(name='kayles by hand')"
    assert not g.is_multiheap
    assert g.options is kayles
    assert grundy.Game.from_options(dawson).name == "dawson"
    p = g.period()
    assert (p.preperiod, p.period, p.saltus, p.status) == (71, 12, 0, "observed")
    assert p.checked_to == 1000 and not p.proved
    with pytest.raises(ValueError, match="no certificate"):
        p.certificate()
    assert grundy.Game.from_options(grundys_game).period(300).status == "none"
    one_or_two = grundy.Game.from_options(lambda n: [(n - t,) for t in (1, 2) if t <= n])
    p = one_or_two.period(50)
    assert (p.preperiod, p.period, p.status, p.checked_to) == (0, 3, "observed", 50)


def test_each_heap_is_asked_once():
    asked = []

    def counted(n):
        asked.append(n)
        return grundys_game(n)

    g = grundy.Game.from_options(counted)
    g.values(100)
    g.values(50)
    g.value(100)
    assert asked == list(range(101))


class Boom(Exception):
    pass


def test_an_exception_in_the_callback_reaches_the_caller_unchanged():
    raised = Boom("heap 30 is cursed")

    def cursed(n):
        if n == 30:
            raise raised
        return kayles(n)

    g = grundy.Game.from_options(cursed)
    with pytest.raises(Boom) as info:
        g.values(100)
    assert info.value is raised
    with pytest.raises(Boom):
        g.outcome([50])
    # The values before heap 30 were kept; the game is still usable.
    assert g.values(29).tolist() == grundy.Game("kayles").values(29).tolist()

    def fails_once(n, seen=set()):
        if n == 40 and n not in seen:
            seen.add(n)
            raise ZeroDivisionError("once")
        return kayles(n)

    g = grundy.Game.from_options(fails_once)
    with pytest.raises(ZeroDivisionError, match="once"):
        g.values(100)
    assert g.values(100).tolist() == grundy.Game("kayles").values(100).tolist()


@pytest.mark.parametrize(
    "options,match",
    [
        (lambda n: [(n - 1, -1)] if n == 5 else [], r"heap of 5 has the option \(4, -1\), with the negative heap -1"),
        (lambda n: [[n - 1]] if n == 3 else [], r"heap of 3 has the option \[2\], which is not a tuple"),
        (lambda n: [n - 1] if n == 3 else [], r"heap of 3 has the option 2, which is not a tuple"),
        (lambda n: None, r"options\(0\) returned None, not a list of options"),
        (lambda n: 7 if n == 2 else [], r"options\(2\) returned 7"),
        (lambda n: [(1.5,)] if n == 4 else [], r"heap of 4 has the option \(1.5,\), with 1.5, not a whole number"),
        (lambda n: [(True,)] if n == 4 else [], r"heap of 4 has the option \(True,\), with True, a bool"),
        (lambda n: [(2**70,)] if n == 4 else [], r"heap of 4 .* too large"),
        (lambda n: [(n,)] if n == 6 else [], r"heap of 6 has the option \[6\], with a heap of 6: every heap an option leaves must be smaller"),
        (lambda n: [(1, n + 1)] if n == 6 else [], r"heap of 6 has the option \[1, 7\]"),
    ],
)
def test_garbage_is_a_value_error_naming_the_heap_and_the_option(options, match):
    g = grundy.Game.from_options(options, name="garbage")
    with pytest.raises(ValueError, match=match):
        g.values(10)


def test_a_generator_and_other_iterables_are_options():
    def gen(n):
        yield from ((n - t,) for t in (1, 2, 3) if t <= n)

    g = grundy.Game.from_options(gen)
    assert g.values(20).tolist() == grundy.Game("sub:1,2,3").values(20).tolist()
    g = grundy.Game.from_options(lambda n: {(n - 1,)} if n else ())
    assert g.values(5).tolist() == [0, 1, 0, 1, 0, 1]


def test_not_a_function():
    with pytest.raises(TypeError, match="function"):
        grundy.Game.from_options(3)


def test_bad_arguments_as_for_built_in_games():
    g = grundy.Game.from_options(kayles)
    with pytest.raises(ValueError, match="empty"):
        g.values(5, start=6)
    with pytest.raises(ValueError, match="not a size"):
        g.value(-1)
    with pytest.raises(grundy.LimitError):
        grundy.configure(budget=1 << 16)
        grundy.Game.from_options(lambda n: [(n - 1,)] if n else []).values(10**7)


def test_ctrl_c_stops_a_computation():
    def slow(n):
        time.sleep(0.001)
        return [(n - 1,)] if n else []

    g = grundy.Game.from_options(slow)
    timer = threading.Timer(0.3, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            g.values(10**6)
    finally:
        timer.cancel()
    assert time.monotonic() - started < 5
    assert g.value(10) == 0


def test_the_gil_is_released_between_calls():
    # Two threads computing two games: each callback runs while the other
    # thread's computation goes on, and both finish with the right values.
    results = {}

    def work(name, options, spec):
        results[name] = (grundy.Game.from_options(options).values(800).tolist(),
                         grundy.Game(spec).values(800).tolist())

    threads = [threading.Thread(target=work, args=(spec, options, spec)) for options, spec in CASES]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for name, (mine, built_in) in results.items():
        assert mine == built_in, name


# The rest of what a built-in game answers (issue 35): counts, misère
# outcomes, the notebook's table and drawing, each equal to the built-in
# game's where the callback is a built-in game written out.


@pytest.mark.parametrize("options, spec", CASES)
def test_counts_equal_the_built_in_games(options, spec):
    g, built_in = grundy.Game.from_options(options), grundy.Game(spec)
    for to, heaps in [(300, 1), (0, 1), (60, 2), (40, 3), (25, 5)]:
        mine, theirs = g.count(to, heaps=heaps), built_in.count(to, heaps=heaps)
        assert (mine.wins, mine.losses) == (theirs.wins, theirs.losses), (to, heaps)
        assert mine.game == g.name and mine.heaps == heaps and mine.to == to


def test_a_count_is_the_positions_of_value_zero():
    g = grundy.Game.from_options(dawson, name="dawson")
    values = g.values(50).tolist()
    c = g.count(50)
    assert c.losses == sum(1 for v in values[1:] if v == 0)
    assert c.wins + c.losses == 50


@pytest.mark.parametrize("options, spec", CASES)
def test_misere_outcomes_equal_the_built_in_games(options, spec):
    g, built_in = grundy.Game.from_options(options), grundy.Game(spec)
    for heaps in [[], [1], [1, 1], [2, 2], [1, 2, 3], [4, 4, 1], [6, 3], [9]]:
        assert g.misere_outcome(heaps) == built_in.misere_outcome(heaps), heaps


@pytest.mark.parametrize("options, spec", CASES)
def test_misere_winning_moves_lead_where_the_built_in_games_do(options, spec):
    """The same moves, up to the order of the heaps left: each leaves a
    position lost under misère play, and a lost position has none."""

    def after(move, heaps):
        return sorted(h for h in move.after(heaps) if h)

    g, built_in = grundy.Game.from_options(options), grundy.Game(spec)
    for heaps in [[1], [1, 1], [2, 2], [1, 2, 3], [4, 4, 1], [6, 3], [9]]:
        mine = g.misere_winning_moves(heaps, limit=1000)
        theirs = built_in.misere_winning_moves(heaps, limit=1000)
        assert sorted(after(m, heaps) for m in mine) == sorted(after(m, heaps) for m in theirs)
        # A win with no winning move is a win with no move at all: under
        # misère play the player who cannot move has won.
        can_move = any(list(options(h)) for h in heaps)
        assert (mine == []) == (g.misere_outcome(heaps) == "P" or not can_move), heaps
        assert all(g.misere_outcome(m.after(heaps)) == "P" for m in mine), heaps


def test_misere_nim_by_hand_follows_bouton():
    """Misère nim: where some heap exceeds 1, the nim-sum decides as in
    normal play; with heaps of 1 only, the parity of their number."""
    g = grundy.Game.from_options(lambda n: [(m,) if m else () for m in range(n)])
    for heaps in [[1], [1, 1], [1, 1, 1], [2, 2], [2, 3], [1, 2, 3], [3, 5, 6], [1, 1, 4]]:
        big = any(h > 1 for h in heaps)
        nim_sum = 0
        for h in heaps:
            nim_sum ^= h
        lost = (nim_sum == 0) if big else (len(heaps) % 2 == 1)
        assert g.misere_outcome(heaps) == ("P" if lost else "N"), heaps


def test_misere_outcome_raises_what_the_function_raises():
    class Boom(Exception):
        pass

    def options(n):
        if n == 4:
            raise Boom(n)
        return kayles(n)

    g = grundy.Game.from_options(options)
    with pytest.raises(Boom):
        g.misere_outcome([5, 1])


def test_table_plot_and_notebook_html():
    g = grundy.Game.from_options(kayles, name="kayles <by hand>")
    t = g.table(20)
    assert t.game == "kayles <by hand>" and t.start == 0
    assert list(t.array) == grundy.Game("kayles").values(20).tolist()
    page = g._repr_html_()
    assert "kayles &lt;by hand&gt;" in page and "<table" in page
    assert html.escape(g.period().sentence) in page and "observed period 12" in page
    assert g.is_board is False


def test_plot_draws_the_values():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    g = grundy.Game.from_options(dawson, name="dawson")
    ax = g.plot(40)
    [line] = ax.get_lines()
    assert list(line.get_ydata()) == grundy.Game("0.07").values(40).tolist()
    assert "dawson" in ax.get_title()
    with pytest.raises(TypeError, match="ax must be matplotlib axes"):
        g.plot(10, ax="x")


@pytest.mark.parametrize("method", ["genera", "misere_quotient", "misere_position", "ppos", "moves"])
def test_what_cannot_apply_is_refused_with_the_reason(method):
    g = grundy.Game.from_options(kayles)
    assert hasattr(grundy.Game("kayles"), method)
    with pytest.raises(AttributeError, match=f"OptionsGame has no {method}\\(\\): "):
        getattr(g, method)
    with pytest.raises(AttributeError, match="no attribute 'no_such_thing'"):
        g.no_such_thing
