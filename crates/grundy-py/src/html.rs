//! Tables for notebooks: what `_repr_html_` shows.

use std::fmt::Write;

use grundy_service::{AnalysisReport, PeriodReport};

/// Values a row of a table.
const ROW: usize = 10;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `values` (from heap `start`) in rows of ten, heap numbers in the margin.
pub fn values(game: &str, start: u64, values: &[u64]) -> String {
    let mut out = format!(
        "<table><caption>G(n) of {}, n = {}..{}</caption><tr><th></th>",
        escape(game),
        start,
        start + (values.len() as u64).saturating_sub(1)
    );
    for c in 0..ROW {
        let _ = write!(out, "<th>+{c}</th>");
    }
    out.push_str("</tr>");
    let first_row = start - start % ROW as u64;
    let mut n = first_row;
    let end = start + values.len() as u64;
    while n < end {
        let _ = write!(out, "<tr><th>{n}</th>");
        for h in n..n + ROW as u64 {
            if h < start || h >= end {
                out.push_str("<td></td>");
            } else {
                let v = values[(h - start) as usize];
                let style = if v == 0 {
                    " style=\"font-weight:bold\""
                } else {
                    ""
                };
                let _ = write!(out, "<td{style}>{v}</td>");
            }
        }
        out.push_str("</tr>");
        n += ROW as u64;
    }
    out.push_str("</table>");
    out
}

/// A period verdict: its fields and its sentence.
pub fn period(r: &PeriodReport) -> String {
    let opt = |v: Option<u64>| v.map_or("–".to_string(), |v| v.to_string());
    let mut out = format!("<table><caption>Period of {}</caption>", escape(&r.game));
    for (name, value) in [
        ("status", r.status.to_string()),
        ("preperiod", opt(r.preperiod)),
        ("period", opt(r.period)),
        ("saltus", opt(r.saltus)),
        ("theorem", r.theorem.unwrap_or("–").to_string()),
        ("bound", opt(r.bound)),
        ("checked to", r.checked_to.to_string()),
    ] {
        let _ = write!(out, "<tr><th>{name}</th><td>{}</td></tr>", escape(&value));
    }
    let _ = write!(out, "</table><p>{}</p>", escape(&r.sentence()));
    out
}

/// A game's analysis: rules, the first values, the period verdict.
pub fn analysis(a: &AnalysisReport) -> String {
    format!(
        "<div><p><b>{}</b>: {}</p>{}{}</div>",
        escape(&a.game),
        escape(&a.rules),
        values(&a.game, 0, &a.values),
        period(&a.periodicity)
    )
}

/// A heap game given by a Python function: its name, its first values and
/// the pattern they show (observed at best).
pub fn options_game(name: &str, first: &[u64], period: &PeriodReport) -> String {
    format!(
        "<div><p><b>{}</b>: a heap game given by its options (a Python function)</p>{}{}</div>",
        escape(name),
        values(name, 0, first),
        self::period(period)
    )
}

/// A game given by its moves (Python functions), which has no heaps.
pub fn moves_game(name: &str) -> String {
    format!(
        "<p><b>{}</b>: a game given by its moves (Python functions); ask a position for its <code>value</code>, <code>outcome</code>, <code>winning_moves</code> or <code>misere_outcome</code></p>",
        escape(name)
    )
}

/// A multi-heap game, which has no values to show.
pub fn multiheap(game: &str) -> String {
    format!(
        "<p><b>{}</b>: a multi-heap game (moves across heaps, not a sum); ask for its P-positions with <code>grundy.ppos</code></p>",
        escape(game)
    )
}

/// The genera of heaps: heap, genus symbol, tame or wild.
pub fn genera(game: &str, rows: &[(u64, String, Option<&str>)]) -> String {
    let mut out = format!(
        "<table><caption>Genera of {} (misère play)</caption><tr><th>n</th><th>genus</th><th>tame</th></tr>",
        escape(game)
    );
    for (heap, genus, tame) in rows {
        let tame = tame.map_or("<b>wild</b>".to_string(), escape);
        let _ = write!(
            out,
            "<tr><th>{heap}</th><td>{}</td><td>{tame}</td></tr>",
            escape(genus)
        );
    }
    out.push_str("</table>");
    out
}

/// A position under misère play: who wins, by which method, the moves.
pub fn misere_position(game: &str, heaps: &[u64], sentence: &str, moves: &[String]) -> String {
    let mut out = format!(
        "<table><caption>{} {:?} under misère play</caption><tr><th>outcome</th><td>{}</td></tr>",
        escape(game),
        heaps,
        escape(sentence)
    );
    for m in moves {
        let _ = write!(out, "<tr><th>move</th><td>{}</td></tr>", escape(m));
    }
    out.push_str("</table>");
    out
}

/// A misère quotient: its size, P-portion and pretending map.
pub fn quotient(game: &str, p_portion: &[u32], pretending: &[u32], size: usize) -> String {
    let mut out = format!(
        "<table><caption>Misère quotient of {}, heaps 0..{}: {size} elements, P-portion {:?}</caption><tr><th>n</th>",
        escape(game),
        pretending.len().saturating_sub(1),
        p_portion
    );
    for n in 0..pretending.len() {
        let _ = write!(out, "<th>{n}</th>");
    }
    out.push_str("</tr><tr><th>element</th>");
    for e in pretending {
        let _ = write!(out, "<td>{e}</td>");
    }
    out.push_str("</tr></table>");
    out
}

/// A board or graph game: its spec and its picture (or rules).
pub fn board(spec: &str, picture: &str) -> String {
    format!(
        "<div><b>{}</b><pre>{}</pre></div>",
        escape(spec),
        escape(picture)
    )
}
