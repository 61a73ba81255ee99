//! Boards: the free cells of a rectangular grid, with their connected
//! regions and the symmetries of the square.

use std::fmt;
use std::str::FromStr;

use super::bits::{Bits, Wide, Word, column, flood, ones};
use crate::error::{Error, Result};

/// The most cells a board may have, free or blocked.
pub const MAX_CELLS: u64 = 1 << 20;

/// The free cells of a rectangular grid of `rows × cols` cells.
///
/// Rows are numbered from 0 at the top, columns from 0 at the left. A board
/// is written one row a line, `.` for a free cell and `#` for a blocked
/// one:
///
/// ```
/// use grundy::games::Board;
/// let board: Board = "...\n.#.\n...".parse()?;
/// assert_eq!((board.rows(), board.cols()), (3, 3));
/// assert!(board.is_free(0, 1) && !board.is_free(1, 1));
/// assert_eq!(board.free_cells(), 8);
/// assert_eq!(board.to_string(), "...\n.#.\n...");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Board {
    rows: u32,
    cols: u32,
    /// The free cells, `row × cols + col`: in one word for boards of up to
    /// 128 cells, in words of 64 beyond.
    cells: Cells,
}

#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Cells {
    Small(u128),
    Large(Wide),
}

impl std::hash::Hash for Board {
    /// The size and the cells as whole words: a board is a key of the
    /// search's table, hashed at every lookup.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(u64::from(self.rows) << 32 | u64::from(self.cols));
        match &self.cells {
            Cells::Small(b) => {
                state.write_u64(*b as u64);
                state.write_u64((*b >> 64) as u64);
            }
            Cells::Large(w) => w.0.iter().for_each(|&word| state.write_u64(word)),
        }
    }
}

/// Runs `$body` with `$bits` bound to the board's cells, whichever their
/// width.
macro_rules! with_cells {
    ($board:expr, $bits:ident => $body:expr) => {
        match &$board.cells {
            Cells::Small($bits) => $body,
            Cells::Large($bits) => $body,
        }
    };
}

impl Board {
    /// A board of `rows × cols` free cells.
    ///
    /// ```
    /// use grundy::games::Board;
    /// let strip = Board::rectangle(1, 1000)?;
    /// assert_eq!(strip.free_cells(), 1000);
    /// assert!(Board::rectangle(2000, 2000).is_err());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`](crate::ErrorKind::InvalidInput) when the
    /// board has more than [`MAX_CELLS`] cells.
    pub fn rectangle(rows: u32, cols: u32) -> Result<Board> {
        check_size(rows, cols)?;
        let n = (rows * cols) as usize;
        let mut board = Board::blocked(rows, cols);
        match &mut board.cells {
            Cells::Small(b) => *b = if n == 128 { u128::MAX } else { (1 << n) - 1 },
            Cells::Large(w) => (0..n).for_each(|i| w.insert(i)),
        }
        Ok(board)
    }

    /// A board of `rows × cols` blocked cells (sizes checked by the caller).
    fn blocked(rows: u32, cols: u32) -> Board {
        let n = rows as usize * cols as usize;
        let cells = if n <= 128 {
            Cells::Small(0)
        } else {
            Cells::Large(Wide::none(n))
        };
        Board { rows, cols, cells }
    }

    /// Rows of the board.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// Whether the cell in row `row`, column `col` is on the board and free.
    pub fn is_free(&self, row: u32, col: u32) -> bool {
        row < self.rows && col < self.cols && self.has(self.index(row, col))
    }

    /// Free cells on the board.
    pub fn free_cells(&self) -> u32 {
        with_cells!(self, b => b.len())
    }

    /// The board with the cell in row `row`, column `col` blocked.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`](crate::ErrorKind::InvalidInput) when the
    /// cell is off the board.
    pub fn block(&self, row: u32, col: u32) -> Result<Board> {
        if row >= self.rows || col >= self.cols {
            return Err(Error::input(format!(
                "cell ({row}, {col}) is off the {} × {} board; rows and columns count from 0",
                self.rows, self.cols
            )));
        }
        let mut board = self.clone();
        board.remove(self.index(row, col));
        Ok(board)
    }

    fn index(&self, row: u32, col: u32) -> usize {
        row as usize * self.cols as usize + col as usize
    }

    fn has(&self, i: usize) -> bool {
        with_cells!(self, b => b.has(i))
    }

    fn remove(&mut self, i: usize) {
        match &mut self.cells {
            Cells::Small(b) => b.remove(i),
            Cells::Large(w) => w.remove(i),
        }
    }

    /// Calls `f` with every pair of free cells that share a side, as cell
    /// numbers and (row, column) each, the second right of or below the
    /// first: first every pair in a row, then every pair in a column, each
    /// in increasing order of its first cell.
    ///
    /// No list is made and no cell number is divided by the row length:
    /// the rows are walked as the cells increase.
    pub(crate) fn each_pair(&self, mut f: impl FnMut(usize, usize, (u32, u32), (u32, u32))) {
        if self.cols == 0 {
            return;
        }
        let cols = self.cols as usize;
        let rows = self.rows as usize;
        with_cells!(self, b => {
            let last = column(rows, cols, cols - 1);
            let mut walk = RowWalk::new(cols);
            b.and(&b.down(1)).minus(&last).each(|i| {
                let (r, c) = walk.place(i);
                f(i, i + 1, (r, c), (r, c + 1));
            });
            let mut walk = RowWalk::new(cols);
            b.and(&b.down(cols)).each(|i| {
                let (r, c) = walk.place(i);
                f(i, i + cols, (r, c), (r + 1, c));
            });
        });
    }

    /// The board with cells `a` and `b` blocked.
    pub(crate) fn without(&self, a: usize, b: usize) -> Board {
        let mut board = self.clone();
        board.remove(a);
        board.remove(b);
        board
    }

