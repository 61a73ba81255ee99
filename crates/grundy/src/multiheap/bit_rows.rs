//! The fast scan: key tables as rows of bits along the last coordinate.
//!
//! The method and the keys are those of [`keys`](super::keys); only the order
//! of work changes. Fix the first `K − 1` sorted coordinates, the *prefix*
//! `p`, and let the last one, `z >= p[K−2]`, run. Every key of `(p, z)` then
//! varies with `z` in one coordinate only, and by `z` plus a constant:
//!
//! * a family `T` that does not move the last heap keeps the last heap in
//!   its key, as the largest untouched coordinate;
//! * a family `T` that moves the last heap and another keeps `z − m`, with `m`
//!   the smallest coordinate of `T`, as its largest difference;
//! * the family that moves the last heap alone keeps the prefix itself: it
//!   does not vary, and once taken no `z` is P.
//!
//! So each key table is stored twice where needed, with the varying
//! coordinate as the bit index within a row and the other `K − 2` key
//! coordinates choosing the row: a "U-row" table whose bits run along the
//! largest untouched coordinate, and a "D-row" table whose bits run along the
//! largest difference. For a prefix, the OR of at most `2^K − 2` rows, each
//! read at its own bit offset, is the set of blocked `z`, 64 at a time, and
//! the first zero bit is the next P-position. Marking a new P-position sets
//! one bit in each of its tables; the search then resumes after it (or stops,
//! when single-heap moves are allowed, since the prefix key is now taken).
//!
//! Two refinements keep the work near the answer. Each row remembers its
//! latest stretch of set bits (bits are only ever set, so a stretch stays
//! valid), and the search leaps over a stretch instead of re-reading it for
//! every prefix that starts inside it. And, when single-heap moves are
//! allowed and there are at most three heaps, prefixes are taken in blocks of
//! the first coordinate, which is also a valid order for the key method and
//! keeps that coordinate's rows in cache; each block's P-positions are held
//! back and passed on by first coordinate, so callers still see
//! lexicographic order.
//!
//! ```
//! use grundy::multiheap::{self, SubsetGame};
//! let tally = multiheap::count(&SubsetGame::stone(), 100)?; // Method::Fast
//! assert_eq!((tally.count, tally.sum), (1_264, 173_895));
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! # Complexity
//! Θ(N^(K−1)) prefixes, each scanning at most `N / 64` words in each of its
//! rows; in practice a few words, since the scan stops at the first free `z`
//! when single-heap moves are allowed and leaps over full stretches. For the
//! stone game the measured time grows slower than N^3 up to N = 10 000 (see
//! `docs/benchmarks.md`). Memory: `(N + 1)^(K − 2)` rows of
//! `⌈(N + 1) / 64⌉ + 1` words for each table, at most `2·|sizes|` tables,
//! plus the P-positions of one block (at most `64·(N + 1)`) or of one prefix.

use std::ops::ControlFlow;

use super::{
    MAX_HEAPS, Progress, SubsetGame, Tally, allocate, families, key_digits, next_sorted,
    sorted_tuples, stopped,
};
use crate::error::Result;

/// Where a key lives in the bit tables.
struct Layout {
    heaps: usize,
    base: usize,
    words: usize,
    rows: usize,
    /// Table number of the U-row and D-row tables of each subset size.
    u_table: [Option<usize>; MAX_HEAPS + 1],
    d_table: [Option<usize>; MAX_HEAPS + 1],
    tables: usize,
}

impl Layout {
    fn new(game: &SubsetGame, to: u32) -> Self {
        let heaps = game.heaps();
        let base = to as usize + 1;
        let mut u_table = [None; MAX_HEAPS + 1];
        let mut d_table = [None; MAX_HEAPS + 1];
        let mut tables = 0;
        for s in game.sizes() {
            if s < heaps {
                u_table[s] = Some(tables);
                tables += 1;
            }
            if s >= 2 {
                d_table[s] = Some(tables);
                tables += 1;
            }
        }
        Layout {
            heaps,
            base,
            words: base.div_ceil(64) + 1,
            rows: base.pow(heaps as u32 - 2),
            u_table,
            d_table,
            tables,
        }
    }

    /// The bytes of the bit tables and their run caches.
    fn bytes(&self) -> u128 {
        let per_row = self.words * 8 + std::mem::size_of::<Run>();
        self.tables as u128 * self.rows as u128 * per_row as u128
    }

    fn row_number(&self, digits: impl Iterator<Item = u32>) -> usize {
        digits.fold(0, |acc, d| acc * self.base + d as usize)
    }

    /// The first word of the row and the bit column of a key (`digits` as
    /// [`key_digits`] makes them, subset size `size`) in the U-row table.
    fn in_u_table(&self, digits: &[u32], size: usize) -> Option<(usize, u32)> {
        let table = self.u_table[size]?;
        let k = self.heaps;
        let untouched = &digits[..k - size];
        let differences = &digits[k - size..];
        let (&column, rest) = untouched.split_last()?;
        let row = self.row_number(differences.iter().chain(rest).copied());
        Some(((table * self.rows + row) * self.words, column))
    }

