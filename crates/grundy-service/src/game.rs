//! A game named by a spec: a heap game (a sum of heaps), a multi-heap game
//! that is not a sum, a board or graph game, or a family of boards.

use std::fmt;
use std::str::FromStr;

use grundy::games::{BoardFamily, BoardGame};
use grundy::multiheap::SubsetGame;
use grundy::multiheap::vectors::VectorGame;
use grundy::{Detail, Error, ErrorKind, GameKind, Result, Ruleset};

/// Any game a front end may name.
///
/// ```
/// use grundy_service::Game;
/// assert!(matches!("kayles".parse()?, Game::Heaps(_)));
/// assert!(matches!("stone".parse()?, Game::Multiheap(_)));
/// let wythoff: Game = "vectors:(1,0),(0,1),(1,1)".parse()?;
/// assert_eq!(wythoff.to_string(), "wythoff");
/// assert_eq!("paper-strip".parse::<Game>()?.to_string(), "0.07");
/// assert!(matches!("cram:5x7".parse()?, Game::Board(_)));
/// assert!(matches!("cram:3xn".parse()?, Game::BoardFamily(_)));
/// assert_eq!("chomp:2x3".parse::<Game>()?.to_string(), "chomp:3,3");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Game {
    /// A heap game: positions are sums of heaps, valued by Sprague–Grundy.
    Heaps(Ruleset),
    /// Several heaps with moves across them, by move vectors (`wythoff`,
    /// `stone`, `subsets:K:…`, `vectors:(1,0),(0,1),(1,1),…`): a game that
    /// is a subset game is that game, and runs on its engine.
    Multiheap(VectorGame),
    /// A board or graph game with its position (`cram:5x7`,
    /// `node-kayles:grid:3x16`, `chomp:6x7`), solved by search.
    Board(BoardGame),
    /// A family of boards or graphs growing with `n` (`cram:3xn`,
    /// `node-kayles:path:n`, `chomp:nxn`).
    BoardFamily(BoardFamily),
}

impl Game {
    /// Whether `spec` names a multi-heap game rather than a heap ruleset.
    pub fn is_multiheap(spec: &str) -> bool {
        let spec = spec.trim();
        spec == "wythoff"
            || spec == "stone"
            || spec.starts_with("subsets:")
            || spec.starts_with("vectors:")
    }

    /// The ruleset of a heap game, for `question`, which applies to sums of
    /// heaps only.
    ///
    /// ```
    /// use grundy::{Detail, GameKind};
    /// use grundy_service::Game;
    /// let stone: Game = "stone".parse()?;
    /// let e = stone.sum_of_heaps("misère play").unwrap_err();
    /// assert_eq!(e.detail(), Some(&Detail::WrongGame { needs: GameKind::SumOfHeaps }));
    /// assert_eq!(e.message(), "stone is not a sum of heaps, and misère play applies to sums of heaps only");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] with [`Detail::WrongGame`] for a
    /// multi-heap game.
    pub fn sum_of_heaps(&self, question: &str) -> Result<&Ruleset> {
        match self {
            Game::Heaps(r) => Ok(r),
            _ => Err(self.wrong(
                GameKind::SumOfHeaps,
                &format!("{question} applies to sums of heaps only"),
            )),
        }
    }

    /// The multi-heap game, for `question`, which applies to games played on
    /// several heaps at once only.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] with [`Detail::WrongGame`] for a heap
    /// game, a board or a family of boards.
    pub fn multiheap(&self, question: &str) -> Result<&VectorGame> {
        match self {
            Game::Multiheap(g) => Ok(g),
            _ => Err(self.wrong(
                GameKind::Multiheap,
                &format!("{question} applies to games played on several heaps at once only"),
            )),
        }
    }

