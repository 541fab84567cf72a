//! Combat and the body: Intruder Attacks and their target (p. 20), Injuries, endurance and
//! retreat (p. 20), wounds and death (p. 21), Contamination cards and scanning (p. 20).

use super::{board, Ctx};
use crate::command::{Entered, ScanProcedure};
use crate::content::{AttackEffect, Blood};
use crate::event::{AttackDraw, DeathCause, Event, EventDraw, UnlockReason};
use crate::ids::*;
use crate::rejection::{refuse, Code, Outcome};
use crate::state::*;

/// The character an intruder attacks: fewest cards in hand, ties to the first in turn order (p. 20).
pub(super) fn target_of(ctx: &Ctx, at: Location) -> Option<Seat> {
    let here = ctx.s.characters_at(at);
    ctx.s.turn_order().into_iter().filter(|s| here.contains(s)).min_by_key(|s| ctx.s.seats[*s].hand)
}

pub(super) fn attack_command(ctx: &mut Ctx, id: IntruderId, target: Option<Seat>) -> Outcome<()> {
    let i = ctx.intruder(id)?;
    let seat = match target {
        Some(s) => {
            ctx.awake(s)?;
            if ctx.s.seats[s].location != i.at {
                return refuse(Code::NotAllowed, "An Intruder only attacks characters in its own room.");
            }
            s
        }
        None => match target_of(ctx, i.at) {
            Some(s) => s,
            None => return refuse(Code::NotAllowed, "No character is in that Intruder's room."),
        },
    };
    attack(ctx, id, seat)
}

/// One Intruder Attack (p. 20). A Larva infests instead of drawing a card.
pub(super) fn attack(ctx: &mut Ctx, id: IntruderId, seat: Seat) -> Outcome<()> {
    let Some(i) = ctx.s.intruder(id).cloned() else { return Ok(()) };
    if ctx.s.seats[seat].life != Life::Awake || ctx.s.is_over() {
        return Ok(());
    }
    if i.kind == IntruderKind::Larva {
        ctx.emit(Event::CharacterInfested { seat, id });
        give_contamination(ctx, seat);
        return Ok(());
    }
    let card = ctx.draw_attack(AttackDraw::Attack { intruder: id, target: seat })?;
    resolve_attack_card(ctx, &i, seat, card)
}

/// The Intruder player's ATTACK (p. 27): an Intruder in a room with a character attacks that
/// character by the standard rules, except that the Intruder player draws as many Intruder
/// Attack cards as the number on the Intruder Action card they played, resolves one of them and
/// puts the others at the bottom of the deck. A Larva draws no card (it infests), and with a
/// physical deck the choice is made at the table and the chosen card entered.
pub(super) fn intruder_player_attack(ctx: &mut Ctx, seat: Seat, id: IntruderId, target: Seat, cards: u8) -> Outcome<()> {
    if ctx.s.intruder_player_now() != Some(seat) {
        return refuse(Code::NotAllowed, "Only the Intruder player attacks this way, from the turn after they took the Intruders.");
    }
    if ctx.s.phase != Phase::Player {
        return refuse(Code::WrongPhase, "The Intruder player attacks during the Player Phase, in their own round.");
    }
    if !(1..=4).contains(&cards) {
        return refuse(Code::NoSuchThing, "An Intruder Action card shows a number from 1 to 4.");
    }
    let i = ctx.intruder(id)?;
    ctx.awake(target)?;
    if ctx.s.seats[target].location != i.at {
        return refuse(Code::NotAllowed, "An Intruder only attacks characters in its own room.");
    }
    if i.kind == IntruderKind::Larva || cards == 1 || !ctx.handles(Component::AttackDeck) {
        return attack(ctx, id, target);
    }
    if ctx.s.attacks.draw.len() < cards as usize {
        // The discard pile is shuffled into a new deck under the cards still left (p. 20).
        let mut order = ctx.shuffled(ctx.s.attacks.discard.iter().map(|c| c.0).collect());
        order.extend(ctx.s.attacks.draw.iter().map(|c| c.0));
        if order.len() > ctx.s.attacks.draw.len() {
            ctx.emit(Event::DeckReshuffled { deck: DeckKind::Attack, order });
        }
    }
    let drawn: Vec<AttackCardId> = ctx.s.attacks.draw.iter().rev().take(cards as usize).copied().collect();
    if drawn.is_empty() {
        return refuse(Code::Empty, "No Intruder Attack card is left in the deck or its discard pile.");
    }
    ctx.emit(Event::AttackCardsOffered { seat, intruder: id, target, cards: drawn.clone() });
    if drawn.len() == 1 {
        // Only one card was left to draw: there is nothing to choose.
        return choose_attack_card(ctx, seat, drawn[0]);
    }
    Ok(())
}

