//! A character's Move and Careful Movement (p. 13) and exploring an unexplored room with its
//! Exploration token (pp. 14-15).

use super::ctx::Ctx;
use super::{combat, corridors, encounter, fire};
use crate::command::*;
use crate::content::*;
use crate::event::*;
use crate::ids::*;
use crate::words::LogParam;
use crate::rejection::{refuse, refuse_with, Code, Outcome};
use crate::state::*;

/// Movement (p. 14), Careful Movement (p. 13) and Escape (p. 19): one Action's move of a character.
pub(super) fn move_character(ctx: &mut Ctx, seat: Seat, to: Location, careful: Option<u8>) -> Outcome<()> {
    ctx.awake(seat)?;
    let to = ctx.location(to)?;
    let from = ctx.state.seats[seat].location;
    let Some(corridor) = ctx.content.board.corridor_between(from, to) else {
        return refuse_with(Code::NotAllowed, "room_to_is_not_next_to_room_from", "{to} is not next to {from}.", vec![("to", LogParam::room(to.0)), ("from", LogParam::room(from.0))]);
    };
    if ctx.state.board.doors[corridor.0 as usize] == DoorState::Closed {
        return refuse(Code::NotAllowed, "a_closed_door_blocks_that_corridor", "A closed door blocks that corridor.");
    }
    let escaping = ctx.state.intruders_at(from).next().is_some();
    if let Some(n) = careful {
        if escaping {
            return refuse(Code::NotAllowed, "careful_movement_is_not_possible_in_combat", "Careful Movement is not possible in Combat.");
        }
        if !(1..=super::corridors::CORRIDOR_NUMBERS).contains(&n) {
            return refuse(Code::NoSuchThing, "corridor_numbers_run_from_1_to_4", "Corridor numbers run from 1 to 4.");
        }
        if corridors::spots_of(ctx, to).iter().all(|s| corridors::has_noise(ctx, *s)) {
            return refuse(Code::NotAllowed, "every_corridor_of_that_room_already_has_noise", "Every corridor of that room already has Noise: Careful Movement is not possible.");
        }
        if corridors::has_noise(ctx, corridors::spot_of(ctx, to, n)) {
            return refuse(Code::NotAllowed, "that_corridor_already_has_a_noise_marker_choose", "That corridor already has a Noise marker: choose another.");
        }
    }
    if escaping {
        // Escape: each Intruder in the room attacks before the character leaves (p. 19).
        let ids: Vec<IntruderId> = ctx.state.intruders_at(from).map(|i| i.id).collect();
        for id in ids {
            if ctx.state.seats[seat].life != Life::Awake {
                return Ok(());
            }
            if ctx.state.intruder(id).is_some() {
                combat::attack(ctx, id, seat)?;
            }
        }
        if ctx.state.seats[seat].life != Life::Awake || ctx.state.is_over() {
            return Ok(());
        }
    }
    let occupied = !ctx.state.characters_at(to).is_empty() || ctx.state.intruders_at(to).next().is_some();
    ctx.emit(Event::CharacterMoved { seat, to });
    let mut roll = !occupied;
    if !ctx.state.room(to).explored {
        match explore(ctx, seat, to, corridor, careful.is_some())? {
            Some(ExplorationEffect::Silence) | Some(ExplorationEffect::Danger) => roll = false,
            _ => {}
        }
        if ctx.state.is_over() || ctx.state.seats[seat].life != Life::Awake {
            return Ok(());
        }
    }
    if ctx.state.room(to).tile.is_some_and(|t| ctx.content.tile(t).key == "room_covered_with_slime") && !ctx.state.seats[seat].slime {
        ctx.emit(Event::SlimeSet { seat, on: true });
    }
    if let Some(n) = careful {
        corridors::place_noise_marker(ctx, corridors::spot_of(ctx, to, n));
    } else if roll {
        encounter::noise_roll(ctx, seat)?;
    }
    Ok(())
}

