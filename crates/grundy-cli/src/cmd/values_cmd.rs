//! `grundy values GAME --to N`; a board's value; a family's values.

use std::process::ExitCode;

use grundy_service::{Game, ValueTable};

use crate::cli::{Format, ValuesArgs};
use crate::context::{Context, Out};
use crate::failure::usage;
use crate::{input, output};

/// Computes and prints `G(from..=to)`, or a board's value, or a family's
/// values.
pub fn run(ctx: &Context, args: &ValuesArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let game = input::game(&args.game)?;
    match game {
        Game::Board(_) => return super::boards::value(ctx, args, &game, out),
        Game::BoardFamily(_) => return super::boards::family(ctx, args, &game, out),
        Game::Heaps(_) | Game::Multiheap(_) => {}
    }
    let Some(to) = &args.to else {
        return Err(usage(format!(
            "{game} needs --to N: the values G(0) to G(N) are printed, as in grundy values {} --to 30; see 'grundy values --help'",
            args.game.trim()
        )));
    };
    if args.misere {
        return super::misere::genera(ctx, args, to, out);
    }
    let (from, to) = input::heap_range(args.from.as_deref(), to)?;
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
