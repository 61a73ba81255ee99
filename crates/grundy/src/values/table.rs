//! Compact storage of Grundy values: one byte a heap while every value fits.

use crate::error::{Error, ErrorKind, Result};
use crate::nimber::Nimber;
use crate::values::escaped::{ESCAPE, Escaped, EscapedWindow};

/// The values stored at the narrowest width that holds them all, or in bytes
/// with the few larger values kept aside.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Store {
    U8(Vec<u8>),
    Escaped(Escaped),
    U16(Vec<u16>),
    U32(Vec<u32>),
    U64(Vec<u64>),
}

/// Grundy values `G(0), G(1), …, G(len − 1)` stored compactly.
///
/// Values are kept in one byte a heap while nearly all of them fit: the few
/// from 255 up are then kept aside, the byte 255 marking their heaps. When
/// more than one value in 256 is kept aside (and more than 256), the table
/// widens itself to 2, 4 or 8 bytes a heap, the narrowest that holds the
/// largest value.
///
/// ```
/// use grundy::{Nimber, ValueTable};
/// let mut t = ValueTable::new();
/// t.push(Nimber::new(3));
/// t.push(Nimber::new(300)); // kept aside: still one byte a heap
/// assert_eq!(t.get(1), Some(Nimber::new(300)));
/// assert_eq!((t.bytes_per_heap(), t.kept_aside()), (1, 1));
/// for _ in 0..5000 {
///     t.push(Nimber::new(600)); // too many aside: two bytes a heap
/// }
/// assert_eq!((t.bytes_per_heap(), t.kept_aside()), (2, 0));
/// assert_eq!(t.to_vec()[..3], [3, 300, 600]);
/// ```
///
/// Two tables are equal when they hold the same values, whatever their
/// widths and reserved room.
#[derive(Clone, Debug)]
pub struct ValueTable {
    store: Store,
    max: u64,
    /// Heaps the caller said it will need, so widening reserves the right room.
    capacity_hint: usize,
}

impl PartialEq for ValueTable {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for ValueTable {}

impl Default for ValueTable {
    fn default() -> Self {
        ValueTable::new()
    }
}

impl ValueTable {
    /// An empty table.
    pub fn new() -> Self {
        ValueTable {
            store: Store::U8(Vec::new()),
            max: 0,
            capacity_hint: 0,
        }
    }

    /// An empty table with room reserved for `len` values of one byte.
    ///
    /// # Errors
    /// [`ErrorKind::TooLarge`] if the allocator refuses.
    pub fn with_capacity(len: usize) -> Result<Self> {
        let mut v = Vec::new();
        v.try_reserve_exact(len).map_err(|_| too_large(len, 1))?;
        Ok(ValueTable {
            store: Store::U8(v),
            max: 0,
            capacity_hint: len,
        })
    }

    /// A table holding `values`.
    pub fn from_values(values: impl IntoIterator<Item = u64>) -> Self {
        let mut t = ValueTable::new();
        for v in values {
            t.push(Nimber::new(v));
        }
        t
    }

    /// How many values are stored.
    pub fn len(&self) -> usize {
        match &self.store {
            Store::U8(v) => v.len(),
            Store::Escaped(v) => v.len(),
            Store::U16(v) => v.len(),
            Store::U32(v) => v.len(),
            Store::U64(v) => v.len(),
        }
    }

    /// Whether no value is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(n)`, or `None` past the end.
    #[inline]
    pub fn get(&self, n: u64) -> Option<Nimber> {
        let n = usize::try_from(n).ok()?;
        (n < self.len()).then(|| Nimber::new(self.raw(n)))
    }

    /// `G(n)` as an integer.
    ///
    /// # Panics
    /// If `n >= self.len()`.
    #[inline]
    pub fn raw(&self, n: usize) -> u64 {
        match &self.store {
            Store::U8(v) => u64::from(v[n]),
            Store::Escaped(v) => v.get(n),
            Store::U16(v) => u64::from(v[n]),
            Store::U32(v) => u64::from(v[n]),
            Store::U64(v) => v[n],
        }
    }

