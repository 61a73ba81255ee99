//! One computation per game, however many threads ask.

use std::sync::{Arc, Barrier};
use std::thread;

use grundy::{Ruleset, values};
use grundy_service::{Config, Game, Solver, Watch};

#[test]
fn the_solver_is_send_and_sync() {
    fn shared<T: Send + Sync>() {}
    shared::<Solver>();
}

#[test]
fn two_threads_asking_for_one_game_at_once_run_one_computation() {
    let solver = Arc::new(Solver::new(Config::default()));
    let game: Ruleset = "0.6".parse().unwrap();
    let to = 300_000;
    let barrier = Arc::new(Barrier::new(2));
    let threads: Vec<_> = (0..2)
        .map(|_| {
            let (solver, game, barrier) = (Arc::clone(&solver), game.clone(), Arc::clone(&barrier));
            thread::spawn(move || {
                barrier.wait();
                solver
                    .values(&Game::from(game.clone()), to, &mut Watch::silent())
                    .unwrap()
            })
        })
        .collect();
    let answers: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    assert_eq!(solver.computations(), 1);
    assert!(Arc::ptr_eq(&answers[0], &answers[1]) || answers[0] == answers[1]);
    assert_eq!(*answers[0], values::compute(&game, to).unwrap());
}

#[test]
fn different_games_are_computed_side_by_side_and_each_once() {
    let solver = Arc::new(Solver::default());
    let specs = ["0.6", "grundy", "0.6", "grundy", "kayles", "kayles"];
    let threads: Vec<_> = specs
        .iter()
        .map(|spec| {
            let solver = Arc::clone(&solver);
            let game: Ruleset = spec.parse().unwrap();
            thread::spawn(move || {
                solver
                    .values(&Game::from(game.clone()), 50_000, &mut Watch::silent())
                    .unwrap()
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    assert_eq!(solver.computations(), 3);
}

#[test]
fn a_repeated_question_is_answered_from_memory() {
    let solver = Solver::default();
    let game: Ruleset = "grundy".parse().unwrap();
    solver
        .count(
            &Game::from(game.clone()),
            None,
            10_000,
            None,
            &mut Watch::silent(),
        )
        .unwrap();
    let before = solver.computations();
    solver
        .count(
            &Game::from(game.clone()),
            None,
            5_000,
            None,
            &mut Watch::silent(),
        )
        .unwrap();
    solver
        .position(
            &Game::from(game.clone()),
            &[100, 200],
            10,
            None,
            &mut Watch::silent(),
        )
        .unwrap();
    assert_eq!(solver.computations(), before);
}

#[test]
fn a_count_far_past_a_proved_period_computes_only_up_to_the_proof() {
    let solver = Solver::default();
    let nim: Ruleset = "nim".parse().unwrap();
    let table = solver
        .periodic(
            &Game::from(nim.clone()),
            (1 << 26) - 1,
            None,
            &mut Watch::silent(),
        )
        .unwrap();
    assert!(table.proved().is_some());
    assert!(table.table().len() <= 256, "{}", table.table().len());
}
