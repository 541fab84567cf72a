//! Shared by the host's tests: a table on a scratch save folder, games started and drafted through
//! `Call`s only (as a door would), and a second SQLite connection to look at what is on disk.
#![allow(dead_code)]

pub mod http;

use nemesis_engine::state::Phase;
use nemesis_engine::{Command, Component, Entered, Mode, PublicView, Request, Seat, SetupOptions};
use nemesis_host::protocol::{OpenGame, SaveSummary};
use nemesis_host::store::Store;
use nemesis_host::{Call, Fault, Reply, Table, TableScreen};
use nemesis_engine::Actor;
use std::path::{Path, PathBuf};

/// Setup options for `players` seats with every component handled by the app.
pub fn options(players: usize) -> SetupOptions {
    SetupOptions {
        players: (1..=players).map(|i| format!("Player {i}")).collect(),
        mode: if players == 1 { Mode::Solo } else { Mode::Standard },
        handled: Component::ALL.to_vec(),
        infected_cards: None,
        player_numbers: None,
        pods: None,
    }
}

/// The seed of the first game a test's table deals (each later game one more): every test plays
/// the same games on every run, so a failure is one anyone can repeat (issue 34, item 10).
pub const TEST_SEED: u64 = 3400;

/// A table whose saves live in `dir`, its games seeded from `TEST_SEED`.
pub fn table_in(dir: &Path) -> Table {
    let mut t = Table::new(Store::open_dir(dir).expect("the scratch save folder opens"));
    t.seed_games(TEST_SEED);
    t
}

/// The save file of the table in `dir`.
pub fn db_path(dir: &Path) -> PathBuf {
    dir.join("games.sqlite3")
}

pub fn call(t: &mut Table, c: Call) -> Reply {
    t.call(Actor::Table, c)
}

pub fn screen_of(reply: Reply) -> TableScreen {
    match reply {
        Reply::Screen { screen } => std::sync::Arc::unwrap_or_clone(screen),
        other => panic!("expected a screen, got {other:?}"),
    }
}

