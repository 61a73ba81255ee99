//! Certificates of periodicity: a text that anyone can check from the rules
//! alone, whatever its size.
//!
//! A certificate states a game, a preperiod `e`, period `p`, saltus `s`, the
//! theorem that proves the pattern for every heap, the window `e <= n <
//! bound` that theorem needs, the last heap the proof rests on, a digest of
//! the values, and (version 2) the values themselves:
//!
//! ```text
//! # grundy periodicity certificate v2
//! game: 0.07
//! preperiod: 53
//! period: 34
//! saltus: 0
//! theorem: octal-periodicity
//! bound: 142
//! checked-to: 175
//! digest: fnv1a64:…
//! values: 87
//! bits: 4
//! palette: 1 0 2 …
//! aside: 0
//! data:
//! …base64, 76 characters a line…
//! ```
//!
//! # The values carried
//!
//! The values the proof rests on are `G(0..=bound + p − 1)` (the theorem's
//! window and one period past it), and they are determined by the first
//! `e + p` of them and the claim itself, `G(n + p) = G(n) + s` from `e` on:
//! so a version 2 certificate carries only `G(0..e + p)` (`values` says how
//! many), and `checked-to` is the window's end `W − 1`, with `W = max(bound +
//! p, e + p)`. They are encoded compactly ([`CarriedValues`]): a `palette`
//! of the most frequent values, one code of `bits` bits (1, 2, 4 or 8) a
//! heap naming a palette entry, the `aside` others listed after the codes,
//! the whole payload in base64 after the `data:` line. The codes are packed
//! from the low bits of each byte up; code `2^bits − 1` marks a value listed
//! aside, each as an unsigned LEB128 number in its shortest form, in heap
//! order. 0.354's certificate (10 063 096 values, period 1180 from heap
//! 10 061 916) is 6.8 MB with codes of four bits.
//!
//! The digest is FNV-1a (64 bits) over `G(0..=checked-to)`, each value as 8
//! little-endian bytes. It is a consistency check, not a seal: the verifier
//! trusts nothing in the certificate.
//!
//! # What [`verify`] checks
//!
//! With code that shares only the rules with the search ([`Ruleset`]
//! parsing and options, or a code's digits; never the value engines or
//! period detection), in this order, cheapest first:
//!
//! 1. the text is at most [`MAX_TEXT`] bytes and its fields are well formed;
//! 2. the theorem applies to the game (take-and-break codes with the octal
//!    theorem or its three-part extension, or with the mirror theorem and a
//!    saltus that is a power of two, finite subtraction sets, nim) and
//!    needs exactly the stated window, every step in checked arithmetic;
//!    `checked-to` is the window's end; the window is at most [`MAX_WINDOW`]
//!    heaps ([`MAX_THREE_PART`] for codes that split in three, and no more
//!    than [`MAX_READS`] three-part splits to read in all); `values` is
//!    `e + p`; the encoding's fields agree with each other and with the
//!    length of its data — all before any value is decoded;
//! 3. the data decodes, every value at most [`MAX_VALUE`]; the digest of the
//!    window's values (the carried ones continued by the claimed period)
//!    matches;
//! 4. the preperiod and the period are the least: `G(e − 1 + p) ≠ G(e − 1) +
//!    s`, and no proper divisor of `p` is a period from `e`;
//! 5. every value in the window is the mex of its heap's options: the
//!    claimed value is no option's value and every smaller one is some
//!    option's value;
//! 6. for the mirror theorem, its hypotheses on the values, on the values
//!    just verified, by the verifier's own plain check (every move written
//!    out; the search uses [`crate::period::mirror::hypotheses`]), refused
//!    before anything is checked where it would look at more than 2·10^9
//!    moves, and stopped when the caller says so.
//!
//! Step 5 uses the sparse space of *Winning Ways* (Berlekamp, Conway, Guy,
//! vol. 1, ch. 4). For a bit mask, chosen from the claimed values to leave
//! the fewest heaps with a *rare* value (one with an even number of mask
//! bits), the XOR of two values is *common* exactly when one of them is
//! rare. So a split into two heaps can only have the (common) value a heap
//! claims if one part is a rare heap: a heap with a common value reads only
//! the splits with a rare part, and only the heaps with a rare value read
//! all their splits. Every value below the claimed one must turn up: the
//! common ones are among those already read, the rare ones are looked for in
//! order of the smaller part, to the last split if need be. The argument
//! holds for every mask, so the check is exact whatever the values; only its
//! speed depends on their being sparse. Splits into three heaps are read in
//! full.
//!
//! A value in the window past `e + p` is the periodic continuation of a
//! carried one, and it too is checked against its options, so passing step 5
//! means the whole window repeats: the theorem then gives the period for
//! every heap.
//!
//! Version 1 certificates carry no values (and say nothing of `values`,
//! `bits`, `palette`, `aside` or `data`); their `checked-to` may lie past the
//! window. They are checked by recomputing `G(0..=checked-to)` with a plain
//! mex over every option, up to [`MAX_VERIFY`] heaps and [`MAX_READS`]
//! option reads (refused before any is read: the digest is of the values
//! recomputed, so it cannot be checked first), and then as above.
//!
//! [`verify_with`] reports how far the check is and stops when told to.
//!
//! The library produces and reads the text; reading and writing files is the
//! caller's business (who should read at most [`MAX_TEXT`] bytes).

