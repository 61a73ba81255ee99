//! A request that would wait for its own thread's computation (a watch, a
//! progress callback, asking about the game being computed) is refused at
//! once, on every kind of game the solver keeps one computation of at a
//! time (issue 38, P1); other games are answered from there.

use std::ops::ControlFlow;
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::Duration;

use grundy_service::{Game, Solver, Watch, waits_for_itself};

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
