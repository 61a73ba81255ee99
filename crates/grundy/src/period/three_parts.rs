//! Counting the splits of a heap into three heaps whose values XOR to a
//! given value, from a proved arithmetic period, without looking at each
//! split.
//!
//! Past `start = e + p` (preperiod `e`, period `p`, saltus `s`, a power of
//! two or 0) every heap is `start + r + i·p` with `0 <= r < p`, and its
//! value is `G(start + r) + s·i`. A split `a + b + c = rest` with
//! `start <= a <= b <= c` is then a choice of three classes `(r_a, r_b,
//! r_c)`, `r_c` fixed by the other two and `rest`, and three indices
//! `i + j + k = K`, with `a <= b` meaning `j >= i + [r_a > r_b]` and
//! `b <= c` meaning `k >= j + [r_b > r_c]`. Within a class triple the low
//! bits of the values (below `s`) are fixed, and their high parts are
//! `X = x_a + i`, `Y = x_b + j`, `W = x_c + k`, whose sum is fixed: the
//! splits wanted are the solutions of `X + Y + W = T`, `X ^ Y ^ W = z`
//! and three linear inequalities, counted by a walk over the bits from the
//! lowest, carrying the sum's carry and the borrows of the three
//! differences (54 states). With `s = 0` the value is fixed in a class
//! triple and the same walk, without the XOR, counts its indices.
//! So a heap costs O(p²·64·54·8) whatever its size, where looking at
//! each smallest part costs O(rest·(e + 64p)).

/// The states of the walk: the sum's carry (0, 1, 2) times the borrows of
/// `X − L` (−1, 0), `Y − X − D1` and `W − Y − D2` (−2, −1, 0).
const STATES: usize = 3 * 2 * 3 * 3;

/// Steps of the walk for one class triple, at most, for the cost of a
/// count: 130 bits, each state, each choice of three bits.
pub(crate) const STEPS_PER_CLASS: u64 = 130 * STATES as u64 * 8;

/// How many bits `n` takes.
fn bit_length(n: u128) -> u32 {
    128 - n.leading_zeros()
}

/// How many `(X, Y, W)`, each from 0 up, satisfy `X + Y + W = sum`,
/// `X >= least`, `Y − X >= d1`, `W − Y >= d2` and, where `xor` is given,
/// `X ^ Y ^ W = xor`; `None` if the walk's counts pass `u128` (sums past
/// about 2^63).
///
/// The walk reads the bits from the lowest, one state for each carry and
/// borrow; at most 4^k prefixes of `k` bits are alive (the parity of the
/// sum fixes one bit of three), and every part is 0 past the bits of
/// `sum`.
pub(crate) fn solutions(
    sum: u128,
    least: u128,
    d1: i128,
    d2: i128,
    xor: Option<u64>,
) -> Option<u128> {
    let index = |carry: i32, b0: i32, b1: i32, b2: i32| -> usize {
        (((carry as usize * 2 + (b0 + 1) as usize) * 3 + (b1 + 2) as usize) * 3) + (b2 + 2) as usize
    };
    let parts_end = bit_length(sum);
    let bits = parts_end
        .max(bit_length(least))
        .max(bit_length(d1.unsigned_abs()))
        .max(bit_length(d2.unsigned_abs()))
        .max(bit_length(u128::from(xor.unwrap_or(0))))
        + 1;
    if bits >= 127 {
        return None;
    }
    // Two's complement over `bits` bits; the sign is put back at the end.
    let mask = (1u128 << bits) - 1;
    let (d1_bits, d2_bits) = ((d1 as u128) & mask, (d2 as u128) & mask);
    let mut count = [0u128; STATES];
    count[index(0, 0, 0, 0)] = 1;
    for bit in 0..bits {
        let (t, l) = ((sum >> bit & 1) as i32, (least >> bit & 1) as i32);
        let (e1, e2) = ((d1_bits >> bit & 1) as i32, (d2_bits >> bit & 1) as i32);
        let z = xor.map(|z| if bit < 64 { (z >> bit & 1) as i32 } else { 0 });
        let choices = if bit < parts_end { 8 } else { 1 };
        let mut next = [0u128; STATES];
        for carry in 0..3 {
            for b0 in -1..=0 {
                for b1 in -2..=0 {
                    for b2 in -2..=0 {
                        let here = count[index(carry, b0, b1, b2)];
                        if here == 0 {
                            continue;
                        }
                        for choice in 0..choices {
                            let (x, y, w) = (choice & 1, choice >> 1 & 1, choice >> 2 & 1);
                            if z.is_some_and(|z| x ^ y ^ w != z) {
                                continue;
                            }
                            let s = x + y + w + carry;
                            if s & 1 != t {
                                continue;
                            }
                            let n0 = (x - l + b0).div_euclid(2);
                            let n1 = (y - x - e1 + b1).div_euclid(2);
                            let n2 = (w - y - e2 + b2).div_euclid(2);
                            let slot = &mut next[index(s >> 1, n0, n1, n2)];
                            *slot = slot.checked_add(here)?;
                        }
                    }
                }
            }
        }
        count = next;
    }
    // Each difference is its bits plus (borrow + [D < 0])·2^bits: it is
    // at least 0 exactly when that multiple is.
    let (n1, n2) = (i32::from(d1 < 0), i32::from(d2 < 0));
    let mut total = 0u128;
    for b1 in -2..=0 {
        for b2 in -2..=0 {
            if b1 + n1 >= 0 && b2 + n2 >= 0 {
                total = total.checked_add(count[index(0, 0, b1, b2)])?;
            }
        }
    }
    Some(total)
}

