//! One module a subcommand; this one dispatches and holds what they share.

use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use grundy_service::{Accountant, Budget, Config, Engine, FileStore, Solver, Store, human_bytes};

use crate::cli::{Cli, Command, ComputeArgs, EngineChoice};
use crate::failure::usage;

use crate::context::Context;

mod analyze;
mod boards;
mod cache;
mod completions;
mod count;
mod man;
mod misere;
mod moves;
mod period;
mod play;
mod plot;
mod ppos;
mod serve;
pub mod survey;
mod values_cmd;
mod verify;

impl From<&ComputeArgs> for Engine {
    fn from(args: &ComputeArgs) -> Engine {
        match args.engine {
            EngineChoice::Auto => Engine::Auto,
            EngineChoice::Naive => Engine::Naive,
            EngineChoice::Sparse => Engine::Sparse,
            EngineChoice::Bitsets => Engine::Bitsets,
        }
    }
}

/// Runs the command `cli` asks for.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let compute = match &cli.command {
        Command::Values(args) => Some(&args.compute),
        Command::Count(args) => Some(&args.compute),
        Command::Move(args) => Some(&args.compute),
        _ => None,
    };
    let budget = match &cli.max_memory {
        Some(text) => {
            let bytes = memory_size(text)?;
            if let Some(total) = meminfo("MemTotal:").filter(|&total| bytes > total) {
                return Err(usage(format!(
                    "--max-memory {text} is more than this machine's {} of memory, so it would not refuse what cannot fit; give at most {}",
                    human_bytes(total),
                    human_bytes(total)
                )));
            }
            Budget::bytes(bytes)
        }
        None => default_budget(),
    };
    let store: Option<Arc<dyn Store>> = if cli.no_cache {
        None
    } else {
        match &cli.cache {
            Some(dir) => Some(Arc::new(FileStore::new(dir))),
            None => FileStore::in_cache_dir().map(|s| Arc::new(s) as Arc<dyn Store>),
        }
    };
    let config = Config {
        budget,
        // One run of the command line is one process: every computation it
        // makes (a server's requests among them) shares this budget.
        accountant: Arc::new(Accountant::new(budget.max_bytes())),
        engine: compute.map_or(Engine::Auto, Engine::from),
        store,
        checkpoint_every: Duration::try_from_secs_f64(cli.checkpoint_secs).map_err(|_| {
            usage(format!(
                "--checkpoint-secs {} is not a number of seconds",
                cli.checkpoint_secs
            ))
        })?,
        memory_kept: budget.max_bytes() / 4,
        threads: cli.threads,
        choose_threads: true,
        profile: compute.is_some_and(|c| c.stats),
    };
    let ctx = Context {
        solver: Solver::new(config),
        stats: compute.is_some_and(|c| c.stats),
        interrupted: crate::interrupt::flag(),
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = match &cli.command {
        Command::Values(args) => values_cmd::run(&ctx, args, &mut out),
        Command::Count(args) => count::run(&ctx, args, &mut out),
        Command::Move(args) => moves::run(&ctx, args, &mut out),
        Command::Play(args) => play::run(&ctx, args, &mut out),
        Command::Ppos(args) => ppos::run(&ctx, args, &mut out),
        Command::Misere(args) => misere::quotient(&ctx, args, &mut out),
        Command::Period(args) => period::run(&ctx, args, &mut out),
        Command::Verify(args) => verify::run(&ctx, args, &mut out),
        Command::Analyze(args) => analyze::run(&ctx, args, &mut out),
        Command::Completions(args) => completions::run(args, &mut out),
        Command::Man(args) => man::run(args, &mut out),
        Command::Cache(args) => cache::run(&cli, args, &mut out),
        Command::Serve(args) => serve::run(&ctx, args, &mut out),
        Command::Plot(args) => plot::run(&ctx, args, &mut out),
        Command::Survey(args) => survey::run(&ctx, args, &mut out),
    };
    if result.is_err() && ctx.interrupted.load(Ordering::SeqCst) {
        let _ = out.flush();
        eprintln!("{}", interrupted_line(&ctx, &cli.command));
        return Ok(ExitCode::from(crate::interrupt::INTERRUPTED));
    }
    let code = result?;
    out.flush()?;
    Ok(code)
}

/// The one line a run stopped by Ctrl-C prints: what was kept.
fn interrupted_line(ctx: &Context, command: &Command) -> String {
    if let Command::Verify(_) = command {
        return "interrupted: the certificate was not verified; the same command checks it from the start".to_string();
    }
    let misere = is_misere(command);
    match &ctx.solver.config().store {
        Some(_) if is_board(command) && !misere => "interrupted: what the search learnt is saved in the cache; the same command resumes from it".to_string(),
        // Genera, quotients and game-tree searches keep nothing until they
        // end: there is nothing to resume from.
        Some(_) if misere => "interrupted: misère quotients and searches are kept only once they end, so the same command starts this one again".to_string(),
        Some(_) => "interrupted: the values computed so far are saved in the cache; the same command resumes from them".to_string(),
        None => "interrupted: nothing was saved (--no-cache)".to_string(),
    }
}

/// Whether `command` asks about a board or graph game, or a family of
/// them.
fn is_board(command: &Command) -> bool {
    let spec = match command {
        Command::Values(args) => &args.game,
        Command::Move(args) => &args.game,
        Command::Play(args) => &args.game,
        _ => return false,
    };
    spec.contains(":@")
        || matches!(
            spec.parse::<grundy_service::Game>(),
            Ok(grundy_service::Game::Board(_) | grundy_service::Game::BoardFamily(_))
        )
}

/// Whether `command` is about misère play.
fn is_misere(command: &Command) -> bool {
    match command {
        Command::Misere(_) => true,
        Command::Values(args) => args.misere,
        Command::Move(args) => args.misere,
        Command::Play(args) => args.misere,
        _ => false,
    }
}

/// 80% of the memory the kernel says is available, or 8 GiB if it does not say.
fn default_budget() -> Budget {
    meminfo("MemAvailable:")
        .map(|bytes| bytes / 5 * 4)
        .map_or_else(Budget::default, Budget::bytes)
}

/// A line of `/proc/meminfo`, in bytes, where the kernel has one.
fn meminfo(key: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib = text
        .lines()
        .find(|l| l.starts_with(key))?
        .split_whitespace()
        .nth(1)?
        .parse::<u64>()
        .ok()?;
    Some(kib.saturating_mul(1024))
}

/// Reads `512M`, `4G`, `1GiB`, `100000` or `2^30` (bytes).
fn memory_size(text: &str) -> anyhow::Result<u64> {
    if let Some(bytes) = crate::input::parse_size(text) {
        return Ok(bytes);
    }
    let t = text.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (digits, unit) = t.split_at(split);
    let shift = match unit.to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => 64,
    };
    digits
        .parse::<u64>()
        .ok()
        .filter(|_| shift < 64)
        .and_then(|n| n.checked_mul(1 << shift))
        .ok_or_else(|| {
            usage(format!(
                "--max-memory {} is not a size; write it as 512M, 4G or a number of bytes",
                grundy_service::quoted(text)
            ))
        })
}
