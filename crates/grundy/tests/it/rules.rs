//! Rules you write (issue 35): the spec families beyond the classical ones
//! (splitting into several heaps, divisors, ranges and residue classes),
//! each against a naive twin written from the rules in words, and against
//! the examples of the Project Euler statements (509, 629) that define
//! them.

use std::collections::{BTreeSet, HashMap};

use grundy::exhaustive::Exhaustive;
use grundy::period::{self, Proof};
use grundy::ruleset::Divisors;
use grundy::values::{self, Budget, Engine};
use grundy::{ErrorKind, Nimber, Ruleset, sum};
use proptest::prelude::*;

use crate::common::ruleset;

fn naive(game: &Ruleset, to: u64) -> Vec<u64> {
    let options = values::Options {
        engine: Engine::Naive,
        ..values::Options::default()
    };
    values::compute_with(game, to, options, &mut values::silent)
        .unwrap_or_else(|e| panic!("{game}: {e}"))
        .to_vec()
}

/// The mex of a set of values.
fn mex(seen: &BTreeSet<u64>) -> u64 {
    (0..).find(|v| !seen.contains(v)).unwrap()
}

// ---------------------------------------------------------------- specs

#[test]
fn new_specs_read_and_print_canonically() {
    for (spec, canonical) in [
        ("split:2:unequal", "grundy"),
        ("split:2..2:distinct", "grundy"),
        ("split:2", "4.0"),
        ("split:3", "8.0"),
        ("split:3..3", "8.0"),
        ("split:2..3", "c.0"),
        ("split:..3", "c.0"),
        ("split:..4", "split:2..4"),
        ("SPLIT:2..4", "split:2..4"),
        ("split: 2 .. 4 ", "split:2..4"),
        ("split:4..4", "split:4"),
        ("split:2..", "split:2.."),
        ("split:3:unequal", "split:3:unequal"),
        ("split:2..3:unequal", "split:2..3:unequal"),
        ("split:2..:unequal", "split:2..:unequal"),
        ("sub:1..", "nim"),
        ("sub:1k", "nim"),
        ("sub:1k+1", "nim"),
        ("sub:2..", "allbut:1"),
        ("sub:4..", "allbut:1,2,3"),
        ("sub:1k+4", "allbut:1,2,3"),
        ("sub:1..3", "sub:1,2,3"),
        ("sub:5,1..3", "sub:1,2,3,5"),
        ("sub:2..4,3", "sub:2,3,4"),
        ("allbut:1..3", "allbut:1,2,3"),
        ("sub:3k", "sub:3k"),
        ("sub:3k+0", "sub:3k"),
        ("sub:3k+3", "sub:3k"),
        ("sub:3k+1", "sub:3k+1"),
        ("sub:3k+5", "sub:3k+5"),
        ("sub:divisors", "sub:divisors"),
        ("Sub:Proper-Divisors", "sub:proper-divisors"),
    ] {
        let game: Ruleset = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
        assert_eq!(game.to_string(), canonical, "{spec}");
        let again: Ruleset = canonical.parse().unwrap();
        assert_eq!(again, game, "{canonical} reads back as itself");
    }
}

#[test]
fn bad_new_specs_say_how_to_fix_them() {
    for (spec, hint) in [
        ("split:1", "at least 2 heaps"),
        ("split:1..4", "from 2 up, as in split:2..4"),
        ("split:5..3", "as in split:3..5"),
        ("split:two", "split:A..B"),
        ("split:2..4:big", "the one option is unequal"),
        ("split:300", "at most 256"),
        ("split:", "not a number of heaps"),
        ("sub:0..", "removing 0 tokens is not a move"),
        ("sub:x..", "write every size from A as A.."),
        ("sub:3..1", "as in 1..3"),
        ("sub:1,3..", "stands alone"),
        ("sub:1..2000000", "more than 1048576 sizes"),
        ("sub:3k+", "as in 3k or 3k+1"),
        ("sub:0k", "a step of at least 1"),
        ("sub:xk", "write Mk"),
        ("sub:divisor", "3k+1"),
        ("sub:", "the list of sizes is empty"),
        ("split", "split:2..4"),
    ] {
        let err = spec.parse::<Ruleset>().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidSpec, "{spec}");
        assert!(
            err.to_string().contains(hint),
            "{spec}: {err} lacks {hint:?}"
        );
    }
    assert!(
        "divisors"
            .parse::<grundy::ruleset::SubtractionSet>()
            .unwrap_err()
            .to_string()
            .contains("sub:divisors")
    );
}

