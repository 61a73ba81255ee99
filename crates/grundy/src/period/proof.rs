//! The theorems that turn finitely many checked values into a proof that a
//! period holds for every heap.
//!
//! Each theorem says: *if* the values repeat over a bounded window, *then*
//! they repeat forever. [`requirement`] names the theorem that applies to a
//! ruleset and the window it needs; the caller proves the period by checking
//! the window against computed values.
//!
//! * **Octal periodicity theorem** (R. K. Guy and C. A. B. Smith, *The
//!   G-values of various games*, Proc. Cambridge Philos. Soc. 52 (1956); E. R.
//!   Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, ch. 4; A. N. Siegel,
//!   *Combinatorial Game Theory*, AMS 2013, ch. IV): for a take-and-break game
//!   with a finite code whose moves leave at most two heaps, with `t` the
//!   index of the last non-zero digit (the most tokens a move removes), if
//!   `G(n + p) = G(n)` for every `n` with `e <= n < 2e + p + t`, then
//!   `G(n + p) = G(n)` for every `n >= e`. The proof: a move from `n + p`
//!   removes `i <= t` tokens and leaves heaps summing to `n + p − i >=
//!   2e + 2p`, so its larger part `b` is at least `e + p` and may be replaced
//!   by `b − p` without changing its value; this matches the options of
//!   `n + p` with those of `n` value for value. Nothing in the argument needs
//!   `i > 0`, so it covers codes whose `d0` allows a split (`4.07`) with the
//!   same bound. We apply it with `max(e, 1)` in place of `e`, so that a part
//!   `b − p` is never an empty heap (which would turn a split into a different
//!   kind of move); the values below `max(e, 1)` are checked directly. A
//!   code with no move (`0.0`) is the case `t = 0`, where every option set
//!   is empty: its values, all 0, are proved with period 1 from heap 0.
//! * **Three-part periodicity** (the same argument for hexadecimal codes whose
//!   moves may leave three heaps): if `G(n + p) = G(n)` for every `n` with
//!   `e <= n < 3e + 2p + t` (again with `max(e, 1)` for `e`), it holds for
//!   every `n >= e`. Proof, for a move leaving at most `k` heaps (`k = 3`
//!   here; `k = 2` gives the bound above): suppose it holds for every
//!   `e <= m < N` with `N >= k·e + (k − 1)·p + t`. A move from `N + p`
//!   removes `i <= t` and leaves at most `k` parts summing to
//!   `N + p − i >= k(e + p)`, so its largest part `c` has `c >= e + p`, and
//!   `c − p` lies in `[e, N)`: replacing `c` by `c − p` gives a move from `N`
//!   of the same value. A move from `N` leaves parts summing to
//!   `N − i >= k·e`, so its largest part `c` has `e <= c < N`, and `c + p`
//!   gives a move from `N + p` of the same value. The two option sets have
//!   the same values, so `G(N + p) = G(N)`. We know of no published statement
//!   of this bound for hexadecimal games (S. Howse and R. J. Nowakowski,
//!   *Periodicity and arithmetic-periodicity in hexadecimal games*, Theoret.
//!   Comput. Sci. 313 (2004), study their periodicity); it is reported under
//!   its own name so that it is never mistaken for the octal theorem.
//! * **Subtraction window**: in a subtraction game with finite set `S`,
//!   `G(n)` for `n >= max(S)` depends only on the `max(S)` values before it,
//!   so if `G(n + p) = G(n)` for `max(S)` consecutive `n` from `e` on, with
//!   `e + max(S) <= n` for all later `n`, it holds for every `n >= e` (Winning
//!   Ways ch. 4; Siegel, ch. IV, on the periodicity of finite subtraction
//!   games).
//! * **Nim**: the options of a heap of `n` are the heaps `0..n`, so by
//!   induction `G(n) = n`: arithmetic-periodic with preperiod 0, period 1 and
//!   saltus 1.
//!
//! * **Mirror arithmetic periodicity** (ours, [`crate::period::mirror`]):
//!   `G(n + p) = G(n) + s` with `s` a power of two, for take-and-break codes
//!   with an odd and an even take that may leave three heaps, when the
//!   values over the window `e <= n < W` and the hypotheses checked by
//!   [`mirror::hypotheses`](crate::period::mirror::hypotheses) hold.
//!
//! No theorem is applied to Grundy's game, infinite subtraction sets
//! (`sub:squares`, `sub:primes`, `sub:powers2`), all-but games, or any
//! arithmetic periodicity other than nim's and the mirror theorem's: their
//! patterns are reported as observed.

