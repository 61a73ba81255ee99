//! `grundy period GAME [--max N] [--certificate FILE]`.

use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context as _;
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
        write_certificate(path, &text)?;
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

/// Writes the certificate `text` to `path`. A FIFO, a device or anything
/// else that is not a regular file is written to directly (renaming over it
/// would replace it); a regular file, or a new one, through a temporary file
/// beside it that is then renamed, so an interruption never leaves half a
/// certificate; a link is followed, so the link stays and its target gets
/// the certificate.
pub(super) fn write_certificate(path: &Path, text: &str) -> anyhow::Result<()> {
    let failed = || format!("cannot write the certificate {}", path.display());
    let target = match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => {
            let mut file = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .with_context(failed)?;
            file.write_all(text.as_bytes()).with_context(failed)?;
            return file.flush().with_context(failed);
        }
        // A regular file, perhaps through links: replace the file itself.
        Ok(_) => std::fs::canonicalize(path).with_context(failed)?,
        Err(_) => path.to_path_buf(),
    };
    let mut tmp = target.as_os_str().to_owned();
    tmp.push(format!(".tmp{}", std::process::id()));
    let tmp = std::path::PathBuf::from(tmp);
    let write = || -> std::io::Result<()> {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&tmp, &target)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        anyhow::Error::from(e).context(failed())
    })
}
