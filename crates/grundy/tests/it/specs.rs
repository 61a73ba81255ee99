//! Reading game specs: every family, every alias, every form of a code
//! people write, every documented fault.

use grundy::exhaustive::Exhaustive;
use grundy::period::{self, Proof, Theorem};
use grundy::ruleset::TakeAndBreak;
use grundy::values::{self, Engine, Options, sparse};
use grundy::{ErrorKind, Ruleset, certificate};
use proptest::prelude::*;

#[test]
fn aliases_and_canonical_forms() {
    for (spec, canonical) in [
        ("paper-strip", "0.07"),
        ("dawson-kayles", "0.07"),
        ("kayles", "0.77"),
        ("dawsons-chess", "0.137"),
        ("nim-square", "sub:squares"),
        (".07", "0.07"),
        ("0.070", "0.07"),
        ("4.07", "4.07"),
        ("HEX:0.8F", "0.8f"),
        ("hex:0.8f", "0.8f"),
        ("hex:c.3", "c.3"),
        ("hex:0.7", "0.7"),
        ("hex:0.07", "0.07"),
        ("0.8f", "0.8f"),
        ("0.b8", "0.b8"),
        ("0.2b", "0.2b"),
        ("0.a", "0.a"),
        ("0.91", "0.91"),
        ("4.8f", "4.8f"),
        ("C.3", "c.3"),
        ("0.f0", "0.f"),
        ("0.0", "0.0"),
        ("0.00", "0.0"),
        (".0", "0.0"),
        ("hex:0.0", "0.0"),
        ("0", "0.0"),
        ("4", "4.0"),
        ("4.0", "4.0"),
        ("4.000", "4.0"),
        (" 4 ", "4.0"),
        ("8", "8.0"),
        ("c", "c.0"),
        ("hex:4", "4.0"),
        ("sub:4,1,3,3", "sub:1,3,4"),
        ("sub:powers2", "sub:powers2"),
        ("sub:primes", "sub:primes"),
        ("allbut:2,1", "allbut:1,2"),
        ("grundy", "grundy"),
        ("nim", "nim"),
    ] {
        let r: Ruleset = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
        assert_eq!(r.to_string(), canonical, "{spec}");
    }
}

#[test]
fn malformed_specs_say_what_to_do() {
    for (spec, hint) in [
        ("0.g", "'g' is not a code digit"),
        ("0.g", "0-7, and 8-f"),
        ("hex:0.g", "'g' is not a code digit"),
        ("0.7 7", "' ' is not a code digit"),
        ("5.07", "d0 may only be 0, 4, 8 or c"),
        ("1.07", "d0 = 1"),
        ("2.07", "d0 may only be 0, 4, 8 or c"),
        ("7", "a lone d0, the code 7.0"),
        ("7", "d0 may only be 0, 4, 8 or c"),
        ("7", "as in 0.7"),
        ("hex:7", "as in 0.7"),
        ("a", "as in 0.a"),
        ("07", "write d0.d1d2"),
        ("07", "only a lone d0"),
        ("hex:", "write d0.d1d2"),
        ("0.", "no digits after the point"),
        ("0.", "as in 0.7, or 0.0 for d0 alone"),
        ("4.", "as in 4.7, or 4.0 for d0 alone"),
        ("10.7", "single digit"),
        ("g.7", "'g' is not a code digit"),
        ("g.", "'g' is not a code digit"),
        (".", "as in 0.7, or 0.0"),
        ("bad", "unknown game"),
        ("sub:", "as in 1,2,3"),
        ("sub:0", "positive"),
        ("sub:1,x", "not a size"),
        ("sub:-1", "not a size"),
        ("allbut:0", "positive"),
        ("chess", "unknown game"),
        ("", "unknown game"),
    ] {
        let err = spec.parse::<Ruleset>().expect_err(spec);
        assert_eq!(err.kind(), ErrorKind::InvalidSpec, "{spec}");
        assert!(err.to_string().contains(hint), "{spec}: {err}");
        assert!(!err.to_string().contains('\n'), "{spec}: one line");
    }
}

#[test]
fn described_in_words() {
    let strip: Ruleset = "0.07".parse().unwrap();
    assert_eq!(
        strip.describe(),
        "Code 0.07: remove 2 tokens and leave no heap, one heap or two heaps (heaps left behind are non-empty)."
    );
    let chess: Ruleset = "4.137".parse().unwrap();
    assert_eq!(
        chess.describe(),
        "Code 4.137: split a heap without removing tokens and leave two heaps; or remove 1 token and leave no heap; \
         or remove 2 tokens and leave no heap or one heap; or remove 3 tokens and leave no heap, one heap or two heaps \
         (heaps left behind are non-empty)."
    );
    assert!(!strip.splits() || strip.describe().contains("two heaps"));
}

