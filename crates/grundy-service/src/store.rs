//! Where computed values are kept between runs: the [`Store`] trait, the
//! file store of the command line, and a store in memory.
//!
//! [`FileStore`] keeps one file a game, `<dir>/<game>.values`, holding a
//! header (magic, the game's canonical spec, value width, count, checksum)
//! and the values as little-endian integers. Files are written to a
//! temporary name and renamed into place, so a run killed at any moment
//! leaves either the previous file or the new one, never a torn one; a file
//! whose checksum fails is reported and ignored, never trusted.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::fs;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use grundy::checksum::Fnv1a;
use grundy::{Ruleset, ValueTable};

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
    ///
    /// # Errors
    /// A [`StoreError`] when something is kept but cannot be read or fails
    /// its check: the solver warns and computes the values again.
    fn load(&self, game: &Ruleset) -> Result<Option<ValueTable>, StoreError>;

    /// Keeps `table` as the values of `game`, replacing a shorter table; a
    /// longer one already kept stays (another run got further).
    ///
    /// # Errors
    /// A [`StoreError`] when it cannot be written; what was kept before is
    /// still there.
    fn save(&self, game: &Ruleset, table: &ValueTable) -> Result<(), StoreError>;
}

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

const MAGIC: &[u8; 8] = b"GRUNDYV1";

/// One file a game in a directory.
///
/// ```
/// use grundy::{Ruleset, values};
/// use grundy_service::{FileStore, Store};
/// let dir = tempfile::tempdir()?;
/// let store = FileStore::new(dir.path());
/// let kayles: Ruleset = "kayles".parse()?;
/// store.save(&kayles, &values::compute(&kayles, 100)?)?;
/// assert_eq!(store.load(&kayles)?.unwrap().len(), 101);
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
        platform_cache_dir().map(|d| FileStore::new(d.join("grundy")))
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

    /// The number of values the file of `game` says it holds, from its
    /// header alone; `None` when there is no readable header.
    fn stored_len(&self, game: &Ruleset) -> Option<u64> {
        let mut file = fs::File::open(self.path(game)).ok()?;
        let spec = game.to_string();
        let mut head = vec![0u8; 8 + 4 + spec.len() + 1 + 8];
        file.read_exact(&mut head).ok()?;
        let header = Header::read(&head, game).ok()?;
        Some(header.len)
    }
}

impl Store for FileStore {
    fn location(&self, game: &Ruleset) -> String {
        self.path(game).display().to_string()
    }

    fn load(&self, game: &Ruleset) -> Result<Option<ValueTable>, StoreError> {
        let path = self.path(game);
        let bytes = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(StoreError::new(format!(
                    "cannot read the value file {}: {e}",
                    path.display()
                )));
            }
        };
        decode(&bytes, game).map(Some).map_err(|why| {
            lock(&self.damaged).insert(path.clone());
            StoreError::new(format!(
                "ignoring the value file {} ({why}); the values will be computed again",
                path.display()
            ))
        })
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
        let temp = path.with_extension(format!("values.tmp{}", std::process::id()));
        let write = || -> std::io::Result<()> {
            let file = fs::File::create(&temp)?;
            let mut out = BufWriter::new(file);
            out.write_all(&header(game, table))?;
            let mut result = Ok(());
            table.for_each_le_chunk(&mut |chunk| {
                if result.is_ok() {
                    result = out.write_all(chunk);
                }
            });
            result?;
            out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
            fs::rename(&temp, &path)
        };
        write().map_err(|e| {
            let _ = fs::remove_file(&temp);
            failed(e)
        })?;
        lock(&self.damaged).remove(&path);
        Ok(())
    }
}

/// Tables kept in memory for the life of the store: for tests, and for front
/// ends that want no files.
#[derive(Debug, Default)]
pub struct MemoryStore {
    tables: Mutex<HashMap<String, ValueTable>>,
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

