//! Counting lost positions: single heaps over a range ([`zeros_in_range`]),
//! and positions of several heaps ([`multiset`]).

use crate::error::{Error, Result};
use crate::period::PeriodicValues;
use crate::values::ValueTable;

pub mod histogram;
pub mod multiset;
pub mod natural;

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

/// The number of heaps `n` in `from..=to` with `G(n) = 0` (lost for the
/// player to move), for any `u64` range when the period is proved.
///
/// With a proved period the count is taken over the preperiod, whole periods
/// and one partial period, never heap by heap.
///
/// ```
/// use grundy::{Ruleset, count, period::{self, PeriodicValues}};
/// let strip: Ruleset = "paper-strip".parse()?;
/// let (v, t) = period::find(&strip, 1000, Default::default(), &mut grundy::values::silent)?;
/// let g = PeriodicValues::new(t, v);
/// assert_eq!(count::zeros_in_range(&g, 1, 50)?, 10);
/// let n = 1_000_000_000_000_000_000;
/// assert!(count::zeros_in_range(&g, 1, n)? > n as u128 / 10);
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) if `from > to`, or if `to`
/// is past the computed values and no period is proved.
///
/// # Complexity
/// O(preperiod + period) with a proved period, O(to − from) otherwise.
pub fn zeros_in_range(values: &PeriodicValues, from: u64, to: u64) -> Result<u128> {
    if from > to {
        return Err(Error::input(format!(
            "the range {from}..={to} is empty: its first heap is past its last"
        )));
    }
    Ok(zeros_up_to(values, to)?
        - if from == 0 {
            0
        } else {
            zeros_up_to(values, from - 1)?
        })
}

/// The number of `n` in `0..=to` with `G(n) = 0`.
fn zeros_up_to(values: &PeriodicValues, to: u64) -> Result<u128> {
    let table = values.table();
    if let Some(n) = usize::try_from(to).ok().filter(|&n| n < table.len()) {
        return Ok((0..=n).filter(|&i| table.raw(i) == 0).count() as u128);
    }
    let Some(p) = values.proved() else {
        return Err(values
            .get(to)
            .err()
            .unwrap_or_else(|| Error::input(format!("heap {to} is past the values computed"))));
    };
    let (e, period, s) = (p.preperiod(), p.period(), p.saltus());
    let zeros =
        |range: std::ops::Range<u64>| range.filter(|&i| table.raw(i as usize) == 0).count() as u128;
    let before = zeros(0..e);
    if s > 0 {
        // Values grow by s each period: only the first period can hold zeros.
        return Ok(before + zeros(e..e + period));
    }
    let span = u128::from(to - e) + 1;
    let whole = span / u128::from(period);
    let rest = (span % u128::from(period)) as u64;
    Ok(before + whole * zeros(e..e + period) + zeros(e..e + rest))
}

/// Brute-force twin of [`zeros_in_range`]: looks at every heap.
///
/// # Errors
/// As [`PeriodicValues::get`].
pub fn zeros_in_range_naive(values: &PeriodicValues, from: u64, to: u64) -> Result<u128> {
    let mut count = 0u128;
    for n in from..=to {
        if values.get(n)?.is_zero() {
            count += 1;
        }
    }
    Ok(count)
}
