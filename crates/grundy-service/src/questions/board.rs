//! The value of a board or graph position: its nimber, found by the search
//! of its kind (components, canonical forms, a transposition table kept
//! between requests and in the store).

use grundy::Result;

use crate::boards;
use crate::core::Core;
use crate::game::Game;
use crate::limits;
use crate::report::BoardReport;
use crate::watch::Watch;

/// See [`Solver::board_value`](crate::Solver::board_value).
pub(crate) fn board_value(core: &Core, game: &Game, watch: &mut Watch) -> Result<BoardReport> {
    let board = game.board("the value of a board")?;
    limits::board(board, core.config.budget.max_bytes())?;
    let (value, searched) = boards::nimber(core, board, watch)?;
    Ok(BoardReport {
        game: board.to_string(),
        value,
        winning: value != 0,
        nodes: searched.nodes,
        facts: searched.facts,
        table_bytes: searched.bytes,
    })
}
