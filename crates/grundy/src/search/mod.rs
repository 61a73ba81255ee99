//! Any impartial game, solved by search: boards, graphs, positions of any
//! shape.
//!
//! The heap engines of [`crate::values`] know their games by rule codes. A
//! [`Game`] is known only by its moves: it lists the positions one move
//! away, splits a position into independent components, and writes each
//! component in a canonical form, so that a component met again — elsewhere
//! on the board, or turned over — is recognised. That is all [`Search`]
//! needs to find the nimber of any position:
//!
//! ```
//! use grundy::games::{Board, Cram};
//! use grundy::search::{Options, Search};
//! let mut search = Search::new(&Cram, Options::default());
//! let board = Board::rectangle(3, 3)?;
//! assert_eq!(search.nimber(&board, &mut grundy::search::silent)?.value(), 0);
//! let board = Board::rectangle(3, 4)?;
//! assert_eq!(search.nimber(&board, &mut grundy::search::silent)?.value(), 1);
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! [`Search`] is fast for three reasons, each exact:
//!
//! - **Components.** The value of a sum is the nim-sum of its components'
//!   values (the Sprague–Grundy theorem), so a position that falls apart is
//!   solved part by part, and each part is met again and again across the
//!   search.
//! - **A transposition table** keyed by canonical components, bounded by the
//!   memory [`Budget`](crate::values::Budget): past it, the facts that were
//!   cheapest to find are dropped to make room ([`Options::budget`]).
//! - **Outcome search with nimbers** (Lemoine and Viennot, "Nimbers are
//!   inevitable", *Theoretical Computer Science* 462, 2012): whether a
//!   component `C` has value `k` is the question whether `C + *k` is lost
//!   for the player to move, which is settled by finding *one* move to a
//!   lost position — most options are never valued exactly. Of a sum of
//!   several components, the nimbers of all but the heaviest are computed and
//!   only the heaviest is searched. The table keeps, for each component,
//!   the values it was shown *not* to have (Beling and Rogalski's nimber
//!   sets, "On pruning search trees of impartial games", *Artificial
//!   Intelligence* 283, 2020), and two bounds cut the questions short: a
//!   mex of `m` values is at most `m`, and a game may bound its nimbers
//!   further ([`Game::nimber_bound`]: no value exceeds the longest play).
//!
//! [`naive`] is the twin the tests compare it with: a memoised mex over whole
//! positions, with no components, no symmetry and no pruning.
//! [`misere_search`] decides misère play, where sums do not decompose.

use std::fmt;
use std::hash::Hash;
use std::ops::ControlFlow;

pub mod codec;
mod engine;
pub mod misere_search;
pub mod naive;
mod path;
mod table;
mod words;
mod workers;

pub use codec::Codec;
pub use engine::Search;
pub use table::Fact;

