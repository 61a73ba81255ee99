//! The period verdict on a heap game, and the certificate of a proved one.

use grundy::Result;
use grundy::certificate::Certificate;

use crate::core::Core;
use crate::game::Game;
use crate::report::PeriodReport;
use crate::tables;
use crate::watch::Watch;

/// See [`Solver::period_report`].
pub(crate) fn period_report(
    core: &Core,
    game: &Game,
    max: Option<u64>,
    watch: &mut Watch,
) -> Result<PeriodReport> {
    let game = game.sum_of_heaps("a period search")?;
    let (verdict, _) = tables::period(core, game, max, watch)?;
    Ok(PeriodReport::new(game, &verdict))
}

/// See [`Solver::certificate`].
pub(crate) fn certificate(
    core: &Core,
    game: &Game,
    max: Option<u64>,
    watch: &mut Watch,
) -> Result<(PeriodReport, Option<String>)> {
    let game = game.sum_of_heaps("a period's certificate")?;
    let (verdict, table) = tables::period(core, game, max, watch)?;
    let text = match verdict.periodicity().filter(|p| p.is_proved()) {
        Some(p) => Some(Certificate::new(game, &p, &table)?.to_text()),
        None => None,
    };
    Ok((PeriodReport::new(game, &verdict), text))
}