    /// Whether the second player wins by copying: the board is the same
    /// turned half round, and no free cell is its own image or next to its
    /// image, so that each domino's image is always free to answer it
    /// (Tweedledum and Tweedledee; *Winning Ways*, ch. 2).
    pub(crate) fn lost_by_symmetry(&self) -> bool {
        let n = self.rows as usize * self.cols as usize;
        let cols = self.cols as usize;
        if let Cells::Small(b) = self.cells {
            if n == 0 {
                return true;
            }
            // The half turn takes cell i to n − 1 − i: the cells reversed.
            // A cell is its own image or next to it only at the centre.
            let image = b.reverse_bits() >> (128 - n);
            let mut centre = 0u128;
            if n % 2 == 1 {
                centre |= 1 << (n / 2);
            } else if cols.is_multiple_of(2) && self.rows % 2 == 1 {
                centre |= 0b11 << (n / 2 - 1);
            } else if cols % 2 == 1 && n / 2 >= cols.div_ceil(2) {
                let below = n / 2 + cols / 2;
                centre |= 1 << below | 1 << (n - 1 - below);
            }
            return image == b && b & centre == 0;
        }
        let image = |i: usize| n - 1 - i;
        let mut symmetric = true;
        with_cells!(self, b => b.each(|i| {
            let j = image(i);
            let beside = (j == i + 1 && i % cols != cols - 1) || j == i + cols || j == i;
            if !b.has(j) || beside {
                symmetric = false;
            }
        }));
        symmetric
    }

    /// The board as one nonzero word, for a board of at most 57 cells and
    /// 1 to 63 columns: its cells, a bit set just past them, and its
    /// columns in the top six bits (the set bit gives the rows). Boards
    /// with the same word are equal, and [`Board::from_key`] reads it
    /// back.
    pub(crate) fn key(&self) -> Option<u64> {
        let n = self.rows as usize * self.cols as usize;
        match self.cells {
            Cells::Small(b) if n <= KEY_CELLS && (1..64).contains(&self.cols) => {
                Some(b as u64 | 1 << n | u64::from(self.cols) << 58)
            }
            _ => None,
        }
    }

    /// The board whose [`Board::key`] is `key`, if it is one.
    pub(crate) fn from_key(key: u64) -> Option<Board> {
        let cols = (key >> 58) as u32;
        let rest = key & ((1 << 58) - 1);
        if cols == 0 || rest == 0 {
            return None;
        }
        let n = 63 - rest.leading_zeros();
        if n as usize > KEY_CELLS || !n.is_multiple_of(cols) {
            return None;
        }
        Some(Board {
            rows: n / cols,
            cols,
            cells: Cells::Small(u128::from(rest & !(1 << n))),
        })
    }

    /// Bytes the board holds on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        match &self.cells {
            Cells::Small(_) => 0,
            Cells::Large(w) => w.0.len() * 8,
        }
    }

    /// The connected regions of free cells (cells that share a side), each
    /// in canonical form: cropped to its bounding box and turned to the
    /// least, in a fixed order, of its images under the eight symmetries of
    /// the square. Regions of fewer than `min_cells` cells are left out.
    ///
    /// Congruent regions (one is the other moved, turned or reflected) have
    /// the same canonical form, and a canonical form is congruent to its
    /// region.
    ///
    /// On a board of at most 128 cells, `simplify` first takes the free
    /// cells to those of a board of the same value, as the game defines
    /// it, and may name side by side pairs of cells that the regions are
    /// not joined through ([`Simplify::cuts`]). Where the game is
    /// played on the board's graph alone ([`Simplify::graph_alone`]),
    /// a region whose cells are joined as a path is given as the strip
    /// `1 × n` of as many cells, and one joined as a caterpillar with at
    /// most one leg a joint as its comb (`comb`).
    pub(crate) fn regions<S: Simplify>(&self, min_cells: u32, simplify: S, out: &mut Vec<Board>) {
        let (rows, cols) = (self.rows as usize, self.cols as usize);
        match &self.cells {
            Cells::Small(free) if rows * cols <= 64 => {
                regions_small(*free as u64, &simplify, rows, cols, min_cells, out);
            }
            Cells::Small(free) => regions_small(*free, &simplify, rows, cols, min_cells, out),
            Cells::Large(free) => regions_of(free, rows, cols, min_cells, out),
        }
    }
}

/// The (row, column) of cells met in increasing order, found by counting
/// the rows the cells pass rather than by dividing by the row length.
struct RowWalk {
    cols: usize,
    row: usize,
    row_start: usize,
}

impl RowWalk {
    fn new(cols: usize) -> RowWalk {
        RowWalk {
            cols,
            row: 0,
            row_start: 0,
        }
    }

    /// The place of cell `i`, no less than the cell before.
    fn place(&mut self, i: usize) -> (u32, u32) {
        // At most one step a row over the whole walk.
        while i >= self.row_start + self.cols {
            self.row += 1;
            self.row_start += self.cols;
        }
        (self.row as u32, (i - self.row_start) as u32)
    }
}

/// The most cells of a board with a [`Board::key`]: the cells, one bit
/// past them and six bits of columns fill a word.
const KEY_CELLS: usize = 57;

/// A rule that blocks free cells of a small board without changing its
/// value, applied before the board is split into regions.
pub(crate) trait Simplify {
    /// The free cells `free` of a `rows × cols` board, simplified.
    fn simplify<W: Word>(&self, free: W, rows: usize, cols: usize) -> W;

    /// The free cells of `free` (already simplified) whose side with their
    /// right-hand neighbour the regions do not cross: the game has the
    /// same value with those sides taken out of the board's graph, and
    /// each region keeps any such side between two of its own cells. None
    /// unless the game says so.
    fn cuts<W: Word>(&self, free: W, rows: usize, cols: usize) -> W {
        let _ = (free, rows, cols);
        W::ZERO
    }

