//! Subtraction games: remove a number of tokens drawn from a fixed set.

use std::fmt;

use crate::error::{Error, Result};
use crate::quote::quoted;

/// The set `S` of a subtraction game: a move removes `s ∈ S` tokens from one
/// heap of at least `s`.
///
/// ```
/// use grundy::ruleset::SubtractionSet;
/// let s: SubtractionSet = "1,3,4".parse()?;
/// assert!(s.contains(3) && !s.contains(2));
/// let squares: SubtractionSet = "squares".parse()?;
/// assert!(squares.contains(49) && !squares.contains(50));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SubtractionSet {
    /// A finite set, sorted, without duplicates, every member positive: made
    /// only by [`SubtractionSet::finite`], which checks all that.
    Finite(Members),
    /// The positive squares 1, 4, 9, … (Nim Square, Project Euler 310).
    Squares,
    /// The powers of two 1, 2, 4, 8, …
    Powers2,
    /// The primes 2, 3, 5, 7, …
    Primes,
    /// The positive sizes `first + k·step`, `k >= 0`, with `step >= 2`: a
    /// residue class such as every multiple of 3 (`3k`) or `3k+1`.
    Progression(Progression),
}

/// The members of an infinite arithmetic progression `first, first + step,
/// …`: made only by [`SubtractionSet::progression`], which keeps `step >= 2`
/// (a step of 1 is nim or an all-but game) and `first >= 1`.
///
/// ```
/// use grundy::ruleset::SubtractionSet;
/// let SubtractionSet::Progression(p) = SubtractionSet::progression(3, 1)? else { unreachable!() };
/// assert_eq!((p.step(), p.first()), (3, 1));
/// let SubtractionSet::Progression(p) = SubtractionSet::progression(3, 0)? else { unreachable!() };
/// assert_eq!((p.step(), p.first()), (3, 3)); // every multiple of 3
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Progression {
    step: u64,
    first: u64,
}

impl Progression {
    /// The difference between consecutive members (at least 2).
    pub fn step(&self) -> u64 {
        self.step
    }

    /// The least member (at least 1).
    pub fn first(&self) -> u64 {
        self.first
    }
}

/// The most sizes a range such as `1..1000` may stand for in a list.
pub const MAX_LISTED: u64 = 1 << 20;

/// The members of a finite subtraction set: sorted, without duplicates,
/// every one positive, never empty. Only [`SubtractionSet::finite`] makes
/// them, so a set with 0 in it, or unsorted, cannot be built:
///
/// ```compile_fail
/// use grundy::ruleset::{Members, SubtractionSet};
/// let zero = SubtractionSet::Finite(Members(vec![0, 3])); // private field
/// ```
///
/// They read as a slice:
///
/// ```
/// use grundy::ruleset::SubtractionSet;
/// let SubtractionSet::Finite(members) = SubtractionSet::finite([4, 1, 4])? else { unreachable!() };
/// assert_eq!(&members[..], [1, 4]);
/// assert!(SubtractionSet::finite([3, 0]).is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Members(Vec<u64>);

impl std::ops::Deref for Members {
    type Target = [u64];

    fn deref(&self) -> &[u64] {
        &self.0
    }
}

impl SubtractionSet {
    /// A finite set from its members, in any order, duplicates allowed.
    ///
    /// # Errors
    /// [`InvalidSpec`](crate::ErrorKind::InvalidSpec) if the set is empty or
    /// contains 0 (removing nothing is not a move).
    pub fn finite(members: impl IntoIterator<Item = u64>) -> Result<Self> {
        let mut members: Vec<u64> = members.into_iter().collect();
        members.sort_unstable();
        members.dedup();
        if members.is_empty() {
            return Err(Error::spec(
                "a subtraction set needs at least one member, as in sub:1,2,3",
            ));
        }
        if members[0] == 0 {
            return Err(Error::spec(
                "0 cannot be in a subtraction set (removing nothing is not a move); use positive sizes, as in sub:1,2,3",
            ));
        }
        Ok(SubtractionSet::Finite(Members(members)))
    }

