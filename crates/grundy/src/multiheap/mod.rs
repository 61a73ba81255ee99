//! Games that are not sums: take the same amount from several heaps at once.
//!
//! A [`SubsetGame`] is played on `K` heaps (`K` = 2, 3 or 4). A move chooses
//! one subset of the heaps from an allowed list and takes the same positive
//! amount from every heap of that subset. Wythoff's game (`K` = 2, subsets
//! {1}, {2}, {1,2}) and the stone game of Project Euler 260 (`K` = 3, every
//! non-empty subset) are the best known members. Such a game is not a sum of
//! independent heaps, so the Sprague–Grundy values of single heaps say nothing
//! about it; its losing positions (P-positions) are found directly:
//!
//! ```
//! use grundy::multiheap::{self, SubsetGame};
//! let stone: SubsetGame = "stone".parse()?;
//! let tally = multiheap::count(&stone, 100)?;
//! assert_eq!(tally.sum, 173_895); // S(100) of Project Euler 260
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! # The key method
//!
//! Positions are multisets, written sorted: `x1 <= … <= xK`. A move on the
//! heaps `T` leaves unchanged the *key* of `T`: the coordinates outside `T`,
//! and the coordinates inside `T` up to a common shift. Two P-positions never
//! share a key of an allowed subset, because the one with the larger
//! coordinates in `T` could move to the other. Scanning sorted positions in
//! lexicographic order (every move leads to an earlier position), a position
//! is P exactly when none of its keys is taken yet by an earlier P-position:
//! if one is, the move that shifts `T` down reaches it; if none is, every move
//! lands on a position whose key is free, hence on an N-position. This is the
//! method of the Project Euler 260 write-up, generalised to any
//! permutation-symmetric list of subsets.
//!
//! Three engines share this module ([`Method`]): [`keys`], the plain scan of
//! every sorted position, Θ(N^K); [`bit_rows`], the same keys stored as rows of
//! bits so that the first free last coordinate of a prefix is found 64 at a
//! time; and [`brute`], a parallel solver straight from the rules that knows
//! nothing of keys, kept to check the other two. [`wythoff`] has the closed
//! form of Wythoff's game. [`winning_move`] answers "is this position lost,
//! and if not, which move wins?" with a scan cut short at the position, and
//! [`PSet`] keeps every P-position up to a bound for many such questions.
//!
//! [`vectors`] generalises the family: a move takes `t·v` for any `t >= 1`
//! and any `v` of a listed set of vectors (Project Euler 665 takes (1,2)
//! and (2,1) besides Wythoff's moves). Its key scan works for any vectors;
//! a vector game that is a subset game is that game and runs its engines.

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use crate::error::{Error, ErrorKind, Result};
use crate::quote::quoted;
use crate::values::{Budget, human_bytes};

pub mod bit_rows;
pub mod brute;
pub mod keys;
pub mod vectors;
mod winning;
pub mod wythoff;

pub use winning::{PSet, subsets_in_order, winning_move, winning_moves};

/// The most heaps a [`SubsetGame`] may have.
pub const MAX_HEAPS: usize = 4;

/// A game on `K` heaps where a move takes the same positive amount from every
/// heap of one allowed subset.
///
/// Only permutation-symmetric subset lists are represented: whether a subset
/// is allowed depends only on its size. That is what makes sorted positions
/// (multisets) a faithful description of the game.
///
/// Specs: `wythoff`, `stone`, `subsets:K:all`, or `subsets:K:` followed by
/// the allowed subsets, each written as its heap numbers (`1` to `K`),
/// separated by commas:
///
/// ```
/// use grundy::multiheap::SubsetGame;
/// let g: SubsetGame = "subsets:3:1,2,3,12,13,23".parse()?;
/// assert_eq!(g.heaps(), 3);
/// assert_eq!(g.sizes(), [1, 2]);
/// assert_eq!(g.to_string(), "subsets:3:1,2,3,12,13,23");
/// assert_eq!("subsets:3:all".parse::<SubsetGame>()?.to_string(), "stone");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SubsetGame {
    heaps: usize,
    /// Bit `s` is set when subsets of size `s` are allowed.
    sizes: u8,
}

impl SubsetGame {
    /// Wythoff's game: take from one of two heaps, or the same from both.
    pub const fn wythoff() -> Self {
        SubsetGame {
            heaps: 2,
            sizes: 0b110,
        }
    }

