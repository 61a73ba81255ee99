//! A step's tasks shared out among the threads of the pool, each thread
//! taking the next task left until none is, then spinning, not sleeping,
//! until the last one taken is done, or for as long as it may.
//!
//! A thread of rayon's that finds no work sleeps after a few dozen rounds
//! of looking, and is woken by a system call when work comes. The block
//! pipeline runs two or three such steps a block, each a millisecond or
//! less, and ends each with one task still running: with rayon's own
//! parallel iterators a pool of two threads slept and was woken four
//! times a block (0.161 to 2^23: 16 000 voluntary context switches in
//! 4 085 blocks), and the thread that drives the pipeline waited for its
//! wake-up on every one of them.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use super::spin::{Patience, Spin};

/// Does `work` on every task, on every thread of the current pool, and
/// adds up the pairs of counts it returns.
///
/// Every task is done when it returns. A thread that took part and finds
/// no task left spins until every task is done, or until it has waited
/// `patience.most`, then returns to the pool: with no bound, the thread
/// that called returns with no other still at work, and none has gone to
/// sleep meanwhile. On one thread, or for one task, the tasks are done in
/// order on this thread.
///
/// A panic in `work` is passed on once every other task is done. `work`
/// must not wait for the pool: a thread spinning for the last task takes
/// no other work meanwhile.
pub(super) fn share_out<T: Send>(
    tasks: Vec<T>,
    patience: Patience<'_>,
    work: impl Fn(T) -> (u64, u64) + Sync,
) -> (u64, u64) {
    let threads = rayon::current_num_threads().min(tasks.len());
    if threads <= 1 {
        return tasks
            .into_iter()
            .map(work)
            .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    }
    let len = tasks.len();
    let slots: Vec<Mutex<Option<T>>> = tasks.into_iter().map(|t| Mutex::new(Some(t))).collect();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let sums = [AtomicU64::new(0), AtomicU64::new(0)];
    let take_part = || {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= len {
                break;
            }
            // Counted done even if `work` panics: the others stop
            // spinning, and rayon passes the panic on.
            let _done = Done(&done);
            let task = slots[i]
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .take();
            if let Some(task) = task {
                let (a, b) = work(task);
                sums[0].fetch_add(a, Ordering::Relaxed);
                sums[1].fetch_add(b, Ordering::Relaxed);
            }
        }
        // Every task is done when the scope ends, whether this thread
        // waits here or in the pool.
        let mut spin = Spin::new(patience);
        while done.load(Ordering::Acquire) < len && spin.round() {}
    };
    rayon::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(|_| take_part());
        }
        take_part();
    });
    (
        sums[0].load(Ordering::Relaxed),
        sums[1].load(Ordering::Relaxed),
    )
}

/// Counts a task done when dropped, panicking or not.
struct Done<'a>(&'a AtomicUsize);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn every_task_is_done_once_on_any_pool() {
        for threads in [1, 2, 3, 8] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            for len in [0usize, 1, 2, 5, 64] {
                let seen: Vec<AtomicUsize> = (0..len).map(|_| AtomicUsize::new(0)).collect();
                let sums = pool.install(|| {
                    share_out((0..len).collect(), Patience::default(), |i| {
                        seen[i].fetch_add(1, Ordering::Relaxed);
                        (i as u64, 1)
                    })
                });
                assert!(seen.iter().all(|s| s.load(Ordering::Relaxed) == 1));
                let expect = (len * len.saturating_sub(1) / 2) as u64;
                assert_eq!(sums, (expect, len as u64), "{threads} threads, {len} tasks");
            }
        }
    }

    #[test]
    fn every_task_is_done_when_threads_wait_no_longer_than_a_bound() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap();
        for most in [Duration::ZERO, Duration::from_micros(50)] {
            let seen: Vec<AtomicUsize> = (0..64).map(|_| AtomicUsize::new(0)).collect();
            let patience = Patience {
                most: Some(most),
                lanes: None,
            };
            let sums = pool.install(|| {
                share_out((0..64).collect(), patience, |i: usize| {
                    // A slow last task: the others give up waiting for it.
                    if i == 63 {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    seen[i].fetch_add(1, Ordering::Relaxed);
                    (1, 0)
                })
            });
            assert!(seen.iter().all(|s| s.load(Ordering::Relaxed) == 1));
            assert_eq!(sums, (64, 0));
        }
    }

    #[test]
    fn a_panicking_task_is_passed_on_without_a_hang() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            pool.install(|| {
                share_out((0..16).collect(), Patience::default(), |i: usize| {
                    assert!(i != 7, "task 7");
                    (0, 0)
                })
            })
        }));
        assert!(result.is_err());
    }
}
