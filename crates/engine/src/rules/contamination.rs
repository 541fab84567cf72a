//! Contamination cards (p. 20): dealing them, the Larva and infection, and scanning (pp. 20, 23).

use super::ctx::Ctx;
use super::{wounds};
use crate::command::*;
use crate::event::*;
use crate::ids::*;
use crate::rejection::{refuse, Code, Outcome};
use crate::state::*;

/// Gives one Contamination card onto the seat's discard pile (p. 20); nothing if the deck is empty.
/// Contamination cards the table gives in one step (the most any effect of the box gives at once).
pub const MAX_CONTAMINATION_AT_ONCE: u8 = 4;

pub(super) fn give_contamination(ctx: &mut Ctx, seat: Seat) {
    give(ctx, seat, false);
}

/// One Contamination card, on top of the discard pile or (`shuffled_in`) into the Action deck.
fn give(ctx: &mut Ctx, seat: Seat, shuffled_in: bool) {
    // A character killed by the wound that came first (a Scratch after the third Serious Wound)
    // is out of the game (p. 21): their miniature is removed, so no card goes to them.
    if ctx.state.seats[seat].life == Life::Dead {
        return;
    }
    match ctx.state.contamination.draw.last().copied() {
        Some(card) => ctx.emit(Event::ContaminationGiven { seat, card, shuffled_in }),
        None => ctx.emit(Event::ContaminationDeckEmpty { seat }),
    }
}

/// INFECTED (p. 20): a Larva goes on the character board; with one there already, death and a Creeper.
pub(super) fn infect(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    if ctx.state.seats[seat].larva {
        wounds::kill(ctx, seat, DeathCause::Larva)
    } else {
        ctx.emit(Event::LarvaSet { seat, on: true });
        Ok(())
    }
}

/// Whether a card is INFECTED: the app's secret, or the result read with the physical scanner.
pub(super) fn infected_status(ctx: &mut Ctx, card: ContaminationId) -> Outcome<bool> {
    match ctx.state.infected[card.0 as usize] {
        Hidden::Known(b) => Ok(b),
        Hidden::Unknown => match ctx.take(|e| match e {
            Entered::Infected { infected } => Some(*infected),
            _ => None,
        }) {
            Some(b) => Ok(b),
            None => ctx.need(Component::ContaminationDeck, "scan_result_of_each_card", "scan result of each card"),
        },
    }
}

/// `kept_in_hand`: a scan of the hand's cards that leaves an INFECTED card there (p. 20).
fn scan_card(ctx: &mut Ctx, seat: Seat, card: ContaminationId, kept_in_hand: bool) -> Outcome<bool> {
    let infected = infected_status(ctx, card)?;
    ctx.emit(Event::ContaminationScanned { seat, card, infected, kept_in_hand: kept_in_hand && infected });
    Ok(infected)
}

/// The distinct cards named, each one the character holds; refused for any other.
fn held_named(ctx: &Ctx, seat: Seat, cards: &[ContaminationId]) -> Outcome<Vec<ContaminationId>> {
    let held = &ctx.state.seats[seat].contamination;
    let mut named: Vec<ContaminationId> = Vec::new();
    for c in cards {
        if !held.contains(c) {
            return refuse(Code::NotAllowed, "scan_only_contamination_cards_this_character_holds", "Scan only Contamination cards this character holds.");
        }
        if !named.contains(c) {
            named.push(*c);
        }
    }
    Ok(named)
}

/// The cards named, then `more` of the character's other cards picked by the app. A player holds
/// the physical cards, which carry no number: they say how many are in hand (or among the cards
/// drawn), and the app's shuffle picks which of its numbered cards those are, blind to whether
/// they are INFECTED, as a hand drawn from a shuffled deck would be (rules-deviations 32).
fn named_and_picked(ctx: &mut Ctx, seat: Seat, cards: &[ContaminationId], more: u8) -> Outcome<Vec<ContaminationId>> {
    let mut named = held_named(ctx, seat, cards)?;
    let picked = pick_among(ctx, seat, more, |c| !named.contains(c))?;
    named.extend(picked);
    Ok(named)
}

/// `more` of the character's cards that pass `eligible`, picked by the app's shuffle (private to
/// the seat: `ContaminationPicked`).
fn pick_among(ctx: &mut Ctx, seat: Seat, more: u8, eligible: impl Fn(&ContaminationId) -> bool) -> Outcome<Vec<ContaminationId>> {
    let mut pool: Vec<ContaminationId> = ctx.state.seats[seat].contamination.iter().copied().filter(|c| eligible(c)).collect();
    if usize::from(more) > pool.len() {
        return refuse(Code::NotAllowed, "more_contamination_cards_are_scanned_than_the", "More Contamination cards are scanned than this character holds.");
    }
    let mut picked = Vec::new();
    for _ in 0..more {
        let i = ctx.fate.index(pool.len());
        picked.push(pool.swap_remove(i));
    }
    if !picked.is_empty() {
        ctx.emit(Event::ContaminationPicked { seat, cards: picked.clone() });
    }
    Ok(picked)
}

