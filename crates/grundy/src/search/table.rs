//! The transposition table: what is known of each canonical component,
//! within a memory budget.
//!
//! A fact is either a component's nimber or the set of values it was shown
//! not to have (bits 0 to 63), so an outcome search that ends without the
//! nimber still leaves something for the next question about the same
//! component. Facts are exact, so threads share one table without
//! coordination beyond a lock per shard of the general map, and any fact
//! may be dropped at any time: the search then only works it out again. A
//! search on one thread has the map to itself and takes no lock at all
//! ([`Lender`]); the counts that the caller's thread reads for progress
//! are kept apart, in atomics ([`Tally`]).
//!
//! Memory is counted as allocated (the hash table's buckets, its growth,
//! and each key's own allocations, as in [`crate::misere::memo`]). A shard
//! whose next insertion would pass its share of the budget first drops the
//! cheaper half of its facts, those whose search examined the fewest
//! positions; a fact that still does not fit is not kept.
//!
//! A component that the game writes as one 64-bit word ([`Game::key`])
//! is kept by that word, in 16 bytes a fact, in a table that every thread
//! reads and writes without a lock ([`super::words`]), where the general
//! map takes the component itself and about a hundred bytes. The word
//! table grows while it fits beside the map; the map's shards keep within
//! what the word table leaves of the budget.
//!
//! [`Game::key`]: super::Game::key

use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hash};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::words::{self, WordTable, WordView};
use crate::misere::memo::{SumHasher, allocation, capacity_after_growth, table_bytes};
use crate::values::Budget;

/// What the table knows of one component: its nimber, or values it does not
/// have.
///
/// ```
/// use grundy::search::Fact;
/// let f = Fact::excluding(0).merge(Fact::excluding(2));
/// assert!(f.excludes(0) && !f.excludes(1) && f.excludes(2));
/// assert_eq!(f.value(), None);
/// let known = f.merge(Fact::nimber(1));
/// assert_eq!(known.value(), Some(1));
/// assert!(known.excludes(0) && !known.excludes(1) && known.excludes(5));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fact {
    value: Option<u32>,
    excluded: u64,
}

impl Fact {
    /// The component's nimber is `value`.
    pub const fn nimber(value: u32) -> Self {
        Fact {
            value: Some(value),
            excluded: 0,
        }
    }

    /// The component's nimber is not `value` (only values below 64 are
    /// remembered; any other gives the empty fact).
    pub const fn excluding(value: u32) -> Self {
        Fact {
            value: None,
            excluded: if value < 64 { 1 << value } else { 0 },
        }
    }

    /// The nimber is none of the values whose bits are set in `bits`.
    pub const fn excluding_bits(bits: u64) -> Self {
        Fact {
            value: None,
            excluded: bits,
        }
    }

    /// The nimber, when known.
    pub const fn value(self) -> Option<u32> {
        self.value
    }

    /// Whether the component is known not to have nimber `value`.
    pub const fn excludes(self, value: u32) -> bool {
        match self.value {
            Some(v) => v != value,
            None => value < 64 && self.excluded & (1 << value) != 0,
        }
    }

    /// The values below 64 known not to be the nimber, as bits.
    pub const fn excluded_bits(self) -> u64 {
        match self.value {
            Some(v) if v < 64 => !(1 << v),
            Some(_) => u64::MAX,
            None => self.excluded,
        }
    }

    /// Both facts at once (they are facts about one component, so they
    /// never contradict each other).
    #[must_use]
    pub const fn merge(self, other: Fact) -> Fact {
        match (self.value, other.value) {
            (Some(_), _) => self,
            (None, Some(_)) => other,
            (None, None) => Fact {
                value: None,
                excluded: self.excluded | other.excluded,
            },
        }
    }
}

/// A fact with what keeping it costs and what finding it cost.
#[derive(Clone, Copy, Debug)]
struct Slot {
    fact: Fact,
    /// The bytes the key holds on the heap.
    key_bytes: u32,
    /// log2 of the positions examined to find the fact, plus one.
    work: u8,
}

type Hasher = BuildHasherDefault<SumHasher>;

#[derive(Debug)]
struct Shard<P> {
    map: HashMap<P, Slot, Hasher>,
    /// Bytes of the keys' own allocations.
    owned: u64,
    dropped: u64,
}

impl<P: Eq + Hash> Shard<P> {
    fn bytes(&self) -> u64 {
        table_bytes::<P, Slot>(self.map.capacity()) + self.owned
    }

    fn len(&self) -> usize {
        self.map.len()
    }

    /// Facts held, bytes held and facts dropped.
    fn counts(&self) -> (u64, u64, u64) {
        (self.len() as u64, self.bytes(), self.dropped)
    }

