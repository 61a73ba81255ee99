//! The compact encoding of the values a version 2 certificate carries: a
//! palette of the most frequent values, one fixed-width code a heap, the
//! few other values listed aside, all in base64.
//!
//! The payload is `count` codes of `bits` bits each (1, 2, 4 or 8), packed
//! from the low bits of each byte up, the last byte's unused bits zero; code
//! `c < palette.len()` stands for `palette[c]`, code `2^bits − 1` for the
//! next value listed aside, and no other code is valid. The values aside
//! follow the codes, in heap order, each as an unsigned LEB128 number of at
//! most four bytes (so below 2^28; the verifier allows less, see
//! [`MAX_VALUE`]) in its shortest form. The payload is written in standard
//! base64 with padding, 76 characters a line. Everything is checked on the
//! way in: an invalid code, a non-zero padding bit, a longer-than-needed
//! number or a byte left over is an error, so that a certificate has one
//! reading and a changed character never goes unnoticed.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::{MAX_VALUE, corrupt};
use crate::error::Result;

/// The widths a code may have.
const WIDTHS: [u8; 4] = [1, 2, 4, 8];

/// The most bytes one value listed aside takes.
const MAX_ASIDE_BYTES: u64 = 4;

/// The values `G(0..e + p)` a version 2 certificate carries, as encoded in
/// it: the palette, the code width, and the decoded payload bytes.
///
/// ```
/// use grundy::certificate::CarriedValues;
/// let values = [0, 1, 2, 0, 1, 2, 3, 1, 1000];
/// let carried = CarriedValues::encode(&values);
/// assert_eq!(carried.len(), 9);
/// assert_eq!(carried.decode()?, values);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CarriedValues {
    count: u64,
    bits: u8,
    palette: Vec<u64>,
    aside: u64,
    payload: Vec<u8>,
}

impl CarriedValues {
    /// Encodes `values`, choosing the code width and palette that give the
    /// fewest bytes.
    ///
    /// # Complexity
    /// O(len) time, O(distinct values) space besides the payload.
    pub fn encode(values: &[u64]) -> Self {
        let mut frequency: HashMap<u64, u64> = HashMap::new();
        for &v in values {
            *frequency.entry(v).or_default() += 1;
        }
        let mut by_frequency: Vec<(u64, u64)> = frequency.into_iter().collect();
        by_frequency.sort_unstable_by_key(|&(v, f)| (std::cmp::Reverse(f), v));
        let count = values.len() as u64;
        let bits = WIDTHS
            .into_iter()
            .min_by_key(|&bits| {
                let kept = ((1usize << bits) - 1).min(by_frequency.len());
                let aside: u64 = by_frequency[kept..]
                    .iter()
                    .map(|&(v, f)| f * varint_len(v))
                    .sum();
                (count * u64::from(bits)).div_ceil(8) + aside
            })
            .unwrap_or(8);
        let escape = (1u64 << bits) - 1;
        let kept = (escape as usize).min(by_frequency.len());
        let palette: Vec<u64> = by_frequency[..kept].iter().map(|&(v, _)| v).collect();
        let code_of: HashMap<u64, u64> = palette
            .iter()
            .enumerate()
            .map(|(c, &v)| (v, c as u64))
            .collect();
        let mut payload = vec![0u8; (count * u64::from(bits)).div_ceil(8) as usize];
        let mut aside_values = Vec::new();
        for (k, &v) in values.iter().enumerate() {
            let code = code_of.get(&v).copied().unwrap_or_else(|| {
                aside_values.push(v);
                escape
            });
            let bit = k * usize::from(bits);
            payload[bit / 8] |= (code << (bit % 8)) as u8;
        }
        for &v in &aside_values {
            write_varint(&mut payload, v);
        }
        CarriedValues {
            count,
            bits,
            palette,
            aside: aside_values.len() as u64,
            payload,
        }
    }

    /// How many values are carried (`e + p`).
    pub fn len(&self) -> u64 {
        self.count
    }

