//! Running a question on tokio's blocking pool under a watch that stops it
//! when the client goes away, when the time limit passes, or when it would
//! be one heavy computation too many.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use grundy_service::{ErrorKind, Event, Solver, Watch};
use serde::Serialize;
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc};

use crate::error::ApiError;
use crate::limits::Limits;

/// What the server shares among requests.
#[derive(Clone, Debug)]
pub(crate) struct Shared {
    pub solver: Arc<Solver>,
    pub limits: Limits,
    /// Permits for heavy computations.
    pub heavy: Arc<Semaphore>,
    /// Permits for computations in their first [`HEAVY_AFTER`].
    pub short: Arc<Semaphore>,
    /// Permits for requests on the blocking pool.
    pub in_flight: Arc<Semaphore>,
    /// The survey catalogue the server lists, opened read-only, if any.
    pub catalogue: Option<Arc<grundy_survey::Catalogue>>,
}

impl Shared {
    pub fn new(solver: Arc<Solver>, limits: Limits) -> Self {
        Shared {
            solver,
            heavy: Arc::new(Semaphore::new(limits.heavy.max(1))),
            short: Arc::new(Semaphore::new(limits.heavy.max(1))),
            in_flight: Arc::new(Semaphore::new(limits.in_flight.max(1))),
            limits,
            catalogue: None,
        }
    }
}

/// A computation is heavy once it has computed for this long: then it
/// needs one of the heavy permits. Before, it may run on a short permit
/// (as many as heavy ones), so that a few values or a small scan do not
/// take a heavy permit; a question answered from values already computed
/// needs neither.
pub(crate) const HEAVY_AFTER: Duration = Duration::from_millis(50);

/// A computation that sets this much memory aside (a megabyte) is
/// computing work before it allocates it, and takes a permit then; less
/// (a few values listed from a table or a period) needs none.
pub(crate) const WORK_BYTES: u64 = 1 << 20;

/// Why a computation was stopped from outside (0: it was not).
const GONE: u8 = 1;
const TIMED_OUT: u8 = 2;
const BUSY: u8 = 3;
const WAITED: u8 = 4;

/// The longest a plain route waits for another request computing the
/// same game's values; then it is answered 503, so that queries never
/// queue behind a long computation. Streams wait (within the time limit).
pub(crate) const PLAIN_WAIT: Duration = Duration::from_millis(100);

/// The stop switch of one request, shared by the request and its
/// computation.
#[derive(Debug, Default)]
pub(crate) struct Stop {
    gone: AtomicBool,
    reason: AtomicU8,
}

/// Tells the computation that its client went away when dropped: held by
/// the handler's future (dropped when the connection closes) or by the
/// event stream.
#[derive(Debug)]
pub(crate) struct StopOnDrop(pub Arc<Stop>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.gone.store(true, Ordering::Relaxed);
    }
}

/// What a computing request holds.
#[derive(Debug)]
enum Permit {
    Short(OwnedSemaphorePermit),
    Heavy(OwnedSemaphorePermit),
}

/// A progress event of a stream.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Progress {
    pub done: u64,
    pub total: Option<u64>,
    pub what: &'static str,
}

/// Whether an event means values are being computed (not read).
fn progress_of(event: &Event) -> Option<Progress> {
    match *event {
        Event::Values { done, total } => Some(Progress {
            done,
            total: Some(total),
            what: "values",
        }),
        Event::Search { done, to, .. } => Some(Progress {
            done,
            total: Some(to),
            what: "search",
        }),
        Event::Scan { done, total } => Some(Progress {
            done,
            total: Some(total),
            what: "scan",
        }),
        // A board or graph search: positions examined, with no total.
        Event::Positions { nodes, .. } => Some(Progress {
            done: nodes,
            total: None,
            what: "positions",
        }),
        _ => None,
    }
}

/// Runs `job` on the blocking pool. When the job reports computing work,
/// or sets [`WORK_BYTES`] or more aside before it allocates them
/// ([`Event::Reserved`]), it
/// takes a short permit, or a heavy one once past [`HEAVY_AFTER`] (when
/// there is none left, it stops: 503); it stops when
/// `stop` says the client went away or the time limit passed (504).
/// Progress goes to `progress` when given (dropped when the receiver lags).
/// Where the process's memory budget is held by other computations, the
/// solver refuses before allocating, and the request is answered 503.
pub(crate) async fn run<T: Send + 'static>(
    shared: &Shared,
    stop: Arc<Stop>,
    progress: Option<mpsc::Sender<Progress>>,
    job: impl FnOnce(&Solver, &mut Watch) -> grundy_service::Result<T> + Send + 'static,
) -> Result<T, ApiError> {
    run_with(shared, stop, progress, false, job).await
}

