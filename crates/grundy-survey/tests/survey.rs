//! The survey's laws: shards merged equal one run, in any order and twice;
//! every stored certificate verifies; larger limits extend from the stored
//! values; a time limit records what was reached; damaged files are refused
//! with a message.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use grundy::ValueTable;
use grundy_survey::{Catalogue, Family, GameRow, Options, Selection, Shard, Status, merge, run};

fn options(max_heaps: u64, jobs: usize) -> Options {
    let mut o = Options::new(max_heaps);
    o.jobs = jobs;
    o
}

/// The rows without the time each took, and each game's values.
fn contents(path: &Path) -> (Vec<GameRow>, Vec<(String, Vec<u64>)>) {
    let c = Catalogue::open(path).unwrap();
    let mut rows = c.games().unwrap();
    for r in &mut rows {
        r.seconds = 0.0;
    }
    let values = c
        .value_counts()
        .unwrap()
        .into_iter()
        .map(|(g, _)| {
            let v = c.values(&g).unwrap().unwrap().to_vec();
            (g, v)
        })
        .collect();
    (rows, values)
}

fn quiet(_: &GameRow) {}

#[test]
fn four_shards_run_at_once_and_merged_equal_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let family = Family::Octal { digits: 2 };
    let single = dir.path().join("single.sqlite");
    let s = run(&single, &family, &options(600, 2), &quiet).unwrap();
    assert_eq!((s.games, s.computed), (127, 127));
    let shards: Vec<PathBuf> = (0..4)
        .map(|i| dir.path().join(format!("shard-{i}.sqlite")))
        .collect();
    std::thread::scope(|scope| {
        for (i, path) in shards.iter().enumerate() {
            let family = &family;
            scope.spawn(move || {
                let mut o = options(600, 1);
                o.shard = Shard::new(i as u64, 4).unwrap();
                run(path, family, &o, &quiet).unwrap()
            });
        }
    });
    let counts: Vec<usize> = shards
        .iter()
        .map(|p| Catalogue::open(p).unwrap().games().unwrap().len())
        .collect();
    assert_eq!(counts.iter().sum::<usize>(), 127);
    assert!(counts.iter().all(|&c| c >= 31), "{counts:?}");
    let forward = dir.path().join("forward.sqlite");
    let backward = dir.path().join("backward.sqlite");
    let inputs: Vec<&Path> = shards.iter().map(PathBuf::as_path).collect();
    merge(&inputs, &forward).unwrap();
    let reversed: Vec<&Path> = inputs.iter().rev().copied().collect();
    merge(&reversed, &backward).unwrap();
    let want = contents(&single);
    assert_eq!(contents(&forward), want);
    assert_eq!(contents(&backward), want);
    // Idempotent: merging again, or the single run into it, changes nothing.
    merge(&inputs, &forward).unwrap();
    merge(&[single.as_path()], &forward).unwrap();
    assert_eq!(contents(&forward), want);
}

#[test]
fn every_stored_certificate_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.sqlite");
    let family = Family::List(
        [
            "0.07",
            "0.77",
            "0.137",
            "4.07",
            "0.8f",
            "sub:1,3,4",
            "0.16",
            "grundy",
            "nim",
        ]
        .map(String::from)
        .to_vec(),
    );
    run(&path, &family, &options(2000, 2), &quiet).unwrap();
    run(&path, &Family::Hex { digits: 1 }, &options(200, 2), &quiet).unwrap();
    run(
        &path,
        &Family::Subtraction { max_element: 4 },
        &options(200, 2),
        &quiet,
    )
    .unwrap();
    let rows = Catalogue::open(&path).unwrap().games().unwrap();
    // sub:1,3,4 is in both the list and the subtraction family.
    assert_eq!(rows.len(), 9 + 48 + 15 - 1);
    assert!(
        rows.iter()
            .any(|r| r.game == "0.8f" && r.family.starts_with("list"))
    );
    let mut proved = 0;
    for row in &rows {
        match &row.certificate {
            Some(text) => {
                assert_eq!(row.status, Status::Proved);
                let v = grundy_service::Solver::default().verify(text).unwrap();
                assert_eq!(v.game, row.game);
                assert_eq!(Some(v.preperiod), row.preperiod);
                assert_eq!(Some(v.period), row.period);
                assert_eq!(Some(v.saltus), row.saltus);
                proved += 1;
            }
            None => assert_ne!(row.status, Status::Proved, "{}", row.game),
        }
    }
    assert!(proved >= 5, "{rows:?}");
}

