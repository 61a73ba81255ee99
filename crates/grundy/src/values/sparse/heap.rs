//! The value of one heap: the moves grouped as the engine reads them, step 1
//! (every split with a rare part, from the rare list) and step 2 (the lazy
//! scan of every split from both ends of the order, until each rare value
//! below the least missing common one has turned up).

use super::ScanStreams;
use super::ahead::Reach;
use super::marks::{Bits, Marks, Sink, Stamped};
use super::spread::spread_scan;
use super::state::State;
use super::storage::{Storage, Stream, View};
use crate::ruleset::Ruleset;
use crate::values::table::Window;

/// Splits the lazy scan reads between two checks for completion.
pub(super) const SCAN_CHUNK: usize = 64;
/// Splits of each stream the lazy scan reads before its first check: the
/// missing values of 0.354 often turn up among them (32 halved its scans
/// against 64, and Grundy's game lost nothing).
const FIRST_CHUNK: usize = 32;
/// [`FIRST_CHUNK`] when marking bits ([`State::value_of_small`]): a check
/// is one AND there, so the scan checks sooner.
const SMALL_FIRST_CHUNK: usize = 8;
/// [`SCAN_CHUNK`] when marking bits.
const SMALL_CHUNK: usize = 8;

/// The moves of a heap, grouped the way the engine reads them.
#[derive(Clone, Debug, Default)]
pub(super) struct Shape {
    /// Takes `t > 0` that may remove a whole heap of `t`.
    pub(super) ends: Vec<usize>,
    /// Takes `t > 0` that may leave one heap.
    pub(super) leaves: Vec<usize>,
    /// Takes `t >= 0` that may leave two heaps.
    pub(super) splits: Vec<usize>,
    /// Whether the two heaps must differ (Grundy's game).
    pub(super) unequal: bool,
}

impl Shape {
    pub(super) fn of(ruleset: &Ruleset) -> Option<Shape> {
        match ruleset {
            Ruleset::Grundy => Some(Shape {
                ends: Vec::new(),
                leaves: Vec::new(),
                splits: vec![0],
                unequal: true,
            }),
            Ruleset::TakeAndBreak(code) if code.max_heaps_left() == 2 => Some(Shape {
                ends: code.takes_leaving(0),
                leaves: code.takes_leaving(1),
                splits: code.takes_leaving(2),
                unequal: false,
            }),
            _ => None,
        }
    }
}

/// Marks the values of the splits `r + (rest − r)` for the rare heaps `r` of
/// `rare` (all below `rest`), leaving out the equal split in Grundy's game,
/// reading `G(rest − r)` from `store`. Returns how many splits were read.
#[inline(always)]
fn mark_rare<S: Storage, M: Marks + ?Sized>(
    seen: &mut M,
    stamp: u8,
    store: &mut S,
    rare: &[(usize, u64)],
    rest: usize,
    unequal: bool,
) -> u64 {
    let equal = if unequal && rest.is_multiple_of(2) {
        rare.binary_search_by_key(&(rest / 2), |&(r, _)| r).ok()
    } else {
        None
    };
    let (before, after) = match equal {
        Some(i) => (&rare[..i], &rare[i + 1..]),
        None => (rare, &rare[..0]),
    };
    // The marks and the stamp moved into the closures, not borrowed: a
    // loop out of line keeps them in registers.
    let marks = &mut *seen;
    store.mark_rare(before, rest, move |x| marks.set(x, stamp));
    if !after.is_empty() {
        store.mark_rare(after, rest, move |x| seen.set(x, stamp));
    }
    (before.len() + after.len()) as u64
}

/// The larger half of a split of `rest` is at least `rest − half`: `half` is
/// the largest smaller part.
#[inline]
pub(super) fn largest_smaller_part(rest: usize, unequal: bool) -> usize {
    if unequal {
        rest.saturating_sub(1) / 2
    } else {
        rest / 2
    }
}

