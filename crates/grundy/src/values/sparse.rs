//! The sparse-space engine: values of games that split a heap in two in
//! about N × (rare heaps) steps instead of N².
//!
//! Fix a mask `m` and call a value *rare* when `popcount(v & m)` is even,
//! *common* otherwise ([`super::mask`]). Parity is additive under XOR, so the
//! value `G(a) ⊕ G(b)` of a split into `a + b` is common exactly when one part
//! is rare and the other common. For many splitting games a well-chosen mask
//! makes rare heaps very rare — Grundy's game has 1274 rare heaps below 2²¹,
//! the last at 82 860 (*Winning Ways*, chapter 16, "sparse space"; the
//! counts are Flammenkamp's) — and then:
//!
//! 1. every common value among the options of `n` comes from a split with a
//!    rare part, so walking the rare list gives all of them, and the least
//!    common value `c` that is missing;
//! 2. the mex is `c` unless a rare value below `c` is missing too. Rare values
//!    come from splits whose parts are both rare (already seen in step 1) or
//!    both common, so the engine scans all splits, lazily, stopping as soon
//!    as every rare value below `c` has turned up. After the first 64
//!    splits from each end of the order it reads smaller parts from sixteen
//!    places of `1..=2^14` at once (a *spread* scan: nearby heaps have alike
//!    values, so splits read in order find the same few values for long
//!    stretches), then, if a value is still missing, every split in order.
//!    Usually a thousand splits or so suffice; the scan runs to the end only
//!    when `G(n)` is rare.
//!
//! Nothing above assumes the mask is good: with a poor mask (or none, mask 0,
//! where every value is rare) the rare list is long and the scans run far,
//! and the engine is as slow as the naive one but exactly as right. The mask
//! is chosen from the values computed so far with a Walsh–Hadamard transform
//! ([`super::mask::best_mask`]) and chosen again whenever the rare list has
//! doubled or the heap count has, if a mask with markedly fewer rare heaps
//! exists. [`SparseStats`] tells how it went.
//!
//! The engine applies to take-and-break codes whose moves leave at most two
//! heaps and to Grundy's game; hexadecimal codes that leave three heaps go to
//! the naive engine.

use rayon::prelude::*;

use crate::error::{Error, ErrorKind, Result};
use crate::nimber::Nimber;
use crate::ruleset::Ruleset;
use crate::values::mask::{best_mask, is_rare, rare_count};
use crate::values::table::{Cell, Visit};
use crate::values::{Progress, ValueTable, report};

/// The largest value bound K for which blocks are read ahead.
const MAX_READ_AHEAD_BOUND: usize = 1 << 12;

/// Places the spread scan reads from at once.
const SPREAD_STREAMS: usize = 16;
/// Splits a round of the spread scan reads for each take.
const SPREAD_ROUND: usize = SPREAD_STREAMS * SPREAD_RUN;
/// Consecutive splits read at each place before the next.
const SPREAD_RUN: usize = 8;

/// Splits the lazy scan reads between two checks for completion.
const SCAN_CHUNK: usize = 64;

/// How the engine chooses its mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MaskPolicy {
    /// From the values so far, and again as the table grows.
    #[default]
    Auto,
    /// This mask throughout, however poor: for tests and experiments.
    Fixed(u64),
}

/// How the sparse engine runs: its mask and its use of a second core.
///
/// Heaps are computed in blocks. For each block, the splits whose parts both
/// lie before the block — a rare part far back, or both parts near half the
/// heap — are read for every heap of the block in parallel (rayon); then the
/// block is finished heap by heap.
///
/// ```
/// use grundy::values::sparse::{MaskPolicy, Tuning};
/// let sequential = Tuning { parallel_from: usize::MAX, ..Tuning::default() };
/// assert_eq!(sequential.mask, MaskPolicy::Auto);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tuning {
    /// How the mask is chosen.
    pub mask: MaskPolicy,
    /// Heaps a block (at least 1).
    pub block: usize,
    /// The first heap from which blocks are prepared in parallel;
    /// `usize::MAX` never does.
    pub parallel_from: usize,
    /// Splits near half the heap read ahead for each heap of a block.
    pub read_ahead: usize,
    /// Blocks are read ahead only while a heap has cost at least this many
    /// splits on average (rare list and lazy scans): below that, starting
    /// the threads and the splits read ahead in vain cost more than they
    /// save (0.354, whose 131 rare heaps make each heap cheap, ran 2.5 times
    /// slower). 0 reads ahead always.
    pub min_work: u64,
    /// Smaller parts `1..=spread` are read by the spread scan of step 2,
    /// after its first chunk, in heaps large enough (rounded down to a
    /// multiple of 128;
    /// 0 never spreads). 2^14 keeps the reads within 2^14 heaps of both
    /// ends of the table, in cache.
    pub spread: usize,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            mask: MaskPolicy::Auto,
            block: 4096,
            parallel_from: 1 << 16,
            read_ahead: 512,
            min_work: 1024,
            spread: 1 << 14,
        }
    }
}

