//! The routes over a survey catalogue (`grundy serve --catalogue FILE`):
//! a filtered, paged list of its games and each proved game's stored
//! certificate. The file is chosen on the server's command line and opened
//! read-only; requests never name it.

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{StatusCode, Uri};
use axum::response::Response;
use grundy_service::Game;
use grundy_survey::{Catalogue, GameRow, Selection, Status};
use serde::{Deserialize, Serialize};

use crate::api::{MAX_SPEC, certificate_download, json_response, query};
use crate::compute::Shared;
use crate::error::ApiError;

/// The most rows one page of `/api/catalogue` may hold.
pub const MAX_CATALOGUE_PAGE: u64 = 500;

/// The rows of a page when `limit` is left out.
const DEFAULT_PAGE: u64 = 100;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListParams {
    status: Option<String>,
    family: Option<String>,
    q: Option<String>,
    #[serde(default, deserialize_with = "crate::api::whole_number")]
    offset: u64,
    #[serde(default, deserialize_with = "crate::api::some_whole_number")]
    limit: Option<u64>,
}

#[derive(Serialize)]
struct List<'a> {
    total: u64,
    offset: u64,
    limit: u64,
    families: Vec<String>,
    rows: &'a [GameRow],
}

fn no_catalogue() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no_catalogue",
        "this server has no survey catalogue; start it with `grundy serve --catalogue FILE.sqlite`",
    )
}

fn catalogue(shared: &Shared) -> Result<Arc<Catalogue>, ApiError> {
    shared.catalogue.clone().ok_or_else(no_catalogue)
}

fn text(name: &str, value: Option<String>) -> Result<Option<String>, ApiError> {
    match value {
        Some(v) if v.len() > MAX_SPEC => Err(ApiError::limit(format!(
            "{name}: {} bytes is longer than the {MAX_SPEC} allowed",
            v.len()
        ))),
        v => Ok(v.filter(|v| !v.is_empty())),
    }
}

/// Reads the catalogue on the blocking pool (SQLite blocks).
async fn read<T: Send + 'static>(
    catalogue: Arc<Catalogue>,
    f: impl FnOnce(&Catalogue) -> grundy_survey::Result<T> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(move || f(&catalogue))
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                "the catalogue's reader failed (a bug: please report the request)",
            )
        })?
        .map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "catalogue_unreadable",
                e.to_string(),
            )
        })
}

/// `GET /api/catalogue`: one page of the catalogue's games.
pub(crate) async fn list(State(shared): State<Shared>, uri: Uri) -> Result<Response, ApiError> {
    let catalogue = catalogue(&shared)?;
    let p: ListParams = query(&uri)?;
    let status = match p.status.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some(word) => Some(Status::parse(word).ok_or_else(|| {
            ApiError::bad(
                "bad_query",
                format!("status: '{word}' is not a status; give proved, observed or none"),
            )
        })?),
    };
    let limit = p.limit.unwrap_or(DEFAULT_PAGE);
    if limit == 0 || limit > MAX_CATALOGUE_PAGE {
        return Err(ApiError::bad(
            "bad_query",
            format!("limit: {limit} rows is not a page; give 1 to {MAX_CATALOGUE_PAGE}"),
        ));
    }
    let selection = Selection {
        status,
        family: text("family", p.family)?,
        text: text("q", p.q)?,
        offset: p.offset,
        limit,
    };
    let (page, families) = read(catalogue, move |c| {
        Ok((c.select(&selection)?, c.families()?))
    })
    .await?;
    Ok(json_response(
        serde_json::to_string(&List {
            total: page.total,
            offset: p.offset,
            limit,
            families,
            rows: &page.rows,
        })
        .unwrap_or_default(),
    ))
}

/// `GET /api/catalogue/{game}/certificate`: the stored certificate's text.
pub(crate) async fn certificate(
    State(shared): State<Shared>,
    game: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let catalogue = catalogue(&shared)?;
    let Path(game) = game.map_err(|e| ApiError::bad("bad_query", e.body_text()))?;
    if game.len() > MAX_SPEC {
        return Err(ApiError::limit(format!(
            "a game spec of {} bytes is longer than the {MAX_SPEC} allowed",
            game.len()
        )));
    }
    let name = game
        .parse::<Game>()?
        .sum_of_heaps("a catalogue's certificate")?
        .to_string();
    let key = name.clone();
    let row = read(catalogue, move |c| c.game(&key)).await?;
    let row = row.ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("{name} is not in the catalogue; /api/catalogue lists its games"),
        )
    })?;
    let Some(text) = row.certificate else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "no_certificate",
            format!(
                "{name} has no certificate in the catalogue: its status is {} (checked to heap {}); only a proved period has one",
                row.status, row.checked_to
            ),
        ));
    };
    Ok(certificate_download(&name, text))
}
