//! What a certificate proves, checked from the rules alone: a period of
//! the values, or a misère quotient's period of its pretending map.

use grundy::{Result, certificate};

use crate::report::{MisereVerified, VerifyReport};

/// See [`Solver::verify`](crate::Solver::verify).
pub(crate) fn verify(text: &str) -> Result<VerifyReport> {
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
    let c = certificate::verify(text)?;
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
