//! The solver the whole process shares, running a computation with the GIL
//! released while watching for Ctrl-C and reporting progress, and the
//! library's errors as Python exceptions.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, RwLock};
use std::time::{Duration, Instant};

use grundy_service::{
    Accountant, Budget, Config, Detail, Error, ErrorKind, Event, FileStore, GameKind, Quantity,
    Solver, Watch,
};
use pyo3::exceptions::{PyException, PyMemoryError, PyOverflowError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBool;

use crate::args::Bytes;

pyo3::create_exception!(
    grundy,
    LimitError,
    PyMemoryError,
    "A request past a limit: values that would not fit in the memory budget, or more than one call may return. Refused before anything is allocated; the message says what fits."
);
pyo3::create_exception!(
    grundy,
    Interrupted,
    PyException,
    "A computation stopped by its progress callback (which returned False). Ctrl-C raises KeyboardInterrupt instead."
);
pyo3::create_exception!(
    grundy,
    CertificateError,
    PyValueError,
    "A certificate that does not check: damaged, altered, or not a certificate."
);

pyo3::create_exception!(
    grundy,
    QuotientError,
    PyRuntimeError,
    "No misère quotient found: no candidate the search tries verifies for some heap up to the bound asked for. The message says the last bound a quotient was found for."
);

/// How often, at most, a computation takes the GIL back to look for Ctrl-C
/// and call the progress callback.
const LOOK_EVERY: Duration = Duration::from_millis(50);

static SOLVER: LazyLock<RwLock<Arc<Solver>>> =
    LazyLock::new(|| RwLock::new(Arc::new(Solver::new(python_config()))));

/// The solver's configuration in Python: the library's defaults. The
/// engine runs on the solver's pools, and its progress (the watch below,
/// which looks for Ctrl-C and calls the progress callback) is told on the
/// calling thread, where Python hears signals.
fn python_config() -> Config {
    Config::default()
}

/// The solver of this process.
pub fn solver() -> Arc<Solver> {
    Arc::clone(&SOLVER.read().unwrap_or_else(|e| e.into_inner()))
}

/// Sets up the solver this process shares, forgetting the values it holds.
///
/// ``store``: a directory where computed values are kept between runs
/// (``None``, the default: nothing is kept), created if its parent exists;
/// a ValueError at once if it is not a directory this process can write.
/// ``budget``: the most bytes the process's computations may take, all of
/// them together (default: the library's budget); a call that would pass
/// what the others leave raises LimitError. Computations already running
/// finish with the solver they started with.
///
/// >>> import grundy
/// >>> grundy.configure(budget=1 << 20)
/// >>> grundy.Game("kayles").values(10**7)
/// Traceback (most recent call last):
/// ...
/// grundy.LimitError: ...
/// >>> grundy.configure()
#[pyfunction]
#[pyo3(signature = (store=None, budget=None))]
pub fn configure(store: Option<PathBuf>, budget: Option<Bytes>) -> PyResult<()> {
    let mut config = python_config();
    if let Some(Bytes(bytes)) = budget {
        config.budget = Budget::bytes(bytes);
        config.memory_kept = bytes / 4;
        // Every call from now on shares this budget; calls still running
        // keep the accountant they started with.
        config.accountant = Arc::new(Accountant::new(bytes));
    }
    if let Some(dir) = store {
        check_store(&dir)?;
        config.store = Some(Arc::new(FileStore::new(dir)));
    }
    *SOLVER.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(Solver::new(config));
    Ok(())
}

/// Checks at once that values can be kept in `dir`: a directory (created
/// when its parent exists) in which a file can be written. A store that
/// fails later only warns, so a bad one would keep nothing without a word.
fn check_store(dir: &Path) -> PyResult<()> {
    let shown = grundy_service::quoted(&dir.to_string_lossy());
    if dir.as_os_str().is_empty() {
        return Err(PyValueError::new_err(
            "store='' names no directory; give a directory to keep values in, or None to keep nothing",
        ));
    }
    if dir.as_os_str().as_encoded_bytes().contains(&0) {
        return Err(PyValueError::new_err(format!(
            "store={shown} contains a NUL character, which no path holds"
        )));
    }
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => {
            return Err(PyValueError::new_err(format!(
                "store={shown} is a file, not a directory; give a directory to keep values in"
            )));
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir(dir).map_err(|e| {
                PyValueError::new_err(format!(
                    "store={shown} cannot be created ({e}); give an existing directory, or a new one in an existing directory"
                ))
            })?;
        }
        Err(e) => {
            return Err(PyValueError::new_err(format!(
                "store={shown} cannot be read ({e}); give a directory to keep values in"
            )));
        }
    }
    let probe = dir.join(format!(".grundy-store-check-{}", std::process::id()));
    std::fs::File::create_new(&probe)
        .and_then(|_| std::fs::remove_file(&probe))
        .map_err(|e| {
            PyValueError::new_err(format!(
                "store={shown} cannot be written ({e}); give a directory this process may write"
            ))
        })
}

