//! The browser door over real HTTP on loopback, with hand-written HTTP/1.1 requests: the key, the
//! `Host` and `Origin` checks, bad bodies, and the server-sent screens.

use crate::common::*;

use nemesis_host::serve::{self, Door};
use nemesis_host::{Call, Reply, Shared};
use crate::common::http::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const KEY: &str = "0123456789abcdef0123456789abcdef";

struct Server {
    port: u16,
    table: Shared,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    handle: tokio::task::JoinHandle<std::io::Result<()>>,
    _dir: tempfile::TempDir,
}

async fn start() -> Server {
    let dir = tempfile::tempdir().unwrap();
    let table = nemesis_host::Shared::new(table_in(dir.path()));
    let listener = serve::bind(0).await.expect("a free loopback port");
    let addr = listener.local_addr().unwrap();
    assert!(addr.ip().is_loopback(), "the door binds on loopback only: {addr}");
    let port = addr.port();
    let door = Door { table: table.clone(), key: KEY.into(), port };
    assert_eq!(door.url(), format!("http://127.0.0.1:{port}/?key={KEY}"));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let handle = tokio::spawn(serve::run(listener, door, async move {
        let _ = stopped.await;
    }));
    Server { port, table, stop: Some(stop), handle, _dir: dir }
}

async fn post_call(port: u16, headers: &[(&str, &str)], body: &str) -> Response {
    request(port, "POST", "/api/call", headers, Some(body)).await
}

fn head_of(raw: &[u8]) -> u16 {
    String::from_utf8_lossy(raw).split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status line")
}

fn json_call(c: &Call) -> String {
    serde_json::to_string(c).unwrap()
}

fn assert_refused(r: &Response, status: u16, what: &str) {
    assert_eq!(r.status, status, "{what}: status (body {:?})", r.body);
    let v = r.json();
    assert_eq!(v["reply"], "refused", "{what}: a refusal reply: {v}");
    assert_eq!(v["fault"]["code"], "bad_call", "{what}: {v}");
    assert!(v["fault"]["reason"].as_str().is_some_and(|s| !s.is_empty()), "{what}: with a reason");
}

// ---------------------------------------------------------------- the kept first frame

/// Issue 35: the table page hands the host its drawing of the table; the page's next load with
/// the key opens on it, while that game is open at that revision only. Without the key neither
/// is possible: only the table's own page may see the table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_page_opens_on_its_kept_frame_for_the_open_game_at_its_revision_with_the_key_only() {
    let s = start().await;
    let r = post_call(s.port, &[("x-table-key", KEY)], &json_call(&Call::NewGame { setup: options(3), title: None })).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let (game, revision) = s.table.with(|t| t.open_at()).expect("a game is open");
    let frame = serde_json::json!({ "game": game, "revision": revision, "html": "<main>the kept table</main>" }).to_string();

    let r = request(s.port, "POST", "/api/frame", &[], Some(&frame)).await;
    assert_refused(&r, 401, "a frame without the key");
    let r = request(s.port, "POST", "/api/frame", &[("x-table-key", KEY)], Some("not json")).await;
    assert_refused(&r, 400, "a frame that is not one");
    let r = request(s.port, "GET", &format!("/?key={KEY}"), &[], None).await;
    assert!(!r.body.contains("the kept table"), "nothing kept yet");

    let r = request(s.port, "POST", "/api/frame", &[("x-table-key", KEY)], Some(&frame)).await;
    assert_eq!(r.status, 204, "{}", r.body);
    let r = request(s.port, "GET", &format!("/?key={KEY}"), &[], None).await;
    assert_eq!(r.status, 200);
    assert!(r.body.contains("data-first-frame inert") && r.body.contains("<main>the kept table</main>"), "the page opens on its frame: {}", r.body);
    assert_eq!(r.headers.get("cache-control").map(String::as_str), Some("no-cache"));
    for without in ["/".to_string(), "/?key=wrong".to_string(), "/index.html".to_string()] {
        let r = request(s.port, "GET", &without, &[], None).await;
        assert!(r.status == 200 && !r.body.contains("the kept table"), "{without}: the table is not shown without the key");
    }

    // A frame drawn at another revision does not show the game as it is: it is not used.
    let later = serde_json::json!({ "game": game, "revision": revision + 1, "html": "<main>a later table</main>" }).to_string();
    let r = request(s.port, "POST", "/api/frame", &[("x-table-key", KEY)], Some(&later)).await;
    assert_eq!(r.status, 204, "{}", r.body);
    let r = request(s.port, "GET", &format!("/?key={KEY}"), &[], None).await;
    assert!(!r.body.contains("table</main>") && !r.body.contains("data-first-frame"), "a frame of another revision is not used: {}", r.body);
}

