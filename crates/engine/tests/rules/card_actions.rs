//! Card and Item Actions the engine guides (pp. 13, 20–22, 26): what each card could do here (through
//! `offers`), its cost, the state after, the hand lines, and a scan's private part.

use crate::common::*;
use crate::room_sheet::{has_hand_line, lines_with_hands, offered, round_of};

use nemesis_engine::command::{Command, ScanProcedure};
use nemesis_engine::event::{Event, TableTask};
use nemesis_engine::ids::*;
use nemesis_engine::log::{describe, Audience};
use nemesis_engine::offers::offers;
use nemesis_engine::state::*;
use nemesis_engine::{Actor, Content, Fate};

pub(crate) fn use_card(card: PlayedCard, effect: CardEffect) -> Command {
    Command::UseCard { seat: Seat(0), card, effect, wound: None, cards: Vec::new(), corridor: None, intruder: None, room: None, target: None, pod: None }
}

/// Puts `seat` in the first room with a Computer (p. 24), explored, and says which it is.
pub(crate) fn at_a_computer(s: &mut State, seat: Seat) -> Location {
    let at = Content::base().board.locations().find(|l| {
        let mut t = s.clone();
        t.seats[seat].location = *l;
        t.room_mut(*l).explored = true;
        nemesis_engine::rules::has_computer(&t, *l)
    }).expect("a room with a Computer");
    s.seats[seat].location = at;
    s.room_mut(at).explored = true;
    at
}

fn character_key(s: &State, seat: Seat) -> String {
    Content::base().data.characters[s.seats[seat].character.expect("drafted").0 as usize].key.clone()
}

/// The Repairs Action card of this character's deck (p. 13).
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
    // The Mechanic's Ingenuity repairs as well (card reference).
    let mut cards = vec![own, PlayedCard::Tools, PlayedCard::DuctTape];
    if own == PlayedCard::FastRepairs {
        cards.push(PlayedCard::Ingenuity);
    }
    let expected: Vec<(Command, Option<u8>)> = cards.iter().map(|c| (use_card(*c, CardEffect::RepairMalfunction), Some(cost(*c)))).collect();
    // p. 13: Basic Repairs costs 2 more cards than itself; only the character's own Repairs card is offered.
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
    let w = |card, effect, wound| Command::UseCard { seat: Seat(0), card, effect, wound, cards: Vec::new(), corridor: None, intruder: None, room: None, target: None, pod: None };
    use CardEffect::*;
    use PlayedCard::*;
    // Only the undressed wound (the second) can be dressed; the dressed one healed by the Medkit.
    assert_eq!(got, vec![
        w(Bandages, DressSerious, Some(1)), w(Bandages, HealLight, None),
        w(Medkit, DressSerious, Some(1)), w(Medkit, HealDressed, None),
        w(Clothes, DiscardSlime, None), w(Clothes, DressSerious, Some(1)),
    ]);
    // A dressing names its wound: the character's own, by its place among them (p. 21).
    assert_eq!(refused(&s, &mut f, w(Bandages, DressSerious, None), vec![]).key, "choose_the_serious_wound_to_dress");
    assert_eq!(refused(&s, &mut f, w(Bandages, DressSerious, Some(0)), vec![]).key, "that_serious_wound_is_already_dressed");
    let a = ok(&s, &mut f, w(Bandages, DressSerious, Some(1)), vec![]);
    assert!(a.state.seats[Seat(0)].serious.iter().all(|x| x.dressed));
    assert_eq!(a.state.seats[Seat(0)].light_wounds, 1, "one effect only ([OR], p. 22)");
    let keys = lines_with_hands(&a);
    assert!(keys.contains(&"item_used".to_string()) && keys.contains(&"wound_dressed".to_string()), "{keys:?}");
    let b = ok(&s, &mut f, w(Clothes, DiscardSlime, None), vec![]);
    assert!(!b.state.seats[Seat(0)].slime);
    assert!(has_hand_line("slime_off"));
    let c = ok(&s, &mut f, w(Medkit, HealDressed, None), vec![]);
    assert_eq!(c.state.seats[Seat(0)].serious.len(), 1, "the dressed wound's card is discarded");
    // A Hand wound makes every Item Action cost 1 more (its Serious Wound card).
    let hand = Content::base().data.serious_wounds.iter().position(|x| x.key == "hand").expect("a Hand wound card");
    let mut hurt = s.clone();
    hurt.seats[Seat(0)].serious[1].card = WoundCardId(hand as u8);
    assert_eq!(offered(&hurt, |c| *c == w(Bandages, HealLight, None)), vec![(w(Bandages, HealLight, None), Some(2))]);
}

#[test]
fn rest_asks_the_players_phone_how_many_contamination_cards_are_in_hand_then_scans_that_many_p20() {
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
    // The phone answers how many are in the hand (the physical cards carry no number, issue 31):
    // the app picks which of the seat's cards those are, and their results reach that seat alone.
    let held = a.state.seats[Seat(0)].contamination.clone();
    let answer = Command::ScanContamination { seat: Seat(0), cards: vec![], procedure: ScanProcedure::Rest, scanned: 1 };
    let mut fate = f.clone();
    let b = nemesis_engine::apply(Some(&a.state), &mut fate, Actor::Seat(Seat(0)), &answer, &[]).expect("the phone's answer");
    assert!(!b.state.seats[Seat(0)].hand_scan_due, "answered");
    let picked: Vec<ContaminationId> = b.events.iter().find_map(|e| match e { Event::ContaminationPicked { seat: Seat(0), cards } => Some(cards.clone()), _ => None }).expect("the app's pick");
    assert!(picked.len() == 1 && held.contains(&picked[0]), "one of the seat's own cards: {picked:?}");
    let scanned: Vec<ContaminationId> = b.events.iter().filter_map(|e| match e { Event::ContaminationScanned { seat: Seat(0), card, .. } => Some(*card), _ => None }).collect();
    assert_eq!(scanned, picked, "the card picked is the card scanned");
    let mine: Vec<String> = b.events.iter().filter_map(|e| describe(&b.state, e, Audience::Seat(Seat(0)))).filter(|l| l.private).map(|l| l.key.to_string()).collect();
    let others: Vec<String> = b.events.iter().filter_map(|e| describe(&b.state, e, Audience::Seat(Seat(1)))).filter(|l| l.private).map(|l| l.key.to_string()).collect();
    assert!(mine.contains(&"contamination_picked_private".to_string()) && others.is_empty(), "the pick and the result are private: {mine:?} / {others:?}");
    assert!(b.events.iter().filter_map(|e| describe(&b.state, e, Audience::Table)).all(|l| !l.text().contains("C-")), "the table reads no card number");
    // More than the seat holds is refused, and so is more than the hand holds.
    let three = Command::ScanContamination { seat: Seat(0), cards: vec![], procedure: ScanProcedure::Rest, scanned: 3 };
    assert_eq!(refused(&a.state, &mut f.clone(), three, vec![]).key, "more_contamination_cards_are_scanned_than_the");
    let mut one_card = a.state.clone();
    one_card.seats[Seat(0)].hand = 1;
    let two = Command::ScanContamination { seat: Seat(0), cards: vec![], procedure: ScanProcedure::Rest, scanned: 2 };
    assert_eq!(refused(&one_card, &mut f.clone(), two, vec![]).key, "more_contamination_cards_are_named_than_the_hand");
    // With nothing in hand, the answer is 0, and that is accepted while the scan is due.
    let none = Command::ScanContamination { seat: Seat(0), cards: vec![], procedure: ScanProcedure::Rest, scanned: 0 };
    let c = nemesis_engine::apply(Some(&a.state), &mut f.clone(), Actor::Seat(Seat(0)), &none, &[]).expect("none in hand");
    assert!(!c.state.seats[Seat(0)].hand_scan_due);
    assert_eq!(c.state.seats[Seat(0)].contamination, held, "nothing scanned, nothing removed");
}

#[test]
fn the_apps_pick_of_the_contamination_cards_counted_is_blind_to_which_are_infected_p20() {
    // Issue 31: the player counts, the app picks which of its numbered cards those are. The pick
    // must not lean on the secret: two games alike but for which cards are INFECTED pick the same.
    let (mut s, mut f) = table(2, 3106);
    s = ok(&s, &mut f, Command::GiveContamination { seat: Seat(0), count: 4 }, vec![]).state;
    round_of(&mut s, Seat(0));
    s.seats[Seat(0)].hand_scan_due = true;
    let held = s.seats[Seat(0)].contamination.clone();
    let pick = |marks: [bool; 4], seed: u64| {
        let mut t = s.clone();
        for (c, infected) in held.iter().zip(marks) {
            t.infected[c.0 as usize] = Hidden::Known(infected);
        }
        let answer = Command::ScanContamination { seat: Seat(0), cards: vec![], procedure: ScanProcedure::Rest, scanned: 2 };
        let a = ok(&t, &mut Fate::seeded(seed), answer, vec![]);
        a.events.iter().find_map(|e| match e { Event::ContaminationPicked { cards, .. } => Some(cards.clone()), _ => None }).expect("picked")
    };
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let picked = pick([true, false, false, false], seed);
        assert_eq!(picked, pick([false, false, true, true], seed), "seed {seed}: the same pick whatever is INFECTED");
        seen.extend(picked);
    }
    assert_eq!(seen.len(), held.len(), "every card held can be picked");
}

