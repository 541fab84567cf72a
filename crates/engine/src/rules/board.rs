//! The board: movement and exploration (p. 14), the Noise roll (p. 15), Technical Corridors (p. 16),
//! markers and doors (p. 17), Encounters (p. 18), intruder placement and movement, and eggs (p. 25).

use super::Ctx;
use crate::command::Entered;
use crate::content::{Exit, ExplorationEffect, LocationKind};
use crate::event::{DrawPurpose, Event};
use crate::ids::*;
use crate::log::LogParam;
use crate::rejection::{refuse, refuse_with, Code, Outcome};
use crate::state::*;

/// What a Noise roll or Encounter brought into the room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrival {
    Nothing,
    Intruder,
}

fn spot_of(ctx: &Ctx, at: Location, number: u8) -> NoiseSpot {
    match ctx.c.board.exit(at, number) {
        Exit::Corridor(c) => NoiseSpot::Corridor(c),
        Exit::Technical => NoiseSpot::Technical,
    }
}

fn has_noise(ctx: &Ctx, spot: NoiseSpot) -> bool {
    match spot {
        NoiseSpot::Corridor(c) => ctx.s.board.noise[c.0 as usize],
        NoiseSpot::Technical => ctx.s.board.technical_noise,
    }
}

/// Every noise spot touching a room: its corridors, and the Technical Corridors if it has an entrance.
fn spots_of(ctx: &Ctx, at: Location) -> Vec<NoiseSpot> {
    let mut v: Vec<NoiseSpot> = ctx.c.board.corridors_of(at).into_iter().map(NoiseSpot::Corridor).collect();
    if ctx.c.board.has_technical_entrance(at) {
        v.push(NoiseSpot::Technical);
    }
    v
}

pub(super) fn place_noise_marker(ctx: &mut Ctx, spot: NoiseSpot) {
    if !has_noise(ctx, spot) && ctx.s.noise_count() < ctx.c.data.pools.noise {
        ctx.emit(Event::NoisePlaced { spot });
    }
}

/// Noise in each corridor of the room that has none (Danger with nobody near, the Blank token).
pub(super) fn noise_everywhere(ctx: &mut Ctx, at: Location) {
    for spot in spots_of(ctx, at) {
        place_noise_marker(ctx, spot);
    }
}

/// Movement (p. 14), Careful Movement (p. 13) and Escape (p. 19): one Action's move of a character.
pub(super) fn move_character(ctx: &mut Ctx, seat: Seat, to: Location, careful: Option<u8>) -> Outcome<()> {
    ctx.awake(seat)?;
    let to = ctx.location(to)?;
    let from = ctx.s.seats[seat].location;
    let Some(corridor) = ctx.c.board.corridor_between(from, to) else {
        return refuse_with(Code::NotAllowed, "Room {to} is not next to room {from}.", vec![("to", LogParam::number(to.0)), ("from", LogParam::number(from.0))]);
    };
    if ctx.s.board.doors[corridor.0 as usize] == DoorState::Closed {
        return refuse(Code::NotAllowed, "A closed door blocks that corridor.");
    }
    let escaping = ctx.s.intruders_at(from).next().is_some();
    if let Some(n) = careful {
        if escaping {
            return refuse(Code::NotAllowed, "Careful Movement is not possible in Combat.");
        }
        if !(1..=4).contains(&n) {
            return refuse(Code::NoSuchThing, "Corridor numbers run from 1 to 4.");
        }
        if spots_of(ctx, to).iter().all(|s| has_noise(ctx, *s)) {
            return refuse(Code::NotAllowed, "Every corridor of that room already has Noise: Careful Movement is not possible.");
        }
        if has_noise(ctx, spot_of(ctx, to, n)) {
            return refuse(Code::NotAllowed, "That corridor already has a Noise marker: choose another.");
        }
    }
    if escaping {
        // Escape: each Intruder in the room attacks before the character leaves (p. 19).
        let ids: Vec<IntruderId> = ctx.s.intruders_at(from).map(|i| i.id).collect();
        for id in ids {
            if ctx.s.seats[seat].life != Life::Awake {
                return Ok(());
            }
            if ctx.s.intruder(id).is_some() {
                super::combat::attack(ctx, id, seat)?;
            }
        }
        if ctx.s.seats[seat].life != Life::Awake || ctx.s.is_over() {
            return Ok(());
        }
    }
    let occupied = !ctx.s.characters_at(to).is_empty() || ctx.s.intruders_at(to).next().is_some();
    ctx.emit(Event::CharacterMoved { seat, to });
    let mut roll = !occupied;
    if !ctx.s.room(to).explored {
        match explore(ctx, seat, to, corridor)? {
            Some(ExplorationEffect::Silence) | Some(ExplorationEffect::Danger) => roll = false,
            _ => {}
        }
        if ctx.s.is_over() || ctx.s.seats[seat].life != Life::Awake {
            return Ok(());
        }
    }
    if ctx.s.room(to).tile.is_some_and(|t| ctx.c.tile(t).key == "room_covered_with_slime") && !ctx.s.seats[seat].slime {
        ctx.emit(Event::SlimeSet { seat, on: true });
    }
    if let Some(n) = careful {
        place_noise_marker(ctx, spot_of(ctx, to, n));
    } else if roll {
        noise_roll(ctx, seat)?;
    }
    Ok(())
}

