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
        .with_context(|| format!("certificate {} rejected", args.file.display()))?;
    writeln!(out, "verified: {}", c.sentence())?;
    Ok(ExitCode::SUCCESS)
}

/// The file's text (standard input for `-`), refused past [`MAX_TEXT`] bytes without reading more
/// than one byte beyond (a device such as `/dev/zero` never ends).
fn read_bounded(path: &Path) -> anyhow::Result<String> {
    let name = if path == Path::new("-") {
        "standard input".to_string()
    } else {
        path.display().to_string()
    };
    let cannot = || format!("cannot read the certificate {name}");
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
            .with_context(cannot)?;
    } else {
        let file = std::fs::File::open(path).with_context(cannot)?;
        if file.metadata().with_context(cannot)?.len() > MAX_TEXT as u64 {
            return Err(too_long());
        }
        file.take(MAX_TEXT as u64 + 1)
            .read_to_end(&mut bytes)
            .with_context(cannot)?;
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
