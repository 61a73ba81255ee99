//! Misère play in the solver layer: who wins a position when the last
//! player to move loses, by which method, and the genus of each heap.
//!
//! Policy, in order, for a position:
//!
//! 1. a misère quotient the solver already holds, or keeps in its store,
//!    that covers its heaps (`strategies.rs`) answers it from its tables;
//! 2. heaps all below the game's first wild heap: the misère rule of nim in
//!    its genus form (time linear in the heaps, after the genera);
//! 3. the judge, the memoised game-tree search, within
//!    [`QUICK_SEARCH_BYTES`]: most positions of a few small heaps are
//!    settled here, at once, with no quotient to compute;
//! 4. the game's misère quotient, computed for growing heap bounds until
//!    it covers the heaps (its bound reaches them, or its pretending map's
//!    period is proved and it covers every heap); where the construction
//!    stops at some heap, the quotient of the heaps below it is kept and
//!    covers positions of those heaps;
//! 5. the judge within a share of the memory budget.
//!
//! With more than one thread, 4 and 5 run side by side and the first to
//! answer answers (a quotient found is used even so; see
//! `misere_race.rs`): which is quicker cannot be told beforehand.
//!
//! Each is exact; the report says which answered.

use grundy::misere::{
    self, Genera, Judge, Outcome, Presentation, PretendingPeriod, Quotient, Strategy, Tame,
    pretending_period,
};
use std::ops::ControlFlow;
use std::sync::Arc;

use grundy::sum::HeapMove;
use grundy::values::Progress;
use grundy::{Error, ErrorKind, Result, Ruleset};
use serde::Serialize;

use crate::answers::MAX_MOVES_LISTED;
use crate::report::MoveReport;
use crate::solver::Solver;
use crate::watch::{Event, Watch};

/// The largest heap whose genus the solver computes: the genera of all
/// heaps below it come first, and a heap of n has up to O(n) options.
pub const MAX_MISERE_HEAP: u64 = 10_000;

/// The largest heap of a misère position. Past [`MAX_MISERE_HEAP`] only a
/// quotient whose pretending map's period is proved answers.
pub const MAX_PLAYED_HEAP: u64 = 100_000;

/// The most tokens, all heaps together, of a misère position: every option
/// of every heap is tried.
pub const MAX_PLAYED_TOKENS: u64 = 1_000_000;

/// How a misère position was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MisereMethod {
    /// Every heap is tame: the misère rule of nim in its genus form.
    Tame,
    /// The game's misère quotient, read for the heaps of the position.
    Quotient,
    /// Some heap is wild and no quotient covers it: the game-tree search.
    Judge,
}

/// The quotient a position was read from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientUsed {
    /// Its heap bound.
    pub max_heap: u64,
    /// Its number of elements.
    pub size: usize,
    /// Whether it covers every heap: the period of its pretending map is
    /// proved at its bound.
    pub every_heap: bool,
}

/// A position under misère play: who wins, how that was found, and the
/// winning moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MiserePositionReport {
    /// The canonical spec.
    pub game: String,
    /// Always `"misere"`: the play convention of this report.
    pub play: &'static str,
    /// The heap sizes.
    pub position: Vec<u64>,
    /// Whether the player to move wins under misère play.
    pub winning: bool,
    /// How the outcome was found.
    pub method: MisereMethod,
    /// The quotient read, when the method is `quotient`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quotient: Option<QuotientUsed>,
    /// The number of winning moves (the list stops at the limit).
    pub total_winning_moves: usize,
    /// Winning moves, at most the limit.
    pub moves: Vec<MoveReport>,
    /// Whether any move at all is possible.
    #[serde(skip)]
    pub can_move: bool,
}

