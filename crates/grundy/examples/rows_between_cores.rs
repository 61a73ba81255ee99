//! What it costs this machine to hand a block's rows of marks from the
//! core that read them to the core that finishes the block, against
//! keeping both on one core: the traffic of the sparse engine's two-thread
//! pipeline, without the engine.
//!
//! A "reader" clears a block's rows (`heaps × width` bytes) and stores
//! `marks` marks a heap at scattered places, as a reading ahead does; a
//! "finisher" then reads each row whole, for its marks and its least
//! unmarked place, and stores a few marks of its own, as the finishing
//! does (it reads at most that much of a row). On one thread each block
//! is read, then finished, in the same cache; on two, one thread reads the
//! next block while the other finishes this one, as the engine's two
//! threads do, and the rows cross between the cores. The time inside each
//! half is summed per thread: the difference between the two runs is what
//! the crossing costs (the spinning between blocks is left out).
//!
//! `cargo run --release -p grundy --example rows_between_cores -- 2048 512 64 4096`
//! (heaps a block, bytes a heap, marks a heap, blocks).

use std::sync::mpsc;
use std::time::{Duration, Instant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()
        .map_err(|e| format!("{e}: usage: rows_between_cores HEAPS WIDTH MARKS BLOCKS"))?;
    let [heaps, width, marks, blocks] = args[..] else {
        return Err("usage: rows_between_cores HEAPS WIDTH MARKS BLOCKS".into());
    };
    if heaps == 0 || !width.is_power_of_two() || blocks == 0 {
        return Err("HEAPS and BLOCKS at least 1, WIDTH a power of two".into());
    }
    let shape = Shape { width, marks };
    let mut buffers = [vec![0u8; heaps * width], vec![0u8; heaps * width]];
    // One thread: each block read, then finished.
    let (mut read_one, mut finish_one, mut sum) = (Duration::ZERO, Duration::ZERO, 0u64);
    for block in 0..blocks {
        let rows = &mut buffers[block % 2];
        let t = Instant::now();
        shape.read(rows, block);
        read_one += t.elapsed();
        let t = Instant::now();
        sum = sum.wrapping_add(shape.finish(rows));
        finish_one += t.elapsed();
    }
    // Two threads: block b + 1 read while block b is finished, the two
    // buffers passed back and forth.
    let (to_finisher, for_finisher) = mpsc::sync_channel::<Vec<u8>>(2);
    let (to_reader, for_reader) = mpsc::sync_channel::<Vec<u8>>(2);
    for rows in buffers {
        to_reader.send(rows)?;
    }
    let shape = &shape;
    let (reader, finisher) = std::thread::scope(|scope| {
        let reader = scope.spawn(move || {
            let mut busy = Duration::ZERO;
            for block in 0..blocks {
                let Ok(mut rows) = for_reader.recv() else {
                    break;
                };
                let t = Instant::now();
                shape.read(&mut rows, block);
                busy += t.elapsed();
                if to_finisher.send(rows).is_err() {
                    break;
                }
            }
            busy
        });
        let finisher = scope.spawn(move || {
            let (mut busy, mut sum) = (Duration::ZERO, 0u64);
            while let Ok(mut rows) = for_finisher.recv() {
                let t = Instant::now();
                sum = sum.wrapping_add(shape.finish(&mut rows));
                busy += t.elapsed();
                // The reader may be done: the last buffers go nowhere.
                let _ = to_reader.send(rows);
            }
            (busy, sum)
        });
        (reader.join(), finisher.join())
    });
    let (read_two, (finish_two, sum_two)) = (
        reader.map_err(|_| "the reader panicked")?,
        finisher.map_err(|_| "the finisher panicked")?,
    );
    assert_eq!(sum, sum_two, "the same rows either way");
    let per = |d: Duration| d.as_secs_f64() * 1e6 / blocks as f64;
    println!("a block: {heaps} heaps × {width} bytes, {marks} marks a heap, {blocks} blocks");
    println!(
        "one thread:  reading {:7.1} µs a block, finishing {:7.1}",
        per(read_one),
        per(finish_one)
    );
    println!(
        "two threads: reading {:7.1} µs a block, finishing {:7.1}",
        per(read_two),
        per(finish_two)
    );
    let one = read_one + finish_one;
    let two = read_two + finish_two;
    println!(
        "the crossing: {:+.1} µs a block, {:+.1} % of one thread's work",
        per(two) - per(one),
        100.0 * (two.as_secs_f64() / one.as_secs_f64() - 1.0)
    );
    Ok(())
}

/// A block's rows, as the engine lays them out.
struct Shape {
    width: usize,
    marks: usize,
}

impl Shape {
    /// Clears the rows and marks `marks` scattered places in each, as a
    /// reading ahead does (the places vary with `block`).
    fn read(&self, rows: &mut [u8], block: usize) {
        rows.fill(0);
        let mut x = (block as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for row in rows.chunks_exact_mut(self.width) {
            for _ in 0..self.marks {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                row[x as usize % self.width] = 1;
            }
        }
    }

    /// Reads each row whole (the finishing reads at most that) for its
    /// marks and its least unmarked place, and marks a few more, as the
    /// finishing does; returns what it found, added up.
    fn finish(&self, rows: &mut [u8]) -> u64 {
        let mut sum = 0u64;
        for row in rows.chunks_exact_mut(self.width) {
            let marked = row.iter().filter(|&&m| m != 0).count();
            let least = row.iter().position(|&m| m == 0).unwrap_or(self.width);
            sum += (marked + least) as u64;
            for k in 0..4 {
                row[(least + 7 * k) % self.width] = 1;
            }
        }
        sum
    }
}
