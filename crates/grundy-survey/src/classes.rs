//! Equivalence classes: games whose values agree, and the first heap where
//! games that agree on their first values part.
//!
//! Two games proved periodic with the same least preperiod, period and
//! saltus and the same values before the pattern repeats have the same value
//! at every heap: their equality is *proved*. Otherwise two games agree as
//! far as both are known: up to the smaller of the heaps computed (a game
//! proved periodic is known at every heap, by its pattern), and the class
//! says so.

use std::collections::BTreeMap;

use grundy_service::{Pattern, Status, ValueTable};

use crate::Result;
use crate::catalogue::Catalogue;
use crate::row::GameRow;

/// How many first values games must share to be compared at all.
pub const PREFIX: u64 = 64;

/// Why the games of a class are equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Equality {
    /// Every member proved periodic with the same pattern.
    Proved,
    /// Equal at every heap up to this one (and the members' patterns
    /// beyond, where proved).
    CheckedTo(u64),
}

/// Games whose values agree (at least two).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    /// The games, in catalogue order.
    pub games: Vec<String>,
    /// Proved, or checked up to a heap.
    pub equality: Equality,
}

/// Two games that agree on their first [`PREFIX`] values and then differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// One game.
    pub a: String,
    /// The other.
    pub b: String,
    /// The first heap where their values differ.
    pub heap: u64,
    /// `G_a(heap)`.
    pub a_value: u64,
    /// `G_b(heap)`.
    pub b_value: u64,
}

/// The classes and the late differences of a catalogue.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Classes {
    /// Classes of two games or more, by first game.
    pub classes: Vec<Class>,
    /// First differences between games sharing their first values, latest
    /// first.
    pub differences: Vec<Difference>,
}

/// A game's values: those computed, and its pattern beyond when proved.
struct Known<'a> {
    row: &'a GameRow,
    table: ValueTable,
}

impl Known<'_> {
    fn proved(&self) -> bool {
        self.row.status == Status::Proved
    }

    /// The last heap known: unbounded when proved.
    fn horizon(&self) -> u64 {
        if self.proved() {
            u64::MAX
        } else {
            (self.table.len() as u64).saturating_sub(1)
        }
    }

    /// `G(n)`: computed, or by the proved pattern past the table; `None`
    /// where neither says (or the value passes 2^64 − 1).
    fn value(&self, n: u64) -> Option<u64> {
        if let Some(v) = self.table.get(n) {
            return Some(v.value());
        }
        if !self.proved() {
            return None;
        }
        let pattern = Pattern {
            preperiod: self.row.preperiod?,
            period: self.row.period?,
            saltus: self.row.saltus?,
        };
        pattern.value(&self.table, n).ok()
    }

    fn pattern(&self) -> Option<(u64, u64, u64, Vec<u64>)> {
        if !self.proved() {
            return None;
        }
        let (pre, p, s) = (self.row.preperiod?, self.row.period?, self.row.saltus?);
        let head = (0..pre + p)
            .map(|n| self.value(n))
            .collect::<Option<Vec<u64>>>()?;
        Some((pre, p, s, head))
    }
}

/// The classes of the games of `rows` (read from `catalogue`, which holds
/// their values).
///
/// # Errors
/// When the values cannot be read.
pub fn classes(catalogue: &Catalogue, rows: &[GameRow]) -> Result<Classes> {
    let mut known = Vec::new();
    for row in rows {
        let Some(mut table) = catalogue.values(&row.game)? else {
            continue;
        };
        table.truncate(usize::try_from(row.checked_to.saturating_add(1)).unwrap_or(usize::MAX));
        known.push(Known { row, table });
    }
    let mut buckets: BTreeMap<Vec<Option<u64>>, Vec<usize>> = BTreeMap::new();
    for (i, k) in known.iter().enumerate() {
        let key = (0..PREFIX).map(|n| k.value(n)).collect();
        buckets.entry(key).or_default().push(i);
    }
    let mut out = Classes::default();
    for members in buckets.values().filter(|m| m.len() > 1) {
        // Each game joins the first class whose first game it agrees with.
        let mut classes: Vec<(Vec<usize>, Equality)> = Vec::new();
        for &i in members {
            let mut joined = false;
            for (class, equality) in &mut classes {
                let (a, b) = (&known[class[0]], &known[i]);
                match compare(a, b) {
                    Agreement::Proved => {
                        class.push(i);
                        joined = true;
                    }
                    Agreement::Checked(to) => {
                        class.push(i);
                        *equality = match *equality {
                            Equality::Proved => Equality::CheckedTo(to),
                            Equality::CheckedTo(t) => Equality::CheckedTo(t.min(to)),
                        };
                        joined = true;
                    }
                    Agreement::Differ {
                        heap,
                        a_value,
                        b_value,
                    } => {
                        out.differences.push(Difference {
                            a: a.row.game.clone(),
                            b: b.row.game.clone(),
                            heap,
                            a_value,
                            b_value,
                        });
                    }
                }
                if joined {
                    break;
                }
            }
            if !joined {
                classes.push((vec![i], Equality::Proved));
            }
        }
        for (class, equality) in classes.into_iter().filter(|(c, _)| c.len() > 1) {
            out.classes.push(Class {
                games: class.iter().map(|&i| known[i].row.game.clone()).collect(),
                equality,
            });
        }
    }
    out.classes.sort_by(|a, b| a.games.cmp(&b.games));
    out.differences.sort_by(|x, y| {
        y.heap
            .cmp(&x.heap)
            .then_with(|| (&x.a, &x.b).cmp(&(&y.a, &y.b)))
    });
    Ok(out)
}

enum Agreement {
    Proved,
    Checked(u64),
    Differ {
        heap: u64,
        a_value: u64,
        b_value: u64,
    },
}

fn compare(a: &Known<'_>, b: &Known<'_>) -> Agreement {
    if let (Some(pa), Some(pb)) = (a.pattern(), b.pattern())
        && pa == pb
    {
        return Agreement::Proved;
    }
    // Compare as far as both are known; two proved games of different
    // patterns, as far as the longer table (their first difference lies
    // there or beyond).
    let to = match a.horizon().min(b.horizon()) {
        u64::MAX => (a.table.len().max(b.table.len()) as u64).saturating_sub(1),
        h => h,
    };
    for n in 0..=to {
        match (a.value(n), b.value(n)) {
            (Some(x), Some(y)) if x != y => {
                return Agreement::Differ {
                    heap: n,
                    a_value: x,
                    b_value: y,
                };
            }
            (Some(_), Some(_)) => {}
            _ => return Agreement::Checked(n.saturating_sub(1)),
        }
    }
    Agreement::Checked(to)
}
