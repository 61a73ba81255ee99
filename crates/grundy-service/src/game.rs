//! A game named by a spec: a heap game (a sum of heaps) or a multi-heap game
//! that is not a sum.

use std::fmt;
use std::str::FromStr;

use grundy::multiheap::SubsetGame;
use grundy::{Error, Ruleset};

/// Any game a front end may name.
///
/// ```
/// use grundy_service::Game;
/// assert!(matches!("kayles".parse()?, Game::Heaps(_)));
/// assert!(matches!("stone".parse()?, Game::Multiheap(_)));
/// assert_eq!("paper-strip".parse::<Game>()?.to_string(), "0.07");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Game {
    /// A heap game: positions are sums of heaps, valued by Sprague–Grundy.
    Heaps(Ruleset),
    /// Several heaps with moves across them (`wythoff`, `stone`,
    /// `subsets:K:…`).
    Multiheap(SubsetGame),
}

impl Game {
    /// Whether `spec` names a multi-heap game rather than a heap ruleset.
    pub fn is_multiheap(spec: &str) -> bool {
        let spec = spec.trim();
        spec == "wythoff" || spec == "stone" || spec.starts_with("subsets:")
    }
}

impl FromStr for Game {
    type Err = Error;

    fn from_str(spec: &str) -> Result<Self, Error> {
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