    /// The largest value stored (0 for an empty table).
    pub fn max(&self) -> Nimber {
        Nimber::new(self.max)
    }

    /// Bytes each value takes in the little-endian form of
    /// [`ValueTable::for_each_le_chunk`], which holds every value whole: 1,
    /// 2, 4 or 8 (a table with values kept aside writes the width of its
    /// largest).
    pub fn bytes_per_value(&self) -> usize {
        match &self.store {
            Store::U8(_) => 1,
            Store::Escaped(_) => fixed_width(self.max),
            Store::U16(_) => 2,
            Store::U32(_) => 4,
            Store::U64(_) => 8,
        }
    }

    /// Bytes a heap takes in memory: 1, 2, 4 or 8, besides the values kept
    /// aside ([`ValueTable::kept_aside`]).
    pub fn bytes_per_heap(&self) -> usize {
        match &self.store {
            Store::U8(_) | Store::Escaped(_) => 1,
            Store::U16(_) => 2,
            Store::U32(_) => 4,
            Store::U64(_) => 8,
        }
    }

    /// How many values do not fit their heap's byte and are kept aside.
    pub fn kept_aside(&self) -> usize {
        match &self.store {
            Store::Escaped(v) => v.aside(),
            _ => 0,
        }
    }

    /// The memory the values take, in bytes: the heaps' bytes and the values
    /// kept aside.
    pub fn value_bytes(&self) -> u64 {
        let aside = self.kept_aside() * size_of::<(usize, u64)>();
        (self.len() * self.bytes_per_heap() + aside) as u64
    }

    /// Appends `G(len)`.
    ///
    /// # Panics
    /// If widening the table cannot allocate; engines call
    /// [`ValueTable::try_push`] instead.
    pub fn push(&mut self, value: Nimber) {
        if let Err(e) = self.try_push(value) {
            panic!("{e}");
        }
    }

    /// Appends `G(len)`, widening the storage if `value` needs it.
    ///
    /// # Errors
    /// [`ErrorKind::TooLarge`] if the wider table cannot be allocated.
    pub fn try_push(&mut self, value: Nimber) -> Result<()> {
        let v = value.value();
        loop {
            let pushed = match &mut self.store {
                Store::U8(s) => v < u64::from(ESCAPE) && push(s, v as u8),
                Store::Escaped(s) => {
                    s.push(v);
                    true
                }
                Store::U16(s) => u16::try_from(v).is_ok_and(|x| push(s, x)),
                Store::U32(s) => u32::try_from(v).is_ok_and(|x| push(s, x)),
                Store::U64(s) => push(s, v),
            };
            if pushed {
                break;
            }
            self.widen(v)?;
        }
        self.max = self.max.max(v);
        self.widen_if_crowded()
    }

    /// Widens a table with too many values kept aside to a fixed width.
    ///
    /// # Errors
    /// [`ErrorKind::TooLarge`] if the wider table cannot be allocated.
    pub(crate) fn widen_if_crowded(&mut self) -> Result<()> {
        match &self.store {
            Store::Escaped(s) if s.crowded() => self.widen(self.max),
            _ => Ok(()),
        }
    }

    /// Makes room for `value`: a byte table keeps it aside, other tables
    /// take the narrowest fixed width for it and every value so far.
    fn widen(&mut self, value: u64) -> Result<()> {
        let len = self.len();
        let room = self.capacity_hint.max(len + 1);
        if let Store::U8(bytes) = &mut self.store {
            // The bytes keep their place.
            self.store = Store::Escaped(Escaped::from_bytes(bytes, room)?);
            return Ok(());
        }
        let values = (0..len).map(|i| self.raw(i));
        self.store = match fixed_width(value.max(self.max)) {
            1 | 2 => Store::U16(collect_reserved(values.map(|v| v as u16), room, 2)?),
            4 => Store::U32(collect_reserved(values.map(|v| v as u32), room, 4)?),
            _ => Store::U64(collect_reserved(values, room, 8)?),
        };
        Ok(())
    }

