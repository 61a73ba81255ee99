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
//!    as every rare value below `c` has turned up. After the first 32
//!    splits from each end of the order it reads smaller parts from sixteen
//!    places of `1..=2^14` at once (a *spread* scan: nearby heaps have alike
//!    values, so splits read in order find the same few values for long
//!    stretches), then, if a value is still missing, every split in order.
//!    Usually a thousand splits or so suffice; the scan runs to the end only
//!    when `G(n)` is rare. Whether the spread scan pays is tried out as the
//!    table grows (it does for Grundy's game and 0.6, not for 0.354).
//!
//! Both cores work once heaps are costly enough. Heaps are finished in
//! blocks, heap by heap on one thread; meanwhile the other reads ahead, for
//! every heap of the next block, the splits whose parts both lie before the
//! current block: the rare parts far back, the first splits near half the
//! heap, and the far runs of the first rounds of the spread scan. Rayon's
//! work stealing lends the first thread to that reading when its block is
//! done first. The block being finished lives in a copy of the table's end,
//! so the table itself is only read while both threads run. A far part is
//! read for 64 heaps at once (their other parts are consecutive), into a
//! row of byte marks a heap, which the finishing thread then completes.
//! Heaps too cheap for a second core (0.354's) still get their far rare
//! parts read that way, 64 heaps at a time, on the one thread.
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

use std::ops::ControlFlow;

use rayon::prelude::*;

use crate::error::{Error, ErrorKind, Result};
use crate::nimber::Nimber;
use crate::ruleset::Ruleset;
use crate::values::mask::{best_mask, is_rare, rare_count};
use crate::values::table::{Values, Visit, Window};
use crate::values::{Progress, ValueTable, report, report_every};

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
/// Splits of each stream the lazy scan reads before its first check: the
/// missing values of 0.354 often turn up among them (32 halved its scans
/// against 64, and Grundy's game lost nothing).
const FIRST_CHUNK: usize = 32;

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
/// Heaps are computed in blocks. While a block is finished heap by heap, the
/// splits of the next block whose parts both lie before the current one — a
/// rare part far back, splits near half the heap, far runs of the spread
/// scan — are read for every heap of the next block in parallel (rayon).
/// Cheaper heaps are finished 64 at a time, their far rare parts read first
/// on the same thread.
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
    /// Heaps a block read ahead in parallel, at least (at least 1). 512 was
    /// as fast as 1024 and keeps Grundy's game to 10^7 within 25 MiB.
    /// Blocks grow with the table, to a 2^15-th of it but at most 2048
    /// heaps, so that the hand-overs between the threads (each a sleep and
    /// a wake-up) stay rare: they cost 11 % of the time, as system time, on
    /// a run past 10^9 heaps with blocks of 512. Larger blocks unbalance
    /// the threads: the rare parts whose other part lies within two blocks
    /// of the heap cannot be read ahead, and Grundy's game has 553 rare
    /// heaps below 4096 but 1149 below 16 384.
    pub block: usize,
    /// The first heap from which blocks are read ahead (in parallel or in
    /// columns of 64 heaps); `usize::MAX` never does.
    pub parallel_from: usize,
    /// Splits near half the heap read ahead for each heap of a block.
    pub read_ahead: usize,
    /// Blocks are read ahead in parallel only while a heap has cost at least
    /// this many splits on average (rare list and lazy scans); cheaper heaps
    /// have only their far rare parts read, on one thread. With a second
    /// core, 0.354 (131 rare heaps, mostly near, cheap heaps) ran 1.2 to 1.8
    /// times slower: the splits read ahead in vain and the hand-overs cost
    /// more than they save. 0 reads ahead in parallel always.
    pub min_work: u64,
    /// Smaller parts `1..=spread` are read by the spread scan of step 2,
    /// after its first chunk, in heaps large enough (rounded down to a
    /// multiple of 128;
    /// 0 never spreads). 2^14 keeps the reads within 2^14 heaps of both
    /// ends of the table, in cache.
    pub spread: usize,
    /// Rounds of the spread scan read ahead, with the other splits of a
    /// block read ahead: the runs whose parts both lie before the block.
    pub spread_ahead: usize,
}

impl Tuning {
    /// Heaps in the block read ahead from heap `start`.
    fn block_at(&self, start: usize) -> usize {
        self.block.max((start >> 15).min(MAX_BLOCK))
    }
}

