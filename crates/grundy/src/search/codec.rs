//! A search's facts as bytes, so that a long search can be saved and
//! resumed (the solver layer writes them; the library only encodes).
//!
//! The format: the line `grundy search facts 1`, the game's name as a line,
//! the number of facts (8 bytes, little-endian), then each fact — its
//! position as the game encodes it, a tag byte (0: the nimber follows as 4
//! bytes; 1: the excluded values follow as 8 bytes of bits) — and last the
//! FNV-1a hash of everything before it (8 bytes). A file that fails any
//! check is refused whole: facts are trusted by the search, so none is read
//! from a damaged file.

use super::Game;
use super::table::Fact;
use crate::checksum::Fnv1a;
use crate::error::{Error, ErrorKind, Result};

/// A game whose positions can be written as bytes and read back.
///
/// ```
/// use grundy::games::{Board, Cram};
/// use grundy::search::Codec;
/// let board: Board = "..#\n...".parse()?;
/// let mut bytes = Vec::new();
/// Cram.encode(&board, &mut bytes);
/// let mut rest = &bytes[..];
/// assert_eq!(Cram.decode(&mut rest), Some(board));
/// assert!(rest.is_empty());
/// # Ok::<(), grundy::Error>(())
/// ```
pub trait Codec: Game {
    /// A name for the game, written in the file and checked on reading.
    fn name(&self) -> String;

    /// Appends `position` to `out`.
    fn encode(&self, position: &Self::Position, out: &mut Vec<u8>);

    /// Reads one position from the front of `bytes` and moves past it;
    /// `None` if the bytes are not a position of this game.
    fn decode(&self, bytes: &mut &[u8]) -> Option<Self::Position>;
}

const HEADER: &str = "grundy search facts 1\n";

/// `facts` of a search of `game`, as bytes.
///
/// ```
/// use grundy::games::{Board, Cram};
/// use grundy::search::{self, Options, Search, codec};
/// let mut search = Search::new(Cram, Options::default());
/// let v = search.nimber(&Board::rectangle(4, 4)?, &mut search::silent)?;
/// let bytes = codec::save(&Cram, &search.facts());
/// let mut resumed = Search::new(Cram, Options::default());
/// resumed.learn(codec::load(&Cram, &bytes)?);
/// assert_eq!(resumed.nimber(&Board::rectangle(4, 4)?, &mut search::silent)?, v);
/// assert_eq!(resumed.stats().nodes, 0); // answered from the facts
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn save<G: Codec>(game: &G, facts: &[(G::Position, Fact)]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(HEADER.as_bytes());
    out.extend_from_slice(game.name().replace('\n', " ").as_bytes());
    out.push(b'\n');
    out.extend_from_slice(&(facts.len() as u64).to_le_bytes());
    for (position, fact) in facts {
        game.encode(position, &mut out);
        match fact.value() {
            Some(v) => {
                out.push(0);
                out.extend_from_slice(&v.to_le_bytes());
            }
            None => {
                out.push(1);
                out.extend_from_slice(&fact.excluded_bits().to_le_bytes());
            }
        }
    }
    let mut hash = Fnv1a::new();
    hash.add(&out);
    out.extend_from_slice(&hash.finish().to_le_bytes());
    out
}