pub fn fault_of(reply: Reply) -> Fault {
    match reply {
        Reply::Refused { fault } => fault,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

pub fn saves(t: &mut Table) -> Vec<SaveSummary> {
    match call(t, Call::Saves) {
        Reply::Saves { saves } => saves,
        other => panic!("expected saves, got {other:?}"),
    }
}

pub fn current(t: &mut Table) -> TableScreen {
    screen_of(call(t, Call::Screen))
}

pub fn open_game(screen: &TableScreen) -> &OpenGame {
    screen.game.as_ref().expect("a game is open")
}

pub fn view(t: &mut Table) -> PublicView {
    open_game(&current(t)).view.clone()
}

/// Starts a game through `Call::NewGame`; returns its save number.
pub fn new_game(t: &mut Table, setup: SetupOptions) -> i64 {
    let screen = screen_of(call(t, Call::NewGame { setup, title: None }));
    open_game(&screen).id
}

/// Sends a command; panics with the refusal if it is refused.
pub fn act(t: &mut Table, command: Command) -> TableScreen {
    act_with(t, command, Vec::new())
}

/// The tests written before the Player Phase's rounds (p. 10) act for any seat: the table does
/// what it would at a real table first: each player keeps an objective that is due and everyone
/// passes before the phase ends; an Action out of turn gets the round (a correction) and the cards
/// it costs. The rounds themselves are tested in the engine (`tests/rules/turns.rs`).
pub fn arrange(t: &mut Table, command: &Command) {
    let Some(state) = t.open_game().and_then(|g| g.state()).cloned() else { return };
    if state.phase != Phase::Player {
        return;
    }
    if matches!(command, Command::EndPlayerPhase) {
        for seat in nemesis_engine::rules::objectives_due(&state).collect::<Vec<_>>() {
            let key = state.seats[seat].objectives.first().map(|o| state.content().data.objectives[o.0 as usize].key.clone());
            let _ = try_act(t, Command::ChooseObjective { seat, objective: key });
        }
        for _ in 0..16 {
            let Some(seat) = t.open_game().and_then(|g| g.state()).and_then(|s| s.rounds.turn_of) else { break };
            if !matches!(try_act(t, Command::Pass { seat }), Reply::Screen { .. }) {
                break;
            }
        }
        return;
    }
    if let (Some(cost), Some(seat)) = (nemesis_engine::rules::action_cost(&state, command), nemesis_engine::rules::command_seat(command)) {
        if state.seats.get(seat).is_none() {
            return;
        }
        if state.rounds.turn_of != Some(seat) {
            let _ = try_act(t, Command::GiveRound { seat });
        }
        if state.seats[seat].hand < cost {
            let _ = try_act(t, Command::SetHandSize { seat, cards: cost });
        }
    }
}

pub fn act_with(t: &mut Table, command: Command, entered: Vec<Entered>) -> TableScreen {
    arrange(t, &command);
    let what = format!("{command:?} with {entered:?}");
    match call(t, Call::Act { revision: None, request: Request::Do { command, entered } }) {
        Reply::Screen { screen } => std::sync::Arc::unwrap_or_clone(screen),
        other => panic!("{what} should be accepted, got {other:?}"),
    }
}

pub fn try_act(t: &mut Table, command: Command) -> Reply {
    call(t, Call::Act { revision: None, request: Request::Do { command, entered: Vec::new() } })
}

/// Drafts every seat (in player-number order, keeping the first character offered), reading only
/// the public view as the table screen does, until the Player Phase begins.
pub fn draft_all(t: &mut Table) {
    loop {
        let v = view(t);
        if v.phase != Phase::Draft {
            return;
        }
        let mut waiting: Vec<(u8, Seat, usize)> =
            v.seats.iter().filter(|s| s.character.is_none()).map(|s| (s.number.0, s.seat, s.draft_offer.len())).collect();
        waiting.sort();
        let (_, seat, offered) = waiting[0];
        if offered == 0 {
            act(t, Command::DraftDraw { seat });
        }
        let v = view(t);
        let key = v.seats.iter().find(|s| s.seat == seat).expect("the seat is in the view").draft_offer[0].key.clone();
        act(t, Command::DraftKeep { seat, character: key });
    }
}

/// A game of `players` seats, set up and drafted: turn 1, Player Phase.
pub fn started(t: &mut Table, players: usize) -> i64 {
    let id = new_game(t, options(players));
    draft_all(t);
    assert_eq!(view(t).phase, Phase::Player, "the draft leads to the Player Phase");
    id
}

/// One whole Event Phase from the end of the Player Phase: every step, the event card and the bag
/// drawn by the app's generator.
pub fn play_event_phase(t: &mut Table) {
    for c in [
        Command::EndPlayerPhase,
        Command::AdvanceTime,
        Command::ResolveIntruderAttacks,
        Command::ResolveFireDamage,
        Command::ResolveEventCard,
        Command::DevelopBag,
    ] {
        act(t, c);
    }
}

/// A second, independent connection to the save file (as another process would see it).
pub fn peek(path: &Path) -> rusqlite::Connection {
    rusqlite::Connection::open(path).expect("a second connection opens")
}

pub fn entry_rows(conn: &rusqlite::Connection, game: i64) -> i64 {
    conn.query_row("SELECT COUNT(*) FROM entries WHERE game = ?1", [game], |r| r.get(0)).expect("count entries")
}

pub fn max_seq(conn: &rusqlite::Connection, game: i64) -> i64 {
    conn.query_row("SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game = ?1", [game], |r| r.get(0)).expect("max seq")
}

/// Runs `f` on a supervised table, between two of its writer's messages.
pub fn on_table<T>(table: &nemesis_host::Shared, f: impl FnOnce(&mut Table) -> T) -> T {
    table.with(f)
}

/// Turns phones on at the loopback address (inside a tokio runtime) and returns their port.
pub fn phones_on(table: &nemesis_host::Shared) -> u16 {
    let screen = screen_of(on_table(table, |t| t.call(Actor::Table, Call::Phones { on: true, address: Some("127.0.0.1".into()) })));
    assert!(screen.phones.on);
    let url = screen.phones.url.expect("an address while on");
    url.rsplit(':').next().unwrap().parse().expect("a port")
}

/// Writes one test's tally to target/evidence/NAME.json, for docs/reliability.md
/// (scripts/reliability-report.py reads them).
pub fn evidence(name: &str, tally: &serde_json::Value) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().expect("the target folder").join("evidence");
    std::fs::create_dir_all(&dir).expect("the evidence folder");
    std::fs::write(dir.join(format!("{name}.json")), serde_json::to_string_pretty(tally).unwrap()).expect("the evidence file");
}
