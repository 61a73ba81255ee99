//! Natural numbers of any size, for counts that outgrow 128 bits.
//!
//! The positions of four heaps up to 10^18 number about 10^71; counting them
//! exactly needs more than `u128`. Only what counting needs is here: sums,
//! products, exact division by a small number, and decimal printing.

use std::cmp::Ordering;
use std::fmt;

/// A natural number, as 64-bit limbs, least significant first, without
/// trailing zero limbs.
///
/// ```
/// use grundy::count::natural::Natural;
/// let big = Natural::from(u128::MAX) * Natural::from(u128::MAX);
/// assert_eq!(big.to_string(), "115792089237316195423570985008687907852589419931798687112530834793049593217025");
/// assert_eq!(big.to_u128(), None);
/// assert_eq!((Natural::from(6u128) * Natural::from(7u128)).to_u128(), Some(42));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Natural(Vec<u64>);

impl Natural {
    /// Zero.
    pub fn zero() -> Self {
        Natural(Vec::new())
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    /// The value as a `u128`, if it fits.
    pub fn to_u128(&self) -> Option<u128> {
        match self.0.as_slice() {
            [] => Some(0),
            [a] => Some(u128::from(*a)),
            [a, b] => Some(u128::from(*a) | (u128::from(*b) << 64)),
            _ => None,
        }
    }

    /// Divides by `d`, returning the quotient and the remainder.
    ///
    /// # Panics
    /// If `d` is zero.
    pub fn div_rem_small(&self, d: u64) -> (Natural, u64) {
        assert!(d != 0, "division by zero");
        let mut q = vec![0u64; self.0.len()];
        let mut rem: u128 = 0;
        for i in (0..self.0.len()).rev() {
            let cur = (rem << 64) | u128::from(self.0[i]);
            q[i] = (cur / u128::from(d)) as u64;
            rem = cur % u128::from(d);
        }
        (Natural(q).trimmed(), rem as u64)
    }

    /// `self − rhs`, or `None` when `rhs` is larger.
    ///
    /// ```
    /// use grundy::count::natural::Natural;
    /// let a = Natural::from(u128::MAX) * Natural::from(3u128);
    /// let b = Natural::from(u128::MAX);
    /// assert_eq!(a.checked_sub(&b), Some(Natural::from(u128::MAX) * Natural::from(2u128)));
    /// assert_eq!(b.checked_sub(&a), None);
    /// ```
    pub fn checked_sub(&self, rhs: &Natural) -> Option<Natural> {
        if *self < *rhs {
            return None;
        }
        let mut out = Vec::with_capacity(self.0.len());
        let mut borrow = 0u64;
        for (i, &a) in self.0.iter().enumerate() {
            let b = *rhs.0.get(i).unwrap_or(&0);
            let (d, o1) = a.overflowing_sub(b);
            let (d, o2) = d.overflowing_sub(borrow);
            out.push(d);
            borrow = u64::from(o1 || o2);
        }
        Some(Natural(out).trimmed())
    }

    fn trimmed(mut self) -> Self {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        self
    }
}

impl From<u128> for Natural {
    fn from(v: u128) -> Self {
        Natural(vec![v as u64, (v >> 64) as u64]).trimmed()
    }
}

impl std::ops::Add for &Natural {
    type Output = Natural;
    fn add(self, rhs: &Natural) -> Natural {
        let n = self.0.len().max(rhs.0.len());
        let mut out = Vec::with_capacity(n + 1);
        let mut carry = 0u128;
        for i in 0..n {
            let s = u128::from(*self.0.get(i).unwrap_or(&0))
                + u128::from(*rhs.0.get(i).unwrap_or(&0))
                + carry;
            out.push(s as u64);
            carry = s >> 64;
        }
        out.push(carry as u64);
        Natural(out).trimmed()
    }
}

impl std::ops::Add for Natural {
    type Output = Natural;
    fn add(self, rhs: Natural) -> Natural {
        &self + &rhs
    }
}

impl std::ops::Mul for &Natural {
    type Output = Natural;
    fn mul(self, rhs: &Natural) -> Natural {
        if self.is_zero() || rhs.is_zero() {
            return Natural::zero();
        }
        let mut out = vec![0u64; self.0.len() + rhs.0.len()];
        for (i, &a) in self.0.iter().enumerate() {
            let mut carry = 0u128;
            for (j, &b) in rhs.0.iter().enumerate() {
                let t = u128::from(a) * u128::from(b) + u128::from(out[i + j]) + carry;
                out[i + j] = t as u64;
                carry = t >> 64;
            }
            out[i + rhs.0.len()] = carry as u64;
        }
        Natural(out).trimmed()
    }
}

impl std::ops::Mul for Natural {
    type Output = Natural;
    fn mul(self, rhs: Natural) -> Natural {
        &self * &rhs
    }
}

impl PartialOrd for Natural {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Natural {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

impl fmt::Display for Natural {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return f.pad("0");
        }
        const CHUNK: u64 = 10_000_000_000_000_000_000; // 10^19
        let mut chunks = Vec::new();
        let mut n = self.clone();
        while !n.is_zero() {
            let (q, r) = n.div_rem_small(CHUNK);
            chunks.push(r);
            n = q;
        }
        let mut s = chunks.pop().map(|c| c.to_string()).unwrap_or_default();
        for c in chunks.iter().rev() {
            s.push_str(&format!("{c:019}"));
        }
        f.pad(&s)
    }
}
