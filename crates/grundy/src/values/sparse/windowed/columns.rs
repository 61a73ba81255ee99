//! The far rare parts of a block of heaps, read for 64 heaps at a time from
//! the tail before the block is finished: the in-memory engine's reading
//! ahead ([`FarJob`]), on this thread, over the values the tail holds.
//!
//! Heap by heap, step 1 reads `G(n − t − r)` for every rare heap `r`: one
//! value of the tail a split, `n` after `n`. Read for a column of heaps at
//! once, a rare part meets consecutive values, each heap marking its own row
//! (`sparse/ahead.rs`). A block is read so only when the tail holds every
//! other part below the block: the tail keeps the parts of the rare heaps
//! up to [`Windows::tail_limit`](super::Windows::tail_limit), so past it
//! (Grundy's game's late rare heaps) blocks are finished heap by heap as
//! before.

use super::super::ahead::{Ahead, COLUMN, Deep, FarJob, MAX_READ_AHEAD_BOUND};
use super::super::blocks::Counts;
use super::super::state::State;
use crate::values::table::{Cell, Window};

/// Heaps a block read in columns, at most: four columns.
pub(super) const BLOCK: usize = 4 * COLUMN;

/// Blocks are read in columns from this heap on, as in memory
/// ([`Tuning::parallel_from`](super::super::Tuning::parallel_from)); in
/// the unit tests from heap 64, so that their tables of a few thousand
/// heaps cross blocks, reviews and new value bounds.
const FROM: usize = if cfg!(test) { 64 } else { 1 << 12 };

/// The values `G(start..start + values.len())` indexed by heap: the tail,
/// as the [`Window`] a [`FarJob`] reads. Only heaps from `start` on may be
/// read; [`read`] asks for no other.
#[derive(Clone, Copy)]
pub(super) struct Shifted<'a, T> {
    pub(super) values: &'a [T],
    pub(super) start: usize,
}

impl<T: Cell> Window for Shifted<'_, T> {
    #[inline(always)]
    fn len(self) -> usize {
        self.start + self.values.len()
    }

    #[inline(always)]
    fn get(self, i: usize) -> u64 {
        self.values[i - self.start].into()
    }

    #[inline(always)]
    fn range(self, lo: usize, hi: usize) -> Self {
        Shifted {
            values: &self.values[lo - self.start..hi - self.start],
            start: 0,
        }
    }

    #[inline(always)]
    fn xor_reversed(small: Self, large: Self, f: impl FnMut(usize)) {
        T::xor_reversed(small.values, large.values, f);
    }

    #[inline(always)]
    fn mark_column<const B: usize>(self, rows: &mut [[u8; B]], v: u64, stamp: u8) {
        self.values.mark_column(rows, v, stamp);
    }
}

/// The end of the block from `first` (at most [`BLOCK`] heaps, to `len`
/// and the next review) whose far rare parts the tail from `tail_start`
/// holds, if it is worth reading in columns; `None` to go on heap by heap.
pub(super) fn block_end(
    state: &State,
    first: usize,
    len: usize,
    tail_start: usize,
) -> Option<usize> {
    let last_rare = state.rare.last().map_or(0, |&(r, _)| r);
    let most_taken = state.shape.splits.iter().copied().max()?;
    // Every other part below `first` of a heap from `first` on is at
    // least `first − most_taken − last_rare`.
    let held = tail_start
        .checked_add(most_taken)
        .and_then(|x| x.checked_add(last_rare))
        .is_some_and(|lowest| lowest <= first);
    let end = len.min(state.next_review).min(first.saturating_add(BLOCK));
    (first >= FROM
        && held
        && state.histogram.len() <= MAX_READ_AHEAD_BOUND
        && !state.rare.is_empty()
        && end > first + 1)
        .then_some(end)
}

/// Reads the splits of the heaps `first..end` with a rare part and the
/// other below `first` into rows of marks (`rows`, a buffer reused), from
/// `tail` (`G(tail_start..first)`); `counts` gets the splits read.
pub(super) fn read<T: Cell>(
    state: &State,
    (first, end): (usize, usize),
    tail: Shifted<'_, T>,
    rows: Vec<u8>,
    counts: &mut Counts,
) -> Ahead {
    debug_assert_eq!(tail.len(), first);
    FarJob {
        parallel: false,
        column: COLUMN,
        rows,
        rare: state.rare.clone(),
        shape: state.shape.clone(),
        bound: state.histogram.len(),
        mask: state.mask,
        first,
        end,
        // Only the rare parts: the splits near half the heap and the
        // spread scan's runs lie outside the tail.
        read_ahead: 0,
        spread: 0,
        spread_rounds: 0,
        from: 0,
        since: 0,
        lanes: None,
        read_before: 0,
        deepen: 0,
        deep: Deep::default(),
    }
    .read(tail, counts)
}
