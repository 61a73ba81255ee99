//! One game's row of the catalogue.

use serde::Serialize;

/// The status of a game, in the words of `grundy period`: the solver's.
pub use grundy_service::Status;

/// What the catalogue records of one game. Field names are the columns of
/// the `games` table (see `docs/survey-schema.md`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameRow {
    /// The canonical spec.
    pub game: String,
    /// The family it was surveyed in (`octal --digits 3`).
    pub family: String,
    /// `proved`, `observed` or `none`.
    pub status: Status,
    /// The preperiod of the pattern, if one was found.
    pub preperiod: Option<u64>,
    /// The period.
    pub period: Option<u64>,
    /// The saltus.
    pub saltus: Option<u64>,
    /// The theorem's name, when proved.
    pub theorem: Option<String>,
    /// The certificate's text, when proved.
    #[serde(skip)]
    pub certificate: Option<String>,
    /// The last heap whose value was computed.
    pub checked_to: u64,
    /// The search's limit asked for (`--max-heaps`).
    pub max_heaps: u64,
    /// Why the search ended before its limit: `time` or `memory`; absent
    /// when it finished.
    pub stopped: Option<String>,
    /// The time limit it ran under, in seconds.
    pub time_limit: Option<f64>,
    /// The largest value among `G(0..=checked_to)`.
    pub max_value: u64,
    /// Its first heap.
    pub max_value_at: u64,
    /// The mask making fewest heaps rare (see `TableStatistics`).
    pub rare_mask: Option<u64>,
    /// Rare heaps under it, heap 0 included.
    pub rare_count: Option<u64>,
    /// The last rare heap.
    pub rare_last: Option<u64>,
    /// FNV-1a 64 of `G(0..=checked_to)` as 8-byte little-endian values, in
    /// hexadecimal.
    pub checksum: String,
    /// Seconds the computation took in the run that wrote this row.
    pub seconds: f64,
    /// The program that wrote it.
    pub version: String,
}

impl GameRow {
    /// Whether the search finished (not stopped by time or memory).
    pub fn finished(&self) -> bool {
        self.stopped.is_none()
    }

    /// Which of two rows of the same game a catalogue keeps: a proved one,
    /// then the one computed further, then the larger limit, then a finished
    /// one, and between rows equal in all these the smaller by a fixed
    /// total order of their fields, so that merging is order-independent.
    pub fn better_than(&self, other: &GameRow) -> bool {
        let rank = |r: &GameRow| {
            (
                r.status == Status::Proved,
                r.checked_to,
                r.max_heaps,
                r.finished(),
            )
        };
        match rank(self).cmp(&rank(other)) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => self.order_key() < other.order_key(),
        }
    }

    fn order_key(&self) -> String {
        format!(
            "{:?}|{}|{}|{}",
            self.certificate,
            serde_json::to_string(self).unwrap_or_default(),
            self.seconds.to_bits(),
            self.version
        )
    }
}
