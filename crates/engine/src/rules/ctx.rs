//! The working context of one command: a copy of the state, the box's content, the generator and
//! the results entered at the table; events are folded into the copy as they are emitted. The
//! lowest room of the rules: every chapter uses it, it uses none of them.

use crate::command::Entered;
use crate::content::{Content, LocationKind};
use crate::event::Event;
use crate::fate::Fate;
use crate::ids::*;
use crate::words::{LogParam, RoomForm};
use crate::rejection::{refuse_with, Code, Outcome, Rejection};
use crate::state::*;

/// What an accepted command produced.
#[derive(Clone, Debug)]
pub struct Applied {
    pub events: Vec<Event>,
    /// The state after folding `events` (the same as folding them onto the old state).
    pub state: State,
}

pub(crate) struct Ctx<'a> {
    pub state: State,
    pub fate: &'a mut Fate,
    entered: Vec<Option<Entered>>,
    pub events: Vec<Event>,
    pub content: &'static Content,
}

impl<'a> Ctx<'a> {
    pub fn new(state: State, fate: &'a mut Fate, entered: &[Entered]) -> Ctx<'a> {
        let content = state.content();
        Ctx { state, fate, entered: entered.iter().cloned().map(Some).collect(), events: Vec::new(), content }
    }

    pub fn emit(&mut self, e: Event) {
        self.state.fold(&e);
        self.events.push(e);
    }

    /// Characters who die in the same step die together: the lower player number counts as the
    /// first death, the one who may take the Intruders (p. 27).
    pub(super) fn settle_first_death(&mut self, before: Option<Seat>) {
        if before.is_some() {
            return;
        }
        let together = self.events.iter().filter_map(|e| match e {
            Event::CharacterDied { seat, .. } => Some(*seat),
            _ => None,
        });
        let lowest = together.min_by_key(|seat| self.state.seats[*seat].number);
        if let Some(seat) = lowest.filter(|seat| self.state.first_dead != Some(*seat)) {
            self.emit(Event::FirstDeathSettled { seat });
        }
    }

    pub fn finish(self) -> Outcome<Applied> {
        if let Some(left) = self.entered.iter().flatten().next() {
            return refuse_with(
                Code::BadResult,
                "an_entered_what_was_not_used_by_this",
                "An entered {what} was not used by this step: nothing was changed.",
                vec![("what", LogParam::Term { key: format!("entered.{}", left.kind()), en: left.what().to_string() })],
            );
        }
        if let Err(broken) = self.state.check_invariants() {
            // A command that would break the bookkeeping is refused rather than stored.
            return refuse_with(Code::NotAllowed, "that_would_leave_the_game_inconsistent_broken_nothing", "That would leave the game inconsistent ({broken}); nothing was changed.", vec![("broken", LogParam::text(broken.to_string()))]);
        }
        Ok(Applied { events: self.events, state: self.state })
    }

    pub fn handles(&self, c: Component) -> bool {
        self.state.config.handles(c)
    }

    /// Takes the first entered result that `pick` accepts.
    pub fn take<T>(&mut self, pick: impl Fn(&Entered) -> Option<T>) -> Option<T> {
        for slot in self.entered.iter_mut() {
            if let Some(e) = slot {
                if let Some(t) = pick(e) {
                    *slot = None;
                    return Some(t);
                }
            }
        }
        None
    }

    /// Refuses until the table enters a result read off a physical component; `key` names the
    /// result in the catalogues (`need.<key>`).
    pub fn need<T>(&self, comp: Component, key: &str, what: &str) -> Outcome<T> {
        let what = LogParam::Term { key: format!("need.{key}"), en: what.to_string() };
        let mut r = Rejection::with(Code::ResultNeeded, "the_table_keeps_the_component_enter_the_what", "The table keeps the {component}: enter the {what} from there.", vec![("component", LogParam::of("component", &comp, comp.name())), ("what", what)]);
        r.needs = Some(comp);
        Err(r)
    }

    pub fn seat(&self, seat: Seat) -> Outcome<&SeatState> {
        self.state
            .seats
            .get(seat)
            .ok_or_else(|| Rejection::with(Code::NoSuchThing, "there_is_no_seat_seat_at_this_table", "There is no seat {seat} at this table.", vec![("seat", LogParam::number(u16::from(seat.0) + 1))]))
    }


    /// The seat must be a character still on board and able to act.
    pub fn awake(&self, seat: Seat) -> Outcome<()> {
        let s = self.seat(seat)?;
        if s.life != Life::Awake {
            return refuse_with(Code::NotAllowed, "player_s_character_is_not_awake_on_board", "{player}'s character is not awake on board.", vec![("player", LogParam::seat(seat.0, s.name.clone()))]);
        }
        Ok(())
    }

    pub fn location(&self, at: Location) -> Outcome<Location> {
        if at.0 == 0 || at.0 as usize > self.content.data.locations.len() {
            return refuse_with(Code::NoSuchThing, "there_is_no_room_room_on_the_board", "There is no {room} on the board.", vec![("room", LogParam::room_as(at.0, RoomForm::Number))]);
        }
        Ok(at)
    }

    pub fn intruder(&self, id: IntruderId) -> Outcome<Intruder> {
        self.state
            .intruder(id)
            .cloned()
            .ok_or_else(|| Rejection::new(Code::NoSuchThing, "that_intruder_is_not_on_the_board", "That Intruder is not on the board."))
    }

    pub fn awake_or_in_pod(&self, seat: Seat) -> Outcome<()> {
        let s = self.seat(seat)?;
        if !s.life.is_awake_on_board() {
            return refuse_with(Code::NotAllowed, "player_s_character_is_no_longer_on_board", "{player}'s character is no longer on board.", vec![("player", LogParam::seat(seat.0, s.name.clone()))]);
        }
        Ok(())
    }

    /// The checks of every Room Action (Room sheet, p. 24): the character is in that room (`room`,
    /// `None` while its tile is unexplored), not in Combat, and the room has no Malfunction marker
    /// (p. 17: that disables even the special rooms), unless the manual says the action works with
    /// one (`malfunction_ok`). `name` is the room's term for the refusal.
    pub fn room_action(&self, seat: Seat, room: Option<Location>, name: LogParam, malfunction_ok: bool) -> Outcome<Location> {
        self.awake(seat)?;
        let at = self.state.seats[seat].location;
        if room != Some(at) {
            return refuse_with(Code::NotAllowed, "the_character_must_be_in_the_room_for_that", "The character must be in the {room} for that Action.", vec![("room", name)]);
        }
        if self.state.in_combat(seat) {
            return refuse_with(Code::NotAllowed, "room_actions_are_not_possible_in_combat", "Room Actions are not possible in Combat.", vec![]);
        }
        if !malfunction_ok && self.state.room(at).malfunction {
            return refuse_with(Code::NotAllowed, "a_malfunction_in_the_room_stops_its_action", "A Malfunction in the {room} stops its Action.", vec![("room", name)]);
        }
        Ok(at)
    }

    /// A Room Action of a room found by its tile (the basic and additional rooms, p. 24-25).
    pub fn tile_room_action(&self, seat: Seat, tile: &str, malfunction_ok: bool) -> Outcome<Location> {
        let name = match self.content.room_tile(tile) {
            Some(t) => {
                let x = self.content.tile(t);
                LogParam::Term { key: format!("card.room.{}", x.key), en: x.name.clone() }
            }
            None => LogParam::text(tile.to_string()),
        };
        self.room_action(seat, self.state.explored_room(tile), name, malfunction_ok)
    }

    /// A Room Action of a special room printed on the board (p. 26).
    pub fn special_room_action(&self, seat: Seat, kind: LocationKind) -> Outcome<Location> {
        let (key, en) = match kind {
            LocationKind::Cockpit => ("location.cockpit", "Cockpit"),
            _ => ("location.hibernatorium", "Hibernatorium"),
        };
        self.room_action(seat, Some(self.special(kind)), LogParam::Term { key: key.into(), en: en.into() }, false)
    }

    /// The location of a special room, by kind.
    pub fn special(&self, kind: LocationKind) -> Location {
        self.content.location_of_kind(kind)
    }
}
