//! One module a subcommand; this one dispatches and holds what they share.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use grundy::Ruleset;
use grundy::period::{PeriodicValues, Verdict};
use grundy::values::{self, Budget, ValueTable};

use crate::cli::{Cli, Command};
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
            ..values::Options::default()
        };
        values::extend_with(ruleset, table, to, options, &mut |p| {
            bar.update(p.done, p.total)
        })?;
        Ok(())
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
            ..values::Options::default()
        }
    }
}

/// Runs the command `cli` asks for.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let ctx = Context {
        budget: match &cli.max_memory {
            Some(text) => Budget::bytes(memory_size(text)?),
            None => default_budget(),
        },
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
