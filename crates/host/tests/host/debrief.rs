//! After the game (issue 22), through every door: the debrief and the replay are refused before
//! the victory check is done (the table's door, the script door, the serve door and a phone),
//! the table then gets the whole story and each phone only its own seat's part, the saves list
//! shows who won, and the play record comes as JSON and CSV.

use crate::common::http::*;
use crate::common::*;

use nemesis_engine::debrief::Debrief;
use nemesis_engine::{Actor, Command, Location, Seat};
use nemesis_host::protocol::{PhoneOffer, PhoneReply};
use nemesis_host::{script, Call, FaultCode, Reply, Shared, Table};
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
    assert_eq!(fault_of(call(&mut t, Call::Debrief)).code, FaultCode::NoGame);
    let id = started(&mut t, 3);
    let before = t.open_game().unwrap().entries().len();
    for c in [Call::Debrief, Call::Replay, Call::PlayRecord { game: id }] {
        let f = fault_of(call(&mut t, c.clone()));
        assert_eq!(f.code, FaultCode::WrongPhase, "{c:?}");
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
    assert_eq!(fault_of(call(&mut t, Call::PlayRecord { game: id + 40 })).code, FaultCode::NoSuchGame);
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
    assert_eq!(fault_of(ask(&mut t, &Call::Debrief)).code, FaultCode::WrongPhase);
    assert_eq!(fault_of(ask(&mut t, &Call::Replay)).code, FaultCode::WrongPhase);
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
    let table = t.shared();
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
    let table = t.shared();
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