#[test]
fn the_statistics_are_those_of_the_values_stored() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.sqlite");
    run(
        &path,
        &Family::Octal { digits: 1 },
        &options(3000, 2),
        &quiet,
    )
    .unwrap();
    let c = Catalogue::open(&path).unwrap();
    for row in c.games().unwrap() {
        let values = c.values(&row.game).unwrap().unwrap();
        assert_eq!(values.len() as u64, row.checked_to + 1, "{}", row.game);
        let direct = grundy::values::compute(&row.game.parse().unwrap(), row.checked_to).unwrap();
        assert_eq!(values, direct, "{}", row.game);
        let v = values.to_vec();
        let max = *v.iter().max().unwrap();
        assert_eq!((row.max_value, v[row.max_value_at as usize]), (max, max));
    }
}

#[test]
fn larger_limits_extend_from_the_stored_values() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.sqlite");
    // 0.16 has no period for a long while: its search runs to the limit.
    let family = Family::List(vec!["0.16".into()]);
    run(&path, &family, &options(500, 1), &quiet).unwrap();
    let c = Catalogue::open(&path).unwrap();
    let row = c.game("0.16").unwrap().unwrap();
    assert_eq!((row.status.as_str(), row.checked_to), ("none", 500));
    // Plant values that are not 0.16's (each one more): if the next run
    // reads them instead of computing, its table starts with them.
    let planted: Vec<u64> = c
        .values("0.16")
        .unwrap()
        .unwrap()
        .iter()
        .map(|v| v.value() + 1)
        .collect();
    c.save_values(
        "0.16",
        &ValueTable::from_values(planted.iter().copied().chain([0])),
    )
    .unwrap();
    drop(c);
    // Rerunning the same limit computes nothing.
    let again = run(&path, &family, &options(500, 1), &quiet).unwrap();
    assert_eq!((again.skipped, again.computed), (1, 0));
    run(&path, &family, &options(1000, 1), &quiet).unwrap();
    let c = Catalogue::open(&path).unwrap();
    let row = c.game("0.16").unwrap().unwrap();
    assert_eq!(row.checked_to, 1000);
    let values = c.values("0.16").unwrap().unwrap().to_vec();
    assert_eq!(values[..501], planted[..]);
}

#[test]
fn a_time_limit_records_what_was_reached() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.sqlite");
    // 0.6 shows no period for millions of heaps, and 2^26 heaps (within
    // the budget) take minutes: far longer than the limit.
    let mut o = options(1 << 26, 1);
    o.time_per_game = Some(Duration::from_millis(300));
    let s = run(&path, &Family::List(vec!["0.6".into()]), &o, &quiet).unwrap();
    assert_eq!(s.stopped, 1);
    let c = Catalogue::open(&path).unwrap();
    let row = c.game("0.6").unwrap().unwrap();
    assert_eq!(row.stopped.as_deref(), Some("time"));
    assert!(row.checked_to > 0 && row.checked_to < 1 << 26);
    assert_eq!(
        c.values("0.6").unwrap().unwrap().len() as u64,
        row.checked_to + 1
    );
    // The same command does not run it again; a longer limit does.
    assert_eq!(
        run(&path, &Family::List(vec!["0.6".into()]), &o, &quiet)
            .unwrap()
            .computed,
        0
    );
    o.time_per_game = Some(Duration::from_millis(600));
    assert_eq!(
        run(&path, &Family::List(vec!["0.6".into()]), &o, &quiet)
            .unwrap()
            .computed,
        1
    );
    let further = c.game("0.6").unwrap().unwrap();
    assert!(further.checked_to > row.checked_to, "{further:?} {row:?}");
}

#[test]
fn a_cancelled_run_records_nothing_under_way() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.sqlite");
    let mut o = options(1 << 40, 1);
    o.cancel = Arc::new(AtomicBool::new(true));
    let s = run(&path, &Family::List(vec!["0.16".into()]), &o, &quiet).unwrap();
    assert!(s.cancelled);
    assert_eq!(s.computed, 0);
    assert!(Catalogue::open(&path).unwrap().games().unwrap().is_empty());
}

