//! The far parts of a block of heaps, read for 64 heaps at a time from the
//! head and the tail before the block is finished: the in-memory engine's
//! reading ahead ([`FarJob`]) over the values they hold, on this thread or
//! on every thread of the pool the engine runs on.
//!
//! Heap by heap, step 1 reads `G(n − t − r)` for every rare heap `r`: one
//! value of the tail a split, `n` after `n`. Read for a column of heaps at
//! once, a rare part meets consecutive values, each heap marking its own row
//! (`sparse/ahead.rs`). So do the first rounds of the spread scan of step
//! 2: their smaller parts lie in the head, their larger ones in the tail.
//! Only the rare heaps whose other parts the values read from hold are read
//! so, the first of the rare list ([`held_rare`]): the tail keeps the parts
//! of the rare heaps up to [`Windows::tail_limit`](super::Windows::tail_limit),
//! and a reading beside a finishing copies at most [`MOST_COPIED`] heaps of
//! it, so the rest (Grundy's game's late rare heaps) are left to the
//! finishing, heap by heap, as rare heaps found since a reading are.

use super::super::Tuning;
use super::super::ahead::{COLUMN, Deep, FarJob, MAX_READ_AHEAD_BOUND};
use super::super::spread::SpreadParts;
use super::super::state::State;
use crate::values::table::{Cell, Window, Xors};

/// Heaps a block read in columns on one thread, at most: four columns.
pub(super) const BLOCK: usize = 4 * COLUMN;

/// Heaps a block read in columns on a pool of several threads: sixteen
/// columns, a task each. Each block is a step the threads join: on two
/// threads, with each block read on both before it was finished, blocks of
/// 256 heaps took 1.5 s of system time on 0.6 to 2^22 (threads put to sleep
/// and woken between blocks), 1024 a fifth of it; with the next block read
/// beside, 512, 1024 and 2048 were level within the machine's noise.
const POOL_BLOCK: usize = 16 * COLUMN;

/// Blocks are read in columns from this heap on, as in memory
/// ([`Tuning::parallel_from`](super::super::Tuning::parallel_from)); in
/// the unit tests from heap 64, so that their tables of a few thousand
/// heaps cross blocks, reviews and new value bounds.
const FROM: usize = if cfg!(test) { 64 } else { 1 << 12 };

/// The values the engine holds, indexed by heap, as the [`Window`] a
/// [`FarJob`] reads: `G(0..head.len())` (the head) and
/// `G(start..start + values.len())` (the tail). A heap below `start` is
/// read from the head, so only heaps held in one of them may be read, and
/// no range may cross from one into the other; [`job`] asks for no other.
#[derive(Clone, Copy)]
pub(super) struct Shifted<'a, T> {
    pub(super) head: &'a [T],
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
        match i.checked_sub(self.start) {
            Some(i) => self.values[i].into(),
            None => self.head[i].into(),
        }
    }

    #[inline(always)]
    fn range(self, lo: usize, hi: usize) -> Self {
        let values = match lo.checked_sub(self.start) {
            Some(lo) => &self.values[lo..hi - self.start],
            None => &self.head[lo..hi],
        };
        Shifted {
            head: &[],
            values,
            start: 0,
        }
    }

    #[inline(always)]
    fn xor_reversed(small: Self, large: Self, f: impl FnMut(usize)) {
        T::xor_reversed(small.values, large.values, f);
    }

    #[inline(always)]
    fn xor_reversed_packed(small: Self, large: Self, f: impl FnMut(Xors)) {
        T::xor_reversed_packed(small.values, large.values, f);
    }

    #[inline(always)]
    fn mark_column<const B: usize>(self, rows: &mut [[u8; B]], v: u64, stamp: u8) {
        self.values.mark_column(rows, v, stamp);
    }
}

/// The end of the block from `first` (at most `heaps` heaps, to `len` and
/// the next review), if it is worth reading in columns: some far rare parts
/// lie in the tail from `tail_start` ([`held_rare`]); `None` to go on heap
/// by heap.
pub(super) fn block_end(
    state: &State,
    (first, heaps): (usize, usize),
    len: usize,
    tail_start: usize,
) -> Option<usize> {
    let end = len.min(state.next_review).min(first.saturating_add(heaps));
    (first >= FROM
        && held_rare(state, first, tail_start) > 0
        && state.histogram.len() <= MAX_READ_AHEAD_BOUND
        && end > first + 1)
        .then_some(end)
}

/// How many of the first rare heaps have every other part of the heaps
/// from `first` on at `start` or above, in values held from `start` to
/// `first`: the rare list is in order of heaps, and the other part of a
/// split of `n ≥ first` with rare part `r` is at least
/// `first − most_taken − r`.
pub(super) fn held_rare(state: &State, first: usize, start: usize) -> usize {
    let most_taken = state.shape.splits.iter().copied().max().unwrap_or(0);
    match first
        .checked_sub(start)
        .and_then(|x| x.checked_sub(most_taken))
    {
        Some(reach) => state.rare.partition_point(|&(r, _)| r <= reach),
        None => 0,
    }
}

