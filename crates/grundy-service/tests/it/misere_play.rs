//! Misère positions in the solver layer: wild heaps are read from the
//! game's misère quotient, which agrees with the game-tree search move for
//! move, is computed once per game, and covers heaps of any size once its
//! period is proved; tame heaps keep the tame rule; what no method covers
//! is refused with one error.

use std::ops::ControlFlow;
use std::sync::Arc;

use grundy::misere::Judge;
use grundy::values::Budget;
use grundy::{ErrorKind, Ruleset};
use grundy_service::{Config, Event, FileStore, Solver, Store, Watch};
use grundy_service::{Game, MAX_PLAYED_HEAP, MisereMethod};

const BYTES: u64 = 1 << 26;

/// Small wild positions are settled by a small game-tree search before
/// any quotient is computed; a position past that search computes the
/// game's quotient, which then answers the small ones too, move for move
/// as the judge plays them.
#[test]
fn wild_positions_are_read_from_the_quotient_as_the_judge_plays_them() {
    for (spec, large, heaps) in [
        (
            "0.77",
            vec![30, 29, 28, 27],
            vec![vec![5, 9], vec![6, 7, 11], vec![12, 12, 1], vec![14, 3]],
        ),
        (
            "grundy",
            vec![28, 27, 26, 25],
            vec![vec![13, 10], vec![15, 4, 7], vec![14, 14]],
        ),
        (
            "0.137",
            vec![30, 29, 28, 27],
            vec![vec![9, 8], vec![11, 2, 5]],
        ),
    ] {
        let game: Ruleset = spec.parse().unwrap();
        let solver = Solver::default();
        let first = solver
            .misere_position(
                &Game::from(game.clone()),
                &heaps[0],
                1000,
                &mut Watch::silent(),
            )
            .unwrap();
        assert_eq!(first.method, MisereMethod::Judge, "{spec} {:?}", heaps[0]);
        let report = solver
            .misere_position(
                &Game::from(game.clone()),
                &large,
                1000,
                &mut Watch::silent(),
            )
            .unwrap();
        assert_eq!(report.method, MisereMethod::Quotient, "{spec} {large:?}");
        let mut judge = Judge::new(game.clone(), BYTES);
        for position in heaps {
            let report = solver
                .misere_position(
                    &Game::from(game.clone()),
                    &position,
                    1000,
                    &mut Watch::silent(),
                )
                .unwrap();
            assert_eq!(report.method, MisereMethod::Quotient, "{spec} {position:?}");
            assert_eq!(
                report.winning,
                judge.outcome(&position).unwrap().next_player_wins()
            );
            let expected: Vec<(usize, u64, Vec<u64>)> = judge
                .winning_moves(&position)
                .unwrap()
                .into_iter()
                .map(|m| (m.heap, m.from, m.parts))
                .collect();
            let listed: Vec<(usize, u64, Vec<u64>)> = report
                .moves
                .iter()
                .map(|m| (m.heap, m.from, m.to.clone()))
                .collect();
            assert_eq!(listed, expected, "{spec} {position:?}");
            assert_eq!(report.total_winning_moves, expected.len());
            let used = report.quotient.unwrap();
            assert!(used.max_heap >= *position.iter().max().unwrap() || used.every_heap);
        }
    }
}

#[test]
fn a_game_s_quotient_is_computed_once_and_kept() {
    let kayles: Ruleset = "0.77".parse().unwrap();
    let solver = Solver::default();
    let mut computed = 0;
    let mut counting = Watch::new(|event| {
        if matches!(event, Event::Values { .. }) {
            computed += 1;
        }
        ControlFlow::Continue(())
    });
    let first = solver
        .misere_position(
            &Game::from(kayles.clone()),
            &[30, 29, 28, 27],
            5,
            &mut counting,
        )
        .unwrap();
    drop(counting);
    assert!(computed > 0, "the first position computes the quotient");
    assert_eq!(first.method, MisereMethod::Quotient);
    let mut again = 0;
    let mut counting = Watch::new(|event| {
        if matches!(event, Event::Values { .. }) {
            again += 1;
        }
        ControlFlow::Continue(())
    });
    let report = solver
        .misere_position(&Game::from(kayles.clone()), &[31, 7, 25], 5, &mut counting)
        .unwrap();
    drop(counting);
    assert_eq!(again, 0, "the second is read from the quotient kept");
    assert_eq!(report.method, MisereMethod::Quotient);
}