#[test]
fn damaged_or_foreign_files_are_refused_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.sqlite");
    run(
        &good,
        &Family::Octal { digits: 1 },
        &options(2000, 1),
        &quiet,
    )
    .unwrap();
    let bytes = std::fs::read(&good).unwrap();
    // Garbage.
    let garbage = dir.path().join("garbage.sqlite");
    std::fs::write(
        &garbage,
        b"this is not a database at all, only some text".repeat(100),
    )
    .unwrap();
    // Truncated: the header and part of the first pages.
    let truncated = dir.path().join("truncated.sqlite");
    std::fs::write(&truncated, &bytes[..bytes.len().min(6000)]).unwrap();
    // Another program's database.
    let foreign = dir.path().join("foreign.sqlite");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE games (name TEXT); INSERT INTO games VALUES ('chess');")
        .unwrap();
    // A catalogue whose schema version is not this program's.
    let future = dir.path().join("future.sqlite");
    std::fs::copy(&good, &future).unwrap();
    rusqlite::Connection::open(&future)
        .unwrap()
        .execute_batch("PRAGMA user_version = 99;")
        .unwrap();
    for (path, says) in [
        (&garbage, "not a readable grundy survey catalogue"),
        (&truncated, "not a readable grundy survey catalogue"),
        (&foreign, "application id"),
        (&future, "schema version is 99"),
    ] {
        let before = std::fs::read(path).unwrap();
        let read_only = Catalogue::open_read_only(path).unwrap_err().to_string();
        assert!(read_only.contains(says), "{}: {read_only}", path.display());
        assert_eq!(std::fs::read(path).unwrap(), before, "read-only: unchanged");
        let e = Catalogue::open(path).unwrap_err().to_string();
        assert!(e.contains(says), "{}: {e}", path.display());
        assert!(e.contains(&path.display().to_string()), "{e}");
        // Running into it or merging it fail the same way, without a panic.
        assert!(run(path, &Family::Octal { digits: 1 }, &options(100, 1), &quiet).is_err());
        assert!(merge(&[path.as_path()], &dir.path().join("out.sqlite")).is_err());
    }
}

#[test]
fn a_selection_is_the_rows_filtered_then_paged_and_read_only_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.sqlite");
    run(
        &path,
        &Family::Octal { digits: 2 },
        &options(300, 2),
        &quiet,
    )
    .unwrap();
    let catalogue = Catalogue::open_read_only(&path).unwrap();
    let all = catalogue.games().unwrap();
    assert!(all.len() > 10);
    let families = catalogue.families().unwrap();
    let mut family_choices: Vec<Option<String>> = vec![None, Some("nothing".into())];
    family_choices.extend(families.iter().cloned().map(Some));
    for status in [
        None,
        Some(Status::Proved),
        Some(Status::Observed),
        Some(Status::None),
    ] {
        for family in &family_choices {
            for text in [None, Some(""), Some(".1"), Some("0.3"), Some("X")] {
                let want: Vec<&GameRow> = all
                    .iter()
                    .filter(|r| status.is_none_or(|s| r.status == s))
                    .filter(|r| family.as_ref().is_none_or(|f| &r.family == f))
                    .filter(|r| {
                        text.is_none_or(|t| r.game.to_lowercase().contains(&t.to_lowercase()))
                    })
                    .collect();
                for (offset, limit) in [(0, 1000), (0, 3), (2, 5), (7, 1), (1000, 10)] {
                    let page = catalogue
                        .select(&Selection {
                            status,
                            family: family.clone(),
                            text: text.map(str::to_string),
                            offset,
                            limit,
                        })
                        .unwrap();
                    assert_eq!(page.total, want.len() as u64);
                    let expected: Vec<&GameRow> = want
                        .iter()
                        .skip(offset as usize)
                        .take(limit as usize)
                        .copied()
                        .collect();
                    assert_eq!(page.rows.iter().collect::<Vec<_>>(), expected);
                }
            }
        }
    }
    // Opened read-only, it refuses to write and the file stays as it was.
    let before = std::fs::read(&path).unwrap();
    let mut row = all[0].clone();
    row.checked_to += 1000;
    assert!(catalogue.record(&row, None).is_err());
    drop(catalogue);
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

/// The first heap where two games' values differ, computed directly.
fn first_difference(a: &str, b: &str, to: u64) -> Option<u64> {
    let va = grundy::values::compute(&a.parse().unwrap(), to).unwrap();
    let vb = grundy::values::compute(&b.parse().unwrap(), to).unwrap();
    (0..=to).find(|&n| va.get(n) != vb.get(n))
}

#[test]
fn classes_group_equal_games_and_find_late_differences() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.sqlite");
    let specs = ["0.161", "0.36", "0.6", "0.61", "4.4", "4.6", "0.07", "0.77"];
    let family = Family::List(specs.map(String::from).to_vec());
    run(&path, &family, &options(1500, 2), &quiet).unwrap();
    let c = Catalogue::open(&path).unwrap();
    let rows = c.games().unwrap();
    let k = grundy_survey::classes(&c, &rows).unwrap();
    let class_of = |g: &str| k.classes.iter().find(|c| c.games.iter().any(|x| x == g));
    for (a, b) in [
        ("0.161", "0.36"),
        ("0.6", "0.61"),
        ("4.4", "4.6"),
        ("0.07", "0.77"),
    ] {
        let same = class_of(a).is_some_and(|c| c.games.iter().any(|x| x == b));
        let differ = first_difference(a, b, 1500);
        assert_eq!(same, differ.is_none(), "{a} {b}: {k:?}");
        if let Some(heap) = differ.filter(|&h| h >= grundy_survey::PREFIX) {
            let d = k.differences.iter().find(|d| {
                (d.a.as_str(), d.b.as_str()) == (b, a) || (d.a.as_str(), d.b.as_str()) == (a, b)
            });
            assert_eq!(d.map(|d| d.heap), Some(heap), "{a} {b}: {k:?}");
        }
    }
    // Both proved with one pattern: proved equal; open games: checked.
    let rows_by = |g: &str| rows.iter().find(|r| r.game == g).unwrap().status;
    let proved = class_of("4.4").unwrap();
    if rows_by("4.4") == Status::Proved && rows_by("4.6") == Status::Proved {
        assert_eq!(proved.equality, grundy_survey::Equality::Proved);
    }
    assert_eq!(
        class_of("0.6").unwrap().equality,
        grundy_survey::Equality::CheckedTo(1500)
    );
}

