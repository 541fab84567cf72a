//! The single writer: one `Table` owns the open game, the store and the phones' bookkeeping, and
//! nothing else (no server, no runtime: the supervisor owns those and sends it messages). An
//! accepted command is committed to SQLite before the new screens are published.

use crate::export;
use crate::phones::{Listening, PhoneRules, PhoneServer, Phones};
use crate::protocol::*;
use crate::reach;
use crate::screen::{self, Open, SeatScreens};
use crate::store::{NewGame, Store};
use nemesis_engine::{Actor, Command, Entry, Fate, Game, Request, Seat};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::watch;

mod displays;
mod pairing;

pub use crate::screen::{LOG_TAIL, PHONE_REVEALS};

/// How long the save stays idle before its write-ahead file is copied into it.
pub const SETTLE_AFTER: std::time::Duration = std::time::Duration::from_secs(2);

/// Phone connects, disconnects and asks change the table screen at most this often: a phone that
/// opens and drops its stream in a loop cannot drive the table page (issue 34, item 2). The
/// first change shows at once; those that follow within this time show together at its end.
pub const PHONES_EVERY: std::time::Duration = std::time::Duration::from_millis(250);

/// A door's view of the newest table screen.
pub type ScreenWatch = watch::Receiver<Arc<TableScreen>>;

pub struct Table {
    store: Store,
    open: Option<Open>,
    revision: u64,
    screens: watch::Sender<Arc<TableScreen>>,
    phones: Phones,
    /// The shared displays paired to the open game (`displays.rs`).
    displays: crate::displays::Displays,
    /// How phones are turned on, given by the supervisor (`None`: phones stay off).
    server: Option<Box<dyn PhoneServer>>,
    /// The phone server while it runs; dropping it stops it.
    listening: Option<Listening>,
    addresses: Vec<LanAddress>,
    /// Each seat's phone screen, built once per revision, and the feeds its streams read.
    seat_screens: SeatScreens,
    /// Phones revoked in memory whose removal from the save failed: (game, seat).
    unsaved_revocations: Vec<(i64, Seat)>,
    /// Finished games' winners for the saves list, each worked out once.
    results: crate::debrief::Results,
    /// Tests only (`seed_games`): where the next game's generator starts; `None` draws the seed
    /// from the operating system, as every real game does.
    test_seed: Option<u64>,
    /// When the phones last changed the screen, and whether a change since waits for its turn.
    phones_shown: Option<std::time::Instant>,
    phones_waiting: bool,
    /// The kept phone port this run could not have (`PhonesStatus::moved_from`).
    phones_moved_from: Option<u16>,
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

fn no_game() -> Fault {
    Fault::new(HostCode::NoGame, "No game is open: start a new one or continue a saved one.")
}

impl Table {
    pub fn new(store: Store) -> Table {
        let (screens, _) = watch::channel(Arc::new(TableScreen { revision: 0, game: None, phones: PhonesStatus::default() }));
        Table {
            store,
            open: None,
            revision: 0,
            screens,
            phones: Phones::default(),
            displays: Default::default(),
            server: None,
            listening: None,
            addresses: Vec::new(),
            seat_screens: SeatScreens::default(),
            unsaved_revocations: Vec::new(),
            results: Default::default(),
            test_seed: None,
            phones_shown: None,
            phones_waiting: false,
            phones_moved_from: None,
        }
    }

    /// Copies the save's write-ahead file into it now, whatever the writes (a door closing).
    pub fn settle_now(&mut self) -> Result<(), Fault> {
        self.store.checkpoint()
    }

    /// Tests only: every later game's generator (a new game's, an import's) is seeded from
    /// `seed`, one more for each game, so a test plays the same game on every run.
    pub fn seed_games(&mut self, seed: u64) {
        self.test_seed = Some(seed);
    }

    fn fate(&mut self) -> Fate {
        match self.test_seed.as_mut() {
            Some(seed) => {
                *seed += 1;
                Fate::seeded(*seed)
            }
            None => Fate::from_os(),
        }
    }

    /// The limits of pairing (tests shorten them).
    pub fn phone_rules_mut(&mut self) -> &mut PhoneRules {
        &mut self.phones.rules
    }

