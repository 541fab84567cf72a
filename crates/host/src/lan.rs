//! The phone server: the phone page and the phone API on one address of this machine, started
//! when the table turns phones on and stopped with its game (PRIVACY.md, "The LAN server").
//! Every API request proves its seat with a token, or spends a single-use code; `Host` must name
//! this server and `Origin`, when sent, must be this server. It reaches the table only by
//! sending its writer messages (`writer::Writer`); a seat's stream reads the screens the
//! table publishes for it and never comes back to the table after it opened.

use crate::assets;
use crate::http::{self, Closing, Names};
use crate::phones::PhoneRules;
use crate::protocol::{Fault, FaultCode, HostCode, PhoneCall, PhoneReply};
use crate::reach::host_port;
use crate::writer::Writer;
use crate::table::Table;
use axum::body::Body;
use axum::extract::{ConnectInfo, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use tokio::sync::{oneshot, watch};

mod display;

/// A phone's request body is small: a code, a device name or one command.
pub const MAX_BODY: usize = 16 * 1024;
/// How a phone may describe itself, at most.
pub const MAX_DEVICE: usize = 40;

/// The running phone server; dropping it stops the server and ends every phone stream.
pub struct Running {
    pub ip: IpAddr,
    pub port: u16,
    /// The connections it holds now (its caps are `PhoneRules::per_source` and `connections`).
    pub connections: http::Gauge,
    _server: http::Server,
}

impl Running {
    pub fn url(&self) -> String {
        format!("http://{}", host_port(self.ip, self.port))
    }
}

#[derive(Clone)]
struct Lan {
    table: Writer,
    names: Names,
    body_time: std::time::Duration,
}

/// Listens on `ip` (on `port`, or any free port when it is taken) and serves on `runtime`.
pub fn start(table: Writer, ip: IpAddr, rules: &PhoneRules, runtime: &tokio::runtime::Handle) -> std::io::Result<Running> {
    let listener = {
        let _entered = runtime.enter();
        listen(SocketAddr::new(ip, rules.port)).or_else(|_| listen(SocketAddr::new(ip, 0)))?
    };
    let port = listener.local_addr()?.port();
    let mut hosts = vec![host_port(ip, port)];
    if ip.is_loopback() {
        hosts.push(format!("localhost:{port}"));
    }
    let lan = Lan { table, names: Names::of(hosts), body_time: rules.body_time };
    // Each phone has an address of its own: one that proved its seat keeps its places.
    let limits = http::Limits { per_source: rules.per_source, total: rules.connections, header_time: rules.header_time, trust_addresses: true };
    let gauge = http::Gauge::default();
    let server = http::Server::spawn(listener, |closing| router(lan, closing), limits, gauge.clone(), runtime);
    Ok(Running { ip, port, connections: gauge, _server: server })
}

/// A listener with a deep queue of connections waiting to be accepted: during a flood the
/// kernel keeps a phone's connection in line (the accept loop drains thousands a second) instead
/// of dropping it and leaving the phone to retry a second or three later.
fn listen(at: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = if at.is_ipv4() { tokio::net::TcpSocket::new_v4()? } else { tokio::net::TcpSocket::new_v6()? };
    socket.set_reuseaddr(true)?;
    socket.bind(at)?;
    socket.listen(4096)
}

fn router(lan: Lan, closing: Closing) -> Router {
    let api = Router::new()
        .route("/api/phone", post(phone_call))
        .route("/api/stream", get(stream))
        .merge(display::routes());
    Router::new()
        .merge(api)
        .fallback(get(asset))
        .layer(middleware::from_fn_with_state(lan.clone(), guard))
        .layer(axum::Extension(closing))
        .with_state(lan)
}

/// The HTTP status of a refusal at the phone server, for a phone's calls and a display's alike.
/// Every host code is named, so a new one must say its status; the rules' refusals are conflicts
/// with the game as it stands, but for a seat the phone may not act for.
fn status_of(code: FaultCode) -> StatusCode {
    match code {
        FaultCode::Rule(nemesis_engine::Code::NotYourSeat) => StatusCode::FORBIDDEN,
        FaultCode::Rule(_) => StatusCode::CONFLICT,
        FaultCode::Host(host) => match host {
            HostCode::BadCall => StatusCode::BAD_REQUEST,
            HostCode::BadToken => StatusCode::UNAUTHORIZED,
            HostCode::CodeExpired => StatusCode::GONE,
            HostCode::LockedOut => StatusCode::TOO_MANY_REQUESTS,
            HostCode::PhonesOff | HostCode::NoGame => StatusCode::SERVICE_UNAVAILABLE,
            HostCode::NotConfirmed | HostCode::NotYourRound | HostCode::DisplayOnly => StatusCode::FORBIDDEN,
            HostCode::Storage => StatusCode::INTERNAL_SERVER_ERROR,
            HostCode::NoSuchGame | HostCode::BadFile | HostCode::MovedOn => StatusCode::CONFLICT,
        },
    }
}

fn refused(fault: Fault) -> Response {
    (status_of(fault.code), Json(PhoneReply::Refused { fault })).into_response()
}

fn refusal(code: HostCode, reason: &str) -> Response {
    refused(Fault::new(code, reason))
}

async fn guard(State(lan): State<Lan>, req: Request, next: Next) -> Response {
    if let Some(fault) = lan.names.refusal(req.headers()) {
        return refused(fault);
    }
    // A body announced as too large is refused before any of it is read, so a client cannot
    // hold a connection open by promising bytes it never sends.
    let announced = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > MAX_BODY as u64) {
        let why = http::BodyRefused::TooLarge;
        return (why.status(), Json(PhoneReply::Refused { fault: why.fault() })).into_response();
    }
    let mut res = next.run(req).await;
    http::harden(&mut res);
    let h = res.headers_mut();
    // Hashed asset names never change content: phones keep them. Everything else is fresh.
    if !h.contains_key(header::CACHE_CONTROL) {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    h.insert(
        "content-security-policy",
        HeaderValue::from_static("default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'"),
    );
    res
}

/// Runs `work` on the table (a message to its writer) and waits for the answer.
async fn with_table<T: Send + 'static>(table: &Writer, work: impl FnOnce(&mut Table) -> T + Send + 'static) -> Result<T, Response> {
    table.ask(work).await.ok_or_else(|| refusal(HostCode::Storage, "The table stopped while answering."))
}

