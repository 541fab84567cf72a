//! The Room sheet's Actions about the crew's own things (pp. 24–25): the Emergency Room's
//! treatments, the Armory's Ammo, the Storage's Item cards, the Command Center's Doors and the
//! Hatch Control System's pods; and the generic Room Action that saves before them hold.

use super::ctx::Ctx;
use super::{corridors, systems, wounds};
use crate::command::*;
use crate::event::*;
use crate::ids::*;
use crate::rejection::{refuse, Code, Outcome};

/// The rooms whose Action was once recorded by the generic `RoomAction` (2 cards, the table did
/// the rest). Each has its own command now; the generic one still replays in them for old saves.
const TABLE_ROOM_ACTIONS: [&str; 4] = ["armory", "storage", "command_center", "hatch_control_system"];

/// The generic Room Action of one of `TABLE_ROOM_ACTIONS`, in the character's own room: the app
/// checks the Room Action's conditions and takes its cost; the table did what it says. No longer
/// offered (each room has its own command), kept so that the games that used it still load.
pub(super) fn table_room_action(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.awake(seat)?;
    let at = ctx.state.seats[seat].location;
    let room = ctx.state.room(at);
    let tile = room.tile.filter(|_| room.explored).map(|t| ctx.content.tile(t).key.clone());
    match tile {
        Some(key) if TABLE_ROOM_ACTIONS.contains(&key.as_str()) => ctx.tile_room_action(seat, &key, false).map(|_| ()),
        _ => refuse(
            Code::NotAllowed,
            "this_room_s_action_has_its_own_command",
            "This room has no Action of that kind here: use the room's own command, or none is possible.",
        ),
    }
}

/// Emergency Room (p. 24), Treat Your Wounds: one of dress every Serious Wound, heal 1 dressed
/// Serious Wound, or heal every Light Wound (Dress and Heal, p. 21). A treatment with nothing to
/// treat is refused, so no one pays 2 cards for nothing. Which dressed wound heals is the first:
/// a dressed wound's effect is already ignored (p. 21), so the choice would change nothing.
pub(super) fn treat_wounds(ctx: &mut Ctx, seat: Seat, treatment: Treatment) -> Outcome<()> {
    ctx.tile_room_action(seat, "emergency_room", false)?;
    let s = &ctx.state.seats[seat];
    match treatment {
        Treatment::DressSerious => {
            let undressed: Vec<u8> = (0..s.serious.len() as u8).filter(|i| !s.serious[*i as usize].dressed).collect();
            if undressed.is_empty() {
                return refuse(Code::NotAllowed, "this_character_has_no_serious_wound_to_dress", "This character has no Serious Wound to dress.");
            }
            for index in undressed {
                ctx.emit(Event::SeriousWoundDressed { seat, index });
            }
        }
        Treatment::HealDressed => wounds::heal_a_dressed_wound(ctx, seat)?,
        Treatment::HealLight => wounds::heal_every_light_wound(ctx, seat)?,
    }
    Ok(())
}

/// Armory (p. 24), Recharge Your Energy Weapon: 2 Ammo on one of the character's Energy weapons.
/// Weapons and Ammo are the table's; the hand line says what to put where. Not refused for a
/// Captain (whose own weapon is Classic): any Energy weapon found or traded counts.
pub(super) fn recharge_weapon(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.tile_room_action(seat, "armory", false)?;
    ctx.emit(Event::TableDoes { seat, task: TableTask::RechargeEnergyWeapon });
    Ok(())
}

/// Storage (p. 24), Search for an Item: 2 cards from the Item deck of the player's choice (red,
/// yellow or green), 1 kept, the other at the bottom. The Item decks are the table's.
pub(super) fn search_storage(ctx: &mut Ctx, seat: Seat, deck: ItemDeck) -> Outcome<()> {
    ctx.tile_room_action(seat, "storage", false)?;
    ctx.emit(Event::TableDoes { seat, task: TableTask::DrawFromStorage { deck } });
    Ok(())
}

/// Command Center (p. 25), Open/Close Doors: any 1 room; of the Doors in its corridors, those in
/// `closed` end Closed and the others Open (a Destroyed Door stays destroyed, p. 17). At least one
/// Door must turn, so no one pays 2 cards for nothing.
pub(super) fn command_doors(ctx: &mut Ctx, seat: Seat, room: Location, closed: &[CorridorId]) -> Outcome<()> {
    ctx.tile_room_action(seat, "command_center", false)?;
    let room = ctx.location(room)?;
    let doors: Vec<CorridorId> = ctx.content.board.neighbours(room).into_iter().map(|(_, c)| c).collect();
    if closed.iter().any(|c| !doors.contains(c)) {
        return refuse(Code::NotAllowed, "choose_only_doors_in_the_corridors_of_that_room", "Choose only Doors in the corridors of that room.");
    }
    let door = |ctx: &Ctx, c: CorridorId| ctx.state.board.doors[c.0 as usize];
    if closed.iter().any(|c| door(ctx, *c) == DoorState::Destroyed) {
        return refuse(Code::NotAllowed, "a_destroyed_door_can_never_be_closed_again", "A destroyed door can never be closed again.");
    }
    let turning: Vec<(CorridorId, DoorState)> = doors
        .iter()
        .filter(|c| door(ctx, **c) != DoorState::Destroyed)
        .map(|c| (*c, if closed.contains(c) { DoorState::Closed } else { DoorState::Open }))
        .filter(|(c, want)| door(ctx, *c) != *want)
        .collect();
    if turning.is_empty() {
        return refuse(Code::NotAllowed, "every_door_of_that_room_is_already_so", "Every Door of that room is already as chosen: nothing would change.");
    }
    // The Doors opened first: their tokens go back to the pool, so a Door closed after takes one
    // from there rather than from another room's corridor (p. 17).
    let (closing, opening): (Vec<_>, Vec<_>) = turning.into_iter().partition(|(_, want)| *want == DoorState::Closed);
    for (c, want) in opening.into_iter().chain(closing) {
        match want {
            DoorState::Closed => corridors::close_door(ctx, c, &doors),
            _ => ctx.emit(Event::DoorChanged { corridor: c, state: want }),
        }
    }
    Ok(())
}

/// Hatch Control System (p. 25), Lock/Unlock 1 Escape Pod: the pod's token turns over.
pub(super) fn hatch_control(ctx: &mut Ctx, seat: Seat, pod: PodNumber, locked: bool) -> Outcome<()> {
    ctx.tile_room_action(seat, "hatch_control_system", false)?;
    systems::set_pod_lock(ctx, pod, locked)
}
