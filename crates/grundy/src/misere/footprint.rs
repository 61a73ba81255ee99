//! What the quotient construction's tables and searches take, counted as
//! allocated, so that the construction keeps its memory bound as a whole.
//!
//! The construction's steps run inside one another: the chain holds the
//! quotient of the smaller heaps while a heap is adjoined; adjoining holds
//! a candidate while it is refined and swept; learning holds the refined
//! candidate, its table and its exact outcomes while each hypothesis is
//! built and swept; each level of [`super::levels`] holds the levels below
//! it. So a step is given what its caller leaves of the bound
//! ([`left`]), and counts its own tables by what they allocate: a monoid
//! table is a vector of rows ([`table`]), a hash table has a slot for
//! every bucket and grows into one twice as large while the old one is
//! still there ([`hash_table_peak`]). The sizes follow the standard
//! library and glibc's `malloc` ([`super::memo`]); the test binary
//! `tests/memory_bounds.rs` measures the whole construction with a
//! counting allocator. Not counted: the heaps' options and the small
//! vectors a step makes per heap; and a learned quotient's
//! representatives are counted at up to 64 heaps each
//! (`learn::to_quotient_bytes`), an estimate.

use std::mem::size_of;
use std::ops::ControlFlow;

use crate::error::{Error, ErrorKind};

use super::counterexample::Candidate;
pub(super) use super::memo::allocation;
use super::memo::table_bytes;
use super::quotient::Quotient;

/// The error of a step (`what`, as "refining … for heaps up to 12") that
/// needs more than the `left` bytes its callers leave of the memory bound.
pub(super) fn too_large(what: &str, left: u64) -> Error {
    Error::new(
        ErrorKind::TooLarge,
        format!(
            "{what} needs more than the {} left of the memory bound; ask for a smaller heap bound, or allow more memory",
            crate::values::human_bytes(left)
        ),
    )
}

/// What is left of `max_bytes` while `held` bytes are held.
pub(super) fn left(max_bytes: u64, held: u64) -> u64 {
    max_bytes.saturating_sub(held)
}

/// The bytes of a monoid table of `size` elements held as one vector of
/// `u32` per row.
pub(super) fn table(size: usize) -> u64 {
    allocation(size * size_of::<Vec<u32>>())
        .saturating_add((size as u64).saturating_mul(allocation(4 * size)))
}

/// The most bytes a standard hash table with keys `K` and values `V` takes
/// while `entries` entries go into it: the table that holds them and the
/// one it grew from, both allocated while it grew (keys' and values' own
/// allocations not included).
///
/// Constant time (the sweeps ask at every new state): capacities go 0, 3,
/// 7, then 7·2^k ([`super::memo::capacity_after_growth`]).
pub(super) fn hash_table_peak<K, V>(entries: usize) -> u64 {
    let (before, capacity) = match entries {
        0 => (0, 0),
        1..=3 => (0, 3),
        4..=7 => (3, 7),
        e => {
            let capacity = 7 * e.div_ceil(7).next_power_of_two();
            (capacity / 2, capacity)
        }
    };
    table_bytes::<K, V>(capacity) + table_bytes::<K, V>(before)
}

/// The most bytes [`super::moore::coarsest`] allocates for `states` states
/// and `letters` letters: two class vectors, and a hash table of one key
/// of `letters + 1` classes per state.
pub(super) fn coarsest(states: usize, letters: usize) -> u64 {
    2 * allocation(4 * states)
        + hash_table_peak::<Vec<u32>, u32>(states)
        + states as u64 * allocation(4 * (letters + 1))
}

/// The bytes of a candidate of `size` elements with images of `heaps`
/// heaps.
pub(super) fn candidate(size: usize, heaps: usize) -> u64 {
    table(size) + allocation(size) + allocation(4 * heaps)
}

impl Candidate {
    /// The bytes this candidate holds.
    pub(super) fn bytes(&self) -> u64 {
        candidate(self.len(), self.heaps.len())
    }
}

impl Quotient {
    /// The bytes this quotient holds: its table, P-portion, pretending map
    /// and representatives.
    ///
    /// ```
    /// use grundy::misere::Quotient;
    /// let kayles: grundy::Ruleset = "0.77".parse().unwrap();
    /// let q = Quotient::compute(&kayles, 32, 1 << 26).unwrap();
    /// assert!(q.bytes() > 0);
    /// ```
    pub fn bytes(&self) -> u64 {
        let representatives: u64 = (0..self.len() as u32)
            .map(|a| allocation(8 * self.representative(a).len()))
            .sum();
        table(self.len())
            + allocation(self.len())
            + allocation(4 * self.heap_elements().len())
            + allocation(size_of::<Vec<u64>>() * self.len())
            + representatives
    }
}