#[test]
fn the_antidote_scans_every_card_removes_the_infected_and_the_larva_shuffles_in_one_contamination_card_and_passes() {
    // The Antidote's card (docs/cards.md; PN and AR agree; the manual names it on p. 20 as a way
    // to get rid of Contamination cards): every Contamination card held is scanned (Action deck,
    // hand and discard), the INFECTED ones and the Larva are removed (p. 20: removed cards leave
    // the game, so those in the hand leave it); then 1 Contamination card is shuffled into the
    // deck with the discard pile, the hand is kept, and the player passes.
    let (mut s, mut f) = table(2, 3105);
    round_of(&mut s, Seat(0));
    let antidote = use_card(PlayedCard::Antidote, CardEffect::Scan);
    assert!(offered(&s, |c| *c == antidote).is_empty(), "nothing to cure");
    s = ok(&s, &mut f, Command::GiveContamination { seat: Seat(0), count: 3 }, vec![]).state;
    s.seats[Seat(0)].larva = true;
    let held = s.seats[Seat(0)].contamination.clone();
    // The first two are in the hand; the first and the third are INFECTED.
    for (c, infected) in held.iter().zip([true, false, true]) {
        s.infected[c.0 as usize] = Hidden::Known(infected);
    }
    round_of(&mut s, Seat(0));
    assert_eq!(offered(&s, |c| *c == antidote), vec![(antidote.clone(), Some(1))], "an Item costs 1 (p. 22)");
    let offer = offers(&s).into_iter().find(|o| o.command == antidote).expect("offered");
    assert!(offer.ends_round, "the offer says the Antidote ends the round as a pass, so the screens warn first (issue 31)");
    assert!(!offers(&s).into_iter().find(|o| matches!(o.command, Command::Pass { .. })).expect("Pass").ends_round, "a Pass is a Pass, not a step that ends the round");
    let in_hand = Command::UseCard { seat: Seat(0), card: PlayedCard::Antidote, effect: CardEffect::Scan, wound: None, cards: held[..2].to_vec(), corridor: None, intruder: None, room: None, target: None, pod: None };
    let a = ok(&s, &mut f, in_hand, vec![]);
    let scanned = a.events.iter().filter(|e| matches!(e, Event::ContaminationScanned { .. })).count();
    assert_eq!(scanned, held.len(), "every card held is scanned");
    assert!(!a.state.seats[Seat(0)].larva, "the Larva is removed");
    let now = &a.state.seats[Seat(0)].contamination;
    assert!(!now.contains(&held[0]) && !now.contains(&held[2]) && now.contains(&held[1]), "the INFECTED ones are removed, the other kept");
    assert_eq!(now.len(), 2, "the clean card and the 1 new Contamination card shuffled in");
    assert_eq!(a.state.seats[Seat(0)].hand, 5 - 1 - 1, "paid 1; the INFECTED card in the hand left it, the one in the deck did not");
    assert!(a.state.rounds.passed.contains(&Seat(0)) && a.state.rounds.turn_of != Some(Seat(0)), "then the player passes");
    let keys = lines_with_hands(&a);
    for key in ["item_used", "contamination_removed", "larva_off", "contamination_given", "contamination_shuffled_in"] {
        assert!(keys.contains(&key.to_string()) && has_hand_line(key), "{key} and its hand line: {keys:?}");
    }
    let private: Vec<String> = a.events.iter().filter_map(|e| describe(&a.state, e, Audience::Seat(Seat(0)))).filter(|l| l.private).map(|l| l.key.to_string()).collect();
    let others: Vec<String> = a.events.iter().filter_map(|e| describe(&a.state, e, Audience::Seat(Seat(1)))).filter(|l| l.private).map(|l| l.key.to_string()).collect();
    assert!(private.iter().filter(|k| k.starts_with("contamination_scanned")).count() == held.len() && others.is_empty(), "each result reaches its owner alone: {private:?} / {others:?}");
    // From the table or a phone, naming no card: the card is paid and the round ends as a pass,
    // and the player's phone asks how many Contamination cards are in the hand before anything is
    // scanned (issue 31: the cards carry no number).
    let b = ok(&s, &mut f, antidote, vec![]);
    assert_eq!(b.state.seats[Seat(0)].hand, 5 - 1);
    assert!(b.state.rounds.passed.contains(&Seat(0)));
    assert!(b.state.seats[Seat(0)].antidote_scan_due && b.state.public_view().seats[0].antidote_scan_due, "the phone is asked");
    assert!(!b.events.iter().any(|e| matches!(e, Event::ContaminationScanned { .. })), "nothing scanned before the count");
    assert!(lines_with_hands(&b).contains(&"antidote_scan_asked".to_string()) && has_hand_line("antidote_scan_asked"));
    // The answer: 2 in the hand. Every card is scanned, the INFECTED ones and the Larva go, and
    // the INFECTED among the 2 picked for the hand leave it; 1 new card is shuffled in.
    let answer = Command::ScanContamination { seat: Seat(0), cards: vec![], procedure: ScanProcedure::Antidote, scanned: 2 };
    let c = nemesis_engine::apply(Some(&b.state), &mut f.clone(), Actor::Seat(Seat(0)), &answer, &[]).expect("the phone's answer");
    assert!(!c.state.seats[Seat(0)].antidote_scan_due, "answered");
    let picked: Vec<ContaminationId> = c.events.iter().find_map(|e| match e { Event::ContaminationPicked { cards, .. } => Some(cards.clone()), _ => None }).expect("picked");
    assert_eq!(c.events.iter().filter(|e| matches!(e, Event::ContaminationScanned { .. })).count(), held.len(), "every card held is scanned");
    assert!(!c.state.seats[Seat(0)].larva, "the Larva is removed");
    let infected_in_hand = picked.iter().filter(|p| **p != held[1]).count() as u8;
    assert_eq!(c.state.seats[Seat(0)].hand, 5 - 1 - infected_in_hand, "the INFECTED cards picked for the hand left it");
    assert_eq!(c.state.seats[Seat(0)].contamination.len(), 2, "the clean card and the 1 shuffled in");
    let others: Vec<String> = c.events.iter().filter_map(|e| describe(&c.state, e, Audience::Seat(Seat(1)))).filter(|l| l.private).map(|l| l.key.to_string()).collect();
    assert!(others.is_empty(), "the results reach their owner alone: {others:?}");
}

#[test]
fn items_marked_out_of_combat_only_are_neither_offered_nor_accepted_with_an_intruder_in_the_room_p12_p22() {
    // p. 22's example: the Bandages bear the "Out of Combat Only" icon (p. 12: not with an Intruder
    // in the room). The Medkit, Clothes, Tools, Duct Tape and Antidote bear it too; the Energy
    // Charge and the Fire Extinguisher do not (docs/cards.md, graded B).
    let (mut s, mut f) = table(2, 3120);
    let at = stand_in(&mut s, Seat(0), "armory");
    round_of(&mut s, Seat(0));
    s.room_mut(at).malfunction = true;
    give_serious(&mut s, Seat(0), 1);
    s.seats[Seat(0)].light_wounds = 1;
    s.seats[Seat(0)].slime = true;
    s = ok(&s, &mut f, Command::GiveContamination { seat: Seat(0), count: 1 }, vec![]).state;
    round_of(&mut s, Seat(0));
    let cards = |s: &State| {
        let mut cards: Vec<PlayedCard> = offered(s, |c| matches!(c, Command::UseCard { .. })).into_iter().filter_map(|(c, _)| match c {
            Command::UseCard { card, .. } => Some(card),
            _ => None,
        }).collect();
        cards.dedup();
        cards
    };
    use PlayedCard::*;
    let restricted = [Bandages, Medkit, Clothes, Tools, DuctTape, Antidote];
    let calm = cards(&s);
    assert!(restricted.iter().all(|c| calm.contains(c)), "out of Combat each is offered: {calm:?}");
    add_intruder(&mut s, IntruderKind::Adult, at);
    let fight = cards(&s);
    assert!(restricted.iter().all(|c| !fight.contains(c)), "in Combat none of them: {fight:?}");
    assert!(fight.contains(&EnergyCharge) && fight.contains(&FireExtinguisher), "no icon: also in Combat: {fight:?}");
    let bandages = Command::UseCard { seat: Seat(0), card: Bandages, effect: CardEffect::HealLight, wound: None, cards: Vec::new(), corridor: None, intruder: None, room: None, target: None, pod: None };
    let err = refused(&s, &mut f, bandages, vec![]);
    assert_eq!(err.key, "that_card_is_out_of_combat_only", "p. 22: the Bandages wait for an empty room");
    for (card, effect) in [(Medkit, CardEffect::HealDressed), (Clothes, CardEffect::DiscardSlime), (Tools, CardEffect::RepairMalfunction), (DuctTape, CardEffect::CombineHeavyItems), (Antidote, CardEffect::Scan)] {
        assert_eq!(refused(&s, &mut f, use_card(card, effect), vec![]).key, "that_card_is_out_of_combat_only", "{card:?}");
    }
}