/// What a run of the sparse engine found and how much work it did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SparseStats {
    /// The mask in use at the end.
    pub mask: u64,
    /// Heaps of the whole table whose value is rare under `mask`, heap 0
    /// included (its value 0 is rare under every mask), as published counts
    /// do.
    pub rare_count: u64,
    /// The largest rare heap, if any heap `n >= 1` is rare.
    pub last_rare: Option<u64>,
    /// The largest value in the table.
    pub max_value: u64,
    /// The first heap with that value.
    pub max_value_at: u64,
    /// How many times the mask changed during the run.
    pub mask_changes: u32,
    /// Splits read through the rare list (step 1).
    pub rare_pairs: u64,
    /// Splits read by the lazy scans (step 2).
    pub scan_pairs: u64,
    /// Heaps whose lazy scan had to read every split.
    pub full_scans: u64,
    /// Heaps computed in this run.
    pub heaps: u64,
    /// Values in the table at the end.
    pub len: u64,
}

impl SparseStats {
    /// Whether the sparse-space phenomenon showed: fewer than one heap in
    /// sixteen rare. When it does not, the engine is exact but no faster than
    /// the naive one.
    ///
    /// ```
    /// use grundy::{Ruleset, values::sparse};
    /// let g: Ruleset = "0.16".parse()?;
    /// let (_, stats) = sparse::compute(&g, 20_000)?;
    /// assert!(stats.is_sparse());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn is_sparse(&self) -> bool {
        self.rare_count.saturating_mul(16) < self.len
    }
}

/// Whether the sparse engine handles `ruleset`: Grundy's game and
/// take-and-break codes that split a heap in two and never in three.
///
/// ```
/// use grundy::{Ruleset, values::sparse::applies};
/// assert!(applies(&"grundy".parse::<Ruleset>()?));
/// assert!(applies(&"0.6".parse::<Ruleset>()?));
/// assert!(applies(&"0.07".parse::<Ruleset>()?)); // Dawson's Kayles splits too
/// assert!(!applies(&"0.33".parse::<Ruleset>()?)); // no split: nothing to gain
/// assert!(!applies(&"hex:0.8".parse::<Ruleset>()?)); // three heaps
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn applies(ruleset: &Ruleset) -> bool {
    Shape::of(ruleset).is_some()
}

/// The values `G(0..=to)` of `ruleset` and the engine's statistics.
///
/// ```
/// use grundy::{Ruleset, values::{self, Engine, Options, sparse}};
/// let g: Ruleset = "grundy".parse()?;
/// let (table, stats) = sparse::compute(&g, 3000)?;
/// let naive = Options { engine: Engine::Naive, ..Options::default() };
/// assert_eq!(table, values::compute_with(&g, 3000, naive, &mut |_| {})?);
/// assert_eq!(stats.max_value, table.max().value());
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`ErrorKind::InvalidInput`] if the engine does not apply ([`applies`]);
/// [`ErrorKind::TooLarge`] if the table cannot be allocated.
pub fn compute(ruleset: &Ruleset, to: u64) -> Result<(ValueTable, SparseStats)> {
    let mut table = ValueTable::new();
    let len = usize::try_from(to)
        .ok()
        .and_then(|t| t.checked_add(1))
        .ok_or_else(|| Error::new(ErrorKind::TooLarge, "too many heaps for this machine"))?;
    let stats = extend(ruleset, &mut table, len, Tuning::default(), &mut |_| {})?;
    Ok((table, stats))
}

