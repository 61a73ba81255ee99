//! Splitting rules with parts of any sizes (`split:A..B`), with the values
//! of the splits of each heap into `j` parts kept as sets of bits.
//!
//! A split of `m` into exactly `j` non-empty parts has the nim-sum of its
//! parts' values; the set of those values is
//!
//! `S_2[m] = { G(c) ⊕ G(m − c) : 1 <= c < m }`,
//! `S_j[m] = ⋃_{c = 1}^{m − j + 1} (S_{j−1}[m − c] ⊕ G(c))`,
//!
//! since a split into `j` parts is a first part `c` and a split of the rest
//! into `j − 1` (nim-sums do not care about the order of the parts). Then
//! `G(n) = mex ⋃_{A <= j <= B} S_j[n]`. The sets are bitsets of `W` bits,
//! `W` a power of two above every value: a play from a heap of `n` makes at
//! most `n − 1` moves (each adds a heap), so `G(n) <= n − 1`, and `W` above
//! the last heap holds every value and every nim-sum of values. Permuting
//! a set by `⊕ G(c)` moves words by the high bits of `G(c)` as they are
//! read, gathering the rows into 64 classes by the low six bits, each
//! permuted inside its words once (as [`super::bitsets`] does for three
//! heaps).
//!
//! The naive engine reads every split, O(n^(B−1)) a heap (the partitions of
//! `n` for `split:2..`); here heap `n` costs O(B·n) rows of `W/64` words,
//! O(B·N²·W/64) in all: Project Euler 629's `split:2..200` to heap 200
//! takes milliseconds, where the naive engine would read the 4·10^12
//! partitions of 200. Rules whose parts must differ keep the naive engine:
//! a part's size then constrains the others, which no set of values of the
//! rest remembers.

use std::ops::ControlFlow;

use super::bitsets::xor_permute_word;
use super::{Budget, Progress, ValueTable, human_bytes, interrupted, report_every};
use crate::error::{Error, ErrorKind, Result};
use crate::nimber::Nimber;
use crate::ruleset::Splitting;

/// The most word operations a computation of this engine may take: about a
/// minute's work. The check is made before anything is computed.
pub const MAX_WORK: u128 = 30_000_000_000;

/// Whether this engine computes `rule`: parts of any sizes.
pub(crate) fn applies(rule: &Splitting) -> bool {
    !rule.unequal()
}

/// Words of a set able to hold every value of heaps below `len`.
fn words_for(len: usize) -> usize {
    len.next_power_of_two().max(64) / 64
}

/// The largest number of parts whose sets are kept: `S_j` for `j` below
/// the most parts (the sets of the most parts are only read for the heap
/// being finished), and at most the heap.
fn kept_parts(rule: &Splitting, len: u64) -> u64 {
    let below_max = rule.max_parts().map_or(u64::MAX, |m| m - 1);
    below_max.min(len.saturating_sub(1))
}

/// The bytes of the sets kept for heaps below `len`, and the word
/// operations that computing them takes, or `None` once the work passes
/// [`MAX_WORK`].
fn cost(rule: &Splitting, len: u64) -> (u128, Option<u128>) {
    let words = words_for(usize::try_from(len).unwrap_or(usize::MAX)) as u128;
    let kept = u128::from(kept_parts(rule, len));
    let n = u128::from(len);
    // Rows of S_j for m = j..len: Σ_{j=2}^{kept} (len − j).
    let rows = if kept >= 2 {
        (kept - 1) * n - (kept * (kept + 1) / 2 - 1)
    } else {
        0
    };
    let bytes = rows * words * 8;
    let most = rule.max_parts().map_or(u128::MAX, u128::from);
    let mut work: u128 = 0;
    for h in 0..n {
        // S_2: h/2 bits; S_j, 3 <= j <= min(B, h): h − j + 1 rows and 64
        // classes permuted.
        let top = most.min(h);
        let mut heap = h / 2;
        if top >= 3 {
            let js = top - 2;
            let rows_read = js * (h + 1) - (top * (top + 1) / 2 - 3);
            heap += (rows_read + js * 64 * 4) * words;
        }
        work += heap;
        if work > MAX_WORK {
            return (bytes, None);
        }
    }
    (bytes, Some(work))
}

