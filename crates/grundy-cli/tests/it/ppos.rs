//! `grundy ppos` and `grundy move` on multi-heap games (issue 4): whole
//! outputs in every format, the seed's numbers, and bad input.

use insta::assert_snapshot;
use serde_json::{Value, json};

use crate::{grundy, ok};

const FORMATS: [&str; 3] = ["table", "csv", "json"];

fn json_of(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    serde_json::from_str(&ok(&all)).unwrap()
}

#[test]
fn count_and_sum_in_every_format() {
    for format in FORMATS {
        let out = ok(&["ppos", "stone", "--to", "100", "--format", format]);
        assert_snapshot!(format!("ppos_stone_100_{format}"), out);
    }
}

#[test]
fn list_in_every_format() {
    for format in FORMATS {
        let out = ok(&[
            "ppos", "wythoff", "--to", "30", "--list", "--format", format,
        ]);
        assert_snapshot!(format!("ppos_wythoff_30_list_{format}"), out);
    }
}

#[test]
fn move_in_every_format() {
    for format in FORMATS {
        let out = ok(&["move", "stone", "3", "5", "7", "--format", format]);
        assert_snapshot!(format!("move_stone_3_5_7_{format}"), out);
        let out = ok(&["move", "stone", "1", "3", "3", "--format", format]);
        assert_snapshot!(format!("move_stone_lost_{format}"), out);
    }
}

#[test]
fn seed_002_sum_and_json_shape() {
    assert_eq!(
        json_of(&["ppos", "stone", "--to", "100", "--count", "--sum"]),
        json!({"game": "stone", "to": 100, "count": 1264, "sum": 173895})
    );
    assert_eq!(
        json_of(&["ppos", "stone", "--to", "100", "--sum"]),
        json!({"game": "stone", "to": 100, "sum": 173895})
    );
    for method in ["reference", "brute"] {
        assert_eq!(
            json_of(&["ppos", "stone", "--to", "30", "--method", method]),
            json_of(&["ppos", "stone", "--to", "30"]),
            "{method}"
        );
    }
}

#[test]
fn list_json_is_one_array_of_positions() {
    let list = json_of(&["ppos", "stone", "--to", "6", "--list"]);
    assert_eq!(
        list,
        json!([
            [0, 0, 0],
            [0, 1, 2],
            [0, 3, 5],
            [1, 1, 4],
            [1, 3, 3],
            [1, 5, 6],
            [2, 2, 6],
            [3, 4, 4]
        ])
    );
    assert_eq!(
        json_of(&["ppos", "subsets:2:12", "--to", "0", "--list"]),
        json!([[0, 0]])
    );
}

