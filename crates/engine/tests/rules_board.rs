//! Board rules found in review: doors and groups of intruders (p. 17), event movement (p. 10),
//! every INFECTED scan (p. 20), the Queen's Encounter (pp. 10, 18), weaknesses (pp. 21-22),
//! searching (p. 23), physical engines (p. 26) and hidden tiles staying hidden.

mod common;
use common::*;
use nemesis_engine::command::{Command, Entered, ScanProcedure};
use nemesis_engine::content::{Content, Exit};
use nemesis_engine::ids::*;
use nemesis_engine::rules::apply;
use nemesis_engine::state::{Component, EventStep, Phase, State};
use nemesis_engine::{Actor, Code, Fate};

fn run(s: &State, cmd: Command, entered: &[Entered]) -> nemesis_engine::Applied {
    apply(Some(s), &mut Fate::seeded(3), Actor::Table, &cmd, entered).expect("accepted")
}

fn corridor_numbered(at: Location, n: u8) -> CorridorId {
    match Content::base().board.exit(at, n) {
        Exit::Corridor(c) => c,
        Exit::Technical => panic!("test needs a room corridor"),
    }
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
    let s = run(&s, Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(6) }, &[]).state;
    let s = run(&s, Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(6) }, &[]).state;
    let ids: Vec<IntruderId> = s.intruders.iter().map(|i| i.id).collect();
    let mut s = s;
    for id in &ids {
        let id = *id;
        s = run(&s, Command::MoveIntruder { id, corridor: 1 }, &[]).state;
        if id == ids[0] {
            assert_eq!(s.board.doors[c.0 as usize], DoorState::Destroyed, "the first destroys the door");
        }
    }
    // Moved one by one (two commands), the second walks through; moved as a group by an Event, both stay.
    let mut s2 = state(&g).clone();
    s2.board.doors[c.0 as usize] = DoorState::Closed;
    s2.seats[Seat(0)].location = Location(1);
    s2.seats[Seat(1)].location = Location(1);
    let s2 = run(&s2, Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(6) }, &[]).state;
    let mut s2 = run(&s2, Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(6) }, &[]).state;
    s2.phase = Phase::Event { step: EventStep::EventCard };
    // Damaging Fire moves Creepers and Adults through corridor 1.
    let a = run(&s2, Command::ResolveEventCard, &[Entered::EventCard { key: "damaging_fire".into() }]);
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
    let s = run(&s, Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(5) }, &[]).state;
    let mut s = run(&s, Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(10) }, &[]).state;
    s.phase = Phase::Event { step: EventStep::EventCard };
    let a = run(&s, Command::ResolveEventCard, &[Entered::EventCard { key: "damaging_fire".into() }]);
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
    let a = run(&s, Command::MoveCharacter { seat: Seat(0), to: Location(6), careful_noise: None }, &[Entered::Noise { face: NoiseFace::Silence }]);
    assert!(a.events.iter().any(|e| matches!(e, nemesis_engine::Event::RoomExplored { .. })), "room 6 was explored");
    assert_eq!(a.state.board.doors[c.0 as usize], DoorState::Destroyed);
}

#[test]
fn every_infected_scan_places_a_larva_even_a_plain_look_p20() {
    let g = started(2, 10);
    let mut s = state(&g).clone();
    s.infected = s.infected.iter().map(|_| nemesis_engine::state::Hidden::Known(true)).collect();
    let s = run(&s, Command::GiveContamination { seat: Seat(0), count: 1 }, &[]).state;
    let card = s.seats[Seat(0)].contamination[0];
    let a = run(&s, Command::ScanContamination { seat: Seat(0), cards: vec![card], procedure: ScanProcedure::Look }, &[]);
    assert!(a.state.seats[Seat(0)].larva, "INFECTED places a Larva (p. 20)");
    assert_eq!(a.state.seats[Seat(0)].contamination, vec![card], "a Look removes nothing");
}

#[test]
fn the_queen_appearing_in_the_nest_is_an_encounter_that_discards_its_noise_p10_p18() {
    let g = started(2, 1);
    let mut s = state(&g).clone();
    let c = Content::base();
    let nest = c.board.locations().find(|l| s.room(*l).tile == c.room_tile("nest")).unwrap();
    s.room_mut(nest).explored = true;
    s.seats[Seat(0)].location = nest;
    let corr = c.board.corridors_of(nest)[0];
    s.board.noise[corr.0 as usize] = true;
    s.phase = Phase::Event { step: EventStep::BagDevelopment };
    let a = run(&s, Command::DevelopBag, &[Entered::Token { token: TokenKind::Queen, back: None }]);
    assert!(!a.state.board.noise[corr.0 as usize], "an Encounter first discards the room's Noise markers");
    assert!(a.state.intruders.iter().any(|i| i.kind == IntruderKind::Queen && i.at == nest));
}

