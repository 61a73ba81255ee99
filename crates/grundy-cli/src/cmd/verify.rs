//! `grundy verify FILE`.

use std::io::Read as _;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context as _;
use grundy::certificate::MAX_TEXT;

use super::{Context, Out};
use crate::cli::VerifyArgs;
use crate::failure::usage;

/// Checks a certificate from the rules and says what it proves.
pub fn run(ctx: &Context, args: &VerifyArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let text = read_bounded(&args.file)?;
    let c = ctx
        .ask("verify", |_, watch| {
            grundy_service::verify_with(&text, watch)
        })
        .with_context(|| format!("certificate {} rejected", args.file.display()))?;
    if let Some(q) = &c.misere {
        writeln!(
            out,
            "verified: the misère quotient of {} over heaps 0..={} ({} elements, {} in the P-portion; every sum's outcome checked, {} states) is the quotient of every heap: heap n pretends to be heap n - {} from heap {}, by {}",
            c.game,
            c.checked_to,
            q.elements,
            q.p_portion,
            q.states,
            c.period,
            c.preperiod + c.period,
            c.theorem_text
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    let saltus = if c.saltus == 0 {
        String::new()
    } else {
        format!(" with saltus {}", c.saltus)
    };
    writeln!(
        out,
        "verified: {} has period {} from heap {}{saltus} for every heap, by {}; every value 0..={} checked against the rules",
        c.game, c.period, c.preperiod, c.theorem_text, c.checked_to
    )?;
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
