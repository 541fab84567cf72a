//! The ship's secrets: the Engines (Engine rooms and Engine Control Room, pp. 25-26; victory
//! check p. 11), the Coordinates and the Destination (Cockpit, p. 26; p. 11), Contamination
//! cards and their scanning procedures (p. 20; Canteen, Shower, Surgery pp. 24-25), and the Event
//! deck (p. 10; retreat p. 20).

mod common;
use common::*;

use nemesis_engine::command::{Command, Entered, ScanProcedure, SetupOptions};
use nemesis_engine::content::{Blood, Content, RetreatMark};
use nemesis_engine::event::{DeathCause, Event, EventDraw};
use nemesis_engine::game::{Game, Request};
use nemesis_engine::ids::*;
use nemesis_engine::log::{log, Audience};
use nemesis_engine::rules::apply;
use nemesis_engine::state::{Component, EndCause, EventStep, Hidden, Life, Mode, ObjectiveChoice, Phase, State, VictoryStep};
use nemesis_engine::view::{KnownCoordinates, KnownEngine};
use nemesis_engine::{Code, Fate, Rejection};

// ---------------------------------------------------------------- helpers

fn c() -> &'static Content {
    Content::base()
}

/// A game state to arrange by hand, with its own generator, driven through `rules::apply`.
struct Table {
    s: State,
    fate: Fate,
}

impl Table {
    fn new(players: usize, seed: u64) -> Table {
        Table::from_game(&started(players, seed), seed)
    }
    fn from_game(g: &Game, seed: u64) -> Table {
        Table { s: state(g).clone(), fate: Fate::seeded(seed + 2000) }
    }
    fn try_do(&mut self, command: Command, entered: Vec<Entered>) -> Result<Vec<Event>, Rejection> {
        let applied = apply(Some(&self.s), &mut self.fate, Actor::Table, &command, &entered)?;
        self.s = applied.state;
        Ok(applied.events)
    }
    fn run(&mut self, command: Command, entered: Vec<Entered>) -> Vec<Event> {
        let what = format!("{command:?}");
        self.try_do(command, entered).unwrap_or_else(|e| panic!("{what} refused: {e}"))
    }
    fn refused(&mut self, command: Command, entered: Vec<Entered>) -> Rejection {
        let before = self.s.clone();
        let err = self.try_do(command, entered).expect_err("this must be refused");
        assert_eq!(self.s, before, "a refusal changes nothing");
        err
    }
    fn at_step(&mut self, step: EventStep) {
        self.s.phase = Phase::Event { step };
    }
    /// Gives the seat `statuses.len()` Contamination cards and fixes which are INFECTED.
    fn contaminate(&mut self, seat: Seat, statuses: &[bool]) -> Vec<ContaminationId> {
        let before = self.s.seats[seat].contamination.len();
        self.run(Command::GiveContamination { seat, count: statuses.len() as u8 }, vec![]);
        let cards: Vec<ContaminationId> = self.s.seats[seat].contamination[before..].to_vec();
        for (card, infected) in cards.iter().zip(statuses) {
            self.s.infected[card.0 as usize] = Hidden::Known(*infected);
        }
        cards
    }
    fn scan(&mut self, seat: Seat, cards: &[ContaminationId], procedure: ScanProcedure) -> Vec<Event> {
        self.run(Command::ScanContamination { seat, cards: cards.to_vec(), procedure }, vec![])
    }
    /// Ends the game by the jump (p. 11) with `seat` hibernating; the others die with it.
    fn jump_with_hibernating(&mut self, seat: Seat) {
        self.s.seats[seat].life = Life::Hibernating;
        self.s.time = c().data.time_track.moves - 1;
        self.at_step(EventStep::TimeTrack);
        self.run(Command::AdvanceTime, vec![]);
        assert_eq!(self.s.phase, Phase::Over { cause: EndCause::Jump, check: VictoryStep::Engines }, "p. 11: the jump ends the game");
    }
}

fn handled_but(excluded: &[Component]) -> Vec<Component> {
    Component::ALL.iter().copied().filter(|x| !excluded.contains(x)).collect()
}

fn physical(players: usize, excluded: &[Component]) -> SetupOptions {
    let mut o = options(players);
    o.handled = handled_but(excluded);
    o.mode = Mode::Standard;
    o
}

