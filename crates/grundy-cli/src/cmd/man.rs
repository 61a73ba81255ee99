//! `grundy man [DIR]`.

use std::process::ExitCode;

use anyhow::Context as _;
use clap::CommandFactory;

use crate::cli::{Cli, ManArgs};
use crate::context::Out;

/// Prints the manual page generated from the clap declarations, or writes
/// it to `args.dir` with a page for each subcommand.
pub fn run(args: &ManArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    // As `generate_to` reads the declarations: without the `help`
    // subcommand, which has no page of its own.
    let mut command = Cli::command().disable_help_subcommand(true);
    command.build();
    match &args.dir {
        None => clap_mangen::Man::new(command).render(out)?,
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .and_then(|()| clap_mangen::generate_to(command, dir))
                .with_context(|| format!("cannot write the manual pages to {}", dir.display()))?;
            writeln!(
                out,
                "wrote grundy.1 and a page for each subcommand to {}",
                dir.display()
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
