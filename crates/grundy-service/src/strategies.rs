//! The misère strategies the solver keeps: for each game, the quotient it
//! last found ([`grundy::misere::Strategy`]) or the heap bound at which
//! none could be found, so that a game played move after move (the CLI's
//! `play`, the web page, a notebook) computes its quotient once.
//!
//! Policy: to answer a position whose largest heap is n, the quotient is
//! computed for heap bounds 32, 64, … (or the bound an observed period of
//! the pretending map says would prove it) until it covers n: its bound
//! reaches n, or its period is proved and it covers every heap. Bounds
//! run ahead of n so that the positions a game goes on to (larger heaps
//! split up) are covered by the same quotient. A bound past
//! [`MAX_QUOTIENT_HEAP`] ends the attempt; so does a quotient that the
//! construction cannot find (a split it cannot mend) or one too large for
//! a quarter of the memory budget, after one more try at bound n itself.
//! The failing bound is remembered, and the position goes to the
//! game-tree search.
//!
//! A quotient whose pretending map's period is proved covers every heap
//! and never changes, so it is also kept in the store, as its certificate
//! (`0.77.misere.cert` beside `0.77.values`); the first position of a game
//! reads it from there, checks it from the rules
//! ([`grundy::misere::certificate::read`], milliseconds where computing
//! took seconds) and computes the quotient again if it fails. Where the
//! construction stopped for want of a quotient (not of memory), that is
//! kept too (`0.07.misere.limit`, see `misere_limit.rs`) and read with the
//! certificate, so a later run does not compute its way there again.

use std::sync::Arc;

use grundy::misere::{Quotient, Strategy, certificate, period_provable, pretending_period};
use grundy::{ErrorKind, Result, Ruleset};

use crate::core::Core;
use crate::limits::MAX_QUOTIENT_HEAP;
use crate::misere_charge::{charged, heaps_done};
use crate::misere_limit;
use crate::watch::{Event, Watch};

/// The first heap bound tried.
const FIRST_BOUND: u64 = 32;

/// A strategy of `game` the solver holds that covers heap `largest`.
pub(crate) fn held(core: &Core, game: &Ruleset, largest: u64) -> Option<Arc<Strategy>> {
    core.strategies
        .known(game)
        .strategy
        .filter(|s| s.covers(largest))
}

/// A strategy of `game` that covers heap `largest`, held or kept in the
/// store (read once per game), without computing one.
pub(crate) fn known(
    core: &Core,
    game: &Ruleset,
    largest: u64,
    watch: &mut Watch,
) -> Option<Arc<Strategy>> {
    if let Some(strategy) = held(core, game, largest) {
        return Some(strategy);
    }
    let mut known = core.strategies.known(game);
    if known.store_read {
        return None;
    }
    known.store_read = true;
    if let Some(stored) = stored(core, game, watch) {
        known.strategy = Some(stored);
    }
    if known.failed_at.is_none()
        && let Some((at, why)) = stored_limit(core, game, watch)
    {
        known.failed_at = Some(at);
        known.failed_why = Some(format!(
            "{why} (as an earlier run found and the store recorded; clearing the store's files of {game} tries again)"
        ));
        known.hinted = true;
    }
    core.strategies
        .remember(&core.config.accountant, game, known.clone());
    known.strategy.filter(|s| s.covers(largest))
}