fn event_key(id: EventCardId) -> &'static str {
    &c().event(id).key
}

fn event_id(key: &str) -> EventCardId {
    EventCardId(c().data.events.iter().position(|e| e.key == key).expect("an Event card with that key") as u8)
}

fn last_line(g: &Game, to: Audience) -> nemesis_engine::log::LogLine {
    log(g.entries(), to).pop().expect("the log has lines")
}

fn letter_to(card: CoordinatesId, dest: Destination) -> DestinationLetter {
    let k = &c().data.coordinates[card.0 as usize];
    DestinationLetter::ALL.into_iter().find(|l| k.destination(*l) == dest).expect("every card shows each destination once")
}

fn infected_view(s: &State, seat: Seat) -> Vec<(ContaminationId, Option<bool>)> {
    s.seat_view(seat).unwrap().contamination.iter().map(|x| (x.id, x.infected)).collect()
}

// ---------------------------------------------------------------- Engines (pp. 25-26, p. 11)

#[test]
fn check_the_engine_shows_its_top_token_to_that_seat_only() {
    // p. 26, Engine rooms: secretly look at the top Engine token.
    let mut g = started(3, 30);
    act(&mut g, Command::PlaceCharacter { seat: Seat(1), at: c().engine_location(EngineNumber(2)).unwrap() }).unwrap();
    let top = state(&g).engines[1].known().unwrap();
    let public_before = state(&g).public_view();
    act(&mut g, Command::CheckEngine { seat: Seat(1), engine: EngineNumber(2) }).unwrap();
    let s = state(&g);
    assert_eq!(
        s.seat_view(Seat(1)).unwrap().engines,
        vec![KnownEngine { engine: EngineNumber(2), top, turn: 1 }],
        "p. 26: the seat who checked learns Engine 2's top token"
    );
    for other in [Seat(0), Seat(2)] {
        assert!(s.seat_view(other).unwrap().engines.is_empty(), "seat {} learns nothing", other.0);
    }
    assert_eq!(s.public_view(), public_before, "the table screen shows nothing new: the check is secret");
    let status = format!("{top:?}");
    let table = last_line(&g, Audience::Table);
    assert!(!table.private && !table.text.contains(&status), "the table's log says only that Engine 2 was checked: {}", table.text);
    let mine = last_line(&g, Audience::Seat(Seat(1)));
    assert!(mine.private && mine.text.contains(&status), "the checking seat's log shows the status: {}", mine.text);
    let theirs = last_line(&g, Audience::Seat(Seat(2)));
    assert!(!theirs.text.contains(&status), "another seat's log does not show it: {}", theirs.text);
    // A player's own device acts only for its own seat.
    let err = g
        .submit(Actor::Seat(Seat(0)), Request::Do { command: Command::CheckEngine { seat: Seat(2), engine: EngineNumber(1) }, entered: vec![] })
        .unwrap_err();
    assert_eq!(err.code, Code::NotYourSeat);
}

#[test]
fn check_the_engine_is_left_to_the_table_when_the_engine_tokens_are_physical() {
    // p. 6 step 8: with physical tokens the app cannot look under them.
    let mut g = started_with(physical(2, &[Component::Engines]), 31);
    let err = act(&mut g, Command::CheckEngine { seat: Seat(0), engine: EngineNumber(1) }).unwrap_err();
    assert_eq!(err.code, Code::NotAllowed, "the table looks under physical tokens itself");
    assert!(state(&g).seats[Seat(0)].reveals.is_empty(), "nothing was learnt");
    let mut g = started(2, 31);
    assert_eq!(act(&mut g, Command::CheckEngine { seat: Seat(0), engine: EngineNumber(4) }).unwrap_err().code, Code::NoSuchThing, "engines are 1-3");
}

