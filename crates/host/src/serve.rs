//! The browser door: the table screen over HTTP on loopback, with server-sent events for pushes.
//! Every API route needs the per-run key from the printed URL; `Host` and `Origin` must name this
//! server, so a web page elsewhere cannot drive the table (DNS rebinding, cross-site requests).
//! Calls reach the table as messages to its writer (`writer.rs`).

use crate::http::{Closing, Names};
use crate::protocol::{Call, Fault, HostCode, Reply};
use crate::{assets, export, first_frame, http, Shared};
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Query, Request, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use nemesis_engine::Actor;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// The key and address of one run of the serve door.
#[derive(Clone)]
pub struct Door {
    pub table: Shared,
    pub key: Arc<str>,
    pub port: u16,
}

impl Door {
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/?key={}", self.port, self.key)
    }
}

/// A fresh random key for this run (128 bits, hex).
pub fn new_key() -> String {
    crate::phones::secret()
}

/// The largest call: an import of the largest file allowed, with room for the call around it.
const MAX_BODY: usize = export::MAX_FILE_BYTES + 64 * 1024;

fn refused(status: StatusCode, code: HostCode, reason: &str) -> Response {
    (status, Json(Reply::Refused { fault: Fault::new(code, reason) })).into_response()
}

/// Binds on loopback: `port` 0 picks a free one.
pub async fn bind(port: u16) -> std::io::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], port))).await
}

fn router(door: Door, closing: Closing) -> Router {
    let names = Names::of(vec![format!("127.0.0.1:{}", door.port), format!("localhost:{}", door.port)]);
    let api = Router::new()
        .route("/api/call", post(call))
        .route("/api/stream", get(stream))
        .route("/api/frame", post(keep_frame))
        .layer(DefaultBodyLimit::max(MAX_BODY));
    Router::new()
        .merge(api)
        .fallback(get(asset))
        .layer(middleware::from_fn_with_state(names, guard))
        .layer(axum::Extension(closing))
        .with_state(door)
}

/// The door's connection limits. Only this machine reaches it, and a browser tab holds a few
/// connections; the head limit still closes a connection some other program left open.
/// Every client of this door shares 127.0.0.1: a connection proves itself with the key, an
/// address cannot.
pub const LIMITS: http::Limits = http::Limits { per_source: 64, total: 64, header_time: Duration::from_secs(10), trust_addresses: false };

/// How long a call's body may take to arrive once its key was checked (an import of the largest
/// file allowed is a few milliseconds on loopback).
pub const BODY_TIME: Duration = Duration::from_secs(30);

/// Serves until the future `stop` completes.
pub async fn run(listener: tokio::net::TcpListener, door: Door, stop: impl std::future::Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
    let runtime = tokio::runtime::Handle::current();
    let server = http::Server::spawn(listener, |closing| router(door, closing), LIMITS, http::Gauge::default(), &runtime);
    stop.await;
    server.stop().await;
    Ok(())
}

async fn guard(State(names): State<Names>, req: Request, next: Next) -> Response {
    if let Some(fault) = names.refusal(req.headers()) {
        return (StatusCode::FORBIDDEN, Json(Reply::Refused { fault })).into_response();
    }
    let mut res = next.run(req).await;
    http::harden(&mut res);
    res
}

#[derive(serde::Deserialize)]
struct KeyQuery {
    key: Option<String>,
}

/// The refusal of a call or a stream without the door's key, the same at both.
fn unkeyed() -> Response {
    refused(StatusCode::UNAUTHORIZED, HostCode::BadCall, "This page needs the key from the address the app printed.")
}

fn keyed(door: &Door, headers: &HeaderMap, query: Option<&str>) -> bool {
    let given = headers.get("x-table-key").and_then(|v| v.to_str().ok()).or(query).unwrap_or("");
    crate::phones::same(given, &door.key)
}

/// The key is checked from the head alone: a caller without it is refused before a byte of its
/// body is read, so it cannot make the door take in (or wait for) a body of any size.
async fn call(State(door): State<Door>, axum::Extension(proof): axum::Extension<http::Proof>, headers: HeaderMap, body: Body) -> Response {
    if !keyed(&door, &headers, None) {
        return unkeyed();
    }
    proof.prove();
    let body = match http::read_body(body, MAX_BODY, BODY_TIME).await {
        Ok(body) => body,
        Err(why) => return (why.status(), Json(Reply::Refused { fault: why.fault() })).into_response(),
    };
    let call: Call = match serde_json::from_slice(&body) {
        Ok(c) => c,
        Err(e) => return refused(StatusCode::BAD_REQUEST, HostCode::BadCall, &format!("That request could not be read ({e}).")),
    };
    // A page reading the screen stream says so, and gets an accepted call's screen once (there).
    let streamed = headers.get("x-screen").is_some_and(|v| v == "streamed");
    let asked_screen = matches!(call, Call::Screen);
    // The content reply (the box, 54 KB) and a screen are gzipped for a browser that takes it.
    let gzip = assets::takes_gzip(&headers);
    match door.table.ask(move |t| t.call(Actor::Table, call)).await {
        Some(reply) if streamed => http::json(&crate::protocol::streamed(asked_screen, reply), gzip),
        Some(reply) => http::json(&reply, gzip),
        None => refused(StatusCode::INTERNAL_SERVER_ERROR, HostCode::Storage, "The table stopped while answering."),
    }
}

