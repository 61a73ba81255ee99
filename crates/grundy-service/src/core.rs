//! What the solver holds: its configuration and thread pool, the value
//! tables of the games asked about (one slot a game), the misère
//! quotients found, and the searches of board games (one a kind). The face
//! (`solver.rs`) owns one [`Core`]; the questions read it, and `tables.rs`,
//! `strategies.rs` and `boards.rs` grow it. State here, behaviour there,
//! so that no file imports one that imports it back.

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicU64, AtomicUsize};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use grundy::games::{Chomp, Cram, NodeKayles, NodeKaylesGrid};
use grundy::misere::Strategy;
use grundy::search::Search;
use grundy::values::{Budget, Engine, Stepper};
use grundy::{Ruleset, ValueTable};

use crate::exclusive::Exclusive;
use crate::limits;
use crate::memory::{self, Accountant, Reservation};
use crate::store::Store;
use crate::watch::Watch;

/// How the solver works: memory, engine, store, checkpoints.
#[derive(Clone, Debug)]
pub struct Config {
    /// The memory a value table may take.
    pub budget: Budget,
    /// The memory every computation of the process shares: each sets its
    /// tables' bytes aside here before it allocates them, and is refused
    /// when they would pass its budget. By default the process's one
    /// ([`Accountant::process`]); a front end that sets [`Config::budget`]
    /// for the process gives an accountant of that budget, shared by all
    /// its solvers.
    pub accountant: Arc<Accountant>,
    /// The engine; [`Engine::Auto`] picks the fastest that applies.
    pub engine: Engine,
    /// Where values are kept between runs; `None` keeps nothing.
    pub store: Option<Arc<dyn Store>>,
    /// The longest a computation runs between two writes to the store.
    pub checkpoint_every: Duration,
    /// The most bytes of value tables kept in memory between requests.
    pub memory_kept: u64,
    /// Threads the engines compute on. `None`: a value table is grown on
    /// as many threads as pay, up to one a core, measured step by step
    /// (`widths.rs`), and the rest runs on rayon's global pool. With a
    /// number, one pool serves every request of the solver, so requests
    /// computing at once share its threads.
    pub threads: Option<NonZeroUsize>,
    /// Without [`threads`](Config::threads), whether a value table's threads
    /// are chosen by measuring (`widths.rs`: the engine then runs on a
    /// pool's thread, and the request's thread tells the watch of its
    /// progress), or the engine runs on the request's own thread with
    /// rayon's global pool, one thread a core (for comparisons).
    pub choose_threads: bool,
    /// Whether to time each thread's work in the sparse engine, reported in
    /// [`Event::Computed`](crate::Event::Computed) (the CLI's `--stats`).
    pub profile: bool,
}

impl Default for Config {
    /// The default budget and engine, no store, a checkpoint every 10 s,
    /// and a quarter of the budget kept in memory between requests.
    fn default() -> Self {
        let budget = Budget::default();
        Config {
            budget,
            accountant: Accountant::process(),
            engine: Engine::Auto,
            store: None,
            checkpoint_every: Duration::from_secs(10),
            memory_kept: limits::memory_kept(budget.max_bytes()),
            threads: None,
            choose_threads: true,
            profile: false,
        }
    }
}

/// The solver's state (see the module documentation).
#[derive(Debug, Default)]
pub(crate) struct Core {
    pub(crate) config: Config,
    /// The threads of [`Config::threads`]; `None`: rayon's global pool.
    pub(crate) pool: Option<rayon::ThreadPool>,
    /// The value tables held, one slot a game.
    pub(crate) tables: Tables,
    /// Misère quotients found, by game.
    pub(crate) strategies: Strategies,
    /// The searches of board and graph games, one a kind.
    pub(crate) boards: Boards,
}

