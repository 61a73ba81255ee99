//! The misère judge: who wins a sum of heaps when the last player to move
//! loses, straight from the rules.
//!
//! A position is a multiset of heaps. Under misère play the player to move
//! wins exactly when they *cannot* move (the opponent made the last move),
//! or when some move leads to a position the opponent loses. The judge
//! searches the game tree with a memo keyed by the sorted multiset, and knows
//! no theory at all: the genus rules ([`super::genus`]), the tame rule
//! ([`super::tame`]) and the misère quotients are all tested against it.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::error::{Detail, Error, ErrorKind, Result};
use crate::ruleset::Ruleset;
use crate::sum::HeapMove;
use crate::values;

use super::memo::{SumMemo, allocation, table_bytes};
use super::progress::{self, Progress, Told};
use super::{Canon, Outcome};

/// The largest total of heaps searched: the search goes one call deeper a
/// move, and a move takes at least one token or splits a heap, so a position
/// whose heaps total `t` is never more than `t` moves from the end.
pub const MAX_TOKENS: u64 = 2048;

/// Positions decided between two reports to the progress callback.
const DECIDED_BETWEEN_REPORTS: u64 = 1 << 14;

/// Bytes a memo entry takes in a typical search (its key's allocation, its
/// slot in a table between half and 7/8 full): only to tell progress
/// about how many positions fit the bound, which is counted exactly.
const TYPICAL_ENTRY_BYTES: u64 = 80;

/// A memoised misère game-tree search over multisets of heaps, with a memory
/// bound: the memo, each heap's options and the normal form's table
/// together stay within it (counted as allocated, see `misere/memo.rs`).
///
/// ```
/// use grundy::{Ruleset, misere::{Judge, Outcome}};
/// let nim = Ruleset::Nim;
/// let mut judge = Judge::new(nim, 1 << 20);
/// // Misère nim: one heap of 1 is lost (you must take it, and lose) ...
/// assert_eq!(judge.outcome(&[1])?, Outcome::P);
/// // ... and the empty position is won: the opponent moved last.
/// assert_eq!(judge.outcome(&[])?, Outcome::N);
/// assert_eq!(judge.outcome(&[2, 2])?, Outcome::P);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Judge {
    ruleset: Ruleset,
    memo: SumMemo<bool>,
    movable: HashMap<u64, bool>,
    /// Each heap's options, the heaps with a move in each, without repeats.
    options: HashMap<u64, Arc<[Vec<u64>]>>,
    /// Bytes of the options' own allocations.
    options_bytes: u64,
    /// Positions remembered in normal form ([`Judge::with_normal_form`]).
    canon: Option<Canon>,
    max_bytes: u64,
    /// The bytes told to progress so far (see [`Progress::bytes`]).
    told: Told,
}

impl Judge {
    /// A judge for `ruleset` whose memo and tables stay within `max_bytes`.
    pub fn new(ruleset: Ruleset, max_bytes: u64) -> Self {
        Judge {
            ruleset,
            memo: SumMemo::default(),
            movable: HashMap::new(),
            options: HashMap::new(),
            options_bytes: 0,
            canon: None,
            max_bytes,
            told: Told::default(),
        }
    }