/// The Intruder player resolves one of the cards they drew; the others go to the bottom (p. 27).
pub(super) fn choose_attack_card(ctx: &mut Ctx, seat: Seat, card: AttackCardId) -> Outcome<()> {
    let Some(offer) = ctx.s.attack_offer.clone() else {
        return refuse(Code::WrongPhase, "No Intruder Attack cards are waiting for a choice.");
    };
    if offer.seat != seat {
        return refuse(Code::NotYourSeat, "Only the Intruder player chooses among the cards they drew.");
    }
    if !offer.cards.contains(&card) {
        return refuse(Code::NoSuchThing, "That card is not among the Intruder Attack cards drawn.");
    }
    let rest: Vec<AttackCardId> = offer.cards.iter().copied().filter(|c| *c != card).collect();
    ctx.emit(Event::AttackCardChosen { seat, card, rest });
    let Some(i) = ctx.s.intruder(offer.intruder).cloned() else { return Ok(()) };
    if ctx.s.seats[offer.target].life != Life::Awake {
        return Ok(());
    }
    resolve_attack_card(ctx, &i, offer.target, card)
}

/// What an Intruder Attack card does to its target, once drawn (p. 20).
fn resolve_attack_card(ctx: &mut Ctx, i: &Intruder, seat: Seat, card: AttackCardId) -> Outcome<()> {
    let id = i.id;
    let spec = ctx.c.attack(card).clone();
    if !spec.symbols.contains(&i.kind) {
        ctx.emit(Event::AttackMissed { id, target: seat });
        return Ok(());
    }
    let serious = ctx.s.seats[seat].serious.len();
    match spec.effect {
        AttackEffect::Scratch => {
            light_wounds(ctx, seat, 1)?;
            give_contamination(ctx, seat);
        }
        AttackEffect::ClawAttack => {
            light_wounds(ctx, seat, 2)?;
            give_contamination(ctx, seat);
        }
        AttackEffect::Bite => {
            if i.kind == IntruderKind::Adult && ctx.s.weakness_known("the_way_of_fighting") {
                light_wounds(ctx, seat, 1)?;
            } else if serious >= 2 {
                kill(ctx, seat, DeathCause::Attack)?;
            } else {
                serious_wound(ctx, seat)?;
            }
        }
        AttackEffect::TailAttack => {
            if serious >= 1 {
                kill(ctx, seat, DeathCause::Attack)?;
            } else {
                serious_wound(ctx, seat)?;
            }
        }
        AttackEffect::Transformation => {
            ctx.emit(Event::IntruderTransformed { id, into: IntruderKind::Breeder });
            if ctx.s.seats[seat].hand == 0 {
                ctx.emit(Event::SurpriseAttack { seat, id, back: 1, hand: 0 });
                attack(ctx, id, seat)?;
            }
        }
        AttackEffect::Frenzy => {
            for s in ctx.s.characters_at(i.at) {
                if ctx.s.seats[s].serious.len() >= 2 {
                    kill(ctx, s, DeathCause::Attack)?;
                } else {
                    serious_wound(ctx, s)?;
                }
            }
        }
        AttackEffect::Slime => {
            if !ctx.s.seats[seat].slime {
                ctx.emit(Event::SlimeSet { seat, on: true });
            }
            give_contamination(ctx, seat);
        }
        AttackEffect::Summoning => {
            // A new intruder from the bag joins; it does not attack during this action.
            if let Some((token, _)) = board::draw_token(ctx, crate::event::DrawPurpose::Summoning)? {
                match ctx.c.token(token).kind.intruder() {
                    Some(kind) => {
                        board::place_intruder(ctx, kind, i.at, Some(token))?;
                    }
                    None => ctx.emit(Event::TokenReturned { token }),
                }
            }
        }
    }
    Ok(())
}

/// How many Injuries a Combat die face deals to an Intruder of this kind (pp. 18–19).
pub fn injuries_of(face: CombatFace, kind: IntruderKind, melee: bool) -> u8 {
    let small = matches!(kind, IntruderKind::Larva | IntruderKind::Creeper);
    match face {
        CombatFace::Miss => 0,
        CombatFace::SmallHit => u8::from(small),
        CombatFace::AdultHit => u8::from(small || kind == IntruderKind::Adult),
        CombatFace::Hit => 1,
        // In melee a double hit counts as one.
        CombatFace::TwoHits => if melee { 1 } else { 2 },
    }
}