mod check;
mod encoding;
mod mirror_hypotheses;

use std::collections::BTreeMap;
use std::fmt::Write as _;

pub use encoding::CarriedValues;

use crate::error::{Error, ErrorKind, Result};
use crate::period::{Periodicity, Proof, Theorem};
use crate::quote::quoted;
use crate::ruleset::{Ruleset, SubtractionSet};
use crate::values::ValueTable;
use check::Cell;
use encoding::Header;

const HEADER_V1: &str = "# grundy periodicity certificate v1";
const HEADER_V2: &str = "# grundy periodicity certificate v2";

/// The longest certificate text accepted, in bytes: 64 MiB, ten times the
/// largest we know of (0.354's, 6.8 MB), room for about 5·10^7 values at
/// one byte each or 10^8 at four bits.
pub const MAX_TEXT: usize = 64 << 20;

/// The most heaps a version 2 window may hold, `W`: twice the search's
/// default limit of 2^28 heaps. The verifier keeps the window's values at
/// one to four bytes each, by the largest.
pub const MAX_WINDOW: u64 = 1 << 29;

/// The most heaps of a window for codes that split a heap in three, whose
/// check reads all of each heap's about `n²/12` three-part splits.
pub const MAX_THREE_PART: u64 = 1 << 14;

/// The largest value the verifier checks (2^24 − 1): a heap with that value
/// has at least 2^24 options.
pub const MAX_VALUE: u64 = (1 << 24) - 1;

/// The most heaps a version 1 certificate (which carries no values) may ask
/// [`verify`] to recompute: its plain mex is quadratic for splitting games.
pub const MAX_VERIFY: u64 = 1 << 16;

/// The most option reads [`verify`] spends where it can skip none: all the
/// three-part splits of a window's heaps (a code that splits in three), or
/// every option when it recomputes a version 1 certificate's values by a
/// plain mex. 2^32 reads take about ten seconds; a version 1 certificate
/// of 0.8f claiming values to 16 384 would need 2.4·10^11 (13 minutes) and
/// is refused before any is read.
pub const MAX_READS: u64 = 1 << 32;

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
    /// The last heap whose value the certificate rests on (version 2: the
    /// window's end, `max(bound + p, e + p) − 1`).
    pub checked_to: u64,
    /// FNV-1a 64 of `G(0..=checked_to)`.
    pub digest: u64,
    /// `G(0..e + p)` (version 2), or `None` (version 1, which carries no
    /// values).
    pub values: Option<CarriedValues>,
}

