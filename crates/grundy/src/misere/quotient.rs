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
//! How this module finds it (heap by heap, each step proved, not guessed):
//!
//! 1. With the quotient Q of the heaps below n known, a *candidate* monoid
//!    M = Q × C, where C = {1, x, …, x^(E+1)} with x^(E+2) = x^E, is tried
//!    for E = 0, 1, 2, …: heap n maps to x. Its P-portion is read from the
//!    judge ([`super::Judge`]) on one representative sum an element.
//! 2. The candidate is *verified*: a map Φ from sums to a finite monoid
//!    with a set P gives every outcome exactly when, for every sum U,
//!    Φ(U) ∈ P ⟺ U has a move and every option U′ has Φ(U′) ∉ P
//!    (induction on the game tree; misère: a sum with no move is won).
//!    An option of U replaces one heap h by the heaps o it leaves, so
//!    Φ(U′) = Φ(U − h)·Φ(o), and the condition depends only on the *state*
//!    of U: Φ(U) and Φ(U − h) for each heap h in U. The state of U + j
//!    is a function of the state of U (Φ(U + j − h) = Φ(U − h)·Φ(j) for
//!    h ≠ j or h already in U, and Φ(U) for the new j), so a breadth-first
//!    search from the empty sum reaches every state of every sum, finitely
//!    many, and the condition is checked in each.
//! 3. A verified candidate is reduced to the quotient: elements a, b are
//!    identified when ac ∈ P ⟺ bc ∈ P for every c (Φ is onto, so this is
//!    exactly indistinguishability).
//!
//! If no E up to a bound gives a candidate that verifies (the heap needs a
//! longer cycle, or splits classes of the previous quotient, which adding
//! a game can do), the computation stops with an error rather than guess.

use std::collections::{HashMap, HashSet, VecDeque};
use std::ops::ControlFlow;

use crate::error::{Error, ErrorKind, Result};
use crate::ruleset::Ruleset;
use crate::values::{self, Progress};

use super::Outcome;
use super::judge::Judge;

/// The largest E tried in a candidate x^(E+2) = x^E.
const MAX_E: usize = 4;

/// The most states the verification visits for one heap.
const MAX_STATES: usize = 1 << 21;

/// Element indices in a quotient.
type Element = u32;

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

impl Quotient {
    /// The quotient of all sums of heaps of `ruleset` of sizes up to
    /// `max_heap`, the judge's memo within `max_bytes`.
    ///
    /// # Errors
    /// [`TooLarge`](ErrorKind::TooLarge) when the judge or the verification
    /// would pass its bound; [`Overflow`](ErrorKind::Overflow) when no
    /// candidate up to the largest cycle tried verifies (see the module
    /// documentation).
    ///
    /// # Complexity
    /// For each heap, a few candidates of |Q|·(E + 2) elements, each judged
    /// once, and a search over the states of sums (at most about two million).
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
        let mut judge = Judge::new(ruleset.clone(), max_bytes);
        let mut q = Quotient {
            max_heap: 0,
            representatives: vec![vec![]],
            product: vec![vec![0]],
            lost: vec![false],
            heaps: vec![0],
        };
        for n in 1..=max_heap {
            if !ruleset.has_move(n) {
                q.heaps.push(0);
                q.max_heap = n;
                continue;
            }
            let options: Vec<Vec<u64>> = ruleset.options(n).into_iter().map(|m| m.parts).collect();
            let mut found = None;
            for e in 0..=MAX_E {
                let candidate = q.candidate(n, e, &options, &mut judge)?;
                if candidate.verifies(ruleset, n)? {
                    found = Some(candidate.reduce());
                    break;
                }
            }
            let next = found.ok_or_else(|| {
                Error::new(
                    ErrorKind::Overflow,
                    format!(
                        "no misère quotient was found for heap {n}: no candidate with a cycle x^(E+2) = x^E, E ≤ {MAX_E}, \
                         over the quotient of the smaller heaps verifies; the quotient up to heap {} is the last one found",
                        n - 1
                    ),
                )
            })?;
            q = next;
            if progress(Progress {
                done: n,
                total: max_heap,
            })
            .is_break()
            {
                return Err(Error::new(
                    ErrorKind::Interrupted,
                    format!("stopped after the quotient of heaps up to {n}"),
                ));
            }
        }
        Ok(q)
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

    /// The candidate Q × {1, x, …, x^(E+1)} for heap `n`, its P-portion from
    /// the judge.
    fn candidate(
        &self,
        n: u64,
        e: usize,
        options: &[Vec<u64>],
        judge: &mut Judge,
    ) -> Result<Candidate> {
        let cycle = e + 2;
        let size = self.len() * cycle;
        let index = |q: Element, k: usize| q as usize * cycle + k;
        let saturate = |k: usize| if k <= e + 1 { k } else { e + (k - e) % 2 };
        let mut product = vec![vec![0; size]; size];
        let mut representatives = Vec::with_capacity(size);
        let mut lost = Vec::with_capacity(size);
        for a in 0..self.len() as Element {
            for k in 0..cycle {
                for b in 0..self.len() as Element {
                    for l in 0..cycle {
                        product[index(a, k)][index(b, l)] =
                            index(self.multiply(a, b), saturate(k + l)) as Element;
                    }
                }
                let mut sum = self.representative(a).to_vec();
                sum.extend(std::iter::repeat_n(n, k));
                sum.sort_unstable();
                lost.push(judge.outcome(&sum)? == Outcome::P);
                representatives.push(sum);
            }
        }
        let mut heaps: Vec<Element> = self.heaps.iter().map(|&a| index(a, 0) as Element).collect();
        heaps.push(index(0, 1) as Element);
        let option_elements = |parts: &[u64]| {
            parts.iter().fold(0 as Element, |acc, &p| {
                product[acc as usize][heaps[p as usize] as usize]
            })
        };
        let mut new_options: Vec<Element> = options.iter().map(|o| option_elements(o)).collect();
        new_options.sort_unstable();
        new_options.dedup();
        Ok(Candidate {
            max_heap: n,
            representatives,
            product,
            lost,
            heaps,
            new_options,
        })
    }
}

