//! How many heaps in `0..=N` have each Grundy value.

use crate::error::{Error, ErrorKind, Result};
use crate::period::PeriodicValues;

/// The most distinct values a histogram may hold: 2^26 (a 1 GiB vector of
/// `u128`). Arithmetic-periodic games such as nim have about `N` distinct
/// values up to `N`.
pub const MAX_DISTINCT: u64 = 1 << 26;

/// `count(v)`: the number of heaps `n` in `0..=to` with `G(n) = v`.
///
/// ```
/// use grundy::{Ruleset, count::histogram::Histogram, period::{self, PeriodicValues}};
/// let r: Ruleset = "sub:1,2".parse()?;
/// let (v, t) = period::find(&r, 100, Default::default(), &mut grundy::values::silent)?;
/// let h = Histogram::of_heaps(&PeriodicValues::new(t, v), 1_000_000_000_000)?;
/// assert_eq!(h.counts(), [333_333_333_334, 333_333_333_334, 333_333_333_333]);
/// assert_eq!(h.heaps(), 1_000_000_000_001);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Histogram {
    counts: Vec<u128>,
    heaps: u128,
}

impl Histogram {
    /// The histogram of `G(0..=to)`.
    ///
    /// # Errors
    /// [`InvalidInput`](ErrorKind::InvalidInput) if `to` is past the computed
    /// values and no period is proved; [`TooLarge`](ErrorKind::TooLarge) if
    /// the values reach past [`MAX_DISTINCT`].
    ///
    /// # Complexity
    /// O(preperiod + period) with a proved ordinary period; O(to) from the
    /// table; O(to) for an arithmetic-periodic continuation.
    pub fn of_heaps(values: &PeriodicValues, to: u64) -> Result<Histogram> {
        let table = values.table();
        let mut h = Histogram {
            counts: Vec::new(),
            heaps: u128::from(to) + 1,
        };
        if let Some(last) = usize::try_from(to).ok().filter(|&n| n < table.len()) {
            for n in 0..=last {
                h.add(table.raw(n), 1)?;
            }
            return Ok(h);
        }
        let Some(p) = values.proved() else {
            return Err(values.get(to).err().unwrap_or_else(|| {
                Error::input(format!("heap {to} is past the values computed"))
            }));
        };
        let (e, period, s) = (p.preperiod(), p.period(), p.saltus());
        for n in 0..e {
            h.add(table.raw(n as usize), 1)?;
        }
        // Heaps e..=to: residue r occurs `whole` times, or once more if r < rest.
        let span = u128::from(to - e) + 1;
        let whole = span / u128::from(period);
        let rest = (span % u128::from(period)) as u64;
        for r in 0..period {
            let base = table.raw((e + r) as usize);
            let times = whole + u128::from(r < rest);
            if s == 0 {
                h.add(base, times)?;
            } else {
                for k in 0..times {
                    let v = u64::try_from(k)
                        .ok()
                        .and_then(|k| k.checked_mul(s))
                        .and_then(|add| base.checked_add(add))
                        .ok_or_else(too_many)?;
                    h.add(v, 1)?;
                }
            }
        }
        Ok(h)
    }

    /// A histogram from plain values (for tests and small inputs).
    pub fn from_values(values: &[u64]) -> Result<Histogram> {
        let mut h = Histogram {
            counts: Vec::new(),
            heaps: values.len() as u128,
        };
        for &v in values {
            h.add(v, 1)?;
        }
        Ok(h)
    }

    fn add(&mut self, value: u64, times: u128) -> Result<()> {
        if value >= MAX_DISTINCT {
            return Err(too_many());
        }
        let i = value as usize;
        if i >= self.counts.len() {
            self.counts.resize(i + 1, 0);
        }
        self.counts[i] += times;
        Ok(())
    }

    /// `counts()[v]` heaps have value `v`; the slice ends at the largest value.
    pub fn counts(&self) -> &[u128] {
        &self.counts
    }

    /// The number of heaps counted, `to + 1`.
    pub fn heaps(&self) -> u128 {
        self.heaps
    }
}

fn too_many() -> Error {
    Error::new(
        ErrorKind::TooLarge,
        format!(
            "the values reach {MAX_DISTINCT} or more, too many distinct values to count by histogram; ask for fewer heaps"
        ),
    )
}
