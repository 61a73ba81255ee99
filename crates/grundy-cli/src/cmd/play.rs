//! `grundy play GAME`: answer positions a line at a time.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use grundy_service::{
    BoardGame, BoardMovesReport, DEFAULT_MOVES_ALL, Error, ErrorKind, Game, picture,
};

use crate::cli::PlayArgs;
use crate::context::{Context, Out, Stats};
use crate::failure::{USAGE, usage};
use crate::{input, output};

/// The longest line read; past it the line is skipped with an error (a
/// position of a million heaps is still shorter).
pub const LONGEST_LINE: usize = 16 << 20;

/// Reads positions from stdin until `bye` or end of input. Each answer is the
/// position after a winning move (the heap moved in replaced, in place, by
/// what is left of it); in a lost position, the position after a move that
/// takes the fewest tokens, marked `(no winning move)`; with no move at
/// all, a line saying so. A bad line gets a
/// one-line error on stderr naming its number and the session goes on; the
/// exit status is then 2.
///
/// Heap games are answered by their values: heaps up to `--max` from a table
/// that grows as needed, larger heaps from a proved period, found once.
/// Multi-heap games (wythoff, stone, subsets:K:…) are answered from their
/// P-positions.
pub fn run(ctx: &Context, args: &PlayArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let game = input::game(&args.game)?;
    if let Game::Board(_) | Game::BoardFamily(_) = game {
        return board(ctx, args, &game, out);
    }
    let game = if args.misere {
        // Refused before the first line is read.
        if let Err(e) = game.sum_of_heaps("misère play") {
            return Err(super::misere::drop_misere(e.into()));
        }
        Player::Misere(game)
    } else if let Game::Multiheap(_) = game {
        Player::Multiheap(game)
    } else {
        Player::Heaps(game)
    };
    let max = input::max(args.search.max.as_deref())?;
    let stdin = std::io::stdin();
    let terminal = stdin.is_terminal();
    if terminal {
        eprintln!(
            "grundy play {}: type heap sizes separated by spaces (e.g. {}); I answer with the \
             position after my move. `bye` or Ctrl-D ends.",
            game.name(),
            game.example()
        );
    }
    let mut reader = stdin.lock();
    let mut bad_lines = 0u64;
    let mut buffer = Vec::new();
    for number in 1u64.. {
        if terminal {
            eprint!("> ");
            std::io::stderr().flush()?;
        }
        let line = match typed_line(
            &mut reader,
            &mut buffer,
            number,
            &mut bad_lines,
            out,
            "heap sizes such as 5 10 20",
        )? {
            Typed::End => break,
            Typed::Skip => continue,
            Typed::Text(line) => line,
        };
        let line = line.as_str();
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        match input::heaps(&words).and_then(|heaps| game.reply(ctx, &heaps, max)) {
            Ok(reply) => {
                writeln!(out, "{reply}")?;
                out.flush()?;
            }
            Err(err)
                if err
                    .downcast_ref::<Error>()
                    .is_some_and(|e| e.kind() == ErrorKind::Interrupted) =>
            {
                return Err(err);
            }
            Err(err) => {
                bad_lines += 1;
                out.flush()?;
                eprintln!("error: line {number}: {err:#}");
            }
        }
    }
    Ok(if bad_lines == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(USAGE)
    })
}

/// The game played: a sum of heaps, the same under misère play (whoever
/// moves last loses), or a multi-heap game.
enum Player {
    Heaps(Game),
    Misere(Game),
    Multiheap(Game),
}

impl Player {
    fn name(&self) -> String {
        match self {
            Player::Heaps(r) => r.to_string(),
            Player::Misere(r) => format!("{r} --misere"),
            Player::Multiheap(g) => g.to_string(),
        }
    }

