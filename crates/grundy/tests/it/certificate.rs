//! Certificates: round trips, and every tampering rejected.

use grundy::certificate::{self, Certificate};
use grundy::{ErrorKind, Ruleset, period};

fn certify(spec: &str) -> (Certificate, String) {
    let r: Ruleset = spec.parse().unwrap();
    let (v, table) =
        period::find(&r, 3000, Default::default(), &mut grundy::values::silent).unwrap();
    let cert = Certificate::new(&r, &v.periodicity.unwrap(), &table).unwrap();
    let text = cert.to_text();
    (cert, text)
}

#[test]
fn certificates_round_trip() {
    for spec in [
        "0.07",
        "kayles",
        "0.137",
        "4.07",
        "4.b",
        "0.a7",
        "0.0",
        "4",
        "sub:1,2,3",
        "sub:3,5,8",
        "nim",
    ] {
        let (cert, text) = certify(spec);
        assert_eq!(certificate::verify(&text).unwrap(), cert, "{spec}");
    }
}

/// Certificates written before codes were canonically inline name their game
/// `hex:4.b`; they still verify, as the same game as `4.b`.
#[test]
fn certificates_naming_a_hex_prefix_still_verify() {
    let (cert, text) = certify("4.b");
    assert!(text.contains("game: 4.b\n"), "{text}");
    let old = text.replace("game: 4.b\n", "game: hex:4.b\n");
    assert_eq!(certificate::verify(&old).unwrap(), cert);
}

#[test]
fn tampered_certificates_are_rejected() {
    let (_, text) = certify("0.07");
    let tamper = [
        ("period: 34", "period: 68"),
        ("period: 34", "period: 17"),
        ("preperiod: 53", "preperiod: 52"),
        ("preperiod: 53", "preperiod: 54"),
        ("saltus: 0", "saltus: 1"),
        ("bound: 142", "bound: 100"),
        ("game: 0.07", "game: 0.77"),
        ("theorem: octal-periodicity", "theorem: subtraction-window"),
        ("theorem: octal-periodicity", "theorem: fermat"),
        ("digest: fnv1a64:", "digest: fnv1a64:0"),
    ];
    for (from, to) in tamper {
        assert!(text.contains(from), "{from}");
        let forged = text.replacen(from, to, 1);
        let err = certificate::verify(&forged).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Corrupt, "{to}: {err}");
    }
    let mut short = text.clone();
    short = short.replace(
        &format!(
            "checked-to: {}",
            certificate::Certificate::parse(&text).unwrap().checked_to
        ),
        "checked-to: 150",
    );
    assert!(certificate::verify(&short).is_err());
    assert!(certificate::verify("hello").is_err());
}

#[test]
fn observed_periods_get_no_certificate() {
    let r: Ruleset = "allbut:1,2".parse().unwrap();
    let (v, table) =
        period::find(&r, 500, Default::default(), &mut grundy::values::silent).unwrap();
    if let Some(p) = v.periodicity {
        assert!(!p.is_proved());
        let err = Certificate::new(&r, &p, &table).unwrap_err();
        assert!(err.to_string().contains("only observed"));
    }
}

/// A three-part proof must carry the three-part bound: the octal theorem's
/// smaller window does not prove a hexadecimal code.
#[test]
fn three_part_certificates_need_their_own_bound() {
    let (cert, text) = certify("4.b");
    assert!(text.contains("theorem: three-part-periodicity"), "{text}");
    let as_octal = text.replace(
        "theorem: three-part-periodicity",
        "theorem: octal-periodicity",
    );
    assert!(certificate::verify(&as_octal).is_err());
    let short = text.replace(&format!("bound: {}", cert.bound), "bound: 7");
    assert!(certificate::verify(&short).is_err());
}