    /// Whether the game is played on the board's graph alone (cells and
    /// the sides they share), so that a region may be given as a standard
    /// drawing of its graph: a path as the strip of as many cells, a
    /// caterpillar as a comb. No unless the game says so.
    fn graph_alone(&self) -> bool {
        false
    }
}

/// The rule that blocks nothing.
#[cfg(test)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct AsItIs;

/// The free cells of a board of at most 128 cells as one word, cell
/// `row × cols + col` (for the tests of the rules on words).
#[cfg(test)]
pub(crate) fn cells(board: &Board) -> u128 {
    let cols = board.cols();
    let mut bits = 0u128;
    for r in 0..board.rows() {
        for c in 0..cols {
            if board.is_free(r, c) {
                bits |= 1 << (r * cols + c);
            }
        }
    }
    bits
}

/// The `rows × cols` board whose free cells are the bits of `bits`, as
/// [`cells`] writes them.
#[cfg(test)]
pub(crate) fn board_of(bits: u128, rows: u32, cols: u32) -> Board {
    let mut board = Board::rectangle(rows, cols).unwrap();
    for i in 0..rows * cols {
        if bits >> i & 1 == 0 {
            board = board.block(i / cols, i % cols).unwrap();
        }
    }
    board
}

#[cfg(test)]
impl Simplify for AsItIs {
    fn simplify<W: Word>(&self, free: W, _: usize, _: usize) -> W {
        free
    }
}

/// [`Board::regions`] of a board of at most 128 cells, in one word: the
/// free cells simplified, then each region grown along rows at once, and
/// a step up and down at a time, until it stops growing or has taken
/// every cell left. It does not step right from a cell of the cuts, nor
/// left onto one, as from the last column.
fn regions_small<W: Word, S: Simplify>(
    free: W,
    simplify: &S,
    rows: usize,
    cols: usize,
    min_cells: u32,
    out: &mut Vec<Board>,
) {
    if cols == 0 || free == W::ZERO {
        return;
    }
    let free = simplify.simplify(free, rows, cols);
    let cuts = simplify.cuts(free, rows, cols);
    let first = W::column(rows, cols, 0);
    let edge = W::column(rows, cols, cols - 1);
    // Cells the flood does not step right from: the last column, the cuts.
    let last = edge | cuts;
    let from_right = free & !last;
    let rows_of = RowsOf::new(cols);
    let mut left = free;
    while left != W::ZERO {
        let mut region = left.lowest();
        while region != left {
            // Along each row to the right at once: adding the region to the
            // free cells that have a right neighbour carries through the
            // run of free cells from each cell of the region, to the run's
            // last cell (so no step right is needed); then a step left, up
            // and down.
            let run = left & !last;
            let along = ((run.add(region & run) ^ run) | region) & left;
            let grown =
                (along | along.shr(1) & from_right) | (along.shl(cols) | along.shr(cols)) & left;
            let grown = grown & left;
            if grown == region {
                break;
            }
            region = grown;
        }
        left &= !region;
        if region.count() < min_cells {
            continue;
        }
        let drawn = simplify
            .graph_alone()
            .then(|| tree_drawing(region, first, edge, cols))
            .flatten();
        out.push(drawn.unwrap_or_else(|| {
            if rows * cols <= 64 {
                canonical_in_u64(region.wide() as u64, rows_of)
            } else {
                canonical_in_word(region.wide(), cols)
            }
        }));
    }
}

/// A standard drawing of `region`, a connected region of a grid of
/// `cols` columns (`first` and `edge` its first and last columns), where
/// its cells are joined as a tree of one of two kinds; `None` otherwise.
///
/// Cram on a board is the game on its graph (a move takes two cells that
/// share a side), so a region may be given as any drawing with the same
/// cells and sides:
/// - joined as a *path* of `n` cells (one side fewer than cells, and no
///   cell with three neighbours), however it winds, it is Cram on the
///   strip `1 × n` (0.07 on a heap of `n`), and is given as that strip;
/// - joined as a caterpillar with at most one leg a joint, it is given as
///   its comb ([`comb`]).
fn tree_drawing<W: Word>(region: W, first: W, edge: W, cols: usize) -> Option<Board> {
    let sides = neighbours(region, region, first, edge, cols);
    let [right, _, below, _] = sides;
    if right.count() + below.count() + 1 != region.count() {
        return None;
    }
    if at_least_three(sides) == W::ZERO {
        return Some(full(1, region.count() as usize));
    }
    let (comb, k) = comb(region, sides, first, edge, cols)?;
    Some(canonical_in_u64(comb, RowsOf::new(k)))
}

