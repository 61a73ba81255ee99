//! What the engine keeps besides the table — the rare list with its values,
//! the histogram, the values by class, the mask and when to review it, the
//! counts of work — and how all of it is rebuilt from the table alone.

use std::sync::Arc;

use super::blocks::Counts;
use super::heap::Shape;
use super::marks::marks_len;
use super::spread::{SpreadParts, SpreadTrial};
use super::threads::Lanes;
use super::{MaskPolicy, SparseProfile, SparseStats, ThreadUse};
use crate::values::ValueTable;
use crate::values::mask::{best_mask, class_bits, is_rare, rare_count};
use crate::values::table::{Values, Visit, Window};

/// Everything the engine keeps besides the table: all of it can be rebuilt
/// from the table.
#[derive(Debug)]
pub(super) struct State {
    pub(super) shape: Shape,
    pub(super) policy: MaskPolicy,
    /// Smaller parts read by the spread scan: a multiple of
    /// [`SPREAD_ROUND`](super::spread::SPREAD_ROUND), 0 for none.
    pub(super) spread: usize,
    /// Whether heaps with values below 64 and nothing read ahead are
    /// finished with bit sets ([`Tuning::bits`](super::Tuning::bits)).
    pub(super) bits: bool,
    /// The rare parts of every split as offsets from the heap: `(t + r,
    /// G(r))` for each take `t` that may split and each rare heap `r`, in
    /// order of offset. Heap `n` has the split `r + (n − t − r)` for every
    /// offset below `n`, so [`State::value_of_small`] reads them in one
    /// loop. Kept while `offsets_whole`: not for Grundy's game (a heap
    /// cannot split into equal ones) nor past [`MAX_OFFSETS`].
    pub(super) offsets: Vec<(usize, u64)>,
    pub(super) offsets_whole: bool,
    pub(super) mask: u64,
    /// Heaps `n >= 1` with a rare value, increasing, each with its value
    /// (kept beside it so that step 1 reads one array in order).
    pub(super) rare: Vec<(usize, u64)>,
    /// `histogram[v]` heaps have value `v`; its length `K` is a power of two
    /// above every value, so option values (XORs of two) stay below `K`.
    pub(super) histogram: Vec<u64>,
    pub(super) max: u64,
    pub(super) max_at: u64,
    /// The values below `K` by class, as bit sets of 64-value words.
    pub(super) rare_bits: Vec<u64>,
    pub(super) common_bits: Vec<u64>,
    /// The option values of the current heap found so far, a word at a
    /// time up to the word of the least common value missing.
    pub(super) present: Vec<u64>,
    /// `seen[v] == stamp` when `v` is an option value of the current heap:
    /// a new heap takes a new stamp instead of clearing the array (which is
    /// cleared when the byte wraps), and the marks are plain stores, with no
    /// read-modify-write chain between them. Heaps with a row read ahead
    /// are marked in their row instead.
    pub(super) seen: Vec<u8>,
    pub(super) stamp: u8,
    /// Rare values below the least missing common value that the lazy scan
    /// has yet to find, increasing.
    pub(super) want: Vec<u64>,
    /// Heap at which the mask is next reviewed.
    pub(super) next_review: usize,
    /// Rare-list length that triggers an early review.
    pub(super) rare_limit: usize,
    pub(super) mask_changes: u32,
    pub(super) rare_pairs: u64,
    pub(super) scan_pairs: u64,
    pub(super) full_scans: u64,
    pub(super) trial: SpreadTrial,
    /// For each take, how many old rare heaps are near and how many new
    /// ones lie below the heap ([`State::value_of`]): they only grow within
    /// a block.
    pub(super) cursors: Vec<(usize, usize)>,
    /// Buffers of rows read ahead, kept for the next blocks: two circulate
    /// while blocks are read ahead beside each other.
    pub(super) spare_rows: Vec<Vec<u8>>,
    /// The parts of the spread rounds read ahead, with their values, for
    /// the next readings ([`SpreadParts`]).
    pub(super) spread_parts: SpreadParts,
    pub(super) heaps: u64,
    pub(super) len: u64,
    /// Where the time went, when profiling ([`super::Tuning::profile`]).
    pub(super) profile: SparseProfile,
    /// Each thread's share of it, and the clocks of the reading tasks.
    pub(super) threads: Vec<ThreadUse>,
    pub(super) lanes: Option<Arc<Lanes>>,
}

