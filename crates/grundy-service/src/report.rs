//! The answers, as serde types: the one wire format that the command line's
//! `--format json`, the web API and the Python package share.
//!
//! Field names and shapes are stable: scripts read them. Optional fields
//! are left out when absent, never written as `null`, except in
//! [`PeriodReport`], whose fields are always present.

use std::sync::Arc;

use grundy::period::detect::Candidate;
use grundy::period::{Periodicity, Proof, Theorem, Verdict};
use grundy::{Ruleset, ValueTable};
use serde::{Serialize, Serializer};

/// `G(from..=to)` of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValuesReport {
    /// The canonical spec.
    pub game: String,
    /// The first heap.
    pub from: u64,
    /// `G(from)`, `G(from + 1)`, … in a compact table.
    pub values: Arc<ValueTable>,
}

impl ValuesReport {
    /// The last heap.
    pub fn to(&self) -> u64 {
        self.from + (self.values.len() as u64).saturating_sub(1)
    }
}

impl Serialize for ValuesReport {
    /// `{"game", "from" (when not 0), "values": [...]}`, written straight
    /// from the compact table.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("ValuesReport", 3)?;
        s.serialize_field("game", &self.game)?;
        if self.from != 0 {
            s.serialize_field("from", &crate::json_int::JsonInt(u128::from(self.from)))?;
        } else {
            s.skip_field("from")?;
        }
        s.serialize_field("values", &Column(&self.values))?;
        s.end()
    }
}

struct Column<'a>(&'a ValueTable);

impl Serialize for Column<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|v| v.value()))
    }
}

/// What a period search found: a period proved by a theorem, a pattern
/// only observed, or none. Written `proved`, `observed` or `none`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A period proved by a theorem, with a certificate.
    Proved,
    /// A period seen in the values computed, not proved.
    Observed,
    /// No period up to the heap reached.
    None,
}

