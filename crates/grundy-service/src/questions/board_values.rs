//! The values of a family of boards (`cram:3xn`) over a range of `n`: each
//! member checked before any is searched, then valued in turn by one
//! search, which carries what it learnt from each member to the next. Before
//! each member, the rest of the sweep is estimated from the growth of the
//! members searched so far, and refused where it would take hours or more
//! ([`SweepCost`]).

use std::time::Instant;

use grundy::Result;

use crate::boards;
use crate::core::Core;
use crate::family_cost::SweepCost;
use crate::game::Game;
use crate::limits;
use crate::report::{BoardRow, BoardValuesReport};
use crate::watch::Watch;

/// See [`Solver::board_values`](crate::Solver::board_values).
pub(crate) fn board_values(
    core: &Core,
    game: &Game,
    from: u64,
    to: u64,
    watch: &mut Watch,
) -> Result<BoardValuesReport> {
    let family = game.board_family("the values of a family")?;
    limits::family_range(from, to)?;
    let budget = core.config.budget.max_bytes();
    let members = (from..=to)
        .map(|n| {
            let board = family.member(n)?;
            limits::board(&board, budget)?;
            Ok((n, board))
        })
        .collect::<Result<Vec<_>>>()?;
    let mut boards = Vec::with_capacity(members.len());
    let mut cost = SweepCost::default();
    let family_name = family.to_string();
    for (n, board) in members {
        cost.check(&family_name, n, to)?;
        let started = Instant::now();
        let (value, searched) = boards::nimber(core, &board, watch)?;
        cost.searched(n, searched.nodes, started.elapsed().as_secs_f64());
        boards.push(BoardRow {
            n,
            game: board.to_string(),
            value,
            nodes: searched.nodes,
        });
    }
    Ok(BoardValuesReport {
        family: family.to_string(),
        from,
        to,
        boards,
    })
}
