//! Take-and-break games in the `d0.d1d2d3…` code notation of *Winning Ways*.

use std::fmt;

use crate::error::{Error, Result};
use crate::quote::quoted;

/// A take-and-break game given by its code `d0.d1d2…`.
///
/// Digit `d_i` is a set of bits: bit `2^k` set means a player may remove `i`
/// tokens from one heap and leave exactly `k` non-empty heaps in its place.
/// Octal digits (`0`–`7`) allow `k` = 0, 1, 2; hexadecimal digits `8`–`f`
/// also allow `k` = 3. A digit means the same in either base, so a code is
/// hexadecimal exactly when some digit is `8`–`f`, and it is written inline
/// (`0.8f`; the prefix `hex:` is accepted and changes nothing). The digit
/// `d0` concerns removing nothing, so only splits are meaningful there: it is
/// `0`, `4`, `8` or `c`. A lone `d0` stands for `d0.0` (`4` is `4.0`), and a
/// code whose digits are all zero, `0.0`, is the game with no move.
///
/// ```
/// use grundy::ruleset::TakeAndBreak;
/// let kayles: TakeAndBreak = "0.77".parse()?;
/// assert!(kayles.allows(1, 0)); // take a lone pin
/// assert!(kayles.allows(2, 2)); // take two pins from the middle of a row
/// assert!(!kayles.allows(3, 1));
/// assert_eq!(kayles.to_string(), "0.77");
/// let hex: TakeAndBreak = "hex:0.8f".parse()?;
/// assert_eq!(hex, "0.8f".parse()?);
/// assert_eq!(hex.to_string(), "0.8f");
/// assert_eq!("4".parse::<TakeAndBreak>()?.to_string(), "4.0");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeAndBreak {
    /// `digits[i]` is `d_i`, each at most `f`; at least `d0` and `d1`, no
    /// trailing zero digit after `d1`.
    digits: Vec<u8>,
}

/// The longest code accepted: removing more than this many tokens at once is
/// outside any table in the literature, and keeps option loops bounded.
pub const MAX_CODE_DIGITS: usize = 64;

impl TakeAndBreak {
    /// The game with the given digits `d0, d1, …`; trailing zero digits are
    /// dropped (`[0, 7, 0]` is `0.7`), and all-zero digits give the game with
    /// no move, `0.0`.
    ///
    /// ```
    /// use grundy::ruleset::TakeAndBreak;
    /// assert_eq!(TakeAndBreak::new(vec![4, 0, 0xb, 0])?.to_string(), "4.0b");
    /// assert_eq!(TakeAndBreak::new(vec![0])?.to_string(), "0.0");
    /// assert!(TakeAndBreak::new(vec![2, 7]).is_err());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidSpec`](crate::ErrorKind::InvalidSpec) if there is
    /// no digit, a digit is past `f` (15), `d0` allows something other than
    /// splitting, or there are more than [`MAX_CODE_DIGITS`] digits after `d0`.
    pub fn new(digits: Vec<u8>) -> Result<Self> {
        if let Some(&d) = digits.iter().find(|&&d| d > 0xf) {
            return Err(Error::spec(format!(
                "{d} is not a code digit; digits go from 0 to f (15)"
            )));
        }
        let Some(&d0) = digits.first() else {
            return Err(Error::spec(
                "a take-and-break code needs digits, as in 0.07",
            ));
        };
        if d0 & 0b11 != 0 {
            return Err(Error::spec(format!(
                "d0 = {d0:x} would allow removing nothing without splitting; d0 may only be 0, 4, 8 or c (a move that splits a heap without removing tokens)"
            )));
        }
        if digits.len() > MAX_CODE_DIGITS + 1 {
            return Err(Error::spec(format!(
                "the code has {} digits after the point; at most {MAX_CODE_DIGITS} are supported",
                digits.len() - 1
            )));
        }
        let mut digits = digits;
        digits.resize(digits.len().max(2), 0);
        while digits.len() > 2 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(TakeAndBreak { digits })
    }

    /// The digits `d0, d1, …` of the code.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Whether some digit is `8`–`f`, allowing a move that leaves three heaps.
    pub fn is_hexadecimal(&self) -> bool {
        self.digits.iter().any(|&d| d > 7)
    }

