//! The turn (pp. 10–11): the Player Phase's draw, the Event Phase's five steps in order,
//! every Event card effect, bag development, the end of the game and the victory check.

use super::{board, combat, ship, Ctx};
use crate::command::Entered;
use crate::content::{EventEffect, EventFate, LocationKind, RoomColour};
use crate::event::{DeathCause, DrawPurpose, Event, EventDraw, UnlockReason};
use crate::ids::*;
use crate::log::LogParam;
use crate::rejection::{refuse, refuse_with, Code, Outcome};
use crate::state::*;

/// Step 1: every character draws up to 5 (4 with an undressed Body wound, 6 resting in working Cabins).
pub(super) fn refill_hands(ctx: &mut Ctx) {
    let seats: Vec<Seat> = ctx.s.seats.seats().collect();
    for seat in seats {
        let s = &ctx.s.seats[seat];
        if s.life != Life::Awake {
            continue;
        }
        let body = s.serious.iter().any(|w| !w.dressed && ctx.c.data.serious_wounds[w.card.0 as usize].key == "body");
        let room = ctx.s.room(s.location);
        let cabins = room.explored
            && room.tile.is_some_and(|t| ctx.c.tile(t).key == "cabins")
            && !room.malfunction
            && ctx.s.intruders_at(s.location).next().is_none();
        let target = 5 - u8::from(body) + u8::from(cabins);
        if s.hand < target {
            ctx.emit(Event::HandSizeSet { seat, cards: target });
        }
    }
    // The Intruder player draws 3 Intruder Action cards, up to a hand of 4 (p. 27).
    if let Some(seat) = ctx.s.intruder_player_now() {
        let hand = ctx.s.seats[seat].hand;
        let target = hand.saturating_add(3).min(4);
        if target != hand {
            ctx.emit(Event::HandSizeSet { seat, cards: target });
        }
    }
}

fn in_step(ctx: &Ctx, step: EventStep) -> Outcome<()> {
    match ctx.s.phase {
        Phase::Event { step: now } if now == step => Ok(()),
        Phase::Event { step: now } => refuse_with(
            Code::WrongPhase,
            "The Event Phase is at the {now} step, not {step}.",
            vec![("now", LogParam::of("step", &now, step_name(now))), ("step", LogParam::of("step", &step, step_name(step)))],
        ),
        _ => refuse(Code::WrongPhase, "That is an Event Phase step: end the Player Phase first."),
    }
}

fn step_name(s: EventStep) -> &'static str {
    match s {
        EventStep::TimeTrack => "Time Track",
        EventStep::IntruderAttack => "Intruder Attack",
        EventStep::FireDamage => "Fire Damage",
        EventStep::EventCard => "Event card",
        EventStep::BagDevelopment => "Intruder bag development",
    }
}

/// The step after `from`. With an Intruder player (p. 27) only the Time track and Fire damage
/// remain: no Intruder attacks, no Event card, no bag development.
fn following(ctx: &Ctx, from: EventStep) -> Option<EventStep> {
    let reduced = ctx.s.intruder_player_now().is_some();
    let mut step = from.next();
    while let Some(s) = step {
        if !(reduced && matches!(s, EventStep::IntruderAttack | EventStep::EventCard | EventStep::BagDevelopment)) {
            break;
        }
        step = s.next();
    }
    step
}

fn next_step(ctx: &mut Ctx, from: EventStep) {
    if ctx.s.is_over() {
        return;
    }
    match following(ctx, from) {
        Some(step) => ctx.emit(Event::PhaseChanged { phase: Phase::Event { step } }),
        None => {
            // Step 9: a new turn; the First Player token passes to the left (p. 10), past the
            // Intruder player, who never takes it (p. 27).
            let n = ctx.s.seats.len() as u8;
            let mut first = Seat((ctx.s.first_player.0 + 1) % n);
            if ctx.s.intruder_player.is_some_and(|(seat, _)| seat == first) && n > 1 {
                first = Seat((first.0 + 1) % n);
            }
            ctx.emit(Event::TurnBegan { turn: ctx.s.turn + 1, first_player: first });
            refill_hands(ctx);
        }
    }
}

