//! The brute-force twin: every move to every smaller position, straight from
//! the rules, knowing nothing of keys.
//!
//! Every move lowers the total number of stones, so the positions of one
//! total (a *layer*) depend only on lower layers and are decided in parallel
//! (rayon), as the Project Euler 260 write-up checks its fast solver. A
//! position is P exactly when no move — any allowed subset of its heaps, any
//! amount — reaches a P-position.
//!
//! ```
//! use grundy::multiheap::{SubsetGame, brute};
//! let p = brute::p_positions(&SubsetGame::wythoff(), 5, &mut grundy::values::silent)?;
//! assert_eq!(p, [vec![0, 0], vec![1, 2], vec![3, 5]]);
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! # Complexity
//! Θ(N^K) positions times O(2^K·N) moves each; O(N^K) bytes. For tests only.

use rayon::prelude::*;

use std::ops::ControlFlow;

use super::{Progress, SubsetGame, Tally, next_sorted, sorted_tuples, stopped};
use crate::error::Result;

/// Positions listed or decided between two calls of the progress
/// callback, so that a stop is heard within a fraction of a second even in
/// the largest layers (issue 38, C14: `ppos stone --to 400 --method brute`
/// took 6–10 s to stop; a layer there holds up to about 40,000 positions).
pub const CHUNK: usize = 1 << 10;

/// The bytes brute force needs for `to`: a status byte for every ordered
/// position and the list of sorted positions.
pub(crate) fn table_bytes(game: &SubsetGame, to: u32) -> u128 {
    let k = game.heaps();
    (u128::from(to) + 1).pow(k as u32) + u128::from(sorted_tuples(to, k)) * 4 * k as u128
}

/// The P-positions of `game` with coordinates at most `to`, sorted, in
/// lexicographic order, reporting layers done to `progress`.
///
/// Unlike [`scan`](super::scan) this does not check a memory budget: call it
/// for small `to` only.
pub fn p_positions(
    game: &SubsetGame,
    to: u32,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Vec<Vec<u32>>> {
    let k = game.heaps();
    let base = to as usize + 1;
    let index = |p: &[u32]| p.iter().fold(0usize, |acc, &c| acc * base + c as usize);
    let total_of = |p: &[u32]| p.iter().map(|&c| c as usize).sum::<usize>();
    let layers = k * to as usize + 1;
    let mut ask = |done: usize| -> Result<()> {
        let flow = progress(Progress {
            done: done as u64,
            total: layers as u64,
        });
        if flow.is_break() {
            return Err(stopped(Tally::default()));
        }
        Ok(())
    };

    // The sorted positions, layer after layer (a counting sort by total,
    // lexicographic within a layer), `k` coordinates each: listed twice,
    // once to count each layer and once to place its positions.
    let mut starts = vec![0usize; layers + 1];
    let mut t = vec![0u32; k];
    let mut listed = 0usize;
    loop {
        starts[total_of(&t) + 1] += 1;
        listed += 1;
        if listed.is_multiple_of(CHUNK) {
            ask(0)?;
        }
        if !next_sorted(&mut t, to) {
            break;
        }
    }
    for layer in 1..=layers {
        starts[layer] += starts[layer - 1];
    }
    let mut flat = vec![0u32; listed * k];
    let mut next = starts.clone();
    t.fill(0);
    listed = 0;
    loop {
        let at = &mut next[total_of(&t)];
        flat[*at * k..(*at + 1) * k].copy_from_slice(&t);
        *at += 1;
        listed += 1;
        if listed.is_multiple_of(CHUNK) {
            ask(0)?;
        }
        if !next_sorted(&mut t, to) {
            break;
        }
    }

    let mut lost = vec![false; base.pow(k as u32)];
    let mut found = Vec::new();
    for layer in 0..layers {
        let this = &flat[starts[layer] * k..starts[layer + 1] * k];
        // No move stays within a layer, so its positions are decided in
        // any order: a chunk at a time, asking `progress` before each.
        for chunk in this.chunks(CHUNK * k) {
            ask(layer)?;
            let decided: Vec<&[u32]> = chunk
                .par_chunks(k)
                .filter(|p| !has_move_to_lost(game, p, &lost, &index))
                .collect();
            for p in decided {
                lost[index(p)] = true;
                found.push(p.to_vec());
            }
        }
    }
    ask(layers)?;
    found.sort();
    Ok(found)
}

/// Whether some move from `position` reaches a position marked in `lost`.
fn has_move_to_lost(
    game: &SubsetGame,
    position: &[u32],
    lost: &[bool],
    index: &dyn Fn(&[u32]) -> usize,
) -> bool {
    let k = position.len();
    let mut child = vec![0u32; k];
    for mask in 1..(1u8 << k) {
        if !game.allows_subset(mask) {
            continue;
        }
        let most = (0..k)
            .filter(|&i| mask & (1 << i) != 0)
            .map(|i| position[i])
            .min()
            .unwrap_or(0);
        for take in 1..=most {
            for i in 0..k {
                child[i] = position[i] - if mask & (1 << i) != 0 { take } else { 0 };
            }
            child.sort_unstable();
            if lost[index(&child)] {
                return true;
            }
        }
    }
    false
}
