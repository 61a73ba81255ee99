//! Periodicity of the pretending map: when a quotient of the heaps up to a
//! bound is the quotient of *every* heap.
//!
//! Write Φ for the pretending map of the quotient Q of the sums of heaps up
//! to M. If Φ(n + p) = Φ(n) for every n with e ≤ n ≤ M − p, and M reaches
//! the window that the octal periodicity theorem asks of values (for a
//! finite code whose moves leave at most two heaps, removing at most t
//! tokens: M ≥ 2e + 2p + t − 1, with max(e, 1) for e; the three-part and
//! subtraction windows likewise, [`crate::period::proof`]), then Q is the
//! misère quotient of all sums of heaps of any size, and Φ(n + p) = Φ(n)
//! for every n ≥ e. Plambeck and Siegel state a periodicity theorem of this
//! kind for misère quotients ("Misère quotients for impartial games",
//! J. Combin. Theory Ser. A 115 (2008)); the argument below is written out
//! here so that the window is exactly the one checked.
//!
//! *Proof.* Suppose the statement holds for heaps below N + p, with N ≥ B
//! (B the theorem's window end, M = B + p − 1 at least), and put
//! Φ(N + p) = Φ(N). A sum U with a heap N + p and U′ = U − (N + p) + N
//! have the same image (Φ is a homomorphism). Their options pair off with
//! equal images: a move elsewhere in U is the same move in U′, leaving
//! images Φ(rest)·Φ(N + p) and Φ(rest)·Φ(N); a move in the heap N + p
//! removes i ≤ t tokens and leaves parts summing to N + p − i ≥ 2e + 2p, so
//! its largest part c has e + p ≤ c < N + p and c may be replaced by c − p
//! (same element, by the hypothesis); a move in the heap N leaves parts
//! summing to N − i ≥ 2e, whose largest part c ≥ e gives c + p < N + p
//! back. (e ≥ 1 keeps c − p a heap.) So U is lost under Φ exactly when U′
//! is, and U′ has fewer tokens: by induction on tokens, Φ gives the outcome
//! of every sum of heaps up to N + p. Φ is onto Q, and any two elements of
//! Q are told apart by some sum of heaps up to M already, so Q is the
//! quotient of the heaps up to N + p, and the induction goes on.
//!
//! ```
//! use grundy::{Ruleset, misere::{Quotient, pretending_period}};
//! let game: Ruleset = "0.75".parse()?;
//! let q = Quotient::compute(&game, 40, 1 << 26)?;
//! let period = pretending_period(&game, &q).expect("0.75 is periodic");
//! assert_eq!((period.preperiod, period.period), (8, 2));
//! assert!(period.is_proved());
//! // Every heap, however large, now has its element.
//! assert_eq!(period.element(&q, 10u64.pow(12)), q.heap_elements()[10]);
//! # Ok::<(), grundy::Error>(())
//! ```

use crate::period::detect::Candidate;
use crate::period::proof::{Requirements, Theorem};
use crate::ruleset::Ruleset;

use super::quotient::{Element, Quotient};

/// A period of a quotient's pretending map, proved or only observed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PretendingPeriod {
    /// The first heap from which Φ(n + p) = Φ(n).
    pub preperiod: u64,
    /// The period p.
    pub period: u64,
    /// The theorem whose window proves it, and the least heap bound that
    /// window needs (`None`: no theorem applies to the game).
    pub proof: Option<(Theorem, u64)>,
    /// The heap bound of the quotient it was read from.
    pub checked_to: u64,
}

impl PretendingPeriod {
    /// Whether the quotient reaches the theorem's window: then it is the
    /// quotient of every heap.
    pub fn is_proved(&self) -> bool {
        matches!(self.proof, Some((_, needs)) if needs <= self.checked_to)
    }

