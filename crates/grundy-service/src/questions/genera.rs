//! The genus of each heap up to a bound (Conway's g^γ0γ1…, Winning Ways
//! ch. 13), and which heaps are tame.

use grundy::Result;
use grundy::misere::{Genera, Tame};

use crate::core::Core;
use crate::game::Game;
use crate::limits;
use crate::misere_charge::{charged, heaps_done};
use crate::misere_report::{GeneraReport, HeapGenus, TameKind};
use crate::watch::Watch;

/// See [`Solver::genera`].
pub(crate) fn genera(core: &Core, game: &Game, to: u64, watch: &mut Watch) -> Result<GeneraReport> {
    let game = game.sum_of_heaps("misère play")?;
    limits::genera_heap(to)?;
    let genera = charged(core, "the misère genera", watch, heaps_done, |p| {
        Genera::compute_with(game, to, core.misere_bytes(), p)
    })??;
    Ok(GeneraReport {
        game: game.to_string(),
        to,
        first_wild: genera.first_wild(),
        heaps: (0..=to)
            .map(|n| {
                let g = genera.heap(n);
                HeapGenus {
                    heap: n,
                    genus: g.to_string(),
                    normal: g.normal(),
                    misere: g.written().to_vec(),
                    tame: genera.tame(n).map(|t| match t {
                        Tame::Fickle => TameKind::Fickle,
                        Tame::Firm => TameKind::Firm,
                    }),
                }
            })
            .collect(),
    })
}
