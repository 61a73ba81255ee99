//! Every move of a board or graph position with whether it wins: in normal
//! play by the search of its kind (a move wins when it leaves a position
//! of value 0), in misère play by a search of whole positions. Listed
//! winning moves first, then those that take least, so that the first
//! move listed is the one to play ([`BoardMovesReport::reply`]).

use grundy::Result;

use crate::boards::{self, Judged};
use crate::core::Core;
use crate::game::Game;
use crate::limits;
use crate::report::{BoardMove, BoardMovesReport};
use crate::watch::Watch;

/// See [`Solver::board_moves`](crate::Solver::board_moves).
pub(crate) fn board_moves(
    core: &Core,
    game: &Game,
    limit: usize,
    misere: bool,
    watch: &mut Watch,
) -> Result<BoardMovesReport> {
    let board = game.board("listing a board's moves")?;
    limits::moves_listed(limit)?;
    limits::board(board, core.config.budget.max_bytes())?;
    let (value, mut moves, searched) = if misere {
        let (moves, searched) = boards::misere_moves(core, board, watch)?;
        (None, moves, searched)
    } else {
        let (value, moves, searched) = boards::moves(core, board, watch)?;
        (Some(value), moves, searched)
    };
    // Stable: the game's order among moves alike.
    moves.sort_by_key(|m: &Judged| (!m.wins, std::cmp::Reverse(m.left)));
    let winning = moves.first().is_some_and(|m| m.wins);
    let truncated = moves.len() > limit;
    moves.truncate(limit);
    Ok(BoardMovesReport {
        game: board.to_string(),
        misere,
        value,
        winning,
        moves: moves
            .into_iter()
            .map(|m| BoardMove {
                play: m.play,
                after: m.after.to_string(),
                winning: m.wins,
                position: m.after,
            })
            .collect(),
        truncated,
        nodes: searched.nodes,
    })
}