    /// Bytes held after inserting a new key of `key_bytes`.
    fn bytes_inserting(&self, key_bytes: u64) -> u64 {
        let capacity = self.map.capacity();
        let table = if self.map.len() == capacity {
            // Both tables are held while the entries move.
            table_bytes::<P, Slot>(capacity)
                + table_bytes::<P, Slot>(capacity_after_growth(capacity))
        } else {
            table_bytes::<P, Slot>(capacity)
        };
        table + self.owned + key_bytes
    }

    /// Drops the cheaper half of the facts (by work; ties broken in table
    /// order).
    fn drop_cheaper_half(&mut self) {
        let mut histogram = [0usize; 256];
        for slot in self.map.values() {
            histogram[usize::from(slot.work)] += 1;
        }
        let half = self.len().div_ceil(2);
        let mut below = 0;
        let mut cutoff = 0;
        while below + histogram[cutoff] < half {
            below += histogram[cutoff];
            cutoff += 1;
        }
        let mut ties = half - below;
        let mut drop = |work: u8| {
            let work = usize::from(work);
            work < cutoff
                || (work == cutoff && ties > 0 && {
                    ties -= 1;
                    true
                })
        };
        let mut freed = 0;
        let mut dropped = 0;
        self.map.retain(|_, slot| {
            let d = drop(slot.work);
            if d {
                freed += u64::from(slot.key_bytes);
                dropped += 1;
            }
            !d
        });
        self.owned -= freed;
        self.dropped += dropped;
    }
}

/// Every fact of a table: those keyed by a component, and those keyed by a
/// word.
pub(crate) type AllFacts<P> = (Vec<(P, Fact)>, Vec<(u64, Fact)>);

/// Facts about canonical components, shared by the threads of a search.
#[derive(Debug)]
pub(crate) struct Table<P> {
    store: Store<P>,
    tally: Tally,
    words: WordTable,
}

/// The shards of the general map.
#[derive(Debug)]
pub(crate) struct Store<P> {
    shards: Box<[Mutex<Shard<P>>]>,
    /// The whole table's budget.
    budget: u64,
}

/// Facts held, bytes held and facts dropped by the map and the word table
/// together.
fn sum(map: (u64, u64, u64), words: (u64, u64, u64)) -> (u64, u64, u64) {
    (map.0 + words.0, map.1 + words.1, map.2 + words.2)
}

/// Facts held, bytes held and facts dropped by the map, kept apart from the
/// shards so that they are read without a lock while a search writes.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    facts: AtomicU64,
    bytes: AtomicU64,
    dropped: AtomicU64,
}

impl Tally {
    /// Adds what `change` did to a shard, from its counts before and after.
    fn add(&self, before: (u64, u64, u64), after: (u64, u64, u64)) {
        // Wrapping arithmetic: a count that fell is added as its negative.
        let add = |count: &AtomicU64, old: u64, new: u64| {
            if old != new {
                count.fetch_add(new.wrapping_sub(old), Ordering::Relaxed);
            }
        };
        add(&self.facts, before.0, after.0);
        add(&self.bytes, before.1, after.1);
        add(&self.dropped, before.2, after.2);
    }

    /// Facts held, bytes held and facts dropped so far.
    pub(crate) fn counts(&self) -> (u64, u64, u64) {
        (
            self.facts.load(Ordering::Relaxed),
            self.bytes.load(Ordering::Relaxed),
            self.dropped.load(Ordering::Relaxed),
        )
    }
}

/// Shards: enough that threads rarely wait for one another.
const SHARDS: usize = 64;

/// The shard of a key's hash: its high bits (the maps use the low ones).
fn shard_of(hash: u64) -> usize {
    (hash >> 58) as usize % SHARDS
}

/// One worker's way into the table: the map shared with other workers,
/// each read and write taking its shard's lock, or its own, taking none;
/// and its view of the word table, which takes no lock either way.
#[derive(Debug)]
pub(crate) struct Access<'a, P> {
    map: MapAccess<'a, P>,
    tally: &'a Tally,
    words: WordView<'a>,
}

#[derive(Debug)]
enum MapAccess<'a, P> {
    Shared(&'a Store<P>),
    Sole(&'a mut Store<P>),
}

/// The table lent to the workers of one search: the map to the one worker
/// alone when there is one, else shared by all; the word table to all.
#[derive(Debug)]
pub(crate) struct Lender<'a, P> {
    map: LentMap<'a, P>,
    tally: &'a Tally,
    words: &'a WordTable,
}

