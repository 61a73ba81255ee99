//! Watching a request: progress, warnings, and stopping it from outside.

use std::fmt;
use std::ops::ControlFlow;

use grundy::period::detect::Candidate;
use grundy::values::Report;
use grundy::{Result, ValueTable};

/// What a request tells whoever watches it while it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event {
    /// Values computed: `done` of the `total` the current step asks for.
    Values {
        /// Values in the table now.
        done: u64,
        /// Values the current step will have.
        total: u64,
    },
    /// A period search is growing its table to `to`; `pattern` is the best
    /// pattern the values show so far, proved or not.
    Search {
        /// Heaps computed so far.
        done: u64,
        /// The table grows to this length now, then the search looks again.
        to: u64,
        /// The last heap the search may reach.
        max: u64,
        /// The pattern seen so far.
        pattern: Option<Pattern>,
    },
    /// A scan of positions (P-positions of a multi-heap game): `done` of
    /// `total` units of work.
    Scan {
        /// Units done.
        done: u64,
        /// Units in all.
        total: u64,
    },
    /// A search of a board or graph game is under way: positions examined
    /// so far by this request, and what the search's table holds. A search
    /// has no total to count towards.
    Positions {
        /// Positions examined so far.
        nodes: u64,
        /// Components the table holds a fact about.
        facts: u64,
        /// Bytes the table holds.
        bytes: u64,
    },
    /// The request set `bytes` aside with the process's
    /// [`Accountant`](crate::Accountant), and is about to allocate them: a
    /// front end may count it as heavy from here, or stop it before it
    /// allocates.
    Reserved {
        /// Bytes set aside.
        bytes: u64,
    },
    /// Another request is computing this game's values; this one waits for
    /// it and then uses them. [`Event::Values`] told until
    /// [`Event::Resumed`] are the other request's progress.
    Waiting,
    /// The wait that [`Event::Waiting`] announced is over: this request
    /// goes on with the values the other one left.
    Resumed,
    /// Something went wrong that does not stop the request: a stored file
    /// that failed its check, a store that cannot be written.
    Warning(String),
    /// A computation of values ended (finished or stopped): the engine that
    /// ran, what it found, and the table it left.
    Computed {
        /// The engine's report, summed over the steps.
        report: Report,
        /// The table after the computation.
        table: TableSummary,
        /// The threads the default chose for it, and why; `None` when
        /// [`Config::threads`](crate::Config::threads) forced them.
        width: Option<Box<crate::widths::Width>>,
    },
    /// Values were read from the store (`count` of them; for a board
    /// search, the facts its table learnt).
    Loaded {
        /// Values (or facts) read.
        count: u64,
        /// Where from.
        location: String,
    },
    /// Values were written to the store (`count` of them; for a board
    /// search, facts): a checkpoint or the end of a computation.
    Saved {
        /// Values (or facts) written.
        count: u64,
        /// Where to.
        location: String,
    },
}

/// A pattern of values: `G(n + period) = G(n) + saltus` from heap
/// `preperiod` on, as seen so far (not yet proved).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pattern {
    /// The first heap of the pattern.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// What the values gain each period (0 for a plain period).
    pub saltus: u64,
}

impl Pattern {
    /// `G(n)` by this pattern, taken as proved, from `table`, which holds
    /// `G(0..preperiod + period)` at least: what a catalogue's proved row
    /// says of any heap.
    ///
    /// ```
    /// use grundy_service::{Pattern, ValueTable};
    /// let nim = Pattern { preperiod: 0, period: 1, saltus: 1 };
    /// assert_eq!(nim.value(&ValueTable::from_values([0]), 1 << 40)?, 1 << 40);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`](grundy::ErrorKind::InvalidInput) if
    /// `table` is too short or `n` lies before the pattern past the table;
    /// [`ErrorKind::Overflow`](grundy::ErrorKind::Overflow) past 2^64 − 1.
    pub fn value(&self, table: &ValueTable, n: u64) -> Result<u64> {
        grundy::period::continued(table, self.preperiod, self.period, self.saltus, n)
            .map(|v| v.value())
    }
}

impl From<Candidate> for Pattern {
    fn from(c: Candidate) -> Self {
        Pattern {
            preperiod: c.preperiod,
            period: c.period,
            saltus: c.saltus,
        }
    }
}

/// The size and shape of a value table, as reported after a computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableSummary {
    /// Values held.
    pub len: u64,
    /// The largest value.
    pub max: u64,
    /// Bytes a heap.
    pub bytes_per_heap: usize,
    /// Values kept aside (those from 255 up in a table of one byte a heap).
    pub kept_aside: usize,
    /// Bytes of values in all.
    pub value_bytes: u64,
}

impl TableSummary {
    /// The summary of `table`.
    pub fn of(table: &ValueTable) -> Self {
        TableSummary {
            len: table.len() as u64,
            max: table.max().value(),
            bytes_per_heap: table.bytes_per_heap(),
            kept_aside: table.kept_aside(),
            value_bytes: table.value_bytes(),
        }
    }
}

/// The watcher of one request: told of every [`Event`], it answers
/// [`ControlFlow::Break`] to stop the request, which then ends with
/// [`ErrorKind::Interrupted`](grundy::ErrorKind::Interrupted) after saving
/// what it computed. It is asked at least every 100 ms of work.
///
/// ```
/// use std::ops::ControlFlow;
/// use grundy_service::{Event, Watch};
/// let mut warnings = Vec::new();
/// let mut watch = Watch::new(|event| {
///     if let Event::Warning(w) = event {
///         warnings.push(w);
///     }
///     ControlFlow::Continue(())
/// });
/// watch.tell(Event::Warning("a stored file was damaged".into()));
/// drop(watch);
/// assert_eq!(warnings.len(), 1);
/// ```
pub struct Watch<'a> {
    on_event: Box<dyn FnMut(Event) -> ControlFlow<()> + Send + 'a>,
    stopped: bool,
}

impl<'a> Watch<'a> {
    /// A watch that calls `on_event` with every event.
    pub fn new(on_event: impl FnMut(Event) -> ControlFlow<()> + Send + 'a) -> Self {
        Watch {
            on_event: Box::new(on_event),
            stopped: false,
        }
    }

    /// A watch that ignores every event and never stops the request.
    pub fn silent() -> Watch<'static> {
        Watch::new(|_| ControlFlow::Continue(()))
    }

    /// Tells the watcher of `event`; its answer is remembered, so once it
    /// has said stop, [`Watch::stopped`] stays true.
    pub fn tell(&mut self, event: Event) -> ControlFlow<()> {
        if (self.on_event)(event).is_break() {
            self.stopped = true;
        }
        if self.stopped {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Whether the watcher has asked to stop.
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}

impl fmt::Debug for Watch<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Watch")
            .field("stopped", &self.stopped)
            .finish_non_exhaustive()
    }
}

/// A progress callback of the library that tells `watch` of values
/// computed ([`Event::Values`]) and passes its answer back.
pub(crate) fn values_progress<'w, 'a>(
    watch: &'w mut Watch<'a>,
) -> impl FnMut(grundy::values::Progress) -> ControlFlow<()> + 'w {
    |p| {
        watch.tell(Event::Values {
            done: p.done,
            total: p.total,
        })
    }
}
