//! Rulesets used across the tests: at least one of every family.

use grundy::Ruleset;

/// Specs covering every family and both kinds of digit 0.
pub const FAMILIES: &[&str] = &[
    "0.07",
    "0.77",
    "0.137",
    "0.6",
    "0.16",
    "4.07",
    "0.37",
    "hex:0.8",
    "hex:0.f",
    "hex:c.3",
    "grundy",
    "sub:1,3,4",
    "sub:2,5",
    "sub:squares",
    "sub:powers2",
    "sub:primes",
    "allbut:1,2",
    "allbut:3",
    "nim",
];

pub fn ruleset(spec: &str) -> Ruleset {
    spec.parse()
        .unwrap_or_else(|e| panic!("{spec} should parse: {e}"))
}
