//! Cram: players in turn place a domino on two free cells that share a
//! side; whoever cannot place one loses.
//!
//! On a strip of one row a domino takes two adjacent cells out of a row of
//! free cells: that is the octal game 0.07, Dawson's Kayles, the paper
//! strip of Project Euler 306.

use std::fmt;

use super::board::Board;
use super::closed_square::ClosedSquares;
use super::pendant::PendantRule;
use crate::search::{Codec, Game};

/// Cram on a [`Board`].
///
/// ```
/// use grundy::games::{Board, Cram};
/// use grundy::search::{self, Options, Search};
/// let mut search = Search::new(Cram, Options::default());
/// // Even × even boards are lost for the first player: the second copies
/// // each move turned half round. Even × odd boards are won: the first
/// // player covers the two middle cells, then copies.
/// assert_eq!(search.nimber(&Board::rectangle(4, 4)?, &mut search::silent)?.value(), 0);
/// assert_ne!(search.nimber(&Board::rectangle(4, 3)?, &mut search::silent)?.value(), 0);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cram;

/// A domino on two cells that share a side, `(row, column)` each, the first
/// above or left of the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domino {
    /// The upper or left cell.
    pub first: (u32, u32),
    /// The lower or right cell.
    pub second: (u32, u32),
}

impl fmt::Display for Domino {
    /// `r1,c1-r2,c2`, counting from 0: `0,0-0,1` covers the top left corner
    /// and the cell to its right.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{},{}-{},{}",
            self.first.0, self.first.1, self.second.0, self.second.1
        )
    }
}

impl Game for Cram {
    type Position = Board;
    type Move = Domino;

    fn moves(&self, board: &Board, out: &mut Vec<(Domino, Board)>) {
        board.each_pair(|a, b, first, second| {
            out.push((Domino { first, second }, board.without(a, b)));
        });
    }

    /// Dominoes near the middle of the board first: they cut it in
    /// pieces. (On 5 × 7 this took the search from a million positions to
    /// three hundred thousand.)
    fn move_rank(&self, board: &Board, d: &Domino) -> u64 {
        let (rows, cols) = (i64::from(board.rows()), i64::from(board.cols()));
        let dr = i64::from(d.first.0 + d.second.0) - (rows - 1);
        let dc = i64::from(d.first.1 + d.second.1) - (cols - 1);
        dr.unsigned_abs() + dc.unsigned_abs()
    }

    /// The connected regions of at least two free cells, each cropped and
    /// turned to its canonical form (a lone cell takes no domino), once
    /// the cells that change no value are blocked, and not joined through
    /// the lying sides of a 2 × 2 square closed on a diagonal; a region
    /// whose cells are joined as a path comes as the strip of as many
    /// cells, and one joined as a caterpillar as its comb, which are the
    /// same games (on boards of at most 128 cells; the rules are in
    /// `pendant.rs`, `closed_square.rs` and `board.rs`).
    fn components(&self, board: &Board, out: &mut Vec<Board>) {
        board.regions(2, ClosedSquares(PendantRule), out);
    }

    /// A game of Cram lasts at most half the free cells' moves, and no
    /// nimber passes the length of the longest play.
    fn nimber_bound(&self, board: &Board) -> u32 {
        board.free_cells() / 2
    }

    /// A board that is its own image under the half turn, with no free
    /// cell beside or at its image, is lost: the second player copies.
    fn nimber_known(&self, board: &Board) -> Option<u32> {
        board.lost_by_symmetry().then_some(0)
    }

    fn weight(&self, board: &Board) -> u64 {
        u64::from(board.free_cells())
    }

    fn heap_bytes(&self, board: &Board) -> usize {
        board.heap_bytes()
    }

    /// A board of at most 57 cells is one word: its facts take 16 bytes.
    fn key(&self, board: &Board) -> Option<u64> {
        board.key()
    }

    fn position_of_key(&self, key: u64) -> Option<Board> {
        Board::from_key(key)
    }
}

impl Codec for Cram {
    fn name(&self) -> String {
        "cram".into()
    }

