//! `--help` on every command, with an example.

use crate::ok;

#[test]
fn every_command_has_help_with_an_example() {
    for command in [
        "values", "count", "move", "play", "period", "verify", "analyze",
    ] {
        let help = ok(&[command, "--help"]);
        assert!(help.contains("Example"), "{command}: {help}");
        assert!(help.contains("Usage: grundy"), "{command}: {help}");
    }
    let top = ok(&["--help"]);
    for command in ["values", "count", "move", "play"] {
        assert!(top.contains(command));
    }
    assert!(ok(&["--version"]).starts_with("grundy "));
}
