//! Reading game specs: every family, every alias, every documented fault.

use grundy::{ErrorKind, Ruleset};

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
        ("HEX:0.8F", "hex:0.8f"),
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
        ("0.8", "hex:"),
        ("0.78", "not octal"),
        ("sub:", "as in 1,2,3"),
        ("sub:0", "positive"),
        ("sub:1,x", "not a size"),
        ("sub:-1", "not a size"),
        ("allbut:0", "positive"),
        ("chess", "unknown game"),
        ("", "unknown game"),
        ("0.", "no digits"),
        ("0.0", "no move"),
        ("1.07", "d0"),
        ("2.07", "d0"),
        ("10.7", "single digit"),
        ("hex:0.g", "not a digit"),
        ("0.7 7", "not a digit"),
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