/// The cards in the character's hand: named or picked, held, and no more than the hand holds (a
/// hand of 1 cannot hold 3 Contamination cards, whose removal would leave a hand below nothing).
/// A card a scan found INFECTED this round is in the hand still (p. 20: it is not removed, and
/// only a pass lets it be discarded, p. 10): a scan of the whole hand counts it among its cards,
/// so the app's pick never puts another in its place; the Alcohol's one card is the player's
/// choice, and a player who knows a card INFECTED scans another (`whole_hand` false).
fn in_hand(ctx: &mut Ctx, seat: Seat, cards: &[ContaminationId], more: u8, whole_hand: bool) -> Outcome<Vec<ContaminationId>> {
    let known = ctx.state.seats[seat].infected_in_hand.clone();
    let named = if whole_hand && !known.is_empty() {
        let counted = cards.len() + usize::from(more);
        let mut sure: Vec<ContaminationId> = held_named(ctx, seat, cards)?;
        sure.extend(known.iter().filter(|c| !cards.contains(c)));
        if counted < sure.len() {
            return refuse(Code::NotAllowed, "a_card_found_infected_is_still_in_the_hand", "A Contamination card found INFECTED this round is still in the hand: count it with the others.");
        }
        named_and_picked(ctx, seat, &sure, (counted - sure.len()) as u8)?
    } else if !whole_hand && !known.is_empty() && cards.is_empty() && more > 0 {
        // The one card the player chooses: another than the one known INFECTED, when there is one.
        let others = ctx.state.seats[seat].contamination.iter().filter(|c| !known.contains(c)).count();
        if others >= usize::from(more) {
            pick_among(ctx, seat, more, |c| !known.contains(c))?
        } else {
            named_and_picked(ctx, seat, cards, more)?
        }
    } else {
        named_and_picked(ctx, seat, cards, more)?
    };
    if named.len() > usize::from(ctx.state.seats[seat].hand) {
        return refuse(Code::NotAllowed, "more_contamination_cards_are_named_than_the_hand", "More Contamination cards are counted in the hand than the hand holds: count only the ones in the hand now.");
    }
    Ok(named)
}

/// The Antidote (docs/cards.md, PN and AR agree): every Contamination card the character holds is
/// scanned (Action deck, hand and discard), the INFECTED ones and the Larva are removed; then 1
/// Contamination card is shuffled into the Action deck with the discard pile, the hand is kept,
/// and the player passes (`player_phase::after_action`). `hand` and `more`: the cards in the
/// hand (named, and how many more the app picks), whose INFECTED ones leave the hand count (p. 20:
/// a removed card leaves the game).
pub(super) fn antidote(ctx: &mut Ctx, seat: Seat, hand: &[ContaminationId], more: u8) -> Outcome<()> {
    ctx.awake(seat)?;
    let named = in_hand(ctx, seat, hand, more, true)?;
    let held = ctx.state.seats[seat].contamination.clone();
    if ctx.state.seats[seat].larva {
        ctx.emit(Event::LarvaSet { seat, on: false });
    }
    let mut left_hand = 0u8;
    for c in held {
        if scan_card(ctx, seat, c, false)? {
            ctx.emit(Event::ContaminationRemoved { seat, card: c });
            left_hand += u8::from(named.contains(&c));
        }
    }
    if left_hand > 0 {
        let cards = ctx.state.seats[seat].hand.saturating_sub(left_hand);
        ctx.emit(Event::HandSizeSet { seat, cards });
    }
    // The card's own instruction, not p. 20's discard pile: the private line says the same.
    give(ctx, seat, true);
    ctx.emit(Event::TableDoes { seat, task: TableTask::ShuffleContaminationIn });
    Ok(())
}

