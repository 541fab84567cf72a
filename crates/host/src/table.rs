//! The single writer: one `Table` owns the open game and the store. Every door calls it under one
//! lock; an accepted command is committed to SQLite before the new screen is published.

use crate::export;
use crate::lan;
use crate::phones::{PhoneRules, Phones};
use crate::projection::Projection;
use crate::protocol::*;
use crate::store::{NewGame, Store};
use nemesis_engine::{Actor, Command, Entry, Fate, Game, Request, Seat};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, Weak};
use std::time::Instant;
use tokio::sync::watch;

/// How many of a seat's newest private lines its phone carries.
pub const PHONE_REVEALS: usize = 30;

/// How many of the newest log lines each screen carries.
pub const LOG_TAIL: usize = 60;

pub type Shared = Arc<Mutex<Table>>;

/// How long the save stays idle before its write-ahead file is copied into it.
pub const SETTLE_AFTER: std::time::Duration = std::time::Duration::from_secs(2);

/// A door's view of the newest table screen.
pub type ScreenWatch = watch::Receiver<Arc<TableScreen>>;

/// Locks the table for one call. After a panic in an earlier call the open game is closed, so a
/// game that brought the host down cannot do it again on every later call.
pub fn lock(shared: &Shared) -> std::sync::MutexGuard<'_, Table> {
    match shared.lock() {
        Ok(guard) => guard,
        Err(poisoned) => {
            let mut guard = poisoned.into_inner();
            guard.set_open(None);
            shared.clear_poison();
            guard
        }
    }
}

struct Open {
    id: i64,
    title: String,
    game: Game,
    /// The game's log per audience, extended with each accepted step (`projection.rs`).
    log: Projection,
    /// When the game was created and its newest step saved, as the save holds them (the game's
    /// duration comes from the host's clock, not from whichever screen is watching).
    created_ms: i64,
    updated_ms: i64,
}

impl Open {
    fn new(id: i64, title: String, game: Game, created_ms: i64, updated_ms: i64) -> Open {
        let log = Projection::of(game.entries());
        Open { id, title, game, log, created_ms, updated_ms }
    }
}

pub struct Table {
    store: Store,
    open: Option<Open>,
    revision: u64,
    screens: watch::Sender<Arc<TableScreen>>,
    /// This table inside its lock, for the phone server it starts.
    me: Weak<Mutex<Table>>,
    phones: Phones,
    lan: Option<lan::Running>,
    addresses: Vec<LanAddress>,
    /// Each seat's phone screen for the current revision, built once for all its streams.
    phone_screens: HashMap<Seat, (u64, Arc<PhoneScreen>)>,
    /// Phones revoked in memory whose removal from the save failed: (game, seat).
    unsaved_revocations: Vec<(i64, Seat)>,
    /// Finished games' winners for the saves list, each worked out once.
    results: crate::debrief::Results,
    /// A fixed seed for every new game's Fate (`--seed`: tests and bug reports replay the same
    /// draws); none at the table, where the system's secure source seeds each game.
    seed: Option<u64>,
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

fn no_game() -> Fault {
    Fault::new(FaultCode::NoGame, "No game is open: start a new one or continue a saved one.")
}

impl Table {
    pub fn new(store: Store) -> Table {
        let (screens, _) = watch::channel(Arc::new(TableScreen { revision: 0, game: None, phones: PhonesStatus::default() }));
        Table {
            store,
            open: None,
            revision: 0,
            screens,
            me: Weak::new(),
            phones: Phones::default(),
            lan: None,
            addresses: Vec::new(),
            phone_screens: HashMap::new(),
            unsaved_revocations: Vec::new(),
            results: HashMap::new(),
            seed: None,
        }
    }

    /// Every new game made from now on draws from `Fate::seeded(seed)`: the same setup and the
    /// same commands then give the same draws, so a test fails for what it checks, not for a draw.
    pub fn with_seed(mut self, seed: Option<u64>) -> Table {
        self.seed = seed;
        self
    }

