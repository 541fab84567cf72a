//! Card and Item Actions the engine guides (pp. 12, 20–22, 26): what each card could do here (through
//! `offers`), its cost, the state after, the hand lines, and a scan's private part.

use crate::common::*;
use crate::room_sheet::{has_hand_line, lines_with_hands, offered, round_of};

use nemesis_engine::command::{Command, ScanProcedure};
use nemesis_engine::event::{Event, TableTask};
use nemesis_engine::ids::*;
use nemesis_engine::log::{describe, Audience};
use nemesis_engine::state::*;
use nemesis_engine::{Actor, Content};

fn use_card(card: PlayedCard, effect: CardEffect) -> Command {
    Command::UseCard { seat: Seat(0), card, effect, wound: 0, cards: Vec::new() }
}

fn character_key(s: &State, seat: Seat) -> String {
    Content::base().data.characters[s.seats[seat].character.expect("drafted").0 as usize].key.clone()
}

/// The Repairs Action card of this character's deck (p. 12).
fn own_repairs(s: &State, seat: Seat) -> PlayedCard {
    match character_key(s, seat).as_str() {
        "captain" | "soldier" | "scout" => PlayedCard::BasicRepairs,
        "mechanic" => PlayedCard::FastRepairs,
        _ => PlayedCard::Repairs,
    }
}

#[test]
fn repairs_and_tools_discard_the_malfunction_of_the_characters_room_at_the_cards_cost_p12_p17() {
    let (mut s, mut f) = table(2, 3101);
    let at = stand_in(&mut s, Seat(0), "armory");
    round_of(&mut s, Seat(0));
    let repairs = |s: &State| offered(s, |c| matches!(c, Command::UseCard { effect: CardEffect::RepairMalfunction, .. }));
    assert!(repairs(&s).is_empty(), "no Malfunction here: nothing to repair");
    s.room_mut(at).malfunction = true;
    let own = own_repairs(&s, Seat(0));
    let cost = |card| match card {
        PlayedCard::BasicRepairs => 3,
        PlayedCard::Repairs => 2,
        _ => 1,
    };
    let expected: Vec<(Command, Option<u8>)> = [own, PlayedCard::Tools, PlayedCard::DuctTape].iter().map(|c| (use_card(*c, CardEffect::RepairMalfunction), Some(cost(*c)))).collect();
    // p. 12: Basic Repairs costs 2 more cards than itself; only the character's own Repairs card is offered.
    let mut got = repairs(&s);
    got.sort_by_key(|(c, _)| format!("{c:?}"));
    let mut want = expected.clone();
    want.sort_by_key(|(c, _)| format!("{c:?}"));
    assert_eq!(got, want);
    let a = ok(&s, &mut f, use_card(PlayedCard::Tools, CardEffect::RepairMalfunction), vec![]);
    assert!(!a.state.room(at).malfunction, "the Malfunction marker is discarded");
    assert!(a.events.contains(&Event::ActionTaken { seat: Seat(0), cards: 1 }));
    assert!(a.events.contains(&Event::TableDoes { seat: Seat(0), task: TableTask::ShowCard { card: PlayedCard::Tools } }));
    let keys = lines_with_hands(&a);
    for key in ["item_kept", "malfunction_removed"] {
        assert!(keys.contains(&key.to_string()) && has_hand_line(key), "{key} and its hand line: {keys:?}");
    }
    // Another character's Repairs card is refused.
    let other = [PlayedCard::BasicRepairs, PlayedCard::Repairs, PlayedCard::FastRepairs].into_iter().find(|c| *c != own).unwrap();
    assert_eq!(refused(&s, &mut f, use_card(other, CardEffect::RepairMalfunction), vec![]).key, "that_action_card_is_not_in_this_character_s_deck");
    // A card does only its own effects.
    assert_eq!(refused(&s, &mut f, use_card(PlayedCard::Tools, CardEffect::HealLight), vec![]).key, "that_card_does_not_do_that");
}

