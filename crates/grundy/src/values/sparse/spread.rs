//! The spread scan of step 2: smaller parts read from sixteen places at
//! once, the trial that decides, as the table grows, whether it pays for
//! the game at hand, and the parts of its first rounds with their values,
//! which every block's reading ahead marks against its heaps.

use std::sync::Arc;

use super::ScanStreams;
use super::ahead::Reach;
use super::heap::{Shape, largest_smaller_part};
use super::marks::Sink;
use super::storage::{Storage, Stream};
use crate::values::table::Window;

/// Places the spread scan reads from at once.
pub(super) const SPREAD_STREAMS: usize = 16;
/// Splits a round of the spread scan reads for each take.
pub(super) const SPREAD_ROUND: usize = SPREAD_STREAMS * SPREAD_RUN;
/// Consecutive splits read at each place before the next.
pub(super) const SPREAD_RUN: usize = 8;

/// The spread scan of heap `n`: removes from `want` the values it finds
/// among the splits with smaller parts in `1..=spread`, and adds the
/// splits it read to `scanned`, by round (read ahead for every heap,
/// deepened for this one, or later).
///
/// Splits read in the order of the smaller part (or from the middle) show
/// the same few pairs of values for long stretches: the values of nearby
/// heaps are alike. Smaller parts read from sixteen places of `1..=spread`
/// at once, eight consecutive splits at each, turn up the missing values of
/// Grundy's game in about half as many splits (880 a heap instead of 1730 at
/// 2·10^6), and both parts stay within `spread` of the two ends of the
/// table, in cache. It only orders the reads: what it does not find, the
/// complete scan looks for. It runs only when every take leaves smaller
/// parts up to `spread` (a multiple of [`SPREAD_ROUND`]).
pub(super) fn spread_scan<R: Storage, S: Sink>(
    sink: &mut S,
    store: &mut R,
    (shape, spread): (&Shape, usize),
    n: usize,
    want: &mut Vec<u64>,
    ahead: &Reach,
    scanned: &mut ScanStreams,
) {
    if !spread_applies(shape, spread, n) {
        return;
    }
    let stride = spread / SPREAD_STREAMS;
    for (round, i) in (0..stride).step_by(SPREAD_RUN).enumerate() {
        let read_below = ahead.run_limit(round);
        let count = if round < ahead.spread_rounds {
            &mut scanned.spread_read_ahead
        } else if round < ahead.deep_rounds {
            &mut scanned.spread_deepened
        } else {
            &mut scanned.spread_past
        };
        for &t in &shape.splits {
            for j in 0..SPREAD_STREAMS {
                // Smaller parts a..a + RUN, all at most `spread`, hence at
                // most half of `n − t`; the run was read ahead if both
                // parts lie below `read_below`. `a` grows with `j`: once a
                // run was read ahead, so were those of the later streams.
                let a = j * stride + i + 1;
                if a + read_below > n - t {
                    break;
                }
                mark_run(sink, store, a, n - t);
                *count += SPREAD_RUN as u64;
            }
        }
        if sink.settle(want) {
            break;
        }
    }
}

/// The smaller parts of the first rounds of the spread scan, with their
/// values: what a reading ahead marks against the heaps of a block for
/// those rounds ([`Tuning::spread_rounds`](super::Tuning::spread_rounds)).
/// The parts lie below `spread` (2^14), so once the table is longer they
/// are the same for every block: they are read once and shared by the
/// readings after. Read anew by each block's reading and its catching up,
/// the 768 values of six rounds took 0.05 s of 0.6's 7.5 s to 2^22 on one
/// thread in the readings alone; kept, one thread ran 0.6 2.8 % faster
/// (alternated rounds, docs/benchmarks.md, session 40).
#[derive(Clone, Debug, Default)]
pub(super) struct SpreadParts {
    spread: usize,
    rounds: usize,
    /// Every part lies below it.
    top: usize,
    parts: Arc<[(usize, u64)]>,
}

impl SpreadParts {
    /// The parts of the first `rounds` rounds of the spread scan over
    /// `1..=spread` that lie in `g`, each with its value.
    ///
    /// ```text
    /// round i, stream j: the run a..a + SPREAD_RUN, a = j·spread/16 + i·SPREAD_RUN + 1
    /// ```
    pub(super) fn read<W: Window>(g: W, spread: usize, rounds: usize) -> SpreadParts {
        let stride = spread / SPREAD_STREAMS;
        let parts: Arc<[(usize, u64)]> = (0..stride)
            .step_by(SPREAD_RUN)
            .take(rounds)
            .flat_map(|i| (0..SPREAD_STREAMS).map(move |j| j * stride + i + 1))
            .flat_map(|a| a..a + SPREAD_RUN)
            .filter(|&p| p < g.len())
            .map(|p| (p, g.get(p)))
            .collect();
        SpreadParts {
            spread,
            rounds,
            top: parts.iter().map(|&(p, _)| p + 1).max().unwrap_or(0),
            parts,
        }
    }

    /// These parts, if they are all of `spread` and `rounds` that lie
    /// below `limit`: read for the same scan from a table that held them
    /// all. A scan with no rounds has no parts, whatever was read before
    /// (a reading of only the far rare parts leaves the kept parts alone).
    pub(super) fn fit(
        &self,
        spread: usize,
        rounds: usize,
        limit: usize,
    ) -> Option<&[(usize, u64)]> {
        let stride = spread / SPREAD_STREAMS;
        if stride == 0 || rounds == 0 {
            return Some(&[]);
        }
        let complete = self.top <= limit
            && self.parts.len() == stride.div_ceil(SPREAD_RUN).min(rounds) * SPREAD_ROUND;
        (self.spread == spread && self.rounds == rounds && complete).then_some(&self.parts)
    }

