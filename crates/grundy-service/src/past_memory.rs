//! Values past memory: when a table of the sparse engine would not fit the
//! memory budget, the solver keeps the heaps the engine reads often in
//! memory and the others in a file beside the value cache
//! ([`grundy::values::sparse::windowed`]), with a checkpoint file saying how
//! many values the file holds, so that a run stopped or killed resumes.
//! At most [`MAX_PAST_MEMORY`](crate::limits::MAX_PAST_MEMORY) heaps,
//! refused before anything is written.
//!
//! Files, in the store's directory, for a game named `NAME`:
//! `NAME.cold` (the values, one or two bytes each, little-endian) and
//! `NAME.cold.state` (a text checkpoint: a first line naming the format,
//! the game, the width, the number of values the file holds for certain,
//! and the XXH3-64 checksum of their bytes). A resumed run checks the
//! values it reads back against that checksum: a damaged file (a flipped
//! bit, zeroes, cut short) is reported and computed again, never used.
//! One windowed run at a time per process; a request for another waits,
//! hearing its watch.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::time::Instant;

use grundy::values::sparse::windowed::{ColdValues, Windowed, Windows};
use grundy::values::{self, Engine};
use grundy::{Error, ErrorKind, Nimber, Result, Ruleset, ValueTable};
use xxhash_rust::xxh3::Xxh3;

use crate::core::Core;
use crate::exclusive::Exclusive;
use crate::limits;
use crate::watch::{Event, TableSummary, Watch};

/// The first line of a checkpoint file.
pub(crate) const STATE_FORMAT: &str = "grundy windowed values 2";

/// One windowed run at a time: the files of a game are not shared. Held
/// as every other work one request does at a time ([`Exclusive`]): a
/// request waiting for it hears its watch (Ctrl-C, a deadline), and one
/// from the thread running (a progress callback asking for values past
/// memory), or arriving while that thread runs a front end's callback, is
/// refused at once instead of waiting for ever.
static RUNNING: Exclusive<()> = Exclusive::new(());

/// The values kept in a file, read and written at offsets (`pread`,
/// `pwrite`), with the checksum of the bytes written in order from the
/// start kept as they are written.
pub(crate) struct ColdFile {
    file: File,
    /// XXH3-64 of the file's first `hashed` bytes, fed as they are written
    /// in order (the engine writes each value once, in order) or, while a
    /// checkpoint is being resumed, as they are read back in order.
    sum: Xxh3,
    hashed: u64,
    /// Whether a write went back over bytes already hashed (a widening
    /// rewrites the file at two bytes a value): the checksum must then be
    /// read back from the file.
    rewritten: bool,
    /// Whether reads in order from `hashed` feed the checksum (a resume).
    checking: bool,
}

impl std::fmt::Debug for ColdFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ColdFile")
            .field("hashed", &self.hashed)
            .field("rewritten", &self.rewritten)
            .finish_non_exhaustive()
    }
}

impl ColdFile {
    fn open(path: &Path) -> io::Result<ColdFile> {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)?;
        Ok(ColdFile {
            file,
            sum: Xxh3::new(),
            hashed: 0,
            rewritten: false,
            checking: false,
        })
    }

    /// Empties the file, for a run from the start.
    fn clear(&mut self) -> io::Result<()> {
        self.file.set_len(0)?;
        self.sum = Xxh3::new();
        self.hashed = 0;
        self.rewritten = false;
        Ok(())
    }

    /// The checksum of the file's first `bytes` bytes: the one kept as they
    /// were written, or read back once after a rewrite.
    fn checksum(&mut self, bytes: u64) -> io::Result<u64> {
        if self.rewritten || self.hashed != bytes {
            const BLOCK: u64 = 1 << 20;
            let mut sum = Xxh3::new();
            let mut buf = Vec::new();
            let mut at = 0;
            while at < bytes {
                buf.resize(BLOCK.min(bytes - at) as usize, 0);
                self.file.read_exact_at(&mut buf, at)?;
                sum.update(&buf);
                at += buf.len() as u64;
            }
            (self.sum, self.hashed, self.rewritten) = (sum, bytes, false);
        }
        Ok(self.sum.digest())
    }
}

