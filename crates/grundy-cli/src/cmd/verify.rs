//! `grundy verify FILE`.

use std::process::ExitCode;

use anyhow::Context as _;

use super::{Context, Out};
use crate::cli::VerifyArgs;

/// Re-checks a certificate from the rules and says what it proves.
pub fn run(_ctx: &Context, args: &VerifyArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read the certificate {}", args.file.display()))?;
    let c = grundy_service::verify(&text)
        .with_context(|| format!("certificate {} rejected", args.file.display()))?;
    let saltus = if c.saltus == 0 {
        String::new()
    } else {
        format!(" with saltus {}", c.saltus)
    };
    writeln!(
        out,
        "verified: {} has period {} from heap {}{saltus} for every heap, by {}; values 0..={} recomputed from the rules",
        c.game, c.period, c.preperiod, c.theorem_text, c.checked_to
    )?;
    Ok(ExitCode::SUCCESS)
}