/// Playing as an Intruder (p. 27): only in the standard game, only the player whose character
/// died first, and only once. Their rules apply from the next Player Phase.
pub(super) fn become_intruder_player(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    if ctx.s.config.mode != Mode::Standard {
        return refuse(Code::NotAllowed, "Playing as the Intruders belongs to the standard game.");
    }
    ctx.seat(seat)?;
    if ctx.s.intruder_player.is_some() {
        return refuse(Code::NotAllowed, "A player already controls the Intruders.");
    }
    if ctx.s.first_dead != Some(seat) {
        return refuse(Code::NotAllowed, "Only the player whose character died first may take the Intruders.");
    }
    ctx.emit(Event::IntruderPlayerJoined { seat });
    Ok(())
}

pub(super) fn end_player_phase(ctx: &mut Ctx) -> Outcome<()> {
    if ctx.s.phase != Phase::Player {
        return refuse(Code::WrongPhase, "It is not the Player Phase.");
    }
    ctx.emit(Event::PhaseChanged { phase: Phase::Event { step: EventStep::TimeTrack } });
    Ok(())
}

/// Step 4: the Time marker moves; so does Self-Destruct if it runs (p. 10).
pub(super) fn advance_time(ctx: &mut Ctx) -> Outcome<()> {
    in_step(ctx, EventStep::TimeTrack)?;
    let t = &ctx.c.data.time_track;
    let to = ctx.s.time + 1;
    ctx.emit(Event::TimeAdvanced { to });
    if to == t.hibernation_opens_at {
        ctx.emit(Event::HibernationOpened);
    }
    if let Some(p) = ctx.s.self_destruct {
        let sd = &ctx.c.data.self_destruct_track;
        let p = p + 1;
        ctx.emit(Event::SelfDestructAdvanced { to: p });
        if p == sd.yellow_from {
            ctx.emit(Event::SelfDestructCritical);
            ship::unlock_all(ctx, UnlockReason::SelfDestructCritical);
        }
        if p >= sd.moves {
            end_game(ctx, EndCause::SelfDestruct);
            return Ok(());
        }
    }
    if to >= t.moves {
        end_game(ctx, EndCause::Jump);
        return Ok(());
    }
    next_step(ctx, EventStep::TimeTrack);
    Ok(())
}

/// Step 5: each Intruder in Combat attacks (p. 10, target rule p. 20).
pub(super) fn intruder_attacks(ctx: &mut Ctx) -> Outcome<()> {
    in_step(ctx, EventStep::IntruderAttack)?;
    let ids: Vec<IntruderId> = ctx.s.intruders.iter().map(|i| i.id).collect();
    for id in ids {
        if ctx.s.is_over() {
            return Ok(());
        }
        let Some(i) = ctx.s.intruder(id).cloned() else { continue };
        if let Some(target) = combat::target_of(ctx, i.at) {
            combat::attack(ctx, id, target)?;
        }
    }
    next_step(ctx, EventStep::IntruderAttack);
    Ok(())
}

/// Step 6: every Intruder in a burning room suffers 1 Injury; fire destroys 1 uncarried Egg there (p. 10, p. 25).
pub(super) fn fire_damage(ctx: &mut Ctx) -> Outcome<()> {
    in_step(ctx, EventStep::FireDamage)?;
    let burning: Vec<IntruderId> = ctx.s.intruders.iter().filter(|i| ctx.s.room(i.at).fire).map(|i| i.id).collect();
    let fire_injuries = 1 + u8::from(ctx.s.weakness_known("vulnerability_to_fire"));
    for id in burning {
        combat::injure(ctx, id, fire_injuries)?;
    }
    if let Some(nest) = ctx.s.nest_location() {
        if ctx.s.room(nest).fire && ctx.s.nest_eggs > 0 {
            ctx.emit(Event::NestEggsDestroyed { count: 1 });
            if ctx.s.nest_eggs == 0 && !ctx.s.nest_destroyed {
                ctx.emit(Event::NestDestroyed);
            }
        }
    }
    let rooms: Vec<Location> = ctx.c.board.locations().filter(|l| ctx.s.room(*l).fire && ctx.s.room(*l).eggs > 0).collect();
    for at in rooms {
        ctx.emit(Event::RoomEggsDestroyed { at, count: 1 });
    }
    next_step(ctx, EventStep::FireDamage);
    Ok(())
}

