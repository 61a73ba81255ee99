//! The command line, declared with clap: doc comments are the help text.

use std::io::Write as _;
use std::process::ExitCode;

use clap::error::ErrorKind as ClapKind;
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};

/// Solve impartial combinatorial games: Sprague–Grundy values, winning moves
/// and counts for heap games, boards and graphs.
///
/// GAME is a spec: a take-and-break code in Winning Ways notation (0.07, .07,
/// 4.07, 0.137; hexadecimal with digits 8-f, as in 0.8f or hex:0.8f; a lone
/// d0, as 4 for 4.0; 0.0 for no move), grundy (Grundy's game), nim, a
/// subtraction game sub:1,3,4, sub:squares, sub:powers2 or sub:primes, an
/// all-but game allbut:1,2, or an alias: paper-strip and dawson-kayles (0.07),
/// kayles (0.77), dawsons-chess (0.137), nim-square (sub:squares).
///
/// More subtraction games: ranges in a list (sub:1..3, sub:1,5..8), every size
/// from A (sub:3.., the same game as allbut:1,2), a residue class (sub:3k,
/// every multiple of 3; sub:3k+1 for 1, 4, 7, …), a divisor of the heap
/// (sub:divisors) or a proper divisor (sub:proper-divisors, Project Euler
/// 509). Splitting games replace a heap by non-empty heaps adding up to it:
/// split:3 (exactly 3 heaps), split:2..4 (2 to 4 heaps; Project Euler 629),
/// split:2.. (any number), each with :unequal for heaps of different sizes.
/// A spec that is a built-in game runs as that game and prints as it:
/// split:2:unequal is grundy, sub:1.. is nim.
///
/// Games played on several heaps at once (`ppos`, `move`, `moves`, `play`):
/// wythoff, stone, subsets:K:SUBSETS, or move vectors
/// 'vectors:(1,0),(0,1),(1,1),(1,2),(2,1)' (take t times one of the vectors,
/// an entry a heap, for any t >= 1; quote it in a shell).
///
/// Boards and graphs (`values`, `move`, `play`), solved by search:
///
///   cram:5x7              Cram on an empty 5 × 7 board (players place dominoes)
///   cram:..#/.../...      a board drawn row by row, / between rows, . free, # blocked
///   cram:@board.txt       a board drawn in a file, one row a line
///   node-kayles:path:10   Node-Kayles (take a vertex and its neighbours) on a path;
///                         also cycle:7, grid:3x16, edges:0-1,1-2,2-0 (edges:N:… for
///                         N vertices, some alone)
///   node-kayles:@graph.txt  a graph from an edge list, one edge a line (0 1),
///                         `vertices N` for lone vertices, # for comments
///   chomp:6x7             Chomp on a full 6 × 7 bar; chomp:5,3,3,1 row lengths
///
/// A family puts n for the size that grows, for `values --to`: cram:3xn,
/// node-kayles:grid:3xn, node-kayles:path:n, chomp:2xn, chomp:nxn. Moves are
/// written in the game's own terms, rows and columns from 0: a domino as two
/// cells r1,c1-r2,c2 (Cram), a vertex by its number (Node-Kayles), a square
/// as row,col from the poisoned corner (Chomp).
#[derive(Debug, Parser)]
#[command(
    name = "grundy",
    version,
    long_version = concat!(
        env!("CARGO_PKG_VERSION"),
        "\n",
        env!("GRUNDY_COMMIT"),
        "\n",
        env!("GRUNDY_BUILT")
    ),
    propagate_version = true,
    max_term_width = 100,
    verbatim_doc_comment
)]
#[command(
    after_help = "Examples:\n  grundy values 0.07 --to 60\n  grundy count paper-strip --to 50\n  grundy move grundy 5 10 20\n  echo '5 10 20' | grundy play grundy\n  grundy period 0.07 --format json\n  grundy count sub:squares --heaps 3 --to 29\n  grundy values cram:3xn --to 30\n  grundy move cram:4x5\n  grundy play cram:3x4\n\nExit status: 0 on success; 1 when something failed (a file could not be written); 2 for bad input, including a certificate that does not verify and a request refused as too large for the memory budget; 130 when Ctrl-C stopped a computation (what it computed is saved in the cache)."
)]
pub struct Cli {
    /// Refuse computations whose tables would take more than this much
    /// memory, all of them together (a server's requests share it), as
    /// 512M, 4G or bytes [default: 80% of available memory]
    #[arg(long, global = true, value_name = "SIZE")]
    pub max_memory: Option<String>,

