//! The block pipeline: heaps are finished in blocks, one thread finishing
//! a block heap by heap in a copy of the table's end while the others read
//! the next block ahead from the table (`rayon::join`, then 64 heaps a
//! task, [`share_out`](super::share::share_out)), and the next block caught
//! up once this one is done: on every thread, or on one or two threads by
//! the finishing thread as it begins the block, beside the reading of the
//! block after ([`Tuning::finishing_catches_up`]); the typed-storage run
//! that drives it, and why a block stopped.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use super::Tuning;
use super::ahead::{
    Ahead, COLUMN, Deep, FarJob, MAX_READ_AHEAD_BOUND, ROW_MARK, Reach, with_row_width,
};
use super::heap::{Near, SCAN_CHUNK, Shape};
use super::marks::{Marks, with_marks};
use super::spin::Patience;
use super::state::State;
use super::storage::View;
use super::threads::Lanes;
use super::wave::Wave;
use crate::error::{Error, ErrorKind, Result};
use crate::values::table::{Values, Visit, Window};
use crate::values::{Progress, report_every};

/// How a run on the typed storage ended.
pub(super) enum Grow {
    /// Every value asked for is in.
    Done,
    /// This value does not fit the storage: widen and push it.
    Wider(u64),
    /// So many values are kept aside that the table should widen.
    Crowded,
}