impl Certificate {
    /// The certificate (version 2) of a proved periodicity, from the table
    /// it was found in.
    ///
    /// ```
    /// use grundy::{Ruleset, certificate::{self, Certificate}, period};
    /// let r: Ruleset = "kayles".parse()?;
    /// let (v, table) = period::find(&r, 1000, Default::default(), &mut grundy::values::silent)?;
    /// let cert = Certificate::new(&r, &v.periodicity().unwrap(), &table)?;
    /// let text = cert.to_text();
    /// assert!(text.starts_with("# grundy periodicity certificate v2\n"));
    /// assert_eq!(certificate::verify(&text)?, cert);
    /// let forged = text.replace("period: 12", "period: 24");
    /// assert!(certificate::verify(&forged).is_err());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`InvalidInput`](ErrorKind::InvalidInput) if the periodicity is only
    /// observed (nothing to certify), its window overflows, or the table
    /// stops before the window's end; [`TooLarge`](ErrorKind::TooLarge) if
    /// the certificate would pass a limit of [`verify`] ([`MAX_WINDOW`],
    /// [`MAX_THREE_PART`], [`MAX_READS`], [`MAX_VALUE`], [`MAX_TEXT`]).
    ///
    /// # Complexity
    /// O(W) for a window of `W` heaps.
    pub fn new(ruleset: &Ruleset, periodicity: &Periodicity, table: &ValueTable) -> Result<Self> {
        let Proof::Theorem { theorem, bound } = periodicity.proof() else {
            return Err(Error::input(format!(
                "the period {} from {} of {ruleset} is only observed, not proved, so there is nothing to certify",
                periodicity.period(),
                periodicity.preperiod()
            )));
        };
        let (e, p, s) = (
            periodicity.preperiod(),
            periodicity.period(),
            periodicity.saltus(),
        );
        let w = window_end(e, p, bound).map_err(|_| {
            Error::input(format!(
                "the window of the period {p} from {e} of {ruleset} overflows 64 bits"
            ))
        })?;
        within_limits(ruleset, w)?;
        if (table.len() as u64) < w {
            return Err(Error::input(format!(
                "the table stops before heap {}, the end of the window the periodicity claims to have checked",
                w - 1
            )));
        }
        let carried: Vec<u64> = (0..e + p)
            .map(|n| table.get(n).map_or(0, |v| v.value()))
            .collect();
        if let Some(&v) = carried.iter().find(|&&v| v > MAX_VALUE) {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!("the value {v} is past {MAX_VALUE}, the largest the verifier checks"),
            ));
        }
        let mut digest = Fnv::new();
        continued(&carried, e, p, s, w).try_for_each(|v| v.map(|v| digest.add(v)))?;
        let cert = Certificate {
            game: ruleset.clone(),
            preperiod: e,
            period: p,
            saltus: s,
            theorem,
            bound,
            checked_to: w - 1,
            digest: digest.finish(),
            values: Some(CarriedValues::encode(&carried)),
        };
        let len = cert.to_text().len();
        if len > MAX_TEXT {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "the certificate would take {len} bytes, past the {MAX_TEXT} the verifier reads"
                ),
            ));
        }
        Ok(cert)
    }

    /// The certificate as text: `key: value` lines, then (version 2) the
    /// values in base64 after a `data:` line.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let header = if self.values.is_some() {
            HEADER_V2
        } else {
            HEADER_V1
        };
        let _ = writeln!(s, "{header}");
        let _ = writeln!(s, "game: {}", self.game);
        let _ = writeln!(s, "preperiod: {}", self.preperiod);
        let _ = writeln!(s, "period: {}", self.period);
        let _ = writeln!(s, "saltus: {}", self.saltus);
        let _ = writeln!(s, "theorem: {}", self.theorem.name());
        let _ = writeln!(s, "bound: {}", self.bound);
        let _ = writeln!(s, "checked-to: {}", self.checked_to);
        let _ = writeln!(s, "digest: fnv1a64:{:016x}", self.digest);
        if let Some(values) = &self.values {
            values.write(&mut s);
        }
        s
    }

    /// Reads a certificate's text without checking its claim.
    ///
    /// ```
    /// use grundy::certificate::Certificate;
    /// let text = "# grundy periodicity certificate v1\ngame: 0.07\npreperiod: 53\nperiod: 34\n\
    ///     saltus: 0\ntheorem: octal-periodicity\nbound: 142\nchecked-to: 175\n\
    ///     digest: fnv1a64:0000000000000000\n";
    /// let c = Certificate::parse(text)?;
    /// assert_eq!((c.preperiod, c.period, c.values), (53, 34, None));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Corrupt`](ErrorKind::Corrupt) if a field is missing, repeated,
    /// unknown or malformed, the game does not parse, or the data is not
    /// base64 of the length its fields call for;
    /// [`TooLarge`](ErrorKind::TooLarge) past [`MAX_TEXT`].
    ///
    /// # Complexity
    /// O(length of the text).
    pub fn parse(text: &str) -> Result<Self> {
        let (mut c, encoding) = read(text)?;
        if let Some((header, data)) = encoding {
            c.values = Some(header.with_data(data)?);
        }
        Ok(c)
    }
}

