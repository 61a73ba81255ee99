//! `grundy play`, piped.

use insta::assert_snapshot;

use crate::grundy;

#[test]
fn answers_a_line_at_a_time_until_bye() {
    let out = grundy(&["play", "grundy"], Some("5 10 20\n7\n\n3\n1 2\nbye\n9\n"));
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_snapshot!(String::from_utf8(out.stdout).unwrap());
}

#[test]
fn ends_at_end_of_input() {
    let out = grundy(&["play", "nim"], Some("3 5\n4 4"));
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "3 3\nno winning move: every move loses\n"
    );
}

#[test]
fn bad_lines_are_reported_and_the_session_goes_on() {
    let out = grundy(&["play", "0.07"], Some("4\nfour\n-1\n5\n"));
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout, "1 1\nno winning move: every move loses\n");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    assert!(
        stderr.lines().all(|l| l.starts_with("error: line ")),
        "{stderr}"
    );
}

/// Heaps past `--max` are answered from the proved period, and the answer is
/// a position `move` values at zero.
#[test]
fn huge_heaps_are_answered_from_a_proved_period() {
    let out = grundy(&["play", "0.07"], Some("10^18 7\n"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answer = String::from_utf8(out.stdout).unwrap();
    let mut args = vec!["move", "0.07", "--format", "json"];
    args.extend(answer.split_whitespace());
    let after: serde_json::Value = serde_json::from_str(&crate::ok(&args)).unwrap();
    assert_eq!(after["value"], 0, "{answer}");
}

#[test]
fn huge_heaps_without_a_period_are_refused_in_one_line() {
    let out = grundy(&["play", "grundy"], Some("10^17\n"));
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("no proved period"), "{stderr}");
}

/// Binary input, a byte-order mark and an endless line: each bad line is
/// one error naming its number, the good lines are answered, exit 2.
#[test]
fn hostile_lines_are_named_and_skipped() {
    let mut input = "\u{feff}5 10 20\n".as_bytes().to_vec();
    input.extend_from_slice(b"\x00\xff\xfe\x01\n");
    input.extend(std::iter::repeat_n(b'1', 17 << 20));
    input.extend_from_slice(b"\n7\n");
    let out = crate::grundy_bytes(&["play", "grundy"], &input);
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let clean = grundy(&["play", "grundy"], Some("5 10 20\n7\n"));
    assert_eq!(stdout, String::from_utf8(clean.stdout).unwrap());
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{stderr}");
    assert!(lines[0].starts_with("error: line 2: not UTF-8"), "{stderr}");
    assert!(lines[1].starts_with("error: line 3: "), "{stderr}");
    assert!(stderr.len() < 400, "errors echo the input: {stderr}");
}

/// Multi-heap games are played too: every answer is a P-position, as `move`
/// judges it.
#[test]
fn plays_multiheap_games() {
    for (game, position) in [("wythoff", "4 9"), ("stone", "3 5 7")] {
        let out = grundy(&["play", game], Some(&format!("{position}\n")));
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let after = String::from_utf8(out.stdout).unwrap();
        let mut args = vec!["move", game, "--format", "json"];
        args.extend(after.split_whitespace());
        let judged: serde_json::Value = serde_json::from_str(&crate::ok(&args)).unwrap();
        assert_eq!(judged["winning"], false, "{game} {position} -> {after}");
    }
}
