//! Period detection side by side with its straightforward twin, in the same
//! run, on tables shaped like `0.354`'s: irregular values, then period 1180.
//! With the irregular part longer than half the table, nothing may be
//! reported and the twin follows the periodic run once for every multiple of
//! 1180; with it shorter, both stop at 1180.
//!
//! Run with `cargo bench -p grundy --bench period`.

use divan::{Bencher, black_box};
use grundy::ValueTable;
use grundy::period::detect;

fn main() {
    divan::main();
}

/// `irregular` pseudo-random values below 16, then period 1180 up to `len`.
fn table(irregular: usize, len: usize) -> ValueTable {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % 16
    };
    let cycle: Vec<u64> = (0..1180).map(|_| next()).collect();
    let mut v: Vec<u64> = (0..irregular).map(|_| next()).collect();
    v.extend((0..len - irregular).map(|n| cycle[n % 1180]));
    ValueTable::from_values(v)
}

/// Preperiod 600 000 in 10^6 values: no period may be reported yet.
#[divan::bench(args = ["fast", "simple"])]
fn long_preperiod(bencher: Bencher, method: &str) {
    let t = table(600_000, 1_000_000);
    let f = if method == "fast" {
        detect::detect
    } else {
        detect::detect_simple
    };
    bencher.bench(|| assert_eq!(f(black_box(&t)), None));
}

/// Preperiod 600 000 in 1 250 000 values: period 1180 is found.
#[divan::bench(args = ["fast", "simple"])]
fn found(bencher: Bencher, method: &str) {
    let t = table(600_000, 1_250_000);
    let f = if method == "fast" {
        detect::detect
    } else {
        detect::detect_simple
    };
    bencher.bench(|| assert_eq!(f(black_box(&t)).map(|c| c.period), Some(1180)));
}
