//! What every command shares: the solver it asks, the watch that draws a
//! progress bar and turns Ctrl-C into a stop, the `--stats` lines, and the
//! output.

use std::io::Write;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use grundy_service::{
    Engine, EngineReport as Report, Event, Solver, TableSummary, Watch, human_bytes,
};

use crate::progress::Bar;

/// Writes the output of a command that succeeded.
pub type Out<'a> = &'a mut dyn Write;

/// What every command may need besides its own arguments.
#[derive(Debug)]
pub struct Context {
    /// The solver every command asks.
    pub solver: Solver,
    /// Whether to print the engine's statistics on stderr.
    pub stats: bool,
    /// Set by Ctrl-C: the running computation stops, saving what it has.
    pub interrupted: Arc<AtomicBool>,
}

impl Context {
    /// A watch for one request: a progress bar labelled `what` on a
    /// terminal, warnings on stderr, the statistics gathered for
    /// `--stats`, and a stop once Ctrl-C was pressed.
    pub fn watch<'a>(&'a self, what: &'static str, stats: &'a mut Stats) -> Watch<'a> {
        let mut bar = Bar::new(what);
        let interrupted = Arc::clone(&self.interrupted);
        // During a period search the bar counts to the length the search
        // grows to next; values computed move it along.
        let mut searching = false;
        Watch::new(move |event| {
            match event {
                Event::Values { done, .. } if searching => bar.advance(done),
                Event::Values { done, total } | Event::Scan { done, total } => {
                    let _ = bar.update(done, total);
                }
                Event::Search {
                    done,
                    to,
                    max,
                    pattern,
                } => {
                    searching = true;
                    bar.search(done, to, max, pattern);
                }
                Event::Positions {
                    nodes,
                    facts,
                    bytes,
                } => bar.positions(nodes, facts, bytes),
                Event::Waiting => {}
                Event::Warning(w) => bar.println(&format!("warning: {w}")),
                Event::Loaded { count, location } => {
                    stats.store = format!("read {count} values from {location}");
                }
                Event::Saved { count, location } => {
                    stats.saved = format!("wrote {count} values to {location}");
                }
                Event::Computed {
                    report,
                    table,
                    width,
                } => {
                    if let Some(width) = width {
                        stats.width = Some(*width);
                    }
                    stats.report = Some(match stats.report.take() {
                        Some(before) => before.then(report),
                        None => report,
                    });
                    stats.table = Some(table);
                }
                _ => {}
            }
            if interrupted.load(Ordering::Relaxed) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
    }

    /// Asks the solver through `question` with a watch labelled `what`, then
    /// prints the `--stats` lines if they were asked for.
    pub fn ask<T>(
        &self,
        what: &'static str,
        question: impl FnOnce(&Solver, &mut Watch) -> grundy_service::Result<T>,
    ) -> anyhow::Result<T> {
        let started = Instant::now();
        let cpu = crate::cpu::used();
        let mut stats = Stats::default();
        let mut watch = self.watch(what, &mut stats);
        let answer = question(&self.solver, &mut watch);
        drop(watch);
        stats.cpu = cpu
            .zip(crate::cpu::used())
            .map(|(a, b)| b.saturating_sub(a));
        stats.threads = match &stats.width {
            Some(width) => width.threads,
            None => self.solver.threads(),
        };
        self.print_stats(&stats, started);
        Ok(answer?)
    }

    /// Prints `stats` on stderr if `--stats` was given.
    fn print_stats(&self, stats: &Stats, started: Instant) {
        if self.stats {
            eprint!("{}", stats.text(started.elapsed(), &self.store_note()));
        }
    }

    fn store_note(&self) -> String {
        match &self.solver.config().store {
            Some(_) => String::new(),
            None => "off".to_string(),
        }
    }
}

/// What the `--stats` lines report, gathered from a request's events.
#[derive(Debug, Default)]
pub struct Stats {
    report: Option<Report>,
    table: Option<TableSummary>,
    store: String,
    saved: String,
    /// CPU time the request used, where the system says.
    cpu: Option<Duration>,
    /// Threads the engines had.
    threads: usize,
    /// The threads the default chose for the values, and why.
    width: Option<grundy_service::Width>,
}

