//! Codes as people write them: hexadecimal digits inline, `hex:`, a lone
//! d0, and `0.0`, the code with no move, through every command.

use insta::assert_snapshot;
use serde_json::{Value, json};

use crate::{grundy, ok};

fn game_of(spec: &str) -> Value {
    let out: Value =
        serde_json::from_str(&ok(&["values", spec, "--to", "3", "--format", "json"])).unwrap();
    out["game"].clone()
}

#[test]
fn every_spelling_is_reported_by_its_canonical_spec() {
    for (spec, canonical) in [
        ("0.b8", "0.b8"),
        ("0.2b", "0.2b"),
        ("0.a", "0.a"),
        ("0.91", "0.91"),
        ("4.8f", "4.8f"),
        ("hex:0.8f", "0.8f"),
        ("HEX:C.3", "c.3"),
        ("hex:0.7", "0.7"),
        ("0.070", "0.07"),
        ("4", "4.0"),
        ("0", "0.0"),
        ("0.00", "0.0"),
    ] {
        assert_eq!(game_of(spec), json!(canonical), "{spec}");
    }
}

#[test]
fn hex_prefix_and_inline_digits_are_one_game() {
    let args = |spec| {
        [
            "values",
            spec,
            "--to",
            "40",
            "--format",
            "csv",
            "--no-cache",
        ]
    };
    assert_eq!(ok(&args("hex:0.8f")), ok(&args("0.8f")));
    assert_eq!(ok(&args("hex:4.b")), ok(&args("4.b")));
}

/// `0.0` through every command that takes a heap game.
#[test]
fn the_code_with_no_move() {
    for (name, args) in [
        ("values", &["values", "0.0", "--to", "10"][..]),
        ("period", &["period", "0.0"]),
        ("period_json", &["period", "0.0", "--format", "json"]),
        ("analyze", &["analyze", "0.0", "--to", "12"]),
        ("count", &["count", "0.0", "--to", "100"]),
        (
            "count_3_heaps",
            &["count", "0.0", "--heaps", "3", "--to", "10"],
        ),
        ("move", &["move", "0.0", "3", "4"]),
        ("move_huge", &["move", "0.0", "10^18", "5"]),
    ] {
        assert_snapshot!(format!("no_move_{name}"), ok(args));
    }
    let out = grundy(&["play", "0.0"], Some("3 4\nbye\n"));
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "no move: the player to move has lost\n"
    );
}

/// A lone d0 is the code with that digit alone: `4` splits a heap in two.
#[test]
fn a_lone_d0() {
    assert_eq!(
        ok(&["values", "4", "--to", "20", "--format", "csv", "--no-cache"]),
        ok(&[
            "values",
            "4.0",
            "--to",
            "20",
            "--format",
            "csv",
            "--no-cache"
        ])
    );
    assert_snapshot!(
        "lone_d0_move",
        ok(&["move", "4", "5", "10^18", "--limit", "3"])
    );
}
