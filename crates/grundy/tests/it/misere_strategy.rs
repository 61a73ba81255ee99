//! Playing from a quotient ([`grundy::misere::Strategy`]) against the
//! game-tree search: the same outcome and the same winning moves, in the
//! same order, on sums within the bound; and past the bound, once the
//! period is proved, the moves a larger quotient computed from the rules
//! finds.

use grundy::Ruleset;
use grundy::misere::{Judge, Outcome, Quotient, Strategy, pretending_period};
use proptest::prelude::*;

use super::misere::{multisets, take_and_break_game};

const BYTES: u64 = 1 << 26;

fn agrees_with_judge(game: &Ruleset, strategy: &Strategy, heaps: &[u64], judge: &mut Judge) {
    let moves = strategy.winning_moves(game, heaps).unwrap();
    assert_eq!(
        strategy.outcome(heaps).unwrap(),
        judge.outcome(heaps).unwrap(),
        "{game} {heaps:?}"
    );
    assert_eq!(
        moves,
        judge.winning_moves(heaps).unwrap(),
        "{game} {heaps:?}"
    );
    // A sum is won exactly when it has a winning move, or no move at all.
    let can_move = heaps.iter().any(|&h| game.has_move(h));
    assert_eq!(
        strategy.outcome(heaps).unwrap() == Outcome::N,
        !moves.is_empty() || !can_move,
        "{game} {heaps:?}"
    );
}

#[test]
fn kayles_and_dawsons_kayles_play_as_the_judge_on_three_heaps() {
    for (spec, max) in [("0.77", 12), ("0.07", 12), ("0.137", 10), ("grundy", 12)] {
        let game: Ruleset = spec.parse().unwrap();
        let strategy = Strategy::new(&game, Quotient::compute(&game, max, BYTES).unwrap());
        let mut judge = Judge::new(game.clone(), BYTES);
        for heaps in multisets(3, max) {
            agrees_with_judge(&game, &strategy, &heaps, &mut judge);
        }
    }
}

#[test]
fn a_bounded_strategy_refuses_heaps_past_its_bound() {
    let game: Ruleset = "0.07".parse().unwrap();
    let strategy = Strategy::new(&game, Quotient::compute(&game, 10, BYTES).unwrap());
    assert!(!strategy.covers_every_heap());
    assert!(strategy.covers(10) && !strategy.covers(11));
    let error = strategy.outcome(&[3, 11]).unwrap_err();
    assert!(error.to_string().contains("heap 11"), "{error}");
    assert!(strategy.winning_moves(&game, &[11]).is_err());
}

/// With the period proved at a small bound, heaps past it are answered
/// as by the quotient of a larger bound computed from the rules.
#[test]
fn a_proved_period_plays_past_the_bound_as_a_larger_quotient() {
    for spec in ["0.75", "0.22", "0.52", "0.34"] {
        let game: Ruleset = spec.parse().unwrap();
        let small = (4..=48)
            .map(|m| Strategy::new(&game, Quotient::compute(&game, m, BYTES).unwrap()))
            .find(Strategy::covers_every_heap)
            .unwrap_or_else(|| panic!("{spec}: no proved period up to 48"));
        let period = small.period().unwrap();
        assert_eq!(
            Some(*period),
            pretending_period(&game, small.quotient()),
            "{spec}: the strategy keeps the quotient's proved period"
        );
        let top = small.quotient().max_heap() + 2 * period.period + 6;
        let large = Strategy::new(&game, Quotient::compute(&game, top, BYTES).unwrap());
        for heaps in multisets(2, top) {
            assert_eq!(
                small.winning_moves(&game, &heaps).unwrap(),
                large.winning_moves(&game, &heaps).unwrap(),
                "{spec} {heaps:?}"
            );
            assert_eq!(
                small.outcome(&heaps).unwrap(),
                large.outcome(&heaps).unwrap()
            );
        }
        // Heaps of any size: the element repeats with the period.
        let far = 10u64.pow(15) + 3;
        let back = far - period.period * ((far - period.preperiod) / period.period);
        assert_eq!(
            small.element(far).unwrap(),
            small.element(back).unwrap(),
            "{spec}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn strategies_of_random_codes_play_as_the_judge(
        game in take_and_break_game(),
        heaps in prop::collection::vec(0u64..=9, 0..=4),
    ) {
        let quotient = match Quotient::compute(&game, 9, BYTES) {
            Ok(q) => q,
            // Codes whose quotient is not found are the construction's
            // business (tests in `misere.rs`), not the strategy's.
            Err(_) => return Ok(()),
        };
        let strategy = Strategy::new(&game, quotient);
        let mut judge = Judge::new(game.clone(), BYTES);
        agrees_with_judge(&game, &strategy, &heaps, &mut judge);
    }
}
