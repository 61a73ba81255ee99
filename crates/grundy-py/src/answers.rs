//! The answers as Python objects: a period verdict, a verified
//! certificate, counts, positions and moves, a table of values.

use grundy_service::{
    CountReport, Exact, Game, MultiheapMoveReport, MultisetCountReport, PeriodReport,
    PositionReport, Status,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::args::Heaps;
use crate::html;
use crate::run::compute;

/// The verdict of a period search: ``status`` is ``"proved"``,
/// ``"observed"`` (a pattern seen but not proved) or ``"none"``; the
/// pattern ``G(n + period) = G(n) + saltus`` for ``n >= preperiod``.
///
/// >>> import grundy
/// >>> p = grundy.Game("dawsons-chess").period()
/// >>> p
/// Period(game='0.137', preperiod=52, period=34, saltus=0, status='proved')
/// >>> p.certificate().splitlines()[0]
/// '# grundy periodicity certificate v2'
#[derive(Debug)]
#[pyclass(frozen, module = "grundy")]
pub struct Period {
    /// The game, for its certificate; `None` for a game given by a Python
    /// function, whose period is only ever observed.
    game: Option<Game>,
    max: Option<u64>,
    report: PeriodReport,
}

impl Period {
    pub fn new(game: Game, max: Option<u64>, report: PeriodReport) -> Self {
        Period {
            game: Some(game),
            max,
            report,
        }
    }

    /// The pattern seen in the values of a game given by a Python function.
    pub fn observed(report: PeriodReport) -> Self {
        Period {
            game: None,
            max: None,
            report,
        }
    }
}

#[pymethods]
impl Period {
    /// The canonical spec of the game.
    #[getter]
    fn game(&self) -> &str {
        &self.report.game
    }
    /// The first heap of the pattern, or None.
    #[getter]
    fn preperiod(&self) -> Option<u64> {
        self.report.preperiod
    }
    /// The period, or None.
    #[getter]
    fn period(&self) -> Option<u64> {
        self.report.period
    }
    /// The saltus (0 for a plain period), or None.
    #[getter]
    fn saltus(&self) -> Option<u64> {
        self.report.saltus
    }
    /// ``"proved"``, ``"observed"`` or ``"none"``.
    #[getter]
    fn status(&self) -> &'static str {
        self.report.status.as_str()
    }
    /// The theorem's stable name, when proved.
    #[getter]
    fn theorem(&self) -> Option<&'static str> {
        self.report.theorem
    }
    /// The end of the window the theorem needs checked, when proved.
    #[getter]
    fn bound(&self) -> Option<u64> {
        self.report.bound
    }
    /// The last heap whose value was computed.
    #[getter]
    fn checked_to(&self) -> u64 {
        self.report.checked_to
    }
    /// Whether the period is proved.
    #[getter]
    fn proved(&self) -> bool {
        self.report.status == Status::Proved
    }
    /// The verdict in one sentence, honest about what is proved.
    #[getter]
    fn sentence(&self) -> String {
        self.report.sentence()
    }

    /// The text of a certificate that ``grundy.verify`` (and the command
    /// line's ``grundy verify``) checks from the rules alone. Raises
    /// ValueError when the period is not proved.
    #[pyo3(signature = (*, progress=None))]
    fn certificate(&self, py: Python<'_>, progress: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let Some(game) = &self.game else {
            return Err(PyValueError::new_err(format!(
                "no certificate: {} ({}, a game given by its options, whose period is only ever observed)",
                self.report.sentence(),
                self.report.game
            )));
        };
        let (_, text) = compute(py, progress, |s, w| s.certificate(game, self.max, w))?;
        text.ok_or_else(|| {
            PyValueError::new_err(format!(
                "no certificate: {} ({})",
                self.report.sentence(),
                self.report.game
            ))
        })
    }

    fn __repr__(&self) -> String {
        let r = &self.report;
        let opt = |v: Option<u64>| v.map_or("None".to_string(), |v| v.to_string());
        format!(
            "Period(game='{}', preperiod={}, period={}, saltus={}, status='{}')",
            r.game,
            opt(r.preperiod),
            opt(r.period),
            opt(r.saltus),
            r.status
        )
    }

    fn __str__(&self) -> String {
        format!("{}: {}", self.report.game, self.report.sentence())
    }

    fn _repr_html_(&self) -> String {
        html::period(&self.report)
    }
}

