//! The genus of every heap up to a bound, and of sums of those heaps.
//!
//! A heap's genus comes from its options' genera ([`Genus::from_options`]).
//! An option of a heap game is a *sum* of smaller heaps, and the genus of a
//! sum is not in general determined by the genera of its parts; so the genus
//! of a sum is computed from the sum's own options, recursively, with a
//! memo. When every part is tame, the sum is tame and its genus is that of
//! the nim position its parts pretend to be (*On Numbers and Games*, ch. 12:
//! sums of tame games are tame; *Winning Ways*, ch. 13, "fickle" and "firm"),
//! which [`Genera`] uses instead of the search unless told not to
//! ([`Genera::exact`]): the two are tested against each other.
//!
//! The sums searched are first put in normal form ([`Canon`]): each heap
//! replaced by the least heap that is the same game, and pairs of heaps
//! that are *1 cancelled. The second keeps the genus by the lemma
//! G⁻(X + *1) = G⁻(X) ⊕ 1 for every game X (proved in [`Genus`]'s
//! documentation), applied twice to each X + 2 + … + 2 of the genus. Then
//! a heap left that is *1, and every heap that is the game *2 = {0, *1},
//! is taken out and the genus of the rest adjusted
//! ([`Genus::plus_nim`]: the same lemma once, and γₖ(X + *2) = γₖ₊₁(X),
//! which is γ's definition), so that X, X + *1 and X + *2 + *2 meet one
//! memo entry.
//! [`Genera::exact`] searches every sum as it is, the twin tested against.
//!
//! A heap is *tame* here when its genus is tame and every heap in every one
//! of its options is tame: then every position that follows it is a sum of
//! tame heaps, and the whole of its game tree is tame.

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::error::{Detail, Error, ErrorKind, Result};
use crate::ruleset::Ruleset;

use super::Canon;
use super::genus::{Genus, Tame};
use super::judge::MAX_TOKENS;
use super::memo::{SumMemo, allocation};
use super::progress::{self, Progress, Told};

/// Bytes each heap's genus, tameness and options cost, at least; the
/// sums searched are counted as allocated (`misere/memo.rs`).
const ENTRY_BYTES: u64 = 96;

/// Genera of the heaps 0..=N of a game, and of sums of them on demand.
///
/// ```
/// use grundy::{Ruleset, misere::Genera};
/// let nim = Ruleset::Nim;
/// let genera = Genera::compute(&nim, 12, 1 << 24)?;
/// assert_eq!(genera.heap(0).to_string(), "0^120");
/// assert_eq!(genera.heap(1).to_string(), "1^031");
/// assert_eq!(genera.heap(6).to_string(), "6^64");
/// assert_eq!(genera.first_wild(), None); // nim is tame
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Genera {
    ruleset: Ruleset,
    heaps: Vec<Genus>,
    tame: Vec<Option<Tame>>,
    sums: SumMemo<Genus>,
    /// Each heap's options, the heaps with a move in each (a heap without
    /// one changes nothing in a sum), without repeats.
    moving: Vec<Arc<[Vec<u64>]>>,
    use_tame_rule: bool,
    /// Sums in normal form (heaps that are one game, pairs of *1
    /// cancelled), from the first sum searched on, when not the exact twin.
    canon: Option<Canon>,
    max_bytes: u64,
    /// Bytes of the heaps' tables (the sums' are the memo's own count).
    bytes: u64,
}

impl Genera {
    /// The genera of heaps 0..=`max_heap` of `ruleset`, sums of tame heaps
    /// by the tame rule, within about `max_bytes` of memory.
    ///
    /// # Errors
    /// [`TooLarge`](ErrorKind::TooLarge) if the table or the sums searched
    /// would pass `max_bytes`; [`InvalidInput`](ErrorKind::InvalidInput) if a
    /// move of the game does not make heaps smaller.
    ///
    /// # Complexity
    /// The heaps' options, each once, while the heaps are tame; past the first
    /// wild heap, every sum reachable from an option with a wild part is
    /// searched, which is exponential in the heap size.
    pub fn compute(ruleset: &Ruleset, max_heap: u64, max_bytes: u64) -> Result<Genera> {
        Genera::build(ruleset, max_heap, max_bytes, true, &mut progress::silent)
    }