/// Step 7: draw an Event card; matching Intruders not in Combat move, then the effect (p. 10).
pub(super) fn event_card(ctx: &mut Ctx) -> Outcome<()> {
    in_step(ctx, EventStep::EventCard)?;
    let card = ctx.draw_event(EventDraw::EventPhase)?;
    let spec = ctx.c.event(card).clone();
    // Movement: grouped by room, so intruders leaving one room through a closed door stay together.
    let movers: Vec<IntruderId> = ctx
        .s
        .intruders
        .iter()
        .filter(|i| spec.moves.contains(&i.kind) && !ctx.s.intruder_in_combat(i))
        .map(|i| i.id)
        .collect();
    // Groups are fixed before anyone moves, so nobody moves twice.
    let starts: Vec<(IntruderId, Location)> = movers.iter().filter_map(|id| ctx.s.intruder(*id).map(|i| (i.id, i.at))).collect();
    let mut rooms: Vec<Location> = starts.iter().map(|(_, at)| *at).collect();
    rooms.sort();
    rooms.dedup();
    for at in rooms {
        let group: Vec<IntruderId> = starts.iter().filter(|(_, from)| *from == at).map(|(id, _)| *id).collect();
        board::move_intruders(ctx, &group, spec.corridor);
    }
    event_effect(ctx, spec.effect)?;
    // The card is put away even when its effect ended the game, so no card is ever lost.
    ctx.emit(Event::EventCardResolved { card });
    if ctx.s.is_over() {
        return Ok(());
    }
    match spec.fate {
        EventFate::Discard => {}
        EventFate::Removed => {
            // Removed, then the deck and its discard pile are shuffled together.
            let all: Vec<u8> = ctx.s.events.draw.iter().chain(&ctx.s.events.discard).map(|c| c.0).collect();
            let order = ctx.shuffled(all);
            ctx.emit(Event::DeckReshuffled { deck: DeckKind::Event, order });
        }
        EventFate::ShuffledBack => {
            let order = ctx.shuffled(ctx.s.events.draw.iter().map(|c| c.0).collect());
            ctx.emit(Event::DeckReshuffled { deck: DeckKind::Event, order });
        }
    }
    next_step(ctx, EventStep::EventCard);
    Ok(())
}

fn explored_rooms(ctx: &Ctx) -> Vec<Location> {
    ctx.c.board.locations().filter(|l| ctx.s.room(*l).explored).collect()
}

fn colour_of(ctx: &Ctx, at: Location) -> Option<RoomColour> {
    ctx.s.room(at).tile.map(|t| ctx.c.tile(t).colour)
}

/// Fire spreads to every neighbouring room, not through closed doors (Technical Corridors are not corridors between rooms).
fn spread_fire(ctx: &mut Ctx, from: &[Location]) {
    for at in from {
        for (n, corridor) in ctx.c.board.neighbours(*at) {
            if ctx.s.board.doors[corridor.0 as usize] != DoorState::Closed {
                board::place_fire(ctx, n);
            }
        }
    }
}

