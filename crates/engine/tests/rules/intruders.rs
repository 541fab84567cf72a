//! Intruders on the board: the 9th Adult and the retreat into the bag (p. 15), moving through
//! numbered and Technical Corridors (pp. 10, 16), and Doors (p. 17).

use crate::common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::{Content, Exit};
use nemesis_engine::event::Event;
use nemesis_engine::ids::*;
use nemesis_engine::rules::apply;
use nemesis_engine::state::{EventStep, Phase, TokenPlace};
use nemesis_engine::{Actor, Code, Fate};

fn corridor_numbered(at: Location, n: u8) -> CorridorId {
    match Content::base().board.exit(at, n) {
        Exit::Corridor(c) => c,
        Exit::Technical => panic!("test needs a room corridor"),
    }
}

#[test]
fn an_intruder_entering_a_technical_corridor_returns_its_token_to_the_bag() {
    // p. 16: it disappears in the ducts: its token goes back in the bag, its miniature leaves.
    // Room 2's exit 1 is a Technical Corridors entrance; exit 3 leads to the Cockpit.
    let mut t = Table::new(2, 19);
    t.place(Seat(0), 2);
    let id = t.encounter(Seat(0), TokenKind::Adult, Some(2));
    let token = t.s.intruder(id).unwrap().token.unwrap();
    t.run(Command::InjureIntruder { id, injuries: 1 }, vec![Entered::AttackCard { key: "bite".into(), blood: Some(nemesis_engine::content::Blood::Endurance(6)) }]);
    assert_eq!(t.s.intruder(id).unwrap().injuries, 1);
    let bag = t.s.bag().len();
    t.run(Command::MoveIntruder { id, corridor: 3 }, vec![]);
    assert_eq!(t.s.intruder(id).unwrap().at, Location(1), "through an ordinary corridor it just moves");
    assert_eq!(t.s.tokens[token.0 as usize], TokenPlace::OnBoard(id), "and keeps its token aside");
    t.run(Command::MoveIntruder { id, corridor: 4 }, vec![]); // Cockpit exit 4 -> room 4
    t.run(Command::MoveIntruder { id, corridor: 2 }, vec![]); // room 4 exit 2 is technical
    assert!(t.s.intruder(id).is_none(), "p. 16: the miniature leaves the board (its Injuries with it)");
    assert_eq!(t.s.tokens[token.0 as usize], TokenPlace::Bag, "p. 16: its token goes back in the bag");
    assert_eq!(t.s.bag().len(), bag + 1);
}

#[test]
fn event_card_movement_into_a_technical_corridor_returns_the_token_to_the_bag() {
    // p. 10 step 7: "If the number indicates a Technical Corridor, remove that Intruder miniature
    // from the board and put its corresponding Intruder token in the Intruder bag."
    let mut t = Table::new(2, 20);
    t.place(Seat(0), 2);
    let id = t.encounter(Seat(0), TokenKind::Adult, None);
    let token = t.s.intruder(id).unwrap().token.unwrap();
    t.place(Seat(0), 11); // the Adult is no longer in Combat
    t.at_step(EventStep::EventCard);
    // Damaging Fire moves Creepers and Adults through corridor 1: room 2's exit 1 is technical.
    t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: "damaging_fire".into() }]);
    assert!(t.s.intruder(id).is_none(), "p. 10: the Adult leaves the board");
    assert_eq!(t.s.tokens[token.0 as usize], TokenPlace::Bag, "p. 10: its token is back in the bag");
}

#[test]
fn a_ninth_adult_makes_the_adults_not_in_combat_retreat_into_the_bag() {
    // p. 15: all 8 Adult miniatures on board and another must be placed: remove every Adult not
    // in Combat, their tokens back in the bag; then place the Adult where the Encounter occurred.
    let mut t = Table::new(2, 23);
    for tok in tokens_of(TokenKind::Adult) {
        t.s.tokens[tok.0 as usize] = TokenPlace::Bag;
    }
    let mut adults = Vec::new();
    for room in 1..=8u8 {
        t.place(Seat(0), room);
        adults.push(t.encounter(Seat(0), TokenKind::Adult, None));
    }
    t.place(Seat(0), 1);
    t.place(Seat(1), 2);
    let leaving: Vec<TokenId> = adults[2..].iter().map(|id| t.s.intruder(*id).unwrap().token.unwrap()).collect();
    assert_eq!(in_bag(&t.s, TokenKind::Adult), 4);
    let events = t.run(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Adult, back: None }]);
    let left: Vec<IntruderId> = events
        .iter()
        .filter_map(|e| match e {
            Event::IntruderLeftBoard { id } => Some(*id),
            _ => None,
        })
        .collect();
    assert_eq!(left, adults[2..].to_vec(), "p. 15: the six Adults not in Combat retreat");
    for tok in &leaving {
        assert_eq!(t.s.tokens[tok.0 as usize], TokenPlace::Bag, "p. 15: their tokens go back in the bag");
    }
    let on_board: Vec<Location> = t.s.intruders.iter().map(|i| i.at).collect();
    assert_eq!(on_board, vec![Location(1), Location(2), Location(1)], "p. 15: the new Adult is placed in the Encounter room");
    assert_eq!(in_bag(&t.s, TokenKind::Adult), 4 - 1 + 6);
    assert_each_token_in_one_place(&t.s, "after the Adults retreat");
}

