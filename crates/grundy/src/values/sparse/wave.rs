//! The finishing thread's own rare splits, read beside it as its block
//! advances: a wavefront.
//!
//! Before each column of 64 heaps of its block, the finishing thread reads,
//! for the whole column at once, the splits of the block's rare parts whose
//! other part lies in the block before the column
//! ([`State::read_own_column`](super::state::State)). With blocks of 2048
//! heaps (every pool of two threads, sixteen threads) that is a quarter to a
//! third of the finishing's work, the one part of the pipeline no other
//! thread can help — except that most of it needs no value the finishing is
//! about to compute. The splits whose other part lies more than `lag`
//! heaps before the column can be read as soon as those heaps are
//! finished, by any thread with nothing better to do: the threads reading
//! the next block ahead, between two of their tasks, and the one that has
//! read its last task, until the block is finished. The finishing thread
//! is left the splits whose other part lies within `lag` heaps before the
//! column (rare parts below about `lag + 64`), and the columns nobody took
//! in time, which it reads whole, as before.
//!
//! Each column's rows are owned by whoever claims the column first: a
//! thread beside claims a column only once its heaps' other parts are
//! finished, and the finishing thread claims every column it reaches, or
//! waits for the thread reading it. The values finished are published in
//! a buffer of atomics, a column at a time at most behind the finishing.
//! The values are the same whoever reads a split: the marks only add up.

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use super::ahead::{Ahead, COLUMN, Reach};
use super::blocks::mark_block_column;
use super::heap::Shape;
use super::spin::{Patience, Spin};
use crate::values::table::Window;

/// The fewest heaps newly finished for which [`Wave::catch_up_next`]
/// reads. Each reading goes through the whole rare list; a short one
/// leaves the thread free for the next column soon (a column may be read
/// beside the finishing only while the finishing is more than
/// [`Tuning::wave_lag`](super::Tuning::wave_lag) heaps before it).
const CATCH_UP_STEP: usize = COLUMN;

/// A column nobody has claimed yet.
const OPEN: u8 = 0;
/// A column a thread beside is reading.
const READING: u8 = 1;
/// A column read beside the finishing, up to [`Wave::upto`].
const READ: u8 = 2;
/// A column the finishing thread took (read or not).
const TAKEN: u8 = 3;

/// One block's columns, between the finishing thread and the threads
/// beside it.
pub(super) struct Wave<'r> {
    /// The block's first heap: the rows are of the heaps from it.
    first: usize,
    /// Marks a heap.
    width: usize,
    /// Heaps with rows.
    heaps: usize,
    /// The rare splits with the other part below this were read ahead.
    limit: usize,
    /// Heaps before a column whose splits the finishing reads itself.
    lag: usize,
    /// The rare parts the block was read with.
    rare: Vec<(usize, u64)>,
    shape: Shape,
    /// The block's values, as the finishing publishes them.
    values: Vec<AtomicU64>,
    /// Heaps of the block finished and published.
    finished: AtomicUsize,
    columns: Vec<Column<'r>>,
    /// The next column a thread beside may claim.
    next: AtomicUsize,
    /// Set once the finishing of the block stopped.
    over: AtomicBool,
    /// Splits read beside the finishing.
    pairs: AtomicU64,
}

/// One column's rows, and who reads them.
struct Column<'r> {
    state: AtomicU8,
    rows: Mutex<Option<&'r mut [u8]>>,
    /// Splits read into the rows beside the finishing.
    pairs: AtomicU64,
}

