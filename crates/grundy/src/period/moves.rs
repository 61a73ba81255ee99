//! Winning moves in heaps of any size, from a proved period.
//!
//! A heap of 10^18 in a splitting game has about 5·10^17 options, far too
//! many to list. With a proved period `p` from `e`, though, the value of a
//! split `a + b = rest` with both parts at least `e` depends only on
//! `a mod p`; so the options fall into at most `p` classes, each of one value,
//! and the winning ones can be *counted* class by class and *listed* in
//! increasing order of the smaller part up to a limit.

use crate::error::{Error, Result};
use crate::nimber::Nimber;
use crate::period::PeriodicValues;
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
/// [`TooLarge`](crate::ErrorKind::TooLarge) if a heap within them may have
/// more than [`MAX_OPTIONS_LISTED`](crate::sum::MAX_OPTIONS_LISTED) moves.
///
/// # Complexity
/// Per heap past the table: O(|S|) for subtraction games, O(1) for nim, and
/// O(t · (e + p) + p · limit) for take-and-break codes of `t` digits.
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
            Ruleset::TakeAndBreak(code) if code.max_heaps_left() <= 2 => {
                let p = values.proved().ok_or_else(|| not_proved(h))?;
                let (e, period) = (p.preperiod, p.period);
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
                    if d & 4 != 0 {
                        let room = limit.saturating_sub(w.listed.len());
                        let (count, list) = splits(values, rest, (e, period), target, room)?;
                        w.total += count;
                        w.listed.extend(list.into_iter().map(|a| HeapMove {
                            heap: i,
                            from: h,
                            removed: take,
                            parts: vec![a, rest - a],
                        }));
                    }
                }
            }
            _ => return Err(not_proved(h)),
        }
    }
    Ok(w)
}

/// The splits `a + (rest − a)`, `1 <= a <= rest / 2`, of value `target`:
/// how many there are, and the first `room` values of `a`. The small `a` are
/// looked at one by one, the rest class by class modulo the period.
fn splits(
    values: &PeriodicValues,
    rest: u64,
    (e, period): (u64, u64),
    target: Nimber,
    room: usize,
) -> Result<(u128, Vec<u64>)> {
    let half = rest / 2;
    let split_value = |a: u64| -> Result<Nimber> { Ok(values.get(a)? + values.get(rest - a)?) };
    let mut count = 0u128;
    let mut list = Vec::new();
    // Below `low` a part may lie in the preperiod: look at each split.
    let low = (e + period).max(1);
    for a in 1..=half.min(low - 1) {
        if split_value(a)? == target {
            count += 1;
            if list.len() < room {
                list.push(a);
            }
        }
    }
    if half < low {
        return Ok((count, list));
    }
    // From `low` on both parts are past the preperiod (rest − a >= a >= e),
    // so the value of the split depends only on a mod p.
    let span = half - low + 1;
    let mut winning = Vec::new();
    for r in 0..period.min(span) {
        if split_value(low + r)? == target {
            winning.push(r);
            count += u128::from((span - 1 - r) / period + 1);
        }
    }
    let mut block = 0u64;
    'list: while list.len() < room && !winning.is_empty() {
        for &r in &winning {
            let a = block
                .checked_mul(period)
                .and_then(|x| x.checked_add(low + r))
                .filter(|&a| a <= half);
            let Some(a) = a else { break 'list };
            list.push(a);
            if list.len() == room {
                break 'list;
            }
        }
        block += 1;
    }
    Ok((count, list))
}

fn not_proved(h: u64) -> Error {
    Error::input(format!(
        "heap {h} is past the values computed and no period is proved for this game; give smaller heaps"
    ))
}
