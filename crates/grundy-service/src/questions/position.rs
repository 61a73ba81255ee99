//! A position: in a heap game its value and winning moves (Sprague–Grundy:
//! the nim-sum of the heaps' values, from the table or a proved period);
//! in a multi-heap game who wins and one winning move, from a scan of the
//! P-positions cut short at the position (Wythoff's game from its closed
//! form, for heaps of any size and with no table; a subset game by its own
//! engine, other move vectors by the key scan).

use grundy::multiheap::vectors::{self, VectorMove};
use grundy::multiheap::{self, SubsetGame};
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
    let subsets = game.as_subset_game();
    // Wythoff's game from its closed form: any heaps, no table.
    let found = if subsets == Some(SubsetGame::wythoff()) {
        multiheap::wythoff::winning_move([heaps[0], heaps[1]])
            .map(|(taken, take)| subset_move(heaps, taken, take))
    } else {
        let (position, options, _reserved) =
            super::moves::scan_setup(core, game, heaps, largest, watch)?;
        let mut progress = |p: multiheap::Progress| {
            watch.tell(Event::Scan {
                done: p.done,
                total: p.total,
            })
        };
        match &subsets {
            Some(subsets) => multiheap::winning_move(subsets, &position, options, &mut progress)?
                .map(|m| subset_move(heaps, m.heaps, u64::from(m.take))),
            None => vectors::winning_moves(game, &position, options, &mut progress)?
                .into_iter()
                .next()
                .map(|m| vector_move(heaps, &m)),
        }
    };
    let can_move = match &subsets {
        Some(subsets) => subsets.has_move(heaps),
        None => game.has_move(&limits::multiheap_heaps(heaps)?),
    };
    Ok(MultiheapMoveReport {
        game: game.to_string(),
        can_move,
        winning: found.is_some(),
        winning_move: found,
        position: heaps.to_vec(),
    })
}

/// The move taking `take` from each heap of `taken`.
fn subset_move(heaps: &[u64], taken: Vec<usize>, take: u64) -> MultiheapMove {
    MultiheapMove {
        to: heaps
            .iter()
            .enumerate()
            .map(|(i, &h)| if taken.contains(&i) { h - take } else { h })
            .collect(),
        heaps: taken,
        take,
        vector: None,
    }
}

/// The move taking `m.times` copies of `m.vector`.
fn vector_move(heaps: &[u64], m: &VectorMove) -> MultiheapMove {
    MultiheapMove {
        heaps: (0..heaps.len()).filter(|&i| m.vector[i] > 0).collect(),
        take: u64::from(m.times),
        to: heaps
            .iter()
            .zip(&m.vector)
            .map(|(&h, &e)| h - u64::from(e) * u64::from(m.times))
            .collect(),
        vector: Some(m.vector.clone()),
    }
}
