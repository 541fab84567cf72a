//! One host per data folder, and a folder only its owner can read (issue 21, items 3 and 6): a
//! second host on the same saves is refused with a clear message and touches nothing; the lock
//! goes with the host however it ends; the folder is 0700 and the save and its side files 0600.


use crate::common::*;

use nemesis_host::store::Store;
use std::io::{BufRead, BufReader};
use std::process::{Command as Process, Stdio};

const HOST: &str = env!("CARGO_BIN_EXE_nemesis-host");

#[test]
fn a_second_host_on_the_same_saves_is_refused_and_touches_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    started(&mut t, 2);
    let db = std::fs::read(db_path(dir.path())).unwrap();
    let wal = std::fs::read(dir.path().join("games.sqlite3-wal")).unwrap();
    let Err(second) = Store::open_dir(dir.path()) else { panic!("a second store on the same folder is refused") };
    assert!(second.reason.contains("already open in another window"), "{}", second.reason);
    // The real binary, as a second window or a second `serve` would be.
    let run = Process::new(HOST).args(["script", "--data"]).arg(dir.path()).stdin(Stdio::null()).output().unwrap();
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{err}");
    assert!(err.contains("already open in another window") && err.trim().lines().count() == 1, "one clear line: {err}");
    assert_eq!(std::fs::read(db_path(dir.path())).unwrap(), db, "the save is untouched");
    assert_eq!(std::fs::read(dir.path().join("games.sqlite3-wal")).unwrap(), wal, "its write-ahead file too");
    // Once the first host closes, the folder is free.
    drop(t);
    let mut again = table_in(dir.path());
    assert_eq!(saves(&mut again).len(), 1);
    evidence("two_hosts", &serde_json::json!({"second_exit_code": run.status.code(), "error": err.trim(), "files_untouched": true}));
}

#[test]
fn the_lock_goes_with_a_host_that_is_killed() {
    let dir = tempfile::tempdir().unwrap();
    let mut first = Process::new(HOST).args(["serve", "--port", "0", "--data"]).arg(dir.path()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().unwrap();
    let mut line = String::new();
    BufReader::new(first.stdout.take().unwrap()).read_line(&mut line).unwrap();
    assert!(line.contains("http://127.0.0.1:"), "the first host serves: {line}");
    let run = Process::new(HOST).args(["script", "--data"]).arg(dir.path()).stdin(Stdio::null()).output().unwrap();
    assert_eq!(run.status.code(), Some(1), "refused while the first runs");
    assert!(String::from_utf8_lossy(&run.stderr).contains("already open in another window"));
    first.kill().unwrap();
    first.wait().unwrap();
    let run = Process::new(HOST).args(["script", "--data"]).arg(dir.path()).stdin(Stdio::null()).output().unwrap();
    assert_eq!(run.status.code(), Some(0), "a killed host leaves no stale lock: {}", String::from_utf8_lossy(&run.stderr));
}

#[cfg(unix)]
#[test]
fn the_data_folder_and_the_save_are_their_owners_alone() {
    use std::os::unix::fs::PermissionsExt;
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("nemesis-table");
    let mut t = table_in(&dir);
    started(&mut t, 2);
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&dir), 0o700, "the folder it created");
    for name in ["games.sqlite3", "games.sqlite3-wal", "games.sqlite3-shm", "games.lock"] {
        assert_eq!(mode(&dir.join(name)), 0o600, "{name}");
    }
    drop(t);
    // A save made by an earlier version, readable by anyone, is made private when opened.
    std::fs::set_permissions(db_path(&dir), std::fs::Permissions::from_mode(0o644)).unwrap();
    let _t = table_in(&dir);
    assert_eq!(mode(&db_path(&dir)), 0o600);
}

