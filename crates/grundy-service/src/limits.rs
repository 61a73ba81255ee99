//! Every limit on what one request may ask, every share of the memory
//! budget, and every check of them: the one place a front end's refusal
//! comes from.
//!
//! A refusal is an error of the library's kind ([`ErrorKind::InvalidInput`]
//! past a limit that no memory lifts, [`ErrorKind::TooLarge`] past the
//! budget) with a typed [`Detail`]: [`Detail::OutOfRange`] names the
//! quantity, what was asked and the range allowed, [`Detail::OverBudget`]
//! the bytes needed and, where known, the largest size that fits. Its
//! message says what is wrong in the solver's terms; the front ends add how
//! to fix it in theirs (a flag, a parameter, a keyword argument).
//!
//! Three kinds of number live here:
//!
//! - how far a period search goes when no limit is given
//!   ([`SEARCH_LIMIT`], [`COSTLY_SEARCH_LIMIT`], [`OBSERVE_LIMIT`],
//!   [`OPTIONS_OBSERVE_LIMIT`]);
//! - how much one answer holds or lists ([`MAX_VALUES`],
//!   [`MAX_MOVES_LISTED`], [`MAX_ANALYZED`], …) and the defaults below
//!   them;
//! - how much of the budget each kind of work may take (a quarter for
//!   misère play, [`QUICK_SEARCH_BYTES`] for the first search of a wild
//!   position, eight bytes a value listed far away, a quarter for the
//!   table of a board search);
//! - how large a board, a graph or a range of a family one request may
//!   search ([`MAX_BOARD_CELLS`], [`MAX_GRAPH_VERTICES`],
//!   [`MAX_FAMILY_BOARDS`]).

use grundy::count::multiset;
use grundy::games::{BoardGame, Chomp, Cram, NodeKayles};
use grundy::multiheap::vectors::{self, VectorGame};
use grundy::multiheap::{self, Method};
use grundy::period::PeriodicValues;
use grundy::search::Game as _;
use grundy::values::{self, Engine, human_bytes};
use grundy::{Detail, Error, ErrorKind, Quantity, Result, Ruleset, ValueTable};

/// The default limit of a period search for games whose values cost a
/// bounded amount of work a heap (the sparse engine, finite subtraction
/// sets, codes that do not split): 2^28 heaps.
pub const SEARCH_LIMIT: u64 = 1 << 28;

/// The default limit of a period search where each heap costs work that
/// grows with the heap: 2^13 heaps. Three-part splits cost about N³/100
/// word operations up to N with the bitset engine (half a second to 2^13
/// on the reference machine, minutes to 2^16); the naive engine forced on
/// a splitting game, N²/4 options.
pub const COSTLY_SEARCH_LIMIT: u64 = 1 << 13;

/// The default limit of a search for a pattern that no theorem here can
/// prove (Grundy's game, infinite subtraction sets, all-but games): it can
/// only be observed, so the search stops early.
pub const OBSERVE_LIMIT: u64 = 10_000;

/// The default limit of the search for a pattern in a heap game given by
/// its options (a callback into a front end's language, such as Python's
/// `Game.from_options`): 1000 heaps, each costing a call back, and the
/// pattern can only be observed.
pub const OPTIONS_OBSERVE_LIMIT: u64 = 1_000;

/// The most values one request for values returns.
pub const MAX_VALUES: u64 = 100_000_000;

/// The last heap an analysis lists values up to.
pub const MAX_ANALYZED: u64 = 10_000_000;

/// The most heaps an analysis shows when no `to` is given: a game whose
/// preperiod and two periods are longer (0.16's are 404,269 heaps) shows
/// its first values, and says how to ask for more.
pub const ANALYZED_BY_DEFAULT: u64 = 200;

/// The most exceptions an analysis lists; their number is always given.
pub const EXCEPTIONS_LISTED: usize = 100;

/// The most winning moves a position's report lists.
pub const MAX_MOVES_LISTED: usize = 1_000_000;

/// Winning moves a position's answer lists when the question gives no
/// limit.
pub const DEFAULT_MOVES_LISTED: usize = 20;

