//! The searches of board and graph games: one [`Search`] a kind (Cram,
//! Node-Kayles, Node-Kayles on a graph that is the free cells of a grid,
//! searched as a board, and Chomp), made at the first request of its kind with the
//! facts the store kept, and kept between requests, so that every answer
//! builds on what the ones before it learnt.
//!
//! - **Budget.** A search's table takes its share of the memory budget
//!   ([`limits::board_table_bytes`]); past it the table drops the facts
//!   that were cheapest to find, so a search never stops for memory. When
//!   a kind's search is made, the searches of the other kinds that no
//!   request is using are dropped, so that one table at a time holds its
//!   share. The table is charged to the process's accountant as it grows,
//!   and stays charged while it is kept between requests; a search no
//!   request is using is dropped, as an idle value table is, where another
//!   computation needs the memory (`Core::make_room`).
//! - **Progress and stopping.** The library's progress reports become
//!   [`Event::Positions`]; a watch that says stop ends the search with
//!   [`ErrorKind::Interrupted`], what it learnt kept.
//! - **Checkpoints.** What a search learnt is written to the store (a file
//!   a kind, `cram.facts`, in the format of [`codec`]) when a request
//!   searched for more than a second in all or was stopped, and during a
//!   long search every checkpoint interval (at least a second): the search
//!   is paused, its facts written, and the same question asked again,
//!   which resumes from them. A process killed at any moment leaves the
//!   last checkpoint, and the next process resumes from it. A file that
//!   fails its check is reported and ignored, never trusted.
//! - **Misère play** is searched whole by [`MisereSearch`], a new one a
//!   request within the misère share of the budget; past it, the search is
//!   refused with the budget named.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use grundy::games::{Board, BoardGame, Chomp, Cram, Graph, NodeKayles, NodeKaylesGrid};
use grundy::search::misere_search::MisereSearch;
use grundy::search::{Codec, JudgedMove, Options, Progress, Search, codec};
use grundy::values::Budget;
use grundy::{ErrorKind, Result};

use crate::core::{BoardSlot, Core};
use crate::exclusive::Exclusive;
use crate::limits;
use crate::memory::Growing;
use crate::watch::{Event, Watch};

/// A search worth writing to the store: one that ran this long in all
/// since the last write.
const WORTH_STORING: Duration = Duration::from_secs(1);

/// The shortest interval between two checkpoints of one search: each
/// writes every fact the table holds.
const SHORTEST_CHECKPOINT: Duration = Duration::from_secs(1);

/// One kind of board game, as the solver keeps its search.
pub(crate) trait Kind: Codec + Default + Send + Sync + 'static {
    /// The kind's name in specs and in the store (`cram.facts`).
    const NAME: &'static str;

    /// The kind's slot in the solver.
    fn slot(core: &Core) -> &Exclusive<BoardSlot<Self>>;

    /// A position of this kind as a board game.
    fn wrap(position: Self::Position) -> BoardGame;

    /// A move in the game's own terms (`0,0-0,1`, `7`, `2,3`).
    fn play(m: &Self::Move) -> String;

    /// How much of the position is left: free cells, vertices, squares.
    /// Of two moves, the one that leaves more takes less.
    fn left(position: &Self::Position) -> u64;
}

impl Kind for Cram {
    const NAME: &'static str = "cram";

    fn slot(core: &Core) -> &Exclusive<BoardSlot<Self>> {
        &core.boards.cram
    }

    fn wrap(position: Self::Position) -> BoardGame {
        BoardGame::Cram(position)
    }

    fn play(m: &Self::Move) -> String {
        m.to_string()
    }

    fn left(position: &Self::Position) -> u64 {
        u64::from(position.free_cells())
    }
}

impl Kind for NodeKayles {
    const NAME: &'static str = "node-kayles";

    fn slot(core: &Core) -> &Exclusive<BoardSlot<Self>> {
        &core.boards.node_kayles
    }

    fn wrap(position: Self::Position) -> BoardGame {
        BoardGame::NodeKayles(position)
    }

