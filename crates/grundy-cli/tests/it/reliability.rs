//! Every hostile input family tried against `grundy`, run, and the table of
//! `docs/reliability.md` made from the same list: a row of the document is
//! a case this test ran and saw behave as the row says. After a change to
//! the list, `GRUNDY_UPDATE_DOCS=1 cargo test -p grundy-cli reliability`
//! rewrites the table; otherwise a table that differs fails the test.

use std::path::Path;
use std::time::{Duration, Instant};

/// What a case must get.
enum Expect {
    /// Exit 2, nothing on stdout, one line on stderr containing this.
    Refused(&'static str),
    /// Exit 0, at most this many bytes on stdout (warnings may go to
    /// stderr).
    Answered(usize),
    /// Exit 2: the good lines answered, each bad one a single numbered
    /// error line; this many error lines.
    LinesSkipped(usize),
    /// Run with standard output on a full device (`/dev/full`): exit 1,
    /// one error line saying so.
    WriteFails,
}

/// One hostile input family.
struct Case {
    family: &'static str,
    input: &'static str,
    args: Vec<String>,
    stdin: Vec<u8>,
    expect: Expect,
}

/// Longest any case may take (a debug build on a loaded machine).
const PATIENCE: Duration = Duration::from_secs(60);

fn case(family: &'static str, input: &'static str, args: &[&str], expect: Expect) -> Case {
    Case {
        family,
        input,
        args: args.iter().map(|a| a.to_string()).collect(),
        stdin: Vec::new(),
        expect,
    }
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_str().expect("a UTF-8 path").to_string()
}

/// A valid certificate of 0.07 with some lines replaced.
fn certificate_with(dir: &Path, name: &str, edits: &[(&str, &str)]) -> String {
    let text = crate::ok(&["period", "0.07", "--certificate", "-"]);
    let edited: Vec<String> = text
        .lines()
        .map(|line| {
            edits
                .iter()
                .find(|(key, _)| line.starts_with(&format!("{key}:")))
                .map_or_else(
                    || line.to_string(),
                    |(key, value)| format!("{key}: {value}"),
                )
        })
        .collect();
    let file = path(dir, name);
    std::fs::write(&file, edited.join("\n") + "\n").unwrap();
    file
}

fn cases(dir: &Path) -> Vec<Case> {
    let forged = certificate_with(
        dir,
        "forged.cert",
        &[("preperiod", "18446744073709551614"), ("bound", "32")],
    );
    let endless = certificate_with(
        dir,
        "endless.cert",
        &[("game", "grundy"), ("checked-to", "99999999999")],
    );
    let three_part = certificate_with(
        dir,
        "three.cert",
        &[("game", "0.8f"), ("checked-to", "99999999999")],
    );
    let strip = certificate_with(dir, "strip.cert", &[]);
    let costly_v1 = path(dir, "costly-v1.cert");
    std::fs::write(
        &costly_v1,
        "# grundy periodicity certificate v1\ngame: 0.8f\npreperiod: 0\nperiod: 1\nsaltus: 0\n\
         theorem: three-part-periodicity\nbound: 7\nchecked-to: 16384\n\
         digest: fnv1a64:0000000000000000\n",
    )
    .unwrap();
    let control = path(dir, "control.cert");
    std::fs::write(
        &control,
        b"# grundy periodicity certificate v2\n\x00\x1b[2J: 3\n",
    )
    .unwrap();
    let binary = path(dir, "binary.cert");
    std::fs::write(
        &binary,
        b"# grundy periodicity certificate v2\n\x00\xff\x01: 3\n",
    )
    .unwrap();
    // Values kept on disk past a 2.5 MiB budget, then one bit flipped.
    let past = path(dir, "past-memory");
    let frequencies = [
        "--cache",
        &past,
        "--max-memory",
        "2621440",
        "count",
        "0.161",
        "--to",
        "3000000",
        "--frequencies",
    ];
    crate::ok(&frequencies);
    let cold = dir.join("past-memory").join("0.161.cold");
    let mut bytes = std::fs::read(&cold).unwrap();
    bytes[100_000] ^= 1;
    std::fs::write(&cold, bytes).unwrap();
    // A record that Kayles' misère quotient cannot be built past heap 3.
    // (Two caches: the first answer keeps the quotient, which would answer
    // the second whatever the record says.)
    let [planted, planted_too] = ["planted", "planted-too"].map(|name| {
        std::fs::create_dir_all(dir.join(name)).unwrap();
        std::fs::write(
            dir.join(name).join("0.77.misere.limit"),
            format!(
                "grundy misère quotient limit\ngame: 0.77\nrevision: {}\nstops-at: 3\nwhy: planted\n",
                grundy::misere::CONSTRUCTION_REVISION
            ),
        )
        .unwrap();
        path(dir, name)
    });
    let survey_db = path(dir, "survey.sqlite");
    let looped = path(dir, "loop.cert");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&looped, &looped).unwrap();
    let cache = dir.join("cache");
    std::fs::create_dir_all(&cache).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink("/dev/zero", cache.join("0.6.values")).unwrap();
    let cache = cache.to_str().unwrap().to_string();
    let long = "x".repeat(100_000);
    let heaps: Vec<String> = (1..=2000).map(|h| h.to_string()).collect();
    let mut many = vec!["--max-memory", "100M", "move", "kayles"];
    many.extend(heaps.iter().map(String::as_str));
    let mut ones = vec!["move", "kayles"];
    ones.extend(std::iter::repeat_n("1", 33_000));
    ones.push("--misere");
    let mut play = case(
        "binary input to play",
        "a byte-order mark, a line of binary bytes, a 17 MiB line, then a position",
        &["play", "grundy"],
        Expect::LinesSkipped(2),
    );
    play.stdin = "\u{feff}5 10 20\n".as_bytes().to_vec();
    play.stdin.extend_from_slice(b"\x00\xff\xfe\n");
    play.stdin.extend(std::iter::repeat_n(b'1', 17 << 20));
    play.stdin.extend_from_slice(b"\n7\n");
    let ragged_board = path(dir, "ragged-board.txt");
    std::fs::write(&ragged_board, "...\n..\n").unwrap();
    let looped_graph = path(dir, "looped-graph.txt");
    std::fs::write(&looped_graph, "0 1\n1 1\n").unwrap();
    let binary_board = path(dir, "binary-board.txt");
    std::fs::write(&binary_board, b"..\x00\xff\n").unwrap();
    let mut board_play = case(
        "binary input to play",
        "a board game fed a byte-order mark, binary bytes, a 17 MiB line, then a move",
        &["play", "cram:3x4"],
        Expect::LinesSkipped(2),
    );
    board_play.stdin = "\u{feff}0,0-0,1\n".as_bytes().to_vec();
    board_play.stdin.extend_from_slice(b"\x00\xff\xfe\n");
    board_play.stdin.extend(std::iter::repeat_n(b'1', 17 << 20));
    board_play.stdin.extend_from_slice(b"\n");
    let cram_ragged = format!("cram:@{ragged_board}");
    let cram_binary = format!("cram:@{binary_board}");
    let kayles_looped = format!("node-kayles:@{looped_graph}");
    let cram_missing = format!("cram:@{}", path(dir, "no-such-board.txt"));
    let cram_dir = format!("cram:@{}", dir.display());
    let mut flood = case(
        "endless standard input",
        "`verify -` fed 64 MiB and more",
        &["verify", "-"],
        Expect::Refused("longer than"),
    );
    flood.stdin = vec![b'#'; 70 << 20];
    vec![
        case(
            "forged certificate",
            "preperiod 2^64 − 2 with a small bound",
            &["verify", &forged],
            Expect::Refused("overflows"),
        ),
        case(
            "costly certificate",
            "Grundy's game claiming values checked to 10^11",
            &["verify", &endless],
            Expect::Refused("does not apply"),
        ),
        case(
            "costly certificate",
            "a three-part code (0.8f) claiming values to 10^11",
            &["verify", &three_part],
            Expect::Refused("does not apply"),
        ),
        case(
            "costly certificate",
            "a version 1 certificate of 0.8f claiming values to 16384 (150 bytes, any digest)",
            &["verify", &costly_v1],
            Expect::Refused("version 2 certificate"),
        ),
        case(
            "certificate past the budget",
            "0.07's true certificate under a 1 KB budget: not checked, not called false",
            &["--max-memory", "1K", "verify", &strip],
            Expect::Refused("refused, not checked (--max-memory 514K would fit)"),
        ),
        case(
            "binary certificate",
            "invalid UTF-8 bytes",
            &["verify", &binary],
            Expect::Refused("not text"),
        ),
        case(
            "control characters in a certificate",
            "NUL and a terminal escape in a field name",
            &["verify", &control],
            Expect::Refused("\\u{0}\\u{1b}"),
        ),
        case(
            "endless file",
            "`verify /dev/zero`",
            &["verify", "/dev/zero"],
            Expect::Refused("longer than"),
        ),
        flood,
        case(
            "certificate through a link loop",
            "`period 0.07 --certificate LINK`, LINK a link to itself",
            &["period", "0.07", "--certificate", &looped],
            Expect::Refused("leads to no file"),
        ),
        case(
            "store file that never ends",
            "the cache file of 0.6 is a link to /dev/zero",
            &[
                "values", "0.6", "--to", "1000", "--cache", &cache, "--format", "csv",
            ],
            Expect::Answered(16 << 10),
        ),
        case(
            "damaged values on disk",
            "a bit flipped in the values kept past memory (`NAME.cold`)",
            &frequencies,
            Expect::Answered(2 << 10),
        ),
        case(
            "planted misère limit",
            "`misere kayles` with a record saying its quotient stops at heap 3",
            &["--cache", &planted, "misere", "kayles"],
            Expect::Answered(16 << 10),
        ),
        case(
            "planted misère limit",
            "`move kayles 5 60000 --misere` with that record",
            &[
                "--cache",
                &planted_too,
                "move",
                "kayles",
                "5",
                "60000",
                "--misere",
            ],
            Expect::Answered(1 << 10),
        ),
        case(
            "survey bound past 64 bits",
            "`survey run list grundy --max-heaps 2^64-1`",
            &[
                "survey",
                "run",
                "list",
                "grundy",
                "--max-heaps",
                "2^64-1",
                "--db",
                &survey_db,
            ],
            Expect::Refused("2^63 - 1"),
        ),
        case(
            "many heaps",
            "`move kayles 1 2 … 2000` under a 100 MB budget",
            &many.iter().map(|s| &**s).collect::<Vec<_>>(),
            Expect::Answered(64 << 10),
        ),
        case(
            "many heaps under misère play",
            "`move kayles 1 1 … --misere` with 33,000 heaps",
            &ones,
            Expect::Answered(128 << 10),
        ),
        case(
            "huge count",
            "`count nim --heaps 3 --to 2^26-1` under a 500 MB budget",
            &[
                "--max-memory",
                "500M",
                "count",
                "nim",
                "--heaps",
                "3",
                "--to",
                "2^26-1",
            ],
            Expect::Refused("over the memory budget"),
        ),
        case(
            "count past 64 bits of values",
            "`count nim --heaps 2 --to 2^64-1` under a 50 MB budget",
            &[
                "--max-memory",
                "50M",
                "count",
                "nim",
                "--heaps",
                "2",
                "--to",
                "2^64-1",
            ],
            Expect::Refused("over the memory budget"),
        ),
        case(
            "Wythoff past the budget",
            "`move wythoff 6180340 10000000` under a 64 MB budget",
            &[
                "--max-memory",
                "64M",
                "move",
                "wythoff",
                "6180340",
                "10000000",
            ],
            Expect::Answered(1 << 10),
        ),
        case(
            "Wythoff past 2^32",
            "`move wythoff 2^40 2^41`",
            &["move", "wythoff", "2^40", "2^41"],
            Expect::Answered(1 << 10),
        ),
        case(
            "count past 128 bits",
            "`count nim --heaps 16 --to 10^6`",
            &["count", "nim", "--heaps", "16", "--to", "10^6"],
            Expect::Answered(1 << 10),
        ),
        case(
            "values of a proved period, far",
            "`values 0.07 --to 10^6` (one by one, quadratic: minutes)",
            &["values", "0.07", "--to", "10^6", "--format", "csv"],
            Expect::Answered(12 << 20),
        ),
        case(
            "three-part code with no proved period",
            "`move 0.88 1000000` (values one by one, cubic: months)",
            &["move", "0.88", "1000000"],
            Expect::Refused("no proved period up to heap 8192"),
        ),
        case(
            "three-part code with no proved period",
            "`count 0.88 --to 10^9`",
            &["count", "0.88", "--to", "10^9"],
            Expect::Refused("no proved period up to heap 8192"),
        ),
        case(
            "three-part code with no proved period",
            "`values 0.88 --to 10^6`",
            &["values", "0.88", "--to", "10^6"],
            Expect::Refused("no proved period up to heap 8192"),
        ),
        case(
            "three-part code with a proved arithmetic period",
            "`values 0.8f --to 10^6` (through the period 7, saltus 4)",
            &["values", "0.8f", "--to", "10^6", "--format", "csv"],
            Expect::Answered(16 << 20),
        ),
        case(
            "three-part code with a proved arithmetic period",
            "`move 0.8f 1000000`",
            &["move", "0.8f", "1000000"],
            Expect::Answered(16 << 10),
        ),
        case(
            "three-part code with a proved arithmetic period",
            "`move 0.8f 10^9` (splits into three heaps counted by the classes of their parts)",
            &["move", "0.8f", "10^9"],
            Expect::Answered(16 << 10),
        ),
        case(
            "three-part code with a proved arithmetic period",
            "`move 0.8f 10^18`",
            &["move", "0.8f", "10^18"],
            Expect::Answered(16 << 10),
        ),
        case(
            "budget past the machine",
            "`--max-memory 100T`",
            &["--max-memory", "100T", "values", "nim", "--to", "3"],
            Expect::Refused("more than this machine"),
        ),
        case(
            "heap past 64 bits",
            "`move kayles 2^64`",
            &["move", "kayles", "2^64"],
            Expect::Refused("not a whole number"),
        ),
        case(
            "size that wraps around",
            "`values nim --to 10+(2^128 − 1)` written out",
            &[
                "values",
                "nim",
                "--to",
                "10+340282366920938463463374607431768211455",
            ],
            Expect::Refused("not a whole number"),
        ),
        case(
            "size that wraps around",
            "`move nim 7+(2^128 − 6)` written out",
            &["move", "nim", "7+340282366920938463463374607431768211450"],
            Expect::Refused("not a whole number"),
        ),
        case(
            "negative heap",
            "`move kayles -- -1`",
            &["move", "kayles", "--", "-1"],
            Expect::Refused("not a whole number"),
        ),
        case(
            "huge argument",
            "a 100,000-character game spec",
            &["values", &long, "--to", "3"],
            Expect::Refused("(100000 characters)"),
        ),
        case(
            "control characters",
            "a spec with a control character",
            &["values", "0.0\u{1}", "--to", "3"],
            Expect::Refused("\\u{1}"),
        ),
        case(
            "unknown game",
            "`values chess`",
            &["values", "chess", "--to", "3"],
            Expect::Refused("unknown game"),
        ),
        play,
        board_play,
        case(
            "board too large",
            "`values cram:100x100`, past the cells a search takes",
            &["values", "cram:100x100"],
            Expect::Refused("4096"),
        ),
        case(
            "board too large",
            "`values cram:3x3 --max-memory 64K`: no room for the search's table",
            &["--max-memory", "64K", "values", "cram:3x3"],
            Expect::Refused("memory budget"),
        ),
        case(
            "board too large",
            "`move cram:5x6 --misere --max-memory 2M`: misère play past its budget",
            &["--max-memory", "2M", "move", "cram:5x6", "--misere"],
            Expect::Refused("512.0 KiB"),
        ),
        case(
            "malformed board file",
            "`cram:@FILE` with rows of different lengths",
            &["values", &cram_ragged],
            Expect::Refused("row 2 of the board"),
        ),
        case(
            "malformed board file",
            "`cram:@FILE` holding binary bytes",
            &["values", &cram_binary],
            Expect::Refused("not UTF-8"),
        ),
        case(
            "malformed board file",
            "`cram:@FILE` naming no file",
            &["values", &cram_missing],
            Expect::Refused("cannot read"),
        ),
        case(
            "malformed board file",
            "`cram:@DIR`",
            &["move", &cram_dir],
            Expect::Refused("not a regular file"),
        ),
        case(
            "graph with a self-loop",
            "`node-kayles:@FILE` with the edge 1 1",
            &["values", &kayles_looped],
            Expect::Refused("joins a vertex to itself"),
        ),
        case(
            "graph with a self-loop",
            "`node-kayles:edges:0-1,2-2`",
            &["move", "node-kayles:edges:0-1,2-2"],
            Expect::Refused("joins a vertex to itself"),
        ),
        case(
            "full output device",
            "`values 0.07 --to 10 > /dev/full`",
            &["values", "0.07", "--to", "10"],
            Expect::WriteFails,
        ),
        case(
            "full output device",
            "`move nim 3 5 > /dev/full`",
            &["move", "nim", "3", "5"],
            Expect::WriteFails,
        ),
        case(
            "full output device",
            "`--version > /dev/full`",
            &["--version"],
            Expect::WriteFails,
        ),
        case(
            "full output device",
            "`help values > /dev/full`",
            &["help", "values"],
            Expect::WriteFails,
        ),
    ]
}