/// A region joined as a *caterpillar* with at most one leg a joint, drawn
/// as a comb: its cells in a `3 × k` grid as one word, and `k`. `region`
/// is joined as a tree but not as a path, and `sides` are its cells'
/// neighbours within it ([`neighbours`]).
///
/// A tree is a caterpillar when its cells of two or more neighbours (the
/// *spine*) are joined as a path `v₁ … v_k`; its other cells, the *legs*,
/// hang from the spine. Where each `vᵢ` has at most one leg, the tree is
/// drawn with the spine along the middle row and the leg of `vᵢ` above it
/// for even `i`, below for odd `i`: two legs on one row are two columns
/// apart at least, so the drawing has the tree's sides and no other, and
/// Cram on it is Cram on the region (a game on the graph alone). The
/// drawing walked from the other end of the spine is the same comb turned
/// (flipped left to right, and top to bottom where `k` is even), so the
/// canonical form of the comb is the same from either end, and congruent
/// or not, two regions joined as the same caterpillar are one component.
/// `None` for any other tree, a star of one joint, and combs past 64
/// cells.
fn comb<W: Word>(region: W, sides: [W; 4], first: W, edge: W, cols: usize) -> Option<(u64, usize)> {
    let [right, left, below, above] = sides;
    let legs = (right | left | below | above) & !at_least_two(sides);
    let spine = region & !legs;
    // Spine cells' neighbours on the spine, and their legs.
    let on_spine = neighbours(spine, spine, first, edge, cols);
    let to_legs = neighbours(spine, legs, first, edge, cols);
    let k = spine.count() as usize;
    if k < 2
        || 3 * k > 64
        || at_least_three(on_spine) != W::ZERO
        || at_least_two(to_legs) != W::ZERO
    {
        return None;
    }
    let [lr, ll, lb, la] = to_legs;
    let with_leg = lr | ll | lb | la;
    let ends = spine & !at_least_two(on_spine);
    let (mut previous, mut cell) = (W::ZERO, ends.lowest());
    let mut comb = 0u64;
    for i in 0..k {
        comb |= 1 << (k + i);
        if cell & with_leg != W::ZERO {
            comb |= 1 << if i % 2 == 0 { i } else { 2 * k + i };
        }
        let [r, l, b, a] = neighbours(spine & !previous, cell, first, edge, cols);
        previous = cell;
        cell = r | l | b | a;
    }
    Some((comb, k))
}

/// The cells of `of` with a neighbour in `to`, one set a direction: to
/// the right, to the left, below and above (a grid of `cols` columns,
/// `first` and `edge` its first and last columns).
fn neighbours<W: Word>(of: W, to: W, first: W, edge: W, cols: usize) -> [W; 4] {
    [
        of & to.shr(1) & !edge,
        of & to.shl(1) & !first,
        of & to.shr(cols),
        of & to.shl(cols),
    ]
}

/// The cells with at least two of the four marks.
fn at_least_two<W: Word>([a, b, c, d]: [W; 4]) -> W {
    (a & (b | c | d)) | (b & (c | d)) | (c & d)
}

/// The cells with at least three of the four marks.
fn at_least_three<W: Word>([a, b, c, d]: [W; 4]) -> W {
    (a & b & (c | d)) | (c & d & (a | b))
}

/// The canonical form of a region of a board of at most 128 cells, `cols`
/// a row.
fn canonical_in_word(region: u128, cols: usize) -> Board {
    let top = region.trailing_zeros() as usize / cols;
    let bottom = (127 - region.leading_zeros() as usize) / cols;
    let mut all = 0u128;
    for r in top..=bottom {
        all |= region >> (r * cols) & ones(cols);
    }
    let left = all.trailing_zeros() as usize;
    let w = 128 - (all >> left).leading_zeros() as usize;
    let h = bottom - top + 1;
    if region.count_ones() as usize == h * w {
        return full(h, w);
    }
    let mut lines = [0u64; 64];
    for (i, line) in lines.iter_mut().enumerate().take(h) {
        *line = (region >> ((top + i) * cols + left) & ones(w)) as u64;
    }
    canonical_lines(&lines[..h], w)
}

/// The canonical form of a region of a board of at most 64 cells, `cols`
/// a row: the same board as [`canonical_in_word`] gives, in 64-bit words.
/// Turned half round, a region packed in lines is its bits reversed, so
/// two of the four images of a lying region take one instruction each.
fn canonical_in_u64(region: u64, rows_of: RowsOf) -> Board {
    let cols = rows_of.cols;
    let top = rows_of.row(region.trailing_zeros() as usize);
    let bottom = rows_of.row(63 - region.leading_zeros() as usize);
    let h = bottom - top + 1;
    let row = low_ones(cols);
    let shifted = region >> (top * cols);
    let mut all = 0u64;
    for r in 0..h {
        all |= shifted >> (r * cols) & row;
    }
    let left = all.trailing_zeros() as usize;
    let w = 64 - (all >> left).leading_zeros() as usize;
    if region.count_ones() as usize == h * w {
        return full(h, w);
    }
    let line = low_ones(w);
    if w <= h && h <= 8 {
        // Standing or square, in an 8 × 8 square of bits: the transpose
        // and the flips are a few whole-word operations.
        let mut square = 0u64;
        for r in 0..h {
            square |= (shifted >> (r * cols + left) & line) << (8 * r);
        }
        let mut best = least_flip_8x8(transpose_8x8(square), w, h);
        if w == h {
            best = best.min(least_flip_8x8(square, h, w));
        }
        return Board {
            rows: w as u32,
            cols: h as u32,
            cells: Cells::Small(u128::from(from_8x8(best, w, h))),
        };
    }
    let packed = if w == cols {
        shifted
    } else {
        let mut packed = 0u64;
        for r in 0..h {
            packed |= (shifted >> (r * cols + left) & line) << (r * w);
        }
        packed
    };
    // Not full, so both sides are at least 2 and h · w at most 64.
    let mut best = u64::MAX;
    if h <= w {
        best = least_flip_u64(packed, h, w);
    }
    if w <= h {
        let mut columns = 0u64;
        let mut bits = packed;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            columns |= 1 << ((i % w) * h + i / w);
            bits &= bits - 1;
        }
        best = best.min(least_flip_u64(columns, w, h));
    }
    Board {
        rows: h.min(w) as u32,
        cols: h.max(w) as u32,
        cells: Cells::Small(u128::from(best)),
    }
}

/// Division of a cell number below 64 by the row length (1 to 64), by a
/// multiplication: `⌈2¹⁶ / cols⌉` is close enough to `2¹⁶ / cols` that
/// the error, under `64 / 2¹⁶`, never reaches the `1 / cols` that a
/// quotient's fraction lies below its next integer.
#[derive(Clone, Copy)]
struct RowsOf {
    cols: usize,
    inverse: usize,
}

