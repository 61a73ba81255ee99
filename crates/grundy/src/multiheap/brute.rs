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

    let mut positions = Vec::new();
    let mut t = vec![0u32; k];
    loop {
        positions.push(t.clone());
        if !next_sorted(&mut t, to) {
            break;
        }
    }
    let total_of = |p: &Vec<u32>| p.iter().map(|&c| u64::from(c)).sum::<u64>();
    positions.sort_by_key(total_of);

    let mut lost = vec![false; base.pow(k as u32)];
    let layers = k as u64 * u64::from(to) + 1;
    let mut found = Vec::new();
    let mut rest = positions.as_slice();
    for layer in 0..layers {
        let flow = progress(Progress {
            done: layer,
            total: layers,
        });
        if flow.is_break() {
            return Err(stopped(Tally::default()));
        }
        let len = rest.iter().take_while(|p| total_of(p) == layer).count();
        let (this, later) = rest.split_at(len);
        rest = later;
        let decided: Vec<&Vec<u32>> = this
            .par_iter()
            .filter(|p| !has_move_to_lost(game, p, &lost, &index))
            .collect();
        for p in decided {
            lost[index(p)] = true;
            found.push(p.clone());
        }
    }
    let flow = progress(Progress {
        done: layers,
        total: layers,
    });
    if flow.is_break() {
        return Err(stopped(Tally::default()));
    }
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
