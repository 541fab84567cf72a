//! The front end built by Vite, embedded at compile time, served to browsers by the serve door.

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The file at `path` ("" means index.html) and its content type.
pub fn find(path: &str) -> Option<(&'static [u8], &'static str)> {
    let path = path.trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    FILES.iter().find(|(p, _)| *p == path).map(|(p, bytes)| (*bytes, content_type(p)))
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