    fn example(&self) -> &'static str {
        match self {
            Player::Multiheap(Game::Multiheap(g)) => {
                ["3", "3 5", "3 5 7", "3 5 7 9"][g.heaps().clamp(1, 4) - 1]
            }
            _ => "5 10 20",
        }
    }

    /// The line answering `heaps`: the position after a winning move, or
    /// why there is none.
    fn reply(&self, ctx: &Context, heaps: &[u64], max: Option<u64>) -> anyhow::Result<String> {
        let mut stats = Stats::default();
        let (after, can_move) = match self {
            Player::Heaps(game) => {
                let mut watch = ctx.watch("values", &mut stats);
                let report = ctx.solver.position(game, heaps, 1, max, &mut watch)?;
                let after = report.moves.first().map(|m| m.apply(&report.position));
                (after, report.can_move)
            }
            Player::Misere(game) => {
                let mut watch = ctx.watch("misère search", &mut stats);
                let report = ctx.solver.misere_position(game, heaps, 1, &mut watch)?;
                let after = report.moves.first().map(|m| m.apply(&report.position));
                (after, report.can_move)
            }
            Player::Multiheap(game) => {
                let mut watch = ctx.watch("P-positions", &mut stats);
                let report = ctx.solver.multiheap_move(game, heaps, &mut watch)?;
                let after = report.winning_move.map(|m| m.to);
                (after, report.can_move)
            }
        };
        if let Some(after) = after {
            return Ok(output::heaps(&after));
        }
        if !can_move {
            return Ok(match self {
                Player::Misere(_) => {
                    "no move: the player to move has won (the opponent moved last)".to_string()
                }
                _ => "no move: the player to move has lost".to_string(),
            });
        }
        // A lost position: a player still has to move, by the solver's rule.
        let mut watch = ctx.watch("values", &mut stats);
        let listed = match self {
            Player::Heaps(game) | Player::Misere(game) | Player::Multiheap(game) => {
                ctx.solver.moves(game, heaps, 1, max, &mut watch)
            }
        };
        Ok(match listed {
            Ok(report) => match report.reply() {
                Some(m) => format!("{} (no winning move)", output::heaps(&m.position)),
                None => "no move: the player to move has lost".to_string(),
            },
            // Heaps with more moves than are listed: say so rather than
            // pick one blindly.
            Err(e) if e.kind() == ErrorKind::InvalidInput => {
                "no winning move: every move loses".to_string()
            }
            Err(e) => return Err(e.into()),
        })
    }
}