impl<'r> Wave<'r> {
    /// The columns of `rows` (`width` marks a heap, read ahead for the
    /// block of `reach`, with `rare` and `shape`). With `lag` 0 no thread
    /// beside reads anything: the finishing thread takes each column as it
    /// comes.
    pub(super) fn new(
        rows: &'r mut [u8],
        width: usize,
        reach: &Reach,
        lag: usize,
        rare: &[(usize, u64)],
        shape: &Shape,
    ) -> Wave<'r> {
        let heaps_read = rows.len().checked_div(width).unwrap_or(0);
        let columns: Vec<Column<'r>> = if width == 0 {
            Vec::new()
        } else {
            rows.chunks_mut(COLUMN * width)
                .map(|rows| Column {
                    state: AtomicU8::new(OPEN),
                    rows: Mutex::new(Some(rows)),
                    pairs: AtomicU64::new(0),
                })
                .collect()
        };
        let beside = lag > 0 && columns.len() > 1;
        let heaps = if beside { reach.end - reach.first } else { 0 };
        // What a thread beside reads with; nothing to copy otherwise.
        let (rare, shape) = if beside {
            (
                rare[..reach.rare_len.min(rare.len())].to_vec(),
                shape.clone(),
            )
        } else {
            (Vec::new(), Shape::default())
        };
        Wave {
            first: reach.first,
            width,
            heaps: heaps_read,
            limit: reach.limit,
            lag: lag.max(1),
            rare,
            shape,
            values: (0..heaps).map(|_| AtomicU64::new(0)).collect(),
            finished: AtomicUsize::new(0),
            next: AtomicUsize::new(if beside { 0 } else { columns.len() }),
            columns,
            over: AtomicBool::new(false),
            pairs: AtomicU64::new(0),
        }
    }

    /// The columns of `rows` for a finishing no thread helps: it takes
    /// each column as it comes.
    pub(super) fn alone(rows: &'r mut [u8], width: usize, reach: &Reach, shape: &Shape) -> Self {
        Wave::new(rows, width, reach, 0, &[], shape)
    }

    /// Marks a heap.
    #[inline]
    pub(super) fn width(&self) -> usize {
        self.width
    }

    /// Heaps with rows.
    #[inline]
    pub(super) fn heaps(&self) -> usize {
        self.heaps
    }

    /// Splits read beside the finishing so far.
    pub(super) fn pairs(&self) -> u64 {
        self.pairs.load(Ordering::Relaxed)
    }

    /// Splits read beside the finishing into columns it never took: the
    /// finishing stopped before them (a mask review, a new power of two),
    /// and the next block reads them again. How many depends on how far
    /// the threads beside got meanwhile.
    pub(super) fn unused_pairs(&self) -> u64 {
        self.columns
            .iter()
            .filter(|column| column.state.load(Ordering::Acquire) != TAKEN)
            .map(|column| column.pairs.load(Ordering::Relaxed))
            .sum()
    }

    /// The rows of column `j`, for the finishing thread, and the heap below
    /// which the other parts of its rare splits were read beside it
    /// (`None`: nothing was). Waits while a thread beside reads it.
    #[inline]
    pub(super) fn take(&self, j: usize) -> (&'r mut [u8], Option<usize>) {
        let column = &self.columns[j];
        let read =
            match column
                .state
                .compare_exchange(OPEN, TAKEN, Ordering::Acquire, Ordering::Acquire)
            {
                Ok(_) => None,
                Err(_) => {
                    let mut spin = Spin::new(Patience::default());
                    while column.state.load(Ordering::Acquire) != READ {
                        spin.round();
                    }
                    column.state.store(TAKEN, Ordering::Relaxed);
                    Some(self.upto(j))
                }
            };
        let rows = lock(&column.rows).take().unwrap_or_default();
        (rows, read)
    }

    /// Publishes the value of heap `n`, finished: every heap of the block
    /// before it is.
    #[inline]
    pub(super) fn finished(&self, n: usize, value: u64) {
        if let Some(cell) = self.values.get(n.wrapping_sub(self.first)) {
            cell.store(value, Ordering::Relaxed);
            self.finished.store(n + 1 - self.first, Ordering::Release);
        }
    }

    /// Says that the finishing of the block stopped, when dropped (a panic
    /// included): the threads beside stop helping.
    pub(super) fn stop_on_drop(&self) -> StopOnDrop<'_, 'r> {
        StopOnDrop(self)
    }

    /// Reads the columns whose other parts are finished and that nobody
    /// has claimed, from `done` (the table before the block); returns
    /// whether it read any.
    pub(super) fn help<W: Window>(&self, done: W) -> bool {
        let mut any = false;
        while self.help_one(done) {
            any = true;
        }
        any
    }

    /// [`Wave::help`] until the block is finished, or no column is left
    /// and there is no `idle` work, the time of each column read added to
    /// this thread's lane. While no column is ready, `idle` is called: it
    /// says whether it found work (then this thread goes on without
    /// spinning).
    pub(super) fn help_to_the_end<W: Window>(
        &self,
        done: W,
        patience: Patience<'_>,
        mut idle: Option<&mut dyn FnMut() -> bool>,
    ) {
        let mut spin = Spin::new(patience);
        while !self.over.load(Ordering::Acquire) {
            let columns = self.next.load(Ordering::Relaxed) < self.columns.len();
            if !columns && idle.is_none() {
                return;
            }
            let started = patience.lanes.map(|_| Instant::now());
            if (columns && self.help(done)) || idle.as_mut().is_some_and(|idle| idle()) {
                spin.found();
                if let (Some(lanes), Some(started)) = (patience.lanes, started) {
                    lanes.add_since(started);
                }
            } else if !spin.round() {
                return;
            }
        }
    }

    /// Reads into `next` (the next block's rows, read ahead from the
    /// values before this block) the splits of `rare` (the rare heaps it
    /// was read with) whose other part lies in this block, from where
    /// that was last done up to the heaps finished now, if at least
    /// [`CATCH_UP_STEP`] more are: what the next block's catching up
    /// would read once this block is finished, read while it is. Returns
    /// the splits read.
    pub(super) fn catch_up_next(&self, next: &mut Ahead, rare: &[(usize, u64)]) -> u64 {
        if self.values.is_empty() || next.width == 0 || next.reach.limit != self.first {
            return 0;
        }
        let from = next.rare_caught.max(self.first);
        let upto = self.first + self.finished.load(Ordering::Acquire);
        if upto < from + CATCH_UP_STEP {
            return 0;
        }
        let published = Published(&self.values[..upto - self.first]);
        let old = &rare[..next.reach.rare_len.min(rare.len())];
        let (rows, width, first) = (&mut next.rows, next.width, next.reach.first);
        let tail = (published, self.first);
        let pairs = mark_block_column(rows, width, first, old, &self.shape, tail, from, upto);
        next.rare_caught = upto;
        next.pairs += pairs;
        pairs
    }

    /// The heap below which a thread beside reads the other parts of
    /// column `j`.
    fn upto(&self, j: usize) -> usize {
        (self.first + j * COLUMN).saturating_sub(self.lag)
    }

    /// Claims and reads the next column, if its other parts are finished.
    fn help_one<W: Window>(&self, done: W) -> bool {
        loop {
            let j = self.next.load(Ordering::Relaxed);
            if j >= self.columns.len() || self.over.load(Ordering::Relaxed) {
                return false;
            }
            let upto = self.upto(j);
            let finished = self.first + self.finished.load(Ordering::Acquire);
            if upto > self.limit && finished < upto {
                return false;
            }
            if self
                .next
                .compare_exchange(j, j + 1, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
            {
                continue;
            }
            // Nothing to read beside: the finishing reads the column whole.
            if upto <= self.limit {
                continue;
            }
            let column = &self.columns[j];
            if column
                .state
                .compare_exchange(OPEN, READING, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
            {
                // The finishing got there first, and so to every column
                // before.
                return false;
            }
            // Read, or given up by a panic (passed on at the join): the
            // finishing waits for no more.
            let _read = Read(&column.state);
            let mut rows = lock(&column.rows);
            let pairs = match rows.as_deref_mut() {
                Some(rows) => self.read(j, rows, done, upto),
                None => 0,
            };
            drop(rows);
            column.pairs.store(pairs, Ordering::Relaxed);
            self.pairs.fetch_add(pairs, Ordering::Relaxed);
            return true;
        }
    }

    /// Reads into `rows` (column `j`) the rare splits whose other part lies
    /// from the limit read ahead to `upto`: from `done` below the block,
    /// from the values published in it.
    fn read<W: Window>(&self, j: usize, rows: &mut [u8], done: W, upto: usize) -> u64 {
        let at = self.first + j * COLUMN;
        let mut pairs = 0;
        let below_block = upto.min(self.first);
        if self.limit < below_block {
            pairs += self.mark(rows, at, (done, 0), (self.limit, below_block));
        }
        if upto > self.first {
            let published = Published(&self.values[..upto - self.first]);
            let tail = (published, self.first);
            pairs += self.mark(rows, at, tail, (self.limit.max(self.first), upto));
        }
        pairs
    }
}

impl Wave<'_> {
    /// Marks in `rows` (the column from heap `at`) the rare splits whose
    /// other part lies from `below` to `upto`, read from `tail`.
    fn mark<V: Window>(
        &self,
        rows: &mut [u8],
        at: usize,
        tail: (V, usize),
        (below, upto): (usize, usize),
    ) -> u64 {
        let (rare, shape) = (&self.rare, &self.shape);
        mark_block_column(rows, self.width, at, rare, shape, tail, below, upto)
    }
}

