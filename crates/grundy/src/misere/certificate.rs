//! Certificates of misère quotients with a proved period: a text that
//! anyone can check from the rules alone.
//!
//! A certificate states a game, a heap bound M, the quotient of the sums of
//! heaps up to M (its multiplication table, its P-portion and the pretending
//! map of heaps 0..=M), and a period of the map with the theorem whose
//! window proves it ([`super::pretending_period`]):
//!
//! ```text
//! # grundy misère quotient certificate v1
//! game: 0.75
//! max-heap: 21
//! preperiod: 8
//! period: 2
//! theorem: octal-periodicity
//! elements: 8
//! lost: 1 6
//! pretending: 0 1 2 1 2 3 …
//! product:
//! 0 1 2 3 4 5 6 7
//! …one row an element…
//! ```
//!
//! # What [`verify`] checks
//!
//! With code that shares only the rules (the game's options) and the
//! theorems' windows with the construction, cheapest first:
//!
//! 1. the fields are well formed and within [`MAX_ELEMENTS`] elements and
//!    heaps up to [`MAX_HEAP`];
//! 2. the theorem applies to the game, its window ends at or below M, and
//!    the map repeats with the period from the preperiod up to M;
//! 3. the table is a commutative monoid with identity 0 (associativity
//!    included), heap 0 and every heap without a move map to 0, and the
//!    heaps' elements generate every element;
//! 4. the quotient is reduced: any two elements are told apart by some
//!    element (Moore refinement from the P-portion by the heaps' elements);
//! 5. the map gives the outcome of *every* sum of heaps up to M: the empty
//!    sum is won; a lost element times a heap's element never has a lost
//!    option (a finite check, since every element is some sum's); and no sum
//!    with a move and a won element is *stuck* in every heap it has, which
//!    a sweep over the kinds of heap (an element and its options' elements)
//!    decides, at most [`MAX_STATES`] states (see `Claim::check_outcomes`).
//!
//! Then the map is onto a reduced monoid and gives every outcome, so the
//! table is the quotient of the heaps up to M, and the theorem extends it to
//! every heap.

use std::collections::{HashMap, HashSet};

use crate::error::{Error, ErrorKind, Result};
use crate::period::detect::Candidate;
use crate::period::proof::{Requirements, Theorem};
use crate::quote::quoted;
use crate::ruleset::Ruleset;

use super::period::PretendingPeriod;
use super::quotient::{Element, Quotient};

/// The first line of a certificate.
pub const HEADER: &str = "# grundy misère quotient certificate v1";

/// The most elements a certificate may have (associativity is checked in
/// O(elements³)).
pub const MAX_ELEMENTS: usize = 512;

/// The largest heap bound a certificate may have.
pub const MAX_HEAP: u64 = 100_000;

/// The most states the outcome check's sweep visits (fewer for large
/// tables: its states stay within 256 MiB).
pub const MAX_STATES: usize = 1 << 20;

/// What a verified certificate proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifiedQuotient {
    /// The game.
    pub game: Ruleset,
    /// The heap bound M of the table.
    pub max_heap: u64,
    /// The number of elements.
    pub elements: usize,
    /// The number of elements in the P-portion.
    pub lost: usize,
    /// The map's preperiod.
    pub preperiod: u64,
    /// The map's period.
    pub period: u64,
    /// The theorem whose window proves it.
    pub theorem: Theorem,
    /// The number of states of sums checked.
    pub states: usize,
}

