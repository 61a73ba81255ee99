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
//! ```
//! use grundy::multiheap::{self, SubsetGame};
//! let tally = multiheap::count(&SubsetGame::stone(), 100)?; // Method::Fast
//! assert_eq!((tally.count, tally.sum), (1_038, 173_895));
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! # Complexity
//! Θ(N^(K−1)) prefixes, each scanning at most `N / 64` words in each of its
//! rows; usually far fewer, since the scan stops at the first free `z` when
//! single-heap moves are allowed. Memory: `(N + 1)^(K − 2)` rows of
//! `⌈(N + 1) / 64⌉ + 1` words for each table, at most `2·|sizes|` tables.

use super::{
    MAX_HEAPS, Progress, SubsetGame, Tally, families, key_digits, next_sorted, sorted_tuples,
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

    fn bytes(&self) -> u128 {
        self.tables as u128 * self.rows as u128 * self.words as u128 * 8
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

/// The bytes of the bit tables for `to`.
pub(crate) fn table_bytes(game: &SubsetGame, to: u32) -> u128 {
    let heaps = game.heaps() as u32;
    let base = u128::from(to) + 1;
    let tables = game
        .sizes()
        .iter()
        .map(|&s| usize::from(s < game.heaps()) + usize::from(s >= 2))
        .sum::<usize>();
    tables as u128 * base.pow(heaps - 2) * (base.div_ceil(64) + 1) * 8
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

/// Streams the P-positions up to `to` to `visit`; see the module docs.
pub(crate) fn scan(
    game: &SubsetGame,
    to: u32,
    visit: &mut dyn FnMut(&[u32]),
    progress: &mut dyn FnMut(Progress),
) -> Result<Tally> {
    let k = game.heaps();
    let layout = Layout::new(game, to);
    debug_assert_eq!(layout.bytes(), table_bytes(game, to));
    let mut bits = vec![0u64; layout.tables * layout.rows * layout.words];
    let families = families(game);
    let last = 1u8 << (k - 1);
    let single_heap = game.allows_size(1);

    let total = sorted_tuples(to, k - 1);
    let mut done = 0u64;
    let mut tally = Tally::default();
    let mut position = vec![0u32; k];
    // Rows to OR for the current prefix: (first word, column at z = z0).
    let mut probes: Vec<(usize, u32)> = Vec::with_capacity(families.len());
    let mut first = u32::MAX;
    loop {
        if position[0] != first {
            first = position[0];
            progress(Progress { done, total });
        }
        let z0 = position[k - 2];
        position[k - 1] = z0;
        let prefix_taken = single_heap && {
            let (digits, len) = key_digits(&position, last);
            let (word, column) = layout
                .in_u_table(&digits[..len], 1)
                .expect("single-heap keys have a U-row table");
            test(&bits, word, column)
        };
        if !prefix_taken {
            probes.clear();
            for &(mask, size) in &families {
                if mask == last {
                    continue;
                }
                let (digits, len) = key_digits(&position, mask);
                let at = if mask & last == 0 {
                    layout.in_u_table(&digits[..len], size)
                } else {
                    layout.in_d_table(&digits[..len], size)
                };
                probes.push(at.expect("every varying key has a table along its bits"));
            }
            let mut z = z0;
            while z <= to {
                let blocked = probes.iter().fold(0u64, |acc, &(word, column)| {
                    acc | window(&bits, word, column + (z - z0))
                });
                let mut free = !blocked;
                if to - z < 63 {
                    free &= (1u64 << (to - z + 1)) - 1;
                }
                if free == 0 {
                    z = z.saturating_add(64);
                    continue;
                }
                let found = z + free.trailing_zeros();
                position[k - 1] = found;
                for &(mask, size) in &families {
                    let (digits, len) = key_digits(&position, mask);
                    let digits = &digits[..len];
                    if let Some((word, column)) = layout.in_u_table(digits, size) {
                        set(&mut bits, word, column);
                    }
                    if let Some((word, column)) = layout.in_d_table(digits, size) {
                        set(&mut bits, word, column);
                    }
                }
                tally.add(&position)?;
                visit(&position);
                if single_heap || found == to {
                    break;
                }
                z = found + 1;
            }
        }
        done += 1;
        if !next_sorted(&mut position[..k - 1], to) {
            break;
        }
    }
    progress(Progress { done, total });
    Ok(tally)
}
