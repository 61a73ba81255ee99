//! The judge: win or loss of an explicit position, straight from the rules.
//!
//! This solver knows nothing of Sprague–Grundy theory. A position is a
//! multiset of heaps; the player to move wins exactly when some move leads to a
//! position the opponent loses. Results are memoised by position. It is slow —
//! exponential in the size of the position — and exists so that tests can
//! check the fast theory against the plain definition.

use std::collections::HashMap;

use crate::ruleset::Ruleset;

/// A memoised game-tree search over explicit multisets of heaps.
///
/// ```
/// use grundy::{Ruleset, exhaustive::Exhaustive};
/// let strip: Ruleset = "0.07".parse()?;
/// let mut judge = Exhaustive::new(strip);
/// assert!(judge.first_player_wins(&[4]));  // paint the middle two squares
/// assert!(!judge.first_player_wins(&[5]));
/// assert!(!judge.first_player_wins(&[4, 4])); // copy the opponent's moves
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Exhaustive {
    ruleset: Ruleset,
    memo: HashMap<Vec<u64>, bool>,
    movable: HashMap<u64, bool>,
}

impl Exhaustive {
    /// A judge for `ruleset` with an empty memo.
    pub fn new(ruleset: Ruleset) -> Self {
        Exhaustive {
            ruleset,
            memo: HashMap::new(),
            movable: HashMap::new(),
        }
    }

    /// Whether the player to move from `heaps` can force a win.
    ///
    /// # Complexity
    /// Exponential: keep positions small (heaps up to about 20, or two or three
    /// heaps up to about 12).
    pub fn first_player_wins(&mut self, heaps: &[u64]) -> bool {
        let key = self.canonical(heaps.to_vec());
        self.wins(key)
    }

    /// Positions decided so far.
    pub fn positions_seen(&self) -> usize {
        self.memo.len()
    }

    fn wins(&mut self, position: Vec<u64>) -> bool {
        if let Some(&known) = self.memo.get(&position) {
            return known;
        }
        let mut result = false;
        'search: for i in 0..position.len() {
            if i > 0 && position[i] == position[i - 1] {
                continue;
            }
            for mv in self.ruleset.options(position[i]) {
                let mut next: Vec<u64> = position[..i].to_vec();
                next.extend_from_slice(&position[i + 1..]);
                next.extend_from_slice(&mv.parts);
                let next = self.canonical(next);
                if !self.wins(next) {
                    result = true;
                    break 'search;
                }
            }
        }
        self.memo.insert(position, result);
        result
    }

    /// Sorted, without heaps on which no move is possible (they can never
    /// change the outcome: nobody can ever play there).
    fn canonical(&mut self, mut heaps: Vec<u64>) -> Vec<u64> {
        heaps.retain(|&h| {
            *self
                .movable
                .entry(h)
                .or_insert_with(|| !self.ruleset.options(h).is_empty())
        });
        heaps.sort_unstable();
        heaps
    }
}