impl MiserePositionReport {
    /// One sentence on who wins.
    pub fn outcome(&self) -> String {
        let by = match (self.method, &self.quotient) {
            (MisereMethod::Tame, _) => "by the tame rule".to_string(),
            (MisereMethod::Quotient, Some(q)) if q.every_heap => {
                format!("by the misère quotient of every heap, {} elements", q.size)
            }
            (MisereMethod::Quotient, Some(q)) => format!(
                "by the misère quotient of heaps up to {}, {} elements",
                q.max_heap, q.size
            ),
            (MisereMethod::Quotient, None) => "by the misère quotient".to_string(),
            (MisereMethod::Judge, _) => "by game-tree search".to_string(),
        };
        match self.total_winning_moves {
            _ if !self.can_move => {
                "won by the player to move: no move is possible, so the opponent moved last"
                    .to_string()
            }
            0 => {
                format!("lost for the player to move ({by}): every move leaves a winning position")
            }
            1 => format!("won by the player to move ({by}): 1 winning move"),
            k if k > self.moves.len() => format!(
                "won by the player to move ({by}): {k} winning moves, the first {} listed",
                self.moves.len()
            ),
            k => format!("won by the player to move ({by}): {k} winning moves"),
        }
    }
}

/// Whether a tame heap plays like *0/*1 or like a larger nim position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TameKind {
    /// 0^120 or 1^031.
    Fickle,
    /// 0^02, 1^13 or g^{g, g⊕2}.
    Firm,
}

/// One heap's genus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeapGenus {
    /// The heap size.
    pub heap: u64,
    /// The genus symbol as written, `g^γ₀γ₁…` (`0^120`).
    pub genus: String,
    /// The normal-play Grundy value g.
    pub normal: u64,
    /// γ₀ … γₘ: the misère Grundy values of the heap plus 0, 1, … heaps of
    /// 2, alternating for ever between the last two.
    pub misere: Vec<u64>,
    /// Whether the heap is tame (its genus and every heap of its options),
    /// and how; absent when it is wild.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tame: Option<TameKind>,
}

/// The genera of heaps 0..=`to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GeneraReport {
    /// The canonical spec.
    pub game: String,
    /// The last heap.
    pub to: u64,
    /// The least wild heap up to `to`, if any.
    pub first_wild: Option<u64>,
    /// One row a heap.
    pub heaps: Vec<HeapGenus>,
}

/// The largest heap bound of a misère quotient the solver computes.
pub const MAX_QUOTIENT_HEAP: u64 = 1000;

/// The misère quotient of all sums of heaps up to `max_heap`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientReport {
    /// The canonical spec.
    pub game: String,
    /// The heap bound.
    pub max_heap: u64,
    /// The number of elements; element 0 is the identity (the empty sum).
    pub size: usize,
    /// The elements whose sums are lost for the player to move.
    pub p_portion: Vec<u32>,
    /// The pretending map: the element of heap n, n = 0..=max_heap.
    pub pretending: Vec<u32>,
    /// For each element, a shortest sum of heaps found that maps to it.
    pub representatives: Vec<Vec<u64>>,
    /// The multiplication table: `product[a][b]`.
    pub product: Vec<Vec<u32>>,
    /// The generators: heaps whose element is not a product of smaller
    /// heaps' elements, named a, b, c, … in order.
    pub generators: Vec<GeneratorReport>,
    /// Defining relations, written `a^2 = 1` (a complete rewriting system:
    /// every word rewrites to its element's normal form).
    pub relations: Vec<String>,
    /// Each element's normal form: its least word in the generators
    /// (fewest letters, then more of an earlier letter), `1` for the
    /// identity.
    pub elements: Vec<String>,
    /// The least period of the pretending map, proved or observed; absent
    /// when the map shows none (see [`PretendingPeriodReport`]).
    pub period: Option<PretendingPeriodReport>,
}

