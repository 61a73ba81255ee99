//! Games by move vectors: from `K` heaps, take `t·v` for any `t >= 1` and any
//! `v` of a listed set.
//!
//! Wythoff's game is the set (1,0), (0,1), (1,1); Project Euler 665's
//! Proportionate Nim adds (1,2) and (2,1); the stone game and every
//! [`SubsetGame`] are the sets of 0/1 vectors of some sizes. A
//! [`VectorGame`] that is a subset game *is* that game: it prints as its
//! spec and [`scan`] uses its fast engine.
//!
//! ```
//! use grundy::multiheap::vectors::{self, VectorGame};
//! let proportionate: VectorGame = "vectors:(1,0),(0,1),(1,1),(1,2),(2,1)".parse()?;
//! let p = vectors::p_positions(&proportionate, 6)?;
//! assert_eq!(p, [vec![0, 0], vec![1, 3], vec![2, 6], vec![4, 5]]);
//! let wythoff: VectorGame = "vectors:(1,0),(0,1),(1,1)".parse()?;
//! assert_eq!(wythoff.to_string(), "wythoff");
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! # The key method, for any vectors
//!
//! The positions `x + s·v` (`s` an integer) make a *line* in direction `v`;
//! the lowest point of the line inside the box of positions is its *key*.
//! Two P-positions never lie on one line of a listed `v` (the higher one
//! could move to the lower one). Every move lowers some coordinate and
//! raises none, so scanning positions in lexicographic order meets `x − t·v`
//! before `x`, and `x + t·v` after it: a position is P exactly when none of
//! its keys is taken yet by an earlier P-position, and a P-position then
//! takes all of its keys. When the set is *symmetric* (closed under
//! permuting the heaps) the game is too: only sorted positions `x1 <= … <=
//! xK` are scanned and listed, each standing for all its orders, and a
//! P-position takes the keys of every order of itself (a sorted position
//! one move below `x` is lexicographically smaller, so it was met before).
//!
//! A key is stored as one bit: the line's lowest point `b = x − t·v` (`t`
//! the most times `v` fits in `x`) has some coordinate `i` with `v_i > 0` and
//! `b_i < v_i`; the first such `i`, `b_i` and the other `K − 1` coordinates
//! number it, `Σ_i min(v_i, N + 1)·(N + 1)^(K−1)` bits a vector.
//!
//! # Complexity
//! Θ(N^K) positions (`N^K/K!` when symmetric), `|V|` probes each, and as
//! many marks for each P-position; the subset games' own engine where it
//! applies. The brute-force twin is [`brute_p_positions`].

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use super::{
    MAX_HEAPS, Method, Options, Progress, SubsetGame, Tally, allocate, next_sorted, sorted_tuples,
    stopped,
};
use crate::error::{Error, ErrorKind, Result};
use crate::quote::quoted;
use crate::values::{Budget, human_bytes};

/// A game on `K` heaps (2 to 4) where a move takes `t·v` from the heaps, for
/// some `t >= 1` and some `v` of a listed set of vectors.
///
/// Built valid: every vector has `K` entries, not all zero, and a vector that
/// is a whole multiple of another listed one is dropped (its moves are the
/// other's), so equal games are equal values. Specs: `vectors:` and the
/// vectors in parentheses, separated by commas (quote it in a shell), or any
/// [`SubsetGame`] spec (`wythoff`, `stone`, `subsets:K:…`).
///
/// ```
/// use grundy::multiheap::vectors::VectorGame;
/// let g: VectorGame = "vectors:(2,1),(1,2),(1,0),(0,1),(1,1),(2,2)".parse()?;
/// assert_eq!(g.heaps(), 2);
/// assert_eq!(g.vectors().count(), 5); // (2,2) is twice (1,1)
/// assert!(g.is_symmetric());
/// assert_eq!(g.to_string(), "vectors:(0,1),(1,0),(1,1),(1,2),(2,1)");
/// let stone: VectorGame = "stone".parse()?;
/// assert_eq!(stone.vectors().count(), 7);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VectorGame {
    heaps: usize,
    /// The vectors, `heaps` entries each, sorted, none a multiple of another.
    flat: Vec<u32>,
    symmetric: bool,
}

