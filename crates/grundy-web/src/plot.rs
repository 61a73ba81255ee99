//! A scatter plot of `G(n)` as a self-contained SVG: axes with ticks, a
//! title, no external resources. The size stays bounded for any range:
//! heaps that fall in the same pixel column are drawn together, as dots
//! while the column holds few distinct values, as one bar from the least
//! to the greatest value otherwise.

use std::fmt::Write;

use grundy_service::ValuesReport;

/// Width of the whole picture, in pixels.
const WIDTH: u32 = 880;
/// Height of the whole picture, in pixels.
const HEIGHT: u32 = 440;
/// The plotting area.
const LEFT: u32 = 64;
const RIGHT: u32 = 16;
const TOP: u32 = 36;
const BOTTOM: u32 = 44;
/// Distinct values a pixel column may show as dots; more become a bar.
const DOTS_A_COLUMN: usize = 12;

/// The SVG of a scatter of `report`'s values: `n` on the x axis, `G(n)` on
/// the y axis.
///
/// ```
/// use grundy_service::{Game, Solver, Watch};
/// let kayles: Game = "kayles".parse()?;
/// let r = Solver::default().values_report(&kayles, 0, 100, None, &mut Watch::silent())?;
/// let svg = grundy_web::plot::scatter(&r);
/// assert!(svg.starts_with("<svg") && svg.contains("G(n) of 0.77"));
/// # Ok::<(), grundy_service::Error>(())
/// ```
///
/// # Complexity
/// One pass over the values; the picture holds at most a few dots for each
/// of its 800 columns whatever the range, so it stays under about 200 KB.
pub fn scatter(report: &ValuesReport) -> String {
    let from = report.from;
    let count = report.values.len() as u64;
    let to = report.to();
    let top = report.values.iter().map(|v| v.value()).max().unwrap_or(0);
    let plot_w = f64::from(WIDTH - LEFT - RIGHT);
    let plot_h = f64::from(HEIGHT - TOP - BOTTOM);
    let y_max = nice_ceiling(top.max(1));
    let x_span = (to - from).max(1) as f64;
    let x_of = |n: u64| f64::from(LEFT) + (n - from) as f64 / x_span * plot_w;
    let y_of = |v: u64| f64::from(TOP) + plot_h - v as f64 / y_max as f64 * plot_h;

    let mut svg = String::new();
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"##
    );
    let title = format!("G(n) of {}, n = {from}..{to}", report.game);
    let _ = write!(
        svg,
        r##"<title>{}</title><rect width="100%" height="100%" fill="#fff"/><text x="{}" y="22" text-anchor="middle" font-size="15">{}</text>"##,
        escape(&title),
        WIDTH / 2,
        escape(&title)
    );
    // Axes.
    let (x0, y0) = (f64::from(LEFT), f64::from(TOP) + plot_h);
    let _ = write!(
        svg,
        r##"<path d="M{x0},{TOP}V{y0}H{}" fill="none" stroke="#333"/>"##,
        x0 + plot_w
    );
    let mut ticks = String::new();
    for n in ticks_between(from, to) {
        let x = x_of(n);
        let _ = write!(ticks, "M{x:.1},{y0}v5");
        let _ = write!(
            svg,
            r##"<text x="{x:.1}" y="{:.1}" text-anchor="middle">{n}</text>"##,
            y0 + 18.0
        );
    }
    for v in ticks_between(0, y_max) {
        let y = y_of(v);
        let _ = write!(ticks, "M{x0},{y:.1}h-5");
        let _ = write!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="end">{v}</text>"##,
            x0 - 8.0,
            y + 4.0
        );
    }
    let _ = write!(
        svg,
        r##"<path d="{ticks}" stroke="#333"/><text x="{:.1}" y="{}" text-anchor="middle">n</text><text x="16" y="{:.1}" text-anchor="middle" transform="rotate(-90 16 {:.1})">G(n)</text>"##,
        x0 + plot_w / 2.0,
        HEIGHT - 6,
        f64::from(TOP) + plot_h / 2.0,
        f64::from(TOP) + plot_h / 2.0
    );

    // The points, a pixel column at a time.
    let columns = (WIDTH - LEFT - RIGHT) as usize;
    let dot = if count <= 1_000 { 4.5 } else { 2.5 };
    let mut dots = String::new();
    let mut bars = String::new();
    let mut column: Vec<u64> = Vec::new();
    let mut current: Option<usize> = None;
    let flush = |c: usize, column: &mut Vec<u64>, dots: &mut String, bars: &mut String| {
        column.sort_unstable();
        column.dedup();
        let x = f64::from(LEFT) + c as f64 + 0.5;
        if column.len() <= DOTS_A_COLUMN {
            for &v in column.iter() {
                let _ = write!(dots, "M{x:.1},{:.1}h0", y_of(v));
            }
        } else if let (Some(&lo), Some(&hi)) = (column.first(), column.last()) {
            let _ = write!(bars, "M{x:.1},{:.1}V{:.1}", y_of(lo), y_of(hi));
        }
        column.clear();
    };
    if count <= columns as u64 {
        // Few heaps: a dot for each, at its exact place.
        for (i, v) in report.values.iter().enumerate() {
            let _ = write!(
                dots,
                "M{:.1},{:.1}h0",
                x_of(from + i as u64),
                y_of(v.value())
            );
        }
    } else {
        for (i, v) in report.values.iter().enumerate() {
            let c = ((i as f64 / x_span) * columns as f64) as usize;
            let c = c.min(columns - 1);
            if current.is_some_and(|k| k != c) {
                flush(current.unwrap_or(0), &mut column, &mut dots, &mut bars);
            }
            current = Some(c);
            column.push(v.value());
        }
        if let Some(c) = current {
            flush(c, &mut column, &mut dots, &mut bars);
        }
    }
    if !bars.is_empty() {
        let _ = write!(
            svg,
            r##"<path d="{bars}" stroke="#4a7bd0" stroke-width="1" stroke-opacity="0.6"/>"##
        );
    }
    let _ = write!(
        svg,
        r##"<path d="{dots}" stroke="#1f4e9c" stroke-width="{dot}" stroke-linecap="round"/></svg>"##
    );
    svg.push('\n');
    svg
}

