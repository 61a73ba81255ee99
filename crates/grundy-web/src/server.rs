//! Serving the router on a socket: HTTP/1.1 connections under the
//! server's [`ConnectionLimits`], and a graceful stop.
//!
//! A client that holds a connection without finishing its request costs a
//! file descriptor and nothing else the request limits see, so the
//! connections themselves are limited:
//!
//! - A request's head (its request line and headers) must arrive within
//!   [`ConnectionLimits::header`] of the connection opening, or of its first
//!   byte when it follows another request on the same connection; past it
//!   the connection is closed. Heads longer than
//!   [`ConnectionLimits::header_bytes`] are answered 431.
//! - A request's body must arrive whole within [`ConnectionLimits::body`]
//!   of its head; a route reading it then gets an error (400 `bad_body`).
//! - A connection with no request for [`ConnectionLimits::idle`] after its
//!   last answer is closed.
//! - A write that waits longer than [`ConnectionLimits::write`] for the
//!   client to read (the socket's buffer full: a client that asked and
//!   does not read its answer) closes the connection, and the answer's
//!   computation and memory with it. A client reading slowly is not cut
//!   off: the clock runs only while no byte can be written.
//! - At most [`ConnectionLimits::connections`] are open at once. A new one
//!   past the cap closes the connection that has waited longest with
//!   nothing to answer (an unfinished head, or idle), and is then served;
//!   only when every open connection is being answered is the new one
//!   answered 503 `busy` at once and closed. Evicting the oldest waiting
//!   connection rather than refusing the new one is what keeps cheap
//!   requests answered under a flood of slow clients: a client that sends
//!   its request at once is never the oldest waiting, while connections
//!   that trickle or sit idle are closed first. Refusing new connections
//!   instead would let a few hundred slow clients shut everyone out for as
//!   long as the header limit, again and again. The cap is kept under the
//!   process's open file limit (1,024 by default on Linux), so that an
//!   accepted connection never finds the limit reached.
//!
//! A client that shuts down its writing side after a whole request (a
//! half-close) is still answered.

use std::collections::HashMap;
use std::future::Future;
use std::pin::pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::Router;
use axum::http::{Request, StatusCode};
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, watch};
use tower::ServiceExt;

use crate::bodies::{AnswerBody, TimedBody};
use crate::connection::{Connection, Tracked};
use crate::error::ApiError;

/// The limits on the server's connections, as opposed to the requests
/// they carry ([`crate::Limits`]). The module's documentation explains
/// each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// The longest a request's head may take to arrive.
    pub header: Duration,
    /// The longest a request's body may take to arrive, from its head.
    pub body: Duration,
    /// The longest a connection may wait for its next request.
    pub idle: Duration,
    /// The longest a write may wait for the client to read.
    pub write: Duration,
    /// Connections open at once.
    pub connections: usize,
    /// The longest request head (request line and headers), in bytes; more
    /// is answered 431.
    pub header_bytes: usize,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            header: Duration::from_secs(10),
            body: Duration::from_secs(10),
            idle: Duration::from_secs(30),
            write: Duration::from_secs(30),
            connections: 512,
            header_bytes: 16 * 1024,
        }
    }
}

/// Serves `app` on `listener` under the default [`ConnectionLimits`] until
/// `shutdown` completes, then lets the requests in flight finish.
///
/// # Errors
/// None at present: a failed accept (such as too many open files) is
/// waited out and retried.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_with(listener, app, ConnectionLimits::default(), shutdown).await
}

