//! Misère play of any [`Game`]: the player who makes the last move loses.
//!
//! Sums do not decompose under misère play — a position's outcome is not a
//! function of its components' outcomes or normal-play values — so
//! [`MisereSearch`] searches whole positions. A position is keyed by the
//! multiset of its canonical components (the order of independent parts
//! never matters, and each part may still be turned over), and every
//! position decided is remembered within a memory budget; a search that
//! would pass it stops with [`ErrorKind::TooLarge`], saying so.

use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault};
use std::ops::ControlFlow;
use std::sync::{Mutex, PoisonError};

use super::path::Path;
use super::workers::{self, Ticker};
use super::{Game, JudgedMove, Progress};
use crate::error::{Detail, Error, ErrorKind, Result};
use crate::misere::memo::{SumHasher, allocation, capacity_after_growth, table_bytes};
use crate::values::Budget;

/// A misère-play search of one game, remembering what it decides.
///
/// ```
/// use grundy::games::{Board, Cram};
/// use grundy::search::{self, misere_search::MisereSearch};
/// let mut search = MisereSearch::new(Cram, grundy::values::Budget::default());
/// // A strip of two cells: the one move is the last, and loses.
/// assert!(search.is_lost(&Board::rectangle(1, 2)?, &mut search::silent)?);
/// // No move at all: the player to move has already won.
/// assert!(!search.is_lost(&Board::rectangle(1, 1)?, &mut search::silent)?);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug)]
pub struct MisereSearch<G: Game> {
    game: G,
    budget: Budget,
    memo: Memo<G::Position>,
    nodes: u64,
}

#[derive(Debug)]
struct Memo<P> {
    map: HashMap<Vec<P>, bool, BuildHasherDefault<SumHasher>>,
    /// Bytes of the keys' own allocations.
    owned: u64,
}

impl<P> Default for Memo<P> {
    fn default() -> Self {
        Memo {
            map: HashMap::default(),
            owned: 0,
        }
    }
}

impl<G: Game> MisereSearch<G> {
    /// A search of `game` whose memo keeps within `budget`.
    pub fn new(game: G, budget: Budget) -> Self {
        MisereSearch {
            game,
            budget,
            memo: Memo::default(),
            nodes: 0,
        }
    }

    /// Positions examined so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Positions remembered now.
    pub fn remembered(&self) -> usize {
        self.memo.map.len()
    }

