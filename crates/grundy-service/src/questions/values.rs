//! `G(from..=to)` of a heap game: from the table up to the search limit,
//! from a proved period past it, or read back from past memory.

use std::sync::Arc;

use grundy::{Result, ValueTable};

use crate::core::Core;
use crate::game::Game;
use crate::report::ValuesReport;
use crate::watch::Watch;
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
    if past_memory::goes(core, game, to)
        && to <= max.unwrap_or_else(|| tables::search_limit_in_any_memory(core, game))
    {
        // The whole table is past memory and within the search's limit:
        // the range is read back from its file (a range that fits the
        // budget). Past the limit a proved period answers, as below.
        let values = past_memory::range(core, game, from, to, watch)?;
        return Ok(ValuesReport {
            game: game.to_string(),
            from,
            values: Arc::new(values),
        });
    }
    let max = max.unwrap_or_else(|| tables::default_search_limit(core, game));
    let values = if from == 0 && to <= max {
        let table = tables::values(core, game, to, watch)?;
        tables::prefix(&table, to)
    } else {
        limits::listed_values(to - from + 1, core.config.budget.max_bytes())?;
        let g = tables::periodic(core, game, to, Some(max), watch)?;
        Arc::new(ValueTable::from_values(
            (from..=to)
                .map(|n| g.get(n).map(|v| v.value()))
                .collect::<Result<Vec<u64>>>()?,
        ))
    };
    Ok(ValuesReport {
        game: game.to_string(),
        from,
        values,
    })
}
