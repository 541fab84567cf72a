//! Ship systems (pp. 24-26): the Engines, the Coordinates and the Destination, Self-Destruct, the
//! Escape Pods and hibernation.

use crate::common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::Content;
use nemesis_engine::event::{Event, UnlockReason};
use nemesis_engine::game::Request;
use nemesis_engine::ids::*;
use nemesis_engine::log::Audience;
use nemesis_engine::state::*;
use nemesis_engine::view::{KnownCoordinates, KnownEngine};
use nemesis_engine::{Actor, Code, Fate};

#[test]
fn physical_engines_record_only_whether_the_order_changed_p26() {
    let mut opts = options(2);
    opts.handled.retain(|c| *c != Component::Engines);
    let g = started_with(opts, 15);
    let s = state(&g).clone();
    let a = ok(&s, &mut Fate::seeded(3), Command::ReportEngineOrder { seat: Seat(1), engine: EngineNumber(2), changed: true }, vec![]);
    assert!(matches!(a.events[0], nemesis_engine::Event::EngineOrderReported { changed: true, .. }));
    let mut g2 = started(2, 15);
    let refused = act(&mut g2, Command::ReportEngineOrder { seat: Seat(1), engine: EngineNumber(2), changed: true }).unwrap_err();
    assert_eq!(refused.code, Code::NotAllowed, "app-held engines use Repair/Break instead");
}

#[test]
fn first_death_in_an_attack_unlocks_every_escape_pod_p12() {
    let (mut s, mut f) = table(2, 36);
    alone_in_hibernatorium(&mut s);
    give_serious(&mut s, Seat(0), 2);
    let id = add_intruder(&mut s, IntruderKind::Adult, HIB);
    assert!(s.pods.iter().all(|p| p.locked), "pods start locked");
    let a = ok(&s, &mut f, Command::AttackCharacter { id, target: None }, vec![card("bite")]);
    assert!(a.events.contains(&Event::PodsUnlocked { reason: UnlockReason::FirstDeath }), "the first death unlocks the pods");
    assert!(a.state.pods.iter().all(|p| !p.locked));
}

#[test]
fn check_the_engine_shows_its_top_token_to_that_seat_only() {
    // p. 26, Engine rooms: secretly look at the top Engine token.
    let mut g = started(3, 30);
    act(&mut g, Command::PlaceCharacter { seat: Seat(1), at: c().engine_location(EngineNumber(2)).unwrap() }).unwrap();
    let top = state(&g).engines[1].known().unwrap();
    let public_before = public_but_rounds(state(&g));
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
    assert_eq!(public_but_rounds(s), public_before, "the table screen shows nothing new: the check is secret");
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
    act(&mut g, Command::BeginEngineRepair { seat: Seat(0), engine: EngineNumber(3), paid: 1 }).unwrap();
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
    let public_before = public_but_rounds(state(&g));
    act(&mut g, Command::BeginEngineRepair { seat: Seat(1), engine: EngineNumber(1), paid: 1 }).unwrap();
    let events = act(&mut g, Command::SetEngineOrder { seat: Seat(1), top }).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::EngineOrderSet { changed: false, .. })));
    assert_eq!(state(&g).engines[0], Hidden::Known(top), "the Engine's status is unchanged");
    assert_eq!(public_but_rounds(state(&g)), public_before, "once the tokens are back the table screen is as before");
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
    let mut t = Table::from_game(&started(2, 34), 34 + 2000);
    stand_in(&mut t.s, Seat(0), "engine_2");
    stand_in(&mut t.s, Seat(1), "engine_1");
    assert_eq!(t.refused(Command::SetEngineOrder { seat: Seat(0), top: EngineStatus::Working }, vec![]).code, Code::WrongPhase, "no tokens in hand yet");
    t.run(Command::BeginEngineRepair { seat: Seat(0), engine: EngineNumber(2), paid: 1 }, vec![]);
    assert_eq!(t.refused(Command::SetEngineOrder { seat: Seat(1), top: EngineStatus::Working }, vec![]).code, Code::NotYourSeat, "only the holder");
    assert_eq!(t.refused(Command::BeginEngineRepair { seat: Seat(1), engine: EngineNumber(1), paid: 1 }, vec![]).code, Code::NotAllowed, "one engine at a time");
    t.run(Command::SetEngineOrder { seat: Seat(0), top: EngineStatus::Damaged }, vec![]);
    assert_eq!(t.s.engines[1], Hidden::Known(EngineStatus::Damaged));
}

