//! The table's sound schedule (issue 20): which public events and critical moments make which
//! cue, with the rule that makes each one matter, and that no private reveal is ever audible on
//! the table (PRIVACY.md: a secret must not reach the shared screen, not even as a sound).

use crate::common::*;
use nemesis_engine::command::{Command, Entered, ScanProcedure};
use nemesis_engine::content::Content;
use nemesis_engine::cues::{of_step, Announcement, Cue, Sound};
use nemesis_engine::ids::*;
use nemesis_engine::moments::{self, Moment};
use nemesis_engine::state::*;
use nemesis_engine::{Actor, Applied, Event};

fn cues_of(events: &[Event], after: &State) -> Vec<Cue> {
    of_step(events, &moments::of_step(events, after), &after.public_view())
}

fn cues(a: &Applied) -> Vec<Cue> {
    cues_of(&a.events, &a.state)
}

fn sounds(a: &Applied) -> Vec<Sound> {
    cues(a).iter().map(|c| c.sound).collect()
}

fn says(a: &Applied) -> Vec<Announcement> {
    cues(a).iter().filter_map(|c| c.say).collect()
}

#[test]
fn each_self_destruct_step_sounds_the_klaxon_and_counts_down_to_the_explosion_p12() {
    let (mut s, mut f) = table(2, 401);
    stand_in(&mut s, Seat(0), "generator");
    let started = ok(&s, &mut f, Command::StartSelfDestruct { seat: Seat(0) }, vec![]);
    assert_eq!(cues(&started), vec![Cue { sound: Sound::Klaxon, say: Some(Announcement::SelfDestructStarted) }]);
    let track = &Content::base().data.self_destruct_track;
    let mut now = started.state;
    for to in 1..track.moves {
        let a = advance_time(&now, &mut f);
        assert!(sounds(&a).contains(&Sound::Klaxon), "space {to}: the klaxon sounds on every move of the marker");
        assert!(says(&a).contains(&Announcement::SelfDestructLeft { left: track.moves - to }), "space {to}: the computer counts down: {:?}", says(&a));
        assert_eq!(
            says(&a).contains(&Announcement::Moment { moment: Moment::SelfDestructCritical }),
            to == track.yellow_from,
            "space {to}: the yellow space (no stopping it, the pods unlock) is announced once"
        );
        now = a.state;
    }
    let last = advance_time(&now, &mut f);
    assert!(sounds(&last).contains(&Sound::Explosion), "the marker reaches the skull: the ship explodes (p. 11)");
    assert!(says(&last).contains(&Announcement::ShipDestroyed));
    assert!(!says(&last).iter().any(|a| matches!(a, Announcement::SelfDestructLeft { .. })), "no countdown to zero over the explosion: {:?}", says(&last));
}

#[test]
fn stopping_the_self_destruct_sequence_stands_the_alarm_down_p12() {
    let (mut s, mut f) = table(2, 402);
    stand_in(&mut s, Seat(0), "generator");
    let started = ok(&s, &mut f, Command::StartSelfDestruct { seat: Seat(0) }, vec![]);
    let stopped = ok(&started.state, &mut f, Command::StopSelfDestruct { seat: Seat(0) }, vec![]);
    assert_eq!(cues(&stopped), vec![Cue { sound: Sound::StandDown, say: Some(Announcement::SelfDestructStopped) }]);
}

#[test]
fn the_hibernation_chambers_sound_once_when_they_open_p12() {
    let (mut s, mut f) = table(2, 403);
    s.time = Content::base().data.time_track.hibernation_opens_at - 2;
    let before = advance_time(&s, &mut f);
    assert!(cues(&before).is_empty(), "an ordinary move of the Time marker is silent: {:?}", cues(&before));
    let opens = advance_time(&before.state, &mut f);
    assert_eq!(cues(&opens), vec![Cue { sound: Sound::Chambers, say: Some(Announcement::Moment { moment: Moment::HibernationOpened }) }]);
    let after = advance_time(&opens.state, &mut f);
    assert!(cues(&after).is_empty(), "the chambers open once");
}

#[test]
fn the_first_encounter_sounds_the_intruder_then_the_objective_choice_and_later_ones_only_the_intruder_p12_p18() {
    let mut t = Table::new(3, 404);
    t.adult_in_bag(3);
    let adult = || vec![Entered::Token { token: TokenKind::Adult, back: Some(3) }];
    let first = run(&t.s, &mut t.fate, Command::Encounter { seat: Seat(0) }, adult()).expect("the first Encounter");
    let heard = sounds(&first);
    assert!(heard.contains(&Sound::IntruderAppears), "an Intruder appears: {heard:?}");
    assert!(says(&first).contains(&Announcement::Moment { moment: Moment::FirstEncounter }), "everyone now chooses an objective");
    t.s = first.state;
    t.adult_in_bag(3);
    let second = run(&t.s, &mut t.fate, Command::Encounter { seat: Seat(1) }, adult()).expect("a second Encounter");
    assert!(sounds(&second).contains(&Sound::IntruderAppears));
    assert!(!sounds(&second).contains(&Sound::Encounter), "a later Encounter is not the first: {:?}", cues(&second));
}

