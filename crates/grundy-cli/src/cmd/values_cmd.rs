//! `grundy values GAME --to N`.

use std::process::ExitCode;

use grundy::ValueTable;
use serde::Serialize;

use super::{Context, Out};
use crate::cli::{Format, ValuesArgs};
use crate::failure::usage;
use crate::{input, output};

/// The most values one `grundy values` prints.
const MAX_PRINTED: u64 = 100_000_000;

#[derive(Serialize)]
struct ValuesJson<'a> {
    game: String,
    #[serde(skip_serializing_if = "is_zero")]
    from: u64,
    values: Column<'a>,
}

/// The values of a table as a JSON array, written straight from the compact
/// table without a copy.
struct Column<'a>(&'a ValueTable);

impl Serialize for Column<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|v| v.value()))
    }
}

/// Computes and prints `G(0..=N)`.
pub fn run(ctx: &Context, args: &ValuesArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let ruleset = input::ruleset(&args.game)?;
    let to = input::size(&args.to, "--to")?;
    let max = input::size(&args.search.max, "--max")?;
    let from = match &args.from {
        Some(text) => input::size(text, "--from")?,
        None => 0,
    };
    if from > to {
        return Err(usage(format!(
            "--from {from} is past --to {to}; give --from at most --to"
        )));
    }
    if to - from >= MAX_PRINTED {
        return Err(usage(format!(
            "{from}..={to} is more than {MAX_PRINTED} values to print; ask for a shorter range"
        )));
    }
    let table = if from == 0 && to <= max {
        ctx.values(&ruleset, to)?
    } else {
        let count = to - from + 1;
        let budget = ctx.budget.max_bytes();
        if count.saturating_mul(8) > budget {
            return Err(usage(format!(
                "printing {count} values needs up to {} but the memory budget is {}; ask for at most {} heaps",
                grundy::values::human_bytes(count.saturating_mul(8)),
                grundy::values::human_bytes(budget),
                budget / 8
            )));
        }
        let g = ctx.values_to(&ruleset, to, max)?;
        ValueTable::from_values(
            (from..=to)
                .map(|n| g.get(n).map(|v| v.value()))
                .collect::<grundy::Result<Vec<u64>>>()?,
        )
    };
    match args.output.format {
        Format::Json => output::json(
            out,
            &ValuesJson {
                game: ruleset.to_string(),
                from,
                values: Column(&table),
            },
        )?,
        Format::Csv => {
            writeln!(out, "n,value")?;
            for (n, v) in (from..).zip(table.iter()) {
                writeln!(out, "{n},{v}")?;
            }
        }
        Format::Table => grid(out, &ruleset.to_string(), from, &table)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Values in rows of ten, each row labelled with its first heap, as the
/// tables of Winning Ways print them.
pub fn grid(out: Out<'_>, game: &str, first: u64, table: &ValueTable) -> anyhow::Result<()> {
    const WIDTH: usize = 10;
    let cell = table.max().to_string().len().max(2);
    let last = first + table.len().saturating_sub(1) as u64;
    let label = last.to_string().len().max(1);
    writeln!(out, "G(n) of {game}, n = {first}..={last}")?;
    write!(out, "{:>label$}", "n")?;
    for c in 0..WIDTH {
        write!(out, " {:>cell$}", format!("+{c}"))?;
    }
    writeln!(out)?;
    for (i, v) in table.iter().enumerate() {
        if i % WIDTH == 0 {
            if i > 0 {
                writeln!(out)?;
            }
            write!(out, "{:>label$}", first + i as u64)?;
        }
        write!(out, " {v:>cell$}")?;
    }
    writeln!(out)?;
    Ok(())
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}