    /// The stone game of Project Euler 260: three heaps, take the same amount
    /// from one, two or all three.
    pub const fn stone() -> Self {
        SubsetGame {
            heaps: 3,
            sizes: 0b1110,
        }
    }

    /// The game on `heaps` heaps whose moves use the subsets of the sizes in
    /// `sizes`.
    ///
    /// ```
    /// use grundy::multiheap::SubsetGame;
    /// assert_eq!(SubsetGame::new(2, &[1, 2])?, SubsetGame::wythoff());
    /// assert!(SubsetGame::new(3, &[4]).is_err());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidSpec`] if `heaps` is not 2, 3 or 4, if `sizes` is
    /// empty, or if a size is 0 or more than `heaps`.
    pub fn new(heaps: usize, sizes: &[usize]) -> Result<Self> {
        check_heaps(heaps)?;
        let mut bits = 0u8;
        for &s in sizes {
            if s == 0 || s > heaps {
                return Err(Error::spec(format!(
                    "a move on {s} of {heaps} heaps is impossible; use sizes from 1 to {heaps}"
                )));
            }
            bits |= 1 << s;
        }
        if bits == 0 {
            return Err(Error::spec(format!(
                "a game without moves has no P-positions worth listing; allow some subsets, \
                 e.g. subsets:{heaps}:all"
            )));
        }
        Ok(SubsetGame { heaps, sizes: bits })
    }

    /// The game whose moves use exactly the subsets in `subsets`, each a list
    /// of 1-based heap numbers.
    ///
    /// ```
    /// use grundy::multiheap::SubsetGame;
    /// let g = SubsetGame::from_subsets(2, &[vec![1], vec![2], vec![1, 2]])?;
    /// assert_eq!(g, SubsetGame::wythoff());
    /// let err = SubsetGame::from_subsets(3, &[vec![1], vec![1, 2]]).unwrap_err();
    /// assert!(err.to_string().contains("symmetric"));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidSpec`] if a heap number is out of range or
    /// repeated, a subset is empty, or the list is not symmetric under
    /// permuting the heaps (it allows some subset of a size but not all).
    pub fn from_subsets(heaps: usize, subsets: &[Vec<usize>]) -> Result<Self> {
        check_heaps(heaps)?;
        let mut masks = 0u32; // bit `m` set when subset mask `m` is listed
        for subset in subsets {
            let mut mask = 0usize;
            if subset.is_empty() {
                return Err(Error::spec(
                    "an empty subset is not a move; list non-empty subsets such as 12",
                ));
            }
            for &h in subset {
                if h == 0 || h > heaps {
                    return Err(Error::spec(format!(
                        "heap {h} does not exist in a game of {heaps} heaps; number heaps 1 to {heaps}"
                    )));
                }
                if mask & (1 << (h - 1)) != 0 {
                    return Err(Error::spec(format!(
                        "heap {h} appears twice in one subset; list each heap of a subset once"
                    )));
                }
                mask |= 1 << (h - 1);
            }
            masks |= 1 << mask;
        }
        let mut sizes = Vec::new();
        let mut asymmetric = None;
        for s in 1..=heaps {
            let listed = masks_of_size(heaps, s).find(|&m| masks & (1 << m) != 0);
            let missing = masks_of_size(heaps, s).find(|&m| masks & (1 << m) == 0);
            if let Some(have) = listed {
                sizes.push(s);
                if let (None, Some(missing)) = (asymmetric, missing) {
                    asymmetric = Some((have, missing));
                }
            }
        }
        let game = SubsetGame::new(heaps, &sizes)?;
        if let Some((have, missing)) = asymmetric {
            return Err(Error::spec(format!(
                "the subset list is not symmetric under permuting the heaps: it allows {} but \
                 not {}; only symmetric lists are supported, so list every subset of each size \
                 you allow, e.g. {}",
                subset_name(have as u8),
                subset_name(missing as u8),
                game.explicit_spec(),
            )));
        }
        Ok(game)
    }

    /// The number of heaps, `K`.
    pub fn heaps(&self) -> usize {
        self.heaps
    }

    /// The allowed subset sizes, smallest first.
    pub fn sizes(&self) -> Vec<usize> {
        (1..=self.heaps).filter(|&s| self.allows_size(s)).collect()
    }

