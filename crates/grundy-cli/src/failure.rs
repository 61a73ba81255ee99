//! Turning errors into one line on stderr and an exit status.

use std::process::ExitCode;

use clap::CommandFactory;
use clap::error::ErrorKind as ClapKind;

/// Bad usage: the input was wrong (exit status 2).
pub const USAGE: u8 = 2;
/// Something else failed (exit status 1).
pub const FAILURE: u8 = 1;

/// An error in what the user typed, reported with exit status 2.
#[derive(Debug)]
pub struct Usage(pub String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// Shorthand for a usage error.
pub fn usage(message: impl Into<String>) -> anyhow::Error {
    Usage(message.into()).into()
}

/// Prints `err` as one line and picks the exit status: 2 for bad input
/// (a request refused as too large, a file that is not what it claims,
/// such as a certificate that does not verify, included), 1 otherwise.
pub fn report(err: &anyhow::Error) -> ExitCode {
    if is_broken_pipe(err) {
        return ExitCode::SUCCESS;
    }
    let code = if err.downcast_ref::<Usage>().is_some() {
        USAGE
    } else if let Some(e) = err.downcast_ref::<grundy::Error>() {
        match e.kind() {
            grundy::ErrorKind::InvalidSpec
            | grundy::ErrorKind::InvalidInput
            | grundy::ErrorKind::TooLarge
            | grundy::ErrorKind::Overflow
            | grundy::ErrorKind::Corrupt => USAGE,
            _ => FAILURE,
        }
    } else {
        FAILURE
    };
    let chain: Vec<String> = err.chain().map(|c| c.to_string()).collect();
    let advice = err
        .chain()
        .find_map(|c| c.downcast_ref::<grundy::Error>())
        .and_then(grundy::Error::detail)
        .map_or("", |detail| match detail {
            grundy::Detail::EngineDoesNotApply { .. } => "; use --engine auto or --engine naive",
            grundy::Detail::OverBudget { .. } => " (or raise --max-memory)",
            grundy::Detail::OldCertificate => {
                "; grundy period GAME --certificate FILE writes one"
            }
            _ => "",
        });
    eprintln!("error: {}{advice}", one_line(&chain.join(": ")));
    ExitCode::from(code)
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Prints a clap error: help and version as clap renders them, every real
/// error folded into one line with a pointer to `--help`.
pub fn clap_error(err: clap::Error) -> ExitCode {
    match err.kind() {
        ClapKind::DisplayHelp
        | ClapKind::DisplayVersion
        | ClapKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = err.print();
            if err.kind() == ClapKind::DisplayHelpOnMissingArgumentOrSubcommand {
                ExitCode::from(USAGE)
            } else {
                ExitCode::SUCCESS
            }
        }
        _ => {
            let text = err.render().to_string();
            let lines: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.starts_with("Usage:"))
                .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
                .collect();
            let message = lines.join(" ");
            let message = message.strip_prefix("error: ").unwrap_or(&message);
            let known = |sub: &str| {
                crate::cli::Cli::command()
                    .get_subcommands()
                    .any(|c| c.get_name() == sub)
            };
            let help = match std::env::args().nth(1) {
                Some(sub) if known(&sub) => format!("grundy {sub} --help"),
                _ => "grundy --help".to_string(),
            };
            eprintln!("error: {}; see '{help}'", one_line(message));
            ExitCode::from(USAGE)
        }
    }
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
