//! Rulesets: which moves a player may make on a single heap.
//!
//! Every game here is a *heap game*: a position is a multiset of heaps, and a
//! move replaces one heap by zero or more smaller heaps. A [`Ruleset`] is
//! built only valid, from a spec string ([`Ruleset::from_str`]) or from its
//! parts.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};
use crate::quote::quoted;

pub mod splitting;
mod subtraction;
mod take_and_break;

pub use subtraction::{AllBut, Members, SubtractionSet, isqrt};
pub use take_and_break::{MAX_CODE_DIGITS, TakeAndBreak};

/// The rules of an impartial heap game.
///
/// ```
/// use grundy::Ruleset;
/// let strip: Ruleset = "paper-strip".parse()?;
/// assert_eq!(strip.to_string(), "0.07");
/// let nim_square: Ruleset = "nim-square".parse()?;
/// assert_eq!(nim_square.to_string(), "sub:squares");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Ruleset {
    /// A take-and-break game given by its code, such as `0.07`.
    TakeAndBreak(TakeAndBreak),
    /// Grundy's game: split a heap into two non-empty heaps of different sizes.
    Grundy,
    /// Remove `s` tokens from a heap, `s` from a fixed set.
    Subtraction(SubtractionSet),
    /// Remove any positive number of tokens except the listed ones.
    AllBut(AllBut),
    /// Nim: remove any positive number of tokens from one heap.
    Nim,
}

/// One move on one heap: `removed` tokens taken away, the heap replaced by
/// `parts` (non-empty heaps, in increasing order; none when the heap is gone).
///
/// ```
/// use grundy::{Move, Ruleset};
/// let kayles: Ruleset = "kayles".parse()?;
/// let moves = kayles.options(4);
/// assert!(moves.contains(&Move { removed: 2, parts: vec![1, 1] }));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Tokens taken away (0 for a pure split).
    pub removed: u64,
    /// The heaps left in place of the one moved in, smallest first.
    pub parts: Vec<u64>,
}

/// The spec names accepted besides codes and `sub:`/`allbut:` sets, with the
/// spec each stands for.
pub const ALIASES: &[(&str, &str)] = &[
    ("paper-strip", "0.07"),
    ("dawson-kayles", "0.07"),
    ("kayles", "0.77"),
    ("dawsons-chess", "0.137"),
    ("nim-square", "sub:squares"),
];

