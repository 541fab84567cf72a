//! Room actions that are not ship systems (pp. 24-25): Search, the Nest's Eggs, Research in the
//! Laboratory and the Monitoring Room's peek.

use super::ctx::Ctx;
use super::{combat, contamination, corridors, encounter, fire, intruders, wounds};
use crate::command::*;
use crate::content::RoomColour;
use crate::event::*;
use crate::ids::*;
use crate::words::LogParam;
use crate::rejection::{refuse, refuse_with, Code, Outcome};
use crate::state::*;

fn in_nest(ctx: &Ctx, seat: Seat) -> Outcome<Location> {
    match ctx.state.nest_location() {
        Some(n) if ctx.state.seats[seat].location == n => Ok(n),
        _ => refuse(Code::NotAllowed, "the_character_must_be_in_the_explored_nest", "The character must be in the explored Nest."),
    }
}

/// Comms Room (p. 24): Send the Signal, once per character.
pub(super) fn send_signal(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.tile_room_action(seat, "comms_room", false)?;
    if ctx.state.seats[seat].signal {
        return refuse(Code::NotAllowed, "this_character_has_already_sent_the_signal", "This character has already sent the Signal.");
    }
    ctx.emit(Event::SignalSent { seat });
    Ok(())
}

/// Nest: Take one Egg, then a Noise roll (p. 25). The last egg taken destroys the Nest.
pub(super) fn take_egg(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.awake(seat)?;
    in_nest(ctx, seat)?;
    if ctx.state.nest_eggs == 0 {
        return refuse(Code::Empty, "no_egg_is_left_in_the_nest", "No Egg is left in the Nest.");
    }
    if ctx.state.in_combat(seat) {
        return refuse(Code::NotAllowed, "room_actions_are_not_possible_in_combat", "Room Actions are not possible in Combat.");
    }
    hands_free(ctx, seat)?;
    ctx.emit(Event::EggTaken { seat });
    nest_check(ctx);
    encounter::noise_roll(ctx, seat)?;
    Ok(())
}

fn nest_check(ctx: &mut Ctx) {
    if ctx.state.nest_eggs == 0 && !ctx.state.nest_destroyed {
        ctx.emit(Event::NestDestroyed);
    }
}

/// Destroying uncarried Eggs (p. 25): a Shoot or Melee Attack rolls the Combat die and each
/// Injury destroys one; a Melee miss costs neither a Contamination card nor a wound. A Noise roll
/// follows every attempt, in the attacker's room. `Thrown`, the form of the saves made before the
/// Grenade and the Molotov Cocktail were played as their cards, throws the card its `count` names
/// (2 a Grenade, 1 a Molotov Cocktail: the page's numbers) `into` this room or a neighbour, with
/// the card's whole effect (`throw`).
pub(super) fn destroy_eggs(ctx: &mut Ctx, seat: Seat, count: u8, into: Option<Location>, attempt: EggAttempt, weapon: Option<Weapon>) -> Outcome<()> {
    ctx.awake(seat)?;
    let here = ctx.state.seats[seat].location;
    if attempt == EggAttempt::Thrown {
        let item = match count {
            2 => Thrown::Grenade,
            1 => Thrown::Molotov,
            _ => return refuse(Code::NotAllowed, "a_grenade_destroys_2_eggs_and_a_molotov_cocktail_1", "A thrown Grenade destroys 2 Eggs and a Molotov Cocktail 1: enter 2 or 1."),
        };
        let at = into.unwrap_or(here);
        ctx.location(at)?;
        if uncarried_eggs(ctx, at) == 0 {
            return refuse(Code::Empty, "there_are_no_uncarried_eggs_in_this_room", "There are no uncarried Eggs in this room.");
        }
        return throw(ctx, seat, Some(at), item, None);
    }
    if into.is_some_and(|t| t != here) {
        return refuse(Code::NotAllowed, "eggs_are_shot_or_struck_only_in_the_character_s_room", "Eggs are shot or struck only in the character's own room.");
    }
    if uncarried_eggs(ctx, here) == 0 {
        return refuse(Code::Empty, "there_are_no_uncarried_eggs_in_this_room", "There are no uncarried Eggs in this room.");
    }
    let melee = attempt == EggAttempt::Melee;
    if !melee {
        // A Shoot names its weapon: 1 Ammo off its card (p. 18); an old form's none is the own.
        ctx.emit(Event::AmmoSpent { seat, weapon: weapon.unwrap_or(Weapon::Own) });
    }
    let face = ctx.roll_combat()?;
    let injuries = combat::injuries_to_eggs(face, melee);
    ctx.emit(Event::EggsAttacked { seat, melee, face, injuries });
    // A Melee miss on Eggs draws no Contamination card and no wound (p. 25); a hit draws the card
    // a Melee Attack draws (p. 19), after the roll, since only the roll says whether it is owed
    // (the same top card: nothing draws from the deck in between; deviation 63).
    if melee && injuries > 0 {
        contamination::give_contamination(ctx, seat);
    }
    if injuries > 0 {
        destroy_uncarried_eggs(ctx, here, injuries);
    }
    encounter::noise_roll(ctx, seat)?;
    Ok(())
}

