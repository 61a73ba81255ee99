//! Times the generic search on one position, for benchmarks: the nimber,
//! the positions examined and the table's size.
//!
//! ```text
//! cargo run --release -p grundy --example board_search -- cram 5x7 [threads] [budget MiB]
//! cargo run --release -p grundy --example board_search -- node-kayles 3x12
//! cargo run --release -p grundy --example board_search -- node-kayles-grid 3x12
//! cargo run --release -p grundy --example board_search -- node-kayles-grid-rows 3x30
//! cargo run --release -p grundy --example board_search -- chomp 6x7
//! cargo run --release -p grundy --example board_search -- strips 1000
//! ```
//!
//! `GRUNDY_COUNT_NIMBERS=1` also counts the facts that are nimbers (which
//! lists every fact, and so adds to the peak memory).

use std::time::Instant;

use grundy::games::{Board, Chomp, Cram, Graph, NodeKayles, NodeKaylesGrid, Staircase};
use grundy::search::{self, Game, Method, Options, Search};
use grundy::values::Budget;

fn main() -> Result<(), grundy::Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("cram", String::as_str);
    let size = args.get(1).map_or("4x5", String::as_str);
    let threads = args.get(2).and_then(|t| t.parse().ok()).unwrap_or(1);
    let budget = args
        .get(3)
        .and_then(|b| b.parse::<u64>().ok())
        .map_or_else(Budget::default, |mib| Budget::bytes(mib << 20));
    let options = Options { budget, threads };
    let method = match std::env::var("GRUNDY_METHOD").as_deref() {
        Ok("outcomes") => Some(Method::Outcomes),
        Ok("definition") => Some(Method::Definition),
        _ => None,
    };
    let (rows, cols) = size
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        .unwrap_or((1, size.parse().unwrap_or(1)));
    match game {
        "cram" => run(With(Cram, method), &Board::rectangle(rows, cols)?, options),
        "node-kayles" => run(With(NodeKayles, method), &Graph::grid(rows, cols)?, options),
        "node-kayles-grid" => run(
            With(NodeKaylesGrid, method),
            &Board::rectangle(rows, cols)?,
            options,
        ),
        "chomp" => run(
            With(Chomp, method),
            &Staircase::rectangle(rows, cols)?,
            options,
        ),
        "strips" => {
            let start = Instant::now();
            let mut search = Search::new(Cram, options);
            for n in 0..=cols {
                search.nimber(&Board::rectangle(1, n)?, &mut search::silent)?;
            }
            let stats = search.stats();
            println!(
                "strips 1..={cols}: {:.3} s, {} nodes, {} facts, {} bytes",
                start.elapsed().as_secs_f64(),
                stats.nodes,
                stats.facts,
                stats.bytes
            );
            Ok(())
        }
        "node-kayles-rows" => rows_of(NodeKayles, rows, cols, options, |n| Graph::grid(rows, n)),
        "node-kayles-grid-rows" => rows_of(NodeKaylesGrid, rows, cols, options, |n| {
            Board::rectangle(rows, n)
        }),
        other => {
            eprintln!(
                "unknown game {other}: cram, node-kayles, node-kayles-grid, chomp, strips, node-kayles-rows or node-kayles-grid-rows"
            );
            Ok(())
        }
    }
}

fn run<G: Game>(game: G, position: &G::Position, options: Options) -> Result<(), grundy::Error> {
    let start = Instant::now();
    let mut search = Search::new(game, options);
    let value = search.nimber(position, &mut search::silent)?;
    let stats = search.stats();
    // Counting the nimbers lists every fact (about 70 bytes each), which
    // would count in the peak memory of a benchmark: only when asked.
    let nimbers = match std::env::var_os("GRUNDY_COUNT_NIMBERS") {
        Some(_) => format!(" ({} nimbers)", known(&search)),
        None => String::new(),
    };
    println!(
        "{position:?}: nimber {value}, {:.3} s, {} nodes, {} facts{nimbers}, {} bytes, {} dropped",
        start.elapsed().as_secs_f64(),
        stats.nodes,
        stats.facts,
        stats.bytes,
        stats.dropped
    );
    Ok(())
}

/// A game on `rows × n` grids for n = 1..=`cols`, one table: each size's
/// nimber, time and the positions searched so far.
fn rows_of<G: Game>(
    game: G,
    rows: u32,
    cols: u32,
    options: Options,
    grid: impl Fn(u32) -> Result<G::Position, grundy::Error>,
) -> Result<(), grundy::Error> {
    let mut search = Search::new(game, options);
    for n in 1..=cols {
        let start = Instant::now();
        let v = search.nimber(&grid(n)?, &mut search::silent)?;
        let stats = search.stats();
        println!(
            "{rows}x{n}: nimber {v}, {:.3} s, {} nodes so far, {} facts, {} bytes",
            start.elapsed().as_secs_f64(),
            stats.nodes,
            stats.facts,
            stats.bytes
        );
    }
    Ok(())
}

fn known<G: Game>(search: &Search<G>) -> usize {
    search
        .facts()
        .iter()
        .filter(|(_, f)| f.value().is_some())
        .count()
}

/// A game searched by another method than its own (`GRUNDY_METHOD`).
struct With<G>(G, Option<Method>);

impl<G: Game> Game for With<G> {
    type Position = G::Position;
    type Move = G::Move;
    fn moves(&self, p: &Self::Position, out: &mut Vec<(Self::Move, Self::Position)>) {
        self.0.moves(p, out);
    }
    fn move_rank(&self, p: &Self::Position, play: &Self::Move) -> u64 {
        self.0.move_rank(p, play)
    }
    fn components(&self, p: &Self::Position, out: &mut Vec<Self::Position>) {
        self.0.components(p, out);
    }
    fn nimber_bound(&self, c: &Self::Position) -> u32 {
        self.0.nimber_bound(c)
    }
    fn nimber_known(&self, c: &Self::Position) -> Option<u32> {
        self.0.nimber_known(c)
    }
    fn method(&self) -> Method {
        self.1.unwrap_or_else(|| self.0.method())
    }
    fn weight(&self, c: &Self::Position) -> u64 {
        self.0.weight(c)
    }
    fn heap_bytes(&self, p: &Self::Position) -> usize {
        self.0.heap_bytes(p)
    }
    fn key(&self, c: &Self::Position) -> Option<u64> {
        self.0.key(c)
    }
    fn position_of_key(&self, key: u64) -> Option<Self::Position> {
        self.0.position_of_key(key)
    }
}
