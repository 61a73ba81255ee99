//! `grundy plot GAME --to N -o FILE.svg`.

use std::process::ExitCode;

use grundy_service::MAX_VALUES;

use super::{Context, Out};
use crate::cli::PlotArgs;
use crate::failure::usage;
use crate::input;

/// Writes the scatter plot of `G(from..=to)` as SVG.
pub fn run(ctx: &Context, args: &PlotArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let ruleset = input::ruleset(&args.game)?;
    let to = input::size(&args.to, "--to")?;
    let max = input::max(&args.search)?;
    let from = match &args.from {
        Some(text) => input::size(text, "--from")?,
        None => 0,
    };
    if from > to {
        return Err(usage(format!(
            "--from {from} is past --to {to}; give --from at most --to"
        )));
    }
    if to - from >= MAX_VALUES {
        return Err(usage(format!(
            "{from}..={to} is more than {MAX_VALUES} values to plot; ask for a shorter range"
        )));
    }
    let report = ctx.ask("values", |solver, watch| {
        solver.values_report(&ruleset, from, to, max, watch)
    })?;
    let svg = grundy_web::plot::scatter(&report);
    if args.output.as_os_str() == "-" {
        out.write_all(svg.as_bytes())?;
    } else {
        std::fs::write(&args.output, svg)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", args.output.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}