    /// The values as stored, [`ValueTable::bytes_per_heap`] bytes a heap,
    /// little-endian, handed to `sink` a chunk at a time: one byte a heap
    /// with 255 marking the values kept aside
    /// ([`ValueTable::values_kept_aside`]), or 2, 4 or 8. What a store file
    /// holds; [`ValueTable::from_stored`] reads it back.
    ///
    /// ```
    /// use grundy::ValueTable;
    /// let t = ValueTable::from_values([1, 300, 2]);
    /// let mut bytes = Vec::new();
    /// t.for_each_stored_chunk(&mut |chunk| bytes.extend_from_slice(chunk));
    /// assert_eq!(bytes, [1, 255, 2]);
    /// assert_eq!(t.values_kept_aside(), [(1, 300)]);
    /// assert_eq!(ValueTable::from_stored(1, &bytes, t.values_kept_aside().to_vec())?, t);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn for_each_stored_chunk(&self, sink: &mut dyn FnMut(&[u8])) {
        const CHUNK: usize = 1 << 16;
        match &self.store {
            Store::U8(v) => v.chunks(CHUNK).for_each(sink),
            Store::Escaped(v) => v.bytes().chunks(CHUNK).for_each(sink),
            _ => self.for_each_le_chunk(sink),
        }
    }

    /// `(heap, value)` of every value kept aside, by heap: empty unless the
    /// table is one byte a heap with values from 255 up.
    pub fn values_kept_aside(&self) -> &[(usize, u64)] {
        match &self.store {
            Store::Escaped(v) => v.aside_list(),
            _ => &[],
        }
    }

    /// A table from what [`ValueTable::for_each_stored_chunk`] and
    /// [`ValueTable::values_kept_aside`] give.
    ///
    /// # Errors
    /// [`ErrorKind::Corrupt`] if `width` is not 1, 2, 4 or 8, `bytes` is
    /// not a whole number of values, or the values kept aside do not match
    /// the marks; [`ErrorKind::TooLarge`] if the table cannot be allocated.
    pub fn from_stored(width: usize, bytes: &[u8], aside: Vec<(usize, u64)>) -> Result<ValueTable> {
        if width != 1 {
            if !aside.is_empty() {
                return Err(Error::new(
                    ErrorKind::Corrupt,
                    "values are kept aside only in a table of one byte a heap",
                ));
            }
            return ValueTable::from_le_bytes(width, bytes);
        }
        let mut copy = Vec::new();
        copy.try_reserve_exact(bytes.len())
            .map_err(|_| too_large(bytes.len(), 1))?;
        copy.extend_from_slice(bytes);
        let len = copy.len();
        let store = if aside.is_empty() && !copy.contains(&ESCAPE) {
            Store::U8(copy)
        } else {
            Store::Escaped(Escaped::from_parts(copy, aside)?)
        };
        let mut table = ValueTable {
            store,
            max: 0,
            capacity_hint: len,
        };
        table.max = table.scan_max();
        Ok(table)
    }

    /// The largest value, read from the storage.
    fn scan_max(&self) -> u64 {
        match &self.store {
            Store::U8(v) => v.iter().copied().max().map_or(0, u64::from),
            Store::Escaped(v) => {
                let bytes = v.bytes().iter().copied().filter(|&b| b != ESCAPE).max();
                let aside = v.aside_list().iter().map(|&(_, x)| x).max();
                bytes.map(u64::from).max(aside).unwrap_or(0)
            }
            Store::U16(v) => v.iter().copied().max().map_or(0, u64::from),
            Store::U32(v) => v.iter().copied().max().map_or(0, u64::from),
            Store::U64(v) => v.iter().copied().max().unwrap_or(0),
        }
    }