impl State {
    /// `G(n)` from `G(0..n)`, read from `store`, and what was read ahead
    /// for it. Both engines compute a heap here, the in-memory one from a
    /// [`View`] of its table, the windowed one from its windows. `ROW`:
    /// `seen` is the heap's row read ahead, `stamp` its [`ROW_MARK`].
    ///
    /// [`ROW_MARK`]: super::ahead::ROW_MARK
    #[inline]
    pub(super) fn value_of<S: Storage, M: Marks + ?Sized, const ROW: bool>(
        &mut self,
        (seen, stamp): (&mut M, u8),
        store: &mut S,
        n: usize,
        ahead: &Reach,
    ) -> u64 {
        let shape = &self.shape;
        for &t in &shape.ends {
            if t == n {
                seen.set(0, stamp);
            }
        }
        for &t in &shape.leaves {
            if t < n {
                seen.set(store.get(n - t) as usize, stamp);
            }
        }
        // Step 1: every split with a rare part not read ahead: the near
        // ones among the rare heaps the block was read ahead with, and those
        // found since.
        let mut pairs = 0u64;
        let (old, new) = self.rare.split_at(ahead.rare_len);
        for (&t, (near, below)) in shape.splits.iter().zip(&mut self.cursors) {
            if t + 2 > n {
                continue;
            }
            let rest = n - t;
            // Both ends only move up from one heap to the next.
            while old
                .get(*near)
                .is_some_and(|&(r, _)| r < rest && r + ahead.rare_limit <= rest)
            {
                *near += 1;
            }
            pairs += mark_rare(seen, stamp, store, &old[..*near], rest, shape.unequal);
            while new.get(*below).is_some_and(|&(r, _)| r < rest) {
                *below += 1;
            }
            pairs += mark_rare(seen, stamp, store, &new[..*below], rest, shape.unequal);
        }
        self.rare_pairs += pairs;
        // Option values are below K, so the mex is at most K: the least common
        // value missing below K, or K.
        let bound = self.histogram.len() as u64;
        let present = &mut self.present;
        present.clear();
        let mut common_mex = bound;
        for (w, &common) in self.common_bits.iter().enumerate() {
            let found = if ROW {
                seen.row_word(w)
            } else {
                seen.word(w, stamp)
            };
            present.push(found);
            let missing = common & !found;
            if missing != 0 {
                common_mex = (w * 64) as u64 + u64::from(missing.trailing_zeros());
                break;
            }
        }
        let want = &mut self.want;
        want.clear();
        for (w, (&found, &rare)) in present.iter().zip(&self.rare_bits).enumerate() {
            let base = (w * 64) as u64;
            let below = match common_mex - base {
                64.. => u64::MAX,
                b => (1u64 << b) - 1,
            };
            let mut missing = rare & !found & below;
            while missing != 0 {
                want.push(base + u64::from(missing.trailing_zeros()));
                missing &= missing - 1;
            }
        }
        if want.is_empty() {
            return common_mex;
        }
        // Step 2: scan every split, a chunk at a time, until each rare value
        // below `common_mex` has turned up; after the first chunk, the spread
        // scan ([`spread_scan`]) reads ahead of it. While every value is
        // below 64 the scan marks bits of a word instead of byte stamps.
        let spread = if self.trial.spreads(n) {
            self.spread
        } else {
            0
        };
        let spread = (shape, spread);
        let (scanned, found_all) = if bound <= 64 {
            let schedule = (SMALL_FIRST_CHUNK, SMALL_CHUNK);
            lazy_scan(
                &mut Bits::new(want),
                schedule,
                store,
                spread,
                n,
                want,
                ahead,
            )
        } else {
            let schedule = (FIRST_CHUNK, SCAN_CHUNK);
            let sink = &mut Stamped { seen, stamp };
            lazy_scan(sink, schedule, store, spread, n, want, ahead)
        };
        self.profile.scan_streams.add(scanned);
        let scanned = scanned.total();
        self.scan_pairs += scanned;
        self.trial.count(n, scanned);
        if found_all {
            return common_mex;
        }
        self.full_scans += 1;
        want[0]
    }
}

