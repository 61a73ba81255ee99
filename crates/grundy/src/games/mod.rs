//! Games that are not heap games, played on boards and graphs: Cram,
//! Node-Kayles (on any graph, and on the free cells of a grid) and Chomp,
//! each a [`Game`](crate::search::Game) for the
//! generic [`search`](crate::search) engine.
//!
//! ```
//! use grundy::games::{Board, Chomp, Cram, Graph, NodeKayles, Staircase};
//! use grundy::search::{self, Options, Search};
//! let cram = Search::new(Cram, Options::default()).nimber(&Board::rectangle(3, 5)?, &mut search::silent)?;
//! let kayles = Search::new(NodeKayles, Options::default()).nimber(&Graph::grid(2, 3)?, &mut search::silent)?;
//! let chomp = Search::new(Chomp, Options::default()).nimber(&Staircase::rectangle(2, 3)?, &mut search::silent)?;
//! assert_eq!((cram.value(), kayles.value(), chomp.value()), (1, 1, 4));
//! # Ok::<(), grundy::Error>(())
//! ```

mod bits;
mod board;
mod chomp;
mod closed_square;
mod cram;
mod graph;
mod node_kayles;
mod node_kayles_grid;
mod pendant;
mod spec;

pub use board::{Board, MAX_CELLS};
pub use chomp::{Chomp, MAX_SQUARES, Square, Staircase};
pub use cram::{Cram, Domino};
pub use graph::{Graph, MAX_LEAVES, MAX_VERTICES};
pub use node_kayles::{NodeKayles, Vertex};
pub use node_kayles_grid::NodeKaylesGrid;
pub use spec::{BOARD_GAMES, BoardFamily, BoardGame};
