//! Values past memory: with a `--max-memory` too small for the table,
//! `count --frequencies` and `values` compute with part of the values on
//! disk, beside the cache, and answer as they do in memory.

use crate::ok;

/// A scratch cache directory, removed at the end of the test.
fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("grundy-it-")
        .tempdir()
        .expect("a scratch directory")
}

#[test]
fn a_small_memory_budget_gives_the_same_frequencies_and_values() {
    let dir = scratch();
    let cache = dir.path().to_str().expect("a UTF-8 path");
    // 3·10^6 heaps need 2.9 MiB at one byte a heap: past a budget of 2.5 MiB (2 621 440 bytes).
    let args = ["count", "0.161", "--to", "3000000", "--frequencies"];
    let in_memory = ok(&[&args[..], &["--no-cache"]].concat());
    let past = ok(&[&args[..], &["--cache", cache, "--max-memory", "2621440"]].concat());
    assert_eq!(past, in_memory);
    assert!(in_memory.starts_with("0 13\n1 "), "{in_memory}");
    assert!(dir.path().join("0.161.cold").is_file());
    assert!(dir.path().join("0.161.cold.state").is_file());

    let range = ["values", "0.161", "--from", "2999990", "--to", "3000000"];
    let past = ok(&[&range[..], &["--cache", cache, "--max-memory", "2621440"]].concat());
    let in_memory = ok(&[&range[..], &["--no-cache"]].concat());
    assert_eq!(past, in_memory);
}

/// `--stats` reports the run past memory itself: its engine, the heaps
/// it reached, and its threads, not only the small table computed in
/// memory before it (the period search's).
#[test]
fn stats_report_the_run_past_memory() {
    let dir = scratch();
    let cache = dir.path().to_str().expect("a UTF-8 path");
    let args = [
        "count",
        "0.161",
        "--to",
        "3000000",
        "--frequencies",
        "--cache",
        cache,
        "--max-memory",
        "2621440",
        "--stats",
    ];
    let out = crate::grundy(&args, None);
    assert!(out.status.success());
    let stats = String::from_utf8_lossy(&out.stderr);
    let line = |name: &str| {
        stats
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("no {name} line in {stats}"))
            .to_string()
    };
    assert!(line("engine").ends_with("sparse"), "{stats}");
    assert!(line("heaps").ends_with("0..=3000000"), "{stats}");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if cores > 1 {
        assert!(
            line("threads").contains("2 by default; values past memory"),
            "{stats}"
        );
    }
}

#[test]
fn the_cache_command_lists_and_clears_the_values_kept_on_disk() {
    let dir = scratch();
    let cache = dir.path().to_str().expect("a UTF-8 path");
    let args = ["count", "0.161", "--to", "3000000", "--frequencies"];
    ok(&[&args[..], &["--cache", cache, "--max-memory", "2621440"]].concat());
    // Both files, with the game and the heaps the checkpoint counts.
    let list = ok(&["--cache", cache, "cache", "list", "--format", "csv"]);
    let rows: Vec<&str> = list.lines().skip(1).collect();
    assert_eq!(rows.len(), 2, "{list}");
    for (row, name) in rows.iter().zip(["0.161.cold", "0.161.cold.state"]) {
        assert!(row.starts_with("0.161,3000001,"), "{row}");
        assert!(row.ends_with(name), "{row}");
    }
    // Clearing the game removes them: nothing of a gigabyte run is left behind.
    ok(&["--cache", cache, "cache", "clear", "0.161"]);
    assert!(!dir.path().join("0.161.cold").exists());
    assert!(!dir.path().join("0.161.cold.state").exists());
}

#[test]
fn runs_past_memory_are_bounded_before_anything_is_written() {
    let dir = scratch();
    let cache = dir.path().to_str().expect("a UTF-8 path");
    let out = crate::grundy(
        &[
            "--cache",
            cache,
            "count",
            "grundy",
            "--to",
            "2^41",
            "--frequencies",
            "--max-memory",
            "8M",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("2^40") && err.lines().count() == 1, "{err}");
    assert!(out.stdout.is_empty());
    assert_eq!(std::fs::read_dir(dir.path()).map_or(0, |d| d.count()), 0);
    // A range far past the table with a proved period is answered by the
    // period, not by a run past memory: 0.07's values near 2^64.
    let near = [
        "values", "0.07", "--from", "2^64-3", "--to", "2^64-1", "--format", "csv",
    ];
    let small = crate::ok(&[&near[..], &["--cache", cache, "--max-memory", "8M"]].concat());
    assert_eq!(small, crate::ok(&[&near[..], &["--no-cache"]].concat()));
}
