//! `--misere`: the JSON is the solver's answer, tables name the method, bad
//! input is one line and exit status 2.

use grundy_service::{Question, Solver, Watch};
use insta::assert_snapshot;

use crate::{grundy, ok};

#[test]
fn misere_json_is_the_solvers_answer() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["misere", "0.75", "--max-heap", "8"],
            r#"{"misere_quotient": {"game": "0.75", "max_heap": 8}}"#,
        ),
        (
            &["move", "0.77", "5", "6", "9", "--misere"],
            r#"{"misere_position": {"game": "0.77", "heaps": [5, 6, 9]}}"#,
        ),
        (
            &["move", "nim", "1", "1", "3", "--misere"],
            r#"{"misere_position": {"game": "nim", "heaps": [1, 1, 3]}}"#,
        ),
        (
            &["values", "0.07", "--to", "20", "--misere"],
            r#"{"genera": {"game": "0.07", "to": 20}}"#,
        ),
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
fn misere_tables_say_who_wins_and_how() {
    let out = ok(&["move", "nim", "1", "1", "3", "--misere", "--no-cache"]);
    assert!(
        out.contains("won by the player to move (by the tame rule): 1 winning move"),
        "{out}"
    );
    assert!(out.contains("1 1 1"), "{out}");
    // Small wild positions are searched at once, before any quotient.
    let out = ok(&["move", "0.77", "5", "6", "9", "--misere", "--no-cache"]);
    assert!(out.contains("by game-tree search"), "{out}");
    let out = ok(&["move", "0.77", "5", "60000", "--misere", "--no-cache"]);
    assert!(
        out.contains("by the misère quotient of every heap"),
        "{out}"
    );
    // Dawson's Kayles has a quotient to heap 33 (552 elements at 32), and
    // four heaps near 30 are past a small search; Grundy's game has none
    // past heap 28: its heaps of 30 are searched.
    let out = ok(&[
        "move",
        "0.07",
        "30",
        "29",
        "28",
        "27",
        "--misere",
        "--no-cache",
    ]);
    assert!(
        out.contains("by the misère quotient of heaps up to 32"),
        "{out}"
    );
    let out = ok(&["move", "grundy", "30", "3", "--misere", "--no-cache"]);
    assert!(out.contains("by game-tree search"), "{out}");
    let out = ok(&["move", "nim", "0", "--misere", "--no-cache"]);
    assert!(out.contains("no move is possible"), "{out}");
    let out = ok(&["values", "nim", "--to", "3", "--misere", "--no-cache"]);
    assert!(out.contains("3  3   3   3^31   firm"), "{out}");
    let out = ok(&[
        "values",
        "nim",
        "--to",
        "3",
        "--misere",
        "--no-cache",
        "--format",
        "csv",
    ]);
    assert_eq!(out.lines().nth(2), Some("1,1,0,1^031,fickle"));
}

#[test]
fn misere_play_answers_each_line() {
    let out = grundy(
        &["play", "nim", "--misere", "--no-cache"],
        Some("1 1 3\n1\n0\n"),
    );
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1 1 1\n0 (no winning move)\nno move: the player to move has won (the opponent moved last)\n"
    );
}

