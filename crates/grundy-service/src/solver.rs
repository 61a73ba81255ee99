//! The solver: one object that computes, stores and proves, shared by every
//! front end and every thread.
//!
//! It holds the policy that front ends must not copy: which engine runs,
//! the memory budget, how far a period search goes by default, when values
//! are read from and written to the [`Store`], and that one game is computed
//! by one request at a time — a second request for the same game waits for
//! the first and then uses its values.

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use grundy::period::{self, PeriodicValues, Search, Step, Verdict};
use grundy::values::{self, Budget, Engine, Report, Stepper};
use grundy::{Error, ErrorKind, Result, Ruleset, ValueTable};

use crate::answers::prefix;
use crate::store::Store;
use crate::watch::{Event, TableSummary, Watch};

/// The default limit of a period search for games whose values cost a
/// bounded amount of work a heap (the sparse engine, finite subtraction
/// sets, codes that do not split): 2^28 heaps.
pub const SEARCH_LIMIT: u64 = 1 << 28;

/// The default limit of a period search where each heap costs work that
/// grows with the heap: 2^13 heaps. Three-part splits cost about N³/100
/// word operations up to N with the bitset engine (half a second to 2^13
/// on the reference machine, minutes to 2^16); the naive engine forced on
/// a splitting game, N²/4 options.
pub const COSTLY_SEARCH_LIMIT: u64 = 1 << 13;

/// The default limit of a search for a pattern that no theorem here can
/// prove (Grundy's game, infinite subtraction sets, all-but games): it can
/// only be observed, so the search stops early.
pub const OBSERVE_LIMIT: u64 = 10_000;

/// Computations shorter than this are not worth writing to the store.
const WORTH_STORING: Duration = Duration::from_secs(1);

/// How the solver works: memory, engine, store, checkpoints.
#[derive(Clone, Debug)]
pub struct Config {
    /// The memory a value table may take.
    pub budget: Budget,
    /// The engine; [`Engine::Auto`] picks the fastest that applies.
    pub engine: Engine,
    /// Where values are kept between runs; `None` keeps nothing.
    pub store: Option<Arc<dyn Store>>,
    /// The longest a computation runs between two writes to the store.
    pub checkpoint_every: Duration,
    /// The most bytes of value tables kept in memory between requests.
    pub memory_kept: u64,
    /// Threads the engines compute on; `None`: one a core (rayon's global
    /// pool). One pool serves every request of the solver, so requests
    /// computing at once share its threads: a survey running one game a
    /// core leaves this `None`.
    pub threads: Option<NonZeroUsize>,
}

impl Default for Config {
    /// The default budget and engine, no store, a checkpoint every 10 s,
    /// and a quarter of the budget kept in memory between requests.
    fn default() -> Self {
        let budget = Budget::default();
        Config {
            budget,
            engine: Engine::Auto,
            store: None,
            checkpoint_every: Duration::from_secs(10),
            memory_kept: budget.max_bytes() / 4,
            threads: None,
        }
    }
}

/// The solver. `Send + Sync`: share one among threads (in an `Arc`).
///
/// ```
/// use grundy::Ruleset;
/// use grundy_service::{Solver, Watch};
/// let solver = Solver::default();
/// let strip: Ruleset = "0.07".parse()?;
/// let (verdict, _) = solver.period(&strip, None, &mut Watch::silent())?;
/// let p = verdict.periodicity().unwrap();
/// assert_eq!((p.preperiod(), p.period(), p.is_proved()), (53, 34, true));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct Solver {
    config: Config,
    /// The threads of [`Config::threads`]; `None`: rayon's global pool.
    pool: Option<rayon::ThreadPool>,
    games: Mutex<HashMap<String, Arc<Slot>>>,
    computations: AtomicU64,
    /// The last heap that fits in the budget, by game: a binary search
    /// worth keeping, since every request without a limit asks it.
    fitting: Mutex<HashMap<String, u64>>,
    /// Misère quotients found, by game.
    pub(crate) strategies: crate::strategies::Strategies,
    clock: AtomicU64,
}

/// One game's place in the solver: its values in memory, and whether a
/// request is computing them.
#[derive(Debug, Default)]
struct Slot {
    state: Mutex<SlotState>,
    freed: Condvar,
    /// Progress of the request computing, for those waiting.
    done: AtomicU64,
    total: AtomicU64,
}