impl ColdValues for ColdFile {
    fn store(&mut self, offset: u64, bytes: &[u8]) -> io::Result<()> {
        self.file.write_all_at(bytes, offset)?;
        if offset == self.hashed && !self.rewritten {
            self.sum.update(bytes);
            self.hashed += bytes.len() as u64;
        } else {
            self.rewritten = true;
        }
        Ok(())
    }

    fn load(&mut self, offset: u64, buf: &mut [u8]) -> io::Result<()> {
        self.file.read_exact_at(buf, offset)?;
        if self.checking && offset == self.hashed {
            self.sum.update(buf);
            self.hashed += buf.len() as u64;
        }
        Ok(())
    }
}

/// A game's values computed past memory: the engine's windows and the file
/// holding the rest.
#[derive(Debug)]
pub(crate) struct ColdTable {
    pub(crate) values: Windowed,
    pub(crate) file: ColdFile,
}

impl ColdTable {
    /// `f(n, G(n))` for every heap `from..=to` (all computed), read from the
    /// file in blocks.
    pub(crate) fn each(
        &mut self,
        from: u64,
        to: u64,
        f: &mut dyn FnMut(u64, u64) -> Result<()>,
    ) -> Result<()> {
        const BLOCK: u64 = 1 << 20;
        self.values.flush(&mut self.file)?;
        let width = self.values.width() as u64;
        let mut buf = Vec::new();
        let mut at = from;
        while at <= to {
            let n = BLOCK.min(to - at + 1);
            buf.resize((n * width) as usize, 0);
            self.file
                .load(at * width, &mut buf)
                .map_err(|e| file_error("read", e))?;
            for (i, cell) in buf.chunks_exact(width as usize).enumerate() {
                let v = if width == 1 {
                    u64::from(cell[0])
                } else {
                    u64::from(u16::from_le_bytes([cell[0], cell[1]]))
                };
                f(at + i as u64, v)?;
            }
            at += n;
        }
        Ok(())
    }
}

fn file_error(what: &str, e: io::Error) -> Error {
    Error::new(
        ErrorKind::Corrupt,
        format!("could not {what} the values kept outside memory: {e}"),
    )
}

/// What a checkpoint says: the width, how many values the file holds, and
/// the checksum of their bytes.
struct State {
    width: usize,
    len: u64,
    checksum: u64,
}

/// The checkpoint of `game`, if there is one of this format. A record of
/// another format or game, or one that does not read, is none: the values
/// are computed from the start.
fn read_state(path: &Path, game: &Ruleset) -> Option<State> {
    let text = fs::read_to_string(path).ok()?;
    let mut lines = text.lines();
    if lines.next()? != STATE_FORMAT || lines.next()? != game.to_string() {
        return None;
    }
    let width = lines.next()?.parse().ok().filter(|w| [1, 2].contains(w))?;
    let len = lines.next()?.parse().ok()?;
    let checksum = lines
        .next()?
        .strip_prefix("xxh3:")
        .and_then(|h| u64::from_str_radix(h, 16).ok())?;
    Some(State {
        width,
        len,
        checksum,
    })
}

/// The table the checkpoint `state` describes, read back from `file` and
/// checked against the checkpoint's checksum; why not, when the file does
/// not hold it (cut short, damaged, not a table of this game).
fn resume(
    game: &Ruleset,
    windows: Windows,
    state: &State,
    file: &mut ColdFile,
) -> std::result::Result<Windowed, String> {
    let bytes = state.len * state.width as u64;
    let size = file.file.metadata().map_err(|e| e.to_string())?.len();
    if size < bytes {
        return Err(format!(
            "it holds {size} bytes where its checkpoint counts {bytes}"
        ));
    }
    file.checking = true;
    let resumed = Windowed::resume(game, windows, state.width, state.len, file);
    file.checking = false;
    let table = resumed.map_err(|e| e.to_string())?;
    if file.hashed != bytes || file.sum.digest() != state.checksum {
        return Err("its values do not match the checksum of its checkpoint".to_string());
    }
    Ok(table)
}

