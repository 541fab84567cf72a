//! Each paired phone's mark on disk beside the save: one empty file per live pairing, so that
//! freeing a seat is the removal of a file, which needs no free space (issue 34, item 6).
// A revocation used to live only in the `phones` table. On a full disk its write fails, and the
// next run read the old token back: the freed phone was in again. Removing a file needs no
// space, so the mark's removal is made (and synced) first: whatever the save's write does next,
// the token stays refused in every later run. A save folder from before the marks, or whose
// marks could not be made, has no mark folder: its `phones` rows are then trusted as before,
// and the folder is made from them the first time it can be.

use super::*;
use std::io;

/// A seat's phone in the save: its row in `phones`, and its mark.
impl Store {
    /// The seat tokens of a game's paired phones (their hashes), so a phone rejoins after the app
    /// restarts: those whose mark beside the save is still there (a freed seat's mark went first,
    /// even when the save could not be written), or every row while the marks are not made yet.
    pub fn phone_tokens(&self, game: i64) -> Result<Vec<SeatToken>, Fault> {
        let mut stmt = self.conn.prepare("SELECT seat, token, device FROM phones WHERE game = ?1 ORDER BY seat").map_err(storage)?;
        let rows = stmt
            .query_map([game], |r| Ok(SeatToken { seat: Seat(r.get(0)?), token: String::new(), hash: r.get(1)?, device: r.get(2)? }))
            .map_err(storage)?;
        let mut tokens = rows.collect::<Result<Vec<_>, _>>().map_err(storage)?;
        if self.marks_ready() {
            let kept = self.all_pairings()?;
            self.pairings.sweep(&kept.into_iter().collect());
            tokens.retain(|t| self.pairings.holds(&t.hash));
        }
        Ok(tokens)
    }

    /// Every pairing's token hash in the save, all games.
    fn all_pairings(&self) -> Result<Vec<String>, Fault> {
        let mut stmt = self.conn.prepare("SELECT token FROM phones").map_err(storage)?;
        let rows = stmt.query_map([], |r| r.get::<_, String>(0)).map_err(storage)?;
        rows.collect::<Result<Vec<_>, _>>().map_err(storage)
    }

    /// Whether the marks beside the save decide which pairings are live, making them from the
    /// save's rows first if they were never made (a save folder from before them, or a restored
    /// copy). False when they cannot be made: the rows are then trusted, as before the marks.
    fn marks_ready(&self) -> bool {
        if self.pairings.live() {
            return true;
        }
        let Ok(hashes) = self.all_pairings() else { return false };
        self.pairings.adopt(hashes.iter().map(String::as_str)).is_ok()
    }

    fn phone_hash(&self, game: i64, seat: Seat) -> Result<Option<String>, Fault> {
        self.conn
            .query_row("SELECT token FROM phones WHERE game = ?1 AND seat = ?2", params![game, seat.0], |r| r.get(0))
            .optional()
            .map_err(storage)
    }

    /// Keeps a seat's new token (its hash; replacing the seat's old one): its mark first, then
    /// its row; the old token's mark goes once the row is replaced.
    pub fn save_phone(&mut self, game: i64, token: &SeatToken, now_ms: i64) -> Result<(), Fault> {
        if !self.marks_ready() {
            return Err(storage("the phone's pairing could not be marked beside the save"));
        }
        let old = self.phone_hash(game, token.seat)?;
        self.pairings.mark(&token.hash).map_err(|e| storage(format!("the phone's pairing could not be marked beside the save ({e})")))?;
        let saved = self.write(|tx| {
            tx.execute(
                "INSERT INTO phones (game, seat, token, device, created_ms) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT(game, seat) DO UPDATE SET token = excluded.token, device = excluded.device, created_ms = excluded.created_ms",
                params![game, token.seat.0, token.hash, token.device, now_ms],
            )
            .map_err(storage)?;
            Ok(())
        });
        match (&saved, old) {
            (Err(_), _) => {
                let _ = self.pairings.unmark(&token.hash);
            }
            (Ok(()), Some(old)) if old != token.hash => {
                let _ = self.pairings.unmark(&old);
            }
            _ => {}
        }
        saved
    }

    /// Frees a seat's phone: its mark first, which needs no free space, so that a full disk
    /// refusing the row's removal cannot bring the phone back in a later run.
    pub fn forget_phone(&mut self, game: i64, seat: Seat) -> Result<(), Fault> {
        if let Some(hash) = self.phone_hash(game, seat)? {
            if self.marks_ready() {
                self.pairings.unmark(&hash).map_err(|e| storage(format!("the phone's pairing mark could not be removed ({e})")))?;
            }
        }
        self.write(|tx| {
            tx.execute("DELETE FROM phones WHERE game = ?1 AND seat = ?2", params![game, seat.0]).map_err(storage)?;
            Ok(())
        })
    }
}

/// The folder of marks beside the save file (`games.sqlite3-pairings`), named like SQLite's own
/// companions so a folder listing keeps it next to its save.
pub(super) struct Pairings {
    dir: PathBuf,
}