/// Extends the typed storage; stops with [`Grow::Wider`] when a value does
/// not fit the current width.
pub(super) struct Run<'a> {
    pub(super) state: &'a mut State,
    pub(super) len: usize,
    pub(super) tuning: Tuning,
    pub(super) progress: &'a mut dyn FnMut(Progress) -> ControlFlow<()>,
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
        state.bits = tuning.bits;
        // A lane a thread of the pool this run is on (a caller may step
        // one computation on pools of several widths).
        if tuning.profile
            && state
                .lanes
                .as_ref()
                .is_none_or(|lanes| lanes.len() != rayon::current_num_threads().max(1))
        {
            state.lanes = Some(std::sync::Arc::new(Lanes::new()));
        }
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
                if let Some(dropped) = &pending {
                    state.profile.thrown_away_pairs += dropped.pairs;
                }
                return Ok(Grow::Crowded);
            }
            let start = values.len();
            if start >= state.next_review || state.rare.len() > state.rare_limit {
                let clock = Clock::start(tuning.profile);
                state.review(values.window());
                state.alone(clock.stop());
            }
            // Costly heaps are read ahead on the second core; cheap ones
            // only have their far rare parts read, for 64 heaps at a time on
            // this thread (a column of 64 heaps costs fewer steps than 64
            // heaps one by one).
            let columns = state.reads_ahead(start, tuning);
            let reads_ahead = columns && state.work_per_heap() >= tuning.min_work;
            let heaps = if reads_ahead {
                tuning.block_at(start, rayon::current_num_threads())
            } else if state.small() {
                SMALL_BLOCK
            } else {
                COLUMN
            };
            let end = state.block_end(start, len, heaps);
            let reads_ahead = reads_ahead && end - start > 1;
            let pending_now = pending.take();
            // Whether the next block is read ahead beside this one, and this
            // one's catching up left to its finishing.
            let joins = reads_ahead && end < len && end < state.next_review;
            let defers =
                joins && tuning.finishing_catches_up && !tuning.helps(rayon::current_num_threads());
            let mut deferred = false;
            let matches = pending_now
                .as_ref()
                .is_some_and(|ahead| ahead.is_for((start, end), state.mask, state.seen.len()));
            if let (false, Some(dropped)) = (matches, &pending_now) {
                state.profile.thrown_away_pairs += dropped.pairs;
            }
            let mut ahead = match pending_now {
                Some(ahead) if matches => {
                    // What the block before added, read now on every
                    // thread (or by the finishing thread as the block
                    // begins, beside the next block's reading): the
                    // finishing is left the splits within the block.
                    if tuning.catch_up && ahead.reach.limit < start {
                        if defers {
                            deferred = true;
                            ahead
                        } else {
                            let (ahead, wall) = state.catch_up(ahead, values.window(), &tuning);
                            state.profile.catching_up += wall;
                            state.drain_lanes();
                            ahead
                        }
                    } else {
                        ahead
                    }
                }
                // Heaps with values below 64 are finished with bit sets
                // ([`State::value_of_small`]), which read their rare parts
                // themselves.
                _ if columns && !state.small() => {
                    let clock = Clock::start(tuning.profile);
                    let mut counts = Counts::default();
                    let job = state.far_job(values.window(), (start, end), tuning, reads_ahead);
                    let ahead = job.read(values.window(), &mut counts);
                    state.add(counts);
                    // Read on every thread when `reads_ahead`: this
                    // thread's tasks are reading, the rest of the wall
                    // time it waited for the others'.
                    let wall = clock.stop();
                    state.profile.alone += wall;
                    state.drain_lanes();
                    ahead
                }
                _ => Ahead::none(start),
            };
            // The next block is read ahead beside this one, from the values
            // before this one.
            let next = joins.then(|| {
                let stop =
                    state.block_end(end, len, tuning.block_at(end, rayon::current_num_threads()));
                state.far_job(values.window(), (end, stop), tuning, true)
            });
            let Some(job) = next else {
                // Nothing to do beside the block: finish it in the table.
                let clock = Clock::start(tuning.profile);
                let wave = Wave::alone(&mut ahead.rows, ahead.width, &ahead.reach, &state.shape);
                let reached = (ahead.reach, &ahead.deep);
                let stop = state.finish_block(nothing.window(), values, 0, end, reached, &wave);
                drop(wave);
                state.alone(clock.stop());
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
            let joined = Clock::start(tuning.profile);
            let tail_from = ahead.reach.limit.min(start.saturating_sub(BACK));
            block.clear();
            block.extend_from(values.window().range(tail_from, values.len()));
            let done = values.window();
            let block_joined = if deferred {
                // The finishing thread catches the block up, then finishes
                // it; the reading ahead of the next goes on beside both.
                let ((stop, (caught_up, finishing), before, rows), (next, next_counts, reading)) =
                    rayon::join(
                        || {
                            let (mut ahead, caught_up) = state.catch_up(ahead, done, &tuning);
                            let clock = Clock::start(tuning.profile);
                            let before = (state.rare_pairs, state.scan_pairs);
                            let wave = Wave::alone(
                                &mut ahead.rows,
                                ahead.width,
                                &ahead.reach,
                                &state.shape,
                            );
                            let reached = (ahead.reach, &ahead.deep);
                            let stop = state
                                .finish_block(done, &mut block, tail_from, end, reached, &wave);
                            drop(wave);
                            (stop, (caught_up, clock.stop()), before, ahead.rows)
                        },
                        || {
                            let clock = Clock::start(tuning.profile);
                            let mut counts = Counts::default();
                            let ahead = job.read(done, &mut counts);
                            (ahead, counts, clock.stop())
                        },
                    );
                Joined {
                    stop,
                    // The catching up is on the finishing thread's path;
                    // its tasks are counted in the lanes as reading.
                    finishing: (caught_up + finishing, finishing),
                    reading,
                    joined: joined.stop(),
                    before,
                    next,
                    next_counts,
                    beside: (0, 0, 0),
                    rows,
                }
            } else {
                let before = (state.rare_pairs, state.scan_pairs);
                // The finishing's own rare splits far enough back in the
                // block are read beside it, by the threads reading the next
                // block.
                let lag = if tuning.helps(rayon::current_num_threads()) {
                    tuning.wave_lag
                } else {
                    0
                };
                let wave = Wave::new(
                    &mut ahead.rows,
                    ahead.width,
                    &ahead.reach,
                    lag,
                    &state.rare,
                    &state.shape,
                );
                let reached = (ahead.reach, &ahead.deep);
                let lanes = state.lanes.clone();
                // The next block's catching up, read beside this block's
                // finishing as far as it has gone.
                let catch_up_beside = tuning.catch_up_beside && lag > 0;
                let ((stop, finishing), (next, next_counts, reading, caught)) = rayon::join(
                    || {
                        let _stop = wave.stop_on_drop();
                        let clock = Clock::start(tuning.profile);
                        let stop =
                            state.finish_block(done, &mut block, tail_from, end, reached, &wave);
                        (stop, clock.stop())
                    },
                    || {
                        let clock = Clock::start(tuning.profile);
                        let mut counts = Counts::default();
                        // The rare heaps the next block is read with, for its
                        // catching up beside this block's finishing.
                        let rare = catch_up_beside.then(|| job.rare.clone());
                        let mut ahead = job.read_beside(done, &mut counts, &|| {
                            wave.help(done);
                        });
                        let patience = Patience {
                            most: tuning.spin_bound(rayon::current_num_threads()),
                            lanes: lanes.as_deref(),
                        };
                        let mut caught = 0;
                        match &rare {
                            Some(rare) => {
                                let mut catch_up = || {
                                    let pairs = wave.catch_up_next(&mut ahead, rare);
                                    caught += pairs;
                                    pairs > 0
                                };
                                wave.help_to_the_end(done, patience, Some(&mut catch_up));
                            }
                            None => wave.help_to_the_end(done, patience, None),
                        }
                        (ahead, counts, clock.stop(), caught)
                    },
                );
                let beside = (wave.pairs(), caught, wave.unused_pairs());
                drop(wave);
                Joined {
                    stop,
                    finishing: (finishing, finishing),
                    reading,
                    joined: joined.stop(),
                    before,
                    next,
                    next_counts,
                    beside,
                    rows: ahead.rows,
                }
            };
            values.extend_from(block.window().range(start - tail_from, block.len()));
            let stop = block_joined.stop;
            pending = state.joined(block_joined);
            report_block(progress, values.len(), len)?;
            if let Stop::Wider(value) = stop {
                return Ok(Grow::Wider(value));
            }
        }
        Ok(Grow::Done)
    }
}