impl RowsOf {
    fn new(cols: usize) -> RowsOf {
        RowsOf {
            cols,
            inverse: (1usize << 16).div_ceil(cols),
        }
    }

    /// The row of cell `i`, below 64: `i / cols`.
    fn row(self, i: usize) -> usize {
        (i * self.inverse) >> 16
    }
}

/// The transpose of an 8 × 8 square of bits, row `r` in byte `r` (bit
/// `8r + c` to bit `8c + r`): three exchanges of blocks across the
/// diagonal, of 1 × 1 cells in 2 × 2 blocks, then of 2 × 2, then of 4 × 4.
fn transpose_8x8(x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00aa_00aa_00aa_00aa;
    let x = x ^ t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_cccc_0000_cccc;
    let x = x ^ t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_f0f0_f0f0;
    x ^ t ^ (t << 28)
}

/// The least of the four images, under reversing the rows' order and
/// reversing each row, of `h` rows of `w` cells (both at most 8), row `r`
/// in byte `r`. Rows at bytes order images as rows packed one after
/// another do (both compare the last row first, its last cell first).
fn least_flip_8x8(square: u64, h: usize, w: usize) -> u64 {
    let (rows_out, cells_out) = (8 * (8 - h), 8 - w);
    // The half turn: every bit reversed, then moved back to the corner.
    let turned = square.reverse_bits() >> (rows_out + cells_out);
    // Upside down: the bytes reversed.
    let upside = square.swap_bytes() >> rows_out;
    // Each row reversed: upside down, then turned.
    let mirrored = upside.reverse_bits() >> (rows_out + cells_out);
    square.min(turned).min(upside).min(mirrored)
}

/// `h` rows of `w` cells, row `r` in byte `r`, packed one after another.
fn from_8x8(square: u64, h: usize, w: usize) -> u64 {
    let line = low_ones(w);
    let mut packed = 0u64;
    for r in 0..h {
        packed |= (square >> (8 * r) & line) << (r * w);
    }
    packed
}

/// The `n` low bits set, `n` at most 64.
fn low_ones(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// [`least_flip`] of `h` lines of `w` cells packed in one word.
fn least_flip_u64(packed: u64, h: usize, w: usize) -> u64 {
    let spare = 64 - h * w;
    let line = low_ones(w);
    let mut upside = 0u64;
    for r in 0..h {
        upside |= (packed >> (r * w) & line) << ((h - 1 - r) * w);
    }
    let turned = packed.reverse_bits() >> spare;
    let mirrored = upside.reverse_bits() >> spare;
    packed.min(turned).min(upside).min(mirrored)
}

/// The canonical form of a full `h × w` rectangle: lying down.
fn full(h: usize, w: usize) -> Board {
    let (rows, cols) = (h.min(w) as u32, h.max(w) as u32);
    if h * w <= 128 {
        // The region's own size, checked long before: no check again.
        return Board {
            rows,
            cols,
            cells: Cells::Small(ones(h * w)),
        };
    }
    Board::rectangle(rows, cols).unwrap_or_else(|_| Board::blocked(0, 0))
}

/// [`Board::regions`] of the free cells `free` of a `rows × cols` grid.
fn regions_of<B: Bits>(free: &B, rows: usize, cols: usize, min_cells: u32, out: &mut Vec<Board>) {
    let mut left = free.clone();
    while let Some(start) = left.first() {
        let region = if rows == 1 || cols == 1 {
            // A strip: the region is the run of free cells from `start`.
            B::range(rows * cols, start, left.next_absent(start))
        } else {
            let mut seed = B::none(rows * cols);
            seed.insert(start);
            flood(&left, &seed, rows, cols)
        };
        left = left.minus(&region);
        if region.len() >= min_cells {
            out.push(canonical(&region, cols));
        }
    }
}

impl Board {
    /// Appends the board as bytes: rows, columns, then its cells as words.
    pub(crate) fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.rows.to_le_bytes());
        out.extend_from_slice(&self.cols.to_le_bytes());
        match &self.cells {
            Cells::Small(b) => out.extend_from_slice(&b.to_le_bytes()),
            Cells::Large(w) => {
                w.0.iter()
                    .for_each(|word| out.extend_from_slice(&word.to_le_bytes()))
            }
        }
    }

    /// Reads a board written by [`Board::encode`]; `None` if the bytes are
    /// not one (a size past [`MAX_CELLS`], a cell past the board).
    pub(crate) fn decode(bytes: &mut &[u8]) -> Option<Board> {
        use crate::search::codec::{read_u32, read_words};
        let rows = read_u32(bytes)?;
        let cols = read_u32(bytes)?;
        check_size(rows, cols).ok()?;
        let n = rows as usize * cols as usize;
        let mut board = Board::blocked(rows, cols);
        match &mut board.cells {
            Cells::Small(b) => {
                let words = read_words(bytes, 2)?;
                *b = u128::from(words[0]) | u128::from(words[1]) << 64;
                (*b & !ones(n) == 0).then_some(())?;
            }
            Cells::Large(w) => {
                let words = read_words(bytes, n.div_ceil(64))?;
                let spare = n % 64;
                (spare == 0 || words.last().is_none_or(|&l| l >> spare == 0)).then_some(())?;
                w.0 = words.into_boxed_slice();
            }
        }
        Some(board)
    }
}

fn check_size(rows: u32, cols: u32) -> Result<()> {
    if u64::from(rows) * u64::from(cols) > MAX_CELLS {
        return Err(Error::input(format!(
            "a {rows} × {cols} board is too large: a board may have at most {MAX_CELLS} cells"
        )));
    }
    Ok(())
}

