//! The single writer, through `Table::call` as every door uses it: commit before notify, resume
//! after a restart, export and import, refusals that change nothing, delete and close, undo and
//! correct.

use crate::common::*;

use nemesis_engine::state::{EventStep, Phase};
use nemesis_engine::{Actor, Command, Component, Die, Entered, EntryKind, Location, NoiseFace, Request, Seat};
use nemesis_host::{Call, FaultCode, HostCode, Reply};
use std::path::Path;
use std::sync::{Arc, Barrier};

fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().expect("a scratch folder")
}

// ---------------------------------------------------------------- commit before notify

#[test]
fn an_accepted_step_is_on_disk_when_its_screen_is_pushed() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    // The table rolls its own dice and enters the faces; the app holds everything else.
    let mut setup = options(4);
    setup.handled.retain(|c| *c != Component::Dice);
    let id = new_game(&mut t, setup);
    draft_all(&mut t);
    let path = t.store().path().to_path_buf();
    assert_eq!(path, db_path(dir.path()));

    let commands = [
        (Command::SetHandSize { seat: Seat(0), cards: 3 }, vec![]),
        (Command::SetFire { at: Location(2), on: true }, vec![]),
        (Command::RollDice { die: Die::Noise, count: 2 }, vec![Entered::Noise { face: NoiseFace::One }, Entered::Noise { face: NoiseFace::Silence }]),
        (Command::RollDice { die: Die::Combat, count: 1 }, vec![Entered::Combat { face: nemesis_engine::CombatFace::Hit }]),
        (Command::EndPlayerPhase, vec![]),
        (Command::AdvanceTime, vec![]),
        (Command::ResolveIntruderAttacks, vec![]),
        (Command::ResolveFireDamage, vec![]),
    ];
    for (command, entered) in commands {
        let what = format!("{command:?}");
        arrange(&mut t, &command);
        let mut rx = t.subscribe();
        let ready = Arc::new(Barrier::new(2));
        let watcher = std::thread::spawn({
            let (path, ready) = (path.clone(), ready.clone());
            move || {
                // The connection is open before the call, so the read below is immediate.
                let conn = peek(&path);
                let rt = tokio::runtime::Builder::new_current_thread().build().expect("a runtime for the watcher");
                ready.wait();
                rt.block_on(rx.changed()).expect("the table still publishes");
                // The screen is visible now: what does the disk hold at this moment?
                let on_disk = (entry_rows(&conn, id), max_seq(&conn, id));
                let seen = rx.borrow_and_update().clone();
                (seen, on_disk)
            }
        });
        ready.wait();
        let reply = call(&mut t, Call::Act { revision: None, request: Request::Do { command, entered } });
        let screen = match reply {
            Reply::Screen { screen } => screen,
            other => panic!("{what} should be accepted, got {other:?}"),
        };
        let (seen, (rows, seq)) = watcher.join().expect("the watcher finished");
        let newest = t.open_game().expect("open").entries().last().expect("entries").seq as i64;
        assert_eq!(seen.revision, screen.revision, "{what}: the pushed screen is the one the call returned");
        assert!(std::sync::Arc::ptr_eq(&seen, &screen), "{what}: the push carries the same screen as the reply, not a copy");
        assert_eq!(seq, newest, "{what}: the step was committed before its screen was pushed");
        assert_eq!(rows, newest, "{what}: one row per step, all committed");
    }
}

// ---------------------------------------------------------------- resume

#[test]
fn a_reopened_save_shows_the_same_view_and_log_and_accepts_more_commands() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let id = started(&mut t, 4);
    act(&mut t, Command::SetHandSize { seat: Seat(2), cards: 4 });
    play_event_phase(&mut t);
    act(&mut t, Command::RollDice { die: Die::Noise, count: 2 });
    let before = open_game(&current(&mut t)).clone();
    assert_eq!(before.view.turn, 2, "a whole turn was played");
    let log_before = match call(&mut t, Call::Log) {
        Reply::Log { lines } => lines,
        other => panic!("{other:?}"),
    };
    let steps = t.open_game().unwrap().entries().len() as u32;
    drop(t);

    let mut t = table_in(dir.path());
    assert!(current(&mut t).game.is_none(), "a new table opens no game by itself");
    let listed = saves(&mut t);
    assert_eq!(listed.len(), 1, "the save is listed after a restart: {listed:?}");
    let s = &listed[0];
    assert_eq!((s.id, s.players, s.turn, s.steps, s.finished), (id, 4, 2, steps, false), "the summary matches the game");
    assert_eq!(s.title, before.title);

    let reopened = screen_of(call(&mut t, Call::Open { game: id }));
    let after = open_game(&reopened);
    assert_eq!(after.view, before.view, "the public view is the same after a restart");
    assert_eq!(after, &before, "and so is everything else on the screen: log tail, last step, undo and correct");
    let log_after = match call(&mut t, Call::Log) {
        Reply::Log { lines } => lines,
        other => panic!("{other:?}"),
    };
    assert_eq!(log_after, log_before, "the whole log is the same");

    // Each player passes (p. 10), then the phase ends: every one of them a new saved step.
    let more = act(&mut t, Command::EndPlayerPhase);
    assert_eq!(open_game(&more).view.phase, Phase::Event { step: EventStep::TimeTrack }, "the resumed game plays on");
    assert_eq!(saves(&mut t)[0].steps, t.open_game().unwrap().entries().len() as u32, "and its new steps are saved");
    assert!(saves(&mut t)[0].steps > steps + 1, "the passes and the phase's end");
}

