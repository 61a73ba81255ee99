//! The next candidate from one that fails: its *one-step refinement*.
//!
//! A candidate (M, P, Φ) predicts every sum's outcome. Its one-step
//! refinement predicts a sum U lost exactly when U has a heap with a move
//! and no option U′ of U is predicted lost by the candidate: the outcome
//! the rules give U from the candidate's predictions for its options. If
//! the candidate's least failure (see [`super::counterexample`]) is u,
//! every sum before u is predicted right, hence so are the options of
//! every sum up to u (they come before it), and the refinement predicts
//! every sum up to u right, u included: its own least failure, if any, is
//! strictly later. Iterating, the least failures strictly increase (the
//! way Siegel describes MisereSolver's candidates converging); the
//! quotient itself is a fixed point, and only a candidate that the sweep
//! proves is ever returned. Refining alone does not generalise: where a
//! heap's powers beside the new heap take some rounds to repeat, each
//! round only gets one more exponent right and the candidates grow (0.07
//! at heap 25: 72, 88, 568, 1988, 4210 elements, failing at 25 + 2·4,
//! 25 + 3·4 + 2, 25 + 4·4, …, though those outcomes repeat with period 2
//! from one 4 on). So a few rounds are tried (most splits are mended in
//! one: 0.07 at heap 10), and the last candidate, right on more sums,
//! is handed to the learner ([`super::learn`]).
//!
//! The refinement is again recognised by a finite commutative monoid: write
//! for a sum V the triple (Φ(V), whether V holds a heap, Z(V)) with Z(V)
//! the set of z ∈ M such that every heap h of V is *stuck* at Φ(V − h)·z
//! (no option o of h has Φ(V − h)·z·Φ(o) ∈ P). Then V + W is predicted lost
//! exactly when it holds a heap and the identity is in Z(V + W), and
//! Z(V + W) = {z : z·Φ(W) ∈ Z(V), z·Φ(V) ∈ Z(W)}, so triples multiply. The
//! triples reached from the heaps' are the states of an automaton for the
//! refinement; Moore's refinement merges the states no sum tells apart,
//! which leaves its syntactic monoid, the next candidate.

use std::collections::HashMap;
use std::ops::ControlFlow;

use crate::error::{Error, ErrorKind, Result};
use crate::ruleset::Ruleset;

use super::counterexample::{Candidate, least_failure, precedes};
use super::footprint::{self, Allowance, allocation, hash_table_peak};

/// One state: Φ, whether a heap is present, and Z as a bit set over M.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Triple {
    a: u32,
    moved: bool,
    z: Vec<u64>,
}

