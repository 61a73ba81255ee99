//! Sums of heaps in a normal form: each heap as the least heap that is the
//! same game, and pairs of *1 cancelled, so that the memos of the quotient
//! learner (outcomes) and of the genus search (genera, see
//! [`super::Genera`]) meet one key for sums that are one game.

use super::moving_options;

/// Heaps that are one game: each heap up to a bound mapped to the least
/// heap with the same options (as games, each option a sum of heaps so
/// mapped), heaps with no move dropped, and heaps that are the game *1
/// (whose only option is the empty sum) cancelled in pairs: misère,
/// *1 + *1 = 0 (for every G, G + *1 + *1 has G's outcome: by induction on
/// G, a move to a lost G′ + *1 + *1 answers a won G, and a lost G ≠ 0 has
/// only won options G′ + *1 + *1, while G + *1 is won by moving to G).
/// Replacing a heap by an equal game, or an option by an equal one, keeps
/// every sum's outcome, so a sum and its normal form are equally lost.
#[derive(Clone, Debug)]
pub(crate) struct Canon {
    of: Vec<u64>,
    star: Option<u64>,
    /// The least heap that is the game *2 = {0, *1}, if any.
    two: Option<u64>,
    /// Each game met so far (its normalized options) and its least heap.
    first: std::collections::HashMap<Vec<Vec<u64>>, u64>,
    /// Bytes of the keys of `first`, as allocated.
    keys_bytes: u64,
}

impl Canon {
    /// The map for the heaps up to `n` of `ruleset`.
    pub(crate) fn new(ruleset: &crate::ruleset::Ruleset, n: u64) -> Canon {
        let mut canon = Canon {
            of: vec![0],
            star: None,
            two: None,
            first: std::collections::HashMap::new(),
            keys_bytes: 0,
        };
        canon.extend(ruleset, n);
        canon
    }

    /// Bytes held, as allocated (see `misere/memo.rs`).
    pub(crate) fn bytes(&self) -> u64 {
        super::memo::allocation(8 * self.of.capacity())
            + super::memo::table_bytes::<Vec<Vec<u64>>, u64>(self.first.capacity())
            + self.keys_bytes
    }

    /// The largest heap mapped.
    pub(crate) fn max_heap(&self) -> u64 {
        self.of.len() as u64 - 1
    }

    /// Maps the heaps up to `n` too (those past [`Canon::max_heap`]).
    pub(crate) fn extend(&mut self, ruleset: &crate::ruleset::Ruleset, n: u64) {
        for h in self.max_heap() + 1..=n {
            self.of.push(0);
            if !ruleset.has_move(h) {
                continue;
            }
            let mut key: Vec<Vec<u64>> = moving_options(ruleset, h)
                .iter()
                .map(|parts| {
                    let mut v = parts.clone();
                    self.normalize(&mut v);
                    v
                })
                .collect();
            key.sort_unstable();
            key.dedup();
            let star = key.len() == 1 && key[0].is_empty();
            let two = self
                .star
                .is_some_and(|s| key.len() == 2 && key[0].is_empty() && key[1] == [s]);
            let key_bytes = super::memo::allocation(24 * key.capacity())
                + key
                    .iter()
                    .map(|parts| super::memo::allocation(8 * parts.capacity()))
                    .sum::<u64>();
            let m = *self.first.entry(key).or_insert_with(|| {
                self.keys_bytes += key_bytes;
                h
            });
            self.of[h as usize] = m;
            if star {
                self.star = Some(m);
            }
            if two {
                self.two = Some(m);
            }
        }
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

    /// Takes the heaps that are *1 and *2 out of the normal form `v`
    /// ([`Canon::normalize`]): whether a *1 was there (at most one is), and
    /// how many *2s. Outcomes do not survive this (*2 + *2 is lost alone
    /// and won beside *1), but genera do: see [`super::Genus::plus_nim`].
    pub(crate) fn take_nim_heaps(&self, v: &mut Vec<u64>) -> (bool, u64) {
        let before = v.len();
        let star = self.star.is_some_and(|s| v.contains(&s));
        v.retain(|&h| Some(h) != self.star && Some(h) != self.two);
        (star, (before - v.len() - usize::from(star)) as u64)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::Canon;
    use crate::misere::Judge;
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

    #[test]
    fn kayles_heap_two_and_dawson_heap_four_are_star_two() {
        let kayles: Ruleset = "0.77".parse().unwrap();
        assert_eq!(Canon::new(&kayles, 12).two, Some(2));
        let dawson: Ruleset = "0.07".parse().unwrap();
        assert_eq!(Canon::new(&dawson, 12).two, Some(4));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Genera survive taking *1 and *2 out of a sum and adjusting the
        /// genus of the rest ([`crate::misere::Genus::plus_nim`]), where
        /// outcomes would not: checked with the exact twin, which searches
        /// every sum as it is.
        #[test]
        fn nim_heaps_taken_out_keep_genera(
            code in prop::sample::select(vec!["0.07", "0.77", "0.137", "0.35", "4.7", "0.51", "nim", "grundy"]),
            heaps in prop::collection::vec(1u64..=9, 0..=4),
        ) {
            let game: Ruleset = code.parse().unwrap();
            let canon = Canon::new(&game, 9);
            let mut exact = crate::misere::Genera::exact(&game, 9, 1 << 26).unwrap();
            let mut rest = heaps.clone();
            canon.normalize(&mut rest);
            let (star, twos) = canon.take_nim_heaps(&mut rest);
            let whole = exact.genus_of(&heaps).unwrap();
            prop_assert_eq!(exact.genus_of(&rest).unwrap().plus_nim(star, twos), whole, "{:?} as {:?}", heaps, rest);
        }

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
