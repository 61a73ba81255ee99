//! One module a subcommand; this one dispatches and holds what they share.

use std::cell::Cell;
use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use grundy::Ruleset;
use grundy::period::{PeriodicValues, Verdict};
use grundy::values::{self, Budget, Engine, Report, ValueTable};

use crate::cache::Cache;
use crate::cli::{Cli, Command, ComputeArgs, EngineChoice};
use crate::failure::usage;
use crate::progress::Bar;

mod analyze;
mod count;
mod moves;
mod period;
mod play;
mod ppos;
mod values_cmd;
mod verify;

/// What every command may need besides its own arguments.
#[derive(Debug)]
pub struct Context {
    /// The memory a value table may take.
    pub budget: Budget,
    /// The engine asked for.
    pub engine: Engine,
    /// Whether to print the engine's statistics on stderr.
    pub stats: bool,
    /// The value cache, unless disabled.
    pub cache: Option<Cache>,
    /// Time between checkpoints of a long computation.
    pub checkpoint_every: Duration,
    /// Set once writing the cache has failed, so the warning is given once.
    pub cache_failed: Cell<bool>,
}

/// Computations shorter than this are not worth a cache file.
const WORTH_CACHING: Duration = Duration::from_secs(1);

impl Context {
    /// `G(0..=to)` of `ruleset`, with a progress bar and the memory budget.
    pub fn values(&self, ruleset: &Ruleset, to: u64) -> anyhow::Result<ValueTable> {
        let mut table = ValueTable::new();
        self.extend(ruleset, &mut table, to)?;
        let len = usize::try_from(to.saturating_add(1)).unwrap_or(usize::MAX);
        if table.len() > len {
            // The cache held more than was asked for.
            table.truncate(len);
        }
        Ok(table)
    }

    /// Extends `table` to hold `G(0..=to)`: from the cache if it holds them,
    /// otherwise computed in steps, with a checkpoint written to the cache
    /// every `checkpoint_every` and at the end of a long computation.
    pub fn extend(&self, ruleset: &Ruleset, table: &mut ValueTable, to: u64) -> anyhow::Result<()> {
        let started = Instant::now();
        // The whole request is checked against the budget before anything
        // is read or computed; the steps below are each within it.
        values::check_fits(ruleset, to, self.budget)?;
        let want = to.saturating_add(1);
        let mut cache_note = String::from("off");
        let mut read_note = String::new();
        if let Some(cache) = &self.cache {
            cache_note = format!("nothing cached in {}", cache.path(ruleset).display());
            if (table.len() as u64) < want
                && let Some(cached) = cache.load(ruleset)
                && cached.len() > table.len()
            {
                read_note = format!("read {} values; ", cached.len());
                cache_note = format!("{read_note}{}", cache.path(ruleset).display());
                *table = cached;
            }
        }
        let mut bar = Bar::new("values");
        let options = values::Options {
            budget: self.budget,
            engine: self.engine,
        };
        // One engine for every step: it keeps its state between them.
        let mut stepper = values::Stepper::new(ruleset, options);
        let mut totals: Option<Report> = None;
        let mut step: u64 = 1 << 16;
        let mut last_saved = Instant::now();
        while (table.len() as u64) < want {
            let from = table.len() as u64;
            let step_to = to.min(from.saturating_add(step - 1));
            let step_started = Instant::now();
            let report = stepper.extend(table, step_to, &mut |p| bar.update(p.done, want))?;
            merge(&mut totals, report);
            step = next_step(step, step_started.elapsed(), self.checkpoint_every);
            let done = table.len() as u64 >= want;
            let due = if done {
                started.elapsed() >= WORTH_CACHING || self.checkpoint_every.is_zero()
            } else {
                last_saved.elapsed() >= self.checkpoint_every
            };
            if due {
                if let Some(note) = self.save(ruleset, table) {
                    cache_note = format!("{read_note}{note}");
                }
                last_saved = Instant::now();
            }
        }
        drop(bar);
        if self.stats {
            let report = totals.unwrap_or_default();
            eprint!(
                "{}",
                stats_text(&report, table, started.elapsed(), &cache_note)
            );
        }
        Ok(())
    }

    /// Writes `table` to the cache; a failure is a warning, given once.
    fn save(&self, ruleset: &Ruleset, table: &ValueTable) -> Option<String> {
        let cache = self.cache.as_ref()?;
        if self.cache_failed.get() {
            return None;
        }
        match cache.store(ruleset, table) {
            Ok(()) => Some(format!(
                "wrote {} values to {}",
                table.len(),
                cache.path(ruleset).display()
            )),
            Err(e) => {
                eprintln!("warning: {e:#}");
                self.cache_failed.set(true);
                None
            }
        }
    }
}

/// The next step, in heaps, aiming at a tenth of the checkpoint interval
/// (at most ten seconds) a step, changing by at most a factor four.
fn next_step(step: u64, took: Duration, checkpoint_every: Duration) -> u64 {
    let aim = (checkpoint_every.as_secs_f64() / 10.0).clamp(0.25, 10.0);
    let took = took.as_secs_f64().max(1e-3);
    let next = (step as f64 * aim / took).clamp(step as f64 / 4.0, step as f64 * 4.0);
    (next as u64).max(1 << 12)
}

