//! The least sum that a candidate quotient gets wrong, or a proof that it
//! gets none wrong: the verification theorem of Plambeck and Siegel
//! (*Misère quotients for impartial games*, JCTA 115 (2008), the check that
//! a candidate's P-portion is consistent with every sum's options), run as
//! the sweep of [`super::sweep`] over any finite commutative monoid, with
//! both conditions in one pass, so that it can also say *where* a candidate
//! first fails.
//!
//! Order sums by their exponents (e_n, e_(n−1), …, e_1), the copies of the
//! largest heap first, lexicographically. An option replaces a heap h by
//! smaller heaps, which lowers e_h and leaves every larger heap's exponent
//! alone: options are smaller, and the order is well founded. A candidate
//! (M, P, Φ) fails at U when Φ(U) ∈ P and some option U′ has Φ(U′) ∈ P, or
//! Φ(U) ∉ P and no option has (a sum with no move, the empty sum, counts:
//! Φ(∅) ∈ P is a failure). If U is the *least* sum where it fails, every
//! sum below U is predicted right (induction), in particular U's options,
//! so U's true outcome is known (lost exactly when no option is predicted
//! lost) and differs from the candidate's: U is an exact counterexample, and
//! every sum below it an exact answer.
//!
//! The sweep takes the heaps with a move from n down to 1, one *kind* per
//! heap (not merged, so that the order of the sweep is the order of sums),
//! and the exponents of each from 0 up; states are kept in the order they
//! are first reached, so the first state of the last layer that fails is
//! reached by the least sum (a state's first path is its least: the paths
//! into a layer are made in increasing order). Past the power x^E of a
//! heap's image equal to an earlier x^j, exponent e reads as e − (E − j):
//! a failing sum with a larger exponent gives a smaller failing sum, so the
//! least one is among those swept. The state of a partial sum is
//! (Φ, whether it holds a heap, Z) with Z the set of products z of the heaps
//! still to come at which every heap present is *stuck* (no move in it leaves
//! a lost image); see [`super::sweep`]. Unlike there, states with Z empty are
//! kept: they still fail when their image ends in P.

use std::collections::HashMap;

use crate::error::Error;
use crate::ruleset::Ruleset;

use super::footprint::{Allowance, allocation, hash_table_peak};
use super::sweep::{MAX_STATES, too_many_states};

/// A finite commutative monoid with a P-portion and an image for each heap
/// 0..=n: a candidate quotient of the sums of heaps up to n. Element 0 is
/// the identity.
#[derive(Clone, Debug)]
pub(super) struct Candidate {
    pub product: Vec<Vec<u32>>,
    pub lost: Vec<bool>,
    pub heaps: Vec<u32>,
}

impl Candidate {
    /// A quotient read as a candidate (its table, P-portion and heaps).
    pub fn of_quotient(q: &super::quotient::Quotient) -> Candidate {
        Candidate {
            product: q.rows().to_vec(),
            lost: (0..q.len() as u32).map(|a| q.is_lost(a)).collect(),
            heaps: q.heap_elements().to_vec(),
        }
    }

    pub fn len(&self) -> usize {
        self.lost.len()
    }

    pub fn multiply(&self, a: u32, b: u32) -> u32 {
        self.product[a as usize][b as usize]
    }

    /// The image of a sum of heaps up to n.
    pub fn image(&self, heaps: &[u64]) -> u32 {
        heaps
            .iter()
            .fold(0, |acc, &h| self.multiply(acc, self.heaps[h as usize]))
    }
}

/// Whether sum `u` comes before `v` in the order of the module
/// documentation; both sorted from the largest heap down.
pub(super) fn precedes(u: &[u64], v: &[u64]) -> bool {
    for (a, b) in u.iter().zip(v) {
        if a != b {
            return a < b;
        }
    }
    u.len() < v.len()
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct State {
    a: u32,
    moved: bool,
    z: Vec<u64>,
}

/// The least sum of heaps up to `n` (sorted from the largest down) whose
/// outcome `m` gets wrong, or `None` when it gets every outcome right.
///
/// # Errors
/// [`TooLarge`](crate::ErrorKind::TooLarge) past [`MAX_STATES`] states at one
/// step or the allowance's bytes of states in all (told to its caller as
/// they grow: [`Allowance`]); [`Interrupted`](crate::error::ErrorKind::Interrupted)
/// when the caller says stop.
pub(super) fn least_failure<'a>(
    m: &Candidate,
    ruleset: &Ruleset,
    n: u64,
    allowance: impl Into<Allowance<'a>>,
) -> Result<Option<Vec<u64>>, Error> {
    least_failure_with_exits(m, None, ruleset, n, allowance)
}

