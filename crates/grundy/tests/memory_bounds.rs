//! The misère searches keep their memory bounds: measured with an allocator
//! that counts every byte requested, not with the searches' own counts.
//!
//! A test binary of its own, because the counting allocator
//! (`peakmem-alloc`, which counts the bytes each allocation asks for) is
//! the whole process's; the tests take a lock so that one search at a
//! time is measured.

use std::alloc::System;
use std::sync::Mutex;

use grundy::ErrorKind;
use grundy::Ruleset;
use grundy::misere::{Genera, Judge, Quotient};
use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};

/// The system allocator, counting the bytes requested and their peak.
#[global_allocator]
static ALLOCATOR: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The peak of bytes live while `work` runs, above what was live before,
/// and what `work` returned.
fn peak_during<T>(work: impl FnOnce() -> T) -> (u64, T) {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    ALLOCATOR.reset_peak_memory();
    let result = work();
    (ALLOCATOR.get_peak_memory() as u64, result)
}

/// What a search may hold beyond its bound: the recursion's own vectors
/// (a position and the next one per level, at most 2,048 levels) and one
/// heap's options made before they are counted.
const SLACK: u64 = 1 << 20;

/// `result` is the error of a search stopped at its memory `bound`, and
/// the search held no more than the bound (and [`SLACK`]) and at least a
/// quarter of it (the bound is not kept by stopping early).
fn assert_stopped_within<T>(what: &str, peak: u64, bound: u64, result: grundy::Result<T>) {
    let Err(err) = result else {
        panic!("{what}: these need more than the bound {bound}");
    };
    assert_eq!(err.kind(), ErrorKind::TooLarge, "{what}: {err}");
    assert!(
        peak <= bound + SLACK,
        "{what}: {peak} bytes held under a bound of {bound} ({err})"
    );
    assert!(
        peak >= bound / 4,
        "{what}: stopped at {peak} bytes of {bound} ({err})"
    );
}

fn game(spec: &str) -> Ruleset {
    spec.parse().expect("a game")
}

/// The judge stops at its bound, holding no more than it, and uses a fair
/// part of it first (the bound is not kept by stopping early). Both judges,
/// on games whose positions are few and many heaps, one large heap, and
/// with the normal form's table grown to a heap of 2,000.
#[test]
fn the_judge_holds_no_more_than_its_bound() {
    for (spec, normal, heaps) in [
        ("0.77", false, vec![40, 40, 40]),
        ("0.77", true, vec![40, 40, 40]),
        ("0.07", true, vec![60, 60, 60]),
        ("0.07", false, vec![2000]),
        ("0.07", true, vec![2000]),
        ("4.7", true, vec![30, 31, 33, 35]),
    ] {
        for bound in [8u64 << 20, 48 << 20] {
            let (peak, result) = peak_during(|| {
                let mut judge = if normal {
                    Judge::with_normal_form(game(spec), bound)
                } else {
                    Judge::new(game(spec), bound)
                };
                judge.outcome(&heaps).map(|_| judge.positions_seen())
            });
            let what = format!("{spec} {heaps:?} (normal form: {normal})");
            assert_stopped_within(&what, peak, bound, result);
        }
    }
}

/// The same for the genera of sums with wild heaps, searched move by move.
#[test]
fn the_genera_hold_no_more_than_their_bound() {
    for (spec, max) in [("0.07", 120), ("0.77", 120)] {
        let bound = 16u64 << 20;
        let (peak, result) = peak_during(|| Genera::exact(&game(spec), max, bound).map(|_| ()));
        assert_stopped_within(&format!("{spec} to {max}"), peak, bound, result);
    }
}

/// The quotient construction as a whole keeps its bound: the quotient of
/// the smaller heaps, the candidates, their refinements and levels, the
/// sweeps that prove them and the learner's table and exact outcomes are
/// held inside one another, and each step is given what the others leave
/// (`misere/footprint.rs`). Games that stop at their bound in each of
/// those steps (a sweep: 4.7; a candidate's table: 0.36; learning: the
/// rest), which it passed by up to twice the bound before.
#[test]
fn the_quotient_construction_holds_no_more_than_its_bound() {
    for (spec, bound) in [
        ("0.07", 16u64 << 20),
        ("0.16", 16 << 20),
        ("0.35", 4 << 20),
        ("0.26", 4 << 20),
        ("4.7", 4 << 20),
        ("0.36", 4 << 20),
    ] {
        let (peak, result) = peak_during(|| Quotient::compute(&game(spec), 60, bound));
        assert_stopped_within(spec, peak, bound, result);
    }
}

/// C9: a winning move of a multi-heap game holds no more than the scan's
/// tables (which the budget counts) and [`SLACK`]: no list of every move
/// and no map of every position one move away (Wythoff's game at
/// (618 034, 1 000 000) once took 350 MB so, beside tables of a few MB).
/// Wythoff's closed form holds nothing at any size.
#[test]
fn a_multiheap_winning_move_holds_only_the_scan_tables() {
    use grundy::multiheap::{self, Method, SubsetGame, wythoff};
    for (game, position) in [
        (SubsetGame::wythoff(), vec![618_034u32, 1_000_000]),
        (
            "subsets:3:1,2,3".parse::<SubsetGame>().unwrap(),
            vec![900, 2_000, 1_500],
        ),
        (SubsetGame::stone(), vec![700, 1_000, 400]),
    ] {
        let to = *position.iter().max().unwrap();
        let tables = multiheap::memory_needed(&game, to, Method::Fast);
        let (peak, found) = peak_during(|| {
            multiheap::winning_move(
                &game,
                &position,
                Default::default(),
                &mut grundy::values::silent,
            )
        });
        let found = found.unwrap();
        assert!(
            peak <= tables + SLACK,
            "{game} {position:?}: {peak} bytes held, tables {tables}"
        );
        if let Some(m) = found {
            let after = m.apply(&position);
            let again = multiheap::winning_move(
                &game,
                &after,
                Default::default(),
                &mut grundy::values::silent,
            )
            .unwrap();
            assert_eq!(again, None, "{game}: {position:?} -> {after:?} is not lost");
        }
    }
    let (peak, found) = peak_during(|| wythoff::winning_move([u64::MAX - 7, 1 << 40]));
    assert!(found.is_some());
    assert!(peak < 1 << 10, "{peak} bytes");
}
