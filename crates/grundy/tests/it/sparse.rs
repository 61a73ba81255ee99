//! The sparse-space engine against its naive twin, with good masks, bad
//! masks and no mask, and against the published statistics of Grundy's game.

use grundy::ruleset::TakeAndBreak;
use grundy::values::sparse::{self, MaskPolicy, Tuning};
use grundy::values::{self, Engine, Options};
use grundy::{Ruleset, ValueTable};
use proptest::prelude::*;

fn naive(game: &Ruleset, to: u64) -> ValueTable {
    let options = Options {
        engine: Engine::Naive,
        ..Options::default()
    };
    values::compute_with(game, to, options, &mut grundy::values::silent).unwrap()
}

fn sparse_with(game: &Ruleset, to: u64, mask: MaskPolicy) -> ValueTable {
    let tuning = Tuning {
        mask,
        ..Tuning::default()
    };
    run(game, to, tuning)
}

/// The sparse engine's values of `game` for heaps `0..=to`, tuned by `tuning`.
fn run(game: &Ruleset, to: u64, tuning: Tuning) -> ValueTable {
    let mut table = ValueTable::new();
    sparse::extend(
        game,
        &mut table,
        to as usize + 1,
        tuning,
        &mut grundy::values::silent,
    )
    .unwrap();
    table
}

/// Blocks read ahead in parallel from the first heap on, small enough that
/// every size here crosses many of them; each block is finished while the
/// next is read ahead.
fn parallel(mask: MaskPolicy, block: usize, read_ahead: usize) -> Tuning {
    Tuning {
        mask,
        block,
        // Every pool takes these blocks too, not blocks of 2048 on two
        // threads or of two columns a thread on more.
        pair_block: 0,
        thread_columns: 0,
        parallel_from: 0,
        read_ahead,
        min_work: 0,
        ..Tuning::default()
    }
}

/// Far rare parts read 64 heaps at a time on one thread from the first heap
/// on: what cheap heaps get.
fn columns(mask: MaskPolicy) -> Tuning {
    Tuning {
        mask,
        parallel_from: 0,
        min_work: u64::MAX,
        ..Tuning::default()
    }
}

/// [`parallel`] with the spread scan over `spread` smaller parts, `rounds`
/// of it read ahead.
fn parallel_spread(mask: MaskPolicy, block: usize, spread: usize, rounds: usize) -> Tuning {
    Tuning {
        spread,
        spread_ahead: rounds,
        ..parallel(mask, block, 16)
    }
}

/// The spread scan from small heaps on: `spread` smaller parts (a multiple
/// of 128 after rounding) instead of 2^14, so heaps from about 2·spread use
/// it.
fn spread(mask: MaskPolicy, spread: usize) -> Tuning {
    Tuning {
        mask,
        spread,
        ..Tuning::default()
    }
}