impl Status {
    /// `proved`, `observed` or `none`.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Proved => "proved",
            Status::Observed => "observed",
            Status::None => "none",
        }
    }

    /// The status written `word`.
    ///
    /// ```
    /// use grundy_service::Status;
    /// assert_eq!(Status::parse("observed"), Some(Status::Observed));
    /// assert_eq!(Status::parse(Status::Proved.as_str()), Some(Status::Proved));
    /// assert_eq!(Status::parse("Proved"), None);
    /// ```
    pub fn parse(word: &str) -> Option<Status> {
        match word {
            "proved" => Some(Status::Proved),
            "observed" => Some(Status::Observed),
            "none" => Some(Status::None),
            _ => None,
        }
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The verdict of a period search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PeriodReport {
    /// The canonical spec.
    pub game: String,
    /// The preperiod, when a pattern was found.
    pub preperiod: Option<u64>,
    /// The period, when a pattern was found.
    pub period: Option<u64>,
    /// The saltus, when a pattern was found.
    pub saltus: Option<u64>,
    /// `proved`, `observed` or `none`.
    pub status: Status,
    /// The theorem's stable name, when proved.
    pub theorem: Option<&'static str>,
    /// The theorem's window end, when proved.
    pub bound: Option<u64>,
    /// The last heap whose value was computed.
    pub checked_to: u64,
    /// The verdict itself, for rendering.
    #[serde(skip)]
    pub verdict: Verdict,
    /// For a pattern observed but not proved, the theorem that would prove
    /// it and the last heap its window needs, if a theorem applies.
    #[serde(skip)]
    pub needs: Option<(Theorem, u64)>,
    /// The verdict in one sentence, honest about what is proved (what
    /// [`PeriodReport::sentence`] returns), so that a front end renders it
    /// rather than rewording the fields.
    pub sentence: String,
}

impl PeriodReport {
    /// The report of `verdict` on `game`.
    ///
    /// ```
    /// use grundy::{Ruleset, period};
    /// use grundy_service::PeriodReport;
    /// let g: Ruleset = "0.07".parse()?;
    /// let (v, _) = period::find(&g, 1000, Default::default(), &mut grundy::values::silent)?;
    /// let r = PeriodReport::new(&g, &v);
    /// assert_eq!((r.status, r.period), (grundy_service::Status::Proved, Some(34)));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn new(game: &Ruleset, verdict: &Verdict) -> Self {
        let p = verdict.periodicity();
        let (theorem, bound) = match p.map(|p| p.proof()) {
            Some(Proof::Theorem { theorem, bound }) => (Some(theorem.name()), Some(bound)),
            _ => (None, None),
        };
        PeriodReport {
            game: game.to_string(),
            preperiod: p.map(|p| p.preperiod()),
            period: p.map(|p| p.period()),
            saltus: p.map(|p| p.saltus()),
            status: match p {
                Some(p) if p.is_proved() => Status::Proved,
                Some(_) => Status::Observed,
                None => Status::None,
            },
            theorem,
            bound,
            checked_to: verdict.checked_to(),
            verdict: *verdict,
            needs: p.filter(|p| !p.is_proved()).and_then(|p| {
                let c = Candidate {
                    preperiod: p.preperiod(),
                    period: p.period(),
                    saltus: p.saltus(),
                };
                let (theorem, bound) = grundy::period::proof::requirement(game, c)?;
                // A window already checked with no proof: the theorem's
                // hypotheses on the values failed, and no more values help.
                Some((theorem, bound.checked_add(p.period())?.checked_sub(1)?))
                    .filter(|&(_, last)| last > verdict.checked_to())
            }),
            sentence: String::new(),
        }
        .worded()
    }

    /// The report of a pattern only observed in `verdict` on the game named
    /// `game`, for which no periodicity theorem is known (a rule given as a
    /// callback, say).
    pub fn observed_only(game: &str, verdict: &Verdict) -> Self {
        let p = verdict.periodicity();
        PeriodReport {
            game: game.to_string(),
            preperiod: p.map(|p| p.preperiod()),
            period: p.map(|p| p.period()),
            saltus: p.map(|p| p.saltus()),
            status: if p.is_some() {
                Status::Observed
            } else {
                Status::None
            },
            theorem: None,
            bound: None,
            checked_to: verdict.checked_to(),
            verdict: *verdict,
            needs: None,
            sentence: String::new(),
        }
        .worded()
    }

    /// The verdict in one sentence, honest about what is proved.
    pub fn sentence(&self) -> String {
        self.sentence.clone()
    }

    /// `self` with its sentence written from its fields.
    fn worded(mut self) -> Self {
        self.sentence = self.compose();
        self
    }

    fn compose(&self) -> String {
        let Some(p) = self.verdict.periodicity() else {
            return format!("no period up to heap {}", self.verdict.checked_to());
        };
        let pattern = pattern(&p);
        match p.proof() {
            Proof::Theorem { theorem, bound } => {
                let window = if bound == 0 {
                    String::new()
                } else {
                    format!(
                        "; the theorem needs G(n + {}) = G(n){} for {} <= n < {bound}, checked (values to {})",
                        p.period(),
                        plus_saltus(p.saltus()),
                        p.preperiod(),
                        p.checked_to()
                    )
                };
                format!("{pattern}, proved by {}{window}", theorem.describe())
            }
            Proof::Observed => match self.needs {
                Some((theorem @ Theorem::MirrorArithmetic, last)) => format!(
                    "observed {pattern}, checked to {}, not proved yet: {} may prove it once the values reach heap {last}, if its hypotheses hold",
                    p.checked_to(),
                    theorem.describe()
                ),
                Some((theorem, last)) => format!(
                    "observed {pattern}, checked to {}, not proved yet: {} proves it once the values reach heap {last}",
                    p.checked_to(),
                    theorem.describe()
                ),
                None => format!(
                    "observed {pattern}, checked to {}, not proved (no theorem applies to {})",
                    p.checked_to(),
                    self.game
                ),
            },
        }
    }
}

fn pattern(p: &Periodicity) -> String {
    if p.saltus() == 0 {
        format!("period {} from heap {}", p.period(), p.preperiod())
    } else {
        format!(
            "arithmetic period {} with saltus {} from heap {}",
            p.period(),
            p.saltus(),
            p.preperiod()
        )
    }
}

fn plus_saltus(s: u64) -> String {
    if s == 0 {
        String::new()
    } else {
        format!(" + {s}")
    }
}

