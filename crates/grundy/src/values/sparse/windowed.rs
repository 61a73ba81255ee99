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
//! This is a single-thread path of its own: the same mathematics as the
//! in-memory engine (steps 1 and 2 of [`super`]) without its read-ahead
//! pipeline or spread scan.

use std::ops::ControlFlow;

use super::MaskPolicy;
use super::heap::{Shape, largest_smaller_part};
use super::marks::{Marks, marks_len, with_marks};
use crate::error::{Error, ErrorKind, Result};
use crate::ruleset::Ruleset;
use crate::values::Progress;
use crate::values::mask::{best_mask, class_bits, is_rare, rare_count};
use crate::values::table::Cell;

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
        each!(&self.inner, |e| e.len as u64)
    }

    /// Whether no value is computed.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `histogram()[v]` heaps of `0..len` have value `v` (its length is a
    /// power of two above every value).
    pub fn histogram(&self) -> &[u64] {
        each!(&self.inner, |e| &e.histogram)
    }

    /// The largest value so far.
    pub fn max(&self) -> u64 {
        each!(&self.inner, |e| e.max)
    }

    /// The statistics of the run so far.
    pub fn stats(&self) -> WindowedStats {
        each!(&self.inner, |e| e.stats())
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
        each!(&mut self.inner, |e| e.get(n as usize, cold, None))
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
                    let (shape, windows) = (e.shape.clone(), e.windows);
                    self.widen(shape, windows, cold)?;
                }
                Inner::U16(e) => {
                    return Err(Error::new(
                        ErrorKind::TooLarge,
                        format!(
                            "G({}) = {value} does not fit the windowed table's two bytes a value",
                            e.len
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

/// A cell of the cold values: its bytes, little-endian.
trait ColdCell: Cell + Default {
    const WIDTH: usize;
    fn put(self, out: &mut [u8]);
    fn take(bytes: &[u8]) -> Self;
}

impl ColdCell for u8 {
    const WIDTH: usize = 1;
    #[inline]
    fn put(self, out: &mut [u8]) {
        out[0] = self;
    }
    #[inline]
    fn take(bytes: &[u8]) -> Self {
        bytes[0]
    }
}

impl ColdCell for u16 {
    const WIDTH: usize = 2;
    #[inline]
    fn put(self, out: &mut [u8]) {
        out.copy_from_slice(&self.to_le_bytes());
    }
    #[inline]
    fn take(bytes: &[u8]) -> Self {
        u16::from_le_bytes([bytes[0], bytes[1]])
    }
}

fn cold_error(e: std::io::Error) -> Error {
    Error::new(
        ErrorKind::Corrupt,
        format!("the values kept outside memory could not be read or written: {e}"),
    )
}

/// Splits the lazy scan reads between two checks.
const CHUNK: usize = 64;
/// Splits of each stream before the first check.
const FIRST_CHUNK: usize = 32;
/// Heaps between two reports to `progress`.
const REPORT_EVERY: usize = 1 << 12;
/// Heaps read at once when the whole table is streamed (rebuilds).
const STREAM: usize = 1 << 16;

#[derive(Debug)]
struct Engine<T> {
    shape: Shape,
    windows: Windows,
    mask: u64,
    /// `G(0..len)` are computed.
    len: usize,
    /// `G(0..head.len())`.
    head: Vec<T>,
    /// `G(tail_start..len)`.
    tail: Vec<T>,
    tail_start: usize,
    /// The cold values hold `G(0..stored)`; `tail_start <= stored`.
    stored: usize,
    /// `G(middle_start..middle_start + middle.len())`.
    middle: Vec<T>,
    middle_start: usize,
    /// Half the heap (less the take) of the split being scanned: the middle
    /// window is placed around it.
    center: usize,
    /// Chunks read back: (chunk index, last use, values).
    cache: Vec<(usize, u64, Vec<T>)>,
    /// Reads of the cache so far: its clock for least recent use.
    tick: u64,
    rare: Vec<(usize, u64)>,
    histogram: Vec<u64>,
    max: u64,
    rare_bits: Vec<u64>,
    common_bits: Vec<u64>,
    /// Byte stamps of the option values ([`Marks`]).
    seen: Vec<u8>,
    stamp: u8,
    want: Vec<u64>,
    next_review: usize,
    rare_limit: usize,
    mask_changes: u32,
    rare_pairs: u64,
    scan_pairs: u64,
    full_scans: u64,
    access: Access,
    bytes: Vec<u8>,
    small: Vec<T>,
    large: Vec<T>,
}

const HEAD: usize = 0;
const TAIL: usize = 1;
const MIDDLE: usize = 2;
const COLD: usize = 3;

impl<T: ColdCell> Engine<T> {
    fn new(shape: Shape, windows: Windows) -> Self {
        let mask = match windows.mask {
            MaskPolicy::Auto => 0,
            MaskPolicy::Fixed(m) => m,
        };
        let mut e = Engine {
            shape,
            windows: Windows {
                head: windows.head.max(1),
                tail: windows.tail.max(2 * CHUNK),
                tail_limit: windows.tail_limit,
                middle: windows.middle.max(2 * CHUNK),
                chunk: windows.chunk.max(1),
                chunks: windows.chunks.max(1),
                mask: windows.mask,
            },
            mask,
            len: 0,
            head: Vec::new(),
            tail: Vec::new(),
            tail_start: 0,
            stored: 0,
            middle: Vec::new(),
            middle_start: 0,
            center: 0,
            cache: Vec::new(),
            tick: 0,
            rare: Vec::new(),
            histogram: vec![0],
            max: 0,
            rare_bits: Vec::new(),
            common_bits: Vec::new(),
            seen: Vec::new(),
            stamp: 0,
            want: Vec::new(),
            next_review: 0,
            rare_limit: 0,
            mask_changes: 0,
            rare_pairs: 0,
            scan_pairs: 0,
            full_scans: 0,
            access: Access::default(),
            bytes: Vec::new(),
            small: Vec::with_capacity(CHUNK),
            large: Vec::with_capacity(CHUNK),
        };
        e.cache = (0..e.windows.chunks)
            .map(|_| (usize::MAX, 0, Vec::new()))
            .collect();
        e.resize_bits();
        e
    }

    fn stats(&self) -> WindowedStats {
        WindowedStats {
            mask: self.mask,
            rare_count: self.rare.len() as u64 + u64::from(self.len > 0),
            last_rare: self.rare.last().map(|&(r, _)| r as u64),
            rare_pairs: self.rare_pairs,
            scan_pairs: self.scan_pairs,
            full_scans: self.full_scans,
            mask_changes: self.mask_changes,
            access: self.access,
        }
    }

    fn resident_bytes(&self) -> usize {
        let cells = self.head.capacity()
            + self.tail.capacity()
            + self.middle.capacity()
            + self
                .cache
                .iter()
                .map(|(_, _, c)| c.capacity())
                .sum::<usize>();
        cells * size_of::<T>()
            + self.rare.capacity() * size_of::<(usize, u64)>()
            + (self.histogram.capacity() + self.rare_bits.capacity() + self.common_bits.capacity())
                * 8
            + self.seen.capacity()
            + self.bytes.capacity()
    }

    /// How many of the last heaps the tail keeps: the windows' tail, more
    /// to hold the parts of the rare heaps.
    fn keep(&self) -> usize {
        let last = self.rare.last().map_or(0, |&(r, _)| r);
        let want = (last + 4 * CHUNK).min(self.windows.tail_limit);
        self.windows.tail.max(want)
    }

    fn resize_bits(&mut self) {
        let bound = self.histogram.len() as u64;
        self.seen = vec![0; marks_len(bound as usize)];
        self.stamp = 0;
        self.rare_bits = class_bits(bound, self.mask, true);
        self.common_bits = class_bits(bound, self.mask, false);
    }

    fn count(&mut self, value: u64) {
        if value >= self.histogram.len() as u64 {
            let size = (value + 1).next_power_of_two();
            self.histogram.resize(size as usize, 0);
            self.resize_bits();
        }
        self.histogram[value as usize] += 1;
        self.max = self.max.max(value);
    }

    /// Appends `G(len) = value` to the windows, spilling the tail when it
    /// has doubled.
    fn push(&mut self, value: T, cold: &mut dyn ColdValues) -> Result<()> {
        if self.head.len() == self.len && self.len < self.windows.head {
            self.head.push(value);
        }
        self.tail.push(value);
        self.len += 1;
        let keep = self.keep();
        if self.tail.len() >= 2 * keep {
            self.flush(cold)?;
            let drop = self.tail.len() - keep;
            self.tail.drain(..drop);
            self.tail_start += drop;
        }
        Ok(())
    }

    fn flush(&mut self, cold: &mut dyn ColdValues) -> Result<()> {
        if self.stored >= self.len {
            return Ok(());
        }
        let from = self.stored - self.tail_start;
        let values = &self.tail[from..];
        self.bytes.clear();
        self.bytes.resize(values.len() * T::WIDTH, 0);
        for (v, out) in values.iter().zip(self.bytes.chunks_exact_mut(T::WIDTH)) {
            v.put(out);
        }
        cold.store((self.stored * T::WIDTH) as u64, &self.bytes)
            .map_err(cold_error)?;
        self.access.bytes_stored += self.bytes.len() as u64;
        self.stored = self.len;
        Ok(())
    }

    /// Reads `G(start..start + buf.len())` from the cold values.
    fn load(
        &mut self,
        cold: &mut dyn ColdValues,
        start: usize,
        buf: &mut Vec<T>,
        len: usize,
    ) -> Result<()> {
        self.bytes.clear();
        self.bytes.resize(len * T::WIDTH, 0);
        cold.load((start * T::WIDTH) as u64, &mut self.bytes)
            .map_err(cold_error)?;
        buf.clear();
        buf.extend(self.bytes.chunks_exact(T::WIDTH).map(T::take));
        Ok(())
    }

    /// `G(x)` for `x < len`, wherever it is; `kind` counts the read.
    fn get(&mut self, x: usize, cold: &mut dyn ColdValues, kind: Option<ReadKind>) -> Result<u64> {
        let (value, region) = if x >= self.tail_start {
            (self.tail[x - self.tail_start].into(), TAIL)
        } else if x < self.head.len() {
            (self.head[x].into(), HEAD)
        } else if x >= self.middle_start && x < self.middle_start + self.middle.len() {
            (self.middle[x - self.middle_start].into(), MIDDLE)
        } else {
            let c = x / self.windows.chunk;
            let from = c * self.windows.chunk;
            let slot = self.chunk_slot(c, x - from, cold)?;
            (self.cache[slot].2[x - from].into(), COLD)
        };
        if let Some(kind) = kind {
            self.access.counts[kind as usize][region] += 1;
        }
        Ok(value)
    }

    /// The slot of the cache holding chunk `c` with at least `at + 1`
    /// values, read back if need be into the least recently used slot. The
    /// cache is fully associative: the far rare parts are streams a
    /// constant distance apart, which a direct-mapped cache would let evict
    /// one another at every heap.
    fn chunk_slot(&mut self, c: usize, at: usize, cold: &mut dyn ColdValues) -> Result<usize> {
        self.tick += 1;
        let hit = self
            .cache
            .iter()
            .position(|(chunk, _, values)| *chunk == c && at < values.len());
        let slot = match hit {
            Some(slot) => slot,
            None => {
                let slot = (0..self.cache.len())
                    .min_by_key(|&i| self.cache[i].1)
                    .expect("at least one chunk");
                let from = c * self.windows.chunk;
                let n = (from + self.windows.chunk).min(self.stored) - from;
                let mut buf = std::mem::take(&mut self.cache[slot].2);
                self.load(cold, from, &mut buf, n)?;
                self.cache[slot] = (c, 0, buf);
                self.access.chunk_loads += 1;
                slot
            }
        };
        self.cache[slot].1 = self.tick;
        Ok(slot)
    }

    /// Copies `G(lo..hi)` into `out`, from one window when it holds them
    /// all; the middle stream moves the middle window to them.
    fn read(
        &mut self,
        lo: usize,
        hi: usize,
        out: &mut Vec<T>,
        cold: &mut dyn ColdValues,
        kind: ReadKind,
    ) -> Result<()> {
        out.clear();
        let n = (hi - lo) as u64;
        let counts = &mut self.access.counts[kind as usize];
        if lo >= self.tail_start {
            out.extend_from_slice(&self.tail[lo - self.tail_start..hi - self.tail_start]);
            counts[TAIL] += n;
            return Ok(());
        }
        if hi <= self.head.len() {
            out.extend_from_slice(&self.head[lo..hi]);
            counts[HEAD] += n;
            return Ok(());
        }
        let in_middle = lo >= self.middle_start && hi <= self.middle_start + self.middle.len();
        let quarter = self.windows.middle / 4;
        if !in_middle
            && kind == ReadKind::Middle
            && hi <= self.stored
            && lo + quarter >= self.center
            && hi <= self.center + quarter
        {
            // Parts near half the heap come back for the next heaps, a
            // little higher: a quarter of the window below the middle, the
            // rest above. Parts farther from the middle (a deep or full
            // scan, which reads both sides of it at once) go through the
            // chunks instead, or the window would move at every read.
            let start = self.center.saturating_sub(quarter);
            let end = (start + self.windows.middle).min(self.stored);
            let mut buf = std::mem::take(&mut self.middle);
            self.load(cold, start, &mut buf, end - start)?;
            self.middle = buf;
            self.middle_start = start;
            self.access.middle_loads += 1;
        }
        if lo >= self.middle_start && hi <= self.middle_start + self.middle.len() {
            let at = lo - self.middle_start;
            out.extend_from_slice(&self.middle[at..at + (hi - lo)]);
            self.access.counts[kind as usize][MIDDLE] += n;
            return Ok(());
        }
        let c = lo / self.windows.chunk;
        if hi <= self.tail_start && (hi - 1) / self.windows.chunk == c {
            // Within one chunk of the cold values (a full scan).
            let from = c * self.windows.chunk;
            let slot = self.chunk_slot(c, hi - 1 - from, cold)?;
            out.extend_from_slice(&self.cache[slot].2[lo - from..hi - from]);
            self.access.counts[kind as usize][COLD] += n;
            return Ok(());
        }
        for x in lo..hi {
            let v = self.get(x, cold, Some(kind))?;
            out.push(T::from_u64(v).expect("a value read back fits its width"));
        }
        Ok(())
    }

    fn resume(&mut self, len: u64, cold: &mut dyn ColdValues) -> Result<()> {
        let len = usize::try_from(len)
            .map_err(|_| Error::new(ErrorKind::TooLarge, "too many heaps for this machine"))?;
        self.stored = len;
        self.len = 0;
        let keep = self.windows.tail;
        self.tail_start = len.saturating_sub(keep);
        let mut buf = Vec::new();
        let mut at = 0;
        while at < len {
            let n = STREAM.min(len - at);
            self.load(cold, at, &mut buf, n)?;
            if at == 0 && buf.first().is_some_and(|&v| v.into() != 0) {
                return Err(Error::input(
                    "the values kept outside memory are not a table of this game: heap 0 has a value",
                ));
            }
            for (i, &v) in buf.iter().enumerate() {
                let x = at + i;
                self.count(v.into());
                if x < self.windows.head {
                    self.head.push(v);
                }
                if x >= self.tail_start {
                    self.tail.push(v);
                }
            }
            self.access.counts[ReadKind::Rebuild as usize][COLD] += n as u64;
            at += n;
        }
        self.len = len;
        self.review(cold, true)?;
        Ok(())
    }

    /// Chooses the mask again if a markedly better one exists, rebuilding
    /// the rare list (reading every value) when it changes or `rebuild`.
    fn review(&mut self, cold: &mut dyn ColdValues, rebuild: bool) -> Result<()> {
        let n = self.len;
        let mut changed = false;
        if self.windows.mask == MaskPolicy::Auto && n > 0 {
            let best = best_mask(&self.histogram);
            let current = rare_count(&self.histogram, self.mask);
            if best.mask != self.mask && best.rare.saturating_mul(5) < current.saturating_mul(4) {
                self.mask = best.mask;
                self.mask_changes += 1;
                self.resize_bits();
                changed = true;
            }
        }
        if changed || rebuild {
            self.rare.clear();
            let mut x = 1;
            let mut buf = Vec::new();
            while x < n {
                let end = if x < self.tail_start {
                    (x + STREAM).min(self.tail_start)
                } else {
                    n
                };
                if x >= self.tail_start {
                    buf.clear();
                    buf.extend_from_slice(&self.tail[x - self.tail_start..]);
                } else {
                    self.load(cold, x, &mut buf, end - x)?;
                    self.access.counts[ReadKind::Rebuild as usize][COLD] += (end - x) as u64;
                }
                let mask = self.mask;
                self.rare.extend(
                    buf.iter()
                        .enumerate()
                        .map(|(i, &v)| (x + i, v.into()))
                        .filter(|&(_, v)| is_rare(v, mask)),
                );
                x = end;
            }
        }
        self.next_review = n.max(64).saturating_mul(2);
        self.rare_limit = self.rare.len().saturating_mul(2).max(256);
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
        while self.len < len {
            let n = self.len;
            if n >= self.next_review || self.rare.len() > self.rare_limit {
                // Before the first review the mask is the initial one and
                // the rare list was built heap by heap.
                self.review(cold, false)?;
            }
            let value = self.value_of(n, cold)?;
            let Some(cell) = T::from_u64(value) else {
                // Computed again once the table is wider.
                return Ok(Some(value));
            };
            self.count(value);
            if n > 0 && is_rare(value, self.mask) {
                self.rare.push((n, value));
            }
            self.push(cell, cold)?;
            if self.len.is_multiple_of(REPORT_EVERY) || self.len == len {
                let flow = progress(Progress {
                    done: self.len as u64,
                    total: len as u64,
                });
                if flow.is_break() {
                    return Err(crate::values::interrupted(self.len));
                }
            }
        }
        Ok(None)
    }

    /// `G(n)` from `G(0..n)`.
    fn value_of(&mut self, n: usize, cold: &mut dyn ColdValues) -> Result<u64> {
        self.stamp = self.stamp.wrapping_add(1);
        let mut seen = std::mem::take(&mut self.seen);
        if self.stamp == 0 {
            seen.fill(0);
            self.stamp = 1;
        }
        let value = with_marks!(&mut seen[..], |marks| self.value_with(marks, n, cold));
        self.seen = seen;
        value
    }

    /// [`Engine::value_of`] with the stamps as `seen`.
    fn value_with<M: Marks + ?Sized>(
        &mut self,
        seen: &mut M,
        n: usize,
        cold: &mut dyn ColdValues,
    ) -> Result<u64> {
        let stamp = self.stamp;
        for i in 0..self.shape.ends.len() {
            if self.shape.ends[i] == n {
                seen.set(0, stamp);
            }
        }
        for i in 0..self.shape.leaves.len() {
            let t = self.shape.leaves[i];
            if t < n {
                let v = self.get(n - t, cold, Some(ReadKind::Leave))?;
                seen.set(v as usize, stamp);
            }
        }
        // Step 1: every split with a rare part.
        let unequal = self.shape.unequal;
        let mut pairs = 0u64;
        for i in 0..self.shape.splits.len() {
            let t = self.shape.splits[i];
            if t + 2 > n {
                continue;
            }
            let rest = n - t;
            let below = self.rare.partition_point(|&(r, _)| r < rest);
            // Rare parts whose other part lies in the tail.
            let near = self.rare[..below].partition_point(|&(r, _)| r + self.tail_start <= rest);
            let (tail, tail_start) = (&self.tail, self.tail_start);
            for &(r, v) in &self.rare[..near] {
                if unequal && 2 * r == rest {
                    continue;
                }
                seen.set((v ^ tail[rest - r - tail_start].into()) as usize, stamp);
                pairs += 1;
            }
            self.access.counts[ReadKind::Rare as usize][TAIL] += near as u64;
            if let Some(&(r, _)) = self.rare[..below].last() {
                self.access.max_rare_part = self.access.max_rare_part.max(r as u64);
            }
            for k in near..below {
                let (r, v) = self.rare[k];
                if unequal && 2 * r == rest {
                    continue;
                }
                let w = self.get(rest - r, cold, Some(ReadKind::Rare))?;
                seen.set((v ^ w) as usize, stamp);
                pairs += 1;
            }
        }
        self.rare_pairs += pairs;
        // The least common value missing, and the rare ones below it.
        let bound = self.histogram.len() as u64;
        let mut common_mex = bound;
        self.want.clear();
        for w in 0..self.common_bits.len() {
            let base = (w * 64) as u64;
            // Values at or past the bound are never marked.
            let found = seen.word(w, stamp);
            let missing = self.common_bits[w] & !found;
            let below = if missing != 0 {
                common_mex = base + u64::from(missing.trailing_zeros());
                (1u64 << missing.trailing_zeros()) - 1
            } else {
                u64::MAX
            };
            let mut rare = self.rare_bits[w] & !found & below;
            while rare != 0 {
                self.want.push(base + u64::from(rare.trailing_zeros()));
                rare &= rare - 1;
            }
            if missing != 0 {
                break;
            }
        }
        if self.want.is_empty() {
            return Ok(common_mex);
        }
        // Step 2: every split, from both ends, until each wanted value has
        // turned up.
        let mut scanned = 0u64;
        let mut from = 0;
        let mut small = std::mem::take(&mut self.small);
        let mut large = std::mem::take(&mut self.large);
        let found_all = loop {
            let to = if from == 0 { FIRST_CHUNK } else { from + CHUNK };
            let mut more = false;
            for i in 0..self.shape.splits.len() {
                let t = self.shape.splits[i];
                let rest = n.saturating_sub(t);
                let half = largest_smaller_part(rest, unequal);
                let meet = half.div_ceil(2);
                self.center = half;
                if from < meet {
                    more = true;
                    let end = to.min(meet);
                    self.read(from + 1, end + 1, &mut small, cold, ReadKind::SmallEnd)?;
                    self.read(
                        rest - end,
                        rest - from,
                        &mut large,
                        cold,
                        ReadKind::SmallEnd,
                    )?;
                    T::xor_reversed(&small, &large, |x| seen.set(x, stamp));
                    scanned += (end - from) as u64;
                    self.access.max_small_part = self.access.max_small_part.max(end as u64);
                }
                let (lo, end) = (from, to.min(half - meet));
                if lo < end {
                    more = true;
                    self.read(
                        half + 1 - end,
                        half + 1 - lo,
                        &mut small,
                        cold,
                        ReadKind::Middle,
                    )?;
                    self.read(
                        rest - half + lo,
                        rest - half + end,
                        &mut large,
                        cold,
                        ReadKind::Middle,
                    )?;
                    T::xor_reversed(&small, &large, |x| seen.set(x, stamp));
                    scanned += (end - lo) as u64;
                    self.access.max_middle_depth = self.access.max_middle_depth.max(end as u64);
                }
            }
            self.want.retain(|&v| !seen.has(v as usize, stamp));
            if self.want.is_empty() {
                break true;
            }
            if !more {
                break false;
            }
            from = to;
        };
        self.small = small;
        self.large = large;
        self.scan_pairs += scanned;
        if found_all {
            return Ok(common_mex);
        }
        self.full_scans += 1;
        Ok(self.want[0])
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
            1usize..40,
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
        ) {
            let expected = naive(&game, len);
            let mut cold = Vec::new();
            let mut w = Windowed::new(&game, windows, 2).unwrap();
            let stop = stop.min(len);
            w.extend(&mut cold, stop, &mut values::silent).unwrap();
            w.flush(&mut cold).unwrap();
            let mut w = Windowed::resume(&game, windows, 2, stop, &mut cold).unwrap();
            w.extend(&mut cold, len, &mut values::silent).unwrap();
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
}
