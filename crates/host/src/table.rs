//! The single writer: one `Table` owns the open game and the store. Every door calls it under one
//! lock; an accepted command is committed to SQLite before the new screen is published.

use crate::export;
use crate::protocol::*;
use crate::store::{NewGame, Store};
use nemesis_engine::{log, Actor, Audience, Command, Entry, Fate, Game, Request};
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

/// How many of the newest log lines each screen carries.
pub const LOG_TAIL: usize = 200;

pub type Shared = Arc<Mutex<Table>>;

/// Locks the table for one call. After a panic in an earlier call the open game is closed, so a
/// game that brought the host down cannot do it again on every later call.
pub fn lock(shared: &Shared) -> std::sync::MutexGuard<'_, Table> {
    match shared.lock() {
        Ok(guard) => guard,
        Err(poisoned) => {
            let mut guard = poisoned.into_inner();
            guard.open = None;
            shared.clear_poison();
            guard
        }
    }
}

struct Open {
    id: i64,
    title: String,
    game: Game,
}

pub struct Table {
    store: Store,
    open: Option<Open>,
    revision: u64,
    screens: watch::Sender<Arc<TableScreen>>,
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

fn no_game() -> Fault {
    Fault::new(FaultCode::NoGame, "No game is open: start a new one or continue a saved one.")
}

impl Table {
    pub fn new(store: Store) -> Table {
        let (screens, _) = watch::channel(Arc::new(TableScreen { revision: 0, game: None }));
        Table { store, open: None, revision: 0, screens }
    }

    pub fn shared(self) -> Shared {
        Arc::new(Mutex::new(self))
    }