    /// As [`Judge::new`], but each position is remembered in a normal form
    /// that keeps its outcome: every heap as the least heap that is the same
    /// game, and heaps that are *1 cancelled in pairs (misère,
    /// *1 + *1 + G has G's outcome). Positions that are one game then meet
    /// one memo entry: in Dawson's Kayles, where heaps 2 and 3 are both *1,
    /// a fraction of the search. The same outcomes and moves as
    /// [`Judge::new`], which stays the reference they are tested against.
    ///
    /// ```
    /// use grundy::{Ruleset, misere::Judge};
    /// let strip: Ruleset = "0.07".parse()?;
    /// let mut reference = Judge::new(strip.clone(), 1 << 26);
    /// let mut judge = Judge::with_normal_form(strip, 1 << 26);
    /// assert_eq!(judge.outcome(&[10, 12, 14])?, reference.outcome(&[10, 12, 14])?);
    /// assert!(judge.positions_seen() < reference.positions_seen());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn with_normal_form(ruleset: Ruleset, max_bytes: u64) -> Self {
        let canon = Canon::new(&ruleset, 0);
        Judge {
            canon: Some(canon),
            ..Judge::new(ruleset, max_bytes)
        }
    }

    /// The ruleset judged.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// Positions decided so far.
    pub fn positions_seen(&self) -> usize {
        self.memo.len()
    }

    /// The misère outcome of the sum of `heaps` (in any order).
    ///
    /// # Errors
    /// [`TooLarge`](ErrorKind::TooLarge) when the memo would pass its bound
    /// (what was decided stays in the memo, so a later call with a smaller
    /// position may still answer), or when the heaps total more than
    /// [`MAX_TOKENS`].
    ///
    /// # Complexity
    /// Exponential in the position: every position reachable is decided once.
    pub fn outcome(&mut self, heaps: &[u64]) -> Result<Outcome> {
        self.outcome_with(heaps, &mut progress::silent)
    }

    /// As [`Judge::outcome`], telling `progress` every few thousand
    /// positions decided (`done`: positions in the memo; `total`: about how
    /// many fit its bound), and before its tables grow past the bytes last
    /// told ([`Progress::bytes`], what the judge holds in all, this call
    /// and earlier ones), which may stop the search.
    ///
    /// # Errors
    /// As [`Judge::outcome`], and [`Interrupted`](ErrorKind::Interrupted)
    /// when `progress` says stop (what was decided stays in the memo).
    pub fn outcome_with(
        &mut self,
        heaps: &[u64],
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Outcome> {
        check_tokens(heaps)?;
        let key = self.canonical(heaps.to_vec(), progress)?;
        Ok(if self.wins(key, progress)? {
            Outcome::N
        } else {
            Outcome::P
        })
    }

    /// Every winning move from `heaps` under misère play, heaps numbered as
    /// given; empty exactly when the position is lost (or has no move: then
    /// the player to move has already won).
    ///
    /// ```
    /// use grundy::{Ruleset, misere::Judge};
    /// let nim = Ruleset::Nim;
    /// let mut judge = Judge::new(nim, 1 << 20);
    /// // From 1, 1, 3 the winner leaves an odd number of 1s: 3 becomes 1.
    /// let moves = judge.winning_moves(&[1, 1, 3])?;
    /// assert_eq!(moves.len(), 1);
    /// assert_eq!((moves[0].heap, moves[0].parts.as_slice()), (2, &[1][..]));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Judge::outcome`].
    pub fn winning_moves(&mut self, heaps: &[u64]) -> Result<Vec<HeapMove>> {
        self.winning_moves_with(heaps, &mut progress::silent)
    }

    /// As [`Judge::winning_moves`], with progress as in
    /// [`Judge::outcome_with`].
    ///
    /// # Errors
    /// As [`Judge::outcome_with`].
    pub fn winning_moves_with(
        &mut self,
        heaps: &[u64],
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Vec<HeapMove>> {
        check_tokens(heaps)?;
        let mut moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for mv in self.ruleset.options(h) {
                let played = HeapMove {
                    heap: i,
                    from: h,
                    removed: mv.removed,
                    parts: mv.parts,
                };
                let next = self.canonical(played.apply(heaps), progress)?;
                if !self.wins(next, progress)? {
                    moves.push(played);
                }
            }
        }
        Ok(moves)
    }

    fn wins(
        &mut self,
        position: Vec<u64>,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<bool> {
        if let Some(&known) = self.memo.get(&position) {
            return Ok(known);
        }
        // No move at all: the opponent moved last, and lost.
        let mut result = position.is_empty();
        'search: for i in 0..position.len() {
            if i > 0 && position[i] == position[i - 1] {
                continue;
            }
            for parts in self.options_of(position[i], progress)?.iter() {
                let next =
                    self.canonical(super::with_heap_replaced(&position, i, parts), progress)?;
                if !self.wins(next, progress)? {
                    result = true;
                    break 'search;
                }
            }
        }
        self.remember(position, result, progress)?;
        let done = self.memo.len() as u64;
        if done.is_multiple_of(DECIDED_BETWEEN_REPORTS) {
            let total = self.max_bytes / TYPICAL_ENTRY_BYTES;
            let bytes = self.told.bytes();
            if progress(Progress { done, total, bytes }).is_break() {
                return Err(stopped(done));
            }
        }
        Ok(result)
    }

    fn remember(
        &mut self,
        position: Vec<u64>,
        result: bool,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<()> {
        self.check(self.memo.bytes_inserting(&position, 0), progress)?;
        self.memo.insert(position, result, 0);
        Ok(())
    }

    /// Bytes held: the memo and the tables beside it.
    pub(crate) fn bytes(&self) -> u64 {
        self.memo.bytes() + self.side_bytes()
    }

    /// Bytes held besides the memo: each heap's options, which heaps can
    /// move, and the normal form's table.
    fn side_bytes(&self) -> u64 {
        table_bytes::<u64, Arc<[Vec<u64>]>>(self.options.capacity())
            + self.options_bytes
            + table_bytes::<u64, bool>(self.movable.capacity())
            + self.canon.as_ref().map_or(0, Canon::bytes)
    }

    /// Whether `memo` bytes of memo, beside what else is held, stay within
    /// the bound; told to `progress` where they pass what was told.
    fn check(
        &mut self,
        memo: u64,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<()> {
        let need = memo + self.side_bytes();
        self.check_bound(need)?;
        let done = self.memo.len() as u64;
        let total = self.max_bytes / TYPICAL_ENTRY_BYTES;
        self.told
            .tell(need, done, total, progress, || stopped(done))
    }

    /// Whether `need` bytes in all stay within the bound.
    fn check_bound(&self, need: u64) -> Result<()> {
        if need > self.max_bytes {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "the misère game-tree search needs more than {} of memo for this position; \
                     ask about fewer or smaller heaps, or allow more memory",
                    values::human_bytes(self.max_bytes)
                ),
            )
            .with_detail(Detail::OverBudget {
                need,
                budget: self.max_bytes,
                fits: None,
            }));
        }
        Ok(())
    }

    /// Heap `h`'s options, worked out once; an error when they pass the
    /// bound (counted once they are made: at most one heap's options over).
    fn options_of(
        &mut self,
        h: u64,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Arc<[Vec<u64>]>> {
        if let Some(known) = self.options.get(&h) {
            return Ok(Arc::clone(known));
        }
        let options = super::moving_options(&self.ruleset, h);
        // An `Arc`'s two counts, then the vectors' headers; each vector's
        // heaps.
        self.options_bytes += allocation(16 + size_of::<Vec<u64>>() * options.len())
            + options
                .iter()
                .map(|parts| allocation(8 * parts.capacity()))
                .sum::<u64>();
        self.options.insert(h, Arc::clone(&options));
        self.check(self.memo.bytes(), progress)?;
        Ok(options)
    }

    /// Sorted, without heaps on which no move is possible: nobody can ever
    /// play there, so they change neither who moves last nor anything else;
    /// in normal form too where asked ([`Judge::with_normal_form`]).
    /// An error when the normal form's table, grown for a larger heap,
    /// passes the bound (checked heap by heap).
    fn canonical(
        &mut self,
        mut heaps: Vec<u64>,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Vec<u64>> {
        if self.canon.is_some() {
            let largest = heaps.iter().copied().max().unwrap_or(0);
            while let Some(canon) = &mut self.canon
                && largest > canon.max_heap()
            {
                canon.extend(&self.ruleset, canon.max_heap() + 1);
                self.check(self.memo.bytes(), progress)?;
            }
            if let Some(canon) = &self.canon {
                canon.normalize(&mut heaps);
            }
            return Ok(heaps);
        }
        heaps.retain(|&h| {
            *self
                .movable
                .entry(h)
                .or_insert_with(|| self.ruleset.has_move(h))
        });
        heaps.sort_unstable();
        Ok(heaps)
    }
}

/// A judge may move to another thread (a server's worker, a Python
/// object): checked when the crate compiles.
const _: () = {
    const fn send<T: Send>() {}
    send::<Judge>();
};

fn stopped(done: u64) -> Error {
    Error::new(
        ErrorKind::Interrupted,
        format!("stopped after deciding {done} positions"),
    )
}

fn check_tokens(heaps: &[u64]) -> Result<()> {
    let total = heaps.iter().fold(0u64, |a, &h| a.saturating_add(h));
    if total > MAX_TOKENS {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "the misère game-tree search goes one move at a time and takes positions of at most {MAX_TOKENS} tokens in all; these heaps total {total}"
            ),
        ));
    }
    Ok(())
}
