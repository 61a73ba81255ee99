//! The runner: the games of a family's shard, one per thread, each result
//! recorded in its own transaction.

use std::ops::ControlFlow;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy_service::{CatalogueEntry, Config, Solver, Stop, Watch};
use grundy_service::{Game, Ruleset, Status};

use crate::catalogue::Catalogue;
use crate::row::GameRow;
use crate::{Family, PROGRAM_VERSION, Result, Setting, Shard, SurveyError};

/// The values kept in memory between games, at most: the catalogue keeps
/// them all anyway.
const MEMORY_KEPT: u64 = 256 << 20;

/// How a survey runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// The period search's limit for each game (`--max-heaps`).
    pub max_heaps: u64,
    /// The longest a game may compute (`--time-per-game`); it is then
    /// recorded with what it reached, as stopped by time.
    pub time_per_game: Option<Duration>,
    /// Games computed at once (`--jobs`), each on its own thread.
    pub jobs: usize,
    /// The share of the family this run takes (`--shard`).
    pub shard: Shard,
    /// The solver's memory budget and engine; its store is the catalogue.
    pub config: Config,
    /// Set from outside (Ctrl-C) to stop: the games under way are not
    /// recorded, and the same run resumes them.
    pub cancel: Arc<AtomicBool>,
}

