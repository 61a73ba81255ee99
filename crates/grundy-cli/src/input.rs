//! Reading numbers and game specs typed by the user.

use grundy_service::{Game, quoted};

use crate::failure::usage;

/// Reads a heap size or a bound: a whole number from 0 to 2^64 − 1, written
/// plainly (`1000000`, `1_000_000`) or as a power with an optional offset
/// (`10^6`, `2^64-1`, `1e6`).
pub fn size(text: &str, what: &str) -> anyhow::Result<u64> {
    parse_size(text).ok_or_else(|| {
        usage(format!(
            "{what} {} is not a whole number from 0 to {}; write it as 1000000, 10^6, 1e6 or 2^64-1",
            quoted(text),
            u64::MAX
        ))
    })
}

/// A clap value parser for counts written as sizes are (`--heaps 3`,
/// `--limit 10^6`), up to `T`'s largest value.
pub fn count<T: TryFrom<u64>>(text: &str) -> Result<T, String> {
    parse_size(text)
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| {
            format!(
                "{} is not a whole number in range; write it as 20, 1000000 or 10^6",
                quoted(text)
            )
        })
}

/// A clap value parser for `--threads`: 1 to 1024.
pub fn threads(text: &str) -> Result<std::num::NonZeroUsize, String> {
    count::<usize>(text)
        .ok()
        .filter(|n| (1..=1024).contains(n))
        .and_then(std::num::NonZeroUsize::new)
        .ok_or_else(|| format!("{} is not a number of threads from 1 to 1024", quoted(text)))
}

/// Reads `--from` (0 when absent) and `--to` of a range of heaps,
/// refusing an empty range (the solver refuses one too long).
pub fn heap_range(from: Option<&str>, to: &str) -> anyhow::Result<(u64, u64)> {
    let to = size(to, "--to")?;
    let from = from
        .map(|text| size(text, "--from"))
        .transpose()?
        .unwrap_or(0);
    if from > to {
        return Err(usage(format!(
            "--from {from} is past --to {to}; give --from at most --to"
        )));
    }
    Ok((from, to))
}

/// Reads `--max`: `None` leaves the search limit to the solver.
pub fn max(text: Option<&str>) -> anyhow::Result<Option<u64>> {
    text.map(|t| size(t, "--max")).transpose()
}

pub fn parse_size(text: &str) -> Option<u64> {
    let t: String = text.trim().chars().filter(|&c| c != '_').collect();
    // Every step is checked: an offset or a power past u128 is refused, never
    // wrapped (10+(2^128-1) once read as 9).
    let (head, offset) = match t.rfind(['+', '-']) {
        Some(i) if i > 0 => (&t[..i], Some((&t[i..=i] == "-", plain(&t[i + 1..])?))),
        _ => (t.as_str(), None),
    };
    let base = if let Some((b, e)) = head.split_once('^') {
        power(plain(b)?, plain(e)?)?
    } else if let Some((m, e)) = head.split_once(['e', 'E']) {
        plain(m)?.checked_mul(power(10, plain(e)?)?)?
    } else {
        plain(head)?
    };
    let value = match offset {
        Some((true, off)) => base.checked_sub(off)?,
        Some((false, off)) => base.checked_add(off)?,
        None => base,
    };
    u64::try_from(value).ok()
}

fn plain(s: &str) -> Option<u128> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn power(base: u128, exp: u128) -> Option<u128> {
    base.checked_pow(u32::try_from(exp).ok()?)
}

/// Reads heap sizes, each with [`size`].
pub fn heaps(texts: &[String]) -> anyhow::Result<Vec<u64>> {
    texts.iter().map(|t| size(t, "heap")).collect()
}

/// The heap sizes of a position of the heap game `game` (typed as
/// `spec`) for `grundy move`: at least one.
pub fn position(texts: &[String], game: &Game, spec: &str) -> anyhow::Result<Vec<u64>> {
    if texts.is_empty() {
        return Err(usage(format!(
            "a position of {game} is its heap sizes, HEAP …, as in grundy move {} 5 10 20; see 'grundy move --help'",
            spec.trim()
        )));
    }
    heaps(texts)
}