/// Each Event card's effect, in our words in the content; the rule here (manual p. 10 and the cards).
fn event_effect(ctx: &mut Ctx, effect: EventEffect) -> Outcome<()> {
    let burning = |ctx: &Ctx| -> Vec<Location> { ctx.c.board.locations().filter(|l| ctx.s.room(*l).fire).collect() };
    match effect {
        EventEffect::DamagingFire => {
            let fires = burning(ctx);
            for at in &fires {
                board::place_malfunction(ctx, *at);
            }
            spread_fire(ctx, &fires);
        }
        EventEffect::ConsumingFire => {
            let fires = burning(ctx);
            for at in &fires {
                if ctx.s.room(*at).items.is_some_and(|n| n > 0) {
                    ctx.emit(Event::ItemsSet { at: *at, items: 0 });
                }
            }
            spread_fire(ctx, &fires);
        }
        EventEffect::Regeneration => {
            let hurt: Vec<(IntruderId, u8)> =
                ctx.s.intruders.iter().filter(|i| i.injuries > 0).map(|i| (i.id, i.injuries.min(2))).collect();
            for (id, n) in hurt {
                ctx.emit(Event::IntruderHealed { id, injuries: n });
            }
        }
        EventEffect::ScentOfPrey => {
            let rooms: Vec<Location> = ctx
                .s
                .seats
                .iter()
                .filter(|(_, s)| s.life == Life::Awake && s.slime)
                .map(|(_, s)| s.location)
                .collect();
            for at in rooms {
                board::noise_everywhere(ctx, at);
            }
        }
        EventEffect::FlammableCompounds => {
            let hib = board::special(ctx, LocationKind::Hibernatorium);
            if ctx.s.room(hib).fire {
                spread_fire(ctx, &[hib]);
            } else {
                board::place_fire(ctx, hib);
            }
        }
        EventEffect::BulkheadsOpen => {
            let closed: Vec<CorridorId> = (0..ctx.s.board.doors.len())
                .filter(|i| ctx.s.board.doors[*i] == DoorState::Closed)
                .map(|i| CorridorId(i as u8))
                .collect();
            for corridor in closed {
                ctx.emit(Event::DoorChanged { corridor, state: DoorState::Open });
            }
        }
        EventEffect::Hunt => {
            let adults: Vec<Intruder> = ctx
                .s
                .intruders
                .iter()
                .filter(|i| i.kind == IntruderKind::Adult && !ctx.s.intruder_in_combat(i))
                .cloned()
                .collect();
            for i in adults {
                // To a neighbouring room with a character; ties to the lowest room number.
                let prey = ctx.c.board.neighbours(i.at).into_iter().find(|(l, _)| !ctx.s.characters_at(*l).is_empty());
                if let Some((to, corridor)) = prey {
                    if ctx.s.board.doors[corridor.0 as usize] == DoorState::Closed {
                        // With The Way of Moving known, an Adult cannot break the door: it stays.
                        if !ctx.s.weakness_known("the_way_of_moving") {
                            ctx.emit(Event::DoorChanged { corridor, state: DoorState::Destroyed });
                        }
                    } else {
                        ctx.emit(Event::IntruderMoved { id: i.id, to });
                        board::intruders_arrived(ctx, to);
                    }
                }
            }
        }
        EventEffect::Eclosion => {
            // Characters with a Larva die; the four-card draw and its scans happen at the table,
            // through the Scan command for each player who drew Contamination.
            for seat in ctx.s.turn_order() {
                if ctx.s.seats[seat].life.is_awake_on_board() && ctx.s.seats[seat].larva {
                    combat::kill(ctx, seat, DeathCause::Larva)?;
                }
            }
        }
        EventEffect::CoolantLeak => {
            let generator = ctx.s.explored_room("generator");
            if generator.is_some_and(|g| ctx.s.room(g).malfunction) && ctx.s.self_destruct.is_none() && !ctx.s.anyone_hibernating() {
                ctx.emit(Event::SelfDestructStarted);
            }
        }
        EventEffect::Nest => {
            if let Some(nest) = ctx.s.nest_location() {
                board::noise_everywhere(ctx, nest);
            }
        }
        EventEffect::ShortCircuit => {
            for at in explored_rooms(ctx) {
                let computer = ctx.s.room(at).tile.is_some_and(|t| ctx.c.tile(t).computer);
                if computer && colour_of(ctx, at) == Some(RoomColour::Yellow) {
                    board::place_malfunction(ctx, at);
                }
            }
        }
        EventEffect::LifeSupportFailure => {
            for at in explored_rooms(ctx) {
                if colour_of(ctx, at) == Some(RoomColour::Green) {
                    board::place_malfunction(ctx, at);
                }
            }
        }
        EventEffect::Damage => {
            let mut rooms: Vec<Location> = ctx
                .s
                .intruders
                .iter()
                .filter(|i| matches!(i.kind, IntruderKind::Adult | IntruderKind::Breeder | IntruderKind::Queen))
                .map(|i| i.at)
                .collect();
            rooms.sort();
            rooms.dedup();
            for at in rooms {
                board::place_malfunction(ctx, at);
            }
        }
        EventEffect::EggProtection => {
            let nest = ctx.s.nest_location();
            for seat in ctx.s.turn_order() {
                let s = &ctx.s.seats[seat];
                if s.life == Life::Awake && (Some(s.location) == nest || s.eggs_carried > 0) {
                    board::encounter(ctx, seat)?;
                }
            }
        }
        EventEffect::Malfunction => {
            // The lowest-numbered explored room that can still take a marker (graded C: see docs).
            if let Some(at) = explored_rooms(ctx).into_iter().find(|l| {
                let r = ctx.s.room(*l);
                !r.malfunction && !r.tile.is_some_and(|t| matches!(ctx.c.tile(t).key.as_str(), "nest" | "room_covered_with_slime"))
            }) {
                board::place_malfunction(ctx, at);
            }
        }
        EventEffect::Lurking => {
            let leaving: Vec<IntruderId> = ctx.s.intruders.iter().filter(|i| !ctx.s.intruder_in_combat(i)).map(|i| i.id).collect();
            for id in leaving {
                ctx.emit(Event::IntruderLeftBoard { id });
            }
        }
        EventEffect::EvacuationPodEjection => {
            let lowest = ctx.s.pods.iter().filter(|p| p.state == PodState::Docked).min_by_key(|p| p.number).cloned();
            if let Some(p) = lowest {
                for seat in p.occupants {
                    ctx.emit(Event::CharacterLeftPod { seat });
                }
                ctx.emit(Event::PodEjected { pod: p.number });
            }
        }
        EventEffect::Hatching => {
            if ctx.s.nest_eggs > 0 {
                ctx.emit(Event::NestEggsDestroyed { count: 1 });
                if ctx.s.nest_eggs == 0 && !ctx.s.nest_destroyed {
                    ctx.emit(Event::NestDestroyed);
                }
            }
            let nest = ctx.s.nest_location();
            let mut infested = false;
            for seat in ctx.s.turn_order() {
                let s = &ctx.s.seats[seat];
                if s.life == Life::Awake && Some(s.location) == nest && s.hand == 0 {
                    infested = true;
                    if ctx.s.seats[seat].larva {
                        combat::kill(ctx, seat, DeathCause::Larva)?;
                    } else {
                        ctx.emit(Event::LarvaSet { seat, on: true });
                        combat::give_contamination(ctx, seat);
                    }
                }
            }
            if !infested {
                board::add_from_supply(ctx, TokenKind::Larva);
            }
        }
        EventEffect::NoiseInTechnicalCorridors => {
            if ctx.s.board.technical_noise {
                for seat in ctx.s.turn_order() {
                    let s = &ctx.s.seats[seat];
                    if s.life == Life::Awake && ctx.c.board.has_technical_entrance(s.location) {
                        board::noise_roll(ctx, seat)?;
                    }
                }
            } else {
                board::place_noise_marker(ctx, NoiseSpot::Technical);
            }
        }
    }
    Ok(())
}

