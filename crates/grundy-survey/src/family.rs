//! The families of games a survey runs over, each enumerated in one
//! deterministic order.

use std::collections::BTreeSet;
use std::fmt;

use grundy_service::Ruleset;

use crate::{Result, Setting, SurveyError};

/// The most digits after the point a code family takes (8^6 octal codes).
pub const MAX_DIGITS: u32 = 6;

/// The largest bound of the subtraction family (2^16 sets).
pub const MAX_ELEMENT: u32 = 16;

/// A family of games.
///
/// ```
/// use grundy_survey::Family;
/// assert_eq!(Family::Octal { digits: 1 }.games()?.len(), 15);
/// assert_eq!(Family::Octal { digits: 3 }.games()?.len(), 1023);
/// assert_eq!(Family::Hex { digits: 1 }.games()?.len(), 4 * 16 - 2 * 8);
/// assert_eq!(Family::Subtraction { max_element: 3 }.games()?.len(), 7);
/// assert_eq!(Family::Octal { digits: 1 }.to_string(), "octal --digits 1");
/// # Ok::<(), grundy_survey::SurveyError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Family {
    /// Every octal code `d0.d1…dD` with `d0` = 0 or 4 and at most `digits`
    /// digits after the point, in canonical form (no trailing zero), except
    /// `0.0`, which has no move: 2·8^D − 1 codes.
    Octal {
        /// Digits after the point.
        digits: u32,
    },
    /// Every hexadecimal code with at most `digits` digits after the point
    /// that is not octal (some digit, `d0` included, is 8–f; `d0` is 0, 4, 8
    /// or c): 4·16^D − 2·8^D codes.
    Hex {
        /// Digits after the point.
        digits: u32,
    },
    /// Every finite subtraction set within `1..=max_element` (non-empty):
    /// 2^M − 1 games.
    Subtraction {
        /// The largest element allowed.
        max_element: u32,
    },
    /// The games given, as specs (duplicates once).
    List(Vec<String>),
}

impl Family {
    /// The games of the family, each once, in the family's order: codes by
    /// `d0` then by digits, subtraction sets by their sorted lists, a list
    /// in the order given.
    ///
    /// # Errors
    /// A usage error for a family too large to enumerate or a spec that
    /// does not parse.
    pub fn games(&self) -> Result<Vec<Ruleset>> {
        let too_many = |setting: Setting, what: String, max: u32| {
            SurveyError::setting(
                setting,
                format!("{what} is more than this survey enumerates; give at most {max}"),
            )
        };
        let mut specs = Vec::new();
        match self {
            Family::Octal { digits } | Family::Hex { digits } => {
                if *digits > MAX_DIGITS {
                    return Err(too_many(
                        Setting::Digits,
                        format!("{digits} digits"),
                        MAX_DIGITS,
                    ));
                }
                let hex = matches!(self, Family::Hex { .. });
                let (base, firsts): (u32, &[u32]) = if hex {
                    (16, &[0, 4, 8, 12])
                } else {
                    (8, &[0, 4])
                };
                for &d0 in firsts {
                    let count = base.pow(*digits);
                    for n in 0..count {
                        // Every string of exactly `digits` digits, trailing
                        // zeros dropped: each canonical code exactly once.
                        let mut ds: Vec<u32> =
                            (0..*digits).rev().map(|i| n / base.pow(i) % base).collect();
                        while ds.last() == Some(&0) {
                            ds.pop();
                        }
                        if ds.is_empty() {
                            ds.push(0);
                        }
                        let all = std::iter::once(d0).chain(ds.iter().copied());
                        let is_hex = all.clone().any(|d| d >= 8);
                        if hex != is_hex {
                            continue;
                        }
                        if d0 == 0 && ds.iter().all(|&d| d == 0) {
                            continue; // 0.0: no move
                        }
                        let text: String = ds.iter().map(|d| format!("{d:x}")).collect();
                        specs.push(format!("{d0:x}.{text}"));
                    }
                }
            }
            Family::Subtraction { max_element } => {
                if *max_element > MAX_ELEMENT {
                    return Err(too_many(
                        Setting::MaxElement,
                        format!("a largest element of {max_element}"),
                        MAX_ELEMENT,
                    ));
                }
                for bits in 1u32..(1 << max_element) {
                    let set: Vec<String> = (0..*max_element)
                        .filter(|i| bits & (1 << i) != 0)
                        .map(|i| (i + 1).to_string())
                        .collect();
                    specs.push(format!("sub:{}", set.join(",")));
                }
            }
            Family::List(list) => {
                if list.is_empty() {
                    return Err(SurveyError::setting(
                        Setting::Games,
                        "the list family needs games, specs such as 0.07 and 0.77",
                    ));
                }
                specs.clone_from(list);
            }
        }
        let mut seen = BTreeSet::new();
        let mut games = Vec::new();
        for spec in specs {
            let game: Ruleset = spec.parse()?;
            if seen.insert(game.to_string()) {
                games.push(game);
            }
        }
        Ok(games)
    }
}

impl fmt::Display for Family {
    /// The family as its command line: `octal --digits 3`, `list 0.07 0.77`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Family::Octal { digits } => write!(f, "octal --digits {digits}"),
            Family::Hex { digits } => write!(f, "hex --digits {digits}"),
            Family::Subtraction { max_element } => write!(f, "sub --max-element {max_element}"),
            Family::List(list) => write!(f, "list {}", list.join(" ")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The naive twin: every digit string of every length, parsed and
    /// deduplicated by the library's canonical form.
    fn naive(digits: u32, hex: bool) -> BTreeSet<String> {
        let base: u32 = if hex { 16 } else { 8 };
        let firsts: &[u32] = if hex { &[0, 4, 8, 12] } else { &[0, 4] };
        let mut out = BTreeSet::new();
        for &d0 in firsts {
            for len in 0..=digits {
                for n in 0..base.pow(len) {
                    let ds: String = (0..len)
                        .rev()
                        .map(|i| format!("{:x}", n / base.pow(i) % base))
                        .collect();
                    let ds = if ds.is_empty() { "0".to_string() } else { ds };
                    let g: Ruleset = format!("{d0:x}.{ds}").parse().unwrap();
                    let Ruleset::TakeAndBreak(code) = &g else {
                        unreachable!()
                    };
                    if code.has_no_move() || code.is_hexadecimal() != hex {
                        continue;
                    }
                    out.insert(g.to_string());
                }
            }
        }
        out
    }

    #[test]
    fn code_families_are_every_canonical_code_once() {
        for (digits, hex) in [
            (0, false),
            (1, false),
            (2, false),
            (3, false),
            (1, true),
            (2, true),
        ] {
            let family = if hex {
                Family::Hex { digits }
            } else {
                Family::Octal { digits }
            };
            let games: Vec<String> = family
                .games()
                .unwrap()
                .iter()
                .map(|g| g.to_string())
                .collect();
            let set: BTreeSet<String> = games.iter().cloned().collect();
            assert_eq!(set.len(), games.len(), "{family}: duplicates");
            assert_eq!(set, naive(digits, hex), "{family}");
        }
    }
}
