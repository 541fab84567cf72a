//! Scenario tests for the turn and the ship, each named after the rule it checks, with the page of
//! the English rulebook: the Event Phase steps (p. 10), the end of the game and the victory check
//! (p. 11), critical moments and objectives (p. 12), the Generator, Hibernatorium and Escape Pods
//! (Room sheet, pp. 24-26), markers (p. 17) and the dice (pp. 15, 18).

mod common;
use common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::{Content, ObjectiveKind};
use nemesis_engine::event::{DeathCause, Event, UnlockReason};
use nemesis_engine::ids::*;
use nemesis_engine::log::{log, Audience};
use nemesis_engine::state::*;
use nemesis_engine::view::ObjectiveStatus;
use nemesis_engine::{apply, Applied, Code, Fate, Game, Rejection, Request};

const HIB: Location = Location(11);
const COCKPIT: Location = Location(1);

// ---------------------------------------------------------------- helpers

fn table(players: usize, seed: u64) -> (State, Fate) {
    let g = started(players, seed);
    (state(&g).clone(), Fate::restore(&g.fate_snapshot()))
}

fn run(s: &State, fate: &mut Fate, command: Command, entered: Vec<Entered>) -> Result<Applied, Rejection> {
    apply(Some(s), fate, Actor::Table, &command, &entered)
}

fn ok(s: &State, fate: &mut Fate, command: Command, entered: Vec<Entered>) -> Applied {
    let what = format!("{command:?} with {entered:?}");
    run(s, fate, command, entered).unwrap_or_else(|r| panic!("{what} should be accepted, was refused: {r:?}"))
}

fn refused(s: &State, fate: &mut Fate, command: Command, entered: Vec<Entered>) -> Rejection {
    let what = format!("{command:?}");
    match run(s, fate, command, entered) {
        Ok(a) => panic!("{what} should be refused, produced {:?}", a.events),
        Err(r) => r,
    }
}

/// The Event Phase's time step, from wherever the state is.
fn advance_time(s: &State, fate: &mut Fate) -> Applied {
    let mut s = s.clone();
    s.phase = Phase::Event { step: EventStep::TimeTrack };
    ok(&s, fate, Command::AdvanceTime, vec![])
}

fn location_of_tile(s: &State, key: &str) -> Location {
    let c = Content::base();
    let tile = c.room_tile(key).expect("tile in the data");
    c.board.locations().find(|l| s.room(*l).tile == Some(tile)).expect("the tile is on the board")
}

fn objective_id(key: &str) -> ObjectiveId {
    ObjectiveId(Content::base().data.objectives.iter().position(|o| o.key == key).expect("objective in the data") as u8)
}

fn objective_key(o: ObjectiveId) -> String {
    Content::base().data.objectives[o.0 as usize].key.clone()
}

fn silence() -> Vec<Entered> {
    vec![Entered::Noise { face: NoiseFace::Silence }]
}