/// First-player wins and losses among single heaps `from..=to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CountReport {
    /// The canonical spec.
    pub game: String,
    /// The first heap counted, when not the default 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(serialize_with = "crate::json_int::opt_u64")]
    pub from: Option<u64>,
    /// The last heap counted.
    #[serde(serialize_with = "crate::json_int::u64")]
    pub to: u64,
    /// Heaps won by the player to move.
    #[serde(serialize_with = "crate::json_int::u64")]
    pub wins: u64,
    /// Heaps lost by the player to move (value 0).
    #[serde(serialize_with = "crate::json_int::u64")]
    pub losses: u64,
}

/// Lost positions among the multisets of `heaps` heaps of sizes `0..=to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MultisetCountReport {
    /// The canonical spec.
    pub game: String,
    /// Heaps in each position.
    pub heaps: u32,
    /// The largest heap.
    #[serde(serialize_with = "crate::json_int::u64")]
    pub to: u64,
    /// The count, exact.
    pub losing: Exact,
}

/// An exact count: in JSON a number up to 2^53 − 1, else a decimal string
/// (see [`JsonInt`](crate::JsonInt)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exact {
    /// Up to 2^128 − 1.
    Number(u128),
    /// Larger, in decimal.
    Text(String),
}

impl std::fmt::Display for Exact {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Exact::Number(n) => write!(f, "{n}"),
            Exact::Text(t) => f.write_str(t),
        }
    }
}

impl Serialize for Exact {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Exact::Number(n) => crate::json_int::JsonInt(*n).serialize(serializer),
            Exact::Text(t) => serializer.serialize_str(t),
        }
    }
}

/// A position of a heap game: its value and its winning moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionReport {
    /// The canonical spec.
    pub game: String,
    /// The heap sizes.
    #[serde(serialize_with = "crate::json_int::vec_u64")]
    pub position: Vec<u64>,
    /// The nim-sum of the heaps' values.
    pub value: u64,
    /// Whether the player to move wins.
    pub winning: bool,
    /// The number of winning moves, where the list may stop short of it:
    /// always with heaps past the computed values (counted, not listed),
    /// and with computed heaps when the list stopped at the limit.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::json_int::opt_u128"
    )]
    pub total_winning_moves: Option<u128>,
    /// Winning moves.
    pub moves: Vec<MoveReport>,
    /// Whether any move at all is possible.
    #[serde(skip)]
    pub can_move: bool,
}

impl PositionReport {
    /// One sentence on who wins.
    pub fn outcome(&self) -> String {
        match self.total_winning_moves {
            Some(t) if t > self.moves.len() as u128 => format!(
                "won by the player to move: {t} winning moves, the first {} listed",
                self.moves.len()
            ),
            _ => match self.moves.len() {
                _ if !self.can_move => {
                    "lost for the player to move: no move is possible".to_string()
                }
                0 => {
                    "lost for the player to move: every move leaves a winning position".to_string()
                }
                1 => "won by the player to move: 1 winning move".to_string(),
                k => format!("won by the player to move: {k} winning moves"),
            },
        }
    }
}

/// One move in one heap: `from` tokens become the heaps `to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    /// The index of the heap moved in.
    pub heap: usize,
    /// Its size.
    #[serde(serialize_with = "crate::json_int::u64")]
    pub from: u64,
    /// The heaps left in its place.
    #[serde(serialize_with = "crate::json_int::vec_u64")]
    pub to: Vec<u64>,
}

impl From<grundy::sum::HeapMove> for MoveReport {
    fn from(m: grundy::sum::HeapMove) -> Self {
        MoveReport {
            heap: m.heap,
            from: m.from,
            to: m.parts,
        }
    }
}

impl MoveReport {
    /// The position after this move: the heap replaced, in place, by what
    /// is left of it.
    pub fn apply(&self, position: &[u64]) -> Vec<u64> {
        let mut after = position[..self.heap].to_vec();
        after.extend_from_slice(&self.to);
        after.extend_from_slice(&position[self.heap + 1..]);
        after
    }
}