/// Reads a game spec: a heap game, a multi-heap game, a board or graph
/// game or a family of boards; the solver says which questions each
/// answers. `cram:@FILE` and `node-kayles:@FILE` read the board or the edge
/// list from FILE (see [`spec_file`]).
pub fn game(spec: &str) -> anyhow::Result<Game> {
    if let Some((name, path)) = spec.trim().split_once(":@") {
        let text = spec_file(std::path::Path::new(path))?;
        return Game::from_file_text(name, &text).map_err(|e| usage(format!("{path}: {e}")));
    }
    Ok(spec.parse::<Game>()?)
}

/// The largest file a spec is read from: far more than the largest board
/// or graph the solver takes, drawn or listed with comments.
pub const LARGEST_SPEC_FILE: u64 = 1 << 20;

/// The text of the file a spec names (`cram:@board.txt`): a regular file
/// of UTF-8 text, at most [`LARGEST_SPEC_FILE`] bytes; anything else is a
/// usage error naming the file.
pub fn spec_file(path: &std::path::Path) -> anyhow::Result<String> {
    use std::io::Read as _;
    let shown = quoted(&path.display().to_string());
    let failed = |why: String| usage(format!("cannot read {shown}: {why}"));
    let file = std::fs::File::open(path).map_err(|e| failed(e.to_string()))?;
    let meta = file.metadata().map_err(|e| failed(e.to_string()))?;
    if !meta.is_file() {
        return Err(failed(
            "it is not a regular file; give a file with the board drawn one row a line, or an edge list".to_string(),
        ));
    }
    let mut bytes = Vec::new();
    file.take(LARGEST_SPEC_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| failed(e.to_string()))?;
    if bytes.len() as u64 > LARGEST_SPEC_FILE {
        return Err(failed(format!(
            "it is larger than {LARGEST_SPEC_FILE} bytes, more than any board or graph the solver takes"
        )));
    }
    String::from_utf8(bytes).map_err(|_| failed("it is not UTF-8 text".to_string()))
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("1_000_000"), Some(1_000_000));
        assert_eq!(parse_size("10^18"), Some(1_000_000_000_000_000_000));
        assert_eq!(parse_size("1e6"), Some(1_000_000));
        assert_eq!(parse_size("2^63-1"), Some(i64::MAX as u64));
        assert_eq!(parse_size("2^64-1"), Some(u64::MAX));
        assert_eq!(parse_size("2^64"), None);
        assert_eq!(parse_size(""), None);
        assert_eq!(parse_size("18446744073709551615"), Some(u64::MAX));
        assert_eq!(parse_size("18446744073709551616"), None);
        assert_eq!(parse_size("-3"), None);
        assert_eq!(parse_size("abc"), None);
        assert_eq!(parse_size("10^20"), None);
    }

    #[test]
    fn no_step_wraps_around() {
        let max = u128::MAX.to_string();
        assert_eq!(parse_size(&format!("10+{max}")), None);
        assert_eq!(parse_size(&format!("7+{}", u128::MAX - 5)), None);
        assert_eq!(parse_size(&format!("{max}-{}", u128::MAX - 9)), Some(9));
        assert_eq!(parse_size(&format!("0+{max}")), None);
        assert_eq!(
            parse_size("1+340282366920938463463374607431768211456"),
            None
        );
        assert_eq!(parse_size("2^127+2^127"), None);
        assert_eq!(parse_size("10^38+10^38"), None);
        assert_eq!(parse_size("3-4"), None);
        assert_eq!(parse_size("2^128-1"), None);
        assert_eq!(parse_size("2^64+0"), None);
        assert_eq!(parse_size("2^64-0"), None);
        assert_eq!(parse_size("2^65-2^64"), None);
        assert_eq!(parse_size("10^19+10"), Some(10_000_000_000_000_000_010));
    }
}
