//! Board and graph games through the solver: values, families, moves,
//! misère play, limits, the store's facts, stopping, questions as data.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

use grundy_service::{
    Config, Detail, ErrorKind, Event, FileStore, Game, GameKind, MemoryStore, Quantity, Question,
    Solver, Store, Watch,
};

fn game(spec: &str) -> Game {
    spec.parse().unwrap()
}

fn solver_with(store: Arc<dyn Store>) -> Solver {
    Solver::new(Config {
        store: Some(store),
        checkpoint_every: Duration::ZERO,
        ..Config::default()
    })
}

fn wrong_game(e: &grundy_service::Error) -> Option<GameKind> {
    match e.detail() {
        Some(Detail::WrongGame { needs }) => Some(*needs),
        _ => None,
    }
}

#[test]
fn specs_name_boards_and_families() {
    assert!(matches!(game("cram:5x7"), Game::Board(_)));
    assert!(matches!(game("node-kayles:grid:3x16"), Game::Board(_)));
    assert!(matches!(game("chomp:5,3,3,1"), Game::Board(_)));
    assert!(matches!(game("cram:3xn"), Game::BoardFamily(_)));
    assert!(matches!(game("node-kayles:path:n"), Game::BoardFamily(_)));
    assert!(matches!(game("kayles"), Game::Heaps(_)));
    assert!("cram:5y7".parse::<Game>().is_err());
    assert!("node-kayles:edges:0-0".parse::<Game>().is_err());
}

#[test]
fn each_question_refuses_the_other_kinds_once_with_the_typed_detail() {
    let solver = Solver::default();
    let watch = &mut Watch::silent();
    let board = game("cram:3x4");
    let family = game("cram:3xn");
    let heaps = game("kayles");
    let e = solver.values_report(&board, 0, 5, None, watch).unwrap_err();
    assert_eq!(wrong_game(&e), Some(GameKind::SumOfHeaps));
    assert_eq!(
        e.message(),
        "cram:3x4 is a board or graph game, and a list of values applies to sums of heaps only"
    );
    let e = solver.position(&family, &[3], 5, None, watch).unwrap_err();
    assert_eq!(wrong_game(&e), Some(GameKind::SumOfHeaps));
    let e = solver.moves(&board, &[3], 5, None, watch).unwrap_err();
    assert_eq!(wrong_game(&e), Some(GameKind::SumOfHeaps));
    let e = solver.multiheap_move(&board, &[3], watch).unwrap_err();
    assert_eq!(wrong_game(&e), Some(GameKind::Multiheap));
    let e = solver.board_value(&heaps, watch).unwrap_err();
    assert_eq!(wrong_game(&e), Some(GameKind::Board));
    assert_eq!(e.kind(), ErrorKind::InvalidInput);
    let e = solver.board_value(&family, watch).unwrap_err();
    assert_eq!(wrong_game(&e), Some(GameKind::Board));
    assert!(e.message().contains("cram:3x3"), "{e}");
    let e = solver
        .board_moves(&game("stone"), 10, false, watch)
        .unwrap_err();
    assert_eq!(wrong_game(&e), Some(GameKind::Board));
    let e = solver.board_misere(&family, watch).unwrap_err();
    assert_eq!(wrong_game(&e), Some(GameKind::Board));
    let e = solver.board_values(&board, 0, 3, watch).unwrap_err();
    assert_eq!(wrong_game(&e), Some(GameKind::BoardFamily));
    let e = solver.board_values(&heaps, 0, 3, watch).unwrap_err();
    assert_eq!(wrong_game(&e), Some(GameKind::BoardFamily));
}

#[test]
fn strips_and_paths_are_heap_games_in_disguise() {
    let solver = Solver::default();
    let watch = &mut Watch::silent();
    // Cram on 1 × n is Dawson's Kayles (0.07); Node-Kayles on a path is
    // Dawson's chess (0.137).
    for (family, code, to) in [
        ("cram:1xn", "0.07", 200),
        ("node-kayles:path:n", "0.137", 120),
    ] {
        let boards = solver
            .board_values(&game(family), 0, to, watch)
            .unwrap()
            .boards;
        let heaps = solver
            .values_report(&game(code), 0, to, None, watch)
            .unwrap();
        let heap_values: Vec<u64> = heaps.values.iter().map(|v| v.value()).collect();
        let board_values: Vec<u64> = boards.iter().map(|b| b.value).collect();
        assert_eq!(board_values, heap_values, "{family}");
        assert_eq!(boards[7].n, 7);
    }
    // Node-Kayles on a 2 × n ladder: 1, 0, 1, 0, …
    let ladder = solver
        .board_values(&game("node-kayles:grid:2xn"), 1, 12, watch)
        .unwrap();
    for row in &ladder.boards {
        assert_eq!(row.value, row.n % 2, "{}", row.game);
    }
}