#[test]
fn seed_002_sample_positions() {
    for lost in [
        [0, 0, 0],
        [0, 1, 2],
        [1, 1, 4],
        [1, 3, 3],
        [0, 3, 5],
        [2, 2, 6],
    ] {
        let args: Vec<String> = lost.iter().map(u32::to_string).collect();
        let mut all = vec!["move", "stone"];
        all.extend(args.iter().map(String::as_str));
        assert_eq!(json_of(&all)["winning"], false, "{lost:?}");
    }
    for won in [[0, 0, 13], [0, 11, 11], [5, 5, 5]] {
        let args: Vec<String> = won.iter().map(u32::to_string).collect();
        let mut all = vec!["move", "stone"];
        all.extend(args.iter().map(String::as_str));
        let out = json_of(&all);
        assert_eq!(out["winning"], true, "{won:?}");
        let after: Vec<String> = out["move"]["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.to_string())
            .collect();
        let mut again = vec!["move", "stone"];
        again.extend(after.iter().map(String::as_str));
        assert_eq!(json_of(&again)["winning"], false, "after {won:?}");
    }
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for (args, hint) in [
        (
            &["ppos", "subsets:3:1,12", "--to", "5"][..],
            "subsets:3:1,2,3,12,13,23",
        ),
        (&["ppos", "subsets:5:all", "--to", "5"], "2, 3 or 4"),
        (
            &["ppos", "stones", "--to", "5"],
            "wythoff, stone, subsets:K:SUBSETS or vectors:",
        ),
        (&["ppos", "stone", "--to", "-1"], "--to '-1'"),
        (&["ppos", "stone", "--to", "10^9"], "ask for --to"),
        (
            &["ppos", "stone", "--to", "2^64-1"],
            "more memory than any machine",
        ),
        (
            &["ppos", "stone", "--to", "3000", "--max-memory", "64K"],
            "ask for --to",
        ),
        (
            &["ppos", "stone", "--to", "5", "--list", "--sum"],
            "cannot be used",
        ),
        (&["move", "stone", "1", "2"], "give 3 heap sizes"),
        // Wythoff's game has a closed form (any heaps); the stone game
        // needs tables up to its largest heap.
        (&["move", "stone", "10^12", "1", "1"], "can be judged"),
        (
            &["move", "subsets:3:12", "1", "2", "3"],
            "subsets:3:12,13,23",
        ),
        // Move vectors: one error naming what is wrong and the syntax.
        (
            &["ppos", "vectors:(1,0),(0,1", "--to", "5"],
            "vectors:(1,0),(0,1),(1,1) (quote it in a shell)",
        ),
        (
            &["ppos", "vectors:", "--to", "5"],
            "is not a list of vectors",
        ),
        (
            &["ppos", "vectors:(1,0),(0,1,1)", "--to", "5"],
            "give every vector 2 entries",
        ),
        (&["ppos", "vectors:(0,0)", "--to", "5"], "takes nothing"),
        (&["ppos", "vectors:(1,0,0,0,0)", "--to", "5"], "2, 3 or 4"),
        (
            &["move", "vectors:(1,-1)", "3", "5"],
            "'-1' is not an entry",
        ),
        (&["move", "vectors:(1,2),(2,1)", "3"], "give 2 heap sizes"),
        (
            &["ppos", "vectors:(1,2),(2,1)", "--to", "10^12"],
            "ask for --to",
        ),
        (
            &["values", "vectors:(1,2)", "--to", "5"],
            "not a sum of heaps",
        ),
    ] {
        let out = grundy(args, None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "grundy {args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "grundy {args:?} printed a result");
        assert_eq!(stderr.lines().count(), 1, "grundy {args:?}: {stderr}");
        assert!(
            stderr.contains(hint),
            "grundy {args:?}: {stderr} lacks {hint:?}"
        );
        assert!(!stderr.contains("panicked"));
    }
}

/// Issue 35: games by move vectors, in every format; Wythoff and stone
/// written as vectors are those games, and print as them.
#[test]
fn move_vectors_in_every_format() {
    let proportionate = "vectors:(1,0),(0,1),(1,1),(1,2),(2,1)";
    for format in FORMATS {
        let out = ok(&["ppos", proportionate, "--to", "20", "--format", format]);
        assert_snapshot!(format!("ppos_vectors_20_{format}"), out);
        let out = ok(&[
            "ppos",
            "vectors:(2,1),(0,1)",
            "--to",
            "4",
            "--list",
            "--format",
            format,
        ]);
        assert_snapshot!(format!("ppos_vectors_unordered_list_{format}"), out);
        let out = ok(&["move", proportionate, "3", "6", "--format", format]);
        assert_snapshot!(format!("move_vectors_3_6_{format}"), out);
        let out = ok(&["move", proportionate, "2", "6", "--format", format]);
        assert_snapshot!(format!("move_vectors_lost_{format}"), out);
    }
    assert_eq!(
        json_of(&["ppos", proportionate, "--to", "6", "--list"]),
        json!([[0, 0], [1, 3], [2, 6], [4, 5]])
    );
    for (vectors, named, to) in [
        ("vectors:(1,0),(0,1),(1,1)", "wythoff", "200"),
        (
            "vectors:(1,0,0),(0,1,0),(0,0,1),(1,1,0),(1,0,1),(0,1,1),(1,1,1)",
            "stone",
            "100",
        ),
    ] {
        assert_eq!(
            json_of(&["ppos", vectors, "--to", to, "--list"]),
            json_of(&["ppos", named, "--to", to, "--list"]),
        );
        assert_eq!(
            json_of(&["ppos", vectors, "--to", to]),
            json_of(&["ppos", named, "--to", to]),
        );
    }
    assert_eq!(
        json_of(&["move", "vectors:(1,0),(0,1),(1,1)", "1000000", "618034"]),
        json_of(&["move", "wythoff", "1000000", "618034"]),
    );
    let mut move_args = vec!["move"];
    move_args.extend([
        "vectors:(1,0,0),(0,1,0),(0,0,1),(1,1,0),(1,0,1),(0,1,1),(1,1,1)",
        "3",
        "5",
        "7",
    ]);
    let by_vectors = json_of(&move_args);
    move_args[1] = "stone";
    assert_eq!(by_vectors, json_of(&move_args));
    let played = grundy(&["play", proportionate], Some("3 6\n2 6\n0 0\nbye\n"));
    assert!(played.status.success());
    assert_eq!(
        String::from_utf8_lossy(&played.stdout),
        "3 1\n2 5 (no winning move)\nno move: the player to move has lost\n"
    );
}

#[test]
fn help_has_an_example() {
    let help = ok(&["ppos", "--help"]);
    assert!(help.contains("Example: grundy ppos stone"), "{help}");
    assert!(ok(&["--help"]).contains("ppos"));
}

#[test]
fn list_stops_quietly_when_the_reader_goes_away() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["ppos", "stone", "--to", "3000", "--list"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(
        first.split_whitespace().collect::<Vec<_>>(),
        ["x1", "x2", "x3"]
    );
    // The pipe is closed here; the scan stops at its next write.
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
