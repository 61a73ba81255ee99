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
//! Once a block is finished, the next one, read ahead from the values
//! before the block just finished, is *caught up* on every thread: the
//! splits whose other part lies in that block, read the same way, so that
//! the finishing thread is left only the splits within its own block (the
//! rare parts below about half a block, the first splits of the lazy scan
//! from the small end). Of those it reads the rare ones in columns too,
//! before each 64 heaps of the block: those whose other part lies in the
//! block before them, each heap left its splits within its own 64. On
//! wider pools, those whose other part lies far enough back are read by
//! another thread as soon as that part is finished ([`Tuning::wave_lag`]),
//! and so is the next block's catching up, for its rare parts, as far as
//! the block is finished ([`Tuning::catch_up_beside`]). With
//! more threads, more rounds of the spread scan
//! are read ahead ([`Tuning::spread_rounds`]): work that may be in vain,
//! done where threads idle, taken off the one thread nothing can help.
//! And for each heap whose row read so far lacks a rare value below its
//! least missing common one, the reading goes on with the spread scan,
//! round by round, until the row has them ([`Tuning::deepen_from`]): the
//! rounds the finishing thread would have scanned itself, nearly one for
//! one, read before it needs them.
//! On pools of three threads or more the catching up goes on with those
//! rounds from its completed rows ([`Tuning::catch_up_deepens`]).
//! Heaps too cheap for a second core (0.354's) still get their far rare
//! parts read that way, 64 heaps at a time, on the one thread.
//!
//! While every value is below 64 and no second core reads ahead, a heap's
//! options are marked as the bits of one word instead of byte stamps: the
//! rare parts of all takes are read through one sorted list of offsets,
//! nothing is read ahead in columns, and the lazy scan checks after every
//! 8 splits of each stream (a check is one AND). 0.1777, whose values stay
//! below 42 and whose lazy scan runs for nearly every heap, spends all its
//! heaps so ([`Tuning::bits`]).
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
//!
//! The engine is laid out by concept, one a file:
//!
//! - `heap` — the mathematics of one heap: the moves grouped as the engine
//!   reads them (`Shape`), step 1 over the rare list and step 2, the
//!   lazy scan from both ends of the split order.
//! - `spread` — the spread scan of step 2, the trial that decides whether
//!   it pays for the game at hand, and the parts of its first rounds, read
//!   once for every block's reading ahead (`SpreadParts`).
//! - `state` — what the engine keeps besides the table (rare list,
//!   histogram, value classes, mask reviews, statistics), all rebuilt from
//!   the table alone.
//! - `blocks` — the pipeline: a block finished heap by heap in a copy of
//!   the table's end while the next one is read ahead (`rayon::join`), then
//!   caught up on every thread (on one or two, by the finishing thread as
//!   it begins the block).
//! - `ahead` — what is read ahead for a block: far parts for 64 heaps at a
//!   time into rows of byte marks, splits near half the heap, spread runs,
//!   and more spread rounds for the heaps that lack a rare value (`Deep`).
//! - `wave` — on pools of three threads or more, the finishing thread's
//!   own rare splits read beside it, a column at a time, once the heaps
//!   their other parts lie in are finished ([`Tuning::wave_lag`]), and
//!   the next block's catching up read beside them as far as the block is
//!   finished ([`Tuning::catch_up_beside`]).
//! - `spin` — a thread's wait on its core, counted, and on wide pools
//!   bounded if [`Tuning::spin_from`] says so.
//! - `marks` — the byte-mark tricks: stamps instead of clearing, arrays of a
//!   power-of-two length without bounds checks, eight marks read at a time.
//! - `storage` — the `Storage` trait through which the mathematics of a heap
//!   reads the values before it, and its implementation over the table in
//!   memory.
//! - `windowed` — the same state and mathematics over a `Storage` that holds a
//!   few windows in memory and the older values elsewhere, for tables
//!   larger than memory: one thread, heap by heap, nothing read ahead.

use std::ops::ControlFlow;
use std::time::Duration;

use crate::error::{Error, ErrorKind, Result};
use crate::nimber::Nimber;
use crate::ruleset::Ruleset;
use crate::values::{Progress, ValueTable, report};

use blocks::{Grow, Run};
use heap::Shape;
use spread::SPREAD_ROUND;
use state::State;
pub use threads::ThreadUse;

