//! How many heaps `1..=N` have each value: the frequencies published for
//! octal games at powers of two (Rogalski's `results/GAME/N` files list
//! `value count` lines for `0..=` the largest value). Tables past the memory
//! budget are computed and counted past memory ([`crate::windowed`]).

use grundy::{Error, ErrorKind, Result, Ruleset};
use serde::Serialize;

use crate::solver::Solver;
use crate::watch::Watch;

/// The number of heaps `1..=to` with each value.
///
/// ```
/// use grundy_service::{Solver, Watch};
/// let kayles = "kayles".parse()?;
/// let report = Solver::default().frequencies(&kayles, 12, &mut Watch::silent())?;
/// // G(1..=12) of Kayles: 1 2 3 1 4 3 2 1 4 2 6 4
/// assert_eq!(report.counts, vec![0, 3, 3, 2, 3, 0, 1]);
/// assert_eq!(
///     serde_json::to_string(&report).unwrap(),
///     r#"{"game":"0.77","to":12,"counts":[0,3,3,2,3,0,1],"past_memory":false}"#
/// );
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FrequencyReport {
    /// The canonical spec.
    pub game: String,
    /// The last heap counted.
    #[serde(serialize_with = "crate::json_int::u64")]
    pub to: u64,
    /// `counts[v]` heaps of `1..=to` have value `v`, for `v` up to the
    /// largest value (every heap up to 2^53 − 1 is a JSON number).
    pub counts: Vec<u64>,
    /// Whether the values were computed past memory (part of them on
    /// disk).
    pub past_memory: bool,
}

impl Solver {
    /// How many heaps `1..=to` of `game` have each value. Values that do
    /// not fit in the memory budget are computed past memory when the
    /// sparse engine applies and the solver has a store.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] if `to` is 0; as [`Solver::values`].
    pub fn frequencies(
        &self,
        game: &Ruleset,
        to: u64,
        watch: &mut Watch,
    ) -> Result<FrequencyReport> {
        if to == 0 {
            return Err(Error::new(ErrorKind::InvalidInput, "count at least heap 1"));
        }
        let mut counts: Vec<u64> = Vec::new();
        let past_memory = self.goes_windowed(game, to);
        if past_memory {
            self.windowed(game, to, watch, |table, _| {
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
            let table = self.values(game, to, watch)?;
            // A count a value, up to the largest: refused before it is
            // allocated where it would not fit beside the table.
            let budget = self.config().budget.max_bytes();
            let need = table.max().value().saturating_add(1).saturating_mul(8);
            if need > budget.saturating_sub(table.value_bytes()) {
                return Err(Error::new(
                    ErrorKind::TooLarge,
                    format!(
                        "counting values up to {} needs {} beside the table, past the memory budget of {}; ask for fewer heaps",
                        table.max(),
                        grundy::values::human_bytes(need),
                        grundy::values::human_bytes(budget)
                    ),
                ));
            }
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
}

fn tally(counts: &mut Vec<u64>, v: u64) {
    let v = v as usize;
    if v >= counts.len() {
        counts.resize(v + 1, 0);
    }
    counts[v] += 1;
}
