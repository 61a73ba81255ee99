//! The HTTP library's own refusals, written as the API's JSON errors.
//!
//! hyper answers a request it cannot parse itself, before any route sees
//! it: 400 (not HTTP, a malformed header, a bad `Content-Length`), 414 (a
//! request line past its limit) or 431 (headers past the server's limit),
//! each with an empty body, and then closes the connection (what it writes
//! after the refusal, if anything, is dropped). The socket's
//! writer ([`crate::connection::Tracked`]) recognises such an answer (a
//! 4xx head with `content-length: 0` and no content type, written while no
//! request is being answered: every route answers with a content type)
//! and writes this one in its place: the same status, and the JSON body
//! every other error has.

use axum::http::StatusCode;

use crate::error::ApiError;

/// A refusal of the HTTP library, replaced, and how much of it is written.
#[derive(Debug)]
pub(crate) struct BareAnswer {
    bytes: Vec<u8>,
    written: usize,
}

impl BareAnswer {
    /// The JSON refusal replacing `head`, when `head` is the start of one
    /// of the library's bodiless refusals; `header_bytes` is the server's
    /// limit on a request's head, which a 431 names.
    pub(crate) fn replacing(head: &[u8], header_bytes: usize) -> Option<BareAnswer> {
        let text = std::str::from_utf8(head.get(..head.len().min(512))?).ok()?;
        let status_line = text.split("\r\n").next()?;
        let code = status_line
            .strip_prefix("HTTP/1.1 ")
            .or_else(|| status_line.strip_prefix("HTTP/1.0 "))?
            .get(..3)?;
        let status = StatusCode::from_bytes(code.as_bytes()).ok()?;
        let lower = text.to_ascii_lowercase();
        if !status.is_client_error()
            || !lower.contains("\r\ncontent-length: 0\r\n")
            || lower.contains("\r\ncontent-type:")
        {
            return None;
        }
        let error = refusal(status, header_bytes);
        let body = error.json();
        let bytes = format!(
            "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
             connection: close\r\n\r\n{body}",
            status.as_u16(),
            status.canonical_reason().unwrap_or(""),
            body.len(),
        )
        .into_bytes();
        Some(BareAnswer { bytes, written: 0 })
    }

    /// What is left to write.
    pub(crate) fn unwritten(&self) -> Option<&[u8]> {
        self.bytes
            .get(self.written..)
            .filter(|rest| !rest.is_empty())
    }

    /// `n` more bytes were written.
    pub(crate) fn wrote(&mut self, n: usize) {
        self.written = (self.written + n).min(self.bytes.len());
    }
}

/// The error answered for `status`, refused by the HTTP library.
fn refusal(status: StatusCode, header_bytes: usize) -> ApiError {
    match status {
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => ApiError::new(
            status,
            "headers_too_large",
            format!(
                "the request line and headers are longer than the {header_bytes} bytes the \
                 server reads (or more than 100 headers); send a shorter request"
            ),
        ),
        StatusCode::URI_TOO_LONG => ApiError::new(
            status,
            "uri_too_long",
            "the request line is longer than the server reads; send a shorter request",
        ),
        _ => ApiError::new(
            status,
            "bad_request",
            "the request is not HTTP/1.1 the server can read (a malformed request line or \
             header, or a Content-Length that is not one decimal number)",
        ),
    }
}