/// A character's Shoot (p. 18) or Melee Attack (p. 19) action against an Intruder in its room. Ammo and
/// weapons' own rules stay at the table. A Melee Attack first gives a Contamination card, and a
/// miss gives the character a Serious Wound. A hit goes on to the Injury check (p. 20).
pub(super) fn character_attacks(ctx: &mut Ctx, seat: Seat, id: IntruderId, melee: bool) -> Outcome<()> {
    ctx.awake(seat)?;
    let i = ctx.intruder(id)?;
    if ctx.s.seats[seat].location != i.at {
        return refuse(Code::NotAllowed, "A character attacks only Intruders in its own room.");
    }
    if ctx.s.phase != Phase::Player {
        return refuse(Code::WrongPhase, "Shooting and melee are actions of the Player Phase.");
    }
    if melee {
        give_contamination(ctx, seat);
    }
    let face = ctx.roll_combat()?;
    let injuries = injuries_of(face, i.kind, melee);
    ctx.emit(Event::CharacterAttacked { seat, id, melee, face, injuries });
    if injuries > 0 {
        injure(ctx, id, injuries)
    } else if melee {
        serious_wound(ctx, seat)
    } else {
        Ok(())
    }
}

/// Injuries to an intruder and the Injury Effect check (p. 20).
pub(super) fn injure(ctx: &mut Ctx, id: IntruderId, injuries: u8) -> Outcome<()> {
    let Some(i) = ctx.s.intruder(id).cloned() else { return Ok(()) };
    ctx.emit(Event::IntruderInjured { id, injuries });
    let total = i.injuries + injuries;
    let brink = u8::from(ctx.s.weakness_known("species_on_the_brink_of_extinction"));
    if i.kind == IntruderKind::Larva {
        ctx.emit(Event::EnduranceChecked { id, injuries: total, endurance: 1, retreat: false, killed: true });
        ctx.emit(Event::IntruderKilled { id });
        return Ok(());
    }
    let cards = if matches!(i.kind, IntruderKind::Breeder | IntruderKind::Queen) { 2 } else { 1 };
    let mut endurance = 0u8;
    let mut retreat = false;
    for _ in 0..cards {
        let card = ctx.draw_attack(AttackDraw::Endurance { intruder: id })?;
        match ctx.blood(card) {
            Blood::Endurance(n) => endurance += n,
            Blood::Retreat(_) => retreat = true,
        }
    }
    let killed = !retreat && total + brink >= endurance;
    ctx.emit(Event::EnduranceChecked { id, injuries: total, endurance, retreat, killed });
    if killed {
        ctx.emit(Event::IntruderKilled { id });
    } else if retreat {
        flee(ctx, id)?;
    }
    Ok(())
}

/// Retreat: an Event card is drawn only for its corridor number, then discarded (p. 20).
pub(super) fn flee(ctx: &mut Ctx, id: IntruderId) -> Outcome<()> {
    let card = ctx.draw_event(EventDraw::Retreat)?;
    let number = ctx.c.event(card).corridor;
    board::move_intruders(ctx, &[id], number);
    // A retreat draw is always discarded, whatever the card's printed fate.
    ctx.emit(Event::EventCardDiscarded { card });
    Ok(())
}

/// Light Wounds (p. 21): the third becomes a Serious Wound; any wound after 3 Serious kills.
pub(super) fn light_wounds(ctx: &mut Ctx, seat: Seat, n: u8) -> Outcome<()> {
    for _ in 0..n {
        if !ctx.s.seats[seat].life.is_awake_on_board() {
            return Ok(());
        }
        if ctx.s.seats[seat].serious.len() >= 3 {
            return kill(ctx, seat, DeathCause::Wounds);
        }
        let light = ctx.s.seats[seat].light_wounds + 1;
        if light >= 3 {
            ctx.emit(Event::LightWoundsSet { seat, light: 0 });
            serious_wound(ctx, seat)?;
        } else {
            ctx.emit(Event::LightWoundsSet { seat, light });
        }
    }
    Ok(())
}

