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
//! let (verdict, _table) = period::find(&strip, 1000, Default::default(), &mut grundy::values::silent)?;
//! let p = verdict.periodicity().unwrap();
//! assert_eq!((p.preperiod(), p.period(), p.saltus()), (53, 34, 0));
//! assert!(p.is_proved());
//!
//! let grundys_game: Ruleset = "grundy".parse()?;
//! let (verdict, _) = period::find(&grundys_game, 300, Default::default(), &mut grundy::values::silent)?;
//! assert!(verdict.periodicity().is_none_or(|p| !p.is_proved()));
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! With a proved period, [`PeriodicValues`] answers `G(n)` for any `u64`
//! heap in constant time.

use std::ops::ControlFlow;

use crate::error::Result;
use crate::ruleset::Ruleset;
use crate::values::{self, Progress, ValueTable};

mod continuation;
pub mod detect;
pub mod mirror;
pub mod moves;
pub mod proof;
mod three_parts;

pub use continuation::{PeriodicValues, continued};
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
///
/// Only the period search makes one ([`of_table`], [`find`], [`Search`]):
/// its fields are private, so no proof can be forged through the API.
///
/// ```compile_fail
/// use grundy::period::{Periodicity, Proof, Theorem};
/// let forged = Periodicity {
///     preperiod: 0, period: 1, saltus: 0, checked_to: 0,
///     proof: Proof::Theorem { theorem: Theorem::OctalPeriodicity, bound: 0 },
/// };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Periodicity {
    preperiod: u64,
    period: u64,
    saltus: u64,
    proof: Proof,
    checked_to: u64,
}

impl Periodicity {
    /// The least `e` with `G(n + p) = G(n) + s` for all `n >= e`.
    pub fn preperiod(&self) -> u64 {
        self.preperiod
    }

    /// The least period `p`.
    pub fn period(&self) -> u64 {
        self.period
    }

    /// The saltus `s`: 0 for ordinary periodicity.
    pub fn saltus(&self) -> u64 {
        self.saltus
    }

    /// Proved, and how, or only observed.
    pub fn proof(&self) -> Proof {
        self.proof
    }

    /// The last heap whose value was computed and checked.
    pub fn checked_to(&self) -> u64 {
        self.checked_to
    }

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
    /// let (v, table) = period::find(&strip, 1000, Default::default(), &mut grundy::values::silent)?;
    /// let p = v.periodicity().unwrap();
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

/// The outcome of a search for a period; made only by the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    periodicity: Option<Periodicity>,
    checked_to: u64,
}

impl Verdict {
    /// The pattern found, proved or observed; `None` when the values show
    /// no period up to [`Verdict::checked_to`].
    pub fn periodicity(&self) -> Option<Periodicity> {
        self.periodicity
    }

    /// The last heap whose value was computed.
    pub fn checked_to(&self) -> u64 {
        self.checked_to
    }
}

/// The periodicity that the values in `table` show for `ruleset`, proved if a
/// theorem applies and the table covers its window.
///
/// ```
/// use grundy::{Ruleset, period, values};
/// let r: Ruleset = "sub:1,2,3".parse()?;
/// let t = values::compute(&r, 20)?;
/// let p = period::of_table(&r, &t).periodicity().unwrap();
/// assert_eq!((p.preperiod(), p.period()), (0, 4));
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
                if need(bound, c).is_some_and(|need| need <= table.len() as u64)
                    && hypotheses_hold(ruleset, theorem, table, c) =>
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

/// Whether the hypotheses a theorem places on the values themselves hold
/// (only the mirror theorem has any beyond its window).
fn hypotheses_hold(
    ruleset: &Ruleset,
    theorem: Theorem,
    table: &ValueTable,
    c: detect::Candidate,
) -> bool {
    match (theorem, ruleset) {
        (Theorem::MirrorArithmetic, Ruleset::TakeAndBreak(code)) => {
            let first: Vec<u64> = (0..c.preperiod + c.period)
                .map(|n| table.raw(n as usize))
                .collect();
            mirror::hypotheses(code, c.preperiod, c.period, c.saltus, &first).is_ok()
        }
        (Theorem::MirrorArithmetic, _) => false,
        _ => true,
    }
}

