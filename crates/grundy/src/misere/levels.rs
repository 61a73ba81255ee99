//! The quotient of heaps up to n when heap n splits the quotient of the
//! smaller heaps: built in *levels*, one for each number of copies of n.
//!
//! Write Q for the quotient of heaps up to n − 1 and g_j(X) for the
//! outcome of X + j·n, X a sum of heaps below n. Heap n splits Q when some
//! g_j (j ≥ 1) tells apart sums that Q identifies (0.07 at heap 25: Q_24
//! maps heap 21 and [4, 4] to one element, and [25, 21] is lost where
//! [25, 4, 4] is won). Each g_j is itself the outcome of a game on the
//! sums X alone, with *exits*: X + j·n is won when X has a move to a lost
//! sum, or when a move in one copy of n does, and the latter depends only
//! on g_(j−1) of X plus an option of n. So level j is the quotient of the
//! heaps below n for that game, built heap by heap the way the chain
//! builds Q (`Levels::adjoin` below), each step proved by the sweep of
//! [`super::counterexample`] with the exits, and refined by the elements
//! of level j − 1 so that the next level's exits can be read off. Level 0
//! is Q. When a heap m splits a level in turn (0.07: beside 25, heap 21
//! splits the smaller heaps' level by [21, 10, 10]), the same construction
//! runs one level down, for copies of m beside the game that level plays
//! (`Levels::split`): the recursion ends because the heaps get smaller.
//!
//! Once two levels i < J give the same outcomes on every sum and the same
//! image of the heaps' powers (x^J = x^i in every outer monoid), every
//! later level repeats them (each level's game is a function of the one
//! before), so the pairs (element of level J, k < J) with k read modulo the
//! period form a candidate for the heaps up to n. It is Moore-reduced and,
//! where it is the quotient, proved by the caller's sweep; nothing here is
//! trusted without that proof. Where no period shows within
//! [`MAX_LEVELS`], or a level's heap cannot be proved, there is no
//! candidate (a quotient that needs one, such as 4.76 at heap 6, may be
//! infinite: the heaps of 5 beside 6 + 3 + i·2 are told apart for every
//! count tried).
//!
//! Written from the definitions of Plambeck and Siegel (*Misère quotients
//! for impartial games*, JCTA 115 (2008)); Q_30 of 0.07 has 360 elements
//! (Siegel, on MisereSolver's candidates, miseregames.org, 2007), as found
//! here.

use std::collections::HashMap;
use std::ops::ControlFlow;

use crate::error::Result;
use crate::ruleset::Ruleset;

use super::counterexample::{Candidate, least_failure_with_exits};
use super::footprint::{self, Allowance, allocation};

/// The most levels (copies of the splitting heap) tried before giving up.
const MAX_LEVELS: usize = 16;

/// The most heaps adjoined in all levels of one split, all depths.
const MAX_STEPS: usize = 1 << 14;

/// A monoid of the sums of heaps up to some bound, each element's image
/// in the monoid one level out (`outer`).
struct Stage {
    c: Candidate,
    outer: Vec<u32>,
}

impl Stage {
    fn bytes(&self) -> u64 {
        self.c.bytes() + allocation(4 * self.outer.len())
    }
}

/// What the levels share: the game, bounds and the caller's stop.
struct Levels<'a> {
    ruleset: &'a Ruleset,
    /// The heap whose copies the outermost levels count.
    n: u64,
    max_bytes: u64,
    steps: usize,
    /// Whether some level passed [`MAX_LEVELS`] without repeating.
    drifted: bool,
    /// Bytes held by the levels and stages in progress (every split and
    /// solve), which the work they call on must leave room for.
    held: u64,
    keep_going: &'a mut dyn FnMut(u64) -> ControlFlow<()>,
}

/// What the levels came to.
#[derive(Debug)]
pub(super) enum Found {
    /// A candidate for the heaps up to n, not yet proved.
    Candidate(Candidate),
    /// Some level's copies never repeated within [`MAX_LEVELS`]: the
    /// quotient is likely infinite or far larger (4.76 at heap 6, Grundy's
    /// game at 29, 0.07 at 34; at 0.07's heap 34 refining and learning
    /// then spent minutes and found nothing either).
    NoPeriod,
    /// A level could not be proved, or the steps ran out.
    Nothing,
}

