//! The misère rule of nim in its genus form, for sums of tame heaps.
//!
//! Bouton's misère rule: play misère nim as normal nim, except that a
//! position whose heaps are all 0 or 1 is lost exactly when the number of 1s
//! is odd. A tame game plays in misère sums like a nim position of its genus
//! (*On Numbers and Games*, ch. 12; *Winning Ways*, ch. 13): a *fickle* one
//! like *0 or *1, a *firm* one like *g (g ≥ 2), *2 + *2 or *2 + *3. So a sum
//! of tame heaps of normal values gᵢ is lost for the player to move exactly
//! when
//!
//! - some heap is firm and the nim-sum of the gᵢ is 0, or
//! - every heap is fickle and the nim-sum of the gᵢ is 1.

use crate::error::{Error, ErrorKind, Result};
use crate::ruleset::Ruleset;
use crate::sum::HeapMove;

use super::Outcome;
use super::genera::Genera;
use super::genus::Tame;

/// The misère outcome of the sum of `heaps` by the tame rule, or `None` if
/// some heap is not tame (then only the judge, [`super::Judge`], knows).
///
/// ```
/// use grundy::{Ruleset, misere::{tame, Genera, Outcome}};
/// let nim = Ruleset::Nim;
/// let genera = Genera::compute(&nim, 5, 1 << 20)?;
/// assert_eq!(tame::outcome(&genera, &[1, 1, 1])?, Some(Outcome::P));
/// assert_eq!(tame::outcome(&genera, &[1, 1])?, Some(Outcome::N));
/// assert_eq!(tame::outcome(&genera, &[2, 3, 1])?, Some(Outcome::P));
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`InvalidInput`](ErrorKind::InvalidInput) for a heap past the genera
/// computed.
///
/// # Complexity
/// O(heaps).
pub fn outcome(genera: &Genera, heaps: &[u64]) -> Result<Option<Outcome>> {
    let mut sum = Sum::default();
    for &h in heaps {
        check(genera, h)?;
        match Sum::of_heap(genera, h) {
            None => return Ok(None),
            Some(heap) => sum.add(heap),
        }
    }
    Ok(Some(sum.outcome()))
}

/// What the tame rule needs of a sum of tame heaps: the nim-sum of their
/// normal values and how many are firm.
#[derive(Clone, Copy, Default)]
struct Sum {
    normal: u64,
    firm: usize,
}

impl Sum {
    /// The sum of the one heap `h`, or `None` if it is not tame.
    fn of_heap(genera: &Genera, h: u64) -> Option<Sum> {
        let tame = genera.tame(h)?;
        Some(Sum {
            normal: genera.heap(h).normal(),
            firm: usize::from(tame == Tame::Firm),
        })
    }

    fn add(&mut self, heap: Sum) {
        self.normal ^= heap.normal;
        self.firm += heap.firm;
    }

    fn remove(&mut self, heap: Sum) {
        self.normal ^= heap.normal;
        self.firm -= heap.firm;
    }

    fn outcome(self) -> Outcome {
        let lost = if self.firm > 0 {
            self.normal == 0
        } else {
            self.normal == 1
        };
        if lost { Outcome::P } else { Outcome::N }
    }
}

/// Every winning move from `heaps` by the tame rule (heaps numbered as
/// given), or `None` if some heap is not tame. The heaps a move leaves are
/// tame too (a tame heap's options are made of tame heaps), so each move is
/// judged by the same rule.
///
/// ```
/// use grundy::{Ruleset, misere::{tame, Genera}};
/// let nim = Ruleset::Nim;
/// let genera = Genera::compute(&nim, 5, 1 << 20)?;
/// let moves = tame::winning_moves(&nim, &genera, &[1, 1, 3])?.unwrap();
/// assert_eq!(moves.len(), 1);
/// // Leave three 1s (an odd number, lost for the opponent), not two.
/// assert_eq!(moves[0].parts, [1]);
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// As [`outcome`].
///
/// # Complexity
/// O(heaps + options · parts): the nim-sum and the number of firm heaps
/// are worked out once; a move changes them by its heap and its parts
/// (judging each move's whole position was quadratic in the heaps: a
/// million heaps of 1 took about 26 minutes).
pub fn winning_moves(
    ruleset: &Ruleset,
    genera: &Genera,
    heaps: &[u64],
) -> Result<Option<Vec<HeapMove>>> {
    if outcome(genera, heaps)?.is_none() {
        return Ok(None);
    }
    let mut total = Sum::default();
    let mut each = Vec::with_capacity(heaps.len());
    for &h in heaps {
        // Every heap is tame: `outcome` said so.
        let heap = Sum::of_heap(genera, h).unwrap_or_default();
        total.add(heap);
        each.push(heap);
    }
    let mut moves = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let mut others = total;
        others.remove(each[i]);
        for mv in ruleset.options(h) {
            let mut after = Some(others);
            for &part in &mv.parts {
                check(genera, part)?;
                after = after.zip(Sum::of_heap(genera, part)).map(|(mut a, p)| {
                    a.add(p);
                    a
                });
            }
            // A part that is not tame is judged by no rule here.
            if after.is_some_and(|a| a.outcome() == Outcome::P) {
                moves.push(HeapMove {
                    heap: i,
                    from: h,
                    removed: mv.removed,
                    parts: mv.parts,
                });
            }
        }
    }
    Ok(Some(moves))
}

fn check(genera: &Genera, heap: u64) -> Result<()> {
    if heap > genera.max_heap() {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            format!(
                "heap {heap} is past the genera computed (0 to {}); compute them up to {heap}",
                genera.max_heap()
            ),
        ));
    }
    Ok(())
}
