//! Contamination cards (p. 20): dealing them privately, scanning and its procedures (Rest, Canteen,
//! Shower, Surgery, Antidote; pp. 23-25), and INFECTED results placing a Larva.

use crate::common::*;

use nemesis_engine::command::{Command, Entered, ScanProcedure};
use nemesis_engine::event::{DeathCause, Event};
use nemesis_engine::ids::*;
use nemesis_engine::log::Audience;
use nemesis_engine::state::{Component, Life, State};
use nemesis_engine::{Code, Fate};

fn infected_view(s: &State, seat: Seat) -> Vec<(ContaminationId, Option<bool>)> {
    s.seat_view(seat).unwrap().contamination.iter().map(|x| (x.id, x.infected)).collect()
}

#[test]
fn every_infected_scan_places_a_larva_even_a_plain_look_p20() {
    let g = started(2, 10);
    let mut s = state(&g).clone();
    s.infected = s.infected.iter().map(|_| nemesis_engine::state::Hidden::Known(true)).collect();
    let s = ok(&s, &mut Fate::seeded(3), Command::GiveContamination { seat: Seat(0), count: 1 }, vec![]).state;
    let card = s.seats[Seat(0)].contamination[0];
    let a = ok(&s, &mut Fate::seeded(3), Command::ScanContamination { seat: Seat(0), cards: vec![card], procedure: ScanProcedure::Look, scanned: 0 }, vec![]);
    assert!(a.state.seats[Seat(0)].larva, "INFECTED places a Larva (p. 20)");
    assert_eq!(a.state.seats[Seat(0)].contamination, vec![card], "a Look removes nothing");
}

#[test]
fn contamination_cards_go_onto_that_seat_and_only_it_knows_which() {
    // p. 20: the card is drawn from the Contamination deck onto the character's discard pile.
    let mut g = started(3, 50);
    let top_two: Vec<ContaminationId> = state(&g).contamination.draw.iter().rev().take(2).copied().collect();
    act(&mut g, Command::GiveContamination { seat: Seat(1), count: 2 }).unwrap();
    let s = state(&g);
    assert_eq!(s.seats[Seat(1)].contamination, top_two, "p. 20: the top cards of the deck, onto this seat");
    assert_eq!(s.contamination.draw.len(), 25, "two cards left the deck");
    assert_eq!(infected_view(s, Seat(1)), top_two.iter().map(|c| (*c, None)).collect::<Vec<_>>(), "p. 20: unscanned, INFECTED is unknown");
    assert!(s.seat_view(Seat(0)).unwrap().contamination.is_empty() && s.seat_view(Seat(2)).unwrap().contamination.is_empty());
    let counts: Vec<u8> = s.public_view().seats.iter().map(|x| x.contamination_cards).collect();
    assert_eq!(counts, vec![0, 2, 0], "the table sees how many cards each seat holds");
    assert_eq!(act(&mut g, Command::GiveContamination { seat: Seat(0), count: 0 }).unwrap_err().code, Code::NotAllowed);
}

#[test]
fn scanning_some_cards_shows_their_results_only_in_that_seats_view() {
    // p. 20: a Scan reveals INFECTED or not to the player scanning; nothing is removed by a look.
    let mut t = Table::from_game(&started(2, 51), 51 + 2000);
    let cards = t.contaminate(Seat(0), &[false, false, false]);
    let public_before = public_but_rounds(&t.s);
    let other_before = t.s.seat_view(Seat(1));
    let events = t.scan(Seat(0), &[cards[0], cards[2]], ScanProcedure::Look);
    assert_eq!(events.iter().filter(|e| matches!(e, Event::ContaminationScanned { .. })).count(), 2, "two cards scanned");
    assert_eq!(
        infected_view(&t.s, Seat(0)),
        vec![(cards[0], Some(false)), (cards[1], None), (cards[2], Some(false))],
        "p. 20: the scanned cards show their result, the other stays unknown"
    );
    assert_eq!(t.s.seats[Seat(0)].contamination, cards, "a look removes nothing");
    assert_eq!(public_but_rounds(&t.s), public_before, "the table screen learns nothing from a scan");
    assert_eq!(t.s.seat_view(Seat(1)), other_before, "the other seat learns nothing");
    // Scanning all of them.
    t.scan(Seat(0), &cards, ScanProcedure::Look);
    assert!(infected_view(&t.s, Seat(0)).iter().all(|(_, i)| *i == Some(false)));
}