/// The sound schedule reaches the table with the step (issue 20): the engine decides the cues,
/// an undo is silent, and the game's times come from the save, unchanged by a restart.
#[test]
fn the_table_screen_carries_the_steps_cues_and_the_games_times() {
    use nemesis_engine::cues::{Announcement, Cue, Sound};
    use nemesis_engine::moments::Moment;
    let dir = scratch();
    let mut t = table_in(dir.path());
    let id = started(&mut t, 3);
    let first = open_game(&current(&mut t)).clone();
    assert!(first.created_ms > 0 && first.updated_ms >= first.created_ms, "times from the host's clock: {} {}", first.created_ms, first.updated_ms);
    let died = act(&mut t, Command::KillCharacter { seat: Seat(0) });
    let last = open_game(&died).last.clone().expect("a last step");
    assert_eq!(last.cues, vec![Cue { sound: Sound::Death, say: Some(Announcement::Moment { moment: Moment::FirstDeath }) }], "the first death: a toll and the pods' announcement");
    assert!(open_game(&died).updated_ms >= first.updated_ms, "the newest step's time");
    let undone = screen_of(call(&mut t, Call::Act { revision: None, request: Request::Undo }));
    assert!(open_game(&undone).last.as_ref().is_some_and(|l| l.cues.is_empty()), "an undo is silent");
    let before = open_game(&current(&mut t)).clone();
    drop(t);
    let mut t = table_in(dir.path());
    let reopened = screen_of(call(&mut t, Call::Open { game: id }));
    assert_eq!((open_game(&reopened).created_ms, open_game(&reopened).updated_ms), (before.created_ms, before.updated_ms), "the times are the save's");
}

/// Makes a consistent copy of a live save file (another connection, `VACUUM INTO`).
fn copy_save(from: &std::path::Path, to_dir: &std::path::Path) {
    std::fs::create_dir_all(to_dir).unwrap();
    let target = db_path(to_dir);
    peek(from).execute("VACUUM INTO ?1", [target.to_str().unwrap()]).expect("a snapshot of the save file");
}

/// Commands whose outcomes come from the app's generator (dice, the bag), and one from a deck.
fn chance_commands() -> Vec<Command> {
    let mut v = Vec::new();
    for _ in 0..6 {
        v.push(Command::RollDice { die: Die::Noise, count: 2 });
        v.push(Command::RollDice { die: Die::Combat, count: 2 });
    }
    v.extend([
        Command::EndPlayerPhase,
        Command::AdvanceTime,
        Command::ResolveIntruderAttacks,
        Command::ResolveFireDamage,
        Command::ResolveEventCard,
        Command::DevelopBag,
    ]);
    v
}

#[test]
fn after_a_restart_the_generator_gives_what_the_uninterrupted_game_would_have() {
    let dir = scratch();
    let copy = scratch();
    let mut t = table_in(dir.path());
    let id = started(&mut t, 4);
    act(&mut t, Command::RollDice { die: Die::Combat, count: 1 });
    // The table is "restarted" here: a copy of what is durable now.
    copy_save(t.store().path(), copy.path());
    let at_copy = t.open_game().unwrap().entries().len();

    // The uninterrupted game plays on.
    for c in chance_commands() {
        act(&mut t, c);
    }
    let uninterrupted: Vec<_> = t.open_game().unwrap().entries()[at_copy..].to_vec();
    let view_uninterrupted = view(&mut t);
    drop(t);

    // The restarted one, from the copy, plays the same commands.
    let mut r = table_in(copy.path());
    assert!(saves(&mut r).iter().any(|s| s.id == id), "the copy holds the game");
    screen_of(call(&mut r, Call::Open { game: id }));
    for c in chance_commands() {
        act(&mut r, c);
    }
    let resumed: Vec<_> = r.open_game().unwrap().entries()[at_copy..].to_vec();
    assert_eq!(resumed.len(), uninterrupted.len());
    for (a, b) in uninterrupted.iter().zip(&resumed) {
        assert_eq!(a.events, b.events, "step {} drew differently after the restart", a.seq);
    }
    assert_eq!(view(&mut r), view_uninterrupted, "the two tables end in the same state");
}

/// A refused command must not move the generator either: the save holds the generator as it was
/// after the last accepted step, so a restart after a refusal must continue the same stream.
#[test]
fn a_refused_command_leaves_the_generator_where_the_save_has_it() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let id = started(&mut t, 2);
    // The noise die is rolled by the app, then the unused result makes the step refused. (An
    // end-of-game draw may always be entered; one for the app's dice would be refused first.)
    let reply = call(
        &mut t,
        Call::Act {
            revision: None,
            request: Request::Do {
                command: Command::RollDice { die: Die::Noise, count: 2 },
                entered: vec![Entered::ContaminationDraw { contamination: 0 }],
            },
        },
    );
    assert_eq!(fault_of(reply).code, nemesis_engine::Code::BadResult);
    let in_memory = t.open_game().unwrap().fate_snapshot();
    let on_disk = t.store().load(id).unwrap().fate;
    assert_eq!(in_memory, on_disk, "the generator moved for a step that was never accepted");
}

