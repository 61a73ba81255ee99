//! Facts about components that fit in one 64-bit word ([`Game::key`]):
//! a table that every thread of a search reads and writes without a lock.
//!
//! A slot is two atomic words, `hash(key) ^ data` and `data`, where `data`
//! packs the fact with its work (the lockless hashing of Hyatt and Mann,
//! ICGA Journal 25, 2002). A read recomputes the key's hash from both
//! words. A slot torn by a write racing with the read (one word of each of
//! two writes) reads as the hash `hash(a) ^ data_a ^ data_b`. Facts differ
//! in a few bits, so that is `hash(a)` with a few bits flipped: were the
//! key itself stored, as in the paper, whose keys are random, it would
//! often be another key near `a` (keys here are structured words, small
//! heaps among them), and its fact would be read as that key's. A hash
//! mixes every bit of the key into every bit, so a hash with a few bits
//! flipped is that of a key held only by a chance of the keys held in
//! 2^64. The slot reads as a miss, never as the fact of another key; and
//! two writes that race
//! lose one of the two facts. Facts are exact and may be lost at any time
//! (the search only works them out again), so neither needs a lock.
//!
//! Slots come four to a 64-byte bucket (one cache line), and a key is
//! looked for from its home bucket on, to the first free slot, at most
//! [`WINDOW`] buckets (slots are never freed, so a key is never past a free
//! slot). The table doubles when three slots in four are used, as long
//! as the old and the new slots fit the budget together: one thread
//! copies while the others go on writing to the old slots (what they
//! write after the copier has passed is lost), then the new slots are
//! published with a new generation, which each thread checks at every
//! access ([`WordView`]).
//! A new key whose window is full (a rare cluster, or a table held at
//! its budget, which fills) takes the slot of least work in it, unless
//! that fact cost more than the new one.
//!
//! The counts read for progress are kept by each thread and added to the
//! table's in batches; those of a thread that wrote to slots since
//! replaced are not added (the copier counted what it copied).
//!
//! [`Game::key`]: super::Game::key

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use super::table::Fact;

/// Slots in a bucket.
const WAYS: usize = 4;
/// Buckets a key may be in: its home and the next ones, up to this many
/// (a read stops at the first free slot, so it mostly reads one).
const WINDOW: usize = 16;
/// Facts a thread counts before adding them to the table's counts.
const BATCH: u64 = 256;

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
    let fact = if word & KNOWN != 0 {
        Fact::nimber(word as u32)
    } else {
        Fact::excluding_bits(word & EXCLUDED)
    };
    (fact, work_of(word))
}

fn work_of(word: u64) -> u8 {
    ((word >> WORK_SHIFT) & 127) as u8
}

/// The hash of a key: every bit of the key reaches every bit of the hash
/// (the finaliser of SplitMix64), so that its low bits, the bucket, are
/// spread. It is a bijection ([`unhash`] undoes it), and only 0 hashes to
/// 0.
pub(super) fn hash(key: u64) -> u64 {
    let mut x = key;
    x = (x ^ (x >> 30)).wrapping_mul(MIX_1);
    x = (x ^ (x >> 27)).wrapping_mul(MIX_2);
    x ^ (x >> 31)
}

/// The key whose [`hash`] is `h`.
fn unhash(h: u64) -> u64 {
    let mut x = undo_shift(h, 31);
    x = undo_shift(x.wrapping_mul(inverse(MIX_2)), 27);
    undo_shift(x.wrapping_mul(inverse(MIX_1)), 30)
}

const MIX_1: u64 = 0xbf58_476d_1ce4_e5b9;
const MIX_2: u64 = 0x94d0_49bb_1331_11eb;

/// The `x` with `x ^ (x >> shift) == y`.
fn undo_shift(y: u64, shift: u32) -> u64 {
    let mut x = y;
    let mut done = shift;
    while done < 64 {
        x = y ^ (x >> shift);
        done += shift;
    }
    x
}

