//! The Event deck and the Event cards' effects (p. 10): intruders moving through the card's
//! corridor, Lurking, Evacuation, and the deck's discard, removal and reshuffle.

use crate::common::*;

use nemesis_engine::Code;
use nemesis_engine::command::{Command, Entered, ScanProcedure};
use nemesis_engine::content::Content;
use nemesis_engine::event::{Event, EventDraw};
use nemesis_engine::ids::*;
use nemesis_engine::state::*;

#[test]
fn lurking_sends_every_intruder_not_in_combat_back_into_the_bag() {
    // Event card Lurking (p. 10 step 7): intruders not sharing a room with a character leave the
    // board and their tokens return to the bag; those in Combat stay.
    let mut t = Table::new(2, 21);
    let fighting = t.encounter(Seat(0), TokenKind::Adult, None); // in the Hibernatorium with both characters
    t.place(Seat(1), 1);
    let lurking = t.encounter(Seat(1), TokenKind::Larva, None);
    t.place(Seat(1), 11);
    t.run(Command::PlaceIntruder { kind: IntruderKind::Breeder, at: Location(21) }, vec![]); // no token
    let (t_fighting, t_lurking) = (t.s.intruder(fighting).unwrap().token.unwrap(), t.s.intruder(lurking).unwrap().token.unwrap());
    t.at_step(EventStep::EventCard);
    t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: "lurking".into() }]);
    let left: Vec<IntruderId> = t.s.intruders.iter().map(|i| i.id).collect();
    assert_eq!(left, vec![fighting], "Lurking: only the intruder in Combat stays on the board");
    assert_eq!(t.s.tokens[t_lurking.0 as usize], TokenPlace::Bag, "the Larva's token goes back in the bag");
    assert_eq!(t.s.tokens[t_fighting.0 as usize], TokenPlace::OnBoard(fighting), "the fighting Adult keeps its token aside");
    assert_each_token_in_one_place(&t.s, "after Lurking");
}

#[test]
fn event_card_moves_matching_intruders_not_in_combat_through_its_corridor_then_resolves_its_effect() {
    // p. 10 step 7: intruders with a symbol on the card and not in a room with characters move
    // through the corridor with the card's number; then the effect is resolved.
    // Damage: Creeper and Adult, corridor 2; effect: a Malfunction where an Adult/Breeder/Queen is.
    let mut t = Table::from_game(&started_with(physical(2, &[Component::RoomTiles]), 70), 70 + 2000);
    let place = |t: &mut Table, kind: IntruderKind, at: u8| {
        t.run(Command::PlaceIntruder { kind, at: Location(at) }, vec![]);
        t.s.intruders.last().unwrap().id
    };
    let roaming = place(&mut t, IntruderKind::Adult, 1); // Cockpit, exit 2 -> room 3
    let fighting = place(&mut t, IntruderKind::Adult, 11); // with both characters
    let breeder = place(&mut t, IntruderKind::Breeder, 21); // not on the card
    let creeper = place(&mut t, IntruderKind::Creeper, 20); // Engine #2, exit 2 -> room 18
    t.at_step(EventStep::EventCard);
    let events = t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: "damage".into() }]);
    let at = |t: &Table, id| t.s.intruder(id).unwrap().at;
    assert_eq!(at(&t, roaming), Location(3), "p. 10: the Adult moved through corridor 2");
    assert_eq!(at(&t, creeper), Location(18), "p. 10: the Creeper moved through corridor 2");
    assert_eq!(at(&t, fighting), Location(11), "p. 10: an intruder in Combat does not move");
    assert_eq!(at(&t, breeder), Location(21), "p. 10: a Breeder is not on this card and does not move");
    let drawn = events.iter().position(|e| matches!(e, Event::EventCardDrawn { purpose: EventDraw::EventPhase, .. })).unwrap();
    let moved = events.iter().position(|e| matches!(e, Event::IntruderMoved { .. })).unwrap();
    let effect = events.iter().position(|e| matches!(e, Event::MalfunctionPlaced { .. })).unwrap();
    assert!(drawn < moved && moved < effect, "p. 10: draw, then movement, then the effect");
    let broken: Vec<u8> = c().board.locations().filter(|l| t.s.room(*l).malfunction).map(|l| l.0).collect();
    assert_eq!(broken, vec![3, 11, 21], "the effect sees the intruders where they moved to (not room 1, and not the Creeper's 18)");
    assert_eq!(t.s.phase, Phase::Event { step: EventStep::BagDevelopment }, "p. 10: next comes bag development");
}

