//! `grundy move GAME HEAP…`.

use std::process::ExitCode;

use grundy::period;
use grundy::sum::{self, HeapMove};
use grundy::{Nimber, Ruleset, ValueTable};
use serde::Serialize;

use super::{Context, Out};
use crate::cli::{Format, MoveArgs};
use crate::{input, output};

/// The most winning moves `--limit` may ask to list.
const MAX_LIMIT: usize = 1_000_000;

#[derive(Serialize)]
struct MoveJson {
    game: String,
    position: Vec<u64>,
    value: u64,
    winning: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    total_winning_moves: Option<u128>,
    moves: Vec<MoveEntry>,
}

#[derive(Serialize)]
struct MoveEntry {
    heap: usize,
    from: u64,
    to: Vec<u64>,
}

/// The analysis of one position: its value and every winning move.
pub struct Analysis {
    /// The nim-sum of the heaps' values.
    pub value: Nimber,
    /// Every move to a position of value zero.
    pub moves: Vec<HeapMove>,
    /// Whether any move at all is possible.
    pub can_move: bool,
}

/// Values the position `heaps` and finds its winning moves, extending `table`
/// as far as the largest heap.
pub fn analyze(
    ctx: &Context,
    ruleset: &Ruleset,
    table: &mut ValueTable,
    heaps: &[u64],
) -> anyhow::Result<Analysis> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    ctx.extend(ruleset, table, largest)?;
    let value = sum::value(table, heaps)?;
    let moves = sum::winning_moves(ruleset, table, heaps)?;
    let can_move = heaps.iter().any(|&h| ruleset.has_move(h));
    Ok(Analysis {
        value,
        moves,
        can_move,
    })
}

/// Prints the value of the position and every winning move.
pub fn run(ctx: &Context, args: &MoveArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    if super::ppos::is_multiheap(&args.game) {
        return super::ppos::winning_move(ctx, args, out);
    }
    let ruleset = input::ruleset(&args.game)?;
    let heaps = input::heaps(&args.heaps)?;
    let max = input::size(&args.search.max, "--max")?;
    if args.limit > MAX_LIMIT {
        return Err(crate::failure::usage(format!(
            "--limit {} is more moves than can be listed; give at most {MAX_LIMIT} (the total is counted anyway)",
            args.limit
        )));
    }
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let (analysis, total) = if largest <= max {
        let mut table = ValueTable::new();
        (analyze(ctx, &ruleset, &mut table, &heaps)?, None)
    } else {
        // Heaps past --max: a proved period answers, and the winning moves
        // are counted by residue class and listed up to --limit.
        let values = ctx.values_to(&ruleset, largest, max)?;
        let w = period::moves::winning_moves(&ruleset, &values, &heaps, args.limit)?;
        let analysis = Analysis {
            value: w.value,
            moves: w.listed,
            can_move: heaps.iter().any(|&h| ruleset.has_move(h)),
        };
        (analysis, Some(w.total))
    };
    let game = ruleset.to_string();
    match args.output.format {
        Format::Json => output::json(
            out,
            &MoveJson {
                game,
                position: heaps.clone(),
                value: analysis.value.value(),
                winning: !analysis.value.is_zero(),
                total_winning_moves: total,
                moves: analysis
                    .moves
                    .iter()
                    .map(|m| MoveEntry {
                        heap: m.heap,
                        from: m.from,
                        to: m.parts.clone(),
                    })
                    .collect(),
            },
        )?,
        Format::Csv => {
            // One row a winning move; a lost position gets one row with its
            // value and empty move fields, so the value is always there.
            let value = analysis.value.value().to_string();
            let mut rows: Vec<Vec<String>> = analysis
                .moves
                .iter()
                .map(|m| {
                    vec![
                        value.clone(),
                        m.heap.to_string(),
                        m.from.to_string(),
                        parts(&m.parts),
                        output::heaps(&m.apply(&heaps)),
                    ]
                })
                .collect();
            if rows.is_empty() {
                rows.push(vec![
                    value,
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                ]);
            }
            output::csv(
                out,
                &["value", "heap", "from", "to", "position_after"],
                &rows,
            )?;
        }
        Format::Table => {
            output::pairs(
                out,
                &[
                    ("game", game),
                    ("position", output::heaps(&heaps)),
                    ("value", format!("{:#}", analysis.value)),
                    (
                        "outcome",
                        match total {
                            Some(t) if t > analysis.moves.len() as u128 => format!(
                                "won by the player to move: {t} winning moves, the first {} listed (raise --limit for more)",
                                analysis.moves.len()
                            ),
                            _ => verdict(&analysis),
                        },
                    ),
                ],
            )?;
            if !analysis.moves.is_empty() {
                writeln!(out)?;
                let rows: Vec<[String; 4]> = analysis
                    .moves
                    .iter()
                    .map(|m| {
                        [
                            m.heap.to_string(),
                            m.from.to_string(),
                            parts(&m.parts),
                            output::heaps(&m.apply(&heaps)),
                        ]
                    })
                    .collect();
                table_rows(out, &["heap", "from", "to", "position after"], &rows)?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// One sentence on who wins.
pub fn verdict(analysis: &Analysis) -> String {
    match analysis.moves.len() {
        _ if !analysis.can_move => "lost for the player to move: no move is possible".to_string(),
        0 => "lost for the player to move: every move leaves a winning position".to_string(),
        1 => "won by the player to move: 1 winning move".to_string(),
        k => format!("won by the player to move: {k} winning moves"),
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
