//! The set of P-positions up to a bound, and winning moves from it.

use std::ops::ControlFlow;

use super::{Options, Progress, SubsetGame, SubsetMove, scan};
use crate::error::{Error, ErrorKind, Result};

/// The P-positions of a game with coordinates at most `to`, for membership
/// tests and winning moves.
///
/// A move never raises a coordinate, so knowing the P-positions up to the
/// largest heap of a position is enough to judge it. It stores every
/// P-position (`4·K` bytes each, over 12 million for the stone game up to
/// 10 000); to judge a single position, [`winning_move`] needs no such store.
///
/// ```
/// use grundy::multiheap::{PSet, SubsetGame, SubsetMove};
/// let stone = SubsetGame::stone();
/// let p = PSet::compute(&stone, 7, Default::default(), &mut grundy::values::silent)?;
/// assert!(p.contains(&[3, 1, 3])?); // (1, 3, 3) in any order
/// let mv = p.winning_move(&[3, 5, 7])?.expect("(3, 5, 7) is won");
/// assert!(p.contains(&mv.apply(&[3, 5, 7]))?);
/// assert_eq!(p.winning_move(&[0, 1, 2])?, None); // lost: every move loses
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PSet {
    game: SubsetGame,
    to: u32,
    /// The sorted P-positions, `K` coordinates each, in lexicographic order.
    flat: Vec<u32>,
}

impl PSet {
    /// Enumerates the P-positions of `game` up to `to` with `options`.
    ///
    /// # Errors
    /// As [`scan`].
    pub fn compute(
        game: &SubsetGame,
        to: u32,
        options: Options,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Self> {
        let mut flat = Vec::new();
        scan(
            game,
            to,
            options,
            &mut |p| {
                flat.extend_from_slice(p);
                ControlFlow::Continue(())
            },
            progress,
        )?;
        Ok(PSet {
            game: *game,
            to,
            flat,
        })
    }

    /// The game.
    pub fn game(&self) -> &SubsetGame {
        &self.game
    }

    /// The bound on the coordinates.
    pub fn to(&self) -> u32 {
        self.to
    }

    /// The number of P-positions.
    pub fn len(&self) -> usize {
        self.flat.len() / self.game.heaps()
    }

    /// Whether there are none (never: the empty position is always P).
    pub fn is_empty(&self) -> bool {
        self.flat.is_empty()
    }

    /// The P-positions, sorted, in lexicographic order.
    pub fn iter(&self) -> impl Iterator<Item = &[u32]> {
        self.flat.chunks_exact(self.game.heaps())
    }

    /// Whether `position` (heaps in any order) is a P-position: lost for the
    /// player to move.
    ///
    /// # Errors
    /// [`InvalidInput`](crate::ErrorKind::InvalidInput) if `position` has the
    /// wrong number of heaps or a heap above [`to`](Self::to); the message
    /// names the bound needed.
    pub fn contains(&self, position: &[u32]) -> Result<bool> {
        self.check(position)?;
        let mut sorted = position.to_vec();
        sorted.sort_unstable();
        let k = self.game.heaps();
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            let entry = &self.flat[mid * k..(mid + 1) * k];
            match entry.cmp(&sorted) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Ok(true),
            }
        }
        Ok(false)
    }

    /// A move from `position` (heaps in any order, indices of the move refer
    /// to that order) to a P-position, or `None` if `position` is itself P
    /// and so lost. Among winning moves, the first by subset (fewest heaps,
    /// then lowest indices) and then by smallest amount.
    ///
    /// # Errors
    /// As [`contains`](Self::contains).
    pub fn winning_move(&self, position: &[u32]) -> Result<Option<SubsetMove>> {
        self.check(position)?;
        let mut moves = self.game.moves(position);
        moves.sort_by_key(|m| (m.heaps.len(), m.heaps.clone(), m.take));
        for mv in moves {
            if self.contains(&mv.apply(position))? {
                return Ok(Some(mv));
            }
        }
        Ok(None)
    }

    fn check(&self, position: &[u32]) -> Result<()> {
        let k = self.game.heaps();
        if position.len() != k {
            return Err(Error::input(format!(
                "{} has {k} heaps but the position has {}; give {k} heap sizes",
                self.game,
                position.len()
            )));
        }
        let largest = position.iter().copied().max().unwrap_or(0);
        if largest > self.to {
            return Err(Error::input(format!(
                "a heap of {largest} is beyond the P-positions known (up to {}); enumerate \
                 them up to N = {largest}",
                self.to
            )));
        }
        Ok(())
    }
}