/// Runs one case and checks it; the row of the table it earns.
fn run(case: &Case) -> String {
    let args: Vec<&str> = case.args.iter().map(String::as_str).collect();
    let started = Instant::now();
    let out = if matches!(case.expect, Expect::WriteFails) {
        crate::grundy_to_full(&args)
    } else {
        crate::grundy_bytes(&args, &case.stdin)
    };
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let what = format!("{}: {}", case.family, case.input);
    assert!(took < PATIENCE, "{what} took {took:?}");
    assert!(!stderr.contains("panicked"), "{what}: {stderr}");
    let result = match case.expect {
        Expect::Refused(hint) => {
            assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
            assert!(out.stdout.is_empty(), "{what}: printed a partial result");
            assert_eq!(stderr.lines().count(), 1, "{what}: {stderr}");
            assert!(stderr.contains(hint), "{what}: {stderr} lacks {hint:?}");
            assert!(
                stderr.len() < 1000,
                "{what}: {} bytes of error",
                stderr.len()
            );
            format!(
                "refused: exit 2, one error line (`{}`)",
                hint.replace('`', "'")
            )
        }
        Expect::Answered(bytes) => {
            assert_eq!(out.status.code(), Some(0), "{what}: {stderr}");
            assert!(
                out.stdout.len() <= bytes,
                "{what}: {} bytes",
                out.stdout.len()
            );
            format!(
                "answered: exit 0, at most {} KiB of output",
                bytes.div_ceil(1024)
            )
        }
        Expect::LinesSkipped(errors) => {
            assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
            assert!(
                !out.stdout.is_empty(),
                "{what}: the good lines are answered"
            );
            assert_eq!(stderr.lines().count(), errors, "{what}: {stderr}");
            assert!(
                stderr.lines().all(|l| l.starts_with("error: line ")),
                "{stderr}"
            );
            format!("good lines answered; {errors} bad lines, one numbered error each; exit 2")
        }
        Expect::WriteFails => {
            assert_eq!(out.status.code(), Some(1), "{what}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "{what}: {stderr}");
            assert!(stderr.contains("No space left"), "{what}: {stderr}");
            "failed write reported: exit 1, one error line (`No space left`)".to_string()
        }
    };
    format!("| {} | {} | {} |", case.family, case.input, result)
}

/// Puts `table` between the markers `start` and `end` of
/// docs/reliability.md with `GRUNDY_UPDATE_DOCS` set; otherwise fails
/// unless it is there already.
pub fn in_the_document(start: &str, end: &str, table: &str) {
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/reliability.md");
    let text = std::fs::read_to_string(&doc).expect("docs/reliability.md");
    let (head, rest) = text.split_once(start).expect("the start marker");
    let (_, tail) = rest.split_once(end).expect("the end marker");
    let wanted = format!("{head}{start}\n{table}\n{end}{tail}");
    if std::env::var_os("GRUNDY_UPDATE_DOCS").is_some() {
        std::fs::write(doc, wanted).unwrap();
    } else {
        assert!(
            text == wanted,
            "docs/reliability.md is out of date after {start}; rerun with GRUNDY_UPDATE_DOCS=1:\n{table}"
        );
    }
}

const START: &str = "<!-- table: made by crates/grundy-cli/tests/it/reliability.rs -->";
const END: &str = "<!-- end of table -->";

#[test]
fn every_hostile_family_behaves_as_docs_reliability_says() {
    let dir = tempfile::tempdir().unwrap();
    let mut table = vec![
        "| family | input | what it gets |".to_string(),
        "|---|---|---|".to_string(),
    ];
    table.extend(cases(dir.path()).iter().map(run));
    in_the_document(START, END, &table.join("\n"));
}
