//! The sparse engine for tables larger than memory: the values the engine
//! reads often stay in memory, the rest is handed to the caller
//! ([`ColdValues`]) and read back only when needed.
//!
//! What the engine reads, heap `n` by heap `n` (measured in
//! `docs/access-pattern.md`):
//!
//! - step 1 reads `G(n − t − r)` for every rare heap `r`: when the rare
//!   heaps are few and small, these are the last heaps before `n` — the
//!   *tail*;
//! - the lazy scan of step 2 reads from two streams: small parts `1, 2, …`
//!   (the *head*) against the heaps just below `n` (the tail), and parts
//!   near `n / 2` from both sides — the *middle*, a window that slides up
//!   by half a heap a heap;
//! - a full scan (when `G(n)` is rare), a rare heap past the tail, a change
//!   of mask (the rare list is rebuilt) read anything: through a small
//!   cache of chunks read from the [`ColdValues`].
//!
//! Correctness never depends on where a value lies: every read finds the
//! value in one of the windows or reads it back from the cold values. Only
//! the speed does. Memory is bounded by the windows' sizes (the tail grows
//! to hold the rare heaps up to [`Windows::tail_limit`]) and the engine's
//! state (the rare list, the histogram).
//!
//! The mathematics is the in-memory engine's, the same code: its state
//! (`sparse/state.rs`) and its heap (`sparse/heap.rs`, steps 1 and 2 of
//! [`super`]), reading the windows and the cold values through the `Storage`
//! trait (`sparse/storage.rs`, implemented here in `held.rs`). The far
//! rare parts of a block that the tail holds (those of the first rare
//! heaps) and the first rounds of its spread scan are read for 64 heaps at
//! a time first (`columns.rs`, the in-memory engine's reading ahead); the
//! splits of the rare heaps past the tail are left to the finishing. Run
//! inside a pool of several threads, the engine reads each block on all of
//! them, the next block beside the finishing of the current one (from a
//! copy of the tail's end), as the in-memory engine does. What this engine
//! leaves out is the rest of the in-memory engine's speed-ups: the splits
//! near half the heap read ahead, and the one-word marks of heaps whose
//! values are all below 64. (The spread scan heap by heap, without the
//! columns, read 24 % fewer splits of Grundy's game but took no less time,
//! and more on 0.161.)

use std::ops::ControlFlow;

use super::ahead::{Ahead, COLUMN, Deep, FarJob, ROW_MARK, Reach};
use super::blocks::Counts;
use super::heap::Shape;
use super::marks::marks_len;
use super::marks::with_marks;
use super::spread::{SPREAD_ROUND, SpreadParts};
use super::state::State;
use super::{MaskPolicy, Tuning};
use crate::error::{Error, ErrorKind, Result};
use crate::ruleset::Ruleset;
use crate::values::Progress;

#[cfg(test)]
use held::MIDDLE;
use held::{COLD, ColdCell, Held, Reader, cold_error};

mod columns;
mod held;

/// Where the values that are not kept in memory go: the caller's storage
/// (a file, say). Offsets are in bytes: heap `h` of a table of width `w`
/// bytes lies at `h · w`, little-endian.
///
/// `Vec<u8>` is one, in memory, for tests:
///
/// ```
/// use grundy::values::sparse::windowed::ColdValues;
/// let mut cold = Vec::new();
/// cold.store(0, &[1, 2, 3])?;
/// let mut two = [0; 2];
/// cold.load(1, &mut two)?;
/// assert_eq!(two, [2, 3]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub trait ColdValues {
    /// Writes `bytes` at byte `offset`. The engine writes each value once,
    /// in order (a resumed run may write again what it wrote before).
    ///
    /// # Errors
    /// When the storage fails.
    fn store(&mut self, offset: u64, bytes: &[u8]) -> std::io::Result<()>;

    /// Fills `buf` with the bytes from `offset`, all written before.
    ///
    /// # Errors
    /// When the storage fails or does not hold them.
    fn load(&mut self, offset: u64, buf: &mut [u8]) -> std::io::Result<()>;
}

impl ColdValues for Vec<u8> {
    fn store(&mut self, offset: u64, bytes: &[u8]) -> std::io::Result<()> {
        let start = usize::try_from(offset).map_err(std::io::Error::other)?;
        let end = start + bytes.len();
        if self.len() < end {
            self.resize(end, 0);
        }
        self[start..end].copy_from_slice(bytes);
        Ok(())
    }

    fn load(&mut self, offset: u64, buf: &mut [u8]) -> std::io::Result<()> {
        let start = usize::try_from(offset).map_err(std::io::Error::other)?;
        let held = self
            .get(start..start + buf.len())
            .ok_or_else(|| std::io::Error::other("bytes past those stored"))?;
        buf.copy_from_slice(held);
        Ok(())
    }
}

/// The sizes of the windows kept in memory, in heaps.
///
/// ```
/// use grundy::values::sparse::windowed::Windows;
/// let w = Windows::default();
/// // The tail at its limit of 2^22 heaps, twice, dominates: under 9·2^20.
/// assert!(w.resident_cells() < 9 << 20);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Windows {
    /// The first heaps, `G(0..head)`: the small parts of the lazy scan.
    pub head: usize,
    /// The last heaps before the one computed, at least: the large parts of
    /// step 1 and of the lazy scan. It grows to hold the parts of every
    /// rare heap up to `tail_limit`.
    pub tail: usize,
    /// The most the tail grows to.
    pub tail_limit: usize,
    /// The heaps near half the heap: the splits near the middle.
    pub middle: usize,
    /// Heaps read back from the cold values at once, for other reads.
    pub chunk: usize,
    /// Chunks kept.
    pub chunks: usize,
    /// The mask policy.
    pub mask: MaskPolicy,
}