#[test]
fn duct_tape_holds_two_heavy_items_in_one_hand_slot_p22() {
    // p. 22: the Duct Tape lets 2 Heavy Items share 1 Hand slot, never Objects. The Item cards are
    // the table's: the app shows the card and says what to do with them.
    let (mut s, mut f) = table(2, 3121);
    round_of(&mut s, Seat(0));
    let tape = use_card(PlayedCard::DuctTape, CardEffect::CombineHeavyItems);
    assert_eq!(offered(&s, |c| *c == tape), vec![(tape.clone(), Some(1))], "an Item costs 1 (p. 22)");
    let a = ok(&s, &mut f, tape, vec![]);
    assert!(a.events.contains(&Event::TableDoes { seat: Seat(0), task: TableTask::TapeHeavyItems }));
    let keys = lines_with_hands(&a);
    for key in ["item_used", "heavy_items_taped"] {
        assert!(keys.contains(&key.to_string()) && has_hand_line(key), "{key} and its hand line: {keys:?}");
    }
    assert!(english()["hint.heavy_items_taped"].contains("Objects"), "the hand line says Objects cannot be taped");
    assert_eq!(refused(&s, &mut f, use_card(PlayedCard::Tools, CardEffect::CombineHeavyItems), vec![]).key, "that_card_does_not_do_that");
}

#[test]
fn a_scan_names_no_more_contamination_cards_in_hand_than_the_hand_holds_and_changes_nothing_p20() {
    // p. 20: the Canteen, the Shower Room and Rest scan the cards in the hand; the Antidote's
    // removed cards leave the hand. A hand of 1 cannot hold 2 Contamination cards: the command is
    // refused with its reason, and nothing is scanned, removed or paid.
    let (mut s, mut f) = table(2, 3122);
    s = ok(&s, &mut f, Command::GiveContamination { seat: Seat(0), count: 2 }, vec![]).state;
    let held = s.seats[Seat(0)].contamination.clone();
    let key = "more_contamination_cards_are_named_than_the_hand";
    for (room, procedure) in [("canteen", ScanProcedure::Canteen), ("shower_room", ScanProcedure::Shower)] {
        let mut t = s.clone();
        stand_in(&mut t, Seat(0), room);
        round_of(&mut t, Seat(0));
        t.seats[Seat(0)].hand = 3; // 2 paid for the Room Action, 1 left
        let scan = |cards: &[ContaminationId]| Command::ScanContamination { seat: Seat(0), cards: cards.to_vec(), procedure, scanned: 0 };
        let err = refused(&t, &mut f, scan(&held), vec![]);
        assert_eq!(err.key, key, "{procedure:?}");
        let a = ok(&t, &mut f, scan(&held[..1]), vec![]);
        assert!(a.events.iter().any(|e| matches!(e, Event::ContaminationScanned { .. })), "{procedure:?}: one card in a hand of 1 is scanned");
    }
    // Rest: the phone's answer names the cards in the hand.
    let mut t = s.clone();
    round_of(&mut t, Seat(0));
    t.seats[Seat(0)].hand = 1;
    t.seats[Seat(0)].hand_scan_due = true;
    let rest = Command::ScanContamination { seat: Seat(0), cards: held.clone(), procedure: ScanProcedure::Rest, scanned: 0 };
    assert_eq!(refused(&t, &mut f, rest, vec![]).key, key);
    // The Antidote: 1 paid from a hand of 2 leaves 1.
    t.seats[Seat(0)].hand = 2;
    t.seats[Seat(0)].hand_scan_due = false;
    let antidote = Command::UseCard { seat: Seat(0), card: PlayedCard::Antidote, effect: CardEffect::Scan, wound: None, cards: held.clone(), corridor: None, intruder: None, room: None, target: None, pod: None };
    assert_eq!(refused(&t, &mut f, antidote, vec![]).key, key);
    // Look scans cards drawn aside (Eclosion's four), not the hand: no limit by the hand.
    let look = Command::ScanContamination { seat: Seat(0), cards: held.clone(), procedure: ScanProcedure::Look, scanned: 0 };
    t.seats[Seat(0)].hand = 0;
    ok(&t, &mut f, look, vec![]);
    // p. 25, Surgery: every card the character holds is scanned (deck, hand and discard), so a
    // table that ticks them all is not refused for the size of the hand.
    let mut t = s.clone();
    stand_in(&mut t, Seat(0), "surgery");
    round_of(&mut t, Seat(0));
    t.seats[Seat(0)].hand = 3; // 2 paid for the Room Action, 1 left
    let surgery = ok(&t, &mut f, Command::ScanContamination { seat: Seat(0), cards: held.clone(), procedure: ScanProcedure::Surgery, scanned: 0 }, vec![]);
    let scanned = surgery.events.iter().filter(|e| matches!(e, Event::ContaminationScanned { .. })).count();
    assert_eq!(scanned, held.len(), "p. 25: the Surgery scans every card held");
}

// ---------------------------------------------------------------- the cards that act on the ship
// Their texts are not in the manual: the card reference (docs/cards.md) grades each one.

/// Gives seat 0 this character (its Action deck decides which Action cards are offered).
fn play_as(s: &mut State, key: &str) {
    let i = Content::base().data.characters.iter().position(|c| c.key == key).expect("a character of the base game");
    s.seats[Seat(0)].character = Some(CharacterId(i as u8));
}

fn with(card: PlayedCard, effect: CardEffect, corridor: Option<CorridorId>, intruder: Option<IntruderId>, room: Option<Location>) -> Command {
    Command::UseCard { seat: Seat(0), card, effect, wound: None, cards: Vec::new(), corridor, intruder, room, target: None, pod: None }
}

fn corridors_of(at: Location) -> Vec<CorridorId> {
    Content::base().board.neighbours(at).into_iter().map(|(_, c)| c).collect()
}

fn assert_lines(a: &nemesis_engine::Applied, keys: &[&str]) {
    let said = lines_with_hands(a);
    for key in keys {
        assert!(said.contains(&key.to_string()) && has_hand_line(key), "{key} and its hand line: {said:?}");
    }
}

#[test]
fn an_energy_charge_fills_an_energy_weapon_or_turns_a_door_of_the_room_card_reference() {
    let (mut s, mut f) = table(2, 3111);
    let at = stand_in(&mut s, Seat(0), "armory");
    round_of(&mut s, Seat(0));
    let doors = corridors_of(at);
    let charges = offered(&s, |c| matches!(c, Command::UseCard { card: PlayedCard::EnergyCharge, .. }));
    let mut want: Vec<(Command, Option<u8>)> = vec![(with(PlayedCard::EnergyCharge, CardEffect::ReloadEnergy, None, None, None), Some(1))];
    want.extend(doors.iter().map(|c| (with(PlayedCard::EnergyCharge, CardEffect::ToggleDoor, Some(*c), None, None), Some(1))));
    assert_eq!(charges, want, "the weapon, or one Door of each corridor of this room, at the Item's cost");
    let a = ok(&s, &mut f, with(PlayedCard::EnergyCharge, CardEffect::ReloadEnergy, None, None, None), vec![]);
    assert_lines(&a, &["item_used", "weapon_filled"]);
    let door = doors[0];
    let b = ok(&s, &mut f, with(PlayedCard::EnergyCharge, CardEffect::ToggleDoor, Some(door), None, None), vec![]);
    assert_eq!(b.state.board.doors[door.0 as usize], DoorState::Closed, "an open Door closes");
    assert_lines(&b, &["item_used", "door_changed"]);
    let c = ok(&b.state, &mut f, with(PlayedCard::Tools, CardEffect::ToggleDoor, Some(door), None, None), vec![]);
    assert_eq!(c.state.board.doors[door.0 as usize], DoorState::Open, "a Closed one opens (the Tools do it too)");
    // A Door of another room's corridor is refused, and so is none.
    let far = (0..s.board.doors.len() as u8).map(CorridorId).find(|c| !doors.contains(c)).expect("another corridor");
    assert_eq!(refused(&s, &mut f, with(PlayedCard::EnergyCharge, CardEffect::ToggleDoor, Some(far), None, None), vec![]).key, "choose_a_door_of_a_corridor_of_this_room");
    assert_eq!(refused(&s, &mut f, with(PlayedCard::EnergyCharge, CardEffect::ToggleDoor, None, None, None), vec![]).key, "choose_a_door_of_a_corridor_of_this_room");
}

