//! The Walsh–Hadamard transform: `a[m] ← Σ_v a[v]·(−1)^popcount(v & m)`,
//! the Fourier transform of the group of bit strings under XOR. It turns an
//! XOR-convolution into a pointwise product ([`crate::count::multiset`]) and
//! counts, for every mask at once, the heaps of even minus odd parity
//! ([`crate::values::mask`]).

/// The unnormalised Walsh–Hadamard transform of `a`, in place; `a.len()` is
/// a power of two (or 0). Applied twice it multiplies every entry by
/// `a.len()`.
///
/// Returns `None`, with `a` partly transformed, if an entry overflows.
///
/// # Complexity
/// O(L log L) additions for `L = a.len()`.
pub(crate) fn walsh_hadamard(a: &mut [i128]) -> Option<()> {
    let mut half = 1;
    while half < a.len() {
        for block in a.chunks_mut(2 * half) {
            let (lo, hi) = block.split_at_mut(half);
            for (x, y) in lo.iter_mut().zip(hi) {
                let (u, v) = (*x, *y);
                *x = u.checked_add(v)?;
                *y = u.checked_sub(v)?;
            }
        }
        half *= 2;
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::walsh_hadamard;

    #[test]
    fn the_transform_is_the_parity_sum_and_its_own_inverse_up_to_the_length() {
        let a: Vec<i128> = vec![3, -1, 4, 1, -5, 9, 2, -6];
        let mut w = a.clone();
        walsh_hadamard(&mut w).unwrap();
        for (m, &wm) in w.iter().enumerate() {
            let sum: i128 = a
                .iter()
                .enumerate()
                .map(|(v, &x)| if (v & m).count_ones() % 2 == 0 { x } else { -x })
                .sum();
            assert_eq!(wm, sum, "mask {m}");
        }
        walsh_hadamard(&mut w).unwrap();
        let scaled: Vec<i128> = a.iter().map(|x| x * 8).collect();
        assert_eq!(w, scaled);
    }

    #[test]
    fn an_overflow_is_reported() {
        assert_eq!(walsh_hadamard(&mut [i128::MAX, 1]), None);
        assert_eq!(walsh_hadamard(&mut [i128::MIN, 1]), None);
        assert_eq!(walsh_hadamard(&mut []), Some(()));
    }
}
