//! Sets of cells as bits, in one word of 128 bits or in as many words of 64
//! as a large board needs, with the shifts that boards are made of.
//!
//! A board's cells are numbered row by row, `row × cols + col`, so a shift
//! by one moves every cell one column along and a shift by `cols` one row
//! down. [`Bits`] is the little each set must do; the board's algorithms are
//! written once over it and run on `u128` (every board of 128 cells or
//! fewer, which is nearly every position a search meets) without
//! allocating.

/// A machine word of cells, for the hot loops on small boards: `u64` for
/// boards of 64 cells or fewer (one register), `u128` up to 128.
pub(crate) trait Word:
    Copy
    + Eq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitXor<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::BitOrAssign
    + std::ops::BitAndAssign
{
    /// No cell.
    const ZERO: Self;
    /// Every cell `i` moved to `i + k` (none past the word).
    fn shl(self, k: usize) -> Self;
    /// Every cell `i` moved to `i − k` (none below 0).
    fn shr(self, k: usize) -> Self;
    /// The sum as numbers, wrapping.
    fn add(self, other: Self) -> Self;
    /// The least cell alone.
    fn lowest(self) -> Self;
    /// Cells in the set.
    fn count(self) -> u32;
    /// The same cells in 128 bits.
    fn wide(self) -> u128;
    /// The cells of column `col` of a `rows × cols` grid that fits the
    /// word, from a table rather than a loop over the rows.
    fn column(rows: usize, cols: usize, col: usize) -> Self;
}

/// Cells `0, k, 2k, …` of 128, for each `k` from 1 to 128: column 0 of
/// every grid of `k` columns.
const EVERY: [u128; 129] = every_kth();

const fn every_kth() -> [u128; 129] {
    let mut table = [0u128; 129];
    let mut k = 1;
    while k <= 128 {
        let mut i = 0;
        while i < 128 {
            table[k] |= 1 << i;
            i += k;
        }
        k += 1;
    }
    table
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: Self = 0;
            fn shl(self, k: usize) -> Self {
                self.checked_shl(k as u32).unwrap_or(0)
            }
            fn shr(self, k: usize) -> Self {
                self.checked_shr(k as u32).unwrap_or(0)
            }
            fn add(self, other: Self) -> Self {
                self.wrapping_add(other)
            }
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
            fn count(self) -> u32 {
                self.count_ones()
            }
            fn wide(self) -> u128 {
                self as u128
            }
            fn column(rows: usize, cols: usize, col: usize) -> Self {
                ((EVERY[cols] & ones(rows * cols)) << col) as $t
            }
        }
    };
}
word!(u64);
word!(u128);

/// A set of cells `0..n` for a fixed `n` known to the caller.
pub(crate) trait Bits: Clone + Eq {
    /// The empty set of `n` cells.
    fn none(n: usize) -> Self;
    /// Whether cell `i` is in the set.
    fn has(&self, i: usize) -> bool;
    /// Adds cell `i`.
    fn insert(&mut self, i: usize);
    /// Removes cell `i`.
    fn remove(&mut self, i: usize);
    /// Cells in both.
    fn and(&self, other: &Self) -> Self;
    /// Cells in either.
    fn or(&self, other: &Self) -> Self;
    /// Cells in `self` but not in `other`.
    fn minus(&self, other: &Self) -> Self;
    /// Every cell `i` moved to `i + k` (cells moved past the end are lost;
    /// the caller masks with a set of `n` cells).
    fn up(&self, k: usize) -> Self;
    /// Every cell `i` moved to `i − k` (cells below 0 are lost).
    fn down(&self, k: usize) -> Self;
    /// Cells in the set.
    fn len(&self) -> u32;
    /// The least cell, if any.
    fn first(&self) -> Option<usize>;
    /// Calls `f` with every cell, in increasing order.
    fn each(&self, f: impl FnMut(usize));
    /// The least cell from `i` on that is not in the set.
    fn next_absent(&self, i: usize) -> usize;
    /// The set of cells `from..to`.
    fn range(n: usize, from: usize, to: usize) -> Self;
}

