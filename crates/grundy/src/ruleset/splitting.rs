//! Grundy's game: split one heap into two non-empty heaps of different sizes.

/// The splits of a heap of `n` allowed in Grundy's game, as pairs `(a, n − a)`
/// with `1 <= a < n − a`.
///
/// ```
/// use grundy::ruleset::splitting::unequal_splits;
/// assert_eq!(unequal_splits(7).collect::<Vec<_>>(), [(1, 6), (2, 5), (3, 4)]);
/// assert_eq!(unequal_splits(2).count(), 0); // 1 + 1 is an equal split
/// ```
pub fn unequal_splits(n: u64) -> impl Iterator<Item = (u64, u64)> {
    (1..n.div_ceil(2)).map(move |a| (a, n - a))
}

/// How many moves Grundy's game allows from a heap of `n`.
pub fn unequal_split_count(n: u64) -> u64 {
    n.div_ceil(2).saturating_sub(1)
}
