//! The solver layer of `grundy`: the one place that decides how values are
//! computed, stored and proved, behind every front end.
//!
//! The mathematics lives in the [`grundy`] library; this crate holds the
//! policy around it, which the command line, the web service and the
//! Python package would otherwise each copy:
//!
//! - which engine runs and within which memory budget ([`Config`]), the
//!   budget held for the whole process by one [`Accountant`];
//! - where values are kept between runs ([`Store`], [`FileStore`]) and when
//!   they are read, checkpointed and written;
//! - how far a period search goes when no limit is given
//!   ([`Solver::default_search_limit`]), resuming from stored values;
//! - one computation per game at a time: two requests for the same game
//!   share it ([`Solver::computations`] counts them), and a request that
//!   would wait for its own thread's computation (a callback asking about
//!   the game it is computing) is refused at once ([`waits_for_itself`]),
//!   and so is one from another thread while the computation runs a front
//!   end's callback ([`calling_out`]; a game's values are then computed
//!   apart instead);
//! - watching and stopping a request from outside ([`Watch`]).
//!
//! Every question has a method on [`Solver`] returning a serde report: the
//! same JSON everywhere, with integers past 2^53 − 1 as decimal strings
//! ([`JsonInt`]). Front ends that receive questions as data deserialize a
//! [`Question`] and call [`Solver::answer`], which asks the same methods.
//! A refusal is an error with a typed [`Detail`] (an amount out of range,
//! over the memory budget, the wrong kind of game) from which each front
//! end words how to fix it; every limit lives in one module, and is
//! exported here.
//!
//! Front ends name only what this crate exports: the solver and its
//! questions, the reports, and a small vocabulary of the library's types
//! ([`Ruleset`], [`SubsetGame`], [`VectorGame`], [`ValueTable`], [`Nimber`],
//! [`Budget`], [`Engine`], the error and its details); never the engines.
//! Files a front end writes (certificates, plots) are replaced as the store's are,
//! by [`replace_file`].
//!
//! ```
//! use grundy_service::{Game, Solver, Watch};
//! let solver = Solver::default();
//! let strip: Game = "paper-strip".parse()?;
//! let count = solver.count(&strip, None, 1_000_000_000_000_000_000, None, &mut Watch::silent())?;
//! assert_eq!(count.wins, 852_941_176_470_588_232);
//! assert_eq!(
//!     serde_json::to_string(&count).unwrap(),
//!     r#"{"game":"0.07","to":"1000000000000000000","wins":"852941176470588232","losses":"147058823529411768"}"#
//! );
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! The solver is `Send + Sync`: share one among threads in an `Arc`.

#![deny(missing_docs)]

mod boards;
mod core;
mod exclusive;
mod family_cost;
mod game;
mod json_int;
mod limits;
mod memory;
mod misere_charge;
mod misere_limit;
mod misere_race;
mod misere_report;
mod past_memory;
mod questions;
mod relay;
mod replace;
mod report;
mod solver;
mod statistics;
mod store;
mod store_files;
mod strategies;
mod tables;
mod watch;
mod widths;

pub use core::Config;
pub use exclusive::{
    Apart, Exclusive, Held, MOST_APART, Turn, calling_out, calling_out_for, this_request,
    waits_for_itself,
};
pub use game::Game;
pub use json_int::{JsonInt, LARGEST_JSON_NUMBER};
pub use limits::{
    ANALYZED_BY_DEFAULT, COSTLY_SEARCH_LIMIT, DEFAULT_MOVES_ALL, DEFAULT_MOVES_LISTED,
    EXCEPTIONS_LISTED, MAX_ANALYZED, MAX_BOARD_CELLS, MAX_CERTIFICATE_TEXT, MAX_FAMILY_BOARDS,
    MAX_GRAPH_VERTICES, MAX_HISTOGRAM_VALUE, MAX_MISERE_HEAP, MAX_MOVES_EXAMINED, MAX_MOVES_LISTED,
    MAX_PAST_MEMORY, MAX_PLAYED_HEAP, MAX_PLAYED_TOKENS, MAX_QUOTIENT_HEAP, MAX_VALUES,
    MIN_TABLE_FACTS, OBSERVE_LIMIT, OPTIONS_OBSERVE_LIMIT, QUICK_SEARCH_BYTES, SEARCH_LIMIT,
};
pub use memory::{Accountant, Reservation};
pub use misere_report::{
    GeneraReport, GeneratorReport, HeapGenus, MisereMethod, MiserePositionReport,
    PretendingPeriodReport, QuotientReport, QuotientUsed, TameKind,
};
pub use questions::answer::{Answer, Question};
pub use questions::catalogue_entry::{CatalogueEntry, Stop};
pub use questions::moves_game::JudgedMoves;
pub use questions::p_positions_iter::{Next, PPositionIter};
pub use replace::replace_file;
pub use report::{
    AnalysisReport, Before, BoardMisereReport, BoardMove, BoardMovesReport, BoardReport, BoardRow,
    BoardValuesReport, CountReport, Exact, FrequencyReport, ListedMove, MisereVerified, MoveReport,
    MovesReport, MultiheapMove, MultiheapMoveReport, MultisetCountReport, PeriodReport,
    PositionReport, PposReport, Status, ValuesReport, VerifyReport, picture,
};
pub use solver::Solver;
pub use statistics::{Rare, TableStatistics};
pub use store::{FileStore, MemoryStore, Store, StoreError};
pub use store_files::StoredFile;
pub use watch::{Event, Pattern, TableSummary, Watch};
pub use widths::Width;

/// The library's types that front ends name: the games (board and graph
/// games with their families among them), the value table,
/// the memory budget and the engines, the error with its details. How
/// values are computed, kept and proved stays behind the [`Solver`].
pub use grundy::games::{BoardFamily, BoardGame};
pub use grundy::heap_game::{HeapGame, from_fn};
pub use grundy::multiheap::vectors::VectorGame;
pub use grundy::multiheap::{Method, SubsetGame, Tally};
pub use grundy::quote::quoted;
pub use grundy::search::{Game as SearchGame, JudgedMove, Search};
pub use grundy::values::{Budget, Engine, Report as EngineReport, human_bytes};
pub use grundy::{
    Detail, Error, ErrorKind, GameKind, Nimber, Quantity, Result, Ruleset, ValueTable,
};
