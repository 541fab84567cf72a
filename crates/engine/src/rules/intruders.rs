//! Intruders on the board: placing a miniature (the 9th Adult, p. 15; the Summoning card, p. 18), moving through a numbered
//! corridor, stopped by Doors (p. 17), leaving by a Technical Corridor (p. 16), and Escape Pod
//! waiters stepping out when one arrives (p. 26).

use super::{corridors, draw};
use super::ctx::Ctx;
use crate::content::*;
use crate::event::*;
use crate::ids::*;
use crate::rejection::{refuse, Code, Outcome};
use crate::state::*;

/// An Intruder is killed: its miniature leaves the board (its token out of play, a reading graded
/// C in docs/rules-deviations.md) and, unless it was a Larva, an Intruder Carcass token lies in its
/// room (p. 20, p. 22), while one of the 8 is left.
pub(super) fn killed(ctx: &mut Ctx, id: IntruderId) {
    let Some(i) = ctx.state.intruder(id).cloned() else { return };
    ctx.emit(Event::IntruderKilled { id });
    let in_use: u32 = ctx.state.board.rooms.iter().map(|r| u32::from(r.carcasses)).sum::<u32>()
        + ctx.state.seats.iter().map(|(_, s)| u32::from(s.carcasses_carried)).sum::<u32>();
    if i.kind != IntruderKind::Larva && in_use < u32::from(ctx.content.data.pools.carcasses) {
        ctx.emit(Event::ObjectLeft { object: ResearchObject::IntruderCarcass, at: i.at, of: None });
    }
}

/// An Intruder leaves the board for the bag: through a Technical Corridor entrance (p. 16), by
/// Lurking, or retreating before a 9th Adult (p. 15). Its corresponding token goes into the bag
/// (p. 10, p. 16). One placed without a draw (the Creeper of a second Larva, a `PlaceIntruder`) has
/// no token of its own, so one of its kind goes from the supply into the bag instead, if any is
/// left (rules-deviations 14).
pub(super) fn leave_board(ctx: &mut Ctx, id: IntruderId) {
    let tokenless = ctx.state.intruder(id).filter(|i| i.token.is_none()).map(|i| i.kind);
    ctx.emit(Event::IntruderLeftBoard { id });
    if let Some(kind) = tokenless {
        super::draw::add_from_supply(ctx, TokenKind::of(kind));
    }
}

/// Puts an intruder on the board (with its drawn token set aside, if any).
/// The 9th Adult makes the Adults not in Combat retreat into the bag first (p. 15).
pub(super) fn place_intruder(ctx: &mut Ctx, kind: IntruderKind, at: Location, token: Option<TokenId>) -> Outcome<Option<IntruderId>> {
    if kind == IntruderKind::Adult {
        let adults = ctx.state.intruders.iter().filter(|i| i.kind == IntruderKind::Adult).count();
        if adults >= ctx.content.data.pools.adult_miniatures as usize {
            let leaving: Vec<IntruderId> = ctx
                .state
                .intruders
                .iter()
                .filter(|i| i.kind == IntruderKind::Adult && !ctx.state.intruder_in_combat(i))
                .map(|i| i.id)
                .collect();
            for id in leaving {
                leave_board(ctx, id);
            }
            let adults = ctx.state.intruders.iter().filter(|i| i.kind == IntruderKind::Adult).count();
            if adults >= ctx.content.data.pools.adult_miniatures as usize {
                // Every Adult miniature is in Combat: none can appear.
                if let Some(t) = token {
                    ctx.emit(Event::TokenReturned { token: t });
                }
                return Ok(None);
            }
        }
    }
    let id = IntruderId(ctx.state.next_intruder);
    ctx.emit(Event::IntruderPlaced { id, kind, at, token });
    if !ctx.state.first_encounter {
        // First Encounter (p. 12): from now on every player must choose one objective.
        ctx.emit(Event::FirstEncounter);
    }
    intruders_arrived(ctx, at);
    Ok(Some(id))
}

/// The Summoning Intruder Attack card: an Encounter's draw in the attacker's room (p. 18) without
/// its Surprise Attack (the card): the Noise markers of the room's corridors are discarded, an
/// Intruder token puts its Intruder there, a Blank puts Noise in every corridor and goes back.
pub(super) fn summon(ctx: &mut Ctx, at: Location) -> Outcome<()> {
    for spot in corridors::spots_of(ctx, at) {
        if corridors::has_noise(ctx, spot) {
            ctx.emit(Event::NoiseRemoved { spot });
        }
    }
    let Some((token, _)) = draw::draw_token(ctx, DrawPurpose::Summoning)? else { return Ok(()) };
    match ctx.content.token(token).kind.intruder() {
        Some(kind) => {
            place_intruder(ctx, kind, at, Some(token))?;
        }
        None => {
            corridors::noise_everywhere(ctx, at);
            if ctx.state.bag().is_empty() {
                draw::add_from_supply(ctx, TokenKind::Adult);
            }
            ctx.emit(Event::TokenReturned { token });
        }
    }
    Ok(())
}

