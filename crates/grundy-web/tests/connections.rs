//! The server's connections under slow and odd clients (issue 38, W3, W4,
//! W6, and a client that does not read its answer): raw sockets on loopback against `grundy_web::serve_with`, with
//! short connection limits so that each case takes a second or two. Each
//! waits for what it expects for at most [`PATIENCE`], a bound no loaded
//! machine reaches, and never asserts how fast an answer came.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use grundy_service::Solver;
use grundy_web::{ConnectionLimits, Limits, router};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// The longest a case waits for the server to answer or close.
const PATIENCE: Duration = Duration::from_secs(30);

/// Limits that no case reaches unless it means to.
fn generous() -> ConnectionLimits {
    ConnectionLimits {
        header: Duration::from_secs(600),
        body: Duration::from_secs(600),
        idle: Duration::from_secs(600),
        ..ConnectionLimits::default()
    }
}

struct Server {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<std::io::Result<()>>>,
}

impl Server {
    async fn start(limits: ConnectionLimits) -> Server {
        Server::start_with(
            limits,
            Limits {
                time: Duration::from_secs(3600),
                ..Limits::default()
            },
        )
        .await
    }

    async fn start_with(limits: ConnectionLimits, requests: Limits) -> Server {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = router(Arc::new(Solver::default()), requests);
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(grundy_web::serve_with(listener, app, limits, async {
            let _ = stopped.await;
        }));
        Server {
            addr,
            stop: Some(stop),
            task: Some(task),
        }
    }

    async fn connect(&self) -> TcpStream {
        TcpStream::connect(self.addr).await.unwrap()
    }

    /// Stops the server; it ends once its connections have.
    async fn stop(mut self) {
        let _ = self.stop.take().unwrap().send(());
        tokio::time::timeout(PATIENCE, self.task.take().unwrap())
            .await
            .expect("the server stops")
            .unwrap()
            .unwrap();
    }
}

const CHEAP: &str = "GET /api/position?game=kayles&heaps=3,5,7 HTTP/1.1\r\nHost: t\r\n\r\n";

