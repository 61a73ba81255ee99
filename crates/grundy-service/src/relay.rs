//! Work run on a pool of threads while the request's own thread tells the
//! watch what the work reports. A front end's callbacks (a progress bar,
//! Python's look for Ctrl-C, which Python hears on its main thread only)
//! then run on the thread that asked, never on a pool's, so a front end
//! need not give up the pools (the default's choice of threads, or
//! `Config::threads`) to keep its callbacks on its own thread.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::watch::{Event, Watch};

/// The least time between two progress reports ([`Event::Values`]) passed
/// on: those between are folded into the next one passed on. Each report
/// passed on wakes the request's thread, which on a machine with no core
/// to spare takes one from the work for a moment. On the 2-core machine,
/// with a report for every block, `grundy count 0.6 --to 2^22 --threads 2`
/// was preempted 2 600–2 900 times, against 420 with reports thinned so
/// and the profile example's 190; its wall time was level either way
/// (docs/benchmarks.md, session 35).
const PROGRESS_EVERY: Duration = Duration::from_millis(50);

/// The work's side of the relay: what it reports, sent on, with progress
/// reports thinned to one each [`PROGRESS_EVERY`].
struct Sender {
    events: mpsc::Sender<Event>,
    /// When the last progress report was sent on.
    last_progress: Option<Instant>,
    /// The latest progress report not sent on: sent before any other
    /// event, and at the end, so that the watch hears the last of them.
    held: Option<Event>,
}

impl Sender {
    fn send(&mut self, event: Event) {
        if matches!(event, Event::Values { .. }) {
            let now = Instant::now();
            if self
                .last_progress
                .is_some_and(|t| now.duration_since(t) < PROGRESS_EVERY)
            {
                self.held = Some(event);
                return;
            }
            self.last_progress = Some(now);
            self.held = None;
        } else {
            self.flush();
        }
        // Sent even if the watch has stopped listening (never: it listens
        // until this sender is dropped).
        let _ = self.events.send(event);
    }

    /// Sends the progress report held back, if any.
    fn flush(&mut self) {
        if let Some(held) = self.held.take() {
            let _ = self.events.send(held);
        }
    }
}

/// Runs `work` on one of `pool`'s threads (its parallel parts on the
/// pool), handing it a function through which it reports events; this
/// thread tells `watch` of each, in order, while the work runs, and
/// returns what the work returns.
///
/// Progress reports ([`Event::Values`]) are told at most once each
/// [`PROGRESS_EVERY`], the latest of those between and the last of all
/// included; every other event is told.
///
/// A watch that says stop is heard by the work at its next report (the
/// function then answers `Break`); one that had said stop before answers
/// `Break` at the first. A panic in `work` reaches this thread once the
/// events before it are told.
pub(crate) fn on_pool<T: Send>(
    pool: &rayon::ThreadPool,
    watch: &mut Watch,
    work: impl FnOnce(&mut dyn FnMut(Event) -> ControlFlow<()>) -> T + Send,
) -> T {
    let (events_in, events) = mpsc::channel::<Event>();
    let stop = AtomicBool::new(watch.stopped());
    let mut result = None;
    pool.in_place_scope(|scope| {
        let stop = &stop;
        let result = &mut result;
        scope.spawn(move |_| {
            let mut sender = Sender {
                events: events_in,
                last_progress: None,
                held: None,
            };
            let mut report = |event: Event| {
                if stop.load(Ordering::Acquire) {
                    return ControlFlow::Break(());
                }
                sender.send(event);
                ControlFlow::Continue(())
            };
            *result = Some(work(&mut report));
            sender.flush();
            // The sender is dropped here, which ends the loop below.
        });
        for event in events {
            if watch.tell(event).is_break() {
                stop.store(true, Ordering::Release);
            }
        }
    });
    result.expect("in_place_scope returns once the work has run")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool() -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap()
    }

    fn values(done: u64) -> Event {
        Event::Values { done, total: 100 }
    }

    /// Every event but progress is told, in order, on the calling thread;
    /// progress reports in quick succession are told as the first, the
    /// last before any other event, and the last of all.
    #[test]
    fn events_are_told_on_the_calling_thread_in_order() {
        let me = std::thread::current().id();
        let mut heard = Vec::new();
        let mut watch = Watch::new(|event| {
            assert_eq!(std::thread::current().id(), me);
            heard.push(event);
            ControlFlow::Continue(())
        });
        let warning = Event::Warning("half way".into());
        let worker = on_pool(&pool(), &mut watch, |report| {
            for done in 0..100 {
                assert!(report(values(done)).is_continue());
                if done == 49 {
                    assert!(report(warning.clone()).is_continue());
                }
            }
            std::thread::current().id()
        });
        drop(watch);
        assert_ne!(worker, me);
        // Within microseconds: [values(0), values(49), warning,
        // values(99)], and more progress only where the work stalled.
        let at = heard.iter().position(|e| *e == warning).expect("told");
        assert_eq!(heard.iter().filter(|e| **e == warning).count(), 1);
        assert_eq!(heard.first(), Some(&values(0)));
        assert_eq!(heard[at - 1], values(49));
        assert_eq!(heard.last(), Some(&values(99)));
        let done: Vec<u64> = heard
            .iter()
            .filter_map(|e| match e {
                Event::Values { done, .. } => Some(*done),
                _ => None,
            })
            .collect();
        assert!(done.windows(2).all(|w| w[0] < w[1]), "{heard:?}");
        assert!(heard.len() < 20, "{heard:?}");
    }

    /// Progress reports further apart than [`PROGRESS_EVERY`] are each
    /// told.
    #[test]
    fn progress_reports_far_apart_are_each_told() {
        let mut heard = Vec::new();
        let mut watch = Watch::new(|event| {
            heard.push(event);
            ControlFlow::Continue(())
        });
        on_pool(&pool(), &mut watch, |report| {
            for done in 0..3 {
                let _ = report(values(done));
                std::thread::sleep(PROGRESS_EVERY + Duration::from_millis(5));
            }
        });
        drop(watch);
        assert_eq!(heard, [values(0), values(1), values(2)]);
    }

    #[test]
    fn a_watch_that_says_stop_stops_the_work() {
        let mut watch = Watch::new(|event| match event {
            Event::Values { done, .. } if done >= 3 => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        });
        let reports = on_pool(&pool(), &mut watch, |report| {
            let mut n = 0;
            // Reports until told to stop (within moments of the first
            // report told from the fourth on, some PROGRESS_EVERY in).
            while report(Event::Values { done: n, total: 0 }).is_continue() {
                n += 1;
                std::thread::sleep(std::time::Duration::from_millis(1));
                assert!(n < 10_000, "never stopped");
            }
            n
        });
        assert!(reports >= 3, "{reports}");
        assert!(watch.stopped());
        // Stopped before: the first report hears it.
        let first = on_pool(&pool(), &mut watch, |report| {
            report(Event::Values { done: 0, total: 0 })
        });
        assert!(first.is_break());
    }

    #[test]
    fn a_panic_in_the_work_reaches_the_caller() {
        let mut watch = Watch::silent();
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            on_pool(&pool(), &mut watch, |report| {
                let _ = report(Event::Values { done: 1, total: 2 });
                panic!("the work failed")
            })
        }));
        assert!(caught.is_err());
    }
}