    /// Keep computed values in DIR: a later command reads them instead of
    /// computing again, and a long computation saves checkpoints there and
    /// resumes from the last one if it was stopped [default: the platform
    /// cache directory, such as ~/.cache/grundy]
    #[arg(long, global = true, value_name = "DIR")]
    pub cache: Option<std::path::PathBuf>,

    /// Threads the engines compute on [default: as many as pay, up to one a
    /// core: a long computation of values times its steps on 1, 2, 4, …
    /// threads and stops widening when more threads are not 10 % faster or
    /// take over 1.5 times one thread's CPU a heap; `--stats` says why.
    /// Values past memory: two threads]
    #[arg(long, global = true, value_name = "N", value_parser = crate::input::threads)]
    pub threads: Option<std::num::NonZeroUsize>,

    /// Neither read nor write the value cache
    #[arg(long, global = true, conflicts_with = "cache")]
    pub no_cache: bool,

    /// Seconds between checkpoints of a long computation (0: after every
    /// step; for tests)
    #[arg(
        long,
        global = true,
        hide = true,
        default_value_t = 10.0,
        value_name = "SECONDS"
    )]
    pub checkpoint_secs: f64,

    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the Grundy values G(0), …, G(N) of a game; the value of a board
    /// or graph; or the values of a family of boards for n up to N.
    ///
    /// A board (cram:5x7) gets its value (nimber), who wins, and how much
    /// the search did; a family (cram:3xn) a table of n and its board's
    /// value. What a search learns is kept in the cache, so a long search
    /// that was stopped resumes.
    ///
    /// Example: grundy values kayles --to 30 --format csv; grundy values cram:3xn --to 30; grundy values cram:5x7
    Values(ValuesArgs),
    /// Count the heaps 1..=N that are first-player wins and losses.
    ///
    /// Example: grundy count paper-strip --to 50   (40 wins, 10 losses)
    Count(CountArgs),
    /// Give the value of a position (a sum of heaps) and every winning move.
    ///
    /// For a multi-heap game (wythoff, stone, subsets:K:…, vectors:…, see
    /// `grundy ppos --help`) it gives one winning move, heaps numbered from
    /// 0, or says the position is lost.
    ///
    /// For a board or graph (cram:5x7, node-kayles:grid:3x5, chomp:4,3,1; no
    /// heaps) it lists every winning move in the game's own terms with the
    /// position after it, or with --all every move and whether it wins.
    ///
    /// Example: grundy move grundy 5 10 20; grundy move stone 3 5 7; grundy move cram:4x5 --all
    #[command(name = "move")]
    Move(MoveArgs),
    /// Play interactively: read positions a line at a time, answer with the
    /// position after a winning move, or, in a lost position, after the move
    /// that takes the fewest tokens, marked (no winning move).
    ///
    /// Each line holds heap sizes separated by spaces; `bye` or end of input
    /// ends the session. Works typed at a terminal (with a prompt) and piped.
    /// Multi-heap games (wythoff, stone, subsets:K:…, vectors:…) are played
    /// too.
    ///
    /// A board or graph (cram:3x4, node-kayles:grid:3x3, chomp:4x5) is played
    /// from its position: each line is your move in the game's terms (a
    /// domino 0,0-0,1, a vertex 4, a square 2,3), or `go` to let me move
    /// first; I answer with my move (a winning one where there is one, else
    /// the one that takes least, marked (no winning move)) and the position
    /// after it, until nobody can move.
    ///
    /// Example: printf '5 10 20\n7\nbye\n' | grundy play grundy; printf '0,0-0,1\n' | grundy play cram:3x4
    Play(PlayArgs),
    /// Find the least preperiod and period of a game's values, prove them
    /// where a theorem applies, and say which.
    ///
    /// Proved: the octal periodicity theorem of Guy and Smith (take-and-break
    /// codes that split into at most two heaps), the same argument for
    /// hexadecimal codes, whose digits 8-f split into three (window
    /// 3e + 2p + t), or the
    /// window of max(S) values (finite subtraction sets); nim's G(n) = n.
    /// Anything else is reported as observed, never as proved.
    ///
    /// Example: grundy period 0.07 --certificate strip.cert
    Period(PeriodArgs),
    /// Re-check a periodicity certificate from the rules alone.
    ///
    /// Example: grundy verify strip.cert
    Verify(VerifyArgs),
    /// A readable report on a game: rules, values, P-positions, periodicity
    /// and exceptional values.
    ///
    /// Example: grundy analyze kayles --to 100
    Analyze(AnalyzeArgs),
    /// List, count or sum the P-positions (losing positions) of a game played
    /// on several heaps at once.
    ///
    /// GAME is wythoff (two heaps: take from one, or the same from both),
    /// stone (three heaps: the same from one, two or all three; Project Euler
    /// 260) or subsets:K:SUBSETS on K = 2, 3 or 4 heaps, SUBSETS being `all`
    /// or the allowed subsets as heap numbers, e.g. subsets:3:1,2,3,12,13,23.
    /// Or a game by move vectors, vectors:(A,B),… with 2 to 4 entries a
    /// vector: a move takes t times one vector from the heaps, for any t >=
    /// 1, e.g. 'vectors:(1,0),(0,1),(1,1),(1,2),(2,1)' (Project Euler 665;
    /// quote it in a shell). Wythoff is vectors:(1,0),(0,1),(1,1), and a set
    /// of 0/1 vectors closed under reordering the heaps is a subsets game,
    /// run on its engine. Positions are sorted, 0 <= x1 <= … <= xK <= N,
    /// when reordering the heaps maps the vectors onto themselves; otherwise
    /// every order is listed. Without --list, --count or --sum, both the
    /// count and the sum are printed.
    ///
    /// Example: grundy ppos stone --to 100 --count --sum   (count 1264, sum 173895)
    Ppos(PposArgs),
    /// The misère quotient of a game restricted to heaps up to N
    /// (Plambeck–Siegel): its elements, P-portion and pretending map, each
    /// step verified over every sum.
    ///
    /// Example: grundy misere 0.75 --max-heap 12
    Misere(MisereArgs),
    /// Print the completion script of a shell: bash, zsh, fish, elvish or
    /// powershell.
    ///
    /// Example: grundy completions bash > ~/.local/share/bash-completion/completions/grundy
    Completions(CompletionsArgs),
    /// Print the manual page (roff), or write it to a directory with a page
    /// for each subcommand.
    ///
    /// Example: grundy man | man -l -   or   grundy man ~/.local/share/man/man1
    Man(ManArgs),
    /// Show or clear the value cache: `list` its files (game, heaps held,
    /// size), `size` in all, `clear` every file or one game's, `dir` where
    /// it is.
    ///
    /// Example: grundy cache list; grundy cache clear kayles
    Cache(CacheArgs),
    /// Serve the web page and the JSON API on a local address: explore,
    /// plot and play every game in a browser.
    ///
    /// Binds to loopback unless another address is given. Ctrl-C stops the
    /// server after the requests in flight (at most 5 s). The API is
    /// described in crates/grundy-web/API.md.
    ///
    /// Example: grundy serve --addr 127.0.0.1:8080, then open http://127.0.0.1:8080/
    Serve(ServeArgs),
    /// Write a scatter plot of G(n) as SVG.
    ///
    /// Example: grundy plot kayles --to 1000 -o kayles.svg
    Plot(PlotArgs),
    /// Survey a whole family of games into a resumable SQLite catalogue:
    /// run, show, merge.
    ///
    /// Example: grundy survey run octal --digits 2 --max-heaps 2^16 --db octal2.sqlite
    Survey(crate::cmd::survey::SurveyArgs),
}

