//! A report on one heap game: rules, values up to a heap, P-positions, the
//! period verdict and the exceptions before the pattern.

use std::sync::Arc;

use grundy::Result;
use grundy::period::{self, PeriodicValues};

use crate::core::Core;
use crate::game::Game;
use crate::limits::{self, ANALYZED_BY_DEFAULT, EXCEPTIONS_LISTED, OBSERVE_LIMIT};
use crate::report::{AnalysisReport, PeriodReport};
use crate::tables;
use crate::watch::Watch;

/// See [`Solver::analyze`].
pub(crate) fn analyze(
    core: &Core,
    game: &Game,
    to: Option<u64>,
    max: Option<u64>,
    watch: &mut Watch,
) -> Result<AnalysisReport> {
    let game = game.sum_of_heaps("an analysis")?;
    limits::analyzed(to)?;
    let max = max.or_else(|| {
        to.map(|to| {
            to.max(OBSERVE_LIMIT)
                .min(tables::default_search_limit(core, game))
        })
    });
    let (mut verdict, mut table) = tables::period(core, game, max, watch)?;
    let proved = verdict.periodicity().is_some_and(|p| p.is_proved());
    if let Some(to) = to.filter(|&to| !proved && to >= table.len() as u64) {
        // Held by nobody else while the game's table is extended in place.
        drop(table);
        table = tables::prefix(&tables::values(core, game, to, watch)?, to);
        verdict = period::of_table(game, &table);
    }
    let p = verdict.periodicity();
    let last = (table.len() as u64).saturating_sub(1);
    let to = to.unwrap_or_else(|| match p {
        Some(p) => (p.preperiod() + 2 * p.period())
            .clamp(60, ANALYZED_BY_DEFAULT)
            .saturating_sub(1)
            .min(last),
        None => 59.min(last),
    });
    let all_exceptions = p.map(|p| p.exceptions(&table));
    let exceptions_total = all_exceptions.as_ref().map(|e| e.len() as u64);
    let exceptions = all_exceptions.map(|mut e| {
        e.truncate(EXCEPTIONS_LISTED);
        e
    });
    let max_value = table.max().value();
    let g = PeriodicValues::new(Arc::clone(&table), verdict);
    let values = (0..=to)
        .map(|n| g.get(n).map(|v| v.value()))
        .collect::<Result<Vec<u64>>>()?;
    Ok(AnalysisReport {
        game: game.to_string(),
        rules: game.describe(),
        to,
        p_positions: (0..=to).filter(|&n| values[n as usize] == 0).collect(),
        values,
        max_value,
        computed_to: last,
        periodicity: PeriodReport::new(game, &verdict),
        exceptions,
        exceptions_total,
    })
}