mod ahead;
mod blocks;
mod heap;
mod marks;
mod share;
mod spin;
mod spread;
mod state;
mod storage;
mod threads;
mod wave;
pub mod windowed;

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
/// scan — are read for every heap of the next block on every thread of the
/// pool, 64 heaps a task.
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
    /// Heaps a block read ahead on a pool of exactly two threads, at least
    /// (0: as on any other pool). Each block costs a hand-over between the
    /// threads; on two threads the finishing thread's share of the work
    /// (10–16 % of the instructions on one thread) stays far below the
    /// half at which the other thread would wait for it, even with the rare
    /// parts of a longer block left to it (2–5 % more instructions in all).
    /// 2048: on the shared 2-core machine, 9 alternating pairs against
    /// blocks of 512, two threads were 4–25 % faster on every pair
    /// (Grundy's game and 0.161 to 2^24, 0.6 to 2^23; docs/benchmarks.md,
    /// session 27); measured again once hand-overs no longer slept
    /// (session 28), 1024 and 2048 were level and 512 slower. From four
    /// threads on, longer blocks bring the finishing thread's share (14 %
    /// at 2048) near what each thread reads: [`Tuning::thread_columns`].
    pub pair_block: usize,
    /// Columns of every block ([`Tuning::column`] heaps each) that each
    /// thread of a pool of three or more has to read, at least (0: blocks
    /// as on one thread): a block is at least `thread_columns × column ×
    /// threads` heaps, and at most 2048 by this rule. 2: blocks of 512 on
    /// four threads (as before), 1024 on eight, 2048 on sixteen. On a
    /// 16-core machine, blocks of 512 left half of sixteen threads without
    /// a column to read; with 2048, Grundy's game to 2^24 on sixteen
    /// threads took 8.4 s against 18.0 s, while on four threads blocks of
    /// 1024 or 2048 were no faster and 0.6 slower (docs/benchmarks.md,
    /// session 35).
    pub thread_columns: usize,
    /// The first heap from which blocks are read ahead (in parallel or in
    /// columns of 64 heaps); `usize::MAX` never does. 4096: before it, every
    /// heap reads its far rare parts one split at a time, with nothing
    /// beside it. From 2^16 (until issue 37), that part ran alone for 1.1 s
    /// of 0.6 to 2^22 (a third of what bound four threads) and cost Grundy's
    /// game to 2^20 3 % more instructions on one thread.
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
    /// block read ahead: the runs whose parts both lie before the block;
    /// on one to three threads (more on more, [`Tuning::spread_rounds`]).
    pub spread_ahead: usize,
    /// Whether heaps are finished with the options marked as bits of one
    /// word while every value is below 64 and the heaps are not read ahead
    /// in parallel: no byte stamps stored a split, no far parts read in
    /// columns, the lazy scan checked every few splits. 0.1777 (values
    /// below 42, a lazy scan for nearly every heap) spends all its heaps so.
    /// `false` keeps the byte stamps, for comparisons.
    pub bits: bool,
    /// Whether a block read ahead is completed, on every thread, once the
    /// block before it is finished: the splits whose other part lies in
    /// that block, read 64 heaps at a time, so that the finishing thread,
    /// which no other thread can help, is left only the splits within its
    /// block. `false` leaves them to the finishing thread, as before.
    pub catch_up: bool,
    /// Whether to time the pipeline's parts ([`Computation::profile`]):
    /// two readings of the clock a block. Off by default.
    pub profile: bool,
    /// From this many threads on, a block's first reading goes on with the
    /// spread scan, heap by heap, for the heaps whose row read so far lacks
    /// a rare value below its least missing common one, up to
    /// [`Tuning::deepened_rounds`]: the rounds the finishing thread would
    /// have scanned itself, read by the threads that would wait for it.
    /// 1 (every pool): on Grundy's game to 2^20 the finishing thread's
    /// splits of the lazy scans fell from 619 a heap to 220, all the splits
    /// from 3381 to 3317, and one thread's instructions by 1.4 %.
    /// `usize::MAX` never deepens.
    pub deepen_from: usize,
    /// Heaps of a block that one task reads ahead (at least 1; 64): a far
    /// part is read for that many heaps at once, and a block of `block`
    /// heaps is `block / column` tasks for the pool's threads. A block of
    /// 512 heaps is eight tasks, so on sixteen threads half the pool had
    /// no column to read (docs/benchmarks.md, session 30); fewer heaps a
    /// task give more tasks, at a cost on every thread count (each far
    /// part's loop is run for fewer heaps), and longer blocks on wide
    /// pools ([`Tuning::thread_columns`]) give more tasks at no such cost.
    pub column: usize,
    /// Whether a catching up ([`Tuning::catch_up`]) on a pool of
    /// [`Tuning::help_from`] threads or more goes on with the spread rounds
    /// its block's first reading deepened ([`Tuning::deepen_from`]): from
    /// the completed rows, which lack only the splits within the block, it
    /// guesses better which heaps want more rounds, and reads them on every
    /// thread instead of the finishing thread. On 0.6 to 2^22 on two
    /// threads the finishing's lazy scans fell from 312 splits a heap to
    /// 149, the splits in all stayed the same, and the serial fraction fell
    /// from 0.31 to 0.22; but on one thread 0.6 took 3–6 % longer (each
    /// heap's row is read once more), and on two `grundy count` was no
    /// faster (docs/benchmarks.md, session 36). `false` leaves the rounds
    /// past the first reading's to the finishing, as before.
    pub catch_up_deepens: bool,
    /// On a pool of [`Tuning::help_from`] threads or more, the splits of
    /// the finishing thread's own block whose rare part's other part lies
    /// more than this many heaps before the column of 64 heaps at hand are
    /// read beside it, by the threads reading the next block ahead, as soon
    /// as those heaps are finished (a wavefront); the finishing reads the
    /// rest, and the columns nobody took in time. 0 leaves them all to the
    /// finishing. 256: on two threads (with `help_from: 2`), 0.161 to
    /// 2^23 in blocks of 2048 had 15–24 of the finishing's 130 rare splits
    /// a heap read beside it (56–61 with 512), where the one other thread
    /// reads ahead between two columns; from four threads on, the read
    /// ahead ends long before the finishing, and a thread that has nothing
    /// else to do reads the columns (docs/benchmarks.md, session 36).
    pub wave_lag: usize,
    /// The fewest threads on which the finishing thread is helped
    /// ([`Tuning::wave_lag`], [`Tuning::catch_up_deepens`]). 3: on one or
    /// two threads the finishing is not what the run waits for (on two,
    /// the other thread reads ahead for longer), so work taken off it
    /// saves no time, and each help costs a little.
    pub help_from: usize,
    /// Whether, on a pool where the finishing is helped
    /// ([`Tuning::help_from`], with [`Tuning::wave_lag`] above 0), a thread
    /// with nothing else to do reads the next block's catching up beside
    /// the finishing: the splits of the rare heaps it was read with whose
    /// other part lies in the part of the block already finished. The
    /// catching up after the block, on which every thread meets, then
    /// reads only the rest. `true`: on two threads, set up as a wide pool
    /// (`help_from: 2`), Grundy's game and 0.6 to 2^17 read 3–8 million
    /// splits so between them, the same splits in all (a test's runs); at
    /// 2^22 and 2^23 the reading thread was
    /// seldom free before a block was finished, so nearly none. What it
    /// gives on sixteen threads, where the readers are free for most of
    /// each finishing, is an inference (docs/benchmarks.md, session 37).
    pub catch_up_beside: bool,
    /// Whether, on a pool where the finishing is not helped
    /// ([`Tuning::help_from`]: one or two threads), a block's catching up
    /// ([`Tuning::catch_up`]) is started by the finishing thread as the
    /// block begins, beside the reading ahead of the next block, instead of
    /// on every thread before both: the threads meet once a block instead
    /// of twice, and the reading thread goes on with the next block
    /// meanwhile (it takes a share of the catching up only if it runs out
    /// of its own tasks). `true`: on the shared 2-core machine, alternated
    /// with `false` in the same binary (`sparse_profile`, two threads),
    /// the medians of the rounds took 3–6 % less time: 0.6 to 2^22 and
    /// 2^23, 0.161 and Grundy's game to 2^23, better in 6–9 rounds of 8–12
    /// but one run of Grundy's game (3 of 8); one thread was unchanged
    /// (docs/benchmarks.md, session 39).
    pub finishing_catches_up: bool,
    /// On a pool of [`Tuning::spin_from`] threads or more, the longest a
    /// thread with nothing left to do in a step spins for the step's end
    /// (the last task of a reading; a column to read beside the
    /// finishing) before it gives its core back to the pool, which puts it
    /// to sleep until the next step wakes it. Spinning keeps the thread
    /// ready for the next step at the cost of a core each: on sixteen
    /// threads 0.161 to 2^24 took 108–146 CPU seconds through the CLI
    /// (session 35), where a profile of the same run had its threads busy
    /// for about 51 (session 30; an inference across the two, whose blocks
    /// differed). How much of the rest is spun is for the 16-core run to
    /// measure (`scripts/bench-wide.sh`): until then no pool is bounded.
    pub spin_for: Duration,
    /// The fewest threads on which [`Tuning::spin_for`] bounds a wait; on
    /// narrower pools a waiting thread spins until the step ends.
    pub spin_from: usize,
}

