//! What a catalogue records of a table of values: its largest value, its
//! rare values and a checksum.
//!
//! *Rare values.* A mask `m` splits Grundy values in two classes by the
//! parity of the number of 1 bits of `v & m`. Values of even parity under
//! `m` are closed under nim-addition (XOR), and in many octal games with a
//! good mask almost every heap has a value of odd parity: the heaps of even
//! parity are the *rare* ones (the "sparse space" of *Winning Ways*,
//! chapter 16; Gangolli and Plambeck, "A note on periodicity in some octal
//! games", Int. J. Game Theory 18 (1989); Flammenkamp's tables list a mask
//! and the rare heaps for each open octal game). This module uses the same
//! definition as the sparse engine ([`grundy::values::mask`]): a value `v` is
//! rare under `m` when `popcount(v & m)` is even, and the mask recorded is
//! the non-zero mask that makes the fewest heaps of the table rare (the
//! smallest such mask on ties). Heap 0 (value 0) is rare under every mask
//! and is counted.

use grundy::ValueTable;
use grundy::checksum::Fnv1a;
use grundy::values::mask;

use crate::limits::MAX_HISTOGRAM_VALUE;

/// The statistics of a table `G(0..len)`.
///
/// ```
/// use grundy::ValueTable;
/// use grundy_service::TableStatistics;
/// let t = ValueTable::from_values([0, 1, 1, 2, 1, 2, 1, 1, 2]);
/// let s = TableStatistics::of(&t);
/// assert_eq!((s.len, s.max_value, s.max_value_at), (9, 2, 3));
/// let rare = s.rare.unwrap();
/// // Under the mask 0b11 the values 1 and 2 are common: only heap 0 is rare.
/// assert_eq!((rare.mask, rare.count, rare.last), (0b11, 1, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableStatistics {
    /// Heaps in the table.
    pub len: u64,
    /// The largest value (0 for an empty table).
    pub max_value: u64,
    /// The first heap holding it.
    pub max_value_at: u64,
    /// The rare values, absent for an empty table or values past
    /// [`MAX_HISTOGRAM_VALUE`].
    pub rare: Option<Rare>,
    /// FNV-1a 64 of the values, each as 8 little-endian bytes, in heap
    /// order: equal tables have equal checksums whatever their width.
    pub checksum: u64,
}

/// The rare heaps of a table under its best mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rare {
    /// The mask: the non-zero one making the fewest heaps rare.
    pub mask: u64,
    /// Rare heaps (heap 0 included).
    pub count: u64,
    /// The last rare heap.
    pub last: u64,
}

impl TableStatistics {
    /// The statistics of `table`.
    ///
    /// # Complexity
    /// O(n + K log K) for n heaps and values below K.
    pub fn of(table: &ValueTable) -> Self {
        let mut hash = Fnv1a::new();
        let (mut max_value, mut max_value_at) = (0u64, 0u64);
        for (n, v) in table.iter().enumerate() {
            let v = v.value();
            hash.add(&v.to_le_bytes());
            if v > max_value {
                (max_value, max_value_at) = (v, n as u64);
            }
        }
        let rare = (!table.is_empty() && max_value <= MAX_HISTOGRAM_VALUE).then(|| {
            let mut histogram = vec![0u64; usize::try_from(max_value).unwrap_or(0) + 1];
            for v in table.iter() {
                histogram[v.value() as usize] += 1;
            }
            let choice = mask::best_mask(&histogram);
            let last = (0..table.len())
                .rev()
                .find(|&n| mask::is_rare(table.raw(n), choice.mask))
                .unwrap_or(0) as u64;
            Rare {
                mask: choice.mask,
                count: choice.rare,
                last,
            }
        });
        TableStatistics {
            len: table.len() as u64,
            max_value,
            max_value_at,
            rare,
            checksum: hash.finish(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::Ruleset;

    /// The naive twin: every mask tried, every heap counted.
    fn naive(values: &[u64]) -> Option<Rare> {
        let max = *values.iter().max()?;
        let masks = (max + 1).next_power_of_two();
        let rare = |v: u64, m: u64| (v & m).count_ones().is_multiple_of(2);
        if masks == 1 {
            // Every value is 0: no mask but 0, under which all are rare.
            let n = values.len() as u64;
            return Some(Rare {
                mask: 0,
                count: n,
                last: n - 1,
            });
        }
        let (count, mask) = (1..masks)
            .map(|m| (values.iter().filter(|&&v| rare(v, m)).count() as u64, m))
            .min()?;
        let last = values.iter().rposition(|&v| rare(v, mask))? as u64;
        Some(Rare { mask, count, last })
    }

    #[test]
    fn rare_statistics_agree_with_a_naive_count() {
        for spec in [
            "0.07", "0.137", "0.16", "0.106", "0.54", "4.07", "sub:1,4", "0.0",
        ] {
            let game: Ruleset = spec.parse().unwrap();
            for n in [1, 2, 17, 300, 3000] {
                let table = grundy::values::compute(&game, n - 1).unwrap();
                let values = table.to_vec();
                let s = TableStatistics::of(&table);
                assert_eq!(s.rare, naive(&values), "{spec} to {n}");
                let max = *values.iter().max().unwrap();
                assert_eq!(s.max_value, max);
                assert_eq!(values[s.max_value_at as usize], max);
                assert!(values[..s.max_value_at as usize].iter().all(|&v| v < max));
            }
        }
    }

    #[test]
    fn checksum_ignores_the_width() {
        let narrow = ValueTable::from_values([1, 2, 3]);
        let mut wide = ValueTable::from_values([1, 2, 3, 70_000]);
        wide.truncate(3);
        assert_eq!(TableStatistics::of(&narrow), TableStatistics::of(&wide));
        let other = ValueTable::from_values([1, 3, 2]);
        assert_ne!(
            TableStatistics::of(&narrow).checksum,
            TableStatistics::of(&other).checksum
        );
    }
}
