//! Sums of heaps: the value of a position and every winning move.
//!
//! By the Sprague–Grundy theorem the value of a position with several heaps is
//! the nim-sum of the heaps' values, and a move is winning exactly when it
//! leaves a position of value zero.

use crate::error::{Error, ErrorKind, Result};
use crate::nimber::Nimber;
use crate::ruleset::Ruleset;
use crate::values::ValueTable;

/// A move in a sum of heaps: heap number `heap` (0-based), of size `from`, is
/// replaced by `parts` after `removed` tokens are taken away.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HeapMove {
    /// Index of the heap moved in, in the position as given.
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// Tokens taken away.
    pub removed: u64,
    /// The heaps left in its place, smallest first (none if it is gone).
    pub parts: Vec<u64>,
}

impl HeapMove {
    /// The position after this move: the heap moved in is replaced, in place,
    /// by its parts.
    ///
    /// ```
    /// use grundy::sum::HeapMove;
    /// let mv = HeapMove { heap: 1, from: 10, removed: 0, parts: vec![3, 7] };
    /// assert_eq!(mv.apply(&[5, 10, 20]), [5, 3, 7, 20]);
    /// ```
    pub fn apply(&self, heaps: &[u64]) -> Vec<u64> {
        let mut next = Vec::with_capacity(heaps.len() + self.parts.len());
        next.extend_from_slice(&heaps[..self.heap]);
        next.extend_from_slice(&self.parts);
        next.extend_from_slice(&heaps[self.heap + 1..]);
        next
    }
}

/// The value of the sum of `heaps`: the nim-sum of their values.
///
/// ```
/// use grundy::{Nimber, Ruleset, sum, values};
/// let nim = Ruleset::Nim;
/// let table = values::compute(&nim, 7)?;
/// assert_eq!(sum::value(&table, &[3, 5, 6])?, Nimber::ZERO);
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) if a heap is past the
/// table.
pub fn value(table: &ValueTable, heaps: &[u64]) -> Result<Nimber> {
    heaps.iter().map(|&h| heap_value(table, h)).sum()
}

fn heap_value(table: &ValueTable, heap: u64) -> Result<Nimber> {
    table.get(heap).ok_or_else(|| {
        Error::input(format!(
            "heap {heap} is past the values computed (0 to {}); compute values up to {heap} first",
            table.len().saturating_sub(1)
        ))
    })
}

/// Every winning move from `heaps`: the moves that leave a position of value
/// zero. Empty exactly when the position is lost (its value is zero).
///
/// ```
/// use grundy::{Ruleset, sum, values};
/// let g: Ruleset = "grundy".parse()?;
/// let table = values::compute(&g, 20)?;
/// let heaps = [5, 10, 20];
/// let moves = sum::winning_moves(&g, &table, &heaps)?;
/// assert!(!moves.is_empty());
/// for mv in &moves {
///     assert!(sum::value(&table, &mv.apply(&heaps))?.is_zero());
/// }
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) if a heap is past the
/// table; [`TooLarge`](crate::ErrorKind::TooLarge) if a heap may have more
/// than [`MAX_OPTIONS_LISTED`] moves ([`Ruleset::option_bound`], checked
/// before any is listed: a split into any number of heaps has as many
/// moves as its heap has partitions).
///
/// # Complexity
/// O(total options of the heaps whose value can drop to the target).
pub fn winning_moves(
    ruleset: &Ruleset,
    table: &ValueTable,
    heaps: &[u64],
) -> Result<Vec<HeapMove>> {
    let total = value(table, heaps)?;
    let mut moves = Vec::new();
    if total.is_zero() {
        return Ok(moves);
    }
    check_listable(ruleset, heaps)?;
    for (i, &h) in heaps.iter().enumerate() {
        let target = total + heap_value(table, h)?;
        for mv in ruleset.options(h) {
            let parts: Nimber = mv
                .parts
                .iter()
                .map(|&p| heap_value(table, p))
                .sum::<Result<Nimber>>()?;
            if parts == target {
                moves.push(HeapMove {
                    heap: i,
                    from: h,
                    removed: mv.removed,
                    parts: mv.parts,
                });
            }
        }
    }
    Ok(moves)
}

/// The most moves of one heap that are listed to find the winning ones:
/// some 4 GiB of moves listed.
pub const MAX_OPTIONS_LISTED: u64 = 1 << 26;

/// Refuses heaps whose moves are too many to list.
///
/// # Errors
/// [`ErrorKind::TooLarge`] naming the first such heap.
pub(crate) fn check_listable(ruleset: &Ruleset, heaps: &[u64]) -> Result<()> {
    match heaps
        .iter()
        .find(|&&h| ruleset.option_bound(h) > MAX_OPTIONS_LISTED)
    {
        Some(&h) => Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "a heap of {h} in {ruleset} has up to {} moves, more than the {MAX_OPTIONS_LISTED} listed to find the winning ones; give smaller heaps",
                ruleset.option_bound(h)
            ),
        )),
        None => Ok(()),
    }
}
