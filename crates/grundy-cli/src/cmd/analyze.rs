//! `grundy analyze GAME [--to N]`: a readable report on one game.

use std::process::ExitCode;

use grundy::ValueTable;
use grundy::period::{self, PeriodicValues};
use serde::Serialize;

use super::period::{PeriodJson, sentence};
use super::{Context, Out};
use crate::cli::{AnalyzeArgs, Format};
use crate::failure::usage;
use crate::{input, output};

/// The largest `--to` the report accepts: it lists every value up to it.
const MAX_SHOWN: u64 = 10_000_000;

#[derive(Serialize)]
struct AnalyzeJson {
    game: String,
    rules: String,
    to: u64,
    values: Vec<u64>,
    max_value: u64,
    p_positions: Vec<u64>,
    periodicity: PeriodJson,
    exceptions: Option<Vec<u64>>,
}

/// Computes, searches for a period, and prints the report.
pub fn run(ctx: &Context, args: &AnalyzeArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let ruleset = input::ruleset(&args.game)?;
    let max = input::size(&args.search.max, "--max")?;
    let to = args
        .to
        .as_deref()
        .map(|t| input::size(t, "--to"))
        .transpose()?;
    if let Some(to) = to.filter(|&to| to > MAX_SHOWN) {
        return Err(usage(format!(
            "--to {to}: the report lists values one by one, at most up to {MAX_SHOWN}; for larger heaps use grundy values --from M --to N or grundy count"
        )));
    }
    let (mut verdict, mut table) = ctx.find_period(&ruleset, max)?;
    let proved = verdict.periodicity.is_some_and(|p| p.is_proved());
    if let Some(to) = to.filter(|&to| !proved && to >= table.len() as u64) {
        ctx.extend(&ruleset, &mut table, to)?;
        verdict = period::of_table(&ruleset, &table);
    }
    let p = verdict.periodicity;
    let last = (table.len() as u64).saturating_sub(1);
    let to = to.unwrap_or_else(|| match p {
        Some(p) => (p.preperiod + 2 * p.period)
            .max(60)
            .saturating_sub(1)
            .min(last),
        None => 59.min(last),
    });
    let g = PeriodicValues::new(table.clone(), verdict);
    let shown = ValueTable::from_values(
        (0..=to)
            .map(|n| g.get(n).map(|v| v.value()))
            .collect::<grundy::Result<Vec<u64>>>()?,
    );
    let width = p.map_or(10, |p| p.period.clamp(1, 40) as usize);
    let exceptions = p.map(|p| p.exceptions(&table));
    let report = AnalyzeJson {
        game: ruleset.to_string(),
        rules: ruleset.describe(),
        to,
        values: shown.to_vec(),
        max_value: table.max().value(),
        p_positions: (0..=to).filter(|&n| shown.raw(n as usize) == 0).collect(),
        periodicity: PeriodJson::new(&ruleset, &verdict),
        exceptions: exceptions.clone(),
    };
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
            rows(out, &report.game, &shown, width)?;
            writeln!(out)?;
            output::pairs(
                out,
                &[
                    (
                        "largest value",
                        format!("{} (heaps 0 to {last})", report.max_value),
                    ),
                    ("P-positions", p_positions(&report.p_positions, to)),
                    ("periodicity", sentence(&ruleset, &verdict)),
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
fn rows(out: Out<'_>, game: &str, table: &ValueTable, width: usize) -> anyhow::Result<()> {
    let cell = table.max().to_string().len();
    let last = table.len().saturating_sub(1);
    let label = last.to_string().len();
    writeln!(out, "G(n) of {game}, n = 0..={last}, {width} a row")?;
    for start in (0..table.len()).step_by(width) {
        write!(out, "{start:>label$} |")?;
        for n in start..(start + width).min(table.len()) {
            write!(out, " {:>cell$}", table.raw(n))?;
        }
        writeln!(out)?;
    }
    Ok(())
}
