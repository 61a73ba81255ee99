//! `grundy verify FILE`.

use std::io::Read as _;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context as _;
use grundy_service::MAX_CERTIFICATE_TEXT as MAX_TEXT;

use crate::cli::VerifyArgs;
use crate::context::{Context, Out};
use crate::failure::usage;

/// Checks a certificate from the rules and says what it proves.
pub fn run(ctx: &Context, args: &VerifyArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let text = read_bounded(&args.file)?;
    let c = ctx
        .ask("verify", |solver, watch| solver.verify_with(&text, watch))
        .with_context(|| {
            format!(
                "certificate {} rejected",
                grundy_service::quoted(&args.file.display().to_string())
            )
        })?;
    writeln!(out, "verified: {}", c.sentence())?;
    Ok(ExitCode::SUCCESS)
}

/// The file's text (standard input for `-`), refused past [`MAX_TEXT`] bytes without reading more
/// than one byte beyond (a device such as `/dev/zero` never ends).
fn read_bounded(path: &Path) -> anyhow::Result<String> {
    let name = if path == Path::new("-") {
        "standard input".to_string()
    } else {
        grundy_service::quoted(&path.display().to_string())
    };
    // A certificate that cannot be read is bad input (exit 2), as a
    // certificate that does not parse is.
    let cannot = |e: std::io::Error| usage(format!("cannot read the certificate {name}: {e}"));
    let too_long = || {
        usage(format!(
            "{name} is longer than {MAX_TEXT} bytes, more than any certificate this verifier reads; is it a certificate written by `grundy period GAME --certificate FILE`?"
        ))
    };
    let mut bytes = Vec::new();
    if path == Path::new("-") {
        std::io::stdin()
            .lock()
            .take(MAX_TEXT as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
    } else {
        let file = std::fs::File::open(path).map_err(cannot)?;
        if file.metadata().map_err(cannot)?.len() > MAX_TEXT as u64 {
            return Err(too_long());
        }
        file.take(MAX_TEXT as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
    }
    if bytes.len() > MAX_TEXT {
        return Err(too_long());
    }
    String::from_utf8(bytes).map_err(|_| {
        usage(format!(
            "{name} is not text (not UTF-8); a certificate is the text `grundy period GAME --certificate FILE` writes"
        ))
    })
}
