//! The page in a real browser: headless Chromium driven over WebDriver
//! (Debian's `chromium` and `chromium-driver`).
//!
//! The test starts the real service on a free loopback port, opens the page,
//! plays Kayles from a won position to the end (the test is the winner), then
//! a game it throws away on purpose, checking with the API after every one of
//! the computer's moves that the computer never lets a won game go; it opens
//! 0.16's page, downloads the certificate through the browser and has the
//! API verify it, plays a board game of each kind (Cram by two clicks,
//! Node-Kayles by the keyboard, Chomp; the computer answers each), lists a small survey catalogue on a second server
//! (filtered to proved games, a game's link opening its page), and saves
//! screenshots (desktop and 375 px wide) under Cargo's target directory
//! (`target/tmp/browser/`).
//!
//! It runs when `GRUNDY_BROWSER_TEST` is set (`.ci/browser` sets it and
//! installs the browser); then a missing browser is a failure. Without the
//! variable it says so and passes, so a plain `cargo test --workspace` needs
//! no browser.
//!
//! The WebDriver client is a few lines of HTTP/1.1 over `std::net`: the
//! protocol is JSON over loopback, so no client crate is needed.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// Debian's paths; `GRUNDY_CHROMIUM` and `GRUNDY_CHROMEDRIVER` override them.
fn program(var: &str, default: &str) -> String {
    std::env::var(var).unwrap_or_else(|_| default.to_string())
}

fn chromium() -> String {
    program("GRUNDY_CHROMIUM", "/usr/bin/chromium")
}

fn chromedriver() -> String {
    program("GRUNDY_CHROMEDRIVER", "/usr/bin/chromedriver")
}

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

