//! The questions, as serde types: what a web request or a Python call
//! sends, answered by [`Solver::answer`](crate::Solver::answer) with an [`Answer`] whose JSON is
//! the same as the command line's `--format json`. Each question is asked
//! of the face's method for it, so a question as data and a question as a
//! call are one path.

use std::ops::ControlFlow;

use grundy::multiheap::Method;
use grundy::{Error, ErrorKind, Result};
use serde::{Deserialize, Serialize};

use crate::core::Core;
use crate::game::Game;
use crate::limits::{DEFAULT_MOVES_ALL, DEFAULT_MOVES_LISTED};
use crate::misere_report::{GeneraReport, MiserePositionReport, QuotientReport};
use crate::questions::{
    analyze, board, board_misere, board_moves, board_values, count, frequencies, genera,
    misere_position, moves, p_positions, period, position, quotient, values, verify,
};
use crate::report::{
    AnalysisReport, BoardMisereReport, BoardMovesReport, BoardReport, BoardValuesReport,
    CountReport, FrequencyReport, MovesReport, MultiheapMoveReport, MultisetCountReport,
    PeriodReport, PositionReport, PposReport, ValuesReport, VerifyReport,
};
use crate::watch::Watch;

/// One question about one game. Heap sizes and bounds are numbers; `max`,
/// where present, is the period search's limit (absent: the solver's
/// default).
///
/// ```
/// use grundy_service::{Question, Solver, Watch};
/// let q: Question = serde_json::from_str(r#"{"count": {"game": "paper-strip", "to": 50}}"#).unwrap();
/// let answer = Solver::default().answer(&q, &mut Watch::silent())?;
/// assert_eq!(
///     serde_json::to_string(&answer).unwrap(),
///     r#"{"game":"0.07","to":50,"wins":40,"losses":10}"#
/// );
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[non_exhaustive]
pub enum Question {
    /// `G(from..=to)`.
    Values {
        /// The game's spec.
        game: String,
        /// The first heap (0 when absent).
        #[serde(default)]
        from: u64,
        /// The last heap.
        to: u64,
        /// The period search's limit.
        #[serde(default)]
        max: Option<u64>,
    },
    /// The period verdict.
    Period {
        /// The game's spec.
        game: String,
        /// The period search's limit.
        #[serde(default)]
        max: Option<u64>,
    },
    /// Wins and losses among single heaps, or lost positions of `heaps`
    /// heaps.
    Count {
        /// The game's spec.
        game: String,
        /// The first heap (single heaps only; 1 when absent).
        #[serde(default)]
        from: Option<u64>,
        /// The last heap.
        to: u64,
        /// Heaps in a position (1 when absent).
        #[serde(default)]
        heaps: Option<u32>,
        /// The period search's limit.
        #[serde(default)]
        max: Option<u64>,
    },
    /// A position's value and winning moves (heap games), or who wins and
    /// one winning move (multi-heap games).
    Position {
        /// The game's spec.
        game: String,
        /// The heap sizes.
        heaps: Vec<u64>,
        /// The most winning moves listed ([`DEFAULT_MOVES_LISTED`] when
        /// absent).
        #[serde(default)]
        limit: Option<usize>,
        /// The period search's limit.
        #[serde(default)]
        max: Option<u64>,
    },
    /// Every legal move of a position with its outcome, winning moves
    /// first.
    Moves {
        /// The game's spec.
        game: String,
        /// The heap sizes.
        heaps: Vec<u64>,
        /// The most moves listed ([`DEFAULT_MOVES_ALL`] when absent).
        #[serde(default)]
        limit: Option<usize>,
        /// The period search's limit (heap games).
        #[serde(default)]
        max: Option<u64>,
    },
    /// How many P-positions a multi-heap game has up to `to`, and the sum
    /// of their coordinates.
    PPositions {
        /// The game's spec (`wythoff`, `stone`, `subsets:K:…`).
        game: String,
        /// The largest coordinate.
        to: u64,
    },
    /// A report on one game.
    Analyze {
        /// The game's spec.
        game: String,
        /// The last heap listed.
        #[serde(default)]
        to: Option<u64>,
        /// The period search's limit.
        #[serde(default)]
        max: Option<u64>,
    },
    /// Check a certificate's text.
    Verify {
        /// The certificate.
        text: String,
    },
    /// Who wins a position under misère play (the last player to move
    /// loses), and the winning moves.
    MiserePosition {
        /// The game's spec.
        game: String,
        /// The heap sizes.
        heaps: Vec<u64>,
        /// The most winning moves listed ([`DEFAULT_MOVES_LISTED`] when
        /// absent).
        #[serde(default)]
        limit: Option<usize>,
    },
    /// The genus of each heap 0..=`to`.
    Genera {
        /// The game's spec.
        game: String,
        /// The last heap.
        to: u64,
    },
    /// The misère quotient of the heaps up to `max_heap`, or without it the
    /// quotient of every heap ([`Solver::misere_quotient_of_every_heap`](crate::Solver::misere_quotient_of_every_heap)).
    MisereQuotient {
        /// The game's spec.
        game: String,
        /// The heap bound; absent (or `null`): every heap.
        #[serde(default)]
        max_heap: Option<u64>,
    },
    /// How many heaps `1..=to` have each value (past the memory budget,
    /// computed with part of the values on disk).
    Frequencies {
        /// The game's spec.
        game: String,
        /// The last heap.
        to: u64,
    },
    /// The value of a board or graph position (`cram:5x7`).
    Board {
        /// The game's spec.
        game: String,
    },
    /// The values of a family of boards (`cram:3xn`) for `n` from `from`
    /// to `to`.
    BoardValues {
        /// The family's spec.
        game: String,
        /// The first `n` (0 when absent).
        #[serde(default)]
        from: u64,
        /// The last `n`.
        to: u64,
    },
    /// Every move of a board or graph position with whether it wins.
    BoardMoves {
        /// The game's spec.
        game: String,
        /// The most moves listed ([`DEFAULT_MOVES_ALL`] when absent).
        #[serde(default)]
        limit: Option<usize>,
        /// Misère play: the last player to move loses (normal play when
        /// absent).
        #[serde(default)]
        misere: bool,
    },
    /// Who wins a board or graph position under misère play.
    BoardMisere {
        /// The game's spec.
        game: String,
    },
}