impl VectorGame {
    /// The game on `heaps` heaps of the moves `t·v`, `v` in `vectors`.
    ///
    /// ```
    /// use grundy::multiheap::{SubsetGame, vectors::VectorGame};
    /// let w = VectorGame::new(2, &[vec![1, 0], vec![0, 1], vec![1, 1]])?;
    /// assert_eq!(w.as_subset_game(), Some(SubsetGame::wythoff()));
    /// assert!(VectorGame::new(2, &[vec![0, 0]]).is_err());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidSpec`] if `heaps` is not 2, 3 or 4, the list is
    /// empty, a vector has another number of entries or is all zero.
    pub fn new(heaps: usize, vectors: &[Vec<u32>]) -> Result<Self> {
        if !(2..=MAX_HEAPS).contains(&heaps) {
            return Err(Error::spec(format!(
                "{heaps} heaps are not supported; a move vector has 2, 3 or 4 entries, as in vectors:(1,0),(0,1),(1,1) (one heap is a subtraction game, sub:3k)"
            )));
        }
        if vectors.is_empty() {
            return Err(Error::spec(
                "a game without move vectors has no move; list some, as in vectors:(1,0),(0,1),(1,1)",
            ));
        }
        for v in vectors {
            if v.len() != heaps {
                return Err(Error::spec(format!(
                    "the vector {} has {} entries but the game has {heaps} heaps; give every vector {heaps} entries",
                    write_vector(v),
                    v.len()
                )));
            }
            if v.iter().all(|&e| e == 0) {
                return Err(Error::spec(format!(
                    "the vector {} takes nothing, which is no move; every vector needs a positive entry",
                    write_vector(v)
                )));
            }
        }
        let mut list: Vec<Vec<u32>> = vectors.to_vec();
        list.sort();
        list.dedup();
        let kept: Vec<Vec<u32>> = list
            .iter()
            .filter(|v| !list.iter().any(|w| w != *v && multiple_of(v, w)))
            .cloned()
            .collect();
        let symmetric = kept.iter().all(|v| {
            permutations(heaps)
                .iter()
                .all(|perm| kept.binary_search(&permute(v, perm)).is_ok())
        });
        Ok(VectorGame {
            heaps,
            flat: kept.concat(),
            symmetric,
        })
    }

    /// The number of heaps, `K`.
    pub fn heaps(&self) -> usize {
        self.heaps
    }

    /// The vectors, sorted, none a whole multiple of another.
    pub fn vectors(&self) -> impl ExactSizeIterator<Item = &[u32]> {
        self.flat.chunks_exact(self.heaps)
    }

    /// Whether permuting the heaps maps the vectors onto themselves: then
    /// positions are multisets, listed sorted.
    pub fn is_symmetric(&self) -> bool {
        self.symmetric
    }

    /// The subset game this is, when every vector is 0/1 and the set is
    /// symmetric: then its fast engine applies.
    pub fn as_subset_game(&self) -> Option<SubsetGame> {
        if !self.symmetric || self.flat.iter().any(|&e| e > 1) {
            return None;
        }
        let mut sizes: Vec<usize> = self
            .vectors()
            .map(|v| v.iter().filter(|&&e| e == 1).count())
            .collect();
        sizes.sort_unstable();
        sizes.dedup();
        SubsetGame::new(self.heaps, &sizes).ok()
    }

    /// Whether any move is possible from `position` (heaps in order).
    ///
    /// # Panics
    /// If `position` does not have [`heaps`](Self::heaps) coordinates.
    pub fn has_move(&self, position: &[u32]) -> bool {
        assert_eq!(
            position.len(),
            self.heaps,
            "a position of {} heaps",
            self.heaps
        );
        self.vectors().any(|v| times_fit(position, v) >= 1)
    }