#[test]
fn the_page_plays_kayles_and_boards_and_proves_016_in_chromium() {
    if std::env::var_os("GRUNDY_BROWSER_TEST").is_none() {
        eprintln!(
            "browser test skipped: set GRUNDY_BROWSER_TEST=1 (or run .ci/browser, which installs chromium and chromium-driver)"
        );
        return;
    }
    for program in [chromium(), chromedriver()] {
        assert!(
            Path::new(&program).exists(),
            "{program} is missing: install it with `apt-get install chromium chromium-driver` (.ci/browser does)"
        );
    }
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser");
    let downloads = out.join("downloads");
    let _ = std::fs::remove_dir_all(&downloads);
    std::fs::create_dir_all(&downloads).unwrap();

    let server = start_server(None);
    let base = format!("http://{server}");
    let driver = Driver::start(&downloads);
    let b = driver.session();

    // Kayles 3 + 5 + 7: value 1 ⊕ 4 ⊕ 2 = 7, won by the player to move.
    b.window(1280, 1000);
    b.go(&format!("{base}/#play=kayles:3,5,7"));
    b.wait_for(
        "the board",
        "document.getElementById('board').dataset.turn === 'you'",
    );
    assert!(b.text("#game-check").contains("0.77"));
    b.wait_for(
        "the values table",
        "document.querySelector('#values-table table') !== null",
    );
    b.wait_for(
        "the verdict",
        "document.getElementById('verdict-text').textContent.toLowerCase().includes('period 12')",
    );
    let hosts = b.eval(
        "return performance.getEntriesByType('resource').map(e => new URL(e.name).host).concat([location.host])",
    );
    for host in hosts.as_array().unwrap() {
        assert_eq!(
            host.as_str(),
            Some(server.to_string().as_str()),
            "the page loads nothing from other hosts"
        );
    }
    play_to_the_end(&b, &server, true, false);
    let last = b.text("#announce");
    assert!(last.contains("you win"), "the end is announced: {last:?}");
    assert!(
        b.eval("return location.hash")
            .as_str()
            .unwrap()
            .starts_with("#play=0.77:"),
        "the position is in the address"
    );

    // A game thrown away: the test plays a losing move whenever it can, so
    // the computer faces won positions and must keep them won; undo is tried
    // on the way.
    b.go(&format!("{base}/#play=kayles:4,6,9"));
    b.wait_for_turn();
    let start = b.position();
    let m = pick_move(&api_moves(&server, "0.77", &start), false);
    make_move(&b, &m);
    b.wait_for_turn();
    b.click("#undo");
    b.wait_for(
        "undo",
        &format!("document.getElementById('board').dataset.position === '{}' && document.getElementById('board').dataset.turn === 'you'", join(&start)),
    );
    // Hints: every listed move says whether it wins.
    b.click("#hints");
    b.exec("document.querySelectorAll('#board details.moves').forEach(d => d.open = true)");
    let tags = b.eval("return [...document.querySelectorAll('#board button.move')].map(x => x.className + ' ' + x.textContent)");
    let tags = tags.as_array().unwrap();
    assert!(!tags.is_empty());
    for t in tags {
        let t = t.as_str().unwrap();
        assert!(
            t.starts_with("move win ") && t.ends_with(" wins")
                || t.starts_with("move loss ") && t.ends_with(" loses"),
            "each hinted move is coloured and says its outcome: {t:?}"
        );
    }
    // For the pictures: heap 3's list open, two tokens of heap 2 chosen.
    b.exec("document.querySelectorAll('#board details.moves').forEach((d, i) => d.open = i === 2)");
    b.click(".token[data-heap=\"1\"][data-index=\"2\"]");
    b.click(".token[data-heap=\"1\"][data-index=\"3\"]");
    b.wait_for(
        "the selection",
        "document.querySelector('.selection .take') !== null",
    );
    shoot(&b, &out.join("play-desktop.png"));
    shoot_part(&b, "#play-section", &out.join("play-desktop-board.png"));
    b.phone(375);
    assert_no_horizontal_scroll(&b, "play at 375 px");
    shoot(&b, &out.join("play-phone.png"));
    shoot_part(&b, "#play-section", &out.join("play-phone-board.png"));
    b.desktop();
    b.click(".selection button.link");
    b.wait_for(
        "no selection",
        "document.querySelector('.selection') === null",
    );
    play_to_the_end(&b, &server, false, false);
    let last = b.text("#announce");
    assert!(
        last.contains("you lose"),
        "the computer wins the thrown game: {last:?}"
    );

    // The computer starts from a won position and leaves a lost one.
    b.go(&format!("{base}/#play=kayles:3,5,7"));
    b.wait_for_turn();
    b.click("#play-start-computer");
    b.wait_for(
        "the computer's first move",
        "document.getElementById('board').dataset.turn === 'you' && document.getElementById('board').dataset.position !== '3,5,7'",
    );
    let after = b.position();
    assert_eq!(
        api_moves(&server, "0.77", &after).value,
        Some(0),
        "{after:?}"
    );

    // Keyboard only: Tab reaches a token, arrows move along the heap, Enter
    // picks it.
    b.go(&format!("{base}/#play=kayles:2,3"));
    b.wait_for_turn();
    b.exec("document.getElementById('hints').focus()");
    b.keys("\u{E004}"); // Tab: past the disabled Undo, to heap 1's first token
    assert_eq!(
        b.eval(
            "return [document.activeElement.dataset.heap, document.activeElement.dataset.index]"
        ),
        json!(["0", "0"]),
        "Tab reaches the first heap's tokens"
    );
    b.keys("\u{E015}"); // ArrowDown: the next heap
    assert_eq!(
        b.eval("return document.activeElement.dataset.heap")
            .as_str(),
        Some("1")
    );
    b.keys("\u{E014}"); // ArrowRight
    assert_eq!(
        b.eval("return document.activeElement.dataset.index")
            .as_str(),
        Some("1"),
        "the right arrow moves to the next token"
    );
    let ring = b.eval("return getComputedStyle(document.activeElement).outlineStyle");
    assert_eq!(
        ring.as_str(),
        Some("solid"),
        "the focused token shows its focus"
    );
    shoot_part(&b, "#board", &out.join("keyboard-focus.png"));
    b.keys("\u{E007}"); // Enter: choose token 1 of heap 1
    b.wait_for(
        "the selection",
        "document.querySelector('.selection .take') !== null",
    );
    b.click(".selection .take");
    b.wait_for(
        "the move made from the keyboard",
        "document.getElementById('board').dataset.position !== '2,3'",
    );
    b.wait_for_turn();
    b.wait_for(
        "the focus to stay on the board after the computer's move",
        "document.activeElement.closest('#board') !== null",
    );

    // Misère play: the switch, from the address and from the keyboard; the
    // hints mark exactly the solver's misère winning moves; a won game
    // played to the end, then one thrown away, the computer keeping its won
    // positions won under misère play.
    b.go(&format!("{base}/#play=kayles:3,5&misere=1"));
    b.wait_for_turn();
    assert_eq!(
        b.eval("return document.getElementById('play-misere').checked"),
        json!(true)
    );
    let here = api_misere(&server, "0.77", &[3, 5]);
    let summary = b.text("#play-summary");
    assert!(summary.contains("misère play"), "{summary}");
    assert!(
        summary.contains(if here.winning { "won by" } else { "lost for" }),
        "the page's outcome is the solver's: {summary}"
    );
    assert!(
        !summary.contains("nim-sum"),
        "no nim-sum under misère play: {summary}"
    );
    b.click("#hints");
    b.exec("document.querySelectorAll('#board details.moves').forEach(d => d.open = true)");
    let marked = b.eval(
        "return [...document.querySelectorAll('#board button.move.win')].map(x => [Number(x.dataset.heap), x.dataset.to])",
    );
    let mut marked: Vec<(u64, Vec<u64>)> = marked
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            let to = x[1].as_str().unwrap();
            let to: Vec<u64> = to
                .split(',')
                .filter(|t| !t.is_empty())
                .map(|t| t.parse().unwrap())
                .collect();
            (x[0].as_u64().unwrap(), sorted(&to))
        })
        .collect();
    let mut winning: Vec<(u64, Vec<u64>)> = here
        .moves
        .iter()
        .map(|m| (m.heap.unwrap(), sorted(&m.to)))
        .collect();
    marked.sort();
    winning.sort();
    assert!(!winning.is_empty());
    assert_eq!(
        marked, winning,
        "the hinted winning moves are the misère ones"
    );
    b.click("#hints");
    play_to_the_end(&b, &server, true, true);
    let last = b.text("#announce");
    assert!(
        last.contains("the computer took the last move, you win"),
        "misère: whoever moves last loses: {last:?}"
    );
    b.go(&format!("{base}/#play=kayles:4,6,9&misere=1"));
    b.wait_for_turn();
    play_to_the_end(&b, &server, false, true);
    let last = b.text("#announce");
    assert!(
        last.contains("you took the last move, you lose"),
        "the computer wins the thrown misère game: {last:?}"
    );
    // From the keyboard: the arrow key on the convention's radio buttons.
    b.go(&format!("{base}/#play=kayles:2,3"));
    b.wait_for_turn();
    b.exec("document.getElementById('play-normal').focus()");
    b.keys("\u{E015}"); // ArrowDown: the next radio button, misère
    b.wait_for(
        "misère play from the keyboard",
        "location.hash.includes('misere=1') && document.getElementById('play-summary').textContent.includes('misère play') && document.getElementById('board').dataset.turn === 'you'",
    );
    assert!(
        b.text("#play-rule")
            .contains("whoever makes the last move loses")
    );
    b.phone(375);
    assert_no_horizontal_scroll(&b, "misère play at 375 px");
    shoot_part(&b, "#play-section", &out.join("play-misere-phone.png"));
    b.desktop();

    // The misère quotient section, from the keyboard: the bound typed and
    // Enter pressed; the page shows what `/api/misere` answers.
    b.go(&format!("{base}/#game=0.75"));
    b.wait_for_turn();
    b.type_into("#misere-max", "21");
    b.keys("\u{E007}"); // Enter: the form's Compute
    b.wait_for(
        "0.75's quotient",
        "!document.getElementById('misere-result').hidden",
    );
    assert_eq!(
        b.eval("return document.getElementById('misere-progress').hidden"),
        json!(true),
        "the progress line goes when the quotient comes"
    );
    let (status, body) = http(server, "GET", "/api/misere?game=0.75&max_heap=21", b"");
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    let q: Value = serde_json::from_slice(&body).unwrap();
    let names = q["elements"].as_array().unwrap();
    let lost: Vec<&Value> = q["p_portion"].as_array().unwrap().iter().collect();
    let rows = b.eval(
        "return [...document.querySelectorAll('#misere-map tbody tr')].map(r => [Number(r.dataset.heap), Number(r.dataset.element), r.children[1].textContent, r.children[2].textContent])",
    );
    let rows = rows.as_array().unwrap();
    let pretending = q["pretending"].as_array().unwrap();
    assert_eq!(rows.len(), pretending.len(), "a row per heap 0..=21");
    for (n, row) in rows.iter().enumerate() {
        let e = &pretending[n];
        assert_eq!(row[0], json!(n));
        assert_eq!(&row[1], e, "heap {n}'s element");
        assert_eq!(
            row[2],
            names[e.as_u64().unwrap() as usize],
            "heap {n}'s word"
        );
        let alone = if lost.contains(&e) { "lost" } else { "won" };
        assert_eq!(row[3], json!(alone), "heap {n} alone");
    }
    assert_eq!(
        b.eval("return document.querySelectorAll('#misere-elements tbody tr').length"),
        q["size"]
    );
    assert_eq!(
        b.eval(
            "return document.querySelectorAll('#misere-elements tbody tr[data-lost=\"1\"]').length"
        ),
        json!(lost.len())
    );
    assert_eq!(
        b.eval("return document.querySelectorAll('#misere-relations li').length"),
        json!(q["relations"].as_array().unwrap().len())
    );
    // Relations are written with superscripts, not carets.
    assert_eq!(
        b.eval("return [...document.querySelectorAll('#misere-relations li')].filter(li => li.textContent.includes('^')).length"),
        json!(0)
    );
    if q["relations"].to_string().contains('^') {
        assert!(
            b.eval("return document.querySelectorAll('#misere-relations sup').length")
                .as_u64()
                .unwrap()
                > 0
        );
    }
    let period = b.text("#misere-period");
    assert_eq!(
        period.contains(": proved ("),
        q["period"]["proved"] == json!(true),
        "{period}"
    );
    b.phone(375);
    assert_no_horizontal_scroll(&b, "the misère quotient at 375 px");
    shoot_part(
        &b,
        "#misere-section",
        &out.join("misere-quotient-phone.png"),
    );
    b.desktop();
    shoot_part(
        &b,
        "#misere-section",
        &out.join("misere-quotient-desktop.png"),
    );
    // The address names the quotient shown, and opening it shows it again.
    let address = b.eval("return location.href");
    let address = address.as_str().unwrap().to_string();
    assert!(address.contains("quotient=21"), "{address}");
    b.go(&format!("{base}/#game=0.07"));
    b.wait_for_turn();
    b.go(&address);
    b.wait_for(
        "the quotient from the address",
        "!document.getElementById('misere-result').hidden && document.getElementById('misere-max').value === '21' && document.getElementById('misere-summary').textContent.startsWith('0.75')",
    );
    // A bound past the server's: its message, and no stale quotient.
    b.type_into("#misere-max", "1000");
    b.keys("\u{E007}");
    b.wait_for(
        "the refusal",
        "document.getElementById('misere-status').className.includes('bad')",
    );
    assert!(b.text("#misere-status").contains("max_heap=100"));
    assert_eq!(
        b.eval("return [document.getElementById('misere-result').hidden, location.hash.includes('quotient=')]"),
        json!([true, false])
    );
    // Every heap: the quotient whose period is proved.
    b.click("#misere-every");
    b.wait_for(
        "the quotient of every heap",
        "!document.getElementById('misere-result').hidden",
    );
    assert!(
        b.text("#misere-period")
            .contains("this is the quotient of every heap")
    );
    // Stop: a long computation (Dawson's Kayles has no quotient of every
    // heap found) closed from the page, which says so and shows nothing.
    b.go(&format!("{base}/#game=0.07"));
    b.wait_for_turn();
    b.click("#misere-every");
    b.wait_for(
        "the progress line",
        "!document.getElementById('misere-progress').hidden",
    );
    b.click("#misere-stop");
    b.wait_for(
        "the stopped computation",
        "document.getElementById('misere-status').textContent === 'Stopped.' && document.getElementById('misere-progress').hidden && document.getElementById('misere-result').hidden",
    );

    // Grundy's game: a click on a token splits the heap before it; in a
    // subtraction game it takes that token and every one after it.
    for (url, token, said) in [
        ("grundy:7", 3, "You: heap 1 (7): split 7 into 3 + 4"),
        ("sub:1,3,4:9", 6, "You: heap 1 (9): take 3, leaving 6"),
    ] {
        b.go(&format!("{base}/#play={url}"));
        b.wait_for_turn();
        b.click(&format!(".token[data-heap=\"0\"][data-index=\"{token}\"]"));
        b.wait_for_turn();
        let log = b.eval("return document.getElementById('play-log').textContent");
        assert!(log.as_str().unwrap().starts_with(said), "{url}: {log}");
        // One "leaving" a move: the value left is said apart from it.
        assert!(
            !log.as_str().unwrap().contains("leaving value"),
            "{url}: {log}"
        );
    }

    // 0.16: proved periodic; download its certificate through the browser
    // and have the API verify it.
    b.go(&format!("{base}/#game=0.16"));
    b.wait_for_long(
        "0.16's verdict",
        "document.getElementById('verdict-text').textContent.toLowerCase().includes('proved by')",
        Duration::from_secs(90),
    );
    let verdict = b.text("#verdict-text");
    assert!(
        verdict
            .to_lowercase()
            .contains("period 149459 from heap 105351"),
        "{verdict}"
    );
    shoot(&b, &out.join("values-016-desktop.png"));
    b.phone(375);
    assert_no_horizontal_scroll(&b, "0.16 at 375 px");
    shoot(&b, &out.join("values-016-phone.png"));
    b.desktop();
    b.click("#cert-link");
    let cert = wait_for_download(&downloads, ".cert");
    let text = std::fs::read_to_string(&cert).unwrap();
    assert!(text.starts_with("# grundy periodicity certificate"));
    let (status, body) = http(server, "POST", "/api/verify", text.as_bytes());
    assert_eq!(
        status,
        200,
        "the certificate verifies: {}",
        String::from_utf8_lossy(&body)
    );
    let report: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(report["game"], "0.16");
    assert_eq!(report["period"], 149459);
    assert_eq!(report["preperiod"], 105351);

    // Live validation of a typed spec, and a multi-heap game's board.
    b.go(&format!("{base}/#game=0.77"));
    b.wait_for_turn();
    // Rows of the period: 12 columns of values for Kayles.
    b.wait_for(
        "the table in rows of the period",
        "document.getElementById('verdict-text').textContent.toLowerCase().includes('period 12') && document.querySelector('#values-table table') !== null",
    );
    assert_eq!(
        b.eval("return document.querySelectorAll('#values-table thead th').length"),
        json!(13)
    );
    // Zoom out to twice the range, then in to half of it, about its middle.
    b.click("#zoom-out");
    b.wait_for(
        "the wider range",
        "document.getElementById('values-status').textContent.includes('n = 0 … 239')",
    );
    // The plot fills its box at desktop width (not a 640 px picture in a
    // wider column).
    let (plot, room) = (
        b.eval("return document.querySelector('#plot-box img').getBoundingClientRect().width")
            .as_f64()
            .unwrap(),
        b.eval("return document.getElementById('plot-box').getBoundingClientRect().width")
            .as_f64()
            .unwrap(),
    );
    assert!(
        plot >= 0.95 * room && room > 700.0,
        "plot {plot} px of {room} px"
    );
    // At phone width the heading keeps space above it (not clipped).
    b.phone(390);
    let above = b
        .eval(
            "return document.querySelector('.top h1').getBoundingClientRect().top + window.scrollY",
        )
        .as_f64()
        .unwrap();
    assert!(above >= 8.0, "the heading starts {above} px from the top");
    b.desktop();
    assert!(
        b.eval("return document.querySelector('#plot-box img').src")
            .as_str()
            .unwrap()
            .contains("to=239")
    );
    assert!(
        b.eval("return location.hash")
            .as_str()
            .unwrap()
            .contains("to=239")
    );
    b.click("#zoom-in");
    b.wait_for(
        "the narrower range",
        "document.getElementById('values-status').textContent.includes('n = 60 … 179')",
    );
    b.type_into("#game-code", "0.137");
    b.wait_for(
        "the rules in words",
        "document.getElementById('game-check').textContent.includes('Code 0.137: remove 1 token')",
    );
    b.type_into("#game-code", "0.9x");
    b.wait_for(
        "the rejection",
        "document.getElementById('game-check').className.includes('bad')",
    );
    assert!(b.text("#game-check").contains("not a code digit"));
    b.go(&format!("{base}/#play=wythoff:5,8"));
    b.wait_for_turn();
    assert!(
        b.eval("return document.getElementById('values-body').hidden")
            .as_bool()
            .unwrap()
    );
    assert_eq!(
        b.eval("return document.getElementById('play-misere').disabled"),
        json!(true),
        "misère play is offered for sums of heaps only"
    );
    assert_eq!(
        b.eval("return [document.getElementById('misere-body').hidden, document.getElementById('misere-none').hidden, document.getElementById('jump-misere').hidden]"),
        json!([true, false, true]),
        "no misère quotient section for a game that is not a sum of heaps"
    );
    let m = pick_move(&api_moves(&server, "wythoff", &[5, 8]), true);
    assert!(m.winning, "wythoff 5,8 is won by the player to move");
    b.click(&format!(
        "#multi-moves button.move[data-to=\"{}\"]",
        join(&m.to)
    ));
    b.wait_for_turn();
    let after = b.position();
    let facing = api_moves(&server, "wythoff", &m.to);
    assert!(!facing.winning, "a winning move leaves a lost position");
    assert!(
        facing.moves.iter().any(|x| x.to == after),
        "the computer's answer {after:?} is a legal move from {:?}",
        m.to
    );

    // Issue 34: a board. Cram 2 × 3 is won by the player to move (a
    // vertical domino); the test places a losing horizontal domino by
    // clicking two cells, and the computer must answer with a move that
    // leaves the test lost. The hint colours every move.
    b.go(&format!("{base}/#game=cram:2x3"));
    b.wait_for(
        "the Cram board",
        "document.getElementById('grid').dataset.turn === 'you' && document.querySelectorAll('#grid button.cell').length === 6",
    );
    assert_eq!(
        b.eval("return [document.getElementById('play-section').hidden, document.getElementById('grid-section').hidden]"),
        json!([true, false]),
        "a board is played on the board, not on heaps"
    );
    b.click("#grid-hints");
    assert_eq!(
        b.eval("return [document.querySelectorAll('#grid-moves button.hint-win').length, document.querySelectorAll('#grid-moves button.hint-loss').length, document.querySelectorAll('#grid button.hint-mixed').length]"),
        json!([3, 4, 6]),
        "three vertical dominoes win, four horizontal ones lose; every cell has both"
    );
    b.click("#grid button[data-cell=\"0,0\"]");
    b.wait_for(
        "the first cell chosen",
        "document.querySelector('#grid button[data-cell=\"0,0\"]').getAttribute('aria-pressed') === 'true'",
    );
    b.click("#grid button[data-cell=\"0,1\"]");
    b.wait_for(
        "the computer's answer on the board",
        "document.getElementById('grid-log').children.length === 2 && ['you', 'over'].includes(document.getElementById('grid').dataset.turn)",
    );
    let position = b.eval("return document.getElementById('grid').dataset.position");
    let position = position.as_str().unwrap();
    assert_ne!(position, "cram:2x3");
    let (status, body) = http(
        server,
        "GET",
        &format!(
            "/api/board?game={}",
            position.replace('#', "%23").replace('/', "%2F")
        ),
        b"",
    );
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    let facing: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(
        facing["winning"],
        json!(false),
        "the computer's answer leaves the test lost: {facing}"
    );
    // Take the move back: the empty board again, the log empty, the
    // test to move, and nothing more to take back.
    b.click("#grid-undo");
    b.wait_for(
        "the move taken back",
        "document.getElementById('grid').dataset.position === 'cram:2x3' && document.getElementById('grid').dataset.turn === 'you' && document.getElementById('grid-log').children.length === 0",
    );
    assert_eq!(
        b.eval("return document.getElementById('grid-undo').disabled"),
        json!(true)
    );
    b.phone(375);
    assert_no_horizontal_scroll(&b, "the board at 375 px");
    shoot_part(&b, "#grid-section", &out.join("board-phone.png"));
    b.desktop();

    // Node-Kayles on a 2 × 3 grid, with the keyboard: vertex 0 (a losing
    // move) by Enter, then the computer takes the last vertex.
    b.go(&format!("{base}/#game=node-kayles:grid:2x3"));
    b.wait_for(
        "the Node-Kayles grid",
        "document.getElementById('grid').dataset.turn === 'you' && document.querySelectorAll('#grid button.vertex').length === 6",
    );
    b.exec("document.querySelector('#grid button[data-vertex=\"0\"]').focus()");
    // The arrow keys move between vertices: right, down, then back.
    b.keys("\u{E014}\u{E015}");
    assert_eq!(
        b.eval("return document.activeElement.dataset.vertex"),
        json!("4"),
        "right then down from vertex 0 of a 2 × 3 grid is vertex 4"
    );
    b.keys("\u{E013}\u{E012}");
    b.keys("\u{E007}");
    b.wait_for(
        "the computer's last move",
        "document.getElementById('grid').dataset.turn === 'over' && document.getElementById('grid-log').children.length === 2",
    );
    assert_eq!(
        b.eval("return document.querySelectorAll('#grid button.vertex.gone').length"),
        json!(6),
        "every vertex is gone"
    );
    assert!(b.text("#grid-announce").contains("you lose"));
    shoot_part(&b, "#grid-section", &out.join("board-desktop.png"));

    // Chomp 2 × 3: the winning square (1,2) leaves rows of 3 and 2; the
    // computer answers and the test is to move again.
    b.go(&format!("{base}/#game=chomp:2x3"));
    b.wait_for(
        "the Chomp bar",
        "document.getElementById('grid').dataset.turn === 'you' && document.querySelectorAll('#grid button.cell').length === 6",
    );
    b.click("#grid button[data-cell=\"1,2\"]");
    b.wait_for(
        "the computer's answer in Chomp",
        "document.getElementById('grid-log').children.length === 2 && document.getElementById('grid').dataset.turn === 'you'",
    );
    shoot_part(&b, "#grid-section", &out.join("board-chomp.png"));

    // Misère play on a board: Cram 1 × 2 has one move, and whoever makes
    // it loses.
    b.go(&format!("{base}/#game=cram:1x2"));
    b.wait_for(
        "the Cram strip",
        "document.getElementById('grid').dataset.turn === 'you' && document.querySelectorAll('#grid button.cell').length === 2",
    );
    b.click("#grid-misere");
    b.wait_for(
        "the strip under misère play",
        "document.getElementById('grid').dataset.turn === 'you' && document.getElementById('grid-summary').textContent.includes('misère')",
    );
    b.click("#grid button[data-cell=\"0,0\"]");
    b.click("#grid button[data-cell=\"0,1\"]");
    b.wait_for(
        "the end of the strip",
        "document.getElementById('grid').dataset.turn === 'over'",
    );
    let last = b.text("#grid-announce");
    assert!(
        last.contains("you lose"),
        "under misère play the last mover loses: {last:?}"
    );

    // A server given a small survey catalogue lists it: the proved filter
    // keeps the proved games, a game's link opens its page, and a proved
    // row's certificate verifies.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("small.sqlite");
    let family = grundy_survey::Family::List(vec!["0.07".into(), "0.16".into(), "0.77".into()]);
    grundy_survey::run(&db, &family, &grundy_survey::Options::new(300), &|_| {}).unwrap();
    let listed = start_server(Some(Arc::new(
        grundy_survey::Catalogue::open_read_only(&db).unwrap(),
    )));
    b.go(&format!("http://{listed}/"));
    b.wait_for(
        "the catalogue",
        "!document.getElementById('catalogue-section').hidden && document.querySelectorAll('#catalogue-table tbody tr').length === 3",
    );
    b.exec("const s = document.getElementById('catalogue-status'); s.focus(); s.value = 'proved'; s.dispatchEvent(new Event('change'))");
    b.wait_for(
        "the proved games",
        "(() => { const rows = [...document.querySelectorAll('#catalogue-table tbody tr')]; return rows.length === 2 && rows.every(r => r.dataset.status === 'proved'); })()",
    );
    assert_eq!(
        b.eval("return [...document.querySelectorAll('#catalogue-table tbody tr')].map(r => r.dataset.game)"),
        json!(["0.07", "0.77"])
    );
    b.phone(375);
    assert_no_horizontal_scroll(&b, "the catalogue at 375 px");
    shoot_part(&b, "#catalogue-section", &out.join("catalogue-phone.png"));
    b.desktop();
    shoot_part(&b, "#catalogue-section", &out.join("catalogue-desktop.png"));
    let href = b.eval("return document.querySelector('#catalogue-table tr[data-game=\"0.07\"] a.cert-link').getAttribute('href')");
    let (status, cert) = http(listed, "GET", href.as_str().unwrap(), b"");
    assert_eq!(status, 200);
    let (status, body) = http(listed, "POST", "/api/verify", &cert);
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    b.click("#catalogue-table tr[data-game=\"0.07\"] a.game-link");
    b.wait_for(
        "0.07's page from its link",
        "document.getElementById('verdict-text').textContent.toLowerCase().includes('period 34 from heap 53')",
    );
    let hash = b.eval("return location.hash");
    assert!(
        ["#game=0.07", "#play=0.07:"]
            .iter()
            .any(|h| hash.as_str().unwrap().starts_with(h)),
        "the address names the game opened: {hash}"
    );
    drop(b);
}

