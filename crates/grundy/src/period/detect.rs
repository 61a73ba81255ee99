//! Finding the least preperiod and period of a finite run of values.
//!
//! A sequence is *arithmetic-periodic* with preperiod `e`, period `p` and
//! saltus `s` when `G(n + p) = G(n) + s` for every `n >= e`; it is ordinarily
//! periodic when `s = 0`. From finitely many values nothing can be known for
//! certain, so [`detect`] only reports a pattern that the values support: at
//! least two whole periods after the preperiod, and a preperiod no longer than
//! the part of the table that follows it.

use crate::values::{Slice, ValueTable, Window};

/// A preperiod, period and saltus that fit every value of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Candidate {
    /// The least `e` with `G(n + p) = G(n) + s` for every `n >= e` in the table.
    pub preperiod: u64,
    /// The least period `p` the table supports.
    pub period: u64,
    /// The constant `s` added each period (0 for ordinary periodicity).
    pub saltus: u64,
}

/// The least period, with its least preperiod and saltus, that the values of
/// `table` support, or `None`.
///
/// A period `p` is supported when, with `e` the least preperiod for `p`, the
/// table holds at least two whole periods after `e` (`len − e >= 2p`) and the
/// preperiod is at most half the table (`2e <= len`); the saltus is read from
/// the last period and must not be negative. A saltus of zero is ordinary
/// periodicity.
///
/// Periods are tried in increasing order, as in [`detect_simple`], with two
/// savings. A run of `G(n + p) = G(n) + s` is read backwards from the end a
/// whole slice of the table at a time (64 values compared without a branch,
/// or one `memcmp` when `s = 0`). And when `p` fails only because its
/// preperiod `e` is more than half the table, every multiple `kp` shorter
/// than the run `len − e` is skipped: `G(n + kp) = G(n) + ks` holds exactly
/// as far back as `G(n + p) = G(n) + s` does (it is the sum of `k` steps of
/// `p`, and at `n = e − 1` it fails with the step from `e − 1`), so `kp` has
/// the same preperiod and fails too. This is what makes a long preperiod
/// cheap: before the table is long enough, the detector used to follow the
/// same long run once for every multiple of the period.
///
/// ```
/// use grundy::ValueTable;
/// use grundy::period::detect::detect;
/// let t = ValueTable::from_values([5, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]);
/// let c = detect(&t).unwrap();
/// assert_eq!((c.preperiod, c.period, c.saltus), (1, 3, 0));
/// let nim = ValueTable::from_values(0..20);
/// let c = detect(&nim).unwrap();
/// assert_eq!((c.preperiod, c.period, c.saltus), (0, 1, 1));
/// ```
///
/// # Complexity
/// O(Σₚ run(p)) over the periods not skipped, where run(p) is how far back
/// from the end `p` holds; the runs are read a slice at a time. Close to
/// O(len) when the values are irregular before the period found, also for an
/// irregular preperiod longer than half the table followed by a short period
/// `p`. A preperiod that itself nearly repeats with period `p` is the slow
/// case: the multiples of `p` longer than its run are followed back to the
/// preperiod's last break, O(len² / p) comparisons made 64 at a time.
/// O(len · p) at worst. Memory: one bit for each period tried (`len / 16`
/// bytes).
pub fn detect(table: &ValueTable) -> Option<Candidate> {
    detect_with_tails(table, &mut |_| {})
}