/// The most offsets [`State::offsets`] keeps: beyond, the rare list is
/// long and each take reads it on its own.
const MAX_OFFSETS: usize = 1 << 12;

/// Rebuilds the state from a table's values.
struct Rebuild<'a>(&'a mut State);

impl Visit for Rebuild<'_> {
    type Output = ();

    fn visit<V: Values>(self, values: &mut V) {
        let state = self.0;
        let window = values.window();
        for n in 0..window.len() {
            state.count(n, window.get(n));
        }
        state.review(window);
        state.len = values.len() as u64;
    }
}

impl State {
    /// The state of an empty table.
    pub(super) fn empty(shape: Shape, policy: MaskPolicy) -> State {
        let mask = match policy {
            MaskPolicy::Auto => 0,
            MaskPolicy::Fixed(m) => m,
        };
        let mut state = State {
            shape,
            policy,
            spread: 0,
            bits: true,
            offsets: Vec::new(),
            offsets_whole: true,
            mask,
            rare: Vec::new(),
            histogram: vec![0],
            max: 0,
            max_at: 0,
            rare_bits: Vec::new(),
            common_bits: Vec::new(),
            present: Vec::new(),
            seen: Vec::new(),
            stamp: 0,
            want: Vec::new(),
            next_review: 0,
            rare_limit: 0,
            mask_changes: 0,
            rare_pairs: 0,
            scan_pairs: 0,
            full_scans: 0,
            trial: SpreadTrial::default(),
            cursors: Vec::new(),
            spare_rows: Vec::new(),
            spread_parts: SpreadParts::default(),
            heaps: 0,
            len: 0,
            profile: SparseProfile::default(),
            threads: Vec::new(),
            lanes: None,
        };
        state.resize_bits();
        state
    }

    /// The state of the values in `table`.
    pub(super) fn new(shape: Shape, policy: MaskPolicy, table: &mut ValueTable) -> State {
        let mut state = State::empty(shape, policy);
        table.visit_mut(Rebuild(&mut state));
        state.mask_changes = 0;
        state
    }

    /// Zeroes the counts of work and mask changes that [`State::stats`]
    /// reports, at the start of a call.
    pub(super) fn start_counting(&mut self) {
        self.mask_changes = 0;
        self.rare_pairs = 0;
        self.scan_pairs = 0;
        self.full_scans = 0;
        self.heaps = 0;
        self.profile = SparseProfile::default();
        self.threads.clear();
        self.lanes = None;
    }

    /// Counts `value` at heap `n` in the histogram and maximum, growing the
    /// bit sets when the value bound grows.
    pub(super) fn count(&mut self, n: usize, value: u64) {
        if value >= self.histogram.len() as u64 {
            let size = (value + 1).next_power_of_two();
            self.histogram.resize(size as usize, 0);
            self.resize_bits();
        }
        self.histogram[value as usize] += 1;
        if value > self.max || n == 0 {
            self.max = value;
            self.max_at = n as u64;
        }
    }

    /// Records `G(n) = value` just computed.
    pub(super) fn record(&mut self, n: usize, value: u64) {
        self.count(n, value);
        if n > 0 && is_rare(value, self.mask) {
            self.rare.push((n, value));
            self.add_offsets(n, value);
        }
        self.heaps += 1;
        self.len = n as u64 + 1;
    }

    /// Chooses the mask again if a markedly better one exists, rebuilds the
    /// rare list from `values` (the whole table) and schedules the next
    /// review.
    pub(super) fn review<W: Window>(&mut self, values: W) {
        let n = values.len();
        self.choose_mask(n);
        self.rare.clear();
        self.add_rare(0, values);
        self.reviewed(n);
    }

