//! `grundy count GAME [--from M] --to N [--heaps K]`.

use std::process::ExitCode;

use grundy::count::{self, histogram::Histogram, multiset};
use serde::Serialize;

use super::{Context, Out};
use crate::cli::{CountArgs, Format};
use crate::failure::usage;
use crate::{input, output};

#[derive(Serialize)]
struct CountJson {
    game: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<u64>,
    to: u64,
    wins: u64,
    losses: u64,
}

/// Counts first-player wins and losses among the heaps `1..=N`.
pub fn run(ctx: &Context, args: &CountArgs, out: Out<'_>) -> anyhow::Result<ExitCode> {
    let ruleset = input::ruleset(&args.game)?;
    let to = input::size(&args.to, "--to")?;
    let max = input::size(&args.search.max, "--max")?;
    if args.heaps != 1 {
        if args.from.is_some() {
            return Err(usage(
                "--from applies to single heaps; with --heaps K the heaps range over 0..=N",
            ));
        }
        return multiset(ctx, args, &ruleset, to, max, out);
    }
    let from = args
        .from
        .as_deref()
        .map(|t| input::size(t, "--from"))
        .transpose()?;
    let first = from.unwrap_or(1);
    if first > to && !(from.is_none() && to == 0) {
        return Err(usage(format!(
            "--from {first} is past --to {to}; give --from at most --to"
        )));
    }
    let values = ctx.values_to(&ruleset, to, max)?;
    let (losses, heaps) = if first > to {
        (0, 0)
    } else {
        (
            u64::try_from(count::zeros_in_range(&values, first, to)?)?,
            to - first + 1,
        )
    };
    let report = CountJson {
        game: ruleset.to_string(),
        from,
        to,
        wins: heaps - losses,
        losses,
    };
    match args.output.format {
        Format::Json => output::json(out, &report)?,
        Format::Csv => {
            let mut header = vec!["game", "to", "wins", "losses"];
            let mut row = vec![
                report.game.clone(),
                to.to_string(),
                report.wins.to_string(),
                report.losses.to_string(),
            ];
            if let Some(from) = from {
                header.insert(1, "from");
                row.insert(1, from.to_string());
            }
            output::csv(out, &header, &[row])?
        }
        Format::Table => output::pairs(
            out,
            &[
                ("game", report.game.clone()),
                ("heaps", format!("{first}..={to}")),
                ("wins", report.wins.to_string()),
                ("losses", report.losses.to_string()),
            ],
        )?,
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct MultisetJson {
    game: String,
    heaps: u32,
    to: u64,
    losing: Losing,
}

/// A count as a JSON number while it fits in 128 bits, else as a decimal
/// string (JSON readers lose precision on such numbers anyway).
enum Losing {
    Number(u128),
    Text(String),
}

impl Serialize for Losing {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Losing::Number(n) => serializer.serialize_u128(*n),
            Losing::Text(t) => serializer.serialize_str(t),
        }
    }
}

/// Counts the lost positions among multisets of `--heaps` heaps `0..=N`.
fn multiset(
    ctx: &Context,
    args: &CountArgs,
    ruleset: &grundy::Ruleset,
    to: u64,
    max: u64,
    out: Out<'_>,
) -> anyhow::Result<ExitCode> {
    let k = args.heaps;
    if k == 0 || k > multiset::MAX_HEAPS {
        return Err(usage(format!(
            "--heaps {k} is out of range; give a number of heaps from 1 to {}, as in --heaps 3",
            multiset::MAX_HEAPS
        )));
    }
    let values = ctx.values_to(ruleset, to, max)?;
    let histogram = Histogram::of_heaps(&values, to)?;
    let losing = multiset::losing_multisets_exact(&histogram, k)?;
    let report = MultisetJson {
        game: ruleset.to_string(),
        heaps: k,
        to,
        losing: match losing.to_u128() {
            Some(n) => Losing::Number(n),
            None => Losing::Text(losing.to_string()),
        },
    };
    match args.output.format {
        Format::Json => output::json(out, &report)?,
        Format::Csv => output::csv(
            out,
            &["game", "heaps", "to", "losing"],
            &[vec![
                report.game.clone(),
                k.to_string(),
                to.to_string(),
                losing.to_string(),
            ]],
        )?,
        Format::Table => output::pairs(
            out,
            &[
                ("game", report.game.clone()),
                (
                    "positions",
                    format!("{k} heaps, 0 <= a1 <= … <= a{k} <= {to}"),
                ),
                ("losing", losing.to_string()),
            ],
        )?,
    }
    Ok(ExitCode::SUCCESS)
}
