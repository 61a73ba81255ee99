//! Mirror arithmetic periodicity: a theorem of ours that proves
//! `G(n + p) = G(n) + s` for every `n >= e` in take-and-break games whose
//! moves may leave three heaps, from finitely many values.
//!
//! S. Howse and R. J. Nowakowski, *Periodicity and arithmetic-periodicity in
//! hexadecimal games*, Theoret. Comput. Sci. 313 (2004) 463–472, prove an
//! arithmetic-periodicity theorem for hexadecimal games. We could not read
//! its exact statement, so this is **not** their theorem: it is our own,
//! stated and proved here, narrower, and every hypothesis is checked by
//! [`hypotheses`].
//!
//! # Statement
//!
//! Let a take-and-break code remove at most `k` tokens and leave at most
//! `J <= 3` heaps. Let `s = 2^m`, `p >= 1`, `e >= 0`, and let `f` be the
//! sequence given by `f(0..e + p)` and `f(n + p) = f(n) + s` for `n >= e`.
//! Write `f(n) = s·q(n) + r(n)` with `r(n) < s`. Call a part *small* if it
//! has fewer than `e` tokens, *large* otherwise. Suppose
//!
//! 1. (*small values*) `f(x) < s` for every `x < e`;
//! 2. (*unit steps*) `f(1) = 0` and `f(n + 1) − f(n)` is 0 or 1 for every
//!    `n >= 1` (checked for `n < e + p`; the steps repeat with period `p`
//!    from `e` on);
//! 3. (*mirrors*) some odd take `t_o` and some even take `t_e` may leave
//!    exactly three heaps; let `τ = max(t_o, t_e) + 2` for the least such
//!    takes;
//! 4. (*window*) `G(n) = f(n)` for every `n < W + p`, where
//!    `B = max(k + J·(e − 1) + 1, e + τ)` and `W = max(B + p, J·(e + p) + k + 1)`;
//! 5. (*top of the options*) for every `n` with `B <= n < B + p`: every `v`
//!    with `f(n − τ) < v < f(n)` is the value, under `f`, of a move from `n`
//!    that leaves at most one large part, and `f(n)` is the value of none;
//! 6. (*moves with two or three large parts*) for every take `t` whose digit
//!    allows `j >= 2` heaps, every `2 <= l <= j`, every choice of residues
//!    `ρ_1..ρ_l` in `0..p` and of `j − l` small parts with sum `σ` and
//!    values XOR `x`: with `N = l·e + Σρ + σ + t`, either `Σ q(e + ρ_i) <
//!    q(N)` or `XOR r(e + ρ_i) ^ x != r(N)`.
//!
//! Then `G(n) = f(n)` for every heap `n`.
//!
//! # Proof
//!
//! By induction on `n >= W + p`, with `G = f` below `n`. Every option of `n`
//! is a take `t <= k` and parts summing to `n − t`, each smaller than `n`, so
//! its value is the XOR of `f` over the parts.
//!
//! *Low values.* A move taking `t` and leaving `a, a, c` has value `f(c)`:
//! the two equal heaps cancel. For `1 <= c <= n − τ`, one of `t_o, t_e` has
//! the parity of `n − c`, and it leaves `2a = n − t − c >= 2`. By (2), `f`
//! takes every value from `0 = f(1)` to `f(n − τ)` on `1..=n − τ`, so every
//! value up to `f(n − τ)` is an option's.
//!
//! *Moves with at most one large part.* As `n >= B`, the small parts sum to
//! at most `(J − 1)(e − 1)` and `n − t` exceeds `J·(e − 1)`, so there is
//! exactly one large part `a`, with `a >= e + p`. The small parts' values are
//! below `s` by (1), so their XOR `R` is too, and `f(a) = f(a − p) + s` gives
//! `f(a) ^ R = (f(a − p) ^ R) + s`: adding `s` to a number touches no bit
//! below `m`. Taking `p` from the large part matches these moves of `n` one
//! for one with those of `n − p`, values raised by `s`. Repeating down to the
//! `n_0 = n − K·p` in `B..B + p`, and as `f(n) = f(n_0) + K·s` and
//! `f(n − τ) = f(n_0 − τ) + K·s` (since `n_0 − τ >= e`), (5) at `n_0` says:
//! every value strictly between `f(n − τ)` and `f(n)` is such a move's, and
//! `f(n)` is none's.
//!
//! *Moves with `l >= 2` large parts.* Write each large part as `e + ρ_i +
//! p·K_i`; then `f` of it is `s·(q(e + ρ_i) + K_i) + r(e + ρ_i)`, and the
//! small parts' values lie below `s`. The option's bits from `m` up are the
//! XOR of the `q(e + ρ_i) + K_i`, at most their sum; its bits below `m` are
//! `XOR r(e + ρ_i) ^ x`. And `n = N + p·ΣK_i` with `N >= e`, so `f(n) =
//! s·(q(N) + ΣK_i) + r(N)`. By (6), either the low bits differ from `r(N)`
//! or the high bits are below `q(N) + ΣK_i`: the option is not `f(n)`.
//!
//! So every value below `f(n)` is an option's and `f(n)` is not: `G(n) =
//! f(n)`. The heaps below `W + p` are (4). ∎
//!
//! The conclusion holds for every heap, past any bound, so the continuation
//! gives `G(n)` in O(1); values that pass `2^64 − 1` are refused there.

