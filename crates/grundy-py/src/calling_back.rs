//! Which games' Python functions each thread is running, so that a
//! function asking about its own game is refused at once.
//!
//! A game given by Python functions (`OptionsGame`, `MovesGame`) is held by
//! the computation that calls them, and the search may call them from a
//! worker thread of its own: a function that asks its own game would wait
//! for that computation, which waits for the function. The solver refuses a
//! request from the thread that holds a game (a progress callback); this
//! covers the threads the functions run on.

use std::cell::RefCell;

use pyo3::PyResult;
use pyo3::exceptions::PyRuntimeError;

thread_local! {
    /// The games whose functions this thread is running, innermost last.
    static RUNNING: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// Runs `call`, a call of one of the functions of the game `game` (its
/// address), with this thread marked as running it.
pub fn calling<T>(game: usize, call: impl FnOnce() -> T) -> T {
    struct Unmark;
    impl Drop for Unmark {
        fn drop(&mut self) {
            RUNNING.with(|r| r.borrow_mut().pop());
        }
    }
    RUNNING.with(|r| r.borrow_mut().push(game));
    let _unmark = Unmark;
    call()
}

/// A RuntimeError if this thread is running a function of `game` (named
/// `name`): asking the game there would wait for ever.
pub fn refuse_inside(game: usize, name: &str) -> PyResult<()> {
    if RUNNING.with(|r| r.borrow().contains(&game)) {
        return Err(PyRuntimeError::new_err(format!(
            "a function of the game {name} asked about that same game while computing it; a callback cannot ask the solver about the game it is computing, so ask after the computation returns"
        )));
    }
    Ok(())
}
