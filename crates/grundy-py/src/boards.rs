//! Boards and graphs: the constructors `grundy.Cram`, `grundy.NodeKayles`
//! and `grundy.Chomp` (each a `grundy.Game`, built from the same specs the
//! command line takes, a Cram board also from a NumPy boolean array), a
//! board game's moves (`BoardMove`), and the drawing of a board with
//! matplotlib.

use grundy_service::{BoardGame, BoardMovesReport, Game as Spec};
use pyo3::exceptions::{PyImportError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt};

use crate::args::Size;
use crate::game::Game;
use crate::run::error;

/// A move of a board or graph game in the game's own terms (``play``: a
/// domino ``"r1,c1-r2,c2"``, a vertex ``"4"``, a square ``"row,col"``; rows
/// and columns from 0), the position after it as a spec (``after``; a
/// graph's vertices numbered again from 0) and whether it wins.
///
/// >>> import grundy
/// >>> grundy.Cram(1, 4).winning_moves()
/// [BoardMove(play='0,1-0,2', after='cram:.##.', winning=True)]
#[derive(Debug)]
#[pyclass(frozen, eq, module = "grundy")]
pub struct BoardMove {
    play: String,
    after: String,
    winning: bool,
    position: BoardGame,
}

/// Two moves are equal when they are the same move from the same position:
/// the same play leaving the same position.
impl PartialEq for BoardMove {
    fn eq(&self, other: &Self) -> bool {
        (&self.play, &self.after, self.winning) == (&other.play, &other.after, other.winning)
    }
}

impl BoardMove {
    /// Whether the move wins.
    pub fn is_winning(&self) -> bool {
        self.winning
    }

    /// The moves of `report`, in its order.
    pub fn all(report: BoardMovesReport) -> Vec<BoardMove> {
        report
            .moves
            .into_iter()
            .map(|m| BoardMove {
                play: m.play,
                after: m.after,
                winning: m.winning,
                position: m.position,
            })
            .collect()
    }
}

#[pymethods]
impl BoardMove {
    /// The move in the game's own terms.
    #[getter]
    fn play(&self) -> &str {
        &self.play
    }
    /// The position after it, as a spec.
    #[getter]
    fn after(&self) -> &str {
        &self.after
    }
    /// Whether it wins: it leaves a position lost for the player then to
    /// move.
    #[getter]
    fn winning(&self) -> bool {
        self.winning
    }
    /// The position after it as a game, a graph's vertices keeping their
    /// names: the position to play on from.
    ///
    /// >>> import grundy
    /// >>> [m] = grundy.NodeKayles.path(3).winning_moves()
    /// >>> m.play, m.game().spec
    /// ('1', 'node-kayles:edges:0:')
    fn game(&self) -> Game {
        Game::from_spec(Spec::Board(self.position.clone()))
    }

    fn __repr__(&self) -> String {
        format!(
            "BoardMove(play='{}', after='{}', winning={})",
            self.play,
            self.after,
            if self.winning { "True" } else { "False" }
        )
    }
}

/// The game named by `spec`, or a ValueError with the solver's message.
fn parse(spec: &str) -> PyResult<Game> {
    Ok(Game::from_spec(spec.parse().map_err(error)?))
}

/// Cram: players in turn place a domino on two free cells that share a
/// side; whoever cannot place one loses. ``Cram(rows, cols)`` is the empty
/// board; ``Cram(array)`` a board from a 2-D NumPy boolean array (or nested
/// lists of bools), ``True`` for a free cell.
///
/// Raises ValueError for a board that is not one (no cells, rows of
/// different lengths, values that are not booleans).
///
/// >>> import grundy, numpy as np
/// >>> grundy.Cram(3, 4).value()
/// 1
/// >>> board = np.ones((2, 3), dtype=bool)
/// >>> board[0, 2] = False
/// >>> g = grundy.Cram(board)
/// >>> g, g.outcome()
/// (Game('cram:..#/...'), 'P')
#[derive(Debug)]
#[pyclass(extends = Game, frozen, module = "grundy")]
pub struct Cram;

