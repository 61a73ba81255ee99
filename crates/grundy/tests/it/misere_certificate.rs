//! Misère quotient certificates: the quotient computed with a proved period
//! verifies, and the verifier, which shares only the rules and the
//! theorems' windows with the construction, rejects every change of the
//! table, the P-portion or the map (the quotient is unique, so no changed
//! table can pass a sound check).

use grundy::Ruleset;
use grundy::misere::{Quotient, certificate, pretending_period};

fn certified(spec: &str) -> (String, usize) {
    let game: Ruleset = spec.parse().unwrap();
    for m in 4..=48 {
        let q = Quotient::compute(&game, m, 1 << 26).unwrap();
        if let Some(period) = pretending_period(&game, &q).filter(|p| p.is_proved()) {
            return (certificate::write(&game, &q, &period).unwrap(), q.len());
        }
    }
    panic!("{spec}: no proved period up to heap 48");
}

/// The text with line `line`'s `k`-th number replaced by `value`.
fn with_number(text: &str, line: usize, k: usize, value: u32) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let (head, numbers) = match lines[line].split_once(": ") {
        Some((head, rest)) => (format!("{head}: "), rest.to_string()),
        None => (String::new(), lines[line].clone()),
    };
    let mut numbers: Vec<String> = numbers.split(' ').map(str::to_string).collect();
    numbers[k] = value.to_string();
    lines[line] = format!("{head}{}", numbers.join(" "));
    lines.join("\n") + "\n"
}

#[test]
fn quotients_with_a_proved_period_verify() {
    for spec in [
        "0.12",
        "0.22",
        "0.31",
        "0.52",
        "0.73",
        "0.75",
        "0.71",
        "sub:1,3,4",
    ] {
        let (text, size) = certified(spec);
        let proved = certificate::verify(&text).unwrap_or_else(|e| panic!("{spec}: {e}"));
        assert_eq!(proved.elements, size, "{spec}");
        assert!(proved.states > 0);
    }
}

#[test]
fn every_changed_entry_is_rejected() {
    for spec in ["0.75", "0.22", "0.52"] {
        let (text, size) = certified(spec);
        let lines: Vec<&str> = text.lines().collect();
        let product = lines.iter().position(|l| *l == "product:").unwrap() + 1;
        let mut changed = 0;
        for row in 0..size {
            for col in 0..size {
                let now: u32 = lines[product + row]
                    .split(' ')
                    .nth(col)
                    .unwrap()
                    .parse()
                    .unwrap();
                for other in (0..size as u32).filter(|&o| o != now) {
                    let bad = with_number(&text, product + row, col, other);
                    assert!(
                        certificate::verify(&bad).is_err(),
                        "{spec}: {row}·{col} = {other} passed"
                    );
                    changed += 1;
                }
            }
        }
        let map = lines
            .iter()
            .position(|l| l.starts_with("pretending: "))
            .unwrap();
        let heaps = lines[map].split(' ').count() - 1;
        for h in 0..heaps {
            let now: u32 = lines[map].split(' ').nth(h + 1).unwrap().parse().unwrap();
            for other in (0..size as u32).filter(|&o| o != now) {
                let bad = with_number(&text, map, h, other);
                assert!(
                    certificate::verify(&bad).is_err(),
                    "{spec}: heap {h} as {other} passed"
                );
                changed += 1;
            }
        }
        // Every element in or out of the P-portion.
        let lost = lines.iter().position(|l| l.starts_with("lost: ")).unwrap();
        let members: Vec<u32> = lines[lost][6..]
            .split(' ')
            .map(|x| x.parse().unwrap())
            .collect();
        for x in 0..size as u32 {
            let flipped: Vec<String> = (0..size as u32)
                .filter(|&y| members.contains(&y) != (y == x))
                .map(|y| y.to_string())
                .collect();
            let bad = text.replace(
                &lines[lost].to_string(),
                &format!("lost: {}", flipped.join(" ")),
            );
            assert!(
                certificate::verify(&bad).is_err(),
                "{spec}: P-portion with {x} flipped passed"
            );
            changed += 1;
        }
        assert!(changed > size * size, "{spec}");
    }
}

