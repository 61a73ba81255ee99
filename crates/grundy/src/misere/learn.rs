//! Learning the quotient of heaps up to n when heap n tells apart sums of
//! smaller heaps that their quotient Q_(n−1) identifies, so that the
//! candidate Q_(n−1) × ⟨x⟩ of [`super::adjoin`] cannot be right.
//!
//! The quotient is the smallest automaton that reads a sum heap by heap
//! (multiplying by each heap's image) and accepts the lost sums: its states
//! are the classes of sums, two sums being one state exactly when every
//! context W gives them the same outcome. Angluin's L* (*Learning regular
//! sets from queries and counterexamples*, Inform. Comput. 75 (1987)), with
//! the counterexample step of Rivest and Schapire, learns it from two kinds
//! of question:
//!
//! - **membership**: is the sum U lost? Answered exactly ([`Oracle`]): a
//!   sum of heaps below n by Q_(n−1); a sum before the least failure of a
//!   candidate (see [`super::counterexample`]) by that candidate, which is
//!   proved right on all of them; any other sum from its options, one move
//!   at a time, down to sums answered so. Where that search passes
//!   [`BUDGET`] sums, the entry is the best candidate's *prediction*,
//!   marked as such and asked again as the proved part grows (the table is
//!   rebuilt when one changes). Predictions can only slow the learning or
//!   stop it at its bound: no hypothesis is trusted before the sweep.
//! - **equivalence**: is this hypothesis the quotient? Answered by
//!   [`super::counterexample::least_failure`], the verification theorem's
//!   sweep: either a proof that the hypothesis gives every outcome, or the
//!   least sum it gets wrong, with that sum's true outcome (its options,
//!   smaller, are all predicted right).
//!
//! The table holds access sums S (one per state, pairwise told apart) and
//! contexts E; its entry for s and e says whether s + e is lost. States are
//! S, reading heap h moves s to the state with the row of s + h. Each
//! counterexample adds a context that tells apart two sums the hypothesis
//! merged, hence a state (with exact entries the states never outnumber
//! the quotient's elements), and the first hypothesis that the sweep
//! proves is returned, so nothing here is guessed: its states are told
//! apart by contexts, so it is the quotient when its entries are exact,
//! and in any case a proved monoid, which [`super::reduce`]-style
//! identification would only shrink (see [`learn`]). A hypothesis whose heaps do not commute (reading
//! g then h differs from h then g) is no monoid; a context in E that tells
//! the two apart then gives a counterexample without the sweep.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::error::{Error, ErrorKind, Result};
use crate::ruleset::Ruleset;

use super::adjoin::Columns;
use super::counterexample::{Candidate, least_failure, precedes};
use super::footprint::{self, Allowance, allocation};
use super::memo::SumMemo;
use super::quotient::{Element, Quotient};

/// The most hypotheses tried for one heap before giving up.
const MAX_ROUNDS: usize = 4096;

/// The most sums not yet known worked out for one entry of the table
/// before the best candidate's prediction stands in for it.
const BUDGET: usize = 2000;

/// The most bytes of exact outcomes remembered for one heap, whatever the
/// memory bound: past it, learning is not converging (where a heap splits
/// the quotient of the smaller ones widely, the sums asked about are too
/// far from the proved part), and it stops in seconds, not minutes.
const MAX_MEMO_BYTES: u64 = 1 << 28;

/// Sums worked out between two questions to the caller whether to go on.
const ASKED_BETWEEN: usize = 4096;

/// The error of a learning stopped by its caller.
pub(super) fn stopped_learning(n: u64) -> Error {
    Error::new(
        ErrorKind::Interrupted,
        format!(
            "stopped while working out the quotient of heaps up to {n}; the quotient up to heap {} is the last one found",
            n - 1
        ),
    )
}

/// Bytes a remembered sum costs in the count the learner's own bound
/// ([`MAX_MEMO_BYTES`]) is kept in (and 8 a heap): fixed, so that where
/// learning gives up does not move; the caller's bound is kept as
/// allocated (`misere/memo.rs`).
const ENTRY_OVERHEAD: u64 = 56;

