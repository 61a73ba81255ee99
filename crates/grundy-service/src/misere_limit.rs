//! Where the construction of a game's misère quotient stopped, kept in the
//! store (`0.07.misere.limit` beside `0.07.values`) so that a later run
//! does not spend a minute finding it out again.
//!
//! Only a stop that does not depend on the memory budget is kept (an
//! [`ErrorKind::Overflow`](grundy::ErrorKind::Overflow): no quotient
//! found), with the construction's revision
//! ([`CONSTRUCTION_REVISION`]); a record of another revision is ignored
//! and replaced. A record can only send a position to the game-tree search
//! where a quotient might have answered it: an answer slower, never wrong;
//! so it is read as a hint, not checked from the rules. Where nothing but
//! a quotient answers (a quotient of every heap, a position too large to
//! search), the record is not believed: the construction is tried again
//! (`strategies::distrust_stored_limit`), so a planted record refuses nothing.
//!
//! ```text
//! grundy misère quotient limit
//! game: 0.07
//! revision: 1
//! stops-at: 34
//! why: no misère quotient was found for heap 34: …
//! ```

use grundy::Ruleset;
use grundy::misere::CONSTRUCTION_REVISION;

/// The record's first line.
pub(crate) const HEADER: &str = "grundy misère quotient limit";

/// The record that the construction of `game`'s quotient stops at heap
/// `stops_at`, for the reason `why` (kept on one line).
pub(crate) fn write(game: &Ruleset, stops_at: u64, why: &str) -> String {
    let why = why.split_whitespace().collect::<Vec<_>>().join(" ");
    format!(
        "{HEADER}\ngame: {game}\nrevision: {CONSTRUCTION_REVISION}\nstops-at: {stops_at}\nwhy: {why}\n"
    )
}

/// The heap where the construction of `game`'s quotient stops and why,
/// from a record; `Ok(None)` for a record of another revision of the
/// construction.
///
/// # Errors
/// What is wrong, for a text that is not such a record of `game`.
pub(crate) fn read(text: &str, game: &Ruleset) -> Result<Option<(u64, String)>, String> {
    let mut lines = text.lines();
    if lines.next() != Some(HEADER) {
        return Err(format!("its first line is not \"{HEADER}\""));
    }
    let mut field = |name: &str| {
        lines
            .next()
            .and_then(|line| line.strip_prefix(name))
            .and_then(|rest| rest.strip_prefix(':'))
            .map(str::trim)
            .ok_or_else(|| format!("it has no \"{name}:\" line where one belongs"))
    };
    let of: Ruleset = field("game")?
        .parse()
        .map_err(|e| format!("its game does not parse: {e}"))?;
    if of != *game {
        return Err(format!("it is a record of {of}"));
    }
    let revision: u32 = field("revision")?
        .parse()
        .map_err(|_| "its revision is not a number".to_string())?;
    let stops_at: u64 = field("stops-at")?
        .parse()
        .map_err(|_| "its heap is not a number".to_string())?;
    let why = field("why")?.to_string();
    if revision != CONSTRUCTION_REVISION {
        return Ok(None);
    }
    Ok(Some((stops_at, why)))
}

#[cfg(test)]
mod tests {
    use super::{read, write};

    #[test]
    fn a_record_reads_back_and_names_what_is_wrong_with_others() {
        let game = "0.07".parse().unwrap();
        let text = write(&game, 34, "no quotient\nwas found");
        assert_eq!(
            read(&text, &game),
            Ok(Some((34, "no quotient was found".to_string())))
        );
        let kayles = "kayles".parse().unwrap();
        assert!(read(&text, &kayles).unwrap_err().contains("record of 0.07"));
        let older = text.replace("revision: ", "revision: 1000");
        assert_eq!(read(&older, &game), Ok(None));
        for broken in [
            "",
            "grundy misère quotient limit\ngame: 0.07\n",
            &text.replace("stops-at: 34", "stops-at: many"),
            &text.replace("game: 0.07", "game: 9.9.9"),
        ] {
            assert!(read(broken, &game).is_err(), "{broken:?}");
        }
    }
}
