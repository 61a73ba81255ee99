//! `grundy.Game.from_moves`: any impartial game whose positions are
//! hashable Python values, given by Python functions (its moves, and
//! optionally its components and a canonical key), solved by the solver's
//! search of games given by their moves.
//!
//! The search runs with the GIL released, on one thread; the GIL is taken
//! back only to call the functions and to compare two keys of equal hash
//! (and, between calls, to look for Ctrl-C). What a function raises reaches
//! the caller unchanged; a value that cannot be a position (a `moves` that
//! returns no iterable, an unhashable position) is a TypeError naming it.
//!
//! The library's moves cannot fail, so a failed call is remembered, every
//! call after it answers "no moves" at once, and the search, which then
//! ends quickly, is thrown away with what its table learnt (facts found
//! after the failure are false) and begun again at the next question.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::ThreadId;

use grundy_service::{Exclusive, Search, SearchGame, Solver, Turn, Watch};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::args::Limit;
use crate::calling_back::{calling, refuse_inside};
use crate::html;
use crate::run::{compute, solver};

/// A game given by ``moves(position)``: the positions one move away, any
/// hashable Python values. Made by ``grundy.Game.from_moves``, solved by
/// the generic search (outcome search with nimbers, a transposition table
/// keyed by ``key(position)``); with ``components(position)``, a position
/// is split into independent parts, and its value is the nim-sum of theirs.
/// A Python-only feature: the command line and the web page take specs.
///
/// >>> import grundy
/// >>> def moves(heaps):  # Kayles on a tuple of heaps
/// ...     for i, n in enumerate(heaps):
/// ...         rest = heaps[:i] + heaps[i + 1:]
/// ...         for t in (1, 2):
/// ...             for a in range(n - t + 1):
/// ...                 yield tuple(sorted(rest + (a, n - t - a)))
/// >>> g = grundy.Game.from_moves(moves, components=lambda p: [(n,) for n in p if n])
/// >>> [g.value((n,)) for n in range(8)]
/// [0, 1, 2, 3, 1, 4, 3, 2]
/// >>> g.outcome((1, 2, 3)), g.winning_moves((4,))
/// ('P', [(1, 1)])
#[derive(Debug)]
#[pyclass(frozen, module = "grundy", name = "MovesGame")]
pub struct MovesGame {
    /// The name given to ``from_moves``, or the moves function's.
    name: String,
    rules: Rules,
    /// The search, with what it learnt so far: every question extends it.
    search: Exclusive<Search<Rules>>,
}

/// The Python functions, shared by the game and its search.
#[derive(Clone, Debug)]
struct Rules(Arc<Functions>);

#[derive(Debug)]
struct Functions {
    /// The game's identity ([`crate::calling_back::new_game`]), shared by
    /// the rules of its computations apart.
    id: usize,
    /// The thread of the request computing with these functions now: the
    /// search calls them on a worker thread of its own, and it is that
    /// request that is marked as calling out while they run.
    request: Mutex<Option<ThreadId>>,
    moves: Py<PyAny>,
    components: Option<Py<PyAny>>,
    key: Option<Py<PyAny>>,
    failure: Arc<Failure>,
}

/// The first exception a function raised (or a position's check raised)
/// in the computation under way.
#[derive(Debug, Default)]
struct Failure(Mutex<Option<PyErr>>);

impl Failure {
    fn failed(&self) -> bool {
        lock(&self.0).is_some()
    }

    fn set(&self, e: PyErr) {
        lock(&self.0).get_or_insert(e);
    }

    fn take(&self) -> Option<PyErr> {
        lock(&self.0).take()
    }
}

/// A position: the Python value, its key and the key's hash, found once.
/// Equal positions are those whose keys are equal (``==`` in Python).
#[derive(Clone)]
struct Position(Arc<Held>);

struct Held {
    value: Py<PyAny>,
    key: Py<PyAny>,
    hash: isize,
    /// Where a comparison that raises is remembered.
    failure: Arc<Failure>,
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (&self.0, &other.0);
        if Arc::ptr_eq(a, b) || a.key.is(&b.key) {
            return true;
        }
        if a.hash != b.hash || a.failure.failed() {
            return false;
        }
        Python::attach(|py| match a.key.bind(py).eq(b.key.bind(py)) {
            Ok(equal) => equal,
            Err(e) => {
                a.failure.set(e);
                false
            }
        })
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash.hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = Python::attach(|py| repr(self.0.value.bind(py)));
        f.write_str(&shown)
    }
}

