//! Spec strings for board and graph games, and for families of them that
//! grow with a size `n`, as the front ends accept them.
//!
//! | spec | position |
//! |---|---|
//! | `cram:5x7` | Cram on an empty 5 × 7 board |
//! | `cram:..#/.../...` | Cram on a board drawn row by row, `/` between rows (`.` free, `#` blocked) |
//! | `node-kayles:path:10`, `node-kayles:cycle:7` | Node-Kayles on a path, a cycle |
//! | `node-kayles:grid:3x16` | Node-Kayles on a 3 × 16 grid |
//! | `node-kayles:edges:0-1,1-2,2-0` | Node-Kayles on a graph by its edges (`edges:5:…` for 5 vertices, some alone) |
//! | `chomp:6x7` | Chomp on a full 6 × 7 bar |
//! | `chomp:5,3,3,1` | Chomp on a staircase, row lengths from the poisoned row |
//!
//! A family puts `n` for one size: `cram:3xn`, `node-kayles:grid:3xn`,
//! `node-kayles:path:n`, `chomp:2xn`, `chomp:nxn`.

use std::fmt;
use std::str::FromStr;

use super::{Board, Graph, Staircase};
use crate::error::{Error, Result};
use crate::quote::quoted;

/// A board or graph game with its position, as a spec names it.
///
/// ```
/// use grundy::games::BoardGame;
/// let g: BoardGame = "cram:3x4".parse()?;
/// assert_eq!(g.to_string(), "cram:3x4");
/// let g: BoardGame = "cram:..#/...".parse()?;
/// assert_eq!(g.to_string(), "cram:..#/...");
/// let g: BoardGame = "node-kayles:grid:2x3".parse()?;
/// assert_eq!(g.to_string(), "node-kayles:grid:2x3");
/// let g: BoardGame = "node-kayles:edges:0-1,1-2,2-0,2-3".parse()?;
/// assert_eq!(g.to_string(), "node-kayles:edges:4:0-1,0-2,1-2,2-3");
/// assert_eq!("chomp:6x7".parse::<BoardGame>()?.to_string(), "chomp:7,7,7,7,7,7");
/// assert!("cram:3y4".parse::<BoardGame>().is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BoardGame {
    /// Cram on a board.
    Cram(Board),
    /// Node-Kayles on a graph.
    NodeKayles(Graph),
    /// Chomp on a staircase.
    Chomp(Staircase),
}

/// The game names a spec may start with.
pub const BOARD_GAMES: &[&str] = &["cram", "node-kayles", "chomp"];

impl BoardGame {
    /// Whether `spec` names a board or graph game (starts with one of
    /// [`BOARD_GAMES`] and a colon), so that a front end knows which parser
    /// to ask.
    pub fn is_board_spec(spec: &str) -> bool {
        spec.split_once(':')
            .is_some_and(|(game, _)| BOARD_GAMES.contains(&game.trim()))
    }

    /// The game's name in specs.
    pub fn name(&self) -> &'static str {
        match self {
            BoardGame::Cram(_) => "cram",
            BoardGame::NodeKayles(_) => "node-kayles",
            BoardGame::Chomp(_) => "chomp",
        }
    }
}

impl FromStr for BoardGame {
    type Err = Error;

    fn from_str(spec: &str) -> Result<BoardGame> {
        let spec = spec.trim();
        let Some((game, rest)) = spec.split_once(':') else {
            return Err(unknown(spec));
        };
        match game {
            "cram" => cram(rest).map(BoardGame::Cram),
            "node-kayles" => graph(rest).map(BoardGame::NodeKayles),
            "chomp" => rest.parse().map(BoardGame::Chomp),
            _ => Err(unknown(spec)),
        }
    }
}

fn unknown(spec: &str) -> Error {
    Error::spec(format!(
        "{} is not a board or graph game: write cram:5x7, node-kayles:grid:3x16 or chomp:6x7",
        quoted(spec)
    ))
}

/// `R x C` as two numbers.
fn dimensions(text: &str) -> Option<(u32, u32)> {
    let (r, c) = text.split_once(['x', 'X', '×'])?;
    Some((r.trim().parse().ok()?, c.trim().parse().ok()?))
}

fn cram(rest: &str) -> Result<Board> {
    if let Some((rows, cols)) = dimensions(rest) {
        return Board::rectangle(rows, cols);
    }
    if rest
        .chars()
        .all(|c| matches!(c, '.' | '#' | 'o' | 'O' | 'x' | 'X' | '/'))
        && !rest.is_empty()
    {
        return rest.replace('/', "\n").parse();
    }
    Err(Error::spec(format!(
        "cram:{} is not a board: write its size (cram:5x7) or draw it row by row with / between rows (cram:..#/...)",
        quoted(rest)
    )))
}