/// Step 8: Intruder bag development, all six outcomes (p. 10).
pub(super) fn develop_bag(ctx: &mut Ctx) -> Outcome<()> {
    in_step(ctx, EventStep::BagDevelopment)?;
    if let Some((token, _)) = board::draw_token(ctx, DrawPurpose::Development)? {
        match ctx.c.token(token).kind {
            TokenKind::Larva => {
                ctx.emit(Event::TokenToSupply { token });
                board::add_from_supply(ctx, TokenKind::Adult);
            }
            TokenKind::Creeper => {
                ctx.emit(Event::TokenToSupply { token });
                board::add_from_supply(ctx, TokenKind::Breeder);
            }
            TokenKind::Adult | TokenKind::Breeder => {
                for seat in ctx.s.turn_order() {
                    if ctx.s.is_over() {
                        break;
                    }
                    if ctx.s.seats[seat].life == Life::Awake && !ctx.s.in_combat(seat) {
                        board::noise_roll(ctx, seat)?;
                    }
                }
                ctx.emit(Event::TokenReturned { token });
            }
            TokenKind::Queen => {
                let nest = ctx.s.nest_location();
                let there: Vec<Seat> = match nest {
                    Some(n) => ctx.s.turn_order().into_iter().filter(|s| ctx.s.characters_at(n).contains(s)).collect(),
                    None => Vec::new(),
                };
                match (nest, there.first()) {
                    (Some(n), Some(seat)) => {
                        // The Queen appears in the Nest as an Encounter with the first character there.
                        board::begin_encounter(ctx, *seat, n);
                        if let Some(id) = board::place_intruder(ctx, IntruderKind::Queen, n, Some(token))? {
                            let back = ctx.c.token(token).back.unwrap_or(4);
                            board::surprise_check(ctx, *seat, id, back)?;
                        }
                    }
                    _ => {
                        if ctx.s.egg_supply() > 0 && !ctx.s.nest_destroyed {
                            ctx.emit(Event::EggAdded);
                        }
                        ctx.emit(Event::TokenReturned { token });
                    }
                }
            }
            TokenKind::Blank => {
                board::add_from_supply(ctx, TokenKind::Adult);
                ctx.emit(Event::TokenReturned { token });
            }
        }
    }
    if ctx.s.is_over() {
        return Ok(());
    }
    next_step(ctx, EventStep::BagDevelopment);
    Ok(())
}