impl Options {
    /// Each game to `max_heaps`, no time limit, one job a core, the whole
    /// family, the default budget.
    pub fn new(max_heaps: u64) -> Options {
        Options {
            max_heaps,
            time_per_game: None,
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            shard: Shard::ALL,
            config: Config::default(),
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Whether `row`, stored by an earlier run, already answers this run:
    /// proved; or searched to at least this limit, and finished or stopped
    /// under at least this time limit.
    fn answered_by(&self, row: &GameRow) -> bool {
        if row.status == Status::Proved {
            return true;
        }
        if row.max_heaps < self.max_heaps {
            return false;
        }
        match row.stopped.as_deref() {
            None | Some("memory") => true,
            Some(_) => match (row.time_limit, self.time_per_game) {
                (_, None) => false,
                (None, Some(_)) => true,
                (Some(had), Some(want)) => had >= want.as_secs_f64(),
            },
        }
    }
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Games in this run's shard of the family.
    pub games: usize,
    /// Games an earlier run had answered.
    pub skipped: usize,
    /// Games computed and recorded now.
    pub computed: usize,
    /// Of those, games stopped by the time limit or the memory budget.
    pub stopped: usize,
    /// Whether the run was cancelled before the end.
    pub cancelled: bool,
    /// Seconds the run took.
    pub seconds: f64,
}

/// Surveys `family` into the catalogue at `db` (created if absent): every
/// game of the shard not answered by an earlier run is searched for a
/// period up to `options.max_heaps`, `options.jobs` at a time, sharing one
/// solver whose store is the catalogue. Each result is written in one
/// transaction, so a run killed at any moment loses at most the games under
/// way, and the same command resumes. `on_result` hears each row written.
///
/// # Errors
/// A bad family or catalogue, or the first game whose search failed (the
/// others under way finish first).
pub fn run(
    db: &Path,
    family: &Family,
    options: &Options,
    on_result: &(dyn Fn(&GameRow) + Sync),
) -> Result<Summary> {
    let started = Instant::now();
    if options.max_heaps == 0 {
        return Err(SurveyError::setting(
            Setting::MaxHeaps,
            "a search bound of 0 heaps computes nothing; give a bound such as 2^16",
        ));
    }
    // Checked before any game is computed: a catalogue records the bound
    // as a signed 64-bit integer (2^64 − 1 failed only when the first
    // result was written).
    if i64::try_from(options.max_heaps).is_err() {
        return Err(SurveyError::setting(
            Setting::MaxHeaps,
            format!(
                "a search bound of {} heaps is past 2^63 - 1, the largest bound a catalogue records; give a bound such as 2^32",
                options.max_heaps
            ),
        ));
    }
    let games: Vec<Ruleset> = family
        .games()?
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| options.shard.holds(i))
        .map(|(_, g)| g)
        .collect();
    let catalogue = Arc::new(Catalogue::create(db)?);
    let mut pending = Vec::new();
    let mut summary = Summary {
        games: games.len(),
        ..Summary::default()
    };
    for game in games {
        match catalogue.game(&game.to_string())? {
            Some(row) if options.answered_by(&row) => summary.skipped += 1,
            _ => pending.push(game),
        }
    }
    let solver = Solver::new(Config {
        store: Some(catalogue.store()),
        memory_kept: MEMORY_KEPT.min(options.config.memory_kept),
        ..options.config.clone()
    });
    let next = AtomicUsize::new(0);
    let failure: Mutex<Option<SurveyError>> = Mutex::new(None);
    let (computed, stopped) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let family_name = family.to_string();
    let jobs = options.jobs.clamp(1, pending.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    if options.cancel.load(Ordering::Relaxed)
                        || failure.lock().is_ok_and(|f| f.is_some())
                    {
                        return;
                    }
                    let Some(game) = pending.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        return;
                    };
                    match survey_one(&solver, &catalogue, game, &family_name, options) {
                        Ok(Some(row)) => {
                            computed.fetch_add(1, Ordering::Relaxed);
                            if row.stopped.is_some() {
                                stopped.fetch_add(1, Ordering::Relaxed);
                            }
                            on_result(&row);
                        }
                        Ok(None) => return,
                        Err(e) => {
                            if let Ok(mut f) = failure.lock() {
                                f.get_or_insert(e);
                            }
                            return;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    summary.computed = computed.into_inner();
    summary.stopped = stopped.into_inner();
    summary.cancelled = options.cancel.load(Ordering::Relaxed);
    summary.seconds = started.elapsed().as_secs_f64();
    Ok(summary)
}

/// Searches one game and records it; `None` when cancelled (nothing
/// recorded).
fn survey_one(
    solver: &Solver,
    catalogue: &Catalogue,
    game: &Ruleset,
    family: &str,
    options: &Options,
) -> Result<Option<GameRow>> {
    let started = Instant::now();
    let cancel = &options.cancel;
    let limit = options.time_per_game;
    let mut watch = Watch::new(move |_| {
        if cancel.load(Ordering::Relaxed) || limit.is_some_and(|l| started.elapsed() >= l) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let entry = solver
        .catalogue_entry(&Game::from(game.clone()), options.max_heaps, &mut watch)
        .map_err(|e| SurveyError::new(format!("{game}: {e}")));
    drop(watch);
    if cancel.load(Ordering::Relaxed) {
        return Ok(None);
    }
    let entry = entry?;
    let row = row_of(game, family, &entry, options, started.elapsed());
    catalogue.record(&row, Some(&entry.values))?;
    Ok(Some(row))
}

fn row_of(
    game: &Ruleset,
    family: &str,
    entry: &CatalogueEntry,
    options: &Options,
    took: Duration,
) -> GameRow {
    let r = &entry.report;
    let s = &entry.statistics;
    GameRow {
        game: game.to_string(),
        family: family.to_string(),
        status: r.status,
        preperiod: r.preperiod,
        period: r.period,
        saltus: r.saltus,
        theorem: r.theorem.map(str::to_string),
        certificate: entry.certificate.clone(),
        checked_to: r.checked_to,
        max_heaps: options.max_heaps,
        stopped: entry.stopped.map(|s| match s {
            Stop::TooLarge => "memory".to_string(),
            _ => "time".to_string(),
        }),
        time_limit: options.time_per_game.map(|d| d.as_secs_f64()),
        max_value: s.max_value,
        max_value_at: s.max_value_at,
        rare_mask: s.rare.map(|r| r.mask),
        rare_count: s.rare.map(|r| r.count),
        rare_last: s.rare.map(|r| r.last),
        checksum: format!("{:016x}", s.checksum),
        seconds: took.as_secs_f64(),
        version: PROGRAM_VERSION.to_string(),
    }
}
