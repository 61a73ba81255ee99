//! The verifier's own check of the mirror theorem's hypotheses
//! ([`crate::period::mirror`], hypotheses (1), (2), (3), (5) and (6)):
//! every move the statement speaks of is written out and looked at, one
//! by one, with no table of sums and no maximum taken over classes. It
//! shares nothing with the search's check but the statement, so that an
//! error in one is caught by the other (a property test runs both), and it
//! is slower: its cost is known from the certificate's fields before it
//! starts ([`steps`]), refused past [`MAX_STEPS`], and the caller may stop
//! it at any point.

/// The most steps the check spends; a certificate needing more is refused
/// before it starts.
pub const MAX_STEPS: u128 = 2_000_000_000;

/// Steps between two questions to the caller whether to go on.
const ASK_EVERY: u64 = 1 << 16;

/// What the statement reads from the code: each take's digit, the last
/// take `k`, the most heaps a move leaves `J`.
struct Code<'a> {
    digits: &'a [u8],
    k: u64,
    most_heaps: u64,
}

impl Code<'_> {
    /// Whether take `t` may leave exactly `j` heaps (bit `j` of its digit).
    fn leaves(&self, t: usize, j: u64) -> bool {
        self.digits[t] & (1 << j) != 0
    }
}

/// The steps the check takes for a code of `digits` takes, preperiod `e`
/// and period `p`, at most: the options of one period of heaps with at
/// most one large part, and every choice of residues and small parts.
pub fn steps(digits: u64, e: u64, p: u64) -> u128 {
    let (e, p, d) = (u128::from(e), u128::from(p), u128::from(digits));
    let one_large = p * (1 + e + e * e);
    let two_or_three = p * p * (1 + e) + p * p * p;
    d * (one_large + two_or_three) + e + p
}

/// The pattern claimed: `f(0..e + p)` given, then `f(n + p) = f(n) + s`.
struct Pattern<'a> {
    first: &'a [u64],
    e: u64,
    p: u64,
    s: u64,
}

impl Pattern<'_> {
    fn f(&self, n: u64) -> Result<u64, String> {
        let mut n = n;
        let mut add = 0u64;
        if n >= self.e + self.p {
            let periods = (n - self.e) / self.p;
            n -= periods * self.p;
            add = self
                .s
                .checked_mul(periods)
                .ok_or_else(|| "a value passes 2^64 − 1".to_string())?;
        }
        self.first[n as usize]
            .checked_add(add)
            .ok_or_else(|| "a value passes 2^64 − 1".to_string())
    }
}

/// Counts steps and asks the caller, every [`ASK_EVERY`], whether to go
/// on.
struct Asker<'a> {
    steps: u64,
    keep_going: &'a mut dyn FnMut() -> bool,
    stopped: bool,
}

impl Asker<'_> {
    /// One more step; `false` once the caller said stop.
    fn step(&mut self) -> bool {
        self.steps += 1;
        if self.steps.is_multiple_of(ASK_EVERY) && !(self.keep_going)() {
            self.stopped = true;
        }
        !self.stopped
    }
}

/// Every ordered choice of `count` small parts (sizes `1..e`), each with
/// the sum of the sizes and the XOR of their values under `f`, given to
/// `each` until it answers `false`.
fn small_parts(
    f: &Pattern<'_>,
    count: u64,
    each: &mut dyn FnMut(u64, u64) -> Result<bool, String>,
) -> Result<bool, String> {
    fn walk(
        f: &Pattern<'_>,
        left: u64,
        sum: u64,
        xor: u64,
        each: &mut dyn FnMut(u64, u64) -> Result<bool, String>,
    ) -> Result<bool, String> {
        if left == 0 {
            return each(sum, xor);
        }
        for x in 1..f.e {
            if !walk(f, left - 1, sum + x, xor ^ f.f(x)?, each)? {
                return Ok(false);
            }
        }
        Ok(true)
    }
    walk(f, count, 0, 0, each)
}

