//! `grundy analyze GAME [--to N]`: a readable report on one game.

use std::process::ExitCode;

use grundy_service::MAX_ANALYZED;

use super::period::sentence;
use super::{Context, Out};
use crate::cli::{AnalyzeArgs, Format};
use crate::failure::usage;
use crate::{input, output};

/// Computes, searches for a period, and prints the report.
pub fn run(ctx: &Context, args: &AnalyzeArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let ruleset = input::ruleset(&args.game)?;
    let max = input::max(&args.search)?;
    let to = args
        .to
        .as_deref()
        .map(|t| input::size(t, "--to"))
        .transpose()?;
    if let Some(to) = to.filter(|&to| to > MAX_ANALYZED) {
        return Err(usage(format!(
            "--to {to}: the report lists values one by one, at most up to {MAX_ANALYZED}; for larger heaps use grundy values --from M --to N or grundy count"
        )));
    }
    let report = ctx.ask("values", |solver, watch| {
        solver.analyze(&ruleset, to, max, watch)
    })?;
    let to = report.to;
    let last = report.computed_to;
    let width = report
        .periodicity
        .period
        .map_or(10, |p| p.clamp(1, 40) as usize);
    let exceptions = report.exceptions.clone();
    match args.output.format {
        Format::Json => output::json(out, &report)?,
        Format::Csv => {
            writeln!(out, "n,value")?;
            for (n, v) in report.values.iter().enumerate() {
                writeln!(out, "{n},{v}")?;
            }
        }
        Format::Table => {
            writeln!(out, "Rules of {}: {}", report.game, report.rules)?;
            writeln!(out)?;
            rows(out, &report.game, &report.values, width)?;
            writeln!(out)?;
            output::pairs(
                out,
                &[
                    (
                        "largest value",
                        format!("{} (heaps 0 to {last})", report.max_value),
                    ),
                    ("P-positions", p_positions(&report.p_positions, to)),
                    ("periodicity", sentence(&report.periodicity)),
                    (
                        "exceptions",
                        match &exceptions {
                            Some(list) if list.is_empty() => "none".to_string(),
                            Some(list) => format!(
                                "{} (heaps whose value differs from the periodic continuation)",
                                join(list)
                            ),
                            None => "-".to_string(),
                        },
                    ),
                ],
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn p_positions(list: &[u64], to: u64) -> String {
    if list.is_empty() {
        format!("none among heaps 0 to {to}")
    } else {
        format!("{} (heaps 0 to {to} of value 0)", join(list))
    }
}

fn join(list: &[u64]) -> String {
    list.iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Values in rows of `width` (the period's, when there is one).
fn rows(out: Out<'_>, game: &str, values: &[u64], width: usize) -> anyhow::Result<()> {
    let cell = values.iter().max().unwrap_or(&0).to_string().len();
    let last = values.len().saturating_sub(1);
    let label = last.to_string().len();
    writeln!(out, "G(n) of {game}, n = 0..={last}, {width} a row")?;
    for start in (0..values.len()).step_by(width) {
        write!(out, "{start:>label$} |")?;
        for v in &values[start..(start + width).min(values.len())] {
            write!(out, " {v:>cell$}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}
