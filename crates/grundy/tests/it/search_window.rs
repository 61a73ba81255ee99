//! The period search computes no value past its proof's window: when a
//! theorem proves a period, the table holds exactly the values the theorem
//! needs (`bound + p`), unless the first 128 values already held more.

use grundy::period::{self, Proof, proof};
use grundy::{Ruleset, ValueTable};
use proptest::prelude::*;

/// The first table the search looks at: 128 values, or fewer if `max` is
/// smaller.
const FIRST: u64 = 128;

/// The search's verdict on `game` to heap `max`, with the table it computed.
fn search(game: &Ruleset, max: u64) -> (period::Verdict, ValueTable) {
    period::find(game, max, Default::default(), &mut grundy::values::silent).unwrap()
}

/// The table length the theorem needs for the proved pattern of `verdict`,
/// from the theorem's formula ([`proof::requirement`]) and the detected
/// preperiod and period: the values up to `bound + p − 1`.
fn window(game: &Ruleset, verdict: &period::Verdict) -> Option<u64> {
    let p = verdict.periodicity().filter(|p| p.is_proved())?;
    let candidate = period::detect::Candidate {
        preperiod: p.preperiod(),
        period: p.period(),
        saltus: p.saltus(),
    };
    let (theorem, bound) = proof::requirement(game, candidate)?;
    assert_eq!(p.proof(), Proof::Theorem { theorem, bound });
    Some(bound + p.period())
}

/// Checks the law on `game`; returns the window when a period was proved,
/// and whether the law required the table to end exactly there.
///
/// The law: at its last step before the end, the search had `L` values;
/// if the pattern showed there (the values pass `e + p`, and the period is
/// at most `L / 2`, the longest the detector tries), the table ends exactly
/// at the window `need`; in any case it ends between `need` and `2L`. The
/// steps are replayed through [`period::Search`] on prefixes of the table.
fn check(game: &Ruleset, max: u64) -> Option<(u64, bool)> {
    let (verdict, table) = search(game, max);
    let len = table.len() as u64;
    assert_eq!(verdict.checked_to(), len - 1, "{game}");
    let search = period::Search::new(game, max);
    let mut at = 0u64;
    let mut last = 0u64;
    loop {
        match search.step(&table.prefix(at as usize)) {
            period::Step::Grow { to, .. } => {
                last = at;
                at = to + 1;
            }
            period::Step::Done(v) => {
                assert_eq!(v, verdict, "{game}");
                break;
            }
        }
    }
    assert_eq!(
        at, len,
        "{game}: the replayed search ends where the search did"
    );
    let need = window(game, &verdict)?;
    let p = verdict.periodicity().unwrap();
    let exact = last > p.preperiod() + p.period() && p.period() <= last / 2;
    if last == 0 {
        // Proved on the first table.
        assert!(need <= len && len <= FIRST.min(max + 1), "{game}");
    } else if exact {
        assert_eq!(len, need, "{game}: {verdict:?}, last step at {last}");
    } else {
        assert!(need <= len && len <= 2 * last, "{game}: {verdict:?}");
    }
    Some((need, exact && last > 0))
}

/// Every octal code with up to three digits after the point: each proved
/// period is proved on exactly its window.
#[test]
fn every_short_octal_code_stops_at_its_window() {
    let mut exact = 0;
    for code in 1..0o1000u32 {
        let digits = format!("{code:03o}");
        let spec = format!("0.{}", digits.trim_end_matches('0'));
        let game: Ruleset = spec.parse().unwrap();
        if let Some((_, true)) = check(&game, 4000) {
            exact += 1;
        }
    }
    // Kayles, the paper strip, 0.137 and many more stop exactly at a
    // window past the first table.
    assert!(exact >= 20, "only {exact} windows hit exactly");
}

/// Long preperiods and periods: 0.127 (period 4 from heap 46 578), 0.16
/// (period 149 459 from heap 105 351), 0.56 (period 144 from heap 326 640).
#[test]
fn longer_periods_stop_at_their_window() {
    for spec in ["0.127", "0.16", "0.56"] {
        let game: Ruleset = spec.parse().unwrap();
        let need = check(&game, 1_000_000);
        assert!(need.is_some_and(|(n, _)| n > 10_000), "{spec}: {need:?}");
    }
}

/// The search from nothing and [`period::find_in`] from a stored prefix of
/// any length below the window stop at the same table.
#[test]
fn a_stored_prefix_stops_at_the_same_window() {
    let game: Ruleset = "0.16".parse().unwrap();
    let (verdict, table) = search(&game, 1_000_000);
    for stored in [0, 1000, 200_000, table.len() - 1] {
        let mut t = table.prefix(stored);
        let v = period::find_in(&game, &mut t, 1_000_000, &mut |t, to| {
            grundy::values::extend_with(
                &game,
                t,
                to,
                Default::default(),
                &mut grundy::values::silent,
            )
        })
        .unwrap();
        assert_eq!(v, verdict);
        assert_eq!(t.len(), table.len());
    }
}

fn arb_code() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["0", "4"]),
        prop::collection::vec(0u8..8, 1..6),
    )
        .prop_map(|(d0, digits)| {
            let digits: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
            format!("{d0}.{digits}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn random_codes_stop_at_their_window(spec in arb_code()) {
        let Ok(game) = spec.parse::<Ruleset>() else {
            return Ok(());
        };
        check(&game, 5000);
    }
}
