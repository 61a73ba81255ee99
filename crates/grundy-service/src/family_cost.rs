//! How long the rest of a family sweep (`cram:3xn` for n = 0..=N) would
//! take, estimated from the members already searched, so that a sweep whose
//! last boards would take hours or more is refused after its first cheap
//! members instead of running on.
//!
//! A search's time grows with a board's size, and a family's members grow by
//! a row or column a step: polynomially for some families (Chomp 3 × n:
//! about n²/2 positions a member, each dearer as n grows), about
//! exponentially for others (Cram 3 × n: 2 to 5 times the positions a column
//! here). Time, not positions, is fitted, since a position's cost grows too.
//! The estimate fits a power law `seconds ∝ n^k` through the last member
//! searched and an earlier one at most four fifths its size, both having
//! taken at least [`MEASURED`] seconds:
//! members answered at once between them (Cram's even × even boards, under
//! the symmetry rule) do not hide the growth, and members too close together
//! do not turn a little noise into a steep curve. A power law under-estimates
//! exponential growth (its `k` keeps rising with `n`), so the refusal errs
//! on the side of answering and catches sweeps that are far out of reach; it
//! is an estimate, and says so. A board asked for alone is never refused by
//! it.

use grundy::{Error, ErrorKind, Result};

/// The most seconds the rest of a sweep may be estimated to take: an hour.
pub(crate) const MAX_SWEEP_SECONDS: f64 = 3600.0;

/// Members that took less time than this (seconds) say nothing reliable
/// about growth, and are left out of the fit.
pub(crate) const MEASURED: f64 = 0.01;

/// The members searched so far, as the fit needs them.
#[derive(Clone, Debug, Default)]
pub(crate) struct SweepCost {
    /// The members that took at least [`MEASURED`] seconds, `(n, seconds)`,
    /// in the order searched (`n` rising).
    measured: Vec<(u64, f64)>,
}

impl SweepCost {
    /// Member `n` was searched in `seconds`.
    pub(crate) fn searched(&mut self, n: u64, seconds: f64) {
        if seconds >= MEASURED && n > 0 {
            self.measured.push((n, seconds));
        }
    }

    /// The estimated seconds of members `next..=to`, or `None` while
    /// fewer than two members measured the growth.
    pub(crate) fn estimate(&self, next: u64, to: u64) -> Option<f64> {
        let (k, (base_n, base), _) = self.growth()?;
        let mut total = 0.0;
        for m in next..=to {
            total += base * (m as f64 / base_n as f64).powf(k);
            if !total.is_finite() {
                break;
            }
        }
        Some(total)
    }

    /// The last member up to which the rest of the sweep, from `next`, fits
    /// [`MAX_SWEEP_SECONDS`]; `None` where not even `next` fits.
    fn fits_to(&self, next: u64, to: u64) -> Option<u64> {
        (next..=to)
            .take_while(|&m| {
                self.estimate(next, m)
                    .is_none_or(|e| e <= MAX_SWEEP_SECONDS)
            })
            .last()
    }

    /// The exponent `k` of the power law, the member it is reckoned from
    /// (the last measured) and the earlier member it was fitted to.
    fn growth(&self) -> Option<(f64, (u64, f64), u64)> {
        let &(b, at_b) = self.measured.last()?;
        let &(a, at_a) = self.measured.iter().rev().find(|&&(a, _)| a * 5 <= b * 4)?;
        let k = (at_b.ln() - at_a.ln()) / ((b as f64).ln() - (a as f64).ln());
        Some((k.max(0.0), (b, at_b), a))
    }

