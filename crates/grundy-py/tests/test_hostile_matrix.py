"""Every argument of the package's calls against every hostile value.

Whatever a call is given, it must return or raise one clear exception of
the documented kinds (TypeError, ValueError, OverflowError, MemoryError and
grundy's own subclasses of them), never a panic (pyo3's PanicException is
a BaseException), a SystemError, or a hang.
"""

import math

import pytest

import grundy


class Weird:
    """An object that answers every question badly."""

    def __index__(self):
        raise RuntimeError("index of Weird")

    def __int__(self):
        raise RuntimeError("int of Weird")

    def __iter__(self):
        raise RuntimeError("iteration of Weird")

    def __len__(self):
        return -1


HOSTILE = [
    None,
    True,
    False,
    -1,
    0,
    2**64,
    2**64 - 1,
    2**200,
    -(2**70),
    1.5,
    math.nan,
    math.inf,
    "5",
    "",
    "x" * 100_000,
    "\x00",
    b"\x03\x05",
    bytearray(b"\x03"),
    [],
    [5, -1],
    [2**64],
    (3, "5"),
    {5},
    {"heap": 5},
    complex(1, 1),
    object(),
    Weird(),
    range(3),
]

# Each call with the hostile value in one place.
CALLS = {
    "Game(x)": lambda x: grundy.Game(x),
    "values(x)": lambda x: grundy.Game("kayles").values(x),
    "values(10, start=x)": lambda x: grundy.Game("kayles").values(10, start=x),
    "value(x)": lambda x: grundy.Game("0.07").value(x),
    "period(max=x)": lambda x: grundy.Game("0.07").period(max=x),
    "count(x)": lambda x: grundy.Game("kayles").count(x),
    "count(5, heaps=x)": lambda x: grundy.Game("nim").count(5, heaps=x),
    "outcome(x)": lambda x: grundy.Game("kayles").outcome(x),
    "winning_moves(x)": lambda x: grundy.Game("kayles").winning_moves(x),
    "position(x)": lambda x: grundy.Game("kayles").position(x),
    "misere_outcome(x)": lambda x: grundy.Game("kayles").misere_outcome(x),
    "genera(x)": lambda x: grundy.Game("kayles").genera(x),
    "ppos(wythoff, x)": lambda x: grundy.ppos("wythoff", x),
    "ppos(x, 10)": lambda x: grundy.ppos(x, 10),
    "verify(x)": lambda x: grundy.verify(x),
    "Cram(x, 3)": lambda x: grundy.Cram(x, 3),
    "NodeKayles.path(x)": lambda x: grundy.NodeKayles.path(x),
    "Chomp(x, 3)": lambda x: grundy.Chomp(x, 3),
    "from_options(x).value(5)": lambda x: grundy.Game.from_options(x).value(5),
    "options returning x": lambda x: grundy.Game.from_options(lambda n: x).value(5),
    "moves returning x": lambda x: grundy.Game.from_moves(lambda p: x).value(3),
    "progress=x": lambda x: grundy.Game("kayles").values(10, progress=x),
}

ALLOWED = (TypeError, ValueError, OverflowError, MemoryError, RuntimeError, grundy.Interrupted)


@pytest.mark.parametrize("call", sorted(CALLS))
@pytest.mark.parametrize("index", range(len(HOSTILE)))
def test_hostile_argument_returns_or_raises_cleanly(call, index):
    value = HOSTILE[index]
    try:
        CALLS[call](value)
    except ALLOWED as e:
        # One clear message, bounded whatever the input's length.
        assert str(e), f"{call} with {value!r:.60}: an empty message"
        assert len(str(e)) < 2_000, f"{call}: {len(str(e))} characters of message"
    except BaseException as e:  # a panic, a SystemError: the test fails
        pytest.fail(f"{call} with {value!r:.60}: {type(e).__name__}: {e!s:.300}")


def test_a_game_that_loops_raises_value_error_at_once():
    # Every position moves to itself: no play ends. The search says so
    # when it meets the loop, not after recursing 100,000 moves deep.
    with pytest.raises(ValueError, match="can be reached from itself"):
        grundy.Game.from_moves(lambda p: [p]).value("x")
    # A string of many characters is an iterable of one-character
    # positions, each leading back to itself.
    with pytest.raises(ValueError, match="can be reached from itself"):
        grundy.Game.from_moves(lambda p: "x" * 100_000).value(3)