use crate::period::detect::Candidate;
use crate::period::mirror::Mirrors;
use crate::ruleset::{Ruleset, SubtractionSet};

/// A theorem that proves a period from finitely many values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Theorem {
    /// The octal periodicity theorem of Guy and Smith: check
    /// `e <= n < 2e + p + t`.
    OctalPeriodicity,
    /// The window theorem of finite subtraction games: check
    /// `e <= n < e + max(S)`.
    SubtractionWindow,
    /// Nim's closed form `G(n) = n`.
    NimClosedForm,
    /// The Guy–Smith argument for moves that leave up to three heaps: check
    /// `e <= n < 3e + 2p + t`.
    ThreePartPeriodicity,
    /// Our mirror theorem for arithmetic periodicity with a saltus that is
    /// a power of two ([`crate::period::mirror`]): check `e <= n < W` and
    /// the hypotheses on the values.
    MirrorArithmetic,
}

impl Theorem {
    /// A short stable name, used in certificates and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Theorem::OctalPeriodicity => "octal-periodicity",
            Theorem::SubtractionWindow => "subtraction-window",
            Theorem::NimClosedForm => "nim-closed-form",
            Theorem::ThreePartPeriodicity => "three-part-periodicity",
            Theorem::MirrorArithmetic => "mirror-arithmetic-periodicity",
        }
    }

    /// The theorem with this [`name`](Theorem::name).
    pub fn from_name(name: &str) -> Option<Theorem> {
        [
            Theorem::OctalPeriodicity,
            Theorem::SubtractionWindow,
            Theorem::NimClosedForm,
            Theorem::ThreePartPeriodicity,
            Theorem::MirrorArithmetic,
        ]
        .into_iter()
        .find(|t| t.name() == name)
    }

    /// The theorem and its source, in words.
    pub fn describe(self) -> &'static str {
        match self {
            Theorem::OctalPeriodicity => {
                "the octal periodicity theorem (Guy and Smith 1956; Winning Ways ch. 4)"
            }
            Theorem::SubtractionWindow => {
                "the window theorem of finite subtraction games (max(S) consecutive repeated values; Winning Ways ch. 4)"
            }
            Theorem::NimClosedForm => {
                "nim: G(n) = n, since a heap of n moves to every smaller heap"
            }
            Theorem::ThreePartPeriodicity => {
                "the Guy-Smith periodicity argument for moves leaving up to three heaps (bound 3e + 2p + t; proof in grundy::period::proof)"
            }
            Theorem::MirrorArithmetic => {
                "our mirror theorem for arithmetic periodicity (two equal heaps cancel; saltus a power of two; proof in grundy::period::mirror)"
            }
        }
    }
}

/// The theorem that can prove `candidate` for `ruleset`, and the bound `B`:
/// the theorem needs `G(n + p) = G(n) + s` checked for every `n` with
/// `e <= n < B`, that is values up to `B + p − 1`.
///
/// `None` when no theorem applies: the pattern can only be observed.
///
/// ```
/// use grundy::Ruleset;
/// use grundy::period::detect::Candidate;
/// use grundy::period::proof::{Theorem, requirement};
/// let strip: Ruleset = "0.07".parse()?;
/// let c = Candidate { preperiod: 53, period: 34, saltus: 0 };
/// assert_eq!(requirement(&strip, c), Some((Theorem::OctalPeriodicity, 2 * 53 + 34 + 2)));
/// let hex: Ruleset = "0.f".parse()?;
/// assert_eq!(requirement(&hex, c), Some((Theorem::ThreePartPeriodicity, 3 * 53 + 2 * 34 + 1)));
/// let g: Ruleset = "grundy".parse()?;
/// assert_eq!(requirement(&g, c), None);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn requirement(ruleset: &Ruleset, candidate: Candidate) -> Option<(Theorem, u64)> {
    Requirements::of(ruleset).window(candidate)
}

