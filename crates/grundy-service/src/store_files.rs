//! What a [`FileStore`] holds: its files listed with their games and sizes,
//! and removed, for `grundy cache`.

use std::fs;
use std::io::{self, Read};
use std::path::PathBuf;

use serde::Serialize;

use crate::store::{FileStore, MAGIC};

/// The longest spec a file header is read for; a longer one marks the
/// file as not one of ours.
const LONGEST_SPEC: usize = 4096;

/// One file of a [`FileStore`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StoredFile {
    /// The game whose values it holds, from its header; `None` for a file
    /// that is not a readable value file (damaged, of an older format, a
    /// temporary file left by a killed run).
    pub game: Option<String>,
    /// How many values (heaps 0, 1, …) it holds, from its header.
    pub heaps: Option<u64>,
    /// Its size on disk, in bytes.
    pub bytes: u64,
    /// Its path.
    pub path: PathBuf,
}

impl FileStore {
    /// The files of this store, by name: value files and what a killed run
    /// left (temporary files). Only the header of each is read. An absent
    /// directory holds nothing.
    ///
    /// ```
    /// use grundy::{Ruleset, values};
    /// use grundy_service::FileStore;
    /// use grundy_service::Store as _;
    /// let dir = tempfile::tempdir()?;
    /// let store = FileStore::new(dir.path());
    /// let kayles: Ruleset = "kayles".parse()?;
    /// store.save(&kayles, &values::compute(&kayles, 100)?)?;
    /// let files = store.files()?;
    /// assert_eq!(files[0].game.as_deref(), Some("0.77"));
    /// assert_eq!(files[0].heaps, Some(101));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// When the directory cannot be read.
    pub fn files(&self) -> io::Result<Vec<StoredFile>> {
        let entries = match fs::read_dir(self.dir()) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        let mut files = Vec::new();
        for entry in entries {
            let entry = entry?;
            let meta = entry.metadata()?;
            let path = entry.path();
            if !meta.is_file() || !is_ours(&path) {
                continue;
            }
            let (game, heaps) = header(&path)
                .or_else(|| cold_header(&path))
                .or_else(|| misere_header(&path))
                .or_else(|| facts_header(&path))
                .unwrap_or((None, None));
            files.push(StoredFile {
                game,
                heaps,
                bytes: meta.len(),
                path,
            });
        }
        files.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(files)
    }

    /// Removes the files of this store: every one, or those of the game
    /// `only` (its canonical spec). Returns what was removed. Files that
    /// are not this store's (other names, directories, links to
    /// directories) are left alone.
    ///
    /// # Errors
    /// When the directory cannot be read or a file cannot be removed; the
    /// files removed before stay removed.
    pub fn remove(&self, only: Option<&str>) -> io::Result<Vec<StoredFile>> {
        let mut removed = Vec::new();
        for file in self.files()? {
            if only.is_some_and(|g| file.game.as_deref() != Some(g)) {
                continue;
            }
            fs::remove_file(&file.path)?;
            removed.push(file);
        }
        Ok(removed)
    }
}

/// Whether a file name is one this store writes: `<game>.values`, a
/// temporary `<game>.values.tmp…`, the values kept outside memory by a
/// run past the memory budget (`<game>.cold`, its checkpoint
/// `<game>.cold.state` and that checkpoint's temporary file), a misère
/// quotient's certificate (`<game>.misere.cert`, `<game>.misere.cert.tmp…`)
/// or the record of where its construction stopped (`<game>.misere.limit`,
/// `<game>.misere.limit.tmp…`), or the facts of a board search
/// (`<kind>.facts`, `<kind>.facts.tmp…`).
fn is_ours(path: &std::path::Path) -> bool {
    path.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
        n.ends_with(".values")
            || n.contains(".values.tmp")
            || n.ends_with(".cold")
            || n.contains(".cold.state")
            || n.ends_with(".misere.cert")
            || n.contains(".misere.cert.tmp")
            || n.ends_with(".misere.limit")
            || n.contains(".misere.limit.tmp")
            || n.ends_with(".facts")
            || n.contains(".facts.tmp")
    })
}

