//! One module a subcommand; this one dispatches and holds what they share.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use grundy::Ruleset;
use grundy::values::{self, Budget, Engine, Report, ValueTable};

use crate::cli::{Cli, Command, ComputeArgs, EngineChoice};
use crate::failure::usage;
use crate::progress::Bar;

mod count;
mod moves;
mod play;
mod values_cmd;

/// What every command may need besides its own arguments.
#[derive(Debug)]
pub struct Context {
    /// The memory a value table may take.
    pub budget: Budget,
    /// The engine asked for.
    pub engine: Engine,
    /// Whether to print the engine's statistics on stderr.
    pub stats: bool,
}

impl Context {
    /// `G(0..=to)` of `ruleset`, with a progress bar and the memory budget.
    pub fn values(&self, ruleset: &Ruleset, to: u64) -> anyhow::Result<ValueTable> {
        let mut table = ValueTable::new();
        self.extend(ruleset, &mut table, to)?;
        Ok(table)
    }

    /// Extends `table` to hold `G(0..=to)`.
    pub fn extend(&self, ruleset: &Ruleset, table: &mut ValueTable, to: u64) -> anyhow::Result<()> {
        let mut bar = Bar::new("values");
        let options = values::Options {
            budget: self.budget,
            engine: self.engine,
        };
        let started = std::time::Instant::now();
        let report = values::extend_reporting(ruleset, table, to, options, &mut |p| {
            bar.update(p.done, p.total)
        })?;
        drop(bar);
        if self.stats {
            eprint!("{}", stats_text(&report, table, started.elapsed()));
        }
        Ok(())
    }
}

/// The `--stats` lines: engine, what it found, time.
fn stats_text(report: &Report, table: &ValueTable, elapsed: std::time::Duration) -> String {
    let mut text = String::new();
    let mut line = |key: &str, value: String| text.push_str(&format!("{key:<12} {value}\n"));
    let engine = match report.engine {
        Some(Engine::Naive) => "naive",
        Some(Engine::Sparse) => "sparse",
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
            "{} ({})",
            table.bytes_per_value(),
            values::human_bytes((table.len() * table.bytes_per_value()) as u64)
        ),
    );
    line("time", format!("{:.3} s", elapsed.as_secs_f64()));
    text
}

impl From<&ComputeArgs> for Engine {
    fn from(args: &ComputeArgs) -> Engine {
        match args.engine {
            EngineChoice::Auto => Engine::Auto,
            EngineChoice::Naive => Engine::Naive,
            EngineChoice::Sparse => Engine::Sparse,
        }
    }
}

/// Runs the command `cli` asks for.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let compute = match &cli.command {
        Command::Values(args) => Some(&args.compute),
        Command::Count(args) => Some(&args.compute),
        Command::Move(args) => Some(&args.compute),
        Command::Play(_) => None,
    };
    let ctx = Context {
        budget: match &cli.max_memory {
            Some(text) => Budget::bytes(memory_size(text)?),
            None => default_budget(),
        },
        engine: compute.map_or(Engine::Auto, Engine::from),
        stats: compute.is_some_and(|c| c.stats),
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let code = match &cli.command {
        Command::Values(args) => values_cmd::run(&ctx, args, &mut out)?,
        Command::Count(args) => count::run(&ctx, args, &mut out)?,
        Command::Move(args) => moves::run(&ctx, args, &mut out)?,
        Command::Play(args) => play::run(&ctx, args, &mut out)?,
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
