//! A game named by a spec: a heap game (a sum of heaps) or a multi-heap game
//! that is not a sum.

use std::fmt;
use std::str::FromStr;

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
            Game::Multiheap(g) => Err(Error::new(
                ErrorKind::InvalidInput,
                format!("{g} is not a sum of heaps, and {question} applies to sums of heaps only"),
            )
            .with_detail(Detail::WrongGame {
                needs: GameKind::SumOfHeaps,
            })),
        }
    }

    /// The multi-heap game, for `question`, which applies to games played on
    /// several heaps at once only.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] with [`Detail::WrongGame`] for a heap
    /// game.
    pub fn multiheap(&self, question: &str) -> Result<&VectorGame> {
        match self {
            Game::Multiheap(g) => Ok(g),
            Game::Heaps(r) => Err(Error::new(
                ErrorKind::InvalidInput,
                format!(
                    "{r} is a sum of heaps, and {question} applies to games played on several heaps at once only"
                ),
            )
            .with_detail(Detail::WrongGame {
                needs: GameKind::Multiheap,
            })),
        }
    }
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

impl FromStr for Game {
    type Err = Error;

    fn from_str(spec: &str) -> Result<Self> {
        if Game::is_multiheap(spec) {
            spec.trim().parse().map(Game::Multiheap)
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
        }
    }
}
