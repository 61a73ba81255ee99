//! Finding a bounded misère quotient ([`Quotient::compute`]).
//!
//! How it is found, heap by heap, each step proved, not guessed:
//! with the quotient Q of the heaps below n known,
//!
//! 1. [`super::adjoin`] works out heap n's *outcome columns* over Q (the
//!    outcome of u + k·n for each image Φ(u) and each k, until they
//!    repeat) and from them a candidate monoid Q × ⟨x | x^len = x^index⟩;
//! 2. [`super::sweep`] proves that the candidate gives the outcome of
//!    every sum of heaps up to n (a finite check that no lost sum has a
//!    lost option, then a sweep over the kinds of heap, one exponent at a
//!    time, for a won sum with no winning move);
//! 3. [`super::reduce`] identifies the candidate's elements that no sum
//!    tells apart: heap n may be equivalent to an old element, or satisfy
//!    any relation with old ones, and this is where that is found.
//!
//! Steps 1–2 assume that heap n does not tell apart sums of smaller heaps
//! that Q identifies (adding a heap can do that). Where it does (the
//! columns meet two sums with one image and different outcomes, or the
//! proof fails), the smaller heaps' quotient is first rebuilt for each
//! number of copies of n beside them ([`super::levels`]), which either
//! gives a candidate that the sweep proves, or shows copies that never
//! repeat (the computation then stops: the quotient is likely infinite or
//! far larger). Otherwise the failing candidate's one-step refinements are
//! tried ([`super::refine`]: each is right up to the failure of the one
//! before), and where none is proved, [`super::learn`] learns the quotient
//! of heaps up to n, L*-style, the last refinement answering questions:
//! hypotheses from a table of outcomes, each checked by the verification
//! sweep of [`super::counterexample`], which either proves it or returns
//! the least sum it gets wrong. Only a proved
//! hypothesis is returned. Where learning passes its bounds, the earlier
//! construction is tried (the smaller heaps' quotients refined by labels
//! of contexts, see [`super::contexts`]), which gets through some splits
//! that learning does not; where both stop, the computation stops with an
//! error rather than guess.
//! [`super::presentation`] writes the result as generators and defining
//! relations.

use std::ops::ControlFlow;

use crate::error::{Error, ErrorKind, Result};
use crate::ruleset::Ruleset;

use super::adjoin::{self, Failure};
use super::contexts::compute_by_contexts;
use super::counterexample::Candidate;
use super::footprint::Allowance;
use super::progress::{self, Progress, Told};
use super::quotient::Quotient;
use super::{counterexample, footprint, learn, levels, reduce, refine, sweep};

/// Where [`Quotient::compute_as_far_as`] stopped short of its bound.
#[derive(Clone, Debug)]
pub struct Stopped {
    /// Why, as [`Quotient::compute`] says it.
    pub error: Error,
    /// The quotient of the heaps below the one the construction stopped at
    /// (none when it stopped at the first heap with a move).
    pub reached: Option<Box<Quotient>>,
}

/// The construction's revision: raised whenever [`Quotient::compute`] can
/// find quotients it could not before. A front end that remembers where a
/// construction stopped ([`ErrorKind::Overflow`], which does not depend on
/// the memory bound) keeps this beside it, and tries again under another
/// revision.
pub const CONSTRUCTION_REVISION: u32 = 1;

impl Quotient {
    /// The quotient of all sums of heaps of `ruleset` of sizes up to
    /// `max_heap`, its tables and searches together within `max_bytes`
    /// (counted as allocated, each step refused before it would pass it).
    ///
    /// # Errors
    /// [`TooLarge`](ErrorKind::TooLarge) when a candidate's tables or the
    /// proof's search would pass the memory bound or their own bounds;
    /// [`Overflow`](ErrorKind::Overflow) when a heap's powers do not repeat
    /// within 64, when levels of copies of a heap that splits the smaller
    /// heaps' quotient never repeat, or when learning such a quotient (see
    /// the module documentation) passes its bound on hypotheses: then no
    /// quotient is returned rather than one not proved.
    ///
    /// # Complexity
    /// For each heap n with quotient Q of the smaller heaps: the outcome
    /// columns (|Q| sums each, most answered from a memo by image), a
    /// sweep over the kinds of heap whose states are sets of products of
    /// the kinds still to come (see `misere/sweep.rs`), and a refinement
    /// over |Q|·len candidate elements. Where heap n splits Q, learning
    /// asks for outcomes of sums (answered by the proved part of the best
    /// hypothesis, or move by move) and sweeps each hypothesis once.
    pub fn compute(ruleset: &Ruleset, max_heap: u64, max_bytes: u64) -> Result<Quotient> {
        Quotient::compute_with(ruleset, max_heap, max_bytes, &mut progress::silent)
    }