/// Where the quotient's construction stops short of the bound asked (here
/// the memory budget stops Kayles past some heap), the quotient it reached
/// is kept and answers positions of smaller heaps, and the construction is
/// not run again for a smaller bound: the first position (one the small
/// search tried first cannot settle within this budget) computes one
/// quotient, and the second computes nothing.
#[test]
fn a_quotient_stopped_short_keeps_what_it_reached() {
    let kayles: Ruleset = "0.77".parse().unwrap();
    let solver = Solver::new(Config {
        budget: Budget::bytes(1 << 19),
        ..Config::default()
    });
    let mut totals = Vec::new();
    let mut watch = Watch::new(|event| {
        if let Event::Values { total, .. } = event {
            totals.push(total);
        }
        ControlFlow::Continue(())
    });
    let position = [14, 13, 12];
    let report = solver
        .misere_position(&Game::from(kayles.clone()), &position, 5, &mut watch)
        .unwrap();
    drop(watch);
    let used = report.quotient.expect("read from a quotient");
    assert!(
        !used.every_heap && (14..32).contains(&used.max_heap),
        "{used:?}"
    );
    // The genera (up to the position's heaps), then the quotient for the
    // first bound tried; a second computation for a smaller bound (the
    // position's own) would show as totals going down.
    assert!(totals.contains(&32), "{totals:?}");
    assert!(
        totals.windows(2).all(|w| w[0] <= w[1]),
        "one computation: {totals:?}"
    );
    let mut judge = Judge::new(kayles.clone(), BYTES);
    assert_eq!(
        report.winning,
        judge.outcome(&position).unwrap().next_player_wins()
    );
    let (computed, warnings, winning) = position_events(&solver, &kayles, &[used.max_heap, 3]);
    assert_eq!((computed, warnings.len()), (0, 0));
    assert_eq!(
        winning,
        judge
            .outcome(&[used.max_heap, 3])
            .unwrap()
            .next_player_wins()
    );
}

/// What `work` returned, with how many values-computed events and which
/// warnings it told its watch.
fn counting_events<T>(work: impl FnOnce(&mut Watch) -> T) -> (usize, Vec<String>, T) {
    let (mut computed, mut warnings) = (0, Vec::new());
    let mut watch = Watch::new(|event| {
        match event {
            Event::Values { .. } => computed += 1,
            Event::Warning(w) => warnings.push(w),
            _ => {}
        }
        ControlFlow::Continue(())
    });
    let result = work(&mut watch);
    drop(watch);
    (computed, warnings, result)
}

/// Events of one misère position: (values computed, warnings).
fn position_events(solver: &Solver, game: &Ruleset, heaps: &[u64]) -> (usize, Vec<String>, bool) {
    let (computed, warnings, report) = counting_events(|watch| {
        solver
            .misere_position(&Game::from(game.clone()), heaps, 5, watch)
            .unwrap()
    });
    assert_eq!(report.method, MisereMethod::Quotient, "{heaps:?}");
    (computed, warnings, report.winning)
}

