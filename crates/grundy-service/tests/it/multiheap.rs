//! Multi-heap games: Wythoff's game answered from its closed form at any
//! size under any budget; games by move vectors against the definition.

use std::collections::HashSet;
use std::ops::ControlFlow;

use grundy::multiheap::{SubsetGame, wythoff};
use grundy::values::Budget;
use grundy_service::{Config, Game, Method, Solver, VectorGame, Watch};

/// C9: heaps of 2^32 and more (refused before, for want of tables that
/// would not fit) get a winning move from the closed form under a 4 MB
/// budget, which leads to a P-position; P-positions are lost.
#[test]
fn wythoff_is_answered_at_any_size_under_a_small_budget() {
    let solver = Solver::new(Config {
        budget: Budget::bytes(4 << 20),
        ..Config::default()
    });
    let game = Game::from(SubsetGame::wythoff());
    for heaps in [
        [618_034, 1_000_000],
        [1 << 32, 1 << 32],
        [1 << 40, 3 << 40],
        [u64::MAX, 12_345],
        [u64::MAX, u64::MAX],
    ] {
        let r = solver
            .multiheap_move(&game, &heaps, &mut Watch::silent())
            .unwrap();
        assert!(r.winning && r.can_move, "{heaps:?}");
        let m = r.winning_move.unwrap();
        assert!(
            wythoff::is_p_position(m.to[0], m.to[1]),
            "{heaps:?} -> {:?}",
            m.to
        );
        let after = solver
            .multiheap_move(&game, &m.to, &mut Watch::silent())
            .unwrap();
        assert!(!after.winning && after.winning_move.is_none(), "{:?}", m.to);
    }
    let k = 10_000_000_000_000_000u64;
    let lost = [wythoff::lower(k) + k, wythoff::lower(k)];
    let r = solver
        .multiheap_move(&game, &lost, &mut Watch::silent())
        .unwrap();
    assert!(!r.winning && r.can_move);
    let json = serde_json::to_value(&r).unwrap();
    assert!(json["position"][0].is_string(), "{json}");
    let none = solver
        .multiheap_move(&game, &[0, 0], &mut Watch::silent())
        .unwrap();
    assert!(!none.can_move && !none.winning);
}

/// Every P-position of `game` with heaps in `0..=to`, in every order, by
/// the definition: lost when no move `t·v` leads to a lost position.
fn lost_by_definition(game: &VectorGame, to: u32) -> HashSet<Vec<u32>> {
    let k = game.heaps();
    let mut lost = HashSet::new();
    let mut x = vec![0u32; k];
    loop {
        if !game.moves(&x).iter().any(|m| lost.contains(&m.apply(&x))) {
            lost.insert(x.clone());
        }
        let Some(i) = x.iter().rposition(|&c| c < to) else {
            return lost;
        };
        x[i] += 1;
        x[i + 1..].fill(0);
    }
}

fn listed(solver: &Solver, game: &Game, to: u64) -> Vec<Vec<u32>> {
    let mut found = Vec::new();
    solver
        .p_positions(
            game,
            to,
            Method::Fast,
            &mut |p| {
                found.push(p.to_vec());
                ControlFlow::Continue(())
            },
            &mut Watch::silent(),
        )
        .unwrap();
    found
}