/// The certificate of `q`, a quotient of `game`, and its proved `period`.
///
/// ```
/// use grundy::{Ruleset, misere::{Quotient, certificate, pretending_period}};
/// let game: Ruleset = "0.75".parse()?;
/// let q = Quotient::compute(&game, 21, 1 << 26)?;
/// let period = pretending_period(&game, &q).unwrap();
/// let text = certificate::write(&game, &q, &period)?;
/// let proved = certificate::verify(&text)?;
/// assert_eq!((proved.elements, proved.preperiod, proved.period), (8, 8, 2));
/// // A changed entry of the table is caught.
/// assert!(text.contains("\nlost: 1 6\n"));
/// assert!(certificate::verify(&text.replace("lost: 1 6", "lost: 1 5")).is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`InvalidInput`](ErrorKind::InvalidInput) when the period is not proved
/// or was read from another quotient.
pub fn write(game: &Ruleset, q: &Quotient, period: &PretendingPeriod) -> Result<String> {
    let Some((theorem, _)) = period.proof.filter(|_| period.is_proved()) else {
        return Err(Error::input(
            "the pretending map's period is not proved at this bound; a certificate states a proved period",
        ));
    };
    if period.checked_to != q.max_heap() {
        return Err(Error::input("the period was read from another quotient"));
    }
    let join = |xs: &mut dyn Iterator<Item = Element>| {
        xs.map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
    };
    let mut text = format!(
        "{HEADER}\ngame: {game}\nmax-heap: {}\npreperiod: {}\nperiod: {}\ntheorem: {}\nelements: {}\nlost: {}\npretending: {}\nproduct:\n",
        q.max_heap(),
        period.preperiod,
        period.period,
        theorem.name(),
        q.len(),
        join(&mut q.p_portion().into_iter()),
        join(&mut q.heap_elements().iter().copied()),
    );
    for row in q.rows() {
        text.push_str(&join(&mut row.iter().copied()));
        text.push('\n');
    }
    Ok(text)
}

/// Checks a certificate from the rules alone (see the [module
/// documentation](self)) and returns what it proves.
///
/// # Errors
/// [`Corrupt`](ErrorKind::Corrupt) naming the first check that fails;
/// [`TooLarge`](ErrorKind::TooLarge) past [`MAX_ELEMENTS`], [`MAX_HEAP`] or
/// [`MAX_STATES`].
///
/// # Complexity
/// O(text + elements³ + states · kinds · (kinds + options)).
pub fn verify(text: &str) -> Result<VerifiedQuotient> {
    Claim::read(text)?.check()
}

/// Checks a certificate as [`verify`] does and returns, with what it
/// proves, the quotient itself: its table, P-portion and pretending map as
/// the certificate states them, each element's representative its
/// [`Quotient::shortest_sums`] entry.
///
/// ```
/// use grundy::{Ruleset, misere::{Quotient, Strategy, certificate, pretending_period}};
/// let game: Ruleset = "0.75".parse()?;
/// let q = Quotient::compute(&game, 21, 1 << 26)?;
/// let text = certificate::write(&game, &q, &pretending_period(&game, &q).unwrap())?;
/// let (proved, read) = certificate::read(&text)?;
/// assert_eq!((proved.game.clone(), read.len(), read.rows()), (game.clone(), q.len(), q.rows()));
/// // A quotient read back answers every heap, as the one computed does.
/// let strategy = Strategy::new(&game, read);
/// assert!(strategy.covers_every_heap());
/// assert_eq!(strategy.outcome(&[10, 1_000_000])?, Strategy::new(&game, q).outcome(&[10, 1_000_000])?);
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// Those of [`verify`].
pub fn read(text: &str) -> Result<(VerifiedQuotient, Quotient)> {
    let claim = Claim::read(text)?;
    let proved = claim.check()?;
    Ok((proved, claim.into_quotient()))
}

/// A certificate's fields, read.
struct Claim {
    game: Ruleset,
    max_heap: u64,
    preperiod: u64,
    period: u64,
    theorem: Theorem,
    lost: Vec<bool>,
    pretending: Vec<Element>,
    product: Vec<Vec<Element>>,
}

/// One kind of heap: heaps with the same element and the same elements of
/// options play the same part in every sum.
struct Kind {
    element: Element,
    options: Vec<Element>,
}

fn corrupt(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Corrupt, message.into())
}