// ---------------------------------------------------------------- export and import

fn export(t: &mut nemesis_host::Table, game: i64) -> (String, String) {
    match call(t, Call::Export { game }) {
        Reply::Exported { file_name, file } => (file_name, file),
        other => panic!("expected an export, got {other:?}"),
    }
}

#[test]
fn an_exported_game_imports_as_a_new_save_with_the_same_view_and_log() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let id = started(&mut t, 4);
    play_event_phase(&mut t);
    act(&mut t, Command::SetFire { at: Location(3), on: true });
    let original = open_game(&current(&mut t)).clone();
    let (file_name, file) = export(&mut t, id);
    assert!(file_name.starts_with("nemesis-") && file_name.ends_with(".json"), "{file_name}");
    assert!(!file_name.contains(' ') && !file_name.contains(','), "the file name is safe: {file_name}");

    let imported = match call(&mut t, Call::Import { file }) {
        Reply::Imported { game } => game,
        other => panic!("expected an import, got {other:?}"),
    };
    assert_ne!(imported, id, "the import is a new save");
    assert_eq!(saves(&mut t).len(), 2);
    assert_eq!(open_game(&current(&mut t)).id, id, "importing does not switch the open game");

    let opened = screen_of(call(&mut t, Call::Open { game: imported }));
    let copy = open_game(&opened);
    assert_eq!(copy.view, original.view, "the imported game shows the same view");
    assert_eq!(copy.log, original.log, "and the same log");
    assert_eq!(copy.title, original.title);
    assert_eq!((copy.can_undo, copy.can_correct), (original.can_undo, original.can_correct));
    let summary = saves(&mut t).into_iter().find(|s| s.id == imported).unwrap();
    assert_eq!(summary.steps as usize, t.open_game().unwrap().entries().len());
    assert_eq!(summary.players, 4);
    // The imported game plays on.
    act(&mut t, Command::EndPlayerPhase);
}

#[test]
fn an_imported_game_is_listed_at_the_turn_it_reached() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let id = started(&mut t, 2);
    play_event_phase(&mut t);
    assert_eq!(view(&mut t).turn, 2);
    let (_, file) = export(&mut t, id);
    let imported = match call(&mut t, Call::Import { file }) {
        Reply::Imported { game } => game,
        other => panic!("expected an import, got {other:?}"),
    };
    let listed = saves(&mut t);
    let original = listed.iter().find(|s| s.id == id).unwrap();
    let copy = listed.iter().find(|s| s.id == imported).unwrap();
    assert_eq!(original.turn, 2);
    assert_eq!(copy.turn, original.turn, "the saves list shows the imported game at its turn");
    assert_eq!(copy.finished, original.finished);
}

fn edit(file: &str, f: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(file).unwrap();
    f(&mut v);
    serde_json::to_string(&v).unwrap()
}

#[test]
fn a_bad_import_file_is_refused_as_bad_file_and_changes_no_save() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let id = started(&mut t, 2);
    act(&mut t, Command::SetHandSize { seat: Seat(0), cards: 2 });
    act(&mut t, Command::SetFire { at: Location(4), on: true });
    act(&mut t, Command::SetHandSize { seat: Seat(1), cards: 1 });
    let (_, good) = export(&mut t, id);
    let n = serde_json::from_str::<serde_json::Value>(&good).unwrap()["entries"].as_array().unwrap().len();
    assert!(n >= 5, "enough steps to reorder");

    let bad: Vec<(&str, String)> = vec![
        ("not JSON", "this is not a game".to_string()),
        ("empty", String::new()),
        ("truncated", good[..good.len() / 2].to_string()),
        ("wrong format", edit(&good, |v| v["format"] = "some-other-app".into())),
        ("no format", edit(&good, |v| { v.as_object_mut().unwrap().remove("format"); })),
        ("newer version", edit(&good, |v| v["version"] = 2.into())),
        ("no version", edit(&good, |v| { v.as_object_mut().unwrap().remove("version"); })),
        ("unknown field", edit(&good, |v| v["extra"] = true.into())),
        ("no entries", edit(&good, |v| v["entries"] = serde_json::json!([]))),
        ("reordered steps", edit(&good, |v| v["entries"].as_array_mut().unwrap().swap(2, 3))),
        ("a step missing", edit(&good, |v| { v["entries"].as_array_mut().unwrap().remove(2); })),
        ("no setup first", edit(&good, |v| {
            let entries = v["entries"].as_array_mut().unwrap();
            entries.remove(0);
            for (i, e) in entries.iter_mut().enumerate() {
                e["seq"] = (i as u32 + 1).into();
            }
        })),
        ("an undo of a later step", edit(&good, |v| {
            let last = v["entries"].as_array_mut().unwrap().last_mut().unwrap();
            last["kind"] = serde_json::to_value(EntryKind::Undo(n as u32 + 5)).unwrap();
            last["command"] = serde_json::Value::Null;
            last["events"] = serde_json::json!([]);
        })),
        ("an entry that is not an entry", edit(&good, |v| v["entries"][1] = serde_json::json!({"seq": 2}))),
        ("a track past its end", edit(&good, |v| {
            let events = v["entries"].as_array_mut().unwrap().last_mut().unwrap()["events"].as_array_mut().unwrap();
            events.push(serde_json::json!({"type": "time_advanced", "to": 99}));
        })),
        ("a card in two places", edit(&good, |v| {
            let setup = v["entries"][0]["events"].as_array_mut().unwrap();
            let deck = setup
                .iter_mut()
                .find(|e| e["type"] == "deck_shuffled" && e["deck"] == "event")
                .expect("the Event deck shuffled at setup");
            let order = deck["order"].as_array_mut().unwrap();
            let first = order[0].clone();
            order[1] = first;
        })),
        ("a seat that does not exist", edit(&good, |v| {
            let events = v["entries"].as_array_mut().unwrap().last_mut().unwrap()["events"].as_array_mut().unwrap();
            events.push(serde_json::json!({"type": "character_moved", "seat": 9, "to": 1}));
        })),
    ];

    let before = saves(&mut t);
    let screen_before = current(&mut t);
    for (what, file) in bad {
        let fault = fault_of(call(&mut t, Call::Import { file }));
        assert_eq!(fault.code, HostCode::BadFile, "{what}: refused as a bad file ({})", fault.reason);
        assert!(!fault.reason.is_empty(), "{what}: with a reason");
        assert_eq!(saves(&mut t), before, "{what}: no save was added or changed");
    }
    assert_eq!(current(&mut t), screen_before, "the screen did not change");
    // The good file is still accepted, so the refusals above were about the edits.
    assert!(matches!(call(&mut t, Call::Import { file: good }), Reply::Imported { .. }));
}

