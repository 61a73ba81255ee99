//! Splitting games: replace one heap by several non-empty heaps whose sizes
//! add up to it, nothing removed.
//!
//! Grundy's game splits a heap into two heaps of different sizes. The family
//! here lets a move leave between `min` and `max` heaps, of any sizes or all
//! different: Project Euler 629's Scatterstone Nim is "from 2 up to k heaps,
//! any sizes" (`split:2..k`). The shapes that are built-in games become those
//! games ([`Ruleset::splitting`](super::Ruleset::splitting)), so a
//! [`Splitting`] is always one that only the naive engine computes.

use std::fmt;
use std::ops::ControlFlow;

use crate::error::{Error, Result};
use crate::quote::quoted;

/// The splits of a heap of `n` allowed in Grundy's game, as pairs `(a, n − a)`
/// with `1 <= a < n − a`.
///
/// ```
/// use grundy::ruleset::splitting::unequal_splits;
/// assert_eq!(unequal_splits(7).collect::<Vec<_>>(), [(1, 6), (2, 5), (3, 4)]);
/// assert_eq!(unequal_splits(2).count(), 0); // 1 + 1 is an equal split
/// ```
pub fn unequal_splits(n: u64) -> impl Iterator<Item = (u64, u64)> {
    (1..n.div_ceil(2)).map(move |a| (a, n - a))
}

/// How many moves Grundy's game allows from a heap of `n`.
pub fn unequal_split_count(n: u64) -> u64 {
    n.div_ceil(2).saturating_sub(1)
}

/// The most heaps a move may be required to leave at least (the `min` of
/// `split:min..max`). Past it, the counts that bound a computation's cost
/// would themselves cost too much to work out; no such game is in the
/// literature.
pub const MAX_LEAST_PARTS: u64 = 256;

/// A splitting rule: a move replaces one heap by between
/// [`min_parts`](Splitting::min_parts) and
/// [`max_parts`](Splitting::max_parts) non-empty heaps whose sizes add up
/// to it, all of different sizes when [`unequal`](Splitting::unequal).
///
/// Made only by [`Ruleset::splitting`](super::Ruleset::splitting) (or by
/// parsing `split:…`), which turns the shapes that are built-in games into
/// those games, so a `Splitting` is never Grundy's game or a code:
///
/// ```
/// use grundy::Ruleset;
/// let scatter: Ruleset = "split:2..4".parse()?;
/// let Ruleset::Split(rule) = &scatter else { unreachable!() };
/// assert_eq!((rule.min_parts(), rule.max_parts(), rule.unequal()), (2, Some(4), false));
/// assert_eq!(scatter.options(4).len(), 4); // 1+3, 2+2, 1+1+2, 1+1+1+1
/// assert_eq!(Ruleset::splitting(2, Some(2), true)?, Ruleset::Grundy);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Splitting {
    min: u64,
    max: Option<u64>,
    unequal: bool,
}

impl Splitting {
    /// The rule, checked: `2 <= min <= max`, `min <= MAX_LEAST_PARTS`.
    pub(crate) fn new(min: u64, max: Option<u64>, unequal: bool) -> Result<Self> {
        if min < 2 {
            return Err(Error::spec(format!(
                "a split leaves at least 2 heaps, not {min}; write the number of heaps a move may leave from 2 up, as in split:2..4"
            )));
        }
        if let Some(max) = max.filter(|&max| max < min) {
            return Err(Error::spec(format!(
                "{min}..{max} allows no number of heaps; write the fewest heaps first, as in split:{max}..{min}"
            )));
        }
        if min > MAX_LEAST_PARTS {
            return Err(Error::spec(format!(
                "a move that must leave at least {min} heaps is not supported; the fewest heaps a move leaves may be at most {MAX_LEAST_PARTS}"
            )));
        }
        Ok(Splitting { min, max, unequal })
    }

    /// The fewest heaps a move leaves (at least 2).
    pub fn min_parts(&self) -> u64 {
        self.min
    }

    /// The most heaps a move leaves, `None` for no bound.
    pub fn max_parts(&self) -> Option<u64> {
        self.max
    }

    /// Whether the heaps a move leaves must all have different sizes.
    pub fn unequal(&self) -> bool {
        self.unequal
    }