#[test]
fn a_resolved_event_card_is_discarded_face_up() {
    // p. 10: after resolving the card, discard it (unless the card says otherwise).
    let mut t = Table::from_game(&started(2, 71), 71 + 2000);
    t.at_step(EventStep::EventCard);
    t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: "bulkheads_open".into() }]);
    assert_eq!(t.s.events.discard, vec![event_id("bulkheads_open")]);
    assert_eq!(t.s.events.draw.len(), 19, "the card left the deck");
    assert!(t.s.events.removed.is_empty());
    let shown: Vec<String> = t.s.public_view().events.discard.iter().map(|n| n.key.clone()).collect();
    assert_eq!(shown, vec!["bulkheads_open".to_string()], "p. 9: discards are face up for the table");
}

#[test]
fn a_removed_event_card_leaves_the_game_and_the_discard_pile_is_shuffled_into_the_deck() {
    // p. 10 (card example): REMOVE this Event from the game and reshuffle the deck and discard pile.
    let mut t = Table::from_game(&started(2, 72), 72 + 2000);
    t.at_step(EventStep::EventCard);
    t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: "bulkheads_open".into() }]);
    t.at_step(EventStep::EventCard);
    let events = t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: "short_circuit".into() }]);
    assert_eq!(t.s.events.removed, vec![event_id("short_circuit")], "the card is out of the game");
    assert!(t.s.events.discard.is_empty(), "the discard pile went back into the deck");
    assert_eq!(t.s.events.draw.len(), 19, "19 cards: all but the removed one");
    assert!(t.s.events.draw.contains(&event_id("bulkheads_open")), "the discarded card is back in the deck");
    assert!(events.iter().any(|e| matches!(e, Event::DeckReshuffled { .. })), "the deck was reshuffled");
}

#[test]
fn a_shuffled_back_event_card_returns_into_the_deck() {
    // The Malfunction Event card is shuffled back into the Event deck after it is resolved.
    let mut t = Table::from_game(&started(2, 73), 73 + 2000);
    t.at_step(EventStep::EventCard);
    let events = t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: "malfunction".into() }]);
    assert!(t.s.events.draw.contains(&event_id("malfunction")), "the card is back in the deck");
    assert_eq!(t.s.events.draw.len(), 20);
    assert!(t.s.events.discard.is_empty() && t.s.events.removed.is_empty());
    assert!(events.iter().any(|e| matches!(e, Event::DeckReshuffled { .. })));
    assert!(t.s.room(Location(1)).malfunction, "its effect happened: the lowest-numbered explored room, the Cockpit, malfunctions");
}

#[test]
fn an_empty_event_deck_is_reshuffled_from_its_discard_pile() {
    // p. 10: if the Event deck runs out, shuffle the discarded Event cards into a new deck.
    let mut t = Table::from_game(&started(2, 74), 74 + 2000);
    let all: Vec<EventCardId> = t.s.events.draw.drain(..).collect();
    t.s.events.discard = all;
    t.at_step(EventStep::EventCard);
    let events = t.run(Command::ResolveEventCard, vec![]);
    let reshuffled = events.iter().position(|e| matches!(e, Event::DeckReshuffled { .. })).expect("p. 10: the deck is rebuilt");
    let drawn = events.iter().position(|e| matches!(e, Event::EventCardDrawn { .. })).unwrap();
    assert!(reshuffled < drawn, "the reshuffle comes before the draw");
    let total = t.s.events.draw.len() + t.s.events.discard.len() + t.s.events.removed.len();
    assert_eq!(total, 20, "no card is lost");
    assert!(t.s.events.draw.len() >= 18, "the old discard pile is the new deck");
    // With no card anywhere, nothing can be drawn.
    let mut t = Table::from_game(&started(2, 74), 74 + 2000);
    let all: Vec<EventCardId> = t.s.events.draw.drain(..).collect();
    t.s.events.removed = all;
    t.at_step(EventStep::EventCard);
    assert_eq!(t.refused(Command::ResolveEventCard, vec![]).code, Code::Empty);
}

#[test]
fn an_event_card_from_a_physical_deck_must_be_entered() {
    let mut t = Table::from_game(&started_with(physical(2, &[Component::EventDeck]), 76), 76 + 2000);
    t.at_step(EventStep::EventCard);
    assert_eq!(t.refused(Command::ResolveEventCard, vec![]).code, Code::ResultNeeded);
    let err = t.refused(Command::ResolveEventCard, vec![Entered::EventCard { key: "no_such_card".into() }]);
    assert_eq!(err.code, Code::BadResult, "the card must be in the Event deck");
    t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: "nest".into() }]);
    assert_eq!(t.s.events.discard, vec![event_id("nest")]);
}

