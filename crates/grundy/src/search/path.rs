//! The positions on a search's current line of play, kept for games that
//! may loop ([`Game::may_loop`](super::Game::may_loop)): a position met
//! again on its own line is a play that never ends, and such a game has no
//! Grundy value there. The search says so rather than recursing until its
//! depth limit.

use std::collections::HashSet;
use std::fmt::Debug;
use std::hash::Hash;

use crate::error::{Error, ErrorKind, Result};
use crate::quote::quoted;

/// The positions entered and not yet left; nothing at all is kept for a
/// game whose plays all end.
#[derive(Debug)]
pub(crate) struct Path<P> {
    on: Option<HashSet<P>>,
}

impl<P: Clone + Eq + Hash + Debug> Path<P> {
    /// A path that keeps positions only if the game `may_loop`.
    pub(crate) fn new(may_loop: bool) -> Self {
        Path {
            on: may_loop.then(HashSet::new),
        }
    }

    /// Enters `position`.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] when `position` is already on the path:
    /// the game has a cycle.
    pub(crate) fn enter(&mut self, position: &P) -> Result<()> {
        if let Some(on) = &mut self.on
            && !on.insert(position.clone())
        {
            return Err(Error::new(
                ErrorKind::InvalidInput,
                format!(
                    "the position {} can be reached from itself: this game has a play that never ends, and Grundy values are defined only where every play ends",
                    quoted(&format!("{position:?}"))
                ),
            ));
        }
        Ok(())
    }

    /// Leaves `position`, entered last.
    pub(crate) fn leave(&mut self, position: &P) {
        if let Some(on) = &mut self.on {
            on.remove(position);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_met_again_on_its_line_is_a_cycle() {
        let mut path = Path::new(true);
        path.enter(&1).unwrap();
        path.enter(&2).unwrap();
        let e = path.enter(&1).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidInput);
        assert!(
            e.to_string().contains("'1' can be reached from itself"),
            "{e}"
        );
        // Left, a position may be met again on another line.
        path.leave(&2);
        path.enter(&2).unwrap();
    }

    #[test]
    fn a_game_that_cannot_loop_keeps_nothing() {
        let mut path = Path::new(false);
        path.enter(&1).unwrap();
        path.enter(&1).unwrap();
        assert!(path.on.is_none());
    }
}
