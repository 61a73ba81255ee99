//! The solver's face: [`Solver`], the one type every front end asks, and
//! its [`Config`].
//!
//! Each question is one method, a delegation of a few lines to the module
//! under `questions/` that answers it; [`Solver::answer`] takes the same
//! questions as data and asks the same methods. Methods take the service's
//! [`Game`], so whether a question applies to a kind of game is decided
//! (and worded) once, by [`Game::sum_of_heaps`], [`Game::multiheap`],
//! [`Game::board`] and [`Game::board_family`].
//! What the solver holds between requests lives beside it: the value tables
//! (`tables.rs`), the misère quotients (`strategies.rs`), the store
//! ([`Store`](crate::Store)); the limits on what one request may ask, in
//! `limits.rs`.

use std::ops::ControlFlow;
use std::sync::Arc;

use grundy::heap_game::HeapGame;
use grundy::multiheap::{Method, Tally};
use grundy::period::{PeriodicValues, Verdict};
use grundy::search::{self, Search};
use grundy::{Result, ValueTable};

use crate::core::{Config, Core};
use crate::game::Game;
use crate::misere_report::{GeneraReport, MiserePositionReport, QuotientReport};
use crate::questions::answer::{Answer, Question};
use crate::questions::catalogue_entry::CatalogueEntry;
use crate::questions::moves_game::JudgedMoves;
use crate::questions::{
    analyze, answer, board, board_misere, board_moves, board_values, catalogue_entry, count,
    frequencies, genera, heap_game, misere_position, moves, moves_game, p_positions, period,
    position, quotient, values, verify,
};
use crate::report::{
    AnalysisReport, BoardMisereReport, BoardMovesReport, BoardReport, BoardValuesReport,
    CountReport, FrequencyReport, MoveReport, MovesReport, MultiheapMoveReport,
    MultisetCountReport, PeriodReport, PositionReport, ValuesReport, VerifyReport,
};
use crate::tables;
use crate::watch::Watch;

/// The solver: every question about a game, answered with the policy that
/// front ends must not copy (which engine runs, the memory budget, how far
/// a period search goes by default, when values are read from and written
/// to the [`Store`](crate::Store), one computation per game at a time). `Send + Sync`:
/// share one among threads (in an `Arc`).
///
/// ```
/// use grundy_service::{Solver, Watch};
/// let solver = Solver::default();
/// let strip = "0.07".parse()?;
/// let (verdict, _) = solver.period(&strip, None, &mut Watch::silent())?;
/// let p = verdict.periodicity().unwrap();
/// assert_eq!((p.preperiod(), p.period(), p.is_proved()), (53, 34, true));
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// Every question may fail with [`ErrorKind::InvalidSpec`](grundy::ErrorKind::InvalidSpec)
/// (in [`Solver::answer`], for a bad spec), [`ErrorKind::InvalidInput`](grundy::ErrorKind::InvalidInput)
/// for a game of the wrong kind ([`Detail::WrongGame`](grundy::Detail::WrongGame)) or an
/// amount out of range ([`Detail::OutOfRange`](grundy::Detail::OutOfRange)),
/// [`ErrorKind::TooLarge`](grundy::ErrorKind::TooLarge) past the memory budget
/// ([`Detail::OverBudget`](grundy::Detail::OverBudget), checked before anything is
/// computed), and [`ErrorKind::Interrupted`](grundy::ErrorKind::Interrupted) once
/// the [`Watch`] says stop (what was computed is kept in the store).
#[derive(Debug, Default)]
pub struct Solver {
    core: Core,
}

impl Solver {
    /// A solver with `config`.
    ///
    /// With [`Config::threads`], the engines compute on a pool of that
    /// many threads of the solver's own (if the system refuses to start
    /// them, on the global pool).
    pub fn new(config: Config) -> Self {
        Solver {
            core: Core::new(config),
        }
    }

    /// The number of threads the engines compute on.
    pub fn threads(&self) -> usize {
        self.core.threads()
    }

    /// How this solver works.
    pub fn config(&self) -> &Config {
        &self.core.config
    }

    /// The number of computations run so far: requests that had to compute
    /// values (not those answered from memory or the store). Two requests
    /// for the same game at the same time count one.
    pub fn computations(&self) -> u64 {
        tables::computations(&self.core)
    }

    /// Answers `question`, given as data (a web request, a Python call), by
    /// the method for it: the JSON of the answer is that method's report.
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
    ///
    /// # Errors
    /// [`ErrorKind::InvalidSpec`](grundy::ErrorKind::InvalidSpec) for a bad
    /// game spec, and what the method answering the question returns.
    pub fn answer(&self, question: &Question, watch: &mut Watch) -> Result<Answer> {
        answer::answer(&self.core, question, watch)
    }

