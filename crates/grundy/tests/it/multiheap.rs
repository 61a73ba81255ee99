//! Multi-heap games (issue 4): the fast scan, the reference scan and brute
//! force agree; the seed's numbers; Wythoff's closed form; the laws of
//! P-positions.

use grundy::ErrorKind;
use grundy::multiheap::{self, Method, Options, PSet, SubsetGame, brute, wythoff};
use proptest::prelude::*;
use std::ops::ControlFlow::{Break, Continue};

fn with(game: &SubsetGame, to: u32, method: Method) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let options = Options {
        method,
        ..Options::default()
    };
    multiheap::scan(
        game,
        to,
        options,
        &mut |p| {
            out.push(p.to_vec());
            Continue(())
        },
        &mut grundy::values::silent,
    )
    .unwrap();
    out
}

/// Every symmetric game on 2 to 4 heaps, as (heaps, sizes bitmask).
fn all_games() -> impl Iterator<Item = SubsetGame> {
    (2..=4usize).flat_map(|k| {
        (1u32..1 << k).map(move |bits| {
            let sizes: Vec<usize> = (1..=k).filter(|s| bits & (1 << (s - 1)) != 0).collect();
            SubsetGame::new(k, &sizes).unwrap()
        })
    })
}

fn key_digits(position: &[u32], mask: usize) -> Vec<u32> {
    let inside: Vec<u32> = (0..position.len())
        .filter(|i| mask & (1 << i) != 0)
        .map(|i| position[i])
        .collect();
    let mut key: Vec<u32> = (0..position.len())
        .filter(|i| mask & (1 << i) == 0)
        .map(|i| position[i])
        .collect();
    key.push(u32::MAX); // separator
    key.extend(inside.iter().map(|&c| c - inside[0]));
    key
}

#[test]
fn seed_002_sum_to_100() {
    let stone: SubsetGame = "stone".parse().unwrap();
    for method in [Method::Fast, Method::Reference, Method::Brute] {
        let options = Options {
            method,
            ..Options::default()
        };
        let tally = multiheap::scan(
            &stone,
            100,
            options,
            &mut |_| Continue(()),
            &mut grundy::values::silent,
        )
        .unwrap();
        assert_eq!(tally.sum, 173_895, "{method:?}");
    }
}

#[test]
fn seed_002_sample_positions() {
    let p = PSet::compute(
        &SubsetGame::stone(),
        13,
        Options::default(),
        &mut grundy::values::silent,
    )
    .unwrap();
    for lost in [
        [0, 0, 0],
        [0, 1, 2],
        [1, 1, 4],
        [1, 3, 3],
        [0, 3, 5],
        [2, 2, 6],
    ] {
        assert!(p.contains(&lost).unwrap(), "{lost:?} is P");
        assert_eq!(p.winning_move(&lost).unwrap(), None);
    }
    for won in [[0, 0, 13], [0, 11, 11], [5, 5, 5]] {
        assert!(!p.contains(&won).unwrap(), "{won:?} is not P");
        let mv = p.winning_move(&won).unwrap().unwrap();
        assert!(p.contains(&mv.apply(&won)).unwrap());
    }
    let first: Vec<Vec<u32>> = p.iter().take(6).map(<[u32]>::to_vec).collect();
    assert_eq!(
        first,
        [
            [0, 0, 0],
            [0, 1, 2],
            [0, 3, 5],
            [0, 4, 7],
            [0, 6, 10],
            [0, 8, 13]
        ]
    );
}

#[test]
fn three_engines_agree_on_every_symmetric_game() {
    for game in all_games() {
        let to = match game.heaps() {
            2 => 30,
            3 => 18,
            _ => 9,
        };
        let fast = with(&game, to, Method::Fast);
        assert_eq!(fast, with(&game, to, Method::Reference), "{game}");
        assert_eq!(
            fast,
            brute::p_positions(&game, to, &mut grundy::values::silent).unwrap(),
            "{game}"
        );
    }
}