/// A candidate quotient for the heaps up to `max_heap`, before verification.
struct Candidate {
    max_heap: u64,
    representatives: Vec<Vec<u64>>,
    product: Vec<Vec<Element>>,
    lost: Vec<bool>,
    heaps: Vec<Element>,
    /// Φ of the options of the newest heap.
    new_options: Vec<Element>,
}

impl Candidate {
    /// Whether Φ and the P-portion give the outcome of every sum of heaps up
    /// to `max_heap` (step 2 of the module documentation).
    fn verifies(&self, ruleset: &Ruleset, n: u64) -> Result<bool> {
        // The distinct heaps with a move, and Φ of each one's options.
        let mut movers: Vec<u64> = Vec::new();
        let mut option_elements: Vec<Vec<Element>> = Vec::new();
        for h in 1..=n {
            if !ruleset.has_move(h) {
                continue;
            }
            let mut elements: Vec<Element> = if h == n {
                self.new_options.clone()
            } else {
                ruleset
                    .options(h)
                    .iter()
                    .map(|m| {
                        m.parts
                            .iter()
                            .fold(0, |acc, &p| self.mul(acc, self.heaps[p as usize]))
                    })
                    .collect()
            };
            elements.sort_unstable();
            elements.dedup();
            movers.push(h);
            option_elements.push(elements);
        }
        // A state: Φ(U), and Φ(U − h) for each mover h (u32::MAX: h not in U).
        let absent = Element::MAX;
        let start: Vec<Element> = std::iter::once(0)
            .chain(movers.iter().map(|_| absent))
            .collect();
        let mut seen: HashSet<Vec<Element>> = HashSet::new();
        let mut queue = VecDeque::new();
        seen.insert(start.clone());
        queue.push_back(start);
        while let Some(state) = queue.pop_front() {
            let phi = state[0];
            let mut has_move = false;
            let mut all_options_won = true;
            for (i, &without) in state[1..].iter().enumerate() {
                if without == absent {
                    continue;
                }
                has_move = true;
                if option_elements[i]
                    .iter()
                    .any(|&o| self.lost[self.mul(without, o) as usize])
                {
                    all_options_won = false;
                    break;
                }
            }
            if self.lost[phi as usize] != (has_move && all_options_won) {
                return Ok(false);
            }
            for (j, &h) in movers.iter().enumerate() {
                let x = self.heaps[h as usize];
                let mut next = Vec::with_capacity(state.len());
                next.push(self.mul(phi, x));
                for (i, &without) in state[1..].iter().enumerate() {
                    next.push(if i == j {
                        phi
                    } else if without == absent {
                        absent
                    } else {
                        self.mul(without, x)
                    });
                }
                if !seen.contains(&next) {
                    if seen.len() >= MAX_STATES {
                        return Err(Error::new(
                            ErrorKind::TooLarge,
                            format!(
                                "verifying the misère quotient for heap {n} reaches more than {MAX_STATES} states; ask for a smaller heap bound"
                            ),
                        ));
                    }
                    seen.insert(next.clone());
                    queue.push_back(next);
                }
            }
        }
        Ok(true)
    }

    fn mul(&self, a: Element, b: Element) -> Element {
        self.product[a as usize][b as usize]
    }

    /// Identifies the elements that no sum tells apart (step 3).
    fn reduce(self) -> Quotient {
        let size = self.lost.len();
        // Row of a: which products a·c are lost, for every c.
        let rows: Vec<Vec<bool>> = (0..size)
            .map(|a| {
                (0..size)
                    .map(|c| self.lost[self.product[a][c] as usize])
                    .collect()
            })
            .collect();
        let mut class_of_row: HashMap<&[bool], Element> = HashMap::new();
        let mut class = vec![0 as Element; size];
        let mut members: Vec<usize> = Vec::new();
        // Element 0 (the identity) first, so it stays class 0.
        for a in 0..size {
            let next = class_of_row.len() as Element;
            let c = *class_of_row.entry(rows[a].as_slice()).or_insert(next);
            class[a] = c;
            if c as usize == members.len() {
                members.push(a);
            } else if self.representatives[a].len()
                < self.representatives[members[c as usize]].len()
            {
                members[c as usize] = a;
            }
        }
        let classes = members.len();
        let product = (0..classes)
            .map(|x| {
                (0..classes)
                    .map(|y| class[self.product[members[x]][members[y]] as usize])
                    .collect()
            })
            .collect();
        Quotient {
            max_heap: self.max_heap,
            representatives: members
                .iter()
                .map(|&a| self.representatives[a].clone())
                .collect(),
            product,
            lost: members.iter().map(|&a| self.lost[a]).collect(),
            heaps: self.heaps.iter().map(|&a| class[a as usize]).collect(),
        }
    }
}
