//! The web service called in-process (and once over real TCP): bad
//! requests answer JSON 4xx, good ones answer the solver's JSON, moves
//! agree with a brute-force judge, streams stop when dropped.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use grundy_service::Ruleset;
use grundy_service::SubsetGame;
use grundy_service::{Accountant, Budget, Config, Question, Solver, Watch};
use grundy_web::{Limits, router};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// The server's limits with a time limit no busy machine reaches: a test
/// may not depend on how fast the machine is (issue 38, C15: on a loaded
/// 2-core machine a misère question passed the 10 s default and got 504).
/// The time limit itself is tested with a short one of its own
/// (`past_the_time_limit_a_request_is_stopped`).
fn patient() -> Limits {
    Limits {
        time: Duration::from_secs(3600),
        ..Limits::default()
    }
}

fn app() -> Router {
    router(Arc::new(Solver::default()), patient())
}

async fn send(app: &Router, request: Request<Body>) -> (StatusCode, HeaderMap, Bytes) {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, headers, body)
}

async fn get(app: &Router, uri: &str) -> (StatusCode, HeaderMap, Bytes) {
    send(app, Request::get(uri).body(Body::empty()).unwrap()).await
}

/// A request, the status it must get, and the error kind its JSON names.
struct Bad {
    method: Method,
    uri: String,
    body: Vec<u8>,
    status: u16,
    kind: &'static str,
}

fn bad(uri: &str, status: u16, kind: &'static str) -> Bad {
    Bad {
        method: Method::GET,
        uri: uri.to_string(),
        body: Vec::new(),
        status,
        kind,
    }
}

fn bad_with(method: Method, uri: &str, body: Vec<u8>, status: u16, kind: &'static str) -> Bad {
    Bad {
        method,
        uri: uri.to_string(),
        body,
        status,
        kind,
    }
}

