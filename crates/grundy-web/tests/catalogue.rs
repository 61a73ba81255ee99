//! The catalogue routes over a small survey run into a temporary file:
//! filters and pages agree with the catalogue read directly, bad
//! parameters are JSON 400s, a server without a catalogue answers 404
//! `no_catalogue`, and a stored certificate is one the solver verifies.

use std::collections::BTreeSet;
use std::sync::Arc;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{Request, StatusCode, header};
use grundy_service::{Question, Solver, Watch};
use grundy_survey::{Catalogue, Family, Options, run};
use grundy_web::{Limits, router, router_with_catalogue};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// Games surveyed to 400 heaps: proved ones (0.07, 0.77, 0.137, sub:1,2,3)
/// and ones not proved that far (0.16 among them); the test checks that
/// at least two statuses occur.
const GAMES: &[&str] = &[
    "0.07",
    "0.77",
    "0.137",
    "sub:1,2,3",
    "0.16",
    "0.165",
    "4.07",
    "0.106",
];

struct Fixture {
    _dir: tempfile::TempDir,
    catalogue: Arc<Catalogue>,
    app: Router,
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("small.sqlite");
    let family = Family::List(GAMES.iter().map(|g| g.to_string()).collect());
    let mut options = Options::new(400);
    options.jobs = 1;
    run(&path, &family, &options, &|_| {}).unwrap();
    let catalogue = Arc::new(Catalogue::open_read_only(&path).unwrap());
    let app = router_with_catalogue(
        Arc::new(Solver::default()),
        Limits::default(),
        Some(Arc::clone(&catalogue)),
    );
    Fixture {
        _dir: dir,
        catalogue,
        app,
    }
}

async fn get(app: &Router, uri: &str) -> (StatusCode, String, Bytes) {
    let response = app
        .clone()
        .oneshot(Request::get(uri).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let kind = response
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, kind, body)
}

async fn json(app: &Router, uri: &str) -> Value {
    let (status, kind, body) = get(app, uri).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "{uri}: {}",
        String::from_utf8_lossy(&body)
    );
    assert_eq!(kind, "application/json", "{uri}");
    serde_json::from_slice(&body).unwrap()
}

fn games(page: &Value) -> Vec<String> {
    page["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["game"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn filters_agree_with_the_catalogue() {
    let f = fixture();
    let all = f.catalogue.games().unwrap();
    assert_eq!(all.len(), GAMES.len());
    let page = json(&f.app, "/api/catalogue").await;
    assert_eq!(page["total"], all.len());
    assert_eq!(
        games(&page),
        all.iter().map(|r| r.game.clone()).collect::<Vec<_>>()
    );
    // The rows are `grundy survey show --format json`'s objects.
    let shown: Value = serde_json::from_str(&grundy_survey::show::render(
        &all,
        grundy_survey::show::Format::Json,
    ))
    .unwrap();
    assert_eq!(page["rows"], shown);
    for column in [
        "game",
        "status",
        "preperiod",
        "period",
        "saltus",
        "checked_to",
        "max_value",
    ] {
        assert!(page["rows"][0].get(column).is_some(), "no column {column}");
    }
    // Each status picks exactly the rows of that status, and together they
    // are all rows.
    let mut seen = 0;
    let mut statuses = BTreeSet::new();
    for status in ["proved", "observed", "none"] {
        let page = json(&f.app, &format!("/api/catalogue?status={status}")).await;
        let want: Vec<String> = all
            .iter()
            .filter(|r| r.status.as_str() == status)
            .map(|r| r.game.clone())
            .collect();
        assert_eq!(games(&page), want, "{status}");
        assert_eq!(page["total"], want.len());
        if !want.is_empty() {
            statuses.insert(status);
        }
        seen += want.len();
    }
    assert_eq!(seen, all.len());
    assert!(
        statuses.contains("proved"),
        "the fixture should hold a proved game"
    );
    assert!(
        statuses.len() >= 2,
        "the fixture should hold two statuses: {statuses:?}"
    );
    // Text: a substring of the spec, any case; empty picks all.
    let page = json(&f.app, "/api/catalogue?q=.07").await;
    let want: Vec<String> = all
        .iter()
        .filter(|r| r.game.contains(".07"))
        .map(|r| r.game.clone())
        .collect();
    assert!(!want.is_empty());
    assert_eq!(games(&page), want);
    assert_eq!(json(&f.app, "/api/catalogue?q=SUB").await["total"], 1);
    assert_eq!(json(&f.app, "/api/catalogue?q=").await["total"], all.len());
    assert_eq!(json(&f.app, "/api/catalogue?q=zzz").await["total"], 0);
    // Family: exactly the column; the list of families comes along.
    let family = all[0].family.clone();
    let page = json(&f.app, "/api/catalogue").await;
    assert_eq!(page["families"], serde_json::json!([family]));
    let encoded: String = family
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    assert_eq!(
        json(&f.app, &format!("/api/catalogue?family={encoded}")).await["total"],
        all.len()
    );
    assert_eq!(
        json(&f.app, "/api/catalogue?family=nothing").await["total"],
        0
    );
}

#[tokio::test]
async fn pages_cover_the_catalogue_once() {
    let f = fixture();
    let all: Vec<String> = f
        .catalogue
        .games()
        .unwrap()
        .into_iter()
        .map(|r| r.game)
        .collect();
    for limit in 1..=4 {
        let mut listed = Vec::new();
        let mut offset = 0;
        loop {
            let page = json(
                &f.app,
                &format!("/api/catalogue?offset={offset}&limit={limit}"),
            )
            .await;
            assert_eq!(page["total"], all.len());
            assert_eq!(page["limit"], limit);
            let rows = games(&page);
            assert!(rows.len() <= limit);
            if rows.is_empty() {
                break;
            }
            offset += rows.len();
            listed.extend(rows);
        }
        assert_eq!(listed, all, "limit {limit}");
    }
    let page = json(&f.app, "/api/catalogue?offset=18446744073709551615").await;
    assert_eq!(page["total"], all.len());
    assert_eq!(games(&page), Vec::<String>::new());
    assert_eq!(
        json(&f.app, "/api/catalogue?limit=500").await["total"],
        all.len()
    );
}

#[tokio::test]
async fn bad_parameters_are_json_400() {
    let f = fixture();
    for uri in [
        "/api/catalogue?status=periodic",
        "/api/catalogue?status=PROVED",
        "/api/catalogue?limit=0",
        "/api/catalogue?limit=501",
        "/api/catalogue?limit=-1",
        "/api/catalogue?offset=x",
        "/api/catalogue?offset=1&offset=2",
        "/api/catalogue?file=/etc/passwd",
        "/api/catalogue?db=other.sqlite",
    ] {
        let (status, kind, body) = get(&f.app, uri).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}");
        assert_eq!(kind, "application/json", "{uri}");
        let v: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(v["error"], "bad_query", "{uri}");
        assert!(!v["message"].as_str().unwrap().is_empty());
    }
    let long = "x".repeat(1001);
    let (status, _, body) = get(&f.app, &format!("/api/catalogue?q={long}")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        serde_json::from_slice::<Value>(&body).unwrap()["error"],
        "limit"
    );
    let (status, _, body) = get(&f.app, "/api/catalogue/0.9x/certificate").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        serde_json::from_slice::<Value>(&body).unwrap()["error"],
        "invalid_spec"
    );
}

