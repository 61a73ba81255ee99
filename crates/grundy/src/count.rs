//! Counting won and lost heaps over a range.

use crate::values::ValueTable;

/// How many single heaps in a range are first-player wins and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Outcomes {
    /// Heaps with a non-zero value: the player to move wins.
    pub wins: u64,
    /// Heaps of value zero: the player to move loses.
    pub losses: u64,
}

/// Counts the heaps `n` in `1..=to` by outcome, from a table holding `G(0..=to)`.
///
/// ```
/// use grundy::{Ruleset, count, values};
/// let strip: Ruleset = "paper-strip".parse()?;
/// let table = values::compute(&strip, 50)?;
/// assert_eq!(count::single_heaps(&table, 5).wins, 3); // Project Euler 306
/// assert_eq!(count::single_heaps(&table, 50).wins, 40);
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Panics
/// If the table holds fewer than `to + 1` values.
pub fn single_heaps(table: &ValueTable, to: u64) -> Outcomes {
    assert!((to as u128) < table.len() as u128, "table too short");
    let losses = (1..=to as usize).filter(|&n| table.raw(n) == 0).count() as u64;
    Outcomes {
        wins: to - losses,
        losses,
    }
}