#[test]
fn engines_agree_on_stone_and_wythoff_to_30() {
    for game in [SubsetGame::stone(), SubsetGame::wythoff()] {
        let fast = with(&game, 30, Method::Fast);
        assert_eq!(fast, with(&game, 30, Method::Reference));
        assert_eq!(fast, with(&game, 30, Method::Brute));
    }
}

#[test]
fn fast_and_reference_agree_on_stone_to_300() {
    let stone = SubsetGame::stone();
    assert_eq!(
        with(&stone, 300, Method::Fast),
        with(&stone, 300, Method::Reference)
    );
}

#[test]
fn wythoff_closed_form() {
    let to = 2_000;
    let scanned = with(&SubsetGame::wythoff(), to, Method::Fast);
    let closed: Vec<Vec<u32>> = wythoff::p_positions(u64::from(to))
        .map(|(a, b)| vec![a as u32, b as u32])
        .collect();
    assert_eq!(scanned, closed);
    // Floating point agrees where it is accurate enough.
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    for k in 0..1_000u64 {
        assert_eq!(wythoff::lower(k), (k as f64 * phi).floor() as u64);
        assert_eq!(wythoff::lower(k) + k, (k as f64 * phi * phi).floor() as u64);
    }
}

#[test]
fn specs_read_back() {
    for spec in [
        "wythoff",
        "stone",
        "subsets:3:1,2,3,12,13,23",
        "subsets:4:all",
        "subsets:3:12,13,23",
        "subsets:2:12",
        "subsets:4:1,2,3,4,1234",
    ] {
        let game: SubsetGame = spec.parse().unwrap();
        assert_eq!(game.to_string(), spec);
    }
    assert_eq!(
        "subsets:2:1,2,12".parse::<SubsetGame>().unwrap(),
        SubsetGame::wythoff()
    );
    for game in all_games() {
        assert_eq!(game.explicit_spec().parse::<SubsetGame>().unwrap(), game);
        assert_eq!(game.to_string().parse::<SubsetGame>().unwrap(), game);
    }
    assert_eq!(
        "subsets:3:123,1,3,2,31,21,32"
            .parse::<SubsetGame>()
            .unwrap(),
        SubsetGame::stone()
    );
}

#[test]
fn bad_specs_say_how_to_fix_them() {
    for (spec, hint) in [
        ("subsets:3:1,12", "subsets:3:1,2,3,12,13,23"),
        ("subsets:3:1,12,123", "e.g. subsets:3:1,2,3,12,13,23,123"),
        ("subsets:3:14", "heaps 1 to 3"),
        ("subsets:3:11", "once"),
        ("subsets:5:all", "2, 3 or 4"),
        ("subsets:3:", "heap numbers"),
        ("subsets:3", "subsets:K:SUBSETS"),
        ("subsets:x:1", "K = 2, 3 or 4"),
        ("subsets:2:a", "heap numbers"),
        ("wythof", "wythoff"),
    ] {
        let err = spec.parse::<SubsetGame>().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidSpec, "{spec}");
        assert!(err.to_string().contains(hint), "{spec}: {err}");
        assert!(!err.to_string().contains('\n'));
    }
}

#[test]
fn too_large_is_refused_up_front() {
    let options = Options {
        budget: grundy::values::Budget::bytes(1 << 20),
        ..Options::default()
    };
    let err = multiheap::scan(
        &SubsetGame::stone(),
        100_000,
        options,
        &mut |_| Continue(()),
        &mut grundy::values::silent,
    )
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooLarge);
    assert!(err.to_string().contains("N = "), "{err}");
    let fits: u32 = err
        .to_string()
        .rsplit("N = ")
        .next()
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(multiheap::memory_needed(&SubsetGame::stone(), fits, Method::Fast) <= 1 << 20);
    assert!(multiheap::memory_needed(&SubsetGame::stone(), fits + 1, Method::Fast) > 1 << 20);
}

