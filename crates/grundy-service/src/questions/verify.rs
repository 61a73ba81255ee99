//! What a certificate proves, checked from the rules alone: a period of
//! the values, or a misère quotient's period of its pretending map.

use grundy::{Result, certificate};

use crate::core::Core;
use crate::report::{MisereVerified, VerifyReport};
use crate::watch::{Event, Watch};

/// See [`Solver::verify_with`](crate::Solver::verify_with). The window a
/// certificate's check allocates is set aside with the process's
/// accountant first, and refused with the budget's error where it would
/// not fit.
pub(crate) fn verify(core: &Core, text: &str, watch: &mut Watch) -> Result<VerifyReport> {
    if text.starts_with(grundy::misere::certificate::HEADER) {
        let q = grundy::misere::certificate::verify(text)?;
        return Ok(VerifyReport {
            game: q.game.to_string(),
            preperiod: q.preperiod,
            period: q.period,
            saltus: 0,
            theorem: q.theorem.name(),
            theorem_text: grundy::misere::describe_period_theorem(q.theorem),
            checked_to: q.max_heap,
            misere: Some(MisereVerified {
                elements: q.elements,
                p_portion: q.lost,
                states: q.states,
            }),
        });
    }
    // A text whose fields do not read is refused by the check itself, in
    // its own words, before it allocates anything.
    let need = certificate::memory_needed(text).unwrap_or(0);
    let _reserved = core.reserve(watch, need, "the window a certificate's check recomputes")?;
    let c = certificate::verify_with(text, &mut |p| {
        watch.tell(Event::Scan {
            done: p.done,
            total: p.total,
        })
    })?;
    Ok(VerifyReport {
        game: c.game.to_string(),
        preperiod: c.preperiod,
        period: c.period,
        saltus: c.saltus,
        theorem: c.theorem.name(),
        theorem_text: c.theorem.describe(),
        checked_to: c.checked_to,
        misere: None,
    })
}