    /// Chooses the mask again, from the histogram of `n` values, if a
    /// markedly better one exists; says whether it changed (the rare list
    /// is then to be rebuilt).
    pub(super) fn choose_mask(&mut self, n: usize) -> bool {
        if self.policy == MaskPolicy::Auto && n > 0 {
            let best = best_mask(&self.histogram);
            let current = rare_count(&self.histogram, self.mask);
            if best.mask != self.mask && best.rare.saturating_mul(5) < current.saturating_mul(4) {
                self.mask = best.mask;
                self.mask_changes += 1;
                self.resize_bits();
                return true;
            }
        }
        false
    }

    /// Appends the rare heaps among `G(start..start + values.len())`, heap
    /// 0 left out, to the rare list: a review rebuilds it in order, a run
    /// of values at a time.
    pub(super) fn add_rare<W: Window>(&mut self, start: usize, values: W) {
        let mask = self.mask;
        self.rare.extend(
            (start.max(1)..start + values.len())
                .map(|x| (x, values.get(x - start)))
                .filter(|&(_, v)| is_rare(v, mask)),
        );
    }

    /// Ends a review at `n` values: schedules the next one and rebuilds
    /// what follows the rare list.
    pub(super) fn reviewed(&mut self, n: usize) {
        self.next_review = n.max(64).saturating_mul(2);
        self.rare_limit = self.rare.len().saturating_mul(2).max(256);
        self.offsets.clear();
        self.offsets_whole = true;
        for i in 0..self.rare.len() {
            let (r, v) = self.rare[i];
            self.add_offsets(r, v);
        }
    }

    /// Puts the cursors of step 1 ([`State::value_of`]) back to the start
    /// of the rare list, one a take: after the list was rebuilt, or for a
    /// new block.
    pub(super) fn reset_cursors(&mut self) {
        self.cursors.clear();
        self.cursors.resize(self.shape.splits.len(), (0, 0));
    }

    /// Adds the offsets of the splits with rare part `r` (of value `v`,
    /// the largest rare heap so far) to [`State::offsets`], or gives the
    /// list up once it is long (a poor mask).
    fn add_offsets(&mut self, r: usize, v: u64) {
        if !self.offsets_whole {
            return;
        }
        if self.shape.unequal || self.offsets.len() + self.shape.splits.len() > MAX_OFFSETS {
            self.offsets_whole = false;
            self.offsets = Vec::new();
            return;
        }
        for &t in &self.shape.splits {
            let d = t + r;
            let i = self.offsets.partition_point(|&(e, _)| e <= d);
            self.offsets.insert(i, (d, v));
        }
    }

    /// Sizes `seen` for values `0..K` and sorts the values into classes.
    fn resize_bits(&mut self) {
        let bound = self.histogram.len() as u64;
        self.seen = vec![0; marks_len(bound as usize)];
        self.stamp = 0;
        self.rare_bits = class_bits(bound, self.mask, true);
        self.common_bits = class_bits(bound, self.mask, false);
    }

    /// Splits read a heap on average so far in this run, or the length of
    /// the rare list before the first heap.
    pub(super) fn work_per_heap(&self) -> u64 {
        match self.heaps {
            0 => self.rare.len() as u64,
            heaps => (self.rare_pairs + self.scan_pairs) / heaps,
        }
    }

    /// Adds splits read elsewhere to the statistics.
    pub(super) fn add(&mut self, counts: Counts) {
        self.rare_pairs += counts.rare_pairs;
        self.scan_pairs += counts.scan_pairs;
    }

    pub(super) fn stats(&self) -> SparseStats {
        SparseStats {
            mask: self.mask,
            rare_count: self.rare.len() as u64 + u64::from(self.len > 0),
            last_rare: self.rare.last().map(|&(r, _)| r as u64),
            max_value: self.max,
            max_value_at: self.max_at,
            mask_changes: self.mask_changes,
            rare_pairs: self.rare_pairs,
            scan_pairs: self.scan_pairs,
            full_scans: self.full_scans,
            heaps: self.heaps,
            len: self.len,
        }
    }
}