// ---------------------------------------------------------------- refusals

#[test]
fn an_illegal_command_is_refused_with_the_engine_code_and_changes_nothing() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let id = started(&mut t, 3);
    let conn = peek(t.store().path());
    let rows = entry_rows(&conn, id);
    let before = current(&mut t);
    let summary = saves(&mut t);
    let rx = t.subscribe();

    for (command, code) in [
        (Command::AdvanceTime, nemesis_engine::Code::WrongPhase),
        (Command::SetHandSize { seat: Seat(7), cards: 2 }, nemesis_engine::Code::NoSuchThing),
        (Command::RollDice { die: Die::Noise, count: 3 }, nemesis_engine::Code::NotAllowed),
    ] {
        let what = format!("{command:?}");
        let fault = fault_of(try_act(&mut t, command));
        assert_eq!(fault.code, code, "{what}: {}", fault.reason);
        assert!(!fault.reason.is_empty());
        assert_eq!(fault.needs, None);
        assert_eq!(current(&mut t), before, "{what}: same revision, same screen");
        assert_eq!(entry_rows(&conn, id), rows, "{what}: no step was stored");
        assert!(!rx.has_changed().unwrap(), "{what}: no screen was pushed");
    }
    assert_eq!(saves(&mut t), summary, "the save's summary is untouched");

    // An accepted one does push, so the check above can see a push.
    act(&mut t, Command::SetHandSize { seat: Seat(0), cards: 2 });
    assert!(rx.has_changed().unwrap());
    assert_eq!(entry_rows(&conn, id), rows + 1);
}

#[test]
fn undo_and_correct_refused_by_the_engine_change_nothing() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let id = started(&mut t, 2);
    // Checking an Engine is a Room Action, taken in that Engine's room (p. 26).
    let engine_room = nemesis_engine::Content::base().engine_location(nemesis_engine::EngineNumber(1)).expect("Engine 1's room");
    act(&mut t, Command::PlaceCharacter { seat: Seat(0), at: engine_room });
    act(&mut t, Command::RollDice { die: Die::Noise, count: 1 });
    act(&mut t, Command::CheckEngine { seat: Seat(0), engine: nemesis_engine::EngineNumber(1) });
    let conn = peek(t.store().path());
    let rows = entry_rows(&conn, id);
    let before = current(&mut t);
    let rx = t.subscribe();
    assert_eq!(fault_of(call(&mut t, Call::Act { revision: None, request: Request::Undo })).code, nemesis_engine::Code::CannotUndo);
    let fault = fault_of(call(&mut t, Call::Act { revision: None, request: Request::Correct { entered: vec![Entered::Noise { face: NoiseFace::One }] } }));
    assert_eq!(fault.code, nemesis_engine::Code::CannotCorrect);
    assert_eq!(current(&mut t), before);
    assert_eq!(entry_rows(&conn, id), rows);
    assert!(!rx.has_changed().unwrap());
}

#[test]
fn acting_with_no_game_open_is_refused_with_no_game() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let rx = t.subscribe();
    for request in [Request::Do { command: Command::EndPlayerPhase, entered: vec![] }, Request::Undo, Request::Correct { entered: vec![] }] {
        let fault = fault_of(call(&mut t, Call::Act { revision: None, request }));
        assert_eq!(fault.code, HostCode::NoGame);
    }
    assert_eq!(fault_of(call(&mut t, Call::Log)).code, HostCode::NoGame);
    assert!(!rx.has_changed().unwrap(), "nothing was pushed");
    assert_eq!(current(&mut t).revision, 0);

    // Also after the open game was closed.
    started(&mut t, 2);
    screen_of(call(&mut t, Call::Close));
    assert_eq!(fault_of(try_act(&mut t, Command::EndPlayerPhase)).code, HostCode::NoGame);
}

