//! Winning moves in heaps of any size, from a proved period.
//!
//! A heap of 10^18 in a splitting game has about 5·10^17 options, far too
//! many to list. With a proved period `p` from `e`, though, the value of a
//! split `a + b = rest` with both parts at least `e` depends only on
//! `a mod p`; so the options fall into at most `p` classes, each of one value,
//! and the winning ones can be *counted* class by class and *listed* in
//! increasing order of the smaller part up to a limit. With a saltus `s`
//! (a power of two) a class no longer has one value, but the XOR of its two
//! parts' values is counted by their high bits' sum, fixed in the class
//! (`pairs`); splits into three heaps are counted by the classes of their
//! three parts (`three_parts.rs`).

use crate::error::{Error, Result};
use crate::nimber::Nimber;
use crate::period::{PeriodicValues, three_parts};
use crate::ruleset::{Ruleset, SubtractionSet};
use crate::sum::HeapMove;

/// Winning moves of a position: the first `limit` in order (heap by heap,
/// then by the part left), and how many there are in all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMoves {
    /// The value of the position.
    pub value: Nimber,
    /// Winning moves, at most the limit asked for.
    pub listed: Vec<HeapMove>,
    /// The number of winning moves, counted without listing them.
    pub total: u128,
}

/// The winning moves of the sum of `heaps`, for heaps of any `u64` size.
///
/// ```
/// use grundy::{Ruleset, period::{self, PeriodicValues, moves}};
/// let strip: Ruleset = "0.07".parse()?;
/// let (v, t) = period::find(&strip, 1000, Default::default(), &mut grundy::values::silent)?;
/// let g = PeriodicValues::new(t, v);
/// let heaps = [1_000_000_000_000_000_000, 5];
/// let w = moves::winning_moves(&strip, &g, &heaps, 3)?;
/// assert!(w.listed.len() <= 3 && w.total >= w.listed.len() as u128);
/// for mv in &w.listed {
///     let after = mv.apply(&heaps);
///     let x = after.iter().try_fold(grundy::Nimber::ZERO, |x, &h| Ok::<_, grundy::Error>(x + g.get(h)?))?;
///     assert!(x.is_zero());
/// }
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) if a heap is past the
/// computed values and no period is proved;
/// [`TooLarge`](crate::ErrorKind::TooLarge) if counting its splits into
/// three heaps would pass [`MAX_THREE_PART_WORK`];
/// [`TooLarge`](crate::ErrorKind::TooLarge) if a heap within them may have
/// more than [`MAX_OPTIONS_LISTED`](crate::sum::MAX_OPTIONS_LISTED) moves.
///
/// # Complexity
/// Per heap past the table: O(|S|) for subtraction games, O(1) for nim, and
/// O(t · (e + p) + p · limit) for take-and-break codes of `t` digits, and
/// for splits into three heaps O(p² · 30,000 + (e + p)²) more, whatever
/// the heap (refused past [`MAX_THREE_PART_WORK`]), plus what listing the
/// first `limit` of them takes.
pub fn winning_moves(
    ruleset: &Ruleset,
    values: &PeriodicValues,
    heaps: &[u64],
    limit: usize,
) -> Result<WinningMoves> {
    let mut value = Nimber::ZERO;
    for &h in heaps {
        value += values.get(h)?;
    }
    let mut w = WinningMoves {
        value,
        listed: Vec::new(),
        total: 0,
    };
    if value.is_zero() {
        return Ok(w);
    }
    for (i, &h) in heaps.iter().enumerate() {
        let target = value + values.get(h)?;
        let found = |removed: u64, parts: Vec<u64>, w: &mut WinningMoves| {
            w.total += 1;
            if w.listed.len() < limit {
                w.listed.push(HeapMove {
                    heap: i,
                    from: h,
                    removed,
                    parts,
                });
            }
        };
        if h < values.table().len() as u64 {
            crate::sum::check_listable(ruleset, &[h])?;
            for mv in ruleset.options(h) {
                let mut x = Nimber::ZERO;
                for &part in &mv.parts {
                    x += values.get(part)?;
                }
                if x == target {
                    found(mv.removed, mv.parts, &mut w);
                }
            }
            continue;
        }
        match ruleset {
            Ruleset::Nim => {
                if target.value() < h {
                    let t = target.value();
                    found(h - t, if t == 0 { vec![] } else { vec![t] }, &mut w);
                }
            }
            Ruleset::Subtraction(SubtractionSet::Finite(set)) => {
                for &s in set.iter().filter(|&&s| s <= h) {
                    let rest = h - s;
                    if values.get(rest)? == target {
                        found(s, if rest == 0 { vec![] } else { vec![rest] }, &mut w);
                    }
                }
            }
            Ruleset::TakeAndBreak(code) => {
                let p = values.proved().ok_or_else(|| not_proved(h))?;
                let pattern = (p.preperiod, p.period, p.saltus);
                three_part_cost(code, h, pattern)?;
                for (take, &d) in code.digits().iter().enumerate() {
                    let take = take as u64;
                    if d == 0 || take > h {
                        continue;
                    }
                    let rest = h - take;
                    if d & 1 != 0 && take > 0 && rest == 0 && target.is_zero() {
                        found(take, vec![], &mut w);
                    }
                    if d & 2 != 0 && take > 0 && rest > 0 && values.get(rest)? == target {
                        found(take, vec![rest], &mut w);
                    }
                    if d & 4 != 0 && rest >= 2 {
                        let room = limit.saturating_sub(w.listed.len());
                        let (count, list) =
                            pairs(values, rest, (1, rest / 2), pattern, target.value(), room)?;
                        w.total += count;
                        w.listed.extend(list.into_iter().map(|a| HeapMove {
                            heap: i,
                            from: h,
                            removed: take,
                            parts: vec![a, rest - a],
                        }));
                    }
                    if d & 8 != 0 {
                        let room = limit.saturating_sub(w.listed.len());
                        let (count, list) =
                            three_parts(values, rest, pattern, target.value(), room)?;
                        w.total += count;
                        w.listed.extend(list.into_iter().map(|parts| HeapMove {
                            heap: i,
                            from: h,
                            removed: take,
                            parts: parts.to_vec(),
                        }));
                    }
                }
            }
            _ => return Err(not_proved(h)),
        }
    }
    Ok(w)
}