/// A candidate for the quotient of heaps up to `n` from `q` (as a
/// candidate: the quotient of heaps below n), by levels of copies of n,
/// or why there is none (see [`Found`]). The candidate is not proved
/// here.
///
/// # Errors
/// [`TooLarge`](crate::error::ErrorKind::TooLarge) when a level's tables
/// or sweeps pass `max_bytes` (with the levels and stages held, counted
/// together, [`super::footprint`]);
/// [`Interrupted`](crate::error::ErrorKind::Interrupted) when `keep_going`
/// says stop.
pub(super) fn candidate(
    q: &Candidate,
    ruleset: &Ruleset,
    n: u64,
    max_bytes: u64,
    keep_going: &mut dyn FnMut(u64) -> ControlFlow<()>,
) -> Result<Found> {
    let level0 = Stage {
        c: q.clone(),
        outer: (0..q.len() as u32).collect(),
    };
    // No game outside: no exits, and heap n's image outside is the identity.
    let mut outside = q.clone();
    outside.heaps.resize(n as usize + 1, 0);
    let no_exits = vec![false; q.len()];
    let mut levels = Levels {
        ruleset,
        n,
        max_bytes,
        steps: 0,
        drifted: false,
        held: level0.bytes() + outside.bytes() + allocation(no_exits.len()),
        keep_going,
    };
    Ok(match levels.split(&level0, &outside, &no_exits, n)? {
        Some(s) => Found::Candidate(s.c),
        None if levels.drifted => Found::NoPeriod,
        None => Found::Nothing,
    })
}

/// The error where levels never repeat (an [`Overflow`](crate::error::ErrorKind::Overflow)).
pub(super) fn no_period(n: u64) -> crate::error::Error {
    crate::error::Error::new(
        crate::error::ErrorKind::Overflow,
        format!(
            "no misère quotient was found for heap {n}: it tells apart sums of smaller heaps that the quotient up to heap {} \
             identifies, and the games with 1, 2, …, {MAX_LEVELS} copies of a heap beside the smaller heaps never repeat \
             (the quotient is infinite or far larger); the quotient up to heap {} is the last one found",
            n - 1,
            n - 1
        ),
    )
}

