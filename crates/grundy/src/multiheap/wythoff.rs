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

/// `⌊kφ⌋` for the golden ratio `φ`, exactly.
///
/// ```
/// assert_eq!(grundy::multiheap::wythoff::lower(1_000_000), 1_618_033);
/// ```
///
/// # Panics
/// If `5k²` overflows 128 bits (`k` above about 8·10^18).
pub fn lower(k: u64) -> u64 {
    let k = u128::from(k);
    ((k + (5 * k * k).isqrt()) / 2) as u64
}

/// The P-positions `(⌊kφ⌋, ⌊kφ²⌋)` with `⌊kφ²⌋ <= to`, by increasing `k`.
pub fn p_positions(to: u64) -> impl Iterator<Item = (u64, u64)> {
    (0u64..)
        .map(|k| (lower(k), lower(k) + k))
        .take_while(move |&(_, upper)| upper <= to)
}
