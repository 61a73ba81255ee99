//! `--threads 1`, `2`, `4`, `8` and `16`, and the default, give identical answers; a proved period is
//! proved on exactly its window, whatever the threads, and its certificate
//! verifies.

use crate::ok;

/// `grundy --no-cache --threads N ARGS…` on N = 1, 2, 4, 8 and 16, and
/// with no `--threads`, checked equal; returns the answer.
fn same_on_every_thread_count(args: &[&str]) -> String {
    let run = |threads: &str| {
        let mut all = vec!["--no-cache", "--threads", threads];
        all.extend_from_slice(args);
        ok(&all)
    };
    let one = run("1");
    for n in ["2", "4", "8", "16"] {
        assert!(run(n) == one, "grundy {args:?} differs on {n} threads");
    }
    let mut default = vec!["--no-cache"];
    default.extend_from_slice(args);
    assert!(ok(&default) == one, "grundy {args:?} differs by default");
    one
}

#[test]
fn values_are_the_same_on_every_thread_count() {
    for game in ["grundy", "0.6", "0.161", "0.354"] {
        let csv =
            same_on_every_thread_count(&["values", game, "--to", "131072", "--format", "csv"]);
        assert_eq!(csv.lines().count(), 131_073 + 1, "{game}");
    }
}

/// The search stops at the theorem's window `bound + p` (values to
/// `bound + p − 1`), read from the answer itself, on any number of threads;
/// the certificate of that table verifies.
#[test]
fn period_searches_stop_at_the_window_on_every_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["0.017", "0.77", "0.127", "0.16"] {
        let json = same_on_every_thread_count(&["period", game, "--format", "json"]);
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["status"], "proved", "{game}: {json}");
        let (bound, period) = (v["bound"].as_u64().unwrap(), v["period"].as_u64().unwrap());
        let checked_to = v["checked_to"].as_u64().unwrap();
        assert_eq!(checked_to, (bound + period - 1).max(127), "{game}: {json}");

        let cert = dir.path().join(format!("{game}.cert"));
        let path = cert.to_str().unwrap();
        ok(&[
            "--no-cache",
            "--threads",
            "2",
            "period",
            game,
            "--certificate",
            path,
        ]);
        let verified = ok(&["--no-cache", "verify", path]);
        let expected = format!("verified: {game} has period {period} from heap");
        assert!(verified.starts_with(&expected), "{verified}");
    }
}

/// `--stats` says how many threads the default chose and why, and what
/// measuring them took; with `--threads`, nothing is chosen and no such
/// line is printed.
#[test]
fn stats_tell_the_threads_the_default_chose() {
    let stats = |extra: &[&str]| {
        let mut args = vec!["--no-cache"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["count", "0.161", "--to", "3145728", "--stats"]);
        let out = crate::grundy(&args, None);
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    let default = stats(&[]);
    let line = default
        .lines()
        .find(|l| l.starts_with("threads "))
        .unwrap_or_else(|| panic!("no threads line in {default}"));
    assert!(
        line.contains("by default; chosen: ") || line.contains("by default; still measuring"),
        "{line}"
    );
    // What the measuring cost: the steps measured, on one thread first.
    let measuring = default
        .lines()
        .find(|l| l.starts_with("measuring "))
        .unwrap_or_else(|| panic!("no measuring line in {default}"));
    assert!(measuring.contains(" s on 1 thread"), "{measuring}");
    // What the choice rests on: each wider width against one thread,
    // where more than one thread is allowed (two at least were tried).
    if line.contains("chosen: ") && !line.contains("one thread allowed") {
        let trials = default
            .lines()
            .find(|l| l.starts_with("trials "))
            .unwrap_or_else(|| panic!("no trials line in {default}"));
        assert!(
            trials.contains("against 1 thread: 2 threads ") && trials.contains("x the CPU a heap"),
            "{trials}"
        );
    }
    let forced = stats(&["--threads", "2"]);
    assert!(
        !forced
            .lines()
            .any(|l| l.starts_with("threads ") || l.starts_with("measuring ")),
        "{forced}"
    );
    assert!(forced.contains("on 2 thread(s)"), "{forced}");
}

/// `scripts/bench-threads.sh`, run with GNU time at `/usr/bin/time`, or
/// `None` where that is missing (the test is then not run).
fn bench_threads(env: &[(&str, &str)]) -> Option<std::process::Output> {
    if !std::path::Path::new("/usr/bin/time").exists() {
        eprintln!("not run: the script measures with GNU time, /usr/bin/time, missing here");
        return None;
    }
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scripts/bench-threads.sh"
    );
    let mut command = std::process::Command::new("bash");
    command
        .arg(script)
        .env("GRUNDY", env!("CARGO_BIN_EXE_grundy"))
        .env("XDG_CACHE_HOME", crate::cache_home());
    for (key, value) in env {
        command.env(key, value);
    }
    Some(command.output().expect("bash runs the script"))
}

/// The median of the numbers of a CSV column, as the script rounds it.
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