/// A 2-player game over by the last awake character dying, with seat 1 surviving as `survivor`.
fn ended(seed: u64, survivor: Life) -> (State, Fate) {
    let (mut s, mut f) = table(2, seed);
    s.seats[Seat(1)].life = survivor;
    let a = ok(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    (a.state, f)
}

/// The victory check at the Coordinates step: Coordinates card 1 (A Venus, B Deep Space, C Mars, D Earth).
fn at_coordinates(seed: u64, survivor: Life, letter: DestinationLetter) -> (State, Fate) {
    let (mut s, mut f) = ended(seed, survivor);
    s.engines = [Hidden::Known(EngineStatus::Working); 3];
    s.coordinates = Hidden::Known(CoordinatesId(0));
    s.destination = letter;
    let a = ok(&s, &mut f, Command::RevealEngines, vec![]);
    assert!(matches!(a.state.phase, Phase::Over { check: VictoryStep::Coordinates, .. }), "working engines lead to Coordinates");
    (a.state, f)
}

fn check(s: &State) -> VictoryStep {
    match s.phase {
        Phase::Over { check, .. } => check,
        other => panic!("the game should be over, it is at {other:?}"),
    }
}

// ---------------------------------------------------------------- objectives (pp. 8, 12)

#[test]
fn objectives_are_dealt_one_corporate_and_one_personal_privately_p8() {
    let g = started(2, 101);
    let s = state(&g);
    let c = Content::base();
    let mut all = Vec::new();
    for seat in [Seat(0), Seat(1)] {
        let dealt = &s.seats[seat].objectives;
        let kinds: Vec<ObjectiveKind> = dealt.iter().map(|o| c.data.objectives[o.0 as usize].kind).collect();
        assert_eq!(kinds, vec![ObjectiveKind::Corporate, ObjectiveKind::Personal], "1 Corporate and 1 Personal card each");
        assert!(dealt.iter().all(|o| c.data.objectives[o.0 as usize].players <= 2), "only cards for this player count");
        all.extend(dealt.iter().copied());
    }
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 4, "no card is dealt twice");

    let deal = g.entries().iter().flat_map(|e| e.events.iter()).find(|e| matches!(e, Event::ObjectivesDealt { .. })).unwrap();
    assert!(deal.is_private_reveal(), "dealing objectives shows a secret to one player");

    let public = serde_json::to_string(&s.public_view()).unwrap();
    let table_log: String = log(g.entries(), Audience::Table).into_iter().map(|l| l.text).collect::<Vec<_>>().join("\n");
    let mine: String = log(g.entries(), Audience::Seat(Seat(0))).into_iter().map(|l| l.text).collect::<Vec<_>>().join("\n");
    for o in s.seats[Seat(0)].objectives.iter().chain(&s.seats[Seat(1)].objectives) {
        let spec = &c.data.objectives[o.0 as usize];
        assert!(!public.contains(&format!("\"{}\"", spec.key)), "the table screen never names a dealt objective");
        assert!(!table_log.contains(&spec.name), "the table log never names a dealt objective ({})", spec.name);
    }
    for o in &s.seats[Seat(0)].objectives {
        assert!(mine.contains(&c.data.objectives[o.0 as usize].name), "seat 0's own log names its objectives");
    }
    for o in &s.seats[Seat(1)].objectives {
        assert!(!mine.contains(&c.data.objectives[o.0 as usize].name), "seat 0 never sees seat 1's objectives");
    }
    let view = s.seat_view(Seat(0)).unwrap();
    assert_eq!(view.objectives.len(), 2, "the seat's own view holds its two cards");
    assert!(!view.must_choose_objective, "no choice before the first Encounter");
}

#[test]
fn objective_choice_is_refused_before_the_first_encounter_p12() {
    let (s, mut f) = table(2, 102);
    let key = objective_key(s.seats[Seat(0)].objectives[0]);
    let err = refused(&s, &mut f, Command::ChooseObjective { seat: Seat(0), objective: Some(key) }, vec![]);
    assert_eq!(err.code, Code::WrongPhase, "objectives are chosen at the first Encounter, not before");
    assert!(!err.reason.is_empty());
}

