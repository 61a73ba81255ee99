//! Lost positions of `K` heaps: multisets `a1 <= … <= aK <= N` with nim-sum 0.
//!
//! Counting ordered `K`-tuples with nim-sum 0 is an XOR-convolution of the
//! value histogram with itself: `F_m`, the number of ordered `m`-tuples of
//! heaps in `0..=N` whose values XOR to 0, is entry 0 of the `m`-th XOR power
//! of the histogram. Unordered positions (multisets) then follow from
//! Burnside's lemma for the symmetric group `S_K` acting on `K`-tuples: a
//! tuple fixed by a permutation with cycles of lengths `ℓ1, ℓ2, …` is constant
//! on each cycle, and a cycle of even length contributes its value an even
//! number of times, so nothing to the nim-sum. With `o` odd and `E` even
//! cycles, the fixed tuples of nim-sum 0 number `F_o · (N + 1)^E`, and
//!
//! ```text
//! losing(K) = (1 / K!) Σ over cycle types of S_K:  (class size) · F_o · (N + 1)^E
//! K = 2:  (F_2 + (N+1)) / 2
//! K = 3:  (F_3 + 3 (N+1) F_1 + 2 F_1) / 6
//! K = 4:  (F_4 + 6 (N+1) F_2 + 3 (N+1)^2 + 8 F_2 + 6 (N+1)) / 24
//! ```
//!
//! (`F_0 = 1`, `F_1` = the heaps of value 0.) The work is the histogram plus
//! `O(K · W²)` for `W` the next power of two above the largest value, or
//! `O(K · W log W)` by a Walsh–Hadamard transform when `W` is large; nothing
//! grows with `N²`.

use crate::count::histogram::Histogram;
use crate::count::natural::Natural;
use crate::error::{Error, ErrorKind, Result};
use crate::hadamard::walsh_hadamard;

/// The largest number of heaps [`losing_multisets`] accepts.
pub const MAX_HEAPS: u32 = 16;

/// Checks that positions of `k` heaps can be counted: 1 to [`MAX_HEAPS`].
///
/// ```
/// use grundy::count::multiset;
/// assert!(multiset::check_heaps(3).is_ok());
/// assert!(multiset::check_heaps(0).is_err());
/// assert!(multiset::check_heaps(17).is_err());
/// ```
///
/// # Errors
/// [`InvalidInput`](ErrorKind::InvalidInput), with
/// [`Detail::OutOfRange`](crate::Detail::OutOfRange).
pub fn check_heaps(k: u32) -> Result<()> {
    if k == 0 || k > MAX_HEAPS {
        return Err(Error::input(format!(
            "{k} heaps is out of range; positions may have 1 to {MAX_HEAPS} heaps"
        ))
        .with_detail(crate::Detail::OutOfRange {
            quantity: crate::Quantity::Heaps,
            asked: u64::from(k),
            least: 1,
            most: u64::from(MAX_HEAPS),
        }));
    }
    Ok(())
}

/// Widths up to this use the direct `O(W²)` convolution in `u128`; wider
/// histograms use the Walsh–Hadamard transform in `i128`.
const DIRECT_WIDTH: usize = 1 << 11;

/// The number of multisets of `k` heaps from `0..=N` (N + 1 =
/// `histogram.heaps()`) whose values have nim-sum 0: the positions lost for
/// the player to move.
///
/// ```
/// use grundy::{Ruleset, values, count::{histogram::Histogram, multiset}};
/// let nim_square: Ruleset = "sub:squares".parse()?;
/// let t = values::compute(&nim_square, 29)?;
/// let h = Histogram::from_values(&t.to_vec())?;
/// assert_eq!(multiset::losing_multisets(&h, 3)?, 1160); // Project Euler 310
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`InvalidInput`](ErrorKind::InvalidInput) if `k` is 0 or above
/// [`MAX_HEAPS`]; [`Overflow`](ErrorKind::Overflow) if the count or an
/// intermediate sum does not fit in 128 bits (no wrong number is returned).
///
/// # Complexity
/// O(k · W²) for `W <= 2048`, else O(k · W log W), plus the partitions of `k`.
pub fn losing_multisets(histogram: &Histogram, k: u32) -> Result<u128> {
    losing_multisets_exact(histogram, k)?
        .to_u128()
        .ok_or_else(overflow)
}