#[test]
fn repair_or_break_the_seat_sees_both_tokens_and_sets_their_order() {
    // p. 26: take both Engine tokens, secretly check them and put them back in the order of your
    // choice; you must tell whether you changed the order.
    let mut g = started(2, 32);
    act(&mut g, Command::PlaceCharacter { seat: Seat(0), at: c().engine_location(EngineNumber(3)).unwrap() }).unwrap();
    let top = state(&g).engines[2].known().unwrap();
    let flipped = if top == EngineStatus::Working { EngineStatus::Damaged } else { EngineStatus::Working };
    act(&mut g, Command::BeginEngineRepair { seat: Seat(0), engine: EngineNumber(3) }).unwrap();
    let hand = state(&g).seat_view(Seat(0)).unwrap().engine_in_hand.expect("p. 26: the seat holds both tokens");
    assert_eq!((hand.engine, hand.top, hand.bottom), (EngineNumber(3), top, flipped), "p. 26: the seat sees both tokens, top and bottom");
    assert!(state(&g).seat_view(Seat(1)).unwrap().engine_in_hand.is_none(), "the other seat does not see them");
    assert_eq!(state(&g).public_view().repairing, Some((Seat(0), EngineNumber(3))), "the table sees who holds which engine's tokens");
    let events = act(&mut g, Command::SetEngineOrder { seat: Seat(0), top: flipped }).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::EngineOrderSet { changed: true, .. })), "p. 26: the order changed");
    let s = state(&g);
    assert_eq!(s.engines[2], Hidden::Known(flipped), "p. 26: the new top token is the Engine's true status");
    assert_eq!(s.repair, None, "the tokens are back on the board");
    assert!(s.seat_view(Seat(0)).unwrap().engine_in_hand.is_none());
    assert_eq!(s.public_view().engines, None, "the status itself stays secret until the end");
    let table = last_line(&g, Audience::Table);
    assert!(table.text.contains("changed") && !table.text.contains("unchanged"), "p. 26: the table is told the order changed: {}", table.text);
    assert!(!table.text.contains(&format!("{flipped:?}")), "but not which token is on top: {}", table.text);
}

#[test]
fn repair_or_break_the_table_learns_only_that_the_order_is_unchanged() {
    // p. 26: "you must tell if you have changed the order of the tokens" - and nothing more.
    let mut g = started(2, 33);
    act(&mut g, Command::PlaceCharacter { seat: Seat(1), at: c().engine_location(EngineNumber(1)).unwrap() }).unwrap();
    let top = state(&g).engines[0].known().unwrap();
    let public_before = state(&g).public_view();
    act(&mut g, Command::BeginEngineRepair { seat: Seat(1), engine: EngineNumber(1) }).unwrap();
    let events = act(&mut g, Command::SetEngineOrder { seat: Seat(1), top }).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::EngineOrderSet { changed: false, .. })));
    assert_eq!(state(&g).engines[0], Hidden::Known(top), "the Engine's status is unchanged");
    assert_eq!(state(&g).public_view(), public_before, "once the tokens are back the table screen is as before");
    let table = last_line(&g, Audience::Table);
    assert!(table.text.contains("unchanged") && !table.text.contains(&format!("{top:?}")), "{}", table.text);
    assert_eq!(
        state(&g).seat_view(Seat(1)).unwrap().engines,
        vec![KnownEngine { engine: EngineNumber(1), top, turn: 1 }],
        "the seat remembers what it put on top"
    );
}

#[test]
fn repair_or_break_only_the_holder_puts_the_tokens_back_one_engine_at_a_time() {
    let mut t = Table::new(2, 34);
    stand_in(&mut t.s, Seat(0), "engine_2");
    stand_in(&mut t.s, Seat(1), "engine_1");
    assert_eq!(t.refused(Command::SetEngineOrder { seat: Seat(0), top: EngineStatus::Working }, vec![]).code, Code::WrongPhase, "no tokens in hand yet");
    t.run(Command::BeginEngineRepair { seat: Seat(0), engine: EngineNumber(2) }, vec![]);
    assert_eq!(t.refused(Command::SetEngineOrder { seat: Seat(1), top: EngineStatus::Working }, vec![]).code, Code::NotYourSeat, "only the holder");
    assert_eq!(t.refused(Command::BeginEngineRepair { seat: Seat(1), engine: EngineNumber(1) }, vec![]).code, Code::NotAllowed, "one engine at a time");
    t.run(Command::SetEngineOrder { seat: Seat(0), top: EngineStatus::Damaged }, vec![]);
    assert_eq!(t.s.engines[1], Hidden::Known(EngineStatus::Damaged));
}