/// `ROUNDS` runs the widths round after round, each run one CSV line as
/// before, and ends with each width's medians on standard error: the
/// middle of its runs' own figures, and its speed-up and CPU against one
/// thread's medians, a "pair" (two one-thread runs side by side) counted
/// as two runs' work, and the median of each round's own speed-up. A
/// `ROUNDS` that is no count is refused before any run.
#[test]
fn the_thread_benchmark_script_gives_medians_over_rounds() {
    let env = [
        ("THREADS", "1 pair 2"),
        ("ROUNDS", "3"),
        ("WORKLOADS", "0.6:2^15"),
    ];
    let Some(out) = bench_threads(&env) else {
        return;
    };
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    let widths: Vec<&str> = rows.iter().map(|r| r[1]).collect();
    assert_eq!(widths, ["1", "pair", "2"].repeat(3), "{text}");
    let answers: Vec<&str> = rows.iter().map(|r| r[5]).collect();
    assert_eq!(answers, ["losses 13"; 9], "{text}");
    let column = |t: &str, k: usize| -> Vec<f64> {
        rows.iter()
            .filter(|r| r[1] == t)
            .map(|r| r[k].parse().unwrap())
            .collect()
    };
    let summary = String::from_utf8(out.stderr).unwrap();
    let mut lines = summary.lines();
    assert_eq!(
        lines.next(),
        Some("workload,threads,runs,median_elapsed_s,median_cpu_s,speedup,cpu_ratio,round_speedup"),
        "{summary}"
    );
    let medians: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(medians.len(), 3, "{summary}");
    let one = (median(column("1", 2)), median(column("1", 3)));
    let ones = column("1", 2);
    for (row, t) in medians.iter().zip(["1", "pair", "2"]) {
        assert_eq!(row[..3], ["0.6 to 2^15", t, "3"], "{summary}");
        let elapsed = median(column(t, 2));
        let cpu = median(column(t, 3));
        assert_eq!(row[3].parse::<f64>().unwrap(), elapsed, "{summary}\n{text}");
        assert_eq!(row[4].parse::<f64>().unwrap(), cpu, "{summary}\n{text}");
        let runs = if t == "pair" { 2.0 } else { 1.0 };
        if elapsed > 0.0 && one.1 > 0.0 {
            let speedup: f64 = row[5].parse().unwrap();
            let cpu_ratio: f64 = row[6].parse().unwrap();
            assert!(
                (speedup - runs * one.0 / elapsed).abs() <= 0.006,
                "{summary}"
            );
            assert!(
                (cpu_ratio - cpu / (runs * one.1)).abs() <= 0.006,
                "{summary}"
            );
        }
        // Each round's own speed-up: this width's k-th run against one
        // thread's k-th, the runs of one round.
        let rounds: Vec<f64> = column(t, 2)
            .iter()
            .zip(&ones)
            .filter(|&(&mine, _)| mine > 0.0)
            .map(|(&mine, &one)| runs * one / mine)
            .collect();
        if !rounds.is_empty() {
            let round_speedup: f64 = row[7].parse().unwrap();
            assert!(
                (round_speedup - median(rounds)).abs() <= 0.006,
                "{summary}\n{text}"
            );
        }
    }

    let Some(refused) = bench_threads(&[("ROUNDS", "0"), ("WORKLOADS", "0.6:2^10")]) else {
        return;
    };
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(refused.stdout.is_empty(), "{refused:?}");
    let error = String::from_utf8(refused.stderr).unwrap();
    assert!(error.contains("ROUNDS must be a whole number"), "{error}");
}

/// `scripts/bench-threads.sh` (issue 37, point 4) at small sizes: one CSV
/// line a run, in order, the same answer on every width, and what the
/// default chose in the last column of its runs (none for a board, whose
/// search chooses no width, nor for a width forced), values past memory
/// included (their answer a digest of the frequencies).
#[test]
fn the_thread_benchmark_script_prints_one_csv_line_a_run() {
    let env = [
        ("THREADS", "1 2 default"),
        ("WORKLOADS", "0.161:2^16 grundy:3000"),
        ("BOARDS", "cram:3x3"),
        ("PAST", "0.161:3000000:2560K"),
    ];
    let Some(out) = bench_threads(&env) else {
        return;
    };
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("workload,threads,elapsed_s,cpu_s,peak_kb,answer,chosen")
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let runs: Vec<(&str, &str)> = rows.iter().map(|r| (r[0], r[1])).collect();
    let mut expected = Vec::new();
    let past = "0.161 to 3000000 past 2560K";
    for workload in ["0.161 to 2^16", "grundy to 3000", "cram:3x3", past] {
        for threads in ["1", "2", "default"] {
            expected.push((workload, threads));
        }
    }
    assert_eq!(runs, expected, "{text}");
    for row in &rows {
        assert_eq!(row.len(), 7, "{row:?}");
        assert!(row[2].parse::<f64>().is_ok(), "elapsed: {row:?}");
        assert!(row[3].parse::<f64>().is_ok(), "CPU: {row:?}");
        assert!(
            row[4].parse::<u64>().is_ok_and(|kb| kb > 0),
            "peak: {row:?}"
        );
        let first = rows.iter().find(|r| r[0] == row[0]).unwrap();
        assert_eq!(row[5], first[5], "answers differ: {text}");
        assert!(
            !row[5].is_empty() && !row[5].starts_with("failed"),
            "{row:?}"
        );
        // Past memory, the default's pool is two threads where there are
        // two cores.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let chosen =
            row[1] == "default" && !row[0].starts_with("cram") && (row[0] != past || cores > 1);
        assert_eq!(!row[6].is_empty(), chosen, "{row:?}");
        if row[0] == past {
            assert!(row[5].starts_with("digest "), "{row:?}");
        }
    }
}
