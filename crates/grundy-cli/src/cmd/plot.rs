//! `grundy plot GAME --to N -o FILE.svg`.

use std::process::ExitCode;

use crate::cli::PlotArgs;
use crate::context::{Context, Out};
use crate::input;

/// Writes the scatter plot of `G(from..=to)` as SVG.
pub fn run(ctx: &Context, args: &PlotArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let game = input::game(&args.game)?;
    let (from, to) = input::heap_range(args.from.as_deref(), &args.to)?;
    let max = input::max(args.search.max.as_deref())?;
    let report = ctx.ask("values", |solver, watch| {
        solver.values_report(&game, from, to, max, watch)
    })?;
    let svg = grundy_web::plot::scatter(&report);
    if args.output.as_os_str() == "-" {
        out.write_all(svg.as_bytes())?;
    } else {
        crate::output::to_file(&args.output, &svg, "the plot")?;
    }
    Ok(ExitCode::SUCCESS)
}
