//! `grundy serve [--addr 127.0.0.1:8080] [--store DIR] [--catalogue FILE]`
//! and the server's limits, per request and per connection.

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use grundy_service::{FileStore, Solver, Store};
use grundy_web::{ConnectionLimits, Limits};

use crate::cli::ServeArgs;
use crate::context::{Context, Out};
use crate::failure::usage;

/// Serves the page and the API until Ctrl-C.
pub fn run(ctx: &Context, args: &ServeArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let time = seconds("--time-limit", args.time_limit)?;
    let connection_limits = ConnectionLimits {
        header: seconds("--header-timeout", args.header_timeout)?,
        body: seconds("--body-timeout", args.body_timeout)?,
        idle: seconds("--idle-timeout", args.idle_timeout)?,
        write: seconds("--write-timeout", args.write_timeout)?,
        connections: args.max_connections.max(1),
        ..ConnectionLimits::default()
    };
    let defaults = Limits::default();
    let limits = Limits {
        heaps: args.max_heaps,
        values_range: args.max_range,
        plot_range: args.max_plot_range,
        search: args.max_search,
        multiset_to: args.max_multiset_to,
        ppositions_to: args.max_ppositions_to,
        analyze_to: args.max_analyze_to,
        misere_heap: args.max_misere_heap,
        time,
        heavy: args.heavy.unwrap_or(defaults.heavy).max(1),
        body_bytes: args.max_body,
        ..defaults
    };
    let mut config = ctx.solver.config().clone();
    if let Some(dir) = &args.store {
        config.store = Some(Arc::new(FileStore::new(dir)) as Arc<dyn Store>);
    }
    let solver = Arc::new(Solver::new(config));
    // A file that is not a readable catalogue is refused before listening.
    let catalogue = match &args.catalogue {
        Some(path) => Some(Arc::new(
            grundy_survey::Catalogue::open_read_only(path)
                .map_err(|e| usage(format!("--catalogue: {e}")))?,
        )),
        None => None,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let interrupted = Arc::clone(&ctx.interrupted);
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.addr)
            .await
            .map_err(|e| usage(format!("cannot listen on {}: {e}", args.addr)))?;
        let addr = listener.local_addr()?;
        writeln!(out, "grundy serves on http://{addr}/ (Ctrl-C stops it)")?;
        out.flush()?;
        let app = grundy_web::router_with_catalogue(solver, limits, catalogue);
        let stop = async move {
            while !interrupted.load(Ordering::SeqCst) {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        };
        let server = tokio::spawn(grundy_web::serve_with(
            listener,
            app,
            connection_limits,
            stop,
        ));
        // Once Ctrl-C was pressed, requests in flight get 5 s to finish.
        while !ctx.interrupted.load(Ordering::SeqCst) {
            if server.is_finished() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        match tokio::time::timeout(Duration::from_secs(5), server).await {
            Ok(Ok(result)) => result?,
            Ok(Err(e)) => return Err(anyhow::anyhow!("the server failed: {e}")),
            Err(_) => {}
        }
        writeln!(out, "stopped")?;
        anyhow::Ok(())
    })?;
    Ok(ExitCode::SUCCESS)
}

/// The positive number of seconds `value` given to `flag`.
fn seconds(flag: &str, value: f64) -> anyhow::Result<Duration> {
    Duration::try_from_secs_f64(value)
        .ok()
        .filter(|t| !t.is_zero())
        .ok_or_else(|| {
            usage(format!(
                "{flag} {value} is not a positive number of seconds"
            ))
        })
}