    /// The table of a heap game holding at least `G(0..=to)` (it may hold
    /// more), computed, read from the store or shared with the request
    /// computing it.
    ///
    /// # Errors
    /// [`ErrorKind::TooLarge`](grundy::ErrorKind::TooLarge) if the values
    /// do not fit in the budget (checked before anything is read or
    /// computed).
    pub fn values(&self, game: &Game, to: u64, watch: &mut Watch) -> Result<Arc<ValueTable>> {
        tables::values(
            &self.core,
            game.sum_of_heaps("a table of values")?,
            to,
            watch,
        )
    }

    /// The limit of a period search of a heap game when none is given:
    /// where a theorem can prove a period, [`SEARCH_LIMIT`](crate::SEARCH_LIMIT)
    /// heaps (or [`COSTLY_SEARCH_LIMIT`](crate::COSTLY_SEARCH_LIMIT) where each
    /// heap costs work that grows with it), at most what fits in the memory
    /// budget; else [`OBSERVE_LIMIT`](crate::OBSERVE_LIMIT).
    ///
    /// # Errors
    /// For a multi-heap game.
    pub fn default_search_limit(&self, game: &Game) -> Result<u64> {
        Ok(tables::default_search_limit(
            &self.core,
            game.sum_of_heaps("a period search")?,
        ))
    }