/// Checks a certificate from the rules alone and returns what it claims.
///
/// A version 2 certificate's values are checked as claims, each against its
/// heap's options (see the [module documentation](self) for the order of the
/// checks); for a code that splits heaps in two, the check of a heap whose
/// value is common under the chosen mask reads only the splits with a rare
/// part (Winning Ways' sparse space), so 0.354's window of 20 126 195 heaps
/// is checked in seconds. A version 1 certificate's values are recomputed.
///
/// ```
/// use grundy::{Ruleset, certificate::{self, Certificate}, period};
/// let r: Ruleset = "0.07".parse()?;
/// let (v, table) = period::find(&r, 1000, Default::default(), &mut grundy::values::silent)?;
/// let text = Certificate::new(&r, &v.periodicity().unwrap(), &table)?.to_text();
/// let c = certificate::verify(&text)?;
/// assert_eq!((c.preperiod, c.period, c.checked_to), (53, 34, 175));
/// let overflow = text
///     .replace("preperiod: 53", "preperiod: 18446744073709551614")
///     .replace("bound: 142", "bound: 32");
/// assert!(certificate::verify(&overflow).is_err());
/// assert!(certificate::verify(&text.replace("game: 0.07", "game: grundy")).is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`Corrupt`](ErrorKind::Corrupt) naming the first check that fails, with
/// the heap and the option where a claimed value is wrong;
/// [`TooLarge`](ErrorKind::TooLarge) past [`MAX_TEXT`], [`MAX_WINDOW`],
/// [`MAX_THREE_PART`], [`MAX_READS`] or [`MAX_VALUE`], or for a version 1
/// certificate past [`MAX_VERIFY`] or [`MAX_READS`].
///
/// # Complexity
/// Steps 1–4 take O(text + W + p · d(p)) for a window of `W` heaps. The
/// claims of a code take O(W · (R + S)) reads, `R` the heaps with a rare
/// value and `S` the splits read until each rare value below a heap's value
/// has turned up, plus all `n/2` splits of each heap `n` whose value is rare
/// (and all `n²/12` three-part splits of each heap for codes that have
/// them); two threads share the heaps. For a version 1 certificate, O(Σ
/// options(n)) for `n <= checked-to`. Memory: the text, the payload, and
/// the window at one to four bytes a heap.
pub fn verify(text: &str) -> Result<Certificate> {
    verify_with(text, &mut crate::values::silent)
}

/// The most memory [`verify`] allocates for `text`, in bytes, from its
/// fields alone (nothing is decoded or recomputed): for a version 2
/// certificate the window at four bytes a heap, the carried values at
/// eight and the histogram of the rare values' search; for version 1 the
/// recomputed values at eight bytes a heap. A front end sets this aside
/// from its memory budget before verifying.
///
/// ```
/// use grundy::{Ruleset, certificate::{self, Certificate}, period};
/// let r: Ruleset = "0.07".parse()?;
/// let (v, table) = period::find(&r, 1000, Default::default(), &mut grundy::values::silent)?;
/// let text = Certificate::new(&r, &v.periodicity().unwrap(), &table)?.to_text();
/// let bytes = certificate::memory_needed(&text)?;
/// assert!(bytes >= 4 * 142);
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// As [`verify`] for a text whose fields cannot be read, or whose window
/// the verifier refuses before allocating it (its message is then the
/// one [`verify`] gives, or one of the checks [`verify`] makes first).
pub fn memory_needed(text: &str) -> Result<u64> {
    let (c, encoding) = read(text)?;
    let bound = required_bound(&c)?;
    let w = window_end(c.preperiod, c.period, bound)?;
    if encoding.is_none() {
        return Ok(c.checked_to.saturating_add(1).saturating_mul(8));
    }
    within_limits(&c.game, w)?;
    let carried = c.preperiod.saturating_add(c.period).saturating_mul(8);
    Ok(w.saturating_mul(4)
        .saturating_add(carried)
        .saturating_add(8 << 16))
}

