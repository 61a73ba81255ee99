//! One byte a heap with the few large values kept aside.
//!
//! Grundy's game first reaches value 256 at heap 7 250 049, and up to 2^25
//! that is the only heap whose value does not fit a byte; its largest value
//! to 2^30 is 281. Two bytes a heap would double the table for a handful of
//! heaps. An escaped table keeps each value below 255 in its byte, as a
//! one-byte table does (which becomes an escaped one without copying), and
//! marks the others with the byte 255 ([`ESCAPE`]), their values kept aside
//! in a list sorted by heap.
//!
//! The sparse engine reads such a table eight values at a time, as a byte
//! table; a word with an escape byte among its eight is read value by value
//! instead. A table with more than one value in 256 kept aside (and at least
//! [`ASIDE_FREE`]) is crowded: [`crate::ValueTable`] then widens it to two
//! bytes a heap or more.

use crate::error::{Error, ErrorKind, Result};
use crate::values::table::{Window, Xors};

/// The byte that sends a read to the values kept aside.
pub(crate) const ESCAPE: u8 = 0xff;

/// Values kept aside that never make a table crowded. 256: each value kept
/// aside is found by a binary search, which the sparse engine pays on every
/// read of one. With 4096, 0.6 kept up to 4096 aside until its table
/// widened near heap 2^20, and the search took 15 % of the samples of
/// `sparse_profile 0.6 2^20 1`; with 256, 0.3 %, and the run's user time
/// fell in 7 of 8 alternating pairs (docs/benchmarks.md, session 35).
/// Grundy's game, one value aside to 2^25, stays one byte a heap.
pub(crate) const ASIDE_FREE: usize = 256;

/// Values a byte each, those from [`ESCAPE`] up kept aside.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Escaped {
    bytes: Vec<u8>,
    /// `(heap, value)` for each heap whose byte is [`ESCAPE`], by heap.
    aside: Vec<(usize, u64)>,
}

impl Escaped {
    /// The values of a byte table, kept where they are, with room for `room`
    /// values in all.
    ///
    /// # Errors
    /// [`ErrorKind::TooLarge`] if the room cannot be allocated; `bytes` is
    /// then left as it was (it is taken only on success).
    pub(crate) fn from_bytes(bytes: &mut Vec<u8>, room: usize) -> Result<Escaped> {
        let extra = room.saturating_sub(bytes.len());
        bytes.try_reserve_exact(extra).map_err(|_| {
            Error::new(
                ErrorKind::TooLarge,
                format!("cannot allocate {room} values of one byte; ask for fewer heaps"),
            )
        })?;
        let bytes = std::mem::take(bytes);
        // A one-byte table may hold 255 itself, which now escapes.
        let aside = bytes
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b == ESCAPE)
            .map(|(n, &b)| (n, u64::from(b)))
            .collect();
        Ok(Escaped { bytes, aside })
    }

    /// How many values are stored.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.bytes.len()
    }

    /// How many values are kept aside.
    pub(crate) fn aside(&self) -> usize {
        self.aside.len()
    }

    /// Whether so many values are kept aside that two bytes a heap would
    /// serve better: more than one in 256, and more than [`ASIDE_FREE`].
    pub(crate) fn crowded(&self) -> bool {
        self.aside.len() > ASIDE_FREE.max(self.len() / 256)
    }

    /// The value at `i`.
    ///
    /// # Panics
    /// If `i >= self.len()`.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> u64 {
        self.window().get(i)
    }

    /// Appends `value`.
    #[inline]
    pub(crate) fn push(&mut self, value: u64) {
        if value < u64::from(ESCAPE) {
            self.bytes.push(value as u8);
        } else {
            self.aside.push((self.bytes.len(), value));
            self.bytes.push(ESCAPE);
        }
    }

    /// The bytes, [`ESCAPE`] where a value is kept aside.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// `(heap, value)` of every value kept aside, by heap.
    pub(crate) fn aside_list(&self) -> &[(usize, u64)] {
        &self.aside
    }

    /// The values stored as `bytes`, [`ESCAPE`] marking the heaps of
    /// `aside`, which must list exactly those heaps, in order, with values
    /// from [`ESCAPE`] up.
    ///
    /// # Errors
    /// [`ErrorKind::Corrupt`] naming what does not match.
    pub(crate) fn from_parts(bytes: Vec<u8>, aside: Vec<(usize, u64)>) -> Result<Escaped> {
        let marks = bytes.iter().filter(|&&b| b == ESCAPE).count();
        let bad = |why: &str| Error::new(ErrorKind::Corrupt, format!("values kept aside: {why}"));
        if marks != aside.len() {
            return Err(bad("their number does not match the marks"));
        }
        let mut previous: Option<usize> = None;
        for &(n, v) in &aside {
            if previous.is_some_and(|p| p >= n) {
                return Err(bad("not in order of heaps"));
            }
            previous = Some(n);
            if bytes.get(n) != Some(&ESCAPE) || v < u64::from(ESCAPE) {
                return Err(bad("one is not marked, or is small enough for a byte"));
            }
        }
        Ok(Escaped { bytes, aside })
    }

    /// A copy of the first `len` values.
    pub(crate) fn prefix(&self, len: usize) -> Escaped {
        let len = len.min(self.bytes.len());
        let keep = self.aside.partition_point(|&(n, _)| n < len);
        Escaped {
            bytes: self.bytes[..len].to_vec(),
            aside: self.aside[..keep].to_vec(),
        }
    }

    /// Removes every value from `len` on.
    pub(crate) fn truncate(&mut self, len: usize) {
        self.bytes.truncate(len);
        let keep = self.aside.partition_point(|&(n, _)| n < len);
        self.aside.truncate(keep);
    }

    /// Removes every value.
    pub(crate) fn clear(&mut self) {
        self.bytes.clear();
        self.aside.clear();
    }

    /// Reserves room for `more` values.
    pub(crate) fn try_reserve_exact(&mut self, more: usize) -> bool {
        self.bytes.try_reserve_exact(more).is_ok()
    }

    /// The values, borrowed for reading.
    #[inline]
    pub(crate) fn window(&self) -> EscapedWindow<'_> {
        EscapedWindow {
            bytes: &self.bytes,
            aside: &self.aside,
            first: 0,
        }
    }

    /// Appends the values of `from`.
    pub(crate) fn extend_from(&mut self, from: EscapedWindow<'_>) {
        let start = from.first;
        let end = start + from.bytes.len();
        let lo = from.aside.partition_point(|&(n, _)| n < start);
        let hi = from.aside.partition_point(|&(n, _)| n < end);
        let shift = self.bytes.len();
        self.aside.extend(
            from.aside[lo..hi]
                .iter()
                .map(|&(n, v)| (n - start + shift, v)),
        );
        self.bytes.extend_from_slice(from.bytes);
    }
}

