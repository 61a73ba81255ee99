//! Compact storage of Grundy values: one byte a heap while every value fits.

use crate::error::{Error, ErrorKind, Result};
use crate::nimber::Nimber;

/// The values stored at the narrowest width that holds them all.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Store {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
    U64(Vec<u64>),
}

/// Grundy values `G(0), G(1), …, G(len − 1)` stored compactly.
///
/// Values are kept in 1, 2, 4 or 8 bytes a heap, the narrowest that holds the
/// largest value so far; the table widens itself when a larger value arrives.
///
/// ```
/// use grundy::{Nimber, ValueTable};
/// let mut t = ValueTable::new();
/// t.push(Nimber::new(3));
/// t.push(Nimber::new(300)); // widens to two bytes a heap
/// assert_eq!(t.get(1), Some(Nimber::new(300)));
/// assert_eq!(t.bytes_per_value(), 2);
/// assert_eq!(t.to_vec(), vec![3, 300]);
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
            Store::U16(v) => u64::from(v[n]),
            Store::U32(v) => u64::from(v[n]),
            Store::U64(v) => v[n],
        }
    }

    /// The largest value stored (0 for an empty table).
    pub fn max(&self) -> Nimber {
        Nimber::new(self.max)
    }

    /// Bytes used for each value: 1, 2, 4 or 8.
    pub fn bytes_per_value(&self) -> usize {
        match &self.store {
            Store::U8(_) => 1,
            Store::U16(_) => 2,
            Store::U32(_) => 4,
            Store::U64(_) => 8,
        }
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
        if width_for(v) > self.bytes_per_value() {
            self.widen(width_for(v))?;
        }
        self.max = self.max.max(v);
        match &mut self.store {
            Store::U8(s) => s.push(v as u8),
            Store::U16(s) => s.push(v as u16),
            Store::U32(s) => s.push(v as u32),
            Store::U64(s) => s.push(v),
        }
        Ok(())
    }

    fn widen(&mut self, width: usize) -> Result<()> {
        let len = self.len();
        let room = self.capacity_hint.max(len + 1);
        let values = (0..len).map(|i| self.raw(i));
        self.store = match width {
            2 => Store::U16(collect_reserved(values.map(|v| v as u16), room, 2)?),
            4 => Store::U32(collect_reserved(values.map(|v| v as u32), room, 4)?),
            _ => Store::U64(collect_reserved(values, room, 8)?),
        };
        Ok(())
    }

    /// Removes every value from `len` on.
    pub fn truncate(&mut self, len: usize) {
        match &mut self.store {
            Store::U8(v) => v.truncate(len),
            Store::U16(v) => v.truncate(len),
            Store::U32(v) => v.truncate(len),
            Store::U64(v) => v.truncate(len),
        }
        self.max = self.iter().map(Nimber::value).max().unwrap_or(0);
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
        let len = small.len().min(large.len());
        let large = &large[large.len() - len..];
        let (eights, rest) = small[..len].as_chunks::<8>();
        for (k, eight) in eights.iter().enumerate() {
            let top = len - 8 * k;
            let theirs: [u8; 8] = large[top - 8..top].try_into().expect("eight values");
            let x = u64::from_le_bytes(*eight) ^ u64::from_be_bytes(theirs);
            for j in 0..8 {
                f((x >> (8 * j)) as u8 as usize);
            }
        }
        let done = eights.len() * 8;
        for (i, &x) in rest.iter().enumerate() {
            f((x ^ large[len - 1 - done - i]) as usize);
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
    fn visit<T: Cell>(self, values: &mut Vec<T>) -> Self::Output;
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

/// The bytes needed to store `value`: 1, 2, 4 or 8.
pub(crate) fn width_for(value: u64) -> usize {
    match value {
        0..=0xff => 1,
        0x100..=0xffff => 2,
        0x1_0000..=0xffff_ffff => 4,
        _ => 8,
    }
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
    use super::Cell;
    use proptest::prelude::*;

    proptest! {
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
