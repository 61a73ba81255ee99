//! Which rows of a catalogue a reader lists: a filter and a page.

use crate::row::{GameRow, Status};

/// The rows of a catalogue to list: those of a status, of a family, whose
/// game contains a text, and which page of them (by game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// Only games of this status.
    pub status: Option<Status>,
    /// Only games surveyed in this family (the `family` column, exactly).
    pub family: Option<String>,
    /// Only games whose spec contains this text, ignoring ASCII case (an
    /// empty text picks every game).
    pub text: Option<String>,
    /// Rows skipped before the page.
    pub offset: u64,
    /// Most rows in the page.
    pub limit: u64,
}

impl Default for Selection {
    /// Every game, the first 100.
    fn default() -> Self {
        Selection {
            status: None,
            family: None,
            text: None,
            offset: 0,
            limit: 100,
        }
    }
}

/// A page of rows and how many rows the selection picks in all.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// Rows the selection picks, all pages together.
    pub total: u64,
    /// This page's rows, by game.
    pub rows: Vec<GameRow>,
}