#[test]
fn specs_equal_to_built_in_games_run_their_fast_engines() {
    for (spec, engine) in [
        ("split:2:unequal", Engine::Sparse),
        ("split:2", Engine::Sparse),
        ("split:2..3", Engine::Bitsets),
        ("split:3", Engine::Bitsets),
        ("split:2..4", Engine::Bitsets),
        ("split:2..", Engine::Bitsets),
        ("split:2..4:unequal", Engine::Naive),
    ] {
        let game = ruleset(spec);
        let mut table = grundy::ValueTable::new();
        let report = values::extend_reporting(
            &game,
            &mut table,
            200,
            values::Options::default(),
            &mut values::silent,
        )
        .unwrap();
        assert_eq!(report.engine, Some(engine), "{spec}");
    }
    let range: Ruleset = "sub:1..".parse().unwrap();
    let table = values::compute(&range, 1000).unwrap();
    assert!((0..=1000).all(|n| table.raw(n) == n as u64));
}

#[test]
fn descriptions_say_the_rules() {
    for (spec, words) in [
        ("split:2..4", "Split one heap into 2 to 4 non-empty heaps."),
        (
            "split:2..3:unequal",
            "Split one heap into 2 or 3 non-empty heaps of different sizes.",
        ),
        (
            "split:3..",
            "Split one heap into 3 or more non-empty heaps.",
        ),
        ("split:4", "Split one heap into 4 non-empty heaps."),
        (
            "sub:3k",
            "Remove 3, 6, 9, … tokens (any multiple of 3) from one heap.",
        ),
        (
            "sub:3k+1",
            "Remove 1, 4, 7, … tokens (3k + 1) from one heap.",
        ),
        ("sub:proper-divisors", "proper divisor"),
        ("sub:divisors", "the whole heap included"),
    ] {
        let described = ruleset(spec).describe();
        assert!(described.contains(words), "{spec}: {described}");
    }
}

// ------------------------------------------------------------ naive twins

/// The splits of `n` into `min..=max` parts (any `max` when `None`), all
/// different when `unequal`, from the definition: every way to cut a row of
/// `n` tokens, sorted and deduplicated.
fn twin_splits(n: u64, min: u64, max: Option<u64>, unequal: bool) -> BTreeSet<Vec<u64>> {
    let mut out = BTreeSet::new();
    if n == 0 {
        return out;
    }
    for cuts in 0..1u64 << (n - 1) {
        let mut parts = Vec::new();
        let mut start = 0;
        for i in 1..n {
            if cuts & (1 << (i - 1)) != 0 {
                parts.push(i - start);
                start = i;
            }
        }
        parts.push(n - start);
        parts.sort_unstable();
        let count = parts.len() as u64;
        let distinct = parts.windows(2).all(|w| w[0] != w[1]);
        if count >= min && max.is_none_or(|m| count <= m) && (!unequal || distinct) {
            out.insert(parts);
        }
    }
    out
}

/// Values by the mex over `options(n)`, each option a list of heaps.
fn twin_values(to: u64, options: impl Fn(u64) -> Vec<Vec<u64>>) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=to {
        let seen: BTreeSet<u64> = options(n)
            .iter()
            .map(|parts| parts.iter().fold(0, |x, &p| x ^ g[p as usize]))
            .collect();
        g.push(mex(&seen));
    }
    g
}