#[test]
fn the_fire_extinguisher_puts_out_the_rooms_fire_or_makes_an_intruder_there_retreat_p20_card_reference() {
    let (mut s, mut f) = table(2, 3112);
    let at = stand_in(&mut s, Seat(0), "armory");
    round_of(&mut s, Seat(0));
    let extinguisher = |s: &State| offered(s, |c| matches!(c, Command::UseCard { card: PlayedCard::FireExtinguisher, .. }));
    assert!(extinguisher(&s).is_empty(), "no Fire and no Intruder: the Extinguisher does nothing here");
    s.room_mut(at).fire = true;
    let id = add_intruder(&mut s, IntruderKind::Adult, at);
    round_of(&mut s, Seat(0));
    let put_out = with(PlayedCard::FireExtinguisher, CardEffect::PutOutFire, None, None, None);
    let drive_off = with(PlayedCard::FireExtinguisher, CardEffect::DriveOffIntruder, None, Some(id), None);
    assert_eq!(extinguisher(&s), vec![(put_out.clone(), Some(1)), (drive_off.clone(), Some(1))], "usable in Combat: the Intruder is its target");
    let a = ok(&s, &mut f, put_out, vec![]);
    assert!(!a.state.room(at).fire);
    assert_lines(&a, &["item_used", "fire_removed"]);
    // p. 20: a retreat goes through the corridor of a drawn Event card; Phosphates adds 1 Injury.
    know_weakness(&mut s, "susceptibility_to_phosphates");
    let b = ok(&s, &mut f, drive_off, vec![]);
    assert!(b.events.iter().any(|e| matches!(e, Event::EventCardDiscarded { .. })), "an Event card drawn for the retreat");
    assert!(b.events.iter().any(|e| matches!(e, Event::IntruderInjured { id: i, .. } if *i == id)) || b.state.intruder(id).is_none(), "Phosphates: 1 Injury first");
    assert_eq!(refused(&s, &mut f, with(PlayedCard::FireExtinguisher, CardEffect::DriveOffIntruder, None, None, None), vec![]).key, "choose_an_intruder_in_this_room");
}

#[test]
fn demolition_destroys_a_closed_door_or_places_a_malfunction_even_in_combat_card_reference() {
    let (mut s, mut f) = table(2, 3113);
    for key in ["captain", "soldier", "scout", "pilot", "scientist", "mechanic"] {
        let at = stand_in(&mut s, Seat(0), "armory");
        play_as(&mut s, key);
        round_of(&mut s, Seat(0));
        let doors = corridors_of(at);
        s.board.doors[doors[0].0 as usize] = DoorState::Closed;
        let demolition = offered(&s, |c| matches!(c, Command::UseCard { card: PlayedCard::Demolition, .. }));
        let want = vec![
            (with(PlayedCard::Demolition, CardEffect::DestroyDoor, Some(doors[0]), None, None), Some(1)),
            (with(PlayedCard::Demolition, CardEffect::PlaceMalfunction, None, None, None), Some(1)),
        ];
        assert_eq!(demolition, want, "{key}: every deck holds Demolition; only a Closed Door is destroyed");
    }
    let at = s.seats[Seat(0)].location;
    let door = corridors_of(at)[0];
    add_intruder(&mut s, IntruderKind::Adult, at);
    round_of(&mut s, Seat(0));
    let a = ok(&s, &mut f, with(PlayedCard::Demolition, CardEffect::DestroyDoor, Some(door), None, None), vec![]);
    assert_eq!(a.state.board.doors[door.0 as usize], DoorState::Destroyed, "Unrestricted: in Combat too");
    assert_lines(&a, &["card_played", "door_changed"]);
    let b = ok(&s, &mut f, with(PlayedCard::Demolition, CardEffect::PlaceMalfunction, None, None, None), vec![]);
    assert!(b.state.room(at).malfunction);
    assert_lines(&b, &["malfunction_placed"]);
    let open = corridors_of(at)[1];
    assert_eq!(refused(&s, &mut f, with(PlayedCard::Demolition, CardEffect::DestroyDoor, Some(open), None, None), vec![]).key, "only_a_closed_door_can_be_destroyed");
}

#[test]
fn each_characters_own_cards_that_act_on_the_ship_are_offered_to_that_character_alone_card_reference() {
    let (mut s, _) = table(2, 3114);
    stand_in(&mut s, Seat(0), "command_center");
    let own = |key: &str| -> Vec<PlayedCard> {
        match key {
            "pilot" => vec![PlayedCard::ComputerSkills, PlayedCard::KnowledgeOfTheShip],
            "scientist" => vec![PlayedCard::ComputerSkills, PlayedCard::BlockingAccess],
            "mechanic" => vec![PlayedCard::ComputerSkills, PlayedCard::Pyrotechnics, PlayedCard::Ingenuity],
            "scout" => vec![PlayedCard::Scavenging],
            "captain" => vec![PlayedCard::Motivation],
            _ => vec![],
        }
    };
    let decks = [PlayedCard::ComputerSkills, PlayedCard::KnowledgeOfTheShip, PlayedCard::BlockingAccess, PlayedCard::Pyrotechnics, PlayedCard::Ingenuity, PlayedCard::Scavenging, PlayedCard::Motivation];
    // Something for each to act on: a Fire (Pyrotechnics), a Malfunction (Ingenuity), Items
    // (Scavenging), another room with a Computer (Blocking Access).
    let at = s.seats[Seat(0)].location;
    s.room_mut(at).fire = true;
    s.room_mut(at).malfunction = true;
    s.room_mut(at).items = Some(1);
    explored_room_of(&mut s, "laboratory");
    for key in ["captain", "soldier", "scout", "pilot", "scientist", "mechanic"] {
        // A Malfunction stops the room's Computer (p. 24), which Blocking Access needs: it is
        // there for the mechanic's Ingenuity alone.
        s.room_mut(at).malfunction = key != "scientist";
        play_as(&mut s, key);
        round_of(&mut s, Seat(0));
        let mut cards: Vec<PlayedCard> = offers(&s).into_iter().filter_map(|o| match o.command { Command::UseCard { card, .. } if decks.contains(&card) => Some(card), _ => None }).collect();
        cards.dedup();
        assert_eq!(cards, own(key), "{key}");
    }
}

#[test]
fn the_mechanics_pyrotechnics_start_or_put_out_the_rooms_fire_for_two_cards_card_reference() {
    let (mut s, mut f) = table(2, 3115);
    let at = stand_in(&mut s, Seat(0), "armory");
    play_as(&mut s, "mechanic");
    round_of(&mut s, Seat(0));
    let start = with(PlayedCard::Pyrotechnics, CardEffect::StartFire, None, None, None);
    assert_eq!(offered(&s, |c| matches!(c, Command::UseCard { card: PlayedCard::Pyrotechnics, .. })), vec![(start.clone(), Some(2))]);
    let a = ok(&s, &mut f, start, vec![]);
    assert!(a.state.room(at).fire);
    assert!(a.events.contains(&Event::ActionTaken { seat: Seat(0), cards: 2 }), "the card and 1 more");
    assert_lines(&a, &["card_played", "item_discarded_for_fire", "fire_placed"]);
    let mut burning = a.state.clone();
    round_of(&mut burning, Seat(0));
    let b = ok(&burning, &mut f, with(PlayedCard::Pyrotechnics, CardEffect::PutOutFire, None, None, None), vec![]);
    assert!(!b.state.room(at).fire);
    // The Mechanic's Ingenuity repairs like Fast Repairs, out of Combat only.
    burning.room_mut(at).malfunction = true;
    add_intruder(&mut burning, IntruderKind::Adult, at);
    assert_eq!(refused(&burning, &mut f, with(PlayedCard::Ingenuity, CardEffect::RepairMalfunction, None, None, None), vec![]).key, "that_card_is_out_of_combat_only");
}