/// The quotient of heaps up to `n`, learned with `base` (the proved
/// quotient of heaps up to n − 1) and, when given, `first`, a candidate
/// whose correct part answers questions from the start.
///
/// # Errors
/// [`TooLarge`](ErrorKind::TooLarge) when the table, the sweep or the
/// exact answers pass `max_bytes`; [`Overflow`](ErrorKind::Overflow) when
/// the exact answers pass [`MAX_MEMO_BYTES`], past [`MAX_ROUNDS`]
/// hypotheses, or when the table's predictions stop it learning anything
/// new: no quotient found.
pub(super) fn learn(
    base: &Quotient,
    ruleset: &Ruleset,
    n: u64,
    first: Option<Candidate>,
    max_bytes: u64,
    keep_going: &mut dyn FnMut(u64) -> ControlFlow<()>,
) -> Result<Quotient> {
    let mut oracle = Oracle {
        keep_going,
        ruleset,
        n,
        base,
        region: None,
        memo: SumMemo::default(),
        options: HashMap::new(),
        canon: super::Canon::new(ruleset, n),
        estimate: 0,
        held: 0,
        max_bytes,
    };
    if let Some(c) = first {
        let c_bytes = c.bytes();
        let failure = least_failure(
            &c,
            ruleset,
            n,
            Allowance::telling(footprint::left(max_bytes, c_bytes), &mut |b| {
                (oracle.keep_going)(c_bytes + b)
            }),
        )?;
        oracle.region = Some((c, failure));
    }
    oracle.held = oracle.bytes_besides_memo(0);
    let sigma: Vec<u64> = (1..=n).filter(|&h| ruleset.has_move(h)).collect();
    let mut table = Table::new(sigma.clone(), separating_contexts(base), &mut oracle)?;
    // The exact outcomes known and the proved parts taken at the last
    // rebuild for want of a counterexample.
    let mut stuck: Option<(usize, usize)> = None;
    let mut regions = 0;
    for _ in 0..MAX_ROUNDS {
        oracle.ask_to_go_on()?;
        oracle.held = oracle.bytes_besides_memo(table.bytes());
        if table.stale(&mut oracle)? {
            table = Table::new(
                sigma.clone(),
                std::mem::take(&mut table.contexts),
                &mut oracle,
            )?;
        }
        let delta = table.delta();
        oracle.held = oracle.bytes_besides_memo(table.bytes()) + rows_bytes(&delta);
        let word = match table.noncommuting(&delta, &mut oracle)? {
            Some(word) => word,
            None => {
                let held = oracle.held + oracle.memo.bytes();
                let c = table.candidate(&delta, n, footprint::left(max_bytes, held))?;
                let left = footprint::left(max_bytes, held + c.bytes());
                let c_bytes = c.bytes();
                let mut tell = |b| (oracle.keep_going)(held + c_bytes + b);
                match least_failure(&c, ruleset, n, Allowance::telling(left, &mut tell))? {
                    None => return Ok(to_quotient_with(&c, n)),
                    Some(u) => {
                        let later = match &oracle.region {
                            None => true,
                            Some((_, None)) => false,
                            Some((_, Some(bound))) => precedes(bound, &u),
                        };
                        if later {
                            regions += 1;
                            oracle.region = Some((c, Some(u.clone())));
                        }
                        u
                    }
                }
            }
        };
        if word.is_empty() || !table.counterexample(&word, &delta, &mut oracle)? {
            // A prediction in the table is to blame: rebuild it, unless
            // nothing was learned since the last time (no progress).
            if stuck == Some((oracle.memo.len(), regions)) {
                return Err(Error::new(
                    ErrorKind::Overflow,
                    format!(
                        "no misère quotient was found for heap {n}: learning it needs outcomes of sums too far from the part proved; \
                         the quotient up to heap {} is the last one found",
                        n - 1
                    ),
                ));
            }
            stuck = Some((oracle.memo.len(), regions));
            table = Table::new(
                sigma.clone(),
                std::mem::take(&mut table.contexts),
                &mut oracle,
            )?;
        }
        table.close(&mut oracle)?;
    }
    Err(Error::new(
        ErrorKind::Overflow,
        format!(
            "no misère quotient was found for heap {n} within {MAX_ROUNDS} hypotheses; \
             the quotient up to heap {} is the last one found",
            n - 1
        ),
    ))
}

