//! Whole outputs of `values`, `count` and `move` in every format.

use insta::assert_snapshot;
use serde_json::{Value, json};

use crate::ok;

const FORMATS: [&str; 3] = ["table", "csv", "json"];

#[test]
fn values_in_every_format() {
    for format in FORMATS {
        let out = ok(&["values", "0.07", "--to", "60", "--format", format]);
        assert_snapshot!(format!("values_0.07_{format}"), out);
    }
}

#[test]
fn values_json_has_the_documented_shape() {
    let out: Value = serde_json::from_str(&ok(&[
        "values",
        "nim-square",
        "--to",
        "13",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(
        out,
        json!({"game": "sub:squares", "values": [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1]})
    );
}

#[test]
fn count_in_every_format() {
    for format in FORMATS {
        let out = ok(&["count", "paper-strip", "--to", "50", "--format", format]);
        assert_snapshot!(format!("count_paper_strip_{format}"), out);
    }
}

#[test]
fn count_json_gives_the_seed_numbers() {
    for (to, wins) in [(5, 3), (50, 40)] {
        let out: Value = serde_json::from_str(&ok(&[
            "count",
            "0.07",
            "--to",
            &to.to_string(),
            "--format",
            "json",
        ]))
        .unwrap();
        assert_eq!(
            out,
            json!({"game": "0.07", "to": to, "wins": wins, "losses": to - wins})
        );
    }
}

#[test]
fn move_in_every_format() {
    for format in FORMATS {
        let out = ok(&["move", "grundy", "5", "10", "20", "--format", format]);
        assert_snapshot!(format!("move_grundy_5_10_20_{format}"), out);
        let out = ok(&["move", "nim", "1", "2", "3", "--format", format]);
        assert_snapshot!(format!("move_nim_lost_{format}"), out);
    }
}

#[test]
fn move_json_leads_to_zero() {
    let out: Value = serde_json::from_str(&ok(&[
        "move", "grundy", "5", "10", "20", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(out["game"], "grundy");
    assert_eq!(out["position"], json!([5, 10, 20]));
    assert_eq!(out["winning"], true);
    let moves = out["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for mv in moves {
        let heap = mv["heap"].as_u64().unwrap() as usize;
        let mut position: Vec<u64> = vec![5, 10, 20];
        let from = position.remove(heap);
        assert_eq!(mv["from"].as_u64().unwrap(), from);
        position.extend(
            mv["to"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap()),
        );
        let args: Vec<String> = ["move", "grundy"]
            .iter()
            .map(|s| s.to_string())
            .chain(position.iter().map(u64::to_string))
            .chain(["--format".into(), "json".into()])
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let after: Value = serde_json::from_str(&ok(&args)).unwrap();
        assert_eq!(after["value"], 0, "after {mv}");
        assert_eq!(after["winning"], false);
    }
}

#[test]
fn sizes_accept_powers() {
    assert_eq!(
        ok(&["values", "nim", "--to", "2^3", "--format", "csv"])
            .lines()
            .count(),
        10
    );
    assert_eq!(
        ok(&["values", "nim", "--to", "1e1", "--format", "csv"])
            .lines()
            .count(),
        12
    );
}
