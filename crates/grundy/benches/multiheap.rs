//! Multi-heap P-positions (issue 4): the bitset scan against the reference
//! key scan on the same games and sizes, in the same run.
//!
//! Run with `cargo bench -p grundy --bench multiheap`.

use std::ops::ControlFlow::Continue;

use divan::{Bencher, black_box};
use grundy::multiheap::{self, Method, Options, SubsetGame};

fn main() {
    divan::main();
}

fn run(spec: &str, to: u32, method: Method) -> u64 {
    let game: SubsetGame = spec.parse().expect("valid spec");
    let options = Options {
        method,
        ..Options::default()
    };
    multiheap::scan(
        &game,
        to,
        options,
        &mut |_| Continue(()),
        &mut grundy::values::silent,
    )
    .expect("fits in memory")
    .sum
}

#[divan::bench(args = ["stone", "subsets:3:1,2,3,12,13,23"], consts = [300])]
fn three_heaps_fast<const N: u32>(bencher: Bencher, spec: &str) {
    bencher.bench(|| run(black_box(spec), N, Method::Fast));
}

#[divan::bench(args = ["stone", "subsets:3:1,2,3,12,13,23"], consts = [300])]
fn three_heaps_reference<const N: u32>(bencher: Bencher, spec: &str) {
    bencher.bench(|| run(black_box(spec), N, Method::Reference));
}

#[divan::bench(args = ["subsets:4:all"], consts = [60])]
fn four_heaps_fast<const N: u32>(bencher: Bencher, spec: &str) {
    bencher.bench(|| run(black_box(spec), N, Method::Fast));
}

#[divan::bench(args = ["subsets:4:all"], consts = [60])]
fn four_heaps_reference<const N: u32>(bencher: Bencher, spec: &str) {
    bencher.bench(|| run(black_box(spec), N, Method::Reference));
}