#[test]
fn vulnerability_to_fire_adds_an_injury_in_the_fire_damage_step_p21() {
    let g = started(2, 12);
    let mut s = state(&g).clone();
    let c = Content::base();
    let w = c.data.weaknesses.iter().position(|w| w.key == "vulnerability_to_fire").unwrap();
    s.weaknesses[0].revealed = Some(WeaknessId(w as u8));
    s.room_mut(Location(5)).fire = true;
    let mut s = run(&s, Command::PlaceIntruder { kind: IntruderKind::Breeder, at: Location(5) }, &[]).state;
    s.phase = Phase::Event { step: EventStep::FireDamage };
    let a = run(
        &s,
        Command::ResolveFireDamage,
        &[Entered::AttackCard { key: "scratch".into(), blood: Some(nemesis_engine::content::Blood::Endurance(6)) }, Entered::AttackCard { key: "scratch".into(), blood: Some(nemesis_engine::content::Blood::Endurance(5)) }],
    );
    assert_eq!(a.state.intruders[0].injuries, 2, "Fire deals 2 Injuries with the weakness known");
}

#[test]
fn a_search_lowers_the_item_counter_until_the_room_is_empty_p23() {
    let mut opts = options(2);
    opts.handled.retain(|c| *c != Component::ExplorationTokens);
    let g = started_with(opts, 14);
    let s = state(&g).clone();
    let a = run(
        &s,
        Command::MoveCharacter { seat: Seat(0), to: Location(6), careful_noise: None },
        &[Entered::Room { tile: None, effect: nemesis_engine::content::ExplorationEffect::Silence, items: 1 }],
    );
    let s = a.state;
    assert_eq!(s.room(Location(6)).items, Some(1));
    let s = run(&s, Command::SearchRoom { seat: Seat(0) }, &[]).state;
    assert_eq!(s.room(Location(6)).items, Some(0));
    let refused = apply(Some(&s), &mut Fate::seeded(1), Actor::Table, &Command::SearchRoom { seat: Seat(0) }, &[]).unwrap_err();
    assert_eq!(refused.code, Code::Empty, "an emptied room cannot be searched");
}

#[test]
fn physical_engines_record_only_whether_the_order_changed_p26() {
    let mut opts = options(2);
    opts.handled.retain(|c| *c != Component::Engines);
    let g = started_with(opts, 15);
    let s = state(&g).clone();
    let a = run(&s, Command::ReportEngineOrder { seat: Seat(1), engine: EngineNumber(2), changed: true }, &[]);
    assert!(matches!(a.events[0], nemesis_engine::Event::EngineOrderReported { changed: true, .. }));
    let mut g2 = started(2, 15);
    let refused = act(&mut g2, Command::ReportEngineOrder { seat: Seat(1), engine: EngineNumber(2), changed: true }).unwrap_err();
    assert_eq!(refused.code, Code::NotAllowed, "app-held engines use Repair/Break instead");
}

#[test]
fn a_malfunction_on_an_unexplored_room_never_betrays_its_hidden_tile_p17() {
    // Whatever hides under a face-down tile, placing a Malfunction there is accepted alike.
    let g = started(3, 16);
    let s = state(&g).clone();
    let c = Content::base();
    for at in c.board.locations().filter(|l| !s.room(*l).explored) {
        let a = apply(Some(&s), &mut Fate::seeded(1), Actor::Table, &Command::SetMalfunction { at, on: true }, &[]);
        assert!(a.is_ok(), "room {} answered differently from the others", at.0);
    }
}

#[test]
fn only_the_table_judges_an_objective() {
    let mut g = started(2, 17);
    let refused = g
        .submit(Actor::Seat(Seat(0)), nemesis_engine::Request::Do { command: Command::JudgeObjective { seat: Seat(0), met: true }, entered: vec![] })
        .unwrap_err();
    assert_eq!(refused.code, Code::NotYourSeat);
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
    let mut s = run(&s, Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(7) }, &[]).state;
    s.phase = Phase::Event { step: EventStep::EventCard };
    let hunt = [Entered::EventCard { key: "hunt_2".into() }];
    let without = run(&s, Command::ResolveEventCard, &hunt);
    assert_eq!(without.state.board.doors[corridor.0 as usize], DoorState::Destroyed, "normally the Adult breaks the door");
    s.weaknesses[0].revealed = Some(WeaknessId(w as u8));
    let with = run(&s, Command::ResolveEventCard, &hunt);
    assert_eq!(with.state.board.doors[corridor.0 as usize], DoorState::Closed, "only Queens and Breeders break doors now");
}

#[test]
fn guessing_an_app_held_weakness_gets_the_same_answer_right_or_wrong() {
    // PRIVACY.md rule 2: error messages must not betray a face-down card.
    let g = started(2, 19);
    let s = state(&g).clone();
    let c = Content::base();
    let truth = c.data.weaknesses[s.weaknesses[0].card.unwrap().0 as usize].key.clone();
    let wrong = c.data.weaknesses.iter().map(|w| w.key.clone()).find(|k| *k != truth).unwrap();
    let answer = |key: String| {
        apply(Some(&s), &mut Fate::seeded(1), Actor::Table, &Command::Research { seat: Seat(0), object: ResearchObject::CharacterCorpse }, &[Entered::Weakness { key }])
            .unwrap_err()
    };
    assert_eq!(answer(truth), answer(wrong), "a right guess and a wrong one are refused alike");
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
