//! The mask of the sparse-space phenomenon, chosen by a Walsh–Hadamard
//! transform of the value histogram.
//!
//! A mask `m` splits values in two classes by the parity of
//! `popcount(v & m)`: *rare* when even, *common* when odd (*Winning Ways*,
//! chapter 16, "sparse space"). Parity is additive under XOR, so
//! rare ⊕ rare and common ⊕ common are rare while rare ⊕ common is common;
//! [`super::sparse`] relies on nothing else, and is exact for every mask. A
//! good mask makes few heaps rare, and that is what makes the engine fast.
//!
//! For a histogram `h` (how many heaps have each value) the Walsh–Hadamard
//! transform `W(m) = Σ_v h(v)·(−1)^popcount(v & m)` counts rare heaps minus
//! common heaps under `m`, so one transform, O(K log K) for values below `K`,
//! gives the number of rare heaps `(total + W(m)) / 2` of every mask at once.

use crate::hadamard::walsh_hadamard;

/// Whether `value` is rare under `mask`: `popcount(value & mask)` is even.
///
/// ```
/// use grundy::values::mask::is_rare;
/// assert!(is_rare(0, 0xfe)); // 0 is rare under every mask
/// assert!(is_rare(0b110, 0xfe));
/// assert!(!is_rare(0b100, 0xfe));
/// assert!(is_rare(1, 0xfe)); // bit 0 is outside the mask
/// ```
#[inline]
pub fn is_rare(value: u64, mask: u64) -> bool {
    (value & mask).count_ones().is_multiple_of(2)
}

/// How many heaps are rare under `mask`, from the histogram of their values
/// (`histogram[v]` heaps have value `v`).
///
/// ```
/// use grundy::values::mask::rare_count;
/// // values 0, 1, 2, 3 held by 5, 1, 1, 7 heaps: under mask 0b11 the rare
/// // values are 0 and 3.
/// assert_eq!(rare_count(&[5, 1, 1, 7], 0b11), 12);
/// ```
///
/// # Complexity
/// O(K) for a histogram of K values.
pub fn rare_count(histogram: &[u64], mask: u64) -> u64 {
    histogram
        .iter()
        .enumerate()
        .filter(|&(v, _)| is_rare(v as u64, mask))
        .map(|(_, &h)| h)
        .sum()
}

/// A mask and the number of heaps it makes rare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MaskChoice {
    /// The mask.
    pub mask: u64,
    /// Heaps whose value is rare under it.
    pub rare: u64,
}

/// The non-zero mask that makes the fewest heaps rare, smallest mask on ties;
/// mask 0 (every heap rare) only when no other exists (all values below 2).
///
/// ```
/// use grundy::values::mask::best_mask;
/// // Heaps of values 1, 2 and 3 are frequent, 0 is rare: mask 0b11 makes
/// // only the values 0 and 3 rare, mask 0b01 would make 0 and 2 rare.
/// let choice = best_mask(&[1, 40, 40, 2]);
/// assert_eq!(choice.mask, 0b11);
/// assert_eq!(choice.rare, 3);
/// ```
///
/// # Complexity
/// O(K log K) time and O(K) memory for a histogram of K values (padded to a
/// power of two).
pub fn best_mask(histogram: &[u64]) -> MaskChoice {
    let size = histogram.len().max(1).next_power_of_two();
    let total: u64 = histogram.iter().sum();
    let mut w: Vec<i128> = histogram.iter().map(|&h| i128::from(h)).collect();
    w.resize(size, 0);
    walsh_hadamard(&mut w).expect("counts of u64 heaps fit in i128");
    let mut best = MaskChoice {
        mask: 0,
        rare: total,
    };
    for (m, &t) in w.iter().enumerate().skip(1) {
        let rare = ((i128::from(total) + t) / 2) as u64;
        if best.mask == 0 || rare < best.rare {
            best = MaskChoice {
                mask: m as u64,
                rare,
            };
        }
    }
    best
}

/// The values `0..bound` of one class under `mask` (the rare ones when
/// `rare`, else the common ones) as a bitset, 64 values a word: under
/// mask `0b1` the rare values below 4 are 0 and 2, the word `0b0101`.
pub(crate) fn class_bits(bound: u64, mask: u64, rare: bool) -> Vec<u64> {
    (0..bound.div_ceil(64))
        .map(|w| {
            (0..64)
                .map(|b| w * 64 + b)
                .filter(|&v| v < bound && is_rare(v, mask) == rare)
                .fold(0, |word, v| word | 1 << (v % 64))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transform_counts_rare_heaps_of_every_mask() {
        let histogram = [3, 0, 7, 1, 9, 2, 0, 5];
        let size = histogram.len() as u64;
        let mut w: Vec<i128> = histogram.iter().map(|&h| i128::from(h)).collect();
        walsh_hadamard(&mut w).unwrap();
        let total: u64 = histogram.iter().sum();
        for m in 0..size {
            let rare = rare_count(&histogram, m);
            assert_eq!(i128::from(2 * rare) - i128::from(total), w[m as usize]);
        }
        let best = best_mask(&histogram);
        let brute = (1..size).min_by_key(|&m| (rare_count(&histogram, m), m));
        assert_eq!(Some(best.mask), brute);
    }

    #[test]
    fn class_bits_sorts_every_value_into_one_class() {
        for mask in [0, 1, 0b110, 0xfe] {
            let rare = super::class_bits(200, mask, true);
            let common = super::class_bits(200, mask, false);
            for v in 0..256u64 {
                let bit = |words: &[u64]| {
                    words
                        .get((v / 64) as usize)
                        .is_some_and(|w| w >> (v % 64) & 1 == 1)
                };
                assert_eq!(bit(&rare), v < 200 && super::is_rare(v, mask));
                assert_eq!(bit(&common), v < 200 && !super::is_rare(v, mask));
            }
        }
        assert_eq!(super::class_bits(4, 0b1, true), [0b0101]);
    }
}