#[test]
fn the_scouts_scavenging_searches_even_an_emptied_room_for_two_cards_card_reference() {
    let (mut s, mut f) = table(2, 3116);
    let at = stand_in(&mut s, Seat(0), "armory");
    play_as(&mut s, "scout");
    s.room_mut(at).items = Some(0);
    round_of(&mut s, Seat(0));
    let scavenge = with(PlayedCard::Scavenging, CardEffect::Scavenge, None, None, None);
    assert_eq!(offered(&s, |c| *c == scavenge), vec![(scavenge.clone(), Some(2))], "even at 0");
    assert!(offered(&s, |c| matches!(c, Command::SearchRoom { .. })).is_empty(), "p. 23: an emptied room cannot be searched");
    let a = ok(&s, &mut f, scavenge.clone(), vec![]);
    assert_eq!(a.state.room(at).items, Some(0), "the counter stays at 0");
    assert_lines(&a, &["card_played", "scavenged"]);
    s.room_mut(at).items = Some(2);
    let b = ok(&s, &mut f, scavenge, vec![]);
    assert_eq!(b.state.room(at).items, Some(1), "the counter goes down by 1");
}

#[test]
fn the_captains_motivation_gives_every_character_in_the_room_one_action_card_card_reference() {
    let (mut s, mut f) = table(3, 3117);
    let at = stand_in(&mut s, Seat(0), "armory");
    s.seats[Seat(1)].location = at;
    play_as(&mut s, "captain");
    round_of(&mut s, Seat(0));
    let (h1, h2) = (s.seats[Seat(1)].hand, s.seats[Seat(2)].hand);
    let a = ok(&s, &mut f, with(PlayedCard::Motivation, CardEffect::EveryoneDraws, None, None, None), vec![]);
    assert_eq!(a.state.seats[Seat(0)].hand, 5 - 1 + 1, "the Captain pays 1 and draws 1");
    assert_eq!(a.state.seats[Seat(1)].hand, h1 + 1, "a character in the room draws 1");
    assert_eq!(a.state.seats[Seat(2)].hand, h2, "one elsewhere draws nothing");
    assert_lines(&a, &["card_played", "everyone_draws"]);
}

#[test]
fn the_scientists_blocking_access_puts_a_malfunction_in_a_room_with_a_computer_card_reference() {
    let (mut s, mut f) = table(2, 3118);
    let lab = explored_room_of(&mut s, "laboratory");
    stand_in(&mut s, Seat(0), "command_center");
    play_as(&mut s, "scientist");
    round_of(&mut s, Seat(0));
    let rooms: Vec<Location> = offered(&s, |c| matches!(c, Command::UseCard { card: PlayedCard::BlockingAccess, .. }))
        .into_iter()
        .filter_map(|(c, _)| match c { Command::UseCard { room, .. } => room, _ => None })
        .collect();
    assert!(rooms.contains(&lab) && rooms.iter().all(|r| nemesis_engine::rules::has_computer(&s, *r)), "only rooms with a Computer: {rooms:?}");
    let a = ok(&s, &mut f, with(PlayedCard::BlockingAccess, CardEffect::PlaceMalfunction, None, None, Some(lab)), vec![]);
    assert!(a.state.room(lab).malfunction);
    // From a room without a Computer, nothing.
    stand_in(&mut s, Seat(0), "armory");
    round_of(&mut s, Seat(0));
    assert_eq!(refused(&s, &mut f, with(PlayedCard::BlockingAccess, CardEffect::PlaceMalfunction, None, None, Some(lab)), vec![]).key, "blocking_access_needs_rooms_with_a_computer");
}

// ---------------------------------------------------------------- the last cards guided (issue 31)
// Their texts are not in the manual: docs/cards.md reads them from the card reference (graded B).

/// A neighbour of `at` joined to it by exactly one corridor, and that corridor.
fn one_corridor_neighbour(at: Location) -> (Location, CorridorId) {
    let n = Content::base().board.neighbours(at);
    n.iter().copied().find(|(l, _)| n.iter().filter(|(m, _)| m == l).count() == 1).expect("a neighbour through one corridor")
}

#[test]
fn a_grenade_thrown_next_door_gives_its_intruder_2_injuries_and_everyone_else_there_1_injury_or_serious_wound_p17() {
    // The Grenade: 1 room with an Intruder, this one or a neighbour; the chosen Intruder takes 2
    // Injuries, every other Intruder and Character there 1 Injury / Serious Wound. p. 17: a Closed
    // Door stops a throw.
    let (mut s, mut f) = table(2, 3140);
    let here = s.seats[Seat(0)].location;
    let (next, corridor) = one_corridor_neighbour(here);
    let target = add_intruder(&mut s, IntruderKind::Adult, next);
    let other = add_intruder(&mut s, IntruderKind::Adult, next);
    s.seats[Seat(1)].location = next;
    round_of(&mut s, Seat(0));
    let grenade = with(PlayedCard::Grenade, CardEffect::ThrowGrenade, None, Some(target), Some(next));
    assert_eq!(offered(&s, |c| *c == grenade), vec![(grenade.clone(), Some(1))], "an Item costs 1 (p. 22)");
    let offer = offers(&s).into_iter().find(|o| o.command == grenade).expect("offered");
    assert_eq!(offer.wounds_characters, vec![Seat(1)], "the offer names the character it will wound, so the thrower is asked first (issue 31)");
    let a = ok(&s, &mut f, grenade.clone(), vec![]);
    assert!(a.events.contains(&Event::IntruderInjured { id: target, injuries: 2 }), "the chosen Intruder: 2 Injuries");
    assert!(a.events.contains(&Event::IntruderInjured { id: other, injuries: 1 }), "the other: 1 Injury");
    assert_eq!(a.state.seats[Seat(1)].serious.len(), 1, "a Character there: 1 Serious Wound");
    assert!(a.state.seats[Seat(0)].serious.is_empty(), "the thrower next door is unhurt");
    let keys = lines_with_hands(&a);
    assert!(keys.contains(&"item_used".to_string()) && keys.contains(&"serious_wound".to_string()), "{keys:?}");
    // Behind a Closed Door: neither offered nor accepted.
    s.board.doors[corridor.0 as usize] = DoorState::Closed;
    assert!(offered(&s, |c| *c == grenade).is_empty());
    assert_eq!(refused(&s, &mut f, grenade, vec![]).key, "throw_it_into_this_room_or_a_neighbouring");
}

#[test]
fn a_molotov_cocktail_sets_fire_to_a_room_with_an_intruder_and_hurts_everyone_in_it() {
    // The Molotov Cocktail: 1 room with an Intruder (or uncarried Eggs, p. 25), this one or a neighbour; a Fire marker there,
    // and every Character and Intruder in it suffers 1 Injury / Serious Wound (the thrower too).
    let (mut s, mut f) = table(2, 3141);
    let here = s.seats[Seat(0)].location;
    let (next, _) = one_corridor_neighbour(here);
    round_of(&mut s, Seat(0));
    let empty = with(PlayedCard::MolotovCocktail, CardEffect::ThrowMolotov, None, None, Some(next));
    assert_eq!(refused(&s, &mut f, empty, vec![]).key, "it_is_thrown_into_a_room_with_an_intruder_or_eggs", "no Intruder and no Eggs there: nothing to throw it at");
    let id = add_intruder(&mut s, IntruderKind::Adult, here);
    let molotov = with(PlayedCard::MolotovCocktail, CardEffect::ThrowMolotov, None, None, Some(here));
    let offered_rooms = offered(&s, |c| matches!(c, Command::UseCard { card: PlayedCard::MolotovCocktail, .. }));
    assert_eq!(offered_rooms, vec![(molotov.clone(), Some(1))], "only the room with an Intruder");
    let a = ok(&s, &mut f, molotov, vec![]);
    assert!(a.state.room(here).fire, "a Fire marker in that room");
    assert!(a.events.contains(&Event::IntruderInjured { id, injuries: 1 }));
    assert_eq!(a.state.seats[Seat(0)].serious.len(), 1, "the thrower stands in it: 1 Serious Wound");
    assert!(lines_with_hands(&a).contains(&"fire_placed".to_string()) && has_hand_line("fire_placed"));
    // Vulnerability to Fire known: the Molotov's Injury is 2, in one Injury check (card reference
    // §4: +1 Injury from Fire markers, the Molotov Cocktail and the Flamethrower).
    let mut v = s.clone();
    let i = nemesis_engine::Content::base().data.weaknesses.iter().position(|w| w.key == "vulnerability_to_fire").expect("in the data");
    v.weaknesses[2] = WeaknessSlot { card: Some(WeaknessId(i as u8)), revealed: Some(WeaknessId(i as u8)) };
    let molotov = with(PlayedCard::MolotovCocktail, CardEffect::ThrowMolotov, None, None, Some(here));
    let b = ok(&v, &mut f, molotov, vec![]);
    let checks: Vec<_> = b.events.iter().filter(|e| matches!(e, Event::IntruderInjured { id: hit, .. } if *hit == id)).collect();
    assert_eq!(checks, vec![&Event::IntruderInjured { id, injuries: 2 }], "one check with 2 Injuries");
}