/// `grundy play BOARD`: the user moves, in the game's terms, and the
/// computer answers by the solver's rule ([`BoardMovesReport::reply`]), on
/// the board, until nobody can move.
///
/// Each answer is printed on stdout: my move, marked `(no winning move)`
/// in a lost position, then the position after it drawn. A bad line gets
/// a one-line error on stderr naming its number and the session goes on;
/// the exit status is then 2.
fn board(ctx: &Context, args: &PlayArgs, game: &Game, out: Out<'_>) -> anyhow::Result<ExitCode> {
    if args.search.max.is_some() {
        return Err(usage(format!(
            "--max applies to heap games' period search; {game} is a board: drop --max"
        )));
    }
    let mut position = game.clone();
    // The first report, before any line is read: a board too large or a
    // family is refused at once.
    let mut report = judge(ctx, &position, args.misere)?;
    let stdin = std::io::stdin();
    let terminal = stdin.is_terminal();
    if terminal {
        eprintln!(
            "grundy play {game}{}: type your move ({}), or `go` for me to move first; `bye` or Ctrl-D ends.",
            if args.misere { " --misere" } else { "" },
            example(game)
        );
        eprint!("{}", picture_of(&position));
    }
    let mut reader = stdin.lock();
    let mut bad_lines = 0u64;
    let mut moved = false;
    let mut buffer = Vec::new();
    for number in 1u64.. {
        if report.moves.is_empty() {
            writeln!(out, "{}", game_over(args.misere, false))?;
            break;
        }
        if terminal {
            eprint!("> ");
            std::io::stderr().flush()?;
        }
        let typed = match typed_line(
            &mut reader,
            &mut buffer,
            number,
            &mut bad_lines,
            out,
            example(game),
        )? {
            Typed::End => break,
            Typed::Skip => continue,
            Typed::Text(line) => line,
        };
        let typed = typed.as_str();
        // The user's move, then mine; `go` before any move lets me start.
        if typed == "go" && moved {
            bad_lines += 1;
            out.flush()?;
            eprintln!(
                "error: line {number}: `go` lets me move first, before any move; type your move ({})",
                example(game)
            );
            continue;
        }
        moved = true;
        if typed != "go" {
            let Some(played) = report.find(typed) else {
                bad_lines += 1;
                out.flush()?;
                eprintln!(
                    "error: line {number}: {} is not a move here; type {}",
                    grundy_service::quoted(typed),
                    example(game)
                );
                continue;
            };
            position = Game::Board(played.position.clone());
            if terminal {
                // The board after your move, before mine is worked out.
                eprint!("{}", picture_of(&position));
            }
            report = judge(ctx, &position, args.misere)?;
            if report.moves.is_empty() {
                writeln!(out, "{}", game_over(args.misere, true))?;
                break;
            }
        }
        let Some(mine) = report.reply() else {
            break;
        };
        let mark = if mine.winning {
            ""
        } else {
            " (no winning move)"
        };
        writeln!(out, "{}{mark}", mine.play)?;
        position = Game::Board(mine.position.clone());
        write!(out, "{}", picture_of(&position))?;
        out.flush()?;
        report = judge(ctx, &position, args.misere)?;
    }
    Ok(if bad_lines == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(USAGE)
    })
}

/// Every move of `position` with its outcome.
fn judge(ctx: &Context, position: &Game, misere: bool) -> anyhow::Result<BoardMovesReport> {
    let mut stats = Stats::default();
    let mut watch = ctx.watch(if misere { "misère search" } else { "search" }, &mut stats);
    Ok(ctx
        .solver
        .board_moves(position, DEFAULT_MOVES_ALL, misere, &mut watch)?)
}

/// The line that ends a game: nobody can move, `mine` when the computer
/// is the one left without a move.
fn game_over(misere: bool, mine: bool) -> &'static str {
    match (mine, misere) {
        (true, false) => "no move left for me: you win",
        (true, true) => "no move left for me: I win (you moved last)",
        (false, false) => "no move left for you: I win",
        (false, true) => "no move left for you: you win (I moved last)",
    }
}

/// A move of `game`'s kind, for the prompt.
fn example(game: &Game) -> &'static str {
    match game {
        Game::Board(BoardGame::Cram(_)) => "a free domino as its two cells, as in 0,0-0,1",
        Game::Board(BoardGame::NodeKayles(_)) => "a vertex left by its number, as in 4",
        _ => "a square left as row,col, as in 1,2",
    }
}

/// The picture of a board game, drawn by the solver's report module.
fn picture_of(game: &Game) -> String {
    match game {
        Game::Board(b) => picture(b),
        _ => String::new(),
    }
}

/// What a line typed to `play` asks for.
enum Typed {
    /// The end of input, or `bye`.
    End,
    /// An empty line, or one refused (counted, and said on stderr).
    Skip,
    /// A move, trimmed.
    Text(String),
}

/// Reads line `number` for `play`: binary and overlong lines are refused
/// with one error line naming `hint` (what to type), and counted in
/// `bad_lines`.
fn typed_line(
    reader: &mut impl BufRead,
    buffer: &mut Vec<u8>,
    number: u64,
    bad_lines: &mut u64,
    out: &mut dyn Write,
    hint: &str,
) -> std::io::Result<Typed> {
    let refused = |bad_lines: &mut u64, out: &mut dyn Write, why: String| {
        *bad_lines += 1;
        out.flush()?;
        eprintln!("error: line {number}: {why}");
        Ok(Typed::Skip)
    };
    match next_line(reader, buffer, number == 1)? {
        None => Ok(Typed::End),
        Some(Line::NotText) => refused(bad_lines, out, format!("not UTF-8 text; type {hint}")),
        Some(Line::TooLong(len)) => refused(
            bad_lines,
            out,
            format!("{len} bytes is longer than the {LONGEST_LINE} bytes a line may have"),
        ),
        Some(Line::Text(line)) => Ok(match line.trim() {
            "" => Typed::Skip,
            "bye" => Typed::End,
            typed => Typed::Text(typed.to_string()),
        }),
    }
}

