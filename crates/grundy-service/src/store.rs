//! Where computed values are kept between runs: the [`Store`] trait, the
//! file store of the command line, and a store in memory.
//!
//! [`FileStore`] keeps one file a game, `<dir>/<game>.values`:
//!
//! | field | bytes |
//! |---|---|
//! | magic `GRUNDYV2` | 8 |
//! | length of the canonical spec, then the spec (UTF-8) | 4 + s |
//! | bytes a heap `w`: 1, 2, 4 or 8 | 1 |
//! | values `n` | 8 |
//! | values kept aside `a` | 8 |
//! | XXH3-64 checksum of every other byte of the file | 8 |
//! | the values, `w` bytes each, little-endian; with `w = 1`, 255 marks a value kept aside | n·w |
//! | `(heap, value)` of each value kept aside, by heap | 16·a |
//!
//! A table of one byte a heap with the few values from 255 up kept aside
//! (Grundy's game to 2^32) is stored as it is held, not at two bytes a heap.
//! Integers are little-endian. Files are written to a temporary name and
//! renamed into place, so a run killed at any moment leaves either the
//! previous file or the new one, never a torn one; a file whose checksum
//! fails is reported and ignored, never trusted; nothing past the size its
//! header announces is read, and only regular files are.
//!
//! Beside the values, `<dir>/<game>.misere.cert` keeps the game's misère
//! quotient when its period is proved: the certificate text that
//! `grundy verify` checks, written whole or not at all. The solver checks
//! it from the rules before using it; one that fails is reported and
//! computed again. `<dir>/<game>.misere.limit` records where the
//! construction of the quotient stopped (see `misere_limit.rs`).

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::fs;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use grundy::{Ruleset, ValueTable};
use xxhash_rust::xxh3::Xxh3;

/// A place that keeps tables of values between computations.
///
/// A store is only ever asked for the values of one game at a time by one
/// thread: the [`Solver`](crate::Solver) runs one computation per game.
/// What it returns is trusted as values of that game, so an implementation
/// must check what it reads (a checksum, the game's spec).
pub trait Store: Send + Sync + fmt::Debug {
    /// Where the values of `game` are kept, for messages (a path, say).
    fn location(&self, game: &Ruleset) -> String;

    /// The values of `game` kept here, `Ok(None)` when there are none.
    /// Nothing larger than `max_bytes` is read into memory.
    ///
    /// # Errors
    /// A [`StoreError`] when something is kept but cannot be read or fails
    /// its check: the solver warns and computes the values again.
    fn load(&self, game: &Ruleset, max_bytes: u64) -> Result<Option<ValueTable>, StoreError>;

    /// Keeps `table` as the values of `game`, replacing a shorter table; a
    /// longer one already kept stays (another run got further).
    ///
    /// # Errors
    /// A [`StoreError`] when it cannot be written; what was kept before is
    /// still there.
    fn save(&self, game: &Ruleset, table: &ValueTable) -> Result<(), StoreError>;

    /// The file where values of `game` that do not fit in memory are kept
    /// (with a checkpoint beside it, the same name ending `.state`), if this
    /// store keeps files; `None` (the default) keeps none.
    fn cold_path(&self, game: &Ruleset) -> Option<std::path::PathBuf> {
        let _ = game;
        None
    }

    /// Where the misère quotient of `game` is kept, for messages.
    fn misere_location(&self, game: &Ruleset) -> String {
        format!("{} (misère quotient)", self.location(game))
    }

    /// The certificate of the misère quotient kept for `game` (the text of
    /// `grundy::misere::certificate::write`), `Ok(None)` when none is kept;
    /// the default keeps none. The solver checks it from the rules before
    /// it uses it, so a store need not.
    ///
    /// # Errors
    /// A [`StoreError`] when something is kept but cannot be read.
    fn load_misere(&self, game: &Ruleset) -> Result<Option<String>, StoreError> {
        let _ = game;
        Ok(None)
    }

    /// Keeps `certificate` as the misère quotient of `game`, replacing what
    /// was kept; the default keeps nothing.
    ///
    /// # Errors
    /// A [`StoreError`] when it cannot be written; what was kept before is
    /// still there.
    fn save_misere(&self, game: &Ruleset, certificate: &str) -> Result<(), StoreError> {
        let _ = (game, certificate);
        Ok(())
    }

