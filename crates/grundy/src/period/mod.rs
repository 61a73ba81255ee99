//! Periodicity of Grundy values: found, and proved where a theorem allows.
//!
//! Many heap games have values that eventually repeat: `G(n + p) = G(n)` for
//! every `n` past a *preperiod* `e`. Some, like nim, repeat with a constant
//! added, `G(n + p) = G(n) + s` (arithmetic periodicity, saltus `s`). Finding
//! such a pattern in computed values is easy ([`detect`]); knowing that it
//! goes on forever needs a theorem ([`proof`]). A [`Periodicity`] always says
//! which: proved by a named theorem over a stated window, or only observed.
//!
//! ```
//! use grundy::{Ruleset, period};
//! let strip: Ruleset = "0.07".parse()?;
//! let (verdict, _table) = period::find(&strip, 1000, Default::default(), &mut |_| {})?;
//! let p = verdict.periodicity.unwrap();
//! assert_eq!((p.preperiod, p.period, p.saltus), (53, 34, 0));
//! assert!(p.is_proved());
//!
//! let grundys_game: Ruleset = "grundy".parse()?;
//! let (verdict, _) = period::find(&grundys_game, 300, Default::default(), &mut |_| {})?;
//! assert!(verdict.periodicity.is_none_or(|p| !p.is_proved()));
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! With a proved period, [`PeriodicValues`] answers `G(n)` for any `u64`
//! heap in constant time.

use crate::error::Result;
use crate::ruleset::Ruleset;
use crate::values::{self, Progress, ValueTable};

mod continuation;
pub mod detect;
pub mod moves;
pub mod proof;

pub use continuation::PeriodicValues;
pub use proof::Theorem;

/// How a period is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Proof {
    /// Proved by `theorem`, after checking `G(n + p) = G(n) + s` for every
    /// `n` with `e <= n < bound` (the values up to `bound + p − 1`).
    Theorem {
        /// The theorem applied.
        theorem: Theorem,
        /// The window's end: every `n` below it (from `e`) was checked.
        bound: u64,
    },
    /// Seen in every computed value, but no theorem proves it goes on.
    Observed,
}

/// A preperiod, period and saltus, with how they are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Periodicity {
    /// The least `e` with `G(n + p) = G(n) + s` for all `n >= e`.
    pub preperiod: u64,
    /// The least period `p`.
    pub period: u64,
    /// The saltus `s`: 0 for ordinary periodicity.
    pub saltus: u64,
    /// Proved, and how, or only observed.
    pub proof: Proof,
    /// The last heap whose value was computed and checked.
    pub checked_to: u64,
}

impl Periodicity {
    /// Whether a theorem proves the pattern for every heap.
    pub fn is_proved(&self) -> bool {
        matches!(self.proof, Proof::Theorem { .. })
    }

    /// The heaps `n < preperiod + period` whose value differs from the
    /// periodic continuation backwards, `G(n) != G(n + p) − s`: the
    /// *exceptional* values, as tables of octal games list them.
    ///
    /// ```
    /// use grundy::{Ruleset, period};
    /// let strip: Ruleset = "0.07".parse()?;
    /// let (v, table) = period::find(&strip, 1000, Default::default(), &mut |_| {})?;
    /// let p = v.periodicity.unwrap();
    /// assert_eq!(p.exceptions(&table), [0, 1, 15, 17, 18, 32, 35, 52]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Panics
    /// If `table` holds fewer than `preperiod + 2·period` values.
    pub fn exceptions(&self, table: &ValueTable) -> Vec<u64> {
        let (e, p, s) = (self.preperiod, self.period, self.saltus);
        (0..e)
            .filter(|&n| {
                // The continuation of the periodic part back to n.
                let k = (e - n).div_ceil(p);
                let m = n + k * p;
                let back = table.raw(m as usize).checked_sub(k * s);
                back != Some(table.raw(n as usize))
            })
            .collect()
    }
}

