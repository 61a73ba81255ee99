//! The Python package `grundy`: a thin layer over the solver
//! ([`grundy_service`]), the way `tokenizers` and `polars` keep their Python
//! bindings beside one Rust core.
//!
//! It converts types and errors, releases the GIL around every computation
//! (two Python threads computing two games run on two cores), turns Ctrl-C
//! into `KeyboardInterrupt` within a fraction of a second, and adds nothing
//! the solver lacks: every answer is the one the command line gives.
//!
//! - `game`: `grundy.Game`, one game and the questions about it;
//! - `boards`: `grundy.Cram`, `grundy.NodeKayles`, `grundy.Chomp` (games
//!   built from sizes, lists or NumPy boolean arrays), a board's moves,
//!   and the drawing of a board;
//! - `heap_game`: `grundy.OptionsGame`, a heap game given by a Python
//!   function (`Game.from_options`);
//! - `moves_game`: `grundy.MovesGame`, any game given by Python functions
//!   (its moves, components and key), solved by the generic search;
//! - `answers`: the Python classes of the answers (period verdict,
//!   counts, moves, a table of values);
//! - `misere`: misère play's answers (a position, genera, a quotient);
//! - `ppos`: the P-positions of a multi-heap game, iterated;
//! - `run`: the shared solver, watching a computation for Ctrl-C and
//!   progress, and errors as Python exceptions;
//! - `html`: tables for notebooks (`_repr_html_`);
//! - `plot`: a heap game's values drawn with matplotlib;
//! - `unavailable`: the methods a game given by Python functions cannot
//!   have, refused with the reason;
//! - `calling_back`: which games' Python functions a thread runs, so that
//!   a function asking its own game is refused at once.
//!
//! Built with maturin (`pip install ./crates/grundy-py`); tested from
//! Python (`crates/grundy-py/tests`, run by `.ci/python`).

use pyo3::prelude::*;

mod answers;
mod args;
mod boards;
mod calling_back;
mod game;
mod heap_game;
mod html;
mod misere_answers;
mod moves_game;
mod plot;
mod ppos;
mod run;
mod unavailable;

/// Sprague–Grundy values, proved periods with certificates, winning moves
/// and counts of impartial games.
///
/// >>> import grundy
/// >>> kayles = grundy.Game("kayles")
/// >>> kayles.values(10).tolist()
/// [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]
/// >>> kayles.period()
/// Period(game='0.77', preperiod=71, period=12, saltus=0, status='proved')
/// >>> kayles.value(10**18)
/// 1
#[pymodule]
#[pyo3(name = "grundy")]
fn grundy_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<game::Game>()?;
    m.add_class::<boards::Cram>()?;
    m.add_class::<boards::NodeKayles>()?;
    m.add_class::<boards::Chomp>()?;
    m.add_class::<boards::BoardMove>()?;
    m.add_class::<heap_game::OptionsGame>()?;
    m.add_class::<moves_game::MovesGame>()?;
    m.add_class::<answers::Period>()?;
    m.add_class::<answers::Verified>()?;
    m.add_class::<answers::Count>()?;
    m.add_class::<answers::Position>()?;
    m.add_class::<answers::Move>()?;
    m.add_class::<answers::MultiheapMove>()?;
    m.add_class::<answers::Values>()?;
    m.add_class::<misere_answers::MiserePosition>()?;
    m.add_class::<misere_answers::Genus>()?;
    m.add_class::<misere_answers::Genera>()?;
    m.add_class::<misere_answers::MisereQuotient>()?;
    m.add_class::<ppos::PPositions>()?;
    m.add_class::<ppos::PPositionIterator>()?;
    m.add_function(wrap_pyfunction!(answers::verify, m)?)?;
    m.add_function(wrap_pyfunction!(ppos::ppos, m)?)?;
    m.add_function(wrap_pyfunction!(run::configure, m)?)?;
    let py = m.py();
    m.add("LimitError", py.get_type::<run::LimitError>())?;
    m.add("Interrupted", py.get_type::<run::Interrupted>())?;
    m.add("CertificateError", py.get_type::<run::CertificateError>())?;
    m.add("QuotientError", py.get_type::<run::QuotientError>())?;
    Ok(())
}