#[test]
fn engine_control_room_checks_all_three_engines_privately() {
    // p. 25, Engine Control Room: check the status of the 3 Engines (without changing them).
    let mut t = Table::new(2, 35);
    stand_in(&mut t.s, Seat(1), "engine_control_room");
    let tops: Vec<EngineStatus> = t.s.engines.iter().map(|e| e.known().unwrap()).collect();
    let public_before = public_but_rounds(&t.s);
    t.run(Command::CheckAllEngines { seat: Seat(1) }, vec![]);
    let s = &t.s;
    let known: Vec<(u8, EngineStatus)> = s.seat_view(Seat(1)).unwrap().engines.iter().map(|e| (e.engine.0, e.top)).collect();
    assert_eq!(known, vec![(1, tops[0]), (2, tops[1]), (3, tops[2])], "p. 25: all three Engines, each with its top token");
    assert!(s.seat_view(Seat(0)).unwrap().engines.is_empty(), "the other seat learns nothing");
    assert_eq!(public_but_rounds(s), public_before, "the table screen shows nothing new");
    assert_eq!(s.engines.to_vec(), tops.iter().map(|t| Hidden::Known(*t)).collect::<Vec<_>>(), "p. 25: checking changes no status");
}

#[test]
fn check_coordinates_shows_the_card_to_that_seat_only() {
    // p. 26, Cockpit: secretly look at the Coordinates card.
    let mut g = started(3, 40);
    act(&mut g, Command::PlaceCharacter { seat: Seat(2), at: Location(1) }).unwrap();
    let card = state(&g).coordinates.known().unwrap();
    let k = &c().data.coordinates[card.0 as usize];
    let public_before = public_but_rounds(state(&g));
    act(&mut g, Command::CheckCoordinates { seat: Seat(2) }).unwrap();
    let s = state(&g);
    assert_eq!(
        s.seat_view(Seat(2)).unwrap().coordinates,
        Some(KnownCoordinates { card: k.clone(), turn: 1 }),
        "p. 26: the seat sees all four destinations of the card"
    );
    assert!(s.seat_view(Seat(0)).unwrap().coordinates.is_none() && s.seat_view(Seat(1)).unwrap().coordinates.is_none(), "others see nothing");
    assert_eq!(public_but_rounds(s), public_before, "the table screen shows nothing new");
    assert!(!last_line(&g, Audience::Table).private);
    assert!(last_line(&g, Audience::Seat(Seat(2))).private, "only the checking seat gets the private line");
}

#[test]
fn set_destination_moves_the_marker_to_any_space_a_to_d() {
    // p. 26, Cockpit: move the Destination marker to the chosen space.
    let mut t = Table::from_game(&started(2, 41), 41 + 2000);
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
    let mut t = Table::from_game(&started(3, 42), 42 + 2000);
    t.s.seats[Seat(2)].life = Life::Hibernating;
    let err = t.refused(Command::SetDestination { seat: Seat(0), letter: DestinationLetter::A }, vec![]);
    assert_eq!(err.code, Code::NotAllowed);
    assert_eq!(t.s.destination, DestinationLetter::B);
}

#[test]
fn set_destination_is_refused_with_an_intruder_in_the_cockpit() {
    // p. 26: "You may never Set Destination if there is an Intruder in the Cockpit."
    let mut t = Table::from_game(&started(2, 43), 43 + 2000);
    t.s.seats[Seat(0)].location = Location(1);
    t.run(Command::PlaceIntruder { kind: IntruderKind::Larva, at: Location(1) }, vec![]);
    let err = t.refused(Command::SetDestination { seat: Seat(0), letter: DestinationLetter::C }, vec![]);
    assert_eq!(err.code, Code::NotAllowed);
    // An intruder elsewhere does not stop it.
    let mut t = Table::from_game(&started(2, 43), 43 + 2000);
    stand_in(&mut t.s, Seat(0), "cockpit");
    t.run(Command::PlaceIntruder { kind: IntruderKind::Larva, at: Location(3) }, vec![]);
    t.run(Command::SetDestination { seat: Seat(0), letter: DestinationLetter::C }, vec![]);
    assert_eq!(t.s.destination, DestinationLetter::C);
}

