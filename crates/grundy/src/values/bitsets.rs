//! The bitset engine: every take-and-break code, with the values of all
//! splits of a heap kept as sets of bits.
//!
//! A move of a take-and-break code removes `i` tokens and leaves zero, one,
//! two or three heaps. The values of the moves that leave `m = n − i` tokens
//! in two heaps form the set
//!
//! `P2[m] = { G(a) ⊕ G(b) : a + b = m, a, b ≥ 1 }`,
//!
//! and in three heaps
//!
//! `T3[m] = { G(a) ⊕ G(b) ⊕ G(c) : a + b + c = m, a, b, c ≥ 1 }
//!        = ⋃_{c = 1}^{m − 2} (P2[m − c] ⊕ G(c))`,
//!
//! where `S ⊕ x` is `{ s ⊕ x : s ∈ S }`. Every `m` is read by every take the
//! code allows, so the engine makes both sets once per heap, as bitsets of
//! `W` bits (`W` a power of two, at least 64, above every value: nim-sums of
//! values below `W` stay below `W`):
//!
//! - `P2[m]` directly, one bit for each of the `m/2` splits;
//! - `T3[m]` by permuting each `P2[m − c]` by `⊕ G(c)`. Permuting by `x`
//!   moves word `j` to word `j ⊕ (x >> 6)`, only a choice of index, and
//!   inside each word swaps adjacent blocks of `2^k` bits for each set bit
//!   `k` of `x & 63`, up to six masked shifts a word. So the sets are first
//!   gathered into 64 classes by `G(c) & 63`, words moved as they are read,
//!   and each class is permuted inside its words once.
//!
//! `G(n)` is then the first zero bit of the union of the option sets of `n`.
//! The naive engine reads the `n²/12` three-part splits of each take one by
//! one, O(N³) in all; here heap `n` costs `n/4` bit insertions and `n` word
//! rows, O(N²·W/64) in all, and the rows are read in order. When a value
//! reaches `W` the sets widen to `2W` bits. Values only grow, so each
//! `P2[m]` is kept as wide as the sets were when it was made: where values
//! grow with the heap, as for `hex:0.8f`, that halves both the memory and
//! the rows read. `T3` is kept only for the last heaps, those the takes read
//! back to.

use crate::error::{Error, ErrorKind, Result};
use crate::nimber::Nimber;
use crate::ruleset::Ruleset;
use std::ops::ControlFlow;

use crate::values::{Budget, Progress, ValueTable, human_bytes, report, report_every};

/// The widest sets the engine makes: values must fit in 32 bits.
const MAX_WIDTH_LOG: u32 = 32;

/// Whether the bitset engine handles `ruleset`: every take-and-break code.
///
/// It is exact for any code; [`Engine::Auto`](super::Engine::Auto) chooses
/// it for codes that may leave three heaps, where it is much faster than the
/// naive engine.
///
/// ```
/// use grundy::{Ruleset, values::bitsets::applies};
/// assert!(applies(&"hex:0.8f".parse::<Ruleset>()?));
/// assert!(applies(&"0.07".parse::<Ruleset>()?));
/// assert!(!applies(&"grundy".parse::<Ruleset>()?));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn applies(ruleset: &Ruleset) -> bool {
    Takes::of(ruleset).is_some()
}

