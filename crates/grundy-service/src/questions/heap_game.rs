//! Heap games given by their options, the rules as code (a front end's
//! callback into its own language): values by the definition, a position's
//! value and winning moves from them, and a period that can only be
//! observed. Nothing is stored: the values live in the table the front end
//! keeps with its game, which these questions extend.

use grundy::heap_game::{self, HeapGame};
use grundy::period;
use grundy::{Result, ValueTable, sum};

use crate::core::Core;
use crate::limits;
use crate::report::{MoveReport, PeriodReport, PositionReport};
use crate::watch::{Watch, values_progress};

/// See [`Solver::extend_heap_game`](crate::Solver::extend_heap_game).
pub(crate) fn extend(
    core: &Core,
    game: &dyn HeapGame,
    table: &mut ValueTable,
    to: u64,
    watch: &mut Watch,
) -> Result<()> {
    limits::values_range(0, to)?;
    if (to as usize) < table.len() {
        return Ok(());
    }
    heap_game::extend(
        game,
        table,
        to,
        core.config.budget,
        &mut values_progress(watch),
    )
}

/// See [`Solver::heap_game_position`](crate::Solver::heap_game_position).
pub(crate) fn position(
    core: &Core,
    game: &dyn HeapGame,
    name: &str,
    table: &mut ValueTable,
    heaps: &[u64],
    limit: usize,
    watch: &mut Watch,
) -> Result<PositionReport> {
    limits::moves_listed(limit)?;
    let largest = heaps.iter().copied().max().unwrap_or(0);
    extend(core, game, table, largest, watch)?;
    let value = sum::value(table, heaps)?;
    let mut moves = heap_game::winning_moves(game, table, heaps)?;
    let total = moves.len();
    let truncated = total > limit;
    moves.truncate(limit);
    let mut options = Vec::new();
    let mut can_move = false;
    for &h in heaps {
        options.clear();
        game.options(h, &mut options)?;
        if !options.is_empty() {
            can_move = true;
            break;
        }
    }
    Ok(PositionReport {
        game: name.to_string(),
        position: heaps.to_vec(),
        value: value.value(),
        winning: !value.is_zero(),
        total_winning_moves: truncated.then_some(total as u128),
        moves: moves.into_iter().map(MoveReport::from).collect(),
        can_move,
    })
}

/// See [`Solver::heap_game_period`](crate::Solver::heap_game_period).
pub(crate) fn period(
    core: &Core,
    game: &dyn HeapGame,
    name: &str,
    table: &mut ValueTable,
    max: Option<u64>,
    watch: &mut Watch,
) -> Result<PeriodReport> {
    let max = max.unwrap_or(limits::OPTIONS_OBSERVE_LIMIT);
    extend(core, game, table, max, watch)?;
    // The pattern of the heaps asked for, however many are kept.
    let verdict = if table.len() as u64 > max.saturating_add(1) {
        period::observed(&table.prefix(max as usize + 1))
    } else {
        period::observed(table)
    };
    Ok(PeriodReport::observed_only(name, &verdict))
}