#[test]
fn a_quotient_of_every_heap_is_kept_in_the_store_and_checked_when_read() {
    let dir = tempfile::tempdir().unwrap();
    let kayles: Ruleset = "0.77".parse().unwrap();
    let store = Arc::new(FileStore::new(dir.path()));
    let solver_with_store = || {
        Solver::new(Config {
            store: Some(store.clone() as Arc<dyn Store>),
            ..Config::default()
        })
    };
    let position = [MAX_PLAYED_HEAP, 40, 7];
    let (computed, warnings, winning) = position_events(&solver_with_store(), &kayles, &position);
    assert!(computed > 0 && warnings.is_empty(), "{warnings:?}");
    let path = store.misere_path(&kayles);
    let text = std::fs::read_to_string(&path).unwrap();
    let proved = grundy::misere::certificate::verify(&text).unwrap();
    assert_eq!(proved.game, kayles);
    // `grundy cache` lists it with its game.
    let listed = store.files().unwrap();
    assert!(
        listed.iter().any(|f| f.path == path
            && f.game.as_deref() == Some("0.77")
            && f.heaps == Some(proved.max_heap + 1)),
        "{listed:?}"
    );

    // A new solver (a later command) reads it instead of computing.
    let (computed, warnings, again) = position_events(&solver_with_store(), &kayles, &position);
    assert_eq!((computed, again), (0, winning), "{warnings:?}");
    assert!(warnings.is_empty(), "{warnings:?}");

    // A damaged file, or another game's certificate in its place, is
    // reported, computed again and replaced.
    let first_row = text.find("\nproduct:\n").unwrap() + "\nproduct:\n".len();
    let damaged = format!("{}1{}", &text[..first_row], &text[first_row + 1..]);
    let q = grundy::misere::Quotient::compute(&"0.75".parse().unwrap(), 30, BYTES).unwrap();
    let other = grundy::misere::certificate::write(
        &"0.75".parse().unwrap(),
        &q,
        &grundy::misere::pretending_period(&"0.75".parse().unwrap(), &q).unwrap(),
    )
    .unwrap();
    for (bad, says) in [
        (damaged, "ignoring the misère quotient file"),
        (other, "it is a quotient of 0.75"),
    ] {
        std::fs::write(&path, bad).unwrap();
        let (computed, warnings, again) = position_events(&solver_with_store(), &kayles, &position);
        assert!(computed > 0, "computed again");
        assert_eq!(again, winning);
        assert!(
            warnings.len() == 1
                && warnings[0].contains(says)
                && warnings[0].contains(&path.display().to_string()),
            "{warnings:?}"
        );
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            text,
            "replaced by the good one"
        );
    }
}

#[test]
fn a_proved_period_answers_heaps_of_any_size_and_its_moves_are_consistent() {
    let kayles: Ruleset = "0.77".parse().unwrap();
    let solver = Solver::default();
    let position = [MAX_PLAYED_HEAP, 777, 40];
    let report = solver
        .misere_position(
            &Game::from(kayles.clone()),
            &position,
            5,
            &mut Watch::silent(),
        )
        .unwrap();
    let used = report.quotient.clone().unwrap();
    assert!(used.every_heap && used.max_heap < 1000, "{used:?}");
    assert!(report.outcome().contains("misère quotient of every heap"));
    // Every winning move leaves a position lost for the opponent: it has no
    // winning move of its own.
    for m in &report.moves {
        let after = m.apply(&report.position);
        let reply = solver
            .misere_position(&Game::from(kayles.clone()), &after, 1, &mut Watch::silent())
            .unwrap();
        assert!(
            !reply.winning && reply.total_winning_moves == 0,
            "{after:?}"
        );
    }
    // A won position has a winning move; a lost one none.
    assert_eq!(report.winning, report.total_winning_moves > 0);
}

#[test]
fn tame_heaps_keep_the_tame_rule_and_uncovered_wild_ones_the_judge() {
    let solver = Solver::default();
    let nim = Ruleset::Nim;
    let report = solver
        .misere_position(
            &Game::from(nim.clone()),
            &[3, 5, 9],
            5,
            &mut Watch::silent(),
        )
        .unwrap();
    assert_eq!(report.method, MisereMethod::Tame);
    // Grundy's game: no quotient is found past heap 28, so 30 is searched.
    let grundy = Ruleset::Grundy;
    let report = solver
        .misere_position(
            &Game::from(grundy.clone()),
            &[30, 3],
            5,
            &mut Watch::silent(),
        )
        .unwrap();
    assert_eq!(report.method, MisereMethod::Judge);
    assert!(report.quotient.is_none());
}