    /// The least heap with a move: `min` heaps of sizes 1, 1, … or 1, 2, ….
    pub fn least_heap(&self) -> u64 {
        least_sum(self.min, 1, self.unequal).min(u128::from(u64::MAX)) as u64
    }

    /// Calls `visit` with every split of a heap of `n`, each once: its parts,
    /// smallest first, and the nim-sum of `value` over them. Stops as soon
    /// as `visit` breaks, and says so.
    ///
    /// The parts are chosen one at a time, each at least the one before
    /// (one more when unequal), a choice kept only while the heap left can
    /// still make the heaps still needed; an explicit stack, so any number
    /// of parts is safe.
    ///
    /// # Complexity
    /// O(1) a split, amortised, and O(parts) memory.
    pub(crate) fn walk(
        &self,
        n: u64,
        value: impl Fn(u64) -> u64,
        mut visit: impl FnMut(&[u64], u64) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let (min, max) = (self.min, self.max.unwrap_or(u64::MAX));
        let step = u64::from(self.unequal);
        let mut parts: Vec<u64> = Vec::new();
        // xors[i]: the nim-sum of value over parts[..i].
        let mut xors: Vec<u64> = vec![0];
        // next[i]: the next size to try for parts[i].
        let mut next: Vec<u64> = Vec::new();
        let mut rest = n;
        loop {
            // At a node: `parts` chosen, `rest` left. The rest as one last
            // part makes a split when it is large enough and the count fits.
            let depth = parts.len() as u64;
            let lo = parts.last().map_or(1, |&p| p + step);
            if depth >= 1 && (min..=max).contains(&(depth + 1)) && rest >= lo {
                parts.push(rest);
                let flow = visit(&parts, xors[depth as usize] ^ value(rest));
                parts.pop();
                flow?;
            }
            if depth + 3 > max && (min..=max).contains(&(depth + 2)) {
                // The children can only be split in two and no further:
                // walk those splits in a tight loop, without frames.
                let x = xors[depth as usize];
                let mut p = lo;
                while rest >= step && p <= (rest - step) / 2 {
                    parts.extend([p, rest - p]);
                    let flow = visit(&parts, x ^ value(p) ^ value(rest - p));
                    parts.truncate(depth as usize);
                    flow?;
                    p += 1;
                }
                // As at the end of a node's children below.
                next.push(u64::MAX);
            } else {
                next.push(lo);
            }
            // The next child: a part `p` that leaves enough for the parts
            // still needed (at least one). Both tests fail for every larger
            // `p` once they fail, so a failure climbs up.
            loop {
                let depth = parts.len() as u64;
                let p = *next.last().expect("a frame per node");
                let needed = min.saturating_sub(depth + 1).max(1);
                let fits = depth + 2 <= max
                    && p != u64::MAX
                    && rest >= p
                    && least_sum(needed, p + step, self.unequal) <= u128::from(rest - p);
                if fits {
                    *next.last_mut().expect("a frame per node") = p + 1;
                    let x = xors[depth as usize] ^ value(p);
                    parts.push(p);
                    xors.push(x);
                    rest -= p;
                    break;
                }
                next.pop();
                match parts.pop() {
                    Some(p) => {
                        xors.pop();
                        rest += p;
                    }
                    None => return ControlFlow::Continue(()),
                }
            }
        }
    }

    /// The splits of a heap of `n`, each as its parts, smallest first.
    pub(crate) fn splits(&self, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        let _ = self.walk(
            n,
            |_| 0,
            |parts, _| {
                out.push(parts.to_vec());
                ControlFlow::Continue(())
            },
        );
        out
    }

