//! Heap games given by their options, the rules as code (a front end's
//! callback into its own language): values by the definition, a position's
//! value and winning moves from them, counts of won and lost positions,
//! a period that can only be observed, and misère play by a search of whole
//! positions. Nothing is stored: the values live in the table the front end
//! keeps with its game, which these questions extend.

use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

use grundy::heap_game::{self, HeapGame};
use grundy::period::{self, PeriodicValues};
use grundy::search::misere_search::MisereSearch;
use grundy::search::{self, Progress};
use grundy::values::Budget;
use grundy::{Error, Result, ValueTable, sum};

use crate::core::{Core, lock};
use crate::limits;
use crate::memory::Growing;
use crate::questions::count;
use crate::report::{CountReport, MoveReport, MultisetCountReport, PeriodReport, PositionReport};
use crate::watch::{Event, Watch, values_progress};

/// See [`Solver::extend_heap_game`](crate::Solver::extend_heap_game).
pub(crate) fn extend(
    core: &Core,
    game: &dyn HeapGame,
    table: &mut ValueTable,
    to: u64,
    watch: &mut Watch,
) -> Result<()> {
    limits::values_range(0, to)?;
    if (to as usize) < table.len() {
        return Ok(());
    }
    heap_game::extend(
        game,
        table,
        to,
        core.config.budget,
        &mut values_progress(watch),
    )
}

/// See [`Solver::heap_game_position`](crate::Solver::heap_game_position).
pub(crate) fn position(
    core: &Core,
    game: &dyn HeapGame,
    name: &str,
    table: &mut ValueTable,
    heaps: &[u64],
    limit: usize,
    watch: &mut Watch,
) -> Result<PositionReport> {
    limits::moves_listed(limit)?;
    let largest = heaps.iter().copied().max().unwrap_or(0);
    extend(core, game, table, largest, watch)?;
    let value = sum::value(table, heaps)?;
    let mut moves = heap_game::winning_moves(game, table, heaps)?;
    let total = moves.len();
    let truncated = total > limit;
    moves.truncate(limit);
    let mut options = Vec::new();
    let mut can_move = false;
    for &h in heaps {
        options.clear();
        game.options(h, &mut options)?;
        if !options.is_empty() {
            can_move = true;
            break;
        }
    }
    Ok(PositionReport {
        game: name.to_string(),
        position: heaps.to_vec(),
        value: value.value(),
        winning: !value.is_zero(),
        total_winning_moves: truncated.then_some(total as u128),
        moves: moves.into_iter().map(MoveReport::from).collect(),
        can_move,
    })
}

/// See [`Solver::heap_game_period`](crate::Solver::heap_game_period).
pub(crate) fn period(
    core: &Core,
    game: &dyn HeapGame,
    name: &str,
    table: &mut ValueTable,
    max: Option<u64>,
    watch: &mut Watch,
) -> Result<PeriodReport> {
    let max = max.unwrap_or(limits::OPTIONS_OBSERVE_LIMIT);
    extend(core, game, table, max, watch)?;
    // The pattern of the heaps asked for, however many are kept.
    let verdict = if table.len() as u64 > max.saturating_add(1) {
        period::observed(&table.prefix(max as usize + 1))
    } else {
        period::observed(table)
    };
    Ok(PeriodReport::observed_only(name, &verdict))
}

/// The values of `table` up to `to`, for the counts: the table reaches
/// `to`, so no period is needed (the one observed is never used past it).
fn up_to(table: &ValueTable, to: u64) -> PeriodicValues {
    let table = table.prefix(to as usize + 1);
    let verdict = period::observed(&table);
    PeriodicValues::new(table, verdict)
}

/// See [`Solver::heap_game_count`](crate::Solver::heap_game_count).
pub(crate) fn count(
    core: &Core,
    game: &dyn HeapGame,
    name: &str,
    table: &mut ValueTable,
    to: u64,
    watch: &mut Watch,
) -> Result<CountReport> {
    limits::first_heap(None, to)?;
    extend(core, game, table, to, watch)?;
    count::single_heaps(name.to_string(), &up_to(table, to), None, to)
}

/// See [`Solver::heap_game_count_multisets`](crate::Solver::heap_game_count_multisets).
pub(crate) fn count_multisets(
    core: &Core,
    game: &dyn HeapGame,
    name: &str,
    table: &mut ValueTable,
    heaps: u32,
    to: u64,
    watch: &mut Watch,
) -> Result<MultisetCountReport> {
    limits::multiset_heaps(heaps)?;
    extend(core, game, table, to, watch)?;
    count::multisets(core, name.to_string(), &up_to(table, to), heaps, to, watch)
}

