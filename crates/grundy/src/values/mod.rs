//! Computing the Grundy values `G(0..=N)` of a heap game.
//!
//! [`compute`] is the simple call. [`compute_with`] chooses the engine, the
//! memory budget and receives progress reports. Every engine fills the same
//! [`ValueTable`], and each fast engine has the naive one as its twin in the
//! tests.

use std::ops::ControlFlow;

use crate::error::{Error, ErrorKind, Result};
use crate::ruleset::Ruleset;

mod allbut;
pub mod bitsets;
mod escaped;
pub mod mask;
pub mod naive;
pub mod sparse;
pub mod splits;
mod table;
pub mod widening;

use table::fixed_width;
pub(crate) use table::{Slice, Window};
pub use table::{ValueTable, human_bytes};

/// Which algorithm computes the values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// The fastest engine that applies to the ruleset.
    #[default]
    Auto,
    /// The mex over every option, straight from the definition.
    Naive,
    /// The sparse-space engine for games that split a heap in two
    /// ([`sparse`]).
    Sparse,
    /// The option values of every heap as bitsets, for every take-and-break
    /// code and fastest for codes that split a heap in three ([`bitsets`]),
    /// and for splitting rules with parts of any sizes ([`splits`]).
    Bitsets,
}

/// What a computation did: the engine that ran and what it found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report {
    /// The engine that ran, never [`Engine::Auto`]; `None` when the table
    /// already held the values asked for or a special-purpose engine ran
    /// (nim and all-but games have closed forms).
    pub engine: Option<Engine>,
    /// The statistics of the sparse engine, when it ran.
    pub sparse: Option<sparse::SparseStats>,
    /// Where each thread's time went in the sparse engine's pipeline, one
    /// entry a thread of its pool, when [`Options::profile`] asked for it.
    pub threads: Vec<sparse::ThreadUse>,
    /// The wall time of that pipeline: each thread's busy time and its
    /// waiting add up to it.
    pub pipeline: std::time::Duration,
}

impl Report {
    /// A thread's time waiting in the sparse engine's pipeline: for the
    /// finishing thread, at a join; for the others, while the finishing
    /// thread or the driving thread alone works, or for a task.
    pub fn waiting(&self, thread: &sparse::ThreadUse) -> std::time::Duration {
        self.pipeline.saturating_sub(thread.busy())
    }
}

impl Report {
    /// The report of two computations in a row, `self` then `later` (steps
    /// of one table): the engine of the later one if it ran one, the work
    /// of both added up, and what the later one found, as it covers the
    /// longer table.
    ///
    /// ```
    /// use grundy::{Ruleset, ValueTable, values::{Options, Stepper}};
    /// let g: Ruleset = "grundy".parse()?;
    /// let mut table = ValueTable::new();
    /// let mut stepper = Stepper::new(&g, Options::default());
    /// let first = stepper.extend(&mut table, 999, &mut grundy::values::silent)?;
    /// let second = stepper.extend(&mut table, 1999, &mut grundy::values::silent)?;
    /// let both = first.then(second).sparse.unwrap();
    /// assert_eq!(both.heaps, 2000);
    /// assert_eq!(both.len, 2000);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    #[must_use]
    pub fn then(self, later: Report) -> Report {
        let sparse = match (self.sparse, later.sparse) {
            (Some(old), Some(mut new)) => {
                new.rare_pairs += old.rare_pairs;
                new.scan_pairs += old.scan_pairs;
                new.full_scans += old.full_scans;
                new.mask_changes += old.mask_changes;
                new.heaps += old.heaps;
                Some(new)
            }
            (old, None) => old,
            (None, new) => new,
        };
        let mut threads = self.threads;
        if threads.len() < later.threads.len() {
            threads.resize(later.threads.len(), sparse::ThreadUse::default());
        }
        for (sum, more) in threads.iter_mut().zip(&later.threads) {
            sum.finishing += more.finishing;
            sum.reading += more.reading;
            sum.alone += more.alone;
            sum.spinning += more.spinning;
        }
        Report {
            engine: later.engine.or(self.engine),
            sparse,
            threads,
            pipeline: self.pipeline + later.pipeline,
        }
    }
}