fn graph(rest: &str) -> Result<Graph> {
    let (shape, size) = rest.split_once(':').unwrap_or((rest, ""));
    let number = |s: &str| {
        s.trim().parse::<u32>().map_err(|_| {
            Error::spec(format!(
                "node-kayles:{shape}:{} needs a number of vertices, as in node-kayles:{shape}:10",
                quoted(s)
            ))
        })
    };
    match shape {
        "path" => Graph::path(number(size)?),
        "cycle" => Graph::cycle(number(size)?),
        "grid" => {
            let (rows, cols) = dimensions(size).ok_or_else(|| {
                Error::spec(format!(
                    "node-kayles:grid:{} is not a grid: write node-kayles:grid:3x16",
                    quoted(size)
                ))
            })?;
            Graph::grid(rows, cols)
        }
        "edges" => {
            // `edges:N:list` or `edges:list`.
            let (declared, list) = match size.split_once(':') {
                Some((n, list)) => (Some(number(n)?), list),
                None => (None, size),
            };
            let mut text = String::new();
            if let Some(n) = declared {
                text.push_str(&format!("vertices {n}\n"));
            }
            for edge in list.split(',').filter(|e| !e.trim().is_empty()) {
                text.push_str(edge);
                text.push('\n');
            }
            Graph::parse_edges(&text)
        }
        _ => Err(Error::spec(format!(
            "node-kayles:{} is not a graph: write node-kayles:path:10, node-kayles:cycle:7, node-kayles:grid:3x16 or node-kayles:edges:0-1,1-2",
            quoted(rest)
        ))),
    }
}

impl fmt::Display for BoardGame {
    /// The spec, written back: Cram's full rectangles by size and other
    /// boards drawn; graphs by their edges, vertices numbered from 0;
    /// staircases by their rows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardGame::Cram(board) => {
                if board.free_cells() == board.rows() * board.cols() && board.rows() > 0 {
                    write!(f, "cram:{}x{}", board.rows(), board.cols())
                } else {
                    write!(f, "cram:{}", board.to_string().replace('\n', "/"))
                }
            }
            BoardGame::NodeKayles(graph) => {
                // A path, cycle or grid numbered as its spec numbers it is
                // written as that spec.
                if let Some(shape) = named_shape(graph) {
                    return write!(f, "node-kayles:{shape}");
                }
                // By index: a graph whose vertices were removed is written
                // renumbered from 0, the same game under other names.
                let edges: Vec<String> = edge_list(graph)
                    .iter()
                    .map(|(i, j)| format!("{i}-{j}"))
                    .collect();
                write!(
                    f,
                    "node-kayles:edges:{}:{}",
                    graph.vertices(),
                    edges.join(",")
                )
            }
            BoardGame::Chomp(s) => write!(f, "chomp:{s}"),
        }
    }
}

/// The edges of `graph` by index, each once (`i < j`), in order.
fn edge_list(graph: &Graph) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for i in 0..graph.names().len() {
        edges.extend(graph.neighbours(i).filter(|&j| j > i).map(|j| (i, j)));
    }
    edges.sort_unstable();
    edges
}

/// The spec shape (`path:6`, `cycle:7`, `grid:3x4`) of `graph` if it is
/// that shape with the spec's numbering, edge for edge.
fn named_shape(graph: &Graph) -> Option<String> {
    let n = u32::try_from(graph.names().len()).ok()?;
    let edges = edge_list(graph);
    let same = |other: Result<Graph>| other.is_ok_and(|g| edge_list(&g) == edges);
    if n >= 2 && same(Graph::path(n)) {
        return Some(format!("path:{n}"));
    }
    if n >= 3 && same(Graph::cycle(n)) {
        return Some(format!("cycle:{n}"));
    }
    (2..n)
        .filter(|rows| n % rows == 0 && n / rows >= 2)
        .find(|&rows| same(Graph::grid(rows, n / rows)))
        .map(|rows| format!("grid:{rows}x{}", n / rows))
}

/// A family of board or graph games growing with `n`: `cram:3xn`,
/// `node-kayles:grid:3xn`, `node-kayles:path:n`, `node-kayles:cycle:n`,
/// `chomp:2xn`, `chomp:nx3`, `chomp:nxn`.
///
/// ```
/// use grundy::games::{BoardFamily, BoardGame};
/// let f: BoardFamily = "cram:3xn".parse()?;
/// assert_eq!(f.member(5)?.to_string(), "cram:3x5");
/// assert_eq!(f.to_string(), "cram:3xn");
/// let f: BoardFamily = "chomp:nxn".parse()?;
/// assert_eq!(f.member(2)?, "chomp:2x2".parse::<BoardGame>()?);
/// assert!(BoardFamily::is_family_spec("node-kayles:path:n"));
/// assert!(!BoardFamily::is_family_spec("node-kayles:path:5"));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardFamily {
    /// The spec with `{}` where `n` goes.
    pattern: String,
    /// The spec as written, `n` in place.
    written: String,
}

impl BoardFamily {
    /// Whether `spec` names a family: a board or graph spec with `n` for a
    /// size.
    pub fn is_family_spec(spec: &str) -> bool {
        BoardGame::is_board_spec(spec) && family_pattern(spec.trim()).is_some()
    }