fn place_markers(fire: bool, seed: u64) -> Vec<Vec<Cue>> {
    let (mut s, mut f) = table(2, seed);
    let rooms: Vec<Location> = Content::base().board.locations().filter(|l| s.room(*l).tile.is_some()).take(8).collect();
    let mut out = Vec::new();
    for at in rooms {
        let command = if fire { Command::SetFire { at, on: true } } else { Command::SetMalfunction { at, on: true } };
        let a = ok(&s, &mut f, command, vec![]);
        out.push(cues(&a));
        s = a.state;
    }
    out
}

#[test]
fn the_seventh_fire_warns_and_the_eighth_sounds_the_alarm_p17() {
    let steps = place_markers(true, 405);
    assert!(steps[..6].iter().all(Vec::is_empty), "six fires: silent ({steps:?})");
    assert_eq!(steps[6], vec![Cue { sound: Sound::Warning, say: Some(Announcement::Moment { moment: Moment::Fire7 }) }]);
    assert_eq!(steps[7], vec![Cue { sound: Sound::Alarm, say: Some(Announcement::Moment { moment: Moment::Fire8 }) }]);
}

#[test]
fn the_seventh_malfunction_warns_and_the_eighth_sounds_the_alarm_p17() {
    let steps = place_markers(false, 406);
    assert!(steps[..6].iter().all(Vec::is_empty), "six malfunctions: silent ({steps:?})");
    assert_eq!(steps[6], vec![Cue { sound: Sound::Warning, say: Some(Announcement::Moment { moment: Moment::Malfunction7 }) }]);
    assert_eq!(steps[7], vec![Cue { sound: Sound::Alarm, say: Some(Announcement::Moment { moment: Moment::Malfunction8 }) }]);
}