/// Reveals a room and its Exploration token and resolves the token (p. 14).
/// Returns the effect, since Silence and Danger replace the Noise roll. Under a Careful Movement
/// (`careful`) Silence and Danger do nothing: they are automatic Noise roll results, and Careful
/// Movement replaces the Noise roll with its own marker (p. 13; the publisher's FAQ, Actions 11).
fn explore(ctx: &mut Ctx, seat: Seat, at: Location, entered_by: CorridorId, careful: bool) -> Outcome<Option<ExplorationEffect>> {
    let entered = ctx.take(|e| match e {
        Entered::Room { tile, effect, items } => Some((tile.clone(), *effect, *items)),
        _ => None,
    });
    let room = ctx.state.room(at).clone();
    let (tile, token) = match entered {
        Some((key, effect, items)) => {
            // `apply` has already refused a token or a tile entered for a component the app
            // holds, whatever its value: what is entered here was read off the table.
            let tile = match (key, room.tile) {
                (None, Some(t)) if ctx.handles(Component::RoomTiles) => t,
                (None, _) => return refuse(Code::BadResult, "enter_the_room_tile_turned_over", "Enter the room tile turned over."),
                (Some(key), _) => match ctx.content.room_tile(&key) {
                    Some(t) => t,
                    None => return refuse_with(Code::BadResult, "there_is_no_room_tile_key", "There is no room tile '{key}'.", vec![("key", LogParam::text(key.clone()))]),
                },
            };
            let token = match ctx.content.data.exploration_tokens.iter().position(|x| x.effect == effect && x.items == items) {
                Some(i) => ExplorationId(i as u8),
                None => return refuse(Code::BadResult, "no_exploration_token_shows_that_effect_and_item", "No Exploration token shows that effect and item number."),
            };
            (tile, token)
        }
        None => match (room.tile, room.token) {
            (Some(t), Some(k)) if ctx.handles(Component::RoomTiles) && ctx.handles(Component::ExplorationTokens) => (t, k),
            (_, _) if !ctx.handles(Component::RoomTiles) => return ctx.need(Component::RoomTiles, "room_tile_and_exploration_token", "room tile and Exploration token"),
            _ => return ctx.need(Component::ExplorationTokens, "room_tile_and_exploration_token", "room tile and Exploration token"),
        },
    };
    let spec = ctx.content.data.exploration_tokens[token.0 as usize].clone();
    let tile_spec = ctx.content.tile(tile).clone();
    // Solo mode halves each room's items, rounding up (p. 27). The Nest and the Slime room keep none.
    let items = if !tile_spec.searchable {
        0
    } else if ctx.state.config.mode == Mode::Solo {
        spec.items.div_ceil(2)
    } else {
        spec.items
    };
    ctx.emit(Event::RoomExplored { at, tile, token, items });
    if ctx.state.room(at).malfunction && fire::no_malfunction_tile(ctx, tile) {
        ctx.emit(Event::MalfunctionRemoved { at });
    }
    // Room Covered with Slime: the marker comes on entering, before the token is resolved, so a
    // Silence there counts as Danger (p. 25; the pt-BR manual's note on p. 25; card reference §6b, A).
    if tile_spec.key == "room_covered_with_slime" && !ctx.state.seats[seat].slime {
        ctx.emit(Event::SlimeSet { seat, on: true });
    }
    let slimed = ctx.state.seats[seat].slime;
    let effect = match spec.effect {
        ExplorationEffect::Silence if slimed => ExplorationEffect::Danger,
        e => e,
    };
    match effect {
        ExplorationEffect::Silence => {}
        ExplorationEffect::Danger if careful => {}
        ExplorationEffect::Danger => encounter::danger(ctx, at),
        ExplorationEffect::Slime => {
            if !ctx.state.seats[seat].slime {
                ctx.emit(Event::SlimeSet { seat, on: true });
            }
        }
        ExplorationEffect::Fire => fire::place_fire(ctx, at),
        ExplorationEffect::Malfunction => fire::place_malfunction(ctx, at),
        ExplorationEffect::Doors => corridors::close_door(ctx, entered_by, &[]),
    }
    Ok(Some(effect))
}

/// A correction: the table puts the character in a room (it moved at the table without the app).
pub(super) fn place_character(ctx: &mut Ctx, seat: Seat, at: Location) -> Outcome<()> {
    ctx.awake(seat)?;
    let at = ctx.location(at)?;
    ctx.emit(Event::CharacterMoved { seat, to: at });
    Ok(())
}
