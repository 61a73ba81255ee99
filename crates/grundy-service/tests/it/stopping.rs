//! Stopping a request from outside, and resuming it.

use std::ops::ControlFlow;
use std::sync::Arc;

use grundy::{ErrorKind, Ruleset, values};
use grundy_service::{Config, Event, Game, MemoryStore, Solver, Store, Watch};

fn stopping_after(events: usize) -> Watch<'static> {
    let mut seen = 0;
    Watch::new(move |e| {
        if matches!(e, Event::Values { .. } | Event::Search { .. }) {
            seen += 1;
        }
        if seen >= events {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
}

#[test]
fn a_stopped_computation_keeps_its_values_and_the_next_resumes() {
    let store = Arc::new(MemoryStore::new());
    let config = Config {
        store: Some(store.clone()),
        ..Config::default()
    };
    let game: Ruleset = "grundy".parse().unwrap();
    let to = 400_000;
    let err = Solver::new(config.clone())
        .values(&Game::from(game.clone()), to, &mut stopping_after(5))
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Interrupted);
    let kept = store
        .load(&game, u64::MAX)
        .unwrap()
        .expect("a checkpoint when stopped");
    assert!(kept.len() > 1 && (kept.len() as u64) < to, "{}", kept.len());
    // A new solver (a new process) resumes from the store.
    let mut loaded = 0;
    let table = Solver::new(config)
        .values(
            &Game::from(game.clone()),
            to,
            &mut Watch::new(|e| {
                if let Event::Loaded { count, .. } = e {
                    loaded = count;
                }
                ControlFlow::Continue(())
            }),
        )
        .unwrap();
    assert_eq!(loaded, kept.len() as u64);
    assert_eq!(*table, values::compute(&game, to).unwrap());
}

#[test]
fn a_period_search_stops_when_asked() {
    let game: Ruleset = "0.16".parse().unwrap();
    let err = Solver::default()
        .period(&Game::from(game.clone()), None, &mut stopping_after(3))
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Interrupted);
}