#[derive(Debug, Default)]
struct SlotState {
    busy: bool,
    work: Work,
    last_used: u64,
}

/// What one request works on, taken out of the slot while it runs.
#[derive(Debug, Default)]
struct Work {
    /// The values computed so far (possibly none).
    table: Arc<ValueTable>,
    /// The engine's state, kept between requests.
    stepper: Option<Stepper>,
    /// Whether the store has been read.
    loaded: bool,
    /// Values the store holds for certain.
    saved: usize,
    /// Time spent computing values the store does not hold yet.
    unsaved: Duration,
}

impl Solver {
    /// A solver with `config`.
    ///
    /// With [`Config::threads`], the engines compute on a pool of that
    /// many threads of the solver's own (if the system refuses to start
    /// them, on the global pool).
    pub fn new(config: Config) -> Self {
        let pool = config.threads.and_then(|n| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n.get())
                .thread_name(|i| format!("grundy-{i}"))
                .build()
                .ok()
        });
        Solver {
            config,
            pool,
            ..Solver::default()
        }
    }

    /// The number of threads the engines compute on.
    pub fn threads(&self) -> usize {
        self.pool.as_ref().map_or_else(
            rayon::current_num_threads,
            rayon::ThreadPool::current_num_threads,
        )
    }

    /// How this solver works.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The number of computations run so far: requests that had to compute
    /// values (not those answered from memory or the store). Two requests
    /// for the same game at the same time count one.
    pub fn computations(&self) -> u64 {
        self.computations.load(Ordering::Relaxed)
    }

    /// The table of `game` holding at least `G(0..=to)` (it may hold more).
    ///
    /// # Errors
    /// [`ErrorKind::TooLarge`] if the values do not fit in the budget
    /// (checked before anything is read or computed);
    /// [`ErrorKind::Interrupted`] if `watch` said stop (what was computed
    /// is kept in the store).
    pub fn values(&self, game: &Ruleset, to: u64, watch: &mut Watch) -> Result<Arc<ValueTable>> {
        values::check_fits(game, to, self.config.budget)?;
        if let Some(table) = self.in_memory(game, to) {
            return Ok(table);
        }
        self.exclusive(game, watch, |work, watch| {
            self.grow(game, work, to, watch)?;
            Ok(Arc::clone(&work.table))
        })
    }

    /// The table of `game` if it is in memory, holds `G(0..=to)` and no
    /// request is working on it: read without taking the game, so that
    /// readers never wait for one another.
    fn in_memory(&self, game: &Ruleset, to: u64) -> Option<Arc<ValueTable>> {
        let slot = self.slot(game);
        let mut state = lock(&slot.state);
        if state.busy || (state.work.table.len() as u64) <= to {
            return None;
        }
        state.last_used = self.clock.fetch_add(1, Ordering::Relaxed);
        Some(Arc::clone(&state.work.table))
    }

    /// The limit of a period search of `game` when none is given: where a
    /// theorem can prove a period, [`SEARCH_LIMIT`] heaps (or
    /// [`COSTLY_SEARCH_LIMIT`] where each heap costs work that grows with
    /// it), at most what fits in the memory budget; else [`OBSERVE_LIMIT`].
    pub fn default_search_limit(&self, game: &Ruleset) -> u64 {
        self.search_limit_in_any_memory(game).min(self.fits(game))
    }

    /// [`Solver::default_search_limit`] before the memory budget caps it:
    /// how far a computation may go by default when the values are kept
    /// on disk past the budget.
    pub(crate) fn search_limit_in_any_memory(&self, game: &Ruleset) -> u64 {
        if !period::proof::may_prove(game) {
            return OBSERVE_LIMIT;
        }
        let quadratic = match game {
            Ruleset::TakeAndBreak(code) => {
                code.max_heaps_left() > 2
                    || (code.splits()
                        && (self.config.engine == Engine::Naive || !values::sparse::applies(game)))
            }
            _ => false,
        };
        if quadratic {
            COSTLY_SEARCH_LIMIT
        } else {
            SEARCH_LIMIT
        }
    }

    /// The last heap whose value fits in the memory budget.
    fn fits(&self, game: &Ruleset) -> u64 {
        /// Games remembered at most (the survey asks about many).
        const REMEMBERED: usize = 4096;
        let key = game.to_string();
        if let Some(&last) = lock(&self.fitting).get(&key) {
            return last;
        }
        let last = self.search_fits(game);
        let mut fitting = lock(&self.fitting);
        if fitting.len() >= REMEMBERED {
            fitting.clear();
        }
        fitting.insert(key, last);
        last
    }

    fn search_fits(&self, game: &Ruleset) -> u64 {
        let (mut lo, mut hi) = (0u64, u64::MAX);
        if values::check_fits(game, lo, self.config.budget).is_err() {
            return 0;
        }
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if values::check_fits(game, mid, self.config.budget).is_ok() {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    /// Searches for a period of `game` among the heaps `0..=max` (by
    /// default [`Solver::default_search_limit`]), starting from the stored
    /// values: a search repeated, or continued with a larger `max`, does not
    /// compute again what it has. Returns the verdict and the values it
    /// rests on.
    ///
    /// # Errors
    /// As [`Solver::values`].
    pub fn period(
        &self,
        game: &Ruleset,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<(Verdict, Arc<ValueTable>)> {
        let max = max.unwrap_or_else(|| self.default_search_limit(game));
        self.exclusive(game, watch, |work, watch| {
            let search = Search::new(game, max);
            // The search is replayed over the values already there, so the
            // verdict is the one a search from nothing would give: it
            // depends on `max`, never on what happened to be stored.
            let mut next: usize = 0;
            let mut pattern = None;
            loop {
                if next <= work.table.len() {
                    let view = if next == work.table.len() {
                        Arc::clone(&work.table)
                    } else {
                        Arc::new(work.table.prefix(next))
                    };
                    match search.step(&view) {
                        Step::Done(verdict) => return Ok((verdict, view)),
                        Step::Grow { to, pattern: seen } => {
                            next = usize::try_from(to.saturating_add(1)).unwrap_or(usize::MAX);
                            pattern = seen;
                        }
                    }
                } else {
                    let event = Event::Search {
                        done: work.table.len() as u64,
                        to: next as u64,
                        max,
                        pattern,
                    };
                    if watch.tell(event).is_break() {
                        return Err(values_interrupted(work.table.len()));
                    }
                    self.grow(game, work, next as u64 - 1, watch)?;
                }
            }
        })
    }

    /// Values of `game` able to answer every heap up to `to`: the table up
    /// to `to` when `to <= max`; else a proved period found within `max`;
    /// else the table computed up to `to`.
    ///
    /// # Errors
    /// As [`Solver::values`].
    pub fn periodic(
        &self,
        game: &Ruleset,
        to: u64,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<PeriodicValues> {
        let max = max.unwrap_or_else(|| self.default_search_limit(game));
        if to <= max && period::proof::may_prove(game) {
            // A period proved before heap `to` answers without computing
            // the rest (nim to 2^26 needs 128 values, not 2^26); otherwise
            // the search has computed every value up to `to`.
            let (verdict, table) = self.period(game, Some(to), watch)?;
            let table = if verdict.periodicity().is_some_and(|p| p.is_proved()) {
                table
            } else {
                prefix(&table, to)
            };
            return Ok(PeriodicValues::new(table, verdict));
        }
        if to <= max {
            let table = self.values(game, to, watch)?;
            let table = prefix(&table, to);
            let verdict = period::of_table(game, &table);
            return Ok(PeriodicValues::new(table, verdict));
        }
        let (verdict, table) = self.period(game, Some(max), watch)?;
        if verdict.periodicity().is_some_and(|p| p.is_proved()) {
            return Ok(PeriodicValues::new(table, verdict));
        }
        // Let go of the search's table first: the game's table is extended
        // in place only if nobody else holds it.
        drop(table);
        let table = self.values(game, to, watch).map_err(|e| {
            let wrapped = Error::new(
                e.kind(),
                format!(
                    "{game} has no proved period up to heap {max}, and computing every value up to {to} instead failed: {e}"
                ),
            );
            match e.detail() {
                Some(detail) => wrapped.with_detail(detail.clone()),
                None => wrapped,
            }
        })?;
        let table = prefix(&table, to);
        let verdict = period::of_table(game, &table);
        Ok(PeriodicValues::new(table, verdict))
    }

    /// Runs `f` on the values of `game` while no other request does: the
    /// values are read from the store first if this is the first request.
    fn exclusive<R>(
        &self,
        game: &Ruleset,
        watch: &mut Watch,
        f: impl FnOnce(&mut Work, &mut Watch) -> Result<R>,
    ) -> Result<R> {
        let slot = self.slot(game);
        let work = self.take(&slot, watch)?;
        // Given back whatever happens, even a panic, so that the requests
        // waiting for this game go on.
        let mut held = Held {
            slot: &slot,
            work: Some(work),
        };
        let work = held.work.as_mut().expect("held until dropped");
        self.load(game, work, watch);
        let result = f(work, watch);
        drop(held);
        self.forget_past_memory_kept(game);
        result
    }

    fn slot(&self, game: &Ruleset) -> Arc<Slot> {
        let mut games = lock(&self.games);
        Arc::clone(games.entry(game.to_string()).or_default())
    }

    /// Waits until no request works on `slot`, then takes its work. While
    /// waiting, `watch` hears the other request's progress and may stop.
    fn take(&self, slot: &Slot, watch: &mut Watch) -> Result<Work> {
        let mut state = lock(&slot.state);
        let mut told = false;
        while state.busy {
            if !told {
                told = true;
                if watch.tell(Event::Waiting).is_break() {
                    return Err(values_interrupted(0));
                }
            }
            state = slot
                .freed
                .wait_timeout(state, Duration::from_millis(50))
                .unwrap_or_else(|e| e.into_inner())
                .0;
            let event = Event::Values {
                done: slot.done.load(Ordering::Relaxed),
                total: slot.total.load(Ordering::Relaxed),
            };
            if state.busy && watch.tell(event).is_break() {
                return Err(values_interrupted(0));
            }
        }
        if told {
            let _ = watch.tell(Event::Resumed);
        }
        state.busy = true;
        state.last_used = self.clock.fetch_add(1, Ordering::Relaxed);
        Ok(std::mem::take(&mut state.work))
    }

    fn forget_past_memory_kept(&self, keep: &Ruleset) {
        let games = lock(&self.games);
        let mut idle: Vec<(u64, u64, &Arc<Slot>)> = Vec::new();
        let mut total = 0u64;
        for slot in games.values() {
            let state = lock(&slot.state);
            let bytes = state.work.table.value_bytes();
            total = total.saturating_add(bytes);
            if !state.busy && bytes > 0 {
                idle.push((state.last_used, bytes, slot));
            }
        }
        if total <= self.config.memory_kept {
            return;
        }
        // Least recently used first; the game just answered last.
        let keep = games.get(&keep.to_string());
        idle.sort_by_key(|&(used, _, slot)| (keep.is_some_and(|k| Arc::ptr_eq(k, slot)), used));
        for (_, bytes, slot) in idle {
            if total <= self.config.memory_kept {
                break;
            }
            let mut state = lock(&slot.state);
            if !state.busy {
                // The store keeps them; only the loaded flag is reset so the
                // next request reads them back.
                state.work = Work::default();
                total -= bytes;
            }
        }
    }

    /// Reads the stored values of `game` into `work`, once.
    fn load(&self, game: &Ruleset, work: &mut Work, watch: &mut Watch) {
        if work.loaded {
            return;
        }
        work.loaded = true;
        let Some(store) = &self.config.store else {
            return;
        };
        match store.load(game, self.config.budget.max_bytes()) {
            Ok(Some(table)) if table.len() > work.table.len() => {
                // A table that could not fit the budget is not taken.
                let last = (table.len() as u64).saturating_sub(1);
                if values::check_fits(game, last, self.config.budget).is_err() {
                    let _ = watch.tell(Event::Warning(format!(
                        "the {} stored values of {game} in {} do not fit in the memory budget; they are not read",
                        table.len(),
                        store.location(game)
                    )));
                    return;
                }
                work.saved = table.len();
                let _ = watch.tell(Event::Loaded {
                    count: table.len() as u64,
                    location: store.location(game),
                });
                work.table = Arc::new(table);
                work.stepper = None;
            }
            Ok(_) => {}
            Err(e) => {
                let _ = watch.tell(Event::Warning(e.to_string()));
            }
        }
    }

    /// Extends `work` to hold `G(0..=to)`, in steps of about a tenth of the
    /// checkpoint interval, writing the store at checkpoints, at the end of
    /// a long computation, and when stopped.
    fn grow(&self, game: &Ruleset, work: &mut Work, to: u64, watch: &mut Watch) -> Result<()> {
        let want = to.saturating_add(1);
        if work.table.len() as u64 >= want {
            return Ok(());
        }
        values::check_fits(game, to, self.config.budget)?;
        self.computations.fetch_add(1, Ordering::Relaxed);
        let started = Instant::now();
        let options = values::Options {
            budget: self.config.budget,
            engine: self.config.engine,
        };
        let slot = self.slot(game);
        let stepper = work
            .stepper
            .get_or_insert_with(|| Stepper::new(game, options));
        let table = Arc::make_mut(&mut work.table);
        let mut totals: Option<Report> = None;
        let mut step: u64 = 1 << 16;
        let mut last_saved = Instant::now();
        let checkpoint_every = self.config.checkpoint_every;
        let result = loop {
            if table.len() as u64 >= want {
                break Ok(());
            }
            let from = table.len() as u64;
            let step_to = to.min(from.saturating_add(step - 1));
            let step_started = Instant::now();
            slot.total.store(want, Ordering::Relaxed);
            let mut progress = |p: values::Progress| {
                slot.done.store(p.done, Ordering::Relaxed);
                watch.tell(Event::Values {
                    done: p.done,
                    total: want,
                })
            };
            let extended = match &self.pool {
                Some(pool) => pool.install(|| stepper.extend(table, step_to, &mut progress)),
                None => stepper.extend(table, step_to, &mut progress),
            };
            match extended {
                Ok(report) => totals = Some(totals.map_or(report, |before| before.then(report))),
                Err(e) => break Err(e),
            }
            step = next_step(step, step_started.elapsed(), checkpoint_every);
            if (table.len() as u64) < want && last_saved.elapsed() >= checkpoint_every {
                self.save(game, table, &mut work.saved, watch);
                last_saved = Instant::now();
                work.unsaved = Duration::ZERO;
            }
        };
        if let Some(report) = totals {
            let table = TableSummary::of(table);
            let _ = watch.tell(Event::Computed { report, table });
        }
        work.unsaved += started.elapsed();
        // Worth writing: an hour's work or a second's, not a few values
        // more on a long table (a rewrite of the whole file).
        let long = work.unsaved >= WORTH_STORING || checkpoint_every.is_zero();
        let grown = work.saved > 0 && table.len() - work.saved.min(table.len()) >= work.saved / 8;
        if long || grown || result.is_err() {
            self.save(game, table, &mut work.saved, watch);
            work.unsaved = Duration::ZERO;
        }
        result
    }

    /// Writes `table` to the store if it holds more than the store has; a
    /// failure is a warning.
    fn save(&self, game: &Ruleset, table: &ValueTable, saved: &mut usize, watch: &mut Watch) {
        let Some(store) = &self.config.store else {
            return;
        };
        if table.len() <= *saved {
            return;
        }
        match store.save(game, table) {
            Ok(()) => {
                *saved = table.len();
                let _ = watch.tell(Event::Saved {
                    count: table.len() as u64,
                    location: store.location(game),
                });
            }
            Err(e) => {
                let _ = watch.tell(Event::Warning(e.to_string()));
            }
        }
    }
}

/// A game's work taken out of its slot; dropping it puts the work back and
/// wakes the requests waiting for it.
struct Held<'a> {
    slot: &'a Slot,
    work: Option<Work>,
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        {
            let mut state = lock(&self.slot.state);
            state.work = self.work.take().unwrap_or_default();
            state.busy = false;
        }
        self.slot.freed.notify_all();
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

fn values_interrupted(done: usize) -> Error {
    Error::new(
        ErrorKind::Interrupted,
        format!("stopped on request after {done} values; they are kept"),
    )
}

/// The next step, in heaps, aiming at a tenth of the checkpoint interval
/// (at most ten seconds, at least a quarter of one) a step, changing by at
/// most a factor four.
fn next_step(step: u64, took: Duration, checkpoint_every: Duration) -> u64 {
    let aim = (checkpoint_every.as_secs_f64() / 10.0).clamp(0.25, 10.0);
    let took = took.as_secs_f64().max(1e-3);
    let next = (step as f64 * aim / took).clamp(step as f64 / 4.0, step as f64 * 4.0);
    (next as u64).max(1 << 12)
}
