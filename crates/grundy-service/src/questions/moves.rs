//! Every legal move of a position with its outcome: what a page needs to
//! colour each move (a hint) and to pick the computer's move, winning or not.
//!
//! Heap games are sums: the value after a move in heap `i` is the position's
//! nim-sum with `G(from)` replaced by the nim-sum of the parts left, so each
//! move costs a few table look-ups (Sprague–Grundy). Multi-heap games are
//! not sums: a move wins when it leaves a P-position, found by one scan of
//! the P-positions up to the largest heap (Wythoff's game by its closed
//! form, at any size; other move vectors than subsets' by the key scan).

use grundy::multiheap::vectors::{self, VectorGame};
use grundy::multiheap::{self, Method, SubsetGame};
use grundy::{Result, Ruleset};

use crate::core::Core;
use crate::game::Game;
use crate::limits;
use crate::memory::Reservation;
use crate::report::{Before, ListedMove, MovesReport};
use crate::tables;
use crate::watch::{Event, Watch};

/// See [`Solver::moves`].
pub(crate) fn moves(
    core: &Core,
    game: &Game,
    heaps: &[u64],
    limit: usize,
    max: Option<u64>,
    watch: &mut Watch,
) -> Result<MovesReport> {
    match game {
        Game::Heaps(r) => heap_moves(core, r, heaps, limit, max, watch),
        Game::Multiheap(g) => match g.as_subset_game() {
            Some(subsets) => multiheap_moves(core, g, &subsets, heaps, limit, watch),
            None => vector_moves(core, g, heaps, limit, watch),
        },
        Game::Board(_) | Game::BoardFamily(_) => {
            let game = game.sum_of_heaps("listing a position's moves by its heaps")?;
            heap_moves(core, game, heaps, limit, max, watch)
        }
    }
}

/// Every legal move of a heap game's position, each with the value it
/// leaves: a few table look-ups a move.
fn heap_moves(
    core: &Core,
    game: &Ruleset,
    heaps: &[u64],
    limit: usize,
    max: Option<u64>,
    watch: &mut Watch,
) -> Result<MovesReport> {
    let examined = heaps
        .iter()
        .fold(0u64, |sum, &h| sum.saturating_add(option_bound(game, h)));
    limits::moves_examined(examined)?;
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let values = tables::periodic(core, game, largest, max, watch)?;
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

/// Every legal move of a subset game's position (`vector_game` is the same
/// game), each with whether
/// it leaves a P-position, winning moves first; at most `limit` listed.
///
/// The winning moves (at most one a subset of heaps) come from one scan
/// of the P-positions up to the largest heap, or from the closed form
/// for Wythoff's game (any heaps, no table); the others are listed in
/// order only up to `limit`, so memory is that of the scan's tables
/// (counted against the budget) and of the moves listed, however many
/// moves the position has.
fn multiheap_moves(
    core: &Core,
    vector_game: &VectorGame,
    game: &SubsetGame,
    heaps: &[u64],
    limit: usize,
    watch: &mut Watch,
) -> Result<MovesReport> {
    let largest = limits::multiheap_position(vector_game, heaps)?;
    let winning: Vec<(Vec<usize>, u64)> = if *game == SubsetGame::wythoff() {
        multiheap::wythoff::winning_moves([heaps[0], heaps[1]])
    } else {
        let (position, options, _reserved) = scan_setup(core, vector_game, heaps, largest, watch)?;
        multiheap::winning_moves(game, &position, options, &mut scan_progress(watch))?
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
        position_move(heaps, after, winning)
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

/// Every legal move of a position of a game by move vectors (no subset
/// game), each with whether it leaves a P-position, winning moves first;
/// at most `limit` listed.
///
/// The winning moves come from one key scan of the P-positions up to the
/// largest heap, cut short at the position; the others are listed by
/// vector and times only up to `limit`, as for subset games.
fn vector_moves(
    core: &Core,
    game: &VectorGame,
    heaps: &[u64],
    limit: usize,
    watch: &mut Watch,
) -> Result<MovesReport> {
    let largest = limits::multiheap_position(game, heaps)?;
    let (position, options, _reserved) = scan_setup(core, game, heaps, largest, watch)?;
    let winning = vectors::winning_moves(game, &position, options, &mut scan_progress(watch))?;
    let listed_move = |after: Vec<u32>, winning: bool| {
        position_move(heaps, after.into_iter().map(u64::from).collect(), winning)
    };
    let mut moves: Vec<ListedMove> = winning
        .iter()
        .take(limit)
        .map(|m| listed_move(m.apply(&position), true))
        .collect();
    let mut total: u128 = 0;
    for vector in game.vectors() {
        let most = vectors::times_fit(&position, vector);
        total += u128::from(most);
        for times in 1..=most {
            if moves.len() >= limit {
                break;
            }
            let m = vectors::VectorMove {
                vector: vector.to_vec(),
                times,
            };
            if !winning.contains(&m) {
                moves.push(listed_move(m.apply(&position), false));
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

/// The position as the scan reads it and the scan's options, once the
/// tables up to `largest` are known to fit the budget, and their bytes
/// set aside with the process's accountant (also for a position's one
/// winning move).
pub(crate) fn scan_setup(
    core: &Core,
    game: &VectorGame,
    heaps: &[u64],
    largest: u64,
    watch: &mut Watch,
) -> Result<(Vec<u32>, multiheap::Options, Reservation)> {
    let budget = core.config.budget;
    let to = limits::multiheap_bound(game, largest, Method::Fast, budget, |fits| {
        format!("positions with heaps up to {fits} can be judged")
    })?;
    let position = limits::multiheap_heaps(heaps)?;
    let reserved = core.reserve(
        watch,
        limits::multiheap_bytes(game, to, Method::Fast),
        "a scan of P-positions",
    )?;
    let options = multiheap::Options {
        method: Method::Fast,
        budget,
    };
    Ok((position, options, reserved))
}

/// The scan's progress, told to `watch`.
fn scan_progress<'w, 'a>(
    watch: &'w mut Watch<'a>,
) -> impl FnMut(grundy::values::Progress) -> std::ops::ControlFlow<()> + 'w {
    |p| {
        watch.tell(Event::Scan {
            done: p.done,
            total: p.total,
        })
    }
}

/// The move from the position `heaps` to `after`.
fn position_move(heaps: &[u64], after: Vec<u64>, winning: bool) -> ListedMove {
    ListedMove {
        heap: None,
        from: Before::Position(heaps.to_vec()),
        to: after.clone(),
        position: after,
        value: None,
        winning,
    }
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
        let core = Core::default();
        let e = heap_moves(&core, &nim, &[u64::MAX], 10, None, &mut Watch::silent()).unwrap_err();
        assert_eq!(e.kind(), grundy::ErrorKind::InvalidInput);
        assert_eq!(crate::tables::computations(&core), 0);
    }
}
