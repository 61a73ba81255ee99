//! Rendering catalogue rows as the published tables are laid out: code,
//! status, preperiod, period, saltus, heaps checked, largest value, and for
//! open games the rare statistics.

use std::fmt::Write as _;

use crate::row::GameRow;

/// An output format of `grundy survey show`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Aligned columns for a terminal.
    Table,
    /// Comma-separated values with a header line.
    Csv,
    /// A JSON array of objects, one a game.
    Json,
    /// A Markdown table.
    Markdown,
}

const HEADER: [&str; 13] = [
    "game",
    "status",
    "preperiod",
    "period",
    "saltus",
    "checked_to",
    "max_value",
    "max_value_at",
    "rare_mask",
    "rare_count",
    "rare_last",
    "stopped",
    "seconds",
];

fn cells(row: &GameRow) -> [String; 13] {
    let opt = |v: Option<u64>| v.map_or(String::new(), |v| v.to_string());
    [
        row.game.clone(),
        row.status.to_string(),
        opt(row.preperiod),
        opt(row.period),
        opt(row.saltus),
        row.checked_to.to_string(),
        row.max_value.to_string(),
        row.max_value_at.to_string(),
        row.rare_mask.map_or(String::new(), |m| format!("{m:#x}")),
        opt(row.rare_count),
        opt(row.rare_last),
        row.stopped.clone().unwrap_or_default(),
        format!("{:.3}", row.seconds),
    ]
}

/// `rows` in `format`, ending with a newline.
///
/// ```
/// use grundy_survey::show::{Format, render};
/// assert_eq!(render(&[], Format::Csv), "game,status,preperiod,period,saltus,checked_to,max_value,max_value_at,rare_mask,rare_count,rare_last,stopped,seconds\n");
/// assert_eq!(render(&[], Format::Json), "[]\n");
/// ```
pub fn render(rows: &[GameRow], format: Format) -> String {
    let mut out = String::new();
    match format {
        Format::Json => {
            out = serde_json::to_string_pretty(rows).unwrap_or_else(|_| "[]".into());
            out.push('\n');
        }
        Format::Csv => {
            out.push_str(&HEADER.join(","));
            out.push('\n');
            for row in rows {
                let line: Vec<String> = cells(row).iter().map(|c| csv_field(c)).collect();
                out.push_str(&line.join(","));
                out.push('\n');
            }
        }
        Format::Markdown => {
            let _ = writeln!(out, "| {} |", HEADER.join(" | "));
            let _ = writeln!(out, "|{}", "---|".repeat(HEADER.len()));
            for row in rows {
                let _ = writeln!(out, "| {} |", cells(row).join(" | "));
            }
        }
        Format::Table => {
            let all: Vec<[String; 13]> = rows.iter().map(cells).collect();
            let widths: Vec<usize> = (0..HEADER.len())
                .map(|i| {
                    all.iter()
                        .map(|c| c[i].len())
                        .chain([HEADER[i].len()])
                        .max()
                        .unwrap_or(0)
                })
                .collect();
            let mut line = |cells: &[String]| {
                let text: Vec<String> = cells
                    .iter()
                    .zip(&widths)
                    .enumerate()
                    .map(|(i, (c, &w))| {
                        if i < 2 {
                            format!("{c:<w$}")
                        } else {
                            format!("{c:>w$}")
                        }
                    })
                    .collect();
                let _ = writeln!(out, "{}", text.join("  ").trim_end());
            };
            line(&HEADER.map(str::to_string));
            for c in &all {
                line(c);
            }
        }
    }
    out
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The classes and first differences as Markdown.
///
/// ```
/// use grundy_survey::{Classes, show::render_classes};
/// assert!(render_classes(&Classes::default()).contains("No two games"));
/// ```
pub fn render_classes(classes: &crate::Classes) -> String {
    let mut out = String::new();
    if classes.classes.is_empty() {
        out.push_str("No two games have the same values.\n");
    } else {
        let _ = writeln!(out, "| games | equal |\n|---|---|");
        for c in &classes.classes {
            let equal = match c.equality {
                crate::Equality::Proved => "proved (same periodic pattern)".to_string(),
                crate::Equality::CheckedTo(n) => format!("checked up to heap {n}"),
            };
            let _ = writeln!(
                out,
                "| {} | {equal} |",
                c.games.join(" ").replace('|', "\\|")
            );
        }
    }
    if !classes.differences.is_empty() {
        let _ = writeln!(
            out,
            "\nGames equal on their first {} values that differ later (latest first):\n\n| a | b | first differing heap | G_a | G_b |\n|---|---|---|---|---|",
            crate::PREFIX
        );
        for d in &classes.differences {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} |",
                d.a, d.b, d.heap, d.a_value, d.b_value
            );
        }
    }
    out
}