/// What a verified certificate proves.
#[derive(Debug)]
#[pyclass(frozen, get_all, module = "grundy")]
pub struct Verified {
    /// The canonical spec of the game.
    game: String,
    /// The preperiod.
    preperiod: u64,
    /// The period.
    period: u64,
    /// The saltus.
    saltus: u64,
    /// The theorem's stable name.
    theorem: &'static str,
    /// The last heap whose value was checked (for a misère quotient's
    /// certificate, the heap bound of its table).
    checked_to: u64,
    /// For a misère quotient's certificate (`grundy misere GAME --max-heap N
    /// --certificate FILE`), the number of elements of the quotient, which
    /// is then that of every heap and whose pretending map has the period;
    /// ``None`` for a certificate of values.
    misere_elements: Option<usize>,
}

#[pymethods]
impl Verified {
    fn __repr__(&self) -> String {
        format!(
            "Verified(game='{}', preperiod={}, period={}, saltus={}, theorem='{}')",
            self.game, self.preperiod, self.period, self.saltus, self.theorem
        )
    }
}

/// Checks a certificate's text from the rules alone (the values it carries
/// each checked against their options) and says what it proves. Raises
/// CertificateError (a ValueError) when it does not check.
///
/// >>> import grundy
/// >>> text = grundy.Game("kayles").period().certificate()
/// >>> grundy.verify(text)
/// Verified(game='0.77', preperiod=71, period=12, saltus=0, theorem='octal-periodicity')
/// >>> grundy.verify(text.replace("period: 12", "period: 13"))
/// Traceback (most recent call last):
/// ...
/// grundy.CertificateError: ...
#[pyfunction]
pub fn verify(py: Python<'_>, text: &str) -> PyResult<Verified> {
    // Under a watch, so that Ctrl-C stops a long check.
    let r = compute(py, None, |solver, watch| solver.verify_with(text, watch))?;
    Ok(Verified {
        game: r.game,
        preperiod: r.preperiod,
        period: r.period,
        saltus: r.saltus,
        theorem: r.theorem,
        checked_to: r.checked_to,
        misere_elements: r.misere.map(|m| m.elements),
    })
}

/// Won and lost positions, counted: of single heaps ``1..=to`` (``heaps``
/// is 1), or of ``heaps`` heaps of sizes ``0..=to``, each multiset once.
#[derive(Debug)]
#[pyclass(frozen, get_all, module = "grundy")]
pub struct Count {
    /// The canonical spec of the game.
    game: String,
    /// Heaps in a position.
    heaps: u32,
    /// The largest heap.
    to: u64,
    /// Positions won by the player to move.
    wins: Py<PyAny>,
    /// Positions lost by the player to move (value 0).
    losses: Py<PyAny>,
}

impl Count {
    pub fn single(py: Python<'_>, r: CountReport) -> PyResult<Self> {
        Ok(Count {
            game: r.game,
            heaps: 1,
            to: r.to,
            wins: r.wins.into_pyobject(py)?.into_any().unbind(),
            losses: r.losses.into_pyobject(py)?.into_any().unbind(),
        })
    }

