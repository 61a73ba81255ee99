//! `grundy.Game.from_options`: a heap game given by a Python function, the
//! options of one heap, valued by the solver with the library's
//! `HeapGame`.
//!
//! The computation runs with the GIL released; the GIL is taken back only
//! to call the function (and, between calls, to look for Ctrl-C). What the
//! function raises reaches the caller unchanged; what it returns is checked
//! and converted here, and garbage is a ValueError naming the heap and the
//! option.

use std::sync::{Mutex, MutexGuard};

use grundy_service::{
    DEFAULT_MOVES_LISTED, Error, ErrorKind, Exclusive, HeapGame, Turn, ValueTable,
};
use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyTuple};

use crate::answers::{Count, Move, Period, Position, Values};
use crate::args::{HeapCount, Heaps, Limit, Size};
use crate::calling_back::{calling, refuse_inside};
use crate::game::numpy_array;
use crate::html;
use crate::run::compute;

/// A heap game given by ``options(n)``: the positions a heap of ``n`` may
/// be replaced by, each a tuple of heap sizes (``()`` when the heap is
/// taken away, ``(a, b)`` when it is split in two), every heap smaller
/// than ``n``. Made by ``grundy.Game.from_options``; values by the
/// definition (the mex of the nim-sums of the options' heaps), positions
/// and winning moves from them, and a period that can only be observed.
/// A Python-only feature: the command line and the web page take specs.
///
/// >>> import grundy
/// >>> def kayles(n):
/// ...     return [(a, n - t - a) for t in (1, 2) if t <= n for a in range((n - t) // 2 + 1)]
/// >>> g = grundy.Game.from_options(kayles, name="kayles by hand")
/// >>> g.values(10).tolist()
/// [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]
/// >>> g.outcome([1, 2, 3]), g.winning_moves([4])
/// ('P', [Move(heap=0, from_=4, to=(1, 1))])
#[derive(Debug)]
#[pyclass(frozen, module = "grundy", name = "OptionsGame")]
pub struct OptionsGame {
    name: String,
    callback: Callback,
    /// The values computed so far: every question extends the same table.
    table: Exclusive<ValueTable>,
}

/// The Python function, and the first exception it raised (or that its
/// answer's conversion raised) in the computation under way.
#[derive(Debug)]
struct Callback {
    /// The game's identity ([`crate::calling_back::new_game`]), shared by
    /// the callbacks of its computations apart.
    game: usize,
    options: Py<PyAny>,
    raised: Mutex<Option<PyErr>>,
}

impl HeapGame for Callback {
    fn options(&self, n: u64, out: &mut Vec<Vec<u64>>) -> grundy_service::Result<()> {
        let game = self.game;
        // Calling out: another thread asking this game meanwhile is
        // answered apart, not left waiting for this computation (which may
        // be waiting, in the function, for that thread).
        grundy_service::calling_out(|| Python::attach(|py| calling(game, || self.call(py, n, out))))
            .map_err(|e| {
                *lock(&self.raised) = Some(e);
                Error::new(
                    ErrorKind::Interrupted,
                    format!("options({n}) raised an exception"),
                )
            })
    }
}

impl Callback {
    /// The same function, for a computation apart: its own record of what
    /// it raised, the same identity.
    fn apart(&self) -> Self {
        Callback {
            game: self.game,
            options: Python::attach(|py| self.options.clone_ref(py)),
            raised: Mutex::new(None),
        }
    }

    /// Calls ``options(n)`` and appends its options to `out`, checked: an
    /// iterable of tuples of whole numbers from 0 up.
    fn call(&self, py: Python<'_>, n: u64, out: &mut Vec<Vec<u64>>) -> PyResult<()> {
        py.check_signals()?;
        let answer = self.options.bind(py).call1((n,))?;
        let options = answer.try_iter().map_err(|_| {
            PyValueError::new_err(format!(
                "options({n}) returned {}, not a list of options; return the positions a heap of {n} may become, each a tuple of heap sizes, such as [(1, 2), (3,)], or [] for no move",
                repr(&answer)
            ))
        })?;
        for option in options {
            let option = option?;
            let Ok(tuple) = option.cast::<PyTuple>() else {
                return Err(PyValueError::new_err(format!(
                    "the heap of {n} has the option {}, which is not a tuple; write each option as a tuple of heap sizes, such as (1, 2), (3,), or () when the heap is taken away",
                    repr(&option)
                )));
            };
            let mut parts = Vec::with_capacity(tuple.len());
            for part in tuple.iter() {
                parts.push(heap(n, &option, &part)?);
            }
            out.push(parts);
        }
        Ok(())
    }
}