/// The syntactic monoid of `c`'s one-step refinement (module
/// documentation) over the heaps up to `n`.
///
/// # Errors
/// [`TooLarge`](ErrorKind::TooLarge) when the automaton passes
/// `max_states` states or `max_bytes` bytes, or when the refinement's
/// table would pass `max_bytes` (refused before it is built).
pub(super) fn refine(
    c: &Candidate,
    ruleset: &Ruleset,
    n: u64,
    max_states: usize,
    max_bytes: u64,
) -> Result<Candidate> {
    let size = c.len();
    let words = size.div_ceil(64);
    let has = |z: &[u64], i: u32| z[i as usize / 64] >> (i % 64) & 1 == 1;
    let heaps: Vec<u64> = (1..=n).filter(|&h| ruleset.has_move(h)).collect();
    // Each heap's triple.
    let generators: Vec<(u32, Vec<u64>)> = heaps
        .iter()
        .map(|&h| {
            let mut options: Vec<u32> = super::moving_options(ruleset, h)
                .iter()
                .map(|o| c.image(o))
                .collect();
            options.sort_unstable();
            options.dedup();
            let mut z = vec![0u64; words];
            for y in 0..size as u32 {
                if options.iter().all(|&o| !c.lost[c.multiply(y, o) as usize]) {
                    z[y as usize / 64] |= 1 << (y % 64);
                }
            }
            (c.heaps[h as usize], z)
        })
        .collect();
    let mut all = vec![u64::MAX; words];
    if !size.is_multiple_of(64) {
        *all.last_mut().expect("a word") = (1u64 << (size % 64)) - 1;
    }
    let mut states = vec![Triple {
        a: 0,
        moved: false,
        z: all,
    }];
    let mut index: HashMap<Triple, u32> = HashMap::new();
    index.insert(states[0].clone(), 0);
    // The state each was first reached from, and by which heap.
    let mut parent: Vec<(u32, u32)> = vec![(0, u32::MAX)];
    let mut delta: Vec<Vec<u32>> = Vec::new();
    // A state as allocated: its slot in `states` (three while the vector
    // grows), its set twice (in `states` and as the index's key), its
    // parent and its row of transitions (likewise grown), and the index's
    // share of its table (see [`super::footprint`]).
    let state_bytes = 3 * size_of::<Triple>() as u64
        + 2 * allocation(8 * words)
        + 3 * 8
        + 3 * 24
        + allocation(4 * generators.len());
    let kept_bytes =
        |states: usize| states as u64 * state_bytes + hash_table_peak::<Triple, u32>(states);
    let mut s = 0;
    while s < states.len() {
        let mut row = Vec::with_capacity(generators.len());
        for (g, (b, zg)) in generators.iter().enumerate() {
            let (a, z) = (states[s].a, &states[s].z);
            let mut next = vec![0u64; words];
            for y in 0..size as u32 {
                if has(z, c.multiply(y, *b)) && has(zg, c.multiply(y, a)) {
                    next[y as usize / 64] |= 1 << (y % 64);
                }
            }
            let key = Triple {
                a: c.multiply(a, *b),
                moved: true,
                z: next,
            };
            let t = match index.get(&key) {
                Some(&t) => t,
                None => {
                    let t = states.len() as u32;
                    if states.len() >= max_states || kept_bytes(states.len() + 1) > max_bytes {
                        return Err(Error::new(
                            ErrorKind::TooLarge,
                            format!(
                                "refining a misère quotient candidate for heaps up to {n} reaches more than {} states",
                                states.len()
                            ),
                        ));
                    }
                    index.insert(key.clone(), t);
                    states.push(key);
                    parent.push((s as u32, g as u32));
                    t
                }
            };
            row.push(t);
        }
        delta.push(row);
        s += 1;
    }
    drop(index);
    // Moore's refinement, with the states held.
    let held = states.len() as u64 * state_bytes + allocation(4 * states.len());
    if held + footprint::coarsest(states.len(), generators.len()) > max_bytes {
        return Err(footprint::too_large(
            &format!(
                "minimising the {} states of a refined misère quotient candidate for heaps up to {n}",
                states.len()
            ),
            footprint::left(max_bytes, held),
        ));
    }
    let initial: Vec<u32> = states
        .iter()
        .map(|t| u32::from(t.moved && has(&t.z, 0)))
        .collect();
    let class = super::moore::coarsest(&initial, generators.len(), |q, g| delta[q][g] as usize);
    // Classes are numbered in order of first state (the identity's is 0),
    // each with its first state's access word.
    let first = super::moore::first_states(&class);
    // The next candidate's table and the access words it is made from,
    // refused before they are built (a word is as long as its state's
    // path from the identity; parents come first).
    let mut depth = vec![0usize; states.len()];
    for q in 1..states.len() {
        depth[q] = depth[parent[q].0 as usize] + 1;
    }
    let words_bytes = allocation(24 * first.len())
        + first
            .iter()
            .map(|&q| {
                allocation(4 * depth[q].next_power_of_two().max(4) * usize::from(depth[q] > 0))
            })
            .sum::<u64>();
    let needed = footprint::candidate(first.len(), n as usize + 1) + words_bytes;
    let held = held + allocation(8 * states.len()) + 2 * allocation(8 * first.len());
    super::construction::check_size(n, first.len(), needed, footprint::left(max_bytes, held))?;
    let of = |q: usize| class[q];
    let word = |mut q: usize| {
        let mut w = Vec::new();
        while q != 0 {
            let (p, g) = parent[q];
            w.push(g);
            q = p as usize;
        }
        w
    };
    let words_of: Vec<Vec<u32>> = first.iter().map(|&q| word(q)).collect();
    let product: Vec<Vec<u32>> = first
        .iter()
        .map(|&q| {
            words_of
                .iter()
                .map(|w| of(w.iter().fold(q, |p, &g| delta[p][g as usize] as usize)))
                .collect()
        })
        .collect();
    let mut images = vec![0u32; n as usize + 1];
    for (g, &h) in heaps.iter().enumerate() {
        images[h as usize] = of(delta[0][g] as usize);
    }
    let lost = first
        .iter()
        .map(|&q| states[q].moved && has(&states[q].z, 0))
        .collect();
    Ok(Candidate {
        product,
        lost,
        heaps: images,
    })
}

/// The most refinements tried for one heap.
const MAX_ROUNDS: usize = 3;

/// The most states of one refinement's automaton.
const MAX_STATES: usize = 1 << 16;

/// Refinements are swept while they have at most this many times the
/// elements of the first candidate …
const GROWTH: usize = 4;

/// … or this many.
const MIN_GROWTH: usize = 1024;

/// What refining a candidate came to.
pub(super) enum Refined {
    /// A candidate the sweep proves.
    Proved(Candidate),
    /// None proved within the bounds: the candidate with the latest least
    /// failure (right on every sum before it).
    Best(Candidate),
}

