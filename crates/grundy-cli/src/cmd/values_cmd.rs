//! `grundy values GAME --to N`.

use std::process::ExitCode;

use grundy_service::ValueTable;

use crate::cli::{Format, ValuesArgs};
use crate::context::{Context, Out};
use crate::{input, output};

/// Computes and prints `G(from..=to)`.
pub fn run(ctx: &Context, args: &ValuesArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    if args.misere {
        return super::misere::genera(ctx, args, out);
    }
    let game = input::game(&args.game)?;
    let (from, to) = input::heap_range(args.from.as_deref(), &args.to)?;
    let max = input::max(args.search.max.as_deref())?;
    let report = ctx.ask("values", |solver, watch| {
        solver.values_report(&game, from, to, max, watch)
    })?;
    let table = &report.values;
    match args.output.format {
        Format::Json => output::json(out, &report)?,
        Format::Csv => {
            writeln!(out, "n,value")?;
            for (n, v) in (from..=to).zip(table.iter()) {
                writeln!(out, "{n},{v}")?;
            }
        }
        Format::Table => grid(out, &report.game, from, table)?,
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