impl Default for Windows {
    fn default() -> Self {
        Windows {
            head: 1 << 15,
            tail: 1 << 16,
            tail_limit: 1 << 22,
            middle: 1 << 16,
            chunk: 1 << 15,
            chunks: 16,
            mask: MaskPolicy::Auto,
        }
    }
}

impl Windows {
    /// Values held in memory at most: the windows, the tail at its limit
    /// (twice: it is spilled when it doubles) and the chunks.
    pub fn resident_cells(&self) -> usize {
        self.head
            .saturating_add(self.tail.max(self.tail_limit).saturating_mul(2))
            .saturating_add(self.middle)
            .saturating_add(self.chunk.saturating_mul(self.chunks))
    }
}

/// The kinds of reads, for [`Access`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReadKind {
    /// Moves that leave one heap.
    Leave,
    /// Step 1: the other part of a split with a rare part.
    Rare,
    /// The lazy scan's stream of small parts (and their large partners).
    SmallEnd,
    /// The lazy scan's stream of parts near half the heap.
    Middle,
    /// Rebuilding the rare list after a change of mask, or the state on
    /// resuming.
    Rebuild,
}

impl ReadKind {
    /// Every kind, in the order of [`Access::counts`].
    pub const ALL: [ReadKind; 5] = [
        ReadKind::Leave,
        ReadKind::Rare,
        ReadKind::SmallEnd,
        ReadKind::Middle,
        ReadKind::Rebuild,
    ];
}

/// Where reads were served from, for [`Access`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Region {
    /// [`Windows::head`].
    Head,
    /// [`Windows::tail`].
    Tail,
    /// [`Windows::middle`].
    Middle,
    /// Read back from the cold values (through the cache of chunks).
    Cold,
}

/// Counts of the values read, by kind of read and by where they were
/// found, and how far each kind reached: the engine's access pattern.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Access {
    /// `counts[kind][region]`, in the orders of [`ReadKind::ALL`] and
    /// head, tail, middle, cold.
    pub counts: [[u64; 4]; 5],
    /// The largest rare part read in step 1.
    pub max_rare_part: u64,
    /// The largest small part read by the small-end stream.
    pub max_small_part: u64,
    /// The farthest below half the heap the middle stream read.
    pub max_middle_depth: u64,
    /// Chunks read back from the cold values.
    pub chunk_loads: u64,
    /// Times the middle window moved.
    pub middle_loads: u64,
    /// Bytes written to the cold values.
    pub bytes_stored: u64,
    /// Heaps finished in blocks whose far parts were read in columns first.
    pub column_heaps: u64,
}

/// What a windowed run found and how much work it did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WindowedStats {
    /// The mask in use.
    pub mask: u64,
    /// Rare heaps, heap 0 included.
    pub rare_count: u64,
    /// The largest rare heap.
    pub last_rare: Option<u64>,
    /// Splits read through the rare list.
    pub rare_pairs: u64,
    /// Splits read by the lazy scans.
    pub scan_pairs: u64,
    /// Heaps whose lazy scan read every split.
    pub full_scans: u64,
    /// Mask changes.
    pub mask_changes: u32,
    /// Where the reads went.
    pub access: Access,
}

/// A value table kept partly in memory and partly in [`ColdValues`], and
/// the sparse engine that extends it.
///
/// ```
/// use grundy::{Ruleset, values::sparse::{self, windowed::{Windowed, Windows}}};
/// let g: Ruleset = "grundy".parse()?;
/// let small = Windows { head: 64, tail: 64, tail_limit: 64, middle: 64, chunk: 16, chunks: 2, ..Windows::default() };
/// let mut cold = Vec::new();
/// let mut w = Windowed::new(&g, small, 1)?;
/// w.extend(&mut cold, 3000, &mut grundy::values::silent)?;
/// w.flush(&mut cold)?;
/// let (table, _) = sparse::compute(&g, 2999)?;
/// assert_eq!(cold, table.to_vec().iter().map(|&v| v as u8).collect::<Vec<_>>());
/// assert_eq!(w.histogram().iter().sum::<u64>(), 3000);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug)]
pub struct Windowed {
    inner: Inner,
}

#[derive(Debug)]
enum Inner {
    U8(Engine<u8>),
    U16(Engine<u16>),
}

macro_rules! each {
    ($self:expr, |$e:ident| $body:expr) => {
        match $self {
            Inner::U8($e) => $body,
            Inner::U16($e) => $body,
        }
    };
}

impl Windowed {
    /// An empty table of `width` bytes a value (1 or 2) for `ruleset`.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] if the sparse engine does not apply or
    /// the width is not 1 or 2.
    pub fn new(ruleset: &Ruleset, windows: Windows, width: usize) -> Result<Windowed> {
        let shape = Shape::of(ruleset).ok_or_else(|| super::does_not_apply(ruleset))?;
        let inner = match width {
            1 => Inner::U8(Engine::new(shape, windows)),
            2 => Inner::U16(Engine::new(shape, windows)),
            _ => {
                return Err(Error::input(format!(
                    "a windowed table holds values of 1 or 2 bytes, not {width}"
                )));
            }
        };
        Ok(Windowed { inner })
    }