/// The answer to a [`Question`]: one of the reports, serialised as that
/// report alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum Answer {
    /// To [`Question::Values`].
    Values(ValuesReport),
    /// To [`Question::Period`].
    Period(PeriodReport),
    /// To [`Question::Count`] about single heaps.
    Count(CountReport),
    /// To [`Question::Count`] with several heaps.
    MultisetCount(MultisetCountReport),
    /// To [`Question::Position`] in a heap game.
    Position(PositionReport),
    /// To [`Question::Position`] in a multi-heap game.
    MultiheapMove(MultiheapMoveReport),
    /// To [`Question::Moves`].
    Moves(MovesReport),
    /// To [`Question::PPositions`].
    PPositions(PposReport),
    /// To [`Question::Analyze`].
    Analysis(AnalysisReport),
    /// To [`Question::Verify`].
    Verified(VerifyReport),
    /// To [`Question::MiserePosition`].
    MiserePosition(MiserePositionReport),
    /// To [`Question::Genera`].
    Genera(GeneraReport),
    /// To [`Question::MisereQuotient`].
    MisereQuotient(QuotientReport),
    /// To [`Question::Frequencies`].
    Frequencies(FrequencyReport),
    /// To [`Question::Board`].
    Board(BoardReport),
    /// To [`Question::BoardValues`].
    BoardValues(BoardValuesReport),
    /// To [`Question::BoardMoves`].
    BoardMoves(BoardMovesReport),
    /// To [`Question::BoardMisere`].
    BoardMisere(BoardMisereReport),
}