/// The game and heap count (heaps 0 to its bound) of a misère quotient's
/// certificate, or the game of the record of where its construction
/// stopped, from their first lines.
fn misere_header(path: &std::path::Path) -> Option<(Option<String>, Option<u64>)> {
    let mut head = Vec::new();
    fs::File::open(path)
        .ok()?
        .take(LONGEST_SPEC as u64 + 256)
        .read_to_end(&mut head)
        .ok()?;
    let text = String::from_utf8_lossy(&head);
    let mut lines = text.lines();
    let first = lines.next()?;
    let game = lines.next()?.strip_prefix("game:")?.trim();
    let game = game.parse::<grundy::Ruleset>().ok()?.to_string();
    if first == crate::misere_limit::HEADER {
        return Some((Some(game), None));
    }
    if first != grundy::misere::certificate::HEADER {
        return None;
    }
    let bound: u64 = lines
        .next()?
        .strip_prefix("max-heap:")?
        .trim()
        .parse()
        .ok()?;
    Some((Some(game), bound.checked_add(1)))
}

/// The kind of board game of a search's facts file, from its first two
/// lines (`grundy search facts 1`, then `cram`).
fn facts_header(path: &std::path::Path) -> Option<(Option<String>, Option<u64>)> {
    let mut head = Vec::new();
    fs::File::open(path)
        .ok()?
        .take(64)
        .read_to_end(&mut head)
        .ok()?;
    let text = String::from_utf8_lossy(&head);
    let mut lines = text.lines();
    if lines.next()? != "grundy search facts 1" {
        return None;
    }
    // Node-Kayles on a grid's cells is searched as a board, its facts
    // kept apart: they are Node-Kayles's, listed and removed with them.
    let kind = match lines.next()? {
        "node-kayles-grid" => "node-kayles",
        kind => kind,
    };
    grundy::games::BOARD_GAMES
        .contains(&kind)
        .then(|| (Some(kind.to_string()), None))
}

/// The game and number of values of a file of values kept outside memory,
/// from its checkpoint (`<game>.cold.state`, beside `<game>.cold`).
fn cold_header(path: &std::path::Path) -> Option<(Option<String>, Option<u64>)> {
    let name = path.file_name()?.to_str()?;
    let state = if name.ends_with(".cold") {
        path.with_file_name(format!("{name}.state"))
    } else if name.ends_with(".cold.state") {
        path.to_path_buf()
    } else {
        return None;
    };
    let text = fs::read_to_string(state).ok()?;
    let mut lines = text.lines();
    // Checkpoints of the format before checksums are listed too.
    let format = lines.next()?;
    if format != crate::past_memory::STATE_FORMAT && format != "grundy windowed values 1" {
        return None;
    }
    let game = lines.next()?.parse::<grundy::Ruleset>().ok()?.to_string();
    let _width = lines.next()?;
    let heaps = lines.next()?.parse().ok()?;
    Some((Some(game), Some(heaps)))
}

/// The game and number of values a file's header names.
fn header(path: &std::path::Path) -> Option<(Option<String>, Option<u64>)> {
    let mut head = Vec::new();
    fs::File::open(path)
        .ok()?
        .take((8 + 4 + LONGEST_SPEC + 1 + 8) as u64)
        .read_to_end(&mut head)
        .ok()?;
    if head.get(..8)? != MAGIC {
        return None;
    }
    let spec_len = u32::from_le_bytes(head.get(8..12)?.try_into().ok()?) as usize;
    if spec_len > LONGEST_SPEC {
        return None;
    }
    let spec = std::str::from_utf8(head.get(12..12 + spec_len)?).ok()?;
    let game = spec.parse::<grundy::Ruleset>().ok()?.to_string();
    let at = 12 + spec_len + 1;
    let heaps = u64::from_le_bytes(head.get(at..at + 8)?.try_into().ok()?);
    Some((Some(game), Some(heaps)))
}
