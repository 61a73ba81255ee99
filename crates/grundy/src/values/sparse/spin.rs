//! A thread waiting on its core: it spins for what it waits for, then
//! yields its core a round, for as long as it may.
//!
//! The block pipeline's steps are a millisecond or less, and a thread of
//! rayon's that finds no work sleeps after a few dozen rounds of looking
//! and is woken by a system call: the threads that wait within a step
//! (for its last task, [`share_out`](super::share::share_out); for a
//! column to read beside the finishing, [`Wave`](super::wave::Wave))
//! spin instead, so that none has gone to sleep when the next step comes.
//! On a wide pool that spinning holds a core each; a bound
//! ([`Tuning::spin_for`](super::Tuning::spin_for)) lets a thread give its
//! core back to the pool once it has waited that long.

use std::time::{Duration, Instant};

use super::threads::Lanes;

/// Rounds of spinning before a waiting thread yields its core at every
/// round (a pool wider than the machine's cores lets the awaited thread
/// run).
const SPINS: u64 = 1 << 10;

/// Rounds between two looks at the clock, when the wait is bounded.
const LOOK_EVERY: u64 = 64;

/// How a thread waits: for at most `most` (`None`: until what it waits
/// for comes), its spinning counted in `lanes` when profiling.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Patience<'a> {
    pub(super) most: Option<Duration>,
    pub(super) lanes: Option<&'a Lanes>,
}

/// One thread's wait: its rounds, and the time it has spun, added to its
/// lane ([`Lanes::add_spin_since`]) when profiling.
pub(super) struct Spin<'a> {
    rounds: u64,
    started: Option<Instant>,
    most: Option<Duration>,
    lanes: Option<&'a Lanes>,
}

impl<'a> Spin<'a> {
    /// A wait as `patience` says.
    pub(super) fn new(patience: Patience<'a>) -> Spin<'a> {
        Spin {
            rounds: 0,
            started: None,
            most: patience.most,
            lanes: patience.lanes,
        }
    }

    /// One round of waiting; `false` once the wait has lasted its bound
    /// (the caller stops waiting).
    #[inline]
    pub(super) fn round(&mut self) -> bool {
        if self.started.is_none() && (self.most.is_some() || self.lanes.is_some()) {
            self.started = Some(Instant::now());
        }
        if self.rounds < SPINS {
            std::hint::spin_loop();
        } else {
            std::thread::yield_now();
        }
        self.rounds += 1;
        match (self.most, self.started) {
            (Some(most), Some(started)) if self.rounds.is_multiple_of(LOOK_EVERY) => {
                started.elapsed() < most
            }
            _ => true,
        }
    }

    /// The wait ended with work found: its time is counted, and the next
    /// round starts a new wait.
    pub(super) fn found(&mut self) {
        self.count();
        self.rounds = 0;
    }

    fn count(&mut self) {
        if let (Some(lanes), Some(started)) = (self.lanes, self.started.take()) {
            lanes.add_spin_since(started);
        }
    }
}

impl Drop for Spin<'_> {
    fn drop(&mut self) {
        self.count();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bounded_wait_ends_and_an_unbounded_one_goes_on() {
        let started = Instant::now();
        let mut bounded = Spin::new(Patience {
            most: Some(Duration::from_millis(2)),
            lanes: None,
        });
        while bounded.round() {}
        assert!(started.elapsed() >= Duration::from_millis(2));
        let mut unbounded = Spin::new(Patience::default());
        assert!((0..10_000).all(|_| unbounded.round()));
    }

    #[test]
    fn the_time_spun_goes_to_the_thread_lane() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let spun = pool.install(|| {
            let lanes = Lanes::new();
            let mut spin = Spin::new(Patience {
                most: Some(Duration::from_millis(3)),
                lanes: Some(&lanes),
            });
            while spin.round() {}
            drop(spin);
            let mut threads = Vec::new();
            lanes.drain_into(&mut threads);
            threads[0].spinning
        });
        assert!(spun >= Duration::from_millis(3), "{spun:?}");
    }
}