#[test]
fn evacuation_pod_ejection_event_launches_the_lowest_pod_empty_p10() {
    let (mut s, mut f, _, _) = at_section_a(118);
    let lowest = s.pods.iter().map(|p| p.number).min().unwrap();
    s.pods.iter_mut().find(|p| p.number == lowest).unwrap().occupants.push(Seat(0));
    s.seats[Seat(0)].life = Life::InPod(lowest);
    s.phase = Phase::Event { step: EventStep::EventCard };
    let card = EventCardId(Content::base().data.events.iter().position(|e| e.key == "evacuation_pod_ejection").unwrap() as u8);
    let a = ok(&s, &mut f, Command::ResolveEventCard, vec![Entered::EventCard { key: "evacuation_pod_ejection".into() }]);
    assert_eq!(a.state.pod(lowest).unwrap().state, PodState::Ejected, "the lowest-numbered pod is ejected");
    assert_eq!(a.state.seats[Seat(0)].life, Life::Awake, "with nobody aboard: its occupant stays on the ship");
    assert!(a.state.pods.iter().filter(|p| p.number != lowest).all(|p| p.state == PodState::Docked), "the others stay");
    assert!(a.state.events.removed.contains(&card), "the card is removed from the game");
}

/// Issue 19 (p. 10): every Event card, resolved at the table, reaches the log as the card itself
/// (the screens show its full text from `event_summary.<key>`) and as one line per miniature that
/// moved: which Intruder, from which room, through which numbered corridor, to which room.
#[test]
fn every_event_card_names_the_card_and_each_miniature_it_moves_through_its_corridor() {
    use nemesis_engine::log::{describe, Audience, LogParam};
    let en: std::collections::BTreeMap<String, String> = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui/src/locales/en.json")).unwrap(),
    )
    .unwrap();
    for (n, card) in c().data.events.iter().enumerate() {
        let mut t = Table::new(2, 400 + n as u64);
        // One miniature of each kind the card moves, alone in the Cockpit (room 1): its exits
        // 1 to 4 lead to rooms 3, 3, 2 and 4, so every corridor number leads somewhere.
        let mut movers = Vec::new();
        for kind in &card.moves {
            t.run(Command::PlaceIntruder { kind: *kind, at: Location(1) }, vec![]);
            movers.push(t.s.intruders.last().unwrap().id);
        }
        t.at_step(EventStep::EventCard);
        let events = t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: card.key.clone() }]);
        let said: Vec<_> = events.iter().filter_map(|e| describe(&t.s, e, Audience::Table)).collect();
        let shown = said.iter().find(|l| l.key == "event_card").unwrap_or_else(|| panic!("{}: the card is in the log", card.key));
        let card_term = format!("card.event.{}", card.key);
        assert!(matches!(shown.params.get("card"), Some(LogParam::Term { key, .. }) if *key == card_term), "{}: the line names the card", card.key);
        assert!(en.get(&format!("event_summary.{}", card.key)).is_some_and(|x| !x.is_empty()), "{}: the card's text is in the catalogue", card.key);
        for id in &movers {
            let line = said
                .iter()
                .find(|l| l.key == "intruder_moved_from" && l.params.get("id") == Some(&LogParam::Number { value: id.0 as i32 }))
                .unwrap_or_else(|| panic!("{}: Intruder #{} has its own move line", card.key, id.0));
            assert_eq!(line.params.get("from"), Some(&LogParam::Room { value: 1, form: nemesis_engine::log::RoomForm::From }), "{}: it came from the Cockpit", card.key);
            let through = match line.params.get("corridor") {
                Some(LogParam::List { items }) => items.clone(),
                other => panic!("{}: a corridor number, not {other:?}", card.key),
            };
            assert!(through.contains(&LogParam::Number { value: card.corridor as i32 }), "{}: through corridor {}", card.key, card.corridor);
            assert!(matches!(line.params.get("kind"), Some(LogParam::Term { .. })), "{}: the Intruder's kind is a named term", card.key);
            // The rooms travel as rooms by number; every screen names them as on the map (issues 18, 30).
            assert!(matches!(line.params.get("room"), Some(LogParam::Room { .. })), "{}: the room it reached", card.key);
        }
    }
}

#[test]
fn coolant_leak_starts_the_self_destruct_even_while_someone_hibernates() {
    // Coolant Leak (card reference #8, graded A; the card's own text, and R p. 10 uses it as the
    // example): a Malfunction on the Generator starts the Self-Destruct sequence. Unlike the
    // Generator's Room Action (p. 24), the card does so even while a character hibernates.
    let mut t = Table::new(3, 31);
    let generator = explored_room_of(&mut t.s, "generator");
    t.s.room_mut(generator).malfunction = true;
    t.s.seats[Seat(2)].life = Life::Hibernating;
    assert!(t.s.self_destruct.is_none());
    t.at_step(EventStep::EventCard);
    let events = t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: "coolant_leak".into() }]);
    assert!(events.iter().any(|e| matches!(e, Event::SelfDestructStarted)), "the leak starts the sequence with a sleeper aboard");
    assert!(t.s.self_destruct.is_some());
}