/// Issue 34, item 6: a data folder an older version left open to others (0755, its lock 0644)
/// is its owner's alone once opened, as the docs say; a shared folder such as /tmp (sticky)
/// keeps its permissions; a save file that is a link is refused before anything is written
/// through it.
#[cfg(unix)]
#[test]
fn an_old_data_folder_is_tightened_on_open_and_links_are_refused() {
    use std::os::unix::fs::PermissionsExt;
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("nemesis-table");
    drop(table_in(&dir));
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o7777;
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(dir.join("games.lock"), std::fs::Permissions::from_mode(0o644)).unwrap();
    drop(table_in(&dir));
    assert_eq!((mode(&dir), mode(&dir.join("games.lock"))), (0o700, 0o600), "folder and lock tightened on open");

    let shared = root.path().join("shared");
    std::fs::create_dir(&shared).unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o1777)).unwrap();
    drop(table_in(&shared));
    assert_eq!(mode(&shared), 0o1777, "a shared (sticky) folder keeps its permissions");

    let linked = root.path().join("linked");
    std::fs::create_dir(&linked).unwrap();
    let elsewhere = root.path().join("elsewhere.sqlite3");
    std::fs::write(&elsewhere, b"").unwrap();
    std::fs::set_permissions(&elsewhere, std::fs::Permissions::from_mode(0o644)).unwrap();
    std::os::unix::fs::symlink(&elsewhere, db_path(&linked)).unwrap();
    let Err(fault) = Store::open_dir(&linked) else { panic!("a save that is a link is refused") };
    assert!(fault.reason.contains("is a link"), "{}", fault.reason);
    assert_eq!((std::fs::read(&elsewhere).unwrap().len(), mode(&elsewhere)), (0, 0o644), "nothing written through the link, its target's permissions kept");
    evidence("folder_tightened", &serde_json::json!({"folder_mode_after": "0700", "lock_mode_after": "0600", "sticky_folder_kept": "1777", "linked_save_refused": fault.reason.replace(&*root.path().to_string_lossy(), "…")}));
}

/// Issue 34, item 6: a backup and an export are files a person could leave on a shared
/// computer: only their owner may read them, they never replace a file, and never go through a
/// link (one pointing nowhere included); an export whose name is taken gets a new one.
#[cfg(unix)]
#[test]
fn backups_and_exports_are_private_new_files_never_through_a_link() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    started(&mut t, 2);
    let out = tempfile::tempdir().unwrap();
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;

    let to = out.path().join("backup.sqlite3");
    nemesis_host::store::backup(&db_path(dir.path()), &to).unwrap();
    assert_eq!(mode(&to), 0o600, "the backup is its owner's alone");
    let dangling = out.path().join("dangling.sqlite3");
    let target = out.path().join("not-yet.sqlite3");
    std::os::unix::fs::symlink(&target, &dangling).unwrap();
    let refused = nemesis_host::store::backup(&db_path(dir.path()), &dangling).expect_err("a dangling link is refused");
    assert!(refused.reason.contains("already exists"), "{}", refused.reason);
    assert!(!target.exists(), "nothing was written where the link points");

    let first = nemesis_host::export::save_new(out.path(), "nemesis-game.json", "{}").unwrap();
    assert_eq!((first.file_name().unwrap().to_str().unwrap(), mode(&first)), ("nemesis-game.json", 0o600));
    std::fs::write(&first, "kept").unwrap();
    let second = nemesis_host::export::save_new(out.path(), "nemesis-game.json", "{}").unwrap();
    assert_eq!(second.file_name().unwrap().to_str().unwrap(), "nemesis-game (2).json", "a taken name gets a number");
    assert_eq!(std::fs::read_to_string(&first).unwrap(), "kept", "the first file was not replaced");
    std::os::unix::fs::symlink(out.path().join("nowhere.json"), out.path().join("linked.json")).unwrap();
    let third = nemesis_host::export::save_new(out.path(), "linked.json", "{}").unwrap();
    assert_eq!(third.file_name().unwrap().to_str().unwrap(), "linked (2).json", "a link's name is taken too");
    assert!(!out.path().join("nowhere.json").exists(), "nothing was written through the link");
    evidence("private_files", &serde_json::json!({"backup_mode": "0600", "export_mode": "0600", "dangling_link_backup": "refused", "taken_export_name": "numbered", "link_export_name": "numbered"}));
}