#[test]
fn a_physical_component_without_its_result_is_refused_with_result_needed() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let mut setup = options(2);
    setup.handled.retain(|c| *c != Component::Dice);
    let id = new_game(&mut t, setup);
    draft_all(&mut t);
    let conn = peek(t.store().path());
    let rows = entry_rows(&conn, id);
    let before = current(&mut t);

    let fault = fault_of(try_act(&mut t, Command::RollDice { die: Die::Noise, count: 1 }));
    assert_eq!(fault.code, nemesis_engine::Code::ResultNeeded, "{}", fault.reason);
    assert_eq!(fault.needs, Some(Component::Dice), "the fault names the component to read");
    assert_eq!(current(&mut t), before);
    assert_eq!(entry_rows(&conn, id), rows);

    // With the face read off the real die it is accepted.
    act_with(&mut t, Command::RollDice { die: Die::Noise, count: 1 }, vec![Entered::Noise { face: NoiseFace::Silence }]);
    assert_eq!(entry_rows(&conn, id), rows + 1);
}

#[test]
fn a_seat_cannot_use_the_table_screens_calls() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let id = started(&mut t, 2);
    let seat = Actor::Seat(Seat(0));
    for c in [Call::Saves, Call::Close, Call::Delete { game: id }, Call::Export { game: id }, Call::Log, Call::Open { game: id }] {
        let what = format!("{c:?}");
        let fault = fault_of(t.call(seat, c));
        assert_eq!(fault.code, nemesis_engine::Code::NotYourSeat, "{what}");
    }
    assert_eq!(saves(&mut t).len(), 1, "the game was not deleted");
    assert!(current(&mut t).game.is_some(), "nor closed");
    // Phones act only through the phone server's own calls (`phone_act`), never through these.
    let fault = fault_of(t.call(seat, Call::Act { revision: None, request: Request::Undo }));
    assert_eq!(fault.code, nemesis_engine::Code::NotYourSeat);
}

#[test]
fn opening_an_unknown_game_is_refused_and_keeps_the_open_one() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let id = started(&mut t, 2);
    let before = current(&mut t);
    for c in [Call::Open { game: id + 100 }, Call::Export { game: id + 100 }, Call::Delete { game: id + 100 }] {
        let what = format!("{c:?}");
        assert_eq!(fault_of(call(&mut t, c)).code, HostCode::NoSuchGame, "{what}");
    }
    assert_eq!(current(&mut t), before);
}

#[test]
fn a_bad_setup_is_refused_and_saves_nothing() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let mut setup = options(2);
    setup.players.clear();
    let fault = fault_of(call(&mut t, Call::NewGame { setup, title: None }));
    assert_eq!(fault.code, nemesis_engine::Code::BadSetup, "{}", fault.reason);
    assert!(saves(&mut t).is_empty());
    assert!(current(&mut t).game.is_none());
}

// ---------------------------------------------------------------- new game, delete and close

#[test]
fn a_new_game_is_saved_opened_and_titled() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let screen = screen_of(call(&mut t, Call::NewGame { setup: options(3), title: Some("  Friday  ".into()) }));
    let game = open_game(&screen);
    assert_eq!(game.title, "Friday", "the title is trimmed");
    assert_eq!(game.view.phase, Phase::Draft);
    assert_eq!(game.view.seats.len(), 3);
    let listed = saves(&mut t);
    assert_eq!(listed.len(), 1);
    assert_eq!((listed[0].id, listed[0].title.as_str(), listed[0].players), (game.id, "Friday", 3));
    assert_eq!((listed[0].turn, listed[0].finished), (game.view.turn, false), "the list shows the game's turn");
    assert_eq!(listed[0].steps, 1, "the setup is the first step");
    assert_eq!(entry_rows(&peek(t.store().path()), game.id), 1);

    let untitled = screen_of(call(&mut t, Call::NewGame { setup: options(2), title: Some("   ".into()) }));
    assert_eq!(open_game(&untitled).title, "Player 1, Player 2", "a blank title falls back to the names");
    assert!(untitled.revision > screen.revision);
}

#[test]
fn deleting_the_open_game_removes_its_save_and_closes_it() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let other = started(&mut t, 2);
    let id = started(&mut t, 3);
    act(&mut t, Command::SetHandSize { seat: Seat(1), cards: 2 });
    let conn = peek(t.store().path());
    assert!(entry_rows(&conn, id) > 0);
    let mut rx = t.subscribe();

    let listed = match call(&mut t, Call::Delete { game: id }) {
        Reply::Saves { saves } => saves,
        other => panic!("{other:?}"),
    };
    assert_eq!(listed.iter().map(|s| s.id).collect::<Vec<_>>(), vec![other], "only the other game is left");
    assert_eq!(saves(&mut t), listed);
    assert!(current(&mut t).game.is_none(), "the deleted game is no longer open");
    assert!(rx.has_changed().unwrap(), "the closed screen was pushed");
    assert!(rx.borrow_and_update().game.is_none());
    assert_eq!(entry_rows(&conn, id), 0, "its steps are gone from the file too");
    assert!(entry_rows(&conn, other) > 0, "the other game's steps are kept");
    assert_eq!(fault_of(call(&mut t, Call::Open { game: id })).code, HostCode::NoSuchGame);
    assert_eq!(fault_of(try_act(&mut t, Command::EndPlayerPhase)).code, HostCode::NoGame);
}