/// Whether a seat's own device (its phone) may send this scan. A scan is a card's, a room's or an
/// Item's procedure (p. 20), never an Action of its own: the Canteen, Shower Room and Surgery are
/// Room Actions, paid in the seat's round (p. 24); Rest, Eclosion and the Alcohol ask their
/// question (`ScanQuestion`) and the phone answers only while it is open; the Antidote is played as
/// its Item card (`UseCard`), whose question the phone answers the same way. Any other scan, or one
/// no question asks, is the table's correction: without this a phone could remove any card for
/// nothing, at any time.
pub(super) fn seat_may_scan(state: &State, seat: Seat, procedure: ScanProcedure) -> Outcome<()> {
    let question = match procedure {
        ScanProcedure::Canteen | ScanProcedure::Shower | ScanProcedure::Surgery => return Ok(()),
        ScanProcedure::Rest => ScanQuestion::Rest,
        ScanProcedure::Look => ScanQuestion::Eclosion,
        ScanProcedure::Alcohol => ScanQuestion::Alcohol,
        ScanProcedure::Antidote if state.seats.get(seat).is_some_and(|s| s.scan_due(ScanQuestion::Antidote)) => return Ok(()),
        ScanProcedure::Antidote => {
            return refuse(Code::NotAllowed, "the_antidote_is_played_as_its_item_card", "The Antidote is played as its Item card in the player's round; the table records any other scan.");
        }
    };
    if state.seats.get(seat).is_some_and(|s| s.scan_due(question)) {
        Ok(())
    } else {
        refuse(Code::NotAllowed, "no_scan_is_asked_of_this_player_now", "No scan is asked of this player now: a phone scans only to answer a Rest card's, Eclosion's or the Alcohol's question; the table records any other scan.")
    }
}

