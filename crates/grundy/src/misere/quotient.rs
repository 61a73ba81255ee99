//! Bounded misère quotients (Plambeck, *Taming the wild in impartial
//! combinatorial games*, INTEGERS 5 (2005) G05; Plambeck and Siegel,
//! *Misère quotients for impartial games*, JCTA 115 (2008)).
//!
//! Let A be the set of all sums of heaps of sizes at most N. Two sums U, V
//! are *indistinguishable* when U + W and V + W have the same misère outcome
//! for every W in A; the classes form a commutative monoid, the *misère
//! quotient* Q, with a *pretending map* Φ from heaps to Q and a *P-portion*,
//! the classes of the sums lost for the player to move. Then the outcome of
//! any sum is read from the product of its heaps' images.
//!
//! How this module finds it, heap by heap, each step proved, not guessed:
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
//! of contexts, see `compute_by_contexts`), which gets through some splits
//! that learning does not; where both stop, the computation stops with an
//! error rather than guess.
//! [`super::presentation`] writes the result as generators and defining
//! relations.

use std::ops::ControlFlow;

use crate::error::{Error, ErrorKind, Result};
use crate::ruleset::Ruleset;
use crate::values::{self, Progress};

use super::Outcome;
use super::adjoin::{self, Failure};
use super::counterexample::Candidate;
use super::footprint::allocation;
use super::judge::Judge;
use super::{counterexample, footprint, learn, levels, lookahead, reduce, refine, sweep};

/// Element indices in a quotient.
pub type Element = u32;

/// Where [`Quotient::compute_as_far_as`] stopped short of its bound.
#[derive(Clone, Debug)]
pub struct Stopped {
    /// Why, as [`Quotient::compute`] says it.
    pub error: Error,
    /// The quotient of the heaps below the one the construction stopped at
    /// (none when it stopped at the first heap with a move).
    pub reached: Option<Box<Quotient>>,
}

