//! Embeds the built front end (`ui/dist`) so the serve door is one self-contained binary: each
//! text file that compresses is kept gzipped only (as browsers take it), the others as they are.
//! Without a built front end the host still builds; serve mode then says how to build it.

use std::path::{Path, PathBuf};

fn walk(dir: &Path, base: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(read) = std::fs::read_dir(dir) else { return };
    let mut items: Vec<_> = read.filter_map(Result::ok).map(|e| e.path()).collect();
    items.sort();
    for p in items {
        if p.is_dir() {
            walk(&p, base, out);
        } else {
            let rel = p.strip_prefix(base).expect("under base").to_string_lossy().replace('\\', "/");
            out.push((rel, p));
        }
    }
}

/// The gzip of a text file, when it is smaller by enough to matter.
fn gzipped(rel: &str, path: &Path) -> Option<Vec<u8>> {
    use std::io::Write;
    let text = ["html", "js", "mjs", "css", "json", "svg", "webmanifest"];
    if !text.contains(&rel.rsplit('.').next().unwrap_or("")) {
        return None;
    }
    let raw = std::fs::read(path).ok()?;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(&raw).ok()?;
    let packed = gz.finish().ok()?;
    (packed.len() + 256 < raw.len()).then_some(packed)
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let dist = manifest.join("../../ui/dist").canonicalize().unwrap_or_else(|_| manifest.join("../../ui/dist"));
    println!("cargo:rerun-if-changed={}", dist.display());
    let mut files = Vec::new();
    walk(&dist, &dist, &mut files);
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));
    let mut code = String::from("pub static FILES: &[File] = &[\n");
    for (i, (rel, path)) in files.iter().enumerate() {
        // One copy of each file (issue 35, item 3): a gzipped one is unpacked on the rare request
        // that does not take gzip, rather than carried twice in every binary.
        let (at, packed) = match gzipped(rel, path) {
            Some(bytes) => {
                let at = out_dir.join(format!("asset-{i}.gz"));
                std::fs::write(&at, bytes).expect("OUT_DIR is writable");
                (at, true)
            }
            None => (path.clone(), false),
        };
        code.push_str(&format!("    ({rel:?}, include_bytes!({:?}), {packed}),\n", at.display().to_string()));
    }
    code.push_str("];\n");
    std::fs::write(out_dir.join("assets.rs"), code).expect("OUT_DIR is writable");
}