/// The most heaps a block grows to ([`Tuning::block`]).
const MAX_BLOCK: usize = 2048;

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            mask: MaskPolicy::Auto,
            block: 512,
            parallel_from: 1 << 16,
            read_ahead: 768,
            min_work: 1024,
            spread: 1 << 14,
            spread_ahead: 6,
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
/// assert!(!applies(&"0.8".parse::<Ruleset>()?)); // three heaps
/// assert!(!applies(&"0.0".parse::<Ruleset>()?)); // no move at all
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
/// assert_eq!(table, values::compute_with(&g, 3000, naive, &mut grundy::values::silent)?);
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
    let stats = extend(
        ruleset,
        &mut table,
        len,
        Tuning::default(),
        &mut crate::values::silent,
    )?;
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
/// the worst case (no good mask). Memory: the table plus O(R + K), and
/// while blocks are read ahead two rows of K bytes for each heap of a block
/// (blocks of 512 heaps, growing to 2048 past 2^26 heaps).
pub fn extend(
    ruleset: &Ruleset,
    table: &mut ValueTable,
    len: usize,
    tuning: Tuning,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<SparseStats> {
    Computation::new(ruleset, table, tuning)?.extend(table, len, progress)
}

/// The sparse engine with its state kept between calls, for a table
/// extended in steps: [`extend`] rebuilds the state from the whole table,
/// O(N), which at 2^31 heaps took longer than a step of ten seconds.
///
/// ```
/// use grundy::{Ruleset, ValueTable, values::sparse::{self, Computation, Tuning}};
/// let g: Ruleset = "grundy".parse()?;
/// let mut table = ValueTable::new();
/// let mut engine = Computation::new(&g, &mut table, Tuning::default())?;
/// for len in [1000, 2000, 3000] {
///     engine.extend(&mut table, len, &mut grundy::values::silent)?;
/// }
/// assert_eq!(table, sparse::compute(&g, 2999)?.0);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug)]
pub struct Computation {
    state: State,
    tuning: Tuning,
}

impl Computation {
    /// The engine for `ruleset`, its state built from the values in
    /// `table`.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] if the engine does not apply ([`applies`]).
    pub fn new(ruleset: &Ruleset, table: &mut ValueTable, tuning: Tuning) -> Result<Computation> {
        let shape = Shape::of(ruleset).ok_or_else(|| does_not_apply(ruleset))?;
        let mut state = State::new(shape, tuning.mask, table);
        state.spread = tuning.spread / SPREAD_ROUND * SPREAD_ROUND;
        Ok(Computation { state, tuning })
    }

    /// Extends `table` to `len` values, as [`extend`] does. The state is
    /// rebuilt first only if `table` is not as long as the engine left it
    /// (another table, or one changed meanwhile); the statistics returned
    /// count the work of this call.
    ///
    /// # Errors
    /// As [`extend`].
    pub fn extend(
        &mut self,
        table: &mut ValueTable,
        len: usize,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<SparseStats> {
        let tuning = self.tuning;
        let state = &mut self.state;
        if state.len != table.len() as u64 {
            let spread = state.spread;
            *state = State::new(state.shape.clone(), tuning.mask, table);
            state.spread = spread;
        }
        state.start_counting();
        table.set_capacity_hint(len);
        loop {
            let outcome = table.visit_mut(Run {
                state: &mut *state,
                len,
                tuning,
                progress: &mut *progress,
            });
            table.raise_max(state.max);
            match outcome? {
                Grow::Done => break,
                // Too many values kept aside: two bytes a heap or more.
                Grow::Crowded => {
                    state.spare_rows = Vec::new();
                    table.widen_if_crowded()?;
                }
                Grow::Wider(wider) => {
                    let n = table.len();
                    // The table is copied to a wider one: give back what the
                    // engine holds first, as the two tables are briefly alive
                    // together.
                    state.spare_rows = Vec::new();
                    table.try_push(Nimber::new(wider))?;
                    state.record(n, wider);
                }
            }
        }
        report(progress, len, len)?;
        Ok(state.stats())
    }
}

/// The error for a game the engine does not apply to ([`applies`]).
pub(crate) fn does_not_apply(ruleset: &Ruleset) -> Error {
    Error::input(format!(
        "the sparse engine applies to Grundy's game and to take-and-break codes that split a heap in two, not to {ruleset}; use --engine auto or --engine naive"
    ))
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
    /// The values below `K` by class, as bit sets of 64-value words.
    rare_bits: Vec<u64>,
    common_bits: Vec<u64>,
    /// The option values of the current heap found so far, a word at a
    /// time up to the word of the least common value missing.
    present: Vec<u64>,
    /// `seen[v] == stamp` when `v` is an option value of the current heap:
    /// a new heap takes a new stamp instead of clearing the array (which is
    /// cleared when the byte wraps), and the marks are plain stores, with no
    /// read-modify-write chain between them. Heaps with a row read ahead
    /// are marked in their row instead.
    seen: Vec<u8>,
    stamp: u8,
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
    trial: SpreadTrial,
    /// For each take, how many old rare heaps are near and how many new
    /// ones lie below the heap ([`State::value_of`]): they only grow within
    /// a block.
    cursors: Vec<(usize, usize)>,
    /// Buffers of rows read ahead, kept for the next blocks: two circulate
    /// while blocks are read ahead beside each other.
    spare_rows: Vec<Vec<u8>>,
    heaps: u64,
    len: u64,
}

/// How a run on the typed storage ended.
enum Grow {
    /// Every value asked for is in.
    Done,
    /// This value does not fit the storage: widen and push it.
    Wider(u64),
    /// So many values are kept aside that the table should widen.
    Crowded,
}

/// Extends the typed storage; stops with [`Grow::Wider`] when a value does
/// not fit the current width.
struct Run<'a> {
    state: &'a mut State,
    len: usize,
    tuning: Tuning,
    progress: &'a mut dyn FnMut(Progress) -> ControlFlow<()>,
}

impl Visit for Run<'_> {
    type Output = Result<Grow>;

    fn visit<V: Values>(self, values: &mut V) -> Self::Output {
        let Run {
            state,
            len,
            tuning,
            progress,
        } = self;
        let more = len.saturating_sub(values.len());
        if !values.try_reserve_exact(more) {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "cannot allocate {} more values of {} bits; ask for fewer heaps",
                    more,
                    V::BITS
                ),
            ));
        }
        // What the second core read ahead for the next block while this one
        // was finished.
        let mut pending: Option<Ahead> = None;
        let mut block = V::empty();
        let nothing = V::empty();
        while values.len() < len {
            if values.crowded() {
                return Ok(Grow::Crowded);
            }
            let start = values.len();
            if start >= state.next_review || state.rare.len() > state.rare_limit {
                state.review(values.window());
            }
            // Costly heaps are read ahead on the second core; cheap ones
            // only have their far rare parts read, for 64 heaps at a time on
            // this thread (a column of 64 heaps costs fewer steps than 64
            // heaps one by one).
            let columns = state.reads_ahead(start, tuning);
            let reads_ahead = columns && state.work_per_heap() >= tuning.min_work;
            let heaps = if reads_ahead {
                tuning.block_at(start)
            } else {
                COLUMN
            };
            let end = state.block_end(start, len, heaps);
            let reads_ahead = reads_ahead && end - start > 1;
            let mut ahead = match pending.take() {
                Some(ahead)
                    if ahead.reach.first == start
                        && ahead.reach.end == end
                        && ahead.reach.mask == state.mask
                        && ahead.width == state.seen.len() =>
                {
                    ahead
                }
                _ if columns => {
                    let mut counts = Counts::default();
                    let job = state.far_job(start, end, tuning, reads_ahead);
                    let ahead = job.read(values.window(), &mut counts);
                    state.add(counts);
                    ahead
                }
                _ => Ahead::none(start),
            };
            // The next block is read ahead beside this one, from the values
            // before this one.
            let next = (reads_ahead && end < len && end < state.next_review).then(|| {
                let stop = state.block_end(end, len, tuning.block_at(end));
                state.far_job(end, stop, tuning, true)
            });
            let Some(job) = next else {
                // Nothing to do beside the block: finish it in the table.
                let stop = state.finish_block(nothing.window(), values, 0, end, &mut ahead);
                state.keep_rows(ahead.rows);
                report_block(progress, values.len(), len)?;
                match stop {
                    Stop::End | Stop::Review | Stop::Grown => continue,
                    Stop::Wider(value) => return Ok(Grow::Wider(value)),
                }
            };
            // The block is finished in a copy of the table's end, from where
            // the parts of the near rare heaps lie: the table is read by the
            // other thread meanwhile.
            let tail_from = ahead.reach.limit.min(start.saturating_sub(BACK));
            block.clear();
            block.extend_from(values.window().range(tail_from, values.len()));
            let done = values.window();
            let (stop, (next_ahead, next_counts)) = rayon::join(
                || state.finish_block(done, &mut block, tail_from, end, &mut ahead),
                || {
                    let mut counts = Counts::default();
                    let ahead = job.read(done, &mut counts);
                    (ahead, counts)
                },
            );
            values.extend_from(block.window().range(start - tail_from, block.len()));
            state.keep_rows(ahead.rows);
            state.add(next_counts);
            report_block(progress, values.len(), len)?;
            match stop {
                Stop::End => pending = Some(next_ahead),
                Stop::Review | Stop::Grown => {}
                Stop::Wider(value) => return Ok(Grow::Wider(value)),
            }
        }
        Ok(Grow::Done)
    }
}