#[test]
fn engine_control_room_checks_all_three_engines_privately() {
    // p. 25, Engine Control Room: check the status of the 3 Engines (without changing them).
    let mut t = Table::new(2, 35);
    stand_in(&mut t.s, Seat(1), "engine_control_room");
    let tops: Vec<EngineStatus> = t.s.engines.iter().map(|e| e.known().unwrap()).collect();
    let public_before = t.s.public_view();
    t.run(Command::CheckAllEngines { seat: Seat(1) }, vec![]);
    let s = &t.s;
    let known: Vec<(u8, EngineStatus)> = s.seat_view(Seat(1)).unwrap().engines.iter().map(|e| (e.engine.0, e.top)).collect();
    assert_eq!(known, vec![(1, tops[0]), (2, tops[1]), (3, tops[2])], "p. 25: all three Engines, each with its top token");
    assert!(s.seat_view(Seat(0)).unwrap().engines.is_empty(), "the other seat learns nothing");
    assert_eq!(s.public_view(), public_before, "the table screen shows nothing new");
    assert_eq!(s.engines.to_vec(), tops.iter().map(|t| Hidden::Known(*t)).collect::<Vec<_>>(), "p. 25: checking changes no status");
}

#[test]
fn engines_are_revealed_at_the_end_and_two_damaged_destroy_the_ship() {
    // p. 11, victory check 1: reveal the top tokens; with 2 or 3 Damaged the ship explodes and
    // every hibernating character dies.
    for (tops, explodes) in [
        ([EngineStatus::Working, EngineStatus::Damaged, EngineStatus::Working], false),
        ([EngineStatus::Damaged, EngineStatus::Working, EngineStatus::Damaged], true),
    ] {
        let mut t = Table::new(3, 36);
        t.s.engines = tops.map(Hidden::Known);
        t.s.seats[Seat(2)].life = Life::Escaped; // left in a pod earlier: always treated as safe
        assert_eq!(t.refused(Command::RevealEngines, vec![]).code, Code::WrongPhase, "the reveal comes only at the end");
        t.jump_with_hibernating(Seat(0));
        assert_eq!(t.s.seats[Seat(1)].life, Life::Dead, "p. 11: awake characters die in the jump");
        t.run(Command::RevealEngines, vec![]);
        assert_eq!(t.s.public_view().engines, Some(tops), "p. 11: the top tokens are revealed to everyone");
        assert_eq!(t.s.seats[Seat(0)].life == Life::Dead, explodes, "p. 11: the hibernating character dies only if 2+ engines are Damaged");
        assert_eq!(t.s.ship_destroyed, explodes);
        assert_eq!(t.s.seats[Seat(2)].life, Life::Escaped, "p. 26: an escaped character is unharmed by the explosion");
        let next = if explodes { VictoryStep::Contamination } else { VictoryStep::Coordinates };
        assert_eq!(t.s.phase, Phase::Over { cause: EndCause::Jump, check: next }, "p. 11: a destroyed ship skips the Coordinates check");
    }
}

#[test]
fn physical_engine_tokens_are_read_off_the_board_at_the_end() {
    // p. 11 with physical tokens: the table enters the three top tokens, Engine 1 first.
    let mut t = Table::from_game(&started_with(physical(2, &[Component::Engines]), 37), 37);
    t.jump_with_hibernating(Seat(0));
    assert_eq!(t.refused(Command::RevealEngines, vec![]).code, Code::ResultNeeded);
    let tops = [EngineStatus::Damaged, EngineStatus::Working, EngineStatus::Working];
    t.run(Command::RevealEngines, tops.iter().map(|s| Entered::Engine { status: *s }).collect());
    assert_eq!(t.s.engines_revealed, Some(tops));
    assert_eq!(t.s.seats[Seat(0)].life, Life::Hibernating, "1 Damaged engine is not enough to explode");
}

// ---------------------------------------------------------------- Coordinates and Destination (p. 26, p. 11)

