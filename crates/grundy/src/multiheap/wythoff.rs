//! The closed form of Wythoff's game (W. A. Wythoff, 1907).
//!
//! The P-positions of Wythoff's game are `(⌊kφ⌋, ⌊kφ²⌋)` for `k >= 0`, with
//! `φ` the golden ratio; they are the pairs of complementary Beatty sequences
//! with `⌊kφ²⌋ = ⌊kφ⌋ + k`. Computed in integers: `kφ = (k + √(5k²)) / 2`,
//! and as `√(5k²)` is irrational for `k > 0`, `⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋) / 2⌋`.
//!
//! ```
//! use grundy::multiheap::wythoff;
//! let p: Vec<(u64, u64)> = wythoff::p_positions(10).collect();
//! assert_eq!(p, [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]);
//! ```
//!
//! Every positive integer is a coordinate of exactly one P-position (the
//! two sequences are complementary), and the P-positions differ by every
//! `k` exactly once. So a position `(a, b)` has at most one winning move in
//! each heap (to the P-position holding the other heap) and at most one in
//! both (to the P-position of difference `|a − b|`): [`winning_move`] finds
//! them in O(1) for any heaps up to 2^64 − 1, with no table.

use std::cmp::Ordering;

/// `⌊kφ⌋` for the golden ratio `φ`, exactly.
///
/// ```
/// assert_eq!(grundy::multiheap::wythoff::lower(1_000_000), 1_618_033);
/// ```
///
/// # Panics
/// If `⌊kφ⌋` is past `u64` (`k` above about 1.14·10^19); [`lower_wide`]
/// has no such limit.
pub fn lower(k: u64) -> u64 {
    u64::try_from(lower_wide(k)).expect("⌊kφ⌋ fits 64 bits")
}

/// `⌊kφ⌋` for any `k`, exactly, as a `u128` (it passes `u64` for `k` from
/// about 1.14·10^19).
///
/// ```
/// use grundy::multiheap::wythoff::lower_wide;
/// assert_eq!(lower_wide(1_000_000), 1_618_033);
/// assert_eq!(lower_wide(u64::MAX), 29_847_458_893_032_750_100);
/// ```
pub fn lower_wide(k: u64) -> u128 {
    (u128::from(k) + floor_sqrt5(k)) / 2
}

/// `⌊k√5⌋`, exactly: `⌊√(5k²)⌋`, in 128 bits while `5k²` fits, past that
/// from a floating-point estimate corrected by exact comparisons of squares
/// in 256 bits.
fn floor_sqrt5(k: u64) -> u128 {
    let k2 = u128::from(k) * u128::from(k);
    if let Some(m) = k2.checked_mul(5) {
        return m.isqrt();
    }
    let five_k2 = widen_times_5(k2);
    let above = |c: u128| square(c).cmp(&five_k2) == Ordering::Greater;
    // f64 keeps 53 bits of the 66 of k√5: the estimate is off by a few
    // thousand at most.
    let mut c = (k as f64 * 5f64.sqrt()) as u128;
    while above(c) {
        c -= 1;
    }
    while !above(c + 1) {
        c += 1;
    }
    c
}

/// `c²` as (high, low) 128-bit halves, for `c < 2^127`.
fn square(c: u128) -> (u128, u128) {
    let (hi, lo) = (c >> 64, c & u128::from(u64::MAX));
    let mid = 2 * hi * lo;
    let (low, carry) = (lo * lo).overflowing_add(mid << 64);
    (hi * hi + (mid >> 64) + u128::from(carry), low)
}

/// `5x` as (high, low) 128-bit halves.
fn widen_times_5(x: u128) -> (u128, u128) {
    let (hi, lo) = (x >> 64, x & u128::from(u64::MAX));
    let (hi5, lo5) = (5 * hi, 5 * lo);
    let (low, carry) = lo5.overflowing_add(hi5 << 64);
    ((hi5 >> 64) + u128::from(carry), low)
}

/// The other coordinate of the one P-position that has `x` as a
/// coordinate (`0` for `0`); it passes `u64` only when it is the larger.
///
/// ```
/// use grundy::multiheap::wythoff::partner;
/// assert_eq!([partner(0), partner(1), partner(2), partner(5), partner(7)], [0, 2, 1, 3, 4]);
/// ```
pub fn partner(x: u64) -> u128 {
    if x == 0 {
        return 0;
    }
    let root = floor_sqrt5(x);
    let wide = u128::from(x);
    // x = ⌊kφ⌋ with k near x/φ = x(√5 − 1)/2, or x = ⌊kφ²⌋ with k near
    // x/φ² = x(3 − √5)/2: a candidate either side of each estimate.
    let as_lower = (root - wide) / 2;
    for k in as_lower.saturating_sub(1)..=as_lower + 1 {
        if let Ok(k) = u64::try_from(k)
            && lower_wide(k) == wide
        {
            return wide + u128::from(k);
        }
    }
    let as_upper = (3 * wide - root) / 2;
    for k in as_upper.saturating_sub(1)..=as_upper + 1 {
        if let Ok(k) = u64::try_from(k)
            && lower_wide(k) + u128::from(k) == wide
        {
            return lower_wide(k);
        }
    }
    unreachable!("the Beatty sequences of φ and φ² cover every positive integer")
}

/// Whether `(a, b)` (in either order) is a P-position: lost for the player
/// to move.
///
/// ```
/// use grundy::multiheap::wythoff::is_p_position;
/// assert!(is_p_position(5, 3) && !is_p_position(5, 4));
/// ```
pub fn is_p_position(a: u64, b: u64) -> bool {
    partner(a) == u128::from(b)
}

