//! Reading a block ahead: for every heap of the next block, the splits whose
//! parts both lie before the current one — far rare parts and far runs of
//! the spread scan, each read for 64 heaps at a time into a row of byte
//! marks a heap, and the first splits near half the heap — and the record
//! of what was read, so that the finishing thread skips it.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::blocks::Counts;
use super::heap::{Shape, largest_smaller_part};
use super::marks::{marks_len, row_bits};
use super::share::share_out;
use super::spin::Patience;
use super::spread::{SPREAD_RUN, SPREAD_STREAMS, SpreadParts, spread_applies};
use super::threads::Lanes;
use crate::values::mask::class_bits;
use crate::values::table::Window;

/// The largest value bound K for which blocks are read ahead.
pub(super) const MAX_READ_AHEAD_BOUND: usize = 1 << 12;

/// Runs `$body` with `$B` a `const` of the rows' width `$width` (marks a
/// heap: a power of two from 256 to [`MAX_READ_AHEAD_BOUND`]), so that each
/// width gets its own copy of the code, with no bounds checks on a row.
macro_rules! with_row_width {
    ($width:expr, $B:ident => $body:expr) => {
        match $width {
            256 => {
                const $B: usize = 256;
                $body
            }
            512 => {
                const $B: usize = 512;
                $body
            }
            1024 => {
                const $B: usize = 1024;
                $body
            }
            2048 => {
                const $B: usize = 2048;
                $body
            }
            _ => {
                const $B: usize = super::ahead::MAX_READ_AHEAD_BOUND;
                $body
            }
        }
    };
}
pub(super) use with_row_width;

/// Heaps whose far parts are read at once, each part for all of them, by
/// default ([`Tuning::column`](super::Tuning::column)). Their rows of marks
/// are 32 KiB at values below 512; on one thread, 32 heaps cost 5–12 %
/// more time, and 128 cost half as much again on 0.6 (values to 319, 64
/// KiB of rows) while level elsewhere (docs/benchmarks.md, session 31).
pub(super) const COLUMN: usize = 64;

/// What to read ahead for the heaps `first..end`: every split whose parts
/// both lie in the table `g` handed to [`FarJob::read`], with a rare part
/// from the rare heaps known when the job was made, and the first
/// `read_ahead` splits near half the heap.
#[derive(Debug)]
pub(super) struct FarJob {
    /// Whether to read on both cores (rayon) or on this thread.
    pub(super) parallel: bool,
    /// Heaps a task reads ([`Tuning::column`](super::Tuning::column)).
    pub(super) column: usize,
    /// A buffer for the rows of marks, reused from an earlier block.
    pub(super) rows: Vec<u8>,
    pub(super) rare: Vec<(usize, u64)>,
    pub(super) shape: Shape,
    pub(super) bound: usize,
    pub(super) mask: u64,
    pub(super) first: usize,
    pub(super) end: usize,
    pub(super) read_ahead: usize,
    /// Smaller parts of the spread scan, and its rounds read ahead.
    pub(super) spread: usize,
    pub(super) spread_rounds: usize,
    /// A catching up ([`FarJob::catch_up`]): the splits with both parts
    /// below this were read before, into the rows handed in, for the rare
    /// heaps before `since`; 0 for a first reading.
    pub(super) from: usize,
    /// Rare heaps from this index on were not read before: all their
    /// splits are read.
    pub(super) since: usize,
    /// A catching up: the splits of the rare heaps before `since` whose
    /// other part lies below this were read too, beside the finishing of
    /// the block before ([`Ahead::rare_caught`]); 0 for none past `from`.
    pub(super) rare_from: usize,
    /// Where each task's time is added, when profiling.
    pub(super) lanes: Option<Arc<Lanes>>,
    /// The longest a thread with no task left waits for the last one
    /// ([`Tuning::spin_bound`](super::Tuning::spin_bound)).
    pub(super) spin_for: Option<Duration>,
    /// Splits already in `rows` (a catching up's first reading).
    pub(super) read_before: u64,
    /// Rounds of the spread scan a reading may read, past `spread_rounds`,
    /// for the heaps whose row still lacks a rare value below its least
    /// missing common one ([`Deep`]); 0 for none (a catching up made by
    /// [`FarJob::catch_up`] reads none unless set).
    pub(super) deepen: usize,
    /// What a first reading deepened, handed on to its catching up.
    pub(super) deep: Deep,
    /// The parts of the spread rounds read ahead, read before for every
    /// block; read from the table by the job if they do not fit it.
    pub(super) spread_parts: SpreadParts,
}