    /// Every move from `position` (heaps in order), straight from the rules:
    /// each vector (in the order of [`vectors`](Self::vectors)), each number
    /// of times it fits.
    ///
    /// ```
    /// use grundy::multiheap::vectors::{VectorGame, VectorMove};
    /// let g: VectorGame = "vectors:(1,0),(0,1),(1,1),(1,2),(2,1)".parse()?;
    /// let moves = g.moves(&[2, 6]);
    /// assert_eq!(moves.len(), 2 + 6 + 2 + 2 + 1);
    /// assert!(moves.contains(&VectorMove { vector: vec![1, 2], times: 2 }));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Panics
    /// If `position` does not have [`heaps`](Self::heaps) coordinates.
    pub fn moves(&self, position: &[u32]) -> Vec<VectorMove> {
        assert_eq!(
            position.len(),
            self.heaps,
            "a position of {} heaps",
            self.heaps
        );
        let mut moves = Vec::new();
        for v in self.vectors() {
            for times in 1..=times_fit(position, v) {
                moves.push(VectorMove {
                    vector: v.to_vec(),
                    times,
                });
            }
        }
        moves
    }

    /// The spec that lists every vector, whatever game it is.
    pub fn explicit_spec(&self) -> String {
        let list: Vec<String> = self.vectors().map(write_vector).collect();
        format!("vectors:{}", list.join(","))
    }
}

/// Whether `v` is `c·w` for a whole `c >= 2`.
fn multiple_of(v: &[u32], w: &[u32]) -> bool {
    let Some(i) = w.iter().position(|&e| e > 0) else {
        return false;
    };
    let c = v[i] / w[i];
    c >= 2
        && v.iter()
            .zip(w)
            .all(|(&a, &b)| u64::from(a) == u64::from(c) * u64::from(b))
}

/// The most times `v` may be taken from `position` (heaps in order):
/// `min ⌊x_i / v_i⌋` over the entries `v_i > 0`.
///
/// ```
/// use grundy::multiheap::vectors::times_fit;
/// assert_eq!(times_fit(&[7, 5], &[2, 1]), 3);
/// assert_eq!(times_fit(&[7, 0], &[1, 1]), 0);
/// ```
pub fn times_fit(position: &[u32], v: &[u32]) -> u32 {
    position
        .iter()
        .zip(v)
        .filter(|&(_, &e)| e > 0)
        .map(|(&x, &e)| x / e)
        .min()
        .unwrap_or(0)
}

/// Every order of `0..k`, `k <= 4`.
fn permutations(k: usize) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for n in 0..k {
        all = all
            .into_iter()
            .flat_map(|p: Vec<usize>| {
                (0..=n).map(move |at| {
                    let mut q = p.clone();
                    q.insert(at, n);
                    q
                })
            })
            .collect();
    }
    all
}

fn permute(v: &[u32], perm: &[usize]) -> Vec<u32> {
    perm.iter().map(|&i| v[i]).collect()
}

fn write_vector(v: &[u32]) -> String {
    let entries: Vec<String> = v.iter().map(u32::to_string).collect();
    format!("({})", entries.join(","))
}

impl From<SubsetGame> for VectorGame {
    /// The subset game's moves as 0/1 vectors.
    fn from(game: SubsetGame) -> Self {
        let k = game.heaps();
        let vectors: Vec<Vec<u32>> = (1..1u8 << k)
            .filter(|&mask| game.allows_subset(mask))
            .map(|mask| (0..k).map(|i| u32::from(mask >> i & 1)).collect())
            .collect();
        VectorGame::new(k, &vectors).expect("a subset game's vectors are valid")
    }
}

impl FromStr for VectorGame {
    type Err = Error;

