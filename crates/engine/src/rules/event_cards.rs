//! The Event cards' own effects (p. 10 and the cards): fire spreading, doors, Noise, Intruders
//! drawn from the bag, hatching, and the rest, one card at a time.

use super::ctx::Ctx;
use super::{contamination, corridors, draw, encounter, fire, intruders, wounds};
use crate::content::*;
use crate::command::Entered;
use crate::event::*;
use crate::ids::*;
use crate::rejection::{refuse_with, Code, Outcome};
use crate::words::LogParam;
use crate::state::*;

fn explored_rooms(ctx: &Ctx) -> Vec<Location> {
    ctx.content.board.locations().filter(|l| ctx.state.room(*l).explored).collect()
}

fn colour_of(ctx: &Ctx, at: Location) -> Option<RoomColour> {
    ctx.state.room(at).tile.map(|t| ctx.content.tile(t).colour)
}

/// Fire spreads to every neighbouring room, not through closed doors (Technical Corridors are not corridors between rooms).
fn spread_fire(ctx: &mut Ctx, from: &[Location]) {
    for at in from {
        for (n, corridor) in ctx.content.board.neighbours(*at) {
            if ctx.state.board.doors[corridor.0 as usize] != DoorState::Closed {
                fire::place_fire(ctx, n);
            }
        }
    }
}

/// Each Event card's effect, in our words in the content; the rule here (manual p. 10 and the cards).
/// Hatching infests the characters whose players hold no Action card (the card; p. 20). The hand
/// count the table keeps holds Contamination cards too (rules-deviations 4): an empty hand holds
/// none, a hand larger than the Contamination cards the character owns holds at least one, and
/// in between only the player knows, so the table is asked (`Entered::NoActionCards`).
fn holds_no_action_card(ctx: &mut Ctx, seat: Seat) -> Outcome<bool> {
    let s = &ctx.state.seats[seat];
    if s.hand == 0 {
        return Ok(true);
    }
    if usize::from(s.hand) > s.contamination.len() {
        return Ok(false);
    }
    let (name, cards) = (s.name.clone(), s.hand);
    match ctx.take(|e| match e {
        Entered::NoActionCards { seat: asked, none } if *asked == seat => Some(*none),
        _ => None,
    }) {
        Some(none) => Ok(none),
        None => refuse_with(Code::ResultNeeded, "player_is_in_the_nest_with_cards_that_may_all_be", "Hatching: {player} is in the Nest with {cards, plural, one {# card that may be a Contamination card} other {# cards that may all be Contamination cards}}. Enter whether they hold no Action card.", vec![("player", LogParam::seat(seat.0, name)), ("cards", LogParam::number(u16::from(cards)))]),
    }
}

