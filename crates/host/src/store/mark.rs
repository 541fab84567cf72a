//! How a save proves its write-ahead file is its own: the mark a save and each of its logs
//! carry, and the checks made before SQLite could apply a log that is not.

use super::*;

/// How a save proves its write-ahead file is its own. The save holds a random name and the
/// number of times its log was copied into it (an epoch); the first write of each new log
/// writes the name and the next epoch, so every log with a committed step names the save and
/// the one state of the main file it continues. A log naming another save, or an older copy of
/// this one, or nothing, is refused before SQLite could apply it (`check_log_owner`).
pub(super) struct Mark {
    pub(super) name: String,
    /// The epoch the current log carries (or will, from its first write).
    pub(super) epoch: u64,
    /// Whether the current log already carries it.
    pub(super) in_log: bool,
}

impl Mark {
    pub(super) fn text(&self) -> String {
        format!("{} {}", self.name, self.epoch)
    }

    pub(super) fn parse(text: &str) -> Option<(String, u64)> {
        let (name, epoch) = text.split_once(' ')?;
        Some((name.to_string(), epoch.parse().ok()?))
    }

    pub(super) fn fresh() -> Mark {
        let mut bytes = [0u8; 16];
        // Without the system's randomness the name is only less unique: the time stands in.
        if getrandom::getrandom(&mut bytes).is_err() {
            let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
            bytes = t.to_le_bytes();
        }
        Mark { name: bytes.iter().map(|b| format!("{b:02x}")).collect(), epoch: 1, in_log: false }
    }
}

/// The save's mark as `conn` reads it (through its log), if it has one.
pub(super) fn read_mark(conn: &Connection) -> Option<(String, u64)> {
    let text: String = conn.query_row("SELECT value FROM settings WHERE key = ?1", [MARK], |r| r.get(0)).ok()?;
    Mark::parse(&text)
}

pub(super) fn put_mark(tx: &rusqlite::Transaction<'_>, mark: &mut Mark) -> Result<(), Fault> {
    tx.execute("INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = excluded.value", params![MARK, mark.text()])
        .map_err(storage)?;
    Ok(())
}

