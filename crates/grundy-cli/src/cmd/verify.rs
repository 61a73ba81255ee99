//! `grundy verify FILE`.

use std::io::Read as _;
use std::path::Path;
use std::process::ExitCode;

use grundy_service::MAX_CERTIFICATE_TEXT as MAX_TEXT;

use crate::cli::VerifyArgs;
use crate::context::{Context, Out};
use crate::failure::usage;

/// Checks a certificate from the rules and says what it proves.
pub fn run(ctx: &Context, args: &VerifyArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let text = read_bounded(&args.file)?;
    let name = grundy_service::quoted(&args.file.display().to_string());
    let c = ctx
        .ask("verify", |solver, watch| solver.verify_with(&text, watch))
        .map_err(|e| {
            let verdict = verdict(&name, e.downcast_ref::<grundy_service::Error>());
            e.context(verdict)
        })?;
    writeln!(out, "verified: {}", c.sentence())?;
    Ok(ExitCode::SUCCESS)
}

/// What a failed check says of the certificate `name`, from the solver's
/// error: rejected where the certificate is wrong (false, malformed,
/// forged); refused, not checked, where checking it would cost more than
/// this run may spend, with the budget that would fit where one would; not
/// checked where the check was stopped. Only the first proves anything
/// against the certificate.
fn verdict(name: &str, error: Option<&grundy_service::Error>) -> String {
    use grundy_service::{Detail, ErrorKind};
    match error.map(|e| (e.kind(), e.detail())) {
        Some((_, Some(Detail::OverBudget { need, .. }))) => format!(
            "certificate {name} refused, not checked (--max-memory {} would fit)",
            budget_flag(*need)
        ),
        Some((ErrorKind::TooLarge, _)) => format!("certificate {name} refused, not checked"),
        Some((ErrorKind::Interrupted, _)) => format!("certificate {name} not checked"),
        _ => format!("certificate {name} rejected"),
    }
}

/// A round `--max-memory` value of at least `need` bytes, in the largest
/// unit not above it (kibibytes at least).
fn budget_flag(need: u64) -> String {
    let (unit, size) = [("T", 1u64 << 40), ("G", 1 << 30), ("M", 1 << 20)]
        .into_iter()
        .find(|&(_, size)| need >= size)
        .unwrap_or(("K", 1 << 10));
    format!("{}{unit}", need.div_ceil(size).max(1))
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
