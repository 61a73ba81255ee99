//! Certificates of periodicity: a short text that anyone can re-check from
//! the rules alone.
//!
//! A certificate states a game, a preperiod `e`, period `p`, saltus `s`, the
//! theorem that proves the pattern, the window `e <= n < bound` that theorem
//! needs, the last heap computed, and a digest of the values `G(0..=checked_to)`:
//!
//! ```text
//! # grundy periodicity certificate v1
//! game: 0.07
//! preperiod: 53
//! period: 34
//! saltus: 0
//! theorem: octal-periodicity
//! bound: 142
//! checked-to: 175
//! digest: fnv1a64:…
//! ```
//!
//! [`verify`] re-checks a certificate with code that shares nothing with the
//! search but the rules ([`Ruleset`] parsing and [`Ruleset::options`]): its
//! own mex over every option, its own test of the theorem's conditions and
//! window, its own periodicity and minimality checks. The digest is FNV-1a
//! (64 bits) over the values as 8 little-endian bytes each; it is a
//! consistency check, not a cryptographic seal — the verifier trusts nothing
//! in the certificate and recomputes everything.
//!
//! The library produces and reads the text; reading and writing files is the
//! caller's business.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::error::{Error, ErrorKind, Result};
use crate::period::{Periodicity, Proof, Theorem};
use crate::ruleset::{Ruleset, SubtractionSet};
use crate::values::ValueTable;

const HEADER: &str = "# grundy periodicity certificate v1";

/// The most heaps [`verify`] recomputes: its plain mex is quadratic for
/// splitting games.
pub const MAX_VERIFY: u64 = 1 << 16;

/// A proved periodicity claim, as written in a certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The game, as its canonical spec.
    pub game: Ruleset,
    /// The preperiod `e`.
    pub preperiod: u64,
    /// The period `p`.
    pub period: u64,
    /// The saltus `s`.
    pub saltus: u64,
    /// The theorem that proves the pattern for every heap.
    pub theorem: Theorem,
    /// The theorem's window: `G(n + p) = G(n) + s` for `e <= n < bound`.
    pub bound: u64,
    /// The last heap whose value the certificate rests on.
    pub checked_to: u64,
    /// FNV-1a 64 of `G(0..=checked_to)`.
    pub digest: u64,
}

impl Certificate {
    /// The certificate of a proved periodicity, from the table it was found in.
    ///
    /// ```
    /// use grundy::{Ruleset, certificate::{self, Certificate}, period};
    /// let r: Ruleset = "kayles".parse()?;
    /// let (v, table) = period::find(&r, 1000, Default::default(), &mut grundy::values::silent)?;
    /// let cert = Certificate::new(&r, &v.periodicity.unwrap(), &table)?;
    /// let text = cert.to_text();
    /// assert_eq!(certificate::verify(&text)?, cert);
    /// let forged = text.replace("period: 12", "period: 24");
    /// assert!(certificate::verify(&forged).is_err());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`InvalidInput`](ErrorKind::InvalidInput) if the periodicity is only
    /// observed (nothing to certify) or the table is shorter than it claims.
    pub fn new(ruleset: &Ruleset, periodicity: &Periodicity, table: &ValueTable) -> Result<Self> {
        let Proof::Theorem { theorem, bound } = periodicity.proof else {
            return Err(Error::input(format!(
                "the period {} from {} of {ruleset} is only observed, not proved, so there is nothing to certify",
                periodicity.period, periodicity.preperiod
            )));
        };
        let values: Vec<u64> = (0..=periodicity.checked_to)
            .map(|n| {
                table.get(n).map(|v| v.value()).ok_or_else(|| {
                    Error::input(format!(
                        "the table stops before heap {n}, which the periodicity claims to have checked"
                    ))
                })
            })
            .collect::<Result<_>>()?;
        Ok(Certificate {
            game: ruleset.clone(),
            preperiod: periodicity.preperiod,
            period: periodicity.period,
            saltus: periodicity.saltus,
            theorem,
            bound,
            checked_to: periodicity.checked_to,
            digest: digest(&values),
        })
    }