/// [`verify`], telling `progress` how many heaps of the window are checked
/// (or, for a version 1 certificate, recomputed) every few milliseconds; it
/// may answer stop.
///
/// ```
/// use std::ops::ControlFlow;
/// use grundy::{ErrorKind, Ruleset, certificate::{self, Certificate}, period};
/// let r: Ruleset = "0.07".parse()?;
/// let (v, table) = period::find(&r, 1000, Default::default(), &mut grundy::values::silent)?;
/// let text = Certificate::new(&r, &v.periodicity().unwrap(), &table)?.to_text();
/// let mut told = 0;
/// certificate::verify_with(&text, &mut |_| {
///     told += 1;
///     ControlFlow::Continue(())
/// })?;
/// assert!(told > 0);
/// let stopped = certificate::verify_with(&text, &mut |_| ControlFlow::Break(()));
/// assert_eq!(stopped.unwrap_err().kind(), ErrorKind::Interrupted);
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// As [`verify`], and [`Interrupted`](ErrorKind::Interrupted) when
/// `progress` says stop (nothing is verified then).
pub fn verify_with(
    text: &str,
    progress: &mut (dyn FnMut(crate::values::Progress) -> std::ops::ControlFlow<()> + Send),
) -> Result<Certificate> {
    let (c, encoding) = read(text)?;
    let (e, p, s) = (c.preperiod, c.period, c.saltus);
    let bound = required_bound(&c)?;
    if c.bound != bound {
        return Err(corrupt(format!(
            "the theorem needs the window {e} <= n < {bound}, the certificate says {}",
            c.bound
        )));
    }
    let w = window_end(e, p, bound)?;
    hypotheses_cost(&c)?;
    let Some((header, data)) = encoding else {
        return verify_v1(c, w, progress);
    };
    if c.checked_to != w - 1 {
        return Err(corrupt(format!(
            "checked-to must be the window's end {}, the certificate says {}",
            w - 1,
            c.checked_to
        )));
    }
    within_limits(&c.game, w)?;
    if header.count != e + p {
        return Err(corrupt(format!(
            "the certificate must carry e + p = {} values, it says {}",
            e + p,
            header.count
        )));
    }
    let carried = header.with_data(data)?;
    let (max, aside) = carried.max_and_aside()?;
    // Only a saltus makes values grow past the carried ones (nim's).
    let top = s
        .checked_mul((w - 1).saturating_sub(e) / p)
        .and_then(|grown| grown.checked_add(max))
        .filter(|&top| top <= MAX_VALUE)
        .ok_or_else(|| too_large(format!("values past {MAX_VALUE}")))?;
    let report = check::Reporter::new(progress, w);
    if top <= u64::from(u8::MAX) {
        check_window::<u8>(&c, &carried, &aside, w, &report)?;
    } else if top <= u64::from(u16::MAX) {
        check_window::<u16>(&c, &carried, &aside, w, &report)?;
    } else {
        check_window::<u32>(&c, &carried, &aside, w, &report)?;
    }
    Ok(Certificate {
        values: Some(carried),
        ..c
    })
}

/// Steps 3 to 5 for a version 2 certificate, the window's values kept as
/// `V`.
fn check_window<V: Cell>(
    c: &Certificate,
    carried: &CarriedValues,
    aside: &[u64],
    w: u64,
    report: &check::Reporter<'_>,
) -> Result<()> {
    let (e, p, s) = (c.preperiod, c.period, c.saltus);
    // `w <= MAX_WINDOW` was checked, and every value fits `V`.
    let mut g: Vec<V> = Vec::new();
    g.try_reserve_exact(w as usize)
        .map_err(|_| too_large(format!("a window of {w} heaps: not enough memory")))?;
    carried.decode_with(aside, |v| g.push(V::of(v)))?;
    for n in (e + p) as usize..w as usize {
        let v = g[n - p as usize].get() + s;
        g.push(V::of(v));
    }
    let mut digest = Fnv::new();
    g.iter().for_each(|v| digest.add(v.get()));
    if digest.finish() != c.digest {
        return Err(corrupt(
            "the digest does not match the values the certificate carries",
        ));
    }
    least(e, p, s, |n| periodic(&g, e, p, s, n))?;
    let mask = check::fewest_rare_mask(&g);
    check::check_claims(&c.game, &g, mask, report)?;
    let first: Vec<u64> = g[..(e + p) as usize].iter().map(|v| v.get()).collect();
    theorem_hypotheses(c, &first, &mut || !report.advance(0))
}