/// A block finished beside the next one's reading: what is left to count
/// ([`State::joined`]).
struct Joined {
    stop: Stop,
    /// The finishing thread's path, and what its lane counts as finishing.
    finishing: (Duration, Duration),
    /// The next block's reading, and the wall time of the whole.
    reading: Duration,
    joined: Duration,
    /// The finishing's splits before the block.
    before: (u64, u64),
    /// The next block read ahead, and the splits read for it.
    next: Ahead,
    next_counts: Counts,
    /// Splits read beside the finishing: its own (the wave), the next
    /// block's catching up, and those of the wave never used.
    beside: (u64, u64, u64),
    /// The block's rows, for a later block.
    rows: Vec<u8>,
}

impl State {
    /// Counts a block finished beside the next one's reading; returns the
    /// next block read ahead if it is the one to finish next, and counts
    /// it thrown away otherwise.
    fn joined(&mut self, block: Joined) -> Option<Ahead> {
        let Joined {
            stop,
            finishing: (path, lane),
            reading,
            joined,
            before,
            next,
            next_counts,
            beside: (beside, caught, unused),
            rows,
        } = block;
        let profile = &mut self.profile;
        profile.finishing += path;
        profile.reading_ahead += reading;
        profile.finishing_outlasted += path.saturating_sub(reading);
        profile.joined += joined;
        profile.blocks += 1;
        profile.finish_rare_pairs += self.rare_pairs - before.0;
        profile.finish_scan_pairs += self.scan_pairs - before.1;
        profile.ahead_rare_pairs += next_counts.rare_pairs;
        profile.ahead_scan_pairs += next_counts.scan_pairs;
        profile.beside_pairs += beside;
        profile.caught_up_beside_pairs += caught;
        profile.thrown_away_pairs += unused;
        self.add(Counts {
            rare_pairs: beside + caught,
            scan_pairs: 0,
        });
        if let Some(lanes) = &self.lanes {
            lanes.own(&mut self.threads).finishing += lane;
        }
        self.drain_lanes();
        self.keep_rows(rows);
        self.add(next_counts);
        if stop == Stop::End {
            return Some(next);
        }
        self.profile.thrown_away_pairs += next.pairs;
        None
    }
}

/// A stopwatch that reads the clock only when profiling
/// ([`Tuning::profile`]): otherwise it costs a branch.
struct Clock(Option<Instant>);

impl Clock {
    fn start(on: bool) -> Clock {
        Clock(on.then(Instant::now))
    }

    fn stop(&self) -> Duration {
        self.0.map_or(Duration::ZERO, |t| t.elapsed())
    }
}

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

impl State {
    /// Reads, into the `rows` of the heaps from `first` (at most a column,
    /// `width` marks a heap), the splits of the rare heaps `reach` was read
    /// with whose other part lies from `below` (at least `reach.limit`) to
    /// `first`, from `tail` (the values from its start on), and moves step
    /// 1's start there (`Reach::rare_limit`): the heaps are left the rare
    /// splits within their column. Returns the splits read.
    pub(super) fn read_own_column<W: Window>(
        &mut self,
        rows: &mut [u8],
        width: usize,
        first: usize,
        tail: (W, usize),
        below: usize,
        reach: &mut Reach,
    ) -> u64 {
        let rare = &self.rare[..reach.rare_len.min(self.rare.len())];
        let below = below.max(reach.limit);
        let pairs = mark_block_column(rows, width, first, rare, &self.shape, tail, below, first);
        self.rare_pairs += pairs;
        reach.rare_limit = first;
        // Step 1's cursors only move up, and its limit just rose.
        for cursor in &mut self.cursors {
            cursor.0 = 0;
        }
        pairs
    }
}