/// The periodicity the values in `table` show for a game that no theorem
/// here covers (a [`HeapGame`](crate::heap_game::HeapGame) known only by
/// its options): observed at best, never proved.
///
/// ```
/// use grundy::{ValueTable, period};
/// let t = ValueTable::from_values([0, 1, 2, 0, 1, 2, 0, 1, 2, 0]);
/// let p = period::observed(&t).periodicity().unwrap();
/// assert_eq!((p.preperiod(), p.period(), p.is_proved()), (0, 3, false));
/// assert_eq!(period::observed(&t).checked_to(), 9);
/// ```
///
/// # Complexity
/// That of [`detect::detect`].
pub fn observed(table: &ValueTable) -> Verdict {
    let checked_to = (table.len() as u64).saturating_sub(1);
    let periodicity = detect::detect(table).map(|c| Periodicity {
        preperiod: c.preperiod,
        period: c.period,
        saltus: c.saltus,
        proof: Proof::Observed,
        checked_to,
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
/// The table grows as [`Search`] asks: from 128 heaps, doubling, or only to
/// the soonest length at which a theorem could prove a pattern seen so far.
///
/// # Errors
/// As [`values::compute_with`]: [`TooLarge`](crate::ErrorKind::TooLarge) if
/// the table would not fit in the memory budget;
/// [`Interrupted`](crate::ErrorKind::Interrupted) if `progress` asked to
/// stop.
///
/// # Complexity
/// The value computation up to the heap where the proof completes (at most
/// `max`), plus [`detect::detect`] after each growth.
pub fn find(
    ruleset: &Ruleset,
    max: u64,
    options: values::Options,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<(Verdict, ValueTable)> {
    let mut table = ValueTable::new();
    let mut stepper = values::Stepper::new(ruleset, options);
    let verdict = find_in(ruleset, &mut table, max, &mut |table, to| {
        stepper.extend(table, to, progress).map(|_| ())
    })?;
    Ok((verdict, table))
}

/// As [`find`], starting from the values already in `table` (stored by an
/// earlier run, say) and growing it through `extend(table, to)`, which must
/// leave `G(0..=to)` in the table: the caller decides how values are
/// computed, saved and stopped. Values past heap `max` are dropped first,
/// so the verdict depends only on `max`, not on what was stored.
///
/// ```
/// use grundy::{Ruleset, ValueTable, period, values};
/// let strip: Ruleset = "0.07".parse()?;
/// let mut table = values::compute(&strip, 200)?; // stored earlier
/// let mut grown = 0;
/// let verdict = period::find_in(&strip, &mut table, 10_000, &mut |t, to| {
///     grown += 1;
///     values::extend_with(&strip, t, to, Default::default(), &mut values::silent)
/// })?;
/// assert!(verdict.periodicity().unwrap().is_proved());
/// assert_eq!(grown, 0); // the stored values already hold the proof
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// What `extend` returns.
pub fn find_in(
    ruleset: &Ruleset,
    table: &mut ValueTable,
    max: u64,
    extend: &mut dyn FnMut(&mut ValueTable, u64) -> Result<()>,
) -> Result<Verdict> {
    let limit = usize::try_from(max.saturating_add(1)).unwrap_or(usize::MAX);
    if table.len() > limit {
        table.truncate(limit);
    }
    let search = Search::new(ruleset, max);
    loop {
        match search.step(table) {
            Step::Done(verdict) => return Ok(verdict),
            Step::Grow { to, .. } => extend(table, to)?,
        }
    }
}

/// The heaps at the end of a table over which a pattern must hold for the
/// search to grow to exactly its window before two whole periods are seen;
/// one held over fewer may shorten a doubling by at most twice this.
const SEEN: u64 = 64;

/// One decision of a period search: the verdict, or how far to grow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The search is over: a period is proved, or heap `max` was reached.
    Done(Verdict),
    /// Grow the table to hold `G(0..=to)` and look again.
    Grow {
        /// The last heap the table should hold next.
        to: u64,
        /// The pattern the values show so far, if any, proved or not: what a
        /// progress display can show while the table grows.
        pattern: Option<detect::Candidate>,
    },
}

/// A period search that holds no values: given the table computed so far,
/// it says whether the verdict is final or how far to grow. A caller that
/// stores tables can resume a search from any of them ([`find_in`]).
///
/// The table starts at 128 heaps and doubles, or grows only to the soonest
/// length at which a theorem could prove a pattern seen so far: the pattern
/// detected, or one that the end of the table shows with a preperiod still
/// too long to be taken or over less than two periods
/// ([`detect::detect_with_tails`]). A pattern held over two whole periods,
/// or over at least 64 heaps at the end of the table, gets exactly its
/// window. One held over fewer heaps, mostly a chance match, may shorten
/// the doubling by at most 128 values, so that chance patterns never make
/// the steps short (a subtraction game's window `e + p + max(S)` is barely
/// past the table). The window `2e + 2p + t` of an octal code is never
/// shortened so: it is `2·len − 2c + t` for a pattern held over `c` heaps.
/// So once the values pass `e + p`, the table grows to exactly the window
/// of an octal code's period, or to a shorter one of a pattern that the
/// values on the way break, and the search computes no value the proof
/// does not need. The one exception: a period longer than half the table
/// is not tried, so when the last doubling `L` below the window has
/// `p > L / 2`, the pattern is first seen (and proved) at `2L`. For
/// `0.354` (period 1180 from heap
/// 10 061 916) this stops at the 20 126 195 values the octal periodicity
/// theorem needs, and for `0.1777` (period 60 620 715 from heap
/// 160 949 018, first seen over three quarters of a period at 2^28 values)
/// at the 443 139 470 it needs, instead of the next power of two.
///
/// ```
/// use grundy::{Ruleset, ValueTable, period::{Search, Step}, values};
/// let kayles: Ruleset = "kayles".parse()?;
/// let search = Search::new(&kayles, 10_000);
/// let mut table = ValueTable::new();
/// let verdict = loop {
///     match search.step(&table) {
///         Step::Grow { to, .. } => values::extend_with(&kayles, &mut table, to, Default::default(), &mut values::silent)?,
///         Step::Done(verdict) => break verdict,
///     }
/// };
/// let p = verdict.periodicity().unwrap();
/// assert_eq!((p.preperiod(), p.period(), p.is_proved()), (71, 12, true));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Search<'a> {
    ruleset: &'a Ruleset,
    max: u64,
}

impl<'a> Search<'a> {
    /// A search for a period of `ruleset` among the heaps `0..=max`.
    pub fn new(ruleset: &'a Ruleset, max: u64) -> Self {
        Search { ruleset, max }
    }

    /// The decision on `table`, which holds `G(0..len)` of the ruleset
    /// (values past `max` are not looked at only if the caller drops them:
    /// [`find_in`] does).
    ///
    /// # Complexity
    /// That of [`detect::detect_with_tails`] on the table.
    pub fn step(&self, table: &ValueTable) -> Step {
        let ruleset = self.ruleset;
        let len = table.len() as u64;
        let first = self.max.min(127) + 1;
        if len < first {
            return Step::Grow {
                to: first - 1,
                pattern: None,
            };
        }
        // The next table length: the least over the patterns seen of the
        // length that would prove it, at least an eighth more for a pattern
        // held over few heaps (mostly chance). And the pattern to show: the
        // soonest proved of those held over two whole periods.
        let mut soonest: Option<u64> = None;
        let mut shown: Option<(u64, detect::Candidate)> = None;
        let requirements = proof::Requirements::of(ruleset);
        let mut consider = |c: detect::Candidate| {
            let run = len - c.preperiod;
            let whole = run >= c.period.saturating_mul(2);
            let held = run - c.period;
            let Some(n) = requirements.window(c).and_then(|(_, bound)| need(bound, c)) else {
                return;
            };
            if n <= len {
                return;
            }
            let target = if whole || held >= SEEN {
                n
            } else {
                n.max(len.saturating_mul(2).saturating_sub(2 * SEEN))
            };
            soonest = Some(soonest.map_or(target, |s| s.min(target)));
            if whole && shown.is_none_or(|(s, _)| n < s) {
                shown = Some((n, c));
            }
        };
        let candidate = detect::detect_with_tails(table, &mut consider);
        if let Some(c) = candidate {
            consider(c);
        }
        let verdict = verdict(ruleset, table, candidate);
        let proved = verdict.periodicity.is_some_and(|p| p.is_proved());
        if proved || len > self.max {
            return Step::Done(verdict);
        }
        // Twice the table, or the soonest window: a pattern whose window
        // ends within twice the table is either proved there or broken by
        // the values computed on the way.
        let next = soonest.map_or(len.saturating_mul(2), |n| n.min(len.saturating_mul(2)));
        Step::Grow {
            to: (next - 1).min(self.max),
            pattern: candidate.or(shown.map(|(_, c)| c)),
        }
    }
}