#[test]
fn with_all_eight_adults_in_combat_a_ninth_adult_cannot_appear_and_its_token_returns() {
    // p. 15: only Adults not in Combat retreat; with all 8 fighting no miniature is free, so the
    // drawn token goes back in the bag (the engine's reading of a case the manual leaves open).
    let mut t = Table::new(2, 24);
    for tok in tokens_of(TokenKind::Adult) {
        t.s.tokens[tok.0 as usize] = TokenPlace::Bag;
    }
    for _ in 0..8 {
        t.encounter(Seat(0), TokenKind::Adult, None);
    }
    let bag = t.s.bag().len();
    let events = t.run(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Adult, back: None }]);
    assert_eq!(t.s.intruders.len(), 8, "there are only 8 Adult miniatures (p. 2)");
    assert!(!events.iter().any(|e| matches!(e, Event::IntruderLeftBoard { .. })), "p. 15: Adults in Combat never retreat");
    assert!(events.iter().any(|e| matches!(e, Event::TokenReturned { token } if kind(*token) == TokenKind::Adult)));
    assert_eq!(t.s.bag().len(), bag, "the drawn token is back in the bag");
}

#[test]
fn intruders_leaving_one_room_through_a_closed_door_all_stay_and_destroy_it_once_p17() {
    // Room 6's exit 1 leads to room 7. Two Adults in room 6, door closed, an Event moving Adults through 1.
    let g = started(2, 4);
    let mut s = state(&g).clone();
    let c = corridor_numbered(Location(6), 1);
    s.board.doors[c.0 as usize] = DoorState::Closed;
    s.seats[Seat(0)].location = Location(1);
    s.seats[Seat(1)].location = Location(1);
    let s = ok(&s, &mut Fate::seeded(3), Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(6) }, vec![]).state;
    let s = ok(&s, &mut Fate::seeded(3), Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(6) }, vec![]).state;
    let ids: Vec<IntruderId> = s.intruders.iter().map(|i| i.id).collect();
    let mut s = s;
    for id in &ids {
        let id = *id;
        s = ok(&s, &mut Fate::seeded(3), Command::MoveIntruder { id, corridor: 1 }, vec![]).state;
        if id == ids[0] {
            assert_eq!(s.board.doors[c.0 as usize], DoorState::Destroyed, "the first destroys the door");
        }
    }
    // Moved one by one (two commands), the second walks through; moved as a group by an Event, both stay.
    let mut s2 = state(&g).clone();
    s2.board.doors[c.0 as usize] = DoorState::Closed;
    s2.seats[Seat(0)].location = Location(1);
    s2.seats[Seat(1)].location = Location(1);
    let s2 = ok(&s2, &mut Fate::seeded(3), Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(6) }, vec![]).state;
    let mut s2 = ok(&s2, &mut Fate::seeded(3), Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(6) }, vec![]).state;
    s2.phase = Phase::Event { step: EventStep::EventCard };
    // Damaging Fire moves Creepers and Adults through corridor 1.
    let a = ok(&s2, &mut Fate::seeded(3), Command::ResolveEventCard, vec![Entered::EventCard { key: "damaging_fire".into() }]);
    assert!(a.state.intruders.iter().all(|i| i.at == Location(6)), "both Adults stay in room 6 (p. 17)");
    assert_eq!(a.state.board.doors[c.0 as usize], DoorState::Destroyed, "the door is destroyed");
}