    /// Refuses members `next..=to` of `family` where their estimate passes
    /// [`MAX_SWEEP_SECONDS`].
    ///
    /// # Errors
    /// [`ErrorKind::TooLarge`], naming the estimate, the growth it came from
    /// and the last `n` that would fit.
    pub(crate) fn check(&self, family: &str, next: u64, to: u64) -> Result<()> {
        let Some(estimate) = self.estimate(next, to) else {
            return Ok(());
        };
        if estimate <= MAX_SWEEP_SECONDS {
            return Ok(());
        }
        let (k, (b, _), a) = self.growth().expect("an estimate has a growth");
        let hours = estimate / 3600.0;
        let amount = if hours < 1e6 {
            format!("about {hours:.1} hours")
        } else if hours < 1e300 {
            format!("about {hours:.1e} hours")
        } else {
            "more than 1e300 hours".to_string()
        };
        let ask = match self.fits_to(next, to) {
            Some(fits) => format!("ask for n up to {fits}"),
            None => format!("ask for n up to {}", next.saturating_sub(1)),
        };
        Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "{family} for n = {next}..={to} would take {amount} (an estimate: the searches for n = {a}..={b} took time growing about as n^{k:.1}); {ask}, or for larger boards one at a time"
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_estimate_before_two_measured_members_a_quarter_apart() {
        let mut cost = SweepCost::default();
        cost.searched(1, 0.001);
        cost.searched(10, 5.0);
        assert_eq!(cost.estimate(11, 1000), None);
        cost.searched(12, 500.0);
        assert_eq!(cost.estimate(13, 1000), None);
        assert!(cost.check("cram:3xn", 13, 1000).is_ok());
        cost.searched(13, 600.0);
        assert!(cost.estimate(14, 1000).is_some());
    }

    #[test]
    fn a_power_law_is_summed_member_by_member() {
        let mut cost = SweepCost::default();
        cost.searched(10, 1.0);
        cost.searched(20, 4.0);
        // n^2 from 4 s at n = 20: 4.41 + 4.84.
        let e = cost.estimate(21, 22).unwrap();
        assert!((e - 9.25).abs() < 1e-9, "{e}");
    }

    #[test]
    fn the_fit_spans_a_quarter_of_n_and_skips_cheap_members() {
        let mut cost = SweepCost::default();
        cost.searched(5, 1.0);
        cost.searched(6, 1.2);
        cost.searched(7, 0.0); // answered at once, as by a symmetry rule
        cost.searched(8, 1.5);
        cost.searched(9, 8.0);
        // 8 is too close to 9; 6 is the latest member searched at most 7.2 = 9 * 4/5.
        let (k, base, a) = cost.growth().unwrap();
        assert_eq!((base, a), ((9, 8.0), 6));
        assert!((k - (8.0f64 / 1.2).ln() / 1.5f64.ln()).abs() < 1e-9, "{k}");
    }

    #[test]
    fn a_sweep_past_the_limit_is_refused_with_the_last_n_that_fits() {
        let mut cost = SweepCost::default();
        cost.searched(10, 3.6);
        cost.searched(20, 360.0);
        // n^6.64 from 360 s at n = 20: n = 21..=24 sum to 3300 s, and 25
        // passes an hour.
        let e = cost.check("cram:3xn", 21, 1000).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooLarge);
        assert!(e.to_string().contains("ask for n up to 24,"), "{e}");
        assert!(cost.check("cram:3xn", 21, 24).is_ok());
        assert!(cost.check("cram:3xn", 21, 25).is_err());
    }

    #[test]
    fn no_member_that_fits_asks_for_those_before() {
        let mut cost = SweepCost::default();
        cost.searched(6, 1.0);
        cost.searched(8, 3000.0);
        let e = cost.check("cram:3xn", 9, 9).unwrap_err();
        assert!(e.to_string().contains("ask for n up to 8,"), "{e}");
    }

    #[test]
    fn shrinking_searches_are_never_refused() {
        let mut cost = SweepCost::default();
        cost.searched(10, 0.5);
        cost.searched(20, 0.4);
        // Flat: 0.4 s a member, 392 s in all.
        assert!(cost.check("node-kayles:path:n", 21, 1000).is_ok());
    }
}