/// Issue 35: Wythoff and the stone game written as move vectors are the
/// same games through the solver: the same P-positions, the same winning
/// move from every position, the same list of moves.
#[test]
fn move_vector_wythoff_and_stone_are_wythoff_and_stone() {
    let solver = Solver::default();
    for (spec, vectors, to) in [
        ("wythoff", "vectors:(1,0),(0,1),(1,1)", 40u64),
        (
            "stone",
            "vectors:(1,0,0),(0,1,0),(0,0,1),(1,1,0),(1,0,1),(0,1,1),(1,1,1)",
            12,
        ),
    ] {
        let named: Game = spec.parse().unwrap();
        let by_vectors: Game = vectors.parse().unwrap();
        assert_eq!(by_vectors.to_string(), spec);
        assert_eq!(
            listed(&solver, &by_vectors, to),
            listed(&solver, &named, to)
        );
        let k = by_vectors.multiheap("a test").unwrap().heaps();
        let lost = lost_by_definition(by_vectors.multiheap("a test").unwrap(), to as u32);
        let side = to + 1;
        for i in 0..side.pow(k as u32) {
            let heaps: Vec<u64> = (0..k).map(|d| i / side.pow(d as u32) % side).collect();
            let a = solver
                .multiheap_move(&by_vectors, &heaps, &mut Watch::silent())
                .unwrap();
            let b = solver
                .multiheap_move(&named, &heaps, &mut Watch::silent())
                .unwrap();
            assert_eq!(a, b, "{spec} {heaps:?}");
            let position: Vec<u32> = heaps.iter().map(|&h| h as u32).collect();
            assert_eq!(a.winning, !lost.contains(&position), "{spec} {heaps:?}");
            let a = solver
                .moves(&by_vectors, &heaps, 1000, None, &mut Watch::silent())
                .unwrap();
            let b = solver
                .moves(&named, &heaps, 1000, None, &mut Watch::silent())
                .unwrap();
            assert_eq!(a, b, "{spec} {heaps:?}");
        }
    }
    // Wythoff's closed form answers the vector spec too, at any size.
    let huge: Game = "vectors:(0,1),(1,1),(1,0)".parse().unwrap();
    let r = solver
        .multiheap_move(&huge, &[u64::MAX, 12_345], &mut Watch::silent())
        .unwrap();
    assert!(r.winning);
}

/// Games by move vectors that are no subset game (the key scan): the
/// solver's P-positions, winning moves and move lists agree with the
/// definition, symmetric (Project Euler 665) or not.
#[test]
fn other_move_vectors_agree_with_the_definition() {
    let solver = Solver::default();
    for (spec, to) in [
        ("vectors:(1,0),(0,1),(1,1),(1,2),(2,1)", 30u32),
        ("vectors:(2,1),(0,1),(1,3)", 20),
        ("vectors:(1,1,0),(0,1,1),(2,0,1),(1,0,0)", 8),
    ] {
        let game: Game = spec.parse().unwrap();
        let vectors = game.multiheap("a test").unwrap().clone();
        assert!(vectors.as_subset_game().is_none(), "{spec}");
        let lost = lost_by_definition(&vectors, to);
        let mut expected: Vec<Vec<u32>> = lost
            .iter()
            .filter(|p| !vectors.is_symmetric() || p.is_sorted())
            .cloned()
            .collect();
        expected.sort();
        assert_eq!(listed(&solver, &game, u64::from(to)), expected, "{spec}");
        let k = vectors.heaps();
        let side = u64::from(to) + 1;
        for i in 0..side.pow(k as u32) {
            let heaps: Vec<u64> = (0..k).map(|d| i / side.pow(d as u32) % side).collect();
            let position: Vec<u32> = heaps.iter().map(|&h| h as u32).collect();
            let r = solver
                .multiheap_move(&game, &heaps, &mut Watch::silent())
                .unwrap();
            assert_eq!(r.winning, !lost.contains(&position), "{spec} {heaps:?}");
            assert_eq!(r.can_move, vectors.has_move(&position), "{spec} {heaps:?}");
            if let Some(m) = &r.winning_move {
                let after: Vec<u32> = m.to.iter().map(|&h| h as u32).collect();
                assert!(lost.contains(&after), "{spec} {heaps:?} -> {after:?}");
                let v = m.vector.as_ref().unwrap();
                let taken: Vec<u64> = heaps.iter().zip(&m.to).map(|(a, b)| a - b).collect();
                let times: Vec<u64> = v.iter().map(|&e| u64::from(e) * m.take).collect();
                assert_eq!(taken, times, "{spec} {heaps:?}");
            }
            let listed = solver
                .moves(&game, &heaps, usize::MAX, None, &mut Watch::silent())
                .unwrap();
            assert!(!listed.truncated);
            let all = vectors.moves(&position);
            assert_eq!(listed.moves.len(), all.len(), "{spec} {heaps:?}");
            for m in &listed.moves {
                let after: Vec<u32> = m.position.iter().map(|&h| h as u32).collect();
                assert_eq!(m.winning, lost.contains(&after), "{spec} {heaps:?}");
            }
            let winning = listed.moves.iter().take_while(|m| m.winning).count();
            assert!(listed.moves[winning..].iter().all(|m| !m.winning));
        }
    }
}