#[test]
fn check_coordinates_shows_the_card_to_that_seat_only() {
    // p. 26, Cockpit: secretly look at the Coordinates card.
    let mut g = started(3, 40);
    act(&mut g, Command::PlaceCharacter { seat: Seat(2), at: Location(1) }).unwrap();
    let card = state(&g).coordinates.known().unwrap();
    let k = &c().data.coordinates[card.0 as usize];
    let public_before = state(&g).public_view();
    act(&mut g, Command::CheckCoordinates { seat: Seat(2) }).unwrap();
    let s = state(&g);
    assert_eq!(
        s.seat_view(Seat(2)).unwrap().coordinates,
        Some(KnownCoordinates { number: k.number, a: k.a, b: k.b, c: k.c, d: k.d, turn: 1 }),
        "p. 26: the seat sees all four destinations of the card"
    );
    assert!(s.seat_view(Seat(0)).unwrap().coordinates.is_none() && s.seat_view(Seat(1)).unwrap().coordinates.is_none(), "others see nothing");
    assert_eq!(s.public_view(), public_before, "the table screen shows nothing new");
    assert!(!last_line(&g, Audience::Table).private);
    assert!(last_line(&g, Audience::Seat(Seat(2))).private, "only the checking seat gets the private line");
}

#[test]
fn set_destination_moves_the_marker_to_any_space_a_to_d() {
    // p. 26, Cockpit: move the Destination marker to the chosen space.
    let mut t = Table::new(2, 41);
    stand_in(&mut t.s, Seat(0), "cockpit");
    stand_in(&mut t.s, Seat(1), "cockpit");
    for letter in [DestinationLetter::A, DestinationLetter::C, DestinationLetter::D, DestinationLetter::B] {
        let events = t.run(Command::SetDestination { seat: Seat(0), letter }, vec![]);
        assert!(events.contains(&Event::DestinationSet { letter }));
        assert_eq!(t.s.public_view().destination, letter, "p. 26: the marker is on {letter:?} for all to see");
    }
    assert_eq!(t.refused(Command::SetDestination { seat: Seat(1), letter: DestinationLetter::B }, vec![]).code, Code::NotAllowed, "already on B");
}

#[test]
fn set_destination_is_refused_while_anyone_hibernates() {
    // p. 26: "You cannot change the Destination when any of the Characters are already hibernating."
    let mut t = Table::new(3, 42);
    t.s.seats[Seat(2)].life = Life::Hibernating;
    let err = t.refused(Command::SetDestination { seat: Seat(0), letter: DestinationLetter::A }, vec![]);
    assert_eq!(err.code, Code::NotAllowed);
    assert_eq!(t.s.destination, DestinationLetter::B);
}

#[test]
fn set_destination_is_refused_with_an_intruder_in_the_cockpit() {
    // p. 26: "You may never Set Destination if there is an Intruder in the Cockpit."
    let mut t = Table::new(2, 43);
    t.s.seats[Seat(0)].location = Location(1);
    t.run(Command::PlaceIntruder { kind: IntruderKind::Larva, at: Location(1) }, vec![]);
    let err = t.refused(Command::SetDestination { seat: Seat(0), letter: DestinationLetter::C }, vec![]);
    assert_eq!(err.code, Code::NotAllowed);
    // An intruder elsewhere does not stop it.
    let mut t = Table::new(2, 43);
    stand_in(&mut t.s, Seat(0), "cockpit");
    t.run(Command::PlaceIntruder { kind: IntruderKind::Larva, at: Location(3) }, vec![]);
    t.run(Command::SetDestination { seat: Seat(0), letter: DestinationLetter::C }, vec![]);
    assert_eq!(t.s.destination, DestinationLetter::C);
}

#[test]
fn coordinates_revealed_at_the_end_kill_the_hibernating_unless_the_ship_heads_to_earth() {
    // p. 11, victory check 2: reveal the card; the marker's space shows the destination; if it is
    // not Earth, every character asleep in the Hibernatorium dies (the ship is not destroyed).
    for dest in [Destination::Earth, Destination::Venus, Destination::DeepSpace] {
        let mut t = Table::new(2, 44);
        t.s.engines = [Hidden::Known(EngineStatus::Working); 3];
        let card = t.s.coordinates.known().unwrap();
        t.s.destination = letter_to(card, dest);
        t.jump_with_hibernating(Seat(0));
        t.run(Command::RevealEngines, vec![]);
        assert_eq!(t.s.public_view().revealed_destination, None, "the card stays secret until its own step");
        let events = t.run(Command::RevealCoordinates { quarantine: vec![] }, vec![]);
        assert!(events.contains(&Event::CoordinatesRevealed { card: Some(card), destination: dest }));
        assert_eq!(t.s.public_view().revealed_destination, Some(dest), "p. 11: the destination is shown to everyone");
        let dead = t.s.seats[Seat(0)].life == Life::Dead;
        assert_eq!(dead, dest != Destination::Earth, "p. 11: heading to {dest:?}");
        if dead {
            assert!(events.iter().any(|e| matches!(e, Event::CharacterDied { seat: Seat(0), cause: DeathCause::WrongDestination })));
        }
        assert!(!t.s.ship_destroyed, "p. 11: a wrong destination does not destroy the ship");
    }
}