/// Reveals a room and its Exploration token and resolves the token (p. 14).
/// Returns the effect, since Silence and Danger replace the Noise roll.
fn explore(ctx: &mut Ctx, seat: Seat, at: Location, entered_by: CorridorId) -> Outcome<Option<ExplorationEffect>> {
    let entered = ctx.take(|e| match e {
        Entered::Room { tile, effect, items } => Some((tile.clone(), *effect, *items)),
        _ => None,
    });
    let room = ctx.s.room(at).clone();
    let (tile, token) = match entered {
        Some((key, effect, items)) => {
            // Anything entered for a component the app holds is refused whatever its value,
            // so the answer never tells whether a guess matched a hidden tile or token.
            if ctx.handles(Component::ExplorationTokens) {
                return refuse(Code::BadResult, "The app holds the Exploration tokens: nothing needs entering for them.");
            }
            let tile = match (key, room.tile) {
                (None, Some(t)) if ctx.handles(Component::RoomTiles) => t,
                (Some(_), _) if ctx.handles(Component::RoomTiles) => {
                    return refuse(Code::BadResult, "The app holds the room tiles: enter only the Exploration token.")
                }
                (None, _) => return refuse(Code::BadResult, "Enter the room tile turned over."),
                (Some(key), _) => match ctx.c.room_tile(&key) {
                    Some(t) => t,
                    None => return refuse_with(Code::BadResult, "There is no room tile '{key}'.", vec![("key", LogParam::text(key.clone()))]),
                },
            };
            let token = match ctx.c.data.exploration_tokens.iter().position(|x| x.effect == effect && x.items == items) {
                Some(i) => ExplorationId(i as u8),
                None => return refuse(Code::BadResult, "No Exploration token shows that effect and item number."),
            };
            (tile, token)
        }
        None => match (room.tile, room.token) {
            (Some(t), Some(k)) if ctx.handles(Component::RoomTiles) && ctx.handles(Component::ExplorationTokens) => (t, k),
            (_, _) if !ctx.handles(Component::RoomTiles) => return ctx.need(Component::RoomTiles, "room tile and Exploration token"),
            _ => return ctx.need(Component::ExplorationTokens, "room tile and Exploration token"),
        },
    };
    let spec = ctx.c.data.exploration_tokens[token.0 as usize].clone();
    let tile_spec = ctx.c.tile(tile).clone();
    // Solo mode halves each room's items, rounding up (p. 27). The Nest and the Slime room keep none.
    let items = if !tile_spec.searchable {
        0
    } else if ctx.s.config.mode == Mode::Solo {
        spec.items.div_ceil(2)
    } else {
        spec.items
    };
    ctx.emit(Event::RoomExplored { at, tile, token, items });
    if ctx.s.room(at).malfunction && no_malfunction_tile(ctx, tile) {
        ctx.emit(Event::MalfunctionRemoved { at });
    }
    let slimed = ctx.s.seats[seat].slime;
    let effect = match spec.effect {
        ExplorationEffect::Silence if slimed => ExplorationEffect::Danger,
        e => e,
    };
    match effect {
        ExplorationEffect::Silence => {}
        ExplorationEffect::Danger => danger(ctx, at),
        ExplorationEffect::Slime => {
            if !ctx.s.seats[seat].slime {
                ctx.emit(Event::SlimeSet { seat, on: true });
            }
        }
        ExplorationEffect::Fire => place_fire(ctx, at),
        ExplorationEffect::Malfunction => place_malfunction(ctx, at),
        ExplorationEffect::Doors => close_door(ctx, entered_by),
    }
    Ok(Some(effect))
}

