//! Claimed values checked against the rules: each claimed `G(n)` must be the
//! mex of heap `n`'s options. Nothing here computes a value; it confirms
//! that (a) the claimed value `v` is no option's value and (b) every value
//! below `v` is some option's value.
//!
//! For take-and-break codes, (a) uses the sparse space of *Winning Ways*
//! (E. R. Berlekamp, J. H. Conway, R. K. Guy, vol. 1, ch. 4, the "rare and
//! common values" of octal games). For a bit mask `m`, call a value *rare*
//! when `v & m` has an even number of bits, *common* otherwise. Parity of
//! `x & m` is additive under XOR, so the XOR of two values is common exactly
//! when one of them is rare and the other common. A split of `n − i` into
//! `a + b` therefore gives a common value only if `a` or `b` is a heap with a
//! rare value: listing the rare heaps `r` and reading `G(r) ⊕ G(n − i − r)`
//! yields every common value among the splits, and only the heaps whose own
//! claimed value is rare need all their splits read. Then (b): the common
//! values below `v` must all have appeared already, and the rare ones are
//! looked for by reading splits in order until each has turned up, to the
//! last split if need be. The argument holds for every mask, so the check is
//! exact whatever mask is used; the mask (chosen here to minimise the rare
//! heaps, by a Walsh–Hadamard transform of the value histogram) only decides
//! how fast it is. Splits into three heaps get no such shortcut and are read
//! in full.
//!
//! The plain recomputation of version 1 certificates lives here too: values
//! by a mex over every option, nothing shared with the value engines.

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rayon::prelude::*;

use super::corrupt;
use crate::error::{Error, ErrorKind, Result};
use crate::ruleset::{Ruleset, SubtractionSet};
use crate::values::Progress;

/// The caller's progress callback: told how many heaps are checked (or
/// recomputed) of how many, it may answer stop. It is `Send` because the
/// threads that share the heaps take turns calling it.
pub(super) type Watcher<'a> = &'a mut (dyn FnMut(Progress) -> ControlFlow<()> + Send);

/// Option reads between two reports of one thread (a few milliseconds).
const REPORT_READS: u64 = 1 << 22;

/// Heaps between two reports of one thread, however cheap.
const REPORT_HEAPS: u64 = 1 << 12;

/// The heaps checked so far, shared by the threads, and whether the caller
/// said stop.
pub(super) struct Reporter<'a> {
    watcher: Mutex<Watcher<'a>>,
    total: u64,
    done: AtomicU64,
    stop: AtomicBool,
}

impl<'a> Reporter<'a> {
    pub(super) fn new(watcher: Watcher<'a>, total: u64) -> Self {
        Reporter {
            watcher: Mutex::new(watcher),
            total,
            done: AtomicU64::new(0),
            stop: AtomicBool::new(false),
        }
    }