#[test]
fn first_encounter_makes_each_player_choose_one_of_their_two_objectives_privately_p12() {
    let mut g = started(2, 103);
    act_with(&mut g, Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Larva, back: None }]).unwrap();
    let s = state(&g).clone();
    assert!(s.first_encounter, "the first Intruder on the board is the first Encounter");
    assert!(s.seat_view(Seat(1)).unwrap().must_choose_objective, "every player must now choose");
    assert!(s.public_view().seats.iter().all(|p| p.objective == ObjectiveStatus::MustChoose), "the table sees who must choose");

    let other = objective_key(s.seats[Seat(1)].objectives[0]);
    let err = g
        .submit(Actor::Seat(Seat(0)), Request::Do { command: Command::ChooseObjective { seat: Seat(0), objective: Some(other) }, entered: vec![] })
        .unwrap_err();
    assert_eq!(err.code, Code::NotAllowed, "only one of the two objectives dealt to this player");

    let mine = s.seats[Seat(0)].objectives[1];
    g.submit(Actor::Seat(Seat(0)), Request::Do { command: Command::ChooseObjective { seat: Seat(0), objective: Some(objective_key(mine)) }, entered: vec![] })
        .expect("a player chooses for themself from their own device");
    assert_eq!(state(&g).seats[Seat(0)].objective, ObjectiveChoice::Chosen(Some(mine)), "the chosen card is kept");
    assert_eq!(state(&g).seat_view(Seat(0)).unwrap().chosen_objective.map(|o| o.key), Some(objective_key(mine)));

    let again = g
        .submit(Actor::Seat(Seat(0)), Request::Do { command: Command::ChooseObjective { seat: Seat(0), objective: Some(objective_key(mine)) }, entered: vec![] })
        .unwrap_err();
    assert_eq!(again.code, Code::NotAllowed, "the choice is made once");

    let table_log = log(g.entries(), Audience::Table);
    let last = table_log.last().unwrap();
    assert_eq!(last.key, "objective_chosen", "the table hears that a choice was made");
    assert!(!last.text.contains(&Content::base().data.objectives[mine.0 as usize].name), "but not which card: {}", last.text);
    assert_eq!(state(&g).public_view().seats[0].objective, ObjectiveStatus::Chosen);
    assert_eq!(state(&g).public_view().seats[0].revealed_objective, None, "the choice stays secret until the end");
}

#[test]
fn first_encounter_happens_once_when_the_first_intruder_appears_p12() {
    let mut g = started(2, 104);
    assert!(!state(&g).first_encounter);
    let events = act_with(&mut g, Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Larva, back: None }]).unwrap();
    assert_eq!(events.iter().filter(|e| matches!(e, Event::FirstEncounter)).count(), 1, "the first Intruder triggers it");
    let events = act_with(&mut g, Command::Encounter { seat: Seat(1) }, vec![Entered::Token { token: TokenKind::Larva, back: None }]).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::IntruderPlaced { .. })), "a second Intruder appears");
    assert!(!events.iter().any(|e| matches!(e, Event::FirstEncounter)), "but it is not the first Encounter again");
}

// ---------------------------------------------------------------- the Event Phase (p. 10)

#[test]
fn event_phase_steps_run_in_order_and_out_of_order_is_refused_p10() {
    let mut g = started(2, 105);
    let first = state(&g).first_player;
    let wrong = |g: &mut Game, c: Command| {
        let what = format!("{c:?}");
        let err = act(g, c).expect_err(&what);
        assert_eq!(err.code, Code::WrongPhase, "{what} out of order");
        assert!(!err.reason.is_empty(), "a reason a player can read");
    };
    wrong(&mut g, Command::AdvanceTime);
    wrong(&mut g, Command::DevelopBag);
    act(&mut g, Command::EndPlayerPhase).unwrap();
    wrong(&mut g, Command::EndPlayerPhase);
    wrong(&mut g, Command::ResolveIntruderAttacks);
    act(&mut g, Command::AdvanceTime).unwrap();
    wrong(&mut g, Command::AdvanceTime);
    wrong(&mut g, Command::ResolveFireDamage);
    act(&mut g, Command::ResolveIntruderAttacks).unwrap();
    wrong(&mut g, Command::ResolveEventCard);
    act(&mut g, Command::ResolveFireDamage).unwrap();
    wrong(&mut g, Command::DevelopBag);
    act_with(&mut g, Command::ResolveEventCard, vec![Entered::EventCard { key: "bulkheads_open".into() }]).unwrap();
    wrong(&mut g, Command::ResolveEventCard);
    act_with(&mut g, Command::DevelopBag, vec![Entered::Token { token: TokenKind::Larva, back: None }]).unwrap();

    let s = state(&g);
    assert_eq!(s.phase, Phase::Player, "after bag development a new turn starts with the Player Phase");
    assert_eq!(s.turn, 2, "turn 2");
    assert_eq!(s.first_player, Seat((first.0 + 1) % 2), "the First Player token passes to the left");
    assert_eq!(s.time, 1, "the Time marker moved once");
    assert!(s.seats.iter().all(|(_, x)| x.hand == 5), "everyone draws up to 5");
}