    /// The parts, each with its value.
    pub(super) fn parts(&self) -> &[(usize, u64)] {
        &self.parts
    }

    /// These parts if they fit a reading of `g` ([`SpreadParts::fit`]),
    /// else those read from `g` now, kept for the next readings (which
    /// take them once they are complete).
    pub(super) fn for_table<W: Window>(
        &mut self,
        g: W,
        spread: usize,
        rounds: usize,
    ) -> SpreadParts {
        if spread / SPREAD_STREAMS == 0 || rounds == 0 {
            return SpreadParts::default();
        }
        if self.fit(spread, rounds, g.len()).is_none() {
            *self = SpreadParts::read(g, spread, rounds);
        }
        self.clone()
    }
}

/// Heaps between two trials of the spread scan.
const TRIAL_EVERY: usize = 1 << 15;
/// Heaps a trial spends with the spread scan, and as many without.
const TRIAL_HEAPS: usize = 1 << 10;

/// Whether the spread scan pays for this game here: it finds the missing
/// values of Grundy's game and 0.6 in half as many splits as the in-order
/// scan, but those of 0.354 turn up among the first smaller parts, and for
/// 0.354 it reads more. Every [`TRIAL_EVERY`] heaps, [`TRIAL_HEAPS`] heaps
/// are scanned with it and as many without, and the scan that read fewer
/// splits is used until the next trial. Values are exact either way.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct SpreadTrial {
    /// Scanning without the spread scan won the last trial.
    pub(super) off: bool,
    /// Splits scanned during the current trial, with and without.
    pub(super) with: u64,
    pub(super) without: u64,
}

impl SpreadTrial {
    /// Whether heap `n` uses the spread scan.
    #[inline]
    pub(super) fn spreads(&self, n: usize) -> bool {
        match n % TRIAL_EVERY {
            phase if phase < TRIAL_HEAPS => true,
            phase if phase < 2 * TRIAL_HEAPS => false,
            _ => !self.off,
        }
    }

    /// Counts the splits scanned for heap `n`.
    #[inline]
    pub(super) fn count(&mut self, n: usize, scanned: u64) {
        match n % TRIAL_EVERY {
            phase if phase < TRIAL_HEAPS => self.with += scanned,
            phase if phase < 2 * TRIAL_HEAPS => self.without += scanned,
            _ if self.with + self.without > 0 => {
                self.off = self.without < self.with;
                self.with = 0;
                self.without = 0;
            }
            _ => {}
        }
    }
}

/// Whether heap `n` is large enough for the spread scan over smaller parts
/// `1..=spread`: every take leaves them all.
#[inline]
pub(super) fn spread_applies(shape: &Shape, spread: usize, n: usize) -> bool {
    spread > 0
        && shape
            .splits
            .iter()
            .all(|&t| n >= t && largest_smaller_part(n - t, shape.unequal) >= spread)
}

/// Marks the values of the [`SPREAD_RUN`] splits `x + (rest − x)` for `x`
/// from `a`: a fixed number, so the loop unrolls.
#[inline(always)]
fn mark_run<R: Storage, S: Sink>(sink: &mut S, store: &mut R, a: usize, rest: usize) {
    let (small, large) = store.pair(
        (a, a + SPREAD_RUN),
        (rest + 1 - a - SPREAD_RUN, rest + 1 - a),
        Stream::Spread,
    );
    sink.mark_xors(small, large);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of `len` values, each a mix of its heap.
    fn table(len: usize) -> Vec<u16> {
        (0..len).map(|n| (n * 37 % 311) as u16).collect()
    }

    #[test]
    fn parts_read_once_are_those_a_reading_would_read() {
        let (spread, rounds) = (1 << 14, 6);
        let long = table(spread + 1);
        let kept = SpreadParts::read(&long[..], spread, rounds);
        // Every part of the rounds, each with its value.
        assert_eq!(kept.parts().len(), rounds * SPREAD_ROUND);
        assert!(kept.parts().iter().all(|&(p, v)| v == u64::from(long[p])));
        // They fit any longer table, but not another scan.
        let longer = table(1 << 16);
        let fitted = kept.fit(spread, rounds, longer.len()).unwrap();
        assert_eq!(
            fitted,
            SpreadParts::read(&longer[..], spread, rounds).parts()
        );
        assert!(kept.fit(spread, rounds + 1, longer.len()).is_none());
        assert!(kept.fit(spread / 2, rounds, longer.len()).is_none());
        // A reading without spread rounds takes none and keeps these.
        let mut kept = kept;
        assert!(kept.for_table(&longer[..], spread, 0).parts().is_empty());
        assert!(kept.fit(spread, rounds, longer.len()).is_some());
    }

    #[test]
    fn parts_read_from_a_short_table_are_read_again() {
        let (spread, rounds) = (1 << 14, 6);
        let short = table(5000);
        let mut kept = SpreadParts::default();
        let first = kept.for_table(&short[..], spread, rounds);
        // Only those in the table, and they are not kept as complete.
        assert!(first.parts().iter().all(|&(p, _)| p < short.len()));
        assert!(first.parts().len() < rounds * SPREAD_ROUND);
        assert!(kept.fit(spread, rounds, 1 << 16).is_none());
        let long = table(1 << 15);
        let second = kept.for_table(&long[..], spread, rounds);
        assert_eq!(second.parts().len(), rounds * SPREAD_ROUND);
        assert!(kept.fit(spread, rounds, long.len()).is_some());
    }
}
