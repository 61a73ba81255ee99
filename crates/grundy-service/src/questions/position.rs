//! A position: in a heap game its value and winning moves (Sprague–Grundy:
//! the nim-sum of the heaps' values, from the table or a proved period);
//! in a multi-heap game who wins and one winning move, from a scan of the
//! P-positions cut short at the position (Wythoff's game from its closed
//! form, for heaps of any size and with no table).

use grundy::multiheap::{self, Method, SubsetGame};
use grundy::period::{self, proof};
use grundy::{Result, sum};

use crate::core::Core;
use crate::game::Game;
use crate::report::{MoveReport, MultiheapMove, MultiheapMoveReport, PositionReport};
use crate::watch::{Event, Watch};
use crate::{limits, tables};

/// See [`Solver::position`].
pub(crate) fn position(
    core: &Core,
    game: &Game,
    heaps: &[u64],
    limit: usize,
    max: Option<u64>,
    watch: &mut Watch,
) -> Result<PositionReport> {
    let game = game.sum_of_heaps("the value of a position")?;
    limits::moves_listed(limit)?;
    let max = max.unwrap_or_else(|| tables::default_search_limit(core, game));
    let largest = heaps.iter().copied().max().unwrap_or(0);
    // The table where it holds the heaps (in memory, or computed where no
    // theorem may prove a period: `Ok`); else the values a period search
    // up to the largest heap found, which stops at the first proved
    // period (`Err`, answered by the period).
    let source = match tables::in_memory(core, game, largest) {
        Some(table) => Ok(table),
        None if largest <= max && !proof::may_prove(game) => {
            Ok(tables::values(core, game, largest, watch)?)
        }
        None => {
            let values = tables::periodic(core, game, largest, Some(max), watch)?;
            if (values.table().len() as u64) > largest {
                Ok(values.into_table())
            } else {
                Err(values)
            }
        }
    };
    let (value, moves, total) = match source {
        Ok(table) => {
            let value = sum::value(&table, heaps)?;
            let mut moves = sum::winning_moves(game, &table, heaps)?;
            let total = moves.len();
            let truncated = total > limit;
            moves.truncate(limit);
            (value, moves, truncated.then_some(total as u128))
        }
        Err(values) => {
            let w = period::moves::winning_moves(game, &values, heaps, limit)?;
            (w.value, w.listed, Some(w.total))
        }
    };
    Ok(PositionReport {
        game: game.to_string(),
        position: heaps.to_vec(),
        value: value.value(),
        winning: !value.is_zero(),
        total_winning_moves: total,
        moves: moves.into_iter().map(MoveReport::from).collect(),
        can_move: heaps.iter().any(|&h| game.has_move(h)),
    })
}

/// See [`Solver::multiheap_move`].
pub(crate) fn multiheap_move(
    core: &Core,
    game: &Game,
    heaps: &[u64],
    watch: &mut Watch,
) -> Result<MultiheapMoveReport> {
    let game = game.multiheap("judging a position by its P-positions")?;
    let largest = limits::multiheap_position(game, heaps)?;
    // Wythoff's game from its closed form: any heaps, no table.
    let found = if *game == SubsetGame::wythoff() {
        multiheap::wythoff::winning_move([heaps[0], heaps[1]])
    } else {
        let budget = core.config.budget;
        limits::multiheap_bound(game, largest, Method::Fast, budget, |fits| {
            format!("positions with heaps up to {fits} can be judged")
        })?;
        let position = limits::multiheap_heaps(heaps)?;
        let options = multiheap::Options {
            method: Method::Fast,
            budget,
        };
        multiheap::winning_move(game, &position, options, &mut |p| {
            watch.tell(Event::Scan {
                done: p.done,
                total: p.total,
            })
        })?
        .map(|m| (m.heaps, u64::from(m.take)))
    };
    Ok(MultiheapMoveReport {
        game: game.to_string(),
        can_move: game.has_move(heaps),
        winning_move: found.as_ref().map(|(taken, take)| MultiheapMove {
            heaps: taken.clone(),
            take: *take,
            to: heaps
                .iter()
                .enumerate()
                .map(|(i, &h)| if taken.contains(&i) { h - take } else { h })
                .collect(),
        }),
        winning: found.is_some(),
        position: heaps.to_vec(),
    })
}
