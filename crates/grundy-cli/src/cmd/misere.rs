//! `--misere`: `grundy move GAME HEAP… --misere` and `grundy values GAME
//! --to N --misere`.

use std::process::ExitCode;

use grundy_service::{Detail, MisereMethod, TameKind};

use crate::cli::{Format, MisereArgs, MoveArgs, ValuesArgs};
use crate::context::{Context, Out};
use crate::failure::{advise, usage};
use crate::{input, output};

/// The solver's refusal of a game that is not a sum of heaps under
/// `--misere`, with the flag to drop.
pub fn drop_misere(err: anyhow::Error) -> anyhow::Error {
    advise(err, |d| {
        matches!(d, Detail::WrongGame { .. }).then(|| "; drop --misere".to_string())
    })
}

/// The same refusal for `grundy misere GAME`, which has no `--misere` to
/// drop.
fn give_heap_game(err: anyhow::Error) -> anyhow::Error {
    advise(err, |d| {
        matches!(d, Detail::WrongGame { .. })
            .then(|| "; give a heap game (a code such as 0.77, grundy, sub:1,3,4)".to_string())
    })
}

/// Who wins a position under misère play, and every winning move.
pub fn position(ctx: &Context, args: &MoveArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let game = input::game(&args.game)?;
    let heaps = input::position(&args.heaps, &game, &args.game)?;
    let limit = args.limit.unwrap_or(grundy_service::DEFAULT_MOVES_LISTED);
    let report = ctx
        .ask("misère", |solver, watch| {
            solver.misere_position(&game, &heaps, limit, watch)
        })
        .map_err(drop_misere)?;
    let method = match report.method {
        MisereMethod::Tame => "tame",
        MisereMethod::Quotient => "quotient",
        MisereMethod::Judge => "judge",
    };
    match args.output.format {
        Format::Json => output::json(out, &report)?,
        Format::Csv => {
            let winning = report.winning.to_string();
            let mut rows: Vec<Vec<String>> = report
                .moves
                .iter()
                .map(|m| {
                    vec![
                        winning.clone(),
                        method.to_string(),
                        m.heap.to_string(),
                        m.from.to_string(),
                        parts(&m.to),
                        output::heaps(&m.apply(&heaps)),
                    ]
                })
                .collect();
            if rows.is_empty() {
                rows.push(vec![
                    winning,
                    method.to_string(),
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                ]);
            }
            output::csv(
                out,
                &["winning", "method", "heap", "from", "to", "position_after"],
                &rows,
            )?;
        }
        Format::Table => {
            output::pairs(
                out,
                &[
                    ("game", report.game.clone()),
                    ("play", "misère (the last player to move loses)".to_string()),
                    ("position", output::heaps(&heaps)),
                    ("outcome", report.outcome()),
                ],
            )?;
            if !report.moves.is_empty() {
                writeln!(out)?;
                // As in normal play: past a few heaps each row would repeat
                // the whole position (33,000 heaps: 66 KB a row).
                let whole = heaps.len() <= output::POSITION_AFTER_SHOWN;
                let mut rows = vec![[
                    "heap".to_string(),
                    "from".to_string(),
                    "to".to_string(),
                    if whole { "position after" } else { "" }.to_string(),
                ]];
                rows.extend(report.moves.iter().map(|m| {
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
                }));
                aligned(out, &rows)?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The genus of each heap 0..=N.
pub fn genera(
    ctx: &Context,
    args: &ValuesArgs,
    to: &str,
    out: Out<'_>,
) -> anyhow::Result<ExitCode> {
    let game = input::game(&args.game)?;
    if args.from.is_some() {
        return Err(usage(
            "--from does not apply with --misere: the genera of heaps 0 to N are listed; drop --from",
        ));
    }
    let to = input::size(to, "--to")?;
    let report = ctx
        .ask("misère", |solver, watch| solver.genera(&game, to, watch))
        .map_err(drop_misere)?;
    let tame = |t: Option<TameKind>| match t {
        Some(TameKind::Fickle) => "fickle",
        Some(TameKind::Firm) => "firm",
        None => "wild",
    };
    match args.output.format {
        Format::Json => output::json(out, &report)?,
        Format::Csv => {
            let rows: Vec<Vec<String>> = report
                .heaps
                .iter()
                .map(|h| {
                    vec![
                        h.heap.to_string(),
                        h.normal.to_string(),
                        h.misere[0].to_string(),
                        h.genus.clone(),
                        tame(h.tame).to_string(),
                    ]
                })
                .collect();
            output::csv(out, &["n", "value", "misere_value", "genus", "tame"], &rows)?;
        }
        Format::Table => {
            let mut rows = vec![[
                "n".to_string(),
                "G+".to_string(),
                "G-".to_string(),
                "genus".to_string(),
                "tame".to_string(),
            ]];
            rows.extend(report.heaps.iter().map(|h| {
                [
                    h.heap.to_string(),
                    h.normal.to_string(),
                    h.misere[0].to_string(),
                    h.genus.clone(),
                    tame(h.tame).to_string(),
                ]
            }));
            aligned(out, &rows)?;
            match report.first_wild {
                None => writeln!(
                    out,
                    "\nevery heap up to {to} is tame: sums of them follow the misère rule of nim"
                )?,
                Some(w) => writeln!(
                    out,
                    "\nheap {w} is the first wild heap: sums with a wild heap are searched move by move"
                )?,
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `grundy misere GAME [--max-heap N]`: the quotient of the heaps up to N,
/// or of every heap.
pub fn quotient(ctx: &Context, args: &MisereArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let game = input::game(&args.game)?;
    let max_heap = match &args.max_heap {
        Some(text) => Some(input::size(text, "--max-heap")?),
        None => None,
    };
    let q = if let Some(path) = &args.certificate {
        let (q, text) = ctx
            .ask("misère quotient", |solver, watch| match max_heap {
                Some(max_heap) => solver.misere_certificate(&game, max_heap, watch),
                None => solver.misere_quotient_of_every_heap(&game, true, watch),
            })
            .map_err(give_heap_game)?;
        let Some(text) = text else {
            return Err(usage(format!(
                "no certificate written: {} (a certificate needs a proved period)",
                period_text(&q)
            )));
        };
        if path.as_os_str() == "-" {
            out.write_all(text.as_bytes())?;
            return Ok(ExitCode::SUCCESS);
        }
        crate::output::to_file(path, &text, "the certificate")?;
        q
    } else {
        ctx.ask("misère quotient", |solver, watch| match max_heap {
            Some(max_heap) => solver.misere_quotient(&game, max_heap, watch),
            None => solver
                .misere_quotient_of_every_heap(&game, false, watch)
                .map(|(q, _)| q),
        })
        .map_err(give_heap_game)?
    };
    let name = |a: u32| q.elements[a as usize].clone();
    match args.output.format {
        Format::Json => output::json(out, &q)?,
        Format::Csv => {
            let rows: Vec<Vec<String>> = q
                .pretending
                .iter()
                .enumerate()
                .map(|(n, &a)| vec![n.to_string(), name(a), q.p_portion.contains(&a).to_string()])
                .collect();
            output::csv(out, &["n", "element", "lost"], &rows)?;
        }
        Format::Table => {
            let lost: Vec<String> = q.p_portion.iter().map(|&a| name(a)).collect();
            output::pairs(
                out,
                &[
                    ("game", q.game.clone()),
                    ("heaps", format!("0 to {}", q.max_heap)),
                    ("elements", q.size.to_string()),
                    ("P-portion", listed(lost)),
                    (
                        "generators",
                        listed(
                            q.generators
                                .iter()
                                .map(|g| format!("{} = heap {}", g.name, g.heap))
                                .collect(),
                        ),
                    ),
                    ("relations", listed(q.relations.clone())),
                    ("period", period_text(&q)),
                ],
            )?;
            writeln!(out)?;
            let mut rows = vec![[
                "element".to_string(),
                "lost".to_string(),
                "a sum of heaps that maps to it".to_string(),
            ]];
            rows.extend((0..q.size as u32).map(|a| {
                [
                    name(a),
                    if q.p_portion.contains(&a) { "P" } else { "N" }.to_string(),
                    if q.representatives[a as usize].is_empty() {
                        "(no heap)".to_string()
                    } else {
                        output::heaps(&q.representatives[a as usize])
                    },
                ]
            }));
            aligned(out, &rows)?;
            writeln!(out)?;
            let mut rows = vec![["n".to_string(), "element".to_string()]];
            rows.extend(
                q.pretending
                    .iter()
                    .enumerate()
                    .map(|(n, &a)| [n.to_string(), name(a)]),
            );
            aligned(out, &rows)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `items` separated by commas, or "none" where there are none (a
/// quotient whose every element is won, or that has no generator).
fn listed(items: Vec<String>) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}

/// The pretending map's period in words, with the flag that proves it
/// where a larger heap bound would.
fn period_text(q: &grundy_service::QuotientReport) -> String {
    match &q.period {
        None => "none seen in the pretending map".to_string(),
        Some(p) => match p.needs_max_heap {
            Some(needs) if !p.proved => format!("{} (--max-heap {needs})", p.sentence),
            _ => p.sentence.clone(),
        },
    }
}

fn parts(parts: &[u64]) -> String {
    if parts.is_empty() {
        "-".to_string()
    } else {
        output::heaps(parts)
    }
}

/// Rows of cells, left-aligned in columns two spaces apart. The padding is
/// written out rather than given to `format!` as a width, which panics past
/// 65,535 (a cell listing a position of 33,000 heaps).
fn aligned<const N: usize>(out: Out<'_>, rows: &[[String; N]]) -> anyhow::Result<()> {
    let mut width = [0; N];
    for row in rows {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for row in rows {
        let mut line = String::new();
        for (i, (cell, w)) in row.iter().zip(width).enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            line.push_str(cell);
            if i + 1 < N {
                line.extend(std::iter::repeat_n(' ', w - cell.chars().count()));
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}