/// A period of the pretending map: Φ(n + p) = Φ(n) from heap `preperiod`.
/// Proved, the quotient is that of *every* heap, and heap n past the bound
/// pretends to be the element of heap `preperiod + (n − preperiod) mod
/// period`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PretendingPeriodReport {
    /// The first heap the period holds from.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// Whether the bound reaches the theorem's window.
    pub proved: bool,
    /// The theorem whose window proves it (the misère form of the octal
    /// periodicity argument, `grundy::misere::pretending_period`), absent
    /// when none applies to the game.
    pub theorem: Option<String>,
    /// The least heap bound that proves it, absent when no theorem applies.
    pub needs_max_heap: Option<u64>,
}

/// One generator of a quotient's presentation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GeneratorReport {
    /// Its letter.
    pub name: String,
    /// The heap it is the element of.
    pub heap: u64,
}

impl Solver {
    /// Memory for the genera and the judge: a quarter of the budget.
    pub(crate) fn misere_bytes(&self) -> u64 {
        self.config().budget.max_bytes() / 4
    }

    /// The misère quotient of `game` restricted to heaps up to `max_heap`.
    ///
    /// ```
    /// use grundy::Ruleset;
    /// use grundy_service::{Solver, Watch};
    /// let report = Solver::default().misere_quotient(&Ruleset::Nim, 3, &mut Watch::silent())?;
    /// assert_eq!((report.size, report.p_portion.len()), (6, 2));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] past [`MAX_QUOTIENT_HEAP`]; as
    /// [`Quotient::compute`] otherwise.
    pub fn misere_quotient(
        &self,
        game: &Ruleset,
        max_heap: u64,
        watch: &mut Watch,
    ) -> Result<QuotientReport> {
        self.quotient_and_certificate(game, max_heap, false, watch)
            .map(|(report, _)| report)
    }

    /// The misère quotient and, when its pretending map's period is proved
    /// at this bound, the certificate of it
    /// ([`grundy::misere::certificate`]), which [`crate::verify`] checks.
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let game = "0.75".parse()?;
    /// let (report, text) = Solver::default().misere_certificate(&game, 21, &mut Watch::silent())?;
    /// assert!(report.period.unwrap().proved);
    /// let verified = grundy_service::verify(&text.unwrap())?;
    /// assert_eq!((verified.preperiod, verified.period, verified.checked_to), (8, 2, 21));
    /// let (_, none) = Solver::default().misere_certificate(&game, 20, &mut Watch::silent())?;
    /// assert!(none.is_none());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Solver::misere_quotient`].
    pub fn misere_certificate(
        &self,
        game: &Ruleset,
        max_heap: u64,
        watch: &mut Watch,
    ) -> Result<(QuotientReport, Option<String>)> {
        self.quotient_and_certificate(game, max_heap, true, watch)
    }

    fn quotient_and_certificate(
        &self,
        game: &Ruleset,
        max_heap: u64,
        certify: bool,
        watch: &mut Watch,
    ) -> Result<(QuotientReport, Option<String>)> {
        if max_heap > MAX_QUOTIENT_HEAP {
            return Err(Error::new(
                ErrorKind::InvalidInput,
                format!(
                    "a misère quotient is computed for heaps up to {MAX_QUOTIENT_HEAP}; ask for a smaller bound"
                ),
            ));
        }
        let q =
            Quotient::compute_with(game, max_heap, self.misere_bytes(), &mut heaps_done(watch))?;
        let period = pretending_period(game, &q);
        quotient_report(game, &q, period.as_ref(), certify)
    }

