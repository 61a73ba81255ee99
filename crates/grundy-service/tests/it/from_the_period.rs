//! C7, W5, C6 (issue 38): every question that needs values of a game with
//! a period proved early takes them from the period. 0.07's values cost
//! time quadratic in the heap (4·10^5 of them took 68 CPU seconds); its
//! period, 34 from heap 53, is proved within 200 heaps. The tests assert
//! the values computed (the length of the game's table in memory), not
//! the time taken. A three-part code whose pattern no theorem proves is
//! refused past its search limit, with the limit, instead of running for
//! days.

use grundy::{Detail, ErrorKind, Quantity};
use grundy_service::{Game, Solver, Watch};

fn strip() -> Game {
    "0.07".parse().unwrap()
}

/// The values the solver has computed of `game` (its table in memory).
fn computed(solver: &Solver, game: &Game) -> usize {
    solver.values(game, 0, &mut Watch::silent()).unwrap().len()
}

/// 0.07's values up to 20,000 computed one by one, the twin of the
/// period's.
fn table_of_the_strip() -> grundy::ValueTable {
    let table = Solver::default()
        .values(&strip(), 20_000, &mut Watch::silent())
        .unwrap();
    table.prefix(20_001)
}

#[test]
fn values_to_a_million_come_from_the_period() {
    let solver = Solver::default();
    let r = solver
        .values_report(&strip(), 0, 1_000_000, None, &mut Watch::silent())
        .unwrap();
    assert_eq!(r.values.len(), 1_000_001);
    let n = computed(&solver, &strip());
    assert!(n < 1_000, "{n} values computed");
    let twin = table_of_the_strip();
    for h in 0..twin.len() {
        assert_eq!(r.values.raw(h), twin.raw(h), "G({h})");
    }
    for h in 53..1_000_000 - 34 {
        assert_eq!(r.values.raw(h), r.values.raw(h + 34), "G({h})");
    }
    // A range far away, and a range within the values computed.
    let far = solver
        .values_report(&strip(), 999_990, 1_000_000, None, &mut Watch::silent())
        .unwrap();
    assert_eq!(far.values.to_vec(), r.values.to_vec()[999_990..]);
    let near = solver
        .values_report(&strip(), 10, 20, None, &mut Watch::silent())
        .unwrap();
    assert_eq!(near.values.to_vec(), r.values.to_vec()[10..=20]);
    assert_eq!(computed(&solver, &strip()), n);
}

#[test]
fn frequencies_and_counts_come_from_the_period() {
    let solver = Solver::default();
    let twin = table_of_the_strip();
    for to in [1, 52, 53, 86, 87, 1_000, 20_000] {
        let report = solver
            .frequencies(&strip(), to, &mut Watch::silent())
            .unwrap();
        let mut want = vec![0u64; twin.max().value() as usize + 1];
        for h in 1..=to as usize {
            want[twin.raw(h) as usize] += 1;
        }
        while want.last() == Some(&0) {
            want.pop();
        }
        assert_eq!(report.counts, want, "to {to}");
        assert!(!report.past_memory);
    }
    let far = solver
        .frequencies(&strip(), 1_000_000_000_000, &mut Watch::silent())
        .unwrap();
    assert_eq!(far.counts.iter().sum::<u64>(), 1_000_000_000_000);
    let count = solver
        .count(
            &strip(),
            None,
            1_000_000_000_000,
            None,
            &mut Watch::silent(),
        )
        .unwrap();
    assert_eq!(count.losses, far.counts[0]);
    let n = computed(&solver, &strip());
    assert!(n < 1_000, "{n} values computed");
}

#[test]
fn a_position_of_large_heaps_is_judged_from_the_period() {
    let solver = Solver::default();
    let heaps = [1_000_000, 3, 777_777];
    let r = solver
        .position(&strip(), &heaps, 5, None, &mut Watch::silent())
        .unwrap();
    let n = computed(&solver, &strip());
    assert!(n < 1_000, "{n} values computed");
    let g = |h: u64| {
        solver
            .values_report(&strip(), h, h, None, &mut Watch::silent())
            .unwrap()
            .values
            .raw(0)
    };
    assert_eq!(r.value, heaps.iter().fold(0, |x, &h| x ^ g(h)));
    for m in &r.moves {
        let after = m.apply(&r.position);
        assert_eq!(after.iter().fold(0, |x, &h| x ^ g(h)), 0, "{after:?}");
    }
}

#[test]
fn past_memory_a_quickly_proved_period_answers() {
    // 10^9 heaps do not fit in 16 MiB: the values would be computed past
    // memory (on disk, at a cost quadratic in the heap) but for the period.
    let solver = Solver::new(grundy_service::Config {
        budget: grundy::values::Budget::bytes(16 << 20),
        ..Default::default()
    });
    let r = solver
        .values_report(
            &strip(),
            999_999_990,
            1_000_000_000,
            None,
            &mut Watch::silent(),
        )
        .unwrap();
    assert_eq!(r.values.len(), 11);
    let f = solver
        .frequencies(&strip(), 1_000_000_000, &mut Watch::silent())
        .unwrap();
    assert!(!f.past_memory);
    assert_eq!(f.counts.iter().sum::<u64>(), 1_000_000_000);
    let n = computed(&solver, &strip());
    assert!(n < 1_000, "{n} values computed");
}

