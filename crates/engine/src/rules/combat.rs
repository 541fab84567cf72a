//! Combat (pp. 18-20, 27): an Intruder's Attack and its target, Intruder Attack cards, a character's
//! Shoot and Melee, Injuries and the injury check, retreat, and the Intruder player's ATTACK.

use super::ctx::Ctx;
use super::{contamination, intruders, wounds};
use crate::content::*;
use crate::event::*;
use crate::ids::*;
use crate::rejection::{refuse, Code, Outcome};
use crate::state::*;

/// The character an intruder attacks: fewest cards in hand, ties to the first in turn order (p. 20).
/// Injuries the table gives an Intruder in one step (a correction: beyond any Intruder's endurance).
pub const MAX_INJURIES_AT_ONCE: u8 = 10;
/// The numbers an Intruder Action card shows (p. 27): that many Intruder Attack cards are drawn.
pub const INTRUDER_CARD_NUMBERS: u8 = 4;

pub(super) fn target_of(ctx: &Ctx, at: Location) -> Option<Seat> {
    let here = ctx.state.characters_at(at);
    ctx.state.turn_order().into_iter().filter(|s| here.contains(s)).min_by_key(|s| ctx.state.seats[*s].hand)
}

pub(super) fn attack_command(ctx: &mut Ctx, id: IntruderId, target: Option<Seat>) -> Outcome<()> {
    let i = ctx.intruder(id)?;
    let seat = match target {
        Some(s) => {
            ctx.awake(s)?;
            if ctx.state.seats[s].location != i.at {
                return refuse(Code::NotAllowed, "an_intruder_only_attacks_characters_in_its_own", "An Intruder only attacks characters in its own room.");
            }
            s
        }
        None => match target_of(ctx, i.at) {
            Some(s) => s,
            None => return refuse(Code::NotAllowed, "no_character_is_in_that_intruder_s_room", "No character is in that Intruder's room."),
        },
    };
    attack(ctx, id, seat)
}