/// The most work [`winning_moves`] spends on the splits into three heaps of
/// one heap past the table: the classes' walks, the smallest parts below
/// the period's start looked at one by one, and those looked at to list
/// the first splits.
pub const MAX_THREE_PART_WORK: u64 = 400_000_000;

/// Refuses a code whose splits into three parts would take more than
/// [`MAX_THREE_PART_WORK`] to count, whatever the heap: a long preperiod
/// or period.
fn three_part_cost(
    code: &crate::ruleset::TakeAndBreak,
    h: u64,
    (e, p, _): (u64, u64, u64),
) -> Result<()> {
    if code.max_heaps_left() < 3 {
        return Ok(());
    }
    let start = e.saturating_add(p);
    let each = start.saturating_add(p.saturating_mul(65));
    let work = p
        .saturating_mul(p)
        .saturating_mul(three_parts::STEPS_PER_CLASS)
        .saturating_add((h / 3).min(start).saturating_mul(each));
    if work > MAX_THREE_PART_WORK {
        return Err(Error::new(
            crate::ErrorKind::TooLarge,
            format!(
                "counting the winning splits of a heap of {h} into three heaps would take about {work} steps for a period of {p} from {e}, past {MAX_THREE_PART_WORK}; give a heap within the values computed"
            ),
        ));
    }
    Ok(())
}

/// The splits of `rest` into three heaps `a <= b <= c` whose values XOR to
/// `want`: how many there are, and the first `room` in increasing order of
/// `a`, then `b`.
///
/// Smallest parts below `start = e + p` are looked at one by one
/// ([`pairs`]); from there on every part is past the preperiod and the
/// splits are counted class by class ([`three_parts::count_past_start`]).
/// The list goes on one smallest part at a time while it has room, within
/// [`MAX_THREE_PART_WORK`]: where winning splits lie further apart than
/// that, fewer than `room` are listed, the first ones still.
fn three_parts(
    values: &PeriodicValues,
    rest: u64,
    pattern: (u64, u64, u64),
    want: u64,
    room: usize,
) -> Result<(u128, Vec<[u64; 3]>)> {
    let (e, p, s) = pattern;
    if s != 0 && !s.is_power_of_two() {
        return Err(Error::input(format!(
            "winning splits past the table need a saltus that is a power of two, not {s}"
        )));
    }
    let start = e.saturating_add(p);
    let mut count = 0u128;
    let mut list = Vec::new();
    let smallest = |a: u64, room: usize| -> Result<(u128, Vec<[u64; 3]>)> {
        let m = rest - a;
        let want = want ^ values.get(a)?.value();
        let (count, list) = pairs(values, m, (a, m / 2), pattern, want, room)?;
        Ok((count, list.into_iter().map(|b| [a, b, m - b]).collect()))
    };
    for a in 1..=(rest / 3).min(start.saturating_sub(1)) {
        let (n, found) = smallest(a, room - list.len())?;
        count += n;
        list.extend(found);
    }
    let mut firsts = Vec::with_capacity(p as usize);
    for r in 0..p {
        firsts.push(values.get(start + r)?.value());
    }
    count += three_parts::count_past_start(&|n| firsts[(n - start) as usize], rest, start, p, s, want)
        .ok_or_else(|| {
            Error::new(
                crate::ErrorKind::TooLarge,
                format!("the splits of a heap of {rest} into three heaps are too many to count in 128 bits; give a smaller heap"),
            )
        })?;
    let each = start.saturating_add(p.saturating_mul(65)).max(1);
    let mut a = start;
    let mut spent = 0u64;
    while list.len() < room && a <= rest / 3 && spent <= MAX_THREE_PART_WORK {
        let (_, found) = smallest(a, room - list.len())?;
        list.extend(found);
        spent = spent.saturating_add(each);
        a += 1;
    }
    Ok((count, list))
}