    /// The infinite set of positive sizes `step·k + offset`, `k >= 0`: the
    /// multiples of `step` when `offset` is 0, else `offset`, `offset +
    /// step`, ….
    ///
    /// ```
    /// use grundy::ruleset::SubtractionSet;
    /// let s = SubtractionSet::progression(3, 1)?;
    /// assert_eq!(s.members_up_to(12), [1, 4, 7, 10]);
    /// assert_eq!(s.to_string(), "3k+1");
    /// assert!(SubtractionSet::progression(1, 0).is_err()); // nim
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`InvalidSpec`](crate::ErrorKind::InvalidSpec) if `step` is 0 or 1 (a
    /// step of 1 from `r` is every size from `r`: the spec `sub:r..`, nim
    /// or an all-but game).
    pub fn progression(step: u64, offset: u64) -> Result<Self> {
        match step {
            0 => Err(Error::spec(
                "a progression needs a step of at least 1, as in sub:3k (every multiple of 3)",
            )),
            1 => Err(Error::spec(format!(
                "sizes 1k+{offset} are every size from {}: write sub:{}.. for that game",
                offset.max(1),
                offset.max(1)
            ))),
            _ => Ok(SubtractionSet::Progression(Progression {
                step,
                first: if offset == 0 { step } else { offset },
            })),
        }
    }

    /// Whether `s` is in the set.
    pub fn contains(&self, s: u64) -> bool {
        match self {
            SubtractionSet::Finite(m) => m.binary_search(&s).is_ok(),
            SubtractionSet::Squares => s >= 1 && isqrt(s).pow(2) == s,
            SubtractionSet::Powers2 => s.is_power_of_two(),
            SubtractionSet::Primes => is_prime(s),
            SubtractionSet::Progression(p) => s >= p.first && (s - p.first).is_multiple_of(p.step),
        }
    }

    /// The members of the set that are at most `n`, in increasing order.
    ///
    /// # Complexity
    /// O(|S ∩ [1, n]|) for finite sets, squares, powers of two and
    /// progressions; O(n log log n) for primes (a sieve of Eratosthenes).
    pub fn members_up_to(&self, n: u64) -> Vec<u64> {
        match self {
            SubtractionSet::Finite(m) => m.iter().copied().take_while(|&s| s <= n).collect(),
            SubtractionSet::Squares => (1..=isqrt(n)).map(|k| k * k).collect(),
            SubtractionSet::Powers2 => (0..64).map(|k| 1u64 << k).take_while(|&s| s <= n).collect(),
            SubtractionSet::Primes => primes_up_to(n),
            SubtractionSet::Progression(p) => {
                let count = if n < p.first {
                    0
                } else {
                    (n - p.first) / p.step + 1
                };
                (0..count).map(|k| p.first + k * p.step).collect()
            }
        }
    }

    /// The largest member, if the set is finite.
    pub fn max(&self) -> Option<u64> {
        match self {
            SubtractionSet::Finite(m) => m.last().copied(),
            _ => None,
        }
    }
}

impl std::str::FromStr for SubtractionSet {
    type Err = Error;

    /// Reads `1,3,4` (items may be ranges: `1,5..8`), `squares`, `powers2`,
    /// `primes`, or a progression `3k` (every multiple of 3), `3k+1`.
    fn from_str(s: &str) -> Result<Self> {
        match s {
            "squares" => Ok(SubtractionSet::Squares),
            "powers2" => Ok(SubtractionSet::Powers2),
            "primes" => Ok(SubtractionSet::Primes),
            "divisors" | "proper-divisors" => Err(Error::spec(format!(
                "{s} depend on the heap, so they are no fixed set; the game sub:{s} is read as a whole spec (a Ruleset)"
            ))),
            _ => {
                if let Some(progression) = progression(s) {
                    let (step, offset) = progression?;
                    return SubtractionSet::progression(step, offset);
                }
                if let Some(from) = open_range(s) {
                    let from = from?;
                    return Err(Error::spec(format!(
                        "every size from {from} is no finite set: the game sub:{from}.. is nim or an all-but game, read as a whole spec (a Ruleset)"
                    )));
                }
                finite_list(s).and_then(SubtractionSet::finite)
            }
        }
    }
}

/// Reads `Mk` or `Mk+R` as `(M, R)`; `None` when `s` has no such shape.
pub(crate) fn progression(s: &str) -> Option<Result<(u64, u64)>> {
    let (step, offset) = match s.split_once('k') {
        Some((step, "")) => (step, None),
        Some((step, rest)) => (step, Some(rest.strip_prefix('+')?)),
        None => return None,
    };
    let number = |text: &str| {
        text.trim().parse::<u64>().map_err(|_| {
            Error::spec(format!(
                "{} is not a progression: write Mk for every multiple of M, or Mk+R for R, R + M, R + 2M, …, as in 3k or 3k+1",
                quoted(s)
            ))
        })
    };
    Some(number(step).and_then(|step| Ok((step, offset.map(number).transpose()?.unwrap_or(0)))))
}

/// Reads `A..` as `A`; `None` when `s` has no such shape.
pub(crate) fn open_range(s: &str) -> Option<Result<u64>> {
    let from = s.trim().strip_suffix("..")?;
    if from.contains(',') || from.contains("..") {
        return Some(Err(Error::spec(format!(
            "in {}: an open range A.. stands alone (every size from A); give a list of sizes and closed ranges A..B otherwise",
            quoted(s)
        ))));
    }
    Some(from.trim().parse::<u64>().map_err(|_| {
        Error::spec(format!(
            "{} is not a size: write every size from A as A.., as in 3..",
            quoted(from)
        ))
    }))
}