/// The mark of the save file at `path` alone, read from a copy of it in a private scratch folder
/// beside it (opening the save itself would apply the log beside it).
pub(super) fn mark_of_main(path: &Path) -> std::io::Result<Option<(String, u64)>> {
    if std::fs::metadata(path).map(|m| m.len()).unwrap_or(0) == 0 {
        return Ok(None);
    }
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let scratch = parent.join(format!(".games-check-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let mut builder = std::fs::DirBuilder::new();
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    let read = builder.create(&scratch).and_then(|()| {
        let copy = scratch.join("main.sqlite3");
        std::fs::copy(path, &copy)?;
        // An unreadable copy has no mark (the checks after this one say why it is unreadable).
        Ok(Connection::open(&copy).ok().and_then(|c| read_mark(&c)))
    });
    let _ = std::fs::remove_dir_all(&scratch);
    read
}

/// Refuses a write-ahead file that does not belong to the save beside it, before SQLite opens
/// the save (it would apply another save's pages to this one in silence, and write them in on
/// close). The log belongs when the pages it would apply carry the save's name with the epoch
/// after the main file's (or the main file's own: a crash in the middle of a copy into the save
/// leaves that), or, for a save with no mark yet (new, or from an older version), the mark of a
/// first log. Anything else, a log with no mark included, is refused: it cannot be proved to be
/// this save's. `Ok(true)` when the log holds committed steps.
pub(super) fn check_log_owner(path: &Path) -> Result<bool, Fault> {
    let mut name = path.as_os_str().to_owned();
    name.push("-wal");
    let wal = PathBuf::from(name);
    let unreadable = |e: std::io::Error| storage(format!("the write-ahead file {} could not be checked ({e})", wal.display()));
    let Some(in_log) = crate::wal::marks_applied(&wal).map_err(unreadable)? else {
        return Ok(false);
    };
    let belongs = match mark_of_main(path).map_err(unreadable)? {
        Some((main, at)) => in_log.iter().any(|(n, e)| *n == main && (*e == at || *e == at + 1)),
        None => in_log.iter().any(|(_, e)| *e == 1),
    };
    if belongs {
        return Ok(true);
    }
    Err(Fault::new(
        HostCode::Storage,
        format!(
            "The write-ahead file {} does not belong to the save {} (it was written for another save or another copy of this one, or cannot be proved to be this save's). Opening them together would overwrite saved games, so both files were left untouched: put the save back with its own write-ahead file, or move this one away to open the save as it is.",
            wal.display(),
            path.display()
        ),
    ))
}

/// The write-ahead file is read before SQLite opens the save (`wal.rs`): damage that would drop
/// committed steps is refused with both files left as they are.
pub(super) fn check_wal(path: &Path) -> Result<(), Fault> {
    let mut name = path.as_os_str().to_owned();
    name.push("-wal");
    let wal = PathBuf::from(name);
    match crate::wal::check(&wal) {
        Ok(crate::wal::Verdict::Sound) => Ok(()),
        Ok(crate::wal::Verdict::Damaged(why)) => Err(Fault::new(
            HostCode::Storage,
            format!(
                "The save's write-ahead file {} is damaged ({why}): opening it would lose steps that were saved. Both files were left untouched: keep a copy of them; moving the -wal file away opens the save without its newest steps.",
                wal.display()
            ),
        )),
        Err(e) => Err(storage(format!("{} could not be read ({e})", wal.display()))),
    }
}

/// A save file that exists is read first, without writing: a damaged one, or one written by a
/// newer version of the app, is refused and left exactly as it is (opening it for writing would
/// switch its journal, create tables in it and stamp it with this version's schema), so whatever
/// can still be rescued from it can be, and the newer app still opens it.
pub(super) fn check_before_writing(path: &Path) -> Result<(), Fault> {
    let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    if size == 0 {
        return Ok(());
    }
    let damaged = |why: String| {
        Fault::new(
            HostCode::Storage,
            format!("The save file {} is damaged ({why}). It was left untouched: move it elsewhere to start with no saves, or keep it to rescue games from it.", path.display()),
        )
    };
    // Read-only, so closing it never checkpoints a newer app's write-ahead log into the file. With
    // no log beside the file, also `immutable`: a read-only reader of a file in WAL mode would
    // otherwise create an empty log (and its index) and leave them there.
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    let has_log = std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0);
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX | rusqlite::OpenFlags::SQLITE_OPEN_URI;
    let uri = format!("{}{}", file_uri(path), if has_log { "" } else { "?immutable=1" });
    let conn = Connection::open_with_flags(uri, flags).map_err(|e| damaged(e.to_string()))?;
    // The version is read through SQLite rather than from the file's header, so a newer app's
    // change still in the write-ahead log (it was closed by a crash) counts too.
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(|e| damaged(e.to_string()))?;
    if version > SCHEMA {
        return Err(Fault::with(
            HostCode::Storage,
            "The save file {path} was written by a newer version of Nemesis Table (save format {version}; this version reads up to {supported}). It was left untouched: install the newer version to open these games.",
            vec![
                ("path", LogParam::text(path.display().to_string())),
                ("version", LogParam::number(i32::try_from(version).unwrap_or(i32::MAX))),
                ("supported", LogParam::number(SCHEMA as i32)),
            ],
        ));
    }
    let verdict: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0)).map_err(|e| damaged(e.to_string()))?;
    if verdict != "ok" {
        // SQLite lists every broken page; a player needs to know it is damaged, not where.
        let first = verdict.lines().find(|l| !l.trim().is_empty() && !l.starts_with("***")).unwrap_or("damaged pages").trim();
        return Err(damaged(format!("damaged pages, first: {first}")));
    }
    Ok(())
}