#[test]
fn a_physical_coordinates_card_is_checked_and_revealed_at_the_table() {
    // p. 6 step 5 with a physical card: the app never sees it; the table enters the destination.
    let mut t = Table::from_game(&started_with(physical(2, &[Component::Coordinates]), 46), 46 + 2000);
    assert_eq!(t.refused(Command::CheckCoordinates { seat: Seat(0) }, vec![]).code, Code::NotAllowed);
    t.s.engines = [Hidden::Known(EngineStatus::Working); 3];
    t.jump_with_hibernating(Seat(0));
    t.run(Command::RevealEngines, vec![]);
    assert_eq!(t.refused(Command::RevealCoordinates { quarantine: vec![] }, vec![]).code, Code::ResultNeeded);
    t.run(Command::RevealCoordinates { quarantine: vec![] }, vec![Entered::Destination { destination: Destination::Earth }]);
    assert_eq!(t.s.public_view().revealed_destination, Some(Destination::Earth));
    assert_eq!(t.s.seats[Seat(0)].life, Life::Hibernating, "heading to Earth, the sleeper survives");
}

#[test]
fn hibernation_chambers_open_when_time_reaches_blue_p12_p26() {
    let (mut s, mut f) = table(2, 107);
    let opens = Content::base().data.time_track.hibernation_opens_at;
    assert_eq!(opens, 7, "the blue span starts after 7 moves (data, graded B)");
    s.time = opens - 1;
    let err = refused(&s, &mut f, Command::TryHibernate { seat: Seat(0) }, silence());
    assert_eq!(err.code, Code::NotAllowed, "no hibernation before blue");

    let a = advance_time(&s, &mut f);
    assert!(a.events.contains(&Event::HibernationOpened), "the 7th move opens the chambers");
    let mut s = a.state;
    s.phase = Phase::Player;
    let a = ok(&s, &mut f, Command::TryHibernate { seat: Seat(0) }, silence());
    assert_eq!(a.state.seats[Seat(0)].life, Life::Hibernating, "a quiet Noise roll: the character hibernates");
    assert!(a.state.phase == Phase::Player, "the other character is still awake: the game goes on");

    let err = refused(&a.state, &mut f, Command::StartSelfDestruct { seat: Seat(1) }, vec![]);
    assert_eq!(err.code, Code::NotAllowed, "Self-Destruct cannot start while anyone hibernates (p. 24)");
    let err = refused(&a.state, &mut f, Command::SetDestination { seat: Seat(1), letter: DestinationLetter::A }, vec![]);
    assert_eq!(err.code, Code::NotAllowed, "nor can the destination change (p. 26)");
}

#[test]
fn hibernation_fails_when_an_intruder_comes_or_is_there_p26() {
    let (mut s, mut f) = table(2, 108);
    s.time = 7;
    s.seats[Seat(1)].location = COCKPIT;
    s.seats[Seat(0)].hand = 5;
    // Noise already in the corridor the roll points at: an Encounter, and the attempt fails.
    let corridor = Content::base().board.corridor_between(HIB, Location(15)).unwrap();
    s.board.noise[corridor.0 as usize] = true;
    let a = ok(
        &s,
        &mut f,
        Command::TryHibernate { seat: Seat(0) },
        vec![Entered::Noise { face: NoiseFace::One }, Entered::Token { token: TokenKind::Larva, back: None }],
    );
    assert!(a.state.intruders.iter().any(|i| i.at == HIB), "the Noise roll brought an Intruder");
    assert_ne!(a.state.seats[Seat(0)].life, Life::Hibernating, "an Intruder showed up: the hibernation failed");

    s.board.noise[corridor.0 as usize] = false;
    s.intruders.push(Intruder { id: IntruderId(s.next_intruder), kind: IntruderKind::Adult, at: HIB, injuries: 0, token: None });
    s.next_intruder += 1;
    let err = refused(&s, &mut f, Command::TryHibernate { seat: Seat(0) }, silence());
    assert_eq!(err.code, Code::NotAllowed, "never with an Intruder in the Hibernatorium");
}

