//! What both HTTP doors (the loopback table door and the phone server) share: accepting under
//! caps per source address and in total, a time limit on request heads (which is also the
//! keep-alive idle limit), the guard on `Host` and `Origin` and the safety headers, bodies read
//! under a size and a time limit, gzipped event streams, and a stop that ends every stream and
//! connection. Routes, keys and tokens stay with each door; the open-file limit is raised here,
//! once, at start.

use crate::fault::{Fault, HostCode};
use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower_service::Service;

/// How many connections a door keeps and how long a request head may take.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Connections held at once from one address. A phone's browser opens up to six; more from
    /// one address is someone holding connections to starve the others.
    pub per_source: usize,
    /// Connections held at once in all: each is an open file, and the table's own files (the
    /// save, its write-ahead log) must never run short.
    pub total: usize,
    /// How long a request head may take to arrive, counted from the moment the connection waits
    /// for one: a connection opened and left silent, a head sent a byte at a time, and a
    /// keep-alive connection left idle between requests are all closed after this.
    pub header_time: Duration,
    /// Whether an address that proved itself once (a phone's seat token) is trusted for its
    /// next connections too. On the phone port each phone has its own address; on the loopback
    /// table door every client shares 127.0.0.1, so there only a connection proves itself.
    pub trust_addresses: bool,
}

/// How long a stopping door waits for its connections to finish before cutting them.
const STOP_GRACE: Duration = Duration::from_secs(3);

/// At most this many trusted addresses are remembered (a phone that left keeps its place in the
/// list until it is full; then the list starts again from those that prove themselves next).
const TRUSTED_ADDRESSES: usize = 1024;

/// One held connection: where from, in which order it came, whether a request on it proved
/// itself (a key, a seat token, a live pairing code), and how to close it.
struct Held {
    ip: IpAddr,
    order: u64,
    proven: bool,
    evict: Arc<tokio::sync::Notify>,
}

#[derive(Default)]
struct Places {
    next: u64,
    held: HashMap<u64, Held>,
    trusted: HashSet<IpAddr>,
}

/// The connections a door holds now (for the caps, and for tests). A stranger's idle
/// connections cannot crowd out those who proved themselves: when a cap is reached, a newcomer
/// takes the place of the oldest unproven connection of the address holding the most of them,
/// and a connection that proved itself is never pushed out (issue 34, item 1).
#[derive(Clone, Default)]
pub struct Gauge(Arc<Mutex<Places>>);

impl Gauge {
    fn inner(&self) -> std::sync::MutexGuard<'_, Places> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Connections held now in all.
    pub fn open(&self) -> usize {
        self.inner().held.len()
    }

    /// Connections held now from `ip`.
    pub fn from(&self, ip: IpAddr) -> usize {
        self.inner().held.values().filter(|h| h.ip == ip).count()
    }

    /// A place for one more connection from `ip`, or `None` when a cap is reached and no
    /// stranger's connection may give way to it.
    fn take(&self, ip: IpAddr, limits: &Limits) -> Option<Slot> {
        let mut g = self.inner();
        let trusted = limits.trust_addresses && g.trusted.contains(&ip);
        let mine = g.held.values().filter(|h| h.ip == ip).count();
        let full_here = mine >= limits.per_source;
        if full_here || g.held.len() >= limits.total {
            // The connections that may give way: unproven ones, from an untrusted address, and
            // the newcomer's own when its address is at its cap.
            let gives_way = |h: &Held| !h.proven && !(limits.trust_addresses && g.trusted.contains(&h.ip)) && (!full_here || h.ip == ip);
            let mut per_address: HashMap<IpAddr, usize> = HashMap::new();
            for h in g.held.values().filter(|h| gives_way(h)) {
                *per_address.entry(h.ip).or_default() += 1;
            }
            let (&heaviest, &count) = per_address.iter().max_by_key(|(a, n)| (**n, std::cmp::Reverse(**a)))?;
            // A stranger may not push out another address's connection to hold more than it.
            if heaviest != ip && !trusted && count <= mine {
                return None;
            }
            let victim = g.held.iter().filter(|(_, h)| h.ip == heaviest && gives_way(h)).min_by_key(|(_, h)| h.order).map(|(id, _)| *id)?;
            if let Some(v) = g.held.remove(&victim) {
                v.evict.notify_one();
            }
        }
        let id = g.next;
        g.next += 1;
        let evict = Arc::new(tokio::sync::Notify::new());
        g.held.insert(id, Held { ip, order: id, proven: trusted, evict: evict.clone() });
        Some(Slot { gauge: self.clone(), id, evict })
    }

    fn prove(&self, id: u64, trust_address: bool) {
        let mut g = self.inner();
        let Some(h) = g.held.get_mut(&id) else { return };
        h.proven = true;
        let ip = h.ip;
        if trust_address {
            if g.trusted.len() >= TRUSTED_ADDRESSES {
                g.trusted.clear();
            }
            g.trusted.insert(ip);
        }
    }