#[test]
fn repairs_in_an_engine_room_take_up_that_engines_tokens_even_with_a_malfunction_p26() {
    let (mut s, mut f) = table(2, 3102);
    let at = stand_in(&mut s, Seat(0), "engine_2");
    s.room_mut(at).malfunction = true;
    round_of(&mut s, Seat(0));
    let engines = offered(&s, |c| matches!(c, Command::UseCard { effect: CardEffect::RepairEngine, .. }));
    assert_eq!(engines.len(), 3, "the character's Repairs card, the Tools and the Duct Tape: {engines:?}");
    let a = ok(&s, &mut f, use_card(PlayedCard::DuctTape, CardEffect::RepairEngine), vec![]);
    assert!(a.events.iter().any(|e| matches!(e, Event::EngineRepairBegun { seat: Seat(0), engine: EngineNumber(2), .. })));
    assert!(lines_with_hands(&a).contains(&"item_used".to_string()) && has_hand_line("item_used"), "a one-use Item is discarded");
    // Elsewhere there is no Engine to repair.
    let (mut s, mut f) = table(2, 3102);
    stand_in(&mut s, Seat(0), "armory");
    round_of(&mut s, Seat(0));
    assert_eq!(refused(&s, &mut f, use_card(PlayedCard::Tools, CardEffect::RepairEngine), vec![]).key, "an_engine_is_repaired_in_its_own_room");
}

#[test]
fn bandages_medkit_and_clothes_offer_only_the_treatments_the_character_needs_p21_p22() {
    let (mut s, mut f) = table(2, 3103);
    round_of(&mut s, Seat(0));
    let healing = |s: &State| offered(s, |c| matches!(c, Command::UseCard { card: PlayedCard::Bandages | PlayedCard::Medkit | PlayedCard::Clothes, .. }));
    assert!(healing(&s).is_empty(), "unhurt and clean: nothing to treat");
    give_serious(&mut s, Seat(0), 2);
    s.seats[Seat(0)].serious[0].dressed = true;
    s.seats[Seat(0)].light_wounds = 1;
    s.seats[Seat(0)].slime = true;
    let got: Vec<Command> = healing(&s).into_iter().map(|(c, cost)| {
        assert_eq!(cost, Some(1), "p. 22: an Item's Action costs 1");
        c
    }).collect();
    let w = |card, effect, wound| Command::UseCard { seat: Seat(0), card, effect, wound, cards: Vec::new() };
    use CardEffect::*;
    use PlayedCard::*;
    // Only the undressed wound (the second) can be dressed; the dressed one healed by the Medkit.
    assert_eq!(got, vec![
        w(Bandages, DressSerious, 1), w(Bandages, HealLight, 0),
        w(Medkit, DressSerious, 1), w(Medkit, HealDressed, 0), w(Medkit, HealLight, 0),
        w(Clothes, DiscardSlime, 0), w(Clothes, DressSerious, 1),
    ]);
    let a = ok(&s, &mut f, w(Bandages, DressSerious, 1), vec![]);
    assert!(a.state.seats[Seat(0)].serious.iter().all(|x| x.dressed));
    assert_eq!(a.state.seats[Seat(0)].light_wounds, 1, "one effect only ([OR], p. 22)");
    let keys = lines_with_hands(&a);
    assert!(keys.contains(&"item_used".to_string()) && keys.contains(&"wound_dressed".to_string()), "{keys:?}");
    let b = ok(&s, &mut f, w(Clothes, DiscardSlime, 0), vec![]);
    assert!(!b.state.seats[Seat(0)].slime);
    assert!(has_hand_line("slime_off"));
    let c = ok(&s, &mut f, w(Medkit, HealDressed, 0), vec![]);
    assert_eq!(c.state.seats[Seat(0)].serious.len(), 1, "the dressed wound's card is discarded");
    // A Hand wound makes every Item Action cost 1 more (its Serious Wound card).
    let hand = Content::base().data.serious_wounds.iter().position(|x| x.key == "hand").expect("a Hand wound card");
    let mut hurt = s.clone();
    hurt.seats[Seat(0)].serious[1].card = WoundCardId(hand as u8);
    assert_eq!(offered(&hurt, |c| *c == w(Bandages, HealLight, 0)), vec![(w(Bandages, HealLight, 0), Some(2))]);
}