use std::collections::{HashMap, HashSet};

use crate::ruleset::TakeAndBreak;

/// The most steps [`hypotheses`] spends before it gives up (and the pattern
/// stays observed).
pub const MAX_STEPS: u64 = 50_000_000;

/// What the theorem reads from a code: its last take `k`, the most heaps a
/// move leaves `J`, and `τ` from the least odd and even takes that may leave
/// three heaps. `None` when the code has no such pair of takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mirrors {
    k: u64,
    parts: u64,
    tau: u64,
}

impl Mirrors {
    /// The mirror takes of `code`, if it has an odd and an even take that
    /// may leave three heaps.
    ///
    /// ```
    /// use grundy::period::mirror::Mirrors;
    /// assert!(Mirrors::of(&"0.8f".parse()?).is_some());
    /// assert!(Mirrors::of(&"0.f".parse()?).is_none()); // no even take
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn of(code: &TakeAndBreak) -> Option<Mirrors> {
        let threes = code.takes_leaving(3);
        let odd = threes.iter().find(|&&t| t % 2 == 1)?;
        let even = threes.iter().find(|&&t| t % 2 == 0)?;
        let k = code.digits().iter().rposition(|&d| d != 0).unwrap_or(0) as u64;
        Some(Mirrors {
            k,
            parts: u64::from(code.max_heaps_left()),
            tau: (*odd).max(*even) as u64 + 2,
        })
    }

    /// `B`, the first heap the induction reads through its top options.
    fn base(&self, e: u64) -> Option<u64> {
        let small = match e.checked_sub(1) {
            Some(e1) => self.parts.checked_mul(e1)?,
            None => 0,
        };
        let b = self.k.checked_add(small)?.checked_add(1)?;
        Some(b.max(e.checked_add(self.tau)?))
    }

    /// The theorem's bound `W`: `G(n + p) = G(n) + s` must be checked for
    /// `e <= n < W`, that is the values `G(0..W + p)`.
    ///
    /// ```
    /// use grundy::period::mirror::Mirrors;
    /// let m = Mirrors::of(&"0.8f".parse()?).unwrap();
    /// assert_eq!(m.bound(7, 7), Some(45)); // 3·(7 + 7) + 2 + 1
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn bound(&self, e: u64, p: u64) -> Option<u64> {
        let top = self.base(e)?.checked_add(p)?;
        let parts = self
            .parts
            .checked_mul(e.checked_add(p)?)?
            .checked_add(self.k)?
            .checked_add(1)?;
        Some(top.max(parts))
    }
}

/// The values `f` of the claimed pattern: the first `e + p` given, the rest
/// continued by the saltus.
struct Pattern<'a> {
    first: &'a [u64],
    e: u64,
    p: u64,
    s: u64,
}

impl Pattern<'_> {
    fn f(&self, n: u64) -> Result<u64, String> {
        if n < self.e + self.p {
            return Ok(self.first[n as usize]);
        }
        let k = (n - self.e) / self.p;
        let base = self.first[(self.e + (n - self.e) % self.p) as usize];
        self.s
            .checked_mul(k)
            .and_then(|add| base.checked_add(add))
            .ok_or_else(|| format!("f({n}) passes 2^64 − 1"))
    }
}

/// Counts steps against [`MAX_STEPS`].
struct Steps(u64);

impl Steps {
    fn take(&mut self, n: u64) -> Result<(), String> {
        self.0 = self.0.saturating_add(n);
        if self.0 > MAX_STEPS {
            Err(format!(
                "checking the hypotheses would take more than {MAX_STEPS} steps"
            ))
        } else {
            Ok(())
        }
    }
}

