//! What lies in corridors and at their ends: Noise markers (p. 13) and Doors (p. 17).

use super::ctx::Ctx;
use crate::content::*;
use crate::event::*;
use crate::ids::*;
use crate::words::LogParam;
use crate::rejection::{refuse, refuse_with, Code, Outcome};
use crate::state::*;

/// Corridor numbers run from 1 to this (p. 8): the Noise die and the Intruders' moves name them.
pub const CORRIDOR_NUMBERS: u8 = 4;

pub(super) fn spot_of(ctx: &Ctx, at: Location, number: u8) -> NoiseSpot {
    match ctx.content.board.exit(at, number) {
        Exit::Corridor(c) => NoiseSpot::Corridor(c),
        Exit::Technical => NoiseSpot::Technical,
    }
}

pub(super) fn has_noise(ctx: &Ctx, spot: NoiseSpot) -> bool {
    match spot {
        NoiseSpot::Corridor(c) => ctx.state.board.noise[c.0 as usize],
        NoiseSpot::Technical => ctx.state.board.technical_noise,
    }
}

/// Every noise spot touching a room: its corridors, and the Technical Corridors if it has an entrance.
pub(super) fn spots_of(ctx: &Ctx, at: Location) -> Vec<NoiseSpot> {
    let mut v: Vec<NoiseSpot> = ctx.content.board.corridors_of(at).into_iter().map(NoiseSpot::Corridor).collect();
    if ctx.content.board.has_technical_entrance(at) {
        v.push(NoiseSpot::Technical);
    }
    v
}

pub(super) fn place_noise_marker(ctx: &mut Ctx, spot: NoiseSpot) {
    if !has_noise(ctx, spot) && ctx.state.noise_count() < ctx.content.data.pools.noise {
        ctx.emit(Event::NoisePlaced { spot });
    }
}

/// Noise in each corridor of the room that has none (Danger with nobody near, the Blank token).
pub(super) fn noise_everywhere(ctx: &mut Ctx, at: Location) {
    for spot in spots_of(ctx, at) {
        place_noise_marker(ctx, spot);
    }
}

/// Closes a door in a corridor; with no token left in the pool one is taken from elsewhere (p. 17),
/// never from a corridor in `keep`: the Doors the same effect sets (the Command Center's room, an
/// Airlock's room) stay as it sets them, so the effect never undoes itself; nor from an active
/// Airlock's room. A Closed Door is taken
/// (the lowest corridor's), a Destroyed one only when no Closed one is left to take: taking it
/// would let a corridor whose Door can never close again (p. 17) be closed later (rules-deviations 51).
pub(super) fn close_door(ctx: &mut Ctx, corridor: CorridorId, keep: &[CorridorId]) {
    // A Destroyed door can never be closed again (p. 17).
    if ctx.state.board.doors[corridor.0 as usize] != DoorState::Open {
        return;
    }
    if ctx.state.doors_in_use() >= ctx.content.data.pools.doors {
        // An active Airlock's Doors are never the ones taken: opening one would cancel another
        // player's Airlock Procedure (p. 25) as a side effect of an unrelated Door.
        let sealed: Vec<CorridorId> = ctx.state.airlock.map(|at| ctx.content.board.neighbours(at).into_iter().map(|(_, c)| c).collect()).unwrap_or_default();
        let kept = |c: CorridorId| keep.contains(&c) || sealed.contains(&c);
        let on_board = |state: DoorState| ctx.state.board.doors.iter().enumerate().position(|(i, d)| *d == state && !kept(CorridorId(i as u8)));
        let elsewhere = on_board(DoorState::Closed).or_else(|| on_board(DoorState::Destroyed));
        if let Some(other) = elsewhere {
            ctx.emit(Event::DoorChanged { corridor: CorridorId(other as u8), state: DoorState::Open });
        }
    }
    ctx.emit(Event::DoorChanged { corridor, state: DoorState::Closed });
}

pub(super) fn set_noise(ctx: &mut Ctx, spot: NoiseSpot, on: bool) -> Outcome<()> {
    if let NoiseSpot::Corridor(c) = spot {
        if c.0 as usize >= ctx.state.board.noise.len() {
            return refuse(Code::NoSuchThing, "there_is_no_such_corridor", "There is no such corridor.");
        }
    }
    match (on, has_noise(ctx, spot)) {
        (true, true) => refuse(Code::NotAllowed, "that_corridor_already_has_a_noise_marker_a", "That corridor already has a Noise marker (a second one means an Encounter)."),
        (false, false) => refuse(Code::NotAllowed, "that_corridor_has_no_noise_marker", "That corridor has no Noise marker."),
        (true, false) => {
            if ctx.state.noise_count() >= ctx.content.data.pools.noise {
                return refuse(Code::Empty, "all_noise_markers_are_on_the_board", "All Noise markers are on the board.");
            }
            ctx.emit(Event::NoisePlaced { spot });
            Ok(())
        }
        (false, true) => {
            ctx.emit(Event::NoiseRemoved { spot });
            Ok(())
        }
    }
}

pub(super) fn set_door(ctx: &mut Ctx, corridor: CorridorId, state: DoorState) -> Outcome<()> {
    let Some(now) = ctx.state.board.doors.get(corridor.0 as usize).copied() else {
        return refuse(Code::NoSuchThing, "there_is_no_such_corridor", "There is no such corridor.");
    };
    if now == state {
        let name = match state {
            DoorState::Open => "open",
            DoorState::Closed => "closed",
            DoorState::Destroyed => "destroyed",
        };
        return refuse_with(Code::NotAllowed, "that_door_is_already_state", "That door is already {state}.", vec![("state", LogParam::of("door", &state, name))]);
    }
    if now == DoorState::Destroyed && state == DoorState::Closed {
        return refuse(Code::NotAllowed, "a_destroyed_door_can_never_be_closed_again", "A destroyed door can never be closed again.");
    }
    if state == DoorState::Closed {
        close_door(ctx, corridor, &[]);
    } else {
        ctx.emit(Event::DoorChanged { corridor, state });
    }
    Ok(())
}
