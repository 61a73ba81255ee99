//! `grundy survey`: a run killed with SIGKILL and run again gives the
//! database an uninterrupted run gives; stored certificates pass `grundy
//! verify`; damaged catalogues are refused with one line, never a panic
//! (`serve --catalogue` too, before it listens).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::{grundy, ok};

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The catalogue as JSON rows without the time each game took.
fn rows(db: &Path) -> Vec<serde_json::Value> {
    let text = ok(&["survey", "show", "--db", path(db), "--format", "json"]);
    let mut rows: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    for r in &mut rows {
        r.as_object_mut().unwrap().remove("seconds");
    }
    rows
}

const RUN: [&str; 8] = [
    "survey",
    "run",
    "octal",
    "--digits",
    "2",
    "--max-heaps",
    "3000",
    "--quiet",
];

#[test]
fn a_run_killed_and_run_again_equals_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.sqlite");
    let killed = dir.path().join("killed.sqlite");
    let args = |db: &Path| {
        let mut a: Vec<String> = RUN.iter().map(|s| s.to_string()).collect();
        a.extend(["--jobs", "2", "--db", path(db)].map(String::from));
        a
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args(&killed))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill it once a few games are recorded (or after 20 s at most).
    let started = Instant::now();
    loop {
        std::thread::sleep(Duration::from_millis(20));
        let out = grundy(
            &["survey", "show", "--db", path(&killed), "--format", "csv"],
            None,
        );
        let lines = String::from_utf8_lossy(&out.stdout).lines().count();
        if lines > 6 || started.elapsed() > Duration::from_secs(20) {
            break;
        }
    }
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();
    let partial = rows(&killed).len();
    assert!(partial < 127, "the run finished before it was killed");
    let again: Vec<String> = args(&killed);
    let again: Vec<&str> = again.iter().map(String::as_str).collect();
    let summary = ok(&again);
    assert!(
        summary.contains(&format!("{partial} answered before")),
        "{summary}"
    );
    let once: Vec<String> = args(&whole);
    let once: Vec<&str> = once.iter().map(String::as_str).collect();
    ok(&once);
    assert_eq!(rows(&killed), rows(&whole));
    assert_eq!(rows(&whole).len(), 127);
    // Run again: nothing is computed twice.
    let summary = ok(&again);
    assert!(
        summary.contains("127 answered before, 0 computed"),
        "{summary}"
    );
}

#[test]
fn a_stored_certificate_passes_verify() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    ok(&[
        "survey",
        "run",
        "list",
        "0.07",
        "kayles",
        "0.16",
        "--max-heaps",
        "2^10",
        "--db",
        path(&db),
        "-q",
    ]);
    let cert = ok(&[
        "survey",
        "show",
        "--db",
        path(&db),
        "dawson-kayles",
        "--certificate",
    ]);
    let file = dir.path().join("0.07.cert");
    std::fs::write(&file, cert).unwrap();
    let verified = ok(&["verify", path(&file)]);
    assert!(
        verified.starts_with("verified: 0.07 has period 34 from heap 53"),
        "{verified}"
    );
    // 0.16 has no proved period: no certificate, a clear error.
    let out = grundy(
        &["survey", "show", "--db", path(&db), "0.16", "--certificate"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("0.16 has no certificate"));
    // The columns scripts read.
    let csv = ok(&[
        "survey",
        "show",
        "--db",
        path(&db),
        "--format",
        "csv",
        "--status",
        "proved",
    ]);
    assert!(
        csv.starts_with("game,status,preperiod,period,saltus,checked_to,max_value"),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), 3, "{csv}");
    let md = ok(&["survey", "show", "--db", path(&db), "--format", "markdown"]);
    assert!(md.contains("| 0.77 | proved | 71 | 12 | 0 |"), "{md}");
}

#[test]
fn damaged_catalogues_give_one_line_and_no_panic() {
    let dir = tempfile::tempdir().unwrap();
    let garbage = dir.path().join("garbage.sqlite");
    std::fs::write(&garbage, [0x5au8; 10_000]).unwrap();
    for args in [
        vec!["survey", "show", "--db", path(&garbage)],
        vec!["survey", "run", "list", "0.07", "--db", path(&garbage)],
        vec![
            "survey",
            "merge",
            path(&garbage),
            "-o",
            "/dev/null/x.sqlite",
        ],
    ] {
        let out = grundy(&args, None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("not a readable grundy survey catalogue")
                || stderr.contains("cannot create"),
            "{stderr}"
        );
    }
    let out = grundy(
        &[
            "survey",
            "show",
            "--db",
            path(&dir.path().join("absent.sqlite")),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let out = grundy(
        &[
            "survey", "run", "octal", "--db", "x.sqlite", "--shard", "4/4",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let help = ok(&["survey", "run", "--help"]);
    assert!(help.contains("Example"), "{help}");
}

#[test]
fn serve_refuses_a_catalogue_it_cannot_read_before_listening() {
    let dir = tempfile::tempdir().unwrap();
    let garbage = dir.path().join("garbage.sqlite");
    std::fs::write(&garbage, [0x5au8; 10_000]).unwrap();
    let absent = dir.path().join("absent.sqlite");
    for (file, says) in [
        (&garbage, "not a readable grundy survey catalogue"),
        (&absent, "does not exist"),
    ] {
        let out = grundy(
            &["serve", "--addr", "127.0.0.1:0", "--catalogue", path(file)],
            None,
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains(says) && stderr.contains(path(file)),
            "{stderr}"
        );
        assert!(out.stdout.is_empty(), "nothing served");
    }
}
