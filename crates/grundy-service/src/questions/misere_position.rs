//! Who wins a position under misère play (the last player to move loses),
//! by which method, and the winning moves.
//!
//! Policy, in order, for a position:
//!
//! 1. a misère quotient the solver already holds, or keeps in its store,
//!    that covers its heaps (`strategies.rs`) answers it from its tables;
//! 2. heaps all below the game's first wild heap: the misère rule of nim in
//!    its genus form (time linear in the heaps, after the genera);
//! 3. the judge, the memoised game-tree search, within
//!    [`QUICK_SEARCH_BYTES`]: most positions of a few small heaps are
//!    settled here, at once, with no quotient to compute;
//! 4. the game's misère quotient, computed for growing heap bounds until
//!    it covers the heaps (its bound reaches them, or its pretending map's
//!    period is proved and it covers every heap); where the construction
//!    stops at some heap, the quotient of the heaps below it is kept and
//!    covers positions of those heaps;
//! 5. the judge within a share of the memory budget.
//!
//! With more than one thread, 4 and 5 run side by side and the first to
//! answer answers (a quotient found is used even so; see
//! `misere_race.rs`): which is quicker cannot be told beforehand.
//!
//! Each is exact; the report says which answered.

use grundy::misere::{self, Genera, Outcome, Strategy};
use grundy::sum::HeapMove;
use grundy::{Detail, ErrorKind, Result, Ruleset};

use crate::core::Core;
use crate::game::Game;
use crate::limits::{self, MAX_MISERE_HEAP, QUICK_SEARCH_BYTES};
use crate::misere_charge::{charged, heaps_done};
use crate::misere_race::{self, Rule, search};
use crate::misere_report::{MisereMethod, MiserePositionReport, QuotientUsed};
use crate::report::MoveReport;
use crate::strategies;
use crate::watch::Watch;

/// See [`Solver::misere_position`].
pub(crate) fn misere_position(
    core: &Core,
    game: &Game,
    heaps: &[u64],
    limit: usize,
    watch: &mut Watch,
) -> Result<MiserePositionReport> {
    let game = game.sum_of_heaps("misère play")?;
    limits::moves_listed(limit)?;
    let largest = heaps.iter().copied().max().unwrap_or(0);
    limits::played(heaps)?;
    let rule = position_rule(core, game, heaps, largest, watch)?;
    let by_rule = match rule {
        Some(Rule::Tame(genera)) => misere::tame::winning_moves(game, &genera, heaps)?
            .zip(misere::tame::outcome(&genera, heaps)?)
            .map(|(moves, outcome)| (MisereMethod::Tame, None, outcome == Outcome::N, moves)),
        Some(Rule::Quotient(strategy)) => Some(by_quotient(game, &strategy, heaps)?),
        Some(Rule::Searched(winning, moves)) => Some((MisereMethod::Judge, None, winning, moves)),
        None => None,
    };
    let (method, quotient, winning, moves) = if let Some(answer) = by_rule {
        answer
    } else {
        let searched = limits::misere_heap(game, largest)
            .and_then(|()| search(core, game, heaps, core.misere_bytes(), watch));
        match searched {
            Ok((winning, moves)) => (MisereMethod::Judge, None, winning, moves),
            // Where nothing else answers, a record in the store of where
            // the construction stops is not taken on trust: it is tried.
            Err(e)
                if e.kind() != ErrorKind::Interrupted
                    && strategies::distrust_stored_limit(core, game) =>
            {
                match strategies::covering(core, game, largest, watch)? {
                    Some(strategy) => by_quotient(game, &strategy, heaps)?,
                    None => return Err(e),
                }
            }
            Err(e) => return Err(e),
        }
    };
    Ok(MiserePositionReport {
        game: game.to_string(),
        play: "misere",
        position: heaps.to_vec(),
        winning,
        method,
        quotient,
        total_winning_moves: moves.len(),
        moves: moves
            .into_iter()
            .take(limit)
            .map(MoveReport::from)
            .collect(),
        can_move: heaps.iter().any(|&h| game.has_move(h)),
    })
}

