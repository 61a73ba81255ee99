//! The command line, declared with clap: doc comments are the help text.

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Solve impartial combinatorial games: Sprague–Grundy values, winning moves
/// and counts for heap games.
///
/// GAME is a spec: a take-and-break code in Winning Ways notation (0.07, .07,
/// 4.07, 0.137; hexadecimal codes as hex:0.8f), grundy (Grundy's game), nim,
/// a subtraction game sub:1,3,4, sub:squares, sub:powers2 or sub:primes, an
/// all-but game allbut:1,2, or an alias: paper-strip and dawson-kayles (0.07),
/// kayles (0.77), dawsons-chess (0.137), nim-square (sub:squares).
#[derive(Debug, Parser)]
#[command(
    name = "grundy",
    version,
    propagate_version = true,
    max_term_width = 100
)]
#[command(
    after_help = "Examples:\n  grundy values 0.07 --to 60\n  grundy count paper-strip --to 50\n  grundy move grundy 5 10 20\n  echo '5 10 20' | grundy play grundy"
)]
pub struct Cli {
    /// Refuse computations whose tables would take more than this much
    /// memory, as 512M, 4G or bytes [default: 80% of available memory]
    #[arg(long, global = true, value_name = "SIZE")]
    pub max_memory: Option<String>,

    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the Grundy values G(0), …, G(N) of a game.
    ///
    /// Example: grundy values kayles --to 30 --format csv
    Values(ValuesArgs),
    /// Count the heaps 1..=N that are first-player wins and losses.
    ///
    /// Example: grundy count paper-strip --to 50   (40 wins, 10 losses)
    Count(CountArgs),
    /// Give the value of a position (a sum of heaps) and every winning move.
    ///
    /// Example: grundy move grundy 5 10 20
    #[command(name = "move")]
    Move(MoveArgs),
    /// Play interactively: read positions a line at a time, answer with the
    /// position after a winning move, or say there is none.
    ///
    /// Each line holds heap sizes separated by spaces; `bye` or end of input
    /// ends the session. Works typed at a terminal and piped.
    ///
    /// Example: printf '5 10 20\n7\nbye\n' | grundy play grundy
    Play(PlayArgs),
}

/// How results are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Aligned text for people.
    #[default]
    Table,
    /// Comma-separated values with a header line.
    Csv,
    /// One JSON document.
    Json,
}

/// Options shared by every command that prints a result.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

/// Arguments of `grundy values`.
#[derive(Debug, Args)]
pub struct ValuesArgs {
    /// The game, e.g. 0.07, kayles, grundy, sub:1,3,4, sub:squares
    pub game: String,
    /// Last heap size: values G(0) to G(N) are printed (10^6 and 2^20 work)
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub to: String,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Arguments of `grundy count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// The game, e.g. 0.07, kayles, grundy, sub:1,3,4, sub:squares
    pub game: String,
    /// Count the heaps 1 to N
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub to: String,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Arguments of `grundy move`.
#[derive(Debug, Args)]
pub struct MoveArgs {
    /// The game, e.g. 0.07, kayles, grundy, sub:1,3,4, sub:squares
    pub game: String,
    /// The heap sizes of the position
    #[arg(required = true, allow_negative_numbers = true, value_name = "HEAP")]
    pub heaps: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Arguments of `grundy play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game, e.g. 0.07, kayles, grundy, sub:1,3,4, sub:squares
    pub game: String,
}