    /// A copy of the first `len` values (all of them if there are fewer),
    /// copying only those.
    ///
    /// ```
    /// use grundy::ValueTable;
    /// let t = ValueTable::from_values([4, 300, 2, 7]);
    /// assert_eq!(t.prefix(2).to_vec(), [4, 300]);
    /// assert_eq!(t.prefix(2).max().value(), 300);
    /// ```
    pub fn prefix(&self, len: usize) -> ValueTable {
        let len = len.min(self.len());
        let store = match &self.store {
            Store::U8(v) => Store::U8(v[..len].to_vec()),
            Store::Escaped(v) => Store::Escaped(v.prefix(len)),
            Store::U16(v) => Store::U16(v[..len].to_vec()),
            Store::U32(v) => Store::U32(v[..len].to_vec()),
            Store::U64(v) => Store::U64(v[..len].to_vec()),
        };
        let mut table = ValueTable {
            store,
            max: 0,
            capacity_hint: 0,
        };
        table.max = table.scan_max();
        table
    }

    /// Removes every value from `len` on.
    pub fn truncate(&mut self, len: usize) {
        match &mut self.store {
            Store::U8(v) => v.truncate(len),
            Store::Escaped(v) => v.truncate(len),
            Store::U16(v) => v.truncate(len),
            Store::U32(v) => v.truncate(len),
            Store::U64(v) => v.truncate(len),
        }
        self.max = self.scan_max();
    }

    /// The values in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Nimber> + '_ {
        (0..self.len()).map(|i| Nimber::new(self.raw(i)))
    }

    /// The values as plain integers.
    pub fn to_vec(&self) -> Vec<u64> {
        (0..self.len()).map(|i| self.raw(i)).collect()
    }

    /// The values as little-endian integers of [`ValueTable::bytes_per_value`]
    /// bytes each, handed to `sink` a chunk at a time: what a cache file
    /// stores. [`ValueTable::from_le_bytes`] reads them back.
    ///
    /// ```
    /// use grundy::ValueTable;
    /// let t = ValueTable::from_values([1, 300, 2]);
    /// let mut bytes = Vec::new();
    /// t.for_each_le_chunk(&mut |chunk| bytes.extend_from_slice(chunk));
    /// assert_eq!(bytes, [1, 0, 44, 1, 2, 0]);
    /// assert_eq!(ValueTable::from_le_bytes(2, &bytes)?, t);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn for_each_le_chunk(&self, sink: &mut dyn FnMut(&[u8])) {
        const CHUNK: usize = 1 << 16;
        fn chunks<T: Copy, const W: usize>(
            values: &[T],
            le: impl Fn(T) -> [u8; W],
            sink: &mut dyn FnMut(&[u8]),
        ) {
            let mut buffer = Vec::with_capacity(CHUNK * W);
            for part in values.chunks(CHUNK) {
                buffer.clear();
                buffer.extend(part.iter().flat_map(|&v| le(v)));
                sink(&buffer);
            }
        }
        match &self.store {
            Store::U8(v) => v.chunks(CHUNK).for_each(sink),
            Store::Escaped(v) => {
                let width = fixed_width(self.max);
                let mut buffer = Vec::with_capacity(CHUNK * width);
                for start in (0..v.len()).step_by(CHUNK) {
                    buffer.clear();
                    let end = v.len().min(start + CHUNK);
                    buffer.extend(
                        (start..end).flat_map(|i| v.get(i).to_le_bytes().into_iter().take(width)),
                    );
                    sink(&buffer);
                }
            }
            Store::U16(v) => chunks(v, u16::to_le_bytes, sink),
            Store::U32(v) => chunks(v, u32::to_le_bytes, sink),
            Store::U64(v) => chunks(v, u64::to_le_bytes, sink),
        }
    }

    /// A table from little-endian values of `width` bytes each, as
    /// [`ValueTable::for_each_le_chunk`] writes them. The table takes the
    /// narrowest width that holds the values.
    ///
    /// # Errors
    /// [`ErrorKind::Corrupt`] if `width` is not 1, 2, 4 or 8 or `bytes` is
    /// not a whole number of values; [`ErrorKind::TooLarge`] if the table
    /// cannot be allocated.
    pub fn from_le_bytes(width: usize, bytes: &[u8]) -> Result<ValueTable> {
        if ![1, 2, 4, 8].contains(&width) || !bytes.len().is_multiple_of(width) {
            return Err(Error::new(
                ErrorKind::Corrupt,
                format!(
                    "{} bytes of {width}-byte values do not make a value table",
                    bytes.len()
                ),
            ));
        }
        let len = bytes.len() / width;
        let mut table = ValueTable::with_capacity(len)?;
        table.capacity_hint = len;
        for value in bytes.chunks_exact(width) {
            let mut le = [0u8; 8];
            le[..width].copy_from_slice(value);
            table.try_push(Nimber::new(u64::from_le_bytes(le)))?;
        }
        Ok(table)
    }

    /// Runs `visitor` on the typed storage. A visitor that appends values
    /// must report the largest with [`ValueTable::raise_max`].
    pub(crate) fn visit_mut<V: Visit>(&mut self, visitor: V) -> V::Output {
        match &mut self.store {
            Store::U8(v) => visitor.visit(v),
            Store::Escaped(v) => visitor.visit(v),
            Store::U16(v) => visitor.visit(v),
            Store::U32(v) => visitor.visit(v),
            Store::U64(v) => visitor.visit(v),
        }
    }

    /// The values as a slice of their storage width, for algorithms that
    /// read long runs of values (period detection compares whole slices).
    pub(crate) fn slice(&self) -> Slice<'_> {
        match &self.store {
            Store::U8(v) => Slice::U8(v),
            Store::Escaped(v) => Slice::Escaped(v),
            Store::U16(v) => Slice::U16(v),
            Store::U32(v) => Slice::U32(v),
            Store::U64(v) => Slice::U64(v),
        }
    }

    /// Records that a value as large as `value` was appended through
    /// [`ValueTable::visit_mut`].
    pub(crate) fn raise_max(&mut self, value: u64) {
        self.max = self.max.max(value);
    }

    pub(crate) fn set_capacity_hint(&mut self, len: usize) {
        self.capacity_hint = self.capacity_hint.max(len);
    }
}

