//! Tests of the `grundy` binary, run as a user runs it: one binary, one module
//! a topic. Whole outputs are compared with insta snapshots (in `snapshots/`).

mod cache;
mod codes;
mod engines;
mod errors;
mod help;
mod outputs;
mod periodicity;
mod play;
mod ppos;

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `grundy` with `args` and, if given, `stdin`.
pub fn grundy(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("NO_COLOR", "1")
        // Keep the value cache of these runs out of the user's cache directory.
        .env(
            "XDG_CACHE_HOME",
            std::env::temp_dir().join("grundy-it-cache"),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    pipe.write_all(stdin.unwrap_or("").as_bytes())
        .expect("stdin accepts input");
    drop(pipe);
    child.wait_with_output().expect("grundy finishes")
}

/// Runs `grundy` expecting success, returning stdout.
pub fn ok(args: &[&str]) -> String {
    let out = grundy(args, None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "grundy {args:?} failed: {stderr}");
    assert!(
        stderr.is_empty(),
        "grundy {args:?} wrote to stderr: {stderr}"
    );
    String::from_utf8(out.stdout).expect("stdout is UTF-8")
}