fn too_large(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::TooLarge, message.into())
}

impl Claim {
    fn read(text: &str) -> Result<Claim> {
        let mut lines = text.lines();
        if lines.next() != Some(HEADER) {
            return Err(corrupt(format!("the first line must be `{HEADER}`")));
        }
        let mut field = |name: &str| -> Result<&str> {
            let line = lines
                .next()
                .ok_or_else(|| corrupt(format!("the field `{name}:` is missing")))?;
            line.strip_prefix(name)
                .and_then(|rest| rest.strip_prefix(':'))
                .map(str::trim)
                .ok_or_else(|| {
                    corrupt(format!(
                        "expected the field `{name}:`, found {}",
                        quoted(line)
                    ))
                })
        };
        let number = |name: &str, text: &str| -> Result<u64> {
            text.parse::<u64>().map_err(|_| {
                corrupt(format!(
                    "{name} must be a whole number, not {}",
                    quoted(text)
                ))
            })
        };
        let game: Ruleset = field("game")?
            .parse()
            .map_err(|e: Error| corrupt(format!("the game: {e}")))?;
        let max_heap = number("max-heap", field("max-heap")?)?;
        if max_heap > MAX_HEAP {
            return Err(too_large(format!(
                "heap bounds past {MAX_HEAP} are not checked here; this one is {max_heap}"
            )));
        }
        let preperiod = number("preperiod", field("preperiod")?)?;
        let period = number("period", field("period")?)?;
        let name = field("theorem")?;
        let theorem = Theorem::from_name(name)
            .ok_or_else(|| corrupt(format!("unknown theorem {}", quoted(name))))?;
        let count = number("elements", field("elements")?)?;
        if count == 0 || count > MAX_ELEMENTS as u64 {
            return Err(too_large(format!(
                "a certificate has 1 to {MAX_ELEMENTS} elements; this one says {count}"
            )));
        }
        let count = count as usize;
        let element = |text: &str| -> Result<Element> {
            text.parse::<Element>()
                .ok()
                .filter(|&x| (x as usize) < count)
                .ok_or_else(|| corrupt(format!("{} is not an element below {count}", quoted(text))))
        };
        let elements = |text: &str| -> Result<Vec<Element>> {
            text.split_ascii_whitespace().map(element).collect()
        };
        let mut lost = vec![false; count];
        for x in elements(field("lost")?)? {
            lost[x as usize] = true;
        }
        let pretending = elements(field("pretending")?)?;
        if pretending.len() as u64 != max_heap + 1 {
            return Err(corrupt(format!(
                "the pretending map must have {} entries (heaps 0 to {max_heap}), it has {}",
                max_heap + 1,
                pretending.len()
            )));
        }
        let heading = lines.next();
        if heading != Some("product:") {
            return Err(corrupt("expected the line `product:`"));
        }
        let mut product = Vec::with_capacity(count);
        for a in 0..count {
            let row =
                elements(lines.next().ok_or_else(|| {
                    corrupt(format!("the product table has {a} rows, not {count}"))
                })?)?;
            if row.len() != count {
                return Err(corrupt(format!(
                    "row {a} of the product table has {} entries, not {count}",
                    row.len()
                )));
            }
            product.push(row);
        }
        if lines.any(|l| !l.trim().is_empty()) {
            return Err(corrupt("text after the product table"));
        }
        Ok(Claim {
            game,
            max_heap,
            preperiod,
            period,
            theorem,
            lost,
            pretending,
            product,
        })
    }

    /// Every check, in order (see the module documentation).
    fn check(&self) -> Result<VerifiedQuotient> {
        self.check_period()?;
        self.check_monoid()?;
        let kinds = self.kinds()?;
        self.check_reduced(&kinds)?;
        let states = self.check_outcomes(&kinds)?;
        Ok(VerifiedQuotient {
            game: self.game.clone(),
            max_heap: self.max_heap,
            elements: self.lost.len(),
            lost: self.lost.iter().filter(|&&l| l).count(),
            preperiod: self.preperiod,
            period: self.period,
            theorem: self.theorem,
            states,
        })
    }

