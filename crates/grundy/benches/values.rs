//! Value engines side by side: the fast all-but engine against the naive mex
//! on the same games and sizes, and the naive engine on a splitting game.
//!
//! Run with `cargo bench -p grundy --bench values`.

use divan::{Bencher, black_box};
use grundy::Ruleset;
use grundy::values::{self, Engine, Options};

fn main() {
    divan::main();
}

fn run(spec: &str, to: u64, engine: Engine) -> usize {
    let game: Ruleset = spec.parse().expect("valid spec");
    let options = Options {
        engine,
        ..Options::default()
    };
    values::compute_with(&game, to, options, &mut grundy::values::silent)
        .expect("fits in memory")
        .len()
}

#[divan::bench(args = ["nim", "allbut:1,2"], consts = [5_000])]
fn all_but_fast<const N: u64>(bencher: Bencher, spec: &str) {
    bencher.bench(|| run(black_box(spec), N, Engine::Auto));
}

#[divan::bench(args = ["nim", "allbut:1,2"], consts = [5_000])]
fn all_but_naive<const N: u64>(bencher: Bencher, spec: &str) {
    bencher.bench(|| run(black_box(spec), N, Engine::Naive));
}

#[divan::bench(args = ["0.07", "grundy", "sub:squares"], consts = [5_000])]
fn naive<const N: u64>(bencher: Bencher, spec: &str) {
    bencher.bench(|| run(black_box(spec), N, Engine::Naive));
}