/// The most moves a position may have for its moves to be listed with
/// their outcomes: each is generated and judged, so a position with more
/// is refused before anything is computed.
pub const MAX_MOVES_EXAMINED: u64 = 1_000_000;

/// Moves listed with their outcomes when the question gives no limit.
pub const DEFAULT_MOVES_ALL: usize = 10_000;

/// The largest value whose heaps are counted by value in a table's
/// statistics (a histogram of a count a value): past it, the rare
/// statistics are left out.
pub const MAX_HISTOGRAM_VALUE: u64 = 1 << 24;

/// The largest heap whose genus the solver computes: the genera of all
/// heaps below it come first, and a heap of n has up to O(n) options.
pub const MAX_MISERE_HEAP: u64 = 10_000;

/// The largest heap of a misère position. Past [`MAX_MISERE_HEAP`] only a
/// quotient whose pretending map's period is proved answers.
pub const MAX_PLAYED_HEAP: u64 = 100_000;

/// The most tokens, all heaps together, of a misère position: every option
/// of every heap is tried.
pub const MAX_PLAYED_TOKENS: u64 = 1_000_000;

/// The largest heap bound of a misère quotient the solver computes.
pub const MAX_QUOTIENT_HEAP: u64 = 1000;

/// The memo of the game-tree search tried before a quotient is computed
/// for a misère position (about 450,000 positions, the memo counted as
/// allocated, in about a second at most): a position it settles needs no
/// quotient, whose construction can take a minute where it fails (Dawson's
/// Kayles past heap 33: the search settles 70, or 40 + 35, in a fraction
/// of a second), and one it does not settle costs little beside the
/// quotient.
pub const QUICK_SEARCH_BYTES: u64 = 48 << 20;

/// Heaps past memory at most: 2^40, two bytes a value on disk at most
/// (2 TiB), Rogalski's furthest run (0.167 to 2^40). Larger requests are
/// refused before anything is written.
pub const MAX_PAST_MEMORY: u64 = 1 << 40;

/// The limit of a period search of `game` by `engine` when none is given,
/// whatever the memory: where a theorem can prove a period,
/// [`SEARCH_LIMIT`] heaps (or [`COSTLY_SEARCH_LIMIT`] where each heap
/// costs work that grows with it); else [`OBSERVE_LIMIT`].
pub(crate) fn search_limit(game: &Ruleset, engine: Engine) -> u64 {
    if !grundy::period::proof::may_prove(game) {
        return OBSERVE_LIMIT;
    }
    if costly(game, engine) {
        COSTLY_SEARCH_LIMIT
    } else {
        SEARCH_LIMIT
    }
}

/// Whether each heap of `game` costs `engine` work that grows with the
/// heap: codes that split a heap in three, and splitting codes the sparse
/// engine does not compute.
fn costly(game: &Ruleset, engine: Engine) -> bool {
    match game {
        Ruleset::TakeAndBreak(code) => {
            code.max_heaps_left() > 2
                || (code.splits() && (engine == Engine::Naive || !values::sparse::applies(game)))
        }
        _ => false,
    }
}

/// The most values a search computes to find a period before values up to
/// a heap past memory are computed one by one: a period proved there
/// answers instead (0.07's is proved within 200 heaps, and its values, at
/// a cost quadratic in the heap, would take hours to 10^7).
pub const QUICK_PERIOD_LIMIT: u64 = 1 << 16;

/// Every value of `game` up to `to`, where a period search up to `max`
/// proved no period: computed where each heap costs a bounded amount of
/// work, refused where its cost grows with the heap (three-part splits
/// cost about N³/100 word operations up to N: a second to 2^13, days to
/// 10^6). A search limit that reaches `to` asks for them anyway.
pub(crate) fn unproved_values(game: &Ruleset, engine: Engine, to: u64, max: u64) -> Result<()> {
    if to <= max || !costly(game, engine) {
        return Ok(());
    }
    Err(Error::new(
        ErrorKind::TooLarge,
        format!(
            "{game} has no proved period up to heap {max}, and its values cost time that grows faster than the square of the heap: every value up to {to} would take hours or more; ask about heaps up to {max}, or give a search limit of {to} or more to compute them all, slowly"
        ),
    )
    .with_detail(Detail::OutOfRange {
        quantity: Quantity::SearchLimit,
        asked: to,
        least: 0,
        most: max,
    }))
}

