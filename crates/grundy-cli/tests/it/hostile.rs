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

/// C2: a link planted at the temporary name a certificate was once written
/// through (`FILE.tmp` and the process id, known here because `exec` keeps
/// the shell's id) is never written through, for `period`, `misere` and
/// `plot`: the certificate lands at FILE and the victim is unchanged.
#[test]
fn links_planted_beside_an_output_file_are_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim");
    for (i, args) in [
        &["period", "0.07", "--certificate"][..],
        &["misere", "0.75", "--max-heap", "21", "--certificate"],
        &["plot", "0.07", "--to", "50", "-o"],
    ]
    .into_iter()
    .enumerate()
    {
        std::fs::write(&victim, "keep me").unwrap();
        let file = dir.path().join(format!("out{i}"));
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(r#"ln -s "$1" "$2.tmp$$" && shift 2 && exec "$@""#)
            .arg("sh")
            .arg(&victim)
            .arg(&file)
            .arg(env!("CARGO_BIN_EXE_grundy"))
            .args(["--no-cache"])
            .args(args)
            .arg(&file)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            std::fs::read_to_string(&victim).unwrap(),
            "keep me",
            "{args:?}"
        );
        let written = std::fs::read_to_string(&file).unwrap();
        assert!(written.len() > 100, "{args:?}: {written}");
    }
}

/// C2: a certificate named through a link that leads to no file (a loop, or
/// a missing target) is refused with one line and exit 2; nothing is
/// written, the link stays, and a missing target is not created.
#[test]
fn a_certificate_through_a_broken_link_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let looped = dir.path().join("loop");
    std::os::unix::fs::symlink(&looped, &looped).unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    std::os::unix::fs::symlink(&b, &a).unwrap();
    std::os::unix::fs::symlink(&a, &b).unwrap();
    let dangling = dir.path().join("dangling");
    let missing = dir.path().join("elsewhere");
    std::os::unix::fs::symlink(&missing, &dangling).unwrap();
    for link in [&looped, &a, &dangling] {
        let out = grundy(
            &["period", "0.07", "--certificate", link.to_str().unwrap()],
            None,
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(out.stdout.is_empty());
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("leads to no file"), "{stderr}");
        assert!(std::fs::symlink_metadata(link).unwrap().is_symlink());
    }
    assert!(!missing.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 4);
}

/// A certificate written over a link goes to the file the link names, and
/// the link stays.
#[test]
fn a_certificate_through_a_link_replaces_its_target() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.cert");
    std::fs::write(&real, "old").unwrap();
    let link = dir.path().join("link.cert");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    crate::ok(&["period", "0.07", "--certificate", link.to_str().unwrap()]);
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(
        std::fs::read_to_string(&real)
            .unwrap()
            .starts_with("# grundy")
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
}

/// C4: every command that prints reports a failed write to standard output
/// (a full device): exit 1 and one line, never exit 0 with nothing written.
#[test]
fn every_command_reports_a_failed_write() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("0.07.cert");
    let cert = cert.to_str().unwrap();
    crate::ok(&["period", "0.07", "--certificate", cert]);
    for args in [
        &["--version"][..],
        &["-V"],
        &["--help"],
        &["help"],
        &["help", "values"],
        &["values", "--help"],
        &["values", "nim", "--to", "10"],
        &["values", "0.07", "--to", "3", "--format", "json"],
        &["values", "0.07", "--to", "3", "--format", "csv"],
        &["values", "kayles", "--to", "5", "--misere"],
        &["move", "nim", "3", "5"],
        &["move", "kayles", "5", "--misere"],
        &["move", "wythoff", "3", "5"],
        &["period", "0.07"],
        &["count", "nim", "--to", "100"],
        &["count", "nim", "--heaps", "2", "--to", "10"],
        &["count", "0.07", "--to", "10", "--frequencies"],
        &["verify", cert],
        &["analyze", "0.07"],
        &["ppos", "wythoff", "--to", "10"],
        &["ppos", "wythoff", "--to", "10", "--list"],
        &["misere", "0.75", "--max-heap", "21"],
        &["plot", "0.07", "--to", "10", "-o", "-"],
        &["completions", "bash"],
        &["man"],
    ] {
        let out = crate::grundy_to_full(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains("No space left"), "{args:?}: {stderr}");
    }
}

/// A version 1 certificate (no values carried) of the three-part code 0.8f
/// claiming values checked to `checked_to`, with any digest: the verifier
/// must recompute every value by plain mex before it can check anything.
fn costly_v1_certificate(dir: &std::path::Path, checked_to: u64) -> String {
    let path = dir.join(format!("0.8f-{checked_to}.cert"));
    std::fs::write(
        &path,
        format!(
            "# grundy periodicity certificate v1\ngame: 0.8f\npreperiod: 0\nperiod: 1\nsaltus: 0\n\
             theorem: three-part-periodicity\nbound: 7\nchecked-to: {checked_to}\n\
             digest: fnv1a64:0000000000000000\n"
        ),
    )
    .unwrap();
    path.to_str().unwrap().to_string()
}

/// C8: a 150-byte version 1 certificate of 0.8f claiming values to 16,384
/// (13 minutes of plain mex) is refused at once, before any value is
/// recomputed, with the way to write one that carries its values.
#[test]
fn a_costly_version_1_certificate_is_refused_before_recomputing() {
    let dir = tempfile::tempdir().unwrap();
    let cert = costly_v1_certificate(dir.path(), 16_384);
    let started = std::time::Instant::now();
    let out = grundy(&["verify", &cert], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(started.elapsed().as_secs() < 5, "{stderr}");
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("version 2 certificate"), "{stderr}");
}

/// C8, C14: Ctrl-C stops `verify` within a second, even in the middle of
/// recomputing a version 1 certificate's values (0.8f to 4,000: seconds
/// of plain mex, within the verifier's limits), with one line that says
/// nothing was verified.
#[test]
fn ctrl_c_stops_verify_within_a_second() {
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let cert = costly_v1_certificate(dir.path(), 4_000);
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["verify", &cert])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let stderr = crate::ctrl_c_stops(child);
    assert!(stderr.contains("not verified"), "{stderr}");
}