    fn load(&self, game: &Ruleset) -> Result<Option<ValueTable>, StoreError> {
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
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

fn platform_cache_dir() -> Option<PathBuf> {
    let env = |key: &str| {
        std::env::var_os(key)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if cfg!(windows) {
        return env("LOCALAPPDATA");
    }
    if cfg!(target_os = "macos") {
        return env("HOME").map(|h| h.join("Library").join("Caches"));
    }
    env("XDG_CACHE_HOME").or_else(|| env("HOME").map(|h| h.join(".cache")))
}

/// Magic, spec length and spec, width, count, checksum of all that and the
/// values.
fn header(game: &Ruleset, table: &ValueTable) -> Vec<u8> {
    let spec = game.to_string();
    let width = table.bytes_per_value() as u8;
    let len = table.len() as u64;
    let mut sum = Fnv1a::new();
    sum.add(spec.as_bytes());
    sum.add(&[width]);
    sum.add(&len.to_le_bytes());
    table.for_each_le_chunk(&mut |chunk| sum.add(chunk));
    let mut h = Vec::with_capacity(8 + 4 + spec.len() + 1 + 8 + 8);
    h.extend_from_slice(MAGIC);
    h.extend_from_slice(&(spec.len() as u32).to_le_bytes());
    h.extend_from_slice(spec.as_bytes());
    h.push(width);
    h.extend_from_slice(&len.to_le_bytes());
    h.extend_from_slice(&sum.finish().to_le_bytes());
    h
}

/// The fields of a header before its checksum.
struct Header<'a> {
    spec: &'a [u8],
    width: u8,
    len: u64,
    /// What follows the fields read.
    rest: &'a [u8],
}

impl<'a> Header<'a> {
    /// Reads magic, spec, width and count, checking that the spec is
    /// `game`'s.
    fn read(bytes: &'a [u8], game: &Ruleset) -> Result<Header<'a>, String> {
        let mut rest = bytes;
        let mut take = |n: usize| -> Result<&'a [u8], String> {
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
        let spec = take(spec_len)?;
        if spec != game.to_string().as_bytes() {
            return Err("it holds another game".to_string());
        }
        let width = take(1)?[0];
        let len = u64::from_le_bytes(take(8)?.try_into().unwrap_or_default());
        Ok(Header {
            spec,
            width,
            len,
            rest,
        })
    }
}

/// Reads a file written by [`FileStore::save`], checking every field.
fn decode(bytes: &[u8], game: &Ruleset) -> Result<ValueTable, String> {
    let header = Header::read(bytes, game)?;
    let Some((stored, data)) = header.rest.split_first_chunk::<8>() else {
        return Err("the file is truncated".to_string());
    };
    let stored = u64::from_le_bytes(*stored);
    if u64::try_from(data.len()).ok() != header.len.checked_mul(u64::from(header.width)) {
        return Err("its length does not match its header".to_string());
    }
    let mut sum = Fnv1a::new();
    sum.add(header.spec);
    sum.add(&[header.width]);
    sum.add(&header.len.to_le_bytes());
    sum.add(data);
    if sum.finish() != stored {
        return Err("its checksum does not match".to_string());
    }
    ValueTable::from_le_bytes(usize::from(header.width), data).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_table_reads_back_and_damage_is_caught() {
        let game: Ruleset = "0.6".parse().unwrap();
        let table = ValueTable::from_values([0, 1, 300, 2, 7]);
        let mut bytes = header(&game, &table);
        table.for_each_le_chunk(&mut |c| bytes.extend_from_slice(c));
        assert_eq!(decode(&bytes, &game), Ok(table));
        let other: Ruleset = "0.16".parse().unwrap();
        assert!(decode(&bytes, &other).is_err());
        for i in [0, 12, bytes.len() - 1] {
            let mut bad = bytes.clone();
            bad[i] ^= 1;
            assert!(decode(&bad, &game).is_err(), "flipped byte {i}");
        }
        assert!(decode(&bytes[..bytes.len() - 1], &game).is_err());
    }
}