    /// The table of the `len` values `cold` holds (written by an earlier
    /// run, then [`Windowed::flush`]ed), its state rebuilt from them.
    ///
    /// # Errors
    /// As [`Windowed::new`]; [`ErrorKind::Corrupt`] if `cold` cannot be
    /// read, [`ErrorKind::InvalidInput`] if it does not hold a table of
    /// this game (heap 0 not 0).
    pub fn resume(
        ruleset: &Ruleset,
        windows: Windows,
        width: usize,
        len: u64,
        cold: &mut dyn ColdValues,
    ) -> Result<Windowed> {
        let mut w = Windowed::new(ruleset, windows, width)?;
        each!(&mut w.inner, |e| e.resume(len, cold))?;
        Ok(w)
    }

    /// Bytes a value.
    pub fn width(&self) -> usize {
        match self.inner {
            Inner::U8(_) => 1,
            Inner::U16(_) => 2,
        }
    }

    /// Values computed, `G(0..len)`.
    pub fn len(&self) -> u64 {
        each!(&self.inner, |e| e.len() as u64)
    }

    /// Whether no value is computed.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `histogram()[v]` heaps of `0..len` have value `v` (its length is a
    /// power of two above every value).
    pub fn histogram(&self) -> &[u64] {
        each!(&self.inner, |e| &e.state.histogram)
    }

    /// The largest value so far.
    pub fn max(&self) -> u64 {
        each!(&self.inner, |e| e.state.max)
    }

    /// The statistics of the run so far.
    pub fn stats(&self) -> WindowedStats {
        each!(&self.inner, |e| e.stats())
    }

    /// The run so far as the in-memory engine's runs are reported (the
    /// command line's `--stats`): the sparse engine, and its statistics
    /// since this table was made or resumed.
    ///
    /// ```
    /// use grundy::{Ruleset, values::{Engine, sparse::windowed::{Windowed, Windows}}};
    /// let g: Ruleset = "0.161".parse()?;
    /// let mut cold = Vec::new();
    /// let mut w = Windowed::new(&g, Windows::default(), 1)?;
    /// w.extend(&mut cold, 5000, &mut grundy::values::silent)?;
    /// let report = w.report();
    /// assert_eq!(report.engine, Some(Engine::Sparse));
    /// assert_eq!(report.sparse.unwrap().heaps, 5000);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn report(&self) -> crate::values::Report {
        crate::values::Report {
            engine: Some(crate::values::Engine::Sparse),
            sparse: Some(each!(&self.inner, |e| e.state.stats())),
            ..crate::values::Report::default()
        }
    }

    /// Bytes held in memory now: the windows, the rare list, the histogram
    /// and the marks.
    pub fn resident_bytes(&self) -> usize {
        each!(&self.inner, |e| e.resident_bytes())
    }

    /// `G(n)` for `n < len`, from memory or `cold` (after a
    /// [`Windowed::flush`] every value is in one of them).
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] past the values computed; as
    /// [`Windowed::resume`] if `cold` fails.
    pub fn get(&mut self, n: u64, cold: &mut dyn ColdValues) -> Result<u64> {
        if n >= self.len() {
            return Err(Error::input(format!(
                "heap {n} is past the {} values computed",
                self.len()
            )));
        }
        each!(&mut self.inner, |e| e.get(n as usize, cold))
    }

    /// Extends the table to `len` values, writing the older ones to `cold`
    /// as the tail grows. `progress` hears every 4096 heaps and may stop
    /// the run: the values computed are kept (call [`Windowed::flush`] to
    /// write them all).
    ///
    /// # Errors
    /// [`ErrorKind::Interrupted`] if `progress` said stop;
    /// [`ErrorKind::TooLarge`] if a value does not fit the width;
    /// [`ErrorKind::Corrupt`] if `cold` fails.
    pub fn extend(
        &mut self,
        cold: &mut dyn ColdValues,
        len: u64,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<WindowedStats> {
        let len = usize::try_from(len)
            .map_err(|_| Error::new(ErrorKind::TooLarge, "too many heaps for this machine"))?;
        loop {
            let wider = each!(&mut self.inner, |e| e.extend(cold, len, progress))?;
            let Some(value) = wider else {
                return Ok(self.stats());
            };
            match &self.inner {
                Inner::U8(e) => {
                    let (shape, windows) = (e.state.shape.clone(), e.held.windows);
                    self.widen(shape, windows, cold)?;
                }
                Inner::U16(e) => {
                    return Err(Error::new(
                        ErrorKind::TooLarge,
                        format!(
                            "G({}) = {value} does not fit the windowed table's two bytes a value",
                            e.len()
                        ),
                    ));
                }
            }
        }
    }

    /// Rewrites the cold values at two bytes a value, from the last to the
    /// first (each block is read before anything is written over it), and
    /// rebuilds the engine from them.
    fn widen(&mut self, shape: Shape, windows: Windows, cold: &mut dyn ColdValues) -> Result<()> {
        const BLOCK: u64 = 1 << 16;
        self.flush(cold)?;
        let len = self.len();
        let mut narrow = Vec::new();
        let mut wide = Vec::new();
        let mut end = len;
        while end > 0 {
            let start = end.saturating_sub(BLOCK);
            narrow.resize((end - start) as usize, 0);
            cold.load(start, &mut narrow).map_err(cold_error)?;
            wide.clear();
            wide.extend(narrow.iter().flat_map(|&v| u16::from(v).to_le_bytes()));
            cold.store(2 * start, &wide).map_err(cold_error)?;
            end = start;
        }
        let mut e = Engine::<u16>::new(shape, windows);
        e.resume(len, cold)?;
        self.inner = Inner::U16(e);
        Ok(())
    }

    /// Writes every value not yet in `cold` there: afterwards `cold` holds
    /// `G(0..len)`.
    ///
    /// # Errors
    /// [`ErrorKind::Corrupt`] if `cold` fails.
    pub fn flush(&mut self, cold: &mut dyn ColdValues) -> Result<()> {
        each!(&mut self.inner, |e| e.flush(cold))
    }
}