#[test]
fn quarantine_survives_a_jump_to_mars_and_nobody_else_does() {
    // p. 11: the Quarantine Objective is the only exception: asleep and bound for Mars, it survives.
    let quarantine = ObjectiveId(c().data.objectives.iter().position(|o| o.key == "quarantine").unwrap() as u8);
    let other = ObjectiveId(c().data.objectives.iter().position(|o| o.key == "hoarder").unwrap() as u8);
    let mut t = Table::new(3, 45);
    t.s.engines = [Hidden::Known(EngineStatus::Working); 3];
    let card = t.s.coordinates.known().unwrap();
    t.s.destination = letter_to(card, Destination::Mars);
    t.s.seats[Seat(1)].life = Life::Hibernating;
    t.s.seats[Seat(0)].objective = ObjectiveChoice::Chosen(Some(quarantine));
    t.s.seats[Seat(1)].objective = ObjectiveChoice::Chosen(Some(other));
    t.jump_with_hibernating(Seat(0));
    t.run(Command::RevealEngines, vec![]);
    t.run(Command::RevealCoordinates { quarantine: vec![] }, vec![]);
    assert_eq!(t.s.seats[Seat(0)].life, Life::Hibernating, "p. 11: Quarantine survives the trip to Mars");
    assert_eq!(t.s.seats[Seat(1)].life, Life::Dead, "p. 11: any other sleeper dies when the ship is not headed to Earth");
}

#[test]
fn a_physical_coordinates_card_is_checked_and_revealed_at_the_table() {
    // p. 6 step 5 with a physical card: the app never sees it; the table enters the destination.
    let mut t = Table::from_game(&started_with(physical(2, &[Component::Coordinates]), 46), 46);
    assert_eq!(t.refused(Command::CheckCoordinates { seat: Seat(0) }, vec![]).code, Code::NotAllowed);
    t.s.engines = [Hidden::Known(EngineStatus::Working); 3];
    t.jump_with_hibernating(Seat(0));
    t.run(Command::RevealEngines, vec![]);
    assert_eq!(t.refused(Command::RevealCoordinates { quarantine: vec![] }, vec![]).code, Code::ResultNeeded);
    t.run(Command::RevealCoordinates { quarantine: vec![] }, vec![Entered::Destination { destination: Destination::Earth }]);
    assert_eq!(t.s.public_view().revealed_destination, Some(Destination::Earth));
    assert_eq!(t.s.seats[Seat(0)].life, Life::Hibernating, "heading to Earth, the sleeper survives");
}

// ---------------------------------------------------------------- Contamination (p. 20)

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
    let mut t = Table::new(2, 51);
    let cards = t.contaminate(Seat(0), &[false, false, false]);
    let public_before = t.s.public_view();
    let other_before = t.s.seat_view(Seat(1));
    let events = t.scan(Seat(0), &[cards[0], cards[2]], ScanProcedure::Look);
    assert_eq!(events.iter().filter(|e| matches!(e, Event::ContaminationScanned { .. })).count(), 2, "two cards scanned");
    assert_eq!(
        infected_view(&t.s, Seat(0)),
        vec![(cards[0], Some(false)), (cards[1], None), (cards[2], Some(false))],
        "p. 20: the scanned cards show their result, the other stays unknown"
    );
    assert_eq!(t.s.seats[Seat(0)].contamination, cards, "a look removes nothing");
    assert_eq!(t.s.public_view(), public_before, "the table screen learns nothing from a scan");
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
    act(&mut g, Command::ScanContamination { seat: Seat(0), cards: vec![card], procedure: ScanProcedure::Look }).unwrap();
    let table = last_line(&g, Audience::Table);
    assert!(!table.private && !table.text.contains("INFECTED") && !table.text.to_lowercase().contains("not infected"), "{}", table.text);
    let mine = last_line(&g, Audience::Seat(Seat(0)));
    assert!(mine.private && mine.text.to_lowercase().contains("infected"), "the scanning seat reads its result: {}", mine.text);
}

