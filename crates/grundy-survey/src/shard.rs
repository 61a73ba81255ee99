//! A deterministic share of a family, for job arrays.

use std::fmt;
use std::str::FromStr;

use crate::{Setting, SurveyError};

/// Shard `index` of `count`: the games at positions `i` of the family's
/// order with `i % count == index`. The shards of a family are disjoint and
/// cover it, whatever machine runs them.
///
/// ```
/// use grundy_survey::Shard;
/// let s: Shard = "1/4".parse()?;
/// assert!(s.holds(5) && !s.holds(6));
/// assert!("4/4".parse::<Shard>().is_err());
/// # Ok::<(), grundy_survey::SurveyError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    index: u64,
    count: u64,
}

impl Shard {
    /// The whole family.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count`.
    ///
    /// # Errors
    /// A usage error unless `index < count`.
    pub fn new(index: u64, count: u64) -> crate::Result<Shard> {
        if index >= count {
            return Err(SurveyError::setting(
                Setting::Shard,
                format!(
                    "shard {index}/{count} does not exist: shards of {count} are numbered 0 to {}, as in 0/{count}",
                    count.saturating_sub(1)
                ),
            ));
        }
        Ok(Shard { index, count })
    }

    /// Whether the game at `position` in the family's order is in this shard.
    pub fn holds(&self, position: usize) -> bool {
        position as u64 % self.count == self.index
    }
}

impl FromStr for Shard {
    type Err = SurveyError;

    /// Reads `I/N`.
    fn from_str(s: &str) -> crate::Result<Shard> {
        let parsed = s
            .split_once('/')
            .and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)));
        match parsed {
            Some((i, n)) => Shard::new(i, n),
            None => Err(SurveyError::setting(
                Setting::Shard,
                format!("shard '{s}' is not I/N; write it as 0/4 for the first of four shards"),
            )),
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}
