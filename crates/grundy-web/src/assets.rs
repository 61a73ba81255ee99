//! The page's files, embedded in the binary, served with their content
//! types and an `ETag` so a browser revalidates instead of downloading
//! again.

use axum::extract::Path;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// An embedded file.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static str,
}

const ASSETS: &[Asset] = &[
    Asset {
        name: "index.html",
        content_type: "text/html; charset=utf-8",
        body: include_str!("../assets/index.html"),
    },
    Asset {
        name: "app.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../assets/app.js"),
    },
    Asset {
        name: "style.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("../assets/style.css"),
    },
];

/// A 64-bit FNV-1a hash of the file: the `ETag`.
fn etag(body: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in body.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("\"{h:016x}\"")
}

fn serve(name: &str, headers: &HeaderMap) -> Response {
    let Some(asset) = ASSETS.iter().find(|a| a.name == name) else {
        return ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("no asset named '{name}'"),
        )
        .into_response();
    };
    let tag = etag(asset.body);
    let cache = [
        (header::ETAG, tag.clone()),
        (header::CACHE_CONTROL, "no-cache".to_string()),
    ];
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag || t.trim() == "*"));
    if fresh {
        return (StatusCode::NOT_MODIFIED, cache).into_response();
    }
    (
        cache,
        [(header::CONTENT_TYPE, asset.content_type)],
        asset.body,
    )
        .into_response()
}

/// `GET /`.
pub(crate) async fn index(headers: HeaderMap) -> Response {
    serve("index.html", &headers)
}

/// `GET /assets/{name}`.
pub(crate) async fn asset(Path(name): Path<String>, headers: HeaderMap) -> Response {
    serve(&name, &headers)
}