impl Pairings {
    pub(super) fn beside(save: &Path) -> Pairings {
        let mut name = save.file_name().map(|n| n.to_os_string()).unwrap_or_default();
        name.push("-pairings");
        Pairings { dir: save.with_file_name(name) }
    }

    /// Whether the marks decide (the folder was made from the save's rows).
    pub(super) fn live(&self) -> bool {
        self.dir.is_dir()
    }

    /// Whether the pairing whose token hashes to `hash` is still live.
    pub(super) fn holds(&self, hash: &str) -> bool {
        safe_name(hash) && self.dir.join(hash).is_file()
    }

    /// Makes the folder from the save's live pairings, whole or not at all: the marks are made in
    /// a folder of another name, which is renamed into place once every one is on disk.
    pub(super) fn adopt<'a>(&self, hashes: impl IntoIterator<Item = &'a str>) -> io::Result<()> {
        let mut name = self.dir.file_name().map(|n| n.to_os_string()).unwrap_or_default();
        name.push(".new");
        let making = self.dir.with_file_name(name);
        let _ = std::fs::remove_dir_all(&making);
        let made = (|| {
            private_dir(&making)?;
            for hash in hashes {
                mark_in(&making, hash)?;
            }
            sync_dir(&making)?;
            std::fs::rename(&making, &self.dir)?;
            sync_dir(self.dir.parent().unwrap_or(Path::new(".")))
        })();
        if made.is_err() {
            let _ = std::fs::remove_dir_all(&making);
        }
        made
    }

    /// Marks a new pairing live, on disk when this returns.
    pub(super) fn mark(&self, hash: &str) -> io::Result<()> {
        mark_in(&self.dir, hash)?;
        sync_dir(&self.dir)
    }

    /// Takes a pairing's mark away, on disk when this returns; a mark already gone is fine.
    pub(super) fn unmark(&self, hash: &str) -> io::Result<()> {
        if !safe_name(hash) {
            return Ok(());
        }
        match std::fs::remove_file(self.dir.join(hash)) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
        sync_dir(&self.dir)
    }

    /// Removes the marks of pairings the save no longer holds (a deleted game's phones, a
    /// mark made just before a run ended without its row).
    pub(super) fn sweep(&self, kept: &std::collections::HashSet<String>) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else { return };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !kept.contains(&name) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// A token's hash is 64 hexadecimal digits; anything else never names a file here.
fn safe_name(hash: &str) -> bool {
    !hash.is_empty() && hash.len() <= 128 && hash.bytes().all(|b| b.is_ascii_hexdigit())
}

fn mark_in(dir: &Path, hash: &str) -> io::Result<()> {
    if !safe_name(hash) {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "a pairing's mark must be named by its token's hash"));
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(false);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(dir.join(hash))?.sync_all()
}

fn private_dir(dir: &Path) -> io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// A folder's entries (a file made, removed or renamed) on disk. Windows cannot open a folder
/// as a file; its file system journals metadata itself.
fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    std::fs::File::open(dir)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "aa11";
    const B: &str = "bb22";

    #[test]
    fn a_folder_made_from_the_saves_rows_keeps_them_and_a_removed_mark_stays_removed() {
        let dir = tempfile::tempdir().unwrap();
        let p = Pairings::beside(&dir.path().join("games.sqlite3"));
        assert!(!p.live(), "a save from before the marks has none");
        p.adopt([A, B]).unwrap();
        assert!(p.live() && p.holds(A) && p.holds(B));
        p.unmark(A).unwrap();
        p.unmark(A).unwrap();
        assert!(!p.holds(A) && p.holds(B));
        assert!(!dir.path().join("games.sqlite3-pairings.new").exists(), "no half-made folder is left");
    }

    #[test]
    fn a_name_that_is_not_a_hash_never_reaches_the_file_system() {
        let dir = tempfile::tempdir().unwrap();
        let p = Pairings::beside(&dir.path().join("games.sqlite3"));
        p.adopt([]).unwrap();
        assert!(p.mark("../escape").is_err());
        assert!(!p.holds("../games.sqlite3"));
        assert!(p.unmark("..").is_ok());
        assert!(dir.path().join("games.sqlite3-pairings").is_dir());
    }

    #[test]
    fn the_sweep_removes_marks_the_save_no_longer_holds() {
        let dir = tempfile::tempdir().unwrap();
        let p = Pairings::beside(&dir.path().join("games.sqlite3"));
        p.adopt([A, B]).unwrap();
        p.sweep(&[B.to_string()].into_iter().collect());
        assert!(!p.holds(A) && p.holds(B));
    }

    #[cfg(unix)]
    #[test]
    fn marks_are_only_their_owners() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let p = Pairings::beside(&dir.path().join("games.sqlite3"));
        p.adopt([A]).unwrap();
        let mode = |path: PathBuf| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(dir.path().join("games.sqlite3-pairings")), 0o700);
        assert_eq!(mode(dir.path().join("games.sqlite3-pairings").join(A)), 0o600);
    }
}
