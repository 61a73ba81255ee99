//! Threads for a search: each on a deep stack, all stopped together, their
//! progress relayed to the caller's callback on the caller's thread.
//!
//! The searches recurse once per move, so a long game needs a deeper stack
//! than a caller's thread may have; they run on threads of their own with
//! [`STACK_BYTES`] each (reserved, not touched, until used) and refuse to go
//! deeper than [`MAX_DEPTH`]. The caller's thread waits for messages: a
//! tick every [`TICK_EVERY`] positions, which it turns into a
//! [`Progress`] report, and each worker's result. The first
//! worker to answer stops the others.
//!
//! Near the top of a search the threads share the options out ([`ShareOut`]):
//! each takes the next option not yet taken, so that each option is first
//! searched by one thread alone, and the others read its facts from the
//! table when they come to it.

use std::collections::HashMap;
use std::hash::Hash;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::thread;

use super::Progress;
use crate::error::{Error, ErrorKind, Result};

/// The stack of each search thread.
pub(crate) const STACK_BYTES: usize = 512 << 20;

/// The deepest recursion a search may reach: far below what
/// [`STACK_BYTES`] holds, far above any game this library can finish.
pub(crate) const MAX_DEPTH: u32 = 100_000;

/// Positions between two ticks, unless the game asks for another interval
/// ([`Game::report_every`](super::Game::report_every)).
pub(crate) const TICK_EVERY: u64 = 1 << 12;

/// A worker's view of the search it takes part in: counts its positions,
/// says when to stop.
#[derive(Debug)]
pub(crate) struct Ticker<'a> {
    /// Positions this worker examined.
    pub(crate) nodes: u64,
    /// Recursion depth now.
    depth: u32,
    /// Positions between two ticks (at least 1).
    every: u64,
    stop: &'a AtomicBool,
    total: &'a AtomicU64,
    ticks: mpsc::Sender<Message>,
}

impl Ticker<'_> {
    /// Counts one position examined.
    ///
    /// # Errors
    /// [`ErrorKind::Interrupted`] once the search is to stop.
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<()> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(self.every) {
            self.total.fetch_add(self.every, Ordering::Relaxed);
            if self.stop.load(Ordering::Relaxed) {
                return Err(stopped());
            }
            // The caller may have returned already; then nobody listens.
            let _ = self.ticks.send(Message::Tick);
        }
        Ok(())
    }

    /// Goes one level deeper.
    ///
    /// # Errors
    /// [`ErrorKind::TooLarge`] past [`MAX_DEPTH`].
    #[inline]
    pub(crate) fn descend(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "the search went more than {MAX_DEPTH} moves deep; positions this long are out of its reach"
                ),
            ));
        }
        Ok(())
    }

    /// The recursion depth now: 1 inside the first component entered.
    #[inline]
    pub(crate) fn depth(&self) -> u32 {
        self.depth
    }

    /// Comes back up one level.
    #[inline]
    pub(crate) fn ascend(&mut self) {
        self.depth -= 1;
    }
}

/// The options of the questions at the top of a search, shared out among
/// its threads: for each question (is `component + *x` lost?), how many of
/// the component's options, in the order every thread sorts them, threads
/// have taken so far.
#[derive(Debug)]
pub(crate) struct ShareOut<P> {
    taken: Mutex<HashMap<(P, u32), Arc<AtomicUsize>>>,
}

impl<P> Default for ShareOut<P> {
    fn default() -> Self {
        ShareOut {
            taken: Mutex::new(HashMap::new()),
        }
    }
}

impl<P: Clone + Eq + Hash> ShareOut<P> {
    /// The count of options taken for the question whether
    /// `component + *x` is lost, the same for every thread that asks it.
    pub(crate) fn question(&self, component: &P, x: u32) -> Arc<AtomicUsize> {
        let mut taken = self.taken.lock().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(taken.entry((component.clone(), x)).or_default())
    }
}

fn stopped() -> Error {
    Error::new(ErrorKind::Interrupted, "the search was stopped")
}

enum Message {
    Tick,
    Done,
}

/// Runs `work(i, ticker)` on `threads` threads (at least one), ticking every
/// `every` positions, and returns the first answer; `snapshot(nodes)` describes the search for `progress`,
/// which may stop it.
///
/// A worker that fails stops the others, and its error is returned unless
/// another worker has answered. The positions every worker examined are
/// added to `nodes`.
///
/// # Errors
/// [`ErrorKind::Interrupted`] when `progress` asks to stop; a worker's
/// error; [`ErrorKind::TooLarge`] if no thread can be started.
pub(crate) fn run<T: Send>(
    threads: usize,
    every: u64,
    nodes: &mut u64,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    snapshot: &dyn Fn(u64) -> Progress,
    work: &(dyn Fn(usize, &mut Ticker<'_>) -> Result<T> + Sync),
) -> Result<T> {
    let stop = AtomicBool::new(false);
    let total = AtomicU64::new(0);
    let answers: std::sync::Mutex<Vec<Result<T>>> = std::sync::Mutex::new(Vec::new());
    let (ticks, listen) = mpsc::channel();
    let mut interrupted = false;
    let mut worker_nodes = 0u64;
    let node_sum = AtomicU64::new(0);
    thread::scope(|scope| {
        let mut started = 0;
        for i in 0..threads.max(1) {
            let ticks = ticks.clone();
            let (stop, total, answers, node_sum) = (&stop, &total, &answers, &node_sum);
            let spawned = thread::Builder::new()
                .name(format!("grundy-search-{i}"))
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, move || {
                    let mut ticker = Ticker {
                        nodes: 0,
                        depth: 0,
                        every: every.max(1),
                        stop,
                        total,
                        ticks: ticks.clone(),
                    };
                    let result = work(i, &mut ticker);
                    node_sum.fetch_add(ticker.nodes, Ordering::Relaxed);
                    if result.is_ok()
                        || !matches!(&result, Err(e) if e.kind() == ErrorKind::Interrupted)
                    {
                        stop.store(true, Ordering::Relaxed);
                    }
                    answers
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .push(result);
                    let _ = ticks.send(Message::Done);
                });
            if spawned.is_ok() {
                started += 1;
            }
        }
        drop(ticks);
        if started == 0 {
            return;
        }
        for message in &listen {
            match message {
                Message::Tick => {
                    if !stop.load(Ordering::Relaxed)
                        && progress(snapshot(total.load(Ordering::Relaxed))).is_break()
                    {
                        interrupted = true;
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Message::Done => {}
            }
        }
    });
    worker_nodes += node_sum.load(Ordering::Relaxed);
    *nodes += worker_nodes;
    let answers = answers
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if answers.is_empty() {
        return Err(Error::new(
            ErrorKind::TooLarge,
            "no thread could be started for the search",
        ));
    }
    let mut error = None;
    for answer in answers {
        match answer {
            Ok(value) if !interrupted => return Ok(value),
            Ok(_) => {}
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => error = error.or(Some(e)),
        }
    }
    Err(error.unwrap_or_else(stopped))
}