    /// Whether the code allows no move at all (every digit is 0, as in `0.0`):
    /// every heap then has value 0.
    pub fn has_no_move(&self) -> bool {
        self.digits.iter().all(|&d| d == 0)
    }

    /// Whether one may remove `take` tokens and leave exactly `heaps`
    /// non-empty heaps.
    pub fn allows(&self, take: usize, heaps: u32) -> bool {
        heaps < 4
            && self
                .digits
                .get(take)
                .is_some_and(|&d| d & (1 << heaps) != 0)
    }

    /// Every number of tokens a move may take while leaving exactly `heaps`
    /// heaps, in increasing order.
    ///
    /// ```
    /// use grundy::ruleset::TakeAndBreak;
    /// let kayles: TakeAndBreak = "0.77".parse()?;
    /// assert_eq!(kayles.takes_leaving(2), [1, 2]);
    /// assert_eq!(kayles.takes_leaving(3), [] as [usize; 0]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn takes_leaving(&self, heaps: u32) -> Vec<usize> {
        (0..self.digits.len())
            .filter(|&take| self.allows(take, heaps))
            .collect()
    }

    /// The largest number of heaps a move can leave (0 to 3).
    pub fn max_heaps_left(&self) -> u32 {
        self.digits
            .iter()
            .map(|&d| if d == 0 { 0 } else { 7 - d.leading_zeros() })
            .max()
            .unwrap_or(0)
    }

    /// Whether some move leaves two or more heaps.
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|&d| d & 0b1100 != 0)
    }
}

impl std::str::FromStr for TakeAndBreak {
    type Err = Error;

    /// Reads `0.07`, `.07`, `4.07`, a hexadecimal `0.8f` (also written
    /// `hex:0.8f`), or a lone `d0` such as `4` for `4.0`.
    fn from_str(s: &str) -> Result<Self> {
        let code = s.strip_prefix("hex:").unwrap_or(s);
        let Some((whole, fraction)) = code.split_once('.') else {
            let mut chars = code.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(Error::spec(format!(
                    "{} is not a take-and-break code: write d0.d1d2…, as in 0.07 (only a lone d0, such as 4 for 4.0, goes without the point)",
                    quoted(s)
                )));
            };
            return TakeAndBreak::new(vec![digit(s, c)?]).map_err(|e| {
                Error::spec(format!(
                    "{} is a lone d0, the code {c}.0, and {e}; moves that remove tokens have their digits after the point, as in 0.{c}",
                    quoted(s)
                ))
            });
        };
        let mut chars = whole.chars();
        let d0 = match (chars.next(), chars.next()) {
            (None, _) => 0,
            (Some(c), None) => digit(s, c)?,
            (Some(_), Some(_)) => {
                return Err(Error::spec(format!(
                    "{}: the part before the point is the single digit d0 (0, 4, 8 or c), as in 4.07",
                    quoted(s)
                )));
            }
        };
        if fraction.is_empty() {
            return Err(Error::spec(format!(
                "{} has no digits after the point; write at least d1, as in {d0:x}.7, or {d0:x}.0 for d0 alone",
                quoted(s)
            )));
        }
        let mut digits = vec![d0];
        for c in fraction.chars() {
            digits.push(digit(s, c)?);
        }
        TakeAndBreak::new(digits).map_err(|e| Error::spec(format!("{}: {e}", quoted(s))))
    }
}

/// The value of the code digit `c` (`0`–`9`, `a`–`f`), read in the code `s`.
fn digit(s: &str, c: char) -> Result<u8> {
    c.to_digit(16).map(|d| d as u8).ok_or_else(|| {
        Error::spec(format!(
            "{}: {} is not a code digit; codes use the digits 0-7, and 8-f to also allow leaving three heaps",
            quoted(s),
            quoted(&c.to_string())
        ))
    })
}

impl fmt::Display for TakeAndBreak {
    /// The canonical spec: digits inline (`0.07`, `0.8f`, `4.0`), without
    /// `hex:`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:x}.", self.digits[0])?;
        for d in &self.digits[1..] {
            write!(f, "{d:x}")?;
        }
        Ok(())
    }
}