    /// The member of size `n`.
    ///
    /// # Errors
    /// As the spec with `n` written in it (a board too large, say).
    pub fn member(&self, n: u64) -> Result<BoardGame> {
        self.pattern.replace("{}", &n.to_string()).parse()
    }
}

/// The spec with its one `n` size replaced by `{}`.
fn family_pattern(spec: &str) -> Option<String> {
    let (game, rest) = spec.split_once(':')?;
    let sized = |s: &str| -> Option<String> {
        match s {
            "n" => Some("{}".into()),
            _ => {
                let (a, b) = s.split_once('x')?;
                match (a, b) {
                    ("n", "n") => Some("{}x{}".into()),
                    ("n", b) if b.parse::<u32>().is_ok() => Some(format!("{{}}x{b}")),
                    (a, "n") if a.parse::<u32>().is_ok() => Some(format!("{a}x{{}}")),
                    _ => None,
                }
            }
        }
    };
    let pattern = match game {
        "cram" | "chomp" => sized(rest).filter(|p| p.contains('x'))?,
        "node-kayles" => {
            let (shape, size) = rest.split_once(':')?;
            match shape {
                "path" | "cycle" if size == "n" => format!("{shape}:{{}}"),
                "grid" => format!("grid:{}", sized(size).filter(|p| p.contains('x'))?),
                _ => return None,
            }
        }
        _ => return None,
    };
    Some(format!("{game}:{pattern}"))
}

impl FromStr for BoardFamily {
    type Err = Error;

    fn from_str(spec: &str) -> Result<BoardFamily> {
        let spec = spec.trim();
        let pattern = family_pattern(spec).ok_or_else(|| {
            Error::spec(format!(
                "{} is not a family of boards: put n for the size that grows, as in cram:3xn, node-kayles:grid:3xn, node-kayles:path:n or chomp:2xn",
                quoted(spec)
            ))
        })?;
        Ok(BoardFamily {
            pattern,
            written: spec.to_string(),
        })
    }
}

impl fmt::Display for BoardFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.written)
    }
}

#[cfg(test)]
mod tests {
    use super::{BoardFamily, BoardGame};

    #[test]
    fn specs_round_trip() {
        for spec in [
            "cram:5x7",
            "cram:..#/...",
            "cram:1x1000",
            "node-kayles:path:4",
            "node-kayles:cycle:5",
            "node-kayles:grid:3x4",
            "node-kayles:edges:4:0-1,0-2,0-3",
            "node-kayles:edges:3:",
            "chomp:5,3,3,1",
        ] {
            let game: BoardGame = spec.parse().unwrap();
            assert_eq!(game.to_string(), spec);
            assert_eq!(game.to_string().parse::<BoardGame>().unwrap(), game);
        }
        // A shape numbered as its spec numbers it is written as the spec.
        for (edges, shape) in [
            ("node-kayles:edges:0-1,1-2,2-3", "node-kayles:path:4"),
            ("node-kayles:edges:0-1,1-2,2-0", "node-kayles:cycle:3"),
            ("node-kayles:edges:0-1,2-3,0-2,1-3", "node-kayles:grid:2x2"),
            (
                "node-kayles:edges:0-2,1-2,2-3",
                "node-kayles:edges:4:0-2,1-2,2-3",
            ),
        ] {
            let game: BoardGame = edges.parse().unwrap();
            assert_eq!(game.to_string(), shape);
        }
    }

    #[test]
    fn bad_specs_say_what_to_write() {
        for spec in [
            "cram:",
            "cram:5x",
            "cram:..a",
            "node-kayles:path:x",
            "node-kayles:tree:5",
            "node-kayles:edges:0-0",
            "node-kayles:grid:200x200",
            "chomp:3,4",
            "chomp:",
            "go:9x9",
            "cram",
        ] {
            let err = spec.parse::<BoardGame>().unwrap_err();
            assert!(!err.to_string().is_empty(), "{spec}");
        }
        for spec in ["cram:5x7", "node-kayles:grid:n", "chomp:axn", "kayles"] {
            assert!(spec.parse::<BoardFamily>().is_err(), "{spec}");
        }
    }

    #[test]
    fn families_name_their_members() {
        let f: BoardFamily = "node-kayles:grid:nx2".parse().unwrap();
        assert_eq!(
            f.member(3).unwrap(),
            "node-kayles:grid:3x2".parse().unwrap()
        );
        let f: BoardFamily = "node-kayles:path:n".parse().unwrap();
        assert_eq!(f.member(0).unwrap(), "node-kayles:path:0".parse().unwrap());
        let f: BoardFamily = "cram:nx1".parse().unwrap();
        assert!(f.member(2_000_000).is_err());
        let f: BoardFamily = "cram:nxn".parse().unwrap();
        assert_eq!(f.member(4).unwrap().to_string(), "cram:4x4");
    }
}