    /// Counts `heaps` more heaps done and, unless another thread is telling
    /// it now, tells the caller; whether to stop.
    pub(super) fn advance(&self, heaps: u64) -> bool {
        let done = self.done.fetch_add(heaps, Ordering::Relaxed) + heaps;
        if let Ok(mut watcher) = self.watcher.try_lock() {
            let total = self.total;
            if watcher(Progress { done, total }).is_break() {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        self.stopped()
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// The error of a check stopped by its caller.
pub(super) fn interrupted() -> Error {
    Error::new(
        ErrorKind::Interrupted,
        "the check was stopped before it ended: nothing is verified",
    )
}

/// A stored value: the verifier keeps the window at the narrowest width its
/// values fit.
pub(super) trait Cell: Copy + Send + Sync {
    /// Whether every value, and so every XOR of two, is below 256: marks
    /// then fit four words and need no bounds.
    const SMALL: bool;
    /// The value.
    fn get(self) -> u64;
    /// `v`, which the caller knows fits.
    fn of(v: u64) -> Self;
}

macro_rules! cell {
    ($($t:ty),*) => {$(
        impl Cell for $t {
            const SMALL: bool = <$t>::BITS == 8;
            #[inline(always)]
            fn get(self) -> u64 {
                u64::from(self)
            }
            #[inline(always)]
            fn of(v: u64) -> Self {
                v as $t
            }
        }
    )*};
}
cell!(u8, u16, u32, u64);

/// Whether `v` is rare under `mask`: `v & mask` has an even number of bits.
#[inline(always)]
fn is_rare(v: u64, mask: u64) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

/// The mask with the fewest rare heaps among `1..g.len()`, over the low
/// bits of the values (at most 16): the rare heaps number `(N + H(m)) / 2`
/// with `H` the Walsh–Hadamard transform of the value histogram.
///
/// # Complexity
/// O(N + 2^b · b) for values below `2^b`.
pub(super) fn fewest_rare_mask<V: Cell>(g: &[V]) -> u64 {
    let max = g.iter().map(|v| v.get()).max().unwrap_or(0);
    let width = (64 - max.leading_zeros()).min(16);
    if width == 0 {
        return 0;
    }
    let low = (1u64 << width) - 1;
    let mut h = vec![0i64; 1 << width];
    for v in g.iter().skip(1) {
        h[(v.get() & low) as usize] += 1;
    }
    let mut half = 1;
    while half < h.len() {
        for block in h.chunks_mut(2 * half) {
            let (x, y) = block.split_at_mut(half);
            for (a, b) in x.iter_mut().zip(y) {
                (*a, *b) = (*a + *b, *a - *b);
            }
        }
        half *= 2;
    }
    (1..h.len()).min_by_key(|&m| (h[m], m)).unwrap_or(0) as u64
}

/// Checks that every value of `g` is the mex of its heap's options.
///
/// # Errors
/// [`Corrupt`](crate::ErrorKind::Corrupt) naming the first heap whose claim
/// fails and why.
///
/// # Complexity
/// For a code: O(N · (R + S)) reads, `R` the rare heaps and `S` the splits
/// read until the rare values below a heap's value have turned up, plus all
/// `n/2` splits of each heap whose value is rare, plus all `n²/12` three-part
/// splits of every heap where the code has them. O(N · |S|) for a finite
/// subtraction set.
pub(super) fn check_claims<V: Cell>(
    ruleset: &Ruleset,
    g: &[V],
    mask: u64,
    report: &Reporter<'_>,
) -> Result<()> {
    match ruleset {
        Ruleset::TakeAndBreak(code) => CodeCheck::new(code.digits(), g, mask).run(report),
        Ruleset::Subtraction(SubtractionSet::Finite(set)) => each_heap(g, report, |n, marks| {
            let v = g[n].get();
            let mut seen = marks.claim(v);
            for &s in set.iter().take_while(|&&s| s <= n as u64) {
                if seen.see(g[n - s as usize].get()) {
                    return Err(refuted(n, v, format!("removing {s}")));
                }
            }
            seen.complete(n).map(|()| set.len() as u64)
        }),
        _ => each_heap(g, report, |n, marks| {
            let v = g[n].get();
            let mut seen = marks.claim(v);
            let mut reads = 0;
            for m in ruleset.options(n as u64) {
                let x = m.parts.iter().fold(0, |x, &h| x ^ g[h as usize].get());
                if seen.see(x) {
                    return Err(refuted(n, v, format!("the move to {:?}", m.parts)));
                }
                reads += 1;
            }
            seen.complete(n).map(|()| reads)
        }),
    }
}

/// Heaps per unit of parallel work.
const CHUNK: usize = 1 << 12;

/// Runs `heap` on every heap of `g`, chunks in parallel, each worker with its
/// own [`Marks`]; the error of the first failing heap in the first failing
/// chunk. `heap` returns about how many options it read, so that each
/// worker reports to `report` every few milliseconds, however costly its
/// heaps (a three-part code's heap of 16 384 reads 2·10^7 splits), and
/// stops within a heap of being told to.
fn each_heap<V: Cell>(
    g: &[V],
    report: &Reporter<'_>,
    heap: impl Fn(usize, &mut Marks) -> Result<u64> + Sync,
) -> Result<()> {
    let max = g.iter().map(|v| v.get()).max().unwrap_or(0);
    let words = (max / 64 + 1).max(4) as usize;
    let failure = (0..g.len().div_ceil(CHUNK))
        .into_par_iter()
        .map_init(
            || Marks::new(words),
            |marks, k| {
                let (mut heaps, mut reads) = (0, 0);
                for n in k * CHUNK..g.len().min((k + 1) * CHUNK) {
                    if report.stopped() {
                        return Some(interrupted());
                    }
                    match heap(n, marks) {
                        Ok(r) => reads += r,
                        Err(e) => return Some(e),
                    }
                    heaps += 1;
                    if reads >= REPORT_READS || heaps >= REPORT_HEAPS {
                        if report.advance(heaps) {
                            return Some(interrupted());
                        }
                        (heaps, reads) = (0, 0);
                    }
                }
                report.advance(heaps).then(interrupted)
            },
        )
        .find_map_first(|e| e);
    failure.map_or(Ok(()), Err)
}

/// The values below a heap's claimed value seen among its options, one bit
/// each.
struct Marks {
    words: Vec<u64>,
}

impl Marks {
    fn new(words: usize) -> Self {
        Marks {
            words: vec![0; words],
        }
    }

    /// Forgets the last heap's marks, for a heap of claimed value `v`.
    #[inline(always)]
    fn start(&mut self, v: u64) {
        self.words[..v.div_ceil(64) as usize].fill(0);
    }

    /// Records the option value `x` if it lies below the claimed value `v`.
    #[inline(always)]
    fn mark(&mut self, x: u64, v: u64) {
        if x < v {
            self.words[(x / 64) as usize] |= 1 << (x % 64);
        }
    }

    /// The least value below `v` not marked.
    fn first_missing(&self, v: u64) -> Option<u64> {
        let full = (v / 64) as usize;
        if let Some(w) = self.words[..full].iter().position(|&w| w != u64::MAX) {
            return Some(w as u64 * 64 + u64::from(self.words[w].trailing_ones()));
        }
        let r = v % 64;
        let low = (1u64 << r) - 1;
        (r != 0 && self.words[full] & low != low)
            .then(|| full as u64 * 64 + u64::from(self.words[full].trailing_ones()))
    }

    /// The least common value below `v` that is not marked: bit `u` of
    /// `rare` says whether `u` is rare.
    fn first_missing_common(&self, v: u64, rare: &[u64]) -> Option<u64> {
        (0..v.div_ceil(64) as usize).find_map(|w| {
            let r = v - w as u64 * 64;
            let low = if r >= 64 { u64::MAX } else { (1u64 << r) - 1 };
            let gaps = !self.words[w] & !rare[w] & low;
            (gaps != 0).then(|| w as u64 * 64 + u64::from(gaps.trailing_zeros()))
        })
    }
}

/// [`Marks`] for one heap of claimed value `v`.
impl Marks {
    fn claim(&mut self, v: u64) -> Claimed<'_> {
        self.start(v);
        Claimed { marks: self, v }
    }
}

/// The marks of one heap, with its claimed value.
struct Claimed<'a> {
    marks: &'a mut Marks,
    v: u64,
}

impl Claimed<'_> {
    /// Marks the option value `x`; whether it is the claimed value.
    #[inline(always)]
    fn see(&mut self, x: u64) -> bool {
        self.marks.mark(x, self.v);
        x == self.v
    }

    /// Every value below the claimed one was seen, or the error naming the
    /// least that was not.
    fn complete(&self, n: usize) -> Result<()> {
        match self.marks.first_missing(self.v) {
            None => Ok(()),
            Some(u) => Err(missing(n, self.v, u)),
        }
    }
}

/// The claim `G(n) = v` fails (a): `option` has value `v`.
fn refuted(n: usize, v: u64, option: String) -> Error {
    corrupt(format!(
        "the claimed G({n}) = {v} is wrong: {option} from a heap of {n} has value {v}, so the mex is not {v}"
    ))
}

/// The claim `G(n) = v` fails (b): no option has value `u < v`.
fn missing(n: usize, v: u64, u: u64) -> Error {
    corrupt(format!(
        "the claimed G({n}) = {v} is wrong: no move from a heap of {n} has value {u}, so the mex is at most {u}"
    ))
}

/// The moves of a take-and-break code, sorted by kind.
struct CodeCheck<'a, V> {
    g: &'a [V],
    mask: u64,
    /// Takes `i > 0` that may leave nothing (`d & 1`) or one heap (`d & 2`),
    /// with their digits.
    singles: Vec<(usize, u8)>,
    /// Takes that may leave two heaps.
    pairs: Vec<usize>,
    /// Takes that may leave three heaps.
    triples: Vec<usize>,
    /// The heaps `r >= 1` with a rare claimed value, in order.
    rare_heaps: Vec<usize>,
    /// Their values.
    rare_cells: Vec<V>,
    /// Bit `u` set when the value `u` is rare, for `u <= max`.
    rare_values: Vec<u64>,
    words: usize,
}

