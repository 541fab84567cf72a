//! Saves: SQLite in WAL mode, one transaction per accepted command, synchronous=FULL so an
//! acknowledged command survives a crash or a flat battery. Games, their journals and settings.

use crate::protocol::{Fault, HostCode, SaveSummary};
use crate::phones::SeatToken;
use nemesis_engine::log::LogParam;
use nemesis_engine::{Entry, FateSnapshot, Mode, Seat};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::{Path, PathBuf};

mod backup;
mod mark;
mod pairings;
pub use backup::backup;
use mark::*;
use pairings::Pairings;

/// Bumped when the schema changes; older files are migrated on open, and a file from a newer
/// schema is refused before anything writes to it (an update must never cost a save, and an
/// older copy of the app must never damage a newer one's save).
pub const SCHEMA: i64 = 3;

/// How long a write waits for another program holding the save before it is refused.
const BUSY: std::time::Duration = std::time::Duration::from_secs(5);

/// The settings key of the save's mark (`Mark`).
const MARK: &str = "save";

/// Writes after which the write-ahead file is copied into the save even without a quiet moment
/// (SQLite's own automatic copy is off: it would start a log that carries no mark).
const CHECKPOINT_EVERY: u32 = 1000;

pub struct Store {
    conn: Connection,
    path: PathBuf,
    /// When the newest write not yet copied from the write-ahead file into the save itself was
    /// made (`checkpoint_if_idle`).
    unsettled: Option<std::time::Instant>,
    /// Writes since the write-ahead file was last copied into the save.
    writes: u32,
    mark: Mark,
    /// The data folder's lock, when opened through `open_dir` (one host per folder).
    _folder: Option<crate::folder::FolderLock>,
    /// The marks of live pairings beside the save (`pairings.rs`).
    pairings: Pairings,
}

/// A game as stored: its journal and where its generator stands.
pub struct StoredGame {
    pub id: i64,
    pub title: String,
    pub created_ms: i64,
    /// When its newest step was saved (milliseconds since 1970, UTC).
    pub updated_ms: i64,
    pub entries: Vec<Entry>,
    pub fate: FateSnapshot,
}

pub struct NewGame<'a> {
    pub title: &'a str,
    pub players: u8,
    pub mode: Mode,
    pub turn: u16,
    pub finished: bool,
    pub now_ms: i64,
}

fn storage(e: impl std::fmt::Display) -> Fault {
    Fault::new(HostCode::Storage, format!("The save could not be written or read: {e}."))
}

