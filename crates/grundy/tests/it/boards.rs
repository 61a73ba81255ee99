//! Games searched by the generic engine: Cram, Node-Kayles and Chomp against
//! the heap games they contain, against the naive twin, and against the
//! laws of sums and symmetry.

use std::collections::HashMap;

use grundy::games::{Board, Chomp, Cram, Graph, NodeKayles, NodeKaylesGrid, Staircase};
use grundy::misere::Judge;
use grundy::search::misere_search::MisereSearch;
use grundy::search::{self, Game, Options, Search, naive};
use grundy::values::{self, Budget};
use grundy::{Nimber, Ruleset};
use proptest::prelude::*;

fn nimber<G: Game>(search: &mut Search<G>, position: &G::Position) -> Nimber {
    search
        .nimber(position, &mut search::silent)
        .unwrap_or_else(|e| panic!("{position:?}: {e}"))
}

fn naive_nimber<G: Game>(game: &G, position: &G::Position) -> Nimber {
    naive::nimber(game, position, Budget::default(), &mut search::silent)
        .unwrap_or_else(|e| panic!("{position:?}: {e}"))
}

/// Cram on a strip of one row is Dawson's Kayles, 0.07: a domino takes two
/// adjacent cells out of a row.
#[test]
fn cram_strips_are_dawsons_kayles_to_1000() {
    let dawson: Ruleset = "0.07".parse().unwrap();
    let g = values::compute(&dawson, 1000).unwrap();
    let mut search = Search::new(Cram, Options::default());
    for n in 0..=1000u32 {
        let expected = g.get(u64::from(n)).unwrap();
        assert_eq!(
            nimber(&mut search, &Board::rectangle(1, n).unwrap()),
            expected,
            "1 × {n}"
        );
    }
    for n in [1, 2, 63, 64, 65, 300] {
        let expected = g.get(u64::from(n)).unwrap();
        assert_eq!(
            nimber(&mut search, &Board::rectangle(n, 1).unwrap()),
            expected,
            "{n} × 1"
        );
    }
}

/// Node-Kayles on a path is Dawson's chess, 0.137: as a graph, and as a
/// grid of one row (and one column).
#[test]
fn node_kayles_paths_are_dawsons_chess() {
    let dawson: Ruleset = "0.137".parse().unwrap();
    let g = values::compute(&dawson, 128).unwrap();
    let mut search = Search::new(NodeKayles, Options::default());
    let mut grid = Search::new(NodeKaylesGrid, Options::default());
    for n in 0..=128u32 {
        let expected = g.get(u64::from(n)).unwrap();
        assert_eq!(
            nimber(&mut search, &Graph::path(n).unwrap()),
            expected,
            "path of {n}"
        );
        assert_eq!(
            nimber(&mut grid, &Board::rectangle(1, n).unwrap()),
            expected,
            "1 × {n} grid"
        );
    }
    for n in [1, 2, 3, 57, 64, 65, 128] {
        let expected = g.get(u64::from(n)).unwrap();
        assert_eq!(
            nimber(&mut grid, &Board::rectangle(n, 1).unwrap()),
            expected,
            "{n} × 1 grid"
        );
    }
}

/// Node-Kayles on a 2 × n ladder is 1, 0, 1, 0, …: even ladders are lost by
/// the half-turn symmetry, odd ones won by taking a middle vertex first, and
/// the values are no larger. As a graph and as a grid.
#[test]
fn node_kayles_ladders_alternate() {
    let mut search = Search::new(NodeKayles, Options::default());
    let mut grid = Search::new(NodeKaylesGrid, Options::default());
    for n in 1..=24u32 {
        let v = nimber(&mut search, &Graph::grid(2, n).unwrap());
        assert_eq!(v.value(), u64::from(n % 2), "2 × {n}");
        let v = nimber(&mut grid, &Board::rectangle(2, n).unwrap());
        assert_eq!(v.value(), u64::from(n % 2), "2 × {n} grid");
        let v = nimber(&mut grid, &Board::rectangle(n, 2).unwrap());
        assert_eq!(v.value(), u64::from(n % 2), "{n} × 2 grid");
    }
}