#[test]
fn coolant_leak_does_nothing_while_the_generator_works() {
    // The same card: without a Malfunction on the Generator nothing starts.
    let mut t = Table::new(3, 32);
    let generator = explored_room_of(&mut t.s, "generator");
    assert!(!t.s.room(generator).malfunction);
    t.at_step(EventStep::EventCard);
    let events = t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: "coolant_leak".into() }]);
    assert!(!events.iter().any(|e| matches!(e, Event::SelfDestructStarted)));
    assert!(t.s.self_destruct.is_none());
}

// ---------------------------------------------------------------- each Event card, resolved or instructed (issue 31)

/// Resolves the Event card `key` on the table's state and checks its outcome's hand lines; returns
/// the events and the lines' keys.
fn resolve(t: &mut Table, key: &str) -> (Vec<Event>, Vec<String>) {
    t.at_step(EventStep::EventCard);
    // The card is on top of the deck, whichever pile an earlier draw left it in.
    let id = event_id(key);
    t.s.events.discard.retain(|x| *x != id);
    t.s.events.removed.retain(|x| *x != id);
    t.s.events.draw.retain(|x| *x != id);
    t.s.events.draw.push(id);
    let before = t.s.clone();
    let events = t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: key.into() }]);
    let keys = assert_hand_lines(&english(), &before, &events, key);
    (events, keys)
}

fn neighbours(at: Location) -> Vec<(Location, CorridorId)> {
    c().board.neighbours(at)
}

fn room_colour(s: &State, at: Location) -> Option<nemesis_engine::content::RoomColour> {
    s.room(at).tile.map(|t| c().tile(t).colour)
}

#[test]
fn damaging_fire_breaks_each_burning_room_and_spreads_fire_but_not_through_a_closed_door_card_1() {
    // The card (card reference §2 #1; p. 17 for the markers): a Malfunction in each burning room,
    // then Fire in every neighbouring room, except across a closed door.
    let mut t = Table::new(2, 501);
    let (burning, shut) = (Location(6), neighbours(Location(6))[0]);
    t.s.room_mut(burning).fire = true;
    t.s.board.doors[shut.1 .0 as usize] = DoorState::Closed;
    let (_, keys) = resolve(&mut t, "damaging_fire");
    assert!(t.s.room(burning).malfunction, "the burning room gets a Malfunction");
    for (n, corridor) in neighbours(burning) {
        assert_eq!(t.s.room(n).fire, corridor != shut.1, "room {}: Fire spreads except through the closed door", n.0);
    }
    assert!(keys.contains(&"fire_placed".to_string()) && keys.contains(&"malfunction_placed".to_string()));
}

#[test]
fn a_damaging_fire_that_needs_a_ninth_marker_ends_the_game_without_warning_of_the_last_marker_p17() {
    // p. 17: a ninth Fire marker needed and the ship is destroyed. Six rooms burn; the card
    // spreads Fire to their neighbours, passing the seventh and eighth markers on its way to the
    // ninth: the warnings of those two (issue 33) would speak of a game that has just ended.
    let mut t = Table::new(2, 505);
    let rooms: Vec<Location> = c().board.locations().filter(|l| t.s.room(*l).tile.is_some()).take(6).collect();
    for at in &rooms {
        t.s.room_mut(*at).fire = true;
    }
    let (events, keys) = resolve(&mut t, "damaging_fire");
    assert!(t.s.is_over(), "the ninth Fire marker ends the game: {keys:?}");
    assert!(keys.contains(&"game_ended_fire".to_string()), "{keys:?}");
    let moments = nemesis_engine::moments::of_step(&events, &t.s);
    assert!(!moments.iter().any(|m| matches!(m, nemesis_engine::Moment::Fire7 | nemesis_engine::Moment::Fire8)), "no warning of the last Fire marker once the ship has burned: {moments:?}");
}

#[test]
fn regeneration_takes_two_injuries_off_every_intruder_card_2() {
    let mut t = Table::new(2, 502);
    t.run(Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(3) }, vec![]);
    t.run(Command::PlaceIntruder { kind: IntruderKind::Creeper, at: Location(4) }, vec![]);
    t.s.intruders[0].injuries = 3;
    t.s.intruders[1].injuries = 1;
    let (_, keys) = resolve(&mut t, "regeneration");
    assert_eq!(t.s.intruders.iter().map(|i| i.injuries).collect::<Vec<_>>(), vec![1, 0], "2 Injuries off each, never below none");
    assert!(keys.contains(&"intruder_healed".to_string()));
}