#[test]
fn the_taser_gives_an_intruder_here_1_injury_and_it_retreats_p20() {
    let (mut s, mut f) = table(2, 3142);
    let here = s.seats[Seat(0)].location;
    let id = add_intruder(&mut s, IntruderKind::Adult, here);
    round_of(&mut s, Seat(0));
    let taser = with(PlayedCard::Taser, CardEffect::StunIntruder, None, Some(id), None);
    assert_eq!(offered(&s, |c| *c == taser), vec![(taser.clone(), Some(1))], "no icon: usable in Combat");
    let a = ok(&s, &mut f, taser, vec![]);
    assert!(a.events.contains(&Event::IntruderInjured { id, injuries: 1 }));
    assert!(a.state.intruder(id).is_none_or(|i| i.at != here), "it retreats (or died of the Injury)");
}

#[test]
fn synthetic_food_draws_2_action_cards_out_of_combat() {
    let (mut s, mut f) = table(2, 3143);
    round_of(&mut s, Seat(0));
    let food = use_card(PlayedCard::SyntheticFood, CardEffect::DrawTwo);
    assert_eq!(offered(&s, |c| *c == food), vec![(food.clone(), Some(1))]);
    let a = ok(&s, &mut f, food.clone(), vec![]);
    assert_eq!(a.state.seats[Seat(0)].hand, 5 - 1 + 2, "paid 1, drew 2");
    assert!(lines_with_hands(&a).contains(&"two_action_cards_drawn".to_string()) && has_hand_line("two_action_cards_drawn"));
    let here = s.seats[Seat(0)].location;
    add_intruder(&mut s, IntruderKind::Adult, here);
    assert_eq!(refused(&s, &mut f, food, vec![]).key, "that_card_is_out_of_combat_only");
}

#[test]
fn the_self_destruct_key_starts_or_stops_the_sequence_from_a_room_with_a_working_computer_p24() {
    // The Self-Destruct Key: in a room with a Computer, the Generator's Action (p. 24); a
    // Malfunction makes the Computer unavailable (p. 24), and the sequence on yellow cannot stop.
    let (mut s, mut f) = table(2, 3144);
    let key = use_card(PlayedCard::SelfDestructKey, CardEffect::ToggleSelfDestruct);
    let at = at_a_computer(&mut s, Seat(0));
    round_of(&mut s, Seat(0));
    assert_eq!(offered(&s, |c| *c == key), vec![(key.clone(), Some(1))]);
    let a = ok(&s, &mut f, key.clone(), vec![]);
    assert!(a.events.contains(&Event::SelfDestructStarted), "started");
    let mut b = a.state.clone();
    round_of(&mut b, Seat(0));
    assert!(ok(&b, &mut f, key.clone(), vec![]).events.contains(&Event::SelfDestructStopped), "and stopped");
    s.room_mut(at).malfunction = true;
    assert_eq!(refused(&s, &mut f, key, vec![]).key, "the_self_destruct_key_works_only_in_a");
}

fn aimed(card: PlayedCard, effect: CardEffect, target: Option<Seat>, pod: Option<PodNumber>) -> Command {
    Command::UseCard { seat: Seat(0), card, effect, wound: None, cards: Vec::new(), corridor: None, intruder: None, room: None, target, pod }
}

#[test]
fn the_taser_empties_the_hand_of_another_character_in_the_room_card_reference() {
    // The Taser (docs/cards.md, B): or 1 character in the room discards their whole hand. The
    // cards are the table's; the app counts the hand and the outcome says what to do.
    let (mut s, mut f) = table(3, 3150);
    let here = s.seats[Seat(0)].location;
    s.seats[Seat(1)].location = here;
    s.seats[Seat(2)].location = Content::base().board.neighbours(here)[0].0;
    round_of(&mut s, Seat(0));
    s.seats[Seat(1)].hand = 4;
    let empty = |t| aimed(PlayedCard::Taser, CardEffect::EmptyHand, Some(t), None);
    let got = offered(&s, |c| matches!(c, Command::UseCard { effect: CardEffect::EmptyHand, .. }));
    assert_eq!(got, vec![(empty(Seat(1)), Some(1))], "only the other character here, for the Item's 1 card");
    let a = ok(&s, &mut f, empty(Seat(1)), vec![]);
    assert_eq!(a.state.seats[Seat(1)].hand, 0, "the whole hand is discarded");
    assert_eq!(a.state.seats[Seat(0)].hand, 5 - 1, "the Taser's user paid 1");
    assert!(a.events.contains(&Event::TableDoes { seat: Seat(1), task: TableTask::DiscardWholeHand }));
    assert!(lines_with_hands(&a).contains(&"whole_hand_discarded".to_string()) && has_hand_line("whole_hand_discarded"));
    for wrong in [Seat(0), Seat(2)] {
        let before = s.clone();
        assert_eq!(refused(&s, &mut f, empty(wrong), vec![]).key, "choose_another_character_in_this_room", "{wrong:?}");
        assert_eq!(s, before);
    }
    assert_eq!(refused(&s, &mut f, aimed(PlayedCard::Taser, CardEffect::EmptyHand, None, None), vec![]).key, "choose_another_character_in_this_room");
}

#[test]
fn the_evacuation_key_locks_or_unlocks_an_escape_pod_from_an_evacuation_section_and_is_kept_p22_p25_card_reference() {
    // The Evacuation Key (docs/cards.md, B): in an Evacuation Section, the Hatch Control System's
    // effect (p. 25) on 1 Escape Pod of that section (PN, TY), locked or unlocked; no Out of
    // Combat Only icon.
    let (mut s, mut f) = table(2, 3151);
    let key = |pod| aimed(PlayedCard::EvacuationKey, CardEffect::TogglePodLock, None, Some(pod));
    round_of(&mut s, Seat(0));
    assert!(offered(&s, |c| matches!(c, Command::UseCard { card: PlayedCard::EvacuationKey, .. })).is_empty(), "outside an Evacuation Section, nothing");
    let first = s.pods[0].number;
    assert_eq!(refused(&s, &mut f, key(first), vec![]).key, "the_evacuation_key_works_only_in_an_evacuation");
    let at = stand_in(&mut s, Seat(0), "evacuation_section_a");
    let pods: Vec<PodNumber> = s.pods.iter().filter(|p| p.section == Section::A).map(|p| p.number).collect();
    let got: Vec<Command> = offered(&s, |c| matches!(c, Command::UseCard { card: PlayedCard::EvacuationKey, .. })).into_iter().map(|(c, cost)| {
        assert_eq!(cost, Some(1));
        c
    }).collect();
    assert_eq!(got, pods.iter().map(|p| key(*p)).collect::<Vec<_>>(), "each Escape Pod of Section A, where the character stands");
    let other = s.pods.iter().find(|p| p.section == Section::B).expect("a pod in Section B").number;
    assert_eq!(refused(&s, &mut f, key(other), vec![]).key, "choose_an_escape_pod_of_this_section", "a pod of the other section is out of the card's reach");
    let locked = s.pods[0].locked;
    let a = ok(&s, &mut f, key(first), vec![]);
    assert!(a.events.contains(&Event::PodLockSet { pod: first, locked: !locked }), "the pod turns to its other side");
    assert_eq!(a.state.pods[0].locked, !locked);
    assert!(lines_with_hands(&a).iter().any(|k| k.starts_with("pod_")), "the lock is said: {:?}", lines_with_hands(&a));
    // No One Use Only mark (p. 22): the Key is kept, so its line says so, not used up. That the
    // table keeps the card is all the app can say: it does not track which Items a character
    // holds, so every Item is offered whether used before or not, and a check that it is offered
    // again could not fail.
    assert!(lines_with_hands(&a).contains(&"item_kept".to_string()), "kept, not used up: {:?}", lines_with_hands(&a));
    assert!(!lines_with_hands(&a).contains(&"item_used".to_string()), "and never both: {:?}", lines_with_hands(&a));
    add_intruder(&mut s, IntruderKind::Adult, at);
    assert!(run(&s, &mut f, key(first), vec![]).is_ok(), "no icon: also in Combat");
    assert_eq!(refused(&s, &mut f, aimed(PlayedCard::EvacuationKey, CardEffect::TogglePodLock, None, None), vec![]).key, "choose_an_escape_pod_of_this_section");
}

