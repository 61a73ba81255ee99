//! The P-positions of a multi-heap game up to a bound, streamed in
//! lexicographic order, counted and summed (Project Euler 260): a subset
//! game by its own engines (the bitset scan, its reference and brute
//! force), any other set of move vectors by the key scan.

use std::ops::ControlFlow;

use grundy::Result;
use grundy::multiheap::{self, Method, Tally, vectors};

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
    // Set aside before the scan allocates its tables: the budget holds
    // for every request of the process at once (issue 38, W1).
    let _reserved = core.reserve(
        watch,
        limits::multiheap_bytes(game, to, method),
        "a scan of P-positions",
    )?;
    let options = multiheap::Options { method, budget };
    let mut progress = |p: multiheap::Progress| {
        watch.tell(Event::Scan {
            done: p.done,
            total: p.total,
        })
    };
    match game.as_subset_game() {
        Some(subsets) => multiheap::scan(&subsets, to, options, visit, &mut progress),
        None => vectors::scan(game, to, options, visit, &mut progress),
    }
}
