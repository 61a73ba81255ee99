//! Moore's refinement: the coarsest partition of a finite automaton's
//! states that keeps apart states starting in different classes and that
//! every transition respects. Two states end in one class exactly when
//! every word read from them reaches states of the same starting class.
//! The quotient construction uses it four times: to identify the elements
//! of a candidate monoid that no sum tells apart ([`super::reduce`]), to
//! reduce a learned hypothesis ([`super::learn`]), to minimise a
//! refinement's automaton ([`super::refine`]) and to reduce each level's
//! product ([`super::levels`]).

use std::collections::HashMap;

/// Each state's class: `initial[s]` is the class state `s` starts in,
/// `next(s, j)` the state letter `j` (of `letters`) leads to. Classes are
/// numbered in the order of their first state, so state 0's is 0.
///
/// # Complexity
/// O(rounds · states · letters) with at most `states` rounds.
pub(super) fn coarsest(
    initial: &[u32],
    letters: usize,
    next: impl Fn(usize, usize) -> usize,
) -> Vec<u32> {
    let mut class = initial.to_vec();
    let mut count = 0;
    loop {
        let mut ids: HashMap<Vec<u32>, u32> = HashMap::with_capacity(count);
        let refined: Vec<u32> = (0..class.len())
            .map(|s| {
                let key: Vec<u32> = std::iter::once(class[s])
                    .chain((0..letters).map(|j| class[next(s, j)]))
                    .collect();
                let fresh = ids.len() as u32;
                *ids.entry(key).or_insert(fresh)
            })
            .collect();
        class = refined;
        if ids.len() == count {
            return class;
        }
        count = ids.len();
    }
}

/// The first state of each class of `class` (numbered in order of first
/// state, as [`coarsest`] numbers them).
pub(super) fn first_states(class: &[u32]) -> Vec<usize> {
    let mut first = Vec::new();
    for (s, &k) in class.iter().enumerate() {
        if k as usize == first.len() {
            first.push(s);
        }
    }
    first
}

/// The first state of each class of `class` and the classes' product
/// table, where `multiply` is a product that the classes respect (a
/// congruence): the product of two classes is that of their first states.
pub(super) fn class_table(
    class: &[u32],
    multiply: impl Fn(u32, u32) -> u32,
) -> (Vec<usize>, Vec<Vec<u32>>) {
    let first = first_states(class);
    let product = first
        .iter()
        .map(|&a| {
            first
                .iter()
                .map(|&b| class[multiply(a as u32, b as u32) as usize])
                .collect()
        })
        .collect();
    (first, product)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The naive twin: states are one class when every word of up to
    /// `states` letters reaches states of one starting class.
    fn by_words(initial: &[u32], delta: &[Vec<usize>]) -> Vec<Vec<u32>> {
        let n = initial.len();
        let mut signature: Vec<Vec<u32>> = (0..n).map(|s| vec![initial[s]]).collect();
        let mut frontier: Vec<Vec<usize>> = (0..n).map(|s| vec![s]).collect();
        for _ in 0..n {
            for s in 0..n {
                let reached: Vec<usize> = frontier[s]
                    .iter()
                    .flat_map(|&t| delta[t].iter().copied())
                    .collect();
                signature[s].extend(reached.iter().map(|&t| initial[t]));
                frontier[s] = reached;
            }
        }
        signature
    }

    proptest! {
        #[test]
        fn classes_are_the_states_no_word_tells_apart(
            (initial, delta) in (1usize..7, 1usize..3).prop_flat_map(|(n, k)| (
                prop::collection::vec(0u32..2, n),
                prop::collection::vec(prop::collection::vec(0..n, k), n),
            ))
        ) {
            let class = coarsest(&initial, delta[0].len(), |s, j| delta[s][j]);
            let words = by_words(&initial, &delta);
            for s in 0..initial.len() {
                for t in 0..initial.len() {
                    prop_assert_eq!(class[s] == class[t], words[s] == words[t], "states {} and {}", s, t);
                }
            }
            prop_assert_eq!(class[0], 0);
        }
    }
}