#[test]
fn self_destruct_starts_and_stops_until_yellow_then_unlocks_the_pods_and_cannot_stop_p12_p24() {
    let (mut s, mut f) = table(2, 109);
    stand_in(&mut s, Seat(0), "generator");
    stand_in(&mut s, Seat(1), "generator");
    let sd = &Content::base().data.self_destruct_track;
    assert_eq!((sd.yellow_from, sd.moves), (3, 6), "yellow from the 3rd move, the skull on the 6th (data, graded B)");

    let a = ok(&s, &mut f, Command::StartSelfDestruct { seat: Seat(0) }, vec![]);
    assert_eq!(a.state.self_destruct, Some(0), "the marker goes on the green space");
    let err = refused(&a.state, &mut f, Command::StartSelfDestruct { seat: Seat(1) }, vec![]);
    assert_eq!(err.code, Code::NotAllowed, "it is already running");
    let stopped = ok(&a.state, &mut f, Command::StopSelfDestruct { seat: Seat(1) }, vec![]);
    assert_eq!(stopped.state.self_destruct, None, "stopping removes the marker");

    let mut now = a.state;
    for move_no in 1..=2 {
        now = advance_time(&now, &mut f).state;
        assert_eq!(now.self_destruct, Some(move_no), "the marker moves with time");
        let mut in_player_phase = now.clone();
        in_player_phase.phase = Phase::Player;
        assert!(run(&in_player_phase, &mut f, Command::StopSelfDestruct { seat: Seat(0) }, vec![]).is_ok(), "still stoppable before yellow");
    }
    assert!(now.pods.iter().all(|p| p.locked), "pods still locked before yellow");
    let a = advance_time(&now, &mut f);
    assert!(a.events.contains(&Event::SelfDestructCritical), "the 3rd move reaches yellow");
    assert!(a.events.contains(&Event::PodsUnlocked { reason: UnlockReason::SelfDestructCritical }));
    assert!(a.state.pods.iter().all(|p| !p.locked), "every Escape Pod unlocks");
    assert!(a.state.self_destruct_unstoppable());
    let mut in_player_phase = a.state.clone();
    in_player_phase.phase = Phase::Player;
    let err = refused(&in_player_phase, &mut f, Command::StopSelfDestruct { seat: Seat(0) }, vec![]);
    assert_eq!(err.code, Code::NotAllowed, "on yellow the sequence cannot be aborted");
}

#[test]
fn self_destruct_reaching_the_skull_explodes_the_ship_and_everyone_aboard_p11() {
    let (mut s, mut f) = table(2, 110);
    s.self_destruct = Some(5);
    s.seats[Seat(1)].life = Life::Hibernating;
    let a = advance_time(&s, &mut f);
    assert_eq!(a.state.phase, Phase::Over { cause: EndCause::SelfDestruct, check: VictoryStep::Done }, "the 6th move ends the game");
    assert!(a.state.ship_destroyed, "the ship explodes");
    assert_eq!(a.state.seats[Seat(0)].life, Life::Dead, "awake characters die");
    assert_eq!(a.state.seats[Seat(1)].life, Life::Dead, "so do hibernating ones");
}

#[test]
fn jump_while_self_destruct_runs_still_destroys_the_ship_p24() {
    let (mut s, mut f) = table(2, 111);
    s.time = Content::base().data.time_track.moves - 1;
    s.self_destruct = Some(0);
    s.seats[Seat(1)].life = Life::Hibernating;
    let a = advance_time(&s, &mut f);
    assert!(matches!(a.state.phase, Phase::Over { cause: EndCause::Jump, .. }), "the Time marker reached red: the jump");
    assert!(a.state.ship_destroyed, "with Self-Destruct active the ship is still considered destroyed");
    assert_eq!(a.state.seats[Seat(1)].life, Life::Dead, "the hibernating character dies with it");
}

#[test]
fn escape_pods_start_locked_and_a_locked_pod_cannot_be_entered_p26() {
    let (s, mut f, _, pod) = at_section_a(115);
    assert_eq!(s.pods.len(), 3, "3 pods for 3 players");
    assert!(s.pods.iter().all(|p| p.locked && p.state == PodState::Docked), "all Escape Pods start locked");
    let err = refused(&s, &mut f, Command::TryEnterPod { seat: Seat(0), pod }, silence());
    assert_eq!(err.code, Code::NotAllowed, "a locked pod cannot be entered");
    assert!(err.reason.contains("locked"), "the reason says why: {}", err.reason);
}

