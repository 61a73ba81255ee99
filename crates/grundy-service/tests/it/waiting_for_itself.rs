//! A request that would wait for its own thread's computation (a watch, a
//! progress callback, asking about the game being computed) is refused at
//! once, on every kind of game the solver keeps one computation of at a
//! time (issue 38, P1); other games are answered from there.

use std::ops::ControlFlow;
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::Duration;

use grundy_service::{Game, Solver, Watch, calling_out, waits_for_itself};

/// Runs `ask` on a thread of its own; its answer, or a failure if it has
/// not answered within a minute (the wait for ever this guards against).
fn within_a_minute<T: Send + 'static>(ask: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = tx.send(ask());
    });
    rx.recv_timeout(Duration::from_secs(60))
        .expect("the request waited for itself")
}

/// What a watch asking `inner` heard while the solver computed `outer`:
/// the inner answers, `Ok(())` or the refusal.
fn inner_answers(
    outer: &'static str,
    inner: &'static str,
    ask: fn(&Solver, &Game, &Game, &mut Watch) -> grundy::Result<()>,
) -> Vec<Result<(), bool>> {
    within_a_minute(move || {
        let solver = Arc::new(Solver::default());
        let (outer, inner): (Game, Game) = (outer.parse().unwrap(), inner.parse().unwrap());
        let mut heard = Vec::new();
        let asker = Arc::clone(&solver);
        let mut watch = Watch::new(|_| {
            if heard.len() < 3 {
                let answer = ask_inner(&asker, &inner);
                heard.push(answer.map_err(|e| waits_for_itself(&e)));
            }
            ControlFlow::Continue(())
        });
        let _ = ask(&solver, &outer, &inner, &mut watch);
        drop(watch);
        heard
    })
}

fn ask_inner(solver: &Solver, inner: &Game) -> grundy::Result<()> {
    let mut silent = Watch::silent();
    match inner {
        Game::Board(_) => solver.board_value(inner, &mut silent).map(drop),
        _ => solver.values(inner, 100, &mut silent).map(drop),
    }
}

#[test]
fn a_watch_asking_the_values_being_computed_is_refused_at_once() {
    let heard = inner_answers("0.6", "0.6", |s, outer, _, w| {
        s.values(outer, 400_000, w).map(drop)
    });
    assert!(!heard.is_empty(), "the watch was never told");
    assert!(heard.iter().all(|a| *a == Err(true)), "{heard:?}");
}

#[test]
fn a_watch_asking_another_game_is_answered() {
    let heard = inner_answers("0.6", "kayles", |s, outer, _, w| {
        s.values(outer, 400_000, w).map(drop)
    });
    assert!(!heard.is_empty(), "the watch was never told");
    assert!(heard.iter().all(|a| *a == Ok(())), "{heard:?}");
}

#[test]
fn a_watch_asking_a_board_of_the_kind_being_searched_is_refused_at_once() {
    let heard = inner_answers("cram:5x6", "cram:2x3", |s, outer, _, w| {
        s.board_value(outer, w).map(drop)
    });
    assert!(!heard.is_empty(), "the watch was never told");
    assert!(heard.iter().all(|a| *a == Err(true)), "{heard:?}");
}

/// What a callback heard that, run inside [`calling_out`] by the watch of
/// the computation of `outer`, started a thread asking `inner` and waited
/// for it: the answers, `Ok(())` or whether the refusal was the one of a
/// wait for itself.
fn answers_across_threads(
    outer: &'static str,
    inner: &'static str,
    ask: fn(&Solver, &Game, &mut Watch) -> grundy::Result<()>,
) -> Vec<Result<(), bool>> {
    within_a_minute(move || {
        let solver = Arc::new(Solver::default());
        let outer: Game = outer.parse().unwrap();
        let mut heard = Vec::new();
        let mut watch = Watch::new(|_| {
            if heard.len() < 2 {
                let asker = Arc::clone(&solver);
                let answer = calling_out(|| {
                    thread::spawn(move || ask_inner(&asker, &inner.parse().unwrap()))
                        .join()
                        .unwrap()
                });
                heard.push(answer.map_err(|e| waits_for_itself(&e)));
            }
            ControlFlow::Continue(())
        });
        let _ = ask(&solver, &outer, &mut watch);
        drop(watch);
        heard
    })
}

