//! Shared displays over real HTTP on loopback (issue 32, item 5): a tablet or TV pairs through
//! its own single-use code and the table's confirmation, streams the public table screen and
//! nothing else, sends nothing but its language (any other call from its token is refused before
//! the rules, and changes nothing), and once freed its token is refused and its stream ends.

use crate::common::http::*;
use crate::common::*;
use crate::phones::{assert_fault, lan, pair, phone, phones_screen, table_call};

use nemesis_engine::{Command, Request, Seat};
use nemesis_host::displays::{DisplayReply, DisplayScreen};
use nemesis_host::screen::BuiltCount;
use nemesis_host::{Call, Reply, Shared};
use std::time::Duration;

/// The display pairing QR's address.
fn display_offer(table: &Shared) -> String {
    match table_call(table, Call::DisplayCode) {
        Reply::DisplayOffer { url, svg, expires_in_ms } => {
            assert!(svg.starts_with("<svg") || svg.contains("<svg"), "a QR drawn");
            assert!(expires_in_ms > 0);
            url
        }
        other => panic!("expected a display offer, got {other:?}"),
    }
}

pub(crate) async fn display(port: u16, token: Option<&str>, body: &str) -> Response {
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth.as_deref().map(|a| vec![("Authorization", a)]).unwrap_or_default();
    request(port, "POST", "/api/display", &headers, Some(body)).await
}

