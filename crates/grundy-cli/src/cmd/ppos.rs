//! `grundy ppos GAME --to N` and `grundy move` for multi-heap games
//! (`wythoff`, `stone`, `subsets:K:…`, `vectors:(A,B),…`): games that are
//! not sums.

use std::ops::ControlFlow::{self, Break, Continue};
use std::process::ExitCode;

use grundy_service::{Detail, ErrorKind, Game, Method, PposReport, VectorGame};

use crate::cli::{Format, MoveArgs, PposArgs, PposMethod};
use crate::context::{Context, Out, Stats};
use crate::failure::advise;
use crate::{input, output};

/// Lists, counts or sums the P-positions up to `--to`.
pub fn run(ctx: &Context, args: &PposArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let game: VectorGame = args.game.parse()?;
    let method = match args.method {
        PposMethod::Fast => Method::Fast,
        PposMethod::Reference => Method::Reference,
        PposMethod::Brute => Method::Brute,
    };
    let to = input::size(&args.to, "--to")?;
    let heaps = game.heaps();
    // Positions are listed sorted when the heaps may be reordered.
    let order = if game.is_symmetric() { " <= " } else { ", " };
    let game = Game::from(game);
    let mut stats = Stats::default();
    let mut watch = ctx.watch("P-positions", &mut stats);
    if args.list {
        let mut list = List::new(out, args.output.format, heaps, to);
        let result = ctx
            .solver
            .p_positions(&game, to, method, &mut |p| list.row(p), &mut watch);
        drop(watch);
        if ctx.interrupted.load(std::sync::atomic::Ordering::Relaxed) {
            result?;
            return Ok(ExitCode::SUCCESS);
        }
        match result {
            // The output was closed: `finish` reports why.
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            other => {
                other.map_err(|e| ask_for_less(e.into()))?;
            }
        }
        return list.finish().map(|()| ExitCode::SUCCESS);
    }
    let tally = ctx
        .solver
        .p_positions(&game, to, method, &mut |_| Continue(()), &mut watch)
        .map_err(|e| ask_for_less(e.into()))?;
    drop(watch);
    // Within the budget, so within 32 bits.
    let to = u32::try_from(to).unwrap_or(u32::MAX);
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
            let coords: Vec<String> = (1..=heaps).map(|i| format!("x{i}")).collect();
            let mut pairs = vec![
                ("game", report.game.clone()),
                ("positions", format!("0 <= {} <= {to}", coords.join(order))),
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

/// The solver's refusal of a bound past the memory budget, with the bound
/// that fits as a flag.
fn ask_for_less(err: anyhow::Error) -> anyhow::Error {
    advise(err, |d| match d {
        Detail::OverBudget {
            fits: Some(fits), ..
        } => Some(format!(
            "; ask for --to {fits} or less, or raise --max-memory"
        )),
        _ => None,
    })
}

/// `grundy move` on a multi-heap game: one winning move, or the verdict that
/// the position is lost.
pub fn winning_move(
    ctx: &Context,
    args: &MoveArgs,
    game: &Game,
    out: Out<'_>,
) -> anyhow::Result<ExitCode> {
    let heaps = input::heaps(&args.heaps)?;
    let report = ctx.ask("P-positions", |solver, watch| {
        solver.multiheap_move(game, &heaps, watch)
    })?;
    let position = &report.position;
    let found = &report.winning_move;
    let can_move = report.can_move;
    let after = found.as_ref().map(|m| m.to.clone());
    match args.output.format {
        Format::Json => output::json(out, &report)?,
        Format::Csv => {
            // A subset game's move takes the same from some heaps; other
            // move vectors are named with the times they are taken.
            let by_vector = matches!(game, Game::Multiheap(g) if g.as_subset_game().is_none());
            let row = match (&found, &after) {
                (Some(m), Some(a)) => vec![
                    "true".to_string(),
                    match &m.vector {
                        Some(v) => list(v),
                        None => list(&m.heaps),
                    },
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
            let header = if by_vector {
                ["winning", "vector", "times", "position_after"]
            } else {
                ["winning", "heaps", "take", "position_after"]
            };
            output::csv(out, &header, &[row])?;
        }
        Format::Table => {
            let outcome = match &found {
                Some(_) => "won by the player to move".to_string(),
                None if !can_move => "lost for the player to move: no move is possible".into(),
                None => "lost for the player to move: every move leaves a winning position".into(),
            };
            let mut pairs = vec![
                ("game", report.game.clone()),
                ("position", list(position)),
                ("outcome", outcome),
            ];
            if let (Some(m), Some(a)) = (&found, &after) {
                let which = if m.heaps.len() == 1 { "heap" } else { "heaps" };
                let words = match &m.vector {
                    Some(v) => {
                        let entries: Vec<String> = v.iter().map(u32::to_string).collect();
                        format!("take {} × ({})", m.take, entries.join(","))
                    }
                    None => format!("take {} from {which} {}", m.take, list(&m.heaps)),
                };
                pairs.push(("move", words));
                pairs.push(("position after", list(a)));
            }
            output::pairs(out, &pairs)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn list<T: ToString>(items: &[T]) -> String {
    items.iter().map(T::to_string).collect::<Vec<_>>().join(" ")
}

/// Streams positions as they are found: aligned columns, CSV rows or the
/// elements of one JSON array. The header is written with the first
/// position (or at the end), once the solver has accepted the bound.
struct List<'a> {
    out: Out<'a>,
    format: Format,
    heaps: usize,
    width: usize,
    rows: u64,
    /// The first write error; the scan stops there.
    error: Option<std::io::Error>,
}

impl<'a> List<'a> {
    fn new(out: Out<'a>, format: Format, heaps: usize, to: u64) -> Self {
        List {
            out,
            format,
            heaps,
            width: to.to_string().len().max(2),
            rows: 0,
            error: None,
        }
    }

    fn header(&mut self) -> std::io::Result<()> {
        let width = self.width;
        let names: Vec<String> = (1..=self.heaps).map(|i| format!("x{i}")).collect();
        match self.format {
            Format::Table => {
                let cells: Vec<String> = names.iter().map(|n| format!("{n:>width$}")).collect();
                writeln!(self.out, "{}", cells.join("  "))
            }
            Format::Csv => writeln!(self.out, "{}", names.join(",")),
            Format::Json => write!(self.out, "["),
        }
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
        let header = if self.rows == 0 {
            self.header()
        } else {
            Ok(())
        };
        let written = header.and_then(|()| {
            if self.format == Format::Json {
                write!(self.out, "{line}")
            } else {
                writeln!(self.out, "{line}")
            }
        });
        self.rows += 1;
        self.error = written.err();
        if self.error.is_some() {
            Break(())
        } else {
            Continue(())
        }
    }

    fn finish(mut self) -> anyhow::Result<()> {
        if let Some(err) = self.error {
            return Err(err.into());
        }
        if self.rows == 0 {
            self.header()?;
        }
        if self.format == Format::Json {
            writeln!(self.out, "{}]", if self.rows == 0 { "" } else { "\n" })?;
        }
        Ok(())
    }
}