/// Refuses values of `rule` up to `to` whose sets would pass `budget`
/// (with the table's byte a heap) or whose work would pass [`MAX_WORK`],
/// naming the largest `to` that fits.
///
/// # Errors
/// [`ErrorKind::TooLarge`], saying which bound and what to ask for.
pub(crate) fn check(rule: &Splitting, to: u64, budget: Budget) -> Result<()> {
    let fits = |len: u64| {
        let (bytes, work) = cost(rule, len);
        work.is_some() && bytes + u128::from(len) <= u128::from(budget.max_bytes())
    };
    let len = to.saturating_add(1);
    if fits(len) {
        return Ok(());
    }
    let (mut lo, mut hi) = (0u64, len - 1);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    // Why the first length past the last that fits does not fit, in
    // the terms of the length asked for.
    let (_, work) = cost(rule, lo + 1);
    let (bytes, _) = cost(rule, len);
    let why = match work {
        None => format!(
            "take more than {MAX_WORK} word operations, about a minute's work and far more past it"
        ),
        Some(_) => format!(
            "keep {} of sets of split values, more than the memory budget of {}",
            human_bytes(bytes.min(u128::from(u64::MAX)) as u64),
            human_bytes(budget.max_bytes())
        ),
    };
    Err(Error::new(
        ErrorKind::TooLarge,
        format!(
            "values of {rule} up to {to} {why}; ask for at most {} heaps",
            lo.saturating_sub(1)
        ),
    ))
}

/// The engine's state between steps: the sets `S_j[m]` kept so far.
#[derive(Debug)]
pub(crate) struct Computation {
    rule: Splitting,
    /// Words a set, a power of two.
    words: usize,
    /// `layers[j − 2]`: the rows `S_j[m]`, `m = j, j + 1, …`, `words` words
    /// each.
    layers: Vec<Vec<u64>>,
    /// Heaps whose sets are made.
    done: usize,
}

impl Computation {
    /// A computation of `rule` with no sets yet.
    pub(crate) fn new(rule: &Splitting) -> Computation {
        Computation {
            rule: rule.clone(),
            words: 1,
            layers: Vec::new(),
            done: 0,
        }
    }