/// An impartial game given by its moves.
///
/// The engine asks for three things: the moves of a position
/// ([`Game::moves`]), its independent components in canonical form
/// ([`Game::components`]), and, optionally, bounds and weights that speed the
/// search up. Everything else — values, winning moves, misère outcomes — is
/// derived.
///
/// A game on positions `u32` where a move takes one or two tokens (the
/// subtraction game {1, 2}, whose values are 0, 1, 2, 0, 1, 2, …):
///
/// ```
/// use grundy::search::{self, Game, Options, Search};
/// struct TakeOneOrTwo;
/// impl Game for TakeOneOrTwo {
///     type Position = u32;
///     type Move = u32;
///     fn moves(&self, n: &u32, out: &mut Vec<(u32, u32)>) {
///         out.extend((1..=2).filter(|&t| t <= *n).map(|t| (t, n - t)));
///     }
/// }
/// let mut search = Search::new(&TakeOneOrTwo, Options::default());
/// let values: Vec<u64> = (0..7)
///     .map(|n| search.nimber(&n, &mut search::silent).map(|v| v.value()))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(values, [0, 1, 2, 0, 1, 2, 0]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub trait Game: Sync {
    /// A position: the whole state of the game between moves.
    type Position: Clone + Eq + Hash + fmt::Debug + Send + Sync;

    /// A move, in the game's own terms (a domino, a vertex, a square), as the
    /// front ends show it.
    type Move: Clone + fmt::Debug + Send;

    /// Appends every move of `position` to `out`, each with the position it
    /// leads to. A position with no moves is lost for the player to move.
    fn moves(&self, position: &Self::Position, out: &mut Vec<(Self::Move, Self::Position)>);

    /// Where the search should try `play`, a move of `position`, among
    /// options that look equally costly: lower ranks first, those likeliest
    /// to settle a question. The search puts first the options that fall
    /// apart into light components, then orders equals by rank, then by
    /// the order of [`Game::moves`] (which is also the order the front ends
    /// show). The default ranks every move the same.
    fn move_rank(&self, position: &Self::Position, play: &Self::Move) -> u64 {
        let _ = (position, play);
        0
    }

    /// Appends the independent components of `position` to `out`, each in
    /// canonical form.
    ///
    /// Two promises make the engine exact: the value of `position` is the
    /// nim-sum of the values of the components appended, and two
    /// components in canonical form that are equal have equal values (a
    /// canonical form is a representative of its class under the game's
    /// symmetries). Components without moves may be left out.
    ///
    /// The default appends `position` itself: one component, no symmetry.
    fn components(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        out.push(position.clone());
    }

    /// An upper bound of the nimber of `component`, a position in canonical
    /// form, if the game knows one cheaply: the length of its longest play,
    /// for one (a nimber never exceeds it). The default knows none.
    fn nimber_bound(&self, component: &Self::Position) -> u32 {
        let _ = component;
        u32::MAX
    }

    /// The nimber of `component`, where the game knows it without search
    /// by a theorem (a position its second player wins by copying, say).
    /// The default knows none.
    fn nimber_known(&self, component: &Self::Position) -> Option<u32> {
        let _ = component;
        None
    }

    /// How the engine finds this game's nimbers ([`Method`]); by default,
    /// by outcome search.
    fn method(&self) -> Method {
        Method::Outcomes
    }

    /// How costly `component` looks to search: of a sum of several unknown
    /// components, the engine computes the nimbers of all but the heaviest
    /// and searches only the heaviest. The default weighs every component
    /// the same.
    fn weight(&self, component: &Self::Position) -> u64 {
        let _ = component;
        0
    }

    /// Positions examined between two progress reports, which are also
    /// when a search looks whether it is to stop. The default, 4096, costs
    /// nothing next to listing that many moves; a game whose moves are
    /// slow to list (a callback into another language) asks for fewer, so
    /// that a stop is heard soon.
    fn report_every(&self) -> u64 {
        workers::TICK_EVERY
    }

    /// Bytes that `position` holds on the heap, beyond its own size, so
    /// that the table can keep to its budget. The default is none.
    fn heap_bytes(&self, position: &Self::Position) -> usize {
        let _ = position;
        0
    }

    /// Whether a play may come back to a position it passed: a game given
    /// by a callback, whose rules the library cannot see. Such a game has
    /// no Grundy value where it loops; the searches then keep the
    /// positions of their current line and refuse a cycle with
    /// [`ErrorKind::InvalidInput`](crate::ErrorKind::InvalidInput), rather
    /// than recursing to their depth limit. (A search that settles a
    /// position by a finite winning line, without meeting the loop, answers
    /// as for any game.) The default, for games whose every move makes the
    /// position smaller, is no, and nothing is kept.
    fn may_loop(&self) -> bool {
        false
    }

    /// `component`, a position in canonical form, as one nonzero 64-bit
    /// word, where it fits: the table then keeps what it knows of the
    /// component in 16 bytes and finds it with one hash. Two components
    /// must have the same key only if they are equal, and
    /// [`Game::position_of_key`] must give the component back. The default, no
    /// key, keeps every component whole.
    fn key(&self, component: &Self::Position) -> Option<u64> {
        let _ = component;
        None
    }

    /// The component whose [`Game::key`] is `key`; `None` for a word that
    /// is no key.
    fn position_of_key(&self, key: u64) -> Option<Self::Position> {
        let _ = key;
        None
    }
}