/// One Intruder Attack (p. 20). A Larva infests instead of drawing a card.
pub(super) fn attack(ctx: &mut Ctx, id: IntruderId, seat: Seat) -> Outcome<()> {
    let Some(i) = ctx.state.intruder(id).cloned() else { return Ok(()) };
    if ctx.state.seats[seat].life != Life::Awake || ctx.state.is_over() {
        return Ok(());
    }
    if i.kind == IntruderKind::Larva {
        ctx.emit(Event::CharacterInfested { seat, id });
        contamination::give_contamination(ctx, seat);
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
    if ctx.state.intruder_player_now() != Some(seat) {
        return refuse(Code::NotAllowed, "only_the_intruder_player_attacks_this_way_from", "Only the Intruder player attacks this way, from the turn after they took the Intruders.");
    }
    if !(1..=INTRUDER_CARD_NUMBERS).contains(&cards) {
        return refuse(Code::NoSuchThing, "an_intruder_action_card_shows_a_number_from", "An Intruder Action card shows a number from 1 to 4.");
    }
    let i = ctx.intruder(id)?;
    ctx.awake(target)?;
    if ctx.state.seats[target].location != i.at {
        return refuse(Code::NotAllowed, "an_intruder_only_attacks_characters_in_its_own", "An Intruder only attacks characters in its own room.");
    }
    if i.kind == IntruderKind::Larva || cards == 1 || !ctx.handles(Component::AttackDeck) {
        return attack(ctx, id, target);
    }
    if ctx.state.attacks.draw.len() < cards as usize {
        // The discard pile is shuffled into a new deck under the cards still left (p. 20).
        let mut order = ctx.shuffled(ctx.state.attacks.discard.iter().map(|c| c.0).collect());
        order.extend(ctx.state.attacks.draw.iter().map(|c| c.0));
        if order.len() > ctx.state.attacks.draw.len() {
            ctx.emit(Event::DeckReshuffled { deck: DeckKind::Attack, order });
        }
    }
    let drawn: Vec<AttackCardId> = ctx.state.attacks.draw.iter().rev().take(cards as usize).copied().collect();
    if drawn.is_empty() {
        return refuse(Code::Empty, "no_intruder_attack_card_is_left_in_the", "No Intruder Attack card is left in the deck or its discard pile.");
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
    let Some(offer) = ctx.state.attack_offer.clone() else {
        return refuse(Code::WrongPhase, "no_intruder_attack_cards_are_waiting_for_a", "No Intruder Attack cards are waiting for a choice.");
    };
    if offer.seat != seat {
        return refuse(Code::NotYourSeat, "only_the_intruder_player_chooses_among_the_cards", "Only the Intruder player chooses among the cards they drew.");
    }
    if !offer.cards.contains(&card) {
        return refuse(Code::NoSuchThing, "that_card_is_not_among_the_intruder_attack", "That card is not among the Intruder Attack cards drawn.");
    }
    let rest: Vec<AttackCardId> = offer.cards.iter().copied().filter(|c| *c != card).collect();
    ctx.emit(Event::AttackCardChosen { seat, card, rest });
    let Some(i) = ctx.state.intruder(offer.intruder).cloned() else { return Ok(()) };
    if ctx.state.seats[offer.target].life != Life::Awake {
        return Ok(());
    }
    resolve_attack_card(ctx, &i, offer.target, card)
}

/// What an Intruder Attack card does to its target, once drawn (p. 20).
fn resolve_attack_card(ctx: &mut Ctx, i: &Intruder, seat: Seat, card: AttackCardId) -> Outcome<()> {
    let id = i.id;
    let spec = ctx.content.attack(card).clone();
    if !spec.symbols.contains(&i.kind) {
        ctx.emit(Event::AttackMissed { id, target: seat });
        return Ok(());
    }
    let serious = ctx.state.seats[seat].serious.len();
    match spec.effect {
        AttackEffect::Scratch => {
            wounds::light_wounds(ctx, seat, 1)?;
            contamination::give_contamination(ctx, seat);
        }
        AttackEffect::ClawAttack => {
            wounds::light_wounds(ctx, seat, 2)?;
            contamination::give_contamination(ctx, seat);
        }
        AttackEffect::Bite => {
            if i.kind == IntruderKind::Adult && ctx.state.weakness_known(WeaknessEffect::TheWayOfFighting) {
                wounds::light_wounds(ctx, seat, 1)?;
            } else if serious >= 2 {
                wounds::kill(ctx, seat, DeathCause::Attack)?;
            } else {
                wounds::serious_wound(ctx, seat)?;
            }
        }
        AttackEffect::TailAttack => {
            if serious >= 1 {
                wounds::kill(ctx, seat, DeathCause::Attack)?;
            } else {
                wounds::serious_wound(ctx, seat)?;
            }
        }
        AttackEffect::Transformation => {
            // Only if a Breeder miniature is free (card text, card reference §0 #5, A): else nothing.
            let breeders = ctx.state.intruders.iter().filter(|x| x.kind == IntruderKind::Breeder).count();
            if breeders >= usize::from(ctx.content.data.pools.breeder_miniatures) {
                return Ok(());
            }
            ctx.emit(Event::IntruderTransformed { id, into: IntruderKind::Breeder });
            // The Creeper has left play without dying: its token goes to the supply (the publisher's
            // FAQ, Rules 19: tokens out of the bag join the pool). The Breeder came with no draw,
            // so, like every Intruder placed by an effect, it has no token of its own, and its
            // corresponding token, a Breeder's, is taken from the supply when it leaves for the
            // bag (p. 16; deviation 14).
            if let Some(token) = ctx.state.intruder(id).and_then(|x| x.token) {
                ctx.emit(Event::TokenToSupply { token });
            }
            if ctx.state.seats[seat].hand == 0 {
                ctx.emit(Event::SurpriseAttack { seat, id, back: 1, hand: 0 });
                attack(ctx, id, seat)?;
            }
        }
        AttackEffect::Frenzy => {
            for s in ctx.state.characters_at(i.at) {
                if ctx.state.seats[s].serious.len() >= 2 {
                    wounds::kill(ctx, s, DeathCause::Attack)?;
                } else {
                    wounds::serious_wound(ctx, s)?;
                }
            }
        }
        AttackEffect::Slime => {
            if !ctx.state.seats[seat].slime {
                ctx.emit(Event::SlimeSet { seat, on: true });
            }
            contamination::give_contamination(ctx, seat);
        }
        AttackEffect::Summoning => intruders::summon(ctx, i.at)?,
    }
    Ok(())
}

/// How many Injuries a Combat die face deals to an Intruder of this kind (pp. 18–19).
/// `vital_places`: that Weakness is known, so a blank face against an Adult is one hit
/// (pp. 21–22; card text graded A in the card reference). Only the blank face changes.
pub fn injuries_of(face: CombatFace, kind: IntruderKind, melee: bool, vital_places: bool) -> u8 {
    let small = matches!(kind, IntruderKind::Larva | IntruderKind::Creeper);
    match face {
        CombatFace::Miss => u8::from(vital_places && kind == IntruderKind::Adult),
        CombatFace::SmallHit => u8::from(small),
        CombatFace::AdultHit => u8::from(small || kind == IntruderKind::Adult),
        CombatFace::Hit => 1,
        // In melee a double hit counts as one.
        CombatFace::TwoHits => if melee { 1 } else { 2 },
    }
}

/// How many Eggs a Combat die face destroys (p. 25: each Injury, one Egg). An Egg is no Intruder
/// (the manual says so), so the faces that hit only named kinds miss it (pp. 18–19; deviation 63); a double
/// hit is 2 when shot, 1 in melee.
pub fn injuries_to_eggs(face: CombatFace, melee: bool) -> u8 {
    match face {
        CombatFace::Miss | CombatFace::SmallHit | CombatFace::AdultHit => 0,
        CombatFace::Hit => 1,
        CombatFace::TwoHits => if melee { 1 } else { 2 },
    }
}

/// The Shoot action (p. 18) with the weapon it fires. The character's own weapon is an Energy
/// weapon when its card says so; a carried one is as the table says. Without a weapon named (old
/// saves) `energy` alone says it, as it always did.
pub(super) fn shoot(ctx: &mut Ctx, seat: Seat, id: IntruderId, energy: bool, weapon: Option<crate::command::Weapon>) -> Outcome<()> {
    use crate::command::Weapon;
    let energy = match weapon {
        None => energy,
        Some(Weapon::Own) => own_weapon_is_energy(ctx, seat),
        Some(Weapon::Carried) => false,
        Some(Weapon::CarriedEnergy) => true,
    };
    character_attacks(ctx, seat, id, false, energy, weapon)
}

/// Whether the character's starting weapon is an Energy weapon (its card in the box data).
fn own_weapon_is_energy(ctx: &Ctx, seat: Seat) -> bool {
    let Some(c) = ctx.state.seats[seat].character else { return false };
    ctx.content.data.characters.get(c.0 as usize).is_some_and(|c| c.weapon_kind == WeaponKind::Energy)
}

/// A character's Shoot (p. 18) or Melee Attack (p. 19) action against an Intruder in its room. Ammo and
/// weapons' own rules stay at the table. A Melee Attack first gives a Contamination card, and a
/// miss gives the character a Serious Wound. A hit goes on to the Injury check (p. 20).
/// The Weaknesses that change what the die does are applied here (pp. 21–22): Vital Places, and
/// Vulnerability to Energy when the table says the weapon is an Energy weapon (`energy`).
/// A Shoot that names its weapon first takes 1 Ammo off that weapon's card (p. 18: a weapon with
/// no Ammo left cannot shoot, which only its card at the table shows).
pub(super) fn character_attacks(ctx: &mut Ctx, seat: Seat, id: IntruderId, melee: bool, energy: bool, weapon: Option<crate::command::Weapon>) -> Outcome<()> {
    ctx.awake(seat)?;
    let i = ctx.intruder(id)?;
    if ctx.state.seats[seat].location != i.at {
        return refuse(Code::NotAllowed, "a_character_attacks_only_intruders_in_its_own", "A character attacks only Intruders in its own room.");
    }
    if let Some(weapon) = weapon {
        ctx.emit(Event::AmmoSpent { seat, weapon });
    }
    if melee {
        contamination::give_contamination(ctx, seat);
    }
    let face = ctx.roll_combat()?;
    let vital = ctx.state.weakness_known(WeaknessEffect::VitalPlaces);
    let mut injuries = injuries_of(face, i.kind, melee, vital);
    // An Energy-weapon attack that deals at least 1 Injury deals 1 more (a Shoot only: melee has no weapon).
    if !melee && energy && injuries > 0 && ctx.state.weakness_known(WeaknessEffect::VulnerabilityToEnergy) {
        injuries += 1;
    }
    ctx.emit(Event::CharacterAttacked { seat, id, melee, face, injuries });
    if injuries > 0 {
        injure(ctx, id, injuries)
    } else if melee {
        wounds::serious_wound(ctx, seat)
    } else {
        Ok(())
    }
}

/// Injuries to an intruder and the Injury Effect check (p. 20).
pub(super) fn injure(ctx: &mut Ctx, id: IntruderId, injuries: u8) -> Outcome<()> {
    let Some(i) = ctx.state.intruder(id).cloned() else { return Ok(()) };
    ctx.emit(Event::IntruderInjured { id, injuries });
    let total = i.injuries + injuries;
    let brink = u8::from(ctx.state.weakness_known(WeaknessEffect::SpeciesOnTheBrinkOfExtinction));
    if i.kind == IntruderKind::Larva {
        ctx.emit(Event::EnduranceChecked { id, injuries: total, endurance: 1, retreat: false, killed: true });
        intruders::killed(ctx, id);
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
        intruders::killed(ctx, id);
    } else if retreat {
        flee(ctx, id)?;
    }
    Ok(())
}

/// An Intruder hit by the Fire Extinguisher or the Fire Control System runs away (p. 24). With
/// Susceptibility to Phosphates known it also takes 1 Injury (card reference §4, A); the Injury
/// comes first, so a kill leaves its Carcass in the room it was hit in, and one the Injury check
/// already sent away does not run twice (that order: C).
pub(super) fn phosphates_flee(ctx: &mut Ctx, id: IntruderId) -> Outcome<()> {
    if phosphates(ctx, id)? {
        flee(ctx, id)?;
    }
    Ok(())
}

/// Susceptibility to Phosphates' Injury (when known) before a run away: whether the Intruder is
/// still where it was hit, so still to run.
pub(super) fn phosphates(ctx: &mut Ctx, id: IntruderId) -> Outcome<bool> {
    let Some(before) = ctx.state.intruder(id).map(|i| i.at) else { return Ok(false) };
    if ctx.state.weakness_known(WeaknessEffect::SusceptibilityToPhosphates) {
        injure(ctx, id, 1)?;
    }
    Ok(ctx.state.intruder(id).is_some_and(|i| i.at == before))
}

/// Retreat: an Event card is drawn only for its corridor number, then discarded (p. 20).
pub(super) fn flee(ctx: &mut Ctx, id: IntruderId) -> Outcome<()> {
    let card = ctx.draw_event(EventDraw::Retreat)?;
    let number = ctx.content.event(card).corridor;
    intruders::move_intruders(ctx, &[id], number);
    // A retreat draw is always discarded, whatever the card's printed fate.
    ctx.emit(Event::EventCardDiscarded { card });
    Ok(())
}

/// A correction: the table gives the Intruder Injuries (from 1 to 10 at once), then the Injury check.
pub(super) fn injure_by_table(ctx: &mut Ctx, id: IntruderId, injuries: u8) -> Outcome<()> {
    ctx.intruder(id)?;
    if injuries == 0 || injuries > MAX_INJURIES_AT_ONCE {
        return refuse(Code::NotAllowed, "give_between_1_and_10_injuries", "Give between 1 and 10 Injuries.");
    }
    injure(ctx, id, injuries)
}

/// The Intruder runs away (an Event card's corridor); by the Fire Extinguisher, with
/// Susceptibility to Phosphates known, it also takes 1 Injury (card reference §4, A).
pub(super) fn flee_by_table(ctx: &mut Ctx, id: IntruderId, extinguisher: bool) -> Outcome<()> {
    ctx.intruder(id)?;
    if extinguisher {
        phosphates_flee(ctx, id)
    } else {
        flee(ctx, id)
    }
}