/// Waits until the table lists a display asking; its ask number and digits.
async fn display_ask(table: &Shared) -> (u32, String) {
    for _ in 0..400 {
        if let Some(a) = phones_screen(table).phones.displays.asking.first() {
            return (a.ask, a.match_code.clone());
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("no display asked");
}

/// Pairs a display the whole way: the QR, the display's request, the table's confirmation.
pub(crate) async fn pair_display(table: &Shared, port: u16, device: &str) -> String {
    let url = display_offer(table);
    let code = url.split_once("/display#pair=").expect("the display page's address with its code").1.to_string();
    let body = serde_json::json!({ "call": "pair", "code": code, "device": device }).to_string();
    let waiting = tokio::spawn(async move { display(port, None, &body).await });
    let (ask, digits) = display_ask(table).await;
    assert_eq!(digits, nemesis_host::phones::match_code(&code), "the table shows the digits the display shows");
    screen_of(table_call(table, Call::AnswerDisplay { ask, accept: true }));
    let r = waiting.await.unwrap();
    assert_eq!(r.status, 200, "paired: {}", r.body);
    match r.reply::<DisplayReply>() {
        DisplayReply::Paired { token } => {
            assert_eq!(token.len(), 32, "a 128-bit token");
            token
        }
        other => panic!("expected paired, got {other:?}"),
    }
}

async fn open_stream(port: u16, token: &str) -> (u16, EventStream) {
    let auth = format!("Bearer {token}");
    let (status, _, events) = EventStream::open_with(port, "/api/display/stream", &[("Authorization", &auth)]).await;
    (status, events)
}

fn revision(table: &Shared) -> (u32, usize) {
    on_table(table, |t| (t.game_revision().unwrap(), t.open_game().unwrap().entries().len()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_display_pairs_after_the_table_confirms_it_and_follows_the_public_screen() {
    let l = lan(3).await;
    // One the table refuses gets no token.
    let url = display_offer(&l.table);
    let code = url.split_once("#pair=").unwrap().1.to_string();
    let port = l.port;
    let body = serde_json::json!({ "call": "pair", "code": code, "device": "Kitchen TV" }).to_string();
    let again = body.clone();
    let waiting = tokio::spawn(async move { display(port, None, &body).await });
    let (ask, _) = display_ask(&l.table).await;
    screen_of(table_call(&l.table, Call::AnswerDisplay { ask, accept: false }));
    assert_fault(&waiting.await.unwrap(), 403, "not_confirmed", "a refused display");
    assert_fault(&display(port, None, &again).await, 410, "code_expired", "the code worked once");

    let token = pair_display(&l.table, l.port, "Lounge TV").await;
    let listed = phones_screen(&l.table).phones.displays;
    assert_eq!(listed.paired.len(), 1);
    assert_eq!(listed.paired[0].device, "Lounge TV");
    assert!(listed.asking.is_empty());
    let shown = serde_json::to_string(&phones_screen(&l.table)).unwrap();
    assert!(!shown.contains(&token), "the table screen never carries a display's token");

    let (status, mut events) = open_stream(l.port, &token).await;
    assert_eq!(status, 200);
    let (name, first) = events.next().await;
    assert_eq!(name, "screen");
    let first: DisplayScreen = serde_json::from_value(first).unwrap();
    let table = phones_screen(&l.table);
    let game = open_game(&table);
    assert_eq!(first.game.as_ref().unwrap().view, game.view, "the display shows the table's public view");
    assert_eq!(first.game.as_ref().unwrap().last, game.last, "and its newest outcome");

    // A step taken at the table reaches the display.
    let before = revision(&l.table).0;
    on_table(&l.table, |t| act(t, Command::SetHandSize { seat: Seat(1), cards: 2 }));
    let next = loop {
        let (name, data) = events.next().await;
        assert_eq!(name, "screen");
        let s: DisplayScreen = serde_json::from_value(data).unwrap();
        if s.game.as_ref().unwrap().revision > before {
            break s;
        }
    };
    let game = next.game.unwrap();
    assert_eq!(game.view.seats[1].hand, 2, "the display follows the table");
    for _ in 0..400 {
        if phones_screen(&l.table).phones.displays.paired[0].connected == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(phones_screen(&l.table).phones.displays.paired[0].connected, 1, "the table sees the display connected");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_display_sends_nothing_but_its_language_and_any_other_call_changes_nothing() {
    let l = lan(2).await;
    let phone_token = pair(&l, Seat(0)).await;
    let token = pair_display(&l.table, l.port, "Tablet").await;
    let before = revision(&l.table);
    // Every phone call, with the display's token: refused as a display's, before the rules.
    let phone_calls = [
        r#"{"call":"hand"}"#,
        r#"{"call":"leave"}"#,
        r#"{"call":"debrief"}"#,
        r#"{"call":"content","pack":"base"}"#,
        r#"{"call":"board","pack":"base"}"#,
        r#"{"call":"act","command":{"type":"set_hand_size","seat":0,"cards":1}}"#,
        r#"{"call":"act","command":{"type":"choose_objective","seat":0,"objective":null}}"#,
    ];
    for body in phone_calls {
        assert_fault(&phone(l.port, Some(&token), body).await, 403, "display_only", &format!("a display's token on the phone call {body}"));
    }
    let auth = format!("Bearer {token}");
    let (status, _, _) = EventStream::open_with(l.port, "/api/stream", &[("Authorization", &auth)]).await;
    assert_eq!(status, 403, "a display's token opens no seat's stream");
    // Anything that is not a display's call, on the display's own door.
    for body in [r#"{"call":"act","command":{"type":"end_player_phase"}}"#, r#"{"call":"hand"}"#, r#"{"call":"language"}"#, "not json"] {
        assert_fault(&display(l.port, Some(&token), body).await, 403, "display_only", &format!("{body} from a display"));
    }
    assert_eq!(revision(&l.table), before, "nothing changed");
    // Its language is noted and listed; the board its map is drawn from is read.
    let r = display(l.port, Some(&token), r#"{"call":"language","language":"fr"}"#).await;
    assert!(matches!(r.reply::<DisplayReply>(), DisplayReply::Noted), "{}", r.body);
    assert_fault(&display(l.port, Some(&token), r#"{"call":"language","language":"<b>x</b>"}"#).await, 400, "bad_call", "not a language");
    let r = display(l.port, Some(&token), r#"{"call":"board","pack":"base"}"#).await;
    let DisplayReply::Board { board } = r.reply::<DisplayReply>() else { panic!("the board graph, got {}", r.body) };
    assert_eq!(board, nemesis_engine::Content::pack(nemesis_engine::Pack::Base).data.board(), "the base game's board");
    // The whole box is not a display's to ask: its map needs the board alone.
    assert_fault(&display(l.port, Some(&token), r#"{"call":"content","pack":"base"}"#).await, 403, "display_only", "the whole box from a display");
    for _ in 0..400 {
        if phones_screen(&l.table).phones.displays.paired[0].language.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(phones_screen(&l.table).phones.displays.paired[0].language.as_deref(), Some("fr"));
    assert_eq!(revision(&l.table), before, "its language is no step of the game");
    // A seat's token proves no display.
    assert_fault(&display(l.port, Some(&phone_token), r#"{"call":"language","language":"en"}"#).await, 401, "bad_token", "a phone on the display's door");
    let auth = format!("Bearer {phone_token}");
    let (status, _, _) = EventStream::open_with(l.port, "/api/display/stream", &[("Authorization", &auth)]).await;
    assert_eq!(status, 401, "a phone's token opens no display stream");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_freed_display_is_told_its_stream_ends_and_its_token_is_refused() {
    let l = lan(2).await;
    let token = pair_display(&l.table, l.port, "TV").await;
    let other = pair_display(&l.table, l.port, "Tablet").await;
    let (status, mut events) = open_stream(l.port, &token).await;
    assert_eq!(status, 200);
    assert_eq!(events.next().await.0, "screen");
    let id = phones_screen(&l.table).phones.displays.paired.iter().find(|d| d.device == "TV").unwrap().display;
    screen_of(table_call(&l.table, Call::RevokeDisplay { display: id }));
    let mut told = false;
    while let Some((name, _)) = events.next_text().await {
        told |= name == "revoked";
    }
    assert!(told, "the display is told, then its stream ends");
    assert_fault(&display(l.port, Some(&token), r#"{"call":"language","language":"en"}"#).await, 401, "bad_token", "a freed display");
    let (status, _) = open_stream(l.port, &token).await;
    assert_eq!(status, 401, "a freed display opens no stream");
    let r = display(l.port, Some(&other), r#"{"call":"language","language":"en"}"#).await;
    assert!(matches!(r.reply::<DisplayReply>(), DisplayReply::Noted), "the other display still works");
    assert_eq!(phones_screen(&l.table).phones.displays.paired.len(), 1);
    assert!(matches!(table_call(&l.table, Call::RevokeDisplay { display: id }), Reply::Refused { .. }), "freed once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_display_page_is_served_but_never_the_table_screen() {
    let l = lan(2).await;
    let r = request(l.port, "GET", "/display", &[], None).await;
    if nemesis_host::assets::present() {
        assert_eq!(r.status, 200);
        assert!(r.body.contains("<html"), "the display page");
    }
    let r = request(l.port, "GET", "/index.html", &[], None).await;
    assert_eq!(r.status, 404, "never the table screen");
}

#[test]
fn a_step_builds_one_display_screen_however_many_displays_stream() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    started(&mut t, 3);
    let mut feeds = Vec::new();
    for device in ["TV", "Tablet"] {
        let (ask, mut answer) = t.displays().ask(device.into(), "code");
        call(&mut t, Call::AnswerDisplay { ask, accept: true });
        let token = answer.try_recv().unwrap().unwrap();
        let id = t.displays().display_of(&token).unwrap();
        feeds.push(t.display_feed(id).unwrap().0);
    }
    let before = t.screens_built();
    call(&mut t, Call::Act { revision: None, request: Request::Do { command: Command::SetHandSize { seat: Seat(0), cards: 3 }, entered: Vec::new() } });
    assert_eq!(t.screens_built() - before, BuiltCount { public_views: 1, table_screens: 1, seat_screens: 0, display_screens: 1 });
    assert!(std::sync::Arc::ptr_eq(&feeds[0].borrow(), &feeds[1].borrow()), "every display reads the same screen");
    assert_eq!(feeds[0].borrow().game.as_ref().unwrap().view.seats[0].hand, 3);
}
