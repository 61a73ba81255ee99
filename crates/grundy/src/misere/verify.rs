//! The first proof that a candidate from [`super::adjoin`] gives the
//! outcome of every sum of heaps up to n, kept as the twin that tests
//! [`super::sweep`] (the proof the construction uses) against: it visits
//! every state of every sum, which grows too fast past about 20 heaps.
//!
//! A map Φ from sums to a finite monoid with a set P gives every outcome
//! exactly when, for every sum U, Φ(U) ∈ P ⟺ U has a move and no option
//! U′ has Φ(U′) ∈ P (induction on the game tree; misère: a sum with no
//! move is won). Sums of heaps below n are already proved (by the quotient
//! Q of the smaller heaps), so only U = u + k·n with k ≥ 1 is left, and
//! such a U always has a move. Its options are u + o + (k−1)·n for the
//! options o of n, image Φ(u)·Φ(o)·x^(k−1), and u′ + k·n for the options u′
//! of u, image Φ(u′)·x^k. An option u′ replaces a heap h of u by the heaps
//! o′ it leaves, so Φ(u′) = Φ(u − h)·Φ(o′): the condition depends on the
//! *state* of u, Φ(u) and Φ(u − h) for each heap h in u, and on k.
//!
//! The state of u + h is a function of the state of u (Φ(u + h − h′) =
//! Φ(u − h′)·Φ(h) for a heap h′ ≠ h of u, and Φ(u + h − h) = Φ(u)), so a
//! breadth-first search from the empty sum reaches the state of every sum
//! of smaller heaps, finitely many. For k, only k = 1, …, len matter, with
//! x^len = x^index: past len, the image of u + k·n and of its options in
//! heap n are those of some k in that range.

use std::collections::{HashSet, VecDeque};

use crate::error::{Error, ErrorKind};
use crate::ruleset::Ruleset;

use super::adjoin::{Columns, Failure};
use super::quotient::{Element, Quotient};

/// The most states of sums of smaller heaps visited for one heap.
pub(super) const MAX_STATES: usize = 1 << 21;

/// Whether the candidate of `columns` over `q` gives the outcome of every
/// sum of heaps up to `n`.
///
/// # Errors
/// [`Failure::Split`] when it does not;
/// [`TooLarge`](ErrorKind::TooLarge) past [`MAX_STATES`] or `max_bytes`
/// of states.
pub(super) fn prove(
    q: &Quotient,
    ruleset: &Ruleset,
    n: u64,
    columns: &Columns,
    max_bytes: u64,
) -> std::result::Result<(), Failure> {
    let len = columns.len();
    // Which images an option of heap n leaves, and of each smaller mover.
    let image_options = |h: u64| {
        let mut images: Vec<Element> = ruleset
            .options(h)
            .iter()
            .map(|m| q.image_of(&m.parts))
            .collect();
        images.sort_unstable();
        images.dedup();
        images
    };
    let n_options = image_options(n);
    // Heaps with the same image and the same images of options play the
    // same part in every state: Φ(u − h) = Φ(u − h′) when both are in u.
    // One coordinate a kind.
    let mut kinds: Vec<(Element, Vec<Element>)> = Vec::new();
    for h in (1..n).filter(|&h| ruleset.has_move(h)) {
        let kind = (q.heap_elements()[h as usize], image_options(h));
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    let mover_images: Vec<Element> = kinds.iter().map(|k| k.0).collect();
    let mover_options: Vec<Vec<Element>> = kinds.into_iter().map(|k| k.1).collect();
    let movers = &mover_images;

    // For each state: Φ(u) and, for each column j, whether some option u′
    // of u has column j lost at Φ(u′). Distinct pairs only.
    let mut checked: HashSet<(Element, u64)> = HashSet::new();
    let absent = Element::MAX;
    let start: Vec<Element> = std::iter::once(0)
        .chain(movers.iter().map(|_| absent))
        .collect();
    let state_bytes = 48 + 8 * start.len() as u64;
    let most = (max_bytes / state_bytes).min(MAX_STATES as u64) as usize;
    let mut seen: HashSet<Vec<Element>> = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert(start.clone());
    queue.push_back(start);
    while let Some(state) = queue.pop_front() {
        let phi = state[0];
        let mut mask = 0u64;
        for (i, &without) in state[1..].iter().enumerate() {
            if without == absent {
                continue;
            }
            for &o in &mover_options[i] {
                let b = q.multiply(without, o) as usize;
                for (j, column) in columns.lost.iter().enumerate() {
                    if column[b] {
                        mask |= 1 << j;
                    }
                }
            }
        }
        if checked.insert((phi, mask)) {
            for k in 1..=len {
                let here = columns.reduce(k);
                let lost = columns.lost[here][phi as usize];
                let by_n = n_options
                    .iter()
                    .any(|&o| columns.lost[k - 1][q.multiply(phi, o) as usize]);
                let by_u = mask & (1 << here) != 0;
                if lost == (by_n || by_u) {
                    return Err(Failure::Split { heap: n, copies: k });
                }
            }
        }
        for (j, &x) in mover_images.iter().enumerate() {
            let mut next = Vec::with_capacity(state.len());
            next.push(q.multiply(phi, x));
            for (i, &without) in state[1..].iter().enumerate() {
                next.push(if i == j {
                    phi
                } else if without == absent {
                    absent
                } else {
                    q.multiply(without, x)
                });
            }
            if !seen.contains(&next) {
                if seen.len() >= most {
                    return Err(Failure::Other(Error::new(
                        ErrorKind::TooLarge,
                        format!(
                            "proving the misère quotient for heap {n} visits more than {most} states of sums; ask for a smaller heap bound, or allow more memory"
                        ),
                    )));
                }
                seen.insert(next.clone());
                queue.push_back(next);
            }
        }
    }
    Ok(())
}