    /// Whether a move may use a subset of `size` heaps.
    pub fn allows_size(&self, size: usize) -> bool {
        size <= self.heaps && self.sizes & (1 << size) != 0
    }

    /// Whether a move may use the heaps of `mask` (bit `i` for heap `i`,
    /// 0-based).
    pub fn allows_subset(&self, mask: u8) -> bool {
        mask != 0
            && (mask as usize) < 1 << self.heaps
            && self.allows_size(mask.count_ones() as usize)
    }

    /// Whether any move is possible from `position` (heaps in any order, of
    /// any size): some allowed subset has only non-empty heaps.
    ///
    /// ```
    /// use grundy::multiheap::SubsetGame;
    /// let two = "subsets:3:12,13,23".parse::<SubsetGame>()?;
    /// assert!(!two.has_move(&[0, 0, 5]) && two.has_move(&[0, 1, 5]));
    /// assert!(SubsetGame::wythoff().has_move(&[0, u64::MAX]));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn has_move(&self, position: &[u64]) -> bool {
        let non_empty = position.iter().filter(|&&h| h > 0).count();
        (1..=non_empty).any(|s| self.allows_size(s))
    }

    /// Every legal move from `position` (heaps in any order), straight from
    /// the rules: each allowed subset with each amount from 1 to its smallest
    /// heap.
    ///
    /// ```
    /// use grundy::multiheap::{SubsetGame, SubsetMove};
    /// let moves = SubsetGame::wythoff().moves(&[1, 2]);
    /// assert_eq!(moves.len(), 1 + 2 + 1);
    /// assert!(moves.contains(&SubsetMove { heaps: vec![0, 1], take: 1 }));
    /// ```
    ///
    /// # Panics
    /// If `position` does not have [`heaps`](Self::heaps) coordinates.
    pub fn moves(&self, position: &[u32]) -> Vec<SubsetMove> {
        assert_eq!(
            position.len(),
            self.heaps,
            "a position of {} heaps",
            self.heaps
        );
        let mut moves = Vec::new();
        for mask in 1..(1u8 << self.heaps) {
            if !self.allows_subset(mask) {
                continue;
            }
            let heaps: Vec<usize> = (0..self.heaps).filter(|&i| mask & (1 << i) != 0).collect();
            let most = heaps.iter().map(|&i| position[i]).min().unwrap_or(0);
            for take in 1..=most {
                moves.push(SubsetMove {
                    heaps: heaps.clone(),
                    take,
                });
            }
        }
        moves
    }
}

fn check_heaps(heaps: usize) -> Result<()> {
    if (2..=MAX_HEAPS).contains(&heaps) {
        Ok(())
    } else {
        Err(Error::spec(format!(
            "{heaps} heaps are not supported; use 2, 3 or 4 heaps, e.g. subsets:3:all"
        )))
    }
}

fn masks_of_size(heaps: usize, size: usize) -> impl Iterator<Item = usize> {
    (1..1usize << heaps).filter(move |m| m.count_ones() as usize == size)
}

/// `0b101` → `"13"`.
fn subset_name(mask: u8) -> String {
    (0..8)
        .filter(|i| mask & (1 << i) != 0)
        .map(|i| char::from(b'1' + i as u8))
        .collect()
}

impl FromStr for SubsetGame {
    type Err = Error;

