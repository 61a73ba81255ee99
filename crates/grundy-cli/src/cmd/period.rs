//! `grundy period GAME [--max N] [--certificate FILE]`.

use std::process::ExitCode;

use grundy_service::{PeriodReport, Status};

use crate::cli::{Format, PeriodArgs};
use crate::context::{Context, Out};
use crate::failure::usage;
use crate::{input, output};

/// The verdict in one sentence, with the flag that searches further when
/// it is not proved.
pub fn sentence(report: &PeriodReport) -> String {
    let text = report.sentence();
    if report.status == Status::Proved {
        return text;
    }
    format!("{text}; --max N searches further")
}

/// Finds, proves if it can, prints, and writes the certificate if asked.
pub fn run(ctx: &Context, args: &PeriodArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let game = input::game(&args.game)?;
    let max = input::max(args.search.max.as_deref())?;
    let json = if let Some(path) = &args.certificate {
        let (report, text) = ctx.ask("values", |solver, watch| {
            solver.certificate(&game, max, watch)
        })?;
        let Some(text) = text else {
            return Err(usage(format!(
                "no certificate written: {} (a certificate needs a proved period; try a larger --max)",
                report.sentence()
            )));
        };
        if path.as_os_str() == "-" {
            out.write_all(text.as_bytes())?;
            return Ok(ExitCode::SUCCESS);
        }
        output::to_file(path, &text, "the certificate")?;
        report
    } else {
        ctx.ask("values", |solver, watch| {
            solver.period_report(&game, max, watch)
        })?
    };
    match args.output.format {
        Format::Json => output::json(out, &json)?,
        Format::Csv => {
            let opt = |v: Option<u64>| v.map(|v| v.to_string()).unwrap_or_default();
            output::csv(
                out,
                &[
                    "game",
                    "preperiod",
                    "period",
                    "saltus",
                    "status",
                    "theorem",
                    "bound",
                    "checked_to",
                ],
                &[vec![
                    json.game.clone(),
                    opt(json.preperiod),
                    opt(json.period),
                    opt(json.saltus),
                    json.status.to_string(),
                    json.theorem.unwrap_or("").to_string(),
                    opt(json.bound),
                    json.checked_to.to_string(),
                ]],
            )?
        }
        Format::Table => {
            let mut rows = vec![
                ("game", json.game.clone()),
                ("status", json.status.to_string()),
            ];
            if let Some(p) = json.verdict.periodicity() {
                rows.push(("preperiod", p.preperiod().to_string()));
                rows.push(("period", p.period().to_string()));
                rows.push(("saltus", p.saltus().to_string()));
            }
            rows.push(("verdict", sentence(&json)));
            if let Some(path) = &args.certificate {
                rows.push(("certificate", path.display().to_string()));
            }
            output::pairs(out, &rows)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
