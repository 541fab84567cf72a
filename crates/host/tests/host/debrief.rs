//! After the game (issue 22), through every door: the debrief and the replay are refused before
//! the victory check is done (the table's door, the script door, the serve door and a phone),
//! the table then gets the whole story and each phone only its own seat's part, the saves list
//! shows who won, and the play record comes as JSON and CSV.

use crate::common::http::*;
use crate::common::*;

use nemesis_engine::debrief::Debrief;
use nemesis_engine::{Actor, Command, Location, Seat};
use nemesis_host::protocol::{PhoneOffer, PhoneReply};
use nemesis_host::{script, Call, FaultCode, HostCode, Reply, Shared, Table};
use std::time::Duration;

/// Nine Fires burn the ship (p. 17): everyone still on board dies, and with no survivor the
/// victory check is done at once.
fn burn(t: &mut Table) {
    for at in 1..=12u8 {
        if matches!(view(t).phase, nemesis_engine::state::Phase::Over { .. }) {
            return;
        }
        let _ = try_act(t, Command::SetFire { at: Location(at), on: true });
    }
    assert!(matches!(view(t).phase, nemesis_engine::state::Phase::Over { .. }), "the ship burned");
}

fn debrief_of(r: Reply) -> Debrief {
    match r {
        Reply::Debrief { debrief, .. } => debrief,
        other => panic!("expected a debrief, got {other:?}"),
    }
}

#[test]
fn the_table_door_refuses_the_debrief_until_the_end_then_tells_the_whole_story() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    assert_eq!(fault_of(call(&mut t, Call::Debrief)).code, HostCode::NoGame);
    let id = started(&mut t, 3);
    let before = t.open_game().unwrap().entries().len();
    for c in [Call::Debrief, Call::Replay, Call::PlayRecord { game: id }] {
        let f = fault_of(call(&mut t, c.clone()));
        assert_eq!(f.code, nemesis_engine::Code::WrongPhase, "{c:?}");
        assert_eq!(f.key, "the_debrief_opens_once_the_game_is_over");
    }
    assert_eq!(t.open_game().unwrap().entries().len(), before, "a refusal changes nothing");
    assert_eq!(saves(&mut t)[0].winners, None, "no result before the end");

    burn(&mut t);
    let d = debrief_of(call(&mut t, Call::Debrief));
    assert_eq!(d.verdicts.len(), 3);
    assert!(d.verdicts.iter().all(|v| !v.won && v.reasons.iter().any(|r| r.key == "verdict_died")), "everyone burned with the ship");
    let keys: Vec<&str> = d.timeline.iter().flat_map(|t| t.lines.iter()).map(|l| l.key.as_str()).collect();
    for k in ["setup_coordinates", "setup_engines", "setup_bag", "setup_objectives", "game_ended"] {
        assert!(keys.contains(&k), "the story tells {k}: {keys:?}");
    }
    match call(&mut t, Call::Replay) {
        Reply::Replay { frames, log } => {
            assert!(!frames.is_empty() && !log.is_empty());
            assert_eq!(frames.last().unwrap().view, view(&mut t), "the last frame is the board at the end");
        }
        other => panic!("expected a replay, got {other:?}"),
    }
    // The saves list keeps the finished game with its result.
    let listed = saves(&mut t);
    assert!(listed[0].finished);
    assert_eq!(listed[0].winners, Some(Vec::new()), "nobody won");
    // The play record: JSON for play loggers, and the same as CSV, one row per player.
    match call(&mut t, Call::PlayRecord { game: id }) {
        Reply::PlayRecord { file_stem, json, csv } => {
            assert!(file_stem.starts_with("nemesis-"), "{file_stem}");
            let v: serde_json::Value = serde_json::from_str(&json).unwrap();
            assert_eq!(v["format"], "nemesis-table-play");
            assert_eq!(v["players"].as_array().unwrap().len(), 3);
            assert_eq!(v["end"], "fire");
            assert!(v["players"].as_array().unwrap().iter().all(|p| p["won"] == false && p["fate"] == "dead" && p["character"].is_string()));
            let rows: Vec<&str> = csv.lines().collect();
            assert_eq!(rows[0], "title,date,duration_minutes,mode,end,turns,player,character,won,fate");
            assert_eq!(rows.len(), 4);
            assert!(rows[1].contains(",Player 1,") && rows[1].ends_with(",false,dead"), "{}", rows[1]);
        }
        other => panic!("expected a play record, got {other:?}"),
    }
    assert_eq!(fault_of(call(&mut t, Call::PlayRecord { game: id + 40 })).code, HostCode::NoSuchGame);
}