/// Extends `table` to `len` values with the sparse engine, tuned by
/// `tuning`.
///
/// Values already in `table` are trusted and kept; the mask and the rare
/// list are rebuilt from them, so a table saved and restored resumes
/// exactly where it stopped.
///
/// # Errors
/// [`ErrorKind::InvalidInput`] if the engine does not apply ([`applies`]);
/// [`ErrorKind::TooLarge`] if the table cannot be allocated or widened.
///
/// # Complexity
/// O(N·(R + S) + N·K/64) time for N heaps, R rare heaps, S splits read by the
/// lazy scans per heap (typically a few hundred) and values below K; O(N²) in
/// the worst case (no good mask). Memory: the table plus O(R + K).
pub fn extend(
    ruleset: &Ruleset,
    table: &mut ValueTable,
    len: usize,
    tuning: Tuning,
    progress: &mut dyn FnMut(Progress),
) -> Result<SparseStats> {
    let shape = Shape::of(ruleset).ok_or_else(|| {
        Error::input(format!(
            "the sparse engine applies to Grundy's game and to take-and-break codes that split a heap in two, not to {ruleset}; use --engine auto or --engine naive"
        ))
    })?;
    table.set_capacity_hint(len);
    let mut state = State::new(shape, tuning.mask, table);
    state.spread = tuning.spread / SPREAD_ROUND * SPREAD_ROUND;
    loop {
        let outcome = table.visit_mut(Run {
            state: &mut state,
            len,
            tuning,
            progress: &mut *progress,
        });
        table.raise_max(state.max);
        match outcome? {
            None => break,
            Some(wider) => {
                let n = table.len();
                table.try_push(Nimber::new(wider))?;
                state.record(n, wider);
            }
        }
    }
    report(progress, len, len);
    Ok(state.stats())
}

/// The moves of a heap, grouped the way the engine reads them.
#[derive(Clone, Debug)]
struct Shape {
    /// Takes `t > 0` that may remove a whole heap of `t`.
    ends: Vec<usize>,
    /// Takes `t > 0` that may leave one heap.
    leaves: Vec<usize>,
    /// Takes `t >= 0` that may leave two heaps.
    splits: Vec<usize>,
    /// Whether the two heaps must differ (Grundy's game).
    unequal: bool,
}

impl Shape {
    fn of(ruleset: &Ruleset) -> Option<Shape> {
        match ruleset {
            Ruleset::Grundy => Some(Shape {
                ends: Vec::new(),
                leaves: Vec::new(),
                splits: vec![0],
                unequal: true,
            }),
            Ruleset::TakeAndBreak(code) if code.max_heaps_left() == 2 => {
                let takes = |bit: u8, from: usize| {
                    code.digits()
                        .iter()
                        .enumerate()
                        .skip(from)
                        .filter(|&(_, &d)| d & bit != 0)
                        .map(|(t, _)| t)
                        .collect::<Vec<_>>()
                };
                Some(Shape {
                    ends: takes(1, 1),
                    leaves: takes(2, 1),
                    splits: takes(4, 0),
                    unequal: false,
                })
            }
            _ => None,
        }
    }
}

/// Everything the engine keeps besides the table: all of it can be rebuilt
/// from the table.
#[derive(Debug)]
struct State {
    shape: Shape,
    policy: MaskPolicy,
    /// Smaller parts read by the spread scan: a multiple of
    /// [`SPREAD_ROUND`], 0 for none.
    spread: usize,
    mask: u64,
    /// Heaps `n >= 1` with a rare value, increasing, each with its value
    /// (kept beside it so that step 1 reads one array in order).
    rare: Vec<(usize, u64)>,
    /// `histogram[v]` heaps have value `v`; its length `K` is a power of two
    /// above every value, so option values (XORs of two) stay below `K`.
    histogram: Vec<u64>,
    max: u64,
    max_at: u64,
    /// The values below `K` by class, increasing.
    rare_values: Vec<u64>,
    common_values: Vec<u64>,
    /// `seen[v] == stamp` when `v` is an option value of the current heap:
    /// a new heap takes a new stamp instead of clearing the array, and the
    /// marks are plain stores, with no read-modify-write chain between them.
    seen: Vec<u32>,
    stamp: u32,
    /// Rare values below the least missing common value that the lazy scan
    /// has yet to find, increasing.
    want: Vec<u64>,
    /// Heap at which the mask is next reviewed.
    next_review: usize,
    /// Rare-list length that triggers an early review.
    rare_limit: usize,
    mask_changes: u32,
    rare_pairs: u64,
    scan_pairs: u64,
    full_scans: u64,
    heaps: u64,
    len: u64,
}