/// A misère strategy of `game` that covers heap `largest`, remembered
/// or computed (see the module documentation); `None` when no quotient
/// that covers it is found.
///
/// # Errors
/// [`ErrorKind::Interrupted`] when `watch` says stop.
pub(crate) fn covering(
    core: &Core,
    game: &Ruleset,
    largest: u64,
    watch: &mut Watch,
) -> Result<Option<Arc<Strategy>>> {
    if let Some(strategy) = known(core, game, largest, watch) {
        return Ok(Some(strategy));
    }
    let mut known = core.strategies.known(game);
    // Past the largest bound computed, only a proved period covers a
    // heap: games no theorem applies to, or whose quotient was not
    // found, are not tried.
    if largest > MAX_QUOTIENT_HEAP && (known.failed_at.is_some() || !period_provable(game)) {
        return Ok(None);
    }
    // The quotient held covers less than `largest`, so each bound tried
    // is past its bound; at the largest bound, nothing more is found.
    let held = known
        .strategy
        .as_ref()
        .map_or(0, |s| s.quotient().max_heap());
    if held >= MAX_QUOTIENT_HEAP {
        return Ok(None);
    }
    let mut bound = held.saturating_mul(2).max(FIRST_BOUND);
    loop {
        bound = bound.min(MAX_QUOTIENT_HEAP);
        if let Some(failed) = known.failed_at.filter(|&failed| bound >= failed) {
            // A bound of the position's own size may still be found.
            if largest >= failed {
                return Ok(None);
            }
            bound = largest;
        }
        let computed = charged(
            core,
            "a misère quotient's construction",
            watch,
            heaps_done,
            |p| Quotient::compute_as_far_as(game, bound, core.misere_bytes(), p),
        )?;
        let quotient = match computed {
            Ok(q) => q,
            Err(stopped)
                if matches!(
                    stopped.error.kind(),
                    ErrorKind::Overflow | ErrorKind::TooLarge
                ) =>
            {
                // The construction stopped at the heap past the
                // quotient it reached: no larger bound gets further.
                let at = stopped
                    .reached
                    .as_ref()
                    .map_or(bound, |q| q.max_heap() + 1)
                    .min(bound);
                if known.failed_at.is_none_or(|f| at < f) {
                    known.failed_why = Some(stopped.error.to_string());
                    if stopped.error.kind() == ErrorKind::Overflow {
                        keep_limit(core, game, at, &stopped.error.to_string(), watch);
                    }
                }
                known.failed_at = Some(known.failed_at.map_or(at, |f| f.min(at)));
                known.hinted = false;
                // The quotient it reached answers every position of
                // the heaps below that one.
                if let Some(q) = stopped.reached
                    && known
                        .strategy
                        .as_ref()
                        .is_none_or(|s| s.quotient().max_heap() < q.max_heap())
                {
                    known.strategy = Some(Arc::new(Strategy::new(game, *q)));
                }
                core.strategies
                    .remember(&core.config.accountant, game, known.clone());
                if let Some(strategy) = known.strategy.as_ref().filter(|s| s.covers(largest)) {
                    return Ok(Some(Arc::clone(strategy)));
                }
                if largest < bound {
                    continue;
                }
                return Ok(None);
            }
            Err(stopped) => return Err(stopped.error),
        };
        // Where the map already shows a period, the bound that would
        // prove it is the next one worth trying.
        let proving = pretending_period(game, &quotient)
            .and_then(|p| p.proof)
            .map(|(_, needs)| needs);
        let strategy = Arc::new(Strategy::new(game, quotient));
        known.strategy = Some(Arc::clone(&strategy));
        core.strategies
            .remember(&core.config.accountant, game, known.clone());
        keep(core, game, &strategy, watch);
        if strategy.covers(largest) {
            return Ok(Some(strategy));
        }
        if bound >= MAX_QUOTIENT_HEAP {
            return Ok(None);
        }
        bound = match proving {
            Some(needs) if needs > bound && needs <= MAX_QUOTIENT_HEAP => needs,
            _ => bound.saturating_mul(2),
        };
    }
}

/// Forgets where the store's record says the construction of `game`'s
/// quotient stops, when that is all that is known of it (no run of this
/// process found it): whether it did. A caller about to refuse a position,
/// or a quotient of every heap, for want of a quotient then tries the
/// construction itself, so that a planted record makes answers slower,
/// never refused (the record is rewritten with what the construction
/// finds).
pub(crate) fn distrust_stored_limit(core: &Core, game: &Ruleset) -> bool {
    let mut known = core.strategies.known(game);
    if !known.hinted {
        return false;
    }
    known.failed_at = None;
    known.failed_why = None;
    known.hinted = false;
    core.strategies
        .remember(&core.config.accountant, game, known);
    true
}

/// The quotient of every heap of `game` kept in the store, checked from
/// the rules; `None` when none is kept or it fails (a warning).
fn stored(core: &Core, game: &Ruleset, watch: &mut Watch) -> Option<Arc<Strategy>> {
    let store = core.config.store.as_ref()?;
    let text = match store.load_misere(game) {
        Ok(text) => text?,
        Err(e) => {
            let _ = watch.tell(Event::Warning(e.to_string()));
            return None;
        }
    };
    let ignored = |why: String| {
        Event::Warning(format!(
            "ignoring the misère quotient file {} ({why}); the quotient will be computed again",
            store.misere_location(game)
        ))
    };
    let (proved, quotient) = match certificate::read(&text) {
        Ok(read) => read,
        Err(e) => {
            let _ = watch.tell(ignored(e.to_string()));
            return None;
        }
    };
    if proved.game != *game {
        let _ = watch.tell(ignored(format!("it is a quotient of {}", proved.game)));
        return None;
    }
    let strategy = Strategy::new(game, quotient);
    if !strategy.covers_every_heap() {
        let _ = watch.tell(ignored("its period is not proved".to_string()));
        return None;
    }
    Some(Arc::new(strategy))
}