/// The inverse of an odd `a` modulo 2^64 (Newton's iteration: each step
/// doubles the bits that are right, from 3 for `a` itself).
const fn inverse(a: u64) -> u64 {
    let mut x = a;
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
        i += 1;
    }
    x
}

/// Four slots in one cache line, each `[hash(key) ^ data, data]`; a slot
/// whose hash reads as 0 is free (keys are nonzero, and so are their
/// hashes).
#[repr(align(64))]
#[derive(Debug, Default)]
struct Bucket([[AtomicU64; 2]; WAYS]);

/// What a write did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Put {
    /// The key was there: the facts are merged.
    Merged,
    /// The key took a free slot.
    Inserted,
    /// The key's window was full: the new fact was not written, or was
    /// written over the fact of least work (as asked); one fact is lost.
    Full,
}

/// One generation of slots: a power of two of buckets.
#[derive(Debug)]
struct Slots {
    buckets: Box<[Bucket]>,
}

impl Slots {
    fn new(buckets: usize) -> Self {
        Slots {
            buckets: (0..buckets).map(|_| Bucket::default()).collect(),
        }
    }

    fn bytes(&self) -> u64 {
        self.buckets.len() as u64 * 64
    }

    fn capacity(&self) -> u64 {
        (self.buckets.len() * WAYS) as u64
    }

    /// The key's hash and the data of a slot, read as they are now.
    #[inline]
    fn read(slot: &[AtomicU64; 2]) -> (u64, u64) {
        let mixed = slot[0].load(Ordering::Relaxed);
        let data = slot[1].load(Ordering::Relaxed);
        (mixed ^ data, data)
    }

    #[inline]
    fn write(slot: &[AtomicU64; 2], hash: u64, data: u64) {
        slot[0].store(hash ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }

    /// The slots where `key` may be, in order.
    #[inline]
    fn window(&self, hash: u64) -> impl Iterator<Item = &[AtomicU64; 2]> {
        let mask = self.buckets.len() - 1;
        let home = hash as usize & mask;
        (0..WINDOW).flat_map(move |b| self.buckets[(home + b) & mask].0.iter())
    }

    /// The packed fact of the key of `hash`, if it is found.
    #[inline]
    fn get(&self, hash: u64) -> Option<u64> {
        let mask = self.buckets.len() - 1;
        let mut bucket = hash as usize & mask;
        for _ in 0..WINDOW {
            for slot in &self.buckets[bucket].0 {
                let (h, data) = Self::read(slot);
                if h == hash {
                    return Some(data);
                }
                if h == 0 {
                    return None;
                }
            }
            bucket = (bucket + 1) & mask;
        }
        None
    }

    /// Adds the packed fact `data` to what is known of the key of `hash`;
    /// if its window is full, and `replace`, over the fact of least work
    /// there unless that one cost more.
    fn put(&self, hash: u64, data: u64, replace: bool) -> Put {
        let mut least: Option<(&[AtomicU64; 2], u8)> = None;
        for slot in self.window(hash) {
            let (h, old) = Self::read(slot);
            if h == hash {
                let (old_fact, old_work) = unpack(old);
                let (fact, work) = unpack(data);
                let merged = pack(old_fact.merge(fact), old_work.max(work));
                if merged != old {
                    Self::write(slot, hash, merged);
                }
                return Put::Merged;
            }
            if h == 0 {
                Self::write(slot, hash, data);
                return Put::Inserted;
            }
            let work = work_of(old);
            if least.is_none_or(|(_, w)| work < w) {
                least = Some((slot, work));
            }
        }
        if let Some((slot, least)) = least
            && replace
            && least <= work_of(data)
        {
            Self::write(slot, hash, data);
        }
        Put::Full
    }

    /// Every key's hash held, with its packed fact.
    fn iter(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.buckets
            .iter()
            .flat_map(|b| b.0.iter())
            .map(Self::read)
            .filter(|&(h, _)| h != 0)
    }
}

/// Facts keyed by nonzero words, shared by the threads of a search, each
/// through its own [`WordView`].
#[derive(Debug)]
pub(super) struct WordTable {
    /// The slots now; replaced, never changed, when the table grows.
    slots: Mutex<Arc<Slots>>,
    /// Bumped each time the slots are replaced.
    generation: AtomicU64,
    /// Held by the thread that copies the slots into larger ones.
    growing: Mutex<()>,
    facts: AtomicU64,
    bytes: AtomicU64,
    dropped: AtomicU64,
}

impl Default for WordTable {
    fn default() -> Self {
        let slots = Slots::new(1);
        WordTable {
            bytes: AtomicU64::new(slots.bytes()),
            slots: Mutex::new(Arc::new(slots)),
            generation: AtomicU64::new(0),
            growing: Mutex::new(()),
            facts: AtomicU64::new(0),
            dropped: AtomicU64::new(0),
        }
    }
}

impl WordTable {
    /// The slots now and their generation.
    fn current(&self) -> (Arc<Slots>, u64) {
        let slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        (Arc::clone(&slots), self.generation.load(Ordering::Relaxed))
    }

