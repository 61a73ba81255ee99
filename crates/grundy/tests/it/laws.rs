//! The laws every value table obeys, checked from the explicit options.

use std::collections::HashSet;

use grundy::ruleset::TakeAndBreak;
use grundy::{Nimber, Ruleset, sum, values};

use crate::common::{FAMILIES, ruleset, splits_in_three};

/// G(n) is absent from the values of the options of n, and every smaller
/// value is present (the mex rule), where an option leaving several heaps has
/// the nim-sum of their values.
#[test]
fn each_value_is_the_mex_of_its_options() {
    for spec in FAMILIES {
        let game = ruleset(spec);
        let top = if splits_in_three(&game) { 40 } else { 150 };
        let table = values::compute(&game, top).unwrap();
        for n in 0..=top {
            let option_values: HashSet<Nimber> = game
                .options(n)
                .iter()
                .map(|m| sum::value(&table, &m.parts).unwrap())
                .collect();
            let g = table.get(n).unwrap();
            assert!(
                !option_values.contains(&g),
                "{spec}: G({n}) = {g} is an option's value"
            );
            for smaller in 0..g.value() {
                assert!(
                    option_values.contains(&Nimber::new(smaller)),
                    "{spec}: G({n}) = {g} but no option has value {smaller}"
                );
            }
        }
    }
}

/// P-positions are exactly the zeros: from a zero-valued sum every move
/// leads to a non-zero one; from a non-zero sum some move leads to zero.
#[test]
fn zeros_are_the_p_positions_of_sums() {
    for spec in FAMILIES {
        let game = ruleset(spec);
        let table = values::compute(&game, 12).unwrap();
        for a in 0..=12 {
            for b in a..=12 {
                let heaps = [a, b];
                let value = sum::value(&table, &heaps).unwrap();
                let winning = sum::winning_moves(&game, &table, &heaps).unwrap();
                assert_eq!(value.is_zero(), winning.is_empty(), "{spec} {heaps:?}");
                if value.is_zero() {
                    for (i, &h) in heaps.iter().enumerate() {
                        for mv in game.options(h) {
                            let mut next = heaps.to_vec();
                            next.remove(i);
                            next.extend(&mv.parts);
                            assert!(!sum::value(&table, &next).unwrap().is_zero());
                        }
                    }
                }
            }
        }
    }
}

/// The value of a sum is the XOR of its parts, whatever the order.
#[test]
fn value_of_a_sum_is_the_xor_of_its_parts() {
    let game = ruleset("0.77");
    let table = values::compute(&game, 40).unwrap();
    for a in 0..=40u64 {
        for b in 0..=40u64 {
            let expect = table.raw(a as usize) ^ table.raw(b as usize);
            assert_eq!(sum::value(&table, &[a, b]).unwrap().value(), expect);
            assert_eq!(sum::value(&table, &[b, a]).unwrap().value(), expect);
        }
    }
}

/// Known closed forms: nim's G(n) = n; a subtraction game 1..=k gives
/// n mod (k + 1).
#[test]
fn closed_forms() {
    let nim = values::compute(&ruleset("nim"), 300).unwrap();
    assert!((0..=300).all(|n| nim.raw(n) == n as u64));
    let sub = values::compute(&ruleset("sub:1,2,3"), 300).unwrap();
    assert!((0..=300).all(|n| sub.raw(n) == (n % 4) as u64));
}

/// `has_move` is the emptiness of `options`, on every family and on every
/// code `d0.d1d2` (hexadecimal digits included).
#[test]
fn has_move_is_having_an_option() {
    let mut games: Vec<Ruleset> = FAMILIES.iter().map(|spec| ruleset(spec)).collect();
    for d0 in [0, 4, 8, 0xc] {
        for d1 in 0..16 {
            for d2 in 0..16 {
                games.push(Ruleset::TakeAndBreak(
                    TakeAndBreak::new(vec![d0, d1, d2]).unwrap(),
                ));
            }
        }
    }
    for game in &games {
        for n in 0..=12 {
            assert_eq!(
                game.has_move(n),
                !game.options(n).is_empty(),
                "{game}, heap {n}"
            );
        }
    }
}

/// Library errors carry structured detail and never name a command-line
/// flag: each front end words the fix in its own terms.
#[test]
fn library_errors_name_no_flag_and_carry_detail() {
    use grundy::values::{self, Budget, Engine, Options};
    use grundy::{Detail, Ruleset};
    let tiny = Options {
        budget: Budget::bytes(1000),
        ..Options::default()
    };
    let game: Ruleset = "0.07".parse().unwrap();
    let err = values::compute_with(&game, 1_000_000, tiny, &mut values::silent).unwrap_err();
    assert!(matches!(
        err.detail(),
        Some(Detail::OverBudget {
            budget: 1000,
            fits: Some(999),
            ..
        })
    ));
    for (spec, engine) in [("nim", Engine::Sparse), ("grundy", Engine::Bitsets)] {
        let game: Ruleset = spec.parse().unwrap();
        let options = Options {
            engine,
            ..Options::default()
        };
        let err = values::compute_with(&game, 10, options, &mut values::silent).unwrap_err();
        assert_eq!(err.detail(), Some(&Detail::EngineDoesNotApply { engine }));
    }
    let mut messages = vec![err.to_string()];
    for bad in ["0.8g", "sub:0", "allbut:", "4.", "7", "sub:", "hex:0.g"] {
        messages.push(bad.parse::<Ruleset>().unwrap_err().to_string());
    }
    for m in messages {
        assert!(!m.contains("--"), "a library error names a flag: {m}");
    }
}
