//! The numbers the seed write-ups in `shared/seeds/` state.

use grundy::{Ruleset, count, sum, values};

use crate::common::ruleset;

/// Seeds 000 and 003 (Project Euler 306): the first player wins for 3 of the
/// strips 1..=5 and 40 of the strips 1..=50.
#[test]
fn paper_strip_counts_of_project_euler_306() {
    let strip: Ruleset = "paper-strip".parse().unwrap();
    let table = values::compute(&strip, 50).unwrap();
    assert_eq!(count::single_heaps(&table, 5).wins, 3);
    assert_eq!(count::single_heaps(&table, 50).wins, 40);
    assert_eq!(count::single_heaps(&table, 50).losses, 10);
}

/// Seed 000 lists the lost strips 1, 5, 9, 15, 21, 25 (OEIS A215721).
#[test]
fn paper_strip_first_losses() {
    let table = values::compute(&ruleset("0.07"), 25).unwrap();
    let lost: Vec<u64> = (1..=25).filter(|&n| table.raw(n as usize) == 0).collect();
    assert_eq!(lost, [1, 5, 9, 15, 21, 25]);
}

/// Seed 004 (Project Euler 310): Nim Square values of the heaps 0 to 13.
#[test]
fn nim_square_values_of_project_euler_310() {
    let table = values::compute(&ruleset("nim-square"), 13).unwrap();
    assert_eq!(table.to_vec(), [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1]);
}

/// Seed 001: in Grundy's game the position 5 10 20 has a winning split, and
/// it leads to a position of value 0.
#[test]
fn grundys_game_winning_split_of_seed_001() {
    let game = ruleset("grundy");
    let table = values::compute(&game, 20).unwrap();
    let heaps = [5, 10, 20];
    assert!(!sum::value(&table, &heaps).unwrap().is_zero());
    let moves = sum::winning_moves(&game, &table, &heaps).unwrap();
    assert!(!moves.is_empty());
    for mv in moves {
        assert_eq!(mv.removed, 0);
        assert_eq!(mv.parts.len(), 2);
        assert_ne!(mv.parts[0], mv.parts[1]);
        assert!(sum::value(&table, &mv.apply(&heaps)).unwrap().is_zero());
    }
}

/// Seed 001's example: a heap of 9 can be split down until only heaps of 1
/// and 2 remain, on which no move is possible.
#[test]
fn grundys_game_dead_heaps() {
    let game = ruleset("grundy");
    assert!(game.options(1).is_empty());
    assert!(game.options(2).is_empty());
    assert_eq!(game.options(3).len(), 1);
}
