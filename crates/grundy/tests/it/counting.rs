//! Counting: fast counts against plain loops and brute force.

use grundy::count::{self, histogram::Histogram, multiset};
use grundy::period::{self, PeriodicValues};
use grundy::{Ruleset, values};
use proptest::prelude::*;

fn periodic(spec: &str) -> PeriodicValues {
    let r: Ruleset = spec.parse().unwrap();
    let (v, t) = period::find(&r, 3000, Default::default(), &mut grundy::values::silent).unwrap();
    PeriodicValues::new(t, v)
}

#[test]
fn nim_square_seed_004_small_case() {
    let r: Ruleset = "sub:squares".parse().unwrap();
    let t = values::compute(&r, 29).unwrap();
    let h = Histogram::from_values(&t.to_vec()).unwrap();
    assert_eq!(multiset::losing_multisets(&h, 3).unwrap(), 1160);
    assert_eq!(multiset::losing_multisets_naive(&t.to_vec(), 3), 1160);
}

#[test]
fn multiset_counts_agree_with_brute_force() {
    for spec in [
        "sub:squares",
        "0.07",
        "kayles",
        "grundy",
        "nim",
        "sub:1,3,4",
    ] {
        let r: Ruleset = spec.parse().unwrap();
        for n in [0u64, 1, 7, 20] {
            let t = values::compute(&r, n).unwrap().to_vec();
            let h = Histogram::from_values(&t).unwrap();
            for k in 1..=4 {
                assert_eq!(
                    multiset::losing_multisets(&h, k).unwrap(),
                    multiset::losing_multisets_naive(&t, k),
                    "{spec} n={n} k={k}"
                );
            }
        }
    }
}

#[test]
fn wide_histograms_use_the_transform_and_agree() {
    // nim up to 5000: values up to 5000, wider than the direct convolution.
    let t: Vec<u64> = (0..=5000).collect();
    let h = Histogram::from_values(&t).unwrap();
    // K = 2: only equal pairs; K = 3: a ^ b ^ c = 0 counted directly.
    assert_eq!(multiset::losing_multisets(&h, 2).unwrap(), 5001);
    let small: Vec<u64> = (0..=60).collect();
    let hs = Histogram::from_values(&small).unwrap();
    assert_eq!(
        multiset::losing_multisets(&hs, 3).unwrap(),
        multiset::losing_multisets_naive(&small, 3)
    );
    let direct3: u128 = {
        let mut c = 0u128;
        for a in 0..=5000u64 {
            for b in a..=5000u64 {
                let x = a ^ b;
                if x >= b && x <= 5000 {
                    c += 1;
                }
            }
        }
        c
    };
    assert_eq!(multiset::losing_multisets(&h, 3).unwrap(), direct3);
}

#[test]
fn overflow_is_an_error_not_a_number() {
    let g = periodic("0.07");
    let h = Histogram::of_heaps(&g, u64::MAX).unwrap();
    assert!(multiset::losing_multisets(&h, 2).is_ok());
    let err = multiset::losing_multisets(&h, 3).unwrap_err();
    assert_eq!(err.kind(), grundy::ErrorKind::Overflow);
}

#[test]
fn periodic_histogram_agrees_with_the_table() {
    for spec in ["0.07", "kayles", "sub:1,3,4", "nim"] {
        let g = periodic(spec);
        let r: Ruleset = spec.parse().unwrap();
        let long = values::compute(&r, 4000).unwrap().to_vec();
        for to in [0u64, 5, 100, 1234, 4000] {
            let fast = Histogram::of_heaps(&g, to).unwrap();
            let plain = Histogram::from_values(&long[..=to as usize]).unwrap();
            assert_eq!(fast, plain, "{spec} to {to}");
        }
    }
}

#[test]
fn paper_strip_counts_for_huge_ranges() {
    let g = periodic("paper-strip");
    assert_eq!(count::zeros_in_range(&g, 1, 50).unwrap(), 10);
    // 10^6: the seed's answer is 852938 wins.
    assert_eq!(
        1_000_000 - count::zeros_in_range(&g, 1, 1_000_000).unwrap(),
        852_938
    );
    assert!(count::zeros_in_range(&g, 1, u64::MAX).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn range_counts_agree_with_a_plain_loop(
        spec in prop::sample::select(vec!["0.07", "0.77", "sub:1,2,5", "nim", "4.07"]),
        from in 0u64..3000,
        len in 0u64..3000,
    ) {
        let g = periodic(spec);
        let to = from + len;
        prop_assert_eq!(
            count::zeros_in_range(&g, from, to).unwrap(),
            count::zeros_in_range_naive(&g, from, to).unwrap()
        );
    }
}

#[test]
fn exact_counts_past_128_bits() {
    // sub:1 has G(n) = n mod 2; among heaps 0..=2^64 − 1 there are 2^63 of
    // each value. Three heaps lose with 0 or 2 odd heaps, four with 0, 2 or 4:
    // C(E+2, 3) + C(O+1, 2)·E and C(E+3, 4) + C(O+1, 2)·C(E+1, 2) + C(O+3, 4),
    // evaluated with Python's integers.
    let g = periodic("sub:1");
    let h = Histogram::of_heaps(&g, u64::MAX).unwrap();
    assert_eq!(
        multiset::losing_multisets_exact(&h, 3).unwrap().to_string(),
        "523091811282223397071386376997540150544114396242229854208"
    );
    assert_eq!(
        multiset::losing_multisets_exact(&h, 4).unwrap().to_string(),
        "2412335192444087405442366571270999842521847382120410438016256710575554297856"
    );
    for spec in ["sub:squares", "kayles"] {
        let r: Ruleset = spec.parse().unwrap();
        let t = values::compute(&r, 40).unwrap().to_vec();
        let h = Histogram::from_values(&t).unwrap();
        for k in 1..=5 {
            assert_eq!(
                multiset::losing_multisets_exact(&h, k).unwrap().to_u128(),
                Some(multiset::losing_multisets(&h, k).unwrap())
            );
        }
    }
}
