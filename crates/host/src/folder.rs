//! The data folder: one host at a time (a lock file held while the save is open), and who may
//! read it (the folder only its owner's, the save and its side files only their owner's: a save
//! holds every secret of its games and the generator's state).

use crate::protocol::{Fault, HostCode};
use std::fs::{File, OpenOptions};
use std::path::Path;

#[cfg(unix)]
use std::os::unix::fs::OpenOptionsExt;

/// The lock's name in the data folder.
pub const LOCK: &str = "games.lock";

/// Held while a host has the folder's save open; the operating system lets it go when the host
/// ends, however it ends (so a crash never leaves a stale lock behind).
#[derive(Debug)]
pub struct FolderLock {
    _file: File,
}

fn storage(what: &str, e: impl std::fmt::Display) -> Fault {
    Fault::new(HostCode::Storage, format!("The save folder could not be {what}: {e}."))
}

/// Creates `dir` if needed (only its owner may enter it), takes its lock, and makes the save
/// file its owner's alone before SQLite opens it (SQLite gives its side files the save's
/// permissions). A second host on the same folder gets a clear refusal and touches nothing.
pub fn claim(dir: &Path) -> Result<FolderLock, Fault> {
    if !dir.exists() {
        let mut builder = std::fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(dir).map_err(|e| storage("created", e))?;
    }
    // The save's files are never reached through a link: the permissions set below and SQLite's
    // writes would land on whatever the link points at.
    for name in [LOCK, "games.sqlite3", "games.sqlite3-wal", "games.sqlite3-shm"] {
        if std::fs::symlink_metadata(dir.join(name)).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(Fault::new(
                HostCode::Storage,
                format!("{} is a link to another file: the saves are only opened from real files. Nothing was changed; replace the link with the file itself.", dir.join(name).display()),
            ));
        }
    }
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let file = options.open(dir.join(LOCK)).map_err(|e| storage("locked", e))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(Fault::new(
                HostCode::Storage,
                format!("These saves are already open in another window of Nemesis Table (or another nemesis-host) using {}: close that one first, or choose another folder with --data.", dir.display()),
            ))
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(storage("locked", e)),
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        // A folder an older version made (0755) is its owner's alone from now on, as a new one
        // is. Only a folder this user owns, and never a shared one like /tmp (sticky bit): a
        // --data pointed at such a folder keeps its permissions.
        let (folder, lock) = (std::fs::metadata(dir), file.metadata());
        if let (Ok(folder), Ok(lock)) = (folder, lock) {
            let mode = folder.permissions().mode();
            if folder.uid() == lock.uid() && mode & 0o1000 == 0 && mode & 0o077 != 0 {
                std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)).map_err(|e| storage("made private", e))?;
            }
        }
        for name in [LOCK, "games.sqlite3", "games.sqlite3-wal", "games.sqlite3-shm"] {
            let path = dir.join(name);
            if path.exists() {
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).map_err(|e| storage("made private", e))?;
            }
        }
        let save = dir.join("games.sqlite3");
        if !save.exists() {
            // Created empty and private, so SQLite writes the first page into a file only its
            // owner can read (an empty file is a new store).
            OpenOptions::new().write(true).create_new(true).mode(0o600).open(&save).map_err(|e| storage("created", e))?;
        }
    }
    Ok(FolderLock { _file: file })
}