    /// The record of where the construction of `game`'s misère quotient
    /// stopped, as the solver wrote it, `Ok(None)` when none is kept; the
    /// default keeps none. The solver reads it as a hint only (it can make
    /// an answer slower, never wrong), so a store need not check it.
    ///
    /// # Errors
    /// A [`StoreError`] when something is kept but cannot be read.
    fn load_misere_limit(&self, game: &Ruleset) -> Result<Option<String>, StoreError> {
        let _ = game;
        Ok(None)
    }

    /// Keeps `record` as where the construction of `game`'s misère
    /// quotient stopped, replacing what was kept; the default keeps
    /// nothing.
    ///
    /// # Errors
    /// A [`StoreError`] when it cannot be written; what was kept before is
    /// still there.
    fn save_misere_limit(&self, game: &Ruleset, record: &str) -> Result<(), StoreError> {
        let _ = (game, record);
        Ok(())
    }

    /// Where the facts of the search of boards of `kind` (`cram`,
    /// `node-kayles`, `chomp`) are kept, for messages.
    fn facts_location(&self, kind: &str) -> String {
        format!("the {kind} search facts")
    }

    /// The facts kept for the search of boards of `kind`, as the bytes
    /// `grundy::search::codec::save` wrote, `Ok(None)` when none are kept
    /// (the default keeps none). Nothing larger than `max_bytes` is read.
    /// The solver checks them whole before it trusts any.
    ///
    /// # Errors
    /// A [`StoreError`] when something is kept but cannot be read.
    fn load_facts(&self, kind: &str, max_bytes: u64) -> Result<Option<Vec<u8>>, StoreError> {
        let _ = (kind, max_bytes);
        Ok(None)
    }

    /// Keeps `bytes` as the facts of the search of boards of `kind`,
    /// replacing what was kept; the default keeps nothing.
    ///
    /// # Errors
    /// A [`StoreError`] when they cannot be written; what was kept before
    /// is still there.
    fn save_facts(&self, kind: &str, bytes: &[u8]) -> Result<(), StoreError> {
        let _ = (kind, bytes);
        Ok(())
    }
}

/// The largest misère quotient certificate a store reads: 512 elements
/// and heaps up to 100 000, the most a certificate may state, take about
/// 1.5 MB.
const MAX_MISERE_BYTES: u64 = 4 << 20;

/// A store that could not read or write values; the message names the file
/// or place and what went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError {
    message: String,
}

impl StoreError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> Self {
        StoreError {
            message: message.into(),
        }
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for StoreError {}

pub(crate) const MAGIC: &[u8; 8] = b"GRUNDYV2";

/// The magic of the first format, whose files are computed again and
/// replaced without a warning.
const OLD_MAGIC: &[u8; 8] = b"GRUNDYV1";

/// One file a game in a directory.
///
/// ```
/// use grundy::{Ruleset, values};
/// use grundy_service::{FileStore, Store};
/// let dir = tempfile::tempdir()?;
/// let store = FileStore::new(dir.path());
/// let kayles: Ruleset = "kayles".parse()?;
/// store.save(&kayles, &values::compute(&kayles, 100)?)?;
/// assert_eq!(store.load(&kayles, u64::MAX)?.unwrap().len(), 101);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct FileStore {
    dir: PathBuf,
    /// Files found damaged: replaced by the next save, whatever their
    /// header says.
    damaged: Mutex<HashSet<PathBuf>>,
}

