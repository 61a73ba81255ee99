//! The bitset engine against its naive twin on random hexadecimal codes,
//! computed at once and in steps, through every way of reaching it.

use grundy::ruleset::TakeAndBreak;
use grundy::values::bitsets::{self, Computation};
use grundy::values::{self, Budget, Engine, Options, Stepper};
use grundy::{ErrorKind, Ruleset, ValueTable};
use proptest::prelude::*;

fn naive(game: &Ruleset, to: u64) -> ValueTable {
    let options = Options {
        engine: Engine::Naive,
        ..Options::default()
    };
    values::compute_with(game, to, options, &mut grundy::values::silent).unwrap()
}

fn with_bitsets(game: &Ruleset, len: usize) -> ValueTable {
    let mut table = ValueTable::new();
    bitsets::extend(
        game,
        &mut table,
        len,
        Budget::default(),
        &mut grundy::values::silent,
    )
    .unwrap();
    table
}

/// Hexadecimal codes `d0.d1…dk`, `d0` in {0, 4, 8, c}, one to four digits
/// 0–f after the point.
fn hex_code() -> impl Strategy<Value = Ruleset> {
    (
        prop::sample::select(vec![0u8, 4, 8, 12]),
        prop::collection::vec(0u8..=15, 1..=4),
    )
        .prop_filter_map("a code must allow some move", |(d0, rest)| {
            let mut digits = vec![d0];
            digits.extend(rest);
            TakeAndBreak::new(digits).ok().map(Ruleset::TakeAndBreak)
        })
}