/// Plays Kayles until the game is over, under misère play when `misere`.
/// When `to_win`, the test plays a winning move whenever it has one;
/// otherwise a losing move whenever it has one. After each computer move it
/// checks, with the API, that the move was legal and that a computer facing
/// a won position left a lost one.
fn play_to_the_end(b: &Session, server: &SocketAddr, to_win: bool, misere: bool) {
    for _ in 0..40 {
        if b.turn() == "over" {
            return;
        }
        let position = b.position();
        let here = moves_under(server, &position, misere);
        if to_win {
            assert!(here.winning, "the test keeps a won game: {position:?}");
        }
        let m = pick_move(&here, to_win);
        make_move(b, &m);
        b.wait_for_turn();
        let after = b.position();
        if m.position.is_empty() {
            assert_eq!(b.turn(), "over");
            return;
        }
        // The computer faced m.position.
        let facing = moves_under(server, &m.position, misere);
        if facing.moves.is_empty() {
            assert_eq!(b.turn(), "over");
            assert_eq!(after, m.position);
            return;
        }
        let said = b.text("#announce");
        assert!(
            said.starts_with("Computer: "),
            "the live region tells the computer's move: {said:?}"
        );
        assert!(
            facing.moves.iter().any(|x| x.position == after),
            "the computer's move {:?} -> {after:?} is legal",
            m.position
        );
        if facing.winning {
            // No heap left: lost for the player to move, won under misère play.
            let won = if after.is_empty() {
                misere
            } else {
                moves_under(server, &after, misere).winning
            };
            assert!(
                !won,
                "the computer faced the won position {:?} and left {after:?}, won for the test",
                m.position
            );
        }
    }
    panic!("the game did not end in 40 moves");
}