/// Contexts (sums of heaps below n) that tell apart every two elements of
/// `base`: representatives of elements, chosen greedily, the empty sum
/// first.
fn separating_contexts(base: &Quotient) -> Vec<Vec<u64>> {
    let size = base.len();
    let mut block = vec![0usize; size];
    let mut blocks = 1;
    let mut contexts: Vec<Vec<u64>> = Vec::new();
    let mut order: Vec<Element> = (0..size as Element).collect();
    order.sort_by_key(|&c| base.representative(c).len());
    for c in order {
        let column: Vec<bool> = (0..size as Element)
            .map(|a| base.is_lost(base.multiply(a, c)))
            .collect();
        let mut ids: HashMap<(usize, bool), usize> = HashMap::new();
        let next: Vec<usize> = (0..size)
            .map(|a| {
                let fresh = ids.len();
                *ids.entry((block[a], column[a])).or_insert(fresh)
            })
            .collect();
        if ids.len() > blocks || contexts.is_empty() {
            blocks = ids.len();
            block = next;
            let mut rep = base.representative(c).to_vec();
            rep.sort_unstable_by(|a, b| b.cmp(a));
            contexts.push(rep);
        }
        if blocks == size {
            break;
        }
    }
    contexts
}

/// Exact outcomes of sums of heaps up to n (module documentation).
struct Oracle<'a> {
    /// Asked every [`ASKED_BETWEEN`] sums worked out and every round
    /// whether to go on (the caller may stop a long computation).
    keep_going: &'a mut dyn FnMut(u64) -> ControlFlow<()>,
    ruleset: &'a Ruleset,
    n: u64,
    base: &'a Quotient,
    /// A candidate and the least sum it gets wrong (none: it is proved).
    region: Option<(Candidate, Option<Vec<u64>>)>,
    /// Sums answered from their options.
    memo: SumMemo<bool>,
    options: HashMap<u64, Arc<[Vec<u64>]>>,
    /// Heaps that are one game, and pairs that cancel.
    canon: super::Canon,
    /// The memo's size as the learner's own bound ([`MAX_MEMO_BYTES`])
    /// counts it: [`ENTRY_OVERHEAD`] and 8 bytes a heap a sum. A sign of
    /// not converging, so it keeps this fixed count; the caller's bound is
    /// checked against the memo's bytes as allocated.
    estimate: u64,
    /// Bytes the learner holds besides the memo (the best candidate, the
    /// table and its transitions), counted at each round: the memo is
    /// given what they leave of `max_bytes`.
    held: u64,
    max_bytes: u64,
}

/// The bytes of rows of `T` (each at its capacity).
fn rows_bytes<T>(rows: &Vec<Vec<T>>) -> u64 {
    allocation(size_of::<Vec<T>>() * rows.capacity())
        + rows
            .iter()
            .map(|r| allocation(size_of::<T>() * r.capacity()))
            .sum::<u64>()
}