/// Sends `work` to the table when dropped: a phone that went away is forgotten even when its
/// request or stream was cut off mid-way.
struct OnDrop {
    work: Option<(Writer, Box<dyn FnOnce(&mut Table) + Send>)>,
}

impl OnDrop {
    fn new(table: &Writer, work: impl FnOnce(&mut Table) + Send + 'static) -> OnDrop {
        OnDrop { work: Some((table.clone(), Box::new(work))) }
    }

    fn disarm(&mut self) {
        self.work = None;
    }
}

impl Drop for OnDrop {
    fn drop(&mut self) {
        if let Some((table, work)) = self.work.take() {
            table.tell(work);
        }
    }
}

fn bearer(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    value.strip_prefix("Bearer ").map(|t| t.trim().to_string())
}

/// Cleaned as the table shows it (`text::device_name`).
fn device_name(given: Option<String>) -> String {
    crate::text::device_name(&given.unwrap_or_default(), MAX_DEVICE)
}

async fn phone_call(State(lan): State<Lan>, ConnectInfo(from): ConnectInfo<SocketAddr>, axum::Extension(proof): axum::Extension<http::Proof>, headers: HeaderMap, body: Body) -> Response {
    let body = match http::read_body(body, MAX_BODY, lan.body_time).await {
        Ok(body) => body,
        Err(why) => return (why.status(), Json(PhoneReply::Refused { fault: why.fault() })).into_response(),
    };
    let call: PhoneCall = match serde_json::from_slice(&body) {
        Ok(c) => c,
        Err(e) => return refusal(HostCode::BadCall, &format!("That request could not be read ({e}).")),
    };
    let ip = from.ip();
    let gzip = assets::takes_gzip(&headers);
    match call {
        PhoneCall::Pair { code, device } => pair(lan, ip, proof, code, device_name(device)).await,
        PhoneCall::Reveal { code, device } => match with_table(&lan.table, {
            let (device, token) = (device_name(device), bearer(&headers));
            move |t| t.phone_reveal(ip, &code, device, token.as_deref())
        })
        .await
        {
            Ok(Ok(reply)) => {
                proof.prove();
                http::json(&reply, gzip)
            }
            Ok(Err(fault)) => refused(fault),
            Err(res) => res,
        },
        seat_call => {
            let token = bearer(&headers);
            let answer = with_table(&lan.table, move |t| -> Result<PhoneReply, Fault> {
                let seat = t.phone_seat(ip, token.as_deref())?;
                match seat_call {
                    PhoneCall::Hand => Ok(PhoneReply::Hand { screen: t.phone_screen(seat) }),
                    PhoneCall::Act { command, entered, revision, streamed } => {
                        t.phone_act(seat, crate::phone_calls::PhoneAct { command, entered, revision, streamed: streamed.unwrap_or(false) })
                    }
                    PhoneCall::Leave => t.phone_leave(seat).map(|()| PhoneReply::Left),
                    PhoneCall::Board { pack } => Ok(PhoneReply::Board { board: nemesis_engine::Content::pack(pack).data.board() }),
                    PhoneCall::Content { pack } => Ok(PhoneReply::Content { content: nemesis_engine::Content::pack(pack).data.clone() }),
                    PhoneCall::Debrief => t.phone_debrief(seat),
                    PhoneCall::Pair { .. } | PhoneCall::Reveal { .. } => unreachable!("answered above"),
                }
            })
            .await;
            // A seat token that proves its seat proves the phone's connection too, even when
            // the rules refuse what it asked.
            let unproven = |f: &Fault| matches!(f.code, FaultCode::Host(HostCode::BadToken | HostCode::LockedOut | HostCode::PhonesOff));
            if matches!(&answer, Ok(Ok(_))) || matches!(&answer, Ok(Err(f)) if !unproven(f)) {
                proof.prove();
            }
            match answer {
                Ok(Ok(reply)) => http::json(&reply, gzip),
                Ok(Err(fault)) => refused(fault),
                Err(res) => res,
            }
        }
    }
}

