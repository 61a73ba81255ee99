//! The number of threads never changes an answer: `Config::threads` 1, 2,
//! 4, 8 and 16 give identical values and verdicts (the sparse engine reads
//! more ahead on more threads), and so does the default, which chooses its
//! own.

use std::num::NonZeroUsize;

use grundy::{Ruleset, ValueTable};
use grundy_service::{Config, Game, Solver, Watch, Width};
use proptest::prelude::*;

/// The thread counts compared.
const THREADS: [usize; 5] = [1, 2, 4, 8, 16];

fn solver(threads: usize) -> Solver {
    let solver = Solver::new(Config {
        threads: NonZeroUsize::new(threads),
        ..Config::default()
    });
    assert_eq!(solver.threads(), threads);
    solver
}

/// The values of `game` up to `to` on each thread count, checked equal.
fn same_values(spec: &str, to: u64) -> ValueTable {
    let game: Ruleset = spec.parse().unwrap();
    let tables: Vec<ValueTable> = THREADS
        .iter()
        .map(|&n| {
            (*solver(n)
                .values(&Game::from(game.clone()), to, &mut Watch::silent())
                .unwrap())
            .clone()
        })
        .collect();
    for (table, n) in tables.iter().zip(THREADS).skip(1) {
        assert_eq!(table.len() as u64, to + 1, "{spec} on {n} threads");
        if let Some(heap) = (0..=to).find(|&h| table.get(h) != tables[0].get(h)) {
            panic!(
                "{spec}: heap {heap} is {:?} on 1 thread, {:?} on {n}",
                tables[0].get(heap),
                table.get(heap)
            );
        }
    }
    tables.into_iter().next().unwrap()
}

/// Deterministic larger tables: past the sizes where the sparse engine's
/// two-thread pipeline and its mask changes start.
#[test]
fn grundys_game_is_the_same_on_every_thread_count() {
    same_values("grundy", 1 << 18);
}

#[test]
fn game_0_6_is_the_same_on_every_thread_count() {
    same_values("0.6", 1 << 18);
}

#[test]
fn game_0_161_is_the_same_on_every_thread_count() {
    same_values("0.161", 1 << 18);
}

#[test]
fn game_0_354_is_the_same_on_every_thread_count() {
    same_values("0.354", 1 << 18);
}

/// Period searches: the same verdict, on the same values.
#[test]
fn period_verdicts_are_the_same_on_every_thread_count() {
    for spec in ["0.127", "kayles", "0.6", "sub:1,3,4"] {
        let game: Ruleset = spec.parse().unwrap();
        let answers: Vec<_> = THREADS
            .iter()
            .map(|&n| {
                let (verdict, table) = solver(n)
                    .period(
                        &Game::from(game.clone()),
                        Some(200_000),
                        &mut Watch::silent(),
                    )
                    .unwrap();
                (verdict, (*table).clone())
            })
            .collect();
        for a in &answers[1..] {
            assert!(a == &answers[0], "{spec}: {:?} vs {:?}", a.0, answers[0].0);
        }
    }
}

