"""Bad input raises a Python exception of a clear class, never a crash."""

import sys

import pytest

import grundy


def test_exception_classes():
    assert issubclass(grundy.LimitError, MemoryError)
    assert issubclass(grundy.CertificateError, ValueError)
    assert issubclass(grundy.Interrupted, Exception)


@pytest.mark.parametrize("spec", ["", "kayls", "0.x", "sub:", "allbut:", "hex:0.g"])
def test_bad_spec(spec):
    with pytest.raises(ValueError):
        grundy.Game(spec)


def test_bad_ranges():
    kayles = grundy.Game("kayles")
    with pytest.raises(ValueError, match="empty"):
        kayles.values(5, start=6)
    with pytest.raises(ValueError):
        kayles.count(3, heaps=0)
    for bad in (-1, 2**64):
        with pytest.raises(ValueError, match="not a size"):
            kayles.values(bad)
        with pytest.raises(ValueError, match="not a size"):
            kayles.value(bad)
        with pytest.raises(ValueError, match="not a size"):
            kayles.outcome([3, bad])
        with pytest.raises(ValueError, match="not a size"):
            kayles.outcome(bad)
        with pytest.raises(ValueError, match="not a size"):
            grundy.ppos("wythoff", bad)
    with pytest.raises(TypeError):
        kayles.outcome("3 4")
    with pytest.raises(TypeError):
        kayles.values(2.5)


def out_of_range_calls():
    """Every integer argument given an int out of its range: negative, or
    past what it takes (a plain conversion would raise OverflowError)."""
    kayles = grundy.Game("kayles")
    huge = 2**64
    for bad in (-1, -(2**70), huge, 2**200):
        yield f"values(to={bad})", lambda bad=bad: kayles.values(bad)
        yield f"values(start={bad})", lambda bad=bad: kayles.values(5, start=bad)
        yield f"table({bad})", lambda bad=bad: kayles.table(bad)
        yield f"value({bad})", lambda bad=bad: kayles.value(bad)
        yield f"period(max={bad})", lambda bad=bad: kayles.period(max=bad)
        yield f"count({bad})", lambda bad=bad: kayles.count(bad)
        yield f"count(heaps={bad})", lambda bad=bad: kayles.count(10, heaps=bad)
        yield f"outcome({bad})", lambda bad=bad: kayles.outcome(bad)
        yield f"outcome([3, {bad}])", lambda bad=bad: kayles.outcome([3, bad])
        yield f"winning_moves(limit={bad})", lambda bad=bad: kayles.winning_moves([3], limit=bad)
        yield f"position(limit={bad})", lambda bad=bad: kayles.position([3], limit=bad)
        yield f"position([{bad}])", lambda bad=bad: kayles.position([bad])
        yield f"plot({bad})", lambda bad=bad: kayles.plot(bad)
        yield f"Game.ppos({bad})", lambda bad=bad: grundy.Game("wythoff").ppos(bad)
        yield f"ppos({bad})", lambda bad=bad: grundy.ppos("wythoff", bad)
        yield f"configure(budget={bad})", lambda bad=bad: grundy.configure(budget=bad)
        yield f"Move.after([{bad}])", lambda bad=bad: kayles.winning_moves([3])[0].after([bad])
        yield f"misere_outcome([{bad}])", lambda bad=bad: kayles.misere_outcome([2, bad])
        yield f"misere_winning_moves(limit={bad})", lambda bad=bad: kayles.misere_winning_moves([3], limit=bad)
        yield f"misere_position(limit={bad})", lambda bad=bad: kayles.misere_position([3], limit=bad)
        yield f"genera({bad})", lambda bad=bad: kayles.genera(bad)
        yield f"misere_quotient({bad})", lambda bad=bad: kayles.misere_quotient(bad)
    # In the type's range but past what the solver takes.
    yield "count(heaps=0)", lambda: kayles.count(10, heaps=0)
    yield "count(heaps=2**32)", lambda: kayles.count(10, heaps=2**32)
    yield "count(heaps=10**6)", lambda: kayles.count(10, heaps=10**6)
    yield "winning_moves(limit=10**7)", lambda: kayles.winning_moves([3], limit=10**7)
    yield "values(start > to)", lambda: kayles.values(5, start=6)
    yield "configure(budget=0)", lambda: grundy.configure(budget=0)


CALLS = list(out_of_range_calls())


@pytest.mark.parametrize("name,call", CALLS, ids=[n for n, _ in CALLS])
def test_out_of_range_ints_are_value_errors(name, call):
    with pytest.raises(ValueError) as raised:
        call()
    # Not an OverflowError (which is no ValueError, but be plain about it).
    assert not isinstance(raised.value, OverflowError)
    assert str(raised.value)


def test_non_integers_are_type_errors():
    kayles = grundy.Game("kayles")
    for call in (lambda: kayles.values(2.5), lambda: kayles.count(10, heaps=2.0),
                 lambda: kayles.winning_moves([3], limit="3"), lambda: kayles.outcome([1.5]),
                 lambda: kayles.genera("5"), lambda: grundy.configure(budget=1e6)):
        with pytest.raises(TypeError):
            call()


