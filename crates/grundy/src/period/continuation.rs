//! Values for any heap, from computed values and a proved period.

use std::sync::Arc;

use crate::error::{Error, ErrorKind, Result};
use crate::nimber::Nimber;
use crate::period::{Periodicity, Verdict};
use crate::values::ValueTable;

/// `G(n)` for every `u64` heap `n`: from the table where it reaches, and by
/// the periodic continuation beyond it when the period is proved.
///
/// ```
/// use grundy::{Nimber, Ruleset, period::{self, PeriodicValues}};
/// let kayles: Ruleset = "kayles".parse()?;
/// let (verdict, table) = period::find(&kayles, 1000, Default::default(), &mut grundy::values::silent)?;
/// let g = PeriodicValues::new(table, verdict);
/// assert_eq!(g.get(u64::MAX)?, g.get(u64::MAX - 12)?);
/// assert_eq!(g.get(4)?, Nimber::new(1));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodicValues {
    table: Arc<ValueTable>,
    verdict: Verdict,
}

impl PeriodicValues {
    /// Values from `table`, continued by `verdict` if it holds a proved period
    /// that `table` covers (at least `preperiod + period` values). A table
    /// shared with others (`Arc<ValueTable>`) is not copied.
    pub fn new(table: impl Into<Arc<ValueTable>>, verdict: Verdict) -> Self {
        PeriodicValues {
            table: table.into(),
            verdict,
        }
    }

    /// The computed values.
    pub fn table(&self) -> &ValueTable {
        &self.table
    }

    /// The verdict on periodicity.
    pub fn verdict(&self) -> &Verdict {
        &self.verdict
    }

    /// The proved periodicity, if there is one.
    pub fn proved(&self) -> Option<&Periodicity> {
        self.verdict
            .periodicity
            .as_ref()
            .filter(|p| p.is_proved() && (self.table.len() as u64) >= p.preperiod + p.period)
    }

    /// The largest heap whose value is known: `u64::MAX` with a proved period.
    pub fn known_to(&self) -> u64 {
        if self.proved().is_some() {
            u64::MAX
        } else {
            (self.table.len() as u64).saturating_sub(1)
        }
    }

    /// `G(n)`.
    ///
    /// # Errors
    /// [`InvalidInput`](ErrorKind::InvalidInput) if `n` is past the table and
    /// no period is proved; [`Overflow`](ErrorKind::Overflow) if an
    /// arithmetic-periodic value would not fit in a `u64`.
    ///
    /// # Complexity
    /// O(1).
    pub fn get(&self, n: u64) -> Result<Nimber> {
        if let Some(v) = self.table.get(n) {
            return Ok(v);
        }
        let Some(p) = self.proved() else {
            return Err(self.past_table(n));
        };
        let (e, period, s) = (p.preperiod, p.period, p.saltus);
        let k = (n - e) / period;
        let r = (n - e) % period;
        let base = self.table.raw((e + r) as usize);
        k.checked_mul(s)
            .and_then(|add| base.checked_add(add))
            .map(Nimber::new)
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::Overflow,
                    format!("G({n}) exceeds 2^64 − 1; ask for a smaller heap"),
                )
            })
    }

    fn past_table(&self, n: u64) -> Error {
        let last = (self.table.len() as u64).saturating_sub(1);
        let why = match self.verdict.periodicity {
            Some(p) if !p.is_proved() => format!(
                "the period {} from {} is only observed, not proved",
                p.period, p.preperiod
            ),
            _ => "no period was found".to_string(),
        };
        Error::new(
            ErrorKind::InvalidInput,
            format!(
                "heap {n} is past the values computed (0 to {last}) and {why}; compute values up to {n} or search further for a period"
            ),
        )
    }
}