#[test]
fn every_winning_move_leaves_a_lost_position_and_the_reply_follows_the_rule() {
    let solver = Solver::default();
    let watch = &mut Watch::silent();
    for spec in [
        "cram:3x4",
        "cram:..#./..../.#..",
        "node-kayles:grid:3x3",
        "node-kayles:edges:6:0-1,1-2,2-0,3-4",
        "chomp:4,3,1",
        "chomp:3x3",
    ] {
        let g = game(spec);
        let value = solver.board_value(&g, watch).unwrap();
        let moves = solver.board_moves(&g, 1000, false, watch).unwrap();
        assert_eq!(moves.value, Some(value.value), "{spec}");
        assert_eq!(moves.winning, value.winning, "{spec}");
        assert!(!moves.truncated);
        for m in &moves.moves {
            let after = solver.board_value(&game(&m.after), watch).unwrap();
            assert_eq!(m.winning, after.value == 0, "{spec} {}", m.play);
            assert_eq!(Game::Board(m.position.clone()).to_string(), m.after);
        }
        // Winning moves first, so the reply wins where any move does.
        let reply = moves.reply().unwrap();
        assert_eq!(reply.winning, moves.winning, "{spec}");
        assert!(
            moves.moves.windows(2).all(|w| w[0].winning >= w[1].winning),
            "{spec}"
        );
    }
    // A lost position: the reply takes least (Node-Kayles: the vertex of
    // fewest neighbours).
    let star = game("node-kayles:edges:5:0-1,0-2,0-3,1-2,3-4,2-3");
    let moves = solver.board_moves(&star, 100, false, watch).unwrap();
    if !moves.winning {
        let reply = moves.reply().unwrap();
        assert!(moves.moves.iter().all(|m| {
            // The vertices a move leaves.
            let left = |s: &str| match game(s) {
                Game::Board(grundy::games::BoardGame::NodeKayles(g)) => g.vertices(),
                other => panic!("not a graph: {other}"),
            };
            left(&m.after) <= left(&reply.after) || m.winning
        }));
    }
    // No move at all.
    let done = solver
        .board_moves(&game("cram:.#/#."), 10, false, watch)
        .unwrap();
    assert!(done.moves.is_empty() && !done.winning && done.reply().is_none());
    assert_eq!(
        done.outcome(),
        "lost for the player to move: no move is possible"
    );
}

#[test]
fn moves_are_named_in_the_games_own_terms() {
    let solver = Solver::default();
    let watch = &mut Watch::silent();
    let cram = solver
        .board_moves(&game("cram:1x3"), 10, false, watch)
        .unwrap();
    let plays: Vec<&str> = cram.moves.iter().map(|m| m.play.as_str()).collect();
    assert_eq!(plays, ["0,0-0,1", "0,1-0,2"]);
    assert_eq!(cram.find("0,2-0,1").unwrap().after, "cram:.##");
    let kayles = solver
        .board_moves(&game("node-kayles:path:3"), 10, false, watch)
        .unwrap();
    // The middle vertex takes all three and wins.
    assert_eq!(kayles.reply().unwrap().play, "1");
    assert_eq!(kayles.reply().unwrap().after, "node-kayles:edges:0:");
    let chomp = solver
        .board_moves(&game("chomp:2x2"), 10, false, watch)
        .unwrap();
    assert_eq!(chomp.reply().unwrap().play, "1,1");
    assert_eq!(chomp.reply().unwrap().after, "chomp:2,1");
    let limited = solver
        .board_moves(&game("chomp:4x4"), 2, false, watch)
        .unwrap();
    assert!(limited.truncated && limited.moves.len() == 2);
}

#[test]
fn misere_play_agrees_with_the_heap_games_misere_play() {
    let solver = Solver::default();
    let watch = &mut Watch::silent();
    for n in 0..=24u64 {
        let board = solver
            .board_misere(&game(&format!("cram:1x{n}")), watch)
            .unwrap();
        let heaps = solver
            .misere_position(&game("0.07"), &[n], 1, watch)
            .unwrap();
        assert_eq!(board.winning, heaps.winning, "cram:1x{n}");
        let path = solver
            .board_misere(&game(&format!("node-kayles:path:{n}")), watch)
            .unwrap();
        let chess = solver
            .misere_position(&game("0.137"), &[n], 1, watch)
            .unwrap();
        assert_eq!(path.winning, chess.winning, "node-kayles:path:{n}");
    }
    // Misère moves: a winning move leaves a misère loss.
    let moves = solver
        .board_moves(&game("cram:2x3"), 100, true, watch)
        .unwrap();
    assert!(moves.misere && moves.value.is_none());
    for m in &moves.moves {
        let after = solver.board_misere(&game(&m.after), watch).unwrap();
        assert_eq!(m.winning, !after.winning, "{}", m.play);
    }
}