#[test]
fn escape_pod_holds_two_characters_and_launching_means_escape_p26() {
    let (mut s, mut f, _, pod) = at_section_a(116);
    s = ok(&s, &mut f, Command::SetPodLock { pod, locked: false }, vec![]).state;
    s = ok(&s, &mut f, Command::TryEnterPod { seat: Seat(0), pod }, silence()).state;
    assert_eq!(s.seats[Seat(0)].life, Life::InPod(pod), "after a quiet Noise roll the character is in the pod");
    s = ok(&s, &mut f, Command::TryEnterPod { seat: Seat(1), pod }, silence()).state;
    let err = refused(&s, &mut f, Command::TryEnterPod { seat: Seat(2), pod }, silence());
    assert_eq!(err.code, Code::NotAllowed, "an Escape Pod has 2 spaces");

    let a = ok(&s, &mut f, Command::LaunchPod { pod, seat: None }, vec![]);
    assert_eq!(a.state.seats[Seat(0)].life, Life::Escaped, "launching evacuates its occupants");
    assert_eq!(a.state.seats[Seat(1)].life, Life::Escaped);
    assert_eq!(a.state.pod(pod).unwrap().state, PodState::Launched, "the pod leaves the game");
    assert_eq!(a.state.phase, Phase::Player, "seat 2 is still awake: the game goes on");
    let err = refused(&a.state, &mut f, Command::TryEnterPod { seat: Seat(2), pod }, silence());
    assert_eq!(err.code, Code::NotAllowed, "a launched pod is gone");
    let empty = a.state.pods.iter().find(|p| p.occupants.is_empty() && p.state == PodState::Docked).unwrap().number;
    assert_eq!(refused(&a.state, &mut f, Command::LaunchPod { pod: empty, seat: None }, vec![]).code, Code::NotAllowed, "nobody to launch");
}

#[test]
fn intruder_appearing_in_the_section_returns_the_characters_waiting_in_pods_p26() {
    let (mut s, mut f, section, pod) = at_section_a(117);
    s = ok(&s, &mut f, Command::SetPodLock { pod, locked: false }, vec![]).state;
    s = ok(&s, &mut f, Command::TryEnterPod { seat: Seat(0), pod }, silence()).state;
    let a = ok(&s, &mut f, Command::PlaceIntruder { kind: IntruderKind::Adult, at: section }, vec![]);
    assert_eq!(a.state.seats[Seat(0)].life, Life::Awake, "the waiting character is back in the Evacuation Section");
    assert!(a.state.pod(pod).unwrap().occupants.is_empty(), "the pod is empty again");
}

#[test]
fn first_death_unlocks_all_pods_once_p12() {
    let (s, mut f, _, pod) = at_section_a(119);
    let a = ok(&s, &mut f, Command::KillCharacter { seat: Seat(1) }, vec![]);
    assert!(a.events.contains(&Event::PodsUnlocked { reason: UnlockReason::FirstDeath }), "the first death unlocks the pods");
    assert!(a.state.pods.iter().all(|p| !p.locked) && a.state.first_death);

    let relocked = ok(&a.state, &mut f, Command::SetPodLock { pod, locked: true }, vec![]).state;
    let b = ok(&relocked, &mut f, Command::KillCharacter { seat: Seat(2) }, vec![]);
    assert!(!b.events.iter().any(|e| matches!(e, Event::PodsUnlocked { .. })), "only the first death unlocks them");
    assert!(b.state.pod(pod).unwrap().locked, "a pod locked again stays locked");
}

