//! Periodicity: the published periods, proof status, and the detector against
//! its naive twin.

use grundy::period::{self, PeriodicValues, Proof, Theorem, detect};
use grundy::{Ruleset, ValueTable, values};
use proptest::prelude::*;

fn find(spec: &str, max: u64) -> (period::Verdict, ValueTable) {
    let r: Ruleset = spec.parse().unwrap();
    period::find(&r, max, Default::default(), &mut grundy::values::silent).unwrap()
}

#[test]
fn paper_strip_has_period_34_from_53_with_the_published_exceptions() {
    let (v, table) = find("0.07", 2000);
    let p = v.periodicity().unwrap();
    assert_eq!((p.preperiod(), p.period(), p.saltus()), (53, 34, 0));
    assert_eq!(
        p.proof(),
        Proof::Theorem {
            theorem: Theorem::OctalPeriodicity,
            bound: 2 * 53 + 34 + 2
        }
    );
    assert!(p.checked_to() >= 2 * 53 + 34 + 2 + 34 - 1);
    // OEIS A002187 / seed 003 list 0, 14, 16, 17, 31, 34, 51 for 0.137, whose
    // heap n is the paper strip's heap n + 1; heap 0 of 0.07 is exceptional too.
    assert_eq!(p.exceptions(&table), [0, 1, 15, 17, 18, 32, 35, 52]);
}

#[test]
fn kayles_has_period_12_from_71() {
    let (v, _) = find("kayles", 2000);
    let p = v.periodicity().unwrap();
    assert_eq!((p.preperiod(), p.period(), p.saltus()), (71, 12, 0));
    assert!(p.is_proved());
    // At 128 values the preperiod 71 is past half the table, but the tail
    // already shows the pattern: the search grows straight to the window
    // 2e + p + t = 156 and its last period, not to 256 values.
    assert_eq!(p.checked_to(), 2 * 71 + 12 + 2 + 12 - 1);
}

#[test]
fn game_0_16_has_period_149459_from_105351() {
    let (v, _) = find("0.16", 1_000_000);
    let p = v.periodicity().unwrap();
    assert_eq!(
        (p.preperiod(), p.period(), p.saltus()),
        (105_351, 149_459, 0)
    );
    assert!(p.is_proved());
    // 2e + p + t = 360 163, and its last period: 509 622 values.
    assert_eq!(p.checked_to(), 509_621);
}

/// About 20 million values (7 s in a release build): run with
/// `cargo test --release -p grundy --test it -- --ignored game_0_354`.
#[test]
#[ignore = "20 million values"]
fn game_0_354_has_period_1180_from_10061916() {
    let (v, _) = find("0.354", 30_000_000);
    let p = v.periodicity().unwrap();
    assert_eq!(
        (p.preperiod(), p.period(), p.saltus()),
        (10_061_916, 1180, 0)
    );
    assert!(p.is_proved());
    assert_eq!(p.checked_to(), 2 * 10_061_916 + 2 * 1180 + 3 - 1);
}

#[test]
fn nim_is_arithmetic_periodic_with_saltus_1() {
    let (v, _) = find("nim", 1000);
    let p = v.periodicity().unwrap();
    assert_eq!((p.preperiod(), p.period(), p.saltus()), (0, 1, 1));
    assert!(matches!(
        p.proof(),
        Proof::Theorem {
            theorem: Theorem::NimClosedForm,
            ..
        }
    ));
}

#[test]
fn all_but_games_are_only_observed() {
    let (v, _) = find("allbut:1,2", 2000);
    if let Some(p) = v.periodicity() {
        assert!(!p.is_proved());
    }
}

#[test]
fn subtraction_1_2_3_has_period_4_proved_by_the_window() {
    let (v, _) = find("sub:1,2,3", 1000);
    let p = v.periodicity().unwrap();
    assert_eq!((p.preperiod(), p.period(), p.saltus()), (0, 4, 0));
    assert_eq!(
        p.proof(),
        Proof::Theorem {
            theorem: Theorem::SubtractionWindow,
            bound: 3
        }
    );
}

#[test]
fn grundys_game_and_squares_are_never_proved() {
    for spec in ["grundy", "sub:squares", "sub:primes"] {
        let (v, _) = find(spec, 3000);
        assert!(
            v.periodicity().is_none_or(|p| !p.is_proved()),
            "{spec}: {v:?}"
        );
        assert_eq!(v.checked_to(), 3000);
    }
}

