//! Bounds on every path into the save (issue 21, item 6): a name or title that is too long, holds
//! control or direction characters, or shows nothing is refused by `new_game` and by `import`; an
//! import that deals one card twice is refused; seat tokens are in the save only as hashes.
//! Every refusal leaves the saves as they were.


use crate::common::*;

use nemesis_engine::Seat;
use nemesis_host::{Call, FaultCode, HostCode, Reply};
use serde_json::Value;

fn exported(t: &mut nemesis_host::Table, game: i64) -> String {
    match call(t, Call::Export { game }) {
        Reply::Exported { file, .. } => file,
        other => panic!("expected an export, got {other:?}"),
    }
}

fn import_refused(t: &mut nemesis_host::Table, file: String, what: &str, tally: &mut Vec<String>) -> String {
    let before = saves(t).len();
    let fault = fault_of(call(t, Call::Import { file }));
    assert_eq!(fault.code, HostCode::BadFile, "{what}: {}", fault.reason);
    assert_eq!(saves(t).len(), before, "{what}: nothing was stored");
    tally.push(what.to_string());
    fault.reason
}

#[test]
fn new_game_refuses_names_and_titles_that_hide_or_overflow() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    let titled = |title: &str| Call::NewGame { setup: options(2), title: Some(title.to_string()) };
    let cases: Vec<(&str, Call)> = vec![
        ("a 5 MB title", titled(&"t".repeat(5 * 1024 * 1024))),
        ("an 81-letter title", titled(&"t".repeat(81))),
        ("a title with a direction override", titled("Friday\u{202E}game")),
        ("a title of invisible characters", titled("\u{200B}\u{3164}\u{2800}")),
        ("a title with a control character", titled("Friday\u{1b}[31m")),
        ("a name with a direction isolate", { let mut o = options(2); o.players[0] = "Ana\u{2067}x".into(); Call::NewGame { setup: o, title: None } }),
        ("a name of invisible characters", { let mut o = options(2); o.players[1] = "\u{200D}\u{FEFF}".into(); Call::NewGame { setup: o, title: None } }),
        ("a name of a million letters", { let mut o = options(2); o.players[1] = "n".repeat(1_000_000); Call::NewGame { setup: o, title: None } }),
    ];
    let mut refused = Vec::new();
    for (what, c) in cases {
        let fault = fault_of(call(&mut t, c));
        assert!(matches!(fault.code, FaultCode::Host(HostCode::BadCall) | FaultCode::Rule(nemesis_engine::Code::BadSetup)), "{what}: {fault:?}");
        assert!(saves(&mut t).is_empty(), "{what}: nothing was saved");
        refused.push(what);
    }
    evidence("bounds-new_game", &serde_json::json!({"refused": refused}));
    // The same names and titles, visible and bounded, are fine.
    let ok = screen_of(call(&mut t, Call::NewGame { setup: options(2), title: Some(format!("Friday {}", "t".repeat(73))) }));
    assert_eq!(open_game(&ok).title.chars().count(), 80);
}

/// Replaces every `from` in the JSON text of a file (a name is in the setup command and its events).
fn renamed(file: &str, from: &str, to: &str) -> String {
    let to = serde_json::to_string(to).unwrap();
    file.replace(&format!("\"{from}\""), &to)
}

#[test]
fn import_refuses_names_and_titles_that_hide_or_overflow_and_cards_dealt_twice() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    let game = started(&mut t, 3);
    let file = exported(&mut t, game);
    assert!(matches!(call(&mut t, Call::Import { file: file.clone() }), Reply::Imported { .. }), "the untouched file imports");
    let with_title = |title: &str| {
        let mut v: Value = serde_json::from_str(&file).unwrap();
        v["title"] = Value::String(title.to_string());
        v.to_string()
    };
    let mut tally = Vec::new();
    let tally = &mut tally;
    import_refused(&mut t, with_title(&"T".repeat(20 * 1024 * 1024)), "a 20 MB title", tally);
    import_refused(&mut t, with_title("Game\u{202E}emaG"), "a title with a direction override", tally);
    import_refused(&mut t, with_title("\u{200B}"), "an invisible title", tally);
    import_refused(&mut t, renamed(&file, "Player 1", &"n".repeat(1_000_000)), "a player name of a million letters", tally);
    import_refused(&mut t, renamed(&file, "Player 2", "Bruno\u{0007}"), "a control character in a name", tally);
    import_refused(&mut t, renamed(&file, "Player 3", "\u{2066}Chidi"), "a direction isolate in a name", tally);
    import_refused(&mut t, renamed(&file, "Player 3", "\u{3164}"), "an invisible name", tally);

    // The same Objectives dealt to two seats.
    let mut v: Value = serde_json::from_str(&file).unwrap();
    let mut dealt: Vec<&mut Value> = Vec::new();
    for entry in v["entries"].as_array_mut().unwrap() {
        for event in entry["events"].as_array_mut().unwrap() {
            if event["type"] == "objectives_dealt" {
                dealt.push(event);
            }
        }
    }
    assert!(dealt.len() >= 2, "objectives are dealt to each seat in this setup");
    let first = dealt[0]["cards"].clone();
    dealt[1]["cards"] = first;
    let reason = import_refused(&mut t, v.to_string(), "the same Objectives dealt to two seats", tally);
    assert!(reason.contains("deals one card twice"), "{reason}");
    evidence("bounds-import", &serde_json::json!({"refused": tally}));
}

#[test]
fn seat_tokens_are_saved_only_as_hashes() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    let game = started(&mut t, 2);
    let (ask, mut answer) = t.phones().ask(Seat(0), "Phone".into(), "0000".into());
    screen_of(call(&mut t, Call::AnswerPhone { ask, accept: true, replace: false }));
    let token = answer.try_recv().unwrap().expect("the phone got its token");
    let conn = peek(&db_path(dir.path()));
    let kept = |conn: &rusqlite::Connection| conn.query_row("SELECT token FROM phones WHERE game = ?1 AND seat = 0", [game], |r| r.get::<_, String>(0)).unwrap();
    assert_eq!(kept(&conn), nemesis_host::phones::token_hash(&token));
    let has = |hay: &[u8]| hay.windows(token.len()).any(|w| w == token.as_bytes());
    let wal = std::fs::read(dir.path().join("games.sqlite3-wal")).unwrap_or_default();
    assert!(!has(&std::fs::read(db_path(dir.path())).unwrap()) && !has(&wal), "the token itself is nowhere in the save's files");
    assert_eq!(t.phones().seat_of(&token), Some(Seat(0)), "and it still proves its seat");

    // A save from before hashing holds the token itself: opening the game keeps only its hash,
    // and the phone keeps its seat. (Such a save is also from before the pairings' marks, so its
    // folder has none.)
    let old = "0123456789abcdef0123456789abcdef";
    conn.execute("UPDATE phones SET token = ?1 WHERE game = ?2 AND seat = 0", rusqlite::params![old, game]).unwrap();
    drop(conn);
    drop(t);
    std::fs::remove_dir_all(dir.path().join("games.sqlite3-pairings")).unwrap();
    let mut t = table_in(dir.path());
    screen_of(call(&mut t, Call::Open { game }));
    assert_eq!(t.phones().seat_of(old), Some(Seat(0)));
    assert_eq!(kept(&peek(&db_path(dir.path()))), nemesis_host::phones::token_hash(old));
}

