//! Multi-heap games: Wythoff's game answered from its closed form at any
//! size under any budget.

use grundy::multiheap::{SubsetGame, wythoff};
use grundy::values::Budget;
use grundy_service::{Config, Game, Solver, Watch};

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
