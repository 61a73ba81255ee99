//! How many heaps `1..=N` have each value: the frequencies published for
//! octal games at powers of two (Rogalski's `results/GAME/N` files list
//! `value count` lines for `0..=` the largest value). Tables past the memory
//! budget are computed and counted past memory (`past_memory.rs`).

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
    let past_memory = past_memory::goes(core, game, to);
    if past_memory {
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
        limits::frequencies(&table, core.config.budget.max_bytes())?;
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
    let v = v as usize;
    if v >= counts.len() {
        counts.resize(v + 1, 0);
    }
    counts[v] += 1;
}