/// The two Items thrown into a room (docs/cards.md: the Grenade and the Molotov Cocktail).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Thrown {
    Grenade,
    Molotov,
}

/// The rooms a Grenade or a Molotov Cocktail may be thrown into from `at`: its own, and each
/// neighbour with a corridor to it whose Door is not Closed (p. 17: a Closed Door stops a throw).
pub fn throw_targets(state: &State, at: Location) -> Vec<Location> {
    let mut rooms = vec![at];
    for (to, c) in state.content().board.neighbours(at) {
        if state.board.doors[c.0 as usize] != DoorState::Closed && !rooms.contains(&to) {
            rooms.push(to);
        }
    }
    rooms
}

/// A Grenade or a Molotov Cocktail thrown into `room`, one of `throw_targets`, holding an Intruder
/// or uncarried Eggs: p. 25 lets either be thrown at Eggs "as if an Intruder were there".
/// - The Grenade at `intruder`: 2 Injuries to it; at the Eggs (no `intruder`): 2 Eggs destroyed.
/// - The Molotov Cocktail: a Fire marker there, and 1 Egg destroyed if any lie there (its effect
///   reaches the whole room; with Vulnerability to Fire 2, as a Fire Damage step's).
/// Then each card's "1 Injury / Serious Wound": every other Intruder there 1 Injury (Vulnerability
/// to Fire adds 1 to the Molotov's), every character there 1 Serious Wound, the thrower too when
/// it is their own room. An attempt on Eggs is followed by a Noise roll in the thrower's room (p. 25).
pub(super) fn throw(ctx: &mut Ctx, seat: Seat, room: Option<Location>, item: Thrown, intruder: Option<IntruderId>) -> Outcome<()> {
    let here = ctx.state.seats[seat].location;
    let Some(room) = room.filter(|r| throw_targets(&ctx.state, here).contains(r)) else {
        return refuse(Code::NotAllowed, "throw_it_into_this_room_or_a_neighbouring", "Throw it into this room or a neighbouring one, not through a Closed Door.");
    };
    let eggs = uncarried_eggs(ctx, room) > 0;
    if ctx.state.intruders_at(room).next().is_none() && !eggs {
        return refuse(Code::NotAllowed, "it_is_thrown_into_a_room_with_an_intruder_or_eggs", "It is thrown into a room with an Intruder or uncarried Eggs.");
    }
    let fire = 1 + u8::from(ctx.state.weakness_known(crate::content::WeaknessEffect::VulnerabilityToFire));
    let at_eggs = match item {
        Thrown::Grenade => match intruder {
            Some(id) => {
                if !ctx.state.intruder(id).is_some_and(|i| i.at == room) {
                    return refuse(Code::NotAllowed, "choose_an_intruder_in_the_room_it_is", "Choose an Intruder in the room it is thrown into.");
                }
                combat::injure(ctx, id, 2)?;
                blast(ctx, room, Some(id), 1)?;
                false
            }
            None if eggs => {
                destroy_uncarried_eggs(ctx, room, 2);
                blast(ctx, room, None, 1)?;
                true
            }
            None => return refuse(Code::NotAllowed, "choose_an_intruder_in_the_room_it_is", "Choose an Intruder in the room it is thrown into."),
        },
        Thrown::Molotov => {
            fire::place_fire(ctx, room);
            if ctx.state.is_over() {
                return Ok(());
            }
            if eggs {
                destroy_uncarried_eggs(ctx, room, fire);
            }
            // One Injury check with the Weakness's extra Injury, not two (card reference §4, A).
            blast(ctx, room, None, fire)?;
            eggs
        }
    };
    if at_eggs && !ctx.state.is_over() && ctx.state.seats[seat].life == Life::Awake {
        encounter::noise_roll(ctx, seat)?;
    }
    Ok(())
}