    /// Reads `vectors:(1,0),(0,1),(1,1)` or any [`SubsetGame`] spec.
    fn from_str(spec: &str) -> Result<Self> {
        let spec = spec.trim();
        let Some(list) = spec.strip_prefix("vectors:") else {
            if spec.starts_with("subsets:") {
                // The subset game's own error says what is wrong with it.
                return spec.parse::<SubsetGame>().map(VectorGame::from);
            }
            return spec.parse::<SubsetGame>().map(VectorGame::from).map_err(|_| {
                Error::spec(format!(
                    "unknown multi-heap game {}; use wythoff, stone, subsets:K:SUBSETS or vectors:(A,B),…, e.g. vectors:(1,0),(0,1),(1,1),(1,2),(2,1)",
                    quoted(spec)
                ))
            });
        };
        let malformed = || {
            Error::spec(format!(
                "{} is not a list of vectors; write each vector's entries in parentheses, separated by commas, as in vectors:(1,0),(0,1),(1,1) (quote it in a shell)",
                quoted(spec)
            ))
        };
        let mut vectors = Vec::new();
        let mut rest = list.trim();
        loop {
            let inner = rest.strip_prefix('(').ok_or_else(malformed)?;
            let (entries, after) = inner.split_once(')').ok_or_else(malformed)?;
            let vector = entries
                .split(',')
                .map(|e| {
                    e.trim().parse::<u32>().map_err(|_| {
                        Error::spec(format!(
                            "in {}: {} is not an entry of a vector; entries are whole numbers from 0 to {}",
                            quoted(spec),
                            quoted(e.trim()),
                            u32::MAX
                        ))
                    })
                })
                .collect::<Result<Vec<u32>>>()?;
            vectors.push(vector);
            let after = after.trim_start();
            if after.is_empty() {
                break;
            }
            rest = after.strip_prefix(',').ok_or_else(malformed)?.trim_start();
        }
        let heaps = vectors[0].len();
        VectorGame::new(heaps, &vectors)
            .map_err(|e| Error::spec(format!("in {}: {e}", quoted(spec))))
    }
}

impl fmt::Display for VectorGame {
    /// The subset game's spec when it is one, else the explicit list.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_subset_game() {
            Some(game) => write!(f, "{game}"),
            None => f.write_str(&self.explicit_spec()),
        }
    }
}

/// A move: take `times` copies of `vector` from the heaps, in the order the
/// position was given.
///
/// ```
/// use grundy::multiheap::vectors::VectorMove;
/// let mv = VectorMove { vector: vec![1, 2], times: 2 };
/// assert_eq!(mv.apply(&[3, 5]), [1, 1]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VectorMove {
    /// The vector, one entry a heap.
    pub vector: Vec<u32>,
    /// How many times it is taken (at least 1).
    pub times: u32,
}

impl VectorMove {
    /// The position after the move, heaps in the same order.
    ///
    /// # Panics
    /// If a heap is smaller than what the move takes from it.
    pub fn apply(&self, position: &[u32]) -> Vec<u32> {
        position
            .iter()
            .zip(&self.vector)
            .map(|(&x, &e)| x - e * self.times)
            .collect()
    }
}

/// The P-positions of `game` with every coordinate at most `to`, in
/// lexicographic order (sorted positions only when the game is
/// symmetric), with the default engine and budget.
///
/// # Errors
/// As [`scan`].
pub fn p_positions(game: &VectorGame, to: u32) -> Result<Vec<Vec<u32>>> {
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
/// their coordinates (sorted positions only when the game is symmetric).
///
/// ```
/// use grundy::multiheap::vectors::{self, VectorGame};
/// let stone: VectorGame = "vectors:(1,0,0),(0,1,0),(0,0,1),(1,1,0),(1,0,1),(0,1,1),(1,1,1)".parse()?;
/// assert_eq!(stone.to_string(), "stone");
/// assert_eq!(vectors::count(&stone, 100)?.sum, 173_895); // S(100) of Project Euler 260
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// As [`scan`].
pub fn count(game: &VectorGame, to: u32) -> Result<Tally> {
    scan(
        game,
        to,
        Options::default(),
        &mut |_| ControlFlow::Continue(()),
        &mut crate::values::silent,
    )
}

/// Streams every P-position of `game` with coordinates at most `to` to
/// `visit`, in lexicographic order (sorted positions only when the game is
/// symmetric), reporting progress from time to time; `visit` breaks to stop.
///
/// [`Method::Fast`] runs the subset games' bitset engine when the game is a
/// subset game, else the key scan of the [module](self) docs, which
/// [`Method::Reference`] always runs; [`Method::Brute`] runs
/// [`brute_p_positions`].
///
/// # Errors
/// [`ErrorKind::Interrupted`] if `visit` or `progress` asked to stop;
/// [`ErrorKind::TooLarge`] if the tables would exceed `options.budget`
/// (checked before anything is allocated; the message names the largest
/// `to` that fits); [`ErrorKind::Overflow`] if the coordinate sum overflows.
///
/// # Complexity
/// See the [module](self) docs.
pub fn scan(
    game: &VectorGame,
    to: u32,
    options: Options,
    visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Tally> {
    if let (Method::Fast, Some(subsets)) = (options.method, game.as_subset_game()) {
        return super::scan(&subsets, to, options, visit, progress);
    }
    let need = memory_needed(game, to, options.method);
    if need > options.budget.max_bytes() {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "P-positions of {game} up to {to} need {} of tables, more than the {} allowed; ask for N = {} or less",
                human_bytes(need),
                human_bytes(options.budget.max_bytes()),
                largest_to(game, options.method, options.budget)
            ),
        ));
    }
    match options.method {
        Method::Brute => {
            let mut tally = Tally::default();
            for p in brute_p_positions(game, to, progress)? {
                tally.add(&p)?;
                if visit(&p).is_break() {
                    return Err(stopped(tally));
                }
            }
            Ok(tally)
        }
        _ => scan_keys(game, to, visit, progress),
    }
}