// ---------------------------------------------------------------- the key

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_without_the_key_is_unauthorized_and_does_nothing() {
    let s = start().await;
    let body = json_call(&Call::NewGame { setup: options(2), title: None });
    let r = post_call(s.port, &[], &body).await;
    assert_refused(&r, 401, "no key");
    let r = post_call(s.port, &[("x-table-key", "wrong")], &body).await;
    assert_refused(&r, 401, "a wrong key");
    let almost = format!("{}0", &KEY[..KEY.len() - 1]);
    let r = post_call(s.port, &[("x-table-key", &almost)], &body).await;
    assert_refused(&r, 401, "a key wrong in its last character");
    let r = post_call(s.port, &[("x-table-key", &format!("{KEY}0"))], &body).await;
    assert_refused(&r, 401, "the key with one more character");
    // The call route takes the key from the header only, not from the address.
    let r = request(s.port, "POST", &format!("/api/call?key={KEY}"), &[], Some(&body)).await;
    assert_refused(&r, 401, "the key in the query of a call");
    assert!(s.table.with(|t| t.store().list().unwrap().is_empty()), "no game was started");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_with_the_key_is_answered_and_acts_on_the_table() {
    let s = start().await;
    let r = post_call(s.port, &[("x-table-key", KEY)], &json_call(&Call::Screen)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.headers.get("content-type").is_some_and(|c| c.starts_with("application/json")), "{:?}", r.headers);
    assert_eq!(r.headers.get("x-content-type-options").map(String::as_str), Some("nosniff"));
    assert_eq!(r.headers.get("x-frame-options").map(String::as_str), Some("DENY"));
    assert_eq!(r.headers.get("referrer-policy").map(String::as_str), Some("no-referrer"));
    match r.reply() {
        Reply::Screen { screen } => assert!(screen.game.is_none() && screen.revision == 0),
        other => panic!("{other:?}"),
    }

    let r = post_call(s.port, &[("x-table-key", KEY)], &json_call(&Call::NewGame { setup: options(3), title: Some("Web".into()) })).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let id = match r.reply() {
        Reply::Screen { screen } => open_game(&screen).id,
        other => panic!("{other:?}"),
    };
    s.table.with(|t| {
        assert_eq!(t.open_game().expect("the HTTP call opened the game").entries().len(), 1);
        let listed = t.store().list().unwrap();
        assert_eq!((listed.len(), listed[0].id, listed[0].title.as_str()), (1, id, "Web"), "and saved it");
    });

    // A refusal from the table is still a 200 with a refused reply.
    let r = post_call(s.port, &[("x-table-key", KEY)], &json_call(&Call::Open { game: id + 50 })).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["fault"]["code"], "no_such_game", "{}", r.body);
}

/// Issue 21, item 7: a caller without the key cannot make the door take in or wait for a body.
/// The head announces 20 MB and not a byte of it comes; the refusal arrives at once all the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_key_is_checked_before_any_body_is_read() {
    let s = start().await;
    let mut c = TcpStream::connect(("127.0.0.1", s.port)).await.unwrap();
    let head = format!("POST /api/call HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: 20000000\r\n\r\n", s.port);
    c.write_all(head.as_bytes()).await.unwrap();
    let t0 = std::time::Instant::now();
    let mut raw = Vec::new();
    let mut buf = [0u8; 4096];
    while find(&raw, b"\r\n\r\n").is_none() {
        let n = tokio::time::timeout(std::time::Duration::from_secs(2), c.read(&mut buf)).await.expect("refused without waiting for the body").unwrap();
        assert!(n > 0, "an answer before the connection closes");
        raw.extend_from_slice(&buf[..n]);
    }
    assert_eq!(head_of(&raw), 401, "unauthorized, before the body");
    assert!(t0.elapsed() < std::time::Duration::from_secs(1));
}

