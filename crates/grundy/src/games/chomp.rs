//! Chomp: a bar of chocolate whose corner square is poisoned. A move
//! takes a square and every square below and to the right of it (rows
//! numbered downwards from the poisoned row 0, columns rightwards from the
//! poisoned column 0); whoever must take the poisoned square loses, so the
//! poisoned square is never a move and the player left with it alone has
//! lost.
//!
//! Every position is a *staircase*: row lengths that never grow going
//! down. The game is the same with rows and columns exchanged, so a
//! staircase and its transpose (conjugate partition) share one canonical
//! form. Rectangles are won for the first player by strategy stealing
//! (Gale, 1974), so their nimbers are never 0.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};
use crate::search::{Codec, Game, Method};

/// The most squares a staircase may have.
pub const MAX_SQUARES: u64 = 1 << 20;

/// Chomp on a [`Staircase`].
///
/// ```
/// use grundy::games::{Chomp, Staircase};
/// use grundy::search::{self, Options, Search};
/// let mut search = Search::new(Chomp, Options::default());
/// // Two rows of n and n − 1 squares are lost for the player to move.
/// assert_eq!(search.nimber(&Staircase::new(vec![4, 3])?, &mut search::silent)?.value(), 0);
/// assert_ne!(search.nimber(&Staircase::rectangle(3, 4)?, &mut search::silent)?.value(), 0);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Chomp;

/// A Chomp position: the length of each row, from the poisoned row down,
/// never growing.
///
/// A staircase whose rows and columns number at most 63 together is held
/// as one word, its outline ([`Staircase::key`]): it is copied without
/// allocating, its moves are made by bit operations on the outline, and
/// its transpose is the outline read backwards with its bits flipped.
/// Larger staircases are held by their row lengths.
///
/// ```
/// use grundy::games::Staircase;
/// let s: Staircase = "5,3,3,1".parse()?;
/// assert_eq!(s.rows(), [5, 3, 3, 1]);
/// assert_eq!(s.squares(), 12);
/// assert_eq!(s.transpose().rows(), [4, 3, 3, 1, 1]);
/// assert_eq!("6x7".parse::<Staircase>()?, Staircase::rectangle(6, 7)?);
/// assert!("3,4".parse::<Staircase>().is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Staircase {
    outline: Outline,
}

/// How a staircase is held. Which one is fixed by its size, so that equal
/// staircases are held alike.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Outline {
    /// Rows and columns at most 63 together: the outline word of
    /// [`Staircase::key`].
    Word(u64),
    /// More: the row lengths, never growing, none of them 0.
    Rows(Box<[u32]>),
}

/// The most rows and columns together that a staircase held as one word
/// may have: its outline has a bit for each, below a leading 1.
const WORD_STEPS: usize = 63;

/// A square of a Chomp bar, `(row, column)` from the poisoned corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// The row, 0 the poisoned one.
    pub row: u32,
    /// The column, 0 the poisoned one.
    pub col: u32,
}

impl fmt::Display for Square {
    /// `row,col`, counting from 0 at the poisoned square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.row, self.col)
    }
}

impl Staircase {
    /// The staircase with rows of the given lengths, from the poisoned row
    /// down; rows of length 0 at the end are dropped.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`](crate::ErrorKind::InvalidInput) when a
    /// row is longer than the one above it, or the staircase has more than
    /// [`MAX_SQUARES`] squares.
    pub fn new(mut rows: Vec<u32>) -> Result<Staircase> {
        while rows.last() == Some(&0) {
            rows.pop();
        }
        if let Some(i) = rows.windows(2).position(|w| w[1] > w[0]) {
            return Err(Error::input(format!(
                "row {} of the staircase ({}) is longer than row {} above it ({}); row lengths may only shrink going down",
                i + 1,
                rows[i + 1],
                i,
                rows[i]
            )));
        }
        let squares: u64 = rows.iter().map(|&r| u64::from(r)).sum();
        if squares > MAX_SQUARES {
            return Err(Error::input(format!(
                "the staircase has {squares} squares; at most {MAX_SQUARES} are allowed"
            )));
        }
        Ok(Staircase::of_rows(rows))
    }

