//! Adjoining heap n to the proved quotient Q of the heaps below n: the
//! *outcome columns* of heap n over Q, and the candidate they give.
//!
//! Write a sum of heaps up to n as u + k·n, with u a sum of smaller heaps
//! and k copies of heap n. Suppose (the *hypothesis*) that its outcome
//! depends only on Φ(u) ∈ Q and k: call it column k at Φ(u). Column 0 is
//! Q's P-portion. Column k ≥ 1 at a = Φ(u) follows from the game tree of one
//! sum u with Φ(u) = a (its representative): u + k·n is lost exactly when
//! no move leaves a lost sum, and a move either plays in heap n, leaving
//! u + o + (k−1)·n for an option o of n (column k − 1 at a·Φ(o)), or plays
//! in u, leaving u′ + k·n (column k at Φ(u′), found the same way, memoised
//! by Φ(u′)). So column k is a function of column k − 1, and the columns
//! repeat from the first k with column k = column i, i < k: heap n's image
//! x satisfies x^k = x^i.
//!
//! The candidate is then M = Q × {1, x, …, x^(k−1)} with x^k = x^i, its
//! P-portion read from the columns. It may be larger than the quotient
//! (heap n may be equivalent to an element of Q, or satisfy any relation
//! x^j·a = x^l·b with old elements: the reduction
//! ([`super::reduce`]) finds those); and the hypothesis may be false (heap
//! n may tell apart sums that Q identifies): the proof
//! ([`super::sweep`]) then fails, and the computation stops with an
//! error. Nothing here is trusted before that proof.

use std::collections::HashMap;

use crate::error::{Error, ErrorKind};
use crate::ruleset::Ruleset;

use super::quotient::{Element, Quotient};

/// The most columns computed before giving up: heap n's image would need a
/// cycle longer than this.
pub(super) const MAX_COLUMNS: usize = 64;

/// The most sums whose outcome the column search works out one by one for
/// one column (the memo by image stops most of them early).
const MAX_STEPS: usize = 1 << 22;

/// The outcome columns of heap n over Q.
#[derive(Clone, Debug)]
pub(super) struct Columns {
    /// `lost[k][a]`: whether u + k·n is lost when Φ(u) = a, for k below
    /// `len`.
    pub lost: Vec<Vec<bool>>,
    /// Column `len` equals column `index`: x^len = x^index.
    pub index: usize,
}

impl Columns {
    /// The number of powers of x kept: 1, x, …, x^(len−1).
    pub fn len(&self) -> usize {
        self.lost.len()
    }

    /// The same columns with `extra` more powers of x written out before the
    /// cycle closes: a larger candidate, still correct, whose powers a
    /// refinement may keep apart.
    pub fn unrolled(mut self, extra: usize) -> Columns {
        let (len, index) = (self.len(), self.index);
        for e in len..len + extra {
            let column = self.lost[index + (e - index) % (len - index)].clone();
            self.lost.push(column);
        }
        self.index += extra;
        self
    }

    /// The exponent that x^e is written with: e itself below `len`, else
    /// reduced by the period.
    pub fn reduce(&self, e: usize) -> usize {
        let len = self.len();
        if e < len {
            e
        } else {
            let period = len - self.index;
            self.index + (e - self.index) % period
        }
    }
}

/// The columns of heap `n` over `q` (see the module documentation).
///
/// # Errors
/// [`Overflow`](ErrorKind::Overflow) when two sums with the same image in Q
/// get different outcomes (heap n splits a class of Q) or the columns do
/// not repeat within [`MAX_COLUMNS`]; [`TooLarge`](ErrorKind::TooLarge)
/// when the search passes its step bound.
pub(super) fn columns(
    q: &Quotient,
    ruleset: &Ruleset,
    n: u64,
) -> std::result::Result<Columns, Failure> {
    columns_with(q, ruleset, n, true)
}

/// As [`columns`], but where two sums with one image get different
/// outcomes the first one found stands: columns that may be wrong, for a
/// candidate that [`super::learn`] only trusts below its least failure.
///
/// # Errors
/// As [`columns`], never a split.
pub(super) fn tentative_columns(
    q: &Quotient,
    ruleset: &Ruleset,
    n: u64,
) -> std::result::Result<Columns, Failure> {
    columns_with(q, ruleset, n, false)
}