/// Extends `table` to `len` values with the bitset engine, its sets within
/// `budget` together with the table.
///
/// Values already in `table` are trusted and kept; the sets are rebuilt
/// from them first, in O(L²) bit insertions for L values.
///
/// ```
/// use grundy::{Ruleset, ValueTable, values::{self, Budget, Engine, Options, bitsets}};
/// let game: Ruleset = "hex:0.8f".parse()?;
/// let mut table = ValueTable::new();
/// bitsets::extend(&game, &mut table, 301, Budget::default(), &mut grundy::values::silent)?;
/// let naive = Options { engine: Engine::Naive, ..Options::default() };
/// assert_eq!(table, values::compute_with(&game, 300, naive, &mut grundy::values::silent)?);
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`ErrorKind::InvalidInput`] if the engine does not apply ([`applies`]);
/// [`ErrorKind::TooLarge`] if the table and the sets would not fit in
/// `budget` (checked before allocating, and again before the sets widen),
/// or a value would reach 2^32.
///
/// # Complexity
/// O(N²·W/64) time for N heaps and values below `W` (a power of two, at
/// least 64): N²/4 bit insertions for the splits in two, and for the splits
/// in three N²/2 word operations if `W` is 64, N²/2 rows of at most `W/64`
/// words otherwise. Memory: at most `W/8 + 4` bytes a heap besides the
/// table, and `(T + 66)·W/8` bytes for the largest take `T` that splits in
/// three.
pub fn extend(
    ruleset: &Ruleset,
    table: &mut ValueTable,
    len: usize,
    budget: Budget,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<()> {
    Computation::new(ruleset, budget)?.extend(table, len, progress)
}

/// The bitset engine with its sets kept between calls, for a table extended
/// in steps: [`extend`] rebuilds them from the whole table each time.
///
/// ```
/// use grundy::{Ruleset, ValueTable, values::{Budget, bitsets::{self, Computation}}};
/// let game: Ruleset = "hex:0.8f".parse()?;
/// let mut table = ValueTable::new();
/// let mut engine = Computation::new(&game, Budget::default())?;
/// for len in [100, 200, 300] {
///     engine.extend(&mut table, len, &mut grundy::values::silent)?;
/// }
/// let mut at_once = ValueTable::new();
/// bitsets::extend(&game, &mut at_once, 300, Budget::default(), &mut grundy::values::silent)?;
/// assert_eq!(table, at_once);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug)]
pub struct Computation {
    budget: Budget,
    sets: Sets,
}

impl Computation {
    /// The engine for `ruleset`, its memory within `budget`.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`] if the engine does not apply ([`applies`]).
    pub fn new(ruleset: &Ruleset, budget: Budget) -> Result<Computation> {
        let takes = Takes::of(ruleset).ok_or_else(|| does_not_apply(ruleset))?;
        Ok(Computation {
            budget,
            sets: Sets::new(takes),
        })
    }

    /// Extends `table` to `len` values, as [`extend`] does. The sets are
    /// rebuilt first only if `table` is not as long as the engine left it
    /// (another table, or one changed meanwhile).
    ///
    /// # Errors
    /// As [`extend`].
    ///
    /// # Complexity
    /// As [`extend`], without the rebuild when the table is the one the
    /// engine left.
    pub fn extend(
        &mut self,
        table: &mut ValueTable,
        len: usize,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<()> {
        let start = table.len();
        if start >= len {
            return Ok(());
        }
        let sets = &mut self.sets;
        if sets.len() != start {
            *sets = Sets::new(sets.takes.clone());
        }
        // The table's bytes at its present width; `check_fits` saw to the
        // rest.
        let limit = Limit {
            budget: self.budget,
            table_bytes: len as u128 * table.bytes_per_heap() as u128,
            len,
        };
        sets.reserve(&limit)?;
        table.set_capacity_hint(len);
        // A rebuild replays the heaps the table holds, their values given:
        // the sets come out as they were made (`T3` only where read).
        for n in sets.len()..start {
            sets.advance(Some(table.raw(n)), start, &limit)?;
        }
        for n in start..len {
            let value = sets.advance(None, len, &limit)?;
            table.try_push(Nimber::new(value))?;
            // Heaps cost work that grows with them: every one is reported,
            // so a request to stop is seen at once.
            report_every(progress, n + 1, len, 1)?;
        }
        report(progress, len, len)
    }
}

/// The error for a game the engine does not apply to ([`applies`]).
pub(crate) fn does_not_apply(ruleset: &Ruleset) -> Error {
    Error::input(format!(
        "the bitset engine applies to take-and-break codes, not to {ruleset}"
    ))
    .with_detail(crate::Detail::EngineDoesNotApply {
        engine: crate::values::Engine::Bitsets,
    })
}

/// The takes of a code, grouped by how many heaps they may leave.
#[derive(Clone, Debug)]
struct Takes {
    /// Takes `t > 0` that may remove a whole heap of `t`.
    ends: Vec<usize>,
    /// Takes `t > 0` that may leave one heap.
    leaves: Vec<usize>,
    /// Takes `t >= 0` that may leave two heaps.
    pairs: Vec<usize>,
    /// Takes `t >= 0` that may leave three heaps.
    triples: Vec<usize>,
}

impl Takes {
    fn of(ruleset: &Ruleset) -> Option<Takes> {
        let Ruleset::TakeAndBreak(code) = ruleset else {
            return None;
        };
        // d0 never allows taking nothing and leaving no heap or one.
        Some(Takes {
            ends: code.takes_leaving(0),
            leaves: code.takes_leaving(1),
            pairs: code.takes_leaving(2),
            triples: code.takes_leaving(3),
        })
    }

    /// Whether the sets `P2` are needed: some move leaves two or three heaps.
    fn splits(&self) -> bool {
        !self.pairs.is_empty() || !self.triples.is_empty()
    }

    /// How many sets `T3` are kept: those of the heaps the largest take
    /// reads back to (none if no move leaves three heaps).
    fn triple_rows(&self) -> usize {
        self.triples.last().map_or(0, |&t| t + 1)
    }
}

/// Words of 64 bits a set needs for values up to `max`.
fn words_for(max: u64) -> Result<usize> {
    match max.checked_add(1).map(|v| v.next_power_of_two().max(64)) {
        Some(bits) if bits.trailing_zeros() <= MAX_WIDTH_LOG => Ok((bits / 64) as usize),
        _ => Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "the bitset engine keeps values below 2^{MAX_WIDTH_LOG} but this game reached {max}"
            ),
        )
        .with_detail(crate::Detail::EngineDoesNotApply {
            engine: crate::values::Engine::Bitsets,
        })),
    }
}

