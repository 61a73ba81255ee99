//! A progress bar on stderr for long computations, only on a terminal.

use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use grundy_service::Pattern;
use indicatif::{ProgressBar, ProgressStyle};

/// A bar with an estimate of the time left, for a known total.
const ETA: &str = "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} (eta {eta})";

/// A bar for one step of a period search: heaps done of the step's target.
const STEP: &str = "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} heaps this step";

/// A search of a board or graph: positions examined, with no total to
/// count towards.
const COUNT: &str = "{msg} [{elapsed_precise}] {spinner} {pos} positions ({per_sec})";

/// A bar for misère work, with no estimate of the time left: a heap of a
/// quotient or of the genera costs more than the heap before it (often
/// many times more), so the time so far, spread evenly, says little of
/// the time left.
const UNEVEN: &str = "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len}";

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}

/// Shows a bar once a computation has run for a second; silent when stderr is
/// not a terminal, so pipes and scripts see nothing.
#[derive(Debug)]
pub struct Bar {
    what: &'static str,
    started: Instant,
    enabled: bool,
    /// In a period search: the bar counts one step's heaps, with no
    /// estimate of the time left.
    searching: bool,
    /// Whether the time left may be estimated from the time so far.
    even: bool,
    bar: Option<ProgressBar>,
}

impl Bar {
    /// A bar that will be labelled `what` (e.g. "values"); misère work
    /// (`what` starting "misère") gets no estimate of the time left.
    pub fn new(what: &'static str) -> Self {
        Bar {
            what,
            started: Instant::now(),
            enabled: std::io::stderr().is_terminal(),
            searching: false,
            even: !what.starts_with("misère"),
            bar: None,
        }
    }

    /// The template the bar shows now.
    fn template(&self) -> &'static str {
        match (self.searching, self.even) {
            (true, _) => STEP,
            (false, true) => ETA,
            (false, false) => UNEVEN,
        }
    }

    /// Records that `done` of `total` units are finished; the answer is
    /// the computation's to go on.
    pub fn update(&mut self, done: u64, total: u64) -> ControlFlow<()> {
        if !self.enabled || self.started.elapsed() < Duration::from_secs(1) {
            return ControlFlow::Continue(());
        }
        let what = self.what;
        let started = self.started;
        let template = self.template();
        let bar = self.bar.get_or_insert_with(|| {
            let bar = ProgressBar::new(total)
                .with_style(style(template))
                .with_elapsed(started.elapsed());
            bar.set_message(what);
            bar
        });
        // Never behind what is done: a total that was an estimate grows.
        bar.set_length(total.max(done));
        bar.set_position(done);
        ControlFlow::Continue(())
    }
}

impl Bar {
    /// Records that a period search has computed `done` heaps and grows to
    /// `to` now (at most `max` in all), and shows the best pattern seen so
    /// far.
    pub fn search(&mut self, done: u64, to: u64, max: u64, pattern: Option<Pattern>) {
        if !self.searching {
            // The search grows its target step by step: an estimate of the
            // time left would be the step's, so none is shown.
            self.searching = true;
            if let Some(bar) = &self.bar {
                bar.set_style(style(STEP));
            }
        }
        let _ = self.update(done, to);
        if let Some(bar) = &self.bar {
            let seen = match pattern {
                Some(c) if c.saltus == 0 => {
                    format!("period {} from heap {} so far", c.period, c.preperiod)
                }
                Some(c) => format!(
                    "period {} saltus {} from heap {} so far",
                    c.period, c.saltus, c.preperiod
                ),
                None => "no pattern yet".to_string(),
            };
            bar.set_message(format!("period search up to heap {max}: {seen}"));
        }
    }

    /// Records that a board search has examined `nodes` positions and its
    /// table holds `facts` facts in `bytes`.
    pub fn positions(&mut self, nodes: u64, facts: u64, bytes: u64) {
        if !self.enabled || self.started.elapsed() < Duration::from_secs(1) {
            return;
        }
        let what = self.what;
        let started = self.started;
        let bar = self.bar.get_or_insert_with(|| {
            ProgressBar::new_spinner()
                .with_style(style(COUNT))
                .with_elapsed(started.elapsed())
        });
        bar.set_position(nodes);
        bar.set_message(format!(
            "{what}: table of {facts} facts ({})",
            grundy_service::human_bytes(bytes)
        ));
    }

    /// Moves the bar to `done` without changing its length.
    pub fn advance(&mut self, done: u64) {
        let _ = self.update(
            done,
            self.bar
                .as_ref()
                .map_or(done, |b| b.length().unwrap_or(done)),
        );
    }

    /// Prints `line` on stderr above the bar.
    pub fn println(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.println(line),
            None => eprintln!("{line}"),
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Bar, ETA, STEP, UNEVEN};

    #[test]
    fn misere_work_gets_no_estimate_of_the_time_left() {
        assert_eq!(Bar::new("values").template(), ETA);
        assert_eq!(Bar::new("misère quotient").template(), UNEVEN);
        assert_eq!(Bar::new("misère search").template(), UNEVEN);
        assert!(!UNEVEN.contains("eta"));
        let mut searching = Bar::new("values");
        searching.search(1, 2, 3, None);
        assert_eq!(searching.template(), STEP);
    }
}
