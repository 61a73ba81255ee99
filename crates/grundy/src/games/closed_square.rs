//! Sides of a Cram board that do not change its value: the two lying sides
//! of a 2 × 2 square closed on a diagonal, found with a few operations on
//! the board's word.
//!
//! Cram is the game on the graph of the free cells (cells that share a
//! side are joined) in which a move takes out both ends of an edge. Call a
//! 2 × 2 square of free cells *closed on a diagonal* when two opposite
//! corners of it have no free neighbour outside it: the top left corner
//! nothing free on its left or above, and the bottom right corner nothing
//! on its right or below; or the mirror image, the top right and bottom
//! left corners.
//!
//! **The rule.** Let `a-b-c-d-a` be a 4-cycle of a graph `G` in which `a`
//! and `c` have no neighbour but `b` and `d`, and let `G'` be `G` without
//! the edges `a-b` and `c-d`. Then `G` and `G'` have the same Grundy value
//! (and the same misère outcome).
//!
//! *Proof*, by induction on the vertices. Note first that swapping `a` and
//! `c` is a symmetry of `G`: they have the same neighbours and are not
//! joined. The options of the two graphs:
//!
//! 1. An edge `x-y` with neither end in the square is a move of both; it
//!    leaves `a` and `c` as they were, so the rule holds again after it,
//!    and the two options are equal by induction.
//! 2. An edge `b-y` with `y` outside the square (or `d-y`, alike) is a move
//!    of both. After it, in `G` both `a` and `c` hang from `d` alone; in
//!    `G'`, `a` hangs from `d` and `c` has no neighbour left. Of two
//!    pendants on one anchor either may be taken out without changing the
//!    value (the pendant rule, `pendant.rs`), and a lone vertex changes
//!    nothing; so both options equal the graph without `b`, `y` and `c`,
//!    which is the same for `G` and `G'` (each removed edge lost an end).
//!    An edge `b-d`, if the graph has one, leaves the same graph in both.
//! 3. Inside the square, `G` has `a-b`, `b-c`, `c-d` and `d-a`, and `G'`
//!    only `b-c` and `d-a`. The symmetry turns the option `a-b` of `G` into
//!    its option `c-b`, and `c-d` into `a-d`, so they add no value; and
//!    the options `b-c` and `d-a` of `G` and `G'` are the same graphs, each
//!    removed edge having lost an end.
//!
//! `a` and `c` have no other edge. So the two graphs have the same values
//! among their options, hence the same value; and one has a move when the
//! other has (`b-c`), hence the same misère outcome too, with anything
//! beside them.
//!
//! **Every closed square at once.** A square closed on a diagonal shares at
//! most one cell with another: a 2 × 2 square holding a closed corner holds
//! two of its neighbours, both in the first square, and three cells of a
//! square fix it; and a square holding both other corners is the first.
//! So taking out one square's edges takes out no edge of another and adds
//! no neighbour to a closed corner: the rule holds again for every other
//! square, and applied one square after another, it shows that the board
//! has the value of its graph less the edges of any set of its closed
//! squares, all found on the board as it is (overlapping ones included),
//! here the board left by the pendant rule.
//!
//! **The regions.** Here the lying sides are taken out (`a-b` and `c-d`
//! with `b` beside `a` in its row), and the flood of
//! [`Board::regions`](super::board::Board::regions) does not cross them. A
//! region is a set of cells, and a board is the whole graph of its cells,
//! so a square whose lying sides end in one region (then its standing
//! sides join its four cells in that region) gets them back; a square
//! whose cells lie in two regions has both lying sides between regions.
//! The graph less the edges of the squares of the second kind is then
//! exactly the regions' boards side by side: by the rule, it has the
//! board's value, which is the regions' values added.

use super::bits::Word;
use super::board::Simplify;

/// A game's [`Simplify`] rule `S`, then the closed squares' lying sides
/// taken out of the regions' flood.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClosedSquares<S>(pub(crate) S);

impl<S: Simplify> Simplify for ClosedSquares<S> {
    fn simplify<W: Word>(&self, free: W, rows: usize, cols: usize) -> W {
        self.0.simplify(free, rows, cols)
    }

    fn cuts<W: Word>(&self, free: W, rows: usize, cols: usize) -> W {
        lying_sides_of_closed_squares(free, rows, cols)
    }