/// The canonical form of a region of a grid of `cols` columns.
///
/// The region is cropped to its bounding box, then the least of its eight
/// images under the symmetries of the square is kept, images ordered by
/// rows, columns, then cells as a number. A full rectangle needs no images:
/// it is its own, lying down.
fn canonical<B: Bits>(region: &B, cols: usize) -> Board {
    let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
    region.each(|i| {
        let (r, c) = (i / cols, i % cols);
        top = top.min(r);
        bottom = bottom.max(r);
        left = left.min(c);
        right = right.max(c);
    });
    if top == usize::MAX {
        return Board::blocked(0, 0);
    }
    let (h, w) = (bottom - top + 1, right - left + 1);
    if region.len() as usize == h * w {
        return full(h, w);
    }
    if h * w <= 128 {
        // Not full, so both sides are at least 2 and at most 64.
        let mut lines = [0u64; 64];
        region.each(|i| lines[i / cols - top] |= 1 << (i % cols - left));
        return canonical_lines(&lines[..h], w);
    }
    let mut best: Option<Board> = None;
    for transposed in [false, true] {
        let (rows, cols_out) = if transposed { (w, h) } else { (h, w) };
        for flip_rows in [false, true] {
            for flip_cols in [false, true] {
                let mut image = Board::blocked(rows as u32, cols_out as u32);
                region.each(|i| {
                    let (r, c) = (i / cols - top, i % cols - left);
                    let (r, c) = if transposed { (c, r) } else { (r, c) };
                    let r = if flip_rows { rows - 1 - r } else { r };
                    let c = if flip_cols { cols_out - 1 - c } else { c };
                    image.insert(r * cols_out + c);
                });
                if best.as_ref().is_none_or(|b| image < *b) {
                    best = Some(image);
                }
            }
        }
    }
    best.unwrap_or_else(|| Board::blocked(0, 0))
}

/// The canonical form of a region cropped to its bounding box, given as
/// its lines of `w` cells (`lines.len() · w` at most 128, both at most 64).
fn canonical_lines(lines: &[u64], w: usize) -> Board {
    let h = lines.len();
    // Images are ordered by rows first, so only the lying orientation
    // (fewer rows) can be least, unless the box is square.
    let mut best = u128::MAX;
    if h <= w {
        best = best.min(least_flip(lines, w));
    }
    if w <= h {
        let mut columns = [0u64; 64];
        for (r, &line) in lines.iter().enumerate() {
            let mut bits = line;
            while bits != 0 {
                columns[bits.trailing_zeros() as usize] |= 1 << r;
                bits &= bits - 1;
            }
        }
        best = best.min(least_flip(&columns[..w], h));
    }
    Board {
        rows: h.min(w) as u32,
        cols: h.max(w) as u32,
        cells: Cells::Small(best),
    }
}

/// The least of the four images of `lines` (each `width` cells) under
/// reversing their order and reversing each, packed one after another.
fn least_flip(lines: &[u64], width: usize) -> u128 {
    let (mut same, mut mirrored, mut upside, mut both) = (0u128, 0u128, 0u128, 0u128);
    let last = lines.len() - 1;
    for (i, &line) in lines.iter().enumerate() {
        let mirror = u128::from(line.reverse_bits() >> (64 - width));
        let line = u128::from(line);
        same |= line << (i * width);
        mirrored |= mirror << (i * width);
        upside |= line << ((last - i) * width);
        both |= mirror << ((last - i) * width);
    }
    same.min(mirrored).min(upside).min(both)
}

impl Board {
    fn insert(&mut self, i: usize) {
        match &mut self.cells {
            Cells::Small(b) => b.insert(i),
            Cells::Large(w) => w.insert(i),
        }
    }
}

impl FromStr for Board {
    type Err = Error;

    /// Reads a board drawn one row a line: `.` (or `o`) a free cell, `#`
    /// (or `x`) a blocked one. Blank lines around the drawing and spaces at
    /// the ends of lines are ignored; every row must be as long as the
    /// first.
    fn from_str(text: &str) -> Result<Board> {
        let rows: Vec<&str> = text
            .lines()
            .map(str::trim)
            .skip_while(|l| l.is_empty())
            .collect();
        let rows = match rows.iter().rposition(|l| !l.is_empty()) {
            Some(last) => &rows[..=last],
            None => {
                return Err(Error::input(
                    "the board is empty: draw it one row a line, `.` for a free cell and `#` for a blocked one",
                ));
            }
        };
        let cols = rows[0].chars().count();
        let size = u32::try_from(rows.len()).ok().zip(u32::try_from(cols).ok());
        let Some((r, c)) = size else {
            return Err(Error::input(format!(
                "the board is too large: a board may have at most {MAX_CELLS} cells"
            )));
        };
        check_size(r, c)?;
        let mut board = Board::blocked(r, c);
        for (i, row) in rows.iter().enumerate() {
            let n = row.chars().count();
            if n != cols {
                return Err(Error::input(format!(
                    "row {} of the board has {n} cells, but row 1 has {cols}; every row must be as long",
                    i + 1
                )));
            }
            for (j, ch) in row.chars().enumerate() {
                match ch {
                    '.' | 'o' | 'O' => board.insert(i * cols + j),
                    '#' | 'x' | 'X' => {}
                    other => {
                        return Err(Error::input(format!(
                            "row {} of the board has {}: use `.` for a free cell and `#` for a blocked one",
                            i + 1,
                            crate::quote::quoted(&other.to_string())
                        )));
                    }
                }
            }
        }
        Ok(board)
    }
}