impl Levels<'_> {
    /// The monoid of heaps up to `top` for the game with exits `exit`
    /// (over the elements of `outer`, which it refines), each heap
    /// adjoined and proved in turn; a heap that splits is adjoined by
    /// levels ([`Levels::split`]).
    fn solve(&mut self, top: u64, outer: &Candidate, exit: &[bool]) -> Result<Option<Stage>> {
        let held = self.held;
        let found = self.solve_holding(top, outer, exit);
        self.held = held;
        found
    }

    /// [`Levels::solve`]'s work, the stages it holds counted in `held`.
    fn solve_holding(
        &mut self,
        top: u64,
        outer: &Candidate,
        exit: &[bool],
    ) -> Result<Option<Stage>> {
        let base = self.held;
        let mut s = Stage {
            c: Candidate {
                product: vec![vec![0]],
                lost: vec![!exit[0]],
                heaps: vec![0],
            },
            outer: vec![0],
        };
        for m in 1..=top {
            if !self.ruleset.has_move(m) {
                s.c.heaps.push(0);
                continue;
            }
            self.steps += 1;
            if self.steps > MAX_STEPS {
                return Ok(None);
            }
            if (self.keep_going)(self.held).is_break() {
                return Err(super::learn::stopped_learning(self.n));
            }
            self.held = base + s.bytes();
            let t = self.adjoin(&s, outer, exit, m)?;
            let t = if self.proved(&t, exit, m)? {
                t
            } else {
                drop(t);
                match self.split(&s, outer, exit, m)? {
                    Some(t) if self.proved(&t, exit, m)? => t,
                    _ => return Ok(None),
                }
            };
            s = t;
        }
        Ok(Some(s))
    }

    /// Whether the sweep proves `t` for the game with exits `exit`, with
    /// what `t` and the stages held leave of the bound.
    fn proved(&mut self, t: &Stage, exit: &[bool], m: u64) -> Result<bool> {
        let exits: Vec<bool> = t.outer.iter().map(|&b| exit[b as usize]).collect();
        let held = self.held + t.bytes();
        let left = footprint::left(self.max_bytes, held);
        let keep_going = &mut self.keep_going;
        let mut tell = |b| keep_going(held + b);
        let allowance = Allowance::telling(left, &mut tell);
        Ok(least_failure_with_exits(&t.c, Some(&exits), self.ruleset, m, allowance)?.is_none())
    }

    /// Heap m adjoined to `s` (heaps below m) for the game with exits: the
    /// outcome of each element's least sum plus k copies of m, from its
    /// options, k = 0, 1, … until the column and the outer image repeat;
    /// then the product, Moore-reduced.
    fn adjoin(&self, s: &Stage, outer: &Candidate, exit: &[bool], m: u64) -> Result<Stage> {
        let ruleset = self.ruleset;
        let below: Vec<u64> = (1..m).filter(|&h| ruleset.has_move(h)).collect();
        let order = least_sums(&s.c, &below);
        let size = s.c.len();
        let x = outer.heaps[m as usize];
        let options_of_m: Vec<u32> = super::moving_options(ruleset, m)
            .iter()
            .map(|o| s.c.image(o))
            .collect();
        // For each heap below m, the images of its options; then, for each
        // element in order, the elements its least sum moves to within the
        // heaps below m (the rest of the sum times an option's image: each
        // has a least sum that comes earlier, as this option does). They
        // are the same for every number of copies of m, so made once.
        let options: HashMap<u64, Vec<u32>> = below
            .iter()
            .map(|&h| {
                let images = super::moving_options(ruleset, h)
                    .iter()
                    .map(|o| s.c.image(o))
                    .collect();
                (h, images)
            })
            .collect();
        // The moves' bytes, refused before they are made.
        let moves_bytes = allocation(32 * order.len())
            + order
                .iter()
                .map(|(_, sum)| {
                    // Each heap of the sum once (it is sorted).
                    let targets = sum
                        .iter()
                        .enumerate()
                        .filter(|&(i, h)| i == 0 || sum[i - 1] != *h)
                        .map(|(_, h)| options[h].len())
                        .sum::<usize>();
                    allocation(4 * targets)
                })
                .sum::<u64>();
        let sums_bytes = allocation(32 * order.len())
            + order
                .iter()
                .map(|(_, sum)| allocation(8 * sum.len()))
                .sum::<u64>();
        let held = sums_bytes + moves_bytes;
        let left = footprint::left(self.max_bytes, self.held);
        if held > left {
            return Err(footprint::too_large(
                &format!("a level of the misère quotient for heap {}", self.n),
                left,
            ));
        }
        let moves: Vec<(usize, Vec<u32>)> = order
            .iter()
            .map(|(e, sum)| {
                let mut heaps = sum.clone();
                heaps.dedup();
                let to = heaps
                    .iter()
                    .flat_map(|&h| {
                        let at = sum.iter().position(|&y| y == h).expect("present");
                        let r = s.c.image(&[&sum[..at], &sum[at + 1..]].concat());
                        options[&h].iter().map(move |&o| (r, o))
                    })
                    .map(|(r, o)| s.c.multiply(r, o))
                    .collect();
                (*e as usize, to)
            })
            .collect();
        let mut columns: Vec<Vec<bool>> = Vec::new();
        let mut powers: Vec<u32> = Vec::new();
        let (index, len) = loop {
            let k = columns.len();
            let power = if k == 0 {
                0
            } else {
                outer.multiply(powers[k - 1], x)
            };
            let mut column = vec![false; size];
            for (e, to) in &moves {
                let e = *e;
                column[e] = !exit[outer.multiply(s.outer[e], power) as usize]
                    && (k == 0
                        || !options_of_m
                            .iter()
                            .any(|&o| columns[k - 1][s.c.multiply(e as u32, o) as usize]))
                    && !to.iter().any(|&t| column[t as usize]);
            }
            if let Some(i) = (0..k).find(|&i| columns[i] == column && powers[i] == power) {
                break (i, k);
            }
            columns.push(column);
            powers.push(power);
        };
        let images: Vec<u32> = s.c.heaps.clone();
        let held = held + columns.len() as u64 * allocation(size);
        self.product(
            &s.c,
            &images,
            (index, len),
            |e, k| columns[k][e as usize],
            |e, k| outer.multiply(s.outer[e as usize], powers[k]),
            m,
            held,
        )
    }

    /// Heap m splits `s` (heaps below m, for the game with exits `exit`
    /// over `outer`): level k plays with k copies of m beside, its exits
    /// read from level k − 1, until two levels agree.
    fn split(
        &mut self,
        s: &Stage,
        outer: &Candidate,
        exit: &[bool],
        m: u64,
    ) -> Result<Option<Stage>> {
        let held = self.held;
        let found = self.levels(s, outer, exit, m);
        self.held = held;
        found
    }

    /// [`Levels::split`]'s work, the levels it holds counted in `held`.
    fn levels(
        &mut self,
        s: &Stage,
        outer: &Candidate,
        exit: &[bool],
        m: u64,
    ) -> Result<Option<Stage>> {
        let mut levels: Vec<Stage> = vec![Stage {
            c: s.c.clone(),
            outer: s.outer.clone(),
        }];
        self.held += levels[0].bytes();
        let x = outer.heaps[m as usize];
        let mut powers = vec![0u32];
        let options_of_m = super::moving_options(self.ruleset, m);
        // Level j's element e, mapped down to level i (i ≤ j) or, with
        // `None`, to `outer`.
        fn down(levels: &[Stage], j: usize, to: Option<usize>, e: u32) -> u32 {
            let stop = to.map_or(0, |i| i + 1);
            (stop..=j).rev().fold(e, |x, l| levels[l].outer[x as usize])
        }
        let (index, len) = loop {
            let k = levels.len();
            if k > MAX_LEVELS {
                self.drifted = true;
                return Ok(None);
            }
            let before = &levels[k - 1];
            let power = outer.multiply(powers[k - 1], x);
            let options: Vec<u32> = options_of_m.iter().map(|o| before.c.image(o)).collect();
            let exits: Vec<bool> = (0..before.c.len() as u32)
                .map(|e| {
                    exit[outer.multiply(down(&levels, k - 1, None, e), power) as usize]
                        || options
                            .iter()
                            .any(|&o| before.c.lost[before.c.multiply(e, o) as usize])
                })
                .collect();
            let Some(level) = self.solve(m - 1, &levels[k - 1].c, &exits)? else {
                return Ok(None);
            };
            self.held += level.bytes();
            levels.push(level);
            powers.push(power);
            let size = levels[k].c.len() as u32;
            let outcome =
                |i: usize, e: u32| levels[i].c.lost[down(&levels, k, Some(i), e) as usize];
            if let Some(i) = (0..k)
                .find(|&i| powers[i] == power && (0..size).all(|e| outcome(i, e) == outcome(k, e)))
            {
                break (i, k);
            }
        };
        let top = &levels[len];
        let mut images = top.c.heaps.clone();
        images.truncate(m as usize);
        self.product(
            &top.c,
            &images,
            (index, len),
            |e, k| levels[k].c.lost[down(&levels, len, Some(k), e) as usize],
            |e, k| outer.multiply(down(&levels, len, None, e), powers[k]),
            m,
            0,
        )
        .map(Some)
    }

    /// The pairs (e, k), e of `c` and k < len with x^len = x^index, heap m
    /// as (1, 1) and the heaps below as `images` (e, 0); lost and outer
    /// image as given; Moore-reduced by both under the heaps up to m.
    /// Refused before it is built where its tables pass what the levels
    /// held and the caller's `also_held` bytes leave of the bound.
    #[allow(clippy::too_many_arguments)]
    fn product(
        &self,
        c: &Candidate,
        images: &[u32],
        (index, len): (usize, usize),
        lost: impl Fn(u32, usize) -> bool,
        outer: impl Fn(u32, usize) -> u32,
        m: u64,
        also_held: u64,
    ) -> Result<Stage> {
        let total = c.len() * len;
        let letters = (1..=m).filter(|&h| self.ruleset.has_move(h)).count();
        super::construction::check_size(
            m,
            total,
            product_bytes(total, letters, images.len() + 1),
            footprint::left(self.max_bytes, self.held + also_held),
        )?;
        let fold = |k: usize| {
            if k < len {
                k
            } else {
                index + (k - index) % (len - index)
            }
        };
        let id = |e: u32, k: usize| e * len as u32 + k as u32;
        let product: Vec<Vec<u32>> = (0..total)
            .map(|a| {
                (0..total)
                    .map(|b| {
                        let (e, k, f, l) = (a / len, a % len, b / len, b % len);
                        id(c.multiply(e as u32, f as u32), fold(k + l))
                    })
                    .collect()
            })
            .collect();
        let mut heaps: Vec<u32> = images.iter().map(|&e| id(e, 0)).collect();
        heaps.push(id(0, fold(1)));
        let full = Candidate {
            lost: (0..total)
                .map(|a| lost((a / len) as u32, a % len))
                .collect(),
            product,
            heaps,
        };
        let outer: Vec<u32> = (0..total)
            .map(|a| outer((a / len) as u32, a % len))
            .collect();
        Ok(reduce(&full, &outer, self.ruleset, m))
    }
}

