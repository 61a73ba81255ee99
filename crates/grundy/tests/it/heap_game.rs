//! Heap games given by their options (issue 35): callbacks written from
//! the rules in words equal the built-in engines, every `Ruleset` is a
//! `HeapGame`, bad options get errors that name the heap, and Project
//! Euler 550's divisor game, which no spec family holds, is a callback.

use std::collections::HashMap;
use std::ops::ControlFlow::Continue;

use grundy::heap_game::{self, HeapGame, from_fn};
use grundy::ruleset::TakeAndBreak;
use grundy::values::{self, Budget};
use grundy::{ErrorKind, Ruleset};
use proptest::prelude::*;

use crate::common::ruleset;

/// Kayles as the rule says it: knock down one pin or two adjacent pins of a
/// row, leaving the pins left and right of them.
fn kayles_by_hand(n: u64, out: &mut Vec<Vec<u64>>) -> grundy::Result<()> {
    for take in 1..=2.min(n) {
        for left in 0..=n - take {
            let right = n - take - left;
            out.push([left, right].into_iter().filter(|&h| h > 0).collect());
        }
    }
    Ok(())
}

/// Dawson's Kayles, 0.07: knock down two adjacent pins.
fn dawson_by_hand(n: u64, out: &mut Vec<Vec<u64>>) -> grundy::Result<()> {
    if n >= 2 {
        for left in 0..=n - 2 {
            out.push(vec![left, n - 2 - left]);
        }
    }
    Ok(())
}

/// Grundy's game: split a heap into two heaps of different sizes.
fn grundy_by_hand(n: u64, out: &mut Vec<Vec<u64>>) -> grundy::Result<()> {
    out.extend((1..n).filter(|&a| 2 * a != n).map(|a| vec![a, n - a]));
    Ok(())
}

/// Nim Square: remove a positive square.
fn squares_by_hand(n: u64, out: &mut Vec<Vec<u64>>) -> grundy::Result<()> {
    out.extend(
        (1..)
            .map(|k| k * k)
            .take_while(|&s| s <= n)
            .map(|s| vec![n - s]),
    );
    Ok(())
}

#[test]
fn callbacks_from_the_rules_equal_the_built_in_engines() {
    type ByHand = fn(u64, &mut Vec<Vec<u64>>) -> grundy::Result<()>;
    let cases: [(&str, ByHand); 4] = [
        ("kayles", kayles_by_hand),
        ("0.07", dawson_by_hand),
        ("grundy", grundy_by_hand),
        ("sub:squares", squares_by_hand),
    ];
    for (spec, by_hand) in cases {
        let game = ruleset(spec);
        let built_in = values::compute(&game, 3000).unwrap();
        let mine = heap_game::values(
            &from_fn(by_hand),
            3000,
            Budget::default(),
            &mut values::silent,
        )
        .unwrap();
        assert_eq!(mine, built_in, "{spec}");
        // The built-in family is a HeapGame too, with the same values.
        let as_trait =
            heap_game::values(&game, 3000, Budget::default(), &mut values::silent).unwrap();
        assert_eq!(as_trait, built_in, "{spec}");
    }
}

