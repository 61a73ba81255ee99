//! `GET /api/stream/{kind}`: the same questions as the plain routes, with
//! progress as server-sent events. Closing the connection drops the stream,
//! which stops the computation.

use std::convert::Infallible;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::Uri;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream};
use tokio::sync::{mpsc, oneshot};

use crate::api::question;
use crate::compute::{Progress, Shared, Stop, StopOnDrop, run};
use crate::error::ApiError;

/// The kinds that stream.
const STREAMED: &[&str] = &[
    "values",
    "period",
    "count",
    "analyze",
    "ppositions",
    "misere",
];

/// What the stream still has to send.
struct Pending {
    progress: Option<mpsc::Receiver<Progress>>,
    done: Option<oneshot::Receiver<Result<String, ApiError>>>,
    /// Dropped with the stream: the client went away.
    _stop: StopOnDrop,
}

/// `GET /api/stream/{kind}?…`.
pub(crate) async fn stream(
    State(shared): State<Shared>,
    Path(kind): Path<String>,
    uri: Uri,
) -> Result<Response, ApiError> {
    if !STREAMED.contains(&kind.as_str()) {
        return Err(ApiError::new(
            axum::http::StatusCode::NOT_FOUND,
            "not_found",
            format!(
                "no stream /api/stream/{}; streams are {}",
                grundy_service::quoted(&kind),
                STREAMED.join(", ")
            ),
        ));
    }
    let question = question(&kind, &uri, &shared.limits)?;
    Ok(Sse::new(events(shared, question))
        .keep_alive(KeepAlive::default())
        .into_response())
}

fn events(
    shared: Shared,
    question: grundy_service::Question,
) -> impl Stream<Item = Result<Event, Infallible>> {
    let (tx, rx) = mpsc::channel(16);
    let (done_tx, done_rx) = oneshot::channel();
    let stop = Arc::new(Stop::default());
    let pending = Pending {
        progress: Some(rx),
        done: Some(done_rx),
        _stop: StopOnDrop(Arc::clone(&stop)),
    };
    tokio::spawn(async move {
        let result = run(&shared, stop, Some(tx), move |solver, watch| {
            let answer = solver.answer(&question, watch)?;
            Ok(serde_json::to_string(&answer).unwrap_or_default())
        })
        .await;
        let _ = done_tx.send(result);
    });
    stream::unfold(pending, |mut pending| async move {
        if let Some(rx) = &mut pending.progress {
            if let Some(p) = rx.recv().await {
                let data = serde_json::to_string(&p).unwrap_or_default();
                return Some((Ok(Event::default().event("progress").data(data)), pending));
            }
            // The computation has ended: its sender is gone.
            pending.progress = None;
        }
        let done = pending.done.take()?;
        let event = match done.await {
            Ok(Ok(json)) => Event::default().event("result").data(json),
            Ok(Err(e)) => Event::default().event("error").data(e.json()),
            Err(_) => Event::default().event("error").data(
                r#"{"error":"internal","message":"the computation ended without an answer"}"#,
            ),
        };
        Some((Ok(event), pending))
    })
}
