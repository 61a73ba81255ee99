//! Playing from a misère quotient: the outcome of a sum and its winning
//! moves, read from the quotient's tables instead of searched.
//!
//! A bounded quotient answers for sums of heaps up to its bound; once its
//! pretending map's period is proved ([`super::pretending_period`]) it is
//! the quotient of every heap, and a heap of any size pretends to be the
//! element the period gives. A move replaces one heap by its parts, so the
//! position after it is the product of the other heaps' elements and the
//! parts'; it wins when that product is in the P-portion.

use crate::error::{Error, Result};
use crate::ruleset::Ruleset;
use crate::sum::HeapMove;

use super::Outcome;
use super::period::{PretendingPeriod, pretending_period};
use super::quotient::{Element, Quotient};

/// A misère quotient with, where proved, the period of its pretending map:
/// the outcome and the winning moves of every sum of the heaps it covers.
///
/// ```
/// use grundy::{Ruleset, misere::{Judge, Outcome, Quotient, Strategy}};
/// let kayles: Ruleset = "0.77".parse()?;
/// let strategy = Strategy::new(&kayles, Quotient::compute(&kayles, 12, 1 << 26)?);
/// let mut judge = Judge::new(kayles.clone(), 1 << 24);
/// for heaps in [[3, 5, 7], [4, 4, 9], [1, 6, 12]] {
///     assert_eq!(strategy.outcome(&heaps)?, judge.outcome(&heaps)?);
///     assert_eq!(strategy.winning_moves(&kayles, &heaps)?, judge.winning_moves(&heaps)?);
/// }
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Strategy {
    quotient: Quotient,
    /// The pretending map's period, kept only when proved.
    period: Option<PretendingPeriod>,
}

impl Strategy {
    /// The strategy of `quotient`, a quotient of `ruleset`; it covers every
    /// heap when the period of the pretending map is proved at the
    /// quotient's bound, the heaps up to the bound otherwise.
    pub fn new(ruleset: &Ruleset, quotient: Quotient) -> Strategy {
        let period = pretending_period(ruleset, &quotient).filter(PretendingPeriod::is_proved);
        Strategy { quotient, period }
    }

    /// The quotient played from.
    pub fn quotient(&self) -> &Quotient {
        &self.quotient
    }

    /// The proved period of the pretending map, if any.
    pub fn period(&self) -> Option<&PretendingPeriod> {
        self.period.as_ref()
    }

    /// Whether every heap has its element: the period is proved.
    pub fn covers_every_heap(&self) -> bool {
        self.period.is_some()
    }

    /// Whether heap `n` has its element.
    pub fn covers(&self, n: u64) -> bool {
        n <= self.quotient.max_heap() || self.covers_every_heap()
    }

    /// The element heap `n` pretends to be.
    ///
    /// # Errors
    /// [`InvalidInput`](crate::ErrorKind::InvalidInput) for a heap past the
    /// quotient's bound when no period is proved.
    pub fn element(&self, n: u64) -> Result<Element> {
        match &self.period {
            Some(period) => Ok(period.element(&self.quotient, n)),
            None if n > self.quotient.max_heap() => Err(Error::input(format!(
                "heap {n} is past this quotient's bound, {}, and no period of its pretending map is proved; compute the quotient up to heap {n}",
                self.quotient.max_heap()
            ))),
            None => self.quotient.element_of(&[n]),
        }
    }

    /// The element of the sum of `heaps`.
    ///
    /// # Errors
    /// As [`Strategy::element`].
    ///
    /// # Complexity
    /// O(heaps).
    pub fn element_of(&self, heaps: &[u64]) -> Result<Element> {
        heaps.iter().try_fold(0, |acc, &h| {
            Ok(self.quotient.multiply(acc, self.element(h)?))
        })
    }

    /// The misère outcome of the sum of `heaps`.
    ///
    /// # Errors
    /// As [`Strategy::element`].
    ///
    /// # Complexity
    /// O(heaps).
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome> {
        Ok(if self.quotient.is_lost(self.element_of(heaps)?) {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// Every winning move from the sum of `heaps`, in the order of the
    /// heaps and of `ruleset`'s options: the moves to a sum in the
    /// P-portion. `ruleset` must be the game of the quotient.
    ///
    /// # Errors
    /// As [`Strategy::element`].
    ///
    /// # Complexity
    /// O(heaps + options · parts): the product of the other heaps is
    /// worked out once a heap, from products of those before and after it.
    pub fn winning_moves(&self, ruleset: &Ruleset, heaps: &[u64]) -> Result<Vec<HeapMove>> {
        let elements: Vec<Element> = heaps
            .iter()
            .map(|&h| self.element(h))
            .collect::<Result<_>>()?;
        let q = &self.quotient;
        // after[i]: the product of the elements from i on.
        let mut after = vec![0; elements.len() + 1];
        for i in (0..elements.len()).rev() {
            after[i] = q.multiply(elements[i], after[i + 1]);
        }
        let mut before = 0;
        let mut moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let others = q.multiply(before, after[i + 1]);
            for mv in ruleset.options(h) {
                let left = mv.parts.iter().try_fold(others, |acc, &part| {
                    Ok::<_, Error>(q.multiply(acc, self.element(part)?))
                })?;
                if q.is_lost(left) {
                    moves.push(HeapMove {
                        heap: i,
                        from: h,
                        removed: mv.removed,
                        parts: mv.parts,
                    });
                }
            }
            before = q.multiply(before, elements[i]);
        }
        Ok(moves)
    }
}