/// Step 6: the hypotheses a theorem places on the values beyond its window
/// (only the mirror theorem has any), checked on the verified values by
/// the verifier's own plain check (`mirror_hypotheses.rs`), not the
/// search's; `keep_going` is asked every few milliseconds whether to go
/// on.
fn theorem_hypotheses(
    c: &Certificate,
    first: &[u64],
    keep_going: &mut dyn FnMut() -> bool,
) -> Result<()> {
    match (c.theorem, &c.game) {
        (Theorem::MirrorArithmetic, Ruleset::TakeAndBreak(code)) => {
            match mirror_hypotheses::check(
                code.digits(),
                c.preperiod,
                c.period,
                c.saltus,
                first,
                keep_going,
            ) {
                mirror_hypotheses::Outcome::Holds => Ok(()),
                mirror_hypotheses::Outcome::Stopped => Err(check::interrupted()),
                mirror_hypotheses::Outcome::Fails(why) => Err(corrupt(format!(
                    "the theorem {} does not apply: {why}",
                    c.theorem.name()
                ))),
            }
        }
        _ => Ok(()),
    }
}

/// Refuses, before anything is checked, a certificate whose theorem's
/// hypotheses would cost more than the verifier spends on them
/// ([`mirror_hypotheses::MAX_STEPS`]).
fn hypotheses_cost(c: &Certificate) -> Result<()> {
    if let (Theorem::MirrorArithmetic, Ruleset::TakeAndBreak(code)) = (c.theorem, &c.game) {
        let steps = mirror_hypotheses::steps(code.digits().len() as u64, c.preperiod, c.period);
        if steps > mirror_hypotheses::MAX_STEPS {
            return Err(too_large(format!(
                "checking the hypotheses of the theorem {} for period {} from {} means looking at about {steps} moves, past the {} this verifier spends",
                c.theorem.name(),
                c.period,
                c.preperiod,
                mirror_hypotheses::MAX_STEPS
            )));
        }
    }
    Ok(())
}

/// A version 1 certificate: its values recomputed by a plain mex, unless
/// that would pass [`MAX_READS`].
fn verify_v1(c: Certificate, w: u64, progress: check::Watcher<'_>) -> Result<Certificate> {
    let (e, p, s) = (c.preperiod, c.period, c.saltus);
    let most = if c.theorem == Theorem::ThreePartPeriodicity {
        MAX_THREE_PART
    } else {
        MAX_VERIFY
    };
    if c.checked_to > most {
        return Err(too_large(format!(
            "checked-to {} is past the {most} heaps this verifier recomputes for a version 1 certificate; write a version 2 certificate of {}, which carries its values",
            c.checked_to, c.game
        ))
        .with_detail(crate::Detail::OldCertificate));
    }
    if c.checked_to < w - 1 {
        return Err(corrupt(format!(
            "the values stop at {}, before the window's end {}",
            c.checked_to,
            w - 1
        )));
    }
    // The digest is of values this certificate does not carry: they must be
    // recomputed before it can be checked, so the cost is bounded first.
    let reads = check::plain_reads(&c.game, c.checked_to);
    if reads > u128::from(MAX_READS) {
        return Err(too_large(format!(
            "recomputing {} values of {} by plain mex would read about {reads} options, past the {MAX_READS} this verifier spends on a version 1 certificate; write a version 2 certificate of {}, which carries its values",
            c.checked_to + 1,
            c.game,
            c.game
        ))
        .with_detail(crate::Detail::OldCertificate));
    }
    let g = check::plain_values(&c.game, c.checked_to, &mut *progress)?;
    let mut digest = Fnv::new();
    g.iter().for_each(|&v| digest.add(v));
    if digest.finish() != c.digest {
        return Err(corrupt(
            "the digest does not match the values recomputed from the rules",
        ));
    }
    // `checked_to >= w - 1 >= e + p - 1`, so the loop stays within `g`.
    if let Some(n) = (e..c.checked_to + 1 - p)
        .find(|&n| g[n as usize].checked_add(s) != Some(g[(n + p) as usize]))
    {
        return Err(corrupt(format!("G(n + {p}) = G(n) + {s} fails at n = {n}")));
    }
    least(e, p, s, |n| periodic(&g, e, p, s, n))?;
    let done = c.checked_to + 1;
    theorem_hypotheses(&c, &g[..(e + p) as usize], &mut || {
        progress(crate::values::Progress { done, total: done }).is_continue()
    })?;
    Ok(c)
}

/// `G(n)` from the values `g`, which hold at least `G(0..e + p)`, continued
/// by the period (saturating: a value past `u64` compares unequal anyway).
fn periodic<V: Cell>(g: &[V], e: u64, p: u64, s: u64, n: u64) -> u64 {
    if n < e + p {
        return g[n as usize].get();
    }
    let k = (n - e) / p;
    g[(e + (n - e) % p) as usize]
        .get()
        .saturating_add(s.saturating_mul(k))
}

