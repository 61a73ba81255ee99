//! `scripts/ab-tuning.sh` (issue 37): two settings of the sparse engine's
//! knobs alternated round after round in the profile example, one CSV line
//! a run, then each setting's medians and the rounds' own ratios.

use std::path::PathBuf;
use std::process::{Command, Output};

/// The profile example built beside this test (`cargo test` builds the
/// examples into the same profile's `examples/`), or `None` where it or GNU
/// time is missing (the test is then not run, and says so).
fn example() -> Option<PathBuf> {
    if !std::path::Path::new("/usr/bin/time").exists() {
        eprintln!("not run: the script measures with GNU time, /usr/bin/time, missing here");
        return None;
    }
    // target/<profile>/deps/it-… → target/<profile>/examples/sparse_profile
    let exe = std::env::current_exe().ok()?;
    let path = exe
        .parent()?
        .parent()?
        .join("examples")
        .join(format!("sparse_profile{}", std::env::consts::EXE_SUFFIX));
    if !path.exists() {
        eprintln!(
            "not run: {} is not built (`cargo test --workspace` builds it)",
            path.display()
        );
        return None;
    }
    Some(path)
}

fn ab_tuning(example: &PathBuf, rounds: &str, args: &[&str]) -> Output {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/ab-tuning.sh");
    Command::new("bash")
        .arg(script)
        .args(args)
        .env("ROUNDS", rounds)
        .env("PROFILE", example)
        .env_remove("PROFILE_B")
        .output()
        .expect("bash runs the script")
}

/// The median of some numbers, as the script takes it.
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

/// The number after `key` in `line`.
fn number_after(line: &str, key: &str) -> f64 {
    let start = line
        .find(key)
        .unwrap_or_else(|| panic!("{key:?} in {line:?}"))
        + key.len();
    let text: String = line[start..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    text.parse()
        .unwrap_or_else(|_| panic!("a number after {key:?} in {line:?}"))
}

/// Three rounds alternate A B, B A, A B; every run's values digest is the
/// same; the summary's medians are those of the runs' own lines, B/A the
/// ratio of the medians, and the rounds' ratio the median of each round's
/// own B/A. A `ROUNDS` that is no count, or a wrong number of arguments,
/// is refused before any run.
#[test]
fn the_tuning_script_alternates_two_settings_and_gives_their_medians() {
    let Some(example) = example() else {
        return;
    };
    let out = ab_tuning(&example, "3", &["0.6", "2^17", "1", "", "block=2048"]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("round,setting,tweaks,wall_s,cpu_s,digest")
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let order: Vec<(&str, &str, &str)> = rows.iter().map(|r| (r[0], r[1], r[2])).collect();
    let (a, b) = (("A", ""), ("B", "block=2048"));
    let expected: Vec<(&str, &str, &str)> =
        [("1", a), ("1", b), ("2", b), ("2", a), ("3", a), ("3", b)]
            .iter()
            .map(|&(round, (setting, tweaks))| (round, setting, tweaks))
            .collect();
    assert_eq!(order, expected, "{text}");
    let digest = rows[0][5];
    assert_eq!(digest.len(), 16, "{text}");
    assert!(
        rows.iter().all(|r| r.len() == 6 && r[5] == digest),
        "{text}"
    );

    let column = |setting: &str, k: usize| -> Vec<f64> {
        rows.iter()
            .filter(|r| r[1] == setting)
            .map(|r| r[k].parse().unwrap())
            .collect()
    };
    let summary = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = summary.lines().collect();
    assert_eq!(lines.len(), 4, "{summary}");
    assert!(lines[0].starts_with("A (): "), "{summary}");
    assert!(lines[1].starts_with("B (block=2048): "), "{summary}");
    let close = |x: f64, y: f64| (x - y).abs() <= 0.0051;
    let mut walls = Vec::new();
    for (line, setting) in lines[..2].iter().zip(["A", "B"]) {
        let wall = median(column(setting, 3));
        let cpu = median(column(setting, 4));
        assert!(
            close(number_after(line, "median wall "), wall),
            "{summary}\n{text}"
        );
        assert!(close(number_after(line, "CPU "), cpu), "{summary}\n{text}");
        walls.push(wall);
    }
    let (wall_a, wall_b) = (walls[0], walls[1]);
    assert!(wall_a > 0.0 && wall_b > 0.0, "{text}");
    assert!(
        close(number_after(lines[2], "B/A: wall "), wall_b / wall_a),
        "{summary}"
    );
    let ratios: Vec<f64> = column("B", 3)
        .iter()
        .zip(column("A", 3))
        .map(|(b, a)| b / a)
        .collect();
    let faster = ratios.iter().filter(|&&r| r < 1.0).count();
    assert!(
        close(number_after(lines[2], "median B/A "), median(ratios)),
        "{summary}\n{text}"
    );
    assert!(
        lines[2].ends_with(&format!("B faster in {faster} of 3")),
        "{summary}\n{text}"
    );
    assert_eq!(lines[3], "values digest: the same on every run");

    let refused = ab_tuning(&example, "0", &["0.6", "2^10", "1", "", ""]);
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(refused.stdout.is_empty(), "{refused:?}");
    let error = String::from_utf8(refused.stderr).unwrap();
    assert!(error.contains("ROUNDS must be a whole number"), "{error}");

    let usage = ab_tuning(&example, "1", &["0.6", "2^10", "1"]);
    assert_eq!(usage.status.code(), Some(2), "{usage:?}");
    assert!(usage.stdout.is_empty(), "{usage:?}");
    let error = String::from_utf8(usage.stderr).unwrap();
    assert!(error.starts_with("usage: scripts/ab-tuning.sh"), "{error}");
}
