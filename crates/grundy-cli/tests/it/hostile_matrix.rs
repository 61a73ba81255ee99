//! Every argument slot of the command line against every hostile value:
//! a matrix of about a thousand runs of the binary. Whatever a run is
//! given, it must end within its time with exit 0 (an answer, bounded) or
//! exit 2 (one error line, nothing on stdout), never a panic, a hang, a
//! half result, or an error that echoes the whole input.
//!
//! The summary of `docs/reliability.md` ("The matrix") is made from the
//! same lists; `GRUNDY_UPDATE_DOCS=1 cargo test -p grundy-cli hostile_matrix`
//! rewrites it, and a summary that differs fails the test.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Hostile values put in every slot: signs, bases, wrap-arounds, towers of
/// powers, other scripts' digits, terminal escapes, separators, flags and
/// very long text.
fn values() -> Vec<(&'static str, String)> {
    let mut v: Vec<(&'static str, String)> = [
        ("empty", ""),
        ("a space", " "),
        ("minus one", "-1"),
        ("a plus sign", "+5"),
        ("zero", "0"),
        ("exponent notation past 64 bits", "1e99"),
        ("hexadecimal", "0x10"),
        ("a fraction", "1.5"),
        ("2^64", "2^64"),
        ("2^64 - 1", "2^64-1"),
        ("2^128", "2^128"),
        ("2^64 written out", "18446744073709551616"),
        ("30 digits", "999999999999999999999999999999"),
        ("a tower 10^10^10", "10^10^10"),
        ("a tower of 2s", "2^2^2^2^2^2"),
        ("division by zero", "1/0"),
        ("NaN", "NaN"),
        ("infinity", "inf"),
        ("Arabic-Indic digit", "\u{663}"),
        ("full-width digit", "\u{ff15}"),
        ("terminal escape", "\u{1b}[2J5"),
        ("right-to-left mark", "\u{202e}5"),
        ("a list", "5,5"),
        ("an open range", "1.."),
        ("a bracket", "("),
        ("a flag", "--help"),
        ("a double dash", "--"),
        ("a board size", "3x4"),
        ("a huge board size", "65536x65536"),
        ("a negative board size", "3x-2"),
        ("an empty board size", "0x0"),
    ]
    .into_iter()
    .map(|(name, text)| (name, text.to_string()))
    .collect();
    v.push(("5,000 nines", "9".repeat(5_000)));
    v.push(("100,000 letters", "x".repeat(100_000)));
    v
}

/// Argument slots: a command line with `{}` where the hostile value goes.
const SLOTS: &[&str] = &[
    // The game.
    "values {} --to 20",
    "period {} --max 500",
    "move {} 5",
    "analyze {}",
    "count {} --to 20",
    "ppos {} --to 10",
    "misere {} --max-heap 8",
    "values cram:{}",
    "values node-kayles:grid:{}",
    "values chomp:{}",
    "move vectors:{} 1 2",
    "values sub:{} --to 20",
    "values split:{} --to 20",
    // Sizes and heaps.
    "values kayles --to {}",
    "values kayles --from {} --to 10",
    "values cram:3xn --to {}",
    "period 0.07 --max {}",
    "count kayles --to {}",
    "count nim --heaps {} --to 5",
    "count nim --heaps 2 --to {}",
    "move kayles {}",
    "move kayles 3 {}",
    "move kayles 3 5 {} --misere",
    "move wythoff {} 5",
    "move grundy {}",
    "move cram:2x3 {}",
    "move node-kayles:path:5 {}",
    "ppos wythoff --to {}",
    "ppos stone --to {}",
    "misere kayles --max-heap {}",
    "analyze kayles --max {}",
    // Global options.
    "--max-memory {} values kayles --to 5",
    "--threads {} values kayles --to 5",
    // Files.
    "verify {}",
    "values cram:@{}",
];

/// Longest one run may take (a debug build on a loaded machine; most take
/// milliseconds).
const PATIENCE: Duration = Duration::from_secs(60);

/// Most bytes an answer may print.
const MOST_OUTPUT: usize = 4 << 20;

/// How one run ended.
enum Outcome {
    Answered,
    Refused,
}

/// The arguments of `slot` with `value` in its place; every run gets a
/// budget and no cache, so that nothing is shared between runs.
fn arguments(slot: &str, value: &str) -> Vec<String> {
    let mut args: Vec<String> = vec!["--no-cache".into()];
    if !slot.starts_with("--max-memory") {
        args.extend(["--max-memory".into(), "1G".into()]);
    }
    for word in slot.split(' ') {
        args.push(word.replace("{}", value));
    }
    args
}