/// The values of a table, borrowed at their storage width
/// ([`ValueTable::slice`]).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Slice<'a> {
    U8(&'a [u8]),
    Escaped(&'a Escaped),
    U16(&'a [u16]),
    U32(&'a [u32]),
    U64(&'a [u64]),
}

/// One stored value: `u8`, `u16`, `u32` or `u64`. Lets a fast engine work on
/// the typed storage directly instead of matching the width at every read.
pub(crate) trait Cell: Copy + Into<u64> + Send + Sync + 'static {
    /// `value` as a cell, if it fits.
    fn from_u64(value: u64) -> Option<Self>;

    /// Calls `f(small[i] ⊕ large[len − 1 − i])` for each `i` below the
    /// shorter length: the values of splits read from both ends of two
    /// windows.
    #[inline(always)]
    fn xor_reversed(small: &[Self], large: &[Self], mut f: impl FnMut(usize)) {
        for (&x, &y) in small.iter().zip(large.iter().rev()) {
            f((x.into() ^ y.into()) as usize);
        }
    }

    /// [`Cell::xor_reversed`], handing over eight values at once where
    /// they are bytes ([`Xors::Eight`]).
    #[inline(always)]
    fn xor_reversed_packed(small: &[Self], large: &[Self], mut f: impl FnMut(Xors)) {
        Self::xor_reversed(small, large, |x| f(Xors::One(x)));
    }
}

/// Values of splits as [`Window::xor_reversed_packed`] hands them over.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Xors {
    /// One value.
    One(usize),
    /// Eight values below 256, the `j`-th split's in byte `j` (from the
    /// least significant).
    Eight(u64),
}

impl Xors {
    /// Calls `f` with each value, in order.
    #[inline(always)]
    pub(crate) fn each(self, mut f: impl FnMut(usize)) {
        match self {
            Xors::One(x) => f(x),
            Xors::Eight(x) => {
                for j in 0..8 {
                    f((x >> (8 * j)) as u8 as usize);
                }
            }
        }
    }
}

impl Cell for u8 {
    #[inline]
    fn from_u64(value: u64) -> Option<Self> {
        u8::try_from(value).ok()
    }

    /// Eight splits a step: eight values of `small` and eight of `large`,
    /// the latter read big-endian so that they pair in reverse, in one XOR.
    #[inline(always)]
    fn xor_reversed(small: &[u8], large: &[u8], mut f: impl FnMut(usize)) {
        Self::xor_reversed_packed(small, large, |x| x.each(&mut f));
    }

    #[inline(always)]
    fn xor_reversed_packed(small: &[u8], large: &[u8], mut f: impl FnMut(Xors)) {
        let len = small.len().min(large.len());
        let large = &large[large.len() - len..];
        let (eights, rest) = small[..len].as_chunks::<8>();
        for (k, eight) in eights.iter().enumerate() {
            let top = len - 8 * k;
            let theirs: [u8; 8] = large[top - 8..top].try_into().expect("eight values");
            f(Xors::Eight(
                u64::from_le_bytes(*eight) ^ u64::from_be_bytes(theirs),
            ));
        }
        let done = eights.len() * 8;
        for (i, &x) in rest.iter().enumerate() {
            f(Xors::One((x ^ large[len - 1 - done - i]) as usize));
        }
    }
}

impl Cell for u16 {
    #[inline]
    fn from_u64(value: u64) -> Option<Self> {
        u16::try_from(value).ok()
    }
}

impl Cell for u32 {
    #[inline]
    fn from_u64(value: u64) -> Option<Self> {
        u32::try_from(value).ok()
    }
}

impl Cell for u64 {
    #[inline]
    fn from_u64(value: u64) -> Option<Self> {
        Some(value)
    }
}

/// Work done on the typed storage of a table ([`ValueTable::visit_mut`]).
pub(crate) trait Visit {
    /// What the work returns.
    type Output;
    /// Does the work on `values`, which it may extend.
    fn visit<V: Values>(self, values: &mut V) -> Self::Output;
}

/// Values borrowed from a table at their storage width, for the loops of a
/// fast engine: a slice of [`Cell`]s, or a window on a nine-bit table.
pub(crate) trait Window: Copy + Send + Sync {
    /// How many values.
    fn len(self) -> usize;
    /// The value at `i`.
    fn get(self, i: usize) -> u64;
    /// The values `lo..hi`.
    fn range(self, lo: usize, hi: usize) -> Self;
    /// Calls `f(small[i] ⊕ large[len − 1 − i])` for each `i` below the
    /// shorter length: the values of splits read from both ends of two
    /// windows. By default one pair at a time (windows on bytes read
    /// eight at once).
    #[inline(always)]
    fn xor_reversed(small: Self, large: Self, mut f: impl FnMut(usize)) {
        let len = small.len().min(large.len());
        for i in 0..len {
            f((small.get(i) ^ large.get(large.len() - 1 - i)) as usize);
        }
    }
    /// [`Window::xor_reversed`], handing over eight values at once where
    /// they are bytes ([`Xors::Eight`]): a sink looking for a few values
    /// tests the eight together.
    #[inline(always)]
    fn xor_reversed_packed(small: Self, large: Self, mut f: impl FnMut(Xors)) {
        Self::xor_reversed(small, large, |x| f(Xors::One(x)));
    }
    /// Sets `rows[i][(v ⊕ self[i]) % B] = stamp` for each `i` below both
    /// lengths: one value against consecutive others.
    fn mark_column<const B: usize>(self, rows: &mut [[u8; B]], v: u64, stamp: u8);
}

impl<T: Cell> Window for &[T] {
    #[inline(always)]
    fn len(self) -> usize {
        <[T]>::len(self)
    }

    #[inline(always)]
    fn get(self, i: usize) -> u64 {
        self[i].into()
    }

    #[inline(always)]
    fn range(self, lo: usize, hi: usize) -> Self {
        &self[lo..hi]
    }

    #[inline(always)]
    fn xor_reversed(small: Self, large: Self, f: impl FnMut(usize)) {
        T::xor_reversed(small, large, f);
    }

    #[inline(always)]
    fn xor_reversed_packed(small: Self, large: Self, f: impl FnMut(Xors)) {
        T::xor_reversed_packed(small, large, f);
    }

    #[inline(always)]
    fn mark_column<const B: usize>(self, rows: &mut [[u8; B]], v: u64, stamp: u8) {
        for (row, &y) in rows.iter_mut().zip(self) {
            row[(v ^ y.into()) as usize % B] = stamp;
        }
    }
}

/// Typed storage a fast engine extends: a `Vec` of [`Cell`]s or a nine-bit
/// table.
pub(crate) trait Values: Send + Sync {
    /// The values borrowed for reading.
    type Window<'a>: Window
    where
        Self: 'a;
    /// No values.
    fn empty() -> Self;
    /// The values, borrowed for reading.
    fn window(&self) -> Self::Window<'_>;
    /// `window` borrowed for less long, to read beside a shorter borrow.
    fn shorten<'s, 'l: 's>(window: Self::Window<'l>) -> Self::Window<'s>
    where
        Self: 'l;
    /// How many values.
    fn len(&self) -> usize;
    /// Appends `value`, or returns `false` if it does not fit.
    fn push(&mut self, value: u64) -> bool;
    /// Appends the values of `from`.
    fn extend_from(&mut self, from: Self::Window<'_>);
    /// Removes every value.
    fn clear(&mut self);
    /// Reserves room for `more` values; `false` if it cannot.
    fn try_reserve_exact(&mut self, more: usize) -> bool;
    /// Whether so many values are kept aside that the table should widen
    /// ([`ValueTable::widen_if_crowded`]).
    fn crowded(&self) -> bool {
        false
    }
    /// Bits a value takes, for messages.
    const BITS: u32;
}

impl<T: Cell> Values for Vec<T> {
    type Window<'a> = &'a [T];
    const BITS: u32 = 8 * size_of::<T>() as u32;

    fn empty() -> Self {
        Vec::new()
    }

    #[inline(always)]
    fn window(&self) -> &[T] {
        self
    }

    #[inline(always)]
    fn shorten<'s, 'l: 's>(window: &'l [T]) -> &'s [T] {
        window
    }

    #[inline(always)]
    fn len(&self) -> usize {
        Vec::len(self)
    }

    #[inline]
    fn push(&mut self, value: u64) -> bool {
        match T::from_u64(value) {
            Some(cell) => {
                Vec::push(self, cell);
                true
            }
            None => false,
        }
    }

    fn extend_from(&mut self, from: &[T]) {
        self.extend_from_slice(from);
    }

    fn clear(&mut self) {
        Vec::clear(self);
    }

    fn try_reserve_exact(&mut self, more: usize) -> bool {
        Vec::try_reserve_exact(self, more).is_ok()
    }
}

