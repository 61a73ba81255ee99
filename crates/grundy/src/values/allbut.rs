//! A fast engine for nim and all-but games, O(|excluded|) a heap.
//!
//! In an all-but game the options of `n` are every earlier heap `m < n` except
//! the few `m = n − s` with `s` excluded. So the option values are all values
//! so far, minus a handful. Keeping a count of how often each value has
//! occurred, the mex is either the mex of *all* earlier values, or a value all
//! of whose occurrences are among the excluded heaps.

use std::collections::HashMap;
use std::ops::ControlFlow;

use crate::error::Result;
use crate::nimber::Nimber;
use crate::values::{Progress, ValueTable, report};

/// Extends `table` to `len` values of the all-but game excluding `excluded`
/// (nim when `excluded` is empty).
pub(crate) fn extend(
    excluded: &[u64],
    table: &mut ValueTable,
    len: usize,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<()> {
    let mut count: HashMap<u64, u64> = HashMap::new();
    for v in table.iter() {
        *count.entry(v.value()).or_default() += 1;
    }
    let mut all_mex = 0u64;
    while count.contains_key(&all_mex) {
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
            .filter(|&(v, h)| count.get(v) == Some(h))
            .map(|(&v, _)| v)
            .chain(std::iter::once(all_mex))
            .min()
            .unwrap_or(all_mex);
        table.try_push(Nimber::new(value))?;
        *count.entry(value).or_default() += 1;
        while count.contains_key(&all_mex) {
            all_mex += 1;
        }
        report(progress, n, len)?;
    }
    report(progress, len, len)
}
