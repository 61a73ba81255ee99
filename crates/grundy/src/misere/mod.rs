//! Misère play: the player who makes the last move loses.
//!
//! Sprague–Grundy values stop adding under misère play, so the library
//! answers misère questions three ways, each tested against the one before:
//!
//! - [`Judge`]: the outcome of any sum of heaps, and every winning move, by a
//!   memoised game-tree search straight from the rules. Exponential, exact,
//!   the reference.
//! - [`Genus`] and [`Genera`]: Conway's genus symbol g^{γ₀γ₁…} of each heap
//!   (*On Numbers and Games*, ch. 12; *Winning Ways*, ch. 13), from which
//!   [`tame`] answers sums of *tame* heaps in time linear in the number of
//!   heaps, by the misère rule of nim in its genus form.
//!
//! ```
//! use grundy::{Ruleset, misere::{tame, Genera, Judge, Outcome}};
//! let strip: Ruleset = "0.07".parse()?; // Dawson's Kayles
//! let mut judge = Judge::new(strip.clone(), 1 << 24);
//! let genera = Genera::compute(&strip, 8, 1 << 24)?;
//! for heaps in [[2, 3], [4, 5], [1, 6]] {
//!     if let Some(rule) = tame::outcome(&genera, &heaps)? {
//!         assert_eq!(rule, judge.outcome(&heaps)?);
//!     }
//! }
//! # Ok::<(), grundy::Error>(())
//! ```

mod adjoin;
mod canon;
pub mod certificate;
mod construction;
mod contexts;
mod counterexample;
mod footprint;
mod genera;
mod genus;
mod judge;
mod learn;
mod levels;
mod lookahead;
pub(crate) mod memo;
mod moore;
mod period;
mod presentation;
mod progress;
mod quotient;
mod reduce;
mod refine;
mod strategy;
mod sweep;
pub mod tame;
#[cfg(test)]
mod verify;

pub(crate) use canon::Canon;
pub use construction::{CONSTRUCTION_REVISION, Stopped};
pub use genera::Genera;
pub use genus::{Genus, Tame};
pub use judge::{Judge, MAX_TOKENS};
pub use period::{
    PretendingPeriod, describe as describe_period_theorem, period_provable, pretending_period,
};
pub use presentation::{Presentation, Word};
pub use progress::{BYTES_STEP, Progress, silent};
pub use quotient::{Element, Quotient};
pub use strategy::Strategy;

/// The options of heap `h` of `ruleset`, each the heaps it leaves that
/// still have a move (the others play no part in any sum), sorted, without
/// repeats.
fn moving_options(ruleset: &crate::ruleset::Ruleset, h: u64) -> std::sync::Arc<[Vec<u64>]> {
    let mut all: Vec<Vec<u64>> = ruleset
        .options(h)
        .into_iter()
        .map(|m| {
            let mut parts = m.parts;
            parts.retain(|&p| ruleset.has_move(p));
            parts
        })
        .collect();
    all.sort_unstable();
    all.dedup();
    all.into()
}

/// The sum `v` after a move on its heap `i` that leaves `parts`: the other
/// heaps, then `parts`, allocated at its exact length (the searches keep
/// such sums as memo keys). Not sorted.
fn with_heap_replaced(v: &[u64], i: usize, parts: &[u64]) -> Vec<u64> {
    let mut next = Vec::with_capacity(v.len() - 1 + parts.len());
    next.extend_from_slice(&v[..i]);
    next.extend_from_slice(&v[i + 1..]);
    next.extend_from_slice(parts);
    next
}

/// The chain's first candidate where heap `n` splits the quotient of the
/// smaller heaps: that quotient times heap n's tentative columns, for the
/// module's tests.
#[cfg(test)]
fn first_candidate(
    game: &crate::ruleset::Ruleset,
    n: u64,
    max_bytes: u64,
) -> counterexample::Candidate {
    let q =
        quotient::Quotient::compute(game, n - 1, max_bytes).expect("the smaller heaps' quotient");
    let columns = adjoin::tentative_columns(&q, game, n).expect("tentative columns");
    learn::product_candidate(&q, &columns, n)
}

/// Random take-and-break codes of up to three digits after the point, the
/// first 0 or 4, for the module's proptests.
#[cfg(test)]
fn random_code() -> impl proptest::strategy::Strategy<Value = crate::ruleset::Ruleset> {
    use proptest::prelude::*;
    (
        prop::sample::select(vec![0u8, 4]),
        prop::collection::vec(0u8..=7, 1..=3),
    )
        .prop_map(|(d0, rest)| {
            let mut digits = vec![d0];
            digits.extend(rest);
            crate::ruleset::Ruleset::TakeAndBreak(
                crate::ruleset::TakeAndBreak::new(digits).expect("d0 is 0 or 4"),
            )
        })
}

/// Who wins a position under the rule played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The previous player wins: the player to move loses.
    P,
    /// The next player, the one to move, wins.
    N,
}

impl Outcome {
    /// Whether the player to move wins.
    pub fn next_player_wins(self) -> bool {
        self == Outcome::N
    }
}
