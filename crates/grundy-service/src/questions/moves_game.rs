//! Games given by their moves, the rules as code (a front end's callback
//! into its own language), solved by the library's generic search: a
//! position's nimber, its moves judged, its misère outcome. Nothing is
//! stored: the search, and the facts its table holds, live with the front
//! end's game, which these questions extend.

use std::ops::ControlFlow;

use grundy::Result;
use grundy::search::misere_search::MisereSearch;
use grundy::search::{Game, JudgedMove, Options, Progress, Search};
use grundy::values::Budget;

use crate::core::Core;
use crate::limits;
use crate::memory::Growing;
use crate::watch::{Event, Watch};

/// Every move of a position of `G`, each with the position it leads to and
/// whether it wins, in the game's order.
pub type JudgedMoves<G> = Vec<JudgedMove<<G as Game>::Move, <G as Game>::Position>>;

/// See [`Solver::moves_game_search`](crate::Solver::moves_game_search).
pub(crate) fn search<G: Game>(core: &Core, game: G) -> Search<G> {
    Search::new(
        game,
        Options {
            budget: Budget::bytes(limits::board_table_bytes(core.config.budget.max_bytes())),
            threads: limits::MOVES_GAME_THREADS,
        },
    )
}

/// The library's progress reports as [`Event::Positions`] told to `watch`,
/// which may stop the search.
fn progress<'w, 'a>(watch: &'w mut Watch<'a>) -> impl FnMut(Progress) -> ControlFlow<()> + 'w {
    move |p: Progress| {
        watch.tell(Event::Positions {
            nodes: p.nodes,
            facts: p.facts,
            bytes: p.bytes,
        })
    }
}

/// See [`Solver::moves_game_value`](crate::Solver::moves_game_value).
pub(crate) fn value<G: Game>(
    search: &mut Search<G>,
    position: &G::Position,
    watch: &mut Watch,
) -> Result<u64> {
    Ok(search.nimber(position, &mut progress(watch))?.value())
}

/// See [`Solver::moves_game_moves`](crate::Solver::moves_game_moves).
pub(crate) fn moves<G: Game>(
    search: &mut Search<G>,
    position: &G::Position,
    watch: &mut Watch,
) -> Result<(u64, JudgedMoves<G>)> {
    let mut progress = progress(watch);
    let value = search.nimber(position, &mut progress)?.value();
    let moves = search.judge_moves(position, &mut progress)?;
    Ok((value, moves))
}

/// See [`Solver::moves_game_misere`](crate::Solver::moves_game_misere).
pub(crate) fn misere<G: Game>(
    core: &Core,
    game: G,
    position: &G::Position,
    watch: &mut Watch,
) -> Result<bool> {
    let budget = core.misere_bytes();
    let mut search = MisereSearch::new(game, Budget::bytes(budget));
    let make_room = || core.make_room();
    let mut table = Growing::new(&core.config.accountant, "a misère search", &make_room);
    let mut told = progress(watch);
    let lost = search.is_lost(position, &mut |p: Progress| {
        if table.charge(p.bytes).is_break() {
            return ControlFlow::Break(());
        }
        told(p)
    });
    if let Some(refused) = table.refusal() {
        return Err(refused);
    }
    lost.map_err(|e| limits::misere_search_refusal(e, budget))
}
