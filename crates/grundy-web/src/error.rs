//! Every error as JSON `{"error": KIND, "message": "…"}` with a 4xx status
//! (503/504 for the server's own limits), including the router's own
//! rejections.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use grundy_service::{Detail, Error, ErrorKind, GameKind, Quantity};
use serde::Serialize;

/// An error answered to a request: a status, a stable kind and a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The stable kind: `invalid_spec`, `invalid_input`, `bad_query`,
    /// `limit`, `too_large`, `corrupt`, `not_proved`, `busy`,
    /// `time_limit`, `not_found`, `method_not_allowed`, `body_too_large`, …
    pub kind: &'static str,
    /// What went wrong and how to fix it.
    pub message: String,
}

#[derive(Serialize)]
struct Body<'a> {
    error: &'a str,
    message: &'a str,
}

impl ApiError {
    /// An error with `status`, `kind` and `message`.
    pub fn new(status: StatusCode, kind: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            kind,
            message: message.into(),
        }
    }

    /// 400: a request the server cannot read.
    pub fn bad(kind: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, kind, message)
    }

    /// 422: a request past one of the server's per-request limits.
    pub fn limit(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "limit", message)
    }

    /// 503: too many heavy computations at once.
    pub fn busy() -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "the server is running as many heavy computations as it allows; try again in a moment",
        )
    }

    /// The JSON body, as the stream's `error` event carries it.
    pub fn json(&self) -> String {
        serde_json::to_string(&Body {
            error: self.kind,
            message: &self.message,
        })
        .unwrap_or_else(|_| r#"{"error":"internal","message":"unprintable error"}"#.to_string())
    }
}

impl From<Error> for ApiError {
    /// The solver's error, with what to ask instead where the question was
    /// of the wrong kind of game.
    fn from(e: Error) -> Self {
        let (status, kind) = match e.kind() {
            ErrorKind::InvalidSpec => (StatusCode::BAD_REQUEST, "invalid_spec"),
            ErrorKind::InvalidInput => (StatusCode::BAD_REQUEST, "invalid_input"),
            // The process's memory budget is held by other computations
            // now: asking again later may succeed.
            ErrorKind::TooLarge if matches!(e.detail(), Some(Detail::MemoryInUse { .. })) => {
                (StatusCode::SERVICE_UNAVAILABLE, "busy")
            }
            ErrorKind::TooLarge => (StatusCode::UNPROCESSABLE_ENTITY, "too_large"),
            ErrorKind::Overflow => (StatusCode::UNPROCESSABLE_ENTITY, "overflow"),
            ErrorKind::Corrupt => (StatusCode::UNPROCESSABLE_ENTITY, "corrupt"),
            ErrorKind::Interrupted => (StatusCode::SERVICE_UNAVAILABLE, "interrupted"),
            _ => (StatusCode::UNPROCESSABLE_ENTITY, "unanswerable"),
        };
        let advice = match e.detail() {
            Some(Detail::OutOfRange {
                quantity: Quantity::SearchLimit,
                ..
            }) => " (max=, within the server's limits)",
            Some(Detail::WrongGame {
                needs: GameKind::SumOfHeaps,
            }) => "; ask for its position, moves or P-positions",
            Some(Detail::WrongGame {
                needs: GameKind::Multiheap,
            }) => "; its P-positions are the positions of value 0",
            _ => "",
        };
        ApiError::new(status, kind, format!("{}{advice}", e.message()))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (
            self.status,
            [(header::CONTENT_TYPE, "application/json")],
            self.json(),
        )
            .into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}