fn mode_text(m: Mode) -> String {
    serde_json::to_value(m).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

impl Store {
    /// Opens (or creates) the save file in `dir`.
    pub fn open_dir(dir: &Path) -> Result<Store, Fault> {
        let lock = crate::folder::claim(dir)?;
        let mut store = Store::open(&dir.join("games.sqlite3"))?;
        store._folder = Some(lock);
        Ok(store)
    }

    pub fn open(path: &Path) -> Result<Store, Fault> {
        check_wal(path)?;
        // Both read without writing. A newer version's save is named as such even when its log
        // carries no mark this version knows; otherwise a log that is not the save's own is the
        // clearer reason (another save's pages read through it may look like damage).
        let owner = check_log_owner(path);
        if let Err(f) = check_before_writing(path) {
            return Err(match owner {
                Err(o) if !f.params.contains_key("supported") => o,
                _ => f,
            });
        }
        let log_in_use = owner?;
        let mut conn = Connection::open(path).map_err(storage)?;
        conn.pragma_update(None, "journal_mode", "WAL").map_err(storage)?;
        conn.pragma_update(None, "synchronous", "FULL").map_err(storage)?;
        conn.pragma_update(None, "foreign_keys", "ON").map_err(storage)?;
        // Only this store copies the log into the save (`checkpoint`), so that every log starts
        // with the save's mark.
        conn.pragma_update(None, "wal_autocheckpoint", 0).map_err(storage)?;
        conn.busy_timeout(BUSY).map_err(storage)?;
        let mark = match read_mark(&conn) {
            Some((name, epoch)) if log_in_use => Mark { name, epoch, in_log: true },
            Some((name, epoch)) => Mark { name, epoch: epoch + 1, in_log: false },
            None => Mark::fresh(),
        };
        let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(storage)?;
        // A save already at this schema is not written to at all on open: a copy of it, or a
        // damaged one a user is rescuing, stays byte for byte as it was until a game changes.
        // (A newer schema was refused above, before anything opened the file for writing.)
        if version == SCHEMA {
            return Ok(Store::with(conn, path, mark));
        }
        let tx = conn.transaction().map_err(storage)?;
        tx.execute_batch(
            "CREATE TABLE IF NOT EXISTS games (
                 id INTEGER PRIMARY KEY,
                 title TEXT NOT NULL,
                 players INTEGER NOT NULL,
                 mode TEXT NOT NULL,
                 turn INTEGER NOT NULL DEFAULT 1,
                 finished INTEGER NOT NULL DEFAULT 0,
                 steps INTEGER NOT NULL DEFAULT 0,
                 created_ms INTEGER NOT NULL,
                 updated_ms INTEGER NOT NULL,
                 fate TEXT NOT NULL
             );
             CREATE TABLE IF NOT EXISTS entries (
                 game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
                 seq INTEGER NOT NULL,
                 body TEXT NOT NULL,
                 PRIMARY KEY (game, seq)
             );
             CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
             CREATE TABLE IF NOT EXISTS phones (
                 game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
                 seat INTEGER NOT NULL,
                 token TEXT NOT NULL,
                 device TEXT NOT NULL,
                 created_ms INTEGER NOT NULL,
                 PRIMARY KEY (game, seat)
             );
             CREATE TABLE IF NOT EXISTS debriefs_shown (
                 game INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
                 steps INTEGER NOT NULL,
                 shown_ms INTEGER NOT NULL
             );
             PRAGMA user_version = 3;",
        )
        .map_err(storage)?;
        let mut store_mark = mark;
        put_mark(&tx, &mut store_mark)?;
        tx.commit().map_err(storage)?;
        store_mark.in_log = true;
        let mut store = Store::with(conn, path, store_mark);
        store.wrote();
        Ok(store)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn with(conn: Connection, path: &Path, mark: Mark) -> Store {
        Store { conn, path: path.to_path_buf(), unsettled: None, writes: 0, mark, _folder: None, pairings: Pairings::beside(path) }
    }

    /// One write transaction: the log's mark first when this is the log's first write, then
    /// `f`; durable when this returns.
    fn write<T>(&mut self, f: impl FnOnce(&rusqlite::Transaction<'_>) -> Result<T, Fault>) -> Result<T, Fault> {
        let tx = self.conn.transaction().map_err(storage)?;
        if !self.mark.in_log {
            put_mark(&tx, &mut self.mark)?;
        }
        let out = f(&tx)?;
        tx.commit().map_err(storage)?;
        self.mark.in_log = true;
        self.wrote();
        Ok(out)
    }

    /// Copies every committed step from the write-ahead file into the save itself and empties
    /// the write-ahead file, so `games.sqlite3` alone is the whole save (a copy of it, or a
    /// backup tool that takes only it, misses nothing).
    pub fn checkpoint(&mut self) -> Result<(), Fault> {
        let busy: i64 = self.conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get(0)).map_err(storage)?;
        if busy != 0 {
            return Err(storage("the save was busy"));
        }
        self.unsettled = None;
        self.writes = 0;
        if self.mark.in_log {
            // The save now holds this epoch: the next log carries the next one.
            self.mark.epoch += 1;
            self.mark.in_log = false;
        }
        Ok(())
    }

    /// `checkpoint` once no write came for `idle`; true when it ran.
    /// It never waits: when another program holds the save it gives up at once (the table is
    /// locked meanwhile) and the next tick tries again.
    pub fn checkpoint_if_idle(&mut self, idle: std::time::Duration) -> Result<bool, Fault> {
        match self.unsettled {
            Some(at) if at.elapsed() >= idle => {
                self.conn.busy_timeout(std::time::Duration::ZERO).map_err(storage)?;
                let done = self.checkpoint();
                self.conn.busy_timeout(BUSY).map_err(storage)?;
                done.map(|()| true)
            }
            _ => Ok(false),
        }
    }

    fn wrote(&mut self) {
        self.unsettled = Some(std::time::Instant::now());
        self.writes += 1;
        if self.writes >= CHECKPOINT_EVERY {
            // A long run of writes without a quiet moment: copy now rather than let the log
            // grow. A failure leaves the steps safe in the log; the next write tries again.
            self.conn.busy_timeout(std::time::Duration::ZERO).ok();
            let _ = self.checkpoint();
            self.conn.busy_timeout(BUSY).ok();
        }
    }

    /// Creates a game with its first entries, all in one transaction.
    pub fn create(&mut self, game: NewGame<'_>, entries: &[Entry], fate: &FateSnapshot) -> Result<i64, Fault> {
        self.write(|tx| {
        tx.execute(
            "INSERT INTO games (title, players, mode, turn, finished, created_ms, updated_ms, fate) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7)",
            params![game.title, game.players, mode_text(game.mode), game.turn, game.finished, game.now_ms, fate_text(fate)],
        )
        .map_err(storage)?;
        let id = tx.last_insert_rowid();
        for e in entries {
            insert_entry(tx, id, e)?;
        }
        tx.execute("UPDATE games SET steps = ?2 WHERE id = ?1", params![id, entries.len() as i64]).map_err(storage)?;
        Ok(id)
        })
    }

    /// Stores one accepted entry and where the generator now stands: durable when this returns.
    /// The save's time stops at the step that ended the game: the victory check after it is not
    /// play, and the game's duration (shown at the end) must not keep running through it.
    pub fn append(&mut self, id: i64, entry: &Entry, fate: &FateSnapshot, turn: u16, finished: bool, now_ms: i64) -> Result<(), Fault> {
        self.write(|tx| {
        insert_entry(tx, id, entry)?;
        let changed = tx
            .execute(
                "UPDATE games SET fate = ?2, turn = ?3, finished = ?4, updated_ms = CASE WHEN finished THEN updated_ms ELSE ?5 END, steps = steps + 1 WHERE id = ?1",
                params![id, fate_text(fate), turn, finished, now_ms],
            )
            .map_err(storage)?;
        if changed != 1 {
            return Err(Fault::new(HostCode::NoSuchGame, "That game is no longer saved."));
        }
        Ok(())
        })
    }

    pub fn load(&self, id: i64) -> Result<StoredGame, Fault> {
        let head = self
            .conn
            .query_row("SELECT title, created_ms, fate, updated_ms FROM games WHERE id = ?1", [id], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?, r.get::<_, String>(2)?, r.get::<_, i64>(3)?))
            })
            .optional()
            .map_err(storage)?;
        let Some((title, created_ms, fate, updated_ms)) = head else {
            return Err(Fault::new(HostCode::NoSuchGame, "No saved game has that number."));
        };
        let fate: FateSnapshot = serde_json::from_str(&fate).map_err(|e| storage(format!("unreadable generator state ({e})")))?;
        let mut stmt = self.conn.prepare("SELECT seq, body FROM entries WHERE game = ?1 ORDER BY seq").map_err(storage)?;
        let rows = stmt.query_map([id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))).map_err(storage)?;
        let mut entries = Vec::new();
        for row in rows {
            let (seq, body) = row.map_err(storage)?;
            let entry: Entry = serde_json::from_str(&body).map_err(|e| storage(format!("step {seq} is unreadable ({e})")))?;
            entries.push(entry);
        }
        Ok(StoredGame { id, title, created_ms, updated_ms, entries, fate })
    }

    /// A game's title, creation time and each stored step's text as it is, read without
    /// parsing a step: what an export of a damaged game carries.
    pub fn load_as_is(&self, id: i64) -> Result<(String, i64, Vec<String>), Fault> {
        let head = self
            .conn
            .query_row("SELECT title, created_ms FROM games WHERE id = ?1", [id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))
            .optional()
            .map_err(storage)?;
        let Some((title, created_ms)) = head else {
            return Err(Fault::new(HostCode::NoSuchGame, "No saved game has that number."));
        };
        let mut stmt = self.conn.prepare("SELECT body FROM entries WHERE game = ?1 ORDER BY seq").map_err(storage)?;
        let rows = stmt.query_map([id], |r| r.get::<_, String>(0)).map_err(storage)?;
        let bodies = rows.collect::<Result<Vec<_>, _>>().map_err(storage)?;
        Ok((title, created_ms, bodies))
    }

    /// Saved games, the most recently played first.
    pub fn list(&self) -> Result<Vec<SaveSummary>, Fault> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, title, players, mode, turn, finished, created_ms, updated_ms, steps FROM games ORDER BY updated_ms DESC, id DESC")
            .map_err(storage)?;
        // Each column is read as what SQLite holds and checked here: one row with a number out
        // of range is listed as damaged instead of failing the whole list.
        let rows = stmt
            .query_map([], |r| {
                let id: i64 = r.get(0)?;
                let text = |i: usize| -> rusqlite::Result<String> {
                    Ok(match r.get_ref(i)? {
                        rusqlite::types::ValueRef::Text(t) => String::from_utf8_lossy(t).into_owned(),
                        _ => String::new(),
                    })
                };
                let int = |i: usize| -> rusqlite::Result<Option<i64>> { Ok(r.get_ref(i)?.as_i64().ok()) };
                let mut odd = Vec::new();
                let mut fit = |what: &str, v: Option<i64>, max: i64| match v {
                    Some(v) if (0..=max).contains(&v) => v,
                    _ => {
                        odd.push(what.to_string());
                        0
                    }
                };
                let players = fit("players", int(2)?, i64::from(u8::MAX)) as u8;
                let turn = fit("turn", int(4)?, i64::from(u16::MAX)) as u16;
                let finished = fit("finished", int(5)?, 1) == 1;
                let created_ms = fit("created", int(6)?, i64::MAX);
                let updated_ms = fit("updated", int(7)?, i64::MAX);
                let steps = fit("steps", int(8)?, i64::from(u32::MAX)) as u32;
                let damaged = (!odd.is_empty()).then(|| format!("This game's record holds numbers out of range ({}).", odd.join(", ")));
                Ok(SaveSummary {
                    id,
                    title: text(1)?,
                    players,
                    mode: serde_json::from_value(serde_json::Value::String(text(3)?)).unwrap_or(Mode::Standard),
                    turn,
                    finished,
                    created_ms,
                    updated_ms,
                    steps,
                    winners: None,
                    damaged,
                })
            })
            .map_err(storage)?;
        rows.collect::<Result<Vec<_>, _>>().map_err(storage)
    }

    pub fn delete(&mut self, id: i64) -> Result<(), Fault> {
        self.write(|tx| {
            let n = tx.execute("DELETE FROM games WHERE id = ?1", [id]).map_err(storage)?;
            if n == 0 {
                return Err(Fault::new(HostCode::NoSuchGame, "No saved game has that number."));
            }
            Ok(())
        })
    }

    /// Records that a finished game's debrief was shown (its journal then `steps` long): from
    /// then on its end is final (`Game::seal`), in this run and every later one.
    pub fn seal(&mut self, game: i64, steps: u32, now_ms: i64) -> Result<(), Fault> {
        self.write(|tx| {
            tx.execute("INSERT OR IGNORE INTO debriefs_shown (game, steps, shown_ms) VALUES (?1, ?2, ?3)", params![game, steps, now_ms]).map_err(storage)?;
            Ok(())
        })
    }

    /// Whether a game's debrief was ever shown (`seal`).
    pub fn sealed(&self, game: i64) -> Result<bool, Fault> {
        self.conn.query_row("SELECT 1 FROM debriefs_shown WHERE game = ?1", [game], |_| Ok(())).optional().map(|r| r.is_some()).map_err(storage)
    }

    pub fn setting(&self, key: &str) -> Result<Option<String>, Fault> {
        self.conn.query_row("SELECT value FROM settings WHERE key = ?1", [key], |r| r.get(0)).optional().map_err(storage)
    }

    pub fn set_setting(&mut self, key: &str, value: &str) -> Result<(), Fault> {
        self.write(|tx| {
            tx.execute("INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = excluded.value", [key, value])
                .map_err(storage)?;
            Ok(())
        })
    }

    /// SQLite's own consistency check ("ok" when sound).
    pub fn integrity(&self) -> Result<String, Fault> {
        self.conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).map_err(storage)
    }
}

