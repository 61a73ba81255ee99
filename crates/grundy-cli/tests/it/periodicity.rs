//! `period`, `verify`, `analyze`, and the commands that answer past the table
//! with a proved period: `values --from`, `count --heaps`, `move` on huge heaps.

use insta::assert_snapshot;
use serde_json::{Value, json};

use crate::{grundy, ok};

const FORMATS: [&str; 3] = ["table", "csv", "json"];

fn json_of(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).unwrap()
}

#[test]
fn period_in_every_format() {
    for game in ["0.07", "grundy", "allbut:1,2"] {
        for format in FORMATS {
            let out = ok(&["period", game, "--max", "2000", "--format", format]);
            assert_snapshot!(format!("period_{game}_{format}"), out);
        }
    }
}

#[test]
fn period_json_has_the_documented_shape() {
    assert_eq!(
        json_of(&["period", "0.07", "--format", "json"]),
        json!({"game": "0.07", "preperiod": 53, "period": 34, "saltus": 0,
               "status": "proved", "theorem": "octal-periodicity", "bound": 142,
               "checked_to": 175,
               "sentence": "period 34 from heap 53, proved by the octal periodicity theorem (Guy and Smith 1956; Winning Ways ch. 4); the theorem needs G(n + 34) = G(n) for 53 <= n < 142, checked (values to 175)"})
    );
    let kayles = json_of(&["period", "kayles", "--format", "json"]);
    assert_eq!(
        (kayles["preperiod"].clone(), kayles["period"].clone()),
        (json!(71), json!(12))
    );
    let nim = json_of(&["period", "nim", "--format", "json"]);
    assert_eq!(
        (nim["saltus"].clone(), nim["status"].clone()),
        (json!(1), json!("proved"))
    );
    let sub = json_of(&["period", "sub:1,2,3", "--format", "json"]);
    assert_eq!(
        (sub["period"].clone(), sub["status"].clone()),
        (json!(4), json!("proved"))
    );
    for game in ["grundy", "sub:squares"] {
        let v = json_of(&["period", game, "--max", "3000", "--format", "json"]);
        assert_ne!(v["status"], json!("proved"), "{game}");
    }
}

#[test]
fn unproved_patterns_are_never_called_periodic() {
    let out = ok(&["period", "grundy", "--max", "2000"]);
    assert!(out.contains("no period up to heap 2000"), "{out}");
    assert!(!out.contains("proved"), "{out}");
    let out = ok(&["period", "allbut:1,2", "--max", "2000"]);
    assert!(
        out.contains("observed") && out.contains("not proved"),
        "{out}"
    );
}

#[test]
fn certificates_round_trip_and_tampering_is_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("strip.cert");
    let path = cert.to_str().unwrap();
    ok(&["period", "0.07", "--certificate", path]);
    let verified = ok(&["verify", path]);
    assert!(
        verified.starts_with("verified: 0.07 has period 34 from heap 53"),
        "{verified}"
    );
    let text = std::fs::read_to_string(&cert).unwrap();
    assert!(
        text.starts_with("# grundy periodicity certificate v2\n"),
        "{text}"
    );
    let forged = dir.path().join("forged.cert");
    std::fs::write(&forged, text.replace("preperiod: 53", "preperiod: 52")).unwrap();
    let out = grundy(&["verify", forged.to_str().unwrap()], None);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("rejected"), "{stderr}");
    let refused = grundy(
        &["period", "grundy", "--max", "500", "--certificate", path],
        None,
    );
    assert_eq!(refused.status.code(), Some(2));
}

/// Issue 38: a certificate that the budget leaves no room to check is
/// refused, not checked, with the budget that would fit: never "rejected",
/// which says the certificate is false. Given that budget, it verifies.
#[test]
fn verify_past_the_budget_is_refused_with_what_would_fit() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("strip.cert");
    let path = cert.to_str().unwrap();
    ok(&["period", "0.07", "--certificate", path]);
    let out = grundy(&["--max-memory", "1K", "verify", path], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("refused, not checked"), "{stderr}");
    assert!(!stderr.contains("rejected"), "{stderr}");
    let fits = stderr
        .split("(--max-memory ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("no budget that would fit in {stderr}"));
    let verified = ok(&["--max-memory", fits, "verify", path]);
    assert!(verified.starts_with("verified: 0.07"), "{verified}");
}