/// Every legal move of Kayles from `heaps` (`/api/moves`), each marked
/// winning or not under misère play when `misere` (the solver's misère
/// answer, `play=misere`), else under normal play.
fn moves_under(server: &SocketAddr, heaps: &[u64], misere: bool) -> Moves {
    let mut legal = api_moves(server, "0.77", heaps);
    if misere {
        let here = api_misere(server, "0.77", heaps);
        for m in &mut legal.moves {
            m.winning = here
                .moves
                .iter()
                .any(|w| w.heap == m.heap && sorted(&w.to) == sorted(&m.to));
        }
        legal.winning = here.winning;
        legal.value = None;
    }
    legal
}

fn sorted(xs: &[u64]) -> Vec<u64> {
    let mut v = xs.to_vec();
    v.sort_unstable();
    v
}

/// Removes the tokens of `m` by clicking the first and last token of the
/// block, then the button that takes them.
fn make_move(b: &Session, m: &Move) {
    let h = m.heap.expect("a heap game");
    let (a, k) = match m.to.as_slice() {
        [] => (0, m.from),
        [x] => (*x, m.from - x),
        [x, y] => (*x, m.from - x - y),
        other => panic!("Kayles leaves at most two heaps: {other:?}"),
    };
    b.click(&format!(".token[data-heap=\"{h}\"][data-index=\"{a}\"]"));
    if k > 1 {
        b.click(&format!(
            ".token[data-heap=\"{h}\"][data-index=\"{}\"]",
            a + k - 1
        ));
    }
    let label = b.text(".selection .take");
    assert!(label.starts_with(&format!("Take {k} token")), "{label}");
    b.click(".selection .take");
    // Our move is on the board as soon as it is made.
    b.wait_for(
        "our move",
        &format!(
            "document.getElementById('board').dataset.position !== '{}'",
            join(&m.from_position)
        ),
    );
}

