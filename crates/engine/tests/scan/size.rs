//! The 500-line rule for the engine's and the host's layout tests (the host's test includes this
//! file by path): every source file of a crate outside its tests, in `src/`, `benches/`,
//! `examples/` and `build.rs` alike, so no folder is left out of the check (issue 30, item 7).

use std::path::{Path, PathBuf};

/// The most lines a source file outside the tests may have: past it, it is split along what it owns.
pub const MOST_LINES: usize = 500;

/// The crate's Rust sources outside `tests/` (and outside any build output).
pub fn sources(crate_dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![crate_dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                if !(p.parent() == Some(crate_dir) && matches!(p.file_name().and_then(|n| n.to_str()), Some("tests" | "target"))) {
                    dirs.push(p);
                }
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Why `text` is too long, if it is.
pub fn too_long(path: &Path, text: &str) -> Option<String> {
    let lines = text.lines().count();
    (lines > MOST_LINES).then(|| format!("{} has {lines} lines (at most {MOST_LINES}): split it along the game's nouns", path.display()))
}

/// Every source file of the crate that is too long, with its count.
pub fn too_long_files(crate_dir: &Path) -> Vec<String> {
    sources(crate_dir).iter().filter_map(|p| too_long(p.strip_prefix(crate_dir).unwrap_or(p), &std::fs::read_to_string(p).unwrap())).collect()
}