/// Adds the work counted in `report` to `totals`; the findings (mask, rare
/// heaps, largest value) are those of the last step, which cover the table.
fn merge(totals: &mut Option<Report>, report: Report) {
    let Some(total) = totals else {
        *totals = Some(report);
        return;
    };
    total.engine = report.engine.or(total.engine);
    if let Some(mut new) = report.sparse {
        if let Some(old) = total.sparse {
            new.rare_pairs += old.rare_pairs;
            new.scan_pairs += old.scan_pairs;
            new.full_scans += old.full_scans;
            new.mask_changes += old.mask_changes;
            new.heaps += old.heaps;
        }
        total.sparse = Some(new);
    }
}

/// The `--stats` lines: engine, what it found, time.
fn stats_text(report: &Report, table: &ValueTable, elapsed: Duration, cache: &str) -> String {
    let mut text = String::new();
    let mut line = |key: &str, value: String| text.push_str(&format!("{key:<12} {value}\n"));
    let engine = match report.engine {
        Some(Engine::Naive) => "naive",
        Some(Engine::Sparse) => "sparse",
        Some(Engine::Bitsets) => "bitsets",
        Some(_) => "other",
        None => "none (closed form, or values already computed)",
    };
    line("engine", engine.to_string());
    line("heaps", format!("0..={}", table.len().saturating_sub(1)));
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
    } else {
        line("max value", table.max().value().to_string());
    }
    line(
        "bytes/heap",
        format!(
            "{}{} ({})",
            table.bytes_per_heap(),
            match table.kept_aside() {
                0 => String::new(),
                aside => format!(" and {aside} value(s) kept aside"),
            },
            values::human_bytes(table.value_bytes())
        ),
    );
    line("cache", cache.to_string());
    line("time", format!("{:.3} s", elapsed.as_secs_f64()));
    text
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

impl Context {
    /// Searches for a period of `ruleset` up to heap `max`, with a progress
    /// bar.
    pub fn find_period(
        &self,
        ruleset: &Ruleset,
        max: u64,
    ) -> anyhow::Result<(Verdict, ValueTable)> {
        let mut bar = Bar::new("values");
        Ok(grundy::period::find(
            ruleset,
            max,
            self.options(),
            &mut |p| bar.update(p.done, p.total),
        )?)
    }

    /// Values of `ruleset` able to answer every heap up to `to`: the table up
    /// to `to` when `to <= max`; else a proved period found within `max`;
    /// else the table computed up to `to`.
    pub fn values_to(
        &self,
        ruleset: &Ruleset,
        to: u64,
        max: u64,
    ) -> anyhow::Result<PeriodicValues> {
        if to <= max {
            let table = self.values(ruleset, to)?;
            let verdict = grundy::period::of_table(ruleset, &table);
            return Ok(PeriodicValues::new(table, verdict));
        }
        let (verdict, mut table) = self.find_period(ruleset, max)?;
        if verdict.periodicity.is_some_and(|p| p.is_proved()) {
            return Ok(PeriodicValues::new(table, verdict));
        }
        self.extend(ruleset, &mut table, to).map_err(|e| {
            e.context(format!(
                "{ruleset} has no proved period up to heap {max} (raise --max to search further)"
            ))
        })?;
        let verdict = grundy::period::of_table(ruleset, &table);
        Ok(PeriodicValues::new(table, verdict))
    }

    fn options(&self) -> values::Options {
        values::Options {
            budget: self.budget,
            engine: self.engine,
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
    let ctx = Context {
        budget: match &cli.max_memory {
            Some(text) => Budget::bytes(memory_size(text)?),
            None => default_budget(),
        },
        engine: compute.map_or(Engine::Auto, Engine::from),
        stats: compute.is_some_and(|c| c.stats),
        cache: Cache::new(cli.cache.as_deref(), cli.no_cache),
        checkpoint_every: Duration::try_from_secs_f64(cli.checkpoint_secs).map_err(|_| {
            usage(format!(
                "--checkpoint-secs {} is not a number of seconds",
                cli.checkpoint_secs
            ))
        })?,
        cache_failed: Cell::new(false),
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let code = match &cli.command {
        Command::Values(args) => values_cmd::run(&ctx, args, &mut out)?,
        Command::Count(args) => count::run(&ctx, args, &mut out)?,
        Command::Move(args) => moves::run(&ctx, args, &mut out)?,
        Command::Play(args) => play::run(&ctx, args, &mut out)?,
        Command::Ppos(args) => ppos::run(&ctx, args, &mut out)?,
        Command::Period(args) => period::run(&ctx, args, &mut out)?,
        Command::Verify(args) => verify::run(args, &mut out)?,
        Command::Analyze(args) => analyze::run(&ctx, args, &mut out)?,
    };
    out.flush()?;
    Ok(code)
}

/// 80% of the memory the kernel says is available, or 8 GiB if it does not say.
fn default_budget() -> Budget {
    let available = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("MemAvailable:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kib| kib.parse::<u64>().ok())
        })
        .map(|kib| kib.saturating_mul(1024) / 5 * 4);
    available.map_or_else(Budget::default, Budget::bytes)
}

/// Reads `512M`, `4G`, `1GiB`, `100000` (bytes).
fn memory_size(text: &str) -> anyhow::Result<u64> {
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
                "--max-memory '{text}' is not a size; write it as 512M, 4G or a number of bytes"
            ))
        })
}

/// Writes the output of a command that succeeded.
pub type Out<'a> = &'a mut dyn Write;