/// See [`Solver::answer`].
pub(crate) fn answer(core: &Core, question: &Question, watch: &mut Watch) -> Result<Answer> {
    Ok(match question {
        Question::Values {
            game,
            from,
            to,
            max,
        } => Answer::Values(values::values_report(
            core,
            &game.parse()?,
            *from,
            *to,
            *max,
            watch,
        )?),
        Question::Period { game, max } => {
            Answer::Period(period::period_report(core, &game.parse()?, *max, watch)?)
        }
        Question::Count {
            game,
            from,
            to,
            heaps,
            max,
        } => {
            let game: Game = game.parse()?;
            match heaps.unwrap_or(1) {
                1 => Answer::Count(count::count(core, &game, *from, *to, *max, watch)?),
                k if from.is_none() => {
                    Answer::MultisetCount(count::count_multisets(core, &game, k, *to, *max, watch)?)
                }
                _ => {
                    return Err(Error::new(
                        ErrorKind::InvalidInput,
                        "a first heap applies to single heaps; positions of several heaps range over 0..=to",
                    ));
                }
            }
        }
        Question::Position {
            game,
            heaps,
            limit,
            max,
        } => {
            let game: Game = game.parse()?;
            match game {
                Game::Multiheap(_) => {
                    Answer::MultiheapMove(position::multiheap_move(core, &game, heaps, watch)?)
                }
                _ => Answer::Position(position::position(
                    core,
                    &game,
                    heaps,
                    limit.unwrap_or(DEFAULT_MOVES_LISTED),
                    *max,
                    watch,
                )?),
            }
        }
        Question::Moves {
            game,
            heaps,
            limit,
            max,
        } => Answer::Moves(moves::moves(
            core,
            &game.parse()?,
            heaps,
            limit.unwrap_or(DEFAULT_MOVES_ALL),
            *max,
            watch,
        )?),
        Question::PPositions { game, to } => {
            let game: Game = game.parse()?;
            let tally = p_positions::p_positions(
                core,
                &game,
                *to,
                Method::Fast,
                &mut |_| ControlFlow::Continue(()),
                watch,
            )?;
            Answer::PPositions(PposReport {
                game: game.to_string(),
                to: u32::try_from(*to).unwrap_or(u32::MAX),
                count: Some(tally.count),
                sum: Some(tally.sum),
            })
        }
        Question::Analyze { game, to, max } => {
            Answer::Analysis(analyze::analyze(core, &game.parse()?, *to, *max, watch)?)
        }
        Question::Verify { text } => Answer::Verified(verify::verify(core, text, watch)?),
        Question::MiserePosition { game, heaps, limit } => {
            Answer::MiserePosition(misere_position::misere_position(
                core,
                &game.parse()?,
                heaps,
                limit.unwrap_or(DEFAULT_MOVES_LISTED),
                watch,
            )?)
        }
        Question::MisereQuotient { game, max_heap } => {
            let game: Game = game.parse()?;
            Answer::MisereQuotient(match max_heap {
                Some(max_heap) => quotient::bounded(core, &game, *max_heap, false, watch)?.0,
                None => quotient::of_every_heap(core, &game, false, watch)?.0,
            })
        }
        Question::Genera { game, to } => {
            Answer::Genera(genera::genera(core, &game.parse()?, *to, watch)?)
        }
        Question::Frequencies { game, to } => {
            Answer::Frequencies(frequencies::frequencies(core, &game.parse()?, *to, watch)?)
        }
        Question::Board { game } => Answer::Board(board::board_value(core, &game.parse()?, watch)?),
        Question::BoardValues { game, from, to } => Answer::BoardValues(
            board_values::board_values(core, &game.parse()?, *from, *to, watch)?,
        ),
        Question::BoardMoves {
            game,
            limit,
            misere,
        } => Answer::BoardMoves(board_moves::board_moves(
            core,
            &game.parse()?,
            limit.unwrap_or(DEFAULT_MOVES_ALL),
            *misere,
            watch,
        )?),
        Question::BoardMisere { game } => {
            Answer::BoardMisere(board_misere::board_misere(core, &game.parse()?, watch)?)
        }
    })
}