/// One heap of an option of the heap of `n`: a whole number from 0 up.
fn heap(n: u64, option: &Bound<'_, PyAny>, part: &Bound<'_, PyAny>) -> PyResult<u64> {
    let bad = |why: String| {
        PyValueError::new_err(format!(
            "the heap of {n} has the option {}, {why}; heap sizes are whole numbers from 0 up, each smaller than {n}",
            repr(option)
        ))
    };
    // The common case first: an int (not a bool) that fits.
    if part.is_exact_instance_of::<PyInt>()
        && let Ok(h) = part.extract::<u64>()
    {
        return Ok(h);
    }
    if part.is_instance_of::<PyBool>() {
        return Err(bad(format!("with {}, a bool", repr(part))));
    }
    match part.extract::<i128>() {
        Ok(h) if h < 0 => Err(bad(format!("with the negative heap {h}"))),
        Ok(h) => u64::try_from(h).map_err(|_| bad(format!("with the heap {h}, too large"))),
        Err(e) if e.is_instance_of::<PyOverflowError>(part.py()) => {
            Err(bad(format!("with the heap {}, too large", repr(part))))
        }
        Err(_) => Err(bad(format!("with {}, not a whole number", repr(part)))),
    }
}

fn repr(obj: &Bound<'_, PyAny>) -> String {
    obj.repr()
        .map_or_else(|_| "<unprintable>".to_string(), |r| r.to_string())
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl OptionsGame {
    pub fn new(options: Py<PyAny>, name: String) -> Self {
        OptionsGame {
            name,
            callback: Callback {
                game: crate::calling_back::new_game(),
                options,
                raised: Mutex::new(None),
            },
            table: Exclusive::new(ValueTable::new()),
        }
    }

    /// Runs `f` on the solver with the GIL released (see
    /// [`compute`]), with this game's callback and table; an exception the
    /// callback raised is raised unchanged.
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        progress: Option<&Bound<'_, PyAny>>,
        f: impl FnOnce(
            &grundy_service::Solver,
            &Callback,
            &mut ValueTable,
            &mut grundy_service::Watch,
        ) -> grundy_service::Result<T>
        + Send,
    ) -> PyResult<T> {
        let callback = &self.callback;
        refuse_inside(callback.game, &self.name)?;
        let (table, name) = (&self.table, &self.name);
        let mut apart = None;
        let result = compute(py, progress, |s, w| {
            // Held with the GIL released: another thread asking the same
            // game waits here without blocking the callback; a callback
            // asking it (the same thread) is refused at once. Where the
            // thread holding it is running the function (or a progress
            // callback), this request may be one that the function waits
            // for: it is answered apart, on a table of its own.
            match table.hold_or_apart(&format!("the values of {name}"), w)? {
                Turn::Held(mut table) => f(s, callback, &mut table, w),
                Turn::Apart(_apart) => {
                    let alone = apart.insert(callback.apart());
                    f(s, alone, &mut ValueTable::new(), w)
                }
            }
        });
        let raised = match &apart {
            Some(alone) => lock(&alone.raised).take(),
            None => lock(&self.callback.raised).take(),
        };
        match raised {
            Some(raised) => Err(raised),
            None => result,
        }
    }
}

#[pymethods]
impl OptionsGame {
    /// The name given to ``from_options``.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The name given to ``from_options`` (a game given by a function has
    /// no spec; this is its name, for the answers to carry).
    #[getter]
    fn spec(&self) -> &str {
        &self.name
    }

    /// Always False: a heap game, positions are sums of heaps.
    #[getter]
    fn is_multiheap(&self) -> bool {
        false
    }

    /// The Python function giving the options.
    #[getter]
    fn options(&self, py: Python<'_>) -> Py<PyAny> {
        self.callback.options.clone_ref(py)
    }

