//! A wild misère position that the small search could not settle: the
//! game's quotient and the full game-tree search run side by side, and the
//! first to answer answers.
//!
//! Which of the two is quicker cannot be told beforehand. Kayles' quotient
//! of every heap takes a second, where the search of four heaps near 30
//! takes minutes; Dawson's Kayles' construction spends a minute finding
//! that heap 34 splits its quotient beyond mending, where the search of 20,
//! 30 and 40 takes four seconds. Run one after the other, the slower one
//! costs its whole time whenever it goes first; run side by side (one more
//! thread, each within the share of the memory budget it had alone), the
//! position costs the quicker one's.
//!
//! A quotient found is preferred, as before: it answers the positions the
//! game goes on to as well, and it is kept. Where the search answers first,
//! the construction is stopped (nothing of it is kept; a later position
//! runs both again); where the construction ends without a quotient that
//! covers the heaps, the search goes on to its end. With one thread
//! (`Config::threads`), the construction runs first and the search after
//! it, as the module [`crate::misere`] lists.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;
use std::time::Duration;

use grundy::misere::Progress;
use grundy::misere::{Genera, Judge, Strategy};
use grundy::sum::HeapMove;
use grundy::{ErrorKind, Result, Ruleset};

use crate::core::Core;
use crate::misere_charge::charged;
use crate::strategies;
use crate::watch::{Event, Watch};

/// What answers a misère position short of the full game-tree search run
/// alone.
pub(crate) enum Rule {
    /// Every heap is tame: their genera.
    Tame(Box<Genera>),
    /// A quotient that covers every heap.
    Quotient(Arc<Strategy>),
    /// A game-tree search (within [`QUICK_SEARCH_BYTES`](crate::limits::QUICK_SEARCH_BYTES), or beside the
    /// quotient's construction): whether the player to move wins, and the
    /// winning moves.
    Searched(bool, Vec<HeapMove>),
}

/// The game-tree search of `heaps` within `bytes` of memo: whether the
/// player to move wins, and every winning move. Its memo is charged to the
/// process's accountant as it grows ([`charged`]).
pub(crate) fn search(
    core: &Core,
    game: &Ruleset,
    heaps: &[u64],
    bytes: u64,
    watch: &mut Watch,
) -> Result<(bool, Vec<HeapMove>)> {
    let mut judge = Judge::with_normal_form(game.clone(), bytes);
    let decided = |p: Progress| Event::Scan {
        done: p.done,
        total: p.total,
    };
    charged(core, "the misère game-tree search", watch, decided, |p| {
        let winning = judge.outcome_with(heaps, p)?.next_player_wins();
        let moves = judge.winning_moves_with(heaps, p)?;
        Ok((winning, moves))
    })?
}

/// How often the waiting thread passes the search's progress on and asks
/// whether to stop.
const POLL: Duration = Duration::from_millis(50);

/// The search thread's state, shared with the thread that waits for it.
#[derive(Default)]
struct Searching {
    /// The search answered (not only ended).
    answered: AtomicBool,
    /// The search is to stop: the quotient answered, or the request was
    /// stopped.
    stop: AtomicBool,
    /// The search's last progress.
    done: AtomicU64,
    total: AtomicU64,
}

