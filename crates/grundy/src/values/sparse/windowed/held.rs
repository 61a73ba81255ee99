//! What the windowed engine holds in memory — the first heaps, the last
//! ones, a window near half the heap and a cache of chunks read back — and
//! how it reads `G(x)` from there or from the [`ColdValues`]: the
//! [`Storage`] the mathematics of one heap ([`super::super::heap`]) reads
//! from.

use super::{Access, ColdValues, ReadKind, Windows};
use crate::error::{Error, ErrorKind, Result};
use crate::values::sparse::storage::{Storage, Stream};
use crate::values::table::Cell;

/// A cell of the cold values: its bytes, little-endian.
pub(super) trait ColdCell: Cell + Default {
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

pub(super) fn cold_error(e: std::io::Error) -> Error {
    Error::new(
        ErrorKind::Corrupt,
        format!("the values kept outside memory could not be read or written: {e}"),
    )
}

/// The longest run of values the lazy scan reads at once: the windows are
/// at least twice as long.
pub(super) const RUN: usize = crate::values::sparse::heap::SCAN_CHUNK;

/// Where reads were served from: the columns of [`Access::counts`].
pub(super) const HEAD: usize = 0;
pub(super) const TAIL: usize = 1;
pub(super) const MIDDLE: usize = 2;
pub(super) const COLD: usize = 3;

/// The values held in memory, and where the others are.
#[derive(Debug)]
pub(super) struct Held<T> {
    pub(super) windows: Windows,
    /// `G(0..len)` are computed.
    pub(super) len: usize,
    /// `G(0..head.len())`.
    pub(super) head: Vec<T>,
    /// `G(tail_start..len)`.
    pub(super) tail: Vec<T>,
    pub(super) tail_start: usize,
    /// The cold values hold `G(0..stored)`; `tail_start <= stored`.
    pub(super) stored: usize,
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
    pub(super) access: Access,
    bytes: Vec<u8>,
    small: Vec<T>,
    large: Vec<T>,
}

impl<T: ColdCell> Held<T> {
    /// Nothing held, in windows of at least the sizes the engine reads.
    pub(super) fn new(windows: Windows) -> Self {
        let windows = Windows {
            head: windows.head.max(1),
            tail: windows.tail.max(2 * RUN),
            middle: windows.middle.max(2 * RUN),
            chunk: windows.chunk.max(1),
            chunks: windows.chunks.max(1),
            ..windows
        };
        Held {
            windows,
            len: 0,
            head: Vec::new(),
            tail: Vec::new(),
            tail_start: 0,
            stored: 0,
            middle: Vec::new(),
            middle_start: 0,
            center: 0,
            cache: (0..windows.chunks)
                .map(|_| (usize::MAX, 0, Vec::new()))
                .collect(),
            tick: 0,
            access: Access::default(),
            bytes: Vec::new(),
            small: Vec::with_capacity(RUN),
            large: Vec::with_capacity(RUN),
        }
    }

    /// Bytes held: the windows, the chunks and the buffers.
    pub(super) fn resident_bytes(&self) -> usize {
        let cells = self.head.capacity()
            + self.tail.capacity()
            + self.middle.capacity()
            + self
                .cache
                .iter()
                .map(|(_, _, c)| c.capacity())
                .sum::<usize>()
            + self.small.capacity()
            + self.large.capacity();
        cells * size_of::<T>() + self.bytes.capacity()
    }

    /// How many of the last heaps the tail keeps: the windows' tail, more
    /// to hold the parts of the rare heaps up to `last_rare`.
    fn keep(&self, last_rare: usize) -> usize {
        let want = (last_rare + 4 * RUN).min(self.windows.tail_limit);
        self.windows.tail.max(want)
    }

    /// Holds `G(0..len)` read back from `cold` on resuming: the head and
    /// the tail; the cold values hold them all.
    pub(super) fn resumed(&mut self, len: usize) {
        self.len = len;
        self.stored = len;
        self.tail_start = len.saturating_sub(self.windows.tail);
    }

    /// Appends `G(len) = value` to the windows, spilling the tail when it
    /// has doubled; the largest rare heap is `last_rare`.
    pub(super) fn push(
        &mut self,
        value: T,
        last_rare: usize,
        cold: &mut dyn ColdValues,
    ) -> Result<()> {
        if self.head.len() == self.len && self.len < self.windows.head {
            self.head.push(value);
        }
        self.tail.push(value);
        self.len += 1;
        let keep = self.keep(last_rare);
        if self.tail.len() >= 2 * keep {
            self.flush(cold)?;
            let drop = self.tail.len() - keep;
            self.tail.drain(..drop);
            self.tail_start += drop;
        }
        Ok(())
    }

    /// Writes the values not yet in `cold` there.
    pub(super) fn flush(&mut self, cold: &mut dyn ColdValues) -> Result<()> {
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

    /// Reads `G(start..start + len)` from the cold values into `buf`.
    pub(super) fn load(
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
    pub(super) fn get(
        &mut self,
        x: usize,
        cold: &mut dyn ColdValues,
        kind: Option<ReadKind>,
    ) -> Result<u64> {
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
                // A failed read leaves the slot empty: it is read again.
                self.cache[slot] = (usize::MAX, 0, Vec::new());
                self.load(cold, from, &mut buf, n)?;
                self.cache[slot] = (c, 0, buf);
                self.access.chunk_loads += 1;
                slot
            }
        };
        self.cache[slot].1 = self.tick;
        Ok(slot)
    }