/// C13: a catalogue whose directory lets nothing be written beside it (no
/// shared-memory file for SQLite's WAL mode) is still read, through an
/// immutable open, and a read-only open writes nothing. Run as root, where
/// permissions do not hold, a link to nowhere in the way of the
/// shared-memory file stands for them.
#[test]
fn a_catalogue_in_a_read_only_directory_is_read() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let sealed = dir.path().join("sealed");
    std::fs::create_dir(&sealed).unwrap();
    let path = sealed.join("two.sqlite");
    run(
        &path,
        &Family::Octal { digits: 2 },
        &options(200, 2),
        &quiet,
    )
    .unwrap();
    let rows = Catalogue::open(&path).unwrap().games().unwrap();
    assert!(rows.len() > 10);
    let before = std::fs::read(&path).unwrap();
    let shm = sealed.join("two.sqlite-shm");
    let _ = std::fs::remove_file(&shm);
    let _ = std::fs::remove_file(sealed.join("two.sqlite-wal"));
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    std::fs::set_permissions(&sealed, std::fs::Permissions::from_mode(0o555)).unwrap();
    let root = std::fs::write(sealed.join("probe"), b"").is_ok();
    if root {
        let _ = std::fs::remove_file(sealed.join("probe"));
        std::fs::set_permissions(&sealed, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::os::unix::fs::symlink(dir.path().join("nowhere/at/all"), &shm).unwrap();
    }
    let read = Catalogue::open_read_only(&path)
        .and_then(|c| c.games())
        .unwrap_or_else(|e| panic!("read-only catalogue: {e}"));
    assert_eq!(read, rows);
    assert_eq!(std::fs::read(&path).unwrap(), before);
    std::fs::set_permissions(&sealed, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// C13: surveys started at the same moment on a new catalogue both run:
/// the schema is created once, in one transaction, and each waits for the
/// other's lock instead of failing ("table meta already exists", "database
/// is locked").
#[test]
fn surveys_started_at_once_on_a_new_catalogue_both_open_it() {
    let dir = tempfile::tempdir().unwrap();
    for round in 0..24 {
        let path = dir.path().join(format!("new{round}.sqlite"));
        let start = std::sync::Barrier::new(3);
        std::thread::scope(|scope| {
            let opened: Vec<_> = (0..3)
                .map(|_| {
                    scope.spawn(|| {
                        start.wait();
                        Catalogue::create(&path).map(|c| c.games().map(|g| g.len()))
                    })
                })
                .collect();
            for o in opened {
                let games = o.join().unwrap();
                assert!(
                    matches!(games, Ok(Ok(0))),
                    "round {round}: {:?}",
                    games
                        .map(|g| g.map_err(|e| e.to_string()))
                        .map_err(|e| e.to_string())
                );
            }
        });
    }
    // Two runs of one family at once into one new file: every game once.
    let path = dir.path().join("both.sqlite");
    let family = Family::Octal { digits: 1 };
    std::thread::scope(|scope| {
        let a = scope.spawn(|| run(&path, &family, &options(100, 1), &quiet));
        let b = scope.spawn(|| run(&path, &family, &options(100, 1), &quiet));
        a.join().unwrap().unwrap();
        b.join().unwrap().unwrap();
    });
    let rows = Catalogue::open(&path).unwrap().games().unwrap();
    assert_eq!(rows.len(), family.games().unwrap().len());
}

/// C13: a bound past what a catalogue records (2^63 − 1) is refused
/// before any game is computed, as bad input.
#[test]
fn a_bound_past_what_a_catalogue_records_is_refused_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("never.sqlite");
    let started = std::time::Instant::now();
    let err = run(
        &path,
        &Family::List(vec!["grundy".to_string()]),
        &options(u64::MAX, 1),
        &quiet,
    )
    .unwrap_err();
    assert!(err.is_usage(), "{err}");
    assert!(err.to_string().contains("2^63 - 1"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(1));
    assert!(!path.exists());
}
