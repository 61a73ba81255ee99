//! Where the misère quotient construction stops (issue 15, point 5). Past
//! the last bound it reaches, a heap tells apart sums of smaller heaps that
//! their quotient identifies, and learning the larger quotient passes its
//! bounds: the computation must then end with an error, never with a
//! quotient it has not proved. Below that bound, the quotients agree with the judge, and a
//! quotient with a proved period gives a certificate that verifies.

use grundy::misere::{Judge, Quotient, certificate, pretending_period};
use grundy::{ErrorKind, Ruleset};
use proptest::prelude::*;

use super::misere::{multisets, take_and_break_game};
use crate::common::ruleset;

const MEMO: u64 = 1 << 28;

/// The quotient's outcome is the judge's on every sum of up to `count`
/// heaps up to `max`.
fn agrees_with_judge(game: &Ruleset, q: &Quotient, count: usize, max: u64) -> Result<(), String> {
    let mut judge = Judge::new(game.clone(), MEMO);
    // Sums without empty heaps (heap 0 has no move and changes nothing).
    for heaps in multisets(count, max)
        .into_iter()
        .filter(|h| !h.contains(&0))
    {
        let (by_q, by_judge) = (q.outcome(&heaps).unwrap(), judge.outcome(&heaps).unwrap());
        if by_q != by_judge {
            return Err(format!(
                "{game} to {}: {heaps:?} quotient {by_q:?}, judge {by_judge:?}",
                q.max_heap()
            ));
        }
    }
    Ok(())
}

/// One past the largest bound reached with the default memory (0.07 has
/// 638 elements at heap 33, 0.137 at 32, Grundy's game 48 at 28), here
/// under a 64 MiB bound: refused with an error, or, once the construction
/// goes further, a quotient that agrees with the judge on every sum of two
/// heaps up to the bound and three up to 12.
#[test]
fn past_the_last_bound_reached_the_construction_stops_rather_than_guesses() {
    for (spec, max) in [("0.07", 34), ("0.137", 33), ("grundy", 29)] {
        let game = ruleset(spec);
        match Quotient::compute(&game, max, 1 << 26) {
            Ok(q) => {
                agrees_with_judge(&game, &q, 2, max).unwrap();
                agrees_with_judge(&game, &q, 3, 12).unwrap();
            }
            Err(e) => assert!(
                matches!(e.kind(), ErrorKind::Overflow | ErrorKind::TooLarge),
                "{spec} to {max}: {e}"
            ),
        }
    }
}