/// Heaps between two reports to `progress`.
const REPORT_EVERY: usize = 1 << 12;
/// Heaps read at once when the whole table is streamed (rebuilds).
const STREAM: usize = 1 << 16;

/// The sparse engine over [`Held`] values: the in-memory engine's state and
/// mathematics ([`State`], [`State::value_of`]), heap by heap, the far
/// rare parts of a block read in columns first where the tail holds them.
#[derive(Debug)]
struct Engine<T> {
    state: State,
    held: Held<T>,
    /// The next block read beside the finishing of the one before it, on
    /// a pool of several threads: caught up, then finished.
    pending: Option<Ahead>,
    /// The head's first values and the tail's end copied for that reading.
    copy: (Vec<T>, Vec<T>),
}

impl<T: ColdCell> Engine<T> {
    fn new(shape: Shape, windows: Windows) -> Self {
        let mut state = State::empty(shape, windows.mask);
        state.reset_cursors();
        let held = Held::new(windows);
        // The spread scan's smaller parts lie in the head.
        let spread = Tuning::default()
            .spread
            .min(held.windows.head.saturating_sub(1));
        state.spread = spread / SPREAD_ROUND * SPREAD_ROUND;
        Engine {
            state,
            held,
            pending: None,
            copy: (Vec::new(), Vec::new()),
        }
    }

    fn len(&self) -> usize {
        self.held.len
    }

    fn stats(&self) -> WindowedStats {
        let s = self.state.stats();
        WindowedStats {
            mask: s.mask,
            rare_count: s.rare_count,
            last_rare: s.last_rare,
            rare_pairs: s.rare_pairs,
            scan_pairs: s.scan_pairs,
            full_scans: s.full_scans,
            mask_changes: s.mask_changes,
            access: self.held.access,
        }
    }

    fn resident_bytes(&self) -> usize {
        let s = &self.state;
        self.held.resident_bytes()
            + s.spare_rows.iter().map(Vec::capacity).sum::<usize>()
            + self.pending.as_ref().map_or(0, |a| a.rows.capacity())
            + (self.copy.0.capacity() + self.copy.1.capacity()) * size_of::<T>()
            + s.rare.capacity() * size_of::<(usize, u64)>()
            + s.offsets.capacity() * size_of::<(usize, u64)>()
            + (s.histogram.capacity()
                + s.rare_bits.capacity()
                + s.common_bits.capacity()
                + s.present.capacity()
                + s.want.capacity())
                * 8
            + s.seen.capacity()
    }

    fn flush(&mut self, cold: &mut dyn ColdValues) -> Result<()> {
        self.held.flush(cold)
    }

    fn get(&mut self, x: usize, cold: &mut dyn ColdValues) -> Result<u64> {
        self.held.get(x, cold, None)
    }

    fn resume(&mut self, len: u64, cold: &mut dyn ColdValues) -> Result<()> {
        let len = usize::try_from(len)
            .map_err(|_| Error::new(ErrorKind::TooLarge, "too many heaps for this machine"))?;
        self.held.resumed(len);
        let held = &mut self.held;
        let mut buf = Vec::new();
        let mut at = 0;
        while at < len {
            let n = STREAM.min(len - at);
            held.load(cold, at, &mut buf, n)?;
            if at == 0 && buf.first().is_some_and(|&v| v.into() != 0) {
                return Err(Error::input(
                    "the values kept outside memory are not a table of this game: heap 0 has a value",
                ));
            }
            for (i, &v) in buf.iter().enumerate() {
                let x = at + i;
                self.state.count(x, v.into());
                if x < held.windows.head {
                    held.head.push(v);
                }
                if x >= held.tail_start {
                    held.tail.push(v);
                }
            }
            held.access.counts[ReadKind::Rebuild as usize][COLD] += n as u64;
            at += n;
        }
        self.state.len = len as u64;
        self.review(cold, true)
    }

    /// Chooses the mask again if a markedly better one exists, rebuilding
    /// the rare list (reading every value) when it changes or `rebuild`.
    fn review(&mut self, cold: &mut dyn ColdValues, rebuild: bool) -> Result<()> {
        // Nothing read ahead is kept across a review.
        if let Some(ahead) = self.pending.take() {
            self.state.keep_rows(ahead.rows);
        }
        let n = self.held.len;
        let changed = self.state.choose_mask(n);
        if changed || rebuild {
            self.state.rare.clear();
            let held = &mut self.held;
            let mut buf = Vec::new();
            let mut x = 0;
            while x < held.tail_start {
                let end = (x + STREAM).min(held.tail_start);
                held.load(cold, x, &mut buf, end - x)?;
                held.access.counts[ReadKind::Rebuild as usize][COLD] += (end - x) as u64;
                self.state.add_rare(x, &buf[..]);
                x = end;
            }
            self.state.add_rare(held.tail_start, &held.tail[..]);
        }
        self.state.reviewed(n);
        self.state.reset_cursors();
        Ok(())
    }

