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
