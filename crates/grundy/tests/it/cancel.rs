//! Stopping: every engine and scan stops when its progress callback says so,
//! keeps what it finished, and a resumed computation ends where an
//! uninterrupted one does.

use std::ops::ControlFlow;

use grundy::multiheap::{self, SubsetGame};
use grundy::values::{self, Engine, Options, Progress};
use grundy::{ErrorKind, Ruleset, ValueTable};
use proptest::prelude::*;

/// A callback that says stop at its `stop_at`-th call.
fn stopping_at(stop_at: usize) -> impl FnMut(Progress) -> ControlFlow<()> {
    let mut calls = 0;
    move |_| {
        calls += 1;
        if calls >= stop_at {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// Stops `ruleset`'s computation to `to` at the `stop_at`-th report, then
/// resumes it; returns the length reached when stopped.
fn stop_and_resume(spec: &str, engine: Engine, to: u64, stop_at: usize) -> usize {
    let ruleset: Ruleset = spec.parse().unwrap();
    let options = Options {
        engine,
        ..Options::default()
    };
    let mut table = ValueTable::new();
    let mut stop = stopping_at(stop_at);
    let stopped_at = match values::extend_with(&ruleset, &mut table, to, options, &mut stop) {
        Err(e) => {
            assert_eq!(e.kind(), ErrorKind::Interrupted, "{spec}: {e}");
            table.len()
        }
        Ok(()) => table.len(),
    };
    values::extend_with(&ruleset, &mut table, to, options, &mut values::silent).unwrap();
    let whole = values::compute_with(&ruleset, to, options, &mut values::silent).unwrap();
    assert_eq!(
        table, whole,
        "{spec} with {engine:?}, stopped at {stopped_at}"
    );
    stopped_at
}

#[test]
fn every_engine_stops_when_asked_and_resumes_exactly() {
    for (spec, engine, to) in [
        ("grundy", Engine::Sparse, 200_000),
        ("0.6", Engine::Sparse, 100_000),
        ("0.6", Engine::Naive, 5_000),
        ("sub:1,4,9", Engine::Naive, 200_000),
        ("nim", Engine::Auto, 200_000),
        ("allbut:2,5", Engine::Auto, 200_000),
    ] {
        let stopped = stop_and_resume(spec, engine, to, 3);
        assert!(
            stopped > 0 && (stopped as u64) < to,
            "{spec} with {engine:?} did not stop midway: {stopped} of {to}"
        );
    }
}

#[test]
fn heaps_with_many_options_report_often() {
    // 0.6 to 5000 by the naive engine reads about 6 million splits: it must
    // report far more often than every 16384 heaps.
    let ruleset: Ruleset = "0.6".parse().unwrap();
    let mut calls = 0;
    let options = Options {
        engine: Engine::Naive,
        ..Options::default()
    };
    values::compute_with(&ruleset, 5000, options, &mut |_| {
        calls += 1;
        ControlFlow::Continue(())
    })
    .unwrap();
    assert!(calls >= 100, "only {calls} reports");
}

#[test]
fn period_searches_and_scans_stop_when_asked() {
    let ruleset: Ruleset = "0.16".parse().unwrap();
    let err = grundy::period::find(&ruleset, 1 << 20, Options::default(), &mut stopping_at(2))
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Interrupted);
    for method in [multiheap::Method::Fast, multiheap::Method::Reference] {
        let options = multiheap::Options {
            method,
            ..Default::default()
        };
        let err = multiheap::scan(
            &SubsetGame::stone(),
            300,
            options,
            &mut |_| ControlFlow::Continue(()),
            &mut stopping_at(2),
        )
        .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Interrupted, "{method:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn stopping_anywhere_then_resuming_changes_nothing(
        spec in prop::sample::select(vec!["grundy", "0.6", "0.16", "4.6", "0.37"]),
        to in 1_000u64..40_000,
        stop_at in 1usize..6,
    ) {
        stop_and_resume(spec, Engine::Auto, to, stop_at);
    }
}