/// The quotient of `game` covering heap `largest`, computed, and the
/// game-tree search of `heaps`, side by side (see the module
/// documentation): [`Rule::Quotient`] or [`Rule::Searched`], whichever
/// answered, or the search's error (a game tree too large for its
/// share of memory) or the request's stop.
///
/// # Errors
/// [`ErrorKind::TooLarge`] when no quotient covers the heaps and the
/// game tree does not fit the misère share of the budget;
/// [`ErrorKind::Interrupted`] when `watch` says stop.
pub(crate) fn quotient_or_search(
    core: &Core,
    game: &Ruleset,
    heaps: &[u64],
    largest: u64,
    watch: &mut Watch,
) -> Result<Rule> {
    let searching = Searching::default();
    thread::scope(|scope| {
        let searcher = scope.spawn(|| {
            let mut told = Watch::new(|event| {
                if let Event::Scan { done, total } = event {
                    searching.done.store(done, Ordering::Relaxed);
                    searching.total.store(total, Ordering::Relaxed);
                }
                if searching.stop.load(Ordering::Relaxed) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            let answer = search(core, game, heaps, core.misere_bytes(), &mut told);
            if answer.is_ok() {
                searching.answered.store(true, Ordering::Relaxed);
            }
            answer
        });
        let mut until_searched = Watch::new(|event| {
            let asked = watch.tell(event);
            if asked.is_break() || searching.answered.load(Ordering::Relaxed) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let quotient = strategies::covering(core, game, largest, &mut until_searched);
        drop(until_searched);
        let wait = match &quotient {
            // No quotient covers the heaps: the search is the answer,
            // however long it takes.
            Ok(None) => true,
            // Stopped because the search answered.
            Err(e) if e.kind() == ErrorKind::Interrupted => {
                searching.answered.load(Ordering::Relaxed)
            }
            _ => false,
        };
        if wait {
            while !searcher.is_finished() {
                let progress = Event::Scan {
                    done: searching.done.load(Ordering::Relaxed),
                    total: searching.total.load(Ordering::Relaxed),
                };
                if watch.tell(progress).is_break() {
                    searching.stop.store(true, Ordering::Relaxed);
                }
                thread::sleep(POLL);
            }
        } else {
            searching.stop.store(true, Ordering::Relaxed);
        }
        let searched = searcher
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        match (quotient, searched) {
            (Ok(Some(strategy)), _) => Ok(Rule::Quotient(strategy)),
            (_, Ok((winning, moves))) => Ok(Rule::Searched(winning, moves)),
            (Ok(None), Err(e)) | (Err(e), _) => Err(e),
        }
    })
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;
    use std::sync::Arc;

    use grundy::misere::Judge;
    use grundy::{ErrorKind, Ruleset};

    use super::Rule;
    use super::quotient_or_search;
    use crate::core::{Config, Core};
    use crate::misere_limit;
    use crate::store::{FileStore, Store};
    use crate::watch::Watch;

    fn judged(game: &Ruleset, heaps: &[u64]) -> (bool, Vec<(usize, u64, Vec<u64>)>) {
        let mut judge = Judge::new(game.clone(), 1 << 26);
        let winning = judge.outcome(heaps).unwrap().next_player_wins();
        let moves = judge.winning_moves(heaps).unwrap();
        (
            winning,
            moves
                .into_iter()
                .map(|m| (m.heap, m.from, m.parts))
                .collect(),
        )
    }

    fn searched(answer: Rule) -> (bool, Vec<(usize, u64, Vec<u64>)>) {
        match answer {
            Rule::Searched(winning, moves) => (
                winning,
                moves
                    .into_iter()
                    .map(|m| (m.heap, m.from, m.parts))
                    .collect(),
            ),
            _ => panic!("not answered by the search"),
        }
    }

    /// A position the search settles at once is answered by it, and the
    /// construction of Dawson's Kayles' quotient to heap 32 (a second and
    /// more, run alone) is stopped: the solver holds no quotient after.
    #[test]
    fn the_search_answers_first_and_the_construction_stops() {
        let game: Ruleset = "0.07".parse().unwrap();
        let core = Core::default();
        let heaps = [20, 12, 3];
        let answer = quotient_or_search(&core, &game, &heaps, 20, &mut Watch::silent()).unwrap();
        assert_eq!(searched(answer), judged(&game, &heaps));
        assert!(crate::strategies::held(&core, &game, 20).is_none());
    }

    /// A quotient found first answers, and is held for the next position.
    #[test]
    fn a_quotient_found_first_answers() {
        let game: Ruleset = "0.75".parse().unwrap();
        let core = Core::default();
        let answer = quotient_or_search(
            &core,
            &game,
            &[40, 41, 42, 43, 44, 45],
            45,
            &mut Watch::silent(),
        )
        .unwrap();
        assert!(matches!(answer, Rule::Quotient(s) if s.covers(45)));
        assert!(crate::strategies::held(&core, &game, 1000).is_some());
    }

    /// Where the construction ends without a quotient that covers the heaps
    /// (here the store records that it stops at heap 10), the search goes
    /// on to its answer.
    #[test]
    fn where_no_quotient_covers_the_heaps_the_search_answers() {
        let dir = tempfile::tempdir().unwrap();
        let game: Ruleset = "0.07".parse().unwrap();
        let store = Arc::new(FileStore::new(dir.path()));
        store
            .save_misere_limit(&game, &misere_limit::write(&game, 10, "a test's record"))
            .unwrap();
        let core = Core::new(Config {
            store: Some(store as Arc<dyn Store>),
            ..Config::default()
        });
        let heaps = [14, 11, 6, 2];
        let answer = quotient_or_search(&core, &game, &heaps, 14, &mut Watch::silent()).unwrap();
        assert_eq!(searched(answer), judged(&game, &heaps));
    }

    /// A request stopped from outside stops both, with one error.
    #[test]
    fn a_stop_stops_both() {
        let game: Ruleset = "0.07".parse().unwrap();
        let core = Core::default();
        let mut stop = Watch::new(|_| ControlFlow::Break(()));
        let result = quotient_or_search(&core, &game, &[60, 50, 40, 30], 60, &mut stop);
        assert_eq!(result.err().map(|e| e.kind()), Some(ErrorKind::Interrupted));
    }
}