#[test]
fn the_table_log_says_a_card_was_scanned_never_its_result() {
    let mut g = started(2, 52);
    act(&mut g, Command::GiveContamination { seat: Seat(0), count: 1 }).unwrap();
    let card = state(&g).seats[Seat(0)].contamination[0];
    act(&mut g, Command::ScanContamination { seat: Seat(0), cards: vec![card], procedure: ScanProcedure::Look, scanned: 0 }).unwrap();
    let table = last_line(&g, Audience::Table);
    assert!(!table.private && !table.text.contains("INFECTED") && !table.text.to_lowercase().contains("not infected"), "{}", table.text);
    let mine = last_line(&g, Audience::Seat(Seat(0)));
    assert!(mine.private && mine.text.to_lowercase().contains("infected"), "the scanning seat reads its result: {}", mine.text);
}

#[test]
fn an_infected_scan_places_a_larva_and_keeps_the_infected_card() {
    // p. 20: if you're INFECTED, place a Larva on your Character board and do not remove the card.
    // Rest: scan the cards in hand, remove those not INFECTED.
    let mut t = Table::from_game(&started(2, 53), 53 + 2000);
    let cards = t.contaminate(Seat(0), &[true, false, false]);
    t.scan(Seat(0), &cards, ScanProcedure::Rest);
    assert!(t.s.seats[Seat(0)].larva, "p. 20: INFECTED places a Larva on the character board");
    assert_eq!(t.s.seats[Seat(0)].contamination, vec![cards[0]], "the INFECTED card stays, the clean ones are removed");
    assert_eq!(t.s.contamination.removed, vec![cards[1], cards[2]], "p. 20: removed cards leave the game");
    assert!(t.s.public_view().seats[0].larva, "the Larva on the board is public");
    assert_eq!(t.s.seats[Seat(0)].life, Life::Awake);
}

#[test]
fn an_infected_scan_with_a_larva_already_there_kills_and_a_creeper_appears() {
    // p. 20: "If there is already a Larva on your Character board, your Character dies -
    // additionally, place 1 Creeper in the Room where you died."
    let mut t = Table::from_game(&started(2, 54), 54 + 2000);
    t.s.seats[Seat(0)].larva = true;
    t.s.seats[Seat(0)].location = Location(21);
    let cards = t.contaminate(Seat(0), &[true]);
    let events = t.scan(Seat(0), &cards, ScanProcedure::Rest);
    assert!(events.iter().any(|e| matches!(e, Event::CharacterDied { seat: Seat(0), cause: DeathCause::Larva })), "p. 20: the character dies");
    let creepers: Vec<Location> = t.s.intruders.iter().filter(|i| i.kind == IntruderKind::Creeper).map(|i| i.at).collect();
    assert_eq!(creepers, vec![Location(21)], "p. 20: a Creeper in the room where the character died");
    assert!(t.s.first_death && t.s.pods.iter().all(|p| !p.locked), "p. 12: the first death unlocks every Escape Pod");
}

#[test]
fn rest_removes_the_scanned_cards_that_are_not_infected() {
    // p. 20 / Rest action card: scan the chosen cards in hand; remove the ones not INFECTED.
    let mut t = Table::from_game(&started(2, 55), 55 + 2000);
    let cards = t.contaminate(Seat(0), &[false, false, false]);
    t.scan(Seat(0), &cards[..2], ScanProcedure::Rest);
    assert_eq!(t.s.seats[Seat(0)].contamination, vec![cards[2]], "the two scanned clean cards are removed, the unscanned one stays");
    assert!(!t.s.seats[Seat(0)].larva, "no INFECTED card, no Larva");
    assert_eq!(t.s.public_view().contamination.removed, 2, "the table sees two cards leave the game");
    assert_eq!(t.refused(Command::ScanContamination { seat: Seat(0), cards: vec![], procedure: ScanProcedure::Rest, scanned: 0 }, vec![]).code, Code::NotAllowed);
}

#[test]
fn canteen_heals_a_light_wound_and_removes_the_clean_cards() {
    // p. 25, Canteen: heal 1 Light Wound; scan the cards in hand and remove the non-INFECTED ones.
    let mut t = Table::from_game(&started(2, 56), 56 + 2000);
    stand_in(&mut t.s, Seat(1), "canteen");
    t.run(Command::Wound { seat: Seat(1), light: 2, serious: 0 }, vec![]);
    let cards = t.contaminate(Seat(1), &[false, false]);
    t.scan(Seat(1), &cards, ScanProcedure::Canteen);
    assert_eq!(t.s.seats[Seat(1)].light_wounds, 1, "p. 25: 1 Light Wound healed");
    assert!(t.s.seats[Seat(1)].contamination.is_empty(), "p. 25: both clean cards removed");
    assert!(!t.s.seats[Seat(1)].larva);
    // With an INFECTED card in hand, a Larva. The first Room Action's cost came out of the hand:
    // a fresh hand of 4 holds the 2 cards named (a scan names no more than the hand holds).
    let inf = t.contaminate(Seat(1), &[true, false]);
    t.run(Command::SetHandSize { seat: Seat(1), cards: 4 }, vec![]);
    t.scan(Seat(1), &inf, ScanProcedure::Canteen);
    assert!(t.s.seats[Seat(1)].larva, "p. 25: an INFECTED card places a Larva");
    assert_eq!(t.s.seats[Seat(1)].contamination, vec![inf[0]], "p. 25: and that card is not removed");
}