impl State {
    /// `G(n)` while every value is below 64 (the value bound K at most 64)
    /// and nothing was read ahead: the options are marked as the bits of
    /// one word, kept in a register, instead of byte stamps stored a split
    /// and read back; step 1 reads the rare parts of every take through one
    /// sorted list of offsets ([`State::offsets`]), those far back already
    /// read for [`NEAR`] heaps at once (`near`, [`Near::read`]), and step 2
    /// checks every 8 splits a stream. Games whose values stay small
    /// (0.1777's are below 42) spend all their heaps here.
    #[inline]
    pub(super) fn value_of_small<W: Window>(
        &mut self,
        view: &View<W>,
        n: usize,
        ahead: &Reach,
        near: &Near,
    ) -> u64 {
        let shape = &self.shape;
        let bound = self.histogram.len() as u64;
        debug_assert!(bound <= 64);
        let mut found = 0u64;
        for &t in &shape.ends {
            if t == n {
                found |= 1;
            }
        }
        for &t in &shape.leaves {
            if t < n {
                found |= 1 << (view.get(n - t) % 64);
            }
        }
        // Step 1: every split with a rare part.
        let mut pairs = 0u64;
        if self.offsets_whole {
            let offsets = &self.offsets;
            let below = match offsets.last() {
                Some(&(d, _)) if d < n => offsets.len(),
                _ => offsets.partition_point(|&(d, _)| d < n),
            };
            let offsets = match near.of(n) {
                // The far offsets were read for these heaps at once; the
                // near ones and those of rare heaps found since remain.
                Some(bits) => {
                    found |= bits;
                    let (head, _) = offsets.split_at(near.split);
                    let (_, tail) = offsets[..below].split_at(near.len.min(below));
                    let tail_view = view.tail;
                    let mark = |bits: u64, &(d, v): &(usize, u64)| {
                        let g = if view.tail_from == 0 {
                            tail_view.get(n - d)
                        } else {
                            view.get(n - d)
                        };
                        bits | 1 << ((v ^ g) % 64)
                    };
                    found |= head.iter().fold(0, mark) | tail.iter().fold(0, mark);
                    &offsets[..0]
                }
                None => &offsets[..below],
            };
            // Alone on one thread, the view is the table itself.
            let tail = view.tail;
            found |= if view.tail_from == 0 {
                offsets
                    .iter()
                    .fold(0, |bits, &(d, v)| bits | 1 << ((v ^ tail.get(n - d)) % 64))
            } else {
                offsets
                    .iter()
                    .fold(0, |bits, &(d, v)| bits | 1 << ((v ^ view.get(n - d)) % 64))
            };
            // Every split with an offset below `n` was read, here or for
            // the [`NEAR`] heaps at once.
            pairs += below as u64;
        } else {
            for &t in &shape.splits {
                if t + 2 > n {
                    continue;
                }
                let rest = n - t;
                let below = match self.rare.last() {
                    Some(&(r, _)) if r < rest => self.rare.len(),
                    _ => self.rare.partition_point(|&(r, _)| r < rest),
                };
                let list = &self.rare[..below];
                // Grundy's game cannot split a heap into two equal ones.
                let equal = if shape.unequal && rest.is_multiple_of(2) {
                    list.binary_search_by_key(&(rest / 2), |&(r, _)| r).ok()
                } else {
                    None
                };
                let (before, after) = match equal {
                    Some(i) => (&list[..i], &list[i + 1..]),
                    None => (list, &list[..0]),
                };
                for part in [before, after] {
                    for &(r, v) in part {
                        found |= 1 << ((v ^ view.get(rest - r)) % 64);
                    }
                    pairs += part.len() as u64;
                }
            }
        }
        self.rare_pairs += pairs;
        let common = self.common_bits.first().copied().unwrap_or(0);
        let rare = self.rare_bits.first().copied().unwrap_or(0);
        let common_mex = match common & !found {
            0 => bound,
            missing => u64::from(missing.trailing_zeros()),
        };
        let below = match common_mex {
            64.. => u64::MAX,
            b => (1u64 << b) - 1,
        };
        let missing = rare & !found & below;
        if missing == 0 {
            return common_mex;
        }
        let want = &mut self.want;
        want.clear();
        let mut bits = missing;
        while bits != 0 {
            want.push(u64::from(bits.trailing_zeros()));
            bits &= bits - 1;
        }
        let spread = if self.trial.spreads(n) {
            self.spread
        } else {
            0
        };
        let mut sink = Bits {
            found: 0,
            want: missing,
        };
        let schedule = (SMALL_FIRST_CHUNK, SMALL_CHUNK);
        let (scanned, found_all) = lazy_scan(
            &mut sink,
            schedule,
            &mut { *view },
            (shape, spread),
            n,
            want,
            ahead,
        );
        self.profile.scan_streams.add(scanned);
        let scanned = scanned.total();
        self.scan_pairs += scanned;
        self.trial.count(n, scanned);
        if found_all {
            return common_mex;
        }
        self.full_scans += 1;
        want[0]
    }
}

/// Heaps whose far rare parts [`Near::read`] reads at once: 16 took
/// 0.98 of the time of 8 on 0.1777 (twelve alternated rounds, 2^24 and
/// 2^25), 32 took 1.02 of 16 (docs/benchmarks.md, session 42).
pub(super) const NEAR: usize = 16;

/// The splits with a far rare part of [`NEAR`] consecutive heaps, read
/// together: for an offset `d = t + r` of at least [`NEAR`], the other
/// parts `s + i − d` of the heaps `s + i` are consecutive and all lie
/// before `s`, so one pass marks them for all the heaps, each in its own
/// word, with no chain of ORs through one register.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Near {
    /// The first of the heaps; whether this was made for them, and whether
    /// anything was read.
    from: usize,
    made: bool,
    read: bool,
    /// The offsets below `split` are near (below [`NEAR`]), read heap by
    /// heap; those from `split` to `len` were read here; those from `len`
    /// on were added since (rare heaps found among the heaps).
    split: usize,
    len: usize,
    bits: [u64; NEAR],
}