/// The least round number (1, 2 or 5 times a power of ten) at or above `v`.
fn nice_ceiling(v: u64) -> u64 {
    let mut step = 1u64;
    loop {
        for m in [1, 2, 5] {
            if let Some(n) = step.checked_mul(m).filter(|&n| n >= v) {
                return n;
            }
        }
        match step.checked_mul(10) {
            Some(s) => step = s,
            None => return v,
        }
    }
}

/// About six round ticks from `lo` to `hi`.
fn ticks_between(lo: u64, hi: u64) -> Vec<u64> {
    let span = hi - lo;
    let step = nice_ceiling((span / 6).max(1));
    let first = lo.div_ceil(step).saturating_mul(step);
    let mut ticks = Vec::new();
    let mut t = first;
    while t <= hi && ticks.len() < 20 {
        ticks.push(t);
        match t.checked_add(step) {
            Some(n) => t = n,
            None => break,
        }
    }
    ticks
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_service::{Game, Solver, Watch};

    fn plot(spec: &str, from: u64, to: u64) -> String {
        let game: Game = spec.parse().unwrap();
        let r = Solver::default()
            .values_report(&game, from, to, None, &mut Watch::silent())
            .unwrap();
        scatter(&r)
    }

    #[test]
    fn a_short_range_has_one_dot_a_heap() {
        let svg = plot("kayles", 0, 50);
        assert_eq!(svg.matches("h0").count(), 51);
    }

    #[test]
    fn a_long_range_stays_small() {
        let svg = plot("kayles", 0, 2_000_000);
        assert!(svg.len() < 200_000, "{} bytes", svg.len());
        let svg = plot("nim", 5, 300_000);
        assert!(svg.len() < 200_000, "{} bytes", svg.len());
        assert!(svg.contains("V"), "a column of many values is a bar");
    }

    #[test]
    fn ticks_are_round_and_inside() {
        assert_eq!(nice_ceiling(7), 10);
        assert_eq!(nice_ceiling(11), 20);
        assert_eq!(ticks_between(0, 100), [0, 20, 40, 60, 80, 100]);
        assert!(ticks_between(5, u64::MAX).len() <= 20);
    }
}