    fn proven(&self, id: u64) -> bool {
        self.inner().held.get(&id).is_some_and(|h| h.proven)
    }
}

/// One held connection; its place is given back when the connection ends, however it ends.
struct Slot {
    gauge: Gauge,
    id: u64,
    evict: Arc<tokio::sync::Notify>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.gauge.inner().held.remove(&self.id);
    }
}

/// A request's connection, as a handler sees it: `prove` once the request showed it belongs
/// (the table's key, a seat token, a live pairing code), so the connection keeps its place when
/// strangers crowd the door. A refused request from an unproven connection closes it.
#[derive(Clone)]
pub struct Proof {
    gauge: Gauge,
    id: u64,
    trust_address: bool,
}

impl Proof {
    pub fn prove(&self) {
        self.gauge.prove(self.id, self.trust_address);
    }
}

/// Serves `app` on `listener` until `stop` turns true (or its sender is dropped). A connection
/// over a cap is closed as soon as it is accepted, before a byte of it is read: the kernel's
/// queue keeps draining, so a flood costs the host no file it keeps. Handlers see the peer's
/// address as `ConnectInfo<SocketAddr>`.
pub async fn serve(listener: TcpListener, app: Router, limits: Limits, gauge: Gauge, mut stop: watch::Receiver<bool>) {
    loop {
        if *stop.borrow() {
            break;
        }
        let (stream, from) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(x) => x,
                Err(_) => {
                    // Out of files (or another passing error): wait instead of spinning, so the
                    // rest of the host keeps its share of the processor.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = stop.changed() => continue,
        };
        let Some(slot) = gauge.take(from.ip(), &limits) else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let mut stop = stop.clone();
        tokio::spawn(async move {
            let proof = Proof { gauge: slot.gauge.clone(), id: slot.id, trust_address: limits.trust_addresses };
            let evicted = slot.evict.clone();
            let _slot = slot;
            let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
                req.extensions_mut().insert(ConnectInfo(from));
                req.extensions_mut().insert(proof.clone());
                let mut app = app.clone();
                let proof = proof.clone();
                async move {
                    let mut res = app.call(req.map(axum::body::Body::new)).await?;
                    // A refused request does not keep its place: the connection closes after it.
                    if res.status().is_client_error() && !proof.gauge.proven(proof.id) {
                        res.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
                    }
                    Ok::<_, std::convert::Infallible>(res)
                }
            });
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_time)
                .serve_connection(TokioIo::new(stream), service);
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                // A newcomer took this (unproven) connection's place: closed at once.
                () = evicted.notified() => {}
                () = async { drop(stop.wait_for(|s| *s).await) } => {
                    conn.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(STOP_GRACE, conn).await;
                }
            }
        });
    }
}