    /// The window that holds `G(lo..hi)` whole ([`HEAD`], [`TAIL`] or
    /// [`MIDDLE`]), as it is now; `None` if none does.
    #[inline(always)]
    fn region(&self, (lo, hi): (usize, usize)) -> Option<usize> {
        if lo >= self.tail_start && hi <= self.len {
            Some(TAIL)
        } else if hi <= self.head.len() {
            Some(HEAD)
        } else if lo >= self.middle_start && hi <= self.middle_start + self.middle.len() {
            Some(MIDDLE)
        } else {
            None
        }
    }

    /// `G(lo..hi)` in place, in the window [`Held::region`] found.
    #[inline(always)]
    fn run(&self, (lo, hi): (usize, usize), region: usize) -> &[T] {
        let (window, start) = match region {
            TAIL => (&self.tail, self.tail_start),
            HEAD => (&self.head, 0),
            _ => (&self.middle, self.middle_start),
        };
        &window[lo - start..hi - start]
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
        if let Some(region) = self.region((lo, hi)) {
            out.extend_from_slice(self.run((lo, hi), region));
            self.access.counts[kind as usize][region] += n;
            return Ok(());
        }
        let quarter = self.windows.middle / 4;
        if kind == ReadKind::Middle
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
            // A failed read leaves the window empty.
            self.middle_start = 0;
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
}

/// The values of [`Held`] and `cold` as one [`Storage`], for one heap: a
/// read that fails answers zeros and keeps the error for
/// [`Reader::finish`].
pub(super) struct Reader<'a, T> {
    held: &'a mut Held<T>,
    cold: &'a mut dyn ColdValues,
    error: Option<Error>,
}

impl<'a, T: ColdCell> Reader<'a, T> {
    pub(super) fn new(held: &'a mut Held<T>, cold: &'a mut dyn ColdValues) -> Self {
        Reader {
            held,
            cold,
            error: None,
        }
    }

    /// The first error a read met, if any: the heap read is to be
    /// computed again.
    pub(super) fn finish(self) -> Result<()> {
        self.error.map_or(Ok(()), Err)
    }

    fn fail(&mut self, error: Error) {
        self.error.get_or_insert(error);
    }

    /// `G(lo..hi)` into `out` (zeros if the read failed).
    fn read_into(&mut self, (lo, hi): (usize, usize), out: &mut Vec<T>, kind: ReadKind) {
        if let Err(e) = self.held.read(lo, hi, out, self.cold, kind) {
            out.clear();
            out.resize(hi - lo, T::default());
            self.fail(e);
        }
    }
}

impl<T: ColdCell> Storage for Reader<'_, T> {
    type Run<'b>
        = &'b [T]
    where
        Self: 'b;

    fn get(&mut self, x: usize) -> u64 {
        match self.held.get(x, self.cold, Some(ReadKind::Leave)) {
            Ok(v) => v,
            Err(e) => {
                self.fail(e);
                0
            }
        }
    }

    fn mark_rare(&mut self, rare: &[(usize, u64)], rest: usize, mut mark: impl FnMut(usize)) {
        let Some(&(last, _)) = rare.last() else {
            return;
        };
        let held = &mut *self.held;
        let access = &mut held.access;
        access.max_rare_part = access.max_rare_part.max(last as u64);
        // Rare parts whose other part lies in the tail.
        let (tail, from) = (&held.tail, held.tail_start);
        let near = rare.partition_point(|&(r, _)| r + from <= rest);
        for &(r, v) in &rare[..near] {
            mark((v ^ tail[rest - r - from].into()) as usize);
        }
        access.counts[ReadKind::Rare as usize][TAIL] += near as u64;
        for &(r, v) in &rare[near..] {
            match held.get(rest - r, self.cold, Some(ReadKind::Rare)) {
                Ok(w) => mark((v ^ w) as usize),
                Err(e) => {
                    self.error.get_or_insert(e);
                    return;
                }
            }
        }
    }

    #[inline(always)]
    fn pair(
        &mut self,
        small: (usize, usize),
        large: (usize, usize),
        stream: Stream,
    ) -> (&[T], &[T]) {
        let kind = match stream {
            Stream::SmallEnd | Stream::Spread => {
                let access = &mut self.held.access;
                access.max_small_part = access.max_small_part.max(small.1 as u64 - 1);
                ReadKind::SmallEnd
            }
            Stream::Middle { half } => {
                self.held.center = half;
                let access = &mut self.held.access;
                let depth = (half + 1 - small.0) as u64;
                access.max_middle_depth = access.max_middle_depth.max(depth);
                ReadKind::Middle
            }
        };
        // Runs that a window holds whole, as the small parts and the heaps
        // just below the heap nearly always are, are read in place; the
        // others are copied, moving the middle window or through the
        // chunks.
        if let (Some(at_small), Some(at_large)) = (self.held.region(small), self.held.region(large))
        {
            let counts = &mut self.held.access.counts[kind as usize];
            counts[at_small] += (small.1 - small.0) as u64;
            counts[at_large] += (large.1 - large.0) as u64;
            let held = &*self.held;
            return (held.run(small, at_small), held.run(large, at_large));
        }
        self.copied(small, large, kind)
    }
}

impl<T: ColdCell> Reader<'_, T> {
    /// [`Storage::pair`] where a run is in no window: both copied, the
    /// middle window moved or the chunks read. Kept out of line, so that a
    /// pair read in place costs a few compares.
    #[inline(never)]
    fn copied(
        &mut self,
        small: (usize, usize),
        large: (usize, usize),
        kind: ReadKind,
    ) -> (&[T], &[T]) {
        let mut runs = (
            std::mem::take(&mut self.held.small),
            std::mem::take(&mut self.held.large),
        );
        self.read_into(small, &mut runs.0, kind);
        self.read_into(large, &mut runs.1, kind);
        (self.held.small, self.held.large) = runs;
        (&self.held.small, &self.held.large)
    }
}
