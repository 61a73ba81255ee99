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
//! This file is the type and what it answers; how it is found is
//! `construction.rs` (heap by heap, each step proved) and, where that
//! stops, `contexts.rs` (the earlier construction by labels of contexts).

use crate::error::{Error, Result};

use super::Outcome;

/// Element indices in a quotient.
pub type Element = u32;

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
    /// [`InvalidInput`](crate::ErrorKind::InvalidInput) for a heap past the bound.
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
    pub(super) fn canonical(self) -> Quotient {
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

    /// The same quotient with heap `n`, which has no move, adjoined: it is
    /// the empty sum, the identity.
    pub(super) fn adjoin_moveless(&mut self, n: u64) {
        self.heaps.push(0);
        self.max_heap = n;
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
