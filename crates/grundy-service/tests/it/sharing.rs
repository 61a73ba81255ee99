//! One computation per game, however many threads ask; one memory budget
//! for every solver of a process.

use std::ops::ControlFlow;
use std::sync::{Arc, Barrier};
use std::thread;

use grundy::{Ruleset, values};
use grundy_service::{Accountant, Budget, Config, Detail, Game, Method, Solver, Watch};

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

/// Issue 38, W1: the memory budget is the process's, shared by every
/// solver given its accountant. While other computations hold most of it,
/// each question that sizes its tables is refused before it allocates,
/// holding nothing; once they are done it is answered, and gives back
/// what it set aside.
#[test]
fn solvers_sharing_an_accountant_share_its_budget() {
    let accountant = Arc::new(Accountant::new(8 << 20));
    let solver = || {
        Solver::new(Config {
            budget: Budget::bytes(8 << 20),
            accountant: Arc::clone(&accountant),
            ..Config::default()
        })
    };
    let (one, other) = (solver(), solver());
    let kayles: Game = "kayles".parse().unwrap();
    let dawson: Game = "0.07".parse().unwrap();
    let subsets: Game = "subsets:4:all".parse().unwrap();
    let far = 1 << 60;
    type Ask<'a> = Box<dyn Fn(&Solver) -> grundy_service::Result<()> + 'a>;
    let questions: Vec<(&str, Ask)> = vec![
        (
            "2 MB of values computed",
            Box::new(|s| s.values(&kayles, 2_000_000, &mut Watch::silent()).map(drop)),
        ),
        (
            "2 MB of values listed from a period",
            Box::new(|s| {
                s.values_report(&dawson, far, far + 2_000_000, None, &mut Watch::silent())
                    .map(drop)
            }),
        ),
        (
            "1.9 MiB of P-position tables",
            Box::new(|s| {
                let mut visit = |_: &[u32]| ControlFlow::Continue(());
                s.p_positions(
                    &subsets,
                    100,
                    Method::Fast,
                    &mut visit,
                    &mut Watch::silent(),
                )
                .map(drop)
            }),
        ),
    ];
    // Another computation holds 6.5 MiB of the 8.
    let held = accountant.reserve(13 << 19, "another computation").unwrap();
    for (what, ask) in &questions {
        let e = ask(&other).unwrap_err();
        assert!(
            matches!(e.detail(), Some(Detail::MemoryInUse { .. })),
            "{what}: {e}"
        );
        assert_eq!(
            accountant.in_use(),
            13 << 19,
            "{what}: a refusal holds nothing"
        );
    }
    drop(held);
    for (what, ask) in &questions {
        ask(&one).unwrap_or_else(|e| panic!("{what}: {e}"));
    }
    // What a question set aside is given back when it ends, but the value
    // tables the solver keeps stay charged: kayles to 2·10^6 among them.
    let kept = accountant.in_use();
    assert!((2_000_000..=4 << 20).contains(&kept), "{kept}");
    // They are dropped to make room for the solver's own questions: the
    // scan fits once kayles' table is gone, but not beside it.
    let held = accountant
        .reserve((8 << 20) - kept - (1 << 20), "another computation")
        .unwrap();
    let (_, scan) = &questions[2];
    let e = scan(&other).unwrap_err();
    assert!(
        matches!(e.detail(), Some(Detail::MemoryInUse { .. })),
        "{e}"
    );
    scan(&one).unwrap();
    assert!(accountant.in_use() < kept + held.bytes());
    drop((one, other));
    assert_eq!(
        accountant.in_use(),
        held.bytes(),
        "a solver's tables go with it"
    );
}

/// A certificate's check sets the memory of the window it recomputes aside
/// with the process's accountant before it starts: where other computations
/// hold the budget, it is refused at once, holding nothing (issue 38, W1).
/// (Heap misère play is not charged: see `memory.rs`.)
#[test]
fn a_certificates_check_is_charged_before_it_starts() {
    let accountant = Arc::new(Accountant::new(8 << 20));
    let solver = Solver::new(Config {
        budget: Budget::bytes(8 << 20),
        accountant: Arc::clone(&accountant),
        ..Config::default()
    });
    let dawson: Game = "0.07".parse().unwrap();
    let (_, certificate) = solver
        .certificate(&dawson, None, &mut Watch::silent())
        .unwrap();
    let certificate = certificate.expect("0.07's period is proved");
    type Ask<'a> = Box<dyn Fn(&Solver) -> grundy_service::Result<()> + 'a>;
    let questions: Vec<(&str, Ask)> = vec![(
        "a certificate's check",
        Box::new(|s| s.verify(&certificate).map(drop)),
    )];
    // Another computation holds all but 256 KiB of the budget: less than
    // the certificate's window and search.
    let held = accountant
        .reserve((8 << 20) - (1 << 18), "another computation")
        .unwrap();
    for (what, ask) in &questions {
        let e = ask(&solver).unwrap_err();
        assert!(
            matches!(e.detail(), Some(Detail::MemoryInUse { .. })),
            "{what}: {e}"
        );
        assert_eq!(
            accountant.in_use(),
            held.bytes(),
            "{what}: a refusal holds nothing"
        );
    }
    drop(held);
    for (what, ask) in &questions {
        ask(&solver).unwrap_or_else(|e| panic!("{what}: {e}"));
    }
}

/// A board search's table kept between requests stays charged to the
/// accountant, and is dropped to make room for another computation as an
/// idle value table is.
#[test]
fn a_board_search_kept_between_requests_is_charged_and_dropped_to_make_room() {
    let accountant = Arc::new(Accountant::new(32 << 20));
    let solver = Solver::new(Config {
        budget: Budget::bytes(32 << 20),
        accountant: Arc::clone(&accountant),
        ..Config::default()
    });
    let board: Game = "cram:5x5".parse().unwrap();
    solver.board_value(&board, &mut Watch::silent()).unwrap();
    let kept = accountant.in_use();
    assert!(kept > 0, "the kept search's table is charged");
    // Asked again, it is not charged twice.
    solver.board_value(&board, &mut Watch::silent()).unwrap();
    assert_eq!(accountant.in_use(), kept);
    // With every byte of the budget held, a question of the solver's own
    // is answered once the idle search is dropped.
    let held = accountant
        .reserve((32 << 20) - kept, "another computation")
        .unwrap();
    solver
        .values(&"kayles".parse().unwrap(), 1000, &mut Watch::silent())
        .unwrap();
    assert!(accountant.in_use() < held.bytes() + kept);
    drop(held);
}