/// [`detect`], also handing `tail` each pattern that the end of the table
/// shows but that [`detect`] cannot take yet: at least two whole periods
/// after its least preperiod but a preperiod longer than half the table, or
/// fewer than two whole periods: every period `p` tried whose relation
/// `G(n + p) = G(n) + s` holds at the end of the table, however far back.
/// Such a pattern says how long a table could prove it (what
/// [`find`](super::find) grows to): a period longer than half the table is
/// seen this way before it can be detected. Most of them are chance
/// matches that the next values break; the search loses nothing by them
/// (see [`Search`](super::Search)).
///
/// `tail` sees these patterns in increasing period order, up to the period
/// returned (all of them when `None` is returned), except multiples of a
/// pattern already seen that hold back to the same preperiod.
///
/// ```
/// use grundy::ValueTable;
/// use grundy::period::detect::{Candidate, detect_with_tails};
/// // 7 irregular values, then period 2 for 6 values: too short a tail.
/// let t = ValueTable::from_values([9, 4, 7, 7, 3, 8, 5, 1, 0, 1, 0, 1, 0]);
/// let mut tails = Vec::new();
/// assert_eq!(detect_with_tails(&t, &mut |c| tails.push(c)), None);
/// assert!(tails.contains(&Candidate { preperiod: 7, period: 2, saltus: 0 }));
///
/// // 100 irregular values, then 180 values that repeat with period 100:
/// // not yet two periods, shown as a tail, not detected.
/// let mut v: Vec<u64> = (0..100u64).map(|n| n * n % 97 + 200).collect();
/// let body: Vec<u64> = (0..100u64).map(|n| (7 * n * n + 3 * n) % 101).collect();
/// v.extend(&body);
/// v.extend(&body[..80]);
/// let t = ValueTable::from_values(v);
/// let mut tails = Vec::new();
/// assert_eq!(detect_with_tails(&t, &mut |c| tails.push(c)), None);
/// assert!(tails.contains(&Candidate { preperiod: 100, period: 100, saltus: 0 }));
/// ```
///
/// # Complexity
/// That of [`detect`].
pub fn detect_with_tails(table: &ValueTable, tail: &mut dyn FnMut(Candidate)) -> Option<Candidate> {
    match table.slice() {
        Slice::U8(v) => detect_in(v, tail),
        // Values kept aside: read value by value, without a wider copy.
        Slice::Escaped(v) => detect_in(ByValue(v.window()), tail),
        Slice::U16(v) => detect_in(v, tail),
        Slice::U32(v) => detect_in(v, tail),
        Slice::U64(v) => detect_in(v, tail),
    }
}

/// [`detect_with_tails`] on the values at their storage width.
fn detect_in(v: impl Seq, tail: &mut dyn FnMut(Candidate)) -> Option<Candidate> {
    let len = v.len();
    let half = len / 2;
    // Periods known to fail, set only for multiples of a failed period.
    let mut skip = vec![0u64; half / 64 + 1];
    for p in 1..=half {
        if skip[p / 64] >> (p % 64) & 1 == 1 {
            continue;
        }
        let Some((e, s)) = run_start(v, p) else {
            continue;
        };
        let run = len - e;
        let candidate = Candidate {
            preperiod: e as u64,
            period: p as u64,
            saltus: s,
        };
        if run >= 2 * p {
            if 2 * e <= len {
                return Some(candidate);
            }
            tail(candidate);
        } else {
            tail(candidate);
        }
        // Here run < 2p (and no multiple can reach 2kp either) or 2e > len:
        // the multiples kp < run share the preperiod e and fail the same way.
        let mut q = 2 * p;
        while q < run && q <= half {
            skip[q / 64] |= 1 << (q % 64);
            q += p;
        }
    }
    None
}

/// For a period `p < v.len()`, the least `e` with `v[n + p] = v[n] + s` for
/// every `n` in `e..len − p` and that `s`; `None` if `s` would be negative.
fn run_start<S: Seq>(v: S, p: usize) -> Option<(usize, u64)> {
    let last = v.len() - p - 1;
    let (x, y) = (v.at(last), v.at(last + p));
    if y < x {
        return None;
    }
    let s = y.wrapping_sub(x);
    let held = v.common_suffix(last, p, s);
    Some((last - held, s.into()))
}

/// Values as period detection reads them: a slice at the storage width, or
/// a table with values kept aside read value by value.
trait Seq: Copy {
    type Value: Word;
    fn len(self) -> usize;
    fn at(self, i: usize) -> Self::Value;
    /// [`common_suffix`] of the values `0..n` and `p..p + n`.
    fn common_suffix(self, n: usize, p: usize, s: Self::Value) -> usize;
}

impl<T: Word> Seq for &[T] {
    type Value = T;

    fn len(self) -> usize {
        <[T]>::len(self)
    }

    #[inline]
    fn at(self, i: usize) -> T {
        self[i]
    }

    fn common_suffix(self, n: usize, p: usize, s: T) -> usize {
        common_suffix(&self[..n], &self[p..n + p], s)
    }
}

/// A table with values kept aside, read value by value.
#[derive(Clone, Copy)]
struct ByValue<W>(W);

impl<W: Window> Seq for ByValue<W> {
    type Value = u64;

    fn len(self) -> usize {
        self.0.len()
    }

    #[inline]
    fn at(self, i: usize) -> u64 {
        self.0.get(i)
    }

    fn common_suffix(self, n: usize, p: usize, s: u64) -> usize {
        (0..n)
            .rev()
            .take_while(|&i| {
                let (x, y) = (self.0.get(i), self.0.get(i + p));
                y >= x && y - x == s
            })
            .count()
    }
}

