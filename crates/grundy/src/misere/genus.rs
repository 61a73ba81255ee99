//! Conway's genus symbol g^{γ₀γ₁γ₂…} (*On Numbers and Games*, chapter 12;
//! *Winning Ways*, chapter 13).
//!
//! For a game G, `g` is its normal-play Grundy value and `γₖ` is the misère
//! Grundy value of G + *2 + … + *2 with k copies of the nim heap *2. The
//! misère Grundy value G⁻ of a game is 1 if it has no option and otherwise
//! the mex of its options' misère values; it is 0 exactly when the player to
//! move loses under misère play. So `γ₀ = G⁻(G)` says who wins G alone.
//!
//! The options of G + k·*2 are G′ + k·*2 for each option G′ of G, and
//! G + (k−1)·*2 + *1 and G + (k−1)·*2 (a *2 made *1 or removed). Adding *1
//! flips the last bit of a misère Grundy value (G⁻(H + *1) = G⁻(H) ⊕ 1 for
//! every H: by induction, H + *1 has the options H′ + *1, of values
//! G⁻(H′) ⊕ 1, and H, of value a = G⁻(H) = mex{G⁻(H′)}; the mex of those is
//! a ⊕ 1, and the terminal H has G⁻(*1) = 0 = 1 ⊕ 1). Hence the rules by
//! which [`Genus::from_options`] computes a genus from its options' genera:
//!
//! - g = mex{g′};
//! - γ₀ = mex{γ₀′}, or 1 if G has no option;
//! - γₖ = mex({γₖ′} ∪ {γₖ₋₁, γₖ₋₁ ⊕ 1}) for k ≥ 1.
//!
//! The sequence γ is eventually periodic with period 2 (Conway), and is
//! written up to the first entry after which it alternates between its last
//! two digits: 0^{120} is the genus of 0 (γ = 1, 2, 0, 2, 0, …), 1^{031}
//! that of *1, 2^{20}, 3^{31}, 4^{46} those of *2, *3, *4.

use std::fmt;

use crate::error::{Error, ErrorKind, Result};
use crate::mex::mex;

/// How far past its options' settled tails a genus sequence is followed
/// before the search gives up. The sequence settles within a few steps (the
/// mex rule leaves few values to alternate between); the bound only turns a
/// broken invariant into an error instead of a loop.
const SETTLE_STEPS: usize = 64;

/// A genus symbol g^{γ₀γ₁…}: the normal-play Grundy value and the misère
/// Grundy values of the game plus 0, 1, 2, … copies of *2, written up to
/// where they alternate for ever between the last two.
///
/// ```
/// use grundy::misere::Genus;
/// let zero = Genus::from_options(&[])?;
/// assert_eq!(zero.to_string(), "0^120");
/// let star1 = Genus::from_options(&[zero.clone()])?;
/// assert_eq!(star1.to_string(), "1^031");
/// let star2 = Genus::from_options(&[zero, star1])?;
/// assert_eq!(star2.to_string(), "2^20");
/// assert_eq!(star2.misere(7), 0);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    normal: u64,
    /// γ₀ … γₘ with γₖ₊₂ = γₖ for every k ≥ m − 1, and m ≥ 1 the least such.
    misere: Vec<u64>,
}

/// Which of the tame genera a genus is, if any: the nim position a tame game
/// can pretend to be in misère play (*Winning Ways*, ch. 13, "fickle" and
/// "firm" games).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tame {
    /// 0^{120} or 1^{031}: plays like *0 or *1 (the normal value says which);
    /// a *fickle* game.
    Fickle,
    /// 0^{02}, 1^{13}, or g^{g(g⊕2)} with g ≥ 2: plays like *2 + *2, *2 + *3
    /// or *g; a *firm* game.
    Firm,
}

impl Genus {
    /// The genus of a game from the genera of its options (see the module
    /// documentation for the rules). Options may repeat.
    ///
    /// # Errors
    /// [`Overflow`](ErrorKind::Overflow) only if the sequence failed to
    /// settle into period 2, which Conway's theorem rules out: it reports a
    /// bug rather than a property of the game.
    ///
    /// # Complexity
    /// O(options × (length of the longest option symbol + a few)).
    pub fn from_options(options: &[Genus]) -> Result<Genus> {
        let normal = mex(options.iter().map(|o| o.normal));
        if options.is_empty() {
            return Ok(Genus {
                normal,
                misere: vec![1, 2, 0],
            });
        }
        // From `tail` on, every option's sequence has period 2.
        let tail = options
            .iter()
            .map(|o| o.misere.len() - 2)
            .max()
            .unwrap_or(0);
        let mut seq = vec![mex(options.iter().map(|o| o.misere(0)))];
        for k in 1..tail + 3 + SETTLE_STEPS {
            let prev = seq[k - 1];
            let next = mex(options
                .iter()
                .map(|o| o.misere(k as u64))
                .chain([prev, prev ^ 1]));
            seq.push(next);
            // γₖ = γₖ₋₂ with k − 1 ≥ tail: the steps from k − 1 on repeat
            // those from k − 3 on, so the sequence alternates from k − 2.
            if k >= 2 && k > tail && seq[k] == seq[k - 2] {
                return Ok(Genus::settled(normal, seq));
            }
        }
        Err(Error::new(
            ErrorKind::Overflow,
            "a genus sequence did not settle into period 2, contrary to Conway's theorem: this is a bug",
        ))
    }