/// See [`Solver::heap_game_misere`](crate::Solver::heap_game_misere).
pub(crate) fn misere(
    core: &Core,
    game: &(dyn HeapGame + Sync),
    table: &mut ValueTable,
    heaps: &[u64],
    watch: &mut Watch,
) -> Result<bool> {
    misere_search(core, game, table, heaps, watch, |search, progress| {
        search.is_lost(&Sums::position(heaps.iter().copied()), progress)
    })
}

/// See [`Solver::heap_game_misere_moves`](crate::Solver::heap_game_misere_moves).
pub(crate) fn misere_moves(
    core: &Core,
    game: &(dyn HeapGame + Sync),
    table: &mut ValueTable,
    heaps: &[u64],
    limit: usize,
    watch: &mut Watch,
) -> Result<(bool, Vec<MoveReport>)> {
    limits::moves_listed(limit)?;
    misere_search(core, game, table, heaps, watch, |search, progress| {
        let lost = search.is_lost(&Sums::position(heaps.iter().copied()), progress)?;
        let mut winning = Vec::new();
        let mut options = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if lost || winning.len() >= limit {
                break;
            }
            options.clear();
            game.options(h, &mut options)?;
            for option in &options {
                let rest = heaps[..i].iter().chain(&heaps[i + 1..]).copied();
                let after = Sums::position(rest.chain(option.iter().copied()));
                if winning.len() < limit && search.is_lost(&after, progress)? {
                    winning.push(MoveReport {
                        heap: i,
                        from: h,
                        to: option.clone(),
                    });
                }
            }
        }
        Ok((!lost, winning))
    })
}

/// Runs `ask` on a misère search of the sums of heaps of `game`, after
/// extending `table` to the largest of `heaps`, which checks every option
/// the search can meet smaller than its heap, so that the search ends.
fn misere_search<R>(
    core: &Core,
    game: &(dyn HeapGame + Sync),
    table: &mut ValueTable,
    heaps: &[u64],
    watch: &mut Watch,
    ask: impl FnOnce(
        &mut MisereSearch<&Sums<'_>>,
        &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<R>,
) -> Result<R> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    extend(core, game, table, largest, watch)?;
    let budget = core.misere_bytes();
    let sums = Sums {
        game,
        failed: Mutex::new(None),
    };
    let mut search = MisereSearch::new(&sums, Budget::bytes(budget));
    // The search's table is charged to the process's budget as it grows.
    let make_room = || core.make_room();
    let mut table = Growing::new(&core.config.accountant, "a misère search", &make_room);
    let mut progress = |p: Progress| -> ControlFlow<()> {
        if table.charge(p.bytes).is_break() {
            return ControlFlow::Break(());
        }
        watch.tell(Event::Positions {
            nodes: p.nodes,
            facts: p.facts,
            bytes: p.bytes,
        })
    };
    let answer = ask(&mut search, &mut progress);
    if let Some(refused) = table.refusal() {
        return Err(refused);
    }
    let answer = answer.map_err(|e| limits::misere_search_refusal(e, budget));
    // An error of the options comes first: the search ended early because
    // of it, so its answer says nothing.
    match lock(&sums.failed).take() {
        Some(e) => Err(e),
        None => answer,
    }
}

/// Sums of heaps of a heap game as a game given by its moves, for the
/// misère search: a position is the sorted heaps (empty heaps left out,
/// as a heap with no option changes no game tree), a move replaces one
/// heap by one of its options. The options cannot fail there, so the first
/// error is kept and every later position has no moves.
struct Sums<'g> {
    game: &'g (dyn HeapGame + Sync),
    failed: Mutex<Option<Error>>,
}

impl Sums<'_> {
    fn position(heaps: impl Iterator<Item = u64>) -> Arc<[u64]> {
        let mut heaps: Vec<u64> = heaps.filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        heaps.into()
    }
}

impl search::Game for &Sums<'_> {
    type Position = Arc<[u64]>;
    /// The heap's index and the option's index among its options.
    type Move = (usize, usize);

    fn moves(&self, position: &Arc<[u64]>, out: &mut Vec<((usize, usize), Arc<[u64]>)>) {
        let mut options = Vec::new();
        for (i, &h) in position.iter().enumerate() {
            if lock(&self.failed).is_some() {
                return;
            }
            // Equal heaps have the same moves up to order.
            if i > 0 && position[i - 1] == h {
                continue;
            }
            options.clear();
            if let Err(e) = self.game.options(h, &mut options) {
                lock(&self.failed).get_or_insert(e);
                return;
            }
            for (j, option) in options.iter().enumerate() {
                let rest = position[..i].iter().chain(&position[i + 1..]).copied();
                out.push(((i, j), Sums::position(rest.chain(option.iter().copied()))));
            }
        }
    }
}