    /// Searches for a period of a heap game among the heaps `0..=max` (by
    /// default [`Solver::default_search_limit`]), starting from the stored
    /// values: a search repeated, or continued with a larger `max`, does not
    /// compute again what it has. Returns the verdict and the values it
    /// rests on.
    pub fn period(
        &self,
        game: &Game,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<(Verdict, Arc<ValueTable>)> {
        tables::period(
            &self.core,
            game.sum_of_heaps("a period search")?,
            max,
            watch,
        )
    }

    /// Values of a heap game able to answer every heap up to `to`: the
    /// table up to `to` when `to <= max`; else a proved period found within
    /// `max`; else the table computed up to `to`.
    ///
    /// # Errors
    /// [`ErrorKind::TooLarge`](grundy::ErrorKind::TooLarge) with
    /// [`Quantity::SearchLimit`](grundy::Quantity::SearchLimit) where no
    /// period is proved within `max` and each heap's value costs work that
    /// grows with the heap (codes splitting a heap in three): `max` is the
    /// last heap computed without a proof.
    pub fn periodic(
        &self,
        game: &Game,
        to: u64,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<PeriodicValues> {
        tables::periodic(
            &self.core,
            game.sum_of_heaps("a table of values")?,
            to,
            max,
            watch,
        )
    }

    /// `G(from..=to)` of `game`: from the values in memory, or from a
    /// proved period wherever a search up to `to` (at most `max`, by default
    /// the search limit) proves one, which it stops at; else from the table
    /// computed up to `to`. So 0.07 to 10^6 computes a few hundred values.
    /// Past `max` without a proved period, as [`Solver::periodic`].
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let kayles = "kayles".parse()?;
    /// let r = Solver::default().values_report(&kayles, 0, 9, None, &mut Watch::silent())?;
    /// assert_eq!(r.values.to_vec(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4]);
    /// assert_eq!(serde_json::to_string(&r).unwrap(), r#"{"game":"0.77","values":[0,1,2,3,1,4,3,2,1,4]}"#);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`](grundy::ErrorKind::InvalidInput) if
    /// `from > to` or the range holds more than [`MAX_VALUES`](crate::MAX_VALUES).
    pub fn values_report(
        &self,
        game: &Game,
        from: u64,
        to: u64,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<ValuesReport> {
        values::values_report(&self.core, game, from, to, max, watch)
    }

    /// The period verdict on `game` (see [`Solver::period`]).
    pub fn period_report(
        &self,
        game: &Game,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<PeriodReport> {
        period::period_report(&self.core, game, max, watch)
    }

    /// The verdict on `game` and, when proved, the text of a certificate
    /// that [`Solver::verify`] checks.
    pub fn certificate(
        &self,
        game: &Game,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<(PeriodReport, Option<String>)> {
        period::certificate(&self.core, game, max, watch)
    }

    /// Checks a certificate's text from the rules alone and says what it
    /// proves: a version 2 certificate's carried values each checked against
    /// their options, a version 1 certificate's values recomputed; or a
    /// misère quotient's certificate.
    ///
    /// # Errors
    /// [`ErrorKind::Corrupt`](grundy::ErrorKind::Corrupt) with what failed,
    /// or [`ErrorKind::TooLarge`](grundy::ErrorKind::TooLarge) past the
    /// verifier's limits, or where the window it checks would not fit in
    /// what the process's memory budget leaves (before it is allocated).
    pub fn verify(&self, text: &str) -> Result<VerifyReport> {
        verify::verify(&self.core, text, &mut Watch::silent())
    }

    /// [`Solver::verify`] under `watch`: the heaps checked (or recomputed)
    /// so far are told as [`Event::Scan`](crate::Event::Scan), and a watch
    /// that says stop ends the check.
    ///
    /// # Errors
    /// As [`Solver::verify`], and
    /// [`ErrorKind::Interrupted`](grundy::ErrorKind::Interrupted) when
    /// `watch` said stop.
    pub fn verify_with(&self, text: &str, watch: &mut Watch) -> Result<VerifyReport> {
        verify::verify(&self.core, text, watch)
    }

    /// First-player wins and losses among the heaps `from..=to` (`from`
    /// defaults to 1).
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let strip = "paper-strip".parse()?;
    /// let r = Solver::default().count(&strip, None, 50, None, &mut Watch::silent())?;
    /// assert_eq!((r.wins, r.losses), (40, 10));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn count(
        &self,
        game: &Game,
        from: Option<u64>,
        to: u64,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<CountReport> {
        count::count(&self.core, game, from, to, max, watch)
    }

    /// Lost positions among the multisets of `heaps` heaps `0..=to`.
    pub fn count_multisets(
        &self,
        game: &Game,
        heaps: u32,
        to: u64,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<MultisetCountReport> {
        count::count_multisets(&self.core, game, heaps, to, max, watch)
    }

    /// How many heaps `1..=to` of `game` have each value. Values that do
    /// not fit in the memory budget are computed past memory when the
    /// sparse engine applies and the solver has a store.
    pub fn frequencies(&self, game: &Game, to: u64, watch: &mut Watch) -> Result<FrequencyReport> {
        frequencies::frequencies(&self.core, game, to, watch)
    }

    /// The value of the position `heaps` of a heap game and its winning
    /// moves. Heaps up to `max` are valued from the table; larger ones from
    /// a proved period, their winning moves counted by residue class and
    /// listed up to `limit`.
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let g = "grundy".parse()?;
    /// let r = Solver::default().position(&g, &[5, 10, 20], 100, None, &mut Watch::silent())?;
    /// assert_eq!((r.value, r.moves.len()), (2, 2));
    /// assert_eq!(r.moves[0].apply(&r.position), [1, 4, 10, 20]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn position(
        &self,
        game: &Game,
        heaps: &[u64],
        limit: usize,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<PositionReport> {
        position::position(&self.core, game, heaps, limit, max, watch)
    }

    /// Who wins the position `heaps` of a multi-heap game, and a winning
    /// move. Wythoff's game is answered from its closed form, for heaps of
    /// any size and with no table; other games by a scan of the
    /// P-positions up to the largest heap.
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let wythoff = "wythoff".parse()?;
    /// let r = Solver::default().multiheap_move(&wythoff, &[1 << 40, 1 << 41], &mut Watch::silent())?;
    /// assert!(r.winning);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`](grundy::ErrorKind::InvalidInput) if the
    /// position has the wrong number of heaps;
    /// [`ErrorKind::TooLarge`](grundy::ErrorKind::TooLarge) if, for a game
    /// other than Wythoff's, a heap is past 2^32 − 1 or the tables up to
    /// its largest heap do not fit in the budget.
    pub fn multiheap_move(
        &self,
        game: &Game,
        heaps: &[u64],
        watch: &mut Watch,
    ) -> Result<MultiheapMoveReport> {
        position::multiheap_move(&self.core, game, heaps, watch)
    }

    /// Every legal move of the position `heaps` with its outcome, winning
    /// moves first; at most `limit` listed (`truncated` says whether some
    /// were left out). Heap games by nim-sums over the values; multi-heap
    /// games' winning moves by one scan of the P-positions up to the
    /// largest heap, or by Wythoff's closed form (any heaps, no table), and
    /// their other moves generated only as far as `limit`.
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let solver = Solver::default();
    /// let r = solver.moves(&"kayles".parse()?, &[3], 100, None, &mut Watch::silent())?;
    /// // From 3: take 1 (leaving 2, or 1 and 1) or 2 (leaving 1).
    /// assert_eq!(r.moves.len(), 3);
    /// assert!(r.winning && r.moves[0].winning && r.moves[0].position == [1, 1]);
    /// let r = solver.moves(&"wythoff".parse()?, &[2, 2], 100, None, &mut Watch::silent())?;
    /// let winning: Vec<_> = r.moves.iter().filter(|m| m.winning).map(|m| m.position.clone()).collect();
    /// assert_eq!(winning, [vec![1, 2], vec![2, 1], vec![0, 0]]); // to P-positions, listed first
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn moves(
        &self,
        game: &Game,
        heaps: &[u64],
        limit: usize,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<MovesReport> {
        moves::moves(&self.core, game, heaps, limit, max, watch)
    }

    /// Streams the P-positions of a multi-heap game with coordinates at
    /// most `to` to `visit`, in lexicographic order, and returns their count
    /// and sum.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use grundy_service::{Method, Solver, Watch};
    /// let mut found = Vec::new();
    /// let tally = Solver::default().p_positions(&"wythoff".parse()?, 10, Method::Fast,
    ///     &mut |p| { found.push(p.to_vec()); ControlFlow::Continue(()) }, &mut Watch::silent())?;
    /// assert_eq!(tally.count, 5);
    /// assert_eq!(found[1], [1, 2]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn p_positions(
        &self,
        game: &Game,
        to: u64,
        method: Method,
        visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
        watch: &mut Watch,
    ) -> Result<Tally> {
        p_positions::p_positions(&self.core, game, to, method, visit, watch)
    }

    /// A report on a heap game: rules, values up to `to` (by default the
    /// preperiod and two periods, at least 60 heaps, at most
    /// [`ANALYZED_BY_DEFAULT`](crate::ANALYZED_BY_DEFAULT)), P-positions, the
    /// period verdict and the first [`EXCEPTIONS_LISTED`](crate::EXCEPTIONS_LISTED)
    /// exceptions with their number.
    ///
    /// A small question is answered quickly: with `to` given and no `max`,
    /// the period search goes only to `max(to, OBSERVE_LIMIT)` (never past
    /// the default limit), so `analyze hex:0.8f` or `0.6` up to heap 10
    /// takes a moment; without `to`, to the default limit.
    pub fn analyze(
        &self,
        game: &Game,
        to: Option<u64>,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<AnalysisReport> {
        analyze::analyze(&self.core, game, to, max, watch)
    }

    /// Who wins `heaps` under misère play, and the winning moves (at most
    /// `limit` listed): by a quotient held or stored, the tame rule, a
    /// small game-tree search, the game's quotient or the full search.
    ///
    /// ```
    /// use grundy_service::{MisereMethod, Solver, Watch};
    /// let strip = "0.07".parse()?;
    /// // A heap of 2 plays like a heap of 1 in nim: three of them are lost.
    /// let report = Solver::default().misere_position(&strip, &[2, 2, 2], 20, &mut Watch::silent())?;
    /// assert!(!report.winning);
    /// assert_eq!(report.method, MisereMethod::Tame);
    ///
    /// // Kayles is wild from heap 5 on; its quotient covers heaps of any
    /// // size once the period of its pretending map is proved.
    /// let kayles = "0.77".parse()?;
    /// let report = Solver::default().misere_position(&kayles, &[40, 50, 5000], 3, &mut Watch::silent())?;
    /// assert_eq!(report.method, MisereMethod::Quotient);
    /// assert!(report.quotient.unwrap().every_heap);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn misere_position(
        &self,
        game: &Game,
        heaps: &[u64],
        limit: usize,
        watch: &mut Watch,
    ) -> Result<MiserePositionReport> {
        misere_position::misere_position(&self.core, game, heaps, limit, watch)
    }

    /// The genera of heaps 0..=`to` of a heap game.
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let report = Solver::default().genera(&"nim".parse()?, 3, &mut Watch::silent())?;
    /// let written: Vec<_> = report.heaps.iter().map(|h| h.genus.as_str()).collect();
    /// assert_eq!(written, ["0^120", "1^031", "2^20", "3^31"]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn genera(&self, game: &Game, to: u64, watch: &mut Watch) -> Result<GeneraReport> {
        genera::genera(&self.core, game, to, watch)
    }

    /// The misère quotient of a heap game restricted to heaps up to
    /// `max_heap`.
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let report = Solver::default().misere_quotient(&"nim".parse()?, 3, &mut Watch::silent())?;
    /// assert_eq!((report.size, report.p_portion.len()), (6, 2));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn misere_quotient(
        &self,
        game: &Game,
        max_heap: u64,
        watch: &mut Watch,
    ) -> Result<QuotientReport> {
        quotient::bounded(&self.core, game, max_heap, false, watch).map(|(report, _)| report)
    }

    /// The misère quotient and, when its pretending map's period is proved
    /// at this bound, the certificate of it, which [`Solver::verify`]
    /// checks.
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let solver = Solver::default();
    /// let game = "0.75".parse()?;
    /// let (report, text) = solver.misere_certificate(&game, 21, &mut Watch::silent())?;
    /// assert!(report.period.unwrap().proved);
    /// let verified = solver.verify(&text.unwrap())?;
    /// assert_eq!((verified.preperiod, verified.period, verified.checked_to), (8, 2, 21));
    /// let (_, none) = solver.misere_certificate(&game, 20, &mut Watch::silent())?;
    /// assert!(none.is_none());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn misere_certificate(
        &self,
        game: &Game,
        max_heap: u64,
        watch: &mut Watch,
    ) -> Result<(QuotientReport, Option<String>)> {
        quotient::bounded(&self.core, game, max_heap, true, watch)
    }

    /// The misère quotient of *every* heap of a heap game: the quotient the
    /// solver finds for positions (heap bounds 32, 64, … up to
    /// [`MAX_QUOTIENT_HEAP`](crate::MAX_QUOTIENT_HEAP), or the bound an
    /// observed period needs, until the pretending map's period is proved;
    /// kept in memory and in the store), with its certificate when
    /// `certify`.
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let solver = Solver::default();
    /// let (q, certificate) = solver.misere_quotient_of_every_heap(&"0.75".parse()?, true, &mut Watch::silent())?;
    /// let period = q.period.unwrap();
    /// assert!(period.proved && q.max_heap >= period.needs_max_heap.unwrap());
    /// assert_eq!(q.size, 8);
    /// assert!(solver.verify(&certificate.unwrap()).is_ok());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`](grundy::ErrorKind::InvalidInput) when no
    /// periodicity theorem applies to the game's pretending map (nim, say);
    /// [`ErrorKind::Overflow`](grundy::ErrorKind::Overflow) when the
    /// construction stops before a period is proved, or none is proved by
    /// heap [`MAX_QUOTIENT_HEAP`](crate::MAX_QUOTIENT_HEAP).
    pub fn misere_quotient_of_every_heap(
        &self,
        game: &Game,
        certify: bool,
        watch: &mut Watch,
    ) -> Result<(QuotientReport, Option<String>)> {
        quotient::of_every_heap(&self.core, game, certify, watch)
    }

    /// Searches for a period of a heap game up to heap `max` as
    /// [`Solver::period`] does, and returns the catalogue's entry. A search
    /// that `watch` stops, or that would exceed the memory budget, is not an
    /// error: the entry then holds the verdict on the values reached, with
    /// [`CatalogueEntry::stopped`] saying why.
    ///
    /// ```
    /// use grundy_service::{Solver, Status, Watch};
    /// let solver = Solver::default();
    /// let e = solver.catalogue_entry(&"0.07".parse()?, 1000, &mut Watch::silent())?;
    /// assert_eq!((e.report.status, e.report.period), (Status::Proved, Some(34)));
    /// assert!(solver.verify(e.certificate.as_deref().unwrap()).is_ok());
    /// assert_eq!(e.statistics.len, e.report.checked_to + 1);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn catalogue_entry(
        &self,
        game: &Game,
        max: u64,
        watch: &mut Watch,
    ) -> Result<CatalogueEntry> {
        catalogue_entry::catalogue_entry(&self.core, game, max, watch)
    }

    /// The value of a board or graph position (`cram:5x7`,
    /// `node-kayles:grid:3x8`, `chomp:5,3,3,1`): its nimber, by the
    /// search of its kind, which keeps what it learns for the next
    /// question (and, past a second's search, in the store).
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let solver = Solver::default();
    /// let r = solver.board_value(&"node-kayles:grid:2x4".parse()?, &mut Watch::silent())?;
    /// assert_eq!((r.value, r.winning), (0, false)); // a 2 × n ladder alternates 1, 0
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`](grundy::ErrorKind::InvalidInput) for a
    /// game that is not one board ([`Detail::WrongGame`](grundy::Detail::WrongGame))
    /// or a board past [`MAX_BOARD_CELLS`](crate::MAX_BOARD_CELLS) or
    /// [`MAX_GRAPH_VERTICES`](crate::MAX_GRAPH_VERTICES);
    /// [`ErrorKind::TooLarge`](grundy::ErrorKind::TooLarge) when the
    /// search's share of the budget has no room for
    /// [`MIN_TABLE_FACTS`](crate::MIN_TABLE_FACTS) facts;
    /// [`ErrorKind::Interrupted`](grundy::ErrorKind::Interrupted) once the
    /// watch says stop (what the search learnt is kept, and saved).
    pub fn board_value(&self, game: &Game, watch: &mut Watch) -> Result<BoardReport> {
        board::board_value(&self.core, game, watch)
    }

    /// The values of a family of boards (`cram:3xn`) for `n` in
    /// `from..=to`, every member checked before any is searched.
    ///
    /// # Errors
    /// As [`Solver::board_value`], and for a range that is empty or holds
    /// more than [`MAX_FAMILY_BOARDS`](crate::MAX_FAMILY_BOARDS) members.
    pub fn board_values(
        &self,
        game: &Game,
        from: u64,
        to: u64,
        watch: &mut Watch,
    ) -> Result<BoardValuesReport> {
        board_values::board_values(&self.core, game, from, to, watch)
    }

    /// Every move of a board or graph position with whether it wins (at
    /// most `limit` listed), in normal play or, with `misere`, misère
    /// play; the first listed is the move to play
    /// ([`BoardMovesReport::reply`]).
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let solver = Solver::default();
    /// let r = solver.board_moves(&"chomp:2x3".parse()?, 100, false, &mut Watch::silent())?;
    /// let winning: Vec<&str> = r.moves.iter().filter(|m| m.winning).map(|m| m.play.as_str()).collect();
    /// assert_eq!(winning, ["1,2"]); // leave rows of 3 and 2
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Solver::board_value`]; under misère play,
    /// [`ErrorKind::TooLarge`](grundy::ErrorKind::TooLarge) when the
    /// positions to remember pass the misère share of the budget.
    pub fn board_moves(
        &self,
        game: &Game,
        limit: usize,
        misere: bool,
        watch: &mut Watch,
    ) -> Result<BoardMovesReport> {
        board_moves::board_moves(&self.core, game, limit, misere, watch)
    }

    /// Who wins a board or graph position under misère play, where the
    /// last player to move loses: a search of whole positions (sums do not
    /// decompose under misère play).
    ///
    /// ```
    /// use grundy_service::{Solver, Watch};
    /// let r = Solver::default().board_misere(&"cram:1x2".parse()?, &mut Watch::silent())?;
    /// assert!(!r.winning); // the one move is the last
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Solver::board_moves`] under misère play.
    pub fn board_misere(&self, game: &Game, watch: &mut Watch) -> Result<BoardMisereReport> {
        board_misere::board_misere(&self.core, game, watch)
    }

    /// Extends `table`, the values of the heap game `game` given by its
    /// options (rules as code, such as a Python callback), up to `G(to)`:
    /// values by the definition, the memory budget checked as the table
    /// grows. The front end keeps the table with its game; nothing is
    /// stored.
    ///
    /// ```
    /// use grundy_service::{Solver, ValueTable, Watch, from_fn};
    /// // Kayles: take one or two adjacent pins, from the end or the middle.
    /// let kayles = from_fn(|n, out| {
    ///     for t in 1..=n.min(2) {
    ///         out.extend((0..=(n - t) / 2).map(|a| vec![a, n - t - a]));
    ///     }
    ///     Ok(())
    /// });
    /// let mut table = ValueTable::new();
    /// Solver::default().extend_heap_game(&kayles, &mut table, 10, &mut Watch::silent())?;
    /// assert_eq!(table.to_vec(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`](grundy::ErrorKind::InvalidInput) past
    /// [`MAX_VALUES`](crate::MAX_VALUES) heaps or for an option that leaves
    /// a heap not smaller than the heap moved in (the message names both);
    /// [`ErrorKind::TooLarge`](grundy::ErrorKind::TooLarge) past the memory
    /// budget; [`ErrorKind::Interrupted`](grundy::ErrorKind::Interrupted)
    /// once the [`Watch`] says stop (the values computed are kept in
    /// `table`); the errors of [`HeapGame::options`], unchanged.
    pub fn extend_heap_game(
        &self,
        game: &dyn HeapGame,
        table: &mut ValueTable,
        to: u64,
        watch: &mut Watch,
    ) -> Result<()> {
        heap_game::extend(&self.core, game, table, to, watch)
    }

    /// The position `heaps` of the heap game `game` given by its options,
    /// named `name` in the report: its value and winning moves (up to
    /// `limit`), from `table`, extended to its largest heap as
    /// [`Solver::extend_heap_game`] does.
    ///
    /// # Errors
    /// As [`Solver::extend_heap_game`], and
    /// [`ErrorKind::InvalidInput`](grundy::ErrorKind::InvalidInput) past
    /// [`MAX_MOVES_LISTED`](crate::MAX_MOVES_LISTED).
    pub fn heap_game_position(
        &self,
        game: &dyn HeapGame,
        name: &str,
        table: &mut ValueTable,
        heaps: &[u64],
        limit: usize,
        watch: &mut Watch,
    ) -> Result<PositionReport> {
        heap_game::position(&self.core, game, name, table, heaps, limit, watch)
    }

    /// The pattern the values of the heap game `game` (given by its
    /// options, named `name`) show up to `max` (by default
    /// [`OPTIONS_OBSERVE_LIMIT`](crate::OPTIONS_OBSERVE_LIMIT)): observed
    /// at best, as no theorem here covers a game known only by its options.
    ///
    /// # Errors
    /// As [`Solver::extend_heap_game`].
    pub fn heap_game_period(
        &self,
        game: &dyn HeapGame,
        name: &str,
        table: &mut ValueTable,
        max: Option<u64>,
        watch: &mut Watch,
    ) -> Result<PeriodReport> {
        heap_game::period(&self.core, game, name, table, max, watch)
    }

    /// Wins and losses among the single heaps `1..=to` of the heap game
    /// `game` given by its options, named `name` in the report, from
    /// `table`, extended to `to` as [`Solver::extend_heap_game`] does.
    ///
    /// # Errors
    /// As [`Solver::extend_heap_game`].
    pub fn heap_game_count(
        &self,
        game: &dyn HeapGame,
        name: &str,
        table: &mut ValueTable,
        to: u64,
        watch: &mut Watch,
    ) -> Result<CountReport> {
        heap_game::count(&self.core, game, name, table, to, watch)
    }

    /// Lost positions among the multisets of `heaps` heaps of sizes
    /// `0..=to` of the heap game `game` given by its options, as
    /// [`Solver::count_multisets`] counts them for a spec, from `table`
    /// extended to `to`.
    ///
    /// # Errors
    /// As [`Solver::extend_heap_game`] and [`Solver::count_multisets`].
    pub fn heap_game_count_multisets(
        &self,
        game: &dyn HeapGame,
        name: &str,
        table: &mut ValueTable,
        heaps: u32,
        to: u64,
        watch: &mut Watch,
    ) -> Result<MultisetCountReport> {
        heap_game::count_multisets(&self.core, game, name, table, heaps, to, watch)
    }

    /// Whether the position `heaps` of the heap game `game` given by its
    /// options is lost for the player to move under misère play, where the
    /// last player to move loses: a search of whole positions (sums do not
    /// decompose under misère play) within the misère share of the budget,
    /// its memory dropped after. `table` is extended to the largest heap
    /// first, which checks every option the search can meet.
    ///
    /// ```
    /// use grundy_service::{Solver, ValueTable, Watch, from_fn};
    /// // Nim: a heap of n may become any smaller heap.
    /// let nim = from_fn(|n, out| {
    ///     out.extend((0..n).map(|m| if m == 0 { vec![] } else { vec![m] }));
    ///     Ok(())
    /// });
    /// let solver = Solver::default();
    /// let mut table = ValueTable::new();
    /// let lost = |heaps: &[u64], t: &mut ValueTable| {
    ///     solver.heap_game_misere(&nim, t, heaps, &mut Watch::silent())
    /// };
    /// // Misère nim: with a heap above 1 as in normal play, else by parity.
    /// assert_eq!(lost(&[1, 1, 1], &mut table)?, true);
    /// assert_eq!(lost(&[1, 1], &mut table)?, false);
    /// assert_eq!(lost(&[2, 2], &mut table)?, true);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Solver::extend_heap_game`], and
    /// [`ErrorKind::TooLarge`](grundy::ErrorKind::TooLarge) when the
    /// positions to remember pass the misère share of the budget.
    pub fn heap_game_misere(
        &self,
        game: &(dyn HeapGame + Sync),
        table: &mut ValueTable,
        heaps: &[u64],
        watch: &mut Watch,
    ) -> Result<bool> {
        heap_game::misere(&self.core, game, table, heaps, watch)
    }

    /// Whether the player to move wins the position `heaps` of the heap
    /// game `game` under misère play, and its winning moves there (at most
    /// `limit`, in the order of the heaps and of their options), as
    /// [`Solver::heap_game_misere`] finds them.
    ///
    /// # Errors
    /// As [`Solver::heap_game_misere`], and
    /// [`ErrorKind::InvalidInput`](grundy::ErrorKind::InvalidInput) past
    /// [`MAX_MOVES_LISTED`](crate::MAX_MOVES_LISTED).
    pub fn heap_game_misere_moves(
        &self,
        game: &(dyn HeapGame + Sync),
        table: &mut ValueTable,
        heaps: &[u64],
        limit: usize,
        watch: &mut Watch,
    ) -> Result<(bool, Vec<MoveReport>)> {
        heap_game::misere_moves(&self.core, game, table, heaps, limit, watch)
    }

    /// A search of `game`, an impartial game given by its moves (rules as
    /// code, such as a Python callback), for [`Solver::moves_game_value`]
    /// and the questions beside it. Its table takes the share of the
    /// memory budget a board search takes, dropping the facts cheapest to
    /// find past it; it runs on one thread, as a callback into another
    /// language runs one call at a time. The front end keeps the search
    /// with its game, so that each question builds on what the ones before
    /// it learnt; nothing is stored.
    ///
    /// ```
    /// use grundy_service::{SearchGame, Solver, Watch};
    /// /// Take one or two tokens: values 0, 1, 2, 0, 1, 2, …
    /// struct TakeOneOrTwo;
    /// impl SearchGame for TakeOneOrTwo {
    ///     type Position = u32;
    ///     type Move = u32;
    ///     fn moves(&self, n: &u32, out: &mut Vec<(u32, u32)>) {
    ///         out.extend((1..=2).filter(|&t| t <= *n).map(|t| (t, n - t)));
    ///     }
    /// }
    /// let solver = Solver::default();
    /// let mut search = solver.moves_game_search(TakeOneOrTwo);
    /// assert_eq!(solver.moves_game_value(&mut search, &7, &mut Watch::silent())?, 1);
    /// let (value, moves) = solver.moves_game_moves(&mut search, &7, &mut Watch::silent())?;
    /// let winning: Vec<u32> = moves.iter().filter(|m| m.wins).map(|m| m.after).collect();
    /// assert_eq!((value, winning), (1, vec![6]));
    /// assert!(solver.moves_game_misere(TakeOneOrTwo, &1, &mut Watch::silent())?);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn moves_game_search<G: search::Game>(&self, game: G) -> Search<G> {
        moves_game::search(&self.core, game)
    }

