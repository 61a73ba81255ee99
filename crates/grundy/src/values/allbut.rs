//! A fast engine for nim and all-but games, O(|excluded|) a heap.
//!
//! In an all-but game the options of `n` are every earlier heap `m < n` except
//! the few `m = n − s` with `s` excluded. So the option values are all values
//! so far, minus a handful. Keeping a count of how often each value has
//! occurred, the mex is either the mex of *all* earlier values, or a value all
//! of whose occurrences are among the excluded heaps.
//!
//! The counts are a vector indexed by value, [`COUNT_BYTES`] a value: every
//! value is at most its heap, so they take at most that many bytes a heap
//! beside the table (a hash map took some 60).

use std::collections::HashMap;
use std::ops::ControlFlow;

use crate::error::Result;
use crate::nimber::Nimber;
use crate::values::{Progress, ValueTable, report};

/// The bytes a heap the counts take beside the table, at most.
pub(crate) const COUNT_BYTES: usize = std::mem::size_of::<u32>();

/// Extends `table` to `len` values of the all-but game excluding `excluded`
/// (nim when `excluded` is empty).
pub(crate) fn extend(
    excluded: &[u64],
    table: &mut ValueTable,
    len: usize,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<()> {
    // Two heaps with one value differ by an excluded size, so a value
    // occurs at most `excluded.len() + 1` times: a u32 holds any count.
    let mut count: Vec<u32> = Vec::new();
    let seen = |count: &Vec<u32>, v: u64| count.get(v as usize).copied().unwrap_or(0);
    let add = |count: &mut Vec<u32>, v: u64| {
        let v = v as usize;
        if v >= count.len() {
            count.resize(v + 1, 0);
        }
        count[v] += 1;
    };
    for v in table.iter() {
        add(&mut count, v.value());
    }
    let mut all_mex = 0u64;
    while seen(&count, all_mex) > 0 {
        all_mex += 1;
    }
    let mut hidden: HashMap<u64, u64> = HashMap::new();
    for n in table.len()..len {
        hidden.clear();
        for &s in excluded {
            if s as usize <= n {
                *hidden.entry(table.raw(n - s as usize)).or_default() += 1;
            }
        }
        let value = hidden
            .iter()
            .filter(|&(&v, &h)| u64::from(seen(&count, v)) == h)
            .map(|(&v, _)| v)
            .chain(std::iter::once(all_mex))
            .min()
            .unwrap_or(all_mex);
        table.try_push(Nimber::new(value))?;
        add(&mut count, value);
        while seen(&count, all_mex) > 0 {
            all_mex += 1;
        }
        report(progress, n, len)?;
    }
    report(progress, len, len)
}
