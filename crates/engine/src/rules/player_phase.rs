//! The Player Phase (pp. 9-12): refilling hands at the start of a turn, ending the phase, keeping
//! an objective after the first Encounter, and the first dead player taking the Intruders (p. 27).

use super::ctx::Ctx;
use super::rooms;
use crate::event::*;
use crate::ids::*;
use crate::rejection::{refuse, Code, Outcome};
use crate::state::*;

/// Step 1: every character draws up to 5 (4 with an undressed Body wound, 6 resting in working Cabins).
pub(super) fn refill_hands(ctx: &mut Ctx) {
    let seats: Vec<Seat> = ctx.state.seats.seats().collect();
    for seat in seats {
        let s = &ctx.state.seats[seat];
        if s.life != Life::Awake {
            continue;
        }
        let body = s.serious.iter().any(|w| !w.dressed && ctx.content.data.serious_wounds[w.card.0 as usize].key == "body");
        let room = ctx.state.room(s.location);
        let cabins = room.explored
            && room.tile.is_some_and(|t| ctx.content.tile(t).key == "cabins")
            && !room.malfunction
            && ctx.state.intruders_at(s.location).next().is_none();
        let target = 5 - u8::from(body) + u8::from(cabins);
        if s.hand < target {
            ctx.emit(Event::HandSizeSet { seat, cards: target });
        }
    }
    // The Intruder player draws 3 Intruder Action cards, up to a hand of 4 (p. 27).
    if let Some(seat) = ctx.state.intruder_player_now() {
        let hand = ctx.state.seats[seat].hand;
        let target = hand.saturating_add(3).min(4);
        if target != hand {
            ctx.emit(Event::HandSizeSet { seat, cards: target });
        }
    }
}

/// Playing as an Intruder (p. 27): only in the standard game, only the player whose character
/// died first, and only once. Their rules apply from the next Player Phase.
pub(super) fn become_intruder_player(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    if ctx.state.config.mode != Mode::Standard {
        return refuse(Code::NotAllowed, "playing_as_the_intruders_belongs_to_the_standard", "Playing as the Intruders belongs to the standard game.");
    }
    ctx.seat(seat)?;
    if ctx.state.intruder_player.is_some() {
        return refuse(Code::NotAllowed, "a_player_already_controls_the_intruders", "A player already controls the Intruders.");
    }
    if ctx.state.first_dead != Some(seat) {
        return refuse(Code::NotAllowed, "only_the_player_whose_character_died_first_may", "Only the player whose character died first may take the Intruders.");
    }
    ctx.emit(Event::IntruderPlayerJoined { seat });
    Ok(())
}

pub(super) fn end_player_phase(ctx: &mut Ctx) -> Outcome<()> {
    if ctx.state.phase != Phase::Player {
        return refuse(Code::WrongPhase, "it_is_not_the_player_phase", "It is not the Player Phase.");
    }
    // Airlock Control (p. 25): "at the end of the current Player Phase (after all players have passed)".
    rooms::vent_airlock(ctx)?;
    if ctx.state.is_over() {
        return Ok(());
    }
    ctx.emit(Event::PhaseChanged { phase: Phase::Event { step: EventStep::TimeTrack } });
    Ok(())
}

/// First Encounter (p. 12): each player keeps one objective, secretly.
pub(super) fn choose_objective(ctx: &mut Ctx, seat: Seat, key: Option<&str>) -> Outcome<()> {
    ctx.seat(seat)?;
    if !ctx.state.first_encounter {
        return refuse(Code::WrongPhase, "objectives_are_chosen_at_the_first_encounter", "Objectives are chosen at the first Encounter.");
    }
    if ctx.state.seats[seat].objective != ObjectiveChoice::Undecided {
        return refuse(Code::NotAllowed, "this_player_has_already_chosen_an_objective", "This player has already chosen an objective.");
    }
    let dealt = ctx.state.seats[seat].objectives.clone();
    let objective = match key {
        Some(k) => {
            let found = dealt.iter().copied().find(|o| ctx.content.data.objectives[o.0 as usize].key == k);
            match found {
                Some(o) => Some(o),
                None => return refuse(Code::NotAllowed, "choose_one_of_the_two_objectives_you_were", "Choose one of the two objectives you were dealt."),
            }
        }
        None if dealt.is_empty() => None,
        None => return refuse(Code::NotAllowed, "choose_one_of_your_two_objectives", "Choose one of your two objectives."),
    };
    ctx.emit(Event::ObjectiveChosen { seat, objective });
    Ok(())
}