/// Byte generation stamps of option values: `v` is marked for the current
/// heap when its stamp is the current one, and the stamps are cleared when
/// the stamp wraps, every 255 heaps. Arrays of a power-of-two length `N`
/// above every option value let the hot loops index without bounds checks
/// (`v % N` is `v`); a slice serves larger values.
trait Marks {
    fn set(&mut self, v: usize, stamp: u8);
    fn has(&self, v: usize, stamp: u8) -> bool;
    fn clear(&mut self);
    fn bytes(&self) -> &[u8];
    /// A row of marks as stamps of this kind.
    fn of(row: &mut [u8]) -> &mut Self;
    /// The values `64·w..64·w + 64` marked with `stamp`, as bits.
    #[inline(always)]
    fn word(&self, w: usize, stamp: u8) -> u64 {
        stamped_bits(&self.bytes()[w * 64..w * 64 + 64], stamp)
    }
}

impl<const N: usize> Marks for [u8; N] {
    #[inline(always)]
    fn set(&mut self, v: usize, stamp: u8) {
        self[v % N] = stamp;
    }
    #[inline(always)]
    fn has(&self, v: usize, stamp: u8) -> bool {
        self[v % N] == stamp
    }
    fn clear(&mut self) {
        self.fill(0);
    }
    #[inline(always)]
    fn bytes(&self) -> &[u8] {
        self
    }
    #[inline(always)]
    fn of(row: &mut [u8]) -> &mut Self {
        row.try_into().expect("a row as long as the stamps")
    }
}

impl Marks for [u8] {
    #[inline(always)]
    fn set(&mut self, v: usize, stamp: u8) {
        self[v] = stamp;
    }
    #[inline(always)]
    fn has(&self, v: usize, stamp: u8) -> bool {
        self[v] == stamp
    }
    fn clear(&mut self) {
        self.fill(0);
    }
    #[inline(always)]
    fn bytes(&self) -> &[u8] {
        self
    }
    #[inline(always)]
    fn of(row: &mut [u8]) -> &mut Self {
        row
    }
}

/// The length of the stamps for values below `bound` (a power of two):
/// at least 256.
fn marks_len(bound: usize) -> usize {
    bound.max(256)
}

/// Calls `$body` with `$marks` bound to the stamps `$seen` (a `[u8]` of
/// power-of-two length at least 256) as the fixed-size array of its length
/// when there is one, so that each gets its own unchecked copy of the code.
macro_rules! with_marks {
    ($seen:expr, |$marks:ident| $body:expr) => {{
        let seen: &mut [u8] = $seen;
        match seen.len() {
            256 => {
                let $marks: &mut [u8; 256] = seen.try_into().expect("256 stamps");
                $body
            }
            512 => {
                let $marks: &mut [u8; 512] = seen.try_into().expect("512 stamps");
                $body
            }
            1024 => {
                let $marks: &mut [u8; 1024] = seen.try_into().expect("1024 stamps");
                $body
            }
            _ => {
                let $marks: &mut [u8] = seen;
                $body
            }
        }
    }};
}

