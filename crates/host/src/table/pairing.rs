//! The table's side of phones: turning the phone server on and off, offering a seat's QR, and
//! answering a phone that asks to take a seat.

use super::*;

/// The settings key of the port phones reach the table on, kept from one evening to the next.
const PHONE_PORT: &str = "phone_port";
/// The settings key of the address (network) the table last offered phones, kept the same way.
const PHONE_ADDRESS: &str = "phone_address";

impl Table {
    /// This machine's addresses, best first, and the one the table chose last time (kept in
    /// the settings) before them while it still exists: "first" is what the panel proposes and
    /// what phones get when the table names none (issue 32, item 6).
    pub(super) fn offered_addresses(&self) -> Vec<LanAddress> {
        let mut all = reach::addresses();
        if let Some(kept) = self.store.setting(PHONE_ADDRESS).ok().flatten() {
            if let Some(at) = all.iter().position(|a| a.ip == kept) {
                let a = all.remove(at);
                all.insert(0, a);
            }
        }
        all
    }

    pub(super) fn turn_phones(&mut self, on: bool, address: Option<String>) -> Result<Reply, Fault> {
        if !on {
            self.listening = None;
            self.phones.refuse_asks();
            self.phones.forget_codes();
            self.displays.forget_codes();
            return Ok(self.publish());
        }
        if self.open.is_none() {
            return Err(Fault::new(HostCode::NoGame, "Phones join a game: start or continue one first."));
        }
        self.addresses = self.offered_addresses();
        let chosen = match &address {
            Some(a) => self.addresses.iter().find(|x| &x.ip == a).cloned().ok_or_else(|| Fault::new(nemesis_engine::Code::NoSuchThing, "This computer has no such address any more: pick one from the list."))?,
            None => self.addresses.first().cloned().ok_or_else(|| Fault::new(HostCode::PhonesOff, "This computer has no network address phones could reach."))?,
        };
        let ip: IpAddr = chosen.ip.parse().map_err(|_| Fault::new(nemesis_engine::Code::NoSuchThing, "That is not an address."))?;
        if self.listening.as_ref().is_some_and(|l| l.ip == ip) {
            return Ok(self.publish());
        }
        let server = self.server.as_ref().ok_or_else(|| Fault::new(HostCode::PhonesOff, "Phones need the app's window or serve mode."))?;
        self.listening = None;
        // The port phones knew last time, kept with the save, so a QR photographed or a page
        // bookmarked one evening still reaches this table the next (issue 32, item 6). Port 0
        // (tests) asks for any free port and keeps none.
        let mut rules = self.phones.rules.clone();
        let kept = self.store.setting(PHONE_PORT).ok().flatten().and_then(|p| p.parse::<u16>().ok()).filter(|p| *p != 0);
        if rules.port != 0 {
            rules.port = kept.unwrap_or(rules.port);
        }
        let listening = server.listen(ip, &rules).map_err(|e| Fault::new(HostCode::PhonesOff, format!("The phone server could not start on {ip}: {e}.")))?;
        if rules.port != 0 {
            // Another program holds the port: phones are told to scan again, never left sending
            // their tokens to whatever answers at the old address; the new port is kept.
            self.phones_moved_from = (listening.port != rules.port).then_some(rules.port);
            if kept != Some(listening.port) {
                let _ = self.store.set_setting(PHONE_PORT, &listening.port.to_string());
            }
        }
        if self.store.setting(PHONE_ADDRESS).ok().flatten().as_deref() != Some(chosen.ip.as_str()) {
            let _ = self.store.set_setting(PHONE_ADDRESS, &chosen.ip);
        }
        self.listening = Some(listening);
        Ok(self.publish())
    }

    pub(super) fn offer(&mut self, seat: Seat, purpose: OfferPurpose) -> Result<Reply, Fault> {
        let open = self.open.as_ref().ok_or_else(no_game)?;
        let state = open.game.state().ok_or_else(no_game)?;
        state.seats.get(seat).ok_or_else(|| Fault::new(nemesis_engine::Code::NoSuchThing, "No player sits there."))?;
        let base = self.listening.as_ref().map(|l| l.url.clone()).ok_or_else(|| Fault::new(HostCode::PhonesOff, "Turn phones on first."))?;
        let now = Instant::now();
        let fragment = match purpose {
            OfferPurpose::Pair => {
                if self.phones.token_of(seat).is_some() {
                    return Err(Fault::new(nemesis_engine::Code::NotAllowed, "This seat already has a phone: free it first to pair another."));
                }
                let code = self.phones.pair_code(seat, now);
                // The join page says which seat it joins before the tap (issue 20): the seat's
                // name and character, public facts the table screen shows anyway. The host still
                // decides the seat from the code alone.
                let sits = &state.seats[seat];
                let character = sits.character.map(|c| format!("&character={}", screen::fragment_value(&state.content().data.characters[c.0 as usize].key))).unwrap_or_default();
                let fragment = format!("pair={code}&name={}{character}", screen::fragment_value(&sits.name));
                // Phones that waited for this seat were refused: the table stops listing them.
                self.publish();
                fragment
            }
            OfferPurpose::Reveal => {
                let newest = open.log.private(seat).last();
                let step = newest.ok_or_else(|| Fault::new(nemesis_engine::Code::NoSuchThing, "This player has no secret to show yet."))?.seq;
                format!("reveal={}", self.phones.reveal_code(seat, step, now))
            }
        };
        // The code travels in the fragment: browsers never send it in a request or a Referer.
        let url = format!("{base}/#{fragment}");
        let svg = reach::qr_svg(&url).map_err(|e| Fault::new(HostCode::BadCall, format!("The QR could not be drawn: {e}.")))?;
        Ok(Reply::Offer { offer: PhoneOffer { seat, url, svg, expires_in_ms: self.phones.rules.code_life.as_millis() as u64, purpose } })
    }

    pub(super) fn answer_phone(&mut self, ask: u32, accept: bool, replace: bool) -> Result<Reply, Fault> {
        let id = self.open.as_ref().ok_or_else(no_game)?.id;
        if accept && !replace {
            // The seat got a phone while this one waited: giving it this one too would cut the
            // rightful phone off, so the table must say it means to (the ask stays).
            let seat = self.phones.ask_seat(ask).ok_or_else(|| Fault::new(nemesis_engine::Code::NoSuchThing, "That phone is no longer waiting."))?;
            if self.phones.token_of(seat).is_some() {
                return Err(Fault::new(nemesis_engine::Code::NotAllowed, "This seat already has a phone: replace it knowingly, or refuse this one."));
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
            return Err(Fault::new(nemesis_engine::Code::NoSuchThing, "That phone stopped waiting: scan the code again."));
        }
        Ok(self.publish())
    }
}
