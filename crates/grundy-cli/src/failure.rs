//! Turning errors into one line on stderr and an exit status.

use std::process::ExitCode;

use grundy_service::{Detail, Error, ErrorKind, GameKind, Quantity};

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
    } else if let Some(e) = err.downcast_ref::<Error>() {
        match e.kind() {
            ErrorKind::InvalidSpec
            | ErrorKind::InvalidInput
            | ErrorKind::TooLarge
            | ErrorKind::Overflow
            | ErrorKind::Corrupt => USAGE,
            _ => FAILURE,
        }
    } else {
        FAILURE
    };
    let chain: Vec<String> = err.chain().map(|c| c.to_string()).collect();
    let advice = err
        .chain()
        .find_map(|c| c.downcast_ref::<Error>())
        .and_then(Error::detail)
        .map_or(String::new(), advice);
    eprintln!("error: {}{advice}", one_line(&chain.join(": ")));
    ExitCode::from(code)
}

/// How the command line fixes a refusal of the solver, whatever the
/// command: the flag or the command to use. A command whose flags say more
/// words it itself with [`advise`].
fn advice(detail: &Detail) -> String {
    match detail {
        Detail::EngineDoesNotApply { .. } => "; use --engine auto or --engine naive".to_string(),
        Detail::OverBudget { .. } => " (or raise --max-memory)".to_string(),
        Detail::OldCertificate => "; grundy period GAME --certificate FILE writes one".to_string(),
        Detail::OutOfRange {
            quantity: Quantity::Heaps,
            least,
            most,
            ..
        } if least != most => {
            format!("; give --heaps from {least} to {most}, as in --heaps 3")
        }
        Detail::OutOfRange {
            quantity: Quantity::Heaps,
            least,
            ..
        } => {
            let example = ["3", "3 5", "3 5 7", "3 5 7 9"];
            let sizes = usize::try_from(*least)
                .ok()
                .and_then(|k| example.get(k.checked_sub(1)?))
                .map_or(String::new(), |e| format!(", as in {e}"));
            format!("; give {least} heap sizes{sizes}")
        }
        Detail::OutOfRange {
            quantity: Quantity::Values,
            ..
        } => "; ask for fewer heaps with --from and --to".to_string(),
        Detail::OutOfRange {
            quantity: Quantity::Boards,
            ..
        } => "; ask for fewer boards with --from and --to".to_string(),
        Detail::OutOfRange {
            quantity: Quantity::MovesListed,
            most,
            ..
        } => format!("; give --limit {most} or less"),
        Detail::OutOfRange {
            quantity: Quantity::HeapBound,
            most,
            ..
        } => format!("; give --max-heap {most} or less"),
        Detail::OutOfRange {
            quantity: Quantity::SearchLimit,
            asked,
            ..
        } => format!(" (--max {asked})"),
        Detail::WrongGame {
            needs: GameKind::SumOfHeaps,
        } => {
            "; grundy move, grundy play and grundy ppos take games played on several heaps at once, and grundy values, grundy move and grundy play take boards and graphs"
                .to_string()
        }
        Detail::WrongGame {
            needs: GameKind::Multiheap,
        } => "; its P-positions are the positions of value 0 (grundy values, grundy count)"
            .to_string(),
        _ => String::new(),
    }
}

/// The solver's refusal in `err` with `words`' advice for its detail, in
/// the terms of one command, in place of the general advice; `err` as it
/// is when `words` has none.
pub fn advise(err: anyhow::Error, words: impl Fn(&Detail) -> Option<String>) -> anyhow::Error {
    let worded = err
        .downcast_ref::<Error>()
        .and_then(|e| Some((e, words(e.detail()?)?)));
    match worded {
        Some((e, advice)) => usage(format!("{e}{advice}")),
        None => err,
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// `s` with every run of white space one space.
pub fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
