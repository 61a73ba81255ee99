//! `grundy move GAME HEAP…`.

use std::process::ExitCode;

use grundy_service::{Game, Nimber, PositionReport};

use crate::cli::{Format, MoveArgs};
use crate::context::{Context, Out};
use crate::failure::usage;
use crate::{input, output};

/// Prints the value of the position and its winning moves, up to `--limit`.
pub fn run(ctx: &Context, args: &MoveArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let game = input::game(&args.game)?;
    if let Game::Board(_) | Game::BoardFamily(_) = game {
        return super::boards::moves(ctx, args, &game, out);
    }
    if args.all {
        return Err(usage(format!(
            "--all lists every move of a board or graph; {game} is not one: drop --all"
        )));
    }
    if args.misere {
        return super::misere::position(ctx, args, out);
    }
    if let Game::Multiheap(_) = game {
        return super::ppos::winning_move(ctx, args, &game, out);
    }
    let heaps = input::position(&args.heaps, &game, &args.game)?;
    let max = input::max(args.search.max.as_deref())?;
    let limit = args.limit.unwrap_or(grundy_service::DEFAULT_MOVES_LISTED);
    let analysis = ctx.ask("values", |solver, watch| {
        solver.position(&game, &heaps, limit, max, watch)
    })?;
    let game = analysis.game.clone();
    match args.output.format {
        Format::Json => output::json(out, &analysis)?,
        Format::Csv => {
            // One row a winning move, written as it is made (each repeats
            // the position after, so rows are never held together); a lost
            // position gets one row with its value and empty move fields,
            // so the value is always there.
            let value = analysis.value.to_string();
            writeln!(out, "value,heap,from,to,position_after")?;
            for m in &analysis.moves {
                output::csv_row(
                    out,
                    &[
                        value.clone(),
                        m.heap.to_string(),
                        m.from.to_string(),
                        parts(&m.to),
                        output::heaps(&m.apply(&heaps)),
                    ],
                )?;
            }
            if analysis.moves.is_empty() {
                output::csv_row(
                    out,
                    &[
                        value,
                        String::new(),
                        String::new(),
                        String::new(),
                        String::new(),
                    ],
                )?;
            }
        }
        Format::Table => {
            output::pairs(
                out,
                &[
                    ("game", game),
                    ("position", output::heaps(&heaps)),
                    ("value", format!("{:#}", Nimber::new(analysis.value))),
                    ("outcome", outcome(&analysis)),
                ],
            )?;
            if !analysis.moves.is_empty() {
                writeln!(out)?;
                // The position after a move is readable for a few heaps;
                // past that each row would repeat the whole position.
                let whole = heaps.len() <= output::POSITION_AFTER_SHOWN;
                let rows: Vec<[String; 4]> = analysis
                    .moves
                    .iter()
                    .map(|m| {
                        [
                            m.heap.to_string(),
                            m.from.to_string(),
                            parts(&m.to),
                            if whole {
                                output::heaps(&m.apply(&heaps))
                            } else {
                                String::new()
                            },
                        ]
                    })
                    .collect();
                let last = if whole { "position after" } else { "" };
                table_rows(out, &["heap", "from", "to", last], &rows)?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// One sentence on who wins, with the flag that lists more moves.
fn outcome(analysis: &PositionReport) -> String {
    match analysis.total_winning_moves {
        Some(t) if t > analysis.moves.len() as u128 => {
            format!("{} (raise --limit for more)", analysis.outcome())
        }
        _ => analysis.outcome(),
    }
}

fn parts(parts: &[u64]) -> String {
    if parts.is_empty() {
        "-".to_string()
    } else {
        output::heaps(parts)
    }
}

fn table_rows(out: Out<'_>, header: &[&str; 4], rows: &[[String; 4]]) -> anyhow::Result<()> {
    let mut width = header.map(str::len);
    for row in rows {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.len());
        }
    }
    let line = |cells: [&str; 4]| {
        format!(
            "{:>w0$}  {:>w1$}  {:<w2$}  {}",
            cells[0],
            cells[1],
            cells[2],
            cells[3],
            w0 = width[0],
            w1 = width[1],
            w2 = width[2]
        )
    };
    writeln!(out, "{}", line(*header).trim_end())?;
    for row in rows {
        writeln!(
            out,
            "{}",
            line([&row[0], &row[1], &row[2], &row[3]]).trim_end()
        )?;
    }
    Ok(())
}