/// Hexadecimal codes are proved by the three-part bound 3e + 2p + t (or,
/// with a saltus, by the mirror theorem), and every proved period predicts
/// a longer table that the proof never saw.
#[test]
fn three_part_periods_predict_values_past_their_window() {
    let mut proved = 0;
    let mut three_part = 0;
    for d0 in ["0", "4", "8", "c"] {
        for d1 in "0123456789abcdef".chars() {
            for d2 in ["", "1", "3", "4", "7", "8", "c", "f"] {
                let spec = format!("{d0}.{d1}{d2}");
                let Ok(r) = spec.parse::<Ruleset>() else {
                    continue;
                };
                let (v, t) =
                    period::find(&r, 250, Default::default(), &mut grundy::values::silent).unwrap();
                let Some(p) = v.periodicity().filter(|p| p.is_proved()) else {
                    continue;
                };
                proved += 1;
                let three = matches!(&r, Ruleset::TakeAndBreak(c) if c.max_heaps_left() == 3);
                if three {
                    three_part += 1;
                    // A saltus is proved by the mirror theorem, a plain
                    // period by the three-part bound.
                    let theorem = if p.saltus() == 0 {
                        Theorem::ThreePartPeriodicity
                    } else {
                        Theorem::MirrorArithmetic
                    };
                    assert!(
                        matches!(p.proof(), Proof::Theorem { theorem: t, .. } if t == theorem),
                        "{spec}: {p:?}"
                    );
                }
                let g = PeriodicValues::new(t, v);
                let truth = values::compute(&r, 600).unwrap();
                for n in 0..=600u64 {
                    assert_eq!(g.get(n).unwrap(), truth.get(n).unwrap(), "{spec} heap {n}");
                }
            }
        }
    }
    assert!(proved >= 10, "only {proved} codes proved");
    assert!(
        three_part >= 20,
        "only {three_part} three-part codes proved"
    );
}

#[test]
fn values_past_the_table_need_a_proved_period() {
    let (v, t) = find("grundy", 200);
    let g = PeriodicValues::new(t, v);
    let err = g.get(1_000_000).unwrap_err();
    assert_eq!(err.kind(), grundy::ErrorKind::InvalidInput);
    assert!(err.to_string().contains("past the values computed"));
}

#[test]
fn proved_continuation_agrees_with_computed_values() {
    for spec in [
        "0.07",
        "0.77",
        "0.137",
        "4.07",
        "sub:1,3,4",
        "sub:2,5,7",
        "nim",
    ] {
        let (v, t) = find(spec, 3000);
        let len = t.len();
        let g = PeriodicValues::new(t.clone(), v);
        assert!(g.proved().is_some(), "{spec} should be proved: {v:?}");
        let r: Ruleset = spec.parse().unwrap();
        let long = values::compute(&r, len as u64 + 500).unwrap();
        // Re-read the continuation through a table cut at the proof.
        for n in 0..long.len() as u64 {
            assert_eq!(g.get(n).unwrap(), long.get(n).unwrap(), "{spec} at {n}");
        }
    }
}

fn arb_values() -> impl Strategy<Value = Vec<u64>> {
    (
        prop::collection::vec(0u64..4, 0..12),
        prop::collection::vec(0u64..4, 1..6),
        0u64..3,
        1usize..8,
    )
        .prop_map(|(pre, cycle, s, reps)| {
            let mut v = pre;
            for k in 0..reps as u64 {
                v.extend(cycle.iter().map(|&c| c + k * s));
            }
            v
        })
}

