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

/// A game whose moves may go back: heap n moves to n − 1, and heap 3 also
/// back up to 5, so plays from 3 and above can go round 5 → 4 → 3 → 5.
#[derive(Clone, Copy, Debug)]
struct RoundAbout {
    declared: bool,
}

impl Game for RoundAbout {
    type Position = u32;
    type Move = u32;

    fn moves(&self, n: &u32, out: &mut Vec<(u32, u32)>) {
        if *n > 0 {
            out.push((n - 1, n - 1));
        }
        if *n == 3 {
            out.push((5, 5));
        }
    }

    fn may_loop(&self) -> bool {
        self.declared
    }
}

#[test]
fn a_game_that_may_loop_is_refused_where_it_loops_and_valued_where_it_ends() {
    use crate::ErrorKind;
    use crate::search::misere_search::MisereSearch;
    let game = RoundAbout { declared: true };
    let mut search = Search::new(game, Options::default());
    // Below 3 every play ends: 0, 1, 0 by the definition.
    for (n, v) in [(0, 0), (1, 1), (2, 0)] {
        assert_eq!(search.nimber(&n, &mut silent).unwrap().value(), v);
        let slow = naive::nimber(&game, &n, Budget::default(), &mut silent).unwrap();
        assert_eq!(slow.value(), v);
    }
    // From 3 every search meets the loop (3 → 5 → 4 → 3) before it can
    // settle anything, and says so.
    let e = Search::new(game, Options::default())
        .nimber(&3, &mut silent)
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidInput, "{e}");
    assert!(
        e.to_string().contains("'3' can be reached from itself"),
        "{e}"
    );
    let e = MisereSearch::new(game, Budget::default())
        .is_lost(&3, &mut silent)
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidInput, "{e}");
    // The naive twin explores every play, so it meets the loop from any
    // heap that reaches 3. (The pruning search may settle a heap above 3
    // without exploring the loop, by a finite winning line: heap 4's one
    // move, to 3, has the reply 3 → 2 into a loss.)
    for n in [3, 4, 5, 9] {
        let e = naive::nimber(&game, &n, Budget::default(), &mut silent).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidInput, "{e}");
    }
    // Undeclared, the loop runs to the depth limit: the declaration is what
    // makes the refusal clear.
    let e = Search::new(RoundAbout { declared: false }, Options::default())
        .nimber(&3, &mut silent)
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooLarge, "{e}");
}

/// Facts kept by a word key ([`Game::key`], Cram's small boards) come back
/// whole from [`Search::facts`], so a search that learns them answers
/// without searching; and a table too small for them keeps its budget.
#[test]
fn facts_kept_by_word_come_back_and_keep_the_budget() {
    use crate::games::{Board, Cram};
    let board = Board::rectangle(4, 5).unwrap();
    let mut first = Search::new(Cram, Options::default());
    let value = first.nimber(&board, &mut silent).unwrap();
    let facts = first.facts();
    assert_eq!(facts.len() as u64, first.stats().facts);
    assert!(facts.iter().all(|(b, _)| Cram.key(b).is_some()));
    let mut resumed = Search::new(Cram, Options::default());
    resumed.learn(facts.clone());
    assert_eq!(resumed.nimber(&board, &mut silent).unwrap(), value);
    assert_eq!(resumed.stats().nodes, 0);
    let mut again = resumed.facts();
    let mut facts = facts;
    let order = |(b, f): &(Board, super::Fact)| (Cram.key(b), f.value(), f.excluded_bits());
    facts.sort_by_key(order);
    again.sort_by_key(order);
    assert_eq!(again, facts);

    let budget = 32 * 1024;
    let options = Options {
        budget: Budget::bytes(budget),
        threads: 1,
    };
    let mut small = Search::new(Cram, options);
    let board = Board::rectangle(4, 7).unwrap();
    assert_eq!(small.nimber(&board, &mut silent).unwrap().value(), 3);
    let stats = small.stats();
    assert!(stats.bytes <= budget && stats.dropped > 0, "{stats:?}");
}