    fn from_str(spec: &str) -> Result<Self> {
        let spec = spec.trim();
        match spec {
            "wythoff" => return Ok(SubsetGame::wythoff()),
            "stone" => return Ok(SubsetGame::stone()),
            _ => {}
        }
        let Some(rest) = spec.strip_prefix("subsets:") else {
            return Err(Error::spec(format!(
                "unknown multi-heap game {}; use wythoff, stone or subsets:K:SUBSETS, \
                 e.g. subsets:3:1,2,3,12,13,23",
                quoted(spec)
            )));
        };
        let Some((k, list)) = rest.split_once(':') else {
            return Err(Error::spec(format!(
                "{} lacks the subset list; write subsets:K:SUBSETS, e.g. subsets:3:all",
                quoted(spec)
            )));
        };
        let heaps: usize = k.trim().parse().map_err(|_| {
            Error::spec(format!(
                "{} is not a number of heaps; write subsets:K:SUBSETS with K = 2, 3 or 4",
                quoted(k)
            ))
        })?;
        check_heaps(heaps)?;
        let list = list.trim();
        if list == "all" {
            let all: Vec<usize> = (1..=heaps).collect();
            return SubsetGame::new(heaps, &all);
        }
        let mut subsets = Vec::new();
        for item in list.split(',') {
            let item = item.trim();
            if item.is_empty() {
                return Err(Error::spec(format!(
                    "{} has an empty subset; write subsets as heap numbers separated by \
                     commas, e.g. subsets:{heaps}:1,2,12",
                    quoted(spec)
                )));
            }
            let subset = item
                .chars()
                .map(|c| c.to_digit(10).map(|d| d as usize))
                .collect::<Option<Vec<usize>>>()
                .ok_or_else(|| {
                    Error::spec(format!(
                        "{} is not a subset; write each subset as its heap numbers 1 to \
                         {heaps}, e.g. 12 for heaps 1 and 2",
                        quoted(item)
                    ))
                })?;
            subsets.push(subset);
        }
        SubsetGame::from_subsets(heaps, &subsets)
    }
}

impl SubsetGame {
    /// The spec that lists every allowed subset.
    ///
    /// ```
    /// use grundy::multiheap::SubsetGame;
    /// assert_eq!(SubsetGame::stone().explicit_spec(), "subsets:3:1,2,3,12,13,23,123");
    /// ```
    pub fn explicit_spec(&self) -> String {
        let names: Vec<String> = self
            .sizes()
            .into_iter()
            .flat_map(|s| masks_of_size(self.heaps, s))
            .map(|m| subset_name(m as u8))
            .collect();
        format!("subsets:{}:{}", self.heaps, names.join(","))
    }
}

impl fmt::Display for SubsetGame {
    /// The shortest spec that reads back as this game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == SubsetGame::wythoff() {
            f.write_str("wythoff")
        } else if *self == SubsetGame::stone() {
            f.write_str("stone")
        } else if self.sizes().len() == self.heaps {
            write!(f, "subsets:{}:all", self.heaps)
        } else {
            f.write_str(&self.explicit_spec())
        }
    }
}

/// A move: take `take` from each heap in `heaps` (0-based indices into the
/// position as given).
///
/// ```
/// use grundy::multiheap::SubsetMove;
/// let mv = SubsetMove { heaps: vec![0, 2], take: 3 };
/// assert_eq!(mv.apply(&[3, 5, 7]), [0, 5, 4]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SubsetMove {
    /// The heaps taken from, by 0-based index, increasing.
    pub heaps: Vec<usize>,
    /// The amount taken from each of them.
    pub take: u32,
}

impl SubsetMove {
    /// The position after the move, heaps in the same order.
    ///
    /// # Panics
    /// If a heap index is out of range or a heap is smaller than `take`.
    pub fn apply(&self, position: &[u32]) -> Vec<u32> {
        let mut next = position.to_vec();
        for &i in &self.heaps {
            next[i] -= self.take;
        }
        next
    }
}

/// Which algorithm enumerates the P-positions. All give the same positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Method {
    /// Key tables as rows of bits, the first free last coordinate found 64
    /// at a time ([`bit_rows`]).
    #[default]
    Fast,
    /// The plain key scan of every sorted position ([`keys`]).
    Reference,
    /// Every move to every smaller position, layer by layer, in parallel
    /// ([`brute`]); for checking only.
    Brute,
}

/// Options of [`scan`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The engine.
    pub method: Method,
    /// The memory its tables may take.
    pub budget: Budget,
}

/// How many P-positions were found and the sum of all their coordinates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// The number of P-positions.
    pub count: u64,
    /// The sum of all coordinates of all P-positions.
    pub sum: u64,
}

impl Tally {
    fn add(&mut self, position: &[u32]) -> Result<()> {
        let s: u64 = position.iter().map(|&c| u64::from(c)).sum();
        self.count += 1;
        self.sum = self.sum.checked_add(s).ok_or_else(|| {
            Error::new(
                ErrorKind::Overflow,
                "the sum of the coordinates overflows 64 bits; ask for a smaller N",
            )
        })?;
        Ok(())
    }
}