    fn play(m: &Self::Move) -> String {
        m.to_string()
    }

    fn left(position: &Self::Position) -> u64 {
        u64::from(position.vertices())
    }
}

/// Node-Kayles on a graph that is the free cells of a grid
/// ([`Graph::grid_cells`]: every `node-kayles:grid:RxC`, and what is left
/// of one after moves), searched as a board: the same game, vertex for
/// cell, with the moves named and the positions after them written as the
/// graph game writes them.
impl Kind for NodeKaylesGrid {
    const NAME: &'static str = "node-kayles-grid";

    fn slot(core: &Core) -> &Exclusive<BoardSlot<Self>> {
        &core.boards.node_kayles_grid
    }

    fn wrap(position: Board) -> BoardGame {
        BoardGame::NodeKayles(
            Graph::of_cells(&position).expect("a grid made from a graph has at most 128 cells"),
        )
    }

    fn play(m: &Self::Move) -> String {
        m.to_string()
    }

    fn left(position: &Self::Position) -> u64 {
        u64::from(position.free_cells())
    }
}

impl Kind for Chomp {
    const NAME: &'static str = "chomp";

    fn slot(core: &Core) -> &Exclusive<BoardSlot<Self>> {
        &core.boards.chomp
    }

    fn wrap(position: Self::Position) -> BoardGame {
        BoardGame::Chomp(position)
    }

    fn play(m: &Self::Move) -> String {
        m.to_string()
    }

    fn left(position: &Self::Position) -> u64 {
        position.squares()
    }
}

/// Runs `$body` with `$pos` bound to the position of the board game
/// `$game` and `$K` to its kind (a graph that is the free cells of a grid
/// searched as a board).
macro_rules! by_kind {
    ($game:expr, |$pos:ident, $K:ident| $body:expr) => {
        match $game {
            BoardGame::Cram($pos) => {
                type $K = Cram;
                $body
            }
            BoardGame::NodeKayles(graph) => match graph.grid_cells() {
                Some(board) => {
                    let $pos = &board;
                    type $K = NodeKaylesGrid;
                    $body
                }
                None => {
                    let $pos = graph;
                    type $K = NodeKayles;
                    $body
                }
            },
            BoardGame::Chomp($pos) => {
                type $K = Chomp;
                $body
            }
        }
    };
}

/// What one request's search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Searched {
    /// Positions examined for this request.
    pub(crate) nodes: u64,
    /// Facts the table holds after it (misère: positions remembered).
    pub(crate) facts: u64,
    /// Bytes the table holds after it.
    pub(crate) bytes: u64,
}

/// A move with its outcome, in the terms the reports use.
#[derive(Clone, Debug)]
pub(crate) struct Judged {
    /// The move in the game's own terms.
    pub(crate) play: String,
    /// The position after it.
    pub(crate) after: BoardGame,
    /// Whether it wins.
    pub(crate) wins: bool,
    /// How much the position after it has left.
    pub(crate) left: u64,
}

fn judged<K: Kind>(moves: Vec<JudgedMove<K::Move, K::Position>>) -> Vec<Judged> {
    moves
        .into_iter()
        .map(|m| Judged {
            play: K::play(&m.play),
            left: K::left(&m.after),
            after: K::wrap(m.after),
            wins: m.wins,
        })
        .collect()
}

/// The nimber of `game`.
pub(crate) fn nimber(core: &Core, game: &BoardGame, watch: &mut Watch) -> Result<(u64, Searched)> {
    by_kind!(game, |position, K| with_search::<K, _>(
        core,
        watch,
        |s, p| s.nimber(position, p).map(|v| v.value())
    ))
}

/// The nimber of `game` and every move with whether it wins, in the game's
/// order.
pub(crate) fn moves(
    core: &Core,
    game: &BoardGame,
    watch: &mut Watch,
) -> Result<(u64, Vec<Judged>, Searched)> {
    by_kind!(game, |position, K| {
        let ((value, moves), searched) = with_search::<K, _>(core, watch, |s, p| {
            let value = s.nimber(position, p)?.value();
            let moves = s.judge_moves(position, p)?;
            Ok((value, moves))
        })?;
        Ok((value, judged::<K>(moves), searched))
    })
}