/// Whoever waits in an Escape Pod returns to the section when an Intruder arrives there (p. 26).
pub(super) fn intruders_arrived(ctx: &mut Ctx, at: Location) {
    let Some(tile) = ctx.state.room(at).tile else { return };
    let section = match ctx.content.tile(tile).key.as_str() {
        "evacuation_section_a" => Section::A,
        "evacuation_section_b" => Section::B,
        _ => return,
    };
    if !ctx.state.room(at).explored {
        return;
    }
    let waiting: Vec<Seat> = ctx
        .state
        .pods
        .iter()
        .filter(|p| p.section == section && p.state == PodState::Docked)
        .flat_map(|p| p.occupants.clone())
        .collect();
    for seat in waiting {
        ctx.emit(Event::CharacterLeftPod { seat });
    }
}

/// Moves intruders through the corridor with this number (Event cards p. 10, retreat p. 20).
/// A closed door stops them and is destroyed (once for a group leaving one room together, p. 17);
/// a Technical Corridor entrance takes them off the board and their tokens back into the bag (p. 16).
pub(super) fn move_intruders(ctx: &mut Ctx, ids: &[IntruderId], number: u8) {
    let each: Vec<(IntruderId, u8)> = ids.iter().map(|id| (*id, number)).collect();
    move_each(ctx, &each);
}

/// Moves each intruder through its own corridor number, all at once: those leaving one room through
/// the same Closed Door destroy it once and all stay (p. 17), whatever order they are listed in.
pub(super) fn move_each(ctx: &mut Ctx, moves: &[(IntruderId, u8)]) {
    let mut arrived: Vec<Location> = Vec::new();
    // Doors as they were before anyone moved: a group leaving one room together is stopped by a
    // closed door, which is destroyed once, and all of them stay (p. 17).
    let doors_before = ctx.state.board.doors.clone();
    let only_big_break_doors = ctx.state.weakness_known(WeaknessEffect::TheWayOfMoving);
    for (id, number) in moves {
        let Some(i) = ctx.state.intruder(*id).cloned() else { continue };
        match ctx.content.board.exit(i.at, *number) {
            Exit::Technical => leave_board(ctx, *id),
            Exit::Corridor(c) => match doors_before[c.0 as usize] {
                DoorState::Closed => {
                    let can_break = !only_big_break_doors || matches!(i.kind, IntruderKind::Queen | IntruderKind::Breeder);
                    if can_break && ctx.state.board.doors[c.0 as usize] == DoorState::Closed {
                        ctx.emit(Event::DoorChanged { corridor: c, state: DoorState::Destroyed });
                    }
                }
                _ => {
                    let to = ctx.content.board.corridors[c.0 as usize].other_end(i.at);
                    ctx.emit(Event::IntruderMoved { id: *id, to, from: Some(i.at) });
                    arrived.push(to);
                }
            },
        }
    }
    arrived.sort();
    arrived.dedup();
    for at in arrived {
        intruders_arrived(ctx, at);
    }
}

/// A correction: the table places an Intruder of this kind (one drawn or moved at the table).
pub(super) fn place_by_table(ctx: &mut Ctx, kind: IntruderKind, at: Location) -> Outcome<()> {
    let at = ctx.location(at)?;
    place_intruder(ctx, kind, at, None).map(|_| ())
}

/// A correction: the Intruder moves through the corridor of this number (1 to 4, p. 16).
pub(super) fn move_by_table(ctx: &mut Ctx, id: IntruderId, corridor: u8) -> Outcome<()> {
    ctx.intruder(id)?;
    if !(1..=corridors::CORRIDOR_NUMBERS).contains(&corridor) {
        return refuse(Code::NoSuchThing, "corridor_numbers_run_from_1_to_4", "Corridor numbers run from 1 to 4.");
    }
    move_intruders(ctx, &[id], corridor);
    Ok(())
}

/// A correction: the Intruder is killed (its token back in the bag, a Carcass left, p. 20).
pub(super) fn kill_by_table(ctx: &mut Ctx, id: IntruderId) -> Outcome<()> {
    ctx.intruder(id)?;
    killed(ctx, id);
    Ok(())
}