    /// The table screen after every change, newest only (a slow reader skips to the latest).
    pub fn subscribe(&self) -> watch::Receiver<Arc<TableScreen>> {
        self.screens.subscribe()
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn open_game(&self) -> Option<&Game> {
        self.open.as_ref().map(|o| &o.game)
    }

    /// Answers one call from a door acting as `actor`.
    pub fn call(&mut self, actor: Actor, call: Call) -> Reply {
        match self.handle(actor, call) {
            Ok(reply) => reply,
            Err(fault) => Reply::Refused { fault },
        }
    }

    fn handle(&mut self, actor: Actor, call: Call) -> Result<Reply, Fault> {
        if actor != Actor::Table && !matches!(call, Call::Act { .. }) {
            return Err(Fault::new(FaultCode::NotYourSeat, "Only the table screen can manage games."));
        }
        match call {
            Call::Screen => Ok(Reply::Screen { screen: self.screen() }),
            Call::Saves => Ok(Reply::Saves { saves: self.store.list()? }),
            Call::NewGame { setup, title } => self.new_game(setup, title),
            Call::Open { game } => {
                self.open(game)?;
                Ok(self.publish())
            }
            Call::Close => {
                self.open = None;
                Ok(self.publish())
            }
            Call::Delete { game } => {
                self.store.delete(game)?;
                if self.open.as_ref().is_some_and(|o| o.id == game) {
                    self.open = None;
                    self.publish();
                }
                Ok(Reply::Saves { saves: self.store.list()? })
            }
            Call::Export { game } => {
                let stored = self.store.load(game)?;
                let file = export::write(&stored.title, stored.created_ms, &stored.entries);
                let stem: String = stored.title.chars().map(|c| if c.is_alphanumeric() { c } else { '-' }).collect();
                Ok(Reply::Exported { file_name: format!("nemesis-{}.json", stem.trim_matches('-')), file })
            }
            Call::Import { file } => {
                let (file, state) = export::read(&file)?;
                let fate = Fate::from_os().snapshot();
                let meta = NewGame { title: &file.title, players: state.config.players, mode: state.config.mode, turn: state.turn, finished: state.is_over(), now_ms: now_ms() };
                let id = self.store.create(meta, &file.entries, &fate)?;
                Ok(Reply::Imported { game: id })
            }
            Call::Log => {
                let open = self.open.as_ref().ok_or_else(no_game)?;
                Ok(Reply::Log { lines: log::log(open.game.entries(), Audience::Table) })
            }
            Call::Act { request } => self.act(actor, request),
            Call::Private { seat } => {
                let open = self.open.as_ref().ok_or_else(no_game)?;
                let state = open.game.state().ok_or_else(no_game)?;
                let view = state.seat_view(seat).ok_or_else(|| Fault::new(FaultCode::NoSuchThing, "No player sits there."))?;
                let log = log::log(open.game.entries(), Audience::Seat(seat)).into_iter().filter(|l| l.private).collect();
                Ok(Reply::Private { view, log })
            }
        }
    }

    fn new_game(&mut self, setup: nemesis_engine::SetupOptions, title: Option<String>) -> Result<Reply, Fault> {
        let mut game = Game::new(Fate::from_os());
        let players = setup.players.len() as u8;
        let mode = setup.mode;
        let names = setup.players.join(", ");
        game.submit(Actor::Table, Request::Do { command: Command::SetUp(setup), entered: Vec::new() })?;
        let title = title.map(|t| t.trim().to_string()).filter(|t| !t.is_empty()).unwrap_or(names);
        let created_ms = now_ms();
        let state = game.state().expect("a set-up game has a state");
        let meta = NewGame { title: &title, players, mode, turn: state.turn, finished: false, now_ms: created_ms };
        let id = self.store.create(meta, game.entries(), &game.fate_snapshot())?;
        self.open = Some(Open { id, title, game });
        Ok(self.publish())
    }

    fn open(&mut self, id: i64) -> Result<(), Fault> {
        let stored = self.store.load(id)?;
        let game = Game::restore(stored.entries, &stored.fate)
            .filter(|g| g.state().is_some())
            .ok_or_else(|| Fault::new(FaultCode::Storage, "That saved game could not be replayed."))?;
        self.open = Some(Open { id, title: stored.title, game });
        Ok(())
    }

    fn act(&mut self, actor: Actor, request: Request) -> Result<Reply, Fault> {
        let open = self.open.as_mut().ok_or_else(no_game)?;
        let entry: Entry = open.game.submit(actor, request)?.clone();
        let state = open.game.state().expect("an accepted step leaves a game");
        let (turn, finished) = (state.turn, state.is_over());
        let fate = open.game.fate_snapshot();
        let id = open.id;
        if let Err(fault) = self.store.append(id, &entry, &fate, turn, finished, now_ms()) {
            // Not durable, so not accepted: go back to what the store holds, or close the game
            // when even that cannot be read, so no screen ever shows an unsaved step.
            if self.open(id).is_err() {
                self.open = None;
                self.publish();
            }
            return Err(fault);
        }
        Ok(self.publish())
    }

    /// Builds the screen for the new revision and hands it to every door.
    fn publish(&mut self) -> Reply {
        self.revision += 1;
        let screen = self.screen();
        self.screens.send_replace(Arc::new(screen.clone()));
        Reply::Screen { screen }
    }

    pub fn screen(&self) -> TableScreen {
        TableScreen { revision: self.revision, game: self.open.as_ref().map(open_screen) }
    }
}

fn open_screen(o: &Open) -> OpenGame {
    let game = &o.game;
    let state = game.state().expect("an open game is set up");
    let lines = log::log(game.entries(), Audience::Table);
    let last = game.entries().last().map(|newest| {
        // An undo's outcome is the undo line itself; otherwise the step still in force.
        let step = if newest.command.is_none() { newest } else { game.last_step().unwrap_or(newest) };
        LastStep {
            seq: step.seq,
            command: step.command.as_ref().map(command_type),
            lines: lines.iter().filter(|l| l.seq == step.seq).cloned().collect(),
            private: step.is_private(),
        }
    });
    let log_total = lines.len() as u32;
    let tail = lines[lines.len().saturating_sub(LOG_TAIL)..].to_vec();
    OpenGame {
        id: o.id,
        title: o.title.clone(),
        view: state.public_view(),
        log: tail,
        log_total,
        last,
        can_undo: game.can_undo(),
        can_correct: game.can_correct(),
    }
}

/// The command's serde tag, e.g. `develop_bag`.
pub fn command_type(c: &Command) -> String {
    serde_json::to_value(c).ok().and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_string)).unwrap_or_default()
}