/// A position of a multi-heap game (not a sum): who wins and one winning
/// move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MultiheapMoveReport {
    /// The canonical spec.
    pub game: String,
    /// The heap sizes.
    #[serde(serialize_with = "crate::json_int::vec_u64")]
    pub position: Vec<u64>,
    /// Whether the player to move wins.
    pub winning: bool,
    /// A winning move.
    #[serde(rename = "move")]
    pub winning_move: Option<MultiheapMove>,
    /// Whether any move at all is possible.
    #[serde(skip)]
    pub can_move: bool,
}

/// A move of a multi-heap game: `take` from each heap of `heaps` or, in a
/// game by move vectors that is no subset game, `take` times `vector`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MultiheapMove {
    /// Indices of the heaps taken from.
    pub heaps: Vec<usize>,
    /// The amount taken from each, or the times `vector` is taken.
    #[serde(serialize_with = "crate::json_int::u64")]
    pub take: u64,
    /// The move vector (an entry a heap), absent for a subset game's move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vector: Option<Vec<u32>>,
    /// The position after the move.
    #[serde(serialize_with = "crate::json_int::vec_u64")]
    pub to: Vec<u64>,
}

/// The P-positions of a multi-heap game up to a bound: how many and the sum
/// of their coordinates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PposReport {
    /// The canonical spec.
    pub game: String,
    /// The largest coordinate.
    pub to: u32,
    /// The number of P-positions.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::json_int::opt_u64"
    )]
    pub count: Option<u64>,
    /// The sum of all their coordinates.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::json_int::opt_u64"
    )]
    pub sum: Option<u64>,
}

/// A readable report on one game: rules, values, P-positions, period.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnalysisReport {
    /// The canonical spec.
    pub game: String,
    /// The rules in words.
    pub rules: String,
    /// The last heap shown.
    pub to: u64,
    /// `G(0..=to)`.
    pub values: Vec<u64>,
    /// The largest value computed (over every heap computed, not only those
    /// shown).
    pub max_value: u64,
    /// The last heap computed.
    #[serde(skip)]
    pub computed_to: u64,
    /// The heaps of value 0 among those shown.
    pub p_positions: Vec<u64>,
    /// The period verdict.
    pub periodicity: PeriodReport,
    /// With a pattern, the heaps before it whose value differs from the
    /// periodic continuation: the first [`EXCEPTIONS_LISTED`](crate::EXCEPTIONS_LISTED).
    pub exceptions: Option<Vec<u64>>,
    /// With a pattern, the number of exceptions.
    pub exceptions_total: Option<u64>,
}

/// What a verified certificate proves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyReport {
    /// The canonical spec.
    pub game: String,
    /// The preperiod.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// The saltus.
    pub saltus: u64,
    /// The theorem's stable name.
    pub theorem: &'static str,
    /// The theorem in words.
    #[serde(skip)]
    pub theorem_text: &'static str,
    /// The last heap whose value was checked (for a misère certificate,
    /// the heap bound of its quotient).
    pub checked_to: u64,
    /// For a misère quotient's certificate: the period is that of the
    /// pretending map, and the quotient of the heaps up to `checked_to`,
    /// checked over every sum, is the quotient of every heap.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub misere: Option<MisereVerified>,
}

impl VerifyReport {
    /// What the certificate proves, in one sentence.
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let solver = Solver::default();
    /// let (_, text) = solver.certificate(&"0.07".parse()?, None, &mut Watch::silent())?;
    /// let verified = solver.verify(&text.unwrap())?;
    /// assert!(verified.sentence().starts_with("0.07 has period 34 from heap 53 for every heap, by the octal periodicity theorem"));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn sentence(&self) -> String {
        if let Some(q) = &self.misere {
            return format!(
                "the misère quotient of {} over heaps 0..={} ({} elements, {} in the P-portion; every sum's outcome checked, {} states) is the quotient of every heap: heap n pretends to be heap n - {} from heap {}, by {}",
                self.game,
                self.checked_to,
                q.elements,
                q.p_portion,
                q.states,
                self.period,
                self.preperiod + self.period,
                self.theorem_text
            );
        }
        let saltus = if self.saltus == 0 {
            String::new()
        } else {
            format!(" with saltus {}", self.saltus)
        };
        format!(
            "{} has period {} from heap {}{saltus} for every heap, by {}; every value 0..={} checked against the rules",
            self.game, self.period, self.preperiod, self.theorem_text, self.checked_to
        )
    }
}