    /// Extends `table` to `len` values, first making the sets of the values
    /// it holds.
    ///
    /// # Errors
    /// As [`check`]; [`ErrorKind::Interrupted`] when `progress` says stop;
    /// [`ErrorKind::TooLarge`] when the table cannot widen.
    pub(crate) fn extend(
        &mut self,
        table: &mut ValueTable,
        len: usize,
        budget: Budget,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<()> {
        check(&self.rule, len.saturating_sub(1) as u64, budget)?;
        self.widen(words_for(len));
        let kept = kept_parts(&self.rule, len as u64) as usize;
        if self.layers.len() + 1 < kept {
            self.layers.resize(kept - 1, Vec::new());
        }
        // Room for every row to come, reserved now: `check` counted it, and
        // a refusal is an error, never an abort.
        for (i, layer) in self.layers.iter_mut().enumerate() {
            let rows = len.saturating_sub(i + 2);
            let more = (rows * self.words).saturating_sub(layer.len());
            layer.try_reserve_exact(more).map_err(|_| {
                Error::new(
                    ErrorKind::TooLarge,
                    format!(
                        "cannot allocate {} for the sets of split values; ask for fewer heaps",
                        human_bytes((more * 8) as u64)
                    ),
                )
            })?;
        }
        let mut union = vec![0u64; self.words];
        let mut classes = vec![0u64; 64 * self.words];
        for n in self.done..table.len() {
            self.heap(table, n, &mut union, &mut classes);
        }
        for n in table.len()..len {
            self.heap(table, n, &mut union, &mut classes);
            let value = match union.iter().position(|&w| w != u64::MAX) {
                Some(i) => 64 * i as u64 + u64::from(union[i].trailing_ones()),
                None => 64 * self.words as u64,
            };
            table.try_push(Nimber::new(value))?;
            let cost = (n as u64).saturating_mul(self.words as u64).max(1);
            let every = super::PROGRESS_EVERY >> cost.ilog2().min(super::PROGRESS_EVERY.ilog2());
            report_every(progress, n + 1, len, every)?;
        }
        if progress(Progress {
            done: len as u64,
            total: len as u64,
        })
        .is_break()
        {
            return Err(interrupted(len));
        }
        Ok(())
    }

    /// Widens every kept row to `words` words (values keep their bits).
    fn widen(&mut self, words: usize) {
        if words <= self.words {
            return;
        }
        let old = self.words;
        for layer in &mut self.layers {
            let mut wide = Vec::with_capacity(layer.len() / old * words);
            for row in layer.chunks_exact(old) {
                wide.extend_from_slice(row);
                wide.resize(wide.len() + words - old, 0);
            }
            *layer = wide;
        }
        self.words = words;
    }

    /// Makes the sets of heap `n` from the values before it, keeps those
    /// of fewer parts than the most, and leaves in `union` the values of
    /// every allowed split of `n`.
    fn heap(&mut self, table: &ValueTable, n: usize, union: &mut [u64], classes: &mut [u64]) {
        let words = self.words;
        let (min, max) = (self.rule.min_parts(), self.rule.max_parts());
        let allowed = |j: usize| j as u64 >= min && max.is_none_or(|m| j as u64 <= m);
        let g = |i: usize| table.raw(i);
        union.fill(0);
        let top = max.map_or(n, |m| n.min(m as usize));
        let mut row = vec![0u64; words];
        for j in 2..=top {
            row.fill(0);
            if j == 2 {
                for c in 1..=n / 2 {
                    let x = g(c) ^ g(n - c);
                    row[(x / 64) as usize] |= 1 << (x % 64);
                }
            } else {
                classes.fill(0);
                let below = &self.layers[j - 3];
                for c in 1..=n - (j - 1) {
                    let x = g(c) as usize;
                    let (high, low) = (x / 64, x % 64);
                    // S_{j−1}[n − c] is row n − c − (j − 1) of its layer.
                    let at = (n - c - (j - 1)) * words;
                    let class = &mut classes[low * words..(low + 1) * words];
                    for (w, &bits) in below[at..at + words].iter().enumerate() {
                        class[w ^ high] |= bits;
                    }
                }
                for (low, class) in classes.chunks_exact(words).enumerate() {
                    for (r, &bits) in row.iter_mut().zip(class) {
                        *r |= xor_permute_word(bits, low as u32);
                    }
                }
            }
            if allowed(j) {
                for (u, &r) in union.iter_mut().zip(&row) {
                    *u |= r;
                }
            }
            if let Some(layer) = self.layers.get_mut(j - 2) {
                layer.extend_from_slice(&row);
            }
        }
        self.done = n + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ruleset;

    #[test]
    fn sets_equal_the_naive_engine_and_resume_from_any_table() {
        for spec in [
            "split:2..4",
            "split:4",
            "split:3..5",
            "split:2..",
            "split:5..",
        ] {
            let Ruleset::Split(rule) = spec.parse::<Ruleset>().unwrap() else {
                panic!("{spec} is a splitting rule");
            };
            let mut naive = ValueTable::new();
            crate::values::naive::extend(
                &Ruleset::Split(rule.clone()),
                &mut naive,
                70,
                &mut crate::values::silent,
            )
            .unwrap();
            let mut table = ValueTable::new();
            let mut engine = Computation::new(&rule);
            for len in [1, 2, 9, 40, 70] {
                engine
                    .extend(
                        &mut table,
                        len,
                        Budget::default(),
                        &mut crate::values::silent,
                    )
                    .unwrap();
            }
            assert_eq!(table, naive, "{spec}");
            // From a table made elsewhere, the sets are rebuilt first.
            let mut resumed = naive.prefix(33);
            Computation::new(&rule)
                .extend(
                    &mut resumed,
                    70,
                    Budget::default(),
                    &mut crate::values::silent,
                )
                .unwrap();
            assert_eq!(resumed, naive, "{spec} resumed");
        }
    }

    #[test]
    fn the_cost_refuses_too_much_and_names_what_fits() {
        let Ruleset::Split(rule) = "split:2..".parse::<Ruleset>().unwrap() else {
            unreachable!()
        };
        assert!(check(&rule, 300, Budget::default()).is_ok());
        let err = check(&rule, 100_000, Budget::default()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::TooLarge);
        let small = check(&rule, 100_000, Budget::bytes(1 << 20)).unwrap_err();
        assert!(small.message().contains("memory budget"), "{small}");
    }
}
