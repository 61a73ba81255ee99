//! The value tables the solver holds, one slot a game: one request
//! computes a game while the others wait for it and hear its progress; a
//! request whose values are already in memory reads them without taking the
//! game, so readers never wait for one another; the values stay in memory
//! up to [`Config::memory_kept`](crate::Config::memory_kept), least recently
//! used first out. Values are read from the [`Store`](crate::Store) on a
//! game's first request, grown in steps with checkpoints, and written back
//! at the end of a long computation; a period search is replayed over the
//! values there, so that its verdict depends on its limit, never on what
//! happened to be stored.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use grundy::period::{self, PeriodicValues, Search, Step, Verdict};
use grundy::values::{self, Report, Stepper};
use grundy::{Error, ErrorKind, Result, Ruleset, ValueTable};

use crate::core::{Core, Slot, Work, lock};
use crate::watch::{Event, Pattern, TableSummary, Watch};
use crate::widths::{self, Widen};

/// Computations shorter than this are not worth writing to the store.
const WORTH_STORING: Duration = Duration::from_secs(1);

/// Games whose last fitting heap is remembered at most (the survey asks
/// about many).
const FITS_REMEMBERED: usize = 4096;

/// The number of computations run so far (see [`Solver::computations`]).
pub(crate) fn computations(core: &Core) -> u64 {
    core.tables.computations.load(Ordering::Relaxed)
}

/// The table of `game` holding at least `G(0..=to)` (it may hold more).
///
/// # Errors
/// [`ErrorKind::TooLarge`] if the values do not fit in the budget
/// (checked before anything is read or computed);
/// [`ErrorKind::Interrupted`] if `watch` said stop (what was computed
/// is kept in the store).
pub(crate) fn values(
    core: &Core,
    game: &Ruleset,
    to: u64,
    watch: &mut Watch,
) -> Result<Arc<ValueTable>> {
    values::check_fits(game, to, core.config.budget)?;
    if let Some(table) = in_memory(core, game, to) {
        return Ok(table);
    }
    exclusive(core, game, watch, |work, watch| {
        grow(core, game, work, to, watch, &mut widening(core))?;
        Ok(Arc::clone(&work.table))
    })
}

/// The table of `game` if it is in memory, holds `G(0..=to)` and no
/// request is working on it: read without taking the game, so that
/// readers never wait for one another.
pub(crate) fn in_memory(core: &Core, game: &Ruleset, to: u64) -> Option<Arc<ValueTable>> {
    let slot = slot(core, game);
    let mut state = lock(&slot.state);
    if state.busy || (state.work.table.len() as u64) <= to {
        return None;
    }
    state.last_used = core.tables.clock.fetch_add(1, Ordering::Relaxed);
    Some(Arc::clone(&state.work.table))
}

/// The limit of a period search of `game` when none is given
/// ([`limits::search_limit`](crate::limits::search_limit)), at most what
/// fits in the memory budget.
pub(crate) fn default_search_limit(core: &Core, game: &Ruleset) -> u64 {
    search_limit_in_any_memory(core, game).min(fits(core, game))
}

/// [`Solver::default_search_limit`] before the memory budget caps it:
/// how far a computation may go by default when the values are kept
/// on disk past the budget.
pub(crate) fn search_limit_in_any_memory(core: &Core, game: &Ruleset) -> u64 {
    crate::limits::search_limit(game, core.config.engine)
}

/// The last heap whose value fits in the memory budget.
fn fits(core: &Core, game: &Ruleset) -> u64 {
    let key = game.to_string();
    if let Some(&last) = lock(&core.tables.fitting).get(&key) {
        return last;
    }
    let last = search_fits(core, game);
    let mut fitting = lock(&core.tables.fitting);
    if fitting.len() >= FITS_REMEMBERED {
        fitting.clear();
    }
    fitting.insert(key, last);
    last
}