/// Whether `game` is lost for the player to move under misère play.
pub(crate) fn misere_lost(
    core: &Core,
    game: &BoardGame,
    watch: &mut Watch,
) -> Result<(bool, Searched)> {
    by_kind!(game, |position, K| misere::<K, _>(core, watch, |s, p| s
        .is_lost(position, p)))
}

/// Every move of `game` with whether it wins under misère play.
pub(crate) fn misere_moves(
    core: &Core,
    game: &BoardGame,
    watch: &mut Watch,
) -> Result<(Vec<Judged>, Searched)> {
    by_kind!(game, |position, K| {
        let (moves, searched) = misere::<K, _>(core, watch, |s, p| s.judge_moves(position, p))?;
        Ok((judged::<K>(moves), searched))
    })
}

/// A progress callback of the library.
type Callback<'a> = &'a mut dyn FnMut(Progress) -> ControlFlow<()>;

/// Asks `ask` of the search of kind `K`, made (and its facts read) at the
/// first request of the kind; writes checkpoints while it runs, and its
/// facts after a long search or a stop.
fn with_search<K: Kind, T>(
    core: &Core,
    watch: &mut Watch,
    mut ask: impl FnMut(&mut Search<K>, Callback<'_>) -> Result<T>,
) -> Result<(T, Searched)> {
    let mut slot = K::slot(core).hold(&format!("the search of {} positions", K::NAME), watch)?;
    let slot = &mut *slot;
    let search = match &mut slot.search {
        Some(search) => search,
        none => {
            forget_other_kinds::<K>(core);
            let budget = limits::board_table_bytes(core.config.budget.max_bytes());
            let mut search = Search::new(
                K::default(),
                Options {
                    budget: Budget::bytes(budget),
                    threads: core.threads(),
                },
            );
            load(core, &mut search, watch);
            none.insert(search)
        }
    };
    let before = search.stats().nodes;
    let started = Instant::now();
    // The table is charged to the process's budget as it grows, while this
    // request searches (what it keeps after is bounded by its share).
    // The table is charged from what it was charged when kept.
    let make_room = || core.make_room();
    let mut table = Growing::kept(
        slot.charge.take(),
        &core.config.accountant,
        "the table of a board search",
        &make_room,
    );
    let every = core.config.checkpoint_every.max(SHORTEST_CHECKPOINT);
    let stores = core.config.store.is_some();
    let result = loop {
        let call_started = Instant::now();
        let done = search.stats().nodes - before;
        let mut checkpoint = false;
        let answer = {
            let mut progress = |p: Progress| {
                if table.charge(p.bytes).is_break() {
                    return ControlFlow::Break(());
                }
                let flow = watch.tell(Event::Positions {
                    nodes: done + p.nodes,
                    facts: p.facts,
                    bytes: p.bytes,
                });
                if flow.is_break() {
                    return flow;
                }
                if stores && call_started.elapsed() >= every {
                    checkpoint = true;
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            };
            ask(search, &mut progress)
        };
        match answer {
            Err(e) if e.kind() == ErrorKind::Interrupted && checkpoint && !watch.stopped() => {
                save(core, search, watch);
                slot.unsaved = Duration::ZERO;
            }
            answer => break answer,
        }
    };
    slot.unsaved += started.elapsed();
    let stopped = matches!(&result, Err(e) if e.kind() == ErrorKind::Interrupted);
    let long = slot.unsaved >= WORTH_STORING || core.config.checkpoint_every.is_zero();
    if stopped || long {
        save(core, search, watch);
        slot.unsaved = Duration::ZERO;
    }
    let stats = search.stats();
    let searched = Searched {
        nodes: stats.nodes - before,
        facts: stats.facts,
        bytes: stats.bytes,
    };
    let refused = if result.is_err() {
        table.refusal()
    } else {
        None
    };
    // Kept with the table, at what it holds now; a table whose charge does
    // not fit beside what others hold is not kept.
    match table.keep(searched.bytes) {
        Some(charge) => slot.charge = Some(charge),
        None => slot.forget(),
    }
    if let Some(refused) = refused {
        return Err(refused);
    }
    match result {
        Ok(answer) => Ok((answer, searched)),
        Err(_) if stopped => Err(grundy::Error::new(
            ErrorKind::Interrupted,
            format!(
                "the search was stopped on request after {} positions; what it learnt is kept",
                searched.nodes
            ),
        )),
        Err(e) => Err(e),
    }
}

/// Drops the searches of the other kinds that no request is using, so
/// that one table at a time holds its share of the budget. What they
/// learnt in a long search is in the store already.
fn forget_other_kinds<K: Kind>(core: &Core) {
    fn forget<G: Kind>(core: &Core) {
        if let Some(mut slot) = G::slot(core).try_hold() {
            slot.forget();
        }
    }
    if K::NAME != Cram::NAME {
        forget::<Cram>(core);
    }
    if K::NAME != NodeKayles::NAME {
        forget::<NodeKayles>(core);
    }
    if K::NAME != NodeKaylesGrid::NAME {
        forget::<NodeKaylesGrid>(core);
    }
    if K::NAME != Chomp::NAME {
        forget::<Chomp>(core);
    }
}

/// Teaches `search` the facts the store keeps for its kind; a file that
/// fails its check is reported and ignored.
fn load<K: Kind>(core: &Core, search: &mut Search<K>, watch: &mut Watch) {
    let Some(store) = &core.config.store else {
        return;
    };
    let max_bytes = limits::board_table_bytes(core.config.budget.max_bytes());
    let location = store.facts_location(K::NAME);
    match store.load_facts(K::NAME, max_bytes) {
        Ok(None) => {}
        Ok(Some(bytes)) => match codec::load(search.game(), &bytes) {
            Ok(facts) => {
                let count = facts.len() as u64;
                search.learn(facts);
                let _ = watch.tell(Event::Loaded { count, location });
            }
            Err(e) => {
                let _ = watch.tell(Event::Warning(format!(
                    "ignoring the search facts file {location} ({e}); what it held will be searched again"
                )));
            }
        },
        Err(e) => {
            let _ = watch.tell(Event::Warning(e.to_string()));
        }
    }
}

/// Writes what `search` has learnt to the store; a failure is a warning.
fn save<K: Kind>(core: &Core, search: &Search<K>, watch: &mut Watch) {
    let Some(store) = &core.config.store else {
        return;
    };
    let facts = search.facts();
    let count = facts.len() as u64;
    let bytes = codec::save(search.game(), &facts);
    drop(facts);
    match store.save_facts(K::NAME, &bytes) {
        Ok(()) => {
            let _ = watch.tell(Event::Saved {
                count,
                location: store.facts_location(K::NAME),
            });
        }
        Err(e) => {
            let _ = watch.tell(Event::Warning(e.to_string()));
        }
    }
}

/// Asks `ask` of a new misère search of kind `K` within the misère share
/// of the budget.
fn misere<K: Kind, T>(
    core: &Core,
    watch: &mut Watch,
    ask: impl FnOnce(&mut MisereSearch<K>, Callback<'_>) -> Result<T>,
) -> Result<(T, Searched)> {
    let budget = core.misere_bytes();
    let mut search = MisereSearch::new(K::default(), Budget::bytes(budget));
    let make_room = || core.make_room();
    let mut table = Growing::new(&core.config.accountant, "a misère search", &make_room);
    let mut progress = |p: Progress| {
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
    let answer = answer.map_err(|e| limits::misere_search_refusal(e, budget))?;
    Ok((
        answer,
        Searched {
            nodes: search.nodes(),
            facts: search.remembered() as u64,
            bytes: 0,
        },
    ))
}
