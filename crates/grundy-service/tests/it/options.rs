//! Heap games given by their options (issue 35): the solver's answers for
//! a game known only by `options(n)` equal its answers for the built-in
//! game, and a bad option or a stop is reported as such.

use std::cell::Cell;
use std::ops::ControlFlow;

use grundy::ErrorKind;
use grundy_service::{Game, Ruleset, Solver, ValueTable, Watch, from_fn};

fn options_of(spec: &str) -> Ruleset {
    spec.parse().unwrap()
}

#[test]
fn a_ruleset_as_options_is_the_ruleset() {
    let solver = Solver::default();
    for (spec, to) in [
        ("kayles", 2000),
        ("0.07", 2000),
        ("grundy", 2000),
        ("sub:squares", 2000),
    ] {
        let rules = options_of(spec);
        let game: Game = spec.parse().unwrap();
        let mut table = ValueTable::new();
        solver
            .extend_heap_game(&rules, &mut table, to, &mut Watch::silent())
            .unwrap();
        let built_in = solver.values(&game, to, &mut Watch::silent()).unwrap();
        assert_eq!(table.to_vec(), built_in.to_vec()[..table.len()], "{spec}");
        for heaps in [vec![7], vec![3, 5], vec![10, 20, 30], vec![to, 17], vec![]] {
            let mine = solver
                .heap_game_position(&rules, spec, &mut table, &heaps, 1000, &mut Watch::silent())
                .unwrap();
            let theirs = solver
                .position(&game, &heaps, 1000, None, &mut Watch::silent())
                .unwrap();
            assert_eq!(mine.value, theirs.value, "{spec} {heaps:?}");
            assert_eq!(mine.can_move, theirs.can_move, "{spec} {heaps:?}");
            let mut a: Vec<_> = mine
                .moves
                .iter()
                .map(|m| (m.heap, m.from, m.to.clone()))
                .collect();
            let mut b: Vec<_> = theirs
                .moves
                .iter()
                .map(|m| (m.heap, m.from, m.to.clone()))
                .collect();
            a.sort();
            b.sort();
            assert_eq!(a, b, "{spec} {heaps:?}");
        }
    }
}

#[test]
fn the_period_is_observed_never_proved() {
    let solver = Solver::default();
    let mut table = ValueTable::new();
    let kayles = options_of("kayles");
    let r = solver
        .heap_game_period(
            &kayles,
            "kayles by hand",
            &mut table,
            None,
            &mut Watch::silent(),
        )
        .unwrap();
    assert_eq!(
        (r.preperiod, r.period, r.saltus),
        (Some(71), Some(12), Some(0))
    );
    assert_eq!(r.status, grundy_service::Status::Observed);
    assert_eq!((r.checked_to, r.game.as_str()), (1000, "kayles by hand"));
    // Asked for less than the table holds: the pattern of those heaps.
    let r = solver
        .heap_game_period(&kayles, "k", &mut table, Some(100), &mut Watch::silent())
        .unwrap();
    assert_eq!((r.checked_to, r.period), (100, None));
}

#[test]
fn a_bad_option_names_the_heap_and_the_option() {
    let solver = Solver::default();
    let loops = from_fn(|n, out| {
        out.push(vec![n / 2, n]);
        Ok(())
    });
    let e = solver
        .extend_heap_game(&loops, &mut ValueTable::new(), 10, &mut Watch::silent())
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidInput);
    assert!(
        e.message().contains("the heap of 0 has the option [0, 0]"),
        "{e}"
    );
}

#[test]
fn a_stop_keeps_the_values_computed() {
    let solver = Solver::default();
    let asked = Cell::new(0u64);
    let counted = from_fn(|n, out| {
        asked.set(asked.get() + 1);
        out.extend((1..=n.min(3)).map(|t| vec![n - t]));
        Ok(())
    });
    let mut table = ValueTable::new();
    let mut watch = Watch::new(|_| ControlFlow::Break(()));
    let e = solver
        .extend_heap_game(&counted, &mut table, 1 << 20, &mut watch)
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Interrupted);
    let kept = table.len() as u64;
    assert!(kept < 1 << 20);
    solver
        .extend_heap_game(&counted, &mut table, 1 << 20, &mut Watch::silent())
        .unwrap();
    assert_eq!(asked.get(), (1 << 20) + 1, "each heap asked once");
    assert_eq!(table.to_vec()[..8], [0, 1, 2, 3, 0, 1, 2, 3]);
}

#[test]
fn counts_of_a_ruleset_as_options_are_the_rulesets() {
    let solver = Solver::default();
    for spec in ["kayles", "0.07", "dawsons-chess", "sub:1,3,4"] {
        let rules = options_of(spec);
        let game: Game = spec.parse().unwrap();
        let mut table = ValueTable::new();
        let mut w = Watch::silent();
        let single = solver
            .heap_game_count(&rules, spec, &mut table, 300, &mut w)
            .unwrap();
        let built_in = solver.count(&game, None, 300, None, &mut w).unwrap();
        assert_eq!(
            (single.wins, single.losses),
            (built_in.wins, built_in.losses),
            "{spec}"
        );
        for heaps in [2, 3, 5] {
            let by_options = solver
                .heap_game_count_multisets(&rules, spec, &mut table, heaps, 60, &mut w)
                .unwrap();
            let built_in = solver
                .count_multisets(&game, heaps, 60, None, &mut w)
                .unwrap();
            assert_eq!(
                by_options.losing, built_in.losing,
                "{spec} with {heaps} heaps"
            );
        }
    }
}

#[test]
fn misere_outcomes_of_a_ruleset_as_options_are_the_rulesets() {
    let solver = Solver::default();
    for spec in ["kayles", "0.07", "grundy", "nim"] {
        let rules = options_of(spec);
        let game: Game = spec.parse().unwrap();
        let mut table = ValueTable::new();
        for heaps in [
            vec![],
            vec![1],
            vec![1, 1],
            vec![2, 2],
            vec![3, 4],
            vec![1, 2, 3],
            vec![5, 5, 1],
            vec![7, 2, 0],
            vec![9],
        ] {
            let mut w = Watch::silent();
            let lost = solver
                .heap_game_misere(&rules, &mut table, &heaps, &mut w)
                .unwrap();
            let built_in = solver.misere_position(&game, &heaps, 0, &mut w).unwrap();
            assert_eq!(!lost, built_in.winning, "{spec} {heaps:?}");
        }
    }
}

#[test]
fn a_bad_option_met_by_the_misere_search_is_reported() {
    let solver = Solver::default();
    // A heap of 3 may become a heap of 3: the search would never end.
    let looping = from_fn(|n, out| {
        if n > 0 {
            out.push(vec![n.min(3)]);
        }
        Ok(())
    });
    let e = solver
        .heap_game_misere(&looping, &mut ValueTable::new(), &[4], &mut Watch::silent())
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidInput, "{e}");
}