pub(super) fn serious_wound(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    if !ctx.s.seats[seat].life.is_awake_on_board() {
        return Ok(());
    }
    if ctx.s.seats[seat].serious.len() >= 3 {
        return kill(ctx, seat, DeathCause::Wounds);
    }
    ctx.draw_wound(seat)
}

/// Cooperative mode's Revive (p. 27): a dead character whose Corpse the crew carried to a working
/// Emergency Room stands up there at the start of a turn, Light Wounds gone and Serious Wounds
/// dressed. The Emergency Room works only with no Intruder and no Malfunction in it.
pub(super) fn revive(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    if ctx.s.config.mode != Mode::Cooperative {
        return refuse(Code::NotAllowed, "Only the fully cooperative mode revives characters, in the Emergency Room.");
    }
    if ctx.seat(seat)?.life != Life::Dead {
        return refuse(Code::NotAllowed, "Only a dead character can be revived.");
    }
    if ctx.s.phase != Phase::Player {
        return refuse(Code::WrongPhase, "A character is revived at the start of a turn, in the Player Phase.");
    }
    let er = ctx.c.room_tile("emergency_room");
    let Some(at) = ctx.c.board.locations().find(|l| ctx.s.room(*l).explored && er.is_some() && ctx.s.room(*l).tile == er) else {
        return refuse(Code::NotAllowed, "The Emergency Room is not on the board yet: it must be explored first.");
    };
    if ctx.s.intruders_at(at).next().is_some() {
        return refuse(Code::NotAllowed, "An Intruder in the Emergency Room stops it from working.");
    }
    if ctx.s.room(at).malfunction {
        return refuse(Code::NotAllowed, "A Malfunction in the Emergency Room stops it from working.");
    }
    ctx.emit(Event::CharacterRevived { seat, at });
    Ok(())
}

/// A character dies (p. 21). The first death unlocks every Escape Pod (p. 12).
pub(super) fn kill(ctx: &mut Ctx, seat: Seat, cause: DeathCause) -> Outcome<()> {
    if !ctx.s.seats[seat].life.is_alive() {
        return Ok(());
    }
    let at = ctx.s.seats[seat].location;
    ctx.emit(Event::CharacterDied { seat, cause });
    if cause == DeathCause::Larva {
        // The Larva inside bursts out as a Creeper.
        board::place_intruder(ctx, IntruderKind::Creeper, at, None)?;
    }
    if !ctx.s.first_death {
        ctx.emit(Event::PodsUnlocked { reason: UnlockReason::FirstDeath });
    }
    super::turn::last_awake_check(ctx);
    Ok(())
}

/// Gives one Contamination card onto the seat's discard pile (p. 20); nothing if the deck is empty.
pub(super) fn give_contamination(ctx: &mut Ctx, seat: Seat) {
    match ctx.s.contamination.draw.last().copied() {
        Some(card) => ctx.emit(Event::ContaminationGiven { seat, card }),
        None => ctx.emit(Event::ContaminationDeckEmpty { seat }),
    }
}

/// INFECTED (p. 20): a Larva goes on the character board; with one there already, death and a Creeper.
pub(super) fn infect(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    if ctx.s.seats[seat].larva {
        kill(ctx, seat, DeathCause::Larva)
    } else {
        ctx.emit(Event::LarvaSet { seat, on: true });
        Ok(())
    }
}

/// Whether a card is INFECTED: the app's secret, or the result read with the physical scanner.
pub(super) fn infected_status(ctx: &mut Ctx, card: ContaminationId) -> Outcome<bool> {
    match ctx.s.infected[card.0 as usize] {
        Hidden::Known(b) => Ok(b),
        Hidden::Unknown => match ctx.take(|e| match e {
            Entered::Infected { infected } => Some(*infected),
            _ => None,
        }) {
            Some(b) => Ok(b),
            None => ctx.need(Component::ContaminationDeck, "scan result of each card"),
        },
    }
}

fn scan_card(ctx: &mut Ctx, seat: Seat, card: ContaminationId) -> Outcome<bool> {
    let infected = infected_status(ctx, card)?;
    ctx.emit(Event::ContaminationScanned { seat, card, infected });
    Ok(infected)
}

