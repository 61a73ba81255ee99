//! Where the mathematics of one heap ([`super::heap`]) reads the values
//! before it: the [`Storage`] trait, and its implementation over values held
//! all in memory ([`View`]). The windowed engine implements it over a few
//! windows with the older values elsewhere ([`super::windowed`]), so both
//! engines compute a heap with the same code.

use crate::values::table::Window;

/// Which read of the lazy scan (step 2) a pair of runs serves: a store that
/// keeps only some values in memory places its windows by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stream {
    /// Smaller parts `1, 2, …` against the heaps just below the heap.
    SmallEnd,
    /// Parts near `half`, the largest smaller part, from both sides.
    Middle {
        /// The largest smaller part of the split being scanned.
        half: usize,
    },
    /// The spread scan's runs ([`super::spread`]).
    Spread,
}

/// The values `G(0..n)` that heap `n` reads, as the engine reads them.
///
/// Every read is of a value already computed. A store that can fail (one
/// that reads values back from elsewhere) answers something of the right
/// length all the same and keeps the error for its engine to report after
/// the heap: the value computed then is thrown away.
pub(super) trait Storage {
    /// A run of consecutive values.
    type Run<'a>: Window
    where
        Self: 'a;

    /// `G(x)`, for a move that leaves one heap.
    fn get(&mut self, x: usize) -> u64;

    /// Calls `mark(v ⊕ G(rest − r))` for each rare heap `r` of value `v` in
    /// `rare` (all below `rest`): the splits of step 1.
    fn mark_rare(&mut self, rare: &[(usize, u64)], rest: usize, mark: impl FnMut(usize));

    /// `G(small)` and `G(large)`, two runs of equal length (at most
    /// [`super::heap::SCAN_CHUNK`]), whose XORs read from both ends are the
    /// values of splits of step 2.
    fn pair(
        &mut self,
        small: (usize, usize),
        large: (usize, usize),
        stream: Stream,
    ) -> (Self::Run<'_>, Self::Run<'_>);
}

/// The values `G(0..n)` while heap `n` of a block is computed: `done`
/// below `tail_from`, `tail` from there on. While another thread reads the
/// table, `tail` is a copy of its end followed by the block so far;
/// otherwise it is the whole table.
#[derive(Clone, Copy)]
pub(super) struct View<W> {
    pub(super) done: W,
    pub(super) tail: W,
    pub(super) tail_from: usize,
}

impl<W: Window> View<W> {
    #[inline(always)]
    pub(super) fn get(&self, x: usize) -> u64 {
        if x >= self.tail_from {
            self.tail.get(x - self.tail_from)
        } else {
            self.done.get(x)
        }
    }

    /// The values `lo..hi`, at most [`super::heap::SCAN_CHUNK`] of them:
    /// they lie in `done` or in `tail`.
    #[inline(always)]
    pub(super) fn range(&self, lo: usize, hi: usize) -> W {
        if lo >= self.tail_from {
            self.tail.range(lo - self.tail_from, hi - self.tail_from)
        } else {
            self.done.range(lo, hi)
        }
    }
}

impl<W: Window> Storage for View<W> {
    type Run<'a>
        = W
    where
        Self: 'a;

    #[inline(always)]
    fn get(&mut self, x: usize) -> u64 {
        View::get(self, x)
    }

    #[inline(always)]
    fn mark_rare(&mut self, rare: &[(usize, u64)], rest: usize, mut mark: impl FnMut(usize)) {
        // Small rare heaps leave a large part, in the tail.
        let Some(&(last, _)) = rare.last() else {
            return;
        };
        let (tail, from) = (self.tail, self.tail_from);
        let near = if last + from <= rest {
            rare.len()
        } else {
            rare.partition_point(|&(r, _)| r + from <= rest)
        };
        let (near, far) = rare.split_at(near);
        if !near.is_empty() {
            mark_against(tail, rest - from, near, &mut mark);
        }
        if !far.is_empty() {
            mark_against(self.done, rest, far, &mut mark);
        }
    }

    #[inline(always)]
    fn pair(&mut self, small: (usize, usize), large: (usize, usize), _: Stream) -> (W, W) {
        (self.range(small.0, small.1), self.range(large.0, large.1))
    }
}

/// Calls `mark(v ⊕ values[top − r])` for each rare heap `r` of value `v` in
/// `rare` (all at most `top`, the other parts within `values`): the loop of
/// step 1, the finishing thread's largest, kept out of line so that its
/// few values stay in registers (inlined into [`State::value_of`], it
/// reloaded the stamp and the marks from the stack every split).
///
/// [`State::value_of`]: super::state::State::value_of
#[inline(never)]
fn mark_against<W: Window>(
    values: W,
    top: usize,
    rare: &[(usize, u64)],
    mut mark: impl FnMut(usize),
) {
    for &(r, v) in rare {
        mark((v ^ values.get(top - r)) as usize);
    }
}
