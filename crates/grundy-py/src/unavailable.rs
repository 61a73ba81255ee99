//! The methods of `grundy.Game` that a game given by Python functions
//! cannot have, each refused with the reason and what to ask instead, so
//! that no such call ends in a bare "no attribute".

use pyo3::PyErr;
use pyo3::exceptions::PyAttributeError;

/// What `attribute` of a `class` object is: the reason it does not apply,
/// as an AttributeError, or Python's own message for any other name.
pub fn error(class: &str, attribute: &str) -> PyErr {
    let why = match (class, attribute) {
        ("OptionsGame", "genera" | "misere_quotient" | "misere_position") => {
            "genera and misère quotients (and the method misere_position reports) need a game the solver knows by its spec; a game given by its options answers misère play by misere_outcome(heaps) and misere_winning_moves(heaps), a search of whole positions"
        }
        (
            "MovesGame",
            "genera" | "misere_quotient" | "misere_position" | "misere_winning_moves",
        ) => {
            "genera, misère quotients and misère winning moves are of heap games known by their spec; a game given by its moves answers misère play by misere_outcome(position)"
        }
        (_, "ppos") => {
            "P-positions are scanned for multi-heap games known by their spec; here the P-positions are the positions whose outcome() is 'P'"
        }
        ("OptionsGame", "moves" | "picture") => {
            "a heap game has no board: ask winning_moves(heaps) for its moves"
        }
        (
            "MovesGame",
            "values" | "table" | "count" | "period" | "plot" | "position" | "moves" | "picture",
        ) => {
            "a game given by its moves has positions, not heap sizes, so it has no values by heap to list, count, plot or find a period in: ask value(position), outcome, winning_moves or misere_outcome; a heap game given by Game.from_options has them all"
        }
        _ => {
            return PyAttributeError::new_err(format!(
                "'{class}' object has no attribute '{attribute}'"
            ));
        }
    };
    PyAttributeError::new_err(format!("{class} has no {attribute}(): {why}"))
}