    /// A thread's way into the table.
    pub(super) fn view(&self) -> WordView<'_> {
        let (slots, generation) = self.current();
        WordView {
            table: self,
            slots,
            generation,
            facts: 0,
            dropped: 0,
        }
    }

    /// Bytes held (both generations while the table grows).
    pub(super) fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }

    /// Facts held, bytes held and facts dropped, as added so far by the
    /// threads.
    pub(super) fn counts(&self) -> (u64, u64, u64) {
        (
            self.facts.load(Ordering::Relaxed),
            self.bytes(),
            self.dropped.load(Ordering::Relaxed),
        )
    }

    /// Every key held with its fact, once each, in no particular order
    /// (two threads that raced to insert one key may have put it in two
    /// slots: their facts are merged).
    pub(super) fn facts(&self) -> Vec<(u64, Fact)> {
        let (slots, _) = self.current();
        let mut facts: Vec<(u64, Fact)> = slots
            .iter()
            .map(|(h, data)| (unhash(h), unpack(data).0))
            .collect();
        facts.sort_unstable_by_key(|&(k, _)| k);
        facts.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1 = kept.1.merge(later.1);
            }
            same
        });
        facts
    }
}

/// One thread's access to a [`WordTable`]: the slots it last saw, and the
/// counts it has not yet added to the table's.
#[derive(Debug)]
pub(super) struct WordView<'a> {
    table: &'a WordTable,
    slots: Arc<Slots>,
    generation: u64,
    /// Facts inserted, and dropped, since last added to the table's counts.
    facts: u64,
    dropped: u64,
}

