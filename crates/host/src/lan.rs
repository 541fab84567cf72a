//! The phone server: the phone page and the phone API on one address of this machine, started
//! when the table turns phones on and stopped with its game (PRIVACY.md, "The LAN server").
//! Every API request proves its seat with a token, or spends a single-use code; `Host` must name
//! this server and `Origin`, when sent, must be this server.

use crate::phones::PhoneRules;
use crate::protocol::{Fault, FaultCode, LanAddress, PhoneCall, PhoneReply};
use crate::table::{self, Table};
use crate::assets;
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
use std::sync::{Arc, Mutex, Weak};
use tokio::sync::{oneshot, watch};

/// A phone's request body is small: a code, a device name or one command.
pub const MAX_BODY: usize = 16 * 1024;
/// How a phone may describe itself, at most.
pub const MAX_DEVICE: usize = 40;

/// The running phone server; dropping it stops the server and ends every phone stream.
pub struct Running {
    pub ip: IpAddr,
    pub port: u16,
    /// The connections it holds now (its caps are `PhoneRules::per_source` and `connections`).
    pub connections: crate::http::Gauge,
    stop: Option<oneshot::Sender<()>>,
}

impl Running {
    pub fn url(&self) -> String {
        format!("http://{}", host_port(self.ip, self.port))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

fn host_port(ip: IpAddr, port: u16) -> String {
    match ip {
        IpAddr::V4(v4) => format!("{v4}:{port}"),
        IpAddr::V6(v6) => format!("[{v6}]:{port}"),
    }
}

/// The IPv4 addresses phones could reach: network addresses first (private ranges before
/// others), this computer's own loopback last, for trying phones out in a browser here.
pub fn addresses() -> Vec<LanAddress> {
    let mut found: Vec<(u8, LanAddress)> = Vec::new();
    for iface in if_addrs::get_if_addrs().unwrap_or_default() {
        let IpAddr::V4(v4) = iface.ip() else { continue };
        if v4.is_link_local() || v4.is_unspecified() || v4.is_loopback() {
            continue;
        }
        let rank = if v4.is_private() { 0 } else { 1 };
        found.push((rank, LanAddress { ip: v4.to_string(), interface: iface.name.clone(), loopback: false }));
    }
    found.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.ip.cmp(&b.1.ip)));
    found.dedup_by(|a, b| a.1.ip == b.1.ip);
    let mut out: Vec<LanAddress> = found.into_iter().map(|(_, a)| a).collect();
    out.push(LanAddress { ip: "127.0.0.1".into(), interface: "lo".into(), loopback: true });
    out
}

/// The QR of `url` as an SVG document, dark on light whatever the screen's theme, so phone
/// cameras read it in a dim room.
pub fn qr_svg(url: &str) -> Result<String, String> {
    let code = qrcode::QrCode::new(url.as_bytes()).map_err(|e| e.to_string())?;
    Ok(code.render::<qrcode::render::svg::Color>().min_dimensions(220, 220).quiet_zone(true).build())
}

/// The table, not kept alive by its own phone server: when the table goes, the server stops
/// with it (the table owns the server, so a strong reference here would keep both for ever).
type TableRef = Weak<Mutex<Table>>;

#[derive(Clone)]
struct Lan {
    table: TableRef,
    hosts: Arc<[String]>,
    origins: Arc<[String]>,
    body_time: std::time::Duration,
}

/// Turns true when the server is stopping, so open phone streams end and shutdown can finish.
#[derive(Clone)]
struct Closing(watch::Receiver<bool>);