    fn graph_alone(&self) -> bool {
        self.0.graph_alone()
    }
}

/// The free cells of `free` (a `rows × cols` board, cell `i` at row
/// `i / cols`, column `i % cols`, at most 128 cells) that are the left
/// cell of a lying side of a square closed on a diagonal.
pub(crate) fn lying_sides_of_closed_squares<W: Word>(free: W, rows: usize, cols: usize) -> W {
    if cols < 2 || rows < 2 || rows * cols > 128 {
        return W::ZERO;
    }
    let first = W::column(rows, cols, 0);
    let last = W::column(rows, cols, cols - 1);
    // Cells whose neighbour on the right, left, below, above is free.
    let right = free & free.shr(1) & !last;
    let left = free & free.shl(1) & !first;
    let below = free & free.shr(cols);
    let above = free & free.shl(cols);
    // Corners with their two neighbours in one square and no other.
    let top_left = right & below & !left & !above;
    let bottom_right = left & above & !right & !below;
    let top_right = left & below & !right & !above;
    let bottom_left = right & above & !left & !below;
    // Each square by its top left cell: closed on one diagonal or on the
    // other. A closed corner's two neighbours make the square free.
    let squares =
        (top_left & bottom_right.shr(cols + 1)) | (top_right.shr(1) & bottom_left.shr(cols));
    squares | squares.shl(cols)
}

#[cfg(test)]
mod tests {
    use super::{ClosedSquares, lying_sides_of_closed_squares};
    use crate::Nimber;
    use crate::games::board::{AsItIs, board_of, cells};
    use crate::games::{Board, Cram};
    use crate::search::{naive, silent};

    fn value(board: &Board) -> Nimber {
        naive::nimber(&Cram, board, Default::default(), &mut silent).unwrap()
    }

    #[test]
    fn closed_squares_are_found_on_both_diagonals() {
        // Two squares closed on the main diagonal, sharing the centre: the
        // lying sides start at cells 1, 4 and 3, 6.
        let main: Board = "#..\n...\n..#".parse().unwrap();
        assert_eq!(
            lying_sides_of_closed_squares(cells(&main), 3, 3),
            0b101_1010
        );
        // The mirror image: cells 0, 3 and 4, 7.
        let mirror: Board = "..#\n...\n#..".parse().unwrap();
        assert_eq!(
            lying_sides_of_closed_squares(cells(&mirror), 3, 3),
            0b1001_1001
        );
        // One square: a 2 × 3 board with a corner blocked.
        let one: Board = "...\n..#".parse().unwrap();
        assert_eq!(lying_sides_of_closed_squares(cells(&one), 2, 3), 0b1001);
        // A corner open above: no cut.
        let open: Board = "...\n...\n..#".parse().unwrap();
        assert_eq!(lying_sides_of_closed_squares(cells(&open), 3, 3), 0);
        // The full 2 × 2 square is closed on both.
        assert_eq!(lying_sides_of_closed_squares(0b1111u64, 2, 2), 0b0101);
    }

    /// The law, on every board of up to 12 cells in five shapes and of
    /// 4 × 4 (the least where a closed square can be ringed, so that its
    /// region is not split): the regions found without crossing the closed
    /// squares' lying sides have values that add up to the board's (the
    /// naive twin, which splits nothing).
    #[test]
    fn regions_apart_at_closed_squares_keep_the_value() {
        let (mut fired, mut split) = (0, 0);
        for (rows, cols) in [(3, 4), (4, 3), (2, 6), (6, 2), (3, 3), (4, 4)] {
            for mask in 0u128..1 << (rows * cols) {
                if lying_sides_of_closed_squares(mask, rows as usize, cols as usize) == 0 {
                    continue;
                }
                fired += 1;
                let board = board_of(mask, rows, cols);
                let (mut apart, mut joined) = (Vec::new(), Vec::new());
                board.regions(2, ClosedSquares(AsItIs), &mut apart);
                board.regions(2, AsItIs, &mut joined);
                if apart.len() != joined.len() {
                    split += 1;
                }
                let sum = apart.iter().fold(Nimber::ZERO, |sum, r| sum + value(r));
                assert_eq!(sum, value(&board), "{board}");
            }
        }
        assert!(
            fired > 10_000 && split > 10_000 && fired > split,
            "{fired} fired, {split} split"
        );
    }
}