impl<'a, V: Cell> CodeCheck<'a, V> {
    fn new(digits: &[u8], g: &'a [V], mask: u64) -> Self {
        let takes = || digits.iter().enumerate().filter(|&(_, &d)| d != 0);
        let max = g.iter().map(|v| v.get()).max().unwrap_or(0);
        let words = (max / 64 + 1).max(4) as usize;
        let rare_heaps: Vec<usize> = (1..g.len())
            .filter(|&r| is_rare(g[r].get(), mask))
            .collect();
        CodeCheck {
            g,
            mask,
            singles: takes()
                .filter(|&(i, &d)| i > 0 && d & 3 != 0)
                .map(|(i, &d)| (i, d))
                .collect(),
            pairs: takes()
                .filter(|&(_, &d)| d & 4 != 0)
                .map(|(i, _)| i)
                .collect(),
            triples: takes()
                .filter(|&(_, &d)| d & 8 != 0)
                .map(|(i, _)| i)
                .collect(),
            rare_heaps: rare_heaps.clone(),
            rare_cells: rare_heaps.iter().map(|&r| g[r]).collect(),
            rare_values: (0..words)
                .map(|w| {
                    (0..64).fold(0u64, |bits, j| {
                        bits | u64::from(is_rare(w as u64 * 64 + j, mask)) << j
                    })
                })
                .collect(),
            words,
        }
    }