    pub fn multisets(py: Python<'_>, r: MultisetCountReport) -> PyResult<Self> {
        let int = py.get_type::<pyo3::types::PyInt>();
        let losses = match &r.losing {
            Exact::Number(n) => n.into_pyobject(py)?.into_any(),
            Exact::Text(t) => int.call1((t.as_str(),))?,
        };
        // The multisets of `heaps` sizes from `to + 1`: C(to + heaps, heaps).
        let all = py
            .import("math")?
            .call_method1("comb", (u128::from(r.to) + u128::from(r.heaps), r.heaps))?;
        let wins = all.call_method1("__sub__", (&losses,))?;
        Ok(Count {
            game: r.game,
            heaps: r.heaps,
            to: r.to,
            wins: wins.unbind(),
            losses: losses.unbind(),
        })
    }
}

#[pymethods]
impl Count {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Count(game='{}', heaps={}, to={}, wins={}, losses={})",
            self.game,
            self.heaps,
            self.to,
            self.wins.bind(py),
            self.losses.bind(py)
        )
    }
}

/// A position of a game: its value (heap games: the nim-sum of the heaps'
/// values; None in a multi-heap game), who wins, and winning moves.
#[derive(Debug)]
#[pyclass(frozen, get_all, module = "grundy")]
pub struct Position {
    /// The canonical spec of the game.
    pub game: String,
    /// The heap sizes.
    pub heaps: Vec<u64>,
    /// The Sprague–Grundy value, or None for a multi-heap game.
    pub value: Option<u64>,
    /// Whether the player to move wins.
    pub winning: bool,
    /// Winning moves (``Move`` or ``MultiheapMove`` objects).
    pub moves: Vec<Py<PyAny>>,
    /// With heaps past the computed values, how many winning moves there
    /// are (the list stops at its limit); else None.
    pub total_winning_moves: Option<u128>,
}

impl Position {
    pub fn heaps(py: Python<'_>, r: PositionReport) -> Self {
        let moves = {
            r.moves
                .iter()
                .filter_map(|m| {
                    Py::new(
                        py,
                        Move {
                            heap: m.heap,
                            from_: m.from,
                            to: m.to.clone(),
                        },
                    )
                    .ok()
                    .map(|m| m.into_any())
                })
                .collect()
        };
        Position {
            game: r.game,
            heaps: r.position,
            value: Some(r.value),
            winning: r.winning,
            moves,
            total_winning_moves: r.total_winning_moves,
        }
    }

    pub fn multiheap(r: MultiheapMoveReport) -> Self {
        let moves = Python::attach(|py| {
            r.winning_move
                .iter()
                .filter_map(|m| {
                    Py::new(
                        py,
                        MultiheapMove {
                            heaps: m.heaps.clone(),
                            take: m.take,
                            vector: m.vector.clone(),
                            to: m.to.clone(),
                        },
                    )
                    .ok()
                    .map(|m| m.into_any())
                })
                .collect()
        });
        Position {
            game: r.game,
            heaps: r.position,
            value: None,
            winning: r.winning,
            moves,
            total_winning_moves: None,
        }
    }
}

#[pymethods]
impl Position {
    /// ``"N"`` if the player to move wins, else ``"P"``.
    #[getter]
    fn outcome(&self) -> &'static str {
        if self.winning { "N" } else { "P" }
    }

    fn __repr__(&self) -> String {
        format!(
            "Position(game='{}', heaps={:?}, value={}, outcome='{}', moves={})",
            self.game,
            self.heaps,
            self.value.map_or("None".into(), |v| v.to_string()),
            self.outcome(),
            self.moves.len()
        )
    }
}

/// A move in a heap game: in the heap at index ``heap``, of size ``from_``
/// (``from`` is a Python keyword), leaving the heaps ``to`` in its place.
#[derive(Debug)]
#[pyclass(frozen, get_all, module = "grundy")]
pub struct Move {
    /// The index of the heap moved in.
    heap: usize,
    /// Its size.
    from_: u64,
    /// The heaps left in its place.
    to: Vec<u64>,
}

impl Move {
    pub fn new(heap: usize, from_: u64, to: Vec<u64>) -> Self {
        Move { heap, from_, to }
    }
}