#[test]
fn shower_discards_the_slime_and_removes_the_clean_cards() {
    // p. 25, Shower Room: discard the Slime marker; scan the hand, remove the non-INFECTED cards.
    let mut t = Table::from_game(&started(2, 57), 57 + 2000);
    stand_in(&mut t.s, Seat(0), "shower_room");
    t.run(Command::SetSlime { seat: Seat(0), on: true }, vec![]);
    let cards = t.contaminate(Seat(0), &[false, true]);
    t.scan(Seat(0), &cards, ScanProcedure::Shower);
    assert!(!t.s.seats[Seat(0)].slime, "p. 25: the Slime marker is discarded");
    assert_eq!(t.s.seats[Seat(0)].contamination, vec![cards[1]], "the clean card is removed, the INFECTED one kept");
    assert!(t.s.seats[Seat(0)].larva, "p. 25: the INFECTED card places a Larva");
}

#[test]
fn surgery_scans_everything_removes_the_infected_cards_and_the_larva_then_wounds_and_empties_the_hand() {
    // p. 24, Surgery: scan all Contamination cards; remove all INFECTED; remove the Larva; then 1
    // Light Wound and an automatic pass with an empty hand.
    let mut t = Table::from_game(&started(2, 58), 58 + 2000);
    stand_in(&mut t.s, Seat(0), "surgery");
    let cards = t.contaminate(Seat(0), &[true, false, true]);
    t.s.seats[Seat(0)].larva = true;
    let events = t.scan(Seat(0), &[], ScanProcedure::Surgery);
    assert_eq!(events.iter().filter(|e| matches!(e, Event::ContaminationScanned { .. })).count(), 3, "p. 24: every card is scanned");
    let s = &t.s.seats[Seat(0)];
    assert_eq!(s.contamination, vec![cards[1]], "p. 24: the INFECTED cards are removed, the clean one stays");
    assert!(!s.larva, "p. 24: the Larva is removed");
    assert_eq!(s.light_wounds, 1, "p. 24: the Surgery deals 1 Light Wound");
    assert_eq!(s.hand, 0, "p. 24: the hand is empty until the next turn");
    assert_eq!(s.life, Life::Awake, "INFECTED cards in Surgery do not kill");
    assert_eq!(infected_view(&t.s, Seat(0)), vec![(cards[1], Some(false))], "the seat knows its remaining card is clean");
}

#[test]
fn antidote_removes_the_larva_and_the_infected_cards() {
    // p. 20 (Antidote Item): remove the Larva; scan; remove the INFECTED cards.
    let mut t = Table::from_game(&started(2, 59), 59 + 2000);
    let cards = t.contaminate(Seat(1), &[true, false]);
    t.s.seats[Seat(1)].larva = true;
    t.scan(Seat(1), &cards, ScanProcedure::Antidote);
    assert!(!t.s.seats[Seat(1)].larva, "the Antidote removes the Larva");
    assert_eq!(t.s.seats[Seat(1)].contamination, vec![cards[1]], "the INFECTED card is removed, the clean one kept");
    assert_eq!(t.s.seats[Seat(1)].life, Life::Awake, "the INFECTED card found by the Antidote does not kill");
}

#[test]
fn scanning_is_refused_for_cards_the_seat_does_not_hold() {
    let mut t = Table::from_game(&started(2, 60), 60 + 2000);
    let theirs = t.contaminate(Seat(1), &[false]);
    let err = t.refused(Command::ScanContamination { seat: Seat(0), cards: theirs, procedure: ScanProcedure::Look, scanned: 0 }, vec![]);
    assert_eq!(err.code, Code::NotAllowed, "a seat scans only its own cards");
}