/// The rounds of the spread scan read ahead heap by heap, past the rounds
/// read for every heap of a block: a first reading goes on, for each heap
/// whose row lacks a rare value below the least common value missing from
/// it, round by round until the row has them all. The row is not the
/// heap's last word (the splits within the block come later, and may fill
/// a common value and so want more rare ones), so this guesses which heaps
/// the finishing thread would have scanned so far; a wrong guess costs
/// splits read in vain or left to the finishing, never a value. A catching
/// up with [`FarJob::deepen`] set reads the rounds deepened before up to
/// its own limit, then goes on deepening from the row it completed.
#[derive(Clone, Debug, Default)]
pub(super) struct Deep {
    /// Every run of these rounds whose parts both lie below it was read.
    pub(super) limit: usize,
    /// Rounds read for each heap of the block, from its first; empty when
    /// none was.
    pub(super) rounds: Vec<u8>,
}

impl FarJob {
    /// The job that completes `ahead` once the values before `limit`
    /// exist (the block before it finished): the splits whose other part
    /// lies from `ahead.reach.limit` to `limit`, with the rare heaps of
    /// `rare` (all of the splits of those found since `ahead` was read),
    /// into `ahead`'s rows. The block's finishing is then left only the
    /// splits with both parts in the block or just before it.
    pub(super) fn catch_up(
        ahead: Ahead,
        rare: Vec<(usize, u64)>,
        shape: Shape,
        lanes: Option<Arc<Lanes>>,
        column: usize,
        spin_for: Option<Duration>,
        spread_parts: SpreadParts,
    ) -> FarJob {
        let reach = ahead.reach;
        FarJob {
            spread_parts,
            parallel: true,
            column,
            rows: ahead.rows,
            rare,
            shape,
            bound: ahead.width,
            mask: reach.mask,
            first: reach.first,
            end: reach.end,
            read_ahead: reach.read_ahead,
            spread: reach.spread,
            spread_rounds: reach.spread_rounds,
            from: reach.limit,
            since: reach.rare_len,
            rare_from: ahead.rare_caught,
            lanes,
            spin_for,
            read_before: ahead.pairs,
            deepen: 0,
            deep: ahead.deep,
        }
    }

    /// Reads the splits of the job from `g` (the values below the job's
    /// limit): 64 heaps at a time, shared out among the pool's threads
    /// ([`share_out`]) if the job says so, else on this thread.
    pub(super) fn read<W: Window>(self, g: W, counts: &mut Counts) -> Ahead {
        self.read_beside(g, counts, &|| {})
    }

