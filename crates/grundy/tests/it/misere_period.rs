//! The period of the pretending map: a proved period extends the quotient to
//! every heap, so a larger quotient computed from the rules must be the same
//! monoid with the predicted map, and the game-tree search must agree with
//! the extended map on sums with heaps past the bound.

use std::collections::HashMap;

use grundy::Ruleset;
use grundy::misere::{Judge, Quotient, pretending_period};
use proptest::prelude::*;

const BYTES: u64 = 1 << 26;

/// The least bound from 4 up to which the quotient proves its period.
fn proved_quotient(game: &Ruleset) -> (Quotient, grundy::misere::PretendingPeriod) {
    for m in 4..=48 {
        let q = Quotient::compute(game, m, BYTES).unwrap();
        if let Some(period) = pretending_period(game, &q).filter(|p| p.is_proved()) {
            return (q, period);
        }
    }
    panic!("{game}: no proved period up to heap 48");
}

/// Codes whose quotients are found quickly and whose maps are periodic
/// within heap 48, from tame (two elements) to 36 elements (0.71).
const CODES: [&str; 12] = [
    "0.01", "0.03", "0.12", "0.22", "0.31", "0.33", "0.52", "0.71", "0.73", "0.75", "0.23", "0.2",
];

#[test]
fn a_proved_period_is_the_quotient_of_larger_bounds() {
    for spec in CODES {
        let game: Ruleset = spec.parse().unwrap();
        let (small, period) = proved_quotient(&game);
        let (_, needs) = period.proof.unwrap();
        assert!(needs <= small.max_heap(), "{spec}");
        let top = small.max_heap() + 3 * period.period + 12;
        let large = Quotient::compute(&game, top, BYTES).unwrap();
        assert_eq!(large.len(), small.len(), "{spec}: the quotient grew");
        // The elements of the two correspond through the heaps (both maps
        // are onto, the identity is element 0).
        let mut to_large: HashMap<u32, u32> = HashMap::new();
        for n in 0..=top {
            let predicted = period.element(&small, n);
            let actual = large.heap_elements()[n as usize];
            let seen = *to_large.entry(predicted).or_insert(actual);
            assert_eq!(seen, actual, "{spec}: heap {n} breaks the period");
        }
        // A correspondence on the generators that respects products and the
        // P-portion is an isomorphism; check it on every pair reached.
        let small_elements: Vec<u32> = to_large.keys().copied().collect();
        for &a in &small_elements {
            assert_eq!(small.is_lost(a), large.is_lost(to_large[&a]), "{spec}");
            for &b in &small_elements {
                let ab = small.multiply(a, b);
                if let Some(&image) = to_large.get(&ab) {
                    assert_eq!(image, large.multiply(to_large[&a], to_large[&b]), "{spec}");
                }
            }
        }
    }
}

#[test]
fn the_extended_map_gives_the_outcomes_of_the_game_tree_search() {
    for spec in ["0.12", "0.52", "0.73", "0.75", "0.71"] {
        let game: Ruleset = spec.parse().unwrap();
        let (q, period) = proved_quotient(&game);
        let mut judge = Judge::new(game.clone(), BYTES);
        let past = q.max_heap() + 1;
        // Heaps past the bound, alone and beside small heaps.
        for big in past..past + 2 * period.period + 4 {
            for small in 0..6 {
                let heaps = [big, small];
                let element = q.multiply(period.element(&q, big), period.element(&q, small));
                let by_quotient = !q.is_lost(element);
                let by_search = judge.outcome(&heaps).unwrap().next_player_wins();
                assert_eq!(by_quotient, by_search, "{spec} {heaps:?}");
            }
        }
    }
}

