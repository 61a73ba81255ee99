//! Work run on a pool of threads while the request's own thread tells the
//! watch what the work reports. A front end's callbacks (a progress bar,
//! Python's look for Ctrl-C, which Python hears on its main thread only)
//! then run on the thread that asked, never on a pool's, so a front end
//! need not give up the pools (the default's choice of threads, or
//! `Config::threads`) to keep its callbacks on its own thread.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use crate::watch::{Event, Watch};

/// Runs `work` on one of `pool`'s threads (its parallel parts on the
/// pool), handing it a function through which it reports events; this
/// thread tells `watch` of each, in order, while the work runs, and
/// returns what the work returns.
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
    let (sender, events) = mpsc::channel::<Event>();
    let stop = AtomicBool::new(watch.stopped());
    let mut result = None;
    pool.in_place_scope(|scope| {
        let stop = &stop;
        let result = &mut result;
        scope.spawn(move |_| {
            let mut report = |event: Event| {
                if stop.load(Ordering::Acquire) {
                    return ControlFlow::Break(());
                }
                // Sent even if the watch has stopped listening (never:
                // it listens until this sender is dropped).
                let _ = sender.send(event);
                ControlFlow::Continue(())
            };
            *result = Some(work(&mut report));
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

    #[test]
    fn events_are_told_on_the_calling_thread_in_order() {
        let me = std::thread::current().id();
        let mut heard = Vec::new();
        let mut watch = Watch::new(|event| {
            assert_eq!(std::thread::current().id(), me);
            heard.push(event);
            ControlFlow::Continue(())
        });
        let worker = on_pool(&pool(), &mut watch, |report| {
            for done in 0..100 {
                assert!(report(Event::Values { done, total: 100 }).is_continue());
            }
            std::thread::current().id()
        });
        drop(watch);
        assert_ne!(worker, me);
        let expected: Vec<Event> = (0..100)
            .map(|done| Event::Values { done, total: 100 })
            .collect();
        assert_eq!(heard, expected);
    }

    #[test]
    fn a_watch_that_says_stop_stops_the_work() {
        let mut watch = Watch::new(|event| match event {
            Event::Values { done, .. } if done >= 3 => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        });
        let reports = on_pool(&pool(), &mut watch, |report| {
            let mut n = 0;
            // Reports until told to stop (within moments of the fourth).
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
