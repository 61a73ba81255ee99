//! Rulesets used across the tests: at least one of every family.

use grundy::Ruleset;

/// Specs covering every family, both kinds of digit 0, hexadecimal codes,
/// a lone d0 (`4`) and the code with no move (`0.0`).
pub const FAMILIES: &[&str] = &[
    "0.07",
    "0.77",
    "0.137",
    "0.6",
    "0.16",
    "4.07",
    "0.37",
    "0.8",
    "0.f",
    "c.3",
    "0.0",
    "4",
    "grundy",
    "sub:1,3,4",
    "sub:2,5",
    "sub:squares",
    "sub:powers2",
    "sub:primes",
    "allbut:1,2",
    "allbut:3",
    "nim",
    "split:2..4",
    "split:3:unequal",
    "sub:divisors",
    "sub:proper-divisors",
    "sub:3k+1",
];

/// Whether a move may leave three heaps (a hexadecimal code with a digit
/// 8–f): such games have O(n²) options a heap, so tests keep them small.
pub fn splits_in_three(game: &Ruleset) -> bool {
    matches!(game, Ruleset::TakeAndBreak(code) if code.max_heaps_left() == 3)
}

pub fn ruleset(spec: &str) -> Ruleset {
    spec.parse()
        .unwrap_or_else(|e| panic!("{spec} should parse: {e}"))
}
