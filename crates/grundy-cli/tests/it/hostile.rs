//! Hostile and oversized input: every answer bounded, every error one short
//! line.

use crate::grundy;

/// A position of 2,000 heaps with over a hundred thousand winning moves lists
/// `--limit` of them (20 by default) and counts the rest, in the table and in
/// CSV: the output no longer repeats the position once a move.
#[test]
fn many_heaps_list_the_limit_and_count_the_rest() {
    let heaps: Vec<String> = (1..=2000).map(|h| h.to_string()).collect();
    let mut args = vec!["--max-memory", "100M", "move", "kayles"];
    args.extend(heaps.iter().map(String::as_str));
    let table = crate::ok(&args);
    assert!(table.len() < 64 << 10, "{} bytes", table.len());
    assert!(
        table.contains("the first 20 listed"),
        "{}",
        &table[table.len() - 400..]
    );
    let json: serde_json::Value = serde_json::from_str(&crate::ok(
        &[args.as_slice(), &["--format", "json"]].concat(),
    ))
    .unwrap();
    assert_eq!(json["moves"].as_array().unwrap().len(), 20);
    assert!(json["total_winning_moves"].as_u64().unwrap() > 20);
    let csv = crate::ok(&[args.as_slice(), &["--format", "csv", "--limit", "5"]].concat());
    assert_eq!(csv.lines().count(), 6, "a header and 5 moves");
}

/// Error messages quote at most a few dozen characters of what was typed,
/// with control characters escaped.
#[test]
fn errors_do_not_echo_huge_or_raw_input() {
    let long = "x".repeat(100_000);
    let nul = "0.0\u{1}";
    let code = format!("0.{long}");
    let sub = format!("sub:1,{long}");
    for args in [
        vec!["values", long.as_str(), "--to", "3"],
        vec!["values", code.as_str(), "--to", "3"],
        vec!["values", sub.as_str(), "--to", "3"],
        vec!["values", nul, "--to", "3"],
        vec!["move", "kayles", "1", long.as_str()],
    ] {
        let out = grundy(&args, None);
        assert_eq!(out.status.code(), Some(2));
        assert!(out.stdout.is_empty());
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.len() < 600,
            "{} bytes: {}",
            stderr.len(),
            &stderr[..200]
        );
        assert!(
            !stderr.trim_end().chars().any(char::is_control),
            "{stderr:?}"
        );
    }
}

/// `verify -` reads the certificate from standard input, bounded as a file
/// is: a certificate piped from `period` verifies, an endless stream is
/// refused after the limit.
#[test]
fn verify_reads_standard_input_bounded() {
    let cert = crate::ok(&["period", "0.07", "--certificate", "-"]);
    let out = grundy(&["verify", "-"], Some(&cert));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("verified: 0.07")
    );
    let flood = vec![b'#'; grundy_service::MAX_CERTIFICATE_TEXT + 10];
    let out = crate::grundy_bytes(&["verify", "-"], &flood);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("longer than"), "{stderr}");
}

/// `--version` names the commit and the compiler it was built from.
#[test]
fn version_says_how_it_was_built() {
    let version = crate::ok(&["--version"]);
    let lines: Vec<&str> = version.lines().collect();
    assert_eq!(lines.len(), 3, "{version}");
    assert!(lines[0].starts_with("grundy "), "{version}");
    assert!(lines[1].starts_with("commit ") || lines[1].contains("not built from a git checkout"));
    assert!(lines[2].starts_with("built by rustc "), "{version}");
}

/// `analyze` stays a readable page: a game with a long period (0.16's is
/// 149,459) shows its first values and the number of exceptions, not
/// megabytes; a period of 1 (nim) gets rows of 10; heap 0 alone is not
/// read as "zero P-positions".
#[test]
fn analyze_stays_readable() {
    let long = crate::ok(&["analyze", "0.16"]);
    assert!(long.len() < 8 << 10, "{} bytes", long.len());
    assert!(long.contains("shows more"), "{long}");
    let json: serde_json::Value =
        serde_json::from_str(&crate::ok(&["analyze", "0.16", "--format", "json"])).unwrap();
    let listed = json["exceptions"].as_array().unwrap().len() as u64;
    assert!(json["exceptions_total"].as_u64().unwrap() > listed);
    let nim = crate::ok(&["analyze", "nim"]);
    assert!(nim.contains("10 a row"), "{nim}");
    let kayles = crate::ok(&["analyze", "kayles"]);
    let p = kayles
        .lines()
        .find(|l| l.starts_with("P-positions"))
        .unwrap();
    assert!(p.contains("heap 0 only"), "{p}");
}

/// Counts stay exact past 128 bits with wide histograms too (nim to 10^6:
/// a million distinct values), as the help promises: a decimal string in
/// JSON, never "does not fit".
#[test]
fn counts_past_128_bits_with_wide_histograms_are_exact() {
    let json: serde_json::Value = serde_json::from_str(&crate::ok(&[
        "count", "nim", "--heaps", "16", "--to", "10^6", "--format", "json",
    ]))
    .unwrap();
    let losing = json["losing"]
        .as_str()
        .expect("a decimal string past 128 bits");
    assert!(
        losing.len() > 39 && losing.bytes().all(|b| b.is_ascii_digit()),
        "{losing}"
    );
}

/// `--heaps`, `--limit` and `--max-memory` take the size syntax the other
/// sizes take, with the same answers as plain numbers.
#[test]
fn every_size_flag_takes_the_size_syntax() {
    let plain = crate::ok(&[
        "--max-memory",
        "1073741824",
        "count",
        "sub:squares",
        "--heaps",
        "2",
        "--to",
        "100",
    ]);
    let powers = crate::ok(&[
        "--max-memory",
        "2^30",
        "count",
        "sub:squares",
        "--heaps",
        "2^1",
        "--to",
        "10^2",
    ]);
    assert_eq!(plain, powers);
    let listed = crate::ok(&[
        "move", "kayles", "50", "60", "--limit", "10^0", "--format", "json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&listed).unwrap();
    assert_eq!(json["moves"].as_array().unwrap().len(), 1);
}