#[pymethods]
impl Cram {
    #[new]
    #[pyo3(signature = (rows, cols=None))]
    fn new(rows: &Bound<'_, PyAny>, cols: Option<Size>) -> PyResult<PyClassInitializer<Self>> {
        // Two arguments are sizes (NumPy integers too); one is a board, unless
        // it is a lone integer.
        let spec = match cols {
            Some(cols) => {
                let rows: Size = rows.extract().map_err(|_| {
                    PyTypeError::new_err(
                        "Cram(rows, cols) takes two sizes, as in Cram(5, 7); Cram(array) takes the board alone",
                    )
                })?;
                format!("cram:{}x{}", rows.0, cols.0)
            }
            None if rows.is_instance_of::<PyInt>() => {
                return Err(PyTypeError::new_err(
                    "Cram(rows, cols) needs both sizes, as in Cram(5, 7)",
                ));
            }
            None => format!("cram:{}", drawn(rows)?),
        };
        Ok(PyClassInitializer::from(parse(&spec)?).add_subclass(Cram))
    }
}

/// The board in `array` (2-D, booleans, `True` free) drawn row by row, `/`
/// between rows.
fn drawn(array: &Bound<'_, PyAny>) -> PyResult<String> {
    let py = array.py();
    let array = py
        .import("numpy")?
        .call_method1("asarray", (array,))
        .map_err(|e| {
            PyValueError::new_err(format!(
                "a Cram board is a 2-D boolean array, True for a free cell ({e})"
            ))
        })?;
    let ndim: usize = array.getattr("ndim")?.extract()?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if ndim != 2 || kind != "b" {
        let dtype = array.getattr("dtype")?.str()?.to_string();
        return Err(PyValueError::new_err(format!(
            "a Cram board is a 2-D boolean array, True for a free cell; got {ndim} dimension(s) of {dtype} (use array == 1, or .astype(bool))"
        )));
    }
    let rows: Vec<Vec<bool>> = array.call_method0("tolist")?.extract()?;
    if rows.is_empty() || rows[0].is_empty() {
        return Err(PyValueError::new_err(
            "a Cram board needs at least one cell; the array is empty",
        ));
    }
    Ok(rows
        .iter()
        .map(|row| {
            row.iter()
                .map(|&free| if free { '.' } else { '#' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/"))
}

/// Node-Kayles: players in turn take a vertex of a graph with its
/// neighbours; whoever finds the graph empty loses. ``NodeKayles(edges)``
/// is the graph of ``edges`` (pairs of vertex numbers from 0; ``vertices``
/// for vertices past the last one named, alone); ``NodeKayles.path(n)``,
/// ``.cycle(n)`` and ``.grid(rows, cols)`` the usual graphs.
///
/// Raises ValueError for an edge from a vertex to itself or more than 128
/// vertices.
///
/// >>> import grundy
/// >>> grundy.NodeKayles.grid(2, 4).value()
/// 0
/// >>> grundy.NodeKayles([(0, 1), (1, 2), (2, 0)]).winning_moves()[0].play
/// '0'
#[derive(Debug)]
#[pyclass(extends = Game, frozen, module = "grundy")]
pub struct NodeKayles;

impl NodeKayles {
    fn made(spec: &str) -> PyResult<PyClassInitializer<Self>> {
        Ok(PyClassInitializer::from(parse(spec)?).add_subclass(NodeKayles))
    }
}

#[pymethods]
impl NodeKayles {
    #[new]
    #[pyo3(signature = (edges, vertices=None))]
    fn new(edges: Vec<(Size, Size)>, vertices: Option<Size>) -> PyResult<PyClassInitializer<Self>> {
        let named = edges
            .iter()
            .map(|(a, b)| a.0.max(b.0).saturating_add(1))
            .max()
            .unwrap_or(0);
        let vertices = vertices.map_or(named, |v| v.0);
        let list: Vec<String> = edges
            .iter()
            .map(|(a, b)| format!("{}-{}", a.0, b.0))
            .collect();
        NodeKayles::made(&format!("node-kayles:edges:{vertices}:{}", list.join(",")))
    }

    /// The path of ``n`` vertices (Dawson's chess, 0.137).
    #[staticmethod]
    fn path(py: Python<'_>, n: Size) -> PyResult<Py<NodeKayles>> {
        Py::new(py, NodeKayles::made(&format!("node-kayles:path:{}", n.0))?)
    }

    /// The cycle of ``n`` vertices.
    #[staticmethod]
    fn cycle(py: Python<'_>, n: Size) -> PyResult<Py<NodeKayles>> {
        Py::new(py, NodeKayles::made(&format!("node-kayles:cycle:{}", n.0))?)
    }

    /// The ``rows × cols`` grid, vertex ``r * cols + c`` in row ``r``,
    /// column ``c``.
    #[staticmethod]
    fn grid(py: Python<'_>, rows: Size, cols: Size) -> PyResult<Py<NodeKayles>> {
        Py::new(
            py,
            NodeKayles::made(&format!("node-kayles:grid:{}x{}", rows.0, cols.0))?,
        )
    }
}

/// Chomp: a bar of chocolate whose corner square (row 0, column 0) is
/// poisoned; a move takes a square and every square below and right of it,
/// and whoever must take the poisoned square loses. ``Chomp(rows, cols)``
/// is the full bar; ``Chomp([5, 3, 3, 1])`` a staircase, row lengths from
/// the poisoned row down.
///
/// >>> import grundy
/// >>> grundy.Chomp(2, 3).winning_moves()
/// [BoardMove(play='1,2', after='chomp:3,2', winning=True)]
/// >>> grundy.Chomp([4, 3]).outcome()
/// 'P'
#[derive(Debug)]
#[pyclass(extends = Game, frozen, module = "grundy")]
pub struct Chomp;

#[pymethods]
impl Chomp {
    #[new]
    #[pyo3(signature = (rows, cols=None))]
    fn new(rows: &Bound<'_, PyAny>, cols: Option<Size>) -> PyResult<PyClassInitializer<Self>> {
        // Two arguments are sizes (NumPy integers too); one is the row
        // lengths, unless it is a lone integer.
        let spec = if let Some(cols) = cols {
            let rows: Size = rows.extract().map_err(|_| {
                PyTypeError::new_err(
                    "Chomp(rows, cols) takes two sizes, as in Chomp(6, 7); Chomp(row_lengths) takes the row lengths alone, as in Chomp([5, 3, 3, 1])",
                )
            })?;
            format!("chomp:{}x{}", rows.0, cols.0)
        } else if rows.is_instance_of::<PyInt>() {
            return Err(PyTypeError::new_err(
                "Chomp(rows, cols) needs both sizes, as in Chomp(6, 7); or give the row lengths, Chomp([5, 3, 3, 1])",
            ));
        } else {
            let lengths: Vec<Size> = rows.extract()?;
            if lengths.is_empty() {
                return Err(PyValueError::new_err(
                    "a Chomp bar needs at least one row; give row lengths such as [5, 3, 3, 1]",
                ));
            }
            let lengths: Vec<String> = lengths.iter().map(|l| l.0.to_string()).collect();
            format!("chomp:{}", lengths.join(","))
        };
        Ok(PyClassInitializer::from(parse(&spec)?).add_subclass(Chomp))
    }
}

/// Draws the board or graph `game` on `ax` (or new axes) with matplotlib:
/// a Cram board's cells (free light, blocked dark), a Chomp bar's squares
/// (the poisoned one marked), a graph's vertices on a circle with their
/// edges. Returns the axes.
pub fn plot<'py>(
    py: Python<'py>,
    game: &BoardGame,
    ax: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let needs: &[&str] = match game {
        BoardGame::NodeKayles(_) => &[
            "plot",
            "text",
            "set_title",
            "set_aspect",
            "set_xlim",
            "set_ylim",
            "axis",
        ],
        _ => &["imshow", "text", "set_title", "set_xticks", "set_yticks"],
    };
    if let Some(ax) = &ax
        && let Some(missing) = needs
            .iter()
            .find(|m| !ax.getattr(**m).is_ok_and(|f| f.is_callable()))
    {
        return Err(PyTypeError::new_err(format!(
            "ax must be matplotlib axes (from plt.subplots()), with a {missing} method; got {}",
            ax.get_type().name()?
        )));
    }
    let ax = match ax {
        Some(ax) => ax,
        None => {
            let plt = py.import("matplotlib.pyplot").map_err(|e| {
                PyImportError::new_err(format!(
                    "Game.plot draws with matplotlib, which is not installed: pip install matplotlib ({e})"
                ))
            })?;
            plt.call_method0("subplots")?.get_item(1)?
        }
    };
    let kwargs = |pairs: &[(&str, Bound<'py, PyAny>)]| -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in pairs {
            d.set_item(k, v)?;
        }
        Ok(d)
    };
    let cells = |rows: usize, cols: usize, on: &dyn Fn(usize, usize) -> bool| {
        (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| if on(r, c) { 1.0 } else { 0.0 })
                    .collect::<Vec<f64>>()
            })
            .collect::<Vec<_>>()
    };
    let grid = |rows: Vec<Vec<f64>>, cols: usize| -> PyResult<()> {
        let n = rows.len();
        let style = kwargs(&[
            ("cmap", "gray".into_pyobject(py)?.into_any()),
            ("vmin", 0u8.into_pyobject(py)?.into_any()),
            ("vmax", 1u8.into_pyobject(py)?.into_any()),
        ])?;
        ax.call_method("imshow", (rows,), Some(&style))?;
        ax.call_method1("set_xticks", ((0..cols).collect::<Vec<_>>(),))?;
        ax.call_method1("set_yticks", ((0..n).collect::<Vec<_>>(),))?;
        Ok(())
    };
    match game {
        BoardGame::Cram(board) => {
            let (rows, cols) = (board.rows() as usize, board.cols() as usize);
            grid(
                cells(rows, cols, &|r, c| board.is_free(r as u32, c as u32)),
                cols,
            )?;
        }
        BoardGame::Chomp(bar) => {
            let lengths = bar.rows();
            let cols = lengths.first().copied().unwrap_or(0) as usize;
            grid(
                cells(lengths.len(), cols, &|r, c| c < lengths[r] as usize),
                cols,
            )?;
            if !lengths.is_empty() {
                let centred = kwargs(&[
                    ("ha", "center".into_pyobject(py)?.into_any()),
                    ("va", "center".into_pyobject(py)?.into_any()),
                ])?;
                ax.call_method("text", (0u8, 0u8, "x"), Some(&centred))?;
            }
        }
        BoardGame::NodeKayles(graph) => {
            let names = graph.names();
            let n = names.len().max(1) as f64;
            let at = |i: usize| {
                let angle = std::f64::consts::TAU * i as f64 / n;
                (angle.cos(), angle.sin())
            };
            for i in 0..names.len() {
                for j in graph.neighbours(i).filter(|&j| j > i) {
                    let ((x0, y0), (x1, y1)) = (at(i), at(j));
                    ax.call_method1("plot", (vec![x0, x1], vec![y0, y1], "k-"))?;
                }
            }
            let centred = kwargs(&[
                ("ha", "center".into_pyobject(py)?.into_any()),
                ("va", "center".into_pyobject(py)?.into_any()),
                (
                    "bbox",
                    PyDict::from_sequence(
                        &vec![("boxstyle", "circle"), ("fc", "white")].into_pyobject(py)?,
                    )?
                    .into_any(),
                ),
            ])?;
            for (i, name) in names.iter().enumerate() {
                let (x, y) = at(i);
                ax.call_method("text", (x, y, name.to_string()), Some(&centred))?;
            }
            ax.call_method1("set_xlim", (-1.3, 1.3))?;
            ax.call_method1("set_ylim", (-1.3, 1.3))?;
            ax.call_method1("set_aspect", ("equal",))?;
            ax.call_method1("axis", ("off",))?;
        }
    }
    ax.call_method1("set_title", (game.to_string(),))?;
    Ok(ax)
}
