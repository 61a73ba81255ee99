//! Counting side by side with its naive twins, in the same run: lost single
//! heaps by a proved period against a loop over every heap, and lost
//! positions of three heaps by histogram and Burnside against walking every
//! multiset.
//!
//! Run with `cargo bench -p grundy --bench counting`.

use divan::{Bencher, black_box};
use grundy::Ruleset;
use grundy::count::{self, histogram::Histogram, multiset};
use grundy::period::{self, PeriodicValues};
use grundy::values;

fn main() {
    divan::main();
}

fn strip() -> PeriodicValues {
    let game: Ruleset = "0.07".parse().expect("valid spec");
    let (verdict, table) = period::find(
        &game,
        10_000,
        Default::default(),
        &mut grundy::values::silent,
    )
    .expect("fits");
    PeriodicValues::new(table, verdict)
}

fn squares(to: u64) -> Vec<u64> {
    let game: Ruleset = "sub:squares".parse().expect("valid spec");
    values::compute(&game, to).expect("fits").to_vec()
}

#[divan::bench(consts = [1_000_000, 1_000_000_000_000_000_000])]
fn zeros_by_period<const N: u64>(bencher: Bencher) {
    let g = strip();
    bencher.bench(|| count::zeros_in_range(&g, 1, black_box(N)).expect("proved"));
}

#[divan::bench(consts = [1_000_000])]
fn zeros_by_loop<const N: u64>(bencher: Bencher) {
    let g = strip();
    bencher.bench(|| count::zeros_in_range_naive(&g, 1, black_box(N)).expect("proved"));
}

#[divan::bench(consts = [200, 100_000])]
fn three_heaps_by_histogram<const N: u64>(bencher: Bencher) {
    let v = squares(N);
    bencher.bench(|| {
        let h = Histogram::from_values(black_box(&v)).expect("small values");
        multiset::losing_multisets(&h, 3).expect("fits")
    });
}

#[divan::bench(consts = [200])]
fn three_heaps_by_brute_force<const N: u64>(bencher: Bencher) {
    let v = squares(N);
    bencher.bench(|| multiset::losing_multisets_naive(black_box(&v), 3));
}
