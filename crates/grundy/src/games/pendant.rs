//! Cells of a Cram board that do not change its value, found with a few
//! operations on the board's word.
//!
//! Call a free cell with exactly one free neighbour a *pendant*, and its
//! neighbour the pendant's *anchor*. A pendant leaves the board only with
//! its anchor (the one domino on it covers both), so while the anchor is
//! free the pendant is too, and has no other neighbour.
//!
//! **The rule.** Let `x` be a free cell that is not a pendant, and such that
//! every free neighbour `c` of `x` is the anchor of a pendant `p(c)` other
//! than `x`. Then the board and the board with `x` blocked have the same
//! Grundy value (in normal and in misère play).
//!
//! *Proof*, by induction on the free cells. The condition on `x` holds
//! after any move that does not cover `x`: a move takes an anchor only
//! with the anchor's neighbours, and a pendant only with its anchor, so
//! every neighbour of `x` still free still has its pendant. The moves of
//! the board with `x` are those of the board without `x`, and the dominoes
//! `(x, c)`. A move `m` not covering `x` leads to positions that differ by
//! `x` alone, equal in value by induction. A domino `(x, c)` leads to the
//! same position as the domino `(p(c), c)` of the board without `x`, but
//! for the cell `p(c)`, which is then alone — and a lone cell takes no
//! domino. So both boards have the same options' values, and the same
//! value; and one has no move when the other has none.
//!
//! Two cases are removed here, to a fixed point: of several pendants on
//! one anchor all but one (each is such an `x`, the one kept being the
//! other pendant), and *bridges*, cells that are neither pendants nor
//! anchors and whose every neighbour is an anchor. Both kinds are removed
//! at once: the kept pendants make the condition hold for all of them.
//! Lone cells, with no neighbour, go too.

use super::bits::Word;
use super::board::Simplify;

/// The rule, for [`Board::regions`](super::board::Board::regions).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PendantRule;

impl Simplify for PendantRule {
    fn simplify<W: Word>(&self, free: W, rows: usize, cols: usize) -> W {
        without_redundant_cells(free, rows, cols)
    }

    /// Cram is played on the board's graph: a domino is an edge.
    fn graph_alone(&self) -> bool {
        true
    }
}

/// The free cells `free` of a `rows × cols` board (cell `i` at row
/// `i / cols`, column `i % cols`) without the cells the rule removes.
pub(crate) fn without_redundant_cells<W: Word>(free: W, rows: usize, cols: usize) -> W {
    if cols == 0 || rows * cols > 128 {
        return free;
    }
    let first = W::column(rows, cols, 0);
    let last = first.shl(cols - 1);
    let up = |b: W| b.shl(cols);
    let down = |b: W| b.shr(cols);
    let mut free = free;
    loop {
        // Cells whose neighbour on the right, left, below, above is free.
        let right = free & free.shr(1) & !last;
        let left = free & free.shl(1) & !first;
        let below = free & down(free);
        let above = free & up(free);
        let any = right | left | below | above;
        let two = (right & (left | below | above)) | (left & (below | above)) | (below & above);
        let pendants = any & !two;
        if pendants == W::ZERO {
            // No pendant, so no anchor and no bridge: only lone cells go.
            return free & any;
        }
        // Each anchor keeps the first pendant met, in this order of sides.
        let mut anchors = W::ZERO;
        let mut extra = W::ZERO;
        // On each side: the pendants whose anchor is there, their anchors,
        // and the pendants of anchors already kept.
        let side = pendants & right;
        anchors |= side.shl(1);
        let side = pendants & left;
        extra |= side & (side.shr(1) & anchors).shl(1);
        anchors |= side.shr(1);
        let side = pendants & below;
        extra |= side & down(up(side) & anchors);
        anchors |= up(side);
        let side = pendants & above;
        extra |= side & up(down(side) & anchors);
        anchors |= down(side);
        // Cells with a free neighbour that is not an anchor.
        let others = free & !anchors;
        let beside_other =
            free & ((others.shr(1) & !last) | (others.shl(1) & !first) | down(others) | up(others));
        let bridges = free & any & !pendants & !anchors & !beside_other;
        let lone = free & !any;
        let next = free & !(extra | bridges | lone);
        if next == free {
            return free;
        }
        free = next;
    }
}

#[cfg(test)]
mod tests {
    use super::without_redundant_cells;
    use crate::games::board::{board_of, cells};
    use crate::games::{Board, Cram};
    use crate::search::{naive, silent};

    #[test]
    fn extra_pendants_and_bridges_go() {
        // A plus sign: four pendants on one anchor; three go.
        let plus: Board = "#.#\n...\n#.#".parse().unwrap();
        assert_eq!(without_redundant_cells(cells(&plus), 3, 3).count_ones(), 2);
        // pendant, anchor, bridge, anchor, pendant: the bridge goes, and
        // two dominoes are left apart.
        let chain: Board = ".....".parse().unwrap();
        assert_eq!(without_redundant_cells(cells(&chain), 1, 5), 0b11011);
        // A 2 × 2 square has no pendant: nothing goes.
        let square: Board = "..\n..".parse().unwrap();
        assert_eq!(without_redundant_cells(cells(&square), 2, 2), 0b1111);
    }

    /// The law, on every board of up to 12 cells in four shapes: the board
    /// without its redundant cells has the board's value (the naive twin,
    /// which never applies the rule).
    #[test]
    fn removing_redundant_cells_keeps_the_value() {
        let mut changed = 0;
        for (rows, cols) in [(3, 4), (4, 3), (2, 6), (1, 9)] {
            let n = rows * cols;
            for mask in 0u128..1 << n {
                let reduced = without_redundant_cells(mask, rows as usize, cols as usize);
                assert_eq!(reduced & !mask, 0);
                if reduced == mask {
                    continue;
                }
                changed += 1;
                let before = naive::nimber(
                    &Cram,
                    &board_of(mask, rows, cols),
                    Default::default(),
                    &mut silent,
                )
                .unwrap();
                let after = naive::nimber(
                    &Cram,
                    &board_of(reduced, rows, cols),
                    Default::default(),
                    &mut silent,
                )
                .unwrap();
                assert_eq!(
                    before,
                    after,
                    "{}\nbecame\n{}",
                    board_of(mask, rows, cols),
                    board_of(reduced, rows, cols)
                );
            }
        }
        assert!(changed > 1000, "{changed} boards changed");
    }
}