impl Tuning {
    /// Rounds of the spread scan read ahead on `threads` threads:
    /// [`Tuning::spread_ahead`] on up to three, twice as many on four or
    /// five, three times on six or seven, four times from eight on. Rounds
    /// read ahead are read for every heap, needed or not (they cost more
    /// work in all), but off the finishing thread, the one no other can
    /// help: on one thread, 24 rounds instead of 6 doubled the work of
    /// Grundy's game to 2^23 and cut the finishing thread's splits of the
    /// lazy scans from 481 a heap to 103.
    ///
    /// ```
    /// use grundy::values::sparse::Tuning;
    /// let t = Tuning::default();
    /// assert_eq!(t.spread_rounds(1), t.spread_ahead);
    /// assert_eq!(t.spread_rounds(16), 4 * t.spread_ahead);
    /// ```
    pub fn spread_rounds(&self, threads: usize) -> usize {
        self.spread_ahead.saturating_mul((threads / 2).clamp(1, 4))
    }

    /// Rounds of the spread scan a block's first reading reads at most,
    /// heap by heap, on `threads` threads ([`Tuning::deepen_from`]): 0
    /// below it, else four times [`Tuning::spread_rounds`].
    ///
    /// ```
    /// use grundy::values::sparse::Tuning;
    /// let t = Tuning::default();
    /// assert_eq!(t.deepened_rounds(1), 4 * t.spread_rounds(1));
    /// let never = Tuning { deepen_from: usize::MAX, ..t };
    /// assert_eq!(never.deepened_rounds(16), 0);
    /// ```
    pub fn deepened_rounds(&self, threads: usize) -> usize {
        if threads >= self.deepen_from {
            self.spread_rounds(threads).saturating_mul(4)
        } else {
            0
        }
    }