/// [`run`] for a request known to be heavy before it starts (a plot of a
/// long range): it takes a heavy permit first, and is answered 503 at once
/// when none is left.
pub(crate) async fn run_heavy<T: Send + 'static>(
    shared: &Shared,
    stop: Arc<Stop>,
    job: impl FnOnce(&Solver, &mut Watch) -> grundy_service::Result<T> + Send + 'static,
) -> Result<T, ApiError> {
    run_with(shared, stop, None, true, job).await
}

async fn run_with<T: Send + 'static>(
    shared: &Shared,
    stop: Arc<Stop>,
    progress: Option<mpsc::Sender<Progress>>,
    heavy_first: bool,
    job: impl FnOnce(&Solver, &mut Watch) -> grundy_service::Result<T> + Send + 'static,
) -> Result<T, ApiError> {
    let Ok(in_flight) = Arc::clone(&shared.in_flight).try_acquire_owned() else {
        return Err(ApiError::busy());
    };
    let first = if heavy_first {
        let Ok(permit) = Arc::clone(&shared.heavy).try_acquire_owned() else {
            return Err(ApiError::busy());
        };
        Some(Permit::Heavy(permit))
    } else {
        None
    };
    let deadline = Instant::now() + shared.limits.time;
    let heavy = Arc::clone(&shared.heavy);
    let short = Arc::clone(&shared.short);
    let solver = Arc::clone(&shared.solver);
    let watched = Arc::clone(&stop);
    let handle = tokio::task::spawn_blocking(move || {
        let _in_flight = in_flight;
        let started = Instant::now();
        let mut permit: Option<Permit> = first;
        let mut last_told: Option<Instant> = None;
        // While another request computes the same game, its progress is
        // told here; waiting needs no permit, but a plain route waits for
        // at most [`PLAIN_WAIT`].
        let mut waiting: Option<Instant> = None;
        let wait_most = progress.is_none().then_some(PLAIN_WAIT);
        let stop = watched;
        let mut watch = Watch::new(move |event| {
            if stop.gone.load(Ordering::Relaxed) {
                stop.reason.store(GONE, Ordering::Relaxed);
                return ControlFlow::Break(());
            }
            if Instant::now() >= deadline {
                stop.reason.store(TIMED_OUT, Ordering::Relaxed);
                return ControlFlow::Break(());
            }
            match event {
                Event::Waiting => waiting = Some(Instant::now()),
                Event::Resumed => waiting = None,
                _ => {}
            }
            let reserved = matches!(event, Event::Reserved { bytes } if bytes >= WORK_BYTES);
            let told = progress_of(&event);
            if told.is_some() || reserved {
                if let Some(since) = waiting {
                    if wait_most.is_some_and(|most| since.elapsed() >= most) {
                        stop.reason.store(WAITED, Ordering::Relaxed);
                        return ControlFlow::Break(());
                    }
                    return ControlFlow::Continue(());
                }
                let young = started.elapsed() < HEAVY_AFTER;
                permit = match permit.take() {
                    Some(Permit::Heavy(p)) => Some(Permit::Heavy(p)),
                    Some(Permit::Short(p)) if young => Some(Permit::Short(p)),
                    None if young => Arc::clone(&short)
                        .try_acquire_owned()
                        .map(Permit::Short)
                        .or_else(|_| Arc::clone(&heavy).try_acquire_owned().map(Permit::Heavy))
                        .ok(),
                    _ => Arc::clone(&heavy)
                        .try_acquire_owned()
                        .map(Permit::Heavy)
                        .ok(),
                };
                if permit.is_none() {
                    stop.reason.store(BUSY, Ordering::Relaxed);
                    return ControlFlow::Break(());
                }
                // At most ten progress events a second reach the stream.
                let due = last_told.is_none_or(|t| t.elapsed().as_millis() >= 100);
                if let (Some(tx), Some(p), true) = (&progress, told, due) {
                    last_told = Some(Instant::now());
                    let _ = tx.try_send(p);
                }
            }
            ControlFlow::Continue(())
        });
        job(&solver, &mut watch)
    });
    let result = handle.await.map_err(|_| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the computation failed unexpectedly (a bug: please report the request)",
        )
    })?;
    result.map_err(|e| {
        if e.kind() != ErrorKind::Interrupted {
            return ApiError::from(e);
        }
        match stop.reason.load(Ordering::Relaxed) {
            BUSY => ApiError::busy(),
            WAITED => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "another request is computing this game's values; try again in a moment, or ask the same question under /api/stream/ to wait for them",
            ),
            TIMED_OUT => ApiError::new(
                StatusCode::GATEWAY_TIMEOUT,
                "time_limit",
                format!(
                    "stopped after the server's time limit of {} s; what was computed is kept, so asking again goes on from there",
                    shared.limits.time.as_secs_f64()
                ),
            ),
            GONE => ApiError::new(
                StatusCode::BAD_REQUEST,
                "gone",
                "the client went away",
            ),
            _ => ApiError::from(e),
        }
    })
}
