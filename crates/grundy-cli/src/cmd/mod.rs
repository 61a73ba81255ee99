//! One module a subcommand; this one dispatches and holds what they share.

use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use grundy::values::{self, Budget, Engine, Report};
use grundy_service::{Config, Event, FileStore, Solver, Store, TableSummary, Watch};

use crate::cli::{Cli, Command, ComputeArgs, EngineChoice};
use crate::failure::usage;
use crate::progress::Bar;

mod analyze;
mod cache;
mod completions;
mod count;
mod man;
mod misere;
mod moves;
mod period;
mod play;
mod plot;
mod ppos;
mod serve;
pub mod survey;
mod values_cmd;
mod verify;

/// What every command may need besides its own arguments.
#[derive(Debug)]
pub struct Context {
    /// The solver every command asks.
    pub solver: Solver,
    /// Whether to print the engine's statistics on stderr.
    pub stats: bool,
    /// Set by Ctrl-C: the running computation stops, saving what it has.
    pub interrupted: Arc<AtomicBool>,
}

impl Context {
    /// A watch for one request: a progress bar labelled `what` on a
    /// terminal, warnings on stderr, the statistics gathered for
    /// `--stats`, and a stop once Ctrl-C was pressed.
    pub fn watch<'a>(&'a self, what: &'static str, stats: &'a mut Stats) -> Watch<'a> {
        let mut bar = Bar::new(what);
        let interrupted = Arc::clone(&self.interrupted);
        // During a period search the bar counts to the length the search
        // grows to next; values computed move it along.
        let mut searching = false;
        Watch::new(move |event| {
            match event {
                Event::Values { done, .. } if searching => bar.advance(done),
                Event::Values { done, total } | Event::Scan { done, total } => {
                    let _ = bar.update(done, total);
                }
                Event::Search {
                    done,
                    to,
                    max,
                    pattern,
                } => {
                    searching = true;
                    bar.search(done, to, max, pattern);
                }
                Event::Waiting => {}
                Event::Warning(w) => bar.println(&format!("warning: {w}")),
                Event::Loaded { count, location } => {
                    stats.store = format!("read {count} values from {location}");
                }
                Event::Saved { count, location } => {
                    stats.saved = format!("wrote {count} values to {location}");
                }
                Event::Computed { report, table } => {
                    stats.report = Some(stats.report.map_or(report, |r| r.then(report)));
                    stats.table = Some(table);
                }
                _ => {}
            }
            if interrupted.load(Ordering::Relaxed) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
    }

    /// Asks the solver through `question` with a watch labelled `what`, then
    /// prints the `--stats` lines if they were asked for.
    pub fn ask<T>(
        &self,
        what: &'static str,
        question: impl FnOnce(&Solver, &mut Watch) -> grundy::Result<T>,
    ) -> anyhow::Result<T> {
        let started = Instant::now();
        let cpu = crate::cpu::used();
        let mut stats = Stats::default();
        let mut watch = self.watch(what, &mut stats);
        let answer = question(&self.solver, &mut watch);
        drop(watch);
        stats.cpu = cpu
            .zip(crate::cpu::used())
            .map(|(a, b)| b.saturating_sub(a));
        stats.threads = self.solver.threads();
        self.print_stats(&stats, started);
        Ok(answer?)
    }

    /// Prints `stats` on stderr if `--stats` was given.
    fn print_stats(&self, stats: &Stats, started: Instant) {
        if self.stats {
            eprint!("{}", stats.text(started.elapsed(), &self.store_note()));
        }
    }

    fn store_note(&self) -> String {
        match &self.solver.config().store {
            Some(_) => String::new(),
            None => "off".to_string(),
        }
    }
}

/// What the `--stats` lines report, gathered from a request's events.
#[derive(Debug, Default)]
pub struct Stats {
    report: Option<Report>,
    table: Option<TableSummary>,
    store: String,
    saved: String,
    /// CPU time the request used, where the system says.
    cpu: Option<Duration>,
    /// Threads the engines had.
    threads: usize,
}