#[test]
fn an_infected_scan_places_a_larva_and_keeps_the_infected_card() {
    // p. 20: if you're INFECTED, place a Larva on your Character board and do not remove the card.
    // Rest: scan the cards in hand, remove those not INFECTED.
    let mut t = Table::new(2, 53);
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
    let mut t = Table::new(2, 54);
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
    let mut t = Table::new(2, 55);
    let cards = t.contaminate(Seat(0), &[false, false, false]);
    t.scan(Seat(0), &cards[..2], ScanProcedure::Rest);
    assert_eq!(t.s.seats[Seat(0)].contamination, vec![cards[2]], "the two scanned clean cards are removed, the unscanned one stays");
    assert!(!t.s.seats[Seat(0)].larva, "no INFECTED card, no Larva");
    assert_eq!(t.s.public_view().contamination.removed, 2, "the table sees two cards leave the game");
    assert_eq!(t.refused(Command::ScanContamination { seat: Seat(0), cards: vec![], procedure: ScanProcedure::Rest }, vec![]).code, Code::NotAllowed);
}

#[test]
fn canteen_heals_a_light_wound_and_removes_the_clean_cards() {
    // p. 25, Canteen: heal 1 Light Wound; scan the cards in hand and remove the non-INFECTED ones.
    let mut t = Table::new(2, 56);
    stand_in(&mut t.s, Seat(1), "canteen");
    t.run(Command::Wound { seat: Seat(1), light: 2, serious: 0 }, vec![]);
    let cards = t.contaminate(Seat(1), &[false, false]);
    t.scan(Seat(1), &cards, ScanProcedure::Canteen);
    assert_eq!(t.s.seats[Seat(1)].light_wounds, 1, "p. 25: 1 Light Wound healed");
    assert!(t.s.seats[Seat(1)].contamination.is_empty(), "p. 25: both clean cards removed");
    assert!(!t.s.seats[Seat(1)].larva);
    // With an INFECTED card in hand, a Larva.
    let inf = t.contaminate(Seat(1), &[true, false]);
    t.scan(Seat(1), &inf, ScanProcedure::Canteen);
    assert!(t.s.seats[Seat(1)].larva, "p. 25: an INFECTED card places a Larva");
    assert_eq!(t.s.seats[Seat(1)].contamination, vec![inf[0]], "p. 25: and that card is not removed");
}

#[test]
fn shower_discards_the_slime_and_removes_the_clean_cards() {
    // p. 25, Shower Room: discard the Slime marker; scan the hand, remove the non-INFECTED cards.
    let mut t = Table::new(2, 57);
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
    let mut t = Table::new(2, 58);
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
    let mut t = Table::new(2, 59);
    let cards = t.contaminate(Seat(1), &[true, false]);
    t.s.seats[Seat(1)].larva = true;
    t.scan(Seat(1), &cards, ScanProcedure::Antidote);
    assert!(!t.s.seats[Seat(1)].larva, "the Antidote removes the Larva");
    assert_eq!(t.s.seats[Seat(1)].contamination, vec![cards[1]], "the INFECTED card is removed, the clean one kept");
    assert_eq!(t.s.seats[Seat(1)].life, Life::Awake, "the INFECTED card found by the Antidote does not kill");
}

#[test]
fn scanning_is_refused_for_cards_the_seat_does_not_hold() {
    let mut t = Table::new(2, 60);
    let theirs = t.contaminate(Seat(1), &[false]);
    let err = t.refused(Command::ScanContamination { seat: Seat(0), cards: theirs, procedure: ScanProcedure::Look }, vec![]);
    assert_eq!(err.code, Code::NotAllowed, "a seat scans only its own cards");
}