impl Values for Escaped {
    type Window<'a> = EscapedWindow<'a>;
    const BITS: u32 = 8;

    fn empty() -> Self {
        Escaped::default()
    }

    #[inline(always)]
    fn window(&self) -> EscapedWindow<'_> {
        Escaped::window(self)
    }

    #[inline(always)]
    fn shorten<'s, 'l: 's>(window: EscapedWindow<'l>) -> EscapedWindow<'s> {
        window
    }

    #[inline(always)]
    fn len(&self) -> usize {
        Escaped::len(self)
    }

    #[inline]
    fn push(&mut self, value: u64) -> bool {
        Escaped::push(self, value);
        true
    }

    fn extend_from(&mut self, from: EscapedWindow<'_>) {
        Escaped::extend_from(self, from);
    }

    fn clear(&mut self) {
        Escaped::clear(self);
    }

    fn try_reserve_exact(&mut self, more: usize) -> bool {
        Escaped::try_reserve_exact(self, more)
    }

    fn crowded(&self) -> bool {
        Escaped::crowded(self)
    }
}

fn collect_reserved<T>(
    values: impl Iterator<Item = T>,
    room: usize,
    width: usize,
) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(room)
        .map_err(|_| too_large(room, width))?;
    v.extend(values);
    Ok(v)
}

