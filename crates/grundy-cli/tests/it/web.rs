//! `grundy plot` and `grundy serve`, run as a user runs them.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::ok;

/// The plot is one SVG document with nothing fetched from elsewhere, the
/// same on stdout and in a file.
#[test]
fn plot_writes_a_self_contained_svg() {
    let svg = ok(&["plot", "kayles", "--to", "300", "-o", "-"]);
    assert!(
        svg.trim_start().starts_with("<svg") || svg.trim_start().starts_with("<?xml"),
        "{}",
        &svg[..100]
    );
    assert!(svg.trim_end().ends_with("</svg>"));
    let external = svg.matches("http").count();
    let namespaces = svg.matches("http://www.w3.org/").count();
    assert_eq!(
        external, namespaces,
        "only namespace URIs may name another host"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kayles.svg");
    let printed = ok(&[
        "plot",
        "kayles",
        "--to",
        "300",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), svg, "{printed}");
}

/// One GET over plain HTTP/1.1: status line and body.
fn get(addr: &str, path: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).expect("the server accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response
        .split_once("\r\n\r\n")
        .expect("a header and a body");
    (
        head.lines().next().unwrap_or("").to_string(),
        body.to_string(),
    )
}

/// `serve` binds where it is told (port 0: any free port on loopback), says
/// where, answers the API with the command line's JSON, and stops on
/// Ctrl-C with status 0.
#[test]
fn serve_answers_as_the_command_line_does_and_stops_on_ctrl_c() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["--no-cache", "serve", "--addr", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    let (status, body) = get(&addr, "/api/position?game=kayles&heaps=3,5,7");
    assert!(status.contains(" 200 "), "{status}: {body}");
    let served: serde_json::Value = serde_json::from_str(&body).unwrap();
    let printed: serde_json::Value =
        serde_json::from_str(&ok(&["move", "kayles", "3", "5", "7", "--format", "json"])).unwrap();
    assert_eq!(served, printed);
    let (status, page) = get(&addr, "/");
    assert!(
        status.contains(" 200 ") && page.contains("<html"),
        "{status}"
    );
    let (status, body) = get(&addr, "/api/values?game=..%2F..%2Fetc%2Fpasswd&to=3");
    assert!(status.contains(" 400 "), "{status}");
    assert!(body.contains("\"error\""), "{body}");
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let status = child.wait().unwrap();
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    assert!(status.success(), "{status:?}");
    assert!(rest.contains("stopped"), "{rest}");
}

/// The default address is loopback: the help says so.
#[test]
fn serve_binds_to_loopback_by_default() {
    let help = ok(&["serve", "--help"]);
    assert!(help.contains("127.0.0.1:8080"), "{help}");
}

/// `serve`'s connection limits are flags: past `--max-connections`, a
/// connection that sends nothing is closed to make room for one that asks
/// (with a header timeout of an hour, nothing else closes it); a limit of
/// no time is refused.
#[test]
fn serve_makes_room_past_its_max_connections() {
    let refused = crate::grundy(
        &["serve", "--addr", "127.0.0.1:0", "--idle-timeout", "0"],
        None,
    );
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("--idle-timeout"), "{stderr}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "--no-cache",
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--max-connections",
            "1",
            "--header-timeout",
            "3600",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    let mut silent = TcpStream::connect(&addr).unwrap();
    silent
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let (status, body) = get(&addr, "/api/position?game=kayles&heaps=3,5,7");
    assert!(status.contains(" 200 "), "{status}: {body}");
    let mut seen = Vec::new();
    let read = silent.read_to_end(&mut seen);
    assert!(
        matches!(&read, Ok(0))
            || read
                .as_ref()
                .is_err_and(|e| e.kind() == std::io::ErrorKind::ConnectionReset),
        "the silent connection is closed: {read:?}"
    );
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(child.wait().unwrap().success());
}