    fn run(&self, report: &Reporter<'_>) -> Result<()> {
        each_heap(self.g, report, |n, marks| {
            self.heap(n, marks).map(|()| self.reads(n))
        })
    }

    /// About how many options the check of heap `n` reads: every single,
    /// the rare heaps' splits (or all of them for a rare value), every
    /// three-part split.
    fn reads(&self, n: usize) -> u64 {
        let n = n as u64;
        let pairs = if is_rare(self.at(n as usize), self.mask) {
            n / 2
        } else {
            (self.rare_heaps.len() as u64).min(n)
        };
        self.singles.len() as u64
            + self.pairs.len() as u64 * pairs
            + self.triples.len() as u64 * (n * n / 12)
    }

    #[inline(always)]
    fn at(&self, n: usize) -> u64 {
        self.g[n].get()
    }

    /// Checks the claim of heap `n`.
    fn heap(&self, n: usize, marks: &mut Marks) -> Result<()> {
        debug_assert_eq!(marks.words.len(), self.words);
        let v = self.at(n);
        let mut seen = marks.claim(v);
        for &(i, d) in &self.singles {
            let Some(rest) = n.checked_sub(i) else {
                continue;
            };
            if rest == 0 && d & 1 != 0 && seen.see(0) {
                return Err(refuted(n, v, format!("removing all {i}")));
            }
            if rest > 0 && d & 2 != 0 && seen.see(self.at(rest)) {
                return Err(refuted(n, v, format!("removing {i} to leave {rest}")));
            }
        }
        let common = !is_rare(v, self.mask);
        for &i in &self.pairs {
            let Some(rest) = n.checked_sub(i).filter(|&r| r >= 2) else {
                continue;
            };
            let split = |a: usize| format!("removing {i} to leave {a} and {}", rest - a);
            let hit = if common {
                // (a) A common value comes only from a split with a rare part.
                self.rare_splits(rest, v, seen.marks)
            } else {
                self.splits(rest, 1, rest / 2 + 1, v, seen.marks)
            };
            if hit {
                let a = (1..=rest / 2)
                    .find(|&a| self.at(a) ^ self.at(rest - a) == v)
                    .unwrap_or(0);
                return Err(refuted(n, v, split(a)));
            }
        }
        for &i in &self.triples {
            let Some(rest) = n.checked_sub(i).filter(|&r| r >= 3) else {
                continue;
            };
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    let c = rest - a - b;
                    if seen.see(self.at(a) ^ self.at(b) ^ self.at(c)) {
                        return Err(refuted(
                            n,
                            v,
                            format!("removing {i} to leave {a}, {b} and {c}"),
                        ));
                    }
                }
            }
        }
        // (b) Every value below v. Only with a common v and splits in two can
        // some be still unseen, and then only rare ones: a common value
        // missing now is missing from every option, and it is the one named
        // (a smaller rare value may yet turn up in the splits not read).
        let marks = seen.marks;
        let Some(u) = marks.first_missing(v) else {
            return Ok(());
        };
        if !common || self.pairs.is_empty() {
            return Err(missing(n, v, u));
        }
        if let Some(c) = marks.first_missing_common(v, &self.rare_values) {
            return Err(missing(n, v, c));
        }
        self.witnesses(n, v, marks)
    }

    /// Marks `G(r) ⊕ G(rest − r)` for every rare heap `r < rest`; whether
    /// one of them is `v`.
    #[inline]
    fn rare_splits(&self, rest: usize, v: u64, marks: &mut Marks) -> bool {
        let k = self.rare_heaps.partition_point(|&r| r < rest);
        let pairs = self.rare_heaps[..k].iter().zip(&self.rare_cells[..k]);
        let mut hit = false;
        if V::SMALL {
            let m: &mut [u64; 4] = (&mut marks.words[..4]).try_into().expect("four words");
            for (&r, &gr) in pairs {
                let x = gr.get() ^ self.g[rest - r].get();
                hit |= x == v;
                m[(x >> 6) as usize & 3] |= 1 << (x & 63);
            }
        } else {
            for (&r, &gr) in pairs {
                let x = gr.get() ^ self.g[rest - r].get();
                hit |= x == v;
                marks.mark(x, v);
            }
        }
        hit
    }

    /// Marks `G(a) ⊕ G(rest − a)` for `from <= a < to` (`1 <= from`, `to <=
    /// rest / 2 + 1`); whether one of them is `v`.
    #[inline]
    fn splits(&self, rest: usize, from: usize, to: usize, v: u64, marks: &mut Marks) -> bool {
        if from >= to {
            return false;
        }
        let small = self.g[from..to].iter();
        let large = self.g[rest + 1 - to..=rest - from].iter().rev();
        let mut hit = false;
        if V::SMALL {
            let m: &mut [u64; 4] = (&mut marks.words[..4]).try_into().expect("four words");
            for (&a, &b) in small.zip(large) {
                let x = a.get() ^ b.get();
                hit |= x == v;
                m[(x >> 6) as usize & 3] |= 1 << (x & 63);
            }
        } else {
            for (&a, &b) in small.zip(large) {
                let x = a.get() ^ b.get();
                hit |= x == v;
                marks.mark(x, v);
            }
        }
        hit
    }

    /// Reads the splits of `n` in order of their smaller part until every
    /// value below `v` is marked.
    fn witnesses(&self, n: usize, v: u64, marks: &mut Marks) -> Result<()> {
        const ROUND: usize = 16;
        let last = self
            .pairs
            .iter()
            .filter_map(|&i| n.checked_sub(i))
            .max()
            .unwrap_or(0)
            / 2;
        let mut a = 1;
        while a <= last {
            let end = (a + ROUND).min(last + 1);
            for &i in &self.pairs {
                if let Some(rest) = n.checked_sub(i) {
                    self.splits(rest, a, end.min(rest / 2 + 1), v, marks);
                }
            }
            if marks.first_missing(v).is_none() {
                return Ok(());
            }
            a = end;
        }
        match marks.first_missing(v) {
            None => Ok(()),
            Some(u) => Err(missing(n, v, u)),
        }
    }
}

