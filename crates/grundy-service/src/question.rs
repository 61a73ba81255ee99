//! The questions, as serde types: what a web request or a Python call
//! sends, answered by [`Solver::answer`] with an [`Answer`] whose JSON is
//! the same as the command line's `--format json`.

use grundy::multiheap::Method;
use grundy::{Error, ErrorKind, Result, Ruleset};
use serde::{Deserialize, Serialize};

use crate::game::Game;
use crate::moves::{DEFAULT_MOVES_ALL, MovesReport};
use crate::report::{
    AnalysisReport, CountReport, MultiheapMoveReport, MultisetCountReport, PeriodReport,
    PositionReport, PposReport, ValuesReport, VerifyReport,
};
use crate::solver::Solver;
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
    /// quotient of every heap ([`Solver::misere_quotient_of_every_heap`]).
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
    MiserePosition(crate::misere::MiserePositionReport),
    /// To [`Question::Genera`].
    Genera(crate::misere::GeneraReport),
    /// To [`Question::MisereQuotient`].
    MisereQuotient(crate::misere::QuotientReport),
    /// To [`Question::Frequencies`].
    Frequencies(crate::frequencies::FrequencyReport),
}

/// Winning moves a position's answer lists when the question gives no
/// limit.
pub const DEFAULT_MOVES_LISTED: usize = 20;

impl Solver {
    /// Answers `question`: the one entry point a front end that receives
    /// questions as data (a web request, a Python call) needs.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidSpec`] for a bad game spec, and what the method
    /// answering the question returns.
    pub fn answer(&self, question: &Question, watch: &mut Watch) -> Result<Answer> {
        let heap_game = |spec: &str| -> Result<Ruleset> {
            match spec.parse::<Game>()? {
                Game::Heaps(r) => Ok(r),
                Game::Multiheap(g) => Err(Error::new(
                    ErrorKind::InvalidInput,
                    format!("{g} is not a sum of heaps; ask for its position or P-positions"),
                )),
            }
        };
        Ok(match question {
            Question::Values {
                game,
                from,
                to,
                max,
            } => Answer::Values(self.values_report(&heap_game(game)?, *from, *to, *max, watch)?),
            Question::Period { game, max } => {
                Answer::Period(self.period_report(&heap_game(game)?, *max, watch)?)
            }
            Question::Count {
                game,
                from,
                to,
                heaps,
                max,
            } => match heaps.unwrap_or(1) {
                1 => Answer::Count(self.count(&heap_game(game)?, *from, *to, *max, watch)?),
                k if from.is_none() => Answer::MultisetCount(self.count_multisets(
                    &heap_game(game)?,
                    k,
                    *to,
                    *max,
                    watch,
                )?),
                _ => {
                    return Err(Error::new(
                        ErrorKind::InvalidInput,
                        "a first heap applies to single heaps; positions of several heaps range over 0..=to",
                    ));
                }
            },
            Question::Position {
                game,
                heaps,
                limit,
                max,
            } => match game.parse::<Game>()? {
                Game::Heaps(r) => Answer::Position(self.position(
                    &r,
                    heaps,
                    limit.unwrap_or(DEFAULT_MOVES_LISTED),
                    *max,
                    watch,
                )?),
                Game::Multiheap(g) => Answer::MultiheapMove(self.multiheap_move(&g, heaps, watch)?),
            },
            Question::Moves {
                game,
                heaps,
                limit,
                max,
            } => {
                let limit = limit.unwrap_or(DEFAULT_MOVES_ALL);
                Answer::Moves(match game.parse::<Game>()? {
                    Game::Heaps(r) => self.moves(&r, heaps, limit, *max, watch)?,
                    Game::Multiheap(g) => self.multiheap_moves(&g, heaps, limit, watch)?,
                })
            }
            Question::PPositions { game, to } => {
                let Game::Multiheap(g) = game.parse::<Game>()? else {
                    return Err(Error::new(
                        ErrorKind::InvalidInput,
                        format!(
                            "{game} is a sum of heaps: its P-positions are the positions of value 0"
                        ),
                    ));
                };
                let tally = self.p_positions(
                    &g,
                    *to,
                    Method::Fast,
                    &mut |_| std::ops::ControlFlow::Continue(()),
                    watch,
                )?;
                Answer::PPositions(PposReport {
                    game: g.to_string(),
                    to: u32::try_from(*to).unwrap_or(u32::MAX),
                    count: Some(tally.count),
                    sum: Some(tally.sum),
                })
            }
            Question::Analyze { game, to, max } => {
                Answer::Analysis(self.analyze(&heap_game(game)?, *to, *max, watch)?)
            }
            Question::Verify { text } => {
                Answer::Verified(crate::answers::verify_with(text, watch)?)
            }
            Question::MiserePosition { game, heaps, limit } => {
                Answer::MiserePosition(self.misere_position(
                    &heap_game(game)?,
                    heaps,
                    limit.unwrap_or(DEFAULT_MOVES_LISTED),
                    watch,
                )?)
            }
            Question::MisereQuotient { game, max_heap } => {
                let game = heap_game(game)?;
                Answer::MisereQuotient(match max_heap {
                    Some(max_heap) => self.misere_quotient(&game, *max_heap, watch)?,
                    None => self.misere_quotient_of_every_heap(&game, false, watch)?.0,
                })
            }
            Question::Genera { game, to } => {
                Answer::Genera(self.genera(&heap_game(game)?, *to, watch)?)
            }
            Question::Frequencies { game, to } => {
                Answer::Frequencies(self.frequencies(&heap_game(game)?, *to, watch)?)
            }
        })
    }
}