/// The most memory a value table may take.
///
/// Requests are checked against it *before* anything is allocated.
///
/// ```
/// use grundy::values::Budget;
/// assert_eq!(Budget::bytes(1 << 20).max_bytes(), 1 << 20);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    max_bytes: u64,
}

impl Budget {
    /// A budget of `max_bytes`.
    pub const fn bytes(max_bytes: u64) -> Self {
        Budget { max_bytes }
    }

    /// The limit in bytes.
    pub const fn max_bytes(self) -> u64 {
        self.max_bytes
    }
}

impl Default for Budget {
    /// 8 GiB: a third of this project's reference machine. The command line
    /// passes a budget measured from the memory actually available.
    fn default() -> Self {
        Budget::bytes(8 << 30)
    }
}

/// How far a computation has come: heaps done out of heaps asked for.
///
/// Every long computation of this crate takes a callback
/// `&mut dyn FnMut(Progress) -> ControlFlow<()>`, called at least every few
/// milliseconds of work. Answering [`ControlFlow::Break`] stops the
/// computation: it returns [`ErrorKind::Interrupted`], and a table it was
/// extending keeps every value finished so far, so a later call resumes
/// from there.
///
/// ```
/// use std::ops::ControlFlow;
/// use grundy::{ErrorKind, Ruleset, ValueTable, values::{self, Options}};
/// let g: Ruleset = "0.6".parse()?;
/// let mut table = ValueTable::new();
/// let mut stop_past_5000 = |p: values::Progress| {
///     if p.done > 5000 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// };
/// let err = values::extend_with(&g, &mut table, 100_000, Options::default(), &mut stop_past_5000)
///     .unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::Interrupted);
/// assert!(table.len() > 5000 && table.len() < 100_000);
/// values::extend_with(&g, &mut table, 100_000, Options::default(), &mut values::silent)?;
/// assert_eq!(table, values::compute(&g, 100_000)?);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Values computed so far.
    pub done: u64,
    /// Values asked for.
    pub total: u64,
}

/// Options of [`compute_with`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The engine to use.
    pub engine: Engine,
    /// The memory the table may take.
    pub budget: Budget,
    /// Whether to time each thread's work in the sparse engine
    /// ([`Report::threads`]): a few readings of the clock a block.
    pub profile: bool,
}

/// The values `G(0), …, G(to)` of `ruleset` with the default engine and budget.
///
/// ```
/// use grundy::{Ruleset, values};
/// let kayles: Ruleset = "0.77".parse()?;
/// let g = values::compute(&kayles, 12)?;
/// assert_eq!(g.to_vec(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`ErrorKind::TooLarge`] if the table would not fit in the default budget.
pub fn compute(ruleset: &Ruleset, to: u64) -> Result<ValueTable> {
    compute_with(ruleset, to, Options::default(), &mut crate::values::silent)
}