/// The outcome of [`check`]: the hypotheses hold, or the first that fails
/// in words, or the caller stopped it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every hypothesis holds.
    Holds,
    /// This hypothesis fails.
    Fails(String),
    /// `keep_going` answered `false`.
    Stopped,
}

/// Checks hypotheses (1), (2), (3), (5) and (6) of the mirror theorem for
/// a code given by its `digits` (digit `t` for take `t`, bit `j` allowing
/// `j` heaps left) and the pattern of preperiod `e`, period `p` and saltus
/// `s` whose first values are `first`, looking at every move; every
/// [`ASK_EVERY`] steps `keep_going` is asked whether to go on. The caller
/// checks the cost first with [`steps`].
pub fn check(
    digits: &[u8],
    e: u64,
    p: u64,
    s: u64,
    first: &[u64],
    keep_going: &mut dyn FnMut() -> bool,
) -> Outcome {
    let mut asker = Asker {
        steps: 0,
        keep_going,
        stopped: false,
    };
    match check_with(digits, e, p, s, first, &mut asker) {
        _ if asker.stopped => Outcome::Stopped,
        Ok(()) => Outcome::Holds,
        Err(why) => Outcome::Fails(why),
    }
}

fn check_with(
    digits: &[u8],
    e: u64,
    p: u64,
    s: u64,
    first: &[u64],
    asker: &mut Asker<'_>,
) -> Result<(), String> {
    if p == 0 || s == 0 || !s.is_power_of_two() {
        return Err(format!("the saltus {s} is not a power of two"));
    }
    if (first.len() as u64) < e + p {
        return Err("fewer values than e + p".to_string());
    }
    let code = Code {
        digits,
        k: digits.iter().rposition(|&d| d != 0).unwrap_or(0) as u64,
        most_heaps: (0..8u64)
            .filter(|&j| digits.iter().any(|&d| d & (1 << j) != 0))
            .max()
            .unwrap_or(0),
    };
    let f = Pattern { first, e, p, s };
    // (3) the mirror takes: the least odd and the least even take that may
    // leave three heaps.
    let three =
        |odd: bool| (0..digits.len()).find(|&t| t % 2 == usize::from(odd) && code.leaves(t, 3));
    let (Some(odd), Some(even)) = (three(true), three(false)) else {
        return Err(
            "no odd and even takes that may leave three heaps (the mirror moves)".to_string(),
        );
    };
    let tau = odd.max(even) as u64 + 2;
    // (1) the values before the preperiod are below the saltus.
    for x in 0..e {
        if f.f(x)? >= s {
            return Err(format!("G({x}) = {} is not below the saltus {s}", f.f(x)?));
        }
    }
    // (2) G(1) = 0 and the steps are 0 or 1 (up to e + p; they repeat).
    if f.f(1)? != 0 {
        return Err("G(1) is not 0".to_string());
    }
    for n in 1..e + p {
        let step = f.f(n + 1)?.checked_sub(f.f(n)?);
        if !matches!(step, Some(0 | 1)) {
            return Err(format!("G({}) − G({n}) is not 0 or 1", n + 1));
        }
    }
    // B = max(k + J·(e − 1) + 1, e + τ).
    let base = (code.k + code.most_heaps * e.saturating_sub(1) + 1).max(e + tau);
    // (5) for each heap of one period from B: the values of its moves that
    // leave one large part, every one written out.
    for n in base..base + p {
        let mut values = std::collections::BTreeSet::new();
        for t in 0..digits.len() {
            for j in 1..=3u64 {
                if !code.leaves(t, j) || t as u64 > n {
                    continue;
                }
                let going = small_parts(&f, j - 1, &mut |sum, xor| {
                    if let Some(large) = (n - t as u64).checked_sub(sum).filter(|&a| a >= e) {
                        values.insert(f.f(large)? ^ xor);
                    }
                    Ok(asker.step())
                })?;
                if !going {
                    return Ok(());
                }
            }
        }
        let (top, low) = (f.f(n)?, f.f(n - tau)?);
        if values.contains(&top) {
            return Err(format!("G({n}) = {top} is the value of one of its moves"));
        }
        for v in low + 1..top {
            if !values.contains(&v) {
                return Err(format!(
                    "heap {n} has no move with at most one large part to the value {v}"
                ));
            }
        }
    }
    // (6) every move leaving l >= 2 large parts `e + ρ_i` and j − l small
    // ones: its value's high bits are below those of N's, or its low bits
    // differ.
    let (q, r) = (|v: u64| v / s, |v: u64| v % s);
    for t in 0..digits.len() {
        for j in 2..=3u64 {
            if !code.leaves(t, j) {
                continue;
            }
            for l in 2..=j {
                let mut residues = vec![0u64; l as usize];
                loop {
                    let (mut high, mut low) = (0u64, 0u64);
                    for &rho in &residues {
                        let v = f.f(e + rho)?;
                        high += q(v);
                        low ^= r(v);
                    }
                    let rho_sum: u64 = residues.iter().sum();
                    let going = small_parts(&f, j - l, &mut |sum, xor| {
                        let heap = l * e + rho_sum + sum + t as u64;
                        let v = f.f(heap)?;
                        if high >= q(v) && low ^ xor == r(v) {
                            return Err(format!(
                                "a move taking {t} from heap {heap} and leaving {l} large parts (residues {residues:?}) and {} small ones (sum {sum}) may have the value of its heap",
                                j - l
                            ));
                        }
                        Ok(asker.step())
                    })?;
                    if !going {
                        return Ok(());
                    }
                    // The next choice of residues, as digits in base p.
                    let Some(i) = residues.iter().position(|&rho| rho + 1 < p) else {
                        break;
                    };
                    residues[i] += 1;
                    residues[..i].iter_mut().for_each(|rho| *rho = 0);
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::period::mirror;
    use crate::ruleset::TakeAndBreak;
    use proptest::prelude::*;

    /// A pattern that passes hypotheses (1) and (2) often: small values
    /// first, `G(1) = 0`, steps of 0 or 1.
    fn pattern() -> impl Strategy<Value = (u64, u64, u64, Vec<u64>)> {
        (0u64..6, 1u64..6, 0u32..4).prop_flat_map(|(e, p, m)| {
            let s = 1u64 << m;
            (
                Just((e, p, s)),
                0..s,
                prop::collection::vec(any::<bool>(), (e + p) as usize),
            )
                .prop_map(|((e, p, s), g0, steps)| {
                    let mut first = vec![g0, 0];
                    for n in 2..(e + p).max(2) as usize {
                        first.push(first[n - 1] + u64::from(steps[n]));
                    }
                    first.truncate((e + p).max(2) as usize);
                    (e, p, s, first)
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The verifier's check and the search's agree on random
        /// three-heap codes and patterns.
        #[test]
        fn the_plain_check_agrees_with_the_search(
            digits in prop::collection::vec(0u8..16, 3..6),
            mirrored in prop::bool::weighted(0.9),
            (e, p, s, first) in pattern(),
        ) {
            let mut digits = digits;
            digits[0] &= 0b1100; // d0: 0, 4, 8 or c
            // Mirror takes, most of the time, so that (5) and (6) are reached.
            if mirrored {
                digits[1] |= 8;
                digits[2] |= 8;
            }
            let Ok(code) = TakeAndBreak::new(digits.clone()) else {
                return Ok(());
            };
            let search = mirror::hypotheses(&code, e, p, s, &first);
            let plain = check(code.digits(), e, p, s, &first, &mut || true);
            prop_assert_eq!(
                search.is_ok(),
                plain == Outcome::Holds,
                "search {:?}, plain {:?}", search, plain
            );
        }
    }

    /// The codes the mirror theorem proves, and their patterns.
    fn proved() -> Vec<(TakeAndBreak, u64, u64, u64, Vec<u64>)> {
        MIRRORED
            .iter()
            .map(|spec| {
                let r: crate::Ruleset = spec.parse().unwrap();
                let (v, table) =
                    crate::period::find(&r, 3000, Default::default(), &mut crate::values::silent)
                        .unwrap();
                let pp = v.periodicity().unwrap();
                let (e, p, s) = (pp.preperiod(), pp.period(), pp.saltus());
                let first: Vec<u64> = (0..e + p).map(|n| table.raw(n as usize)).collect();
                let crate::Ruleset::TakeAndBreak(code) = r else {
                    unreachable!()
                };
                (code, e, p, s, first)
            })
            .collect()
    }

    const MIRRORED: [&str; 10] = [
        "0.8a", "0.8b", "0.8e", "0.8f", "0.c9", "0.ca", "0.cb", "0.cd", "0.ce", "0.cf",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Real patterns, checked against another proved code's rules, or
        /// with one value moved by one: the two checks still agree, here
        /// where hypotheses (5) and (6) decide.
        #[test]
        fn the_plain_check_agrees_with_the_search_near_true_patterns(
            pattern_of in 0usize..10,
            rules_of in 0usize..10,
            moved in any::<prop::sample::Index>(),
            by in prop::sample::select(vec![0i64, 1, -1]),
        ) {
            let all = proved();
            let (_, e, p, s, mut first) = all[pattern_of].clone();
            let code = &all[rules_of].0;
            let i = moved.index(first.len());
            first[i] = first[i].saturating_add_signed(by);
            let search = mirror::hypotheses(code, e, p, s, &first);
            let plain = check(code.digits(), e, p, s, &first, &mut || true);
            prop_assert_eq!(
                search.is_ok(),
                plain == Outcome::Holds,
                "search {:?}, plain {:?}", search, plain
            );
        }
    }

    #[test]
    fn the_codes_the_mirror_theorem_proves_pass_and_a_wrong_saltus_fails() {
        for (code, e, p, s, first) in proved() {
            assert_eq!(
                check(code.digits(), e, p, s, &first, &mut || true),
                Outcome::Holds,
                "{code:?}"
            );
            assert!(
                matches!(
                    check(code.digits(), e, p, s * 2, &first, &mut || true),
                    Outcome::Fails(_)
                ),
                "{code:?}"
            );
        }
    }

    /// Hypothesis (5)'s second half, `f(n)` the value of no move with one
    /// large part, decides some small patterns on the proved codes' rules:
    /// each is refused for that reason, and the search refuses it too.
    #[test]
    fn a_top_value_that_a_move_reaches_is_refused() {
        let mut refused = 0;
        for (code, ..) in proved() {
            for e in 0..4u64 {
                for p in 1..4u64 {
                    for s in [1u64, 2, 4] {
                        let len = (e + p).max(2) as usize;
                        for g0 in 0..s {
                            for steps in 0..1u32 << (len - 2) {
                                let mut first = vec![g0, 0];
                                for n in 2..len {
                                    first.push(first[n - 1] + u64::from(steps >> (n - 2) & 1));
                                }
                                let plain = check(code.digits(), e, p, s, &first, &mut || true);
                                if let Outcome::Fails(why) = &plain
                                    && why.contains("is the value of one of its moves")
                                {
                                    refused += 1;
                                    assert!(
                                        mirror::hypotheses(&code, e, p, s, &first).is_err(),
                                        "{code:?} {e} {p} {s} {first:?}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(refused > 0);
    }

    #[test]
    fn a_stop_is_heard() {
        let code: TakeAndBreak = "0.8f".parse().unwrap();
        let r = crate::Ruleset::TakeAndBreak(code.clone());
        let g = crate::values::compute(&r, 14).unwrap();
        let first: Vec<u64> = (0..14).map(|n| g.raw(n)).collect();
        // A period long enough to ask at least once.
        let mut long = first.clone();
        while long.len() < 7 + 112 {
            let n = long.len();
            long.push(long[n - 7] + 4);
        }
        let mut asked = 0;
        let outcome = check(code.digits(), 7, 112, 4 * 16, &long, &mut || {
            asked += 1;
            false
        });
        assert_eq!(outcome, Outcome::Stopped);
        assert_eq!(asked, 1);
    }
}
