//! Finding the least preperiod and period of a finite run of values.
//!
//! A sequence is *arithmetic-periodic* with preperiod `e`, period `p` and
//! saltus `s` when `G(n + p) = G(n) + s` for every `n >= e`; it is ordinarily
//! periodic when `s = 0`. From finitely many values nothing can be known for
//! certain, so [`detect`] only reports a pattern that the values support: at
//! least two whole periods after the preperiod, and a preperiod no longer than
//! the part of the table that follows it.

use crate::values::ValueTable;

/// A preperiod, period and saltus that fit every value of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Candidate {
    /// The least `e` with `G(n + p) = G(n) + s` for every `n >= e` in the table.
    pub preperiod: u64,
    /// The least period `p` the table supports.
    pub period: u64,
    /// The constant `s` added each period (0 for ordinary periodicity).
    pub saltus: u64,
}

/// The least period, with its least preperiod and saltus, that the values of
/// `table` support, or `None`.
///
/// A period `p` is supported when, with `e` the least preperiod for `p`, the
/// table holds at least two whole periods after `e` (`len − e >= 2p`) and the
/// preperiod is at most half the table (`2e <= len`); the saltus is read from
/// the last period and must not be negative. A saltus of zero is ordinary
/// periodicity.
///
/// ```
/// use grundy::ValueTable;
/// use grundy::period::detect::detect;
/// let t = ValueTable::from_values([5, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]);
/// let c = detect(&t).unwrap();
/// assert_eq!((c.preperiod, c.period, c.saltus), (1, 3, 0));
/// let nim = ValueTable::from_values(0..20);
/// let c = detect(&nim).unwrap();
/// assert_eq!((c.preperiod, c.period, c.saltus), (0, 1, 1));
/// ```
///
/// # Complexity
/// O(Σₚ run(p)) where run(p) is how far back from the end `p` holds: close to
/// O(len) when the values are irregular, O(len · p) at worst.
pub fn detect(table: &ValueTable) -> Option<Candidate> {
    let len = table.len() as u64;
    let mut p = 1;
    while 2 * p <= len {
        if let Some((e, s)) = least_preperiod(table, p) {
            if len - e >= 2 * p && 2 * e <= len {
                return Some(Candidate {
                    preperiod: e,
                    period: p,
                    saltus: s,
                });
            }
        }
        p += 1;
    }
    None
}

/// For a period `p`, the least `e` such that `G(n + p) − G(n)` is one
/// non-negative constant `s` for every `n` in `e..len − p`, with that `s`.
pub fn least_preperiod(table: &ValueTable, p: u64) -> Option<(u64, u64)> {
    let len = table.len();
    let p = usize::try_from(p).ok()?;
    if p == 0 || p >= len {
        return None;
    }
    let last = len - p - 1;
    let (a, b) = (table.raw(last), table.raw(last + p));
    let s = b.checked_sub(a)?;
    let mut e = last;
    while e > 0 && table.raw(e - 1).checked_add(s) == Some(table.raw(e - 1 + p)) {
        e -= 1;
    }
    Some((e as u64, s))
}

/// The naive twin of [`detect`]: tries every period and every preperiod in
/// increasing order and checks each pair against the whole table.
///
/// # Complexity
/// O(len³); for tests.
pub fn detect_naive(table: &ValueTable) -> Option<Candidate> {
    let v = table.to_vec();
    let len = v.len();
    for p in 1..=len / 2 {
        for e in 0..len - p {
            let s = v[len - 1].wrapping_sub(v[len - 1 - p]);
            if v[len - 1] < v[len - 1 - p] {
                break;
            }
            if (e..len - p).all(|n| v[n].checked_add(s) == Some(v[n + p])) {
                if len - e >= 2 * p && 2 * e <= len {
                    return Some(Candidate {
                        preperiod: e as u64,
                        period: p as u64,
                        saltus: s,
                    });
                }
                break;
            }
        }
    }
    None
}
