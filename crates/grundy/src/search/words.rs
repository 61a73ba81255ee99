//! Facts about components that fit in one 64-bit word ([`Game::key`]):
//! an open-addressed table of two words a fact, the key and the fact
//! packed with its work, found by one hash and linear probing.
//!
//! [`Game::key`]: super::Game::key

use super::table::Fact;

/// Facts keyed by nonzero words; 16 bytes a slot, at most three slots in
/// four used.
#[derive(Debug, Default)]
pub(super) struct WordFacts {
    /// `[key, packed fact]`; key 0 marks a free slot.
    slots: Vec<[u64; 2]>,
    len: usize,
}

/// The bit of a packed fact that says the nimber is known.
const KNOWN: u64 = 1 << 63;
/// Where a packed fact keeps its work (7 bits).
const WORK_SHIFT: u32 = 56;
/// The values a packed fact can exclude: below 56.
const EXCLUDED: u64 = (1 << WORK_SHIFT) - 1;

/// A fact and its work in one word: the known flag, 7 bits of work, then
/// the nimber or the excluded values below 56 (those from 56 to 63 are
/// forgotten, which only leaves less known).
fn pack(fact: Fact, work: u8) -> u64 {
    let work = u64::from(work.min(127)) << WORK_SHIFT;
    match fact.value() {
        Some(v) => KNOWN | work | u64::from(v),
        None => work | (fact.excluded_bits() & EXCLUDED),
    }
}

fn unpack(word: u64) -> (Fact, u8) {
    let work = ((word >> WORK_SHIFT) & 127) as u8;
    let fact = if word & KNOWN != 0 {
        Fact::nimber(word as u32)
    } else {
        Fact::excluding_bits(word & EXCLUDED)
    };
    (fact, work)
}

/// The hash of a key: every bit of the key reaches every bit of the hash
/// (the finaliser of SplitMix64), so that both its low bits (the slot) and
/// its high ones (the shard) are spread.
pub(super) fn hash(key: u64) -> u64 {
    let mut x = key;
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl WordFacts {
    /// Facts held.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> u64 {
        self.slots.len() as u64 * 16
    }

    /// The most bytes held while one more fact is inserted: both the old
    /// and the new slots while the table grows.
    pub(super) fn bytes_inserting(&self) -> u64 {
        if self.must_grow() {
            self.bytes() + self.grown() as u64 * 16
        } else {
            self.bytes()
        }
    }

    fn must_grow(&self) -> bool {
        (self.len + 1) * 4 > self.slots.len() * 3
    }

    fn grown(&self) -> usize {
        (self.slots.len() * 2).max(16)
    }

    /// The slot of `key`, or the free slot where it would go.
    fn find(&self, key: u64, hash: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let k = self.slots[i][0];
            if k == key || k == 0 {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// The fact of `key` and its work, if any.
    pub(super) fn get(&self, key: u64, hash: u64) -> Option<(Fact, u8)> {
        if self.len == 0 {
            return None;
        }
        let slot = self.slots[self.find(key, hash)];
        (slot[0] == key).then(|| unpack(slot[1]))
    }

    /// Adds `fact` to what is known of `key` (nonzero), found with `work`.
    pub(super) fn record(&mut self, key: u64, hash: u64, fact: Fact, work: u8) {
        debug_assert_ne!(key, 0);
        if !self.slots.is_empty() {
            let i = self.find(key, hash);
            if self.slots[i][0] == key {
                let (old, old_work) = unpack(self.slots[i][1]);
                self.slots[i][1] = pack(old.merge(fact), old_work.max(work));
                return;
            }
        }
        if self.must_grow() {
            let grown = vec![[0, 0]; self.grown()];
            let old = std::mem::replace(&mut self.slots, grown);
            for slot in old.into_iter().filter(|s| s[0] != 0) {
                let i = self.find(slot[0], self::hash(slot[0]));
                self.slots[i] = slot;
            }
        }
        let i = self.find(key, hash);
        self.slots[i] = [key, pack(fact, work)];
        self.len += 1;
    }

    /// Every key with its fact and work.
    pub(super) fn iter(&self) -> impl Iterator<Item = (u64, Fact, u8)> + '_ {
        self.slots.iter().filter(|s| s[0] != 0).map(|s| {
            let (fact, work) = unpack(s[1]);
            (s[0], fact, work)
        })
    }

    /// Keeps the facts for which `keep(fact, work)` holds, in place;
    /// returns how many were dropped.
    pub(super) fn retain(&mut self, mut keep: impl FnMut(Fact, u8) -> bool) -> u64 {
        let mut dropped = 0;
        for slot in &mut self.slots {
            if slot[0] != 0 {
                let (fact, work) = unpack(slot[1]);
                if !keep(fact, work) {
                    *slot = [0, 0];
                    dropped += 1;
                }
            }
        }
        self.len -= dropped as usize;
        // Free slots may now break probe runs: each fact after a free slot
        // is taken out and put back, from its home, which moves it only
        // closer to its home. Starting just after a free slot, no run
        // wraps past the start.
        let n = self.slots.len();
        let Some(start) = self.slots.iter().position(|s| s[0] == 0) else {
            return dropped;
        };
        for step in 1..n {
            let i = (start + step) % n;
            let slot = self.slots[i];
            if slot[0] != 0 {
                self.slots[i] = [0, 0];
                let j = self.find(slot[0], hash(slot[0]));
                self.slots[j] = slot;
            }
        }
        dropped
    }
}

#[cfg(test)]
mod tests {
    use super::{WordFacts, hash};
    use crate::search::Fact;

    #[test]
    fn facts_pack_and_merge() {
        let mut t = WordFacts::default();
        for key in 1..2000u64 {
            t.record(
                key,
                hash(key),
                Fact::excluding((key % 60) as u32),
                (key % 100) as u8,
            );
        }
        for key in (1..2000u64).step_by(3) {
            t.record(key, hash(key), Fact::nimber(7), 3);
        }
        assert_eq!(t.len(), 1999);
        for key in 1..2000u64 {
            let (fact, work) = t.get(key, hash(key)).unwrap();
            let most = if key % 3 == 1 { 3 } else { 0 };
            assert_eq!(work, ((key % 100) as u8).max(most));
            if key % 3 == 1 {
                assert_eq!(fact.value(), Some(7));
            } else {
                assert_eq!(fact.value(), None);
                // Values from 56 on are forgotten.
                assert_eq!(fact.excludes((key % 60) as u32), key % 60 < 56);
            }
        }
        assert!(t.get(5000, hash(5000)).is_none());
    }

    /// Dropping facts leaves every kept one findable.
    #[test]
    fn retained_facts_are_found() {
        let mut t = WordFacts::default();
        for key in 1..5000u64 {
            t.record(key, hash(key), Fact::nimber(1), (key % 7) as u8);
        }
        let dropped = t.retain(|_, work| work >= 3);
        assert_eq!(t.len() as u64 + dropped, 4999);
        for key in 1..5000u64 {
            assert_eq!(t.get(key, hash(key)).is_some(), key % 7 >= 3, "{key}");
        }
        assert_eq!(t.iter().count(), t.len());
    }
}
