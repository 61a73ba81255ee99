//! The house rules of ARCHITECTURE.md, read from the files themselves:
//!
//! - front ends (the CLI, the web service, the Python package, the survey)
//!   depend on the solver layer, never on the library, and hold none of
//!   the solver's limits, theorem names or verdict words of their own;
//! - no file of the solver layer, nor of the CLI, imports a file that
//!   imports it back, however far round.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const FRONT_ENDS: [&str; 4] = ["grundy-cli", "grundy-web", "grundy-py", "grundy-survey"];

fn crates() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crates directory")
        .to_path_buf()
}

/// Every `.rs` file under `dir`, with its path relative to `dir`.
fn sources(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).expect("a source directory") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                found.push((path.strip_prefix(dir).unwrap().to_path_buf(), text));
            }
        }
    }
    found.sort();
    found
}

/// `text` without comments, string and character literals (kept as empty
/// quotes), so that only code is searched.
fn code(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            i = text[i + 2..].find("*/").map_or(b.len(), |j| i + 2 + j + 2);
        } else if b[i] == b'r' && (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#')) {
            // A raw string: r"…", r#"…"#.
            let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
            let open = i + 1 + hashes;
            if b.get(open) == Some(&b'"') {
                let close = format!("\"{}", "#".repeat(hashes));
                i = text[open + 1..]
                    .find(&close)
                    .map_or(b.len(), |j| open + 1 + j + close.len());
                out.push_str("\"\"");
            } else {
                out.push('r');
                i += 1;
            }
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if b[i] == b'\'' && b.get(i + 2) == Some(&b'\'') {
            i += 3;
        } else if b[i] == b'\'' && b.get(i + 1) == Some(&b'\\') {
            i = text[i + 2..].find('\'').map_or(b.len(), |j| i + 2 + j + 1);
        } else {
            let c = text[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The section `[name]` of a Cargo manifest: its lines up to the next
/// section.
fn section<'a>(manifest: &'a str, name: &str) -> Vec<&'a str> {
    let header = format!("[{name}]");
    manifest
        .lines()
        .skip_while(|l| l.trim() != header)
        .skip(1)
        .take_while(|l| !l.trim_start().starts_with('['))
        .collect()
}

#[test]
fn front_ends_depend_on_the_solver_not_on_the_library() {
    for front in FRONT_ENDS {
        let manifest = std::fs::read_to_string(crates().join(front).join("Cargo.toml")).unwrap();
        let names: Vec<&str> = section(&manifest, "dependencies")
            .into_iter()
            .filter_map(|l| l.split(['=', '.']).next())
            .map(str::trim)
            .collect();
        assert!(
            names.contains(&"grundy-service"),
            "{front} does not depend on grundy-service"
        );
        assert!(
            !names.contains(&"grundy"),
            "{front} depends on the library directly; it names the solver's vocabulary instead"
        );
    }
}

#[test]
fn front_ends_hold_no_limit_theorem_or_status_word_of_their_own() {
    // The solver's limits (the defaults front ends offer and the length of
    // a certificate file read are theirs to name), its engines' sizes, the
    // theorems' stable names, and the statuses as strings.
    let forbidden = [
        "MAX_VALUES",
        "MAX_ANALYZED",
        "MAX_MOVES_LISTED",
        "MAX_MOVES_EXAMINED",
        "MAX_MISERE_HEAP",
        "MAX_PLAYED_HEAP",
        "MAX_PLAYED_TOKENS",
        "MAX_QUOTIENT_HEAP",
        "MAX_PAST_MEMORY",
        "MAX_HISTOGRAM_VALUE",
        "SEARCH_LIMIT",
        "OBSERVE_LIMIT",
        "QUICK_SEARCH_BYTES",
        "MAX_HEAPS",
        "largest_to",
        "memory_needed",
        "check_fits",
    ];
    let words = [
        "octal-periodicity",
        "subtraction-window",
        "nim-closed-form",
        "three-part-periodicity",
        "== \"proved\"",
        "== \"observed\"",
    ];
    let mut found = Vec::new();
    for front in FRONT_ENDS {
        for (path, text) in sources(&crates().join(front).join("src")) {
            let code = code(&text);
            for name in forbidden {
                let used = code.match_indices(name).any(|(at, _)| {
                    let before = code[..at].chars().next_back();
                    let after = code[at + name.len()..].chars().next();
                    let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                    !part(before) && !part(after)
                });
                if used {
                    found.push(format!("{front}/src/{}: {name}", path.display()));
                }
            }
            // Outside comments (a doctest may show a theorem's name).
            let uncommented: String = text
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            for word in words {
                if uncommented.contains(word) {
                    found.push(format!("{front}/src/{}: {word}", path.display()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "front ends hold what the solver decides:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_page_renders_the_solvers_verdicts_and_words_none_of_its_own() {
    // The page shows the sentences the reports carry: no theorem's name, and
    // no verdict composed from a report's fields.
    let page = std::fs::read_to_string(crates().join("grundy-web/assets/app.js")).unwrap();
    let words = [
        "octal-periodicity",
        "subtraction-window",
        "nim-closed-form",
        "three-part-periodicity",
        "periodicity theorem",
        "Guy and Smith",
        "not proved",
        "p.theorem",
    ];
    let found: Vec<&str> = words.into_iter().filter(|w| page.contains(w)).collect();
    assert!(
        found.is_empty(),
        "grundy-web/assets/app.js words verdicts of its own: {found:?}"
    );
}

/// The module a source file is, as a path from the crate root
/// (`questions::values`); the root itself is the empty path.
fn module_of(file: &Path) -> Vec<String> {
    let mut parts: Vec<String> = file
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The paths `text` names from `at`: `crate::a::b`, `super::c`,
/// `self::d` and plain `e::f` where `e` is a module, braces expanded.
fn paths_named(code: &str) -> Vec<Vec<String>> {
    fn expand(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
        // Split the tree at top-level commas.
        let mut depth = 0;
        let mut start = 0;
        let mut items = Vec::new();
        for (i, c) in tree.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    items.push(&tree[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        items.push(&tree[start..]);
        for item in items {
            let item = item.trim();
            if item.is_empty() {
                continue;
            }
            let mut path = prefix.to_vec();
            let mut rest = item;
            loop {
                if let Some(group) = rest.strip_prefix('{') {
                    let group = group.strip_suffix('}').unwrap_or(group);
                    expand(&path, group, out);
                    break;
                }
                let end = rest.find("::").unwrap_or(rest.len());
                let segment = rest[..end].split_whitespace().next().unwrap_or("");
                if !segment.is_empty() {
                    path.push(segment.to_string());
                }
                if end == rest.len() {
                    out.push(path);
                    break;
                }
                rest = &rest[end + 2..];
            }
        }
    }
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    while i < bytes.len() {
        if ident(bytes[i]) && (i == 0 || !ident(bytes[i - 1]) && bytes[i - 1] != b':') {
            let start = i;
            // A path: identifiers joined by `::`, possibly ending in a group.
            let mut end = i;
            loop {
                while end < bytes.len() && ident(bytes[end]) {
                    end += 1;
                }
                if code[end..].starts_with("::{") {
                    let mut depth = 0;
                    let mut j = end + 2;
                    while j < bytes.len() {
                        match bytes[j] {
                            b'{' => depth += 1,
                            b'}' => {
                                depth -= 1;
                                if depth == 0 {
                                    j += 1;
                                    break;
                                }
                            }
                            _ => {}
                        }
                        j += 1;
                    }
                    end = j;
                    break;
                }
                if code[end..].starts_with("::") && bytes.get(end + 2).is_some_and(|&c| ident(c)) {
                    end += 2;
                    continue;
                }
                break;
            }
            let text = &code[start..end];
            if text.contains("::") {
                expand(&[], text, &mut found);
            }
            i = end.max(i + 1);
        } else {
            i += 1;
        }
    }
    found
}

/// The circles of imports between the files of the crate under `src`: for
/// each file, the files whose modules its code names, followed round.
fn circles(src: &Path) -> Vec<String> {
    let files = sources(src);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|(f, _)| module_of(f)).collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    let mut through_root = Vec::new();
    for (file, text) in &files {
        let here = module_of(file);
        if here.is_empty() {
            // The root only declares modules and names what they export.
            continue;
        }
        let code = code(text);
        // Lines declaring child modules are not imports.
        let code: String = code
            .lines()
            .filter(|l| {
                let l = l.trim_start();
                !(l.starts_with("mod ")
                    || l.starts_with("pub mod ")
                    || l.starts_with("pub(crate) mod "))
            })
            .collect::<Vec<_>>()
            .join("\n");
        for path in paths_named(&code) {
            let (base, rest): (Vec<String>, &[String]) = match path[0].as_str() {
                "crate" => (Vec::new(), &path[1..]),
                "super" => {
                    // `super` of a file `a/b.rs` (module a::b) is `a`.
                    let mut base = here.clone();
                    base.pop();
                    (base, &path[1..])
                }
                "self" => (here.clone(), &path[1..]),
                first => {
                    let mut child = here.clone();
                    child.push(first.to_string());
                    if modules.contains(&child) {
                        (here.clone(), &path[..])
                    } else {
                        continue;
                    }
                }
            };
            // The longest module the path goes through.
            let mut target = base.clone();
            let mut longest = None;
            if modules.contains(&target) {
                longest = Some(target.clone());
            }
            for segment in rest {
                target.push(segment.clone());
                if modules.contains(&target) {
                    longest = Some(target.clone());
                }
            }
            match longest {
                Some(m) if m.is_empty() && path[0] == "crate" && rest.len() == 1 => {
                    through_root.push(format!("{}: crate::{}", file.display(), rest[0]));
                }
                Some(m) if !m.is_empty() && m != here => {
                    edges.entry(here.clone()).or_default().insert(m);
                }
                _ => {}
            }
        }
    }
    let mut found: Vec<String> = through_root
        .into_iter()
        .map(|t| format!("{t} names the crate root's re-export; name the module that defines it"))
        .collect();
    // A circle is an edge a -> b with a path b -> … -> a.
    for (from, tos) in &edges {
        for to in tos {
            let mut seen = BTreeSet::new();
            let mut stack = vec![(to.clone(), vec![to.clone()])];
            while let Some((at, trail)) = stack.pop() {
                if &at == from {
                    let names: Vec<String> = std::iter::once(from)
                        .chain(&trail)
                        .map(|m| m.join("::"))
                        .collect();
                    found.push(names.join(" -> "));
                    break;
                }
                if !seen.insert(at.clone()) {
                    continue;
                }
                for next in edges.get(&at).into_iter().flatten() {
                    let mut trail = trail.clone();
                    trail.push(next.clone());
                    stack.push((next.clone(), trail));
                }
            }
        }
    }
    found
}

#[test]
fn no_file_of_the_solver_layer_imports_in_a_circle() {
    let found = circles(&crates().join("grundy-service").join("src"));
    assert!(
        found.is_empty(),
        "circles of imports:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_file_of_the_command_line_imports_in_a_circle() {
    let found = circles(&crates().join("grundy-cli").join("src"));
    assert!(
        found.is_empty(),
        "circles of imports:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_circle_finder_finds_circles() {
    let a = code("use crate::b::X; // crate::c\nfn f() { let s = \"crate::d\"; super::e::g(); }");
    let named = paths_named(&a);
    assert_eq!(
        named,
        [
            vec!["crate".to_string(), "b".into(), "X".into()],
            vec!["super".to_string(), "e".into(), "g".into()]
        ]
    );
    let grouped = paths_named("use crate::{a::{B, C}, d};");
    assert_eq!(grouped.len(), 3);
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    std::fs::create_dir(src.join("cmd")).unwrap();
    std::fs::write(src.join("main.rs"), "mod cmd;\nmod out;\n").unwrap();
    std::fs::write(src.join("out.rs"), "pub fn f() {}\n").unwrap();
    std::fs::write(
        src.join("cmd/mod.rs"),
        "mod a;\npub struct C;\npub fn run() { a::run() }\n",
    )
    .unwrap();
    std::fs::write(
        src.join("cmd/a.rs"),
        "use super::C;\nuse crate::out::f;\npub fn run() {}\n",
    )
    .unwrap();
    assert_eq!(
        circles(src),
        ["cmd -> cmd::a -> cmd", "cmd::a -> cmd -> cmd::a"]
    );
    std::fs::write(
        src.join("cmd/a.rs"),
        "use crate::out::f;\npub fn run() {}\n",
    )
    .unwrap();
    assert!(circles(src).is_empty());
}