    /// The full bar of `rows × cols` squares.
    ///
    /// # Errors
    /// As [`Staircase::new`].
    pub fn rectangle(rows: u32, cols: u32) -> Result<Staircase> {
        if u64::from(rows) * u64::from(cols) > MAX_SQUARES {
            return Err(Error::input(format!(
                "a {rows} × {cols} bar has more than {MAX_SQUARES} squares"
            )));
        }
        Staircase::new(vec![cols; rows as usize])
    }

    /// The staircase of `rows`, which never grow and end in no 0, held as
    /// its size says.
    fn of_rows(rows: Vec<u32>) -> Staircase {
        let cols = rows.first().copied().unwrap_or(0) as usize;
        let outline = if cols + rows.len() <= WORD_STEPS {
            Outline::Word(outline_of_rows(&rows))
        } else {
            Outline::Rows(rows.into_boxed_slice())
        };
        Staircase { outline }
    }

    /// The staircase whose outline word is `word`, a valid one.
    fn of_word(word: u64) -> Staircase {
        Staircase {
            outline: Outline::Word(word),
        }
    }

    /// The length of each row, from the poisoned row down (made afresh
    /// from the outline where the staircase is held as one word).
    pub fn rows(&self) -> Vec<u32> {
        match &self.outline {
            Outline::Word(word) => rows_of_outline(*word),
            Outline::Rows(rows) => rows.to_vec(),
        }
    }

    /// Squares left, the poisoned one included.
    ///
    /// # Complexity
    /// A few instructions where the staircase is one word; a pass over
    /// its rows otherwise.
    pub fn squares(&self) -> u64 {
        match &self.outline {
            Outline::Word(word) => outline_squares(*word),
            Outline::Rows(rows) => rows.iter().map(|&r| u64::from(r)).sum(),
        }
    }

    /// The staircase with rows and columns exchanged.
    #[must_use]
    pub fn transpose(&self) -> Staircase {
        match &self.outline {
            Outline::Word(word) => Staircase::of_word(outline_transpose(*word)),
            Outline::Rows(rows) => Staircase::of_rows(rows_transpose(rows)),
        }
    }

    /// Whether the square is still there.
    pub fn has(&self, square: Square) -> bool {
        match &self.outline {
            Outline::Word(word) => outline_row(*word, square.row).is_some_and(|r| square.col < r),
            Outline::Rows(rows) => rows
                .get(square.row as usize)
                .is_some_and(|&r| square.col < r),
        }
    }

    /// The staircase after taking `square` and everything below and right of
    /// it; `square` must be there.
    #[cfg(test)]
    fn take(&self, square: Square) -> Staircase {
        Staircase::of_rows(rows_take(&self.rows(), square))
    }
}

/// The outline of a staircase given by its rows ([`Staircase::key`]).
fn outline_of_rows(rows: &[u32]) -> u64 {
    let mut word = 1u64;
    let mut below = 0;
    for &row in rows.iter().rev() {
        let longer = row - below;
        word = (word << longer | ((1 << longer) - 1)) << 1;
        below = row;
    }
    word
}

/// The rows of the staircase whose outline is `word`: each row is as long
/// as the 1 bits above its 0 bit, the poisoned row's 0 the lowest bit.
fn rows_of_outline(word: u64) -> Vec<u32> {
    let steps = outline_steps(word);
    let body = word ^ 1 << steps;
    let mut zeros = !body & low_bits(steps);
    let mut rows = Vec::with_capacity(zeros.count_ones() as usize);
    while zeros != 0 {
        let at = zeros.trailing_zeros();
        rows.push((body >> at).count_ones());
        zeros &= zeros - 1;
    }
    rows
}

/// Rows and columns of the staircase whose outline is `word`: the bits
/// below its leading 1.
fn outline_steps(word: u64) -> u32 {
    63 - word.leading_zeros()
}

/// The word of `n` low 1 bits, `n` at most 63.
fn low_bits(n: u32) -> u64 {
    (1 << n) - 1
}