/// Listens on `ip` (on `port`, or any free port when it is taken) and serves on `runtime`.
pub fn start(table: TableRef, ip: IpAddr, rules: &PhoneRules, runtime: &tokio::runtime::Handle) -> std::io::Result<Running> {
    let listener = {
        let _entered = runtime.enter();
        listen(SocketAddr::new(ip, rules.port)).or_else(|_| listen(SocketAddr::new(ip, 0)))?
    };
    let port = listener.local_addr()?.port();
    let (stop_tx, stop_rx) = oneshot::channel::<()>();
    let (closing_tx, closing_rx) = watch::channel(false);
    let mut hosts = vec![host_port(ip, port)];
    if ip.is_loopback() {
        hosts.push(format!("localhost:{port}"));
    }
    let origins: Vec<String> = hosts.iter().map(|h| format!("http://{h}")).collect();
    let lan = Lan { table, hosts: hosts.into(), origins: origins.into(), body_time: rules.body_time };
    let app = router(lan, closing_rx.clone());
    let limits = crate::http::Limits { per_source: rules.per_source, total: rules.connections, header_time: rules.header_time };
    let gauge = crate::http::Gauge::default();
    runtime.spawn(async move {
        // Phone streams never end by themselves: the same signal that stops the server tells them to.
        let _ = stop_rx.await;
        let _ = closing_tx.send(true);
    });
    runtime.spawn(crate::http::serve(listener, app, limits, gauge.clone(), closing_rx));
    Ok(Running { ip, port, connections: gauge, stop: Some(stop_tx) })
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

fn router(lan: Lan, closing: watch::Receiver<bool>) -> Router {
    let api = Router::new()
        .route("/api/phone", post(phone_call))
        .route("/api/stream", get(stream));
    Router::new()
        .merge(api)
        .fallback(get(asset))
        .layer(middleware::from_fn_with_state(lan.clone(), guard))
        .layer(axum::Extension(Closing(closing)))
        .with_state(lan)
}

fn status_of(code: FaultCode) -> StatusCode {
    match code {
        FaultCode::BadCall => StatusCode::BAD_REQUEST,
        FaultCode::BadToken => StatusCode::UNAUTHORIZED,
        FaultCode::CodeExpired => StatusCode::GONE,
        FaultCode::LockedOut => StatusCode::TOO_MANY_REQUESTS,
        FaultCode::PhonesOff | FaultCode::NoGame => StatusCode::SERVICE_UNAVAILABLE,
        FaultCode::NotYourSeat | FaultCode::NotConfirmed => StatusCode::FORBIDDEN,
        FaultCode::Storage => StatusCode::INTERNAL_SERVER_ERROR,
        _ => StatusCode::CONFLICT,
    }
}

fn refused(fault: Fault) -> Response {
    (status_of(fault.code), Json(PhoneReply::Refused { fault })).into_response()
}

fn refusal(code: FaultCode, reason: &str) -> Response {
    refused(Fault::new(code, reason))
}

async fn guard(State(lan): State<Lan>, req: Request, next: Next) -> Response {
    let host = req.headers().get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
    if !lan.hosts.iter().any(|a| a == host) {
        return refusal(FaultCode::BadCall, "This table only answers on its own address.");
    }
    if let Some(origin) = req.headers().get(header::ORIGIN) {
        if !origin.to_str().ok().is_some_and(|o| lan.origins.iter().any(|a| a == o)) {
            return refusal(FaultCode::BadCall, "Requests from other sites are refused.");
        }
    }
    // A body announced as too large is refused before any of it is read, so a client cannot
    // hold a connection open by promising bytes it never sends.
    let announced = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > MAX_BODY as u64) {
        return (StatusCode::PAYLOAD_TOO_LARGE, Json(PhoneReply::Refused { fault: Fault::new(FaultCode::BadCall, "That request is too large.") })).into_response();
    }
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    h.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    h.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    h.insert("x-frame-options", HeaderValue::from_static("DENY"));
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

/// Runs `work` on the table under its lock, off the async workers (a commit waits on the disk).
async fn with_table<T: Send + 'static>(table: &TableRef, work: impl FnOnce(&mut Table) -> T + Send + 'static) -> Result<T, Response> {
    let table = table.clone();
    tokio::task::spawn_blocking(move || table.upgrade().map(|table| work(&mut table::lock(&table))))
        .await
        .ok()
        .flatten()
        .ok_or_else(|| refusal(FaultCode::Storage, "The table stopped while answering."))
}