#[test]
fn deleting_another_game_keeps_the_open_one_open() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let other = started(&mut t, 2);
    let id = started(&mut t, 2);
    let before = current(&mut t);
    let rx = t.subscribe();
    let listed = match call(&mut t, Call::Delete { game: other }) {
        Reply::Saves { saves } => saves,
        r => panic!("{r:?}"),
    };
    assert_eq!(listed.iter().map(|s| s.id).collect::<Vec<_>>(), vec![id]);
    assert_eq!(current(&mut t), before, "the open game is untouched");
    assert!(!rx.has_changed().unwrap());
    act(&mut t, Command::SetHandSize { seat: Seat(0), cards: 1 });
}

#[test]
fn closing_keeps_the_game_saved_and_it_reopens_as_it_was() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let id = started(&mut t, 2);
    act(&mut t, Command::SetFire { at: Location(5), on: true });
    let before = open_game(&current(&mut t)).clone();
    let listed = saves(&mut t);
    let closed = screen_of(call(&mut t, Call::Close));
    assert!(closed.game.is_none());
    assert_eq!(saves(&mut t), listed, "still listed, unchanged");
    let reopened = screen_of(call(&mut t, Call::Open { game: id }));
    assert_eq!(open_game(&reopened), &before);
    assert!(reopened.revision > closed.revision, "every change raises the revision");
}

#[test]
fn saves_are_listed_most_recently_played_first() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let a = new_game(&mut t, options(2));
    std::thread::sleep(std::time::Duration::from_millis(5));
    let b = new_game(&mut t, options(2));
    assert_eq!(saves(&mut t).iter().map(|s| s.id).collect::<Vec<_>>(), vec![b, a]);
    std::thread::sleep(std::time::Duration::from_millis(5));
    screen_of(call(&mut t, Call::Open { game: a }));
    draft_all(&mut t);
    assert_eq!(saves(&mut t).iter().map(|s| s.id).collect::<Vec<_>>(), vec![a, b], "playing a game moves it to the top");
}

// ---------------------------------------------------------------- undo and correct

#[test]
fn undo_through_act_restores_the_view_and_the_screen_tells_when_it_is_possible() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    started(&mut t, 2);
    let before = view(&mut t);

    let s = act(&mut t, Command::SetFire { at: Location(6), on: true });
    let g = open_game(&s);
    assert!(g.can_undo && !g.can_correct, "a plain step can be undone, not corrected");
    assert_eq!(g.last.as_ref().unwrap().command.as_deref(), Some("set_fire"));
    assert_ne!(g.view, before);

    let s = screen_of(call(&mut t, Call::Act { revision: None, request: Request::Undo }));
    let g = open_game(&s);
    assert_eq!(g.view, before, "undo restores the view exactly");
    let last = g.last.as_ref().unwrap();
    assert_eq!(last.command, None, "the last step shown is the undo itself");
    assert!(g.log.iter().any(|l| l.key == "undone"), "the log shows the undo");

    let s = act(&mut t, Command::RollDice { die: Die::Noise, count: 1 });
    let g = open_game(&s);
    assert!(!g.can_undo && !g.can_correct, "the app's own roll stands: neither undone nor corrected");
    let fault = fault_of(call(&mut t, Call::Act { revision: None, request: Request::Undo }));
    assert_eq!(fault.code, nemesis_engine::Code::CannotUndo);
    assert_eq!(fault.key, "the_app_drew_or_rolled_at_that_step", "the refusal says the app's result stands: {}", fault.reason);
}

#[test]
fn correct_through_act_replaces_the_drawn_card_on_the_screen() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    // The table keeps the Serious Wound deck and enters the wrong card from it.
    let mut setup = options(2);
    setup.handled.retain(|c| *c != Component::SeriousWoundDeck);
    let id = new_game(&mut t, setup);
    draft_all(&mut t);
    let s = act_with(&mut t, Command::Wound { seat: Seat(0), light: 0, serious: 1 }, vec![Entered::SeriousWound { key: "arm".into() }]);
    let g = open_game(&s);
    assert!(g.can_correct && !g.can_undo, "a card read at the table can be corrected, not undone");
    let drawn = g.view.seats[0].serious_wounds[0].card.key.clone();
    let wrong_seq = g.last.as_ref().unwrap().seq;
    let real = ["body", "arm", "hand", "leg", "bleeding"].into_iter().find(|k| *k != drawn).unwrap();

    let s = screen_of(call(&mut t, Call::Act { revision: None, request: Request::Correct { entered: vec![Entered::SeriousWound { key: real.into() }] } }));
    let g = open_game(&s);
    assert_eq!(g.view.seats[0].serious_wounds.len(), 1, "the correction replaces the wound");
    assert_eq!(g.view.seats[0].serious_wounds[0].card.key, real);
    let last = g.last.as_ref().unwrap();
    assert!(last.seq > wrong_seq);
    assert_eq!(last.command.as_deref(), Some("wound"));
    assert!(g.log.iter().any(|l| l.key == "correction"), "the log shows the correction");
    let entries = t.open_game().unwrap().entries().to_vec();
    assert_eq!(entries.last().unwrap().kind, EntryKind::Correction(wrong_seq));
    assert_eq!(entry_rows(&peek(t.store().path()), id), entries.len() as i64, "the correction is saved");

    // And it survives a restart.
    let expected = g.view.clone();
    drop(t);
    let mut t = table_in(dir.path());
    screen_of(call(&mut t, Call::Open { game: id }));
    assert_eq!(view(&mut t), expected);
}

