//! Shared displays (issue 32, item 5): a tablet or TV paired to show the public table screen to
//! the room. Its single-use pairing code, its wait for the table's confirmation, its token, its
//! open streams, and the one public screen every display reads. A display is bound to no seat:
//! its screen is cut from the table's public screen and nothing else, and it sends nothing but
//! its own language. The HTTP side is `lan/display.rs`; the table's calls are in
//! `table/displays.rs`.

use crate::phones::{match_code, proved, same, secret, token_hash};
use crate::protocol::{DisplayAsk, DisplaysStatus, Fault, HostCode, LastStep, PairedDisplay, TableScreen};
use crate::screen::Built;
use nemesis_engine::PublicView;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{oneshot, watch};
use ts_rs::TS;

/// What a display may send. Nothing here reaches the rules: a display pairs, reads the box's
/// contents for its map, and says which language it shows. Any other call is refused unread.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case", tag = "call", deny_unknown_fields)]
pub enum DisplayCall {
    /// Uses the "Pair a display" code from the QR; answered once the table confirms.
    Pair {
        code: String,
        #[serde(default)]
        device: Option<String>,
    },
    /// The board graph of a pack (locations, exits, room tiles) its map is drawn from: printed
    /// on the board, no secret.
    Board { pack: nemesis_engine::Pack },
    /// The language this display shows (a catalogue code such as `pt-BR`), listed beside it on
    /// the table's Phones panel.
    Language { language: String },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case", tag = "reply")]
pub enum DisplayReply {
    /// Keep `token` in the display's storage: it proves this display from now on.
    Paired { token: String },
    Board { board: nemesis_engine::content::BoardGraph },
    /// The language was noted.
    Noted,
    Refused { fault: Fault },
}

/// What every display shows: the table's public screen, for a room at arm's length.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct DisplayScreen {
    /// `None` while no game is open.
    pub game: Option<DisplayGame>,
}

/// The open game as the whole table sees it: cut from the table's screen, never from a seat's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct DisplayGame {
    pub title: String,
    /// The game's revision (the steps in its journal).
    pub revision: u32,
    /// The board, the tracks, the players' public chips, whose round and which phase.
    pub view: PublicView,
    /// The newest outcome, as the table's outcome panel reads it.
    pub last: Option<LastStep>,
}

impl DisplayScreen {
    /// The display's screen of a published table screen: its public parts only (no offers, no
    /// log, no phones).
    pub fn of(table: &TableScreen) -> DisplayScreen {
        let game = table.game.as_ref().map(|g| DisplayGame { title: g.title.clone(), revision: g.revision, view: g.view.clone(), last: g.last.clone() });
        DisplayScreen { game }
    }
}

struct Paired {
    id: u32,
    /// SHA-256 of its token: the token itself is kept nowhere.
    hash: String,
    device: String,
    match_code: String,
    language: Option<String>,
    streams: u32,
    /// Turns true the moment the display is freed, so its streams end at once.
    cut: watch::Sender<bool>,
}

struct Waiting {
    ask: DisplayAsk,
    answer: oneshot::Sender<Option<String>>,
}

/// The open game's displays. Emptied when the game closes.
#[derive(Default)]
pub struct Displays {
    /// The one live "Pair a display" code: a new QR replaces it.
    code: Option<(String, Instant)>,
    asks: Vec<Waiting>,
    next: u32,
    paired: Vec<Paired>,
    /// The one screen all displays read, built once per step while any display streams.
    feed: Option<watch::Sender<Arc<DisplayScreen>>>,
}

/// Language codes are short catalogue names (`en`, `pt-BR`); anything else is not one.
fn language_code(given: &str) -> Option<String> {
    let ok = !given.is_empty() && given.len() <= 12 && given.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    ok.then(|| given.to_string())
}

impl Displays {
    /// Forgets every code, ask and display: the game closed, or another one opened.
    pub fn clear(&mut self) {
        self.forget_codes();
        for d in self.paired.drain(..) {
            d.cut.send_replace(true);
        }
        self.feed = None;
    }

    /// The phone server stopped: the code shown works no more and waiting displays are refused
    /// (paired displays keep their tokens, as phones do, for when phones are on again).
    pub fn forget_codes(&mut self) {
        self.code = None;
        for w in self.asks.drain(..) {
            let _ = w.answer.send(None);
        }
    }

    /// A new pairing code, replacing the one shown before; displays still waiting are refused.
    pub fn pair_code(&mut self, life: Duration, now: Instant) -> String {
        self.forget_codes();
        let code = secret();
        self.code = Some((code.clone(), now + life));
        code
    }

    /// Uses the pairing code: it works once, until it expires.
    pub fn use_code(&mut self, given: &str, now: Instant) -> bool {
        let good = self.code.as_ref().is_some_and(|(code, until)| now < *until && same(code, given));
        if good {
            self.code = None;
        }
        good
    }

    /// A display waits for the table; the receiver hears its token when the table confirms it.
    pub fn ask(&mut self, device: String, code: &str) -> (u32, oneshot::Receiver<Option<String>>) {
        self.next += 1;
        let (answer, rx) = oneshot::channel();
        self.asks.push(Waiting { ask: DisplayAsk { ask: self.next, device, match_code: match_code(code) }, answer });
        (self.next, rx)
    }

    /// Drops an ask the display gave up on; true if it was still there.
    pub fn drop_ask(&mut self, id: u32) -> bool {
        let before = self.asks.len();
        self.asks.retain(|w| w.ask.ask != id);
        before != self.asks.len()
    }

