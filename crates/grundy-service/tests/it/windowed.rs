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

/// C11: a damaged file of values kept on disk (a bit flipped, zeroed, cut
/// short: its checkpoint counting more than it holds) is reported once
/// and computed again: the answer is the one in memory, never a wrong
/// table and never a permanent "failed to fill whole buffer".
#[test]
fn a_damaged_file_of_values_on_disk_is_reported_and_computed_again() {
    let game: Game = "0.161".parse().unwrap();
    let to = 2_800_000;
    let in_memory = Solver::default()
        .frequencies(&game, to, &mut Watch::silent())
        .unwrap();
    let stopped = tempfile::tempdir().unwrap();
    let mut stopping = Watch::new(|event| match event {
        Event::Values { done, .. } if done > 1_200_000 => ControlFlow::Break(()),
        _ => ControlFlow::Continue(()),
    });
    let err = small_solver(stopped.path())
        .frequencies(&game, to, &mut stopping)
        .unwrap_err();
    drop(stopping);
    assert_eq!(err.kind(), grundy::ErrorKind::Interrupted);
    let cold = |dir: &std::path::Path| dir.join("0.161.cold");
    let size = std::fs::metadata(cold(stopped.path())).unwrap().len();
    assert!(size > 1_200_000, "{size}");
    type Damage = fn(&std::path::Path, u64);
    let damages: [(&str, Damage); 3] = [
        ("a bit flipped", |file, _| {
            let mut bytes = std::fs::read(file).unwrap();
            bytes[100_000] ^= 1;
            std::fs::write(file, bytes).unwrap();
        }),
        ("zeroed", |file, size| {
            std::fs::write(file, vec![0u8; size as usize]).unwrap();
        }),
        ("cut short", |file, size| {
            let f = std::fs::OpenOptions::new().write(true).open(file).unwrap();
            f.set_len(size / 2).unwrap();
        }),
    ];
    for (what, damage) in damages {
        let dir = tempfile::tempdir().unwrap();
        for name in ["0.161.cold", "0.161.cold.state"] {
            std::fs::copy(stopped.path().join(name), dir.path().join(name)).unwrap();
        }
        damage(&cold(dir.path()), size);
        let mut warnings = Vec::new();
        let mut watch = Watch::new(|event| {
            if let Event::Warning(w) = event {
                warnings.push(w);
            }
            ControlFlow::Continue(())
        });
        let again = small_solver(dir.path())
            .frequencies(&game, to, &mut watch)
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        drop(watch);
        assert_eq!(again.counts, in_memory.counts, "{what}");
        assert_eq!(warnings.len(), 1, "{what}: {warnings:?}");
        assert!(
            warnings[0].contains("computed again"),
            "{what}: {warnings:?}"
        );
        if what != "a bit flipped" {
            continue;
        }
        // The file is whole again: the next run reads it without a word.
        let mut quiet = true;
        let mut watch = Watch::new(|event| {
            quiet &= !matches!(event, Event::Warning(_));
            ControlFlow::Continue(())
        });
        let third = small_solver(dir.path())
            .frequencies(&game, to, &mut watch)
            .unwrap();
        drop(watch);
        assert!(quiet, "{what}");
        assert_eq!(third.counts, in_memory.counts, "{what}");
    }
}

/// The names of this process's threads (Linux: `/proc/self/task/*/comm`).
fn thread_names() -> Vec<String> {
    std::fs::read_dir("/proc/self/task")
        .map(|tasks| {
            tasks
                .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("comm")).ok())
                .map(|name| name.trim().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// With no thread count, a run past memory computes on a pool of two
/// threads of its own (on a machine of two cores or more) and tells its
/// progress on the thread that asked; with `threads: 1`, it tells it there
/// too. (Thread names are the process's: another test's pool may linger
/// while this one runs, so only the default's pool is counted, and only
/// as at least two.)
#[test]
fn by_default_values_past_memory_are_computed_on_two_threads_and_told_on_this_one() {
    let game = Game::from("0.161".parse::<Ruleset>().unwrap());
    let asking = std::thread::current().id();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for threads in [None, std::num::NonZeroUsize::new(1)] {
        let dir = tempfile::tempdir().unwrap();
        let solver = Solver::new(Config {
            threads,
            ..small_solver(dir.path()).config().clone()
        });
        let mut pooled = 0;
        let mut elsewhere = 0;
        let mut watch = Watch::new(|event| {
            if let Event::Values { .. } = event {
                if std::thread::current().id() != asking {
                    elsewhere += 1;
                }
                let names = thread_names();
                let cold = names
                    .iter()
                    .filter(|n| n.starts_with("grundy-cold"))
                    .count();
                pooled = pooled.max(cold);
            }
            ControlFlow::Continue(())
        });
        let answer = solver.frequencies(&game, TO, &mut watch).unwrap();
        drop(watch);
        assert!(answer.past_memory);
        assert_eq!(elsewhere, 0, "progress told on another thread");
        if threads.is_none() && cores > 1 {
            assert!(pooled >= 2, "{pooled} threads of the default's pool seen");
        }
    }
}