/// The splits `a + b + c = rest` with `start <= a <= b <= c` whose values
/// XOR to `want`, counted class by class (see the module's text); `value`
/// gives `G(start + r)` for `0 <= r < period`, and `saltus` is 0 or a power
/// of two. `None` where a count passes `u128` (heaps past about 2^63).
pub(crate) fn count_past_start(
    value: &dyn Fn(u64) -> u64,
    rest: u64,
    start: u64,
    period: u64,
    saltus: u64,
    want: u64,
) -> Option<u128> {
    let Some(spare) = rest.checked_sub(start.saturating_mul(3)) else {
        return Some(0);
    };
    let shift = saltus.trailing_zeros();
    let low = saltus.wrapping_sub(1);
    let mut total = 0u128;
    for ra in 0..period {
        for rb in 0..period {
            let Some(left) = spare.checked_sub(ra + rb) else {
                continue;
            };
            let rc = left % period;
            let k = u128::from(left / period);
            let (ua, ub, uc) = (value(start + ra), value(start + rb), value(start + rc));
            let (d1, d2) = (i128::from(ra > rb), i128::from(rb > rc));
            let n = if saltus == 0 {
                if ua ^ ub ^ uc != want {
                    continue;
                }
                solutions(k, 0, d1, d2, None)
            } else {
                if (ua ^ ub ^ uc ^ want) & low != 0 {
                    continue;
                }
                let (xa, xb, xc) = (
                    u128::from(ua >> shift),
                    u128::from(ub >> shift),
                    u128::from(uc >> shift),
                );
                let sum = xa + xb + xc + k;
                let d1 = d1 + xb as i128 - xa as i128;
                let d2 = d2 + xc as i128 - xb as i128;
                solutions(sum, xa, d1, d2, Some(want >> shift))
            };
            total = total.checked_add(n?)?;
        }
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The naive twin of [`solutions`]: every `X` and `Y`.
    fn by_hand(sum: u128, least: u128, d1: i128, d2: i128, xor: Option<u64>) -> u128 {
        let mut count = 0;
        for x in least..=sum {
            for y in 0..=sum - x {
                let w = sum - x - y;
                let (xi, yi, wi) = (x as i128, y as i128, w as i128);
                if yi - xi >= d1 && wi - yi >= d2 && xor.is_none_or(|z| (x ^ y ^ w) as u64 == z) {
                    count += 1;
                }
            }
        }
        count
    }

    proptest! {
        #[test]
        fn the_walk_counts_what_a_search_counts(
            sum in 0u128..60,
            least in 0u128..20,
            d1 in -25i128..25,
            d2 in -25i128..25,
            xor in proptest::option::of(0u64..64),
        ) {
            prop_assert_eq!(solutions(sum, least, d1, d2, xor), Some(by_hand(sum, least, d1, d2, xor)));
        }
    }

    #[test]
    fn large_sums_count_without_overflow() {
        // X + Y + W = 3·2^40 with X <= Y <= W: about (3·2^40)²/12 triples.
        let n = solutions(3 << 40, 0, 0, 0, None).unwrap();
        let expected = (3u128 << 40).pow(2) / 12;
        assert!(n.abs_diff(expected) < 1 << 42, "{n} against {expected}");
    }
}