    /// The number of splits of each heap `0..=to`, saturating.
    ///
    /// A split of `n` into `j` parts, less one from each part (less
    /// `0, 1, …, j − 1` when unequal), is a partition of `n − T(j)` into at
    /// most `j` parts, with `T(j) = j` (or `j(j + 1)/2`); `Q_j(m)`, the
    /// partitions of `m` into at most `j` parts, obey `Q_j(m) = Q_{j−1}(m) +
    /// Q_j(m − j)`.
    ///
    /// # Complexity
    /// O(J · (to − T(min))) with `J` the most parts of a split of `to`;
    /// O(to) memory.
    pub(crate) fn counts(&self, to: u64) -> Vec<u128> {
        let len = usize::try_from(to).map_or(usize::MAX, |t| t.saturating_add(1));
        let mut count = vec![0u128; len];
        let t = |j: u64| least_sum(j, 1, self.unequal);
        let Some(span) = u128::from(to).checked_sub(t(self.min)) else {
            return count;
        };
        let span = span as usize;
        let mut q = vec![0u128; span + 1];
        q[0] = 1;
        let max = self.max.unwrap_or(u64::MAX);
        let mut j = 1u64;
        while j <= max && t(j) <= u128::from(to) {
            let ju = j as usize;
            for m in ju..=span {
                q[m] = q[m].saturating_add(q[m - ju]);
            }
            if j >= self.min {
                let first = t(j) as usize;
                for (n, c) in count.iter_mut().enumerate().skip(first) {
                    *c = c.saturating_add(q[n - first]);
                }
            }
            j += 1;
        }
        count
    }

    /// An upper bound on the number of splits of a heap of `n`, cheap for
    /// any `n`: the exact count up to [`EXACT_COUNT_UP_TO`], else the number
    /// of ordered splits (compositions) into an allowed number of parts,
    /// `Σ C(n − 1, j − 1)`, saturating.
    pub(crate) fn count_bound(&self, n: u64) -> u64 {
        if n <= EXACT_COUNT_UP_TO {
            let c = self.counts(n)[n as usize];
            return c.min(u128::from(u64::MAX)) as u64;
        }
        let max = self.max.unwrap_or(u64::MAX).min(n);
        let mut total: u128 = 0;
        let mut c: u128 = 1; // C(n − 1, j − 1), from j = 1
        for j in 1..=max {
            if j >= self.min {
                total = total.saturating_add(c);
            }
            if total >= u128::from(u64::MAX) || c >= u128::from(u64::MAX) {
                return u64::MAX;
            }
            c = c * u128::from(n - j) / u128::from(j);
        }
        total.min(u128::from(u64::MAX)) as u64
    }
}

/// Heaps up to which [`Splitting::count_bound`] counts exactly.
const EXACT_COUNT_UP_TO: u64 = 512;

/// The least sum of `k` parts of at least `lo` each, all different when
/// `unequal`: `k·lo`, plus `k(k − 1)/2`.
fn least_sum(k: u64, lo: u64, unequal: bool) -> u128 {
    let k = u128::from(k);
    let base = k * u128::from(lo);
    if unequal {
        base + k * k.saturating_sub(1) / 2
    } else {
        base
    }
}

impl fmt::Display for Splitting {
    /// `split:3`, `split:2..5`, `split:2..`, with `:unequal` when the parts
    /// must differ.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.max {
            Some(max) if max == self.min => write!(f, "split:{max}")?,
            Some(max) => write!(f, "split:{}..{max}", self.min)?,
            None => write!(f, "split:{}..", self.min)?,
        }
        if self.unequal {
            f.write_str(":unequal")?;
        }
        Ok(())
    }
}