/// Closes a door in a corridor; with no token left in the pool one is taken from elsewhere (p. 17).
pub(super) fn close_door(ctx: &mut Ctx, corridor: CorridorId) {
    // A Destroyed door can never be closed again (p. 17).
    if ctx.s.board.doors[corridor.0 as usize] != DoorState::Open {
        return;
    }
    if ctx.s.doors_in_use() >= ctx.c.data.pools.doors {
        if let Some(other) = ctx.s.board.doors.iter().position(|d| *d != DoorState::Open) {
            ctx.emit(Event::DoorChanged { corridor: CorridorId(other as u8), state: DoorState::Open });
        }
    }
    ctx.emit(Event::DoorChanged { corridor, state: DoorState::Closed });
}

/// Danger (p. 15): neighbouring Intruders not in Combat come in; if none, Noise in every corridor.
pub(super) fn danger(ctx: &mut Ctx, at: Location) {
    let neighbours: Vec<Location> = ctx.c.board.neighbours(at).into_iter().map(|(l, _)| l).collect();
    let coming: Vec<IntruderId> = ctx
        .s
        .intruders
        .iter()
        .filter(|i| neighbours.contains(&i.at) && !ctx.s.intruder_in_combat(i))
        .map(|i| i.id)
        .collect();
    if coming.is_empty() {
        noise_everywhere(ctx, at);
    } else {
        for id in coming {
            ctx.emit(Event::IntruderMoved { id, to: at });
        }
        intruders_arrived(ctx, at);
    }
}

/// A Noise roll for a character in their room (p. 15). Returns whether an Intruder came.
pub(super) fn noise_roll(ctx: &mut Ctx, seat: Seat) -> Outcome<Arrival> {
    let at = ctx.s.seats[seat].location;
    let face = ctx.roll_noise()?;
    ctx.emit(Event::NoiseRolled { seat: Some(seat), at, face });
    let before = ctx.s.intruders_at(at).count();
    let face = if face == NoiseFace::Silence && ctx.s.seats[seat].slime { NoiseFace::Danger } else { face };
    match face {
        NoiseFace::Silence => {}
        NoiseFace::Danger => danger(ctx, at),
        n => {
            let spot = spot_of(ctx, at, n.corridor().expect("numbered face"));
            if has_noise(ctx, spot) {
                encounter(ctx, seat)?;
            } else {
                place_noise_marker(ctx, spot);
            }
        }
    }
    Ok(if ctx.s.intruders_at(at).count() > before { Arrival::Intruder } else { Arrival::Nothing })
}