    /// [`FarJob::read`], calling `help` before each task: the reading
    /// threads lend a hand to the finishing beside them
    /// ([`Wave::help`](super::wave::Wave::help)).
    pub(super) fn read_beside<W: Window>(
        self,
        g: W,
        counts: &mut Counts,
        help: &(dyn Fn() + Sync),
    ) -> Ahead {
        // A first reading and a catching up are compiled apart: the first
        // reading, most of the work, keeps the code it had before catching
        // up existed (sharing it cost 8–10 % of one thread's time on 0.6).
        let width = marks_len(self.bound);
        if self.from > 0 {
            with_row_width!(width, B => self.read_with::<W, B, true>(g, counts, help))
        } else {
            with_row_width!(width, B => self.read_with::<W, B, false>(g, counts, help))
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
    fn read_with<W: Window, const B: usize, const CATCH_UP: bool>(
        self,
        g: W,
        counts: &mut Counts,
        help: &(dyn Fn() + Sync),
    ) -> Ahead {
        let FarJob {
            parallel,
            column,
            rows,
            rare,
            shape,
            bound,
            mask,
            first,
            end,
            read_ahead,
            spread,
            spread_rounds,
            from,
            since,
            rare_from,
            lanes,
            spin_for,
            read_before,
            deepen,
            mut deep,
            spread_parts,
        } = self;
        let limit = g.len();
        // 0 for a first reading, known at compile time.
        let from = if CATCH_UP { from } else { 0 };
        // The smaller parts of the spread runs read ahead, with their
        // values: whole runs from `a`, where `a + limit > n − t`.
        let stride = spread / SPREAD_STREAMS;
        let read_now;
        let spread_parts = match spread_parts.fit(spread, spread_rounds, limit) {
            Some(parts) => parts,
            None => {
                read_now = SpreadParts::read(g, spread, spread_rounds);
                read_now.parts()
            }
        };
        // Deepening: the classes of the values below the bound, and the
        // rounds read for each heap. A catching up goes on from the rounds
        // its first reading deepened, read below `deep_before`.
        let deepen = if spread == 0 {
            0
        } else {
            deepen.min(stride / SPREAD_RUN).min(usize::from(u8::MAX))
        };
        let deep_from = spread_rounds.min(deepen);
        let classes = (deepen > deep_from).then(|| {
            let bound = bound as u64;
            (
                class_bits(bound, mask, true),
                class_bits(bound, mask, false),
            )
        });
        let mut deep_before = 0;
        if classes.is_some() {
            if CATCH_UP && deep.rounds.len() == end - first {
                deep_before = deep.limit;
                deep.limit = limit;
            } else {
                deep = Deep {
                    limit,
                    rounds: vec![0; end - first],
                };
            }
        }
        let mut buffer = rows;
        if !CATCH_UP {
            // Each task clears its own rows (below), not the thread that
            // starts the job: the clearing is spread over the threads, and
            // a row's lines are first written by the thread that marks it.
            buffer.resize((end - first) * B, 0);
        }
        debug_assert_eq!(buffer.len(), (end - first) * B);
        let (old, new) = rare.split_at(since.min(rare.len()));
        let (marks, _) = buffer.as_chunks_mut::<B>();
        let stamp = ROW_MARK;
        let rows_a_task = column.max(1);
        // Each task's share of the rounds deepened, if any.
        let deep_rows: Vec<Option<&mut [u8]>> = if classes.is_some() {
            deep.rounds.chunks_mut(rows_a_task).map(Some).collect()
        } else {
            (0..marks.len().div_ceil(rows_a_task))
                .map(|_| None)
                .collect()
        };
        let read = |((chunk, rows), deep_rows): (Chunk<'_, B>, Option<&mut [u8]>)| {
            let started = lanes.as_ref().map(|_| Instant::now());
            help();
            let c = first + chunk * rows_a_task;
            if !CATCH_UP {
                rows.as_flattened_mut().fill(0);
            }
            let mut pairs = [0u64; 2];
            // Marks the splits `p + (n − t − p)` of the heaps n of the
            // chunk whose other part lies from `below` (at least 1) to
            // `limit`.
            macro_rules! mark_part {
                ($t:expr, $p:expr, $v:expr, $below:expr, $kind:expr) => {{
                    let (t, p, v, kind) = ($t, $p, $v, $kind);
                    let lo = c.max(p + t + $below);
                    let hi = (c + rows.len()).min(limit + p + t);
                    if lo < hi {
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
                }};
            }
            for &t in &shape.splits {
                if !CATCH_UP {
                    // A first reading: every part, its other part from 1.
                    for (list, kind) in [(&rare[..], 0), (spread_parts, 1)] {
                        for &(p, v) in list {
                            mark_part!(t, p, v, 1, kind);
                        }
                    }
                } else {
                    // A catching up: the other parts from `from` on, but
                    // every split of the rare heaps found since.
                    let old_from = from.max(rare_from);
                    let lists = [(old, old_from, 0), (new, 1, 0), (spread_parts, from, 1)];
                    for (list, below, kind) in lists {
                        for &(p, v) in list {
                            mark_part!(t, p, v, below, kind);
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
                    // Those read before.
                    let k = if CATCH_UP {
                        middle_prefix(rest, half, meet, from, read_ahead)
                    } else {
                        0
                    };
                    if m <= k {
                        continue;
                    }
                    let small = g.range(half + 1 - m, half + 1 - k);
                    let large = g.range(rest - half + k, rest - half + m);
                    W::xor_reversed(small, large, |x| row[x % B] = stamp);
                    pairs[1] += (m - k) as u64;
                }
            }
            // Further rounds of the spread scan for the heaps whose row
            // still lacks a rare value ([`Deep`]): whole runs whose parts
            // both lie below `limit`, a round at a time.
            if let (Some((rare_bits, common_bits)), Some(deep_rows)) = (&classes, deep_rows) {
                let mut want = Vec::new();
                for (i, (row, rounds)) in rows.iter_mut().zip(deep_rows.iter_mut()).enumerate() {
                    let n = c + i;
                    if !spread_applies(&shape, spread, n) {
                        continue;
                    }
                    let before = usize::from(*rounds);
                    if CATCH_UP {
                        // The rounds deepened before, read below the
                        // first reading's limit: their runs from there to
                        // this one, so that they are read below it.
                        for round in deep_from..before {
                            let reach = (deep_before, limit);
                            pairs[1] += mark_round(row, g, (&shape, stride), n, round, reach);
                        }
                    }
                    wanted(&row[..], rare_bits, common_bits, &mut want);
                    let mut round = deep_from.max(before);
                    while round < deepen && !want.is_empty() {
                        pairs[1] += mark_round(row, g, (&shape, stride), n, round, (0, limit));
                        round += 1;
                        want.retain(|&v| row[v % B] != stamp);
                    }
                    *rounds = round as u8;
                }
            }
            if let (Some(lanes), Some(started)) = (&lanes, started) {
                lanes.add_since(started);
            }
            (pairs[0], pairs[1])
        };
        let add = |a: (u64, u64), b: (u64, u64)| (a.0 + b.0, a.1 + b.1);
        let (rare_pairs, scan_pairs) = if parallel {
            let patience = Patience {
                most: spin_for,
                lanes: lanes.as_deref(),
            };
            share_out(
                marks
                    .chunks_mut(rows_a_task)
                    .enumerate()
                    .zip(deep_rows)
                    .collect(),
                patience,
                read,
            )
        } else {
            marks
                .chunks_mut(rows_a_task)
                .enumerate()
                .zip(deep_rows)
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
                rare_limit: limit,
                mask,
                rare_len: rare.len(),
                read_ahead,
                spread,
                spread_rounds,
                deep_limit: 0,
                deep_rounds: 0,
            },
            width: B,
            rows: buffer,
            pairs: read_before + rare_pairs + scan_pairs,
            deep,
            rare_caught: 0,
        }
    }
}

/// Marks in `row` (heap `n`, marks below `B`) the runs of round `round`
/// of the spread scan (smaller parts `stride` apart) whose parts both lie
/// below `limit`, and whose larger part reaches `below` or past it; returns
/// the splits read.
#[inline(always)]
fn mark_round<W: Window, const B: usize>(
    row: &mut [u8; B],
    g: W,
    (shape, stride): (&Shape, usize),
    n: usize,
    round: usize,
    (below, limit): (usize, usize),
) -> u64 {
    let mut pairs = 0;
    for &t in &shape.splits {
        let rest = n - t;
        for j in 0..SPREAD_STREAMS {
            let a = j * stride + round * SPREAD_RUN + 1;
            if a + limit > rest && a + below <= rest {
                let small = g.range(a, a + SPREAD_RUN);
                let large = g.range(rest + 1 - a - SPREAD_RUN, rest + 1 - a);
                W::xor_reversed(small, large, |x| row[x % B] = ROW_MARK);
                pairs += SPREAD_RUN as u64;
            }
        }
    }
    pairs
}

/// A task's rows of marks: its index among the block's chunks of
/// [`FarJob::column`] heaps, and the rows.
type Chunk<'r, const B: usize> = (usize, &'r mut [[u8; B]]);

/// Option values of the heaps of a block, read from the values before
/// `limit` while the block could not yet be finished: a row of marks a
/// heap ([`ROW_MARK`] where read), and which splits were read.
#[derive(Debug)]
pub(super) struct Ahead {
    pub(super) reach: Reach,
    /// Marks a heap; 0 when nothing was read ahead.
    pub(super) width: usize,
    pub(super) rows: Vec<u8>,
    /// Splits read into the rows, every reading of them counted.
    pub(super) pairs: u64,
    /// The rounds of the spread scan read ahead heap by heap.
    pub(super) deep: Deep,
    /// The splits of the rare heaps read with (`reach.rare_len`) whose
    /// other part lies from `reach.limit` to this were read too, beside
    /// the finishing of the block before
    /// ([`Wave::catch_up_next`](super::wave::Wave::catch_up_next)); 0 for
    /// none.
    pub(super) rare_caught: usize,
}

/// The mark of an option value in a row read ahead.
pub(super) const ROW_MARK: u8 = 1;

impl Ahead {
    /// Whether this was read for the block `first..end` with the rare list
    /// of `mask` and rows of `width` marks a heap: only then may the block
    /// be caught up and finished from it.
    pub(super) fn is_for(&self, (first, end): (usize, usize), mask: u64, width: usize) -> bool {
        let reach = &self.reach;
        reach.first == first && reach.end == end && reach.mask == mask && self.width == width
    }

    /// Nothing read ahead for the block from `first`.
    pub(super) fn none(first: usize) -> Ahead {
        Ahead {
            reach: Reach {
                first,
                end: first,
                limit: first,
                rare_limit: first,
                mask: 0,
                rare_len: 0,
                read_ahead: 0,
                spread: 0,
                spread_rounds: 0,
                deep_limit: 0,
                deep_rounds: 0,
            },
            width: 0,
            rows: Vec::new(),
            pairs: 0,
            deep: Deep::default(),
            rare_caught: 0,
        }
    }
}

/// Which splits of a block were read ahead.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reach {
    /// The block, `first..end`.
    pub(super) first: usize,
    pub(super) end: usize,
    /// Every part read ahead lies below it.
    pub(super) limit: usize,
    /// Step 1 reads the splits of the rare heaps read with (`rare_len`)
    /// whose other part lies from here on: `limit`, or, in a block whose
    /// finishing reads its own rare splits in columns
    /// (`State::read_own_column`), the first heap of the column at hand.
    pub(super) rare_limit: usize,
    /// The mask whose rare list was read.
    pub(super) mask: u64,
    /// Rare-list entries that existed when the block was read ahead: those
    /// with the other part below `limit` were read.
    pub(super) rare_len: usize,
    pub(super) read_ahead: usize,
    /// Smaller parts of the spread scan read ahead from.
    pub(super) spread: usize,
    /// Rounds of the spread scan read ahead: their runs of splits whose
    /// parts both lie below `limit`.
    pub(super) spread_rounds: usize,
    /// Rounds read ahead for the one heap at hand ([`Deep`]): their runs
    /// whose parts both lie below `deep_limit`. Set heap by heap by the
    /// finishing; 0 elsewhere.
    pub(super) deep_limit: usize,
    pub(super) deep_rounds: usize,
}

impl Reach {
    /// The runs of spread-scan splits of round `round` read ahead: those
    /// from smaller part `a` of `rest` where `a + run_limit(round) > rest`
    /// (both parts below the limit the round was read with; 0 for none).
    #[inline]
    pub(super) fn run_limit(&self, round: usize) -> usize {
        if round < self.spread_rounds {
            self.limit
        } else if round < self.deep_rounds {
            self.deep_limit
        } else {
            0
        }
    }

    /// The reach of heap `n` of the block: with the rounds `deep` read
    /// for it alone.
    #[inline]
    pub(super) fn of_heap(&self, deep: &Deep, n: usize) -> Reach {
        match deep.rounds.get(n.wrapping_sub(self.first)) {
            Some(&rounds) => Reach {
                deep_limit: deep.limit,
                deep_rounds: usize::from(rounds),
                ..*self
            },
            None => *self,
        }
    }

    /// How many splits of the middle stream of a take were read ahead.
    #[inline]
    pub(super) fn middle(&self, rest: usize, half: usize, meet: usize) -> usize {
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

/// Puts into `want` the rare values missing from `row` below the least
/// common value missing from it: what the finishing thread's lazy scan
/// would look for, were the row all of the heap's options.
#[inline]
fn wanted(row: &[u8], rare: &[u64], common: &[u64], want: &mut Vec<usize>) {
    want.clear();
    for (w, (&rare, &common)) in rare.iter().zip(common).enumerate() {
        let found = row_bits(&row[w * 64..w * 64 + 64]);
        let missing = common & !found;
        let below = match missing {
            0 => u64::MAX,
            m => (1u64 << m.trailing_zeros()) - 1,
        };
        let mut bits = rare & !found & below;
        while bits != 0 {
            want.push(w * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
        if missing != 0 {
            return;
        }
    }
}