/// Node-Kayles on the 3 × n grid for n = 1..=16: OEIS A316632 (Brown,
/// Daugherty, Fiorini et al., "Nimber Sequences of Node-Kayles Games",
/// J. Integer Sequences 23, 2020), the published frontier.
const NODE_KAYLES_3_BY_N: [u64; 16] = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];

/// Both codes reproduce A316632, and so agree with each other, on
/// 3 × 1 to 3 × 16: the graph game (components found and made canonical
/// as general graphs, by colour refinement) and the grid game (regions of
/// a board, canonical under the square's symmetries) share only the
/// search engine.
#[test]
fn node_kayles_on_three_rows_reproduces_oeis_a316632() {
    let mut search = Search::new(NodeKayles, Options::default());
    let mut grid = Search::new(NodeKaylesGrid, Options::default());
    for (n, &expected) in (1..).zip(&NODE_KAYLES_3_BY_N) {
        let v = nimber(&mut search, &Graph::grid(3, n).unwrap());
        assert_eq!(v.value(), expected, "3 × {n}");
        let v = nimber(&mut grid, &Board::rectangle(3, n).unwrap());
        assert_eq!(v.value(), expected, "3 × {n} grid");
        let v = nimber(&mut grid, &Board::rectangle(n, 3).unwrap());
        assert_eq!(v.value(), expected, "{n} × 3 grid");
    }
}

/// Past the published n = 16, the values this project found (n = 17 to
/// 27, docs/benchmarks.md) from the grid game, to n = 20: each under a
/// few seconds in a debug build. The graph game's own values to 27 are
/// checked against these in the measured run the same file describes.
#[test]
fn node_kayles_on_three_rows_past_the_published_values() {
    let mut grid = Search::new(NodeKaylesGrid, Options::default());
    for (n, expected) in (17..=20).zip([2, 2, 1, 1]) {
        let v = nimber(&mut grid, &Board::rectangle(3, n).unwrap());
        assert_eq!(v.value(), expected, "3 × {n} grid");
    }
}

/// Node-Kayles on four rows is lost. For even n the half turn pairs every
/// vertex with one two or more steps away, so the second player copies;
/// the comment of OEIS A316632 says 0 for every n, checked here to n = 8
/// as a graph and to n = 12 as a grid.
#[test]
fn node_kayles_on_four_rows_is_lost() {
    let mut search = Search::new(NodeKayles, Options::default());
    for n in 1..=8 {
        assert!(
            nimber(&mut search, &Graph::grid(4, n).unwrap()).is_zero(),
            "4 × {n}"
        );
    }
    let mut grid = Search::new(NodeKaylesGrid, Options::default());
    for n in 1..=12 {
        assert!(
            nimber(&mut grid, &Board::rectangle(4, n).unwrap()).is_zero(),
            "4 × {n} grid"
        );
    }
}

/// Nimbers of empty Cram boards, from the table in the README of
/// beling/impartial-games at commit 07a34e6 (boards first computed by
/// Schneider 2009, Glop, Uiterwijk 2019 and Beling); the boards this test
/// runs take a few seconds at most. Larger ones are in the ignored test
/// below.
const PUBLISHED_CRAM: &[(u32, u32, u64)] = &[
    (4, 4, 0),
    (4, 5, 2),
    (4, 6, 0),
    (4, 7, 3),
    (4, 8, 0),
    (5, 5, 0),
    (5, 6, 2),
];

/// The rest of that table that this machine solves in minutes, not
/// seconds (run with `--ignored --release`).
const PUBLISHED_CRAM_LARGER: &[(u32, u32, u64)] = &[
    (4, 9, 1),
    (4, 10, 0),
    (4, 11, 1),
    (5, 7, 1),
    (5, 8, 1),
    (5, 9, 1),
    (6, 6, 0),
    (6, 7, 5),
];

fn check_published(table: &[(u32, u32, u64)]) {
    for &(rows, cols, expected) in table {
        let mut search = Search::new(Cram, Options::default());
        let v = nimber(&mut search, &Board::rectangle(rows, cols).unwrap());
        assert_eq!(v.value(), expected, "{rows} × {cols}");
        let v = nimber(&mut search, &Board::rectangle(cols, rows).unwrap());
        assert_eq!(v.value(), expected, "{cols} × {rows}");
    }
}

#[test]
fn cram_reproduces_published_values() {
    check_published(PUBLISHED_CRAM);
}

