//! The Event Phase (pp. 10-11): its steps in order (Time, Intruder Attack, Fire Damage, Event card,
//! bag development) and the new turn after them.

use super::ctx::Ctx;
use super::{combat, draw, encounter, ending, event_cards, intruders, player_phase, rooms, systems};
use crate::content::*;
use crate::event::*;
use crate::ids::*;
use crate::words::LogParam;
use crate::rejection::{refuse, refuse_with, Code, Outcome};
use crate::state::*;

fn in_step(ctx: &Ctx, step: EventStep) -> Outcome<()> {
    match ctx.state.phase {
        Phase::Event { step: now } if now == step => Ok(()),
        Phase::Event { step: now } => refuse_with(
            Code::WrongPhase,
            "the_event_phase_is_at_the_now_step",
            "The Event Phase is at the {now} step, not {step}.",
            vec![("now", LogParam::of("step", &now, step_name(now))), ("step", LogParam::of("step", &step, step_name(step)))],
        ),
        _ => refuse(Code::WrongPhase, "that_is_an_event_phase_step_end_the", "That is an Event Phase step: end the Player Phase first."),
    }
}

/// Step 7 ends when the Event card is resolved (p. 10), and Eclosion's is only once each player
/// who drew its 4 cards has scanned the Contamination cards among them (the card; p. 20): until
/// then the bag is not developed, and the refusal says whose scan the table waits for.
fn eclosion_answered(ctx: &Ctx) -> Outcome<()> {
    match ctx.state.seats.iter().find(|(_, x)| x.eclosion_scan_due) {
        Some((seat, x)) => refuse_with(
            Code::WrongPhase,
            "the_event_card_waits_for_player_s_eclosion_scan",
            "The Event card is not resolved yet: {player} still scans the Contamination cards among the 4 drawn for Eclosion.",
            vec![("player", LogParam::seat(seat.0, x.name.clone()))],
        ),
        None => Ok(()),
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
    let reduced = ctx.state.intruder_player_now().is_some();
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
    if ctx.state.is_over() {
        return;
    }
    match following(ctx, from) {
        Some(step) => ctx.emit(Event::PhaseChanged { phase: Phase::Event { step } }),
        None => {
            // Step 9: a new turn; the First Player token passes to the left (p. 10), past the
            // Intruder player, who never takes it (p. 27), and past every player whose character
            // is no longer on board (dead, hibernating, escaped): they take no more rounds.
            let n = ctx.state.seats.len() as u8;
            let holds = |seat: Seat| ctx.state.seats[seat].life.is_awake_on_board() && ctx.state.intruder_player.is_none_or(|(s, _)| s != seat);
            let first = (1..=n).map(|k| Seat((ctx.state.first_player.0 + k) % n)).find(|s| holds(*s)).unwrap_or(Seat((ctx.state.first_player.0 + 1) % n));
            ctx.emit(Event::TurnBegan { turn: ctx.state.turn + 1, first_player: first });
            player_phase::refill_hands(ctx);
            player_phase::begin_rounds(ctx);
        }
    }
}

/// Step 4: the Time marker moves; so does Self-Destruct if it runs (p. 10).
pub(super) fn advance_time(ctx: &mut Ctx) -> Outcome<()> {
    in_step(ctx, EventStep::TimeTrack)?;
    let t = &ctx.content.data.time_track;
    let to = ctx.state.time + 1;
    ctx.emit(Event::TimeAdvanced { to, from: Some(ctx.state.time) });
    if to == t.hibernation_opens_at {
        ctx.emit(Event::HibernationOpened);
    }
    if let Some(p) = ctx.state.self_destruct {
        let sd = &ctx.content.data.self_destruct_track;
        let p = p + 1;
        ctx.emit(Event::SelfDestructAdvanced { to: p, from: Some(p - 1) });
        if p == sd.yellow_from {
            ctx.emit(Event::SelfDestructCritical);
            systems::unlock_all(ctx, UnlockReason::SelfDestructCritical);
        }
        if p >= sd.moves {
            ending::end_game(ctx, EndCause::SelfDestruct);
            return Ok(());
        }
    }
    if to >= t.moves {
        ending::end_game(ctx, EndCause::Jump);
        return Ok(());
    }
    next_step(ctx, EventStep::TimeTrack);
    Ok(())
}

/// Step 5: each Intruder in Combat attacks (p. 10, target rule p. 20).
pub(super) fn intruder_attacks(ctx: &mut Ctx) -> Outcome<()> {
    in_step(ctx, EventStep::IntruderAttack)?;
    let ids: Vec<IntruderId> = ctx.state.intruders.iter().map(|i| i.id).collect();
    if !ids.iter().any(|id| ctx.state.intruder(*id).is_some_and(|i| combat::target_of(ctx, i.at).is_some())) {
        ctx.emit(Event::EventStepIdle { step: EventStep::IntruderAttack });
    }
    for id in ids {
        if ctx.state.is_over() {
            return Ok(());
        }
        let Some(i) = ctx.state.intruder(id).cloned() else { continue };
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
    let burning: Vec<IntruderId> = ctx.state.intruders.iter().filter(|i| ctx.state.room(i.at).fire).map(|i| i.id).collect();
    let fire_injuries = 1 + u8::from(ctx.state.weakness_known(WeaknessEffect::VulnerabilityToFire));
    let eggs_burning = ctx.content.board.locations().any(|l| ctx.state.room(l).fire && rooms::uncarried_eggs(ctx, l) > 0);
    if burning.is_empty() && !eggs_burning {
        ctx.emit(Event::EventStepIdle { step: EventStep::FireDamage });
    }
    for id in burning {
        combat::injure(ctx, id, fire_injuries)?;
    }
    // 1 uncarried Egg per burning room (p. 25), the Nest's and those dropped there being one pool;
    // with Vulnerability to Fire, 2 (card reference §4: A, its scope B).
    let burnt = 1 + u8::from(ctx.state.weakness_known(WeaknessEffect::VulnerabilityToFire));
    let rooms: Vec<Location> = ctx.content.board.locations().filter(|l| ctx.state.room(*l).fire && rooms::uncarried_eggs(ctx, *l) > 0).collect();
    for at in rooms {
        rooms::destroy_uncarried_eggs(ctx, at, burnt);
    }
    next_step(ctx, EventStep::FireDamage);
    Ok(())
}

/// Step 7: draw an Event card; matching Intruders not in Combat move, then the effect (p. 10).
pub(super) fn event_card(ctx: &mut Ctx) -> Outcome<()> {
    in_step(ctx, EventStep::EventCard)?;
    let card = ctx.draw_event(EventDraw::EventPhase)?;
    let spec = ctx.content.event(card).clone();
    let before = ctx.events.len();
    // Movement: grouped by room, so intruders leaving one room through a closed door stay together.
    let movers: Vec<IntruderId> = ctx
        .state
        .intruders
        .iter()
        .filter(|i| spec.moves.contains(&i.kind) && !ctx.state.intruder_in_combat(i))
        .map(|i| i.id)
        .collect();
    // Groups are fixed before anyone moves, so nobody moves twice.
    let starts: Vec<(IntruderId, Location)> = movers.iter().filter_map(|id| ctx.state.intruder(*id).map(|i| (i.id, i.at))).collect();
    let mut rooms: Vec<Location> = starts.iter().map(|(_, at)| *at).collect();
    rooms.sort();
    rooms.dedup();
    for at in rooms {
        let group: Vec<IntruderId> = starts.iter().filter(|(_, from)| *from == at).map(|(id, _)| *id).collect();
        intruders::move_intruders(ctx, &group, spec.corridor);
    }
    event_cards::event_effect(ctx, spec.effect)?;
    if ctx.events.len() == before {
        ctx.emit(Event::EventCardIdle { card });
    }
    // The card is put away even when its effect ended the game, so no card is ever lost.
    ctx.emit(Event::EventCardResolved { card });
    if ctx.state.is_over() {
        return Ok(());
    }
    match spec.fate {
        EventFate::Discard => {}
        EventFate::Removed => {
            // Removed, then the deck and its discard pile are shuffled together.
            let all: Vec<u8> = ctx.state.events.draw.iter().chain(&ctx.state.events.discard).map(|c| c.0).collect();
            let order = ctx.shuffled(all);
            ctx.emit(Event::DeckReshuffled { deck: DeckKind::Event, order });
        }
        EventFate::ShuffledBack => {
            let order = ctx.shuffled(ctx.state.events.draw.iter().map(|c| c.0).collect());
            ctx.emit(Event::DeckReshuffled { deck: DeckKind::Event, order });
        }
    }
    next_step(ctx, EventStep::EventCard);
    Ok(())
}

/// Step 8: Intruder bag development, all six outcomes (p. 10).
pub(super) fn develop_bag(ctx: &mut Ctx) -> Outcome<()> {
    in_step(ctx, EventStep::BagDevelopment)?;
    eclosion_answered(ctx)?;
    if let Some((token, _)) = draw::draw_token(ctx, DrawPurpose::Development)? {
        match ctx.content.token(token).kind {
            TokenKind::Larva => {
                ctx.emit(Event::TokenToSupply { token });
                draw::add_from_supply(ctx, TokenKind::Adult);
            }
            TokenKind::Creeper => {
                ctx.emit(Event::TokenToSupply { token });
                draw::add_from_supply(ctx, TokenKind::Breeder);
            }
            TokenKind::Adult | TokenKind::Breeder => {
                for seat in ctx.state.turn_order() {
                    if ctx.state.is_over() {
                        break;
                    }
                    if ctx.state.seats[seat].life == Life::Awake && !ctx.state.in_combat(seat) {
                        encounter::noise_roll(ctx, seat)?;
                    }
                }
                ctx.emit(Event::TokenReturned { token });
            }
            TokenKind::Queen => {
                let nest = ctx.state.nest_location();
                let there: Vec<Seat> = match nest {
                    Some(n) => ctx.state.turn_order().into_iter().filter(|s| ctx.state.characters_at(n).contains(s)).collect(),
                    None => Vec::new(),
                };
                match (nest, there.first()) {
                    (Some(n), Some(seat)) => {
                        // The Queen appears in the Nest as an Encounter with the first character there.
                        encounter::begin_encounter(ctx, *seat, n);
                        if let Some(id) = intruders::place_intruder(ctx, IntruderKind::Queen, n, Some(token))? {
                            let back = ctx.content.token(token).back.unwrap_or(4);
                            encounter::surprise_check(ctx, *seat, id, back)?;
                        }
                    }
                    _ => {
                        if ctx.state.egg_supply() > 0 && !ctx.state.nest_destroyed {
                            ctx.emit(Event::EggAdded);
                        }
                        ctx.emit(Event::TokenReturned { token });
                    }
                }
            }
            TokenKind::Blank => {
                draw::add_from_supply(ctx, TokenKind::Adult);
                ctx.emit(Event::TokenReturned { token });
            }
        }
    }
    if ctx.state.is_over() {
        return Ok(());
    }
    next_step(ctx, EventStep::BagDevelopment);
    Ok(())
}