/// The pairs `b + (m − b) = m` with `lo <= b <= hi` (and `hi <= m / 2`)
/// whose values XOR to `want`: how many there are, and the first `room`
/// values of `b` in increasing order.
///
/// Below `e + p` each `b` is looked at. From there on both parts are past
/// the preperiod, and within one class of `b` modulo `p` the two values are
/// `u + s·i` and `v − s·i`. With `s = 0` the class has one value. With `s`
/// a power of two the low bits are fixed, and the high parts `x = x0 + i`
/// and `y = T − x` have `x ^ y = z` exactly when `A = (T − z) / 2` is a
/// whole number with `A & z = 0` and `x = A | S` for a submask `S` of `z`
/// (as `x + y = (x ^ y) + 2·(x & y)`): the count is that of submasks in a
/// range, read bit by bit.
fn pairs(
    values: &PeriodicValues,
    m: u64,
    (lo, hi): (u64, u64),
    (e, period, s): (u64, u64, u64),
    want: u64,
    room: usize,
) -> Result<(u128, Vec<u64>)> {
    let f = |n: u64| -> Result<u64> { Ok(values.get(n)?.value()) };
    let mut count = 0u128;
    let mut list = Vec::new();
    if lo > hi {
        return Ok((0, list));
    }
    let start = lo.max(e.saturating_add(period));
    for b in lo..=hi.min(start.saturating_sub(1)) {
        if f(b)? ^ f(m - b)? == want {
            count += 1;
            if list.len() < room {
                list.push(b);
            }
        }
    }
    if start > hi {
        return Ok((count, list));
    }
    if s != 0 && !s.is_power_of_two() {
        return Err(Error::input(format!(
            "winning splits past the table need a saltus that is a power of two, not {s}"
        )));
    }
    let shift = s.trailing_zeros();
    let mut found: Vec<u64> = Vec::new();
    for r in 0..period {
        let b0 = start + r;
        if b0 > hi {
            break;
        }
        let last = (hi - b0) / period;
        let (u, v) = (f(b0)?, f(m - b0)?);
        if s == 0 {
            if u ^ v == want {
                count += u128::from(last) + 1;
                found.extend((0..=last).take(room).map(|i| b0 + i * period));
            }
            continue;
        }
        let low = s - 1;
        if (u & low) ^ (v & low) != want & low {
            continue;
        }
        let (x0, z) = (u >> shift, want >> shift);
        let total = x0 + (v >> shift);
        let Some(twice) = total.checked_sub(z).filter(|d| d % 2 == 0) else {
            continue;
        };
        let a = twice / 2;
        if a & z != 0 {
            continue;
        }
        // Submasks S of z with x0 <= a + S <= x0 + last.
        let Some(top) = (x0 + last).checked_sub(a) else {
            continue;
        };
        let bottom = x0.saturating_sub(a);
        let below = if bottom == 0 {
            0
        } else {
            submasks_at_most(z, bottom - 1)
        };
        count += submasks_at_most(z, top) - below;
        let mut next = least_submask_at_least(z, bottom);
        let mut listed = 0;
        while let Some(sub) = next.filter(|&sub| sub <= top && listed < room) {
            listed += 1;
            found.push(b0 + (a + sub - x0) * period);
            next = sub
                .checked_add(1)
                .and_then(|t| least_submask_at_least(z, t));
        }
    }
    found.sort_unstable();
    list.extend(found.into_iter().take(room.saturating_sub(list.len())));
    Ok((count, list))
}