/// Large quotients of the wild games (0.07 and 0.137 to heap 30, past
/// heaps that split the smaller heaps' quotients, built by levels of
/// copies; Grundy's game to 28, the largest it reaches) agree with the
/// judge on every sum of two heaps up to the bound and three up to 14.
#[test]
fn the_largest_wild_quotients_agree_with_the_judge() {
    for (spec, max, size) in [("0.07", 30, 360), ("0.137", 30, 520), ("grundy", 28, 48)] {
        let game = ruleset(spec);
        let q = Quotient::compute(&game, max, MEMO).unwrap();
        assert_eq!(q.len(), size, "{spec} to {max}");
        agrees_with_judge(&game, &q, 2, max).unwrap();
        agrees_with_judge(&game, &q, 3, 14).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// For random codes to heap 10, whichever way each heap is added
    /// (adjoined, or learned where it splits): a quotient agrees with the
    /// judge on every sum of up to four heaps up to 8 and three up to 10.
    #[test]
    fn random_quotients_agree_on_sums_of_four_heaps(game in take_and_break_game()) {
        match Quotient::compute(&game, 10, MEMO) {
            Ok(q) => {
                prop_assert!(agrees_with_judge(&game, &q, 4, 8).is_ok(), "{:?}", agrees_with_judge(&game, &q, 4, 8));
                prop_assert!(agrees_with_judge(&game, &q, 3, 10).is_ok(), "{:?}", agrees_with_judge(&game, &q, 3, 10));
            }
            Err(e) => prop_assert!(
                matches!(e.kind(), ErrorKind::Overflow | ErrorKind::TooLarge),
                "{} to 10: {}", game, e
            ),
        }
    }

    /// For random codes to heap 14: a quotient agrees with the judge on
    /// sums of two heaps up to 14 and three up to 8, and where its period
    /// is proved its certificate verifies; no quotient is an Overflow or
    /// TooLarge error, nothing else.
    #[test]
    fn random_codes_are_proved_or_refused(game in take_and_break_game()) {
        match Quotient::compute(&game, 14, MEMO) {
            Ok(q) => {
                prop_assert!(agrees_with_judge(&game, &q, 2, 14).is_ok(), "{:?}", agrees_with_judge(&game, &q, 2, 14));
                prop_assert!(agrees_with_judge(&game, &q, 3, 8).is_ok(), "{:?}", agrees_with_judge(&game, &q, 3, 8));
                if let Some(period) = pretending_period(&game, &q).filter(|p| p.is_proved()) {
                    let text = certificate::write(&game, &q, &period).unwrap();
                    let verified = certificate::verify(&text);
                    prop_assert!(verified.is_ok(), "{} certificate: {:?}", game, verified.err());
                }
            }
            Err(e) => prop_assert!(
                matches!(e.kind(), ErrorKind::Overflow | ErrorKind::TooLarge),
                "{} to 14: {}", game, e
            ),
        }
    }
}

/// Quotients that pass through a heap splitting the smaller heaps'
/// quotient (0.07 at heap 10, Kayles and 0.137 at 9, Grundy's game at 13:
/// learned there, see `misere/learn.rs`) agree with the judge on every sum
/// of up to four heaps up to 12 and three up to the bound.
#[test]
fn quotients_learned_past_a_split_agree_with_the_judge() {
    for (spec, max) in [("0.07", 16), ("0.77", 16), ("0.137", 16), ("grundy", 16)] {
        let game = ruleset(spec);
        let q = Quotient::compute(&game, max, MEMO).unwrap();
        agrees_with_judge(&game, &q, 4, 12).unwrap();
        agrees_with_judge(&game, &q, 3, max).unwrap();
    }
}

/// 0.35 stopped at heap 6 before learning (heap 6 splits the quotient of
/// the smaller heaps); learned, its quotients have hundreds of elements:
/// 246 to heap 10, 426 to heap 11, and (since the learner starts from the
/// failing candidate's refinements and remembers sums by normal form) 774
/// to heap 12. Each agrees with the judge on every sum of up to four heaps
/// up to the bound.
#[test]
fn learned_quotients_of_hundreds_of_elements_agree_with_the_judge() {
    let game = ruleset("0.35");
    for (max, size) in [(10, 246), (11, 426), (12, 774)] {
        let q = Quotient::compute(&game, max, MEMO).unwrap();
        assert_eq!(q.len(), size, "0.35 to {max}");
        agrees_with_judge(&game, &q, 4, max).unwrap();
    }
}

/// A caller can stop the construction while it learns a heap, not only
/// between heaps: learning 0.35's heap 12 asks to go on again and again
/// before it ends, and a no there ends the computation with Interrupted.
#[test]
fn learning_a_heap_can_be_stopped_midway() {
    use std::ops::ControlFlow;
    let game = ruleset("0.35");
    // How often heap 12's learning asks, when let run.
    let mut asked = 0;
    let q = Quotient::compute_with(&game, 12, MEMO, &mut |p| {
        if p.done == 11 {
            asked += 1;
        }
        ControlFlow::Continue(())
    })
    .unwrap();
    assert_eq!(q.max_heap(), 12);
    assert!(asked > 2, "heap 12's learning asked {asked} times");
    // Stopped at the second question during heap 12.
    let mut during = 0;
    let err = Quotient::compute_with(&game, 12, MEMO, &mut |p| {
        if p.done == 11 {
            during += 1;
            if during == 2 {
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    })
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Interrupted, "{err}");
    assert!(err.to_string().contains("heap 11"), "{err}");
}

/// Where the construction stops, the quotient it reached comes back with
/// the error, and is the quotient of the heaps below the stop, the same as
/// asked for directly: for 0.14 learning stops at heap 17 and the earlier
/// construction at 22, so the quotient up to 21 comes from the second,
/// reduced from its finer monoid.
#[test]
fn a_stopped_construction_returns_the_quotient_it_reached() {
    let game = ruleset("0.14");
    let stopped =
        Quotient::compute_as_far_as(
            &game,
            24,
            MEMO,
            &mut |_| std::ops::ControlFlow::Continue(()),
        )
        .unwrap_err();
    assert_eq!(stopped.error.kind(), ErrorKind::Overflow);
    let reached = stopped.reached.expect("a quotient below the stop");
    assert_eq!(reached.max_heap(), 21);
    let direct = Quotient::compute(&game, 21, MEMO).unwrap();
    assert_eq!(reached.len(), direct.len());
    assert_eq!(reached.rows(), direct.rows());
    assert_eq!(reached.p_portion(), direct.p_portion());
    assert_eq!(reached.heap_elements(), direct.heap_elements());
    agrees_with_judge(&game, &reached, 2, 21).unwrap();
}

/// Learning that stops at the caller's memory bound does not end the
/// search: the earlier construction, which gets through 0.16's split at
/// heap 14 in a few megabytes, is tried next under the same bound, and
/// its quotient is the one the default bound finds.
#[test]
fn a_memory_bound_that_stops_learning_still_tries_the_earlier_construction() {
    let game = ruleset("0.16");
    let small = Quotient::compute(&game, 16, 1 << 26).unwrap();
    let default = Quotient::compute(&game, 16, MEMO).unwrap();
    assert_eq!(small.len(), default.len());
    assert_eq!(small.rows(), default.rows());
    assert_eq!(small.p_portion(), default.p_portion());
    assert_eq!(small.heap_elements(), default.heap_elements());
    agrees_with_judge(&game, &small, 2, 16).unwrap();
}

/// 4.76 stops at heap 6, and is probably right to: beside 6 + 3, the sums
/// of j ≥ 2 copies of heap 5 with i copies of heap 2 are won for every
/// i < j, lost at i = j, and alternate from there (the judge, from the
/// rules alone, for j ≤ 10 and i ≤ 16), so the first lost i moves with j and the sums j·5, j = 2..10,
/// are nine distinct elements of the quotient of heaps up to 6; by all
/// appearances every j is its own, and the quotient is infinite. (Found by
/// the levels of `misere/levels.rs`: beside copies of 6 and 5, heap 3
/// splits again at one more copy of 2 each level. An earlier note here
/// guessed a small quotient; it had only looked at families with one heap
/// beside.) Observed, not proved for every j. Whatever the construction
/// answers must fit this.
#[test]
fn heaps_of_five_beside_six_and_three_of_4_76_are_all_told_apart() {
    let game = ruleset("4.76");
    let mut judge = Judge::with_normal_form(game.clone(), MEMO);
    let rows: Vec<Vec<bool>> = (2..=10usize)
        .map(|j| {
            (0..=16usize)
                .map(|i| {
                    let heaps = [vec![6, 3], vec![5; j], vec![2; i]].concat();
                    judge.outcome(&heaps).unwrap().next_player_wins()
                })
                .collect()
        })
        .collect();
    for (j, row) in rows.iter().enumerate() {
        let copies = j + 2;
        assert!(row[..copies].iter().all(|&won| won), "{copies}·5: {row:?}");
        assert!(!row[copies], "{copies}·5 + {copies}·2 is lost");
        for (i, earlier) in rows[..j].iter().enumerate() {
            assert_ne!(
                row,
                earlier,
                "{}·5 and {}·5 beside 6 + 3 + i·2",
                i + 2,
                j + 2
            );
        }
    }
    match Quotient::compute(&game, 6, MEMO) {
        Ok(q) => {
            let images: std::collections::HashSet<_> = (2..=10usize)
                .map(|j| q.element_of(&vec![5; j]).unwrap())
                .collect();
            assert_eq!(images.len(), 9);
        }
        Err(e) => assert!(
            matches!(e.kind(), ErrorKind::Overflow | ErrorKind::TooLarge),
            "{e}"
        ),
    }
}

/// Where the construction stops early it may be right to: the quotient of
/// 0.354's heaps up to 5 has at least 13 elements, and by all appearances
/// infinitely many. The judge, from the
/// rules alone, shows that beside k copies of heap 5 the sums of j copies
/// of heap 4 behave differently for every j up to 12, so those 13 sums
/// are 13 distinct elements. (In the judge's table for j ≤ 16, k ≤ 30,
/// j·4 + k·5 is lost, for even j, at every even k below 2j and, for odd
/// j, first at k = 2j + 2; from there on with period 6 in k: where the
/// period starts moves with j.) The pattern suggests that
/// every j is its own element: an infinite quotient, as Weimerskirch
/// found for 0.3122 up to heap 7 (GONC 4, pp. 267–278). Observed, not
/// proved for every j. Whatever the construction answers must fit this.
#[test]
fn heaps_of_four_beside_heaps_of_five_of_0_354_are_all_told_apart() {
    let game = ruleset("0.354");
    let mut judge = Judge::with_normal_form(game.clone(), MEMO);
    let rows: Vec<Vec<bool>> = (0..=12usize)
        .map(|j| {
            (0..=28usize)
                .map(|k| {
                    let heaps = [vec![4; j], vec![5; k]].concat();
                    judge.outcome(&heaps).unwrap().next_player_wins()
                })
                .collect()
        })
        .collect();
    for (j, row) in rows.iter().enumerate() {
        for (i, earlier) in rows[..j].iter().enumerate() {
            assert_ne!(row, earlier, "{i}·4 and {j}·4 beside k·5");
        }
    }
    match Quotient::compute(&game, 5, MEMO) {
        Ok(q) => {
            let images: std::collections::HashSet<_> = (0..=12usize)
                .map(|j| q.element_of(&vec![4; j]).unwrap())
                .collect();
            assert_eq!(images.len(), 13, "a quotient that merges them is wrong");
        }
        Err(e) => assert!(
            matches!(e.kind(), ErrorKind::Overflow | ErrorKind::TooLarge),
            "{e}"
        ),
    }
}