impl Stats {
    /// The `--stats` lines: engine, what it found, store, time.
    fn text(&self, elapsed: Duration, store_off: &str) -> String {
        let mut text = String::new();
        let mut line = |key: &str, value: String| text.push_str(&format!("{key:<12} {value}\n"));
        let report = self.report.clone().unwrap_or_default();
        let engine = match report.engine {
            Some(Engine::Naive) => "naive",
            Some(Engine::Sparse) => "sparse",
            Some(Engine::Bitsets) => "bitsets",
            Some(_) => "other",
            None => "none (closed form, or values already computed)",
        };
        line("engine", engine.to_string());
        if let Some(t) = &self.table {
            line("heaps", format!("0..={}", t.len.saturating_sub(1)));
        }
        if let Some(s) = &report.sparse {
            line("mask", format!("{:#x}", s.mask));
            line(
                "rare heaps",
                match s.last_rare {
                    Some(last) => format!("{} (last {last})", s.rare_count),
                    None => format!("{} (heap 0 only)", s.rare_count),
                },
            );
            line(
                "max value",
                format!("{} (first at {})", s.max_value, s.max_value_at),
            );
            line(
                "work",
                format!(
                    "{} splits via rare heaps, {} in lazy scans, {} full scans, {} mask change(s)",
                    s.rare_pairs, s.scan_pairs, s.full_scans, s.mask_changes
                ),
            );
            // Where each thread's time went in the block pipeline: busy
            // finishing blocks, reading ahead, working alone; the rest
            // waiting (issue 37's accounting, readable on any machine).
            if !report.threads.is_empty() {
                line(
                    "pipeline",
                    format!(
                        "{:.3} s; each thread busy finishing + reading ahead + alone, then waiting (of it spinning within a step):",
                        report.pipeline.as_secs_f64()
                    ),
                );
                for (i, t) in report.threads.iter().enumerate() {
                    line(
                        &format!("  thread {i}"),
                        format!(
                            "{:.3} + {:.3} + {:.3} s busy, {:.3} s waiting ({:.3} spinning)",
                            t.finishing.as_secs_f64(),
                            t.reading.as_secs_f64(),
                            t.alone.as_secs_f64(),
                            report.waiting(t).as_secs_f64(),
                            t.spinning.as_secs_f64()
                        ),
                    );
                }
            }
            if let Some(w) = &self.width {
                line("threads", format!("{} by default; {}", w.threads, w.why));
                if w.measurements > 0 {
                    let steps: Vec<String> = w
                        .trial_steps
                        .iter()
                        .enumerate()
                        .map(|(i, (t, spent))| {
                            let on = match (i, *t) {
                                (0, 1) => "1 thread".to_string(),
                                (0, t) => format!("{t} threads"),
                                (_, t) => t.to_string(),
                            };
                            format!("{:.2} s on {on}", spent.as_secs_f64())
                        })
                        .collect();
                    let times = match w.measurements {
                        1 => "once".to_string(),
                        n => format!("{n} times"),
                    };
                    line(
                        "measuring",
                        format!("{times}; its steps took {}", steps.join(", ")),
                    );
                    let seen: Vec<String> = w
                        .against_one()
                        .iter()
                        .map(|a| {
                            format!(
                                "{} threads {:.2}x as fast at {:.2}x the CPU a heap",
                                a.threads, a.speedup, a.cpu
                            )
                        })
                        .collect();
                    if !seen.is_empty() {
                        line(
                            "trials",
                            format!("the choice rests on, against 1 thread: {}", seen.join("; ")),
                        );
                    }
                }
            }
            if !s.is_sparse() {
                line(
                    "note",
                    "no sparse space: over one heap in 16 is rare, so the sparse engine is exact but no faster than naive".to_string(),
                );
            }
        } else if let Some(t) = &self.table {
            line("max value", t.max.to_string());
        }
        if let Some(t) = &self.table {
            line(
                "bytes/heap",
                format!(
                    "{}{} ({})",
                    t.bytes_per_heap,
                    match t.kept_aside {
                        0 => String::new(),
                        aside => format!(" and {aside} value(s) kept aside"),
                    },
                    human_bytes(t.value_bytes)
                ),
            );
        }
        let store = [self.store.as_str(), self.saved.as_str(), store_off]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join("; ");
        line(
            "cache",
            if store.is_empty() {
                "nothing read or written".to_string()
            } else {
                store
            },
        );
        line("time", format!("{:.3} s", elapsed.as_secs_f64()));
        if let Some(cpu) = self.cpu {
            let busy = cpu.as_secs_f64() / elapsed.as_secs_f64().max(1e-9);
            line(
                "cpu",
                format!(
                    "{:.3} s on {} thread(s): {busy:.1} cores busy on average",
                    cpu.as_secs_f64(),
                    self.threads
                ),
            );
        }
        text
    }
}