/// [`losing_multisets`] without the 128-bit limit: the exact count as a
/// [`Natural`], for any `N` up to `2^64 − 1`.
///
/// ```
/// use grundy::{Ruleset, count::{histogram::Histogram, multiset}, period::{self, PeriodicValues}};
/// let strip: Ruleset = "0.07".parse()?;
/// let (v, t) = period::find(&strip, 1000, Default::default(), &mut grundy::values::silent)?;
/// let h = Histogram::of_heaps(&PeriodicValues::new(t, v), 1_000_000_000_000_000_000)?;
/// let four = multiset::losing_multisets_exact(&h, 4)?;
/// assert!(four.to_u128().is_none()); // more than 2^128 lost positions
/// assert!(four.to_string().len() > 60);
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`InvalidInput`](ErrorKind::InvalidInput) if `k` is 0 or above
/// [`MAX_HEAPS`]; [`Overflow`](ErrorKind::Overflow) only for histograms wider
/// than 2048 values whose transform leaves 128 bits.
///
/// # Complexity
/// As [`losing_multisets`]; arbitrary-size arithmetic is used only when a
/// 128-bit sum would overflow.
pub fn losing_multisets_exact(histogram: &Histogram, k: u32) -> Result<Natural> {
    check_heaps(k)?;
    let f: Vec<Natural> = match zero_xor_tuples(histogram, k) {
        Ok(f) => f.into_iter().map(Natural::from).collect(),
        Err(e) if e.kind() == ErrorKind::Overflow && histogram.counts().len() <= DIRECT_WIDTH => {
            zero_xor_tuples_exact(histogram, k)
        }
        Err(e) if e.kind() == ErrorKind::Overflow => {
            zero_xor_tuples_transformed_exact(histogram, k)?
        }
        Err(e) => return Err(e),
    };
    let n1 = Natural::from(histogram.heaps());
    let mut sum = Natural::zero();
    for cycles in partitions(k) {
        let mut size_den: u128 = 1;
        let (mut odd, mut even) = (0u32, 0u32);
        let mut run = 1u128;
        for (i, &l) in cycles.iter().enumerate() {
            size_den *= u128::from(l);
            if i > 0 && cycles[i - 1] == l {
                run += 1;
                size_den *= run;
            } else {
                run = 1;
            }
            if l % 2 == 1 {
                odd += 1;
            } else {
                even += 1;
            }
        }
        let class = Natural::from(factorial(k) / size_den);
        let mut term = &class * &f[odd as usize];
        for _ in 0..even {
            term = &term * &n1;
        }
        sum = &sum + &term;
    }
    // k! <= 16! < 2^64; Burnside's lemma makes the division exact.
    let (count, rem) = sum.div_rem_small(factorial(k) as u64);
    debug_assert_eq!(rem, 0, "Burnside's sum is a multiple of k!");
    Ok(count)
}

/// `F_m` as in [`zero_xor_tuples`], in arbitrary-size arithmetic, by the
/// direct convolution.
fn zero_xor_tuples_exact(histogram: &Histogram, k: u32) -> Vec<Natural> {
    let width = histogram.counts().len().max(1).next_power_of_two();
    let mut h: Vec<Natural> = histogram
        .counts()
        .iter()
        .map(|&c| Natural::from(c))
        .collect();
    h.resize(width, Natural::zero());
    let mut f = vec![Natural::from(1u128), h[0].clone()];
    let mut power = h.clone();
    for _ in 2..=k {
        let mut next = vec![Natural::zero(); width];
        for (x, slot) in next.iter_mut().enumerate() {
            let mut acc = Natural::zero();
            for (a, c) in power.iter().enumerate() {
                if !c.is_zero() && !h[a ^ x].is_zero() {
                    acc = &acc + &(c * &h[a ^ x]);
                }
            }
            *slot = acc;
        }
        power = next;
        f.push(power[0].clone());
    }
    f
}

/// `F_m` as in [`zero_xor_tuples`], in arbitrary-size arithmetic, by the
/// Walsh–Hadamard transform: `F_m = (1/W) Σ_j Ĥ_j^m`. The transform of the
/// histogram fits in `i128` (each entry is at most the number of heaps in
/// size); its powers are summed as naturals, positive and negative terms
/// apart, over the distinct entries only (with their multiplicities).
fn zero_xor_tuples_transformed_exact(histogram: &Histogram, k: u32) -> Result<Vec<Natural>> {
    let width = histogram.counts().len().max(1).next_power_of_two();
    let mut hat: Vec<i128> = histogram
        .counts()
        .iter()
        .map(|&c| i128::try_from(c).map_err(|_| overflow()))
        .collect::<Result<_>>()?;
    hat.resize(width, 0);
    walsh_hadamard(&mut hat).ok_or_else(overflow)?;
    let mut distinct: std::collections::HashMap<i128, u128> = std::collections::HashMap::new();
    for x in hat {
        *distinct.entry(x).or_default() += 1;
    }
    let mut positive = vec![Natural::zero(); k as usize + 1];
    let mut negative = vec![Natural::zero(); k as usize + 1];
    for (&x, &times) in &distinct {
        let base = Natural::from(x.unsigned_abs());
        let mut power = Natural::from(times);
        for m in 1..=k as usize {
            power = &power * &base;
            let sum = if x < 0 && m % 2 == 1 {
                &mut negative[m]
            } else {
                &mut positive[m]
            };
            *sum = &*sum + &power;
        }
    }
    let mut f = vec![Natural::from(1u128)];
    for m in 1..=k as usize {
        let total = positive[m].checked_sub(&negative[m]).ok_or_else(|| {
            Error::new(ErrorKind::Overflow, "the transform's sum came out negative")
        })?;
        let (value, rem) = total.div_rem_small(width as u64);
        debug_assert_eq!(rem, 0, "the inverse transform divides exactly");
        f.push(value);
    }
    Ok(f)
}

