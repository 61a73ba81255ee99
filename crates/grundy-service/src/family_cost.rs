//! How long the rest of a family sweep (`cram:3xn` for n = 0..=N) would
//! take, estimated from the members already searched, so that a sweep whose
//! last boards would take hours or more is refused after its first cheap
//! members instead of running on.
//!
//! A search's work grows with a board's size, and a family's members grow
//! by a row or column a step: polynomially for some families (Chomp 3 × n:
//! about n²/2 positions a member), about exponentially for others (Cram
//! 3 × n: 2 to 5 times the positions a column here). The fit is on the
//! positions each member searched, which do not depend on the machine or its
//! load, so that one search stalled on a busy machine (a test run beside a
//! build) cannot turn into a steep curve; positions become seconds at the
//! sweep's own average, all its seconds over all its positions, where one
//! stall counts once, not raised to a power.
//!
//! The estimate fits a power law `positions ∝ n^k` through the last member
//! searched and an earlier one at most four fifths its size, both having
//! searched at least [`MEASURED`] positions: members answered at once
//! between them (Cram's even × even boards, under the symmetry rule) do not
//! hide the growth, and members too close together do not turn a little
//! noise into a steep curve. A power law under-estimates exponential growth
//! (its `k` keeps rising with `n`), and a position's cost grows with the
//! board, which the average leaves out, so the refusal errs on the side of
//! answering and catches sweeps that are far out of reach; it is an
//! estimate, and says so. A board asked for alone is never refused by it.

use grundy::{Error, ErrorKind, Result};

/// The most seconds the rest of a sweep may be estimated to take: an hour.
pub(crate) const MAX_SWEEP_SECONDS: f64 = 3600.0;

/// Members that searched fewer positions than this say nothing reliable
/// about growth, and are left out of the fit.
pub(crate) const MEASURED: u64 = 1000;

/// The members searched so far, as the fit needs them.
#[derive(Clone, Debug, Default)]
pub(crate) struct SweepCost {
    /// The members that searched at least [`MEASURED`] positions,
    /// `(n, positions)`, in the order searched (`n` rising).
    measured: Vec<(u64, u64)>,
    /// Every member's positions, added up.
    positions: u64,
    /// Every member's seconds, added up.
    seconds: f64,
}

impl SweepCost {
    /// Member `n` searched `positions` in `seconds`.
    pub(crate) fn searched(&mut self, n: u64, positions: u64, seconds: f64) {
        self.positions = self.positions.saturating_add(positions);
        self.seconds += seconds;
        if positions >= MEASURED && n > 0 {
            self.measured.push((n, positions));
        }
    }

