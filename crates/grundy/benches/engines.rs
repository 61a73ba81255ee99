//! The naive, sparse-space and bitset engines on the same games, in the
//! same run.
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

/// The bitset engine on codes that split in two, against the lines above.
const TWO_PART: &[&str] = &["0.6", "0.16", "0.354"];

#[divan::bench(args = TWO_PART, sample_count = 5)]
fn bitsets_20k(spec: &str) -> values::ValueTable {
    run(spec, 20_000, Engine::Bitsets)
}

/// Codes that split a heap in three: hex:0.8f's values grow as 4n/7,
/// hex:0.f's are 0 and 1.
const THREE_PART: &[&str] = &["hex:0.8f", "hex:0.f"];

#[divan::bench(args = THREE_PART, sample_count = 3)]
fn naive_three_part_1k(spec: &str) -> values::ValueTable {
    run(spec, 1000, Engine::Naive)
}

#[divan::bench(args = THREE_PART, sample_count = 5)]
fn bitsets_three_part_1k(spec: &str) -> values::ValueTable {
    run(spec, 1000, Engine::Bitsets)
}

#[divan::bench(args = THREE_PART, sample_count = 3)]
fn bitsets_three_part_10k(spec: &str) -> values::ValueTable {
    run(spec, 10_000, Engine::Bitsets)
}