#[test]
fn a_physical_contamination_deck_needs_the_scan_result_from_the_table() {
    // p. 20: the Scanner is used at the table; the app takes the result it is told.
    let mut t = Table::from_game(&started_with(physical(2, &[Component::ContaminationDeck]), 61), 61 + 2000);
    t.run(Command::GiveContamination { seat: Seat(0), count: 1 }, vec![]);
    let card = t.s.seats[Seat(0)].contamination[0];
    assert_eq!(t.refused(Command::ScanContamination { seat: Seat(0), cards: vec![card], procedure: ScanProcedure::Rest, scanned: 0 }, vec![]).code, Code::ResultNeeded);
    t.run(Command::ScanContamination { seat: Seat(0), cards: vec![card], procedure: ScanProcedure::Rest, scanned: 0 }, vec![Entered::Infected { infected: true }]);
    assert!(t.s.seats[Seat(0)].larva, "p. 20: the table's INFECTED result places a Larva");
    assert_eq!(infected_view(&t.s, Seat(0)), vec![(card, Some(true))]);
}

#[test]
fn cards_a_scan_removes_from_the_hand_leave_the_hand_count_p25() {
    // Rest, the Canteen and the Shower Room scan Contamination cards in the hand and remove the
    // ones not INFECTED (pp. 24-25, the Rest card): those cards leave the hand, so the count the
    // Surprise Attack (p. 18) and an Intruder's target (p. 20) read goes down with them.
    for procedure in [ScanProcedure::Rest, ScanProcedure::Canteen, ScanProcedure::Shower] {
        let mut t = Table::from_game(&started(2, 56), 56 + 2000);
        let room = match procedure {
            ScanProcedure::Canteen => Some("canteen"),
            ScanProcedure::Shower => Some("shower_room"),
            _ => None,
        };
        if let Some(room) = room {
            stand_in(&mut t.s, Seat(0), room);
        }
        let cards = t.contaminate(Seat(0), &[false, true, false]);
        t.s.seats[Seat(0)].hand = 5;
        let events = t.scan(Seat(0), &cards, procedure);
        // A Room Action is paid from the hand first (2 cards, p. 24): the rest is what the scan left.
        let paid: u8 = events.iter().map(|e| if let Event::ActionTaken { cards, .. } = e { *cards } else { 0 }).sum();
        assert_eq!(t.s.seats[Seat(0)].hand, 5 - paid - 2, "{procedure:?}: the two clean cards left the hand");
        assert_eq!(t.s.seats[Seat(0)].contamination, vec![cards[1]], "{procedure:?}: the INFECTED card stays");
    }
}

#[test]
fn a_phone_scans_only_to_answer_a_question_open_for_its_seat_never_for_free_p20() {
    // p. 20: a Contamination card is removed only by a card's, a room's or an Item's procedure
    // (Rest, the Canteen, the Shower, the Surgery, the Antidote), and "whatever the procedure" it
    // is a Scan made as that procedure says. So a player's own device cannot scan on its own: it
    // answers the question its Rest card, Eclosion or the Alcohol opened, and nothing else.
    let mut t = Table::from_game(&started(2, 62), 62 + 2000);
    let cards = t.contaminate(Seat(0), &[true, false]);
    t.s.seats[Seat(0)].larva = true;
    t.s.seats[Seat(0)].hand = 5;
    let from_phone = |s: &State, procedure: ScanProcedure| {
        let scan = Command::ScanContamination { seat: Seat(0), cards: cards.clone(), procedure, scanned: 0 };
        nemesis_engine::apply(Some(s), &mut Fate::seeded(7), nemesis_engine::Actor::Seat(Seat(0)), &scan, &[])
    };
    for procedure in [ScanProcedure::Rest, ScanProcedure::Look, ScanProcedure::Alcohol] {
        let err = from_phone(&t.s, procedure).expect_err("no question is open: the phone's scan is refused");
        assert_eq!((err.code, err.key.as_str()), (Code::NotAllowed, "no_scan_is_asked_of_this_player_now"), "{procedure:?}");
    }
    // The Antidote would take the Larva and the INFECTED card for nothing: it is its Item card's.
    let err = from_phone(&t.s, ScanProcedure::Antidote).expect_err("a free Antidote");
    assert_eq!((err.code, err.key.as_str()), (Code::NotAllowed, "the_antidote_is_played_as_its_item_card"));
    assert!(t.s.seats[Seat(0)].larva && t.s.seats[Seat(0)].contamination == cards, "nothing changed");

    // Asked by the Rest card, the same phone answers, once.
    t.s.seats[Seat(0)].hand_scan_due = true;
    let a = from_phone(&t.s, ScanProcedure::Rest).expect("the answer to Rest's question");
    assert!(!a.state.seats[Seat(0)].hand_scan_due, "the answer closes the question");
    assert_eq!(a.state.seats[Seat(0)].contamination, vec![cards[0]], "p. 20 (Rest): the clean card is removed, the INFECTED one kept");
    assert_eq!(
        from_phone(&a.state, ScanProcedure::Rest).expect_err("asked no more").key,
        "no_scan_is_asked_of_this_player_now",
        "a second answer is a scan nobody asked"
    );
    // Asked by the Antidote's card (its count before the scan), the phone answers that question.
    let mut asked = t.s.clone();
    asked.seats[Seat(0)].antidote_scan_due = true;
    let b = from_phone(&asked, ScanProcedure::Antidote).expect("the answer to the Antidote's question");
    assert!(!b.state.seats[Seat(0)].antidote_scan_due && !b.state.seats[Seat(0)].larva, "answered: the Larva is removed");
    // The table keeps its corrections: it records a scan made at the table, asked or not.
    t.s.seats[Seat(0)].hand_scan_due = false;
    t.scan(Seat(0), &cards, ScanProcedure::Antidote);
    assert!(!t.s.seats[Seat(0)].larva, "the table's Antidote correction stands");
}