/// `injuries` for every Intruder still in the room but `spared`, then 1 Serious Wound for every
/// Character there (the Grenade's and the Molotov Cocktail's "1 Injury / Serious Wound").
fn blast(ctx: &mut Ctx, room: Location, spared: Option<IntruderId>, injuries: u8) -> Outcome<()> {
    let hit: Vec<IntruderId> = ctx.state.intruders_at(room).map(|i| i.id).filter(|i| Some(*i) != spared).collect();
    for id in hit {
        if ctx.state.intruder(id).is_some_and(|i| i.at == room) {
            combat::injure(ctx, id, injuries)?;
        }
    }
    for seat in ctx.state.characters_at(room) {
        wounds::serious_wound(ctx, seat)?;
    }
    Ok(())
}

/// Uncarried Eggs in a room: in the Nest, the Intruder board's and any dropped there are one pool (p. 25).
pub(super) fn uncarried_eggs(ctx: &Ctx, at: Location) -> u8 {
    let board = if ctx.state.nest_location() == Some(at) { ctx.state.nest_eggs } else { 0 };
    board.saturating_add(ctx.state.room(at).eggs)
}

/// Destroys up to `n` uncarried Eggs in a room (an attempt, a throw, Fire Damage): the Nest's own
/// first (its last one destroys the Nest), then those dropped there. Returns how many went.
pub(super) fn destroy_uncarried_eggs(ctx: &mut Ctx, at: Location, n: u8) -> u8 {
    let from_board = if ctx.state.nest_location() == Some(at) { n.min(ctx.state.nest_eggs) } else { 0 };
    if from_board > 0 {
        ctx.emit(Event::NestEggsDestroyed { count: from_board });
        nest_check(ctx);
    }
    let from_room = (n - from_board).min(ctx.state.room(at).eggs);
    if from_room > 0 {
        ctx.emit(Event::RoomEggsDestroyed { at, count: from_room });
    }
    from_board + from_room
}

pub(super) fn drop_eggs(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.awake(seat)?;
    let n = ctx.state.seats[seat].eggs_carried;
    if n == 0 {
        return refuse(Code::NotAllowed, "this_character_carries_no_egg", "This character carries no Egg.");
    }
    let at = ctx.state.seats[seat].location;
    ctx.emit(Event::EggsDropped { seat, at, count: n, dying: false });
    Ok(())
}

/// Heavy Objects of this kind lying in the room, and carried by the seat.
fn objects(ctx: &Ctx, seat: Seat, object: ResearchObject) -> (u8, u8) {
    let s = &ctx.state.seats[seat];
    let r = ctx.state.room(s.location);
    match object {
        ResearchObject::CharacterCorpse => (r.corpses, s.corpses_carried),
        ResearchObject::IntruderCarcass => (r.carcasses, s.carcasses_carried),
        ResearchObject::IntruderEgg => (r.eggs, s.eggs_carried),
    }
}

