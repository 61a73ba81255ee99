//! Labels that refine the smaller heaps' quotients when a later heap
//! splits them (see [`super::quotient`]): whether each candidate element's
//! representative, beside copies of that later heap, is lost.
//!
//! The best proved quotient (heaps up to m − 1, from an earlier pass) gives
//! the outcome of every sum without a copy of heap m. With copies, a sum
//! is won exactly when some option is lost, and the search follows the
//! rules, remembering each sum by its images in the candidate and in the
//! best quotient. Working these out exactly (by the judge, or by a memo of
//! exact sums) costs seconds to minutes a label past about 20 heaps; this
//! guess costs milliseconds.

use std::collections::HashMap;
use std::sync::Arc;

use crate::error::Result;
use crate::ruleset::Ruleset;

use super::footprint::{self, hash_table_peak};
use super::quotient::Quotient;

/// For each element (a, k) of the candidate of `columns` over `q` (heaps up
/// to n), whether its representative plus `copies` copies of `heap` is
/// lost, as far as the candidate and `best` tell: with no copy left, `best`
/// gives the outcome exactly; otherwise a sum is remembered by its element
/// of the candidate (when its heaps are all up to n) and its element of
/// `best`, with the copies.
///
/// That memo is a guess (two sums with the same pair of images may differ
/// with `heap` beside them: that is what a split is), so these labels only
/// steer the refinement; every quotient built with them is still proved.
///
/// # Errors
/// [`TooLarge`](crate::error::ErrorKind::TooLarge) when the memo would pass `max_bytes`
/// (its table counted as allocated, with its growth).
#[allow(clippy::too_many_arguments)]
pub(super) fn guessed_labels(
    q: &Quotient,
    columns: &super::adjoin::Columns,
    n: u64,
    ruleset: &Ruleset,
    best: &Quotient,
    heap: u64,
    copies: usize,
    max_bytes: u64,
) -> Result<Vec<bool>> {
    let len = columns.len();
    let mut guess = Guess {
        q,
        columns,
        n,
        ruleset,
        best,
        heap,
        options: HashMap::new(),
        memo: HashMap::new(),
        max_bytes,
    };
    (0..q.len() * len)
        .map(|m| {
            let (a, k) = (m / len, m % len);
            let mut sum: Vec<u64> = q.representative(a as u32).to_vec();
            sum.extend(std::iter::repeat_n(n, k));
            sum.retain(|&h| ruleset.has_move(h));
            sum.sort_unstable();
            guess.lost(&sum, copies)
        })
        .collect()
}

struct Guess<'a> {
    q: &'a Quotient,
    columns: &'a super::adjoin::Columns,
    n: u64,
    ruleset: &'a Ruleset,
    best: &'a Quotient,
    heap: u64,
    options: HashMap<u64, Arc<[Vec<u64>]>>,
    memo: HashMap<(usize, u32, usize), bool>,
    /// The memo's bound in bytes.
    max_bytes: u64,
}

impl Guess<'_> {
    fn options_of(&mut self, h: u64) -> Arc<[Vec<u64>]> {
        let ruleset = self.ruleset;
        self.options
            .entry(h)
            .or_insert_with(|| super::moving_options(ruleset, h))
            .clone()
    }

    /// `v`: sorted heaps up to `best`'s bound, with moves.
    fn lost(&mut self, v: &[u64], copies: usize) -> Result<bool> {
        let image = self.best.image_of(v);
        if copies == 0 {
            return Ok(self.best.is_lost(image));
        }
        let element = if v.iter().all(|&h| h <= self.n) {
            let copies_of_n = v.iter().filter(|&&h| h == self.n).count();
            let smaller: Vec<u64> = v.iter().copied().filter(|&h| h != self.n).collect();
            self.q.image_of(&smaller) as usize * self.columns.len()
                + self.columns.reduce(copies_of_n)
        } else {
            usize::MAX
        };
        if let Some(&known) = self.memo.get(&(element, image, copies)) {
            return Ok(known);
        }
        let mut lost = true;
        for parts in self.options_of(self.heap).iter() {
            let mut next = v.to_vec();
            next.extend_from_slice(parts);
            next.sort_unstable();
            if self.lost(&next, copies - 1)? {
                lost = false;
                break;
            }
        }
        if lost {
            'search: for i in 0..v.len() {
                if i > 0 && v[i] == v[i - 1] {
                    continue;
                }
                for parts in self.options_of(v[i]).iter() {
                    let mut next = super::with_heap_replaced(v, i, parts);
                    next.sort_unstable();
                    if self.lost(&next, copies)? {
                        lost = false;
                        break 'search;
                    }
                }
            }
        }
        if hash_table_peak::<(usize, u32, usize), bool>(self.memo.len() + 1) > self.max_bytes {
            return Err(footprint::too_large(
                &format!(
                    "guessing labels for the misère quotient of heaps up to {}",
                    self.n
                ),
                self.max_bytes,
            ));
        }
        self.memo.insert((element, image, copies), lost);
        Ok(lost)
    }
}