/// Values of an escaped table borrowed for reading: `bytes[i]` is the byte
/// of heap `first + i` of the table whose values kept aside are `aside`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EscapedWindow<'a> {
    bytes: &'a [u8],
    aside: &'a [(usize, u64)],
    first: usize,
}

impl EscapedWindow<'_> {
    /// The value kept aside for value `i`.
    #[cold]
    #[inline(never)]
    fn aside(self, i: usize) -> u64 {
        let n = self.first + i;
        match self.aside.binary_search_by_key(&n, |&(m, _)| m) {
            Ok(k) => self.aside[k].1,
            Err(_) => unreachable!("every escape byte has its value kept aside"),
        }
    }
}

/// Nonzero exactly when some byte of `word` is [`ESCAPE`]: a byte of
/// `!word` is zero there (the classic zero-byte test, exact when asked only
/// whether some byte is zero). Two words are tested at once by OR-ing their
/// results, not the words.
#[inline(always)]
fn escapes(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let x = !word;
    x.wrapping_sub(ONES) & !x & HIGHS
}

/// Whether some byte of `word` is [`ESCAPE`].
#[inline(always)]
fn has_escape(word: u64) -> bool {
    escapes(word) != 0
}

impl Window for EscapedWindow<'_> {
    #[inline(always)]
    fn len(self) -> usize {
        self.bytes.len()
    }

    #[inline(always)]
    fn get(self, i: usize) -> u64 {
        match self.bytes[i] {
            ESCAPE => self.aside(i),
            b => u64::from(b),
        }
    }

    #[inline(always)]
    fn range(self, lo: usize, hi: usize) -> Self {
        EscapedWindow {
            bytes: &self.bytes[lo..hi],
            aside: self.aside,
            first: self.first + lo,
        }
    }

    /// Eight splits a step, as in a byte table; eight with an escape byte
    /// among them one by one.
    #[inline(always)]
    fn xor_reversed(small: Self, large: Self, mut f: impl FnMut(usize)) {
        Self::xor_reversed_packed(small, large, |x| x.each(&mut f));
    }

    #[inline(always)]
    fn xor_reversed_packed(small: Self, large: Self, mut f: impl FnMut(Xors)) {
        let len = small.len().min(large.len());
        let large = large.range(large.len() - len, large.len());
        let (eights, _) = small.bytes[..len].as_chunks::<8>();
        for (k, eight) in eights.iter().enumerate() {
            let top = len - 8 * k;
            let theirs: [u8; 8] = large.bytes[top - 8..top].try_into().expect("eight values");
            let (mine, theirs) = (u64::from_le_bytes(*eight), u64::from_be_bytes(theirs));
            if escapes(mine) | escapes(theirs) != 0 {
                for j in 0..8 {
                    f(Xors::One(
                        (small.get(8 * k + j) ^ large.get(top - 1 - j)) as usize,
                    ));
                }
            } else {
                f(Xors::Eight(mine ^ theirs));
            }
        }
        for i in eights.len() * 8..len {
            f(Xors::One((small.get(i) ^ large.get(len - 1 - i)) as usize));
        }
    }

    /// Eight heaps a step, as in a byte table; eight with an escape byte
    /// among their others one by one.
    #[inline(always)]
    fn mark_column<const B: usize>(self, rows: &mut [[u8; B]], v: u64, stamp: u8) {
        let n = rows.len().min(self.len());
        let (eights, rest) = rows[..n].as_chunks_mut::<8>();
        let splat = (v & 0xff) * 0x0101_0101_0101_0101;
        let (words, _) = self.bytes[..n].as_chunks::<8>();
        for (k, (eight, word)) in eights.iter_mut().zip(words).enumerate() {
            let word = u64::from_le_bytes(*word);
            if v > 0xff || has_escape(word) {
                for (j, row) in eight.iter_mut().enumerate() {
                    row[(v ^ self.get(8 * k + j)) as usize % B] = stamp;
                }
            } else {
                let x = word ^ splat;
                for (j, row) in eight.iter_mut().enumerate() {
                    row[(x >> (8 * j)) as u8 as usize % B] = stamp;
                }
            }
        }
        let done = eights.len() * 8;
        for (i, row) in rest.iter_mut().enumerate() {
            row[(v ^ self.get(done + i)) as usize % B] = stamp;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{ESCAPE, Escaped, EscapedWindow, has_escape};
    use crate::values::table::Window;
    use proptest::prelude::*;

    fn escaped(values: &[u64]) -> Escaped {
        let mut e = Escaped::default();
        for &v in values {
            e.push(v);
        }
        e
    }

    /// Mostly bytes, some of them the escape byte's neighbours, and now and
    /// then a large value.
    fn value() -> impl Strategy<Value = u64> {
        prop_oneof![8 => 0..255u64, 2 => 250..260u64, 1 => 0..5000u64]
    }

    proptest! {
        #[test]
        fn escape_test_finds_exactly_the_escape_bytes(word in any::<u64>(), at in 0..8usize, put in any::<bool>()) {
            let word = if put { word | u64::from(ESCAPE) << (8 * at) } else { word };
            let expected = word.to_le_bytes().contains(&ESCAPE);
            prop_assert_eq!(has_escape(word), expected);
        }

        #[test]
        fn values_read_back(values in prop::collection::vec(value(), 0..200), cut in 0..200usize) {
            let mut e = escaped(&values);
            let w = e.window();
            prop_assert_eq!((0..w.len()).map(|i| w.get(i)).collect::<Vec<_>>(), values.clone());
            let cut = cut.min(values.len());
            e.truncate(cut);
            e.push(300);
            prop_assert_eq!(e.len(), cut + 1);
            prop_assert_eq!(e.get(cut), 300);
            for (i, &v) in values.iter().enumerate().take(cut) {
                prop_assert_eq!(e.get(i), v);
            }
            // A copy of a window's values reads back the same.
            let mut copy = Escaped::default();
            copy.push(1);
            copy.extend_from(e.window().range(cut / 2, e.len()));
            prop_assert_eq!(copy.get(0), 1);
            for i in cut / 2..e.len() {
                prop_assert_eq!(copy.get(1 + i - cut / 2), e.get(i));
            }
        }

        #[test]
        fn a_byte_table_escapes_its_255s(bytes in prop::collection::vec(prop_oneof![any::<u8>(), Just(ESCAPE)], 0..100)) {
            let mut b = bytes.clone();
            let e = Escaped::from_bytes(&mut b, 200).expect("room for 200 bytes");
            prop_assert!(b.is_empty());
            for (i, &x) in bytes.iter().enumerate() {
                prop_assert_eq!(e.get(i), u64::from(x));
            }
        }

        #[test]
        fn eight_at_a_time_pairs_as_one_at_a_time(
            values in prop::collection::vec(value(), 1..300),
            a in 0..300usize, b in 0..300usize, c in 0..300usize, d in 0..300usize,
        ) {
            let e = escaped(&values);
            let w = e.window();
            let len = values.len();
            let (a, b, c, d) = (a.min(len), b.min(len), c.min(len), d.min(len));
            let small = w.range(a.min(b), a.max(b));
            let large = w.range(c.min(d), c.max(d));
            let mut fast = Vec::new();
            EscapedWindow::xor_reversed(small, large, |x| fast.push(x as u64));
            let slow: Vec<u64> = values[a.min(b)..a.max(b)]
                .iter()
                .zip(values[c.min(d)..c.max(d)].iter().rev())
                .map(|(&x, &y)| x ^ y)
                .collect();
            prop_assert_eq!(fast, slow);
        }

        #[test]
        fn columns_mark_as_one_at_a_time(
            values in prop::collection::vec(prop_oneof![0..255u64, 250..512u64], 1..300),
            a in 0..300usize, rows in 0..100usize, v in 0..512u64,
        ) {
            let e = escaped(&values);
            let a = a.min(values.len());
            let others = e.window().range(a, values.len());
            let mut marks = vec![[0u8; 512]; rows];
            others.mark_column(&mut marks, v, 7);
            for (i, row) in marks.iter().enumerate() {
                let expected: Vec<usize> = values.get(a + i).map(|&y| (v ^ y) as usize).into_iter().collect();
                let marked: Vec<usize> = (0..512).filter(|&x| row[x] == 7).collect();
                prop_assert_eq!(marked, expected);
            }
        }
    }
}