    /// Whether no value is carried.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The values, decoded.
    ///
    /// # Errors
    /// [`Corrupt`](crate::ErrorKind::Corrupt) if the payload is not a valid
    /// encoding of [`len`](CarriedValues::len) values.
    pub fn decode(&self) -> Result<Vec<u64>> {
        let aside = self.aside_values()?;
        let mut out = Vec::with_capacity(self.count as usize);
        self.decode_with(&aside, |v| out.push(v))?;
        Ok(out)
    }

    /// The largest value carried, and the values aside, decoded.
    pub(super) fn max_and_aside(&self) -> Result<(u64, Vec<u64>)> {
        let aside = self.aside_values()?;
        let max = self
            .palette
            .iter()
            .chain(&aside)
            .copied()
            .max()
            .unwrap_or(0);
        Ok((max, aside))
    }

    /// Calls `each` with every value in heap order; `aside` from
    /// [`max_and_aside`](Self::max_and_aside).
    pub(super) fn decode_with(&self, aside: &[u64], mut each: impl FnMut(u64)) -> Result<()> {
        let bits = u64::from(self.bits);
        let escape = (1u64 << bits) - 1;
        let mut aside = aside.iter();
        for k in 0..self.count {
            let bit = k * bits;
            let code = u64::from(self.payload[(bit / 8) as usize] >> (bit % 8)) & escape;
            let v = if let Some(&v) = self.palette.get(code as usize) {
                v
            } else if code == escape {
                *aside
                    .next()
                    .ok_or_else(|| corrupt("more values are marked aside than listed"))?
            } else {
                return Err(corrupt(format!(
                    "code {code} of heap {k} is neither in the palette nor the mark of a value aside"
                )));
            };
            each(v);
        }
        if aside.next().is_some() {
            return Err(corrupt("more values are listed aside than marked"));
        }
        Ok(())
    }

    /// The values listed after the codes, checked to fill the payload
    /// exactly.
    fn aside_values(&self) -> Result<Vec<u64>> {
        let packed = self.packed_len() as usize;
        let mut rest = &self.payload[packed..];
        let mut aside = Vec::with_capacity(self.aside as usize);
        for _ in 0..self.aside {
            let v = read_varint(&mut rest)?;
            if v > MAX_VALUE {
                return Err(corrupt(format!(
                    "a value listed aside, {v}, is past the largest this verifier checks, {MAX_VALUE}"
                )));
            }
            aside.push(v);
        }
        if !rest.is_empty() {
            return Err(corrupt(format!(
                "{} bytes follow the values listed aside",
                rest.len()
            )));
        }
        let last_bits = (self.count * u64::from(self.bits)) % 8;
        if last_bits != 0 && self.payload[packed - 1] >> last_bits != 0 {
            return Err(corrupt("the unused bits after the last code are not zero"));
        }
        Ok(aside)
    }

    /// Bytes of packed codes.
    fn packed_len(&self) -> u64 {
        packed_len(self.count, self.bits)
    }

    /// The header fields of this encoding, as `key: value` lines, then the
    /// `data:` line and the base64 lines.
    pub(super) fn write(&self, s: &mut String) {
        let _ = writeln!(s, "values: {}", self.count);
        let _ = writeln!(s, "bits: {}", self.bits);
        let palette: Vec<String> = self.palette.iter().map(u64::to_string).collect();
        let _ = writeln!(s, "palette: {}", palette.join(" "));
        let _ = writeln!(s, "aside: {}", self.aside);
        let _ = writeln!(s, "data:");
        base64_encode(&self.payload, s);
    }
}

/// The encoding's header fields as read, before its data is decoded.
#[derive(Clone, Debug)]
pub(super) struct Header {
    pub count: u64,
    pub bits: u8,
    pub palette: Vec<u64>,
    pub aside: u64,
}