/// The memory the engine may take: the budget less the table's.
#[derive(Clone, Copy, Debug)]
struct Limit {
    budget: Budget,
    /// The table's bytes at `len` heaps.
    table_bytes: u128,
    /// The heaps asked for.
    len: usize,
}

impl Limit {
    /// Checks that `need` bytes of the engine, `per_heap` of them for each
    /// heap from `done` on, fit beside the table.
    fn check(&self, need: u128, per_heap: u128, done: usize, words: usize) -> Result<()> {
        let max = u128::from(self.budget.max_bytes());
        let total = need + self.table_bytes;
        if total <= max {
            return Ok(());
        }
        // Heaps h fit while made + (h − done)·per_heap + h·table ≤ max.
        let made = need - (self.len - done) as u128 * per_heap;
        let table = self.table_bytes / self.len as u128;
        let fits = (max + done as u128 * per_heap).saturating_sub(made) / (per_heap + table).max(1);
        let need = total.min(u128::from(u64::MAX)) as u64;
        let fits = fits.min(u128::from(u64::MAX)).saturating_sub(1) as u64;
        Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "the bitset engine needs {} for {} heaps (sets of {} bits) but the memory budget is {}; ask for at most {fits} heaps",
                human_bytes(need),
                self.len,
                words * 64,
                human_bytes(self.budget.max_bytes()),
            ),
        )
        .with_detail(crate::Detail::OverBudget {
            need,
            budget: self.budget.max_bytes(),
            fits: Some(fits),
        }))
    }
}

/// The sets `P2[m]` of every heap so far, each as wide as the sets were
/// when it was made (its values are below that width), in runs of rows of
/// one width.
#[derive(Debug, Default)]
struct Pairs {
    words: Vec<u64>,
    runs: Vec<Run>,
    len: usize,
}