impl Oracle<'_> {
    /// The bytes held besides the memo with a table of `table` bytes: the
    /// best candidate, the normal form and the heaps' options.
    fn bytes_besides_memo(&self, table: u64) -> u64 {
        let options: u64 = self
            .options
            .values()
            .map(|o| {
                allocation(24 * o.len() + 16)
                    + o.iter().map(|p| allocation(8 * p.len())).sum::<u64>()
            })
            .sum();
        table
            + self.region.as_ref().map_or(0, |(c, _)| c.bytes())
            + self.canon.bytes()
            + footprint::hash_table_peak::<u64, Arc<[Vec<u64>]>>(self.options.len())
            + options
    }

    fn options_of(&mut self, h: u64) -> Arc<[Vec<u64>]> {
        let ruleset = self.ruleset;
        self.options
            .entry(h)
            .or_insert_with(|| super::moving_options(ruleset, h))
            .clone()
    }

    /// Whether the sum `v` (any order; its normal form is what is asked,
    /// see [`super::Canon`]) is lost; `None` when that takes more than
    /// `budget` sums not yet known.
    fn lost(&mut self, mut v: Vec<u64>, budget: &mut usize) -> Result<Option<bool>> {
        self.canon.normalize(&mut v);
        if v.first().is_none_or(|&h| h < self.n) {
            return Ok(Some(self.base.is_lost(self.base.image_of(&v))));
        }
        if let Some((c, bound)) = &self.region
            && bound.as_ref().is_none_or(|b| precedes(&v, b))
        {
            return Ok(Some(c.lost[c.image(&v) as usize]));
        }
        if let Some(&known) = self.memo.get(&v) {
            return Ok(Some(known));
        }
        if *budget == 0 {
            return Ok(None);
        }
        *budget -= 1;
        let mut lost = true;
        'search: for i in 0..v.len() {
            if i > 0 && v[i] == v[i - 1] {
                continue;
            }
            for parts in self.options_of(v[i]).iter() {
                let next = super::with_heap_replaced(&v, i, parts);
                match self.lost(next, budget)? {
                    None => return Ok(None),
                    Some(true) => {
                        lost = false;
                        break 'search;
                    }
                    Some(false) => {}
                }
            }
        }
        self.estimate += ENTRY_OVERHEAD + 8 * v.len() as u64;
        // The learner's own bound means no quotient was found; the
        // caller's, that it did not fit.
        if self.estimate > MAX_MEMO_BYTES {
            return Err(Error::new(
                ErrorKind::Overflow,
                format!(
                    "no misère quotient was found for heap {}: it tells apart sums of smaller heaps that their quotient identifies, \
                     and learning the new quotient needs outcomes of more than {} bytes of sums (the learner's own bound); \
                     the quotient up to heap {} is the last one found",
                    self.n,
                    MAX_MEMO_BYTES,
                    self.n - 1
                ),
            ));
        }
        let left = footprint::left(self.max_bytes, self.held);
        if self.memo.bytes_inserting(&v, 0) > left {
            return Err(footprint::too_large(
                &format!(
                    "remembering the exact outcomes that learning the misère quotient for heap {} asks for",
                    self.n
                ),
                left,
            ));
        }
        self.memo.insert(v, lost, 0);
        if self.memo.len().is_multiple_of(ASKED_BETWEEN) {
            self.ask_to_go_on()?;
        }
        Ok(Some(lost))
    }

    /// [`Interrupted`](ErrorKind::Interrupted) when the caller says stop.
    fn ask_to_go_on(&mut self) -> Result<()> {
        if (self.keep_going)(self.held + self.memo.bytes()).is_break() {
            return Err(stopped_learning(self.n));
        }
        Ok(())
    }

    /// Whether `s + e` is lost: exactly, or, when that costs more than
    /// [`BUDGET`] sums, as the best candidate predicts (`false` second).
    fn entry(&mut self, s: &[u64], e: &[u64]) -> Result<(bool, bool)> {
        let mut v: Vec<u64> = s.iter().chain(e).copied().collect();
        v.sort_unstable_by(|a, b| b.cmp(a));
        let mut budget = if self.region.is_some() {
            BUDGET
        } else {
            usize::MAX
        };
        Ok(match self.lost(v.clone(), &mut budget)? {
            Some(known) => (known, true),
            None => {
                let (c, _) = self
                    .region
                    .as_ref()
                    .expect("a budget only with a candidate");
                (c.lost[c.image(&v) as usize], false)
            }
        })
    }
}

/// The observation table (module documentation).
struct Table {
    /// The heaps with a move, the alphabet.
    sigma: Vec<u64>,
    contexts: Vec<Vec<u64>>,
    /// The access sum of each state; `access[0]` is empty.
    access: Vec<Vec<u64>>,
    /// Rows of the access sums: bit j says whether s + e_j is lost.
    rows: Vec<Vec<u64>>,
    /// `ext[s][a]`: the row of `s + sigma[a]`.
    ext: Vec<Vec<Vec<u64>>>,
    /// Entries that are predictions, not known: the sum and the value.
    tentative: Vec<(Vec<u64>, Vec<u64>, bool)>,
}

impl Table {
    /// The bytes the table holds.
    fn bytes(&self) -> u64 {
        let sums = |v: &Vec<Vec<u64>>| rows_bytes(v);
        let tentative: u64 = allocation(56 * self.tentative.capacity())
            + self
                .tentative
                .iter()
                .map(|(s, e, _)| allocation(8 * s.capacity()) + allocation(8 * e.capacity()))
                .sum::<u64>();
        allocation(8 * self.sigma.len())
            + sums(&self.contexts)
            + sums(&self.access)
            + sums(&self.rows)
            + allocation(24 * self.ext.capacity())
            + self.ext.iter().map(rows_bytes).sum::<u64>()
            + tentative
    }