/// Reads what follows `split:`: `K`, `A..B`, `A..` or `..B` (from 2), then
/// optionally `:unequal`. Returns `(min, max, unequal)`, not yet checked.
pub(crate) fn parse(spec: &str, rest: &str) -> Result<(u64, Option<u64>, bool)> {
    let (parts, unequal) = match rest.split_once(':') {
        None => (rest, false),
        Some((parts, "unequal" | "distinct")) => (parts, true),
        Some((_, option)) => {
            return Err(Error::spec(format!(
                "in {}: {} is not an option of a split; the one option is unequal (every heap left of a different size), as in split:2..4:unequal",
                quoted(spec),
                quoted(option)
            )));
        }
    };
    let number = |s: &str| -> Result<u64> {
        s.trim().parse::<u64>().map_err(|_| {
            Error::spec(format!(
                "in {}: {} is not a number of heaps; write split:K, split:A..B or split:A.. (A, B, K from 2), as in split:2..4",
                quoted(spec),
                quoted(s)
            ))
        })
    };
    let (min, max) = match parts.split_once("..") {
        None => {
            let k = number(parts)?;
            (k, Some(k))
        }
        Some((lo, hi)) => {
            let min = if lo.trim().is_empty() { 2 } else { number(lo)? };
            let max = if hi.trim().is_empty() {
                None
            } else {
                Some(number(hi)?)
            };
            (min, max)
        }
    };
    Ok((min, max, unequal))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every multiset of `n` into parts, straight from the definition: all
    /// compositions, sorted and deduplicated.
    fn partitions_by_compositions(n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        if n == 0 {
            return out;
        }
        for mask in 0..1u64 << (n - 1) {
            let mut parts = Vec::new();
            let mut run = 1;
            for i in 0..n - 1 {
                if mask & (1 << i) != 0 {
                    parts.push(run);
                    run = 1;
                } else {
                    run += 1;
                }
            }
            parts.push(run);
            parts.sort_unstable();
            out.push(parts);
        }
        out.sort();
        out.dedup();
        out
    }

    fn twin(rule: &Splitting, n: u64) -> Vec<Vec<u64>> {
        let max = rule.max.unwrap_or(u64::MAX);
        partitions_by_compositions(n)
            .into_iter()
            .filter(|p| (rule.min..=max).contains(&(p.len() as u64)))
            .filter(|p| !rule.unequal || p.windows(2).all(|w| w[0] < w[1]))
            .collect()
    }

    fn rules() -> Vec<Splitting> {
        let mut rules = Vec::new();
        for min in 2..=6 {
            for max in (min..=7).map(Some).chain([None]) {
                for unequal in [false, true] {
                    rules.push(Splitting::new(min, max, unequal).unwrap());
                }
            }
        }
        rules
    }

    #[test]
    fn the_walk_lists_every_split_once_as_the_definition_does() {
        for rule in rules() {
            for n in 0..=14 {
                let mut walked = rule.splits(n);
                let listed = walked.len();
                walked.sort();
                walked.dedup();
                assert_eq!(walked.len(), listed, "{rule} {n}: a split twice");
                assert_eq!(walked, twin(&rule, n), "{rule} {n}");
            }
        }
    }

    #[test]
    fn the_walk_xors_the_values_of_the_parts() {
        let value = |p: u64| p.wrapping_mul(0x9e37_79b9) % 13;
        for rule in rules() {
            let _ = rule.walk(12, value, |parts, x| {
                assert_eq!(x, parts.iter().fold(0, |x, &p| x ^ value(p)), "{rule}");
                ControlFlow::Continue(())
            });
        }
    }

    #[test]
    fn the_walk_stops_when_asked() {
        let rule = Splitting::new(2, None, false).unwrap();
        let mut seen = 0;
        let flow = rule.walk(
            30,
            |_| 0,
            |_, _| {
                seen += 1;
                if seen == 10 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        assert!(flow.is_break());
        assert_eq!(seen, 10);
    }

    #[test]
    fn grundys_shape_walks_as_grundys_game() {
        let rule = Splitting::new(2, Some(2), true).unwrap();
        for n in 0..40 {
            let pairs: Vec<Vec<u64>> = unequal_splits(n).map(|(a, b)| vec![a, b]).collect();
            assert_eq!(rule.splits(n), pairs);
        }
    }

    #[test]
    fn counts_are_the_number_of_splits_walked() {
        for rule in rules() {
            let counts = rule.counts(30);
            for (n, &c) in counts.iter().enumerate() {
                assert_eq!(c, rule.splits(n as u64).len() as u128, "{rule} {n}");
                assert!(u128::from(rule.count_bound(n as u64)) >= c);
            }
            assert_eq!(
                rule.least_heap(),
                (0..).find(|&n| counts[n as usize] > 0).unwrap_or(0)
            );
        }
    }

    #[test]
    fn the_bound_past_exact_counts_is_a_bound() {
        // Partitions of 600 into 2 or 3 parts: 300 + 30 000, far below the
        // compositions' bound, which must still be above.
        let rule = Splitting::new(2, Some(3), true).unwrap();
        let exact = rule.counts(600)[600];
        assert!(u128::from(rule.count_bound(600)) >= exact);
        let any = Splitting::new(2, None, false).unwrap();
        assert_eq!(any.count_bound(600), u64::MAX);
    }
}
