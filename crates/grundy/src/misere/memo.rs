//! A memo of sums of heaps that counts the bytes it really holds.
//!
//! The misère searches ([`super::Judge`], [`super::Genera`], the quotient
//! learner) remember every sum they decide, each within a memory bound. A
//! bound is kept only if what is counted is what is allocated: a hash table
//! holds a slot for every bucket, filled or not; when it grows, the old and
//! the new table are both allocated for a moment; and each key (a vector of
//! heaps) is an allocation of its own, which the allocator rounds up.
//! [`SumMemo`] counts all three, so that a search can stop *before* the
//! insertion that would pass its bound ([`SumMemo::bytes_inserting`]).
//!
//! The sizes follow the standard library's hash table (buckets a power of
//! two, at most 7/8 of them filled, one control byte each) and glibc's
//! `malloc` (chunks of at least 32 bytes, in steps of 16, 8 of them its
//! own); a test with a counting allocator (`tests/memory_bounds.rs`)
//! checks that the judge and the genera stay within their bounds. The
//! quotient construction's other tables are counted the same way, in
//! [`super::footprint`].

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::mem::size_of;

/// Sums of heaps (sorted vectors) and what was found for each.
#[derive(Debug, Clone)]
pub(crate) struct SumMemo<V> {
    map: HashMap<Vec<u64>, V, BuildHasherDefault<SumHasher>>,
    /// Bytes of the keys' and values' own allocations.
    owned: u64,
}

impl<V> Default for SumMemo<V> {
    fn default() -> Self {
        SumMemo {
            map: HashMap::default(),
            owned: 0,
        }
    }
}

impl<V> SumMemo<V> {
    /// What was found for `sum`, if it was.
    pub(crate) fn get(&self, sum: &[u64]) -> Option<&V> {
        self.map.get(sum)
    }

    /// Sums remembered.
    pub(crate) fn len(&self) -> usize {
        self.map.len()
    }

    /// Bytes held now: the table and the keys' and values' allocations.
    pub(crate) fn bytes(&self) -> u64 {
        table_bytes::<Vec<u64>, V>(self.map.capacity()) + self.owned
    }

    /// The most bytes held while `sum` is inserted with a value whose own
    /// allocations take `value_bytes`: [`SumMemo::bytes`], the new entry,
    /// and, when the table is full, the larger table it moves into.
    pub(crate) fn bytes_inserting(&self, sum: &[u64], value_bytes: u64) -> u64 {
        let capacity = self.map.capacity();
        let growth = if self.map.len() == capacity {
            table_bytes::<Vec<u64>, V>(capacity_after_growth(capacity))
        } else {
            0
        };
        self.bytes() + growth + allocation(8 * sum.len()) + value_bytes
    }

    /// Remembers `value` for `sum` (a sum not yet remembered), its own
    /// allocations taking `value_bytes`. The key is trimmed to its length,
    /// as [`SumMemo::bytes_inserting`] counted it.
    pub(crate) fn insert(&mut self, mut sum: Vec<u64>, value: V, value_bytes: u64) {
        sum.shrink_to_fit();
        let owned = allocation(8 * sum.capacity()) + value_bytes;
        if self.map.insert(sum, value).is_none() {
            self.owned += owned;
        }
    }
}

/// The bytes the allocator takes for a request of `bytes` (glibc: a chunk
/// of at least 32 bytes, 8 of them its header, in steps of 16); nothing for
/// an empty request.
pub(crate) fn allocation(bytes: usize) -> u64 {
    if bytes == 0 {
        0
    } else {
        ((bytes as u64 + 8).div_ceil(16) * 16).max(32)
    }
}

/// The bytes of a standard hash table with keys `K` and values `V` that
/// holds `capacity` entries before it grows (its `capacity()`): one slot
/// and one control byte per bucket, and a group of control bytes more.
pub(crate) fn table_bytes<K, V>(capacity: usize) -> u64 {
    let buckets = match capacity {
        0 => return 0,
        c if c < 8 => c + 1,
        c => c / 7 * 8,
    };
    allocation(buckets * (size_of::<(K, V)>() + 1) + 16)
}

/// The capacity a full table of `capacity` entries grows to when one more
/// entry arrives: twice the buckets (four to begin with).
pub(crate) fn capacity_after_growth(capacity: usize) -> usize {
    match capacity {
        0 => 3,
        3 => 7,
        c => 2 * c,
    }
}

/// The memo's hash: sums are the library's own keys, not an adversary's,
/// so a multiply-and-rotate over their words (as rustc's FxHash does)
/// serves, at a fraction of SipHash's cost.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SumHasher(u64);

impl Hasher for SumHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }

    fn write_u8(&mut self, word: u8) {
        self.write_u64(u64::from(word));
    }

    fn write_u128(&mut self, word: u128) {
        self.write_u64(word as u64);
        self.write_u64((word >> 64) as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::{SumMemo, capacity_after_growth, table_bytes};

    /// The table's capacities, as the standard library reports them, are
    /// the ones counted: growth from each full capacity lands where
    /// [`capacity_after_growth`] says.
    #[test]
    fn growth_is_counted_as_the_standard_table_grows() {
        let mut map: HashMap<Vec<u64>, bool> = HashMap::new();
        let mut capacity = map.capacity();
        for i in 0..100_000u64 {
            if map.len() == capacity {
                map.insert(vec![i], true);
                assert_eq!(
                    map.capacity(),
                    capacity_after_growth(capacity),
                    "from {capacity}"
                );
                capacity = map.capacity();
            } else {
                map.insert(vec![i], true);
                assert_eq!(map.capacity(), capacity);
            }
        }
    }

    #[test]
    fn a_memo_counts_its_table_and_keys() {
        let mut memo = SumMemo::default();
        assert_eq!(memo.bytes(), 0);
        for i in 0..1000u64 {
            let mut sum = Vec::with_capacity(64);
            sum.extend([i, 2, 1]);
            let peak = memo.bytes_inserting(&sum, 0);
            memo.insert(sum, i % 2 == 0, 0);
            assert!(memo.bytes() <= peak, "{} > {peak}", memo.bytes());
        }
        assert_eq!(memo.len(), 1000);
        assert_eq!(memo.get(&[4, 2, 1]), Some(&true));
        // 1000 keys trimmed to 24 bytes (a 32-byte chunk each) and a table
        // of 2048 buckets, which holds 1792 entries.
        assert_eq!(
            memo.bytes(),
            1000 * 32 + table_bytes::<Vec<u64>, bool>(1792)
        );
    }
}
