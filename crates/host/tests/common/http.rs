//! A hand-written HTTP/1.1 client for the host's servers, so the tests see exactly what goes over
//! the wire: status, headers, body, and server-sent events.

use serde_json::Value;
use std::collections::HashMap;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

pub const WAIT: Duration = Duration::from_secs(20);

pub struct Response {
    pub status: u16,
    pub headers: HashMap<String, String>,
    pub body: String,
}

impl Response {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("a JSON body ({e}): {:?}", self.body))
    }
    pub fn reply<T: serde::de::DeserializeOwned>(&self) -> T {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("a reply ({e}): {:?}", self.body))
    }
}

pub fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

pub fn head(raw: &[u8]) -> (u16, HashMap<String, String>) {
    let text = String::from_utf8_lossy(raw);
    let mut lines = text.split("\r\n");
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    (status, headers)
}

/// Decodes as many whole chunks of a chunked body as `raw` holds; `None` once the last chunk came.
pub fn dechunk(raw: &mut Vec<u8>, out: &mut Vec<u8>) -> Option<()> {
    loop {
        let Some(eol) = find(raw, b"\r\n") else { return Some(()) };
        let size_text = String::from_utf8_lossy(&raw[..eol]).to_string();
        let size = usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16).expect("a chunk size");
        if size == 0 {
            return None;
        }
        if raw.len() < eol + 2 + size + 2 {
            return Some(());
        }
        out.extend_from_slice(&raw[eol + 2..eol + 2 + size]);
        raw.drain(..eol + 2 + size + 2);
    }
}

/// One request on its own connection (`Connection: close`). `Host` is the server's own unless
/// `headers` names one.
pub async fn request(port: u16, method: &str, path: &str, headers: &[(&str, &str)], body: Option<&str>) -> Response {
    request_bytes(port, method, path, headers, body.map(str::as_bytes)).await
}

/// `request` with a body that need not be text (the fuzz tests send any bytes).
pub async fn request_bytes(port: u16, method: &str, path: &str, headers: &[(&str, &str)], body: Option<&[u8]>) -> Response {
    let (status, headers, body) = request_raw(port, method, path, headers, body).await;
    Response { status, headers, body: String::from_utf8(body).expect("a UTF-8 body") }
}

/// `request_bytes` with the reply's body as bytes, as sent (a gzipped body is not decoded).
pub async fn request_raw(port: u16, method: &str, path: &str, headers: &[(&str, &str)], body: Option<&[u8]>) -> (u16, HashMap<String, String>, Vec<u8>) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).await.expect("connect");
    let mut req = format!("{method} {path} HTTP/1.1\r\n");
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        req.push_str(&format!("Host: 127.0.0.1:{port}\r\n"));
    }
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("Connection: close\r\n");
    if let Some(b) = body {
        req.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n", b.len()));
    }
    req.push_str("\r\n");
    let mut req = req.into_bytes();
    if let Some(b) = body {
        req.extend_from_slice(b);
    }
    stream.write_all(&req).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(WAIT, stream.read_to_end(&mut raw)).await.expect("the server answers in time").unwrap();
    let split = find(&raw, b"\r\n\r\n").expect("a complete response head");
    let (status, headers) = head(&raw[..split]);
    let mut rest = raw[split + 4..].to_vec();
    let body = if headers.get("transfer-encoding").is_some_and(|v| v.contains("chunked")) {
        let mut out = Vec::new();
        dechunk(&mut rest, &mut out);
        out
    } else {
        rest
    };
    (status, headers, body)
}

pub struct EventStream {
    pub stream: TcpStream,
    pub raw: Vec<u8>,
    pub body: Vec<u8>,
}

impl EventStream {
    pub async fn open(port: u16, path: &str) -> (u16, HashMap<String, String>, EventStream) {
        EventStream::open_with(port, path, &[]).await
    }