#[derive(Debug)]
enum LentMap<'a, P> {
    Sole(Mutex<Option<&'a mut Store<P>>>),
    Shared(&'a Store<P>),
}

impl<P> Lender<'_, P> {
    /// A worker's access: the table itself to the first worker that asks
    /// when it was lent to one, `None` to any other then.
    pub(crate) fn access(&self) -> Option<Access<'_, P>> {
        let map = match &self.map {
            LentMap::Sole(store) => MapAccess::Sole(
                store
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .take()?,
            ),
            LentMap::Shared(store) => MapAccess::Shared(store),
        };
        Some(Access {
            map,
            tally: self.tally,
            words: self.words.view(),
        })
    }

    /// Facts held, bytes held and facts dropped so far.
    pub(crate) fn counts(&self) -> (u64, u64, u64) {
        sum(self.tally.counts(), self.words.counts())
    }
}

impl<P: Clone + Eq + Hash> Table<P> {
    /// An empty table that keeps within `budget`.
    pub(crate) fn new(budget: Budget) -> Self {
        let shards = (0..SHARDS)
            .map(|_| {
                Mutex::new(Shard {
                    map: HashMap::default(),
                    owned: 0,
                    dropped: 0,
                })
            })
            .collect();
        Table {
            store: Store {
                shards,
                budget: budget.max_bytes(),
            },
            tally: Tally::default(),
            words: WordTable::default(),
        }
    }

    /// The table lent to a search of `workers` threads: without locks
    /// when there is one.
    pub(crate) fn lend(&mut self, workers: usize) -> Lender<'_, P> {
        let map = if workers <= 1 {
            LentMap::Sole(Mutex::new(Some(&mut self.store)))
        } else {
            LentMap::Shared(&self.store)
        };
        Lender {
            map,
            tally: &self.tally,
            words: &self.words,
        }
    }

    /// The table to one user alone, without locks, for work outside a
    /// search (facts learnt back).
    pub(crate) fn access(&mut self) -> Access<'_, P> {
        Access {
            map: MapAccess::Sole(&mut self.store),
            tally: &self.tally,
            words: self.words.view(),
        }
    }

    /// Facts held, bytes held and facts dropped so far.
    pub(crate) fn counts(&self) -> (u64, u64, u64) {
        sum(self.tally.counts(), self.words.counts())
    }

    /// Every fact held, in no particular order: those keyed by a
    /// component, then those keyed by a word.
    pub(crate) fn facts(&self) -> AllFacts<P> {
        let mut all = Vec::new();
        for shard in &self.store.shards {
            let shard = shard.lock().unwrap_or_else(PoisonError::into_inner);
            all.extend(shard.map.iter().map(|(k, slot)| (k.clone(), slot.fact)));
        }
        (all, self.words.facts())
    }
}

impl<P: Clone + Eq + Hash> Access<'_, P> {
    /// Runs `f` on shard `index`, locked if shared, with the shard's share
    /// of what the word table leaves of the budget.
    #[inline]
    fn with_shard<R>(
        &mut self,
        index: usize,
        f: impl FnOnce(&mut Shard<P>, &Tally, u64) -> R,
    ) -> R {
        let tally = self.tally;
        let words = self.words.bytes();
        match &mut self.map {
            MapAccess::Shared(store) => {
                let share = store.budget.saturating_sub(words) / SHARDS as u64;
                let mut shard: MutexGuard<'_, Shard<P>> = store.shards[index]
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                f(&mut shard, tally, share)
            }
            MapAccess::Sole(store) => {
                let share = store.budget.saturating_sub(words) / SHARDS as u64;
                let shard = store.shards[index]
                    .get_mut()
                    .unwrap_or_else(PoisonError::into_inner);
                f(shard, tally, share)
            }
        }
    }

    /// What is known of the component whose key is the word `key` (the
    /// empty fact if nothing).
    #[inline]
    pub(crate) fn get_word(&mut self, key: u64) -> Fact {
        self.words
            .get(key, words::hash(key))
            .map_or_else(Fact::default, |(fact, _)| fact)
    }

    /// Adds `fact` to what is known of the component whose key is the
    /// word `key` (nonzero), found by examining `nodes` positions.
    pub(crate) fn record_word(&mut self, key: u64, fact: Fact, nodes: u64) {
        let work = (u64::BITS - nodes.leading_zeros()) as u8;
        let budget = match &self.map {
            MapAccess::Shared(store) => store.budget,
            MapAccess::Sole(store) => store.budget,
        };
        let room = budget.saturating_sub(self.tally.bytes.load(Ordering::Relaxed));
        self.words.record(key, words::hash(key), fact, work, room);
    }

    /// What is known of `key` (the empty fact if nothing).
    pub(crate) fn get(&mut self, key: &P) -> Fact {
        let index = shard_of(Hasher::default().hash_one(key));
        self.with_shard(index, |shard, _, _| {
            shard
                .map
                .get(key)
                .map_or_else(Fact::default, |slot| slot.fact)
        })
    }

    /// Adds `fact` to what is known of `key`, found by examining `nodes`
    /// positions; a key not yet in the table takes `key_heap_bytes` on the
    /// heap once cloned.
    pub(crate) fn record(&mut self, key: &P, fact: Fact, nodes: u64, key_heap_bytes: usize) {
        let work = (u64::BITS - nodes.leading_zeros()) as u8;
        let index = shard_of(Hasher::default().hash_one(key));
        self.with_shard(index, |shard, tally, share| {
            if let Some(slot) = shard.map.get_mut(key) {
                slot.fact = slot.fact.merge(fact);
                slot.work = slot.work.max(work);
                return;
            }
            let before = shard.counts();
            let key_bytes = allocation(key_heap_bytes);
            if shard.bytes_inserting(key_bytes) > share {
                shard.drop_cheaper_half();
                if shard.bytes_inserting(key_bytes) > share {
                    shard.dropped += 1;
                    tally.add(before, shard.counts());
                    return;
                }
            }
            shard.owned += key_bytes;
            shard.map.insert(
                key.clone(),
                Slot {
                    fact,
                    key_bytes: u32::try_from(key_bytes).unwrap_or(u32::MAX),
                    work,
                },
            );
            tally.add(before, shard.counts());
        });
    }
}