/// What a misère quotient's certificate proved besides its period.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereVerified {
    /// The number of elements of the quotient.
    pub elements: usize,
    /// The number of them in the P-portion.
    pub p_portion: usize,
    /// The states of sums the outcome check visited.
    pub states: usize,
}

/// Every legal move of a position, winning moves first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MovesReport {
    /// The canonical spec.
    pub game: String,
    /// The heap sizes.
    pub heaps: Vec<u64>,
    /// The nim-sum of the heaps' values (heap games); `null` for multi-heap
    /// games, which are not sums.
    pub value: Option<u64>,
    /// Whether the player to move wins.
    pub winning: bool,
    /// The moves listed: winning first, then by heap, then by the tokens
    /// removed, then by the heaps left (heap games); by fewest heaps taken
    /// from, lowest indices and smallest amount (multi-heap games).
    pub moves: Vec<ListedMove>,
    /// Whether moves were left out past the limit.
    pub truncated: bool,
}

impl MovesReport {
    /// The move to make here, by the one rule every front end plays by: the
    /// first move listed, which is a winning move where there is one, and in
    /// a lost position the move that takes least (the fewest tokens from the
    /// first heap with a move; in a multi-heap game, one token from the
    /// first heap), keeping the game long for the opponent to go wrong in.
    /// `None` when no move is possible.
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let solver = Solver::default();
    /// let lost = solver.moves(&"nim".parse()?, &[1, 2, 3], 1, None, &mut Watch::silent())?;
    /// let reply = lost.reply().unwrap();
    /// assert!(!lost.winning && !reply.winning);
    /// assert_eq!(reply.position, [2, 3]); // heap 1 taken whole
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn reply(&self) -> Option<&ListedMove> {
        self.moves.first()
    }
}

/// One move and its outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ListedMove {
    /// The index of the heap moved in; `null` in a multi-heap game.
    pub heap: Option<usize>,
    /// The heap's size (heap games) or the whole position (multi-heap
    /// games) before the move.
    pub from: Before,
    /// The heaps left in its place (heap games) or the whole position
    /// after (multi-heap games).
    pub to: Vec<u64>,
    /// The position after the move.
    pub position: Vec<u64>,
    /// The position's value after the move (heap games); `null` for
    /// multi-heap games.
    pub value: Option<u64>,
    /// Whether the move wins: it leaves a lost position.
    pub winning: bool,
}

/// What a move starts from: one heap, or the whole position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Before {
    /// One heap's size (heap games).
    Heap(u64),
    /// The whole position (multi-heap games).
    Position(Vec<u64>),
}

/// The number of heaps `1..=to` with each value.
///
/// ```
/// use grundy_service::{Solver, Watch};
/// let kayles = "kayles".parse()?;
/// let report = Solver::default().frequencies(&kayles, 12, &mut Watch::silent())?;
/// // G(1..=12) of Kayles: 1 2 3 1 4 3 2 1 4 2 6 4
/// assert_eq!(report.counts, vec![0, 3, 3, 2, 3, 0, 1]);
/// assert_eq!(
///     serde_json::to_string(&report).unwrap(),
///     r#"{"game":"0.77","to":12,"counts":[0,3,3,2,3,0,1],"past_memory":false}"#
/// );
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FrequencyReport {
    /// The canonical spec.
    pub game: String,
    /// The last heap counted.
    #[serde(serialize_with = "crate::json_int::u64")]
    pub to: u64,
    /// `counts[v]` heaps of `1..=to` have value `v`, for `v` up to the
    /// largest value (every heap up to 2^53 − 1 is a JSON number).
    pub counts: Vec<u64>,
    /// Whether the values were computed past memory (part of them on
    /// disk).
    pub past_memory: bool,
}

/// The value of one board or graph position, found by search.
///
/// ```
/// use grundy_service::{Solver, Watch};
/// let r = Solver::default().board_value(&"cram:3x4".parse()?, &mut Watch::silent())?;
/// assert_eq!((r.value, r.winning), (1, true));
/// assert_eq!(r.outcome(), "won by the player to move");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardReport {
    /// The canonical spec.
    pub game: String,
    /// The position's nimber.
    pub value: u64,
    /// Whether the player to move wins (the value is not 0).
    pub winning: bool,
    /// Positions the search examined for this answer (none when earlier
    /// answers, or the store, held it).
    pub nodes: u64,
    /// Facts the search's table holds after it.
    pub facts: u64,
    /// Bytes the search's table holds after it.
    pub table_bytes: u64,
}