    /// The nimber of `position` in the game `search` searches (made by
    /// [`Solver::moves_game_search`]): the nim-sum of its components'.
    ///
    /// # Errors
    /// [`ErrorKind::Interrupted`](grundy::ErrorKind::Interrupted) once the
    /// [`Watch`] (told [`Event::Positions`](crate::Event::Positions)) says
    /// stop, what the search learnt kept;
    /// [`ErrorKind::TooLarge`](grundy::ErrorKind::TooLarge) for a game too
    /// long for the search's recursion.
    pub fn moves_game_value<G: search::Game>(
        &self,
        search: &mut Search<G>,
        position: &G::Position,
        watch: &mut Watch,
    ) -> Result<u64> {
        moves_game::value(search, position, watch)
    }

    /// The nimber of `position`, as [`Solver::moves_game_value`], and
    /// every move of it with the position it leads to and whether it wins,
    /// in the game's order.
    ///
    /// # Errors
    /// As [`Solver::moves_game_value`].
    pub fn moves_game_moves<G: search::Game>(
        &self,
        search: &mut Search<G>,
        position: &G::Position,
        watch: &mut Watch,
    ) -> Result<(u64, JudgedMoves<G>)> {
        moves_game::moves(search, position, watch)
    }

    /// Whether `position` of `game` (given by its moves) is lost for the
    /// player to move under misère play, where the last player to move
    /// loses: a search of whole positions (sums do not decompose under
    /// misère play), within the misère share of the budget, its memory
    /// dropped after.
    ///
    /// # Errors
    /// As [`Solver::moves_game_value`], and
    /// [`ErrorKind::TooLarge`](grundy::ErrorKind::TooLarge) when the
    /// positions to remember pass the misère share of the budget.
    pub fn moves_game_misere<G: search::Game>(
        &self,
        game: G,
        position: &G::Position,
        watch: &mut Watch,
    ) -> Result<bool> {
        moves_game::misere(&self.core, game, position, watch)
    }
}