    /// Extends the table to `len` values; stops early with `Some(value)`
    /// when a value does not fit the width.
    fn extend(
        &mut self,
        cold: &mut dyn ColdValues,
        len: usize,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Option<u64>> {
        // Heap by heap, nothing is read ahead: each heap reads all its
        // splits.
        let reach = Ahead::none(0).reach;
        let reading = columns::Reading::on_this_pool();
        while self.held.len < len {
            let n = self.held.len;
            if n >= self.state.next_review || self.state.rare.len() > self.state.rare_limit {
                // Before the first review the mask is the initial one and
                // the rare list was built heap by heap.
                self.review(cold, false)?;
            }
            let block = (n, reading.block);
            if let Some(end) = columns::block_end(&self.state, block, len, self.held.tail_start) {
                if let Some(wider) = self.extend_block(cold, (n, end), reading, len, progress)? {
                    return Ok(Some(wider));
                }
                continue;
            }
            let value = self.value_of(n, cold, &reach)?;
            if !self.keep(n, value, cold)? {
                // Computed again once the table is wider.
                return Ok(Some(value));
            }
            self.report(len, progress)?;
        }
        Ok(None)
    }

    /// Finishes the heaps `first..end` (or the first of them, up to a
    /// review or a value that needs larger marks), their far parts read in
    /// columns from the head and the tail first ([`columns`]); on a pool
    /// of several threads, the next block's are read from the values before
    /// this one meanwhile, and caught up on every thread once this one is
    /// done, as in memory (`sparse/blocks.rs`). `Some(value)` when a value
    /// does not fit the width.
    fn extend_block(
        &mut self,
        cold: &mut dyn ColdValues,
        (first, end): (usize, usize),
        reading: columns::Reading,
        len: usize,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Option<u64>> {
        let mut counts = Counts::default();
        let width = marks_len(self.state.histogram.len());
        let (pending, dropped): (Option<Ahead>, Option<Ahead>) = match self.pending.take() {
            Some(ahead) if ahead.is_for((first, end), self.state.mask, width) => {
                (Some(ahead), None)
            }
            other => (None, other),
        };
        if let Some(dropped) = dropped {
            self.state.keep_rows(dropped.rows);
        }
        let held = columns::Shifted {
            head: &self.held.head,
            values: &self.held.tail[..first - self.held.tail_start],
            start: self.held.tail_start,
        };
        let ahead = match pending {
            // Read beside the block before, from the values before it: what
            // that block added, read now, with the rare heaps whose parts
            // the tail holds (the reading beside took fewer).
            Some(ahead) => {
                let rare = &self.state.rare[..columns::held_rare(&self.state, first, held.start)];
                let shape = self.state.shape.clone();
                let spin_for = columns::spin_bound();
                FarJob::catch_up(
                    ahead,
                    rare.to_vec(),
                    shape,
                    None,
                    COLUMN,
                    spin_for,
                    SpreadParts::default(),
                )
                .read(held, &mut counts)
            }
            None => {
                let rows = self.state.spare_rows.pop().unwrap_or_default();
                columns::job(&self.state, (first, end), held, rows, reading).read(held, &mut counts)
            }
        };
        self.count_read(counts, ahead.reach.rare_len);
        let mut rows = ahead.rows;
        // The next block, read beside this one from the values before it:
        // from a copy of the tail's end, which the finishing moves.
        let next = (reading.parallel && end < len)
            .then(|| {
                let tail_start = self.held.tail_start;
                let next_end =
                    columns::block_end(&self.state, (end, reading.block), len, tail_start)?;
                let from = columns::needed_from(&self.state, end, first, tail_start);
                Some((next_end, from))
            })
            .flatten();
        let mut copy = std::mem::take(&mut self.copy);
        let mut read_next = None;
        // The cursors of step 1 follow one reach from heap to heap: this
        // block's, then none again, however the block ends.
        self.state.reset_cursors();
        let finished = match next {
            Some((next_end, from)) => {
                let (head, tail) = &mut copy;
                // The head's values never change: copied again only while
                // it grows.
                let wanted = self.held.head.len().min(self.state.spread + 1);
                if head.len() != wanted {
                    head.clear();
                    head.extend_from_slice(&self.held.head[..wanted]);
                }
                let tail_start = self.held.tail_start;
                tail.clear();
                tail.extend_from_slice(&self.held.tail[from - tail_start..first - tail_start]);
                let held = columns::Shifted {
                    head,
                    values: tail,
                    start: from,
                };
                let next_rows = self.state.spare_rows.pop().unwrap_or_default();
                let job = columns::job(&self.state, (end, next_end), held, next_rows, reading);
                let read_next = &mut read_next;
                rayon::in_place_scope(|scope| {
                    scope.spawn(move |_| {
                        let mut counts = Counts::default();
                        let ahead = job.read(held, &mut counts);
                        *read_next = Some((ahead, counts));
                    });
                    self.finish_rows(
                        cold,
                        (&ahead.reach, &ahead.deep, ahead.width, &mut rows),
                        first..end,
                        len,
                        progress,
                    )
                })
            }
            None => self.finish_rows(
                cold,
                (&ahead.reach, &ahead.deep, ahead.width, &mut rows),
                first..end,
                len,
                progress,
            ),
        };
        self.copy = copy;
        self.held.access.column_heaps += (self.held.len - first) as u64;
        self.state.keep_rows(rows);
        self.state.reset_cursors();
        if let Some((next, counts)) = read_next {
            self.count_read(counts, next.reach.rare_len);
            // Of use only if this block is whole.
            if self.held.len == end && matches!(finished, Ok(None)) {
                self.pending = Some(next);
            } else {
                self.state.keep_rows(next.rows);
            }
        }
        finished
    }

    /// Adds the splits a reading in columns read, with the first
    /// `rare_len` rare heaps, to the statistics.
    fn count_read(&mut self, counts: Counts, rare_len: usize) {
        self.state.add(counts);
        let access = &mut self.held.access;
        access.counts[ReadKind::Rare as usize][held::TAIL] += counts.rare_pairs;
        access.counts[ReadKind::SmallEnd as usize][held::TAIL] += counts.scan_pairs;
        if let Some(&(r, _)) = rare_len.checked_sub(1).and_then(|i| self.state.rare.get(i)) {
            access.max_rare_part = access.max_rare_part.max(r as u64);
        }
    }

    /// Finishes the heaps of `heaps` from their `rows` of marks (`width`
    /// bytes a heap) read with `reach`, up to a review or a value that
    /// needs larger marks; `Some(value)` when a value does not fit the
    /// width.
    fn finish_rows(
        &mut self,
        cold: &mut dyn ColdValues,
        (reach, deep, width, rows): (&Reach, &Deep, usize, &mut [u8]),
        heaps: std::ops::Range<usize>,
        len: usize,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Option<u64>> {
        let bound = self.state.histogram.len();
        let first = heaps.start;
        let heaps_read = rows.len() / width;
        // Step 1's rare parts read in columns so far, as in memory.
        let mut reach = *reach;
        for n in first..heaps.end.min(first + heaps_read) {
            let i = n - first;
            let tail_start = self.held.tail_start;
            if i.is_multiple_of(COLUMN) && tail_start > reach.limit {
                // The tail no longer holds the block before this column:
                // each heap reads all its rare splits past the reading.
                reach.rare_limit = reach.limit;
            } else if i.is_multiple_of(COLUMN) && reach.limit < n {
                let pairs = self.state.read_own_column(
                    &mut rows[i * width..(i + COLUMN).min(heaps_read) * width],
                    width,
                    n,
                    (&self.held.tail[..], tail_start),
                    reach.limit,
                    &mut reach,
                );
                self.held.access.counts[ReadKind::Rare as usize][held::TAIL] += pairs;
            }
            let row = &mut rows[i * width..(i + 1) * width];
            let mut reader = Reader::new(&mut self.held, cold);
            let state = &mut self.state;
            let reach = reach.of_heap(deep, n);
            let value = with_marks!(row, |marks| state.value_of::<_, _, true>(
                (marks, ROW_MARK),
                &mut reader,
                n,
                &reach
            ));
            reader.finish()?;
            if !self.keep(n, value, cold)? {
                return Ok(Some(value));
            }
            self.report(len, progress)?;
            // The rows are marks below the bound they were read with, and
            // for the rare list before a review.
            if self.state.histogram.len() != bound || self.state.rare.len() > self.state.rare_limit
            {
                break;
            }
        }
        Ok(None)
    }

    /// Records `G(n) = value` and holds it; `false` if it does not fit the
    /// width (nothing is recorded).
    fn keep(&mut self, n: usize, value: u64, cold: &mut dyn ColdValues) -> Result<bool> {
        let Some(cell) = T::from_u64(value) else {
            return Ok(false);
        };
        self.state.record(n, value);
        let last_rare = self.state.rare.last().map_or(0, |&(r, _)| r);
        self.held.push(cell, last_rare, cold)?;
        Ok(true)
    }

    /// Tells `progress` every [`REPORT_EVERY`] heaps and at `len`.
    ///
    /// # Errors
    /// [`ErrorKind::Interrupted`] if it says stop.
    fn report(
        &self,
        len: usize,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<()> {
        if self.held.len.is_multiple_of(REPORT_EVERY) || self.held.len == len {
            let flow = progress(Progress {
                done: self.held.len as u64,
                total: len as u64,
            });
            if flow.is_break() {
                return Err(crate::values::interrupted(self.held.len));
            }
        }
        Ok(())
    }

    /// `G(n)` from `G(0..n)`, by the in-memory engine's mathematics
    /// ([`State::value_of`]) reading the held and cold values.
    fn value_of(&mut self, n: usize, cold: &mut dyn ColdValues, reach: &Reach) -> Result<u64> {
        let state = &mut self.state;
        state.stamp = state.stamp.wrapping_add(1);
        let mut seen = std::mem::take(&mut state.seen);
        if state.stamp == 0 {
            seen.fill(0);
            state.stamp = 1;
        }
        let stamp = state.stamp;
        let mut reader = Reader::new(&mut self.held, cold);
        let value = with_marks!(&mut seen[..], |marks| state.value_of::<_, _, false>(
            (marks, stamp),
            &mut reader,
            n,
            reach
        ));
        state.seen = seen;
        reader.finish()?;
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::{self, Engine, Options};
    use proptest::prelude::*;

    /// Codes of up to four digits whose moves split a heap in two (digits
    /// 0 to 7, some with a 4, 5, 6 or 7), and Grundy's game.
    fn game() -> impl Strategy<Value = Ruleset> {
        prop_oneof![
            Just("grundy".to_string()),
            prop::collection::vec(0u8..8, 1..=4).prop_map(|digits| {
                let tail: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
                format!("0.{tail}")
            }),
        ]
        .prop_filter_map("the sparse engine applies", |spec| {
            spec.parse::<Ruleset>().ok().filter(super::super::applies)
        })
    }

    fn windows() -> impl Strategy<Value = Windows> {
        (
            // Heads of more than 128 heaps hold the smaller parts of the
            // spread scan (its parts up to a multiple of 128 below the
            // head), read in columns with the far rare parts.
            prop_oneof![1usize..40, 129usize..600],
            1usize..200,
            0usize..300,
            1usize..200,
            1usize..50,
            1usize..4,
            0u64..4,
        )
            .prop_map(
                |(head, tail, tail_limit, middle, chunk, chunks, mask)| Windows {
                    head,
                    tail,
                    tail_limit,
                    middle,
                    chunk,
                    chunks,
                    mask: match mask {
                        0 | 1 => MaskPolicy::Auto,
                        m => MaskPolicy::Fixed(m - 2),
                    },
                },
            )
    }

    fn naive(game: &Ruleset, len: u64) -> Vec<u64> {
        let options = Options {
            engine: Engine::Naive,
            ..Options::default()
        };
        values::compute_with(game, len - 1, options, &mut values::silent)
            .unwrap()
            .to_vec()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Small windows force reads of every kind from the cold values:
        /// the values are those of the naive engine, in memory and in the
        /// cold values, whatever the windows, and a run stopped and resumed
        /// from the cold values goes on to the same values.
        #[test]
        fn windowed_values_are_the_naive_ones(
            game in game(),
            windows in windows(),
            len in 1u64..1500,
            stop in 0u64..1500,
            threads in 1usize..=3,
        ) {
            let expected = naive(&game, len);
            let mut cold = Vec::new();
            let mut w = Windowed::new(&game, windows, 2).unwrap();
            let stop = stop.min(len);
            // On a pool of several threads, blocks are read on all of them.
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let run = |f: &mut (dyn FnMut() + Send)| if threads > 1 { pool.install(f) } else { f() };
            run(&mut || {
                w.extend(&mut cold, stop, &mut values::silent).unwrap();
            });
            w.flush(&mut cold).unwrap();
            let mut w = Windowed::resume(&game, windows, 2, stop, &mut cold).unwrap();
            run(&mut || {
                w.extend(&mut cold, len, &mut values::silent).unwrap();
            });
            let mut histogram = vec![0u64; w.histogram().len()];
            for (n, &v) in expected.iter().enumerate() {
                prop_assert_eq!(w.get(n as u64, &mut cold).unwrap(), v, "G({})", n);
                histogram[v as usize] += 1;
            }
            prop_assert_eq!(w.histogram(), &histogram[..]);
            w.flush(&mut cold).unwrap();
            let stored: Vec<u64> = cold
                .chunks_exact(2)
                .map(|b| u64::from(u16::from_le_bytes([b[0], b[1]])))
                .collect();
            prop_assert_eq!(stored, expected);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Heads that hold the spread scan's smaller parts (128 to 640) and
        /// tables long enough that blocks read their runs in columns, from
        /// the head and a tail that has moved on, on one to three threads:
        /// the values are the in-memory engine's (itself held to the naive
        /// one by the proptests of `sparse`).
        #[test]
        fn spread_runs_read_in_columns_give_the_in_memory_values(
            game in game(),
            head in 129usize..700,
            // A tail as long as the head at least holds the larger parts,
            // as the default windows' does.
            tail in 0usize..400,
            tail_limit in 0usize..3000,
            middle in 1usize..200,
            len in 2000u64..9000,
            threads in 1usize..=3,
        ) {
            let windows = Windows {
                head,
                tail: head + tail,
                tail_limit,
                middle,
                chunk: 32,
                chunks: 2,
                ..Windows::default()
            };
            let mut cold = Vec::new();
            let mut w = Windowed::new(&game, windows, 2).unwrap();
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            pool.install(|| w.extend(&mut cold, len, &mut values::silent)).unwrap();
            w.flush(&mut cold).unwrap();
            let (table, _) = super::super::compute(&game, len - 1).unwrap();
            let stored: Vec<u64> = cold
                .chunks_exact(2)
                .map(|b| u64::from(u16::from_le_bytes([b[0], b[1]])))
                .collect();
            prop_assert_eq!(stored, table.to_vec());
        }
    }

    #[test]
    fn one_byte_a_value_holds_small_values_and_other_widths_are_refused() {
        // 0.6's values stay below 256 up to 5000: one byte a value.
        let g: Ruleset = "0.6".parse().unwrap();
        assert!(Windowed::new(&g, Windows::default(), 3).is_err());
        let mut cold = Vec::new();
        let mut w = Windowed::new(&g, Windows::default(), 1).unwrap();
        w.extend(&mut cold, 5000, &mut values::silent).unwrap();
        w.flush(&mut cold).unwrap();
        let expected: Vec<u8> = naive(&g, 5000).iter().map(|&v| v as u8).collect();
        assert_eq!(cold, expected);
    }

    /// Cold values that stop answering reads when told to.
    struct Failing {
        values: Vec<u8>,
        fail: bool,
    }

    impl ColdValues for Failing {
        fn store(&mut self, offset: u64, bytes: &[u8]) -> std::io::Result<()> {
            self.values.store(offset, bytes)
        }

        fn load(&mut self, offset: u64, buf: &mut [u8]) -> std::io::Result<()> {
            if self.fail {
                return Err(std::io::Error::other("the disk is gone"));
            }
            self.values.load(offset, buf)
        }
    }

    #[test]
    fn a_failed_read_stops_the_run_with_an_error_and_keeps_only_right_values() {
        // Rare heaps past a tail of 128 heaps: step 1 reads the cold values.
        let g: Ruleset = "grundy".parse().unwrap();
        let small = Windows {
            head: 16,
            tail: 128,
            tail_limit: 128,
            middle: 128,
            chunk: 16,
            chunks: 1,
            ..Windows::default()
        };
        let mut cold = Failing {
            values: Vec::new(),
            fail: false,
        };
        let mut w = Windowed::new(&g, small, 1).unwrap();
        w.extend(&mut cold, 3000, &mut values::silent).unwrap();
        cold.fail = true;
        let err = w.extend(&mut cold, 6000, &mut values::silent).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Corrupt);
        assert!(err.to_string().contains("the disk is gone"), "{err}");
        cold.fail = false;
        let (table, _) = super::super::compute(&g, 5999).unwrap();
        let expected: Vec<u8> = table.to_vec().iter().map(|&v| v as u8).collect();
        let len = w.len();
        assert!(len < 6000);
        for n in 0..len {
            assert_eq!(
                w.get(n, &mut cold).unwrap(),
                u64::from(expected[n as usize]),
                "G({n})"
            );
        }
        w.extend(&mut cold, 6000, &mut values::silent).unwrap();
        w.flush(&mut cold).unwrap();
        assert_eq!(cold.values, expected);
    }

    #[test]
    fn a_stop_keeps_the_values_and_the_run_resumes() {
        let g: Ruleset = "grundy".parse().unwrap();
        let small = Windows {
            head: 128,
            tail: 256,
            tail_limit: 256,
            middle: 256,
            chunk: 64,
            chunks: 4,
            ..Windows::default()
        };
        let mut cold = Vec::new();
        let mut w = Windowed::new(&g, small, 1).unwrap();
        let mut calls = 0;
        let err = w
            .extend(&mut cold, 20_000, &mut |_| {
                calls += 1;
                if calls == 2 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Interrupted);
        assert_eq!(w.len(), 2 * REPORT_EVERY as u64);
        w.flush(&mut cold).unwrap();
        let mut w = Windowed::resume(&g, small, 1, w.len(), &mut cold).unwrap();
        w.extend(&mut cold, 20_000, &mut values::silent).unwrap();
        w.flush(&mut cold).unwrap();
        let (table, _) = super::super::compute(&g, 19_999).unwrap();
        let expected: Vec<u8> = table.to_vec().iter().map(|&v| v as u8).collect();
        assert_eq!(cold, expected);
        assert!(w.stats().access.counts[ReadKind::Middle as usize][MIDDLE] > 0);
    }

    /// Grundy's game has rare heaps past a tail of 512 to 1024 heaps (it
    /// spills when it doubles) from heap 900 on, most of them past 1024:
    /// their splits are left to the finishing, which reads their other
    /// parts from the cold values, and the blocks go on being read in
    /// columns with the rare heaps the tail holds, on one thread and on a
    /// pool (whose reading beside a finishing copies fewer heaps still).
    #[test]
    fn rare_heaps_past_the_tail_leave_the_other_rare_heaps_read_in_columns() {
        let g: Ruleset = "grundy".parse().unwrap();
        let short = Windows {
            head: 600,
            tail: 512,
            tail_limit: 512,
            middle: 256,
            chunk: 64,
            chunks: 4,
            ..Windows::default()
        };
        let len = 20_000;
        let (table, _) = super::super::compute(&g, len - 1).unwrap();
        let expected: Vec<u8> = table.to_vec().iter().map(|&v| v as u8).collect();
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut cold = Vec::new();
            let mut w = Windowed::new(&g, short, 1).unwrap();
            pool.install(|| w.extend(&mut cold, len, &mut values::silent))
                .unwrap();
            w.flush(&mut cold).unwrap();
            assert_eq!(cold, expected, "{threads} thread(s)");
            let stats = w.stats();
            assert!(stats.last_rare.is_some_and(|r| r > 900), "{stats:?}");
            assert!(
                stats.access.counts[ReadKind::Rare as usize][COLD] > 0,
                "{stats:?}"
            );
            assert!(
                stats.access.column_heaps > len * 9 / 10,
                "{threads}: {stats:?}"
            );
        }
    }

    /// Values that pass 256 (0.014 at heap 11 058, 0.172 at 13 458) need
    /// longer rows of marks than the blocks read in columns before them:
    /// the in-memory engine's values, two bytes a value, and the far rare
    /// parts read in columns from the tail.
    #[test]
    fn values_past_256_after_blocks_read_in_columns_are_the_in_memory_ones() {
        for game in ["0.014", "0.172"] {
            let g: Ruleset = game.parse().unwrap();
            let len = 16_000;
            let mut cold = Vec::new();
            let mut w = Windowed::new(&g, Windows::default(), 2).unwrap();
            w.extend(&mut cold, len, &mut values::silent).unwrap();
            w.flush(&mut cold).unwrap();
            let (table, _) = super::super::compute(&g, len - 1).unwrap();
            let expected: Vec<u8> = table
                .to_vec()
                .iter()
                .flat_map(|&v| (v as u16).to_le_bytes())
                .collect();
            assert!(w.max() >= 256, "{game}");
            assert_eq!(cold, expected, "{game}");
        }
    }
}