/// Row `row`'s length in the staircase whose outline is `word`, if it has
/// that row.
fn outline_row(word: u64, row: u32) -> Option<u32> {
    let steps = outline_steps(word);
    let body = word ^ 1 << steps;
    let mut zeros = !body & low_bits(steps);
    for _ in 0..row {
        zeros &= zeros.checked_sub(1)?;
    }
    (zeros != 0).then(|| (body >> zeros.trailing_zeros()).count_ones())
}

/// The squares of the staircase whose outline is `word`: each 1 bit (a
/// column) counts the 0 bits (rows) below it, that is its place less the
/// 1 bits below it. The places of the 1 bits are summed a bit of the place
/// at a time.
fn outline_squares(word: u64) -> u64 {
    let body = word ^ 1 << outline_steps(word);
    const PLACE_BIT: [u64; 6] = [
        0xAAAA_AAAA_AAAA_AAAA,
        0xCCCC_CCCC_CCCC_CCCC,
        0xF0F0_F0F0_F0F0_F0F0,
        0xFF00_FF00_FF00_FF00,
        0xFFFF_0000_FFFF_0000,
        0xFFFF_FFFF_0000_0000,
    ];
    let places: u64 = PLACE_BIT
        .iter()
        .enumerate()
        .map(|(b, mask)| u64::from((body & mask).count_ones()) << b)
        .sum();
    let cols = u64::from(body.count_ones());
    places - cols * cols.saturating_sub(1) / 2
}

/// The outline of the transpose: the outline walks the staircase's edge
/// from the bottom left corner, 1 a step right and 0 a step up, so the
/// transpose's walks it back, with right and up exchanged.
fn outline_transpose(word: u64) -> u64 {
    let steps = outline_steps(word);
    if steps == 0 {
        return word;
    }
    let body = word ^ 1 << steps;
    (body.reverse_bits() >> (64 - steps) ^ low_bits(steps)) | 1 << steps
}

/// The outline after the move that takes the square of the 1 bit at `one`
/// (its column) and the 0 bit at `zero` (its row), `one > zero`: every row
/// from that one down is cut to the columns before that one, so the 0 bits
/// from `one` to `zero` move up above the 1 bits between them. Rows left
/// empty (0 bits on top) and columns left empty (1 bits at the bottom) are
/// dropped.
fn outline_take(word: u64, one: u32, zero: u32) -> u64 {
    let body = word ^ 1 << outline_steps(word);
    let span = low_bits(one + 1) ^ low_bits(zero);
    let ones = (body & span).count_ones();
    let body = (body & !span) | low_bits(ones) << zero;
    let word = body | 1 << (64 - body.leading_zeros());
    word >> word.trailing_ones()
}

/// The rows of the transpose: its row `j` is the number of rows longer
/// than `j`.
fn rows_transpose(rows: &[u32]) -> Vec<u32> {
    let cols = rows.first().copied().unwrap_or(0);
    (0..cols)
        .map(|c| rows.iter().take_while(|&&r| r > c).count() as u32)
        .collect()
}

/// Whether the transpose of `rows` is less than `rows`, row by row,
/// without making it: its row `j` is the number of rows longer than `j`,
/// read from the bottom as `j` grows.
fn rows_transpose_is_less(rows: &[u32]) -> bool {
    let mut longer = rows.len();
    let cols = rows.first().copied().unwrap_or(0);
    for j in 0..cols {
        while longer > 0 && rows[longer - 1] <= j {
            longer -= 1;
        }
        match rows.get(j as usize) {
            None => return false,
            Some(&row) if (longer as u32) != row => return (longer as u32) < row,
            Some(_) => {}
        }
    }
    // Every row of the transpose equals the row beside it, and both have
    // `cols` rows (row 0 of the transpose is the number of rows): the
    // staircase is its own transpose.
    false
}

/// The rows after taking `square` and everything below and right of it.
fn rows_take(rows: &[u32], square: Square) -> Vec<u32> {
    let mut rows = rows.to_vec();
    for r in &mut rows[square.row as usize..] {
        *r = (*r).min(square.col);
    }
    while rows.last() == Some(&0) {
        rows.pop();
    }
    rows
}

impl PartialOrd for Staircase {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Staircase {
    /// Row by row, from the poisoned row down.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.rows().cmp(&other.rows())
    }
}