/// How a run ended: its exit code (none when killed by a signal) and what
/// it wrote.
struct Ran {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// Runs `grundy` with `args`, killing it past [`PATIENCE`].
fn run(args: &[String], dir: &Path) -> Result<Ran, String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("XDG_CACHE_HOME", dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    let mut out = child.stdout.take().expect("piped");
    let mut err = child.stderr.take().expect("piped");
    // Read both pipes beside the wait, so that a full pipe cannot stall it;
    // at most a little past the output bound is kept.
    let stdout = std::thread::spawn(move || {
        let mut kept = Vec::new();
        let _ = (&mut out)
            .take(MOST_OUTPUT as u64 + 1)
            .read_to_end(&mut kept);
        let _ = std::io::copy(&mut out, &mut std::io::sink());
        kept
    });
    let stderr = std::thread::spawn(move || {
        let mut kept = Vec::new();
        let _ = (&mut err).take(1 << 20).read_to_end(&mut kept);
        let _ = std::io::copy(&mut err, &mut std::io::sink());
        kept
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > PATIENCE {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {PATIENCE:?}"));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = stdout.join().expect("the reader ends");
    let stderr = stderr.join().expect("the reader ends");
    Ok(Ran {
        code: status.code(),
        stdout,
        stderr,
    })
}

/// At most the first 300 characters of `text`, for a failure's message.
fn clipped(text: &str) -> String {
    match text.char_indices().nth(300) {
        Some((at, _)) => format!("{}… ({} bytes)", &text[..at], text.len()),
        None => text.to_string(),
    }
}

/// Runs one cell of the matrix and checks it.
fn cell(slot: &str, name: &str, value: &str, dir: &Path) -> Result<Outcome, String> {
    let args = arguments(slot, value);
    let shown = format!("`{}` with {name}", slot);
    let Ran {
        code,
        stdout,
        stderr,
    } = run(&args, dir).map_err(|e| format!("{shown}: {e}"))?;
    let full = String::from_utf8_lossy(&stderr);
    let text = clipped(&full);
    if full.contains("panicked") {
        return Err(format!("{shown}: panicked: {text}"));
    }
    match code {
        Some(0) if stdout.len() <= MOST_OUTPUT => Ok(Outcome::Answered),
        Some(0) => Err(format!("{shown}: more than {MOST_OUTPUT} bytes of output")),
        Some(2) => {
            if !stdout.is_empty() {
                return Err(format!("{shown}: refused after printing a partial result"));
            }
            if full.lines().count() != 1 || !full.starts_with("error: ") {
                return Err(format!("{shown}: not one error line: {text}"));
            }
            if full.len() > 1000 {
                return Err(format!("{shown}: {} bytes of error", full.len()));
            }
            Ok(Outcome::Refused)
        }
        other => Err(format!("{shown}: exit {other:?}: {text}")),
    }
}

const START: &str = "<!-- matrix: made by crates/grundy-cli/tests/it/hostile_matrix.rs -->";
const END: &str = "<!-- end of matrix -->";

#[test]
fn every_slot_against_every_hostile_value_answers_or_refuses_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let values = values();
    let cells: Vec<(&str, &str, &str)> = SLOTS
        .iter()
        .flat_map(|slot| {
            values
                .iter()
                .map(move |(name, text)| (*slot, *name, text.as_str()))
        })
        .collect();
    // Two runs at a time (the machine's cores), each cell once.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<(usize, Result<Outcome, String>)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                s.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&(slot, name, value)) = cells.get(i) else {
                            break done;
                        };
                        done.push((i, cell(slot, name, value, dir.path())));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker ends"))
            .collect()
    });
    let mut wrong = Vec::new();
    let mut tally = vec![(0usize, 0usize); SLOTS.len()];
    for (i, result) in results {
        match result {
            Ok(Outcome::Answered) => tally[i / values.len()].0 += 1,
            Ok(Outcome::Refused) => tally[i / values.len()].1 += 1,
            Err(e) => wrong.push(e),
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} runs misbehaved:\n{}",
        wrong.len(),
        cells.len(),
        wrong.join("\n")
    );

    let mut table = vec![
        format!(
            "{} runs: {} slots × {} hostile values ({}).",
            cells.len(),
            SLOTS.len(),
            values.len(),
            values
                .iter()
                .map(|(name, _)| *name)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        String::new(),
        "| slot | answered (exit 0) | refused (exit 2, one line) |".to_string(),
        "|---|---|---|".to_string(),
    ];
    for (slot, (answered, refused)) in SLOTS.iter().zip(&tally) {
        table.push(format!(
            "| `grundy {}` | {answered} | {refused} |",
            slot.replace("{}", "X")
        ));
    }
    crate::reliability::in_the_document(START, END, &table.join("\n"));
}