#[test]
fn rest_asks_the_players_phone_which_contamination_cards_are_in_hand_then_scans_them_p20() {
    let (mut s, mut f) = table(2, 3104);
    round_of(&mut s, Seat(0));
    let rest = use_card(PlayedCard::Rest, CardEffect::Scan);
    assert!(offered(&s, |c| *c == rest).is_empty(), "no Contamination card: nothing to scan");
    s = ok(&s, &mut f, Command::GiveContamination { seat: Seat(0), count: 2 }, vec![]).state;
    round_of(&mut s, Seat(0));
    assert_eq!(offered(&s, |c| *c == rest), vec![(rest.clone(), Some(1))], "Rest costs only itself");
    // From the table: the card is paid and shown, and the phone is asked.
    let a = ok(&s, &mut f, rest.clone(), vec![]);
    assert!(a.state.seats[Seat(0)].hand_scan_due);
    let keys = lines_with_hands(&a);
    assert!(keys.contains(&"card_played".to_string()) && keys.contains(&"hand_scan_asked".to_string()) && has_hand_line("hand_scan_asked"), "{keys:?}");
    // The phone answers with the cards in hand; their results reach that seat alone.
    let held = a.state.seats[Seat(0)].contamination.clone();
    let answer = Command::ScanContamination { seat: Seat(0), cards: vec![held[0]], procedure: ScanProcedure::Rest };
    let mut fate = f.clone();
    let b = nemesis_engine::apply(Some(&a.state), &mut fate, Actor::Seat(Seat(0)), &answer, &[]).expect("the phone's answer");
    assert!(!b.state.seats[Seat(0)].hand_scan_due, "answered");
    assert!(b.events.iter().any(|e| matches!(e, Event::ContaminationScanned { seat: Seat(0), .. })));
    let mine: Vec<String> = b.events.iter().filter_map(|e| describe(&b.state, e, Audience::Seat(Seat(0)))).filter(|l| l.private).map(|l| l.key.to_string()).collect();
    let others: Vec<String> = b.events.iter().filter_map(|e| describe(&b.state, e, Audience::Seat(Seat(1)))).filter(|l| l.private).map(|l| l.key.to_string()).collect();
    assert!(!mine.is_empty() && others.is_empty(), "the result is private: {mine:?} / {others:?}");
    // With nothing in hand, the answer names no card, and that is accepted while the scan is due.
    let none = Command::ScanContamination { seat: Seat(0), cards: vec![], procedure: ScanProcedure::Rest };
    let c = nemesis_engine::apply(Some(&a.state), &mut f.clone(), Actor::Seat(Seat(0)), &none, &[]).expect("none in hand");
    assert!(!c.state.seats[Seat(0)].hand_scan_due);
    assert_eq!(c.state.seats[Seat(0)].contamination, held, "nothing scanned, nothing removed");
}

#[test]
fn the_antidote_scans_every_contamination_card_held_and_removes_the_infected_and_the_larva() {
    let (mut s, mut f) = table(2, 3105);
    round_of(&mut s, Seat(0));
    let antidote = use_card(PlayedCard::Antidote, CardEffect::Scan);
    assert!(offered(&s, |c| *c == antidote).is_empty(), "nothing to cure");
    s = ok(&s, &mut f, Command::GiveContamination { seat: Seat(0), count: 3 }, vec![]).state;
    s.seats[Seat(0)].larva = true;
    round_of(&mut s, Seat(0));
    assert_eq!(offered(&s, |c| *c == antidote), vec![(antidote.clone(), Some(1))]);
    let held = s.seats[Seat(0)].contamination.clone();
    let a = ok(&s, &mut f, antidote, vec![]);
    let scanned = a.events.iter().filter(|e| matches!(e, Event::ContaminationScanned { .. })).count();
    assert_eq!(scanned, held.len(), "every card held is scanned: never an empty outcome");
    assert!(!a.state.seats[Seat(0)].larva, "the Larva is removed");
    let infected: Vec<ContaminationId> = held.iter().copied().filter(|c| s.infected[c.0 as usize] == Hidden::Known(true)).collect();
    assert!(a.state.seats[Seat(0)].contamination.iter().all(|c| !infected.contains(c)), "the INFECTED ones are removed");
    let private: Vec<String> = a.events.iter().filter_map(|e| describe(&a.state, e, Audience::Seat(Seat(0)))).filter(|l| l.private).map(|l| l.key.to_string()).collect();
    assert_eq!(private.len(), held.len(), "each card's result reaches its owner's phone: {private:?}");
}
