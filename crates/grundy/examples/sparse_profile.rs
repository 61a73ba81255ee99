//! Times the parts of the sparse engine's block pipeline: the finishing of
//! blocks heap by heap (serial) against the reading ahead of the next
//! block (spread over the other threads), on a pool of `THREADS` threads.
//!
//! `cargo run --release -p grundy --example sparse_profile -- grundy 2^25 1`

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy::values::sparse::{Computation, Tuning};
use grundy::{Ruleset, ValueTable};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (game, to, threads, tweaks) = match args.as_slice() {
        [game, to, threads, tweaks @ ..] => (game, to, threads, tweaks),
        _ => return Err("usage: sparse_profile GAME TO THREADS [FIELD=VALUE…]".into()),
    };
    let game: Ruleset = game.parse()?;
    let to = parse(to)?;
    let threads: usize = threads.parse()?;
    // Each thread's id in the system, to read its CPU time at the end.
    let ids = Arc::new(Mutex::new(vec![String::new(); threads.max(1)]));
    let started_ids = Arc::clone(&ids);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .start_handler(move |i| {
            if let (Ok(link), Ok(mut ids)) =
                (std::fs::read_link("/proc/thread-self"), started_ids.lock())
                && let Some(id) = ids.get_mut(i)
            {
                *id = link.to_string_lossy().into_owned();
            }
        })
        .build()?;
    let mut tuning = Tuning {
        profile: true,
        ..Tuning::default()
    };
    // Tuning fields to try, as `block=1024 read_ahead=2048 spread_ahead=12`.
    for tweak in tweaks {
        let (field, value) = tweak.split_once('=').ok_or("FIELD=VALUE")?;
        let value: usize = value.parse()?;
        match field {
            "block" => tuning.block = value,
            "pair_block" => tuning.pair_block = value,
            "thread_columns" => tuning.thread_columns = value,
            "read_ahead" => tuning.read_ahead = value,
            "spread_ahead" => tuning.spread_ahead = value,
            "parallel_from" => tuning.parallel_from = value,
            "catch_up" => tuning.catch_up = value != 0,
            "deepen_from" => tuning.deepen_from = value,
            "column" => tuning.column = value,
            "wave_lag" => tuning.wave_lag = value,
            "catch_up_deepens" => tuning.catch_up_deepens = value != 0,
            "help_from" => tuning.help_from = value,
            "spin_for" => tuning.spin_for = Duration::from_micros(value as u64),
            "spin_from" => tuning.spin_from = value,
            "catch_up_beside" => tuning.catch_up_beside = value != 0,
            "finishing_catches_up" => tuning.finishing_catches_up = value != 0,
            _ => return Err(format!("no tuning field {field}").into()),
        }
    }
    let mut table = ValueTable::new();
    let started = Instant::now();
    let (stats, profile, uses) = pool.install(|| -> grundy::Result<_> {
        let mut engine = Computation::new(&game, &mut table, tuning)?;
        let stats = engine.extend(&mut table, to as usize + 1, &mut grundy::values::silent)?;
        Ok((stats, engine.profile(), engine.thread_use().to_vec()))
    })?;
    let wall = started.elapsed().as_secs_f64();
    let p = profile;
    let (f, r, j, a) = (
        p.finishing.as_secs_f64(),
        p.reading_ahead.as_secs_f64(),
        p.joined.as_secs_f64(),
        p.alone.as_secs_f64(),
    );
    println!("{game} to {to} on {threads} threads: {wall:.2} s wall");
    // The values' digest: every run of one game to one heap prints the
    // same, whatever its threads and tuning.
    let mut digest = grundy::checksum::Fnv1a::new();
    for value in table.iter() {
        digest.add(&value.value().to_le_bytes());
    }
    println!("  values digest: {:016x}", digest.finish());
    println!(
        "  finishing beside a read-ahead: {f:.2} s in {} blocks",
        p.blocks
    );
    println!("  reading ahead:                 {r:.2} s");
    println!("  joins (wall):                  {j:.2} s");
    let o = p.finishing_outlasted.as_secs_f64();
    println!("  of it, the finishing outlasting the reading: {o:.2} s");
    println!("  alone (serial) and reviews:    {a:.2} s");
    let c = p.catching_up.as_secs_f64();
    println!("  catching up (every thread):    {c:.2} s");
    let heaps = stats.heaps.max(1) as f64;
    let a_heap = |splits: u64| splits as f64 / heaps;
    println!(
        "  splits a heap: finisher {:.0} rare + {:.0} scan, its rare beside it {:.0}, ahead {:.0} rare + {:.0} scan, caught up {:.0} (beside the block before {:.0}) (all: {:.0} rare + {:.0} scan)",
        a_heap(p.finish_rare_pairs),
        a_heap(p.finish_scan_pairs),
        a_heap(p.beside_pairs),
        a_heap(p.ahead_rare_pairs),
        a_heap(p.ahead_scan_pairs),
        a_heap(p.catch_up_pairs),
        a_heap(p.caught_up_beside_pairs),
        a_heap(stats.rare_pairs),
        a_heap(stats.scan_pairs),
    );
    let s = p.scan_streams;
    println!(
        "  lazy scans' splits a heap: small parts {:.0}, near half {:.0}, spread runs of the rounds read ahead {:.0}, of the rounds deepened {:.0}, of later rounds {:.0}",
        a_heap(s.small_end),
        a_heap(s.middle),
        a_heap(s.spread_read_ahead),
        a_heap(s.spread_deepened),
        a_heap(s.spread_past),
    );
    let serial = (f + a) / (f + r + a + c);
    println!(
        "  serial fraction (finishing + alone) / (finishing + reading + alone + catching up): {serial:.3}"
    );
    // The finishing overlaps the reading ahead: on N threads the time is
    // at least max(finishing, all / N), so 1 / serial bounds the speed-up.
    println!(
        "  ceiling on any number of threads, 1 / serial fraction: {:.1}",
        1.0 / serial
    );
    println!(
        "  splits read ahead and thrown away: {:.0} a heap",
        p.thrown_away_pairs as f64 / heaps
    );
    // What a heap read ahead hands from one thread to another: a row of
    // byte marks of the option values below K (a power of two above every
    // value, at least 256), written by a reading task, then read and
    // marked by the finishing thread, then reused by a reading task two
    // blocks later.
    let bound = (stats.max_value + 1).next_power_of_two().max(256);
    println!("  a row read ahead: {bound} bytes a heap, written on one thread and read on another");
    // Each thread: busy finishing, reading ahead, alone; the rest of the
    // pipeline's wall time waiting (for the finishing thread, at a join,
    // or while the driving thread works alone), and of that the time spun
    // within a step. Its CPU time, as the system counts it, is of the
    // whole run (the pool was started for it): what it spent beyond busy
    // and spinning went to rayon's looking for work and to the system.
    let pipeline = p.wall().as_secs_f64();
    // Between two joins the pipeline thread adds the block to the table,
    // counts it and makes the next block's job, untimed, while the
    // others wait (session 40's probe: about 30 µs a block).
    println!(
        "  outside the timed phases (between joins, and the run's set-up): {:.2} s",
        (wall - pipeline).max(0.0)
    );
    println!(
        "  pipeline wall {pipeline:.2} s; per thread (s): finishing, reading, alone, waiting (of it spinning), CPU"
    );
    let ids = ids.lock().map(|ids| ids.clone()).unwrap_or_default();
    for (i, u) in uses.iter().enumerate() {
        let cpu = ids.get(i).and_then(|id| thread_cpu(id));
        println!(
            "    thread {i:2}: {:7.2} {:7.2} {:7.2} {:7.2} ({:5.2}) {}",
            u.finishing.as_secs_f64(),
            u.reading.as_secs_f64(),
            u.alone.as_secs_f64(),
            u.waiting(&p).as_secs_f64(),
            u.spinning.as_secs_f64(),
            cpu.map_or("-".to_string(), |c| format!("{c:7.2}")),
        );
    }
    Ok(())
}

/// Seconds on a CPU of the thread `PID/task/TID`: the first field of its
/// `schedstat` (nanoseconds; Linux), `None` elsewhere.
fn thread_cpu(id: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{id}/schedstat")).ok()?;
    let nanos: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 / 1e9)
}

fn parse(s: &str) -> Result<u64, Box<dyn std::error::Error>> {
    Ok(match s.split_once('^') {
        Some((b, e)) => b.parse::<u64>()?.pow(e.parse()?),
        None => s.parse()?,
    })
}
