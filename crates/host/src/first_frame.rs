//! The table page's first frame: the table the page last drew of a game, kept as HTML in the data
//! folder and put into index.html when the window (or the serve door's page, with its key) next
//! loads while that game is open at the same revision, so the table is painted before the page's
//! code has loaded and mounted it (issue 35).
//!
//! Only the table itself is kept: the page leaves out every private overlay (a player's hand
//! behind the curtain, a QR code) before it sends the frame, and a frame is used only for the
//! very game and revision it was drawn from, so it never shows a state the game is not in.

use serde::{Deserialize, Serialize};
use std::path::Path;

const FILE: &str = "first-frame.json";
/// A late-game table is about 150 KB of HTML; anything far larger is not a frame of ours.
pub const MAX_HTML: usize = 4 << 20;
/// Where the frame goes in the built index.html (its one empty mount point).
const MOUNT: &str = "<div id=\"app\"></div>";

#[derive(Serialize, Deserialize)]
struct Kept {
    game: i64,
    revision: u32,
    html: String,
}

/// Keeps the page's frame of `game` at `revision`, replacing the one before: owner-only, written
/// beside and renamed over, so a crash leaves the old frame or the new one, never half of one.
pub fn keep(dir: &Path, game: i64, revision: u32, html: String) -> Result<(), String> {
    use std::io::Write;
    if html.len() > MAX_HTML {
        return Err("That frame is too large to keep.".into());
    }
    let json = serde_json::to_vec(&Kept { game, revision, html }).map_err(|e| e.to_string())?;
    let part = dir.join(format!("{FILE}.part"));
    let _ = std::fs::remove_file(&part);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&part).map_err(|e| format!("The frame could not be kept: {e}."))?;
    file.write_all(&json).map_err(|e| format!("The frame could not be kept: {e}."))?;
    drop(file);
    std::fs::rename(&part, dir.join(FILE)).map_err(|e| format!("The frame could not be kept: {e}."))
}

/// The kept frame, if it was drawn from `game` at `revision`.
pub fn of(dir: &Path, game: i64, revision: u32) -> Option<String> {
    let bytes = std::fs::read(dir.join(FILE)).ok()?;
    let kept: Kept = serde_json::from_slice(&bytes).ok()?;
    (kept.game == game && kept.revision == revision && kept.html.len() <= MAX_HTML).then_some(kept.html)
}

/// index.html with `frame` in its mount point, hidden until `first-frame.js` has the typeface
/// (so no text shows in a fallback face first), and that script after it. The frame is inert: a
/// press on it before the live table is there does nothing rather than something half-done.
/// None when the page has no mount point to fill.
pub fn into_page(index: &[u8], frame: &str) -> Option<Vec<u8>> {
    let page = std::str::from_utf8(index).ok()?;
    let at = page.find(MOUNT)?;
    let mut out = String::with_capacity(page.len() + frame.len() + 320);
    // The frame waits for the table's typeface: its fetch starts as the head is read, before the
    // page's code is fetched and compiled on the same thread (without it, the live table often
    // mounted before the frame could show).
    match (page.find("</head>"), crate::assets::table_face()) {
        (Some(head), Some(face)) if head < at => {
            out.push_str(&page[..head]);
            out.push_str(&format!("<link rel=\"preload\" href=\"./{face}\" as=\"font\" type=\"font/woff2\" crossorigin>"));
            out.push_str(&page[head..at]);
        }
        _ => out.push_str(&page[..at]),
    }
    out.push_str("<div id=\"app\" data-first-frame inert style=\"visibility:hidden\">");
    out.push_str(frame);
    out.push_str("</div><script src=\"./first-frame.js\"></script>");
    out.push_str(&page[at + MOUNT.len()..]);
    Some(out.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_is_used_only_for_the_game_and_revision_it_was_drawn_from() {
        let dir = std::env::temp_dir().join(format!("first-frame-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        keep(&dir, 7, 12, "<main>table</main>".into()).unwrap();
        assert_eq!(of(&dir, 7, 12).as_deref(), Some("<main>table</main>"));
        assert_eq!(of(&dir, 7, 13), None, "a later revision is not that frame");
        assert_eq!(of(&dir, 8, 12), None, "another game is not that frame");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.join(FILE)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "a frame is the owner's only, like the saves");
        }
        let page = into_page(b"<body><div id=\"app\"></div></body>", "<main>table</main>").unwrap();
        let page = String::from_utf8(page).unwrap();
        assert!(page.contains("data-first-frame inert style=\"visibility:hidden\"><main>table</main></div><script src=\"./first-frame.js\">"), "{page}");
        assert_eq!(into_page(b"<body></body>", "x"), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