/// Scanning (p. 20) by the procedure of the card, room or item that asks for it: the cards named
/// and `more` the app picks among the character's others (`named_and_picked`).
pub(super) fn scan(ctx: &mut Ctx, seat: Seat, cards: &[ContaminationId], more: u8, procedure: ScanProcedure) -> Outcome<()> {
    ctx.awake_or_in_pod(seat)?;
    // The three Room Actions that scan need their room (p. 24-25); Look, Rest and the Antidote do not.
    match procedure {
        ScanProcedure::Canteen => ctx.tile_room_action(seat, "canteen", false).map(|_| ())?,
        ScanProcedure::Shower => ctx.tile_room_action(seat, "shower_room", false).map(|_| ())?,
        ScanProcedure::Surgery => ctx.tile_room_action(seat, "surgery", false).map(|_| ())?,
        ScanProcedure::Look | ScanProcedure::Rest | ScanProcedure::Antidote | ScanProcedure::Alcohol => {}
    }
    let held = ctx.state.seats[seat].contamination.clone();
    // The Antidote's answer (its card asked how many are in hand before anything is scanned):
    // the card's whole effect, every card scanned (docs/cards.md).
    if procedure == ScanProcedure::Antidote && ctx.state.seats[seat].scan_due(ScanQuestion::Antidote) {
        ctx.emit(Event::ScanAnswered { seat, question: ScanQuestion::Antidote });
        return antidote(ctx, seat, cards, more);
    }
    // The Canteen's and the Shower Room's scan is the player's choice, of the cards in hand
    // (p. 25): taken with none named, the room's Action does its own part and the player's phone
    // asks how many cards are in hand (none is no scan), as a Rest card's does.
    let room_scan = matches!(procedure, ScanProcedure::Canteen | ScanProcedure::Shower);
    let ask = room_scan && cards.is_empty() && more == 0 && !held.is_empty();
    // Look scans cards drawn aside (Eclosion's four) and the Surgery every card held (p. 25):
    // neither is bounded by the hand; every other procedure scans the hand's.
    let mut chosen = match procedure {
        // Eclosion draws 4 cards (its card): no more than those are counted among them.
        ScanProcedure::Look if cards.len() + usize::from(more) > 4 => {
            return refuse(Code::NotAllowed, "at_most_4_cards_are_drawn_to_look_at", "Eclosion draws 4 cards: count at most 4 Contamination cards among them.");
        }
        ScanProcedure::Look => named_and_picked(ctx, seat, cards, more)?,
        ScanProcedure::Surgery => Vec::new(),
        // The room's part first, its scan asked of the phone next: nothing counted yet.
        _ if ask => Vec::new(),
        _ => in_hand(ctx, seat, cards, more, procedure != ScanProcedure::Alcohol)?,
    };
    // The phone's answer to a Rest card's scan: the cards in hand, maybe none at all; or to
    // Eclosion's: the Contamination cards among the 4 drawn (Look), maybe none.
    // Each answer closes its own question only: a Rest scan still asked stays asked (pp. 20, 25).
    let question = match procedure {
        ScanProcedure::Rest => Some(ScanQuestion::Rest),
        ScanProcedure::Look => Some(ScanQuestion::Eclosion),
        ScanProcedure::Alcohol => Some(ScanQuestion::Alcohol),
        _ => None,
    };
    let answering = question.filter(|q| ctx.state.seats[seat].scan_due(*q));
    // The Alcohol scans 1 card of the hand; its question may also be answered with none, when no
    // Contamination card the character holds is in the hand (they may all be in the deck or the
    // discard pile), or it would be asked for ever.
    if procedure == ScanProcedure::Alcohol && (chosen.len() > 1 || (chosen.is_empty() && answering.is_none())) {
        return refuse(Code::NotAllowed, "the_alcohol_scans_exactly_one_card_of_the_hand", "The Alcohol scans exactly 1 Contamination card from the hand: choose one.");
    }
    if let Some(question) = answering {
        ctx.emit(Event::ScanAnswered { seat, question });
    }
    let answering = answering.is_some();
    if procedure == ScanProcedure::Surgery {
        // Surgery scans every card: deck, hand and discard.
        chosen = held.clone();
    } else if chosen.is_empty() && !answering && matches!(procedure, ScanProcedure::Look | ScanProcedure::Rest) {
        return refuse(Code::NotAllowed, "choose_at_least_one_contamination_card_to_scan", "Choose at least one Contamination card to scan.");
    }
    match procedure {
        ScanProcedure::Canteen => wounds::heal_light_now(ctx, seat, 1),
        ScanProcedure::Shower => {
            if ctx.state.seats[seat].slime {
                ctx.emit(Event::SlimeSet { seat, on: false });
            }
        }
        ScanProcedure::Antidote => {
            if ctx.state.seats[seat].larva {
                ctx.emit(Event::LarvaSet { seat, on: false });
            }
        }
        _ => {}
    }
    if ask {
        ctx.emit(Event::HandScanDue { seat, due: true });
        return Ok(());
    }
    let mut results = Vec::new();
    let keeps = matches!(procedure, ScanProcedure::Rest | ScanProcedure::Canteen | ScanProcedure::Shower);
    for c in &chosen {
        results.push((*c, scan_card(ctx, seat, *c, keeps)?));
    }
    let any_infected = results.iter().any(|(_, i)| *i);
    match procedure {
        ScanProcedure::Look => {
            if any_infected {
                infect(ctx, seat)?;
            }
        }
        ScanProcedure::Rest | ScanProcedure::Canteen | ScanProcedure::Shower => {
            let mut removed = 0u8;
            for (c, infected) in &results {
                if !infected {
                    ctx.emit(Event::ContaminationRemoved { seat, card: *c });
                    removed += 1;
                }
            }
            // These scan cards in the hand (p. 24-25, the Rest card): a card removed leaves the
            // hand, which the Surprise Attack (p. 18) and an attack's target (p. 20) count.
            let hand = ctx.state.seats[seat].hand;
            if removed > 0 && hand > 0 {
                ctx.emit(Event::HandSizeSet { seat, cards: hand.saturating_sub(removed) });
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
        ScanProcedure::Alcohol => {
            // The card leaves the game whatever it was, and the hand with it (docs/cards.md, PN
            // and AR agree: the card's "remove" overrules p. 20's "do not remove"). An INFECTED
            // one is still a scan's INFECTED (p. 20, "whatever the procedure"): a Larva, or death
            // with one there already; then the card's own effect, 1 more Contamination card.
            for (c, _) in &results {
                ctx.emit(Event::ContaminationRemoved { seat, card: *c });
            }
            let hand = ctx.state.seats[seat].hand;
            if hand > 0 && !results.is_empty() {
                ctx.emit(Event::HandSizeSet { seat, cards: hand - 1 });
            }
            if any_infected {
                infect(ctx, seat)?;
                if ctx.state.seats[seat].life.is_alive() {
                    give_contamination(ctx, seat);
                }
            }
        }
        ScanProcedure::Surgery => {
            for (c, infected) in &results {
                if *infected {
                    ctx.emit(Event::ContaminationRemoved { seat, card: *c });
                }
            }
            if ctx.state.seats[seat].larva {
                ctx.emit(Event::LarvaSet { seat, on: false });
            }
            wounds::light_wounds(ctx, seat, 1)?;
            if ctx.state.seats[seat].life.is_alive() {
                // The surgery ends the round: every card is shuffled back and the hand stays empty.
                ctx.emit(Event::HandSizeSet { seat, cards: 0 });
            }
        }
    }
    Ok(())
}

/// A correction: the table gives the character Contamination cards (from 1 to 4 at once).
pub(super) fn give_by_table(ctx: &mut Ctx, seat: Seat, count: u8) -> Outcome<()> {
    ctx.awake_or_in_pod(seat)?;
    if count == 0 || count > MAX_CONTAMINATION_AT_ONCE {
        return refuse(Code::NotAllowed, "give_between_1_and_4_contamination_cards", "Give between 1 and 4 Contamination cards.");
    }
    if ctx.state.contamination.draw.is_empty() {
        return refuse(Code::Empty, "the_contamination_deck_is_empty_no_card_is", "The Contamination deck is empty: no card is left to give.");
    }
    for _ in 0..count {
        give_contamination(ctx, seat);
    }
    Ok(())
}