#[tokio::test]
async fn every_bad_request_is_a_json_4xx() {
    let long_spec = format!("sub:{}", vec!["1"; 2000].join(","));
    let many_heaps = vec!["1"; 65].join(",");
    let table = vec![
        // Malformed specs.
        bad("/api/values?game=0.9x&to=10", 400, "invalid_spec"),
        bad("/api/values?game=&to=10", 400, "invalid_spec"),
        bad("/api/period?game=sub:", 400, "invalid_spec"),
        bad("/api/game?spec=subsets:9:all", 400, "invalid_spec"),
        bad("/api/game?spec=%E2%98%83", 400, "invalid_spec"),
        bad(&format!("/api/period?game={long_spec}"), 422, "limit"),
        // Path-like strings as a game.
        bad(
            "/api/values?game=../../etc/passwd&to=5",
            400,
            "invalid_spec",
        ),
        bad("/api/period?game=%2Fetc%2Fpasswd", 400, "invalid_spec"),
        // Boards: malformed, past the solver's size, a heap game, a family.
        bad("/api/board?game=cram:3y4", 400, "invalid_spec"),
        bad("/api/board?game=cram:100x100", 400, "invalid_input"),
        bad("/api/board?game=kayles", 400, "invalid_input"),
        bad("/api/board?game=cram:3xn", 400, "invalid_input"),
        bad(
            "/api/board?game=node-kayles:edges:0-0",
            400,
            "invalid_input",
        ),
        bad("/api/board?game=cram:2x2&play=both", 400, "bad_query"),
        bad("/api/board?game=cram:2x2&heaps=1", 400, "bad_query"),
        bad("/api/certificate?game=..%2F..%2Froot", 400, "invalid_spec"),
        // Missing, negative, non-numeric and overflowing numbers.
        bad("/api/values?game=kayles", 400, "bad_query"),
        bad("/api/values?game=kayles&to=-1", 400, "bad_query"),
        bad("/api/values?game=kayles&to=ten", 400, "bad_query"),
        bad("/api/values?game=kayles&to=1e3", 400, "bad_query"),
        bad(
            "/api/values?game=kayles&to=99999999999999999999999",
            400,
            "bad_query",
        ),
        bad("/api/count?game=kayles&to=5&heaps=-2", 400, "bad_query"),
        bad("/api/position?game=kayles&heaps=3,-5", 400, "bad_query"),
        bad("/api/position?game=kayles&heaps=3,,5", 400, "bad_query"),
        bad("/api/position?game=kayles&heaps=a", 400, "bad_query"),
        bad("/api/values?game=kayles&to=5&bogus=1", 400, "bad_query"),
        bad("/api/values?game=kayles&to=5&to=6", 400, "bad_query"),
        bad("/api/values?%zz", 400, "bad_query"),
        // Huge ranges and limits.
        bad("/api/values?game=kayles&to=100000000", 422, "limit"),
        bad(
            "/api/position?game=kayles&heaps=3&play=lose",
            400,
            "bad_query",
        ),
        bad(
            "/api/position?game=kayles&heaps=3&play=misere&max=100",
            400,
            "bad_query",
        ),
        bad(
            "/api/position?game=wythoff&heaps=3,4&play=misere",
            400,
            "invalid_input",
        ),
        bad(
            "/api/moves?game=kayles&heaps=100001&play=misere",
            400,
            "invalid_input",
        ),
        bad("/api/values?game=kayles&from=10&to=5", 400, "invalid_input"),
        // Misère quotients: past the server's bound, of a game that is no
        // sum of heaps, of every heap where no theorem applies.
        bad("/api/misere?game=kayles&max_heap=101", 422, "limit"),
        bad("/api/misere?game=kayles&max_heap=ten", 400, "bad_query"),
        bad("/api/misere?game=kayles&max=10", 400, "bad_query"),
        bad("/api/misere?game=wythoff&max_heap=5", 400, "invalid_input"),
        bad("/api/misere?game=nim", 400, "invalid_input"),
        bad(
            "/api/plot.svg?game=kayles&to=18446744073709551615",
            422,
            "limit",
        ),
        bad(
            &format!("/api/position?game=kayles&heaps={many_heaps}"),
            422,
            "limit",
        ),
        bad(
            "/api/moves?game=nim&heaps=18446744073709551615",
            400,
            "invalid_input",
        ),
        bad(
            "/api/moves?game=kayles&heaps=3&limit=100000000",
            422,
            "limit",
        ),
        bad("/api/count?game=kayles&to=10000000&heaps=3", 422, "limit"),
        bad("/api/ppositions?game=stone&to=1000000", 422, "limit"),
        bad("/api/analyze?game=kayles&to=100000000", 422, "limit"),
        bad(
            "/api/period?game=kayles&max=18446744073709551615",
            422,
            "limit",
        ),
        bad("/api/count?game=0.07&to=5&heaps=99", 400, "invalid_input"),
        bad(
            "/api/count?game=grundy&to=18446744073709551615",
            422,
            "too_large",
        ),
        // Games of the wrong kind, positions of the wrong size.
        bad("/api/values?game=wythoff&to=5", 400, "invalid_input"),
        bad("/api/ppositions?game=kayles&to=5", 400, "invalid_input"),
        bad("/api/moves?game=stone&heaps=1,2", 400, "invalid_input"),
        bad(
            "/api/position?game=wythoff&heaps=1,2,3",
            400,
            "invalid_input",
        ),
        // Certificates: none for an unproved period, bad ones refused.
        bad("/api/certificate?game=grundy&max=100", 422, "not_proved"),
        bad_with(
            Method::POST,
            "/api/verify",
            b"not a certificate".to_vec(),
            422,
            "corrupt",
        ),
        bad_with(Method::POST, "/api/verify", Vec::new(), 422, "corrupt"),
        bad_with(
            Method::POST,
            "/api/verify",
            vec![0xff, 0xfe, 0x00],
            400,
            "bad_body",
        ),
        bad_with(
            Method::POST,
            "/api/verify",
            vec![b'x'; 10 << 20],
            413,
            "body_too_large",
        ),
        // Unknown routes and wrong methods.
        bad("/api/nope", 404, "not_found"),
        bad("/etc/passwd", 404, "not_found"),
        bad("/assets/../Cargo.toml", 404, "not_found"),
        bad("/assets/secret.txt", 404, "not_found"),
        bad("/api/stream/verify?text=x", 404, "not_found"),
        bad("/api/stream/position?game=kayles&heaps=1", 404, "not_found"),
        bad("/api/verify", 405, "method_not_allowed"),
        bad_with(
            Method::POST,
            "/api/values?game=kayles&to=5",
            Vec::new(),
            405,
            "method_not_allowed",
        ),
        bad_with(Method::DELETE, "/", Vec::new(), 405, "method_not_allowed"),
    ];
    assert!(table.len() >= 25);
    let app = app();
    for case in table {
        let request = Request::builder()
            .method(case.method.clone())
            .uri(&case.uri)
            .body(Body::from(case.body))
            .unwrap();
        let (status, headers, body) = send(&app, request).await;
        let what = format!("{} {}", case.method, &case.uri[..case.uri.len().min(120)]);
        assert_eq!(
            status.as_u16(),
            case.status,
            "{what}: {}",
            String::from_utf8_lossy(&body)
        );
        assert_eq!(
            headers.get(header::CONTENT_TYPE).unwrap(),
            "application/json",
            "{what}"
        );
        let json: serde_json::Value = serde_json::from_slice(&body).unwrap_or_else(|e| {
            panic!("{what}: not JSON ({e}): {}", String::from_utf8_lossy(&body))
        });
        assert_eq!(json["error"], case.kind, "{what}: {json}");
        assert!(
            json["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{what}: {json}"
        );
        assert_eq!(json.as_object().unwrap().len(), 2, "{what}: {json}");
    }
}

/// W6 (issue 38): a number is decimal digits only (`-1`, `+5`, ` 5` are
/// refused with a sentence, not serde's "invalid digit found in string"),
/// and an error quotes at most a few dozen characters of its input: a
/// 60 KB query gave a 120 KB body.
#[tokio::test]
async fn bad_numbers_are_named_and_long_input_is_not_echoed() {
    let app = app();
    for (uri, says) in [
        (
            "/api/values?game=kayles&to=-1",
            "'-1' is not a whole number",
        ),
        (
            "/api/values?game=kayles&to=%2B5",
            "'+5' is not a whole number",
        ),
        (
            "/api/values?game=kayles&to=%205",
            "' 5' is not a whole number",
        ),
        (
            "/api/count?game=kayles&to=1e9",
            "'1e9' is not a whole number",
        ),
        (
            "/api/values?game=kayles&to=5&max=0x10",
            "'0x10' is not a whole number",
        ),
    ] {
        let (status, _, body) = get(&app, uri).await;
        let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {json}");
        assert_eq!(json["error"], "bad_query", "{uri}");
        let message = json["message"].as_str().unwrap();
        assert!(message.contains(says), "{uri}: {message}");
        assert!(!message.contains("invalid digit"), "{uri}: {message}");
    }
    let long = |c: &str| c.repeat(60_000);
    for uri in [
        format!("/api/position?game=kayles&heaps={}", long("a")),
        format!("/api/position?game=kayles&heaps=1&play={}", long("m")),
        format!("/api/values?game=kayles&to=5&{}=1", long("z")),
        format!("/api/values?game=kayles&to={}", long("9")),
        format!("/api/values?game=kayles&to={}", long("-")),
    ] {
        let (status, _, body) = get(&app, &uri).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{}", &uri[..80]);
        assert!(
            body.len() < 400,
            "{} bytes: {}",
            body.len(),
            String::from_utf8_lossy(&body)
        );
        let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert!(
            json["message"]
                .as_str()
                .unwrap()
                .contains("(60000 characters)"),
            "{json}"
        );
    }
}

/// The law: a route answers exactly the JSON of `Solver::answer` for the
/// same question.
#[tokio::test]
async fn good_requests_answer_the_solvers_json() {
    let solver = Solver::default();
    let q = |json: &str| -> Question { serde_json::from_str(json).unwrap() };
    let cases = [
        (
            "/api/values?game=kayles&to=40",
            q(r#"{"values":{"game":"kayles","to":40}}"#),
        ),
        (
            "/api/values?game=0.07&from=1000000000000&to=1000000000020",
            q(r#"{"values":{"game":"0.07","from":1000000000000,"to":1000000000020}}"#),
        ),
        ("/api/period?game=0.07", q(r#"{"period":{"game":"0.07"}}"#)),
        (
            "/api/period?game=grundy&max=500",
            q(r#"{"period":{"game":"grundy","max":500}}"#),
        ),
        (
            "/api/count?game=paper-strip&to=50",
            q(r#"{"count":{"game":"paper-strip","to":50}}"#),
        ),
        (
            "/api/count?game=sub:squares&to=29&heaps=3",
            q(r#"{"count":{"game":"sub:squares","to":29,"heaps":3}}"#),
        ),
        (
            "/api/position?game=grundy&heaps=5,10,20",
            q(r#"{"position":{"game":"grundy","heaps":[5,10,20]}}"#),
        ),
        (
            "/api/position?game=stone&heaps=3,5,7",
            q(r#"{"position":{"game":"stone","heaps":[3,5,7]}}"#),
        ),
        (
            "/api/moves?game=kayles&heaps=3,5,7&limit=7",
            q(r#"{"moves":{"game":"kayles","heaps":[3,5,7],"limit":7}}"#),
        ),
        (
            "/api/moves?game=wythoff&heaps=4,7",
            q(r#"{"moves":{"game":"wythoff","heaps":[4,7],"limit":10000}}"#),
        ),
        (
            "/api/ppositions?game=stone&to=100",
            q(r#"{"p_positions":{"game":"stone","to":100}}"#),
        ),
        (
            "/api/analyze?game=kayles&to=30",
            q(r#"{"analyze":{"game":"kayles","to":30}}"#),
        ),
        (
            "/api/position?game=kayles&heaps=5,60000&play=misere",
            q(r#"{"misere_position":{"game":"kayles","heaps":[5,60000],"limit":10000}}"#),
        ),
        (
            "/api/moves?game=nim&heaps=1,1,3&play=misere&limit=5",
            q(r#"{"misere_position":{"game":"nim","heaps":[1,1,3],"limit":5}}"#),
        ),
        (
            "/api/misere?game=0.75&max_heap=21",
            q(r#"{"misere_quotient":{"game":"0.75","max_heap":21}}"#),
        ),
        (
            "/api/misere?game=0.75",
            q(r#"{"misere_quotient":{"game":"0.75"}}"#),
        ),
        (
            "/api/position?game=nim&heaps=1,1,3&play=normal",
            q(r#"{"position":{"game":"nim","heaps":[1,1,3]}}"#),
        ),
    ];
    let app = app();
    for (uri, question) in cases {
        let (status, headers, body) = get(&app, uri).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "{uri}: {}",
            String::from_utf8_lossy(&body)
        );
        assert_eq!(
            headers.get(header::CONTENT_TYPE).unwrap(),
            "application/json"
        );
        let want = serde_json::to_string(&solver.answer(&question, &mut Watch::silent()).unwrap())
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&body), want, "{uri}");
    }
}

/// W5: the values and the plot of 0.07 to 10^5 and past come from its
/// proved period: the solver computes a few hundred values, not every
/// value at a cost quadratic in the heap (9 s for these 10^5).
#[tokio::test]
async fn values_and_plots_of_a_proved_period_come_from_the_period() {
    let solver = Arc::new(Solver::default());
    let app = router(Arc::clone(&solver), patient());
    for uri in [
        "/api/values?game=0.07&from=0&to=99999",
        "/api/plot.svg?game=0.07&from=0&to=9999999",
        "/api/count?game=0.07&to=1000000000000",
    ] {
        let (status, _, body) = get(&app, uri).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "{uri}: {}",
            String::from_utf8_lossy(&body)
        );
    }
    let strip: grundy_service::Game = "0.07".parse().unwrap();
    let computed = solver
        .values(&strip, 0, &mut Watch::silent())
        .unwrap()
        .len();
    assert!(computed < 1_000, "{computed} values computed");
}

/// C6 (issue 38): 0.8f's arithmetic period (7, saltus 4, from heap 7) is
/// proved by the mirror theorem, so a million values come from it (with the
/// range allowed to reach them), as do a winning move and a count far out.
/// The last value is checked against the first 14 continued by the pattern.
#[tokio::test]
async fn values_of_an_arithmetic_period_come_from_the_period() {
    let app = router(
        Arc::new(Solver::default()),
        Limits {
            values_range: 1_000_000,
            ..patient()
        },
    );
    let (status, _, body) = get(&app, "/api/values?game=0.8f&from=0&to=13").await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&body));
    let first: serde_json::Value = serde_json::from_slice(&body).unwrap();
    let first: Vec<u64> = first["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let g = |n: u64| first[(7 + (n - 7) % 7) as usize] + 4 * ((n - 7) / 7);
    let (status, _, body) = get(&app, "/api/values?game=0.8f&from=0&to=999999").await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&body));
    let all: serde_json::Value = serde_json::from_slice(&body).unwrap();
    let all = all["values"].as_array().unwrap();
    assert_eq!(all.len(), 1_000_000);
    assert_eq!(all[999_999].as_u64(), Some(g(999_999)));
    for uri in [
        "/api/position?game=0.8f&heaps=1000000",
        "/api/count?game=0.8f&to=1000000000",
    ] {
        let (status, _, body) = get(&app, uri).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "{uri}: {}",
            String::from_utf8_lossy(&body)
        );
    }
}

#[tokio::test]
async fn a_certificate_downloads_and_verifies() {
    let app = app();
    let (status, headers, body) = get(&app, "/api/certificate?game=0.16").await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&body));
    assert_eq!(
        headers.get(header::CONTENT_DISPOSITION).unwrap(),
        "attachment; filename=\"0.16.cert\""
    );
    let (status, _, verified) = send(
        &app,
        Request::post("/api/verify")
            .body(Body::from(body.clone()))
            .unwrap(),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::OK,
        "{}",
        String::from_utf8_lossy(&verified)
    );
    let want = grundy_service::Solver::default()
        .verify(std::str::from_utf8(&body).unwrap())
        .unwrap();
    assert_eq!(verified, serde_json::to_string(&want).unwrap());
    // Truncated: refused, naming why.
    let cut = body.slice(..body.len() / 2);
    let (status, _, err) = send(
        &app,
        Request::post("/api/verify").body(Body::from(cut)).unwrap(),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        String::from_utf8_lossy(&err)
    );
}

#[tokio::test]
async fn games_assets_and_plots() {
    let app = app();
    let (status, _, body) = get(&app, "/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let games: serde_json::Value = serde_json::from_slice(&body).unwrap();
    let list = games["games"].as_array().unwrap();
    assert!(
        list.iter()
            .any(|g| g["spec"] == "0.77" && g["kind"] == "heap")
    );
    assert!(
        list.iter()
            .any(|g| g["spec"] == "wythoff" && g["kind"] == "multiheap")
    );
    assert!(games["syntax"].as_str().unwrap().contains("sub:"));

    let (status, _, body) = get(&app, "/api/game?spec=dawson-kayles").await;
    assert_eq!(status, StatusCode::OK);
    let game: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(game["game"], "0.07");
    assert_eq!(game["kind"], "heap");

    // The page names its icon (an empty one), so that a browser does not
    // ask for /favicon.ico and get a 404 on every load (issue 38).
    let (_, _, page) = get(&app, "/").await;
    assert!(String::from_utf8_lossy(&page).contains(r#"<link rel="icon" href="data:,">"#));

    for (uri, kind) in [
        ("/", "text/html; charset=utf-8"),
        ("/assets/app.js", "text/javascript; charset=utf-8"),
        ("/assets/style.css", "text/css; charset=utf-8"),
    ] {
        let (status, headers, _) = get(&app, uri).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(headers.get(header::CONTENT_TYPE).unwrap(), kind);
        let tag = headers.get(header::ETAG).unwrap().clone();
        let again = Request::get(uri)
            .header(header::IF_NONE_MATCH, tag)
            .body(Body::empty())
            .unwrap();
        let (status, _, body) = send(&app, again).await;
        assert_eq!(status, StatusCode::NOT_MODIFIED);
        assert!(body.is_empty());
    }

    let (status, headers, body) = get(&app, "/api/plot.svg?game=kayles&from=10&to=500").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers.get(header::CONTENT_TYPE).unwrap(), "image/svg+xml");
    let svg = String::from_utf8(body.to_vec()).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("G(n) of 0.77, n = 10..500"));
    assert!(!svg.contains("href"), "no external resources");
}

/// Who wins `heaps` of a heap game, by brute force over the rules: a
/// position is lost when every move leads to a won position.
fn lost(game: &Ruleset, heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut result = true;
    'moves: for (i, &h) in key.iter().enumerate() {
        for option in game.options(h) {
            let mut after = key.clone();
            after.remove(i);
            after.extend_from_slice(&option.parts);
            if lost(game, &after, memo) {
                result = false;
                break 'moves;
            }
        }
    }
    memo.insert(key, result);
    result
}

fn lost_multiheap(game: &SubsetGame, heaps: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let result = game
        .moves(&key)
        .iter()
        .all(|m| !lost_multiheap(game, &m.apply(&key), memo));
    memo.insert(key, result);
    result
}

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

#[tokio::test]
async fn every_listed_move_is_judged_as_brute_force_judges_it() {
    let app = app();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for spec in ["kayles", "grundy", "sub:1,2,3", "0.07", "nim"] {
        let game: Ruleset = spec.parse().unwrap();
        let mut memo = HashMap::new();
        for _ in 0..12 {
            let count = 1 + rng.below(3) as usize;
            let heaps: Vec<u64> = (0..count).map(|_| rng.below(11)).collect();
            let text: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
            let uri = format!("/api/moves?game={spec}&heaps={}", text.join(","));
            let (status, _, body) = get(&app, &uri).await;
            assert_eq!(status, StatusCode::OK, "{uri}");
            let r: serde_json::Value = serde_json::from_slice(&body).unwrap();
            let moves = r["moves"].as_array().unwrap();
            let all: usize = heaps.iter().map(|&h| game.options(h).len()).sum();
            assert_eq!(moves.len(), all, "{uri}: every move is listed");
            assert_eq!(r["truncated"], false);
            assert_eq!(r["winning"], !lost(&game, &heaps, &mut memo), "{uri}");
            let mut seen_losing = false;
            for m in moves {
                let after: Vec<u64> = serde_json::from_value(m["position"].clone()).unwrap();
                let winning = lost(&game, &after, &mut memo);
                assert_eq!(m["winning"], winning, "{uri}: {m}");
                assert_eq!(m["value"] == 0, winning, "{uri}: {m}");
                assert!(!(winning && seen_losing), "{uri}: winning moves first");
                seen_losing |= !winning;
                let i = m["heap"].as_u64().unwrap() as usize;
                assert_eq!(m["from"], heaps[i]);
            }
        }
    }
    for (spec, game, k) in [
        ("wythoff", SubsetGame::wythoff(), 2),
        ("stone", SubsetGame::stone(), 3),
    ] {
        let mut memo = HashMap::new();
        for _ in 0..12 {
            let heaps: Vec<u32> = (0..k).map(|_| rng.below(9) as u32).collect();
            let text: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
            let uri = format!("/api/moves?game={spec}&heaps={}", text.join(","));
            let (status, _, body) = get(&app, &uri).await;
            assert_eq!(status, StatusCode::OK, "{uri}");
            let r: serde_json::Value = serde_json::from_slice(&body).unwrap();
            assert!(r["value"].is_null());
            let moves = r["moves"].as_array().unwrap();
            assert_eq!(moves.len(), game.moves(&heaps).len(), "{uri}");
            assert_eq!(
                r["winning"],
                !lost_multiheap(&game, &heaps, &mut memo),
                "{uri}"
            );
            for m in moves {
                assert!(m["heap"].is_null());
                let after: Vec<u32> = serde_json::from_value(m["position"].clone()).unwrap();
                assert_eq!(
                    m["winning"],
                    lost_multiheap(&game, &after, &mut memo),
                    "{uri}: {m}"
                );
            }
        }
    }
}

/// A computation of Grundy's game long enough to be stopped: every value
/// up to 10^8.
const LONG: &str = "/api/stream/count?game=grundy&to=100000000";

/// Reads frames of `body` until one holds `needle`.
async fn read_until(body: &mut Body, needle: &str) -> String {
    let mut seen = String::new();
    while !seen.contains(needle) {
        let frame = tokio::time::timeout(Duration::from_secs(20), body.frame())
            .await
            .expect("an event within 20 s")
            .expect("the stream goes on")
            .unwrap();
        if let Ok(data) = frame.into_data() {
            seen.push_str(&String::from_utf8_lossy(&data));
        }
    }
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_stops_when_its_client_goes_away() {
    // Patient: under load the default time limit stopped the stream before
    // the question below, which was then answered (200, not 503).
    let solver = Arc::new(Solver::default());
    let app = router(Arc::clone(&solver), patient());
    let response = app
        .clone()
        .oneshot(Request::get(LONG).body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers().get(header::CONTENT_TYPE).unwrap(),
        "text/event-stream"
    );
    let mut body = response.into_body();
    let seen = read_until(&mut body, "event: progress").await;
    assert!(seen.contains("\"what\":"), "{seen}");
    // Once the values to 10^8 are being computed (after a short period
    // search), a plain question on the same game does not queue behind
    // the computation: it is answered 503 while the stream still computes
    // (a progress event after the answer shows it), not once the 10^8
    // values are done. No clock is read: how fast "at once" is depends on
    // the machine (issue 38, C15).
    read_until(&mut body, "\"what\":\"values\"").await;
    let (status, headers, err) = tokio::time::timeout(
        Duration::from_secs(120),
        get(&app, "/api/values?game=grundy&to=10"),
    )
    .await
    .expect("an answer while the stream computes");
    assert_eq!(
        status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        String::from_utf8_lossy(&err)
    );
    assert!(headers.contains_key(header::RETRY_AFTER));
    let after = read_until(&mut body, "event: progress").await;
    assert!(!after.contains("event: result"), "{after}");
    drop(body);
    // The computation held Grundy's game; once stopped, a question on the
    // same game is answered instead of waiting for 10^8 values (asked
    // again until a bound no loaded machine reaches).
    let asked = std::time::Instant::now();
    let mut answered = None;
    while answered.is_none() && asked.elapsed() < Duration::from_secs(120) {
        let (status, _, body) = get(&app, "/api/values?game=grundy&to=10").await;
        if status == StatusCode::OK {
            answered = Some(body);
        } else {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    assert!(
        answered.is_some(),
        "the dropped stream's computation stopped"
    );
    // And nothing computes any more.
    let computed = solver.computations();
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(solver.computations(), computed);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_cap_heavy_requests_get_503_and_cheap_ones_go_on() {
    let limits = Limits {
        heavy: 1,
        ..patient()
    };
    let app = router(Arc::new(Solver::default()), limits);
    let response = app
        .clone()
        .oneshot(Request::get(LONG).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let mut body = response.into_body();
    // Two progress events, 100 ms apart at least: past its first 50 ms the
    // computation holds the heavy permit.
    let mut seen = read_until(&mut body, "event: progress").await;
    while seen.matches("event: progress").count() < 2 {
        seen.push_str(&read_until(&mut body, "event: progress").await);
    }
    // A second heavy computation, on another game.
    let (status, headers, err) = get(&app, "/api/count?game=sub:squares&to=100000000").await;
    assert_eq!(
        status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        String::from_utf8_lossy(&err)
    );
    assert_eq!(headers.get(header::RETRY_AFTER).unwrap(), "1");
    let json: serde_json::Value = serde_json::from_slice(&err).unwrap();
    assert_eq!(json["error"], "busy");
    // A long board search is heavy too (issue 34).
    let (status, _, err) = get(&app, "/api/board?game=cram:6x8").await;
    assert_eq!(
        status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        String::from_utf8_lossy(&err)
    );
    // Cheap questions are still answered.
    let (status, _, _) = get(&app, "/api/position?game=kayles&heaps=3,5,7").await;
    assert_eq!(status, StatusCode::OK);
    drop(body);
}

/// The first few hundred characters of a body, for a failed assertion.
fn head(body: &[u8]) -> String {
    String::from_utf8_lossy(body).chars().take(300).collect()
}

/// A far plot of a game with a proved period: ten million values, each
/// from the period, none computed (issue 38, W2).
const FAR_PLOT: &str = "/api/plot.svg?game=0.07&from=18446744073699551616&to=18446744073709551615";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_process_budget_p_positions_get_503() {
    // Issue 38, W1: the budget holds for the process, not for each
    // request. A scan of subsets:4:all up to 100 needs 1.9 MiB of tables;
    // the process has 3 MiB, of which another computation holds 2.
    let accountant = Arc::new(Accountant::new(3 << 20));
    let solver = Solver::new(Config {
        budget: Budget::bytes(3 << 20),
        accountant: Arc::clone(&accountant),
        ..Config::default()
    });
    let app = router(Arc::new(solver), patient());
    let scan = "/api/ppositions?game=subsets:4:all&to=100";
    let held = accountant.reserve(2 << 20, "another computation").unwrap();
    let (status, headers, body) = get(&app, scan).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{}", head(&body));
    assert_eq!(headers.get(header::RETRY_AFTER).unwrap(), "1");
    let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(json["error"], "busy");
    assert!(
        json["message"].as_str().unwrap().contains("memory budget"),
        "{json}"
    );
    assert_eq!(accountant.in_use(), 2 << 20, "the refusal holds nothing");
    drop(held);
    let (status, _, body) = get(&app, scan).await;
    assert_eq!(status, StatusCode::OK, "{}", head(&body));
    // Scans at once: each is answered, or refused 503 while another holds
    // the memory; never more than the budget is held.
    let answers = futures_util::future::join_all((0..6).map(|_| get(&app, scan))).await;
    for (status, _, body) in answers {
        assert!(
            status == StatusCode::OK || status == StatusCode::SERVICE_UNAVAILABLE,
            "{status}: {}",
            head(&body)
        );
    }
    assert_eq!(accountant.in_use(), 0);
}

/// A misère position whose game-tree search holds about 10 MiB.
const HEAVY_MISERE: &str = "/api/position?game=0.137&heaps=20,22,24&play=misere";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn misere_play_past_the_process_budget_gets_503() {
    // Issue 38, W1: heap misère play is charged to the process's budget as
    // it grows, so misère requests at once cannot together pass it.
    let budget: u64 = 64 << 20;
    let accountant = Arc::new(Accountant::new(budget));
    let solver = Solver::new(Config {
        budget: Budget::bytes(budget),
        accountant: Arc::clone(&accountant),
        ..Config::default()
    });
    let app = router(Arc::new(solver), patient());
    // Another computation holds all but 512 KiB: refused at once.
    let held = accountant
        .reserve(budget - (1 << 19), "another computation")
        .unwrap();
    let (status, headers, body) = get(&app, HEAVY_MISERE).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{}", head(&body));
    assert_eq!(headers.get(header::RETRY_AFTER).unwrap(), "1");
    let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(json["error"], "busy");
    assert_eq!(
        accountant.in_use(),
        held.bytes(),
        "the refusal holds nothing"
    );
    drop(held);
    // 15 MiB free: room for one such search, not two. Two at once: each
    // answers or is refused 503, and what they hold with the other
    // computation never passes the budget (sampled as they run).
    let held = accountant
        .reserve(budget - (15 << 20), "another computation")
        .unwrap();
    let most = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sampler = {
        let (accountant, most, done) = (
            Arc::clone(&accountant),
            Arc::clone(&most),
            Arc::clone(&done),
        );
        std::thread::spawn(move || {
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                most.fetch_max(accountant.in_use(), std::sync::atomic::Ordering::Relaxed);
                std::thread::sleep(Duration::from_micros(200));
            }
        })
    };
    let answers = futures_util::future::join_all((0..2).map(|_| get(&app, HEAVY_MISERE))).await;
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    sampler.join().unwrap();
    for (status, _, body) in &answers {
        assert!(
            *status == StatusCode::OK || *status == StatusCode::SERVICE_UNAVAILABLE,
            "{status}: {}",
            head(body)
        );
    }
    let most = most.load(std::sync::atomic::Ordering::Relaxed);
    assert!(most <= budget, "{most} bytes held");
    assert!(
        most >= held.bytes() + (4 << 20),
        "the searches were charged: {most} bytes held at most"
    );
    assert_eq!(accountant.in_use(), held.bytes(), "given back at the end");
    drop(held);
    // Alone, the question answers.
    let (status, _, body) = get(&app, HEAVY_MISERE).await;
    assert_eq!(status, StatusCode::OK, "{}", head(&body));
    assert_eq!(accountant.in_use(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_far_plot_takes_a_heavy_permit() {
    // Issue 38, W2: a plot of ten million values from a proved period took
    // no permit; with the one heavy permit held, it is refused at once.
    let limits = Limits {
        heavy: 1,
        ..patient()
    };
    let app = router(Arc::new(Solver::default()), limits);
    let response = app
        .clone()
        .oneshot(Request::get(LONG).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let mut body = response.into_body();
    let mut seen = read_until(&mut body, "event: progress").await;
    while seen.matches("event: progress").count() < 2 {
        seen.push_str(&read_until(&mut body, "event: progress").await);
    }
    let (status, _, err) = get(&app, FAR_PLOT).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{}", head(&err));
    let json: serde_json::Value = serde_json::from_slice(&err).unwrap();
    assert_eq!(json["error"], "busy");
    drop(body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_far_plot_stops_at_the_time_limit() {
    // Issue 38, W2: the values of a far plot come from the period without
    // computing any; listing them is still watched, so the time limit
    // stops it. The period is found first, so that the second plot has
    // nothing else to compute.
    let solver = Arc::new(Solver::default());
    let (status, _, body) = get(&router(Arc::clone(&solver), patient()), FAR_PLOT).await;
    assert_eq!(status, StatusCode::OK, "{}", head(&body));
    let no_time = Limits {
        time: Duration::ZERO,
        ..Limits::default()
    };
    let (status, _, body) = get(&router(solver, no_time), FAR_PLOT).await;
    assert_eq!(status, StatusCode::GATEWAY_TIMEOUT, "{}", head(&body));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_time_limit_a_request_is_stopped() {
    let limits = Limits {
        time: Duration::from_millis(300),
        ..Limits::default()
    };
    let app = router(Arc::new(Solver::default()), limits);
    let started = std::time::Instant::now();
    let (status, _, body) = get(&app, "/api/count?game=grundy&to=100000000").await;
    assert_eq!(
        status,
        StatusCode::GATEWAY_TIMEOUT,
        "{}",
        String::from_utf8_lossy(&body)
    );
    let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(json["error"], "time_limit");
    assert!(started.elapsed() < Duration::from_secs(5));
    // A board search stops at the time limit too (issue 34).
    let started = std::time::Instant::now();
    let (status, _, body) = get(&app, "/api/board?game=cram:7x8").await;
    assert_eq!(
        status,
        StatusCode::GATEWAY_TIMEOUT,
        "{}",
        String::from_utf8_lossy(&body)
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    // In a stream, the same error is the last event.
    let response = app
        .clone()
        .oneshot(Request::get(LONG).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let mut body = response.into_body();
    let seen = read_until(&mut body, "event: error").await;
    assert!(seen.contains("time_limit"), "{seen}");
}

#[tokio::test]
async fn a_stream_ends_with_the_plain_routes_json() {
    let app = app();
    for query in ["period?game=0.07", "misere?game=0.75&max_heap=12"] {
        let (_, _, plain) = get(&app, &format!("/api/{query}")).await;
        let response = app
            .clone()
            .oneshot(
                Request::get(format!("/api/stream/{query}"))
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        let mut body = response.into_body();
        let seen = read_until(&mut body, "event: result").await;
        let mut rest = seen;
        while !rest.ends_with("\n\n") {
            rest.push_str(&read_until(&mut body, "\n").await);
        }
        let data = rest
            .split("event: result\n")
            .nth(1)
            .and_then(|e| e.strip_prefix("data: "))
            .unwrap()
            .trim_end();
        assert_eq!(data, String::from_utf8_lossy(&plain), "{query}");
    }
}

/// The real server on a real socket.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_answers_over_tcp() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(grundy_web::serve(listener, app(), async {
        let _ = stopped.await;
    }));
    for (path, want) in [
        ("/", "text/html"),
        ("/assets/style.css", "text/css"),
        ("/api/position?game=kayles&heaps=3,5,7", "\"value\":5"),
    ] {
        let mut socket = tokio::net::TcpStream::connect(addr).await.unwrap();
        let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
        socket.write_all(request.as_bytes()).await.unwrap();
        let mut response = String::new();
        socket.read_to_string(&mut response).await.unwrap();
        assert!(
            response.starts_with("HTTP/1.1 200 OK"),
            "{path}: {response}"
        );
        assert!(response.contains(want), "{path}: {response}");
    }
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(5), server)
        .await
        .expect("graceful shutdown")
        .unwrap()
        .unwrap();
}

/// Random queries on every route: never a 500, always JSON (or the
/// route's own content type) — the server's last line of defence, the
/// catch-panic layer, is never needed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_queries_never_fail_the_server() {
    let limits = Limits {
        time: Duration::from_secs(2),
        ..Limits::default()
    };
    let app = router(Arc::new(Solver::default()), limits);
    let routes = [
        "values",
        "period",
        "count",
        "position",
        "moves",
        "ppositions",
        "analyze",
        "plot.svg",
        "game",
        "certificate",
        "misere",
    ];
    let params = [
        "game", "spec", "from", "to", "max", "heaps", "limit", "max_heap", "play",
    ];
    let words = [
        "kayles",
        "0.07",
        "grundy",
        "nim",
        "sub:1,2,3",
        "sub:squares",
        "allbut:1",
        "wythoff",
        "stone",
        "subsets:3:all",
        "0.8f",
        "4.07",
        "0",
        "1",
        "7",
        "63",
        "1000",
        "10^6",
        "2^64",
        "18446744073709551615",
        "18446744073709551616",
        "-1",
        "",
        "1,2,3",
        "3,,4",
        "0,0",
        " 5",
        "%00",
        "%ff",
        "..",
        "../../etc/passwd",
        "sub:0",
        "sub:",
        "0.",
        ".",
        "x",
        "1e9",
        "NaN",
        "misere",
    ];
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..400 {
        let route = routes[rng.below(routes.len() as u64) as usize];
        let mut query = Vec::new();
        for _ in 0..rng.below(5) {
            let p = params[rng.below(params.len() as u64) as usize];
            let w = words[rng.below(words.len() as u64) as usize];
            query.push(format!("{p}={w}"));
        }
        let uri = format!("/api/{route}?{}", query.join("&")).replace(' ', "%20");
        let (status, headers, body) = get(&app, &uri).await;
        assert!(
            status.is_success()
                || status.is_client_error()
                || status == StatusCode::SERVICE_UNAVAILABLE
                || status == StatusCode::GATEWAY_TIMEOUT,
            "{uri}: {status} {}",
            String::from_utf8_lossy(&body)
        );
        if !status.is_success() {
            assert_eq!(
                headers.get(header::CONTENT_TYPE).unwrap(),
                "application/json",
                "{uri}"
            );
            let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
            assert!(
                json["error"].is_string() && json["message"].is_string(),
                "{uri}"
            );
        }
    }
}

/// A plain request dropped before its answer (the connection closed) stops
/// its computation too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plain_request_stops_when_dropped() {
    let solver = Arc::new(Solver::default());
    let app = router(Arc::clone(&solver), patient());
    let long = app.clone().oneshot(
        Request::get("/api/count?game=grundy&to=100000000")
            .body(Body::empty())
            .unwrap(),
    );
    // Dropped after a second, deep in the computation of 10^8 values.
    assert!(
        tokio::time::timeout(Duration::from_secs(1), long)
            .await
            .is_err()
    );
    let mut answered = false;
    for _ in 0..50 {
        let (status, _, _) = get(&app, "/api/values?game=grundy&to=10").await;
        if status == StatusCode::OK {
            answered = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        answered,
        "the dropped request's computation stopped within 5 s"
    );
    let computed = solver.computations();
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        solver.computations(),
        computed,
        "and nothing computes any more"
    );
}

/// Issue 34: a board answers its value, its drawing and every move with
/// the position after it; the first move is the solver's reply.
#[tokio::test]
async fn a_board_answers_every_move_with_its_outcome() {
    let app = app();
    let (status, _, body) = get(&app, "/api/board?game=cram:2x3").await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&body));
    let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(json["game"], "cram:2x3");
    assert_eq!(json["value"], 1);
    assert_eq!(json["winning"], true);
    assert_eq!(
        json["board"],
        serde_json::json!({"kind": "cram", "rows": ["...", "..."]})
    );
    let moves = json["moves"].as_array().unwrap();
    // Three vertical dominoes and four horizontal ones.
    assert_eq!(moves.len(), 7, "{json}");
    let solver = Solver::default();
    let report = solver
        .board_moves(
            &"cram:2x3".parse().unwrap(),
            10_000,
            false,
            &mut Watch::silent(),
        )
        .unwrap();
    assert_eq!(moves[0]["play"], report.reply().unwrap().play.as_str());
    for (m, r) in moves.iter().zip(&report.moves) {
        assert_eq!(m["play"], r.play.as_str());
        assert_eq!(m["after"], r.after.as_str());
        assert_eq!(m["winning"], r.winning);
    }

    // Node-Kayles: each move says which vertices are left, by index.
    let (status, _, body) = get(&app, "/api/board?game=node-kayles:path:4").await;
    assert_eq!(status, StatusCode::OK);
    let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(json["board"]["kind"], "node-kayles");
    assert_eq!(json["board"]["vertices"], 4);
    let taken_1 = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["play"] == "1")
        .unwrap();
    assert_eq!(taken_1["left"], serde_json::json!([3]));
    assert_eq!(taken_1["after"], "node-kayles:edges:1:");

    // Chomp under misère play: no value, the rows drawn.
    let (status, _, body) = get(&app, "/api/board?game=chomp:2x2&play=misere").await;
    assert_eq!(status, StatusCode::OK);
    let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(json["misere"], true);
    assert!(json.get("value").is_none());
    assert_eq!(
        json["board"],
        serde_json::json!({"kind": "chomp", "rows": [2, 2]})
    );
}
