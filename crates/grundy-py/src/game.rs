//! `grundy.Game`: one game, named by a spec, and the questions about it.

use grundy_service::{
    DEFAULT_MOVES_ALL, DEFAULT_MOVES_LISTED, Game as Spec, PositionReport, ValueTable,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyByteArray;

use crate::answers::{Count, Period, Position, Values};
use crate::args::{HeapCount, Heaps, Limit, Size};
use crate::boards::{self, BoardMove};
use crate::heap_game::OptionsGame;
use crate::html;
use crate::misere_answers::{Genera, MiserePosition, MisereQuotient};
use crate::moves_game::{MovesGame, function_name};
use crate::ppos::PPositions;
use crate::run::{compute, compute_mapped, error, quotient_error};

/// An impartial game, named by any spec the command line takes: octal and
/// hexadecimal codes (``"0.77"``, ``"hex:0.8f"``), names (``"kayles"``,
/// ``"dawson-kayles"``, ``"dawsons-chess"``, ``"grundy"``,
/// ``"paper-strip"``, ``"nim"``, ``"nim-square"``), subtraction sets
/// (``"sub:1,3,4"``, ``"sub:squares"``, ``"allbut:1,2"``), the multi-heap games
/// ``"wythoff"``, ``"stone"``, ``"subsets:K:..."``, boards and graphs with
/// their position (``"cram:5x7"``, ``"cram:..#/..."``,
/// ``"node-kayles:grid:3x8"``, ``"chomp:5,3,3,1"``; see ``grundy.Cram``,
/// ``grundy.NodeKayles``, ``grundy.Chomp``) and families of them
/// (``"cram:3xn"``, whose ``values(to)`` are the boards' values).
///
/// A board's position is its spec: ``value()``, ``outcome()``,
/// ``winning_moves()``, ``moves()``, ``misere_outcome()`` and
/// ``misere_winning_moves()`` take no heaps.
///
/// Raises ValueError, with the command line's message, for a bad spec.
///
/// >>> import grundy
/// >>> g = grundy.Game("paper-strip")
/// >>> g
/// Game('0.07')
/// >>> g.values(10).tolist()
/// [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
/// >>> g.outcome([5, 9])
/// 'P'
/// >>> grundy.Game("kayls")
/// Traceback (most recent call last):
/// ...
/// ValueError: ...
#[derive(Debug)]
#[pyclass(frozen, subclass, module = "grundy")]
pub struct Game {
    game: Spec,
}

impl Game {
    /// The game of `spec`.
    pub fn from_spec(game: Spec) -> Self {
        Game { game }
    }

    /// The board of a board game, where a question about a position got no
    /// heaps; the heaps, where it got some; a refusal otherwise.
    fn position_of(&self, heaps: Option<Heaps>, call: &str) -> PyResult<Asked> {
        match (&self.game, heaps) {
            (Spec::Board(_), None) => Ok(Asked::Board),
            (Spec::Board(_), Some(_)) => Err(PyValueError::new_err(format!(
                "{} is a board: its position is its spec, so {call}() takes no heaps",
                self.game
            ))),
            (_, Some(heaps)) => Ok(Asked::Heaps(heaps.into_vec())),
            (Spec::BoardFamily(f), None) => Err(PyValueError::new_err(format!(
                "{f} is a family of boards: name one board (Game(\"{}\")), or ask for its values(to)",
                f.member(4)
                    .map_or_else(|_| "cram:3x4".to_string(), |b| b.to_string())
            ))),
            (_, None) => Err(PyTypeError::new_err(format!(
                "{call}() of {} needs the heaps of a position, as in {call}([3, 5])",
                self.game
            ))),
        }
    }

    fn board_moves(
        &self,
        py: Python<'_>,
        limit: usize,
        misere: bool,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<BoardMove>> {
        let game = &self.game;
        let r = compute(py, progress, |s, w| s.board_moves(game, limit, misere, w))?;
        Ok(BoardMove::all(r))
    }

    /// The winning moves of a board, at most `limit`.
    fn board_winning(
        &self,
        py: Python<'_>,
        limit: usize,
        misere: bool,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        // Winning moves come first: the first `limit` listed hold them.
        self.board_moves(py, limit, misere, progress)?
            .into_iter()
            .filter(|m| m.is_winning())
            .map(|m| Ok(Py::new(py, m)?.into_any()))
            .collect()
    }
    fn misere_report(
        &self,
        py: Python<'_>,
        heaps: Vec<u64>,
        limit: usize,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<MiserePosition> {
        let game = &self.game;
        let r = compute(py, progress, |s, w| {
            s.misere_position(game, &heaps, limit, w)
        })?;
        MiserePosition::new(py, r)
    }

    fn report(
        &self,
        py: Python<'_>,
        heaps: Vec<u64>,
        limit: usize,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Position> {
        let game = &self.game;
        if let Spec::Multiheap(_) = game {
            let r = compute(py, progress, |s, w| s.multiheap_move(game, &heaps, w))?;
            return Ok(Position::multiheap(r));
        }
        let r: PositionReport = compute(py, progress, |s, w| {
            s.position(game, &heaps, limit, None, w)
        })?;
        Ok(Position::heaps(py, r))
    }
}

#[pymethods]
impl Game {
    #[new]
    fn new(spec: &str) -> PyResult<Self> {
        Ok(Game {
            game: spec.parse().map_err(error)?,
        })
    }

    /// A heap game given by a Python function: ``options(n)`` returns the
    /// positions a heap of ``n`` may be replaced by, each a tuple of heap
    /// sizes smaller than ``n`` (``()`` when the heap is taken away), and
    /// ``name`` names it in answers. See ``OptionsGame``; a Python-only
    /// feature.
    ///
    /// >>> import grundy
    /// >>> g = grundy.Game.from_options(lambda n: [(n - 1,)] if n else [], name="one at a time")
    /// >>> g.values(5).tolist()
    /// [0, 1, 0, 1, 0, 1]
    #[staticmethod]
    #[pyo3(signature = (options, *, name=None))]
    fn from_options(options: &Bound<'_, PyAny>, name: Option<String>) -> PyResult<OptionsGame> {
        if !options.is_callable() {
            return Err(PyTypeError::new_err(format!(
                "options must be a function of a heap size, not {}",
                options.get_type().name()?
            )));
        }
        let name = name.unwrap_or_else(|| function_name(options, "options"));
        Ok(OptionsGame::new(options.clone().unbind(), name))
    }

    /// Any impartial game whose positions are hashable Python values:
    /// ``moves(position)`` returns the positions one move away;
    /// ``components(position)``, if given, the independent parts of a
    /// position (its value is the nim-sum of theirs; by default a position
    /// is one part); ``key(position)``, if given, a hashable canonical key,
    /// so that positions equal under the game's symmetries are solved once
    /// (by default the position itself). Solved by the generic search, on
    /// one thread. ``name`` names it in answers (by default the name of
    /// ``moves``). See ``MovesGame``; a Python-only feature.
    ///
    /// >>> import grundy
    /// >>> g = grundy.Game.from_moves(lambda n: [n - t for t in (1, 2) if t <= n], name="one or two")
    /// >>> [g.value(n) for n in range(7)], g.winning_moves(7)
    /// ([0, 1, 2, 0, 1, 2, 0], [6])
    #[staticmethod]
    #[pyo3(signature = (moves, components=None, key=None, *, name=None))]
    fn from_moves(
        moves: &Bound<'_, PyAny>,
        components: Option<&Bound<'_, PyAny>>,
        key: Option<&Bound<'_, PyAny>>,
        name: Option<String>,
    ) -> PyResult<MovesGame> {
        MovesGame::new(moves, components, key, name)
    }

    /// The canonical spec (``"0.77"`` for ``"kayles"``).
    #[getter]
    fn spec(&self) -> String {
        self.game.to_string()
    }

    /// Whether this is a multi-heap game (moves across heaps, not a sum).
    #[getter]
    fn is_multiheap(&self) -> bool {
        matches!(self.game, Spec::Multiheap(_))
    }

    /// Whether this is a board or graph game with its position (Cram,
    /// Node-Kayles, Chomp), whose position is its spec.
    #[getter]
    fn is_board(&self) -> bool {
        matches!(self.game, Spec::Board(_))
    }

    /// A board or graph drawn in text: Cram's cells (``.`` free, ``#``
    /// blocked), Node-Kayles' vertices and edges, Chomp's squares (``x``
    /// the poisoned one); the rules in words for any other game.
    ///
    /// >>> import grundy
    /// >>> print(grundy.Cram(2, 3).picture(), end="")
    ///   012
    /// 0 ...
    /// 1 ...
    fn picture(&self) -> String {
        match &self.game {
            Spec::Board(b) => grundy_service::picture(b),
            other => format!("{}\n", other.describe()),
        }
    }

    /// Every move of a board or graph with whether it wins (at most
    /// ``limit``): winning moves first, then those that take least; the
    /// first is the move the command line and the web page play. With
    /// ``misere=True``, under misère play (the last player to move loses).
    ///
    /// >>> import grundy
    /// >>> [(m.play, m.winning) for m in grundy.Cram(1, 5).moves()]
    /// [('0,0-0,1', False), ('0,1-0,2', False), ('0,2-0,3', False), ('0,3-0,4', False)]
    #[pyo3(signature = (limit=Limit(DEFAULT_MOVES_ALL), *, misere=false, progress=None), text_signature = "(self, limit=10000, *, misere=False, progress=None)")]
    fn moves(
        &self,
        py: Python<'_>,
        limit: Limit,
        misere: bool,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<BoardMove>> {
        self.board_moves(py, limit.0, misere, progress)
    }

    fn __repr__(&self) -> String {
        format!("Game('{}')", self.game)
    }

    fn __str__(&self) -> String {
        self.game.to_string()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Game>()
            .is_ok_and(|o| o.get().game.to_string() == self.game.to_string())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.game.to_string().hash(&mut h);
        h.finish()
    }

    /// ``G(start), ..., G(to)`` as a NumPy array of the smallest unsigned
    /// integer type that holds them (``uint8`` for most games). Heaps past
    /// the period search's limit come from a proved period.
    ///
    /// Raises ValueError if ``start > to`` or for more than 10**8 values
    /// at once, LimitError past the memory budget.
    ///
    /// >>> import grundy
    /// >>> grundy.Game("kayles").values(12)
    /// array([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4], dtype=uint8)
    /// >>> grundy.Game("nim").values(10**12 + 2, start=10**12).tolist()
    /// [1000000000000, 1000000000001, 1000000000002]
    #[pyo3(signature = (to, start=Size(0), *, progress=None), text_signature = "(self, to, start=0, *, progress=None)")]
    fn values<'py>(
        &self,
        py: Python<'py>,
        to: Size,
        start: Size,
        progress: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let game = &self.game;
        if let Spec::BoardFamily(_) = game {
            let r = compute(py, progress, |s, w| s.board_values(game, start.0, to.0, w))?;
            let values: Vec<u64> = r.boards.iter().map(|b| b.value).collect();
            return py
                .import("numpy")?
                .call_method1("array", (values, "uint64"));
        }
        let report = compute(py, progress, |s, w| {
            s.values_report(game, start.0, to.0, None, w)
        })?;
        numpy_array(py, &report.values)
    }

    /// ``G(start), ..., G(to)`` as a table a notebook shows (``.array`` is
    /// the NumPy array).
    ///
    /// >>> import grundy
    /// >>> t = grundy.Game("dawsons-chess").table(20)
    /// >>> len(t), t[3]
    /// (21, 2)
    #[pyo3(signature = (to, start=Size(0), *, progress=None), text_signature = "(self, to, start=0, *, progress=None)")]
    fn table<'py>(
        &self,
        py: Python<'py>,
        to: Size,
        start: Size,
        progress: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Values> {
        let array = self.values(py, to, start, progress)?;
        // The table's own array: read-only, so that numpy.asarray(table)
        // cannot change the Values it came from.
        array.getattr("flags")?.setattr("writeable", false)?;
        Ok(Values::new(self.game.to_string(), start.0, array.unbind()))
    }

    /// ``G(n)`` for one heap, for any ``n`` up to 2**64 - 1 where a proved
    /// period gives it; otherwise computed (refused with LimitError if the
    /// values up to ``n`` would not fit in the memory budget). A board's
    /// value takes no ``n``: its nimber, found by search.
    ///
    /// >>> import grundy
    /// >>> grundy.Game("dawsons-chess").value(2**64 - 1)
    /// 9
    /// >>> grundy.Game("cram:4x5").value()
    /// 2
    #[pyo3(signature = (n=None, *, progress=None))]
    fn value(
        &self,
        py: Python<'_>,
        n: Option<Size>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        let game = &self.game;
        let n = match (game, n) {
            (Spec::Board(_), None) => {
                return Ok(compute(py, progress, |s, w| s.board_value(game, w))?.value);
            }
            (Spec::Board(_) | Spec::BoardFamily(_), Some(_)) => {
                return Err(PyValueError::new_err(match game {
                    Spec::Board(_) => format!("{game} is a board: its value() takes no n"),
                    _ => format!(
                        "{game} is a family of boards: ask for values(to), or the value() of one board"
                    ),
                }));
            }
            (_, Some(n)) => n,
            (_, None) => {
                let _ = self.position_of(None, "value")?;
                return Err(PyTypeError::new_err(format!(
                    "value() of {game} needs a heap n, as in value(10)"
                )));
            }
        };
        let report = compute(py, progress, |s, w| {
            s.values_report(game, n.0, n.0, None, w)
        })?;
        Ok(report.values.get(0).map_or(0, |v| v.value()))
    }

    /// The period verdict: searches the heaps up to ``max`` (by default
    /// the solver's limit, 2**28 heaps for most games) for a period and
    /// proves it by a theorem where one applies.
    ///
    /// >>> import grundy
    /// >>> p = grundy.Game("0.07").period()
    /// >>> p.preperiod, p.period, p.status, p.theorem
    /// (53, 34, 'proved', 'octal-periodicity')
    #[pyo3(signature = (max=None, *, progress=None))]
    fn period(
        &self,
        py: Python<'_>,
        max: Option<Size>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Period> {
        let game = &self.game;
        let max = max.map(|m| m.0);
        let report = compute(py, progress, |s, w| s.period_report(game, max, w))?;
        Ok(Period::new(game.clone(), max, report))
    }

    /// Counts won and lost positions. With ``heaps=1``: single heaps
    /// ``1..=to`` (Project Euler 306 counts these). With ``heaps=k > 1``:
    /// the positions of ``k`` heaps of sizes ``0..=to``, unordered (each
    /// multiset once; Project Euler 310), exact however large.
    ///
    /// >>> import grundy
    /// >>> c = grundy.Game("paper-strip").count(50)
    /// >>> c.wins, c.losses
    /// (40, 10)
    /// >>> grundy.Game("nim-square").count(29, heaps=3).losses
    /// 1160
    #[pyo3(signature = (to, heaps=HeapCount(1), *, progress=None), text_signature = "(self, to, heaps=1, *, progress=None)")]
    fn count(
        &self,
        py: Python<'_>,
        to: Size,
        heaps: HeapCount,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Count> {
        let game = &self.game;
        let heaps = heaps.0;
        if heaps == 1 {
            let r = compute(py, progress, |s, w| s.count(game, None, to.0, None, w))?;
            return Count::single(py, r);
        }
        let r = compute(py, progress, |s, w| {
            s.count_multisets(game, heaps, to.0, None, w)
        })?;
        Count::multisets(py, r)
    }

    /// Who wins the position ``heaps`` (a heap size or a sequence of them):
    /// ``"N"`` if the player to move (the Next player) wins, ``"P"`` if the
    /// Previous player does. Heaps past the computed values are judged from
    /// a proved period.
    ///
    /// >>> import grundy
    /// >>> kayles = grundy.Game("kayles")
    /// >>> kayles.outcome([1, 2, 3]), kayles.outcome(4), kayles.outcome(10**15)
    /// ('P', 'N', 'N')
    #[pyo3(signature = (heaps=None, *, progress=None))]
    fn outcome(
        &self,
        py: Python<'_>,
        heaps: Option<Heaps>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<&'static str> {
        let winning = match self.position_of(heaps, "outcome")? {
            Asked::Board => {
                let game = &self.game;
                compute(py, progress, |s, w| s.board_value(game, w))?.winning
            }
            Asked::Heaps(heaps) => self.report(py, heaps, 0, progress)?.winning,
        };
        Ok(if winning { "N" } else { "P" })
    }

    /// The winning moves from ``heaps``, at most ``limit`` of them (an
    /// empty list when the position is lost). Each move says which heap
    /// it is played in (``heap``, an index), its size (``from_``: ``from``
    /// is a Python keyword) and the heaps left in its place (``to``). In a
    /// multi-heap game, one winning move (``heaps``, ``take``, ``to``).
    ///
    /// >>> import grundy
    /// >>> [m] = grundy.Game("grundy").winning_moves([5, 10, 20], limit=1)
    /// >>> m
    /// Move(heap=0, from_=5, to=(1, 4))
    /// >>> m.after([5, 10, 20])
    /// [1, 4, 10, 20]
    #[pyo3(signature = (heaps=None, limit=Limit(DEFAULT_MOVES_LISTED), *, progress=None), text_signature = "(self, heaps=None, limit=20, *, progress=None)")]
    fn winning_moves(
        &self,
        py: Python<'_>,
        heaps: Option<Heaps>,
        limit: Limit,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        match self.position_of(heaps, "winning_moves")? {
            Asked::Board => self.board_winning(py, limit.0, false, progress),
            Asked::Heaps(heaps) => {
                let p = self.report(py, heaps, limit.0, progress)?;
                Ok(p.moves.iter().map(|m| m.clone_ref(py)).collect())
            }
        }
    }

    /// The position ``heaps`` in full: its value (nim-sum of the heaps'
    /// values), who wins, the winning moves (up to ``limit``) and, for
    /// heaps past the computed values, how many there are in all.
    ///
    /// >>> import grundy
    /// >>> p = grundy.Game("kayles").position([3, 5])
    /// >>> p.value, p.winning, len(p.moves)
    /// (7, True, 2)
    #[pyo3(signature = (heaps, limit=Limit(DEFAULT_MOVES_LISTED), *, progress=None), text_signature = "(self, heaps, limit=20, *, progress=None)")]
    fn position(
        &self,
        py: Python<'_>,
        heaps: Heaps,
        limit: Limit,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Position> {
        self.report(py, heaps.into_vec(), limit.0, progress)
    }

    /// Who wins the position ``heaps`` under misère play, where the
    /// player who moves last loses: ``"N"`` or ``"P"``. Tame heaps are
    /// judged by the misère rule of nim (in its genus form), others by the
    /// game's misère quotient where one is found, else by game-tree
    /// search; heaps up to 10000, and up to 100000 where the quotient's
    /// period is proved.
    ///
    /// >>> import grundy
    /// >>> nim = grundy.Game("nim")
    /// >>> nim.misere_outcome([1, 1]), nim.misere_outcome([1, 1, 1]), nim.misere_outcome([2, 2])
    /// ('N', 'P', 'P')
    /// >>> grundy.Game("kayles").misere_outcome([])
    /// 'N'
    #[pyo3(signature = (heaps=None, *, progress=None))]
    fn misere_outcome(
        &self,
        py: Python<'_>,
        heaps: Option<Heaps>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<&'static str> {
        let winning = match self.position_of(heaps, "misere_outcome")? {
            Asked::Board => {
                let game = &self.game;
                compute(py, progress, |s, w| s.board_misere(game, w))?.winning
            }
            Asked::Heaps(heaps) => self.misere_report(py, heaps, 0, progress)?.winning(),
        };
        Ok(if winning { "N" } else { "P" })
    }

    /// The winning moves from ``heaps`` under misère play, at most
    /// ``limit`` of them (an empty list when the position is lost).
    ///
    /// >>> import grundy
    /// >>> grundy.Game("nim").misere_winning_moves([1, 1, 4])
    /// [Move(heap=2, from_=4, to=(1,))]
    #[pyo3(signature = (heaps=None, limit=Limit(DEFAULT_MOVES_LISTED), *, progress=None), text_signature = "(self, heaps=None, limit=20, *, progress=None)")]
    fn misere_winning_moves(
        &self,
        py: Python<'_>,
        heaps: Option<Heaps>,
        limit: Limit,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        match self.position_of(heaps, "misere_winning_moves")? {
            Asked::Board => self.board_winning(py, limit.0, true, progress),
            Asked::Heaps(heaps) => Ok(self.misere_report(py, heaps, limit.0, progress)?.moves(py)),
        }
    }

    /// The position ``heaps`` under misère play in full: who wins, whether
    /// the tame rule (``method="tame"``), the misère quotient
    /// (``"quotient"``) or the game-tree search (``"judge"``) answered, and
    /// the winning moves (up to ``limit``).
    ///
    /// >>> import grundy
    /// >>> p = grundy.Game("0.07").misere_position([2, 2, 2])
    /// >>> p.outcome, p.method, p.moves
    /// ('P', 'tame', [])
    #[pyo3(signature = (heaps, limit=Limit(DEFAULT_MOVES_LISTED), *, progress=None), text_signature = "(self, heaps, limit=20, *, progress=None)")]
    fn misere_position(
        &self,
        py: Python<'_>,
        heaps: Heaps,
        limit: Limit,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<MiserePosition> {
        self.misere_report(py, heaps.into_vec(), limit.0, progress)
    }

    /// The genera of heaps ``0..=to`` (up to 10000) under misère play:
    /// each heap's genus symbol and whether it is tame.
    ///
    /// >>> import grundy
    /// >>> [str(g) for g in grundy.Game("nim").genera(3)]
    /// ['0^120', '1^031', '2^20', '3^31']
    #[pyo3(signature = (to, *, progress=None))]
    fn genera(
        &self,
        py: Python<'_>,
        to: Size,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Genera> {
        let game = &self.game;
        let r = compute(py, progress, |s, w| s.genera(game, to.0, w))?;
        Genera::new(py, r)
    }

    /// The misère quotient of all sums of heaps up to ``max_heap`` (at
    /// most 1000), or with no ``max_heap`` the quotient of every heap: the
    /// bound where the pretending map's period is proved, found as for
    /// ``misere_position`` (bounds 32, 64, … up to 1000). Raises
    /// QuotientError, with the solver's message, when no quotient is found
    /// for some heap up to the bound (the construction can fail: it proves
    /// every quotient it returns and never guesses) or no period is proved,
    /// ValueError when no periodicity theorem applies (nim, Grundy's game)
    /// and no bound is given, LimitError past the memory budget.
    ///
    /// >>> import grundy
    /// >>> q = grundy.Game("grundy").misere_quotient(8)
    /// >>> q.size, q.p_portion
    /// (6, [1, 4])
    /// >>> grundy.Game("0.354").misere_quotient(6)
    /// Traceback (most recent call last):
    /// ...
    /// grundy.QuotientError: no misère quotient was found for heap 5: ...
    /// >>> every = grundy.Game("0.75").misere_quotient()
    /// >>> every.size, every.period[2]
    /// (8, True)
    #[pyo3(signature = (max_heap=None, *, progress=None))]
    fn misere_quotient(
        &self,
        py: Python<'_>,
        max_heap: Option<Size>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<MisereQuotient> {
        let game = &self.game;
        let r = compute_mapped(py, progress, quotient_error, |s, w| match &max_heap {
            Some(max_heap) => s.misere_quotient(game, max_heap.0, w),
            None => s
                .misere_quotient_of_every_heap(game, false, w)
                .map(|(q, _)| q),
        })?;
        Ok(MisereQuotient::new(r))
    }

    /// The P-positions of a multi-heap game up to ``to`` (see
    /// ``grundy.ppos``).
    fn ppos(&self, to: Size) -> PyResult<PPositions> {
        let game = self
            .game
            .multiheap("a scan of P-positions")
            .map_err(error)?;
        Ok(PPositions::new(game.clone(), to.0))
    }

    /// Draws ``G(0..=to)`` with matplotlib (an optional dependency:
    /// ``pip install matplotlib``) on ``ax`` or new axes, and returns the
    /// axes. A board or graph is drawn itself (``to`` does not apply): a
    /// Cram board's cells, a Chomp bar's squares, a graph's vertices and
    /// edges.
    #[pyo3(signature = (to=Size(200), *, ax=None), text_signature = "(self, to=200, *, ax=None)")]
    fn plot<'py>(
        &self,
        py: Python<'py>,
        to: Size,
        ax: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Spec::Board(b) = &self.game {
            return boards::plot(py, b, ax);
        }
        crate::plot::check_axes(ax.as_ref())?;
        let values = self.values(py, to, Size(0), None)?;
        crate::plot::values(py, &self.game.to_string(), to.0, values, ax)
    }

    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        match &self.game {
            Spec::Heaps(_) => {
                let game = &self.game;
                let a = compute(py, None, |s, w| s.analyze(game, Some(59), None, w))?;
                Ok(html::analysis(&a))
            }
            Spec::Multiheap(g) => Ok(html::multiheap(&g.to_string())),
            Spec::Board(b) => Ok(html::board(&b.to_string(), &grundy_service::picture(b))),
            Spec::BoardFamily(f) => Ok(html::board(&f.to_string(), &self.game.describe())),
        }
    }
}

/// The position a question is asked about: the board a board game is, or
/// heaps.
enum Asked {
    Board,
    Heaps(Vec<u64>),
}

/// The values of `table` as a NumPy array of the smallest unsigned integer
/// type that holds them.
pub(crate) fn numpy_array<'py>(py: Python<'py>, table: &ValueTable) -> PyResult<Bound<'py, PyAny>> {
    let width = match table.max().value() {
        0..=0xff => 1,
        0x100..=0xffff => 2,
        0x1_0000..=0xffff_ffff => 4,
        _ => 8,
    };
    let bytes = PyByteArray::new_with(py, table.len() * width, |buf| {
        for (chunk, v) in buf.chunks_exact_mut(width).zip(table.iter()) {
            let v = v.value();
            match width {
                1 => chunk[0] = v as u8,
                2 => chunk.copy_from_slice(&(v as u16).to_ne_bytes()),
                4 => chunk.copy_from_slice(&(v as u32).to_ne_bytes()),
                _ => chunk.copy_from_slice(&v.to_ne_bytes()),
            }
        }
        Ok(())
    })?;
    let dtype = ["uint8", "uint16", "", "uint32", "", "", "", "uint64"][width - 1];
    py.import("numpy")?
        .call_method1("frombuffer", (bytes, dtype))
}