    /// The table screen after every change, newest only (a slow reader skips to the latest).
    pub fn subscribe(&self) -> ScreenWatch {
        self.screens.subscribe()
    }

    /// The connections the phone server holds now, while it runs.
    pub fn phone_connections(&self) -> Option<crate::http::Gauge> {
        self.listening.as_ref().map(|l| l.connections.clone())
    }

    /// How this table turns phones on: the supervisor's phone server.
    pub fn set_phone_server(&mut self, server: Box<dyn PhoneServer>) {
        self.server = Some(server);
    }

    /// Copies the write-ahead file into the save once no write came for `SETTLE_AFTER` (the
    /// supervisor's writer calls it while idle). A checkpoint that fails (disk full, say) leaves
    /// the steps safe in the write-ahead file; it is tried again at the next tick.
    pub fn settle(&mut self) {
        let _ = self.store.checkpoint_if_idle(SETTLE_AFTER);
    }

    /// After a call panicked: the open game is closed, so a game that brought the writer down
    /// cannot do it again on every later call.
    pub fn close_after_panic(&mut self) {
        self.set_open(None);
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn open_game(&self) -> Option<&Game> {
        self.open.as_ref().map(|o| &o.game)
    }

    /// The open game's id and revision (the steps in its journal), as its screen names them.
    pub fn open_at(&self) -> Option<(i64, u32)> {
        self.open.as_ref().map(|o| (o.id, o.game.entries().len() as u32))
    }

    /// Answers one call from a door acting as `actor`.
    pub fn call(&mut self, actor: Actor, call: Call) -> Reply {
        match self.handle(actor, call) {
            Ok(reply) => reply,
            Err(fault) => Reply::Refused { fault },
        }
    }

    fn handle(&mut self, actor: Actor, call: Call) -> Result<Reply, Fault> {
        if actor != Actor::Table {
            return Err(Fault::new(nemesis_engine::Code::NotYourSeat, "Only the table screen can manage games."));
        }
        if !self.unsaved_revocations.is_empty() {
            self.save_revocations();
        }
        match call {
            Call::Screen => {
                // The addresses the table may offer phones, fresh whenever the screen is asked for
                // (a laptop may have joined another network since).
                if self.listening.is_none() {
                    self.addresses = self.offered_addresses();
                }
                Ok(Reply::Screen { screen: Arc::new(self.screen()) })
            }
            Call::Saves => Ok(Reply::Saves { saves: crate::debrief::with_results(&self.store, &mut self.results, self.store.list()?) }),
            Call::Content { pack } => Ok(crate::protocol::content_reply(pack)),
            Call::NewGame { setup, title } => self.new_game(setup, title),
            Call::Open { game } => {
                self.open(game)?;
                Ok(self.publish())
            }
            Call::Close => {
                self.set_open(None);
                Ok(self.publish())
            }
            Call::Delete { game } => {
                self.store.delete(game)?;
                if self.open.as_ref().is_some_and(|o| o.id == game) {
                    self.set_open(None);
                    self.publish();
                }
                Ok(Reply::Saves { saves: crate::debrief::with_results(&self.store, &mut self.results, self.store.list()?) })
            }
            Call::Export { game } => export::of_save(&self.store, game),
            Call::Import { file } => {
                let (file, state) = export::read(&file)?;
                let fate = self.fate().snapshot();
                let meta = NewGame { title: &file.title, players: state.config.players, mode: state.config.mode, turn: state.turn, finished: state.is_over(), now_ms: now_ms() };
                let id = self.store.create(meta, &file.entries, &fate)?;
                Ok(Reply::Imported { game: id })
            }
            Call::Log => {
                let open = self.open.as_ref().ok_or_else(no_game)?;
                Ok(Reply::Log { lines: open.log.table().to_vec() })
            }
            Call::Act { request, revision } => self.act_from(actor, request, revision),
            Call::Explain { command } => {
                let state = self.open.as_ref().and_then(|o| o.game.state()).ok_or_else(no_game)?;
                Ok(Reply::Hints { hints: nemesis_engine::hints::explain(&state.public_view(), &command) })
            }
            Call::Private { seat } => {
                let open = self.open.as_ref().ok_or_else(no_game)?;
                let state = open.game.state().ok_or_else(no_game)?;
                let view = state.seat_view(seat).ok_or_else(|| Fault::new(nemesis_engine::Code::NoSuchThing, "No player sits there."))?;
                let log = open.log.private(seat).to_vec();
                Ok(Reply::Private { view, log })
            }
            Call::Phones { on, address } => self.turn_phones(on, address),
            Call::PairCode { seat } => self.offer(seat, OfferPurpose::Pair),
            Call::RevealCode { seat } => self.offer(seat, OfferPurpose::Reveal),
            Call::AnswerPhone { ask, accept, replace } => self.answer_phone(ask, accept, replace),
            Call::RevokePhone { seat } => {
                self.revoke_phone(seat)?;
                Ok(self.publish())
            }
            Call::DisplayCode => self.display_offer(),
            Call::AnswerDisplay { ask, accept } => self.answer_display(ask, accept),
            Call::RevokeDisplay { display } => self.revoke_display(display),
            Call::Debrief => self.debrief(),
            Call::Replay => self.replay(),
            Call::PlayRecord { game } => crate::debrief::play_record(&self.store, game),
        }
    }

    fn new_game(&mut self, setup: nemesis_engine::SetupOptions, title: Option<String>) -> Result<Reply, Fault> {
        let mut game = Game::new(self.fate());
        let players = setup.players.len() as u8;
        let mode = setup.mode;
        let names = setup.players.join(", ");
        // The engine bounds the names' length; hidden and direction characters are the host's
        // to refuse, as on every path into the save (`text.rs`).
        // (Checked on the game in the making: nothing is saved before all of it holds.)
        let sound_names = setup.players.iter().all(|n| crate::text::sound(n, crate::text::MAX_NAME));
        let title = title.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
        if title.as_ref().is_some_and(|t| !crate::text::sound(t, crate::text::MAX_TITLE)) {
            return Err(Fault::new(HostCode::BadCall, "A title is at most 80 letters, without hidden, control or direction characters."));
        }
        game.submit(Actor::Table, Request::Do { command: Command::SetUp(setup), entered: Vec::new() })?;
        if !sound_names {
            return Err(Fault::new(nemesis_engine::Code::BadSetup, "Each player's name must show letters, without hidden, control or direction characters."));
        }
        let title = title.unwrap_or(names);
        let created_ms = now_ms();
        let state = game.state().expect("a set-up game has a state");
        let meta = NewGame { title: &title, players, mode, turn: state.turn, finished: false, now_ms: created_ms };
        let id = self.store.create(meta, game.entries(), &game.fate_snapshot())?;
        self.set_open(Some(Open::new(id, title, game, created_ms, created_ms)));
        Ok(self.publish())
    }

    fn open(&mut self, id: i64) -> Result<(), Fault> {
        let stored = self.store.load(id)?;
        crate::debrief::readable(&self.store, &mut self.results, &stored)?;
        let mut game = Game::restore(stored.entries, &stored.fate)
            .filter(|g| g.state().is_some())
            .ok_or_else(|| Fault::new(HostCode::Storage, "That saved game could not be replayed."))?;
        if self.store.sealed(id)? {
            game.seal();
        }
        let mut tokens = self.store.phone_tokens(id)?;
        tokens.retain(|t| !self.unsaved_revocations.contains(&(id, t.seat)));
        for t in &mut tokens {
            // Saves from before tokens were hashed hold the token itself (32 hex digits): keep
            // its hash instead, in memory now and in the save as soon as it can be written.
            if t.hash.len() == 32 {
                t.hash = crate::phones::token_hash(&t.hash);
                let _ = self.store.save_phone(id, t, now_ms());
            }
        }
        self.set_open(Some(Open::new(id, stored.title, game, stored.created_ms, stored.updated_ms)));
        self.phones.set_tokens(tokens);
        Ok(())
    }

    /// Changes the open game. Phones belong to one game: the phone server stops (PRIVACY.md:
    /// it runs only while a game is open) and every code and token of the old game is dropped.
    pub(crate) fn set_open(&mut self, open: Option<Open>) {
        let same_game = matches!((&self.open, &open), (Some(a), Some(b)) if a.id == b.id);
        if !same_game {
            self.listening = None;
            self.phones.clear();
            self.displays.clear();
            self.seat_screens.clear();
            if open.is_some() {
                self.addresses = self.offered_addresses();
            }
        }
        self.open = open;
    }

    /// Acts as `actor` if the game is still at `revision` (the screen the call was made from):
    /// the table and the phones may act at once, and a call from a screen the game has moved on
    /// from is refused before the rules see it, changing nothing (issue 32).
    pub(crate) fn act_from(&mut self, actor: Actor, request: Request, revision: Option<u32>) -> Result<Reply, Fault> {
        self.still_at(revision)?;
        self.act(actor, request)
    }

    /// The open game's revision: the steps in its journal (`OpenGame::revision`).
    pub fn game_revision(&self) -> Option<u32> {
        self.open.as_ref().map(|o| o.game.entries().len() as u32)
    }

    /// Refuses a call made from a screen of another revision of the game than the current one.
    pub(crate) fn still_at(&self, revision: Option<u32>) -> Result<(), Fault> {
        match (revision, self.game_revision()) {
            (Some(asked), Some(now)) if asked != now => {
                Err(Fault::new(HostCode::MovedOn, "The table moved on since this screen was shown: look at the new one and choose again."))
            }
            _ => Ok(()),
        }
    }

    pub(crate) fn act(&mut self, actor: Actor, request: Request) -> Result<Reply, Fault> {
        let open = self.open.as_mut().ok_or_else(no_game)?;
        // The game's time stops at the step that ends it, as the store keeps it (`Store::append`).
        let was_over = open.game.state().is_some_and(|s| s.is_over());
        let entry: Entry = open.game.submit(actor, request)?.clone();
        let state = open.game.state().expect("an accepted step leaves a game");
        let (turn, finished) = (state.turn, state.is_over());
        let fate = open.game.fate_snapshot();
        let id = open.id;
        let at = now_ms();
        let saved = self.store.append(id, &entry, &fate, turn, finished, at);
        if let Some(open) = self.open.as_mut().filter(|_| saved.is_ok()) {
            open.log.sync(open.game.entries());
            if !was_over {
                open.updated_ms = at;
            }
        }
        if let Err(fault) = saved {
            // Not durable, so not accepted: go back to what the store holds, or close the game
            // when even that cannot be read, so no screen ever shows an unsaved step.
            if self.open(id).is_err() {
                self.set_open(None);
                self.publish();
            }
            return Err(fault);
        }
        Ok(self.publish())
    }

    /// Builds the screens of the new revision and hands them to every door: the public view
    /// once, the table's screen once, and each streaming seat's screen once (issue 30).
    fn publish(&mut self) -> Reply {
        // Every screen carries the phones as they are now: a waiting phone change is shown.
        self.phones_waiting = false;
        self.revision += 1;
        let view = self.open.as_ref().and_then(|o| o.public_view(&self.seat_screens.count));
        let offers = screen::offers_of(self.open.as_ref());
        self.seat_screens.publish(self.open.as_ref(), self.revision, view.as_ref(), &offers, &self.phones);
        let game = self.open.as_ref().zip(view).map(|(o, view)| screen::open_screen(o, view, offers, &self.seat_screens.count));
        let screen = Arc::new(TableScreen { revision: self.revision, game, phones: self.phones_status() });
        self.displays.publish(&screen, &self.seat_screens.count);
        self.screens.send_replace(screen.clone());
        Reply::Screen { screen }
    }

    /// The table screen now, built on the spot (not published).
    pub fn screen(&self) -> TableScreen {
        let built = &self.seat_screens.count;
        let game = self.open.as_ref().and_then(|o| Some(screen::open_screen(o, o.public_view(built)?, screen::offers_of(Some(o)), built)));
        TableScreen { revision: self.revision, game, phones: self.phones_status() }
    }

    fn phones_status(&self) -> PhonesStatus {
        let status = screen::phones_status(self.open.as_ref(), &self.phones, self.listening.as_ref().map(|l| l.url.clone()), &self.addresses, self.phones_moved_from);
        PhonesStatus { displays: self.displays.status(), ..status }
    }

    /// Publishes a change the phone server made (an ask, a stream opening or closing): at once
    /// when the phones have not changed the screen for `PHONES_EVERY`, else at the end of it
    /// (`publish_due`, called by the writer), with every change made meanwhile.
    pub fn phones_changed(&mut self) {
        let now = std::time::Instant::now();
        if self.phones_shown.is_some_and(|at| now.duration_since(at) < PHONES_EVERY) {
            self.phones_waiting = true;
        } else {
            self.phones_shown = Some(now);
            self.publish();
        }
    }

    /// When a waiting phone change is due to be shown, if one waits.
    pub fn phones_due(&self) -> Option<std::time::Instant> {
        self.phones_waiting.then(|| self.phones_shown.map_or_else(std::time::Instant::now, |at| at + PHONES_EVERY))
    }

    /// Shows a waiting phone change once its time has come.
    pub fn publish_due(&mut self) {
        if self.phones_due().is_some_and(|at| std::time::Instant::now() >= at) {
            self.phones_shown = Some(std::time::Instant::now());
            self.publish();
        }
    }

    pub fn phones(&mut self) -> &mut Phones {
        &mut self.phones
    }

    /// The open game, for the phones' calls (`phone_calls.rs`).
    pub(crate) fn open_ref(&self) -> Option<&Open> {
        self.open.as_ref()
    }

    /// Whether the phone server runs.
    pub fn phones_on(&self) -> bool {
        self.listening.is_some()
    }

    /// A seat's phone screen now: its own public state, its hand and its private lines (built
    /// once per revision, whoever asks).
    pub fn phone_screen(&mut self, seat: Seat) -> Arc<PhoneScreen> {
        self.seat_screens.now(self.open.as_ref(), self.revision, seat)
    }

    /// How many public views and screens this table built so far (the benchmark's count).
    pub fn screens_built(&self) -> screen::BuiltCount {
        self.seat_screens.count.now()
    }

    /// Where a stream of `seat` reads its screens: the current one at once, then each step's.
    /// Call it after `Phones::stream_opened`, so every later step builds this seat's screen.
    pub fn phone_feed(&mut self, seat: Seat) -> watch::Receiver<Arc<PhoneScreen>> {
        self.seat_screens.feed(self.open.as_ref(), self.revision, seat)
    }

    /// The debrief, and from then on the end is final (`Game::seal`): recorded in the save
    /// before the table is shown either, so a restart cannot undo back into play.
    fn debrief(&mut self) -> Result<Reply, Fault> {
        let open = self.open.as_ref().ok_or_else(no_game)?;
        let reply = crate::debrief::debrief_reply(&self.store, open.id, &open.title, open.game.entries())?;
        if !open.game.sealed() {
            let (id, steps) = (open.id, open.game.entries().len() as u32);
            self.store.seal(id, steps, now_ms())?;
            if let Some(open) = self.open.as_mut() {
                open.game.seal();
            }
            self.publish();
        }
        Ok(reply)
    }

    fn replay(&self) -> Result<Reply, Fault> {
        let open = self.open.as_ref().ok_or_else(no_game)?;
        crate::debrief::replay_reply(open.game.entries(), open.log.table())
    }

    /// Takes `seat`'s phone off it: first in memory (its token stops working and its streams
    /// are told at once), then in the save. A write that fails cannot bring the phone back: the
    /// revocation waits in `unsaved_revocations`, is tried again before every later call, and
    /// its token is left out whenever the game is opened again in this run.
    pub(crate) fn revoke_phone(&mut self, seat: Seat) -> Result<(), Fault> {
        let id = self.open.as_ref().ok_or_else(no_game)?.id;
        self.phones.revoke(seat);
        self.publish();
        if let Err(fault) = self.store.forget_phone(id, seat) {
            self.unsaved_revocations.push((id, seat));
            return Err(fault);
        }
        Ok(())
    }

    fn save_revocations(&mut self) {
        let pending = std::mem::take(&mut self.unsaved_revocations);
        for (game, seat) in pending {
            if self.store.forget_phone(game, seat).is_err() {
                self.unsaved_revocations.push((game, seat));
            }
        }
    }

}
