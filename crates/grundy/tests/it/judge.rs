//! The Sprague–Grundy engine against the exhaustive judge, which knows only
//! the rules.

use grundy::exhaustive::Exhaustive;
use grundy::{sum, values};

use crate::common::{FAMILIES, ruleset, splits_in_three};

/// For every family, G(n) = 0 exactly where the player to move loses, for
/// every heap up to 20.
#[test]
fn zero_values_are_exactly_the_lost_single_heaps() {
    for spec in FAMILIES {
        let game = ruleset(spec);
        let top = 20;
        let table = values::compute(&game, top).unwrap();
        let mut judge = Exhaustive::new(game);
        for n in 0..=top {
            assert_eq!(
                table.raw(n as usize) == 0,
                !judge.first_player_wins(&[n]),
                "{spec}, heap {n}"
            );
        }
    }
}

/// For sums of two and three small heaps the nim-sum decides who wins.
#[test]
fn nim_sum_decides_sums_of_two_and_three_heaps() {
    for spec in FAMILIES {
        let game = ruleset(spec);
        let top = if splits_in_three(&game) { 6 } else { 9 };
        let table = values::compute(&game, top).unwrap();
        let mut judge = Exhaustive::new(game);
        for a in 0..=top {
            for b in a..=top {
                let lost = sum::value(&table, &[a, b]).unwrap().is_zero();
                assert_eq!(lost, !judge.first_player_wins(&[a, b]), "{spec}, {a}+{b}");
                for c in b..=top.min(7) {
                    let lost = sum::value(&table, &[a, b, c]).unwrap().is_zero();
                    assert_eq!(
                        lost,
                        !judge.first_player_wins(&[a, b, c]),
                        "{spec}, {a}+{b}+{c}"
                    );
                }
            }
        }
    }
}

/// Every winning move the engine lists is one after which the judge says the
/// opponent loses, and a position the judge calls won gets at least one.
#[test]
fn winning_moves_agree_with_the_judge() {
    for spec in FAMILIES {
        let game = ruleset(spec);
        let table = values::compute(&game, 8).unwrap();
        let mut judge = Exhaustive::new(game.clone());
        for a in 0..=8 {
            for b in a..=8 {
                let heaps = [a, b];
                let moves = sum::winning_moves(&game, &table, &heaps).unwrap();
                assert_eq!(
                    !moves.is_empty(),
                    judge.first_player_wins(&heaps),
                    "{spec} {heaps:?}"
                );
                for mv in moves {
                    assert!(
                        !judge.first_player_wins(&mv.apply(&heaps)),
                        "{spec} {heaps:?} {mv:?}"
                    );
                }
            }
        }
    }
}
