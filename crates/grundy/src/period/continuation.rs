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

    /// The computed values, shared rather than copied.
    pub fn into_table(self) -> Arc<ValueTable> {
        self.table
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
        continued(&self.table, p.preperiod, p.period, p.saltus, n)
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

/// `G(n)` by the periodic continuation `G(n + period) = G(n) + saltus`
/// from heap `preperiod` on, read from `table` (which holds at least
/// `G(0..preperiod + period)`): the pattern is taken as given, proved by
/// the caller's verdict or certificate.
///
/// ```
/// use grundy::{Nimber, ValueTable, period::continued};
/// // Nim: G(n) = n, period 1 with saltus 1 from heap 0.
/// let nim = ValueTable::from_values([0]);
/// assert_eq!(continued(&nim, 0, 1, 1, 1 << 40)?, Nimber::new(1 << 40));
/// assert!(continued(&nim, 0, 1, 1, u64::MAX).is_ok());
/// let steep = ValueTable::from_values([0, 5]);
/// assert!(continued(&steep, 1, 1, 2, u64::MAX).is_err()); // past 2^64 − 1
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`InvalidInput`](ErrorKind::InvalidInput) if the period is 0 or the
/// table does not hold the heaps the pattern starts from;
/// [`Overflow`](ErrorKind::Overflow) if the value would not fit in a `u64`.
///
/// # Complexity
/// O(1).
pub fn continued(
    table: &ValueTable,
    preperiod: u64,
    period: u64,
    saltus: u64,
    n: u64,
) -> Result<Nimber> {
    if let Some(v) = table.get(n) {
        return Ok(v);
    }
    let start = preperiod.saturating_add(period);
    if period == 0 || n < preperiod || (table.len() as u64) < start {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            format!(
                "heap {n} is not continued by a period {period} from heap {preperiod} over {} values",
                table.len()
            ),
        ));
    }
    let k = (n - preperiod) / period;
    let r = (n - preperiod) % period;
    let base = table.raw((preperiod + r) as usize);
    k.checked_mul(saltus)
        .and_then(|add| base.checked_add(add))
        .map(Nimber::new)
        .ok_or_else(|| {
            Error::new(
                ErrorKind::Overflow,
                format!("G({n}) exceeds 2^64 − 1; ask for a smaller heap"),
            )
        })
}
