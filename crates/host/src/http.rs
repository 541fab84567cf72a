//! The connection side shared by both HTTP doors (the loopback table door and the phone
//! server): accepting under caps per source address and in total, a time limit on request heads
//! (which is also the keep-alive idle limit), and a stop that ends every connection. Routes and
//! guards stay with each door; the open-file limit is raised here, once, at start.

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
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
}

/// How long a stopping door waits for its connections to finish before cutting them.
const STOP_GRACE: Duration = Duration::from_secs(3);

/// The connections a door holds now, per source address (for the caps, and for tests).
#[derive(Clone, Default)]
pub struct Gauge(Arc<Mutex<HashMap<IpAddr, usize>>>);

impl Gauge {
    fn counts(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, usize>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Connections held now in all.
    pub fn open(&self) -> usize {
        self.counts().values().sum()
    }

    /// Connections held now from `ip`.
    pub fn from(&self, ip: IpAddr) -> usize {
        self.counts().get(&ip).copied().unwrap_or(0)
    }

    /// A place for one more connection from `ip`, or `None` when either cap is reached.
    fn take(&self, ip: IpAddr, limits: &Limits) -> Option<Slot> {
        let mut counts = self.counts();
        let total: usize = counts.values().sum();
        let mine = counts.get(&ip).copied().unwrap_or(0);
        if total >= limits.total || mine >= limits.per_source {
            return None;
        }
        counts.insert(ip, mine + 1);
        Some(Slot { gauge: self.clone(), ip })
    }
}

/// One held connection; its place is given back when the connection ends, however it ends.
struct Slot {
    gauge: Gauge,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self.gauge.counts();
        if let Some(n) = counts.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.ip);
            }
        }
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
            let _slot = slot;
            let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
                req.extensions_mut().insert(ConnectInfo(from));
                let mut app = app.clone();
                async move { app.call(req.map(axum::body::Body::new)).await }
            });
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_time)
                .serve_connection(TokioIo::new(stream), service);
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
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