/// The first winning move from the position `heaps` (two heaps, in the
/// order given): `(heaps taken from, amount)`, fewest heaps first, then
/// lowest index, as [`super::winning_move`] orders them; `None` when the
/// position is lost.
///
/// ```
/// use grundy::multiheap::wythoff::winning_move;
/// assert_eq!(winning_move([10, 4]), Some((vec![0], 3))); // to (7, 4)
/// assert_eq!(winning_move([5, 3]), None);
/// assert_eq!(winning_move([u64::MAX, u64::MAX]), Some((vec![0], 7_046_029_254_386_353_130)));
/// ```
///
/// # Complexity
/// O(1): a few integer square roots.
pub fn winning_move(heaps: [u64; 2]) -> Option<(Vec<usize>, u64)> {
    winning_moves(heaps).into_iter().next()
}

/// Every winning move from the position `heaps`, in the order of
/// [`winning_move`]: at most one from each heap and one from both.
///
/// ```
/// use grundy::multiheap::wythoff::winning_moves;
/// assert_eq!(winning_moves([2, 2]), [(vec![0], 1), (vec![1], 1), (vec![0, 1], 2)]);
/// ```
pub fn winning_moves(heaps: [u64; 2]) -> Vec<(Vec<usize>, u64)> {
    let mut moves = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let target = partner(heaps[1 - i]);
        if target < u128::from(h) {
            moves.push((vec![i], h - target as u64));
        }
    }
    let (small, large) = (heaps[0].min(heaps[1]), heaps[0].max(heaps[1]));
    let target = lower_wide(large - small);
    if target < u128::from(small) {
        moves.push((vec![0, 1], small - target as u64));
    }
    moves
}

/// The P-positions `(⌊kφ⌋, ⌊kφ²⌋)` with `⌊kφ²⌋ <= to`, by increasing `k`.
pub fn p_positions(to: u64) -> impl Iterator<Item = (u64, u64)> {
    (0u64..)
        .map(|k| (lower_wide(k), lower_wide(k) + u128::from(k)))
        .take_while(move |&(_, upper)| upper <= u128::from(to))
        .map(|(lower, upper)| (lower as u64, upper as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The widened square root agrees with the 128-bit one where both
    /// apply, and is exact past it (a square either side is checked).
    #[test]
    fn the_square_root_of_5k2_is_exact_for_any_k() {
        let narrow = |k: u64| (5 * u128::from(k) * u128::from(k)).isqrt();
        for k in [
            0,
            1,
            2,
            1_000_003,
            (1 << 62) + 12_345,
            8_000_000_000_000_000_000,
        ] {
            assert_eq!(floor_sqrt5(k), narrow(k), "{k}");
        }
        for k in [
            8_300_000_000_000_000_000,
            1 << 63,
            (1 << 63) + 987_654_321,
            u64::MAX - 1,
            u64::MAX,
        ] {
            let c = floor_sqrt5(k);
            let five = widen_times_5(u128::from(k) * u128::from(k));
            assert!(square(c) <= five && square(c + 1) > five, "{k}");
        }
        assert_eq!(square(u128::MAX >> 1).0, (1u128 << 126) - 1);
        assert_eq!(widen_times_5(u128::MAX), (4, u128::MAX - 4));
    }

    /// Partners and moves against the listed P-positions and a plain search
    /// over every move, on small heaps.
    #[test]
    fn partners_and_moves_agree_with_the_listed_p_positions() {
        let to = 3000;
        let p: Vec<(u64, u64)> = p_positions(to).collect();
        let lost = |a: u64, b: u64| p.contains(&(a.min(b), a.max(b)));
        for &(a, b) in &p {
            assert_eq!(partner(a), u128::from(b));
            assert_eq!(partner(b), u128::from(a));
        }
        for a in 0..=200u64 {
            for b in 0..=200u64 {
                assert_eq!(is_p_position(a, b), lost(a, b), "({a}, {b})");
                let mut moves: Vec<(Vec<usize>, u64)> = Vec::new();
                moves.extend((1..=a).map(|t| (vec![0], t)));
                moves.extend((1..=b).map(|t| (vec![1], t)));
                moves.extend((1..=a.min(b)).map(|t| (vec![0, 1], t)));
                let winning: Vec<(Vec<usize>, u64)> = moves
                    .into_iter()
                    .filter(|(heaps, t)| {
                        let after = |i: usize, h: u64| if heaps.contains(&i) { h - t } else { h };
                        lost(after(0, a), after(1, b))
                    })
                    .collect();
                assert_eq!(winning_moves([a, b]), winning, "({a}, {b})");
                assert_eq!(winning_move([a, b]), winning.first().cloned(), "({a}, {b})");
            }
        }
    }

    /// Past 2^32 and near 2^64 a move found leads to a P-position, and a
    /// P-position has none.
    #[test]
    fn moves_of_huge_heaps_lead_to_p_positions() {
        for k in [
            1u64 << 32,
            10_000_000_000_000,
            1 << 62,
            7_000_000_000_000_000_000,
        ] {
            let (a, b) = (lower(k), lower(k) + k);
            assert_eq!(winning_move([a, b]), None);
            assert_eq!(winning_move([b, a]), None);
            for position in [
                [a + 1, b],
                [a, b + 5],
                [a + 3, b + 3],
                [b, b],
                [u64::MAX, a],
            ] {
                let (heaps, take) = winning_move(position).expect("a won position");
                let mut after = position;
                for i in heaps {
                    after[i] -= take;
                }
                assert!(
                    is_p_position(after[0], after[1]),
                    "{position:?} -> {after:?}"
                );
            }
        }
    }
}