#[test]
#[ignore = "minutes in release mode"]
fn cram_reproduces_larger_published_values() {
    check_published(PUBLISHED_CRAM_LARGER);
}

/// Even × even boards are lost (the second player answers each move with
/// its image under the half turn), whatever their size.
#[test]
fn even_by_even_cram_boards_are_lost() {
    let mut search = Search::new(Cram, Options::default());
    for (rows, cols) in [(2, 2), (2, 8), (4, 6), (2, 20)] {
        assert!(
            search
                .is_lost(&Board::rectangle(rows, cols).unwrap(), &mut search::silent)
                .unwrap(),
            "{rows} × {cols}"
        );
    }
}

/// Chomp's two-row positions of n and n − 1 squares are lost, and every
/// rectangle is won (strategy stealing).
#[test]
fn chomp_laws() {
    let mut search = Search::new(Chomp, Options::default());
    for n in 1..=12 {
        let s = Staircase::new(vec![n, n - 1]).unwrap();
        assert!(nimber(&mut search, &s).is_zero(), "{s}");
    }
    for rows in 1..=5 {
        for cols in 1..=6 {
            if rows * cols > 1 {
                let s = Staircase::rectangle(rows, cols).unwrap();
                assert!(!nimber(&mut search, &s).is_zero(), "{rows} × {cols}");
            }
        }
    }
}

/// Every thread count gives the same values.
#[test]
fn threads_agree() {
    let boards = ["3x7", "4x5", "5x5"];
    let expected: Vec<Nimber> = boards
        .iter()
        .map(|b| nimber(&mut Search::new(Cram, Options::default()), &rect(b)))
        .collect();
    for threads in [2, 4, 8] {
        let options = Options {
            threads,
            ..Options::default()
        };
        let mut search = Search::new(Cram, options);
        let got: Vec<Nimber> = boards
            .iter()
            .map(|b| nimber(&mut search, &rect(b)))
            .collect();
        assert_eq!(got, expected, "{threads} threads");
        let mut kayles = Search::new(NodeKayles, options);
        let mut alone = Search::new(NodeKayles, Options::default());
        let grid = Graph::grid(3, 6).unwrap();
        assert_eq!(nimber(&mut kayles, &grid), nimber(&mut alone, &grid));
    }
}

/// Chomp, searched by the definition (no split, no question of a value),
/// has its options shared out between threads too: every staircase under
/// a 6 × 6 rectangle, and the rectangle itself, gets one thread's value on
/// 2, 4, 8 and 16 threads.
#[test]
fn threads_agree_on_chomp() {
    let mut staircases = vec![Staircase::rectangle(6, 6).unwrap()];
    for a in 1..=6 {
        for b in 0..=a {
            for c in 0..=b {
                staircases.push(Staircase::new(vec![6, a, b, c]).unwrap());
            }
        }
    }
    let mut alone = Search::new(Chomp, Options::default());
    let expected: Vec<Nimber> = staircases.iter().map(|s| nimber(&mut alone, s)).collect();
    for threads in [2, 4, 8, 16] {
        let options = Options {
            threads,
            ..Options::default()
        };
        // A fresh table for each position, so that every search is a
        // whole one with the threads sharing its options out.
        let got: Vec<Nimber> = staircases
            .iter()
            .map(|s| nimber(&mut Search::new(Chomp, options), s))
            .collect();
        assert_eq!(got, expected, "{threads} threads");
    }
}

/// A table much smaller than the search would fill drops facts and still
/// finds the same values.
#[test]
fn a_small_table_gives_the_same_values() {
    let mut small = Search::new(
        Cram,
        Options {
            budget: Budget::bytes(32 << 10),
            threads: 1,
        },
    );
    let mut roomy = Search::new(Cram, Options::default());
    for b in ["4x5", "3x9", "5x5"] {
        assert_eq!(
            nimber(&mut small, &rect(b)),
            nimber(&mut roomy, &rect(b)),
            "{b}"
        );
    }
    let stats = small.stats();
    assert!(stats.bytes <= 32 << 10 && stats.dropped > 0, "{stats:?}");
}

fn rect(spec: &str) -> Board {
    let (r, c) = spec.split_once('x').unwrap();
    Board::rectangle(r.parse().unwrap(), c.parse().unwrap()).unwrap()
}

