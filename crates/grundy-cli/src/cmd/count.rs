//! `grundy count GAME --to N`.

use std::process::ExitCode;

use grundy::count;
use serde::Serialize;

use super::{Context, Out};
use crate::cli::{CountArgs, Format};
use crate::{input, output};

#[derive(Serialize)]
struct CountJson {
    game: String,
    to: u64,
    wins: u64,
    losses: u64,
}

/// Counts first-player wins and losses among the heaps `1..=N`.
pub fn run(ctx: &Context, args: &CountArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let ruleset = input::ruleset(&args.game)?;
    let to = input::size(&args.to, "--to")?;
    let table = ctx.values(&ruleset, to)?;
    let outcomes = count::single_heaps(&table, to);
    let report = CountJson {
        game: ruleset.to_string(),
        to,
        wins: outcomes.wins,
        losses: outcomes.losses,
    };
    match args.output.format {
        Format::Json => output::json(out, &report)?,
        Format::Csv => output::csv(
            out,
            &["game", "to", "wins", "losses"],
            &[vec![
                report.game.clone(),
                to.to_string(),
                report.wins.to_string(),
                report.losses.to_string(),
            ]],
        )?,
        Format::Table => output::pairs(
            out,
            &[
                ("game", report.game.clone()),
                ("heaps", format!("1..={to}")),
                ("wins", report.wins.to_string()),
                ("losses", report.losses.to_string()),
            ],
        )?,
    }
    Ok(ExitCode::SUCCESS)
}