/// Issue 34, item 1: a refused request does not keep its place. A keep-alive connection whose
/// request was refused (no key) is closed right after the refusal, not held until the head time
/// (10 s) runs out; a connection that showed the key stays open for the page's next call.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_request_gives_its_place_back_and_a_keyed_one_keeps_it() {
    let s = start().await;
    let ask = |key: bool| {
        let key = if key { format!("x-table-key: {KEY}\r\n") } else { String::new() };
        let body = r#"{"call":"saves"}"#;
        format!("POST /api/call HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n{key}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", s.port, body.len())
    };
    // Reads one whole answer, then reports whether the server closed the connection after it.
    async fn answered_then_closed(c: &mut TcpStream) -> (u16, bool) {
        let mut raw = Vec::new();
        let mut buf = [0u8; 4096];
        let closed = loop {
            match tokio::time::timeout(std::time::Duration::from_secs(2), c.read(&mut buf)).await {
                Ok(Ok(0)) | Ok(Err(_)) => break true,
                Ok(Ok(n)) => raw.extend_from_slice(&buf[..n]),
                Err(_) => break false,
            }
        };
        (head_of(&raw), closed)
    }
    let mut stranger = TcpStream::connect(("127.0.0.1", s.port)).await.unwrap();
    stranger.write_all(ask(false).as_bytes()).await.unwrap();
    assert_eq!(answered_then_closed(&mut stranger).await, (401, true), "refused, and the connection closed at once");
    let mut page = TcpStream::connect(("127.0.0.1", s.port)).await.unwrap();
    page.write_all(ask(true).as_bytes()).await.unwrap();
    assert_eq!(answered_then_closed(&mut page).await, (200, false), "answered, and the connection kept for the next call");
    page.write_all(ask(true).as_bytes()).await.unwrap();
    let mut buf = [0u8; 16];
    let n = tokio::time::timeout(std::time::Duration::from_secs(2), page.read(&mut buf)).await.expect("a second answer on the same connection").unwrap();
    assert!(n > 0 && buf.starts_with(b"HTTP/1.1 200"), "{:?}", String::from_utf8_lossy(&buf[..n]));
}

/// A head that never finishes is closed after the door's head time, not kept for ever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_head_that_never_finishes_is_closed() {
    let s = start().await;
    let mut c = TcpStream::connect(("127.0.0.1", s.port)).await.unwrap();
    c.write_all(format!("POST /api/call HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nX-Table-Key: ", s.port).as_bytes()).await.unwrap();
    let t0 = std::time::Instant::now();
    let limit = serve::LIMITS.header_time;
    let mut got = Vec::new();
    let _ = tokio::time::timeout(limit + std::time::Duration::from_secs(5), c.read_to_end(&mut got)).await.expect("closed after the head time");
    assert!(got.is_empty() || got.starts_with(b"HTTP/1.1 408"), "closed with nothing or a timeout: {:?}", String::from_utf8_lossy(&got));
    assert!(t0.elapsed() >= limit.mul_f64(0.9), "not before the head time: {:?}", t0.elapsed());
}