/// Spends a pairing code, then waits (without holding the table) for the table to confirm.
async fn pair(lan: Lan, ip: IpAddr, proof: http::Proof, code: String, device: String) -> Response {
    let ask = move |t: &mut Table| -> Result<_, Fault> {
        let seat = t.phone_pair_code(ip, &code)?;
        let (id, answer) = t.phones().ask(seat, device, crate::phones::match_code(&code));
        Ok((seat, id, answer))
    };
    let forget = |t: &mut Table, id| t.phones().drop_ask(id);
    let (seat, token) = match pairing(&lan, proof, ask, forget, refused, Fault::new(HostCode::NotConfirmed, "The table did not give this phone the seat.")).await {
        Ok(x) => x,
        Err(res) => return res,
    };
    let name = with_table(&lan.table, move |t| t.open_game().and_then(|g| g.state()).and_then(|s| s.seats.get(seat)).map(|s| s.name.clone()).unwrap_or_default())
        .await
        .unwrap_or_default();
    Json(PhoneReply::Paired { token, seat, name }).into_response()
}

/// A phone's or a display's pairing: `ask` spends its code and puts its ask on the table's
/// screen, then this waits (without holding the table) for the table's answer, the new token.
/// A live pairing code keeps the device's place while the table confirms it. If the device hangs
/// up or the wait runs out, `forget` takes the ask off the table's screen (true when it was
/// there). `refuse` words a refusal as the device's door does; `no` is what it says when the
/// table did not accept the device.
async fn pairing<K: Send + 'static>(
    lan: &Lan,
    proof: http::Proof,
    ask: impl FnOnce(&mut Table) -> Result<(K, u32, oneshot::Receiver<Option<String>>), Fault> + Send + 'static,
    forget: fn(&mut Table, u32) -> bool,
    refuse: fn(Fault) -> Response,
    no: Fault,
) -> Result<(K, String), Response> {
    let asked = with_table(&lan.table, move |t| -> Result<_, Fault> {
        let asked = ask(t)?;
        let wait = t.phones().rules.ask_life;
        t.phones_changed();
        Ok((asked, wait))
    })
    .await?;
    let ((key, id, answer), wait) = asked.map_err(refuse)?;
    proof.prove();
    let mut gone = OnDrop::new(&lan.table, move |t| {
        if forget(t, id) {
            t.phones_changed();
        }
    });
    let token = match tokio::time::timeout(wait, answer).await {
        Ok(Ok(Some(token))) => token,
        Ok(_) => return Err(refuse(no)),
        Err(_) => return Err(refuse(Fault::new(HostCode::NotConfirmed, "The table did not answer in time: scan a new code."))),
    };
    gone.disarm();
    Ok((key, token))
}

#[derive(serde::Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