/// Scanning (p. 20) by the procedure of the card, room or item that asks for it.
pub(super) fn scan(ctx: &mut Ctx, seat: Seat, cards: &[ContaminationId], procedure: ScanProcedure) -> Outcome<()> {
    ctx.awake_or_in_pod(seat)?;
    let held = ctx.s.seats[seat].contamination.clone();
    let mut chosen: Vec<ContaminationId> = Vec::new();
    for c in cards {
        if !held.contains(c) {
            return refuse(Code::NotAllowed, "Scan only Contamination cards this character holds.");
        }
        if !chosen.contains(c) {
            chosen.push(*c);
        }
    }
    if procedure == ScanProcedure::Surgery {
        // Surgery scans every card: deck, hand and discard.
        chosen = held.clone();
    } else if chosen.is_empty() && matches!(procedure, ScanProcedure::Look | ScanProcedure::Rest) {
        return refuse(Code::NotAllowed, "Choose at least one Contamination card to scan.");
    }
    match procedure {
        ScanProcedure::Canteen => heal_light_now(ctx, seat, 1),
        ScanProcedure::Shower => {
            if ctx.s.seats[seat].slime {
                ctx.emit(Event::SlimeSet { seat, on: false });
            }
        }
        ScanProcedure::Antidote => {
            if ctx.s.seats[seat].larva {
                ctx.emit(Event::LarvaSet { seat, on: false });
            }
        }
        _ => {}
    }
    let mut results = Vec::new();
    for c in &chosen {
        results.push((*c, scan_card(ctx, seat, *c)?));
    }
    let any_infected = results.iter().any(|(_, i)| *i);
    match procedure {
        ScanProcedure::Look => {
            if any_infected {
                infect(ctx, seat)?;
            }
        }
        ScanProcedure::Rest | ScanProcedure::Canteen | ScanProcedure::Shower => {
            for (c, infected) in &results {
                if !infected {
                    ctx.emit(Event::ContaminationRemoved { seat, card: *c });
                }
            }
            if any_infected {
                infect(ctx, seat)?;
            }
        }
        ScanProcedure::Antidote => {
            for (c, infected) in &results {
                if *infected {
                    ctx.emit(Event::ContaminationRemoved { seat, card: *c });
                }
            }
        }
        ScanProcedure::Surgery => {
            for (c, infected) in &results {
                if *infected {
                    ctx.emit(Event::ContaminationRemoved { seat, card: *c });
                }
            }
            if ctx.s.seats[seat].larva {
                ctx.emit(Event::LarvaSet { seat, on: false });
            }
            light_wounds(ctx, seat, 1)?;
            if ctx.s.seats[seat].life.is_alive() {
                // The surgery ends the round: every card is shuffled back and the hand stays empty.
                ctx.emit(Event::HandSizeSet { seat, cards: 0 });
            }
        }
    }
    Ok(())
}

fn heal_light_now(ctx: &mut Ctx, seat: Seat, n: u8) {
    let l = ctx.s.seats[seat].light_wounds;
    if l > 0 {
        ctx.emit(Event::LightWoundsSet { seat, light: l.saturating_sub(n) });
    }
}

pub(super) fn dress(ctx: &mut Ctx, seat: Seat, index: u8) -> Outcome<()> {
    ctx.awake_or_in_pod(seat)?;
    match ctx.s.seats[seat].serious.get(index as usize) {
        None => refuse(Code::NoSuchThing, "There is no such Serious Wound."),
        Some(w) if w.dressed => refuse(Code::NotAllowed, "That Serious Wound is already dressed."),
        Some(_) => {
            ctx.emit(Event::SeriousWoundDressed { seat, index });
            Ok(())
        }
    }
}

/// Heal (p. 21): only a dressed Serious Wound can be healed; its card is discarded.
pub(super) fn heal_serious(ctx: &mut Ctx, seat: Seat, index: u8) -> Outcome<()> {
    ctx.awake_or_in_pod(seat)?;
    match ctx.s.seats[seat].serious.get(index as usize) {
        None => refuse(Code::NoSuchThing, "There is no such Serious Wound."),
        Some(w) if !w.dressed => refuse(Code::NotAllowed, "Dress a Serious Wound before it can be healed."),
        Some(_) => {
            ctx.emit(Event::SeriousWoundHealed { seat, index });
            Ok(())
        }
    }
}

pub(super) fn heal_light(ctx: &mut Ctx, seat: Seat, count: u8) -> Outcome<()> {
    ctx.awake_or_in_pod(seat)?;
    if ctx.s.seats[seat].light_wounds == 0 {
        return refuse(Code::NotAllowed, "This character has no Light Wound.");
    }
    if count == 0 {
        return refuse(Code::NotAllowed, "Heal at least one Light Wound.");
    }
    heal_light_now(ctx, seat, count);
    Ok(())
}