    /// The misère quotient of *every* heap of `game`: the quotient the
    /// solver finds for positions ([`Solver::misere_position`]'s policy:
    /// heap bounds 32, 64, … up to [`MAX_QUOTIENT_HEAP`], or the bound an
    /// observed period needs, until the pretending map's period is proved;
    /// kept in memory and in the store), with its certificate when
    /// `certify`.
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let (q, certificate) = Solver::default().misere_quotient_of_every_heap(&"0.75".parse()?, true, &mut Watch::silent())?;
    /// let period = q.period.unwrap();
    /// assert!(period.proved && q.max_heap >= period.needs_max_heap.unwrap());
    /// assert_eq!(q.size, 8);
    /// assert!(grundy_service::verify(&certificate.unwrap()).is_ok());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] when no periodicity theorem applies to
    /// the game's pretending map (nim, say); [`ErrorKind::Overflow`] when
    /// the construction stops before a period is proved, or none is proved
    /// by heap [`MAX_QUOTIENT_HEAP`]; [`ErrorKind::Interrupted`] when
    /// `watch` says stop.
    pub fn misere_quotient_of_every_heap(
        &self,
        game: &Ruleset,
        certify: bool,
        watch: &mut Watch,
    ) -> Result<(QuotientReport, Option<String>)> {
        if !misere::period_provable(game) {
            return Err(Error::new(
                ErrorKind::InvalidInput,
                format!(
                    "no periodicity theorem applies to the misère quotient of {game}, so none is proved for every heap; give a heap bound (at most {MAX_QUOTIENT_HEAP})"
                ),
            ));
        }
        let mut found = self.misere_strategy(game, MAX_QUOTIENT_HEAP + 1, watch)?;
        if found.is_none() && self.distrust_stored_limit(game) {
            found = self.misere_strategy(game, MAX_QUOTIENT_HEAP + 1, watch)?;
        }
        let Some(strategy) = found else {
            return Err(Error::new(
                ErrorKind::Overflow,
                self.no_quotient_of_every_heap(game),
            ));
        };
        quotient_report(game, strategy.quotient(), strategy.period(), certify)
    }

    /// The genera of heaps 0..=`to` of `game`.
    ///
    /// ```
    /// use grundy::Ruleset;
    /// use grundy_service::{Solver, Watch};
    /// let report = Solver::default().genera(&Ruleset::Nim, 3, &mut Watch::silent())?;
    /// let written: Vec<_> = report.heaps.iter().map(|h| h.genus.as_str()).collect();
    /// assert_eq!(written, ["0^120", "1^031", "2^20", "3^31"]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] past [`MAX_MISERE_HEAP`];
    /// [`ErrorKind::TooLarge`] when sums with wild heaps need more than a
    /// quarter of the memory budget.
    pub fn genera(&self, game: &Ruleset, to: u64, watch: &mut Watch) -> Result<GeneraReport> {
        check_heap(to)?;
        let genera = Genera::compute_with(game, to, self.misere_bytes(), &mut heaps_done(watch))?;
        Ok(GeneraReport {
            game: game.to_string(),
            to,
            first_wild: genera.first_wild(),
            heaps: (0..=to)
                .map(|n| {
                    let g = genera.heap(n);
                    HeapGenus {
                        heap: n,
                        genus: g.to_string(),
                        normal: g.normal(),
                        misere: g.written().to_vec(),
                        tame: genera.tame(n).map(|t| match t {
                            Tame::Fickle => TameKind::Fickle,
                            Tame::Firm => TameKind::Firm,
                        }),
                    }
                })
                .collect(),
        })
    }

