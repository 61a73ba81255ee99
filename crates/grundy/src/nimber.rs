//! Nimbers: the values of impartial games, added by XOR.

use std::fmt;
use std::ops::{Add, AddAssign};

/// A nimber `*n`, the Sprague–Grundy value of an impartial game.
///
/// Nimbers add by *nim-sum*, the bitwise exclusive or: the value of a sum of
/// games is the nim-sum of their values (the Sprague–Grundy theorem). A
/// position is lost for the player to move exactly when its value is zero.
///
/// ```
/// use grundy::Nimber;
/// let a = Nimber::new(5);
/// let b = Nimber::new(3);
/// assert_eq!(a + b, Nimber::new(6));
/// assert_eq!(a + a, Nimber::ZERO);
/// assert!(Nimber::ZERO.is_zero());
/// assert_eq!(format!("{:#} {:>3}", a, b), "*5   3");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nimber(u64);

impl Nimber {
    /// The value of a lost position, `*0`.
    pub const ZERO: Nimber = Nimber(0);

    /// The nimber `*value`.
    pub const fn new(value: u64) -> Self {
        Nimber(value)
    }

    /// The integer `n` of `*n`.
    pub const fn value(self) -> u64 {
        self.0
    }

    /// Whether this is `*0`, the value of a position lost for the player to move.
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }
}

// Nim-addition is exclusive or; that is the mathematics, not a typo.
#[allow(clippy::suspicious_arithmetic_impl)]
impl Add for Nimber {
    type Output = Nimber;
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

#[allow(clippy::suspicious_op_assign_impl)]
impl AddAssign for Nimber {
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, Add::add)
    }
}

impl From<u64> for Nimber {
    fn from(value: u64) -> Self {
        Nimber(value)
    }
}

impl fmt::Display for Nimber {
    /// Plain `5`; with the alternate flag (`{:#}`) the game notation `*5`.
    /// Width and alignment are honoured: `{:>3}` gives `  5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.pad(&format!("*{}", self.0))
        } else {
            fmt::Display::fmt(&self.0, f)
        }
    }
}