#[test]
fn a_physical_contamination_deck_needs_the_scan_result_from_the_table() {
    // p. 20: the Scanner is used at the table; the app takes the result it is told.
    let mut t = Table::from_game(&started_with(physical(2, &[Component::ContaminationDeck]), 61), 61);
    t.run(Command::GiveContamination { seat: Seat(0), count: 1 }, vec![]);
    let card = t.s.seats[Seat(0)].contamination[0];
    assert_eq!(t.refused(Command::ScanContamination { seat: Seat(0), cards: vec![card], procedure: ScanProcedure::Rest }, vec![]).code, Code::ResultNeeded);
    t.run(Command::ScanContamination { seat: Seat(0), cards: vec![card], procedure: ScanProcedure::Rest }, vec![Entered::Infected { infected: true }]);
    assert!(t.s.seats[Seat(0)].larva, "p. 20: the table's INFECTED result places a Larva");
    assert_eq!(infected_view(&t.s, Seat(0)), vec![(card, Some(true))]);
}

// ---------------------------------------------------------------- the Event deck (p. 10, p. 20)

#[test]
fn event_card_moves_matching_intruders_not_in_combat_through_its_corridor_then_resolves_its_effect() {
    // p. 10 step 7: intruders with a symbol on the card and not in a room with characters move
    // through the corridor with the card's number; then the effect is resolved.
    // Damage: Creeper and Adult, corridor 2; effect: a Malfunction where an Adult/Breeder/Queen is.
    let mut t = Table::from_game(&started_with(physical(2, &[Component::RoomTiles]), 70), 70);
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
    let mut t = Table::new(2, 71);
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
    let mut t = Table::new(2, 72);
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
    let mut t = Table::new(2, 73);
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
    let mut t = Table::new(2, 74);
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
    let mut t = Table::new(2, 74);
    let all: Vec<EventCardId> = t.s.events.draw.drain(..).collect();
    t.s.events.removed = all;
    t.at_step(EventStep::EventCard);
    assert_eq!(t.refused(Command::ResolveEventCard, vec![]).code, Code::Empty);
}

#[test]
fn a_retreat_draw_moves_the_intruder_and_discards_the_card_without_its_effect() {
    // p. 20, Intruder Retreat: draw an Event card, move the intruder through its corridor number,
    // then discard that card (its effect is not resolved, whatever the card says).
    for (key, to) in [("flammable_compounds", 14u8), ("coolant_leak", 15)] {
        let mut t = Table::new(2, 75);
        t.run(Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(11) }, vec![]);
        let id = t.s.intruders[0].id;
        let events = t.run(
            Command::InjureIntruder { id, injuries: 1 },
            vec![
                Entered::AttackCard { key: "claw_attack".into(), blood: Some(Blood::Retreat(RetreatMark::Retreat)) },
                Entered::EventCard { key: key.into() },
            ],
        );
        assert!(events.iter().any(|e| matches!(e, Event::EventCardDrawn { purpose: EventDraw::Retreat, .. })), "p. 20: an Event card is drawn");
        assert_eq!(t.s.intruder(id).unwrap().at, Location(to), "p. 20: the Adult flees through corridor {} of the Hibernatorium", c().event(event_id(key)).corridor);
        assert!(!events.iter().any(|e| matches!(e, Event::EventCardResolved { .. })), "p. 20: the card's effect is ignored");
        assert!(!t.s.room(Location(11)).fire, "Flammable Compounds did not set the Hibernatorium on fire");
        assert_eq!(t.s.events.discard, vec![event_id(key)], "p. 20: the card is discarded ('{}' too, though its printed fate differs)", key);
        assert!(t.s.events.removed.is_empty());
        assert_eq!(event_key(t.s.events.discard[0]), key);
    }
}

#[test]
fn an_event_card_from_a_physical_deck_must_be_entered() {
    let mut t = Table::from_game(&started_with(physical(2, &[Component::EventDeck]), 76), 76);
    t.at_step(EventStep::EventCard);
    assert_eq!(t.refused(Command::ResolveEventCard, vec![]).code, Code::ResultNeeded);
    let err = t.refused(Command::ResolveEventCard, vec![Entered::EventCard { key: "no_such_card".into() }]);
    assert_eq!(err.code, Code::BadResult, "the card must be in the Event deck");
    t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: "nest".into() }]);
    assert_eq!(t.s.events.discard, vec![event_id("nest")]);
}