/// Runs `f` on the shared solver with the GIL released. Every
/// [`LOOK_EVERY`] at most, the watch takes the GIL back for a moment: a
/// pending signal (Ctrl-C) stops the computation and is raised, and
/// `progress`, if given, is called with `(done, total)`; an exception in it
/// stops the computation and is raised, and so does returning `False`
/// ([`Interrupted`]).
pub fn compute<T: Send>(
    py: Python<'_>,
    progress: Option<&Bound<'_, PyAny>>,
    f: impl FnOnce(&Solver, &mut Watch) -> grundy_service::Result<T> + Send,
) -> PyResult<T> {
    compute_mapped(py, progress, error, f)
}

/// As [`compute`], with the library's errors raised as `into` says.
pub fn compute_mapped<T: Send>(
    py: Python<'_>,
    progress: Option<&Bound<'_, PyAny>>,
    into: fn(Error) -> PyErr,
    f: impl FnOnce(&Solver, &mut Watch) -> grundy_service::Result<T> + Send,
) -> PyResult<T> {
    let solver = solver();
    let progress: Option<Py<PyAny>> = progress.map(|p| p.clone().unbind());
    let mut failure: Option<PyErr> = None;
    let result = py.detach(|| {
        let mut last = Instant::now();
        let mut watch = Watch::new(|event| {
            if last.elapsed() < LOOK_EVERY {
                return ControlFlow::Continue(());
            }
            last = Instant::now();
            // Marked as calling out: a thread the callback starts and
            // waits for, asking this game, is answered apart or refused at
            // once, never left waiting for this computation.
            grundy_service::calling_out(|| {
                Python::attach(|py| match look(py, progress.as_ref(), &event) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(e) => {
                        failure = Some(e);
                        ControlFlow::Break(())
                    }
                })
            })
        });
        f(&solver, &mut watch)
    });
    // A signal or a callback's exception is raised even if the computation
    // finished before it heard the stop: the signal handler has run and
    // its KeyboardInterrupt must not be lost.
    if let Some(e) = failure {
        return Err(e);
    }
    result.map_err(into)
}

/// Checks for signals and calls the progress callback.
fn look(py: Python<'_>, progress: Option<&Py<PyAny>>, event: &Event) -> PyResult<()> {
    py.check_signals()?;
    let Some(progress) = progress else {
        return Ok(());
    };
    let (done, total) = match *event {
        Event::Values { done, total } => (done, total),
        Event::Search { done, to, .. } => (done, to),
        Event::Scan { done, total } => (done, total),
        _ => return Ok(()),
    };
    let answer = progress.call1(py, (done, total))?;
    let answer = answer.bind(py);
    if answer.is_instance_of::<PyBool>() && !answer.is_truthy()? {
        return Err(Interrupted::new_err(
            "stopped by the progress callback (it returned False)",
        ));
    }
    Ok(())
}

/// The library's error from a misère quotient: as [`error`], except that
/// a quotient the search does not find is a [`QuotientError`].
pub fn quotient_error(e: Error) -> PyErr {
    match e.kind() {
        ErrorKind::Overflow => QuotientError::new_err(e.to_string()),
        _ => error(e),
    }
}

/// The library's error as the Python exception of its kind.
pub fn error(e: Error) -> PyErr {
    if grundy_service::waits_for_itself(&e) {
        // A callback (progress, options, moves) asking about the game
        // whose computation called it: a use of the API, not bad input.
        return PyRuntimeError::new_err(e.to_string());
    }
    let advice = match e.detail() {
        Some(Detail::OverBudget { .. }) => " (or raise the budget: grundy.configure(budget=...))",
        Some(Detail::OutOfRange {
            quantity: Quantity::MovesListed,
            ..
        }) => "; give a smaller limit=",
        Some(Detail::WrongGame {
            needs: GameKind::SumOfHeaps,
        }) => {
            "; ask a multi-heap game for its outcome, winning moves or P-positions, a board or graph for its value, outcome and moves, a family of boards for its values(to)"
        }
        Some(Detail::WrongGame {
            needs: GameKind::Multiheap,
        }) => "; its P-positions are the positions of value 0",
        _ => "",
    };
    let message = format!("{e}{advice}");
    match e.kind() {
        ErrorKind::InvalidSpec | ErrorKind::InvalidInput => PyValueError::new_err(message),
        ErrorKind::TooLarge => LimitError::new_err(message),
        ErrorKind::Overflow => PyOverflowError::new_err(message),
        ErrorKind::Interrupted => Interrupted::new_err(message),
        ErrorKind::Corrupt => CertificateError::new_err(message),
        _ => PyRuntimeError::new_err(message),
    }
}
