//! `grundy`: Sprague–Grundy values, sums and winning moves from the command line.
//!
//! This binary only parses, calls the `grundy` library and renders: every
//! piece of mathematics lives in the library.

mod cli;
mod cmd;
mod failure;
mod input;
mod output;
mod progress;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return failure::clap_error(err),
    };
    match cmd::run(cli) {
        Ok(code) => code,
        Err(err) => failure::report(&err),
    }
}
