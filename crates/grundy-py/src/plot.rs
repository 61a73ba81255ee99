//! The drawing of a heap game's values with matplotlib, shared by
//! `grundy.Game` and `grundy.OptionsGame`: the axes checked before anything
//! is computed, then `G(0..=to)` drawn as dots.

use pyo3::exceptions::{PyImportError, PyTypeError};
use pyo3::prelude::*;

/// The methods of matplotlib's axes that the drawing calls.
const DRAWS_WITH: [&str; 4] = ["plot", "set_xlabel", "set_ylabel", "set_title"];

/// Refuses `ax` unless it can draw: checked before anything is computed,
/// since a bare AttributeError from deep in the drawing says nothing of
/// the argument.
pub fn check_axes(ax: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    if let Some(ax) = ax
        && let Some(missing) = DRAWS_WITH
            .iter()
            .find(|m| !ax.getattr(**m).is_ok_and(|f| f.is_callable()))
    {
        return Err(PyTypeError::new_err(format!(
            "ax must be matplotlib axes (from plt.subplots()), with a {missing} method; got {}",
            ax.get_type().name()?
        )));
    }
    Ok(())
}

/// Draws `values`, the NumPy array of `G(0..=to)` of the game named
/// `game`, on `ax` or new axes, and returns the axes.
pub fn values<'py>(
    py: Python<'py>,
    game: &str,
    to: u64,
    values: Bound<'py, PyAny>,
    ax: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let ax = match ax {
        Some(ax) => ax,
        None => {
            let plt = py.import("matplotlib.pyplot").map_err(|e| {
                PyImportError::new_err(format!(
                    "plot draws with matplotlib, which is not installed: pip install matplotlib ({e})"
                ))
            })?;
            plt.call_method0("subplots")?.get_item(1)?
        }
    };
    let heaps = py.import("numpy")?.call_method1("arange", (to + 1,))?;
    let kwargs = pyo3::types::PyDict::new(py);
    kwargs.set_item("markersize", 3)?;
    ax.call_method("plot", (heaps, values, "."), Some(&kwargs))?;
    ax.call_method1("set_xlabel", ("heap n",))?;
    ax.call_method1("set_ylabel", ("G(n)",))?;
    ax.call_method1("set_title", (format!("Grundy values of {game}"),))?;
    Ok(ax)
}
