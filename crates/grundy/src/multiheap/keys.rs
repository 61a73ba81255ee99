//! The reference scan of Project Euler 260's write-up: every sorted position,
//! one occupancy table per allowed subset size.
//!
//! Positions `x1 <= … <= xK <= N` are visited in lexicographic order. For
//! each allowed subset `T` of sorted indices the position has one key: the
//! coordinates outside `T`, then the coordinates inside `T` minus the
//! smallest of them (that zero left out): `K - 1` numbers in `0..=N`. Keys of
//! subsets of the same size share one table of `(N + 1)^(K - 1)` bytes,
//! because the game is symmetric: a move on sorted indices `T` may land on a
//! sorted position whose moved heaps sit at other indices, and only the
//! multiset key sees that the two positions are one move apart. A position is
//! P exactly when all its keys are free; it then takes them all (see the
//! [module](super) documentation for the proof).
//!
//! ```
//! use std::ops::ControlFlow::Continue;
//! use grundy::multiheap::{self, Method, Options, SubsetGame};
//! let options = Options { method: Method::Reference, ..Options::default() };
//! let tally = multiheap::scan(&SubsetGame::stone(), 100, options, &mut |_| Continue(()), &mut grundy::values::silent)?;
//! assert_eq!(tally.sum, 173_895);
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! # Complexity
//! Θ(N^K) positions, each with at most `2^K − 1` table probes; memory
//! `(N + 1)^(K − 1)` bytes per allowed size.

use std::ops::ControlFlow;

use super::{
    Progress, SubsetGame, Tally, allocate, families, key_digits, next_sorted, sorted_tuples,
    stopped,
};
use crate::error::Result;

/// The bytes of the occupancy tables for `to`.
pub(crate) fn table_bytes(game: &SubsetGame, to: u32) -> u128 {
    let cells = (u128::from(to) + 1).pow(game.heaps() as u32 - 1);
    cells * game.sizes().len() as u128
}

/// Streams the P-positions up to `to` to `visit`; see the module docs.
pub(crate) fn scan(
    game: &SubsetGame,
    to: u32,
    visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Tally> {
    let k = game.heaps();
    let base = to as usize + 1;
    let cells = base.pow(k as u32 - 1);
    // One table per subset size, `tables[size]`.
    let mut tables: Vec<Vec<u8>> = (0..=k)
        .map(|s| allocate(if game.allows_size(s) { cells } else { 0 }, 0u8))
        .collect::<Result<_>>()?;
    let families = families(game);
    let index = |position: &[u32], mask: u8| {
        let (digits, len) = key_digits(position, mask);
        digits[..len]
            .iter()
            .fold(0usize, |acc, &d| acc * base + d as usize)
    };

    let total = sorted_tuples(to, k);
    let mut done = 0u64;
    let mut tally = Tally::default();
    let mut position = vec![0u32; k];
    loop {
        if done.is_multiple_of(1 << 16) && progress(Progress { done, total }).is_break() {
            return Err(stopped(tally));
        }
        let free = families
            .iter()
            .all(|&(mask, size)| tables[size][index(&position, mask)] == 0);
        if free {
            for &(mask, size) in &families {
                let i = index(&position, mask);
                tables[size][i] = 1;
            }
            tally.add(&position)?;
            if visit(&position).is_break() {
                return Err(stopped(tally));
            }
        }
        done += 1;
        if !next_sorted(&mut position, to) {
            break;
        }
    }
    if progress(Progress { done, total }).is_break() {
        return Err(stopped(tally));
    }
    Ok(tally)
}
