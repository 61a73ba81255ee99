//! Period detection side by side with its straightforward twin, in the same
//! run, on tables shaped like `0.354`'s: irregular values, then period 1180.
//! With the irregular part longer than half the table, nothing may be
//! reported and the twin follows the periodic run once for every multiple of
//! 1180; with it shorter, both stop at 1180. The third table is the fast
//! detector's slow case: a preperiod that is periodic too but for one value.
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

/// Period 1180 throughout 10^6 values but for one value changed at heap
/// 599 999: the multiples of 1180 between the run's length (400 000) and
/// half the table are not skipped, and each is followed back to the change.
#[divan::bench(args = ["fast", "simple"])]
fn one_exception(bencher: Bencher, method: &str) {
    let mut v = table(0, 1_000_000).to_vec();
    v[599_999] = 16;
    let t = ValueTable::from_values(v);
    let f = if method == "fast" {
        detect::detect
    } else {
        detect::detect_simple
    };
    bencher.bench(|| assert_eq!(f(black_box(&t)), None));
}