impl SearchGame for Rules {
    type Position = Position;
    /// The move's place in the order ``moves`` gave.
    type Move = usize;

    fn moves(&self, position: &Position, out: &mut Vec<(usize, Position)>) {
        if self.0.failure.failed() {
            return;
        }
        // Calling out: another thread asking this game meanwhile is
        // answered apart, not left waiting for this computation (which may
        // be waiting, in the function, for that thread).
        self.calling_out(|| {
            Python::attach(|py| {
                if let Err(e) = calling(self.id(), || self.call_moves(py, position, out)) {
                    self.0.failure.set(e);
                }
            });
        });
    }

    fn components(&self, position: &Position, out: &mut Vec<Position>) {
        if self.0.components.is_none() || self.0.failure.failed() {
            out.push(position.clone());
            return;
        }
        self.calling_out(|| {
            Python::attach(|py| {
                if let Err(e) = calling(self.id(), || self.call_components(py, position, out)) {
                    self.0.failure.set(e);
                }
            });
        });
    }

    /// A report every 64 positions: each report takes the GIL back to look
    /// for Ctrl-C (at most every 50 ms), so a stop is heard within 64 calls
    /// of the functions, not thousands.
    fn report_every(&self) -> u64 {
        64
    }

    /// Python's moves may lead back: the searches watch for a cycle.
    fn may_loop(&self) -> bool {
        true
    }

    fn heap_bytes(&self, _: &Position) -> usize {
        // The held value and key, at a guess: Python does not say cheaply
        // how much an object holds.
        std::mem::size_of::<Held>() + 128
    }
}

impl Rules {
    /// The game's identity, shared by its clones and its rules apart.
    fn id(&self) -> usize {
        self.0.id
    }

    /// Runs `call`, a call of a function, marked as calling out for the
    /// request computing with them (see `Functions::request`).
    fn calling_out<T>(&self, call: impl FnOnce() -> T) -> T {
        let request = *lock(&self.0.request);
        match request {
            Some(request) => grundy_service::calling_out_for(request, call),
            None => grundy_service::calling_out(call),
        }
    }

    /// Runs `f` with the request running here recorded as the one
    /// computing with these functions (see `Functions::request`).
    fn computing<T>(&self, f: impl FnOnce() -> T) -> T {
        struct Done<'a>(&'a Mutex<Option<ThreadId>>);
        impl Drop for Done<'_> {
            fn drop(&mut self) {
                *lock(self.0) = None;
            }
        }
        *lock(&self.0.request) = Some(grundy_service::this_request());
        let _done = Done(&self.0.request);
        f()
    }

    /// The same functions, for a computation apart (see
    /// `Exclusive::hold_or_apart`): their own record of what they raised,
    /// the same identity; and `position` recorded there.
    fn apart(&self, position: &Position) -> (Rules, Position) {
        Python::attach(|py| {
            let failure = Arc::new(Failure::default());
            let rules = Rules(Arc::new(Functions {
                id: self.0.id,
                request: Mutex::new(None),
                moves: self.0.moves.clone_ref(py),
                components: self.0.components.as_ref().map(|f| f.clone_ref(py)),
                key: self.0.key.as_ref().map(|f| f.clone_ref(py)),
                failure: Arc::clone(&failure),
            }));
            let held = &position.0;
            let position = Position(Arc::new(Held {
                value: held.value.clone_ref(py),
                key: held.key.clone_ref(py),
                hash: held.hash,
                failure,
            }));
            (rules, position)
        })
    }

    /// Calls ``moves(position)`` and appends the positions it gives.
    fn call_moves(
        &self,
        py: Python<'_>,
        position: &Position,
        out: &mut Vec<(usize, Position)>,
    ) -> PyResult<()> {
        py.check_signals()?;
        let value = position.0.value.bind(py);
        let answer = self.0.moves.bind(py).call1((value,))?;
        let options = answer.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "moves({}) returned {}, not an iterable of positions; return the positions one move away, such as a list, or [] for none",
                repr(value),
                repr(&answer)
            ))
        })?;
        for (i, option) in options.enumerate() {
            let option = self.position(&option?, || format!("given by moves({})", repr(value)))?;
            out.push((i, option));
        }
        Ok(())
    }

    /// Calls ``components(position)`` and appends the components it gives.
    fn call_components(
        &self,
        py: Python<'_>,
        position: &Position,
        out: &mut Vec<Position>,
    ) -> PyResult<()> {
        let Some(components) = &self.0.components else {
            return Ok(());
        };
        py.check_signals()?;
        let value = position.0.value.bind(py);
        let answer = components.bind(py).call1((value,))?;
        let parts = answer.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "components({}) returned {}, not an iterable of positions; return the independent parts of the position, such as [position] for one",
                repr(value),
                repr(&answer)
            ))
        })?;
        for part in parts {
            let part = self.position(&part?, || format!("given by components({})", repr(value)))?;
            out.push(part);
        }
        Ok(())
    }

    /// `value` as a position: its key (``key(value)``, or the value
    /// itself) and the key's hash. `whence` says where the value came from,
    /// for the message of an unhashable one.
    fn position(
        &self,
        value: &Bound<'_, PyAny>,
        whence: impl Fn() -> String,
    ) -> PyResult<Position> {
        let key = match &self.0.key {
            Some(key) => key.bind(value.py()).call1((value,))?,
            None => value.clone(),
        };
        let hash = key.hash().map_err(|e| {
            if !e.is_instance_of::<PyTypeError>(value.py()) {
                return e;
            }
            let message = if self.0.key.is_some() {
                format!(
                    "key({}) returned {}, which is not hashable ({e}); return a hashable key such as a tuple or a frozenset",
                    repr(value),
                    repr(&key)
                )
            } else {
                format!(
                    "the position {} {} is not hashable ({e}); write positions as hashable values (tuples, frozensets), or give key= a function returning a hashable key",
                    repr(value),
                    whence()
                )
            };
            let err = PyTypeError::new_err(message);
            err.set_cause(value.py(), Some(e));
            err
        })?;
        Ok(Position(Arc::new(Held {
            value: value.clone().unbind(),
            key: key.unbind(),
            hash,
            failure: Arc::clone(&self.0.failure),
        })))
    }
}

