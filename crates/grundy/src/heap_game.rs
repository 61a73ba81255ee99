//! Heap games given by their options: the rules as code.
//!
//! A [`Ruleset`] names a game of a built-in family by a spec. A
//! [`HeapGame`] is any heap game at all, known only by the options of one
//! heap: the lists of heaps a heap of `n` may be replaced by. That is
//! enough for the Sprague–Grundy value of every heap, by the definition —
//! the mex over the options of the nim-sum of their heaps' values —
//! which [`values`] computes. It is the heap-game counterpart of
//! [`search::Game`](crate::search::Game), which knows a game of any shape by
//! the moves of a whole position.
//!
//! Project Euler 550's divisor game, where a heap of `n` becomes two heaps
//! whose sizes are proper divisors of `n` (both above 1), is no spec
//! family but is three lines here:
//!
//! ```
//! use grundy::heap_game::{self, from_fn};
//! let divisor_game = from_fn(|n, out| {
//!     let divisors: Vec<u64> = (2..n).filter(|&d| n.is_multiple_of(d)).collect();
//!     for (i, &a) in divisors.iter().enumerate() {
//!         out.extend(divisors[i..].iter().map(|&b| vec![a, b]));
//!     }
//!     Ok(())
//! });
//! let g = heap_game::values(&divisor_game, 12, Default::default(), &mut grundy::values::silent)?;
//! assert_eq!(g.to_vec(), [0, 0, 0, 0, 1, 0, 1, 0, 2, 1, 1, 0, 2]);
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! Every [`Ruleset`] is a `HeapGame` (its [`Ruleset::options`]), and the
//! tests check that the values computed here equal the engines' for the
//! built-in families and for callbacks written from the rules in words.

use std::ops::ControlFlow;

use crate::error::{Error, ErrorKind, Result};
use crate::mex::Mex;
use crate::nimber::Nimber;
use crate::ruleset::Ruleset;
use crate::sum::{self, HeapMove};
use crate::values::{Budget, PROGRESS_EVERY, Progress, ValueTable, human_bytes, report_every};

/// An impartial heap game given by the options of one heap.
///
/// A position is a multiset of heaps; a move replaces one heap of `n` by
/// the heaps of one of its options, every one smaller than `n` (0 stands
/// for no heap), so that every play ends. A heap with no option is lost
/// for the player to move.
///
/// Grundy's game as a `HeapGame` (the built-in `grundy` is the same game):
///
/// ```
/// use grundy::heap_game::{self, HeapGame};
/// use grundy::{Ruleset, values};
/// struct Grundy;
/// impl HeapGame for Grundy {
///     fn options(&self, n: u64, out: &mut Vec<Vec<u64>>) -> grundy::Result<()> {
///         out.extend((1..n.div_ceil(2)).map(|a| vec![a, n - a]));
///         Ok(())
///     }
/// }
/// let mine = heap_game::values(&Grundy, 1000, Default::default(), &mut values::silent)?;
/// assert_eq!(mine, values::compute(&"grundy".parse::<Ruleset>()?, 1000)?);
/// # Ok::<(), grundy::Error>(())
/// ```
pub trait HeapGame {
    /// Appends to `out` every option of a heap of `n`: each the list of
    /// heaps the heap is replaced by, empty when it is taken away. The
    /// order does not matter, nor do repeats.
    ///
    /// # Errors
    /// Whatever the game needs to report (a callback that failed): the
    /// computation stops and returns the error unchanged.
    fn options(&self, n: u64, out: &mut Vec<Vec<u64>>) -> Result<()>;
}

/// A game borrowed is the same game.
impl<G: HeapGame + ?Sized> HeapGame for &G {
    fn options(&self, n: u64, out: &mut Vec<Vec<u64>>) -> Result<()> {
        (**self).options(n, out)
    }
}