impl Core {
    /// The state of a new solver with `config`: with [`Config::threads`],
    /// a pool of that many threads of its own (if the system refuses to
    /// start them, the global pool).
    pub(crate) fn new(config: Config) -> Self {
        let pool = config.threads.and_then(|n| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n.get())
                .thread_name(|i| format!("grundy-{i}"))
                .build()
                .ok()
        });
        Core {
            config,
            pool,
            ..Core::default()
        }
    }

    /// The number of threads the engines compute on.
    pub(crate) fn threads(&self) -> usize {
        self.pool.as_ref().map_or_else(
            rayon::current_num_threads,
            rayon::ThreadPool::current_num_threads,
        )
    }

    /// Sets `bytes` aside for `what` with the process's accountant, and
    /// tells `watch`, before they are allocated; where others hold the
    /// memory, the value tables no request is using are dropped first.
    ///
    /// # Errors
    /// As [`Accountant::reserve`]; interrupted if `watch` says stop.
    pub(crate) fn reserve(
        &self,
        watch: &mut Watch,
        bytes: u64,
        what: &str,
    ) -> grundy::Result<Reservation> {
        memory::reserve(&self.config.accountant, watch, bytes, what, &|| {
            self.make_room();
        })
    }

    /// Drops what no request is using and the store can give back: the
    /// idle value tables and board searches, and their charges; called
    /// where the accountant refuses a charge because others hold the
    /// memory.
    pub(crate) fn make_room(&self) {
        self.tables.forget_idle();
        self.boards.forget_idle();
    }

    /// Memory for misère play (the genera, the judge, a quotient's
    /// construction): its share of the budget.
    pub(crate) fn misere_bytes(&self) -> u64 {
        limits::misere_bytes(self.config.budget.max_bytes())
    }
}

/// Every game's slot, and what the solver counts of them.
#[derive(Debug, Default)]
pub(crate) struct Tables {
    pub(crate) games: Mutex<HashMap<String, Arc<Slot>>>,
    pub(crate) computations: AtomicU64,
    /// Computations extending a value table now.
    pub(crate) growing: AtomicUsize,
    /// The last heap that fits in the budget, by game: a binary search
    /// worth keeping, since every request without a limit asks it.
    pub(crate) fitting: Mutex<HashMap<String, u64>>,
    pub(crate) clock: AtomicU64,
}

impl Tables {
    /// Drops every value table that no request is using, giving back what
    /// it is charged (the store keeps what it saved): room for a
    /// computation the accountant would refuse.
    pub(crate) fn forget_idle(&self) {
        let games = lock(&self.games);
        for slot in games.values() {
            let mut state = lock(&slot.state);
            if !state.busy && state.work.charge.is_some() {
                state.work = Work::default();
            }
        }
    }
}

/// One game's place in the solver: its values in memory, and whether a
/// request is computing them.
#[derive(Debug, Default)]
pub(crate) struct Slot {
    pub(crate) state: Mutex<SlotState>,
    pub(crate) freed: Condvar,
    /// Progress of the request computing, for those waiting.
    pub(crate) done: AtomicU64,
    pub(crate) total: AtomicU64,
}

#[derive(Debug, Default)]
pub(crate) struct SlotState {
    pub(crate) busy: bool,
    /// The thread of the request computing, while `busy`: a request on
    /// the same thread would wait for itself, and is refused.
    pub(crate) holder: Option<std::thread::ThreadId>,
    pub(crate) work: Work,
    pub(crate) last_used: u64,
}

/// What one request works on, taken out of the slot while it runs.
#[derive(Debug, Default)]
pub(crate) struct Work {
    /// The values computed so far (possibly none).
    pub(crate) table: Arc<ValueTable>,
    /// The engine's state, kept between requests.
    pub(crate) stepper: Option<Stepper>,
    /// Whether the store has been read.
    pub(crate) loaded: bool,
    /// Values the store holds for certain.
    pub(crate) saved: usize,
    /// Time spent computing values the store does not hold yet.
    pub(crate) unsaved: Duration,
    /// What the table is charged to the process's accountant, given back
    /// when the table is dropped.
    pub(crate) charge: Option<Reservation>,
    /// Computed apart from the game's slot, for one request, while the
    /// request holding the slot runs a callback: never written to the
    /// store, dropped after the request.
    pub(crate) apart: bool,
}

/// The search of each kind of board game, kept between requests with what
/// its table learnt. Each is held by one request at a time: one request of
/// a kind searches at a time, and waits for the one before (or is refused
/// at once if its own thread holds the kind's search).
#[derive(Debug, Default)]
pub(crate) struct Boards {
    pub(crate) cram: Exclusive<BoardSlot<Cram>>,
    pub(crate) node_kayles: Exclusive<BoardSlot<NodeKayles>>,
    pub(crate) node_kayles_grid: Exclusive<BoardSlot<NodeKaylesGrid>>,
    pub(crate) chomp: Exclusive<BoardSlot<Chomp>>,
}

