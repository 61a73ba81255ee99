//! `grundy values GAME --to N`.

use std::process::ExitCode;

use serde::Serialize;

use super::{Context, Out};
use crate::cli::{Format, ValuesArgs};
use crate::{input, output};

#[derive(Serialize)]
struct ValuesJson<'a> {
    game: String,
    values: &'a [u64],
}

/// Computes and prints `G(0..=N)`.
pub fn run(ctx: &Context, args: &ValuesArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let ruleset = input::ruleset(&args.game)?;
    let to = input::size(&args.to, "--to")?;
    let table = ctx.values(&ruleset, to)?;
    let values = table.to_vec();
    match args.output.format {
        Format::Json => output::json(
            out,
            &ValuesJson {
                game: ruleset.to_string(),
                values: &values,
            },
        )?,
        Format::Csv => {
            let rows: Vec<Vec<String>> = values
                .iter()
                .enumerate()
                .map(|(n, v)| vec![n.to_string(), v.to_string()])
                .collect();
            output::csv(out, &["n", "value"], &rows)?;
        }
        Format::Table => grid(out, &ruleset.to_string(), 0, &values)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Values in rows of ten, each row labelled with its first heap, as the
/// tables of Winning Ways print them.
pub fn grid(out: Out<'_>, game: &str, first: u64, values: &[u64]) -> anyhow::Result<()> {
    const WIDTH: usize = 10;
    let cell = values
        .iter()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1)
        .max(2);
    let last = first + values.len().saturating_sub(1) as u64;
    let label = last.to_string().len().max(1);
    writeln!(out, "G(n) of {game}, n = {first}..={last}")?;
    write!(out, "{:>label$}", "n")?;
    for c in 0..WIDTH {
        write!(out, " {:>cell$}", format!("+{c}"))?;
    }
    writeln!(out)?;
    for (r, row) in values.chunks(WIDTH).enumerate() {
        write!(out, "{:>label$}", first + (r * WIDTH) as u64)?;
        for v in row {
            write!(out, " {v:>cell$}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}
