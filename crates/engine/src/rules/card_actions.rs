//! Card and Item Actions the engine guides (pp. 12, 22): which Action cards and Items can do what
//! here, what each costs, and carrying out the effect chosen. The table shows the card; the app
//! never needs to know what else the hand holds.

use super::ctx::Ctx;
use super::{contamination, systems, wounds};
use crate::command::*;
use crate::event::*;
use crate::ids::*;
use crate::rejection::{refuse, Code, Outcome};
use crate::state::*;

/// The characters whose Action deck holds this Action card; `None` for an Item (anyone may hold
/// one) and for Rest (in every deck).
fn owners(card: PlayedCard) -> Option<&'static [&'static str]> {
    match card {
        PlayedCard::BasicRepairs => Some(&["captain", "soldier", "scout"]),
        PlayedCard::Repairs => Some(&["pilot", "scientist"]),
        PlayedCard::FastRepairs => Some(&["mechanic"]),
        _ => None,
    }
}

/// An Action card (its own card is discarded with its cost, p. 12), not an Item (p. 22).
pub fn is_action_card(card: PlayedCard) -> bool {
    matches!(card, PlayedCard::BasicRepairs | PlayedCard::Repairs | PlayedCard::FastRepairs | PlayedCard::Rest)
}

/// What each card may do, its [OR] choices (p. 12).
pub fn effects(card: PlayedCard) -> &'static [CardEffect] {
    use CardEffect::*;
    match card {
        PlayedCard::BasicRepairs | PlayedCard::Repairs | PlayedCard::FastRepairs | PlayedCard::Tools | PlayedCard::DuctTape => &[RepairMalfunction, RepairEngine],
        PlayedCard::Rest | PlayedCard::Antidote => &[Scan],
        PlayedCard::Bandages => &[DressSerious, HealLight],
        PlayedCard::Medkit => &[DressSerious, HealDressed, HealLight],
        PlayedCard::Clothes => &[DiscardSlime, DressSerious],
    }
}

/// Action cards discarded for it (p. 12): an Action card counts itself and its printed cost
/// (Basic Repairs 2 more, p. 12; Repairs 1; Fast Repairs and Rest none); an Item its cost (1,
/// p. 22), 1 more with an undressed Hand wound (its Serious Wound card).
pub fn cost(state: &State, seat: Seat, card: PlayedCard) -> u8 {
    let printed = match card {
        PlayedCard::BasicRepairs => 3,
        PlayedCard::Repairs => 2,
        _ => 1,
    };
    let content = state.content();
    let hand = state.seats.get(seat).is_some_and(|s| s.serious.iter().any(|w| !w.dressed && content.data.serious_wounds.get(w.card.0 as usize).is_some_and(|c| c.key == "hand")));
    printed + u8::from(!is_action_card(card) && hand)
}

/// The Engine whose room the character stands in, if any.
fn engine_here(ctx: &Ctx, at: Location) -> Option<EngineNumber> {
    (1..=3).map(EngineNumber).find(|e| ctx.content.engine_location(*e) == Some(at))
}

/// Plays `card` for `effect`. `wound`: the Serious Wound a dressing dresses (its place among the
/// character's). `cards`: the Contamination cards Rest scans, those in hand, chosen on the
/// player's phone; none from the table, and the phone is asked (`HandScanDue`).
pub(super) fn use_card(ctx: &mut Ctx, seat: Seat, card: PlayedCard, effect: CardEffect, wound: u8, cards: &[ContaminationId]) -> Outcome<()> {
    ctx.awake(seat)?;
    if !effects(card).contains(&effect) {
        return refuse(Code::NotAllowed, "that_card_does_not_do_that", "That card does not do that: choose one of its own effects.");
    }
    let s = &ctx.state.seats[seat];
    if let Some(owners) = owners(card) {
        let key = s.character.and_then(|c| ctx.content.data.characters.get(c.0 as usize)).map(|c| c.key.as_str());
        if !key.is_some_and(|k| owners.contains(&k)) {
            return refuse(Code::NotAllowed, "that_action_card_is_not_in_this_character_s_deck", "That Action card is not in this character's Action deck.");
        }
        // The Repairs cards are Out of Combat Only (p. 12's example).
        if card != PlayedCard::Rest && ctx.state.in_combat(seat) {
            return refuse(Code::NotAllowed, "that_card_is_out_of_combat_only", "That card is Out of Combat Only: not with an Intruder in the room.");
        }
    }
    let at = s.location;
    ctx.emit(Event::TableDoes { seat, task: TableTask::ShowCard { card } });
    let s = &ctx.state.seats[seat];
    match effect {
        CardEffect::RepairMalfunction => {
            if !ctx.state.room(at).malfunction {
                return refuse(Code::NotAllowed, "there_is_no_malfunction_in_this_room", "There is no Malfunction in this room.");
            }
            ctx.emit(Event::MalfunctionRemoved { at });
        }
        CardEffect::RepairEngine => {
            let Some(engine) = engine_here(ctx, at) else {
                return refuse(Code::NotAllowed, "an_engine_is_repaired_in_its_own_room", "An Engine is repaired or broken in its own room.");
            };
            systems::begin_repair(ctx, seat, engine)?;
        }
        CardEffect::DressSerious => wounds::dress(ctx, seat, wound)?,
        CardEffect::HealDressed => {
            let Some(index) = s.serious.iter().position(|w| w.dressed) else {
                return refuse(Code::NotAllowed, "this_character_has_no_dressed_serious_wound_to", "This character has no dressed Serious Wound to heal.");
            };
            ctx.emit(Event::SeriousWoundHealed { seat, index: index as u8 });
        }
        CardEffect::HealLight => {
            if s.light_wounds == 0 {
                return refuse(Code::NotAllowed, "this_character_has_no_light_wound", "This character has no Light Wound.");
            }
            ctx.emit(Event::LightWoundsSet { seat, light: 0 });
        }
        CardEffect::DiscardSlime => {
            if !s.slime {
                return refuse(Code::NotAllowed, "this_character_has_no_slime_marker", "This character has no Slime marker.");
            }
            ctx.emit(Event::SlimeSet { seat, on: false });
        }
        CardEffect::Scan if card == PlayedCard::Antidote => {
            // The Antidote needs no choice: every card the character holds is scanned (card
            // reference, graded B), so the table never names a card.
            if s.contamination.is_empty() && !s.larva {
                return refuse(Code::NotAllowed, "this_character_has_no_contamination_card_and_no", "This character has no Contamination card and no Larva.");
            }
            let held = s.contamination.clone();
            contamination::scan(ctx, seat, &held, ScanProcedure::Antidote)?;
        }
        CardEffect::Scan => {
            if s.contamination.is_empty() {
                return refuse(Code::NotAllowed, "this_character_has_no_contamination_card", "This character has no Contamination card to scan.");
            }
            if cards.is_empty() {
                // Which of them are in hand only the player knows: their phone asks (p. 20).
                ctx.emit(Event::HandScanDue { seat, due: true });
            } else {
                contamination::scan(ctx, seat, cards, ScanProcedure::Rest)?;
            }
        }
    }
    Ok(())
}