/// From `first` (which fails somewhere), up to [`MAX_ROUNDS`] refinements,
/// each right on every sum up to the least failure of the one before:
/// the first that the sweep proves, else the last within the bounds
/// ([`MAX_STATES`] states, [`GROWTH`] or [`MIN_GROWTH`] elements).
///
/// # Errors
/// [`TooLarge`](ErrorKind::TooLarge) from the sweep.
pub(super) fn iterate(
    first: Candidate,
    ruleset: &Ruleset,
    n: u64,
    max_bytes: u64,
    keep_going: &mut dyn FnMut(u64) -> ControlFlow<()>,
) -> Result<Refined> {
    let mut c = first;
    let c_bytes = c.bytes();
    let mut tell = |b| keep_going(c_bytes + b);
    let first = Allowance::telling(footprint::left(max_bytes, c_bytes), &mut tell);
    let Some(mut u) = least_failure(&c, ruleset, n, first)? else {
        return Ok(Refined::Proved(c));
    };
    let most = MIN_GROWTH.max(GROWTH * c.len());
    for _ in 0..MAX_ROUNDS {
        if keep_going(c.bytes()).is_break() {
            return Err(super::learn::stopped_learning(n));
        }
        let max_states = MAX_STATES.min((max_bytes / 256).max(1) as usize);
        let left = footprint::left(max_bytes, c.bytes());
        let r = match refine(&c, ruleset, n, max_states, left) {
            Ok(r) => r,
            Err(e) if e.kind() == ErrorKind::TooLarge => break,
            Err(e) => return Err(e),
        };
        if r.len() > most {
            // Unrolling, most likely (module documentation): its sweep
            // would cost more than the learner's start gains.
            break;
        }
        let held = c.bytes() + r.bytes();
        let mut tell = |b| keep_going(held + b);
        match least_failure(
            &r,
            ruleset,
            n,
            Allowance::telling(footprint::left(left, r.bytes()), &mut tell),
        )? {
            None => return Ok(Refined::Proved(r)),
            // Never otherwise: the refinement is right up to u.
            Some(v) if precedes(&u, &v) => {
                c = r;
                u = v;
            }
            Some(_) => break,
        }
    }
    Ok(Refined::Best(c))
}

#[cfg(test)]
mod tests {
    use super::super::counterexample::least_failure;
    use super::super::learn::to_quotient_with;
    use super::super::quotient::Quotient;
    use super::{Refined, iterate, refine};
    use crate::ruleset::Ruleset;

    const MEMO: u64 = 1 << 26;

    /// Heap 10 of 0.07 splits the quotient of the smaller heaps: the
    /// refinement of the failing candidate is right further, and here
    /// proved, the quotient found by the chain.
    #[test]
    fn dawson_heap_ten_is_proved_by_one_refinement() {
        let game: Ruleset = "0.07".parse().unwrap();
        let c = super::super::first_candidate(&game, 10, MEMO);
        assert!(least_failure(&c, &game, 10, MEMO).unwrap().is_some());
        let r = refine(&c, &game, 10, 1 << 16, MEMO).unwrap();
        assert!(least_failure(&r, &game, 10, MEMO).unwrap().is_none());
        let Refined::Proved(p) = iterate(c, &game, 10, MEMO, &mut |_| {
            std::ops::ControlFlow::Continue(())
        })
        .unwrap() else {
            panic!("not proved");
        };
        let found = to_quotient_with(&p, 10);
        let chain = Quotient::compute(&game, 10, MEMO).unwrap();
        assert_eq!(found.len(), chain.len());
        assert_eq!(found.p_portion().len(), chain.p_portion().len());
    }

    /// A refinement whose table would pass the memory bound is refused
    /// before its table is built (4.026 at heap 11 once built a 1.4 GB
    /// table under a 1 GiB bound): at the least bound it fits in, its
    /// table is counted, and one byte less refuses it at its table, not
    /// at the states' own bound.
    #[test]
    fn a_refinement_too_large_for_memory_is_refused_before_it_is_built() {
        let game: Ruleset = "0.07".parse().unwrap();
        let first = super::super::first_candidate(&game, 25, MEMO);
        let c = refine(&first, &game, 25, 1 << 16, MEMO).unwrap();
        let r = refine(&c, &game, 25, 1 << 16, MEMO).unwrap();
        // The least bound that refining fits in.
        let (mut low, mut high) = (0u64, MEMO);
        while high - low > 1 {
            let mid = low + (high - low) / 2;
            if refine(&c, &game, 25, 1 << 16, mid).is_ok() {
                high = mid;
            } else {
                low = mid;
            }
        }
        assert!(high >= r.bytes(), "{high} < {}", r.bytes());
        let e = refine(&c, &game, 25, 1 << 16, low).expect_err("refused");
        assert_eq!(e.kind(), crate::error::ErrorKind::TooLarge);
        assert!(e.to_string().contains("the table of a candidate"), "{e}");
    }

    /// Where refinements are not proved, each is right past the failure
    /// of the one before (0.07 at heap 25, the first candidates).
    #[test]
    fn least_failures_increase() {
        let game: Ruleset = "0.07".parse().unwrap();
        let mut c = super::super::first_candidate(&game, 25, MEMO);
        let mut u = least_failure(&c, &game, 25, MEMO)
            .unwrap()
            .expect("a failure");
        for _ in 0..2 {
            let r = refine(&c, &game, 25, 1 << 16, MEMO).unwrap();
            let v = least_failure(&r, &game, 25, MEMO)
                .unwrap()
                .expect("a failure");
            assert!(super::precedes(&u, &v), "{u:?} then {v:?}");
            (c, u) = (r, v);
        }
    }
}