async fn stream(State(door): State<Door>, axum::Extension(closing): axum::Extension<Closing>, axum::Extension(proof): axum::Extension<http::Proof>, headers: HeaderMap, Query(q): Query<KeyQuery>) -> Response {
    if !keyed(&door, &headers, q.key.as_deref()) {
        return unkeyed();
    }
    proof.prove();
    let rx = door.table.screens();
    let screens = futures_util::stream::unfold((rx, closing, true), |(mut rx, mut closing, first)| async move {
        if closing.closed() {
            return None;
        }
        if !first {
            tokio::select! {
                changed = rx.changed() => changed.ok()?,
                () = closing.wait() => return None,
            }
        }
        let screen = rx.borrow_and_update().clone();
        let event = Event::default().event("screen").json_data(&*screen).ok()?;
        Some((Ok::<_, Infallible>(event), (rx, closing, false)))
    });
    let res = Sse::new(screens).keep_alive(KeepAlive::default()).into_response();
    // A screen mostly repeats the one before: a tablet on Wi-Fi gets it at a fraction of its size.
    if assets::takes_gzip(&headers) { http::gzip_events(res) } else { res }
}

/// The table page's drawing of the table at a game's revision (`first_frame`), kept for the
/// page's next load while that game is open there.
#[derive(serde::Deserialize)]
struct Frame {
    game: i64,
    revision: u32,
    html: String,
}

async fn keep_frame(State(door): State<Door>, axum::Extension(proof): axum::Extension<http::Proof>, headers: HeaderMap, body: Body) -> Response {
    if !keyed(&door, &headers, None) {
        return refused(StatusCode::UNAUTHORIZED, HostCode::BadCall, "This page needs the key from the address the app printed.");
    }
    proof.prove();
    let body = match http::read_body(body, first_frame::MAX_HTML + 1024, BODY_TIME).await {
        Ok(body) => body,
        Err(why) => return (why.status(), Json(Reply::Refused { fault: why.fault() })).into_response(),
    };
    let Ok(frame) = serde_json::from_slice::<Frame>(&body) else {
        return refused(StatusCode::BAD_REQUEST, HostCode::BadCall, "That picture of the table could not be read.");
    };
    let Some(Some(dir)) = door.table.ask(|t| t.store().path().parent().map(std::path::Path::to_path_buf)).await else {
        return refused(StatusCode::INTERNAL_SERVER_ERROR, HostCode::Storage, "The table stopped while answering.");
    };
    match tokio::task::spawn_blocking(move || first_frame::keep(&dir, frame.game, frame.revision, frame.html)).await {
        Ok(Ok(())) => StatusCode::NO_CONTENT.into_response(),
        Ok(Err(why)) => refused(StatusCode::INTERNAL_SERVER_ERROR, HostCode::Storage, &why),
        Err(_) => refused(StatusCode::INTERNAL_SERVER_ERROR, HostCode::Storage, "The table's picture could not be kept."),
    }
}

/// index.html with the open game's kept frame in it, when there is one for its revision.
async fn framed_index(door: &Door) -> Option<Vec<u8>> {
    let (dir, game, revision) = door
        .table
        .ask(|t| {
            let (game, revision) = t.open_at()?;
            Some((t.store().path().parent()?.to_path_buf(), game, revision))
        })
        .await??;
    let frame = tokio::task::spawn_blocking(move || first_frame::of(&dir, game, revision)).await.ok()??;
    let (index, _) = assets::find("index.html")?;
    first_frame::into_page(&index, &frame)
}

async fn asset(State(door): State<Door>, uri: Uri, headers: HeaderMap) -> Response {
    // The table page with the key in its address may open on the open game's kept frame: the
    // key proves it is the table's own page (only the table's page may see the table).
    let key = uri.query().and_then(|q| q.split('&').find_map(|kv| kv.strip_prefix("key=")));
    if matches!(uri.path(), "/" | "/index.html") && key.is_some() && keyed(&door, &headers, key) {
        if let Some(page) = framed_index(&door).await {
            return http::html(page, assets::takes_gzip(&headers));
        }
    }
    let cache = if uri.path().starts_with("/assets/") { "public, max-age=31536000, immutable" } else { "no-cache" };
    match assets::response(uri.path(), &headers, cache) {
        Some(res) => res,
        None if !assets::present() => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The table screen was not built into this binary: run ./scripts/run (it builds ui/ first).",
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "Not found.").into_response(),
    }
}
