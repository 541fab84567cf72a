//! What a phone may ask of the table: its seat proved by a token or a code, its screen, its
//! private choices, its debrief, leaving. The phone server (`lan.rs`) sends these as messages to
//! the table's writer; the table itself never calls them.

use crate::phones::RevealUse;
use crate::protocol::{Fault, HostCode, PhoneReply};
use crate::table::Table;
use nemesis_engine::catalogue::{spec, Sender};
use nemesis_engine::log::LogParam;
use nemesis_engine::state::{Phase, State};
use nemesis_engine::{Actor, Command, Entered, Request, Seat};
use std::net::IpAddr;
use std::time::Instant;

fn no_game() -> Fault {
    Fault::new(HostCode::NoGame, "No game is open: start a new one or continue a saved one.")
}

fn locked_out() -> Fault {
    Fault::new(HostCode::LockedOut, "Too many wrong codes from this phone: wait a few minutes.")
}

fn unknown_code() -> Fault {
    Fault::new(HostCode::CodeExpired, "That code is unknown, used or too old: ask the table for a new one.")
}

impl Table {
    /// The seat a phone's token proves; a bad token is a strike against its address.
    pub fn phone_seat(&mut self, ip: IpAddr, token: Option<&str>) -> Result<Seat, Fault> {
        let now = Instant::now();
        if self.phones().locked(ip, now) {
            return Err(locked_out());
        }
        if !self.phones_on() {
            return Err(Fault::new(HostCode::PhonesOff, "The table turned phones off."));
        }
        match token.and_then(|t| self.phones().seat_of(t)) {
            Some(seat) => Ok(seat),
            // A shared display's token proves no seat: refused before the rules see the call.
            None if token.is_some_and(|t| self.is_display_token(t)) => {
                Err(Fault::new(HostCode::DisplayOnly, "A display shows the table and sends nothing but its language."))
            }
            None => {
                self.phones().strike(ip, now);
                Err(Fault::new(HostCode::BadToken, "This phone has no seat at the table (any more): scan a new code from the table."))
            }
        }
    }

    /// A step sent from the seat's own phone: one of its private choices, or while it holds the
    /// round one of its round's Actions or its Pass, with the physical results its Action needs.
    /// Its rights are checked before the rules see it (`rights`), then the revision it was made
    /// from; accepted, it answers with the seat's new screen, or only its revision to a phone
    /// whose stream carries that screen (issue 30: never twice).
    pub fn phone_act(&mut self, seat: Seat, act: PhoneAct) -> Result<PhoneReply, Fault> {
        let state = self.open_ref().and_then(|o| o.game.state()).ok_or_else(no_game)?;
        rights(state, seat, &act.command, &act.entered)?;
        self.still_at(act.revision)?;
        self.act(Actor::Seat(seat), Request::Do { command: act.command, entered: act.entered })?;
        match (act.streamed, self.game_revision()) {
            (true, Some(revision)) => Ok(PhoneReply::Accepted { revision }),
            _ => Ok(PhoneReply::Hand { screen: self.phone_screen(seat) }),
        }
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

    /// Opens a one-reveal code once: the seat's private lines of that step. The table is told
    /// which device opened it (`device`, as the phone names itself) and whether that is a paired
    /// phone (`token`, when the phone holds one: a bad one is no strike, it only proves nothing),
    /// and of every later try to open it again, which is refused (issue 32, item 7).
    pub fn phone_reveal(&mut self, ip: IpAddr, code: &str, device: String, token: Option<&str>) -> Result<PhoneReply, Fault> {
        let now = Instant::now();
        if self.phones().locked(ip, now) {
            return Err(locked_out());
        }
        let (seat, step) = match self.phones().use_reveal_code(code, now) {
            RevealUse::Open { seat, step } => (seat, step),
            RevealUse::Again { seat } => {
                self.phones().reveal_tried_again(seat, device);
                self.phones().strike(ip, now);
                self.phones_changed();
                return Err(unknown_code());
            }
            RevealUse::Unknown => {
                self.phones().strike(ip, now);
                return Err(unknown_code());
            }
        };
        let phone_of = token.and_then(|t| self.phones().seat_of(t));
        self.phones().reveal_opened(seat, device, phone_of);
        self.phones_changed();
        let open = self.open_ref().ok_or_else(no_game)?;
        let name = open.game.state().and_then(|s| s.seats.get(seat)).map(|x| x.name.clone()).unwrap_or_default();
        let lines = open.log.private(seat).iter().filter(|l| l.seq == step).cloned().collect();
        Ok(PhoneReply::Reveal { seat, name, lines })
    }
}

/// A phone's `act`, as it came (`PhoneCall::Act`).
pub struct PhoneAct {
    pub command: Command,
    pub entered: Vec<Entered>,
    pub revision: Option<u32>,
    pub streamed: bool,
}

/// What a seat's phone may send (issue 32, from the catalogue's `sent_by`): its own seat only;
/// its private choices (`Sender::Phone`) at any time; its round's steps (`Sender::Round`) only
/// while it holds the round, never as a correction (unless the round offers that very step, as
/// a drop of an Object or leaving a pod), with only the results that Action may take. Nothing
/// else: no other seat, no corrections, no table bookkeeping.
fn rights(state: &State, seat: Seat, command: &Command, entered: &[Entered]) -> Result<(), Fault> {
    let entry = spec(command.kind());
    let others = || Fault::new(nemesis_engine::Code::NotYourSeat, "A phone makes only its own choices and its own round's Actions; the rest is done on the table screen.");
    if !entry.sent_by.iter().any(|s| matches!(s, Sender::Phone | Sender::Round)) {
        return Err(others());
    }
    if nemesis_engine::rules::command_seat(command) != Some(seat) {
        return Err(Fault::new(nemesis_engine::Code::NotYourSeat, "You can only act for your own seat."));
    }
    if entry.sent_by.contains(&Sender::Phone) {
        return if entered.is_empty() { Ok(()) } else { Err(Fault::new(nemesis_engine::Code::BadResult, "That step takes no entered result.")) };
    }
    if state.phase != Phase::Player || state.rounds.turn_of != Some(seat) {
        return Err(match state.rounds.turn_of.filter(|_| state.phase == Phase::Player).and_then(|s| state.seats.get(s).map(|x| (s, x))) {
            // The holder by seat, as every refusal names a player (issue 30).
            Some((at, holder)) => Fault::with(HostCode::NotYourRound, "It is {player}'s round: your phone acts in your own round.", vec![("player", LogParam::seat(at.0, holder.name.clone()))]),
            None => Fault::new(HostCode::NotYourRound, "No one holds a round now: your phone acts in your own round."),
        });
    }
    if nemesis_engine::rules::play(state, command) == nemesis_engine::rules::Play::Correction && !nemesis_engine::offers::offers(state).iter().any(|o| o.command == *command) {
        return Err(others());
    }
    if entered.iter().any(|e| !entry.entered.contains(&e.entered_kind())) {
        return Err(Fault::new(nemesis_engine::Code::BadResult, "That result is not one this Action takes."));
    }
    Ok(())
}
