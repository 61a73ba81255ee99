//! Tests of the `grundy` binary, run as a user runs it: one binary, one module
//! a topic. Whole outputs are compared with insta snapshots (in `snapshots/`).

mod boards;
mod cache;
mod codes;
mod engines;
mod errors;
mod help;
mod hostile;
mod hostile_matrix;
mod misere;
mod outputs;
mod past_memory;
mod periodicity;
mod play;
mod ppos;
mod reliability;
mod survey;
mod threads;
mod web;
mod wire;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::LazyLock;

/// The cache directory of these runs: under Cargo's scratch directory of
/// this build, not shared with other checkouts (whose files may be of
/// another format), and emptied once a test run, so that no file an older
/// build wrote is read.
fn cache_home() -> &'static Path {
    static DIR: LazyLock<PathBuf> = LazyLock::new(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cache-home");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a cache directory for the tests");
        dir
    });
    &DIR
}

/// Runs `grundy` with `args` and, if given, `stdin`.
pub fn grundy(args: &[&str], stdin: Option<&str>) -> Output {
    grundy_bytes(args, stdin.unwrap_or("").as_bytes())
}

/// Runs `grundy` with `args` and `stdin` as raw bytes.
pub fn grundy_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("NO_COLOR", "1")
        // Keep the value cache of these runs out of the user's cache directory.
        .env("XDG_CACHE_HOME", cache_home())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    // Written from a thread, so that a large input cannot block on a full
    // pipe while grundy blocks on a full stdout.
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let out = child.wait_with_output().expect("grundy finishes");
    writer.join().expect("the writer thread ends");
    out
}

/// Runs `grundy` with `args` and its standard output on `/dev/full`, where
/// every write fails with "No space left on device".
pub fn grundy_to_full(args: &[&str]) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full opens");
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("NO_COLOR", "1")
        .env("XDG_CACHE_HOME", cache_home())
        .stdin(Stdio::null())
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .expect("the grundy binary runs")
}

/// Sends Ctrl-C (SIGINT) to the running `child` and checks how it stops:
/// within a second, with exit code 130, nothing on stdout (no half
/// result) and one line on stderr, which is returned.
pub fn ctrl_c_stops(child: std::process::Child) -> String {
    use std::time::{Duration, Instant};
    let signalled = Instant::now();
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(kill.success());
    let out = child.wait_with_output().expect("the child is reaped");
    let took = signalled.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(took < Duration::from_secs(1), "took {took:?} to stop");
    assert!(out.stdout.is_empty(), "half a result was printed");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    stderr
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
