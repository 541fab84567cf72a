//! One bad game never hides the others (issue 34, item 4): a stored step with a number out of
//! range, a step that is not JSON, or a row whose numbers overflow is listed as damaged with why;
//! the list, the other games, their export and deletion all still work; opening the damaged game
//! is a clean refusal, never a panic; its export carries it as it is. The cases go to
//! target/evidence/damaged_games.json for docs/reliability.md.

use crate::common::*;

use nemesis_engine::{Command, Location};
use nemesis_host::{Call, HostCode, Reply, Table};

/// Nine Fires burn the ship (p. 17): the game ends with its victory check done.
fn burn(t: &mut Table) {
    for at in 1..=12u8 {
        if matches!(view(t).phase, nemesis_engine::state::Phase::Over { .. }) {
            return;
        }
        let _ = try_act(t, Command::SetFire { at: Location(at), on: true });
    }
    assert!(matches!(view(t).phase, nemesis_engine::state::Phase::Over { .. }), "the ship burned");
}

/// Rewrites the stored body of step `seq` of `game` through a second connection, as a bad disk
/// or a hand edit would.
fn tamper(dir: &std::path::Path, game: i64, seq: i64, edit: impl Fn(String) -> String) {
    let conn = peek(&db_path(dir));
    let body: String = conn.query_row("SELECT body FROM entries WHERE game = ?1 AND seq = ?2", [game, seq], |r| r.get(0)).unwrap();
    let changed = edit(body.clone());
    assert_ne!(changed, body, "the edit changed the step");
    conn.execute("UPDATE entries SET body = ?3 WHERE game = ?1 AND seq = ?2", rusqlite::params![game, seq, changed]).unwrap();
}

/// The newest step of `game` that places a Fire.
fn with_fire(dir: &std::path::Path, game: i64) -> i64 {
    let conn = peek(&db_path(dir));
    conn.query_row("SELECT MAX(seq) FROM entries WHERE game = ?1 AND body LIKE '%\"fire_placed\"%'", [game], |r| r.get::<_, Option<i64>>(0)).unwrap().expect("a step places a Fire")
}

/// The first Fire placed in a step, moved to room 200 (the board has 22 at most).
fn fire_off_the_board(body: String) -> String {
    let mut v: serde_json::Value = serde_json::from_str(&body).unwrap();
    let events = v["events"].as_array_mut().unwrap();
    let fire = events.iter_mut().find(|e| e["type"] == "fire_placed").expect("a Fire placed in the step");
    fire["at"] = serde_json::json!(200);
    v.to_string()
}

#[test]
fn a_game_that_cannot_be_read_is_listed_as_damaged_and_the_others_still_open() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    let finished = started(&mut t, 2);
    burn(&mut t);
    let last = with_fire(dir.path(), finished);
    let unfinished = started(&mut t, 3);
    act(&mut t, Command::SetFire { at: Location(2), on: true });
    let fire_step = with_fire(dir.path(), unfinished);
    let unreadable = started(&mut t, 2);
    let overflowing = started(&mut t, 4);
    let sound = started(&mut t, 2);
    call(&mut t, Call::Close);
    drop(t);

    tamper(dir.path(), finished, last, fire_off_the_board);
    tamper(dir.path(), unfinished, fire_step, fire_off_the_board);
    tamper(dir.path(), unreadable, 2, |b| b[..b.len() / 2].to_string());
    peek(&db_path(dir.path())).execute("UPDATE games SET players = 4000, turn = -3 WHERE id = ?1", [overflowing]).unwrap();

    // A new run of the app: nothing remembered.
    let mut t = table_in(dir.path());
    let listed = saves(&mut t);
    assert_eq!(listed.len(), 5, "every game is listed: {listed:?}");
    let of = |id: i64| listed.iter().find(|s| s.id == id).unwrap().clone();
    let mut tally = Vec::new();
    for (what, id) in [
        ("a finished game's step names room 200", finished),
        ("an unfinished game's step names room 200", unfinished),
        ("a step cut in half (not JSON)", unreadable),
        ("the game's row holds 4000 players and turn -3", overflowing),
    ] {
        let s = of(id);
        let why = s.damaged.clone().unwrap_or_else(|| panic!("{what}: listed as damaged: {s:?}"));
        assert_eq!(s.winners, None, "{what}: no result for a damaged game");
        // Opening it is a clean refusal, and the table stays usable.
        let fault = fault_of(call(&mut t, Call::Open { game: id }));
        assert_eq!(fault.code, HostCode::Storage, "{what}: {fault:?}");
        assert!(current(&mut t).game.is_none(), "{what}: nothing opened");
        // Its export carries it as it is; importing that back is refused, nothing stored.
        let file = match call(&mut t, Call::Export { game: id }) {
            Reply::Exported { file, .. } => file,
            other => panic!("{what}: expected an export, got {other:?}"),
        };
        let stored_steps = entry_rows(&peek(&db_path(dir.path())), id) as usize;
        let exported: serde_json::Value = serde_json::from_str(&file).unwrap();
        assert_eq!(exported["entries"].as_array().unwrap().len(), stored_steps, "{what}: every step exported");
        let imported = call(&mut t, Call::Import { file });
        let refused = if id == overflowing {
            // The steps themselves were sound: only the row was damaged.
            assert!(matches!(imported, Reply::Imported { .. }), "{what}: {imported:?}");
            None
        } else {
            Some(fault_of(imported).reason)
        };
        tally.push(serde_json::json!({"damage": what, "listed_as": why, "open": fault.reason, "reimport_refused": refused}));
    }
    assert_eq!(of(sound).damaged, None, "the sound game is not damaged");
    screen_of(call(&mut t, Call::Open { game: sound }));
    assert!(current(&mut t).game.is_some(), "the sound game opens");
    // The damaged games can be deleted, and the list still answers.
    for id in [finished, unfinished, unreadable, overflowing] {
        match call(&mut t, Call::Delete { game: id }) {
            Reply::Saves { saves } => assert!(saves.iter().all(|s| s.id != id), "deleted"),
            other => panic!("expected saves, got {other:?}"),
        }
    }
    let left: Vec<i64> = saves(&mut t).iter().filter(|s| s.damaged.is_none()).map(|s| s.id).collect();
    assert!(left.contains(&sound), "the sound game stays: {left:?}");
    evidence("damaged_games", &serde_json::Value::Array(tally));
}
