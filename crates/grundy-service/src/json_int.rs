//! Integers in the reports' JSON: a number up to 2^53 − 1, the largest that
//! every JSON reader holds exactly (JavaScript's `JSON.parse` and jq 1.6
//! read numbers as doubles), and a decimal string past it, so that a heap
//! of 10^18 or a count near 2^64 survives any reader.
//!
//! ```
//! use grundy_service::{Solver, Watch};
//! let strip: grundy_service::Game = "0.07".parse()?;
//! let count = Solver::default().count(&strip, None, 1_000_000_000_000_000_000, None, &mut Watch::silent())?;
//! let json = serde_json::to_value(&count).unwrap();
//! assert_eq!(json["to"], "1000000000000000000");
//! assert!(json["wins"].is_string());
//! let small = Solver::default().count(&strip, None, 50, None, &mut Watch::silent())?;
//! assert_eq!(serde_json::to_value(&small).unwrap()["wins"], 40);
//! # Ok::<(), grundy::Error>(())
//! ```

use serde::{Serialize, Serializer};

/// The largest integer the reports write as a JSON number: 2^53 − 1.
pub const LARGEST_JSON_NUMBER: u64 = (1 << 53) - 1;

/// An integer written as the reports write integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JsonInt(pub u128);

impl Serialize for JsonInt {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match u64::try_from(self.0) {
            Ok(n) if n <= LARGEST_JSON_NUMBER => serializer.serialize_u64(n),
            _ => serializer.collect_str(&self.0),
        }
    }
}

pub(crate) fn u64<S: Serializer>(v: &u64, s: S) -> Result<S::Ok, S::Error> {
    JsonInt(u128::from(*v)).serialize(s)
}

pub(crate) fn opt_u64<S: Serializer>(v: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
    v.map(|n| JsonInt(u128::from(n))).serialize(s)
}

pub(crate) fn opt_u128<S: Serializer>(v: &Option<u128>, s: S) -> Result<S::Ok, S::Error> {
    v.map(JsonInt).serialize(s)
}

pub(crate) fn vec_u64<S: Serializer>(v: &[u64], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(v.iter().map(|&n| JsonInt(u128::from(n))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_up_to_2_to_the_53_minus_1_then_strings() {
        let json = |n: u128| serde_json::to_string(&JsonInt(n)).unwrap();
        assert_eq!(json(0), "0");
        assert_eq!(json(u128::from(LARGEST_JSON_NUMBER)), "9007199254740991");
        assert_eq!(
            json(u128::from(LARGEST_JSON_NUMBER) + 1),
            "\"9007199254740992\""
        );
        assert_eq!(json(u128::MAX), format!("\"{}\"", u128::MAX));
    }
}
