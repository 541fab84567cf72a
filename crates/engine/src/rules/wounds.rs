//! Wounds, death and revival: Light and Serious Wounds, dressing and healing (p. 21), death and
//! what follows it (pp. 21, 27), the cooperative Revive (p. 27).

use super::ctx::Ctx;
use super::{ending, intruders};
use crate::event::*;
use crate::ids::*;
use crate::rejection::{refuse, Code, Outcome};
use crate::state::*;

/// Light Wounds a character holds at most (p. 21): the third becomes a Serious Wound.
pub const MAX_LIGHT_WOUNDS: u8 = 2;
/// Serious Wounds a character holds at most (p. 21): any wound after the third kills.
pub const MAX_SERIOUS_WOUNDS: u8 = 3;
/// Wounds the table gives in one step (a correction: at most a big Intruder's attack and more).
pub const MAX_WOUNDS_AT_ONCE: u8 = 6;

/// Light Wounds (p. 21): the third becomes a Serious Wound; any wound after 3 Serious kills.
pub(super) fn light_wounds(ctx: &mut Ctx, seat: Seat, n: u8) -> Outcome<()> {
    light_wounds_from(ctx, seat, n, None)
}

/// Light Wounds whose `cause` the lines before them do not say (the end of a round's Fire and
/// Bleeding): each line they set off names it, down to the death.
pub(super) fn light_wounds_from(ctx: &mut Ctx, seat: Seat, n: u8, cause: Option<WoundCause>) -> Outcome<()> {
    for _ in 0..n {
        if !ctx.state.seats[seat].life.is_awake_on_board() {
            return Ok(());
        }
        if ctx.state.seats[seat].serious.len() >= usize::from(MAX_SERIOUS_WOUNDS) {
            return kill(ctx, seat, cause.map_or(DeathCause::Wounds, DeathCause::from));
        }
        let light = ctx.state.seats[seat].light_wounds + 1;
        if light > MAX_LIGHT_WOUNDS {
            // The Serious Wound's line names the cause; the track's reset is only the marker.
            ctx.emit(Event::LightWoundsSet { seat, light: 0, cause: None });
            serious_wound_from(ctx, seat, cause)?;
        } else {
            ctx.emit(Event::LightWoundsSet { seat, light, cause });
        }
    }
    Ok(())
}

pub(super) fn serious_wound(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    serious_wound_from(ctx, seat, None)
}

fn serious_wound_from(ctx: &mut Ctx, seat: Seat, cause: Option<WoundCause>) -> Outcome<()> {
    if !ctx.state.seats[seat].life.is_awake_on_board() {
        return Ok(());
    }
    if ctx.state.seats[seat].serious.len() >= usize::from(MAX_SERIOUS_WOUNDS) {
        return kill(ctx, seat, cause.map_or(DeathCause::Wounds, DeathCause::from));
    }
    ctx.draw_wound(seat, cause)
}

/// Cooperative mode's Revive (p. 27): a dead character whose Corpse the crew carried to a working
/// Emergency Room stands up there at the start of a turn, Light Wounds gone and Serious Wounds
/// dressed. The Emergency Room works only with no Intruder and no Malfunction in it.
pub(super) fn revive(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    if ctx.state.config.mode != Mode::Cooperative {
        return refuse(Code::NotAllowed, "only_the_fully_cooperative_mode_revives_characters_in", "Only the fully cooperative mode revives characters, in the Emergency Room.");
    }
    if ctx.seat(seat)?.life != Life::Dead {
        return refuse(Code::NotAllowed, "only_a_dead_character_can_be_revived", "Only a dead character can be revived.");
    }
    if ctx.state.phase != Phase::Player {
        return refuse(Code::WrongPhase, "a_character_is_revived_at_the_start_of", "A character is revived at the start of a turn, in the Player Phase.");
    }
    let er = ctx.content.room_tile("emergency_room");
    let Some(at) = ctx.content.board.locations().find(|l| ctx.state.room(*l).explored && er.is_some() && ctx.state.room(*l).tile == er) else {
        return refuse(Code::NotAllowed, "the_emergency_room_is_not_on_the_board", "The Emergency Room is not on the board yet: it must be explored first.");
    };
    if ctx.state.intruders_at(at).next().is_some() {
        return refuse(Code::NotAllowed, "an_intruder_in_the_emergency_room_stops_it", "An Intruder in the Emergency Room stops it from working.");
    }
    if ctx.state.room(at).malfunction {
        return refuse(Code::NotAllowed, "a_malfunction_in_the_emergency_room_stops_it", "A Malfunction in the Emergency Room stops it from working.");
    }
    ctx.emit(Event::CharacterRevived { seat, at });
    Ok(())
}