/// Hand slots (p. 22): at most 2 Heavy Items or Objects, 1 with an undressed Arm wound (its card,
/// card reference §5, A). The app sees only the Objects, so it refuses a third Object (a second
/// with the Arm wound); Heavy Items in hand stay the table's to count.
/// Heavy Objects the seat carries, and its Hand slots: 2, or 1 with an undressed Arm wound (p. 22;
/// the Arm wound card). Heavy Items are physical cards the table counts.
pub(super) fn carried_and_slots(state: &State, seat: Seat) -> (u16, u16) {
    let s = &state.seats[seat];
    let carried = u16::from(s.eggs_carried) + u16::from(s.carcasses_carried) + u16::from(s.corpses_carried);
    let arm = s.serious.iter().any(|w| !w.dressed && state.content().data.serious_wounds.get(w.card.0 as usize).is_some_and(|c| c.key == "arm"));
    (carried, if arm { 1 } else { 2 })
}

fn hands_free(ctx: &Ctx, seat: Seat) -> Outcome<()> {
    let (carried, slots) = carried_and_slots(&ctx.state, seat);
    if carried >= slots {
        return refuse_with(Code::NotAllowed, "the_character_s_hands_are_full_objects_carried", "The character's hands are full: Objects carried {count}, hand slots {slots}.", vec![("count", LogParam::number(carried)), ("slots", LogParam::number(slots))]);
    }
    Ok(())
}

/// Pick Up Heavy Object (p. 13): one Object lying in the character's room. An Egg picked up here
/// is an uncarried one (dropped, p. 22); the Nest's own Eggs are taken with Take One Egg (p. 25).
pub(super) fn pick_up_object(ctx: &mut Ctx, seat: Seat, object: ResearchObject) -> Outcome<()> {
    ctx.awake(seat)?;
    if objects(ctx, seat, object).0 == 0 {
        return refuse(Code::Empty, "no_such_object_lies_in_this_room", "No such Object lies in this room.");
    }
    hands_free(ctx, seat)?;
    let at = ctx.state.seats[seat].location;
    ctx.emit(Event::ObjectPickedUp { seat, object, at });
    Ok(())
}

/// Drop one carried Heavy Object (p. 22: free, at any time), or hand it to another character in
/// the same room in a Trade (p. 13), who must have a free Hand slot.
pub(super) fn drop_object(ctx: &mut Ctx, seat: Seat, object: ResearchObject, give_to: Option<Seat>) -> Outcome<()> {
    ctx.awake(seat)?;
    if objects(ctx, seat, object).1 == 0 {
        return refuse(Code::NotAllowed, "this_character_carries_no_such_object", "This character carries no such Object.");
    }
    let at = ctx.state.seats[seat].location;
    if let Some(to) = give_to {
        ctx.seat(to)?;
        if to == seat || ctx.state.seats[to].life != Life::Awake || ctx.state.seats[to].location != at {
            return refuse(Code::NotAllowed, "a_trade_is_with_another_character_in_the_same", "A Trade is made with another character in the same room.");
        }
        hands_free(ctx, to)?;
    }
    ctx.emit(Event::ObjectDropped { seat, object, at, dying: false });
    if let Some(to) = give_to {
        ctx.emit(Event::ObjectPickedUp { seat: to, object, at });
    }
    Ok(())
}

/// Airlock Control (p. 25): another Yellow room, explored (its colour is on its tile), whose
/// corridors hold no Destroyed Door; each of its Doors closes and the Airlock Procedure token goes there.
pub(super) fn start_airlock(ctx: &mut Ctx, seat: Seat, room: Location) -> Outcome<()> {
    let here = ctx.tile_room_action(seat, "airlock_control", false)?;
    let room = ctx.location(room)?;
    let r = ctx.state.room(room);
    let yellow = r.explored && r.tile.is_some_and(|t| ctx.content.tile(t).colour == RoomColour::Yellow);
    if room == here || !yellow {
        return refuse(Code::NotAllowed, "choose_another_explored_yellow_room", "Choose another explored Yellow room.");
    }
    if ctx.state.airlock.is_some() {
        return refuse(Code::NotAllowed, "an_airlock_procedure_is_already_active", "An Airlock Procedure is already active.");
    }
    let corridors: Vec<CorridorId> = ctx.content.board.neighbours(room).into_iter().map(|(_, c)| c).collect();
    if corridors.iter().any(|c| ctx.state.board.doors[c.0 as usize] == DoorState::Destroyed) {
        return refuse(Code::NotAllowed, "a_corridor_of_that_room_has_a_destroyed_door", "A corridor of that room has a Destroyed Door.");
    }
    for c in &corridors {
        corridors::close_door(ctx, *c, &corridors);
    }
    ctx.emit(Event::AirlockStarted { seat, at: room });
    Ok(())
}

