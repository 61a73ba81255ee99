//! The value frequencies of five octal games at every power of two up to
//! 2^16 against those Rogalski published (copied, one line a file, into
//! `tests/data/rogalski-frequencies.txt`), in memory and past memory.

use std::sync::Arc;

use grundy::Ruleset;
use grundy::values::sparse::windowed::{Windowed, Windows};
use grundy_service::{Game, Solver, Watch};

const PUBLISHED: &str = include_str!("../data/rogalski-frequencies.txt");

fn published() -> Vec<(String, u64, Vec<u64>)> {
    PUBLISHED
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut words = l.split_whitespace();
            let game = words.next().unwrap().to_string();
            let n = words.next().unwrap().parse().unwrap();
            let counts = words.map(|w| w.parse().unwrap()).collect();
            (game, n, counts)
        })
        .collect()
}

#[test]
fn frequencies_match_rogalski_at_every_power_of_two_to_2_16() {
    let solver = Arc::new(Solver::default());
    let rows = published();
    assert_eq!(rows.len(), 5 * 16);
    for (game, n, counts) in &rows {
        let g: Ruleset = game.parse().unwrap();
        let ours = solver
            .frequencies(&Game::from(g.clone()), *n, &mut Watch::silent())
            .unwrap();
        assert_eq!(&ours.counts, counts, "{game} to {n}");
    }
}

#[test]
fn the_windowed_engine_matches_rogalski_at_2_16_with_small_windows() {
    let small = Windows {
        head: 512,
        tail: 1024,
        tail_limit: 1024,
        middle: 1024,
        chunk: 256,
        chunks: 4,
        ..Windows::default()
    };
    for (game, n, counts) in published().iter().filter(|(_, n, _)| *n == 1 << 16) {
        let g: Ruleset = game.parse().unwrap();
        let mut cold = Vec::new();
        // One byte a value at first: 0.014, 0.034 and 0.172 reach 256 and
        // widen the table on the way.
        let mut w = Windowed::new(&g, small, 1).unwrap();
        w.extend(&mut cold, n + 1, &mut grundy::values::silent)
            .unwrap();
        let wide = counts.len() > 256;
        assert_eq!(w.width(), if wide { 2 } else { 1 }, "{game}");
        w.flush(&mut cold).unwrap();
        assert_eq!(cold.len() as u64, (n + 1) * w.width() as u64);
        if wide {
            // The widened cold values read back as the values.
            let mut again = vec![0u64; counts.len()];
            for pair in cold[2..].chunks_exact(2) {
                again[usize::from(u16::from_le_bytes([pair[0], pair[1]]))] += 1;
            }
            assert_eq!(&again, counts, "{game} from the cold values");
        }
        let mut ours = w.histogram().to_vec();
        ours[0] -= 1;
        ours.truncate(counts.len());
        assert_eq!(&ours, counts, "{game} to {n}");
        assert!(w.histogram()[counts.len()..].iter().all(|&c| c == 0));
    }
}
