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

mod divisors;
pub mod splitting;
mod subtraction;
mod take_and_break;

pub use divisors::Divisors;
pub use splitting::Splitting;
pub use subtraction::{AllBut, MAX_LISTED, Members, Progression, SubtractionSet, isqrt};
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
    /// Split one heap into several non-empty heaps, nothing removed
    /// (`split:2..4`, `split:3:unequal`); never a shape that is a built-in
    /// game ([`Ruleset::splitting`]).
    Split(Splitting),
    /// Remove a divisor of the heap (`sub:divisors`), or a proper divisor
    /// only (`sub:proper-divisors`).
    Divisors(Divisors),
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
    /// in two, O(n²) for hexadecimal codes that split into three, about
    /// n^(k−1)/(k!(k−1)!) for a splitting rule into up to `k` heaps (the
    /// partitions of `n` for `split:2..`), O(√n) for divisors. Ask
    /// [`option_bound`](Ruleset::option_bound) first where `n` may be large.
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
            Ruleset::Split(rule) => {
                moves.extend(
                    rule.splits(n)
                        .into_iter()
                        .map(|parts| Move { removed: 0, parts }),
                );
            }
            Ruleset::Divisors(which) => {
                moves.extend(which.of(n).into_iter().map(|d| take_move(n, d)));
            }
        }
        moves
    }

    /// An upper bound on the number of moves from a single heap of `n`, for
    /// any `n`, without listing them: to refuse a question before
    /// [`options`](Ruleset::options) would list more moves than memory
    /// holds.
    ///
    /// ```
    /// use grundy::Ruleset;
    /// for spec in ["0.77", "grundy", "sub:1,3,4", "split:2..5", "sub:proper-divisors", "sub:3k+1"] {
    ///     let game: Ruleset = spec.parse()?;
    ///     assert!((0..60).all(|n| game.option_bound(n) >= game.options(n).len() as u64));
    /// }
    /// let scatter: Ruleset = "split:2..".parse()?;
    /// assert_eq!(scatter.option_bound(1 << 40), u64::MAX);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Complexity
    /// O(digits) for a code, O(1) or O(log n) for most sets, O(√n) for
    /// primes' bound, and for splitting rules the exact count up to heap
    /// 512, O(n²) at most, else a bound on the compositions.
    pub fn option_bound(&self, n: u64) -> u64 {
        match self {
            Ruleset::TakeAndBreak(code) => code
                .digits()
                .iter()
                .map(|&d| {
                    let mut count = u64::from(d & 3 != 0);
                    if d & 4 != 0 {
                        count = count.saturating_add(n / 2);
                    }
                    if d & 8 != 0 {
                        count = count.saturating_add((n / 3 + 1).saturating_mul(n / 2 + 1));
                    }
                    count
                })
                .fold(0u64, u64::saturating_add),
            Ruleset::Grundy => splitting::unequal_split_count(n),
            Ruleset::Subtraction(SubtractionSet::Finite(m)) => {
                m.partition_point(|&s| s <= n) as u64
            }
            Ruleset::Subtraction(SubtractionSet::Squares) => isqrt(n),
            Ruleset::Subtraction(SubtractionSet::Powers2) => {
                u64::from(n.checked_ilog2().map_or(0, |k| k + 1))
            }
            Ruleset::Subtraction(SubtractionSet::Progression(p)) => {
                n.checked_sub(p.first()).map_or(0, |d| d / p.step() + 1)
            }
            Ruleset::Subtraction(SubtractionSet::Primes) | Ruleset::AllBut(_) | Ruleset::Nim => n,
            Ruleset::Split(rule) => rule.count_bound(n),
            Ruleset::Divisors(_) => 2 * isqrt(n),
        }
    }

    /// The splitting game whose moves leave between `min` and `max` (`None`:
    /// any number of) non-empty heaps adding up to the heap moved in, all of
    /// different sizes when `unequal`. The shapes that are built-in games
    /// come back as those games, so that their fast engines and theorems
    /// apply: two unequal heaps is Grundy's game, two heaps the code `4.0`,
    /// three heaps `8.0`, two or three heaps `c.0`.
    ///
    /// ```
    /// use grundy::Ruleset;
    /// assert_eq!(Ruleset::splitting(2, Some(2), true)?.to_string(), "grundy");
    /// assert_eq!(Ruleset::splitting(2, Some(3), false)?.to_string(), "c.0");
    /// assert_eq!(Ruleset::splitting(2, Some(4), false)?.to_string(), "split:2..4");
    /// assert!(Ruleset::splitting(1, Some(4), false).is_err());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`InvalidSpec`](crate::ErrorKind::InvalidSpec) if `min < 2`, `max <
    /// min`, or `min` is past [`splitting::MAX_LEAST_PARTS`].
    pub fn splitting(min: u64, max: Option<u64>, unequal: bool) -> Result<Ruleset> {
        let rule = Splitting::new(min, max, unequal)?;
        let d0 = match (min, max, unequal) {
            (2, Some(2), true) => return Ok(Ruleset::Grundy),
            (2, Some(2), false) => 4,
            (3, Some(3), false) => 8,
            (2, Some(3), false) => 0xc,
            _ => return Ok(Ruleset::Split(rule)),
        };
        TakeAndBreak::new(vec![d0]).map(Ruleset::TakeAndBreak)
    }

    /// The subtraction game of every size from `from` on: nim from 1, the
    /// all-but game of `1..from` past it.
    ///
    /// ```
    /// use grundy::Ruleset;
    /// assert_eq!(Ruleset::subtract_from(1)?, Ruleset::Nim);
    /// assert_eq!(Ruleset::subtract_from(3)?.to_string(), "allbut:1,2");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`InvalidSpec`](crate::ErrorKind::InvalidSpec) if `from` is 0
    /// (removing nothing is not a move) or past [`MAX_LISTED`] + 1.
    pub fn subtract_from(from: u64) -> Result<Ruleset> {
        match from {
            0 => Err(Error::spec(
                "removing 0 tokens is not a move; start the range at 1 or more, as in sub:1.. (nim)",
            )),
            1 => Ok(Ruleset::Nim),
            _ if from - 1 > MAX_LISTED => Err(Error::spec(format!(
                "every size from {from} is the all-but game of 1..{}, which lists more than {MAX_LISTED} sizes; start the range lower",
                from - 1
            ))),
            _ => AllBut::new(1..from).map(Ruleset::AllBut),
        }
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
    /// O(digits) for a code, O(1) for a subtraction set, a splitting rule or
    /// divisors, O(|excluded|) for an all-but game.
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
            Ruleset::Subtraction(SubtractionSet::Progression(p)) => n >= p.first(),
            Ruleset::AllBut(set) => (1..=n)
                .take(set.excluded().len() + 1)
                .any(|s| set.allows(s)),
            Ruleset::Nim => n >= 1,
            Ruleset::Split(rule) => n >= rule.least_heap(),
            Ruleset::Divisors(which) => which.has_move(n),
        }
    }

    /// Whether some move replaces a heap by two or more heaps.
    pub fn splits(&self) -> bool {
        match self {
            Ruleset::TakeAndBreak(code) => code.splits(),
            Ruleset::Grundy | Ruleset::Split(_) => true,
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
            Ruleset::Subtraction(SubtractionSet::Progression(p)) => {
                let first: Vec<String> = (0..3).map(|k| (p.first() + k * p.step()).to_string()).collect();
                let which = if p.first() == p.step() {
                    format!("any multiple of {}", p.step())
                } else {
                    format!("{}k + {}", p.step(), p.first())
                };
                format!("Remove {}, … tokens ({which}) from one heap.", first.join(", "))
            }
            Ruleset::Nim => "Remove any positive number of tokens from one heap.".to_string(),
            Ruleset::Split(rule) => describe_split(rule),
            Ruleset::Divisors(Divisors::All) => {
                "Remove a divisor of the heap's size (the whole heap included) from one heap.".to_string()
            }
            Ruleset::Divisors(Divisors::Proper) => {
                "Remove a proper divisor of the heap's size (a divisor smaller than it) from one heap.".to_string()
            }
        }
    }
}