type Work = Box<dyn FnOnce(&mut Table) + Send>;

/// Runs `work` on the table when dropped: a phone that went away is forgotten even when its
/// request or stream was cut off mid-way.
struct OnDrop {
    work: Option<(TableRef, Work)>,
}

impl OnDrop {
    fn new(table: &TableRef, work: impl FnOnce(&mut Table) + Send + 'static) -> OnDrop {
        OnDrop { work: Some((table.clone(), Box::new(work))) }
    }

    fn disarm(&mut self) {
        self.work = None;
    }
}

impl Drop for OnDrop {
    fn drop(&mut self) {
        if let Some((table, work)) = self.work.take() {
            let run = move || {
                if let Some(table) = table.upgrade() {
                    work(&mut table::lock(&table));
                }
            };
            match tokio::runtime::Handle::try_current() {
                Ok(h) => {
                    h.spawn_blocking(run);
                }
                Err(_) => run(),
            }
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

async fn phone_call(State(lan): State<Lan>, ConnectInfo(from): ConnectInfo<SocketAddr>, headers: HeaderMap, body: Body) -> Response {
    let body = match tokio::time::timeout(lan.body_time, axum::body::to_bytes(body, MAX_BODY)).await {
        Ok(Ok(body)) => body,
        Ok(Err(_)) => {
            return (StatusCode::PAYLOAD_TOO_LARGE, Json(PhoneReply::Refused { fault: Fault::new(FaultCode::BadCall, "That request is too large.") })).into_response()
        }
        Err(_) => return (StatusCode::REQUEST_TIMEOUT, Json(PhoneReply::Refused { fault: Fault::new(FaultCode::BadCall, "That request did not arrive in time.") })).into_response(),
    };
    let call: PhoneCall = match serde_json::from_slice(&body) {
        Ok(c) => c,
        Err(e) => return refusal(FaultCode::BadCall, &format!("That request could not be read ({e}).")),
    };
    let ip = from.ip();
    let gzip = assets::takes_gzip(&headers);
    match call {
        PhoneCall::Pair { code, device } => pair(lan, ip, code, device_name(device)).await,
        PhoneCall::Reveal { code } => match with_table(&lan.table, move |t| t.phone_reveal(ip, &code)).await {
            Ok(Ok(reply)) => reply_json(&reply, gzip),
            Ok(Err(fault)) => refused(fault),
            Err(res) => res,
        },
        seat_call => {
            let token = bearer(&headers);
            let answer = with_table(&lan.table, move |t| -> Result<PhoneReply, Fault> {
                let seat = t.phone_seat(ip, token.as_deref())?;
                match seat_call {
                    PhoneCall::Hand => Ok(PhoneReply::Hand { screen: (*t.phone_screen(seat)).clone() }),
                    PhoneCall::Act { command } => Ok(PhoneReply::Hand { screen: (*t.phone_act(seat, command)?).clone() }),
                    PhoneCall::Leave => t.phone_leave(seat).map(|()| PhoneReply::Left),
                    PhoneCall::Content { pack } => Ok(PhoneReply::Content { content: nemesis_engine::Content::pack(pack).data.clone() }),
                    PhoneCall::Debrief => t.phone_debrief(seat),
                    PhoneCall::Pair { .. } | PhoneCall::Reveal { .. } => unreachable!("answered above"),
                }
            })
            .await;
            match answer {
                Ok(Ok(reply)) => reply_json(&reply, gzip),
                Ok(Err(fault)) => refused(fault),
                Err(res) => res,
            }
        }
    }
}

/// A reply as JSON, gzipped when the phone takes it and it is large enough to gain (the box's
/// contents for the map, a seat's screen): a phone's first load is counted on the wire.
fn reply_json(reply: &PhoneReply, gzip: bool) -> Response {
    use std::io::Write;
    let Ok(body) = serde_json::to_vec(reply) else {
        return Json(reply).into_response();
    };
    let mut res = Response::builder().header(header::CONTENT_TYPE, "application/json").header(header::VARY, "Accept-Encoding");
    let body = if gzip && body.len() > 1024 {
        let mut enc = flate2::write::GzEncoder::new(Vec::with_capacity(body.len() / 4), flate2::Compression::default());
        match enc.write_all(&body).and_then(|()| enc.finish()) {
            Ok(packed) => {
                res = res.header(header::CONTENT_ENCODING, "gzip");
                packed
            }
            Err(_) => body,
        }
    } else {
        body
    };
    res.body(Body::from(body)).unwrap_or_else(|_| Json(reply).into_response())
}

/// An event stream gzipped as it goes, for a phone that takes gzip: each chunk is compressed and
/// flushed at once (a sync flush), so every event still arrives when it is sent, and a screen
/// that mostly repeats the one before costs a fraction of its size. The stream's end closes the
/// gzip member properly. (The phone server is plain HTTP on the local network, so compression
/// shows an onlooker nothing the bytes themselves would not.)
fn gzip_events(res: Response) -> Response {
    use futures_util::StreamExt;
    use std::io::Write;
    type Gz = flate2::write::GzEncoder<Vec<u8>>;
    fn pack(enc: &mut Gz, chunk: &[u8]) -> std::io::Result<axum::body::Bytes> {
        enc.write_all(chunk)?;
        enc.flush()?;
        Ok(axum::body::Bytes::from(std::mem::take(enc.get_mut())))
    }
    let (mut parts, body) = res.into_parts();
    let start = (body.into_data_stream(), Some(Gz::new(Vec::new(), flate2::Compression::default())));
    let data = futures_util::stream::unfold(start, |(mut chunks, enc)| async move {
        let mut enc = enc?;
        match chunks.next().await {
            Some(Ok(chunk)) => Some((pack(&mut enc, &chunk).map_err(axum::Error::new), (chunks, Some(enc)))),
            Some(Err(e)) => Some((Err(e), (chunks, None))),
            None => Some((enc.finish().map(axum::body::Bytes::from).map_err(axum::Error::new), (chunks, None))),
        }
    });
    parts.headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    parts.headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from_stream(data))
}

/// Spends a pairing code, then waits (without holding the table) for the table to confirm.
async fn pair(lan: Lan, ip: IpAddr, code: String, device: String) -> Response {
    let asked = with_table(&lan.table, move |t| -> Result<_, Fault> {
        let seat = t.phone_pair_code(ip, &code)?;
        let (id, answer) = t.phones().ask(seat, device, crate::phones::match_code(&code));
        let wait = t.phones().rules.ask_life;
        t.phones_changed();
        Ok((seat, id, answer, wait))
    })
    .await;
    let (seat, id, answer, wait) = match asked {
        Ok(Ok(x)) => x,
        Ok(Err(fault)) => return refused(fault),
        Err(res) => return res,
    };
    // If the phone hangs up (or the wait runs out) the table stops showing its ask.
    let mut forget = OnDrop::new(&lan.table, move |t| {
        if t.phones().drop_ask(id) {
            t.phones_changed();
        }
    });
    let token = match tokio::time::timeout(wait, answer).await {
        Ok(Ok(Some(token))) => token,
        Ok(_) => return refusal(FaultCode::NotConfirmed, "The table did not give this phone the seat."),
        Err(_) => return refusal(FaultCode::NotConfirmed, "The table did not answer in time: scan a new code."),
    };
    forget.disarm();
    let name = with_table(&lan.table, move |t| t.phone_screen(seat).game.as_ref().map(|g| g.me.name.clone()).unwrap_or_default()).await.unwrap_or_default();
    Json(PhoneReply::Paired { token, seat, name }).into_response()
}

#[derive(serde::Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

/// This seat's screen at once and after every change, until the token is revoked or the
/// server stops. Only the connection that proved the seat hears it.
async fn stream(
    State(lan): State<Lan>,
    axum::Extension(Closing(closing)): axum::Extension<Closing>,
    ConnectInfo(from): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
) -> Response {
    let token = bearer(&headers).or(q.token);
    let gzip = assets::takes_gzip(&headers);
    let ip = from.ip();
    let check = token.clone();
    let opened = with_table(&lan.table, move |t| -> Result<_, Fault> {
        let seat = t.phone_seat(ip, check.as_deref())?;
        t.phones().stream_opened(seat);
        let cut = t.phones().cut_signal(seat);
        t.phones_changed();
        Ok((seat, t.subscribe(), cut))
    })
    .await;
    let (seat, screens, cut) = match opened {
        Ok(Ok(x)) => x,
        Ok(Err(fault)) => return refused(fault),
        Err(res) => return res,
    };
    let gone = OnDrop::new(&lan.table, move |t| {
        t.phones().stream_closed(seat);
        t.phones_changed();
    });
    let token: Arc<str> = token.unwrap_or_default().into();
    let state = Watch { table: lan.table.clone(), screens, closing, cut, token, seat, last: None, first: true, done: false, _gone: gone };
    let events = futures_util::stream::unfold(state, |mut w| async move {
        let event = w.next().await?;
        Some((Ok::<_, Infallible>(event), w))
    });
    let res = Sse::new(events).keep_alive(KeepAlive::default()).into_response();
    if gzip {
        gzip_events(res)
    } else {
        res
    }
}

struct Watch {
    table: TableRef,
    screens: watch::Receiver<Arc<crate::TableScreen>>,
    closing: watch::Receiver<bool>,
    cut: watch::Receiver<bool>,
    token: Arc<str>,
    seat: nemesis_engine::Seat,
    last: Option<Arc<crate::protocol::PhoneScreen>>,
    first: bool,
    done: bool,
    _gone: OnDrop,
}

impl Watch {
    /// The next event for this phone: its screen when it changed, `revoked` once when the
    /// token stops proving the seat, nothing (the end) when the server stops.
    async fn next(&mut self) -> Option<Event> {
        loop {
            if self.done || *self.closing.borrow() {
                return None;
            }
            if !self.first && !*self.cut.borrow() {
                tokio::select! {
                    changed = self.screens.changed() => changed.ok()?,
                    _ = self.closing.changed() => return None,
                    // The token was revoked: told at once, even while the table is still busy.
                    _ = self.cut.changed() => {}
                }
                self.screens.borrow_and_update();
            }
            if *self.cut.borrow() {
                self.done = true;
                return Some(revoked());
            }
            self.first = false;
            let (token, seat) = (self.token.clone(), self.seat);
            let now = with_table(&self.table, move |t| (t.phones().seat_of(&token) == Some(seat)).then(|| t.phone_screen(seat))).await.ok()?;
            let Some(screen) = now else {
                self.done = true;
                return Some(revoked());
            };
            if self.last.as_ref().is_some_and(|l| Arc::ptr_eq(l, &screen) || **l == *screen) {
                continue;
            }
            self.last = Some(screen.clone());
            return Event::default().event("hand").json_data(&*screen).ok();
        }
    }
}

fn revoked() -> Event {
    Event::default().event("revoked").data("The table freed this seat.")
}

async fn asset(uri: Uri, headers: HeaderMap) -> Response {
    // The phone page only: the table screen is never served on the network.
    let path = if uri.path() == "/" { "/phone.html" } else { uri.path() };
    if !(path == "/phone.html" || path.starts_with("/assets/")) {
        return (StatusCode::NOT_FOUND, "Not found.").into_response();
    }
    let cache = if path.starts_with("/assets/") { "public, max-age=31536000, immutable" } else { "no-store" };
    match assets::response(path, &headers, cache) {
        Some(res) => res,
        None if !assets::present() => (StatusCode::SERVICE_UNAVAILABLE, "The phone page was not built into this binary: run ./scripts/run.").into_response(),
        None => (StatusCode::NOT_FOUND, "Not found.").into_response(),
    }
}
