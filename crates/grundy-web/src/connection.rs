//! One client connection's clock: what it is doing (sending a request's
//! head, being answered, or idle between requests), whether a write to it
//! is waiting for the client to read, and when it must be closed for it.
//!
//! The server's accept loop (`server.rs`) makes one [`Connection`] a
//! socket; the socket's reads ([`Tracked`]), the start of each request and
//! the end of its answer ([`InFlight`]) move it from phase to phase, and
//! [`Connection::expired`] resolves once the phase has lasted past its
//! limit, a write has waited past the write limit (a client that asked and
//! does not read its answer), or the server evicted the connection to make
//! room for a new one.
//! hyper's own header timeout is not used: its clock also runs while a
//! kept-alive connection waits for its next request, so it cannot tell a
//! slow head from an idle connection.

use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::Notify;

use crate::bare_answer::BareAnswer;

/// What a connection is doing, and since when.
#[derive(Clone, Copy, Debug)]
enum Phase {
    /// Sending a request's head: since the connection opened, or since the
    /// first byte of a request that follows another.
    Head(Instant),
    /// At least one request is being answered (its body read, its answer
    /// computed or written): no clock of this module runs.
    Serving,
    /// Between requests, since the last answer ended.
    Idle(Instant),
}

#[derive(Debug)]
struct State {
    phase: Phase,
    /// Requests whose answer has not ended.
    in_flight: usize,
    /// Closed by the server to make room for a newer connection.
    evicted: bool,
    /// Since when a write has waited for the client to read (the socket's
    /// buffer full), while one does.
    write_waiting: Option<Instant>,
}

/// One connection's phase, shared by its socket, its requests and the
/// task that serves it.
#[derive(Debug)]
pub(crate) struct Connection {
    state: Mutex<State>,
    /// Wakes [`Connection::expired`] when the phase changes.
    changed: Notify,
}

impl Connection {
    /// A connection just accepted: its first head is on the clock.
    pub(crate) fn new() -> Arc<Self> {
        Arc::new(Connection {
            state: Mutex::new(State {
                phase: Phase::Head(Instant::now()),
                in_flight: 0,
                evicted: false,
                write_waiting: None,
            }),
            changed: Notify::new(),
        })
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // The state is plain data, consistent after any panic.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Bytes arrived: an idle connection starts its next request's head.
    fn bytes_read(&self) {
        let mut state = self.state();
        if let Phase::Idle(_) = state.phase {
            state.phase = Phase::Head(Instant::now());
            drop(state);
            self.changed.notify_one();
        }
    }

    /// A write returned `polled`: the write clock starts when it waits for
    /// the client to read, and stops when it goes on.
    fn wrote<T>(&self, polled: Poll<T>) -> Poll<T> {
        let waiting = polled.is_pending();
        let mut state = self.state();
        if state.write_waiting.is_some() != waiting {
            state.write_waiting = waiting.then(Instant::now);
            drop(state);
            self.changed.notify_one();
        }
        polled
    }

    /// Whether no request is being answered (an answer written now is the
    /// HTTP library's own, to a request it refused).
    fn answering_nothing(&self) -> bool {
        self.state().in_flight == 0
    }

    /// A request's head has been read: the clocks stop until its answer
    /// ends, which dropping the returned guard marks.
    pub(crate) fn request_started(self: &Arc<Self>) -> InFlight {
        let mut state = self.state();
        state.in_flight += 1;
        state.phase = Phase::Serving;
        drop(state);
        self.changed.notify_one();
        InFlight(Arc::clone(self))
    }

    /// When the connection has waited longest with nothing to answer:
    /// `None` while it answers a request, or once evicted.
    pub(crate) fn waiting_since(&self) -> Option<Instant> {
        let state = self.state();
        match state.phase {
            _ if state.evicted => None,
            Phase::Head(since) | Phase::Idle(since) => Some(since),
            Phase::Serving => None,
        }
    }

    /// Closes the connection to make room for another.
    pub(crate) fn evict(&self) {
        self.state().evicted = true;
        self.changed.notify_one();
    }

    /// Whether [`Connection::evict`] was called.
    pub(crate) fn is_evicted(&self) -> bool {
        self.state().evicted
    }

    /// Resolves once the connection must be closed: its head took longer
    /// than `head`, it was idle longer than `idle`, a write waited longer
    /// than `write` for the client to read, or it was evicted.
    pub(crate) async fn expired(&self, head: Duration, idle: Duration, write: Duration) {
        loop {
            let deadline = {
                let state = self.state();
                if state.evicted {
                    return;
                }
                // A limit too far to be written as an instant is never
                // reached.
                let phase = match state.phase {
                    Phase::Head(since) => since.checked_add(head),
                    Phase::Idle(since) => since.checked_add(idle),
                    Phase::Serving => None,
                };
                let written = state
                    .write_waiting
                    .and_then(|since| since.checked_add(write));
                match (phase, written) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                }
            };
            match deadline {
                Some(deadline) if deadline <= Instant::now() => return,
                Some(deadline) => {
                    tokio::select! {
                        () = tokio::time::sleep_until(deadline.into()) => {}
                        () = self.changed.notified() => {}
                    }
                }
                None => self.changed.notified().await,
            }
        }
    }
}