fn pick_move(report: &Moves, winning: bool) -> Move {
    report
        .moves
        .iter()
        .find(|m| m.winning == winning)
        .or(report.moves.first())
        .cloned()
        .expect("a move")
}

fn assert_no_horizontal_scroll(b: &Session, what: &str) {
    let wide = b.eval(
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]",
    );
    let (scroll, client) = (wide[0].as_u64().unwrap(), wide[1].as_u64().unwrap());
    assert!(
        scroll <= client,
        "{what}: the page is {scroll} px wide in a {client} px window"
    );
}

fn shoot(b: &Session, path: &Path) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, b.screenshot()).unwrap();
    eprintln!("screenshot: {}", path.display());
}

/// A PNG of one element of the page.
fn shoot_part(b: &Session, css: &str, path: &Path) {
    let r = b.eval(&format!(
        "const r = document.querySelector('{css}').getBoundingClientRect(); return [r.left + scrollX, r.top + scrollY, r.width, r.height]"
    ));
    let n = |i: usize| r[i].as_f64().unwrap();
    let v = b.cdp(
        "Page.captureScreenshot",
        json!({"format": "png", "captureBeyondViewport": true,
               "clip": {"x": n(0), "y": n(1), "width": n(2), "height": n(3), "scale": 1}}),
    );
    std::fs::write(path, base64(v["data"].as_str().expect("a screenshot"))).unwrap();
    eprintln!("screenshot: {}", path.display());
}