/// The longest certificate text read: 64 MiB.
pub const MAX_CERTIFICATE_TEXT: usize = grundy::certificate::MAX_TEXT;

/// The share of the memory budget that misère play (the genera, the judge,
/// a quotient's construction) may take: a quarter.
pub(crate) fn misere_bytes(budget: u64) -> u64 {
    budget / 4
}

/// The share of the memory budget that value tables keep between requests
/// by default: a quarter.
pub(crate) fn memory_kept(budget: u64) -> u64 {
    budget / 4
}

/// An [`ErrorKind::InvalidInput`] refusal of `asked` outside `least..=most`.
fn out_of_range(quantity: Quantity, asked: u64, least: u64, most: u64, message: String) -> Error {
    Error::new(ErrorKind::InvalidInput, message).with_detail(Detail::OutOfRange {
        quantity,
        asked,
        least,
        most,
    })
}

/// An [`ErrorKind::TooLarge`] refusal: `need` bytes over `budget`.
fn over_budget(need: u64, budget: u64, fits: Option<u64>, message: String) -> Error {
    Error::new(ErrorKind::TooLarge, message).with_detail(Detail::OverBudget { need, budget, fits })
}

fn count(n: usize) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}

/// A range of heaps `from..=to` that one request lists: not empty, at most
/// [`MAX_VALUES`].
pub(crate) fn values_range(from: u64, to: u64) -> Result<()> {
    if from > to {
        return Err(out_of_range(
            Quantity::Heap,
            from,
            0,
            to,
            format!("the range {from}..={to} is empty: its first heap is past its last"),
        ));
    }
    if to - from >= MAX_VALUES {
        return Err(out_of_range(
            Quantity::Values,
            (to - from).saturating_add(1),
            1,
            MAX_VALUES,
            format!("{from}..={to} is more than {MAX_VALUES} values; ask for a shorter range"),
        ));
    }
    Ok(())
}

/// `count` values up to `largest` gathered one by one (from a period, or
/// copied from a table): as many bytes each as `largest` needs, within
/// the budget. Returns the bytes they take.
pub(crate) fn listed_values(count: u64, largest: u64, budget: u64) -> Result<u64> {
    let width = match largest {
        0..=0xff => 1,
        0x100..=0xffff => 2,
        0x1_0000..=0xffff_ffff => 4,
        _ => 8,
    };
    let need = count.saturating_mul(width);
    if need > budget {
        return Err(over_budget(
            need,
            budget,
            Some(budget / width),
            format!(
                "{count} values need up to {} but the memory budget is {}; ask for at most {} heaps",
                human_bytes(need),
                human_bytes(budget),
                budget / width
            ),
        ));
    }
    Ok(need)
}

/// The first heap of a count of single heaps, `from` (by default 1), at
/// most `to` (nothing is counted of `0..=0` by default).
pub(crate) fn first_heap(from: Option<u64>, to: u64) -> Result<u64> {
    let first = from.unwrap_or(1);
    if first > to && !(from.is_none() && to == 0) {
        return Err(out_of_range(
            Quantity::Heap,
            first,
            0,
            to,
            format!("the first heap {first} is past the last heap {to}"),
        ));
    }
    Ok(first)
}

/// Positions of `k` heaps to count: 1 to [`multiset::MAX_HEAPS`].
pub(crate) fn multiset_heaps(k: u32) -> Result<()> {
    multiset::check_heaps(k)
}