fn airlock_sealed(ctx: &Ctx, at: Location) -> bool {
    ctx.content.board.neighbours(at).iter().all(|(_, c)| ctx.state.board.doors[c.0 as usize] == DoorState::Closed)
}

/// After every command: a Door of the Airlock room opened (or destroyed) before the Player Phase
/// ended removes the token (p. 25).
pub(super) fn settle_airlock(ctx: &mut Ctx) {
    if let Some(at) = ctx.state.airlock {
        if !airlock_sealed(ctx, at) {
            ctx.emit(Event::AirlockEnded { at, vented: false });
        }
    }
}

/// At the end of the Player Phase (p. 25): all Doors still Closed, everything in the room dies
/// (characters and Intruders, leaving Corpses and Carcasses), its Fire is removed, the token goes.
pub(super) fn vent_airlock(ctx: &mut Ctx) -> Outcome<()> {
    let Some(at) = ctx.state.airlock else { return Ok(()) };
    if !airlock_sealed(ctx, at) {
        ctx.emit(Event::AirlockEnded { at, vented: false });
        return Ok(());
    }
    for seat in ctx.state.characters_at(at) {
        wounds::kill(ctx, seat, DeathCause::Airlock)?;
    }
    let inside: Vec<IntruderId> = ctx.state.intruders_at(at).map(|i| i.id).collect();
    for id in inside {
        intruders::killed(ctx, id);
    }
    if ctx.state.room(at).fire {
        ctx.emit(Event::FireRemoved { at });
    }
    ctx.emit(Event::AirlockEnded { at, vented: true });
    Ok(())
}

/// Fire Control System (p. 24): any 1 room; its Fire marker (if any) is discarded and every
/// Intruder there runs away, one Event card each (with Phosphates, 1 Injury each too).
pub(super) fn fire_control(ctx: &mut Ctx, seat: Seat, room: Location) -> Outcome<()> {
    ctx.tile_room_action(seat, "fire_control_system", false)?;
    let room = ctx.location(room)?;
    // Any room may be chosen, but one with no Fire and no Intruder would cost 2 cards for nothing.
    if !ctx.state.room(room).fire && ctx.state.intruders_at(room).next().is_none() {
        return refuse(Code::NotAllowed, "that_room_has_no_fire_and_no_intruder", "That room has no Fire and no Intruder: the procedure would do nothing there.");
    }
    ctx.emit(Event::FireControlUsed { seat, at: room });
    if ctx.state.room(room).fire {
        ctx.emit(Event::FireRemoved { at: room });
    }
    let inside: Vec<IntruderId> = ctx.state.intruders_at(room).map(|i| i.id).collect();
    let mut running = Vec::new();
    for id in inside {
        if combat::phosphates(ctx, id)? {
            running.push(id);
        }
    }
    // One Event card each, all drawn before anyone moves: Intruders leaving one room move at
    // once, so a Closed Door two of them draw is destroyed once and both stay (p. 17).
    let mut moves = Vec::new();
    let mut drawn = Vec::new();
    for id in running {
        let card = ctx.draw_event(crate::event::EventDraw::Retreat)?;
        moves.push((id, ctx.content.event(card).corridor));
        drawn.push(card);
    }
    intruders::move_each(ctx, &moves);
    // Drawn only for their corridor numbers: discarded, as any retreat's card (p. 20).
    for card in drawn {
        ctx.emit(Event::EventCardDiscarded { card });
    }
    Ok(())
}

