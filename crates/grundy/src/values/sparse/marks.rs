//! The byte-mark tricks: option values marked by byte stamps (a new heap
//! takes a new stamp instead of clearing), arrays of a power-of-two length
//! indexed without bounds checks, and marks read back eight bytes at a time
//! as bits; and the two sinks the lazy scan marks into, the stamps or, for
//! values below 64, the bits of one word, which compare eight splits at
//! once with the one or two values still looked for.

use super::ahead::ROW_MARK;
use crate::values::table::{Window, Xors};

/// Byte generation stamps of option values: `v` is marked for the current
/// heap when its stamp is the current one, and the stamps are cleared when
/// the stamp wraps, every 255 heaps. Arrays of a power-of-two length `N`
/// above every option value let the hot loops index without bounds checks
/// (`v % N` is `v`); a slice serves larger values.
pub(super) trait Marks {
    fn set(&mut self, v: usize, stamp: u8);
    fn has(&self, v: usize, stamp: u8) -> bool;
    fn clear(&mut self);
    fn bytes(&self) -> &[u8];
    /// A row of marks as stamps of this kind.
    fn of(row: &mut [u8]) -> &mut Self;
    /// The values `64·w..64·w + 64` marked with `stamp`, as bits.
    #[inline(always)]
    fn word(&self, w: usize, stamp: u8) -> u64 {
        stamped_bits(&self.bytes()[w * 64..w * 64 + 64], stamp)
    }
    /// [`Marks::word`] of a row read ahead ([`row_bits`]).
    #[inline(always)]
    fn row_word(&self, w: usize) -> u64 {
        row_bits(&self.bytes()[w * 64..w * 64 + 64])
    }
}

impl<const N: usize> Marks for [u8; N] {
    #[inline(always)]
    fn set(&mut self, v: usize, stamp: u8) {
        self[v % N] = stamp;
    }
    #[inline(always)]
    fn has(&self, v: usize, stamp: u8) -> bool {
        self[v % N] == stamp
    }
    fn clear(&mut self) {
        self.fill(0);
    }
    #[inline(always)]
    fn bytes(&self) -> &[u8] {
        self
    }
    #[inline(always)]
    fn of(row: &mut [u8]) -> &mut Self {
        row.try_into().expect("a row as long as the stamps")
    }
}

impl Marks for [u8] {
    #[inline(always)]
    fn set(&mut self, v: usize, stamp: u8) {
        self[v] = stamp;
    }
    #[inline(always)]
    fn has(&self, v: usize, stamp: u8) -> bool {
        self[v] == stamp
    }
    fn clear(&mut self) {
        self.fill(0);
    }
    #[inline(always)]
    fn bytes(&self) -> &[u8] {
        self
    }
    #[inline(always)]
    fn of(row: &mut [u8]) -> &mut Self {
        row
    }
}

/// Where the lazy scan of step 2 marks the values it finds: the byte
/// stamps ([`Stamped`]) or, while every value is below 64, the bits of one
/// word ([`Bits`]), kept in a register instead of stored a byte a split.
pub(super) trait Sink {
    /// Marks `x`, the value of a split.
    fn mark(&mut self, x: usize);
    /// Marks eight values below 256, one a byte of `eight`.
    #[inline(always)]
    fn mark_eight(&mut self, eight: u64) {
        Xors::Eight(eight).each(|x| self.mark(x));
    }
    /// Marks `small[i] ⊕ large[len − 1 − i]`: the splits whose parts are
    /// read from both ends of two windows.
    #[inline(always)]
    fn mark_xors<W: Window>(&mut self, small: W, large: W) {
        W::xor_reversed_packed(small, large, |x| match x {
            Xors::One(x) => self.mark(x),
            Xors::Eight(eight) => self.mark_eight(eight),
        });
    }
    /// Whether `v` is marked.
    fn has(&self, v: u64) -> bool;
    /// Whether every value looked for is marked, where that is as cheap
    /// to ask as a split is to mark (else `false`: the scan settles at the
    /// end of each chunk).
    #[inline(always)]
    fn satisfied(&self) -> bool {
        false
    }
    /// Removes from `want` the values marked; whether none is left.
    #[inline(always)]
    fn settle(&self, want: &mut Vec<u64>) -> bool {
        want.retain(|&v| !self.has(v));
        want.is_empty()
    }
}