#[test]
fn positions_no_method_covers_are_refused_with_one_error() {
    let solver = Solver::default();
    let kayles: Ruleset = "0.77".parse().unwrap();
    let stops_early: Ruleset = "4.76".parse().unwrap();
    let too_big = solver
        .misere_position(
            &Game::from(kayles.clone()),
            &[MAX_PLAYED_HEAP + 1],
            5,
            &mut Watch::silent(),
        )
        .unwrap_err();
    assert_eq!(too_big.kind(), ErrorKind::InvalidInput);
    assert!(too_big.to_string().contains("too large"), "{too_big}");
    let too_many = solver
        .misere_position(
            &Game::from(kayles.clone()),
            &[MAX_PLAYED_HEAP; 11],
            5,
            &mut Watch::silent(),
        )
        .unwrap_err();
    assert_eq!(too_many.kind(), ErrorKind::InvalidInput);
    assert!(too_many.to_string().contains("tokens"), "{too_many}");
    let uncovered = solver
        .misere_position(
            &Game::from(stops_early.clone()),
            &[20_000],
            5,
            &mut Watch::silent(),
        )
        .unwrap_err();
    assert_eq!(uncovered.kind(), ErrorKind::InvalidInput);
    assert!(
        uncovered.to_string().contains("proved period"),
        "{uncovered}"
    );
}

#[test]
fn the_quotient_of_every_heap_is_the_one_positions_use_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(FileStore::new(dir.path()));
    let solver = Solver::new(Config {
        store: Some(store.clone() as Arc<dyn Store>),
        ..Config::default()
    });
    let kayles: Ruleset = "0.77".parse().unwrap();
    let (every, certificate) = solver
        .misere_quotient_of_every_heap(&Game::from(kayles.clone()), true, &mut Watch::silent())
        .unwrap();
    let period = every.period.clone().unwrap();
    assert!(period.proved);
    let proved = Solver::default().verify(&certificate.unwrap()).unwrap();
    assert_eq!(proved.checked_to, every.max_heap);
    // The same report as the quotient of heaps up to that bound.
    let named = Solver::default()
        .misere_quotient(
            &Game::from(kayles.clone()),
            every.max_heap,
            &mut Watch::silent(),
        )
        .unwrap();
    assert_eq!(every, named);
    // Positions use it, and a new solver over the store reads it back.
    let report = solver
        .misere_position(
            &Game::from(kayles.clone()),
            &[MAX_PLAYED_HEAP, 3],
            1,
            &mut Watch::silent(),
        )
        .unwrap();
    assert_eq!(report.quotient.unwrap().max_heap, every.max_heap);
    let (again, _) = Solver::new(Config {
        store: Some(store as Arc<dyn Store>),
        ..Config::default()
    })
    .misere_quotient_of_every_heap(&Game::from(kayles.clone()), false, &mut Watch::silent())
    .unwrap();
    assert_eq!(again, every, "read back from the store, the same report");

    for (spec, kind) in [
        ("nim", ErrorKind::InvalidInput),
        ("4.76", ErrorKind::Overflow),
    ] {
        let e = Solver::default()
            .misere_quotient_of_every_heap(&spec.parse().unwrap(), false, &mut Watch::silent())
            .unwrap_err();
        assert_eq!(e.kind(), kind, "{spec}: {e}");
    }
}

