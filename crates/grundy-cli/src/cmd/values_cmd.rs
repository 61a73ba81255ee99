//! `grundy values GAME --to N`.

use std::process::ExitCode;

use grundy::ValueTable;
use serde::Serialize;

use super::{Context, Out};
use crate::cli::{Format, ValuesArgs};
use crate::{input, output};

#[derive(Serialize)]
struct ValuesJson<'a> {
    game: String,
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
    let table = ctx.values(&ruleset, to)?;
    match args.output.format {
        Format::Json => output::json(
            out,
            &ValuesJson {
                game: ruleset.to_string(),
                values: Column(&table),
            },
        )?,
        Format::Csv => {
            writeln!(out, "n,value")?;
            for (n, v) in table.iter().enumerate() {
                writeln!(out, "{n},{v}")?;
            }
        }
        Format::Table => grid(out, &ruleset.to_string(), 0, &table)?,
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