/// `path` as an SQLite URI (`file:` and the path, percent-encoded), so query parameters can be
/// added. An absolute path gets an empty authority (`file://` then the path), so one that starts
/// with `//` is not read as a host name; on Windows the separators become `/` and a drive letter
/// gets the `/` SQLite expects before it.
fn file_uri(path: &Path) -> String {
    let mut out = String::from("file:");
    let bytes = path.as_os_str().as_encoded_bytes();
    if cfg!(windows) && bytes.get(1) == Some(&b':') {
        out.push_str("///");
    } else if bytes.first() == Some(&b'/') {
        out.push_str("//");
    }
    for &b in bytes {
        match b {
            b'\\' if cfg!(windows) => out.push('/'),
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' | b':' => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

impl Drop for Store {
    /// On close the save is left as one file (SQLite would do this too, unless another
    /// connection were still open).
    fn drop(&mut self) {
        if self.unsettled.is_some() {
            let _ = self.checkpoint();
        }
    }
}

fn insert_entry(tx: &rusqlite::Transaction<'_>, game: i64, e: &Entry) -> Result<(), Fault> {
    let body = serde_json::to_string(e).map_err(storage)?;
    tx.execute("INSERT INTO entries (game, seq, body) VALUES (?1, ?2, ?3)", params![game, e.seq, body]).map_err(storage)?;
    Ok(())
}

fn fate_text(f: &FateSnapshot) -> String {
    serde_json::to_string(f).expect("a generator snapshot always serializes")
}