    /// The table with the empty sum's row, closed.
    fn new(sigma: Vec<u64>, contexts: Vec<Vec<u64>>, oracle: &mut Oracle) -> Result<Table> {
        let mut table = Table {
            sigma,
            contexts,
            access: vec![vec![]],
            rows: Vec::new(),
            ext: Vec::new(),
            tentative: Vec::new(),
        };
        let row = table.row(oracle, &[])?;
        table.rows.push(row);
        table.close(oracle)?;
        Ok(table)
    }

    fn cell(&mut self, oracle: &mut Oracle, s: &[u64], j: usize) -> Result<bool> {
        let (value, exact) = oracle.entry(s, &self.contexts[j])?;
        if !exact {
            self.tentative
                .push((s.to_vec(), self.contexts[j].clone(), value));
        }
        Ok(value)
    }

    fn row(&mut self, oracle: &mut Oracle, s: &[u64]) -> Result<Vec<u64>> {
        let mut row = vec![0u64; self.contexts.len().div_ceil(64)];
        for j in 0..self.contexts.len() {
            if self.cell(oracle, s, j)? {
                row[j / 64] |= 1 << (j % 64);
            }
        }
        Ok(row)
    }

    /// Whether some prediction in the table is now known otherwise; the
    /// predictions now known are dropped from the list.
    fn stale(&mut self, oracle: &mut Oracle) -> Result<bool> {
        let mut still = Vec::new();
        for (s, e, value) in std::mem::take(&mut self.tentative) {
            let (now, exact) = oracle.entry(&s, &e)?;
            if now != value {
                return Ok(true);
            }
            if !exact {
                still.push((s, e, value));
            }
        }
        self.tentative = still;
        Ok(false)
    }

    /// The state of each row.
    fn row_index(&self) -> HashMap<Vec<u64>, usize> {
        self.rows
            .iter()
            .enumerate()
            .map(|(i, r)| (r.clone(), i))
            .collect()
    }

    /// Adds states until every s + h has the row of some state.
    fn close(&mut self, oracle: &mut Oracle) -> Result<()> {
        let mut index = self.row_index();
        let mut s = self.ext.len();
        while s < self.access.len() {
            let mut rows = Vec::with_capacity(self.sigma.len());
            for a in 0..self.sigma.len() {
                let mut sum = self.access[s].clone();
                sum.push(self.sigma[a]);
                let row = self.row(oracle, &sum)?;
                if !index.contains_key(&row) {
                    index.insert(row.clone(), self.access.len());
                    self.access.push(sum);
                    self.rows.push(row.clone());
                }
                rows.push(row);
            }
            self.ext.push(rows);
            s += 1;
        }
        Ok(())
    }