    /// How long a waiting thread spins on a pool of `threads` threads
    /// ([`Tuning::spin_for`]): `None` until the step ends.
    ///
    /// ```
    /// use grundy::values::sparse::Tuning;
    /// use std::time::Duration;
    /// let t = Tuning { spin_for: Duration::from_micros(50), spin_from: 3, ..Tuning::default() };
    /// assert_eq!(t.spin_bound(2), None);
    /// assert_eq!(t.spin_bound(16), Some(Duration::from_micros(50)));
    /// ```
    pub fn spin_bound(&self, threads: usize) -> Option<Duration> {
        (threads > 1 && threads >= self.spin_from).then_some(self.spin_for)
    }

    /// Whether the finishing thread is helped on a pool of `threads`
    /// threads ([`Tuning::help_from`]): never on one.
    fn helps(&self, threads: usize) -> bool {
        threads > 1 && threads >= self.help_from
    }

    /// Heaps in the block read ahead from heap `start` on a pool of
    /// `threads` threads.
    fn block_at(&self, start: usize, threads: usize) -> usize {
        let grown = self.block.max((start >> 15).min(MAX_BLOCK));
        match threads {
            0 | 1 => grown,
            2 => grown.max(self.pair_block),
            _ => {
                let wide = self
                    .thread_columns
                    .saturating_mul(self.column)
                    .saturating_mul(threads)
                    .min(MAX_BLOCK);
                grown.max(wide)
            }
        }
    }
}

/// [`Tuning::spin_for`]'s default, in microseconds.
const SPIN_FOR_MICROS: u64 = 100;

