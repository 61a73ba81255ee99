//! Boards and graphs: `values` of a board and of a family, `move` in the
//! game's own terms, `play`, files named with `@`, bad input, Ctrl-C and a
//! resumed search.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use insta::assert_snapshot;
use serde_json::Value;

use crate::{ctrl_c_stops, grundy, ok};

const FORMATS: [&str; 3] = ["table", "csv", "json"];

/// `grundy` with `args`, on one thread and without the cache, so that the
/// positions searched are the same on every run.
fn fixed(args: &[&str]) -> String {
    let mut all = vec!["--no-cache", "--threads", "1"];
    all.extend_from_slice(args);
    ok(&all)
}

fn refused(args: &[&str], hint: &str) {
    let out = grundy(args, None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "grundy {args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "grundy {args:?} printed a result");
    assert_eq!(stderr.lines().count(), 1, "grundy {args:?}: {stderr}");
    assert!(
        stderr.starts_with("error: ") && stderr.contains(hint),
        "grundy {args:?}: {stderr} lacks {hint:?}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn values_of_a_family_in_every_format() {
    for format in FORMATS {
        let out = fixed(&["values", "cram:3xn", "--to", "8", "--format", format]);
        assert_snapshot!(format!("values_cram_3xn_{format}"), out);
    }
    let out = fixed(&[
        "values",
        "node-kayles:grid:2xn",
        "--from",
        "1",
        "--to",
        "6",
        "--format",
        "csv",
    ]);
    assert_snapshot!("values_node_kayles_ladder_csv", out);
}

/// A sweep whose last boards would take hours or more is refused after its
/// first cheap members, with the last `n` that would fit; a sweep that fits
/// is answered (above).
#[test]
fn a_family_sweep_past_hours_is_refused_with_the_n_that_fits() {
    let args = [
        "--no-cache",
        "--threads",
        "1",
        "values",
        "cram:3xn",
        "--to",
        "1000",
    ];
    refused(&args, "ask for n up to");
    let out = grundy(&args, None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let fits: u64 = stderr
        .split("ask for n up to ")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no n in {stderr}"));
    assert!((8..1000).contains(&fits), "{stderr}");
    assert!(stderr.contains("an estimate"), "{stderr}");
}

#[test]
fn value_of_a_board_in_every_format() {
    for format in FORMATS {
        let out = fixed(&["values", "cram:4x5", "--format", format]);
        assert_snapshot!(format!("values_cram_4x5_{format}"), out);
        let out = fixed(&["values", "cram:2x3", "--misere", "--format", format]);
        assert_snapshot!(format!("values_cram_2x3_misere_{format}"), out);
    }
}

#[test]
fn moves_of_a_board_in_every_format() {
    for format in FORMATS {
        let out = fixed(&["move", "cram:3x4", "--format", format]);
        assert_snapshot!(format!("move_cram_3x4_{format}"), out);
        let out = fixed(&["move", "node-kayles:grid:2x3", "--all", "--format", format]);
        assert_snapshot!(format!("move_node_kayles_2x3_all_{format}"), out);
        let out = fixed(&[
            "move",
            "chomp:4,3,1",
            "--misere",
            "--all",
            "--format",
            format,
        ]);
        assert_snapshot!(format!("move_chomp_misere_all_{format}"), out);
        // A lost position: no winning move, and the value is still there.
        let out = fixed(&["move", "cram:2x2", "--format", format]);
        assert_snapshot!(format!("move_cram_2x2_lost_{format}"), out);
    }
}

/// The values of empty Cram boards published in the README of
/// github.com/beling/impartial-games at commit 07a34e6 (Beling and
/// Rogalski's igsolve), for every board of this size that a debug build
/// solves in seconds.
#[test]
fn cram_values_match_the_published_table() {
    let published = [
        ("4x4", 0),
        ("4x5", 2),
        ("4x6", 0),
        ("4x7", 3),
        ("5x5", 0),
        ("5x6", 2),
    ];
    for (board, value) in published {
        let out: Value = serde_json::from_str(&ok(&[
            "--no-cache",
            "values",
            &format!("cram:{board}"),
            "--format",
            "json",
        ]))
        .unwrap();
        assert_eq!(out["value"], value, "cram:{board}");
        // The board turned a quarter is the same game.
        let (r, c) = board.split_once('x').unwrap();
        let out: Value = serde_json::from_str(&ok(&[
            "--no-cache",
            "values",
            &format!("cram:{c}x{r}"),
            "--format",
            "json",
        ]))
        .unwrap();
        assert_eq!(out["value"], value, "cram:{c}x{r}");
    }
}

/// Cram on a strip of one row is Dawson's Kayles, 0.07: the two commands
/// print the same values for n up to 1000.
#[test]
fn strips_are_dawsons_kayles() {
    let strips = ok(&[
        "--no-cache",
        "values",
        "cram:1xn",
        "--to",
        "1000",
        "--format",
        "csv",
    ]);
    let heaps = ok(&["values", "0.07", "--to", "1000", "--format", "csv"]);
    let strip_values: Vec<&str> = strips
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap())
        .collect();
    let heap_values: Vec<&str> = heaps
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap())
        .collect();
    assert_eq!(strip_values.len(), 1001);
    assert_eq!(strip_values, heap_values);
}

#[test]
fn files_name_boards_and_graphs() {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("board.txt");
    std::fs::write(&board, "..#\n...\n#..\n").unwrap();
    let spec = format!("cram:@{}", board.display());
    let out: Value = serde_json::from_str(&fixed(&["values", &spec, "--format", "json"])).unwrap();
    assert_eq!(out["game"], "cram:..#/.../#..");
    let drawn: Value =
        serde_json::from_str(&fixed(&["values", "cram:..#/.../#..", "--format", "json"])).unwrap();
    assert_eq!(out, drawn);

    let graph = dir.path().join("graph.txt");
    std::fs::write(&graph, "# a triangle and an edge\n0 1\n1-2\n2,0\n3 4\n").unwrap();
    let spec = format!("node-kayles:@{}", graph.display());
    let out: Value = serde_json::from_str(&fixed(&["move", &spec, "--format", "json"])).unwrap();
    assert_eq!(out["game"], "node-kayles:edges:5:0-1,0-2,1-2,3-4");
    // *1 + *1: lost.
    assert_eq!(out["value"], 0);
}

#[test]
fn bad_boards_and_graphs_get_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let ragged = dir.path().join("ragged.txt");
    std::fs::write(&ragged, "...\n..\n").unwrap();
    refused(
        &["values", &format!("cram:@{}", ragged.display())],
        "row 2 of the board has 2 cells",
    );
    let letters = dir.path().join("letters.txt");
    std::fs::write(&letters, "..a\n").unwrap();
    refused(
        &["move", &format!("cram:@{}", letters.display())],
        "free cell",
    );
    let looped = dir.path().join("loop.txt");
    std::fs::write(&looped, "0 1\n1 1\n").unwrap();
    refused(
        &["values", &format!("node-kayles:@{}", looped.display())],
        "joins a vertex to itself",
    );
    refused(
        &["values", "node-kayles:edges:0-1,2-2"],
        "joins a vertex to itself",
    );
    let missing = dir.path().join("missing.txt");
    refused(
        &["values", &format!("cram:@{}", missing.display())],
        "cannot read",
    );
    refused(
        &["values", &format!("cram:@{}", dir.path().display())],
        "not a regular file",
    );
    let binary = dir.path().join("binary.txt");
    std::fs::write(&binary, [0xff, 0xfe, 0x00]).unwrap();
    refused(
        &["values", &format!("cram:@{}", binary.display())],
        "not UTF-8",
    );
    let huge = dir.path().join("huge.txt");
    std::fs::write(&huge, ".".repeat(2 << 20)).unwrap();
    refused(
        &["values", &format!("cram:@{}", huge.display())],
        "larger than",
    );
    refused(
        &["values", &format!("chomp:@{}", ragged.display())],
        "not read from a file",
    );
    refused(&["values", "cram:5y7"], "cram:5x7");
    refused(&["values", "cram:100x100"], "4096");
    refused(
        &["--max-memory", "64K", "values", "cram:3x3"],
        "memory budget",
    );
    refused(&["values", "cram:1xn", "--to", "5000"], "boards");
    refused(&["values", "cram:3xn"], "--to");
    refused(&["values", "cram:3x4", "--to", "5"], "drop them");
    refused(&["move", "cram:3x4", "5"], "no heap sizes");
    refused(&["move", "cram:3xn"], "cram:3x3");
    refused(&["values", "kayles"], "grundy values --help");
    refused(&["move", "nim"], "HEAP");
    refused(&["move", "nim", "3", "--all"], "drop --all");
    refused(&["count", "cram:3x4", "--to", "5"], "sums of heaps");
    refused(
        &["--max-memory", "2M", "move", "cram:5x6", "--misere"],
        "512.0 KiB",
    );
}