fn describe_split(rule: &Splitting) -> String {
    let count = match rule.max_parts() {
        Some(max) if max == rule.min_parts() => max.to_string(),
        Some(max) if max == rule.min_parts() + 1 => format!("{} or {max}", rule.min_parts()),
        Some(max) => format!("{} to {max}", rule.min_parts()),
        None => format!("{} or more", rule.min_parts()),
    };
    let sizes = if rule.unequal() {
        " of different sizes"
    } else {
        ""
    };
    format!("Split one heap into {count} non-empty heaps{sizes}.")
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
    /// `0.0` for no move), `grundy`, `nim`, a subtraction set, `allbut:1,2`,
    /// a splitting rule, or an alias from [`ALIASES`].
    ///
    /// Subtraction sets: a list `sub:1,3,4` whose items may be ranges
    /// (`sub:1..3`, `sub:1,5..8`), `sub:squares`, `sub:powers2`,
    /// `sub:primes`, a residue class `sub:3k` (every multiple of 3) or
    /// `sub:3k+1` (1, 4, 7, …), every size from A `sub:A..` (nim from 1,
    /// else an all-but game), the divisors of the heap `sub:divisors`, or
    /// its proper divisors `sub:proper-divisors`.
    ///
    /// Splitting rules replace a heap by non-empty heaps adding up to it:
    /// `split:K` (exactly K heaps), `split:A..B` (A to B heaps), `split:A..`
    /// (A or more), `split:..B` (2 to B), each with `:unequal` to ask for
    /// heaps of different sizes. A spec that is a built-in game reads as that
    /// game, whose canonical spec it then prints:
    ///
    /// ```
    /// use grundy::Ruleset;
    /// for (spec, canonical) in [
    ///     ("split:2:unequal", "grundy"),
    ///     ("split:2..3", "c.0"),
    ///     ("split:..4", "split:2..4"),
    ///     ("sub:1..", "nim"),
    ///     ("sub:3..", "allbut:1,2"),
    ///     ("sub:1..3", "sub:1,2,3"),
    ///     ("sub:1k+2", "allbut:1"),
    ///     ("sub:3k+3", "sub:3k"),
    ///     ("sub:proper-divisors", "sub:proper-divisors"),
    /// ] {
    ///     assert_eq!(spec.parse::<Ruleset>()?.to_string(), canonical);
    /// }
    /// # Ok::<(), grundy::Error>(())
    /// ```
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
            let in_spec = |e: Error| Error::spec(format!("in {}: {e}", quoted(spec)));
            match rest.trim() {
                "divisors" => return Ok(Ruleset::Divisors(Divisors::All)),
                "proper-divisors" => return Ok(Ruleset::Divisors(Divisors::Proper)),
                _ => {}
            }
            if let Some(from) = subtraction::open_range(rest) {
                return from.and_then(Ruleset::subtract_from).map_err(in_spec);
            }
            if let Some(Ok((1, offset))) = subtraction::progression(rest) {
                return Ruleset::subtract_from(offset.max(1)).map_err(in_spec);
            }
            return rest.parse().map(Ruleset::Subtraction).map_err(in_spec);
        }
        if let Some(rest) = lower.strip_prefix("split:") {
            let (min, max, unequal) = splitting::parse(spec, rest)?;
            return Ruleset::splitting(min, max, unequal)
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
            "unknown game {}: give a take-and-break code (0.07, 0.8f, 4), grundy, nim, sub:1,3,4, sub:1..3, sub:squares, sub:3k+1, sub:divisors, allbut:1,2, split:2..4, or one of {}",
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
            Ruleset::Split(rule) => write!(f, "{rule}"),
            Ruleset::Divisors(which) => write!(f, "sub:{which}"),
        }
    }
}