/// The byte stamps of a heap as a [`Sink`].
pub(super) struct Stamped<'a, M: ?Sized> {
    pub(super) seen: &'a mut M,
    pub(super) stamp: u8,
}

impl<M: Marks + ?Sized> Sink for Stamped<'_, M> {
    #[inline(always)]
    fn mark(&mut self, x: usize) {
        self.seen.set(x, self.stamp);
    }
    #[inline(always)]
    fn has(&self, v: u64) -> bool {
        self.seen.has(v as usize, self.stamp)
    }
}

/// Values below 64 as the bits of a word: the sink of the lazy scan when
/// every value of the table, hence every XOR of two, is below 64 (0.1777's
/// are below 42: its scan runs for nearly every heap, and a byte stored a
/// split cost more than reading the split).
/// `want` holds the values looked for, as bits too, so that a check is
/// one AND.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Bits {
    pub(super) found: u64,
    pub(super) want: u64,
}

impl Bits {
    /// Looking for the values of `want`, all below 64.
    pub(super) fn new(want: &[u64]) -> Bits {
        let want = want.iter().fold(0, |bits, &v| bits | 1 << (v % 64));
        Bits { found: 0, want }
    }
}

impl Sink for Bits {
    #[inline(always)]
    fn mark(&mut self, x: usize) {
        self.found |= 1 << (x % 64);
    }
    /// While one or two values looked for are missing, only they are
    /// marked: each is compared with the eight bytes at once
    /// ([`has_byte`]), a few operations instead of a shift and an OR a
    /// split (the other values go unmarked; only those looked for are ever
    /// asked about). With three or more missing, every byte is marked.
    #[inline(always)]
    fn mark_eight(&mut self, eight: u64) {
        let missing = self.want & !self.found;
        // `missing` less its lowest bit, then less its next.
        let rest = missing & missing.wrapping_sub(1);
        if rest & rest.wrapping_sub(1) != 0 {
            Xors::Eight(eight).each(|x| self.mark(x));
            return;
        }
        for bits in [missing, rest] {
            if bits != 0 {
                let w = u64::from(bits.trailing_zeros());
                self.found |= u64::from(has_byte(eight, w)) << w;
            }
        }
    }
    #[inline(always)]
    fn satisfied(&self) -> bool {
        self.want & !self.found == 0
    }
    #[inline(always)]
    fn has(&self, v: u64) -> bool {
        v < 64 && self.found >> v & 1 != 0
    }
    #[inline(always)]
    fn settle(&self, want: &mut Vec<u64>) -> bool {
        if self.satisfied() {
            want.clear();
            return true;
        }
        false
    }
}

/// Whether a byte of `eight` is `w` (below 256): a byte of
/// `x = eight ⊕ w·0x0101…` is zero exactly when `x − 0x0101…` borrows
/// into its high bit while `x`'s is clear (a borrow passed on from a
/// lower byte needs a zero byte below it, so the answer is exact, if not
/// which byte).
#[inline(always)]
fn has_byte(eight: u64, w: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let x = eight ^ w.wrapping_mul(ONES);
    x.wrapping_sub(ONES) & !x & (ONES << 7) != 0
}

/// The length of the stamps for values below `bound` (a power of two):
/// at least 256.
pub(super) fn marks_len(bound: usize) -> usize {
    bound.max(256)
}

/// Calls `$body` with `$marks` bound to the stamps `$seen` (a `[u8]` of
/// power-of-two length at least 256) as the fixed-size array of its length
/// when there is one, so that each gets its own unchecked copy of the code.
macro_rules! with_marks {
    ($seen:expr, |$marks:ident| $body:expr) => {{
        let seen: &mut [u8] = $seen;
        match seen.len() {
            256 => {
                let $marks: &mut [u8; 256] = seen.try_into().expect("256 stamps");
                $body
            }
            512 => {
                let $marks: &mut [u8; 512] = seen.try_into().expect("512 stamps");
                $body
            }
            1024 => {
                let $marks: &mut [u8; 1024] = seen.try_into().expect("1024 stamps");
                $body
            }
            _ => {
                let $marks: &mut [u8] = seen;
                $body
            }
        }
    }};
}
pub(super) use with_marks;