/// Extends the typed storage; stops with `Some(value)` when a value does not
/// fit the current width.
struct Run<'a> {
    state: &'a mut State,
    len: usize,
    tuning: Tuning,
    progress: &'a mut dyn FnMut(Progress),
}

impl Visit for Run<'_> {
    type Output = Result<Option<u64>>;

    fn visit<T: Cell>(self, values: &mut Vec<T>) -> Self::Output {
        let Run {
            state,
            len,
            tuning,
            progress,
        } = self;
        let more = len.saturating_sub(values.len());
        values.try_reserve_exact(more).map_err(|_| {
            Error::new(
                ErrorKind::TooLarge,
                format!(
                    "cannot allocate {} more values of {} byte(s); ask for fewer heaps",
                    more,
                    size_of::<T>()
                ),
            )
        })?;
        while values.len() < len {
            let start = values.len();
            if start >= state.next_review || state.rare.len() > state.rare_limit {
                state.review(values);
            }
            let end = len
                .min(state.next_review)
                .min(start.saturating_add(tuning.block.max(1)));
            // Reading ahead keeps K bits a heap of the block: only while K is
            // small.
            let ahead = if start >= tuning.parallel_from
                && end - start > 1
                && state.histogram.len() <= MAX_READ_AHEAD_BOUND
                && state.work_per_heap() >= tuning.min_work
            {
                state.prepare(values, start, end, tuning.read_ahead)
            } else {
                Ahead::none()
            };
            let bound = state.histogram.len();
            for n in start..end {
                let value = state.value_of(values, n, &ahead);
                let Some(cell) = T::from_u64(value) else {
                    return Ok(Some(value));
                };
                values.push(cell);
                state.record(n, value);
                report(progress, n, len);
                // A longer rare list or a new value class makes what was read
                // ahead incomplete: start a new block.
                if state.rare.len() > state.rare_limit || state.histogram.len() != bound {
                    break;
                }
            }
        }
        Ok(None)
    }
}

/// Option values of the heaps of a block read in parallel before the block
/// is finished heap by heap.
#[derive(Debug)]
struct Ahead {
    /// The block's first heap: every part read ahead lies below it.
    start: usize,
    /// Bit-set words a heap.
    words: usize,
    bits: Vec<u64>,
    /// Rare-list entries that existed when the block was prepared: those
    /// with the other part below `start` were read ahead.
    rare_len: usize,
    read_ahead: usize,
}

impl Ahead {
    fn none() -> Ahead {
        Ahead {
            start: 0,
            words: 0,
            bits: Vec::new(),
            rare_len: 0,
            read_ahead: 0,
        }
    }

    /// Whether `v` was read ahead among the option values of heap `n`.
    #[inline]
    fn has(&self, n: usize, v: u64) -> bool {
        let word = (v >> 6) as usize;
        word < self.words && self.bits[(n - self.start) * self.words + word] >> (v & 63) & 1 != 0
    }

    /// How many splits of the middle stream of a take were read ahead.
    #[inline]
    fn middle(&self, rest: usize, half: usize, meet: usize) -> usize {
        middle_prefix(rest, half, meet, self.start, self.read_ahead)
    }
}

/// The splits of the middle stream (smaller part `half`, `half − 1`, …) that
/// can be read before heap `start` exists: both parts below `start`.
#[inline]
fn middle_prefix(rest: usize, half: usize, meet: usize, start: usize, read_ahead: usize) -> usize {
    let m = read_ahead.min(half - meet);
    if m > 0 && rest - half + m <= start {
        m
    } else {
        0
    }
}

/// Marks the values of the splits `r + (rest − r)` for the rare heaps `r` of
/// `rare` (all below `rest`), leaving out the equal split in Grundy's game.
/// Returns how many splits were read.
#[inline]
fn mark_rare<T: Cell>(
    seen: &mut [u32],
    stamp: u32,
    g: &[T],
    rare: &[(usize, u64)],
    rest: usize,
    unequal: bool,
) -> u64 {
    let equal = if unequal && rest % 2 == 0 {
        rare.binary_search_by_key(&(rest / 2), |&(r, _)| r).ok()
    } else {
        None
    };
    let (before, after) = match equal {
        Some(i) => (&rare[..i], &rare[i + 1..]),
        None => (rare, &rare[..0]),
    };
    for part in [before, after] {
        for &(r, v) in part {
            seen[(v ^ g[rest - r].into()) as usize] = stamp;
        }
    }
    (before.len() + after.len()) as u64
}