    fn encode(&self, board: &Board, out: &mut Vec<u8>) {
        board.encode(out);
    }

    fn decode(&self, bytes: &mut &[u8]) -> Option<Board> {
        Board::decode(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::{Cram, Domino};
    use crate::games::Board;
    use crate::search::Game;

    #[test]
    fn moves_are_every_domino_in_board_terms() {
        let board: Board = "..\n.#".parse().unwrap();
        let mut moves = Vec::new();
        Cram.moves(&board, &mut moves);
        let mut dominoes: Vec<String> = moves.iter().map(|(d, _)| d.to_string()).collect();
        dominoes.sort();
        assert_eq!(dominoes, ["0,0-0,1", "0,0-1,0"]);
        for (d, after) in &moves {
            assert_eq!(after.free_cells(), 1);
            assert!(!after.is_free(d.first.0, d.first.1) && !after.is_free(d.second.0, d.second.1));
        }
    }

    #[test]
    fn half_turn_symmetry_without_touching_images_is_a_loss() {
        for lost in ["..\n..", "....\n....", ".#..\n..#.", "..#\n.#.\n#.."] {
            let board: Board = lost.parse().unwrap();
            assert!(board.lost_by_symmetry(), "{lost}");
        }
        // Odd × odd has a centre cell; 1 × 2's two cells are each other's
        // images and touch; 2 × 3's middle column pairs touch.
        for not in ["...\n...\n...", "..", "...\n...", ".#\n..", "#..\n..#"] {
            let board: Board = not.parse().unwrap();
            assert!(!board.lost_by_symmetry(), "{not}");
        }
    }

    /// Every board of up to 12 cells that the rule calls lost is lost by the
    /// definition (the naive twin), and the engine agrees on all of them.
    #[test]
    fn the_symmetry_rule_agrees_with_the_definition() {
        use crate::search::{Options, Search, naive, silent};
        let mut search = Search::new(Cram, Options::default());
        let mut lost = 0;
        for (rows, cols) in [(2, 4), (3, 4), (2, 6), (1, 8)] {
            let n = rows * cols;
            for mask in 0u32..1 << n {
                let mut board = Board::rectangle(rows, cols).unwrap();
                for i in (0..n).filter(|i| mask >> i & 1 == 1) {
                    board = board.block(i / cols, i % cols).unwrap();
                }
                let value = naive::nimber(&Cram, &board, Default::default(), &mut silent).unwrap();
                if board.lost_by_symmetry() {
                    lost += 1;
                    assert!(value.is_zero(), "{board}");
                }
                assert_eq!(
                    search.nimber(&board, &mut silent).unwrap(),
                    value,
                    "{board}"
                );
            }
        }
        assert!(lost > 20, "{lost} boards lost by symmetry");
    }

    /// Cells are named by walking the rows, not by dividing: rows with no
    /// domino (blocked, or passed over) must still be counted.
    #[test]
    fn dominoes_are_named_past_empty_rows() {
        let board: Board = "..#.\n####\n#.#.\n##..\n.#.#".parse().unwrap();
        let mut moves = Vec::new();
        Cram.moves(&board, &mut moves);
        let mut dominoes: Vec<String> = moves.iter().map(|(d, _)| d.to_string()).collect();
        dominoes.sort();
        assert_eq!(dominoes, ["0,0-0,1", "2,3-3,3", "3,2-3,3", "3,2-4,2"]);
        for (d, after) in &moves {
            let mut expected = board.block(d.first.0, d.first.1).unwrap();
            expected = expected.block(d.second.0, d.second.1).unwrap();
            assert_eq!(*after, expected, "{d}");
        }
    }

    #[test]
    fn long_boards_name_cells_as_drawn() {
        let board = Board::rectangle(1, 70).unwrap();
        let mut moves = Vec::new();
        Cram.moves(&board, &mut moves);
        assert_eq!(moves.len(), 69);
        assert!(moves.iter().any(|(d, _)| *d
            == Domino {
                first: (0, 68),
                second: (0, 69)
            }));
    }
}
