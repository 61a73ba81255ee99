//! One wire format: the JSON the command line prints is the JSON of the
//! solver's answer to the same question, as a web request or a Python call
//! would receive it.

use grundy_service::{Question, Solver, Watch};

use crate::ok;

#[test]
fn the_command_line_prints_the_solvers_answer() {
    let cases: [(&[&str], &str); 9] = [
        (
            &["values", "kayles", "--to", "30"],
            r#"{"values": {"game": "kayles", "to": 30}}"#,
        ),
        (
            &["values", "0.07", "--from", "2^64-21", "--to", "2^64-1"],
            r#"{"values": {"game": "0.07", "from": 18446744073709551595, "to": 18446744073709551615}}"#,
        ),
        (&["period", "0.16"], r#"{"period": {"game": "0.16"}}"#),
        (
            &["period", "grundy", "--max", "3000"],
            r#"{"period": {"game": "grundy", "max": 3000}}"#,
        ),
        (
            &["count", "0.07", "--to", "10^18"],
            r#"{"count": {"game": "0.07", "to": 1000000000000000000}}"#,
        ),
        (
            &["count", "sub:squares", "--heaps", "3", "--to", "1000"],
            r#"{"count": {"game": "sub:squares", "to": 1000, "heaps": 3}}"#,
        ),
        (
            &["move", "grundy", "5", "10", "20"],
            r#"{"position": {"game": "grundy", "heaps": [5, 10, 20]}}"#,
        ),
        (
            &["move", "stone", "3", "5", "7"],
            r#"{"position": {"game": "stone", "heaps": [3, 5, 7]}}"#,
        ),
        (&["analyze", "kayles"], r#"{"analyze": {"game": "kayles"}}"#),
    ];
    let solver = Solver::default();
    for (args, question) in cases {
        let mut argv = args.to_vec();
        argv.extend(["--format", "json", "--no-cache"]);
        let printed: serde_json::Value = serde_json::from_str(&ok(&argv)).unwrap();
        let question: Question = serde_json::from_str(question).unwrap();
        let answer = solver.answer(&question, &mut Watch::silent()).unwrap();
        assert_eq!(
            printed,
            serde_json::to_value(&answer).unwrap(),
            "grundy {args:?}"
        );
    }
}

#[test]
fn questions_with_unknown_fields_or_bad_games_are_refused() {
    assert!(
        serde_json::from_str::<Question>(r#"{"period": {"game": "0.07", "maxx": 3}}"#).is_err()
    );
    let solver = Solver::default();
    for q in [
        r#"{"period": {"game": "0.8g"}}"#,
        r#"{"values": {"game": "stone", "to": 3}}"#,
        r#"{"p_positions": {"game": "kayles", "to": 3}}"#,
        r#"{"count": {"game": "0.07", "from": 3, "to": 9, "heaps": 2}}"#,
    ] {
        let question: Question = serde_json::from_str(q).unwrap();
        assert!(
            solver.answer(&question, &mut Watch::silent()).is_err(),
            "{q}"
        );
    }
}