#[test]
fn short_of_the_window_a_period_is_only_observed() {
    let game: Ruleset = "0.75".parse().unwrap();
    let (q, period) = proved_quotient(&game);
    let (_, needs) = period.proof.unwrap();
    assert_eq!(q.max_heap(), needs, "the least bound that proves it");
    let short = Quotient::compute(&game, needs - 1, BYTES).unwrap();
    let observed = pretending_period(&game, &short).unwrap();
    assert!(!observed.is_proved());
    assert_eq!(
        (observed.preperiod, observed.period),
        (period.preperiod, period.period)
    );
    // No theorem for Grundy's game: its patterns are never proved.
    let grundy: Ruleset = "grundy".parse().unwrap();
    let q = Quotient::compute(&grundy, 12, BYTES).unwrap();
    assert!(pretending_period(&grundy, &q).is_none_or(|p| p.proof.is_none()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Finite subtraction games: the window theorem's period, proved, holds
    /// in a quotient three periods and a dozen heaps larger.
    #[test]
    fn subtraction_games_keep_a_proved_period(set in proptest::collection::btree_set(1u64..6, 1..4)) {
        let spec = format!("sub:{}", set.iter().map(u64::to_string).collect::<Vec<_>>().join(","));
        let game: Ruleset = spec.parse().unwrap();
        let Ok(q) = Quotient::compute(&game, 40, BYTES) else { return Ok(()) };
        let Some(period) = pretending_period(&game, &q).filter(|p| p.is_proved()) else { return Ok(()) };
        let top = 40 + 3 * period.period + 12;
        let large = Quotient::compute(&game, top, BYTES).unwrap();
        prop_assert_eq!(large.len(), q.len());
        let mut to_large: HashMap<u32, u32> = HashMap::new();
        for n in 0..=top {
            let actual = large.heap_elements()[n as usize];
            let seen = *to_large.entry(period.element(&q, n)).or_insert(actual);
            prop_assert_eq!(seen, actual, "{} heap {}", spec, n);
        }
    }
}

/// Plambeck and Siegel (2008) prove that every misère quotient of impartial
/// games has an even number of elements (as restated by Rubinstein-Salzedo
/// and Zhou, "Finite cardinalities of misère quotients", arXiv 2603.18244,
/// section 1): a law every quotient found must obey, once some heap has a
/// move (0.0, where none has, has the one-element quotient of the empty
/// game).
#[test]
fn every_quotient_has_an_even_order() {
    let mut found = 0;
    for d1 in 0..8 {
        for d2 in 0..8 {
            let game: Ruleset = format!("0.{d1}{d2}").parse().unwrap();
            if !(1..=12).any(|h| game.has_move(h)) {
                continue;
            }
            if let Ok(q) = Quotient::compute(&game, 12, BYTES) {
                assert_eq!(q.len() % 2, 0, "{game}: {} elements", q.len());
                found += 1;
            }
        }
    }
    assert!(found > 32, "only {found} quotients found");
}

/// The periods of the pretending maps published by Plambeck and Siegel,
/// "Misère quotients for impartial games: supplementary material" (arXiv
/// 0705.2404), Appendix B: the figure of wild two- and three-digit octal
/// games and the figure of wild four-digit quaternaries with relatively
/// simple quotients, column p (their codes with a repeated last digit are
/// left out: specs here are finite). Each is found here and proved.
#[test]
fn published_periods_of_pretending_maps_are_reproduced() {
    let published: [(&str, u64); 11] = [
        ("0.34", 8),
        ("0.75", 2),
        ("0.3101", 2),
        ("0.3131", 2),
        ("0.1023", 7),
        ("0.1032", 7),
        ("0.1033", 7),
        ("0.1331", 5),
        ("0.3103", 5),
        ("0.3112", 5),
        ("0.1323", 6),
    ];
    for (spec, p) in published {
        let game: Ruleset = spec.parse().unwrap();
        let q = Quotient::compute(&game, 40, BYTES).unwrap();
        let period = pretending_period(&game, &q).unwrap();
        assert!(period.is_proved(), "{spec}: {period:?}");
        assert_eq!(period.period, p, "{spec}");
    }
}