#[test]
fn the_alcohol_scans_one_contamination_card_of_the_hand_removes_it_and_an_infected_one_places_a_larva_and_brings_another_p20_card_reference() {
    // The Alcohol (docs/cards.md; PN and AR agree): green Item, one use, 1 card, Out of Combat
    // Only; scan 1 Contamination card from the hand and remove it; if it was INFECTED, take 1
    // Contamination card. p. 20: whatever the procedure, a scan that reads INFECTED places a
    // Larva on the character board; the card's own effect comes on top (rules-deviations 52).
    let (mut s, mut f) = table(2, 3131);
    round_of(&mut s, Seat(0));
    let alcohol = use_card(PlayedCard::Alcohol, CardEffect::Scan);
    assert!(offered(&s, |c| *c == alcohol).is_empty(), "no Contamination card: nothing to scan");
    s = ok(&s, &mut f, Command::GiveContamination { seat: Seat(0), count: 2 }, vec![]).state;
    let held = s.seats[Seat(0)].contamination.clone();
    s.infected[held[0].0 as usize] = Hidden::Known(true);
    s.infected[held[1].0 as usize] = Hidden::Known(false);
    round_of(&mut s, Seat(0));
    assert_eq!(offered(&s, |c| *c == alcohol), vec![(alcohol.clone(), Some(1))], "an Item costs 1 card (p. 22)");
    // From the table: the card is shown and paid, and the phone asks for the one card.
    let a = ok(&s, &mut f, alcohol.clone(), vec![]);
    assert!(a.state.seats[Seat(0)].alcohol_scan_due && a.state.public_view().seats[0].alcohol_scan_due, "the phone is asked");
    let keys = lines_with_hands(&a);
    assert!(keys.contains(&"item_used".to_string()) && keys.contains(&"alcohol_scan_asked".to_string()) && has_hand_line("alcohol_scan_asked"), "{keys:?}");
    let hand = a.state.seats[Seat(0)].hand;
    // Two cards is no answer: the Alcohol scans exactly one.
    let both = Command::ScanContamination { seat: Seat(0), cards: held.clone(), procedure: ScanProcedure::Alcohol, scanned: 0 };
    assert_eq!(refused(&a.state, &mut f.clone(), both, vec![]).key, "the_alcohol_scans_exactly_one_card_of_the_hand");
    // A clean card: removed, out of the hand, nothing given.
    let clean = Command::ScanContamination { seat: Seat(0), cards: vec![held[1]], procedure: ScanProcedure::Alcohol, scanned: 0 };
    let b = nemesis_engine::apply(Some(&a.state), &mut f.clone(), Actor::Seat(Seat(0)), &clean, &[]).expect("the phone's answer");
    assert!(!b.state.seats[Seat(0)].alcohol_scan_due, "answered");
    assert_eq!(b.state.seats[Seat(0)].contamination, vec![held[0]], "the card scanned leaves the game");
    assert_eq!(b.state.seats[Seat(0)].hand, hand - 1, "and the hand count");
    assert!(!b.events.iter().any(|e| matches!(e, Event::ContaminationGiven { .. })), "not INFECTED: no new card");
    let keys = lines_with_hands(&b);
    assert!(keys.contains(&"contamination_removed".to_string()) && has_hand_line("contamination_removed") && keys.contains(&"hand_size_set".to_string()), "{keys:?}");
    // An INFECTED card: removed too (the card says so), a Larva on the board (p. 20), and 1 more
    // Contamination card onto the discard pile (the card).
    let sick = Command::ScanContamination { seat: Seat(0), cards: vec![held[0]], procedure: ScanProcedure::Alcohol, scanned: 0 };
    let c = nemesis_engine::apply(Some(&a.state), &mut f.clone(), Actor::Seat(Seat(0)), &sick, &[]).expect("the phone's answer");
    assert!(!c.state.seats[Seat(0)].contamination.contains(&held[0]), "removed although INFECTED");
    assert_eq!(c.state.seats[Seat(0)].contamination.len(), 2, "1 removed, 1 given");
    assert!(c.events.iter().any(|e| matches!(e, Event::ContaminationGiven { seat: Seat(0), .. })) && has_hand_line("contamination_given"));
    assert!(c.state.seats[Seat(0)].larva, "p. 20: an INFECTED scan places a Larva, whatever the procedure");
    assert_eq!(c.state.seats[Seat(0)].hand, hand - 1);
    // With a Larva there already, the INFECTED scan kills and a Creeper appears there (p. 20).
    let mut carrier = a.state.clone();
    carrier.seats[Seat(0)].larva = true;
    let d = nemesis_engine::apply(Some(&carrier), &mut f.clone(), Actor::Seat(Seat(0)), &sick, &[]).expect("the phone's answer");
    assert_eq!(d.state.seats[Seat(0)].life, Life::Dead, "p. 20: a second Larva's scan kills");
    assert!(d.events.iter().any(|e| matches!(e, Event::CharacterDied { seat: Seat(0), .. })));
    assert!(d.state.intruders.iter().any(|i| i.kind == IntruderKind::Creeper && i.at == carrier.seats[Seat(0)].location), "p. 20: a Creeper where the character died");
    // Out of Combat Only (its icon, B): not with an Intruder in the room.
    let mut fight = s.clone();
    let here = fight.seats[Seat(0)].location;
    add_intruder(&mut fight, IntruderKind::Adult, here);
    assert_eq!(refused(&fight, &mut f.clone(), alcohol, vec![]).key, "that_card_is_out_of_combat_only");
}

#[test]
fn the_alcohols_result_is_in_the_scanning_seats_view_alone_card_reference_p20() {
    // p. 20: only the player scanning learns whether the card is INFECTED; the table reads that a
    // card was scanned and removed, and the other seats' views do not change.
    let (mut s, mut f) = table(3, 3132);
    s = ok(&s, &mut f, Command::GiveContamination { seat: Seat(0), count: 1 }, vec![]).state;
    s = ok(&s, &mut f, Command::GiveContamination { seat: Seat(1), count: 1 }, vec![]).state;
    let card = s.seats[Seat(0)].contamination[0];
    s.infected[card.0 as usize] = Hidden::Known(true);
    round_of(&mut s, Seat(0));
    let a = ok(&s, &mut f, use_card(PlayedCard::Alcohol, CardEffect::Scan), vec![]);
    let others_before: Vec<_> = [Seat(1), Seat(2)].iter().map(|x| a.state.seat_view(*x)).collect();
    let scan = Command::ScanContamination { seat: Seat(0), cards: vec![card], procedure: ScanProcedure::Alcohol, scanned: 0 };
    let b = nemesis_engine::apply(Some(&a.state), &mut f.clone(), Actor::Seat(Seat(0)), &scan, &[]).expect("the phone's answer");
    let private_of = |to: Audience| -> Vec<String> { b.events.iter().filter_map(|e| describe(&b.state, e, to)).filter(|l| l.private).map(|l| l.key.to_string()).collect() };
    assert!(private_of(Audience::Seat(Seat(0))).contains(&"contamination_scanned_infected_private".to_string()), "the player reads INFECTED");
    for other in [Seat(1), Seat(2)] {
        assert!(private_of(Audience::Seat(other)).is_empty(), "seat {other:?} reads no result");
    }
    let table: Vec<String> = b.events.iter().filter_map(|e| describe(&b.state, e, Audience::Table)).map(|l| l.text()).collect();
    assert!(table.iter().all(|t| !t.contains("INFECTED") && !t.contains("infected")), "{table:?}");
    let others_after: Vec<_> = [Seat(1), Seat(2)].iter().map(|x| b.state.seat_view(*x)).collect();
    assert_eq!(others_after, others_before, "no other seat's view holds the result");
}