#[test]
fn positions_beyond_the_bound_name_the_bound_needed() {
    let p = PSet::compute(
        &SubsetGame::stone(),
        10,
        Options::default(),
        &mut grundy::values::silent,
    )
    .unwrap();
    let err = p.winning_move(&[3, 5, 70]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    assert!(err.to_string().contains("N = 70"), "{err}");
    assert!(p.contains(&[1, 2]).is_err());
}

fn symmetric_game() -> impl Strategy<Value = (SubsetGame, u32)> {
    (2usize..=4)
        .prop_flat_map(|k| (Just(k), 1u32..(1 << k)))
        .prop_flat_map(|(k, bits)| {
            let sizes: Vec<usize> = (1..=k).filter(|s| bits & (1 << (s - 1)) != 0).collect();
            let most: u32 = match k {
                2 => 40,
                3 => 16,
                _ => 7,
            };
            (Just(SubsetGame::new(k, &sizes).unwrap()), 0..=most)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn fast_reference_and_brute_agree((game, to) in symmetric_game()) {
        let fast = with(&game, to, Method::Fast);
        prop_assert_eq!(&fast, &with(&game, to, Method::Reference));
        prop_assert_eq!(&fast, &brute::p_positions(&game, to, &mut grundy::values::silent).unwrap());
    }

    #[test]
    fn laws_of_p_positions((game, to) in symmetric_game()) {
        let p = PSet::compute(&game, to, Options::default(), &mut grundy::values::silent).unwrap();
        // No two P-positions share a key of an allowed subset.
        let mut seen = std::collections::HashSet::new();
        for pos in p.iter() {
            let mut mine = std::collections::HashSet::new();
            for mask in 1..1usize << game.heaps() {
                if game.allows_subset(mask as u8) {
                    mine.insert((mask.count_ones(), key_digits(pos, mask)));
                }
            }
            for key in mine {
                prop_assert!(seen.insert(key.clone()), "{:?} shares key {:?}", pos, key);
            }
        }
        // Every position: P has no move to P; N has a move to P.
        let mut t = vec![0u32; game.heaps()];
        loop {
            let lost = p.contains(&t).unwrap();
            let to_p = game.moves(&t).iter().any(|m| p.contains(&m.apply(&t)).unwrap());
            prop_assert_eq!(lost, !to_p, "{:?}", t);
            let mv = p.winning_move(&t).unwrap();
            prop_assert_eq!(mv.is_none(), lost);
            let streamed = multiheap::winning_move(&game, &t, Options::default(), &mut grundy::values::silent);
            prop_assert_eq!(streamed.unwrap(), mv);
            let mut all: Vec<_> = game
                .moves(&t)
                .into_iter()
                .filter(|m| p.contains(&m.apply(&t)).unwrap())
                .collect();
            all.sort_by_key(|m| (m.heaps.len(), m.heaps.clone(), m.take));
            let every = multiheap::winning_moves(&game, &t, Options::default(), &mut grundy::values::silent);
            prop_assert_eq!(every.unwrap(), all);
            // Every ordered position, not only sorted ones.
            let Some(i) = t.iter().rposition(|&c| c < to) else { break };
            t[i] += 1;
            t[i + 1..].fill(0);
        }
    }
}

/// The fast scan works in blocks of 64 first coordinates; cross a block
/// boundary on every game, including those without single-heap moves, where
/// a prefix can have several P-positions.
#[test]
fn fast_and_reference_agree_across_blocks() {
    for game in all_games() {
        let to = match game.heaps() {
            2 => 300,
            3 => 130,
            _ => 66,
        };
        assert_eq!(
            with(&game, to, Method::Fast),
            with(&game, to, Method::Reference),
            "{game}"
        );
    }
}

#[test]
fn every_engine_stops_when_asked() {
    for method in [Method::Fast, Method::Reference, Method::Brute] {
        let options = Options {
            method,
            ..Options::default()
        };
        let mut seen = 0;
        let mut visit = |_: &[u32]| {
            seen += 1;
            if seen == 3 { Break(()) } else { Continue(()) }
        };
        let err = multiheap::scan(
            &SubsetGame::stone(),
            40,
            options,
            &mut visit,
            &mut grundy::values::silent,
        )
        .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Interrupted, "{method:?}");
        assert_eq!(seen, 3, "{method:?}");
    }
}

/// C14 (issue 38): brute force asks its progress callback (which is how a
/// caller says stop) at least once every `brute::CHUNK` positions, while
/// it lists them and while it decides a layer, not only between layers: a
/// stop in the largest layers of stone to 400 was heard after 6–10 s.
/// The positions are listed in one flat array, not a vector each.
#[test]
fn brute_force_asks_to_go_on_every_chunk_of_positions() {
    let to = 100;
    let mut sizes = vec![0usize; 3 * to + 1];
    for a in 0..=to {
        for b in a..=to {
            for c in b..=to {
                sizes[a + b + c] += 1;
            }
        }
    }
    let positions: usize = sizes.iter().sum();
    assert!(sizes.iter().any(|&n| n > brute::CHUNK), "a layer to chunk");
    // The positions are listed twice (counted by layer, then placed).
    let asks = 2 * (positions / brute::CHUNK)
        + sizes
            .iter()
            .map(|n| n.div_ceil(brute::CHUNK))
            .sum::<usize>()
        + 1;
    let mut calls = 0;
    let found = brute::p_positions(&SubsetGame::stone(), to as u32, &mut |_| {
        calls += 1;
        Continue(())
    })
    .unwrap();
    assert_eq!(found, with(&SubsetGame::stone(), to as u32, Method::Fast));
    assert_eq!(calls, asks);
    // A stop asked at any call is obeyed at that call.
    for stop_at in [1, positions / brute::CHUNK, asks / 2, asks - 1] {
        let mut calls = 0;
        let err = brute::p_positions(&SubsetGame::stone(), to as u32, &mut |_| {
            calls += 1;
            if calls == stop_at {
                Break(())
            } else {
                Continue(())
            }
        })
        .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Interrupted);
        assert_eq!(calls, stop_at);
    }
}

/// W6: a 100,000-character spec is quoted in the error by at most a few
/// dozen characters, control characters escaped.
#[test]
fn spec_errors_quote_a_few_dozen_characters() {
    let long = "9".repeat(100_000);
    for spec in [
        long.clone(),
        format!("subsets:{long}"),
        format!("subsets:{long}:12"),
        format!("subsets:3:1,,{long}"),
        format!("subsets:3:1,2x{long}"),
        format!("wythoff\u{1b}[2J{long}"),
    ] {
        let err = spec.parse::<SubsetGame>().unwrap_err();
        let message = err.to_string();
        assert!(message.len() < 400, "{} bytes", message.len());
        assert!(!message.chars().any(char::is_control), "{message:?}");
    }
}

/// A stop asked while the scan has not reached the position is an error,
/// never a short list of winning moves passed off as the answer (before,
/// a Ctrl-C mid-scan could be answered with a partial list, or "lost").
#[test]
fn a_stop_before_the_position_is_reached_is_an_error() {
    let position = [90_000u32, 120_000];
    let stopped = |_: grundy::values::Progress| Break(());
    let subsets = multiheap::winning_moves(
        &SubsetGame::wythoff(),
        &position,
        Options::default(),
        &mut { stopped },
    );
    assert_eq!(
        subsets.map(|m| m.len()).map_err(|e| e.kind()),
        Err(ErrorKind::Interrupted)
    );
    let vectors: multiheap::vectors::VectorGame =
        "vectors:(1,0),(0,1),(1,2),(2,1)".parse().unwrap();
    let found = multiheap::vectors::winning_moves(&vectors, &position, Options::default(), &mut {
        stopped
    });
    assert_eq!(
        found.map(|m| m.len()).map_err(|e| e.kind()),
        Err(ErrorKind::Interrupted)
    );
    // Unstopped, the same calls answer (the position is won: some move).
    let small = [9u32, 12];
    assert!(
        !multiheap::winning_moves(
            &SubsetGame::wythoff(),
            &small,
            Options::default(),
            &mut grundy::values::silent
        )
        .unwrap()
        .is_empty()
    );
}