/// The saves list shows who won a finished game (issue 22). The host works each result out once
/// rather than replaying every finished game on every list, so the result must still follow the
/// game: undoing the Fire that ended it (p. 17) takes the result away, ending it again brings it
/// back, and a second finished game gets its own.
#[test]
fn the_saves_list_result_follows_an_undo_past_the_end_and_each_game_keeps_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    let first = started(&mut t, 2);
    burn(&mut t);
    let listed = saves(&mut t);
    assert_eq!((listed[0].id, listed[0].finished, listed[0].winners.clone()), (first, true, Some(Vec::new())));
    assert_eq!(saves(&mut t), listed, "asked again, the same list");
    // What a remembered result is keyed by: a result noted for the game as it stands is used as
    // is (nothing replayed), and once the game has changed it is worked out again, the old one
    // forgotten.
    let ended = (first, listed[0].steps, listed[0].updated_ms);
    let mut known = nemesis_host::debrief::Results::from([(ended, nemesis_host::debrief::Health::Sound(Some(vec!["noted".to_string()])))]);
    let list = || t.store().list().unwrap();
    assert_eq!(nemesis_host::debrief::with_results(t.store(), &mut known, list())[0].winners, Some(vec!["noted".to_string()]));

    let undone = screen_of(call(&mut t, Call::Act { revision: None, request: nemesis_engine::Request::Undo }));
    assert!(!matches!(open_game(&undone).view.phase, nemesis_engine::state::Phase::Over { .. }), "the game goes on");
    let listed = saves(&mut t);
    assert_eq!((listed[0].finished, listed[0].winners.clone()), (false, None), "no result while the game goes on");
    burn(&mut t);
    let listed = saves(&mut t);
    assert_eq!((listed[0].finished, listed[0].winners.clone()), (true, Some(Vec::new())), "the result is back once it ends again");
    assert_eq!(nemesis_host::debrief::with_results(t.store(), &mut known, t.store().list().unwrap())[0].winners, Some(Vec::new()), "the changed game's result is worked out again");
    assert!(!known.contains_key(&ended) && known.len() == 1, "the old result is forgotten: {known:?}");

    let second = started(&mut t, 3);
    assert_eq!(saves(&mut t).iter().find(|s| s.id == second).unwrap().winners, None, "the new game has no result yet");
    burn(&mut t);
    let listed = saves(&mut t);
    assert!(listed.iter().all(|s| s.finished && s.winners == Some(Vec::new())), "both ships burned: {listed:?}");
    assert_eq!(listed.len(), 2);
    match call(&mut t, Call::Delete { game: first }) {
        Reply::Saves { saves } => assert_eq!(saves.iter().map(|s| s.id).collect::<Vec<_>>(), vec![second], "the deleted game is gone from the list"),
        other => panic!("expected saves, got {other:?}"),
    }
}

#[test]
fn the_script_door_refuses_the_debrief_before_the_end_and_answers_it_after() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    started(&mut t, 2);
    let ask = |t: &mut Table, c: &Call| -> Reply {
        let mut out = Vec::new();
        script::run(t, std::io::Cursor::new(format!("{}\n", serde_json::to_string(c).unwrap()).into_bytes()), &mut out).unwrap();
        serde_json::from_slice(&out).expect("one reply")
    };
    assert_eq!(fault_of(ask(&mut t, &Call::Debrief)).code, nemesis_engine::Code::WrongPhase);
    assert_eq!(fault_of(ask(&mut t, &Call::Replay)).code, nemesis_engine::Code::WrongPhase);
    burn(&mut t);
    assert_eq!(debrief_of(ask(&mut t, &Call::Debrief)).verdicts.len(), 2);
    assert!(matches!(ask(&mut t, &Call::Replay), Reply::Replay { .. }));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_serve_door_refuses_the_debrief_before_the_end_and_answers_it_after() {
    use nemesis_host::serve::{self, Door};
    const KEY: &str = "0123456789abcdef0123456789abcdef";
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    started(&mut t, 2);
    let table = nemesis_host::Shared::new(t);
    let listener = serve::bind(0).await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let door = Door { table: table.clone(), key: KEY.into(), port };
    let handle = tokio::spawn(serve::run(listener, door, async move {
        let _ = stopped.await;
    }));
    let post = |c: Call| async move { request(port, "POST", "/api/call", &[("x-table-key", KEY)], Some(&serde_json::to_string(&c).unwrap())).await };
    let r = post(Call::Debrief).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["fault"]["code"], "wrong_phase", "{}", r.body);
    on_table(&table, burn);
    let r = post(Call::Debrief).await;
    assert_eq!(r.json()["reply"], "debrief", "{}", r.body);
    assert_eq!(r.json()["debrief"]["verdicts"].as_array().unwrap().len(), 2);
    let _ = stop.send(());
    let _ = handle.await;
}

// ---------------------------------------------------------------- the phone door

fn table_call(table: &Shared, c: Call) -> Reply {
    on_table(table, |t| t.call(Actor::Table, c))
}