/// Arguments of `grundy cache`.
#[derive(Debug, Args)]
pub struct CacheArgs {
    #[command(subcommand)]
    pub action: CacheAction,
}

/// What `grundy cache` does.
#[derive(Debug, Subcommand)]
pub enum CacheAction {
    /// List the files: game, heaps held, size
    List(OutputArgs),
    /// Print the number of files and their total size
    Size(OutputArgs),
    /// Remove every file of the cache, or those of one game
    Clear {
        /// Only this game's values, e.g. kayles or 0.16
        game: Option<String>,
    },
    /// Print the cache directory
    Dir,
}

/// How far to search for a period.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// Compute values up to heap N at most while looking for a period
    /// [default: 2^28 where a theorem can prove a period (2^13 where each
    /// heap costs time that grows with it, as for three-part splits), at
    /// most what fits in the memory budget; 10000 where no theorem applies]
    #[arg(long, value_name = "N")]
    pub max: Option<String>,
}

/// Arguments of `grundy period`.
#[derive(Debug, Args)]
pub struct PeriodArgs {
    /// The game, e.g. 0.07, kayles, grundy, sub:1,3,4, sub:squares
    pub game: String,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Write a certificate of the proved period to FILE (refused when the
    /// period is not proved); `-` writes it to standard output instead of
    /// the verdict. A regular file is replaced whole or not at all (through
    /// a temporary file beside it, or beside the file a link points to); a
    /// FIFO or a device is written to directly
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Arguments of `grundy verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// A certificate written by `grundy period --certificate` or `grundy
    /// misere --certificate`, or - for standard input
    pub file: std::path::PathBuf,
}

/// Arguments of `grundy completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for
    pub shell: clap_complete::Shell,
}

