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
}

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

    /// Whether `s` is in the set.
    pub fn contains(&self, s: u64) -> bool {
        match self {
            SubtractionSet::Finite(m) => m.binary_search(&s).is_ok(),
            SubtractionSet::Squares => s >= 1 && isqrt(s).pow(2) == s,
            SubtractionSet::Powers2 => s.is_power_of_two(),
            SubtractionSet::Primes => is_prime(s),
        }
    }

    /// The members of the set that are at most `n`, in increasing order.
    ///
    /// # Complexity
    /// O(|S ∩ [1, n]|) for finite sets, squares and powers of two; O(n log log n)
    /// for primes (a sieve of Eratosthenes).
    pub fn members_up_to(&self, n: u64) -> Vec<u64> {
        match self {
            SubtractionSet::Finite(m) => m.iter().copied().take_while(|&s| s <= n).collect(),
            SubtractionSet::Squares => (1..=isqrt(n)).map(|k| k * k).collect(),
            SubtractionSet::Powers2 => (0..64).map(|k| 1u64 << k).take_while(|&s| s <= n).collect(),
            SubtractionSet::Primes => primes_up_to(n),
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

    /// Reads `1,3,4`, `squares`, `powers2` or `primes`.
    fn from_str(s: &str) -> Result<Self> {
        match s {
            "squares" => Ok(SubtractionSet::Squares),
            "powers2" => Ok(SubtractionSet::Powers2),
            "primes" => Ok(SubtractionSet::Primes),
            _ => finite_list(s).and_then(SubtractionSet::finite),
        }
    }
}

/// Reads a comma-separated list of sizes, as in `1,3,4`.
pub(crate) fn finite_list(s: &str) -> Result<Vec<u64>> {
    if s.trim().is_empty() {
        return Err(Error::spec(
            "the list of sizes is empty; give sizes separated by commas, as in 1,2,3",
        ));
    }
    s.split(',')
        .map(|part| {
            let part = part.trim();
            part.parse::<u64>().map_err(|_| {
                Error::spec(format!(
                    "{} is not a size: give whole numbers from 1 to {} separated by commas, as in 1,2,3 (or squares, powers2, primes)",
                    quoted(part),
                    u64::MAX
                ))
            })
        })
        .collect()
}

impl fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SubtractionSet::Finite(m) => write_list(f, m),
            SubtractionSet::Squares => f.write_str("squares"),
            SubtractionSet::Powers2 => f.write_str("powers2"),
            SubtractionSet::Primes => f.write_str("primes"),
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