/// 0.88's pattern (period 3, saltus 1) is observed, not proved (the mirror
/// theorem's hypotheses fail for it), and its values cost time cubic in
/// the heap: past its search limit it is refused at once, with the limit,
/// for values, counts and positions; a search limit that reaches the heap
/// asks for them anyway.
#[test]
fn a_costly_game_without_a_proved_period_is_refused_past_its_limit() {
    let game: Game = "0.88".parse().unwrap();
    let solver = Solver::default();
    let limit = solver.default_search_limit(&game).unwrap();
    let refusals = [
        solver
            .values_report(&game, 0, 1_000_000, None, &mut Watch::silent())
            .map(drop),
        solver
            .values_report(&game, 1_000_000, 1_000_000, None, &mut Watch::silent())
            .map(drop),
        solver
            .count(&game, None, 1_000_000_000, None, &mut Watch::silent())
            .map(drop),
        solver
            .frequencies(&game, 1_000_000, &mut Watch::silent())
            .map(drop),
        solver
            .position(&game, &[1_000_000], 5, None, &mut Watch::silent())
            .map(drop),
    ];
    for refused in refusals {
        let err = refused.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::TooLarge, "{err}");
        assert!(
            matches!(
                err.detail(),
                Some(&Detail::OutOfRange {
                    quantity: Quantity::SearchLimit,
                    most,
                    ..
                }) if most == limit
            ),
            "{err:?}"
        );
        assert!(err.to_string().contains("no proved period"), "{err}");
    }
    let n = computed(&solver, &game);
    assert!(n <= limit as usize + 1, "{n} values computed");
    // Within the limit it answers, and a limit reaching the heap computes.
    let to = limit + 100;
    let r = solver
        .values_report(&game, to, to, Some(to), &mut Watch::silent())
        .unwrap();
    assert_eq!(r.values.len(), 1);
    // A code splitting in two is not refused: its values cost a bounded
    // amount of work a heap.
    let grundy_game: Game = "grundy".parse().unwrap();
    assert!(
        solver
            .count(&grundy_game, None, 20_000, None, &mut Watch::silent())
            .is_ok()
    );
}

/// C6 (issue 38): 0.8f's arithmetic period (7, saltus 4, from heap 7) is
/// proved by the mirror theorem: values, frequencies, counts and a
/// position a million heaps out come from it, with a few hundred values
/// computed. The frequencies match a count of the values themselves.
#[test]
fn an_arithmetic_period_answers_far_questions() {
    let game: Game = "0.8f".parse().unwrap();
    let solver = Solver::default();
    let to = 1_000_000;
    let r = solver
        .values_report(&game, 0, to, None, &mut Watch::silent())
        .unwrap();
    assert_eq!(r.values.len(), 1_000_001);
    for h in 7..1_000_000 - 7 {
        assert_eq!(r.values.raw(h) + 4, r.values.raw(h + 7), "G({h})");
    }
    let f = solver.frequencies(&game, to, &mut Watch::silent()).unwrap();
    let mut twin = vec![0u64; r.values.max().value() as usize + 1];
    for h in 1..=to as usize {
        twin[r.values.raw(h) as usize] += 1;
    }
    assert_eq!(f.counts, twin);
    assert!(
        solver
            .count(&game, None, 1_000_000_000, None, &mut Watch::silent())
            .is_ok()
    );
    let p = solver
        .position(&game, &[to], 5, None, &mut Watch::silent())
        .unwrap();
    assert!(p.winning && !p.moves.is_empty());
    let n = computed(&solver, &game);
    assert!(n < 1_000, "{n} values computed");
    // Frequencies far out are refused before their counts are allocated.
    let far = solver.frequencies(&game, 1 << 60, &mut Watch::silent());
    assert_eq!(far.unwrap_err().kind(), ErrorKind::TooLarge);
}

/// A splitting rule, whose periods no theorem proves, asked past what its
/// engine's work allows: refused before a single value is computed (it
/// used to search a minute for a period that could not answer).
#[test]
fn a_game_no_theorem_proves_is_refused_past_its_work_before_computing() {
    let game: Game = "split:2..4".parse().unwrap();
    let solver = Solver::default();
    let mut watch = Watch::silent();
    let far = 1_000_000;
    let refusals = [
        solver
            .values_report(&game, 0, far, None, &mut watch)
            .unwrap_err(),
        solver
            .count(&game, None, far, None, &mut watch)
            .unwrap_err(),
        solver.frequencies(&game, far, &mut watch).unwrap_err(),
        solver
            .position(&game, &[far], 10, None, &mut watch)
            .unwrap_err(),
    ];
    for e in refusals {
        assert_eq!(e.kind(), ErrorKind::TooLarge, "{e}");
        assert!(e.to_string().contains("ask for at most"), "{e}");
    }
    assert_eq!(solver.computations(), 0);
}
