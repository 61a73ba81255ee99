//! `grundy play GAME`: answer positions a line at a time.

use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;

use grundy::period::{self, PeriodicValues};
use grundy::sum::HeapMove;
use grundy::{Ruleset, ValueTable};

use super::moves::{Analysis, analyze};
use super::{Context, Out};
use crate::cli::PlayArgs;
use crate::failure::USAGE;
use crate::{input, output};

/// Reads positions from stdin until `bye` or end of input. Each answer is the
/// position after a winning move (the heap moved in replaced, in place, by
/// what is left of it), or a line saying there is none. A bad line gets a
/// one-line error on stderr and the session goes on; the exit status is then 2.
///
/// Heaps up to `--max` are answered from a table that grows as
/// needed; larger heaps from a proved period, found once and kept.
pub fn run(ctx: &Context, args: &PlayArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let ruleset = input::ruleset(&args.game)?;
    let max = input::size(&args.search.max, "--max")?;
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!(
            "grundy play {ruleset}: type heap sizes separated by spaces (e.g. 5 10 20); `bye` ends."
        );
    }
    let mut table = ValueTable::new();
    let mut periodic: Option<PeriodicValues> = None;
    let mut bad_lines = 0u64;
    for (number, line) in stdin.lock().lines().enumerate() {
        let line = line?;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if line == "bye" {
            break;
        }
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        let answer = input::heaps(&words).and_then(|heaps| {
            let largest = heaps.iter().copied().max().unwrap_or(0);
            let analysis = if largest <= max {
                analyze(ctx, &ruleset, &mut table, &heaps)?
            } else {
                huge(ctx, &ruleset, &mut periodic, &heaps, largest, max)?
            };
            Ok((analysis, heaps))
        });
        match answer {
            Ok((analysis, heaps)) => {
                match analysis.moves.first() {
                    Some(best) => writeln!(out, "{}", output::heaps(&best.apply(&heaps)))?,
                    None if !analysis.can_move => {
                        writeln!(out, "no move: the player to move has lost")?
                    }
                    None => writeln!(out, "no winning move: every move loses")?,
                }
                out.flush()?;
            }
            Err(err) => {
                bad_lines += 1;
                out.flush()?;
                eprintln!("error: line {}: {err:#}", number + 1);
            }
        }
    }
    Ok(if bad_lines == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(USAGE)
    })
}

/// One winning move in a position with a heap past the table, from the proved
/// period (searched for once, then kept for the rest of the session).
fn huge(
    ctx: &Context,
    ruleset: &Ruleset,
    periodic: &mut Option<PeriodicValues>,
    heaps: &[u64],
    largest: u64,
    max: u64,
) -> anyhow::Result<Analysis> {
    let values = match periodic.take() {
        Some(values) => values,
        None => ctx.values_to(ruleset, largest, max)?,
    };
    let found = period::moves::winning_moves(ruleset, &values, heaps, 1);
    if values.verdict().periodicity.is_some_and(|p| p.is_proved()) {
        *periodic = Some(values);
    }
    let found = found?;
    let moves: Vec<HeapMove> = found.listed;
    Ok(Analysis {
        value: found.value,
        can_move: heaps.iter().any(|&h| ruleset.has_move(h)),
        moves,
    })
}
