//! Values past memory: a budget too small for the table makes the solver
//! compute with part of the values on disk, with the same answers, and a
//! run stopped midway resumes from its checkpoint.

use std::ops::ControlFlow;
use std::sync::Arc;

use grundy::Ruleset;
use grundy::values::Budget;
use grundy_service::{Config, Event, FileStore, Game, Solver, Watch};

/// Heaps past a budget of 2.5 MiB at one byte a heap.
const TO: u64 = 3_000_000;

fn small_solver(dir: &std::path::Path) -> Solver {
    Solver::new(Config {
        budget: Budget::bytes(5 << 19),
        store: Some(Arc::new(FileStore::new(dir))),
        checkpoint_every: std::time::Duration::ZERO,
        ..Config::default()
    })
}

#[test]
fn frequencies_past_memory_are_those_in_memory_and_a_stopped_run_resumes() {
    let game: Ruleset = "0.161".parse().unwrap();
    let in_memory = Solver::default()
        .frequencies(&Game::from(game.clone()), TO, &mut Watch::silent())
        .unwrap();
    assert!(!in_memory.past_memory);

    let dir = tempfile::tempdir().unwrap();
    // Stopped after some values: the error is Interrupted and the values so
    // far are checkpointed.
    let mut told = 0;
    let mut stopping = Watch::new(|event| {
        if let Event::Values { done, .. } = event {
            told += 1;
            if done > 1_500_000 {
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    let err = small_solver(dir.path())
        .frequencies(&Game::from(game.clone()), TO, &mut stopping)
        .unwrap_err();
    drop(stopping);
    assert_eq!(err.kind(), grundy::ErrorKind::Interrupted);
    assert!(told > 0);

    let mut loaded = None;
    let mut watch = Watch::new(|event| {
        if let Event::Loaded { count, .. } = event {
            loaded = Some(count);
        }
        ControlFlow::Continue(())
    });
    let resumed = small_solver(dir.path())
        .frequencies(&Game::from(game.clone()), TO, &mut watch)
        .unwrap();
    drop(watch);
    assert!(
        loaded.is_some_and(|n| n > 1_500_000 && n < TO),
        "{loaded:?}"
    );
    assert!(resumed.past_memory);
    assert_eq!(resumed.counts, in_memory.counts);

    // Asked again for fewer heaps, the file answers without computing.
    let fewer = small_solver(dir.path())
        .frequencies(&Game::from(game.clone()), TO - 1000, &mut Watch::silent())
        .unwrap();
    let expected = Solver::default()
        .frequencies(&Game::from(game.clone()), TO - 1000, &mut Watch::silent())
        .unwrap();
    assert_eq!(fewer.counts, expected.counts);
}