/// A request being answered; dropped when its answer has been written (or
/// abandoned), which starts the idle clock once no other request is.
#[derive(Debug)]
pub(crate) struct InFlight(Arc<Connection>);

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut state = self.0.state();
        state.in_flight = state.in_flight.saturating_sub(1);
        if state.in_flight == 0 {
            state.phase = Phase::Idle(Instant::now());
        }
        drop(state);
        self.0.changed.notify_one();
    }
}

/// A connection's socket, telling its [`Connection`] when bytes arrive,
/// and writing the HTTP library's own bodiless refusals (400, 414, 431) as
/// the API's JSON errors ([`BareAnswer`]).
#[derive(Debug)]
pub(crate) struct Tracked<IO> {
    io: IO,
    connection: Arc<Connection>,
    /// The server's limit on a request's head, which a 431 names.
    header_bytes: usize,
    /// The rewritten refusal, while it is being written.
    answer: Option<BareAnswer>,
}

impl<IO> Tracked<IO> {
    /// `io`, the socket of `connection`, whose heads may have
    /// `header_bytes`.
    pub(crate) fn new(io: IO, connection: Arc<Connection>, header_bytes: usize) -> Self {
        Tracked {
            io,
            connection,
            header_bytes,
            answer: None,
        }
    }
}

impl<IO: AsyncWrite + Unpin> Tracked<IO> {
    /// Writes what is left of a rewritten refusal.
    fn poll_answer(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if let Some(answer) = &mut self.answer {
            while let Some(rest) = answer.unwritten() {
                let n = std::task::ready!(Pin::new(&mut self.io).poll_write(cx, rest))?;
                if n == 0 {
                    return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
                }
                answer.wrote(n);
            }
        }
        Poll::Ready(Ok(()))
    }
}

impl<IO: AsyncRead + Unpin> AsyncRead for Tracked<IO> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.io).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.connection.bytes_read();
        }
        polled
    }
}

impl<IO: AsyncWrite + Unpin> Tracked<IO> {
    fn poll_write_untimed(&mut self, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self;
        match &mut this.answer {
            // The rest of the library's refusal, already replaced.
            Some(_) => Poll::Ready(Ok(buf.len())),
            None if this.connection.answering_nothing() => {
                match BareAnswer::replacing(buf, this.header_bytes) {
                    Some(answer) => {
                        this.answer = Some(answer);
                        // Written by the flush that follows, or right now.
                        let _ = this.poll_answer(cx);
                        Poll::Ready(Ok(buf.len()))
                    }
                    None => Pin::new(&mut this.io).poll_write(cx, buf),
                }
            }
            None => Pin::new(&mut this.io).poll_write(cx, buf),
        }
    }

    fn poll_flush_untimed(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        std::task::ready!(self.poll_answer(cx))?;
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown_untimed(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        std::task::ready!(self.poll_answer(cx))?;
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

/// Every write is timed: one that waits for the client to read starts the
/// connection's write clock ([`Connection::expired`]).
impl<IO: AsyncWrite + Unpin> AsyncWrite for Tracked<IO> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = self.poll_write_untimed(cx, buf);
        self.connection.wrote(polled)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let polled = self.poll_flush_untimed(cx);
        self.connection.wrote(polled)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let polled = self.poll_shutdown_untimed(cx);
        self.connection.wrote(polled)
    }
}
