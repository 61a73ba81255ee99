//! The store: repeated and extended questions are answered from it.

use std::sync::Arc;

use grundy::{Ruleset, values};
use grundy_service::{Config, FileStore, Game, MemoryStore, OBSERVE_LIMIT, Solver, Store, Watch};

fn solver_with(store: Arc<dyn Store>) -> Solver {
    Solver::new(Config {
        store: Some(store),
        checkpoint_every: std::time::Duration::ZERO,
        ..Config::default()
    })
}

#[test]
fn a_repeated_period_search_reads_the_store_and_computes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store: Arc<dyn Store> = Arc::new(FileStore::new(dir.path()));
    let game: Ruleset = "0.16".parse().unwrap();
    let first = solver_with(store.clone());
    let (verdict, _) = first
        .period(&Game::from(game.clone()), None, &mut Watch::silent())
        .unwrap();
    assert!(verdict.periodicity().unwrap().is_proved(), "{verdict:?}");
    assert!(first.computations() > 0);
    let second = solver_with(store.clone());
    let (again, _) = second
        .period(&Game::from(game.clone()), None, &mut Watch::silent())
        .unwrap();
    assert_eq!(again, verdict);
    assert_eq!(second.computations(), 0);
    let count = second
        .count(
            &Game::from(game.clone()),
            None,
            1_000_000_000_000_000_000,
            None,
            &mut Watch::silent(),
        )
        .unwrap();
    assert_eq!(count.wins + count.losses, 1_000_000_000_000_000_000);
    assert_eq!(second.computations(), 0);
}

#[test]
fn a_search_with_a_larger_limit_continues_from_the_stored_values() {
    let store = Arc::new(MemoryStore::new());
    let game: Ruleset = "0.16".parse().unwrap();
    let first = solver_with(store.clone());
    let (short, _) = first
        .period(&Game::from(game.clone()), Some(2_000), &mut Watch::silent())
        .unwrap();
    assert!(!short.periodicity().is_some_and(|p| p.is_proved()));
    assert_eq!(store.load(&game, u64::MAX).unwrap().unwrap().len(), 2_001);
    let second = solver_with(store.clone());
    let mut first_done = None;
    let (long, table) = second
        .period(
            &Game::from(game.clone()),
            None,
            &mut Watch::new(|e| {
                if let grundy_service::Event::Values { done, .. } = e {
                    first_done.get_or_insert(done);
                }
                std::ops::ControlFlow::Continue(())
            }),
        )
        .unwrap();
    assert!(long.periodicity().unwrap().is_proved());
    assert!(first_done.unwrap() >= 2_001, "{first_done:?}");
    assert_eq!(
        *table,
        values::compute(&game, table.len() as u64 - 1).unwrap()
    );
}

#[test]
fn the_verdict_depends_on_the_limit_not_on_what_was_stored() {
    let store = Arc::new(MemoryStore::new());
    let game: Ruleset = "0.07".parse().unwrap();
    let solver = solver_with(store.clone());
    solver
        .values(&Game::from(game.clone()), 5_000, &mut Watch::silent())
        .unwrap();
    let (v, table) = solver
        .period(&Game::from(game.clone()), Some(174), &mut Watch::silent())
        .unwrap();
    assert_eq!(table.len(), 175);
    assert_eq!(v, grundy::period::of_table(&game, &table));
}

#[test]
fn searches_that_no_theorem_can_end_stop_early_by_default() {
    let solver = Solver::default();
    for spec in ["grundy", "sub:squares", "allbut:1,2"] {
        let game: Ruleset = spec.parse().unwrap();
        assert_eq!(
            solver
                .default_search_limit(&Game::from(game.clone()))
                .unwrap(),
            OBSERVE_LIMIT,
            "{spec}"
        );
    }
    for spec in ["0.07", "0.354", "sub:1,3,4", "nim"] {
        let game: Ruleset = spec.parse().unwrap();
        assert_eq!(
            solver
                .default_search_limit(&Game::from(game.clone()))
                .unwrap(),
            grundy_service::SEARCH_LIMIT,
            "{spec}"
        );
    }
}

#[test]
fn a_shorter_table_never_replaces_a_longer_one_in_a_file_store() {
    let dir = tempfile::tempdir().unwrap();
    let store = FileStore::new(dir.path());
    let game: Ruleset = "kayles".parse().unwrap();
    store
        .save(&game, &values::compute(&game, 1000).unwrap())
        .unwrap();
    store
        .save(&game, &values::compute(&game, 10).unwrap())
        .unwrap();
    assert_eq!(store.load(&game, u64::MAX).unwrap().unwrap().len(), 1001);
}

#[test]
fn a_store_file_that_is_a_fifo_or_a_device_is_refused_without_reading_it() {
    let dir = tempfile::tempdir().unwrap();
    let store = FileStore::new(dir.path());
    let game: Ruleset = "kayles".parse().unwrap();
    std::fs::create_dir_all(dir.path()).unwrap();
    let path = store.path(&game);
    let made = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let err = store.load(&game, u64::MAX).unwrap_err();
    assert!(err.to_string().contains("not a regular file"), "{err}");
    std::fs::remove_file(&path).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
    let err = store.load(&game, u64::MAX).unwrap_err();
    assert!(err.to_string().contains("not a regular file"), "{err}");
    // The solver warns and computes the values instead.
    let solver = solver_with(Arc::new(FileStore::new(dir.path())));
    let table = solver
        .values(&Game::from(game.clone()), 100, &mut Watch::silent())
        .unwrap();
    assert_eq!(*table, values::compute(&game, 100).unwrap());
}

/// Issue 11, item 8: by default a long computation checkpoints every ten
/// seconds at most (it was every 60 s, so a run killed in its first minute
/// kept nothing). The checkpoint itself is tested in the CLI's cache tests.
#[test]
fn checkpoints_come_at_least_every_ten_seconds_by_default() {
    assert!(Config::default().checkpoint_every <= std::time::Duration::from_secs(10));
}