#[tokio::test]
async fn without_a_catalogue_the_routes_are_404() {
    let app = router(Arc::new(Solver::default()), Limits::default());
    for uri in [
        "/api/catalogue",
        "/api/catalogue?status=proved",
        "/api/catalogue?status=bad",
        "/api/catalogue/0.07/certificate",
    ] {
        let (status, kind, body) = get(&app, uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(kind, "application/json");
        let v: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(v["error"], "no_catalogue", "{uri}");
    }
}

#[tokio::test]
async fn certificates_are_the_stored_ones_and_verify() {
    let f = fixture();
    let solver = Solver::default();
    let all = f.catalogue.games().unwrap();
    let mut proved = 0;
    for row in &all {
        let uri = format!("/api/catalogue/{}/certificate", row.game);
        let (status, kind, body) = get(&f.app, &uri).await;
        match &row.certificate {
            Some(text) => {
                proved += 1;
                assert_eq!(status, StatusCode::OK, "{uri}");
                assert_eq!(kind, "text/plain; charset=utf-8");
                let served = String::from_utf8(body.to_vec()).unwrap();
                assert_eq!(&served, text);
                let verified = solver
                    .answer(&Question::Verify { text: served }, &mut Watch::silent())
                    .unwrap();
                let report = serde_json::to_value(&verified).unwrap();
                assert_eq!(report["game"], row.game, "{report}");
            }
            None => {
                assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
                let v: Value = serde_json::from_slice(&body).unwrap();
                assert_eq!(v["error"], "no_certificate");
            }
        }
    }
    assert!(proved > 0);
    // An alias names the same game; a game not surveyed is 404.
    let (status, _, _) = get(&f.app, "/api/catalogue/dawson-kayles/certificate").await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, body) = get(&f.app, "/api/catalogue/0.44/certificate").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        serde_json::from_slice::<Value>(&body).unwrap()["error"],
        "not_found"
    );
    // A tampered certificate is refused by the same check.
    let text = all.iter().find_map(|r| r.certificate.clone()).unwrap();
    let tampered = text.replacen('1', "2", 1);
    if tampered != text {
        assert!(
            solver
                .answer(&Question::Verify { text: tampered }, &mut Watch::silent())
                .is_err()
        );
    }
}