impl FileStore {
    /// A store in `dir`, created when first written.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        FileStore {
            dir: dir.into(),
            damaged: Mutex::default(),
        }
    }

    /// The store in the platform cache directory (`$XDG_CACHE_HOME/grundy`,
    /// `~/.cache/grundy`, `~/Library/Caches/grundy` on macOS,
    /// `%LOCALAPPDATA%\grundy` on Windows), `None` when no such directory
    /// can be named.
    pub fn in_cache_dir() -> Option<Self> {
        dirs::cache_dir().map(|d| FileStore::new(d.join("grundy")))
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file that holds the values of `game`.
    pub fn path(&self, game: &Ruleset) -> PathBuf {
        let name: String = game
            .to_string()
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        self.dir.join(format!("{name}.values"))
    }

    /// The file that holds the certificate of the misère quotient of
    /// `game`, next to its values (`0.77.misere.cert` beside
    /// `0.77.values`); `grundy verify` checks it.
    pub fn misere_path(&self, game: &Ruleset) -> PathBuf {
        self.path(game).with_extension("misere.cert")
    }

    /// The file that records where the construction of `game`'s misère
    /// quotient stopped (`0.07.misere.limit`), so that a later run does not
    /// spend its time finding that again.
    pub fn misere_limit_path(&self, game: &Ruleset) -> PathBuf {
        self.path(game).with_extension("misere.limit")
    }

    /// The file that holds the facts of the search of boards of `kind`
    /// (`cram.facts`).
    pub fn facts_path(&self, kind: &str) -> PathBuf {
        let name: String = kind
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        self.dir.join(format!("{name}.facts"))
    }

    /// The number of values the file of `game` says it holds, from its
    /// header alone; `None` when there is no readable header.
    fn stored_len(&self, game: &Ruleset) -> Option<u64> {
        let file = fs::File::open(self.path(game)).ok()?;
        let mut head = Vec::new();
        file.take(Header::len(game) as u64)
            .read_to_end(&mut head)
            .ok()?;
        Header::read(&head, game).ok().map(|h| h.len)
    }
}

impl Store for FileStore {
    fn location(&self, game: &Ruleset) -> String {
        self.path(game).display().to_string()
    }

    fn cold_path(&self, game: &Ruleset) -> Option<PathBuf> {
        Some(self.path(game).with_extension("cold"))
    }