    /// The board or graph game, for `question`, which applies to one board
    /// (or graph) only.
    ///
    /// ```
    /// use grundy::{Detail, GameKind};
    /// use grundy_service::Game;
    /// let kayles: Game = "kayles".parse()?;
    /// let e = kayles.board("the value of a board").unwrap_err();
    /// assert_eq!(e.detail(), Some(&Detail::WrongGame { needs: GameKind::Board }));
    /// assert_eq!(e.message(), "0.77 is a sum of heaps, and the value of a board applies to board and graph games only");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] with [`Detail::WrongGame`] for any other
    /// kind of game.
    pub fn board(&self, question: &str) -> Result<&BoardGame> {
        match self {
            Game::Board(b) => Ok(b),
            Game::BoardFamily(f) => Err(self.wrong(
                GameKind::Board,
                &format!(
                    "{question} applies to one board only; name one member, as in {}",
                    example_member(f)
                ),
            )),
            _ => Err(self.wrong(
                GameKind::Board,
                &format!("{question} applies to board and graph games only"),
            )),
        }
    }

    /// The family of boards, for `question`, which applies to families
    /// growing with `n` only.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] with [`Detail::WrongGame`] for any other
    /// kind of game.
    pub fn board_family(&self, question: &str) -> Result<&BoardFamily> {
        match self {
            Game::BoardFamily(f) => Ok(f),
            _ => Err(self.wrong(
                GameKind::BoardFamily,
                &format!(
                    "{question} applies to families of boards only, with n for the size that grows (cram:3xn)"
                ),
            )),
        }
    }

    /// The refusal of a question that needs a game of kind `needs`:
    /// what this game is, and `applies` (the question and what it applies
    /// to).
    fn wrong(&self, needs: GameKind, applies: &str) -> Error {
        let is = match self {
            Game::Heaps(_) => "a sum of heaps",
            Game::Multiheap(_) => "played on several heaps at once",
            Game::Board(_) => "a board or graph game",
            Game::BoardFamily(_) => "a family of boards",
        };
        let is = match (self, needs) {
            (Game::Multiheap(_), GameKind::SumOfHeaps) => "not a sum of heaps",
            _ => is,
        };
        Error::new(
            ErrorKind::InvalidInput,
            format!("{self} is {is}, and {applies}"),
        )
        .with_detail(Detail::WrongGame { needs })
    }

    /// A game of the kind a file `text` describes: `cram` and a board drawn
    /// one row a line (`.` free, `#` blocked), or `node-kayles` and an edge
    /// list (one edge a line, `0 1`; `vertices N`; `#` comments). What a
    /// front end reads from a file the user names (`cram:@board.txt`) comes
    /// here; the solver itself reads no files of the user's.
    ///
    /// ```
    /// use grundy_service::Game;
    /// let g = Game::from_file_text("cram", "..#\n...\n")?;
    /// assert_eq!(g.to_string(), "cram:..#/...");
    /// let g = Game::from_file_text("node-kayles", "# a path\n0 1\n1 2\n")?;
    /// assert_eq!(g.to_string(), "node-kayles:path:3");
    /// assert!(Game::from_file_text("node-kayles", "0 0\n").is_err());
    /// assert!(Game::from_file_text("chomp", "5,3\n").is_err());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidSpec`] for a game that is not read from a file,
    /// [`ErrorKind::InvalidInput`] for text that is not a board or an edge
    /// list, saying where.
    pub fn from_file_text(game: &str, text: &str) -> Result<Game> {
        match game.trim() {
            "cram" => Ok(Game::Board(BoardGame::Cram(text.parse()?))),
            "node-kayles" => Ok(Game::Board(BoardGame::NodeKayles(
                grundy::games::Graph::parse_edges(text)?,
            ))),
            other => Err(Error::new(
                ErrorKind::InvalidSpec,
                format!(
                    "{} is not read from a file: cram:@FILE reads a board drawn one row a line, node-kayles:@FILE an edge list",
                    grundy::quote::quoted(&format!("{other}:@"))
                ),
            )),
        }
    }
}