    /// Who wins `heaps` under misère play, and the winning moves (at most
    /// `limit` listed).
    ///
    /// ```
    /// use grundy::Ruleset;
    /// use grundy_service::{Solver, Watch, misere::MisereMethod};
    /// let strip: Ruleset = "0.07".parse()?;
    /// // A heap of 2 plays like a heap of 1 in nim: three of them are lost.
    /// let report = Solver::default().misere_position(&strip, &[2, 2, 2], 20, &mut Watch::silent())?;
    /// assert!(!report.winning);
    /// assert_eq!(report.method, MisereMethod::Tame);
    ///
    /// // Kayles is wild from heap 5 on; its quotient covers heaps of any
    /// // size once the period of its pretending map is proved.
    /// let kayles: Ruleset = "0.77".parse()?;
    /// let report = Solver::default().misere_position(&kayles, &[40, 50, 5000], 3, &mut Watch::silent())?;
    /// assert_eq!(report.method, MisereMethod::Quotient);
    /// assert!(report.quotient.unwrap().every_heap);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] for a heap past [`MAX_PLAYED_HEAP`],
    /// more than [`MAX_PLAYED_TOKENS`] in all, a heap past
    /// [`MAX_MISERE_HEAP`] that no quotient with a proved period covers, or
    /// a limit past [`MAX_MOVES_LISTED`]; [`ErrorKind::TooLarge`] when the
    /// position is wild and its game tree does not fit a quarter of the
    /// memory budget.
    pub fn misere_position(
        &self,
        game: &Ruleset,
        heaps: &[u64],
        limit: usize,
        watch: &mut Watch,
    ) -> Result<MiserePositionReport> {
        if limit > MAX_MOVES_LISTED {
            return Err(Error::new(
                ErrorKind::InvalidInput,
                format!("{limit} moves is more than can be listed; at most {MAX_MOVES_LISTED} are"),
            ));
        }
        let largest = heaps.iter().copied().max().unwrap_or(0);
        check_played(heaps)?;
        let rule = self.position_rule(game, heaps, largest, watch)?;
        let by_rule = match rule {
            Some(Rule::Tame(genera)) => misere::tame::winning_moves(game, &genera, heaps)?
                .zip(misere::tame::outcome(&genera, heaps)?)
                .map(|(moves, outcome)| (MisereMethod::Tame, None, outcome == Outcome::N, moves)),
            Some(Rule::Quotient(strategy)) => Some(by_quotient(game, &strategy, heaps)?),
            Some(Rule::Searched(winning, moves)) => {
                Some((MisereMethod::Judge, None, winning, moves))
            }
            None => None,
        };
        let (method, quotient, winning, moves) = if let Some(answer) = by_rule {
            answer
        } else {
            let searched = if largest > MAX_MISERE_HEAP {
                Err(Error::new(
                    ErrorKind::InvalidInput,
                    format!(
                        "heap {largest} is too large for misère play of {game}: past {MAX_MISERE_HEAP} only a misère quotient whose pretending map has a proved period answers, and none was found for this game (quotients are computed up to heap {MAX_QUOTIENT_HEAP}); ask about heaps up to {MAX_MISERE_HEAP}"
                    ),
                ))
            } else {
                search(game, heaps, self.misere_bytes(), watch)
            };
            match searched {
                Ok((winning, moves)) => (MisereMethod::Judge, None, winning, moves),
                // Where nothing else answers, a record in the store of where
                // the construction stops is not taken on trust: it is tried.
                Err(e)
                    if e.kind() != ErrorKind::Interrupted && self.distrust_stored_limit(game) =>
                {
                    match self.misere_strategy(game, largest, watch)? {
                        Some(strategy) => by_quotient(game, &strategy, heaps)?,
                        None => return Err(e),
                    }
                }
                Err(e) => return Err(e),
            }
        };
        Ok(MiserePositionReport {
            game: game.to_string(),
            play: "misere",
            position: heaps.to_vec(),
            winning,
            method,
            quotient,
            total_winning_moves: moves.len(),
            moves: moves
                .into_iter()
                .take(limit)
                .map(|m| MoveReport {
                    heap: m.heap,
                    from: m.from,
                    to: m.parts,
                })
                .collect(),
            can_move: heaps.iter().any(|&h| game.has_move(h)),
        })
    }
}

/// A position's answer from a quotient that covers its heaps: the method,
/// the quotient used, whether the player to move wins, the winning moves.
fn by_quotient(
    game: &Ruleset,
    strategy: &Strategy,
    heaps: &[u64],
) -> Result<(MisereMethod, Option<QuotientUsed>, bool, Vec<HeapMove>)> {
    let used = QuotientUsed {
        max_heap: strategy.quotient().max_heap(),
        size: strategy.quotient().len(),
        every_heap: strategy.covers_every_heap(),
    };
    let winning = strategy.outcome(heaps)?.next_player_wins();
    let moves = strategy.winning_moves(game, heaps)?;
    Ok((MisereMethod::Quotient, Some(used), winning, moves))
}