#[test]
fn scent_of_prey_puts_noise_in_every_corridor_of_a_slimed_characters_room_card_3() {
    let mut t = Table::new(2, 503);
    let at = t.s.seats[Seat(0)].location;
    t.s.seats[Seat(0)].slime = true;
    let (_, keys) = resolve(&mut t, "scent_of_prey");
    for corridor in c().board.corridors_of(at) {
        assert!(t.s.board.noise[corridor.0 as usize], "corridor {} of the slimed character's room has Noise", corridor.0);
    }
    assert!(keys.contains(&"noise_placed".to_string()));
}

#[test]
fn flammable_compounds_sets_the_hibernatorium_on_fire_or_spreads_from_it_card_4() {
    let mut t = Table::new(2, 504);
    let hib = Location(11);
    resolve(&mut t, "flammable_compounds");
    assert!(t.s.room(hib).fire, "the Hibernatorium catches fire");
    assert!(neighbours(hib).iter().all(|(n, _)| !t.s.room(*n).fire), "its neighbours do not, yet");
    let (_, keys) = resolve(&mut t, "flammable_compounds");
    assert!(neighbours(hib).iter().all(|(n, _)| t.s.room(*n).fire), "already burning: every neighbour catches fire");
    assert!(keys.contains(&"fire_placed".to_string()));
}

#[test]
fn bulkheads_open_opens_every_closed_door_and_leaves_destroyed_ones_card_5() {
    let mut t = Table::new(2, 505);
    t.s.board.doors[0] = DoorState::Closed;
    t.s.board.doors[1] = DoorState::Destroyed;
    let (_, keys) = resolve(&mut t, "bulkheads_open");
    assert_eq!((t.s.board.doors[0], t.s.board.doors[1]), (DoorState::Open, DoorState::Destroyed));
    assert!(keys.contains(&"door_changed".to_string()));
}

#[test]
fn hunt_moves_an_adult_into_the_lowest_neighbouring_room_with_a_character_cards_6_and_10() {
    for key in ["hunt_2", "hunt_3"] {
        let mut t = Table::new(2, 506);
        let (prey, _) = neighbours(Location(6))[0];
        t.place(Seat(0), prey.0);
        t.place(Seat(1), 1);
        t.run(Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(6) }, vec![]);
        let (_, keys) = resolve(&mut t, key);
        assert_eq!(t.s.intruders[0].at, prey, "{key}: the Adult steps into the character's room");
        assert!(keys.contains(&"intruder_moved_from".to_string()), "{key}: {keys:?}");
    }
}

#[test]
fn eclosion_kills_larva_carriers_and_tells_everyone_else_to_draw_four_and_scan_card_7() {
    // The card (card reference §2 #7): a character with a Larva dies and a Creeper appears there;
    // every other character draws 4 cards, scans the Contamination among them (one INFECTED gives a
    // Larva, p. 20) and discards the 4. The table holds the Action decks: the outcome tells each
    // player to draw, and the one holding Contamination cards scans them on their own device.
    let mut t = Table::new(3, 507);
    t.s.seats[Seat(0)].larva = true;
    let at = t.s.seats[Seat(0)].location;
    let held = t.contaminate(Seat(1), &[true, false]);
    let (events, keys) = resolve(&mut t, "eclosion");
    assert_eq!(t.s.seats[Seat(0)].life, Life::Dead, "the Larva carrier dies");
    assert!(t.s.intruders.iter().any(|i| i.kind == IntruderKind::Creeper && i.at == at), "a Creeper bursts out where they were");
    assert!(events.contains(&Event::EclosionDraw { seat: Seat(1), holds: 2 }), "Seat 1 draws 4 and scans its 2 Contamination cards");
    assert!(events.contains(&Event::EclosionDraw { seat: Seat(2), holds: 0 }), "Seat 2 only draws and discards");
    assert!(!events.iter().any(|e| matches!(e, Event::EclosionDraw { seat: Seat(0), .. })), "the dead draw nothing");
    assert!(keys.contains(&"eclosion_draw".to_string()) && keys.contains(&"eclosion_draw_none".to_string()));
    // Seat 1 drew the INFECTED card: scanning it, as the line says, places the Larva.
    t.scan(Seat(1), &held[..1], ScanProcedure::Look);
    assert!(t.s.seats[Seat(1)].larva, "an INFECTED card among the 4 gives a Larva (p. 20)");
}