    fn delta(&self) -> Vec<Vec<u32>> {
        let index: HashMap<&Vec<u64>, u32> = self
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| (r, i as u32))
            .collect();
        self.ext
            .iter()
            .map(|rows| rows.iter().map(|r| index[r]).collect())
            .collect()
    }

    fn letters(&self) -> HashMap<u64, usize> {
        self.sigma
            .iter()
            .enumerate()
            .map(|(i, &h)| (h, i))
            .collect()
    }

    /// The state the hypothesis reaches reading `word` from `from`.
    fn run(&self, delta: &[Vec<u32>], from: usize, word: &[u64]) -> usize {
        let letter = self.letters();
        word.iter().fold(from, |q, h| delta[q][letter[h]] as usize)
    }

    /// Where two heaps do not commute in the hypothesis: a word it gets
    /// wrong, or, when none is found this way (the table's predictions
    /// are to blame), an empty one.
    fn noncommuting(&self, delta: &[Vec<u32>], oracle: &mut Oracle) -> Result<Option<Vec<u64>>> {
        for q in 0..delta.len() {
            for g in 0..self.sigma.len() {
                for h in g + 1..self.sigma.len() {
                    let p1 = delta[delta[q][g] as usize][h] as usize;
                    let p2 = delta[delta[q][h] as usize][g] as usize;
                    if p1 == p2 {
                        continue;
                    }
                    // A context whose entries for p1 and p2 differ: the
                    // sum q + g + h + e is lost one way only, so the word
                    // through the state whose entry is wrong has a
                    // state along it whose access sum plus the rest of
                    // the word is told apart from the whole.
                    for (j, e) in self.contexts.iter().enumerate() {
                        let bit = |p: usize| self.rows[p][j / 64] >> (j % 64) & 1 == 1;
                        if bit(p1) == bit(p2) {
                            continue;
                        }
                        let mut sum = self.access[q].clone();
                        sum.extend([self.sigma[g], self.sigma[h]]);
                        let (truth, exact) = oracle.entry(&sum, e)?;
                        if !exact {
                            continue;
                        }
                        let (x, y) = if bit(p1) != truth { (g, h) } else { (h, g) };
                        let mut word = self.access[q].clone();
                        word.extend([self.sigma[x], self.sigma[y]]);
                        word.extend(e.iter().copied());
                        return Ok(Some(word));
                    }
                    return Ok(Some(Vec::new()));
                }
            }
        }
        Ok(None)
    }

    /// The hypothesis as a monoid: states multiply by reading the second's
    /// access sum from the first (the heaps commute).
    ///
    /// # Errors
    /// [`TooLarge`](ErrorKind::TooLarge) when its table would pass
    /// `max_bytes`: refused before it is built.
    fn candidate(&self, delta: &[Vec<u32>], n: u64, max_bytes: u64) -> Result<Candidate> {
        let size = self.access.len();
        // The hypothesis, and, once it is proved, the quotient made from it.
        let heaps = self.sigma.last().map_or(1, |&h| h as usize + 1);
        let needed = footprint::candidate(size, heaps) + to_quotient_bytes(size, heaps);
        super::construction::check_size(n, size, needed, max_bytes)?;
        let product: Vec<Vec<u32>> = (0..size)
            .map(|a| {
                (0..size)
                    .map(|b| self.run(delta, a, &self.access[b]) as u32)
                    .collect()
            })
            .collect();
        let letter = self.letters();
        let max = self.sigma.last().copied().unwrap_or(0);
        let heaps = (0..=max)
            .map(|h| letter.get(&h).map_or(0, |&a| delta[0][a]))
            .collect();
        Ok(Candidate {
            product,
            lost: self.rows.iter().map(|r| r[0] & 1 == 1).collect(),
            heaps,
        })
    }

    /// Rivest and Schapire's step: from a word the hypothesis gets wrong,
    /// the context that tells apart a state's access sum plus a heap from
    /// the state it was merged with: the first i where the access sum of
    /// the state after i heaps plus the rest of the word changes outcome.
    /// `false` when it never does (a prediction in the table was wrong).
    fn counterexample(
        &mut self,
        word: &[u64],
        delta: &[Vec<u32>],
        oracle: &mut Oracle,
    ) -> Result<bool> {
        let letter = self.letters();
        let mut states = vec![0usize];
        for h in word {
            let q = *states.last().expect("a state");
            states.push(delta[q][letter[h]] as usize);
        }
        let mut previous = oracle.entry(&self.access[states[0]], word)?.0;
        for i in 0..word.len() {
            let next = oracle.entry(&self.access[states[i + 1]], &word[i + 1..])?.0;
            if next != previous {
                // A context already in the table tells nothing new (a
                // prediction in it was wrong): no progress.
                return self.add_context(word[i + 1..].to_vec(), oracle);
            }
            previous = next;
        }
        Ok(false)
    }

    /// Adds `context` to the table; `false` when it is there already.
    fn add_context(&mut self, mut context: Vec<u64>, oracle: &mut Oracle) -> Result<bool> {
        context.sort_unstable_by(|a, b| b.cmp(a));
        if self.contexts.contains(&context) {
            return Ok(false);
        }
        let j = self.contexts.len();
        self.contexts.push(context);
        let words = self.contexts.len().div_ceil(64);
        for s in 0..self.access.len() {
            let access = self.access[s].clone();
            let value = self.cell(oracle, &access, j)?;
            self.rows[s].resize(words, 0);
            self.rows[s][j / 64] |= u64::from(value) << (j % 64);
            if s < self.ext.len() {
                for a in 0..self.sigma.len() {
                    let mut sum = access.clone();
                    sum.push(self.sigma[a]);
                    let value = self.cell(oracle, &sum, j)?;
                    self.ext[s][a].resize(words, 0);
                    self.ext[s][a][j / 64] |= u64::from(value) << (j % 64);
                }
            }
        }
        // Rows of s + h that are now new become states; rows of states
        // that are now equal (a prediction was wrong before) cannot be,
        // the earlier contexts are unchanged.
        let mut index = self.row_index();
        for s in 0..self.ext.len() {
            for a in 0..self.sigma.len() {
                let row = self.ext[s][a].clone();
                if !index.contains_key(&row) {
                    index.insert(row.clone(), self.access.len());
                    let mut sum = self.access[s].clone();
                    sum.push(self.sigma[a]);
                    self.rows.push(row);
                    self.access.push(sum);
                }
            }
        }
        Ok(true)
    }
}

