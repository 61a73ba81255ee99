//! `grundy count GAME [--from M] --to N [--heaps K]`.

use std::process::ExitCode;

use grundy_service::{Detail, Game, Quantity};

use crate::cli::{CountArgs, Format};
use crate::context::{Context, Out};
use crate::failure::{advise, usage};
use crate::{input, output};

/// Counts first-player wins and losses among the heaps `1..=N`.
pub fn run(ctx: &Context, args: &CountArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let game = input::game(&args.game)?;
    let to = input::size(&args.to, "--to")?;
    let max = input::max(args.search.max.as_deref())?;
    if args.frequencies {
        return frequencies(ctx, args, &game, to, out);
    }
    if args.heaps != 1 {
        if args.from.is_some() {
            return Err(usage(
                "--from applies to single heaps; with --heaps K the heaps range over 0..=N",
            ));
        }
        let k = args.heaps;
        let report = ctx.ask("values", |solver, watch| {
            solver.count_multisets(&game, k, to, max, watch)
        })?;
        match args.output.format {
            Format::Json => output::json(out, &report)?,
            Format::Csv => output::csv(
                out,
                &["game", "heaps", "to", "losing"],
                &[vec![
                    report.game.clone(),
                    k.to_string(),
                    to.to_string(),
                    report.losing.to_string(),
                ]],
            )?,
            Format::Table => output::pairs(
                out,
                &[
                    ("game", report.game.clone()),
                    (
                        "positions",
                        format!("{k} heaps, 0 <= a1 <= … <= a{k} <= {to}"),
                    ),
                    ("losing", report.losing.to_string()),
                ],
            )?,
        }
        return Ok(ExitCode::SUCCESS);
    }
    let from = args
        .from
        .as_deref()
        .map(|t| input::size(t, "--from"))
        .transpose()?;
    let first = from.unwrap_or(1);
    let report = ctx
        .ask("values", |solver, watch| {
            solver.count(&game, from, to, max, watch)
        })
        .map_err(|e| {
            advise(e, |d| {
                matches!(
                    d,
                    Detail::OutOfRange {
                        quantity: Quantity::Heap,
                        ..
                    }
                )
                .then(|| format!("; give --from at most --to {to}"))
            })
        })?;
    match args.output.format {
        Format::Json => output::json(out, &report)?,
        Format::Csv => {
            let mut header = vec!["game", "to", "wins", "losses"];
            let mut row = vec![
                report.game.clone(),
                to.to_string(),
                report.wins.to_string(),
                report.losses.to_string(),
            ];
            if let Some(from) = from {
                header.insert(1, "from");
                row.insert(1, from.to_string());
            }
            output::csv(out, &header, &[row])?
        }
        Format::Table => output::pairs(
            out,
            &[
                ("game", report.game.clone()),
                ("heaps", format!("{first}..={to}")),
                ("wins", report.wins.to_string()),
                ("losses", report.losses.to_string()),
            ],
        )?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `--frequencies`: lines `value count` over the heaps `1..=N`.
fn frequencies(
    ctx: &Context,
    args: &CountArgs,
    game: &Game,
    to: u64,
    out: Out<'_>,
) -> anyhow::Result<ExitCode> {
    let report = ctx.ask("values", |solver, watch| {
        solver.frequencies(game, to, watch)
    })?;
    // Written a row at a time: a game whose values grow with the heap
    // (nim) has as many rows as heaps.
    match args.output.format {
        Format::Json => output::json(out, &report)?,
        Format::Csv => {
            writeln!(out, "value,count")?;
            for (v, c) in report.counts.iter().enumerate() {
                writeln!(out, "{v},{c}")?;
            }
        }
        Format::Table => {
            for (v, c) in report.counts.iter().enumerate() {
                writeln!(out, "{v} {c}")?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
