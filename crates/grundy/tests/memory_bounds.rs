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
use grundy::misere::{Genera, Judge};
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
            let err = result.expect_err("these positions need more than the bound");
            assert_eq!(err.kind(), ErrorKind::TooLarge, "{err}");
            assert!(
                peak <= bound + SLACK,
                "{spec} {heaps:?} (normal form: {normal}): {peak} bytes held under a bound of {bound}"
            );
            assert!(
                peak >= bound / 4,
                "{spec} {heaps:?} (normal form: {normal}): stopped at {peak} bytes of {bound}"
            );
        }
    }
}

/// The same for the genera of sums with wild heaps, searched move by move.
#[test]
fn the_genera_hold_no_more_than_their_bound() {
    for (spec, max) in [("0.07", 120), ("0.77", 120)] {
        let bound = 16u64 << 20;
        let (peak, result) = peak_during(|| Genera::exact(&game(spec), max, bound).map(|_| ()));
        let err = result.expect_err("more than the bound");
        assert_eq!(err.kind(), ErrorKind::TooLarge, "{err}");
        assert!(
            peak <= bound + SLACK,
            "{spec} to {max}: {peak} bytes held under a bound of {bound}"
        );
        assert!(
            peak >= bound / 4,
            "{spec} to {max}: stopped at {peak} of {bound}"
        );
    }
}
