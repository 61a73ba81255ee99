//! Every query parameter of the API against every hostile value: about a
//! thousand requests. Whatever a request carries, the answer must come
//! within the server's time limit (and a margin) as a 200 of bounded size,
//! or a 4xx, 503 or 504 whose body is the API's JSON error, short; never
//! a 500, a panic or a hang.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use grundy_service::Solver;
use grundy_web::{Limits, router};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// Hostile values: signs, other bases, past 64 bits, other scripts' digits,
/// control characters, separators, paths, very long text; and a few valid
/// but extreme numbers, which must be refused by a limit or stopped by the
/// time limit.
fn values() -> Vec<String> {
    let mut v: Vec<String> = [
        "",
        " ",
        "-1",
        "+5",
        "0",
        "1e3",
        "0x10",
        "1.5",
        "2^64",
        "18446744073709551615",
        "18446744073709551616",
        "999999999999999999999999999999",
        "4294967296",
        "1000000",
        "NaN",
        "\u{663}",
        "\u{ff15}",
        "\u{0}",
        "\u{1b}[2J",
        "\u{202e}5",
        "5,5",
        "5,,5",
        "1..",
        "(",
        "../../etc/passwd",
        "%zz",
        "kayles",
        "cram:3x4",
        "cram:65536x65536",
        "node-kayles:grid:3x-2",
        "vectors:(0,0)",
        "subsets:9:all",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    v.push("9".repeat(5_000));
    v.push("x".repeat(60_000));
    v
}

/// Each route with `{}` where the hostile value goes.
const SLOTS: &[&str] = &[
    "/api/values?game={}&to=20",
    "/api/values?game=kayles&to={}",
    "/api/values?game=kayles&from={}&to=10",
    "/api/values?game=0.07&to=20&max={}",
    "/api/period?game={}",
    "/api/period?game=0.07&max={}",
    "/api/certificate?game={}",
    "/api/count?game={}&to=20",
    "/api/count?game=kayles&to={}",
    "/api/count?game=nim&to=5&heaps={}",
    "/api/position?game={}&heaps=3,5",
    "/api/position?game=kayles&heaps={}",
    "/api/position?game=kayles&heaps=3,{}&play=misere",
    "/api/position?game=kayles&heaps=3&limit={}",
    "/api/moves?game=kayles&heaps={}",
    "/api/moves?game={}&heaps=3",
    "/api/board?game={}",
    "/api/board?game=cram:2x3&play={}",
    "/api/ppositions?game={}&to=10",
    "/api/ppositions?game=wythoff&to={}",
    "/api/analyze?game={}",
    "/api/analyze?game=kayles&to={}",
    "/api/misere?game={}&max_heap=8",
    "/api/misere?game=kayles&max_heap={}",
    "/api/plot.svg?game=kayles&to={}",
    "/api/plot.svg?game={}&to=20",
    "/api/game?spec={}",
    "/api/stream/values?game={}&to=20",
    "/api/stream/{}?game=kayles&to=20",
    "/api/values?{}=1&game=kayles&to=5",
];

/// The server's time limit here: short, so that a legitimately long
/// question ends in a 504 soon.
const TIME_LIMIT: Duration = Duration::from_secs(20);

/// Most bytes an answer may hold (the largest answers are value tables,
/// bounded by the server's limits).
const MOST_BODY: usize = 16 << 20;

/// Every byte but unreserved ones percent-encoded.
fn encoded(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_parameter_against_every_hostile_value_answers_or_refuses_as_json() {
    let limits = Limits {
        time: TIME_LIMIT,
        ..Limits::default()
    };
    let app = router(Arc::new(Solver::default()), limits);
    let values = values();
    let mut wrong = Vec::new();
    let mut tally = [0usize; 2];
    for slot in SLOTS {
        for value in &values {
            let uri = slot.replace("{}", &encoded(value));
            let shown = format!(
                "{slot} with {:?}",
                value.chars().take(40).collect::<String>()
            );
            let request = Request::get(&uri).body(Body::empty()).unwrap();
            let answer = tokio::time::timeout(TIME_LIMIT * 3, async {
                let response = app.clone().oneshot(request).await.unwrap();
                let status = response.status();
                let body = response.into_body().collect().await.map(|b| b.to_bytes());
                (status, body)
            })
            .await;
            let Ok((status, body)) = answer else {
                wrong.push(format!("{shown}: no answer within {:?}", TIME_LIMIT * 3));
                continue;
            };
            let Ok(body) = body else {
                wrong.push(format!("{shown}: the body broke off ({status})"));
                continue;
            };
            if status == StatusCode::OK {
                tally[0] += 1;
                if body.len() > MOST_BODY {
                    wrong.push(format!("{shown}: {} bytes", body.len()));
                }
                continue;
            }
            tally[1] += 1;
            let fine = status.is_client_error()
                || status == StatusCode::SERVICE_UNAVAILABLE
                || status == StatusCode::GATEWAY_TIMEOUT;
            if !fine {
                wrong.push(format!("{shown}: {status}"));
                continue;
            }
            let json: Result<serde_json::Value, _> = serde_json::from_slice(&body);
            match json {
                Ok(j) if j["error"].is_string() && j["message"].is_string() => {
                    if body.len() > 2_000 {
                        wrong.push(format!("{shown}: {} bytes of error", body.len()));
                    }
                }
                _ => wrong.push(format!(
                    "{shown}: {status} without the JSON error: {}",
                    String::from_utf8_lossy(&body[..body.len().min(200)])
                )),
            }
        }
    }
    let runs = SLOTS.len() * values.len();
    assert!(
        wrong.is_empty(),
        "{} of {runs} requests misbehaved:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    // Both kinds of ending occur: the matrix is not all refusals.
    assert!(tally[0] > 0 && tally[1] > 0, "{tally:?}");
}