/// The outcome of a search for a period.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// The pattern found, proved or observed; `None` when the values show no
    /// period up to `checked_to`.
    pub periodicity: Option<Periodicity>,
    /// The last heap whose value was computed.
    pub checked_to: u64,
}

/// The periodicity that the values in `table` show for `ruleset`, proved if a
/// theorem applies and the table covers its window.
///
/// ```
/// use grundy::{Ruleset, period, values};
/// let r: Ruleset = "sub:1,2,3".parse()?;
/// let t = values::compute(&r, 20)?;
/// let p = period::of_table(&r, &t).periodicity.unwrap();
/// assert_eq!((p.preperiod, p.period), (0, 4));
/// assert!(p.is_proved());
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Complexity
/// That of [`detect::detect`].
pub fn of_table(ruleset: &Ruleset, table: &ValueTable) -> Verdict {
    verdict(ruleset, table, detect::detect(table))
}

/// The verdict on the pattern `candidate` detected in `table`.
fn verdict(ruleset: &Ruleset, table: &ValueTable, candidate: Option<detect::Candidate>) -> Verdict {
    let checked_to = (table.len() as u64).saturating_sub(1);
    let periodicity = candidate.map(|c| {
        let proof = match proof::requirement(ruleset, c) {
            Some((theorem, bound))
                if need(bound, c).is_some_and(|need| need <= table.len() as u64) =>
            {
                Proof::Theorem { theorem, bound }
            }
            _ => Proof::Observed,
        };
        Periodicity {
            preperiod: c.preperiod,
            period: c.period,
            saltus: c.saltus,
            proof,
            checked_to,
        }
    });
    Verdict {
        periodicity,
        checked_to,
    }
}

/// The table length a theorem's window `bound` needs for `candidate`: the
/// values up to `bound + p − 1`.
fn need(bound: u64, candidate: detect::Candidate) -> Option<u64> {
    bound.checked_add(candidate.period)
}

/// Computes values of `ruleset`, growing the table until a period is proved
/// or heap `max` is reached, and returns the verdict with the table.
///
/// The table starts at 128 heaps and doubles, or grows only to the soonest
/// length at which a theorem could prove a pattern seen so far: the pattern
/// detected, or one that the end of the table shows with a preperiod still
/// too long to be taken ([`detect::detect_with_tails`]). It grows by at
/// least an eighth each time, so the detections cost a constant factor of
/// the last one. For `0.354` (period 1180 from heap 10 061 916) this stops at
/// the 20 126 195 values the octal periodicity theorem needs instead of the
/// next power of two.
///
/// # Errors
/// As [`values::compute_with`]: [`TooLarge`](crate::ErrorKind::TooLarge) if
/// the table would not fit in the memory budget.
///
/// # Complexity
/// The value computation up to the heap where the proof completes (at most
/// `max`), plus [`detect::detect`] after each growth.
pub fn find(
    ruleset: &Ruleset,
    max: u64,
    options: values::Options,
    progress: &mut dyn FnMut(Progress),
) -> Result<(Verdict, ValueTable)> {
    let mut table = ValueTable::new();
    let mut to = max.min(127);
    loop {
        values::extend_with(ruleset, &mut table, to, options, progress)?;
        let len = to + 1;
        // The least table length that would prove a pattern seen so far.
        let mut soonest: Option<u64> = None;
        let mut consider = |c: detect::Candidate| {
            if let Some(n) = proof::requirement(ruleset, c).and_then(|(_, bound)| need(bound, c)) {
                soonest = Some(soonest.map_or(n, |s| s.min(n)));
            }
        };
        let candidate = detect::detect_with_tails(&table, &mut consider);
        if let Some(c) = candidate {
            consider(c);
        }
        let verdict = verdict(ruleset, &table, candidate);
        let proved = verdict.periodicity.is_some_and(|p| p.is_proved());
        if proved || to >= max {
            return Ok((verdict, table));
        }
        let mut next = len.saturating_mul(2);
        if let Some(n) = soonest.filter(|&n| n > len) {
            next = next.min(n.max(len + len / 8));
        }
        to = (next - 1).min(max);
    }
}