/// Winning moves lead to lost positions, and a won position has one.
#[test]
fn judged_moves_are_right() {
    let mut search = Search::new(Cram, Options::default());
    for board in ["...\n...\n..#", "....\n.#..\n....", "..\n..\n..\n.."] {
        let board: Board = board.parse().unwrap();
        let judged = search.judge_moves(&board, &mut search::silent).unwrap();
        for m in &judged {
            let after = naive_nimber(&Cram, &m.after);
            assert_eq!(after.is_zero(), m.wins, "{} on {board}", m.play);
        }
        assert_eq!(
            judged.iter().any(|m| m.wins),
            !naive_nimber(&Cram, &board).is_zero()
        );
    }
}

/// Misère play of Cram strips and Node-Kayles paths, heap games in
/// disguise, against the misère judge of 0.07 and 0.137: single strips and
/// sums of strips side by side.
#[test]
fn misere_search_agrees_with_the_judge_on_heap_games_in_disguise() {
    let mut strips = MisereSearch::new(Cram, Budget::default());
    let mut judge = Judge::new("0.07".parse().unwrap(), 1 << 26);
    for heaps in sums_of_heaps(11) {
        let board = strips_board(&heaps);
        let lost = strips.is_lost(&board, &mut search::silent).unwrap();
        let expected = judge.outcome(&heaps).unwrap();
        assert_eq!(lost, !expected.next_player_wins(), "0.07 {heaps:?}");
    }
    let mut paths = MisereSearch::new(NodeKayles, Budget::default());
    let mut judge = Judge::new("0.137".parse().unwrap(), 1 << 26);
    for heaps in sums_of_heaps(9) {
        let graph = paths_graph(&heaps);
        let lost = paths.is_lost(&graph, &mut search::silent).unwrap();
        let expected = judge.outcome(&heaps).unwrap();
        assert_eq!(lost, !expected.next_player_wins(), "0.137 {heaps:?}");
    }
}

/// Every sum of one to three heaps up to `max`, heaps in order.
fn sums_of_heaps(max: u64) -> Vec<Vec<u64>> {
    let mut sums = Vec::new();
    for a in 0..=max {
        sums.push(vec![a]);
        for b in 1..=a.min(6) {
            sums.push(vec![a, b]);
            for c in 1..=b.min(4) {
                sums.push(vec![a, b, c]);
            }
        }
    }
    sums
}

/// Strips of the given lengths on one row, a blocked cell between.
fn strips_board(heaps: &[u64]) -> Board {
    let row: Vec<String> = heaps.iter().map(|&h| ".".repeat(h as usize)).collect();
    let row = row.join("#");
    if row.is_empty() {
        return Board::rectangle(0, 0).unwrap();
    }
    row.parse().unwrap()
}

/// Paths of the given lengths, side by side.
fn paths_graph(heaps: &[u64]) -> Graph {
    let mut edges = Vec::new();
    let mut start = 0u32;
    for &h in heaps {
        let h = h as u32;
        edges.extend((1..h).map(|i| (start + i - 1, start + i)));
        start += h;
    }
    Graph::from_edges(start, &edges).unwrap()
}

/// The misère search refuses, naming its budget, rather than grow past it.
#[test]
fn misere_search_stops_at_its_budget() {
    let mut search = MisereSearch::new(Cram, Budget::bytes(64 << 10));
    let err = search
        .is_lost(&Board::rectangle(4, 5).unwrap(), &mut search::silent)
        .unwrap_err();
    assert_eq!(err.kind(), grundy::ErrorKind::TooLarge);
    assert!(err.to_string().contains("budget"), "{err}");
}

fn board_strategy() -> impl Strategy<Value = Board> {
    (1u32..=4, 1u32..=5)
        .prop_flat_map(|(r, c)| {
            (
                Just((r, c)),
                proptest::collection::vec(any::<u8>(), (r * c) as usize),
            )
        })
        .prop_map(|((r, c), cells)| {
            let mut board = Board::rectangle(r, c).unwrap();
            for (i, &cell) in cells.iter().enumerate() {
                if cell % 4 == 0 {
                    board = board.block(i as u32 / c, i as u32 % c).unwrap();
                }
            }
            board
        })
}

