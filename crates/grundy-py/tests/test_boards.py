"""Boards and graphs: Cram, Node-Kayles and Chomp, built from sizes, lists
and NumPy boolean arrays, against the heap games they hide, a brute-force
count and the command line."""

from functools import cache

import numpy as np
import pytest

import grundy


def mex(values):
    n = 0
    while n in values:
        n += 1
    return n


@cache
def cram_by_definition(cells):
    """The nimber of a Cram board (a frozenset of free cells), by the
    definition: the mex of the values after each domino."""
    after = set()
    for r, c in cells:
        for other in ((r, c + 1), (r + 1, c)):
            if other in cells:
                after.add(cram_by_definition(cells - {(r, c), other}))
    return mex(after)


def free_cells(board):
    return frozenset((r, c) for r, row in enumerate(board) for c, free in enumerate(row) if free)


def test_empty_boards_have_their_published_values():
    # Beling and Rogalski, github.com/beling/impartial-games README (07a34e6).
    assert grundy.Cram(4, 5).value() == 2
    assert grundy.Cram(4, 7).value() == 3
    assert grundy.Cram(3, 4).value() == 1
    assert grundy.Cram(2, 2).outcome() == "P"
    assert grundy.Cram(5, 4).value() == grundy.Cram(4, 5).value()


def test_a_board_from_an_array_or_lists_is_the_drawn_board():
    board = np.ones((3, 3), dtype=bool)
    board[0, 2] = board[2, 0] = False
    g = grundy.Cram(board)
    assert g.spec == "cram:..#/.../#.."
    assert g == grundy.Game("cram:..#/.../#..")
    assert g == grundy.Cram(board.tolist())
    assert g.is_board and isinstance(g, grundy.Game)
    assert g.value() == cram_by_definition(free_cells(board))
    assert grundy.Cram(np.int64(3), np.int64(4)) == grundy.Cram(3, 4)


def test_random_boards_agree_with_the_definition():
    rng = np.random.default_rng(34)
    for _ in range(40):
        rows, cols = rng.integers(1, 5, size=2)
        board = rng.random((rows, cols)) < 0.75
        if not board.any():
            continue
        assert grundy.Cram(board).value() == cram_by_definition(free_cells(board)), board


def test_strips_are_dawsons_kayles_and_paths_dawsons_chess():
    dawson = grundy.Game("0.07").values(40).tolist()
    assert grundy.Game("cram:1xn").values(40).tolist() == dawson
    chess = grundy.Game("0.137").values(30).tolist()
    assert [grundy.NodeKayles.path(n).value() for n in range(1, 31)] == chess[1:]


def test_families_sweep_their_size():
    assert grundy.Game("cram:3xn").values(8).tolist() == [0, 1, 1, 0, 1, 1, 4, 1, 3]
    # The 2 × n ladder: 1, 0, 1, 0, …
    assert grundy.Game("node-kayles:grid:2xn").values(8, start=1).tolist() == [1, 0] * 4
    with pytest.raises(ValueError, match="family"):
        grundy.Game("cram:3xn").value()


def test_moves_in_the_games_terms():
    moves = grundy.Cram(3, 4).moves()
    winning = [m for m in moves if m.winning]
    assert len(winning) == 7 and moves[: len(winning)] == winning
    assert grundy.Cram(3, 4).winning_moves() == winning
    for m in moves:
        assert (m.game().value() == 0) == m.winning
        assert grundy.Game(m.after) == m.game()
        r1c1, r2c2 = m.play.split("-")
        assert len(r1c1.split(",")) == len(r2c2.split(",")) == 2
    [m] = grundy.Chomp(2, 3).winning_moves()
    assert (m.play, m.after) == ("1,2", "chomp:3,2")
    assert grundy.Chomp([4, 3]).outcome() == "P"
    triangle = grundy.NodeKayles([(0, 1), (1, 2), (2, 0)])
    assert [m.play for m in triangle.winning_moves()] == ["0", "1", "2"]
    assert grundy.Cram(2, 2).winning_moves() == []


def test_full_chomp_bars_are_won_by_the_first_player():
    # Strategy stealing: every rectangle but the poisoned square alone.
    for rows in range(1, 5):
        for cols in range(1, 6):
            expected = "P" if rows == cols == 1 else "N"
            assert grundy.Chomp(rows, cols).outcome() == expected, (rows, cols)


def test_misere_play():
    assert grundy.Cram(2, 3).misere_outcome() == "P"
    [m] = grundy.Chomp([4, 3, 1]).misere_winning_moves()
    assert (m.play, m.after) == ("1,2", "chomp:4,2,1")
    assert any(m.winning for m in grundy.Cram(1, 2).moves(misere=True)) is False


def test_picture():
    assert grundy.Cram(2, 3).picture() == "  012\n0 ...\n1 ...\n"


def test_bad_boards_raise_value_error():
    for bad in (np.ones((2, 3), dtype=int), np.ones(3, dtype=bool), [[True, False], [True]], [[]]):
        with pytest.raises(ValueError):
            grundy.Cram(bad)
    with pytest.raises(TypeError, match="both sizes"):
        grundy.Cram(5)
    with pytest.raises(ValueError, match="itself"):
        grundy.NodeKayles([(0, 1), (1, 1)])
    with pytest.raises(ValueError):
        grundy.Chomp([])
    with pytest.raises((ValueError, grundy.LimitError), match="4096"):
        grundy.Cram(100, 100).value()
    with pytest.raises(ValueError, match="no heaps"):
        grundy.Cram(3, 4).outcome([3])
    with pytest.raises(ValueError, match="no n"):
        grundy.Cram(3, 4).value(3)


def test_a_board_past_the_budget_is_refused():
    grundy.configure(budget=64 << 10)
    with pytest.raises(grundy.LimitError, match="budget"):
        grundy.Cram(3, 3).value()


def test_plot_draws_the_board():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    board = np.array([[True, True, False], [True, True, True]])
    ax = grundy.Cram(board).plot()
    assert np.asarray(ax.images[0].get_array()).astype(bool).tolist() == board.tolist()
    ax = grundy.NodeKayles.cycle(5).plot()
    assert len(ax.lines) == 5


def test_the_command_line_gives_the_same_moves(cli):
    out = cli("move", "cram:3x4", "--all")
    assert [(m["play"], m["winning"]) for m in out["moves"]] == [
        (m.play, m.winning) for m in grundy.Cram(3, 4).moves()
    ]
    assert out["value"] == grundy.Cram(3, 4).value()
