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
