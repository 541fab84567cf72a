//! The bag and Encounters (pp. 14-15, 18): the Noise roll and its Danger, an Encounter's draw,
//! the Intruder that appears, and the Surprise Attack when the hand is smaller than the token's back.

use super::ctx::Ctx;
use super::{combat, corridors, draw, intruders};
use crate::event::*;
use crate::content::WeaknessEffect;
use crate::ids::*;
use crate::rejection::Outcome;
use crate::state::*;

/// What a Noise roll or Encounter brought into the room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrival {
    Nothing,
    Intruder,
}

/// Danger (p. 15): neighbouring Intruders not in Combat come in; if none, Noise in every corridor.
pub(super) fn danger(ctx: &mut Ctx, at: Location) {
    let neighbours: Vec<Location> = ctx.content.board.neighbours(at).into_iter().map(|(l, _)| l).collect();
    let coming: Vec<IntruderId> = ctx
        .state
        .intruders
        .iter()
        .filter(|i| neighbours.contains(&i.at) && !ctx.state.intruder_in_combat(i))
        .map(|i| i.id)
        .collect();
    if coming.is_empty() {
        corridors::noise_everywhere(ctx, at);
    } else {
        for id in coming {
            let from = ctx.state.intruder(id).map(|i| i.at);
            ctx.emit(Event::IntruderMoved { id, to: at, from });
        }
        intruders::intruders_arrived(ctx, at);
    }
}

/// A Noise roll for a character in their room (p. 15). Returns whether an Intruder came.
pub(super) fn noise_roll(ctx: &mut Ctx, seat: Seat) -> Outcome<Arrival> {
    let at = ctx.state.seats[seat].location;
    let face = ctx.roll_noise()?;
    ctx.emit(Event::NoiseRolled { seat: Some(seat), at, face });
    let before = ctx.state.intruders_at(at).count();
    let face = if face == NoiseFace::Silence && ctx.state.seats[seat].slime { NoiseFace::Danger } else { face };
    match face {
        NoiseFace::Silence => {}
        NoiseFace::Danger => danger(ctx, at),
        n => {
            let spot = corridors::spot_of(ctx, at, n.corridor().expect("numbered face"));
            if corridors::has_noise(ctx, spot) {
                encounter(ctx, seat)?;
            } else {
                corridors::place_noise_marker(ctx, spot);
            }
        }
    }
    Ok(if ctx.state.intruders_at(at).count() > before { Arrival::Intruder } else { Arrival::Nothing })
}

/// An Encounter in the seat's room (p. 18). Returns whether an Intruder appeared.
pub(super) fn encounter(ctx: &mut Ctx, seat: Seat) -> Outcome<Arrival> {
    let at = ctx.state.seats[seat].location;
    begin_encounter(ctx, seat, at);
    let Some((token, back)) = draw::draw_token(ctx, DrawPurpose::Encounter)? else {
        return Ok(Arrival::Nothing);
    };
    let Some(kind) = ctx.content.token(token).kind.intruder() else {
        // The Blank token: Noise everywhere around; if it was the last token, an Adult joins the bag.
        corridors::noise_everywhere(ctx, at);
        if ctx.state.bag().is_empty() {
            draw::add_from_supply(ctx, TokenKind::Adult);
        }
        ctx.emit(Event::TokenReturned { token });
        return Ok(Arrival::Nothing);
    };
    let Some(id) = intruders::place_intruder(ctx, kind, at, Some(token))? else {
        return Ok(Arrival::Nothing);
    };
    surprise_check(ctx, seat, id, back.unwrap_or(1))?;
    Ok(Arrival::Intruder)
}

/// Encounter step 1 (p. 18): every Noise marker around the room is discarded.
pub(super) fn begin_encounter(ctx: &mut Ctx, seat: Seat, at: Location) {
    ctx.emit(Event::EncounterBegan { seat, at });
    for spot in corridors::spots_of(ctx, at) {
        if corridors::has_noise(ctx, spot) {
            ctx.emit(Event::NoiseRemoved { spot });
        }
    }
}

/// Compares the token's back with the hand (p. 18): fewer cards means a Surprise Attack.
pub(super) fn surprise_check(ctx: &mut Ctx, seat: Seat, id: IntruderId, back: u8) -> Outcome<()> {
    let mut back = back;
    if ctx.state.weakness_known(WeaknessEffect::ReactionToDanger) {
        back = back.saturating_sub(1).max(1);
    }
    let hand = ctx.state.seats[seat].hand;
    if ctx.state.seats[seat].life != Life::Awake {
        return Ok(());
    }
    if hand < back {
        ctx.emit(Event::SurpriseAttack { seat, id, back, hand });
        combat::attack(ctx, id, seat)?;
    } else {
        // Said as well: without it the table cannot tell why no attack came.
        ctx.emit(Event::NoSurpriseAttack { seat, id, back, hand });
    }
    Ok(())
}

/// The table asks for a Noise roll for the character (p. 16), outside a Movement of the app's.
pub(super) fn table_noise_roll(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.awake(seat)?;
    noise_roll(ctx, seat).map(|_| ())
}

/// The table asks for an Encounter in the character's room (p. 16).
pub(super) fn table_encounter(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.awake(seat)?;
    encounter(ctx, seat).map(|_| ())
}