/// Serves `app` on `listener` under `limits` until `shutdown` completes,
/// then lets the requests in flight finish (connections with no request
/// in flight, idle or with an unfinished head, are closed at once).
///
/// # Errors
/// None at present: a failed accept (such as too many open files) is
/// waited out and retried.
pub async fn serve_with(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let open = Arc::new(Open::default());
    let (stop, stopping) = watch::channel(false);
    let mut shutdown = pin!(shutdown);
    loop {
        let (socket, _) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(_) => {
                    // Out of file descriptors, or a connection reset before
                    // it was accepted: wait a little rather than spin.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let _ = socket.set_nodelay(true);
        let Some((id, connection)) = open.admit(limits.connections) else {
            tokio::spawn(refuse(socket));
            continue;
        };
        let app = app.clone();
        let open = Arc::clone(&open);
        let stopping = stopping.clone();
        tokio::spawn(async move {
            run(socket, Arc::clone(&connection), app, limits, stopping).await;
            open.remove(id);
        });
    }
    drop(listener);
    let _ = stop.send(true);
    open.wait_until_empty().await;
    Ok(())
}

/// Serves one connection until it ends, expires, or the server stops.
async fn run(
    socket: TcpStream,
    connection: Arc<Connection>,
    app: Router,
    limits: ConnectionLimits,
    mut stopping: watch::Receiver<bool>,
) {
    let io = TokioIo::new(Tracked::new(
        socket,
        Arc::clone(&connection),
        limits.header_bytes,
    ));
    let service = {
        let connection = Arc::clone(&connection);
        hyper::service::service_fn(move |request: Request<Incoming>| {
            let in_flight = connection.request_started();
            let request =
                request.map(|body| axum::body::Body::new(TimedBody::new(body, limits.body)));
            let app = app.clone();
            async move {
                let response = app.oneshot(request).await.unwrap_or_else(|e| match e {});
                Ok::<_, std::convert::Infallible>(
                    response.map(|body| AnswerBody::new(body, in_flight)),
                )
            }
        })
    };
    let mut http = hyper::server::conn::http1::Builder::new();
    http.half_close(true)
        .header_read_timeout(None)
        .max_header_size(limits.header_bytes);
    let mut served = pin!(http.serve_connection(io, service));
    let mut stopped = false;
    loop {
        tokio::select! {
            _ = served.as_mut() => return,
            () = connection.expired(limits.header, limits.idle, limits.write) => return,
            _ = stopping.wait_for(|stop| *stop), if !stopped => {
                // The server stops: a connection with nothing to answer
                // closes now, one answering a request once it is answered.
                if connection.waiting_since().is_some() {
                    return;
                }
                stopped = true;
                served.as_mut().graceful_shutdown();
            }
        }
    }
}

/// Answers a connection past the cap, when no open connection could be
/// closed for it: 503 `busy` at once, then closed. What the client sends
/// meanwhile is read and dropped for a moment, so that closing with its
/// request unread does not reset the connection before it reads the
/// answer.
async fn refuse(mut socket: TcpStream) {
    let error = ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "busy",
        "the server has as many connections open as it allows, all of them being answered; \
         try again in a moment",
    );
    let body = error.json();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nretry-after: 1\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let written = async {
        socket.write_all(answer.as_bytes()).await?;
        socket.shutdown().await?;
        let mut sink = [0u8; 4096];
        for _ in 0..16 {
            socket.readable().await?;
            match socket.try_read(&mut sink) {
                Ok(0) => break,
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(e) => return Err(e),
            }
        }
        std::io::Result::Ok(())
    };
    let _ = tokio::time::timeout(Duration::from_millis(500), written).await;
}

/// The connections open, for the cap and the graceful stop.
#[derive(Debug, Default)]
struct Open {
    connections: Mutex<HashMap<u64, Arc<Connection>>>,
    next: std::sync::atomic::AtomicU64,
    emptied: Notify,
}

impl Open {
    fn connections(&self) -> MutexGuard<'_, HashMap<u64, Arc<Connection>>> {
        self.connections.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A new connection, within `cap`: past it, the connection that has
    /// waited longest with nothing to answer is evicted first; `None` when
    /// every open connection is being answered.
    fn admit(&self, cap: usize) -> Option<(u64, Arc<Connection>)> {
        let mut open = self.connections();
        let live = open.values().filter(|c| !c.is_evicted()).count();
        if live >= cap.max(1) {
            let oldest = open
                .values()
                .filter_map(|c| c.waiting_since().map(|since| (since, c)))
                .min_by_key(|(since, _)| *since)?;
            oldest.1.evict();
        }
        let id = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let connection = Connection::new();
        open.insert(id, Arc::clone(&connection));
        Some((id, connection))
    }

    fn remove(&self, id: u64) {
        let mut open = self.connections();
        open.remove(&id);
        if open.is_empty() {
            self.emptied.notify_waiters();
        }
    }

    async fn wait_until_empty(&self) {
        loop {
            let emptied = self.emptied.notified();
            if self.connections().is_empty() {
                return;
            }
            emptied.await;
        }
    }
}