#[cfg(test)]
mod tests {
    use super::{Fact, MapAccess, SHARDS, Table};
    use crate::values::Budget;
    use std::sync::PoisonError;

    impl<P: Clone + Eq + std::hash::Hash> Table<P> {
        /// The counts summed over the shards, each locked.
        fn counted(&self) -> (u64, u64, u64) {
            let mut counts = (0, 0, 0);
            for shard in &self.store.shards {
                let shard = shard.lock().unwrap_or_else(PoisonError::into_inner);
                counts.0 += shard.len() as u64;
                counts.1 += shard.bytes();
                counts.2 += shard.dropped;
            }
            let (facts, bytes, dropped) = self.words.counts();
            let held = self.words.facts().len() as u64;
            assert_eq!(facts, held, "the word table's count of its facts");
            (counts.0 + facts, counts.1 + bytes, counts.2 + dropped)
        }
    }

    #[test]
    fn facts_merge_and_are_read_back() {
        let mut table = Table::new(Budget::bytes(1 << 20));
        let mut t = table.access();
        t.record(&7u64, Fact::excluding(0), 10, 0);
        t.record(&7u64, Fact::excluding(3), 10, 0);
        let f = t.get(&7);
        assert!(f.excludes(0) && f.excludes(3) && !f.excludes(1));
        t.record(&7u64, Fact::nimber(1), 10, 0);
        assert_eq!(t.get(&7).value(), Some(1));
        assert_eq!(t.get(&8), Fact::default());
    }

    /// A table far smaller than its keys keeps within its budget, drops
    /// facts to do so, and keeps the costliest; its tally, read without
    /// locks, agrees with its shards all along, by either access.
    #[test]
    fn a_full_table_keeps_within_its_budget_and_keeps_costly_facts() {
        for workers in [1, 2] {
            let budget = 64 * 1024;
            let mut table = Table::new(Budget::bytes(budget));
            {
                let lender = table.lend(workers);
                let mut t = lender.access().unwrap();
                assert_eq!(matches!(t.map, MapAccess::Sole(..)), workers == 1);
                assert!(workers > 1 || lender.access().is_none());
                for key in 0..100_000u64 {
                    let work = if key % 1000 == 0 { 1 << 40 } else { 1 };
                    t.record(&key, Fact::nimber(1), work, 0);
                    t.record_word(key + 1, Fact::excluding(1), work);
                    let (_, bytes, _) = lender.counts();
                    assert!(bytes <= budget, "{bytes} > {budget}");
                }
            }
            assert_eq!(table.counts(), table.counted());
            let (facts, _, dropped) = table.counts();
            assert!(dropped > 0 && facts > 0 && facts + dropped >= 200_000);
            let mut t = table.access();
            let costly_kept = (0..100_000u64)
                .step_by(1000)
                .filter(|k| t.get(k).value().is_some())
                .count();
            assert!(costly_kept > 50, "{costly_kept} of 100 costly facts kept");
            assert!(budget / SHARDS as u64 > 0);
        }
    }
}
