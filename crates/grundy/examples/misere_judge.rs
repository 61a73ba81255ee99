//! Times the misère judge on one position: its outcome and every winning
//! move, by the reference search (`Judge::new`) or the one that remembers
//! positions in normal form (`Judge::with_normal_form`), with a 16 GiB
//! memo bound.
//!
//! `cargo run --release -p grundy --example misere_judge -- 0.07 normal 20 30 40`

use std::time::Instant;

use grundy::Ruleset;
use grundy::misere::Judge;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (game, mode, heaps) = match args.as_slice() {
        [game, mode, heaps @ ..] => (game, mode, heaps),
        _ => return Err("usage: misere_judge GAME reference|normal HEAPS…".into()),
    };
    let game: Ruleset = game.parse()?;
    let heaps: Vec<u64> = heaps.iter().map(|h| h.parse()).collect::<Result<_, _>>()?;
    let started = Instant::now();
    let mut judge = match mode.as_str() {
        "reference" => Judge::new(game, 16 << 30),
        "normal" => Judge::with_normal_form(game, 16 << 30),
        _ => return Err("the mode is reference or normal".into()),
    };
    let outcome = judge.outcome(&heaps)?;
    let moves = judge.winning_moves(&heaps)?;
    println!(
        "{outcome:?}, {} winning moves, {} positions decided, {:.2} s",
        moves.len(),
        judge.positions_seen(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
