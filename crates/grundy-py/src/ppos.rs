//! The P-positions of a multi-heap game: counted and summed, or iterated.

use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use grundy_service::{Game as Spec, Method, Next, PPositionIter, Tally, VectorGame};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::args::Size;
use crate::run::{compute, error, solver};

/// How long an iteration waits for the scan before looking for Ctrl-C.
const WAIT: Duration = Duration::from_millis(100);

/// The P-positions (positions lost by the player to move) of a multi-heap
/// game (``"wythoff"``, ``"stone"``, ``"subsets:K:..."``) with every
/// coordinate at most ``to``: iterate it for the positions (tuples, each
/// once with its coordinates in increasing order), or ask for ``count``
/// and ``sum`` (of all coordinates; Project Euler 260).
///
/// >>> import grundy
/// >>> w = grundy.ppos("wythoff", 10)
/// >>> list(w)
/// [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
/// >>> w.count, w.sum
/// (5, 38)
/// >>> grundy.ppos("stone", 9).sum
/// 153
#[pyfunction]
pub fn ppos(spec: &str, to: Size) -> PyResult<PPositions> {
    let to = to.0;
    let game: Spec = spec.parse().map_err(error)?;
    let game = game.multiheap("a scan of P-positions").map_err(error)?;
    Ok(PPositions::new(game.clone(), to))
}

/// The P-positions of a multi-heap game up to a bound (see ``grundy.ppos``).
#[derive(Debug)]
#[pyclass(frozen, module = "grundy")]
pub struct PPositions {
    game: VectorGame,
    to: u64,
    tally: OnceLock<Tally>,
}

impl PPositions {
    pub fn new(game: VectorGame, to: u64) -> Self {
        PPositions {
            game,
            to,
            tally: OnceLock::new(),
        }
    }

    fn tally(&self, py: Python<'_>) -> PyResult<Tally> {
        if let Some(t) = self.tally.get() {
            return Ok(*t);
        }
        let t = compute(py, None, |s, w| {
            s.p_positions(
                &Spec::Multiheap(self.game.clone()),
                self.to,
                Method::Fast,
                &mut |_| std::ops::ControlFlow::Continue(()),
                w,
            )
        })?;
        Ok(*self.tally.get_or_init(|| t))
    }
}

#[pymethods]
impl PPositions {
    /// The canonical spec of the game.
    #[getter]
    fn game(&self) -> String {
        self.game.to_string()
    }
    /// The largest coordinate.
    #[getter]
    fn to(&self) -> u64 {
        self.to
    }
    /// How many P-positions there are.
    #[getter]
    fn count(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.tally(py)?.count)
    }
    /// The sum of all coordinates of all P-positions.
    #[getter]
    fn sum(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.tally(py)?.sum)
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(usize::try_from(self.tally(py)?.count).unwrap_or(usize::MAX))
    }

    fn __iter__(&self) -> PPositionIterator {
        PPositionIterator {
            scan: Mutex::new(PPositionIter::new(solver(), self.game.clone(), self.to)),
        }
    }

    fn __repr__(&self) -> String {
        format!("PPositions(game='{}', to={})", self.game, self.to)
    }
}

/// An iterator over P-positions, computed on a thread of their own a few
/// thousand ahead; Ctrl-C stops it.
#[derive(Debug)]
#[pyclass(module = "grundy")]
pub struct PPositionIterator {
    scan: Mutex<PPositionIter>,
}

#[pymethods]
impl PPositionIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        loop {
            let next = py.detach(|| {
                self.scan
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .next_within(WAIT)
            });
            match next.map_err(error)? {
                Next::Position(p) => return Ok(Some(PyTuple::new(py, p)?)),
                Next::End => return Ok(None),
                Next::Pending => py.check_signals()?,
            }
        }
    }
}