/// Heaps whose far parts are read at once, each part for all of them.
const COLUMN: usize = 64;

/// Values copied from the end of the table before each block: every run of
/// values the scans read at once is at most this long, so it lies either in
/// the table or in the block being finished.
const BACK: usize = SCAN_CHUNK;

/// Tells `progress` that the heaps up to `stop` of `len` are finished.
/// Blocks take milliseconds, so every one is reported: a request to stop is
/// seen at the end of the block.
///
/// # Errors
/// [`ErrorKind::Interrupted`] when `progress` asks to stop.
fn report_block(
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    stop: usize,
    len: usize,
) -> Result<()> {
    report_every(progress, stop, len, 1)
}

/// Why the finishing of a block stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// Every heap of the block is done.
    End,
    /// The rare list grew too long: review the mask before going on.
    Review,
    /// A value reached a new power of two: the stamps were resized.
    Grown,
    /// This value does not fit the table's width; the heaps before it are
    /// done.
    Wider(u64),
}

/// Splits read, added up apart from the state while another thread holds it.
#[derive(Clone, Copy, Debug, Default)]
struct Counts {
    rare_pairs: u64,
    scan_pairs: u64,
}

/// The values `G(0..n)` while heap `n` of a block is computed: `done`
/// below `tail_from`, `tail` from there on. While another thread reads the
/// table, `tail` is a copy of its end followed by the block so far;
/// otherwise it is the whole table.
struct View<W> {
    done: W,
    tail: W,
    tail_from: usize,
}

impl<W: Window> View<W> {
    #[inline(always)]
    fn get(&self, x: usize) -> u64 {
        if x >= self.tail_from {
            self.tail.get(x - self.tail_from)
        } else {
            self.done.get(x)
        }
    }

    /// The values `lo..hi`, at most [`BACK`] of them.
    #[inline(always)]
    fn range(&self, lo: usize, hi: usize) -> W {
        if lo >= self.tail_from {
            self.tail.range(lo - self.tail_from, hi - self.tail_from)
        } else {
            self.done.range(lo, hi)
        }
    }
}

/// What to read ahead for the heaps `first..end`: every split whose parts
/// both lie in the table `g` handed to [`FarJob::read`], with a rare part
/// from the rare heaps known when the job was made, and the first
/// `read_ahead` splits near half the heap.
#[derive(Debug)]
struct FarJob {
    /// Whether to read on both cores (rayon) or on this thread.
    parallel: bool,
    /// A buffer for the rows of marks, reused from an earlier block.
    rows: Vec<u8>,
    rare: Vec<(usize, u64)>,
    shape: Shape,
    bound: usize,
    mask: u64,
    first: usize,
    end: usize,
    read_ahead: usize,
    /// Smaller parts of the spread scan, and its rounds read ahead.
    spread: usize,
    spread_rounds: usize,
}

impl FarJob {
    /// Reads the splits of the job from `g` (the values below the job's
    /// limit): 64 heaps at a time, in parallel (rayon) if the job says so,
    /// else on this thread.
    fn read<W: Window>(self, g: W, counts: &mut Counts) -> Ahead {
        match marks_len(self.bound) {
            256 => self.read_with::<W, 256>(g, counts),
            512 => self.read_with::<W, 512>(g, counts),
            1024 => self.read_with::<W, 1024>(g, counts),
            2048 => self.read_with::<W, 2048>(g, counts),
            _ => self.read_with::<W, MAX_READ_AHEAD_BOUND>(g, counts),
        }
    }