// ---------------------------------------------------------------- Host and Origin

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_host_header_is_forbidden() {
    let s = start().await;
    let body = json_call(&Call::Screen);
    let other_port = format!("127.0.0.1:{}", s.port.wrapping_add(1));
    for host in ["evil.example", "evil.example:80", &other_port, "127.0.0.1", "attacker.test:7420"] {
        let r = post_call(s.port, &[("Host", host), ("x-table-key", KEY)], &body).await;
        assert_refused(&r, 403, &format!("Host {host}"));
        let r = request(s.port, "GET", &format!("/api/stream?key={KEY}"), &[("Host", host)], None).await;
        assert_eq!(r.status, 403, "the stream with Host {host}");
        let r = request(s.port, "GET", "/", &[("Host", host)], None).await;
        assert_eq!(r.status, 403, "the page with Host {host}");
    }
    let localhost = format!("localhost:{}", s.port);
    let r = post_call(s.port, &[("Host", &localhost), ("x-table-key", KEY)], &body).await;
    assert_eq!(r.status, 200, "localhost with the right port is this server: {}", r.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_origin_is_forbidden() {
    let s = start().await;
    let body = json_call(&Call::NewGame { setup: options(2), title: None });
    let other_port = format!("http://127.0.0.1:{}", s.port.wrapping_add(1));
    let https = format!("https://127.0.0.1:{}", s.port);
    for origin in ["http://evil.example", "null", &other_port, &https, "http://127.0.0.1"] {
        let r = post_call(s.port, &[("Origin", origin), ("x-table-key", KEY)], &body).await;
        assert_refused(&r, 403, &format!("Origin {origin}"));
    }
    assert!(s.table.with(|t| t.store().list().unwrap().is_empty()), "no foreign request started a game");
    for origin in [format!("http://127.0.0.1:{}", s.port), format!("http://localhost:{}", s.port)] {
        let r = post_call(s.port, &[("Origin", &origin), ("x-table-key", KEY)], &json_call(&Call::Screen)).await;
        assert_eq!(r.status, 200, "the page's own origin {origin}: {}", r.body);
    }
}

// ---------------------------------------------------------------- bad bodies

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_malformed_body_is_a_bad_request_with_a_refusal() {
    let s = start().await;
    for (what, body) in [
        ("not JSON", "{not json"),
        ("empty", ""),
        ("an unknown call", r#"{"call":"launch_missiles"}"#),
        ("a call without its fields", r#"{"call":"open"}"#),
        ("a wrong type", r#"{"call":"open","game":"seven"}"#),
        ("a bare string", r#""screen""#),
    ] {
        let r = post_call(s.port, &[("x-table-key", KEY)], body).await;
        assert_refused(&r, 400, what);
    }
    // The server is still answering.
    let r = post_call(s.port, &[("x-table-key", KEY)], &json_call(&Call::Saves)).await;
    assert_eq!(r.status, 200);
    assert!(matches!(r.reply(), Reply::Saves { .. }));
}

// ---------------------------------------------------------------- server-sent screens

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stream_sends_the_screen_at_once_and_after_each_accepted_call() {
    let s = start().await;
    let (status, headers, mut events) = EventStream::open(s.port, &format!("/api/stream?key={KEY}")).await;
    assert_eq!(status, 200);
    assert!(headers.get("content-type").is_some_and(|c| c.starts_with("text/event-stream")), "{headers:?}");
    let (name, first) = events.next().await;
    assert_eq!(name, "screen");
    assert_eq!(first["revision"], 0);
    assert!(first["game"].is_null(), "no game is open yet: {first}");

    let r = post_call(s.port, &[("x-table-key", KEY)], &json_call(&Call::NewGame { setup: options(2), title: None })).await;
    let reply = r.json();
    assert_eq!(reply["reply"], "screen");
    let (name, second) = events.next().await;
    assert_eq!(name, "screen");
    assert_eq!(second, reply["screen"], "the pushed screen is the one the call returned");
    assert_eq!(second["revision"], 1);

    // A refused call pushes nothing: the next push is the next accepted call's screen.
    let refused = post_call(s.port, &[("x-table-key", KEY)], &json_call(&Call::Open { game: 999 })).await;
    assert_eq!(refused.json()["reply"], "refused");
    let bad = post_call(s.port, &[("x-table-key", KEY)], r#"{"call":"act","request":{"request":"do","command":{"type":"advance_time"}}}"#).await;
    assert_eq!(bad.json()["fault"]["code"], "wrong_phase", "{}", bad.body);
    let r = post_call(s.port, &[("x-table-key", KEY)], &json_call(&Call::Close)).await;
    let (_, third) = events.next().await;
    assert_eq!(third, r.json()["screen"]);
    assert_eq!(third["revision"], 2, "no push came between");
    assert!(third["game"].is_null());
}

/// Issue 21, item 7: a page that reads the stream and says so gets an accepted call's screen once,
/// on the stream; the reply names its revision. Asked for directly, the screen still comes whole.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_streaming_page_gets_each_screen_once_and_the_reply_names_its_revision() {
    let s = start().await;
    let (_, _, mut events) = EventStream::open(s.port, &format!("/api/stream?key={KEY}")).await;
    let _ = events.next().await;
    let streamed = [("x-table-key", KEY), ("x-screen", "streamed")];

    let r = post_call(s.port, &streamed, &json_call(&Call::NewGame { setup: options(2), title: None })).await;
    let reply = r.json();
    assert_eq!(reply, serde_json::json!({ "reply": "accepted", "revision": 1 }), "no screen in the reply: {}", r.body);
    let (_, pushed) = events.next().await;
    assert_eq!(pushed["revision"], 1, "the stream carries that revision");
    assert!(!pushed["game"].is_null(), "with the new game");

    // A refusal is a refusal whichever way the page reads screens; nothing is pushed for it.
    let refused = post_call(s.port, &streamed, &json_call(&Call::Open { game: 999 })).await;
    assert_eq!(refused.json()["reply"], "refused");

    // The screen asked for by name comes whole: no stream carries a screen built on the spot.
    let r = post_call(s.port, &streamed, &json_call(&Call::Screen)).await;
    match r.reply() {
        Reply::Screen { screen } => assert_eq!(screen.revision, 1),
        other => panic!("{other:?}"),
    }
    // Without the header, an accepted call's reply still carries its screen (scripts, old pages).
    let r = post_call(s.port, &[("x-table-key", KEY)], &json_call(&Call::Close)).await;
    assert_eq!(r.json()["reply"], "screen");
    let (_, pushed) = events.next().await;
    assert_eq!(pushed, r.json()["screen"]);
}

/// Issue 35, item 5: every door compresses what the browser accepts. A tablet showing the table
/// over Wi-Fi gets the box's contents (tens of KB of JSON) and each screen gzipped; a caller that
/// does not take gzip gets the same bytes as they are.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_door_gzips_its_replies_and_its_stream_for_a_browser_that_takes_it() {
    use std::io::Write;
    let s = start().await;
    let content = r#"{"call":"content","pack":"base"}"#;
    let plain = post_call(s.port, &[("x-table-key", KEY)], content).await;
    let (status, headers, packed) = request_raw(s.port, "POST", "/api/call", &[("x-table-key", KEY), ("Accept-Encoding", "gzip, deflate, br")], Some(content.as_bytes())).await;
    assert_gzipped_same(&plain, status, &headers, &packed);

    let (status, headers, mut es) = EventStream::open_with(s.port, &format!("/api/stream?key={KEY}"), &[("Accept-Encoding", "gzip")]).await;
    assert_eq!(status, 200);
    assert_eq!(headers.get("content-encoding").map(String::as_str), Some("gzip"));
    // The first screen can be read as soon as it is sent: the host flushes after each event.
    let mut text = flate2::write::GzDecoder::new(Vec::new());
    loop {
        let mut chunk = Vec::new();
        assert!(dechunk(&mut es.raw, &mut chunk).is_some(), "the stream stays open");
        text.write_all(&chunk).unwrap();
        text.flush().unwrap();
        if String::from_utf8_lossy(text.get_ref()).contains("\n\n") {
            break;
        }
        let mut buf = [0u8; 4096];
        let n = tokio::time::timeout(WAIT, es.stream.read(&mut buf)).await.expect("the first screen in time").unwrap();
        assert!(n > 0, "the stream closed");
        es.raw.extend_from_slice(&buf[..n]);
    }
    let first = String::from_utf8_lossy(text.get_ref()).to_string();
    assert!(first.starts_with("event: screen"), "{first}");
    let data = first.lines().find_map(|l| l.strip_prefix("data: ")).expect("the event's data");
    let screen: serde_json::Value = serde_json::from_str(data).expect("a whole screen, readable at once");
    assert_eq!(screen["revision"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stream_needs_the_key() {
    let s = start().await;
    let r = request(s.port, "GET", "/api/stream", &[], None).await;
    assert_refused(&r, 401, "no key");
    let r = request(s.port, "GET", "/api/stream?key=nope", &[], None).await;
    assert_refused(&r, 401, "a wrong key");
    // The header works too.
    let (status, _, mut events) = {
        let mut stream = TcpStream::connect(("127.0.0.1", s.port)).await.unwrap();
        let req = format!("GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nx-table-key: {KEY}\r\n\r\n", s.port);
        stream.write_all(req.as_bytes()).await.unwrap();
        let mut raw = Vec::new();
        let split = loop {
            if let Some(i) = find(&raw, b"\r\n\r\n") {
                break i;
            }
            let mut buf = [0u8; 4096];
            let n = tokio::time::timeout(WAIT, stream.read(&mut buf)).await.unwrap().unwrap();
            assert!(n > 0);
            raw.extend_from_slice(&buf[..n]);
        };
        let (status, headers) = head(&raw[..split]);
        (status, headers, EventStream { stream, raw: raw[split + 4..].to_vec(), body: Vec::new() })
    };
    assert_eq!(status, 200);
    assert_eq!(events.next().await.0, "screen");
}

// ---------------------------------------------------------------- the page and stopping

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_is_served_or_explains_how_to_build_it() {
    let s = start().await;
    let r = request(s.port, "GET", "/", &[], None).await;
    if nemesis_host::assets::present() {
        assert_eq!(r.status, 200);
        assert!(r.headers.get("content-type").is_some_and(|c| c.starts_with("text/html")));
        let r = request(s.port, "GET", "/no/such/file.js", &[], None).await;
        assert_eq!(r.status, 404);
    } else {
        assert_eq!(r.status, 503, "without a built front end the page says so");
        assert!(r.body.contains("scripts/run"), "{}", r.body);
    }
    assert_eq!(r.headers.get("x-frame-options").map(String::as_str), Some("DENY"), "the page cannot be framed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_stops_when_told() {
    let mut s = start().await;
    let r = post_call(s.port, &[("x-table-key", KEY)], &json_call(&Call::Saves)).await;
    assert_eq!(r.status, 200);
    s.stop.take().unwrap().send(()).unwrap();
    let ended = tokio::time::timeout(WAIT, &mut s.handle).await.expect("the server stops in time");
    ended.expect("the task did not panic").expect("the server ended cleanly");
    assert!(TcpStream::connect(("127.0.0.1", s.port)).await.is_err(), "nothing listens any more");
}
