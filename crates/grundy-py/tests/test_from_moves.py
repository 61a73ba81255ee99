"""Games given by their moves (``Game.from_moves``, issue 35): callback
versions of built-in games give the built-in engines' values, a position of
independent components has the nim-sum of their values, the functions'
exceptions reach the caller unchanged, garbage is a TypeError naming the
position, and Ctrl-C stops a computation."""

import _thread
import threading
import time

import pytest

import grundy


def kayles_moves(heaps):
    """Kayles on a tuple of heaps: take one pin or two adjacent ones from
    one heap, leaving the heaps sorted."""
    for i, n in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        for t in (1, 2):
            for a in range((n - t) // 2 + 1):
                yield tuple(sorted(rest + tuple(h for h in (a, n - t - a) if h)))


def heaps_apart(heaps):
    return [(n,) for n in heaps]


KAYLES = grundy.Game.from_moves(kayles_moves, components=heaps_apart)


def test_kayles_by_its_moves_is_kayles():
    built_in = grundy.Game("kayles").values(60).tolist()
    assert [KAYLES.value((n,) if n else ()) for n in range(61)] == built_in


def test_a_sum_has_the_nim_sum_of_its_components():
    whole = grundy.Game.from_moves(kayles_moves)  # no components: searched whole
    for a in range(8):
        for b in range(8):
            position = tuple(sorted(h for h in (a, b) if h))
            expected = KAYLES.value((a,) if a else ()) ^ KAYLES.value((b,) if b else ())
            assert KAYLES.value(position) == expected
            assert whole.value(position) == expected


def path_moves(vertices):
    """Node-Kayles on a subgraph of a path: a move takes a vertex and its
    neighbours."""
    return [vertices - {v - 1, v, v + 1} for v in vertices]


def runs(vertices):
    """The connected parts of a subgraph of a path, each moved to start at 0."""
    parts, run = [], []
    for v in sorted(vertices):
        if run and v != run[-1] + 1:
            parts.append(run)
            run = []
        run.append(v)
    if run:
        parts.append(run)
    return [frozenset(range(len(r))) for r in parts]


def test_node_kayles_on_paths_by_frozensets_is_dawsons_kayles():
    dawson = grundy.Game("0.137").values(24).tolist()
    plain = grundy.Game.from_moves(path_moves)
    split = grundy.Game.from_moves(path_moves, components=runs, key=len)
    assert [split.value(frozenset(range(n))) for n in range(25)] == dawson
    assert [plain.value(frozenset(range(n))) for n in range(13)] == dawson[:13]


def test_outcome_winning_moves_and_misere():
    assert KAYLES.outcome((1, 2, 3)) == "P"
    assert KAYLES.outcome((4,)) == "N"
    for after in KAYLES.winning_moves((4, 5)):
        assert KAYLES.outcome(after) == "P"
    assert KAYLES.winning_moves((1, 2, 3)) == []
    assert KAYLES.winning_moves((4,)) == [(1, 1)]
    assert len(KAYLES.winning_moves((9, 10, 12), limit=1)) == 1
    # Misère Nim-like heaps of one pin: the last to move loses.
    assert KAYLES.misere_outcome(()) == "N"
    assert KAYLES.misere_outcome((1,)) == "P"
    assert KAYLES.misere_outcome((1, 1)) == "N"
    assert grundy.Game("kayles").misere_outcome([3, 4]) == KAYLES.misere_outcome((3, 4))


class Refused(Exception):
    pass


def test_an_exception_reaches_the_caller_unchanged_and_the_game_goes_on():
    refused = Refused("no moves here")

    def moves(n):
        if n == 7:
            raise refused
        return [n - t for t in (1, 2) if t <= n]

    g = grundy.Game.from_moves(moves)
    with pytest.raises(Refused) as raised:
        g.value(10)
    assert raised.value is refused
    assert g.value(6) == 0
    with pytest.raises(Refused):
        g.winning_moves(9)

    def key(p):
        raise refused

    with pytest.raises(Refused) as raised:
        grundy.Game.from_moves(lambda n: [], key=key).value(3)
    assert raised.value is refused


def test_garbage_is_a_type_error_naming_the_position():
    with pytest.raises(TypeError, match=r"moves\(3\) returned 5, not an iterable"):
        grundy.Game.from_moves(lambda n: 5).value(3)
    with pytest.raises(TypeError, match=r"the position \[2\] given by moves\(3\) is not hashable"):
        grundy.Game.from_moves(lambda n: [[2]]).value(3)
    with pytest.raises(TypeError, match=r"the position \[3\] asked about is not hashable"):
        grundy.Game.from_moves(lambda n: []).value([3])
    with pytest.raises(TypeError, match=r"key\(3\) returned \[3\], which is not hashable"):
        grundy.Game.from_moves(lambda n: [], key=lambda p: [p]).value(3)
    with pytest.raises(TypeError, match=r"components\(3\) returned None"):
        grundy.Game.from_moves(lambda n: [], components=lambda p: None).value(3)
    with pytest.raises(TypeError, match="moves must be a function"):
        grundy.Game.from_moves(3)
    with pytest.raises(TypeError, match="key must be a function"):
        grundy.Game.from_moves(lambda n: [], key=3)


def test_ctrl_c_stops_a_computation():
    def slow(n):
        time.sleep(0.001)
        return [n - 1] if n else []

    g = grundy.Game.from_moves(slow)
    timer = threading.Timer(0.3, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            g.value(90_000)
    finally:
        timer.cancel()
    assert time.monotonic() - started < 5
    assert g.value(10) == 0


def test_the_gil_is_released_while_searching():
    results = {}

    def work(name):
        g = grundy.Game.from_moves(kayles_moves, components=heaps_apart)
        results[name] = [g.value((n,)) for n in range(1, 30)]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    expected = grundy.Game("kayles").values(29).tolist()[1:]
    assert all(r == expected for r in results.values())


def test_a_name_is_given_or_taken_from_the_function():
    def countdown(n):
        return [n - 1] if n else []

    assert grundy.Game.from_moves(countdown).name == "countdown"
    g = grundy.Game.from_moves(countdown, name="count <down>")
    assert (g.name, g.spec, str(g), repr(g)) == ("count <down>",) * 3 + ("MovesGame(name='count <down>')",)
    assert "count &lt;down&gt;" in g._repr_html_()


@pytest.mark.parametrize("method", ["values", "count", "plot", "period", "genera", "ppos"])
def test_what_has_no_meaning_without_heaps_is_refused_with_the_reason(method):
    g = grundy.Game.from_moves(lambda n: [n - 1] if n else [])
    assert hasattr(grundy.Game("kayles"), method)
    with pytest.raises(AttributeError, match=f"MovesGame has no {method}\\(\\): "):
        getattr(g, method)


def test_vector_moves_carry_their_vector():
    """A winning move of a game by move vectors takes ``take`` times its
    ``vector`` from the position, and leaves a lost one."""
    g = grundy.Game("vectors:(1,2),(2,1)")
    for position in ([3, 5], [7, 4], [10, 12]):
        moves = g.winning_moves(position)
        if g.outcome(position) == "P":
            assert moves == []
            continue
        [m] = moves
        assert m.vector in ([1, 2], [2, 1])
        assert m.to == [p - m.take * v for p, v in zip(position, m.vector)]
        assert g.outcome(m.to) == "P"
    [m] = grundy.Game("wythoff").winning_moves([3, 7])
    assert m.vector is None
