//! The mirror theorem of arithmetic periodicity: what it proves agrees with
//! the engines far past its window, 0.8f's numbers, and patterns whose
//! hypotheses fail stay observed.

use grundy::certificate::{self, CarriedValues, Certificate};
use grundy::period::{self, PeriodicValues, Proof, Theorem, mirror};
use grundy::ruleset::TakeAndBreak;
use grundy::{ErrorKind, Ruleset, values};
use proptest::prelude::*;

fn find(spec: &str, max: u64) -> (period::Verdict, grundy::ValueTable) {
    let r: Ruleset = spec.parse().unwrap();
    period::find(&r, max, Default::default(), &mut values::silent).unwrap()
}

#[test]
fn game_0_8f_is_proved_with_period_7_and_saltus_4_from_heap_7() {
    let (v, table) = find("0.8f", 10_000);
    let p = v.periodicity().unwrap();
    assert_eq!((p.preperiod(), p.period(), p.saltus()), (7, 7, 4));
    // B = max(k + J(e − 1) + 1, e + τ) = max(21, 11); W = max(B + p, J(e + p) + k + 1).
    assert_eq!(
        p.proof(),
        Proof::Theorem {
            theorem: Theorem::MirrorArithmetic,
            bound: 45
        }
    );
    let g = PeriodicValues::new(table, v);
    let r: Ruleset = "0.8f".parse().unwrap();
    let engine = values::compute(&r, 3000).unwrap();
    for n in 0..=3000 {
        assert_eq!(g.get(n).unwrap().value(), engine.raw(n as usize), "G({n})");
    }
    // Far out, by the continuation: G(7 + 7k + i) = G(7 + i) + 4k.
    let far = 1_000_000u64;
    let (k, i) = ((far - 7) / 7, (far - 7) % 7);
    assert_eq!(
        g.get(far).unwrap().value(),
        engine.raw((7 + i) as usize) + 4 * k
    );
    assert!(g.get(u64::MAX).is_ok());
}

#[test]
fn codes_the_mirror_theorem_proves_include_0_8a_and_0_8b() {
    for (spec, e, p, s) in [("0.8a", 1, 2, 1), ("0.8b", 7, 7, 4)] {
        let (v, _) = find(spec, 4000);
        let q = v.periodicity().unwrap();
        assert_eq!((q.preperiod(), q.period(), q.saltus()), (e, p, s), "{spec}");
        assert!(
            matches!(
                q.proof(),
                Proof::Theorem {
                    theorem: Theorem::MirrorArithmetic,
                    ..
                }
            ),
            "{spec}"
        );
    }
}

#[test]
fn a_pattern_whose_hypotheses_fail_stays_observed() {
    // 0.88 shows period 3 with saltus 1 from heap 1, but a heap of 7 has no
    // move with one large part to the value 1: the theorem does not apply.
    let (v, table) = find("0.88", 2000);
    let p = v.periodicity().unwrap();
    assert_eq!((p.preperiod(), p.period(), p.saltus()), (1, 3, 1));
    assert_eq!(p.proof(), Proof::Observed);
    let code: TakeAndBreak = "0.88".parse().unwrap();
    let first: Vec<u64> = (0..4).map(|n| table.raw(n)).collect();
    let why = mirror::hypotheses(&code, 1, 3, 1, &first).unwrap_err();
    assert!(why.contains("heap 7"), "{why}");
}

#[test]
fn each_hypothesis_is_checked() {
    let code: TakeAndBreak = "0.8f".parse().unwrap();
    let g = values::compute(&Ruleset::TakeAndBreak(code.clone()), 13).unwrap();
    let first: Vec<u64> = (0..14).map(|n| g.raw(n)).collect();
    assert!(mirror::hypotheses(&code, 7, 7, 4, &first).is_ok());
    // A saltus that is not a power of two.
    assert!(mirror::hypotheses(&code, 7, 7, 3, &first).is_err());
    // A preperiod value at or above the saltus.
    let mut big = first.clone();
    big[3] = 4;
    assert!(mirror::hypotheses(&code, 7, 7, 4, &big).is_err());
    // A step of 2.
    let mut jump = first.clone();
    jump[10] += 1;
    assert!(mirror::hypotheses(&code, 7, 7, 4, &jump).is_err());
    // No even take that may leave three heaps.
    let odd: TakeAndBreak = "0.8".parse().unwrap();
    assert!(mirror::hypotheses(&odd, 7, 7, 4, &first).is_err());
    assert!(mirror::Mirrors::of(&odd).is_none());
}