impl Ruleset {
    /// Every move from a single heap of `n`, each once.
    ///
    /// # Complexity
    /// Proportional to the number of moves: O(n) for games that split a heap
    /// in two, O(n²) for hexadecimal codes that split into three.
    ///
    /// ```
    /// use grundy::Ruleset;
    /// let g: Ruleset = "grundy".parse()?;
    /// let parts: Vec<_> = g.options(5).into_iter().map(|m| m.parts).collect();
    /// assert_eq!(parts, [vec![1, 4], vec![2, 3]]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn options(&self, n: u64) -> Vec<Move> {
        let mut moves = Vec::new();
        match self {
            Ruleset::TakeAndBreak(code) => {
                for (take, &d) in code.digits().iter().enumerate() {
                    let take = take as u64;
                    if take > n || d == 0 {
                        continue;
                    }
                    let rest = n - take;
                    if d & 1 != 0 && take > 0 && rest == 0 {
                        moves.push(Move {
                            removed: take,
                            parts: vec![],
                        });
                    }
                    if d & 2 != 0 && take > 0 && rest > 0 {
                        moves.push(Move {
                            removed: take,
                            parts: vec![rest],
                        });
                    }
                    if d & 4 != 0 {
                        for a in 1..=rest / 2 {
                            moves.push(Move {
                                removed: take,
                                parts: vec![a, rest - a],
                            });
                        }
                    }
                    if d & 8 != 0 {
                        for a in 1..=rest / 3 {
                            for b in a..=(rest - a) / 2 {
                                moves.push(Move {
                                    removed: take,
                                    parts: vec![a, b, rest - a - b],
                                });
                            }
                        }
                    }
                }
            }
            Ruleset::Grundy => {
                moves.extend(splitting::unequal_splits(n).map(|(a, b)| Move {
                    removed: 0,
                    parts: vec![a, b],
                }));
            }
            Ruleset::Subtraction(set) => {
                moves.extend(set.members_up_to(n).into_iter().map(|s| take_move(n, s)));
            }
            Ruleset::AllBut(set) => {
                moves.extend((1..=n).filter(|&s| set.allows(s)).map(|s| take_move(n, s)));
            }
            Ruleset::Nim => moves.extend((1..=n).map(|s| take_move(n, s))),
        }
        moves
    }

    /// Whether a single heap of `n` has any move: `!self.options(n).is_empty()`
    /// without listing the options, so it answers for heaps of any size.
    ///
    /// ```
    /// use grundy::Ruleset;
    /// let strip: Ruleset = "0.07".parse()?;
    /// assert!(!strip.has_move(1) && strip.has_move(2) && strip.has_move(1 << 60));
    /// let none: Ruleset = "0.0".parse()?;
    /// assert!(!none.has_move(1 << 60));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Complexity
    /// O(digits) for a code, O(1) for a subtraction set, O(|excluded|) for an
    /// all-but game.
    pub fn has_move(&self, n: u64) -> bool {
        match self {
            // As in `options`: removing `take` tokens needs `take` of them,
            // and leaves `rest`, which must make up the heaps left.
            Ruleset::TakeAndBreak(code) => code.digits().iter().enumerate().any(|(take, &d)| {
                let take = take as u64;
                n.checked_sub(take).is_some_and(|rest| {
                    (d & 1 != 0 && take > 0 && rest == 0)
                        || (d & 2 != 0 && take > 0 && rest > 0)
                        || (d & 4 != 0 && rest >= 2)
                        || (d & 8 != 0 && rest >= 3)
                })
            }),
            Ruleset::Grundy => n >= 3,
            Ruleset::Subtraction(SubtractionSet::Finite(m)) => m.first().is_some_and(|&s| s <= n),
            Ruleset::Subtraction(SubtractionSet::Squares | SubtractionSet::Powers2) => n >= 1,
            Ruleset::Subtraction(SubtractionSet::Primes) => n >= 2,
            Ruleset::AllBut(set) => (1..=n)
                .take(set.excluded().len() + 1)
                .any(|s| set.allows(s)),
            Ruleset::Nim => n >= 1,
        }
    }

    /// Whether some move replaces a heap by two or more heaps.
    pub fn splits(&self) -> bool {
        match self {
            Ruleset::TakeAndBreak(code) => code.splits(),
            Ruleset::Grundy => true,
            _ => false,
        }
    }

    /// The rules in words, one sentence.
    ///
    /// ```
    /// use grundy::Ruleset;
    /// let r: Ruleset = "sub:1,3,4".parse()?;
    /// assert_eq!(r.describe(), "Remove 1, 3 or 4 tokens from one heap.");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn describe(&self) -> String {
        match self {
            Ruleset::TakeAndBreak(code) => describe_code(code),
            Ruleset::Grundy => {
                "Split one heap into two non-empty heaps of different sizes.".to_string()
            }
            Ruleset::Subtraction(SubtractionSet::Finite(m)) => {
                format!("Remove {} tokens from one heap.", or_list(m))
            }
            Ruleset::Subtraction(SubtractionSet::Squares) => {
                "Remove a positive square number of tokens (1, 4, 9, …) from one heap.".to_string()
            }
            Ruleset::Subtraction(SubtractionSet::Powers2) => {
                "Remove a power of two tokens (1, 2, 4, 8, …) from one heap.".to_string()
            }
            Ruleset::Subtraction(SubtractionSet::Primes) => {
                "Remove a prime number of tokens (2, 3, 5, 7, …) from one heap.".to_string()
            }
            Ruleset::AllBut(set) => format!(
                "Remove any positive number of tokens from one heap, except {}.",
                or_list(set.excluded())
            ),
            Ruleset::Nim => "Remove any positive number of tokens from one heap.".to_string(),
        }
    }
}

fn take_move(n: u64, s: u64) -> Move {
    Move {
        removed: s,
        parts: if s == n { vec![] } else { vec![n - s] },
    }
}