impl FromStr for Staircase {
    type Err = Error;

    /// `MxN` (a full bar of M rows and N columns) or row lengths separated
    /// by commas, from the poisoned row down (`5,3,3,1`).
    fn from_str(text: &str) -> Result<Staircase> {
        let text = text.trim();
        let number = |s: &str| {
            s.trim().parse::<u32>().map_err(|_| {
                Error::input(format!(
                    "{} is not a row length; write a Chomp position as MxN (6x7) or row lengths from the poisoned row down (5,3,3,1)",
                    crate::quote::quoted(s.trim())
                ))
            })
        };
        if let Some((m, n)) = text.split_once(['x', 'X', '×']) {
            return Staircase::rectangle(number(m)?, number(n)?);
        }
        Staircase::new(text.split(',').map(number).collect::<Result<_>>()?)
    }
}

impl fmt::Display for Staircase {
    /// Row lengths separated by commas.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in self.rows().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Staircase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Staircase({self})")
    }
}

impl Game for Chomp {
    type Position = Staircase;
    type Move = Square;

    /// Every square but the poisoned one, row by row from the poisoned
    /// row down.
    ///
    /// # Complexity
    /// A few instructions a move where the staircase is one word: the
    /// square of row `r` and column `c` is the pair of the outline's 0 bit
    /// of row `r` and 1 bit of column `c` above it.
    fn moves(&self, s: &Staircase, out: &mut Vec<(Square, Staircase)>) {
        match &s.outline {
            Outline::Word(word) => {
                let steps = outline_steps(*word);
                let body = word ^ 1 << steps;
                let mut zeros = !body & low_bits(steps);
                let mut row = 0;
                while zeros != 0 {
                    let zero = zeros.trailing_zeros();
                    zeros &= zeros - 1;
                    // The columns of this row: the 1 bits above its 0,
                    // column 0 the highest.
                    let mut ones = body & !low_bits(zero + 1);
                    let mut col = 0;
                    while ones != 0 {
                        let one = 63 - ones.leading_zeros();
                        ones ^= 1 << one;
                        if row > 0 || col > 0 {
                            let after = outline_take(*word, one, zero);
                            out.push((Square { row, col }, Staircase::of_word(after)));
                        }
                        col += 1;
                    }
                    row += 1;
                }
            }
            Outline::Rows(rows) => {
                for (row, &len) in rows.iter().enumerate() {
                    for col in 0..len {
                        if row == 0 && col == 0 {
                            continue;
                        }
                        let square = Square {
                            row: row as u32,
                            col,
                        };
                        out.push((square, Staircase::of_rows(rows_take(rows, square))));
                    }
                }
            }
        }
    }

    /// One component, the canonical one of the staircase and its
    /// transpose; none when only the poisoned square is left. Where the
    /// staircase is one word, the canonical one has the lesser outline;
    /// otherwise it is the lesser row by row.
    fn components(&self, s: &Staircase, out: &mut Vec<Staircase>) {
        match &s.outline {
            // Outlines of at most one square: the empty bar (1) and the
            // poisoned square alone (0b110); every other outline is larger.
            Outline::Word(word) if *word <= 0b110 => {}
            Outline::Word(word) => {
                out.push(Staircase::of_word((*word).min(outline_transpose(*word))));
            }
            Outline::Rows(rows) => out.push(if rows_transpose_is_less(rows) {
                s.transpose()
            } else {
                s.clone()
            }),
        }
    }

    /// Each move takes at least one square and the poisoned one stays.
    fn nimber_bound(&self, s: &Staircase) -> u32 {
        u32::try_from(s.squares().saturating_sub(1)).unwrap_or(u32::MAX)
    }

    /// Chomp's nimbers run high and its positions never fall apart: each
    /// option valued once beats twenty outcome searches.
    ///
    /// Chomp keeps the default [`Game::weight`], the same for every
    /// staircase: a position is never a sum of several components, and
    /// the definition values every option, so the order of the options
    /// changes no work; equal weights leave them in the order of
    /// [`Game::moves`], which spares the engine sorting them.
    fn method(&self) -> Method {
        Method::Definition
    }