/// Hexadecimal codes of one to three digits after `d0`, half of them with
/// mirror takes 1 and 2 so that the law is seldom vacuous.
fn arb_code() -> impl Strategy<Value = String> {
    let hex = "0123456789abcdef".as_bytes();
    (
        prop::bool::ANY,
        8usize..16,
        8usize..16,
        prop::collection::vec(0usize..16, 1..=3),
    )
        .prop_map(move |(mirrored, a, b, digits)| {
            let mut d: Vec<usize> = digits;
            if mirrored {
                d[0] = a;
                if d.len() < 2 {
                    d.push(b);
                } else {
                    d[1] = b;
                }
            }
            let tail: String = d.iter().map(|&i| hex[i] as char).collect();
            format!("0.{tail}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    /// Whenever the mirror theorem claims a proof, the continuation agrees
    /// with the engine over every heap up to 1500.
    #[test]
    fn what_the_mirror_theorem_proves_agrees_with_the_engine(spec in arb_code()) {
        let r: Ruleset = spec.parse().unwrap();
        let (v, table) = period::find(&r, 400, Default::default(), &mut values::silent).unwrap();
        if let Some(p) = v.periodicity()
            && let Proof::Theorem { theorem: Theorem::MirrorArithmetic, .. } = p.proof()
        {
            let g = PeriodicValues::new(table, v);
            let engine = values::compute(&r, 1500).unwrap();
            for n in 0..=1500u64 {
                prop_assert_eq!(g.get(n).unwrap().value(), engine.raw(n as usize), "{} G({})", spec, n);
            }
        }
    }
}

/// FNV-1a 64 over each value as 8 little-endian bytes, as the format says.
fn fnv(values: &[u64]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in values.iter().flat_map(|v| v.to_le_bytes()) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn certificate_of(spec: &str) -> String {
    let r: Ruleset = spec.parse().unwrap();
    let (v, table) = period::find(&r, 4000, Default::default(), &mut values::silent).unwrap();
    Certificate::new(&r, &v.periodicity().unwrap(), &table)
        .unwrap()
        .to_text()
}

fn refusal(text: &str) -> String {
    match certificate::verify(text) {
        Ok(c) => panic!("accepted a forged certificate: {c:?}\n{text}"),
        Err(e) => {
            assert_eq!(e.kind(), ErrorKind::Corrupt, "{e}");
            e.to_string()
        }
    }
}

#[test]
fn the_certificate_of_0_8f_round_trips() {
    let text = certificate_of("0.8f");
    assert!(
        text.contains("theorem: mirror-arithmetic-periodicity\n"),
        "{text}"
    );
    assert!(
        text.contains("saltus: 4\n") && text.contains("bound: 45\n"),
        "{text}"
    );
    let c = certificate::verify(&text).unwrap();
    assert_eq!((c.preperiod, c.period, c.saltus, c.bound), (7, 7, 4, 45));
    assert_eq!(Certificate::parse(&text).unwrap(), c);
}

#[test]
fn forged_mirror_certificates_are_refused_with_a_true_reason() {
    let text = certificate_of("0.8f");
    let wrong_saltus = refusal(&text.replace("saltus: 4", "saltus: 8"));
    assert!(wrong_saltus.contains("digest"), "{wrong_saltus}");
    let not_a_power = refusal(&text.replace("saltus: 4", "saltus: 3"));
    assert!(not_a_power.contains("does not apply"), "{not_a_power}");
    let wrong_period = refusal(&text.replace("period: 7", "period: 14"));
    assert!(wrong_period.contains("window"), "{wrong_period}");
    let short = refusal(&text.replace("bound: 45", "bound: 44"));
    assert!(short.contains("7 <= n < 45"), "{short}");
    let short_values = refusal(&text.replace("checked-to: 51", "checked-to: 50"));
    assert!(short_values.contains("window's end 51"), "{short_values}");
    // 0.8 has no even take that may leave three heaps.
    let no_mirror = refusal(&text.replace("game: 0.8f", "game: 0.8"));
    assert!(no_mirror.contains("an odd and an even take"), "{no_mirror}");
}

#[test]
fn a_certificate_whose_values_are_right_but_break_the_hypotheses_is_refused() {
    // 0.88's values do repeat with period 3 and saltus 1 over the window,
    // so every value checks; the theorem's hypothesis on the top options
    // does not hold at heap 7.
    let code: TakeAndBreak = "0.88".parse().unwrap();
    let game = Ruleset::TakeAndBreak(code.clone());
    let (e, p, s) = (1u64, 3u64, 1u64);
    let bound = mirror::Mirrors::of(&code).unwrap().bound(e, p).unwrap();
    let w = bound + p;
    let table = values::compute(&game, w - 1).unwrap();
    let all: Vec<u64> = (0..w as usize).map(|n| table.raw(n)).collect();
    for n in e as usize..(w - p) as usize {
        assert_eq!(all[n + p as usize], all[n] + s, "the pattern holds at {n}");
    }
    let forged = Certificate {
        game,
        preperiod: e,
        period: p,
        saltus: s,
        theorem: Theorem::MirrorArithmetic,
        bound,
        checked_to: w - 1,
        digest: fnv(&all),
        values: Some(CarriedValues::encode(&all[..(e + p) as usize])),
    }
    .to_text();
    let why = refusal(&forged);
    assert!(
        why.contains("does not apply") && why.contains("heap 7"),
        "{why}"
    );
}

/// The verifier's own check of the hypotheses looks at every move: a
/// certificate whose period would make that too long is refused before
/// anything is checked, as too costly, not as false; and a stop asked for
/// while the hypotheses are checked is heard.
#[test]
fn a_mirror_certificate_too_costly_to_check_is_refused_up_front_and_a_stop_is_heard() {
    let code: TakeAndBreak = "0.8f".parse().unwrap();
    let p = 4000;
    let bound = mirror::Mirrors::of(&code).unwrap().bound(7, p).unwrap();
    let text = certificate_of("0.8f")
        .replace("\nperiod: 7\n", &format!("\nperiod: {p}\n"))
        .replace("bound: 45", &format!("bound: {bound}"))
        .replace("checked-to: 51", &format!("checked-to: {}", bound + p - 1));
    let e = certificate::verify(&text).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooLarge, "{e}");
    assert!(e.to_string().contains("moves, past"), "{e}");

    let good = certificate_of("0.8f");
    let mut told = 0;
    let stopped = certificate::verify_with(&good, &mut |_| {
        told += 1;
        std::ops::ControlFlow::Break(())
    })
    .unwrap_err();
    assert_eq!(stopped.kind(), ErrorKind::Interrupted, "{stopped}");
    assert!(told > 0);
}