/// Marks in `rows` (`width` marks a heap, the heaps from `first`) the
/// splits of the heaps with a part in `rare` whose other part lies from
/// `below` to `upto` (at most `first`), read from `tail` (the values from
/// `tail_from`): a rare part for all the heaps at once, as a reading ahead
/// does. Returns the splits read.
#[allow(clippy::too_many_arguments)]
pub(super) fn mark_block_column<W: Window>(
    rows: &mut [u8],
    width: usize,
    first: usize,
    rare: &[(usize, u64)],
    shape: &Shape,
    tail: (W, usize),
    below: usize,
    upto: usize,
) -> u64 {
    with_row_width!(width, B => mark_block_column_with::<W, B>(rows, first, rare, shape, tail, (below, upto)))
}

/// [`mark_block_column`] for rows of `B` marks.
fn mark_block_column_with<W: Window, const B: usize>(
    rows: &mut [u8],
    first: usize,
    rare: &[(usize, u64)],
    shape: &Shape,
    (tail, tail_from): (W, usize),
    (below, upto): (usize, usize),
) -> u64 {
    let (rows, _) = rows.as_chunks_mut::<B>();
    let end = first + rows.len();
    let below = below.max(1);
    let mut pairs = 0;
    for &t in &shape.splits {
        for &(p, v) in rare {
            // Heaps `n` with `below ≤ n − t − p < upto`.
            let lo = first.max(p + t + below);
            if lo >= end {
                // Larger rare parts reach only later heaps.
                break;
            }
            let hi = end.min(upto + p + t);
            let mut column = |lo: usize, hi: usize| {
                if lo < hi {
                    let other = lo - t - p - tail_from;
                    tail.range(other, other + hi - lo).mark_column(
                        &mut rows[lo - first..hi - first],
                        v,
                        ROW_MARK,
                    );
                    pairs += (hi - lo) as u64;
                }
            };
            let equal = 2 * p + t;
            if shape.unequal && (lo..hi).contains(&equal) {
                column(lo, equal);
                column(equal + 1, hi);
            } else {
                column(lo, hi);
            }
        }
    }
    pairs
}

/// Splits read, added up apart from the state while another thread holds it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Counts {
    pub(super) rare_pairs: u64,
    pub(super) scan_pairs: u64,
}

/// The value bound up to which heaps without rows read ahead are finished
/// with bit sets ([`State::value_of_small`]).
const SMALL_BOUND: usize = 64;

/// Heaps a block finished with bit sets on one thread: nothing is read
/// ahead for them, so a block is only a step between two reports.
const SMALL_BLOCK: usize = 2048;