fn repr(obj: &Bound<'_, PyAny>) -> String {
    obj.repr()
        .map_or_else(|_| "<unprintable>".to_string(), |r| r.to_string())
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The ``__name__`` of the function `f`, or `otherwise`.
pub fn function_name(f: &Bound<'_, PyAny>, otherwise: &str) -> String {
    f.getattr("__name__")
        .and_then(|n| n.extract::<String>())
        .unwrap_or_else(|_| otherwise.to_string())
}

/// A function argument, checked: callable, or None where optional.
fn function(name: &str, f: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<Py<PyAny>>> {
    match f {
        None => Ok(None),
        Some(f) if f.is_none() => Ok(None),
        Some(f) if f.is_callable() => Ok(Some(f.clone().unbind())),
        Some(f) => Err(PyTypeError::new_err(format!(
            "{name} must be a function {what}, not {}",
            f.get_type().name()?
        ))),
    }
}

impl MovesGame {
    pub fn new(
        moves: &Bound<'_, PyAny>,
        components: Option<&Bound<'_, PyAny>>,
        key: Option<&Bound<'_, PyAny>>,
        name: Option<String>,
    ) -> PyResult<Self> {
        let py = moves.py();
        let Some(moves) = function(
            "moves",
            Some(moves),
            "of a position, returning the positions one move away",
        )?
        else {
            return Err(PyTypeError::new_err(
                "moves must be a function of a position, returning the positions one move away, not None",
            ));
        };
        let rules = Rules(Arc::new(Functions {
            id: crate::calling_back::new_game(),
            request: Mutex::new(None),
            moves,
            components: function(
                "components",
                components,
                "of a position, returning its independent parts",
            )?,
            key: function(
                "key",
                key,
                "of a position, returning a hashable canonical key",
            )?,
            failure: Arc::new(Failure::default()),
        }));
        let name = name.unwrap_or_else(|| function_name(rules.0.moves.bind(py), "moves"));
        let search = Exclusive::new(solver().moves_game_search(rules.clone()));
        Ok(MovesGame {
            name,
            rules,
            search,
        })
    }

    /// Runs `f` on the solver with the GIL released (see [`compute`]),
    /// with this game's search and `position` checked; an exception a
    /// function raised is raised unchanged, and the search, whose table
    /// may hold facts found after it, is begun again.
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        progress: Option<&Bound<'_, PyAny>>,
        f: impl FnOnce(&Solver, &mut Search<Rules>, &Position, &mut Watch) -> grundy_service::Result<T>
        + Send,
    ) -> PyResult<T> {
        refuse_inside(self.rules.id(), &self.name)?;
        let position = self
            .rules
            .position(position, || "asked about".to_string())?;
        let (search, rules, name) = (&self.search, &self.rules, &self.name);
        let mut apart = None;
        let result = compute(py, progress, |s, w| {
            // Held with the GIL released: another thread asking the same
            // game waits here without blocking the functions; a function
            // asking it (the same thread) is refused at once. Where the
            // thread holding it is running a function (or a progress
            // callback), this request may be one that the function waits
            // for: it is answered apart, by a search of its own.
            match search.hold_or_apart(&format!("the game {name}"), w)? {
                Turn::Held(mut search) => {
                    let result = rules.computing(|| f(s, &mut search, &position, w));
                    if rules.0.failure.failed() {
                        *search = s.moves_game_search(rules.clone());
                    }
                    result
                }
                Turn::Apart(_apart) => {
                    let (alone, position) = rules.apart(&position);
                    let mut search = s.moves_game_search(alone.clone());
                    let result = alone.computing(|| f(s, &mut search, &position, w));
                    apart = Some(alone);
                    result
                }
            }
        });
        let failure = match &apart {
            Some(alone) => alone.0.failure.take(),
            None => self.rules.0.failure.take(),
        };
        match failure {
            Some(raised) => Err(raised),
            None => result,
        }
    }
}

#[pymethods]
impl MovesGame {
    /// The Python function giving the moves.
    #[getter]
    fn moves(&self, py: Python<'_>) -> Py<PyAny> {
        self.rules.0.moves.clone_ref(py)
    }

    /// The Python function splitting a position into components, or None.
    #[getter]
    fn components(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.rules.0.components.as_ref().map(|f| f.clone_ref(py))
    }

    /// The Python function giving a position's canonical key, or None.
    #[getter]
    fn key(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.rules.0.key.as_ref().map(|f| f.clone_ref(py))
    }

    /// The name given to ``from_moves`` (by default the moves function's).
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The name (a game given by functions has no spec; this is its name,
    /// for the answers to carry).
    #[getter]
    fn spec(&self) -> &str {
        &self.name
    }

    fn __repr__(&self) -> String {
        format!("MovesGame(name='{}')", self.name)
    }

    fn __str__(&self) -> String {
        self.name.clone()
    }

    /// The nimber of ``position``: the nim-sum of its components' nimbers.
    ///
    /// Raises what a function raises, unchanged; TypeError for a position
    /// that is not hashable or a ``moves`` that returns no iterable;
    /// KeyboardInterrupt on Ctrl-C, Interrupted when ``progress`` returns
    /// False, what the search learnt kept.
    #[pyo3(signature = (position, *, progress=None))]
    fn value(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        self.run(py, position, progress, |s, search, p, w| {
            s.moves_game_value(search, p, w)
        })
    }

    /// Who wins ``position``: ``"N"`` if the player to move wins, ``"P"``
    /// if not.
    #[pyo3(signature = (position, *, progress=None))]
    fn outcome(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<&'static str> {
        let v = self.value(py, position, progress)?;
        Ok(if v == 0 { "P" } else { "N" })
    }

    /// The positions after the winning moves of ``position`` (those of
    /// value 0), at most ``limit`` of them, in the order ``moves`` gave;
    /// an empty list when the position is lost.
    #[pyo3(signature = (position, limit=Limit(grundy_service::DEFAULT_MOVES_LISTED), *, progress=None), text_signature = "(self, position, limit=20, *, progress=None)")]
    fn winning_moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        limit: Limit,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let (_, moves) = self.run(py, position, progress, |s, search, p, w| {
            s.moves_game_moves(search, p, w)
        })?;
        Ok(moves
            .into_iter()
            .filter(|m| m.wins)
            .take(limit.0)
            .map(|m| m.after.0.value.clone_ref(py))
            .collect())
    }

    /// Who wins ``position`` under misère play, where the last player to
    /// move loses: ``"N"`` or ``"P"``. A search of whole positions, as sums
    /// do not decompose under misère play (``components`` only names the
    /// parts a position is remembered by), within a quarter of the memory
    /// budget (LimitError past it); nothing is kept for the next question.
    #[pyo3(signature = (position, *, progress=None))]
    fn misere_outcome(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<&'static str> {
        let rules = &self.rules;
        let lost = self.run(py, position, progress, |s, _, p, w| {
            s.moves_game_misere(rules.clone(), p, w)
        })?;
        Ok(if lost { "P" } else { "N" })
    }

    fn _repr_html_(&self) -> String {
        html::moves_game(&self.name)
    }

    fn __getattr__(&self, attribute: &str) -> PyResult<Py<PyAny>> {
        Err(crate::unavailable::error("MovesGame", attribute))
    }
}