/// Counting positions of heaps up to `to` by XOR convolution over their
/// values: the histogram and the two working copies of the convolution,
/// 16 bytes for each value below the next power of two over the largest.
/// Returns the bytes they take.
pub(crate) fn histogram(values: &PeriodicValues, to: u64, budget: u64) -> Result<u64> {
    let table = values.table();
    let mut largest = u128::from(table.max().value());
    if let Some(p) = values.proved().filter(|p| p.saltus() > 0) {
        // Arithmetic periodicity: the values climb by the saltus each
        // period past the table.
        // In u128: nim to 2^64 − 1 has 2^64 periods, which wrapped to 0
        // and let a 1 GB histogram past this check.
        let periods = u128::from(to.saturating_sub(p.preperiod()) / p.period().max(1)) + 1;
        largest += u128::from(p.saltus()) * periods;
    }
    let width = (largest + 1)
        .checked_next_power_of_two()
        .unwrap_or(u128::MAX);
    let need = width.saturating_mul(16 * 3);
    if need > u128::from(budget) {
        let need = u64::try_from(need).unwrap_or(u64::MAX);
        return Err(over_budget(
            need,
            budget,
            None,
            format!(
                "counting positions of heaps up to {to} needs {} for the values' histogram (values up to {largest}), over the memory budget of {}; ask for smaller heaps",
                human_bytes(need),
                human_bytes(budget)
            ),
        ));
    }
    Ok(u64::try_from(need).unwrap_or(u64::MAX))
}

/// A count a value up to `largest` (the largest value counted), beside
/// `table`.
/// Returns the bytes the counts take.
pub(crate) fn frequencies(largest: u64, table: &ValueTable, budget: u64) -> Result<u64> {
    let need = largest.saturating_add(1).saturating_mul(8);
    if need > budget.saturating_sub(table.value_bytes()) {
        return Err(over_budget(
            need,
            budget,
            None,
            format!(
                "counting values up to {} needs {} beside the table, past the memory budget of {}; ask for fewer heaps",
                largest,
                human_bytes(need),
                human_bytes(budget)
            ),
        ));
    }
    Ok(need)
}

/// The winning moves listed of one position: at most
/// [`MAX_MOVES_LISTED`].
pub(crate) fn moves_listed(limit: usize) -> Result<()> {
    if limit > MAX_MOVES_LISTED {
        return Err(out_of_range(
            Quantity::MovesListed,
            count(limit),
            0,
            count(MAX_MOVES_LISTED),
            format!(
                "{limit} moves is more than can be listed; at most {MAX_MOVES_LISTED} are (the total is counted anyway)"
            ),
        ));
    }
    Ok(())
}

/// The last heap an analysis lists: at most [`MAX_ANALYZED`].
pub(crate) fn analyzed(to: Option<u64>) -> Result<()> {
    if let Some(to) = to.filter(|&to| to > MAX_ANALYZED) {
        return Err(out_of_range(
            Quantity::Heap,
            to,
            0,
            MAX_ANALYZED,
            format!(
                "an analysis lists values one by one, up to heap {MAX_ANALYZED} at most, not {to}"
            ),
        ));
    }
    Ok(())
}

/// Moves of one position to list with their outcomes, `examined` at most
/// (counted before any is made): at most [`MAX_MOVES_EXAMINED`].
pub(crate) fn moves_examined(examined: u64) -> Result<()> {
    if examined > MAX_MOVES_EXAMINED {
        return Err(out_of_range(
            Quantity::Moves,
            examined,
            0,
            MAX_MOVES_EXAMINED,
            format!(
                "the position has up to {examined} moves, more than the {MAX_MOVES_EXAMINED} that are examined to list them; ask for the winning moves alone (position) or give smaller heaps"
            ),
        ));
    }
    Ok(())
}

/// The positions of the multi-heap `game` have its number of heaps; their
/// largest heap.
pub(crate) fn multiheap_position(game: &VectorGame, heaps: &[u64]) -> Result<u64> {
    if heaps.len() != game.heaps() {
        let k = count(game.heaps());
        return Err(out_of_range(
            Quantity::Heaps,
            count(heaps.len()),
            k,
            k,
            format!(
                "{game} is played on {} heaps but {} were given",
                game.heaps(),
                heaps.len()
            ),
        ));
    }
    Ok(heaps.iter().copied().max().unwrap_or(0))
}