/// Ends the threads' help when dropped ([`Wave::stop_on_drop`]).
pub(super) struct StopOnDrop<'w, 'r>(&'w Wave<'r>);

impl Drop for StopOnDrop<'_, '_> {
    fn drop(&mut self) {
        self.0.over.store(true, Ordering::Release);
    }
}

/// Marks a column read when dropped.
struct Read<'a>(&'a AtomicU8);

impl Drop for Read<'_> {
    fn drop(&mut self) {
        self.0.store(READ, Ordering::Release);
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Values published by the finishing thread, read as a [`Window`]: each
/// was stored before the count of finished heaps that covers it.
#[derive(Clone, Copy)]
struct Published<'a>(&'a [AtomicU64]);

impl Window for Published<'_> {
    #[inline(always)]
    fn len(self) -> usize {
        self.0.len()
    }

    #[inline(always)]
    fn get(self, i: usize) -> u64 {
        self.0[i].load(Ordering::Relaxed)
    }

    #[inline(always)]
    fn range(self, lo: usize, hi: usize) -> Self {
        Published(&self.0[lo..hi])
    }

    #[inline(always)]
    fn mark_column<const B: usize>(self, rows: &mut [[u8; B]], v: u64, stamp: u8) {
        for (row, y) in rows.iter_mut().zip(self.0) {
            row[(v ^ y.load(Ordering::Relaxed)) as usize % B] = stamp;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Ruleset;

    /// The reach of the block `first..end` read from the values before
    /// `limit`, with `rare_len` rare heaps and nothing else.
    fn reach(first: usize, end: usize, limit: usize, rare_len: usize) -> Reach {
        Reach {
            first,
            end,
            limit,
            rare_limit: limit,
            mask: 0,
            rare_len,
            read_ahead: 0,
            spread: 0,
            spread_rounds: 0,
            deep_limit: 0,
            deep_rounds: 0,
        }
    }

    /// Grundy's game's block 200..392 read from the values before it, its
    /// values made up, with two rare heaps: shape, values, rare and reach.
    fn grundy_block() -> (Shape, Vec<u64>, Vec<(usize, u64)>, Reach) {
        let values: Vec<u64> = (0..400u64).map(|n| n % 9).collect();
        let rare = vec![(1usize, values[1]), (3, values[3])];
        let reach = reach(200, 392, 200, rare.len());
        (Shape::of(&Ruleset::Grundy).unwrap(), values, rare, reach)
    }

    /// Rows of `width` marks for the heaps `first..first + heaps`, with
    /// the splits of `rare` whose other part lies from `below` to each
    /// column's first heap marked: as the finishing reads them alone.
    fn alone(
        values: &[u64],
        (first, heaps, width): (usize, usize, usize),
        rare: &[(usize, u64)],
        shape: &Shape,
        below: usize,
    ) -> Vec<u8> {
        let mut rows = vec![0u8; heaps * width];
        for (j, column) in rows.chunks_mut(COLUMN * width).enumerate() {
            let at = first + j * COLUMN;
            mark_block_column(column, width, at, rare, shape, (values, 0), below, at);
        }
        rows
    }

    /// The columns read beside the finishing, then completed by it from
    /// where the thread beside stopped, hold the marks the finishing reads
    /// alone, for any lag, with or without the block before caught up.
    #[test]
    fn columns_read_beside_hold_the_marks_read_alone() {
        let shape = Shape::of(&"0.161".parse::<Ruleset>().unwrap()).unwrap();
        let values: Vec<u64> = (0..1200u64).map(|n| (n * 7 + n / 5) % 256).collect();
        let rare: Vec<(usize, u64)> = [1usize, 2, 5, 9, 40, 70, 130, 300, 511]
            .iter()
            .map(|&p| (p, values[p]))
            .collect();
        let (first, heaps, width) = (600, 500, 256);
        for limit in [first, first - 100] {
            let reach = reach(first, first + heaps, limit, rare.len());
            let expected = alone(&values, (first, heaps, width), &rare, &shape, limit);
            for lag in [1, 63, 64, 256] {
                let mut rows = vec![0u8; heaps * width];
                let wave = Wave::new(&mut rows, width, &reach, lag, &rare, &shape);
                let done = &values[..first];
                let mut taken = Vec::new();
                for n in first..first + heaps {
                    let i = n - first;
                    if i % COLUMN == 0 {
                        // Before each column a thread beside reads what
                        // is finished; the finishing completes the rest.
                        wave.help(done);
                        let (column, read_to) = wave.take(i / COLUMN);
                        let below = read_to.unwrap_or(0).max(limit);
                        let tail = (&values[..], 0);
                        mark_block_column(column, width, n, &rare, &shape, tail, below, n);
                        taken.push(read_to);
                    }
                    wave.finished(n, values[n]);
                }
                assert!(wave.pairs() > 0, "lag {lag}: nothing read beside");
                assert!(taken.iter().any(Option::is_some));
                drop(wave);
                assert!(rows == expected, "lag {lag}, limit {limit}");
            }
        }
    }

    /// Publishes the heaps of `heaps` as finished.
    fn finish(wave: &Wave<'_>, values: &[u64], heaps: std::ops::Range<usize>) {
        for (n, &value) in values.iter().enumerate().take(heaps.end).skip(heaps.start) {
            wave.finished(n, value);
        }
    }

    /// The finishing takes a column nobody claimed whole, and a thread
    /// beside claims no column once the finishing is past it or stopped.
    #[test]
    fn a_column_is_read_by_one_thread_only() {
        let (shape, values, rare, reach) = grundy_block();
        let mut rows = vec![0u8; 192 * 256];
        let wave = Wave::new(&mut rows, 256, &reach, 1, &rare, &shape);
        assert_eq!(wave.heaps(), 192);
        // Nothing of the block finished: nothing to read beside.
        assert!(!wave.help(&values[..200]));
        let (column, read) = wave.take(0);
        assert_eq!((column.len(), read), (64 * 256, None));
        finish(&wave, &values, 200..264);
        let (_, read) = wave.take(1);
        assert_eq!(read, None, "the finishing took column 1 first");
        {
            let _stop = wave.stop_on_drop();
        }
        finish(&wave, &values, 264..328);
        assert!(!wave.help(&values[..200]), "stopped");
        let (column, read) = wave.take(2);
        assert_eq!((column.len(), read), (64 * 256, None));
        // Without a lag, nothing is shared out.
        let mut rows = vec![0u8; 192 * 256];
        let wave = Wave::new(&mut rows, 256, &reach, 0, &rare, &shape);
        finish(&wave, &values, 200..392);
        assert!(!wave.help(&values[..200]));
    }

    /// The splits read beside into a column the finishing then takes are
    /// used; those read into a column it never reaches (it stopped before)
    /// are not.
    #[test]
    fn splits_read_beside_a_column_never_taken_are_unused() {
        let (shape, values, rare, reach) = grundy_block();
        let mut rows = vec![0u8; 192 * 256];
        let wave = Wave::new(&mut rows, 256, &reach, 1, &rare, &shape);
        wave.take(0);
        finish(&wave, &values, 200..264);
        assert!(wave.help(&values[..200]), "column 1 is ready");
        let first = wave.pairs();
        assert!(first > 0);
        assert_eq!(wave.unused_pairs(), first, "read, not yet taken");
        let (_, read) = wave.take(1);
        assert!(read.is_some());
        assert_eq!(wave.unused_pairs(), 0, "taken");
        finish(&wave, &values, 264..328);
        assert!(wave.help(&values[..200]), "column 2 is ready");
        {
            // The finishing stops within column 1.
            let _stop = wave.stop_on_drop();
        }
        let second = wave.pairs() - first;
        assert!(second > 0);
        assert_eq!(wave.unused_pairs(), second);
    }

    /// The next block's catching up read beside the finishing, in steps as
    /// the heaps are finished, marks the rows as the catching up reads them
    /// in one go once the block is finished; it reads nothing while fewer
    /// than a step's heaps are newly finished, nor for rows read from
    /// another limit.
    #[test]
    fn the_next_block_caught_up_beside_holds_the_marks_caught_up_after() {
        let shape = Shape::of(&"0.161".parse::<Ruleset>().unwrap()).unwrap();
        let values: Vec<u64> = (0..4000u64).map(|n| (n * 7 + n / 5) % 256).collect();
        let rare: Vec<(usize, u64)> = [1usize, 2, 5, 9, 40, 70, 130, 300, 511, 1500]
            .iter()
            .map(|&p| (p, values[p]))
            .collect();
        let (first, heaps, width) = (1000, 1000, 256);
        let reach = |first: usize, limit: usize| reach(first, first + heaps, limit, rare.len());
        let next_first = first + heaps;
        let next = |limit: usize| Ahead {
            reach: reach(next_first, limit),
            width,
            rows: vec![0u8; heaps * width],
            pairs: 0,
            deep: Default::default(),
            rare_caught: 0,
        };
        // What the catching up reads once the block is finished.
        let mut after = vec![0u8; heaps * width];
        let tail = (&values[..], 0);
        mark_block_column(
            &mut after, width, next_first, &rare, &shape, tail, first, next_first,
        );
        let mut rows = vec![0u8; heaps * width];
        let wave = Wave::new(&mut rows, width, &reach(first, first), 1, &rare, &shape);
        let mut ahead = next(first);
        let mut other = next(first - 1);
        let mut pairs = 0;
        for (n, &value) in values.iter().enumerate().take(next_first).skip(first) {
            wave.finished(n, value);
            pairs += wave.catch_up_next(&mut ahead, &rare);
            assert!(ahead.rare_caught <= n + 1);
            assert_eq!(wave.catch_up_next(&mut other, &rare), 0);
        }
        assert!(
            ahead.rare_caught > first + heaps / 2,
            "{}",
            ahead.rare_caught
        );
        // The rest, as the catching up after the block reads it.
        let tail = (&values[..], 0);
        let from = ahead.rare_caught;
        pairs += mark_block_column(
            &mut ahead.rows,
            width,
            next_first,
            &rare,
            &shape,
            tail,
            from,
            next_first,
        );
        assert!(ahead.rows == after);
        let whole = mark_block_column(
            &mut vec![0u8; heaps * width],
            width,
            next_first,
            &rare,
            &shape,
            (&values[..], 0),
            first,
            next_first,
        );
        assert_eq!(pairs, whole);
    }

    /// A thread beside that may wait no longer than a bound gives up while
    /// no column is ready, and the finishing then takes every column
    /// whole; with no bound it waits for the columns as they come.
    #[test]
    fn a_helper_with_a_bound_gives_up_and_leaves_the_columns_whole() {
        let (shape, values, rare, reach) = grundy_block();
        let mut rows = vec![0u8; 192 * 256];
        let wave = Wave::new(&mut rows, 256, &reach, 1, &rare, &shape);
        let patience = Patience {
            most: Some(std::time::Duration::from_micros(200)),
            lanes: None,
        };
        // Nothing of the block is finished: the helper returns.
        wave.help_to_the_end(&values[..200], patience, None);
        for j in 0..3 {
            finish(&wave, &values, 200 + 64 * j..264 + 64 * j);
            assert_eq!(wave.take(j).1, None, "column {j}");
        }
        assert_eq!(wave.pairs(), 0);
        // Unbounded, it reads the columns once their heaps are finished,
        // and stops when the finishing does.
        let mut rows = vec![0u8; 192 * 256];
        let wave = Wave::new(&mut rows, 256, &reach, 1, &rare, &shape);
        std::thread::scope(|scope| {
            scope.spawn(|| wave.help_to_the_end(&values[..200], Patience::default(), None));
            let _stop = wave.stop_on_drop();
            for j in 0..3 {
                finish(&wave, &values, 200 + 64 * j..264 + 64 * j);
                if j + 1 < 3 {
                    // Column j + 1's other parts are now finished: the
                    // helper reads it (given up to ten seconds).
                    let state = &wave.columns[j + 1].state;
                    let started = Instant::now();
                    while state.load(Ordering::Acquire) != READ
                        && started.elapsed() < std::time::Duration::from_secs(10)
                    {
                        std::thread::yield_now();
                    }
                    assert_eq!(state.load(Ordering::Acquire), READ, "column {}", j + 1);
                }
                wave.take(j);
            }
        });
    }
}