impl Stats {
    /// The `--stats` lines: engine, what it found, store, time.
    fn text(&self, elapsed: Duration, store_off: &str) -> String {
        let mut text = String::new();
        let mut line = |key: &str, value: String| text.push_str(&format!("{key:<12} {value}\n"));
        let report = self.report.unwrap_or_default();
        let engine = match report.engine {
            Some(Engine::Naive) => "naive",
            Some(Engine::Sparse) => "sparse",
            Some(Engine::Bitsets) => "bitsets",
            Some(_) => "other",
            None => "none (closed form, or values already computed)",
        };
        line("engine", engine.to_string());
        if let Some(t) = &self.table {
            line("heaps", format!("0..={}", t.len.saturating_sub(1)));
        }
        if let Some(s) = &report.sparse {
            line("mask", format!("{:#x}", s.mask));
            line(
                "rare heaps",
                match s.last_rare {
                    Some(last) => format!("{} (last {last})", s.rare_count),
                    None => format!("{} (heap 0 only)", s.rare_count),
                },
            );
            line(
                "max value",
                format!("{} (first at {})", s.max_value, s.max_value_at),
            );
            line(
                "work",
                format!(
                    "{} splits via rare heaps, {} in lazy scans, {} full scans, {} mask change(s)",
                    s.rare_pairs, s.scan_pairs, s.full_scans, s.mask_changes
                ),
            );
            if !s.is_sparse() {
                line(
                    "note",
                    "no sparse space: over one heap in 16 is rare, so the sparse engine is exact but no faster than naive".to_string(),
                );
            }
        } else if let Some(t) = &self.table {
            line("max value", t.max.to_string());
        }
        if let Some(t) = &self.table {
            line(
                "bytes/heap",
                format!(
                    "{}{} ({})",
                    t.bytes_per_heap,
                    match t.kept_aside {
                        0 => String::new(),
                        aside => format!(" and {aside} value(s) kept aside"),
                    },
                    values::human_bytes(t.value_bytes)
                ),
            );
        }
        let store = [self.store.as_str(), self.saved.as_str(), store_off]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join("; ");
        line(
            "cache",
            if store.is_empty() {
                "nothing read or written".to_string()
            } else {
                store
            },
        );
        line("time", format!("{:.3} s", elapsed.as_secs_f64()));
        if let Some(cpu) = self.cpu {
            let busy = cpu.as_secs_f64() / elapsed.as_secs_f64().max(1e-9);
            line(
                "cpu",
                format!(
                    "{:.3} s on {} thread(s): {busy:.1} cores busy on average",
                    cpu.as_secs_f64(),
                    self.threads
                ),
            );
        }
        text
    }
}

impl From<&ComputeArgs> for Engine {
    fn from(args: &ComputeArgs) -> Engine {
        match args.engine {
            EngineChoice::Auto => Engine::Auto,
            EngineChoice::Naive => Engine::Naive,
            EngineChoice::Sparse => Engine::Sparse,
            EngineChoice::Bitsets => Engine::Bitsets,
        }
    }
}