    /// The quotient the (checked) claim states.
    fn into_quotient(self) -> Quotient {
        Quotient::from_table(self.max_heap, self.product, self.lost, self.pretending)
    }

    fn mul(&self, a: Element, b: Element) -> Element {
        self.product[a as usize][b as usize]
    }

    /// Step 2: the theorem, its window, and the map's repeats.
    fn check_period(&self) -> Result<()> {
        let (e, p) = (self.preperiod, self.period);
        if p == 0 {
            return Err(corrupt("the period must be at least 1"));
        }
        let candidate = Candidate {
            preperiod: e,
            period: p,
            saltus: 0,
        };
        let window = match Requirements::of(&self.game).window(candidate) {
            Some((
                theorem @ (Theorem::OctalPeriodicity
                | Theorem::ThreePartPeriodicity
                | Theorem::SubtractionWindow),
                bound,
            )) => {
                if theorem != self.theorem {
                    return Err(corrupt(format!(
                        "the theorem for {} is {}, not {}",
                        self.game,
                        theorem.name(),
                        self.theorem.name()
                    )));
                }
                bound.checked_add(p - 1)
            }
            None if misere_theorem_applies(&self.game) => {
                return Err(corrupt(format!(
                    "the window of preperiod {e} and period {p} overflows 64 bits"
                )));
            }
            _ => {
                return Err(corrupt(format!(
                    "no periodicity theorem for misère quotients applies to {}",
                    self.game
                )));
            }
        };
        let needs = window.ok_or_else(|| corrupt("the window overflows"))?;
        if needs > self.max_heap {
            return Err(corrupt(format!(
                "the theorem's window needs heaps up to {needs}; the table stops at {}",
                self.max_heap
            )));
        }
        for n in e..=self.max_heap - p {
            if self.pretending[n as usize] != self.pretending[(n + p) as usize] {
                return Err(corrupt(format!(
                    "heap {} does not map to the element of heap {n}",
                    n + p
                )));
            }
        }
        Ok(())
    }

    /// Step 3: a commutative monoid with identity 0, generated by the heaps.
    fn check_monoid(&self) -> Result<()> {
        let n = self.lost.len() as Element;
        for a in 0..n {
            if self.mul(0, a) != a {
                return Err(corrupt(format!(
                    "0 · {a} is not {a}: 0 is not the identity"
                )));
            }
            for b in 0..n {
                if self.mul(a, b) != self.mul(b, a) {
                    return Err(corrupt(format!("{a} · {b} differs from {b} · {a}")));
                }
                let ab = self.mul(a, b);
                for c in 0..n {
                    if self.mul(ab, c) != self.mul(a, self.mul(b, c)) {
                        return Err(corrupt(format!(
                            "({a} · {b}) · {c} differs from {a} · ({b} · {c})"
                        )));
                    }
                }
            }
        }
        for (h, &x) in self.pretending.iter().enumerate() {
            if x != 0 && !self.game.has_move(h as u64) {
                return Err(corrupt(format!(
                    "heap {h} has no move, so it is the empty game, but maps to {x}, not 0"
                )));
            }
        }
        let mut reached = vec![false; n as usize];
        reached[0] = true;
        let mut queue = vec![0];
        while let Some(a) = queue.pop() {
            for &x in &self.pretending {
                let b = self.mul(a, x);
                if !reached[b as usize] {
                    reached[b as usize] = true;
                    queue.push(b);
                }
            }
        }
        if let Some(a) = reached.iter().position(|&r| !r) {
            return Err(corrupt(format!("element {a} is no sum of heaps' elements")));
        }
        Ok(())
    }