/// This seat's screen at once and after every change, until the token is revoked or the
/// server stops. Only the connection that proved the seat hears it.
async fn stream(
    State(lan): State<Lan>,
    axum::Extension(closing): axum::Extension<Closing>,
    ConnectInfo(from): ConnectInfo<SocketAddr>,
    axum::Extension(proof): axum::Extension<http::Proof>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
) -> Response {
    let token = bearer(&headers).or(q.token);
    let ip = from.ip();
    let open = move |t: &mut Table| -> Result<_, Fault> {
        let seat = t.phone_seat(ip, token.as_deref())?;
        t.phones().stream_opened(seat);
        let cut = t.phones().cut_signal(seat);
        let screens = t.phone_feed(seat);
        Ok((seat, Feed { screens, cut, event: "hand", revoked: "The table freed this seat." }))
    };
    let close = |t: &mut Table, seat| t.phones().stream_closed(seat);
    events(&lan, closing, proof, &headers, open, close).await
}

/// What a stream sends: the screens the table publishes for its phone or display, under the
/// event name `event`, and `revoked` once when the token stops proving it.
struct Feed<S> {
    screens: watch::Receiver<Arc<S>>,
    cut: watch::Receiver<bool>,
    event: &'static str,
    revoked: &'static str,
}

/// A phone's or a display's stream: `open` proves its token on the table and gives what to send
/// (refused as it says when it does not), then the server-sent events of that feed until the
/// token is revoked, the server stops or the game closes; `close` tells the table it ended. The
/// Phones panel hears of both.
async fn events<S, K>(
    lan: &Lan,
    closing: Closing,
    proof: http::Proof,
    headers: &HeaderMap,
    open: impl FnOnce(&mut Table) -> Result<(K, Feed<S>), Fault> + Send + 'static,
    close: impl FnOnce(&mut Table, K) + Send + 'static,
) -> Response
where
    S: serde::Serialize + Send + Sync + 'static,
    K: Send + 'static,
{
    let gzip = assets::takes_gzip(headers);
    let opened = with_table(&lan.table, move |t| -> Result<(K, Feed<S>), Fault> {
        let opened = open(t)?;
        t.phones_changed();
        Ok(opened)
    });
    let (key, feed) = match opened.await {
        Ok(Ok(x)) => x,
        Ok(Err(fault)) => return refused(fault),
        Err(res) => return res,
    };
    proof.prove();
    let gone = OnDrop::new(&lan.table, move |t| {
        close(t, key);
        t.phones_changed();
    });
    let state = Watch { feed, closing, first: true, done: false, _gone: gone };
    let events = futures_util::stream::unfold(state, |mut w| async move {
        let event = w.next().await?;
        Some((Ok::<_, Infallible>(event), w))
    });
    let res = Sse::new(events).keep_alive(KeepAlive::default()).into_response();
    if gzip {
        http::gzip_events(res)
    } else {
        res
    }
}

struct Watch<S> {
    feed: Feed<S>,
    closing: Closing,
    first: bool,
    done: bool,
    _gone: OnDrop,
}

impl<S: serde::Serialize> Watch<S> {
    /// The next event: the screen when it changed, `revoked` once when the token stops proving
    /// its phone or display, nothing (the end) when the server stops.
    async fn next(&mut self) -> Option<Event> {
        if self.done || self.closing.closed() {
            return None;
        }
        if !self.first && !*self.feed.cut.borrow() {
            tokio::select! {
                biased;
                // The token was revoked: told at once, even while the table is still busy.
                _ = self.feed.cut.changed() => {}
                () = self.closing.wait() => return None,
                // A feed that ended without a cut: the game closed under the stream.
                changed = self.feed.screens.changed() => {
                    if changed.is_err() && !*self.feed.cut.borrow() {
                        return None;
                    }
                }
            }
        }
        if *self.feed.cut.borrow() {
            self.done = true;
            return Some(Event::default().event("revoked").data(self.feed.revoked));
        }
        self.first = false;
        let screen = self.feed.screens.borrow_and_update().clone();
        Event::default().event(self.feed.event).json_data(&*screen).ok()
    }
}

async fn asset(uri: Uri, headers: HeaderMap) -> Response {
    // The phone page and the display page only: the table screen is never served on the network.
    let path = match uri.path() {
        "/" => "/phone.html",
        "/display" => "/display.html",
        other => other,
    };
    if !(path == "/phone.html" || path == "/display.html" || path.starts_with("/assets/")) {
        return (StatusCode::NOT_FOUND, "Not found.").into_response();
    }
    let cache = if path.starts_with("/assets/") { "public, max-age=31536000, immutable" } else { "no-store" };
    match assets::response(path, &headers, cache) {
        Some(res) => res,
        None if !assets::present() => (StatusCode::SERVICE_UNAVAILABLE, "The phone page was not built into this binary: run ./scripts/run.").into_response(),
        None => (StatusCode::NOT_FOUND, "Not found.").into_response(),
    }
}
