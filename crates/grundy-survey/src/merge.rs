//! Merging catalogues: the shards of a job array into one.

use std::path::Path;

use crate::catalogue::Catalogue;
use crate::{Result, SurveyError};

/// What a merge did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MergeSummary {
    /// Rows read from the inputs.
    pub read: usize,
    /// Rows written to the output (new games, or better rows).
    pub written: usize,
}

/// Merges the catalogues `inputs` into `output` (created if absent, merged
/// into if present). For each game the output keeps the best row of all
/// ([`GameRow::better_than`](crate::GameRow::better_than), a total order)
/// and the longest values, so a merge is idempotent and the result does
/// not depend on the order of the inputs.
///
/// # Errors
/// An input that is not a catalogue (named), or an output that cannot be
/// written; the output then holds the inputs merged before the failure,
/// each game's row whole.
pub fn merge(inputs: &[&Path], output: &Path) -> Result<MergeSummary> {
    if inputs.is_empty() {
        return Err(SurveyError::usage(
            "merge needs catalogues to merge, as in: grundy survey merge a.sqlite b.sqlite -o all.sqlite",
        ));
    }
    let mut summary = MergeSummary::default();
    let out = Catalogue::create(output)?;
    for input in inputs {
        let same = std::fs::canonicalize(input).ok() == std::fs::canonicalize(output).ok();
        if same {
            continue;
        }
        let source = Catalogue::open_read_only(input)?;
        for row in source.games()? {
            summary.read += 1;
            let values = source.values(&row.game)?;
            if out.record(&row, values.as_ref())? {
                summary.written += 1;
            }
        }
        // Values of games without a row (checkpoints of a run killed).
        for (game, _) in source.value_counts()? {
            if let Some(values) = source.values(&game)? {
                out.save_values(&game, &values)?;
            }
        }
    }
    Ok(summary)
}
