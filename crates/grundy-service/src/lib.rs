//! The solver layer of `grundy`: the one place that decides how values are
//! computed, stored and proved, behind every front end.
//!
//! The mathematics lives in the [`grundy`] library; this crate holds the
//! policy around it, which the command line, the web service and the
//! Python package would otherwise each copy:
//!
//! - which engine runs and within which memory budget ([`Config`]);
//! - where values are kept between runs ([`Store`], [`FileStore`]) and when
//!   they are read, checkpointed and written;
//! - how far a period search goes when no limit is given
//!   ([`Solver::default_search_limit`]), resuming from stored values;
//! - one computation per game at a time: two requests for the same game
//!   share it ([`Solver::computations`] counts them);
//! - watching and stopping a request from outside ([`Watch`]).
//!
//! Every question has a method on [`Solver`] returning a serde report
//! ([`report`]): the same JSON everywhere, with integers past 2^53 − 1 as
//! decimal strings ([`JsonInt`]). Front ends that receive
//! questions as data deserialize a [`Question`] and call
//! [`Solver::answer`].
//!
//! ```
//! use grundy::Ruleset;
//! use grundy_service::{Solver, Watch};
//! let solver = Solver::default();
//! let strip: Ruleset = "paper-strip".parse()?;
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

mod answers;
mod catalogue;
mod frequencies;
mod game;
mod json_int;
pub mod misere;
mod misere_limit;
mod misere_race;
mod moves;
mod ppos_iter;
mod question;
mod replace;
pub mod report;
mod solver;
mod statistics;
mod store;
mod store_files;
mod strategies;
mod watch;
mod windowed;

pub use answers::{
    ANALYZED_BY_DEFAULT, EXCEPTIONS_LISTED, MAX_ANALYZED, MAX_MOVES_LISTED, MAX_VALUES, verify,
    verify_with,
};
pub use catalogue::{CatalogueEntry, Stop};
pub use frequencies::FrequencyReport;
pub use game::Game;
pub use json_int::{JsonInt, LARGEST_JSON_NUMBER};
pub use moves::{Before, DEFAULT_MOVES_ALL, ListedMove, MAX_MOVES_EXAMINED, MovesReport};
pub use ppos_iter::{Next, PPositionIter};
pub use question::{Answer, DEFAULT_MOVES_LISTED, Question};
pub use replace::replace_file;
pub use report::{
    AnalysisReport, CountReport, Exact, MisereVerified, MoveReport, MultiheapMove,
    MultiheapMoveReport, MultisetCountReport, PeriodReport, PositionReport, PposReport,
    ValuesReport, VerifyReport,
};
pub use solver::{COSTLY_SEARCH_LIMIT, Config, OBSERVE_LIMIT, SEARCH_LIMIT, Solver};
pub use statistics::{MAX_HISTOGRAM_VALUE, Rare, TableStatistics};
pub use store::{FileStore, MemoryStore, Store, StoreError};
pub use store_files::StoredFile;
pub use watch::{Event, TableSummary, Watch};

/// The library the solver is built on, for the types front ends name
/// (`Ruleset`, `ValueTable`, `Budget`, `Engine`, …).
pub use grundy;
