//! Multi-heap games by move vectors (issue 35): the key scan against its
//! brute-force twin on random vector sets, vector Wythoff and stone equal
//! `wythoff` and `stone`, winning moves, specs, and Project Euler 665.

use std::collections::BTreeSet;
use std::ops::ControlFlow::Continue;

use grundy::ErrorKind;
use grundy::multiheap::vectors::{self, VectorGame, VectorMove};
use grundy::multiheap::{self, Method, Options, SubsetGame, wythoff};
use grundy::values::{self, Budget};
use proptest::prelude::*;

fn with(game: &VectorGame, to: u32, method: Method) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let options = Options {
        method,
        ..Options::default()
    };
    vectors::scan(
        game,
        to,
        options,
        &mut |p| {
            out.push(p.to_vec());
            Continue(())
        },
        &mut values::silent,
    )
    .unwrap();
    out
}

#[test]
fn move_vector_wythoff_and_stone_are_wythoff_and_stone() {
    let wythoff_vectors: VectorGame = "vectors:(1,0),(0,1),(1,1)".parse().unwrap();
    assert_eq!(
        wythoff_vectors.as_subset_game(),
        Some(SubsetGame::wythoff())
    );
    let closed_form: Vec<Vec<u32>> = wythoff::p_positions(300)
        .map(|(a, b)| vec![a as u32, b as u32])
        .collect();
    assert_eq!(with(&wythoff_vectors, 300, Method::Reference), closed_form);
    assert_eq!(with(&wythoff_vectors, 300, Method::Fast), closed_form);
    assert_eq!(
        with(&wythoff_vectors, 30, Method::Brute),
        with(&wythoff_vectors, 30, Method::Reference)
    );

    let stone_vectors: VectorGame =
        "vectors:(1,0,0),(0,1,0),(0,0,1),(1,1,0),(1,0,1),(0,1,1),(1,1,1)"
            .parse()
            .unwrap();
    assert_eq!(stone_vectors.to_string(), "stone");
    let stone = SubsetGame::stone();
    assert_eq!(
        with(&stone_vectors, 60, Method::Reference),
        multiheap::p_positions(&stone, 60).unwrap()
    );
    for subsets in [
        "subsets:3:1,2,3,12,13,23",
        "subsets:4:1,2,3,4,1234",
        "subsets:2:12",
    ] {
        let game: SubsetGame = subsets.parse().unwrap();
        let as_vectors = VectorGame::from(game);
        assert_eq!(as_vectors.to_string(), game.to_string());
        let to = if game.heaps() == 4 { 9 } else { 25 };
        assert_eq!(
            with(&as_vectors, to, Method::Reference),
            multiheap::p_positions(&game, to).unwrap(),
            "{subsets}"
        );
    }
}

fn vector_game(heaps: usize, most: u32) -> impl Strategy<Value = VectorGame> {
    prop::collection::vec(prop::collection::vec(0..=most, heaps), 1..=4)
        .prop_filter_map("a vector of zeros", move |vs| {
            VectorGame::new(heaps, &vs).ok()
        })
}

/// The moves of `position` that reach a P-position, from the brute force's
/// list of P-positions.
fn brute_winning_moves(
    game: &VectorGame,
    lost: &BTreeSet<Vec<u32>>,
    position: &[u32],
) -> Vec<VectorMove> {
    let mut wins: Vec<VectorMove> = game
        .moves(position)
        .into_iter()
        .filter(|mv| {
            let mut after = mv.apply(position);
            if game.is_symmetric() {
                after.sort_unstable();
            }
            lost.contains(&after)
        })
        .collect();
    wins.sort();
    wins
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_key_scan_equals_brute_force_on_two_heaps(game in vector_game(2, 3)) {
        let keys = with(&game, 14, Method::Reference);
        prop_assert_eq!(&keys, &with(&game, 14, Method::Brute), "{}", game);
        prop_assert_eq!(&keys, &with(&game, 14, Method::Fast), "{}", game);
        let lost: BTreeSet<Vec<u32>> = keys.into_iter().collect();
        for a in 0..=9 {
            for b in 0..=9 {
                let wins = vectors::winning_moves(&game, &[a, b], Options::default(), &mut values::silent).unwrap();
                prop_assert_eq!(wins, brute_winning_moves(&game, &lost, &[a, b]), "{} ({}, {})", game, a, b);
            }
        }
    }

    #[test]
    fn the_key_scan_equals_brute_force_on_three_heaps(game in vector_game(3, 2)) {
        prop_assert_eq!(with(&game, 6, Method::Reference), with(&game, 6, Method::Brute), "{}", game);
    }

    /// Symmetric sets (each vector with all its orders) list sorted
    /// positions, as the subset games do.
    #[test]
    fn symmetric_vector_sets_equal_brute_force(base in prop::collection::vec((0u32..=3, 0u32..=3), 1..=3)) {
        let vs: Vec<Vec<u32>> = base
            .iter()
            .filter(|&&(a, b)| a + b > 0)
            .flat_map(|&(a, b)| [vec![a, b], vec![b, a]])
            .collect();
        prop_assume!(!vs.is_empty());
        let game = VectorGame::new(2, &vs).unwrap();
        prop_assert!(game.is_symmetric());
        let keys = with(&game, 16, Method::Reference);
        prop_assert!(keys.iter().all(|p| p[0] <= p[1]));
        prop_assert_eq!(&keys, &with(&game, 16, Method::Brute), "{}", game);
        let lost: BTreeSet<Vec<u32>> = keys.into_iter().collect();
        for (a, b) in [(3, 7), (7, 3), (5, 5), (0, 9), (9, 2)] {
            let wins = vectors::winning_moves(&game, &[a, b], Options::default(), &mut values::silent).unwrap();
            prop_assert_eq!(wins, brute_winning_moves(&game, &lost, &[a, b]), "{} ({}, {})", game, a, b);
        }
    }
}