/// The heaps of a multi-heap position, each below 2^32.
pub(crate) fn multiheap_heaps(heaps: &[u64]) -> Result<Vec<u32>> {
    heaps
        .iter()
        .map(|&h| {
            u32::try_from(h).map_err(|_| {
                Error::new(ErrorKind::TooLarge, "a heap is past 2^32 − 1").with_detail(
                    Detail::OutOfRange {
                        quantity: Quantity::Heap,
                        asked: h,
                        least: 0,
                        most: u64::from(u32::MAX),
                    },
                )
            })
        })
        .collect()
}

/// A scan of the P-positions of `game` up to `to` by `method`: its tables
/// within the budget, checked before anything is computed (a subset game's
/// by its own engines). `fit` words what fits, naming the largest bound
/// that does.
pub(crate) fn multiheap_bound(
    game: &VectorGame,
    to: u64,
    method: Method,
    budget: grundy::values::Budget,
    fit: impl Fn(u32) -> String,
) -> Result<u32> {
    let fits = match game.as_subset_game() {
        Some(subsets) => multiheap::largest_to(&subsets, method, budget),
        None => vectors::largest_to(game, method, budget),
    };
    match u32::try_from(to) {
        Ok(to) if to <= fits => Ok(to),
        bound => {
            let (need, words) = match bound {
                Ok(to) => {
                    let need = match game.as_subset_game() {
                        Some(subsets) => multiheap::memory_needed(&subsets, to, method),
                        None => vectors::memory_needed(game, to, method),
                    };
                    (need, format!("{} of tables", human_bytes(need)))
                }
                Err(_) => (u64::MAX, "more memory than any machine has".to_string()),
            };
            Err(over_budget(
                need,
                budget.max_bytes(),
                Some(u64::from(fits)),
                format!(
                    "the P-positions of {game} up to N = {to} need {words}, over the memory budget of {}; {}",
                    human_bytes(budget.max_bytes()),
                    fit(fits)
                ),
            ))
        }
    }
}

/// The bytes of the tables of a scan of the P-positions of `game` up to
/// `to` by `method` (within the budget once [`multiheap_bound`] passed).
pub(crate) fn multiheap_bytes(game: &VectorGame, to: u32, method: Method) -> u64 {
    match game.as_subset_game() {
        Some(subsets) => multiheap::memory_needed(&subsets, to, method),
        None => vectors::memory_needed(game, to, method),
    }
}

/// The last heap whose genus is computed: at most [`MAX_MISERE_HEAP`].
pub(crate) fn genera_heap(heap: u64) -> Result<()> {
    if heap > MAX_MISERE_HEAP {
        return Err(out_of_range(
            Quantity::Heap,
            heap,
            0,
            MAX_MISERE_HEAP,
            format!(
                "heap {heap} is too large for misère play: genera are computed up to {MAX_MISERE_HEAP}, and a wild position is searched move by move"
            ),
        ));
    }
    Ok(())
}

/// A misère position, whose moves are listed one by one: each heap at most
/// [`MAX_PLAYED_HEAP`], [`MAX_PLAYED_TOKENS`] in all.
pub(crate) fn played(heaps: &[u64]) -> Result<()> {
    if let Some(&heap) = heaps.iter().find(|&&h| h > MAX_PLAYED_HEAP) {
        return Err(out_of_range(
            Quantity::Heap,
            heap,
            0,
            MAX_PLAYED_HEAP,
            format!(
                "heap {heap} is too large for misère play: its moves are listed one by one, for heaps up to {MAX_PLAYED_HEAP}"
            ),
        ));
    }
    let total = heaps.iter().fold(0u64, |a, &h| a.saturating_add(h));
    if total > MAX_PLAYED_TOKENS {
        return Err(out_of_range(
            Quantity::Tokens,
            total,
            0,
            MAX_PLAYED_TOKENS,
            format!(
                "these heaps total {total} tokens; misère positions are played for at most {MAX_PLAYED_TOKENS}, their moves listed one by one"
            ),
        ));
    }
    Ok(())
}