impl Header {
    /// Reads the fields `values`, `bits`, `palette` and `aside`, and checks
    /// that they agree with each other.
    pub(super) fn read(count: u64, bits: &str, palette: &str, aside: u64) -> Result<Header> {
        let bits: u8 = bits
            .parse()
            .ok()
            .filter(|b| WIDTHS.contains(b))
            .ok_or_else(|| corrupt("field 'bits' must be 1, 2, 4 or 8"))?;
        let most = (1usize << bits) - 1;
        let mut entries = Vec::new();
        for word in palette.split_whitespace() {
            if entries.len() == most {
                return Err(corrupt(format!(
                    "the palette has more than the {most} values that codes of {bits} bits name"
                )));
            }
            let v: u64 = word.parse().map_err(|_| {
                corrupt(format!(
                    "palette entry {} is not a whole number",
                    crate::quote::quoted(word)
                ))
            })?;
            if v > MAX_VALUE {
                return Err(corrupt(format!(
                    "palette entry {v} is past the largest value this verifier checks, {MAX_VALUE}"
                )));
            }
            if entries.contains(&v) {
                return Err(corrupt(format!("palette entry {v} appears twice")));
            }
            entries.push(v);
        }
        if aside > count {
            return Err(corrupt(format!(
                "{aside} values aside but only {count} values carried"
            )));
        }
        Ok(Header {
            count,
            bits,
            palette: entries,
            aside,
        })
    }

    /// The bounds on the payload's length that this header implies.
    pub(super) fn payload_len(&self) -> (u64, u64) {
        let packed = packed_len(self.count, self.bits);
        (packed + self.aside, packed + MAX_ASIDE_BYTES * self.aside)
    }

    /// The carried values with `data` (base64), once its length is checked
    /// against [`payload_len`](Self::payload_len).
    pub(super) fn with_data(self, data: &str) -> Result<CarriedValues> {
        let (least, most) = self.payload_len();
        let payload = base64_decode(data, least, most)?;
        Ok(CarriedValues {
            count: self.count,
            bits: self.bits,
            palette: self.palette,
            aside: self.aside,
            payload,
        })
    }
}

fn packed_len(count: u64, bits: u8) -> u64 {
    // `count` is bounded by the caller (at most the window, far below 2^60).
    count.saturating_mul(u64::from(bits)).div_ceil(8)
}

fn varint_len(v: u64) -> u64 {
    u64::from((64 - v.leading_zeros()).max(1).div_ceil(7))
}

fn write_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Reads one LEB128 number of at most [`MAX_ASIDE_BYTES`] bytes, in its
/// shortest form.
fn read_varint(bytes: &mut &[u8]) -> Result<u64> {
    let mut v = 0u64;
    for i in 0..MAX_ASIDE_BYTES {
        let (&b, rest) = bytes
            .split_first()
            .ok_or_else(|| corrupt("the values listed aside stop in the middle of a number"))?;
        *bytes = rest;
        v |= u64::from(b & 0x7f) << (7 * i);
        if b & 0x80 == 0 {
            if b == 0 && i > 0 {
                return Err(corrupt(
                    "a value listed aside is not written in its shortest form",
                ));
            }
            return Ok(v);
        }
    }
    Err(corrupt(format!(
        "a value listed aside takes more than {MAX_ASIDE_BYTES} bytes"
    )))
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Characters a base64 line holds.
const LINE: usize = 76;

/// Standard base64 with padding, in lines of [`LINE`] characters.
fn base64_encode(bytes: &[u8], s: &mut String) {
    let mut line = 0;
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            let c = if i <= chunk.len() {
                ALPHABET[(n >> (18 - 6 * i) & 63) as usize]
            } else {
                b'='
            };
            s.push(char::from(c));
        }
        line += 4;
        if line == LINE {
            s.push('\n');
            line = 0;
        }
    }
    if line > 0 {
        s.push('\n');
    }
}

fn sextet(c: u8) -> Option<u32> {
    Some(u32::from(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    }))
}