    fn load(&self, game: &Ruleset, max_bytes: u64) -> Result<Option<ValueTable>, StoreError> {
        let path = self.path(game);
        let failed = |why: String| {
            lock(&self.damaged).insert(path.clone());
            StoreError::new(format!(
                "ignoring the value file {} ({why}); the values will be computed again",
                path.display()
            ))
        };
        // Looked at before it is opened: opening a FIFO would wait for a
        // writer, and a device has no end.
        match fs::metadata(&path) {
            Ok(m) if m.is_file() => {}
            Ok(_) => return Err(failed("it is not a regular file".to_string())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(failed(e.to_string())),
        }
        let file =
            fs::File::open(&path).map_err(|e| failed(format!("it cannot be opened: {e}")))?;
        let size = match file.metadata() {
            Ok(m) if m.is_file() => m.len(),
            Ok(_) => return Err(failed("it is not a regular file".to_string())),
            Err(e) => return Err(failed(e.to_string())),
        };
        let mut reader = std::io::BufReader::new(file);
        let mut head = Vec::new();
        (&mut reader)
            .take(Header::len(game) as u64)
            .read_to_end(&mut head)
            .map_err(|e| failed(e.to_string()))?;
        if head.starts_with(OLD_MAGIC) {
            // A cache file of an older grundy: not damage, just replaced.
            lock(&self.damaged).insert(path.clone());
            return Ok(None);
        }
        let header = Header::read(&head, game).map_err(failed)?;
        let body = header
            .body_bytes()
            .ok_or_else(|| failed("its header is impossible".into()))?;
        if size != head.len() as u64 + body {
            return Err(failed("its length does not match its header".to_string()));
        }
        if body > max_bytes {
            return Err(failed(format!(
                "its {} values need more than the memory budget",
                header.len
            )));
        }
        let mut bytes = Vec::new();
        bytes
            .try_reserve_exact(body as usize)
            .map_err(|_| failed("it does not fit in memory".to_string()))?;
        reader
            .take(body)
            .read_to_end(&mut bytes)
            .map_err(|e| failed(e.to_string()))?;
        decode(&header, &head, &bytes).map(Some).map_err(failed)
    }

    fn save(&self, game: &Ruleset, table: &ValueTable) -> Result<(), StoreError> {
        let path = self.path(game);
        let damaged = lock(&self.damaged).contains(&path);
        if !damaged
            && self
                .stored_len(game)
                .is_some_and(|len| len >= table.len() as u64)
        {
            return Ok(());
        }
        let failed = |e: std::io::Error| {
            StoreError::new(format!(
                "cannot write the value file {}: {e}",
                path.display()
            ))
        };
        fs::create_dir_all(&self.dir).map_err(failed)?;
        crate::replace::replace_file(&path, |file| {
            let mut out = BufWriter::new(file);
            out.write_all(&header(game, table))?;
            let mut result = Ok(());
            table.for_each_stored_chunk(&mut |chunk| {
                if result.is_ok() {
                    result = out.write_all(chunk);
                }
            });
            result?;
            out.write_all(&aside_bytes(table))?;
            out.flush()
        })
        .map_err(failed)?;
        lock(&self.damaged).remove(&path);
        Ok(())
    }

    fn misere_location(&self, game: &Ruleset) -> String {
        self.misere_path(game).display().to_string()
    }

    fn load_misere(&self, game: &Ruleset) -> Result<Option<String>, StoreError> {
        read_text(
            &self.misere_path(game),
            "misère quotient",
            "the quotient will be computed again",
        )
    }

    fn save_misere(&self, game: &Ruleset, certificate: &str) -> Result<(), StoreError> {
        write_text(&self.misere_path(game), certificate, "misère quotient")
    }

    fn load_misere_limit(&self, game: &Ruleset) -> Result<Option<String>, StoreError> {
        read_text(
            &self.misere_limit_path(game),
            "misère quotient limit",
            "the construction will be tried again",
        )
    }

    fn save_misere_limit(&self, game: &Ruleset, record: &str) -> Result<(), StoreError> {
        write_text(
            &self.misere_limit_path(game),
            record,
            "misère quotient limit",
        )
    }

    fn facts_location(&self, kind: &str) -> String {
        self.facts_path(kind).display().to_string()
    }

    fn load_facts(&self, kind: &str, max_bytes: u64) -> Result<Option<Vec<u8>>, StoreError> {
        let path = self.facts_path(kind);
        let failed = |why: String| {
            StoreError::new(format!(
                "ignoring the search facts file {} ({why}); what it held will be searched again",
                path.display()
            ))
        };
        match fs::metadata(&path) {
            Ok(m) if m.is_file() && m.len() <= max_bytes => {}
            Ok(m) if m.is_file() => {
                return Err(failed(format!(
                    "it is larger than the {} the search's table may take",
                    grundy::values::human_bytes(max_bytes)
                )));
            }
            Ok(_) => return Err(failed("it is not a regular file".to_string())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(failed(e.to_string())),
        }
        let file =
            fs::File::open(&path).map_err(|e| failed(format!("it cannot be opened: {e}")))?;
        let mut bytes = Vec::new();
        file.take(max_bytes.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(|e| failed(e.to_string()))?;
        if bytes.len() as u64 > max_bytes {
            return Err(failed(format!(
                "it is larger than the {} the search's table may take",
                grundy::values::human_bytes(max_bytes)
            )));
        }
        Ok(Some(bytes))
    }

    fn save_facts(&self, kind: &str, bytes: &[u8]) -> Result<(), StoreError> {
        let path = self.facts_path(kind);
        let failed = |e: std::io::Error| {
            StoreError::new(format!(
                "cannot write the search facts file {}: {e}",
                path.display()
            ))
        };
        fs::create_dir_all(&self.dir).map_err(failed)?;
        crate::replace::replace_file(&path, |file| file.write_all(bytes)).map_err(failed)
    }
}

/// The text kept at `path` (a file of the `what` kind), `Ok(None)` when
/// there is none; an error that says the file is ignored (and `then`)
/// when it is not a regular file of at most [`MAX_MISERE_BYTES`] of UTF-8.
fn read_text(path: &Path, what: &str, then: &str) -> Result<Option<String>, StoreError> {
    let failed = |why: String| {
        StoreError::new(format!(
            "ignoring the {what} file {} ({why}); {then}",
            path.display()
        ))
    };
    match fs::metadata(path) {
        Ok(m) if m.is_file() && m.len() <= MAX_MISERE_BYTES => {}
        Ok(m) if m.is_file() => {
            return Err(failed(format!(
                "it is larger than {MAX_MISERE_BYTES} bytes"
            )));
        }
        Ok(_) => return Err(failed("it is not a regular file".to_string())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(failed(e.to_string())),
    }
    let file = fs::File::open(path).map_err(|e| failed(format!("it cannot be opened: {e}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_MISERE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| failed(e.to_string()))?;
    if bytes.len() as u64 > MAX_MISERE_BYTES {
        return Err(failed(format!(
            "it is larger than {MAX_MISERE_BYTES} bytes"
        )));
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| failed("it is not UTF-8 text".to_string()))
}

/// Writes `text` to `path` whole or not at all: to a temporary file created
/// exclusively under a random name, then renamed into place.
fn write_text(path: &Path, text: &str, what: &str) -> Result<(), StoreError> {
    let failed = |e: std::io::Error| {
        StoreError::new(format!(
            "cannot write the {what} file {}: {e}",
            path.display()
        ))
    };
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(failed)?;
    }
    // Two threads of one process may keep the same game's file at once
    // (the web server): each writes its own temporary file.
    crate::replace::replace_file(path, |file| file.write_all(text.as_bytes())).map_err(failed)
}

/// Tables kept in memory for the life of the store: for tests, and for front
/// ends that want no files.
#[derive(Debug, Default)]
pub struct MemoryStore {
    tables: Mutex<HashMap<String, ValueTable>>,
    quotients: Mutex<HashMap<String, String>>,
    limits: Mutex<HashMap<String, String>>,
    facts: Mutex<HashMap<String, Vec<u8>>>,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> Self {
        MemoryStore::default()
    }
}

impl Store for MemoryStore {
    fn location(&self, game: &Ruleset) -> String {
        format!("memory ({game})")
    }

    fn load(&self, game: &Ruleset, _max_bytes: u64) -> Result<Option<ValueTable>, StoreError> {
        let tables = lock(&self.tables);
        Ok(tables.get(&game.to_string()).cloned())
    }

    fn save(&self, game: &Ruleset, table: &ValueTable) -> Result<(), StoreError> {
        let mut tables = lock(&self.tables);
        let kept = tables.entry(game.to_string()).or_default();
        if kept.len() < table.len() {
            *kept = table.clone();
        }
        Ok(())
    }

    fn load_misere(&self, game: &Ruleset) -> Result<Option<String>, StoreError> {
        Ok(lock(&self.quotients).get(&game.to_string()).cloned())
    }

    fn save_misere(&self, game: &Ruleset, certificate: &str) -> Result<(), StoreError> {
        lock(&self.quotients).insert(game.to_string(), certificate.to_string());
        Ok(())
    }

    fn load_misere_limit(&self, game: &Ruleset) -> Result<Option<String>, StoreError> {
        Ok(lock(&self.limits).get(&game.to_string()).cloned())
    }

    fn save_misere_limit(&self, game: &Ruleset, record: &str) -> Result<(), StoreError> {
        lock(&self.limits).insert(game.to_string(), record.to_string());
        Ok(())
    }

    fn facts_location(&self, kind: &str) -> String {
        format!("memory ({kind} search facts)")
    }

    fn load_facts(&self, kind: &str, _max_bytes: u64) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(lock(&self.facts).get(kind).cloned())
    }

    fn save_facts(&self, kind: &str, bytes: &[u8]) -> Result<(), StoreError> {
        lock(&self.facts).insert(kind.to_string(), bytes.to_vec());
        Ok(())
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// The values kept aside, as the file stores them.
fn aside_bytes(table: &ValueTable) -> Vec<u8> {
    table
        .values_kept_aside()
        .iter()
        .flat_map(|&(n, v)| (n as u64).to_le_bytes().into_iter().chain(v.to_le_bytes()))
        .collect()
}

/// The header of `table`, with the checksum of the whole file.
fn header(game: &Ruleset, table: &ValueTable) -> Vec<u8> {
    let spec = game.to_string();
    let mut h = Vec::with_capacity(Header::len(game) + 8);
    h.extend_from_slice(MAGIC);
    h.extend_from_slice(&(spec.len() as u32).to_le_bytes());
    h.extend_from_slice(spec.as_bytes());
    h.push(table.bytes_per_heap() as u8);
    h.extend_from_slice(&(table.len() as u64).to_le_bytes());
    h.extend_from_slice(&(table.values_kept_aside().len() as u64).to_le_bytes());
    let mut sum = Xxh3::new();
    sum.update(&h);
    table.for_each_stored_chunk(&mut |chunk| sum.update(chunk));
    sum.update(&aside_bytes(table));
    h.extend_from_slice(&sum.digest().to_le_bytes());
    h
}

/// The fields of a header.
struct Header {
    width: u8,
    len: u64,
    aside: u64,
    checksum: u64,
}

impl Header {
    /// The length of the header of `game`'s file, checksum included.
    fn len(game: &Ruleset) -> usize {
        8 + 4 + game.to_string().len() + 1 + 8 + 8 + 8
    }

    /// Reads magic, spec, width, counts and checksum, checking that the
    /// spec is `game`'s.
    fn read(bytes: &[u8], game: &Ruleset) -> Result<Header, String> {
        let mut rest = bytes;
        let mut take = |n: usize| -> Result<&[u8], String> {
            if rest.len() < n {
                return Err("the file is truncated".to_string());
            }
            let (head, tail) = rest.split_at(n);
            rest = tail;
            Ok(head)
        };
        if take(8)? != MAGIC {
            return Err("not a grundy value file".to_string());
        }
        let spec_len = u32::from_le_bytes(take(4)?.try_into().unwrap_or_default()) as usize;
        if spec_len != game.to_string().len() || take(spec_len)? != game.to_string().as_bytes() {
            return Err("it holds another game".to_string());
        }
        let width = take(1)?[0];
        if ![1, 2, 4, 8].contains(&width) {
            return Err(format!("its width {width} is not 1, 2, 4 or 8 bytes"));
        }
        let word = |b: &[u8]| u64::from_le_bytes(b.try_into().unwrap_or_default());
        let len = word(take(8)?);
        let aside = word(take(8)?);
        let checksum = word(take(8)?);
        Ok(Header {
            width,
            len,
            aside,
            checksum,
        })
    }

    /// The bytes after the header: values and values kept aside.
    fn body_bytes(&self) -> Option<u64> {
        self.len
            .checked_mul(u64::from(self.width))?
            .checked_add(self.aside.checked_mul(16)?)
    }
}

/// The table in `body`, the bytes after the header `head`, checked against
/// the header's checksum.
fn decode(header: &Header, head: &[u8], body: &[u8]) -> Result<ValueTable, String> {
    let mut sum = Xxh3::new();
    sum.update(&head[..head.len() - 8]);
    sum.update(body);
    if sum.digest() != header.checksum {
        return Err("its checksum does not match".to_string());
    }
    let split = (header.len * u64::from(header.width)) as usize;
    let (values, aside) = body.split_at(split);
    let aside = aside
        .chunks_exact(16)
        .map(|pair| {
            let (n, v) = pair.split_at(8);
            let n = u64::from_le_bytes(n.try_into().unwrap_or_default());
            let v = u64::from_le_bytes(v.try_into().unwrap_or_default());
            (usize::try_from(n).unwrap_or(usize::MAX), v)
        })
        .collect();
    ValueTable::from_stored(usize::from(header.width), values, aside).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file_bytes(game: &Ruleset, table: &ValueTable) -> Vec<u8> {
        let mut bytes = header(game, table);
        table.for_each_stored_chunk(&mut |c| bytes.extend_from_slice(c));
        bytes.extend_from_slice(&aside_bytes(table));
        bytes
    }

    fn read(bytes: &[u8], game: &Ruleset) -> Result<ValueTable, String> {
        let n = Header::len(game).min(bytes.len());
        let header = Header::read(&bytes[..n], game)?;
        if header.body_bytes() != Some((bytes.len() - n) as u64) {
            return Err("length".to_string());
        }
        decode(&header, &bytes[..n], &bytes[n..])
    }

    #[test]
    fn a_stored_table_reads_back_and_damage_is_caught() {
        let game: Ruleset = "0.6".parse().unwrap();
        for table in [
            ValueTable::from_values([0, 1, 300, 2, 7]),
            ValueTable::from_values([0, 1, 2, 7]),
            ValueTable::from_values((0..5000).map(|n| n % 700)),
        ] {
            let bytes = file_bytes(&game, &table);
            assert_eq!(read(&bytes, &game), Ok(table.clone()));
            let other: Ruleset = "0.16".parse().unwrap();
            assert!(read(&bytes, &other).is_err());
            for i in [0, 12, bytes.len() - 1, bytes.len() / 2] {
                let mut bad = bytes.clone();
                bad[i] ^= 1;
                assert!(read(&bad, &game).is_err(), "flipped byte {i}");
            }
            assert!(read(&bytes[..bytes.len() - 1], &game).is_err());
        }
    }

    #[test]
    fn values_kept_aside_are_stored_at_one_byte_a_heap() {
        let game: Ruleset = "grundy".parse().unwrap();
        let table =
            ValueTable::from_values((0..100_000).map(|n| if n == 500 { 300 } else { n % 7 }));
        assert_eq!(table.bytes_per_heap(), 1);
        let bytes = file_bytes(&game, &table);
        assert_eq!(bytes.len(), Header::len(&game) + 100_000 + 16);
        assert_eq!(read(&bytes, &game), Ok(table));
    }
}
