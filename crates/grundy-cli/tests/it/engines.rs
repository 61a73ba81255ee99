//! `--engine` and `--stats`: every engine prints the same values; the sparse
//! and bitset engines are refused where they do not apply; the statistics go
//! to stderr.

use crate::{grundy, ok};

#[test]
fn every_engine_prints_the_same_values() {
    for game in ["grundy", "0.6", "0.16", "4.07", "0.77"] {
        let args = |engine: &'static str| {
            [
                "values",
                game,
                "--to",
                "700",
                "--format",
                "csv",
                "--no-cache",
                "--engine",
                engine,
            ]
        };
        let naive = ok(&args("naive"));
        assert_eq!(ok(&args("sparse")), naive, "{game}");
        assert_eq!(ok(&args("auto")), naive, "{game}");
        if game != "grundy" {
            assert_eq!(ok(&args("bitsets")), naive, "{game}");
        }
    }
}

#[test]
fn three_part_codes_print_the_same_values_with_every_engine() {
    for game in ["hex:0.8f", "hex:c.3", "hex:0.f"] {
        let args = |engine: &'static str| {
            [
                "values",
                game,
                "--to",
                "300",
                "--format",
                "csv",
                "--no-cache",
                "--engine",
                engine,
            ]
        };
        let naive = ok(&args("naive"));
        assert_eq!(ok(&args("bitsets")), naive, "{game}");
        assert_eq!(ok(&args("auto")), naive, "{game}");
    }
    let out = grundy(
        &["values", "hex:0.8f", "--to", "300", "--no-cache", "--stats"],
        None,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("engine       bitsets"), "{stderr}");
}

#[test]
fn the_bitset_engine_is_refused_where_it_does_not_apply() {
    for game in ["nim", "sub:1,3,4", "grundy", "allbut:1,2"] {
        let out = grundy(
            &[
                "values",
                game,
                "--to",
                "10",
                "--engine",
                "bitsets",
                "--no-cache",
            ],
            None,
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{game}: {stderr}");
        assert!(out.stdout.is_empty());
        assert!(stderr.contains("--engine naive"), "{game}: {stderr}");
    }
}

#[test]
fn the_sparse_engine_is_refused_where_it_does_not_apply() {
    for game in ["nim", "sub:1,3,4", "0.33", "0.8", "hex:0.8", "0.0"] {
        let out = grundy(
            &[
                "values",
                game,
                "--to",
                "10",
                "--engine",
                "sparse",
                "--no-cache",
            ],
            None,
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{game}: {stderr}");
        assert!(out.stdout.is_empty());
        assert!(stderr.contains("--engine naive"), "{game}: {stderr}");
    }
}

#[test]
fn stats_go_to_stderr_and_leave_stdout_alone() {
    let plain = ok(&["count", "grundy", "--to", "5000", "--no-cache"]);
    let out = grundy(
        &["count", "grundy", "--to", "5000", "--no-cache", "--stats"],
        None,
    );
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), plain);
    let stderr = String::from_utf8_lossy(&out.stderr);
    for key in [
        "engine       sparse",
        "mask         0x",
        "rare heaps",
        "max value",
        "time",
    ] {
        assert!(stderr.contains(key), "{key:?} missing from {stderr}");
    }
}

/// `--threads N` changes how the engines run, never what they answer; with
/// `--stats` the CPU time and the threads are reported.
#[test]
fn answers_do_not_depend_on_threads() {
    let run = |threads: &str| {
        let out = crate::grundy(
            &[
                "--no-cache",
                "--threads",
                threads,
                "values",
                "0.6",
                "--to",
                "20000",
                "--format",
                "csv",
                "--stats",
            ],
            None,
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (one, stats) = run("1");
    assert!(
        stats
            .lines()
            .any(|l| l.starts_with("cpu") && l.contains("on 1 thread(s)")),
        "{stats}"
    );
    assert_eq!(run("2").0, one);
    assert_eq!(run("3").0, one);
}

/// `--stats` says where each thread's time went in the sparse engine's
/// pipeline (issue 37): one line a thread of the pool, whose busy and
/// waiting times add up to the pipeline's wall time, the spinning within the
/// waiting.
#[test]
fn stats_account_for_every_thread() {
    let out = grundy(
        &[
            "--threads",
            "2",
            "count",
            "grundy",
            "--to",
            "150000",
            "--no-cache",
            "--stats",
        ],
        None,
    );
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let seconds = |text: &str| -> Vec<f64> {
        text.split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .filter(|w| w.contains('.'))
            .map(|w| w.parse().unwrap())
            .collect()
    };
    let pipeline = stderr
        .lines()
        .find(|l| l.starts_with("pipeline"))
        .unwrap_or_else(|| panic!("no pipeline line in {stderr}"));
    let wall = seconds(pipeline)[0];
    let threads: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("  thread"))
        .collect();
    assert!((1..=2).contains(&threads.len()), "{stderr}");
    for line in threads {
        // Busy finishing, reading, alone; waiting, and of it spinning.
        let parts = seconds(line);
        assert_eq!(parts.len(), 5, "{line}");
        let total: f64 = parts[..4].iter().sum();
        assert!((total - wall).abs() < 0.005, "{line} against {wall}");
        assert!(
            parts[4] <= parts[3] + 0.005,
            "{line}: spun more than waited"
        );
    }
}