/// The most heaps a block grows to ([`Tuning::block`]).
const MAX_BLOCK: usize = 2048;

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            mask: MaskPolicy::Auto,
            block: 512,
            pair_block: MAX_BLOCK,
            thread_columns: 2,
            parallel_from: 1 << 12,
            read_ahead: 768,
            min_work: 1024,
            spread: 1 << 14,
            spread_ahead: 6,
            bits: true,
            catch_up: true,
            profile: false,
            deepen_from: 1,
            column: ahead::COLUMN,
            catch_up_deepens: true,
            wave_lag: 256,
            help_from: 3,
            catch_up_beside: true,
            finishing_catches_up: true,
            spin_for: Duration::from_micros(SPIN_FOR_MICROS),
            spin_from: usize::MAX,
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

/// Where the time of a run went, with [`Tuning::profile`] on (all zero
/// otherwise): the serial part of the pipeline — finishing blocks, and
/// everything done with nothing beside it — against the reading ahead,
/// which spreads over the other threads. On one thread `rayon::join` runs
/// both halves one after the other, so the times are each half's whole
/// cost, and `(finishing + alone) / (finishing + reading_ahead + alone)`
/// is the serial fraction that bounds the speed-up on many cores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SparseProfile {
    /// Finishing blocks heap by heap while the next block was read ahead,
    /// with their catching up where the finishing thread reads it
    /// ([`Tuning::finishing_catches_up`]; each thread's [`ThreadUse`]
    /// counts that as reading).
    pub finishing: Duration,
    /// Reading the next blocks ahead (on the other threads).
    pub reading_ahead: Duration,
    /// Wall time of the blocks finished with the next read ahead beside
    /// them (copies of the table's end included).
    pub joined: Duration,
    /// Blocks finished or read with nothing beside them, and mask reviews.
    pub alone: Duration,
    /// By how much the finishing outlasted the reading ahead beside it,
    /// added up over the blocks: the time the threads reading the next
    /// block had read all of it and waited for the finishing (where no
    /// thread reads beside the finishing, [`Tuning::wave_lag`]). The
    /// reading's own last task, which the finishing thread waits for
    /// when it is done first, is in each thread's spinning
    /// ([`ThreadUse::spinning`]).
    pub finishing_outlasted: Duration,
    /// Completing blocks read ahead once the block before is finished
    /// ([`Tuning::catch_up`]), on every thread, before the block's
    /// finishing.
    pub catching_up: Duration,
    /// Splits read so.
    pub catch_up_pairs: u64,
    /// Blocks finished with the next read ahead beside them.
    pub blocks: u64,
    /// Splits with a rare part (step 1) read by the finishing thread
    /// beside a reading ahead.
    pub finish_rare_pairs: u64,
    /// Splits of the lazy scans (step 2) read by the finishing thread
    /// beside a reading ahead.
    pub finish_scan_pairs: u64,
    /// Splits with a rare part read ahead beside a finishing.
    pub ahead_rare_pairs: u64,
    /// Splits of the scans (near half the heap, spread runs) read ahead
    /// beside a finishing.
    pub ahead_scan_pairs: u64,
    /// Splits with a rare part of the finishing's own block read beside it
    /// ([`Tuning::wave_lag`]).
    pub beside_pairs: u64,
    /// Splits of the next block's catching up read beside the finishing
    /// ([`Tuning::catch_up_beside`]).
    pub caught_up_beside_pairs: u64,
    /// Splits read ahead and never used: the block read ahead was not the
    /// next one finished (a mask review, the table widened or crowded, a
    /// shorter block), so its rows were dropped; and the splits read beside the
    /// finishing into columns of its block it never reached, as it stopped
    /// before them. How many of the latter depends on how far the threads
    /// beside got: the splits read in all, less these, are the same
    /// whoever read them.
    pub thrown_away_pairs: u64,
    /// The splits of every heap's lazy scan (step 2, read heap by heap
    /// where the heap is finished), by stream.
    pub scan_streams: ScanStreams,
}

