//! Every legal move of a position with its outcome: what a page needs to
//! colour each move (a hint) and to pick the computer's move, winning or not.
//!
//! Heap games are sums: the value after a move in heap `i` is the position's
//! nim-sum with `G(from)` replaced by the nim-sum of the parts left, so each
//! move costs a few table look-ups (Sprague–Grundy). Multi-heap games are
//! not sums: a move wins when it leaves a P-position, found by one scan of
//! the P-positions up to the largest heap.

use grundy::multiheap::{self, Method, SubsetGame};
use grundy::{Error, ErrorKind, Result, Ruleset};
use serde::Serialize;

use crate::answers::multiheap_largest;
use crate::solver::Solver;
use crate::watch::{Event, Watch};

/// The most moves a position may have for [`Solver::moves`] to list them:
/// each is generated and judged, so a position with more is refused before
/// anything is computed.
pub const MAX_MOVES_EXAMINED: u64 = 1_000_000;

/// Moves [`Solver::moves`] lists when the question gives no limit.
pub const DEFAULT_MOVES_ALL: usize = 10_000;

/// Every legal move of a position, winning moves first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MovesReport {
    /// The canonical spec.
    pub game: String,
    /// The heap sizes.
    pub heaps: Vec<u64>,
    /// The nim-sum of the heaps' values (heap games); `null` for multi-heap
    /// games, which are not sums.
    pub value: Option<u64>,
    /// Whether the player to move wins.
    pub winning: bool,
    /// The moves listed: winning first, then by heap, then by the tokens
    /// removed, then by the heaps left (heap games); by fewest heaps taken
    /// from, lowest indices and smallest amount (multi-heap games).
    pub moves: Vec<ListedMove>,
    /// Whether moves were left out past the limit.
    pub truncated: bool,
}

/// One move and its outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ListedMove {
    /// The index of the heap moved in; `null` in a multi-heap game.
    pub heap: Option<usize>,
    /// The heap's size (heap games) or the whole position (multi-heap
    /// games) before the move.
    pub from: Before,
    /// The heaps left in its place (heap games) or the whole position
    /// after (multi-heap games).
    pub to: Vec<u64>,
    /// The position after the move.
    pub position: Vec<u64>,
    /// The position's value after the move (heap games); `null` for
    /// multi-heap games.
    pub value: Option<u64>,
    /// Whether the move wins: it leaves a lost position.
    pub winning: bool,
}

/// What a move starts from: one heap, or the whole position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Before {
    /// One heap's size (heap games).
    Heap(u64),
    /// The whole position (multi-heap games).
    Position(Vec<u64>),
}

impl Solver {
    /// Every legal move of the position `heaps` of the heap game `game`,
    /// each with the value it leaves, winning moves first; at most `limit`
    /// listed (`truncated` says whether some were left out).
    ///
    /// ```
    /// use grundy::Ruleset;
    /// use grundy_service::{Solver, Watch};
    /// let kayles: Ruleset = "kayles".parse()?;
    /// let r = Solver::default().moves(&kayles, &[3], 100, None, &mut Watch::silent())?;
    /// // From 3: take 1 (leaving 2, or 1 and 1) or 2 (leaving 1).
    /// assert_eq!(r.moves.len(), 3);
    /// assert!(r.winning && r.moves[0].winning && r.moves[0].position == [1, 1]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] if the position has more than
    /// [`MAX_MOVES_EXAMINED`] moves (checked first); as
    /// [`Solver::values`](crate::Solver::values).
    pub fn moves(
        &self,
        game: &Ruleset,
        heaps: &[u64],
        limit: usize,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<MovesReport> {
        let examined = heaps
            .iter()
            .fold(0u64, |sum, &h| sum.saturating_add(option_bound(game, h)));
        if examined > MAX_MOVES_EXAMINED {
            return Err(too_many_moves(examined));
        }
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let values = self.periodic(game, largest, max, watch)?;
        let g = |n: u64| values.get(n).map(|v| v.value());
        let mut total = 0u64;
        for &h in heaps {
            total ^= g(h)?;
        }
        // (wins, heap, tokens removed, heaps left, value after): the
        // positions after are written only for the moves listed.
        let mut moves: Vec<(bool, usize, u64, Vec<u64>, u64)> = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let rest = total ^ g(h)?;
            for option in game.options(h) {
                let mut after = rest;
                for &part in &option.parts {
                    after ^= g(part)?;
                }
                moves.push((after != 0, i, option.removed, option.parts, after));
            }
        }
        moves.sort_unstable();
        let truncated = moves.len() > limit;
        moves.truncate(limit);
        let moves = moves
            .into_iter()
            .map(|(_, i, _, parts, after)| {
                let mut position = heaps[..i].to_vec();
                position.extend_from_slice(&parts);
                position.extend_from_slice(&heaps[i + 1..]);
                ListedMove {
                    heap: Some(i),
                    from: Before::Heap(heaps[i]),
                    to: parts,
                    position,
                    value: Some(after),
                    winning: after == 0,
                }
            })
            .collect();
        Ok(MovesReport {
            game: game.to_string(),
            heaps: heaps.to_vec(),
            value: Some(total),
            winning: total != 0,
            moves,
            truncated,
        })
    }

