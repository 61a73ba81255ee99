//! Value frequencies in memory: the counts add up to the heaps counted, and
//! a count a value that would not fit beside the table is refused before it
//! is allocated.

use grundy::values::Budget;
use grundy::{ErrorKind, Ruleset};
use grundy_service::{Config, Game, Solver, Watch};

fn solver(budget: u64) -> Solver {
    Solver::new(Config {
        budget: Budget::bytes(budget),
        ..Config::default()
    })
}

#[test]
fn the_counts_add_up_to_the_heaps_and_match_the_values() {
    for spec in ["nim", "allbut:1,3", "0.161", "grundy", "sub:1,3,4"] {
        let game: Ruleset = spec.parse().unwrap();
        let to = 5_000;
        let report = Solver::default()
            .frequencies(&Game::from(game.clone()), to, &mut Watch::silent())
            .unwrap();
        assert_eq!(report.counts.iter().sum::<u64>(), to, "{spec}");
        assert_ne!(report.counts.last(), Some(&0), "{spec}");
        let table = Solver::default()
            .values(&Game::from(game.clone()), to, &mut Watch::silent())
            .unwrap();
        for (v, &c) in report.counts.iter().enumerate() {
            let heaps = (1..=to as usize)
                .filter(|&n| table.raw(n) == v as u64)
                .count();
            assert_eq!(heaps as u64, c, "{spec} value {v}");
        }
    }
}

#[test]
fn counts_past_the_budget_beside_the_table_are_refused() {
    // Nim's G(n) = n, read from its proved arithmetic period (a table of
    // one value): 10^5 counts of 8 bytes, 800 kB, past 512 KiB.
    let nim: Ruleset = "nim".parse().unwrap();
    let to = 100_000;
    let err = solver(1 << 19)
        .frequencies(&Game::from(nim.clone()), to, &mut Watch::silent())
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooLarge);
    assert!(err.to_string().contains("ask for fewer heaps"), "{err}");
    let report = solver(2 << 20)
        .frequencies(&Game::from(nim.clone()), to, &mut Watch::silent())
        .unwrap();
    assert_eq!(report.counts.len() as u64, to + 1);
    assert!(report.counts[1..].iter().all(|&c| c == 1));
}

/// C5: positions of 2, 3 or 16 nim heaps up to 2^64 − 1 need a histogram of
/// 2^64 values; the count of periods past the table once wrapped to 0 in
/// its check, which let a 1 GB histogram be built before the refusal. It
/// is refused by the check, before anything is allocated.
#[test]
fn a_multiset_count_past_64_bits_of_values_is_refused_by_the_budget() {
    let nim: Ruleset = "nim".parse().unwrap();
    for heaps in [2, 3, 16] {
        let err = solver(50 << 20)
            .count_multisets(
                &Game::from(nim.clone()),
                heaps,
                u64::MAX,
                None,
                &mut Watch::silent(),
            )
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::TooLarge, "{err}");
        assert!(err.to_string().contains("histogram"), "{err}");
    }
}
