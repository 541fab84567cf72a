//! The open game and the screens made of it: the table's, and each seat's phone screen. After an
//! accepted step the public view is worked out once and every audience's screen is built once
//! from it (issue 30); `Built` counts them, for the benchmark and its test.

use crate::phones::Phones;
use crate::projection::Projection;
use crate::protocol::*;
use nemesis_engine::offers::Offer;
use nemesis_engine::view::PublicView;
use nemesis_engine::{Command, Game, LogLine, Seat};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::watch;

/// How many of a seat's newest private lines its phone carries.
pub const PHONE_REVEALS: usize = 30;

/// How many of the newest log lines each screen carries.
pub const LOG_TAIL: usize = 60;

/// The game the table has open.
pub struct Open {
    pub id: i64,
    pub title: String,
    pub game: Game,
    /// The game's log per audience, extended with each accepted step (`projection.rs`).
    pub log: Projection,
    /// When the game was created and its newest step saved, as the save holds them (the game's
    /// duration comes from the host's clock, not from whichever screen is watching).
    pub created_ms: i64,
    pub updated_ms: i64,
}

impl Open {
    pub fn new(id: i64, title: String, game: Game, created_ms: i64, updated_ms: i64) -> Open {
        let log = Projection::of(game.entries());
        Open { id, title, game, log, created_ms, updated_ms }
    }

    /// The public view of the game now: every screen of a step is built from one.
    pub fn public_view(&self, built: &Built) -> Option<PublicView> {
        let state = self.game.state()?;
        built.public_views.fetch_add(1, Ordering::Relaxed);
        Some(state.public_view())
    }
}

/// Screens a table built, per kind: after each accepted step with N phones streaming, one
/// public view, one table screen and N seat screens, and one display screen shared by every
/// streaming display (`displays.rs`).
#[derive(Default)]
pub struct Built {
    public_views: AtomicU64,
    table_screens: AtomicU64,
    seat_screens: AtomicU64,
    display_screens: AtomicU64,
}

/// `Built` read at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuiltCount {
    pub public_views: u64,
    pub table_screens: u64,
    pub seat_screens: u64,
    pub display_screens: u64,
}

impl Built {
    pub fn now(&self) -> BuiltCount {
        let read = |n: &AtomicU64| n.load(Ordering::Relaxed);
        BuiltCount { public_views: read(&self.public_views), table_screens: read(&self.table_screens), seat_screens: read(&self.seat_screens), display_screens: read(&self.display_screens) }
    }

    /// Counts the one display screen of a step.
    pub(crate) fn display_screen(&self) {
        self.display_screens.fetch_add(1, Ordering::Relaxed);
    }
}

impl std::ops::Sub for BuiltCount {
    type Output = BuiltCount;
    fn sub(self, before: BuiltCount) -> BuiltCount {
        BuiltCount {
            public_views: self.public_views - before.public_views,
            table_screens: self.table_screens - before.table_screens,
            seat_screens: self.seat_screens - before.seat_screens,
            display_screens: self.display_screens - before.display_screens,
        }
    }
}

/// The offers of the round now (`offers::offers`): worked out once a step, for the table's round
/// panel and the phone of the seat whose round it is.
pub fn offers_of(o: Option<&Open>) -> Vec<Offer> {
    o.and_then(|o| o.game.state()).map(nemesis_engine::offers::offers).unwrap_or_default()
}

/// The table screen's part for the open game, from the step's public view and offers.
pub fn open_screen(o: &Open, view: PublicView, offers: Vec<Offer>, built: &Built) -> OpenGame {
    built.table_screens.fetch_add(1, Ordering::Relaxed);
    let game = &o.game;
    let state = game.state().expect("an open game is set up");
    let lines = o.log.table();
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
        revision: game.entries().len() as u32,
        view,
        log: tail,
        log_total,
        last,
        can_undo: game.can_undo(),
        can_correct: game.can_correct(),
        offers,
        next: nemesis_engine::offers::next_steps(state),
        created_ms: o.created_ms,
        updated_ms: o.updated_ms,
    }
}