/// What a search inside a step (the sweep, the counterexample search) may
/// hold, and whom it tells as its states grow: the step's caller, who
/// adds what it holds itself and charges the whole (see
/// [`super::progress`]). From a bare `u64`, a bound told to no one.
pub(super) struct Allowance<'a> {
    /// The most bytes the search may hold.
    pub(super) max_bytes: u64,
    tell: Option<&'a mut dyn FnMut(u64) -> ControlFlow<()>>,
    told: u64,
}

impl From<u64> for Allowance<'_> {
    fn from(max_bytes: u64) -> Self {
        Allowance {
            max_bytes,
            tell: None,
            told: 0,
        }
    }
}

impl<'a> Allowance<'a> {
    /// At most `max_bytes`, each mebibyte of growth told to `tell`, which
    /// may stop the search.
    pub(super) fn telling(max_bytes: u64, tell: &'a mut dyn FnMut(u64) -> ControlFlow<()>) -> Self {
        Allowance {
            max_bytes,
            tell: Some(tell),
            told: 0,
        }
    }

    /// The search holds `held` bytes now (within `max_bytes`): told where
    /// they pass the last report, rounded up to a mebibyte.
    ///
    /// # Errors
    /// [`Interrupted`](ErrorKind::Interrupted), naming `what`, when the
    /// one told says stop.
    pub(super) fn holds(&mut self, held: u64, what: impl FnOnce() -> String) -> Result<(), Error> {
        let Some(tell) = self.tell.as_mut() else {
            return Ok(());
        };
        if held <= self.told {
            return Ok(());
        }
        let step = super::progress::BYTES_STEP;
        self.told = held.div_ceil(step).saturating_mul(step);
        match tell(held) {
            ControlFlow::Continue(()) => Ok(()),
            ControlFlow::Break(()) => Err(Error::new(
                ErrorKind::Interrupted,
                format!("stopped while {}", what()),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    /// A table as the construction builds one (rows collected from
    /// iterators, at their exact lengths).
    fn built(size: usize) -> Vec<Vec<u32>> {
        (0..size)
            .map(|a| (0..size).map(|b| ((a + b) % size) as u32).collect())
            .collect()
    }

    #[test]
    fn a_table_counts_its_rows_and_their_headers() {
        for size in [1, 2, 7, 100, 1000] {
            let t = built(size);
            let counted = t.capacity() * size_of::<Vec<u32>>()
                + t.iter().map(|r| r.capacity() * 4).sum::<usize>();
            // Counted with the allocator's headers and rounding: at least
            // the bytes asked for, at most 40 bytes more a row.
            assert!(table(size) >= counted as u64, "{size}");
            assert!(
                table(size) <= counted as u64 + 40 * (size as u64 + 1),
                "{size}"
            );
        }
    }

    /// The naive twin: the capacities the table grows through, one step
    /// at a time.
    fn peak_by_growth(entries: usize) -> u64 {
        let (mut before, mut capacity) = (0, 0);
        while capacity < entries {
            before = capacity;
            capacity = super::super::memo::capacity_after_growth(capacity);
        }
        table_bytes::<u64, u32>(capacity) + table_bytes::<u64, u32>(before)
    }

    #[test]
    fn the_peak_in_constant_time_is_the_one_grown_to() {
        for entries in (0..5000).chain([1 << 20, (1 << 20) + 1, 7 << 20, (7 << 20) + 1]) {
            assert_eq!(
                hash_table_peak::<u64, u32>(entries),
                peak_by_growth(entries),
                "{entries}"
            );
        }
    }

    /// The peak is at least the table that holds the entries, and at
    /// least the one before it plus that, as the table grew.
    #[test]
    fn a_hash_table_peak_covers_the_growth_into_it() {
        let mut map: HashMap<u64, u32> = HashMap::new();
        for i in 0..10_000u64 {
            let before = map.capacity();
            map.insert(i, 0);
            let now = if map.capacity() > before {
                table_bytes::<u64, u32>(map.capacity()) + table_bytes::<u64, u32>(before)
            } else {
                table_bytes::<u64, u32>(map.capacity())
            };
            assert!(hash_table_peak::<u64, u32>(map.len()) >= now, "{i}");
        }
    }
}