/// How far a scan has come, in units of work that the engine chooses.
pub use crate::values::Progress;

/// The P-positions of `game` with all coordinates at most `to`, sorted, in
/// lexicographic order, with the default engine and budget.
///
/// ```
/// use grundy::multiheap::{self, SubsetGame};
/// let p = multiheap::p_positions(&SubsetGame::wythoff(), 10)?;
/// assert_eq!(p, [vec![0, 0], vec![1, 2], vec![3, 5], vec![4, 7], vec![6, 10]]);
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// As [`scan`].
pub fn p_positions(game: &SubsetGame, to: u32) -> Result<Vec<Vec<u32>>> {
    let mut out = Vec::new();
    scan(
        game,
        to,
        Options::default(),
        &mut |p| {
            out.push(p.to_vec());
            ControlFlow::Continue(())
        },
        &mut crate::values::silent,
    )?;
    Ok(out)
}

/// The number of P-positions with coordinates at most `to` and the sum of
/// their coordinates, with the default engine and budget; nothing is stored.
///
/// # Errors
/// As [`scan`].
pub fn count(game: &SubsetGame, to: u32) -> Result<Tally> {
    scan(
        game,
        to,
        Options::default(),
        &mut |_| ControlFlow::Continue(()),
        &mut crate::values::silent,
    )
}