impl fmt::Display for Board {
    /// The board one row a line, `.` free and `#` blocked.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.rows {
            if row > 0 {
                f.write_str("\n")?;
            }
            for col in 0..self.cols {
                f.write_str(if self.is_free(row, col) { "." } else { "#" })?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({:?})", self.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::Board;

    fn regions(board: &Board, min: u32) -> Vec<Board> {
        let mut out = Vec::new();
        board.regions(min, super::AsItIs, &mut out);
        out
    }

    #[test]
    fn regions_are_connected_cropped_and_turned() {
        let board: Board = "..#..\n..#.#\n###..\n#####\n#.###".parse().unwrap();
        let mut found: Vec<String> = regions(&board, 1).iter().map(Board::to_string).collect();
        found.sort();
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(found.contains(&"..\n..".to_string()) && found.contains(&".".to_string()));
        assert_eq!(regions(&board, 2).len(), 2);
    }

    #[test]
    fn congruent_regions_have_one_canonical_form() {
        let form = |s: &str| regions(&s.parse().unwrap(), 1).remove(0);
        let trominoes: Vec<Board> = ["..\n.#", "..\n#.", ".#\n..", "#.\n..", "#..#\n#.##"]
            .iter()
            .map(|s| form(s))
            .collect();
        assert!(trominoes.windows(2).all(|w| w[0] == w[1]), "{trominoes:?}");
        let s_shapes: Vec<Board> = ["#..\n..#", "..#\n#..", ".#\n..\n#.", "#.\n..\n.#"]
            .iter()
            .map(|s| form(s))
            .collect();
        assert!(s_shapes.windows(2).all(|w| w[0] == w[1]), "{s_shapes:?}");
        assert_ne!(form(".#\n.#\n.."), form("...\n#.#"));
        assert_ne!(s_shapes[0], form("..\n.."));
        let strip = form(&".".repeat(300));
        assert_eq!(strip, form(&".\n".repeat(300)));
        assert_eq!(strip.free_cells(), 300);
    }

    /// The canonical form in one 64-bit word is the one in 128 bits, on
    /// every region of every board of up to 12 cells in several shapes,
    /// and on scattered regions of larger boards.
    #[test]
    fn canonical_forms_agree_across_word_sizes() {
        let mut checked = 0;
        for (rows, cols) in [(3, 4), (4, 3), (2, 6), (1, 12), (12, 1), (3, 3)] {
            let n = rows * cols;
            for region in 1u64..1 << n {
                assert_eq!(
                    super::canonical_in_u64(region, super::RowsOf::new(cols)),
                    super::canonical_in_word(u128::from(region), cols),
                    "{region:b} in {rows} x {cols}"
                );
                checked += 1;
            }
        }
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for (rows, cols) in [(8, 8), (5, 7), (7, 5), (4, 16), (6, 9), (2, 32)] {
            let n = rows * cols;
            for _ in 0..20_000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let region = x & super::low_ones(n) & (x >> 3 | x << 5);
                if region == 0 {
                    continue;
                }
                assert_eq!(
                    super::canonical_in_u64(region, super::RowsOf::new(cols)),
                    super::canonical_in_word(u128::from(region), cols),
                    "{region:b} in {rows} x {cols}"
                );
                checked += 1;
            }
        }
        assert!(checked > 100_000);
    }