#[test]
fn an_intruder_attack_sounds_and_the_first_death_is_announced_p20_p12() {
    let mut t = Table::new(2, 407);
    let adult = t.encounter(Seat(0), TokenKind::Adult, Some(3));
    t.s.seats[Seat(0)].serious.clear();
    let a = run(&t.s, &mut t.fate, Command::AttackCharacter { id: adult, target: Some(Seat(0)) }, vec![card("bite")]).expect("the attack");
    assert!(sounds(&a).contains(&Sound::IntruderAttacks), "an Intruder attacks: {:?}", cues(&a));
    // Two deaths: the first speaks (the pods unlock), a later one tolls without words.
    let (s, mut f) = table(3, 408);
    let one = ok(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    assert_eq!(cues(&one), vec![Cue { sound: Sound::Death, say: Some(Announcement::Moment { moment: Moment::FirstDeath }) }]);
    let two = ok(&one.state, &mut f, Command::KillCharacter { seat: Seat(1) }, vec![]);
    assert_eq!(cues(&two), vec![Cue { sound: Sound::Death, say: None }]);
}

#[test]
fn an_ordinary_step_is_silent() {
    let (s, mut f) = table(2, 409);
    let set = ok(&s, &mut f, Command::SetNoise { spot: NoiseSpot::Technical, on: true }, vec![]);
    assert!(cues(&set).is_empty(), "a Noise marker is bookkeeping: {:?}", cues(&set));
    let wound = ok(&s, &mut f, Command::Wound { seat: Seat(0), light: 1, serious: 0 }, vec![]);
    assert!(cues(&wound).is_empty(), "a light wound entered by hand: {:?}", cues(&wound));
}

/// One of each event that reveals a secret to one seat, and of each public event that concerns a
/// secret (a Contamination card given or removed, an engine's order reported): none makes a cue,
/// alone or in any step. A new private event must be classified in `Event::private_to`, and
/// `cues::of_step` drops whatever it classifies there before looking.
#[test]
fn no_private_reveal_or_secret_card_makes_a_table_cue() {
    let (s, _) = table(2, 410);
    let view = s.public_view();
    let seat = Seat(1);
    let private = [
        Event::ObjectivesDealt { seat, cards: vec![ObjectiveId(0), ObjectiveId(1)] },
        Event::AttackCardsOffered { seat, intruder: IntruderId(0), target: Seat(0), cards: vec![AttackCardId(0)] },
        Event::EngineChecked { seat, engine: EngineNumber(1), top: EngineStatus::Damaged },
        Event::EngineRepairBegun { seat, engine: EngineNumber(2), top: EngineStatus::Working },
        Event::CoordinatesChecked { seat, card: CoordinatesId(0) },
        Event::ContaminationScanned { seat, card: ContaminationId(0), infected: true, kept_in_hand: false },
        Event::RoomPeeked { seat, at: Location(5), tile: RoomTileId(0), token: ExplorationId(0) },
        Event::ObjectiveChosen { seat, objective: Some(ObjectiveId(1)) },
    ];
    for e in &private {
        assert_eq!(e.private_to(), Some(seat), "{e:?} is a private reveal");
    }
    let secret_cards = [
        Event::ContaminationGiven { seat, card: ContaminationId(3), shuffled_in: false },
        Event::ContaminationRemoved { seat, card: ContaminationId(3) },
        Event::ContaminationDeckEmpty { seat },
        Event::EngineOrderSet { seat, engine: EngineNumber(1), top: EngineStatus::Damaged, changed: true },
        Event::EngineOrderReported { seat, engine: EngineNumber(1), changed: true },
        Event::ObjectiveChosen { seat, objective: None },
    ];
    for e in private.iter().chain(&secret_cards) {
        assert!(of_step(std::slice::from_ref(e), &[], &view).is_empty(), "{e:?} alone makes a table cue");
    }
    // Inside a step that does make a sound, they add nothing and change nothing.
    let public = vec![Event::SelfDestructStarted, Event::IntruderPlaced { id: IntruderId(0), kind: IntruderKind::Adult, at: HIB, token: None }];
    let heard = of_step(&public, &[], &view);
    assert_eq!(heard.len(), 2, "the public step is heard: {heard:?}");
    let mut mixed = private.to_vec();
    mixed.insert(1, public[0].clone());
    mixed.extend(secret_cards.iter().cloned());
    mixed.push(public[1].clone());
    assert_eq!(of_step(&mixed, &[], &view), heard, "private events inside a step change what the table hears");
}

/// The same through real steps: checking an engine, the coordinates, peeking at a room, scanning
/// and receiving Contamination cards and choosing an objective are all silent on the table.
#[test]
fn private_actions_played_for_real_are_silent_on_the_table_p24_p26() {
    let (mut s, mut f) = table(2, 411);
    s.seats[Seat(0)].location = Content::base().engine_location(EngineNumber(1)).unwrap();
    let engine = ok(&s, &mut f, Command::CheckEngine { seat: Seat(0), engine: EngineNumber(1) }, vec![]);
    s.seats[Seat(0)].location = COCKPIT;
    let coordinates = ok(&s, &mut f, Command::CheckCoordinates { seat: Seat(0) }, vec![]);
    let given = ok(&s, &mut f, Command::GiveContamination { seat: Seat(1), count: 2 }, vec![]);
    let cards = given.state.seats[Seat(1)].contamination.clone();
    // A scan that finds an INFECTED card puts a Larva on the board (p. 20), which the table sees.
    let scanned = ok(&given.state, &mut f, Command::ScanContamination { seat: Seat(1), cards, procedure: ScanProcedure::Look, scanned: 0 }, vec![]);
    let steps = [("engine check", engine), ("coordinates check", coordinates), ("contamination given", given), ("contamination scanned", scanned)];
    for (what, a) in &steps {
        assert!(cues(a).is_empty(), "{what} makes a table cue: {:?}", cues(a));
    }
    assert!(steps.iter().filter(|(_, a)| a.events.iter().any(Event::is_private_reveal)).count() >= 2, "the checks are private reveals");
}

/// Over random games: removing the private reveals from any accepted step never changes its cues,
/// and a step of nothing but private reveals is silent. Also makes sure the games got somewhere
/// (cues were heard, private steps happened), so the property is not vacuous.
#[test]
fn over_random_games_no_private_reveal_changes_what_the_table_hears() {
    let (mut heard, mut private_steps) = (0usize, 0usize);
    for seed in 0..300u64 {
        let players = 1 + (seed % 5) as usize;
        let mut g = started(players, seed ^ 0x5EED_C0E5);
        let mut p = Pick(seed * 2654435761 + 7);
        for _ in 0..150 {
            let req = random_command(state(&g), &mut p);
            let Ok(entry) = g.submit(Actor::Table, req) else { continue };
            let events = entry.events.clone();
            let after = state(&g).clone();
            let all = cues_of(&events, &after);
            let public: Vec<Event> = events.iter().filter(|e| !e.is_private_reveal()).cloned().collect();
            assert_eq!(all, cues_of(&public, &after), "seed {seed}: a private reveal changed the cues of {events:?}");
            if events.iter().any(Event::is_private_reveal) {
                private_steps += 1;
                if public.iter().all(|e| matches!(e, Event::RoundBegan { .. } | Event::ActionTaken { .. } | Event::RoundEnded { .. })) {
                    assert!(all.is_empty(), "seed {seed}: a private step is heard: {events:?}");
                }
            }
            heard += all.len();
            if matches!(after.phase, Phase::Over { check: VictoryStep::Done, .. }) {
                break;
            }
        }
    }
    assert!(heard > 100, "random games made too few cues ({heard}) for the property to mean anything");
    assert!(private_steps > 100, "random games made too few private steps ({private_steps})");
}