/// Draws a token from the bag (or takes the one entered from the physical bag).
pub(super) fn draw_token(ctx: &mut Ctx, purpose: DrawPurpose) -> Outcome<Option<(TokenId, Option<u8>)>> {
    let bag = ctx.s.bag();
    let entered = ctx.take(|e| match e {
        Entered::Token { token, back } => Some((*token, *back)),
        _ => None,
    });
    if bag.is_empty() {
        if entered.is_some() {
            return refuse(Code::BadResult, "The bag is empty: no token can have been drawn.");
        }
        ctx.emit(Event::BagWasEmpty { purpose });
        return Ok(None);
    }
    let (token, back) = match entered {
        Some((kind, back)) => {
            let of_kind: Vec<TokenId> = bag.iter().copied().filter(|t| ctx.c.token(*t).kind == kind).collect();
            let exact = of_kind.iter().copied().find(|t| back.is_none() || ctx.c.token(*t).back == back);
            match exact.or_else(|| if ctx.handles(Component::IntruderBag) { None } else { of_kind.first().copied() }) {
                // A physical bag's tokens are interchangeable to the app, but the back read at the table counts.
                Some(t) => (t, back.or(ctx.c.token(t).back)),
                None => return refuse_with(Code::BadResult, "No {token} token with that number is in the bag.", vec![("token", LogParam::of("token", &kind, kind.name()))]),
            }
        }
        None if ctx.handles(Component::IntruderBag) => {
            let t = bag[ctx.fate.index(bag.len())];
            (t, ctx.c.token(t).back)
        }
        None => return ctx.need(Component::IntruderBag, "token drawn from the bag"),
    };
    ctx.emit(Event::TokenDrawn { token, purpose });
    Ok(Some((token, back)))
}

/// Adds a token of a kind from the supply to the bag; nothing happens when none is left (p. 10).
pub(super) fn add_from_supply(ctx: &mut Ctx, kind: TokenKind) {
    let supply: Vec<TokenId> =
        ctx.s.tokens_in(TokenPlace::Supply).into_iter().filter(|t| ctx.c.token(*t).kind == kind).collect();
    if supply.is_empty() {
        return;
    }
    let t = supply[ctx.fate.index(supply.len())];
    ctx.emit(Event::TokenAddedToBag { token: t });
}

/// An Encounter in the seat's room (p. 18). Returns whether an Intruder appeared.
pub(super) fn encounter(ctx: &mut Ctx, seat: Seat) -> Outcome<Arrival> {
    let at = ctx.s.seats[seat].location;
    begin_encounter(ctx, seat, at);
    let Some((token, back)) = draw_token(ctx, DrawPurpose::Encounter)? else {
        return Ok(Arrival::Nothing);
    };
    let Some(kind) = ctx.c.token(token).kind.intruder() else {
        // The Blank token: Noise everywhere around; if it was the last token, an Adult joins the bag.
        noise_everywhere(ctx, at);
        if ctx.s.bag().is_empty() {
            add_from_supply(ctx, TokenKind::Adult);
        }
        ctx.emit(Event::TokenReturned { token });
        return Ok(Arrival::Nothing);
    };
    let Some(id) = place_intruder(ctx, kind, at, Some(token))? else {
        return Ok(Arrival::Nothing);
    };
    surprise_check(ctx, seat, id, back.unwrap_or(1))?;
    Ok(Arrival::Intruder)
}

/// Encounter step 1 (p. 18): every Noise marker around the room is discarded.
pub(super) fn begin_encounter(ctx: &mut Ctx, seat: Seat, at: Location) {
    ctx.emit(Event::EncounterBegan { seat, at });
    for spot in spots_of(ctx, at) {
        if has_noise(ctx, spot) {
            ctx.emit(Event::NoiseRemoved { spot });
        }
    }
}

