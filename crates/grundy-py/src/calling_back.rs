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
use std::sync::atomic::{AtomicUsize, Ordering};

use pyo3::PyResult;
use pyo3::exceptions::PyRuntimeError;

thread_local! {
    /// The games whose functions this thread is running, innermost last.
    static RUNNING: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// A new game's identity, never given before: a game's computations apart
/// (see `Exclusive::hold_or_apart`) share it with the game, so that a
/// function asking its own game is recognised in them too.
pub fn new_game() -> usize {
    static NEXT: AtomicUsize = AtomicUsize::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Runs `call`, a call of one of the functions of the game `game` (its
/// identity, [`new_game`]), with this thread marked as running it.
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