/// The values `G(0), …, G(to)`, with a chosen engine and budget, reporting
/// progress to `progress` from time to time.
///
/// # Errors
/// [`ErrorKind::TooLarge`] if the table would not fit in `options.budget`
/// (checked before allocating, and again if the table must widen).
///
/// # Complexity
/// See the engine: [`naive`] is O(N²) for games whose options grow with the
/// heap (splitting games, nim); finite subtraction games are O(N·|S|).
pub fn compute_with(
    ruleset: &Ruleset,
    to: u64,
    options: Options,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<ValueTable> {
    let mut table = ValueTable::new();
    extend_with(ruleset, &mut table, to, options, progress)?;
    Ok(table)
}

/// Extends `table`, which holds values of `ruleset`, up to `G(to)`.
///
/// Values already present are kept, so growing a table step by step costs no
/// more than computing it at once.
///
/// # Errors
/// As [`compute_with`].
pub fn extend_with(
    ruleset: &Ruleset,
    table: &mut ValueTable,
    to: u64,
    options: Options,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<()> {
    extend_reporting(ruleset, table, to, options, progress).map(|_| ())
}

/// As [`extend_with`], and says which engine ran and what it found.
///
/// [`Engine::Auto`] picks the sparse engine for every game it applies to
/// ([`sparse::applies`]), and the bitset engine for codes that may leave
/// three heaps.
///
/// ```
/// use grundy::{Ruleset, ValueTable, values::{self, Engine, Options}};
/// let g: Ruleset = "grundy".parse()?;
/// let mut table = ValueTable::new();
/// let report = values::extend_reporting(&g, &mut table, 1000, Options::default(), &mut grundy::values::silent)?;
/// assert_eq!(report.engine, Some(Engine::Sparse));
/// assert!(report.sparse.is_some());
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// As [`compute_with`]; [`ErrorKind::InvalidInput`] when
/// [`Engine::Sparse`] or [`Engine::Bitsets`] is asked for a game it does not
/// apply to.
pub fn extend_reporting(
    ruleset: &Ruleset,
    table: &mut ValueTable,
    to: u64,
    options: Options,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Report> {
    Stepper::new(ruleset, options).extend(table, to, progress)
}

/// Extends one table in steps (to save checkpoints between them, say),
/// keeping the engine's state from one step to the next: the sparse engine
/// would otherwise rebuild it from the whole table at each step.
///
/// ```
/// use grundy::{Ruleset, ValueTable, values::{self, Options, Stepper}};
/// let g: Ruleset = "grundy".parse()?;
/// let mut table = ValueTable::new();
/// let mut stepper = Stepper::new(&g, Options::default());
/// for to in [999, 1999, 2999] {
///     stepper.extend(&mut table, to, &mut grundy::values::silent)?;
/// }
/// assert_eq!(table, values::compute(&g, 2999)?);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug)]
pub struct Stepper {
    ruleset: Ruleset,
    options: Options,
    /// The sparse engine, once it has run.
    sparse: Option<sparse::Computation>,
    /// The bitset engine, once it has run.
    bitsets: Option<bitsets::Computation>,
    /// The bitset engine of splitting rules, once it has run.
    splits: Option<splits::Computation>,
}

impl Stepper {
    /// Steps for `ruleset` with `options`.
    pub fn new(ruleset: &Ruleset, options: Options) -> Stepper {
        Stepper {
            ruleset: ruleset.clone(),
            options,
            sparse: None,
            bitsets: None,
            splits: None,
        }
    }

    /// Extends `table` to hold `G(0..=to)`, as [`extend_reporting`] does.
    /// Each step should extend the table the previous one left: another
    /// table costs the sparse engine a rebuild of its state.
    ///
    /// # Errors
    /// As [`extend_reporting`].
    pub fn extend(
        &mut self,
        table: &mut ValueTable,
        to: u64,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Report> {
        let ruleset = &self.ruleset;
        let len = check_fits(ruleset, to, self.options.budget)?;
        if table.len() >= len {
            return Ok(Report::default());
        }
        table.set_capacity_hint(len);
        let mut report = Report::default();
        match (self.options.engine, ruleset) {
            (Engine::Auto, Ruleset::Nim) => allbut::extend(&[], table, len, progress)?,
            (Engine::Auto, Ruleset::AllBut(set)) => {
                allbut::extend(set.excluded(), table, len, progress)?
            }
            (Engine::Auto | Engine::Bitsets, Ruleset::Split(rule)) if splits::applies(rule) => {
                let engine = self
                    .splits
                    .get_or_insert_with(|| splits::Computation::new(rule));
                engine.extend(table, len, self.options.budget, progress)?;
                report.engine = Some(Engine::Bitsets);
            }
            (Engine::Sparse, _) | (Engine::Auto, _) if sparse::applies(ruleset) => {
                let engine = match &mut self.sparse {
                    Some(engine) => engine,
                    None => self.sparse.insert(sparse::Computation::new(
                        ruleset,
                        table,
                        sparse::Tuning {
                            profile: self.options.profile,
                            ..sparse::Tuning::default()
                        },
                    )?),
                };
                let stats = engine.extend(table, len, progress)?;
                report.engine = Some(Engine::Sparse);
                report.sparse = Some(stats);
                report.threads = engine.thread_use().to_vec();
                report.pipeline = engine.profile().wall();
            }
            (Engine::Sparse, _) => return Err(sparse::does_not_apply(ruleset)),
            (Engine::Bitsets | Engine::Auto, _) if uses_bitsets(self.options.engine, ruleset) => {
                let engine = match &mut self.bitsets {
                    Some(engine) => engine,
                    None => self
                        .bitsets
                        .insert(bitsets::Computation::new(ruleset, self.options.budget)?),
                };
                engine.extend(table, len, progress)?;
                report.engine = Some(Engine::Bitsets);
            }
            (Engine::Bitsets, _) => return Err(bitsets::does_not_apply(ruleset)),
            _ => {
                naive::extend(ruleset, table, len, progress)?;
                report.engine = Some(Engine::Naive);
            }
        }
        Ok(report)
    }
}

/// Whether the bitset engine runs: when asked for and it applies, and by
/// [`Engine::Auto`] for codes that may leave three heaps, where it is
/// hundreds of times faster than the naive engine (`docs/benchmarks.md`).
/// Codes that leave at most two heaps keep the sparse engine, and those that
/// never split the naive one, which reads as little.
fn uses_bitsets(engine: Engine, ruleset: &Ruleset) -> bool {
    match (engine, ruleset) {
        (Engine::Bitsets, _) => bitsets::applies(ruleset),
        (Engine::Auto, Ruleset::TakeAndBreak(code)) => code.max_heaps_left() == 3,
        _ => false,
    }
}

/// The most splits the naive engine reads for a splitting rule
/// ([`Ruleset::Split`]) in one computation: about a minute's work. A rule
/// into up to `k` heaps has O(n^(k−1)) splits a heap, so without a bound a
/// modest request could run for years; [`check_fits`] refuses it instead.
pub const MAX_SPLITS_READ: u128 = 2_500_000_000;

/// The number of values `0..=to` after checking that they fit in `budget`,
/// and, for a splitting rule ([`Ruleset::Split`]), that the engine
/// [`Engine::Auto`] runs keeps within its bounds: [`splits::MAX_WORK`] word
/// operations and the budget for parts of any sizes, [`MAX_SPLITS_READ`]
/// splits read by the naive engine for unequal parts.
///
/// ```
/// use grundy::{ErrorKind, Ruleset, values::{self, Budget}};
/// let distinct: Ruleset = "split:2..4:unequal".parse()?;
/// assert!(values::check_fits(&distinct, 1000, Budget::default()).is_ok());
/// let err = values::check_fits(&distinct, 1_000_000, Budget::default()).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::TooLarge);
/// assert!(err.message().contains("ask for at most"));
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`ErrorKind::TooLarge`] with the memory needed and the largest `to` that
/// would fit, or the work it would take and the largest `to` whose work is
/// within the bound.
pub fn check_fits(ruleset: &Ruleset, to: u64, budget: Budget) -> Result<usize> {
    let len = check_memory(ruleset, to, budget)?;
    match ruleset {
        Ruleset::Split(rule) if splits::applies(rule) => splits::check(rule, to, budget)?,
        Ruleset::Split(rule) => check_splits(rule, to)?,
        _ => {}
    }
    Ok(len)
}

/// Refuses a splitting rule's values up to `to` if the naive engine would
/// read more than [`MAX_SPLITS_READ`] splits, naming the largest `to` that
/// reads fewer.
///
/// # Complexity
/// The split counts of heaps up to twice the last that fits
/// ([`Splitting`](crate::ruleset::Splitting)'s partition recurrence): at
/// most a few thousand heaps, since every rule that is no built-in game has
/// Ω(n²) splits a heap.
pub(crate) fn check_splits(rule: &crate::ruleset::Splitting, to: u64) -> Result<()> {
    let mut upto = rule.least_heap().saturating_add(64);
    loop {
        let last = upto.min(to);
        let mut total: u128 = 0;
        for (n, count) in rule.counts(last).into_iter().enumerate() {
            total = total.saturating_add(count);
            if total > MAX_SPLITS_READ {
                let fits = (n as u64).saturating_sub(1);
                return Err(Error::new(
                    ErrorKind::TooLarge,
                    format!(
                        "values of {rule} up to {to} read more than {MAX_SPLITS_READ} splits (a heap of {n} alone has {count}), about a minute's work and far more past it; ask for at most {fits} heaps"
                    ),
                ));
            }
        }
        if last == to {
            return Ok(());
        }
        upto = upto.saturating_mul(2);
    }
}

/// The fewest bytes a table of `G(0..=to)` of `ruleset` takes (see
/// [`check_fits`]), at most `u64::MAX`: what a caller sharing one budget
/// among several computations sets aside before computing them.
///
/// ```
/// use grundy::{Ruleset, values};
/// let kayles: Ruleset = "kayles".parse()?;
/// assert_eq!(values::bytes_needed(&kayles, 999), 1000);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn bytes_needed(ruleset: &Ruleset, to: u64) -> u64 {
    let need = (u128::from(to) + 1) * min_width(ruleset, to) as u128;
    u64::try_from(need).unwrap_or(u64::MAX)
}

fn check_memory(ruleset: &Ruleset, to: u64, budget: Budget) -> Result<usize> {
    let width = min_width(ruleset, to);
    let len = u128::from(to) + 1;
    let need = len * width as u128;
    if need > u128::from(budget.max_bytes()) || usize::try_from(len).is_err() {
        let fits = (budget.max_bytes() / width as u64).saturating_sub(1);
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "values up to {to} need at least {} ({width} byte(s) a heap) but the memory budget is {}; ask for at most {fits} heaps",
                human_bytes(need.min(u128::from(u64::MAX)) as u64),
                human_bytes(budget.max_bytes()),
            ),
        )
        .with_detail(crate::Detail::OverBudget {
            need: need.min(u128::from(u64::MAX)) as u64,
            budget: budget.max_bytes(),
            fits: Some(fits),
        }));
    }
    Ok(len as usize)
}