/// Decodes standard base64 (whitespace ignored) whose decoded length must lie
/// in `least..=most`; the length is checked from the characters before
/// anything is allocated or decoded.
fn base64_decode(text: &str, least: u64, most: u64) -> Result<Vec<u8>> {
    let significant = text.bytes().filter(|b| !b.is_ascii_whitespace()).count() as u64;
    if !significant.is_multiple_of(4) {
        return Err(corrupt(
            "the data is not base64: its length is not a multiple of 4",
        ));
    }
    let padding = text
        .bytes()
        .rev()
        .filter(|b| !b.is_ascii_whitespace())
        .take(2)
        .filter(|&b| b == b'=')
        .count() as u64;
    let len = (significant / 4 * 3).saturating_sub(padding);
    if len < least || len > most {
        return Err(corrupt(format!(
            "the data holds {len} bytes, but the fields above it call for {least} to {most}"
        )));
    }
    let mut out = Vec::with_capacity(len as usize);
    let mut quad = [0u8; 4];
    let mut filled = 0;
    let mut ended = false;
    for b in text.bytes().filter(|b| !b.is_ascii_whitespace()) {
        if ended {
            return Err(corrupt("the data goes on after its base64 padding"));
        }
        quad[filled] = b;
        filled += 1;
        if filled < 4 {
            continue;
        }
        filled = 0;
        let pads = quad.iter().rev().take_while(|&&c| c == b'=').count();
        if pads > 2 {
            return Err(corrupt("the data is not base64: too much padding"));
        }
        let mut n = 0u32;
        for &c in &quad[..4 - pads] {
            n = n << 6
                | sextet(c).ok_or_else(|| {
                    corrupt(format!(
                        "the data is not base64: '{}' is not a base64 character",
                        char::from(c).escape_default()
                    ))
                })?;
        }
        n <<= 6 * pads;
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        if pads > 0 {
            if bytes[3 - pads..].iter().any(|&b| b != 0) {
                return Err(corrupt(
                    "the data's last base64 character has bits past its end",
                ));
            }
            ended = true;
        }
        out.extend_from_slice(&bytes[..3 - pads]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(text: &str) -> Result<Vec<u8>> {
        base64_decode(text, 0, 1 << 20)
    }

    #[test]
    fn base64_round_trips() {
        for len in 0..200 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let mut s = String::new();
            base64_encode(&bytes, &mut s);
            assert!(s.lines().all(|l| l.len() <= LINE), "{s}");
            assert_eq!(decode(&s).unwrap(), bytes, "{len}");
        }
        assert_eq!(decode("aGVsbG8=").unwrap(), b"hello");
        assert!(decode("aGVsbG9=").is_err(), "bits past the end");
        assert!(decode("aGVsbG8=aGVs").is_err());
        assert!(decode("aGV$bG8=").is_err());
        assert!(decode("aGVsbG8").is_err());
        assert!(decode("a===").is_err());
    }

    #[test]
    fn varints_are_shortest() {
        for v in [0, 1, 127, 128, 300, 16383, 16384, (1 << 28) - 1] {
            let mut out = Vec::new();
            write_varint(&mut out, v);
            assert_eq!(out.len() as u64, varint_len(v));
            assert_eq!(read_varint(&mut out.as_slice()).unwrap(), v);
        }
        assert!(read_varint(&mut [0x80, 0x00].as_slice()).is_err());
        assert!(read_varint(&mut [0x80, 0x80, 0x80, 0x80, 0x01].as_slice()).is_err());
        assert!(read_varint(&mut [0x80].as_slice()).is_err());
    }

    #[test]
    fn every_width_round_trips() {
        let many: Vec<u64> = (0..1000).map(|i| (i * i) % 300).collect();
        for values in [
            vec![],
            vec![0],
            vec![0; 17],
            vec![1, 0, 1, 1, 0],
            vec![0, 1, 2, 0, 1, 2, 3, 0],
            many,
        ] {
            let c = CarriedValues::encode(&values);
            assert_eq!(c.decode().unwrap(), values);
        }
    }
}