/// The bytes `method` needs to enumerate up to `to` (saturating): the key
/// bits of every vector for the key scan, the subset engine's tables where
/// [`Method::Fast`] runs it, a byte a position for brute force.
pub fn memory_needed(game: &VectorGame, to: u32, method: Method) -> u64 {
    let bytes = match (method, game.as_subset_game()) {
        (Method::Fast, Some(subsets)) => return super::memory_needed(&subsets, to, method),
        (Method::Brute, _) => (u128::from(to) + 1).pow(game.heaps as u32),
        _ => Layout::bits(game, to).div_ceil(64) * 8,
    };
    bytes.min(u128::from(u64::MAX)) as u64
}

/// The largest `to` whose tables for `method` fit in `budget` (0 if even
/// that does not fit).
pub fn largest_to(game: &VectorGame, method: Method, budget: Budget) -> u32 {
    let (mut lo, mut hi) = (0u32, u32::MAX);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if memory_needed(game, mid, method) <= budget.max_bytes() {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// Where each vector's keys lie in one array of bits.
struct Layout {
    heaps: usize,
    side: u64,
    /// `offsets[v * heaps + i]`: the first bit of the keys of vector `v`
    /// whose first low coordinate is `i` (unused when `v_i = 0`).
    offsets: Vec<u64>,
    bits: u64,
}

impl Layout {
    /// The bits the keys of `game` up to `to` take.
    fn bits(game: &VectorGame, to: u32) -> u128 {
        let side = u128::from(to) + 1;
        let plane = side.pow(game.heaps as u32 - 1);
        game.flat
            .iter()
            .filter(|&&e| e > 0)
            .map(|&e| u128::from(e).min(side) * plane)
            .sum()
    }

    fn new(game: &VectorGame, to: u32) -> Layout {
        let side = u64::from(to) + 1;
        let plane = side.pow(game.heaps as u32 - 1);
        let mut offsets = Vec::with_capacity(game.flat.len());
        let mut bits = 0u64;
        for &e in &game.flat {
            offsets.push(bits);
            if e > 0 {
                bits += u64::from(e).min(side) * plane;
            }
        }
        Layout {
            heaps: game.heaps,
            side,
            offsets,
            bits,
        }
    }

    /// The bit of the key of `x` along vector number `v`.
    #[inline]
    fn key(&self, x: &[u32], v: usize, vector: &[u32]) -> usize {
        let t = times_fit(x, vector);
        let mut low = usize::MAX;
        let mut base = [0u32; MAX_HEAPS];
        for i in 0..self.heaps {
            base[i] = x[i] - t * vector[i];
            if low == usize::MAX && vector[i] > 0 && base[i] < vector[i] {
                low = i;
            }
        }
        let mut index = u64::from(base[low]);
        for (i, &b) in base[..self.heaps].iter().enumerate() {
            if i != low {
                index = index * self.side + u64::from(b);
            }
        }
        (self.offsets[v * self.heaps + low] + index) as usize
    }
}

/// The key scan of the [module](self) docs.
fn scan_keys(
    game: &VectorGame,
    to: u32,
    visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Tally> {
    let k = game.heaps;
    let layout = Layout::new(game, to);
    let mut marks = allocate(layout.bits.div_ceil(64) as usize, 0u64)?;
    let vectors: Vec<&[u32]> = game.vectors().collect();
    let orders = if game.symmetric {
        permutations(k)
    } else {
        vec![(0..k).collect()]
    };
    let total = if game.symmetric {
        sorted_tuples(to, k)
    } else {
        (u64::from(to) + 1).saturating_pow(k as u32)
    };
    let mut done = 0u64;
    let mut tally = Tally::default();
    let mut x = vec![0u32; k];
    let mut y = vec![0u32; k];
    loop {
        if done.is_multiple_of(1 << 16) && progress(Progress { done, total }).is_break() {
            return Err(stopped(tally));
        }
        let free = vectors.iter().enumerate().all(|(v, vector)| {
            let bit = layout.key(&x, v, vector);
            marks[bit / 64] & (1 << (bit % 64)) == 0
        });
        if free {
            for order in &orders {
                for (slot, &i) in y.iter_mut().zip(order) {
                    *slot = x[i];
                }
                for (v, vector) in vectors.iter().enumerate() {
                    let bit = layout.key(&y, v, vector);
                    marks[bit / 64] |= 1 << (bit % 64);
                }
            }
            tally.add(&x)?;
            if visit(&x).is_break() {
                return Err(stopped(tally));
            }
        }
        done += 1;
        let more = if game.symmetric {
            next_sorted(&mut x, to)
        } else {
            next_ordered(&mut x, to)
        };
        if !more {
            break;
        }
    }
    if progress(Progress { done, total }).is_break() {
        return Err(stopped(tally));
    }
    Ok(tally)
}

/// Advances `t` to the next tuple with entries at most `to`, in
/// lexicographic order; `false` after the last one.
fn next_ordered(t: &mut [u32], to: u32) -> bool {
    let Some(i) = t.iter().rposition(|&c| c < to) else {
        return false;
    };
    t[i] += 1;
    t[i + 1..].fill(0);
    true
}

/// The brute-force twin: every ordered position in lexicographic order, P
/// exactly when no move `t·v` reaches a P-position, knowing nothing of
/// keys. Returns the P-positions as [`scan`] lists them (sorted ones only
/// when the game is symmetric).
///
/// Unlike [`scan`] this does not check a memory budget: call it for small
/// `to` only.
///
/// ```
/// use grundy::multiheap::vectors::{self, VectorGame};
/// let wythoff: VectorGame = "wythoff".parse()?;
/// let p = vectors::brute_p_positions(&wythoff, 5, &mut grundy::values::silent)?;
/// assert_eq!(p, [vec![0, 0], vec![1, 2], vec![3, 5]]);
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`ErrorKind::Interrupted`] if `progress` asked to stop;
/// [`ErrorKind::TooLarge`] if the positions cannot be allocated.
///
/// # Complexity
/// Θ(N^K) positions, O(|V|·N) moves each; a byte a position.
pub fn brute_p_positions(
    game: &VectorGame,
    to: u32,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Vec<Vec<u32>>> {
    let k = game.heaps;
    let side = to as usize + 1;
    let index = |p: &[u32]| p.iter().fold(0usize, |acc, &c| acc * side + c as usize);
    let cells = side.checked_pow(k as u32).ok_or_else(|| {
        Error::new(
            ErrorKind::TooLarge,
            format!(
                "{k} heaps up to {to} are too many positions for brute force; ask for a smaller N"
            ),
        )
    })?;
    let mut lost = allocate(cells, false)?;
    let total = cells as u64;
    let mut found = Vec::new();
    let mut x = vec![0u32; k];
    let mut done = 0u64;
    loop {
        if done.is_multiple_of(1 << 12) && progress(Progress { done, total }).is_break() {
            return Err(stopped(Tally::default()));
        }
        let wins = game.moves(&x).iter().any(|mv| lost[index(&mv.apply(&x))]);
        if !wins {
            lost[index(&x)] = true;
            if !game.symmetric || x.is_sorted() {
                found.push(x.clone());
            }
        }
        done += 1;
        if !next_ordered(&mut x, to) {
            break;
        }
    }
    Ok(found)
}

/// Every move from `position` (heaps in order) to a P-position, sorted (by
/// vector, then times); empty when `position` is lost.
///
/// The P-positions are scanned up to the largest heap, and the scan stops
/// once it passes `position` (every move leads to a lexicographically
/// smaller position, sorted or not); each P-position listed is tested for
/// being one move away, in any order of its heaps when the game is
/// symmetric. Nothing is kept but the scan's tables.
///
/// ```
/// use grundy::multiheap::vectors::{self, VectorGame, VectorMove};
/// let g: VectorGame = "vectors:(1,0),(0,1),(1,1),(1,2),(2,1)".parse()?;
/// let wins = vectors::winning_moves(&g, &[3, 6], Default::default(), &mut grundy::values::silent)?;
/// assert!(wins.contains(&VectorMove { vector: vec![1, 0], times: 1 })); // to (2, 6)
/// assert!(vectors::winning_moves(&g, &[2, 6], Default::default(), &mut grundy::values::silent)?.is_empty());
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) if `position` has the
/// wrong number of heaps; otherwise as [`scan`] with `to` the largest heap.
///
/// # Complexity
/// The scan up to the largest heap, cut short at `position`, and
/// O(K!·|V|·K) for each P-position listed.
pub fn winning_moves(
    game: &VectorGame,
    position: &[u32],
    options: Options,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Vec<VectorMove>> {
    let k = game.heaps;
    if position.len() != k {
        return Err(Error::input(format!(
            "{game} has {k} heaps but the position has {}; give {k} heap sizes",
            position.len()
        )));
    }
    let to = position.iter().copied().max().unwrap_or(0);
    let mut key = position.to_vec();
    if game.symmetric {
        key.sort_unstable();
    }
    let orders = if game.symmetric {
        permutations(k)
    } else {
        vec![(0..k).collect()]
    };
    let mut found: Vec<VectorMove> = Vec::new();
    // Whether the scan reached the position: its stop is ours, not one
    // asked by `progress` (a Ctrl-C), which must not pass for an answer.
    let mut reached = false;
    let mut visit = |p: &[u32]| {
        if p >= key.as_slice() {
            reached = true;
            return ControlFlow::Break(());
        }
        for order in &orders {
            let target: Vec<u32> = order.iter().map(|&i| p[i]).collect();
            found.extend(moves_to(game, position, &target));
        }
        ControlFlow::Continue(())
    };
    match scan(game, to, options, &mut visit, progress) {
        Ok(_) => {}
        Err(e) if e.kind() == ErrorKind::Interrupted && reached => {}
        Err(e) => return Err(e),
    }
    found.sort();
    found.dedup();
    Ok(found)
}

/// The moves from `position` to `target` (both heaps in order): each
/// vector `v` with `position − target = t·v`, `t >= 1`.
fn moves_to<'a>(
    game: &'a VectorGame,
    position: &'a [u32],
    target: &'a [u32],
) -> impl Iterator<Item = VectorMove> + 'a {
    let diff: Option<Vec<u32>> = position
        .iter()
        .zip(target)
        .map(|(&a, &b)| a.checked_sub(b))
        .collect();
    game.vectors().filter_map(move |v| {
        let diff = diff.as_ref()?;
        let i = v.iter().position(|&e| e > 0)?;
        let times = diff[i] / v[i];
        let exact = times >= 1
            && diff
                .iter()
                .zip(v)
                .all(|(&d, &e)| u64::from(d) == u64::from(times) * u64::from(e));
        exact.then(|| VectorMove {
            vector: v.to_vec(),
            times,
        })
    })
}