#[test]
fn eclosion_asks_each_player_who_owns_contamination_cards_for_the_scan_on_their_phone_card_7() {
    // Card reference §2 #7 and p. 20: only the player sees the 4 cards drawn, so the scan is asked
    // of their phone (public: the card was read out) until they answer; none drawn is an answer.
    let mut t = Table::new(3, 517);
    t.contaminate(Seat(1), &[false]);
    resolve(&mut t, "eclosion");
    let held = t.s.seats[Seat(1)].contamination.clone();
    assert!(t.s.seats[Seat(1)].eclosion_scan_due, "asked of the player who owns a Contamination card");
    assert!(!t.s.seats[Seat(2)].eclosion_scan_due, "nothing to scan, nothing asked");
    assert!(t.s.public_view().seats[1].eclosion_scan_due, "the phone sees its question");
    t.scan(Seat(1), &[], ScanProcedure::Look);
    assert!(!t.s.seats[Seat(1)].eclosion_scan_due, "no Contamination card among the 4: answered, nothing scanned");
    assert_eq!(t.s.seats[Seat(1)].contamination, held, "nothing removed by a Look");
    assert_eq!(t.refused(Command::ScanContamination { seat: Seat(1), cards: vec![], procedure: ScanProcedure::Look, scanned: 0 }, vec![]).key, "choose_at_least_one_contamination_card_to_scan", "once answered, an empty Look is no answer");
}

#[test]
fn the_bag_is_not_developed_while_a_players_eclosion_scan_is_due_p10_card_7() {
    // p. 10: step 7 resolves the Event card, step 8 develops the bag. Eclosion (card reference
    // §2 #7) is resolved only once each player who drew its 4 cards scanned the Contamination
    // cards among them, so the bag waits: refused, naming the player by seat, changing nothing.
    use nemesis_engine::offers::next_steps;
    use nemesis_engine::words::LogParam;
    let mut t = Table::new(3, 520);
    t.contaminate(Seat(1), &[false]);
    resolve(&mut t, "eclosion");
    assert!(t.s.seats[Seat(1)].eclosion_scan_due);
    let before = t.s.clone();
    let err = t.refused(Command::DevelopBag, vec![]);
    assert_eq!((err.code, err.key.as_str()), (Code::WrongPhase, "the_event_card_waits_for_player_s_eclosion_scan"));
    assert!(matches!(err.params.get("player"), Some(LogParam::Seat { seat: 1, .. })), "the player named by seat: {:?}", err.params);
    assert_eq!(t.s, before, "a refusal changes nothing");
    assert!(next_steps(&t.s).is_empty(), "no step is offered while the scan waits");
    t.scan(Seat(1), &[], ScanProcedure::Look);
    assert_eq!(next_steps(&t.s).first().map(|n| n.command), Some(nemesis_engine::catalogue::CommandType::DevelopBag), "answered: the bag's step comes");
    t.run(Command::DevelopBag, vec![Entered::Token { token: TokenKind::Larva, back: None }]);
}

#[test]
fn eclosions_answer_counts_at_most_the_4_cards_drawn_card_7() {
    // Card reference §2 #7: the player draws 4 cards and scans the Contamination cards among
    // them, so an answer of 5 is refused and changes nothing, however many the seat holds.
    let mut t = Table::new(3, 518);
    t.contaminate(Seat(1), &[false, false, false]);
    t.contaminate(Seat(1), &[false, false]);
    resolve(&mut t, "eclosion");
    let err = t.refused(Command::ScanContamination { seat: Seat(1), cards: vec![], procedure: ScanProcedure::Look, scanned: 5 }, vec![]);
    assert_eq!((err.code, err.key.as_str()), (Code::NotAllowed, "at_most_4_cards_are_drawn_to_look_at"));
    t.run(Command::ScanContamination { seat: Seat(1), cards: vec![], procedure: ScanProcedure::Look, scanned: 4 }, vec![]);
    assert!(!t.s.seats[Seat(1)].eclosion_scan_due, "4 is an answer");
}