#[pymethods]
impl Move {
    /// The position after this move: the heap replaced, in place, by what
    /// is left of it.
    fn after(&self, position: Heaps) -> PyResult<Vec<u64>> {
        let position = position.into_vec();
        if position.get(self.heap) != Some(&self.from_) {
            return Err(PyValueError::new_err(format!(
                "this move is played in a heap of {} at index {}; the position given has no such heap",
                self.from_, self.heap
            )));
        }
        let mut after = position[..self.heap].to_vec();
        after.extend_from_slice(&self.to);
        after.extend_from_slice(&position[self.heap + 1..]);
        Ok(after)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let to = PyTuple::new(py, &self.to)?;
        Ok(format!(
            "Move(heap={}, from_={}, to={})",
            self.heap,
            self.from_,
            to.repr()?
        ))
    }
}

/// A move in a multi-heap game: ``take`` from each heap whose index is in
/// ``heaps``, leaving the position ``to``; in a game by move vectors
/// (``"vectors:(1,0),(0,1),(1,1)"``) that is no subset game, ``take``
/// times the move vector ``vector`` (an entry a heap; None otherwise).
///
/// >>> import grundy
/// >>> [m] = grundy.Game("vectors:(1,2),(2,1)").winning_moves([3, 5])
/// >>> m.vector, m.take, m.to
/// ([1, 2], 2, [1, 1])
#[derive(Debug)]
#[pyclass(frozen, get_all, module = "grundy")]
pub struct MultiheapMove {
    /// Indices of the heaps taken from.
    heaps: Vec<usize>,
    /// The amount taken from each, or the times ``vector`` is taken.
    take: u64,
    /// The move vector, or None for a subset game's move.
    vector: Option<Vec<u32>>,
    /// The position after the move.
    to: Vec<u64>,
}

#[pymethods]
impl MultiheapMove {
    fn __repr__(&self) -> String {
        let vector = self
            .vector
            .as_ref()
            .map_or_else(String::new, |v| format!(", vector={v:?}"));
        format!(
            "MultiheapMove(heaps={:?}, take={}{vector}, to={:?})",
            self.heaps, self.take, self.to
        )
    }
}

/// ``G(start), ..., G(to)`` as a table a notebook shows; ``array`` is the
/// NumPy array, and ``numpy.asarray(table)`` gives it too.
#[derive(Debug)]
#[pyclass(frozen, module = "grundy")]
pub struct Values {
    game: String,
    start: u64,
    array: Py<PyAny>,
}

impl Values {
    pub fn new(game: String, start: u64, array: Py<PyAny>) -> Self {
        Values { game, start, array }
    }
}

#[pymethods]
impl Values {
    /// The canonical spec of the game.
    #[getter]
    fn game(&self) -> &str {
        &self.game
    }
    /// The first heap.
    #[getter]
    fn start(&self) -> u64 {
        self.start
    }
    /// The values, a NumPy array.
    #[getter]
    fn array(&self, py: Python<'_>) -> Py<PyAny> {
        self.array.clone_ref(py)
    }

    #[pyo3(signature = (dtype=None, copy=None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let a = self.array.bind(py);
        let a = match dtype {
            Some(d) => a.call_method1("astype", (d,))?,
            None => a.clone(),
        };
        if copy == Some(true) {
            a.call_method0("copy")
        } else {
            Ok(a)
        }
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.array.bind(py).len()
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let v = self.array.bind(py).get_item(index)?;
        // A NumPy scalar as a Python int; a slice stays an array.
        match v.getattr("ndim")?.extract::<usize>()? {
            0 => v.call_method0("item"),
            _ => Ok(v),
        }
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Values(game='{}', start={}, array={})",
            self.game,
            self.start,
            self.array.bind(py).repr()?
        ))
    }

    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let values: Vec<u64> = self.array.bind(py).call_method0("tolist")?.extract()?;
        Ok(html::values(&self.game, self.start, &values))
    }
}
