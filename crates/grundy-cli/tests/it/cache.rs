//! The value cache: a run killed with SIGKILL resumes from its last
//! checkpoint and ends bit-identical to an uninterrupted run; later queries
//! are answered from the cache; a damaged file is reported and recomputed.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

use crate::{ctrl_c_stops, grundy, ok};

const GAME: &str = "0.6";
const TO: &str = "300000";

/// A fresh directory under the system's temporary directory, removed when
/// dropped.
fn scratch() -> TempDir {
    tempfile::Builder::new()
        .prefix("grundy-it-")
        .tempdir()
        .expect("a scratch directory")
}

fn cached_run(dir: &Path, extra: &[&str]) -> std::process::Output {
    let dir = dir.to_str().expect("a UTF-8 path");
    let mut args = vec!["count", GAME, "--to", TO, "--format", "csv", "--cache", dir];
    args.extend_from_slice(extra);
    grundy(&args, None)
}

#[test]
fn a_killed_run_resumes_and_ends_bit_identical() {
    let expected = ok(&["count", GAME, "--to", TO, "--format", "csv", "--no-cache"]);

    // An uninterrupted run, checkpointing after every step.
    let whole = scratch();
    let out = cached_run(whole.path(), &["--checkpoint-secs", "0"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);

    // A run killed as soon as its first checkpoint exists.
    let killed = scratch();
    let file = killed.path().join(format!("{GAME}.values"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "count",
            GAME,
            "--to",
            TO,
            "--checkpoint-secs",
            "0",
            "--cache",
        ])
        .arg(killed.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the grundy binary runs");
    let deadline = Instant::now() + Duration::from_secs(60);
    while !file.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().expect("SIGKILL is delivered");
    child.wait().expect("the child is reaped");
    assert!(file.exists(), "no checkpoint was written");

    let out = cached_run(killed.path(), &["--checkpoint-secs", "0", "--stats"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{stderr}");
    let resumed_from = values_read(&stderr);
    assert!(
        0 < resumed_from && resumed_from < 300_001,
        "the run was not stopped part-way: {stderr}"
    );
    let a = std::fs::read(whole.path().join(format!("{GAME}.values"))).unwrap();
    let b = std::fs::read(&file).unwrap();
    assert!(
        a == b,
        "the resumed cache file differs from the uninterrupted one"
    );

    // A second query is answered from the cache, without computing.
    let dir = killed.path().to_str().unwrap();
    let out = grundy(
        &["values", GAME, "--to", "1000", "--cache", dir, "--stats"],
        None,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("read 300001 values"), "{stderr}");
    assert!(stderr.contains("engine       none"), "{stderr}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        ok(&["values", GAME, "--to", "1000", "--no-cache"])
    );

    // A damaged file is reported, ignored and replaced.
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    std::fs::write(&file, &bytes).unwrap();
    let out = cached_run(killed.path(), &["--checkpoint-secs", "0"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("checksum does not match"), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    assert!(std::fs::read(&file).unwrap() == a);
}

#[test]
fn ctrl_c_stops_within_a_second_keeps_a_checkpoint_and_the_next_run_resumes() {
    const TO: &str = "2000000";
    let dir = scratch();
    let file = dir.path().join(format!("{GAME}.values"));
    let args = ["values", GAME, "--to", TO, "--format", "csv", "--cache"];
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .arg(dir.path())
        .args(["--checkpoint-secs", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    // Stopped as soon as its first checkpoint exists: well before the end.
    let deadline = Instant::now() + Duration::from_secs(60);
    while !file.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        child.try_wait().expect("the child is there").is_none(),
        "the run ended before it could be interrupted"
    );
    let stderr = ctrl_c_stops(child);
    assert!(stderr.starts_with("interrupted: "), "{stderr}");

    // The next run resumes from the checkpoint and ends byte-identical.
    let d = dir.path().to_str().expect("a UTF-8 path");
    let out = grundy(
        &[
            "values", GAME, "--to", TO, "--format", "csv", "--cache", d, "--stats",
        ],
        None,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    let resumed_from = values_read(&stderr);
    assert!(0 < resumed_from && resumed_from < 2_000_001, "{stderr}");
    let fresh = ok(&["values", GAME, "--to", TO, "--format", "csv", "--no-cache"]);
    assert!(
        String::from_utf8_lossy(&out.stdout) == fresh,
        "the resumed run differs from an uninterrupted one"
    );
}

/// `grundy cache` lists what the cache holds (game and heaps from each
/// file's header, a damaged file as `?`), sizes it, and clears one game or
/// everything, leaving files that are not its own.
#[test]
fn the_cache_can_be_listed_sized_and_cleared() {
    let dir = scratch();
    let d = dir.path().to_str().unwrap();
    // Checkpoints after every step, so even a short run is written.
    for game in ["0.6", "grundy"] {
        ok(&[
            "values",
            game,
            "--to",
            "2000",
            "--cache",
            d,
            "--checkpoint-secs",
            "0",
        ]);
    }
    std::fs::write(dir.path().join("junk.values"), "junk").unwrap();
    std::fs::write(dir.path().join("notes.txt"), "mine").unwrap();
    let listed: serde_json::Value =
        serde_json::from_str(&ok(&["cache", "list", "--format", "json", "--cache", d])).unwrap();
    let games: Vec<(serde_json::Value, serde_json::Value)> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["game"].clone(), f["heaps"].clone()))
        .collect();
    assert_eq!(
        games,
        [
            (serde_json::json!("0.6"), serde_json::json!(2001)),
            (serde_json::json!("grundy"), serde_json::json!(2001)),
            (serde_json::Value::Null, serde_json::Value::Null),
        ]
    );
    let size: serde_json::Value =
        serde_json::from_str(&ok(&["cache", "size", "--format", "json", "--cache", d])).unwrap();
    assert_eq!(size["files"], 3);
    assert!(ok(&["cache", "clear", "grundy", "--cache", d]).starts_with("removed 1 file "));
    assert!(!dir.path().join("grundy.values").exists());
    assert!(dir.path().join("0.6.values").exists());
    assert!(ok(&["cache", "clear", "--cache", d]).starts_with("removed 2 files "));
    assert!(
        dir.path().join("notes.txt").exists(),
        "a file not the cache's stays"
    );
    assert_eq!(
        ok(&["cache", "size", "--cache", d]).split(" in ").nth(1),
        Some("0 files")
    );
}

/// The values a run read from the cache, from its `--stats` line
/// `cache        read N values from …`.
fn values_read(stderr: &str) -> u64 {
    stderr
        .lines()
        .find(|l| l.starts_with("cache"))
        .and_then(|l| l.split("read ").nth(1))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the resumed run read no checkpoint: {stderr}"))
}
