//! `grundy period GAME [--max N] [--certificate FILE]`.

use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context as _;
use grundy::Ruleset;
use grundy::certificate::Certificate;
use grundy::period::{Periodicity, Proof, Verdict};
use serde::Serialize;

use super::{Context, Out};
use crate::cli::{Format, PeriodArgs};
use crate::failure::usage;
use crate::{input, output};

/// The JSON shape of a verdict (also part of `grundy analyze --format json`).
#[derive(Serialize)]
pub struct PeriodJson {
    game: String,
    preperiod: Option<u64>,
    period: Option<u64>,
    saltus: Option<u64>,
    status: &'static str,
    theorem: Option<&'static str>,
    bound: Option<u64>,
    checked_to: u64,
}

impl PeriodJson {
    /// The verdict on `ruleset` in its JSON shape.
    pub fn new(ruleset: &Ruleset, verdict: &Verdict) -> Self {
        let p = verdict.periodicity;
        let (theorem, bound) = match p.map(|p| p.proof) {
            Some(Proof::Theorem { theorem, bound }) => (Some(theorem.name()), Some(bound)),
            _ => (None, None),
        };
        PeriodJson {
            game: ruleset.to_string(),
            preperiod: p.map(|p| p.preperiod),
            period: p.map(|p| p.period),
            saltus: p.map(|p| p.saltus),
            status: status(verdict),
            theorem,
            bound,
            checked_to: verdict.checked_to,
        }
    }
}

/// `proved`, `observed` or `none`.
pub fn status(verdict: &Verdict) -> &'static str {
    match verdict.periodicity {
        Some(p) if p.is_proved() => "proved",
        Some(_) => "observed",
        None => "none",
    }
}

/// The verdict in one sentence, honest about what is proved.
pub fn sentence(ruleset: &Ruleset, verdict: &Verdict) -> String {
    let Some(p) = verdict.periodicity else {
        return format!("no period up to heap {}", verdict.checked_to);
    };
    let pattern = pattern(&p);
    match p.proof {
        Proof::Theorem { theorem, bound } => {
            let window = if bound == 0 {
                String::new()
            } else {
                format!(
                    "; the theorem needs G(n + {}) = G(n){} for {} <= n < {bound}, checked (values to {})",
                    p.period,
                    plus_saltus(p.saltus),
                    p.preperiod,
                    p.checked_to
                )
            };
            format!("{pattern}, proved by {}{window}", theorem.describe())
        }
        Proof::Observed => format!(
            "observed {pattern}, checked to {}, not proved (no theorem applies to {ruleset})",
            p.checked_to
        ),
    }
}

fn pattern(p: &Periodicity) -> String {
    if p.saltus == 0 {
        format!("period {} from heap {}", p.period, p.preperiod)
    } else {
        format!(
            "arithmetic period {} with saltus {} from heap {}",
            p.period, p.saltus, p.preperiod
        )
    }
}

fn plus_saltus(s: u64) -> String {
    if s == 0 {
        String::new()
    } else {
        format!(" + {s}")
    }
}

/// Finds, proves if it can, prints, and writes the certificate if asked.
pub fn run(ctx: &Context, args: &PeriodArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let ruleset = input::ruleset(&args.game)?;
    let max = input::size(&args.search.max, "--max")?;
    let (verdict, table) = ctx.find_period(&ruleset, max)?;
    if let Some(path) = &args.certificate {
        let Some(p) = verdict.periodicity.filter(|p| p.is_proved()) else {
            return Err(usage(format!(
                "no certificate written: {} (a certificate needs a proved period; try a larger --max)",
                sentence(&ruleset, &verdict)
            )));
        };
        let cert = Certificate::new(&ruleset, &p, &table)?;
        write_atomically(path, &cert.to_text())?;
    }
    let json = PeriodJson::new(&ruleset, &verdict);
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
            let mut rows = vec![("game", json.game.clone()), ("status", json.status.into())];
            if let Some(p) = verdict.periodicity {
                rows.push(("preperiod", p.preperiod.to_string()));
                rows.push(("period", p.period.to_string()));
                rows.push(("saltus", p.saltus.to_string()));
            }
            rows.push(("verdict", sentence(&ruleset, &verdict)));
            if let Some(path) = &args.certificate {
                rows.push(("certificate", path.display().to_string()));
            }
            output::pairs(out, &rows)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes `text` to a temporary file beside `path`, then renames it, so an
/// interruption never leaves a half-written certificate.
fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    let mut file = std::fs::File::create(&tmp)
        .with_context(|| format!("cannot write the certificate {}", tmp.display()))?;
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    std::fs::rename(&tmp, path)
        .with_context(|| format!("cannot write the certificate {}", path.display()))?;
    Ok(())
}