impl WordView<'_> {
    /// Takes the table's slots if another thread has replaced them; what
    /// was counted of the old ones is left to the copier's count.
    #[inline]
    fn refresh(&mut self) {
        if self.table.generation.load(Ordering::Relaxed) != self.generation {
            (self.slots, self.generation) = self.table.current();
            self.facts = 0;
        }
    }

    /// Adds the counts kept here to the table's.
    fn flush(&mut self) {
        self.refresh();
        let table = self.table;
        if self.facts > 0 {
            table.facts.fetch_add(self.facts, Ordering::Relaxed);
        }
        if self.dropped > 0 {
            table.dropped.fetch_add(self.dropped, Ordering::Relaxed);
        }
        (self.facts, self.dropped) = (0, 0);
    }

    /// Bytes the table holds.
    #[inline]
    pub(super) fn bytes(&self) -> u64 {
        self.table.bytes()
    }

    /// The fact of `key` and its work, if any.
    #[inline]
    pub(super) fn get(&mut self, key: u64, hash: u64) -> Option<(Fact, u8)> {
        debug_assert_eq!(hash, self::hash(key));
        self.refresh();
        self.slots.get(hash).map(unpack)
    }

    /// Adds `fact`, found with `work`, to what is known of `key`
    /// (nonzero); the table grows once it is three quarters full, if both
    /// its old and new slots fit in `room` bytes.
    pub(super) fn record(&mut self, key: u64, hash: u64, fact: Fact, work: u8, room: u64) {
        debug_assert_ne!(key, 0);
        debug_assert_eq!(hash, self::hash(key));
        self.refresh();
        match self.slots.put(hash, pack(fact, work), true) {
            Put::Merged => return,
            Put::Inserted => self.facts += 1,
            Put::Full => self.dropped += 1,
        }
        let held = self.table.facts.load(Ordering::Relaxed) + self.facts;
        if held * 4 > self.slots.capacity() * 3 && self.slots.bytes() * 3 <= room {
            self.grow(room);
        } else if self.facts + self.dropped >= BATCH {
            self.flush();
        }
    }

    /// Copies the slots into twice as many (or more, while a fact finds
    /// its window full and `room` allows) and publishes them, unless
    /// another thread is doing so or has just done so.
    fn grow(&mut self, room: u64) {
        let table = self.table;
        let Ok(_growing) = table.growing.try_lock() else {
            return;
        };
        let seen = self.generation;
        self.flush();
        let old = Arc::clone(&self.slots);
        if self.generation != seen || table.facts.load(Ordering::Relaxed) * 4 <= old.capacity() * 3
        {
            return;
        }
        let mut buckets = old.buckets.len() * 2;
        let (grown, facts, dropped) = loop {
            let grown = Slots::new(buckets);
            let bigger = (buckets * 2 * 64) as u64 + old.bytes() <= room;
            let (mut facts, mut dropped) = (0, 0);
            for (hash, data) in old.iter() {
                match grown.put(hash, data, !bigger) {
                    Put::Merged => {}
                    Put::Inserted => facts += 1,
                    Put::Full => dropped += 1,
                }
            }
            if dropped == 0 || !bigger {
                break (grown, facts, dropped);
            }
            buckets *= 2;
        };
        table.bytes.fetch_add(grown.bytes(), Ordering::Relaxed);
        let grown = Arc::new(grown);
        {
            let mut slots = table.slots.lock().unwrap_or_else(PoisonError::into_inner);
            *slots = Arc::clone(&grown);
            table.facts.store(facts, Ordering::Relaxed);
            table.dropped.fetch_add(dropped, Ordering::Relaxed);
            self.generation = table.generation.fetch_add(1, Ordering::Relaxed) + 1;
        }
        table.bytes.fetch_sub(old.bytes(), Ordering::Relaxed);
        self.slots = grown;
    }
}