    /// [`FarJob::read`] for values below `B`.
    ///
    /// A far part `p` (a rare heap, or a smaller part of a spread run) is
    /// read for 64 heaps at a time: their other parts `n − t − p` are
    /// consecutive, and each heap has its own row of `B` byte marks, so the
    /// marks of one part are independent stores with no bounds checks. The
    /// rows go to the thread that finishes the block, which marks the rest
    /// of each heap's options in them.
    fn read_with<W: Window, const B: usize>(self, g: W, counts: &mut Counts) -> Ahead {
        const ROWS: usize = COLUMN;
        let FarJob {
            parallel,
            rows,
            rare,
            shape,
            bound: _,
            mask,
            first,
            end,
            read_ahead,
            spread,
            spread_rounds,
        } = self;
        let limit = g.len();
        // The smaller parts of the spread runs read ahead, with their
        // values: whole runs from `a`, where `a + limit > n − t`.
        let stride = spread / SPREAD_STREAMS;
        let spread_parts: Vec<(usize, u64)> = (0..stride)
            .step_by(SPREAD_RUN)
            .take(spread_rounds)
            .flat_map(|i| (0..SPREAD_STREAMS).map(move |j| j * stride + i + 1))
            .flat_map(|a| a..a + SPREAD_RUN)
            .filter(|&p| p < limit)
            .map(|p| (p, g.get(p)))
            .collect();
        let mut buffer = rows;
        buffer.clear();
        buffer.resize((end - first) * B, 0);
        let (marks, _) = buffer.as_chunks_mut::<B>();
        let stamp = ROW_MARK;
        let read = |(chunk, rows): (usize, &mut [[u8; B]])| {
            let c = first + chunk * ROWS;
            let mut pairs = [0u64; 2];
            for &t in &shape.splits {
                for (list, kind) in [(&rare[..], 0), (&spread_parts[..], 1)] {
                    for &(p, v) in list {
                        // The heaps n of the chunk where `p + (n − t − p)`
                        // is a split with its other part below `limit`.
                        let lo = c.max(p + t + 1);
                        let hi = (c + rows.len()).min(limit + p + t);
                        if lo >= hi {
                            continue;
                        }
                        let equal = 2 * p + t;
                        let mut column = |lo: usize, hi: usize| {
                            if lo < hi {
                                g.range(lo - t - p, hi - t - p).mark_column(
                                    &mut rows[lo - c..hi - c],
                                    v,
                                    stamp,
                                );
                                pairs[kind] += (hi - lo) as u64;
                            }
                        };
                        if shape.unequal && (lo..hi).contains(&equal) {
                            column(lo, equal);
                            column(equal + 1, hi);
                        } else {
                            column(lo, hi);
                        }
                    }
                }
            }
            // Splits near half the heap, heap by heap: two runs of
            // consecutive values each.
            for (i, row) in rows.iter_mut().enumerate() {
                let n = c + i;
                for &t in &shape.splits {
                    if t + 2 > n {
                        continue;
                    }
                    let rest = n - t;
                    let half = largest_smaller_part(rest, shape.unequal);
                    let meet = half.div_ceil(2);
                    let m = middle_prefix(rest, half, meet, limit, read_ahead);
                    if m == 0 {
                        continue;
                    }
                    let small = g.range(half + 1 - m, half + 1);
                    let large = g.range(rest - half, rest - half + m);
                    W::xor_reversed(small, large, |x| row[x % B] = stamp);
                    pairs[1] += m as u64;
                }
            }
            (pairs[0], pairs[1])
        };
        let add = |a: (u64, u64), b: (u64, u64)| (a.0 + b.0, a.1 + b.1);
        let (rare_pairs, scan_pairs) = if parallel {
            marks
                .par_chunks_mut(ROWS)
                .enumerate()
                .map(read)
                .reduce(|| (0, 0), add)
        } else {
            marks
                .chunks_mut(ROWS)
                .enumerate()
                .map(read)
                .fold((0, 0), add)
        };
        counts.rare_pairs += rare_pairs;
        counts.scan_pairs += scan_pairs;
        Ahead {
            reach: Reach {
                first,
                end,
                limit,
                mask,
                rare_len: rare.len(),
                read_ahead,
                spread_rounds,
            },
            width: B,
            rows: buffer,
        }
    }
}

/// The bits of the bytes of `bytes` (64 of them) equal to `stamp`, eight
/// bytes at a time: a byte of `x = bytes ⊕ stamp` is zero exactly when its
/// high bit survives `!(((x & 0x7f…) + 0x7f…) | x | 0x7f…)` (no carry
/// crosses a byte), and multiplying the bytes' 0/1 by `0x0102040810204080`
/// gathers them, in order, in the top byte (the partial products land on
/// distinct bits, so nothing carries into it).
#[inline(always)]
fn stamped_bits(bytes: &[u8], stamp: u8) -> u64 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let splat = u64::from(stamp) * 0x0101_0101_0101_0101;
    bytes
        .chunks_exact(8)
        .enumerate()
        .fold(0, |word, (k, eight)| {
            let x = u64::from_le_bytes(eight.try_into().expect("eight bytes")) ^ splat;
            let zero = !(((x & LOW) + LOW) | x | LOW) >> 7;
            word | (zero.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k)
        })
}

/// Option values of the heaps of a block, read from the values before
/// `limit` while the block could not yet be finished: a row of marks a
/// heap ([`ROW_MARK`] where read), and which splits were read.
#[derive(Debug)]
struct Ahead {
    reach: Reach,
    /// Marks a heap; 0 when nothing was read ahead.
    width: usize,
    rows: Vec<u8>,
}

/// The mark of an option value in a row read ahead.
const ROW_MARK: u8 = 1;

impl Ahead {
    /// Nothing read ahead for the block from `first`.
    fn none(first: usize) -> Ahead {
        Ahead {
            reach: Reach {
                first,
                end: first,
                limit: first,
                mask: 0,
                rare_len: 0,
                read_ahead: 0,
                spread_rounds: 0,
            },
            width: 0,
            rows: Vec::new(),
        }
    }
}

/// Which splits of a block were read ahead.
#[derive(Clone, Copy, Debug)]
struct Reach {
    /// The block, `first..end`.
    first: usize,
    end: usize,
    /// Every part read ahead lies below it.
    limit: usize,
    /// The mask whose rare list was read.
    mask: u64,
    /// Rare-list entries that existed when the block was read ahead: those
    /// with the other part below `limit` were read.
    rare_len: usize,
    read_ahead: usize,
    /// Rounds of the spread scan read ahead: their runs of splits whose
    /// parts both lie below `limit`.
    spread_rounds: usize,
}

impl Reach {
    /// Whether the run of spread-scan splits from smaller part `a` of
    /// `rest` in round `round` was read ahead.
    #[inline]
    fn has_run(&self, round: usize, a: usize, rest: usize) -> bool {
        round < self.spread_rounds && a + self.limit > rest
    }

    /// How many splits of the middle stream of a take were read ahead.
    #[inline]
    fn middle(&self, rest: usize, half: usize, meet: usize) -> usize {
        middle_prefix(rest, half, meet, self.limit, self.read_ahead)
    }
}