#[test]
fn play_answers_each_move_in_the_games_terms() {
    let out = grundy(
        &["--no-cache", "--threads", "1", "play", "cram:3x4"],
        Some("0,0-0,1\n1,0-2,0\nbye\n"),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_snapshot!("play_cram_3x4", String::from_utf8(out.stdout).unwrap());
    // The computer starts on `go`, and the game runs to its end.
    let out = grundy(
        &["--no-cache", "play", "node-kayles:path:4"],
        Some("go\n3\n"),
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    // A path of 4 is lost for the first player (Dawson's chess, G(4) = 0):
    // the computer takes least, vertex 0, and the reply 3 ends it.
    assert!(out.status.success(), "{stdout}");
    assert_eq!(
        stdout,
        "0 (no winning move)\nvertices 2 3\nedges    2-3\nno move left for me: you win\n"
    );
    // Bad lines are reported, numbered, and the session goes on.
    let out = grundy(&["--no-cache", "play", "chomp:2x3"], Some("0,0\n1,2\ngo\n"));
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    assert!(stderr.starts_with("error: line 1: '0,0' is not a move here"));
    assert!(stderr.contains("error: line 3: `go`"), "{stderr}");
    // Misère play: whoever takes the last domino loses.
    let out = grundy(
        &["--no-cache", "play", "cram:1x2", "--misere"],
        Some("0,0-0,1\n"),
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout, "no move left for me: I win (you moved last)\n");
}

#[test]
fn ctrl_c_stops_a_board_search_and_the_next_run_resumes_from_its_facts() {
    let dir = tempfile::tempdir().unwrap();
    let facts = dir.path().join("cram.facts");
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["values", "cram:5x8", "--format", "json", "--cache"])
        .arg(dir.path())
        .args(["--checkpoint-secs", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    // Stopped once its first checkpoint exists, well before the end: 5 × 8
    // takes over a second on two threads of the test build (5 × 7, a third
    // of a second since threads share the work out, ended between the
    // checkpoint and the signal).
    let deadline = Instant::now() + Duration::from_secs(60);
    while !facts.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    if child.try_wait().expect("the child is there").is_some() {
        // A machine fast enough to finish first: nothing to interrupt.
        return;
    }
    let stderr = ctrl_c_stops(child);
    assert!(
        stderr.starts_with("interrupted: what the search learnt is saved"),
        "{stderr}"
    );
    let d = dir.path().to_str().unwrap();
    let resumed: Value = serde_json::from_str(&ok(&[
        "values", "cram:5x8", "--format", "json", "--cache", d,
    ]))
    .unwrap();
    let fresh: Value = serde_json::from_str(&ok(&[
        "values",
        "cram:5x8",
        "--format",
        "json",
        "--no-cache",
    ]))
    .unwrap();
    assert_eq!(resumed["value"], fresh["value"]);
    assert!(
        resumed["nodes"].as_u64() < fresh["nodes"].as_u64(),
        "{resumed} {fresh}"
    );
    // The cache lists the file, and clears it.
    let listed = ok(&["cache", "list", "--cache", d]);
    assert!(listed.contains("cram.facts"), "{listed}");
}