fn too_large(len: usize, width: usize) -> Error {
    Error::new(
        ErrorKind::TooLarge,
        format!(
            "cannot allocate {} for {len} values of {width} byte(s); ask for fewer heaps",
            human_bytes((len as u128 * width as u128).min(u64::MAX as u128) as u64)
        ),
    )
}

/// The bytes needed to store `value` whole: 1, 2, 4 or 8.
pub(crate) fn fixed_width(value: u64) -> usize {
    match value {
        0..=0xff => 1,
        0x100..=0xffff => 2,
        0x1_0000..=0xffff_ffff => 4,
        _ => 8,
    }
}

/// Pushes `x` onto `v`: `true`, for [`ValueTable::try_push`]'s match.
#[inline]
fn push<T>(v: &mut Vec<T>, x: T) -> bool {
    v.push(x);
    true
}

/// `bytes` in KiB, MiB, GiB or TiB, one decimal.
///
/// ```
/// assert_eq!(grundy::values::human_bytes(3 << 30), "3.0 GiB");
/// assert_eq!(grundy::values::human_bytes(512), "512 B");
/// ```
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::{Cell, ValueTable};
    use proptest::prelude::*;

    /// Bytes, values just past a byte (kept aside while few), and now and
    /// then a value of two, four or eight bytes.
    fn value() -> impl Strategy<Value = u64> {
        prop_oneof![
            16 => 0..255u64,
            4 => 250..600u64,
            1 => prop::sample::select(vec![70_000, 1 << 40, u64::MAX]),
        ]
    }

    proptest! {
        #[test]
        fn every_storage_reads_back_and_round_trips_its_bytes(
            values in prop::collection::vec(value(), 0..300),
            many_aside in any::<bool>(),
            cut in 0..300usize,
        ) {
            let mut t = ValueTable::from_values(values.iter().copied());
            let mut all = values.clone();
            if many_aside {
                // Past 256 values kept aside and one heap in 256: wider.
                for _ in 0..5000 {
                    t.push(crate::Nimber::new(300));
                }
                all.extend(std::iter::repeat_n(300, 5000));
            }
            prop_assert_eq!(t.to_vec(), all.clone());
            let mut bytes = Vec::new();
            t.for_each_le_chunk(&mut |chunk| bytes.extend_from_slice(chunk));
            let back = ValueTable::from_le_bytes(t.bytes_per_value(), &bytes).unwrap();
            prop_assert_eq!(&back, &t);
            prop_assert_eq!(back.max(), t.max());
            let cut = cut.min(all.len());
            t.truncate(cut);
            prop_assert_eq!(t.to_vec(), all[..cut].to_vec());
            prop_assert_eq!(t.max().value(), all[..cut].iter().copied().max().unwrap_or(0));
        }

        #[test]
        fn eight_at_a_time_pairs_as_one_at_a_time(
            small in prop::collection::vec(any::<u8>(), 0..40),
            large in prop::collection::vec(any::<u8>(), 0..40),
        ) {
            let mut fast = Vec::new();
            u8::xor_reversed(&small, &large, |x| fast.push(x));
            let slow: Vec<usize> = small
                .iter()
                .zip(large.iter().rev())
                .map(|(&x, &y)| usize::from(x ^ y))
                .collect();
            prop_assert_eq!(fast, slow);
        }
    }
}