/// Reads until the server closes `socket`; `None` if it is still open
/// after [`PATIENCE`].
async fn read_to_close(socket: &mut TcpStream) -> Option<String> {
    let mut seen = Vec::new();
    let read = tokio::time::timeout(PATIENCE, async {
        let mut buf = [0u8; 8192];
        loop {
            match socket.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => seen.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    read.ok()
        .map(|()| String::from_utf8_lossy(&seen).into_owned())
}

/// Reads one answer of `Content-Length` bytes (the connection stays open).
async fn read_answer(socket: &mut TcpStream) -> String {
    tokio::time::timeout(PATIENCE, async {
        let mut seen = Vec::new();
        let mut buf = [0u8; 8192];
        loop {
            let text = String::from_utf8_lossy(&seen).into_owned();
            if let Some((head, body)) = text.split_once("\r\n\r\n") {
                let length = head
                    .lines()
                    .find_map(|l| {
                        l.to_ascii_lowercase()
                            .strip_prefix("content-length: ")
                            .map(str::to_owned)
                    })
                    .and_then(|n| n.trim().parse::<usize>().ok())
                    .expect("a Content-Length");
                if body.len() >= length {
                    return text;
                }
            }
            let n = socket.read(&mut buf).await.unwrap();
            assert!(n > 0, "closed before the answer ended: {text}");
            seen.extend_from_slice(&buf[..n]);
        }
    })
    .await
    .expect("an answer")
}

/// The JSON body of an answer.
fn json(answer: &str) -> serde_json::Value {
    let body = answer.split_once("\r\n\r\n").expect("a head and a body").1;
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {answer}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_head_that_trickles_is_closed_at_the_header_limit() {
    let server = Server::start(ConnectionLimits {
        header: Duration::from_secs(1),
        ..generous()
    })
    .await;
    // Ten clients trickle a header a byte every 100 ms, for ever; one
    // connects and sends nothing.
    let mut tricklers = Vec::new();
    for _ in 0..10 {
        let mut socket = server.connect().await;
        socket
            .write_all(b"GET / HTTP/1.1\r\nX-Slow: ")
            .await
            .unwrap();
        tricklers.push(tokio::spawn(async move {
            let started = tokio::time::Instant::now();
            while started.elapsed() < PATIENCE {
                if socket.write_all(b"a").await.is_err() {
                    return true;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            false
        }));
    }
    let mut silent = server.connect().await;
    for trickler in tricklers {
        assert!(trickler.await.unwrap(), "a trickling head stayed open");
    }
    assert!(
        read_to_close(&mut silent).await.is_some(),
        "a silent connection stayed open"
    );
    // A request sent at once is answered.
    let mut socket = server.connect().await;
    socket.write_all(CHEAP.as_bytes()).await.unwrap();
    assert!(read_answer(&mut socket).await.starts_with("HTTP/1.1 200"));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_body_is_refused_at_the_body_limit() {
    let server = Server::start(ConnectionLimits {
        body: Duration::from_millis(500),
        ..generous()
    })
    .await;
    // Content-Length says 1,000 bytes; ten come, then nothing.
    let mut socket = server.connect().await;
    socket
        .write_all(
            b"POST /api/verify HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\ngame: 0.07",
        )
        .await
        .unwrap();
    let answer = read_to_close(&mut socket)
        .await
        .expect("the connection is answered and closed");
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    let error = json(&answer);
    assert_eq!(error["error"], "bad_body", "{answer}");
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("did not arrive"),
        "{answer}"
    );
    // A body that arrives trickling is cut at the same limit, however
    // often its bytes come.
    let mut socket = server.connect().await;
    socket
        .write_all(b"POST /api/verify HTTP/1.1\r\nHost: t\r\nContent-Length: 100000\r\n\r\n")
        .await
        .unwrap();
    let started = tokio::time::Instant::now();
    let mut cut = false;
    while started.elapsed() < PATIENCE {
        if socket.write_all(b"x").await.is_err() {
            cut = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(cut, "a trickling body was read for {PATIENCE:?}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_connection_is_closed_and_a_busy_one_is_not() {
    // The idle limit closes a kept-alive connection with no next request.
    let server = Server::start(ConnectionLimits {
        idle: Duration::from_millis(500),
        ..generous()
    })
    .await;
    let mut socket = server.connect().await;
    socket.write_all(CHEAP.as_bytes()).await.unwrap();
    assert!(read_answer(&mut socket).await.starts_with("HTTP/1.1 200"));
    assert_eq!(
        read_to_close(&mut socket).await.as_deref(),
        Some(""),
        "an idle connection stayed open"
    );
    server.stop().await;
    // The header limit is not an idle limit: a kept-alive connection
    // that waits longer than it for its next request is still answered.
    let server = Server::start(ConnectionLimits {
        header: Duration::from_secs(1),
        ..generous()
    })
    .await;
    let mut socket = server.connect().await;
    socket.write_all(CHEAP.as_bytes()).await.unwrap();
    assert!(read_answer(&mut socket).await.starts_with("HTTP/1.1 200"));
    tokio::time::sleep(Duration::from_millis(2500)).await;
    socket.write_all(CHEAP.as_bytes()).await.unwrap();
    assert!(read_answer(&mut socket).await.starts_with("HTTP/1.1 200"));
    server.stop().await;
}

/// Opens a connection whose request is being answered: a verification
/// whose body the route has begun to read (the server's `100 Continue`
/// says so), and which never comes.
async fn busy_connection(server: &Server) -> TcpStream {
    let mut socket = server.connect().await;
    socket
        .write_all(
            b"POST /api/verify HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\
              Expect: 100-continue\r\n\r\n",
        )
        .await
        .unwrap();
    let mut seen = Vec::new();
    let mut buf = [0u8; 256];
    while !String::from_utf8_lossy(&seen).contains("\r\n\r\n") {
        let n = tokio::time::timeout(PATIENCE, socket.read(&mut buf))
            .await
            .expect("100 Continue")
            .unwrap();
        assert!(n > 0);
        seen.extend_from_slice(&buf[..n]);
    }
    assert!(String::from_utf8_lossy(&seen).starts_with("HTTP/1.1 100"));
    socket
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_cap_the_oldest_waiting_connection_makes_room() {
    let server = Server::start(ConnectionLimits {
        connections: 8,
        ..generous()
    })
    .await;
    // Eight unfinished heads fill the cap.
    let mut waiting = Vec::new();
    for _ in 0..8 {
        let mut socket = server.connect().await;
        socket
            .write_all(b"GET / HTTP/1.1\r\nX-Slow: a")
            .await
            .unwrap();
        waiting.push(socket);
    }
    // Each new client is answered, and closes the eldest waiting one
    // (the new clients, kept alive and idle, have waited less).
    let mut kept = Vec::new();
    for (eldest, waiter) in waiting.iter_mut().take(4).enumerate() {
        let mut socket = server.connect().await;
        socket.write_all(CHEAP.as_bytes()).await.unwrap();
        assert!(read_answer(&mut socket).await.starts_with("HTTP/1.1 200"));
        kept.push(socket);
        assert!(
            read_to_close(waiter).await.is_some(),
            "the eldest waiting connection, {eldest}, is closed"
        );
    }
    // The youngest are still open: a write of the rest of their head is
    // answered.
    let mut youngest = waiting.pop().unwrap();
    youngest
        .write_all(b"\r\nHost: t\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let answer = read_to_close(&mut youngest).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_cap_with_every_connection_answering_a_new_one_gets_503() {
    let server = Server::start(ConnectionLimits {
        connections: 2,
        ..generous()
    })
    .await;
    let busy = [
        busy_connection(&server).await,
        busy_connection(&server).await,
    ];
    let mut socket = server.connect().await;
    socket.write_all(CHEAP.as_bytes()).await.unwrap();
    let answer = read_to_close(&mut socket).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(
        answer.to_ascii_lowercase().contains("retry-after: 1"),
        "{answer}"
    );
    assert_eq!(json(&answer)["error"], "busy");
    // Once one of them ends, new clients are served again.
    drop(busy);
    let mut answered = false;
    let started = tokio::time::Instant::now();
    while !answered && started.elapsed() < PATIENCE {
        let mut socket = server.connect().await;
        socket.write_all(CHEAP.as_bytes()).await.unwrap();
        answered = read_to_close_or_answer(&mut socket)
            .await
            .starts_with("HTTP/1.1 200");
    }
    assert!(answered);
    server.stop().await;
}

/// The first answer on `socket`, or what came before it closed.
async fn read_to_close_or_answer(socket: &mut TcpStream) -> String {
    let mut seen = Vec::new();
    let mut buf = [0u8; 8192];
    let _ = tokio::time::timeout(PATIENCE, async {
        loop {
            match socket.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => seen.extend_from_slice(&buf[..n]),
            }
            if String::from_utf8_lossy(&seen).contains("\r\n\r\n") {
                return;
            }
        }
    })
    .await;
    String::from_utf8_lossy(&seen).into_owned()
}

/// A client that asks for a large answer and never reads it: the server's
/// writes wait for it, and past the write limit the connection is closed
/// with the answer unfinished, rather than held (with the answer's memory)
/// for ever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_does_not_read_its_answer_is_closed_at_the_write_limit() {
    let server = Server::start_with(
        ConnectionLimits {
            write: Duration::from_secs(1),
            ..generous()
        },
        Limits {
            time: Duration::from_secs(3600),
            values_range: 10_000_000,
            ..Limits::default()
        },
    )
    .await;
    // A small receiving buffer, so that the answer (some 20 MB of values
    // of Kayles, read from its period) cannot fit in the sockets' buffers.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut socket = socket.connect(server.addr).await.unwrap();
    socket
        .write_all(b"GET /api/values?game=kayles&to=6000000 HTTP/1.1\r\nHost: t\r\n\r\n")
        .await
        .unwrap();
    // Once the answer has begun to arrive (however long it took to
    // compute), not read for longer than the write limit.
    let mut first = [0u8; 16];
    tokio::time::timeout(PATIENCE, socket.peek(&mut first))
        .await
        .expect("the answer begins")
        .unwrap();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let seen = read_to_close(&mut socket)
        .await
        .expect("the connection is closed, not kept for a client that does not read");
    assert!(
        seen.starts_with("HTTP/1.1 200"),
        "{}",
        &seen[..seen.len().min(200)]
    );
    assert!(
        !seen.trim_end().ends_with("]}"),
        "the whole answer was written ({} bytes)",
        seen.len()
    );
    // The server still answers others.
    let mut other = server.connect().await;
    other.write_all(CHEAP.as_bytes()).await.unwrap();
    assert!(read_answer(&mut other).await.starts_with("HTTP/1.1 200"));
    drop(other);
    server.stop().await;
}

/// A client reading slowly is not cut off by the write limit: the clock
/// runs only while no byte can be written.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_reading_slowly_gets_its_whole_answer() {
    let server = Server::start_with(
        ConnectionLimits {
            write: Duration::from_secs(3),
            ..generous()
        },
        Limits {
            time: Duration::from_secs(3600),
            values_range: 10_000_000,
            ..Limits::default()
        },
    )
    .await;
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut socket = socket.connect(server.addr).await.unwrap();
    socket
        .write_all(b"GET /api/values?game=kayles&to=2000000 HTTP/1.1\r\nHost: t\r\n\r\n")
        .await
        .unwrap();
    // Some 5 MB, more than the sockets' buffers hold, read a little at a
    // time for longer than the write limit, each pause far under it.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut seen = Vec::new();
    let mut buf = vec![0u8; 64 * 1024];
    let read = tokio::time::timeout(PATIENCE, async {
        loop {
            let text_done = seen.ends_with(b"]}");
            if text_done {
                return;
            }
            match socket.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => seen.extend_from_slice(&buf[..n]),
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await;
    assert!(read.is_ok(), "the answer did not end within {PATIENCE:?}");
    let text = String::from_utf8_lossy(&seen);
    assert!(
        text.starts_with("HTTP/1.1 200"),
        "{}",
        &text[..text.len().min(200)]
    );
    assert!(text.ends_with("]}"), "cut off after {} bytes", seen.len());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_half_closed_client_gets_its_answer() {
    let server = Server::start(generous()).await;
    let mut socket = server.connect().await;
    socket.write_all(CHEAP.as_bytes()).await.unwrap();
    socket.shutdown().await.unwrap();
    let answer = read_to_close(&mut socket).await.expect("an answer");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"value\":5"), "{answer}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_http_librarys_refusals_are_json() {
    let server = Server::start(generous()).await;
    let long_header = format!(
        "GET /api/games HTTP/1.1\r\nHost: t\r\nX-Long: {}\r\n\r\n",
        "a".repeat(70_000)
    );
    let long_line = format!(
        "GET /api/games?{} HTTP/1.1\r\nHost: t\r\n\r\n",
        "a".repeat(20_000)
    );
    let cases: [(&[u8], &str, &str); 5] = [
        (long_header.as_bytes(), "431", "headers_too_large"),
        (long_line.as_bytes(), "431", "headers_too_large"),
        (
            b"POST /api/verify HTTP/1.1\r\nHost: t\r\nContent-Length: ten\r\n\r\n",
            "400",
            "bad_request",
        ),
        (
            b"POST /api/verify HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
            "400",
            "bad_request",
        ),
        (b"\x16\x03\x01 not http\r\n\r\n", "400", "bad_request"),
    ];
    for (request, status, kind) in cases {
        let mut socket = server.connect().await;
        // The server may close before reading all of a long request.
        let _ = socket.write_all(request).await;
        let answer = read_to_close_or_answer(&mut socket).await;
        let shown = String::from_utf8_lossy(&request[..request.len().min(60)]);
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status}")),
            "{shown:?}: {answer}"
        );
        assert!(
            answer.contains("content-type: application/json"),
            "{shown:?}: {answer}"
        );
        let body = read_rest(&mut socket, answer).await;
        assert_eq!(json(&body)["error"], kind, "{shown:?}: {body}");
    }
    // A route's own 4xx is its own JSON, not taken for the library's.
    let mut socket = server.connect().await;
    socket
        .write_all(b"GET /nowhere HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let answer = read_to_close(&mut socket).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 404"), "{answer}");
    assert_eq!(json(&answer)["error"], "not_found", "{answer}");
    // A header under the limit is read as before.
    let mut socket = server.connect().await;
    let request = format!(
        "GET /api/games HTTP/1.1\r\nHost: t\r\nX-Long: {}\r\nConnection: close\r\n\r\n",
        "a".repeat(10_000)
    );
    socket.write_all(request.as_bytes()).await.unwrap();
    let answer = read_to_close(&mut socket).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    server.stop().await;
}

/// `seen` and the rest of the answer, up to its Content-Length.
async fn read_rest(socket: &mut TcpStream, seen: String) -> String {
    let mut seen = seen.into_bytes();
    let mut buf = [0u8; 4096];
    let _ = tokio::time::timeout(PATIENCE, async {
        loop {
            let text = String::from_utf8_lossy(&seen).into_owned();
            let done = text.split_once("\r\n\r\n").is_some_and(|(head, body)| {
                head.lines()
                    .find_map(|l| {
                        l.to_ascii_lowercase()
                            .strip_prefix("content-length: ")
                            .map(str::to_owned)
                    })
                    .and_then(|n| n.trim().parse::<usize>().ok())
                    .is_some_and(|n| body.len() >= n)
            });
            if done {
                return;
            }
            match socket.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => seen.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    String::from_utf8_lossy(&seen).into_owned()
}