/// One kind's search and what the store has of it.
#[derive(Debug)]
pub(crate) struct BoardSlot<G: grundy::search::Game> {
    /// The search, made at the first request of its kind (its facts read
    /// from the store then).
    pub(crate) search: Option<Search<G>>,
    /// Time spent searching since the facts were last saved.
    pub(crate) unsaved: Duration,
    /// What the search's table is charged to the process's accountant,
    /// kept with it between requests and given back when it is dropped.
    pub(crate) charge: Option<Reservation>,
}

impl<G: grundy::search::Game> BoardSlot<G> {
    /// Drops the search and its charge (what it learnt in a long search
    /// is in the store).
    pub(crate) fn forget(&mut self) {
        self.search = None;
        self.charge = None;
    }
}

impl<G: grundy::search::Game> Default for BoardSlot<G> {
    fn default() -> Self {
        BoardSlot {
            search: None,
            unsaved: Duration::ZERO,
            charge: None,
        }
    }
}

impl Boards {
    /// Drops the searches no request is using, giving back their charges.
    pub(crate) fn forget_idle(&self) {
        if let Some(mut slot) = self.cram.try_hold() {
            slot.forget();
        }
        if let Some(mut slot) = self.node_kayles.try_hold() {
            slot.forget();
        }
        if let Some(mut slot) = self.node_kayles_grid.try_hold() {
            slot.forget();
        }
        if let Some(mut slot) = self.chomp.try_hold() {
            slot.forget();
        }
    }
}

/// Games whose misère strategies are remembered at most; each quotient
/// held is charged to the process's accountant while it is kept.
const REMEMBERED: usize = 16;

/// What the solver knows of each game's misère quotient.
#[derive(Debug, Default)]
pub(crate) struct Strategies {
    games: Mutex<HashMap<String, Kept>>,
}

/// What is known of one game, and the charge of the quotient it holds.
#[derive(Debug)]
struct Kept {
    known: Known,
    charge: Option<Reservation>,
}

/// What the solver knows of one game's misère quotient.
#[derive(Clone, Debug, Default)]
pub(crate) struct Known {
    /// The quotient with the largest bound found.
    pub(crate) strategy: Option<Arc<Strategy>>,
    /// The heap at which the construction stopped (or, where it reached
    /// no quotient, the least bound at which it failed), and why.
    pub(crate) failed_at: Option<u64>,
    pub(crate) failed_why: Option<String>,
    /// Whether `failed_at` was read from the store's record and not found
    /// by this process: a hint, which may send a position to the search
    /// but never refuse it (a record can be planted).
    pub(crate) hinted: bool,
    /// Whether the store was asked for a quotient of every heap.
    pub(crate) store_read: bool,
}

impl Strategies {
    /// What is known of `game`.
    pub(crate) fn known(&self, game: &Ruleset) -> Known {
        lock(&self.games)
            .get(&game.to_string())
            .map(|kept| kept.known.clone())
            .unwrap_or_default()
    }

    /// Remembers `known` of `game`, forgetting every game when too many are.
    /// Its quotient is charged to `accountant` while it is kept; one that
    /// does not fit beside what others hold is not kept (the caller still
    /// answers with it; the next position computes it again).
    pub(crate) fn remember(&self, accountant: &Arc<Accountant>, game: &Ruleset, mut known: Known) {
        let mut games = lock(&self.games);
        let key = game.to_string();
        let held = games.remove(&key);
        let charge = match (&known.strategy, held) {
            (None, _) => None,
            (
                Some(strategy),
                Some(Kept {
                    known: before,
                    charge,
                }),
            ) if before
                .strategy
                .as_ref()
                .is_some_and(|b| Arc::ptr_eq(b, strategy)) =>
            {
                charge
            }
            (Some(strategy), held) => {
                // The quotient replaced is given back before the new one is charged.
                drop(held);
                let bytes = strategy.quotient().bytes();
                match accountant.reserve(bytes, "a misère strategy kept between requests") {
                    Ok(charge) => Some(charge),
                    Err(_) => {
                        known.strategy = None;
                        None
                    }
                }
            }
        };
        if games.len() >= REMEMBERED {
            games.clear();
        }
        games.insert(key, Kept { known, charge });
    }
}

/// `mutex` locked, even if a thread panicked holding it: what it guards is
/// kept consistent by each holder before anything can panic.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}