#[test]
fn the_comms_key_shows_one_objective_card_of_a_character_with_a_signal_marker_from_a_computer_room_card_reference() {
    // The Comms Key (PN's red Item deck, the one source that prints it; rules-deviations 54): red
    // Item, 1 card, Out of Combat Only; in a room with a Computer (p. 24: working, no
    // Malfunction), look at one of the Objective cards of 1 character with a Signal marker on
    // their board (p. 24, the Comms Room's Action). The holder alone sees it.
    let (mut s, mut f) = table(3, 3133);
    let at = at_a_computer(&mut s, Seat(0));
    round_of(&mut s, Seat(0));
    let key_on = |t: Seat| Command::UseCard { seat: Seat(0), card: PlayedCard::CommsKey, effect: CardEffect::SeeObjective, wound: None, cards: Vec::new(), corridor: None, intruder: None, room: None, target: Some(t), pod: None };
    let keys_offered = |s: &State| offered(s, |c| matches!(c, Command::UseCard { card: PlayedCard::CommsKey, .. }));
    assert!(keys_offered(&s).is_empty(), "nobody sent the Signal: nobody's objective to see");
    s.seats[Seat(1)].signal = true;
    s.seats[Seat(0)].signal = true;
    assert_eq!(keys_offered(&s), vec![(key_on(Seat(1)), Some(1))], "only another character with a Signal marker, at 1 card");
    let dealt = s.seats[Seat(1)].objectives.clone();
    assert_eq!(dealt.len(), 2, "before the first Encounter, two Objective cards (p. 12)");
    let a = ok(&s, &mut f, key_on(Seat(1)), vec![]);
    assert!(a.events.contains(&Event::ObjectiveSeen { seat: Seat(0), of: Seat(1), objective: dealt[0] }), "one of the two, the first dealt: {:?}", a.events);
    let name = Content::base().data.objectives[dealt[0].0 as usize].name.clone();
    let lines = |to: Audience| -> Vec<(String, bool, String)> { a.events.iter().filter_map(|e| describe(&a.state, e, to)).map(|l| (l.key.to_string(), l.private, l.text())).collect() };
    let mine = lines(Audience::Seat(Seat(0)));
    assert!(mine.iter().any(|(k, p, t)| k == "objective_seen_private" && *p && t.contains(&name)), "{mine:?}");
    for to in [Audience::Table, Audience::Seat(Seat(1)), Audience::Seat(Seat(2))] {
        let theirs = lines(to);
        assert!(theirs.iter().any(|(k, _, _)| k == "objective_seen") && theirs.iter().all(|(_, p, t)| !p && !t.contains(&name)), "{to:?}: {theirs:?}");
    }
    assert!(lines_with_hands(&a).contains(&"item_kept".to_string()), "no One Use Only mark (p. 22, docs/cards.md): the Key is kept");
    assert_eq!([Seat(1), Seat(2)].map(|x| a.state.seat_view(x)), [Seat(1), Seat(2)].map(|x| s.seat_view(x)), "no other seat's view holds it");
    // After the choice, the one card kept is the one seen.
    let mut kept = s.clone();
    kept.seats[Seat(1)].objective = ObjectiveChoice::Chosen(Some(dealt[1]));
    let b = ok(&kept, &mut f.clone(), key_on(Seat(1)), vec![]);
    assert!(b.events.contains(&Event::ObjectiveSeen { seat: Seat(0), of: Seat(1), objective: dealt[1] }));
    // Refused: the holder's own objective, a character without the Signal, a room without a
    // working Computer, physical Objective cards.
    assert_eq!(refused(&s, &mut f.clone(), key_on(Seat(0)), vec![]).key, "choose_another_character_with_a_signal_marker");
    assert_eq!(refused(&s, &mut f.clone(), key_on(Seat(2)), vec![]).key, "choose_another_character_with_a_signal_marker");
    let mut broken = s.clone();
    broken.room_mut(at).malfunction = true;
    assert_eq!(refused(&broken, &mut f.clone(), key_on(Seat(1)), vec![]).key, "the_comms_key_works_only_in_a_room_with_a");
    let mut physical = s.clone();
    physical.seats[Seat(1)].objectives.clear();
    assert_eq!(refused(&physical, &mut f.clone(), key_on(Seat(1)), vec![]).key, "those_objective_cards_are_at_the_table");
}

#[test]
fn the_alcohols_question_is_answered_with_none_when_no_contamination_card_is_in_the_hand_card_reference() {
    // The Alcohol scans 1 Contamination card "from your hand" (docs/cards.md, PN and AR): a
    // character's Contamination cards may all be in the Action deck or the discard pile (p. 20:
    // a new one goes onto the discard pile), so the phone's answer may be none, which closes the
    // question and removes nothing. With the hand empty after paying, no card can be in it: not
    // offered, and refused.
    let (mut s, mut f) = table(2, 3134);
    s = ok(&s, &mut f, Command::GiveContamination { seat: Seat(0), count: 1 }, vec![]).state;
    let held = s.seats[Seat(0)].contamination.clone();
    round_of(&mut s, Seat(0));
    let alcohol = use_card(PlayedCard::Alcohol, CardEffect::Scan);
    let a = ok(&s, &mut f, alcohol.clone(), vec![]);
    assert!(a.state.seats[Seat(0)].alcohol_scan_due);
    let hand = a.state.seats[Seat(0)].hand;
    let none = Command::ScanContamination { seat: Seat(0), cards: Vec::new(), procedure: ScanProcedure::Alcohol, scanned: 0 };
    let b = nemesis_engine::apply(Some(&a.state), &mut f.clone(), Actor::Seat(Seat(0)), &none, &[]).expect("none in the hand is an answer");
    assert!(!b.state.seats[Seat(0)].alcohol_scan_due, "the question is closed");
    assert_eq!(b.state.seats[Seat(0)].contamination, held, "nothing scanned, nothing removed");
    assert_eq!(b.state.seats[Seat(0)].hand, hand, "the hand count stays");
    assert!(!b.events.iter().any(|e| matches!(e, Event::ContaminationScanned { .. } | Event::ContaminationGiven { .. })));
    // Unasked, an empty Alcohol scan is no scan at all.
    assert_eq!(refused(&b.state, &mut f.clone(), none, vec![]).key, "the_alcohol_scans_exactly_one_card_of_the_hand");
    // One card in hand, the one paid for the Alcohol: nothing is left to scan.
    let mut last = s.clone();
    last.seats[Seat(0)].hand = 1;
    assert!(offered(&last, |c| *c == alcohol).is_empty(), "not offered with no card left in the hand");
    assert_eq!(refused(&last, &mut f, alcohol, vec![]).key, "no_card_is_left_in_the_hand_for_the_alcohol");
}

#[test]
fn the_canteen_and_the_shower_room_do_their_part_then_ask_the_phone_how_many_cards_are_in_hand_p25() {
    // p. 25: the Canteen heals 1 Light Wound, the Shower Room discards the Slime marker; then the
    // player may scan the Contamination cards in the hand. Taken from the round's offer (no card
    // named), the room does its part and the player's phone asks how many are in hand (0: no scan).
    let (mut s, mut f) = table(2, 3107);
    s = ok(&s, &mut f, Command::GiveContamination { seat: Seat(0), count: 2 }, vec![]).state;
    let held = s.seats[Seat(0)].contamination.clone();
    for (room, procedure) in [("canteen", ScanProcedure::Canteen), ("shower_room", ScanProcedure::Shower)] {
        let mut t = s.clone();
        stand_in(&mut t, Seat(0), room);
        round_of(&mut t, Seat(0));
        t.seats[Seat(0)].light_wounds = 1;
        t.seats[Seat(0)].slime = true;
        let offer = Command::ScanContamination { seat: Seat(0), cards: vec![], procedure, scanned: 0 };
        assert_eq!(offered(&t, |c| *c == offer), vec![(offer.clone(), Some(2))], "{room}: its Action, 2 cards");
        let a = ok(&t, &mut f, offer, vec![]);
        let me = &a.state.seats[Seat(0)];
        match procedure {
            ScanProcedure::Canteen => assert_eq!(me.light_wounds, 0, "the Canteen heals 1 Light Wound"),
            _ => assert!(!me.slime, "the Shower Room discards the Slime marker"),
        }
        assert!(me.hand_scan_due && me.contamination == held, "{room}: nothing scanned yet, the phone is asked");
        assert!(lines_with_hands(&a).contains(&"hand_scan_asked".to_string()));
        // The answer: 1 card in hand, scanned as the room's scan (a clean one removed, p. 25).
        let answer = Command::ScanContamination { seat: Seat(0), cards: vec![], procedure: ScanProcedure::Rest, scanned: 1 };
        let b = nemesis_engine::apply(Some(&a.state), &mut f.clone(), Actor::Seat(Seat(0)), &answer, &[]).expect("the phone's answer");
        assert!(!b.state.seats[Seat(0)].hand_scan_due);
        assert_eq!(b.events.iter().filter(|e| matches!(e, Event::ContaminationScanned { .. })).count(), 1, "{room}: the one card in hand is scanned");
        assert_eq!(b.state.rounds.actions, a.state.rounds.actions, "the answer is no second Action");
    }
    // Holding no Contamination card, nothing is asked.
    let (mut t, mut f) = table(2, 3108);
    stand_in(&mut t, Seat(0), "canteen");
    round_of(&mut t, Seat(0));
    let a = ok(&t, &mut f, Command::ScanContamination { seat: Seat(0), cards: vec![], procedure: ScanProcedure::Canteen, scanned: 0 }, vec![]);
    assert!(!a.state.seats[Seat(0)].hand_scan_due);
}

/// A save from before a dressing named its wound by a field of its own wrote a number for every
/// card played: it still reads, as that wound (p. 21), and a card that dresses nothing leaves it out.
#[test]
fn an_old_saves_dressing_still_names_its_serious_wound_p21() {
    let old = r#"{"type":"use_card","seat":0,"card":"bandages","effect":"dress_serious","wound":1}"#;
    let Command::UseCard { wound, .. } = serde_json::from_str(old).expect("an old save's card reads") else { panic!("a card played") };
    assert_eq!(wound, Some(1));
    let plain = r#"{"type":"use_card","seat":0,"card":"bandages","effect":"heal_light"}"#;
    let Command::UseCard { wound, .. } = serde_json::from_str(plain).expect("a card without a wound reads") else { panic!("a card played") };
    assert_eq!(wound, None);
}
