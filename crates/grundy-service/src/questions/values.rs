//! `G(from..=to)` of a heap game: from the table where it holds them, from
//! a proved period wherever one is found (a search stops as soon as it
//! proves one, so 0.07 to 10^6 computes a few hundred values, not a
//! million at a cost quadratic in the heap), or read back from past memory.

use std::sync::Arc;

use grundy::period::{PeriodicValues, proof};
use grundy::{Error, ErrorKind, Result, ValueTable};

use crate::core::Core;
use crate::game::Game;
use crate::report::ValuesReport;
use crate::watch::{Event, Watch};
use crate::{limits, past_memory, tables};

/// See [`Solver::values_report`].
pub(crate) fn values_report(
    core: &Core,
    game: &Game,
    from: u64,
    to: u64,
    max: Option<u64>,
    watch: &mut Watch,
) -> Result<ValuesReport> {
    let game = game.sum_of_heaps("a list of values")?;
    limits::values_range(from, to)?;
    let report = |values| ValuesReport {
        game: game.to_string(),
        from,
        values,
    };
    // Values already in memory are read without waiting for the game.
    if let Some(table) = tables::in_memory(core, game, to) {
        return Ok(report(from_table(core, table, from, to, watch)?));
    }
    if past_memory::goes(core, game, to)
        && to <= max.unwrap_or_else(|| tables::search_limit_in_any_memory(core, game))
    {
        // A period proved within a few values answers without computing
        // every value up to `to` past memory.
        if let Some(g) = tables::quickly_proved(core, game, to, watch)? {
            return Ok(report(from_period(core, g, from, to, watch)?));
        }
        // The whole table is past memory and within the search's limit:
        // the range is read back from its file (a range that fits the
        // budget). Past the limit a proved period answers, as below.
        let values = past_memory::range(core, game, from, to, watch)?;
        return Ok(report(Arc::new(values)));
    }
    let max = max.unwrap_or_else(|| tables::default_search_limit(core, game));
    let values = if to <= max && !proof::may_prove(game) {
        let table = tables::values(core, game, to, watch)?;
        from_table(core, table, from, to, watch)?
    } else {
        // Where a theorem may prove a period, the search up to `to` stops
        // at the first proved one; where it proves none, it has computed
        // every value up to `to`. Where none may prove one, nothing is
        // searched: the values are computed, or refused before anything
        // is (a splitting rule to 10^6 was searched for a minute before
        // its refusal).
        let g = tables::periodic(core, game, to, Some(max), watch)?;
        from_period(core, g, from, to, watch)?
    };
    Ok(report(values))
}

/// Values listed between two words to the watch: a list from a period
/// far away is a computation too, stopped by the watch (a time limit, a
/// client gone) like any other.
const LISTED_A_STEP: u64 = 1 << 16;

/// `G(from..=to)` from `table`, which holds them: shared when it is the
/// whole prefix, copied otherwise (their bytes set aside first).
fn from_table(
    core: &Core,
    table: Arc<ValueTable>,
    from: u64,
    to: u64,
    watch: &mut Watch,
) -> Result<Arc<ValueTable>> {
    if from == 0 {
        return Ok(tables::prefix(&table, to));
    }
    let need = limits::listed_values(
        to - from + 1,
        table.max().value(),
        core.config.budget.max_bytes(),
    )?;
    let _reserved = core.reserve(watch, need, "a list of values")?;
    Ok(Arc::new(ValueTable::from_values(
        (from..=to).map(|n| table.raw(n as usize)),
    )))
}

/// `G(from..=to)` from `g`: from its table where it reaches, by its proved
/// period beyond (their bytes set aside first, the watch told as they are
/// listed).
fn from_period(
    core: &Core,
    g: PeriodicValues,
    from: u64,
    to: u64,
    watch: &mut Watch,
) -> Result<Arc<ValueTable>> {
    if (g.table().len() as u64) > to {
        return from_table(core, g.into_table(), from, to, watch);
    }
    // The largest value listed: the table's, or, where the values climb
    // by a saltus each period, the last period's.
    let tail = to.saturating_sub(g.proved().map_or(0, |p| p.period()));
    let mut largest = g.table().max().value();
    for n in tail.max(from)..=to {
        largest = largest.max(g.get(n)?.value());
    }
    let count = to - from + 1;
    let need = limits::listed_values(count, largest, core.config.budget.max_bytes())?;
    let _reserved = core.reserve(watch, need, "a list of values")?;
    let mut table = ValueTable::new();
    for n in from..=to {
        let done = n - from;
        if done > 0
            && done.is_multiple_of(LISTED_A_STEP)
            && watch.tell(Event::Values { done, total: count }).is_break()
        {
            return Err(Error::new(
                ErrorKind::Interrupted,
                format!("stopped after listing {done} of {count} values"),
            ));
        }
        table.try_push(g.get(n)?)?;
    }
    Ok(Arc::new(table))
}