/// `hex:` is spelling, not a rule: a code is hexadecimal exactly when a digit
/// is 8–f, with or without the prefix.
#[test]
fn hexadecimal_is_a_property_of_the_digits() {
    let code = |spec: &str| spec.parse::<TakeAndBreak>().unwrap();
    assert_eq!(code("hex:0.7"), code("0.7"));
    assert_eq!(code("hex:0.8f"), code("0.8f"));
    assert_eq!(code("4"), code("4.0"));
    assert_eq!(code("0"), code("0.00"));
    for (spec, hexadecimal, heaps) in [
        ("hex:0.7", false, 2),
        ("0.8f", true, 3),
        ("0.91", true, 3),
        ("4.07", false, 2),
        ("c.3", true, 3),
        ("0.0", false, 0),
        ("0.3", false, 1),
    ] {
        assert_eq!(code(spec).is_hexadecimal(), hexadecimal, "{spec}");
        assert_eq!(code(spec).max_heaps_left(), heaps, "{spec}");
    }
    assert!(TakeAndBreak::new(vec![0, 16]).is_err());
    assert!(TakeAndBreak::new(vec![]).is_err());
}

/// A code whose digits are all zero is the game with no move: every value
/// is 0, proved periodic from heap 0 with period 1, by every engine, the
/// judge, and a certificate.
#[test]
fn a_code_with_no_move_is_a_game() {
    for spec in ["0.0", "0", "0.000", "hex:0.0"] {
        let game: Ruleset = spec.parse().unwrap();
        assert_eq!(game.to_string(), "0.0");
        assert!(!game.splits(), "{spec}");
        assert!(!sparse::applies(&game), "{spec}");
        assert_eq!(
            game.describe(),
            "Code 0.0: no move; every heap has value 0."
        );
        assert!((0..50).all(|n| game.options(n).is_empty()), "{spec}");
        let naive = Options {
            engine: Engine::Naive,
            ..Options::default()
        };
        let table = values::compute_with(&game, 300, naive, &mut grundy::values::silent).unwrap();
        assert!((0..=300).all(|n| table.raw(n) == 0), "{spec}");
        assert_eq!(values::compute(&game, 300).unwrap(), table, "{spec}");
        let mut judge = Exhaustive::new(game.clone());
        assert!((0..10).all(|n| !judge.first_player_wins(&[n])), "{spec}");
        assert!(!judge.first_player_wins(&[3, 5, 5]), "{spec}");
        let (verdict, table) =
            period::find(&game, 1000, Default::default(), &mut grundy::values::silent).unwrap();
        let p = verdict.periodicity().unwrap();
        assert_eq!((p.preperiod(), p.period(), p.saltus()), (0, 1, 0), "{spec}");
        assert!(
            matches!(
                p.proof(),
                Proof::Theorem {
                    theorem: Theorem::OctalPeriodicity,
                    ..
                }
            ),
            "{spec}: {p:?}"
        );
        let cert = certificate::Certificate::new(&game, &p, &table).unwrap();
        assert_eq!(certificate::verify(&cert.to_text()).unwrap(), cert);
    }
}

/// Codes `d0.d1…dk` with any digits, a few trailing zeros among them.
fn digits() -> impl Strategy<Value = Vec<u8>> {
    (
        prop::sample::select(vec![0u8, 4, 8, 0xc]),
        prop::collection::vec(prop_oneof![Just(0u8), 0u8..=15], 0..=6),
    )
        .prop_map(|(d0, rest)| {
            let mut digits = vec![d0];
            digits.extend(rest);
            digits
        })
}

/// The digits of the game: trailing zeros after `d1` dropped, `d1` present.
fn trimmed(digits: &[u8]) -> Vec<u8> {
    let mut t = digits.to_vec();
    t.resize(t.len().max(2), 0);
    while t.len() > 2 && t.last() == Some(&0) {
        t.pop();
    }
    t
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The canonical spec reads back as the same game, written with or
    /// without `hex:`, and its digits are the code's.
    #[test]
    fn canonical_codes_round_trip(digits in digits()) {
        let code = TakeAndBreak::new(digits.clone()).unwrap();
        prop_assert_eq!(code.digits().to_vec(), trimmed(&digits));
        let spec = code.to_string();
        prop_assert!(!spec.contains("hex:"), "{}", spec);
        let game = Ruleset::TakeAndBreak(code.clone());
        prop_assert_eq!(spec.parse::<Ruleset>().unwrap(), game.clone());
        prop_assert_eq!(format!("hex:{spec}").parse::<Ruleset>().unwrap(), game.clone());
        prop_assert_eq!(spec.to_uppercase().parse::<Ruleset>().unwrap(), game.clone());
        prop_assert_eq!(game.to_string(), spec.clone());
        prop_assert_eq!(code.is_hexadecimal(), digits.iter().any(|&d| d > 7));
        if let Some(lone) = spec.strip_suffix(".0") {
            prop_assert_eq!(lone.parse::<Ruleset>().unwrap(), game);
        }
    }

    /// Two codes have one canonical spec exactly when they allow the same
    /// moves from every heap.
    #[test]
    fn equal_games_have_one_spec(a in digits(), b in digits()) {
        let a = Ruleset::TakeAndBreak(TakeAndBreak::new(a).unwrap());
        let b = Ruleset::TakeAndBreak(TakeAndBreak::new(b).unwrap());
        // A move removing i tokens and leaving k heaps first appears at heap i + k.
        let same_moves = (0..=10).all(|n| a.options(n) == b.options(n));
        prop_assert_eq!(a.to_string() == b.to_string(), same_moves);
        prop_assert_eq!(a == b, same_moves);
    }
}