    /// The certificate as text, one `key: value` a line.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "{HEADER}");
        let _ = writeln!(s, "game: {}", self.game);
        let _ = writeln!(s, "preperiod: {}", self.preperiod);
        let _ = writeln!(s, "period: {}", self.period);
        let _ = writeln!(s, "saltus: {}", self.saltus);
        let _ = writeln!(s, "theorem: {}", self.theorem.name());
        let _ = writeln!(s, "bound: {}", self.bound);
        let _ = writeln!(s, "checked-to: {}", self.checked_to);
        let _ = writeln!(s, "digest: fnv1a64:{:016x}", self.digest);
        s
    }

    /// Reads a certificate's text without checking its claim.
    ///
    /// # Errors
    /// [`Corrupt`](ErrorKind::Corrupt) if a field is missing, repeated or
    /// malformed, or the game does not parse.
    pub fn parse(text: &str) -> Result<Self> {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        if lines.next() != Some(HEADER) {
            return Err(corrupt(format!(
                "the first line must be '{HEADER}'; is this a grundy certificate?"
            )));
        }
        let mut fields = BTreeMap::new();
        for line in lines {
            let (k, v) = line
                .split_once(':')
                .ok_or_else(|| corrupt(format!("line '{line}' is not 'key: value'")))?;
            if fields.insert(k.trim(), v.trim()).is_some() {
                return Err(corrupt(format!("field '{}' appears twice", k.trim())));
            }
        }
        let field = |k: &str| {
            fields
                .get(k)
                .copied()
                .ok_or_else(|| corrupt(format!("field '{k}' is missing")))
        };
        let number = |k: &str| {
            field(k)?
                .parse::<u64>()
                .map_err(|_| corrupt(format!("field '{k}' is not a whole number")))
        };
        let game = field("game")?
            .parse::<Ruleset>()
            .map_err(|e| corrupt(format!("field 'game': {e}")))?;
        let theorem = Theorem::from_name(field("theorem")?)
            .ok_or_else(|| corrupt("field 'theorem' names no theorem this version knows"))?;
        let digest = field("digest")?
            .strip_prefix("fnv1a64:")
            .filter(|h| h.len() == 16)
            .and_then(|h| u64::from_str_radix(h, 16).ok())
            .ok_or_else(|| corrupt("field 'digest' is not fnv1a64:<16 hex digits>"))?;
        if fields.len() != 8 {
            return Err(corrupt(
                "the certificate has fields this version does not know",
            ));
        }
        Ok(Certificate {
            game,
            preperiod: number("preperiod")?,
            period: number("period")?,
            saltus: number("saltus")?,
            theorem,
            bound: number("bound")?,
            checked_to: number("checked-to")?,
            digest,
        })
    }
}