    /// As [`in_u_table`](Self::in_u_table), in the D-row table.
    fn in_d_table(&self, digits: &[u32], size: usize) -> Option<(usize, u32)> {
        let table = self.d_table[size]?;
        let (&column, rest) = digits.split_last()?;
        let row = self.row_number(rest.iter().copied());
        Some(((table * self.rows + row) * self.words, column))
    }
}

/// The bytes of the bit tables for `to`, with their run caches and the
/// positions held back.
pub(crate) fn table_bytes(game: &SubsetGame, to: u32) -> u128 {
    let heaps = game.heaps() as u32;
    let base = u128::from(to) + 1;
    let tables = game
        .sizes()
        .iter()
        .map(|&s| usize::from(s < game.heaps()) + usize::from(s >= 2))
        .sum::<usize>();
    let per_row = (base.div_ceil(64) + 1) * 8 + std::mem::size_of::<Run>() as u128;
    tables as u128 * base.pow(heaps - 2) * per_row + buffer_bytes(game, to)
}

fn test(bits: &[u64], word: usize, column: u32) -> bool {
    bits[word + column as usize / 64] >> (column % 64) & 1 == 1
}

fn set(bits: &mut [u64], word: usize, column: u32) {
    bits[word + column as usize / 64] |= 1 << (column % 64);
}

/// The 64 bits of a row from bit `start` on.
fn window(bits: &[u64], word: usize, start: u32) -> u64 {
    let w = word + start as usize / 64;
    let shift = start % 64;
    if shift == 0 {
        bits[w]
    } else {
        bits[w] >> shift | bits[w + 1] << (64 - shift)
    }
}

/// A cached stretch `start..end` of set bits in one row. Bits are only ever
/// set, so a run stays valid and can only grow; caching it saves re-reading
/// the long full stretches that prefix after prefix starts in.
#[derive(Clone, Copy, Default)]
struct Run {
    start: u32,
    end: u32,
}

impl Run {
    /// The first clear bit at or after `column` (at most `to + 1`) of the row
    /// starting at `word`, remembering the run of set bits that leads to it.
    fn ones_from(&mut self, bits: &[u64], word: usize, column: u32, to: u32) -> u32 {
        if column < self.start || column > self.end {
            *self = Run {
                start: column,
                end: column,
            };
        }
        while self.end <= to {
            let ones = window(bits, word, self.end).trailing_ones();
            self.end = (self.end + ones).min(to + 1);
            if ones < 64 {
                break;
            }
        }
        self.end
    }
}

/// How many first coordinates one block of the scan spans (see [`scan`]).
const BLOCK: u32 = 64;

/// The first coordinates per block for `game`: [`BLOCK`] when a prefix has at
/// most one P-position (single-heap moves allowed) and there are at most three
/// heaps, so that the positions a block holds back are few; 1 otherwise,
/// which is plain lexicographic order.
fn block_len(game: &SubsetGame) -> u32 {
    if game.allows_size(1) && game.heaps() <= 3 {
        BLOCK
    } else {
        1
    }
}

/// The bytes of the positions held back: a block's P-positions (at most one
/// per prefix), or one prefix's (at most `to + 1`).
fn buffer_bytes(game: &SubsetGame, to: u32) -> u128 {
    let k = game.heaps();
    let per_position = 4 * k as u128;
    let held = if block_len(game) > 1 {
        u128::from(BLOCK) * u128::from(sorted_tuples(to, k - 2))
    } else {
        u128::from(to) + 1
    };
    held * per_position
}

