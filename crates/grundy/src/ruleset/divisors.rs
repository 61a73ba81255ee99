//! Divisor games: remove a number of tokens that divides the heap.
//!
//! With every divisor allowed, a heap can always be taken whole; with proper
//! divisors only (Project Euler 509's Divisor Nim), a heap of 1 has no move.

use std::fmt;

/// Which divisors of a heap a move may remove.
///
/// ```
/// use grundy::Ruleset;
/// let divisor_nim: Ruleset = "sub:proper-divisors".parse()?;
/// let removed: Vec<u64> = divisor_nim.options(12).iter().map(|m| m.removed).collect();
/// assert_eq!(removed, [1, 2, 3, 4, 6]);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Divisors {
    /// Every divisor `d` of the heap, the heap itself included.
    All,
    /// The divisors `d` smaller than the heap.
    Proper,
}

impl Divisors {
    /// The sizes a move may remove from a heap of `n`, in increasing order.
    ///
    /// ```
    /// use grundy::ruleset::Divisors;
    /// assert_eq!(Divisors::All.of(12), [1, 2, 3, 4, 6, 12]);
    /// assert_eq!(Divisors::Proper.of(1), [] as [u64; 0]);
    /// ```
    ///
    /// # Complexity
    /// O(√n) trial divisions.
    pub fn of(self, n: u64) -> Vec<u64> {
        let mut low = Vec::new();
        let mut high = Vec::new();
        let mut d = 1u64;
        while d <= n / d {
            if n.is_multiple_of(d) {
                low.push(d);
                if d != n / d {
                    high.push(n / d);
                }
            }
            d += 1;
        }
        low.extend(high.into_iter().rev());
        if self == Divisors::Proper {
            low.pop_if(|&mut d| d == n);
        }
        low
    }

    /// Whether a heap of `n` has a move: any heap from 1, or from 2 when
    /// only proper divisors count.
    pub fn has_move(self, n: u64) -> bool {
        match self {
            Divisors::All => n >= 1,
            Divisors::Proper => n >= 2,
        }
    }
}

impl fmt::Display for Divisors {
    /// What follows `sub:` in the spec: `divisors` or `proper-divisors`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Divisors::All => "divisors",
            Divisors::Proper => "proper-divisors",
        })
    }
}
