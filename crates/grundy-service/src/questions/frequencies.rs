//! How many heaps `1..=N` have each value: the frequencies published for
//! octal games at powers of two (Rogalski's `results/GAME/N` files list
//! `value count` lines for `0..=` the largest value). A proved period
//! without saltus counts every heap from the values of one period, one with
//! a saltus reads each heap's value from the period (every value is then
//! new, so the counts are as long as the values are large); other
//! tables past the memory budget are computed and counted past memory
//! (`past_memory.rs`).

use grundy::period::{PeriodicValues, proof};
use grundy::{Error, ErrorKind, Result};

use crate::core::Core;
use crate::game::Game;
use crate::report::FrequencyReport;
use crate::watch::Watch;
use crate::{limits, past_memory, tables};

/// See [`Solver::frequencies`].
pub(crate) fn frequencies(
    core: &Core,
    game: &Game,
    to: u64,
    watch: &mut Watch,
) -> Result<FrequencyReport> {
    let game = game.sum_of_heaps("counting values")?;
    if to == 0 {
        return Err(Error::new(ErrorKind::InvalidInput, "count at least heap 1"));
    }
    let mut counts: Vec<u64> = Vec::new();
    let goes = past_memory::goes(core, game, to);
    let periodic = if goes {
        tables::quickly_proved(core, game, to, watch)?
    } else if proof::may_prove(game) {
        Some(tables::periodic(core, game, to, None, watch)?)
    } else {
        None
    };
    let periodic = periodic.filter(|g| (g.table().len() as u64) > to || g.proved().is_some());
    let past_memory = goes && periodic.is_none();
    if let Some(g) = periodic {
        let need =
            limits::frequencies(largest(&g, to)?, g.table(), core.config.budget.max_bytes())?;
        let _reserved = core.reserve(watch, need, "a count a value")?;
        by_period(&g, to, &mut counts)?;
    } else if past_memory {
        past_memory::compute(core, game, to, watch, |table, _| {
            if table.values.len() == to + 1 {
                // The engine's histogram counts heaps 0..=to; heap 0
                // has value 0.
                counts = table.values.histogram().to_vec();
                counts[0] -= 1;
                Ok(())
            } else {
                table.each(1, to, &mut |_, v| {
                    tally(&mut counts, v);
                    Ok(())
                })
            }
        })?;
    } else {
        let table = tables::values(core, game, to, watch)?;
        // A count a value, up to the largest: refused before it is
        // allocated where it would not fit beside the table.
        let need =
            limits::frequencies(table.max().value(), &table, core.config.budget.max_bytes())?;
        let _reserved = core.reserve(watch, need, "a count a value")?;
        for n in 1..=to {
            tally(&mut counts, table.raw(n as usize));
        }
    }
    while counts.last() == Some(&0) {
        counts.pop();
    }
    Ok(FrequencyReport {
        game: game.to_string(),
        to,
        counts,
        past_memory,
    })
}

fn tally(counts: &mut Vec<u64>, v: u64) {
    tally_times(counts, v, 1);
}

fn tally_times(counts: &mut Vec<u64>, v: u64, times: u64) {
    let v = v as usize;
    if v >= counts.len() {
        counts.resize(v + 1, 0);
    }
    counts[v] += times;
}

/// Counts the heaps `1..=to` of `g` by value: from its table up to the
/// first heap of its period, then each value of one period as many times
/// as its residue class holds heaps up to `to`.
///
/// # Complexity
/// O(preperiod + period), whatever `to`.
fn by_period(g: &PeriodicValues, to: u64, counts: &mut Vec<u64>) -> Result<()> {
    let table = g.table();
    let Some(p) = g.proved().filter(|_| (table.len() as u64) <= to) else {
        for n in 1..=to {
            tally(counts, table.raw(n as usize));
        }
        return Ok(());
    };
    // Heap 0 is not counted: the period is read from heap 1 on at least.
    let first = p.preperiod().max(1);
    for n in 1..first.min(to.saturating_add(1)) {
        tally(counts, table.raw(n as usize));
    }
    for m in (first..first.saturating_add(p.period())).take_while(|&m| m <= to) {
        let times = (to - m) / p.period() + 1;
        if p.saltus() == 0 {
            tally_times(counts, g.get(m)?.value(), times);
        } else {
            // `m + k·p <= to` for every k here.
            for k in 0..times {
                tally(counts, g.get(m + k * p.period())?.value());
            }
        }
    }
    Ok(())
}

/// The largest value of the heaps `0..=to`: the table's, or with a proved
/// period also those of the last period before `to` (with a saltus the
/// values grow, class by class).
///
/// # Errors
/// [`Overflow`](ErrorKind::Overflow) where a value would pass `2^64 − 1`.
fn largest(g: &PeriodicValues, to: u64) -> Result<u64> {
    let mut most = g.table().max().value();
    if let Some(p) = g.proved().filter(|_| (g.table().len() as u64) <= to) {
        for m in to.saturating_sub(p.period() - 1)..=to {
            most = most.max(g.get(m)?.value());
        }
    }
    Ok(most)
}