/// A seat's phone screen: its own public seat, its hand and its private lines, with the board
/// every phone of this step shares, and the round's offers when the round is this seat's.
pub fn seat_screen(o: Option<&Open>, seat: Seat, view: Option<&PublicView>, board: Option<&Arc<PhoneBoard>>, offers: &[Offer], built: &Built) -> Arc<PhoneScreen> {
    built.seat_screens.fetch_add(1, Ordering::Relaxed);
    let game = o.zip(view).zip(board).and_then(|((o, view), board)| {
        let state = o.game.state()?;
        let hand = state.seat_view(seat)?;
        let me = view.seats.iter().find(|p| p.seat == seat)?.clone();
        let lines = o.log.private(seat);
        let reveals = lines[lines.len().saturating_sub(PHONE_REVEALS)..].to_vec();
        // Offers are public facts, but each seat is sent only its own (issue 32).
        let offers = if view.rounds.turn_of == Some(seat) { offers.to_vec() } else { Vec::new() };
        let revision = o.game.entries().len() as u32;
        let (outcome, outcome_hit) = match own_outcome(o, state, seat) {
            lines if !lines.is_empty() => (lines, false),
            _ => (hit_outcome(o, seat), true),
        };
        let outcome_hit = outcome_hit && !outcome.is_empty();
        Some(PhoneGame { title: o.title.clone(), turn: state.turn, phase: state.phase, me, hand, reveals, board: board.clone(), revision, rounds: view.rounds.clone(), offers, outcome, outcome_hit })
    });
    Arc::new(PhoneScreen { seat, game })
}

/// The table's (public) lines of the newest step if the player took it for `seat` (an Action,
/// a Pass, a choice: not the table's correction of the seat), without the line that says which
/// device sent it: the phone knows. An undo, a correction or another seat's step: none.
fn own_outcome(o: &Open, state: &nemesis_engine::State, seat: Seat) -> Vec<LogLine> {
    let (Some(newest), Some(step)) = (o.game.entries().last(), o.game.last_step()) else { return Vec::new() };
    let Some(command) = step.command.as_ref() else { return Vec::new() };
    let played = !matches!(nemesis_engine::rules::play(state, command), nemesis_engine::rules::Play::Correction);
    let own = std::ptr::eq(newest, step) && played && nemesis_engine::rules::command_seat(command) == Some(seat);
    if !own {
        return eclosion_lines(o, state, seat);
    }
    let lines = o.log.table();
    let from = lines.partition_point(|l| l.seq < step.seq);
    lines[from..].iter().take_while(|l| l.seq == step.seq).filter(|l| l.key != "on_phone" && !l.private).cloned().collect()
}

/// The table's (public) lines of the newest step when it was not this seat's own and it wounded,
/// contaminated or killed this seat (another's Grenade, an Intruder's attack in someone else's
/// round or in the Event Phase, the table's own Wound): the wounded player reads on their own
/// phone whose it was and what it did (issue 31). After an undo: none.
fn hit_outcome(o: &Open, seat: Seat) -> Vec<LogLine> {
    use nemesis_engine::event::Event;
    let (Some(newest), Some(step)) = (o.game.entries().last(), o.game.last_step()) else { return Vec::new() };
    let Some(command) = step.command.as_ref() else { return Vec::new() };
    let hit = step.events.iter().any(|e| match e {
        Event::LightWoundsSet { seat: s, light, .. } => *s == seat && *light > 0,
        Event::SeriousWoundDrawn { seat: s, .. } | Event::CharacterDied { seat: s, .. } | Event::ContaminationGiven { seat: s, .. } => *s == seat,
        _ => false,
    });
    if !std::ptr::eq(newest, step) || !hit || nemesis_engine::rules::command_seat(command) == Some(seat) {
        return Vec::new();
    }
    let lines = o.log.table();
    let from = lines.partition_point(|l| l.seq < step.seq);
    lines[from..].iter().take_while(|l| l.seq == step.seq).filter(|l| l.key != "on_phone" && !l.private).cloned().collect()
}

/// While Eclosion's scan waits for `seat`, the public lines of the step that read the card (its
/// draw, its deaths, each player's "draws 4"), as the table's log shows them: the phone asks the
/// scan, and says why (issue 31). Nothing once answered.
fn eclosion_lines(o: &Open, state: &nemesis_engine::State, seat: Seat) -> Vec<LogLine> {
    if !state.seats.get(seat).is_some_and(|s| s.eclosion_scan_due) {
        return Vec::new();
    }
    let lines = o.log.table();
    let Some(seq) = lines.iter().rev().find(|l| l.key.starts_with("eclosion_draw")).map(|l| l.seq) else { return Vec::new() };
    let from = lines.partition_point(|l| l.seq < seq);
    lines[from..].iter().take_while(|l| l.seq == seq).filter(|l| l.key != "on_phone" && !l.private).cloned().collect()
}