fn columns_with(
    q: &Quotient,
    ruleset: &Ruleset,
    n: u64,
    strict: bool,
) -> std::result::Result<Columns, Failure> {
    let mut search = Search {
        strict,
        q,
        ruleset,
        n,
        n_options: ruleset
            .options(n)
            .iter()
            .map(|m| q.image_of(&m.parts))
            .collect(),
        options: HashMap::new(),
        steps: 0,
        copies: 0,
    };
    search.n_options.sort_unstable();
    search.n_options.dedup();
    // Elements by the size of their representatives: small sums first, so
    // the options of larger ones mostly meet the memo.
    let mut order: Vec<Element> = (0..q.len() as Element).collect();
    order.sort_by_key(|&a| q.representative(a).len());
    let mut lost = vec![
        (0..q.len() as Element)
            .map(|a| q.is_lost(a))
            .collect::<Vec<bool>>(),
    ];
    loop {
        search.copies = lost.len();
        let next = search.column(lost.last().expect("column 0"), &order)?;
        if let Some(index) = lost.iter().position(|c| *c == next) {
            return Ok(Columns { lost, index });
        }
        if lost.len() >= MAX_COLUMNS {
            return Err(Failure::Other(Error::new(
                ErrorKind::Overflow,
                format!(
                    "no misère quotient was found for heap {n}: its powers do not repeat within {MAX_COLUMNS}; \
                     the quotient up to heap {} is the last one found",
                    n - 1
                ),
            )));
        }
        lost.push(next);
    }
}

struct Search<'a> {
    /// Whether two outcomes for one image are a split (else the first
    /// stands).
    strict: bool,
    q: &'a Quotient,
    ruleset: &'a Ruleset,
    n: u64,
    /// Φ of the options of heap n, distinct.
    n_options: Vec<Element>,
    /// The options of each smaller heap, heaps without a move dropped.
    options: HashMap<u64, Vec<Vec<u64>>>,
    steps: usize,
    /// The column being worked out: copies of heap n.
    copies: usize,
}

impl Search<'_> {
    /// Column k from column k − 1 (`previous`).
    fn column(
        &mut self,
        previous: &[bool],
        order: &[Element],
    ) -> std::result::Result<Vec<bool>, Failure> {
        let mut memo: Vec<Option<bool>> = vec![None; self.q.len()];
        self.steps = 0;
        for &a in order {
            if memo[a as usize].is_none() {
                let rep = self.q.representative(a).to_vec();
                self.lost(&rep, previous, &mut memo)?;
            }
        }
        Ok(memo
            .into_iter()
            .map(|l| l.expect("every element"))
            .collect())
    }

    /// Whether u + k·n is lost, `u` sorted, column k − 1 `previous`.
    fn lost(
        &mut self,
        u: &[u64],
        previous: &[bool],
        memo: &mut [Option<bool>],
    ) -> std::result::Result<bool, Failure> {
        let a = self.q.image_of(u);
        if let Some(known) = memo[a as usize] {
            return Ok(known);
        }
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Err(Failure::Other(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "adjoining heap {} to the misère quotient searches more than {MAX_STEPS} sums; ask for a smaller heap bound",
                    self.n
                ),
            )));
        }
        // k ≥ 1 copies of heap n: a move is always possible.
        let mut lost = !self
            .n_options
            .iter()
            .any(|&o| previous[self.q.multiply(a, o) as usize]);
        if lost {
            'search: for i in 0..u.len() {
                if i > 0 && u[i] == u[i - 1] {
                    continue;
                }
                let ruleset = self.ruleset;
                let options = self.options.entry(u[i]).or_insert_with(|| {
                    ruleset
                        .options(u[i])
                        .into_iter()
                        .map(|m| {
                            let mut parts = m.parts;
                            parts.retain(|&p| ruleset.has_move(p));
                            parts
                        })
                        .collect()
                });
                let options = options.clone();
                for parts in options {
                    let mut next = super::with_heap_replaced(u, i, &parts);
                    next.sort_unstable();
                    if self.lost(&next, previous, memo)? {
                        lost = false;
                        break 'search;
                    }
                }
            }
        }
        match memo[a as usize] {
            Some(other) if !self.strict => Ok(other),
            Some(other) if other != lost => Err(Failure::Split {
                heap: self.n,
                copies: self.copies,
            }),
            _ => {
                memo[a as usize] = Some(lost);
                Ok(lost)
            }
        }
    }
}

/// Why adjoining a heap failed.
#[derive(Debug)]
pub(super) enum Failure {
    /// `copies` copies of `heap` tell apart sums of smaller heaps that the
    /// base identifies: the hypothesis of the module documentation fails.
    Split { heap: u64, copies: usize },
    /// Any other error.
    Other(Error),
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure::Other(e)
    }
}

/// The error when heap n tells apart sums of smaller heaps that the base
/// identifies however it is refined.
pub(super) fn split(n: u64) -> Error {
    Error::new(
        ErrorKind::Overflow,
        format!(
            "no misère quotient was found for heap {n}: it tells apart sums of smaller heaps that the quotient up to heap {} \
             identifies, and refining that quotient by the sums that heap {n} tells apart did not help; \
             the quotient up to heap {} is the last one found",
            n - 1,
            n - 1
        ),
    )
}