/// A position's answer from a quotient that covers its heaps: the method,
/// the quotient used, whether the player to move wins, the winning moves.
fn by_quotient(
    game: &Ruleset,
    strategy: &Strategy,
    heaps: &[u64],
) -> Result<(MisereMethod, Option<QuotientUsed>, bool, Vec<HeapMove>)> {
    let used = QuotientUsed {
        max_heap: strategy.quotient().max_heap(),
        size: strategy.quotient().len(),
        every_heap: strategy.covers_every_heap(),
    };
    let winning = strategy.outcome(heaps)?.next_player_wins();
    let moves = strategy.winning_moves(game, heaps)?;
    Ok((MisereMethod::Quotient, Some(used), winning, moves))
}

/// How to answer `heaps` short of a full game-tree search: by a
/// quotient already held or stored, by the tame rule (the genera, when
/// every heap lies below the game's first wild heap), by a small
/// game-tree search, or by a quotient computed now; `None` when none
/// applies (see the module documentation).
fn position_rule(
    core: &Core,
    game: &Ruleset,
    heaps: &[u64],
    largest: u64,
    watch: &mut Watch,
) -> Result<Option<Rule>> {
    if let Some(strategy) = strategies::known(core, game, largest, watch) {
        return Ok(Some(Rule::Quotient(strategy)));
    }
    if largest <= MAX_MISERE_HEAP {
        if let Some(genera) = tame_genera(core, game, heaps, largest, watch)? {
            return Ok(Some(Rule::Tame(Box::new(genera))));
        }
        let bytes = QUICK_SEARCH_BYTES.min(core.misere_bytes());
        match search(core, game, heaps, bytes, watch) {
            Ok((winning, moves)) => return Ok(Some(Rule::Searched(winning, moves))),
            // Past the small search's own bound, the larger ones follow;
            // memory others hold refuses those too.
            Err(e)
                if e.kind() == ErrorKind::TooLarge
                    && !matches!(e.detail(), Some(Detail::MemoryInUse { .. })) => {}
            Err(e) => return Err(e),
        }
        if core.threads() > 1 {
            return match misere_race::quotient_or_search(core, game, heaps, largest, watch) {
                // The construction skipped on the store's word and the
                // search unable to answer: the construction is tried.
                Err(e)
                    if e.kind() != ErrorKind::Interrupted
                        && strategies::distrust_stored_limit(core, game) =>
                {
                    match strategies::covering(core, game, largest, watch)? {
                        Some(strategy) => Ok(Some(Rule::Quotient(strategy))),
                        None => Err(e),
                    }
                }
                answer => answer.map(Some),
            };
        }
    }
    Ok(strategies::covering(core, game, largest, watch)?.map(Rule::Quotient))
}

/// The genera of heaps up to `largest` when every heap of `heaps` is
/// tame. They are computed for bounds 16, 32, … and given up as soon as
/// a heap of the position is wild, or a wild heap lies below a heap of
/// the position not reached yet (past a game's first wild heap, nearly
/// every heap is wild, and wild genera cost a search each), or they
/// outgrow a quarter of the budget.
fn tame_genera(
    core: &Core,
    game: &Ruleset,
    heaps: &[u64],
    largest: u64,
    watch: &mut Watch,
) -> Result<Option<Genera>> {
    let mut bound = largest.min(16);
    loop {
        let computed = charged(core, "the misère genera", watch, heaps_done, |p| {
            Genera::compute_with(game, bound, core.misere_bytes(), p)
        })?;
        let genera = match computed {
            Ok(genera) => genera,
            Err(e) if e.kind() == ErrorKind::TooLarge => return Ok(None),
            Err(e) => return Err(e),
        };
        let reached = heaps.iter().filter(|&&h| h <= bound);
        if reached.clone().any(|&h| genera.tame(h).is_none()) {
            return Ok(None);
        }
        if bound >= largest {
            return Ok(Some(genera));
        }
        if genera.first_wild().is_some() {
            return Ok(None);
        }
        bound = bound.saturating_mul(2).min(largest);
    }
}
