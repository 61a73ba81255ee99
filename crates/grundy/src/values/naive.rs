//! The naive engine: `G(n)` is the mex of the values of every option.
//!
//! It follows the definition directly — the value of an option that leaves
//! several heaps is the nim-sum of their values — and is the twin every faster
//! engine is tested against.

use crate::error::Result;
use crate::mex::Mex;
use crate::nimber::Nimber;
use crate::ruleset::{Ruleset, splitting};
use std::ops::ControlFlow;

use crate::values::{PROGRESS_EVERY, Progress, ValueTable, interrupted, report, report_every};

/// Extends `table` to `len` values by the mex over every option.
///
/// # Errors
/// [`TooLarge`](crate::ErrorKind::TooLarge) if the table must widen and
/// cannot, or if a splitting rule would read more than
/// [`MAX_SPLITS_READ`](crate::values::MAX_SPLITS_READ) splits (checked
/// first); [`Interrupted`](crate::ErrorKind::Interrupted) when `progress`
/// says stop.
///
/// # Complexity
/// O(Σ options(n)): O(N²) for splitting games and nim, O(N·|S ∩ [1, N]|) for
/// subtraction games, O(N³) for hexadecimal codes that split into three,
/// O(N^(k−1)) for a splitting rule into up to `k` heaps, O(N^(3/2)) for
/// divisors (trial division).
pub fn extend(
    ruleset: &Ruleset,
    table: &mut ValueTable,
    len: usize,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<()> {
    if let (Ruleset::Split(rule), Some(last)) = (ruleset, len.checked_sub(1)) {
        crate::values::check_splits(rule, last as u64)?;
    }
    let mut mex = Mex::new();
    let members = match ruleset {
        Ruleset::Subtraction(set) => set.members_up_to(len.saturating_sub(1) as u64),
        _ => Vec::new(),
    };
    for n in table.len()..len {
        // Options read for this heap, at most: progress is reported about
        // every PROGRESS_EVERY options, so a request to stop is seen soon
        // even where one heap has a million options.
        let cost: u64;
        let g = |i: usize| table.raw(i);
        // The mex is at most the number of options and below the next power of
        // two over every value so far: XORs of smaller values stay below it.
        let xor_bound = (table.max().value() + 1).next_power_of_two();
        let value = match ruleset {
            Ruleset::TakeAndBreak(code) => {
                cost = option_bound(code.digits(), n);
                mex.start(xor_bound.min(cost));
                for (take, &d) in code.digits().iter().enumerate() {
                    if take > n || d == 0 {
                        continue;
                    }
                    let rest = n - take;
                    if d & 1 != 0 && take > 0 && rest == 0 {
                        mex.insert(0);
                    }
                    if d & 2 != 0 && take > 0 && rest > 0 {
                        mex.insert(g(rest));
                    }
                    if d & 4 != 0 {
                        for a in 1..=rest / 2 {
                            mex.insert(g(a) ^ g(rest - a));
                        }
                    }
                    if d & 8 != 0 {
                        for a in 1..=rest / 3 {
                            for b in a..=(rest - a) / 2 {
                                mex.insert(g(a) ^ g(b) ^ g(rest - a - b));
                            }
                        }
                    }
                }
                mex.finish()
            }
            Ruleset::Grundy => {
                cost = splitting::unequal_split_count(n as u64);
                mex.start(xor_bound.min(cost));
                for (a, b) in splitting::unequal_splits(n as u64) {
                    mex.insert(g(a as usize) ^ g(b as usize));
                }
                mex.finish()
            }
            Ruleset::Subtraction(_) => {
                let moves = members.partition_point(|&s| s <= n as u64);
                cost = moves as u64;
                mex.start(moves as u64);
                for &s in &members[..moves] {
                    mex.insert(g(n - s as usize));
                }
                mex.finish()
            }
            Ruleset::AllBut(set) => {
                cost = n as u64;
                mex.start(n as u64);
                for s in 1..=n {
                    if set.allows(s as u64) {
                        mex.insert(g(n - s));
                    }
                }
                mex.finish()
            }
            Ruleset::Nim => {
                cost = n as u64;
                mex.start(n as u64);
                for s in 1..=n {
                    mex.insert(g(n - s));
                }
                mex.finish()
            }
            Ruleset::Split(rule) => {
                mex.start(xor_bound);
                let mut read = 0u64;
                let flow = rule.walk(
                    n as u64,
                    |part| g(part as usize),
                    |_, x| {
                        mex.insert(x);
                        read += 1;
                        // A heap may have billions of splits: a request to
                        // stop is heard within one heap's million.
                        if read.is_multiple_of(SPLITS_BETWEEN_CHECKS) {
                            let done = Progress {
                                done: n as u64,
                                total: len as u64,
                            };
                            return progress(done);
                        }
                        ControlFlow::Continue(())
                    },
                );
                if flow.is_break() {
                    return Err(interrupted(n));
                }
                cost = read;
                mex.finish()
            }
            Ruleset::Divisors(which) => {
                let divisors = which.of(n as u64);
                cost = divisors.len() as u64;
                mex.start(cost);
                for &d in &divisors {
                    mex.insert(g(n - d as usize));
                }
                mex.finish()
            }
        };
        table.try_push(Nimber::new(value))?;
        let every = PROGRESS_EVERY >> cost.max(1).ilog2().min(PROGRESS_EVERY.ilog2());
        report_every(progress, n + 1, len, every)?;
    }
    report(progress, len, len)
}

/// Splits read between two questions to `progress` within one heap.
const SPLITS_BETWEEN_CHECKS: u64 = 1 << 20;

/// An upper bound on the number of options of a heap of `n` in a
/// take-and-break game with these digits.
fn option_bound(digits: &[u8], n: usize) -> u64 {
    let mut count: u64 = 0;
    for (take, &d) in digits.iter().enumerate() {
        if take > n {
            break;
        }
        let rest = (n - take) as u64;
        count = count
            .saturating_add(u64::from(d & 3 != 0))
            .saturating_add(if d & 4 != 0 { rest / 2 } else { 0 })
            .saturating_add(if d & 8 != 0 {
                (rest / 3 + 1).saturating_mul(rest / 2 + 1)
            } else {
                0
            });
    }
    count
}