    /// As [`Genera::compute`], telling `progress` of the heaps done (after
    /// each heap, and every few thousand sums searched) and of the bytes
    /// held (before the tables grow past the bytes last told, see
    /// [`Progress::bytes`]), which may stop it.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use grundy::{ErrorKind, Ruleset, misere::Genera};
    /// let kayles: Ruleset = "0.77".parse()?;
    /// let stop = &mut |_| ControlFlow::Break(());
    /// let err = Genera::compute_with(&kayles, 30, 1 << 24, stop).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Interrupted);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Genera::compute`], and [`Interrupted`](ErrorKind::Interrupted)
    /// when `progress` says stop.
    pub fn compute_with(
        ruleset: &Ruleset,
        max_heap: u64,
        max_bytes: u64,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Genera> {
        Genera::build(ruleset, max_heap, max_bytes, true, progress)
    }

    /// As [`Genera::compute`], but every sum searched from its options as it
    /// is, never by the tame rule nor in normal form: the naive twin.
    ///
    /// # Errors
    /// As [`Genera::compute`].
    pub fn exact(ruleset: &Ruleset, max_heap: u64, max_bytes: u64) -> Result<Genera> {
        Genera::build(ruleset, max_heap, max_bytes, false, &mut progress::silent)
    }

    fn build(
        ruleset: &Ruleset,
        max_heap: u64,
        max_bytes: u64,
        use_tame_rule: bool,
        progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Genera> {
        let need = (max_heap.saturating_add(1)).saturating_mul(ENTRY_BYTES);
        if need > max_bytes {
            return Err(over_budget(need, max_bytes));
        }
        let mut genera = Genera {
            ruleset: ruleset.clone(),
            heaps: Vec::with_capacity(max_heap as usize + 1),
            tame: Vec::with_capacity(max_heap as usize + 1),
            sums: SumMemo::default(),
            moving: Vec::with_capacity(max_heap as usize + 1),
            use_tame_rule,
            canon: None,
            max_bytes,
            bytes: need,
        };
        let total = max_heap.saturating_add(1);
        let mut told = Told::default();
        told.tell(need, 0, total, progress, || stopped(0))?;
        for n in 0..=max_heap {
            let moves = genera.ruleset.options(n);
            let mut options = Vec::with_capacity(moves.len());
            let mut parts_tame = true;
            for mv in moves {
                if mv.parts.iter().any(|&p| p >= n) {
                    return Err(Error::new(
                        ErrorKind::InvalidInput,
                        format!(
                            "a move from heap {n} leaves a heap as large: misère analysis needs moves that make heaps smaller"
                        ),
                    ));
                }
                parts_tame &= mv.parts.iter().all(|&p| genera.tame[p as usize].is_some());
                let mut tell = |searched: u64, held: u64| {
                    told.tell(held, n, total, progress, || stopped(n))?;
                    let bytes = told.bytes();
                    if searched.is_multiple_of(SEARCHED_BETWEEN_REPORTS)
                        && progress(Progress {
                            done: n,
                            total,
                            bytes,
                        })
                        .is_break()
                    {
                        return Err(stopped(n));
                    }
                    Ok(())
                };
                options.push(genera.sum(mv.parts, &mut tell)?);
            }
            let genus = Genus::from_options(&options)?;
            let tame = genus.tame().filter(|_| parts_tame);
            genera
                .moving
                .push(super::moving_options(&genera.ruleset, n));
            genera.heaps.push(genus);
            genera.tame.push(tame);
            if let Some(canon) = &mut genera.canon {
                canon.extend(&genera.ruleset, n);
            }
            let bytes = told.bytes();
            if progress(Progress {
                done: n + 1,
                total,
                bytes,
            })
            .is_break()
            {
                return Err(stopped(n + 1));
            }
        }
        Ok(genera)
    }

    /// The largest heap whose genus is known.
    pub fn max_heap(&self) -> u64 {
        self.heaps.len() as u64 - 1
    }

    /// The genus of heap `n`.
    ///
    /// # Panics
    /// If `n` is past [`Genera::max_heap`].
    pub fn heap(&self, n: u64) -> &Genus {
        &self.heaps[n as usize]
    }

    /// Every heap's genus, heap 0 first.
    pub fn heaps(&self) -> &[Genus] {
        &self.heaps
    }

    /// Whether heap `n` is tame (its genus is tame and so is every heap in
    /// its options), and as what.
    ///
    /// # Panics
    /// If `n` is past [`Genera::max_heap`].
    pub fn tame(&self, n: u64) -> Option<Tame> {
        self.tame[n as usize]
    }

    /// The least heap that is not tame, if any up to [`Genera::max_heap`].
    pub fn first_wild(&self) -> Option<u64> {
        self.tame.iter().position(Option::is_none).map(|n| n as u64)
    }

    /// The genus of the sum of `heaps`.
    ///
    /// ```
    /// use grundy::{Ruleset, misere::Genera};
    /// let nim = Ruleset::Nim;
    /// let mut genera = Genera::compute(&nim, 3, 1 << 20)?;
    /// assert_eq!(genera.genus_of(&[2, 2])?.to_string(), "0^02");
    /// assert_eq!(genera.genus_of(&[1, 1, 1])?.to_string(), "1^031");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`InvalidInput`](ErrorKind::InvalidInput) for a heap past
    /// [`Genera::max_heap`]; [`TooLarge`](ErrorKind::TooLarge) if the search
    /// of a sum with a wild part would pass the memory bound, or go deeper
    /// than [`MAX_TOKENS`] moves.
    pub fn genus_of(&mut self, heaps: &[u64]) -> Result<Genus> {
        if let Some(&h) = heaps.iter().find(|&&h| h > self.max_heap()) {
            return Err(Error::new(
                ErrorKind::InvalidInput,
                format!(
                    "heap {h} is past the genera computed (0 to {}); compute them up to {h}",
                    self.max_heap()
                ),
            ));
        }
        self.sum(heaps.to_vec(), &mut |_, _| Ok(()))
    }

    /// The genus of a sum of heaps whose genera are known.
    /// `searched` hears, before each sum searched is remembered, the number
    /// of sums remembered and the bytes held with it; its error ends the
    /// search.
    fn sum(
        &mut self,
        mut heaps: Vec<u64>,
        searched: &mut dyn FnMut(u64, u64) -> Result<()>,
    ) -> Result<Genus> {
        // Heaps without a move (0^120, a game with no option) change
        // nothing in any sum.
        heaps.retain(|&h| self.ruleset.has_move(h));
        heaps.sort_unstable();
        match heaps.as_slice() {
            [] => return Genus::from_options(&[]),
            [h] => return Ok(self.heaps[*h as usize].clone()),
            _ => {}
        }
        if self.use_tame_rule {
            let tame: Option<Vec<Tame>> = heaps.iter().map(|&h| self.tame[h as usize]).collect();
            if let Some(tame) = tame {
                let normal = heaps
                    .iter()
                    .fold(0, |acc, &h| acc ^ self.heaps[h as usize].normal());
                return Ok(Genus::of_tame(normal, tame.contains(&Tame::Firm)));
            }
            let max_heap = self.max_heap();
            let canon = self
                .canon
                .get_or_insert_with(|| Canon::new(&self.ruleset, max_heap));
            canon.normalize(&mut heaps);
            let (star, twos) = canon.take_nim_heaps(&mut heaps);
            if star || twos > 0 {
                return Ok(self.sum(heaps, searched)?.plus_nim(star, twos));
            }
            match heaps.as_slice() {
                [] => return Genus::from_options(&[]),
                [h] => return Ok(self.heaps[*h as usize].clone()),
                _ => {}
            }
        }
        if let Some(known) = self.sums.get(&heaps) {
            return Ok(known.clone());
        }
        if heaps.iter().fold(0u64, |a, &h| a.saturating_add(h)) > MAX_TOKENS {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "a sum with a wild heap is searched move by move, at most {MAX_TOKENS} tokens in all; this one is larger"
                ),
            ));
        }
        let mut options = Vec::new();
        for i in 0..heaps.len() {
            if i > 0 && heaps[i] == heaps[i - 1] {
                continue;
            }
            let moving = Arc::clone(&self.moving[heaps[i] as usize]);
            for parts in moving.iter() {
                let next = super::with_heap_replaced(&heaps, i, parts);
                options.push(self.sum(next, searched)?);
            }
        }
        let genus = Genus::from_options(&options)?;
        let symbol = allocation(8 * genus.written().len());
        let need = self.bytes
            + self.sums.bytes_inserting(&heaps, symbol)
            + self.canon.as_ref().map_or(0, Canon::bytes);
        if need > self.max_bytes {
            return Err(over_budget(need, self.max_bytes));
        }
        searched(self.sums.len() as u64 + 1, need)?;
        self.sums.insert(heaps, genus.clone(), symbol);
        Ok(genus)
    }
}

/// Sums searched between two reports to the progress callback.
const SEARCHED_BETWEEN_REPORTS: u64 = 4096;

fn stopped(done: u64) -> Error {
    Error::new(
        ErrorKind::Interrupted,
        format!("stopped after the genera of {done} heaps"),
    )
}

fn over_budget(need: u64, budget: u64) -> Error {
    Error::new(
        ErrorKind::TooLarge,
        format!(
            "the genera need more than {budget} bytes (sums with a wild heap are searched move by move); \
             ask for fewer heaps or allow more memory"
        ),
    )
    .with_detail(Detail::OverBudget {
        need,
        budget,
        fits: None,
    })
}