/// Arguments of `grundy man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write grundy.1 and grundy-COMMAND.1 for each subcommand into DIR
    /// instead of printing grundy.1
    #[arg(value_name = "DIR")]
    pub dir: Option<std::path::PathBuf>,
}

/// Arguments of `grundy analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The game, e.g. 0.07, kayles, grundy, sub:1,3,4, sub:squares
    pub game: String,
    /// Show values and P-positions up to heap N [default: a few periods];
    /// without --max, the period is then searched for up to heap N or
    /// 10000, whichever is larger, so a small report comes at once
    #[arg(long, value_name = "N")]
    pub to: Option<String>,
    #[command(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    pub output: OutputArgs,
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

/// Which engine computes the values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum EngineChoice {
    /// The fastest engine that applies to the game
    #[default]
    Auto,
    /// The mex over every option (slow for games that split heaps)
    Naive,
    /// The sparse-space engine (games that split a heap in two)
    Sparse,
    /// Option values as bitsets (take-and-break codes; fastest for codes
    /// that split a heap in three)
    Bitsets,
}

/// Options of every command that computes values.
#[derive(Debug, Args)]
pub struct ComputeArgs {
    /// Engine computing the values
    #[arg(long, value_enum, default_value_t = EngineChoice::Auto)]
    pub engine: EngineChoice,
    /// Print on stderr which engine ran, what it found (mask, rare heaps,
    /// largest value), how long it took and the CPU time it used
    #[arg(long)]
    pub stats: bool,
}

