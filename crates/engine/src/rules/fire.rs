//! Fire and Malfunction markers (p. 17): placing them, where a Malfunction can never go, and the
//! ninth marker that loses the ship (p. 11).

use super::ctx::Ctx;
use super::{ending};
use crate::event::*;
use crate::ids::*;
use crate::rejection::{refuse, Code, Outcome};
use crate::state::*;

pub(super) fn can_hold_malfunction(ctx: &Ctx, at: Location) -> bool {
    // Never in the Nest or the Room Covered with Slime (p. 17). An unexplored room's tile is a
    // secret, so it is judged only once explored (exploring then clears a marker it cannot hold).
    let r = ctx.state.room(at);
    !(r.explored && r.tile.is_some_and(|t| no_malfunction_tile(ctx, t)))
}

pub(super) fn no_malfunction_tile(ctx: &Ctx, t: RoomTileId) -> bool {
    matches!(ctx.content.tile(t).key.as_str(), "nest" | "room_covered_with_slime")
}

/// Places a Fire marker; the 9th one loses the ship (p. 17, p. 11).
pub(super) fn place_fire(ctx: &mut Ctx, at: Location) {
    if ctx.state.is_over() || ctx.state.room(at).fire {
        return;
    }
    if ctx.state.fire_count() >= ctx.content.data.pools.fire {
        ending::end_game(ctx, EndCause::Fire);
        return;
    }
    ctx.emit(Event::FirePlaced { at });
}

/// Places a Malfunction marker; the 9th one loses the ship (p. 17, p. 11).
pub(super) fn place_malfunction(ctx: &mut Ctx, at: Location) {
    if ctx.state.is_over() || ctx.state.room(at).malfunction || !can_hold_malfunction(ctx, at) {
        return;
    }
    if ctx.state.malfunction_count() >= ctx.content.data.pools.malfunction {
        ending::end_game(ctx, EndCause::Malfunction);
        return;
    }
    ctx.emit(Event::MalfunctionPlaced { at });
}

pub(super) fn set_fire(ctx: &mut Ctx, at: Location, on: bool) -> Outcome<()> {
    let at = ctx.location(at)?;
    match (on, ctx.state.room(at).fire) {
        (true, true) => refuse(Code::NotAllowed, "that_room_is_already_on_fire_one_fire", "That room is already on fire (one Fire marker at most)."),
        (false, false) => refuse(Code::NotAllowed, "that_room_has_no_fire_marker", "That room has no Fire marker."),
        (true, false) => {
            place_fire(ctx, at);
            Ok(())
        }
        (false, true) => {
            ctx.emit(Event::FireRemoved { at });
            Ok(())
        }
    }
}

pub(super) fn set_malfunction(ctx: &mut Ctx, at: Location, on: bool) -> Outcome<()> {
    let at = ctx.location(at)?;
    match (on, ctx.state.room(at).malfunction) {
        (true, true) => refuse(Code::NotAllowed, "that_room_already_has_a_malfunction_marker", "That room already has a Malfunction marker."),
        (false, false) => refuse(Code::NotAllowed, "that_room_has_no_malfunction_marker", "That room has no Malfunction marker."),
        (true, false) => {
            if !can_hold_malfunction(ctx, at) {
                return refuse(Code::NotAllowed, "a_malfunction_marker_can_never_go_in_the", "A Malfunction marker can never go in the Nest or the Room Covered with Slime.");
            }
            place_malfunction(ctx, at);
            Ok(())
        }
        (false, true) => {
            ctx.emit(Event::MalfunctionRemoved { at });
            Ok(())
        }
    }
}