/// Where the construction of a game's quotient stops for want of a
/// quotient, the store keeps it (`<game>.misere.limit`), and a later
/// solver sends positions to the search from that record instead of
/// computing its way there again; a record of another revision of the
/// construction is ignored and replaced, a broken one is a warning. A
/// record is a hint, never a refusal: where nothing but a quotient would
/// answer (a quotient of every heap, a heap too large to search), the
/// construction is tried, so a planted record only makes answers slower.
#[test]
fn where_a_construction_stops_is_kept_in_the_store_and_not_found_again() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(FileStore::new(dir.path()));
    let solver_with_store = || {
        Solver::new(Config {
            store: Some(store.clone() as Arc<dyn Store>),
            ..Config::default()
        })
    };
    // (quotient computations' progress events, warnings, the error)
    let every_heap = |game: &Ruleset| {
        counting_events(|watch| {
            solver_with_store()
                .misere_quotient_of_every_heap(&Game::from(game.clone()), false, watch)
                .unwrap_err()
        })
    };
    let game: Ruleset = "0.3102".parse().unwrap();
    let stops = grundy::misere::Quotient::compute_as_far_as(&game, 32, BYTES, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap_err();
    assert_eq!(stops.error.kind(), ErrorKind::Overflow);
    let at = stops.reached.unwrap().max_heap() + 1;

    let (computed, warnings, first) = every_heap(&game);
    assert!(computed > 0 && warnings.is_empty(), "{warnings:?}");
    assert_eq!(first.kind(), ErrorKind::Overflow);
    let path = store.misere_limit_path(&game);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(&format!("\nstops-at: {at}\n")), "{text}");
    let listed = store.files().unwrap();
    assert!(
        listed
            .iter()
            .any(|f| f.path == path && f.game.as_deref() == Some("0.3102") && f.heaps.is_none()),
        "{listed:?}"
    );

    // A quotient of every heap has no other answer: the record is tried,
    // and stands.
    let (computed, warnings, again) = every_heap(&game);
    assert!(computed > 0 && warnings.is_empty(), "{warnings:?}");
    assert_eq!(again.to_string(), first.to_string());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "kept");
    // A position the search answers goes to it at once.
    let (_, warnings, report) = counting_events(|watch| {
        solver_with_store()
            .misere_position(&Game::from(game.clone()), &[at + 3, 2], 5, watch)
            .unwrap()
    });
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(report.method, MisereMethod::Judge);

    let other_revision = text.replace("\nrevision: ", "\nrevision: 9");
    std::fs::write(&path, &other_revision).unwrap();
    let (computed, warnings, _) = every_heap(&game);
    assert!(computed > 0 && warnings.is_empty(), "{warnings:?}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "replaced");

    std::fs::write(&path, text.replace("stops-at", "stops")).unwrap();
    let (computed, warnings, _) = every_heap(&game);
    assert!(computed > 0, "computed again");
    assert!(
        warnings.len() == 1 && warnings[0].contains("ignoring the misère quotient limit"),
        "{warnings:?}"
    );

    let kayles: Ruleset = "0.77".parse().unwrap();
    let planted = text
        .replace("game: 0.3102", "game: 0.77")
        .replace(&format!("stops-at: {at}"), "stops-at: 10")
        .lines()
        .map(|line| {
            if line.starts_with("why:") {
                "why: planted by a test"
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(store.misere_limit_path(&kayles), &planted).unwrap();
    let (computed, _, q) = counting_events(|watch| {
        solver_with_store().misere_quotient_of_every_heap(&Game::from(kayles.clone()), false, watch)
    });
    assert!(computed > 0);
    let (q, _) = q.expect("a planted record refuses no quotient");
    assert!(q.period.as_ref().is_some_and(|p| p.proved), "{q:?}");
    // C12: `stops-at: 3` planted for Kayles refuses neither its quotient
    // nor a position of a heap too large to search.
    let low = planted.replace("stops-at: 10", "stops-at: 3");
    let asked = Game::from(kayles.clone());
    for threads in [1, 2] {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(FileStore::new(dir.path()));
        std::fs::write(store.misere_limit_path(&kayles), &low).unwrap();
        let solver = Solver::new(Config {
            store: Some(store.clone() as Arc<dyn Store>),
            threads: std::num::NonZeroUsize::new(threads),
            ..Config::default()
        });
        let report = solver
            .misere_position(&asked, &[5, 60_000], 5, &mut Watch::silent())
            .unwrap_or_else(|e| panic!("{threads} thread(s): {e}"));
        assert_eq!(report.method, MisereMethod::Quotient);
        let every = solver.misere_quotient_of_every_heap(&asked, false, &mut Watch::silent());
        assert!(every.is_ok(), "{threads} thread(s): {every:?}");
    }
}