/// `G(0..w)` from the carried `G(0..e + p)` continued by the period.
fn continued(
    carried: &[u64],
    e: u64,
    p: u64,
    s: u64,
    w: u64,
) -> impl Iterator<Item = Result<u64>> + '_ {
    (0..w).map(move |n| {
        if n < e + p {
            return Ok(carried[n as usize]);
        }
        let k = (n - e) / p;
        s.checked_mul(k)
            .and_then(|grown| carried[(e + (n - e) % p) as usize].checked_add(grown))
            .ok_or_else(|| Error::new(ErrorKind::Overflow, "a value overflows 64 bits"))
    })
}

/// Step 4: the preperiod and the period are the least, for values `value`
/// known to repeat with period `p` and saltus `s` from `e` on.
///
/// # Complexity
/// O(p · d(p)) evaluations of `value` at most.
fn least(e: u64, p: u64, s: u64, value: impl Fn(u64) -> u64) -> Result<()> {
    if e > 0 && value(e - 1).checked_add(s) == Some(value(e - 1 + p)) {
        return Err(corrupt(format!("the preperiod {e} is not the least")));
    }
    // A period `d` of the values from `e` on has `d | p` reduced to gcd:
    // only the proper divisors of `p` need a look, and since the values
    // repeat with `p`, one period `e <= n < e + p` decides each.
    for d in (1..p).filter(|&d| p.is_multiple_of(d)) {
        let Some(add) = value(e + d).checked_sub(value(e)) else {
            continue;
        };
        if (e..e + p).all(|n| value(n).checked_add(add) == Some(value(n + d))) {
            return Err(corrupt(format!(
                "the period {p} is not the least: {d} is one"
            )));
        }
    }
    Ok(())
}

/// The bound the certificate's theorem needs for its game and pattern,
/// derived here from the rules, in checked arithmetic.
fn required_bound(c: &Certificate) -> Result<u64> {
    let (e, p, s) = (c.preperiod, c.period, c.saltus);
    if p == 0 {
        return Err(corrupt("the period must be positive"));
    }
    let overflow = || corrupt("the theorem's window overflows 64 bits");
    let last_digit = |digits: &[u8]| digits.iter().rposition(|&d| d != 0).unwrap_or(0) as u64;
    match (c.theorem, &c.game) {
        (Theorem::OctalPeriodicity, Ruleset::TakeAndBreak(code))
            if s == 0 && code.digits().iter().all(|d| d & 8 == 0) =>
        {
            e.max(1)
                .checked_mul(2)
                .and_then(|x| x.checked_add(p))
                .and_then(|x| x.checked_add(last_digit(code.digits())))
                .ok_or_else(overflow)
        }
        (Theorem::ThreePartPeriodicity, Ruleset::TakeAndBreak(code))
            if s == 0 && code.digits().iter().any(|d| d & 8 != 0) =>
        {
            e.max(1)
                .checked_mul(3)
                .and_then(|x| x.checked_add(p.checked_mul(2)?))
                .and_then(|x| x.checked_add(last_digit(code.digits())))
                .ok_or_else(overflow)
        }
        (Theorem::SubtractionWindow, Ruleset::Subtraction(SubtractionSet::Finite(set)))
            if s == 0 =>
        {
            e.checked_add(set.last().copied().unwrap_or(0))
                .ok_or_else(overflow)
        }
        (Theorem::NimClosedForm, Ruleset::Nim) if (e, p, s) == (0, 1, 1) => Ok(0),
        (Theorem::MirrorArithmetic, Ruleset::TakeAndBreak(code)) if s.is_power_of_two() => {
            let mirrors = crate::period::mirror::Mirrors::of(code).ok_or_else(|| {
                corrupt(format!(
                    "the theorem {} needs an odd and an even take that may leave three heaps, which {} has not",
                    c.theorem.name(),
                    c.game
                ))
            })?;
            mirrors.bound(e, p).ok_or_else(overflow)
        }
        (t, game) => Err(corrupt(format!(
            "the theorem {} does not apply to {game} with saltus {s}",
            t.name()
        ))),
    }
}