    fn __repr__(&self) -> String {
        format!("OptionsGame(name='{}')", self.name)
    }

    fn __str__(&self) -> String {
        self.name.clone()
    }

    /// ``G(start), ..., G(to)`` as a NumPy array, computed by the
    /// definition with one call of ``options`` a heap (each heap once:
    /// the values are kept with the game).
    ///
    /// Raises ValueError if ``start > to``, for more than 10**8 values, or
    /// for an option that is not a tuple of smaller heaps; LimitError past
    /// the memory budget; what ``options`` raises, unchanged.
    #[pyo3(signature = (to, start=Size(0), *, progress=None), text_signature = "(self, to, start=0, *, progress=None)")]
    fn values<'py>(
        &self,
        py: Python<'py>,
        to: Size,
        start: Size,
        progress: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (start, to) = (start.0, to.0);
        if start > to {
            return Err(PyValueError::new_err(format!(
                "the range {start}..={to} is empty: its first heap is past its last"
            )));
        }
        let values = self.run(py, progress, |s, game, table, w| {
            s.extend_heap_game(game, table, to, w)?;
            Ok(ValueTable::from_values(
                (start..=to).map(|n| table.raw(n as usize)),
            ))
        })?;
        numpy_array(py, &values)
    }

    /// ``G(n)`` for one heap.
    #[pyo3(signature = (n, *, progress=None))]
    fn value(&self, py: Python<'_>, n: Size, progress: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
        self.run(py, progress, |s, game, table, w| {
            s.extend_heap_game(game, table, n.0, w)?;
            Ok(table.raw(n.0 as usize))
        })
    }

    /// The pattern the values up to ``max`` show (by default heap 1000):
    /// ``status`` is ``"observed"`` or ``"none"``, never ``"proved"``, as no
    /// theorem here covers a game known only by its options.
    #[pyo3(signature = (max=None, *, progress=None))]
    fn period(
        &self,
        py: Python<'_>,
        max: Option<Size>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Period> {
        let name = &self.name;
        let report = self.run(py, progress, |s, game, table, w| {
            s.heap_game_period(game, name, table, max.map(|m| m.0), w)
        })?;
        Ok(Period::observed(report))
    }

    /// Who wins the position ``heaps`` (a heap size or a sequence of them):
    /// ``"N"`` if the player to move wins, ``"P"`` if not.
    #[pyo3(signature = (heaps, *, progress=None))]
    fn outcome(
        &self,
        py: Python<'_>,
        heaps: Heaps,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<&'static str> {
        let p = self.position(py, heaps, Limit(0), progress)?;
        Ok(if p.winning { "N" } else { "P" })
    }

    /// The winning moves from ``heaps``, at most ``limit`` of them (an
    /// empty list when the position is lost), as ``Game.winning_moves``.
    #[pyo3(signature = (heaps, limit=Limit(DEFAULT_MOVES_LISTED), *, progress=None), text_signature = "(self, heaps, limit=20, *, progress=None)")]
    fn winning_moves(
        &self,
        py: Python<'_>,
        heaps: Heaps,
        limit: Limit,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let p = self.position(py, heaps, limit, progress)?;
        Ok(p.moves.iter().map(|m| m.clone_ref(py)).collect())
    }

    /// The position ``heaps`` in full: its value, who wins and the winning
    /// moves (up to ``limit``), as ``Game.position``.
    #[pyo3(signature = (heaps, limit=Limit(DEFAULT_MOVES_LISTED), *, progress=None), text_signature = "(self, heaps, limit=20, *, progress=None)")]
    fn position(
        &self,
        py: Python<'_>,
        heaps: Heaps,
        limit: Limit,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Position> {
        let heaps = heaps.into_vec();
        let name = &self.name;
        let r = self.run(py, progress, |s, game, table, w| {
            s.heap_game_position(game, name, table, &heaps, limit.0, w)
        })?;
        Ok(Position::heaps(py, r))
    }

    /// Always False: a heap game has no board.
    #[getter]
    fn is_board(&self) -> bool {
        false
    }

    /// ``G(start), ..., G(to)`` as a table a notebook shows (``.array`` is
    /// the NumPy array), as ``Game.table``.
    #[pyo3(signature = (to, start=Size(0), *, progress=None), text_signature = "(self, to, start=0, *, progress=None)")]
    fn table<'py>(
        &self,
        py: Python<'py>,
        to: Size,
        start: Size,
        progress: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Values> {
        let array = self.values(py, to, start, progress)?;
        array.getattr("flags")?.setattr("writeable", false)?;
        Ok(Values::new(self.name.clone(), start.0, array.unbind()))
    }

    /// Counts won and lost positions, as ``Game.count``: with ``heaps=1``,
    /// single heaps ``1..=to``; with ``heaps=k > 1``, the positions of
    /// ``k`` heaps of sizes ``0..=to``, unordered, exact however large.
    /// Every value up to ``to`` is computed (no period is proved here).
    #[pyo3(signature = (to, heaps=HeapCount(1), *, progress=None), text_signature = "(self, to, heaps=1, *, progress=None)")]
    fn count(
        &self,
        py: Python<'_>,
        to: Size,
        heaps: HeapCount,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Count> {
        let (name, to, heaps) = (&self.name, to.0, heaps.0);
        if heaps == 1 {
            let r = self.run(py, progress, |s, game, table, w| {
                s.heap_game_count(game, name, table, to, w)
            })?;
            return Count::single(py, r);
        }
        let r = self.run(py, progress, |s, game, table, w| {
            s.heap_game_count_multisets(game, name, table, heaps, to, w)
        })?;
        Count::multisets(py, r)
    }

    /// Who wins the position ``heaps`` under misère play, where the player
    /// who moves last loses: ``"N"`` or ``"P"``. A search of whole
    /// positions, calling ``options`` for the heaps it meets (sums do not
    /// decompose under misère play), within the misère share of the memory
    /// budget (LimitError past it).
    #[pyo3(signature = (heaps, *, progress=None))]
    fn misere_outcome(
        &self,
        py: Python<'_>,
        heaps: Heaps,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<&'static str> {
        let heaps = heaps.into_vec();
        let lost = self.run(py, progress, |s, game, table, w| {
            s.heap_game_misere(game, table, &heaps, w)
        })?;
        Ok(if lost { "P" } else { "N" })
    }

    /// The winning moves from ``heaps`` under misère play, at most
    /// ``limit`` of them (an empty list when the position is lost), found
    /// by the search ``misere_outcome`` runs.
    #[pyo3(signature = (heaps, limit=Limit(DEFAULT_MOVES_LISTED), *, progress=None), text_signature = "(self, heaps, limit=20, *, progress=None)")]
    fn misere_winning_moves(
        &self,
        py: Python<'_>,
        heaps: Heaps,
        limit: Limit,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Move>> {
        let heaps = heaps.into_vec();
        let (_, moves) = self.run(py, progress, |s, game, table, w| {
            s.heap_game_misere_moves(game, table, &heaps, limit.0, w)
        })?;
        Ok(moves
            .into_iter()
            .map(|m| Move::new(m.heap, m.from, m.to))
            .collect())
    }

    /// Draws ``G(0..=to)`` with matplotlib on ``ax`` or new axes, and
    /// returns the axes, as ``Game.plot``.
    #[pyo3(signature = (to=Size(200), *, ax=None), text_signature = "(self, to=200, *, ax=None)")]
    fn plot<'py>(
        &self,
        py: Python<'py>,
        to: Size,
        ax: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        crate::plot::check_axes(ax.as_ref())?;
        let values = self.values(py, to, Size(0), None)?;
        crate::plot::values(py, &self.name, to.0, values, ax)
    }

    /// The first values and the pattern ``period()`` sees, for notebooks.
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let name = &self.name;
        let (values, period) = self.run(py, None, |s, game, table, w| {
            let period = s.heap_game_period(game, name, table, None, w)?;
            Ok((table.prefix(SHOWN as usize + 1).to_vec(), period))
        })?;
        Ok(html::options_game(name, &values, &period))
    }

    fn __getattr__(&self, attribute: &str) -> PyResult<Py<PyAny>> {
        Err(crate::unavailable::error("OptionsGame", attribute))
    }
}

/// The heaps a notebook shows the values of.
const SHOWN: u64 = 59;