#[test]
fn a_thread_a_callback_waits_for_gets_the_values_being_computed() {
    let heard = answers_across_threads("0.6", "0.6", |s, outer, w| {
        s.values(outer, 400_000, w).map(drop)
    });
    assert!(!heard.is_empty(), "the watch was never told");
    assert!(heard.iter().all(|a| *a == Ok(())), "{heard:?}");
}

#[test]
fn a_thread_a_callback_waits_for_is_refused_the_board_kind_being_searched() {
    let heard = answers_across_threads("cram:5x6", "cram:2x3", |s, outer, w| {
        s.board_value(outer, w).map(drop)
    });
    assert!(!heard.is_empty(), "the watch was never told");
    assert!(heard.iter().all(|a| *a == Err(true)), "{heard:?}");
}

/// Values past memory are computed one game at a time in a process: a
/// watch asking for them while they are computed is refused at once, not
/// left waiting for itself on the lock of that one computation.
#[test]
fn a_watch_asking_for_values_past_memory_while_they_are_computed_is_refused_at_once() {
    let heard = within_a_minute(|| {
        let dir = tempfile::tempdir().unwrap();
        let solver = Solver::new(grundy_service::Config {
            budget: grundy::values::Budget::bytes(5 << 19),
            store: Some(Arc::new(grundy_service::FileStore::new(dir.path()))),
            ..grundy_service::Config::default()
        });
        let game: Game = "0.161".parse().unwrap();
        let mut heard = Vec::new();
        let mut watch = Watch::new(|event| {
            // Past the quick period search, which the table in memory
            // answers: the values past memory are being computed.
            let past_quick =
                matches!(event, grundy_service::Event::Values { done, .. } if done > 1_000_000);
            if past_quick && heard.is_empty() {
                let again = solver.frequencies(&game, 3_000_000, &mut Watch::silent());
                heard.push(again.map(drop).map_err(|e| waits_for_itself(&e)));
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        let outer = solver.frequencies(&game, 3_000_000, &mut watch);
        drop(watch);
        assert!(outer.is_err(), "stopped after the first progress");
        heard
    });
    assert_eq!(heard, [Err(true)]);
}

/// A request waiting for another thread's values past memory hears its
/// watch: a stop (Ctrl-C, a deadline) ends the wait at once, where it
/// used to sit on a plain lock until the other run ended.
#[test]
fn a_request_waiting_for_values_past_memory_hears_its_watch() {
    let waited = within_a_minute(|| {
        let dir = tempfile::tempdir().unwrap();
        let solver = Arc::new(Solver::new(grundy_service::Config {
            budget: grundy::values::Budget::bytes(5 << 19),
            store: Some(Arc::new(grundy_service::FileStore::new(dir.path()))),
            ..grundy_service::Config::default()
        }));
        let (started, running) = mpsc::channel();
        let (release, released) = mpsc::channel::<()>();
        let computing = {
            let solver = Arc::clone(&solver);
            thread::spawn(move || {
                let mut told = false;
                // Holds the one run past memory until released, then stops
                // it: the rest of its work is not this test's, and on a busy
                // machine would outlast the minute.
                let mut watch = Watch::new(move |event| {
                    let past_quick = matches!(event, grundy_service::Event::Values { done, .. } if done > 1_000_000);
                    if past_quick && !told {
                        told = true;
                        let _ = started.send(());
                        let _ = released.recv();
                    }
                    if told {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                let _ = solver.frequencies(&"0.161".parse().unwrap(), 3_000_000, &mut watch);
            })
        };
        running.recv().unwrap();
        let mut waited = false;
        let mut stopping = Watch::new(|event| {
            waited |= matches!(event, grundy_service::Event::Waiting);
            if waited {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let asked = solver.frequencies(&"0.161".parse().unwrap(), 3_000_000, &mut stopping);
        drop(stopping);
        release.send(()).unwrap();
        computing.join().unwrap();
        (waited, asked.map(drop).map_err(|e| e.kind()))
    });
    assert_eq!(waited, (true, Err(grundy::ErrorKind::Interrupted)));
}

/// A callback of the holder (run inside [`calling_out`]) that starts a
/// thread asking the same work and joins it: the thread is told to answer
/// apart, at once, never left waiting for the holder that waits for it.
#[test]
fn a_thread_a_callback_waits_for_is_told_to_answer_apart() {
    use grundy_service::{Exclusive, Turn};
    let work = Arc::new(Exclusive::new(0u64));
    let held = Arc::clone(&work);
    let apart = within_a_minute(move || {
        let _held = held.hold("the game", &mut Watch::silent()).unwrap();
        calling_out(|| {
            let asked = Arc::clone(&held);
            thread::spawn(move || {
                matches!(
                    asked.hold_or_apart("the game", &mut Watch::silent()),
                    Ok(Turn::Apart(_))
                )
            })
            .join()
            .unwrap()
        })
    });
    assert!(apart);
    // Free again: held at once.
    assert!(matches!(
        work.hold_or_apart("the game", &mut Watch::silent()),
        Ok(Turn::Held(_))
    ));
}

/// A request already waiting when the holder begins to call out goes
/// apart at its next look; one waiting while the holder computes without
/// calling out waits, and gets the work once it is free.
#[test]
fn a_waiting_request_goes_apart_once_the_holder_calls_out() {
    use grundy_service::{Exclusive, Turn};
    let work = Arc::new(Exclusive::new(0u64));
    let (held_tx, held_rx) = mpsc::channel();
    let (go_tx, go_rx) = mpsc::channel::<()>();
    let holder = {
        let work = Arc::clone(&work);
        thread::spawn(move || {
            let mut held = work.hold("the game", &mut Watch::silent()).unwrap();
            *held = 1;
            held_tx.send(()).unwrap();
            go_rx.recv().unwrap();
            calling_out(|| go_rx.recv().unwrap());
        })
    };
    held_rx.recv().unwrap();
    let waiter = {
        let work = Arc::clone(&work);
        thread::spawn(move || {
            matches!(
                work.hold_or_apart("the game", &mut Watch::silent()),
                Ok(Turn::Apart(_))
            )
        })
    };
    thread::sleep(Duration::from_millis(100));
    go_tx.send(()).unwrap();
    let apart = within_a_minute(move || waiter.join().unwrap());
    go_tx.send(()).unwrap();
    holder.join().unwrap();
    assert!(apart, "the waiting request was not sent apart");
    let plain = within_a_minute({
        let work = Arc::clone(&work);
        move || match work.hold_or_apart("the game", &mut Watch::silent()) {
            Ok(Turn::Held(held)) => *held,
            _ => u64::MAX,
        }
    });
    assert_eq!(plain, 1);
}

/// Past [`grundy_service::MOST_APART`] requests apart at once, the next is
/// refused at once as one waiting for itself.
#[test]
fn requests_apart_are_bounded() {
    use grundy_service::{Exclusive, MOST_APART, Turn};
    let work = Arc::new(Exclusive::new(0u64));
    let held = Arc::clone(&work);
    let (refused, kept) = within_a_minute(move || {
        let _held = held.hold("the game", &mut Watch::silent()).unwrap();
        calling_out(|| {
            let asked = Arc::clone(&held);
            thread::spawn(move || {
                let mut kept = Vec::new();
                loop {
                    match asked.hold_or_apart("the game", &mut Watch::silent()) {
                        Ok(Turn::Apart(a)) => kept.push(a),
                        Ok(Turn::Held(_)) => return (false, kept.len()),
                        Err(e) => return (waits_for_itself(&e), kept.len()),
                    }
                }
            })
            .join()
            .unwrap()
        })
    });
    assert!(refused);
    assert_eq!(kept, MOST_APART);
}
