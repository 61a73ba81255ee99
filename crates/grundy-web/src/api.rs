//! The JSON routes: each reads its query into a [`Question`] (checking the
//! server's limits first), asks the solver on the blocking pool, and
//! answers the report's JSON, the same as the command line's
//! `--format json`.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Query, State};
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use grundy_service::quoted;
use grundy_service::{Game, Question, Solver, Watch};
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize};

use crate::compute::{Shared, Stop, StopOnDrop, run, run_heavy};
use crate::error::ApiError;
use crate::limits::Limits;

/// The longest game spec a request may give, in bytes.
pub const MAX_SPEC: usize = 1_000;

/// The longest parameter name any route reads (`max_heap`, `offset`).
const LONGEST_NAME: usize = 16;

/// Reads the query of `uri` as `T`, rejecting unknown parameters and
/// malformed numbers with a JSON 400 that quotes at most a few dozen
/// characters of what it refuses.
pub(crate) fn query<T: DeserializeOwned>(uri: &Uri) -> Result<T, ApiError> {
    // A name longer than any parameter's is refused here, quoted, rather
    // than echoed whole by the deserializer's "unknown field" message.
    if let Ok(Query(pairs)) = Query::<Vec<(String, String)>>::try_from_uri(uri)
        && let Some((name, _)) = pairs.iter().find(|(name, _)| name.len() > LONGEST_NAME)
    {
        return Err(ApiError::bad(
            "bad_query",
            format!(
                "unknown parameter {}; see API.md for each route's parameters",
                quoted(name)
            ),
        ));
    }
    Query::<T>::try_from_uri(uri)
        .map(|Query(q)| q)
        .map_err(|e| {
            let text = e.body_text();
            let text = text
                .strip_prefix("Failed to deserialize query string: ")
                .unwrap_or(&text);
            ApiError::bad("bad_query", text.to_string())
        })
}

/// A whole number in a query: decimal digits only, from 0 to 2^64 − 1
/// (`-1`, `+5`, ` 5` and `1e9` are refused, not read as something else).
pub(crate) fn whole_number<'de, D: Deserializer<'de>, N: TryFrom<u64>>(
    d: D,
) -> Result<N, D::Error> {
    let text = std::borrow::Cow::<'de, str>::deserialize(d)?;
    let refuse = || {
        D::Error::custom(format!(
            "{} is not a whole number; write decimal digits only, as 1000",
            quoted(&text)
        ))
    };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(refuse());
    }
    let n: u64 = text
        .parse()
        .map_err(|_| D::Error::custom(format!("{} is past 2^64 − 1", quoted(&text))))?;
    N::try_from(n).map_err(|_| D::Error::custom(format!("{} is too large here", quoted(&text))))
}

/// [`whole_number`] for a parameter that may be left out.
pub(crate) fn some_whole_number<'de, D: Deserializer<'de>, N: TryFrom<u64>>(
    d: D,
) -> Result<Option<N>, D::Error> {
    whole_number(d).map(Some)
}

pub(crate) fn json_response(body: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// A game spec within the length limit.
fn spec(game: &str) -> Result<&str, ApiError> {
    if game.len() > MAX_SPEC {
        return Err(ApiError::limit(format!(
            "a game spec of {} bytes is longer than the {MAX_SPEC} allowed",
            game.len()
        )));
    }
    Ok(game)
}

/// Heap sizes written `3,5,7` (empty: no heaps), at most `limits.heaps`.
pub(crate) fn heaps(text: &str, limits: &Limits) -> Result<Vec<u64>, ApiError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let count = text.split(',').count();
    if count > limits.heaps {
        return Err(ApiError::limit(format!(
            "{count} heaps is more than the {} a position may have here",
            limits.heaps
        )));
    }
    text.split(',')
        .map(|h| {
            h.trim().parse::<u64>().map_err(|_| {
                ApiError::bad(
                    "bad_query",
                    format!(
                        "heaps: {} is not a heap size; write sizes as decimal numbers from 0 to 2^64 − 1, separated by commas, as heaps=3,5,7",
                        quoted(h.trim())
                    ),
                )
            })
        })
        .collect()
}

fn search(max: Option<u64>, limits: &Limits) -> Result<Option<u64>, ApiError> {
    match max {
        Some(m) if m > limits.search => Err(ApiError::limit(format!(
            "max={m} is past the largest period search allowed here ({}); leave max out for the solver's default",
            limits.search
        ))),
        _ => Ok(max),
    }
}

