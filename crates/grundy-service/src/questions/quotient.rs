//! The misère quotient of a heap game (Plambeck; Plambeck–Siegel): of the
//! heaps up to a bound, or of every heap once its pretending map's period
//! is proved; with its presentation and, when proved, its certificate.

use std::sync::Arc;

use grundy::misere::{self, Presentation, PretendingPeriod, Quotient, Strategy, pretending_period};
use grundy::{Error, ErrorKind, Result, Ruleset};

use crate::core::Core;
use crate::game::Game;
use crate::limits::{self, MAX_QUOTIENT_HEAP};
use crate::misere_charge::{charged, heaps_done};
use crate::misere_report::{GeneratorReport, Played, PretendingPeriodReport, QuotientReport};
use crate::strategies;
use crate::watch::Watch;

/// See [`Solver::misere_quotient`] and [`Solver::misere_certificate`].
pub(crate) fn bounded(
    core: &Core,
    game: &Game,
    max_heap: u64,
    certify: bool,
    watch: &mut Watch,
) -> Result<(QuotientReport, Option<String>)> {
    let game = game.sum_of_heaps("misère play")?;
    limits::quotient_bound(max_heap)?;
    let q = charged(
        core,
        "a misère quotient's construction",
        watch,
        heaps_done,
        |p| Quotient::compute_with(game, max_heap, core.misere_bytes(), p),
    )??;
    let period = pretending_period(game, &q);
    let strategy = Arc::new(Strategy::new(game, q));
    report(game, strategy, period.as_ref(), certify)
}

/// See [`Solver::misere_quotient_of_every_heap`].
pub(crate) fn of_every_heap(
    core: &Core,
    game: &Game,
    certify: bool,
    watch: &mut Watch,
) -> Result<(QuotientReport, Option<String>)> {
    let game = game.sum_of_heaps("misère play")?;
    if !misere::period_provable(game) {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            format!(
                "no periodicity theorem applies to the misère quotient of {game}, so none is proved for every heap; give a heap bound (at most {MAX_QUOTIENT_HEAP})"
            ),
        ));
    }
    let mut found = strategies::covering(core, game, MAX_QUOTIENT_HEAP + 1, watch)?;
    if found.is_none() && strategies::distrust_stored_limit(core, game) {
        found = strategies::covering(core, game, MAX_QUOTIENT_HEAP + 1, watch)?;
    }
    let Some(strategy) = found else {
        return Err(Error::new(
            ErrorKind::Overflow,
            strategies::none_of_every_heap(core, game),
        ));
    };
    let period = strategy.period().cloned();
    report(game, strategy, period.as_ref(), certify)
}

/// The report of quotient `q` of `game` and the period found in its map,
/// with the certificate when `certify` and the period is proved.
fn report(
    game: &Ruleset,
    strategy: Arc<Strategy>,
    found: Option<&PretendingPeriod>,
    certify: bool,
) -> Result<(QuotientReport, Option<String>)> {
    let q = strategy.quotient();
    let presentation = Presentation::of(q);
    let text = match found {
        Some(p) if certify && p.is_proved() => Some(misere::certificate::write(game, q, p)?),
        _ => None,
    };
    let period = found.map(|p| {
        PretendingPeriodReport::new(
            p.preperiod,
            p.period,
            p.is_proved(),
            p.proof
                .map(|(theorem, needs)| (theorem.name().to_string(), needs)),
        )
    });
    let report = QuotientReport {
        game: game.to_string(),
        max_heap: q.max_heap(),
        size: q.len(),
        p_portion: q.p_portion(),
        pretending: q.heap_elements().to_vec(),
        representatives: q.shortest_sums(),
        product: q.rows().to_vec(),
        generators: presentation
            .generators()
            .iter()
            .enumerate()
            .map(|(i, &heap)| GeneratorReport {
                name: Presentation::letter(i),
                heap,
            })
            .collect(),
        relations: presentation
            .relations()
            .iter()
            .map(|r| presentation.relation_text(r))
            .collect(),
        elements: presentation
            .normal_forms()
            .iter()
            .map(|w| Presentation::word_text(w))
            .collect(),
        period,
        strategy: Played(Arc::clone(&strategy)),
    };
    Ok((report, text))
}