/// Rows of one width in [`Pairs`].
#[derive(Clone, Copy, Debug)]
struct Run {
    /// The heap of the first row.
    first: usize,
    /// Words a row.
    width: usize,
    /// Where the first row starts in [`Pairs::words`].
    start: usize,
}

impl Pairs {
    /// Row `m`, as wide as it was made.
    fn row(&self, m: usize) -> &[u64] {
        let run = self
            .runs
            .iter()
            .rev()
            .find(|r| r.first <= m)
            .expect("row 0 starts the first run");
        let at = run.start + (m - run.first) * run.width;
        &self.words[at..at + run.width]
    }

    /// Appends a row of `width` zero words and returns it.
    fn push(&mut self, width: usize) -> &mut [u64] {
        if self.runs.last().is_none_or(|r| r.width != width) {
            self.runs.push(Run {
                first: self.len,
                width,
                start: self.words.len(),
            });
        }
        self.len += 1;
        let start = self.words.len();
        self.words.resize(start + width, 0);
        &mut self.words[start..]
    }

    /// The runs with where each ends, the rows in `from..to` only.
    fn runs_in(&self, from: usize, to: usize) -> impl Iterator<Item = (Run, usize, usize)> + '_ {
        self.runs.iter().enumerate().filter_map(move |(k, &run)| {
            let end = self.runs.get(k + 1).map_or(self.len, |r| r.first).min(to);
            let first = run.first.max(from);
            (first < end).then_some((run, first, end))
        })
    }
}

/// Everything the engine keeps besides the table; all of it can be rebuilt
/// from the table.
#[derive(Debug)]
struct Sets {
    takes: Takes,
    /// 64-bit words a set: `W = 64·words` bits, above every value.
    words: usize,
    /// `G(0..len)`.
    values: Vec<u32>,
    /// `P2[m]` for every `m < len` (none if the code never splits).
    pairs: Pairs,
    /// `T3[m]` for the last [`Takes::triple_rows`] heaps, row `m % rows`,
    /// `words` words each.
    triples: Vec<u64>,
    /// Scratch of [`Sets::make_triples`] while sets are wider than one
    /// word: 64 sets, one for each low six bits of a value.
    classes: Vec<u64>,
    /// Scratch: a heap's options.
    options: Vec<u64>,
}

impl Sets {
    fn new(takes: Takes) -> Sets {
        Sets {
            takes,
            words: 1,
            values: Vec::new(),
            pairs: Pairs::default(),
            triples: Vec::new(),
            classes: Vec::new(),
            options: Vec::new(),
        }
    }

    /// Heaps whose value the sets hold.
    fn len(&self) -> usize {
        self.values.len()
    }

    /// The bytes of the engine's sets of `words` words: the rows of `P2`
    /// made and to come, the values, the rows of `T3`, the classes and the
    /// options; and the bytes each heap to come adds.
    fn bytes(&self, words: usize, len: usize) -> (u128, u128) {
        let row = words as u128 * 8;
        let per_heap = 4 + if self.takes.splits() { row } else { 0 };
        let fixed = match self.takes.triple_rows() {
            0 => row,
            rows => (rows as u128 + 65) * row,
        };
        let made = self.pairs.words.len() as u128 * 8 + self.len() as u128 * 4;
        let to_come = len.saturating_sub(self.len()) as u128;
        (made + fixed + to_come * per_heap, per_heap)
    }

    /// Checks the budget for sets of the present width up to `limit.len`
    /// heaps and reserves their room.
    fn reserve(&mut self, limit: &Limit) -> Result<()> {
        let (need, per_heap) = self.bytes(self.words, limit.len);
        limit.check(need, per_heap, self.len(), self.words)?;
        self.make_room(limit.len)
    }