/// About how many options [`plain_values`] reads to reach `to`: `to²/4`
/// for each digit of a code that splits in two, `to³/36` for each that
/// splits in three, `to` a removal.
pub(super) fn plain_reads(ruleset: &Ruleset, to: u64) -> u128 {
    let n = u128::from(to) + 1;
    match ruleset {
        Ruleset::TakeAndBreak(code) => code
            .digits()
            .iter()
            .map(|&d| {
                u128::from(d & 3 != 0) * n
                    + u128::from(d & 4 != 0) * (n * n / 4)
                    + u128::from(d & 8 != 0) * (n * n * n / 36)
            })
            .sum(),
        Ruleset::Subtraction(SubtractionSet::Finite(set)) => n * set.len() as u128,
        _ => n * n / 2,
    }
}

/// `G(0..=to)` by a plain mex over every option: the reading of version 1
/// certificates, which carry no values. Tells `watcher` the heaps done
/// every few milliseconds.
///
/// # Errors
/// [`ErrorKind::Interrupted`] when `watcher` says stop.
///
/// # Complexity
/// O(Σ options(n)): [`plain_reads`].
pub(super) fn plain_values(ruleset: &Ruleset, to: u64, watcher: Watcher<'_>) -> Result<Vec<u64>> {
    let mut g: Vec<u64> = Vec::with_capacity(to as usize + 1);
    let mut seen: Vec<u64> = Vec::new();
    let mut reads = 0u64;
    for n in 0..=to as usize {
        if reads >= REPORT_READS || (n as u64).is_multiple_of(REPORT_HEAPS) {
            reads = 0;
            let progress = Progress {
                done: n as u64,
                total: to + 1,
            };
            if watcher(progress).is_break() {
                return Err(interrupted());
            }
        }
        let stamp = n as u64 + 1;
        let mut see = |x: u64| {
            // A mex is at most the number of options, which is at most
            // twice the largest value so far plus one (all values lie below
            // a power of two): `seen` grows no further than that.
            let x = x as usize;
            if x >= seen.len() {
                seen.resize(x + 1, 0);
            }
            seen[x] = stamp;
            reads += 1;
        };
        match ruleset {
            Ruleset::TakeAndBreak(code) => each_option(code.digits(), &g, n, &mut see),
            _ => {
                for m in ruleset.options(n as u64) {
                    see(m.parts.iter().fold(0, |x, &h| x ^ g[h as usize]));
                }
            }
        }
        let mex = seen.iter().position(|&s| s != stamp).unwrap_or(seen.len());
        g.push(mex as u64);
    }
    Ok(g)
}