    fn heap_bytes(&self, s: &Staircase) -> usize {
        match &s.outline {
            Outline::Word(_) => 0,
            Outline::Rows(rows) => rows.len() * 4,
        }
    }

    /// The staircase's outline as one word, where rows and columns number
    /// at most 63 together ([`Staircase::key`]).
    fn key(&self, s: &Staircase) -> Option<u64> {
        s.key()
    }

    fn position_of_key(&self, key: u64) -> Option<Staircase> {
        Staircase::from_key(key)
    }
}

impl Staircase {
    /// The outline of the staircase as one word: from the bottom row up,
    /// for each row as many 1 bits as it is longer than the row below it,
    /// then a 0 bit; all of it below a leading 1 that marks where it
    /// starts. `None` where rows and columns number more than 63 together.
    ///
    /// Read from the top bit down, the outline walks the staircase's edge
    /// from its bottom left corner to its top right one, a 1 a step right
    /// and a 0 a step up.
    ///
    /// ```
    /// use grundy::games::Staircase;
    /// let s: Staircase = "5,3,3,1".parse()?;
    /// // Leading 1, then row 3: 1 0, row 2: 11 0, row 1: 0, row 0: 11 0.
    /// assert_eq!(s.key(), Some(0b1_10_110_0_110));
    /// assert_eq!(Staircase::from_key(0b1_10_110_0_110), Some(s));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    #[must_use]
    pub fn key(&self) -> Option<u64> {
        match &self.outline {
            Outline::Word(word) => Some(*word),
            Outline::Rows(_) => None,
        }
    }

    /// The staircase whose [`Staircase::key`] is `key`; `None` for a word
    /// that is no staircase's key.
    #[must_use]
    pub fn from_key(key: u64) -> Option<Staircase> {
        if key == 0 {
            return None;
        }
        let steps = outline_steps(key);
        // Beyond the empty staircase (the leading 1 alone), an outline
        // starts with a step right (the bottom row is not empty) and ends
        // with a step up (no column past the top row's end).
        let valid = steps == 0 || (key >> (steps - 1) & 1 == 1 && key & 1 == 0);
        valid.then(|| Staircase::of_word(key))
    }
}

impl Codec for Chomp {
    fn name(&self) -> String {
        "chomp".into()
    }

    fn encode(&self, s: &Staircase, out: &mut Vec<u8>) {
        let rows = s.rows();
        out.extend_from_slice(&(rows.len() as u32).to_le_bytes());
        for r in &rows {
            out.extend_from_slice(&r.to_le_bytes());
        }
    }