    /// The estimated seconds of members `next..=to`, or `None` while
    /// fewer than two members measured the growth.
    pub(crate) fn estimate(&self, next: u64, to: u64) -> Option<f64> {
        let (k, (base_n, base), _) = self.growth()?;
        let per_position = self.seconds / self.positions as f64;
        let mut total = 0.0;
        for m in next..=to {
            total += per_position * base as f64 * (m as f64 / base_n as f64).powf(k);
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
    /// (the last measured, with its positions) and the earlier member it
    /// was fitted to.
    fn growth(&self) -> Option<(f64, (u64, u64), u64)> {
        let &(b, at_b) = self.measured.last()?;
        let &(a, at_a) = self.measured.iter().rev().find(|&&(a, _)| a * 5 <= b * 4)?;
        let k = ((at_b as f64).ln() - (at_a as f64).ln()) / ((b as f64).ln() - (a as f64).ln());
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
                "{family} for n = {next}..={to} would take {amount} (an estimate: the searches for n = {a}..={b} grew about as n^{k:.1} in positions); {ask}, or for larger boards one at a time"
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A member searched at a microsecond a position.
    fn at_a_microsecond(cost: &mut SweepCost, n: u64, positions: u64) {
        cost.searched(n, positions, positions as f64 * 1e-6);
    }

    #[test]
    fn no_estimate_before_two_measured_members_a_quarter_apart() {
        let mut cost = SweepCost::default();
        at_a_microsecond(&mut cost, 1, 10);
        at_a_microsecond(&mut cost, 10, 5_000);
        assert_eq!(cost.estimate(11, 1000), None);
        at_a_microsecond(&mut cost, 12, 500_000);
        assert_eq!(cost.estimate(13, 1000), None);
        assert!(cost.check("cram:3xn", 13, 1000).is_ok());
        at_a_microsecond(&mut cost, 13, 600_000);
        assert!(cost.estimate(14, 1000).is_some());
    }

    #[test]
    fn a_power_law_is_summed_member_by_member() {
        let mut cost = SweepCost::default();
        cost.searched(10, 1_000_000, 1.0);
        cost.searched(20, 4_000_000, 4.0);
        // n^2 from 4 s at n = 20: 4.41 + 4.84.
        let e = cost.estimate(21, 22).unwrap();
        assert!((e - 9.25).abs() < 1e-9, "{e}");
    }

    #[test]
    fn positions_become_seconds_at_the_sweeps_average() {
        let mut cost = SweepCost::default();
        cost.searched(10, 1_000_000, 1.0);
        // The same growth, each position twice as dear on average.
        cost.searched(20, 4_000_000, 9.0);
        let e = cost.estimate(21, 22).unwrap();
        assert!((e - 18.5).abs() < 1e-9, "{e}");
    }

    /// One member stalled on a busy machine (a test run beside a build)
    /// costs its stall once, at the average: it does not steepen the curve.
    #[test]
    fn a_stalled_member_does_not_steepen_the_growth() {
        let mut quiet = SweepCost::default();
        let mut stalled = SweepCost::default();
        for n in 1..=150 {
            let positions = 1000 + 10 * n * n;
            at_a_microsecond(&mut quiet, n, positions);
            let stall = if n == 150 { 3.0 } else { 0.0 };
            stalled.searched(n, positions, positions as f64 * 1e-6 + stall);
        }
        let (quiet_k, _, _) = quiet.growth().unwrap();
        let (stalled_k, _, _) = stalled.growth().unwrap();
        assert_eq!(quiet_k, stalled_k);
        assert!(stalled.check("cram:1xn", 151, 200).is_ok());
    }

    #[test]
    fn the_fit_spans_a_quarter_of_n_and_skips_cheap_members() {
        let mut cost = SweepCost::default();
        at_a_microsecond(&mut cost, 5, 10_000);
        at_a_microsecond(&mut cost, 6, 12_000);
        at_a_microsecond(&mut cost, 7, 3); // answered at once, as by a symmetry rule
        at_a_microsecond(&mut cost, 8, 15_000);
        at_a_microsecond(&mut cost, 9, 80_000);
        // 8 is too close to 9; 6 is the latest member searched at most 7.2 = 9 * 4/5.
        let (k, base, a) = cost.growth().unwrap();
        assert_eq!((base, a), ((9, 80_000), 6));
        assert!((k - (8.0f64 / 1.2).ln() / 1.5f64.ln()).abs() < 1e-9, "{k}");
    }

    #[test]
    fn a_sweep_past_the_limit_is_refused_with_the_last_n_that_fits() {
        let mut cost = SweepCost::default();
        cost.searched(10, 3_600_000, 3.6);
        cost.searched(20, 360_000_000, 360.0);
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
        cost.searched(6, 1_000, 1.0);
        cost.searched(8, 3_000_000, 3000.0);
        let e = cost.check("cram:3xn", 9, 9).unwrap_err();
        assert!(e.to_string().contains("ask for n up to 8,"), "{e}");
    }

    #[test]
    fn shrinking_searches_are_never_refused() {
        let mut cost = SweepCost::default();
        cost.searched(10, 500_000, 0.5);
        cost.searched(20, 400_000, 0.4);
        // Flat: 0.4 s a member, 392 s in all.
        assert!(cost.check("node-kayles:path:n", 21, 1000).is_ok());
    }
}