fn arb_code() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["0", "4"]),
        prop::collection::vec(0u8..8, 1..5),
    )
        .prop_map(|(d0, digits)| {
            let digits: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
            format!("{d0}.{digits}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Random octal codes at small sizes.
    #[test]
    fn random_codes_are_the_same_on_every_thread_count(spec in arb_code(), to in 0u64..20_000) {
        if spec.parse::<Ruleset>().is_ok() {
            same_values(&spec, to);
        }
    }
}

/// The default (no thread count) computes on the widths it measures and
/// chooses (from heap 2^18 on), with the values of one thread, and tells
/// how many threads it chose and why.
#[test]
fn the_default_chooses_its_threads_and_keeps_the_values() {
    let game = Game::from("0.161".parse::<Ruleset>().unwrap());
    let to = 3 << 20;
    let one = solver(1).values(&game, to, &mut Watch::silent()).unwrap();
    let default = Solver::new(Config::default());
    let mut width = None;
    let mut watch = Watch::new(|event| {
        if let grundy_service::Event::Computed { width: w, .. } = event {
            width = w.map(|w| *w);
        }
        std::ops::ControlFlow::Continue(())
    });
    let table = default.values(&game, to, &mut watch).unwrap();
    drop(watch);
    assert!(
        *table == *one,
        "the default's values differ from one thread's"
    );
    let width = width.expect("the default tells its width");
    assert!(width.threads >= 1, "{width:?}");
    assert!(
        width.why.starts_with("chosen: ") || width.why.starts_with("still measuring"),
        "{width:?}"
    );
}

/// A period search grows the table in rounds; the width chosen in one
/// round is kept for the next, not measured again from one thread (only
/// a width narrower than the most allowed is, once the table has doubled).
#[test]
fn a_period_search_keeps_the_width_it_chose() {
    let game = Game::from("0.161".parse::<Ruleset>().unwrap());
    let default = Solver::new(Config::default());
    let mut widths = Vec::new();
    let mut watch = Watch::new(|event| {
        if let grundy_service::Event::Computed { width: Some(w), .. } = event {
            widths.push(*w);
        }
        std::ops::ControlFlow::Continue(())
    });
    default.period(&game, Some(3 << 20), &mut watch).unwrap();
    drop(watch);
    let first = widths
        .iter()
        .position(|w| w.why.starts_with("chosen: "))
        .unwrap_or_else(|| panic!("no width chosen: {widths:?}"));
    assert!(
        widths.len() > first + 1,
        "the search chose its width in its last round: {widths:?}"
    );
    let measured_from = |why: &str| -> u64 {
        let (_, heap) = why.rsplit_once("measured from heap ").expect(why);
        let digits = heap
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(heap.len());
        heap[..digits].parse().expect(why)
    };
    let chosen = &widths[first];
    let narrower = chosen.why.contains(" were only ") || chosen.why.contains(" took ");
    for later in &widths[first + 1..] {
        let again = narrower
            && (later.why.starts_with("still measuring")
                || later.why.starts_with("chosen: ")
                    && measured_from(&later.why) >= 2 * measured_from(&chosen.why));
        // A round that ended before the new measurement began tells the
        // width it ran on.
        let kept = later.threads == chosen.threads && later.why.starts_with(&chosen.why);
        assert!(kept || again, "a later round measured again: {widths:?}");
    }
}

/// The threads that reported the progress of `solver`'s computation of
/// `spec` to `to`, by name, and the width it told.
fn computed_on(solver: &Solver, spec: &str, to: u64) -> (Vec<Option<String>>, Width) {
    let game = Game::from(spec.parse::<Ruleset>().unwrap());
    let mut names = Vec::new();
    let mut width = None;
    let mut watch = Watch::new(|event| {
        match event {
            grundy_service::Event::Values { .. } => {
                names.push(std::thread::current().name().map(str::to_owned));
            }
            grundy_service::Event::Computed { width: w, .. } => width = w.map(|w| *w),
            _ => {}
        }
        std::ops::ControlFlow::Continue(())
    });
    solver.values(&game, to, &mut watch).unwrap();
    drop(watch);
    (names, width.expect("the default tells its width"))
}

/// Below heap 2^18 no width is measured, but a table that reaches heap
/// 2^14 is computed on the computation's own pool, not handed part by
/// part to rayon's global pool from the request's thread; a smaller one
/// starts no threads.
#[test]
fn an_unmeasured_table_runs_on_its_own_pool_once_it_is_large_enough() {
    let (_, large) = computed_on(&Solver::new(Config::default()), "0.6", 100_000);
    assert!(large.why.contains("on a pool of its own"), "{large:?}");
    let (_, small) = computed_on(&Solver::new(Config::default()), "0.6", 5_000);
    assert!(small.why.contains("on rayon's global pool"), "{small:?}");
}

/// Whatever pool computes a table (the default's own, one of
/// `Config::threads`, or none), its progress is told on the thread that
/// asked: a front end's callback may need that thread (Python hears
/// Ctrl-C on its main thread only).
#[test]
fn progress_is_told_on_the_thread_that_asked() {
    let me = std::thread::current().name().map(str::to_owned);
    assert!(me.is_some());
    let forced = Config {
        threads: NonZeroUsize::new(2),
        ..Config::default()
    };
    for (config, to) in [
        (Config::default(), 600_000),
        (Config::default(), 5_000),
        (forced, 300_000),
    ] {
        let solver = Solver::new(config);
        let game = Game::from("0.6".parse::<Ruleset>().unwrap());
        let mut names = Vec::new();
        let mut watch = Watch::new(|event| {
            if let grundy_service::Event::Values { .. } = event {
                names.push(std::thread::current().name().map(str::to_owned));
            }
            std::ops::ControlFlow::Continue(())
        });
        solver.values(&game, to, &mut watch).unwrap();
        drop(watch);
        assert!(
            !names.is_empty() && names.iter().all(|n| *n == me),
            "to {to}: {names:?}"
        );
    }
}

/// While another computation extends a table, an unmeasured one shares
/// rayon's global pool instead of starting as many threads as there are
/// cores of its own (a survey's jobs, a server's requests).
#[test]
fn tables_computed_side_by_side_share_rayons_pool_until_measured() {
    let solver = Solver::new(Config::default());
    let (started, heard) = std::sync::mpsc::channel();
    let (go, wait) = std::sync::mpsc::channel::<()>();
    let beside = std::thread::scope(|scope| {
        scope.spawn(|| {
            let game = Game::from("0.161".parse::<Ruleset>().unwrap());
            let mut first = Some((started, wait));
            let mut watch = Watch::new(|event| {
                if let grundy_service::Event::Values { .. } = event
                    && let Some((started, wait)) = first.take()
                {
                    // Held mid-computation until the other has run.
                    let _ = started.send(());
                    let _ = wait.recv();
                }
                std::ops::ControlFlow::Continue(())
            });
            solver.values(&game, 100_000, &mut watch).unwrap();
        });
        heard.recv().unwrap();
        let (_, beside) = computed_on(&solver, "0.6", 100_000);
        go.send(()).unwrap();
        beside
    });
    assert!(beside.why.contains("on rayon's global pool"), "{beside:?}");
}