    /// Every legal move of the position `heaps` of the multi-heap `game`,
    /// each with whether it leaves a P-position, winning moves first; at
    /// most `limit` listed.
    ///
    /// The winning moves (at most one a subset of heaps) come from one scan
    /// of the P-positions up to the largest heap, or from the closed form
    /// for Wythoff's game (any heaps, no table); the others are listed in
    /// order only up to `limit`, so memory is that of the scan's tables
    /// (counted against the budget) and of the moves listed, however many
    /// moves the position has.
    ///
    /// ```
    /// use grundy::multiheap::SubsetGame;
    /// use grundy_service::{Solver, Watch};
    /// let r = Solver::default().multiheap_moves(&SubsetGame::wythoff(), &[2, 2], 100, &mut Watch::silent())?;
    /// assert_eq!(r.moves.len(), 2 + 2 + 2);
    /// let winning: Vec<_> = r.moves.iter().filter(|m| m.winning).map(|m| m.position.clone()).collect();
    /// assert_eq!(winning, [vec![1, 2], vec![2, 1], vec![0, 0]]); // to P-positions, listed first
    /// assert!(r.moves[..3].iter().all(|m| m.winning));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] if the position has the wrong number of
    /// heaps; [`ErrorKind::TooLarge`] if, for a game other than Wythoff's,
    /// a heap is past 2^32 − 1 or the tables up to the largest heap do not
    /// fit in the budget; [`ErrorKind::Interrupted`] if `watch` said stop.
    pub fn multiheap_moves(
        &self,
        game: &SubsetGame,
        heaps: &[u64],
        limit: usize,
        watch: &mut Watch,
    ) -> Result<MovesReport> {
        let largest = multiheap_largest(game, heaps)?;
        let winning: Vec<(Vec<usize>, u64)> = if *game == SubsetGame::wythoff() {
            multiheap::wythoff::winning_moves([heaps[0], heaps[1]])
        } else {
            self.multiheap_bound(game, largest, Method::Fast, |fits| {
                format!(
                    "positions with heaps up to {fits} can be judged, or raise the memory budget"
                )
            })?;
            let position = heaps
                .iter()
                .map(|&h| u32::try_from(h))
                .collect::<std::result::Result<Vec<u32>, _>>()
                .map_err(|_| Error::new(ErrorKind::TooLarge, "a heap is past 2^32 − 1"))?;
            let options = multiheap::Options {
                method: Method::Fast,
                budget: self.config().budget,
            };
            multiheap::winning_moves(game, &position, options, &mut |p| {
                watch.tell(Event::Scan {
                    done: p.done,
                    total: p.total,
                })
            })?
            .into_iter()
            .map(|m| (m.heaps, u64::from(m.take)))
            .collect()
        };
        let listed_move = |taken: &[usize], take: u64, winning: bool| {
            let after: Vec<u64> = heaps
                .iter()
                .enumerate()
                .map(|(i, &h)| if taken.contains(&i) { h - take } else { h })
                .collect();
            ListedMove {
                heap: None,
                from: Before::Position(heaps.to_vec()),
                to: after.clone(),
                position: after,
                value: None,
                winning,
            }
        };
        // Winning first; then fewest heaps taken from, lowest indices, and
        // smallest amount, generated only as far as the limit.
        let mut moves: Vec<ListedMove> = winning
            .iter()
            .take(limit)
            .map(|(taken, take)| listed_move(taken, *take, true))
            .collect();
        let mut total: u128 = 0;
        for taken in multiheap::subsets_in_order(game) {
            let most = taken.iter().map(|&i| heaps[i]).min().unwrap_or(0);
            total += u128::from(most);
            for take in 1..=most {
                if moves.len() >= limit {
                    break;
                }
                if !winning.iter().any(|(t, k)| *t == taken && *k == take) {
                    moves.push(listed_move(&taken, take, false));
                }
            }
        }
        Ok(MovesReport {
            game: game.to_string(),
            heaps: heaps.to_vec(),
            value: None,
            winning: !winning.is_empty(),
            truncated: total > moves.len() as u128,
            moves,
        })
    }
}

fn too_many_moves(examined: u64) -> Error {
    Error::new(
        ErrorKind::InvalidInput,
        format!(
            "the position has up to {examined} moves, more than the {MAX_MOVES_EXAMINED} that are examined to list them; ask for the winning moves alone (position) or give smaller heaps"
        ),
    )
}

/// An upper bound on the number of moves from a single heap of `n`,
/// without listing them.
fn option_bound(game: &Ruleset, n: u64) -> u64 {
    match game {
        Ruleset::TakeAndBreak(code) => code
            .digits()
            .iter()
            .map(|&d| {
                let mut count = u64::from(d & 3 != 0);
                if d & 4 != 0 {
                    count = count.saturating_add(n / 2);
                }
                if d & 8 != 0 {
                    count = count.saturating_add((n / 3 + 1).saturating_mul(n / 2 + 1));
                }
                count
            })
            .fold(0u64, u64::saturating_add),
        Ruleset::Grundy => n / 2,
        _ => n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_is_never_below_the_count() {
        for spec in [
            "kayles",
            "0.07",
            "4.8",
            "0.f",
            "grundy",
            "sub:1,2,3",
            "nim",
            "allbut:1",
        ] {
            let game: Ruleset = spec.parse().unwrap();
            for n in 0..60 {
                assert!(
                    option_bound(&game, n) >= game.options(n).len() as u64,
                    "{spec} {n}"
                );
            }
        }
    }

    #[test]
    fn too_many_moves_are_refused_before_computing() {
        let nim = Ruleset::Nim;
        let solver = Solver::default();
        let e = solver
            .moves(&nim, &[u64::MAX], 10, None, &mut Watch::silent())
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidInput);
        assert_eq!(solver.computations(), 0);
    }
}