impl State {
    /// Whether the heaps are finished with bit sets, values all below
    /// [`SMALL_BOUND`].
    fn small(&self) -> bool {
        self.bits && self.histogram.len() <= SMALL_BOUND
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
    fn far_job<W: Window>(
        &mut self,
        g: W,
        (first, end): (usize, usize),
        tuning: Tuning,
        parallel: bool,
    ) -> FarJob {
        let spread_rounds = if parallel {
            tuning.spread_rounds(rayon::current_num_threads())
        } else {
            0
        };
        FarJob {
            parallel,
            column: tuning.column,
            rows: self.spare_rows.pop().unwrap_or_default(),
            rare: self.rare.clone(),
            shape: self.shape.clone(),
            bound: self.histogram.len(),
            mask: self.mask,
            first,
            end,
            read_ahead: if parallel { tuning.read_ahead } else { 0 },
            spread: self.spread,
            spread_rounds,
            from: 0,
            since: 0,
            rare_from: 0,
            lanes: self.lanes.clone(),
            spin_for: tuning.spin_bound(rayon::current_num_threads()),
            read_before: 0,
            deepen: if parallel {
                tuning.deepened_rounds(rayon::current_num_threads())
            } else {
                0
            },
            deep: Deep::default(),
            spread_parts: self.spread_parts.for_table(g, self.spread, spread_rounds),
        }
    }

    /// Counts `time` of work with no other thread beside it, when
    /// profiling.
    fn alone(&mut self, time: Duration) {
        self.profile.alone += time;
        if let Some(lanes) = &self.lanes {
            lanes.own(&mut self.threads).alone += time;
        }
    }

    /// Moves the reading time of the tasks into each thread's use.
    /// Completes `ahead` from `done` (the table up to the block it was
    /// read for): the splits whose other part lies in the block before,
    /// and those of the rare heaps found since, shared out among the
    /// pool's threads. Returns it and the wall time it took.
    fn catch_up<W: Window>(&mut self, ahead: Ahead, done: W, tuning: &Tuning) -> (Ahead, Duration) {
        let clock = Clock::start(tuning.profile);
        let mut counts = Counts::default();
        let threads = rayon::current_num_threads();
        let mut job = FarJob::catch_up(
            ahead,
            self.rare.clone(),
            self.shape.clone(),
            self.lanes.clone(),
            tuning.column,
            tuning.spin_bound(threads),
            self.spread_parts.clone(),
        );
        if tuning.catch_up_deepens && tuning.helps(threads) {
            job.deepen = tuning.deepened_rounds(threads);
        }
        let ahead = job.read(done, &mut counts);
        self.add(counts);
        self.profile.catch_up_pairs += counts.rare_pairs + counts.scan_pairs;
        (ahead, clock.stop())
    }

    fn drain_lanes(&mut self) {
        if let Some(lanes) = &self.lanes {
            lanes.drain_into(&mut self.threads);
        }
    }

    /// Keeps a buffer of rows for a later block (the windowed engine's
    /// blocks too).
    pub(super) fn keep_rows(&mut self, rows: Vec<u8>) {
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
        reached: (Reach, &Deep),
        wave: &Wave<'_>,
    ) -> Stop {
        let mut seen = std::mem::take(&mut self.seen);
        let stop = with_marks!(&mut seen[..], |marks| self
            .finish_block_with(marks, done, block, tail_from, end, reached, wave));
        // A new value bound brings new stamps ([`State::resize_bits`]).
        if self.seen.is_empty() {
            self.seen = seen;
        }
        stop
    }

    #[allow(clippy::too_many_arguments)]
    fn finish_block_with<V: Values, M: Marks + ?Sized>(
        &mut self,
        seen: &mut M,
        done: V::Window<'_>,
        block: &mut V,
        tail_from: usize,
        end: usize,
        (mut reach, deep): (Reach, &Deep),
        wave: &Wave<'_>,
    ) -> Stop {
        let bound = self.histogram.len();
        self.reset_cursors();
        let width = wave.width();
        let heaps_read = wave.heaps();
        let mut near = Near::default();
        // The rows of the column at hand.
        let mut column: &mut [u8] = &mut [];
        for n in tail_from + block.len()..end {
            let i = n.wrapping_sub(reach.first);
            if i < heaps_read && (i.is_multiple_of(COLUMN) || column.is_empty()) {
                let (rows, read_to) = wave.take(i / COLUMN);
                column = rows;
                // The column's first heap: `n` itself, as a block starts
                // where its rows do.
                let at = n - i % COLUMN;
                if reach.limit < at {
                    // The splits of the read rare heaps whose other part
                    // lies in the block before this column (those not read
                    // beside), read for the column at once: the heaps
                    // themselves are left those within it.
                    let below = read_to.unwrap_or(0);
                    let tail = (block.window(), tail_from);
                    self.read_own_column(column, width, at, tail, below, &mut reach);
                }
            }
            let mut view = View {
                done: V::shorten(done),
                tail: block.window(),
                tail_from,
            };
            // The heap's row read ahead, if any, takes the rest of its
            // marks; otherwise the stamps do.
            let at = i % COLUMN * width;
            let value = match (i < heaps_read).then(|| &mut column[at..at + width]) {
                Some(row) => {
                    let reach = reach.of_heap(deep, n);
                    self.value_of::<_, _, true>((M::of(row), ROW_MARK), &mut view, n, &reach)
                }
                None if self.bits && bound <= SMALL_BOUND => {
                    if !near.covers(n) {
                        near = Near::read(self, &view, n);
                    }
                    self.value_of_small(&view, n, &reach, &near)
                }
                None => {
                    self.stamp = self.stamp.wrapping_add(1);
                    if self.stamp == 0 {
                        seen.clear();
                        self.stamp = 1;
                    }
                    self.value_of::<_, _, false>((seen, self.stamp), &mut view, n, &reach)
                }
            };
            if !block.push(value) {
                return Stop::Wider(value);
            }
            wave.finished(n, value);
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
}