#[test]
fn claims_past_the_window_or_the_rules_are_rejected() {
    let (text, _) = certified("0.75");
    // 0.75 is proved at heap 21 with period 2 from heap 8.
    assert!(text.contains("max-heap: 21\npreperiod: 8\nperiod: 2\n"));
    for (from, to, why) in [
        ("preperiod: 8", "preperiod: 7", "does not map"),
        (
            "preperiod: 8",
            "preperiod: 9",
            "window needs heaps up to 23",
        ),
        ("period: 2", "period: 4", "window needs"),
        (
            "theorem: octal-periodicity",
            "theorem: subtraction-window",
            "the theorem for 0.75",
        ),
        ("game: 0.75", "game: 0.77", ""),
        ("game: 0.75", "game: grundy", "no periodicity theorem"),
        ("elements: 8", "elements: 9", ""),
        ("elements: 8", "elements: 100000", "1 to 512 elements"),
        ("max-heap: 21", "max-heap: 99999999999", "heap bounds past"),
        (
            "preperiod: 8",
            "preperiod: 18446744073709551615",
            "overflows 64 bits",
        ),
    ] {
        let bad = text.replace(from, to);
        let err = certificate::verify(&bad).unwrap_err();
        assert!(err.to_string().contains(why), "{to}: {err}");
    }
    assert!(certificate::verify(&text[..text.len() - 10]).is_err());
    assert!(certificate::verify(&format!("{text}0 1\n")).is_err());
    assert!(certificate::verify("").is_err());
    assert!(certificate::verify(&text.replace("v1", "v9")).is_err());
}

#[test]
fn kayles_is_certified_for_every_heap() {
    // Kayles' pretending map repeats (the normal-play values have period 12
    // from heap 71); at heap 200 the octal window is reached.
    let game: Ruleset = "0.77".parse().unwrap();
    let q = Quotient::compute(&game, 200, 1 << 26).unwrap();
    let period = pretending_period(&game, &q).unwrap();
    assert!(period.is_proved(), "{period:?}");
    let text = certificate::write(&game, &q, &period).unwrap();
    let proved = certificate::verify(&text).unwrap();
    assert_eq!(proved.elements, q.len());
    // Each element moved in or out of the P-portion is caught.
    let lost: Vec<u32> = q.p_portion();
    let line = text
        .lines()
        .find(|l| l.starts_with("lost: "))
        .unwrap()
        .to_string();
    for x in 0..q.len() as u32 {
        let flipped: Vec<String> = (0..q.len() as u32)
            .filter(|&y| lost.contains(&y) != (y == x))
            .map(|y| y.to_string())
            .collect();
        let bad = text.replace(&line, &format!("lost: {}", flipped.join(" ")));
        assert!(
            certificate::verify(&bad).is_err(),
            "element {x} flipped passed"
        );
    }
}

/// W6: a field holding 100,000 characters, or control characters, is
/// quoted in the error by at most a few dozen of them, escaped.
#[test]
fn errors_quote_a_few_dozen_characters_of_a_field() {
    let (text, _) = certified("0.75");
    let long = "7".repeat(100_000);
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate().skip(1).take(8) {
        let (key, _) = line.split_once(':').unwrap_or((line, ""));
        for bad in [
            format!("{key}: {long}"),
            format!("{key}: x\u{1b}[2J{long}"),
            long.clone(),
        ] {
            let mut forged = lines.clone();
            forged[i] = &bad;
            let err = certificate::verify(&forged.join("\n")).unwrap_err();
            let message = err.to_string();
            assert!(message.len() < 400, "{key}: {} bytes", message.len());
            assert!(!message.chars().any(char::is_control), "{key}: {message:?}");
        }
    }
}