/// Compares the token's back with the hand (p. 18): fewer cards means a Surprise Attack.
pub(super) fn surprise_check(ctx: &mut Ctx, seat: Seat, id: IntruderId, back: u8) -> Outcome<()> {
    let mut back = back;
    if ctx.s.weakness_known("reaction_to_danger") {
        back = back.saturating_sub(1).max(1);
    }
    let hand = ctx.s.seats[seat].hand;
    if hand < back && ctx.s.seats[seat].life == Life::Awake {
        ctx.emit(Event::SurpriseAttack { seat, id, back, hand });
        super::combat::attack(ctx, id, seat)?;
    }
    Ok(())
}

/// Puts an intruder on the board (with its drawn token set aside, if any).
/// The 9th Adult makes the Adults not in Combat retreat into the bag first (p. 15).
pub(super) fn place_intruder(ctx: &mut Ctx, kind: IntruderKind, at: Location, token: Option<TokenId>) -> Outcome<Option<IntruderId>> {
    if kind == IntruderKind::Adult {
        let adults = ctx.s.intruders.iter().filter(|i| i.kind == IntruderKind::Adult).count();
        if adults >= ctx.c.data.pools.adult_miniatures as usize {
            let leaving: Vec<IntruderId> = ctx
                .s
                .intruders
                .iter()
                .filter(|i| i.kind == IntruderKind::Adult && !ctx.s.intruder_in_combat(i))
                .map(|i| i.id)
                .collect();
            for id in leaving {
                ctx.emit(Event::IntruderLeftBoard { id });
            }
            let adults = ctx.s.intruders.iter().filter(|i| i.kind == IntruderKind::Adult).count();
            if adults >= ctx.c.data.pools.adult_miniatures as usize {
                // Every Adult miniature is in Combat: none can appear.
                if let Some(t) = token {
                    ctx.emit(Event::TokenReturned { token: t });
                }
                return Ok(None);
            }
        }
    }
    let id = IntruderId(ctx.s.next_intruder);
    ctx.emit(Event::IntruderPlaced { id, kind, at, token });
    if !ctx.s.first_encounter {
        // First Encounter (p. 12): from now on every player must choose one objective.
        ctx.emit(Event::FirstEncounter);
    }
    intruders_arrived(ctx, at);
    Ok(Some(id))
}

