"""What a notebook shows and draws, and the smaller parts of the API."""

import numpy as np
import pytest

import grundy


def test_dtype_is_the_smallest_that_fits():
    assert grundy.Game("kayles").values(100).dtype == np.uint8
    assert grundy.Game("nim").values(300).dtype == np.uint16
    assert grundy.Game("nim").values(70_000).dtype == np.uint32
    big = grundy.Game("nim").values(2**40 + 1, start=2**40)
    assert big.dtype == np.uint64 and big.tolist() == [2**40, 2**40 + 1]


def test_value_agrees_with_values_and_goes_far():
    g = grundy.Game("0.137")
    values = g.values(500)
    assert [g.value(n) for n in range(0, 501, 7)] == values[::7].tolist()
    p = g.period()
    n = 2**64 - 1
    m = p.preperiod + (n - p.preperiod) % p.period
    assert g.value(n) == values[m]


def test_html():
    kayles = grundy.Game("kayles")
    html = kayles._repr_html_()
    assert "<table>" in html and "0.77" in html and "proved" in html
    assert "<td" in kayles.period()._repr_html_()
    t = kayles.table(25, start=3)
    assert "<caption>G(n) of 0.77, n = 3..25</caption>" in t._repr_html_()
    assert np.asarray(t).tolist() == kayles.values(25, start=3).tolist()
    assert len(t) == 23 and t[0] == 3 and isinstance(t[0], int)
    assert "multi-heap" in grundy.Game("stone")._repr_html_()


def test_plot():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    ax = grundy.Game("kayles").plot(50)
    assert ax.lines[0].get_ydata().tolist() == grundy.Game("kayles").values(50).tolist()


def test_equality_and_repr():
    assert grundy.Game("kayles") == grundy.Game("0.77")
    assert len({grundy.Game("kayles"), grundy.Game("0.77"), grundy.Game("0.07")}) == 2
    assert repr(grundy.Game("paper-strip")) == "Game('0.07')"
    assert grundy.Game("stone").is_multiheap and not grundy.Game("nim").is_multiheap


def test_ppos_iteration_can_stop_early_and_restart():
    w = grundy.ppos("wythoff", 10**5)
    it = iter(w)
    first = [next(it) for _ in range(3)]
    assert first == [(0, 0), (1, 2), (3, 5)]
    del it  # the scan behind it stops
    assert sum(1 for _ in w) == w.count == len(w)


def test_count_of_several_heaps_is_exact():
    c = grundy.Game("nim").count(100, heaps=8)
    assert isinstance(c.losses, int) and c.wins + c.losses > 2**38


def test_multiheap_position():
    p = grundy.Game("wythoff").position([3, 5])
    assert not p.winning and p.outcome == "P" and p.moves == [] and p.value is None
    [m] = grundy.Game("wythoff").winning_moves([4, 8])
    assert sum(m.to) < 12 and all(m.take <= [4, 8][h] for h in m.heaps)
    assert grundy.Game("wythoff").outcome(m.to) == "P"


def test_an_arithmetic_period_answers_a_million_values():
    # C6 (issue 38): 0.8f's arithmetic period, proved by the mirror theorem.
    g = grundy.Game("0.8f")
    p = g.period()
    assert p.proved and (p.preperiod, p.period, p.saltus) == (7, 7, 4)
    assert p.theorem == "mirror-arithmetic-periodicity"
    first = g.values(13).tolist()
    values = g.values(10**6)
    assert len(values) == 10**6 + 1
    n = 10**6
    assert int(values[-1]) == first[7 + (n - 7) % 7] + 4 * ((n - 7) // 7)
    assert "mirror-arithmetic-periodicity" in p.certificate()
    assert g.position([n]).winning