/// When nobody awake is left on board, the game ends (p. 11): the Self-Destruct marker goes to the
/// skull if the sequence runs, otherwise the Time marker to the red space.
pub(super) fn last_awake_check(ctx: &mut Ctx) {
    if ctx.s.is_over() || ctx.s.phase == Phase::Draft {
        return;
    }
    if ctx.s.seats.iter().any(|(_, s)| s.life.is_awake_on_board()) {
        return;
    }
    if let Some(p) = ctx.s.self_destruct {
        let end = ctx.c.data.self_destruct_track.moves;
        if p < end {
            ctx.emit(Event::SelfDestructAdvanced { to: end });
        }
        end_game(ctx, EndCause::SelfDestruct);
    } else {
        let end = ctx.c.data.time_track.moves;
        if ctx.s.time < end {
            ctx.emit(Event::TimeAdvanced { to: end });
        }
        end_game(ctx, EndCause::Jump);
    }
}

/// The end of the game (p. 11): who dies with it, then the first step of the victory check.
pub(super) fn end_game(ctx: &mut Ctx, cause: EndCause) {
    if ctx.s.is_over() {
        return;
    }
    let destroyed = match cause {
        EndCause::Jump => ctx.s.self_destruct.is_some(),
        _ => true,
    };
    let seats: Vec<Seat> = ctx.s.seats.seats().collect();
    for seat in seats {
        let life = ctx.s.seats[seat].life;
        let dies = match life {
            Life::Awake | Life::InPod(_) => true,
            Life::Hibernating => destroyed,
            Life::Escaped | Life::Dead => false,
        };
        if dies {
            let why = if destroyed { DeathCause::ShipExploded } else { DeathCause::Jump };
            ctx.emit(Event::CharacterDied { seat, cause: why });
        }
    }
    if destroyed {
        ctx.emit(Event::ShipDestroyed);
    }
    ctx.emit(Event::GameEnded { cause });
    let step = if !survivors(ctx).is_empty() {
        if destroyed {
            VictoryStep::Contamination
        } else {
            VictoryStep::Engines
        }
    } else {
        VictoryStep::Done
    };
    if step != VictoryStep::Engines {
        ctx.emit(Event::VictoryStepReached { step });
    }
}