/// The most bytes [`Levels::product`] allocates for `total` elements
/// reduced under `letters` heaps, with images of `heaps` heaps: the full
/// table and its outer images, and [`reduce`]'s work and result (at most
/// as many elements).
fn product_bytes(total: usize, letters: usize, heaps: usize) -> u64 {
    2 * footprint::candidate(total, heaps)
        + 2 * allocation(4 * total)
        + allocation(4 * letters)
        + allocation(4 * total)
        + footprint::hash_table_peak::<(bool, u32), u32>(total)
        + footprint::coarsest(total, letters)
        + allocation(8 * total)
}

/// `c` with the elements that no sum of heaps up to m tells apart, by
/// outcome or by outer image, merged.
fn reduce(c: &Candidate, outer: &[u32], ruleset: &Ruleset, m: u64) -> Stage {
    let letters: Vec<u32> = (1..=m)
        .filter(|&h| ruleset.has_move(h))
        .map(|h| c.heaps[h as usize])
        .collect();
    let mut ids: HashMap<(bool, u32), u32> = HashMap::new();
    let initial: Vec<u32> = (0..c.len())
        .map(|e| {
            let fresh = ids.len() as u32;
            *ids.entry((c.lost[e], outer[e])).or_insert(fresh)
        })
        .collect();
    let class = super::moore::coarsest(&initial, letters.len(), |e, j| {
        c.multiply(e as u32, letters[j]) as usize
    });
    let (first, product) = super::moore::class_table(&class, |a, b| c.multiply(a, b));
    Stage {
        c: Candidate {
            product,
            lost: first.iter().map(|&a| c.lost[a]).collect(),
            heaps: c.heaps.iter().map(|&h| class[h as usize]).collect(),
        },
        outer: first.iter().map(|&a| outer[a]).collect(),
    }
}