/// A built-in game's options are its moves' parts.
///
/// ```
/// use grundy::heap_game::HeapGame;
/// use grundy::Ruleset;
/// let kayles: Ruleset = "kayles".parse()?;
/// let mut out = Vec::new();
/// HeapGame::options(&kayles, 3, &mut out)?;
/// out.sort();
/// assert_eq!(out, [vec![1], vec![1, 1], vec![2]]);
/// # Ok::<(), grundy::Error>(())
/// ```
impl HeapGame for Ruleset {
    fn options(&self, n: u64, out: &mut Vec<Vec<u64>>) -> Result<()> {
        out.extend(Ruleset::options(self, n).into_iter().map(|m| m.parts));
        Ok(())
    }
}

/// A [`HeapGame`] whose options are a function's: see [`from_fn`].
#[derive(Clone, Copy, Debug)]
pub struct FromFn<F>(F);

/// The heap game whose options of a heap of `n` are those `f(n, out)`
/// appends to `out`.
///
/// ```
/// use grundy::heap_game::{self, from_fn};
/// // Remove 1 or 2 tokens (the subtraction game {1, 2}).
/// let game = from_fn(|n, out| {
///     out.extend((1..=2).filter(|&t| t <= n).map(|t| if t == n { vec![] } else { vec![n - t] }));
///     Ok(())
/// });
/// let g = heap_game::values(&game, 6, Default::default(), &mut grundy::values::silent)?;
/// assert_eq!(g.to_vec(), [0, 1, 2, 0, 1, 2, 0]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn from_fn<F>(f: F) -> FromFn<F>
where
    F: Fn(u64, &mut Vec<Vec<u64>>) -> Result<()>,
{
    FromFn(f)
}

impl<F> HeapGame for FromFn<F>
where
    F: Fn(u64, &mut Vec<Vec<u64>>) -> Result<()>,
{
    fn options(&self, n: u64, out: &mut Vec<Vec<u64>>) -> Result<()> {
        (self.0)(n, out)
    }
}

/// The values `G(0), …, G(to)` of `game`, by the mex over every option of
/// the nim-sum of its heaps' values.
///
/// # Errors
/// [`ErrorKind::TooLarge`] if the table would pass `budget` (checked
/// before anything is allocated and again as values widen it), or one
/// heap's options take more than `budget`;
/// [`ErrorKind::InvalidInput`] naming the heap and the option when an
/// option has a heap not smaller than the heap moved in (a game that
/// might never end); [`ErrorKind::Interrupted`] when `progress` says stop;
/// any error of [`HeapGame::options`], unchanged.
///
/// # Complexity
/// O(Σ parts of every option of every heap up to `to`), and one call of
/// [`HeapGame::options`] a heap.
pub fn values<G: HeapGame + ?Sized>(
    game: &G,
    to: u64,
    budget: Budget,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<ValueTable> {
    let mut table = ValueTable::new();
    extend(game, &mut table, to, budget, progress)?;
    Ok(table)
}

/// Extends `table`, which holds values of `game`, up to `G(to)`: the values
/// already there are kept, so a computation stopped part-way resumes.
///
/// # Errors
/// As [`values`].
pub fn extend<G: HeapGame + ?Sized>(
    game: &G,
    table: &mut ValueTable,
    to: u64,
    budget: Budget,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<()> {
    let len = u128::from(to) + 1;
    check_table(len, table.bytes_per_heap(), budget)?;
    let len = len as usize;
    let mut mex = Mex::new();
    let mut options: Vec<Vec<u64>> = Vec::new();
    for n in table.len()..len {
        let heap = n as u64;
        options.clear();
        game.options(heap, &mut options)?;
        let mut bytes: u64 = 0;
        let mut read: u64 = 0;
        for option in &options {
            bytes = bytes.saturating_add(24 + 8 * option.len() as u64);
            read = read.saturating_add(option.len() as u64 + 1);
            check_option(heap, option)?;
        }
        if bytes > budget.max_bytes() {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "the {} options of the heap of {heap} take {}, more than the memory budget of {}; ask for heaps below {heap}",
                    options.len(),
                    human_bytes(bytes),
                    human_bytes(budget.max_bytes())
                ),
            ));
        }
        mex.start(options.len() as u64);
        for option in &options {
            let x = option
                .iter()
                .fold(0, |x, &part| x ^ table.raw(part as usize));
            mex.insert(x);
        }
        table.try_push(Nimber::new(mex.finish()))?;
        check_table(len as u128, table.bytes_per_heap(), budget)?;
        let every = PROGRESS_EVERY >> read.max(1).ilog2().min(PROGRESS_EVERY.ilog2());
        report_every(progress, n + 1, len, every)?;
    }
    Ok(())
}

