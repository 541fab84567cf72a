//! The table's side of shared displays (issue 32, item 5): the "Pair a display" QR, the table's
//! answer to a display that asks, freeing one, and what the display door asks of the table: the
//! display a token proves, and the one public screen every display reads.

use super::*;
use crate::displays::{DisplayScreen, Displays};

fn unknown_code() -> Fault {
    Fault::new(HostCode::CodeExpired, "That code is unknown, used or too old: ask the table for a new one.")
}

impl Table {
    pub(super) fn display_offer(&mut self) -> Result<Reply, Fault> {
        self.open.as_ref().ok_or_else(no_game)?;
        let base = self.listening.as_ref().map(|l| l.url.clone()).ok_or_else(|| Fault::new(HostCode::PhonesOff, "Turn phones on first."))?;
        let life = self.phones.rules.code_life;
        let code = self.displays.pair_code(life, Instant::now());
        // Displays that waited for the old QR were refused: the table stops listing them.
        self.publish();
        // The code travels in the fragment: browsers never send it in a request or a Referer.
        let url = format!("{base}/display#pair={code}");
        let svg = reach::qr_svg(&url).map_err(|e| Fault::new(HostCode::BadCall, format!("The QR could not be drawn: {e}.")))?;
        Ok(Reply::DisplayOffer { url, svg, expires_in_ms: life.as_millis() as u64 })
    }

    pub(super) fn answer_display(&mut self, ask: u32, accept: bool) -> Result<Reply, Fault> {
        self.displays.answer(ask, accept).ok_or_else(|| Fault::new(nemesis_engine::Code::NoSuchThing, "That display is no longer waiting."))?;
        Ok(self.publish())
    }

    pub(super) fn revoke_display(&mut self, display: u32) -> Result<Reply, Fault> {
        if !self.displays.revoke(display) {
            return Err(Fault::new(nemesis_engine::Code::NoSuchThing, "No display has that number."));
        }
        Ok(self.publish())
    }

    /// The display bookkeeping, for the display door (`lan/display.rs`).
    pub fn displays(&mut self) -> &mut Displays {
        &mut self.displays
    }

    /// Whether `token` is a paired display's: a display's token on a phone's call is refused
    /// as such (`display_only`), not counted as a guess.
    pub fn is_display_token(&self, token: &str) -> bool {
        self.displays.display_of(token).is_some()
    }

    /// Uses the display pairing code from `ip`; a wrong one is a strike against the address.
    pub fn display_pair_code(&mut self, ip: IpAddr, code: &str) -> Result<(), Fault> {
        let now = Instant::now();
        if self.phones.locked(ip, now) {
            return Err(Fault::new(HostCode::LockedOut, "Too many wrong codes from this device: wait a few minutes."));
        }
        if !self.phones_on() {
            return Err(Fault::new(HostCode::PhonesOff, "The table turned phones off."));
        }
        if self.displays.use_code(code, now) {
            return Ok(());
        }
        self.phones.strike(ip, now);
        Err(unknown_code())
    }

    /// The display a token proves; a bad token is a strike against its address.
    pub fn display_seen(&mut self, ip: IpAddr, token: Option<&str>) -> Result<u32, Fault> {
        let now = Instant::now();
        if self.phones.locked(ip, now) {
            return Err(Fault::new(HostCode::LockedOut, "Too many wrong codes from this device: wait a few minutes."));
        }
        if !self.phones_on() {
            return Err(Fault::new(HostCode::PhonesOff, "The table turned phones off."));
        }
        match token.and_then(|t| self.displays.display_of(t)) {
            Some(id) => Ok(id),
            None => {
                self.phones.strike(ip, now);
                Err(Fault::new(HostCode::BadToken, "This display is not paired with the table (any more): scan a new code from the table."))
            }
        }
    }

    /// Where a stream of display `id` reads its screens (the current one at once, then each
    /// step's), and the signal that it was freed.
    pub fn display_feed(&mut self, id: u32) -> Option<(watch::Receiver<Arc<DisplayScreen>>, watch::Receiver<bool>)> {
        let cut = self.displays.cut_signal(id)?;
        self.displays.stream_opened(id);
        let published = self.screens.borrow().clone();
        Some((self.displays.feed(&published), cut))
    }
}