/// The misère quotient of all sums of heaps of sizes up to a bound.
///
/// ```
/// use grundy::{Ruleset, misere::Quotient};
/// // Misère nim with heaps up to 3: the six-element quotient of tame games
/// // (Plambeck and Siegel's T₂), two elements of it lost.
/// let q = Quotient::compute(&Ruleset::Nim, 3, 1 << 26)?;
/// assert_eq!(q.len(), 6);
/// assert_eq!(q.p_portion().len(), 2);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Quotient {
    max_heap: u64,
    /// A representative sum (sorted heaps) for each element; element 0 is
    /// the identity, the empty sum.
    representatives: Vec<Vec<u64>>,
    /// `product[a][b]`.
    product: Vec<Vec<Element>>,
    lost: Vec<bool>,
    /// Φ(heap n) for n = 0..=max_heap.
    heaps: Vec<Element>,
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
        Quotient::compute_with(ruleset, max_heap, max_bytes, &mut values::silent)
    }

    /// As [`Quotient::compute`], telling `progress` after each heap, which
    /// may stop it.
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
        match chain(ruleset, max_heap, max_bytes, progress) {
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
                        progress,
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

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.lost.len()
    }

    /// Whether the quotient has no element (never: the identity is one).
    pub fn is_empty(&self) -> bool {
        self.lost.is_empty()
    }

    /// The largest heap covered.
    pub fn max_heap(&self) -> u64 {
        self.max_heap
    }

    /// The pretending map: the element of each heap 0..=max_heap.
    pub fn heap_elements(&self) -> &[Element] {
        &self.heaps
    }

    /// The elements whose sums are lost for the player to move.
    pub fn p_portion(&self) -> Vec<Element> {
        (0..self.len() as Element)
            .filter(|&a| self.lost[a as usize])
            .collect()
    }

    /// A sum of heaps that maps to `element`, the shortest found.
    ///
    /// # Panics
    /// If `element` is not below [`Quotient::len`].
    pub fn representative(&self, element: Element) -> &[u64] {
        &self.representatives[element as usize]
    }

    /// For each element, a sum of heaps reaching it with the fewest heaps,
    /// and among those the fewest tokens (ties: the first found, adding
    /// heaps in increasing order). Unlike [`Quotient::representative`], which is
    /// what the construction met, this depends only on the table and the
    /// pretending map, so a quotient read back from its certificate gives
    /// the same sums.
    ///
    /// ```
    /// use grundy::{Ruleset, misere::Quotient};
    /// let q = Quotient::compute(&Ruleset::Nim, 3, 1 << 26)?;
    /// let sums = q.shortest_sums();
    /// assert!(sums[0].is_empty());
    /// for (a, sum) in sums.iter().enumerate() {
    ///     assert_eq!(q.element_of(sum)?, a as u32);
    ///     assert!(sum.len() <= q.representative(a as u32).len());
    /// }
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn shortest_sums(&self) -> Vec<Vec<u64>> {
        shortest_sums(&self.product, &self.heaps)
    }

    /// The multiplication table: `rows()[a][b]` is the product of a and b.
    pub fn rows(&self) -> &[Vec<Element>] {
        &self.product
    }

    /// Whether sums of `element` are lost for the player to move.
    ///
    /// # Panics
    /// If `element` is not below [`Quotient::len`].
    pub fn is_lost(&self, element: Element) -> bool {
        self.lost[element as usize]
    }

    /// The product of two elements.
    ///
    /// # Panics
    /// If either is not below [`Quotient::len`].
    pub fn multiply(&self, a: Element, b: Element) -> Element {
        self.product[a as usize][b as usize]
    }

    /// The element of the sum of `heaps`.
    ///
    /// # Errors
    /// [`InvalidInput`](ErrorKind::InvalidInput) for a heap past the bound.
    ///
    /// # Complexity
    /// O(heaps).
    pub fn element_of(&self, heaps: &[u64]) -> Result<Element> {
        heaps.iter().try_fold(0, |acc, &h| {
            let e = self.heaps.get(h as usize).ok_or_else(|| {
                Error::input(format!(
                    "heap {h} is past the quotient's bound {}; compute the quotient up to {h}",
                    self.max_heap
                ))
            })?;
            Ok(self.multiply(acc, *e))
        })
    }

    /// The misère outcome of the sum of `heaps`, in time linear in the heaps.
    ///
    /// ```
    /// use grundy::{Ruleset, misere::{Outcome, Quotient}};
    /// let kayles: Ruleset = "0.77".parse()?;
    /// let q = Quotient::compute(&kayles, 6, 1 << 26)?;
    /// assert_eq!(q.outcome(&[])?, Outcome::N);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Quotient::element_of`].
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome> {
        Ok(if self.lost[self.element_of(heaps)? as usize] {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// The same quotient with its elements numbered in the order of their
    /// normal forms ([`Presentation`](super::Presentation)): fewest letters
    /// first, then more of an earlier letter; the identity stays 0.
    fn canonical(self) -> Quotient {
        let words = super::Presentation::of(&self).normal_forms().to_vec();
        let mut order: Vec<usize> = (0..self.len()).collect();
        order.sort_by_key(|&a| {
            let degree: u32 = words[a].iter().sum();
            (degree, std::cmp::Reverse(words[a].clone()))
        });
        let mut number = vec![0 as Element; self.len()];
        for (i, &a) in order.iter().enumerate() {
            number[a] = i as Element;
        }
        Quotient {
            max_heap: self.max_heap,
            representatives: order
                .iter()
                .map(|&a| self.representatives[a].clone())
                .collect(),
            product: order
                .iter()
                .map(|&a| {
                    order
                        .iter()
                        .map(|&b| number[self.product[a][b] as usize])
                        .collect()
                })
                .collect(),
            lost: order.iter().map(|&a| self.lost[a]).collect(),
            heaps: self.heaps.iter().map(|&a| number[a as usize]).collect(),
        }
    }

    /// A quotient from its parts (the construction's own, proved).
    pub(super) fn from_parts(
        max_heap: u64,
        representatives: Vec<Vec<u64>>,
        product: Vec<Vec<Element>>,
        lost: Vec<bool>,
        heaps: Vec<Element>,
    ) -> Quotient {
        Quotient {
            max_heap,
            representatives,
            product,
            lost,
            heaps,
        }
    }

    /// A quotient from a checked table and pretending map (a certificate's),
    /// its representatives [`Quotient::shortest_sums`]; every element must
    /// be a product of heaps' elements.
    pub(super) fn from_table(
        max_heap: u64,
        product: Vec<Vec<Element>>,
        lost: Vec<bool>,
        heaps: Vec<Element>,
    ) -> Quotient {
        let representatives = shortest_sums(&product, &heaps);
        Quotient::from_parts(max_heap, representatives, product, lost, heaps)
    }

    /// The element of a sum of heaps within the bound.
    ///
    /// # Panics
    /// For a heap past the bound.
    pub(super) fn image_of(&self, heaps: &[u64]) -> Element {
        heaps
            .iter()
            .fold(0, |acc, &h| self.multiply(acc, self.heaps[h as usize]))
    }
}

/// The quotients of heaps up to 1, 2, …, `max_heap`, each step proved
/// (module documentation): heap n adjoined to the quotient of the smaller
/// heaps where that works, else the quotient learned ([`super::learn`]).
fn chain(
    ruleset: &Ruleset,
    max_heap: u64,
    max_bytes: u64,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> std::result::Result<Quotient, (Error, Option<Box<Quotient>>)> {
    let mut q = Quotient::from_parts(0, vec![vec![]], vec![vec![0]], vec![false], vec![0]);
    for n in 1..=max_heap {
        if !ruleset.has_move(n) {
            q.heaps.push(0);
            q.max_heap = n;
            continue;
        }
        let left = footprint::left(max_bytes, q.bytes());
        q = match adjoin_heap(&q, ruleset, n, max_heap, left, progress) {
            Ok(next) => next,
            Err(e) => return Err((e, (q.max_heap > 0).then(|| Box::new(q)))),
        };
        if progress(Progress {
            done: n,
            total: max_heap,
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
/// one step of [`chain`].
fn adjoin_heap(
    q: &Quotient,
    ruleset: &Ruleset,
    n: u64,
    max_heap: u64,
    max_bytes: u64,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Quotient> {
    let step = adjoin::columns(q, ruleset, n).and_then(|columns| {
        sweep::prove(q, ruleset, n, &columns, max_bytes)?;
        Ok(columns)
    });
    Ok(match step {
        Ok(columns) => {
            let size = q.len() * columns.len();
            check_size(n, size, reduce::bytes(q, &columns, 0), max_bytes)?;
            reduce::reduce(q, n, &columns, &[])
        }
        Err(Failure::Split { .. }) => {
            // Heap n tells apart sums that q identifies.
            let mut keep_going = || {
                progress(Progress {
                    done: n - 1,
                    total: max_heap,
                })
            };
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
                                    footprint::left(left, c.bytes()),
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

/// The earlier construction, kept where learning stops: where a heap
/// splits the smaller heaps' quotients, start again with them refined by
/// labels of contexts (k copies of that heap), guessed from the best
/// quotient proved in the pass before ([`super::lookahead`]); every
/// quotient is still proved. It reaches some bounds that learning does not
/// (0.14 to 21, 0.16 to 16), and learning reaches others (0.35, 0.26, 0.57).
/// `best` is left at the proved monoid with the largest bound seen (finer
/// than that bound's quotient, where contexts past it refined it).
fn compute_by_contexts(
    ruleset: &Ruleset,
    max_heap: u64,
    max_bytes: u64,
    best: &mut Option<Quotient>,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Quotient> {
    // The judge's memo and the chain's quotients share the bound.
    let mut judge = Judge::with_normal_form(ruleset.clone(), max_bytes / 2);
    let mut contexts: Vec<(u64, usize)> = Vec::new();
    let mut unroll = 0;
    loop {
        // The best quotient of the passes before this one.
        let base = best.clone();
        let mut labels = Labels {
            judge: &mut judge,
            best: base.as_ref(),
        };
        match chain_by_contexts(
            ruleset,
            max_heap,
            max_bytes / 2,
            &contexts,
            unroll,
            &mut labels,
            best,
            progress,
        ) {
            Ok(q) => return Ok(q.canonical()),
            Err(Failure::Other(e)) => return Err(e),
            Err(Failure::Split { heap, copies }) => {
                let new: Vec<(u64, usize)> = (1..=copies)
                    .map(|k| (heap, k))
                    .filter(|c| !contexts.contains(c))
                    .collect();
                if new.is_empty() {
                    if unroll >= MAX_UNROLL {
                        return Err(adjoin::split(heap));
                    }
                    unroll += 2;
                } else if contexts.len() >= MAX_CONTEXTS {
                    return Err(adjoin::split(heap));
                }
                contexts.extend(new);
            }
        }
    }
}

/// Where the labels of contexts come from: a guess from the best proved
/// quotient of an earlier pass where it reaches (see
/// [`super::lookahead`]), else the judge.
struct Labels<'a> {
    judge: &'a mut Judge,
    best: Option<&'a Quotient>,
}

impl Labels<'_> {
    /// Whether `sum` plus `copies` copies of `heap` is lost, by the judge.
    fn lost(&mut self, sum: &[u64], heap: u64, copies: usize) -> Result<bool> {
        let mut all = sum.to_vec();
        all.extend(std::iter::repeat_n(heap, copies));
        Ok(self.judge.outcome(&all)? == Outcome::P)
    }
}

/// The most contexts (copies of a larger heap) that the smaller heaps'
/// quotients are refined by before giving up.
const MAX_CONTEXTS: usize = 64;

/// The most powers of a heap's image written out past its cycle, so that a
/// refinement can keep them apart.
const MAX_UNROLL: usize = 8;

/// Breadth first from the identity (element 0), one heap at a time: the
/// elements first reached with k heaps form layer k, and each gets the
/// sum with the fewest tokens among its layer's (a sum of k heaps reaching
/// it less one heap reaches an element of layer k − 1, so the layer before
/// holds the least-token prefix). Elements no sum reaches (none in a
/// quotient) get the empty sum.
fn shortest_sums(product: &[Vec<Element>], heaps: &[Element]) -> Vec<Vec<u64>> {
    let mut best: Vec<Option<(u64, Vec<u64>)>> = vec![None; product.len()];
    best[0] = Some((0, Vec::new()));
    let mut layer: Vec<Element> = vec![0];
    while !layer.is_empty() {
        let mut found: Vec<(Element, u64, Vec<u64>)> = Vec::new();
        let mut at: std::collections::HashMap<Element, usize> = std::collections::HashMap::new();
        for &a in &layer {
            let (tokens, sum) = best[a as usize].clone().unwrap_or_default();
            for (heap, &x) in heaps.iter().enumerate() {
                let b = product[a as usize][x as usize];
                if best[b as usize].is_some() {
                    continue;
                }
                let t = tokens + heap as u64;
                match at.get(&b) {
                    Some(&i) if found[i].1 <= t => {}
                    place => {
                        let mut longer = sum.clone();
                        longer.push(heap as u64);
                        longer.sort_unstable();
                        match place {
                            Some(&i) => found[i] = (b, t, longer),
                            None => {
                                at.insert(b, found.len());
                                found.push((b, t, longer));
                            }
                        }
                    }
                }
            }
        }
        layer = found.iter().map(|f| f.0).collect();
        for (b, t, sum) in found {
            best[b as usize] = Some((t, sum));
        }
    }
    best.into_iter()
        .map(|b| b.map(|(_, sum)| sum).unwrap_or_default())
        .collect()
}

/// The quotients of heaps up to 1, 2, …, `max_heap`, each step proved
/// (module documentation). Below each heap n, the quotient is refined by
/// the outcome of each element's representative plus each context (k copies
/// of a heap past n), guessed from the best quotient of an earlier pass
/// (`source.best`, see [`super::lookahead`]) or decided by the judge: a
/// finer monoid is still a correct one, and it keeps apart the sums that a
/// later heap will tell apart. The last step has no context past it, so its
/// result is the quotient. `best` is kept at the proved quotient with the
/// largest bound seen.
#[allow(clippy::too_many_arguments)]
fn chain_by_contexts(
    ruleset: &Ruleset,
    max_heap: u64,
    max_bytes: u64,
    contexts: &[(u64, usize)],
    unroll: usize,
    source: &mut Labels,
    best: &mut Option<Quotient>,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> std::result::Result<Quotient, Failure> {
    let mut q = Quotient::from_parts(0, vec![vec![]], vec![vec![0]], vec![false], vec![0]);
    for n in 1..=max_heap {
        if !ruleset.has_move(n) {
            q.heaps.push(0);
            q.max_heap = n;
            continue;
        }
        // This quotient and the best ones kept are held while the next
        // is made.
        let held = q.bytes()
            + best.as_ref().map_or(0, Quotient::bytes)
            + source.best.map_or(0, Quotient::bytes);
        let left = footprint::left(max_bytes, held);
        let columns = adjoin::columns(&q, ruleset, n)?;
        sweep::prove(&q, ruleset, n, &columns, left)?;
        let ahead = contexts.iter().any(|c| c.0 > n);
        let columns = if ahead {
            columns.unrolled(unroll)
        } else {
            columns
        };
        let size = q.len() * columns.len();
        let rows = contexts.iter().filter(|c| c.0 > n).count();
        let needed = reduce::bytes(&q, &columns, rows)
            + allocation(24 * rows)
            + rows as u64 * allocation(size);
        check_size(n, size, needed, left).map_err(Failure::Other)?;
        let mut labels = Vec::new();
        for &(heap, copies) in contexts.iter().filter(|c| c.0 > n) {
            if let Some(b) = source.best
                && heap <= b.max_heap() + 1
            {
                let max_bytes = footprint::left(left, needed);
                labels.push(
                    lookahead::guessed_labels(&q, &columns, n, ruleset, b, heap, copies, max_bytes)
                        .map_err(Failure::Other)?,
                );
                continue;
            }
            let mut row = Vec::with_capacity(size);
            for m in 0..size {
                let (a, k) = (m / columns.len(), m % columns.len());
                let mut sum = q.representative(a as Element).to_vec();
                sum.extend(std::iter::repeat_n(n, k));
                row.push(source.lost(&sum, heap, copies)?);
            }
            labels.push(row);
        }
        q = reduce::reduce(&q, n, &columns, &labels);
        if best.as_ref().is_none_or(|b| b.max_heap() < n) {
            *best = Some(q.clone());
        }
        if progress(Progress {
            done: n,
            total: max_heap,
        })
        .is_break()
        {
            return Err(Failure::Other(Error::new(
                ErrorKind::Interrupted,
                format!("stopped after the quotient of heaps up to {n}"),
            )));
        }
    }
    Ok(q)
}
