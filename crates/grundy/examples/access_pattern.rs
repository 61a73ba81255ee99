//! Measures which heaps each kind of read of the sparse engine reaches:
//! runs the windowed engine (the values kept in memory here, in a `Vec`)
//! and prints, for each game, the values read by kind and by window, as the
//! table of `docs/access-pattern.md`.
//!
//! `cargo run --release -p grundy --example access_pattern -- 0.161 2^22`

use grundy::Ruleset;
use grundy::values::sparse::windowed::{ReadKind, Windowed, Windows};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (games, to) = match args.as_slice() {
        [] => (
            vec!["0.161".to_string(), "grundy".into(), "0.6".into()],
            1u64 << 20,
        ),
        [game, to] => (vec![game.clone()], parse(to)?),
        _ => return Err("usage: access_pattern [GAME TO]".into()),
    };
    println!("| game | heaps | read | head | tail | middle | cold | reach |");
    println!("|---|---|---|---|---|---|---|---|");
    for spec in games {
        let game: Ruleset = spec.parse()?;
        let mut cold = Vec::new();
        let mut w = Windowed::new(&game, Windows::default(), 2)?;
        let started = std::time::Instant::now();
        w.extend(&mut cold, to + 1, &mut grundy::values::silent)?;
        let secs = started.elapsed().as_secs_f64();
        let s = w.stats();
        let a = s.access;
        for kind in ReadKind::ALL {
            let c = a.counts[kind as usize];
            let reach = match kind {
                ReadKind::Rare => format!("rare parts up to {}", a.max_rare_part),
                ReadKind::SmallEnd => format!("small parts up to {}", a.max_small_part),
                ReadKind::Middle => format!("up to {} below half", a.max_middle_depth),
                _ => String::new(),
            };
            println!(
                "| {game} | 0..={to} | {kind:?} | {} | {} | {} | {} | {reach} |",
                c[0], c[1], c[2], c[3]
            );
        }
        println!(
            "<!-- {game}: mask {:#x}, {} rare (last {:?}), {} rare splits, {} scanned, {} full scans, {} chunk loads, {} middle loads, {:.1} s, {} bytes resident -->",
            s.mask,
            s.rare_count,
            s.last_rare,
            s.rare_pairs,
            s.scan_pairs,
            s.full_scans,
            a.chunk_loads,
            a.middle_loads,
            secs,
            w.resident_bytes()
        );
    }
    Ok(())
}

fn parse(text: &str) -> Result<u64, Box<dyn std::error::Error>> {
    Ok(match text.strip_prefix("2^") {
        Some(e) => 1u64 << e.parse::<u32>()?,
        None => text.parse()?,
    })
}
