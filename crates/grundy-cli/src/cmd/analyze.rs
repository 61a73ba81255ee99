//! `grundy analyze GAME [--to N]`: a readable report on one game.

use std::process::ExitCode;

use grundy_service::{Detail, Quantity};

use super::period::sentence;
use crate::cli::{AnalyzeArgs, Format};
use crate::context::{Context, Out};
use crate::failure::advise;
use crate::{input, output};

/// Computes, searches for a period, and prints the report.
pub fn run(ctx: &Context, args: &AnalyzeArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let game = input::game(&args.game)?;
    let max = input::max(args.search.max.as_deref())?;
    let to = args
        .to
        .as_deref()
        .map(|t| input::size(t, "--to"))
        .transpose()?;
    let report = ctx
        .ask("values", |solver, watch| solver.analyze(&game, to, max, watch))
        .map_err(|e| {
            advise(e, |d| match d {
                Detail::OutOfRange {
                    quantity: Quantity::Heap,
                    most,
                    ..
                } => Some(format!(
                    "; give --to {most} or less, and for larger heaps use grundy values --from M --to N or grundy count"
                )),
                _ => None,
            })
        })?;
    let to = report.to;
    let last = report.computed_to;
    let width = row_width(report.periodicity.period);
    let exceptions = report.exceptions.clone();
    let exceptions_total = report.exceptions_total.unwrap_or(0);
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
            let pattern = report
                .periodicity
                .preperiod
                .zip(report.periodicity.period)
                .map(|(e, p)| e.saturating_add(p.saturating_mul(2)));
            if args.to.is_none() && pattern.is_some_and(|heaps| heaps > to + 1) {
                writeln!(
                    out,
                    "(the preperiod and two periods run to heap {}: grundy analyze {} --to N shows more)",
                    pattern.unwrap_or_default() - 1,
                    report.game
                )?;
            }
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
                            Some(list) if list.len() as u64 == exceptions_total => format!(
                                "{} (heaps whose value differs from the periodic continuation)",
                                join(list)
                            ),
                            Some(list) => format!(
                                "{exceptions_total} heaps whose value differs from the periodic continuation, the first {} listed: {}, …",
                                list.len(),
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

/// The heaps of value 0, said so that "0" cannot be read as a count.
fn p_positions(list: &[u64], to: u64) -> String {
    match list {
        [] => format!("no heap of value 0 among heaps 0 to {to}"),
        [one] => format!("heap {one} only, the one heap of value 0 among heaps 0 to {to}"),
        _ => format!(
            "heaps {} ({} heaps of value 0 among heaps 0 to {to})",
            join(list),
            list.len()
        ),
    }
}

/// Values a row: the period's, where it is a readable width; a short
/// period's smallest multiple from 10; else 10.
fn row_width(period: Option<u64>) -> usize {
    match period {
        Some(p @ 4..=40) => p as usize,
        Some(p @ 1..=3) => 10_u64.div_ceil(p) as usize * p as usize,
        _ => 10,
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