/// The bits of the bytes of `bytes` (64 of them) equal to `stamp`, eight
/// bytes at a time: a byte of `x = bytes ⊕ stamp` is zero exactly when its
/// high bit survives `!(((x & 0x7f…) + 0x7f…) | x | 0x7f…)` (no carry
/// crosses a byte), and multiplying the bytes' 0/1 by `0x0102040810204080`
/// gathers them, in order, in the top byte (the partial products land on
/// distinct bits, so nothing carries into it).
#[inline(always)]
pub(super) fn stamped_bits(bytes: &[u8], stamp: u8) -> u64 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let splat = u64::from(stamp) * 0x0101_0101_0101_0101;
    bytes
        .chunks_exact(8)
        .enumerate()
        .fold(0, |word, (k, eight)| {
            let x = u64::from_le_bytes(eight.try_into().expect("eight bytes")) ^ splat;
            let zero = !(((x & LOW) + LOW) | x | LOW) >> 7;
            word | (zero.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k)
        })
}

/// [`stamped_bits`] of a row read ahead, whose bytes are all 0 or
/// [`ROW_MARK`] (1): the bytes are already the 0/1 that the multiplication
/// gathers: eight multiplications a word and no comparison (with it, a
/// word took 134 instructions, 6 % of the finishing thread's for
/// Grundy's game to 2^20).
#[inline(always)]
pub(super) fn row_bits(bytes: &[u8]) -> u64 {
    debug_assert!(
        bytes.iter().all(|&b| b == 0 || b == ROW_MARK),
        "a row read ahead holds only 0 and ROW_MARK"
    );
    bytes
        .chunks_exact(8)
        .enumerate()
        .fold(0, |word, (k, eight)| {
            let ones = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
            word | (ones.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k)
        })
}

#[cfg(test)]
mod tests {
    use super::{Bits, ROW_MARK, Sink, has_byte, row_bits, stamped_bits};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn a_byte_is_found_exactly_when_one_of_the_eight_is_it(
            bytes in prop::array::uniform8(prop::sample::select(vec![0u8, 1, 2, 0x3f, 0x7f, 0x80, 0x81, 0xfe, 0xff])),
            w in prop::sample::select(vec![0u64, 1, 2, 0x3f, 0x7f, 0x80, 0x81, 0xfe, 0xff]),
        ) {
            let eight = u64::from_le_bytes(bytes);
            prop_assert_eq!(has_byte(eight, w), bytes.iter().any(|&b| u64::from(b) == w));
        }

        #[test]
        fn bits_marked_eight_at_once_find_what_one_at_a_time_finds(
            values in prop::collection::vec(0u8..64, 0..40),
            want in prop::collection::vec(0u64..64, 1..5),
        ) {
            let mut one = Bits::new(&want);
            let mut eight = Bits::new(&want);
            let (eights, rest) = values.as_chunks::<8>();
            for chunk in eights {
                chunk.iter().for_each(|&x| one.mark(usize::from(x)));
                eight.mark_eight(u64::from_le_bytes(*chunk));
            }
            for &x in rest {
                one.mark(usize::from(x));
                eight.mark(usize::from(x));
            }
            for &v in &want {
                prop_assert_eq!(eight.has(v), values.contains(&(v as u8)));
                prop_assert_eq!(eight.has(v), one.has(v));
            }
            let (mut left_one, mut left_eight) = (want.clone(), want.clone());
            prop_assert_eq!(one.settle(&mut left_one), eight.settle(&mut left_eight));
            prop_assert_eq!(left_one, left_eight);
        }

        #[test]
        fn stamped_bits_are_the_bytes_equal_to_the_stamp(
            bytes in prop::collection::vec(prop::sample::select(vec![0u8, 1, 2, 0x7f, 0x80, 0x81, 0xfe, 0xff]), 64),
            stamp in prop::sample::select(vec![0u8, 1, 2, 0x7f, 0x80, 0x81, 0xfe, 0xff]),
        ) {
            let expected = bytes
                .iter()
                .enumerate()
                .fold(0u64, |word, (b, &f)| word | u64::from(f == stamp) << b);
            prop_assert_eq!(stamped_bits(&bytes, stamp), expected);
        }

        #[test]
        fn row_bits_are_the_stamped_bits_of_row_mark(
            bytes in prop::collection::vec(prop::sample::select(vec![0u8, ROW_MARK]), 64),
        ) {
            prop_assert_eq!(row_bits(&bytes), stamped_bits(&bytes, ROW_MARK));
        }
    }
}