pub(super) fn event_effect(ctx: &mut Ctx, effect: EventEffect) -> Outcome<()> {
    let burning = |ctx: &Ctx| -> Vec<Location> { ctx.content.board.locations().filter(|l| ctx.state.room(*l).fire).collect() };
    match effect {
        EventEffect::DamagingFire => {
            let fires = burning(ctx);
            for at in &fires {
                fire::place_malfunction(ctx, *at);
            }
            spread_fire(ctx, &fires);
        }
        EventEffect::ConsumingFire => {
            let fires = burning(ctx);
            for at in &fires {
                if ctx.state.room(*at).items.is_some_and(|n| n > 0) {
                    ctx.emit(Event::ItemsSet { at: *at, items: 0 });
                }
            }
            spread_fire(ctx, &fires);
        }
        EventEffect::Regeneration => {
            let hurt: Vec<(IntruderId, u8)> =
                ctx.state.intruders.iter().filter(|i| i.injuries > 0).map(|i| (i.id, i.injuries.min(2))).collect();
            for (id, n) in hurt {
                ctx.emit(Event::IntruderHealed { id, injuries: n });
            }
        }
        EventEffect::ScentOfPrey => {
            let rooms: Vec<Location> = ctx
                .state
                .seats
                .iter()
                .filter(|(_, s)| s.life == Life::Awake && s.slime)
                .map(|(_, s)| s.location)
                .collect();
            for at in rooms {
                corridors::noise_everywhere(ctx, at);
            }
        }
        EventEffect::FlammableCompounds => {
            let hib = ctx.special(LocationKind::Hibernatorium);
            if ctx.state.room(hib).fire {
                spread_fire(ctx, &[hib]);
            } else {
                fire::place_fire(ctx, hib);
            }
        }
        EventEffect::BulkheadsOpen => {
            let closed: Vec<CorridorId> = (0..ctx.state.board.doors.len())
                .filter(|i| ctx.state.board.doors[*i] == DoorState::Closed)
                .map(|i| CorridorId(i as u8))
                .collect();
            for corridor in closed {
                ctx.emit(Event::DoorChanged { corridor, state: DoorState::Open });
            }
        }
        EventEffect::Hunt => {
            // The Adults of one room share their neighbours, so they hunt into the same room
            // (the lowest-numbered one with a character) and leave together: through a Closed
            // Door they destroy it and all stay (p. 17), so none slips through after the first.
            let adults: Vec<Intruder> = ctx
                .state
                .intruders
                .iter()
                .filter(|i| i.kind == IntruderKind::Adult && !ctx.state.intruder_in_combat(i))
                .cloned()
                .collect();
            let mut rooms: Vec<Location> = adults.iter().map(|i| i.at).collect();
            rooms.sort();
            rooms.dedup();
            for from in rooms {
                let group: Vec<IntruderId> = adults.iter().filter(|i| i.at == from).map(|i| i.id).collect();
                let prey = ctx.content.board.neighbours(from).into_iter().find(|(l, _)| !ctx.state.characters_at(*l).is_empty());
                let Some((to, corridor)) = prey else { continue };
                if ctx.state.board.doors[corridor.0 as usize] == DoorState::Closed {
                    // With The Way of Moving known, an Adult cannot break the door: it stays.
                    if !ctx.state.weakness_known(WeaknessEffect::TheWayOfMoving) {
                        ctx.emit(Event::DoorChanged { corridor, state: DoorState::Destroyed });
                    }
                } else {
                    for id in group {
                        ctx.emit(Event::IntruderMoved { id, to, from: Some(from) });
                    }
                    intruders::intruders_arrived(ctx, to);
                }
            }
        }
        EventEffect::Eclosion => {
            // Characters with a Larva die, a Creeper bursting out where they were. Every other
            // character draws 4 cards from their Action deck, which the table holds: each is told
            // to draw, and a player who owns Contamination cards scans those drawn on their own
            // device (`ScanContamination`, Look: one INFECTED places a Larva, p. 20).
            for seat in ctx.state.turn_order() {
                if ctx.state.seats[seat].life.is_awake_on_board() && ctx.state.seats[seat].larva {
                    wounds::kill(ctx, seat, DeathCause::Larva)?;
                }
            }
            for seat in ctx.state.turn_order() {
                let s = &ctx.state.seats[seat];
                if s.life.is_awake_on_board() {
                    let holds = u8::try_from(s.contamination.len()).unwrap_or(u8::MAX);
                    ctx.emit(Event::EclosionDraw { seat, holds });
                }
            }
        }
        EventEffect::CoolantLeak => {
            let generator = ctx.state.explored_room("generator");
            // Unlike a character at the Generator (p. 24), the leak starts it even while someone
            // hibernates (Coolant Leak card, card reference #8; rules-deviations 27).
            if generator.is_some_and(|g| ctx.state.room(g).malfunction) && ctx.state.self_destruct.is_none() {
                ctx.emit(Event::SelfDestructStarted);
            }
        }
        EventEffect::Nest => {
            if let Some(nest) = ctx.state.nest_location() {
                corridors::noise_everywhere(ctx, nest);
            }
        }
        EventEffect::ShortCircuit => {
            for at in explored_rooms(ctx) {
                let computer = ctx.state.room(at).tile.is_some_and(|t| ctx.content.tile(t).computer);
                if computer && colour_of(ctx, at) == Some(RoomColour::Yellow) {
                    fire::place_malfunction(ctx, at);
                }
            }
        }
        EventEffect::LifeSupportFailure => {
            for at in explored_rooms(ctx) {
                if colour_of(ctx, at) == Some(RoomColour::Green) {
                    fire::place_malfunction(ctx, at);
                }
            }
        }
        EventEffect::Damage => {
            let mut rooms: Vec<Location> = ctx
                .state
                .intruders
                .iter()
                .filter(|i| matches!(i.kind, IntruderKind::Adult | IntruderKind::Breeder | IntruderKind::Queen))
                .map(|i| i.at)
                .collect();
            rooms.sort();
            rooms.dedup();
            for at in rooms {
                fire::place_malfunction(ctx, at);
            }
        }
        EventEffect::EggProtection => {
            let nest = ctx.state.nest_location();
            for seat in ctx.state.turn_order() {
                let s = &ctx.state.seats[seat];
                if s.life == Life::Awake && (Some(s.location) == nest || s.eggs_carried > 0) {
                    encounter::encounter(ctx, seat)?;
                }
            }
        }
        EventEffect::Malfunction => {
            // The explored room with the lowest number (the card; the special rooms are explored
            // from the start, p. 26). If it already holds a marker, or can never hold one, nothing
            // happens (p. 17): the marker does not go on to another room.
            if let Some(at) = explored_rooms(ctx).into_iter().min() {
                fire::place_malfunction(ctx, at);
            }
        }
        EventEffect::Lurking => {
            let leaving: Vec<IntruderId> = ctx.state.intruders.iter().filter(|i| !ctx.state.intruder_in_combat(i)).map(|i| i.id).collect();
            for id in leaving {
                intruders::leave_board(ctx, id);
            }
        }
        EventEffect::EvacuationPodEjection => {
            let lowest = ctx.state.pods.iter().filter(|p| p.state == PodState::Docked).min_by_key(|p| p.number).cloned();
            if let Some(p) = lowest {
                for seat in p.occupants {
                    ctx.emit(Event::CharacterLeftPod { seat });
                }
                ctx.emit(Event::PodEjected { pod: p.number });
            }
        }
        EventEffect::Hatching => {
            if ctx.state.nest_eggs > 0 {
                ctx.emit(Event::NestEggsDestroyed { count: 1 });
                if ctx.state.nest_eggs == 0 && !ctx.state.nest_destroyed {
                    ctx.emit(Event::NestDestroyed);
                }
            }
            let nest = ctx.state.nest_location();
            let mut infested = false;
            for seat in ctx.state.turn_order() {
                let s = &ctx.state.seats[seat];
                if s.life == Life::Awake && Some(s.location) == nest && holds_no_action_card(ctx, seat)? {
                    infested = true;
                    // Infest (p. 20) has no death clause: a character already carrying a Larva
                    // keeps the one it has (the board holds one) and still takes the card. Only an
                    // INFECTED scan with a Larva present kills (p. 20).
                    if !ctx.state.seats[seat].larva {
                        ctx.emit(Event::LarvaSet { seat, on: true });
                    }
                    contamination::give_contamination(ctx, seat);
                }
            }
            if !infested {
                draw::add_from_supply(ctx, TokenKind::Larva);
            }
        }
        EventEffect::NoiseInTechnicalCorridors => {
            if ctx.state.board.technical_noise {
                let rolling: Vec<Seat> = ctx
                    .state
                    .turn_order()
                    .into_iter()
                    .filter(|x| ctx.state.seats[*x].life == Life::Awake && ctx.content.board.has_technical_entrance(ctx.state.seats[*x].location))
                    .collect();
                // Said even when nobody rolls, or the card reads as resolved in silence.
                ctx.emit(Event::TechnicalNoiseRolls { seats: rolling.clone() });
                for seat in rolling {
                    // An earlier roll's Encounter may have killed this character.
                    if ctx.state.seats[seat].life == Life::Awake {
                        encounter::noise_roll(ctx, seat)?;
                    }
                }
            } else {
                corridors::place_noise_marker(ctx, NoiseSpot::Technical);
            }
        }
    }
    Ok(())
}