impl Bits for u128 {
    fn none(_: usize) -> Self {
        0
    }
    fn has(&self, i: usize) -> bool {
        self >> i & 1 == 1
    }
    fn insert(&mut self, i: usize) {
        *self |= 1 << i;
    }
    fn remove(&mut self, i: usize) {
        *self &= !(1 << i);
    }
    fn and(&self, other: &Self) -> Self {
        self & other
    }
    fn or(&self, other: &Self) -> Self {
        self | other
    }
    fn minus(&self, other: &Self) -> Self {
        self & !other
    }
    fn up(&self, k: usize) -> Self {
        self.checked_shl(k as u32).unwrap_or(0)
    }
    fn down(&self, k: usize) -> Self {
        self.checked_shr(k as u32).unwrap_or(0)
    }
    fn len(&self) -> u32 {
        self.count_ones()
    }
    fn first(&self) -> Option<usize> {
        (*self != 0).then(|| self.trailing_zeros() as usize)
    }
    fn each(&self, mut f: impl FnMut(usize)) {
        let mut bits = *self;
        while bits != 0 {
            f(bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
    fn next_absent(&self, i: usize) -> usize {
        i + (!self.down(i)).trailing_zeros() as usize
    }
    fn range(_: usize, from: usize, to: usize) -> Self {
        ones(to - from).up(from)
    }
}

/// The cells `0..n` of a `u128`.
pub(crate) fn ones(n: usize) -> u128 {
    if n >= 128 { u128::MAX } else { (1 << n) - 1 }
}

/// A set of cells in words of 64 bits, for boards of more than 128 cells.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Wide(pub(crate) Box<[u64]>);

impl Wide {
    fn zip(&self, other: &Wide, f: impl Fn(u64, u64) -> u64) -> Wide {
        Wide(
            self.0
                .iter()
                .zip(other.0.iter())
                .map(|(&a, &b)| f(a, b))
                .collect(),
        )
    }
}

impl Bits for Wide {
    fn none(n: usize) -> Self {
        Wide(vec![0; n.div_ceil(64)].into_boxed_slice())
    }
    fn has(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    fn and(&self, other: &Self) -> Self {
        self.zip(other, |a, b| a & b)
    }
    fn or(&self, other: &Self) -> Self {
        self.zip(other, |a, b| a | b)
    }
    fn minus(&self, other: &Self) -> Self {
        self.zip(other, |a, b| a & !b)
    }
    fn up(&self, k: usize) -> Self {
        let (words, bits) = (k / 64, k % 64);
        let word = |i: usize| i.checked_sub(words).map_or(0, |j| self.0[j]);
        let out = (0..self.0.len()).map(|i| {
            let below = if bits > 0 && i > words {
                word(i - 1) >> (64 - bits)
            } else {
                0
            };
            word(i) << bits | below
        });
        Wide(out.collect())
    }
    fn down(&self, k: usize) -> Self {
        let (words, bits) = (k / 64, k % 64);
        let word = |i: usize| self.0.get(i + words).copied().unwrap_or(0);
        let out = (0..self.0.len()).map(|i| {
            let above = if bits > 0 {
                word(i + 1) << (64 - bits)
            } else {
                0
            };
            word(i) >> bits | above
        });
        Wide(out.collect())
    }
    fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map(|i| i * 64 + self.0[i].trailing_zeros() as usize)
    }
    fn next_absent(&self, i: usize) -> usize {
        let mut word = i / 64;
        let mut absent = !self.0.get(word).copied().unwrap_or(0) >> (i % 64) << (i % 64);
        while absent == 0 {
            word += 1;
            absent = !self.0.get(word).copied().unwrap_or(0);
        }
        word * 64 + absent.trailing_zeros() as usize
    }
    fn range(n: usize, from: usize, to: usize) -> Self {
        let mut set = Wide::none(n);
        for (i, w) in set.0.iter_mut().enumerate() {
            let (low, high) = (i * 64, i * 64 + 64);
            let (a, b) = (from.clamp(low, high) - low, to.clamp(low, high) - low);
            *w = ones(b).minus(&ones(a)) as u64;
        }
        set
    }
    fn each(&self, mut f: impl FnMut(usize)) {
        for (i, &w) in self.0.iter().enumerate() {
            let mut bits = w;
            while bits != 0 {
                f(i * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }
}

/// The cells of a `rows × cols` grid in column `col` of every row.
pub(crate) fn column<B: Bits>(rows: usize, cols: usize, col: usize) -> B {
    let mut set = B::none(rows * cols);
    for r in 0..rows {
        set.insert(r * cols + col);
    }
    set
}

/// `seed` grown to the connected region of `free` around it (cells that
/// share a side), on a grid of `cols` columns and `rows` rows.
///
/// Along rows and along columns a region spreads by doubling shifts (the
/// Kogge–Stone occluded fill of chess programs): `log₂` of the side in
/// steps, however long the run of free cells, so that a long strip fills at
/// once. The two directions alternate until the region stops growing.
pub(crate) fn flood<B: Bits>(free: &B, seed: &B, rows: usize, cols: usize) -> B {
    let first: B = column(rows, cols, 0);
    let last: B = column(rows, cols, cols - 1);
    // A cell may take from its left neighbour unless it is in column 0, and
    // from its right unless in the last column.
    let from_left = free.minus(&first);
    let from_right = free.minus(&last);
    let mut region = seed.and(free);
    loop {
        let mut grown = spread(&region, &from_left, 1, cols, |b, k| b.up(k));
        grown = grown.or(&spread(&region, &from_right, 1, cols, |b, k| b.down(k)));
        grown = grown.or(&spread(&grown, free, cols, rows, |b, k| b.up(k)));
        grown = grown.or(&spread(&grown, free, cols, rows, |b, k| b.down(k)));
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// Cells of `takers` reached from `region` by steps of `step` along a line
/// of at most `len` cells, every cell on the way in `takers`.
fn spread<B: Bits>(
    region: &B,
    takers: &B,
    step: usize,
    len: usize,
    shift: impl Fn(&B, usize) -> B,
) -> B {
    let mut reached = region.clone();
    let mut open = takers.clone();
    let mut k = 1;
    while k < len {
        reached = reached.or(&open.and(&shift(&reached, k * step)));
        open = open.and(&shift(&open, k * step));
        k <<= 1;
    }
    reached
}

#[cfg(test)]
mod tests {
    use super::{Bits, Wide, flood};

    fn wide(cells: &[usize], n: usize) -> Wide {
        let mut w = Wide::none(n);
        for &c in cells {
            w.insert(c);
        }
        w
    }

    #[test]
    fn columns_from_the_table_are_columns_cell_by_cell() {
        use super::Word;
        for cols in 1..=128 {
            for rows in 0..=128 / cols {
                for col in 0..cols {
                    let mut expected = 0u128;
                    for r in 0..rows {
                        expected |= 1 << (r * cols + col);
                    }
                    assert_eq!(u128::column(rows, cols, col), expected);
                    if rows * cols <= 64 {
                        assert_eq!(u64::column(rows, cols, col), expected as u64);
                    }
                }
            }
        }
    }

    #[test]
    fn wide_shifts_cross_words() {
        let w = wide(&[0, 63, 64, 130], 200);
        let mut up = Vec::new();
        // Cell 200 is past the set's 200 cells: the caller masks it.
        w.up(70).each(|i| up.push(i));
        assert_eq!(up, [70, 133, 134, 200]);
        let mut down = Vec::new();
        w.down(63).each(|i| down.push(i));
        assert_eq!(down, [0, 1, 67]);
        assert_eq!(w.first(), Some(0));
        assert_eq!(w.len(), 4);
    }

    #[test]
    fn a_long_strip_floods_in_one_region_and_stops_at_walls() {
        let n = 1000;
        let mut free = wide(&(0..n).collect::<Vec<_>>(), n);
        free.remove(600);
        let region = flood(&free, &wide(&[10], n), 1, n);
        assert_eq!(region.len(), 600);
        assert!(!region.has(601));
        // Two rows of 500: the wall at 600 (row 1, column 100) leaves the
        // rest connected round it.
        let region = flood(&free, &wide(&[10], n), 2, 500);
        assert_eq!(region.len(), 999);
    }

    #[test]
    fn runs_and_ranges() {
        let w = Wide::range(300, 60, 200);
        assert_eq!(
            (w.first(), w.len(), w.next_absent(60)),
            (Some(60), 140, 200)
        );
        assert_eq!(w.next_absent(0), 0);
        let s = u128::range(128, 3, 128);
        assert_eq!((s.len(), s.next_absent(5)), (125, 128));
    }

    #[test]
    fn flood_does_not_wrap_round_rows() {
        // 3 × 3 with the middle column blocked: left and right apart.
        let free: u128 = 0b101_101_101;
        assert_eq!(flood(&free, &1u128, 3, 3), 0b001_001_001);
        assert_eq!(flood(&free, &0b100u128, 3, 3), 0b100_100_100);
    }
}