    /// Reserves room for the rows of `P2` up to `len` heaps at the present
    /// width, and sizes the rows of `T3` and the scratch.
    fn make_room(&mut self, len: usize) -> Result<()> {
        let more = len.saturating_sub(self.len());
        let refused = |_| {
            Error::new(
                ErrorKind::TooLarge,
                format!("the allocator refused the bitset engine's sets for {len} heaps"),
            )
        };
        self.values.try_reserve_exact(more).map_err(refused)?;
        if self.takes.splits() {
            self.pairs
                .words
                .try_reserve_exact(more * self.words)
                .map_err(refused)?;
        }
        let rows = self.takes.triple_rows();
        if rows > 0 {
            self.triples.resize(rows * self.words, 0);
            if self.words > 1 {
                self.classes.resize(64 * self.words, 0);
            }
        }
        self.options.resize(self.words, 0);
        Ok(())
    }

    /// Takes heap `n = len` in: makes its sets, then records `known` as its
    /// value, or computes the value as the mex of its options. Returns the
    /// value. A known value needs no `T3[n]` unless a heap to compute reads
    /// it (`n` is among the last heaps of a rebuild, `upto` heaps in all).
    fn advance(&mut self, known: Option<u64>, upto: usize, limit: &Limit) -> Result<u64> {
        let n = self.len();
        if self.takes.splits() {
            self.push_pairs(n);
        }
        let rows = self.takes.triple_rows();
        if rows > 0 && (known.is_none() || n + rows > upto) {
            self.make_triples(n);
        }
        let value = match known {
            Some(value) => value,
            None => self.mex(n),
        };
        if value >= 64 * self.words as u64 {
            self.widen(value, limit)?;
        }
        self.values.push(value as u32);
        Ok(value)
    }

    /// Appends `P2[n]`: one bit for each split `a + (n − a)`, `a <= n/2`.
    fn push_pairs(&mut self, n: usize) {
        let g = &self.values;
        let row = self.pairs.push(self.words);
        if let [word] = row {
            for a in 1..=n / 2 {
                *word |= 1 << (g[a] ^ g[n - a]);
            }
            return;
        }
        for a in 1..=n / 2 {
            let x = (g[a] ^ g[n - a]) as usize;
            row[x / 64] |= 1 << (x % 64);
        }
    }

    /// Makes `T3[n]` from `P2[1..n]` and `G(1..n)`: each `P2[n − c]` goes
    /// to class `G(c) & 63`, its words moved by `G(c) >> 6`; each class is
    /// then permuted inside its words. (The heap `n − 1` adds `P2[1]`, which
    /// is empty.)
    fn make_triples(&mut self, n: usize) {
        let words = self.words;
        let at = n % self.takes.triple_rows() * words;
        let out = &mut self.triples[at..at + words];
        let g = &self.values[..n];
        if words == 1 {
            // Every row is one word, in one run from row 0.
            let rows = &self.pairs.words[..n];
            let mut classes = [0u64; 64];
            for c in 1..n {
                classes[g[c] as usize % 64] |= rows[n - c];
            }
            out[0] = (0..64).fold(0, |set, l| set | xor_permute_word(classes[l], l as u32));
            return;
        }
        let classes = &mut self.classes;
        classes.fill(0);
        let mut used = 0u64;
        for (run, first, end) in self.pairs.runs_in(1, n) {
            let width = run.width;
            let rows = &self.pairs.words[run.start..];
            for m in first..end {
                let row = &rows[(m - run.first) * width..][..width];
                let v = g[n - m] as usize;
                let (high, low) = (v / 64, v % 64);
                used |= 1 << low;
                // Words j < width go to j ⊕ high: a block of `width` words
                // at `high` less its low bits, permuted by those.
                let (base, shift) = (high & !(width - 1), high & (width - 1));
                let class = &mut classes[low * words + base..][..width];
                if shift == 0 {
                    for (x, &p) in class.iter_mut().zip(row) {
                        *x |= p;
                    }
                } else {
                    for (j, &p) in row.iter().enumerate() {
                        class[(j ^ shift) & (width - 1)] |= p;
                    }
                }
            }
        }
        out.fill(0);
        while used != 0 {
            let low = used.trailing_zeros();
            used &= used - 1;
            let class = &classes[low as usize * words..][..words];
            for (o, &x) in out.iter_mut().zip(class) {
                *o |= xor_permute_word(x, low);
            }
        }
    }