fn wait_for_download(dir: &Path, ext: &str) -> PathBuf {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(entries) = std::fs::read_dir(dir) {
            for e in entries.flatten() {
                let p = e.path();
                if p.to_string_lossy().ends_with(ext) && p.metadata().is_ok_and(|m| m.len() > 0) {
                    return p;
                }
            }
        }
        assert!(
            Instant::now() < deadline,
            "no {ext} file was downloaded to {}",
            dir.display()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn join(xs: &[u64]) -> String {
    xs.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

// ------------------------------------------------------------------ the API

#[derive(Clone, Debug)]
struct Move {
    heap: Option<u64>,
    from: u64,
    from_position: Vec<u64>,
    to: Vec<u64>,
    position: Vec<u64>,
    winning: bool,
}

#[derive(Debug)]
struct Moves {
    value: Option<u64>,
    winning: bool,
    moves: Vec<Move>,
}

fn api_moves(server: &SocketAddr, game: &str, heaps: &[u64]) -> Moves {
    let (status, body) = http(
        *server,
        "GET",
        &format!("/api/moves?game={game}&heaps={}", join(heaps)),
        b"",
    );
    let v: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    assert_eq!(status, 200, "/api/moves {game} {heaps:?}: {v}");
    let nums = |x: &Value| -> Vec<u64> {
        x.as_array()
            .map(|a| a.iter().map(|n| n.as_u64().unwrap()).collect())
            .unwrap_or_default()
    };
    Moves {
        value: v["value"].as_u64(),
        winning: v["winning"].as_bool().unwrap(),
        moves: v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| Move {
                heap: m["heap"].as_u64(),
                from: m["from"].as_u64().unwrap_or(0),
                from_position: heaps.to_vec(),
                to: nums(&m["to"]),
                position: nums(&m["position"]),
                winning: m["winning"].as_bool().unwrap(),
            })
            .collect(),
    }
}

/// `/api/moves?play=misere`: the solver's misère outcome and winning moves.
fn api_misere(server: &SocketAddr, game: &str, heaps: &[u64]) -> Moves {
    let (status, body) = http(
        *server,
        "GET",
        &format!("/api/moves?game={game}&heaps={}&play=misere", join(heaps)),
        b"",
    );
    let v: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    assert_eq!(status, 200, "/api/moves misère {game} {heaps:?}: {v}");
    assert_eq!(
        v["total_winning_moves"].as_u64(),
        Some(v["moves"].as_array().unwrap().len() as u64),
        "every winning move is listed"
    );
    let nums = |x: &Value| -> Vec<u64> {
        x.as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .collect()
    };
    Moves {
        value: None,
        winning: v["winning"].as_bool().unwrap(),
        moves: v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| Move {
                heap: m["heap"].as_u64(),
                from: m["from"].as_u64().unwrap(),
                from_position: heaps.to_vec(),
                to: nums(&m["to"]),
                position: Vec::new(),
                winning: true,
            })
            .collect(),
    }
}

/// The real service, in this process, on a free loopback port.
fn start_server(catalogue: Option<Arc<grundy_survey::Catalogue>>) -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            let app = grundy_web::router_with_catalogue(
                Arc::new(grundy_service::Solver::default()),
                grundy_web::Limits::default(),
                catalogue,
            );
            grundy_web::serve(listener, app, std::future::pending())
                .await
                .unwrap();
        });
    });
    rx.recv().expect("the server starts")
}