/// How many trailing positions `i` of the equally long `a` and `b` have
/// `b[i] = a[i] + s` (without overflow).
fn common_suffix<T: Word>(a: &[T], b: &[T], s: T) -> usize {
    const FEW: usize = 16;
    const CHUNK: usize = 64;
    let holds = |x: T, y: T| y >= x && y.wrapping_sub(x) == s;
    let n = a.len();
    let mut i = n;
    // Most periods fail within a few values: look at those one by one.
    while i > 0 && n - i < FEW {
        if !holds(a[i - 1], b[i - 1]) {
            return n - i;
        }
        i -= 1;
    }
    while i >= CHUNK {
        let (ca, cb) = (&a[i - CHUNK..i], &b[i - CHUNK..i]);
        let all = if s == T::ZERO {
            ca == cb
        } else {
            ca.iter().zip(cb).fold(true, |all, (&x, &y)| {
                all & (y >= x) & (y.wrapping_sub(x) == s)
            })
        };
        if !all {
            break;
        }
        i -= CHUNK;
    }
    while i > 0 && holds(a[i - 1], b[i - 1]) {
        i -= 1;
    }
    n - i
}

/// A value as stored in a table: `u8`, `u16`, `u32` or `u64`.
trait Word: Copy + Ord + Into<u64> {
    const ZERO: Self;
    fn wrapping_sub(self, other: Self) -> Self;
}

macro_rules! word {
    ($($t:ty),*) => {$(
        impl Word for $t {
            const ZERO: Self = 0;
            #[inline]
            fn wrapping_sub(self, other: Self) -> Self {
                <$t>::wrapping_sub(self, other)
            }
        }
    )*};
}

word!(u8, u16, u32, u64);

/// The straightforward twin of [`detect`]: every period in increasing order,
/// each run read value by value with [`least_preperiod`].
///
/// ```
/// use grundy::ValueTable;
/// use grundy::period::detect::{detect, detect_simple};
/// let t = ValueTable::from_values([7, 7, 3, 1, 2, 1, 2, 1, 2, 1, 2]);
/// assert_eq!(detect_simple(&t), detect(&t));
/// ```
///
/// # Complexity
/// O(Σₚ run(p)) where run(p) is how far back from the end `p` holds: close to
/// O(len) when the values are irregular, O(len · p) at worst, and O(len² / p)
/// for a preperiod longer than half the table followed by a period `p` (the
/// run is followed again for every multiple of `p`).
pub fn detect_simple(table: &ValueTable) -> Option<Candidate> {
    let len = table.len() as u64;
    let mut p = 1;
    while 2 * p <= len {
        if let Some((e, s)) = least_preperiod(table, p)
            && len - e >= 2 * p
            && 2 * e <= len
        {
            return Some(Candidate {
                preperiod: e,
                period: p,
                saltus: s,
            });
        }
        p += 1;
    }
    None
}

/// For a period `p`, the least `e` such that `G(n + p) − G(n)` is one
/// non-negative constant `s` for every `n` in `e..len − p`, with that `s`.
pub fn least_preperiod(table: &ValueTable, p: u64) -> Option<(u64, u64)> {
    let len = table.len();
    let p = usize::try_from(p).ok()?;
    if p == 0 || p >= len {
        return None;
    }
    let last = len - p - 1;
    let (a, b) = (table.raw(last), table.raw(last + p));
    let s = b.checked_sub(a)?;
    let mut e = last;
    while e > 0 && table.raw(e - 1).checked_add(s) == Some(table.raw(e - 1 + p)) {
        e -= 1;
    }
    Some((e as u64, s))
}

/// The naive twin of [`detect`]: tries every period and every preperiod in
/// increasing order and checks each pair against the whole table.
///
/// # Complexity
/// O(len³); for tests.
pub fn detect_naive(table: &ValueTable) -> Option<Candidate> {
    let v = table.to_vec();
    let len = v.len();
    for p in 1..=len / 2 {
        for e in 0..len - p {
            let s = v[len - 1].wrapping_sub(v[len - 1 - p]);
            if v[len - 1] < v[len - 1 - p] {
                break;
            }
            if (e..len - p).all(|n| v[n].checked_add(s) == Some(v[n + p])) {
                if len - e >= 2 * p && 2 * e <= len {
                    return Some(Candidate {
                        preperiod: e as u64,
                        period: p as u64,
                        saltus: s,
                    });
                }
                break;
            }
        }
    }
    None
}