impl Game {
    /// The rules in words, one or two sentences.
    ///
    /// ```
    /// use grundy_service::Game;
    /// let g: Game = "cram:3x4".parse()?;
    /// assert!(g.describe().starts_with("Cram on a 3 × 4 board"));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn describe(&self) -> String {
        match self {
            Game::Heaps(r) => r.describe(),
            Game::Multiheap(g) => {
                let k = g.heaps();
                let Some(g) = g.as_subset_game() else {
                    let vectors: Vec<String> = g
                        .vectors()
                        .map(|v| {
                            let entries: Vec<String> = v.iter().map(u32::to_string).collect();
                            format!("({})", entries.join(","))
                        })
                        .collect();
                    return format!(
                        "{k} heaps; a move takes t times one of the vectors {} from the heaps (an entry a heap), for any t >= 1.",
                        vectors.join(", ")
                    );
                };
                let sizes: Vec<String> = g.sizes().iter().map(|s| s.to_string()).collect();
                let sizes = match sizes.as_slice() {
                    [one] => one.clone(),
                    [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
                    [] => "no".to_string(),
                };
                format!(
                    "{k} heaps; a move takes the same positive number of tokens from each of {sizes} heap(s) at once."
                )
            }
            Game::Board(b) => describe_board(b),
            Game::BoardFamily(f) => format!(
                "The boards {f} for each size n. {}",
                f.member(1).map_or_else(|_| String::new(), |b| rules_of(&b))
            ),
        }
    }
}

/// The position of `game` and its rules, in words.
fn describe_board(game: &BoardGame) -> String {
    let position = match game {
        BoardGame::Cram(b) if b.free_cells() == b.rows() * b.cols() => {
            format!("Cram on a {} × {} board.", b.rows(), b.cols())
        }
        BoardGame::Cram(b) => format!(
            "Cram on a {} × {} board with {} free cells.",
            b.rows(),
            b.cols(),
            b.free_cells()
        ),
        BoardGame::NodeKayles(g) => format!(
            "Node-Kayles on a graph of {} vertices and {} edges.",
            g.vertices(),
            g.edges()
        ),
        BoardGame::Chomp(s) => format!("Chomp on a bar of {} squares in rows of {s}.", s.squares()),
    };
    format!("{position} {}", rules_of(game))
}

/// The rules of `game`'s kind.
fn rules_of(game: &BoardGame) -> String {
    match game {
        BoardGame::Cram(_) => "Players in turn place a domino on two free cells that share a side; whoever cannot place one loses.",
        BoardGame::NodeKayles(_) => "Players in turn take a vertex with its neighbours; whoever finds the graph empty loses.",
        BoardGame::Chomp(_) => "Players in turn take a square with every square below and right of it; whoever must take the poisoned corner loses.",
    }
    .to_string()
}

/// A member of `family` to name in a message.
fn example_member(family: &BoardFamily) -> String {
    family
        .member(3)
        .map_or_else(|_| "cram:3x4".to_string(), |g| g.to_string())
}

impl From<Ruleset> for Game {
    fn from(ruleset: Ruleset) -> Self {
        Game::Heaps(ruleset)
    }
}

impl From<SubsetGame> for Game {
    fn from(game: SubsetGame) -> Self {
        Game::Multiheap(game.into())
    }
}

impl From<VectorGame> for Game {
    fn from(game: VectorGame) -> Self {
        Game::Multiheap(game)
    }
}

impl From<BoardGame> for Game {
    fn from(game: BoardGame) -> Self {
        Game::Board(game)
    }
}

impl FromStr for Game {
    type Err = Error;

    /// A heap game, a multi-heap game (`wythoff`, `stone`, `subsets:…`), a
    /// family of boards (`cram:3xn`) or a board (`cram:`, `node-kayles:`,
    /// `chomp:`), by how the spec begins.
    fn from_str(spec: &str) -> Result<Self> {
        if Game::is_multiheap(spec) {
            spec.trim().parse().map(Game::Multiheap)
        } else if BoardFamily::is_family_spec(spec) {
            spec.parse().map(Game::BoardFamily)
        } else if BoardGame::is_board_spec(spec) {
            spec.parse().map(Game::Board)
        } else {
            spec.parse().map(Game::Heaps)
        }
    }
}

impl fmt::Display for Game {
    /// The canonical spec.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Game::Heaps(r) => write!(f, "{r}"),
            Game::Multiheap(g) => write!(f, "{g}"),
            Game::Board(b) => write!(f, "{b}"),
            Game::BoardFamily(b) => write!(f, "{b}"),
        }
    }
}