/// Calls `see` with the value of every move from a heap of `n` under the
/// code `digits`, read from `g` (which holds at least `G(0..n)`).
fn each_option(digits: &[u8], g: &[u64], n: usize, see: &mut impl FnMut(u64)) {
    for (i, &d) in digits.iter().enumerate() {
        let Some(rest) = n.checked_sub(i).filter(|_| d != 0) else {
            continue;
        };
        if i > 0 && rest == 0 && d & 1 != 0 {
            see(0);
        }
        if i > 0 && rest > 0 && d & 2 != 0 {
            see(g[rest]);
        }
        if d & 4 != 0 {
            for a in 1..=rest / 2 {
                see(g[a] ^ g[rest - a]);
            }
        }
        if d & 8 != 0 {
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    see(g[a] ^ g[b] ^ g[rest - a - b]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The claims of `spec` up to `to`, stored as `V`, under `mask`.
    fn claims<V: Cell>(spec: &str, values: &[u64], mask: u64) -> Result<()> {
        let game: Ruleset = spec.parse().unwrap();
        let g: Vec<V> = values.iter().map(|&v| V::of(v)).collect();
        let mut silent = crate::values::silent;
        check_claims(&game, &g, mask, &Reporter::new(&mut silent, g.len() as u64))
    }

    fn plain(game: &Ruleset, to: u64) -> Vec<u64> {
        plain_values(game, to, &mut crate::values::silent).unwrap()
    }

    fn every_width(spec: &str, values: &[u64], mask: u64) -> [bool; 4] {
        [
            claims::<u8>(spec, values, mask).is_ok(),
            claims::<u16>(spec, values, mask).is_ok(),
            claims::<u32>(spec, values, mask).is_ok(),
            claims::<u64>(spec, values, mask).is_ok(),
        ]
    }

    /// Exact for every mask and width: the true values pass, and a value
    /// moved up or down fails, wherever it is.
    #[test]
    fn the_check_is_exact_for_any_mask_and_width() {
        for (spec, to) in [
            ("0.07", 300),
            ("0.77", 300),
            ("0.137", 300),
            ("4.07", 200),
            ("0.6", 400),
            ("0.16", 400),
            ("0.a7", 60),
            ("0.f", 40),
            ("0.0", 20),
            ("sub:1,3,4", 100),
            ("nim", 40),
        ] {
            let game: Ruleset = spec.parse().unwrap();
            let values = plain(&game, to);
            let g8: Vec<u64> = values.iter().map(|&v| v.min(255)).collect();
            let fewest = fewest_rare_mask(&values);
            for mask in [0, 1, 2, 3, 0x3f, 0xfe, fewest] {
                assert_eq!(
                    every_width(spec, &values, mask),
                    [true; 4],
                    "{spec} {mask:#x}"
                );
                for n in (0..values.len()).step_by(7) {
                    for delta in [1, -1, 5] {
                        let Some(v) = values[n].checked_add_signed(delta) else {
                            continue;
                        };
                        let mut forged = values.clone();
                        forged[n] = v;
                        let verdicts = every_width(spec, &forged, mask);
                        assert_eq!(verdicts, [false; 4], "{spec} {mask:#x} G({n}) = {v}");
                    }
                }
            }
            assert_eq!(g8, values, "{spec}: values stay below 256 here");
        }
    }

    /// Whether the reason `message` gives for refusing `forged` is true of
    /// `game`'s options: the value it says no move has is missing from the
    /// options of that heap, the value it says some move has is there.
    fn reason_holds(game: &Ruleset, forged: &[u64], message: &str) -> bool {
        let number = |after: &str| -> u64 {
            let at = message.find(after).unwrap() + after.len();
            let digits: String = message[at..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse().unwrap()
        };
        let n = number("G(") as usize;
        let mut options = std::collections::HashSet::new();
        match game {
            Ruleset::TakeAndBreak(code) => {
                each_option(code.digits(), forged, n, &mut |x| {
                    options.insert(x);
                });
            }
            _ => {
                for m in game.options(n as u64) {
                    options.insert(m.parts.iter().fold(0, |x, &h| x ^ forged[h as usize]));
                }
            }
        }
        if message.contains("no move") {
            let u = number("has value ");
            u < forged[n] && !options.contains(&u)
        } else {
            options.contains(&forged[n])
        }
    }

    /// The reason a forged value is refused is true: 4.344's G(998) raised
    /// to 16 has options of value 0 (13 + 985), so "no move has value 0"
    /// would be false; the value missing is 15.
    #[test]
    fn a_refusal_names_a_value_that_disproves_the_claim() {
        for (spec, to, step) in [
            ("4.344", 1000, 1),
            ("0.156", 700, 3),
            ("0.127", 500, 3),
            ("0.07", 300, 5),
            ("0.137", 300, 5),
            ("0.6", 400, 5),
            ("0.f", 40, 1),
            ("sub:1,3,4", 100, 1),
        ] {
            let game: Ruleset = spec.parse().unwrap();
            let values = plain(&game, to);
            for n in (1..values.len()).step_by(step) {
                for delta in [1, 2, -1] {
                    let Some(v) = values[n].checked_add_signed(delta) else {
                        continue;
                    };
                    let mut forged = values.clone();
                    forged[n] = v;
                    for mask in [fewest_rare_mask(&forged), 1, 3] {
                        let err = claims::<u16>(spec, &forged, mask).unwrap_err();
                        assert!(
                            reason_holds(&game, &forged, err.message()),
                            "{spec} G({n}) = {v}, mask {mask:#x}: {err}"
                        );
                    }
                }
            }
        }
        let game: Ruleset = "4.344".parse().unwrap();
        let mut forged = plain(&game, 1000);
        assert_eq!(forged[998], 15);
        forged[998] = 16;
        let err = claims::<u8>("4.344", &forged, fewest_rare_mask(&forged)).unwrap_err();
        assert!(
            err.message()
                .contains("no move from a heap of 998 has value 15"),
            "{err}"
        );
    }

    #[test]
    fn the_mask_minimises_the_rare_heaps() {
        let game: Ruleset = "0.6".parse().unwrap();
        let values = plain(&game, 3000);
        let rare = |m: u64| values[1..].iter().filter(|&&v| is_rare(v, m)).count();
        let best = fewest_rare_mask(&values);
        assert!((1..256).all(|m| rare(best) <= rare(m)), "{best:#x}");
        assert_eq!(fewest_rare_mask(&[0u8, 0, 0]), 0);
    }
}