#[test]
fn a_misere_search_past_its_budget_is_refused_with_the_budget_named() {
    let solver = Solver::new(Config {
        budget: grundy_service::Budget::bytes(2 << 20),
        ..Config::default()
    });
    let e = solver
        .board_misere(&game("cram:5x6"), &mut Watch::silent())
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooLarge);
    assert!(matches!(e.detail(), Some(Detail::OverBudget { .. })));
    assert!(e.message().contains("512.0 KiB"), "{e}");
}

#[test]
fn limits_are_checked_before_any_search() {
    let solver = Solver::default();
    let watch = &mut Watch::silent();
    let e = solver
        .board_value(&game("cram:100x100"), watch)
        .unwrap_err();
    assert!(
        matches!(
            e.detail(),
            Some(Detail::OutOfRange {
                quantity: Quantity::Cells,
                asked: 10_000,
                ..
            })
        ),
        "{e:?}"
    );
    let e = solver
        .board_values(&game("cram:3xn"), 5, 4, watch)
        .unwrap_err();
    assert!(matches!(
        e.detail(),
        Some(Detail::OutOfRange {
            quantity: Quantity::Boards,
            ..
        })
    ));
    let e = solver
        .board_values(&game("cram:1xn"), 0, 5000, watch)
        .unwrap_err();
    assert!(matches!(
        e.detail(),
        Some(Detail::OutOfRange {
            quantity: Quantity::Boards,
            ..
        })
    ));
    // A member past the limit refuses the whole range before anything is
    // searched.
    let e = solver
        .board_values(&game("cram:5xn"), 800, 830, watch)
        .unwrap_err();
    assert!(matches!(
        e.detail(),
        Some(Detail::OutOfRange {
            quantity: Quantity::Cells,
            ..
        })
    ));
    let tiny = Solver::new(Config {
        budget: grundy_service::Budget::bytes(64 << 10),
        ..Config::default()
    });
    let e = tiny.board_value(&game("cram:3x3"), watch).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooLarge);
    assert!(matches!(e.detail(), Some(Detail::OverBudget { .. })));
    assert!(e.message().contains("64.0 KiB"), "{e}");
}

/// A watch recording warnings and loads, stopping at the first progress
/// report when `stop`.
fn recording(stop: bool, events: &mut Vec<Event>) -> Watch<'_> {
    Watch::new(move |e| {
        let positions = matches!(e, Event::Positions { .. });
        if !positions {
            events.push(e);
        }
        if stop && positions {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
}

#[test]
fn a_stopped_search_keeps_its_facts_and_the_next_process_resumes_from_them() {
    let dir = tempfile::tempdir().unwrap();
    let store: Arc<dyn Store> = Arc::new(FileStore::new(dir.path()));
    let board = game("cram:5x6");
    let first = solver_with(store.clone());
    let mut events = Vec::new();
    let e = first
        .board_value(&board, &mut recording(true, &mut events))
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Interrupted);
    assert!(
        events.iter().any(|e| matches!(e, Event::Saved { .. })),
        "{events:?}"
    );
    assert!(dir.path().join("cram.facts").is_file());
    // Resumed: the same answer as a search from nothing.
    let second = solver_with(store.clone());
    let mut events = Vec::new();
    let resumed = second
        .board_value(&board, &mut recording(false, &mut events))
        .unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Loaded { count, .. } if *count > 0)),
        "{events:?}"
    );
    let fresh = Solver::default()
        .board_value(&board, &mut Watch::silent())
        .unwrap();
    assert_eq!(resumed.value, fresh.value);
    assert!(resumed.nodes < fresh.nodes, "{resumed:?} {fresh:?}");
    // A third process finds the whole answer stored.
    let third = solver_with(store);
    let again = third.board_value(&board, &mut Watch::silent()).unwrap();
    assert_eq!((again.value, again.nodes), (fresh.value, 0));
}