/// A character dies (p. 21). The first death unlocks every Escape Pod (p. 12).
pub(super) fn kill(ctx: &mut Ctx, seat: Seat, cause: DeathCause) -> Outcome<()> {
    if !ctx.state.seats[seat].life.is_alive() {
        return Ok(());
    }
    let at = ctx.state.seats[seat].location;
    let on_board = ctx.state.seats[seat].life == Life::Awake;
    // p. 21: every Heavy Object they carry falls where they die, each said. A character dying in
    // an Escape Pod gets no drop line: `CharacterDied`'s fold puts what they carried in the room
    // they boarded from (their location, the Evacuation Section), unsaid.
    if on_board {
        let s = &ctx.state.seats[seat];
        let carried = [(ResearchObject::CharacterCorpse, s.corpses_carried), (ResearchObject::IntruderCarcass, s.carcasses_carried)];
        let eggs = s.eggs_carried;
        for (object, n) in carried {
            for _ in 0..n {
                ctx.emit(Event::ObjectDropped { seat, object, at, dying: true });
            }
        }
        if eggs > 0 {
            ctx.emit(Event::EggsDropped { seat, at, count: eggs, dying: true });
        }
    }
    ctx.emit(Event::CharacterDied { seat, cause });
    // p. 21: a Character Corpse token where they died (p. 19: after an Escape, the room left).
    // Not for a death in an Escape Pod: the body is not on the board.
    if on_board {
        ctx.emit(Event::ObjectLeft { object: ResearchObject::CharacterCorpse, at, of: Some(seat) });
    }
    if cause == DeathCause::Larva {
        // The Larva inside bursts out as a Creeper.
        intruders::place_intruder(ctx, IntruderKind::Creeper, at, None)?;
    }
    if !ctx.state.first_death {
        ctx.emit(Event::PodsUnlocked { reason: UnlockReason::FirstDeath });
    }
    ending::last_awake_check(ctx);
    Ok(())
}

pub(super) fn heal_light_now(ctx: &mut Ctx, seat: Seat, n: u8) {
    let l = ctx.state.seats[seat].light_wounds;
    if l > 0 {
        ctx.emit(Event::LightWoundsSet { seat, light: l.saturating_sub(n), cause: None });
    }
}

pub(super) fn dress(ctx: &mut Ctx, seat: Seat, index: u8) -> Outcome<()> {
    ctx.awake_or_in_pod(seat)?;
    match ctx.state.seats[seat].serious.get(index as usize) {
        None => refuse(Code::NoSuchThing, "there_is_no_such_serious_wound", "There is no such Serious Wound."),
        Some(w) if w.dressed => refuse(Code::NotAllowed, "that_serious_wound_is_already_dressed", "That Serious Wound is already dressed."),
        Some(_) => {
            ctx.emit(Event::SeriousWoundDressed { seat, index });
            Ok(())
        }
    }
}

/// Heal (p. 21): only a dressed Serious Wound can be healed; its card is discarded.
pub(super) fn heal_serious(ctx: &mut Ctx, seat: Seat, index: u8) -> Outcome<()> {
    ctx.awake_or_in_pod(seat)?;
    match ctx.state.seats[seat].serious.get(index as usize) {
        None => refuse(Code::NoSuchThing, "there_is_no_such_serious_wound", "There is no such Serious Wound."),
        Some(w) if !w.dressed => refuse(Code::NotAllowed, "dress_a_serious_wound_before_it_can_be", "Dress a Serious Wound before it can be healed."),
        Some(_) => {
            ctx.emit(Event::SeriousWoundHealed { seat, index });
            Ok(())
        }
    }
}

pub(super) fn heal_light(ctx: &mut Ctx, seat: Seat, count: u8) -> Outcome<()> {
    ctx.awake_or_in_pod(seat)?;
    if ctx.state.seats[seat].light_wounds == 0 {
        return refuse(Code::NotAllowed, "this_character_has_no_light_wound", "This character has no Light Wound.");
    }
    if count == 0 {
        return refuse(Code::NotAllowed, "heal_at_least_one_light_wound", "Heal at least one Light Wound.");
    }
    heal_light_now(ctx, seat, count);
    Ok(())
}

/// Heal 1 dressed Serious Wound (p. 21), as the Emergency Room and a card do it: the first one,
/// since a dressed wound's effect is already ignored and the choice would change nothing.
/// Refused when no wound is dressed, so no one pays for nothing.
pub(super) fn heal_a_dressed_wound(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    let Some(index) = ctx.state.seats[seat].serious.iter().position(|w| w.dressed) else {
        return refuse(Code::NotAllowed, "this_character_has_no_dressed_serious_wound_to", "This character has no dressed Serious Wound to heal.");
    };
    ctx.emit(Event::SeriousWoundHealed { seat, index: index as u8 });
    Ok(())
}

/// Heal every Light Wound (p. 21), as the Emergency Room and a card do it; refused when there is none.
pub(super) fn heal_every_light_wound(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    if ctx.state.seats[seat].light_wounds == 0 {
        return refuse(Code::NotAllowed, "this_character_has_no_light_wound", "This character has no Light Wound.");
    }
    ctx.emit(Event::LightWoundsSet { seat, light: 0, cause: None });
    Ok(())
}

/// A correction: the table gives the character Wounds (from 1 to 6 at once), Light then Serious.
pub(super) fn wound_by_table(ctx: &mut Ctx, seat: Seat, light: u8, serious: u8) -> Outcome<()> {
    ctx.awake_or_in_pod(seat)?;
    // Summed wide: two fields of up to 255 each must not overflow before the check.
    let total = u16::from(light) + u16::from(serious);
    if total == 0 || total > u16::from(MAX_WOUNDS_AT_ONCE) {
        return refuse(Code::NotAllowed, "give_between_1_and_6_wounds", "Give between 1 and 6 Wounds.");
    }
    light_wounds(ctx, seat, light)?;
    for _ in 0..serious {
        serious_wound(ctx, seat)?;
    }
    Ok(())
}

/// A correction: the character has Slime (p. 17) or has lost it.
pub(super) fn set_slime(ctx: &mut Ctx, seat: Seat, on: bool) -> Outcome<()> {
    ctx.awake_or_in_pod(seat)?;
    if ctx.state.seats[seat].slime != on {
        ctx.emit(Event::SlimeSet { seat, on });
    }
    Ok(())
}

/// A correction: the character died at the table.
pub(super) fn kill_by_table(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.awake_or_in_pod(seat)?;
    kill(ctx, seat, DeathCause::Table)
}
