//! Where each thread's time went in the block pipeline, with
//! [`Tuning::profile`](super::Tuning::profile) on: busy finishing blocks,
//! busy reading splits ahead, busy alone (the thread that drives the
//! pipeline, with no other beside it), and the rest of the run's wall time
//! spent waiting. Readable on any machine: on two cores it measures the
//! serial part and the hand-over cost that bound the speed-up on sixteen.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::SparseProfile;

/// One thread's time in a run of the sparse engine
/// ([`Computation::thread_use`](super::Computation::thread_use)).
///
/// ```
/// use grundy::values::sparse::{SparseProfile, ThreadUse};
/// use std::time::Duration;
/// let profile = SparseProfile { alone: Duration::from_secs(3), ..SparseProfile::default() };
/// let driver = ThreadUse { alone: Duration::from_secs(2), ..ThreadUse::default() };
/// assert_eq!(driver.busy(), Duration::from_secs(2));
/// assert_eq!(driver.waiting(&profile), Duration::from_secs(1));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ThreadUse {
    /// Finishing blocks heap by heap beside a reading ahead (the driving
    /// thread only).
    pub finishing: Duration,
    /// Reading splits ahead, 64 heaps a task, in any phase: beside a
    /// finishing, catching up, or a block's first reading.
    pub reading: Duration,
    /// Working with no other thread beside it: mask reviews and blocks
    /// finished alone (the driving thread only).
    pub alone: Duration,
    /// Of the waiting, the time spent spinning on its core: for a step's
    /// last task, or for a column to read beside the finishing. The rest
    /// of the waiting is in the pool's hands (looking for work, asleep,
    /// being woken) or at a join.
    pub spinning: Duration,
}

impl ThreadUse {
    /// The time this thread computed.
    pub fn busy(&self) -> Duration {
        self.finishing + self.reading + self.alone
    }

    /// The rest of the run's wall time ([`SparseProfile::wall`]): waiting
    /// while another thread works alone, at a join for the other half, or
    /// for a task (spinning for the last task of a step counts here).
    pub fn waiting(&self, profile: &SparseProfile) -> Duration {
        profile.wall().saturating_sub(self.busy())
    }
}

/// Nanoseconds of reading and of spinning a thread, added by the tasks
/// and the waits that run on it.
#[derive(Debug)]
pub(super) struct Lanes {
    reading: Vec<AtomicU64>,
    spinning: Vec<AtomicU64>,
}

impl Lanes {
    /// A lane for each thread of the current pool.
    pub(super) fn new() -> Lanes {
        let lanes = || {
            (0..rayon::current_num_threads().max(1))
                .map(|_| AtomicU64::new(0))
                .collect()
        };
        Lanes {
            reading: lanes(),
            spinning: lanes(),
        }
    }

    /// The number of lanes.
    pub(super) fn len(&self) -> usize {
        self.reading.len()
    }

    /// Adds the time since `started` to the reading of the thread running.
    pub(super) fn add_since(&self, started: Instant) {
        add(&self.reading, started);
    }

    /// Adds the time since `started` to the spinning of the thread running
    /// ([`Spin`](super::spin::Spin)).
    pub(super) fn add_spin_since(&self, started: Instant) {
        add(&self.spinning, started);
    }

    /// Moves the reading and spinning time of every lane into `threads`,
    /// zeroing the lanes; returns the running thread's reading.
    pub(super) fn drain_into(&self, threads: &mut Vec<ThreadUse>) -> Duration {
        if threads.len() < self.len() {
            threads.resize(self.len(), ThreadUse::default());
        }
        let take = |lane: &AtomicU64| Duration::from_nanos(lane.swap(0, Ordering::Relaxed));
        let mut own = Duration::ZERO;
        for (i, (read, spun)) in self.reading.iter().zip(&self.spinning).enumerate() {
            let read = take(read);
            threads[i].reading += read;
            threads[i].spinning += take(spun);
            if i == lane_index(self.len()) {
                own = read;
            }
        }
        own
    }

    /// The running thread's entry in `threads`, grown to hold it.
    pub(super) fn own<'a>(&self, threads: &'a mut Vec<ThreadUse>) -> &'a mut ThreadUse {
        let i = lane_index(self.len());
        if threads.len() <= i {
            threads.resize(i + 1, ThreadUse::default());
        }
        &mut threads[i]
    }
}

/// Adds the time since `started` to the running thread's lane of `lanes`.
fn add(lanes: &[AtomicU64], started: Instant) {
    let nanos = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
    lanes[lane_index(lanes.len())].fetch_add(nanos, Ordering::Relaxed);
}

/// The running thread's index in its pool (0 outside one).
fn lane() -> usize {
    rayon::current_thread_index().unwrap_or(0)
}

fn lane_index(lanes: usize) -> usize {
    lane().min(lanes.saturating_sub(1))
}
