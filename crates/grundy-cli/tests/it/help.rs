//! `--help` on every command, with an example; the completion scripts and
//! the manual page generated from the same declarations.

use crate::ok;

/// Every subcommand: each has help with an example, and every generated
/// document names it.
const COMMANDS: [&str; 10] = [
    "values",
    "count",
    "move",
    "play",
    "period",
    "verify",
    "analyze",
    "ppos",
    "completions",
    "man",
];

#[test]
fn every_command_has_help_with_an_example() {
    for command in COMMANDS {
        let help = ok(&[command, "--help"]);
        assert!(help.contains("Example"), "{command}: {help}");
        assert!(help.contains("Usage: grundy"), "{command}: {help}");
    }
    let top = ok(&["--help"]);
    for command in COMMANDS {
        assert!(top.contains(command));
    }
    assert!(ok(&["--version"]).starts_with("grundy "));
}

#[test]
fn completion_scripts_name_every_subcommand() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = ok(&["completions", shell]);
        assert!(script.contains("grundy"), "{shell}: {script}");
        for command in COMMANDS {
            assert!(script.contains(command), "{shell} lacks {command}");
        }
    }
    let out = crate::grundy(&["completions", "tcsh"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_manual_page_names_every_subcommand() {
    let page = ok(&["man"]);
    assert!(page.contains(".TH grundy 1"), "{page}");
    for command in COMMANDS {
        assert!(page.contains(command), "the page lacks {command}");
    }

    let dir = tempfile::tempdir().unwrap();
    let written = ok(&["man", dir.path().to_str().unwrap()]);
    assert!(written.starts_with("wrote grundy.1"), "{written}");
    let top = std::fs::read_to_string(dir.path().join("grundy.1")).unwrap();
    assert_eq!(top, page);
    for command in COMMANDS {
        let sub = dir.path().join(format!("grundy-{command}.1"));
        let text = std::fs::read_to_string(&sub).unwrap_or_default();
        assert!(text.contains(".TH grundy-"), "{}", sub.display());
    }
}

#[test]
fn the_help_names_every_exit_status() {
    let help = ok(&["--help"]);
    for status in [
        "0 on success",
        "1 when",
        "2 for bad input",
        "130 when Ctrl-C",
    ] {
        assert!(help.contains(status), "{status}: {help}");
    }
}

#[test]
fn the_declared_licences_ship_with_the_source() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    assert!(manifest.contains(r#"license = "MIT OR Apache-2.0""#));
    for file in ["LICENSE-MIT", "LICENSE-APACHE"] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        assert!(text.len() > 500, "{file}");
    }
    assert!(
        !manifest.contains("example.invalid"),
        "a repository field that leads nowhere"
    );
}