/// The facts in `bytes`, written by [`save`] for `game`.
///
/// # Errors
/// [`ErrorKind::Corrupt`] when the bytes are not such a file, belong to
/// another game, or fail their checksum.
pub fn load<G: Codec>(game: &G, bytes: &[u8]) -> Result<Vec<(G::Position, Fact)>> {
    let corrupt =
        |why: &str| Error::new(ErrorKind::Corrupt, format!("the saved search facts {why}"));
    let Some((body, sum)) = bytes.split_last_chunk::<8>() else {
        return Err(corrupt("are cut short"));
    };
    let mut hash = Fnv1a::new();
    hash.add(body);
    if hash.finish() != u64::from_le_bytes(*sum) {
        return Err(corrupt("fail their checksum: the file is damaged"));
    }
    let mut rest = body
        .strip_prefix(HEADER.as_bytes())
        .ok_or_else(|| corrupt("do not begin as such a file does"))?;
    let name = game.name().replace('\n', " ");
    rest = rest
        .strip_prefix(name.as_bytes())
        .and_then(|r| r.strip_prefix(b"\n"))
        .ok_or_else(|| corrupt(&format!("are not of the game {name}")))?;
    let (count, mut rest) = rest
        .split_first_chunk::<8>()
        .ok_or_else(|| corrupt("are cut short"))?;
    let count = u64::from_le_bytes(*count);
    let mut facts = Vec::new();
    for _ in 0..count {
        let position = game
            .decode(&mut rest)
            .ok_or_else(|| corrupt("hold a position that is not one"))?;
        let (&tag, after) = rest.split_first().ok_or_else(|| corrupt("are cut short"))?;
        let fact = match tag {
            0 => {
                let (v, after) = after
                    .split_first_chunk::<4>()
                    .ok_or_else(|| corrupt("are cut short"))?;
                rest = after;
                Fact::nimber(u32::from_le_bytes(*v))
            }
            1 => {
                let (bits, after) = after
                    .split_first_chunk::<8>()
                    .ok_or_else(|| corrupt("are cut short"))?;
                rest = after;
                Fact::excluding_bits(u64::from_le_bytes(*bits))
            }
            _ => return Err(corrupt("hold a fact of no known kind")),
        };
        facts.push((position, fact));
    }
    if !rest.is_empty() {
        return Err(corrupt("run on past their last fact"));
    }
    Ok(facts)
}

/// Reads a little-endian `u32` from the front of `bytes`.
pub(crate) fn read_u32(bytes: &mut &[u8]) -> Option<u32> {
    let (v, rest) = bytes.split_first_chunk::<4>()?;
    *bytes = rest;
    Some(u32::from_le_bytes(*v))
}

/// Reads `n` little-endian `u64` words from the front of `bytes`.
pub(crate) fn read_words(bytes: &mut &[u8], n: usize) -> Option<Vec<u64>> {
    let len = n.checked_mul(8)?;
    if bytes.len() < len {
        return None;
    }
    let (words, rest) = bytes.split_at(len);
    *bytes = rest;
    Some(
        words
            .chunks_exact(8)
            .map(|w| u64::from_le_bytes(w.try_into().unwrap_or([0; 8])))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::{load, save};
    use crate::games::{Board, Chomp, Cram, Graph, NodeKayles, Staircase};
    use crate::search::{Options, Search, silent};

    #[test]
    fn every_game_round_trips_and_damage_is_refused() {
        let mut cram = Search::new(Cram, Options::default());
        cram.nimber(&Board::rectangle(3, 5).unwrap(), &mut silent)
            .unwrap();
        let bytes = save(&Cram, &cram.facts());
        assert_eq!(load(&Cram, &bytes).unwrap().len(), cram.facts().len());
        for i in [0, 10, bytes.len() / 2, bytes.len() - 1] {
            let mut damaged = bytes.clone();
            damaged[i] ^= 1;
            assert!(load(&Cram, &damaged).is_err(), "a bit flipped at {i}");
        }
        assert!(load(&Cram, &bytes[..bytes.len() - 3]).is_err());
        assert!(load(&Chomp, &bytes).is_err());

        let mut kayles = Search::new(NodeKayles, Options::default());
        kayles
            .nimber(&Graph::grid(3, 4).unwrap(), &mut silent)
            .unwrap();
        let facts = kayles.facts();
        let back = load(&NodeKayles, &save(&NodeKayles, &facts)).unwrap();
        assert_eq!(back, facts);

        let mut chomp = Search::new(Chomp, Options::default());
        chomp
            .nimber(&Staircase::rectangle(4, 5).unwrap(), &mut silent)
            .unwrap();
        let facts = chomp.facts();
        assert_eq!(load(&Chomp, &save(&Chomp, &facts)).unwrap(), facts);
    }
}