/// Runs the command `cli` asks for.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let compute = match &cli.command {
        Command::Values(args) => Some(&args.compute),
        Command::Count(args) => Some(&args.compute),
        Command::Move(args) => Some(&args.compute),
        _ => None,
    };
    let budget = match &cli.max_memory {
        Some(text) => {
            let bytes = memory_size(text)?;
            if let Some(total) = meminfo("MemTotal:").filter(|&total| bytes > total) {
                return Err(usage(format!(
                    "--max-memory {text} is more than this machine's {} of memory, so it would not refuse what cannot fit; give at most {}",
                    values::human_bytes(total),
                    values::human_bytes(total)
                )));
            }
            Budget::bytes(bytes)
        }
        None => default_budget(),
    };
    let store: Option<Arc<dyn Store>> = if cli.no_cache {
        None
    } else {
        match &cli.cache {
            Some(dir) => Some(Arc::new(FileStore::new(dir))),
            None => FileStore::in_cache_dir().map(|s| Arc::new(s) as Arc<dyn Store>),
        }
    };
    let config = Config {
        budget,
        engine: compute.map_or(Engine::Auto, Engine::from),
        store,
        checkpoint_every: Duration::try_from_secs_f64(cli.checkpoint_secs).map_err(|_| {
            usage(format!(
                "--checkpoint-secs {} is not a number of seconds",
                cli.checkpoint_secs
            ))
        })?,
        memory_kept: budget.max_bytes() / 4,
        threads: cli.threads,
    };
    let ctx = Context {
        solver: Solver::new(config),
        stats: compute.is_some_and(|c| c.stats),
        interrupted: crate::interrupt::flag(),
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = match &cli.command {
        Command::Values(args) => values_cmd::run(&ctx, args, &mut out),
        Command::Count(args) => count::run(&ctx, args, &mut out),
        Command::Move(args) => moves::run(&ctx, args, &mut out),
        Command::Play(args) => play::run(&ctx, args, &mut out),
        Command::Ppos(args) => ppos::run(&ctx, args, &mut out),
        Command::Misere(args) => misere::quotient(&ctx, args, &mut out),
        Command::Period(args) => period::run(&ctx, args, &mut out),
        Command::Verify(args) => verify::run(&ctx, args, &mut out),
        Command::Analyze(args) => analyze::run(&ctx, args, &mut out),
        Command::Completions(args) => completions::run(args, &mut out),
        Command::Man(args) => man::run(args, &mut out),
        Command::Cache(args) => cache::run(&cli, args, &mut out),
        Command::Serve(args) => serve::run(&ctx, args, &mut out),
        Command::Plot(args) => plot::run(&ctx, args, &mut out),
        Command::Survey(args) => survey::run(&ctx, args, &mut out),
    };
    if result.is_err() && ctx.interrupted.load(Ordering::SeqCst) {
        let _ = out.flush();
        eprintln!("{}", interrupted_line(&ctx, &cli.command));
        return Ok(ExitCode::from(crate::interrupt::INTERRUPTED));
    }
    let code = result?;
    out.flush()?;
    Ok(code)
}

/// The one line a run stopped by Ctrl-C prints: what was kept.
fn interrupted_line(ctx: &Context, command: &Command) -> String {
    if let Command::Verify(_) = command {
        return "interrupted: the certificate was not verified; the same command checks it from the start".to_string();
    }
    let misere = is_misere(command);
    match &ctx.solver.config().store {
        // Genera, quotients and game-tree searches keep nothing until they
        // end: there is nothing to resume from.
        Some(_) if misere => "interrupted: misère quotients and searches are kept only once they end, so the same command starts this one again".to_string(),
        Some(_) => "interrupted: the values computed so far are saved in the cache; the same command resumes from them".to_string(),
        None => "interrupted: nothing was saved (--no-cache)".to_string(),
    }
}

/// Whether `command` is about misère play.
fn is_misere(command: &Command) -> bool {
    match command {
        Command::Misere(_) => true,
        Command::Values(args) => args.misere,
        Command::Move(args) => args.misere,
        Command::Play(args) => args.misere,
        _ => false,
    }
}

/// 80% of the memory the kernel says is available, or 8 GiB if it does not say.
fn default_budget() -> Budget {
    meminfo("MemAvailable:")
        .map(|bytes| bytes / 5 * 4)
        .map_or_else(Budget::default, Budget::bytes)
}

/// A line of `/proc/meminfo`, in bytes, where the kernel has one.
fn meminfo(key: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib = text
        .lines()
        .find(|l| l.starts_with(key))?
        .split_whitespace()
        .nth(1)?
        .parse::<u64>()
        .ok()?;
    Some(kib.saturating_mul(1024))
}

/// Reads `512M`, `4G`, `1GiB`, `100000` or `2^30` (bytes).
fn memory_size(text: &str) -> anyhow::Result<u64> {
    if let Some(bytes) = crate::input::parse_size(text) {
        return Ok(bytes);
    }
    let t = text.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (digits, unit) = t.split_at(split);
    let shift = match unit.to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => 64,
    };
    digits
        .parse::<u64>()
        .ok()
        .filter(|_| shift < 64)
        .and_then(|n| n.checked_mul(1 << shift))
        .ok_or_else(|| {
            usage(format!(
                "--max-memory {} is not a size; write it as 512M, 4G or a number of bytes",
                grundy::quote::quoted(text)
            ))
        })
}

/// Writes the output of a command that succeeded.
pub type Out<'a> = &'a mut dyn Write;