/// As [`least_failure`], for the game where a sum whose element has an
/// *exit* is won whatever its heaps allow (a move outside the sums of
/// heaps up to n wins: see [`super::levels`]) and every other sum is lost
/// exactly when no option is lost, the empty sum included. With `None`,
/// misère play: the empty sum, with no move, is won.
///
/// # Errors
/// As [`least_failure`].
pub(super) fn least_failure_with_exits<'a>(
    m: &Candidate,
    exits: Option<&[bool]>,
    ruleset: &Ruleset,
    n: u64,
    allowance: impl Into<Allowance<'a>>,
) -> Result<Option<Vec<u64>>, Error> {
    let mut allowance = allowance.into();
    let max_bytes = allowance.max_bytes;
    let size = m.len();
    // One kind per heap with a move, the largest first.
    let heaps: Vec<u64> = (1..=n).rev().filter(|&h| ruleset.has_move(h)).collect();
    let stuck: Vec<Vec<bool>> = heaps
        .iter()
        .map(|&h| {
            let mut options: Vec<u32> = ruleset
                .options(h)
                .iter()
                .map(|o| m.image(&o.parts))
                .collect();
            options.sort_unstable();
            options.dedup();
            (0..size as u32)
                .map(|y| options.iter().all(|&o| !m.lost[m.multiply(y, o) as usize]))
                .collect()
        })
        .collect();
    // R_t: the submonoid generated by the images of heaps t.. .
    let mut remaining: Vec<(Vec<u32>, Vec<u32>)> = Vec::with_capacity(heaps.len() + 1);
    let mut elements = vec![0u32];
    let positions = |elements: &[u32]| {
        let mut position = vec![u32::MAX; size];
        for (i, &e) in elements.iter().enumerate() {
            position[e as usize] = i as u32;
        }
        position
    };
    for &h in heaps.iter().rev() {
        remaining.push((elements.clone(), positions(&elements)));
        let x = m.heaps[h as usize];
        let mut member = vec![false; size];
        for &e in &elements {
            member[e as usize] = true;
        }
        let mut i = 0;
        while i < elements.len() {
            let y = m.multiply(elements[i], x);
            if !member[y as usize] {
                member[y as usize] = true;
                elements.push(y);
            }
            i += 1;
        }
    }
    remaining.push((elements.clone(), positions(&elements)));
    remaining.reverse();

    let words = |count: usize| count.div_ceil(64);
    let mut ones = vec![u64::MAX; words(remaining[0].0.len())];
    if !remaining[0].0.len().is_multiple_of(64) {
        *ones.last_mut().expect("a word") = (1u64 << (remaining[0].0.len() % 64)) - 1;
    }
    let mut states = vec![State {
        a: 0,
        moved: false,
        z: ones,
    }];
    let mut parents: Vec<Vec<(u32, u16)>> = Vec::with_capacity(heaps.len());
    // Held throughout: each kind's stuck elements, the sets of products
    // and the layers' parents as they are done (see [`super::footprint`]);
    // then the layer before, while the next is made.
    let mut bytes: u64 = stuck.iter().map(|s| allocation(s.len())).sum::<u64>()
        + remaining
            .iter()
            .map(|(e, p)| allocation(4 * e.len()) + allocation(4 * p.len()))
            .sum::<u64>();
    let mut before_bytes: u64 = 0;
    for (t, &h) in heaps.iter().enumerate() {
        let (here, next) = (&remaining[t], &remaining[t + 1]);
        let x = m.heaps[h as usize];
        let mut powers = vec![0u32];
        loop {
            let p = m.multiply(*powers.last().expect("1"), x);
            let repeat = powers.contains(&p);
            powers.push(p);
            if repeat {
                break;
            }
        }
        let shift: Vec<Vec<u32>> = powers
            .iter()
            .map(|&p| {
                next.0
                    .iter()
                    .map(|&z| here.1[m.multiply(p, z) as usize])
                    .collect()
            })
            .collect();
        // A state of this layer as allocated: its set twice (the table's
        // key and the layer's copy), its slot in the layer and its parent
        // (three each while the vectors grow); the hash table's share is
        // counted apart.
        let set = allocation(8 * words(next.0.len()));
        let state_bytes = 2 * set + 3 * size_of::<State>() as u64 + 3 * 8;
        let shift_bytes =
            allocation(24 * shift.len()) + shift.len() as u64 * allocation(4 * next.0.len());
        let mut found: HashMap<State, u32> = HashMap::new();
        let mut layer: Vec<State> = Vec::new();
        let mut from: Vec<(u32, u16)> = Vec::new();
        for (s, state) in states.iter().enumerate() {
            for (e, &power) in powers.iter().enumerate() {
                let before = (e > 0).then(|| m.multiply(state.a, powers[e - 1]));
                let mut z = vec![0u64; words(next.0.len())];
                for (i, &w) in next.0.iter().enumerate() {
                    let j = shift[e][i] as usize;
                    if state.z[j / 64] >> (j % 64) & 1 == 0 {
                        continue;
                    }
                    if let Some(c) = before
                        && !stuck[t][m.multiply(c, w) as usize]
                    {
                        continue;
                    }
                    z[i / 64] |= 1 << (i % 64);
                }
                let key = State {
                    a: m.multiply(state.a, power),
                    moved: state.moved || e > 0,
                    z,
                };
                if !found.contains_key(&key) {
                    let count = found.len() + 1;
                    let now = bytes
                        + before_bytes
                        + shift_bytes
                        + count as u64 * state_bytes
                        + hash_table_peak::<State, u32>(count);
                    if found.len() >= MAX_STATES || now > max_bytes {
                        return Err(too_many_states(
                            &format!("a misère quotient candidate for heaps up to {n}"),
                            found.len(),
                            now,
                        ));
                    }
                    allowance.holds(now, || {
                        format!("looking for a sum a misère quotient candidate for heaps up to {n} gets wrong")
                    })?;
                    found.insert(key.clone(), layer.len() as u32);
                    layer.push(key);
                    from.push((s as u32, e as u16));
                }
            }
        }
        bytes += allocation(8 * from.capacity());
        before_bytes =
            layer.capacity() as u64 * size_of::<State>() as u64 + layer.len() as u64 * set;
        states = layer;
        parents.push(from);
    }
    // R = {1}: bit 0 of Z says whether every heap is stuck.
    let fails = |s: &State| {
        let all_stuck = s.z[0] & 1 == 1;
        let lost = m.lost[s.a as usize];
        match exits {
            Some(exit) => lost != (!exit[s.a as usize] && all_stuck),
            None if s.moved => lost != all_stuck,
            None => lost,
        }
    };
    let Some(mut index) = states.iter().position(fails) else {
        return Ok(None);
    };
    let mut sum = Vec::new();
    for (t, from) in parents.iter().enumerate().rev() {
        let (parent, e) = from[index];
        sum.extend(std::iter::repeat_n(heaps[t], e as usize));
        index = parent as usize;
    }
    // Built from the smallest heap up.
    sum.reverse();
    Ok(Some(sum))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::adjoin;
    use super::super::learn::product_candidate;
    use super::super::quotient::Quotient;
    use super::{Candidate, least_failure, precedes};
    use crate::ruleset::Ruleset;

    const MEMO: u64 = 1 << 26;

    /// Whether `m` gets the sum `u` wrong, by its options (the naive twin).
    fn fails(m: &Candidate, game: &Ruleset, u: &[u64]) -> bool {
        let lost = m.lost[m.image(u) as usize];
        let mut option_lost = false;
        for i in 0..u.len() {
            for o in game.options(u[i]) {
                let mut v: Vec<u64> = u[..i].iter().chain(&u[i + 1..]).copied().collect();
                v.extend(o.parts.iter().copied().filter(|&p| game.has_move(p)));
                option_lost |= m.lost[m.image(&v) as usize];
            }
        }
        lost == (u.is_empty() || option_lost)
    }

    /// Every sum of heaps up to `n` with at most `most` copies of each,
    /// from the largest heap down, in the order of the module
    /// documentation.
    fn sums_in_order(game: &Ruleset, n: u64, most: usize) -> Vec<Vec<u64>> {
        let heaps: Vec<u64> = (1..=n).rev().filter(|&h| game.has_move(h)).collect();
        let mut all = vec![Vec::new()];
        for &h in &heaps {
            all = all
                .into_iter()
                .flat_map(|s: Vec<u64>| {
                    (0..=most).map(move |e| {
                        let mut t = s.clone();
                        t.extend(std::iter::repeat_n(h, e));
                        t
                    })
                })
                .collect();
        }
        all
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// On candidates made from tentative columns (often wrong), and with
        /// one outcome flipped: the failure found is a real one, no sum
        /// before it (of up to two copies of each heap) fails, and with
        /// none found no such sum fails.
        #[test]
        fn the_least_failure_is_least(game in super::super::random_code(), n in 2u64..=7, flip in any::<prop::sample::Index>()) {
            let Ok(q) = Quotient::compute(&game, n - 1, MEMO) else { return Ok(()) };
            if !game.has_move(n) {
                return Ok(());
            }
            let Ok(columns) = adjoin::tentative_columns(&q, &game, n) else { return Ok(()) };
            let mut m = product_candidate(&q, &columns, n);
            for wrong in [false, true] {
                if wrong {
                    let i = flip.index(m.len() - 1) + 1;
                    m.lost[i] = !m.lost[i];
                }
                let found = least_failure(&m, &game, n, MEMO).unwrap();
                if let Some(u) = &found {
                    prop_assert!(fails(&m, &game, u), "{} heap {}: {:?} does not fail", game, n, u);
                }
                for s in sums_in_order(&game, n, 2) {
                    if let Some(u) = &found && !precedes(&s, u) {
                        continue;
                    }
                    prop_assert!(!fails(&m, &game, &s), "{} heap {}: {:?} fails before {:?}", game, n, s, found);
                }
            }
        }
    }

    /// The search tells its caller the bytes its states hold, and stops
    /// when told to.
    #[test]
    fn the_search_tells_its_bytes_and_stops_when_told() {
        let game: Ruleset = "0.07".parse().unwrap();
        let m = super::super::first_candidate(&game, 10, MEMO);
        let mut told = 0;
        let mut tell = |held: u64| {
            told = told.max(held);
            std::ops::ControlFlow::Continue(())
        };
        let allowance = super::Allowance::telling(MEMO, &mut tell);
        assert!(least_failure(&m, &game, 10, allowance).unwrap().is_some());
        assert!(told > 0);
        let mut stop = |_| std::ops::ControlFlow::Break(());
        let e =
            least_failure(&m, &game, 10, super::Allowance::telling(MEMO, &mut stop)).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Interrupted);
    }

    /// Heap 10 of 0.07 splits the quotient of the smaller heaps, so the
    /// candidate of tentative columns is wrong somewhere: the sweep finds
    /// where, first.
    #[test]
    fn a_split_candidate_fails_first_where_found() {
        let game: Ruleset = "0.07".parse().unwrap();
        let m = super::super::first_candidate(&game, 10, MEMO);
        let u = least_failure(&m, &game, 10, MEMO)
            .unwrap()
            .expect("a failure");
        assert!(fails(&m, &game, &u), "{u:?}");
        let before = sums_in_order(&game, 10, 2)
            .into_iter()
            .filter(|s| precedes(s, &u))
            .inspect(|s| assert!(!fails(&m, &game, s), "{s:?} fails before {u:?}"))
            .count();
        assert!(before > 100, "{before} sums checked before {u:?}");
    }

    #[test]
    fn order_puts_options_first() {
        assert!(precedes(&[], &[1]));
        assert!(precedes(&[5, 4, 4], &[5, 5]));
        assert!(precedes(&[5, 4], &[5, 4, 1]));
        assert!(!precedes(&[6], &[5, 5, 5]));
        assert!(!precedes(&[3, 2], &[3, 2]));
    }
}