/// A misère position with heap `largest` past [`MAX_MISERE_HEAP`] that no
/// quotient covers: refused.
pub(crate) fn misere_heap(game: &Ruleset, largest: u64) -> Result<()> {
    if largest > MAX_MISERE_HEAP {
        return Err(out_of_range(
            Quantity::Heap,
            largest,
            0,
            MAX_MISERE_HEAP,
            format!(
                "heap {largest} is too large for misère play of {game}: past {MAX_MISERE_HEAP} only a misère quotient whose pretending map has a proved period answers, and none was found for this game (quotients are computed up to heap {MAX_QUOTIENT_HEAP}); ask about heaps up to {MAX_MISERE_HEAP}"
            ),
        ));
    }
    Ok(())
}

/// The heap bound of a misère quotient: at most [`MAX_QUOTIENT_HEAP`].
pub(crate) fn quotient_bound(max_heap: u64) -> Result<()> {
    if max_heap > MAX_QUOTIENT_HEAP {
        return Err(out_of_range(
            Quantity::HeapBound,
            max_heap,
            0,
            MAX_QUOTIENT_HEAP,
            format!(
                "a misère quotient is computed for heaps up to {MAX_QUOTIENT_HEAP}; ask for a smaller bound"
            ),
        ));
    }
    Ok(())
}

/// Values computed past memory up to heap `to`: below [`MAX_PAST_MEMORY`].
pub(crate) fn past_memory(to: u64) -> Result<()> {
    if to >= MAX_PAST_MEMORY {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "values past memory go to heap 2^40 at most (up to 2 TiB of disk); {to} is past it: ask for fewer heaps"
            ),
        )
        .with_detail(Detail::OutOfRange {
            quantity: Quantity::Heap,
            asked: to,
            least: 0,
            most: MAX_PAST_MEMORY - 1,
        }));
    }
    Ok(())
}

/// The part of a computation past memory kept in memory, `resident` bytes,
/// within the budget.
pub(crate) fn past_memory_resident(resident: u64, budget: u64) -> Result<()> {
    if resident > budget {
        return Err(over_budget(
            resident,
            budget,
            None,
            format!(
                "values past memory need about {} in memory but the memory budget is {}",
                human_bytes(resident),
                human_bytes(budget)
            ),
        ));
    }
    Ok(())
}

/// `count` values read back from past memory, two bytes each at most,
/// within the budget.
pub(crate) fn read_back(count: u64, budget: u64) -> Result<()> {
    let need = count.saturating_mul(2);
    if need > budget {
        return Err(over_budget(
            need,
            budget,
            Some(budget / 2),
            format!(
                "{count} values past memory are read back at up to 2 bytes each, over the memory budget of {}; ask for a shorter range",
                human_bytes(budget)
            ),
        ));
    }
    Ok(())
}

/// The most cells a board of Cram may have (free or blocked), and squares a
/// Chomp bar, for one request: 4096. A search's work grows far faster
/// than its board; the largest boards solved anywhere have about 70 cells,
/// while a strip of a few thousand cells (a heap game in disguise) is
/// still answered at once.
pub const MAX_BOARD_CELLS: u64 = 4096;

/// The most vertices of a Node-Kayles graph: 128, the most the library's
/// graphs hold.
pub const MAX_GRAPH_VERTICES: u64 = grundy::games::MAX_VERTICES as u64;

/// The most members of a family valued in one request: `n` from 0 to
/// 1000.
pub const MAX_FAMILY_BOARDS: u64 = 1001;

/// The least number of facts a board search's table must have room for:
/// with less, it would drop what it learns as fast as it learns it.
pub const MIN_TABLE_FACTS: u64 = 1 << 12;

/// The threads a search of a game given by its moves runs on: one. Its
/// moves come from a callback into another language (Python), which runs
/// one call at a time (the GIL), so a second thread would only wait.
pub(crate) const MOVES_GAME_THREADS: usize = 1;

