//! Crash safety: the real binary in `script` mode plays a long game and is killed with SIGKILL at
//! random points, over and over; each restart must find every acknowledged command, the game must
//! go on, and SQLite must pass its integrity check. A damaged save file gets a clear error and is
//! left exactly as it was. CRASH_RUNS sets the number of kills (50 by default).

use crate::common::*;

use nemesis_engine::{Command, Request, Seat};
use nemesis_host::protocol::SaveSummary;
use nemesis_host::{Call, Reply};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command as Process, Stdio};

const HOST: &str = env!("CARGO_BIN_EXE_nemesis-host");

/// The real binary's script door on the saves in `dir`, every stream piped.
fn script_door(dir: &Path) -> Child {
    Process::new(HOST)
        .args(["script", "--data"])
        .arg(dir)
        // Each run deals the same games (issue 34, item 10).
        .env("NEMESIS_TEST_SEED", crate::common::TEST_SEED.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the host binary starts")
}

struct Run {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Run {
    fn start(dir: &Path) -> Run {
        let mut child = script_door(dir);
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Run { child, input, output }
    }

    fn send(&mut self, c: &Call) {
        writeln!(self.input, "{}", serde_json::to_string(c).unwrap()).unwrap();
        self.input.flush().unwrap();
    }

    fn reply(&mut self) -> Reply {
        let mut line = String::new();
        self.output.read_line(&mut line).expect("a reply line");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("a reply ({e}): {line:?}"))
    }

    fn call(&mut self, c: &Call) -> Reply {
        self.send(c);
        self.reply()
    }

    /// Ends the input and waits for the host to exit by itself (one host per data folder: the
    /// next may start only then).
    fn finish(self) {
        let Run { mut child, input, .. } = self;
        drop(input);
        child.wait().unwrap();
    }

    fn kill(mut self) {
        // SIGKILL: no destructor, no flush, no chance to finish what it was doing.
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

struct Pick(u64);

impl Pick {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn saves(run: &mut Run) -> Vec<SaveSummary> {
    match run.call(&Call::Saves) {
        Reply::Saves { saves } => saves,
        other => panic!("saves: {other:?}"),
    }
}

fn act(command: Command) -> Call {
    Call::Act { revision: None, request: Request::Do { command, entered: Vec::new() } }
}

#[test]
fn no_acknowledged_command_is_lost_over_many_kills() {
    let kills: u64 = std::env::var("CRASH_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(50);
    let dir = tempfile::tempdir().unwrap();
    // The game is set up and drafted once, in the same folder the binary then uses.
    let game = {
        let mut t = table_in(dir.path());
        started(&mut t, 4)
    };
    let mut first = Run::start(dir.path());
    let mut acknowledged = saves(&mut first)[0].steps;
    first.finish();
    let mut p = Pick(0x2545_F491_4F6C_DD1D);
    let (mut mid_commit, mut in_flight_kept) = (0u64, 0u64);
    for kill in 0..kills {
        let mut run = Run::start(dir.path());
        let save = saves(&mut run).into_iter().find(|s| s.id == game).expect("the game is still saved");
        // Every acknowledged command is there; at most the one in flight at the kill was added.
        assert!(save.steps == acknowledged || save.steps == acknowledged + 1, "kill {kill}: {} steps on disk, {acknowledged} acknowledged", save.steps);
        in_flight_kept += u64::from(save.steps == acknowledged + 1);
        acknowledged = save.steps;
        assert!(matches!(run.call(&Call::Open { game }), Reply::Screen { .. }), "kill {kill}: the game opens");
        let commands = p.below(25);
        for i in 0..commands {
            let command = match p.below(3) {
                0 => Command::RollDice { die: nemesis_engine::Die::Noise, count: 1 },
                _ => Command::SetHandSize { seat: Seat((i % 4) as u8), cards: p.below(6) as u8 },
            };
            match run.call(&act(command)) {
                Reply::Screen { .. } => acknowledged += 1,
                other => panic!("kill {kill}: the game goes on, got {other:?}"),
            }
        }
        // The kill lands between commands, or while one is being committed.
        if p.below(2) == 0 {
            mid_commit += 1;
            run.send(&act(Command::SetHandSize { seat: Seat(0), cards: 3 }));
            std::thread::sleep(std::time::Duration::from_micros(p.below(3000)));
        }
        run.kill();
    }
    let conn = peek(&db_path(dir.path()));
    let integrity: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(integrity, "ok");
    let rows = entry_rows(&conn, game) as u32;
    assert!(rows == acknowledged || rows == acknowledged + 1, "{rows} entries for {acknowledged} acknowledged");
    assert_eq!(max_seq(&conn, game) as u32, rows, "the journal has no holes");
    // And the game replays to a state the engine accepts.
    let mut t = table_in(dir.path());
    assert!(matches!(t.call(nemesis_engine::Actor::Table, Call::Open { game }), Reply::Screen { .. }));
    evidence(
        "crash",
        &serde_json::json!({"kills": kills, "kills_mid_commit": mid_commit, "acknowledged": acknowledged, "lost": 0, "in_flight_kept": in_flight_kept, "integrity_check": integrity, "journal_rows": rows}),
    );
}

fn run_saves(dir: &Path) -> (Option<i32>, String, String) {
    let mut child = script_door(dir);
    let mut input = child.stdin.take().unwrap();
    // The host may refuse the file and exit before reading: a closed pipe is an answer too.
    let _ = writeln!(input, "{}", serde_json::to_string(&Call::Saves).unwrap());
    let _ = writeln!(input, "{}", serde_json::to_string(&Call::Open { game: 1 }).unwrap());
    drop(input);
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_damaged_save_file_gets_a_clear_error_and_is_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut t = table_in(dir.path());
        started(&mut t, 3);
        for i in 0..40 {
            act_with(&mut t, Command::SetHandSize { seat: Seat(i % 3), cards: 4 }, Vec::new());
        }
    }
    let db = db_path(dir.path());
    let sound = std::fs::read(&db).unwrap();
    let mut damages: Vec<(&str, Vec<u8>)> = vec![
        ("truncated to half", sound[..sound.len() / 2].to_vec()),
        ("truncated to 100 bytes", sound[..100].to_vec()),
        ("empty", Vec::new()),
        ("not SQLite at all", b"this is not a database, just some text that was saved here".repeat(100)),
    ];
    let mut scrambled = sound.clone();
    for i in (4096..scrambled.len()).step_by(7) {
        scrambled[i] ^= 0x5a;
    }
    damages.push(("pages scrambled after the header", scrambled));
    let mut header = sound.clone();
    header[..16].copy_from_slice(b"SQLite format 9\0");
    damages.push(("a wrong header", header));
    // Not damage but the same promise: a save from a newer version of the app (its schema
    // number, SQLite's user_version, at byte 60 of the header) is refused and never rewritten,
    // so an older copy of the app cannot spoil it for the newer one.
    let mut newer = sound.clone();
    newer[60..64].copy_from_slice(&(nemesis_host::store::SCHEMA as u32 + 1).to_be_bytes());
    damages.push(("written by a newer version of the app", newer));
    let mut survived = Vec::new();
    for (what, bytes) in damages {
        let case = tempfile::tempdir().unwrap();
        let file = db_path(case.path());
        std::fs::write(&file, &bytes).unwrap();
        let (code, stdout, stderr) = run_saves(case.path());
        assert_ne!(code, Some(101), "{what}: the host panicked: {stderr}");
        assert!(code.is_some(), "{what}: the host died by a signal: {stderr}");
        let clear = stderr.contains("save") || stdout.contains("\"refused\"") || stdout.contains("\"saves\"");
        assert!(clear, "{what}: a clear error or a plain answer, got code {code:?}, stdout {stdout:?}, stderr {stderr:?}");
        if code != Some(0) {
            assert!(!stderr.trim().is_empty(), "{what}: an error says why");
            assert!(stderr.trim().lines().count() <= 2 && stderr.len() < 600, "{what}: the error is short enough to read: {stderr}");
        }
        for line in stdout.lines() {
            let reply: Reply = serde_json::from_str(line).unwrap_or_else(|e| panic!("{what}: a readable reply ({e}): {line}"));
            if let Reply::Refused { fault } = reply {
                assert!(!fault.reason.is_empty(), "{what}: a reason");
            }
        }
        // Only a file that was not a database at all may be left to SQLite; a damaged one is
        // never rewritten, so whatever can be rescued from it still can be.
        if !bytes.is_empty() {
            let now = std::fs::read(&file).unwrap();
            assert!(now == bytes, "{what}: the damaged file was changed ({} bytes before, {} after)", bytes.len(), now.len());
        }
        survived.push(serde_json::json!({"damage": what, "exit_code": code, "error": stderr.trim(), "file_untouched": !bytes.is_empty()}));
    }
    evidence("damaged_saves", &serde_json::Value::Array(survived));
}