/// Writes the checkpoint through a temporary file renamed over the old one,
/// after the values it counts are on disk.
fn write_state(
    path: &Path,
    game: &Ruleset,
    width: usize,
    len: u64,
    file: &mut ColdFile,
) -> io::Result<()> {
    file.file.sync_data()?;
    let checksum = file.checksum(len * width as u64)?;
    crate::replace::replace_file(path, |out| {
        writeln!(
            out,
            "{STATE_FORMAT}\n{game}\n{width}\n{len}\nxxh3:{checksum:016x}"
        )
    })
}

/// Whether `G(0..=to)` of `game` is computed past memory: it does not
/// fit the budget, the sparse engine applies and may be used, and the
/// solver has a store with a directory for the file.
pub(crate) fn goes(core: &Core, game: &Ruleset, to: u64) -> bool {
    values::check_fits(game, to, core.config.budget).is_err()
        && values::sparse::applies(game)
        && matches!(core.config.engine, Engine::Auto | Engine::Sparse)
        && cold_path(core, game).is_some()
}

fn cold_path(core: &Core, game: &Ruleset) -> Option<PathBuf> {
    core.config.store.as_ref()?.cold_path(game)
}

/// Computes `G(0..=to)` of `game` past memory (resuming from the
/// checkpoint if there is one), then calls `f` with the table.
///
/// # Errors
/// [`ErrorKind::TooLarge`] if the windows themselves do not fit the
/// budget or there is no store to hold the file;
/// [`ErrorKind::Interrupted`] if `watch` said stop (the values so far
/// are checkpointed); [`ErrorKind::Corrupt`] if the file fails.
pub(crate) fn compute<R>(
    core: &Core,
    game: &Ruleset,
    to: u64,
    watch: &mut Watch,
    f: impl FnOnce(&mut ColdTable, &mut Watch) -> Result<R>,
) -> Result<R> {
    limits::past_memory(to)?;
    let Some(path) = cold_path(core, game) else {
        return Err(Error::new(
            ErrorKind::TooLarge,
            "the values do not fit in the memory budget, and there is no value cache to keep them on disk",
        ));
    };
    let budget = core.config.budget.max_bytes();
    // The tail grows to hold the rare heaps' parts (Grundy's game has
    // one at 48 399 022): up to the budget less 4 MiB for the rest, at
    // eight bytes a heap (it doubles before it spills, at two bytes a
    // value, its vector's capacity may double again, and a spill copies
    // it to bytes: Grundy's game with a 32 MiB budget and a quarter
    // peaked at 67.7 MB), at most 2^27 heaps.
    let windows = Windows {
        tail_limit: (budget.saturating_sub(4 << 20) / 8).clamp(1 << 16, 1 << 27) as usize,
        ..Windows::default()
    };
    // Two bytes a cell at most, and a megabyte for the engine's state.
    let resident = windows.resident_cells() as u64 * 2 + (1 << 20);
    limits::past_memory_resident(resident, budget)?;
    let _one = RUNNING.hold("values past memory", watch)?;
    let _reserved = core.reserve(watch, resident, "a computation past memory")?;
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(|e| file_error("create the directory of", e))?;
    }
    let state_path = path.with_extension("cold.state");
    let mut file = ColdFile::open(&path).map_err(|e| file_error("open", e))?;
    let resumed = match read_state(&state_path, game) {
        Some(state) if state.len > 0 => match resume(game, windows, &state, &mut file) {
            Ok(table) => {
                let _ = watch.tell(Event::Loaded {
                    count: state.len,
                    location: path.display().to_string(),
                });
                Some(table)
            }
            Err(why) => {
                let _ = watch.tell(Event::Warning(format!(
                    "ignoring the values kept on disk in {} ({why}); they are computed again",
                    path.display()
                )));
                None
            }
        },
        _ => None,
    };
    let mut table = match resumed {
        Some(table) => table,
        None => {
            file.clear().map_err(|e| file_error("empty", e))?;
            Windowed::new(game, windows, 1)?
        }
    };
    let want = to.saturating_add(1);
    let every = core.config.checkpoint_every;
    let mut last = Instant::now();
    let own = core.pool.is_none().then(default_pool).flatten();
    let pool = core
        .pool
        .as_ref()
        .or(own.as_ref())
        .filter(|pool| pool.current_num_threads() > 1);
    while table.len() < want {
        let step_to = want.min(table.len().saturating_add(1 << 20));
        // On a pool of several threads, the engine reads each block on all
        // of them, and its progress is told on this thread.
        let result = match pool {
            Some(pool) => {
                let (table, file) = (&mut table, &mut file);
                crate::relay::on_pool(pool, watch, move |report| {
                    table.extend(file, step_to, &mut told(want, report))
                })
            }
            None => table.extend(&mut file, step_to, &mut told(want, &mut |e| watch.tell(e))),
        };
        let stop = result.is_err() || table.len() >= want || last.elapsed() >= every;
        if stop && !table.is_empty() {
            table.flush(&mut file)?;
            write_state(&state_path, game, table.width(), table.len(), &mut file)
                .map_err(|e| file_error("write the checkpoint of", e))?;
            let _ = watch.tell(Event::Saved {
                count: table.len(),
                location: path.display().to_string(),
            });
            last = Instant::now();
        }
        result?;
    }
    let _ = watch.tell(Event::Computed {
        report: table.report(),
        table: TableSummary {
            len: table.len(),
            max: table.max(),
            bytes_per_heap: table.width(),
            kept_aside: 0,
            value_bytes: table.len().saturating_mul(table.width() as u64),
        },
        width: own.as_ref().map(|pool| {
            Box::new(crate::widths::Width {
                threads: pool.current_num_threads(),
                why: "values past memory run on two threads, not measured".to_string(),
                measurements: 0,
                trial_steps: Vec::new(),
                trials: Vec::new(),
            })
        }),
    });
    let mut cold = ColdTable {
        values: table,
        file,
    };
    f(&mut cold, watch)
}