/// Boards of 3 to 5 rows and 3 to 6 columns with a third of their cells
/// blocked: many have 2 × 2 squares closed on a diagonal, some ringed.
fn holed_board_strategy() -> impl Strategy<Value = Board> {
    (3u32..=5, 3u32..=6)
        .prop_flat_map(|(r, c)| {
            (
                Just((r, c)),
                proptest::collection::vec(0u8..3, (r * c) as usize),
            )
        })
        .prop_map(|((r, c), cells)| {
            let mut board = Board::rectangle(r, c).unwrap();
            for (i, &cell) in cells.iter().enumerate() {
                if cell == 0 {
                    board = board.block(i as u32 / c, i as u32 % c).unwrap();
                }
            }
            board
        })
}

/// Whether `board` is lost under misère play, by the definition: a board
/// with a move, each of whose moves leaves a board won.
fn misere_lost_by_definition(board: &Board, seen: &mut HashMap<Board, bool>) -> bool {
    if let Some(&lost) = seen.get(board) {
        return lost;
    }
    let mut moves = Vec::new();
    Cram.moves(board, &mut moves);
    let lost = !moves.is_empty()
        && moves
            .iter()
            .all(|(_, after)| !misere_lost_by_definition(after, seen));
    seen.insert(board.clone(), lost);
    lost
}

fn graph_strategy() -> impl Strategy<Value = Graph> {
    (1u32..=10)
        .prop_flat_map(|n| {
            (
                Just(n),
                proptest::collection::vec((0..n, 0..n), 0..=(2 * n as usize)),
            )
        })
        .prop_map(|(n, edges)| {
            let edges: Vec<(u32, u32)> = edges.into_iter().filter(|(a, b)| a != b).collect();
            Graph::from_edges(n, &edges).unwrap()
        })
}