def test_limits_raise_limit_error():
    grundy.configure(budget=1 << 20)
    with pytest.raises(grundy.LimitError, match="budget"):
        grundy.Game("grundy").values(10**7)
    with pytest.raises(MemoryError):
        grundy.Game("grundy").value(2**63)
    with pytest.raises(MemoryError):
        grundy.ppos("stone", 10**6).count
    grundy.configure()
    # More values than one call returns is a bad request, not a lack of memory.
    with pytest.raises(ValueError, match="shorter range"):
        grundy.Game("kayles").values(10**9)


def test_unproved_value_far_away_is_refused():
    # Grundy's game has no proved period: a huge heap would need every value.
    with pytest.raises(grundy.LimitError):
        grundy.Game("grundy").value(2**64 - 1)


def test_wrong_kind_of_game():
    with pytest.raises(ValueError, match="not a sum of heaps"):
        grundy.Game("stone").values(10)
    with pytest.raises(ValueError, match="sum of heaps"):
        grundy.ppos("kayles", 10)
    with pytest.raises(ValueError, match="3 heaps"):
        grundy.Game("stone").outcome([1, 2])


def test_certificates_that_do_not_check():
    text = grundy.Game("kayles").period().certificate()
    for bad in ["", "hello", text.replace("period: 12", "period: 13"), text[: len(text) // 2]]:
        with pytest.raises(grundy.CertificateError):
            grundy.verify(bad)
    with pytest.raises(ValueError, match="no certificate"):
        grundy.Game("grundy").period(max=2000).certificate()


def test_configure():
    with pytest.raises(ValueError):
        grundy.configure(budget=0)


def test_plot_without_matplotlib(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match="pip install matplotlib"):
        grundy.Game("kayles").plot(20)


def test_numpy_integers_are_checked_too():
    np = pytest.importorskip("numpy")
    kayles = grundy.Game("kayles")
    assert kayles.values(np.int64(5)).tolist() == [0, 1, 2, 3, 1, 4]
    assert kayles.misere_outcome(np.array([1, 2, 3])) == kayles.misere_outcome([1, 2, 3])
    for bad in (np.int64(-1), np.int8(-3)):
        with pytest.raises(ValueError, match="not a size"):
            kayles.values(bad)
        with pytest.raises(ValueError, match="not a size"):
            kayles.outcome([1, bad])
        with pytest.raises(ValueError, match="limit"):
            kayles.winning_moves([3], limit=bad)


def test_configure_checks_the_store_at_once(tmp_path):
    """P3: a store that cannot keep values is refused by configure itself,
    not found out later, when nothing is kept without a word."""
    a_file = tmp_path / "file"
    a_file.write_text("not a directory")
    for bad in ["", str(tmp_path / "missing" / "x" / "y"), str(a_file), str(tmp_path / "a\0b")]:
        with pytest.raises(ValueError, match="store="):
            grundy.configure(store=bad)
    made = tmp_path / "new"
    grundy.configure(store=made)
    assert made.is_dir()
    assert list(made.iterdir()) == []
    assert grundy.Game("kayles").values(5).tolist() == [0, 1, 2, 3, 1, 4]
    grundy.configure()


def test_bools_and_bytes_are_not_numbers():
    """P4: True is not a heap of 1, and bytes are not heaps, as strings are not."""
    kayles = grundy.Game("kayles")
    for call in (lambda: kayles.values(True), lambda: kayles.value(False),
                 lambda: kayles.outcome(True), lambda: kayles.outcome([3, True]),
                 lambda: kayles.winning_moves([3], limit=True),
                 lambda: kayles.count(10, heaps=True), lambda: grundy.configure(budget=True),
                 lambda: kayles.outcome(b"\x03\x05"), lambda: kayles.outcome(bytearray(b"\x03")),
                 lambda: kayles.misere_outcome(b"\x01\x02"),
                 lambda: grundy.Game("wythoff").outcome(b"\x03\x05")):
        with pytest.raises(TypeError):
            call()


def test_a_table_cannot_be_changed_through_numpy():
    """P4: numpy.asarray(table) is a read-only view of the table's values."""
    np = pytest.importorskip("numpy")
    table = grundy.Game("kayles").table(20)
    view = np.asarray(table)
    with pytest.raises(ValueError):
        view[3] = 99
    assert table[3] == 3
    copied = np.array(table)
    copied[3] = 99
    assert table[3] == 3


def test_plot_checks_its_axes():
    """P4: plot(ax=...) with something that is not axes is a TypeError
    naming the argument, not a bare AttributeError from inside."""
    with pytest.raises(TypeError, match="ax must be matplotlib axes"):
        grundy.Game("kayles").plot(20, ax="x")
    with pytest.raises(TypeError, match="ax must be"):
        grundy.Game("kayles").plot(20, ax=object())