    /// The kinds of heaps 1..=M that have a move.
    fn kinds(&self) -> Result<Vec<Kind>> {
        let mut seen: HashSet<(Element, Vec<Element>)> = HashSet::new();
        let mut kinds = Vec::new();
        for h in 1..=self.max_heap {
            if !self.game.has_move(h) {
                continue;
            }
            let mut options: Vec<Element> = Vec::new();
            for mv in self.game.options(h) {
                let mut x = 0;
                for &part in &mv.parts {
                    let image = self.pretending.get(part as usize).ok_or_else(|| {
                        corrupt(format!(
                            "heap {h} moves to a heap of {part}, past the table"
                        ))
                    })?;
                    x = self.mul(x, *image);
                }
                options.push(x);
            }
            options.sort_unstable();
            options.dedup();
            let element = self.pretending[h as usize];
            if seen.insert((element, options.clone())) {
                kinds.push(Kind { element, options });
            }
        }
        Ok(kinds)
    }

    /// Step 4: no two elements have the same outcome in every sum.
    fn check_reduced(&self, kinds: &[Kind]) -> Result<()> {
        let n = self.lost.len();
        let mut class: Vec<usize> = self.lost.iter().map(|&l| usize::from(l)).collect();
        loop {
            let mut ids: HashMap<Vec<usize>, usize> = HashMap::new();
            let next: Vec<usize> = (0..n as Element)
                .map(|a| {
                    let key: Vec<usize> = std::iter::once(class[a as usize])
                        .chain(kinds.iter().map(|k| class[self.mul(a, k.element) as usize]))
                        .collect();
                    let fresh = ids.len();
                    *ids.entry(key).or_insert(fresh)
                })
                .collect();
            let before = class.iter().collect::<HashSet<_>>().len();
            class = next;
            if ids.len() == before {
                break;
            }
        }
        let mut first: HashMap<usize, usize> = HashMap::new();
        for (a, &c) in class.iter().enumerate() {
            if let Some(&b) = first.get(&c) {
                return Err(corrupt(format!(
                    "elements {b} and {a} have the same outcome in every sum: the table is not reduced"
                )));
            }
            first.insert(c, a);
        }
        Ok(())
    }