#[test]
fn the_eclosion_answer_leaves_a_rest_scan_still_asked_p20_p25() {
    // p. 20: each scan scans the cards it names; p. 25's rooms and the Rest card scan those in the
    // hand, Eclosion those among the 4 drawn. Two questions, two answers: the Eclosion's, even
    // naming no card, does not answer the Rest card still waiting on the same phone.
    let mut t = Table::new(3, 519);
    t.contaminate(Seat(1), &[false, false]);
    t.s.seats[Seat(1)].hand_scan_due = true;
    resolve(&mut t, "eclosion");
    assert!(t.s.seats[Seat(1)].eclosion_scan_due && t.s.seats[Seat(1)].hand_scan_due, "both asked");
    let events = t.scan(Seat(1), &[], ScanProcedure::Look);
    assert!(events.contains(&Event::ScanAnswered { seat: Seat(1), question: ScanQuestion::Eclosion }), "{events:?}");
    assert!(!t.s.seats[Seat(1)].eclosion_scan_due, "Eclosion's answered");
    assert!(t.s.seats[Seat(1)].hand_scan_due, "the Rest card's question is still asked");
    let held = t.s.seats[Seat(1)].contamination.clone();
    t.scan(Seat(1), &held[..1], ScanProcedure::Rest);
    assert!(!t.s.seats[Seat(1)].hand_scan_due, "then answered on its own");
    // A save written before: its one answer closed both, and it still loads that way.
    let mut old = t.s.clone();
    old.seats[Seat(1)].hand_scan_due = true;
    old.seats[Seat(1)].eclosion_scan_due = true;
    old.fold(&Event::HandScanDue { seat: Seat(1), due: false });
    assert!(!old.seats[Seat(1)].hand_scan_due && !old.seats[Seat(1)].eclosion_scan_due);
}

#[test]
fn nest_puts_noise_in_each_corridor_of_the_explored_nest_card_9() {
    let mut t = Table::new(2, 509);
    let nest = explored_room_of(&mut t.s, "nest");
    let (_, keys) = resolve(&mut t, "nest");
    assert!(c().board.corridors_of(nest).iter().all(|x| t.s.board.noise[x.0 as usize]), "Noise in every corridor of the Nest");
    assert!(keys.contains(&"noise_placed".to_string()));
}

#[test]
fn an_event_card_that_finds_nothing_to_change_says_so_card_9() {
    // The Nest card with the Nest still face down and no Intruder on the board changes nothing:
    // the outcome says so instead of "Nest is resolved" alone (issue 31).
    let mut t = Table::new(2, 510);
    t.s.board.rooms.iter_mut().filter(|r| r.tile.is_some_and(|x| c().tile(x).key == "nest")).for_each(|r| r.explored = false);
    let (events, keys) = resolve(&mut t, "nest");
    assert!(events.contains(&Event::EventCardIdle { card: event_id("nest") }));
    assert!(keys.contains(&"event_idle".to_string()));
}

#[test]
fn short_circuit_and_life_support_failure_break_only_explored_rooms_of_their_colour_cards_11_and_19() {
    // The card texts as decided (rules-deviations 22, graded B): explored rooms only.
    use nemesis_engine::content::RoomColour;
    for (key, colour, computer) in [("short_circuit", RoomColour::Yellow, true), ("life_support_failure", RoomColour::Green, false)] {
        let mut t = Table::new(2, 511);
        let all: Vec<Location> = c().board.locations().collect();
        for (n, at) in all.iter().enumerate() {
            if n % 2 == 0 {
                t.s.room_mut(*at).explored = true;
            }
        }
        let (_, _) = resolve(&mut t, key);
        for at in all {
            let tile = t.s.room(at).tile.map(|x| c().tile(x));
            let hit = t.s.room(at).explored
                && room_colour(&t.s, at) == Some(colour)
                && (!computer || tile.is_some_and(|x| x.computer))
                && !tile.is_some_and(|x| matches!(x.key.as_str(), "nest" | "room_covered_with_slime"));
            assert_eq!(t.s.room(at).malfunction, hit, "{key}: room {}", at.0);
        }
    }
}

#[test]
fn egg_protection_gives_an_encounter_to_a_character_in_the_nest_card_13() {
    let mut t = Table::new(2, 513);
    let nest = explored_room_of(&mut t.s, "nest");
    t.place(Seat(0), nest.0);
    let (events, keys) = resolve(&mut t, "egg_protection");
    assert!(events.iter().any(|e| matches!(e, Event::EncounterBegan { seat: Seat(0), .. })), "an Encounter in the Nest");
    assert!(keys.contains(&"encounter".to_string()));
}

#[test]
fn consuming_fire_empties_the_items_of_burning_rooms_then_spreads_card_14() {
    let mut t = Table::new(2, 514);
    let burning = Location(6);
    t.s.room_mut(burning).fire = true;
    t.s.room_mut(burning).items = Some(2);
    let (_, keys) = resolve(&mut t, "consuming_fire");
    assert_eq!(t.s.room(burning).items, Some(0), "its Item Counter drops to 0");
    assert!(neighbours(burning).iter().all(|(n, _)| t.s.room(*n).fire), "and Fire spreads");
    assert!(keys.contains(&"items_set".to_string()));
}

