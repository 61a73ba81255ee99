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
