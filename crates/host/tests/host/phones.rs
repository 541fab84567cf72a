//! The phone server over real HTTP on loopback (PRIVACY.md, "The LAN server"): pairing with the
//! table's confirmation, single-use and expiring codes, seat tokens that can be revoked and that
//! survive a restart, every route's refusals, Host/Origin checks, bad bodies, and the lockout.

use crate::common::http::*;
use crate::common::*;

use nemesis_engine::state::Phase;
use nemesis_engine::{Actor, Command, Seat};
use nemesis_host::protocol::{OfferPurpose, PhoneOffer, PhoneReply, TableScreen};
use nemesis_host::{Call, HostCode, Reply, Shared};
use std::path::Path;
use std::time::Duration;

pub(crate) struct Lan {
    pub(crate) table: Shared,
    pub(crate) port: u16,
    game: i64,
    dir: tempfile::TempDir,
}

pub(crate) fn table_call(table: &Shared, c: Call) -> Reply {
    on_table(table, |t| t.call(Actor::Table, c))
}

pub(crate) fn phones_screen(table: &Shared) -> TableScreen {
    screen_of(table_call(table, Call::Screen))
}

/// A table with a drafted game of `players` and phones on; `rules` adjusts the pairing limits.
async fn lan_with(players: usize, draft: bool, rules: impl FnOnce(&mut nemesis_host::phones::PhoneRules)) -> Lan {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    t.phone_rules_mut().port = 0;
    rules(t.phone_rules_mut());
    let game = if draft { started(&mut t, players) } else { new_game(&mut t, options(players)) };
    let table = nemesis_host::Shared::new(t);
    let port = phones_on(&table);
    Lan { table, port, game, dir }
}

pub(crate) async fn lan(players: usize) -> Lan {
    lan_with(players, true, |_| {}).await
}

/// The server stops in the background: true once connecting is refused (within two seconds).
async fn stops_listening(port: u16) -> bool {
    for _ in 0..200 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    false
}

fn offer(table: &Shared, c: Call) -> PhoneOffer {
    match table_call(table, c) {
        Reply::Offer { offer } => offer,
        other => panic!("expected an offer, got {other:?}"),
    }
}

fn code_of(offer: &PhoneOffer) -> String {
    let fragment = offer.url.split_once('#').map(|(_, f)| f).expect("a fragment");
    fragment.split('&').find_map(|p| p.split_once('=')).map(|(_, c)| c.to_string()).expect("a code in the fragment")
}

pub(crate) async fn phone(port: u16, token: Option<&str>, body: &str) -> Response {
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth.as_deref().map(|a| vec![("Authorization", a)]).unwrap_or_default();
    request(port, "POST", "/api/phone", &headers, Some(body)).await
}

fn pair_body(code: &str) -> String {
    serde_json::json!({ "call": "pair", "code": code, "device": "Test phone" }).to_string()
}

