//! The codes' meaning checked against the games they stand for, played
//! literally on a row of squares or pins (no heaps, no codes).

use grundy::exhaustive::Exhaustive;

use crate::common::ruleset;

/// Whether the player to move wins on a row of `len` cells, `taken` marking
/// the cells already used, when a move takes `sizes` contiguous free cells.
fn row_game_wins(
    len: u32,
    taken: u32,
    sizes: &[u32],
    memo: &mut std::collections::HashMap<u32, bool>,
) -> bool {
    if let Some(&w) = memo.get(&taken) {
        return w;
    }
    let mut wins = false;
    'moves: for &k in sizes {
        let block = (1u32 << k) - 1;
        for start in 0..=len.saturating_sub(k) {
            if len < k {
                break;
            }
            let cells = block << start;
            if taken & cells == 0 && !row_game_wins(len, taken | cells, sizes, memo) {
                wins = true;
                break 'moves;
            }
        }
    }
    memo.insert(taken, wins);
    wins
}

fn check(spec: &str, sizes: &[u32], top: u32) {
    let mut judge = Exhaustive::new(ruleset(spec));
    for n in 0..=top {
        let literal = row_game_wins(n, 0, sizes, &mut Default::default());
        assert_eq!(
            judge.first_player_wins(&[u64::from(n)]),
            literal,
            "{spec}, row of {n}"
        );
    }
}

/// 0.07 is the paper strip of Project Euler 306: paint two adjacent white
/// squares.
#[test]
fn paper_strip_is_dominoes_on_a_row() {
    check("0.07", &[2], 18);
}

/// 0.77 is Kayles: knock down one pin or two adjacent pins.
#[test]
fn kayles_is_bowling_pins() {
    check("0.77", &[1, 2], 18);
}

/// 0.777 would be Kayles with three adjacent pins as well.
#[test]
fn three_pin_kayles() {
    check("0.777", &[1, 2, 3], 16);
}
