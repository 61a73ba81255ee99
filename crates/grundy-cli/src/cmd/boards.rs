//! Boards and graphs: `grundy values cram:5x7` (a board's value),
//! `grundy values cram:3xn --to 30` (a family's) and `grundy move
//! cram:5x7` (its moves in the game's own terms); `grundy play cram:3x4` is
//! in `play.rs`. Each asks the solver and renders; the moves and the
//! position after each come from the solver's reports.

use std::process::ExitCode;

use grundy_service::{DEFAULT_MOVES_ALL, Game, Nimber};

use crate::cli::{Format, MoveArgs, ValuesArgs};
use crate::context::{Context, Out};
use crate::failure::usage;
use crate::{input, output};

/// `grundy values BOARD`: its value, or with `--misere` who wins it under
/// misère play.
pub fn value(
    ctx: &Context,
    args: &ValuesArgs,
    game: &Game,
    out: Out<'_>,
) -> anyhow::Result<ExitCode> {
    if args.to.is_some() || args.from.is_some() {
        return Err(usage(format!(
            "{game} is one board: its value needs no --from or --to (a family such as cram:3xn takes them); drop them"
        )));
    }
    if args.search.max.is_some() {
        return Err(usage(format!(
            "--max applies to heap games' period search; {game} is a board: drop --max"
        )));
    }
    if args.misere {
        let report = ctx.ask("misère search", |solver, watch| {
            solver.board_misere(game, watch)
        })?;
        match args.output.format {
            Format::Json => output::json(out, &report)?,
            Format::Csv => {
                writeln!(out, "game,winning,positions_searched,positions_kept")?;
                output::csv_row(
                    out,
                    &[
                        report.game.clone(),
                        report.winning.to_string(),
                        report.nodes.to_string(),
                        report.positions.to_string(),
                    ],
                )?;
            }
            Format::Table => output::pairs(
                out,
                &[
                    ("game", report.game.clone()),
                    ("play", "misère (the last player to move loses)".to_string()),
                    ("outcome", report.outcome()),
                    (
                        "search",
                        format!(
                            "{} positions examined, {} kept",
                            report.nodes, report.positions
                        ),
                    ),
                ],
            )?,
        }
        return Ok(ExitCode::SUCCESS);
    }
    let report = ctx.ask("search", |solver, watch| solver.board_value(game, watch))?;
    match args.output.format {
        Format::Json => output::json(out, &report)?,
        Format::Csv => {
            writeln!(
                out,
                "game,value,winning,positions_searched,facts,table_bytes"
            )?;
            output::csv_row(
                out,
                &[
                    report.game.clone(),
                    report.value.to_string(),
                    report.winning.to_string(),
                    report.nodes.to_string(),
                    report.facts.to_string(),
                    report.table_bytes.to_string(),
                ],
            )?;
        }
        Format::Table => output::pairs(
            out,
            &[
                ("game", report.game.clone()),
                ("value", format!("{:#}", Nimber::new(report.value))),
                ("outcome", report.outcome()),
                (
                    "search",
                    format!(
                        "{} positions examined; the table holds {} facts ({})",
                        report.nodes,
                        report.facts,
                        grundy_service::human_bytes(report.table_bytes)
                    ),
                ),
            ],
        )?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `grundy values FAMILY --to N [--from M]`: a table of `n` and the value
/// of its board.
pub fn family(
    ctx: &Context,
    args: &ValuesArgs,
    game: &Game,
    out: Out<'_>,
) -> anyhow::Result<ExitCode> {
    if args.misere {
        return Err(usage(format!(
            "--misere applies to one board here, not to the family {game}: name one, as in grundy values {} --misere",
            member_example(game)
        )));
    }
    if args.search.max.is_some() {
        return Err(usage(format!(
            "--max applies to heap games' period search; {game} is a family of boards: drop --max"
        )));
    }
    let Some(to) = &args.to else {
        return Err(usage(format!(
            "{game} needs --to N: the boards for n = 0 to N are valued, as in grundy values {game} --to 10; see 'grundy values --help'"
        )));
    };
    let (from, to) = input::heap_range(args.from.as_deref(), to)?;
    let report = ctx.ask("search", |solver, watch| {
        solver.board_values(game, from, to, watch)
    })?;
    match args.output.format {
        Format::Json => output::json(out, &report)?,
        Format::Csv => {
            writeln!(out, "n,game,value,positions_searched")?;
            for b in &report.boards {
                output::csv_row(
                    out,
                    &[
                        b.n.to_string(),
                        b.game.clone(),
                        b.value.to_string(),
                        b.nodes.to_string(),
                    ],
                )?;
            }
        }
        Format::Table => {
            writeln!(
                out,
                "values of {}, n = {}..={}",
                report.family, report.from, report.to
            )?;
            let mut rows = vec![[
                "n".to_string(),
                "value".to_string(),
                "board".to_string(),
                "positions".to_string(),
            ]];
            rows.extend(report.boards.iter().map(|b| {
                [
                    b.n.to_string(),
                    b.value.to_string(),
                    b.game.clone(),
                    b.nodes.to_string(),
                ]
            }));
            aligned(out, &rows)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A member of a family, to show in a message.
fn member_example(game: &Game) -> String {
    match game {
        Game::BoardFamily(f) => f
            .member(4)
            .map_or_else(|_| "cram:3x4".to_string(), |b| b.to_string()),
        _ => game.to_string(),
    }
}

/// `grundy move BOARD [--all] [--misere]`: the winning moves in the game's
/// terms with the position after each, or every move with its outcome.
pub fn moves(
    ctx: &Context,
    args: &MoveArgs,
    game: &Game,
    out: Out<'_>,
) -> anyhow::Result<ExitCode> {
    if !args.heaps.is_empty() {
        return Err(usage(format!(
            "{game} is a board or graph: its position is its spec, with no heap sizes; drop {}",
            grundy_service::quoted(&args.heaps.join(" "))
        )));
    }
    if args.search.max.is_some() {
        return Err(usage(format!(
            "--max applies to heap games' period search; {game} is a board: drop --max"
        )));
    }
    let limit = args.limit.unwrap_or(DEFAULT_MOVES_ALL);
    let what = if args.misere {
        "misère search"
    } else {
        "search"
    };
    let mut report = ctx.ask(what, |solver, watch| {
        solver.board_moves(game, limit, args.misere, watch)
    })?;
    let outcome = report.outcome();
    if !args.all {
        report.moves.retain(|m| m.winning);
    }
    match args.output.format {
        Format::Json => output::json(out, &report)?,
        Format::Csv => {
            let value = report.value.map_or(String::new(), |v| v.to_string());
            writeln!(out, "value,winning,move,wins,position_after")?;
            for m in &report.moves {
                output::csv_row(
                    out,
                    &[
                        value.clone(),
                        report.winning.to_string(),
                        m.play.clone(),
                        m.winning.to_string(),
                        m.after.clone(),
                    ],
                )?;
            }
            if report.moves.is_empty() {
                output::csv_row(
                    out,
                    &[
                        value,
                        report.winning.to_string(),
                        String::new(),
                        String::new(),
                        String::new(),
                    ],
                )?;
            }
        }
        Format::Table => {
            let mut pairs = vec![("game", report.game.clone())];
            if report.misere {
                pairs.push(("play", "misère (the last player to move loses)".to_string()));
            }
            if let Some(v) = report.value {
                pairs.push(("value", format!("{:#}", Nimber::new(v))));
            }
            let outcome = if report.truncated {
                format!("{outcome} (raise --limit for more)")
            } else {
                outcome
            };
            pairs.push(("outcome", outcome));
            output::pairs(out, &pairs)?;
            if !report.moves.is_empty() {
                writeln!(out)?;
                let mut rows = vec![if args.all {
                    ["move", "wins", "position after"]
                        .map(str::to_string)
                        .to_vec()
                } else {
                    ["move", "position after"].map(str::to_string).to_vec()
                }];
                rows.extend(report.moves.iter().map(|m| {
                    let mut row = vec![m.play.clone()];
                    if args.all {
                        row.push(if m.winning { "yes" } else { "no" }.to_string());
                    }
                    row.push(m.after.clone());
                    row
                }));
                aligned(out, &rows)?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Rows in left-aligned columns, two spaces apart, no trailing spaces.
fn aligned<R: AsRef<[String]>>(out: Out<'_>, rows: &[R]) -> anyhow::Result<()> {
    let mut width: Vec<usize> = Vec::new();
    for row in rows {
        for (i, cell) in row.as_ref().iter().enumerate() {
            if width.len() <= i {
                width.push(0);
            }
            width[i] = width[i].max(cell.chars().count());
        }
    }
    for row in rows {
        let cells = row.as_ref();
        let mut line = String::new();
        for (i, cell) in cells.iter().enumerate() {
            if i + 1 < cells.len() {
                line.push_str(&format!("{cell:<w$}  ", w = width[i]));
            } else {
                line.push_str(cell);
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}