#[test]
fn a_waiting_character_launches_the_pod_only_in_their_own_round_p26() {
    // p. 26: a character who entered a pod launches it at once, or waits and may launch it at the
    // start of their own round in each Player Phase; never in another player's round.
    let (mut s, mut f, _, pod) = at_section_a(120);
    s = ok(&s, &mut f, Command::SetPodLock { pod, locked: false }, vec![]).state;
    s = ok(&s, &mut f, Command::TryEnterPod { seat: Seat(0), pod }, silence()).state;
    assert_eq!(s.seats[Seat(0)].life, Life::InPod(pod));
    assert_eq!(s.rounds.turn_of, Some(Seat(0)), "the round stays for the decision to launch at once (p. 26)");
    // At once, after entering: launched.
    let a = nemesis_engine::apply(Some(&s), &mut f, Actor::Table, &Command::LaunchPod { pod, seat: Some(Seat(0)) }, &[]).expect("at once");
    assert_eq!(a.state.seats[Seat(0)].life, Life::Escaped);
    // Waiting into a later Player Phase: in another player's round the launch is refused, whoever
    // sends it, and nothing changes.
    let mut later = s.clone();
    later.rounds = Rounds { turn_of: Some(Seat(1)), actions: 0, passed: Vec::new(), started: true };
    for seat in [Some(Seat(0)), None] {
        let err = nemesis_engine::apply(Some(&later), &mut f, Actor::Table, &Command::LaunchPod { pod, seat }, &[]).expect_err("not in their round");
        assert_eq!(err.key, "an_escape_pod_launches_only_in_the_round_of", "{seat:?}");
    }
    // At the start of their own round: launched, from their own phone.
    later.rounds.turn_of = Some(Seat(0));
    let a = nemesis_engine::apply(Some(&later), &mut f, Actor::Seat(Seat(0)), &Command::LaunchPod { pod, seat: Some(Seat(0)) }, &[]).expect("in their round");
    assert!(a.events.contains(&Event::PodLaunched { pod }));
}

#[test]
fn no_escape_pod_is_entered_from_a_section_with_a_malfunction_marker_p26() {
    // p. 26: a Character may enter an Unlocked pod through its Evacuation Section "as long as there
    // are no Intruders and no Malfunction token in the Room".
    let (mut s, mut f, section, pod) = at_section_a(122);
    s = ok(&s, &mut f, Command::SetPodLock { pod, locked: false }, vec![]).state;
    let enter = Command::TryEnterPod { seat: Seat(0), pod };
    let mut broken = s.clone();
    broken.room_mut(section).malfunction = true;
    assert_eq!(refused(&broken, &mut f, enter.clone(), silence()).key, "a_malfunction_stops_the_evacuation_section_s_action");
    let mut guarded = s.clone();
    add_intruder(&mut guarded, IntruderKind::Creeper, section);
    assert_eq!(refused(&guarded, &mut f, enter.clone(), silence()).key, "no_one_can_enter_a_pod_with_an");
    assert_eq!(ok(&s, &mut f, enter, silence()).state.seats[Seat(0)].life, Life::InPod(pod));
}

#[test]
fn a_character_waiting_in_a_pod_gets_a_round_in_the_next_player_phase_and_may_launch_at_its_start_p26() {
    // p. 26: "IF YOU WAIT, you can decide to launch the Escape Pod at the start of your first round
    // during each Player Phase"; a round in the pod without the launch is a pass.
    let (mut s, mut f, _, pod) = at_section_a(123);
    s = ok(&s, &mut f, Command::SetPodLock { pod, locked: false }, vec![]).state;
    s = ok(&s, &mut f, Command::TryEnterPod { seat: Seat(0), pod }, silence()).state;
    s = ok(&s, &mut f, Command::Pass { seat: Seat(0) }, vec![]).state;
    let (mut s, _) = event_phase(s, &mut f);
    assert_eq!((s.phase, s.seats[Seat(0)].life), (Phase::Player, Life::InPod(pod)), "a new Player Phase, still waiting");
    while s.rounds.turn_of != Some(Seat(0)) {
        let seat = s.rounds.turn_of.expect("the rounds go round to the waiting character");
        s = nemesis_engine::apply(Some(&s), &mut f, Actor::Table, &Command::Pass { seat }, &[]).expect("a pass").state;
    }
    let offered: Vec<Command> = nemesis_engine::offers::offers(&s).into_iter().map(|o| o.command).collect();
    assert_eq!(offered, vec![Command::LaunchPod { pod, seat: Some(Seat(0)) }, Command::LeavePod { seat: Seat(0) }, Command::Pass { seat: Seat(0) }]);
    let a = nemesis_engine::apply(Some(&s), &mut f, Actor::Seat(Seat(0)), &Command::LaunchPod { pod, seat: Some(Seat(0)) }, &[]).expect("the launch at the round's start");
    assert_eq!(a.state.seats[Seat(0)].life, Life::Escaped);
}