/// A game borrowed is the same game: a [`Search`] may borrow the game it
/// searches.
impl<G: Game + ?Sized> Game for &G {
    type Position = G::Position;
    type Move = G::Move;

    fn moves(&self, position: &Self::Position, out: &mut Vec<(Self::Move, Self::Position)>) {
        (**self).moves(position, out);
    }

    fn move_rank(&self, position: &Self::Position, play: &Self::Move) -> u64 {
        (**self).move_rank(position, play)
    }

    fn components(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        (**self).components(position, out);
    }

    fn nimber_bound(&self, component: &Self::Position) -> u32 {
        (**self).nimber_bound(component)
    }

    fn nimber_known(&self, component: &Self::Position) -> Option<u32> {
        (**self).nimber_known(component)
    }

    fn method(&self) -> Method {
        (**self).method()
    }

    fn weight(&self, component: &Self::Position) -> u64 {
        (**self).weight(component)
    }

    fn report_every(&self) -> u64 {
        (**self).report_every()
    }

    fn heap_bytes(&self, position: &Self::Position) -> usize {
        (**self).heap_bytes(position)
    }

    fn may_loop(&self) -> bool {
        (**self).may_loop()
    }

    fn key(&self, component: &Self::Position) -> Option<u64> {
        (**self).key(component)
    }

    fn position_of_key(&self, key: u64) -> Option<Self::Position> {
        (**self).position_of_key(key)
    }
}

/// How the engine finds the nimber of a component.
///
/// Outcome search asks "does this component have value `k`?" for
/// `k = 0, 1, …`, and settles each question with one option of that value,
/// so most options are never valued exactly: the better way where values
/// are small and positions fall apart (Cram, Node-Kayles). Where values run
/// high and nothing falls apart (Chomp, whose bars have nimbers past 20),
/// asking twenty questions costs more than valuing every option once, and
/// the definition — the mex of the options' nimbers — is the better way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Method {
    /// Outcome search with nimbers (Lemoine and Viennot).
    #[default]
    Outcomes,
    /// The mex of every option's nimber, each found once and remembered.
    Definition,
}

/// How a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The memory the transposition table may take. When it is full, the
    /// facts that were cheapest to find are dropped, so a search never
    /// stops for want of memory; it only slows down.
    pub budget: crate::values::Budget,
    /// Threads that search side by side, sharing the table (at least 1).
    /// Every thread count gives the same values.
    pub threads: usize,
}

impl Default for Options {
    /// The default budget, one thread.
    fn default() -> Self {
        Options {
            budget: crate::values::Budget::default(),
            threads: 1,
        }
    }
}

/// How far a search has come, reported every few thousand positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// Positions examined so far, by every thread of this call.
    pub nodes: u64,
    /// Components the table holds a fact about.
    pub facts: u64,
    /// Bytes the table holds.
    pub bytes: u64,
}

/// A progress callback that never stops the search.
///
/// ```
/// use grundy::games::{Board, Cram};
/// use grundy::search::{self, Options, Search};
/// let v = Search::new(&Cram, Options::default())
///     .nimber(&Board::rectangle(2, 3)?, &mut search::silent)?;
/// assert_eq!(v.value(), 1);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn silent(_: Progress) -> ControlFlow<()> {
    ControlFlow::Continue(())
}

/// A move judged: the position it leads to, and whether that position is
/// lost for the player then to move (so the move wins).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgedMove<M, P> {
    /// The move, in the game's own terms.
    pub play: M,
    /// The position it leads to.
    pub after: P,
    /// Whether the move wins: `after` is lost for the player to move.
    pub wins: bool,
}

/// What a search did, for `--stats` and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// Positions examined (their moves listed), over every call.
    pub nodes: u64,
    /// Components the table holds a fact about now.
    pub facts: u64,
    /// Bytes the table holds now.
    pub bytes: u64,
    /// Facts dropped to keep the table within its budget.
    pub dropped: u64,
}

#[cfg(test)]
mod tests;