fn survivors(ctx: &Ctx) -> Vec<Seat> {
    ctx.s.turn_order().into_iter().filter(|s| matches!(ctx.s.seats[*s].life, Life::Hibernating | Life::Escaped)).collect()
}

fn at_check(ctx: &Ctx, step: VictoryStep) -> Outcome<()> {
    match ctx.s.phase {
        Phase::Over { check, .. } if check == step => Ok(()),
        Phase::Over { .. } => refuse(Code::WrongPhase, "The victory check is at another step."),
        _ => refuse(Code::WrongPhase, "The victory check comes at the end of the game."),
    }
}

fn step_to(ctx: &mut Ctx, step: VictoryStep) {
    let step = if step != VictoryStep::Done && survivors(ctx).is_empty() { VictoryStep::Done } else { step };
    ctx.emit(Event::VictoryStepReached { step });
}

/// Victory check 1 (p. 11): the top Engine tokens; 2 or 3 Damaged and the ship explodes.
pub(super) fn reveal_engines(ctx: &mut Ctx) -> Outcome<()> {
    at_check(ctx, VictoryStep::Engines)?;
    let mut tops = [EngineStatus::Working; 3];
    for (i, t) in tops.iter_mut().enumerate() {
        *t = match ctx.s.engines[i] {
            Hidden::Known(s) => s,
            Hidden::Unknown => match ctx.take(|e| match e {
                Entered::Engine { status } => Some(*status),
                _ => None,
            }) {
                Some(s) => s,
                None => return ctx.need(Component::Engines, "three top Engine tokens, Engine 1 first"),
            },
        };
    }
    ctx.emit(Event::EnginesRevealed { tops });
    if tops.iter().filter(|t| **t == EngineStatus::Damaged).count() >= 2 {
        for seat in survivors(ctx) {
            if ctx.s.seats[seat].life == Life::Hibernating {
                ctx.emit(Event::CharacterDied { seat, cause: DeathCause::EnginesFailed });
            }
        }
        ctx.emit(Event::ShipDestroyed);
        step_to(ctx, VictoryStep::Contamination);
    } else {
        step_to(ctx, VictoryStep::Coordinates);
    }
    Ok(())
}

/// Victory check 2 (p. 11): not Earth kills the hibernating, but Quarantine holders survive Mars.
pub(super) fn reveal_coordinates(ctx: &mut Ctx, quarantine: &[Seat]) -> Outcome<()> {
    at_check(ctx, VictoryStep::Coordinates)?;
    let (card, destination) = match ctx.s.coordinates {
        Hidden::Known(c) => (Some(c), ctx.c.data.coordinates[c.0 as usize].destination(ctx.s.destination)),
        Hidden::Unknown => match ctx.take(|e| match e {
            Entered::Destination { destination } => Some(*destination),
            _ => None,
        }) {
            Some(d) => (None, d),
            None => return ctx.need(Component::Coordinates, "destination shown by the Coordinates card"),
        },
    };
    ctx.emit(Event::CoordinatesRevealed { card, destination });
    if destination != Destination::Earth {
        for seat in survivors(ctx) {
            if ctx.s.seats[seat].life != Life::Hibernating {
                continue;
            }
            let holds_quarantine = match ctx.s.seats[seat].objective {
                ObjectiveChoice::Chosen(Some(o)) => ctx.c.data.objectives[o.0 as usize].key == "quarantine",
                _ => quarantine.contains(&seat),
            };
            if !(destination == Destination::Mars && holds_quarantine) {
                ctx.emit(Event::CharacterDied { seat, cause: DeathCause::WrongDestination });
            }
        }
    }
    step_to(ctx, VictoryStep::Contamination);
    Ok(())
}

