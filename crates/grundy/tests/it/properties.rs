//! Property tests on random games: engines against each other and against
//! the exhaustive judge.

use grundy::exhaustive::Exhaustive;
use grundy::ruleset::{AllBut, SubtractionSet, TakeAndBreak};
use grundy::values::{self, Engine, Options};
use grundy::{Nimber, Ruleset, sum};
use proptest::prelude::*;

fn subtraction_game() -> impl Strategy<Value = Ruleset> {
    prop::collection::vec(1u64..=12, 1..=4)
        .prop_map(|m| Ruleset::Subtraction(SubtractionSet::finite(m).unwrap()))
}

/// Codes `d0.d1…dk` with up to four digits after the point.
fn take_and_break_game() -> impl Strategy<Value = Ruleset> {
    (
        prop::sample::select(vec![0u8, 4]),
        prop::collection::vec(0u8..=7, 1..=4),
    )
        .prop_map(|(d0, rest)| {
            let mut digits = vec![d0];
            digits.extend(rest);
            Ruleset::TakeAndBreak(TakeAndBreak::new(digits).expect("d0 is 0 or 4"))
        })
}

fn all_but_game() -> impl Strategy<Value = Ruleset> {
    prop::collection::vec(1u64..=15, 1..=4).prop_map(|m| Ruleset::AllBut(AllBut::new(m).unwrap()))
}

fn naive(game: &Ruleset, to: u64) -> Vec<u64> {
    let options = Options {
        engine: Engine::Naive,
        ..Options::default()
    };
    values::compute_with(game, to, options, &mut grundy::values::silent)
        .unwrap()
        .to_vec()
}

/// The mex law, checked from the explicit options of every heap up to `to`.
fn obeys_mex_law(game: &Ruleset, to: u64) -> Result<(), TestCaseError> {
    let table = values::compute(game, to).unwrap();
    for n in 0..=to {
        let seen: std::collections::HashSet<Nimber> = game
            .options(n)
            .iter()
            .map(|m| sum::value(&table, &m.parts).unwrap())
            .collect();
        let g = table.get(n).unwrap();
        prop_assert!(!seen.contains(&g), "{game}: G({n}) among its options");
        for v in 0..g.value() {
            prop_assert!(seen.contains(&Nimber::new(v)), "{game}: G({n}) misses {v}");
        }
    }
    Ok(())
}

fn agrees_with_judge(game: &Ruleset, to: u64) -> Result<(), TestCaseError> {
    let table = values::compute(game, to).unwrap();
    let mut judge = Exhaustive::new(game.clone());
    for n in 0..=to {
        prop_assert_eq!(
            table.raw(n as usize) == 0,
            !judge.first_player_wins(&[n]),
            "{} heap {}",
            game,
            n
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn subtraction_games_agree_with_the_judge(game in subtraction_game()) {
        agrees_with_judge(&game, 30)?;
        obeys_mex_law(&game, 300)?;
    }

    #[test]
    fn take_and_break_games_agree_with_the_judge(game in take_and_break_game()) {
        agrees_with_judge(&game, 16)?;
        obeys_mex_law(&game, 80)?;
    }

    #[test]
    fn all_but_fast_engine_equals_naive(game in all_but_game(), to in 0u64..400) {
        prop_assert_eq!(values::compute(&game, to).unwrap().to_vec(), naive(&game, to));
        agrees_with_judge(&game, 10)?;
    }

    #[test]
    fn specs_round_trip(game in prop_oneof![subtraction_game(), take_and_break_game(), all_but_game()]) {
        let again: Ruleset = game.to_string().parse().unwrap();
        prop_assert_eq!(again, game);
    }

    #[test]
    fn sums_are_xors_and_winning_moves_win(
        game in take_and_break_game(),
        heaps in prop::collection::vec(0u64..40, 1..5),
    ) {
        let table = values::compute(&game, 40).unwrap();
        let xor = heaps.iter().fold(0, |acc, &h| acc ^ table.raw(h as usize));
        prop_assert_eq!(sum::value(&table, &heaps).unwrap().value(), xor);
        let moves = sum::winning_moves(&game, &table, &heaps).unwrap();
        prop_assert_eq!(moves.is_empty(), xor == 0);
        for mv in moves {
            prop_assert!(sum::value(&table, &mv.apply(&heaps)).unwrap().is_zero());
        }
    }

    #[test]
    fn extending_a_table_equals_computing_it_at_once(game in take_and_break_game(), a in 0u64..60, b in 0u64..60) {
        let mut table = values::compute(&game, a).unwrap();
        values::extend_with(&game, &mut table, a + b, Options::default(), &mut grundy::values::silent).unwrap();
        prop_assert_eq!(table.to_vec(), naive(&game, a + b));
    }
}