// ---------------------------------------------------------------- storage failure

/// If the step cannot be stored, it is not accepted: the table must not keep showing it.
#[test]
fn a_step_that_cannot_be_saved_is_refused_and_not_shown() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let id = started(&mut t, 2);
    let before = current(&mut t);
    let steps = t.open_game().unwrap().entries().len();
    // Another process (a second table on the same folder) deletes the game meanwhile.
    let conn = peek(t.store().path());
    conn.execute_batch("PRAGMA foreign_keys = ON;").unwrap();
    conn.execute("DELETE FROM games WHERE id = ?1", [id]).unwrap();

    let fault = fault_of(try_act(&mut t, Command::SetHandSize { seat: Seat(0), cards: 2 }));
    assert!(matches!(fault.code, FaultCode::Host(HostCode::Storage | HostCode::NoSuchGame)), "{fault:?}");
    let after = current(&mut t);
    let still = t.open_game().map(|g| g.entries().len());
    assert!(
        after.game.is_none() || still == Some(steps),
        "the refused step is still in the open game ({still:?} entries, {steps} before)"
    );
    if let (Some(a), Some(b)) = (&after.game, &before.game) {
        assert_eq!(a, b, "the screen does not show the refused step");
    }
}

// ---------------------------------------------------------------- the log tail

#[test]
fn the_screen_carries_the_newest_log_lines_and_log_gives_them_all() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    started(&mut t, 2);
    let tail = nemesis_host::table::LOG_TAIL;
    let mut screen = current(&mut t);
    while (open_game(&screen).log_total as usize) <= tail + 5 {
        screen = act(&mut t, Command::RollDice { die: Die::Noise, count: 1 });
    }
    let g = open_game(&screen);
    let all = match call(&mut t, Call::Log) {
        Reply::Log { lines } => lines,
        other => panic!("{other:?}"),
    };
    assert_eq!(all.len(), g.log_total as usize, "log_total counts every line");
    assert_eq!(g.log.len(), tail, "the screen holds only the newest {tail}");
    assert_eq!(g.log[..], all[all.len() - tail..], "and they are the newest, in order");
}

// ---------------------------------------------------------------- the save file

/// The save file and its write-ahead log, byte for byte (`None` for a file that is not there).
fn save_bytes(dir: &Path) -> [(String, Option<Vec<u8>>); 2] {
    let db = db_path(dir);
    let wal = dir.join("games.sqlite3-wal");
    [db, wal].map(|p| (p.display().to_string(), std::fs::read(&p).ok()))
}

/// Asserts that opening the save folder `dir` is refused as a newer version's save, and that
/// the refusal wrote nothing to the file or its log.
fn assert_refused_untouched(dir: &Path, what: &str) {
    let before = save_bytes(dir);
    let err = nemesis_host::store::Store::open_dir(dir).err().unwrap_or_else(|| panic!("{what}: a newer file is refused"));
    assert_eq!(err.code, HostCode::Storage, "{what}: {}", err.reason);
    assert!(err.reason.contains("newer version of Nemesis Table"), "{what}: the message says why: {}", err.reason);
    assert!(err.reason.contains("left untouched") && err.reason.contains("install the newer version"), "{what}: and what to do: {}", err.reason);
    let after = save_bytes(dir);
    for ((name, b), (_, a)) in before.iter().zip(after.iter()) {
        assert!(a == b, "{what}: {name} changed ({:?} bytes before, {:?} after)", b.as_ref().map(Vec::len), a.as_ref().map(Vec::len));
    }
}

#[test]
fn a_save_file_from_a_newer_version_is_refused_and_left_byte_identical() {
    // Closed cleanly by the newer app: the version is in the file itself, no log beside it.
    let dir = scratch();
    let mut t = table_in(dir.path());
    let id = started(&mut t, 2);
    drop(t);
    peek(&db_path(dir.path())).pragma_update(None, "user_version", nemesis_host::store::SCHEMA + 1).unwrap();
    assert!(!dir.path().join("games.sqlite3-wal").exists(), "a clean close leaves no log");
    assert_refused_untouched(dir.path(), "closed cleanly");
    let conn = peek(&db_path(dir.path()));
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
    assert_eq!(version, nemesis_host::store::SCHEMA + 1, "the file was not downgraded");
    assert!(entry_rows(&conn, id) > 0, "nor emptied");
}

