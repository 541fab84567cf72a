//! The front end built by Vite, embedded at compile time, served to browsers by the serve door.

/// One built file: its path under `ui/dist`, its bytes, and whether they are its gzip (kept so
/// when that is smaller, and then only so).
pub type File = (&'static str, &'static [u8], bool);

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The file at `path` ("" means index.html), as built, and its content type.
pub fn find(path: &str) -> Option<(std::borrow::Cow<'static, [u8]>, &'static str)> {
    entry(path).map(|(p, bytes, packed)| (if *packed { gunzip(bytes).into() } else { (*bytes).into() }, content_type(p)))
}

/// A file kept gzipped, unpacked (it was packed by the build from a file that exists, so it
/// unpacks; a failure would give an empty file rather than a panic).
fn gunzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::with_capacity(bytes.len() * 4);
    let _ = flate2::read::GzDecoder::new(bytes).read_to_end(&mut out);
    out
}

fn entry(path: &str) -> Option<&'static File> {
    let path = path.trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    FILES.iter().find(|(p, _, _)| *p == path)
}

/// Whether a request's `Accept-Encoding` takes gzip ("gzip;q=0" says no).
pub fn takes_gzip(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get_all(axum::http::header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|part| {
            let mut it = part.split(';');
            let coding = it.next().unwrap_or("").trim();
            coding.eq_ignore_ascii_case("gzip") && !it.any(|p| p.trim().replace(' ', "") == "q=0")
        })
}

/// The file at `path` as a response: gzipped (built so) when the request's `Accept-Encoding`
/// takes gzip, as is otherwise; `cache` is its `Cache-Control`.
pub fn response(path: &str, headers: &axum::http::HeaderMap, cache: &'static str) -> Option<axum::response::Response> {
    use axum::http::header;
    let (name, bytes, packed) = entry(path)?;
    let mut res = axum::response::Response::builder().header(header::CONTENT_TYPE, content_type(name)).header(header::CACHE_CONTROL, cache);
    if !*packed {
        return res.body(axum::body::Body::from(*bytes)).ok();
    }
    res = res.header(header::VARY, "Accept-Encoding");
    if takes_gzip(headers) {
        res.header(header::CONTENT_ENCODING, "gzip").body(axum::body::Body::from(*bytes)).ok()
    } else {
        res.body(axum::body::Body::from(gunzip(bytes))).ok()
    }
}

/// The table's cut of its typeface, as built (`assets/saira-table-<hash>.woff2`).
pub fn table_face() -> Option<&'static str> {
    FILES.iter().map(|(p, _, _)| *p).find(|p| p.starts_with("assets/saira-table-") && p.ends_with(".woff2"))
}

/// Whether the front end was built before this binary (serve mode needs it).
pub fn present() -> bool {
    find("index.html").is_some()
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "ico" => "image/x-icon",
        "webmanifest" => "application/manifest+json",
        _ => "application/octet-stream",
    }
}