#[test]
fn vector_specs_read_and_fail_clearly() {
    let g: VectorGame = " vectors: (2,1) , (1,2),(1, 0),(0,1),(1,1),(3,3)"
        .parse()
        .unwrap();
    assert_eq!(g.to_string(), "vectors:(0,1),(1,0),(1,1),(1,2),(2,1)");
    assert_eq!(g.explicit_spec(), g.to_string());
    let one_way: VectorGame = "vectors:(1,0),(1,1)".parse().unwrap();
    assert!(!one_way.is_symmetric());
    assert_eq!(one_way.to_string(), "vectors:(1,0),(1,1)");
    for (spec, hint) in [
        ("vectors:", "write each vector's entries in parentheses"),
        ("vectors:10,01", "(quote it in a shell)"),
        ("vectors:(1,0),(0,1", "in parentheses"),
        ("vectors:(1,0)(0,1)", "in parentheses"),
        ("vectors:(1,0),(0,1,1)", "give every vector 2 entries"),
        ("vectors:(0,0)", "takes nothing"),
        ("vectors:(1)", "2, 3 or 4 entries"),
        ("vectors:(1,-1)", "'-1' is not an entry"),
        ("vectors:(1,0,0,0,1)", "2, 3 or 4 entries"),
        ("wythof", "vectors:(1,0),(0,1),(1,1),(1,2),(2,1)"),
    ] {
        let err = spec.parse::<VectorGame>().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidSpec, "{spec}");
        assert!(err.to_string().contains(hint), "{spec}: {err}");
    }
    let err = vectors::winning_moves(&g, &[1, 2, 3], Options::default(), &mut values::silent)
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    let tiny = Options {
        budget: Budget::bytes(1 << 10),
        ..Options::default()
    };
    let err = vectors::scan(
        &g,
        100_000,
        tiny,
        &mut |_| Continue(()),
        &mut values::silent,
    )
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooLarge);
    assert!(err.to_string().contains("ask for N ="), "{err}");
}

/// Project Euler 665, Proportionate Nim (https://projecteuler.net/problem=665):
/// two piles; remove n from one, n from both, or n from one and 2n from
/// the other. (1, 3), (2, 6), (4, 5) are the first losing positions; f(M)
/// sums n + m over the losing (n, m), n <= m, n + m <= M. The statement
/// gives f(10) = 21, f(100) = 1164 and f(1000) = 117002.
#[test]
fn project_euler_665_proportionate_nim() {
    let game: VectorGame = "vectors:(1,0),(0,1),(1,1),(1,2),(2,1)".parse().unwrap();
    let f = |m: u32| -> u64 {
        let mut total = 0u64;
        vectors::scan(
            &game,
            m,
            Options::default(),
            &mut |p| {
                if p[0] + p[1] <= m {
                    total += u64::from(p[0] + p[1]);
                }
                Continue(())
            },
            &mut values::silent,
        )
        .unwrap();
        total
    };
    assert_eq!(
        vectors::p_positions(&game, 5).unwrap(),
        [vec![0, 0], vec![1, 3], vec![4, 5]]
    );
    assert!(
        vectors::p_positions(&game, 6)
            .unwrap()
            .contains(&vec![2, 6])
    );
    assert_eq!(f(10), 21);
    assert_eq!(f(100), 1164);
    assert_eq!(f(1000), 117_002);
    // The moves from (2, 6) the statement lists.
    let after: BTreeSet<Vec<u32>> = game
        .moves(&[2, 6])
        .iter()
        .map(|mv| {
            let mut p = mv.apply(&[2, 6]);
            p.sort_unstable();
            p
        })
        .collect();
    let listed: BTreeSet<Vec<u32>> = [
        [0, 2],
        [0, 4],
        [0, 5],
        [0, 6],
        [1, 2],
        [1, 4],
        [1, 5],
        [1, 6],
        [2, 2],
        [2, 3],
        [2, 4],
        [2, 5],
    ]
    .iter()
    .map(|p| p.to_vec())
    .collect();
    assert_eq!(after, listed);
}