/// [`requirement`] for one ruleset, with what it reads from the rules
/// worked out once: the period search asks it of every pattern a table
/// shows, up to half the table's length.
///
/// ```
/// use grundy::Ruleset;
/// use grundy::period::detect::Candidate;
/// use grundy::period::proof::{Requirements, requirement};
/// let strip: Ruleset = "0.07".parse()?;
/// let c = Candidate { preperiod: 53, period: 34, saltus: 0 };
/// assert_eq!(Requirements::of(&strip).window(c), requirement(&strip, c));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Requirements {
    kind: Kind,
}

/// Which theorem a ruleset's periods may be proved by, with its constant.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// Octal periodicity, `t` the most tokens a move removes; the mirror
    /// theorem's takes where the code has them.
    Octal { t: u64, mirrors: Option<Mirrors> },
    /// Three-part periodicity, with `t` and `mirrors` as above.
    ThreePart { t: u64, mirrors: Option<Mirrors> },
    /// The subtraction window of `max(S)`.
    Subtraction { m: u64 },
    /// Nim's closed form.
    Nim,
    /// No theorem.
    None,
}

impl Requirements {
    /// What the theorems need for periods of `ruleset`.
    pub fn of(ruleset: &Ruleset) -> Requirements {
        let kind = match ruleset {
            Ruleset::TakeAndBreak(code) => {
                let t = code.digits().iter().rposition(|&d| d != 0).unwrap_or(0) as u64;
                let mirrors = Mirrors::of(code);
                if code.max_heaps_left() <= 2 {
                    Kind::Octal { t, mirrors }
                } else {
                    Kind::ThreePart { t, mirrors }
                }
            }
            Ruleset::Subtraction(SubtractionSet::Finite(members)) => {
                match members.iter().next_back() {
                    Some(&m) => Kind::Subtraction { m },
                    None => Kind::None,
                }
            }
            Ruleset::Nim => Kind::Nim,
            _ => Kind::None,
        };
        Requirements { kind }
    }

    /// The theorem that can prove `candidate` and its bound, as
    /// [`requirement`].
    #[inline]
    pub fn window(&self, candidate: Candidate) -> Option<(Theorem, u64)> {
        let Candidate {
            preperiod: e,
            period: p,
            saltus: s,
        } = candidate;
        match self.kind {
            Kind::Octal { t, .. } if s == 0 => Some((
                Theorem::OctalPeriodicity,
                e.max(1).checked_mul(2)?.checked_add(p)?.checked_add(t)?,
            )),
            Kind::ThreePart { t, .. } if s == 0 => Some((
                Theorem::ThreePartPeriodicity,
                e.max(1)
                    .checked_mul(3)?
                    .checked_add(p.checked_mul(2)?)?
                    .checked_add(t)?,
            )),
            Kind::Subtraction { m } if s == 0 => {
                Some((Theorem::SubtractionWindow, e.checked_add(m)?))
            }
            Kind::Nim if (e, p, s) == (0, 1, 1) => Some((Theorem::NimClosedForm, 0)),
            Kind::Octal {
                mirrors: Some(m), ..
            }
            | Kind::ThreePart {
                mirrors: Some(m), ..
            } if s.is_power_of_two() => Some((Theorem::MirrorArithmetic, m.bound(e, p)?)),
            _ => None,
        }
    }
}

/// Whether some theorem here could prove a period of `ruleset`: without
/// one, a longer search can only observe a pattern, never prove it.
///
/// ```
/// use grundy::{Ruleset, period::proof::may_prove};
/// assert!(may_prove(&"0.354".parse::<Ruleset>()?));
/// assert!(may_prove(&"sub:1,3,4".parse::<Ruleset>()?));
/// assert!(!may_prove(&"grundy".parse::<Ruleset>()?));
/// assert!(!may_prove(&"sub:squares".parse::<Ruleset>()?));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn may_prove(ruleset: &Ruleset) -> bool {
    let any = Candidate {
        preperiod: 0,
        period: 1,
        saltus: 0,
    };
    let nim = Candidate { saltus: 1, ..any };
    let requirements = Requirements::of(ruleset);
    requirements.window(any).is_some() || requirements.window(nim).is_some()
}
