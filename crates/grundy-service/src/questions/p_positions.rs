//! The P-positions of a multi-heap game up to a bound, streamed in
//! lexicographic order, counted and summed (Project Euler 260).

use std::ops::ControlFlow;

use grundy::Result;
use grundy::multiheap::{self, Method, Tally};

use crate::core::Core;
use crate::game::Game;
use crate::limits;
use crate::watch::{Event, Watch};

/// See [`Solver::p_positions`].
pub(crate) fn p_positions(
    core: &Core,
    game: &Game,
    to: u64,
    method: Method,
    visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    watch: &mut Watch,
) -> Result<Tally> {
    let game = game.multiheap("a scan of P-positions")?;
    let budget = core.config.budget;
    let to = limits::multiheap_bound(game, to, method, budget, |fits| {
        format!("P-positions up to {fits} fit")
    })?;
    let options = multiheap::Options { method, budget };
    multiheap::scan(game, to, options, visit, &mut |p| {
        watch.tell(Event::Scan {
            done: p.done,
            total: p.total,
        })
    })
}