/// Arguments of `grundy values`.
#[derive(Debug, Args)]
pub struct ValuesArgs {
    /// The game, e.g. 0.07, kayles, grundy, sub:1,3,4, sub:squares; a board
    /// cram:5x7, cram:@board.txt, node-kayles:grid:3x8, chomp:6x7; a family
    /// cram:3xn, node-kayles:path:n, chomp:2xn
    pub game: String,
    /// Last heap size: values G(0) to G(N) are printed (10^6 and 2^20 work);
    /// for a family, the last n (required for both; a board takes none)
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub to: Option<String>,
    /// First heap size printed; past the values computed, a proved period
    /// answers (e.g. --from 10^18 --to 10^18+20); for a family, the first n
    /// [default: 0]
    #[arg(long, value_name = "M", allow_negative_numbers = true)]
    pub from: Option<String>,
    /// Misère play: the player who makes the last move loses: print each heap's genus
    /// g^γ0γ1… (Conway) and whether it is tame, instead of its value; for a board, who
    /// wins it under misère play
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    pub compute: ComputeArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Arguments of `grundy count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// The game, e.g. 0.07, kayles, grundy, sub:1,3,4, sub:squares
    pub game: String,
    /// Count the heaps 1 to N (with --heaps K: positions of heaps 0 to N)
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub to: String,
    /// Count the heaps M to N instead of 1 to N (single heaps only)
    #[arg(long, value_name = "M", allow_negative_numbers = true)]
    pub from: Option<String>,
    /// Count the lost positions (nim-sum 0) among all multisets of K heaps
    /// 0 <= a1 <= … <= aK <= N (exact at any size; in JSON a count past
    /// 2^128 is a decimal string)
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = crate::input::count::<u32>)]
    pub heaps: u32,
    /// Count the heaps 1 to N with each value instead: lines `value count`
    /// for every value up to the largest (past the memory budget, the
    /// values are computed with part of them on disk, beside the cache)
    #[arg(long, conflicts_with_all = ["from", "heaps"])]
    pub frequencies: bool,
    #[command(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    pub compute: ComputeArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Arguments of `grundy move`.
#[derive(Debug, Args)]
pub struct MoveArgs {
    /// The game, e.g. 0.07, kayles, grundy, sub:1,3,4, sub:squares; or a
    /// board or graph with its position, e.g. cram:5x7, cram:@board.txt,
    /// node-kayles:grid:3x5, chomp:4,3,1
    pub game: String,
    /// The heap sizes of the position (heap games; a board's position is
    /// its spec)
    #[arg(allow_negative_numbers = true, value_name = "HEAP")]
    pub heaps: Vec<String>,
    /// A board or graph: list every move and whether it wins (winning
    /// first, then those that take least), not only the winning moves
    #[arg(long)]
    pub all: bool,
    /// List at most this many winning moves in a heap past the values
    /// computed (the total is still counted) [default: 20; a board's moves:
    /// 10000]
    #[arg(long, value_name = "L", value_parser = crate::input::count::<usize>)]
    pub limit: Option<usize>,
    /// Misère play: the player who makes the last move loses: who wins, by the tame rule
    /// where every heap is tame; otherwise by a short game-tree search, else by the game's
    /// misère quotient (computed once, a proved one kept in the cache), else by a longer
    /// search. The answer names the method. A board is searched whole
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    pub compute: ComputeArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Arguments of `grundy play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game, e.g. 0.07, kayles, grundy, sub:1,3,4, sub:squares; or a
    /// board or graph to play from, e.g. cram:3x4, node-kayles:grid:3x3,
    /// chomp:4x5
    pub game: String,
    /// Misère play: the player who makes the last move loses (heaps up to 10000)
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// Arguments of `grundy misere`.
#[derive(Debug, Args)]
pub struct MisereArgs {
    /// The game, e.g. 0.75, kayles, grundy, sub:1,3,4
    pub game: String,
    /// The quotient of all sums of heaps of sizes up to N (at most 1000).
    /// Without it, the quotient of every heap: heap bounds 32, 64, … up to
    /// 1000 until the pretending map's period is proved (kept in the cache,
    /// so the next command reads it), or one error line saying why none is
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub max_heap: Option<String>,
    /// Write a certificate of the quotient and its pretending map's proved
    /// period to FILE, for `grundy verify` (refused when the period is not
    /// proved at this bound); `-` writes it to standard output instead of
    /// the quotient. A regular file is replaced whole or not at all
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Which algorithm `grundy ppos` uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum PposMethod {
    /// Key tables as rows of bits, searched 64 positions at a time.
    #[default]
    Fast,
    /// The plain key scan of every sorted position (Project Euler 260's).
    Reference,
    /// Every move from every position, from the rules; small N only.
    Brute,
}

/// Arguments of `grundy ppos`.
#[derive(Debug, Args)]
pub struct PposArgs {
    /// The game: wythoff, stone, subsets:3:1,2,3,12,13,23, subsets:4:all,
    /// 'vectors:(1,0),(0,1),(1,1),(1,2),(2,1)'
    pub game: String,
    /// Largest heap: positions with every heap at most N
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub to: String,
    /// Print every P-position, one a line, as they are found
    #[arg(long, conflicts_with_all = ["count", "sum"])]
    pub list: bool,
    /// Print the number of P-positions
    #[arg(long)]
    pub count: bool,
    /// Print the sum of all coordinates of all P-positions
    #[arg(long)]
    pub sum: bool,
    /// Algorithm
    #[arg(long, value_enum, default_value_t = PposMethod::Fast)]
    pub method: PposMethod,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Arguments of `grundy serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on (loopback by default; another address only
    /// when given here)
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    pub addr: std::net::SocketAddr,
    /// Keep computed values in DIR (as --cache does for other commands);
    /// requests never name files
    #[arg(long, value_name = "DIR")]
    pub store: Option<std::path::PathBuf>,
    /// List this survey catalogue (written by `grundy survey run`) on the
    /// page and at /api/catalogue, opened read-only
    #[arg(long, value_name = "FILE")]
    pub catalogue: Option<std::path::PathBuf>,
    /// Most heaps in a position
    #[arg(long, value_name = "K", default_value_t = grundy_web::Limits::default().heaps)]
    pub max_heaps: usize,
    /// Most heaps in a range of values
    #[arg(long, value_name = "N", default_value_t = grundy_web::Limits::default().values_range)]
    pub max_range: u64,
    /// Most heaps in a plotted range
    #[arg(long, value_name = "N", default_value_t = grundy_web::Limits::default().plot_range)]
    pub max_plot_range: u64,
    /// Largest period search limit (`max`) a request may give
    #[arg(long, value_name = "N", default_value_t = grundy_web::Limits::default().search)]
    pub max_search: u64,
    /// Largest `to` of a count of positions of several heaps
    #[arg(long, value_name = "N", default_value_t = grundy_web::Limits::default().multiset_to)]
    pub max_multiset_to: u64,
    /// Largest `to` of a P-position scan
    #[arg(long, value_name = "N", default_value_t = grundy_web::Limits::default().ppositions_to)]
    pub max_ppositions_to: u64,
    /// Largest `to` of an analysis
    #[arg(long, value_name = "N", default_value_t = grundy_web::Limits::default().analyze_to)]
    pub max_analyze_to: u64,
    /// Largest heap bound (`max_heap`) of a misère quotient
    #[arg(long, value_name = "N", default_value_t = grundy_web::Limits::default().misere_heap)]
    pub max_misere_heap: u64,
    /// Seconds a request may compute before it is stopped (504)
    #[arg(long, value_name = "SECONDS", default_value_t = grundy_web::Limits::default().time.as_secs_f64())]
    pub time_limit: f64,
    /// Heavy computations at once; more are answered 503 [default: the
    /// number of cores, at least 2]
    #[arg(long, value_name = "N")]
    pub heavy: Option<usize>,
    /// Largest request body in bytes (a certificate to verify)
    #[arg(long, value_name = "BYTES", default_value_t = grundy_web::Limits::default().body_bytes)]
    pub max_body: usize,
    /// Seconds a request's head may take to arrive before its connection
    /// is closed
    #[arg(long, value_name = "SECONDS", default_value_t = grundy_web::ConnectionLimits::default().header.as_secs_f64())]
    pub header_timeout: f64,
    /// Seconds a request's body may take to arrive whole (then 400)
    #[arg(long, value_name = "SECONDS", default_value_t = grundy_web::ConnectionLimits::default().body.as_secs_f64())]
    pub body_timeout: f64,
    /// Seconds a kept-alive connection may wait for its next request
    #[arg(long, value_name = "SECONDS", default_value_t = grundy_web::ConnectionLimits::default().idle.as_secs_f64())]
    pub idle_timeout: f64,
    /// Seconds a write of an answer may wait for the client to read it
    /// before the connection (and the answer's computation) is closed
    #[arg(long, value_name = "SECONDS", default_value_t = grundy_web::ConnectionLimits::default().write.as_secs_f64())]
    pub write_timeout: f64,
    /// Connections open at once; past it the one waiting longest with
    /// nothing to answer is closed (keep it under `ulimit -n`)
    #[arg(long, value_name = "N", default_value_t = grundy_web::ConnectionLimits::default().connections)]
    pub max_connections: usize,
}

/// Arguments of `grundy plot`.
#[derive(Debug, Args)]
pub struct PlotArgs {
    /// The game, e.g. 0.07, kayles, grundy, sub:1,3,4, sub:squares
    pub game: String,
    /// Last heap plotted
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub to: String,
    /// First heap plotted [default: 0]
    #[arg(long, value_name = "M", allow_negative_numbers = true)]
    pub from: Option<String>,
    /// The SVG file to write, or - for standard output
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: std::path::PathBuf,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// Prints a clap error: help and version as clap renders them, every real
/// error folded into one line with a pointer to `--help`.
pub fn clap_error(err: clap::Error) -> ExitCode {
    match err.kind() {
        ClapKind::DisplayHelp
        | ClapKind::DisplayVersion
        | ClapKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // Help and version go to stdout, which may be full or closed:
            // a failed write is an error like any other (a closed pipe
            // aside, as for every command).
            if let Err(e) = err.print().and_then(|()| std::io::stdout().flush()) {
                if e.kind() == std::io::ErrorKind::BrokenPipe {
                    return ExitCode::SUCCESS;
                }
                eprintln!("error: cannot write to standard output: {e}");
                return ExitCode::from(crate::failure::FAILURE);
            }
            if err.kind() == ClapKind::DisplayHelpOnMissingArgumentOrSubcommand {
                ExitCode::from(crate::failure::USAGE)
            } else {
                ExitCode::SUCCESS
            }
        }
        _ => {
            let text = err.render().to_string();
            let lines: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.starts_with("Usage:"))
                .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
                .collect();
            let mut message = lines.join(" ");
            // clap quotes a bad value whole: quote it bounded instead.
            if let Some(clap::error::ContextValue::String(value)) =
                err.get(clap::error::ContextKind::InvalidValue)
            {
                message = message.replace(&format!("'{value}'"), &grundy_service::quoted(value));
            }
            let message = message.strip_prefix("error: ").unwrap_or(&message);
            let known = |sub: &str| {
                Cli::command()
                    .get_subcommands()
                    .any(|c| c.get_name() == sub)
            };
            let help = match std::env::args().nth(1) {
                Some(sub) if known(&sub) => format!("grundy {sub} --help"),
                _ => "grundy --help".to_string(),
            };
            eprintln!("error: {}; see '{help}'", crate::failure::one_line(message));
            ExitCode::from(crate::failure::USAGE)
        }
    }
}
