//! The host's durable commit per command: p50/p99 over many accepted commands, written to
//! target/bench/host.json for scripts/bench. Two figures: the SQLite commit alone (one
//! transaction, WAL, synchronous=FULL) and a whole table call (engine, commit, new screen); and,
//! with five phones streaming, how many screens each accepted step builds (issue 30: one per
//! audience).

use nemesis_engine::{Actor, Command, Component, Mode, Request, Seat, SetupOptions};
use nemesis_host::protocol::{Call, Reply};
use nemesis_host::store::Store;
use nemesis_host::Table;
use std::time::Instant;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// The draft first (manual p. 8): by player number, draw two and keep the first offered.
fn draft(table: &mut Table) {
    loop {
        let view = table.screen().game.expect("open").view;
        let mut seats = view.seats.clone();
        seats.sort_by_key(|s| s.number);
        let Some(next) = seats.into_iter().find(|s| s.character.is_none()) else { break };
        let act = |command| Call::Act { revision: None, request: Request::Do { command, entered: Vec::new() } };
        assert!(matches!(table.call(Actor::Table, act(Command::DraftDraw { seat: next.seat })), Reply::Screen { .. }));
        let offer = table.screen().game.expect("open").view.seats.iter().find(|s| s.seat == next.seat).expect("seat").draft_offer[0].key.clone();
        assert!(matches!(table.call(Actor::Table, act(Command::DraftKeep { seat: next.seat, character: offer })), Reply::Screen { .. }));
    }
}

/// A table in a scratch folder with a game of `players` past its draft, every component held by
/// the app; the folder lives as long as the first half.
fn drafted_table(players: &[&str]) -> (tempfile::TempDir, Table) {
    let dir = tempfile::tempdir().expect("a scratch folder");
    let mut table = Table::new(Store::open_dir(dir.path()).expect("a store"));
    // The same game on every run, so two runs measure the same work.
    table.seed_games(30);
    let setup = SetupOptions {
        players: players.iter().map(|p| p.to_string()).collect(),
        mode: Mode::Standard,
        handled: Component::ALL.to_vec(),
        infected_cards: None,
        player_numbers: None,
        pods: None,
    };
    assert!(matches!(table.call(Actor::Table, Call::NewGame { setup, title: None }), Reply::Screen { .. }));
    draft(&mut table);
    (dir, table)
}

/// Issue 21: what one accepted table call costs with five phones connected, once the journal has
/// about `length` entries: the call (engine, durable commit, table screen, each streaming seat's
/// phone screen) and then each seat's screen as its phone asks for it. Measured over 200 calls,
/// with how many screens the calls built (issue 30).
fn journal_cost(length: usize) -> serde_json::Value {
    let (_dir, mut table) = drafted_table(&["P1", "P2", "P3", "P4", "P5"]);
    // Five phones, each with one stream open: every step builds their screens.
    let feeds: Vec<_> = (0..5)
        .map(|seat| {
            table.phones().stream_opened(Seat(seat));
            table.phone_feed(Seat(seat))
        })
        .collect();
    let act = |i: usize| Call::Act { revision: None, request: Request::Do { command: Command::SetHandSize { seat: Seat((i % 5) as u8), cards: (i % 6) as u8 }, entered: Vec::new() } };
    let mut i = 0;
    while table.open_game().expect("open").entries().len() < length {
        assert!(matches!(table.call(Actor::Table, act(i)), Reply::Screen { .. }));
        i += 1;
    }
    let mut times = Vec::with_capacity(200);
    let before = table.screens_built();
    for _ in 0..200 {
        let t = Instant::now();
        assert!(matches!(table.call(Actor::Table, act(i)), Reply::Screen { .. }));
        for seat in 0..5 {
            std::hint::black_box(table.phone_screen(Seat(seat)));
        }
        times.push(t.elapsed().as_secs_f64() * 1e3);
        i += 1;
    }
    let built = table.screens_built() - before;
    drop(feeds);
    times.sort_by(f64::total_cmp);
    // For comparison, what the host did on every change before: the table's log and each seat's
    // rebuilt from the whole journal by the engine.
    let entries = table.open_game().expect("open").entries().to_vec();
    let mut rebuilt = Vec::with_capacity(20);
    for _ in 0..20 {
        let t = Instant::now();
        std::hint::black_box(nemesis_engine::log::log(&entries, nemesis_engine::Audience::Table));
        for seat in 0..5 {
            std::hint::black_box(nemesis_engine::log::log(&entries, nemesis_engine::Audience::Seat(Seat(seat))));
        }
        rebuilt.push(t.elapsed().as_secs_f64() * 1e3);
    }
    rebuilt.sort_by(f64::total_cmp);
    let per_step = |n: u64| n as f64 / times.len() as f64;
    let screens = serde_json::json!({
        "public_views": per_step(built.public_views),
        "table_screens": per_step(built.table_screens),
        "seat_screens": per_step(built.seat_screens),
    });
    serde_json::json!({ "journal": length, "p50": percentile(&times, 0.5), "p99": percentile(&times, 0.99), "n": times.len(), "rebuild_p50": percentile(&rebuilt, 0.5), "screens_per_step": screens })
}

fn main() {
    let (_dir, mut table) = drafted_table(&["A", "B", "C", "D"]);
    let rounds = 2000;
    let mut calls = Vec::with_capacity(rounds);
    for i in 0..rounds {
        // A bookkeeping command the table sends often; always accepted, never random.
        let command = Command::SetHandSize { seat: Seat((i % 4) as u8), cards: (i % 6) as u8 };
        let t = Instant::now();
        let reply = table.call(Actor::Table, Call::Act { revision: None, request: Request::Do { command, entered: Vec::new() } });
        calls.push(t.elapsed().as_secs_f64() * 1e3);
        assert!(matches!(reply, Reply::Screen { .. }), "{reply:?}");
    }
    // The commit alone: the same entry shape appended straight to a second store.
    let dir2 = tempfile::tempdir().expect("a scratch folder");
    let mut store = Store::open_dir(dir2.path()).expect("a store");
    let game = table.open_game().expect("open");
    let entries = game.entries();
    let meta = nemesis_host::store::NewGame { title: "bench", players: 4, mode: Mode::Standard, turn: 0, finished: false, now_ms: 0 };
    let id = store.create(meta, &entries[..1], &game.fate_snapshot()).expect("created");
    let mut commits = Vec::with_capacity(entries.len());
    for e in &entries[1..] {
        let t = Instant::now();
        store.append(id, e, &game.fate_snapshot(), 1, false, 0).expect("stored");
        commits.push(t.elapsed().as_secs_f64() * 1e3);
    }
    calls.sort_by(f64::total_cmp);
    commits.sort_by(f64::total_cmp);
    drop(table);
    let (short, long) = (journal_cost(300), journal_cost(6000));
    let json = serde_json::json!({
        "commit_ms": { "p50": percentile(&commits, 0.5), "p99": percentile(&commits, 0.99), "n": commits.len() },
        "call_ms": { "p50": percentile(&calls, 0.5), "p99": percentile(&calls, 0.99), "n": calls.len() },
        "journal_ms": { "short": short, "long": long, "ratio": long["p50"].as_f64().unwrap() / short["p50"].as_f64().unwrap() },
    });
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/bench");
    std::fs::create_dir_all(&out).expect("target is writable");
    std::fs::write(out.join("host.json"), serde_json::to_string_pretty(&json).unwrap()).expect("written");
    println!("{json}");
}