/// What a block's reading in columns reads besides the far rare parts:
/// rounds of the spread scan, for every heap and for those still lacking a
/// rare value ([`Deep`]), where the head and the tail hold both parts of
/// their runs; and whether on every thread of the current pool.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reading {
    pub(super) spread_rounds: usize,
    pub(super) deepen: usize,
    pub(super) parallel: bool,
    /// Heaps a block.
    pub(super) block: usize,
}

impl Reading {
    /// The in-memory engine's rounds ([`Tuning`]) for the pool this
    /// thread runs on: on every thread of it when it is a pool of
    /// several (a caller runs the engine inside one to have it read in
    /// parallel), else on this thread alone.
    pub(super) fn on_this_pool() -> Reading {
        let threads = match rayon::current_thread_index() {
            Some(_) => rayon::current_num_threads(),
            None => 1,
        };
        let tuning = Tuning::default();
        Reading {
            spread_rounds: tuning.spread_rounds(threads),
            deepen: tuning.deepened_rounds(threads),
            parallel: threads > 1,
            block: if threads > 1 { POOL_BLOCK } else { BLOCK },
        }
    }
}

/// Smaller parts of the spread scan the reading may read from, given what
/// `held` holds below `first`: the engine's spread if the head holds the
/// smaller parts and the tail every larger part of the heaps from `first`
/// on, else 0.
fn spread_held<T>(state: &State, first: usize, held: Shifted<'_, T>) -> usize {
    let most_taken = state.shape.splits.iter().copied().max().unwrap_or(0);
    let spread = state.spread;
    // Smaller parts up to `spread`; larger ones at least
    // `first − most_taken − spread`.
    let fits = spread < held.head.len()
        && held
            .start
            .checked_add(most_taken)
            .and_then(|x| x.checked_add(spread))
            .is_some_and(|lowest| lowest <= first);
    if spread > 0 && fits { spread } else { 0 }
}

/// How long a thread of the current pool with no task left waits for a
/// reading's last one: as the in-memory engine's default
/// ([`Tuning::spin_bound`]).
pub(super) fn spin_bound() -> Option<std::time::Duration> {
    Tuning::default().spin_bound(rayon::current_num_threads())
}

/// The reading of the heaps `first..end`: the splits whose parts both lie
/// in `held` (below the block, or below an earlier block while that one is
/// finished) into rows of marks (`rows`, a buffer reused), those with a
/// rare part and the runs of the spread scan's first rounds that `reading`
/// asks for where `held` holds them.
pub(super) fn job<T>(
    state: &State,
    (first, end): (usize, usize),
    held: Shifted<'_, T>,
    rows: Vec<u8>,
    reading: Reading,
) -> FarJob {
    let rare = state.rare[..held_rare(state, first, held.start)].to_vec();
    let spread = spread_held(state, first, held);
    let (spread_rounds, deepen) = if spread > 0 {
        (reading.spread_rounds, reading.deepen)
    } else {
        (0, 0)
    };
    FarJob {
        parallel: reading.parallel,
        column: COLUMN,
        rows,
        rare,
        shape: state.shape.clone(),
        bound: state.histogram.len(),
        mask: state.mask,
        first,
        end,
        // The splits near half the heap lie outside the head and the
        // tail.
        read_ahead: 0,
        spread,
        spread_rounds,
        from: 0,
        since: 0,
        rare_from: 0,
        lanes: None,
        spin_for: spin_bound(),
        read_before: 0,
        deepen,
        deep: Deep::default(),
        // Read by the job from the held windows.
        spread_parts: SpreadParts::default(),
    }
}

/// The values of the tail that the reading of the block from `next` takes
/// from the held values before `limit`, where a block is finished
/// meanwhile: the heaps from the returned one on, none before the tail's
/// start (so nothing is read that the tail lost) and at most
/// [`MOST_COPIED`] (the rare heaps whose parts lie further back are left to
/// the finishing: [`held_rare`]).
pub(super) fn needed_from(state: &State, next: usize, limit: usize, tail_start: usize) -> usize {
    let most_taken = state.shape.splits.iter().copied().max().unwrap_or(0);
    let last_rare = state.rare.last().map_or(0, |&(r, _)| r);
    next.saturating_sub(most_taken)
        .saturating_sub(last_rare.max(state.spread))
        .max(tail_start)
        .max(limit.saturating_sub(MOST_COPIED))
        .min(limit)
}

/// The most values of the tail copied for a reading beside a finishing.
const MOST_COPIED: usize = 1 << 16;