/// What answers a misère position short of the full game-tree search run
/// alone.
pub(crate) enum Rule {
    /// Every heap is tame: their genera.
    Tame(Box<Genera>),
    /// A quotient that covers every heap.
    Quotient(Arc<Strategy>),
    /// A game-tree search (within [`QUICK_SEARCH_BYTES`], or beside the
    /// quotient's construction): whether the player to move wins, and the
    /// winning moves.
    Searched(bool, Vec<HeapMove>),
}

/// The memo of the game-tree search tried before a quotient is computed
/// for a position (about 450,000 positions, the memo counted as
/// allocated, in about a second at most): a position it settles needs no
/// quotient, whose construction can take a minute where it fails (Dawson's
/// Kayles past heap 33: the search settles 70, or 40 + 35, in a fraction
/// of a second), and one it does not settle costs little beside the
/// quotient.
pub const QUICK_SEARCH_BYTES: u64 = 48 << 20;

impl Solver {
    /// How to answer `heaps` short of a full game-tree search: by a
    /// quotient already held or stored, by the tame rule (the genera, when
    /// every heap lies below the game's first wild heap), by a small
    /// game-tree search, or by a quotient computed now; `None` when none
    /// applies (see the module documentation).
    fn position_rule(
        &self,
        game: &Ruleset,
        heaps: &[u64],
        largest: u64,
        watch: &mut Watch,
    ) -> Result<Option<Rule>> {
        if let Some(strategy) = self.known_strategy(game, largest, watch) {
            return Ok(Some(Rule::Quotient(strategy)));
        }
        if largest <= MAX_MISERE_HEAP {
            if let Some(genera) = self.tame_genera(game, heaps, largest, watch)? {
                return Ok(Some(Rule::Tame(Box::new(genera))));
            }
            let bytes = QUICK_SEARCH_BYTES.min(self.misere_bytes());
            match search(game, heaps, bytes, watch) {
                Ok((winning, moves)) => return Ok(Some(Rule::Searched(winning, moves))),
                Err(e) if e.kind() == ErrorKind::TooLarge => {}
                Err(e) => return Err(e),
            }
            if self.threads() > 1 {
                return match self.quotient_or_search(game, heaps, largest, watch) {
                    // The construction skipped on the store's word and the
                    // search unable to answer: the construction is tried.
                    Err(e)
                        if e.kind() != ErrorKind::Interrupted
                            && self.distrust_stored_limit(game) =>
                    {
                        match self.misere_strategy(game, largest, watch)? {
                            Some(strategy) => Ok(Some(Rule::Quotient(strategy))),
                            None => Err(e),
                        }
                    }
                    answer => answer.map(Some),
                };
            }
        }
        Ok(self
            .misere_strategy(game, largest, watch)?
            .map(Rule::Quotient))
    }

    /// The genera of heaps up to `largest` when every heap of `heaps` is
    /// tame. They are computed for bounds 16, 32, … and given up as soon as
    /// a heap of the position is wild, or a wild heap lies below a heap of
    /// the position not reached yet (past a game's first wild heap, nearly
    /// every heap is wild, and wild genera cost a search each), or they
    /// outgrow a quarter of the budget.
    fn tame_genera(
        &self,
        game: &Ruleset,
        heaps: &[u64],
        largest: u64,
        watch: &mut Watch,
    ) -> Result<Option<Genera>> {
        let mut bound = largest.min(16);
        loop {
            let genera = match Genera::compute_with(
                game,
                bound,
                self.misere_bytes(),
                &mut heaps_done(watch),
            ) {
                Ok(genera) => genera,
                Err(e) if e.kind() == ErrorKind::TooLarge => return Ok(None),
                Err(e) => return Err(e),
            };
            let reached = heaps.iter().filter(|&&h| h <= bound);
            if reached.clone().any(|&h| genera.tame(h).is_none()) {
                return Ok(None);
            }
            if bound >= largest {
                return Ok(Some(genera));
            }
            if genera.first_wild().is_some() {
                return Ok(None);
            }
            bound = bound.saturating_mul(2).min(largest);
        }
    }
}