// --------------------------------------------------------- HTTP and WebDriver

/// One HTTP/1.1 request with `Connection: close`; the status and the body.
fn http(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> (u16, Vec<u8>) {
    let mut s = TcpStream::connect(addr).unwrap_or_else(|e| panic!("connect to {addr}: {e}"));
    s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body).unwrap();
    // Read the head, then the body by its length: a server may keep the
    // connection open whatever the request asked.
    let mut raw = Vec::new();
    let mut buf = [0u8; 16384];
    let split = loop {
        if let Some(i) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break i;
        }
        let n = s.read(&mut buf).unwrap();
        assert!(
            n > 0,
            "{method} {path}: the connection closed before an answer"
        );
        raw.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut body = raw[split + 4..].to_vec();
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let headers: BTreeMap<String, String> = head
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let chunked = headers
        .get("transfer-encoding")
        .is_some_and(|t| t.contains("chunked"));
    let length = headers
        .get("content-length")
        .and_then(|l| l.parse::<usize>().ok());
    loop {
        let done = match length {
            Some(l) => body.len() >= l,
            None if chunked => body.ends_with(b"0\r\n\r\n"),
            None => false,
        };
        if done {
            break;
        }
        let n = s.read(&mut buf).unwrap();
        if n == 0 {
            break;
        }
        body.extend_from_slice(&buf[..n]);
    }
    if chunked {
        body = dechunk(&body);
    }
    (status, body)
}

fn dechunk(mut raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(eol) = raw.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = String::from_utf8_lossy(&raw[..eol]);
        let size = usize::from_str_radix(size.split(';').next().unwrap().trim(), 16).unwrap_or(0);
        if size == 0 {
            return out;
        }
        let start = eol + 2;
        out.extend_from_slice(&raw[start..start + size]);
        raw = &raw[start + size + 2..];
    }
}

/// chromedriver, killed when dropped.
struct Driver {
    child: Child,
    addr: SocketAddr,
    downloads: PathBuf,
    profile: PathBuf,
}