/// An octal code as a callback, from the meaning of its digits: remove
/// `take` tokens and leave no heap (bit 1), one heap (bit 2) or two heaps
/// (bit 4).
fn octal_by_hand(digits: &[u8], n: u64, out: &mut Vec<Vec<u64>>) {
    for (take, &d) in digits.iter().enumerate() {
        let take = take as u64;
        if take == 0 || take > n {
            continue;
        }
        let rest = n - take;
        if d & 1 != 0 && rest == 0 {
            out.push(vec![]);
        }
        if d & 2 != 0 && rest > 0 {
            out.push(vec![rest]);
        }
        if d & 4 != 0 {
            out.extend((1..rest).map(|a| vec![a, rest - a]));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn octal_codes_as_callbacks_equal_the_engines(digits in prop::collection::vec(0u8..=7, 1..=4)) {
        let mut code = vec![0u8];
        code.extend(&digits);
        let game = Ruleset::TakeAndBreak(TakeAndBreak::new(code.clone()).unwrap());
        let callback = from_fn(|n, out| {
            octal_by_hand(&code, n, out);
            Ok(())
        });
        let mine = heap_game::values(&callback, 600, Budget::default(), &mut values::silent).unwrap();
        prop_assert_eq!(mine, values::compute(&game, 600).unwrap(), "{}", game);
    }
}

#[test]
fn heap_game_errors_name_the_heap_and_the_option() {
    let grows = from_fn(|n, out| {
        out.push(vec![n]);
        Ok(())
    });
    let err = heap_game::values(&grows, 5, Budget::default(), &mut values::silent).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    assert!(
        err.to_string().contains("the heap of 0 has the option [0]"),
        "{err}"
    );

    let fails = from_fn(|n, _| {
        if n == 3 {
            Err(grundy::Error::new(
                ErrorKind::Interrupted,
                "the callback stopped",
            ))
        } else {
            Ok(())
        }
    });
    let mut table = grundy::ValueTable::new();
    let err = heap_game::extend(
        &fails,
        &mut table,
        10,
        Budget::default(),
        &mut values::silent,
    )
    .unwrap_err();
    assert_eq!(err.to_string(), "the callback stopped");
    assert_eq!(
        table.len(),
        3,
        "the values before the failing heap are kept"
    );

    let tiny = Budget::bytes(100);
    let err = heap_game::values(&grows, 1000, tiny, &mut values::silent).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooLarge);

    let stop = heap_game::values(
        &from_fn(grundy_by_hand),
        100_000,
        Budget::default(),
        &mut |p| {
            if p.done > 1000 {
                std::ops::ControlFlow::Break(())
            } else {
                Continue(())
            }
        },
    )
    .unwrap_err();
    assert_eq!(stop.kind(), ErrorKind::Interrupted);
}

/// A `HeapGame` that is a built-in family lists the same options as the
/// family's moves.
#[test]
fn rulesets_are_heap_games_with_their_moves_as_options() {
    for spec in [
        "0.137",
        "split:2..4",
        "sub:proper-divisors",
        "sub:3k+2",
        "allbut:1,3",
    ] {
        let game = ruleset(spec);
        for n in 0..30 {
            let mut out = Vec::new();
            HeapGame::options(&game, n, &mut out).unwrap();
            let parts: Vec<Vec<u64>> = game.options(n).into_iter().map(|m| m.parts).collect();
            assert_eq!(out, parts, "{spec} {n}");
        }
    }
}

/// Project Euler 550, Divisor game (https://projecteuler.net/problem=550):
/// a pile is replaced by two piles whose sizes are divisors of it, each
/// more than one and less than the pile. No spec family holds it: it is a
/// callback. f(n, k) counts the winning positions of k piles of 2 to n
/// stones; the statement gives f(10, 5) = 40085.
#[test]
fn project_euler_550_divisor_game() {
    let game = from_fn(|n, out| {
        let divisors: Vec<u64> = (2..n).filter(|&d| n.is_multiple_of(d)).collect();
        for (i, &a) in divisors.iter().enumerate() {
            out.extend(divisors[i..].iter().map(|&b| vec![a, b]));
        }
        Ok(())
    });
    let g = heap_game::values(&game, 10, Budget::default(), &mut values::silent).unwrap();
    // Positions of k piles counted by the nim-sum of their values.
    let mut by_value: HashMap<u64, u64> = HashMap::from([(0, 1)]);
    for _ in 0..5 {
        let mut next: HashMap<u64, u64> = HashMap::new();
        for (&x, &ways) in &by_value {
            for pile in 2..=10 {
                *next.entry(x ^ g.raw(pile)).or_default() += ways;
            }
        }
        by_value = next;
    }
    let winning: u64 = by_value
        .iter()
        .filter(|&(&x, _)| x != 0)
        .map(|(_, &w)| w)
        .sum();
    assert_eq!(winning, 40_085);
}
