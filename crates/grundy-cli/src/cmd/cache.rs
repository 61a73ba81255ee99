//! `grundy cache list|size|clear|dir`: what the value cache holds.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;
use grundy_service::{FileStore, StoredFile, human_bytes};
use serde::Serialize;

use crate::cli::{CacheAction, CacheArgs, Cli, Format};
use crate::context::Out;
use crate::failure::usage;
use crate::{input, output};

/// Lists, sizes or clears the cache the other commands use (`--cache DIR`
/// or the platform cache directory).
pub fn run(cli: &Cli, args: &CacheArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    if cli.no_cache {
        return Err(usage(
            "--no-cache names no cache; leave it out, or name one with --cache DIR",
        ));
    }
    let store = match &cli.cache {
        Some(dir) => FileStore::new(dir),
        None => FileStore::in_cache_dir().ok_or_else(|| {
            usage("this system names no cache directory; name one with --cache DIR")
        })?,
    };
    let dir = store.dir().to_path_buf();
    let cannot = || format!("cannot read the cache directory {}", dir.display());
    match &args.action {
        CacheAction::Dir => writeln!(out, "{}", dir.display())?,
        CacheAction::List(o) => {
            let files = store.files().with_context(cannot)?;
            match o.format {
                Format::Json => output::json(out, &files)?,
                Format::Csv => {
                    let rows: Vec<Vec<String>> = files.iter().map(row).collect();
                    output::csv(out, &["game", "heaps", "bytes", "path"], &rows)?;
                }
                Format::Table => {
                    if files.is_empty() {
                        writeln!(out, "the cache {} holds no values", dir.display())?;
                    } else {
                        writeln!(out, "{:<16}  {:>12}  {:>10}  file", "game", "heaps", "size")?;
                    }
                    for f in &files {
                        let [game, heaps, _, path] = <[String; 4]>::try_from(row(f))
                            .unwrap_or_else(|_| unreachable!("a row has four cells"));
                        writeln!(
                            out,
                            "{game:<16}  {heaps:>12}  {:>10}  {path}",
                            human_bytes(f.bytes)
                        )?;
                    }
                }
            }
        }
        CacheAction::Size(o) => {
            let files = store.files().with_context(cannot)?;
            let size = Size {
                dir,
                files: files.len(),
                bytes: files.iter().map(|f| f.bytes).sum(),
            };
            match o.format {
                Format::Json => output::json(out, &size)?,
                Format::Csv => output::csv(
                    out,
                    &["dir", "files", "bytes"],
                    &[vec![
                        size.dir.display().to_string(),
                        size.files.to_string(),
                        size.bytes.to_string(),
                    ]],
                )?,
                Format::Table => writeln!(
                    out,
                    "{} in {} in {}",
                    human_bytes(size.bytes),
                    count_files(size.files),
                    size.dir.display()
                )?,
            }
        }
        CacheAction::Clear { game } => {
            let only = game
                .as_deref()
                .map(|g| input::game(g).map(|r| r.to_string()))
                .transpose()?;
            let removed = store
                .remove(only.as_deref())
                .with_context(|| format!("cannot clear the cache {}", dir.display()))?;
            let bytes: u64 = removed.iter().map(|f| f.bytes).sum();
            writeln!(
                out,
                "removed {} ({}) from {}",
                count_files(removed.len()),
                human_bytes(bytes),
                dir.display()
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The cache's size in all.
#[derive(Serialize)]
struct Size {
    dir: PathBuf,
    files: usize,
    bytes: u64,
}

/// A file's cells: game, heaps, bytes, path (`?` where the header is not
/// readable).
fn row(f: &StoredFile) -> Vec<String> {
    vec![
        f.game.clone().unwrap_or_else(|| "?".into()),
        f.heaps.map_or_else(|| "?".into(), |h| h.to_string()),
        f.bytes.to_string(),
        f.path.display().to_string(),
    ]
}

/// "1 file", "2 files".
fn count_files(n: usize) -> String {
    if n == 1 {
        "1 file".into()
    } else {
        format!("{n} files")
    }
}