#[test]
fn a_card_scanned_infected_stays_in_hand_so_the_next_hand_scan_of_the_round_scans_it_again_p20() {
    // p. 20: an INFECTED card is not removed ("take the card back into the hand", the example),
    // and a second INFECTED result with a Larva there kills. p. 10: only passing lets a player
    // discard cards from the hand. So a Canteen scan after Rest, in the same round, counts the
    // card Rest found, whatever the app's blind pick among the others (here a clean card in the
    // discard pile, which the pick could otherwise stand in for it): every seed, death.
    for seed in 0..8 {
        let mut t = Table::from_game(&started(2, 56), 56 + 3000 + seed);
        let cards = t.contaminate(Seat(0), &[true, false]);
        t.s.seats[Seat(0)].hand = 5;
        t.scan(Seat(0), &cards[..1], ScanProcedure::Rest);
        assert!(t.s.seats[Seat(0)].larva, "p. 20: INFECTED places a Larva");
        assert_eq!(t.s.seats[Seat(0)].infected_in_hand, vec![cards[0]], "the INFECTED card is back in the hand");
        stand_in(&mut t.s, Seat(0), "canteen");
        let events = t.run(Command::ScanContamination { seat: Seat(0), cards: vec![], procedure: ScanProcedure::Canteen, scanned: 1 }, vec![]);
        assert!(
            events.iter().any(|e| matches!(e, Event::ContaminationScanned { card, infected: true, .. } if *card == cards[0])),
            "seed {seed}: the card in the hand is the one scanned again"
        );
        assert!(events.iter().any(|e| matches!(e, Event::CharacterDied { seat: Seat(0), cause: DeathCause::Larva })), "seed {seed}: p. 20, a Larva there already: death");
        assert_eq!(t.s.seats[Seat(0)].contamination.len(), 2, "seed {seed}: nothing clean was removed in its place");
    }
}

#[test]
fn a_hand_scan_that_leaves_out_a_card_found_infected_this_round_is_refused_and_changes_nothing_p20() {
    // The player counts the cards in the hand; one found INFECTED this round is there (p. 20, p. 10).
    let mut t = Table::from_game(&started(2, 57), 57 + 2000);
    let cards = t.contaminate(Seat(0), &[true, false]);
    t.s.seats[Seat(0)].hand = 5;
    t.scan(Seat(0), &cards[..1], ScanProcedure::Rest);
    stand_in(&mut t.s, Seat(0), "shower_room");
    let err = t.refused(Command::ScanContamination { seat: Seat(0), cards: vec![cards[1]], procedure: ScanProcedure::Shower, scanned: 0 }, vec![]);
    assert_eq!((err.code, err.key.as_str()), (Code::NotAllowed, "a_card_found_infected_is_still_in_the_hand"));
}

#[test]
fn passing_forgets_which_card_was_found_infected_for_the_player_may_discard_it_p10() {
    // p. 10: when a player passes, they may discard any number of cards from their hand; the app
    // no longer knows the card is in the hand, and the next scan counts as the player says.
    let mut t = Table::from_game(&started(2, 58), 58 + 2000);
    let cards = t.contaminate(Seat(0), &[true]);
    t.s.seats[Seat(0)].hand = 5;
    t.scan(Seat(0), &cards, ScanProcedure::Rest);
    assert_eq!(t.s.seats[Seat(0)].infected_in_hand, vec![cards[0]]);
    t.run(Command::Pass { seat: Seat(0) }, vec![]);
    assert!(t.s.seats[Seat(0)].infected_in_hand.is_empty(), "p. 10: passing, the card may have been discarded");
}