impl BoardReport {
    /// Who wins, in words.
    pub fn outcome(&self) -> String {
        outcome_words(self.winning).to_string()
    }
}

fn outcome_words(winning: bool) -> &'static str {
    if winning {
        "won by the player to move"
    } else {
        "lost for the player to move"
    }
}

/// The values of the members of a family of boards, `n` from `from` to
/// `to`.
///
/// ```
/// use grundy_service::{Solver, Watch};
/// let r = Solver::default().board_values(&"cram:1xn".parse()?, 0, 9, &mut Watch::silent())?;
/// let values: Vec<u64> = r.boards.iter().map(|b| b.value).collect();
/// assert_eq!(values, [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]); // Dawson's Kayles, 0.07
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardValuesReport {
    /// The family, as written (`cram:3xn`).
    pub family: String,
    /// The first `n`.
    pub from: u64,
    /// The last `n`.
    pub to: u64,
    /// One row a member, by `n`.
    pub boards: Vec<BoardRow>,
}

/// One member of a family and its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardRow {
    /// The size `n`.
    pub n: u64,
    /// The member's canonical spec.
    pub game: String,
    /// Its nimber.
    pub value: u64,
    /// Positions the search examined for it.
    pub nodes: u64,
}

/// Every move of a board or graph position with whether it wins, under
/// normal or misère play.
///
/// ```
/// use grundy_service::{Solver, Watch};
/// let r = Solver::default().board_moves(&"cram:1x6".parse()?, 100, false, &mut Watch::silent())?;
/// assert_eq!((r.value, r.moves.len()), (Some(3), 5));
/// let reply = r.reply().unwrap();
/// assert!(reply.winning);
/// assert_eq!(r.find(&reply.play).unwrap().after, reply.after);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardMovesReport {
    /// The canonical spec.
    pub game: String,
    /// Whether the play is misère (the last player to move loses).
    pub misere: bool,
    /// The position's nimber (normal play only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<u64>,
    /// Whether the player to move wins.
    pub winning: bool,
    /// The moves listed: winning first, then those that take least (leave
    /// the most cells, vertices or squares), then in the game's order.
    pub moves: Vec<BoardMove>,
    /// Whether moves were left out past the limit.
    pub truncated: bool,
    /// Positions the search examined for this answer.
    pub nodes: u64,
}

/// One move of a board or graph game and its outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardMove {
    /// The move in the game's own terms: a domino `r1,c1-r2,c2` (Cram), a
    /// vertex's name (Node-Kayles), a square `row,col` (Chomp); rows and
    /// columns count from 0.
    pub play: String,
    /// The position after it, as a spec (a graph's vertices numbered
    /// again from 0).
    pub after: String,
    /// Whether the move wins: it leaves a position lost for the player
    /// then to move.
    pub winning: bool,
    /// The position after it, its vertices keeping their names.
    #[serde(skip)]
    pub position: grundy::games::BoardGame,
}

impl BoardMovesReport {
    /// The move to make here, by the rule every front end plays by
    /// ([`MovesReport::reply`]): the first move listed, a winning move
    /// where there is one, and in a lost position the move that takes
    /// least, keeping the game long for the opponent to go wrong in.
    /// `None` when no move is possible.
    pub fn reply(&self) -> Option<&BoardMove> {
        self.moves.first()
    }