/// The bytes [`to_quotient_with`] allocates for a candidate of `size`
/// elements with images of `heaps` heaps: Moore's work and the quotient
/// (at most as many elements). Each element is represented by a sum found
/// breadth first, counted here at up to 64 heaps: an estimate, not a
/// bound (a sum can be as long as the quotient has elements; those met
/// here have a few heaps).
pub(super) fn to_quotient_bytes(size: usize, heaps: usize) -> u64 {
    footprint::coarsest(size, heaps)
        + footprint::candidate(size, heaps)
        + allocation(8 * size)
        + allocation(24 * size)
        + size as u64 * allocation(8 * size.clamp(1, 64))
}

/// [`to_quotient_with`], refused when it would pass `max_bytes` with `c`
/// (held while the quotient is made).
pub(super) fn to_quotient_within(c: &Candidate, n: u64, max_bytes: u64) -> Result<Quotient> {
    super::construction::check_size(
        n,
        c.len(),
        c.bytes() + to_quotient_bytes(c.len(), c.heaps.len()),
        max_bytes,
    )?;
    Ok(to_quotient_with(c, n))
}

/// The proved candidate as a quotient: its elements that no sum tells
/// apart identified (Moore's refinement, as in [`super::reduce`]; a table
/// with predictions may keep apart states that are one element), each
/// represented by its shortest sum ([`Quotient::from_table`]).
pub(super) fn to_quotient_with(c: &Candidate, n: u64) -> Quotient {
    let mut generators: Vec<u32> = c.heaps.iter().copied().filter(|&g| g != 0).collect();
    generators.sort_unstable();
    generators.dedup();
    let initial: Vec<u32> = c.lost.iter().map(|&l| u32::from(l)).collect();
    let class = super::moore::coarsest(&initial, generators.len(), |m, j| {
        c.multiply(m as u32, generators[j]) as usize
    });
    // Classes are numbered by first member (the identity's is 0); the
    // product of two classes is that of any of their members.
    let (members, product) = super::moore::class_table(&class, |u, v| c.multiply(u, v));
    let mut heaps: Vec<Element> = c.heaps.iter().map(|&h| class[h as usize]).collect();
    heaps.resize(n as usize + 1, 0);
    Quotient::from_table(
        n,
        product,
        members.iter().map(|&m| c.lost[m]).collect(),
        heaps,
    )
}

/// The candidate Q × {1, x, …, x^(len−1)} of `columns` over `q` as a
/// monoid table, element (a, k) numbered a·len + k.
pub(super) fn product_candidate(q: &Quotient, columns: &Columns, n: u64) -> Candidate {
    let len = columns.len();
    let size = q.len() * len;
    let product = (0..size)
        .map(|u| {
            (0..size)
                .map(|v| {
                    let (a, k) = (u / len, u % len);
                    let (b, l) = (v / len, v % len);
                    (q.multiply(a as Element, b as Element) as usize * len + columns.reduce(k + l))
                        as u32
                })
                .collect()
        })
        .collect();
    let mut heaps: Vec<u32> = q.heap_elements().iter().map(|&a| a * len as u32).collect();
    heaps.resize(n as usize, 0);
    heaps.push(columns.reduce(1) as u32);
    Candidate {
        product,
        lost: (0..size).map(|m| columns.lost[m % len][m / len]).collect(),
        heaps,
    }
}