/// One line of input.
enum Line {
    Text(String),
    /// Bytes that are not UTF-8 (binary input).
    NotText,
    /// A line longer than [`LONGEST_LINE`], of this many bytes, skipped.
    TooLong(usize),
}

/// Reads the next line, holding at most [`LONGEST_LINE`] bytes of it;
/// `None` at the end of input. A byte-order mark opening the input is
/// dropped.
fn next_line(
    reader: &mut impl BufRead,
    buffer: &mut Vec<u8>,
    first: bool,
) -> std::io::Result<Option<Line>> {
    buffer.clear();
    let mut len = 0usize;
    let mut read_any = false;
    loop {
        let chunk = reader.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        read_any = true;
        let (part, ends) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        len += part.len();
        if len <= LONGEST_LINE {
            buffer.extend_from_slice(part);
        }
        let used = ends.unwrap_or(chunk.len());
        reader.consume(used);
        if ends.is_some() {
            break;
        }
    }
    if !read_any {
        return Ok(None);
    }
    if len > LONGEST_LINE {
        return Ok(Some(Line::TooLong(len)));
    }
    let mut bytes = buffer.as_slice();
    if first {
        bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    }
    Ok(Some(match std::str::from_utf8(bytes) {
        Ok(text) => Line::Text(text.to_string()),
        Err(_) => Line::NotText,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whatever bytes come in, lines are read without a panic, each
        /// held line is at most the limit, and the text lines, joined,
        /// are the input's valid lines.
        #[test]
        fn no_bytes_no_lines(bytes in prop::collection::vec(any::<u8>(), 0..1)) {
            let mut reader = std::io::BufReader::new(bytes.as_slice());
            let lines = std::iter::from_fn(|| next_line(&mut reader, &mut Vec::new(), false).unwrap()).count();
            prop_assert_eq!(lines, bytes.len());
        }

        #[test]
        fn any_bytes_read_as_lines(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
            let mut reader = std::io::BufReader::with_capacity(7, bytes.as_slice());
            let mut buffer = Vec::new();
            let mut first = true;
            let mut lines = 0;
            while let Some(line) = next_line(&mut reader, &mut buffer, first).unwrap() {
                first = false;
                lines += 1;
                prop_assert!(buffer.len() <= LONGEST_LINE);
                if let Line::Text(text) = line {
                    prop_assert!(!text.contains('\n'));
                    let _ = crate::input::heaps(&text.split_whitespace().map(str::to_string).collect::<Vec<_>>());
                }
            }
            let expected = if bytes.is_empty() {
                0
            } else {
                bytes.split(|&b| b == b'\n').count() - usize::from(bytes.last() == Some(&b'\n'))
            };
            prop_assert_eq!(lines, expected);
        }

        /// Valid positions survive any split into buffer refills.
        #[test]
        fn positions_read_back(heaps in prop::collection::vec(any::<u64>(), 1..20), capacity in 1usize..64) {
            let text = heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(" ") + "\n";
            let mut reader = std::io::BufReader::with_capacity(capacity, text.as_bytes());
            let mut buffer = Vec::new();
            let Some(Line::Text(line)) = next_line(&mut reader, &mut buffer, true).unwrap() else {
                return Err(TestCaseError::fail("not read as text"));
            };
            let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
            prop_assert_eq!(crate::input::heaps(&words).unwrap(), heaps);
        }
    }
}