/// Waits until the table lists a phone asking for `seat`; its ask number.
async fn ask_for(table: &Shared, seat: Seat) -> u32 {
    for _ in 0..400 {
        if let Some(a) = phones_screen(table).phones.asking.iter().find(|a| a.seat == seat) {
            return a.ask;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("no phone asked for seat {}", seat.0);
}

/// Pairs a phone to `seat` the whole way: QR code, the phone's request, the table's confirmation.
pub(crate) async fn pair(l: &Lan, seat: Seat) -> String {
    let code = code_of(&offer(&l.table, Call::PairCode { seat }));
    let port = l.port;
    let waiting = tokio::spawn(async move { phone(port, None, &pair_body(&code)).await });
    let ask = ask_for(&l.table, seat).await;
    screen_of(table_call(&l.table, Call::AnswerPhone { ask, accept: true, replace: false }));
    let r = waiting.await.unwrap();
    assert_eq!(r.status, 200, "paired: {}", r.body);
    match r.reply::<PhoneReply>() {
        PhoneReply::Paired { token, seat: s, name } => {
            assert_eq!(s, seat);
            assert_eq!(name, format!("Player {}", seat.0 + 1));
            assert_eq!(token.len(), 32, "a 128-bit token");
            token
        }
        other => panic!("expected paired, got {other:?}"),
    }
}

pub(crate) fn assert_fault(r: &Response, status: u16, code: &str, what: &str) {
    assert_eq!(r.status, status, "{what}: status (body {:?})", r.body);
    let v = r.json();
    assert_eq!(v["reply"], "refused", "{what}: {v}");
    assert_eq!(v["fault"]["code"], code, "{what}: {v}");
    assert!(v["fault"]["reason"].as_str().is_some_and(|s| !s.is_empty()), "{what}: a reason a player understands");
}

pub(crate) fn hand_of(r: &Response) -> nemesis_host::PhoneScreen {
    assert_eq!(r.status, 200, "{}", r.body);
    match r.reply::<PhoneReply>() {
        PhoneReply::Hand { screen } => std::sync::Arc::unwrap_or_clone(screen),
        other => panic!("expected a hand, got {other:?}"),
    }
}

const HAND: &str = r#"{"call":"hand"}"#;

// ---------------------------------------------------------------- pairing

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_phone_server_is_off_until_the_table_turns_it_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    t.phone_rules_mut().port = 0;
    started(&mut t, 2);
    let table = nemesis_host::Shared::new(t);
    let screen = phones_screen(&table);
    assert!(!screen.phones.on && screen.phones.url.is_none(), "off by default (PRIVACY.md, LAN server rule 1)");
    assert!(screen.phones.seats.iter().all(|s| !s.paired && s.connected == 0));
    let f = fault_of(table_call(&table, Call::PairCode { seat: Seat(0) }));
    assert_eq!(f.code, HostCode::PhonesOff, "no QR while off");
    let port = phones_on(&table);
    assert!(request(port, "GET", "/", &[], None).await.status != 0);
    let screen = screen_of(table_call(&table, Call::Phones { on: false, address: None }));
    assert!(!screen.phones.on);
    assert!(stops_listening(port).await, "nothing listens once off");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_gets_a_seat_token_only_after_the_table_confirms_it() {
    let l = lan(2).await;
    let code = code_of(&offer(&l.table, Call::PairCode { seat: Seat(1) }));
    let port = l.port;
    let waiting = tokio::spawn(async move { phone(port, None, &pair_body(&code)).await });
    let ask = ask_for(&l.table, Seat(1)).await;
    let asking = phones_screen(&l.table).phones.asking;
    assert_eq!(asking.len(), 1);
    assert_eq!(asking[0].device, "Test phone");
    assert!(!waiting.is_finished(), "the phone waits for the table");
    screen_of(table_call(&l.table, Call::AnswerPhone { ask, accept: true, replace: false }));
    let r = waiting.await.unwrap();
    let PhoneReply::Paired { token, seat, .. } = r.reply::<PhoneReply>() else { panic!("paired: {}", r.body) };
    assert_eq!(seat, Seat(1));
    let screen = phones_screen(&l.table);
    assert!(screen.phones.asking.is_empty());
    let s1 = screen.phones.seats.iter().find(|s| s.seat == Seat(1)).unwrap();
    assert!(s1.paired && s1.device.as_deref() == Some("Test phone"));
    let hand = hand_of(&phone(l.port, Some(&token), HAND).await);
    assert_eq!(hand.seat, Seat(1), "the token proves its own seat");
    assert_eq!(hand.game.unwrap().hand.seat, Seat(1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_the_table_refuses_gets_no_token() {
    let l = lan(2).await;
    let code = code_of(&offer(&l.table, Call::PairCode { seat: Seat(0) }));
    let port = l.port;
    let waiting = tokio::spawn(async move { phone(port, None, &pair_body(&code)).await });
    let ask = ask_for(&l.table, Seat(0)).await;
    screen_of(table_call(&l.table, Call::AnswerPhone { ask, accept: false, replace: false }));
    assert_fault(&waiting.await.unwrap(), 403, "not_confirmed", "refused by the table");
    assert!(phones_screen(&l.table).phones.seats.iter().all(|s| !s.paired));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_that_hangs_up_while_waiting_leaves_the_tables_list() {
    let l = lan(2).await;
    let code = code_of(&offer(&l.table, Call::PairCode { seat: Seat(0) }));
    let port = l.port;
    let waiting = tokio::spawn(async move { phone(port, None, &pair_body(&code)).await });
    let ask = ask_for(&l.table, Seat(0)).await;
    waiting.abort();
    for _ in 0..400 {
        if phones_screen(&l.table).phones.asking.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(phones_screen(&l.table).phones.asking.is_empty(), "the ask is gone");
    let f = fault_of(table_call(&l.table, Call::AnswerPhone { ask, accept: true, replace: false }));
    assert_eq!(f.code, nemesis_engine::Code::NoSuchThing);
    assert!(phones_screen(&l.table).phones.seats.iter().all(|s| !s.paired), "no token went to nobody");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pairing_code_works_only_once() {
    let l = lan(2).await;
    let code = code_of(&offer(&l.table, Call::PairCode { seat: Seat(0) }));
    assert_eq!(code.len(), 32, "128 bits from the OS (PRIVACY.md, LAN server rule 2)");
    let port = l.port;
    let c2 = code.clone();
    let waiting = tokio::spawn(async move { phone(port, None, &pair_body(&c2)).await });
    let ask = ask_for(&l.table, Seat(0)).await;
    assert_fault(&phone(l.port, None, &pair_body(&code)).await, 410, "code_expired", "the same code a second time");
    table_call(&l.table, Call::AnswerPhone { ask, accept: true, replace: false });
    assert_eq!(waiting.await.unwrap().status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pairing_code_expires_after_its_short_life() {
    let l = lan_with(2, true, |r| r.code_life = Duration::from_millis(150)).await;
    let o = offer(&l.table, Call::PairCode { seat: Seat(0) });
    assert_eq!(o.expires_in_ms, 150);
    assert_eq!(o.purpose, OfferPurpose::Pair);
    assert!(o.svg.starts_with("<?xml") && o.svg.contains("<svg"), "the QR is an SVG document");
    assert!(o.url.starts_with(&format!("http://127.0.0.1:{}/#pair=", l.port)), "the code travels in the fragment: {}", o.url);
    // The join page names the seat before the tap (issue 20): "Player 1" and the character kept
    // in the draft, from the fragment; the host still takes the seat from the code alone.
    let character = on_table(&l.table, |t| t.open_game().and_then(|g| g.state()).and_then(|s| s.public_view().seats[0].character.clone())).expect("drafted");
    assert!(o.url.contains(&format!("&name=Player%201&character={}", character.key)), "the address names the seat: {}", o.url);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_fault(&phone(l.port, None, &pair_body(&code_of(&o))).await, 410, "code_expired", "an expired code");
}

// ---------------------------------------------------------------- pairing the table can trust (issue 21, item 5)

/// The table's list of waiting phones for `seat`.
fn asks_for(table: &Shared, seat: Seat) -> Vec<nemesis_host::protocol::PhoneAsk> {
    phones_screen(table).phones.asking.into_iter().filter(|a| a.seat == seat).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_shows_the_digits_the_waiting_phone_shows() {
    let l = lan(2).await;
    let code = code_of(&offer(&l.table, Call::PairCode { seat: Seat(1) }));
    let port = l.port;
    let body = pair_body(&code);
    let waiting = tokio::spawn(async move { phone(port, None, &body).await });
    let ask = ask_for(&l.table, Seat(1)).await;
    let listed = asks_for(&l.table, Seat(1));
    assert_eq!(listed[0].match_code, nemesis_host::phones::match_code(&code), "the digits of the code this phone spent");
    assert!(listed[0].match_code.len() == 4 && listed[0].match_code.chars().all(|c| c.is_ascii_digit()));
    screen_of(table_call(&l.table, Call::AnswerPhone { ask, accept: true, replace: false }));
    assert_eq!(waiting.await.unwrap().status, 200);
    // The phone page computes the same function (ui/src/phone/phone.svelte.ts, `matchCode`);
    // this example is checked there by the e2e test's equality on screen, and pinned here.
    assert_eq!(nemesis_host::phones::match_code("0123456789abcdef0123456789abcdef"), "8325");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_code_for_a_seat_refuses_the_phone_still_waiting_for_it() {
    let l = lan(2).await;
    let stale = code_of(&offer(&l.table, Call::PairCode { seat: Seat(0) }));
    let port = l.port;
    let waiting = tokio::spawn(async move { phone(port, None, &pair_body(&stale)).await });
    ask_for(&l.table, Seat(0)).await;
    // The table shows a new QR for the seat (the first was photographed, say).
    let fresh = code_of(&offer(&l.table, Call::PairCode { seat: Seat(0) }));
    let r = tokio::time::timeout(Duration::from_secs(5), waiting).await.expect("the stale phone is answered at once").unwrap();
    assert_fault(&r, 403, "not_confirmed", "the phone that used the older code");
    assert!(asks_for(&l.table, Seat(0)).is_empty(), "the table no longer lists it");
    // The new code's phone is the only one that can ask now.
    let waiting = tokio::spawn(async move { phone(port, None, &pair_body(&fresh)).await });
    let ask = ask_for(&l.table, Seat(0)).await;
    assert_eq!(asks_for(&l.table, Seat(0)).len(), 1);
    screen_of(table_call(&l.table, Call::AnswerPhone { ask, accept: true, replace: false }));
    assert_eq!(waiting.await.unwrap().status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accepting_a_phone_refuses_every_other_phone_waiting_for_that_seat() {
    let l = lan(2).await;
    // Two phones waiting for one seat at once (the server no longer lets this happen through
    // codes; the table must hold even so).
    let (first, mut first_answer) = on_table(&l.table, |t| t.phones().ask(Seat(0), "Phone A".into(), "1111".into()));
    let (second, second_answer) = on_table(&l.table, |t| t.phones().ask(Seat(0), "Phone B".into(), "2222".into()));
    screen_of(table_call(&l.table, Call::AnswerPhone { ask: second, accept: true, replace: false }));
    assert!(second_answer.await.unwrap().is_some(), "the newer phone got the seat");
    assert_eq!(first_answer.try_recv().unwrap(), None, "the older one was refused");
    let f = fault_of(table_call(&l.table, Call::AnswerPhone { ask: first, accept: true, replace: false }));
    assert_eq!(f.code, nemesis_engine::Code::NoSuchThing, "accepting the older one afterwards finds nothing: {}", f.reason);
    assert_eq!(phones_screen(&l.table).phones.seats[0].device.as_deref(), Some("Phone B"), "the rightful phone keeps the seat");
    evidence("stale_ask", &serde_json::json!({"older_ask_refused_when_newer_accepted": true, "older_ask_accept_afterwards": f.code, "rightful_phone_kept": true}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_with_a_phone_is_given_another_only_when_the_table_replaces_it_knowingly() {
    let l = lan(2).await;
    let rightful = pair(&l, Seat(0)).await;
    let (ask, mut answer) = on_table(&l.table, |t| t.phones().ask(Seat(0), "Phone C".into(), "3333".into()));
    let f = fault_of(table_call(&l.table, Call::AnswerPhone { ask, accept: true, replace: false }));
    assert_eq!(f.code, nemesis_engine::Code::NotAllowed, "{}", f.reason);
    assert_eq!(hand_of(&phone(l.port, Some(&rightful), HAND).await).seat, Seat(0), "the rightful phone still works");
    assert_eq!(asks_for(&l.table, Seat(0)).len(), 1, "the ask stays for the table to decide");
    assert!(answer.try_recv().is_err(), "and its phone still waits");
    screen_of(table_call(&l.table, Call::AnswerPhone { ask, accept: true, replace: true }));
    assert!(answer.await.unwrap().is_some(), "replaced knowingly");
    assert_fault(&phone(l.port, Some(&rightful), HAND).await, 401, "bad_token", "the replaced phone");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_with_a_phone_gets_no_second_code_until_freed() {
    let l = lan(2).await;
    pair(&l, Seat(0)).await;
    let f = fault_of(table_call(&l.table, Call::PairCode { seat: Seat(0) }));
    assert_eq!(f.code, nemesis_engine::Code::NotAllowed);
    table_call(&l.table, Call::RevokePhone { seat: Seat(0) });
    offer(&l.table, Call::PairCode { seat: Seat(0) });
    let f = fault_of(table_call(&l.table, Call::PairCode { seat: Seat(7) }));
    assert_eq!(f.code, nemesis_engine::Code::NoSuchThing, "no such seat");
}

// ---------------------------------------------------------------- tokens

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_phone_route_refuses_a_missing_wrong_or_revoked_token() {
    // More bad tokens than the lockout allows are sent on purpose; the lockout has its own test.
    let l = lan_with(2, true, |r| r.strikes = 1000).await;
    let token = pair(&l, Seat(0)).await;
    let other = pair(&l, Seat(1)).await;
    screen_of(table_call(&l.table, Call::RevokePhone { seat: Seat(0) }));
    let wrong = "f".repeat(32);
    let bodies = [HAND.to_string(), r#"{"call":"leave"}"#.to_string(), r#"{"call":"act","command":{"type":"choose_objective","seat":0,"objective":null}}"#.to_string(), r#"{"call":"content","pack":"base"}"#.to_string()];
    for (label, t) in [("missing", None), ("wrong", Some(wrong.as_str())), ("revoked", Some(token.as_str()))] {
        for body in &bodies {
            assert_fault(&phone(l.port, t, body).await, 401, "bad_token", &format!("{label} token, {body}"));
        }
        let auth = t.map(|t| format!("Bearer {t}"));
        let headers: Vec<(&str, &str)> = auth.as_deref().map(|a| vec![("Authorization", a)]).unwrap_or_default();
        let (status, _, _) = EventStream::open_with(l.port, "/api/stream", &headers).await;
        assert_eq!(status, 401, "{label} token on the stream");
        let (status, _, _) = EventStream::open(l.port, &format!("/api/stream?token={}", t.unwrap_or(""))).await;
        assert_eq!(status, 401, "{label} token in the stream's query");
    }
    assert_eq!(hand_of(&phone(l.port, Some(&other), HAND).await).seat, Seat(1), "the other seat's phone still works");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn revoking_a_seat_ends_its_stream_at_once() {
    let l = lan(2).await;
    let token = pair(&l, Seat(0)).await;
    let auth = format!("Bearer {token}");
    let (status, headers, mut events) = EventStream::open_with(l.port, "/api/stream", &[("Authorization", &auth)]).await;
    assert_eq!(status, 200);
    assert!(headers["content-type"].starts_with("text/event-stream"));
    let (name, first) = events.next().await;
    assert_eq!(name, "hand");
    assert_eq!(first["seat"], 0);
    for _ in 0..400 {
        if phones_screen(&l.table).phones.seats[0].connected == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(phones_screen(&l.table).phones.seats[0].connected, 1, "the table sees the phone connected");
    table_call(&l.table, Call::RevokePhone { seat: Seat(0) });
    let mut revoked = false;
    while let Some((name, _)) = events.next_text().await {
        if name == "revoked" {
            revoked = true;
        }
    }
    assert!(revoked, "the phone is told");
    for _ in 0..400 {
        if phones_screen(&l.table).phones.seats[0].connected == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(phones_screen(&l.table).phones.seats[0].connected, 0, "and the table sees it gone");
}

/// Issue 21, item 4: revoking works in memory first. Another program holds the save, so the
/// write is refused after SQLite's 5 s wait, as a full disk would refuse it. The phone's stream is
/// told at once, before the write; its token is refused after; neither the failed write nor
/// opening the game again brings the phone back; the removal reaches the save once it can.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revocation_holds_even_when_the_save_refuses_the_write() {
    let l = lan(2).await;
    let token = pair(&l, Seat(0)).await;
    let auth = format!("Bearer {token}");
    let (status, _, mut events) = EventStream::open_with(l.port, "/api/stream", &[("Authorization", &auth)]).await;
    assert_eq!(status, 200);
    assert_eq!(events.next().await.0, "hand");
    let blocker = peek(&db_path(l.dir.path()));
    blocker.execute_batch("BEGIN IMMEDIATE").unwrap();
    let table = l.table.clone();
    let t0 = std::time::Instant::now();
    let revoking = tokio::task::spawn_blocking(move || table_call(&table, Call::RevokePhone { seat: Seat(0) }));
    let mut told = false;
    while let Ok(Some((name, _))) = tokio::time::timeout(Duration::from_secs(3), events.next_text()).await {
        if name == "revoked" {
            told = true;
            break;
        }
    }
    assert!(told, "the phone is told");
    let told_ms = t0.elapsed().as_secs_f64() * 1000.0;
    let write_pending = !revoking.is_finished();
    assert!(t0.elapsed() < Duration::from_secs(1) && write_pending, "told within a second, while the write still waits ({:?})", t0.elapsed());
    let fault = fault_of(revoking.await.unwrap());
    assert_eq!(fault.code, HostCode::Storage, "the failed write is reported: {}", fault.reason);
    assert!(!phones_screen(&l.table).phones.seats[0].paired, "the table shows the seat free");
    assert_fault(&phone(l.port, Some(&token), HAND).await, 401, "bad_token", "after a revocation the save refused");
    // Opening the game again in this run (its tokens are read back from the save) does not
    // bring the phone back either, while the save still refuses.
    let table = l.table.clone();
    let game = l.game;
    screen_of(tokio::task::spawn_blocking(move || table_call(&table, Call::Open { game })).await.unwrap());
    assert_fault(&phone(l.port, Some(&token), HAND).await, 401, "bad_token", "after opening the game again");
    let rows = |c: &rusqlite::Connection| c.query_row("SELECT COUNT(*) FROM phones WHERE seat = 0", [], |r| r.get::<_, i64>(0)).unwrap();
    assert_eq!(rows(&blocker), 1, "the save still holds the token");
    blocker.execute_batch("ROLLBACK").unwrap();
    // The next call saves the revocation.
    table_call(&l.table, Call::Screen);
    assert_eq!(rows(&peek(&db_path(l.dir.path()))), 0, "the revocation reached the save");
    evidence("revocation", &serde_json::json!({"stream_told_ms": told_ms, "write_still_pending_when_told": write_pending, "token_refused_after_failed_write": true, "reopened_game_kept_it_revoked": true, "saved_once_possible": true}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_that_leaves_gives_its_seat_back() {
    let l = lan(2).await;
    let token = pair(&l, Seat(1)).await;
    let r = phone(l.port, Some(&token), r#"{"call":"leave"}"#).await;
    assert_eq!(r.reply::<PhoneReply>(), PhoneReply::Left);
    assert!(!phones_screen(&l.table).phones.seats[1].paired);
    assert_fault(&phone(l.port, Some(&token), HAND).await, 401, "bad_token", "after leaving");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paired_phone_rejoins_after_the_app_restarts() {
    let l = lan(2).await;
    let token = pair(&l, Seat(1)).await;
    let Lan { table, game, dir, .. } = l;
    drop(table);
    let (table, port) = restart(dir.path(), game).await;
    assert!(phones_screen(&table).phones.seats[1].paired);
    assert_eq!(hand_of(&phone(port, Some(&token), HAND).await).seat, Seat(1));
    keep(dir.path());
}

/// A new run of the app on the same saves, with `game` open and its phone server listening.
async fn restart(dir: &Path, game: i64) -> (nemesis_host::Shared, u16) {
    // The old run's phone tasks let go of its table (and the folder's lock) as they wind down,
    // which on a loaded machine can take a moment after the last handle is dropped.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let store = loop {
        match nemesis_host::store::Store::open_dir(dir) {
            Ok(store) => break store,
            Err(f) if std::time::Instant::now() < deadline && f.key == "these_saves_are_already_open_in_another_window" => {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await
            }
            Err(f) => panic!("the saves reopen: {f:?}"),
        }
    };
    let mut t = nemesis_host::Table::new(store);
    t.phone_rules_mut().port = 0;
    screen_of(t.call(Actor::Table, Call::Open { game }));
    let table = nemesis_host::Shared::new(t);
    let port = phones_on(&table);
    (table, port)
}

/// Issue 34, item 6: a revocation is on disk before it is acknowledged, or the seat stays freed
/// after a restart. The save refuses the revocation's write (another program holds it, as a full
/// disk would refuse it); the app then stops before the write could be made again. In the next
/// run the freed phone is still refused, because the pairing's mark beside the save went first
/// (removing a file needs no space); the other seat's phone rejoins.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revocation_the_save_refused_still_holds_after_a_restart() {
    let l = lan(2).await;
    let freed = pair(&l, Seat(0)).await;
    let kept = pair(&l, Seat(1)).await;
    let blocker = peek(&db_path(l.dir.path()));
    blocker.execute_batch("BEGIN IMMEDIATE").unwrap();
    let table = l.table.clone();
    let fault = fault_of(tokio::task::spawn_blocking(move || table_call(&table, Call::RevokePhone { seat: Seat(0) })).await.unwrap());
    assert_eq!(fault.code, HostCode::Storage, "the failed write is reported: {}", fault.reason);
    let Lan { table, game, dir, .. } = l;
    drop(table);
    blocker.execute_batch("ROLLBACK").unwrap();
    let rows = peek(&db_path(dir.path())).query_row("SELECT COUNT(*) FROM phones WHERE seat = 0", [], |r| r.get::<_, i64>(0)).unwrap();
    assert_eq!(rows, 1, "the save itself still holds the freed seat's token");
    drop(blocker);
    let (table, port) = restart(dir.path(), game).await;
    assert!(!phones_screen(&table).phones.seats[0].paired, "the freed seat stays free");
    assert_fault(&phone(port, Some(&freed), HAND).await, 401, "bad_token", "the freed phone in the next run");
    assert_eq!(hand_of(&phone(port, Some(&kept), HAND).await).seat, Seat(1), "the other phone rejoins");
    evidence("revocation_restart", &serde_json::json!({"save_kept_the_row": rows == 1, "freed_token_refused_next_run": true, "other_phone_rejoined": true}));
    keep(dir.path());
}

/// A save folder from before the pairings' marks (or a save restored without them) keeps its
/// paired phones: the marks are made from the save's rows the first time they are needed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn phones_paired_before_the_marks_existed_rejoin_after_a_restart() {
    let l = lan(2).await;
    let token = pair(&l, Seat(1)).await;
    let Lan { table, game, dir, .. } = l;
    drop(table);
    let marks = dir.path().join("games.sqlite3-pairings");
    assert!(marks.is_dir(), "a pairing is marked beside the save");
    std::fs::remove_dir_all(&marks).unwrap();
    let (table, port) = restart(dir.path(), game).await;
    assert!(phones_screen(&table).phones.seats[1].paired);
    assert_eq!(hand_of(&phone(port, Some(&token), HAND).await).seat, Seat(1));
    assert!(marks.is_dir(), "and the marks are made again");
    keep(dir.path());
}

fn keep(_: &Path) {}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn phones_stop_when_the_game_closes_and_tokens_belong_to_their_game() {
    let l = lan(2).await;
    let token = pair(&l, Seat(0)).await;
    screen_of(table_call(&l.table, Call::Close));
    assert!(!phones_screen(&l.table).phones.on, "off with no game (PRIVACY.md, LAN server rule 1)");
    assert!(stops_listening(l.port).await, "nothing listens once the game closed");
    assert_eq!(fault_of(table_call(&l.table, Call::Phones { on: true, address: Some("127.0.0.1".into()) })).code, HostCode::NoGame);
    // Another game: the first game's token proves nothing there.
    on_table(&l.table, |t| started(t, 2));
    let port = phones_on(&l.table);
    assert_fault(&phone(port, Some(&token), HAND).await, 401, "bad_token", "a token of another game");
}

// ---------------------------------------------------------------- what a seat may see and do

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_only_ever_receives_its_own_hand() {
    let l = lan(3).await;
    let tokens = [pair(&l, Seat(0)).await, pair(&l, Seat(1)).await, pair(&l, Seat(2)).await];
    let views: Vec<_> = (0..3).map(|i| on_table(&l.table, |t| t.open_game().unwrap().state().unwrap().seat_view(Seat(i)).unwrap())).collect();
    for (i, token) in tokens.iter().enumerate() {
        let hand = hand_of(&phone(l.port, Some(token), HAND).await);
        let game = hand.game.expect("a game");
        assert_eq!(game.hand, views[i], "seat {i} gets exactly its own view");
        assert_eq!(game.me.seat, Seat(i as u8));
        let body = serde_json::to_string(&game).unwrap();
        for (j, other) in views.iter().enumerate() {
            if j != i {
                for o in &other.objectives {
                    assert!(!body.contains(&format!("\"{}\"", o.card.key)), "seat {i} sees seat {j}'s objective {}", o.card.key);
                }
            }
        }
        // A phone naming another seat in its command is refused by the engine.
        let other_seat = (i + 1) % 3;
        let body = serde_json::json!({"call": "act", "command": {"type": "choose_objective", "seat": other_seat, "objective": null}}).to_string();
        assert_fault(&phone(l.port, Some(token), &body).await, 403, "not_your_seat", "acting for another seat");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_makes_only_its_choices_and_its_rounds_steps() {
    let l = lan(2).await;
    let token = pair(&l, Seat(0)).await;
    let revision = phones_screen(&l.table).revision;
    // The table's bookkeeping and corrections, even for the phone's own seat (its round's Actions: `phone_rounds.rs`).
    for command in [r#"{"type":"develop_bag"}"#, r#"{"type":"end_player_phase"}"#, r#"{"type":"give_round","seat":0}"#, r#"{"type":"set_hand_size","seat":0,"cards":5}"#, r#"{"type":"wound","seat":0,"light":1,"serious":0}"#] {
        let body = format!(r#"{{"call":"act","command":{command}}}"#);
        assert_fault(&phone(l.port, Some(&token), &body).await, 403, "not_your_seat", command);
    }
    assert_eq!(phones_screen(&l.table).revision, revision, "nothing changed");
}

/// A value of a catalogue field's kind, for sending a command from its entry alone.
fn sample(f: &nemesis_engine::catalogue::Field) -> serde_json::Value {
    use nemesis_engine::catalogue::FieldKind as K;
    use serde_json::json;
    if let Some(v) = &f.initial {
        return v.clone();
    }
    if f.optional {
        return serde_json::Value::Null;
    }
    match f.kind {
        K::Seat | K::IntruderPlayer | K::Intruder | K::Corridor | K::AttackCard => json!(0),
        K::Objective => serde_json::Value::Null,
        K::Seats | K::ContaminationCards | K::Corridors => json!([]),
        K::Names => json!(["Ana", "Bo"]),
        K::Location | K::Pod | K::Engine | K::CorridorNumber => json!(1),
        K::NoiseSpot => json!({ "kind": "technical" }),
        K::IntruderKind => json!("adult"),
        K::Count => json!(f.min.unwrap_or(0)),
        K::Switch | K::PodLock => json!(true),
        K::DoorState => json!("closed"),
        K::Die => json!("noise"),
        K::DestinationLetter => json!("a"),
        K::EngineStatus => json!("working"),
        K::ResearchObject => json!("intruder_egg"),
        K::ScanProcedure => json!("surgery"),
        K::SeriousWound => json!(0),
        K::Treatment => json!("heal_light"),
        K::Weapon => json!("own"),
        K::EggAttempt => json!("shoot"),
        K::ItemDeck => json!("green"),
        K::CraftedItem => json!("taser"),
        K::PlayedCard => json!("bandages"),
        K::CardEffect => json!("heal_light"),
        K::OfferedCharacter => json!("captain"),
        K::NoiseFace => json!("silence"),
        K::CombatFace => json!("miss"),
        K::TokenKind => json!("blank"),
        K::ExplorationEffect => json!("slime"),
        K::Destination => json!("earth"),
    }
}

/// Whatever the catalogue says only the table sends is refused from a phone, every one of them,
/// before the engine looks at it, and changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_cannot_send_any_command_the_catalogue_keeps_for_the_table() {
    use nemesis_engine::catalogue::{catalogue, CommandType, Sender};
    let l = lan(2).await;
    let token = pair(&l, Seat(0)).await;
    let revision = phones_screen(&l.table).revision;
    let mut refused = 0;
    for spec in catalogue().commands.iter().filter(|s| s.sent_by == [Sender::Table]) {
        let mut command = serde_json::Map::new();
        command.insert("type".into(), serde_json::json!(spec.kind.tag()));
        for f in &spec.fields {
            command.insert(f.name.clone(), sample(f));
        }
        if spec.kind == CommandType::SetUp {
            command.insert("mode".into(), serde_json::json!("standard"));
            command.insert("handled".into(), serde_json::json!([]));
        }
        let body = serde_json::json!({"call": "act", "command": command}).to_string();
        assert_fault(&phone(l.port, Some(&token), &body).await, 403, "not_your_seat", &body);
        refused += 1;
    }
    assert!(refused > 35, "every table-only command was tried ({refused})");
    assert_eq!(phones_screen(&l.table).revision, revision, "nothing changed");
}

/// Issue 18, item 5: the phone draws the same map, read-only. Its board is cut from the table's
/// public view and carries every public piece (rooms, corridors, Intruders, characters, pods)
/// and nothing else; the board graph it is drawn from is the box's content, the table's own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phones_map_shows_the_tables_board_and_nothing_more() {
    let l = lan(2).await;
    let token = pair(&l, Seat(1)).await;
    let screen = hand_of(&phone(l.port, Some(&token), HAND).await);
    let view = phones_screen(&l.table).game.expect("a game is open").view;
    let board = screen.game.expect("the seat's game").board;
    assert_eq!(*board, nemesis_host::protocol::PhoneBoard::of(&view), "the phone's board is the table's public board");
    assert_eq!(board.seats, view.seats, "every character where the table shows it");
    let json = serde_json::to_value(&board).unwrap();
    let mut keys: Vec<_> = json.as_object().unwrap().keys().cloned().collect();
    keys.sort();
    assert_eq!(keys, ["corridors", "intruders", "nest_destroyed", "pack", "pods", "rooms", "seats", "technical_noise"], "only the map's pieces travel");
    let r = phone(l.port, Some(&token), r#"{"call":"content","pack":"base"}"#).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let Reply::Content { content: table } = table_call(&l.table, Call::Content { pack: nemesis_engine::Pack::Base }) else { panic!("the table's content") };
    match r.reply::<PhoneReply>() {
        PhoneReply::Content { content } => assert_eq!(content, table, "the same box contents as the table's"),
        other => panic!("expected the content, got {other:?}"),
    }
    // The map itself asks for the board graph alone: the table's locations and room tiles, a
    // small part of the whole box on a phone's first load.
    let r = phone(l.port, Some(&token), r#"{"call":"board","pack":"base"}"#).await;
    assert_eq!(r.status, 200, "{}", r.body);
    match r.reply::<PhoneReply>() {
        PhoneReply::Board { board } => {
            assert_eq!((board.locations, board.room_tiles), (table.locations.clone(), table.room_tiles.clone()), "the table's board graph");
        }
        other => panic!("expected the board, got {other:?}"),
    }
    let whole = serde_json::to_string(&table).unwrap().len();
    assert!(r.body.len() * 3 < whole, "the board ({} bytes) is a small part of the box ({whole} bytes)", r.body.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_draft_is_chosen_on_the_phone_and_the_table_sees_only_the_choice() {
    // Manual p. 6: each player draws two characters and keeps one.
    let l = lan_with(2, false, |_| {}).await;
    // The draft goes in player-number order: seat 0 drafts first only if it holds number 1.
    let first = on_table(&l.table, |t| view(t).seats.iter().min_by_key(|s| s.number.0).unwrap().seat);
    let token = pair(&l, first).await;
    on_table(&l.table, |t| act(t, Command::DraftDraw { seat: first }));
    let hand = hand_of(&phone(l.port, Some(&token), HAND).await).game.unwrap();
    assert_eq!(hand.phase, Phase::Draft);
    assert_eq!(hand.me.draft_offer.len(), 2);
    let keep = hand.me.draft_offer[1].key.clone();
    let body = serde_json::json!({"call": "act", "command": {"type": "draft_keep", "seat": first, "character": keep}}).to_string();
    let after = hand_of(&phone(l.port, Some(&token), &body).await).game.unwrap();
    assert_eq!(after.me.character.as_ref().map(|c| c.key.clone()), Some(keep.clone()));
    let table = phones_screen(&l.table);
    let seat0 = &table.game.unwrap().view.seats[first.0 as usize];
    assert_eq!(seat0.character.as_ref().map(|c| c.key.clone()), Some(keep), "the table sees the kept character");
    // A wrong choice is refused with a reason and changes nothing.
    let body = serde_json::json!({"call": "act", "command": {"type": "draft_keep", "seat": first, "character": "nobody"}}).to_string();
    let r = phone(l.port, Some(&token), &body).await;
    assert!(r.status >= 400 && r.status < 500, "{}", r.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_intruder_players_attack_cards_reach_only_their_phone_and_their_pick_is_made_there() {
    // Manual p. 27: the Intruder player draws as many Intruder Attack cards as their card shows,
    // resolves one and puts the others at the bottom of the deck.
    use nemesis_engine::ids::IntruderKind;
    use nemesis_engine::state::EventStep;
    let l = lan(3).await;
    let (intruders, target) = (Seat(1), Seat(0));
    let at = on_table(&l.table, |t| {
        act(t, Command::KillCharacter { seat: intruders });
        act(t, Command::BecomeIntruderPlayer { seat: intruders });
        act(t, Command::EndPlayerPhase);
        // The rest of this turn runs by the standard rules; the Intruder player's start next turn.
        while let Phase::Event { step } = view(t).phase {
            act(t, match step {
                EventStep::TimeTrack => Command::AdvanceTime,
                EventStep::IntruderAttack => Command::ResolveIntruderAttacks,
                EventStep::FireDamage => Command::ResolveFireDamage,
                EventStep::EventCard => Command::ResolveEventCard,
                EventStep::BagDevelopment => Command::DevelopBag,
            });
        }
        let v = view(t);
        assert!(v.intruder_player_active, "the Intruder player's rules apply from this turn");
        v.seats[target.0 as usize].location
    });
    let theirs = pair(&l, intruders).await;
    let victims = pair(&l, target).await;
    let table = on_table(&l.table, |t| {
        act(t, Command::PlaceIntruder { kind: IntruderKind::Adult, at });
        // The Adult just placed (a Larva from the bag may share the room; it would draw no card).
        let id = view(t).intruders.iter().map(|i| i.id).max().unwrap();
        act(t, Command::IntruderPlayerAttack { seat: intruders, id, target, card_number: 3 })
    });
    let choice = table.game.as_ref().unwrap().view.attack_choice.clone().expect("the table sees a choice pending");
    assert_eq!((choice.seat, choice.cards), (intruders, 3));
    let hand = hand_of(&phone(l.port, Some(&theirs), HAND).await).game.unwrap().hand;
    let offer = hand.attack_offer.expect("the Intruder player's phone shows the cards");
    assert_eq!(offer.cards.len(), 3);
    assert!(hand_of(&phone(l.port, Some(&victims), HAND).await).game.unwrap().hand.attack_offer.is_none(), "the target's phone does not");
    let pick = offer.cards[2].id;
    let choose = |seat: Seat| serde_json::json!({"call": "act", "command": {"type": "choose_attack_card", "seat": seat, "card": pick}}).to_string();
    assert_fault(&phone(l.port, Some(&victims), &choose(intruders)).await, 403, "not_your_seat", "another seat's pick");
    assert_fault(&phone(l.port, Some(&victims), &choose(target)).await, 403, "not_your_seat", "the target cannot pick");
    let after = hand_of(&phone(l.port, Some(&theirs), &choose(intruders)).await).game.unwrap();
    assert!(after.hand.attack_offer.is_none(), "the pick is made");
    let v = on_table(&l.table, view);
    assert!(v.attack_choice.is_none());
    assert_eq!(v.attacks.discard.last().map(|c| c.key.clone()), Some(offer.cards[2].card.key.clone()), "the table sees the chosen card");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reveal_code_opens_one_private_reveal_once() {
    let l = lan(2).await;
    // Setup dealt each player two objectives: a private reveal for every seat.
    let o = offer(&l.table, Call::RevealCode { seat: Seat(1) });
    assert_eq!(o.purpose, OfferPurpose::Reveal);
    let code = code_of(&o);
    let body = serde_json::json!({"call": "reveal", "code": code}).to_string();
    let r = phone(l.port, None, &body).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let PhoneReply::Reveal { seat, lines, .. } = r.reply::<PhoneReply>() else { panic!("{}", r.body) };
    assert_eq!(seat, Seat(1));
    let view = on_table(&l.table, |t| t.open_game().unwrap().state().unwrap().seat_view(Seat(1)).unwrap());
    assert!(!lines.is_empty() && lines.iter().all(|x| x.private));
    assert!(view.objectives.iter().all(|o| lines.iter().any(|x| x.text.contains(&o.card.name))), "the reveal names the seat's objectives: {lines:?}");
    assert_fault(&phone(l.port, None, &body).await, 410, "code_expired", "a reveal code opened twice");
}

/// Issue 32, item 7: a one-time reveal QR that was opened tells the table on which device (its
/// name cleaned as for pairing) and whether that was the seat's own phone, another seat's phone
/// or a device no seat paired; a second open is refused and the table is told of the try.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_opened_reveal_tells_the_table_which_device_opened_it_and_a_second_try_is_refused_and_told() {
    let l = lan(2).await;
    let ana = pair(&l, Seat(0)).await;
    let reveal = |code: &str, device: &str| serde_json::json!({"call": "reveal", "code": code, "device": device}).to_string();
    let opened = |seat: Seat| phones_screen(&l.table).phones.reveals.into_iter().find(|r| r.seat == seat);

    // Ana's reveal, opened on her own phone.
    let code = code_of(&offer(&l.table, Call::RevealCode { seat: Seat(0) }));
    assert_eq!(opened(Seat(0)), None, "a QR not yet opened says nothing");
    assert_eq!(phone(l.port, Some(&ana), &reveal(&code, "Pixel 7")).await.status, 200);
    let o = opened(Seat(0)).expect("the table is told");
    assert_eq!((o.device.as_str(), o.phone_of, o.again.len()), ("Pixel 7", Some(Seat(0)), 0));

    // A second open of the same code, from a neighbour's device: refused, and told.
    assert_fault(&phone(l.port, None, &reveal(&code, "Neighbour\u{301}\u{301}\u{301}<b>")).await, 410, "code_expired", "a reveal opened twice");
    assert_eq!(opened(Seat(0)).unwrap().again, vec!["Neighbour\u{301}b".to_string()], "the try is told, its name cleaned as for pairing");

    // Bruno's reveal, opened on Ana's phone, then a new one on a device no seat paired.
    let code = code_of(&offer(&l.table, Call::RevealCode { seat: Seat(1) }));
    assert_eq!(phone(l.port, Some(&ana), &reveal(&code, "Pixel 7")).await.status, 200);
    assert_eq!(opened(Seat(1)).unwrap().phone_of, Some(Seat(0)), "another seat's phone");
    let code = code_of(&offer(&l.table, Call::RevealCode { seat: Seat(1) }));
    assert_eq!(opened(Seat(1)), None, "a new QR starts unopened");
    // An old page without a device name, with a token that proves nothing: still told.
    assert_eq!(phone(l.port, Some("not-a-token"), &serde_json::json!({"call": "reveal", "code": code}).to_string()).await.status, 200);
    let o = opened(Seat(1)).unwrap();
    assert_eq!((o.device.as_str(), o.phone_of), ("Phone", None), "a device no seat paired");
    assert!(opened(Seat(0)).is_some(), "Ana's note stays until her next QR");
}

// ---------------------------------------------------------------- hostile requests

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_host_or_origin_is_refused() {
    let l = lan(2).await;
    let token = pair(&l, Seat(0)).await;
    let auth = format!("Bearer {token}");
    let r = request(l.port, "POST", "/api/phone", &[("Host", "evil.example:80"), ("Authorization", &auth)], Some(HAND)).await;
    assert_fault(&r, 400, "bad_call", "a rebinding Host");
    let r = request(l.port, "POST", "/api/phone", &[("Origin", "http://evil.example"), ("Authorization", &auth)], Some(HAND)).await;
    assert_fault(&r, 400, "bad_call", "a foreign Origin");
    let (status, _, _) = EventStream::open_with(l.port, "/api/stream", &[("Authorization", &auth), ("Origin", "http://evil.example")]).await;
    assert_eq!(status, 400, "a stream handshake from a foreign Origin");
    let own = format!("http://127.0.0.1:{}", l.port);
    let r = request(l.port, "POST", "/api/phone", &[("Origin", &own), ("Authorization", &auth)], Some(HAND)).await;
    assert_eq!(r.status, 200, "its own Origin is fine");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_and_malformed_bodies_get_a_4xx_and_change_nothing() {
    let l = lan(2).await;
    let token = pair(&l, Seat(0)).await;
    let revision = phones_screen(&l.table).revision;
    let huge = format!(r#"{{"call":"pair","code":"{}"}}"#, "a".repeat(64 * 1024));
    let r = phone(l.port, None, &huge).await;
    assert_eq!(r.status, 413, "over the size cap");
    for bad in ["", "{", "null", "[]", r#"{"call":"nope"}"#, r#"{"call":"act"}"#, r#"{"call":"act","command":{"type":"draft_keep","seat":"x"}}"#, "\u{0}\u{1}"] {
        assert_fault(&phone(l.port, Some(&token), bad).await, 400, "bad_call", &format!("body {bad:?}"));
    }
    let r = request(l.port, "GET", "/api/phone", &[], None).await;
    assert_eq!(r.status, 405, "the wrong method");
    assert_eq!(phones_screen(&l.table).revision, revision, "nothing changed");
    assert_eq!(hand_of(&phone(l.port, Some(&token), HAND).await).seat, Seat(0), "the server still answers");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guessing_codes_gets_an_address_locked_out() {
    let l = lan_with(2, true, |r| r.strikes = 5).await;
    let good = code_of(&offer(&l.table, Call::PairCode { seat: Seat(0) }));
    for i in 0..5 {
        let guess = format!("{i:032x}");
        let r = phone(l.port, None, &pair_body(&guess)).await;
        assert!(r.status == 410 || r.status == 429, "guess {i}: {}", r.status);
    }
    assert_fault(&phone(l.port, None, &pair_body(&good)).await, 429, "locked_out", "even the right code, once locked out");
    let reveal = serde_json::json!({"call": "reveal", "code": good}).to_string();
    assert_fault(&phone(l.port, None, &reveal).await, 429, "locked_out", "reveal codes too");
    assert_fault(&phone(l.port, Some("0".repeat(32).as_str()), HAND).await, 429, "locked_out", "and tokens");
    assert!(phones_screen(&l.table).phones.asking.is_empty(), "no guess reached the table");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_phone_page_is_served_but_never_the_table_screen() {
    let l = lan(2).await;
    let page = request(l.port, "GET", "/", &[], None).await;
    if nemesis_host::assets::find("/phone.html").is_some() {
        assert_eq!(page.status, 200);
        assert!(page.headers["content-type"].starts_with("text/html"));
        assert!(page.headers["content-security-policy"].contains("default-src 'self'"));
    } else {
        assert!(page.status == 503 || page.status == 404, "without a built phone page: {}", page.status);
    }
    for path in ["/index.html", "/api/call", "/api/stream?key=x", "/../games.sqlite3"] {
        let r = request(l.port, "GET", path, &[], None).await;
        assert!(r.status == 404 || r.status == 401 || r.status == 400, "{path}: {}", r.status);
        assert!(!r.body.contains("\"screen\""), "{path} leaks no table screen");
    }
}

/// GET `path` with `Accept-Encoding: gzip` when `gzip`: the status, the headers and the body as
/// sent (not decoded), and the bytes on the wire.
async fn get_raw(port: u16, path: &str, gzip: bool) -> (u16, std::collections::HashMap<String, String>, Vec<u8>, usize) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let enc = if gzip { "Accept-Encoding: gzip, deflate, br\r\n" } else { "" };
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{enc}Connection: close\r\n\r\n").as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(WAIT, s.read_to_end(&mut raw)).await.unwrap().unwrap();
    let split = find(&raw, b"\r\n\r\n").unwrap();
    let (status, headers) = head(&raw[..split]);
    let body = raw[split + 4..].to_vec();
    (status, headers, body, raw.len())
}

/// Issue 21, item 8: the phone page's files go out gzipped to a browser that takes it (built so
/// once, not per request), decode to exactly the built files, and a first load in English is at
/// most 100 KB on the wire. A browser that does not take gzip gets the files as they are.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_phone_page_arrives_compressed_and_light() {
    use std::io::Read;
    let Some((page, _)) = nemesis_host::assets::find("/phone.html") else {
        eprintln!("the phone page is not built into this binary (run npm run build in ui/): nothing to measure");
        return;
    };
    let l = lan(2).await;
    let html = String::from_utf8(page.into_owned()).unwrap();
    let mut paths = vec!["/phone.html".to_string()];
    for attr in ["src=\"./", "href=\"./"] {
        for (at, _) in html.match_indices(attr) {
            let rest = &html[at + attr.len()..];
            paths.push(format!("/{}", &rest[..rest.find('"').unwrap()]));
        }
    }
    assert!(paths.iter().any(|p| p.ends_with(".js")), "the page loads its script: {paths:?}");
    let mut wire = 0;
    for path in &paths {
        let (status, headers, body, bytes) = get_raw(l.port, path, true).await;
        assert_eq!(status, 200, "{path}");
        let built = nemesis_host::assets::find(path).unwrap().0;
        let decoded = if headers.get("content-encoding").is_some_and(|e| e == "gzip") {
            let mut out = Vec::new();
            flate2::read::GzDecoder::new(&body[..]).read_to_end(&mut out).unwrap();
            assert!(headers.get("vary").is_some_and(|v| v.eq_ignore_ascii_case("accept-encoding")), "{path}: caches keep both forms apart");
            out
        } else {
            assert!(built.len() < 2048, "{path}: only small files go uncompressed ({} bytes)", built.len());
            body
        };
        assert_eq!(decoded, built.as_ref(), "{path}: decodes to the built file");
        wire += bytes;
    }
    assert!(wire <= 100 * 1024, "a first load in English is {wire} bytes on the wire (target 100 KB)");
    let (_, headers, body, _) = get_raw(l.port, &paths[1], false).await;
    assert!(!headers.contains_key("content-encoding"), "no gzip unless asked for");
    assert_eq!(body, nemesis_host::assets::find(&paths[1]).unwrap().0.as_ref(), "unpacked for a browser that does not take gzip");
    evidence("phone_first_load", &serde_json::json!({"files": paths, "bytes_on_the_wire": wire}));
}

/// Issue 21, item 8: a phone that takes gzip gets the phone API's larger replies gzipped (the
/// box contents its map draws from: the same JSON, a fraction of the bytes), and its event stream
/// gzipped as it goes: each event can be read the moment it is sent (the host flushes after every
/// event, it does not wait to fill a block), and the stream's end closes the gzip properly. A
/// phone that does not ask for gzip gets everything as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_that_takes_gzip_gets_its_replies_and_its_stream_gzipped() {
    use std::io::Write;
    let l = lan(2).await;
    let token = pair(&l, Seat(0)).await;
    let content = r#"{"call":"content","pack":"base"}"#;
    let plain = phone(l.port, Some(&token), content).await;
    let auth = format!("Bearer {token}");
    let (status, headers, packed) = request_raw(l.port, "POST", "/api/phone", &[("Authorization", &auth), ("Accept-Encoding", "gzip, deflate, br")], Some(content.as_bytes())).await;
    assert_gzipped_same(&plain, status, &headers, &packed);

    let (status, headers, mut es) = EventStream::open_with(l.port, "/api/stream", &[("Authorization", &auth), ("Accept-Encoding", "gzip")]).await;
    assert_eq!(status, 200);
    assert_eq!(headers.get("content-encoding").map(String::as_str), Some("gzip"));
    assert!(headers["content-type"].starts_with("text/event-stream"));
    let mut text = flate2::write::GzDecoder::new(Vec::new());
    let mut compressed = Vec::new();
    // Reads until `until` shows in the text so far, or the stream ends; whether it ended.
    async fn read(es: &mut EventStream, compressed: &mut Vec<u8>, text: &mut flate2::write::GzDecoder<Vec<u8>>, until: &str) -> bool {
        use tokio::io::AsyncReadExt;
        loop {
            let ended = dechunk(&mut es.raw, compressed).is_none();
            text.write_all(compressed).unwrap();
            compressed.clear();
            text.flush().unwrap();
            if ended || String::from_utf8_lossy(text.get_ref()).contains(until) {
                return ended;
            }
            let mut buf = [0u8; 4096];
            let n = tokio::time::timeout(WAIT, es.stream.read(&mut buf)).await.expect("the next event in time").unwrap();
            if n == 0 {
                return true;
            }
            es.raw.extend_from_slice(&buf[..n]);
        }
    }
    assert!(!read(&mut es, &mut compressed, &mut text, "event: hand").await, "the first screen arrives while the stream is open");
    let first = String::from_utf8_lossy(text.get_ref()).to_string();
    let data = first.lines().find_map(|l| l.strip_prefix("data: ")).expect("the event's data");
    let screen: serde_json::Value = serde_json::from_str(data).expect("a whole screen, readable at once");
    assert_eq!(screen["seat"], 0);
    table_call(&l.table, Call::RevokePhone { seat: Seat(0) });
    assert!(read(&mut es, &mut compressed, &mut text, "\u{0}").await, "the stream ends once the seat is revoked");
    let all = String::from_utf8(text.finish().expect("a whole gzip stream, closed properly")).unwrap();
    assert!(all.contains("event: revoked"), "the phone is told: {all}");
}

/// Issue 34, item 2: publishing cannot be driven by a client. A paired phone that opens and drops
/// its own event stream in a loop (once a full screen per event: thousands of table revisions a
/// second) now changes the table screen at most once per `PHONES_EVERY`, and the last change still
/// shows: once the phone stops, the table's published screen says the seat has no stream open.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_reconnecting_in_a_loop_changes_the_table_screen_at_a_bounded_rate() {
    let l = lan(2).await;
    let token = pair(&l, Seat(0)).await;
    let auth = format!("Bearer {token}");
    let screens = l.table.screens();
    let before = screens.borrow().revision;
    let t0 = std::time::Instant::now();
    let mut churns = 0;
    while t0.elapsed() < Duration::from_secs(2) {
        let (status, _, mut events) = EventStream::open_with(l.port, "/api/stream", &[("Authorization", &auth)]).await;
        assert_eq!(status, 200);
        assert_eq!(events.next().await.0, "hand");
        drop(events);
        churns += 1;
    }
    let took = t0.elapsed();
    // The last change is shown once its turn comes: the seat's stream count goes back to 0.
    let mut shown = l.table.screens();
    let settled = tokio::time::timeout(Duration::from_secs(2), shown.wait_for(|s| s.phones.seats[0].connected == 0 && s.revision > before)).await.map(|s| s.map(|s| s.revision));
    let Ok(Ok(last)) = settled else { panic!("the table shows the phone's stream closed") };
    let revisions = last - before;
    let bound = (took.as_millis() / nemesis_host::table::PHONES_EVERY.as_millis()) as u64 + 3;
    assert!(churns >= 20, "the phone really churned: {churns} streams opened and dropped");
    assert!(revisions <= bound, "{churns} stream churns made {revisions} table revisions in {took:?} (at most {bound})");
}

/// Issue 32, item 6: the network the table chose is the one offered first the next evening
/// (kept in the settings like the port), and phones turned on without naming one get it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_network_the_table_chose_is_offered_first_the_next_evening() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut t = table_in(dir.path());
        t.phone_rules_mut().port = 0;
        started(&mut t, 2);
        let table = nemesis_host::Shared::new(t);
        phones_on(&table);
        table_call(&table, Call::Phones { on: false, address: None });
    }
    let mut t = table_in(dir.path());
    t.phone_rules_mut().port = 0;
    let game = t.store().list().unwrap().first().map(|s| s.id).unwrap();
    let screen = screen_of(t.call(Actor::Table, Call::Open { game }));
    assert_eq!(screen.phones.addresses.first().map(|a| a.ip.as_str()), Some("127.0.0.1"), "the chosen network first: {:?}", screen.phones.addresses);
    let table = nemesis_host::Shared::new(t);
    let on = screen_of(table_call(&table, Call::Phones { on: true, address: None }));
    assert!(on.phones.url.is_some_and(|u| u.starts_with("http://127.0.0.1:")), "phones get the chosen network");
}

/// Issue 32, item 6 (and 34, item 7): the phone address is kept from one evening to the next, and
/// a move is announced, never silent. The port is kept with the save; when another program holds
/// it, the table says which port phones knew and keeps the new one for the next time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_phone_port_is_kept_across_restarts_and_a_move_is_announced() {
    let dir = tempfile::tempdir().unwrap();
    // A port free now, as the one phones use.
    let wanted = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    async fn evening(dir: &std::path::Path, wanted: u16) -> (u16, nemesis_host::protocol::PhonesStatus) {
        let mut t = table_in(dir);
        t.phone_rules_mut().port = wanted;
        let game = t.store().list().unwrap().first().map(|s| s.id);
        match game {
            Some(game) => drop(screen_of(t.call(Actor::Table, Call::Open { game }))),
            None => drop(started(&mut t, 2)),
        }
        let table = nemesis_host::Shared::new(t);
        let port = phones_on(&table);
        let status = phones_screen(&table).phones;
        // The evening ends: phones off, the port given back before the next one starts.
        table_call(&table, Call::Phones { on: false, address: None });
        assert!(stops_listening(port).await, "the phone server stops");
        (port, status)
    }
    let (first, status) = evening(dir.path(), wanted).await;
    assert_eq!((first, status.moved_from), (wanted, None), "the first evening: the usual port");
    let (second, status) = evening(dir.path(), wanted).await;
    assert_eq!((second, status.moved_from), (wanted, None), "the next evening: the same address");
    // Another program takes the port: the table moves, says so, and keeps the new port.
    let squatter = std::net::TcpListener::bind(("127.0.0.1", wanted)).unwrap();
    let (third, status) = evening(dir.path(), wanted).await;
    assert_ne!(third, wanted, "the port is taken: another one");
    assert_eq!(status.moved_from, Some(wanted), "the table says which address phones knew");
    assert!(status.url.is_some_and(|u| u.ends_with(&format!(":{third}"))), "and shows the new one");
    let (fourth, status) = evening(dir.path(), wanted).await;
    assert_eq!((fourth, status.moved_from), (third, None), "the evening after: the new port, kept");
    drop(squatter);
}

/// Issue 31: Eclosion asks a scan of each player who owns Contamination cards; their phone shows
/// what the card did as the table's log says it (public lines only), not only the question, and
/// a phone with nothing to scan shows no such lines.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_eclosion_cards_own_lines_reach_the_phone_whose_scan_it_asks() {
    use nemesis_engine::command::Entered;
    use nemesis_engine::state::{EventStep, Phase};
    // The Event deck at the table, so the table enters the card drawn (p. 10): Eclosion.
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    t.phone_rules_mut().port = 0;
    let mut setup = options(3);
    setup.handled.retain(|c| *c != nemesis_engine::state::Component::EventDeck);
    let game = new_game(&mut t, setup);
    draft_all(&mut t);
    let table = nemesis_host::Shared::new(t);
    let port = phones_on(&table);
    let l = Lan { table, port, game, dir };
    let (asked, idle) = (Seat(1), Seat(2));
    on_table(&l.table, |t| {
        act(t, Command::GiveContamination { seat: asked, count: 1 });
        act(t, Command::EndPlayerPhase);
        while let Phase::Event { step } = view(t).phase {
            match step {
                EventStep::TimeTrack => act(t, Command::AdvanceTime),
                EventStep::IntruderAttack => act(t, Command::ResolveIntruderAttacks),
                EventStep::FireDamage => act(t, Command::ResolveFireDamage),
                EventStep::EventCard => act_with(t, Command::ResolveEventCard, vec![Entered::EventCard { key: "eclosion".into() }]),
                EventStep::BagDevelopment => break,
            };
        }
    });
    let (mine, theirs) = (pair(&l, asked).await, pair(&l, idle).await);
    let game = hand_of(&phone(l.port, Some(&mine), HAND).await).game.unwrap();
    assert!(game.me.eclosion_scan_due, "the phone asks the scan");
    let keys: Vec<&str> = game.outcome.iter().map(|x| x.key.as_str()).collect();
    assert!(keys.contains(&"event_card") && keys.contains(&"eclosion_draw"), "the card's own lines: {keys:?}");
    assert!(game.outcome.iter().all(|x| !x.private), "public lines only");
    let other = hand_of(&phone(l.port, Some(&theirs), HAND).await).game.unwrap();
    assert!(!other.me.eclosion_scan_due && other.outcome.is_empty(), "nothing asked of that phone, no card lines: {:?}", other.outcome);
}

/// Issue 31: a Grenade thrown into a room wounds everyone there (its card). The wounded player's
/// phone shows the step's public lines, marked as what hit them, so they read whose Grenade it
/// was; the thrower's phone shows them as its own step's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wounded_players_phone_says_whose_grenade_hit_them() {
    use nemesis_engine::ids::{CardEffect, IntruderKind, PlayedCard};
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    t.phone_rules_mut().port = 0;
    let game = new_game(&mut t, options(3));
    draft_all(&mut t);
    let table = nemesis_host::Shared::new(t);
    let port = phones_on(&table);
    let l = Lan { table, port, game, dir };
    let (thrower, hit) = on_table(&l.table, |t| {
        let v = view(t);
        let thrower = v.rounds.turn_of.expect("the first round");
        let hit = v.turn_order.iter().copied().find(|s| *s != thrower).unwrap();
        let at = v.seats.iter().find(|s| s.seat == thrower).unwrap().location;
        act(t, Command::PlaceCharacter { seat: hit, at });
        act(t, Command::PlaceIntruder { kind: IntruderKind::Adult, at });
        let id = view(t).intruders[0].id;
        let grenade = Command::UseCard { seat: thrower, card: PlayedCard::Grenade, effect: CardEffect::ThrowGrenade, wound: None, cards: vec![], corridor: None, intruder: Some(id), room: Some(at), target: None, pod: None };
        act(t, grenade);
        (thrower, hit)
    });
    let (theirs, mine) = (pair(&l, hit).await, pair(&l, thrower).await);
    let wounded = hand_of(&phone(l.port, Some(&theirs), HAND).await).game.unwrap();
    assert!(wounded.outcome_hit, "marked as what hit this player");
    let keys: Vec<&str> = wounded.outcome.iter().map(|x| x.key.as_str()).collect();
    assert!(keys.contains(&"item_used") && keys.contains(&"serious_wound"), "the Grenade played and the wound: {keys:?}");
    let thrower_name = wounded.board.seats.iter().find(|s| s.seat == thrower).unwrap().name.clone();
    assert!(wounded.outcome.iter().any(|x| x.key == "item_used" && x.text.contains(&thrower_name)), "whose Grenade: {:?}", wounded.outcome);
    assert!(wounded.outcome.iter().all(|x| !x.private), "public lines only");
    let own = hand_of(&phone(l.port, Some(&mine), HAND).await).game.unwrap();
    assert!(!own.outcome_hit && !own.outcome.is_empty(), "the thrower's own step");
}
