//! Counts: first-player wins and losses among single heaps, and lost
//! positions of several heaps (by XOR convolution over the values'
//! histogram), for heaps up to any size a proved period reaches.

use grundy::count::{self, histogram::Histogram, multiset};
use grundy::period::PeriodicValues;
use grundy::{Error, ErrorKind, Result};

use crate::core::Core;
use crate::game::Game;
use crate::report::{CountReport, Exact, MultisetCountReport};
use crate::watch::Watch;
use crate::{limits, tables};

/// See [`Solver::count`].
pub(crate) fn count(
    core: &Core,
    game: &Game,
    from: Option<u64>,
    to: u64,
    max: Option<u64>,
    watch: &mut Watch,
) -> Result<CountReport> {
    let game = game.sum_of_heaps("counting heaps")?;
    limits::first_heap(from, to)?;
    let values = tables::periodic(core, game, to, max, watch)?;
    single_heaps(game.to_string(), &values, from, to)
}

/// Wins and losses among the single heaps `from..=to` (from 1 by
/// default) of the game named `game`, whose `values` reach `to` (in their
/// table or by a proved period).
pub(crate) fn single_heaps(
    game: String,
    values: &PeriodicValues,
    from: Option<u64>,
    to: u64,
) -> Result<CountReport> {
    let first = limits::first_heap(from, to)?;
    let (losses, heaps) = if first > to {
        (0, 0)
    } else {
        let losses = count::zeros_in_range(values, first, to)?;
        let losses = u64::try_from(losses)
            .map_err(|_| Error::new(ErrorKind::Overflow, "a count overflows 64 bits"))?;
        (losses, to - first + 1)
    };
    Ok(CountReport {
        game,
        from,
        to,
        wins: heaps - losses,
        losses,
    })
}

/// See [`Solver::count_multisets`].
pub(crate) fn count_multisets(
    core: &Core,
    game: &Game,
    heaps: u32,
    to: u64,
    max: Option<u64>,
    watch: &mut Watch,
) -> Result<MultisetCountReport> {
    let game = game.sum_of_heaps("counting positions")?;
    limits::multiset_heaps(heaps)?;
    let values = tables::periodic(core, game, to, max, watch)?;
    multisets(core, game.to_string(), &values, heaps, to, watch)
}

/// Lost positions among the multisets of `heaps` heaps of sizes `0..=to`
/// of the game named `game`, whose `values` reach `to`.
pub(crate) fn multisets(
    core: &Core,
    game: String,
    values: &PeriodicValues,
    heaps: u32,
    to: u64,
    watch: &mut Watch,
) -> Result<MultisetCountReport> {
    limits::multiset_heaps(heaps)?;
    let need = limits::histogram(values, to, core.config.budget.max_bytes())?;
    let _reserved = core.reserve(watch, need, "the values' histogram")?;
    let histogram = Histogram::of_heaps(values, to)?;
    let losing = multiset::losing_multisets_exact(&histogram, heaps)?;
    Ok(MultisetCountReport {
        game,
        heaps,
        to,
        losing: match losing.to_u128() {
            Some(n) => Exact::Number(n),
            None => Exact::Text(losing.to_string()),
        },
    })
}
