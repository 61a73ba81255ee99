//! The engine against its naive twin on small games with no structure of
//! their own, and the engine's own behaviour: threads, budgets, stopping.

use std::ops::ControlFlow;

use super::{Game, Options, Progress, Search, naive, silent};
use crate::values::Budget;

/// Heaps of a subtraction game, as a multiset: a position of several heaps
/// whose components are its heaps, so that decomposition is exercised.
#[derive(Clone, Copy, Debug)]
struct Subtraction(&'static [u32]);

impl Game for Subtraction {
    type Position = Vec<u32>;
    type Move = (usize, u32);

    fn moves(&self, heaps: &Vec<u32>, out: &mut Vec<((usize, u32), Vec<u32>)>) {
        for (i, &h) in heaps.iter().enumerate() {
            for &t in self.0.iter().filter(|&&t| t <= h) {
                let mut next = heaps.clone();
                next[i] -= t;
                out.push(((i, t), next));
            }
        }
    }

    fn components(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        out.extend(heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }
}

#[test]
fn sums_of_subtraction_heaps_match_the_naive_twin() {
    let game = Subtraction(&[1, 3, 4]);
    let mut search = Search::new(game, Options::default());
    for a in 0..12 {
        for b in 0..8 {
            let position = vec![a, b, 3];
            let fast = search.nimber(&position, &mut silent).unwrap();
            let slow = naive::nimber(&game, &position, Budget::default(), &mut silent).unwrap();
            assert_eq!(fast, slow, "{position:?}");
            assert_eq!(
                search.is_lost(&position, &mut silent).unwrap(),
                slow.is_zero()
            );
        }
    }
}

#[test]
fn every_thread_count_gives_the_same_values() {
    let game = Subtraction(&[2, 5, 7]);
    let expected: Vec<u64> = (0..40)
        .map(|n| {
            naive::nimber(&game, &vec![n, 9], Budget::default(), &mut silent)
                .unwrap()
                .value()
        })
        .collect();
    for threads in [1, 2, 4, 8] {
        let mut search = Search::new(
            game,
            Options {
                threads,
                ..Options::default()
            },
        );
        let got: Vec<u64> = (0..40)
            .map(|n| search.nimber(&vec![n, 9], &mut silent).unwrap().value())
            .collect();
        assert_eq!(got, expected, "{threads} threads");
    }
}

#[test]
fn a_tiny_budget_slows_the_search_but_keeps_it_exact() {
    let game = Subtraction(&[1, 2, 6]);
    let mut roomy = Search::new(game, Options::default());
    let mut tiny = Search::new(
        game,
        Options {
            budget: Budget::bytes(16 << 10),
            threads: 1,
        },
    );
    for n in (0..150).step_by(7) {
        let position = vec![n, n / 2, n / 3];
        assert_eq!(
            roomy.nimber(&position, &mut silent).unwrap(),
            tiny.nimber(&position, &mut silent).unwrap()
        );
    }
    let stats = tiny.stats();
    assert!(stats.bytes <= 16 << 10, "{stats:?}");
    assert!(stats.dropped > 0, "{stats:?}");
}

#[test]
fn a_stopped_search_resumes_to_the_same_value() {
    let game = crate::games::Cram;
    let board = crate::games::Board::rectangle(5, 6).unwrap();
    let mut search = Search::new(game, Options::default());
    let mut stop_soon = |_: Progress| ControlFlow::Break(());
    let err = search.nimber(&board, &mut stop_soon).unwrap_err();
    assert_eq!(err.kind(), crate::ErrorKind::Interrupted);
    let resumed = search.nimber(&board, &mut silent).unwrap();
    let fresh = Search::new(game, Options::default())
        .nimber(&board, &mut silent)
        .unwrap();
    assert_eq!(resumed, fresh);
    assert_eq!(resumed.value(), 2);
}

#[test]
fn the_naive_twin_refuses_past_its_budget() {
    let err = naive::nimber(
        &crate::games::Cram,
        &crate::games::Board::rectangle(4, 4).unwrap(),
        Budget::bytes(10_000),
        &mut silent,
    )
    .unwrap_err();
    assert_eq!(err.kind(), crate::ErrorKind::TooLarge);
}