    /// The regions found in one word are those that the flood of the
    /// general sets finds, on every board of up to 16 cells in several
    /// shapes and on random boards of up to 128 cells.
    #[test]
    fn regions_in_a_word_are_those_of_the_general_flood() {
        let regions_both = |free: u128, rows: usize, cols: usize| {
            let mut fast = Vec::new();
            if rows * cols <= 64 {
                super::regions_small(free as u64, &super::AsItIs, rows, cols, 1, &mut fast);
            } else {
                super::regions_small(free, &super::AsItIs, rows, cols, 1, &mut fast);
            }
            let mut general = Vec::new();
            super::regions_of(&free, rows, cols, 1, &mut general);
            fast.sort();
            general.sort();
            assert_eq!(fast, general, "{free:b} in {rows} x {cols}");
        };
        for (rows, cols) in [(4, 4), (3, 5), (5, 3), (2, 8), (1, 16), (16, 1), (3, 3)] {
            for free in 0u128..1 << (rows * cols) {
                regions_both(free, rows, cols);
            }
        }
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for (rows, cols) in [
            (5, 7),
            (5, 8),
            (4, 11),
            (8, 8),
            (6, 9),
            (2, 32),
            (8, 16),
            (11, 11),
        ] {
            let n = rows * cols;
            for _ in 0..20_000 {
                let mut free = 0u128;
                for half in 0..2 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    // Three cells in four free, or so.
                    free |= u128::from(x | x >> 11) << (64 * half);
                }
                regions_both(free & super::ones(n), rows, cols);
            }
        }
    }

    #[test]
    fn rows_by_multiplication_are_rows_by_division() {
        for cols in 1..=64 {
            let rows_of = super::RowsOf::new(cols);
            for i in 0..64 {
                assert_eq!(rows_of.row(i), i / cols, "{i} / {cols}");
            }
        }
    }

    #[test]
    fn the_8x8_transpose_moves_each_cell_across_the_diagonal() {
        for r in 0..8 {
            for c in 0..8 {
                assert_eq!(super::transpose_8x8(1 << (8 * r + c)), 1 << (8 * c + r));
            }
        }
    }

    #[test]
    fn keys_are_one_to_one_and_read_back() {
        let mut seen = std::collections::HashMap::new();
        for (rows, cols) in [
            (0, 1),
            (1, 1),
            (1, 2),
            (2, 1),
            (2, 3),
            (3, 2),
            (1, 57),
            (57, 1),
            (3, 19),
        ] {
            let n = rows * cols;
            for mask in [0u64, 1, 0b101, (1 << n) - 1, 0x5555_5555_5555_5555] {
                let mut board = Board::rectangle(rows, cols).unwrap();
                for i in (0..n).filter(|i| mask >> i & 1 == 0) {
                    board = board.block(i / cols, i % cols).unwrap();
                }
                let key = board.key().unwrap();
                assert_ne!(key, 0);
                assert_eq!(Board::from_key(key).as_ref(), Some(&board));
                if let Some(other) = seen.insert(key, board.clone()) {
                    assert_eq!(other, board);
                }
            }
        }
        assert_eq!(Board::rectangle(2, 29).unwrap().key(), None);
        assert_eq!(Board::rectangle(1, 64).unwrap().key(), None);
        assert_eq!(Board::from_key(0), None);
        assert_eq!(Board::from_key(3 << 58 | 1 << 4), None);
    }

    #[test]
    fn a_spiral_is_one_region() {
        let spiral = ".....\n####.\n...#.\n.#...\n.####";
        let board: Board = spiral.parse().unwrap();
        let found = regions(&board, 1);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].free_cells(), board.free_cells());
    }

    #[test]
    fn boards_read_as_drawn() {
        let board = Board::rectangle(2, 100).unwrap().block(1, 99).unwrap();
        assert_eq!((board.rows(), board.cols()), (2, 100));
        assert!(board.is_free(1, 98) && !board.is_free(1, 99));
        assert_eq!(board.to_string().lines().nth(1).unwrap().len(), 100);
        assert!("..\n.".parse::<Board>().is_err());
        assert!(".a".parse::<Board>().is_err());
        assert!("\n\n".parse::<Board>().is_err());
        let drawn = "..#\n#..\n...";
        assert_eq!(drawn.parse::<Board>().unwrap().to_string(), drawn);
    }

    /// Regions as they are, but a path given as its strip: the rule alone.
    #[derive(Clone, Copy)]
    struct Strips;

    impl super::Simplify for Strips {
        fn simplify<W: super::Word>(&self, free: W, _: usize, _: usize) -> W {
            free
        }
        fn graph_alone(&self) -> bool {
            true
        }
    }

    #[test]
    fn paths_come_as_strips_and_nothing_else_does() {
        let strip = |s: &str| {
            let mut out = Vec::new();
            s.parse::<Board>().unwrap().regions(1, Strips, &mut out);
            out.iter().map(Board::to_string).collect::<Vec<_>>()
        };
        // A spiral, an L and a snake are paths; a T, a square and a ring
        // are not.
        let plain = |s: &str| {
            let mut out = Vec::new();
            s.parse::<Board>()
                .unwrap()
                .regions(1, super::AsItIs, &mut out);
            out.iter().map(Board::to_string).collect::<Vec<_>>()
        };
        assert_eq!(strip("....\n###.\n#...\n####"), ["........"]);
        assert_eq!(strip("..\n.#"), ["..."]);
        assert_eq!(strip(".##\n..#\n#.."), ["....."]);
        assert_eq!(strip("..#.\n#..#\n###."), ["....", ".", "."]);
        for not in ["...\n#.#", "..\n..", "...\n.#.\n...", "...\n..#"] {
            assert_eq!(strip(not), plain(not), "{not}");
        }
    }

    /// The law, on every board of up to 12 cells in five shapes and of
    /// 4 × 4: a region joined as a path has the value of the strip it is
    /// given as, and one joined as a caterpillar that of its comb (the
    /// naive twin, which takes the board as it is). Both must fire on
    /// regions that are not already strips or combs; and a tree is not a
    /// path: a T of four cells has value 1, its strip 1 × 4 value 2.
    #[test]
    fn paths_and_caterpillars_have_the_values_of_their_drawings() {
        use crate::games::Cram;
        use crate::search::{naive, silent};
        let value = |b: &Board| naive::nimber(&Cram, b, Default::default(), &mut silent).unwrap();
        let (mut bent, mut combed) = (0, 0);
        for (rows, cols) in [(3, 4), (4, 3), (2, 6), (3, 3), (1, 9), (4, 4)] {
            for mask in 1u128..1 << (rows * cols) {
                let board = super::board_of(mask, rows, cols);
                let (mut drawn, mut plain) = (Vec::new(), Vec::new());
                board.regions(1, Strips, &mut drawn);
                board.regions(1, super::AsItIs, &mut plain);
                assert_eq!(drawn.len(), plain.len(), "{board}");
                // Both lists come in the order the regions are met.
                for (d, p) in drawn.iter().zip(&plain) {
                    if d != p {
                        assert_eq!(d.free_cells(), p.free_cells(), "{board}: {p} became {d}");
                        if d.rows() == 1 {
                            bent += 1;
                        } else {
                            combed += 1;
                        }
                        assert_eq!(value(d), value(p), "{board}: {p} became {d}");
                    }
                }
            }
        }
        assert!(
            bent > 3_000 && combed > 1_000,
            "{bent} paths bent, {combed} combed"
        );
        let t: Board = "...\n#.#".parse().unwrap();
        assert_ne!(value(&t), value(&Board::rectangle(1, 4).unwrap()));
    }

    #[test]
    fn caterpillars_come_as_combs() {
        let drawn = |s: &str| {
            let mut out = Vec::new();
            s.parse::<Board>().unwrap().regions(1, Strips, &mut out);
            out
        };
        // One caterpillar (a spine of three, a leg on each joint) drawn
        // three ways: its comb, the spine bent, the first leg in line.
        let forms: Vec<Vec<Board>> = [".#.\n...\n#.#", "..##\n#...\n#.##", "##.#\n....\n###."]
            .iter()
            .map(|s| drawn(s))
            .collect();
        assert!(forms.windows(2).all(|w| w[0] == w[1]), "{forms:?}");
        assert_eq!(forms[0].len(), 1);
        // Two legs on one joint: not drawn (in Cram the pendant rule takes
        // one away first).
        let two_legs = ".#.\n...\n.#.";
        let mut plain = Vec::new();
        two_legs
            .parse::<Board>()
            .unwrap()
            .regions(1, super::AsItIs, &mut plain);
        assert_eq!(drawn(two_legs), plain);
    }
}