    /// Step 5: every sum of heaps up to M is lost exactly when its element
    /// is in the P-portion. Returns the number of sweep states visited.
    ///
    /// By induction on the tokens it is enough that (0) the empty sum is
    /// won; (1) a sum whose element is lost has no option whose element is
    /// lost; (2) a sum with a move whose element is won has an option whose
    /// element is lost. An option of U moves in one heap h of U, leaving
    /// Φ(U − h)·o for an option o of h.
    ///
    /// (1) is a finite check: every y ∈ Q is Φ(v) for some sum v (the map
    /// is onto), so it reads: for every y and kind k, if y·x_k is lost then
    /// no y·o, o an option of k, is lost.
    ///
    /// (2) fails exactly for a sum U = Σ n_k·h_k with a move, Φ(U) won, and
    /// Φ(U − h_k) in k's *stuck* set S_k = {y : no y·o lost} for every kind
    /// k present. The sweep fixes n_1, n_2, … in turn; its state after
    /// kind j is the product A so far, whether a kind is present, and the
    /// set T of products R of the kinds still to come (elements of the
    /// submonoid they generate) with Φ(U − h_i) = B_i·R ∈ S_i for every
    /// present i ≤ j. Kind j + 1 with n copies maps T to {R′ : x^n·R′ ∈ T,
    /// and A·x^(n−1)·R′ ∈ S_(j+1) if n ≥ 1}; n = 0 … index + period of x
    /// covers every pair (x^(n−1), x^n). A sum breaks (2) exactly when a
    /// last state has a kind present, A won and the empty product in T.
    fn check_outcomes(&self, kinds: &[Kind]) -> Result<usize> {
        let n = self.lost.len();
        if self.lost[0] {
            return Err(corrupt(
                "the empty sum is won (no move: the opponent moved last), but 0 is in the P-portion",
            ));
        }
        // (1)
        for kind in kinds {
            for y in 0..n as Element {
                let lost_option = kind
                    .options
                    .iter()
                    .find(|&&o| self.lost[self.mul(y, o) as usize]);
                if let (true, Some(&o)) =
                    (self.lost[self.mul(y, kind.element) as usize], lost_option)
                {
                    return Err(corrupt(format!(
                        "a sum with lost element {} has an option with lost element {}",
                        self.mul(y, kind.element),
                        self.mul(y, o)
                    )));
                }
            }
        }
        // (2)
        let stuck: Vec<Vec<bool>> = kinds
            .iter()
            .map(|k| {
                (0..n as Element)
                    .map(|y| {
                        !k.options
                            .iter()
                            .any(|&o| self.lost[self.mul(y, o) as usize])
                    })
                    .collect()
            })
            .collect();
        // later[j]: the submonoid generated by kinds j.. (later[K] = {1}).
        let mut later = vec![vec![false; n]; kinds.len() + 1];
        later[kinds.len()][0] = true;
        for j in (0..kinds.len()).rev() {
            let mut set = later[j + 1].clone();
            let mut queue: Vec<Element> = (0..n as Element).filter(|&a| set[a as usize]).collect();
            while let Some(a) = queue.pop() {
                let b = self.mul(a, kinds[j].element) as usize;
                if !set[b] {
                    set[b] = true;
                    queue.push(b as Element);
                }
            }
            later[j] = set;
        }
        let mut states: HashSet<(Element, bool, Vec<bool>)> = HashSet::new();
        states.insert((0, false, later[0].clone()));
        let mut visited = 1usize;
        for (j, kind) in kinds.iter().enumerate() {
            // x^0, x^1, … up to the first repeat, and one more.
            let mut powers: Vec<Element> = vec![0];
            loop {
                let next = self.mul(*powers.last().unwrap(), kind.element);
                let repeat = powers.contains(&next);
                powers.push(next);
                if repeat {
                    break;
                }
            }
            let mut next_states: HashSet<(Element, bool, Vec<bool>)> = HashSet::new();
            for (a, present, t) in &states {
                for (m, &xm) in powers.iter().enumerate() {
                    let rest: Vec<bool> = (0..n as Element)
                        .map(|r| {
                            later[j + 1][r as usize]
                                && t[self.mul(xm, r) as usize]
                                && (m == 0
                                    || stuck[j][self.mul(self.mul(*a, powers[m - 1]), r) as usize])
                        })
                        .collect();
                    if !rest.iter().any(|&b| b) {
                        continue;
                    }
                    next_states.insert((self.mul(*a, xm), *present || m > 0, rest));
                }
            }
            visited += next_states.len();
            // A state is about n bytes and a table slot: within 256 MiB.
            if visited > MAX_STATES.min((256 << 20) / (n + 64)) {
                return Err(too_large(format!(
                    "checking every sum visits more than {MAX_STATES} states; this quotient is too large to check here"
                )));
            }
            states = next_states;
        }
        if let Some((a, _, _)) = states
            .iter()
            .find(|(a, present, t)| *present && !self.lost[*a as usize] && t[0])
        {
            return Err(corrupt(format!(
                "a sum with won element {a} has a move but no option with a lost element"
            )));
        }
        Ok(visited)
    }
}

/// Whether some theorem proves periods of the pretending map of `game`
/// (whatever the period): the take-and-break and finite subtraction ones.
fn misere_theorem_applies(game: &Ruleset) -> bool {
    let any = Candidate {
        preperiod: 0,
        period: 1,
        saltus: 0,
    };
    matches!(
        Requirements::of(game).window(any),
        Some((
            Theorem::OctalPeriodicity | Theorem::ThreePartPeriodicity | Theorem::SubtractionWindow,
            _
        ))
    )
}