impl Drop for WordView<'_> {
    fn drop(&mut self) {
        self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::{WordTable, hash, unhash};
    use crate::search::Fact;

    const ROOM: u64 = u64::MAX;

    #[test]
    fn the_hash_is_undone_and_names_no_key_a_few_bits_away() {
        for key in (0..10_000u64).chain([u64::MAX, 1 << 63, 0x1234_5678_9abc_def0]) {
            assert_eq!(unhash(hash(key)), key, "{key}");
        }
        assert_eq!(hash(0), 0);
        // A torn slot reads as a key's hash with the bits of two facts'
        // difference flipped: for small keys, with any few low bits
        // flipped, that is the hash of no small key.
        let keys: std::collections::HashSet<u64> = (1..50_000u64).map(hash).collect();
        for key in 1..50_000u64 {
            for flip in 1..256u64 {
                assert!(!keys.contains(&(hash(key) ^ flip)), "{key} ^ {flip}");
            }
        }
    }

    #[test]
    fn facts_pack_and_merge() {
        let table = WordTable::default();
        let mut t = table.view();
        for key in 1..2000u64 {
            t.record(
                key,
                hash(key),
                Fact::excluding((key % 60) as u32),
                (key % 100) as u8,
                ROOM,
            );
        }
        for key in (1..2000u64).step_by(3) {
            t.record(key, hash(key), Fact::nimber(7), 3, ROOM);
        }
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
        drop(t);
        let (facts, bytes, dropped) = table.counts();
        assert_eq!((facts, dropped), (1999, 0));
        assert_eq!(table.facts().len(), 1999);
        // Three slots in four at most, in buckets of 64 bytes.
        assert!(bytes <= 4 * 1999 * 16 && bytes.is_power_of_two(), "{bytes}");
    }

    /// The fact written for `key` by every thread of the test below: its
    /// nimber, or values it does not have, drawn from the key.
    fn fact_of(key: u64) -> Fact {
        let h = hash(key ^ 0x5555);
        if h.is_multiple_of(3) {
            Fact::nimber((h >> 8) as u32 % 50)
        } else {
            Fact::excluding((h >> 8) as u32 % 50).merge(Fact::excluding((h >> 16) as u32 % 50))
        }
    }

    /// Threads writing and reading at once, the table growing under them
    /// and then held to its budget: a read gives only a fact written for
    /// that key (never another key's, never a torn one), and the bytes
    /// held never pass the budget.
    #[test]
    fn threads_read_only_facts_written_for_the_key() {
        for budget in [u64::MAX, 64 * 1024] {
            let table = WordTable::default();
            std::thread::scope(|scope| {
                for thread in 0..4u64 {
                    let table = &table;
                    scope.spawn(move || {
                        let mut t = table.view();
                        for i in 0..60_000u64 {
                            // Threads write the same keys in different
                            // orders, and read keys others write.
                            let key = 1 + (i * 7919 + thread * 104_729) % 50_000;
                            let written = fact_of(key);
                            t.record(key, hash(key), written, (i % 50) as u8, budget);
                            let other = 1 + (i * 31 + thread) % 50_000;
                            let truth = fact_of(other);
                            if let Some((read, _)) = t.get(other, hash(other)) {
                                assert_eq!(
                                    read.value(),
                                    truth.value().filter(|_| read.value().is_some()),
                                    "{other}"
                                );
                                assert_eq!(
                                    read.excluded_bits() & !truth.excluded_bits(),
                                    0,
                                    "{other}"
                                );
                            }
                            assert!(table.bytes() <= budget, "{} > {budget}", table.bytes());
                        }
                    });
                }
            });
            let (facts, bytes, dropped) = table.counts();
            assert!(bytes <= budget);
            assert!(facts > 0 && facts as usize <= table.facts().len() + 4 * 256);
            // Facts are lost to races (a key whose window is full while
            // another thread grows the table) as well as to the budget.
            assert!(dropped > 0 || budget == u64::MAX);
            for (key, fact) in table.facts() {
                let truth = fact_of(key);
                assert!(
                    fact.value().is_none_or(|v| truth.value() == Some(v)),
                    "{key}"
                );
                assert_eq!(fact.excluded_bits() & !truth.excluded_bits(), 0, "{key}");
            }
        }
    }

    /// A table not allowed to grow keeps the costliest facts of each
    /// window and counts what it loses.
    #[test]
    fn a_table_that_may_not_grow_replaces_the_cheapest() {
        let table = WordTable::default();
        let mut t = table.view();
        for key in 1..1000u64 {
            let work = if key % 100 == 0 { 100 } else { 1 };
            t.record(key, hash(key), Fact::nimber(1), work, 0);
        }
        drop(t);
        let (facts, bytes, dropped) = table.counts();
        assert_eq!((facts, bytes), (4, 64));
        assert_eq!(facts + dropped, 999);
        let mut t = table.view();
        let costly = (100..1000u64).step_by(100);
        assert_eq!(costly.filter(|&k| t.get(k, hash(k)).is_some()).count(), 4);
    }
}