#[test]
fn bad_misere_input_is_one_line_and_status_2() {
    for args in [
        &["move", "wythoff", "1", "2", "--misere"][..],
        &["move", "nim", "100000", "--misere"],
        &["move", "0.77", "100001", "--misere"],
        &["values", "nim", "--to", "10", "--from", "2", "--misere"],
        &["misere", "wythoff", "--max-heap", "3"],
        &["misere", "nim", "--max-heap", "5000"],
        // No quotient of every heap: no theorem for nim, a construction
        // that stops for 4.76 (at heap 6).
        &["misere", "nim", "--no-cache"],
        &["misere", "4.76", "--no-cache"],
    ] {
        let out = grundy(args, None);
        assert_eq!(out.status.code(), Some(2), "grundy {args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "grundy {args:?}: {stderr}");
        assert!(out.stdout.is_empty());
    }
    // `grundy misere` has no --misere to drop: it says what to give.
    let out = grundy(&["misere", "wythoff"], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("give a heap game") && !stderr.contains("--misere"),
        "{stderr}"
    );
}

#[test]
fn misere_outputs_in_every_format() {
    for format in ["table", "csv", "json"] {
        let out = ok(&[
            "move",
            "0.77",
            "5",
            "6",
            "20000",
            "--misere",
            "--no-cache",
            "--format",
            format,
        ]);
        assert_snapshot!(format!("misere_move_0.77_{format}"), out);
        let out = ok(&[
            "move",
            "0.07",
            "2",
            "3",
            "4",
            "--misere",
            "--no-cache",
            "--format",
            format,
        ]);
        assert_snapshot!(format!("misere_move_0.07_{format}"), out);
        let out = ok(&[
            "values",
            "kayles",
            "--to",
            "12",
            "--misere",
            "--no-cache",
            "--format",
            format,
        ]);
        assert_snapshot!(format!("misere_values_kayles_{format}"), out);
    }
}

#[test]
fn misere_quotient_says_whether_its_period_is_proved() {
    // 0.75: heap n pretends to be heap n - 2 from heap 10 (period 2 from
    // 8); the octal window 2e + 2p + t - 1 = 21 proves it.
    let out = ok(&["misere", "0.75", "--max-heap", "20", "--no-cache"]);
    assert!(
        out.contains(
            "from heap 10: observed, not proved; heaps up to 21 would prove it (--max-heap 21)"
        ),
        "{out}"
    );
    let out = ok(&["misere", "0.75", "--max-heap", "21", "--no-cache"]);
    assert!(
        out.contains("proved (octal-periodicity window, heaps up to 21)"),
        "{out}"
    );
    let json: serde_json::Value = serde_json::from_str(&ok(&[
        "misere",
        "0.75",
        "--max-heap",
        "21",
        "--no-cache",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(
        json["period"],
        serde_json::json!({"preperiod": 8, "period": 2, "proved": true,
            "theorem": "octal-periodicity", "needs_max_heap": 21,
            "sentence": "heap n pretends to be heap n - 2 from heap 10: proved (octal-periodicity window, heaps up to 21), so this is the quotient of every heap"})
    );
}

#[test]
fn a_proved_misere_period_is_certified_and_verified() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q.cert");
    let file = path.to_str().unwrap();
    ok(&[
        "misere",
        "0.75",
        "--max-heap",
        "21",
        "--certificate",
        file,
        "--no-cache",
    ]);
    let out = ok(&["verify", file]);
    assert!(
        out.starts_with("verified: the misère quotient of 0.75 over heaps 0..=21 (8 elements, 2 in the P-portion"),
        "{out}"
    );
    // Through standard output and input, and as JSON over the solver.
    let text = ok(&[
        "misere",
        "0.71",
        "--max-heap",
        "19",
        "--certificate",
        "-",
        "--no-cache",
    ]);
    let out = grundy(&["verify", "-"], Some(&text));
    assert!(out.status.success());
    let report = grundy_service::Solver::default().verify(&text).unwrap();
    assert_eq!(report.misere.unwrap().elements, 36);
    // A changed table is one line and status 2.
    let changed = std::fs::read_to_string(&path)
        .unwrap()
        .replace("lost: 1 6", "lost: 1 5");
    let out = grundy(&["verify", "-"], Some(&changed));
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("rejected"), "{stderr}");
    // Short of the window, no certificate, and no file.
    let short = dir.path().join("short.cert");
    let out = grundy(
        &[
            "misere",
            "0.75",
            "--max-heap",
            "20",
            "--certificate",
            short.to_str().unwrap(),
            "--no-cache",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("would prove it (--max-heap 21)"));
    assert!(!short.exists());
}

#[test]
fn misere_quotient_prints_its_presentation() {
    // 0.75's quotient is Plambeck's R8 = <a, b, c | a^2 = 1, b^3 = b,
    // bc = ab, c^2 = b^2>, P = {a, b^2} (see the library's test).
    let out = ok(&["misere", "0.75", "--max-heap", "12", "--no-cache"]);
    assert!(out.contains("elements    8"), "{out}");
    assert!(out.contains("P-portion   a, b^2"), "{out}");
    assert!(
        out.contains("generators  a = heap 1, b = heap 2, c = heap 5"),
        "{out}"
    );
    assert!(
        out.contains("relations   a^2 = 1, b c = a b, c^2 = b^2, b^3 = b"),
        "{out}"
    );
    let json: serde_json::Value = serde_json::from_str(&ok(&[
        "misere",
        "0.75",
        "--max-heap",
        "12",
        "--no-cache",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(json["elements"][0], "1");
    assert_eq!(json["generators"][2]["heap"], 5);
    assert_eq!(json["relations"].as_array().unwrap().len(), 4);
    // The quotient of the empty position alone says "none" where a list
    // is empty, rather than leaving the field blank.
    let out = ok(&["misere", "grundy", "--max-heap", "0", "--no-cache"]);
    for field in ["P-portion", "generators", "relations"] {
        assert!(out.contains(&format!("{field:<12}none\n")), "{out}");
    }
    // A split the construction cannot mend is one line and status 2.
    let out = grundy(&["misere", "0.354", "--max-heap", "6", "--no-cache"], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("no misère quotient was found for heap 5"),
        "{stderr}"
    );
}

#[test]
fn misere_without_a_bound_is_the_quotient_of_every_heap() {
    // The bound is the one that proves the period: the quotient of heaps up
    // to it, asked for by name, is the same quotient.
    for game in ["0.75", "kayles"] {
        let every: serde_json::Value =
            serde_json::from_str(&ok(&["misere", game, "--no-cache", "--format", "json"])).unwrap();
        assert_eq!(every["period"]["proved"], true, "{game}");
        let bound = every["max_heap"].as_u64().unwrap();
        assert!(bound >= every["period"]["needs_max_heap"].as_u64().unwrap());
        let named: serde_json::Value = serde_json::from_str(&ok(&[
            "misere",
            game,
            "--max-heap",
            &bound.to_string(),
            "--no-cache",
            "--format",
            "json",
        ]))
        .unwrap();
        assert_eq!(every, named, "{game}");
    }
    let out = ok(&["misere", "kayles", "--no-cache"]);
    assert!(
        out.contains("so this is the quotient of every heap"),
        "{out}"
    );
    let out = grundy(&["misere", "4.76", "--no-cache"], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("no misère quotient of every heap of 4.76") && stderr.contains("heap 6"),
        "{stderr}"
    );
}

/// Ctrl-C in the middle of a misère position that the search and the
/// quotient's construction both work on (Dawson's Kayles' heaps past the
/// 33 its quotient reaches) stops both within a second, prints no half
/// result and one line, which does not promise a resumption: misère work
/// is kept only once it ends.
#[test]
fn ctrl_c_stops_a_misere_position_within_a_second() {
    use std::process::{Command, Stdio};
    use std::time::Duration;
    let dir = tempfile::tempdir().unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "move", "0.07", "20", "30", "40", "50", "--misere", "--cache",
        ])
        .arg(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    std::thread::sleep(Duration::from_secs(3));
    let stderr = crate::ctrl_c_stops(child);
    assert!(
        stderr.starts_with("interrupted: misère") && !stderr.contains("resumes"),
        "{stderr}"
    );
}
