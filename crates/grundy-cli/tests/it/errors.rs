//! Bad input: one line on stderr that says what to fix, exit status 2,
//! nothing on stdout, no panic.

use crate::{grundy, ok};

fn refused(args: &[&str], hint: &str) {
    let out = grundy(args, None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "grundy {args:?}: {stderr}");
    assert!(
        out.stdout.is_empty(),
        "grundy {args:?} printed a partial result"
    );
    assert_eq!(stderr.lines().count(), 1, "grundy {args:?}: {stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(
        stderr.contains(hint),
        "grundy {args:?}: {stderr} lacks {hint:?}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn malformed_specs() {
    refused(&["values", "7", "--to", "5"], "as in 0.7");
    refused(&["values", "0.g", "--to", "5"], "'g' is not a code digit");
    refused(
        &["values", "hex:0.g", "--to", "5"],
        "'g' is not a code digit",
    );
    refused(
        &["values", "5.07", "--to", "5"],
        "d0 may only be 0, 4, 8 or c",
    );
    refused(
        &["values", "1.07", "--to", "5"],
        "d0 may only be 0, 4, 8 or c",
    );
    refused(&["values", "0.", "--to", "5"], "or 0.0 for d0 alone");
    refused(&["values", "07", "--to", "5"], "as in 0.07");
    refused(&["values", "sub:", "--to", "5"], "as in 1,2,3");
    refused(&["values", "sub:0", "--to", "5"], "positive");
    refused(&["values", "chess", "--to", "5"], "unknown game 'chess'");
    refused(&["move", "allbut:", "3"], "as in 1,2,3");
    refused(&["play", "sub:x"], "not a size");
}

#[test]
fn malformed_heaps() {
    refused(&["move", "nim", "-3"], "heap '-3'");
    refused(&["move", "nim", "3", "abc"], "heap 'abc'");
    refused(
        &["move", "nim", "18446744073709551616"],
        "from 0 to 18446744073709551615",
    );
    refused(&["move", "nim", "1.5"], "heap '1.5'");
}

#[test]
fn malformed_bounds() {
    refused(&["values", "0.07", "--to", "-1"], "--to");
    refused(&["values", "0.07", "--to", "ten"], "--to 'ten'");
    refused(&["count", "0.07", "--to", "2^64"], "2^64-1");
}

#[test]
fn sizes_that_would_exhaust_memory_are_refused_before_allocating() {
    // Games with a proved period (0.07, kayles) answer any heap; these have none.
    refused(
        &["values", "grundy", "--to", "10^7", "--max-memory", "1M"],
        "memory budget",
    );
    refused(&["count", "grundy", "--to", "2^64-1"], "memory budget");
    refused(&["move", "grundy", "10^14"], "memory budget");
    refused(
        &["values", "nim", "--to", "10^5", "--max-memory", "1K"],
        "ask for at most",
    );
    refused(
        &["values", "nim", "--to", "5", "--max-memory", "lots"],
        "--max-memory",
    );
}

#[test]
fn usage_errors_point_to_help() {
    refused(&["values", "0.07"], "grundy values --help");
    refused(
        &["values", "0.07", "--to", "5", "--format", "xml"],
        "--format",
    );
    refused(&["solve", "0.07"], "grundy --help");
    refused(&["move", "nim"], "HEAP");
}

#[test]
fn counts_and_budgets_take_the_size_syntax_and_a_budget_past_the_machine_is_refused() {
    let three = ok(&[
        "count",
        "sub:squares",
        "--heaps",
        "3",
        "--to",
        "100",
        "--no-cache",
    ]);
    let written = ok(&[
        "count",
        "sub:squares",
        "--heaps",
        "3^1",
        "--to",
        "100",
        "--no-cache",
    ]);
    assert_eq!(three, written);
    ok(&[
        "move",
        "0.07",
        "10^18",
        "7",
        "--limit",
        "10^1",
        "--no-cache",
    ]);
    ok(&[
        "--max-memory",
        "2^30",
        "values",
        "0.07",
        "--to",
        "10",
        "--no-cache",
    ]);
    refused(
        &["count", "0.07", "--to", "10", "--heaps", "2^40"],
        "--heaps",
    );
    // A budget larger than the machine would refuse nothing in time.
    refused(
        &[
            "--max-memory",
            "1T",
            "values",
            "0.07",
            "--to",
            "10",
            "--no-cache",
        ],
        "more than this machine's",
    );
}