/// Streams the P-positions up to `to` to `visit`; see the module docs.
///
/// When single-heap moves are allowed and there are at most three heaps,
/// prefixes are not taken in lexicographic order but block by block: the
/// first coordinate in blocks of [`BLOCK`], and within a block, the rest of
/// the prefix in lexicographic order with the first coordinate innermost. A
/// move never raises a sorted coordinate, so every prefix a position can move
/// to still comes earlier, which is all the key method needs; and the rows of
/// the first coordinate's keys stay in cache across a block instead of being
/// streamed from memory once per first coordinate. The P-positions of a
/// block are held back and passed on by first coordinate, so `visit` still
/// sees lexicographic order.
pub(crate) fn scan(
    game: &SubsetGame,
    to: u32,
    visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Tally> {
    let k = game.heaps();
    let width = block_len(game);
    let mut scanner = Scanner::new(game, to)?;
    let total = sorted_tuples(to, k - 1);
    let mut done = 0u64;
    let mut tally = Tally::default();
    let mut position = vec![0u32; k];
    // P-positions held back until they can be passed on in order: one list
    // per first coordinate of the block, each filled in lexicographic order
    // of the rest of the prefix, so reading the lists in turn is
    // lexicographic order.
    let mut found: Vec<Vec<u32>> = vec![Vec::new(); width as usize];
    let mut pass_on = |found: &mut [Vec<u32>], tally: &mut Tally| {
        for list in found {
            for p in list.chunks_exact(k) {
                tally.add(p)?;
                if visit(p).is_break() {
                    return Err(stopped(*tally));
                }
            }
            list.clear();
        }
        Ok(())
    };
    let mut block = 0u32;
    loop {
        let block_end = block.saturating_add(width - 1).min(to);
        // The prefix without its first coordinate, from (block, …, block) on.
        let mut rest = vec![block; k - 2];
        loop {
            let first_most = rest.first().map_or(block_end, |&x2| x2.min(block_end));
            position[1..k - 1].copy_from_slice(&rest);
            for x1 in block..=first_most {
                position[0] = x1;
                let list = &mut found[(x1 - block) as usize];
                scanner.search(&mut position, &mut |p| list.extend_from_slice(p));
                if done.is_multiple_of(1 << 16) && progress(Progress { done, total }).is_break() {
                    return Err(stopped(tally));
                }
                done += 1;
            }
            if width == 1 {
                // Lexicographic order already: pass on as found.
                pass_on(&mut found, &mut tally)?;
            }
            if !next_sorted(&mut rest, to) {
                break;
            }
        }
        pass_on(&mut found, &mut tally)?;
        if block_end == to {
            break;
        }
        block = block_end + 1;
    }
    if progress(Progress { done, total }).is_break() {
        return Err(stopped(tally));
    }
    Ok(tally)
}

/// The bit tables and the state of the search for one prefix.
struct Scanner {
    layout: Layout,
    bits: Vec<u64>,
    runs: Vec<Run>,
    families: Vec<(u8, usize)>,
    /// The mask of the last heap.
    last: u8,
    single_heap: bool,
    to: u32,
    /// Rows to OR for the current prefix: (first word, column at z = z0).
    probes: Vec<(usize, u32)>,
}

impl Scanner {
    fn new(game: &SubsetGame, to: u32) -> Result<Self> {
        let layout = Layout::new(game, to);
        debug_assert_eq!(
            layout.bytes() + buffer_bytes(game, to),
            table_bytes(game, to)
        );
        let families = families(game);
        Ok(Scanner {
            bits: allocate(layout.tables * layout.rows * layout.words, 0u64)?,
            runs: allocate(layout.tables * layout.rows, Run::default())?,
            last: 1u8 << (game.heaps() - 1),
            single_heap: game.allows_size(1),
            probes: Vec::with_capacity(families.len()),
            families,
            layout,
            to,
        })
    }

    /// Finds every P-position whose first `K − 1` coordinates are those of
    /// `position`, passes each to `found` and takes its keys.
    fn search(&mut self, position: &mut [u32], found: &mut dyn FnMut(&[u32])) {
        let k = position.len();
        let to = self.to;
        let z0 = position[k - 2];
        position[k - 1] = z0;
        if self.single_heap {
            let (digits, len) = key_digits(position, self.last);
            let (word, column) = self
                .layout
                .in_u_table(&digits[..len], 1)
                .expect("single-heap keys have a U-row table");
            if test(&self.bits, word, column) {
                return;
            }
        }
        self.probes.clear();
        for &(mask, size) in &self.families {
            if mask == self.last {
                continue;
            }
            let (digits, len) = key_digits(position, mask);
            let at = if mask & self.last == 0 {
                self.layout.in_u_table(&digits[..len], size)
            } else {
                self.layout.in_d_table(&digits[..len], size)
            };
            self.probes
                .push(at.expect("every varying key has a table along its bits"));
        }
        let mut z = z0;
        while z <= to {
            // Leap over any row's run of taken keys, then test 64 at once.
            for &(word, column) in &self.probes {
                let at = column + (z - z0);
                let end = self.runs[word / self.layout.words].ones_from(&self.bits, word, at, to);
                z += end - at;
            }
            if z > to {
                break;
            }
            let blocked = self.probes.iter().fold(0u64, |acc, &(word, column)| {
                acc | window(&self.bits, word, column + (z - z0))
            });
            let mut free = !blocked;
            if to - z < 63 {
                free &= (1u64 << (to - z + 1)) - 1;
            }
            if free == 0 {
                z = z.saturating_add(64);
                continue;
            }
            let p = z + free.trailing_zeros();
            position[k - 1] = p;
            self.take(position);
            found(position);
            if self.single_heap || p == to {
                break;
            }
            z = p + 1;
        }
    }

    /// Marks every key of the P-position `position` as taken.
    fn take(&mut self, position: &[u32]) {
        for &(mask, size) in &self.families {
            let (digits, len) = key_digits(position, mask);
            let digits = &digits[..len];
            if let Some((word, column)) = self.layout.in_u_table(digits, size) {
                set(&mut self.bits, word, column);
            }
            if let Some((word, column)) = self.layout.in_d_table(digits, size) {
                set(&mut self.bits, word, column);
            }
        }
    }
}
