//! Build information for `grundy --version`: the commit built from (where
//! the source is a git checkout), the compiler, the target and the profile.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Tells cargo to rerun this script when `path` changes, if it exists: a
/// missing path counts as changed on every build.
fn watch(path: &Path) {
    if path.exists() {
        println!("cargo:rerun-if-changed={}", path.display());
    }
}

fn main() {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
    };
    let commit = git(&["rev-parse", "--short=12", "HEAD"]);
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        let dir = PathBuf::from(dir);
        watch(&dir.join("HEAD"));
        if let Some(reference) = git(&["symbolic-ref", "-q", "HEAD"]) {
            let common = git(&["rev-parse", "--git-common-dir"]).map_or(dir.clone(), PathBuf::from);
            // The branch's ref is a loose file or a line of packed-refs,
            // and either may be missing: watching a missing file would make
            // cargo rerun this script (and relink the binary) on every
            // build, so the loose ref's folder is watched instead, which
            // also sees the ref appear.
            let loose = common.join(&reference);
            watch(loose.parent().unwrap_or(&common));
            watch(&common.join("packed-refs"));
        }
    }
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let compiler = Command::new(rustc)
        .arg("-V")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or_else(
            || "rustc (unknown version)".into(),
            |s| s.trim().to_string(),
        );
    let target = std::env::var("TARGET").unwrap_or_default();
    let profile = std::env::var("PROFILE").unwrap_or_default();
    let commit = commit.map_or_else(
        || "not built from a git checkout".into(),
        |c| format!("commit {c}"),
    );
    println!("cargo:rustc-env=GRUNDY_COMMIT={commit}");
    println!("cargo:rustc-env=GRUNDY_BUILT=built by {compiler} for {target}, {profile} profile");
}
