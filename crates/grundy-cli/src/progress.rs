//! A progress bar on stderr for long computations, only on a terminal.

use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use grundy::period::detect::Candidate;
use indicatif::{ProgressBar, ProgressStyle};

/// Shows a bar once a computation has run for a second; silent when stderr is
/// not a terminal, so pipes and scripts see nothing.
#[derive(Debug)]
pub struct Bar {
    what: &'static str,
    started: Instant,
    enabled: bool,
    bar: Option<ProgressBar>,
}

impl Bar {
    /// A bar that will be labelled `what` (e.g. "values").
    pub fn new(what: &'static str) -> Self {
        Bar {
            what,
            started: Instant::now(),
            enabled: std::io::stderr().is_terminal(),
            bar: None,
        }
    }

    /// Records that `done` of `total` units are finished; the answer is
    /// the computation's to go on.
    pub fn update(&mut self, done: u64, total: u64) -> ControlFlow<()> {
        if !self.enabled || self.started.elapsed() < Duration::from_secs(1) {
            return ControlFlow::Continue(());
        }
        let what = self.what;
        let bar = self.bar.get_or_insert_with(|| {
            let style = ProgressStyle::with_template(
                "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} (eta {eta})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar());
            let bar = ProgressBar::new(total).with_style(style);
            bar.set_message(what);
            bar
        });
        bar.set_length(total);
        bar.set_position(done);
        ControlFlow::Continue(())
    }
}

impl Bar {
    /// Records that a period search has computed `done` heaps and grows to
    /// `to` now (at most `max` in all), and shows the best pattern seen so
    /// far.
    pub fn search(&mut self, done: u64, to: u64, max: u64, pattern: Option<Candidate>) {
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