/// A preperiod, then a cycle repeated with a saltus, then a few values
/// changed at random. With `near`, the preperiod is the cycle too, so the
/// changed values are the only break: long runs for the period and its
/// multiples, the case the fast detector skips. `base` is added (wrapping)
/// to every value so that tables of 1, 2 and 8 bytes a value are all tried,
/// and bytes with the values from 255 up kept aside (base 250), and sums
/// past `u64::MAX` must not count as a repeat.
fn arb_planted() -> impl Strategy<Value = Vec<u64>> {
    (
        prop::collection::vec(0u64..5, 0..200),
        prop::collection::vec(0u64..5, 1..10),
        0u64..3,
        1usize..40,
        any::<bool>(),
        prop::collection::vec((any::<prop::sample::Index>(), 0u64..5), 0..4),
        prop::sample::select(vec![0, 250, 70_000, 1 << 40, u64::MAX - 60]),
    )
        .prop_map(|(pre, cycle, s, reps, near, noise, base)| {
            let total = pre.len() + reps * cycle.len();
            let mut v: Vec<u64> = if near {
                (0..total)
                    .map(|n| cycle[n % cycle.len()] + (n / cycle.len()) as u64 * s)
                    .collect()
            } else {
                let mut v = pre;
                for k in 0..reps as u64 {
                    v.extend(cycle.iter().map(|&c| c + k * s));
                }
                v
            };
            for (at, value) in noise {
                let at = at.index(v.len());
                v[at] = value;
            }
            v.into_iter().map(|x| x.wrapping_add(base)).collect()
        })
}

proptest! {
    #[test]
    fn detector_agrees_with_its_naive_twin(v in arb_values()) {
        let t = ValueTable::from_values(v);
        prop_assert_eq!(detect::detect(&t), detect::detect_naive(&t));
        prop_assert_eq!(detect::detect_simple(&t), detect::detect_naive(&t));
    }

    #[test]
    fn detector_agrees_with_its_straightforward_twin(v in arb_planted()) {
        let t = ValueTable::from_values(v);
        prop_assert_eq!(detect::detect(&t), detect::detect_simple(&t));
    }

    #[test]
    fn detector_agrees_with_its_naive_twin_on_planted_values(
        v in arb_planted().prop_filter("short", |v| v.len() <= 60),
    ) {
        let t = ValueTable::from_values(v);
        prop_assert_eq!(detect::detect(&t), detect::detect_naive(&t));
    }
}

/// A preperiod longer than half the table, then a short period: every
/// multiple of the period holds back to the same heap, and none may be taken.
#[test]
fn a_long_preperiod_hides_the_period_and_its_multiples() {
    let mut v: Vec<u64> = (0..3000u64).map(|n| (n * n + 7 * n) % 11).collect();
    v.extend((0..2000u64).map(|n| [1, 4, 2, 0, 3][n as usize % 5]));
    let t = ValueTable::from_values(v.clone());
    assert_eq!(detect::detect(&t), None);
    assert_eq!(detect::detect_simple(&t), None);
    v.extend((2000..4000u64).map(|n| [1, 4, 2, 0, 3][n as usize % 5]));
    let t = ValueTable::from_values(v);
    let c = detect::detect(&t).unwrap();
    assert_eq!((c.preperiod, c.period, c.saltus), (3000, 5, 0));
    assert_eq!(detect::detect_simple(&t), Some(c));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// Moves from heaps past a short table, counted by residue class, against
    /// every option looked at one by one in a long table.
    #[test]
    fn winning_moves_by_residue_class_agree_with_enumeration(
        spec in prop::sample::select(vec![
            "0.07", "0.77", "4.07", "0.137", "sub:1,3,4", "nim", "0.f",
            // The codes the mirror theorem proves, splitting in three.
            "0.8a", "0.8b", "0.8e", "0.8f", "0.c9", "0.ca", "0.cb", "0.cd", "0.ce", "0.cf",
        ]),
        heaps in prop::collection::vec(0u64..1200, 1..4),
    ) {
        let r: Ruleset = spec.parse().unwrap();
        let (v, t) = period::find(&r, 3000, Default::default(), &mut grundy::values::silent).unwrap();
        let short = PeriodicValues::new(t, v);
        let long = values::compute(&r, 1200).unwrap();
        let w = period::moves::winning_moves(&r, &short, &heaps, usize::MAX).unwrap();
        let mut expected = grundy::sum::winning_moves(&r, &long, &heaps).unwrap();
        let mut got = w.listed.clone();
        expected.sort();
        got.sort();
        prop_assert_eq!(w.total, expected.len() as u128);
        prop_assert_eq!(got, expected);
        let capped = period::moves::winning_moves(&r, &short, &heaps, 3).unwrap();
        prop_assert_eq!(capped.total, w.total);
        prop_assert!(capped.listed.len() == w.listed.len().min(3));
        for mv in &capped.listed {
            prop_assert!(w.listed.contains(mv));
        }
    }
}