    /// As [`Quotient::compute`], telling `progress` after each heap, and of
    /// the bytes held ([`Progress::bytes`]: the quotients and candidates
    /// held, and the learner's and the levels' tables, told before each
    /// step and as those grow), which may stop it.
    ///
    /// # Errors
    /// As [`Quotient::compute`], and [`Interrupted`](ErrorKind::Interrupted)
    /// when `progress` says stop.
    pub fn compute_with(
        ruleset: &Ruleset,
        max_heap: u64,
        max_bytes: u64,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Quotient> {
        Quotient::compute_as_far_as(ruleset, max_heap, max_bytes, progress).map_err(|s| s.error)
    }

    /// As [`Quotient::compute_with`], but where the construction stops short
    /// of `max_heap`, the quotient of the heaps below the one it stopped at
    /// comes back with the error: proved like every other, it answers every
    /// sum of those heaps.
    ///
    /// ```
    /// use grundy::{Ruleset, misere::Quotient};
    /// let kayles: Ruleset = "0.77".parse()?;
    /// // A memory bound too small for heap 20's candidate: heap 19's
    /// // quotient or an earlier one is what was proved.
    /// let stopped = Quotient::compute_as_far_as(&kayles, 20, 1 << 12, &mut |_| {
    ///     std::ops::ControlFlow::Continue(())
    /// })
    /// .unwrap_err();
    /// let reached = stopped.reached.expect("small heaps fit");
    /// assert!(reached.max_heap() < 20);
    /// let again = Quotient::compute(&kayles, reached.max_heap(), 1 << 24)?;
    /// assert_eq!(reached.rows(), again.rows());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Quotient::compute_with`], in [`Stopped::error`].
    pub fn compute_as_far_as(
        ruleset: &Ruleset,
        max_heap: u64,
        max_bytes: u64,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> std::result::Result<Quotient, Stopped> {
        let mut told = Told::default();
        match chain(ruleset, max_heap, max_bytes, &mut told, progress) {
            Ok(q) => Ok(q.canonical()),
            Err((error, reached)) => {
                // Learning stopped, at its own bound or at the caller's
                // memory bound: the earlier construction may still get
                // through under the same bound (its own quotients are
                // proved too); where it does not, the first error stands.
                let mut by_contexts = None;
                let held = reached.as_ref().map_or(0, |q| q.bytes());
                if matches!(error.kind(), ErrorKind::Overflow | ErrorKind::TooLarge)
                    && let Ok(q) = compute_by_contexts(
                        ruleset,
                        max_heap,
                        footprint::left(max_bytes, held),
                        &mut by_contexts,
                        &mut |p| {
                            // Held beside the quotient reached; never
                            // less than the chain told.
                            told.past(held.saturating_add(p.bytes));
                            progress(Progress {
                                bytes: told.bytes(),
                                ..p
                            })
                        },
                    )
                {
                    return Ok(q);
                }
                // Its monoids may be finer than the quotient: reduced here.
                let by_contexts = by_contexts
                    .map(|b| learn::to_quotient_with(&Candidate::of_quotient(&b), b.max_heap()));
                let reached = [reached.map(|q| *q), by_contexts]
                    .into_iter()
                    .flatten()
                    .max_by_key(Quotient::max_heap)
                    .map(|q| Box::new(q.canonical()));
                Err(Stopped { error, reached })
            }
        }
    }
}

/// The quotients of heaps up to 1, 2, …, `max_heap`, each step proved
/// (module documentation): heap n adjoined to the quotient of the smaller
/// heaps where that works, else the quotient learned ([`super::learn`]).
fn chain(
    ruleset: &Ruleset,
    max_heap: u64,
    max_bytes: u64,
    told: &mut Told,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> std::result::Result<Quotient, (Error, Option<Box<Quotient>>)> {
    let mut q = Quotient::from_parts(0, vec![vec![]], vec![vec![0]], vec![false], vec![0]);
    for n in 1..=max_heap {
        if !ruleset.has_move(n) {
            q.adjoin_moveless(n);
            continue;
        }
        let left = footprint::left(max_bytes, q.bytes());
        q = match adjoin_heap(&q, ruleset, n, max_heap, left, told, progress) {
            Ok(next) => next,
            Err(e) => return Err((e, (q.max_heap() > 0).then(|| Box::new(q)))),
        };
        told.past(q.bytes());
        if progress(Progress {
            done: n,
            total: max_heap,
            bytes: told.bytes(),
        })
        .is_break()
        {
            return Err((
                Error::new(
                    ErrorKind::Interrupted,
                    format!("stopped after the quotient of heaps up to {n}"),
                ),
                Some(Box::new(q)),
            ));
        }
    }
    Ok(q)
}

/// The quotient of heaps up to `n` from `q`, that of the heaps below it:
/// one step of [`chain`]. The bytes held (`q` and the step's own, as the
/// step counts them) are told to `progress` through `told`.
fn adjoin_heap(
    q: &Quotient,
    ruleset: &Ruleset,
    n: u64,
    max_heap: u64,
    max_bytes: u64,
    told: &mut Told,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Quotient> {
    let below = q.bytes();
    let stopped = || {
        Error::new(
            ErrorKind::Interrupted,
            format!("stopped at the quotient of heaps up to {n}"),
        )
    };
    // What the step's searches hold beside q, told each time they grow or
    // ask to go on.
    let mut keep_going = |held: u64| {
        let bytes = told.past(below + held).unwrap_or(told.bytes());
        progress(Progress {
            done: n - 1,
            total: max_heap,
            bytes,
        })
    };
    let step = adjoin::columns(q, ruleset, n).and_then(|columns| {
        sweep::prove(
            q,
            ruleset,
            n,
            &columns,
            Allowance::telling(max_bytes, &mut keep_going),
        )?;
        Ok(columns)
    });
    Ok(match step {
        Ok(columns) => {
            let size = q.len() * columns.len();
            let needed = reduce::bytes(q, &columns, 0);
            check_size(n, size, needed, max_bytes)?;
            told.tell(below + needed, n - 1, max_heap, progress, stopped)?;
            reduce::reduce(q, n, &columns, &[])
        }
        Err(Failure::Split { .. }) => {
            // Heap n tells apart sums that q identifies.
            // Levels of copies of heap n first (see [`super::levels`]):
            // proved by the sweep, or no help (past the memory bound
            // too: the constructions below have their own).
            // Each step is given what the candidates it holds leave of
            // the bound (see [`super::footprint`]).
            let by_levels = {
                let held = footprint::candidate(q.len(), q.heap_elements().len());
                if held > max_bytes {
                    Ok(None)
                } else {
                    let base = Candidate::of_quotient(q);
                    let left = footprint::left(max_bytes, held);
                    levels::candidate(&base, ruleset, n, left, &mut keep_going).and_then(|found| {
                        match found {
                            levels::Found::Candidate(c)
                                if counterexample::least_failure(
                                    &c,
                                    ruleset,
                                    n,
                                    Allowance::telling(
                                        footprint::left(left, c.bytes()),
                                        &mut |b| keep_going(held + c.bytes() + b),
                                    ),
                                )?
                                .is_none() =>
                            {
                                Ok(Some(c))
                            }
                            // Copies that never repeat: the quotient is
                            // infinite or far larger, and refining or
                            // learning only spends minutes finding no more
                            // (0.07 at heap 34).
                            levels::Found::NoPeriod => Err(levels::no_period(n)),
                            _ => Ok(None),
                        }
                    })
                }
            };
            match by_levels {
                Ok(Some(c)) => return learn::to_quotient_within(&c, n, max_bytes),
                Ok(None) => {}
                Err(e) if e.kind() == ErrorKind::TooLarge => {}
                Err(e) => return Err(e),
            }
            // Else learn the quotient, the tentative candidate answering
            // where it is proved; its refinements first (see
            // [`super::refine`]): one of them may be proved, else the last
            // answers more questions.
            let first = match adjoin::tentative_columns(q, ruleset, n) {
                Ok(columns)
                    if check_size(
                        n,
                        q.len() * columns.len(),
                        footprint::candidate(q.len() * columns.len(), n as usize + 1),
                        max_bytes,
                    )
                    .is_ok() =>
                {
                    Some(learn::product_candidate(q, &columns, n))
                }
                _ => None,
            };
            let refined = match first {
                Some(c) => Some(refine::iterate(c, ruleset, n, max_bytes, &mut keep_going)?),
                None => None,
            };
            match refined {
                Some(refine::Refined::Proved(c)) => learn::to_quotient_within(&c, n, max_bytes)?,
                Some(refine::Refined::Best(c)) => {
                    learn::learn(q, ruleset, n, Some(c), max_bytes, &mut keep_going)?
                }
                None => learn::learn(q, ruleset, n, None, max_bytes, &mut keep_going)?,
            }
        }
        Err(Failure::Other(e)) => return Err(e),
    })
}

/// Refuses a candidate of `size` elements whose construction needs
/// `needed` bytes (its table and the work that goes with it, see
/// [`super::footprint`]), more than `max_bytes`, what is left of the
/// memory bound: before it is built.
pub(super) fn check_size(n: u64, size: usize, needed: u64, max_bytes: u64) -> Result<()> {
    if needed > max_bytes {
        return Err(footprint::too_large(
            &format!(
                "the table of a candidate of {size} elements for the misère quotient of heaps up to {n}"
            ),
            max_bytes,
        ));
    }
    Ok(())
}
