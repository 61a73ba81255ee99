//! Rendering helpers shared by the commands: aligned tables, CSV, JSON.

use std::io::Write;

use serde::Serialize;

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