/// Where the construction of `game`'s quotient stopped and why, as kept
/// in the store under this revision of the construction; a record that
/// cannot be read is a warning.
fn stored_limit(core: &Core, game: &Ruleset, watch: &mut Watch) -> Option<(u64, String)> {
    let store = core.config.store.as_ref()?;
    let read = store
            .load_misere_limit(game)
            .map_err(|e| e.to_string())
            .and_then(|text| match text {
                Some(text) => misere_limit::read(&text, game).map_err(|why| {
                    format!(
                        "ignoring the misère quotient limit of {game} kept in the store ({why}); the construction will be tried again"
                    )
                }),
                None => Ok(None),
            });
    match read {
        Ok(limit) => limit,
        Err(warning) => {
            let _ = watch.tell(Event::Warning(warning));
            None
        }
    }
}

/// Keeps in the store that the construction of `game`'s quotient stops
/// at heap `at`, for the reason `why`; a failure is a warning.
fn keep_limit(core: &Core, game: &Ruleset, at: u64, why: &str, watch: &mut Watch) {
    let Some(store) = &core.config.store else {
        return;
    };
    let record = misere_limit::write(game, at, why);
    if let Err(e) = store.save_misere_limit(game, &record) {
        let _ = watch.tell(Event::Warning(e.to_string()));
    }
}

/// Why no quotient of every heap of `game` was found, after
/// [`covering`] gave none.
pub(crate) fn none_of_every_heap(core: &Core, game: &Ruleset) -> String {
    let known = core.strategies.known(game);
    let found = known
        .strategy
        .as_ref()
        .map_or(0, |s| s.quotient().max_heap());
    match known.failed_why {
        Some(why) => format!(
            "no misère quotient of every heap of {game} was found before its pretending map's period was proved: {why}"
        ),
        None => format!(
            "no period of the pretending map of {game} is proved by heap {found}, the largest bound computed"
        ),
    }
}

/// Keeps `strategy` in the store when it covers every heap (its
/// certificate); a failure is a warning.
fn keep(core: &Core, game: &Ruleset, strategy: &Strategy, watch: &mut Watch) {
    let (Some(store), Some(period)) = (&core.config.store, strategy.period()) else {
        return;
    };
    if !strategy.covers_every_heap() {
        return;
    }
    let saved = certificate::write(game, strategy.quotient(), period)
        .map_err(|e| e.to_string())
        .and_then(|text| store.save_misere(game, &text).map_err(|e| e.to_string()));
    if let Err(e) = saved {
        let _ = watch.tell(Event::Warning(e));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Config, Known};
    use crate::memory::Accountant;

    /// A quotient kept between requests is charged to the accountant while
    /// kept and given back when forgotten; one that does not fit beside
    /// what others hold is not kept.
    #[test]
    fn a_kept_quotient_is_charged_while_kept() {
        let budget = 64 << 20;
        let accountant = Arc::new(Accountant::new(budget));
        let core = Core::new(Config {
            budget: grundy::values::Budget::bytes(budget),
            accountant: Arc::clone(&accountant),
            ..Config::default()
        });
        let kayles: Ruleset = "0.77".parse().unwrap();
        let strategy = covering(&core, &kayles, 20, &mut Watch::silent())
            .unwrap()
            .expect("Kayles has a quotient to heap 20");
        let bytes = strategy.quotient().bytes();
        assert!(held(&core, &kayles, 20).is_some());
        assert!(
            accountant.in_use() >= bytes,
            "{} < {bytes}",
            accountant.in_use()
        );
        core.strategies
            .remember(&accountant, &kayles, Known::default());
        assert_eq!(accountant.in_use(), 0);

        let others = accountant.reserve(budget - bytes + 1, "others").unwrap();
        let known = Known {
            strategy: Some(Arc::clone(&strategy)),
            ..Known::default()
        };
        core.strategies
            .remember(&accountant, &kayles, known.clone());
        assert!(held(&core, &kayles, 20).is_none());
        assert_eq!(accountant.in_use(), budget - bytes + 1);
        drop(others);
        core.strategies.remember(&accountant, &kayles, known);
        assert!(held(&core, &kayles, 20).is_some());
        assert_eq!(accountant.in_use(), bytes);
    }
}