    /// The table behind its lock, for doors that run at the same time. While it lives, a
    /// watcher copies the write-ahead file into the save whenever no write came for
    /// `SETTLE_AFTER`, so `games.sqlite3` alone holds every acknowledged step a moment later.
    pub fn shared(self) -> Shared {
        let mut table = self;
        let shared = Arc::new_cyclic(|me| {
            table.me = me.clone();
            Mutex::new(table)
        });
        let me = Arc::downgrade(&shared);
        let _ = std::thread::Builder::new().name("save-settler".into()).spawn(move || loop {
            std::thread::sleep(SETTLE_AFTER / 4);
            let Some(table) = me.upgrade() else { return };
            // A checkpoint that fails (disk full, say) leaves the steps safe in the write-ahead
            // file; it is tried again at the next tick.
            let _ = lock(&table).store.checkpoint_if_idle(SETTLE_AFTER);
        });
        shared
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
        self.lan.as_ref().map(|l| l.connections.clone())
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
        if actor != Actor::Table {
            return Err(Fault::new(FaultCode::NotYourSeat, "Only the table screen can manage games."));
        }
        if !self.unsaved_revocations.is_empty() {
            self.save_revocations();
        }
        match call {
            Call::Screen => {
                // The addresses the table may offer phones, fresh whenever the screen is asked for
                // (a laptop may have joined another network since).
                if self.lan.is_none() {
                    self.addresses = lan::addresses();
                }
                Ok(Reply::Screen { screen: self.screen() })
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
                Ok(Reply::Log { lines: open.log.table().to_vec() })
            }
            Call::Act { request } => self.act(actor, request),
            Call::Explain { command } => {
                let state = self.open.as_ref().and_then(|o| o.game.state()).ok_or_else(no_game)?;
                Ok(Reply::Hints { hints: nemesis_engine::hints::explain(&state.public_view(), &command) })
            }
            Call::Private { seat } => {
                let open = self.open.as_ref().ok_or_else(no_game)?;
                let state = open.game.state().ok_or_else(no_game)?;
                let view = state.seat_view(seat).ok_or_else(|| Fault::new(FaultCode::NoSuchThing, "No player sits there."))?;
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
            Call::Debrief => self.debrief(),
            Call::Replay => self.replay(),
            Call::PlayRecord { game } => crate::debrief::play_record(&self.store, game),
        }
    }

    fn new_game(&mut self, setup: nemesis_engine::SetupOptions, title: Option<String>) -> Result<Reply, Fault> {
        let mut game = Game::new(self.seed.map_or_else(Fate::from_os, Fate::seeded));
        let players = setup.players.len() as u8;
        let mode = setup.mode;
        let names = setup.players.join(", ");
        // The engine bounds the names' length; hidden and direction characters are the host's
        // to refuse, as on every path into the save (`text.rs`).
        // (Checked on the game in the making: nothing is saved before all of it holds.)
        let sound_names = setup.players.iter().all(|n| crate::text::sound(n, crate::text::MAX_NAME));
        let title = title.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
        if title.as_ref().is_some_and(|t| !crate::text::sound(t, crate::text::MAX_TITLE)) {
            return Err(Fault::new(FaultCode::BadCall, "A title is at most 80 letters, without hidden, control or direction characters."));
        }
        game.submit(Actor::Table, Request::Do { command: Command::SetUp(setup), entered: Vec::new() })?;
        if !sound_names {
            return Err(Fault::new(FaultCode::BadSetup, "Each player's name must show letters, without hidden, control or direction characters."));
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
        let game = Game::restore(stored.entries, &stored.fate)
            .filter(|g| g.state().is_some())
            .ok_or_else(|| Fault::new(FaultCode::Storage, "That saved game could not be replayed."))?;
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
    fn set_open(&mut self, open: Option<Open>) {
        let same_game = matches!((&self.open, &open), (Some(a), Some(b)) if a.id == b.id);
        if !same_game {
            self.lan = None;
            self.phones.clear();
            self.phone_screens.clear();
            if open.is_some() {
                self.addresses = lan::addresses();
            }
        }
        self.open = open;
    }

    fn act(&mut self, actor: Actor, request: Request) -> Result<Reply, Fault> {
        let open = self.open.as_mut().ok_or_else(no_game)?;
        let entry: Entry = open.game.submit(actor, request)?.clone();
        let state = open.game.state().expect("an accepted step leaves a game");
        let (turn, finished) = (state.turn, state.is_over());
        let fate = open.game.fate_snapshot();
        let id = open.id;
        let at = now_ms();
        let saved = self.store.append(id, &entry, &fate, turn, finished, at);
        if let Some(open) = self.open.as_mut().filter(|_| saved.is_ok()) {
            open.log.sync(open.game.entries());
            open.updated_ms = at;
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

    /// Builds the screen for the new revision and hands it to every door.
    fn publish(&mut self) -> Reply {
        self.revision += 1;
        let screen = self.screen();
        self.screens.send_replace(Arc::new(screen.clone()));
        Reply::Screen { screen }
    }

    pub fn screen(&self) -> TableScreen {
        TableScreen { revision: self.revision, game: self.open.as_ref().map(open_screen), phones: self.phones_status() }
    }

    fn phones_status(&self) -> PhonesStatus {
        let seats = self
            .open
            .as_ref()
            .and_then(|o| o.game.state())
            .map(|s| {
                s.seats
                    .seats()
                    .map(|seat| {
                        let token = self.phones.token_of(seat);
                        PhoneSeat { seat, paired: token.is_some(), device: token.map(|t| t.device.clone()), connected: self.phones.streams(seat) }
                    })
                    .collect()
            })
            .unwrap_or_default();
        PhonesStatus {
            on: self.lan.is_some(),
            url: self.lan.as_ref().map(|l| l.url()),
            addresses: self.addresses.clone(),
            seats,
            asking: self.phones.asking(),
        }
    }

    fn turn_phones(&mut self, on: bool, address: Option<String>) -> Result<Reply, Fault> {
        if !on {
            self.lan = None;
            self.phones.refuse_asks();
            self.phones.forget_codes();
            return Ok(self.publish());
        }
        if self.open.is_none() {
            return Err(Fault::new(FaultCode::NoGame, "Phones join a game: start or continue one first."));
        }
        self.addresses = lan::addresses();
        let chosen = match &address {
            Some(a) => self.addresses.iter().find(|x| &x.ip == a).cloned().ok_or_else(|| Fault::new(FaultCode::NoSuchThing, "This computer has no such address any more: pick one from the list."))?,
            None => self.addresses.first().cloned().ok_or_else(|| Fault::new(FaultCode::PhonesOff, "This computer has no network address phones could reach."))?,
        };
        let ip: IpAddr = chosen.ip.parse().map_err(|_| Fault::new(FaultCode::NoSuchThing, "That is not an address."))?;
        if self.lan.as_ref().is_some_and(|l| l.ip == ip) {
            return Ok(self.publish());
        }
        let shared = self.me.clone();
        if shared.upgrade().is_none() {
            return Err(Fault::new(FaultCode::PhonesOff, "Phones need the app's window or serve mode."));
        }
        let runtime = tokio::runtime::Handle::try_current().map_err(|_| Fault::new(FaultCode::PhonesOff, "Phones need the app's window or serve mode."))?;
        self.lan = None;
        let running = lan::start(shared, ip, &self.phones.rules, &runtime)
            .map_err(|e| Fault::new(FaultCode::PhonesOff, format!("The phone server could not start on {ip}: {e}.")))?;
        self.lan = Some(running);
        Ok(self.publish())
    }

    fn offer(&mut self, seat: Seat, purpose: OfferPurpose) -> Result<Reply, Fault> {
        let open = self.open.as_ref().ok_or_else(no_game)?;
        let state = open.game.state().ok_or_else(no_game)?;
        state.seats.get(seat).ok_or_else(|| Fault::new(FaultCode::NoSuchThing, "No player sits there."))?;
        let base = self.lan.as_ref().map(|l| l.url()).ok_or_else(|| Fault::new(FaultCode::PhonesOff, "Turn phones on first."))?;
        let now = Instant::now();
        let fragment = match purpose {
            OfferPurpose::Pair => {
                if self.phones.token_of(seat).is_some() {
                    return Err(Fault::new(FaultCode::NotAllowed, "This seat already has a phone: free it first to pair another."));
                }
                let code = self.phones.pair_code(seat, now);
                // The join page says which seat it joins before the tap (issue 20): the seat's
                // name and character, public facts the table screen shows anyway. The host still
                // decides the seat from the code alone.
                let sits = &state.seats[seat];
                let character = sits.character.map(|c| format!("&character={}", fragment_value(&state.content().data.characters[c.0 as usize].key))).unwrap_or_default();
                let fragment = format!("pair={code}&name={}{character}", fragment_value(&sits.name));
                // Phones that waited for this seat were refused: the table stops listing them.
                self.publish();
                fragment
            }
            OfferPurpose::Reveal => {
                let newest = open.log.private(seat).last();
                let step = newest.ok_or_else(|| Fault::new(FaultCode::NoSuchThing, "This player has no secret to show yet."))?.seq;
                format!("reveal={}", self.phones.reveal_code(seat, step, now))
            }
        };
        // The code travels in the fragment: browsers never send it in a request or a Referer.
        let url = format!("{base}/#{fragment}");
        let svg = lan::qr_svg(&url).map_err(|e| Fault::new(FaultCode::BadCall, format!("The QR could not be drawn: {e}.")))?;
        Ok(Reply::Offer { offer: PhoneOffer { seat, url, svg, expires_in_ms: self.phones.rules.code_life.as_millis() as u64, purpose } })
    }

    fn answer_phone(&mut self, ask: u32, accept: bool, replace: bool) -> Result<Reply, Fault> {
        let id = self.open.as_ref().ok_or_else(no_game)?.id;
        if accept && !replace {
            // The seat got a phone while this one waited: giving it this one too would cut the
            // rightful phone off, so the table must say it means to (the ask stays).
            let seat = self.phones.ask_seat(ask).ok_or_else(|| Fault::new(FaultCode::NoSuchThing, "That phone is no longer waiting."))?;
            if self.phones.token_of(seat).is_some() {
                return Err(Fault::new(FaultCode::NotAllowed, "This seat already has a phone: replace it knowingly, or refuse this one."));
            }
        }
        let ask = self.phones.take_ask(ask)?;
        if !accept {
            let _ = ask.answer.send(None);
            return Ok(self.publish());
        }
        // Every other phone waiting for this seat is refused: one seat, one phone.
        self.phones.refuse_asks_for(ask.seat);
        let token = self.phones.pair(ask.seat, ask.device.clone());
        // The new token replaces the seat's row, so an old revocation still to be saved would
        // now delete the new phone.
        self.unsaved_revocations.retain(|r| *r != (id, ask.seat));
        if let Err(fault) = self.store.save_phone(id, &token, now_ms()) {
            self.phones.revoke(ask.seat);
            let _ = ask.answer.send(None);
            self.publish();
            return Err(fault);
        }
        if ask.answer.send(Some(token.token.clone())).is_err() {
            self.phones.revoke(ask.seat);
            let _ = self.store.forget_phone(id, ask.seat);
            self.publish();
            return Err(Fault::new(FaultCode::NoSuchThing, "That phone stopped waiting: scan the code again."));
        }
        Ok(self.publish())
    }

    /// Publishes a change the phone server made (an ask, a stream opening or closing).
    pub fn phones_changed(&mut self) {
        self.publish();
    }

    pub fn phones(&mut self) -> &mut Phones {
        &mut self.phones
    }

    /// The seat a phone's token proves; a bad token is a strike against its address.
    pub fn phone_seat(&mut self, ip: IpAddr, token: Option<&str>) -> Result<Seat, Fault> {
        let now = Instant::now();
        if self.phones.locked(ip, now) {
            return Err(Fault::new(FaultCode::LockedOut, "Too many wrong codes from this phone: wait a few minutes."));
        }
        if self.lan.is_none() {
            return Err(Fault::new(FaultCode::PhonesOff, "The table turned phones off."));
        }
        match token.and_then(|t| self.phones.seat_of(t)) {
            Some(seat) => Ok(seat),
            None => {
                self.phones.strike(ip, now);
                Err(Fault::new(FaultCode::BadToken, "This phone has no seat at the table (any more): scan a new code from the table."))
            }
        }
    }

    /// A seat's phone screen now: its own public state, its hand and its private lines.
    pub fn phone_screen(&mut self, seat: Seat) -> Arc<PhoneScreen> {
        if let Some((rev, screen)) = self.phone_screens.get(&seat) {
            if *rev == self.revision {
                return screen.clone();
            }
        }
        let game = self.open.as_ref().and_then(|o| {
            let state = o.game.state()?;
            let hand = state.seat_view(seat)?;
            let view = state.public_view();
            let me = view.seats.iter().find(|p| p.seat == seat)?.clone();
            let lines = o.log.private(seat);
            let reveals = lines[lines.len().saturating_sub(PHONE_REVEALS)..].to_vec();
            let board = PhoneBoard::of(view);
            Some(PhoneGame { title: o.title.clone(), turn: state.turn, phase: state.phase, me, hand, reveals, board })
        });
        let screen = Arc::new(PhoneScreen { seat, game });
        self.phone_screens.insert(seat, (self.revision, screen.clone()));
        screen
    }

    /// A private choice made on the seat's own phone. Only the choices the rules keep secret are
    /// taken from a phone (the catalogue's `Sender::Phone`); everything else is done at the table.
    pub fn phone_act(&mut self, seat: Seat, command: Command) -> Result<Arc<PhoneScreen>, Fault> {
        if !nemesis_engine::catalogue::may_send(&command, nemesis_engine::catalogue::Sender::Phone) {
            return Err(Fault::new(FaultCode::NotYourSeat, "A phone makes only its private choices; the rest is done on the table screen."));
        }
        self.act(Actor::Seat(seat), Request::Do { command, entered: Vec::new() })?;
        Ok(self.phone_screen(seat))
    }

    /// This seat's own part of the debrief, once the open game is over (`debrief.rs`).
    pub fn phone_debrief(&mut self, seat: Seat) -> Result<PhoneReply, Fault> {
        let open = self.open.as_ref().ok_or_else(no_game)?;
        crate::debrief::seat_reply(&open.title, open.game.entries(), seat)
    }

    fn debrief(&self) -> Result<Reply, Fault> {
        let open = self.open.as_ref().ok_or_else(no_game)?;
        crate::debrief::debrief_reply(&self.store, open.id, &open.title, open.game.entries())
    }

    fn replay(&self) -> Result<Reply, Fault> {
        let open = self.open.as_ref().ok_or_else(no_game)?;
        crate::debrief::replay_reply(open.game.entries(), open.log.table())
    }

    /// The phone gives its seat back.
    pub fn phone_leave(&mut self, seat: Seat) -> Result<(), Fault> {
        self.revoke_phone(seat)
    }

    /// Takes `seat`'s phone off it: first in memory (its token stops working and its streams
    /// are told at once), then in the save. A write that fails cannot bring the phone back: the
    /// revocation waits in `unsaved_revocations`, is tried again before every later call, and
    /// its token is left out whenever the game is opened again in this run.
    fn revoke_phone(&mut self, seat: Seat) -> Result<(), Fault> {
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

    /// Uses a pairing code from `ip`: the seat to ask the table for.
    pub fn phone_pair_code(&mut self, ip: IpAddr, code: &str) -> Result<Seat, Fault> {
        let now = Instant::now();
        if self.phones.locked(ip, now) {
            return Err(Fault::new(FaultCode::LockedOut, "Too many wrong codes from this phone: wait a few minutes."));
        }
        match self.phones.use_pair_code(code, now) {
            Some(seat) => Ok(seat),
            None => {
                self.phones.strike(ip, now);
                Err(Fault::new(FaultCode::CodeExpired, "That code is unknown, used or too old: ask the table for a new one."))
            }
        }
    }

    /// Opens a one-reveal code once: the seat's private lines of that step.
    pub fn phone_reveal(&mut self, ip: IpAddr, code: &str) -> Result<PhoneReply, Fault> {
        let now = Instant::now();
        if self.phones.locked(ip, now) {
            return Err(Fault::new(FaultCode::LockedOut, "Too many wrong codes from this phone: wait a few minutes."));
        }
        let Some((seat, step)) = self.phones.use_reveal_code(code, now) else {
            self.phones.strike(ip, now);
            return Err(Fault::new(FaultCode::CodeExpired, "That code is unknown, used or too old: ask the table for a new one."));
        };
        let open = self.open.as_ref().ok_or_else(no_game)?;
        let name = open.game.state().and_then(|s| s.seats.get(seat)).map(|x| x.name.clone()).unwrap_or_default();
        let lines = open.log.private(seat).iter().filter(|l| l.seq == step).cloned().collect();
        Ok(PhoneReply::Reveal { seat, name, lines })
    }
}

fn open_screen(o: &Open) -> OpenGame {
    let game = &o.game;
    let state = game.state().expect("an open game is set up");
    let lines = o.log.table();
    let view = state.public_view();
    let last = game.entries().last().map(|newest| {
        // An undo's outcome is the undo line itself; otherwise the step still in force.
        let step = if newest.command.is_none() { newest } else { game.last_step().unwrap_or(newest) };
        // Only the step in force is the newest: an undo line brings about nothing, and is silent.
        let fresh = std::ptr::eq(step, newest) && step.command.is_some();
        let moments = if fresh { nemesis_engine::moments::of_step(&step.events, state) } else { Vec::new() };
        // What the table hears comes from the same public facts as the moments.
        let cues = if fresh { nemesis_engine::cues::of_step(&step.events, &moments, &view) } else { Vec::new() };
        LastStep {
            seq: step.seq,
            command: step.command.as_ref().map(command_type),
            // Lines are in journal order: the step's are found from the end (it is nearly always
            // the newest), without reading the whole log.
            lines: {
                let from = lines.partition_point(|l| l.seq < step.seq);
                lines[from..].iter().take_while(|l| l.seq == step.seq).cloned().collect()
            },
            private: step.is_private(),
            private_seats: step.private_seats(),
            moments,
            cues,
        }
    });
    let log_total = lines.len() as u32;
    let tail = lines[lines.len().saturating_sub(LOG_TAIL)..].to_vec();
    OpenGame {
        id: o.id,
        title: o.title.clone(),
        view,
        log: tail,
        log_total,
        last,
        can_undo: game.can_undo(),
        can_correct: game.can_correct(),
        offers: nemesis_engine::offers::offers(state),
        next: nemesis_engine::offers::next_steps(state),
        created_ms: o.created_ms,
        updated_ms: o.updated_ms,
    }
}

/// Percent-encodes a value for an address's fragment (RFC 3986: unreserved characters stay).
fn fragment_value(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() || b"-._~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

/// The command's serde tag, e.g. `develop_bag`.
pub fn command_type(c: &Command) -> String {
    serde_json::to_value(c).ok().and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_string)).unwrap_or_default()
}
