//! The web service of `grundy`: a JSON API over the solver layer, SVG plots
//! of value sequences, and an embedded page to explore and play every game.
//!
//! The service is a thin layer: each route reads its query into a
//! [`grundy_service::Question`], asks [`grundy_service::Solver::answer`] on
//! tokio's blocking pool, and answers the report's JSON, byte for byte the
//! command line's `--format json`. Around that it adds what a server needs:
//! per-request [`Limits`], a cap on heavy computations at once (503 with
//! `Retry-After` beyond it), a time limit, a body limit, computations that
//! stop when their client goes away, and errors that are always JSON; and
//! on the socket ([`serve_with`]), [`ConnectionLimits`]: read timeouts for
//! a request's head and body, an idle timeout, a write timeout, and a cap
//! on connections.
//!
//! ```
//! use std::sync::Arc;
//! use grundy_service::Solver;
//! use grundy_web::{Limits, router};
//! let app = router(Arc::new(Solver::default()), Limits::default());
//! # let _ = app;
//! ```
//!
//! The routes are listed in `API.md` beside this crate.

#![deny(missing_docs)]

mod api;
mod assets;
mod bare_answer;
mod bodies;
mod catalogue_api;
mod compute;
mod connection;
mod error;
mod limits;
pub mod plot;
mod server;
mod stream;

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use grundy_service::Solver;
use tower_http::catch_panic::CatchPanicLayer;

pub use api::{MAX_SPEC, SYNTAX};
pub use catalogue_api::MAX_CATALOGUE_PAGE;
pub use error::ApiError;
pub use limits::Limits;
pub use server::{ConnectionLimits, serve, serve_with};

/// The service's routes over `solver`, within `limits`.
pub fn router(solver: Arc<Solver>, limits: Limits) -> Router {
    router_with_catalogue(solver, limits, None)
}

/// The service's routes, and with `catalogue` (a survey's database,
/// opened read-only by the server's owner) the routes that list it:
/// `/api/catalogue` and `/api/catalogue/{game}/certificate`. Without one
/// they answer 404 `no_catalogue`.
///
/// ```
/// use std::sync::Arc;
/// use grundy_service::Solver;
/// use grundy_survey::{Catalogue, Family, Options, run};
/// use grundy_web::{Limits, router_with_catalogue};
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("c.sqlite");
/// run(&path, &Family::List(vec!["0.07".into()]), &Options::new(500), &|_| {})?;
/// let catalogue = Arc::new(Catalogue::open_read_only(&path)?);
/// let app = router_with_catalogue(Arc::new(Solver::default()), Limits::default(), Some(catalogue));
/// # let _ = app;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn router_with_catalogue(
    solver: Arc<Solver>,
    limits: Limits,
    catalogue: Option<Arc<grundy_survey::Catalogue>>,
) -> Router {
    let mut shared = compute::Shared::new(solver, limits);
    shared.catalogue = catalogue;
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::asset))
        .route("/api/games", get(api::games))
        .route("/api/game", get(api::game))
        .route("/api/values", get(api::values))
        .route("/api/period", get(api::period))
        .route("/api/certificate", get(api::certificate))
        .route("/api/verify", post(api::verify))
        .route("/api/count", get(api::count))
        .route("/api/position", get(api::position))
        .route("/api/moves", get(api::moves))
        .route("/api/board", get(api::board))
        .route("/api/ppositions", get(api::ppositions))
        .route("/api/analyze", get(api::analyze))
        .route("/api/misere", get(api::misere))
        .route("/api/plot.svg", get(api::plot))
        .route("/api/stream/{kind}", get(stream::stream))
        .route("/api/catalogue", get(catalogue_api::list))
        .route(
            "/api/catalogue/{game}/certificate",
            get(catalogue_api::certificate),
        )
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(limits.body_bytes))
        .layer(CatchPanicLayer::custom(panicked))
        .with_state(shared)
}

async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        format!("no route {}; the routes are listed in API.md", uri.path()),
    )
}

async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        format!(
            "{method} is not allowed on {}; POST is for /api/verify, GET for the rest",
            uri.path()
        ),
    )
}

fn panicked(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal",
        "the server failed on this request (a bug: please report the request)",
    )
    .into_response()
}