#[test]
fn malfunction_breaks_the_lowest_explored_room_card_15() {
    let mut t = Table::new(2, 515);
    let lowest = c().board.locations().filter(|l| t.s.room(*l).explored).min().unwrap();
    let (_, keys) = resolve(&mut t, "malfunction");
    assert!(t.s.room(lowest).malfunction, "room {} gets the Malfunction", lowest.0);
    assert!(keys.contains(&"malfunction_placed".to_string()));
}

#[test]
fn hatching_infests_a_character_in_the_nest_with_an_empty_hand_or_adds_a_larva_to_the_bag_card_18() {
    let mut t = Table::new(2, 518);
    let nest = explored_room_of(&mut t.s, "nest");
    t.s.nest_eggs = 3;
    t.place(Seat(0), nest.0);
    t.s.seats[Seat(0)].hand = 0;
    let (_, keys) = resolve(&mut t, "hatching");
    assert_eq!(t.s.nest_eggs, 2, "one Egg leaves the Intruder board");
    assert!(t.s.seats[Seat(0)].larva && t.s.seats[Seat(0)].contamination.len() == 1, "a Larva and a Contamination card");
    assert!(keys.contains(&"larva_on".to_string()) && keys.contains(&"nest_eggs_destroyed".to_string()));
    let larvae = in_bag(&t.s, TokenKind::Larva);
    t.place(Seat(0), 1);
    let (_, keys) = resolve(&mut t, "hatching");
    assert_eq!(in_bag(&t.s, TokenKind::Larva), larvae + 1, "nobody infested: a Larva token goes into the bag");
    assert!(keys.contains(&"token_added".to_string()));
}

#[test]
fn noise_in_technical_corridors_marks_them_then_makes_characters_by_an_entrance_roll_card_20() {
    let mut t = Table::new(2, 520);
    let (_, keys) = resolve(&mut t, "noise_in_technical_corridors");
    assert!(t.s.board.technical_noise, "the first card marks the Technical Corridors");
    assert!(keys.contains(&"noise_placed_technical".to_string()));
    let by_entrance = c().board.locations().find(|l| c().board.has_technical_entrance(*l)).unwrap();
    t.place(Seat(0), by_entrance.0);
    t.place(Seat(1), by_entrance.0);
    let (events, _) = resolve(&mut t, "noise_in_technical_corridors");
    assert_eq!(events.iter().filter(|e| matches!(e, Event::NoiseRolled { .. })).count(), 2, "each character there rolls for Noise");
}

#[test]
fn the_cards_already_tested_above_also_say_what_the_table_does() {
    // Coolant Leak, Damage, Lurking and Evacuation Pod Ejection have their own tests above; here
    // their outcomes' hand lines.
    let mut t = Table::new(2, 521);
    let generator = explored_room_of(&mut t.s, "generator");
    t.s.room_mut(generator).malfunction = true;
    assert!(resolve(&mut t, "coolant_leak").1.contains(&"self_destruct_started".to_string()));
    t.run(Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(3) }, vec![]);
    assert!(resolve(&mut t, "damage").1.contains(&"malfunction_placed".to_string()));
    assert!(resolve(&mut t, "lurking").1.iter().any(|k| k == "intruder_left" || k == "event_idle"));
    assert!(resolve(&mut t, "evacuation_pod_ejection").1.contains(&"pod_ejected".to_string()));
}

#[test]
fn noise_in_technical_corridors_already_marked_says_who_rolls_even_when_nobody_does_card_20() {
    // The card (cards.md #20): with Noise already there, every character by an entrance rolls. With
    // nobody by one it changed nothing, and the outcome read as resolved in silence (issue 31).
    let mut t = Table::new(2, 522);
    t.s.board.technical_noise = true;
    let away: Vec<Location> = c().board.locations().filter(|l| !c().board.has_technical_entrance(*l)).collect();
    t.place(Seat(0), away[0].0);
    t.place(Seat(1), away[0].0);
    let (events, keys) = resolve(&mut t, "noise_in_technical_corridors");
    assert!(events.contains(&Event::TechnicalNoiseRolls { seats: vec![] }), "{events:?}");
    assert!(keys.contains(&"technical_noise_nobody".to_string()), "{keys:?}");
    let by_entrance = c().board.locations().find(|l| c().board.has_technical_entrance(*l)).unwrap();
    t.place(Seat(1), by_entrance.0);
    let (_, keys) = resolve(&mut t, "noise_in_technical_corridors");
    let at = keys.iter().position(|k| k == "technical_noise_rolls").expect("who rolls is said");
    assert!(keys[at..].iter().any(|k| k.starts_with("noise_rolled")), "the roll follows: {keys:?}");
}