async fn pair(table: &Shared, port: u16, seat: Seat) -> String {
    let offer: PhoneOffer = match table_call(table, Call::PairCode { seat }) {
        Reply::Offer { offer } => offer,
        other => panic!("expected an offer, got {other:?}"),
    };
    // The address's fragment is `pair=CODE&name=…&character=…`: the code is the `pair` value.
    let code = offer.url.split_once("#pair=").map(|(_, f)| f.split('&').next().unwrap_or_default().to_string()).unwrap();
    let body = serde_json::json!({ "call": "pair", "code": code, "device": "Test phone" }).to_string();
    let waiting = tokio::spawn(async move { request(port, "POST", "/api/phone", &[], Some(&body)).await });
    let mut ask = None;
    for _ in 0..400 {
        if let Reply::Screen { screen } = table_call(table, Call::Screen) {
            ask = screen.phones.asking.iter().find(|a| a.seat == seat).map(|a| a.ask);
        }
        if ask.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    screen_of(table_call(table, Call::AnswerPhone { ask: ask.expect("the phone asked"), accept: true, replace: false }));
    match waiting.await.unwrap().reply::<PhoneReply>() {
        PhoneReply::Paired { token, .. } => token,
        other => panic!("expected paired, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_gets_only_its_own_part_of_the_debrief_and_only_after_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    t.phone_rules_mut().port = 0;
    started(&mut t, 3);
    let table = nemesis_host::Shared::new(t);
    let port = phones_on(&table);
    let tokens = [pair(&table, port, Seat(0)).await, pair(&table, port, Seat(1)).await];
    let ask = |token: String| async move {
        let auth = format!("Bearer {token}");
        request(port, "POST", "/api/phone", &[("Authorization", auth.as_str())], Some(r#"{"call":"debrief"}"#)).await
    };
    let r = ask(tokens[0].clone()).await;
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["fault"]["code"], "wrong_phase");
    let r = request(port, "POST", "/api/phone", &[], Some(r#"{"call":"debrief"}"#)).await;
    assert_eq!(r.status, 401, "no token, no debrief: {}", r.body);

    on_table(&table, burn);
    let whole = debrief_of(table_call(&table, Call::Debrief));
    for (i, token) in tokens.iter().enumerate() {
        let seat = Seat(i as u8);
        let r = ask(token.clone()).await;
        assert_eq!(r.status, 200, "{}", r.body);
        let part = match r.reply::<PhoneReply>() {
            PhoneReply::Debrief { debrief, .. } => debrief,
            other => panic!("expected a debrief, got {other:?}"),
        };
        assert_eq!(part.verdict.seat, seat);
        assert!(!part.lines.is_empty(), "its objectives at least");
        assert!(part.lines.iter().all(|l| l.seat == Some(seat)), "only this seat's secrets");
        // Nothing of another seat: no other player's name and none of their objective cards.
        // (The game's title names every player by default: it is not part of the story.)
        let title = serde_json::to_string(&r.json()["title"]).unwrap();
        let body = r.body.replace(&title, "\"\"");
        let others: Vec<String> = whole.verdicts.iter().filter(|v| v.seat != seat).map(|v| v.name.clone()).collect();
        for name in &others {
            assert!(!body.contains(name.as_str()), "seat {i}'s part names {name}: {body}");
        }
        let their_lines = whole.timeline.iter().flat_map(|t| t.lines.iter()).filter(|l| l.seat.is_some_and(|s| s != seat));
        for l in their_lines {
            for p in l.params.values() {
                if let nemesis_engine::log::LogParam::List { items } = p {
                    for item in items {
                        if let nemesis_engine::log::LogParam::Term { key, .. } = item {
                            assert!(!r.body.contains(key.as_str()), "seat {i}'s part holds another seat's {key}");
                        }
                    }
                }
            }
        }
    }
}

/// The end is final once seen (issue 34, item 8): after the table was shown the debrief, undo is
/// refused and greyed, and the host has recorded it in the save before answering, so after a
/// restart the game still cannot be undone back into play. The Fire that ended it (p. 17) could
/// be undone until then.
#[test]
fn after_the_debrief_is_shown_undo_cannot_return_to_play_even_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    let game = started(&mut t, 2);
    burn(&mut t);
    assert!(open_game(&current(&mut t)).can_undo, "before the debrief, the last Fire can be undone");
    debrief_of(call(&mut t, Call::Debrief));
    assert!(!open_game(&current(&mut t)).can_undo, "the undo button is greyed once the debrief was shown");
    let steps = t.open_game().unwrap().entries().len();
    let refused = fault_of(call(&mut t, Call::Act { revision: None, request: nemesis_engine::Request::Undo }));
    assert_eq!(refused.code, FaultCode::Rule(nemesis_engine::Code::CannotUndo), "{refused:?}");
    assert!(refused.reason.contains("can still be corrected"), "{}", refused.reason);
    // A restart: the record is in the save, not only in memory.
    drop(t);
    let mut t = table_in(dir.path());
    screen_of(call(&mut t, Call::Open { game }));
    assert!(!open_game(&current(&mut t)).can_undo, "still greyed after a restart");
    let refused = fault_of(call(&mut t, Call::Act { revision: None, request: nemesis_engine::Request::Undo }));
    assert_eq!(refused.code, FaultCode::Rule(nemesis_engine::Code::CannotUndo), "still refused after a restart: {refused:?}");
    assert_eq!(t.open_game().unwrap().entries().len(), steps, "nothing was added");
    debrief_of(call(&mut t, Call::Debrief));
    evidence("end_final", &serde_json::json!({"undo_before_debrief": "allowed", "undo_after_debrief": "refused (cannot_undo)", "undo_after_restart": "refused (cannot_undo)", "reason": refused.reason}));
}
