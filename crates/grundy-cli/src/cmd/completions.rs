//! `grundy completions SHELL`.

use std::process::ExitCode;

use clap::CommandFactory;

use crate::cli::{Cli, CompletionsArgs};
use crate::context::Out;

/// Prints the completion script of `args.shell`, generated from the clap
/// declarations.
pub fn run(args: &CompletionsArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let mut command = Cli::command();
    let name = command.get_name().to_string();
    // Generated into memory first: `generate` panics on a write error, such
    // as a closed pipe, which `out` reports as an error instead.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, name, &mut script);
    out.write_all(&script)?;
    Ok(ExitCode::SUCCESS)
}