/// Octal codes of up to four digits that split a heap in two: some digit has
/// bit 4.
fn splitting_code() -> impl Strategy<Value = Ruleset> {
    (
        prop::sample::select(vec![0u8, 4]),
        prop::collection::vec(0u8..=7, 1..=4),
    )
        .prop_filter_map("the code must split", |(d0, rest)| {
            let mut digits = vec![d0];
            digits.extend(rest);
            TakeAndBreak::new(digits)
                .ok()
                .map(Ruleset::TakeAndBreak)
                .filter(sparse::applies)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn sparse_equals_naive_on_splitting_codes(game in splitting_code(), to in 0u64..2500) {
        prop_assert_eq!(sparse_with(&game, to, MaskPolicy::Auto), naive(&game, to), "{}", game);
    }

    #[test]
    fn any_fixed_mask_gives_exact_values(game in splitting_code(), mask in 0u64..64, to in 0u64..600) {
        prop_assert_eq!(sparse_with(&game, to, MaskPolicy::Fixed(mask)), naive(&game, to), "{} mask {:#x}", game, mask);
    }

    #[test]
    fn extending_in_steps_equals_computing_at_once(game in splitting_code(), a in 0u64..800, b in 0u64..800) {
        let mut table = ValueTable::new();
        sparse::extend(&game, &mut table, a as usize + 1, Tuning::default(), &mut grundy::values::silent).unwrap();
        sparse::extend(&game, &mut table, (a + b) as usize + 1, Tuning::default(), &mut grundy::values::silent).unwrap();
        prop_assert_eq!(table, naive(&game, a + b));
    }

    #[test]
    fn one_engine_kept_between_steps_equals_computing_at_once(
        game in splitting_code(),
        steps in prop::collection::vec(1usize..400, 1..6),
        block in 1usize..100,
        other in 0u64..300,
    ) {
        let tuning = parallel(MaskPolicy::Auto, block, 16);
        let mut table = ValueTable::new();
        let mut engine = sparse::Computation::new(&game, &mut table, tuning).unwrap();
        let mut len = 0;
        for step in steps {
            len += step;
            engine.extend(&mut table, len, &mut grundy::values::silent).unwrap();
        }
        prop_assert_eq!(&table, &naive(&game, len as u64 - 1));
        // Handed another table, the engine starts again from its values.
        let mut shorter = naive(&game, other % len as u64);
        engine.extend(&mut shorter, len, &mut grundy::values::silent).unwrap();
        prop_assert_eq!(&shorter, &table);
    }

    #[test]
    fn reading_ahead_in_parallel_changes_no_value(
        game in splitting_code(),
        to in 0u64..2500,
        block in 1usize..200,
        read_ahead in 0usize..100,
        mask in prop::sample::select(vec![MaskPolicy::Auto, MaskPolicy::Fixed(0), MaskPolicy::Fixed(0x6)]),
    ) {
        let table = run(&game, to, parallel(mask, block, read_ahead));
        prop_assert_eq!(table, naive(&game, to), "{}", game);
    }

    #[test]
    fn reading_far_parts_in_columns_changes_no_value(
        game in splitting_code(),
        to in 0u64..2500,
        mask in prop::sample::select(vec![MaskPolicy::Auto, MaskPolicy::Fixed(0), MaskPolicy::Fixed(0x6)]),
    ) {
        let table = run(&game, to, columns(mask));
        prop_assert_eq!(table, naive(&game, to), "{}", game);
    }

    #[test]
    fn reading_the_spread_scan_ahead_changes_no_value(
        game in splitting_code(),
        to in 0u64..2500,
        block in 1usize..100,
        spread_parts in 128usize..1000,
        rounds in 0usize..8,
        mask in prop::sample::select(vec![MaskPolicy::Auto, MaskPolicy::Fixed(0), MaskPolicy::Fixed(0x6)]),
    ) {
        let mut table = ValueTable::new();
        let tuning = parallel_spread(mask, block, spread_parts, rounds);
        sparse::extend(&game, &mut table, to as usize + 1, tuning, &mut grundy::values::silent).unwrap();
        prop_assert_eq!(table, naive(&game, to), "{} spread {} rounds {}", game, spread_parts, rounds);
    }

    #[test]
    fn the_spread_scan_changes_no_value(
        game in splitting_code(),
        to in 0u64..2500,
        spread_parts in 0usize..1000,
        mask in prop::sample::select(vec![MaskPolicy::Auto, MaskPolicy::Fixed(0), MaskPolicy::Fixed(0x6)]),
    ) {
        let table = run(&game, to, spread(mask, spread_parts));
        prop_assert_eq!(table, naive(&game, to), "{} spread {}", game, spread_parts);
    }
}

/// A code of `len` equal digits `d` after the point: with forty or so, the
/// values pass 255 within a thousand heaps (0.44…4 with 40 fours from heap
/// 711, and 511 from heap 1295).
fn long_code(d: u8, len: usize) -> Ruleset {
    let mut digits = vec![0];
    digits.extend(std::iter::repeat_n(d, len));
    Ruleset::TakeAndBreak(TakeAndBreak::new(digits).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Values from 255 up are kept aside while few, and the table widens to
    /// two bytes once they are many: through every way of reading ahead.
    #[test]
    fn values_kept_aside_change_no_value(
        d in prop::sample::select(vec![4u8, 6, 7]),
        len in 36usize..=44,
        to in 300u64..2200,
        how in 0usize..4,
        block in 1usize..100,
    ) {
        let game = long_code(d, len);
        let tuning = match how {
            0 => Tuning::default(),
            1 => parallel(MaskPolicy::Auto, block, 16),
            2 => columns(MaskPolicy::Auto),
            _ => parallel_spread(MaskPolicy::Auto, block, 256, 4),
        };
        let table = run(&game, to, tuning);
        let expected = naive(&game, to);
        prop_assert_eq!(&table, &expected, "{} tuning {}", game, how);
        // The test reads values kept aside whenever there are some.
        let big = expected.iter().filter(|v| v.value() >= 255).count();
        prop_assert!(big == 0 || table.kept_aside() == big || table.bytes_per_heap() == 2);
    }
}

/// `tuning` with the options of heaps marked as byte stamps even while
/// every value is below 64: the engine as it was before the bit sets.
fn stamps(tuning: Tuning) -> Tuning {
    Tuning {
        bits: false,
        ..tuning
    }
}

/// Codes of up to eight digits whose splits take tokens of both parities
/// (0.1777 splits after taking 2, 3 or 4): some even and some odd digit
/// position has bit 4.
fn mixed_parity_code() -> impl Strategy<Value = Ruleset> {
    prop::collection::vec(0u8..=7, 2..=8).prop_filter_map("splits of both parities", |rest| {
        let mut digits = vec![0];
        digits.extend(rest);
        let splits =
            |parity: usize| (1..digits.len()).any(|t| t % 2 == parity && digits[t] & 4 != 0);
        if !(splits(0) && splits(1)) {
            return None;
        }
        TakeAndBreak::new(digits)
            .ok()
            .map(Ruleset::TakeAndBreak)
            .filter(sparse::applies)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Values below 64 are marked as bits of a word, the rare parts read
    /// through one list of offsets: the same values as the byte stamps
    /// and as the naive engine, with good masks, poor ones and none (every
    /// heap rare: the list of offsets outgrows its limit and each take
    /// reads the rare list), on one thread and read ahead in parallel.
    #[test]
    fn bit_sets_and_byte_stamps_give_the_same_values(
        game in prop_oneof![splitting_code(), mixed_parity_code()],
        to in 0u64..2500,
        mask in prop::sample::select(vec![MaskPolicy::Auto, MaskPolicy::Fixed(0), MaskPolicy::Fixed(0x6), MaskPolicy::Fixed(0x3d)]),
        block in 1usize..200,
    ) {
        let expected = naive(&game, to);
        let tunings = [
            ("default", Tuning { mask, ..Tuning::default() }),
            ("columns", columns(mask)),
            ("parallel", parallel(mask, block, 16)),
            ("spread", spread(mask, 256)),
        ];
        for (name, tuning) in tunings {
            for tuning in [tuning, stamps(tuning)] {
                let table = run(&game, to, tuning);
                prop_assert_eq!(&table, &expected, "{} {} bits {}", game, name, tuning.bits);
            }
        }
    }

    /// Codes with many splitting takes pass value 64 early: the engine goes
    /// from the bit sets to the byte stamps mid-run, exactly, and the
    /// lists of offsets hold many takes.
    #[test]
    fn values_passing_64_change_no_value(
        d in prop::sample::select(vec![4u8, 5, 6, 7]),
        len in 4usize..=24,
        to in 0u64..1500,
        steps in 1usize..4,
    ) {
        let game = long_code(d, len);
        let expected = naive(&game, to);
        let mut table = ValueTable::new();
        for step in 1..=steps {
            let len = (to as usize + 1) * step / steps;
            sparse::extend(&game, &mut table, len, Tuning::default(), &mut grundy::values::silent).unwrap();
        }
        prop_assert_eq!(&table, &expected, "{}", game);
    }
}

/// 0.1777, the game the bit sets are for, to 20 000 heaps: every way of
/// running the engine against the naive one.
#[test]
fn game_0_1777_bit_sets_equal_naive() {
    let game: Ruleset = "0.1777".parse().unwrap();
    let expected = naive(&game, 20_000);
    for tuning in [
        Tuning::default(),
        columns(MaskPolicy::Auto),
        parallel(MaskPolicy::Auto, 64, 16),
        stamps(Tuning::default()),
        stamps(columns(MaskPolicy::Auto)),
    ] {
        let mut table = ValueTable::new();
        sparse::extend(
            &game,
            &mut table,
            20_001,
            tuning,
            &mut grundy::values::silent,
        )
        .unwrap();
        assert_eq!(table, expected, "{tuning:?}");
    }
}

/// Past 256 values kept aside, more than one heap in 256, the table is two
/// bytes a heap, and the engine goes on exactly.
#[test]
fn many_values_kept_aside_widen_the_table() {
    let game = long_code(4, 40);
    let mut table = ValueTable::new();
    sparse::extend(
        &game,
        &mut table,
        7000,
        // Blocks of 512 on any pool: the table is checked for crowding at
        // each block's start, and one of them comes after the 257th value
        // kept aside.
        Tuning {
            pair_block: 0,
            thread_columns: 0,
            ..Tuning::default()
        },
        &mut grundy::values::silent,
    )
    .unwrap();
    assert_eq!(table.bytes_per_heap(), 2);
    assert_eq!(table.kept_aside(), 0);
    assert_eq!(table, naive(&game, 6999));
}

#[test]
fn grundys_game_equals_naive_at_every_length_up_to_3000() {
    let game: Ruleset = "grundy".parse().unwrap();
    let expected = naive(&game, 3000).to_vec();
    // One table extended a heap at a time meets every length, and each step
    // rebuilds the engine's state from the table.
    let mut table = ValueTable::new();
    for len in [1, 2, 3, 10, 100, 127, 128, 129, 1000, 3001] {
        sparse::extend(
            &game,
            &mut table,
            len,
            Tuning::default(),
            &mut grundy::values::silent,
        )
        .unwrap();
        assert_eq!(table.to_vec(), expected[..len]);
    }
    for (block, read_ahead) in [(1, 0), (7, 3), (64, 512), (1000, 40)] {
        let mut table = ValueTable::new();
        let tuning = parallel(MaskPolicy::Auto, block, read_ahead);
        sparse::extend(&game, &mut table, 3001, tuning, &mut grundy::values::silent).unwrap();
        assert_eq!(
            table.to_vec(),
            expected,
            "block {block}, read ahead {read_ahead}"
        );
    }
    for parts in [0, 127, 128, 200, 256, 1024, 1500] {
        let mut table = ValueTable::new();
        let tuning = spread(MaskPolicy::Auto, parts);
        sparse::extend(&game, &mut table, 3001, tuning, &mut grundy::values::silent).unwrap();
        assert_eq!(table.to_vec(), expected, "spread {parts}");
    }
    for mask in [MaskPolicy::Auto, MaskPolicy::Fixed(0)] {
        let mut table = ValueTable::new();
        sparse::extend(
            &game,
            &mut table,
            3001,
            columns(mask),
            &mut grundy::values::silent,
        )
        .unwrap();
        assert_eq!(table.to_vec(), expected, "columns, {mask:?}");
    }
    for (block, parts, rounds) in [(1, 128, 1), (10, 256, 4), (100, 640, 8), (1024, 1024, 6)] {
        let mut table = ValueTable::new();
        let tuning = parallel_spread(MaskPolicy::Auto, block, parts, rounds);
        sparse::extend(&game, &mut table, 3001, tuning, &mut grundy::values::silent).unwrap();
        assert_eq!(
            table.to_vec(),
            expected,
            "block {block}, spread {parts}, {rounds} rounds ahead"
        );
    }
    let (table, stats) = sparse::compute(&game, 3000).unwrap();
    assert_eq!(table.to_vec(), expected);
    assert_eq!(stats.max_value, table.max().value());
}

#[test]
fn bad_masks_still_give_exact_values() {
    let game: Ruleset = "grundy".parse().unwrap();
    let expected = naive(&game, 2000);
    // 0: every value rare; 1: about half the heaps rare; 0xff: a mask that
    // looks plausible but is wrong.
    for mask in [0, 1, 0xff, 0x100] {
        assert_eq!(
            sparse_with(&game, 2000, MaskPolicy::Fixed(mask)),
            expected,
            "mask {mask:#x}"
        );
        let mut table = ValueTable::new();
        let tuning = spread(MaskPolicy::Fixed(mask), 256);
        sparse::extend(&game, &mut table, 2001, tuning, &mut grundy::values::silent).unwrap();
        assert_eq!(table, expected, "mask {mask:#x}, spread 256");
    }
}

#[test]
fn without_the_phenomenon_the_stats_say_so() {
    let game: Ruleset = "0.04".parse().unwrap();
    let (table, stats) = sparse::compute(&game, 3000).unwrap();
    assert_eq!(table, naive(&game, 3000));
    assert!(!stats.is_sparse(), "{stats:?}");
}

#[test]
fn grundys_game_rare_heaps_below_2_to_the_16() {
    let game: Ruleset = "grundy".parse().unwrap();
    let (_, stats) = sparse::compute(&game, (1 << 16) - 1).unwrap();
    assert_eq!(stats.mask, 0xfe);
    assert!(stats.is_sparse());
}

/// The statistics of Grundy's game below 2^21 as published by Flammenkamp
/// (<https://wwwhomes.uni-bielefeld.de/achim/grundy.html>): largest value 231,
/// first at heap 763 622; 1274 rare heaps under mask 0xfe, the last 82 860.
#[test]
#[ignore = "about 5 s in release, much longer in the test profile"]
fn grundys_game_to_2_to_the_21_matches_published_statistics() {
    let game: Ruleset = "grundy".parse().unwrap();
    let (table, stats) = sparse::compute(&game, (1 << 21) - 1).unwrap();
    assert_eq!(stats.mask, 0xfe);
    assert_eq!(stats.rare_count, 1274);
    assert_eq!(stats.last_rare, Some(82_860));
    assert_eq!(stats.max_value, 231);
    assert_eq!(stats.max_value_at, 763_622);
    let first_231 = table.iter().position(|v| v.value() == 231);
    assert_eq!(first_231, Some(763_622));
}

/// `tuning`'s run of `game` to `to` on a pool of `threads` threads.
fn on_threads(game: &Ruleset, to: u64, tuning: Tuning, threads: usize) -> ValueTable {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| run(game, to, tuning))
}

/// The thread counts the engine is checked on.
const THREADS: [usize; 5] = [1, 2, 4, 8, 16];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Blocks read ahead in parallel from the first heap, small enough
    /// that every run crosses many, with the spread scan (more rounds of
    /// it read ahead on more threads), on 1, 2, 4, 8 and 16 threads, caught up
    /// or not, timed or not, two threads on blocks of their own length or
    /// not ([`Tuning::pair_block`]), wider pools on blocks of columns a
    /// thread or not ([`Tuning::thread_columns`]), a task reading any
    /// number of a block's heaps ([`Tuning::column`]), the finishing's own
    /// rare splits read beside it from any lag and any width or not
    /// ([`Tuning::wave_lag`]), the spread rounds deepened on in a catching
    /// up or not ([`Tuning::catch_up_deepens`]): the naive engine's values
    /// every time.
    #[test]
    fn every_thread_count_gives_the_naive_values(
        game in prop_oneof![splitting_code(), Just(Ruleset::Grundy)],
        to in 0u64..3000,
        mask in prop::sample::select(vec![MaskPolicy::Auto, MaskPolicy::Fixed(0), MaskPolicy::Fixed(0x6)]),
        block in 1usize..150,
        pair_block in prop::sample::select(vec![0usize, 64, 300]),
        spread in prop::sample::select(vec![0usize, 128, 256]),
        rounds in 0usize..4,
        profile in any::<bool>(),
        catch_up in any::<bool>(),
        column in prop::sample::select(vec![1usize, 7, 64, 200]),
        thread_columns in 0usize..3,
        wave_lag in prop::sample::select(vec![0usize, 1, 7, 64, 300]),
        help_from in 1usize..5,
        catch_up_deepens in any::<bool>(),
        spin_from in 1usize..5,
        spin_for in prop::sample::select(vec![0u64, 1, 100]),
        catch_up_beside in any::<bool>(),
    ) {
        let expected = naive(&game, to);
        let tuning = Tuning {
            profile,
            catch_up,
            pair_block,
            column,
            thread_columns,
            wave_lag,
            help_from,
            catch_up_deepens,
            spin_from,
            spin_for: std::time::Duration::from_micros(spin_for),
            catch_up_beside,
            ..parallel_spread(mask, block, spread, rounds)
        };
        for threads in THREADS {
            let table = on_threads(&game, to, tuning, threads);
            prop_assert_eq!(&table, &expected, "{} on {} threads", game, threads);
        }
    }
}

/// Grundy's game to 2^17 with the default tuning (blocks read ahead in
/// parallel from 2^16): the same values on 1, 2, 4, 8 and 16 threads, and the
/// profile counts the blocks read ahead beside a finishing.
#[test]
fn grundys_game_is_the_same_on_every_thread_count() {
    let game = Ruleset::Grundy;
    let to = 1 << 17;
    let tuning = Tuning {
        profile: true,
        ..Tuning::default()
    };
    let expected = on_threads(&game, to, Tuning::default(), 1);
    for threads in THREADS {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let (table, profile, uses, stats) = pool.install(|| {
            let mut table = ValueTable::new();
            let mut engine = sparse::Computation::new(&game, &mut table, tuning).unwrap();
            let stats = engine
                .extend(&mut table, to as usize + 1, &mut grundy::values::silent)
                .unwrap();
            (table, engine.profile(), engine.thread_use().to_vec(), stats)
        });
        assert_eq!(table, expected, "{threads} threads");
        // The lazy scans' splits, by stream, are among the scan splits
        // counted (the rest were read ahead), and hold those of the
        // finishing beside a reading.
        let lazy = profile.scan_streams.total();
        assert!(
            lazy > 0 && lazy <= stats.scan_pairs,
            "{profile:?} {stats:?}"
        );
        assert!(profile.finish_scan_pairs <= lazy, "{profile:?}");
        assert!(profile.blocks > 0, "{profile:?}");
        assert!(profile.finish_rare_pairs + profile.ahead_rare_pairs > 0);
        // The finishing outlasts the reading beside it by at most its own
        // time, within the joins.
        assert!(profile.finishing_outlasted <= profile.finishing);
        assert!(profile.finishing_outlasted <= profile.joined);
        // Each thread's time lies within the run's phases, and one thread,
        // the one that drives the pipeline, finishes every block.
        assert!(!uses.is_empty() && uses.len() <= threads, "{uses:?}");
        for u in &uses {
            assert!(u.busy() <= profile.wall(), "{u:?} past {profile:?}");
            assert_eq!(u.busy() + u.waiting(&profile), profile.wall());
        }
        let finishers = uses.iter().filter(|u| !u.finishing.is_zero()).count();
        assert_eq!(finishers, 1, "{uses:?}");
    }
}

/// With the default tuning, blocks are read ahead beside a finishing from
/// heap 4096 on, not only from 2^16: before that heap, everything runs on
/// one thread with nothing beside it (1.1 s of 0.6 to 2^22, issue 37). The
/// values are those of the engine that reads nothing ahead, on 1 and 4
/// threads.
#[test]
fn blocks_are_read_ahead_long_before_2_to_the_16() {
    let to = (1 << 14) - 1;
    for game in [Ruleset::Grundy, "0.6".parse().unwrap()] {
        let alone = Tuning {
            parallel_from: usize::MAX,
            ..Tuning::default()
        };
        let expected = run(&game, to, alone);
        for threads in [1, 4] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let tuning = Tuning {
                profile: true,
                ..Tuning::default()
            };
            let (table, profile) = pool.install(|| {
                let mut table = ValueTable::new();
                let mut engine = sparse::Computation::new(&game, &mut table, tuning).unwrap();
                engine
                    .extend(&mut table, to as usize + 1, &mut grundy::values::silent)
                    .unwrap();
                (table, engine.profile())
            });
            assert_eq!(table, expected, "{game} on {threads} threads");
            assert!(
                profile.blocks > 0,
                "{game}: nothing read ahead before 2^14: {profile:?}"
            );
        }
    }
}

/// With nothing read ahead, every scan split is a lazy scan's: the
/// profile's splits by stream add up to the scan splits counted, with
/// nothing in the runs read ahead or deepened (none were), on a game with
/// a spread scan (0.6, values to 319 past 2^14) and one with values below
/// 64 (0.1777, finished with bit sets).
#[test]
fn the_lazy_scans_splits_by_stream_add_up_where_nothing_is_read_ahead() {
    for (game, to) in [("0.6", 1 << 16), ("0.1777", 1 << 14)] {
        let game: Ruleset = game.parse().unwrap();
        let tuning = Tuning {
            profile: true,
            parallel_from: usize::MAX,
            ..Tuning::default()
        };
        let mut table = ValueTable::new();
        let mut engine = sparse::Computation::new(&game, &mut table, tuning).unwrap();
        let stats = engine
            .extend(&mut table, to + 1, &mut grundy::values::silent)
            .unwrap();
        let streams = engine.profile().scan_streams;
        assert_eq!(streams.total(), stats.scan_pairs, "{game}: {streams:?}");
        assert!(
            streams.small_end > 0 && streams.middle > 0,
            "{game}: {streams:?}"
        );
        assert_eq!(
            (streams.spread_read_ahead, streams.spread_deepened),
            (0, 0),
            "{game}: {streams:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Rounds of the spread scan read ahead heap by heap, for the heaps
    /// whose row lacks a rare value (`Tuning::deepen_from` 1: on every
    /// thread count), over spreads of up to 8 rounds and blocks of 1 to
    /// 150 heaps read ahead from the first heap, deepened on in the
    /// catching up or not: the naive engine's values on 1, 2 and 4
    /// threads.
    #[test]
    fn reading_the_spread_scan_deeper_changes_no_value(
        game in prop_oneof![splitting_code(), Just(Ruleset::Grundy)],
        to in 0u64..3000,
        mask in prop::sample::select(vec![MaskPolicy::Auto, MaskPolicy::Fixed(0), MaskPolicy::Fixed(0x6)]),
        block in 1usize..150,
        spread in prop::sample::select(vec![128usize, 256, 512, 1024]),
        rounds in 0usize..3,
        catch_up in any::<bool>(),
        catch_up_deepens in any::<bool>(),
    ) {
        let expected = naive(&game, to);
        let tuning = Tuning {
            catch_up,
            catch_up_deepens,
            deepen_from: 1,
            ..parallel_spread(mask, block, spread, rounds)
        };
        for threads in [1, 2, 4] {
            let table = on_threads(&game, to, tuning, threads);
            prop_assert_eq!(&table, &expected, "{} on {} threads", game, threads);
        }
    }
}

/// The values of `game` to `to` with `tuning` on the current pool, the
/// run's counts and its profile.
fn profiled(
    game: &Ruleset,
    to: usize,
    tuning: Tuning,
) -> ((ValueTable, sparse::SparseStats), sparse::SparseProfile) {
    let mut table = ValueTable::new();
    let mut engine = sparse::Computation::new(game, &mut table, tuning).unwrap();
    let stats = engine
        .extend(&mut table, to + 1, &mut grundy::values::silent)
        .unwrap();
    ((table, stats), engine.profile())
}

/// The splits a run read and used: all it read, less those thrown away.
/// Whichever thread reads a split, this is the same from run to run.
fn used(stats: &sparse::SparseStats, profile: &sparse::SparseProfile) -> u64 {
    stats.rare_pairs + stats.scan_pairs - profile.thrown_away_pairs
}

/// The splits the finishing thread reads itself, with the spread scan
/// deepened heap by heap and without, Grundy's game and 0.6 to 2^17 on 2
/// threads: a quarter fewer at least (the spread scan starts at heap 2^15;
/// at 2^20 they are a third), and hardly more splits in all (0.2 % more
/// here, 1.9 % fewer for Grundy's game to 2^20; issue 37).
#[test]
fn deepening_leaves_the_finishing_thread_fewer_splits() {
    let to = 1 << 17;
    for game in [Ruleset::Grundy, "0.6".parse().unwrap()] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let [(deep, deep_profile), (flat, flat_profile)] = [1, usize::MAX].map(|deepen_from| {
            // Blocks of 512, as on other pools: a longer block leaves more
            // of the lazy scans to the finishing thread either way.
            let tuning = Tuning {
                profile: true,
                deepen_from,
                pair_block: 0,
                ..Tuning::default()
            };
            pool.install(|| profiled(&game, to, tuning))
        });
        assert_eq!(deep.0, flat.0, "{game}");
        let (deep_finish, flat_finish) = (
            deep_profile.finish_scan_pairs,
            flat_profile.finish_scan_pairs,
        );
        assert!(
            4 * deep_finish <= 3 * flat_finish,
            "{game}: {deep_finish} against {flat_finish}"
        );
        let all = |s: &sparse::SparseStats| s.rare_pairs + s.scan_pairs;
        assert!(
            100 * all(&deep.1) <= 101 * all(&flat.1),
            "{game}: {:?} against {:?}",
            deep.1,
            flat.1
        );
    }
}

/// The lazy scans' splits the finishing thread reads itself, with the
/// spread rounds deepened on in each catching up and without, Grundy's
/// game and 0.6 to 2^17 on 2 threads (blocks of 2048, helped as on wider
/// pools): 15 % fewer at least (21 % and 27 % here; 39 % at 2^23 and
/// 52 % at 2^22), and no more splits used in all (0.5 % and 0.1 % fewer;
/// issue 37, session 36).
#[test]
fn deepening_in_the_catching_up_leaves_the_finishing_fewer_splits() {
    let to = 1 << 17;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    for game in [Ruleset::Grundy, "0.6".parse().unwrap()] {
        let [(on, on_profile), (off, off_profile)] = [true, false].map(|catch_up_deepens| {
            let tuning = Tuning {
                profile: true,
                catch_up_deepens,
                help_from: 2,
                ..Tuning::default()
            };
            pool.install(|| profiled(&game, to, tuning))
        });
        assert_eq!(on.0, off.0, "{game}");
        let (on_finish, off_finish) = (on_profile.finish_scan_pairs, off_profile.finish_scan_pairs);
        assert!(
            100 * on_finish <= 85 * off_finish,
            "{game}: {on_finish} against {off_finish}"
        );
        assert!(
            used(&on.1, &on_profile) <= used(&off.1, &off_profile),
            "{game}: {on_profile:?} against {off_profile:?}"
        );
    }
}

/// The catching up read by the finishing thread as its block begins,
/// beside the next block's reading, or on every thread before both:
/// Grundy's game and 0.6 to 2^17 on one and two threads, the same values,
/// the same splits caught up and the same splits used in all.
#[test]
fn the_catching_up_read_by_the_finishing_gives_the_same_values_and_splits() {
    let to = 1 << 17;
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        for game in [Ruleset::Grundy, "0.6".parse().unwrap()] {
            let [(on, on_profile), (off, off_profile)] =
                [true, false].map(|finishing_catches_up| {
                    let tuning = Tuning {
                        profile: true,
                        finishing_catches_up,
                        ..Tuning::default()
                    };
                    pool.install(|| profiled(&game, to, tuning))
                });
            assert_eq!(on.0, off.0, "{game} on {threads}");
            assert!(off_profile.catch_up_pairs > 0);
            assert_eq!(on_profile.catch_up_pairs, off_profile.catch_up_pairs);
            assert_eq!(
                used(&on.1, &on_profile),
                used(&off.1, &off_profile),
                "{game} on {threads}: {on_profile:?} against {off_profile:?}"
            );
        }
    }
}

/// The next block's catching up read beside the finishing, Grundy's game
/// and 0.6 to 2^17 on 2 threads (blocks of 2048, helped as on wider
/// pools): the same values and the same splits used in all as read after
/// the block, some of them read beside it.
#[test]
fn the_catching_up_read_beside_the_finishing_gives_the_same_values_and_splits() {
    let to = 1 << 17;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let mut caught_beside = 0;
    for game in [Ruleset::Grundy, "0.6".parse().unwrap()] {
        let [(on, on_profile), (off, off_profile)] = [true, false].map(|catch_up_beside| {
            let tuning = Tuning {
                profile: true,
                catch_up_beside,
                help_from: 2,
                ..Tuning::default()
            };
            pool.install(|| profiled(&game, to, tuning))
        });
        assert_eq!(on.0, off.0, "{game}");
        assert_eq!(off_profile.caught_up_beside_pairs, 0);
        // Read after the block or beside it, the same splits. Those read
        // beside a block whose finishing then stopped (a mask review, a
        // new power of two, a wider table) depend on how far the threads
        // beside got, and are counted among the splits thrown away.
        assert_eq!(
            used(&on.1, &on_profile),
            used(&off.1, &off_profile),
            "{game}: {on_profile:?} against {off_profile:?}"
        );
        caught_beside += on_profile.caught_up_beside_pairs;
    }
    // Whether the reading thread is free before a block is finished is
    // the machine's doing; on two threads it was, in every run seen.
    eprintln!("caught up beside: {caught_beside} splits");
}