/// Each seat's phone screen for one revision, built once whoever asks (its streams, its own
/// call), and the feed each streaming seat's streams read: they never come back to the table.
#[derive(Default)]
pub struct SeatScreens {
    built: HashMap<Seat, (u64, Arc<PhoneScreen>)>,
    feeds: HashMap<Seat, watch::Sender<Arc<PhoneScreen>>>,
    /// Every screen this table built, the table's own included.
    pub count: Built,
}

impl SeatScreens {
    /// Another game opened, or none: every feed ends (its streams were cut already).
    pub fn clear(&mut self) {
        self.built.clear();
        self.feeds.clear();
    }

    /// A step's screens for every seat whose phone streams, from the step's one public view;
    /// the board is cut from it once and shared by all of them.
    pub fn publish(&mut self, o: Option<&Open>, revision: u64, view: Option<&PublicView>, offers: &[Offer], phones: &Phones) {
        let streaming: Vec<Seat> = self.feeds.keys().copied().filter(|s| phones.streams(*s) > 0).collect();
        let board = view.filter(|_| !streaming.is_empty()).map(|v| Arc::new(PhoneBoard::of(v)));
        for seat in streaming {
            let now = seat_screen(o, seat, view, board.as_ref(), offers, &self.count);
            self.built.insert(seat, (revision, now.clone()));
            if let Some(feed) = self.feeds.get(&seat) {
                // A step that changed nothing of this seat's wakes none of its streams.
                update(feed, now);
            }
        }
    }

    /// The seat's screen of `revision`, built now if no one asked for it yet.
    pub fn now(&mut self, o: Option<&Open>, revision: u64, seat: Seat) -> Arc<PhoneScreen> {
        if let Some((rev, screen)) = self.built.get(&seat) {
            if *rev == revision {
                return screen.clone();
            }
        }
        let view = o.and_then(|o| o.public_view(&self.count));
        let board = view.as_ref().map(|v| Arc::new(PhoneBoard::of(v)));
        let offers = if view.as_ref().is_some_and(|v| v.rounds.turn_of == Some(seat)) { offers_of(o) } else { Vec::new() };
        let screen = seat_screen(o, seat, view.as_ref(), board.as_ref(), &offers, &self.count);
        self.built.insert(seat, (revision, screen.clone()));
        screen
    }

    /// What a new stream of the seat reads: the current screen at once, then each step's.
    pub fn feed(&mut self, o: Option<&Open>, revision: u64, seat: Seat) -> watch::Receiver<Arc<PhoneScreen>> {
        let now = self.now(o, revision, seat);
        match self.feeds.get(&seat) {
            // Steps taken while none of its streams was open left the feed behind: brought up
            // to date first (its other streams, if any, see no change when there is none).
            Some(feed) => {
                update(feed, now);
                feed.subscribe()
            }
            None => {
                let (feed, screens) = watch::channel(now);
                self.feeds.insert(seat, feed);
                screens
            }
        }
    }
}

/// Puts `now` in the feed, waking its streams only when it differs from what they have.
fn update(feed: &watch::Sender<Arc<PhoneScreen>>, now: Arc<PhoneScreen>) {
    feed.send_if_modified(|old| {
        let changed = **old != *now;
        if changed {
            *old = now;
        }
        changed
    });
}

/// What the table screen shows of phones: never a code or a token.
pub fn phones_status(o: Option<&Open>, phones: &Phones, url: Option<String>, addresses: &[LanAddress], moved_from: Option<u16>) -> PhonesStatus {
    let seats = o
        .and_then(|o| o.game.state())
        .map(|s| {
            s.seats
                .seats()
                .map(|seat| {
                    let token = phones.token_of(seat);
                    PhoneSeat { seat, paired: token.is_some(), device: token.map(|t| t.device.clone()), connected: phones.streams(seat) }
                })
                .collect()
        })
        .unwrap_or_default();
    PhonesStatus { on: url.is_some(), moved_from: moved_from.filter(|_| url.is_some()), url, addresses: addresses.to_vec(), seats, asking: phones.asking(), displays: Default::default(), reveals: phones.reveals_opened() }
}

/// Percent-encodes a value for an address's fragment (RFC 3986: unreserved characters stay).
pub fn fragment_value(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() || b"-._~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

/// The command's serde tag, e.g. `develop_bag`.
pub fn command_type(c: &Command) -> String {
    serde_json::to_value(c).ok().and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_string)).unwrap_or_default()
}