/// Raises this process's open-file limit to what the system allows, once at start: the usual
/// soft limit (1,024 on many systems) is far below the hard one, and the caps above are what
/// bound the doors, not an accident of the default. Returns the limit now in force.
pub fn raise_open_files() -> Option<u64> {
    #[cfg(unix)]
    {
        rlimit::increase_nofile_limit(u64::MAX).ok()
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// The names a door answers to: a request whose `Host` is not one of them, or whose `Origin`
/// (when sent) is another site, is refused before anything else (DNS rebinding, cross-site
/// requests).
#[derive(Clone)]
pub struct Names {
    hosts: Arc<[String]>,
    origins: Arc<[String]>,
}

impl Names {
    /// `hosts` as `Host` headers name them (`127.0.0.1:7421`); their origins are plain http.
    pub fn of(hosts: Vec<String>) -> Names {
        let origins: Vec<String> = hosts.iter().map(|h| format!("http://{h}")).collect();
        Names { hosts: hosts.into(), origins: origins.into() }
    }

    /// Why a request's head is refused, or `None` when it names this door.
    pub fn refusal(&self, headers: &HeaderMap) -> Option<Fault> {
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
        if !self.hosts.iter().any(|a| a == host) {
            return Some(Fault::new(HostCode::BadCall, "This table only answers on its own address."));
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            if !origin.to_str().ok().is_some_and(|o| self.origins.iter().any(|a| a == o)) {
                return Some(Fault::new(HostCode::BadCall, "Requests from other sites are refused."));
            }
        }
        None
    }
}

/// The headers every answer of both doors carries: no sniffing, no referrer, no framing.
pub fn harden(res: &mut Response) {
    let h = res.headers_mut();
    h.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    h.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    h.insert("x-frame-options", HeaderValue::from_static("DENY"));
}

/// Why a request's body was not read.
#[derive(Debug, PartialEq, Eq)]
pub enum BodyRefused {
    TooLarge,
    TooSlow,
}

impl BodyRefused {
    /// The status a door answers it with, whichever door it is.
    pub fn status(&self) -> StatusCode {
        match self {
            BodyRefused::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            BodyRefused::TooSlow => StatusCode::REQUEST_TIMEOUT,
        }
    }

    pub fn fault(&self) -> Fault {
        match self {
            BodyRefused::TooLarge => Fault::new(HostCode::BadCall, "That request is too large."),
            BodyRefused::TooSlow => Fault::new(HostCode::BadCall, "That request did not arrive in time."),
        }
    }
}

/// A request's body, at most `max` bytes arriving within `time`: a client cannot hold a
/// connection open by promising bytes it never sends.
pub async fn read_body(body: Body, max: usize, time: Duration) -> Result<Bytes, BodyRefused> {
    match tokio::time::timeout(time, axum::body::to_bytes(body, max)).await {
        Ok(Ok(body)) => Ok(body),
        Ok(Err(_)) => Err(BodyRefused::TooLarge),
        Err(_) => Err(BodyRefused::TooSlow),
    }
}

/// Turns true when a door is stopping, so its open event streams end and shutdown can finish.
#[derive(Clone)]
pub struct Closing(pub watch::Receiver<bool>);

impl Closing {
    pub fn closed(&self) -> bool {
        *self.0.borrow()
    }

    /// Waits until the door stops.
    pub async fn wait(&mut self) {
        let _ = self.0.wait_for(|c| *c).await;
    }
}

/// A door's server running on a runtime. Dropping it, or `stop`, tells its streams to end and
/// stops accepting; the connections still open get a short grace.
pub struct Server {
    closing: watch::Sender<bool>,
    done: Option<tokio::task::JoinHandle<()>>,
}

impl Server {
    /// Serves the router `app` makes (given the door's closing signal) on `runtime`.
    pub fn spawn(listener: TcpListener, app: impl FnOnce(Closing) -> Router, limits: Limits, gauge: Gauge, runtime: &tokio::runtime::Handle) -> Server {
        let (closing, stop) = watch::channel(false);
        let app = app(Closing(stop.clone()));
        let done = runtime.spawn(serve(listener, app, limits, gauge, stop));
        Server { closing, done: Some(done) }
    }

    /// Stops the server and waits until it has.
    pub async fn stop(mut self) {
        self.closing.send_replace(true);
        if let Some(done) = self.done.take() {
            let _ = done.await;
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Event streams never end by themselves: the signal that stops accepting tells them to.
        self.closing.send_replace(true);
    }
}

/// An event stream gzipped as it goes, for a client that takes gzip: each chunk is compressed
/// and flushed at once (a sync flush), so every event still arrives when it is sent, and a
/// screen that mostly repeats the one before costs a fraction of its size. The stream's end
/// closes the gzip member properly. (The phone server is plain HTTP on the local network, so
/// compression shows an onlooker nothing the bytes themselves would not.)
pub fn gzip_events(res: Response) -> Response {
    use futures_util::StreamExt;
    use std::io::Write;
    type Gz = flate2::write::GzEncoder<Vec<u8>>;
    fn pack(enc: &mut Gz, chunk: &[u8]) -> std::io::Result<Bytes> {
        enc.write_all(chunk)?;
        enc.flush()?;
        Ok(Bytes::from(std::mem::take(enc.get_mut())))
    }
    let (mut parts, body) = res.into_parts();
    let start = (body.into_data_stream(), Some(Gz::new(Vec::new(), flate2::Compression::default())));
    let data = futures_util::stream::unfold(start, |(mut chunks, enc)| async move {
        let mut enc = enc?;
        match chunks.next().await {
            Some(Ok(chunk)) => Some((pack(&mut enc, &chunk).map_err(axum::Error::new), (chunks, Some(enc)))),
            Some(Err(e)) => Some((Err(e), (chunks, None))),
            None => Some((enc.finish().map(Bytes::from).map_err(axum::Error::new), (chunks, None))),
        }
    });
    parts.headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    parts.headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from_stream(data))
}

/// A reply as JSON, gzipped when the caller takes gzip and it is large enough to gain (the box's
/// contents, a screen): a phone's first load and a tablet showing the table over Wi-Fi are
/// counted on the wire. Both doors answer through it.
/// A page made for this request (not a built file): never cached, gzipped when the browser takes it.
pub fn html(page: Vec<u8>, gzip: bool) -> Response {
    use std::io::Write;
    let res = Response::builder().header(header::CONTENT_TYPE, "text/html; charset=utf-8").header(header::CACHE_CONTROL, "no-cache").header(header::VARY, "Accept-Encoding");
    if gzip {
        let mut enc = flate2::write::GzEncoder::new(Vec::with_capacity(page.len() / 4), flate2::Compression::default());
        if let Ok(packed) = enc.write_all(&page).and_then(|()| enc.finish()) {
            return res.header(header::CONTENT_ENCODING, "gzip").body(Body::from(packed)).unwrap_or_default();
        }
    }
    res.body(Body::from(page)).unwrap_or_default()
}

pub fn json<T: serde::Serialize>(reply: &T, gzip: bool) -> Response {
    use std::io::Write;
    let Ok(body) = serde_json::to_vec(reply) else {
        return axum::Json(reply).into_response();
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
    res.body(Body::from(body)).unwrap_or_else(|_| axum::Json(reply).into_response())
}