/// The share of the memory budget that the table of a board search takes:
/// a quarter, so that a checkpoint (a copy of the facts, then their bytes)
/// fits beside it.
pub(crate) fn board_table_bytes(budget: u64) -> u64 {
    budget / 4
}

/// The bytes one fact about `game`'s position takes in a search's table
/// at most: the key, its own allocations, the fact and the hash table's
/// share.
fn fact_bytes(game: &BoardGame) -> u64 {
    let (key, owned) = match game {
        BoardGame::Cram(b) => (std::mem::size_of_val(b), Cram.heap_bytes(b)),
        BoardGame::NodeKayles(g) => (std::mem::size_of_val(g), NodeKayles.heap_bytes(g)),
        BoardGame::Chomp(s) => (std::mem::size_of_val(s), Chomp.heap_bytes(s)),
    };
    count(key + owned) + 48
}

/// A board or graph that one request may search: at most
/// [`MAX_BOARD_CELLS`] cells (or squares), [`MAX_GRAPH_VERTICES`]
/// vertices, and a table share of the budget with room for
/// [`MIN_TABLE_FACTS`] facts about it.
pub(crate) fn board(game: &BoardGame, budget: u64) -> Result<()> {
    let (cells, most, quantity, what) = match game {
        BoardGame::Cram(b) => (
            u64::from(b.rows()) * u64::from(b.cols()),
            MAX_BOARD_CELLS,
            Quantity::Cells,
            "cells",
        ),
        BoardGame::NodeKayles(g) => (
            u64::from(g.vertices()),
            MAX_GRAPH_VERTICES,
            Quantity::Vertices,
            "vertices",
        ),
        BoardGame::Chomp(s) => (s.squares(), MAX_BOARD_CELLS, Quantity::Cells, "squares"),
    };
    if cells > most {
        return Err(out_of_range(
            quantity,
            cells,
            0,
            most,
            format!(
                "{} has {cells} {what}, more than the {most} a search takes; give a smaller board",
                short(game)
            ),
        ));
    }
    let need = fact_bytes(game).saturating_mul(MIN_TABLE_FACTS);
    let share = board_table_bytes(budget);
    if need > share {
        return Err(over_budget(
            need,
            budget,
            None,
            format!(
                "the search of {} needs room for {MIN_TABLE_FACTS} facts in its table, {}, but its share of the memory budget of {} is {}",
                short(game),
                human_bytes(need),
                human_bytes(budget),
                human_bytes(share)
            ),
        ));
    }
    Ok(())
}

/// The spec of `game` as written, or its first 40 characters quoted
/// when longer.
fn short(game: &BoardGame) -> String {
    let spec = game.to_string();
    if spec.chars().count() <= 40 {
        spec
    } else {
        grundy::quote::quoted(&spec)
    }
}

/// A range `from..=to` of a family of boards: not empty, at most
/// [`MAX_FAMILY_BOARDS`] members.
pub(crate) fn family_range(from: u64, to: u64) -> Result<()> {
    if from > to {
        return Err(out_of_range(
            Quantity::Boards,
            from,
            0,
            to,
            format!("the range n = {from}..={to} is empty: its first n is past its last"),
        ));
    }
    if to - from >= MAX_FAMILY_BOARDS {
        return Err(out_of_range(
            Quantity::Boards,
            (to - from).saturating_add(1),
            1,
            MAX_FAMILY_BOARDS,
            format!(
                "n = {from}..={to} is more than {MAX_FAMILY_BOARDS} boards; ask for a shorter range"
            ),
        ));
    }
    Ok(())
}

/// A misère search stopped at `budget` bytes, named in its refusal.
pub(crate) fn misere_search_refusal(e: Error, budget: u64) -> Error {
    if e.kind() != ErrorKind::TooLarge {
        return e;
    }
    let detail = e.detail().cloned();
    let e = Error::new(
        ErrorKind::TooLarge,
        format!(
            "{} (the misère search may take {}, a quarter of the memory budget)",
            e.message(),
            human_bytes(budget)
        ),
    );
    match detail {
        Some(d) => e.with_detail(d),
        None => e,
    }
}