    /// Opens a stream with extra request headers (e.g. `Authorization`).
    pub async fn open_with(port: u16, path: &str, headers: &[(&str, &str)]) -> (u16, HashMap<String, String>, EventStream) {
        EventStream::open_from(std::net::Ipv4Addr::LOCALHOST, port, path, headers).await
    }

    /// The same from another loopback address (any of 127.0.0.0/8 on Linux), so that a client
    /// counts as a different device for the phone port's per-address cap.
    pub async fn open_from(source: std::net::Ipv4Addr, port: u16, path: &str, headers: &[(&str, &str)]) -> (u16, HashMap<String, String>, EventStream) {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind((source, 0).into()).expect("a loopback source address");
        let mut stream = socket.connect((std::net::Ipv4Addr::LOCALHOST, port).into()).await.unwrap();
        let mut req = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n");
        for (k, v) in headers {
            req.push_str(&format!("{k}: {v}\r\n"));
        }
        req.push_str("\r\n");
        stream.write_all(req.as_bytes()).await.unwrap();
        let mut raw = Vec::new();
        let split = loop {
            if let Some(i) = find(&raw, b"\r\n\r\n") {
                break i;
            }
            let mut buf = [0u8; 4096];
            let n = tokio::time::timeout(WAIT, stream.read(&mut buf)).await.expect("a response head in time").unwrap();
            assert!(n > 0, "the connection closed before the head");
            raw.extend_from_slice(&buf[..n]);
        };
        let (status, headers) = head(&raw[..split]);
        let raw = raw[split + 4..].to_vec();
        (status, headers, EventStream { stream, raw, body: Vec::new() })
    }

    /// The next event with data: its name and its JSON data.
    pub async fn next(&mut self) -> (String, Value) {
        let (name, data) = self.next_text().await.expect("the stream ended");
        (name, serde_json::from_str(&data).expect("JSON event data"))
    }

    /// The next event with data as text, or `None` when the stream ended.
    pub async fn next_text(&mut self) -> Option<(String, String)> {
        loop {
            let ended = dechunk(&mut self.raw, &mut self.body).is_none();
            while let Some(end) = find(&self.body, b"\n\n") {
                let block = String::from_utf8(self.body.drain(..end + 2).collect()).unwrap();
                let mut name = String::from("message");
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("event:") {
                        name = v.trim().to_string();
                    } else if let Some(v) = line.strip_prefix("data:") {
                        data.push_str(v.strip_prefix(' ').unwrap_or(v));
                    }
                }
                if !data.is_empty() {
                    return Some((name, data));
                }
            }
            if ended {
                return None;
            }
            let mut buf = [0u8; 8192];
            let n = tokio::time::timeout(WAIT, self.stream.read(&mut buf)).await.expect("an event in time").unwrap();
            if n == 0 {
                return None;
            }
            self.raw.extend_from_slice(&buf[..n]);
        }
    }
}


/// A reply sent gzipped to a caller that takes it is the same reply as sent plain, with
/// `Vary: Accept-Encoding`, at a fraction of its size (issue 21, item 8; issue 35, item 5).
pub fn assert_gzipped_same(plain: &Response, status: u16, headers: &HashMap<String, String>, packed: &[u8]) {
    use std::io::Read;
    assert_eq!(plain.status, 200);
    assert!(!plain.headers.contains_key("content-encoding"), "no gzip unless asked for");
    assert_eq!(status, 200);
    assert_eq!(headers.get("content-encoding").map(String::as_str), Some("gzip"));
    assert!(headers.get("vary").is_some_and(|v| v.eq_ignore_ascii_case("accept-encoding")), "caches keep both forms apart");
    let mut unpacked = String::new();
    flate2::read::GzDecoder::new(packed).read_to_string(&mut unpacked).unwrap();
    assert_eq!(unpacked, plain.body, "the same reply");
    assert!(packed.len() * 3 < plain.body.len(), "gzipped to a fraction: {} of {} bytes", packed.len(), plain.body.len());
}