fn range(from: u64, to: u64, most: u64, what: &str) -> Result<(), ApiError> {
    if from > to {
        return Err(ApiError::bad(
            "invalid_input",
            format!("from={from} is after to={to}; give from <= to"),
        ));
    }
    if to - from >= most {
        return Err(ApiError::limit(format!(
            "{from}..={to} is {} heaps, more than the {most} {what} allows here; ask for a shorter range",
            u128::from(to - from) + 1
        )));
    }
    Ok(())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ValuesParams {
    game: String,
    #[serde(default, deserialize_with = "whole_number")]
    from: u64,
    #[serde(deserialize_with = "whole_number")]
    to: u64,
    #[serde(default, deserialize_with = "some_whole_number")]
    max: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PeriodParams {
    game: String,
    #[serde(default, deserialize_with = "some_whole_number")]
    max: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CountParams {
    game: String,
    #[serde(deserialize_with = "whole_number")]
    to: u64,
    #[serde(default, deserialize_with = "some_whole_number")]
    from: Option<u64>,
    #[serde(default, deserialize_with = "some_whole_number")]
    heaps: Option<u32>,
    #[serde(default, deserialize_with = "some_whole_number")]
    max: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionParams {
    game: String,
    heaps: String,
    #[serde(default, deserialize_with = "some_whole_number")]
    limit: Option<usize>,
    #[serde(default, deserialize_with = "some_whole_number")]
    max: Option<u64>,
    /// `normal` (the default: whoever cannot move loses) or `misere` (whoever
    /// moves last loses).
    play: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PposParams {
    game: String,
    #[serde(deserialize_with = "whole_number")]
    to: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalyzeParams {
    game: String,
    #[serde(default, deserialize_with = "some_whole_number")]
    to: Option<u64>,
    #[serde(default, deserialize_with = "some_whole_number")]
    max: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MisereParams {
    game: String,
    #[serde(default, deserialize_with = "some_whole_number")]
    max_heap: Option<u64>,
}

/// The question a route named `kind` asks, read from `uri`'s query.
pub(crate) fn question(kind: &str, uri: &Uri, limits: &Limits) -> Result<Question, ApiError> {
    Ok(match kind {
        "values" => {
            let p: ValuesParams = query(uri)?;
            range(p.from, p.to, limits.values_range, "a list of values")?;
            Question::Values {
                game: spec(&p.game)?.to_string(),
                from: p.from,
                to: p.to,
                max: search(p.max, limits)?,
            }
        }
        "period" => {
            let p: PeriodParams = query(uri)?;
            Question::Period {
                game: spec(&p.game)?.to_string(),
                max: search(p.max, limits)?,
            }
        }
        "count" => {
            let p: CountParams = query(uri)?;
            if p.heaps.is_some_and(|k| k > 1) && p.to > limits.multiset_to {
                return Err(ApiError::limit(format!(
                    "positions of several heaps are counted up to to={} here, not {}",
                    limits.multiset_to, p.to
                )));
            }
            Question::Count {
                game: spec(&p.game)?.to_string(),
                from: p.from,
                to: p.to,
                heaps: p.heaps,
                max: search(p.max, limits)?,
            }
        }
        "position" | "moves" => {
            let p: PositionParams = query(uri)?;
            let heaps = heaps(&p.heaps, limits)?;
            if let Some(l) = p.limit.filter(|&l| l > limits.moves_listed) {
                return Err(ApiError::limit(format!(
                    "limit={l} is more moves than the {} listed here",
                    limits.moves_listed
                )));
            }
            let game = spec(&p.game)?.to_string();
            match p.play.as_deref() {
                None | Some("normal") => {}
                Some("misere") => {
                    if p.max.is_some() {
                        return Err(ApiError::bad(
                            "bad_query",
                            "max does not apply with play=misere: misère play reads no search limit; drop max".to_string(),
                        ));
                    }
                    return Ok(Question::MiserePosition {
                        game,
                        heaps,
                        limit: Some(p.limit.unwrap_or(limits.moves_listed)),
                    });
                }
                Some(other) => {
                    return Err(ApiError::bad(
                        "bad_query",
                        format!(
                            "play={} is not a play convention; use play=normal or play=misere",
                            quoted(other)
                        ),
                    ));
                }
            }
            let max = search(p.max, limits)?;
            if kind == "position" {
                Question::Position {
                    game,
                    heaps,
                    limit: p.limit,
                    max,
                }
            } else {
                Question::Moves {
                    game,
                    heaps,
                    limit: Some(p.limit.unwrap_or(limits.moves_listed)),
                    max,
                }
            }
        }
        "ppositions" => {
            let p: PposParams = query(uri)?;
            if p.to > limits.ppositions_to {
                return Err(ApiError::limit(format!(
                    "P-positions are scanned up to to={} here, not {}",
                    limits.ppositions_to, p.to
                )));
            }
            Question::PPositions {
                game: spec(&p.game)?.to_string(),
                to: p.to,
            }
        }
        "analyze" => {
            let p: AnalyzeParams = query(uri)?;
            if let Some(to) = p.to.filter(|&to| to > limits.analyze_to) {
                return Err(ApiError::limit(format!(
                    "an analysis lists values up to to={} here, not {to}",
                    limits.analyze_to
                )));
            }
            Question::Analyze {
                game: spec(&p.game)?.to_string(),
                to: p.to,
                max: search(p.max, limits)?,
            }
        }
        "misere" => {
            let p: MisereParams = query(uri)?;
            if let Some(n) = p.max_heap.filter(|&n| n > limits.misere_heap) {
                return Err(ApiError::limit(format!(
                    "a misère quotient is computed for heaps up to max_heap={} here, not {n}",
                    limits.misere_heap
                )));
            }
            Question::MisereQuotient {
                game: spec(&p.game)?.to_string(),
                max_heap: p.max_heap,
            }
        }
        _ => {
            return Err(ApiError::new(
                StatusCode::NOT_FOUND,
                "not_found",
                format!("no route /api/{kind}; the routes are listed in API.md"),
            ));
        }
    })
}

/// Asks `question` and answers its JSON.
pub(crate) async fn answer(shared: &Shared, question: Question) -> Result<Response, ApiError> {
    let stop = Arc::new(Stop::default());
    let _guard = StopOnDrop(Arc::clone(&stop));
    let body = run(shared, stop, None, move |solver, watch| {
        let answer = solver.answer(&question, watch)?;
        Ok(serde_json::to_string(&answer).unwrap_or_default())
    })
    .await?;
    Ok(json_response(body))
}

macro_rules! plain_route {
    ($name:ident, $kind:literal) => {
        pub(crate) async fn $name(
            State(shared): State<Shared>,
            uri: Uri,
        ) -> Result<Response, ApiError> {
            let question = question($kind, &uri, &shared.limits)?;
            answer(&shared, question).await
        }
    };
}

plain_route!(values, "values");
plain_route!(period, "period");
plain_route!(count, "count");
plain_route!(position, "position");
plain_route!(moves, "moves");
plain_route!(ppositions, "ppositions");
plain_route!(analyze, "analyze");
plain_route!(misere, "misere");

/// `POST /api/verify`: the body is a certificate's text.
pub(crate) async fn verify(
    State(shared): State<Shared>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let body = body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "body_too_large",
                format!(
                    "the body is larger than the {} bytes a certificate may have here",
                    shared.limits.body_bytes
                ),
            )
        } else {
            ApiError::bad("bad_body", e.body_text())
        }
    })?;
    let text = String::from_utf8(body.to_vec()).map_err(|_| {
        ApiError::bad(
            "bad_body",
            "the body is not UTF-8 text; send the certificate file as it is",
        )
    })?;
    answer(&shared, Question::Verify { text }).await
}

/// `GET /api/certificate`: the certificate's text, as a download.
pub(crate) async fn certificate(
    State(shared): State<Shared>,
    uri: Uri,
) -> Result<Response, ApiError> {
    let p: PeriodParams = query(&uri)?;
    let game: Game = spec(&p.game)?.parse()?;
    let max = search(p.max, &shared.limits)?;
    let stop = Arc::new(Stop::default());
    let _guard = StopOnDrop(Arc::clone(&stop));
    let name = game.to_string();
    let (report, text) = run(&shared, stop, None, move |solver, watch| {
        solver.certificate(&game, max, watch)
    })
    .await?;
    let Some(text) = text else {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "not_proved",
            format!(
                "no certificate: {}; only a proved period has one",
                report.sentence()
            ),
        ));
    };
    Ok(certificate_download(&name, text))
}

/// One game as `/api/games` and `/api/game` describe it.
#[derive(Serialize)]
struct GameInfo {
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'static str>,
    spec: String,
    rules: String,
    kind: &'static str,
}

fn info(name: Option<&'static str>, game: &Game) -> GameInfo {
    let kind = match game {
        Game::Heaps(_) => "heap",
        Game::Multiheap(_) => "multiheap",
        Game::Board(_) => "board",
        Game::BoardFamily(_) => "board-family",
    };
    GameInfo {
        name,
        spec: game.to_string(),
        rules: game.describe(),
        kind,
    }
}

/// The named games the page offers first.
const NAMED: &[(&str, &str)] = &[
    ("nim", "nim"),
    ("kayles", "kayles"),
    ("dawson-kayles", "0.07"),
    ("dawsons-chess", "0.137"),
    ("grundy", "grundy"),
    ("subtraction 1-3", "sub:1,2,3"),
    ("nim-square", "sub:squares"),
    ("0.16", "0.16"),
    ("wythoff", "wythoff"),
    ("stone", "stone"),
];

/// Words on the spec syntax, for the page.
pub const SYNTAX: &str = "A game is a spec: a take-and-break code in Winning Ways notation (0.07, .07, 4.07, 0.137; hexadecimal with digits 8-f, as in 0.8f or hex:0.8f; 0.0 for no move), grundy (Grundy's game), nim, a subtraction game sub:1,3,4, sub:squares, sub:powers2 or sub:primes, an all-but game allbut:1,2, ranges and residue classes (sub:1..3, sub:3.., sub:3k+1), divisors (sub:divisors, sub:proper-divisors), splits into several heaps (split:3, split:2..4, split:2..4:unequal), or an alias: paper-strip and dawson-kayles (0.07), kayles (0.77), dawsons-chess (0.137), nim-square (sub:squares). Games that take the same amount from several heaps at once: wythoff, stone, subsets:K:SUBSETS; or by move vectors, taking t times one of them for any t >= 1: vectors:(1,0),(0,1),(1,1),(1,2),(2,1). Boards and graphs, played on a board: cram:3x4 or a drawn board cram:..#/... (. free, # blocked), node-kayles:path:6, node-kayles:cycle:7, node-kayles:grid:2x3, node-kayles:edges:0-1,1-2, chomp:4x5 or a staircase chomp:5,3,3,1.";

/// `GET /api/games`.
pub(crate) async fn games() -> Response {
    #[derive(Serialize)]
    struct Games {
        games: Vec<GameInfo>,
        syntax: &'static str,
    }
    let games = NAMED
        .iter()
        .filter_map(|&(name, spec)| Some(info(Some(name), &spec.parse::<Game>().ok()?)))
        .collect();
    json_response(
        serde_json::to_string(&Games {
            games,
            syntax: SYNTAX,
        })
        .unwrap_or_default(),
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpecParams {
    spec: String,
}

/// `GET /api/game?spec=S`: the canonical spec and the rules in words.
pub(crate) async fn game(uri: Uri) -> Result<Response, ApiError> {
    let p: SpecParams = query(&uri)?;
    let game: Game = spec(&p.spec)?.parse()?;
    let info = info(None, &game);
    #[derive(Serialize)]
    struct One {
        game: String,
        rules: String,
        kind: &'static str,
    }
    Ok(json_response(
        serde_json::to_string(&One {
            game: info.spec,
            rules: info.rules,
            kind: info.kind,
        })
        .unwrap_or_default(),
    ))
}

/// `GET /api/plot.svg`: a scatter of `G(n)`.
pub(crate) async fn plot(State(shared): State<Shared>, uri: Uri) -> Result<Response, ApiError> {
    let p: ValuesParams = query(&uri)?;
    range(p.from, p.to, shared.limits.plot_range, "a plot")?;
    let game: Game = spec(&p.game)?.parse()?;
    let max = search(p.max, &shared.limits)?;
    let stop = Arc::new(Stop::default());
    let _guard = StopOnDrop(Arc::clone(&stop));
    let job = move |solver: &Solver, watch: &mut Watch| {
        let report = solver.values_report(&game, p.from, p.to, max, watch)?;
        Ok(crate::plot::scatter(&report))
    };
    // A plot of more heaps than a list of values may hold is heavy from
    // the start, even when a proved period gives its values without
    // computing any (issue 38, W2): it takes a heavy permit first.
    let svg = if p.to - p.from >= shared.limits.values_range {
        run_heavy(&shared, stop, job).await?
    } else {
        run(&shared, stop, None, job).await?
    };
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

/// A certificate's text as a download named after its game
/// (`GAME.cert`, with every character but letters, digits, `.` and `-`
/// written `_`).
pub(crate) fn certificate_download(game: &str, text: String) -> Response {
    let file: String = game
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    (
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file}.cert\""),
            ),
        ],
        text,
    )
        .into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardParams {
    game: String,
    /// `normal` (the default) or `misere`.
    play: Option<String>,
}

/// A board or graph position drawn as data, for the page: Cram's rows
/// (`.` free, `#` blocked), Chomp's row lengths, Node-Kayles' vertices
/// (by index) and edges.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
enum Drawing {
    Cram {
        rows: Vec<String>,
    },
    Chomp {
        rows: Vec<u32>,
    },
    NodeKayles {
        vertices: u32,
        edges: Vec<[usize; 2]>,
    },
}

fn drawing(game: &grundy_service::BoardGame) -> Drawing {
    use grundy_service::BoardGame;
    match game {
        BoardGame::Cram(b) => Drawing::Cram {
            rows: (0..b.rows())
                .map(|r| {
                    (0..b.cols())
                        .map(|c| if b.is_free(r, c) { '.' } else { '#' })
                        .collect()
                })
                .collect(),
        },
        BoardGame::Chomp(s) => Drawing::Chomp { rows: s.rows() },
        BoardGame::NodeKayles(g) => Drawing::NodeKayles {
            vertices: g.vertices(),
            edges: (0..g.names().len())
                .flat_map(|i| g.neighbours(i).filter(move |&j| j > i).map(move |j| [i, j]))
                .collect(),
        },
    }
}

/// `GET /api/board?game=SPEC`: a board or graph position, drawn, with
/// every move and its outcome (the solver's `BoardMovesReport`).
pub(crate) async fn board(State(shared): State<Shared>, uri: Uri) -> Result<Response, ApiError> {
    let p: BoardParams = query(&uri)?;
    let misere = match p.play.as_deref() {
        None | Some("normal") => false,
        Some("misere") => true,
        Some(other) => {
            return Err(ApiError::bad(
                "bad_query",
                format!(
                    "play={} is not a play convention; use play=normal or play=misere",
                    quoted(other)
                ),
            ));
        }
    };
    let game: Game = spec(&p.game)?.parse()?;
    let limit = shared.limits.moves_listed;
    let stop = Arc::new(Stop::default());
    let _guard = StopOnDrop(Arc::clone(&stop));
    let body = run(&shared, stop, None, move |solver, watch| {
        let board = game.board("playing a board")?;
        let report = solver.board_moves(&game, limit, misere, watch)?;
        Ok(board_json(board, &report))
    })
    .await?;
    Ok(json_response(body))
}

/// The board route's JSON: the report's fields, the position drawn, and
/// for Node-Kayles each move's `left`, the vertices left by their index
/// here (vertex `k` of `after` is vertex `left[k]` of this position).
fn board_json(
    board: &grundy_service::BoardGame,
    report: &grundy_service::BoardMovesReport,
) -> String {
    #[derive(Serialize)]
    struct Move<'a> {
        #[serde(flatten)]
        m: &'a grundy_service::BoardMove,
        #[serde(skip_serializing_if = "Option::is_none")]
        left: Option<&'a [u32]>,
    }
    #[derive(Serialize)]
    struct Board<'a> {
        game: &'a str,
        misere: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        value: Option<u64>,
        winning: bool,
        board: Drawing,
        moves: Vec<Move<'a>>,
        truncated: bool,
        nodes: u64,
    }
    let moves = report
        .moves
        .iter()
        .map(|m| Move {
            m,
            left: match &m.position {
                grundy_service::BoardGame::NodeKayles(g) => Some(g.names()),
                _ => None,
            },
        })
        .collect();
    serde_json::to_string(&Board {
        game: &report.game,
        misere: report.misere,
        value: report.value,
        winning: report.winning,
        board: drawing(board),
        moves,
        truncated: report.truncated,
        nodes: report.nodes,
    })
    .unwrap_or_default()
}