/// The larger half of a split of `rest` is at least `rest − half`: `half` is
/// the largest smaller part.
#[inline]
fn largest_smaller_part(rest: usize, unequal: bool) -> usize {
    if unequal {
        rest.saturating_sub(1) / 2
    } else {
        rest / 2
    }
}

/// Rebuilds the state from a table's values.
struct Rebuild<'a>(&'a mut State);

impl Visit for Rebuild<'_> {
    type Output = ();

    fn visit<T: Cell>(self, values: &mut Vec<T>) {
        let state = self.0;
        for (n, &v) in values.iter().enumerate() {
            state.count(n, v.into());
        }
        state.review(values);
        state.len = values.len() as u64;
    }
}

impl State {
    fn new(shape: Shape, policy: MaskPolicy, table: &mut ValueTable) -> State {
        let mask = match policy {
            MaskPolicy::Auto => 0,
            MaskPolicy::Fixed(m) => m,
        };
        let mut state = State {
            shape,
            policy,
            spread: 0,
            mask,
            rare: Vec::new(),
            histogram: vec![0],
            max: 0,
            max_at: 0,
            rare_values: Vec::new(),
            common_values: Vec::new(),
            seen: Vec::new(),
            stamp: 0,
            want: Vec::new(),
            next_review: 0,
            rare_limit: 0,
            mask_changes: 0,
            rare_pairs: 0,
            scan_pairs: 0,
            full_scans: 0,
            heaps: 0,
            len: 0,
        };
        state.resize_bits();
        table.visit_mut(Rebuild(&mut state));
        state.mask_changes = 0;
        state
    }