    /// The table's answer to a waiting display: its token is made and sent when accepted.
    /// `None` when no display waits under that number.
    pub fn answer(&mut self, id: u32, accept: bool) -> Option<()> {
        let at = self.asks.iter().position(|w| w.ask.ask == id)?;
        let w = self.asks.remove(at);
        if !accept {
            let _ = w.answer.send(None);
            return Some(());
        }
        let token = secret();
        if w.answer.send(Some(token.clone())).is_ok() {
            self.next += 1;
            let ask = w.ask;
            self.paired.push(Paired { id: self.next, hash: token_hash(&token), device: ask.device, match_code: ask.match_code, language: None, streams: 0, cut: watch::channel(false).0 });
        }
        Some(())
    }

    /// Frees a display: its token stops working and its streams end at once.
    pub fn revoke(&mut self, id: u32) -> bool {
        let Some(at) = self.paired.iter().position(|d| d.id == id) else { return false };
        self.paired.remove(at).cut.send_replace(true);
        true
    }

    /// The display a token proves, comparing against every paired one in constant time each.
    pub fn display_of(&self, token: &str) -> Option<u32> {
        proved(self.paired.iter().map(|d| (d.hash.as_str(), d.id)), token)
    }

    /// Notes the language a display shows.
    pub fn set_language(&mut self, id: u32, language: &str) -> Result<(), Fault> {
        let code = language_code(language).ok_or_else(|| Fault::new(HostCode::BadCall, "That is not a language code."))?;
        if let Some(d) = self.paired.iter_mut().find(|d| d.id == id) {
            d.language = Some(code);
        }
        Ok(())
    }

    /// What a new stream of display `id` listens to: true once it is freed.
    pub fn cut_signal(&self, id: u32) -> Option<watch::Receiver<bool>> {
        self.paired.iter().find(|d| d.id == id).map(|d| d.cut.subscribe())
    }

    pub fn stream_opened(&mut self, id: u32) {
        if let Some(d) = self.paired.iter_mut().find(|d| d.id == id) {
            d.streams += 1;
        }
    }

    pub fn stream_closed(&mut self, id: u32) {
        if let Some(d) = self.paired.iter_mut().find(|d| d.id == id) {
            d.streams = d.streams.saturating_sub(1);
        }
    }

    fn streaming(&self) -> bool {
        self.paired.iter().any(|d| d.streams > 0)
    }

    /// A step's display screen, built once for every display, while any of them streams; a step
    /// that changed nothing public wakes no display.
    pub fn publish(&mut self, table: &TableScreen, built: &Built) {
        let Some(feed) = self.feed.as_ref().filter(|_| self.streaming()) else { return };
        built.display_screen();
        let now = Arc::new(DisplayScreen::of(table));
        feed.send_if_modified(|old| {
            let changed = **old != *now;
            if changed {
                *old = now;
            }
            changed
        });
    }

    /// What a new display stream reads: the screen of the table's newest published screen at
    /// once, then each step's.
    pub fn feed(&mut self, table: &TableScreen) -> watch::Receiver<Arc<DisplayScreen>> {
        let now = Arc::new(DisplayScreen::of(table));
        match &self.feed {
            Some(feed) => {
                feed.send_if_modified(|old| {
                    let changed = **old != *now;
                    if changed {
                        *old = now;
                    }
                    changed
                });
                feed.subscribe()
            }
            None => {
                let (feed, screens) = watch::channel(now);
                self.feed = Some(feed);
                screens
            }
        }
    }

    pub fn status(&self) -> DisplaysStatus {
        DisplaysStatus {
            paired: self.paired.iter().map(|d| PairedDisplay { display: d.id, device: d.device.clone(), match_code: d.match_code.clone(), language: d.language.clone(), connected: d.streams }).collect(),
            asking: self.asks.iter().map(|w| w.ask.clone()).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_display_code_works_once_and_a_new_one_replaces_it() {
        let mut d = Displays::default();
        let t0 = Instant::now();
        let life = Duration::from_secs(120);
        let old = d.pair_code(life, t0);
        let new = d.pair_code(life, t0);
        assert!(!d.use_code(&old, t0), "only the newest QR works");
        assert!(d.use_code(&new, t0));
        assert!(!d.use_code(&new, t0), "single use");
        let late = d.pair_code(life, t0);
        assert!(!d.use_code(&late, t0 + life + Duration::from_secs(1)), "expired");
    }

    #[test]
    fn a_confirmed_display_is_proved_by_its_token_until_it_is_freed() {
        let mut d = Displays::default();
        let (id, mut answer) = d.ask("Fire TV".into(), "abc");
        d.answer(id, true).unwrap();
        let token = answer.try_recv().unwrap().unwrap();
        let display = d.display_of(&token).expect("the token proves the display");
        assert_eq!(d.display_of(&token_hash(&token)), None, "its hash proves nothing");
        let cut = d.cut_signal(display).unwrap();
        assert!(d.revoke(display));
        assert!(*cut.borrow(), "its streams are told at once");
        assert_eq!(d.display_of(&token), None);
    }

    #[test]
    fn only_a_language_code_is_noted() {
        let mut d = Displays::default();
        let (id, mut answer) = d.ask("TV".into(), "abc");
        d.answer(id, true).unwrap();
        let display = d.display_of(&answer.try_recv().unwrap().unwrap()).unwrap();
        assert!(d.set_language(display, "<script>").is_err());
        d.set_language(display, "pt-BR").unwrap();
        assert_eq!(d.status().paired[0].language.as_deref(), Some("pt-BR"));
    }
}