    /// Whether `position` is lost for the player to move under misère play.
    ///
    /// # Errors
    /// [`ErrorKind::TooLarge`] when the positions to remember would pass the
    /// budget (the search stops there; what it decided is kept);
    /// [`ErrorKind::Interrupted`] when `progress` asks to stop.
    pub fn is_lost(
        &mut self,
        position: &G::Position,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<bool> {
        let key = self.key(position, &[]);
        let mut lost = self.run(&[key], progress)?;
        Ok(lost.pop().unwrap_or(false))
    }

    /// Every move of `position`, each with the position it leads to and
    /// whether that is lost for the player to move (so the move wins).
    ///
    /// # Errors
    /// As [`MisereSearch::is_lost`].
    pub fn judge_moves(
        &mut self,
        position: &G::Position,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Vec<JudgedMove<G::Move, G::Position>>> {
        let mut moves = Vec::new();
        self.game.moves(position, &mut moves);
        let keys: Vec<Vec<G::Position>> = moves.iter().map(|(_, p)| self.key(p, &[])).collect();
        let lost = self.run(&keys, progress)?;
        Ok(moves
            .into_iter()
            .zip(lost)
            .map(|((play, after), wins)| JudgedMove { play, after, wins })
            .collect())
    }

    /// The outcomes of `keys`, on a search thread.
    fn run(
        &mut self,
        keys: &[Vec<G::Position>],
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Vec<bool>> {
        let memo = Mutex::new(std::mem::take(&mut self.memo));
        let (game, budget) = (&self.game, self.budget);
        let result = workers::run(
            1,
            self.game.report_every(),
            &mut self.nodes,
            progress,
            &|nodes| {
                let memo = memo.lock().unwrap_or_else(PoisonError::into_inner);
                Progress {
                    nodes,
                    facts: memo.map.len() as u64,
                    bytes: memo.owned,
                }
            },
            &|_, ticker| {
                let mut memo = memo.lock().unwrap_or_else(PoisonError::into_inner);
                let mut search = Misere {
                    game,
                    budget,
                    memo: &mut memo,
                    ticker,
                    path: Path::new(game.may_loop()),
                };
                keys.iter().map(|k| search.lost(k.clone())).collect()
            },
        );
        self.memo = memo.into_inner().unwrap_or_else(PoisonError::into_inner);
        result
    }

    /// The key of `position` with `rest` beside it: its canonical components
    /// in a fixed order.
    fn key(&self, position: &G::Position, rest: &[G::Position]) -> Vec<G::Position> {
        sum_key(&self.game, position, rest)
    }
}

fn sum_key<G: Game>(game: &G, position: &G::Position, rest: &[G::Position]) -> Vec<G::Position> {
    let mut components = rest.to_vec();
    game.components(position, &mut components);
    let hasher = BuildHasherDefault::<SumHasher>::default();
    // Ordered by hash: equal multisets give equal keys unless two different
    // components share a hash, and then only sharing is lost, never
    // exactness (a key is still the list of its components).
    components.sort_by_cached_key(|c| hasher.hash_one(c));
    components
}

struct Misere<'a, 't, G: Game> {
    game: &'a G,
    budget: Budget,
    memo: &'a mut Memo<G::Position>,
    ticker: &'a mut Ticker<'t>,
    /// The positions of the current line, for a game that may loop.
    path: Path<Vec<G::Position>>,
}

impl<G: Game> Misere<'_, '_, G> {
    /// Whether the sum of the components in `key` is lost for the player to
    /// move under misère play.
    fn lost(&mut self, key: Vec<G::Position>) -> Result<bool> {
        if let Some(&lost) = self.memo.map.get(&key) {
            return Ok(lost);
        }
        self.ticker.tick()?;
        self.ticker.descend()?;
        self.path.enter(&key)?;
        // With no move at all, the player to move has won.
        let mut any_move = false;
        let mut lost = true;
        let mut moves = Vec::new();
        'components: for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue;
            }
            moves.clear();
            self.game.moves(&key[i], &mut moves);
            let mut rest = key.clone();
            rest.remove(i);
            for (_, option) in &moves {
                any_move = true;
                let next = sum_key(self.game, option, &rest);
                if self.lost(next)? {
                    lost = false;
                    break 'components;
                }
            }
        }
        let lost = lost && any_move;
        self.path.leave(&key);
        self.remember(key, lost)?;
        self.ticker.ascend();
        Ok(lost)
    }

    fn remember(&mut self, key: Vec<G::Position>, lost: bool) -> Result<()> {
        let key_bytes = allocation(
            key.len() * std::mem::size_of::<G::Position>()
                + key.iter().map(|c| self.game.heap_bytes(c)).sum::<usize>(),
        );
        let capacity = self.memo.map.capacity();
        let mut table = table_bytes::<Vec<G::Position>, bool>(capacity);
        if self.memo.map.len() == capacity {
            table += table_bytes::<Vec<G::Position>, bool>(capacity_after_growth(capacity));
        }
        let need = table + self.memo.owned + key_bytes;
        if need > self.budget.max_bytes() {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "the misère search has {} positions to remember, past its memory budget; misère play does not decompose into parts, so large positions are out of its reach",
                    self.memo.map.len() + 1
                ),
            )
            .with_detail(Detail::OverBudget {
                need,
                budget: self.budget.max_bytes(),
                fits: None,
            }));
        }
        self.memo.owned += key_bytes;
        self.memo.map.insert(key, lost);
        Ok(())
    }
}
