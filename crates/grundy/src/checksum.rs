//! FNV-1a, 64 bits (Fowler, Noll and Vo): the checksum of stored value
//! files and the digest of period certificates. It detects damage and
//! truncation, which is all either needs; it is no defence against forgery
//! (a certificate's verifier recomputes the values instead).

/// The 64-bit FNV-1a hash of the bytes added so far.
///
/// ```
/// use grundy::checksum::Fnv1a;
/// let mut h = Fnv1a::new();
/// h.add(b"foo");
/// h.add(b"bar");
/// assert_eq!(h.finish(), 0x8594_4171_f739_67e8); // the published FNV-1a 64 of "foobar"
/// assert_eq!(Fnv1a::new().finish(), 0xcbf2_9ce4_8422_2325); // the offset basis
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv1a(u64);

impl Fnv1a {
    /// The hash of no bytes: the FNV-1a 64 offset basis.
    pub const fn new() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }

    /// Adds `bytes`, in order: each is XORed in, then the hash is multiplied
    /// by the FNV 64-bit prime.
    pub fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The hash of everything added.
    pub const fn finish(&self) -> u64 {
        self.0
    }
}

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a::new()
    }
}
