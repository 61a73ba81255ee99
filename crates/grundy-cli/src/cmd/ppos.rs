//! `grundy ppos GAME --to N` and `grundy move` for multi-heap games
//! (`wythoff`, `stone`, `subsets:K:…`): games that are not sums.

use std::ops::ControlFlow::{self, Break, Continue};
use std::process::ExitCode;

use grundy::multiheap::{self, Method, SubsetGame};
use grundy_service::PposReport;

use super::{Context, Out, Stats};
use crate::cli::{Format, MoveArgs, PposArgs, PposMethod};
use crate::failure::usage;
use crate::{input, output};

/// Lists, counts or sums the P-positions up to `--to`.
pub fn run(ctx: &Context, args: &PposArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let game: SubsetGame = args.game.parse()?;
    let method = match args.method {
        PposMethod::Fast => Method::Fast,
        PposMethod::Reference => Method::Reference,
        PposMethod::Brute => Method::Brute,
    };
    let to = input::size(&args.to, "--to")?;
    let to = check_bound(ctx, &game, to, method, |fits| {
        format!("ask for --to {fits} or less, or raise --max-memory")
    })?;
    let mut stats = Stats::default();
    let mut watch = ctx.watch("P-positions", &mut stats);
    if args.list {
        let mut list = List::new(out, args.output.format, game.heaps(), to)?;
        let result = ctx.solver.p_positions(
            &game,
            u64::from(to),
            method,
            &mut |p| list.row(p),
            &mut watch,
        );
        drop(watch);
        if ctx.interrupted.load(std::sync::atomic::Ordering::Relaxed) {
            result?;
            return Ok(ExitCode::SUCCESS);
        }
        match result {
            // The output was closed: `finish` reports why.
            Err(e) if e.kind() == grundy::ErrorKind::Interrupted => {}
            other => {
                other?;
            }
        }
        return list.finish().map(|()| ExitCode::SUCCESS);
    }
    let tally = ctx.solver.p_positions(
        &game,
        u64::from(to),
        method,
        &mut |_| Continue(()),
        &mut watch,
    )?;
    drop(watch);
    let both = args.count == args.sum; // neither flag means both
    let report = PposReport {
        game: game.to_string(),
        to,
        count: (args.count || both).then_some(tally.count),
        sum: (args.sum || both).then_some(tally.sum),
    };
    match args.output.format {
        Format::Json => output::json(out, &report)?,
        Format::Csv => {
            let mut header = vec!["game", "to"];
            let mut row = vec![report.game.clone(), to.to_string()];
            if let Some(c) = report.count {
                header.push("count");
                row.push(c.to_string());
            }
            if let Some(s) = report.sum {
                header.push("sum");
                row.push(s.to_string());
            }
            output::csv(out, &header, &[row])?;
        }
        Format::Table => {
            let coords: Vec<String> = (1..=game.heaps()).map(|i| format!("x{i}")).collect();
            let mut pairs = vec![
                ("game", report.game.clone()),
                ("positions", format!("0 <= {} <= {to}", coords.join(" <= "))),
            ];
            if let Some(c) = report.count {
                pairs.push(("count", c.to_string()));
            }
            if let Some(s) = report.sum {
                pairs.push(("sum", s.to_string()));
            }
            output::pairs(out, &pairs)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `grundy move` on a multi-heap game: one winning move, or the verdict that
/// the position is lost.
pub fn winning_move(ctx: &Context, args: &MoveArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let game: SubsetGame = args.game.parse()?;
    let heaps = input::heaps(&args.heaps)?;
    if heaps.len() != game.heaps() {
        return Err(usage(format!(
            "{game} is played on {} heaps but {} were given; give {} heap sizes, e.g. grundy \
             move {game} {}",
            game.heaps(),
            heaps.len(),
            game.heaps(),
            ["3", "5", "7", "9"][..game.heaps()].join(" ")
        )));
    }
    // Wythoff's game is answered from its closed form, with no table.
    if game != SubsetGame::wythoff() {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        check_bound(ctx, &game, largest, Method::Fast, |fits| {
            format!("positions with heaps up to {fits} can be judged, or raise --max-memory")
        })?;
    }
    let report = ctx.ask("P-positions", |solver, watch| {
        solver.multiheap_move(&game, &heaps, watch)
    })?;
    let position = &report.position;
    let found = &report.winning_move;
    let can_move = report.can_move;
    let after = found.as_ref().map(|m| m.to.clone());
    match args.output.format {
        Format::Json => output::json(out, &report)?,
        Format::Csv => {
            let row = match (&found, &after) {
                (Some(m), Some(a)) => vec![
                    "true".to_string(),
                    list(&m.heaps),
                    m.take.to_string(),
                    list(a),
                ],
                _ => vec![
                    "false".to_string(),
                    String::new(),
                    String::new(),
                    String::new(),
                ],
            };
            output::csv(out, &["winning", "heaps", "take", "position_after"], &[row])?;
        }
        Format::Table => {
            let outcome = match &found {
                Some(_) => "won by the player to move".to_string(),
                None if !can_move => "lost for the player to move: no move is possible".into(),
                None => "lost for the player to move: every move leaves a winning position".into(),
            };
            let mut pairs = vec![
                ("game", game.to_string()),
                ("position", list(position)),
                ("outcome", outcome),
            ];
            if let (Some(m), Some(a)) = (&found, &after) {
                let which = if m.heaps.len() == 1 { "heap" } else { "heaps" };
                pairs.push((
                    "move",
                    format!("take {} from {which} {}", m.take, list(&m.heaps)),
                ));
                pairs.push(("position after", list(a)));
            }
            output::pairs(out, &pairs)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Refuses a bound past what the memory budget allows with the flags that
/// fix it, before the solver is asked.
fn check_bound(
    ctx: &Context,
    game: &SubsetGame,
    to: u64,
    method: Method,
    advice: impl Fn(u32) -> String,
) -> anyhow::Result<u32> {
    let fits = multiheap::largest_to(game, method, ctx.solver.config().budget);
    match u32::try_from(to) {
        Ok(to) if to <= fits => Ok(to),
        _ => Err(grundy::Error::new(
            grundy::ErrorKind::TooLarge,
            format!(
                "the P-positions of {game} up to N = {to} need {}, over the memory budget of {}; {}",
                match u32::try_from(to) {
                    Ok(to) => format!(
                        "{} of tables",
                        grundy::values::human_bytes(multiheap::memory_needed(game, to, method))
                    ),
                    Err(_) => "more memory than any machine has".to_string(),
                },
                grundy::values::human_bytes(ctx.solver.config().budget.max_bytes()),
                advice(fits)
            ),
        )
        .into()),
    }
}

fn list<T: ToString>(items: &[T]) -> String {
    items.iter().map(T::to_string).collect::<Vec<_>>().join(" ")
}

/// Streams positions as they are found: aligned columns, CSV rows or the
/// elements of one JSON array.
struct List<'a> {
    out: Out<'a>,
    format: Format,
    width: usize,
    rows: u64,
    /// The first write error; the scan stops there.
    error: Option<std::io::Error>,
}

impl<'a> List<'a> {
    fn new(out: Out<'a>, format: Format, heaps: usize, to: u32) -> anyhow::Result<Self> {
        let width = to.to_string().len().max(2);
        let names: Vec<String> = (1..=heaps).map(|i| format!("x{i}")).collect();
        match format {
            Format::Table => {
                let cells: Vec<String> = names.iter().map(|n| format!("{n:>width$}")).collect();
                writeln!(out, "{}", cells.join("  "))?;
            }
            Format::Csv => writeln!(out, "{}", names.join(","))?,
            Format::Json => write!(out, "[")?,
        }
        Ok(List {
            out,
            format,
            width,
            rows: 0,
            error: None,
        })
    }

    /// Writes one position; asks the scan to stop once the output fails.
    fn row(&mut self, p: &[u32]) -> ControlFlow<()> {
        if self.error.is_some() {
            return Break(());
        }
        let width = self.width;
        let line = match self.format {
            Format::Table => p
                .iter()
                .map(|c| format!("{c:>width$}"))
                .collect::<Vec<_>>()
                .join("  "),
            Format::Csv => p.iter().map(u32::to_string).collect::<Vec<_>>().join(","),
            Format::Json => {
                let coords = p.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
                let sep = if self.rows == 0 { "\n" } else { ",\n" };
                format!("{sep}  [{coords}]")
            }
        };
        let written = if self.format == Format::Json {
            write!(self.out, "{line}")
        } else {
            writeln!(self.out, "{line}")
        };
        self.rows += 1;
        self.error = written.err();
        if self.error.is_some() {
            Break(())
        } else {
            Continue(())
        }
    }

    fn finish(self) -> anyhow::Result<()> {
        if let Some(err) = self.error {
            return Err(err.into());
        }
        if self.format == Format::Json {
            writeln!(self.out, "{}]", if self.rows == 0 { "" } else { "\n" })?;
        }
        Ok(())
    }
}
