//! Rendering helpers shared by the commands: aligned tables, CSV, JSON.

use std::fs;
use std::io::Write;
use std::path::Path;

use anyhow::Context as _;
use serde::Serialize;

use crate::failure::usage;

/// Positions of at most this many heaps get a "position after" column in
/// a table of moves, in normal and misère play (CSV and JSON always have
/// it): past a few heaps each row would repeat the whole position.
pub const POSITION_AFTER_SHOWN: usize = 12;

/// Writes `text` (`what`: "the certificate") to the file `path` the user
/// named, whole or not at all.
///
/// A regular file, or a new one, is replaced through a temporary file
/// created exclusively under a random name beside it and then renamed
/// ([`grundy_service::replace_file`]), so an interruption never leaves half
/// of it and a name planted beside it is never written through. A link is
/// followed to the file it names: the link stays and its target gets the
/// text. A link that leads to no file (a loop, or a missing target) is
/// refused, since what it would create lies outside the name given. A FIFO,
/// a device or anything else that is not a regular file is written to
/// directly (renaming over it would replace it).
///
/// # Errors
/// A usage error for a link that leads nowhere; any error of writing.
pub fn to_file(path: &Path, text: &str, what: &str) -> anyhow::Result<()> {
    let failed = || format!("cannot write {what} {}", path.display());
    let link = match fs::symlink_metadata(path) {
        Ok(m) => m.file_type().is_symlink(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
        Err(e) => return Err(anyhow::Error::from(e).context(failed())),
    };
    let target = if link {
        fs::canonicalize(path).map_err(|e| {
            usage(format!(
                "{what} was not written: {} is a link that leads to no file ({e}); remove the link or give another file name",
                path.display()
            ))
        })?
    } else {
        path.to_path_buf()
    };
    match fs::metadata(&target) {
        Ok(m) if !m.is_file() => {
            let mut file = fs::OpenOptions::new()
                .write(true)
                .open(&target)
                .with_context(failed)?;
            file.write_all(text.as_bytes()).with_context(failed)?;
            file.flush().with_context(failed)
        }
        _ => grundy_service::replace_file(&target, |file| file.write_all(text.as_bytes()))
            .with_context(failed),
    }
}

/// Writes `value` as pretty JSON and a newline.
pub fn json(out: &mut dyn Write, value: &impl Serialize) -> anyhow::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    writeln!(out)?;
    Ok(())
}

/// Writes rows as CSV. Fields never contain commas or quotes here except
/// where `field` quotes them.
pub fn csv(out: &mut dyn Write, header: &[&str], rows: &[Vec<String>]) -> anyhow::Result<()> {
    writeln!(out, "{}", header.join(","))?;
    for row in rows {
        csv_row(out, row)?;
    }
    Ok(())
}

/// Writes one CSV row, quoting fields that need it: for output written a
/// row at a time, never held whole.
pub fn csv_row(out: &mut dyn Write, row: &[String]) -> anyhow::Result<()> {
    let fields: Vec<String> = row.iter().map(|f| field(f)).collect();
    writeln!(out, "{}", fields.join(","))?;
    Ok(())
}

fn field(f: &str) -> String {
    if f.contains([',', '"', '\n']) {
        format!("\"{}\"", f.replace('"', "\"\""))
    } else {
        f.to_string()
    }
}

/// Writes `label  value` pairs with the labels padded to one width.
pub fn pairs(out: &mut dyn Write, pairs: &[(&str, String)]) -> anyhow::Result<()> {
    let width = pairs.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    for (k, v) in pairs {
        writeln!(out, "{k:<width$}  {v}")?;
    }
    Ok(())
}

/// Heap sizes separated by spaces; `0` for a position with no heap left.
pub fn heaps(heaps: &[u64]) -> String {
    if heaps.is_empty() {
        "0".to_string()
    } else {
        heaps
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}
