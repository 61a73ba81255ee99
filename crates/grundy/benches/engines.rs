//! The naive and sparse-space engines on the same games, in the same run.
//!
//! `cargo bench -p grundy --bench engines`. The figures for long runs
//! (10^7 heaps and more) are in `docs/benchmarks.md`, measured with the
//! release binary.

use grundy::Ruleset;
use grundy::values::{self, Engine, Options};

fn main() {
    divan::main();
}

const GAMES: &[&str] = &["grundy", "0.6", "0.16", "0.354"];

fn run(spec: &str, to: u64, engine: Engine) -> values::ValueTable {
    let game: Ruleset = spec.parse().expect("a valid spec");
    let options = Options {
        engine,
        ..Options::default()
    };
    values::compute_with(&game, to, options, &mut grundy::values::silent).expect("fits in memory")
}

/// Both engines where the naive one still finishes quickly.
#[divan::bench(args = GAMES, sample_count = 5)]
fn naive_20k(spec: &str) -> values::ValueTable {
    run(spec, 20_000, Engine::Naive)
}

#[divan::bench(args = GAMES, sample_count = 5)]
fn sparse_20k(spec: &str) -> values::ValueTable {
    run(spec, 20_000, Engine::Sparse)
}

/// The sparse engine alone, ten times further.
#[divan::bench(args = GAMES, sample_count = 3)]
fn sparse_200k(spec: &str) -> values::ValueTable {
    run(spec, 200_000, Engine::Sparse)
}
