//! Heap misère play (the genera, the judge, a quotient's construction) is
//! charged to the process's accountant as it grows (issue 38, W1): where
//! other computations hold the budget, a misère question is refused with
//! the accountant's error, holding nothing after; alone, it answers.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use grundy_service::{Accountant, Budget, Config, Detail, Game, Solver, Watch};

type Ask<'a> = Box<dyn Fn(&Solver, &mut Watch) -> grundy_service::Result<()> + 'a>;

/// Misère questions, each needing a few mebibytes of its engine's tables
/// (measured: the judge about 3 and 10 MiB, the construction 3 MiB, the
/// genera 1 MiB and more), each answered in well under a second.
fn questions<'a>() -> Vec<(&'static str, Ask<'a>)> {
    let dawson: Game = "0.07".parse().unwrap();
    let kayles: Game = "0.77".parse().unwrap();
    let g137: Game = "0.137".parse().unwrap();
    vec![
        (
            "a misère position searched by the judge",
            Box::new(move |s, w| {
                s.misere_position(&dawson.clone(), &[12, 14, 16, 18], 3, w)
                    .map(drop)
            }),
        ),
        (
            "a larger misère position searched by the judge",
            Box::new(move |s, w| s.misere_position(&g137, &[20, 22, 24], 3, w).map(drop)),
        ),
        (
            "a misère quotient's construction",
            Box::new(|s, w| s.misere_quotient(&"0.07".parse().unwrap(), 30, w).map(drop)),
        ),
        (
            "the misère genera",
            Box::new(move |s, w| s.genera(&kayles, 30, w).map(drop)),
        ),
    ]
}

#[test]
fn misere_play_past_the_memory_others_hold_is_refused_and_alone_answers() {
    let budget = 64 << 20;
    let accountant = Arc::new(Accountant::new(budget));
    let config = || Config {
        budget: Budget::bytes(budget),
        accountant: Arc::clone(&accountant),
        ..Config::default()
    };
    // Another computation holds all but 512 KiB of the budget.
    let held = accountant
        .reserve(budget - (1 << 19), "another computation")
        .unwrap();
    for (what, ask) in &questions() {
        // A new solver each time: nothing kept from an earlier question.
        let e = ask(&Solver::new(config()), &mut Watch::silent()).unwrap_err();
        assert!(
            matches!(e.detail(), Some(Detail::MemoryInUse { .. })),
            "{what}: {e}"
        );
        assert!(e.message().contains("memory budget"), "{what}: {e}");
        assert_eq!(
            accountant.in_use(),
            held.bytes(),
            "{what}: a refusal holds nothing"
        );
    }
    drop(held);
    for (what, ask) in &questions() {
        // Charged while it runs, up to its engine's share at most, and
        // given back at the end.
        let most = AtomicU64::new(0);
        let mut watch = Watch::new(|_| {
            most.fetch_max(accountant.in_use(), Ordering::Relaxed);
            ControlFlow::Continue(())
        });
        ask(&Solver::new(config()), &mut watch).unwrap_or_else(|e| panic!("{what}: {e}"));
        drop(watch);
        let most = most.into_inner();
        assert!(
            (1 << 20..=budget / 2).contains(&most),
            "{what}: {most} bytes charged"
        );
        assert_eq!(accountant.in_use(), 0, "{what}: given back");
    }
}
