//! Certificates: round trips on many games, every tampering rejected, the
//! claim check against its naive twin (the plain recomputation the verifier
//! used to make), version 1 still read, and no panic on any input.

use grundy::certificate::{self, CarriedValues, Certificate};
use grundy::ruleset::{SubtractionSet, TakeAndBreak};
use grundy::{ErrorKind, Ruleset, period};
use proptest::prelude::*;

/// The certificate of `game`'s period, if one is proved up to `max`.
fn proved(game: &Ruleset, max: u64) -> Option<Certificate> {
    let (v, table) =
        period::find(game, max, Default::default(), &mut grundy::values::silent).unwrap();
    let p = v.periodicity().filter(|p| p.is_proved())?;
    Some(Certificate::new(game, &p, &table).unwrap())
}

fn certify(spec: &str) -> (Certificate, String) {
    let cert = proved(&spec.parse().unwrap(), 3000).unwrap();
    let text = cert.to_text();
    (cert, text)
}

/// The naive twin: `G(0..=to)` by a plain mex over [`Ruleset::options`].
fn naive_values(game: &Ruleset, to: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=to {
        let mut seen: Vec<u64> = game
            .options(n)
            .iter()
            .map(|m| m.parts.iter().fold(0, |x, &h| x ^ g[h as usize]))
            .collect();
        seen.sort_unstable();
        seen.dedup();
        let mex = (0..)
            .zip(&seen)
            .find(|&(i, &v)| v != i)
            .map_or(seen.len() as u64, |(i, _)| i);
        g.push(mex);
    }
    g
}

