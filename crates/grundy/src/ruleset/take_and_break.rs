//! Take-and-break games in the `d0.d1d2d3…` code notation of *Winning Ways*.

use std::fmt;

use crate::error::{Error, Result};

/// A take-and-break game given by its code `d0.d1d2…`.
///
/// Digit `d_i` is a set of bits: bit `2^k` set means a player may remove `i`
/// tokens from one heap and leave exactly `k` non-empty heaps in its place.
/// Octal codes (digits `0`–`7`) allow `k` = 0, 1, 2; hexadecimal codes, written
/// with the prefix `hex:`, also allow `k` = 3 through digits `8`–`f`. The digit
/// `d0` concerns removing nothing, so only splits are meaningful there: it is
/// `0` or `4` (octal), or also `8` or `c` (hexadecimal).
///
/// ```
/// use grundy::ruleset::TakeAndBreak;
/// let kayles: TakeAndBreak = "0.77".parse()?;
/// assert!(kayles.allows(1, 0)); // take a lone pin
/// assert!(kayles.allows(2, 2)); // take two pins from the middle of a row
/// assert!(!kayles.allows(3, 1));
/// assert_eq!(kayles.to_string(), "0.77");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeAndBreak {
    /// `digits[i]` is `d_i`; never empty, no trailing zero digit after `d1`.
    digits: Vec<u8>,
    hexadecimal: bool,
}

/// The longest code accepted: removing more than this many tokens at once is
/// outside any table in the literature, and keeps option loops bounded.
pub const MAX_CODE_DIGITS: usize = 64;

impl TakeAndBreak {
    /// The game with the given digits `d0, d1, …`.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidSpec`](crate::ErrorKind::InvalidSpec) if a digit is
    /// out of range, `d0` allows something other than splitting, or the code
    /// allows no move at all.
    pub fn new(digits: Vec<u8>, hexadecimal: bool) -> Result<Self> {
        let max = if hexadecimal { 15 } else { 7 };
        if let Some(&d) = digits.iter().find(|&&d| d > max) {
            return Err(Error::spec(format!(
                "digit {d:x} is too large for an {} code",
                if hexadecimal { "hexadecimal" } else { "octal" }
            )));
        }
        if digits.is_empty() {
            return Err(Error::spec(
                "a take-and-break code needs digits, as in 0.07",
            ));
        }
        if digits[0] & 0b11 != 0 {
            return Err(Error::spec(format!(
                "d0 = {:x} would allow removing nothing without splitting; d0 may only be 0 or 4{} (a move that splits a heap without removing tokens)",
                digits[0],
                if hexadecimal { ", 8 or c" } else { "" }
            )));
        }
        if digits.len() > MAX_CODE_DIGITS + 1 {
            return Err(Error::spec(format!(
                "the code has {} digits after the point; at most {MAX_CODE_DIGITS} are supported",
                digits.len() - 1
            )));
        }
        let mut digits = digits;
        while digits.len() > 2 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.iter().all(|&d| d == 0) {
            return Err(Error::spec(
                "the code allows no move at all; give at least one non-zero digit, as in 0.07",
            ));
        }
        Ok(TakeAndBreak {
            digits,
            hexadecimal,
        })
    }

    /// The digits `d0, d1, …` of the code.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Whether the code was written in hexadecimal.
    pub fn is_hexadecimal(&self) -> bool {
        self.hexadecimal
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

    /// Reads `0.07`, `.07`, `4.07`, or a hexadecimal `hex:0.8f`.
    fn from_str(s: &str) -> Result<Self> {
        let (hexadecimal, code) = match s.strip_prefix("hex:") {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let Some((whole, fraction)) = code.split_once('.') else {
            return Err(Error::spec(format!(
                "'{s}' is not a take-and-break code: write d0.d1d2…, as in 0.07"
            )));
        };
        let whole = if whole.is_empty() { "0" } else { whole };
        if whole.len() != 1 {
            return Err(Error::spec(format!(
                "'{s}': the part before the point is the single digit d0 (0 or 4), as in 4.07"
            )));
        }
        if fraction.is_empty() {
            return Err(Error::spec(format!(
                "'{s}' has no digits after the point; write at least d1, as in 0.7"
            )));
        }
        let mut digits = Vec::with_capacity(fraction.len() + 1);
        for c in whole.chars().chain(fraction.chars()) {
            let d = c.to_digit(16).ok_or_else(|| {
                Error::spec(format!(
                    "'{s}': '{c}' is not a digit; codes use the digits 0-7 (octal) or, after hex:, 0-9 and a-f"
                ))
            })?;
            if !hexadecimal && d > 7 {
                return Err(Error::spec(format!(
                    "'{s}': digit '{c}' is not octal (0-7); for a hexadecimal code write hex:{code}"
                )));
            }
            digits.push(d as u8);
        }
        TakeAndBreak::new(digits, hexadecimal).map_err(|e| Error::spec(format!("'{s}': {e}")))
    }
}

impl fmt::Display for TakeAndBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.hexadecimal {
            f.write_str("hex:")?;
        }
        write!(f, "{:x}.", self.digits[0])?;
        for d in &self.digits[1..] {
            write!(f, "{d:x}")?;
        }
        Ok(())
    }
}
