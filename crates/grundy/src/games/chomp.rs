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
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Staircase {
    rows: Vec<u32>,
}

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
        Ok(Staircase { rows })
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

    /// The length of each row, from the poisoned row down.
    pub fn rows(&self) -> &[u32] {
        &self.rows
    }

    /// Squares left, the poisoned one included.
    pub fn squares(&self) -> u64 {
        self.rows.iter().map(|&r| u64::from(r)).sum()
    }

    /// The staircase with rows and columns exchanged.
    #[must_use]
    pub fn transpose(&self) -> Staircase {
        let cols = self.rows.first().copied().unwrap_or(0);
        let rows = (0..cols)
            .map(|c| self.rows.iter().take_while(|&&r| r > c).count() as u32)
            .collect();
        Staircase { rows }
    }

    /// Whether `self.transpose() < *self`, row by row, without making the
    /// transpose: its row `j` is the number of rows longer than `j`, read
    /// from the bottom as `j` grows.
    fn transpose_is_less(&self) -> bool {
        let mut longer = self.rows.len();
        let cols = self.rows.first().copied().unwrap_or(0);
        for j in 0..cols {
            while longer > 0 && self.rows[longer - 1] <= j {
                longer -= 1;
            }
            match self.rows.get(j as usize) {
                None => return false,
                Some(&row) if (longer as u32) != row => return (longer as u32) < row,
                Some(_) => {}
            }
        }
        // Every row of the transpose equals the row of `self` beside it,
        // and both have `cols` rows (row 0 of the transpose is the number
        // of rows): the staircase is its own transpose.
        false
    }

    /// Whether the square is still there.
    pub fn has(&self, square: Square) -> bool {
        self.rows
            .get(square.row as usize)
            .is_some_and(|&r| square.col < r)
    }

    /// The staircase after taking `square` and everything below and right of
    /// it.
    fn take(&self, square: Square) -> Staircase {
        let mut rows = self.rows.clone();
        for r in &mut rows[square.row as usize..] {
            *r = (*r).min(square.col);
        }
        while rows.last() == Some(&0) {
            rows.pop();
        }
        Staircase { rows }
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
        for (i, r) in self.rows.iter().enumerate() {
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

    /// Every square but the poisoned one.
    fn moves(&self, s: &Staircase, out: &mut Vec<(Square, Staircase)>) {
        for (row, &len) in s.rows.iter().enumerate() {
            for col in 0..len {
                if row == 0 && col == 0 {
                    continue;
                }
                let square = Square {
                    row: row as u32,
                    col,
                };
                out.push((square, s.take(square)));
            }
        }
    }

    /// One component, the lesser of the staircase and its transpose; none
    /// when only the poisoned square is left.
    fn components(&self, s: &Staircase, out: &mut Vec<Staircase>) {
        if s.squares() <= 1 {
            return;
        }
        out.push(if s.transpose_is_less() {
            s.transpose()
        } else {
            s.clone()
        });
    }

    /// Each move takes at least one square and the poisoned one stays.
    fn nimber_bound(&self, s: &Staircase) -> u32 {
        u32::try_from(s.squares().saturating_sub(1)).unwrap_or(u32::MAX)
    }

    /// Chomp's nimbers run high and its positions never fall apart: each
    /// option valued once beats twenty outcome searches.
    fn method(&self) -> Method {
        Method::Definition
    }

    fn weight(&self, s: &Staircase) -> u64 {
        s.squares()
    }

    fn heap_bytes(&self, s: &Staircase) -> usize {
        s.rows.capacity() * 4
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
        let cols = self.rows.first().copied().unwrap_or(0) as usize;
        if cols + self.rows.len() > 63 {
            return None;
        }
        let mut key = 1u64;
        let mut below = 0;
        for &row in self.rows.iter().rev() {
            for _ in below..row {
                key = key << 1 | 1;
            }
            key <<= 1;
            below = row;
        }
        Some(key)
    }

    /// The staircase whose [`Staircase::key`] is `key`; `None` for a word
    /// that is no staircase's key.
    #[must_use]
    pub fn from_key(key: u64) -> Option<Staircase> {
        if key == 0 {
            return None;
        }
        let len = 63 - key.leading_zeros();
        let mut rows = Vec::new();
        let mut length = 0u32;
        for bit in (0..len).rev() {
            if key >> bit & 1 == 1 {
                length += 1;
            } else if length == 0 {
                return None;
            } else {
                rows.push(length);
            }
        }
        // Columns past the top row's end: not a staircase's outline.
        if rows.last().copied().unwrap_or(0) != length {
            return None;
        }
        rows.reverse();
        Some(Staircase { rows })
    }
}

impl Codec for Chomp {
    fn name(&self) -> String {
        "chomp".into()
    }

    fn encode(&self, s: &Staircase, out: &mut Vec<u8>) {
        out.extend_from_slice(&(s.rows.len() as u32).to_le_bytes());
        for r in &s.rows {
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
        let staircase = Staircase::new(rows).ok()?;
        // A trailing empty row is not how a staircase is written.
        (staircase.rows.len() == n as usize).then_some(staircase)
    }
}

#[cfg(test)]
mod tests {
    use super::{Chomp, Square, Staircase};
    use crate::search::Game;

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

    /// The canonical form is the lesser of a staircase and its transpose,
    /// on every staircase within 6 × 6.
    #[test]
    fn the_lesser_of_a_staircase_and_its_transpose_is_found_without_it() {
        for s in within(6) {
            assert_eq!(s.transpose_is_less(), s.transpose() < s, "{s:?}");
        }
    }

    #[test]
    fn transposing_twice_is_the_identity() {
        for rows in [vec![5, 3, 3, 1], vec![1], vec![4, 4], vec![]] {
            let s = Staircase::new(rows).unwrap();
            assert_eq!(s.transpose().transpose(), s);
            assert_eq!(s.transpose().squares(), s.squares());
        }
    }
}