/// Reads a comma-separated list of sizes and closed ranges, as in `1,3,4`
/// or `1,5..8`.
///
/// # Errors
/// [`InvalidSpec`](crate::ErrorKind::InvalidSpec) for an empty list, an item
/// that is no size or range, an empty range, or ranges that stand for more
/// than [`MAX_LISTED`] sizes.
pub(crate) fn finite_list(s: &str) -> Result<Vec<u64>> {
    if s.trim().is_empty() {
        return Err(Error::spec(
            "the list of sizes is empty; give sizes separated by commas, as in 1,2,3",
        ));
    }
    let size = |part: &str| {
        part.trim().parse::<u64>().map_err(|_| {
            Error::spec(format!(
                "{} is not a size: give whole numbers from 1 to {} or ranges A..B separated by commas, as in 1,2,3 or 1..3 (or squares, powers2, primes, 3k, 3k+1)",
                quoted(part.trim()),
                u64::MAX
            ))
        })
    };
    let mut sizes = Vec::new();
    let mut listed = 0u64;
    for part in s.split(',') {
        let Some((lo, hi)) = part.split_once("..") else {
            sizes.push(size(part)?);
            continue;
        };
        if hi.trim().is_empty() {
            return Err(Error::spec(format!(
                "in {}: the open range {} stands alone (every size from there); give a list of sizes and closed ranges A..B otherwise",
                quoted(s),
                quoted(part.trim())
            )));
        }
        let (lo, hi) = (size(lo)?, size(hi)?);
        if lo > hi {
            return Err(Error::spec(format!(
                "the range {lo}..{hi} is empty; write the smaller size first, as in {hi}..{lo}"
            )));
        }
        listed = listed.saturating_add(hi - lo).saturating_add(1);
        if listed > MAX_LISTED {
            return Err(Error::spec(format!(
                "the ranges in {} stand for more than {MAX_LISTED} sizes; list at most that many",
                quoted(s)
            )));
        }
        sizes.extend(lo..=hi);
    }
    Ok(sizes)
}

impl fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SubtractionSet::Finite(m) => write_list(f, m),
            SubtractionSet::Squares => f.write_str("squares"),
            SubtractionSet::Powers2 => f.write_str("powers2"),
            SubtractionSet::Primes => f.write_str("primes"),
            SubtractionSet::Progression(p) if p.first == p.step => write!(f, "{}k", p.step),
            SubtractionSet::Progression(p) => write!(f, "{}k+{}", p.step, p.first),
        }
    }
}

pub(crate) fn write_list(f: &mut fmt::Formatter<'_>, members: &[u64]) -> fmt::Result {
    for (i, m) in members.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{m}")?;
    }
    Ok(())
}

/// The largest `r` with `r * r <= n`.
pub fn isqrt(n: u64) -> u64 {
    n.isqrt()
}

/// The primes up to `n` by the sieve of Eratosthenes.
fn primes_up_to(n: u64) -> Vec<u64> {
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    if n < 2 {
        return Vec::new();
    }
    let mut composite = vec![false; n + 1];
    let mut primes = Vec::new();
    for p in 2..=n {
        if composite[p] {
            continue;
        }
        primes.push(p as u64);
        let mut q = p.saturating_mul(p);
        while q <= n {
            composite[q] = true;
            q += p;
        }
    }
    primes
}

fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    if n < 4 {
        return true;
    }
    if n.is_multiple_of(2) {
        return false;
    }
    let mut d = 3;
    while d <= n / d {
        if n.is_multiple_of(d) {
            return false;
        }
        d += 2;
    }
    true
}

/// The set of an *all-but* game: a move removes any positive number of tokens
/// except the listed ones.
///
/// ```
/// use grundy::ruleset::AllBut;
/// let g: AllBut = "1,2".parse()?;
/// assert!(g.allows(3) && !g.allows(2) && !g.allows(0));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AllBut {
    excluded: Vec<u64>,
}

impl AllBut {
    /// The all-but game excluding `excluded`.
    ///
    /// # Errors
    /// [`InvalidSpec`](crate::ErrorKind::InvalidSpec) if the list is empty
    /// (that game is nim) or contains 0.
    pub fn new(excluded: impl IntoIterator<Item = u64>) -> Result<Self> {
        let mut excluded: Vec<u64> = excluded.into_iter().collect();
        excluded.sort_unstable();
        excluded.dedup();
        if excluded.is_empty() {
            return Err(Error::spec(
                "an all-but game must exclude at least one size, as in allbut:1,2 (excluding none is nim)",
            ));
        }
        if excluded.first() == Some(&0) {
            return Err(Error::spec(
                "0 is never a move, so it cannot be excluded; list positive sizes, as in allbut:1,2",
            ));
        }
        Ok(AllBut { excluded })
    }

    /// The excluded sizes, sorted.
    pub fn excluded(&self) -> &[u64] {
        &self.excluded
    }

    /// Whether removing `s` tokens is a move.
    pub fn allows(&self, s: u64) -> bool {
        s > 0 && self.excluded.binary_search(&s).is_err()
    }
}

impl std::str::FromStr for AllBut {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        AllBut::new(finite_list(s)?)
    }
}

impl fmt::Display for AllBut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, &self.excluded)
    }
}
