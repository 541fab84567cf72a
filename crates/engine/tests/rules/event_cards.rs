//! The Event deck and the Event cards' effects (p. 10): intruders moving through the card's
//! corridor, Lurking, Evacuation, and the deck's discard, removal and reshuffle.

use crate::common::*;

use nemesis_engine::Code;
use nemesis_engine::command::{Command, Entered};
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
            assert_eq!(line.params.get("from"), Some(&LogParam::Room { value: 1 }), "{}: it came from the Cockpit", card.key);
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
