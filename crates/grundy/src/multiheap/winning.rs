//! The set of P-positions up to a bound, and winning moves from it.

use std::collections::HashMap;
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
    /// As [`scan`](super::scan).
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
/// move leads to a lexicographically smaller sorted position.
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
/// wrong number of heaps; otherwise as [`scan`](super::scan) with `to` the
/// largest heap.
///
/// # Complexity
/// The scan up to the largest heap, cut short at `position`; memory that of
/// the scan's tables plus the at most `(2^K − 1)·N` positions one move away.
pub fn winning_move(
    game: &SubsetGame,
    position: &[u32],
    options: Options,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Option<SubsetMove>> {
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
    let mut moves = game.moves(position);
    moves.sort_by_key(|m| (m.heaps.len(), m.heaps.clone(), m.take));
    // Each position one move away, with the first move (in the order above)
    // that reaches it.
    let mut targets: HashMap<Vec<u32>, usize> = HashMap::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let mut after = m.apply(position);
        after.sort_unstable();
        targets.entry(after).or_insert(i);
    }
    let mut best: Option<usize> = None;
    let mut visit = |p: &[u32]| {
        if p >= sorted.as_slice() {
            return ControlFlow::Break(());
        }
        if let Some(&i) = targets.get(p) {
            best = Some(best.map_or(i, |b| b.min(i)));
        }
        ControlFlow::Continue(())
    };
    match scan(game, to, options, &mut visit, progress) {
        Ok(_) => {}
        Err(e) if e.kind() == ErrorKind::Interrupted => {}
        Err(e) => return Err(e),
    }
    Ok(best.map(|i| moves.swap_remove(i)))
}
