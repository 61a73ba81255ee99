//! `grundy play GAME`: answer positions a line at a time.

use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;

use grundy::ErrorKind;

use super::{Context, Out, Stats};
use crate::cli::PlayArgs;
use crate::failure::USAGE;
use crate::{input, output};

/// Reads positions from stdin until `bye` or end of input. Each answer is the
/// position after a winning move (the heap moved in replaced, in place, by
/// what is left of it), or a line saying there is none. A bad line gets a
/// one-line error on stderr and the session goes on; the exit status is then 2.
///
/// The solver keeps the values between lines: heaps up to `--max` are
/// answered from a table that grows as needed, larger heaps from a proved
/// period, found once.
pub fn run(ctx: &Context, args: &PlayArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let ruleset = if args.misere {
        super::misere::heap_game(&args.game)?
    } else {
        input::ruleset(&args.game)?
    };
    let max = input::max(&args.search)?;
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!(
            "grundy play {ruleset}: type heap sizes separated by spaces (e.g. 5 10 20); `bye` ends."
        );
    }
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
            let mut stats = Stats::default();
            let mut watch = ctx.watch("values", &mut stats);
            Ok(if args.misere {
                let r = ctx
                    .solver
                    .misere_position(&ruleset, &heaps, 1, &mut watch)?;
                (r.moves.into_iter().next(), r.can_move, r.position)
            } else {
                let r = ctx.solver.position(&ruleset, &heaps, 1, max, &mut watch)?;
                (r.moves.into_iter().next(), r.can_move, r.position)
            })
        });
        match answer {
            Ok((best, can_move, position)) => {
                match best {
                    Some(best) => writeln!(out, "{}", output::heaps(&best.apply(&position)))?,
                    None if !can_move && args.misere => writeln!(
                        out,
                        "no move: the player to move has won (the opponent moved last)"
                    )?,
                    None if !can_move => writeln!(out, "no move: the player to move has lost")?,
                    None => writeln!(out, "no winning move: every move loses")?,
                }
                out.flush()?;
            }
            Err(err)
                if err
                    .downcast_ref::<grundy::Error>()
                    .is_some_and(|e| e.kind() == ErrorKind::Interrupted) =>
            {
                return Err(err);
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
