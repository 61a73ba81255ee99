//! Who wins a board or graph position under misère play, where the last
//! player to move loses. Sums do not decompose under misère play, so the
//! whole position is searched, within the misère share of the memory
//! budget, and refused with the budget named past it.

use grundy::Result;

use crate::boards;
use crate::core::Core;
use crate::game::Game;
use crate::limits;
use crate::report::BoardMisereReport;
use crate::watch::Watch;

/// See [`Solver::board_misere`](crate::Solver::board_misere).
pub(crate) fn board_misere(
    core: &Core,
    game: &Game,
    watch: &mut Watch,
) -> Result<BoardMisereReport> {
    let board = game.board("misère play of a board")?;
    limits::board(board, core.config.budget.max_bytes())?;
    let (lost, searched) = boards::misere_lost(core, board, watch)?;
    Ok(BoardMisereReport {
        game: board.to_string(),
        winning: !lost,
        nodes: searched.nodes,
        positions: searched.facts,
    })
}