/// The game-tree search of `heaps` within `bytes` of memo: whether the
/// player to move wins, and every winning move.
pub(crate) fn search(
    game: &Ruleset,
    heaps: &[u64],
    bytes: u64,
    watch: &mut Watch,
) -> Result<(bool, Vec<HeapMove>)> {
    let mut judge = Judge::with_normal_form(game.clone(), bytes);
    let mut decided = |p: Progress| {
        watch.tell(Event::Scan {
            done: p.done,
            total: p.total,
        })
    };
    let winning = judge.outcome_with(heaps, &mut decided)?.next_player_wins();
    let moves = judge.winning_moves_with(heaps, &mut decided)?;
    Ok((winning, moves))
}

/// Refuses positions too large to list the moves of one by one.
fn check_played(heaps: &[u64]) -> Result<()> {
    let total = heaps.iter().fold(0u64, |a, &h| a.saturating_add(h));
    if let Some(&heap) = heaps.iter().find(|&&h| h > MAX_PLAYED_HEAP) {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            format!(
                "heap {heap} is too large for misère play: its moves are listed one by one, for heaps up to {MAX_PLAYED_HEAP}"
            ),
        ));
    }
    if total > MAX_PLAYED_TOKENS {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            format!(
                "these heaps total {total} tokens; misère positions are played for at most {MAX_PLAYED_TOKENS}, their moves listed one by one"
            ),
        ));
    }
    Ok(())
}

fn check_heap(heap: u64) -> Result<()> {
    if heap > MAX_MISERE_HEAP {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            format!(
                "heap {heap} is too large for misère play: genera are computed up to {MAX_MISERE_HEAP}, and a wild position is searched move by move"
            ),
        ));
    }
    Ok(())
}

/// Progress of the genera, as values computed.
fn heaps_done<'w, 'a>(watch: &'w mut Watch<'a>) -> impl FnMut(Progress) -> ControlFlow<()> + 'w {
    |p: Progress| {
        watch.tell(Event::Values {
            done: p.done,
            total: p.total,
        })
    }
}

/// The report of quotient `q` of `game` and the period found in its map,
/// with the certificate when `certify` and the period is proved.
fn quotient_report(
    game: &Ruleset,
    q: &Quotient,
    found: Option<&PretendingPeriod>,
    certify: bool,
) -> Result<(QuotientReport, Option<String>)> {
    let presentation = Presentation::of(q);
    let text = match found {
        Some(p) if certify && p.is_proved() => Some(misere::certificate::write(game, q, p)?),
        _ => None,
    };
    let period = found.map(|p| PretendingPeriodReport {
        preperiod: p.preperiod,
        period: p.period,
        proved: p.is_proved(),
        theorem: p.proof.map(|(theorem, _)| theorem.name().to_string()),
        needs_max_heap: p.proof.map(|(_, needs)| needs),
    });
    let report = QuotientReport {
        game: game.to_string(),
        max_heap: q.max_heap(),
        size: q.len(),
        p_portion: q.p_portion(),
        pretending: q.heap_elements().to_vec(),
        representatives: q.shortest_sums(),
        product: q.rows().to_vec(),
        generators: presentation
            .generators()
            .iter()
            .enumerate()
            .map(|(i, &heap)| GeneratorReport {
                name: Presentation::letter(i),
                heap,
            })
            .collect(),
        relations: presentation
            .relations()
            .iter()
            .map(|r| presentation.relation_text(r))
            .collect(),
        elements: presentation
            .normal_forms()
            .iter()
            .map(|w| Presentation::word_text(w))
            .collect(),
        period,
    };
    Ok((report, text))
}