/// FNV-1a 64 over each value as 8 little-endian bytes, as the format says.
fn fnv(values: &[u64]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in values.iter().flat_map(|v| v.to_le_bytes()) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// `G(0..=checked_to)` as a certificate claims them: `carried`, continued by
/// its period.
fn window(c: &Certificate, carried: &[u64]) -> Vec<u64> {
    let (e, p, s) = (c.preperiod as usize, c.period as usize, c.saltus);
    let mut g = carried.to_vec();
    for n in e + p..=c.checked_to as usize {
        g.push(g[n - p] + s);
    }
    g
}

/// `c` claiming `carried` instead of its values, with the digest to match.
fn claiming(c: &Certificate, carried: &[u64]) -> String {
    Certificate {
        values: Some(CarriedValues::encode(carried)),
        digest: fnv(&window(c, carried)),
        ..c.clone()
    }
    .to_text()
}

fn carried(c: &Certificate) -> Vec<u64> {
    c.values.as_ref().unwrap().decode().unwrap()
}

/// The twin's verdict on `c` claiming `carried`: whether the window they
/// imply is the game's values.
fn twin_accepts(c: &Certificate, carried: &[u64]) -> bool {
    window(c, carried) == naive_values(&c.game, c.checked_to)
}

fn rejected(text: &str) -> ErrorKind {
    match certificate::verify(text) {
        Ok(c) => panic!("accepted a forged certificate: {c:?}\n{text}"),
        Err(e) => e.kind(),
    }
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
        assert!(text.starts_with("# grundy periodicity certificate v2\n"));
        assert_eq!(certificate::verify(&text).unwrap(), cert, "{spec}");
        assert_eq!(Certificate::parse(&text).unwrap(), cert, "{spec}");
        assert!(twin_accepts(&cert, &carried(&cert)), "{spec}");
        assert_eq!(
            carried(&cert).len() as u64,
            cert.preperiod + cert.period,
            "{spec}"
        );
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

/// A certificate written by the version 1 writer (`grundy period 0.356
/// --certificate`, before values were carried).
const V1_0356: &str = "# grundy periodicity certificate v1
game: 0.356
preperiod: 7315
period: 142
saltus: 0
theorem: octal-periodicity
bound: 14775
checked-to: 14916
digest: fnv1a64:5134d3a075bf78dd
";

#[test]
fn version_1_certificates_still_verify() {
    let c = certificate::verify(V1_0356).unwrap();
    assert_eq!((c.preperiod, c.period, c.checked_to), (7315, 142, 14916));
    assert_eq!(c.values, None);
    assert!(certificate::verify(&V1_0356.replace("period: 142", "period: 71")).is_err());
    for spec in ["0.07", "kayles", "4.b", "sub:1,3,4", "nim"] {
        let game: Ruleset = spec.parse().unwrap();
        let (v, table) =
            period::find(&game, 3000, Default::default(), &mut grundy::values::silent).unwrap();
        let p = v.periodicity().unwrap();
        let v2 = Certificate::new(&game, &p, &table).unwrap();
        let values: Vec<u64> = table.to_vec()[..=p.checked_to() as usize].to_vec();
        let v1 = Certificate {
            values: None,
            checked_to: p.checked_to(),
            digest: fnv(&values),
            ..v2
        };
        let text = v1.to_text();
        assert!(text.starts_with("# grundy periodicity certificate v1\n"));
        assert_eq!(certificate::verify(&text).unwrap(), v1, "{spec}");
        let forged = Certificate {
            digest: v1.digest ^ 1,
            ..v1.clone()
        };
        assert_eq!(rejected(&forged.to_text()), ErrorKind::Corrupt);
    }
    let huge = V1_0356.replace("checked-to: 14916", "checked-to: 9000000000000000000");
    assert_eq!(rejected(&huge), ErrorKind::TooLarge);
}

/// Every carried value, moved up or down (with the digest recomputed to
/// match), is caught by the claim check, and the twin agrees.
#[test]
fn every_claimed_value_is_checked() {
    for spec in [
        "0.07",
        "kayles",
        "0.137",
        "4.07",
        "0.a7",
        "sub:1,3,4",
        "nim",
    ] {
        let (cert, _) = certify(spec);
        let values = carried(&cert);
        for n in 0..values.len() {
            for delta in [1, -1, 3] {
                let Some(v) = values[n].checked_add_signed(delta) else {
                    continue;
                };
                let mut forged = values.clone();
                forged[n] = v;
                let text = claiming(&cert, &forged);
                assert_eq!(rejected(&text), ErrorKind::Corrupt, "{spec} G({n}) = {v}");
                assert!(!twin_accepts(&cert, &forged));
            }
        }
        // The honest claim, re-encoded the same way, still passes.
        assert!(certificate::verify(&claiming(&cert, &values)).is_ok());
    }
}

#[test]
fn tampered_fields_are_rejected() {
    let (cert, text) = certify("0.07");
    let tamper = [
        ("period: 34", "period: 68"),
        ("period: 34", "period: 17"),
        ("preperiod: 53", "preperiod: 52"),
        ("preperiod: 53", "preperiod: 54"),
        ("saltus: 0", "saltus: 1"),
        ("bound: 142", "bound: 100"),
        ("bound: 142", "bound: 143"),
        ("checked-to: 175", "checked-to: 176"),
        ("checked-to: 175", "checked-to: 150"),
        ("game: 0.07", "game: 0.77"),
        ("game: 0.07", "game: 0.071"),
        ("theorem: octal-periodicity", "theorem: subtraction-window"),
        ("theorem: octal-periodicity", "theorem: fermat"),
        ("digest: fnv1a64:", "digest: fnv1a64:0"),
        ("values: 87", "values: 88"),
        ("values: 87", "values: 86"),
        ("bits: 4", "bits: 8"),
        ("bits: 4", "bits: 3"),
        ("aside: 0", "aside: 1"),
        ("data:\n", ""),
        ("data:\n", "data:\n=\n"),
        ("data:\n", "colour: blue\ndata:\n"),
        ("data:\n", "bits: 4\ndata:\n"),
    ];
    for (from, to) in tamper {
        assert!(text.contains(from), "{from}");
        let forged = text.replacen(from, to, 1);
        assert_eq!(rejected(&forged), ErrorKind::Corrupt, "{to}");
    }
    // The palette in another order names other values.
    let palette = text.lines().find(|l| l.starts_with("palette:")).unwrap();
    let mut entries: Vec<&str> = palette["palette:".len()..].split_whitespace().collect();
    entries.swap(0, 1);
    let swapped = format!("palette: {}", entries.join(" "));
    assert_eq!(
        rejected(&text.replace(palette, &swapped)),
        ErrorKind::Corrupt
    );
    assert!(certificate::verify("hello").is_err());
    assert!(certificate::verify("").is_err());
    let _ = cert;
}

/// Any character of the data changed to another base64 character changes
/// a value, an invalid code or a padding bit: always rejected.
#[test]
fn tampered_data_is_rejected() {
    for spec in ["0.07", "0.137", "sub:3,5,8"] {
        let (_, text) = certify(spec);
        let start = text.find("data:\n").unwrap() + "data:\n".len();
        for i in start..text.len() {
            let c = text.as_bytes()[i];
            if c == b'\n' || c == b'=' {
                continue;
            }
            for other in [b'A', b'B', b'/', b'g'] {
                if other == c {
                    continue;
                }
                let mut forged = text.clone().into_bytes();
                forged[i] = other;
                let forged = String::from_utf8(forged).unwrap();
                assert!(
                    certificate::verify(&forged).is_err(),
                    "{spec}: byte {i} '{}' -> '{}'",
                    char::from(c),
                    char::from(other)
                );
            }
        }
    }
}

/// Issue 11 point 1: a preperiod near 2^64 with a small bound used to wrap
/// around in release builds; every window step is checked arithmetic now.
#[test]
fn forged_windows_are_refused_at_once_without_panic() {
    let (_, text) = certify("0.07");
    let overflow = text
        .replace("preperiod: 53", "preperiod: 18446744073709551614")
        .replace("bound: 142", "bound: 32");
    assert_eq!(rejected(&overflow), ErrorKind::Corrupt);
    let v1 = V1_0356
        .replace("preperiod: 7315", "preperiod: 18446744073709551614")
        .replace("bound: 14775", "bound: 32");
    assert_eq!(rejected(&v1), ErrorKind::Corrupt);
    for (field, value) in [
        ("period", "18446744073709551615"),
        ("preperiod", "18446744073709551615"),
        ("checked-to", "18446744073709551615"),
        ("bound", "18446744073709551615"),
        ("values", "18446744073709551615"),
        ("aside", "18446744073709551615"),
        ("period", "0"),
    ] {
        let line = text.lines().find(|l| l.starts_with(field)).unwrap();
        let forged = text.replace(line, &format!("{field}: {value}"));
        assert!(certificate::verify(&forged).is_err(), "{field}: {value}");
    }
    // A short certificate claiming a window of 2^40 heaps with the right
    // bound and count: refused before anything is decoded or allocated.
    let e: u64 = 1 << 40;
    let huge = format!(
        "# grundy periodicity certificate v2\ngame: 0.07\npreperiod: {e}\nperiod: 1\nsaltus: 0\ntheorem: octal-periodicity\nbound: {}\nchecked-to: {}\ndigest: fnv1a64:0000000000000000\nvalues: {}\nbits: 1\npalette: 0\naside: 0\ndata:\nAAAA\n",
        2 * e + 1 + 2,
        2 * e + 1 + 2,
        e + 1
    );
    assert!(huge.len() < 300);
    assert_eq!(rejected(&huge), ErrorKind::TooLarge);
    let within = huge
        .replace(&format!("preperiod: {e}"), "preperiod: 1000000")
        .replace(&format!("bound: {}", 2 * e + 3), "bound: 2000003")
        .replace(&format!("checked-to: {}", 2 * e + 3), "checked-to: 2000003")
        .replace(&format!("values: {}", e + 1), "values: 1000001");
    assert_eq!(rejected(&within), ErrorKind::Corrupt, "data too short");
    let grundys = text.replace("game: 0.07", "game: grundy");
    assert_eq!(rejected(&grundys), ErrorKind::Corrupt);
    let long = format!("{text}{}", " ".repeat(certificate::MAX_TEXT));
    assert_eq!(rejected(&long), ErrorKind::TooLarge);
}

#[test]
fn observed_periods_get_no_certificate() {
    let r: Ruleset = "allbut:1,2".parse().unwrap();
    let (v, table) =
        period::find(&r, 500, Default::default(), &mut grundy::values::silent).unwrap();
    if let Some(p) = v.periodicity() {
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

/// Codes `d0.d1…dk` with up to four digits after the point.
fn take_and_break_game() -> impl Strategy<Value = Ruleset> {
    (
        prop::sample::select(vec![0u8, 4]),
        prop::collection::vec(0u8..=7, 1..=4),
    )
        .prop_map(|(d0, rest)| {
            let mut digits = vec![d0];
            digits.extend(rest);
            Ruleset::TakeAndBreak(TakeAndBreak::new(digits).expect("d0 is 0 or 4"))
        })
}

fn subtraction_game() -> impl Strategy<Value = Ruleset> {
    prop::collection::vec(1u64..=12, 1..=4)
        .prop_map(|m| Ruleset::Subtraction(SubtractionSet::finite(m).unwrap()))
}

/// Round trip, agreement with the twin, and one value tampered.
fn round_trip(
    game: &Ruleset,
    max: u64,
    tamper: (prop::sample::Index, u64),
) -> Result<(), TestCaseError> {
    let Some(cert) = proved(game, max) else {
        return Ok(());
    };
    let text = cert.to_text();
    prop_assert_eq!(certificate::verify(&text).unwrap(), cert.clone());
    let values = carried(&cert);
    prop_assert!(twin_accepts(&cert, &values), "{game}");
    let mut forged = values.clone();
    let n = tamper.0.index(values.len());
    forged[n] = values[n] ^ (1 + tamper.1);
    let verdict = certificate::verify(&claiming(&cert, &forged));
    prop_assert!(verdict.is_err(), "{game}: G({n}) = {} accepted", forged[n]);
    prop_assert!(!twin_accepts(&cert, &forged));
    Ok(())
}

/// Small edits of a valid certificate's bytes.
#[derive(Clone, Debug)]
enum Edit {
    Replace(prop::sample::Index, u8),
    Delete(prop::sample::Index),
    Insert(prop::sample::Index, u8),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<prop::sample::Index>(), any::<u8>()).prop_map(|(i, b)| Edit::Replace(i, b)),
        any::<prop::sample::Index>().prop_map(Edit::Delete),
        (any::<prop::sample::Index>(), any::<u8>()).prop_map(|(i, b)| Edit::Insert(i, b)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_codes_round_trip(game in take_and_break_game(), tamper in (any::<prop::sample::Index>(), 0u64..8)) {
        round_trip(&game, 1500, tamper)?;
    }

    #[test]
    fn subtraction_games_round_trip(game in subtraction_game(), tamper in (any::<prop::sample::Index>(), 0u64..8)) {
        round_trip(&game, 1500, tamper)?;
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let _ = certificate::verify(&String::from_utf8_lossy(&bytes));
        let mut text = "# grundy periodicity certificate v2\n".as_bytes().to_vec();
        text.extend(&bytes);
        let _ = certificate::verify(&String::from_utf8_lossy(&text));
    }

    #[test]
    fn edited_certificates_never_panic(
        spec in prop::sample::select(vec!["0.07", "kayles", "4.b", "sub:3,5,8", "nim", "0.0"]),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        let (_, text) = certify(spec);
        let mut bytes = text.into_bytes();
        for e in edits {
            match e {
                Edit::Replace(i, b) => {
                    let i = i.index(bytes.len());
                    bytes[i] = b;
                }
                Edit::Delete(i) => {
                    let i = i.index(bytes.len());
                    bytes.remove(i);
                }
                Edit::Insert(i, b) => {
                    let i = i.index(bytes.len() + 1);
                    bytes.insert(i, b);
                }
            }
        }
        let _ = certificate::verify(&String::from_utf8_lossy(&bytes));
    }
}

/// C8: 4.344's certificate with G(998) forged from 15 to 16 and its digest
/// recomputed is refused for the value that is truly missing (15), not for
/// 0, which 179 of its options have (13 + 985 among them).
#[test]
fn a_forged_value_is_refused_for_a_true_reason() {
    let (cert, _) = certify("4.344");
    let carried = cert.values.as_ref().unwrap();
    let mut values = carried.decode().unwrap();
    assert!(values.len() > 998, "{}", values.len());
    assert_eq!(values[998], 15);
    values[998] = 16;
    let (e, p) = (cert.preperiod as usize, cert.period as usize);
    let w = cert.checked_to as usize + 1;
    let mut digest = grundy::checksum::Fnv1a::new();
    for n in 0..w {
        let v = if n < e + p {
            values[n]
        } else {
            values[e + (n - e) % p]
        };
        digest.add(&v.to_le_bytes());
    }
    let forged = Certificate {
        digest: digest.finish(),
        values: Some(certificate::CarriedValues::encode(&values)),
        ..cert
    };
    let err = certificate::verify(&forged.to_text()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Corrupt);
    assert!(
        err.to_string()
            .contains("no move from a heap of 998 has value 15"),
        "{err}"
    );
}

/// C8: a version 1 certificate of a three-part code claiming values to
/// 16 384 (2.4·10^11 option reads by plain mex) is refused before any is
/// read; the check reports its progress and stops when told to.
#[test]
fn costly_recomputation_is_refused_and_a_check_can_be_stopped() {
    let v1 = |checked_to: u64| {
        format!(
            "# grundy periodicity certificate v1\ngame: 0.8f\npreperiod: 0\nperiod: 1\nsaltus: 0\n\
             theorem: three-part-periodicity\nbound: 7\nchecked-to: {checked_to}\n\
             digest: fnv1a64:0000000000000000\n"
        )
    };
    let started = std::time::Instant::now();
    let err = certificate::verify(&v1(16_384)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooLarge, "{err}");
    assert!(started.elapsed().as_secs() < 1);
    let mut told = 0;
    let err = certificate::verify_with(&v1(3_000), &mut |p| {
        assert!(p.done <= p.total && p.total == 3_001);
        told += 1;
        if p.done >= 200 {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    })
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Interrupted, "{err}");
    assert!(told >= 2);
    assert!(started.elapsed().as_secs() < 5);
    // A version 2 check stops too.
    let (_, text) = certify("0.07");
    let err =
        certificate::verify_with(&text, &mut |_| std::ops::ControlFlow::Break(())).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Interrupted, "{err}");
}

/// W6: a certificate whose bound is not the theorem's names the window
/// with the preperiod's value, not a literal `e`.
#[test]
fn a_wrong_bound_names_the_window_in_numbers() {
    let (cert, text) = certify("0.07");
    let short = text.replace(&format!("bound: {}", cert.bound), "bound: 7");
    let err = certificate::verify(&short).unwrap_err();
    assert!(
        err.to_string()
            .contains(&format!("window {} <= n < {}", cert.preperiod, cert.bound)),
        "{err}"
    );
}