/// A move from `position` (heaps in any order) to a P-position, or `None` if
/// `position` is itself P and so lost, without storing the P-positions.
///
/// The same move as [`PSet::winning_move`] (fewest heaps, then lowest
/// indices, then smallest amount), found by scanning P-positions up to the
/// largest heap and stopping as soon as the scan passes `position`: every
/// move leads to a lexicographically smaller sorted position. Each
/// P-position the scan lists is tested for being one move away, so nothing
/// is kept but the scan's own tables (counted against the budget); for
/// Wythoff's game [`wythoff::winning_move`](super::wythoff::winning_move)
/// needs no scan at all.
///
/// ```
/// use grundy::multiheap::{self, SubsetGame, SubsetMove};
/// let wythoff = SubsetGame::wythoff();
/// let mv = multiheap::winning_move(&wythoff, &[10, 4], Default::default(), &mut grundy::values::silent)?;
/// assert_eq!(mv, Some(SubsetMove { heaps: vec![0], take: 3 })); // to (7, 4)
/// assert_eq!(multiheap::winning_move(&wythoff, &[5, 3], Default::default(), &mut grundy::values::silent)?, None);
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) if `position` has the
/// wrong number of heaps; otherwise as [`scan`] with `to` the
/// largest heap.
///
/// # Complexity
/// The scan up to the largest heap, cut short at `position`, and O(2^K · K)
/// for each P-position listed; memory that of the scan's tables.
pub fn winning_move(
    game: &SubsetGame,
    position: &[u32],
    options: Options,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Option<SubsetMove>> {
    Ok(winning_moves(game, position, options, progress)?
        .into_iter()
        .next())
}

/// Every move from `position` (heaps in any order) to a P-position, in the
/// order of [`winning_move`] (fewest heaps, then lowest indices, then
/// smallest amount); empty if `position` is lost. A subset has at most one
/// winning amount (two would leave P-positions one move apart), so there
/// are at most `2^K − 1`.
///
/// ```
/// use grundy::multiheap::{self, SubsetGame, SubsetMove};
/// let all = multiheap::winning_moves(&SubsetGame::wythoff(), &[2, 2], Default::default(), &mut grundy::values::silent)?;
/// assert_eq!(all.iter().map(|m| (m.heaps.len(), m.take)).collect::<Vec<_>>(), [(1, 1), (1, 1), (2, 2)]);
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// As [`winning_move`].
///
/// # Complexity
/// As [`winning_move`].
pub fn winning_moves(
    game: &SubsetGame,
    position: &[u32],
    options: Options,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Vec<SubsetMove>> {
    let k = game.heaps();
    if position.len() != k {
        return Err(Error::input(format!(
            "{game} has {k} heaps but the position has {}; give {k} heap sizes",
            position.len()
        )));
    }
    let to = position.iter().copied().max().unwrap_or(0);
    let mut sorted = position.to_vec();
    sorted.sort_unstable();
    let subsets = subsets_in_order(game);
    let total: u64 = position.iter().map(|&h| u64::from(h)).sum();
    let mut found: Vec<SubsetMove> = Vec::new();
    // Whether the scan reached the position: its stop is ours, not one
    // asked by `progress` (a Ctrl-C), which must not pass for an answer.
    let mut reached = false;
    let mut visit = |p: &[u32]| {
        if p >= sorted.as_slice() {
            reached = true;
            return ControlFlow::Break(());
        }
        found.extend(moves_to(position, total, p, &subsets));
        ControlFlow::Continue(())
    };
    match scan(game, to, options, &mut visit, progress) {
        Ok(_) => {}
        Err(e) if e.kind() == ErrorKind::Interrupted && reached => {}
        Err(e) => return Err(e),
    }
    found.sort_by(|a, b| order(a).cmp(&order(b)));
    Ok(found)
}

/// The order among winning moves: fewest heaps, lowest indices, smallest
/// amount.
fn order(m: &SubsetMove) -> (usize, &[usize], u32) {
    (m.heaps.len(), &m.heaps, m.take)
}

/// The allowed subsets of `game`'s heaps as index lists, in the order of
/// [`winning_move`] (fewest heaps, then lowest indices).
///
/// ```
/// use grundy::multiheap::{SubsetGame, subsets_in_order};
/// assert_eq!(subsets_in_order(&SubsetGame::wythoff()), [vec![0], vec![1], vec![0, 1]]);
/// ```
pub fn subsets_in_order(game: &SubsetGame) -> Vec<Vec<usize>> {
    let k = game.heaps();
    let mut subsets: Vec<Vec<usize>> = (1..1u8 << k)
        .filter(|&mask| game.allows_subset(mask))
        .map(|mask| (0..k).filter(|&i| mask & (1 << i) != 0).collect())
        .collect();
    subsets.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    subsets
}

/// The moves from `position` (heaps in any order, their sum `total`) to the
/// sorted position `target`, in [`order`]. A move takes the same amount
/// from each heap of a subset, so the sums differ by the amount times the
/// subset's size: that amount is the only one to try for each subset.
fn moves_to<'a>(
    position: &'a [u32],
    total: u64,
    target: &'a [u32],
    subsets: &'a [Vec<usize>],
) -> impl Iterator<Item = SubsetMove> + 'a {
    let dropped = total.checked_sub(target.iter().map(|&h| u64::from(h)).sum());
    subsets.iter().filter_map(move |heaps| {
        let dropped = dropped.filter(|&d| d > 0)?;
        let size = heaps.len() as u64;
        if dropped % size != 0 {
            return None;
        }
        let take = u32::try_from(dropped / size).ok()?;
        let mut after = [0u32; super::MAX_HEAPS];
        let after = &mut after[..position.len()];
        after.copy_from_slice(position);
        for &i in heaps {
            after[i] = after[i].checked_sub(take)?;
        }
        after.sort_unstable();
        (&*after == target).then(|| SubsetMove {
            heaps: heaps.clone(),
            take,
        })
    })
}