    /// Counts `value` at heap `n` in the histogram and maximum, growing the
    /// bit sets when the value bound grows.
    fn count(&mut self, n: usize, value: u64) {
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
    fn record(&mut self, n: usize, value: u64) {
        self.count(n, value);
        if n > 0 && is_rare(value, self.mask) {
            self.rare.push((n, value));
        }
        self.heaps += 1;
        self.len = n as u64 + 1;
    }

    /// Chooses the mask again if a markedly better one exists, and schedules
    /// the next review.
    fn review<T: Cell>(&mut self, values: &[T]) {
        let n = values.len();
        if self.policy == MaskPolicy::Auto && n > 0 {
            let best = best_mask(&self.histogram);
            let current = rare_count(&self.histogram, self.mask);
            if best.mask != self.mask && best.rare.saturating_mul(5) < current.saturating_mul(4) {
                self.mask = best.mask;
                self.mask_changes += 1;
                self.resize_bits();
            }
        }
        self.rare.clear();
        self.rare.extend(
            values
                .iter()
                .enumerate()
                .skip(1)
                .map(|(n, &v)| (n, v.into()))
                .filter(|&(_, v)| is_rare(v, self.mask)),
        );
        self.next_review = n.max(64).saturating_mul(2);
        self.rare_limit = self.rare.len().saturating_mul(2).max(256);
    }

    /// Sizes `seen` for values `0..K` and sorts the values into classes.
    fn resize_bits(&mut self) {
        let bound = self.histogram.len() as u64;
        self.seen = vec![0; bound as usize];
        self.stamp = 0;
        let mask = self.mask;
        self.rare_values = (0..bound).filter(|&v| is_rare(v, mask)).collect();
        self.common_values = (0..bound).filter(|&v| !is_rare(v, mask)).collect();
    }

    /// Splits read a heap on average so far in this run, or the length of
    /// the rare list before the first heap.
    fn work_per_heap(&self) -> u64 {
        match self.heaps {
            0 => self.rare.len() as u64,
            heaps => (self.rare_pairs + self.scan_pairs) / heaps,
        }
    }

    /// Reads ahead, in parallel, the splits of heaps `start..end` whose
    /// parts both lie below `start`: a far rare part, or the first
    /// `read_ahead` splits near half the heap.
    fn prepare<T: Cell>(&mut self, g: &[T], start: usize, end: usize, read_ahead: usize) -> Ahead {
        let bound = self.histogram.len();
        let words = bound.div_ceil(64);
        let mut bits = vec![0u64; (end - start) * words];
        let rare_len = self.rare.len();
        let rare = &self.rare[..];
        let shape = &self.shape;
        let (rare_pairs, scan_pairs) = bits
            .par_chunks_mut(words)
            .enumerate()
            .map_init(
                || (vec![0u32; bound], 0u32),
                |(seen, stamp), (i, out)| {
                    *stamp = stamp.wrapping_add(1);
                    if *stamp == 0 {
                        seen.fill(0);
                        *stamp = 1;
                    }
                    let n = start + i;
                    let (mut rare_pairs, mut scan_pairs) = (0, 0);
                    for &t in &shape.splits {
                        if t + 2 > n {
                            continue;
                        }
                        let rest = n - t;
                        let near = rare.partition_point(|&(r, _)| r < rest && r + start <= rest);
                        let below = rare.partition_point(|&(r, _)| r < rest);
                        rare_pairs +=
                            mark_rare(seen, *stamp, g, &rare[near..below], rest, shape.unequal);
                        let half = largest_smaller_part(rest, shape.unequal);
                        let meet = half.div_ceil(2);
                        let m = middle_prefix(rest, half, meet, start, read_ahead);
                        if m > 0 {
                            mark_xors(
                                seen,
                                *stamp,
                                &g[half + 1 - m..=half],
                                &g[rest - half..rest - half + m],
                            );
                            scan_pairs += m as u64;
                        }
                    }
                    for (w, word) in out.iter_mut().enumerate() {
                        let base = w * 64;
                        let top = (base + 64).min(bound);
                        *word = seen[base..top]
                            .iter()
                            .enumerate()
                            .fold(0u64, |acc, (b, &s)| acc | u64::from(s == *stamp) << b);
                    }
                    (rare_pairs, scan_pairs)
                },
            )
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        self.rare_pairs += rare_pairs;
        self.scan_pairs += scan_pairs;
        Ahead {
            start,
            words,
            bits,
            rare_len,
            read_ahead,
        }
    }

    /// `G(n)` from `G(0..n)` and what was read ahead for it.
    #[inline]
    fn value_of<T: Cell>(&mut self, g: &[T], n: usize, ahead: &Ahead) -> u64 {
        let get = |i: usize| -> u64 { g[i].into() };
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let seen = &mut self.seen[..];
        let shape = &self.shape;
        for &t in &shape.ends {
            if t == n {
                seen[0] = stamp;
            }
        }
        for &t in &shape.leaves {
            if t < n {
                seen[get(n - t) as usize] = stamp;
            }
        }
        // Step 1: every split with a rare part not read ahead: the near
        // ones among the rare heaps the block started with, and those found
        // since.
        let mut pairs = 0u64;
        let (old, new) = self.rare.split_at(ahead.rare_len);
        for &t in &shape.splits {
            if t + 2 > n {
                continue;
            }
            let rest = n - t;
            let near = old.partition_point(|&(r, _)| r < rest && r + ahead.start <= rest);
            pairs += mark_rare(seen, stamp, g, &old[..near], rest, shape.unequal);
            let below = new.partition_point(|&(r, _)| r < rest);
            pairs += mark_rare(seen, stamp, g, &new[..below], rest, shape.unequal);
        }
        self.rare_pairs += pairs;
        // Option values are below K, so the mex is at most K: the least common
        // value missing below K, or K.
        let bound = self.histogram.len() as u64;
        let common_mex = self
            .common_values
            .iter()
            .copied()
            .find(|&v| seen[v as usize] != stamp && !ahead.has(n, v))
            .unwrap_or(bound);
        let want = &mut self.want;
        want.clear();
        want.extend(
            self.rare_values
                .iter()
                .copied()
                .take_while(|&v| v < common_mex)
                .filter(|&v| seen[v as usize] != stamp && !ahead.has(n, v)),
        );
        if want.is_empty() {
            return common_mex;
        }
        // Step 2: scan every split, a chunk at a time, until each rare value
        // below `common_mex` has turned up; after the first chunk, the spread
        // scan ([`spread_scan`]) reads ahead of it.
        let mut scanned = 0u64;
        let mut from = 0;
        let found_all = loop {
            let to = from + SCAN_CHUNK;
            let mut more = false;
            for &t in &shape.splits {
                let rest = n.saturating_sub(t);
                let half = largest_smaller_part(rest, shape.unequal);
                // Two streams meet in the middle: smaller parts 1, 2, … (one
                // part is a small heap) and half, half − 1, … (both parts
                // near rest / 2, the first of them perhaps read ahead). They
                // find different values quickly.
                let meet = half.div_ceil(2);
                if from < meet {
                    more = true;
                    let end = to.min(meet);
                    mark_xors(seen, stamp, &g[from + 1..=end], &g[rest - end..rest - from]);
                    scanned += (end - from) as u64;
                }
                let skip = ahead.middle(rest, half, meet);
                let (lo, end) = (skip + from, (skip + to).min(half - meet));
                if lo < end {
                    more = true;
                    mark_xors(
                        seen,
                        stamp,
                        &g[half + 1 - end..=half - lo],
                        &g[rest - half + lo..rest - half + end],
                    );
                    scanned += (end - lo) as u64;
                }
            }
            want.retain(|&v| seen[v as usize] != stamp);
            if from == 0 && !want.is_empty() {
                scanned += spread_scan(seen, stamp, g, shape, self.spread, n, want);
            }
            if want.is_empty() {
                break true;
            }
            if !more {
                break false;
            }
            from = to;
        };
        self.scan_pairs += scanned;
        if found_all {
            return common_mex;
        }
        self.full_scans += 1;
        want[0]
    }

    fn stats(&self) -> SparseStats {
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

/// The spread scan of heap `n`: removes from `want` the values it finds
/// among the splits with smaller parts in `1..=spread`, and returns how many
/// splits it read.
///
/// Splits read in the order of the smaller part (or from the middle) show
/// the same few pairs of values for long stretches: the values of nearby
/// heaps are alike. Smaller parts read from sixteen places of `1..=spread`
/// at once, eight consecutive splits at each, turn up the missing values of
/// Grundy's game in about half as many splits (880 a heap instead of 1730 at
/// 2·10^6), and both parts stay within `spread` of the two ends of the
/// table, in cache. It only orders the reads: what it does not find, the
/// complete scan looks for. It runs only when every take leaves smaller
/// parts up to `spread` (a multiple of [`SPREAD_ROUND`]).
fn spread_scan<T: Cell>(
    seen: &mut [u32],
    stamp: u32,
    g: &[T],
    shape: &Shape,
    spread: usize,
    n: usize,
    want: &mut Vec<u64>,
) -> u64 {
    let applies = spread > 0
        && shape
            .splits
            .iter()
            .all(|&t| n >= t && largest_smaller_part(n - t, shape.unequal) >= spread);
    if !applies {
        return 0;
    }
    let stride = spread / SPREAD_STREAMS;
    let mut scanned = 0;
    for i in (0..stride).step_by(SPREAD_RUN) {
        for &t in &shape.splits {
            for j in 0..SPREAD_STREAMS {
                // Smaller parts a..a + RUN, all at most `spread`, hence at
                // most half of `n − t`.
                let a = j * stride + i + 1;
                mark_run(seen, stamp, g, a, n - t);
            }
        }
        scanned += (SPREAD_ROUND * shape.splits.len()) as u64;
        want.retain(|&v| seen[v as usize] != stamp);
        if want.is_empty() {
            break;
        }
    }
    scanned
}

/// Marks the values of the [`SPREAD_RUN`] splits `x + (rest − x)` for `x`
/// from `a`: a fixed number, so the loop unrolls.
#[inline]
fn mark_run<T: Cell>(seen: &mut [u32], stamp: u32, g: &[T], a: usize, rest: usize) {
    let small: &[T; SPREAD_RUN] = g[a..a + SPREAD_RUN]
        .try_into()
        .expect("a run of SPREAD_RUN values");
    let large: &[T; SPREAD_RUN] = g[rest + 1 - a - SPREAD_RUN..=rest - a]
        .try_into()
        .expect("a run of SPREAD_RUN values");
    let xs: [usize; SPREAD_RUN] =
        std::array::from_fn(|k| (small[k].into() ^ large[SPREAD_RUN - 1 - k].into()) as usize);
    for x in xs {
        seen[x] = stamp;
    }
}

/// Marks `small[i] ⊕ large[len − 1 − i]` as seen: the splits whose parts
/// are read from both ends of two windows.
#[inline]
fn mark_xors<T: Cell>(seen: &mut [u32], stamp: u32, small: &[T], large: &[T]) {
    for (&x, &y) in small.iter().zip(large.iter().rev()) {
        seen[(x.into() ^ y.into()) as usize] = stamp;
    }
}