/// The splits of the middle stream (smaller part `half`, `half − 1`, …) that
/// can be read before heap `limit` exists: both parts below `limit`.
#[inline]
fn middle_prefix(rest: usize, half: usize, meet: usize, limit: usize, read_ahead: usize) -> usize {
    let m = read_ahead.min(half - meet);
    if m > 0 && rest - half + m <= limit {
        m
    } else {
        0
    }
}

/// Marks the values of the splits `r + (rest − r)` for the rare heaps `r` of
/// `rare` (all below `rest`), leaving out the equal split in Grundy's game,
/// reading `G(rest − r)` from `src[rest − r − offset]`. Returns how many
/// splits were read.
#[inline(always)]
fn mark_rare<W: Window, M: Marks + ?Sized>(
    seen: &mut M,
    stamp: u8,
    (src, offset): (W, usize),
    rare: &[(usize, u64)],
    rest: usize,
    unequal: bool,
) -> u64 {
    let equal = if unequal && rest.is_multiple_of(2) {
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
            seen.set((v ^ src.get(rest - r - offset)) as usize, stamp);
        }
    }
    (before.len() + after.len()) as u64
}

/// [`mark_rare`] reading the other parts through `view`.
#[inline(always)]
fn mark_rare_view<W: Window, M: Marks + ?Sized>(
    seen: &mut M,
    stamp: u8,
    view: &View<W>,
    rare: &[(usize, u64)],
    rest: usize,
    unequal: bool,
) -> u64 {
    // Small rare heaps leave a large part, in the block or just before it.
    let Some(&(last, _)) = rare.last() else {
        return 0;
    };
    if last + view.tail_from <= rest {
        return mark_rare(
            seen,
            stamp,
            (view.tail, view.tail_from),
            rare,
            rest,
            unequal,
        );
    }
    let split = rare.partition_point(|&(r, _)| r + view.tail_from <= rest);
    mark_rare(
        seen,
        stamp,
        (view.tail, view.tail_from),
        &rare[..split],
        rest,
        unequal,
    ) + mark_rare(seen, stamp, (view.done, 0), &rare[split..], rest, unequal)
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
            heaps: 0,
            len: 0,
        };
        state.resize_bits();
        table.visit_mut(Rebuild(&mut state));
        state.mask_changes = 0;
        state
    }

    /// Zeroes the counts of work and mask changes that [`State::stats`]
    /// reports, at the start of a call.
    fn start_counting(&mut self) {
        self.mask_changes = 0;
        self.rare_pairs = 0;
        self.scan_pairs = 0;
        self.full_scans = 0;
        self.heaps = 0;
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
    fn review<W: Window>(&mut self, values: W) {
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
            (1..n)
                .map(|x| (x, values.get(x)))
                .filter(|&(_, v)| is_rare(v, self.mask)),
        );
        self.next_review = n.max(64).saturating_mul(2);
        self.rare_limit = self.rare.len().saturating_mul(2).max(256);
    }

    /// Sizes `seen` for values `0..K` and sorts the values into classes.
    fn resize_bits(&mut self) {
        let bound = self.histogram.len() as u64;
        self.seen = vec![0; marks_len(bound as usize)];
        self.stamp = 0;
        let mask = self.mask;
        let class = |rare: bool| -> Vec<u64> {
            (0..bound.div_ceil(64))
                .map(|w| {
                    (0..64)
                        .map(|b| w * 64 + b)
                        .filter(|&v| v < bound && is_rare(v, mask) == rare)
                        .fold(0, |word, v| word | 1 << (v % 64))
                })
                .collect()
        };
        self.rare_bits = class(true);
        self.common_bits = class(false);
    }

    /// Splits read a heap on average so far in this run, or the length of
    /// the rare list before the first heap.
    fn work_per_heap(&self) -> u64 {
        match self.heaps {
            0 => self.rare.len() as u64,
            heaps => (self.rare_pairs + self.scan_pairs) / heaps,
        }
    }

    /// Adds splits read elsewhere to the statistics.
    fn add(&mut self, counts: Counts) {
        self.rare_pairs += counts.rare_pairs;
        self.scan_pairs += counts.scan_pairs;
    }

    /// The end of the block of `block` heaps from `start`: a block ends at
    /// a review.
    fn block_end(&self, start: usize, len: usize, block: usize) -> usize {
        len.min(self.next_review.max(start + 1))
            .min(start.saturating_add(block.max(1)))
    }

    /// Whether the block from `start` is worth reading ahead: far enough,
    /// with few values (reading ahead keeps K bits a heap of the block).
    fn reads_ahead(&self, start: usize, tuning: Tuning) -> bool {
        start >= tuning.parallel_from && self.histogram.len() <= MAX_READ_AHEAD_BOUND
    }

    /// The reading ahead of the block `first..end`, with the rare list as it
    /// is now: on both cores with the splits near half the heap and the
    /// spread runs if `parallel`, else only the far rare parts, on this
    /// thread.
    fn far_job(&mut self, first: usize, end: usize, tuning: Tuning, parallel: bool) -> FarJob {
        FarJob {
            parallel,
            rows: self.spare_rows.pop().unwrap_or_default(),
            rare: self.rare.clone(),
            shape: self.shape.clone(),
            bound: self.histogram.len(),
            mask: self.mask,
            first,
            end,
            read_ahead: if parallel { tuning.read_ahead } else { 0 },
            spread: self.spread,
            spread_rounds: if parallel { tuning.spread_ahead } else { 0 },
        }
    }

    /// Keeps a buffer of rows for a later block.
    fn keep_rows(&mut self, rows: Vec<u8>) {
        if rows.capacity() > 0 && self.spare_rows.len() < 2 {
            self.spare_rows.push(rows);
        }
    }

    /// Computes the heaps from `tail_from + block.len()` to `end`, from
    /// what was read ahead and the values before them: those from
    /// `tail_from` on in `block`, where the new ones are pushed, and those
    /// before in `done`.
    fn finish_block<V: Values>(
        &mut self,
        done: V::Window<'_>,
        block: &mut V,
        tail_from: usize,
        end: usize,
        ahead: &mut Ahead,
    ) -> Stop {
        let mut seen = std::mem::take(&mut self.seen);
        let stop = with_marks!(&mut seen[..], |marks| self
            .finish_block_with(marks, done, block, tail_from, end, ahead));
        // A new value bound brings new stamps ([`State::resize_bits`]).
        if self.seen.is_empty() {
            self.seen = seen;
        }
        stop
    }

    fn finish_block_with<V: Values, M: Marks + ?Sized>(
        &mut self,
        seen: &mut M,
        done: V::Window<'_>,
        block: &mut V,
        tail_from: usize,
        end: usize,
        ahead: &mut Ahead,
    ) -> Stop {
        let bound = self.histogram.len();
        let reach = ahead.reach;
        self.cursors.clear();
        self.cursors.resize(self.shape.splits.len(), (0, 0));
        let rows = (ahead.width > 0).then(|| ahead.rows.chunks_exact_mut(ahead.width));
        let mut rows = rows.into_iter().flatten();
        for n in tail_from + block.len()..end {
            let view = View {
                done: V::shorten(done),
                tail: block.window(),
                tail_from,
            };
            // The heap's row read ahead, if any, takes the rest of its
            // marks; otherwise the stamps do.
            let value = match rows.next() {
                Some(row) => self.value_of(M::of(row), ROW_MARK, &view, n, &reach),
                None => {
                    self.stamp = self.stamp.wrapping_add(1);
                    if self.stamp == 0 {
                        seen.clear();
                        self.stamp = 1;
                    }
                    self.value_of(seen, self.stamp, &view, n, &reach)
                }
            };
            if !block.push(value) {
                return Stop::Wider(value);
            }
            self.record(n, value);
            if self.rare.len() > self.rare_limit {
                return Stop::Review;
            }
            if self.histogram.len() != bound {
                // New stamps for the larger values: go on with them.
                return Stop::Grown;
            }
        }
        Stop::End
    }
    /// `G(n)` from `G(0..n)`, read through `view`, and what was read ahead
    /// for it.
    #[inline]
    fn value_of<W: Window, M: Marks + ?Sized>(
        &mut self,
        seen: &mut M,
        stamp: u8,
        view: &View<W>,
        n: usize,
        ahead: &Reach,
    ) -> u64 {
        let shape = &self.shape;
        for &t in &shape.ends {
            if t == n {
                seen.set(0, stamp);
            }
        }
        for &t in &shape.leaves {
            if t < n {
                seen.set(view.get(n - t) as usize, stamp);
            }
        }
        // Step 1: every split with a rare part not read ahead: the near
        // ones among the rare heaps the block was read ahead with, and those
        // found since.
        let mut pairs = 0u64;
        let (old, new) = self.rare.split_at(ahead.rare_len);
        for (&t, (near, below)) in shape.splits.iter().zip(&mut self.cursors) {
            if t + 2 > n {
                continue;
            }
            let rest = n - t;
            // Both ends only move up from one heap to the next.
            while old
                .get(*near)
                .is_some_and(|&(r, _)| r < rest && r + ahead.limit <= rest)
            {
                *near += 1;
            }
            pairs += mark_rare_view(seen, stamp, view, &old[..*near], rest, shape.unequal);
            while new.get(*below).is_some_and(|&(r, _)| r < rest) {
                *below += 1;
            }
            pairs += mark_rare_view(seen, stamp, view, &new[..*below], rest, shape.unequal);
        }
        self.rare_pairs += pairs;
        // Option values are below K, so the mex is at most K: the least common
        // value missing below K, or K.
        let bound = self.histogram.len() as u64;
        let present = &mut self.present;
        present.clear();
        let mut common_mex = bound;
        for (w, &common) in self.common_bits.iter().enumerate() {
            let found = seen.word(w, stamp);
            present.push(found);
            let missing = common & !found;
            if missing != 0 {
                common_mex = (w * 64) as u64 + u64::from(missing.trailing_zeros());
                break;
            }
        }
        let want = &mut self.want;
        want.clear();
        for (w, (&found, &rare)) in present.iter().zip(&self.rare_bits).enumerate() {
            let base = (w * 64) as u64;
            let below = match common_mex - base {
                64.. => u64::MAX,
                b => (1u64 << b) - 1,
            };
            let mut missing = rare & !found & below;
            while missing != 0 {
                want.push(base + u64::from(missing.trailing_zeros()));
                missing &= missing - 1;
            }
        }
        if want.is_empty() {
            return common_mex;
        }
        // Step 2: scan every split, a chunk at a time, until each rare value
        // below `common_mex` has turned up; after the first chunk, the spread
        // scan ([`spread_scan`]) reads ahead of it.
        let mut scanned = 0u64;
        let mut from = 0;
        let found_all = loop {
            let to = if from == 0 {
                FIRST_CHUNK
            } else {
                from + SCAN_CHUNK
            };
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
                    mark_xors(
                        seen,
                        stamp,
                        view.range(from + 1, end + 1),
                        view.range(rest - end, rest - from),
                    );
                    scanned += (end - from) as u64;
                }
                let skip = ahead.middle(rest, half, meet);
                let (lo, end) = (skip + from, (skip + to).min(half - meet));
                if lo < end {
                    more = true;
                    mark_xors(
                        seen,
                        stamp,
                        view.range(half + 1 - end, half + 1 - lo),
                        view.range(rest - half + lo, rest - half + end),
                    );
                    scanned += (end - lo) as u64;
                }
            }
            want.retain(|&v| !seen.has(v as usize, stamp));
            if from == 0 && !want.is_empty() && self.trial.spreads(n) {
                scanned += spread_scan(seen, stamp, view, (shape, self.spread), n, want, ahead);
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
        self.trial.count(n, scanned);
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
fn spread_scan<W: Window, M: Marks + ?Sized>(
    seen: &mut M,
    stamp: u8,
    view: &View<W>,
    (shape, spread): (&Shape, usize),
    n: usize,
    want: &mut Vec<u64>,
    ahead: &Reach,
) -> u64 {
    if !spread_applies(shape, spread, n) {
        return 0;
    }
    let stride = spread / SPREAD_STREAMS;
    let mut scanned = 0;
    for (round, i) in (0..stride).step_by(SPREAD_RUN).enumerate() {
        for &t in &shape.splits {
            for j in 0..SPREAD_STREAMS {
                // Smaller parts a..a + RUN, all at most `spread`, hence at
                // most half of `n − t`.
                let a = j * stride + i + 1;
                if !ahead.has_run(round, a, n - t) {
                    mark_run(seen, stamp, view, a, n - t);
                    scanned += SPREAD_RUN as u64;
                }
            }
        }
        want.retain(|&v| !seen.has(v as usize, stamp));
        if want.is_empty() {
            break;
        }
    }
    scanned
}

/// Heaps between two trials of the spread scan.
const TRIAL_EVERY: usize = 1 << 15;
/// Heaps a trial spends with the spread scan, and as many without.
const TRIAL_HEAPS: usize = 1 << 10;

/// Whether the spread scan pays for this game here: it finds the missing
/// values of Grundy's game and 0.6 in half as many splits as the in-order
/// scan, but those of 0.354 turn up among the first smaller parts, and for
/// 0.354 it reads more. Every [`TRIAL_EVERY`] heaps, [`TRIAL_HEAPS`] heaps
/// are scanned with it and as many without, and the scan that read fewer
/// splits is used until the next trial. Values are exact either way.
#[derive(Clone, Copy, Debug, Default)]
struct SpreadTrial {
    /// Scanning without the spread scan won the last trial.
    off: bool,
    /// Splits scanned during the current trial, with and without.
    with: u64,
    without: u64,
}

impl SpreadTrial {
    /// Whether heap `n` uses the spread scan.
    #[inline]
    fn spreads(&self, n: usize) -> bool {
        match n % TRIAL_EVERY {
            phase if phase < TRIAL_HEAPS => true,
            phase if phase < 2 * TRIAL_HEAPS => false,
            _ => !self.off,
        }
    }

    /// Counts the splits scanned for heap `n`.
    #[inline]
    fn count(&mut self, n: usize, scanned: u64) {
        match n % TRIAL_EVERY {
            phase if phase < TRIAL_HEAPS => self.with += scanned,
            phase if phase < 2 * TRIAL_HEAPS => self.without += scanned,
            _ if self.with + self.without > 0 => {
                self.off = self.without < self.with;
                self.with = 0;
                self.without = 0;
            }
            _ => {}
        }
    }
}

/// Whether heap `n` is large enough for the spread scan over smaller parts
/// `1..=spread`: every take leaves them all.
#[inline]
fn spread_applies(shape: &Shape, spread: usize, n: usize) -> bool {
    spread > 0
        && shape
            .splits
            .iter()
            .all(|&t| n >= t && largest_smaller_part(n - t, shape.unequal) >= spread)
}

/// Marks the values of the [`SPREAD_RUN`] splits `x + (rest − x)` for `x`
/// from `a`: a fixed number, so the loop unrolls.
#[inline(always)]
fn mark_run<W: Window, M: Marks + ?Sized>(
    seen: &mut M,
    stamp: u8,
    view: &View<W>,
    a: usize,
    rest: usize,
) {
    let small = view.range(a, a + SPREAD_RUN);
    let large = view.range(rest + 1 - a - SPREAD_RUN, rest + 1 - a);
    W::xor_reversed(small, large, |x| seen.set(x, stamp));
}

/// Marks `small[i] ⊕ large[len − 1 − i]` as seen: the splits whose parts
/// are read from both ends of two windows.
#[inline(always)]
fn mark_xors<W: Window, M: Marks + ?Sized>(seen: &mut M, stamp: u8, small: W, large: W) {
    W::xor_reversed(small, large, |x| seen.set(x, stamp));
}

#[cfg(test)]
mod tests {
    use super::stamped_bits;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn stamped_bits_are_the_bytes_equal_to_the_stamp(
            bytes in prop::collection::vec(prop::sample::select(vec![0u8, 1, 2, 0x7f, 0x80, 0x81, 0xfe, 0xff]), 64),
            stamp in prop::sample::select(vec![0u8, 1, 2, 0x7f, 0x80, 0x81, 0xfe, 0xff]),
        ) {
            let expected = bytes
                .iter()
                .enumerate()
                .fold(0u64, |word, (b, &f)| word | u64::from(f == stamp) << b);
            prop_assert_eq!(stamped_bits(&bytes, stamp), expected);
        }
    }
}