fn split_rule() -> impl Strategy<Value = (u64, Option<u64>, bool)> {
    (2u64..=5, prop::option::of(0u64..=3), any::<bool>())
        .prop_map(|(min, extra, unequal)| (min, extra.map(|e| min + e), unequal))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every splitting spec lists exactly the splits of its definition, and
    /// its values (whatever engine the spec's game runs) are those of the
    /// mex over them.
    #[test]
    fn splitting_rules_equal_their_naive_twin((min, max, unequal) in split_rule()) {
        let game = Ruleset::splitting(min, max, unequal).unwrap();
        for n in 0..=13 {
            let listed: BTreeSet<Vec<u64>> = game.options(n).into_iter().map(|m| {
                assert_eq!(m.removed, 0);
                m.parts
            }).collect();
            prop_assert_eq!(&listed, &twin_splits(n, min, max, unequal), "{} {}", game, n);
            prop_assert_eq!(game.has_move(n), !listed.is_empty());
            prop_assert!(game.option_bound(n) >= listed.len() as u64);
        }
        let expected = twin_values(13, |n| twin_splits(n, min, max, unequal).into_iter().collect());
        prop_assert_eq!(values::compute(&game, 13).unwrap().to_vec(), expected.clone());
        prop_assert_eq!(naive(&game, 13), expected);
    }

    /// Divisor games against the mex over every divisor found by trying
    /// every size.
    #[test]
    fn divisor_games_equal_their_naive_twin(proper in any::<bool>(), to in 1u64..400) {
        let which = if proper { Divisors::Proper } else { Divisors::All };
        let game = Ruleset::Divisors(which);
        let moves = |n: u64| -> Vec<Vec<u64>> {
            (1..=n)
                .filter(|&d| n.is_multiple_of(d) && (!proper || d < n))
                .map(|d| if d == n { vec![] } else { vec![n - d] })
                .collect()
        };
        for n in 0..=to.min(60) {
            let listed: BTreeSet<Vec<u64>> = game.options(n).into_iter().map(|m| m.parts).collect();
            prop_assert_eq!(listed, moves(n).into_iter().collect::<BTreeSet<_>>());
        }
        prop_assert_eq!(values::compute(&game, to).unwrap().to_vec(), twin_values(to, moves));
    }

    /// Residue classes and ranges against the mex over the sizes of the set
    /// written out.
    #[test]
    fn progressions_and_ranges_equal_their_naive_twin(step in 1u64..7, offset in 0u64..9, to in 0u64..300) {
        let game: Ruleset = format!("sub:{step}k+{offset}").parse().unwrap();
        let first = if offset == 0 { step } else { offset };
        let moves = |n: u64| -> Vec<Vec<u64>> {
            (1..=n)
                .filter(|&s| s >= first && (s - first).is_multiple_of(step))
                .map(|s| if s == n { vec![] } else { vec![n - s] })
                .collect()
        };
        prop_assert_eq!(values::compute(&game, to).unwrap().to_vec(), twin_values(to, moves));
        let range: Ruleset = format!("sub:{first}..{}", first + step).parse().unwrap();
        let in_range = |n: u64| -> Vec<Vec<u64>> {
            (first..=(first + step).min(n)).map(|s| if s == n { vec![] } else { vec![n - s] }).collect()
        };
        prop_assert_eq!(values::compute(&range, to).unwrap().to_vec(), twin_values(to, in_range));
    }
}

/// The exhaustive judge, which knows only the rules, agrees with the values
/// on sums of two heaps; every winning move listed wins.
#[test]
fn the_judge_agrees_on_sums_of_the_new_families() {
    for spec in [
        "split:2..4",
        "split:3:unequal",
        "split:2..:unequal",
        "split:2..",
        "sub:divisors",
        "sub:proper-divisors",
        "sub:3k+1",
        "sub:2k",
    ] {
        let game = ruleset(spec);
        let table = values::compute(&game, 10).unwrap();
        let mut judge = Exhaustive::new(game.clone());
        for a in 0..=10 {
            for b in a..=10 {
                let heaps = [a, b];
                let lost = sum::value(&table, &heaps).unwrap().is_zero();
                assert_eq!(lost, !judge.first_player_wins(&heaps), "{spec} {heaps:?}");
                let moves = sum::winning_moves(&game, &table, &heaps).unwrap();
                assert_eq!(moves.is_empty(), lost, "{spec} {heaps:?}");
                for mv in moves {
                    assert!(!judge.first_player_wins(&mv.apply(&heaps)), "{spec} {mv:?}");
                }
            }
        }
    }
}

