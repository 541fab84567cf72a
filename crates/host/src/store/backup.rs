//! A consistent copy of a save, taken without writing to it: owner-only, never through a link.

use super::*;

/// A consistent copy of every save in the save file `save`, as one new SQLite file at `to`
/// (SQLite's `VACUUM INTO`, through a read-only connection: it works while the app runs and
/// writes nothing to the save). `to` must not exist yet.
pub fn backup(save: &Path, to: &Path) -> Result<(), Fault> {
    // A link, even one pointing nowhere, counts as a file that exists.
    if std::fs::symlink_metadata(to).is_ok() {
        return Err(Fault::new(HostCode::BadCall, format!("{} already exists: pick a new file name.", to.display())));
    }
    let target = to.to_str().ok_or_else(|| Fault::new(HostCode::BadCall, format!("{} cannot be used as a file name.", to.display())))?;
    if !save.exists() {
        return Err(Fault::new(HostCode::NoSuchGame, format!("There is no save at {}.", save.display())));
    }
    check_wal(save)?;
    check_log_owner(save)?;
    // The file is made here, empty, only its owner's and never through a link (a new file or
    // nothing: `create_new` refuses any name that exists, a dangling link included); SQLite then
    // writes the copy into it and keeps its permissions.
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(to).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => Fault::new(HostCode::BadCall, format!("{} already exists: pick a new file name.", to.display())),
        _ => storage(format!("{} could not be created ({e})", to.display())),
    })?;
    let copied = (|| -> Result<(), Fault> {
        let conn = Connection::open_with_flags(save, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX).map_err(storage)?;
        conn.busy_timeout(std::time::Duration::from_secs(5)).map_err(storage)?;
        conn.execute("VACUUM INTO ?1", [target]).map_err(storage)?;
        drop(conn);
        // The copy is a new save with its own pages: it gets its own mark, so a log left by
        // the save it came from is never applied to it.
        let copy = Connection::open(to).map_err(storage)?;
        copy.execute("UPDATE settings SET value = ?2 WHERE key = ?1", params![MARK, Mark { epoch: 0, ..Mark::fresh() }.text()]).map_err(storage)?;
        Ok(())
    })();
    if copied.is_err() {
        // Nothing half-written is left under the name asked for.
        let _ = std::fs::remove_file(to);
    }
    copied
}