/// The engine's progress towards `want` values, as events told through
/// `tell`.
fn told(
    want: u64,
    tell: &mut dyn FnMut(Event) -> ControlFlow<()>,
) -> impl FnMut(values::Progress) -> ControlFlow<()> + '_ {
    move |p| {
        tell(Event::Values {
            done: p.done,
            total: want,
        })
    }
}

/// The pool of a run past memory when no thread count is set: two threads
/// (fewer on a machine of one core), as the in-memory engine's steps
/// before it measures ([`UNMEASURED_THREADS`](crate::widths::UNMEASURED_THREADS)).
/// `None` if the system refuses to start them (the run then reads on its
/// own thread).
fn default_pool() -> Option<rayon::ThreadPool> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = crate::widths::UNMEASURED_THREADS.min(cores);
    (threads > 1)
        .then(|| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .thread_name(|i| format!("grundy-cold-{i}"))
                .build()
                .ok()
        })
        .flatten()
}

/// `G(from..=to)` of a table computed past memory, read back from its
/// file.
///
/// # Errors
/// [`ErrorKind::TooLarge`] if the range itself does not fit the
/// budget; as [`compute`].
pub(crate) fn range(
    core: &Core,
    game: &Ruleset,
    from: u64,
    to: u64,
    watch: &mut Watch,
) -> Result<ValueTable> {
    limits::read_back(to - from + 1, core.config.budget.max_bytes())?;
    compute(core, game, to, watch, |table, _| {
        let mut out = ValueTable::new();
        table.each(from, to, &mut |_, v| {
            out.push(Nimber::new(v));
            Ok(())
        })?;
        Ok(out)
    })
}