    fn decode(&self, bytes: &mut &[u8]) -> Option<Staircase> {
        use crate::search::codec::read_u32;
        let n = read_u32(bytes)?;
        if u64::from(n) > MAX_SQUARES {
            return None;
        }
        let rows = (0..n)
            .map(|_| read_u32(bytes))
            .collect::<Option<Vec<u32>>>()?;
        // A trailing empty row is not how a staircase is written.
        if rows.last() == Some(&0) {
            return None;
        }
        Staircase::new(rows).ok()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::{
        Chomp, Outline, Square, Staircase, rows_take, rows_transpose, rows_transpose_is_less,
    };
    use crate::search::{self, Game, Options, Search, naive};

    #[test]
    fn a_move_takes_the_square_and_all_below_and_right() {
        let s = Staircase::rectangle(3, 4).unwrap();
        assert_eq!(s.take(Square { row: 1, col: 2 }).rows(), [4, 2, 2]);
        assert_eq!(s.take(Square { row: 0, col: 1 }).rows(), [1, 1, 1]);
        assert_eq!(s.take(Square { row: 1, col: 0 }).rows(), [4]);
        let mut moves = Vec::new();
        Chomp.moves(&s, &mut moves);
        assert_eq!(moves.len(), 11);
    }

    /// Every staircase within `n` × `n`, the empty one included.
    fn within(n: u32) -> Vec<Staircase> {
        fn grow(most: u32, rows: u32, prefix: &mut Vec<u32>, out: &mut Vec<Staircase>) {
            out.push(Staircase::new(prefix.clone()).unwrap());
            if (prefix.len() as u32) < rows {
                for r in 1..=most {
                    prefix.push(r);
                    grow(r, rows, prefix, out);
                    prefix.pop();
                }
            }
        }
        let mut out = Vec::new();
        grow(n, n, &mut Vec::new(), &mut out);
        out
    }

    /// `s` held by its rows, as staircases too large for one word are.
    fn held_by_rows(s: &Staircase) -> Staircase {
        Staircase {
            outline: Outline::Rows(s.rows().into_boxed_slice()),
        }
    }

    /// A staircase's moves.
    fn moves_of(s: &Staircase) -> Vec<(Square, Staircase)> {
        let mut moves = Vec::new();
        Chomp.moves(s, &mut moves);
        moves
    }

    /// Every staircase within 7 × 7 has a key of its own, read back as
    /// itself; words that are no outline are refused; 63 rows and columns
    /// together fit, 64 do not.
    #[test]
    fn keys_are_one_to_one_and_read_back() {
        let staircases = within(7);
        assert_eq!(staircases.len(), 3432, "C(14, 7)");
        let mut seen = std::collections::HashSet::new();
        for s in staircases {
            let key = s.key().expect("small staircases have keys");
            assert!(seen.insert(key), "{s:?}");
            assert_eq!(Staircase::from_key(key), Some(s));
        }
        for key in 0..1u64 << 12 {
            if let Some(s) = Staircase::from_key(key) {
                assert_eq!(s.key(), Some(key), "{s:?}");
            }
        }
        let widest = Staircase::rectangle(39, 24).unwrap();
        assert_eq!(widest.key().map(u64::leading_zeros), Some(0));
        assert_eq!(Staircase::from_key(widest.key().unwrap()), Some(widest));
        assert_eq!(Staircase::rectangle(40, 24).unwrap().key(), None);
    }

    /// On every staircase within 7 × 7, the outline's bit operations agree
    /// with the same operations on row lengths: moves (in the same order,
    /// each option held as one word),
    /// transpose, squares, squares present, and the canonical component,
    /// which is the staircase or its transpose and the same for both.
    #[test]
    fn the_outline_agrees_with_the_rows_within_7x7() {
        for s in within(7) {
            let rows = s.rows();
            let by_rows = held_by_rows(&s);
            let mut expected = Vec::new();
            for (row, &len) in rows.iter().enumerate() {
                for col in (0..len).filter(|&c| row > 0 || c > 0) {
                    let square = Square {
                        row: row as u32,
                        col,
                    };
                    let after = Staircase::new(rows_take(&rows, square)).unwrap();
                    expected.push((square, after));
                }
            }
            // Equal as staircases: held alike, as their size says.
            assert_eq!(moves_of(&s), expected, "{s:?}");
            assert_eq!(moves_of(&by_rows), expected, "{s:?}");
            assert_eq!(s.transpose().rows(), rows_transpose(&rows), "{s:?}");
            assert_eq!(by_rows.transpose(), s.transpose(), "{s:?}");
            let squares: u32 = rows.iter().sum();
            assert_eq!(s.squares(), u64::from(squares), "{s:?}");
            assert_eq!(by_rows.squares(), u64::from(squares), "{s:?}");
            for row in 0..9 {
                for col in 0..9 {
                    let square = Square { row, col };
                    let there = rows.get(row as usize).is_some_and(|&r| col < r);
                    assert_eq!(s.has(square), there, "{s:?} {square}");
                    assert_eq!(by_rows.has(square), there, "{s:?} {square}");
                }
            }
            let mut components = Vec::new();
            Chomp.components(&s, &mut components);
            Chomp.components(&s.transpose(), &mut components);
            if squares <= 1 {
                assert!(components.is_empty(), "{s:?}");
            } else {
                assert_eq!(components.len(), 2, "{s:?}");
                assert_eq!(components[0], components[1], "{s:?}");
                assert!(
                    components[0] == s || components[0] == s.transpose(),
                    "{s:?}"
                );
            }
        }
    }

    /// Staircases too large for one word: held by their rows, and the
    /// options that fit in a word are held as one.
    #[test]
    fn large_staircases_are_held_by_their_rows() {
        let long = Staircase::new(vec![60, 2, 1, 1]).unwrap();
        assert_eq!(long.key(), None);
        assert_eq!(long.transpose().key(), None);
        assert_eq!(long.squares(), 64);
        assert_eq!(Chomp.heap_bytes(&long), 16);
        assert_eq!(long.to_string(), "60,2,1,1");
        let mut moves = Vec::new();
        Chomp.moves(&long, &mut moves);
        assert_eq!(moves.len(), 63);
        let (square, shorter) = &moves[1];
        assert_eq!(*square, Square { row: 0, col: 2 });
        assert_eq!(
            shorter.key(),
            Staircase::new(vec![2, 2, 1, 1]).unwrap().key()
        );
        assert!(shorter.key().is_some());
    }

    /// The canonical form of a staircase held by its rows is the lesser of
    /// it and its transpose, found without making it, on every staircase
    /// within 6 × 6.
    #[test]
    fn the_lesser_of_a_staircase_and_its_transpose_is_found_without_it() {
        for s in within(6) {
            let rows = s.rows();
            assert_eq!(
                rows_transpose_is_less(&rows),
                rows_transpose(&rows) < rows,
                "{s:?}"
            );
        }
    }

    #[test]
    fn transposing_twice_is_the_identity() {
        for rows in [
            vec![5, 3, 3, 1],
            vec![1],
            vec![4, 4],
            vec![],
            vec![70, 3, 1],
        ] {
            let s = Staircase::new(rows).unwrap();
            assert_eq!(s.transpose().transpose(), s);
            assert_eq!(s.transpose().squares(), s.squares());
        }
    }

    /// A staircase and its transpose have one value: every staircase
    /// within 7 × 7 valued by the definition over row lengths (no outline,
    /// no symmetry), and the engine, which keeps one of the two, agrees.
    #[test]
    fn a_staircase_and_its_transpose_have_one_value() {
        fn value(rows: &[u32], memo: &mut HashMap<Vec<u32>, u32>) -> u32 {
            if let Some(&v) = memo.get(rows) {
                return v;
            }
            let mut seen = Vec::new();
            for (row, &len) in rows.iter().enumerate() {
                for col in (0..len).filter(|&c| row > 0 || c > 0) {
                    let square = Square {
                        row: row as u32,
                        col,
                    };
                    seen.push(value(&rows_take(rows, square), memo));
                }
            }
            let v = (0..).find(|v| !seen.contains(v)).unwrap();
            memo.insert(rows.to_vec(), v);
            v
        }
        let mut memo = HashMap::new();
        let mut search = Search::new(Chomp, Options::default());
        for s in within(7) {
            let rows = s.rows();
            let v = value(&rows, &mut memo);
            assert_eq!(value(&rows_transpose(&rows), &mut memo), v, "{s:?}");
            let engine = search.nimber(&s, &mut search::silent).unwrap();
            assert_eq!(engine.value(), u64::from(v), "{s:?}");
        }
        // Gale's theorem, seen: rectangles are won for the first player.
        assert!((1..=7).all(|n| memo[&vec![7; n]] != 0));
    }

    /// Staircases too large for one word: a long top row, a short block
    /// and a long tail of single squares, so that rows and columns pass 63.
    fn wide_staircase() -> impl Strategy<Value = Staircase> {
        (36u32..=44, 0u32..=2, 0u32..=2, 25u32..=30).prop_map(|(top, a, b, tail)| {
            let mut rows = vec![top, a.max(b).max(1), a.min(b).max(1)];
            rows.extend(std::iter::repeat_n(1, tail as usize));
            Staircase::new(rows).unwrap()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(8))]

        /// The engine equals its naive twin on staircases held by their
        /// rows, whose options cross into single words.
        #[test]
        fn wide_staircases_agree_with_the_naive_twin(s in wide_staircase()) {
            prop_assert_eq!(s.key(), None);
            let mut search = Search::new(Chomp, Options::default());
            let engine = search.nimber(&s, &mut search::silent).unwrap();
            let plain = naive::nimber(&Chomp, &s, crate::values::Budget::default(), &mut search::silent)
                .unwrap();
            prop_assert_eq!(engine, plain);
        }
    }
}