impl Near {
    /// Whether heap `n` is one of the heaps this was made for (read or
    /// not).
    #[inline(always)]
    pub(super) fn covers(&self, n: usize) -> bool {
        self.made && n >= self.from && n - self.from < NEAR
    }

    /// The marks of heap `n`, if it is one of the heaps read.
    #[inline(always)]
    fn of(&self, n: usize) -> Option<u64> {
        (self.read && n >= self.from && n - self.from < NEAR).then(|| self.bits[n - self.from])
    }

    /// The far rare parts of the heaps `s..s + NEAR` from `state`'s
    /// offsets, when every offset lies below `s` (else nothing is read and
    /// each heap reads all its offsets).
    #[inline]
    pub(super) fn read<W: Window>(state: &State, view: &View<W>, s: usize) -> Near {
        let offsets = &state.offsets;
        let usable = state.offsets_whole && offsets.last().is_none_or(|&(d, _)| d < s);
        if !usable {
            return Near {
                from: s,
                made: true,
                ..Near::default()
            };
        }
        let split = offsets.partition_point(|&(d, _)| d < NEAR);
        let mut bits = [0u64; NEAR];
        let far = &offsets[split..];
        if view.tail_from == 0 {
            let g = view.tail;
            for &(d, v) in far {
                for (i, word) in bits.iter_mut().enumerate() {
                    *word |= 1 << ((v ^ g.get(s + i - d)) % 64);
                }
            }
        } else {
            for &(d, v) in far {
                for (i, word) in bits.iter_mut().enumerate() {
                    *word |= 1 << ((v ^ view.get(s + i - d)) % 64);
                }
            }
        }
        Near {
            from: s,
            made: true,
            read: true,
            split,
            len: offsets.len(),
            bits,
        }
    }
}

/// Step 2 of heap `n`: reads every split, a chunk at a time, into `sink`
/// until each value of `want` has turned up (asked after each stream of a
/// chunk where the sink answers cheaply, [`Sink::satisfied`], else at the
/// chunk's end), and removes from `want` those found. Returns the splits
/// read and whether all were found (else `want` holds the values no split
/// has, in order).
#[inline(always)]
fn lazy_scan<R: Storage, S: Sink>(
    sink: &mut S,
    (first, chunk): (usize, usize),
    store: &mut R,
    (shape, spread): (&Shape, usize),
    n: usize,
    want: &mut Vec<u64>,
    ahead: &Reach,
) -> (ScanStreams, bool) {
    let mut scanned = ScanStreams::default();
    let mut from = 0;
    let found_all = loop {
        let to = if from == 0 { first } else { from + chunk };
        let mut more = false;
        for &t in &shape.splits {
            let rest = n.saturating_sub(t);
            let half = largest_smaller_part(rest, shape.unequal);
            // Two streams meet in the middle: smaller parts 1, 2, … (one
            // part is a small heap) and half, half − 1, … (both parts
            // near rest / 2, the first of them perhaps read ahead). They
            // find different values quickly.
            let meet = half.div_ceil(2);
            if from < meet {
                more = true;
                let end = to.min(meet);
                let (small, large) = store.pair(
                    (from + 1, end + 1),
                    (rest - end, rest - from),
                    Stream::SmallEnd,
                );
                mark_xors(sink, small, large);
                scanned.small_end += (end - from) as u64;
                if sink.satisfied() {
                    break;
                }
            }
            let skip = ahead.middle(rest, half, meet);
            let (lo, end) = (skip + from, (skip + to).min(half - meet));
            if lo < end {
                more = true;
                let (small, large) = store.pair(
                    (half + 1 - end, half + 1 - lo),
                    (rest - half + lo, rest - half + end),
                    Stream::Middle { half },
                );
                mark_xors(sink, small, large);
                scanned.middle += (end - lo) as u64;
                if sink.satisfied() {
                    break;
                }
            }
        }
        // Settled here, or as soon as a stream has found all, where a sink
        // can tell that cheaply ([`Sink::satisfied`]).
        if sink.settle(want) {
            break true;
        }
        if from == 0 && spread > 0 {
            spread_scan(sink, store, (shape, spread), n, want, ahead, &mut scanned);
            if want.is_empty() {
                break true;
            }
        }
        if !more {
            want.retain(|&v| !sink.has(v));
            break false;
        }
        from = to;
    };
    (scanned, found_all)
}

/// Marks `small[i] ⊕ large[len − 1 − i]` as seen: the splits whose parts
/// are read from both ends of two windows.
#[inline(always)]
fn mark_xors<W: Window, S: Sink>(sink: &mut S, small: W, large: W) {
    sink.mark_xors(small, large);
}
