//! The value cache: tables of values kept on disk between runs, and the
//! checkpoints of long runs.
//!
//! One file a game, `<dir>/<game>.values`, holding a header (magic, the
//! game's canonical spec, value width, count, checksum) and the values as
//! little-endian integers. Files are written to a temporary name and renamed
//! into place, so a run killed at any moment leaves either the previous file
//! or the new one, never a torn one; a file whose checksum fails is reported
//! and ignored, never trusted.

use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use grundy::{Ruleset, ValueTable};

const MAGIC: &[u8; 8] = b"GRUNDYV1";

/// Where cached tables live.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    /// The cache in `dir`, or in the platform cache directory
    /// (`$XDG_CACHE_HOME/grundy`, `~/.cache/grundy`, `~/Library/Caches/grundy`
    /// on macOS, `%LOCALAPPDATA%\grundy` on Windows); `None` when disabled or
    /// when no such directory can be named.
    pub fn new(dir: Option<&Path>, disabled: bool) -> Option<Cache> {
        if disabled {
            return None;
        }
        let dir = match dir {
            Some(dir) => dir.to_path_buf(),
            None => platform_cache_dir()?.join("grundy"),
        };
        Some(Cache { dir })
    }

    /// The file that holds the values of `ruleset`.
    pub fn path(&self, ruleset: &Ruleset) -> PathBuf {
        let name: String = ruleset
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

    /// The cached values of `ruleset`, if a sound file holds them. A corrupt
    /// file is reported on stderr and ignored.
    pub fn load(&self, ruleset: &Ruleset) -> Option<ValueTable> {
        let path = self.path(ruleset);
        let bytes = fs::read(&path).ok()?;
        match decode(&bytes, ruleset) {
            Ok(table) => Some(table),
            Err(why) => {
                eprintln!(
                    "warning: ignoring the cache file {} ({why}); the values will be computed again",
                    path.display()
                );
                None
            }
        }
    }

    /// Writes the values of `ruleset` atomically: a temporary file, flushed
    /// to disk, then renamed over the old one.
    pub fn store(&self, ruleset: &Ruleset, table: &ValueTable) -> anyhow::Result<()> {
        fs::create_dir_all(&self.dir)
            .with_context(|| format!("cannot create the cache directory {}", self.dir.display()))?;
        let path = self.path(ruleset);
        let temp = path.with_extension(format!("values.tmp{}", std::process::id()));
        let write = || -> std::io::Result<()> {
            let file = fs::File::create(&temp)?;
            let mut out = BufWriter::new(file);
            out.write_all(&header(ruleset, table))?;
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
        write()
            .inspect_err(|_| {
                let _ = fs::remove_file(&temp);
            })
            .with_context(|| {
                format!(
                    "cannot write the cache file {}; pass --no-cache or --cache DIR",
                    path.display()
                )
            })
    }
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
fn header(ruleset: &Ruleset, table: &ValueTable) -> Vec<u8> {
    let spec = ruleset.to_string();
    let width = table.bytes_per_value() as u8;
    let len = table.len() as u64;
    let mut sum = Fnv::new();
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
    h.extend_from_slice(&sum.0.to_le_bytes());
    h
}

/// Reads a file written by [`Cache::store`], checking every field.
fn decode(bytes: &[u8], ruleset: &Ruleset) -> Result<ValueTable, String> {
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
    let spec = take(spec_len)?.to_vec();
    if spec != ruleset.to_string().as_bytes() {
        return Err("it holds another game".to_string());
    }
    let width = take(1)?[0];
    let len = u64::from_le_bytes(take(8)?.try_into().unwrap_or_default());
    let stored = u64::from_le_bytes(take(8)?.try_into().unwrap_or_default());
    let data = rest;
    if u64::try_from(data.len()).ok() != len.checked_mul(u64::from(width)) {
        return Err("its length does not match its header".to_string());
    }
    let mut sum = Fnv::new();
    sum.add(&spec);
    sum.add(&[width]);
    sum.add(&len.to_le_bytes());
    sum.add(data);
    if sum.0 != stored {
        return Err("its checksum does not match".to_string());
    }
    ValueTable::from_le_bytes(usize::from(width), data).map_err(|e| e.to_string())
}

/// 64-bit FNV-1a: enough to detect a damaged or truncated file, which is all
/// the checksum is for.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
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