#[test]
fn an_event_moves_each_intruder_once_even_into_a_higher_numbered_room_p10() {
    // Room 5's exit 1 leads to room 10, whose exit 1 leads back to 5: a single move each.
    let g = started(2, 6);
    let mut s = state(&g).clone();
    s.seats[Seat(0)].location = Location(1);
    s.seats[Seat(1)].location = Location(1);
    let s = ok(&s, &mut Fate::seeded(3), Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(5) }, vec![]).state;
    let mut s = ok(&s, &mut Fate::seeded(3), Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(10) }, vec![]).state;
    s.phase = Phase::Event { step: EventStep::EventCard };
    let a = ok(&s, &mut Fate::seeded(3), Command::ResolveEventCard, vec![Entered::EventCard { key: "damaging_fire".into() }]);
    let mut at: Vec<u8> = a.state.intruders.iter().map(|i| i.at.0).collect();
    at.sort();
    assert_eq!(at, vec![5, 10], "they swap rooms: each moved exactly once");
}

#[test]
fn a_destroyed_door_is_never_closed_again_even_by_the_doors_token_p17() {
    let g = started(2, 8);
    let mut s = state(&g).clone();
    let c = corridor_numbered(Location(11), 2); // Hibernatorium exit 2 -> room 6
    s.board.doors[c.0 as usize] = DoorState::Destroyed;
    let refused = apply(Some(&s), &mut Fate::seeded(1), Actor::Table, &Command::SetDoor { corridor: c, state: DoorState::Closed }, &[]).unwrap_err();
    assert_eq!(refused.code, Code::NotAllowed);
    // Exploring room 6 with a Doors token puts no door on the destroyed corridor.
    let doors = Content::base().data.exploration_tokens.iter().position(|t| t.effect == nemesis_engine::content::ExplorationEffect::Doors).unwrap();
    s.room_mut(Location(6)).token = Some(ExplorationId(doors as u8));
    let a = ok(&s, &mut Fate::seeded(3), Command::MoveCharacter { seat: Seat(0), to: Location(6), careful_noise: None }, vec![Entered::Noise { face: NoiseFace::Silence }]);
    assert!(a.events.iter().any(|e| matches!(e, nemesis_engine::Event::RoomExplored { .. })), "room 6 was explored");
    assert_eq!(a.state.board.doors[c.0 as usize], DoorState::Destroyed);
}

#[test]
fn with_the_way_of_moving_known_a_hunting_adult_cannot_break_a_closed_door_p22() {
    // Adult in room 7, a character in room 6 (room 7's exit 1), the door between them closed.
    let g = started(2, 18);
    let mut s = state(&g).clone();
    let c = Content::base();
    let w = c.data.weaknesses.iter().position(|w| w.key == "the_way_of_moving").unwrap();
    let corridor = corridor_numbered(Location(7), 1);
    s.board.doors[corridor.0 as usize] = DoorState::Closed;
    s.seats[Seat(0)].location = Location(6);
    s.seats[Seat(1)].location = Location(1);
    let mut s = ok(&s, &mut Fate::seeded(3), Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(7) }, vec![]).state;
    s.phase = Phase::Event { step: EventStep::EventCard };
    let hunt = [Entered::EventCard { key: "hunt_2".into() }];
    let without = ok(&s, &mut Fate::seeded(3), Command::ResolveEventCard, hunt.to_vec());
    assert_eq!(without.state.board.doors[corridor.0 as usize], DoorState::Destroyed, "normally the Adult breaks the door");
    s.weaknesses[0].revealed = Some(WeaknessId(w as u8));
    let with = ok(&s, &mut Fate::seeded(3), Command::ResolveEventCard, hunt.to_vec());
    assert_eq!(with.state.board.doors[corridor.0 as usize], DoorState::Closed, "only Queens and Breeders break doors now");
}

#[test]
fn a_door_already_in_the_state_asked_for_is_refused_naming_that_state_p17() {
    let g = started(2, 9);
    let mut s = state(&g).clone();
    let c = corridor_numbered(Location(11), 2);
    s.board.doors[c.0 as usize] = DoorState::Closed;
    let refused = apply(Some(&s), &mut Fate::seeded(1), Actor::Table, &Command::SetDoor { corridor: c, state: DoorState::Closed }, &[]).unwrap_err();
    assert_eq!(refused.code, Code::NotAllowed);
    assert_eq!(refused.reason, "That door is already closed.", "the refusal says what the door already is");
    assert_eq!(refused.params.get("state").map(|p| p.english()), Some("closed".to_string()));
}

