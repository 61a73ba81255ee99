//! The wire format pinned: the JSON of the answers to a fixed set of
//! questions, byte for byte, against files written once (in `answers/`).
//! Reports are the one wire format of the command line's `--format json`,
//! the web API and the Python package, so a change of layout inside the
//! solver must leave every byte of them as it was.
//!
//! A question added here writes its file on the first run with
//! `GRUNDY_BLESS=1`; a file that differs fails the test.

use std::path::PathBuf;

use grundy_service::{Question, Solver, Watch};

/// (file name, question): cheap questions, one or more a kind of question.
const QUESTIONS: &[(&str, &str)] = &[
    (
        "values_kayles",
        r#"{"values": {"game": "kayles", "to": 30}}"#,
    ),
    (
        "values_far",
        r#"{"values": {"game": "0.07", "from": 18446744073709551595, "to": 18446744073709551615}}"#,
    ),
    ("period_0.07", r#"{"period": {"game": "0.07"}}"#),
    ("period_nim", r#"{"period": {"game": "nim"}}"#),
    (
        "period_grundy",
        r#"{"period": {"game": "grundy", "max": 3000}}"#,
    ),
    ("period_allbut", r#"{"period": {"game": "allbut:1,2"}}"#),
    (
        "count_0.07",
        r#"{"count": {"game": "0.07", "to": 1000000000000000000}}"#,
    ),
    (
        "count_from",
        r#"{"count": {"game": "kayles", "from": 5, "to": 100}}"#,
    ),
    (
        "count_heaps",
        r#"{"count": {"game": "sub:squares", "to": 1000, "heaps": 3}}"#,
    ),
    (
        "count_heaps_far",
        r#"{"count": {"game": "0.07", "to": 1000000000000000000, "heaps": 4}}"#,
    ),
    (
        "position_grundy",
        r#"{"position": {"game": "grundy", "heaps": [5, 10, 20]}}"#,
    ),
    (
        "position_far",
        r#"{"position": {"game": "0.07", "heaps": [1000000000000000000, 7], "limit": 5}}"#,
    ),
    (
        "position_lost",
        r#"{"position": {"game": "nim", "heaps": [1, 2, 3]}}"#,
    ),
    (
        "position_stone",
        r#"{"position": {"game": "stone", "heaps": [3, 5, 7]}}"#,
    ),
    (
        "position_wythoff_lost",
        r#"{"position": {"game": "wythoff", "heaps": [3, 5]}}"#,
    ),
    (
        "moves_kayles",
        r#"{"moves": {"game": "kayles", "heaps": [3, 4]}}"#,
    ),
    (
        "moves_kayles_limited",
        r#"{"moves": {"game": "kayles", "heaps": [7, 4], "limit": 3}}"#,
    ),
    (
        "moves_wythoff",
        r#"{"moves": {"game": "wythoff", "heaps": [2, 2]}}"#,
    ),
    (
        "ppos_wythoff",
        r#"{"p_positions": {"game": "wythoff", "to": 1000}}"#,
    ),
    (
        "ppos_subsets",
        r#"{"p_positions": {"game": "subsets:3:1,2,3", "to": 40}}"#,
    ),
    ("analyze_kayles", r#"{"analyze": {"game": "kayles"}}"#),
    (
        "analyze_grundy",
        r#"{"analyze": {"game": "grundy", "to": 30}}"#,
    ),
    ("analyze_nim", r#"{"analyze": {"game": "nim", "to": 10}}"#),
    (
        "misere_tame",
        r#"{"misere_position": {"game": "0.07", "heaps": [2, 2, 2]}}"#,
    ),
    (
        "misere_judge",
        r#"{"misere_position": {"game": "0.77", "heaps": [5, 9, 3]}}"#,
    ),
    (
        "misere_quotient_far",
        r#"{"misere_position": {"game": "0.75", "heaps": [30, 41, 5000], "limit": 2}}"#,
    ),
    ("genera_nim", r#"{"genera": {"game": "nim", "to": 3}}"#),
    (
        "genera_kayles",
        r#"{"genera": {"game": "kayles", "to": 12}}"#,
    ),
    (
        "quotient_nim",
        r#"{"misere_quotient": {"game": "nim", "max_heap": 3}}"#,
    ),
    (
        "quotient_every_heap",
        r#"{"misere_quotient": {"game": "0.75"}}"#,
    ),
    (
        "frequencies_kayles",
        r#"{"frequencies": {"game": "kayles", "to": 12}}"#,
    ),
];

fn answers() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it/answers")
}

/// Compares `json` with the file `name`, or writes it with `GRUNDY_BLESS`.
fn pinned(name: &str, json: &str, wrong: &mut Vec<String>) {
    let path = answers().join(format!("{name}.json"));
    if std::env::var_os("GRUNDY_BLESS").is_some() && !path.exists() {
        std::fs::write(&path, format!("{json}\n")).unwrap();
        return;
    }
    match std::fs::read_to_string(&path) {
        Ok(text) if text.strip_suffix('\n') == Some(json) => {}
        Ok(text) => wrong.push(format!("{name}:\n  pinned {text}  now    {json}")),
        Err(e) => wrong.push(format!("{name}: {e} (run with GRUNDY_BLESS=1 to write it)")),
    }
}

#[test]
fn answers_are_byte_for_byte_as_pinned() {
    let solver = Solver::default();
    let mut wrong = Vec::new();
    for (name, question) in QUESTIONS {
        let question: Question = serde_json::from_str(question).unwrap();
        let answer = solver
            .answer(&question, &mut Watch::silent())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        pinned(name, &serde_json::to_string(&answer).unwrap(), &mut wrong);
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Certificates are part of the wire too (`grundy period --certificate`,
/// the page's download): their text, and what verifying them answers.
#[test]
fn certificates_and_their_verification_are_as_pinned() {
    let solver = Solver::default();
    let mut wrong = Vec::new();
    let game = "0.07".parse().unwrap();
    let (_, text) = solver
        .certificate(&game, None, &mut Watch::silent())
        .unwrap();
    let text = text.unwrap();
    pinned(
        "certificate_0.07",
        &serde_json::to_string(&text).unwrap(),
        &mut wrong,
    );
    let game = "0.75".parse().unwrap();
    let (_, misere) = solver
        .misere_certificate(&game, 21, &mut Watch::silent())
        .unwrap();
    let misere = misere.unwrap();
    pinned(
        "certificate_0.75_misere",
        &serde_json::to_string(&misere).unwrap(),
        &mut wrong,
    );
    for (name, text) in [("verify_0.07", text), ("verify_0.75_misere", misere)] {
        let question = Question::Verify { text };
        let answer = solver.answer(&question, &mut Watch::silent()).unwrap();
        pinned(name, &serde_json::to_string(&answer).unwrap(), &mut wrong);
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
