//! What a phone may ask of the table: its seat proved by a token or a code, its screen, its
//! private choices, its debrief, leaving. The phone server (`lan.rs`) sends these as messages to
//! the table's writer; the table itself never calls them.

use crate::protocol::{Fault, FaultCode, PhoneReply, PhoneScreen};
use crate::table::Table;
use nemesis_engine::{Actor, Command, Request, Seat};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

fn no_game() -> Fault {
    Fault::new(FaultCode::NoGame, "No game is open: start a new one or continue a saved one.")
}

fn locked_out() -> Fault {
    Fault::new(FaultCode::LockedOut, "Too many wrong codes from this phone: wait a few minutes.")
}

fn unknown_code() -> Fault {
    Fault::new(FaultCode::CodeExpired, "That code is unknown, used or too old: ask the table for a new one.")
}

impl Table {
    /// The seat a phone's token proves; a bad token is a strike against its address.
    pub fn phone_seat(&mut self, ip: IpAddr, token: Option<&str>) -> Result<Seat, Fault> {
        let now = Instant::now();
        if self.phones().locked(ip, now) {
            return Err(locked_out());
        }
        if !self.phones_on() {
            return Err(Fault::new(FaultCode::PhonesOff, "The table turned phones off."));
        }
        match token.and_then(|t| self.phones().seat_of(t)) {
            Some(seat) => Ok(seat),
            None => {
                self.phones().strike(ip, now);
                Err(Fault::new(FaultCode::BadToken, "This phone has no seat at the table (any more): scan a new code from the table."))
            }
        }
    }

    /// A private choice made on the seat's own phone. Only the choices the rules keep secret are
    /// taken from a phone (the catalogue's `Sender::Phone`); everything else is done at the table.
    pub fn phone_act(&mut self, seat: Seat, command: Command) -> Result<Arc<PhoneScreen>, Fault> {
        if !nemesis_engine::catalogue::may_send(&command, nemesis_engine::catalogue::Sender::Phone) {
            return Err(Fault::new(nemesis_engine::Code::NotYourSeat, "A phone makes only its private choices; the rest is done on the table screen."));
        }
        self.act(Actor::Seat(seat), Request::Do { command, entered: Vec::new() })?;
        Ok(self.phone_screen(seat))
    }

    /// This seat's own part of the debrief, once the open game is over (`debrief.rs`).
    pub fn phone_debrief(&mut self, seat: Seat) -> Result<PhoneReply, Fault> {
        let open = self.open_ref().ok_or_else(no_game)?;
        crate::debrief::seat_reply(&open.title, open.game.entries(), seat)
    }

    /// The phone gives its seat back.
    pub fn phone_leave(&mut self, seat: Seat) -> Result<(), Fault> {
        self.revoke_phone(seat)
    }

    /// Uses a pairing code from `ip`: the seat to ask the table for.
    pub fn phone_pair_code(&mut self, ip: IpAddr, code: &str) -> Result<Seat, Fault> {
        let now = Instant::now();
        if self.phones().locked(ip, now) {
            return Err(locked_out());
        }
        match self.phones().use_pair_code(code, now) {
            Some(seat) => Ok(seat),
            None => {
                self.phones().strike(ip, now);
                Err(unknown_code())
            }
        }
    }

    /// Opens a one-reveal code once: the seat's private lines of that step.
    pub fn phone_reveal(&mut self, ip: IpAddr, code: &str) -> Result<PhoneReply, Fault> {
        let now = Instant::now();
        if self.phones().locked(ip, now) {
            return Err(locked_out());
        }
        let Some((seat, step)) = self.phones().use_reveal_code(code, now) else {
            self.phones().strike(ip, now);
            return Err(unknown_code());
        };
        let open = self.open_ref().ok_or_else(no_game)?;
        let name = open.game.state().and_then(|s| s.seats.get(seat)).map(|x| x.name.clone()).unwrap_or_default();
        let lines = open.log.private(seat).iter().filter(|l| l.seq == step).cloned().collect();
        Ok(PhoneReply::Reveal { seat, name, lines })
    }
}