/// Checks the hypotheses (1), (2), (3), (5) and (6) of the theorem for
/// `code` and the pattern with preperiod `e`, period `p` and saltus `s`
/// whose first values are `first = f(0..e + p)`. Hypothesis (4), that the
/// game's values follow the pattern up to `W + p − 1`
/// ([`Mirrors::bound`]), is the caller's to check.
///
/// ```
/// use grundy::{Ruleset, values};
/// use grundy::period::mirror::hypotheses;
/// let code: grundy::ruleset::TakeAndBreak = "0.8f".parse()?;
/// let g = values::compute(&Ruleset::TakeAndBreak(code.clone()), 14)?;
/// let first: Vec<u64> = (0..14).map(|n| g.raw(n)).collect();
/// assert!(hypotheses(&code, 7, 7, 4, &first).is_ok());
/// assert!(hypotheses(&code, 7, 7, 8, &first).is_err()); // not this saltus's values
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// The first hypothesis that fails, in words; also when the check would
/// pass [`MAX_STEPS`] or a value would pass `2^64 − 1`.
///
/// # Complexity
/// O(p · J · P) for the top options, `P` the (sum, XOR) pairs of up to two
/// small parts, plus O(p^2 · S + L · P) for the moves with large parts, `S`
/// the distinct low parts and `L` the (sum, XOR) states of large parts;
/// bounded by [`MAX_STEPS`].
pub fn hypotheses(
    code: &TakeAndBreak,
    e: u64,
    p: u64,
    s: u64,
    first: &[u64],
) -> Result<(), String> {
    let mirrors = Mirrors::of(code).ok_or_else(|| {
        "no odd and even takes that may leave three heaps (the mirror moves)".to_string()
    })?;
    if p == 0 || s == 0 || !s.is_power_of_two() {
        return Err(format!("the saltus {s} is not a power of two"));
    }
    if (first.len() as u64) < e.saturating_add(p) {
        return Err("fewer values than e + p".to_string());
    }
    let f = Pattern { first, e, p, s };
    // (1) small values.
    if let Some(x) = (0..e).find(|&x| first[x as usize] >= s) {
        return Err(format!(
            "G({x}) = {} is not below the saltus {s}",
            first[x as usize]
        ));
    }
    // (2) unit steps.
    if f.f(1)? != 0 {
        return Err("G(1) is not 0".to_string());
    }
    for n in 1..e + p {
        let (a, b) = (f.f(n)?, f.f(n + 1)?);
        if b < a || b - a > 1 {
            return Err(format!("G({}) − G({n}) is not 0 or 1", n + 1));
        }
    }
    let base = mirrors.base(e).ok_or("the window overflows 64 bits")?;
    let mut steps = Steps(0);
    let small = small_parts(&f, e, &mut steps)?;
    // (5) the options with at most one large part, over one period from B.
    for n in base..base + p {
        let mut values = HashSet::new();
        for (t, &digit) in code.digits().iter().enumerate() {
            let t = t as u64;
            for j in 1..=3u64 {
                if digit & (1 << j) == 0 {
                    continue;
                }
                for &(sum, xor) in &small[(j - 1) as usize] {
                    steps.take(1)?;
                    let a = n - t - sum;
                    debug_assert!(a >= e, "B leaves one large part");
                    values.insert(f.f(a)? ^ xor);
                }
            }
        }
        let (top, low) = (f.f(n)?, f.f(n - mirrors.tau)?);
        if values.contains(&top) {
            return Err(format!("G({n}) = {top} is the value of one of its moves"));
        }
        if let Some(v) = (low + 1..top).find(|v| !values.contains(v)) {
            return Err(format!(
                "heap {n} has no move with at most one large part to the value {v}"
            ));
        }
    }
    // (6) the moves with two or three large parts.
    let large = large_parts(&f, e, p, &mut steps)?;
    for (t, &digit) in code.digits().iter().enumerate() {
        let t = t as u64;
        for j in 2..=3u64 {
            if digit & (1 << j) == 0 {
                continue;
            }
            for l in 2..=j {
                for (&(rho, low), &high) in &large[l as usize] {
                    for &(sum, xor) in &small[(j - l) as usize] {
                        steps.take(1)?;
                        let n = l * e + rho + sum + t;
                        let v = f.f(n)?;
                        if high >= v / s && (low ^ xor) == v % s {
                            return Err(format!(
                                "a move taking {t} and leaving {l} large parts (residues summing to {rho}) and {} small ones (sum {sum}) may have the value of its heap",
                                j - l
                            ));
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// For `c` = 0, 1, 2 small parts (sizes `1..e`): every (sum, XOR of values).
fn small_parts(f: &Pattern<'_>, e: u64, steps: &mut Steps) -> Result<Vec<Vec<(u64, u64)>>, String> {
    let mut all: Vec<Vec<(u64, u64)>> = vec![vec![(0, 0)]];
    for _ in 1..=2 {
        let last = all.last().expect("one set");
        let mut next = HashSet::new();
        for &(sum, xor) in last {
            steps.take(e)?;
            for x in 1..e {
                next.insert((sum + x, xor ^ f.f(x)?));
            }
        }
        let mut next: Vec<_> = next.into_iter().collect();
        next.sort_unstable();
        all.push(next);
    }
    Ok(all)
}

/// For some large parts `e + ρ_i (+ p·K_i)`: for each (Σρ, XOR of
/// `r(e + ρ_i)`), the most `Σ q(e + ρ_i)`.
type LargeParts = HashMap<(u64, u64), u64>;

/// [`LargeParts`] for `l` = 0 to 3 large parts.
fn large_parts(
    f: &Pattern<'_>,
    e: u64,
    p: u64,
    steps: &mut Steps,
) -> Result<Vec<LargeParts>, String> {
    let mut all = vec![HashMap::from([((0u64, 0u64), 0u64)])];
    for _ in 1..=3 {
        let last = all.last().expect("one map");
        let mut next = LargeParts::new();
        for (&(rho, low), &high) in last {
            steps.take(p)?;
            for r in 0..p {
                let v = f.f(e + r)?;
                let key = (rho + r, low ^ (v % f.s));
                let h = high.saturating_add(v / f.s);
                let slot = next.entry(key).or_insert(h);
                *slot = (*slot).max(h);
            }
        }
        all.push(next);
    }
    Ok(all)
}