    /// The mex of the options of heap `n`, whose sets are made.
    fn mex(&mut self, n: usize) -> u64 {
        let words = self.words;
        let options = &mut self.options[..words];
        options.fill(0);
        let takes = &self.takes;
        if takes.ends.contains(&n) {
            options[0] |= 1;
        }
        for &t in takes.leaves.iter().filter(|&&t| t < n) {
            let v = self.values[n - t] as usize;
            options[v / 64] |= 1 << (v % 64);
        }
        for &t in takes.pairs.iter().filter(|&&t| t <= n) {
            for (o, &p) in options.iter_mut().zip(self.pairs.row(n - t)) {
                *o |= p;
            }
        }
        let rows = takes.triple_rows();
        for &t in takes.triples.iter().filter(|&&t| t <= n) {
            let at = (n - t) % rows * words;
            for (o, &p) in options.iter_mut().zip(&self.triples[at..at + words]) {
                *o |= p;
            }
        }
        match options.iter().position(|&o| o != u64::MAX) {
            Some(j) => 64 * j as u64 + u64::from(options[j].trailing_ones()),
            None => 64 * words as u64,
        }
    }

    /// Widens the sets to come, the rows of `T3` and the scratch to hold
    /// `value` (and so every nim-sum of values up to it), after checking
    /// the budget. The rows of `P2` made so far keep their width.
    fn widen(&mut self, value: u64, limit: &Limit) -> Result<()> {
        let words = words_for(value)?;
        let (need, per_heap) = self.bytes(words, limit.len);
        // The rows of `P2` may move while their room grows.
        let moving = self.pairs.words.capacity() as u128 * 8;
        limit.check(need + moving, per_heap, self.len(), words)?;
        let old = self.words;
        let mut triples = Vec::new();
        for row in self.triples.chunks_exact(old) {
            triples.extend_from_slice(row);
            triples.resize(triples.len() + words - old, 0);
        }
        self.triples = triples;
        self.words = words;
        self.make_room(limit.len)
    }
}

/// Bit masks of the even blocks of `2^k` bits in a word, `k = 0..6`.
const BLOCKS: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

/// The word whose bit `i ⊕ x` is bit `i` of `word`, for `x < 64`: for each
/// set bit `k` of `x`, adjacent blocks of `2^k` bits swap places.
#[inline]
pub(super) fn xor_permute_word(mut word: u64, x: u32) -> u64 {
    for (k, &mask) in BLOCKS.iter().enumerate() {
        if x >> k & 1 != 0 {
            let shift = 1 << k;
            word = (word & mask) << shift | (word >> shift) & mask;
        }
    }
    word
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn xor_permute_moves_each_bit_to_its_xor(word: u64, x in 0u32..64) {
            let moved = xor_permute_word(word, x);
            for i in 0..64 {
                prop_assert_eq!(moved >> (i ^ x) & 1, word >> i & 1);
            }
        }
    }

    #[test]
    fn rows_keep_the_width_they_were_made_with() {
        // Values of hex:0.8f grow with the heap: G(n) is about 4n/7.
        let game: Ruleset = "hex:0.8f".parse().unwrap();
        let mut table = ValueTable::new();
        let mut engine = Computation::new(&game, Budget::default()).unwrap();
        engine
            .extend(&mut table, 600, &mut crate::values::silent)
            .unwrap();
        let widths: Vec<usize> = engine.sets.pairs.runs.iter().map(|r| r.width).collect();
        assert_eq!(widths, [1, 2, 4, 8]);
        // The sets widen after the first value 64.
        let first_wide = engine.sets.pairs.runs[1].first;
        assert_eq!(table.raw(first_wide - 1), 64);
        let mut naive = ValueTable::new();
        crate::values::naive::extend(&game, &mut naive, 600, &mut crate::values::silent).unwrap();
        assert_eq!(table, naive);
    }
}