/// Each element of `c` reached by sums of `heaps` (ascending) with its
/// least sum (sorted from the largest heap down) in the order of
/// [`super::counterexample`] (copies of the largest heap first), the
/// elements in that order: a sum's options come before it.
fn least_sums(c: &Candidate, heaps: &[u64]) -> Vec<(u32, Vec<u64>)> {
    let size = c.len();
    let mut layer: Vec<u32> = vec![0];
    let mut sums: Vec<Option<Vec<u64>>> = vec![None; size];
    sums[0] = Some(Vec::new());
    for &h in heaps {
        // The distinct powers of h's image; a larger exponent reaching one
        // of them again is never least.
        let x = c.heaps[h as usize];
        let mut powers = vec![0u32];
        let mut seen = vec![false; size];
        seen[0] = true;
        loop {
            let p = c.multiply(*powers.last().expect("1"), x);
            if seen[p as usize] {
                break;
            }
            seen[p as usize] = true;
            powers.push(p);
        }
        let mut next: Vec<Option<Vec<u64>>> = vec![None; size];
        let mut next_layer = Vec::new();
        for (k, &p) in powers.iter().enumerate() {
            for &e in &layer {
                let t = c.multiply(p, e) as usize;
                if next[t].is_none() {
                    let mut sum = vec![h; k];
                    sum.extend(sums[e as usize].as_deref().expect("reached"));
                    next[t] = Some(sum);
                    next_layer.push(t as u32);
                }
            }
        }
        layer = next_layer;
        sums = next;
    }
    layer
        .into_iter()
        .map(|e| (e, sums[e as usize].take().expect("reached")))
        .collect()
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use proptest::prelude::*;

    use super::super::counterexample::{Candidate, least_failure};
    use super::super::learn::to_quotient_with;
    use super::super::quotient::Quotient;
    use super::{Found, candidate};
    use crate::ruleset::Ruleset;

    const MEMO: u64 = 1 << 26;

    /// The quotient of heaps up to n by levels, where the sweep proves it.
    fn by_levels(game: &Ruleset, n: u64) -> Option<Quotient> {
        let below = Quotient::compute(game, n - 1, MEMO).ok()?;
        let Ok(Found::Candidate(c)) =
            candidate(&Candidate::of_quotient(&below), game, n, MEMO, &mut |_| {
                ControlFlow::Continue(())
            })
        else {
            return None;
        };
        least_failure(&c, game, n, MEMO)
            .unwrap()
            .is_none()
            .then(|| to_quotient_with(&c, n))
    }

    /// Every sum of up to three heaps up to `max`, as outcomes.
    fn outcomes(q: &Quotient, max: u64) -> Vec<bool> {
        let mut all = Vec::new();
        for a in 0..=max {
            for b in a..=max {
                for c in b..=max {
                    let sum: Vec<u64> = [a, b, c].into_iter().filter(|&h| h > 0).collect();
                    all.push(q.outcome(&sum).unwrap().next_player_wins());
                }
            }
        }
        all
    }

    /// Heap 10 of 0.07 splits Q_9: levels of copies of 10 (two, then the
    /// game repeats) give the chain's 12-element quotient.
    #[test]
    fn dawson_heap_ten_by_levels_is_the_chains_quotient() {
        let game: Ruleset = "0.07".parse().unwrap();
        let q = by_levels(&game, 10).expect("proved");
        let chain = Quotient::compute(&game, 10, MEMO).unwrap();
        assert_eq!(q.len(), 12);
        assert_eq!(q.len(), chain.len());
        assert_eq!(q.p_portion().len(), chain.p_portion().len());
        assert_eq!(outcomes(&q, 10), outcomes(&chain, 10));
    }

    /// The levels for heap 25 of 0.07 under `max_bytes`, asked to stop
    /// when `stop`: the error they end with.
    fn dawson_25_error(max_bytes: u64, stop: bool) -> crate::error::ErrorKind {
        let game: Ruleset = "0.07".parse().unwrap();
        let below = Quotient::compute(&game, 24, MEMO).unwrap();
        let mut keep_going = |_| {
            if stop {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let found = candidate(
            &Candidate::of_quotient(&below),
            &game,
            25,
            max_bytes,
            &mut keep_going,
        );
        found.expect_err("an error").kind()
    }

    /// With a small memory bound, the levels' tables are refused before
    /// they are built; the caller's stop ends the levels.
    #[test]
    fn levels_past_the_memory_bound_or_asked_to_stop_end_with_an_error() {
        use crate::error::ErrorKind;
        assert_eq!(dawson_25_error(1 << 12, false), ErrorKind::TooLarge);
        assert_eq!(dawson_25_error(MEMO, true), ErrorKind::Interrupted);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// For random codes and heaps n up to 12: a quotient found by
        /// levels is the chain's (same order, P-portion and outcome of
        /// every sum of up to three heaps up to n), and levels find one
        /// wherever the chain does. Where n does not split, the chain
        /// adjoins it by its columns, a construction of its own; where it
        /// splits, the chain's answer is the levels', and the twin is the
        /// judge (`tests/it/misere_limits.rs`, `misere_published.rs`).
        #[test]
        fn levels_agree_with_the_chain(game in super::super::random_code(), n in 2u64..=12) {
            prop_assume!(game.has_move(n));
            let chain = Quotient::compute(&game, n, MEMO);
            let levels = by_levels(&game, n);
            if let (Ok(chain), Some(levels)) = (&chain, &levels) {
                prop_assert_eq!(levels.len(), chain.len());
                prop_assert_eq!(levels.p_portion().len(), chain.p_portion().len());
                prop_assert_eq!(outcomes(levels, n), outcomes(chain, n));
            }
            if let Ok(chain) = &chain {
                // Where the quotient is finite and small, its levels repeat
                // within a few copies: found here whenever the chain finds it.
                prop_assert!(levels.is_some(), "{} to {}: the chain found {} elements", game, n, chain.len());
            }
        }
    }
}