/// Codes of many digits whose values grow with the heap (four digits e or
/// f first: every take may leave one, two or three heaps), so that the sets
/// widen several times within a few hundred heaps.
fn wide_code() -> impl Strategy<Value = Ruleset> {
    (
        prop::sample::select(vec![0u8, 4, 8, 12]),
        prop::collection::vec(14u8..=15, 4),
        prop::collection::vec(0u8..=15, 0..=8),
    )
        .prop_map(|(d0, first, rest)| {
            let mut digits = vec![d0];
            digits.extend(first);
            digits.extend(rest);
            Ruleset::TakeAndBreak(TakeAndBreak::new(digits).unwrap())
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn bitsets_equal_naive_on_hexadecimal_codes(game in hex_code(), to in 0u64..300) {
        prop_assert_eq!(with_bitsets(&game, to as usize + 1), naive(&game, to), "{}", game);
    }

    #[test]
    fn one_engine_kept_between_steps_equals_computing_at_once(
        game in hex_code(),
        steps in prop::collection::vec(1usize..120, 1..6),
        other in 0u64..300,
    ) {
        let mut table = ValueTable::new();
        let mut engine = Computation::new(&game, Budget::default()).unwrap();
        let mut len = 0;
        for step in steps {
            len += step;
            engine.extend(&mut table, len, &mut grundy::values::silent).unwrap();
        }
        prop_assert_eq!(&table, &naive(&game, len as u64 - 1), "{}", game);
        // Handed another table, the engine rebuilds its sets from its values.
        let mut shorter = naive(&game, other % len as u64);
        engine.extend(&mut shorter, len, &mut grundy::values::silent).unwrap();
        prop_assert_eq!(&shorter, &table, "{}", game);
    }

    #[test]
    fn rebuilding_from_a_table_equals_computing_at_once(game in hex_code(), a in 0usize..200, b in 0usize..200) {
        let mut table = with_bitsets(&game, a);
        bitsets::extend(&game, &mut table, a + b, Budget::default(), &mut grundy::values::silent).unwrap();
        prop_assert_eq!(table, with_bitsets(&game, a + b), "{}", game);
    }

    #[test]
    fn the_stepper_with_bitsets_equals_naive(game in hex_code(), cuts in prop::collection::vec(0u64..250, 1..5)) {
        let options = Options { engine: Engine::Bitsets, ..Options::default() };
        let mut stepper = Stepper::new(&game, options);
        let mut table = ValueTable::new();
        let mut to = 0;
        for cut in cuts {
            to += cut;
            let report = stepper.extend(&mut table, to, &mut grundy::values::silent).unwrap();
            prop_assert!(report.engine.is_none_or(|e| e == Engine::Bitsets));
        }
        prop_assert_eq!(table, naive(&game, to), "{}", game);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Values pass 64, 128, 256: the sets widen between heaps, in a step
    /// or in a rebuild, and nothing changes.
    #[test]
    fn widening_sets_change_no_value(game in wide_code(), to in 100u64..400, cut in 0usize..400) {
        let expected = naive(&game, to);
        prop_assert!(expected.max().value() >= 64, "{} max {}", game, expected.max());
        let len = to as usize + 1;
        prop_assert_eq!(&with_bitsets(&game, len), &expected, "{}", game);
        let mut engine = Computation::new(&game, Budget::default()).unwrap();
        let mut table = ValueTable::new();
        engine.extend(&mut table, cut.min(len), &mut grundy::values::silent).unwrap();
        engine.extend(&mut table, len, &mut grundy::values::silent).unwrap();
        prop_assert_eq!(&table, &expected, "{} in two steps", game);
        let mut rebuilt = with_bitsets(&game, cut.min(len));
        bitsets::extend(&game, &mut rebuilt, len, Budget::default(), &mut grundy::values::silent).unwrap();
        prop_assert_eq!(&rebuilt, &expected, "{} rebuilt", game);
    }
}

/// Octal codes too: the engine is exact for every take-and-break code.
#[test]
fn bitsets_equal_naive_on_octal_codes() {
    for spec in [
        "0.07", "0.77", "0.137", "0.6", "0.16", "4.07", "0.37", "0.4444", "0.3",
    ] {
        let game: Ruleset = spec.parse().unwrap();
        assert_eq!(with_bitsets(&game, 1001), naive(&game, 1000), "{spec}");
    }
}

#[test]
fn auto_chooses_bitsets_for_three_part_codes_only() {
    let engine_of = |spec: &str| {
        let game: Ruleset = spec.parse().unwrap();
        let mut table = ValueTable::new();
        values::extend_reporting(
            &game,
            &mut table,
            50,
            Options::default(),
            &mut grundy::values::silent,
        )
        .unwrap()
        .engine
    };
    assert_eq!(engine_of("hex:0.8f"), Some(Engine::Bitsets));
    assert_eq!(engine_of("hex:8.3"), Some(Engine::Bitsets));
    assert_eq!(engine_of("hex:0.4"), Some(Engine::Sparse));
    assert_eq!(engine_of("0.07"), Some(Engine::Sparse));
    assert_eq!(engine_of("0.33"), Some(Engine::Naive));
}

#[test]
fn bitsets_refuse_games_that_are_not_codes() {
    for spec in ["grundy", "sub:1,3,4", "nim", "allbut:1,2"] {
        let game: Ruleset = spec.parse().unwrap();
        let options = Options {
            engine: Engine::Bitsets,
            ..Options::default()
        };
        let err =
            values::compute_with(&game, 10, options, &mut grundy::values::silent).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidInput, "{spec}");
        assert_eq!(
            err.detail(),
            Some(&grundy::Detail::EngineDoesNotApply {
                engine: Engine::Bitsets
            }),
            "{err}"
        );
        assert!(
            !err.message().contains("--"),
            "a library error names a flag: {err}"
        );
    }
}

/// The largest heap an error says would fit.
fn at_most(message: &str) -> usize {
    let (_, rest) = message.split_once("at most ").expect("says how far fits");
    rest.split(' ').next().unwrap().parse().unwrap()
}

/// The sets are checked against the budget before they are allocated,
/// and again before they widen; the error says how far would fit, and that
/// far does.
#[test]
fn the_budget_bounds_the_sets() {
    // hex:0.f has values 0 and 1: 64-bit sets throughout, 12 bytes a heap
    // besides the table's one.
    let game: Ruleset = "hex:0.f".parse().unwrap();
    let small = Budget::bytes(20_000);
    let mut table = ValueTable::new();
    let err = bitsets::extend(
        &game,
        &mut table,
        10_000,
        small,
        &mut grundy::values::silent,
    )
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooLarge);
    assert!(table.is_empty());
    let to = at_most(err.message());
    assert!((1400..1600).contains(&to), "{err}");
    bitsets::extend(
        &game,
        &mut table,
        to + 1,
        small,
        &mut grundy::values::silent,
    )
    .unwrap();
    assert_eq!(table, naive(&game, to as u64));
    let err = bitsets::extend(
        &game,
        &mut table,
        to + 2,
        small,
        &mut grundy::values::silent,
    )
    .unwrap_err();
    assert_eq!(at_most(err.message()), to, "{err}");

    // hex:0.8f reaches 64 at heap 113: the sets widen, and need more.
    let game: Ruleset = "hex:0.8f".parse().unwrap();
    let mut table = ValueTable::new();
    let err =
        bitsets::extend(&game, &mut table, 1400, small, &mut grundy::values::silent).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooLarge, "{err}");
    assert!(err.message().contains("128 bits"), "{err}");
    assert_eq!(table.len(), 113);
    // What was computed before the refusal is right, and can go on.
    bitsets::extend(
        &game,
        &mut table,
        1400,
        Budget::default(),
        &mut grundy::values::silent,
    )
    .unwrap();
    assert_eq!(table, naive(&game, 1399));
}