/// Refuses an option of the heap of `heap` that leaves a heap not smaller.
fn check_option(heap: u64, option: &[u64]) -> Result<()> {
    match option.iter().find(|&&part| part >= heap) {
        Some(&bad) => Err(Error::input(format!(
            "the heap of {heap} has the option {option:?}, with a heap of {bad}: every heap an option leaves must be smaller than the heap moved in ({heap}), or the game might never end"
        ))),
        None => Ok(()),
    }
}

/// Every winning move from `heaps` in `game`, whose values up to the
/// largest heap are in `table`: the options that leave a position of value
/// zero (Sprague–Grundy), each once (the heaps it leaves sorted, heaps of
/// 0 left out), in the order of the heaps, then of the tokens removed and
/// the heaps left. Empty exactly when the position
/// is lost.
///
/// ```
/// use grundy::heap_game::{self, from_fn};
/// // Remove 1 or 2 tokens.
/// let game = from_fn(|n, out| {
///     out.extend((1..=2).filter(|&t| t <= n).map(|t| if t == n { vec![] } else { vec![n - t] }));
///     Ok(())
/// });
/// let table = heap_game::values(&game, 10, Default::default(), &mut grundy::values::silent)?;
/// let moves = heap_game::winning_moves(&game, &table, &[4, 6])?;
/// let after: Vec<Vec<u64>> = moves.iter().map(|m| m.apply(&[4, 6])).collect();
/// assert_eq!(after, [vec![3, 6], vec![4, 4]]);
/// assert!(heap_game::winning_moves(&game, &table, &[3, 6])?.is_empty());
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`ErrorKind::InvalidInput`] if a heap or a heap an option leaves is past
/// the table, or an option leaves a heap not smaller than the heap moved
/// in; any error of [`HeapGame::options`], unchanged.
///
/// # Complexity
/// One call of [`HeapGame::options`] for each heap of the position, and a
/// look-up for each heap its options leave.
pub fn winning_moves<G: HeapGame + ?Sized>(
    game: &G,
    table: &ValueTable,
    heaps: &[u64],
) -> Result<Vec<HeapMove>> {
    let total = sum::value(table, heaps)?;
    let mut moves = Vec::new();
    if total.is_zero() {
        return Ok(moves);
    }
    let mut options = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let target = total + sum::value(table, &[h])?;
        options.clear();
        game.options(h, &mut options)?;
        for option in &options {
            check_option(h, option)?;
            if sum::value(table, option)? == target {
                // 0 stands for no heap: the heaps left are the others.
                let mut parts: Vec<u64> = option.iter().copied().filter(|&p| p > 0).collect();
                parts.sort_unstable();
                moves.push(HeapMove {
                    heap: i,
                    from: h,
                    removed: h.saturating_sub(parts.iter().fold(0u64, |a, &p| a.saturating_add(p))),
                    parts,
                });
            }
        }
    }
    moves.sort();
    moves.dedup();
    Ok(moves)
}

/// Refuses a table of `len` values at `width` bytes a heap past `budget`.
fn check_table(len: u128, width: usize, budget: Budget) -> Result<()> {
    let need = len.saturating_mul(width as u128);
    if need <= u128::from(budget.max_bytes()) && usize::try_from(len).is_ok() {
        return Ok(());
    }
    let fits = (budget.max_bytes() / width as u64).saturating_sub(1);
    Err(Error::new(
        ErrorKind::TooLarge,
        format!(
            "values up to {} need at least {} ({width} byte(s) a heap) but the memory budget is {}; ask for at most {fits} heaps",
            len - 1,
            human_bytes(need.min(u128::from(u64::MAX)) as u64),
            human_bytes(budget.max_bytes()),
        ),
    )
    .with_detail(crate::Detail::OverBudget {
        need: need.min(u128::from(u64::MAX)) as u64,
        budget: budget.max_bytes(),
        fits: Some(fits),
    }))
}