/// The fewest bytes a heap a table of `0..=to` takes: nim and all-but games
/// have values that grow with the heap (nim's `G(n) = n`), and their engine
/// keeps a count a value beside the table; the others start at one byte.
fn min_width(ruleset: &Ruleset, to: u64) -> usize {
    match ruleset {
        Ruleset::Nim => fixed_width(to) + allbut::COUNT_BYTES,
        Ruleset::AllBut(_) => fixed_width(to / 2) + allbut::COUNT_BYTES,
        _ => 1,
    }
}

/// A progress callback that never stops the computation, for callers that
/// do not watch progress.
///
/// ```
/// use grundy::{Ruleset, values::{self, Options}};
/// let kayles: Ruleset = "kayles".parse()?;
/// let t = values::compute_with(&kayles, 100, Options::default(), &mut values::silent)?;
/// assert_eq!(t.len(), 101);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn silent(_: Progress) -> ControlFlow<()> {
    ControlFlow::Continue(())
}

/// How often engines whose heaps are cheap report progress, in heaps.
pub(crate) const PROGRESS_EVERY: usize = 1 << 14;

/// Tells `progress` that heap `n` of `len` is done, every [`PROGRESS_EVERY`]
/// heaps and at the end: the one place engines report from.
///
/// # Errors
/// [`ErrorKind::Interrupted`] when `progress` asks to stop.
#[inline]
pub(crate) fn report(
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    n: usize,
    len: usize,
) -> Result<()> {
    report_every(progress, n, len, PROGRESS_EVERY)
}

/// As [`report`], every `every` heaps: engines whose heaps cost more report
/// more often, so that a request to stop is seen within milliseconds.
#[inline]
pub(crate) fn report_every(
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    n: usize,
    len: usize,
    every: usize,
) -> Result<()> {
    if n.is_multiple_of(every.max(1)) || n == len {
        let flow = progress(Progress {
            done: n as u64,
            total: len as u64,
        });
        if flow.is_break() {
            return Err(interrupted(n));
        }
    }
    Ok(())
}

/// The error of a computation stopped by its progress callback after `done`
/// values.
pub(crate) fn interrupted(done: usize) -> Error {
    Error::new(
        ErrorKind::Interrupted,
        format!(
            "stopped on request after {done} values; they are kept, and the next computation resumes from them"
        ),
    )
}
