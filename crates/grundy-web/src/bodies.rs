//! The bodies the server wraps: a request's body must arrive within the
//! body time limit ([`TimedBody`]), and an answer's body ends its
//! request's time in flight when it is dropped ([`AnswerBody`]).

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::Bytes;
use http_body::{Body, Frame, SizeHint};
use tokio::time::Sleep;

use crate::connection::InFlight;

/// The error a request body gets when it is late; a route that reads the
/// body answers it as 400 `bad_body`, naming the limit.
#[derive(Debug)]
pub(crate) struct BodyTooSlow(Duration);

impl std::fmt::Display for BodyTooSlow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the request body did not arrive within {:?} of its headers; send it at once",
            self.0
        )
    }
}

impl std::error::Error for BodyTooSlow {}

/// A request's body that fails once `limit` has passed since its head was
/// read, however it trickles: the whole body has one deadline, not one a
/// chunk. What arrived in time is read first.
#[derive(Debug)]
pub(crate) struct TimedBody<B> {
    body: B,
    limit: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl<B> TimedBody<B> {
    /// `body`, due within `limit` from now.
    pub(crate) fn new(body: B, limit: Duration) -> Self {
        TimedBody {
            body,
            limit,
            deadline: Box::pin(tokio::time::sleep(limit)),
        }
    }
}

impl<B> Body for TimedBody<B>
where
    B: Body<Data = Bytes> + Unpin,
    B::Error: Into<axum::BoxError>,
{
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        if let Poll::Ready(frame) = Pin::new(&mut self.body).poll_frame(cx) {
            return Poll::Ready(frame.map(|f| f.map_err(Into::into)));
        }
        match self.deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Some(Err(Box::new(BodyTooSlow(self.limit))))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// An answer's body, which keeps its request in flight (no idle clock on
/// its connection) until it is written or abandoned.
#[derive(Debug)]
pub(crate) struct AnswerBody {
    body: axum::body::Body,
    _in_flight: InFlight,
}

impl AnswerBody {
    /// `body`, the answer of the request `in_flight`.
    pub(crate) fn new(body: axum::body::Body, in_flight: InFlight) -> Self {
        AnswerBody {
            body,
            _in_flight: in_flight,
        }
    }
}

impl Body for AnswerBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}