/// Search (p. 23): the room's Item Counter goes down by one; an empty room cannot be searched.
pub(super) fn search_room(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.awake(seat)?;
    // The Search card bears the Out of Combat Only icon (p. 12; docs/cards.md): not beside an Intruder.
    if ctx.state.in_combat(seat) {
        return refuse(Code::NotAllowed, "that_card_is_out_of_combat_only", "That card is Out of Combat Only: not with an Intruder in the room.");
    }
    let at = ctx.state.seats[seat].location;
    let r = ctx.state.room(at);
    match r.items {
        _ if !r.explored || !ctx.content.is_slot(at) => refuse(Code::NotAllowed, "no_search_is_possible_in_this_room", "No Search is possible in this room."),
        Some(0) | None => refuse(Code::Empty, "this_room_has_been_emptied_nothing_is_left", "This room has been emptied: nothing is left to find."),
        Some(n) => {
            // The cards themselves are the table's: the line says which deck and how many.
            ctx.emit(Event::ItemsSearched { seat, at });
            ctx.emit(Event::ItemsSet { at, items: n - 1 });
            Ok(())
        }
    }
}

/// Laboratory (p. 24): researching an Object reveals the Weakness in its slot, for everyone.
pub(super) fn research(ctx: &mut Ctx, seat: Seat, object: ResearchObject) -> Outcome<()> {
    ctx.tile_room_action(seat, "laboratory", false)?;
    // p. 24: only with that Object in the Laboratory (carried by the character or lying there).
    let (lying, carried) = objects(ctx, seat, object);
    if lying == 0 && carried == 0 {
        return refuse(Code::NotAllowed, "research_needs_that_object_in_the_laboratory", "Research needs that Object in the Laboratory, carried or lying there.");
    }
    let slot = ctx.state.weaknesses[object.slot()];
    if slot.revealed.is_some() {
        return refuse(Code::NotAllowed, "that_weakness_is_already_discovered", "That Weakness is already discovered.");
    }
    let entered = ctx.take(|e| match e {
        Entered::Weakness { key } => Some(key.clone()),
        _ => None,
    });
    let card = match (slot.card, entered) {
        (Some(c), None) => c,
        // Refused whatever the value, so a guess never learns the face-down card.
        (Some(_), Some(_)) => return refuse(Code::BadResult, "the_app_holds_the_weakness_cards_nothing_needs", "The app holds the Weakness cards: nothing needs entering."),
        (None, Some(k)) => match ctx.content.data.weaknesses.iter().position(|w| w.key == k) {
            Some(i) if !ctx.state.weaknesses.iter().any(|w| w.revealed == Some(WeaknessId(i as u8))) => WeaknessId(i as u8),
            Some(_) => return refuse(Code::BadResult, "that_weakness_is_already_face_up", "That Weakness is already face up."),
            None => return refuse_with(Code::BadResult, "there_is_no_weakness_card_key", "There is no Weakness card '{key}'.", vec![("key", LogParam::text(k.to_string()))]),
        },
        (None, None) => return ctx.need(Component::Weaknesses, "weakness_card_turned_over", "Weakness card turned over"),
    };
    ctx.emit(Event::WeaknessRevealed { slot: object, card });
    Ok(())
}

/// Monitoring Room (p. 25): secretly look at one unexplored room tile and its token.
pub(super) fn peek_room(ctx: &mut Ctx, seat: Seat, at: Location) -> Outcome<()> {
    ctx.tile_room_action(seat, "monitoring_room", false)?;
    let at = ctx.location(at)?;
    let r = ctx.state.room(at).clone();
    if r.explored {
        return refuse(Code::NotAllowed, "that_room_is_already_explored_pick_an_unexplored", "That room is already explored: pick an unexplored one.");
    }
    match (r.tile, r.token) {
        (Some(tile), Some(token)) if ctx.handles(Component::RoomTiles) && ctx.handles(Component::ExplorationTokens) => {
            ctx.emit(Event::RoomPeeked { seat, at, tile, token });
            Ok(())
        }
        // The pieces are the table's (issue 31: the Action was not offered at all): the app takes
        // the Action's cost, and the hand line says what the player does with them.
        _ => {
            ctx.emit(Event::TableDoes { seat, task: TableTask::PeekAtRoom { at } });
            Ok(())
        }
    }
}