/// Re-checks a certificate from the rules: recomputes the values by a plain
/// mex over [`Ruleset::options`], compares the digest, checks that the theorem
/// applies to the game with exactly the stated window, that the values repeat
/// over it, and that the preperiod and period are the least.
///
/// # Errors
/// [`Corrupt`](ErrorKind::Corrupt) naming the first check that fails;
/// [`TooLarge`](ErrorKind::TooLarge) if `checked-to` exceeds [`MAX_VERIFY`].
///
/// # Complexity
/// O(Σ options(n)) for `n <= checked-to`, plus O(checked-to · d(p)).
pub fn verify(text: &str) -> Result<Certificate> {
    let c = Certificate::parse(text)?;
    if c.checked_to > MAX_VERIFY {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "checked-to {} is past the {MAX_VERIFY} heaps this verifier recomputes",
                c.checked_to
            ),
        ));
    }
    let (e, p, s) = (c.preperiod, c.period, c.saltus);
    if p == 0 {
        return Err(corrupt("the period must be positive"));
    }
    let g = plain_values(&c.game, c.checked_to);
    if digest(&g) != c.digest {
        return Err(corrupt(
            "the digest does not match the values recomputed from the rules",
        ));
    }
    let required = match (c.theorem, &c.game) {
        (Theorem::OctalPeriodicity, Ruleset::TakeAndBreak(code))
            if s == 0 && code.digits().iter().all(|d| d & 8 == 0) =>
        {
            let t = code.digits().iter().rposition(|&d| d != 0).unwrap_or(0) as u64;
            2 * e.max(1) + p + t
        }
        (Theorem::ThreePartPeriodicity, Ruleset::TakeAndBreak(code))
            if s == 0 && code.digits().iter().any(|d| d & 8 != 0) =>
        {
            let t = code.digits().iter().rposition(|&d| d != 0).unwrap_or(0) as u64;
            3 * e.max(1) + 2 * p + t
        }
        (Theorem::SubtractionWindow, Ruleset::Subtraction(SubtractionSet::Finite(set)))
            if s == 0 =>
        {
            e + set.last().copied().unwrap_or(0)
        }
        (Theorem::NimClosedForm, Ruleset::Nim) if (e, p, s) == (0, 1, 1) => {
            if g.iter().enumerate().any(|(n, &v)| v != n as u64) {
                return Err(corrupt("nim's values are not G(n) = n"));
            }
            0
        }
        (t, game) => {
            return Err(corrupt(format!(
                "the theorem {} does not apply to {game} with saltus {s}",
                t.name()
            )));
        }
    };
    if c.bound != required {
        return Err(corrupt(format!(
            "the theorem needs the window e <= n < {required}, the certificate says {}",
            c.bound
        )));
    }
    let len = g.len() as u64;
    if c.bound + p > len || e + 2 * p > len {
        return Err(corrupt(format!(
            "the values stop at {}, before the window's end {} + p",
            c.checked_to, c.bound
        )));
    }
    let repeats = |d: u64, from: u64, add: u64| {
        (from..len - d).all(|n| g[n as usize].checked_add(add) == Some(g[(n + d) as usize]))
    };
    if !repeats(p, e, s) {
        return Err(corrupt(format!(
            "G(n + {p}) = G(n) + {s} fails for some n >= {e}"
        )));
    }
    if e > 0 && g[(e - 1) as usize].checked_add(s) == Some(g[(e - 1 + p) as usize]) {
        return Err(corrupt(format!("the preperiod {e} is not the least")));
    }
    for d in (1..p).filter(|d| p % d == 0) {
        let add = g[(e + d) as usize].wrapping_sub(g[e as usize]);
        if g[(e + d) as usize] >= g[e as usize] && repeats(d, e, add) {
            return Err(corrupt(format!(
                "the period {p} is not the least: {d} is one"
            )));
        }
    }
    Ok(c)
}

/// `G(0..=to)` by a plain mex over every option, nothing shared with the
/// value engines.
fn plain_values(ruleset: &Ruleset, to: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(to as usize + 1);
    for n in 0..=to {
        let mut seen: Vec<u64> = ruleset
            .options(n)
            .iter()
            .map(|m| m.parts.iter().fold(0, |x, &h| x ^ g[h as usize]))
            .collect();
        seen.sort_unstable();
        seen.dedup();
        let mex = seen
            .iter()
            .enumerate()
            .find(|&(i, &v)| v != i as u64)
            .map_or(seen.len() as u64, |(i, _)| i as u64);
        g.push(mex);
    }
    g
}

/// FNV-1a, 64 bits, over each value as 8 little-endian bytes.
fn digest(values: &[u64]) -> u64 {
    let mut h = crate::checksum::Fnv1a::new();
    for v in values {
        h.add(&v.to_le_bytes());
    }
    h.finish()
}

fn corrupt(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Corrupt, message)
}