#[test]
fn time_advances_only_in_the_time_track_step_p10() {
    let mut g = started(2, 106);
    act(&mut g, Command::EndPlayerPhase).unwrap();
    assert_eq!(state(&g).time, 0, "ending the Player Phase does not move time");
    let events = act(&mut g, Command::AdvanceTime).unwrap();
    assert!(events.contains(&Event::TimeAdvanced { to: 1 }), "the Time marker moves 1 space");
    for (cmd, entered) in [
        (Command::ResolveIntruderAttacks, vec![]),
        (Command::ResolveFireDamage, vec![]),
        (Command::ResolveEventCard, vec![Entered::EventCard { key: "bulkheads_open".into() }]),
        (Command::DevelopBag, vec![Entered::Token { token: TokenKind::Larva, back: None }]),
    ] {
        act_with(&mut g, cmd, entered).unwrap();
        assert_eq!(state(&g).time, 1, "no other step moves the Time marker");
    }
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

// ---------------------------------------------------------------- Self-Destruct (p. 24, p. 12)

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
fn jump_kills_everyone_awake_but_not_the_hibernating_p11() {
    let (mut s, mut f) = table(2, 112);
    s.time = Content::base().data.time_track.moves - 1;
    s.seats[Seat(1)].life = Life::Hibernating;
    let a = advance_time(&s, &mut f);
    assert!(a.events.contains(&Event::CharacterDied { seat: Seat(0), cause: DeathCause::Jump }), "the g-force kills the awake");
    assert_eq!(a.state.seats[Seat(1)].life, Life::Hibernating, "the hibernating survive the jump");
    assert!(!a.state.ship_destroyed);
    assert_eq!(a.state.phase, Phase::Over { cause: EndCause::Jump, check: VictoryStep::Engines }, "on to the Engines check");
}

// ---------------------------------------------------------------- the 9th marker (p. 11, p. 17)

#[test]
fn ninth_fire_marker_loses_the_ship_p11_p17() {
    let (mut s, mut f) = table(2, 113);
    for at in 1..=8 {
        s.room_mut(Location(at)).fire = true;
    }
    let a = ok(&s, &mut f, Command::SetFire { at: Location(9), on: true }, vec![]);
    assert!(matches!(a.state.phase, Phase::Over { cause: EndCause::Fire, .. }), "a 9th Fire marker ends the game");
    assert!(a.state.ship_destroyed, "the ship loses hull integrity");
    assert!(a.state.seats.iter().all(|(_, x)| x.life == Life::Dead), "everyone aboard dies");
    assert_eq!(a.state.fire_count(), 8, "there is no 9th marker to place");

    s.room_mut(Location(8)).fire = false;
    let a = ok(&s, &mut f, Command::SetFire { at: Location(9), on: true }, vec![]);
    assert_eq!(a.state.phase, Phase::Player, "the 8th Fire marker is fine");
}

#[test]
fn ninth_malfunction_marker_loses_the_ship_p11_p17() {
    let (mut s, mut f) = table(2, 114);
    let c = Content::base();
    let fit: Vec<Location> = c
        .board
        .locations()
        .filter(|l| !s.room(*l).tile.is_some_and(|t| matches!(c.tile(t).key.as_str(), "nest" | "room_covered_with_slime")))
        .collect();
    for at in &fit[..8] {
        s.room_mut(*at).malfunction = true;
    }
    let a = ok(&s, &mut f, Command::SetMalfunction { at: fit[8], on: true }, vec![]);
    assert!(matches!(a.state.phase, Phase::Over { cause: EndCause::Malfunction, .. }), "a 9th Malfunction marker ends the game");
    assert!(a.state.ship_destroyed && a.state.seats.iter().all(|(_, x)| x.life == Life::Dead), "the ship and crew are lost");
}

// ---------------------------------------------------------------- Escape Pods (p. 26, p. 12)

fn at_section_a(seed: u64) -> (State, Fate, Location, PodNumber) {
    let (mut s, f) = table(3, seed);
    let section = location_of_tile(&s, "evacuation_section_a");
    s.room_mut(section).explored = true;
    for seat in [Seat(0), Seat(1), Seat(2)] {
        s.seats[seat].location = section;
    }
    let pod = s.pods.iter().filter(|p| p.section == Section::A).map(|p| p.number).min().unwrap();
    (s, f, section, pod)
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

// ---------------------------------------------------------------- the last awake character (p. 11)

#[test]
fn last_awake_character_leaving_without_self_destruct_makes_the_ship_jump_p11() {
    let (s, _) = ended(120, Life::Hibernating);
    assert_eq!(s.phase, Phase::Over { cause: EndCause::Jump, check: VictoryStep::Engines }, "the game ends with the jump");
    assert_eq!(s.time, Content::base().data.time_track.moves, "the Time marker goes to the red space");
    assert_eq!(s.seats[Seat(1)].life, Life::Hibernating, "the hibernating character survives the jump");
    assert!(!s.ship_destroyed);
}

#[test]
fn last_awake_character_leaving_with_self_destruct_running_explodes_the_ship_p11() {
    let (mut s, mut f) = table(2, 121);
    s.self_destruct = Some(1);
    s.seats[Seat(1)].life = Life::Escaped;
    let a = ok(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    assert_eq!(a.state.self_destruct, Some(Content::base().data.self_destruct_track.moves), "the marker goes to the skull");
    assert!(matches!(a.state.phase, Phase::Over { cause: EndCause::SelfDestruct, check: VictoryStep::Contamination }), "{:?}", a.state.phase);
    assert!(a.state.ship_destroyed, "the ship explodes");
    assert_eq!(a.state.seats[Seat(1)].life, Life::Escaped, "the escaped character is away from it");
}

#[test]
fn last_awake_character_launching_a_pod_ends_the_game_p11() {
    let (mut s, mut f, _, pod) = at_section_a(122);
    s.seats[Seat(1)].life = Life::Dead;
    s.seats[Seat(2)].life = Life::Dead;
    s.first_death = true;
    s = ok(&s, &mut f, Command::SetPodLock { pod, locked: false }, vec![]).state;
    s = ok(&s, &mut f, Command::TryEnterPod { seat: Seat(0), pod }, silence()).state;
    assert_eq!(s.phase, Phase::Player, "waiting in a pod still counts as on board");
    let a = ok(&s, &mut f, Command::LaunchPod { pod, seat: None }, vec![]);
    assert!(matches!(a.state.phase, Phase::Over { cause: EndCause::Jump, .. }), "nobody is left aboard: the game ends");
    assert_eq!(a.state.seats[Seat(0)].life, Life::Escaped);
}

// ---------------------------------------------------------------- the victory check (p. 11)

#[test]
fn victory_check_is_a_sequence_of_reveals_in_order_p11() {
    let (s, mut f) = ended(123, Life::Hibernating);
    for cmd in [
        Command::RevealCoordinates { quarantine: vec![] },
        Command::CheckContamination { seat: Seat(1) },
        Command::RevealObjective { seat: Seat(1) },
    ] {
        let what = format!("{cmd:?}");
        assert_eq!(refused(&s, &mut f, cmd, vec![]).code, Code::WrongPhase, "{what} before the Engines check");
    }
    assert_eq!(refused(&s, &mut f, Command::SetFire { at: COCKPIT, on: true }, vec![]).code, Code::GameOver, "play has ended");
    let mut s = s;
    s.engines = [Hidden::Known(EngineStatus::Working); 3];
    let a = ok(&s, &mut f, Command::RevealEngines, vec![]);
    assert_eq!(check(&a.state), VictoryStep::Coordinates, "Engines, then Coordinates");
    assert_eq!(refused(&a.state, &mut f, Command::RevealEngines, vec![]).code, Code::WrongPhase, "each reveal happens once");
    assert_eq!(a.state.public_view().engines, Some([EngineStatus::Working; 3]), "the top tokens are shown to all");
}

#[test]
fn engines_check_two_damaged_engines_kill_the_hibernating_p11() {
    let (mut s, mut f) = table(3, 124);
    s.seats[Seat(1)].life = Life::Hibernating;
    s.seats[Seat(2)].life = Life::Escaped;
    let mut s = ok(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]).state;
    assert_eq!(check(&s), VictoryStep::Engines);

    s.engines = [Hidden::Known(EngineStatus::Damaged), Hidden::Known(EngineStatus::Working), Hidden::Known(EngineStatus::Working)];
    let a = ok(&s, &mut f, Command::RevealEngines, vec![]);
    assert_eq!(a.state.seats[Seat(1)].life, Life::Hibernating, "1 Damaged engine: the ship makes it");
    assert_eq!(check(&a.state), VictoryStep::Coordinates);

    s.engines[1] = Hidden::Known(EngineStatus::Damaged);
    let a = ok(&s, &mut f, Command::RevealEngines, vec![]);
    assert!(a.events.contains(&Event::CharacterDied { seat: Seat(1), cause: DeathCause::EnginesFailed }), "2 Damaged: the hibernating die");
    assert!(a.state.ship_destroyed, "the ship explodes");
    assert_eq!(a.state.seats[Seat(2)].life, Life::Escaped, "the escaped are not aboard");
    assert_eq!(check(&a.state), VictoryStep::Contamination, "no Coordinates check for an exploded ship");
}

#[test]
fn coordinates_check_anywhere_but_earth_kills_the_hibernating_p11() {
    let (s, mut f) = at_coordinates(125, Life::Hibernating, DestinationLetter::D);
    let a = ok(&s, &mut f, Command::RevealCoordinates { quarantine: vec![] }, vec![]);
    assert_eq!(a.state.revealed_destination, Some(Destination::Earth), "card 1 on D is Earth");
    assert_eq!(a.state.seats[Seat(1)].life, Life::Hibernating, "heading to Earth: the hibernating survive");
    assert_eq!(check(&a.state), VictoryStep::Contamination);

    let (s, mut f) = at_coordinates(125, Life::Hibernating, DestinationLetter::A);
    let a = ok(&s, &mut f, Command::RevealCoordinates { quarantine: vec![] }, vec![]);
    assert_eq!(a.state.revealed_destination, Some(Destination::Venus));
    assert!(a.events.contains(&Event::CharacterDied { seat: Seat(1), cause: DeathCause::WrongDestination }), "not Earth: they die");
    assert!(!a.state.ship_destroyed, "although the characters die, the ship is not destroyed");

    let (s, mut f) = at_coordinates(125, Life::Escaped, DestinationLetter::A);
    let a = ok(&s, &mut f, Command::RevealCoordinates { quarantine: vec![] }, vec![]);
    assert_eq!(a.state.seats[Seat(1)].life, Life::Escaped, "an Escape Pod always arrives on Earth (p. 26)");
}

#[test]
fn coordinates_check_quarantine_survives_mars_only_p11() {
    let quarantine = objective_id("quarantine");
    for (letter, holds, survives) in [
        (DestinationLetter::C, true, true),
        (DestinationLetter::C, false, false),
        (DestinationLetter::A, true, false),
    ] {
        let (mut s, mut f) = at_coordinates(126, Life::Hibernating, letter);
        let mut dealt = s.seats[Seat(1)].objectives.clone();
        if holds {
            dealt[1] = quarantine;
            s.seats[Seat(1)].objective = ObjectiveChoice::Chosen(Some(quarantine));
        } else {
            s.seats[Seat(1)].objective = ObjectiveChoice::Chosen(Some(dealt[0]));
        }
        s.seats[Seat(1)].objectives = dealt;
        let a = ok(&s, &mut f, Command::RevealCoordinates { quarantine: vec![] }, vec![]);
        assert_eq!(
            a.state.seats[Seat(1)].life == Life::Hibernating,
            survives,
            "destination {:?}, holding Quarantine: {holds}",
            a.state.revealed_destination
        );
    }
}

fn infected_card(s: &State, infected: bool) -> ContaminationId {
    *s.contamination.draw.iter().find(|c| s.infected[c.0 as usize] == Hidden::Known(infected)).expect("such a card in the deck")
}

fn hold(s: &mut State, seat: Seat, card: ContaminationId) {
    s.contamination.draw.retain(|c| *c != card);
    s.seats[seat].contamination.push(card);
}

#[test]
fn contamination_check_infected_survivor_dies_if_the_draw_shows_contamination_p11() {
    let (mut s, mut f) = at_coordinates(127, Life::Hibernating, DestinationLetter::D);
    s = ok(&s, &mut f, Command::RevealCoordinates { quarantine: vec![] }, vec![]).state;
    let card = infected_card(&s, true);
    hold(&mut s, Seat(1), card);

    let a = ok(&s, &mut f, Command::CheckContamination { seat: Seat(1) }, vec![Entered::ContaminationDraw { contamination: 1 }]);
    assert!(
        a.events.contains(&Event::ContaminationChecked { seat: Seat(1), infected: true, drawn_contamination: 1, dies: true }),
        "INFECTED and a Contamination card among the 4: death"
    );
    assert_eq!(a.state.seats[Seat(1)].life, Life::Dead);

    let a = ok(&s, &mut f, Command::CheckContamination { seat: Seat(1) }, vec![Entered::ContaminationDraw { contamination: 0 }]);
    assert_eq!(a.state.seats[Seat(1)].life, Life::Hibernating, "no Contamination card among the 4: lucky to survive");
    assert_eq!(check(&a.state), VictoryStep::Objectives, "every survivor checked: on to the objectives");
}

#[test]
fn contamination_check_without_infection_draws_nothing_but_a_larva_forces_the_draw_p11() {
    let (mut s, mut f) = at_coordinates(128, Life::Hibernating, DestinationLetter::D);
    s = ok(&s, &mut f, Command::RevealCoordinates { quarantine: vec![] }, vec![]).state;
    let clean = infected_card(&s, false);
    hold(&mut s, Seat(1), clean);

    let a = ok(&s, &mut f, Command::CheckContamination { seat: Seat(1) }, vec![]);
    assert!(
        a.events.contains(&Event::ContaminationChecked { seat: Seat(1), infected: false, drawn_contamination: 0, dies: false }),
        "no INFECTED card: no draw, survival"
    );
    let err = refused(&s, &mut f, Command::CheckContamination { seat: Seat(1) }, vec![Entered::ContaminationDraw { contamination: 1 }]);
    assert_eq!(err.code, Code::BadResult, "there is no end-of-game draw to enter for a clean character");

    s.seats[Seat(1)].larva = true;
    let a = ok(&s, &mut f, Command::CheckContamination { seat: Seat(1) }, vec![Entered::ContaminationDraw { contamination: 1 }]);
    assert_eq!(a.state.seats[Seat(1)].life, Life::Dead, "a Larva skips the scan: the draw decides, and kills");
}

#[test]
fn objectives_are_revealed_at_the_end_and_judged_p11() {
    let (mut s, mut f) = at_coordinates(129, Life::Hibernating, DestinationLetter::D);
    s = ok(&s, &mut f, Command::RevealCoordinates { quarantine: vec![] }, vec![]).state;
    s = ok(&s, &mut f, Command::CheckContamination { seat: Seat(1) }, vec![]).state;
    assert_eq!(check(&s), VictoryStep::Objectives);
    let kept = s.seats[Seat(1)].objectives[1];
    s.seats[Seat(1)].objective = ObjectiveChoice::Chosen(Some(kept));
    assert_eq!(s.public_view().seats[1].revealed_objective, None, "hidden until revealed");

    assert_eq!(refused(&s, &mut f, Command::JudgeObjective { seat: Seat(1), met: true }, vec![]).code, Code::WrongPhase, "reveal first");
    assert_eq!(refused(&s, &mut f, Command::RevealObjective { seat: Seat(0) }, vec![]).code, Code::NotAllowed, "the dead reveal nothing");
    let a = ok(&s, &mut f, Command::RevealObjective { seat: Seat(1) }, vec![]);
    assert_eq!(
        a.state.public_view().seats[1].revealed_objective.as_ref().map(|n| n.key.clone()),
        Some(objective_key(kept)),
        "the kept objective is shown to everyone"
    );
    let a = ok(&a.state, &mut f, Command::JudgeObjective { seat: Seat(1), met: true }, vec![]);
    assert_eq!(check(&a.state), VictoryStep::Done, "every survivor judged: the check is done");
    let view = a.state.public_view();
    assert_eq!(view.seats[1].winner, Some(true), "survived and met the objective: a winner");
    assert_eq!(view.seats[0].winner, Some(false), "the dead do not win");
}

// ---------------------------------------------------------------- dice (pp. 15, 18)

#[test]
fn dice_rolls_use_the_faces_of_the_data_p15_p18() {
    let (s, mut f) = table(2, 130);
    let d = &Content::base().data;
    let mut noise = Vec::new();
    let mut combat = Vec::new();
    for _ in 0..200 {
        let a = ok(&s, &mut f, Command::RollDice { die: Die::Noise, count: 2 }, vec![]);
        let a2 = ok(&s, &mut f, Command::RollDice { die: Die::Combat, count: 1 }, vec![]);
        for e in a.events.iter().chain(&a2.events) {
            if let Event::DiceRolled { noise: n, combat: c, .. } = e {
                noise.extend(n.iter().copied());
                combat.extend(c.iter().copied());
            }
        }
    }
    assert_eq!((noise.len(), combat.len()), (400, 200), "two Noise dice and one Combat die per roll");
    for face in &d.noise_die {
        assert!(noise.contains(face), "every Noise face comes up in 400 rolls: {face:?}");
    }
    for face in &d.combat_die {
        assert!(combat.contains(face), "every Combat face comes up in 200 rolls: {face:?}");
    }
    let silences = noise.iter().filter(|f| **f == NoiseFace::Silence).count();
    assert!(silences < 100, "Silence is 1 face in 10: {silences} in 400 is off the data");
    assert_eq!(refused(&s, &mut f, Command::RollDice { die: Die::Noise, count: 3 }, vec![]).code, Code::NotAllowed, "the box has 2 dice");
}

#[test]
fn physical_dice_need_the_rolled_result_entered_p15() {
    let mut o = options(2);
    o.handled.retain(|c| *c != Component::Dice);
    let mut g = started_with(o, 131);
    let err = act(&mut g, Command::RollDice { die: Die::Noise, count: 1 }).unwrap_err();
    assert_eq!(err.code, Code::ResultNeeded, "the app does not roll dice the table keeps");
    let err = act(&mut g, Command::NoiseRoll { seat: Seat(0) }).unwrap_err();
    assert_eq!(err.code, Code::ResultNeeded, "nor a Noise roll");

    let events = act_with(&mut g, Command::RollDice { die: Die::Noise, count: 1 }, vec![Entered::Noise { face: NoiseFace::Danger }]).unwrap();
    assert!(events.contains(&Event::DiceRolled { die: Die::Noise, noise: vec![NoiseFace::Danger], combat: vec![] }), "the entered face is used");
    let events = act_with(
        &mut g,
        Command::RollDice { die: Die::Combat, count: 2 },
        vec![Entered::Combat { face: CombatFace::TwoHits }, Entered::Combat { face: CombatFace::Miss }],
    )
    .unwrap();
    assert!(
        events.contains(&Event::DiceRolled { die: Die::Combat, noise: vec![], combat: vec![CombatFace::TwoHits, CombatFace::Miss] }),
        "each entered face in order"
    );
}
