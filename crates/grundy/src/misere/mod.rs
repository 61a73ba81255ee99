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
pub mod certificate;
mod counterexample;
mod genera;
mod genus;
mod judge;
mod learn;
mod lookahead;
mod moore;
mod period;
mod presentation;
mod quotient;
mod reduce;
mod refine;
mod strategy;
mod sweep;
pub mod tame;
#[cfg(test)]
mod verify;

pub use genera::Genera;
pub use genus::{Genus, Tame};
pub use judge::{Judge, MAX_TOKENS};
pub use period::{
    PretendingPeriod, describe as describe_period_theorem, period_provable, pretending_period,
};
pub use presentation::{Presentation, Word};
pub use quotient::{Element, Quotient};
pub use strategy::Strategy;

/// The options of heap `h` of `ruleset`, each the heaps it leaves that
/// still have a move (the others play no part in any sum), sorted, without
/// repeats.
fn moving_options(ruleset: &crate::ruleset::Ruleset, h: u64) -> std::rc::Rc<[Vec<u64>]> {
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

/// Heaps that are one game: each heap up to a bound mapped to the least
/// heap with the same options (as games, each option a sum of heaps so
/// mapped), heaps with no move dropped, and heaps that are the game *1
/// (whose only option is the empty sum) cancelled in pairs: misère,
/// *1 + *1 = 0 (for every G, G + *1 + *1 has G's outcome: by induction on
/// G, a move to a lost G′ + *1 + *1 answers a won G, and a lost G ≠ 0 has
/// only won options G′ + *1 + *1, while G + *1 is won by moving to G).
/// Replacing a heap by an equal game, or an option by an equal one, keeps
/// every sum's outcome, so a sum and its normal form are equally lost.
pub(crate) struct Canon {
    of: Vec<u64>,
    star: Option<u64>,
}

impl Canon {
    /// The map for the heaps up to `n` of `ruleset`.
    pub(crate) fn new(ruleset: &crate::ruleset::Ruleset, n: u64) -> Canon {
        let mut canon = Canon {
            of: vec![0; n as usize + 1],
            star: None,
        };
        let mut first: std::collections::HashMap<Vec<Vec<u64>>, u64> =
            std::collections::HashMap::new();
        for h in 1..=n {
            if !ruleset.has_move(h) {
                continue;
            }
            let mut key: Vec<Vec<u64>> = moving_options(ruleset, h)
                .iter()
                .map(|parts| {
                    let mut v = parts.clone();
                    canon.normalize(&mut v);
                    v
                })
                .collect();
            key.sort_unstable();
            key.dedup();
            let star = key.len() == 1 && key[0].is_empty();
            let m = *first.entry(key).or_insert(h);
            canon.of[h as usize] = m;
            if star {
                canon.star = Some(m);
            }
        }
        canon
    }

    /// The normal form of the sum `v` (heaps up to the bound), sorted from
    /// the largest heap down.
    pub(crate) fn normalize(&self, v: &mut Vec<u64>) {
        let mut stars = 0usize;
        v.retain_mut(|h| {
            *h = self.of[*h as usize];
            if Some(*h) == self.star {
                stars += 1;
                return false;
            }
            *h != 0
        });
        if stars % 2 == 1 {
            v.push(self.star.expect("a star"));
        }
        v.sort_unstable_by(|a, b| b.cmp(a));
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{Canon, Judge};
    use crate::ruleset::Ruleset;

    #[test]
    fn dawson_heaps_two_and_three_are_one_star() {
        let game: Ruleset = "0.07".parse().unwrap();
        let canon = Canon::new(&game, 12);
        assert_eq!(canon.star, Some(2));
        assert_eq!(canon.of[3], 2);
        assert_eq!(canon.of[1], 0);
        let mut v = vec![3, 2, 7, 2, 1];
        canon.normalize(&mut v);
        assert_eq!(v, vec![7, 2]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// A sum and its normal form have one outcome (by the judge).
        #[test]
        fn normal_forms_keep_outcomes(
            code in prop::sample::select(vec!["0.07", "0.77", "0.137", "0.35", "4.7", "0.51"]),
            heaps in prop::collection::vec(1u64..=11, 0..=5),
        ) {
            let game: Ruleset = code.parse().unwrap();
            let canon = Canon::new(&game, 11);
            let mut v = heaps.clone();
            canon.normalize(&mut v);
            let mut judge = Judge::new(game, 1 << 26);
            prop_assert_eq!(judge.outcome(&heaps).unwrap(), judge.outcome(&v).unwrap(), "{:?} and {:?}", heaps, v);
        }
    }
}