impl Driver {
    fn start(downloads: &Path) -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(chromedriver())
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let profile = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("browser-profile-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        // Built before waiting, so that a failure below still ends chromedriver.
        let driver = Driver {
            child,
            addr,
            downloads: downloads.to_path_buf(),
            profile,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if TcpStream::connect(addr).is_ok() {
                let (status, body) = http(addr, "GET", "/status", b"");
                let v: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
                if status == 200 && v["value"]["ready"] == true {
                    return driver;
                }
            }
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn session(&self) -> Session {
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium(),
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--hide-scrollbars",
                    format!("--user-data-dir={}", self.profile.display()),
                ],
                "prefs": {
                    "download.default_directory": self.downloads.display().to_string(),
                    "download.prompt_for_download": false,
                    "download.directory_upgrade": true,
                },
            },
        }}});
        let v = wd(self.addr, "POST", "/session", Some(caps));
        let id = v["sessionId"]
            .as_str()
            .expect("a WebDriver session")
            .to_string();
        let s = Session {
            driver: self.addr,
            id,
        };
        // Headless Chromium saves downloads only where told to.
        s.cdp(
            "Browser.setDownloadBehavior",
            json!({"behavior": "allow", "downloadPath": self.downloads.display().to_string()}),
        );
        s
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// A WebDriver command; the answer's `value`, or a panic with its message.
fn wd(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> Value {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let (status, answer) = http(addr, method, path, body.as_bytes());
    let v: Value = serde_json::from_slice(&answer).unwrap_or(Value::Null);
    assert!(
        status == 200,
        "WebDriver {method} {path}: {status} {}",
        String::from_utf8_lossy(&answer)
    );
    v["value"].clone()
}

struct Session {
    driver: SocketAddr,
    id: String,
}

impl Session {
    fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        wd(
            self.driver,
            method,
            &format!("/session/{}{path}", self.id),
            body,
        )
    }

    fn cdp(&self, cmd: &str, params: Value) -> Value {
        self.cmd(
            "POST",
            "/goog/cdp/execute",
            Some(json!({"cmd": cmd, "params": params})),
        )
    }

    fn go(&self, url: &str) {
        // A new hash on the same page is not a navigation: load it afresh.
        self.cmd("POST", "/url", Some(json!({"url": "about:blank"})));
        self.cmd("POST", "/url", Some(json!({ "url": url })));
    }

    fn eval(&self, script: &str) -> Value {
        self.cmd(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
    }

    fn exec(&self, script: &str) {
        self.eval(script);
    }

    fn find(&self, css: &str) -> String {
        let v = self.cmd(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        v[ELEMENT].as_str().expect("an element").to_string()
    }

    fn click(&self, css: &str) {
        let deadline = Instant::now() + Duration::from_secs(20);
        // The element may be re-drawn between finding and clicking it.
        loop {
            let id = self.find(css);
            let (status, body) = http(
                self.driver,
                "POST",
                &format!("/session/{}/element/{id}/click", self.id),
                b"{}",
            );
            if status == 200 {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "click {css}: {}",
                String::from_utf8_lossy(&body)
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn keys(&self, text: &str) {
        let actions: Vec<Value> = text
            .chars()
            .flat_map(|c| {
                [
                    json!({"type": "keyDown", "value": c.to_string()}),
                    json!({"type": "keyUp", "value": c.to_string()}),
                ]
            })
            .collect();
        self.cmd(
            "POST",
            "/actions",
            Some(json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})),
        );
    }

    fn type_into(&self, css: &str, text: &str) {
        let id = self.find(css);
        self.cmd("POST", &format!("/element/{id}/clear"), Some(json!({})));
        self.cmd(
            "POST",
            &format!("/element/{id}/value"),
            Some(json!({ "text": text })),
        );
    }

    fn text(&self, css: &str) -> String {
        let id = self.find(css);
        self.cmd("GET", &format!("/element/{id}/text"), None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    fn wait_for(&self, what: &str, condition: &str) {
        self.wait_for_long(what, condition, Duration::from_secs(30));
    }

    fn wait_for_long(&self, what: &str, condition: &str, limit: Duration) {
        let deadline = Instant::now() + limit;
        let script = format!("try {{ return !!({condition}); }} catch (e) {{ return false; }}");
        while self.eval(&script) != Value::Bool(true) {
            assert!(
                Instant::now() < deadline,
                "waited {limit:?} for {what}: {condition}\nthe page says: {}",
                self.eval("return document.getElementById('announce').textContent + ' | ' + document.getElementById('verdict-text').textContent + ' | ' + document.getElementById('values-status').textContent")
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until it is the player's turn or the game is over.
    fn wait_for_turn(&self) {
        self.wait_for(
            "your turn or the end",
            "['you', 'over'].includes(document.getElementById('board').dataset.turn)",
        );
    }

    fn turn(&self) -> String {
        self.eval("return document.getElementById('board').dataset.turn")
            .as_str()
            .unwrap()
            .to_string()
    }

    fn position(&self) -> Vec<u64> {
        let p = self.eval("return document.getElementById('board').dataset.position");
        p.as_str()
            .unwrap()
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect()
    }

    fn window(&self, width: u32, height: u32) {
        self.cmd(
            "POST",
            "/window/rect",
            Some(json!({"width": width, "height": height})),
        );
    }

    /// A phone's viewport, `width` CSS pixels wide, and the whole page tall.
    fn phone(&self, width: u32) {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": 800, "deviceScaleFactor": 2, "mobile": true}),
        );
        let h = self
            .eval("return document.documentElement.scrollHeight")
            .as_u64()
            .unwrap();
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": h.min(4000), "deviceScaleFactor": 2, "mobile": true}),
        );
    }

    fn desktop(&self) {
        self.cdp("Emulation.clearDeviceMetricsOverride", json!({}));
    }

    /// A PNG of the whole page at the current width.
    fn screenshot(&self) -> Vec<u8> {
        let v = self.cdp(
            "Page.captureScreenshot",
            json!({"format": "png", "captureBeyondViewport": true}),
        );
        base64(v["data"].as_str().expect("a screenshot"))
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = http(self.driver, "DELETE", &format!("/session/{}", self.id), b"");
    }
}

fn base64(text: &str) -> Vec<u8> {
    let digit = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for d in text.bytes().filter_map(digit) {
        acc = (acc << 6) | d;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}
