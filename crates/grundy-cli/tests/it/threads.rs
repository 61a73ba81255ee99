//! `--threads 1`, `2`, `4` and `8` give identical answers; a proved period is
//! proved on exactly its window, whatever the threads, and its certificate
//! verifies.

use crate::ok;

/// `grundy --no-cache --threads N ARGS…` on N = 1, 2, 4 and 8, checked
/// equal; returns the answer.
fn same_on_1_2_4_8(args: &[&str]) -> String {
    let run = |threads: &str| {
        let mut all = vec!["--no-cache", "--threads", threads];
        all.extend_from_slice(args);
        ok(&all)
    };
    let one = run("1");
    for n in ["2", "4", "8"] {
        assert!(run(n) == one, "grundy {args:?} differs on {n} threads");
    }
    one
}

#[test]
fn values_are_the_same_on_1_2_4_and_8_threads() {
    for game in ["grundy", "0.6", "0.161", "0.354"] {
        let csv = same_on_1_2_4_8(&["values", game, "--to", "131072", "--format", "csv"]);
        assert_eq!(csv.lines().count(), 131_073 + 1, "{game}");
    }
}

/// The search stops at the theorem's window `bound + p` (values to
/// `bound + p − 1`), read from the answer itself, on any number of threads;
/// the certificate of that table verifies.
#[test]
fn period_searches_stop_at_the_window_on_1_2_4_and_8_threads() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["0.017", "0.77", "0.127", "0.16"] {
        let json = same_on_1_2_4_8(&["period", game, "--format", "json"]);
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
