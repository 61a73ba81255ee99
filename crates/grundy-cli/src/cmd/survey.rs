//! `grundy survey {run,show,merge}`: a family of games into a SQLite
//! catalogue, read back, and shards merged. The work is the
//! `grundy-survey` crate's; this module parses and prints.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::{Args, Subcommand, ValueEnum};
use grundy_survey::show::{Format, render};
use grundy_survey::{Catalogue, Family, Options, Setting, Shard, Status, SurveyError};

use crate::context::{Context, Out};
use crate::failure::usage;

/// Arguments of `grundy survey`.
#[derive(Debug, Args)]
pub struct SurveyArgs {
    #[command(subcommand)]
    pub action: Action,
}

/// What `grundy survey` does.
#[derive(Debug, Subcommand)]
pub enum Action {
    /// Search every game of a family for a period, recording each result in
    /// the catalogue; the same command resumes a run that was stopped or
    /// killed, and larger limits extend the games left open.
    ///
    /// Example: grundy survey run octal --digits 3 --max-heaps 2^20 --db octal3.sqlite
    Run(RunArgs),
    /// Print a catalogue's games as a table, or one game's certificate.
    ///
    /// Example: grundy survey show --db octal3.sqlite --status none --format markdown
    Show(ShowArgs),
    /// Merge catalogues (the shards of a job array) into one; idempotent
    /// and independent of the order.
    ///
    /// Example: grundy survey merge shard-*.sqlite -o all.sqlite
    Merge(MergeArgs),
}

/// A family's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FamilyKind {
    /// Octal codes d0.d1…dD, d0 = 0 or 4 (--digits D)
    Octal,
    /// Hexadecimal codes that are not octal (--digits D)
    Hex,
    /// Finite subtraction sets within 1..=M (--max-element M)
    Sub,
    /// The games given after the family
    List,
}

/// Arguments of `grundy survey run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The family: octal, hex, sub or list
    #[arg(value_enum)]
    pub family: FamilyKind,
    /// The games of `list`
    #[arg(value_name = "SPEC")]
    pub specs: Vec<String>,
    /// Digits after the point (octal, hex)
    #[arg(long, value_name = "D")]
    pub digits: Option<u32>,
    /// The largest element of a subtraction set (sub)
    #[arg(long, value_name = "M")]
    pub max_element: Option<u32>,
    /// The catalogue (created if absent)
    #[arg(long, value_name = "FILE")]
    pub db: PathBuf,
    /// Search each game for a period up to heap N (1000000, 10^6, 2^20)
    #[arg(long, value_name = "N", default_value = "2^16")]
    pub max_heaps: String,
    /// Stop a game after this many seconds; it is recorded with what it
    /// reached, as stopped
    #[arg(long, value_name = "SECONDS")]
    pub time_per_game: Option<f64>,
    /// Games computed at once [default: the number of cores]
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Take only shard I of N of the family (0 <= I < N), as a job array's
    /// task does
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Print nothing while running, only the summary
    #[arg(long, short)]
    pub quiet: bool,
}

/// Output formats of `grundy survey show`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShowFormat {
    /// Aligned text
    Table,
    /// Comma-separated values
    Csv,
    /// A JSON array
    Json,
    /// A Markdown table
    Markdown,
}

/// Status words of `grundy period`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StatusChoice {
    /// Proved periodic, with a certificate
    Proved,
    /// A period observed, not proved
    Observed,
    /// No period up to the heaps checked
    None,
}

/// Arguments of `grundy survey show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The catalogue
    #[arg(long, value_name = "FILE")]
    pub db: PathBuf,
    /// Only this game (a spec such as 0.16)
    pub game: Option<String>,
    /// Only games of this status
    #[arg(long, value_enum)]
    pub status: Option<StatusChoice>,
    /// Output format
    #[arg(long, value_enum, default_value_t = ShowFormat::Table)]
    pub format: ShowFormat,
    /// Print the game's stored certificate (for `grundy verify`)
    #[arg(long, requires = "game")]
    pub certificate: bool,
    /// Print the classes of games whose values agree, and the first
    /// differences between games that agree on their first 64 values
    #[arg(long, conflicts_with_all = ["certificate", "game"])]
    pub classes: bool,
}

/// Arguments of `grundy survey merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The catalogues to merge
    #[arg(required = true, value_name = "FILE")]
    pub inputs: Vec<PathBuf>,
    /// The catalogue merged into (created if absent)
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
}

/// The survey's error, naming the flag of the setting it is about.
fn fail(e: SurveyError) -> anyhow::Error {
    if !e.is_usage() {
        return anyhow::anyhow!(e.to_string());
    }
    let flag = match e.about() {
        Some(Setting::MaxHeaps) => "--max-heaps: ",
        Some(Setting::Shard) => "--shard: ",
        Some(Setting::Digits) => "--digits: ",
        Some(Setting::MaxElement) => "--max-element: ",
        _ => "",
    };
    let advice = match e.about() {
        Some(Setting::Shard) => " (Slurm: --shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT)",
        Some(Setting::Games) => ", as in: grundy survey run list 0.07 0.77 --db small.sqlite",
        _ => "",
    };
    usage(format!("{flag}{e}{advice}"))
}