#[test]
fn a_damaged_facts_file_is_reported_and_never_trusted() {
    let dir = tempfile::tempdir().unwrap();
    let store: Arc<dyn Store> = Arc::new(FileStore::new(dir.path()));
    let board = game("cram:4x5");
    let first = solver_with(store.clone());
    let value = first.board_value(&board, &mut Watch::silent()).unwrap();
    let path = dir.path().join("cram.facts");
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&path, &bytes).unwrap();
    let second = solver_with(store.clone());
    let mut events = Vec::new();
    let again = second
        .board_value(&board, &mut recording(false, &mut events))
        .unwrap();
    assert_eq!(again.value, value.value);
    assert!(again.nodes > 0);
    assert!(
        events.iter().any(
            |e| matches!(e, Event::Warning(w) if w.contains("cram.facts") && w.contains("checksum"))
        ),
        "{events:?}"
    );
    assert!(!events.iter().any(|e| matches!(e, Event::Loaded { .. })));
    // Another kind's facts are not read as Cram's.
    let memory = Arc::new(MemoryStore::new());
    let chomp = solver_with(memory.clone());
    chomp
        .board_value(&game("chomp:3x4"), &mut Watch::silent())
        .unwrap();
    let facts = memory.load_facts("chomp", u64::MAX).unwrap().unwrap();
    memory.save_facts("cram", &facts).unwrap();
    let mut events = Vec::new();
    solver_with(memory)
        .board_value(&board, &mut recording(false, &mut events))
        .unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Warning(w) if w.contains("not of the game cram"))),
        "{events:?}"
    );
}

#[test]
fn the_files_of_a_search_are_listed_and_cleared_with_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(FileStore::new(dir.path()));
    solver_with(store.clone())
        .board_value(&game("node-kayles:grid:2x5"), &mut Watch::silent())
        .unwrap();
    let files = store.files().unwrap();
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(files[0].game.as_deref(), Some("node-kayles"));
    // A grid is searched as a board, its facts apart from the graphs'.
    assert!(
        files[0].path.ends_with("node-kayles-grid.facts"),
        "{files:?}"
    );
    solver_with(store.clone())
        .board_value(&game("node-kayles:cycle:5"), &mut Watch::silent())
        .unwrap();
    assert_eq!(store.files().unwrap().len(), 2);
    assert_eq!(store.remove(Some("node-kayles")).unwrap().len(), 2);
}

#[test]
fn questions_as_data_reach_the_same_answers() {
    let solver = Solver::default();
    let ask = |json: &str| {
        let q: Question = serde_json::from_str(json).unwrap();
        serde_json::to_value(solver.answer(&q, &mut Watch::silent()).unwrap()).unwrap()
    };
    let v = ask(r#"{"board": {"game": "cram:3x4"}}"#);
    assert_eq!(v["game"], "cram:3x4");
    assert_eq!(v["value"], 1);
    assert_eq!(v["winning"], true);
    let v = ask(r#"{"board_values": {"game": "chomp:2xn", "to": 4}}"#);
    assert_eq!(v["family"], "chomp:2xn");
    assert_eq!(v["boards"].as_array().unwrap().len(), 5);
    assert_eq!(v["boards"][3]["game"], "chomp:3,3");
    let v = ask(r#"{"board_moves": {"game": "cram:1x4"}}"#);
    assert_eq!(v["misere"], false);
    assert_eq!(v["value"], 2);
    assert_eq!(
        v["moves"][0],
        serde_json::json!({"play": "0,1-0,2", "after": "cram:.##.", "winning": true})
    );
    let v = ask(r#"{"board_moves": {"game": "cram:1x4", "misere": true}}"#);
    assert!(v.get("value").is_none());
    let v = ask(r#"{"board_misere": {"game": "cram:1x2"}}"#);
    assert_eq!(v["winning"], false);
    let q: Question = serde_json::from_str(r#"{"board": {"game": "kayles"}}"#).unwrap();
    let e = solver.answer(&q, &mut Watch::silent()).unwrap_err();
    assert_eq!(wrong_game(&e), Some(GameKind::Board));
}

#[test]
fn a_file_names_a_board_or_a_graph() {
    let g = Game::from_file_text("cram", "..#\r\n...\r\n").unwrap();
    assert_eq!(g.to_string(), "cram:..#/...");
    let e = Game::from_file_text("cram", "..#\n..\n").unwrap_err();
    assert!(e.message().contains("row 2"), "{e}");
    let e = Game::from_file_text("node-kayles", "0 1\n2 2\n").unwrap_err();
    assert!(e.message().contains("itself"), "{e}");
    let e = Game::from_file_text("node-kayles", "0 1\nx y\n").unwrap_err();
    assert!(e.message().contains("line 2"), "{e}");
}