/// How many submasks of `z` are at most `n`.
fn submasks_at_most(z: u64, n: u64) -> u128 {
    let mut count = 0u128;
    for i in (0..64).rev() {
        let free = 1u128 << (z & ((1u64 << i) - 1)).count_ones();
        if n >> i & 1 == 1 {
            count += free;
            if z >> i & 1 == 0 {
                return count;
            }
        }
    }
    count + 1
}

/// The least submask of `z` that is at least `t`: `t` itself if it is one,
/// else `t`'s bits above the lowest place `i` past every bit of `t`
/// outside `z` where `z` has a 1 and `t` a 0, with bit `i` set.
fn least_submask_at_least(z: u64, t: u64) -> Option<u64> {
    let outside = t & !z;
    if outside == 0 {
        return Some(t);
    }
    let high = 63 - outside.leading_zeros();
    (high + 1..64)
        .find(|&i| z >> i & 1 == 1 && t >> i & 1 == 0)
        .map(|i| {
            let above = if i == 63 {
                0
            } else {
                (t >> (i + 1)) << (i + 1)
            };
            above | (1u64 << i)
        })
}

fn not_proved(h: u64) -> Error {
    Error::input(format!(
        "heap {h} is past the values computed and no period is proved for this game; give smaller heaps"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::period;
    use proptest::prelude::*;

    /// The naive twin of [`three_parts`]' count: every smallest part looked
    /// at, its pairs counted by [`pairs`].
    fn by_smallest_part(
        values: &PeriodicValues,
        rest: u64,
        pattern: (u64, u64, u64),
        want: u64,
    ) -> u128 {
        let mut count = 0;
        for a in 1..=rest / 3 {
            let m = rest - a;
            let want = want ^ values.get(a).unwrap().value();
            count += pairs(values, m, (a, m / 2), pattern, want, 0).unwrap().0;
        }
        count
    }

    /// The codes whose arithmetic period the mirror theorem proves.
    const MIRRORED: [&str; 10] = [
        "0.8a", "0.8b", "0.8e", "0.8f", "0.c9", "0.ca", "0.cb", "0.cd", "0.ce", "0.cf",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Far past any table a naive enumeration could fill: the classes'
        /// count against the smallest parts looked at one by one.
        #[test]
        fn three_part_splits_by_class_agree_with_every_smallest_part(
            spec in prop::sample::select(MIRRORED.to_vec()),
            rest in 0u64..60_000,
            want in 0u64..64,
            far in any::<bool>(),
        ) {
            // Small values, or as large as the parts' own.
            let want = if far { want * (rest / 64 + 1) } else { want };
            let r: Ruleset = spec.parse().unwrap();
            let (v, t) = period::find(&r, 3000, Default::default(), &mut crate::values::silent).unwrap();
            let values = PeriodicValues::new(t, v);
            let p = values.proved().unwrap();
            let pattern = (p.preperiod, p.period, p.saltus);
            let (count, list) = three_parts(&values, rest, pattern, want, 5).unwrap();
            prop_assert_eq!(count, by_smallest_part(&values, rest, pattern, want));
            prop_assert!(list.len() as u128 == count.min(5));
            for [a, b, c] in list {
                prop_assert!(a <= b && b <= c && a + b + c == rest && a > 0);
                let x = values.get(a).unwrap() + values.get(b).unwrap() + values.get(c).unwrap();
                prop_assert_eq!(x.value(), want);
            }
        }
    }

    #[test]
    fn a_heap_of_a_billion_of_0_8f_is_answered_with_its_first_moves() {
        let r: Ruleset = "0.8f".parse().unwrap();
        let (v, t) =
            period::find(&r, 3000, Default::default(), &mut crate::values::silent).unwrap();
        let values = PeriodicValues::new(t, v);
        let h = 1_000_000_000;
        let w = winning_moves(&r, &values, &[h], 4).unwrap();
        assert!(!w.value.is_zero());
        assert!(w.total > 0 && w.listed.len() == 4, "{w:?}");
        for mv in &w.listed {
            let x = mv
                .parts
                .iter()
                .fold(Nimber::ZERO, |x, &part| x + values.get(part).unwrap());
            assert!(x.is_zero(), "{mv:?}");
        }
    }
}