/// Runs `grundy survey`.
pub fn run(ctx: &Context, args: &SurveyArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    match &args.action {
        Action::Run(a) => run_survey(ctx, a, out),
        Action::Show(a) => show(a, out),
        Action::Merge(a) => {
            let inputs: Vec<&std::path::Path> = a.inputs.iter().map(PathBuf::as_path).collect();
            let s = grundy_survey::merge(&inputs, &a.output).map_err(fail)?;
            writeln!(
                out,
                "merged {} catalogue(s) into {}: {} row(s) read, {} written",
                inputs.len(),
                a.output.display(),
                s.read,
                s.written
            )?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn family(a: &RunArgs) -> anyhow::Result<Family> {
    let need = |flag: &str, example: &str| {
        usage(format!(
            "this family needs {flag}, as in: grundy survey run {example} --db survey.sqlite"
        ))
    };
    if a.family != FamilyKind::List && !a.specs.is_empty() {
        return Err(usage(format!(
            "games ({}) are given only to the list family, as in: grundy survey run list 0.07 0.77 --db survey.sqlite",
            a.specs.join(" ")
        )));
    }
    Ok(match a.family {
        FamilyKind::Octal => Family::Octal {
            digits: a
                .digits
                .ok_or_else(|| need("--digits", "octal --digits 3"))?,
        },
        FamilyKind::Hex => Family::Hex {
            digits: a.digits.ok_or_else(|| need("--digits", "hex --digits 2"))?,
        },
        FamilyKind::Sub => Family::Subtraction {
            max_element: a
                .max_element
                .ok_or_else(|| need("--max-element", "sub --max-element 8"))?,
        },
        FamilyKind::List => Family::List(a.specs.clone()),
    })
}

fn run_survey(ctx: &Context, a: &RunArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let family = family(a)?;
    let mut options = Options::new(crate::input::size(&a.max_heaps, "--max-heaps")?);
    if let Some(secs) = a.time_per_game {
        options.time_per_game = Some(
            Duration::try_from_secs_f64(secs)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or_else(|| {
                    usage(format!(
                        "--time-per-game {secs} is not a positive number of seconds; write it as 60 or 0.5"
                    ))
                })?,
        );
    }
    if let Some(jobs) = a.jobs {
        if jobs == 0 {
            return Err(usage("--jobs 0 runs nothing; give at least 1"));
        }
        options.jobs = jobs;
    }
    if let Some(shard) = &a.shard {
        options.shard = shard.parse::<Shard>().map_err(fail)?;
    }
    options.config = ctx.solver.config().clone();
    options.cancel = Arc::clone(&ctx.interrupted);
    let quiet = a.quiet;
    let on_result = move |row: &grundy_survey::GameRow| {
        if !quiet {
            let pattern = match (row.preperiod, row.period) {
                (Some(pre), Some(p)) => format!("preperiod {pre}, period {p}"),
                _ => String::new(),
            };
            let stopped = row
                .stopped
                .as_deref()
                .map_or(String::new(), |s| format!(" (stopped: {s})"));
            eprintln!(
                "{:<10} {:<8} to {:<9} {pattern}{stopped} [{:.2} s]",
                row.game, row.status, row.checked_to, row.seconds
            );
        }
    };
    let s = grundy_survey::run(&a.db, &family, &options, &on_result).map_err(fail)?;
    writeln!(
        out,
        "{}: {} game(s) in shard {}; {} answered before, {} computed ({} stopped by the time or memory limit) in {:.1} s",
        family, s.games, options.shard, s.skipped, s.computed, s.stopped, s.seconds
    )?;
    if s.cancelled {
        out.flush()?;
        eprintln!(
            "interrupted: every game finished is in {}; the same command resumes",
            a.db.display()
        );
        return Ok(ExitCode::from(crate::interrupt::INTERRUPTED));
    }
    Ok(ExitCode::SUCCESS)
}

fn show(a: &ShowArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let catalogue = Catalogue::open_read_only(&a.db).map_err(fail)?;
    if a.classes {
        let rows = catalogue.games().map_err(fail)?;
        let report = grundy_survey::classes(&catalogue, &rows).map_err(fail)?;
        write!(out, "{}", grundy_survey::show::render_classes(&report))?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut rows = match &a.game {
        Some(spec) => {
            let game = crate::input::game(spec)?.to_string();
            match catalogue.game(&game).map_err(fail)? {
                Some(row) => vec![row],
                None => {
                    return Err(usage(format!(
                        "{game} is not in {}; `grundy survey show --db {}` lists the games it holds",
                        a.db.display(),
                        a.db.display()
                    )));
                }
            }
        }
        None => catalogue.games().map_err(fail)?,
    };
    if a.certificate {
        let row = &rows[0];
        match &row.certificate {
            Some(text) => write!(out, "{text}")?,
            None => {
                return Err(usage(format!(
                    "{} has no certificate in {}: its status is {} (checked to heap {})",
                    row.game,
                    a.db.display(),
                    row.status,
                    row.checked_to
                )));
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(status) = a.status {
        let want = match status {
            StatusChoice::Proved => Status::Proved,
            StatusChoice::Observed => Status::Observed,
            StatusChoice::None => Status::None,
        };
        rows.retain(|r| r.status == want);
    }
    let format = match a.format {
        ShowFormat::Table => Format::Table,
        ShowFormat::Csv => Format::Csv,
        ShowFormat::Json => Format::Json,
        ShowFormat::Markdown => Format::Markdown,
    };
    write!(out, "{}", render(&rows, format))?;
    Ok(ExitCode::SUCCESS)
}
