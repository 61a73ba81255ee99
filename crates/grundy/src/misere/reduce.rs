//! From a proved candidate M = Q × {1, x, …, x^(len−1)} to the quotient:
//! identify the elements that no sum tells apart.
//!
//! Every element of M is the image of a sum (a representative of Q's
//! element with copies of heap n), so two elements u, v of M are
//! indistinguishable exactly when uw ∈ P ⟺ vw ∈ P for every w in M, and w
//! ranges over products of the heaps' images. That is the equivalence of
//! states of the automaton on M that reads a heap by multiplying by its
//! image and accepts P, and Moore's refinement finds it: start from
//! {P, not P}, split classes by the classes their products with each heap
//! image fall in, until nothing splits.

use std::collections::HashMap;

use super::adjoin::Columns;
use super::footprint::{self, allocation};
use super::quotient::{Element, Quotient};

/// The most bytes [`reduce`] allocates for the candidate of `columns` over
/// `q` with `labels` rows of labels: the heaps' moves from each element,
/// the classes' keys and Moore's work, and the quotient it returns (at
/// most as many elements).
pub(super) fn bytes(q: &Quotient, columns: &Columns, labels: usize) -> u64 {
    let size = q.len() * columns.len();
    let generators = q.heap_elements().len() + 1;
    let longest = (0..q.len() as Element)
        .map(|a| q.representative(a).len())
        .max()
        .unwrap_or(0)
        + columns.len();
    let moves = allocation(24 * size) + size as u64 * allocation(8 * generators);
    let keys = footprint::hash_table_peak::<Vec<bool>, u32>(size)
        + size as u64 * allocation(labels + 1)
        + allocation(4 * size);
    let numbering = footprint::hash_table_peak::<u32, usize>(size)
        + 2 * allocation(8 * size)
        + allocation(4 * size);
    let result = footprint::table(size)
        + allocation(24 * size)
        + size as u64 * allocation(8 * longest)
        + allocation(size)
        + allocation(4 * generators);
    moves + keys + footprint::coarsest(size, generators) + numbering + result
}

/// The quotient of heaps up to `n`, from the proved candidate of `columns`
/// over `q`; with `labels` (one row per candidate element), elements with
/// different labels are also kept apart, which gives a finer monoid, still
/// a correct one (every congruence that keeps P apart from the rest is).
pub(super) fn reduce(q: &Quotient, n: u64, columns: &Columns, labels: &[Vec<bool>]) -> Quotient {
    let len = columns.len();
    let size = q.len() * len;
    let split = |m: usize| (m / len, m % len);
    let join = |a: usize, k: usize| a * len + k;
    let multiply = |u: usize, v: usize| {
        let ((a, k), (b, l)) = (split(u), split(v));
        join(
            q.multiply(a as Element, b as Element) as usize,
            columns.reduce(k + l),
        )
    };
    let lost = |m: usize| {
        let (a, k) = split(m);
        columns.lost[k][a]
    };
    // The images of the heaps that can be moved in: Q's, then x.
    let mut generators: Vec<usize> = q
        .heap_elements()
        .iter()
        .map(|&a| join(a as usize, 0))
        .filter(|&g| g != 0)
        .collect();
    generators.push(join(0, columns.reduce(1)));
    generators.sort_unstable();
    generators.dedup();
    let table: Vec<Vec<usize>> = (0..size)
        .map(|m| generators.iter().map(|&g| multiply(m, g)).collect())
        .collect();
    let mut first: HashMap<Vec<bool>, u32> = HashMap::new();
    let class: Vec<u32> = (0..size)
        .map(|m| {
            let key: Vec<bool> = std::iter::once(lost(m))
                .chain(labels.iter().map(|row| row[m]))
                .collect();
            let fresh = first.len() as u32;
            *first.entry(key).or_insert(fresh)
        })
        .collect();
    let class = super::moore::coarsest(&class, generators.len(), |m, j| table[m][j]);
    // Number classes by first member, so the identity (element 0) is 0; a
    // member with the fewest heaps represents each.
    // Fewest heaps, then fewest tokens.
    let heaps_in = |m: usize| {
        let (a, k) = split(m);
        let rep = q.representative(a as Element);
        (rep.len() + k, rep.iter().sum::<u64>() + k as u64 * n)
    };
    let mut number: HashMap<u32, usize> = HashMap::new();
    let mut members: Vec<usize> = Vec::new();
    let mut of = vec![0 as Element; size];
    for m in 0..size {
        let next = number.len();
        let c = *number.entry(class[m]).or_insert(next);
        of[m] = c as Element;
        if c == members.len() {
            members.push(m);
        } else if heaps_in(m) < heaps_in(members[c]) {
            members[c] = m;
        }
    }
    let representatives = members
        .iter()
        .map(|&m| {
            let (a, k) = split(m);
            let mut sum = q.representative(a as Element).to_vec();
            sum.extend(std::iter::repeat_n(n, k));
            sum.sort_unstable();
            sum
        })
        .collect();
    let product = members
        .iter()
        .map(|&u| members.iter().map(|&v| of[multiply(u, v)]).collect())
        .collect();
    let mut heaps: Vec<Element> = q
        .heap_elements()
        .iter()
        .map(|&a| of[join(a as usize, 0)])
        .collect();
    heaps.push(of[join(0, columns.reduce(1))]);
    Quotient::from_parts(
        n,
        representatives,
        product,
        members.iter().map(|&m| lost(m)).collect(),
        heaps,
    )
}