/// The splits of the lazy scans (step 2) by where they lie: what was
/// left to the heap at hand after whatever its block read ahead. The
/// farther a block's reading is behind its heaps (longer blocks), the
/// more heaps come here with a rare value still missing, and the more
/// they read (docs/benchmarks.md, session 41).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ScanStreams {
    /// Smaller parts 1, 2, …: the larger part lies just below the heap.
    pub small_end: u64,
    /// Parts near half the heap, past those read ahead.
    pub middle: u64,
    /// Runs of the spread scan's rounds read ahead for every heap
    /// ([`Tuning::spread_ahead`]) whose larger part lay past the reading.
    pub spread_read_ahead: u64,
    /// Runs of the rounds deepened for the heap alone, likewise.
    pub spread_deepened: u64,
    /// Runs of the later rounds, which nothing reads ahead.
    pub spread_past: u64,
}

impl ScanStreams {
    /// All the splits.
    ///
    /// ```
    /// use grundy::values::sparse::ScanStreams;
    /// let s = ScanStreams {
    ///     small_end: 1,
    ///     middle: 2,
    ///     spread_read_ahead: 3,
    ///     spread_deepened: 4,
    ///     spread_past: 5,
    /// };
    /// assert_eq!(s.total(), 15);
    /// ```
    pub fn total(&self) -> u64 {
        self.small_end
            + self.middle
            + self.spread_read_ahead
            + self.spread_deepened
            + self.spread_past
    }

    fn add(&mut self, other: ScanStreams) {
        self.small_end += other.small_end;
        self.middle += other.middle;
        self.spread_read_ahead += other.spread_read_ahead;
        self.spread_deepened += other.spread_deepened;
        self.spread_past += other.spread_past;
    }
}

impl SparseProfile {
    /// The wall time of the pipeline's phases: joins, work alone and
    /// catching up (every thread's [`ThreadUse`] adds up to this).
    pub fn wall(&self) -> Duration {
        self.joined + self.alone + self.catching_up
    }
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

    /// Where the time of the last [`Computation::extend`] went, if
    /// [`Tuning::profile`] was on.
    pub fn profile(&self) -> SparseProfile {
        self.state.profile
    }

    /// Where each thread's time went in the last [`Computation::extend`],
    /// if [`Tuning::profile`] was on (empty otherwise): one entry a thread
    /// of the pool it ran on, by the pool's thread index.
    pub fn thread_use(&self) -> &[ThreadUse] {
        &self.state.threads
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
        "the sparse engine applies to Grundy's game and to take-and-break codes that split a heap in two, not to {ruleset}"
    ))
    .with_detail(crate::Detail::EngineDoesNotApply {
        engine: crate::values::Engine::Sparse,
    })
}

#[cfg(test)]
mod tests {
    use super::{MAX_BLOCK, Tuning};

    /// Two threads take blocks of `pair_block` heaps from the first block
    /// read ahead; other pools keep blocks that grow with the table.
    #[test]
    fn only_a_pool_of_two_takes_the_pair_block() {
        let t = Tuning {
            thread_columns: 0,
            ..Tuning::default()
        };
        assert_eq!(t.block_at(4096, 2), MAX_BLOCK);
        for threads in [1, 3, 4, 16] {
            assert_eq!(t.block_at(4096, threads), t.block, "{threads} threads");
        }
        assert_eq!(t.block_at(1 << 26, 16), MAX_BLOCK);
        let off = Tuning { pair_block: 0, ..t };
        assert_eq!(off.block_at(4096, 2), t.block);
    }

    /// Wider pools take blocks of two columns a thread: as before on up to
    /// four threads, longer on eight and sixteen, never past 2048 by that
    /// rule, and never shorter than the table's growth asks.
    #[test]
    fn wide_pools_take_two_columns_a_thread() {
        let t = Tuning::default();
        assert_eq!((t.thread_columns, t.column, t.block), (2, 64, 512));
        for (threads, block) in [
            (1, 512),
            (3, 512),
            (4, 512),
            (8, 1024),
            (16, 2048),
            (64, 2048),
        ] {
            assert_eq!(t.block_at(4096, threads), block, "{threads} threads");
        }
        let narrow = Tuning { column: 16, ..t };
        assert_eq!(narrow.block_at(4096, 32), 1024);
        let grown = Tuning { block: 1, ..t };
        assert_eq!(grown.block_at(1 << 25, 4), 1024);
        assert_eq!(grown.block_at(4096, 8), 1024);
        // One thread keeps its blocks, however short.
        assert_eq!(grown.block_at(4096, 1), 1);
    }
}