/// `W = max(bound + p, e + p)`: the window `G(0..W)` the proof rests on.
fn window_end(e: u64, p: u64, bound: u64) -> Result<u64> {
    bound
        .max(e)
        .checked_add(p)
        .ok_or_else(|| corrupt("the window's end overflows 64 bits"))
}

/// The verifier's limits on a window of `w` heaps of `game`.
fn within_limits(game: &Ruleset, w: u64) -> Result<()> {
    let three_part =
        matches!(game, Ruleset::TakeAndBreak(code) if code.digits().iter().any(|d| d & 8 != 0));
    let (most, what) = if three_part {
        (MAX_THREE_PART, " for a code that splits in three")
    } else {
        (MAX_WINDOW, "")
    };
    if w > most {
        return Err(too_large(format!(
            "a window of {w} heaps is past the {most} this verifier checks{what}"
        )));
    }
    // Every three-part split of every heap is read: about w³/36 a digit.
    if let Ruleset::TakeAndBreak(code) = game {
        let triples = code.digits().iter().filter(|&&d| d & 8 != 0).count() as u128;
        let reads = triples * (u128::from(w).pow(3) / 36);
        if reads > u128::from(MAX_READS) {
            return Err(too_large(format!(
                "a window of {w} heaps of {game} means reading about {reads} three-part splits, past the {MAX_READS} this verifier spends"
            )));
        }
    }
    Ok(())
}

/// Step 1 and the reading of fields: the certificate without its values,
/// and for version 2 the encoding's header with the undecoded data.
fn read(text: &str) -> Result<(Certificate, Option<(Header, &str)>)> {
    if text.len() > MAX_TEXT {
        return Err(too_large(format!(
            "the certificate is {} bytes, past the {MAX_TEXT} this verifier reads",
            text.len()
        )));
    }
    let mut rest = text;
    let mut next_line = || -> Option<&str> {
        while !rest.is_empty() {
            let (line, tail) = rest.split_once('\n').unwrap_or((rest, ""));
            rest = tail;
            let line = line.trim();
            if !line.is_empty() {
                return Some(line);
            }
        }
        None
    };
    let v2 = match next_line() {
        Some(HEADER_V1) => false,
        Some(HEADER_V2) => true,
        _ => {
            return Err(corrupt(format!(
                "the first line must be '{HEADER_V2}' (or v1); is this a grundy certificate?"
            )));
        }
    };
    // Version 1 has the first eight fields; version 2 adds the values.
    const FIELDS: [&str; 12] = [
        "game",
        "preperiod",
        "period",
        "saltus",
        "theorem",
        "bound",
        "checked-to",
        "digest",
        "values",
        "bits",
        "palette",
        "aside",
    ];
    let known: &[&str] = if v2 { &FIELDS } else { &FIELDS[..8] };
    let mut fields = BTreeMap::new();
    let mut data = None;
    while let Some(line) = next_line() {
        if v2 && line == "data:" {
            data = Some(());
            break;
        }
        let (k, v) = line
            .split_once(':')
            .map(|(k, v)| (k.trim(), v.trim()))
            .ok_or_else(|| corrupt(format!("line {} is not 'key: value'", quoted(line))))?;
        if !known.contains(&k) {
            return Err(corrupt(format!(
                "field {} is not one this version knows",
                quoted(k)
            )));
        }
        if fields.insert(k, v).is_some() {
            return Err(corrupt(format!("field '{k}' appears twice")));
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
    let c = Certificate {
        game,
        preperiod: number("preperiod")?,
        period: number("period")?,
        saltus: number("saltus")?,
        theorem,
        bound: number("bound")?,
        checked_to: number("checked-to")?,
        digest,
        values: None,
    };
    if !v2 {
        return Ok((c, None));
    }
    let header = Header::read(
        number("values")?,
        field("bits")?,
        field("palette")?,
        number("aside")?,
    )?;
    if data.is_none() {
        return Err(corrupt("the 'data:' line, before the values, is missing"));
    }
    Ok((c, Some((header, rest))))
}

/// FNV-1a, 64 bits, over each value as 8 little-endian bytes.
struct Fnv(crate::checksum::Fnv1a);

impl Fnv {
    fn new() -> Self {
        Fnv(crate::checksum::Fnv1a::new())
    }

    fn add(&mut self, v: u64) {
        self.0.add(&v.to_le_bytes());
    }

    fn finish(&self) -> u64 {
        self.0.finish()
    }
}

fn corrupt(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Corrupt, message)
}

fn too_large(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::TooLarge, message)
}
