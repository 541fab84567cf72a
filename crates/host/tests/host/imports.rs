//! Imports replayed, not trusted (issue 34, item 5): a file is accepted only if its commands
//! replay through the rules from its setup, and every card and token is dealt once. Each case
//! edits one exported game the way a hand or a bad tool would; each is refused with nothing
//! stored, and the untouched file imports. The cases go to target/evidence/import_replay.json.

use crate::common::*;

use nemesis_host::{Call, HostCode, Reply, Table};
use serde_json::Value;

fn exported(t: &mut Table, game: i64) -> Value {
    match call(t, Call::Export { game }) {
        Reply::Exported { file, .. } => serde_json::from_str(&file).unwrap(),
        other => panic!("expected an export, got {other:?}"),
    }
}

/// The setup step's event of type `kind`.
fn setup_event<'a>(file: &'a mut Value, kind: &str) -> &'a mut Value {
    file["entries"][0]["events"].as_array_mut().unwrap().iter_mut().find(|e| e["type"] == kind).unwrap_or_else(|| panic!("the setup has {kind}"))
}

#[test]
fn an_import_whose_commands_the_rules_refuse_or_that_deals_a_component_twice_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    let game = started(&mut t, 3);
    act(&mut t, nemesis_engine::Command::SetHandSize { seat: nemesis_engine::Seat(0), cards: 3 });
    play_event_phase(&mut t);
    let file = exported(&mut t, game);
    let before = saves(&mut t).len();
    assert!(matches!(call(&mut t, Call::Import { file: file.to_string() }), Reply::Imported { .. }), "the untouched file imports");
    let before = before + 1;

    let mut cases: Vec<(&str, Value, &str)> = Vec::new();
    let mut f = file.clone();
    {
        let tiles = setup_event(&mut f, "room_tiles_placed")["tiles"].as_array_mut().unwrap();
        let first = tiles[0][1].clone();
        tiles[1][1] = first;
    }
    cases.push(("one room tile dealt into two rooms", f, "room tile"));
    let mut f = file.clone();
    {
        let tokens = setup_event(&mut f, "exploration_tokens_placed")["tokens"].as_array_mut().unwrap();
        let first = tokens[0][1].clone();
        tokens[1][1] = first;
    }
    cases.push(("one Exploration token in two rooms", f, "Exploration token"));
    let mut f = file.clone();
    {
        let tokens = setup_event(&mut f, "bag_filled")["tokens"].as_array_mut().unwrap();
        let first = tokens[0].clone();
        tokens[1] = first;
    }
    cases.push(("one bag token put in the bag twice", f, "bag token"));
    let mut f = file.clone();
    setup_event(&mut f, "bag_filled")["tokens"] = serde_json::json!([]);
    cases.push(("a setup without a bag", f, "setup"));
    // A step with chance (the Event card drawn in the Event Phase, p. 15) moved to just after
    // the setup, while the characters are still being drafted.
    let mut f = file.clone();
    {
        let entries = f["entries"].as_array_mut().unwrap();
        let drawn = entries.iter().position(|e| e["command"]["type"] == "resolve_event_card").expect("an Event card step");
        let mut step = entries[drawn].clone();
        step["seq"] = serde_json::json!(2);
        entries.truncate(1);
        entries.push(step);
    }
    cases.push(("an Event card drawn during the draft", f, "rules refuse"));
    // A step without chance whose events are not what its command does.
    let mut f = file.clone();
    {
        let entries = f["entries"].as_array_mut().unwrap();
        let step = entries.iter_mut().find(|e| e["command"]["type"] == "set_hand_size").expect("the hand size step");
        step["command"]["cards"] = serde_json::json!(1);
    }
    cases.push(("a hand size step whose command says 1 and events say 3", f, "events its command does not give"));

    let mut tally = Vec::new();
    for (what, f, says) in cases {
        assert_ne!(f, file, "{what}: the edit changed the file");
        let fault = fault_of(call(&mut t, Call::Import { file: f.to_string() }));
        assert_eq!(fault.code, HostCode::BadFile, "{what}: {}", fault.reason);
        assert!(fault.reason.contains(says), "{what}: says why ({says}): {}", fault.reason);
        assert_eq!(saves(&mut t).len(), before, "{what}: nothing was stored");
        tally.push(serde_json::json!({"case": what, "refused": fault.reason}));
    }
    evidence("import_replay", &Value::Array(tally));
}