/// Streams every P-position of `game` with coordinates `0 <= x1 <= … <= xK
/// <= to` to `visit`, in lexicographic order, reporting progress from time to
/// time. `visit` returns [`ControlFlow::Break`] to stop the scan early (a
/// closed pipe, enough positions seen).
///
/// ```
/// use std::ops::ControlFlow::{Break, Continue};
/// use grundy::ErrorKind;
/// use grundy::multiheap::{self, Method, Options, SubsetGame};
/// let stone = SubsetGame::stone();
/// let mut first = Vec::new();
/// let options = Options { method: Method::Reference, ..Options::default() };
/// let mut visit = |p: &[u32]| {
///     first.push(p.to_vec());
///     Continue(())
/// };
/// multiheap::scan(&stone, 6, options, &mut visit, &mut grundy::values::silent)?;
/// assert_eq!(&first[..4], [[0, 0, 0], [0, 1, 2], [0, 3, 5], [1, 1, 4]]);
///
/// let stop = multiheap::scan(&stone, 1000, Options::default(), &mut |_| Break(()), &mut grundy::values::silent);
/// assert_eq!(stop.unwrap_err().kind(), ErrorKind::Interrupted);
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`ErrorKind::Interrupted`] if `visit` asked to stop;
/// [`ErrorKind::TooLarge`] if the engine's tables would exceed
/// `options.budget` (checked before anything is allocated; the message names
/// the memory needed and the largest `to` that fits);
/// [`ErrorKind::Overflow`] if the coordinate sum overflows 64 bits.
///
/// # Complexity
/// See the engine: [`keys`] is Θ(N^K), [`bit_rows`] does the same work 64
/// positions at a time, both in O(N^(K-1)) bits; [`brute`] is Θ(N^(K+1)) in
/// O(N^K) bytes.
pub fn scan(
    game: &SubsetGame,
    to: u32,
    options: Options,
    visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Tally> {
    check_budget(game, to, options)?;
    match options.method {
        Method::Fast => bit_rows::scan(game, to, visit, progress),
        Method::Reference => keys::scan(game, to, visit, progress),
        Method::Brute => {
            let found = brute::p_positions(game, to, progress)?;
            let mut tally = Tally::default();
            for p in &found {
                tally.add(p)?;
                if visit(p).is_break() {
                    return Err(stopped(tally));
                }
            }
            Ok(tally)
        }
    }
}

/// The bytes the tables of `method` need to enumerate up to `to`
/// (saturating at `u64::MAX`).
///
/// ```
/// use grundy::multiheap::{self, Method, SubsetGame};
/// let stone = SubsetGame::stone();
/// assert!(multiheap::memory_needed(&stone, 10_000, Method::Fast) < 64 << 20);
/// ```
pub fn memory_needed(game: &SubsetGame, to: u32, method: Method) -> u64 {
    let bytes = match method {
        Method::Fast => bit_rows::table_bytes(game, to),
        Method::Reference => keys::table_bytes(game, to),
        Method::Brute => brute::table_bytes(game, to),
    };
    bytes.min(u128::from(u64::MAX)) as u64
}

/// The largest `to` whose tables for `method` fit in `budget` (0 if even
/// that does not fit).
///
/// ```
/// use grundy::multiheap::{self, Method, SubsetGame};
/// use grundy::values::Budget;
/// let stone = SubsetGame::stone();
/// let n = multiheap::largest_to(&stone, Method::Fast, Budget::bytes(1 << 30));
/// assert!(multiheap::memory_needed(&stone, n, Method::Fast) <= 1 << 30);
/// assert!(multiheap::memory_needed(&stone, n + 1, Method::Fast) > 1 << 30);
/// ```
pub fn largest_to(game: &SubsetGame, method: Method, budget: Budget) -> u32 {
    let max = budget.max_bytes();
    // Memory grows with `to`, so bisect.
    let (mut lo, mut hi) = (0u32, u32::MAX);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if memory_needed(game, mid, method) <= max {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

fn check_budget(game: &SubsetGame, to: u32, options: Options) -> Result<()> {
    let need = memory_needed(game, to, options.method);
    if need <= options.budget.max_bytes() {
        return Ok(());
    }
    Err(Error::new(
        ErrorKind::TooLarge,
        format!(
            "P-positions of {game} up to {to} need {} of tables, more than the {} allowed; \
             ask for N = {} or less",
            human_bytes(need),
            human_bytes(options.budget.max_bytes()),
            largest_to(game, options.method, options.budget)
        ),
    ))
}

/// A vector of `len` copies of `fill`, or [`ErrorKind::TooLarge`] if the
/// allocator refuses: a refusal is an error, never an abort.
pub(crate) fn allocate<T: Clone>(len: usize, fill: T) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| {
        let bytes = len as u128 * std::mem::size_of::<T>() as u128;
        Error::new(
            ErrorKind::TooLarge,
            format!(
                "cannot allocate {} for the key tables; ask for a smaller N",
                human_bytes(bytes.min(u128::from(u64::MAX)) as u64)
            ),
        )
    })?;
    v.resize(len, fill);
    Ok(v)
}

/// The error of a scan that its caller stopped.
pub(crate) fn stopped(tally: Tally) -> Error {
    Error::new(
        ErrorKind::Interrupted,
        format!("stopped by the caller after {} P-positions", tally.count),
    )
}

/// The allowed subsets of sorted heap indices, as masks, with their sizes.
pub(crate) fn families(game: &SubsetGame) -> Vec<(u8, usize)> {
    (1..1u8 << game.heaps)
        .filter(|&m| game.allows_subset(m))
        .map(|m| (m, m.count_ones() as usize))
        .collect()
}

/// The key of the move family `mask` at the sorted `position`: the
/// coordinates outside `mask` (increasing), then those inside it minus the
/// smallest of them, without that first zero (increasing). `K - 1` digits in
/// all, each at most the largest coordinate.
#[inline]
pub(crate) fn key_digits(position: &[u32], mask: u8) -> ([u32; MAX_HEAPS], usize) {
    let mut digits = [0; MAX_HEAPS];
    let mut len = 0;
    for (i, &c) in position.iter().enumerate() {
        if mask & (1 << i) == 0 {
            digits[len] = c;
            len += 1;
        }
    }
    let first = mask.trailing_zeros() as usize;
    for (i, &c) in position.iter().enumerate().skip(first + 1) {
        if mask & (1 << i) != 0 {
            digits[len] = c - position[first];
            len += 1;
        }
    }
    (digits, len)
}

/// Advances `t` to the next non-decreasing tuple with entries at most `to`, in
/// lexicographic order; `false` after the last one.
pub(crate) fn next_sorted(t: &mut [u32], to: u32) -> bool {
    let Some(i) = t.iter().rposition(|&c| c < to) else {
        return false;
    };
    let v = t[i] + 1;
    t[i..].fill(v);
    true
}

/// The number of non-decreasing `k`-tuples with entries at most `to`:
/// C(to + k, k), saturating.
pub(crate) fn sorted_tuples(to: u32, k: usize) -> u64 {
    let mut c: u128 = 1;
    for i in 1..=k as u128 {
        c = c * (u128::from(to) + i) / i;
    }
    c.min(u128::from(u64::MAX)) as u64
}