fn search_fits(core: &Core, game: &Ruleset) -> u64 {
    let (mut lo, mut hi) = (0u64, u64::MAX);
    if values::check_fits(game, lo, core.config.budget).is_err() {
        return 0;
    }
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if values::check_fits(game, mid, core.config.budget).is_ok() {
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
pub(crate) fn period(
    core: &Core,
    game: &Ruleset,
    max: Option<u64>,
    watch: &mut Watch,
) -> Result<(Verdict, Arc<ValueTable>)> {
    let max = max.unwrap_or_else(|| default_search_limit(core, game));
    exclusive(core, game, watch, |work, watch| {
        let search = Search::new(game, max);
        // One width for the whole search: it grows the table in rounds,
        // and each round measuring the widths anew would run its first
        // measured steps on one thread again.
        let mut widen = widening(core);
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
                    pattern: pattern.map(Pattern::from),
                };
                if watch.tell(event).is_break() {
                    return Err(values_interrupted(work.table.len()));
                }
                grow(core, game, work, next as u64 - 1, watch, &mut widen)?;
            }
        }
    })
}

/// Values of `game` able to answer every heap up to `to`: the table up
/// to `to` when `to <= max`; else a proved period found within `max`;
/// else the table computed up to `to`, where each heap costs a bounded
/// amount of work.
///
/// # Errors
/// As [`Solver::values`], and [`ErrorKind::TooLarge`] with
/// [`Quantity::SearchLimit`](grundy::Quantity::SearchLimit) where no period
/// is proved within `max` and each heap's value costs work that grows with
/// the heap (`limits::unproved_values`).
pub(crate) fn periodic(
    core: &Core,
    game: &Ruleset,
    to: u64,
    max: Option<u64>,
    watch: &mut Watch,
) -> Result<PeriodicValues> {
    let max = max.unwrap_or_else(|| default_search_limit(core, game));
    if to <= max && period::proof::may_prove(game) {
        // A period proved before heap `to` answers without computing
        // the rest (nim to 2^26 needs 128 values, not 2^26); otherwise
        // the search has computed every value up to `to`.
        let (verdict, table) = period(core, game, Some(to), watch)?;
        let table = if verdict.periodicity().is_some_and(|p| p.is_proved()) {
            table
        } else {
            prefix(&table, to)
        };
        return Ok(PeriodicValues::new(table, verdict));
    }
    if to <= max {
        let table = values(core, game, to, watch)?;
        let table = prefix(&table, to);
        let verdict = period::of_table(game, &table);
        return Ok(PeriodicValues::new(table, verdict));
    }
    // Where no theorem proves a period of this game, a search up to `max`
    // cannot answer past it: every value up to `to` is computed, or
    // refused at once where it would not fit, with no search first.
    let why = if period::proof::may_prove(game) {
        let (verdict, table) = period(core, game, Some(max), watch)?;
        if verdict.periodicity().is_some_and(|p| p.is_proved()) {
            return Ok(PeriodicValues::new(table, verdict));
        }
        // Let go of the search's table first: the game's table is
        // extended in place only if nobody else holds it.
        drop(table);
        crate::limits::unproved_values(game, core.config.engine, to, max)?;
        format!("{game} has no proved period up to heap {max}")
    } else {
        format!("{game} has no proved period (no periodicity theorem applies to it)")
    };
    let table = values(core, game, to, watch).map_err(|e| {
        let wrapped = Error::new(
            e.kind(),
            format!("{why}, and computing every value up to {to} instead failed: {e}"),
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

/// A period of `game` proved by a search among the heaps up to `to`, at
/// most [`QUICK_PERIOD_LIMIT`](crate::limits::QUICK_PERIOD_LIMIT) and the
/// default search limit; `None` where none is proved there (the values
/// the search computed stay in the game's table).
///
/// # Errors
/// As [`Solver::values`].
pub(crate) fn quickly_proved(
    core: &Core,
    game: &Ruleset,
    to: u64,
    watch: &mut Watch,
) -> Result<Option<PeriodicValues>> {
    if !period::proof::may_prove(game) {
        return Ok(None);
    }
    let limit = to
        .min(crate::limits::QUICK_PERIOD_LIMIT)
        .min(default_search_limit(core, game));
    let (verdict, table) = period(core, game, Some(limit), watch)?;
    let values = PeriodicValues::new(table, verdict);
    Ok(values.proved().is_some().then_some(values))
}

/// Runs `f` on the values of `game` while no other request does: the
/// values are read from the store first if this is the first request.
fn exclusive<R>(
    core: &Core,
    game: &Ruleset,
    watch: &mut Watch,
    f: impl FnOnce(&mut Work, &mut Watch) -> Result<R>,
) -> Result<R> {
    let slot = slot(core, game);
    let Some(work) = take(core, game, &slot, watch)? else {
        // The holder is running a callback that may wait for this request:
        // the values are computed apart, from the store, and dropped after.
        let mut apart = Work {
            apart: true,
            ..Work::default()
        };
        load(core, game, &mut apart, watch);
        let bytes = apart.table.value_bytes();
        return charge(core, game, &mut apart, bytes, watch).and_then(|()| f(&mut apart, watch));
    };
    // Given back whatever happens, even a panic, so that the requests
    // waiting for this game go on.
    let mut held = Held {
        slot: &slot,
        work: Some(work),
    };
    let work = held.work.as_mut().expect("held until dropped");
    load(core, game, work, watch);
    let bytes = work.table.value_bytes();
    let result = charge(core, game, work, bytes, watch).and_then(|()| f(work, watch));
    drop(held);
    forget_past_memory_kept(core, game);
    result
}

/// Charges `work`'s table to the process's accountant for `bytes` in all,
/// before they are allocated: the charge stays with the table while the
/// solver keeps it in memory.
fn charge(
    core: &Core,
    game: &Ruleset,
    work: &mut Work,
    bytes: u64,
    watch: &mut Watch,
) -> Result<()> {
    let held = work.charge.as_ref().map_or(0, |c| c.bytes());
    if bytes <= held {
        return Ok(());
    }
    let more = core.reserve(
        watch,
        bytes - held,
        &format!("the table of values of {game}"),
    )?;
    match &mut work.charge {
        Some(charge) => charge.absorb(more),
        none => *none = Some(more),
    }
    Ok(())
}

fn slot(core: &Core, game: &Ruleset) -> Arc<Slot> {
    let mut games = lock(&core.tables.games);
    Arc::clone(games.entry(game.to_string()).or_default())
}

/// Waits until no request works on `slot`, then takes its work. While
/// waiting, `watch` hears the other request's progress and may stop; a
/// request on the thread that works on it is refused at once, since it
/// would wait for itself. `None`, at once, where the request arrives while
/// the thread working on it runs a front end's callback
/// ([`calling_out`](crate::exclusive::calling_out)), which may be waiting
/// for this request: it is answered apart.
fn take(core: &Core, game: &Ruleset, slot: &Slot, watch: &mut Watch) -> Result<Option<Work>> {
    let mut state = lock(&slot.state);
    let mut told = false;
    while state.busy {
        if state.holder == Some(crate::exclusive::requester()) {
            return Err(crate::exclusive::refusal(&format!("the values of {game}")));
        }
        // Only as the request arrives: one already waiting was not asked
        // by the callback, and waits on.
        if !told && state.holder.is_some_and(crate::exclusive::is_calling_out) {
            return Ok(None);
        }
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
    state.holder = Some(crate::exclusive::requester());
    state.last_used = core.tables.clock.fetch_add(1, Ordering::Relaxed);
    Ok(Some(std::mem::take(&mut state.work)))
}

fn forget_past_memory_kept(core: &Core, keep: &Ruleset) {
    let games = lock(&core.tables.games);
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
    if total <= core.config.memory_kept {
        return;
    }
    // Least recently used first; the game just answered last.
    let keep = games.get(&keep.to_string());
    idle.sort_by_key(|&(used, _, slot)| (keep.is_some_and(|k| Arc::ptr_eq(k, slot)), used));
    for (_, bytes, slot) in idle {
        if total <= core.config.memory_kept {
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
fn load(core: &Core, game: &Ruleset, work: &mut Work, watch: &mut Watch) {
    if work.loaded {
        return;
    }
    work.loaded = true;
    let Some(store) = &core.config.store else {
        return;
    };
    match store.load(game, core.config.budget.max_bytes()) {
        Ok(Some(table)) if table.len() > work.table.len() => {
            // A table that could not fit the budget is not taken.
            let last = (table.len() as u64).saturating_sub(1);
            if values::check_fits(game, last, core.config.budget).is_err() {
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

/// The widening of a computation's threads ([`Widen`]), or `None` where
/// the configuration fixes them.
fn widening(core: &Core) -> Option<Widen> {
    (core.config.threads.is_none() && core.config.choose_threads)
        .then(|| Widen::new(std::thread::available_parallelism().map_or(1, |n| n.get())))
}

/// Extends `work` to hold `G(0..=to)`, in steps of about a tenth of the
/// checkpoint interval, writing the store at checkpoints, at the end of
/// a long computation, and when stopped. The threads are chosen by
/// `widen` where it is not `None`, which keeps its choice for the
/// caller's next call.
fn grow(
    core: &Core,
    game: &Ruleset,
    work: &mut Work,
    to: u64,
    watch: &mut Watch,
    widen: &mut Option<Widen>,
) -> Result<()> {
    let want = to.saturating_add(1);
    if work.table.len() as u64 >= want {
        return Ok(());
    }
    values::check_fits(game, to, core.config.budget)?;
    charge(core, game, work, values::bytes_needed(game, to), watch)?;
    core.tables.computations.fetch_add(1, Ordering::Relaxed);
    let _growing = Growing::start(&core.tables.growing);
    let started = Instant::now();
    let options = values::Options {
        budget: core.config.budget,
        engine: core.config.engine,
        profile: core.config.profile,
    };
    let slot = slot(core, game);
    let stepper = work
        .stepper
        .get_or_insert_with(|| Stepper::new(game, options));
    // Values computed apart are not written: the request holding the
    // game writes its own.
    let stores = !work.apart;
    let table = Arc::make_mut(&mut work.table);
    let mut totals: Option<Report> = None;
    // Without a thread count, `widen` chooses the threads step by step,
    // on the computation's own pools (one a width): shared with no other
    // request, so that their threads' CPU is this computation's alone.
    let mut measured = false;
    // The pool of the steps before the first measured one: their own
    // (its threads), or rayon's global pool (None).
    let mut unmeasured_on: Option<usize> = None;
    let mut step: u64 = 1 << 16;
    let mut last_saved = Instant::now();
    let checkpoint_every = core.config.checkpoint_every;
    let result = loop {
        if table.len() as u64 >= want {
            break Ok(());
        }
        let from = table.len() as u64;
        let step_to = to.min(from.saturating_add(step - 1));
        // The pool this step runs on, when the threads are chosen here.
        // A small table (most requests) starts no threads: it runs on the
        // request's thread and rayon's global pool, as with no widening.
        let width = widen.as_ref().and_then(|w| {
            let alone = core.tables.growing.load(Ordering::Relaxed) == 1;
            w.pool(from, step_to, alone)
        });
        match &width {
            Some(_) if from >= widths::MEASURED_FROM => measured = true,
            Some(pool) => unmeasured_on = Some(pool.threads),
            None => {}
        }
        let cpu_before = width.as_ref().and_then(|p| p.cpu());
        let step_started = Instant::now();
        slot.total.store(want, Ordering::Relaxed);
        let pool = match (&width, &core.pool) {
            (Some(width), _) => Some(&width.pool),
            (None, pool) => pool.as_ref(),
        };
        let extended = match pool {
            // On a pool, the engine runs on one of its threads and its
            // progress is told on this one: the watch may be a front end's
            // callback, and a callback that asks the solver for this game
            // is then refused as this request's own.
            Some(pool) => {
                let (slot, stepper, table) = (&slot, &mut *stepper, &mut *table);
                crate::relay::on_pool(pool, watch, move |report| {
                    stepper.extend(table, step_to, &mut told(slot, want, report))
                })
            }
            None => stepper.extend(table, step_to, &mut told(&slot, want, |e| watch.tell(e))),
        };
        match extended {
            Ok(report) => {
                if let (Some(widen), Some(width)) = (widen.as_mut(), &width) {
                    // Only the sparse engine computes on more than one
                    // thread: the others' steps measure nothing.
                    if report.engine == Some(values::Engine::Sparse) {
                        let cpu = cpu_before
                            .zip(width.cpu())
                            .map(|(a, b)| b.saturating_sub(a));
                        let heaps = table.len() as u64 - from;
                        widen.step(from, heaps, step_started.elapsed(), cpu);
                    }
                }
                totals = Some(match totals.take() {
                    Some(before) => before.then(report),
                    None => report,
                })
            }
            Err(e) => break Err(e),
        }
        // Steps measured for the width are short, so that the widths
        // that do not pay run briefly.
        let aim = match &widen {
            Some(w) if w.measuring() => widths::TRIAL_STEP * 10,
            _ => checkpoint_every,
        };
        step = next_step(step, step_started.elapsed(), aim);
        if stores && (table.len() as u64) < want && last_saved.elapsed() >= checkpoint_every {
            save(core, game, table, &mut work.saved, watch);
            last_saved = Instant::now();
            work.unsaved = Duration::ZERO;
        }
    };
    if let Some(report) = totals {
        let table = TableSummary::of(table);
        let width = widen.as_ref().map(|w| {
            if measured {
                w.width()
            } else {
                match unmeasured_on {
                    Some(threads) => widths::unmeasured(threads, true),
                    None => widths::unmeasured(rayon::current_num_threads(), false),
                }
            }
        });
        let _ = watch.tell(Event::Computed {
            report,
            table,
            width: width.map(Box::new),
        });
    }
    work.unsaved += started.elapsed();
    // Worth writing: an hour's work or a second's, not a few values
    // more on a long table (a rewrite of the whole file).
    let long = work.unsaved >= WORTH_STORING || checkpoint_every.is_zero();
    let grown = work.saved > 0 && table.len() - work.saved.min(table.len()) >= work.saved / 8;
    if stores && (long || grown || result.is_err()) {
        save(core, game, table, &mut work.saved, watch);
        work.unsaved = Duration::ZERO;
    }
    result
}

/// The engine's progress towards heap `want`, kept in `slot` for the
/// requests waiting for it and told through `tell`.
fn told(
    slot: &Slot,
    want: u64,
    mut tell: impl FnMut(Event) -> ControlFlow<()>,
) -> impl FnMut(values::Progress) -> ControlFlow<()> {
    move |p| {
        slot.done.store(p.done, Ordering::Relaxed);
        tell(Event::Values {
            done: p.done,
            total: want,
        })
    }
}

/// One computation extending a table, counted while it lasts.
struct Growing<'a>(&'a AtomicUsize);

impl<'a> Growing<'a> {
    fn start(count: &'a AtomicUsize) -> Self {
        count.fetch_add(1, Ordering::Relaxed);
        Growing(count)
    }
}

impl Drop for Growing<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Writes `table` to the store if it holds more than the store has; a
/// failure is a warning.
fn save(core: &Core, game: &Ruleset, table: &ValueTable, saved: &mut usize, watch: &mut Watch) {
    let Some(store) = &core.config.store else {
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
            state.holder = None;
        }
        self.slot.freed.notify_all();
    }
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

/// `table` cut to `G(0..=to)`, shared when it already is.
pub(crate) fn prefix(table: &Arc<ValueTable>, to: u64) -> Arc<ValueTable> {
    let len = usize::try_from(to.saturating_add(1)).unwrap_or(usize::MAX);
    if table.len() <= len {
        return Arc::clone(table);
    }
    // Only the values kept are copied.
    Arc::new(table.prefix(len))
}