#[test]
fn an_intruder_placed_without_a_token_gives_one_of_its_kind_to_the_bag_when_it_leaves() {
    // p. 10 step 7 and p. 16: an Intruder that enters the Technical Corridors puts its
    // *corresponding* token into the bag. A Breeder placed by an effect came with no token of its
    // own, so one of its kind goes from the supply into the bag (rules-deviations 14, audit E18).
    let mut t = Table::new(2, 23);
    t.run(Command::PlaceIntruder { kind: IntruderKind::Breeder, at: Location(21) }, vec![]);
    let id = t.s.intruders.last().unwrap().id;
    assert_eq!(t.s.intruder(id).unwrap().token, None, "placed by an effect: no token drawn for it");
    let breeders_in = |t: &Table, place: TokenPlace| t.s.tokens_in(place).into_iter().filter(|k| t.s.content().token(*k).kind == TokenKind::Breeder).count();
    let (bag, supply) = (breeders_in(&t, TokenPlace::Bag), breeders_in(&t, TokenPlace::Supply));
    assert!(supply > 0, "the supply holds Breeder tokens at the start (p. 6)");
    t.at_step(EventStep::EventCard);
    t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: "lurking".into() }]);
    assert!(t.s.intruder(id).is_none(), "Lurking: the Breeder leaves the board");
    assert_eq!(breeders_in(&t, TokenPlace::Bag), bag + 1, "a Breeder token goes into the bag");
    assert_eq!(breeders_in(&t, TokenPlace::Supply), supply - 1, "taken from the supply");
    assert_each_token_in_one_place(&t.s, "after the tokenless Breeder left");
}

#[test]
fn a_tokenless_intruder_leaving_with_none_of_its_kind_in_the_supply_adds_nothing() {
    // p. 10: tokens come from the supply; with none of that kind left, nothing goes into the bag.
    let mut t = Table::new(2, 24);
    let queens_in_supply = t.s.tokens_in(TokenPlace::Supply).into_iter().filter(|k| t.s.content().token(*k).kind == TokenKind::Queen).count();
    // Every Queen token is in the bag at the start (p. 6): the supply has none to give.
    assert_eq!(queens_in_supply, 0);
    t.run(Command::PlaceIntruder { kind: IntruderKind::Queen, at: Location(21) }, vec![]);
    let bag = t.s.bag().len();
    t.at_step(EventStep::EventCard);
    t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: "lurking".into() }]);
    assert!(t.s.intruders.is_empty(), "Lurking: the Queen leaves the board");
    assert_eq!(t.s.bag().len(), bag, "no Queen token was left in the supply: the bag is unchanged");
}

#[test]
fn hunting_adults_of_one_room_leave_together_so_a_closed_door_stops_them_all_p17() {
    // The Hunt card moves each Adult not in Combat into a neighbouring room with a character. Two
    // Adults in one room hunt into the same room and leave together: a Closed Door on the way is
    // destroyed and both stay (p. 17), the second does not slip through after the first.
    let g = started(2, 19);
    let mut s = state(&g).clone();
    let corridor = corridor_numbered(Location(7), 1); // room 7's exit 1 leads to room 6
    s.board.doors[corridor.0 as usize] = DoorState::Closed;
    s.seats[Seat(0)].location = Location(6);
    s.seats[Seat(1)].location = Location(1);
    let s = ok(&s, &mut Fate::seeded(3), Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(7) }, vec![]).state;
    let mut s = ok(&s, &mut Fate::seeded(3), Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(7) }, vec![]).state;
    s.phase = Phase::Event { step: EventStep::EventCard };
    let hunt = vec![Entered::EventCard { key: "hunt_2".into() }];
    let a = ok(&s, &mut Fate::seeded(3), Command::ResolveEventCard, hunt.clone());
    assert!(a.state.intruders.iter().all(|i| i.at == Location(7)), "both Adults stay behind the door they broke");
    assert_eq!(a.state.board.doors[corridor.0 as usize], DoorState::Destroyed);
    assert_eq!(a.events.iter().filter(|e| matches!(e, Event::DoorChanged { .. })).count(), 1, "the door is destroyed once");
    // With the door open, both step in together.
    s.board.doors[corridor.0 as usize] = DoorState::Open;
    let a = ok(&s, &mut Fate::seeded(3), Command::ResolveEventCard, hunt);
    assert!(a.state.intruders.iter().all(|i| i.at == Location(6)), "both Adults reach the character");
}
