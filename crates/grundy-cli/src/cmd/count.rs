//! `grundy count GAME [--from M] --to N [--heaps K]`.

use std::process::ExitCode;

use grundy::count::multiset;

use super::{Context, Out};
use crate::cli::{CountArgs, Format};
use crate::failure::usage;
use crate::{input, output};

/// Counts first-player wins and losses among the heaps `1..=N`.
pub fn run(ctx: &Context, args: &CountArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let ruleset = input::ruleset(&args.game)?;
    let to = input::size(&args.to, "--to")?;
    let max = input::max(&args.search)?;
    if args.frequencies {
        return frequencies(ctx, args, &ruleset, to, out);
    }
    if args.heaps != 1 {
        if args.from.is_some() {
            return Err(usage(
                "--from applies to single heaps; with --heaps K the heaps range over 0..=N",
            ));
        }
        let k = args.heaps;
        if k == 0 || k > multiset::MAX_HEAPS {
            return Err(usage(format!(
                "--heaps {k} is out of range; give a number of heaps from 1 to {}, as in --heaps 3",
                multiset::MAX_HEAPS
            )));
        }
        let report = ctx.ask("values", |solver, watch| {
            solver.count_multisets(&ruleset, k, to, max, watch)
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
    if first > to && !(from.is_none() && to == 0) {
        return Err(usage(format!(
            "--from {first} is past --to {to}; give --from at most --to"
        )));
    }
    let report = ctx.ask("values", |solver, watch| {
        solver.count(&ruleset, from, to, max, watch)
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
    ruleset: &grundy_service::grundy::Ruleset,
    to: u64,
    out: Out<'_>,
) -> anyhow::Result<ExitCode> {
    let report = ctx.ask("values", |solver, watch| {
        solver.frequencies(ruleset, to, watch)
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