/// Whoever waits in an Escape Pod returns to the section when an Intruder arrives there (p. 26).
pub(super) fn intruders_arrived(ctx: &mut Ctx, at: Location) {
    let Some(tile) = ctx.s.room(at).tile else { return };
    let section = match ctx.c.tile(tile).key.as_str() {
        "evacuation_section_a" => Section::A,
        "evacuation_section_b" => Section::B,
        _ => return,
    };
    if !ctx.s.room(at).explored {
        return;
    }
    let waiting: Vec<Seat> = ctx
        .s
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
    let mut arrived: Vec<Location> = Vec::new();
    // Doors as they were before anyone moved: a group leaving one room together is stopped by a
    // closed door, which is destroyed once, and all of them stay (p. 17).
    let doors_before = ctx.s.board.doors.clone();
    let only_big_break_doors = ctx.s.weakness_known("the_way_of_moving");
    for id in ids {
        let Some(i) = ctx.s.intruder(*id).cloned() else { continue };
        match ctx.c.board.exit(i.at, number) {
            Exit::Technical => ctx.emit(Event::IntruderLeftBoard { id: *id }),
            Exit::Corridor(c) => match doors_before[c.0 as usize] {
                DoorState::Closed => {
                    let can_break = !only_big_break_doors || matches!(i.kind, IntruderKind::Queen | IntruderKind::Breeder);
                    if can_break && ctx.s.board.doors[c.0 as usize] == DoorState::Closed {
                        ctx.emit(Event::DoorChanged { corridor: c, state: DoorState::Destroyed });
                    }
                }
                _ => {
                    let to = ctx.c.board.corridors[c.0 as usize].other_end(i.at);
                    ctx.emit(Event::IntruderMoved { id: *id, to });
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

pub(super) fn set_noise(ctx: &mut Ctx, spot: NoiseSpot, on: bool) -> Outcome<()> {
    if let NoiseSpot::Corridor(c) = spot {
        if c.0 as usize >= ctx.s.board.noise.len() {
            return refuse(Code::NoSuchThing, "There is no such corridor.");
        }
    }
    match (on, has_noise(ctx, spot)) {
        (true, true) => refuse(Code::NotAllowed, "That corridor already has a Noise marker (a second one means an Encounter)."),
        (false, false) => refuse(Code::NotAllowed, "That corridor has no Noise marker."),
        (true, false) => {
            if ctx.s.noise_count() >= ctx.c.data.pools.noise {
                return refuse(Code::Empty, "All Noise markers are on the board.");
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
    let Some(now) = ctx.s.board.doors.get(corridor.0 as usize).copied() else {
        return refuse(Code::NoSuchThing, "There is no such corridor.");
    };
    if now == state {
        let name = match state {
            DoorState::Open => "open",
            DoorState::Closed => "closed",
            DoorState::Destroyed => "destroyed",
        };
        return refuse_with(Code::NotAllowed, "That door is already {state}.", vec![("state", LogParam::of("door", &state, name))]);
    }
    if now == DoorState::Destroyed && state == DoorState::Closed {
        return refuse(Code::NotAllowed, "A destroyed door can never be closed again.");
    }
    if state == DoorState::Closed {
        close_door(ctx, corridor);
    } else {
        ctx.emit(Event::DoorChanged { corridor, state });
    }
    Ok(())
}

fn can_hold_malfunction(ctx: &Ctx, at: Location) -> bool {
    // Never in the Nest or the Room Covered with Slime (p. 17). An unexplored room's tile is a
    // secret, so it is judged only once explored (exploring then clears a marker it cannot hold).
    let r = ctx.s.room(at);
    !(r.explored && r.tile.is_some_and(|t| no_malfunction_tile(ctx, t)))
}

fn no_malfunction_tile(ctx: &Ctx, t: RoomTileId) -> bool {
    matches!(ctx.c.tile(t).key.as_str(), "nest" | "room_covered_with_slime")
}

/// Places a Fire marker; the 9th one loses the ship (p. 17, p. 11).
pub(super) fn place_fire(ctx: &mut Ctx, at: Location) {
    if ctx.s.is_over() || ctx.s.room(at).fire {
        return;
    }
    if ctx.s.fire_count() >= ctx.c.data.pools.fire {
        super::turn::end_game(ctx, EndCause::Fire);
        return;
    }
    ctx.emit(Event::FirePlaced { at });
}

/// Places a Malfunction marker; the 9th one loses the ship (p. 17, p. 11).
pub(super) fn place_malfunction(ctx: &mut Ctx, at: Location) {
    if ctx.s.is_over() || ctx.s.room(at).malfunction || !can_hold_malfunction(ctx, at) {
        return;
    }
    if ctx.s.malfunction_count() >= ctx.c.data.pools.malfunction {
        super::turn::end_game(ctx, EndCause::Malfunction);
        return;
    }
    ctx.emit(Event::MalfunctionPlaced { at });
}

pub(super) fn set_fire(ctx: &mut Ctx, at: Location, on: bool) -> Outcome<()> {
    let at = ctx.location(at)?;
    match (on, ctx.s.room(at).fire) {
        (true, true) => refuse(Code::NotAllowed, "That room is already on fire (one Fire marker at most)."),
        (false, false) => refuse(Code::NotAllowed, "That room has no Fire marker."),
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
    match (on, ctx.s.room(at).malfunction) {
        (true, true) => refuse(Code::NotAllowed, "That room already has a Malfunction marker."),
        (false, false) => refuse(Code::NotAllowed, "That room has no Malfunction marker."),
        (true, false) => {
            if !can_hold_malfunction(ctx, at) {
                return refuse(Code::NotAllowed, "A Malfunction marker can never go in the Nest or the Room Covered with Slime.");
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

pub(super) fn roll_dice(ctx: &mut Ctx, die: Die, count: u8) -> Outcome<()> {
    if !(1..=2).contains(&count) {
        return refuse(Code::NotAllowed, "The box has two dice of each kind: roll 1 or 2.");
    }
    let (mut noise, mut combat) = (Vec::new(), Vec::new());
    for _ in 0..count {
        match die {
            Die::Noise => noise.push(ctx.roll_noise()?),
            Die::Combat => combat.push(ctx.roll_combat()?),
        }
    }
    ctx.emit(Event::DiceRolled { die, noise, combat });
    Ok(())
}

fn in_nest(ctx: &Ctx, seat: Seat) -> Outcome<Location> {
    match ctx.s.nest_location() {
        Some(n) if ctx.s.seats[seat].location == n => Ok(n),
        _ => refuse(Code::NotAllowed, "The character must be in the explored Nest."),
    }
}

/// Nest: Take one Egg, then a Noise roll (p. 25). The last egg taken destroys the Nest.
pub(super) fn take_egg(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.awake(seat)?;
    in_nest(ctx, seat)?;
    if ctx.s.nest_eggs == 0 {
        return refuse(Code::Empty, "No Egg is left in the Nest.");
    }
    if ctx.s.in_combat(seat) {
        return refuse(Code::NotAllowed, "Room Actions are not possible in Combat.");
    }
    ctx.emit(Event::EggTaken { seat });
    nest_check(ctx);
    noise_roll(ctx, seat)?;
    Ok(())
}

fn nest_check(ctx: &mut Ctx) {
    if ctx.s.nest_eggs == 0 && !ctx.s.nest_destroyed {
        ctx.emit(Event::NestDestroyed);
    }
}

/// Destroying uncarried Eggs with a Shoot or Melee attempt (p. 25): each Injury destroys one;
/// a Noise roll follows every attempt.
pub(super) fn destroy_eggs(ctx: &mut Ctx, seat: Seat, count: u8) -> Outcome<()> {
    ctx.awake(seat)?;
    let at = ctx.s.seats[seat].location;
    let nest = ctx.s.nest_location() == Some(at);
    let here = if nest { ctx.s.nest_eggs } else { ctx.s.room(at).eggs };
    if here == 0 {
        return refuse(Code::Empty, "There are no uncarried Eggs in this room.");
    }
    let n = count.min(here);
    if n > 0 {
        if nest {
            ctx.emit(Event::NestEggsDestroyed { count: n });
            nest_check(ctx);
        } else {
            ctx.emit(Event::RoomEggsDestroyed { at, count: n });
        }
    }
    noise_roll(ctx, seat)?;
    Ok(())
}

pub(super) fn drop_eggs(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.awake(seat)?;
    let n = ctx.s.seats[seat].eggs_carried;
    if n == 0 {
        return refuse(Code::NotAllowed, "This character carries no Egg.");
    }
    let at = ctx.s.seats[seat].location;
    ctx.emit(Event::EggsDropped { seat, at, count: n });
    Ok(())
}

/// Search (p. 23): the room's Item Counter goes down by one; an empty room cannot be searched.
pub(super) fn search_room(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.awake(seat)?;
    let at = ctx.s.seats[seat].location;
    let r = ctx.s.room(at);
    match r.items {
        _ if !r.explored || !ctx.c.is_slot(at) => refuse(Code::NotAllowed, "No Search is possible in this room."),
        Some(0) | None => refuse(Code::Empty, "This room has been emptied: nothing is left to find."),
        Some(n) => {
            ctx.emit(Event::ItemsSet { at, items: n - 1 });
            Ok(())
        }
    }
}

/// The location of a special room, by kind.
pub(super) fn special(ctx: &Ctx, kind: LocationKind) -> Location {
    ctx.c.location_of_kind(kind)
}