    /// The move `typed` names: as listed, with spaces anywhere, and a
    /// domino's two cells in either order.
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let r = Solver::default().board_moves(&"cram:2x2".parse()?, 100, false, &mut Watch::silent())?;
    /// assert_eq!(r.find(" 0,1 - 0,0").unwrap().play, "0,0-0,1");
    /// assert!(r.find("0,0-1,1").is_none());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn find(&self, typed: &str) -> Option<&BoardMove> {
        let typed: String = typed.chars().filter(|c| !c.is_whitespace()).collect();
        let swapped = typed
            .split_once('-')
            .map(|(a, b)| format!("{b}-{a}"))
            .unwrap_or_default();
        self.moves
            .iter()
            .find(|m| m.play == typed || m.play == swapped)
    }

    /// Who wins, in words: the outcome and how many winning moves.
    pub fn outcome(&self) -> String {
        let wins = self.moves.iter().filter(|m| m.winning).count();
        match (self.moves.len(), wins, self.truncated) {
            (0, _, _) if self.misere => {
                "won by the player to move: no move is possible, so the opponent moved last"
                    .to_string()
            }
            (0, _, _) => "lost for the player to move: no move is possible".to_string(),
            (_, 0, false) => {
                "lost for the player to move: every move leaves a winning position".to_string()
            }
            (_, 0, true) => "lost for the player to move".to_string(),
            (_, 1, false) => "won by the player to move: 1 winning move".to_string(),
            (_, k, false) => format!("won by the player to move: {k} winning moves"),
            (_, k, true) => format!("won by the player to move: {k} winning moves listed"),
        }
    }
}

/// Who wins a board or graph position under misère play (the last player
/// to move loses), found by a search of the whole position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardMisereReport {
    /// The canonical spec.
    pub game: String,
    /// Whether the player to move wins.
    pub winning: bool,
    /// Positions the search examined.
    pub nodes: u64,
    /// Positions it remembered (sums of components, in canonical form).
    pub positions: u64,
}

impl BoardMisereReport {
    /// Who wins, in words.
    pub fn outcome(&self) -> String {
        outcome_words(self.winning).to_string()
    }
}

/// A picture of a board or graph position, for a terminal: Cram's board
/// one row a line (`.` free, `#` blocked) with row and column numbers;
/// Node-Kayles' vertices by name and its edges; Chomp's bar one row a
/// line, `x` the poisoned square and `o` the others.
///
/// ```
/// let g: grundy_service::BoardGame = "cram:.#/..".parse()?;
/// assert_eq!(grundy_service::picture(&g), "  01\n0 .#\n1 ..\n");
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn picture(game: &grundy::games::BoardGame) -> String {
    use grundy::games::BoardGame;
    use std::fmt::Write as _;
    let mut out = String::new();
    let number = |i: u32, width: usize| {
        let text = i.to_string();
        // Columns past 9 show their last digit, so a row stays one
        // character a cell; rows show their whole number.
        text[text.len().saturating_sub(width)..].to_string()
    };
    match game {
        BoardGame::Cram(board) => {
            let label = board.rows().saturating_sub(1).to_string().len();
            let _ = write!(out, "{:label$} ", "");
            for c in 0..board.cols() {
                out.push_str(&number(c, 1));
            }
            out.push('\n');
            for r in 0..board.rows() {
                let _ = write!(out, "{r:>label$} ");
                for c in 0..board.cols() {
                    out.push(if board.is_free(r, c) { '.' } else { '#' });
                }
                out.push('\n');
            }
        }
        BoardGame::NodeKayles(graph) => {
            let names = graph.names();
            let vertices: Vec<String> = names.iter().map(u32::to_string).collect();
            let mut edges = Vec::new();
            for (i, name) in names.iter().enumerate() {
                for j in graph.neighbours(i).filter(|&j| j > i) {
                    edges.push(format!("{name}-{}", names[j]));
                }
            }
            let none = || "none".to_string();
            let _ = writeln!(
                out,
                "vertices {}",
                if vertices.is_empty() {
                    none()
                } else {
                    vertices.join(" ")
                }
            );
            let _ = writeln!(
                out,
                "edges    {}",
                if edges.is_empty() {
                    none()
                } else {
                    edges.join(" ")
                }
            );
        }
        BoardGame::Chomp(bar) => {
            let rows = bar.rows();
            let label = rows.len().saturating_sub(1).to_string().len();
            let _ = write!(out, "{:label$} ", "");
            for c in 0..rows.first().copied().unwrap_or(0) {
                out.push_str(&number(c, 1));
            }
            out.push('\n');
            for (r, &len) in rows.iter().enumerate() {
                let _ = write!(out, "{r:>label$} ");
                for c in 0..len {
                    out.push(if r == 0 && c == 0 { 'x' } else { 'o' });
                }
                out.push('\n');
            }
        }
    }
    out
}
