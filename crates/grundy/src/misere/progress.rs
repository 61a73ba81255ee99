//! What a misère computation tells its caller as it goes: how far it got,
//! and the bytes it holds, so that a caller keeping one memory budget for
//! several computations (a server's requests) can charge them as they
//! grow and stop a computation that would pass it.
//!
//! The bytes are the ones each engine counts against its own bound (see
//! [`super::memo`] and [`super::footprint`]), told before the allocation
//! that passes the last report, in steps of a mebibyte: at most one report
//! for each mebibyte of growth, none while a computation holds what it
//! held.

use std::ops::ControlFlow;

use crate::error::{Error, Result};

/// Progress of a misère computation ([`Genera`](super::Genera),
/// [`Judge`](super::Judge), [`Quotient`](super::Quotient)).
///
/// ```
/// use std::ops::ControlFlow;
/// use grundy::{Ruleset, misere::{Genera, Progress}};
/// let kayles: Ruleset = "0.77".parse()?;
/// let mut most = 0;
/// let mut charge = |p: Progress| {
///     most = most.max(p.bytes);
///     ControlFlow::Continue(())
/// };
/// Genera::compute_with(&kayles, 20, 1 << 24, &mut charge)?;
/// assert!(most >= 1 << 20, "held bytes are told in whole mebibytes");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Work done so far: heaps, or positions decided (as each engine says).
    pub done: u64,
    /// The work asked for, or about how much fits the memory bound.
    pub total: u64,
    /// The bytes the computation holds, or is about to allocate, rounded
    /// up to a whole mebibyte ([`BYTES_STEP`]); never less than an earlier
    /// report of the same computation.
    pub bytes: u64,
}

/// The step in which [`Progress::bytes`] grows: a mebibyte.
pub const BYTES_STEP: u64 = 1 << 20;

/// A progress callback that never stops anything.
pub fn silent(_: Progress) -> ControlFlow<()> {
    ControlFlow::Continue(())
}

/// The bytes told so far by one computation, and when to tell more.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Told {
    bytes: u64,
}

impl Told {
    /// The bytes last told (0 before the first report).
    pub(crate) fn bytes(self) -> u64 {
        self.bytes
    }

    /// Where `held` passes what was told, `held` rounded up to a step, now
    /// counted as told: the caller reports it. `None` otherwise.
    pub(crate) fn past(&mut self, held: u64) -> Option<u64> {
        (held > self.bytes).then(|| {
            self.bytes = held.div_ceil(BYTES_STEP).saturating_mul(BYTES_STEP);
            self.bytes
        })
    }

    /// Tells `progress` of `held` bytes (with `done` and `total`) where
    /// they pass what was told.
    ///
    /// # Errors
    /// `stopped()` when `progress` says stop.
    pub(crate) fn tell(
        &mut self,
        held: u64,
        done: u64,
        total: u64,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
        stopped: impl FnOnce() -> Error,
    ) -> Result<()> {
        match self.past(held) {
            Some(bytes) if progress(Progress { done, total, bytes }).is_break() => Err(stopped()),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    #[test]
    fn bytes_are_told_once_a_step_and_never_less() {
        let mut told = Told::default();
        assert_eq!(told.past(0), None);
        assert_eq!(told.past(1), Some(BYTES_STEP));
        assert_eq!(told.past(BYTES_STEP), None);
        assert_eq!(told.past(BYTES_STEP + 1), Some(2 * BYTES_STEP));
        assert_eq!(told.past(10), None, "held less: nothing told");
        assert_eq!(told.bytes(), 2 * BYTES_STEP);
        let mut reports = Vec::new();
        let mut stop = |p: Progress| {
            reports.push(p);
            ControlFlow::Break(())
        };
        let e = told
            .tell(5 * BYTES_STEP, 7, 9, &mut stop, || {
                Error::new(ErrorKind::Interrupted, "stopped")
            })
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Interrupted);
        assert_eq!(
            reports,
            [Progress {
                done: 7,
                total: 9,
                bytes: 5 * BYTES_STEP
            }]
        );
    }
}