/// Only a theorem proves a period, and none covers the new families: the
/// patterns they show are observed. Proper divisors give G(n) = v2(n)
/// (the exponent of 2 in n), unbounded: no period at all.
#[test]
fn periods_of_the_new_families_are_only_observed() {
    for spec in [
        "split:2..4",
        "split:3:unequal",
        "sub:3k+1",
        "sub:2k",
        "sub:divisors",
    ] {
        let game = ruleset(spec);
        let (verdict, _) =
            period::find(&game, 400, Default::default(), &mut values::silent).unwrap();
        if let Some(p) = verdict.periodicity() {
            assert_eq!(p.proof(), Proof::Observed, "{spec}");
        }
        assert!(!period::proof::may_prove(&game), "{spec}");
    }
    let divisor_nim = ruleset("sub:proper-divisors");
    let g = values::compute(&divisor_nim, 2000).unwrap();
    assert!((1..=2000u64).all(|n| g.raw(n as usize) == u64::from(n.trailing_zeros())));
}

/// A rule into up to `k` heaps has O(n^(k−1)) splits a heap: too large a
/// request is refused at once with the largest that fits, never left to run
/// for years.
#[test]
fn splitting_costs_are_bounded_before_computing() {
    for spec in [
        "split:2..",
        "split:2..6",
        "split:3:unequal",
        "split:200..:unequal",
    ] {
        let game = ruleset(spec);
        let started = std::time::Instant::now();
        let err = values::compute(&game, 1_000_000).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::TooLarge, "{spec}");
        assert!(err.to_string().contains("ask for at most"), "{err}");
        assert!(
            started.elapsed().as_secs() < 5,
            "{spec}: the check itself is quick"
        );
        let fits: u64 = err
            .to_string()
            .rsplit("at most ")
            .next()
            .and_then(|s| s.split(' ').next())
            .and_then(|s| s.parse().ok())
            .unwrap();
        assert!(
            values::check_fits(&game, fits, Budget::default()).is_ok(),
            "{spec}"
        );
        assert!(
            values::check_fits(&game, fits + 1, Budget::default()).is_err(),
            "{spec}"
        );
    }
    let scatter = ruleset("split:2..");
    let g = values::compute(&scatter, 60).unwrap();
    assert_eq!(g.len(), 61);
}

// --------------------------------------------------------- Project Euler

/// Project Euler 509, Divisor Nim (https://projecteuler.net/problem=509):
/// "they may only take a number of stones from a pile that is a proper
/// divisor of the number of stones present in the pile"; S(n) counts the
/// winning triples 1 <= a, b, c <= n. The statement gives S(10) = 692 and
/// S(100) = 735494.
#[test]
fn project_euler_509_divisor_nim() {
    let game = ruleset("sub:proper-divisors");
    let g = values::compute(&game, 100).unwrap();
    let s = |n: usize| -> u64 {
        let mut count: HashMap<u64, u64> = HashMap::new();
        for h in 1..=n {
            *count.entry(g.raw(h)).or_default() += 1;
        }
        let mut lost = 0;
        for (&a, &ca) in &count {
            for (&b, &cb) in &count {
                lost += ca * cb * count.get(&(a ^ b)).copied().unwrap_or(0);
            }
        }
        (n as u64).pow(3) - lost
    };
    assert_eq!(s(10), 692);
    assert_eq!(s(100), 735_494);
}

