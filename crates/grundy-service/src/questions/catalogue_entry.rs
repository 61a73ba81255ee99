//! One game's entry in a catalogue of games (the survey's row): the period
//! verdict, the certificate when proved, and the statistics of the values
//! the verdict rests on, also when the search was stopped before its limit.

use std::sync::Arc;

use grundy::certificate::Certificate;
use grundy::{ErrorKind, Result, ValueTable};

use crate::core::Core;
use crate::game::Game;
use crate::report::PeriodReport;
use crate::statistics::TableStatistics;
use crate::tables;
use crate::watch::Watch;

/// Why a period search ended before its limit without a verdict of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Stop {
    /// The watch said stop (a time limit, say).
    Interrupted,
    /// The next values would not fit in the memory budget.
    TooLarge,
}

/// A game's entry: what a period search up to a limit found.
#[derive(Clone, Debug)]
pub struct CatalogueEntry {
    /// The verdict on the values computed (up to the limit, or up to where
    /// the search was stopped).
    pub report: PeriodReport,
    /// A certificate's text when the period is proved.
    pub certificate: Option<String>,
    /// `G(0..=report.checked_to)`.
    pub values: Arc<ValueTable>,
    /// Their statistics.
    pub statistics: TableStatistics,
    /// Why the search ended early, if it did: the verdict is then the one
    /// a search limited to the values reached gives.
    pub stopped: Option<Stop>,
}

/// See [`Solver::catalogue_entry`].
pub(crate) fn catalogue_entry(
    core: &Core,
    game: &Game,
    max: u64,
    watch: &mut Watch,
) -> Result<CatalogueEntry> {
    let game = game.sum_of_heaps("a catalogue's entry")?;
    let (verdict, table, stopped) = match tables::period(core, game, Some(max), watch) {
        Ok((verdict, table)) => (verdict, table, None),
        Err(e) if matches!(e.kind(), ErrorKind::Interrupted | ErrorKind::TooLarge) => {
            let stop = if e.kind() == ErrorKind::Interrupted {
                Stop::Interrupted
            } else {
                Stop::TooLarge
            };
            // What was computed is kept: the verdict on it costs no
            // computation (a search limited to the values there).
            let mut silent = Watch::silent();
            let reached = tables::values(core, game, 0, &mut silent)?.len() as u64;
            let last = reached.saturating_sub(1).min(max);
            let (verdict, table) = tables::period(core, game, Some(last), &mut silent)?;
            (verdict, table, Some(stop))
        }
        Err(e) => return Err(e),
    };
    let report = PeriodReport::new(game, &verdict);
    let table = tables::prefix(&table, report.checked_to);
    let certificate = match verdict.periodicity().filter(|p| p.is_proved()) {
        Some(p) => Some(Certificate::new(game, &p, &table)?.to_text()),
        None => None,
    };
    let statistics = TableStatistics::of(&table);
    Ok(CatalogueEntry {
        report,
        certificate,
        values: table,
        statistics,
        stopped,
    })
}