/// `F_m` for `m` in `0..=k`: ordered `m`-tuples of heaps with nim-sum 0.
fn zero_xor_tuples(histogram: &Histogram, k: u32) -> Result<Vec<u128>> {
    let counts = histogram.counts();
    let width = counts.len().max(1).next_power_of_two();
    let mut f = vec![1u128];
    if width <= DIRECT_WIDTH {
        let mut h = counts.to_vec();
        h.resize(width, 0);
        let mut power = h.clone();
        f.push(power[0]);
        for _ in 2..=k {
            let mut next = vec![0u128; width];
            for (x, slot) in next.iter_mut().enumerate() {
                let mut acc: u128 = 0;
                for (a, &c) in power.iter().enumerate() {
                    if c != 0 && h[a ^ x] != 0 {
                        let t = c.checked_mul(h[a ^ x]).ok_or_else(overflow)?;
                        acc = acc.checked_add(t).ok_or_else(overflow)?;
                    }
                }
                *slot = acc;
            }
            power = next;
            f.push(power[0]);
        }
        return Ok(f);
    }
    let mut hat: Vec<i128> = counts
        .iter()
        .map(|&c| i128::try_from(c).map_err(|_| overflow()))
        .collect::<Result<_>>()?;
    hat.resize(width, 0);
    walsh_hadamard(&mut hat).ok_or_else(overflow)?;
    let mut powers = vec![1i128; width];
    for _ in 1..=k {
        let mut total: i128 = 0;
        for (p, &x) in powers.iter_mut().zip(&hat) {
            *p = p.checked_mul(x).ok_or_else(overflow)?;
            total = total.checked_add(*p).ok_or_else(overflow)?;
        }
        let value = total / width as i128;
        f.push(u128::try_from(value).map_err(|_| overflow())?);
    }
    Ok(f)
}

/// The partitions of `k`, each as its parts in non-increasing order.
fn partitions(k: u32) -> Vec<Vec<u32>> {
    fn go(rest: u32, max: u32, prefix: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if rest == 0 {
            out.push(prefix.clone());
            return;
        }
        for part in (1..=max.min(rest)).rev() {
            prefix.push(part);
            go(rest - part, part, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    go(k, k, &mut Vec::new(), &mut out);
    out
}

fn factorial(k: u32) -> u128 {
    (1..=u128::from(k)).product()
}

fn overflow() -> Error {
    Error::new(
        ErrorKind::Overflow,
        "the count does not fit in 128 bits; ask for fewer or smaller heaps",
    )
}

/// Brute-force twin of [`losing_multisets`]: walks every multiset
/// `a1 <= … <= ak` of heaps `0..values.len()` and XORs their values.
///
/// # Complexity
/// O(len^k / k!); for tests.
pub fn losing_multisets_naive(values: &[u64], k: u32) -> u128 {
    fn go(values: &[u64], from: usize, left: u32, xor: u64) -> u128 {
        if left == 0 {
            return u128::from(xor == 0);
        }
        (from..values.len())
            .map(|a| go(values, a, left - 1, xor ^ values[a]))
            .sum()
    }
    go(values, 0, k, 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The transform route in naturals agrees with the direct
        /// convolution in naturals, whatever the histogram.
        #[test]
        fn transformed_agrees_with_direct(
            values in prop::collection::vec(0u64..40, 1..50),
            k in 1u32..=MAX_HEAPS,
        ) {
            let h = Histogram::from_values(&values).unwrap();
            prop_assert_eq!(zero_xor_tuples_transformed_exact(&h, k).unwrap(), zero_xor_tuples_exact(&h, k));
        }
    }

    /// Nim on heaps `0..W` with `W` a power of two: every value once, so an
    /// ordered `m`-tuple has nim-sum 0 for exactly one choice of its last
    /// heap, `F_m = W^(m−1)`; far past 128 bits at `W = 2^12`, `m = 16`.
    #[test]
    fn nim_tuples_on_a_power_of_two() {
        let w = 1u64 << 12;
        let values: Vec<u64> = (0..w).collect();
        let h = Histogram::from_values(&values).unwrap();
        let f = zero_xor_tuples_transformed_exact(&h, MAX_HEAPS).unwrap();
        let mut expected = Natural::from(1u128);
        for (m, fm) in f.iter().enumerate().skip(1) {
            assert_eq!(*fm, expected, "m = {m}");
            expected = &expected * &Natural::from(u128::from(w));
        }
        assert!(
            losing_multisets_exact(&h, MAX_HEAPS)
                .unwrap()
                .to_u128()
                .is_none()
        );
    }
}