    /// The element of heap `n` of any size, by the period (within the
    /// quotient's bound, the pretending map itself). Only a proved period
    /// gives the element of a heap past the bound: for an observed one it
    /// is what the pattern predicts.
    ///
    /// # Panics
    /// If `q` is not the quotient the period was read from.
    pub fn element(&self, q: &Quotient, n: u64) -> Element {
        let heaps = q.heap_elements();
        assert_eq!(heaps.len() as u64, self.checked_to + 1, "another quotient");
        let n = if n > self.checked_to {
            self.preperiod + (n - self.preperiod) % self.period
        } else {
            n
        };
        heaps[n as usize]
    }
}

/// The least period of the pretending map of `q` (a quotient of `ruleset`
/// up to its heap bound), proved where a theorem's window is reached.
///
/// A proved period is preferred; otherwise the least period that the map
/// repeats over at least two periods and eight heaps at the end of the
/// bound is reported as observed, with the bound its proof would need.
/// `None` when the map shows no such pattern.
pub fn pretending_period(ruleset: &Ruleset, q: &Quotient) -> Option<PretendingPeriod> {
    let map = q.heap_elements();
    let top = q.max_heap();
    let requirements = Requirements::of(ruleset);
    let mut observed = None;
    for p in 1..=top / 2 {
        // The least e with Φ(n + p) = Φ(n) for every e ≤ n ≤ top − p.
        let mut e = top - p + 1;
        while e > 0 && map[(e - 1) as usize] == map[(e - 1 + p) as usize] {
            e -= 1;
        }
        let held = top + 1 - e; // heaps e..=top follow the period
        if held < 2 * p {
            continue;
        }
        let proof = misere_window(&requirements, e, p);
        let found = PretendingPeriod {
            preperiod: e,
            period: p,
            proof,
            checked_to: top,
        };
        if found.is_proved() {
            return Some(found);
        }
        if observed.is_none() && held >= 8 {
            observed = Some(found);
        }
    }
    observed
}

/// Whether any period of `ruleset`'s pretending map could be proved: some
/// theorem's argument applies to the game (octal codes, three-part codes
/// and subtraction games with finite sets).
///
/// ```
/// use grundy::{Ruleset, misere::period_provable};
/// assert!(period_provable(&"0.77".parse::<Ruleset>()?));
/// assert!(!period_provable(&Ruleset::Nim));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn period_provable(ruleset: &Ruleset) -> bool {
    misere_window(&Requirements::of(ruleset), 0, 1).is_some()
}

/// A theorem's argument applied to the pretending map, in words.
pub fn describe(theorem: Theorem) -> &'static str {
    match theorem {
        Theorem::OctalPeriodicity => {
            "the octal periodicity argument applied to the pretending map (heaps up to 2e + 2p + t - 1; proof in grundy::misere::period)"
        }
        Theorem::ThreePartPeriodicity => {
            "the three-part periodicity argument applied to the pretending map (heaps up to 3e + 3p + t - 1; proof in grundy::misere::period)"
        }
        Theorem::SubtractionWindow => {
            "the subtraction window applied to the pretending map (heaps up to e + p + max(S) - 1; proof in grundy::misere::period)"
        }
        _ => "no argument for misère quotients",
    }
}

/// The theorem and the heap bound (B + p − 1, B the theorem's window end)
/// that prove a period of the pretending map. Only the theorems whose
/// argument pairs off options part for part apply: nim's closed form is a
/// statement about values, not about a quotient.
fn misere_window(requirements: &Requirements, e: u64, p: u64) -> Option<(Theorem, u64)> {
    let candidate = Candidate {
        preperiod: e,
        period: p,
        saltus: 0,
    };
    match requirements.window(candidate)? {
        (
            theorem @ (Theorem::OctalPeriodicity
            | Theorem::ThreePartPeriodicity
            | Theorem::SubtractionWindow),
            bound,
        ) => Some((theorem, bound.checked_add(p)?.checked_sub(1)?)),
        _ => None,
    }
}