fn or_list(items: &[u64]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(u64::to_string).collect();
            format!("{} or {last}", init.join(", "))
        }
    }
}

fn describe_code(code: &TakeAndBreak) -> String {
    const LEAVE: [&str; 4] = ["no heap", "one heap", "two heaps", "three heaps"];
    let mut clauses = Vec::new();
    for (take, &d) in code.digits().iter().enumerate() {
        let left: Vec<&str> = (0..4)
            .filter(|&k| d & (1 << k) != 0 && (take > 0 || k >= 2))
            .map(|k| LEAVE[k])
            .collect();
        if left.is_empty() {
            continue;
        }
        let what = match take {
            0 => "split a heap without removing tokens".to_string(),
            1 => "remove 1 token".to_string(),
            _ => format!("remove {take} tokens"),
        };
        clauses.push(format!("{what} and leave {}", or_words(&left)));
    }
    if clauses.is_empty() {
        return format!("Code {code}: no move; every heap has value 0.");
    }
    let mut sentence = format!("Code {code}: ");
    sentence.push_str(&clauses.join("; or "));
    sentence.push_str(" (heaps left behind are non-empty).");
    sentence
}

fn or_words(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

impl FromStr for Ruleset {
    type Err = Error;

    /// Reads a game spec: a take-and-break code (`0.07`, `.07`, `4.07`,
    /// hexadecimal `0.8f` or `hex:0.8f`, a lone `d0` such as `4` for `4.0`,
    /// `0.0` for no move), `grundy`, `nim`, `sub:1,3,4`, `sub:squares`,
    /// `sub:powers2`, `sub:primes`, `allbut:1,2`, or an alias from
    /// [`ALIASES`].
    ///
    /// # Errors
    /// [`InvalidSpec`](crate::ErrorKind::InvalidSpec), with a message naming
    /// the fault and a correct form.
    fn from_str(spec: &str) -> Result<Self> {
        let spec = spec.trim();
        let lower = spec.to_ascii_lowercase();
        if let Some(&(_, target)) = ALIASES.iter().find(|(alias, _)| *alias == lower) {
            return target.parse();
        }
        match lower.as_str() {
            "grundy" => return Ok(Ruleset::Grundy),
            "nim" => return Ok(Ruleset::Nim),
            _ => {}
        }
        if let Some(rest) = lower.strip_prefix("sub:") {
            return rest
                .parse()
                .map(Ruleset::Subtraction)
                .map_err(|e| Error::spec(format!("in {}: {e}", quoted(spec))));
        }
        if let Some(rest) = lower.strip_prefix("allbut:") {
            return rest
                .parse()
                .map(Ruleset::AllBut)
                .map_err(|e| Error::spec(format!("in {}: {e}", quoted(spec))));
        }
        // Codes, with a lone d0 (`4`) and digits that lack only the point (`07`).
        let lone_digit = lower.len() == 1 && lower.bytes().all(|b| b.is_ascii_hexdigit());
        let decimal = !lower.is_empty() && lower.bytes().all(|b| b.is_ascii_digit());
        if lower.contains('.') || lower.starts_with("hex:") || lone_digit || decimal {
            return lower.parse().map(Ruleset::TakeAndBreak);
        }
        Err(Error::spec(format!(
            "unknown game {}: give a take-and-break code (0.07, 0.8f, 4), grundy, nim, sub:1,3,4, sub:squares, allbut:1,2, or one of {}",
            quoted(spec),
            ALIASES
                .iter()
                .map(|(a, _)| *a)
                .collect::<Vec<_>>()
                .join(", ")
        )))
    }
}

impl fmt::Display for Ruleset {
    /// The canonical spec: parsing it gives back the same ruleset.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ruleset::TakeAndBreak(code) => write!(f, "{code}"),
            Ruleset::Grundy => f.write_str("grundy"),
            Ruleset::Subtraction(set) => write!(f, "sub:{set}"),
            Ruleset::AllBut(set) => write!(f, "allbut:{set}"),
            Ruleset::Nim => f.write_str("nim"),
        }
    }
}
