//! The per-request limits of the server, with their defaults.

use std::time::Duration;

/// What one request may ask for, and how much the server runs at once.
/// Requests past a limit are answered 422 (`limit`), 413 (body) or 503
/// (`busy`) before anything is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Heaps in a position (`position`, `moves`).
    pub heaps: usize,
    /// Heaps in a range of values (`values`): `to - from + 1`.
    pub values_range: u64,
    /// Heaps in a plotted range (`plot.svg`).
    pub plot_range: u64,
    /// The largest `max` (period search limit) a request may give.
    pub search: u64,
    /// The largest `to` of a count of positions of several heaps.
    pub multiset_to: u64,
    /// The largest `to` of `ppositions`.
    pub ppositions_to: u64,
    /// The largest `to` of `analyze`.
    pub analyze_to: u64,
    /// The largest `max_heap` of a misère quotient (`misere`).
    pub misere_heap: u64,
    /// The most moves `moves` lists (`limit`).
    pub moves_listed: usize,
    /// The longest a request computes before it is stopped (504).
    pub time: Duration,
    /// Heavy computations at once (those that compute values rather than
    /// read them); more are answered 503 with `Retry-After`.
    pub heavy: usize,
    /// Requests computing at once, cheap or heavy; more are answered 503.
    pub in_flight: usize,
    /// The largest request body (`verify`), in bytes; more is 413.
    pub body_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            heaps: 64,
            values_range: 100_000,
            plot_range: 10_000_000,
            search: 1 << 24,
            multiset_to: 100_000,
            ppositions_to: 2_000,
            analyze_to: 10_000,
            misere_heap: 100,
            moves_listed: 10_000,
            time: Duration::from_secs(10),
            heavy: std::thread::available_parallelism().map_or(2, |n| n.get().max(2)),
            in_flight: 256,
            body_bytes: 1 << 20,
        }
    }
}