    /// The genus with normal value `normal` and misère sequence `seq`, whose
    /// last three entries alternate, written as short as it goes.
    fn settled(normal: u64, mut seq: Vec<u64>) -> Genus {
        // seq alternates from len − 3 on; walk the start back while it still does.
        let mut start = seq.len() - 3;
        while start > 0 && seq[start - 1] == seq[start + 1] {
            start -= 1;
        }
        seq.truncate(start + 2);
        Genus {
            normal,
            misere: seq,
        }
    }

    /// A genus from its written form: the normal value and γ₀ … γₘ.
    ///
    /// ```
    /// use grundy::misere::Genus;
    /// assert_eq!(Genus::new(0, vec![1, 2, 0, 2, 0])?.to_string(), "0^120");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`InvalidInput`](ErrorKind::InvalidInput) with fewer than two misère
    /// values.
    pub fn new(normal: u64, mut misere: Vec<u64>) -> Result<Genus> {
        if misere.len() < 2 {
            return Err(Error::new(
                ErrorKind::InvalidInput,
                "a genus needs at least two misère values, γ₀ and γ₁",
            ));
        }
        let last = misere[misere.len() - 2];
        misere.push(last);
        Ok(Genus::settled(normal, misere))
    }

    /// The genus of this game plus *1 (where `star`) and `twos` copies of
    /// *2: g ⊕ 1 ⊕ 2 (each where present: a *2 twice adds nothing), and
    /// γₖ(G + *1 + t·*2) = γₖ₊ₜ(G) ⊕ 1, by the definition of γ (the *2s
    /// join the k copies) and the lemma G⁻(H + *1) = G⁻(H) ⊕ 1 (module
    /// documentation).
    ///
    /// ```
    /// use grundy::misere::Genus;
    /// let zero = Genus::from_options(&[])?;
    /// let star1 = Genus::from_options(&[zero.clone()])?;
    /// let star2 = Genus::from_options(&[zero.clone(), star1.clone()])?;
    /// assert_eq!(zero.plus_nim(true, 0), star1);
    /// assert_eq!(zero.plus_nim(false, 1), star2);
    /// assert_eq!(star1.plus_nim(true, 2).to_string(), "0^02"); // *2 + *2
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn plus_nim(&self, star: bool, twos: u64) -> Genus {
        let flip = u64::from(star);
        let normal = self.normal ^ flip ^ if twos % 2 == 1 { 2 } else { 0 };
        // γₖ₊ₜ alternates from k = m − 1 on at the latest: the last three
        // of these m + 3 entries do.
        let seq = (0..self.misere.len() as u64 + 3)
            .map(|k| self.misere(k + twos) ^ flip)
            .collect();
        Genus::settled(normal, seq)
    }

    /// The normal-play Grundy value g.
    pub fn normal(&self) -> u64 {
        self.normal
    }

    /// γₖ: the misère Grundy value of the game plus `k` copies of *2;
    /// `misere(0)` is the game's own misère Grundy value G⁻, zero exactly
    /// when the player to move loses under misère play.
    pub fn misere(&self, k: u64) -> u64 {
        let m = self.misere.len() as u64;
        let i = if k < m { k } else { m - 2 + (k - (m - 2)) % 2 };
        self.misere[i as usize]
    }

    /// The written misère values γ₀ … γₘ.
    pub fn written(&self) -> &[u64] {
        &self.misere
    }

    /// Which tame genus this is, if it is one of 0^{120}, 1^{031}, 0^{02},
    /// 1^{13} and g^{g(g⊕2)} for g ≥ 2: the genera of the nim positions
    /// that every position of misère nim is one of (*On Numbers and Games*,
    /// ch. 12; *Winning Ways*, ch. 13).
    ///
    /// ```
    /// use grundy::misere::{Genus, Tame};
    /// assert_eq!(Genus::new(4, vec![4, 6])?.tame(), Some(Tame::Firm));
    /// assert_eq!(Genus::new(1, vec![0, 3, 1])?.tame(), Some(Tame::Fickle));
    /// assert_eq!(Genus::new(2, vec![0, 2])?.tame(), None);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn tame(&self) -> Option<Tame> {
        let g = self.normal;
        let w = self.misere.as_slice();
        match (g, w) {
            (0, [1, 2, 0]) | (1, [0, 3, 1]) => Some(Tame::Fickle),
            (0, [0, 2]) | (1, [1, 3]) => Some(Tame::Firm),
            (g, [a, b]) if g >= 2 && *a == g && *b == g ^ 2 => Some(Tame::Firm),
            _ => None,
        }
    }

    /// The genus of a tame game that plays like nim in misère play with
    /// normal value `normal`: fickle (like *0 or *1, `normal` ≤ 1) or firm.
    ///
    /// # Panics
    /// If `firm` is false and `normal` > 1: fickle games have value 0 or 1.
    pub fn of_tame(normal: u64, firm: bool) -> Genus {
        let misere = match (firm, normal) {
            (false, 0) => vec![1, 2, 0],
            (false, 1) => vec![0, 3, 1],
            (false, _) => panic!("a fickle game has normal value 0 or 1"),
            (true, 0) => vec![0, 2],
            (true, 1) => vec![1, 3],
            (true, g) => vec![g, g ^ 2],
        };
        Genus { normal, misere }
    }
}

impl fmt::Display for Genus {
    /// `g^γ₀γ₁…`, with digits run together while every value is below 10
    /// (as the books write them) and separated by commas in brackets
    /// otherwise: `12^[12,14]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.normal)?;
        if self.misere.iter().all(|&v| v < 10) {
            for v in &self.misere {
                write!(f, "{v}")?;
            }
            Ok(())
        } else {
            let parts: Vec<String> = self.misere.iter().map(u64::to_string).collect();
            write!(f, "[{}]", parts.join(","))
        }
    }
}