/// Victory check 3 (p. 11): scan everything; with an INFECTED card (or a Larva), shuffle all
/// cards and draw 4: any Contamination among them and the character dies.
pub(super) fn check_contamination(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    at_check(ctx, VictoryStep::Contamination)?;
    ctx.seat(seat)?;
    if !survivors(ctx).contains(&seat) {
        return refuse(Code::NotAllowed, "Only surviving characters are checked.");
    }
    if checked(ctx, seat) {
        return refuse(Code::NotAllowed, "This character's Contamination is already checked.");
    }
    let cards = ctx.s.seats[seat].contamination.clone();
    let mut infected = ctx.s.seats[seat].larva;
    if !infected {
        for c in &cards {
            infected |= combat::infected_status(ctx, *c)?;
        }
    }
    let mut drawn_contamination = 0u8;
    if infected && !cards.is_empty() {
        // 10 Action cards plus the Contamination cards, shuffled, and 4 drawn.
        drawn_contamination = match ctx.take(|e| match e {
            Entered::ContaminationDraw { contamination } => Some(*contamination),
            _ => None,
        }) {
            Some(n) if n as usize <= cards.len().min(4) => n,
            Some(_) => return refuse(Code::BadResult, "More Contamination cards drawn than the character holds."),
            None => {
                let total = 10 + cards.len();
                ctx.fate.sample(total, 4).into_iter().filter(|i| *i >= 10).count() as u8
            }
        };
    }
    let dies = infected && drawn_contamination > 0;
    ctx.emit(Event::ContaminationChecked { seat, infected, drawn_contamination, dies });
    if dies {
        ctx.emit(Event::CharacterDied { seat, cause: DeathCause::Contamination });
    }
    if survivors(ctx).iter().all(|s| checked(ctx, *s)) {
        step_to(ctx, VictoryStep::Objectives);
    }
    Ok(())
}

fn checked(ctx: &Ctx, seat: Seat) -> bool {
    ctx.s.seats[seat].contamination_checked
}

/// Victory check 4 (p. 11): each survivor reveals the objective they kept.
pub(super) fn reveal_objective(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    at_check(ctx, VictoryStep::Objectives)?;
    ctx.seat(seat)?;
    if !ctx.s.judged_seats().contains(&seat) {
        return refuse(Code::NotAllowed, "Only surviving characters reveal their objective.");
    }
    if ctx.s.seats[seat].objective_revealed {
        return refuse(Code::NotAllowed, "That objective is already revealed.");
    }
    let objective = match ctx.s.seats[seat].objective {
        ObjectiveChoice::Chosen(o) => o,
        ObjectiveChoice::Undecided => ctx.s.seats[seat].objectives.first().copied(),
    };
    ctx.emit(Event::ObjectiveRevealed { seat, objective });
    Ok(())
}

/// The table judges whether the revealed objective was met; a survivor who met it wins.
pub(super) fn judge_objective(ctx: &mut Ctx, seat: Seat, met: bool) -> Outcome<()> {
    at_check(ctx, VictoryStep::Objectives)?;
    ctx.seat(seat)?;
    if !ctx.s.seats[seat].objective_revealed {
        return refuse(Code::WrongPhase, "Reveal the objective first.");
    }
    if ctx.s.seats[seat].objective_met.is_some() {
        return refuse(Code::NotAllowed, "That objective is already judged.");
    }
    ctx.emit(Event::ObjectiveJudged { seat, met });
    if ctx.s.judged_seats().iter().all(|s| ctx.s.seats[*s].objective_met.is_some()) {
        step_to(ctx, VictoryStep::Done);
    }
    Ok(())
}