/// Project Euler 629, Scatterstone Nim (https://projecteuler.net/problem=629):
/// a move splits a pile into p non-empty piles, 2 <= p <= k; f(n, k)
/// counts the winning positions of n stones in all (multisets of piles);
/// g(n) = Σ f(n, k) over 2 <= k <= n. The statement gives f(5, 2) = 3,
/// f(5, 3) = 5, g(7) = 66 and g(10) = 291.
#[test]
fn project_euler_629_scatterstone_nim() {
    fn partitions(n: u64, largest: u64, out: &mut Vec<Vec<u64>>, prefix: &mut Vec<u64>) {
        if n == 0 {
            out.push(prefix.clone());
            return;
        }
        for p in (1..=n.min(largest)).rev() {
            prefix.push(p);
            partitions(n - p, p, out, prefix);
            prefix.pop();
        }
    }
    let f = |n: u64, k: u64| -> usize {
        let game: Ruleset = format!("split:2..{k}").parse().unwrap();
        let g = values::compute(&game, n).unwrap();
        let mut all = Vec::new();
        partitions(n, n, &mut all, &mut Vec::new());
        all.iter()
            .filter(|p| !sum::value(&g, p).unwrap().is_zero())
            .count()
    };
    assert_eq!(f(5, 2), 3);
    assert_eq!(f(5, 3), 5);
    let g = |n: u64| -> usize { (2..=n).map(|k| f(n, k)).sum() };
    assert_eq!(g(7), 66);
    assert_eq!(g(10), 291);
    // The question itself is at n = 200, every k up to 200: the bitset
    // engine reaches it (the naive one would read the 4·10^12 partitions
    // of 200), and the answer is left to the reader.
    for k in [2, 3, 4, 50, 200] {
        let game: Ruleset = format!("split:2..{k}").parse().unwrap();
        assert!(
            values::check_fits(&game, 200, Budget::default()).is_ok(),
            "k = {k}"
        );
    }
}

/// Nimbers of new families add as nimbers do: a sum's value is the XOR.
#[test]
fn sums_of_new_families_are_nim_sums() {
    let game = ruleset("split:2..5");
    let g = values::compute(&game, 30).unwrap();
    for a in 0..=30u64 {
        for b in 0..=30u64 {
            assert_eq!(
                sum::value(&g, &[a, b]).unwrap(),
                Nimber::new(g.raw(a as usize)) + Nimber::new(g.raw(b as usize))
            );
        }
    }
}

/// Counts over heaps and over positions of several heaps work on the new
/// families as on any table: against a count heap by heap and position by
/// position.
#[test]
fn counts_of_the_new_families_equal_counts_by_hand() {
    use grundy::count::{self, histogram::Histogram, multiset};
    use grundy::period::PeriodicValues;
    for spec in [
        "split:2..5",
        "split:2..3:unequal",
        "sub:divisors",
        "sub:4k+1",
    ] {
        let game = ruleset(spec);
        let (verdict, table) =
            period::find(&game, 40, Default::default(), &mut values::silent).unwrap();
        let g = table.to_vec();
        let values = PeriodicValues::new(table, verdict);
        let zeros = (1..=40).filter(|&n| g[n] == 0).count() as u128;
        assert_eq!(
            count::zeros_in_range(&values, 1, 40).unwrap(),
            zeros,
            "{spec}"
        );
        let histogram = Histogram::of_heaps(&values, 40).unwrap();
        let mut lost = 0u128;
        for a in 0..=40 {
            for b in a..=40 {
                for c in b..=40 {
                    lost += u128::from(g[a] ^ g[b] ^ g[c] == 0);
                }
            }
        }
        assert_eq!(
            multiset::losing_multisets(&histogram, 3).unwrap(),
            lost,
            "{spec}"
        );
    }
}

/// Winning moves are found by listing a heap's moves: a heap with more
/// than can be listed is refused before any is, never left to run.
#[test]
fn winning_moves_in_heaps_with_too_many_splits_are_refused() {
    let scatter = ruleset("split:2..");
    let (verdict, table) =
        period::find(&scatter, 200, Default::default(), &mut values::silent).unwrap();
    let err = sum::winning_moves(&scatter, &table, &[200]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooLarge);
    assert!(err.to_string().contains("give smaller heaps"), "{err}");
    let values = grundy::period::PeriodicValues::new(table.clone(), verdict);
    let err = period::moves::winning_moves(&scatter, &values, &[200, 3], 5).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooLarge);
    // Small heaps are listed as ever.
    let moves = sum::winning_moves(&scatter, &table, &[20, 3]).unwrap();
    assert!(!moves.is_empty());
    for mv in moves {
        assert!(sum::value(&table, &mv.apply(&[20, 3])).unwrap().is_zero());
    }
}