fn staircase_strategy() -> impl Strategy<Value = Staircase> {
    proptest::collection::vec(0u32..=6, 0..=5).prop_map(|mut rows| {
        rows.sort_unstable_by(|a, b| b.cmp(a));
        Staircase::new(rows).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The engine equals its naive twin on boards with holes, odd shapes
    /// and pieces apart.
    #[test]
    fn cram_engine_equals_its_naive_twin(board in board_strategy()) {
        let mut search = Search::new(Cram, Options::default());
        prop_assert_eq!(nimber(&mut search, &board), naive_nimber(&Cram, &board));
    }

    /// The engine, which splits boards at the lying sides of squares
    /// closed on a diagonal, equals its naive twin, which splits nothing,
    /// on boards with many such squares; and so does the misère search,
    /// which is given the same regions, against the definition.
    #[test]
    fn cram_split_at_closed_squares_equals_its_naive_twin(board in holed_board_strategy()) {
        let mut search = Search::new(Cram, Options::default());
        prop_assert_eq!(nimber(&mut search, &board), naive_nimber(&Cram, &board));
        let mut misere = MisereSearch::new(Cram, Budget::default());
        prop_assert_eq!(
            misere.is_lost(&board, &mut search::silent).unwrap(),
            misere_lost_by_definition(&board, &mut HashMap::new())
        );
    }

    #[test]
    fn node_kayles_engine_equals_its_naive_twin(graph in graph_strategy()) {
        let mut search = Search::new(NodeKayles, Options::default());
        prop_assert_eq!(nimber(&mut search, &graph), naive_nimber(&NodeKayles, &graph));
    }

    /// Node-Kayles on a board's free cells equals the graph game on the
    /// grid's graph less the blocked cells, and the naive twin, on boards
    /// with holes and pieces apart.
    #[test]
    fn node_kayles_grid_equals_the_graph_game_and_its_naive_twin(board in board_strategy()) {
        let mut search = Search::new(NodeKaylesGrid, Options::default());
        let v = nimber(&mut search, &board);
        prop_assert_eq!(v, naive_nimber(&NodeKaylesGrid, &board));
        let graph = graph_of_cells(&board);
        prop_assert_eq!(v, naive_nimber(&NodeKayles, &graph));
        let mut graphs = Search::new(NodeKayles, Options::default());
        prop_assert_eq!(v, nimber(&mut graphs, &graph));
        prop_assert_eq!(nimber(&mut search, &transpose(&board)), v);
    }

    /// A graph that is the free cells of a grid is read back as that
    /// board's graph, and a board's graph as a board with the same graph;
    /// a cycle of odd length is no grid's.
    #[test]
    fn graphs_of_grid_cells_read_back(board in board_strategy(), graph in graph_strategy()) {
        let of_board = Graph::of_cells(&board).unwrap();
        let cells = of_board.grid_cells();
        prop_assert_eq!(cells.is_some(), board.free_cells() > 0);
        if let Some(cells) = cells {
            prop_assert_eq!(Graph::of_cells(&cells).unwrap(), of_board);
        }
        if let Some(cells) = graph.grid_cells() {
            prop_assert_eq!(Graph::of_cells(&cells).unwrap(), graph.clone());
            prop_assert_eq!(naive_nimber(&NodeKaylesGrid, &cells), naive_nimber(&NodeKayles, &graph));
        }
        prop_assert_eq!(Graph::cycle(7).unwrap().grid_cells(), None);
    }

    #[test]
    fn chomp_engine_equals_its_naive_twin(s in staircase_strategy()) {
        let mut search = Search::new(Chomp, Options::default());
        prop_assert_eq!(nimber(&mut search, &s), naive_nimber(&Chomp, &s));
    }

    /// A position's value is the nim-sum of its parts' values: the naive
    /// twin, which never splits a position, values two boards side by side
    /// as the XOR of their values alone.
    #[test]
    fn a_sum_is_the_xor_of_its_parts(a in board_strategy(), b in board_strategy()) {
        let side_by_side = beside(&a, &b);
        prop_assert_eq!(
            naive_nimber(&Cram, &side_by_side),
            naive_nimber(&Cram, &a) + naive_nimber(&Cram, &b)
        );
    }

    /// A board turned or reflected has the same value.
    #[test]
    fn symmetric_boards_have_equal_values(board in board_strategy()) {
        let v = naive_nimber(&Cram, &board);
        let turned = transpose(&board);
        prop_assert_eq!(naive_nimber(&Cram, &turned), v);
        let mirrored = mirror(&board);
        prop_assert_eq!(naive_nimber(&Cram, &mirrored), v);
        let mut search = Search::new(Cram, Options::default());
        prop_assert_eq!(nimber(&mut search, &turned), v);
    }

    /// Isomorphic graphs have equal values, whatever the numbering.
    #[test]
    fn renumbered_graphs_have_equal_values(graph in graph_strategy(), seed in any::<u64>()) {
        let renumbered = renumber(&graph, seed);
        prop_assert_eq!(naive_nimber(&NodeKayles, &renumbered), naive_nimber(&NodeKayles, &graph));
    }
}

/// The graph of a board's free cells ([`Graph::of_cells`]).
fn graph_of_cells(board: &Board) -> Graph {
    Graph::of_cells(board).unwrap()
}

/// Two boards side by side, a blocked column between.
fn beside(a: &Board, b: &Board) -> Board {
    let rows = a.rows().max(b.rows());
    let text: Vec<String> = (0..rows)
        .map(|r| {
            let cells = |board: &Board| -> String {
                (0..board.cols())
                    .map(|c| if board.is_free(r, c) { '.' } else { '#' })
                    .collect()
            };
            format!("{}#{}", cells(a), cells(b))
        })
        .collect();
    text.join("\n").parse().unwrap()
}

fn transpose(board: &Board) -> Board {
    let text: Vec<String> = (0..board.cols())
        .map(|c| {
            (0..board.rows())
                .map(|r| if board.is_free(r, c) { '.' } else { '#' })
                .collect()
        })
        .collect();
    text.join("\n").parse().unwrap()
}

fn mirror(board: &Board) -> Board {
    let text: Vec<String> = board
        .to_string()
        .lines()
        .map(|l| l.chars().rev().collect())
        .collect();
    text.join("\n").parse().unwrap()
}

fn renumber(graph: &Graph, seed: u64) -> Graph {
    let n = graph.vertices() as usize;
    let mut order: Vec<u32> = (0..n as u32).collect();
    let mut state = seed | 1;
    for i in (1..n).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        order.swap(i, (state % (i as u64 + 1)) as usize);
    }
    let mut edges = Vec::new();
    for i in 0..n {
        for j in graph.neighbours(i).filter(|&j| j > i) {
            edges.push((order[i], order[j]));
        }
    }
    Graph::from_edges(n as u32, &edges).unwrap()
}