/// Issue 11: what is not a certificate is refused at once, without a panic
/// and without reading past the size limit; version 1 files still verify.
#[test]
fn verify_refuses_forgeries_and_endless_files() {
    let dir = std::env::temp_dir().join(format!("grundy-forged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("strip.cert");
    let file = path.to_str().unwrap();
    ok(&["period", "0.07", "--certificate", file]);
    let text = std::fs::read_to_string(&path).unwrap();
    let one_line_error = |forged: &str, status: i32, says: &str| {
        std::fs::write(&path, forged).unwrap();
        let out = grundy(&["verify", file], None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(status), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(says), "{stderr}");
        assert!(out.stdout.is_empty());
    };
    one_line_error(
        &text
            .replace("preperiod: 53", "preperiod: 18446744073709551614")
            .replace("bound: 142", "bound: 32"),
        2,
        "overflows",
    );
    one_line_error(
        &text.replace("game: 0.07", "game: grundy"),
        2,
        "does not apply to grundy",
    );
    one_line_error("\u{0}\u{1}binary", 2, "is this a grundy certificate?");
    one_line_error(
        &[0xffu8, 0xfe].map(char::from).iter().collect::<String>(),
        2,
        "",
    );
    std::fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
    let out = grundy(&["verify", file], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not text"));
    std::fs::write(
        &path,
        "# grundy periodicity certificate v1
game: 0.356
preperiod: 7315
period: 142
saltus: 0
theorem: octal-periodicity
bound: 14775
checked-to: 14916
digest: fnv1a64:5134d3a075bf78dd
",
    )
    .unwrap();
    let v1 = ok(&["verify", file]);
    assert!(
        v1.starts_with("verified: 0.356 has period 142 from heap 7315"),
        "{v1}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    if std::path::Path::new("/dev/zero").exists() {
        let out = grundy(&["verify", "/dev/zero"], None);
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("longer than 67108864 bytes"), "{stderr}");
    }
}

#[test]
fn analyze_report() {
    let out = ok(&["analyze", "0.07"]);
    assert_snapshot!("analyze_0.07_table", out);
    let v = json_of(&["analyze", "kayles", "--to", "30", "--format", "json"]);
    assert_eq!(v["periodicity"]["period"], json!(12));
    assert_eq!(v["values"].as_array().unwrap().len(), 31);
    let strip = json_of(&["analyze", "0.07", "--format", "json"]);
    assert_eq!(strip["exceptions"], json!([0, 1, 15, 17, 18, 32, 35, 52]));
}

#[test]
fn huge_heaps_with_a_proved_period() {
    assert_snapshot!("count_0.07_10^18", ok(&["count", "0.07", "--to", "10^18"]));
    let period = json_of(&[
        "count", "0.07", "--from", "10^18", "--to", "10^18+33", "--format", "json",
    ]);
    assert_eq!(
        (period["wins"].clone(), period["losses"].clone()),
        (json!(29), json!(5))
    );
    let seed = json_of(&["count", "0.07", "--to", "1000000", "--format", "json"]);
    assert_eq!(seed["wins"], json!(852_938));
    assert_snapshot!(
        "values_0.07_from_2^64-21",
        ok(&["values", "0.07", "--from", "2^64-21", "--to", "2^64-1"])
    );
    assert_snapshot!(
        "move_0.07_10^18_7",
        ok(&["move", "0.07", "10^18", "7", "--limit", "4"])
    );
}

/// C7: values, counts, frequencies and moves of 0.07 to a million and
/// past come from its proved period (plots ask for the same values). Its values cost time quadratic in
/// the heap (10^6 took minutes); the period is proved within 200 heaps.
/// `--stats` says how far the table was computed.
#[test]
fn far_heaps_of_a_proved_period_cost_a_few_hundred_values() {
    let commands: [&[&str]; 4] = [
        &["values", "0.07", "--to", "1000000", "--format", "csv"],
        &["count", "0.07", "--to", "1000000"],
        &["count", "0.07", "--to", "10^12", "--frequencies"],
        &["move", "0.07", "1000000", "777777", "3"],
    ];
    for args in commands {
        let out = grundy(&[args, &["--no-cache", "--stats"]].concat(), None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {stderr}");
        let last = stderr
            .lines()
            .find_map(|l| l.strip_prefix("heaps")?.trim().strip_prefix("0..="))
            .unwrap_or_else(|| panic!("{args:?}: no table in {stderr}"));
        let last: u64 = last.parse().unwrap();
        assert!(last < 1_000, "{args:?}: values computed to {last}");
    }
    let csv = ok(&["values", "0.07", "--to", "1000000", "--format", "csv"]);
    assert_eq!(csv.lines().count(), 1_000_002);
    assert_eq!(csv.lines().last(), Some("1000000,2"));
}

/// A three-part code whose pattern is observed but not proved (0.88: our
/// mirror theorem's hypotheses fail for it), and whose values cost time
/// cubic in the heap: past its search limit the answer is a refusal naming
/// the limit and the flag, at once.
#[test]
fn a_costly_game_without_a_proved_period_is_refused_past_its_limit() {
    for args in [
        &["values", "0.88", "--to", "1000000"][..],
        &["move", "0.88", "1000000"],
        &["count", "0.88", "--to", "10^9"],
        &["count", "0.88", "--to", "10^6", "--frequencies"],
    ] {
        let out = grundy(args, None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("no proved period up to heap 8192") && stderr.contains("(--max "),
            "{stderr}"
        );
    }
}

/// C6 (issue 38): 0.8f's arithmetic period (7, saltus 4, from heap 7) is
/// proved by the mirror theorem, so far heaps are answered through it. The
/// last value is computed here from the first 14 values and the pattern.
#[test]
fn an_arithmetic_period_answers_far_heaps_of_0_8f() {
    let verdict = ok(&["period", "0.8f"]);
    assert!(verdict.contains("status     proved"), "{verdict}");
    assert!(verdict.contains("mirror theorem"), "{verdict}");
    let first: Vec<u64> = ok(&["values", "0.8f", "--to", "13", "--format", "csv"])
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(first.len(), 14);
    let g = |n: u64| {
        if n < 14 {
            first[n as usize]
        } else {
            first[(7 + (n - 7) % 7) as usize] + 4 * ((n - 7) / 7)
        }
    };
    let csv = ok(&[
        "--no-cache",
        "values",
        "0.8f",
        "--to",
        "1000000",
        "--format",
        "csv",
    ]);
    assert_eq!(csv.lines().count(), 1_000_002);
    let expected = format!("1000000,{}", g(1_000_000));
    assert_eq!(csv.lines().last(), Some(expected.as_str()));
    // A winning move of a heap of 10^6 leaves a position of value 0.
    let mv = json_of(&["move", "0.8f", "1000000", "--format", "json"]);
    let parts = mv["moves"][0]["to"]
        .as_array()
        .unwrap_or_else(|| panic!("{mv}"));
    let after = parts
        .iter()
        .map(|p| g(p.as_u64().unwrap()))
        .fold(0, |x, v| x ^ v);
    assert_eq!(after, 0, "{mv}");
    // Counting through the period: nothing refused.
    let count = ok(&["count", "0.8f", "--to", "10^9"]);
    assert!(count.contains("losses"), "{count}");
    ok(&["count", "0.8f", "--to", "10^6", "--frequencies"]);
    // Its certificate verifies, and a wrong saltus is rejected in one line.
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("0.8f.cert");
    let path = cert.to_str().unwrap();
    ok(&["period", "0.8f", "--certificate", path]);
    let verified = ok(&["verify", path]);
    assert!(
        verified.contains("saltus 4") && verified.contains("mirror theorem"),
        "{verified}"
    );
    let text = std::fs::read_to_string(&cert).unwrap();
    let forged = dir.path().join("forged.cert");
    std::fs::write(&forged, text.replace("saltus: 4", "saltus: 8")).unwrap();
    let out = grundy(&["verify", forged.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
}

#[test]
fn multiset_counts() {
    for format in FORMATS {
        let out = ok(&[
            "count",
            "sub:squares",
            "--heaps",
            "3",
            "--to",
            "29",
            "--format",
            format,
        ]);
        assert_snapshot!(format!("count_nim_square_3_heaps_{format}"), out);
    }
    let v = json_of(&[
        "count",
        "nim-square",
        "--heaps",
        "3",
        "--to",
        "29",
        "--format",
        "json",
    ]);
    assert_eq!(v["losing"], json!(1160));
    // Past 2^128 the JSON count is a decimal string.
    assert_snapshot!(
        "count_0.07_4_heaps_10^18",
        ok(&[
            "count", "0.07", "--heaps", "4", "--to", "10^18", "--format", "json"
        ])
    );
}

#[test]
fn refusals_are_one_line() {
    for (args, hint) in [
        (
            vec!["analyze", "0.07", "--to", "10^18"],
            "grundy values --from",
        ),
        (
            vec!["move", "0.07", "10^18", "--limit", "1000000000"],
            "--limit",
        ),
        (
            vec!["count", "0.07", "--heaps", "0", "--to", "9"],
            "--heaps 3",
        ),
        (vec!["values", "0.07", "--from", "9", "--to", "3"], "--from"),
        (
            vec![
                "values", "grundy", "--from", "10^18", "--to", "10^18", "--max", "300",
            ],
            "no proved period",
        ),
    ] {
        let out = grundy(&args, None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(hint), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn a_pattern_short_of_its_window_says_which_theorem_would_prove_it() {
    let out = ok(&["period", "0.07", "--max", "174", "--no-cache"]);
    assert!(out.contains("status     observed"), "{out}");
    assert!(
        out.contains("not proved yet: the octal periodicity theorem")
            && out.contains("once the values reach heap 175"),
        "{out}"
    );
    assert!(!out.contains("no theorem applies"), "{out}");
    let proved = ok(&["period", "0.07", "--max", "175", "--no-cache"]);
    assert!(proved.contains("status     proved"), "{proved}");
}

#[test]
fn a_certificate_goes_to_stdout_to_a_device_or_through_a_link_without_replacing_it() {
    // `-`: the certificate alone on standard output.
    let text = ok(&["period", "0.07", "--certificate", "-", "--no-cache"]);
    assert!(
        text.starts_with("# grundy periodicity certificate"),
        "{text}"
    );
    // A device is written to, not replaced: /dev/full refuses the bytes.
    let out = grundy(
        &["period", "0.07", "--certificate", "/dev/full", "--no-cache"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("No space left"), "{stderr}");
    assert!(!std::fs::metadata("/dev/full").unwrap().is_file());
    // A link stays a link; its target gets the certificate.
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("real.cert");
    let link = dir.path().join("link.cert");
    std::fs::write(&target, "").unwrap();
    std::os::unix::fs::symlink(&target, &link).unwrap();
    ok(&[
        "period",
        "0.07",
        "--certificate",
        link.to_str().unwrap(),
        "--no-cache",
    ]);
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), text);
}
