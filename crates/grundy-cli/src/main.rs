//! `grundy`: Sprague–Grundy values, sums and winning moves from the command line.
//!
//! This binary only parses, asks the solver layer (`grundy-service`) and
//! renders: the mathematics lives in the `grundy` library, the policy of
//! computing, storing and proving in the solver.

mod cli;
mod cmd;
mod context;
mod cpu;
mod failure;
mod input;
mod interrupt;
mod output;
mod progress;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return cli::clap_error(err),
    };
    match cmd::run(cli) {
        Ok(code) => code,
        Err(err) => failure::report(&err),
    }
}
