//! Surveys of whole families of games: every octal code with up to three
//! digits, say, each searched for a period up to a bound, the results kept
//! in a SQLite catalogue that a run killed at any moment resumes, that
//! shards of a cluster job array fill side by side and that [`merge`]
//! joins.
//!
//! The survey asks only the solver layer ([`grundy_service`]): one shared
//! [`Solver`](grundy_service::Solver) computes, proves and keeps the values
//! (in the catalogue itself, so a run with a larger bound extends them).
//!
//! ```
//! use grundy_survey::{Catalogue, Family, Options, run};
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("small.sqlite");
//! let family: Family = Family::List(vec!["0.07".into(), "kayles".into()]);
//! let summary = run(&path, &family, &Options::new(1000), &|_| {})?;
//! assert_eq!(summary.computed, 2);
//! let rows = Catalogue::open(&path)?.games()?;
//! assert_eq!(rows.iter().map(|r| (r.game.as_str(), r.status.as_str(), r.period)).collect::<Vec<_>>(),
//!            [("0.07", "proved", Some(34)), ("0.77", "proved", Some(12))]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The database's schema is described in `docs/survey-schema.md`.

#![deny(missing_docs)]

mod catalogue;
mod classes;
mod error;
mod family;
mod merge;
mod row;
mod run;
mod select;
mod shard;
pub mod show;

pub use catalogue::{Catalogue, SCHEMA_VERSION};

pub use classes::{Class, Classes, Difference, Equality, PREFIX, classes};
pub use error::{Setting, SurveyError};
pub use family::Family;

pub use merge::{MergeSummary, merge};
pub use row::{GameRow, Status};
pub use run::{Options, Summary, run};
pub use select::{Page, Selection};
pub use shard::Shard;

/// The version written in every row: this crate's.
pub const PROGRAM_VERSION: &str = concat!("grundy-survey ", env!("CARGO_PKG_VERSION"));

/// The survey's results: `Ok` or a [`SurveyError`].
pub type Result<T> = std::result::Result<T, SurveyError>;