#[test]
fn the_check_before_writing_reads_a_save_folder_whose_name_needs_escaping() {
    // The read-only check opens the file by an SQLite URI: a folder named with a space, a `?`, a
    // `#` and a `%` must still be read as itself (a sound save opens, a newer one is refused).
    let dir = scratch();
    let odd = dir.path().join("Nemesis saves ?#%20 ünï");
    let mut t = table_in(&odd);
    let id = started(&mut t, 2);
    drop(t);
    let t = table_in(&odd);
    assert!(t.store().list().unwrap().iter().any(|s| s.id == id), "the sound save reopens");
    drop(t);
    peek(&db_path(&odd)).pragma_update(None, "user_version", nemesis_host::store::SCHEMA + 1).unwrap();
    assert_refused_untouched(&odd, "a folder name that needs escaping");
}

#[test]
fn a_newer_save_whose_change_is_still_in_the_log_is_refused_and_both_files_left_byte_identical() {
    // The newer app crashed after writing: its new version and a new table are only in the
    // write-ahead log. The files are copied while its connection is still open, as a crash
    // would leave them, so the check must read the log and must not fold it into the file.
    let live = scratch();
    let mut t = table_in(live.path());
    started(&mut t, 2);
    drop(t);
    let newer = peek(&db_path(live.path()));
    newer.pragma_update(None, "wal_autocheckpoint", 0).unwrap();
    newer
        .execute_batch(&format!("BEGIN; CREATE TABLE from_the_future (x); PRAGMA user_version = {}; COMMIT;", nemesis_host::store::SCHEMA + 1))
        .unwrap();
    let crashed = scratch();
    for name in ["games.sqlite3", "games.sqlite3-wal"] {
        std::fs::copy(live.path().join(name), crashed.path().join(name)).unwrap();
    }
    drop(newer);
    let header_version = i32::from_be_bytes(std::fs::read(db_path(crashed.path())).unwrap()[60..64].try_into().unwrap());
    assert_eq!(header_version as i64, nemesis_host::store::SCHEMA, "the file's own header still says this version: only the log says newer");
    assert!(std::fs::metadata(crashed.path().join("games.sqlite3-wal")).unwrap().len() > 0, "the log holds the newer change");
    assert_refused_untouched(crashed.path(), "the newer change still in the log");
}

#[test]
fn the_save_file_is_sound_after_a_game() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    started(&mut t, 4);
    play_event_phase(&mut t);
    assert_eq!(t.store().integrity().unwrap(), "ok");
    let mode: String = peek(t.store().path()).pragma_query_value(None, "journal_mode", |r| r.get(0)).unwrap();
    assert_eq!(mode.to_ascii_lowercase(), "wal", "the file is in WAL mode");
}

#[test]
fn the_last_step_names_who_got_a_private_reveal_never_what() {
    // Check Engine (p. 25): only the checking player learns the token; the table learns who looked.
    let dir = scratch();
    let mut t = table_in(dir.path());
    started(&mut t, 3);
    // Checking an Engine is a Room Action, taken in that Engine's room (p. 26).
    let engine_room = nemesis_engine::Content::base().engine_location(nemesis_engine::EngineNumber(1)).expect("Engine 1's room");
    act(&mut t, Command::PlaceCharacter { seat: Seat(2), at: engine_room });
    let screen = act(&mut t, Command::CheckEngine { seat: Seat(2), engine: nemesis_engine::EngineNumber(1) });
    let last = open_game(&screen).last.clone().expect("a last step");
    assert!(last.private);
    assert_eq!(last.private_seats, vec![Seat(2)]);
    let public = serde_json::to_string(&last).unwrap();
    assert!(!public.contains("working") && !public.contains("damaged"), "the step shows no engine status: {public}");
    let screen = act(&mut t, Command::SetHandSize { seat: Seat(0), cards: 4 });
    let last = open_game(&screen).last.clone().expect("a last step");
    assert!(!last.private && last.private_seats.is_empty(), "a public step names nobody");
}

/// The game's time stops at the step that ends it (p. 11: the victory check is not play): the
/// header's game clock must not run on through the check and the debrief (issue 31, item 5).
#[test]
fn the_games_time_stops_at_the_step_that_ends_it() {
    let dir = scratch();
    let mut t = table_in(dir.path());
    let id = started(&mut t, 2);
    act(&mut t, Command::KillCharacter { seat: Seat(0) });
    let ended = act(&mut t, Command::KillCharacter { seat: Seat(1) });
    assert!(open_game(&ended).view.phase == nemesis_engine::state::Phase::Over { cause: nemesis_engine::state::EndCause::Jump, check: nemesis_engine::state::VictoryStep::Done });
    let end = open_game(&ended).updated_ms;
    std::thread::sleep(std::time::Duration::from_millis(20));
    let after = screen_of(call(&mut t, Call::Act { revision: None, request: Request::Undo }));
    assert_eq!(open_game(&after).updated_ms, end, "a step after the end leaves the game's time where it ended");
    drop(t);
    let mut t = table_in(dir.path());
    let reopened = screen_of(call(&mut t, Call::Open { game: id }));
    assert_eq!(open_game(&reopened).updated_ms, end, "and so does the save");
}
