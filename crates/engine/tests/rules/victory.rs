//! The end of the game and the victory check (p. 11): the jump, the last character leaving,
//! Engines, Coordinates, the Contamination check and objectives revealed and judged.

use crate::common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::Content;
use nemesis_engine::event::{DeathCause, Event};
use nemesis_engine::ids::*;
use nemesis_engine::state::{Component, EndCause, Hidden, Life, ObjectiveChoice, Phase, State, VictoryStep};
use nemesis_engine::catalogue::CommandType;
use nemesis_engine::{Actor, Code, Fate};

fn letter_to(card: CoordinatesId, dest: Destination) -> DestinationLetter {
    let k = &c().data.coordinates[card.0 as usize];
    DestinationLetter::ALL.into_iter().find(|l| k.destination(*l) == dest).expect("every card shows each destination once")
}

fn objective_id(key: &str) -> ObjectiveId {
    ObjectiveId(Content::base().data.objectives.iter().position(|o| o.key == key).expect("objective in the data") as u8)
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

fn infected_card(s: &State, infected: bool) -> ContaminationId {
    *s.contamination.draw.iter().find(|c| s.infected[c.0 as usize] == Hidden::Known(infected)).expect("such a card in the deck")
}

fn hold(s: &mut State, seat: Seat, card: ContaminationId) {
    s.contamination.draw.retain(|c| *c != card);
    s.seats[seat].contamination.push(card);
}

#[test]
fn only_the_table_judges_an_objective() {
    let mut g = started(2, 17);
    let refused = g
        .submit(Actor::Seat(Seat(0)), nemesis_engine::Request::Do { command: Command::JudgeObjective { seat: Seat(0), met: true, overrule: false }, entered: vec![] })
        .unwrap_err();
    assert_eq!(refused.code, Code::NotYourSeat);
}

#[test]
fn in_the_standard_game_only_survivors_are_judged_p11() {
    let (mut s, mut f) = table(3, 783);
    s.seats[Seat(1)].life = Life::Escaped;
    s.seats[Seat(2)].life = Life::Escaped;
    s = then(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    let mut judged = s.judged_seats();
    judged.sort();
    assert_eq!(judged, vec![Seat(1), Seat(2)]);
}

#[test]
fn engines_are_revealed_at_the_end_and_two_damaged_destroy_the_ship() {
    // p. 11, victory check 1: reveal the top tokens; with 2 or 3 Damaged the ship explodes and
    // every hibernating character dies.
    for (tops, explodes) in [
        ([EngineStatus::Working, EngineStatus::Damaged, EngineStatus::Working], false),
        ([EngineStatus::Damaged, EngineStatus::Working, EngineStatus::Damaged], true),
    ] {
        let mut t = Table::from_game(&started(3, 36), 36 + 2000);
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
    let mut t = Table::from_game(&started_with(physical(2, &[Component::Engines]), 37), 37 + 2000);
    t.jump_with_hibernating(Seat(0));
    assert_eq!(t.refused(Command::RevealEngines, vec![]).code, Code::ResultNeeded);
    let tops = [EngineStatus::Damaged, EngineStatus::Working, EngineStatus::Working];
    t.run(Command::RevealEngines, tops.iter().map(|s| Entered::Engine { status: *s }).collect());
    assert_eq!(t.s.engines_revealed, Some(tops));
    assert_eq!(t.s.seats[Seat(0)].life, Life::Hibernating, "1 Damaged engine is not enough to explode");
}

#[test]
fn coordinates_revealed_at_the_end_kill_the_hibernating_unless_the_ship_heads_to_earth() {
    // p. 11, victory check 2: reveal the card; the marker's space shows the destination; if it is
    // not Earth, every character asleep in the Hibernatorium dies (the ship is not destroyed).
    for dest in [Destination::Earth, Destination::Venus, Destination::DeepSpace] {
        let mut t = Table::from_game(&started(2, 44), 44 + 2000);
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
    let mut t = Table::from_game(&started(3, 45), 45 + 2000);
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

    assert_eq!(refused(&s, &mut f, Command::JudgeObjective { seat: Seat(1), met: true, overrule: false }, vec![]).code, Code::WrongPhase, "reveal first");
    assert_eq!(refused(&s, &mut f, Command::RevealObjective { seat: Seat(0) }, vec![]).code, Code::NotAllowed, "the dead reveal nothing");
    let a = ok(&s, &mut f, Command::RevealObjective { seat: Seat(1) }, vec![]);
    assert_eq!(
        a.state.public_view().seats[1].revealed_objective.as_ref().map(|n| n.key.clone()),
        Some(objective_key(kept)),
        "the kept objective is shown to everyone"
    );
    let a = ok(&a.state, &mut f, Command::JudgeObjective { seat: Seat(1), met: true, overrule: false }, vec![]);
    assert_eq!(check(&a.state), VictoryStep::Done, "every survivor judged: the check is done");
    let view = a.state.public_view();
    assert_eq!(view.seats[1].winner, Some(true), "survived and met the objective: a winner");
    assert_eq!(view.seats[0].winner, Some(false), "the dead do not win");
}

/// The victory check at the objectives step, seat 1 a survivor who kept `key`, revealed.
fn judging(seed: u64, key: &str) -> (State, Fate) {
    let (mut s, mut f) = at_coordinates(seed, Life::Escaped, DestinationLetter::D);
    s = ok(&s, &mut f, Command::RevealCoordinates { quarantine: vec![] }, vec![]).state;
    s = ok(&s, &mut f, Command::CheckContamination { seat: Seat(1) }, vec![]).state;
    assert_eq!(check(&s), VictoryStep::Objectives);
    s.seats[Seat(1)].objective = ObjectiveChoice::Chosen(Some(objective_id(key)));
    (ok(&s, &mut f, Command::RevealObjective { seat: Seat(1) }, vec![]).state, f)
}

#[test]
fn my_precious_is_not_met_without_the_signal_or_a_carried_egg_which_the_app_records_p11() {
    // p. 11: "Send the Signal" is the Comms Room's Room Action (p. 24), marked on the character's
    // board; the app records it and the Eggs carried, so a "Met" they contradict is refused.
    let judge = |met| Command::JudgeObjective { seat: Seat(1), met, overrule: false };
    let (s, mut f) = judging(3301, "my_precious");
    let err = refused(&s, &mut f, judge(true), vec![]);
    assert_eq!((err.code, err.key.as_str()), (Code::NotAllowed, "not_met_this_objective_needs_the_signal_sent"));
    assert_eq!(s.seats[Seat(1)].objective_met, None, "a refused verdict changes nothing");
    let a = ok(&s, &mut f, judge(false), vec![]);
    assert_eq!(a.state.seats[Seat(1)].objective_met, Some(false), "Not met, as the records say, is accepted");

    let mut sent = s.clone();
    sent.seats[Seat(1)].signal = true;
    assert_eq!(refused(&sent, &mut f, judge(true), vec![]).key, "not_met_this_objective_needs_an_intruder_egg_carried", "the Signal alone is not enough");
    sent.seats[Seat(1)].eggs_carried = 1;
    let a = ok(&sent, &mut f, judge(true), vec![]);
    assert_eq!(a.state.seats[Seat(1)].objective_met, Some(true), "the Signal sent and an Egg carried: the table may say Met");
}

#[test]
fn another_characters_signal_does_not_meet_a_personal_objective_and_the_refusal_says_whose_it_was_p11_p24() {
    // p. 11: a personal objective is the holder's own; "send the Signal" (p. 24) is met only by
    // the holder's character. The refusal names who did send it, not "none recorded".
    let judge = Command::JudgeObjective { seat: Seat(1), met: true, overrule: false };
    let (mut s, mut f) = judging(3304, "the_great_hunt");
    s.seats[Seat(0)].signal = true;
    let err = refused(&s, &mut f, judge.clone(), vec![]);
    assert_eq!(err.key, "not_met_the_holder_must_send_the_signal_themselves");
    let said = format!("{:?}", err);
    assert!(said.contains(&s.seats[Seat(0)].name) && said.contains(&s.seats[Seat(1)].name), "the refusal names the sender and the holder: {said}");
    s.seats[Seat(1)].signal = true;
    assert_ne!(refused_or_ok_key(&s, &mut f, judge), Some("not_met_the_holder_must_send_the_signal_themselves".to_string()), "the holder's own Signal counts");
}

fn refused_or_ok_key(s: &State, f: &mut Fate, c: Command) -> Option<String> {
    run(s, f, c, vec![]).err().map(|r| r.key)
}

#[test]
fn a_met_the_records_contradict_stands_once_the_table_overrules_them_p11() {
    // p. 11: the table judges the objective. Some legal plays leave no record in the app (the
    // Scientist's Intranet uses the Comms Room's Computer from another Computer room), so, told
    // why the records refuse it, the table may confirm its "Met". Without that, the game over, only a wrong "Not met" could be entered.
    let (s, mut f) = judging(3303, "necroscopy");
    let mut s = s;
    // The Scientist's own deck holds Intranet and Blocking Access: the Signal may be unrecorded.
    s.seats[Seat(1)].character = Some(character_id("scientist"));
    s.weaknesses[ResearchObject::IntruderCarcass.slot()].revealed = s.weaknesses[ResearchObject::IntruderCarcass.slot()].card;
    let judge = |overrule| Command::JudgeObjective { seat: Seat(1), met: true, overrule };
    assert_eq!(refused(&s, &mut f, judge(false), vec![]).key, "not_met_this_objective_needs_the_signal_sent", "no Signal recorded: refused with the reason");
    let a = ok(&s, &mut f, judge(true), vec![]);
    assert_eq!(a.state.seats[Seat(1)].objective_met, Some(true), "the table's confirmed verdict stands");
}

fn character_id(key: &str) -> CharacterId {
    CharacterId(Content::base().data.characters.iter().position(|c| c.key == key).expect("character in the data") as u8)
}

#[test]
fn the_objective_step_offers_met_only_as_the_records_allow_and_says_why_p11_p27() {
    // p. 11: each survivor's objective is judged at the end; p. 27 (Extreme Field Biology's
    // terms): 2 of the 3 Weaknesses discovered, by anyone. Weaknesses are discovered in the
    // Laboratory (p. 21), which the app records; only a card taking a Computer room's Action
    // from another room (the Pilot's, Mechanic's and Scientist's decks) could leave one unrecorded.
    use nemesis_engine::offers::next_steps;
    let (mut s, mut f) = judging(3302, "extreme_field_biology");
    for x in s.seats.0.iter_mut() {
        x.character = Some(character_id("soldier"));
    }
    let judge = |overrule| Command::JudgeObjective { seat: Seat(1), met: true, overrule };
    let step = next_steps(&s).into_iter().next().expect("the objective's step");
    assert_eq!(step.command, CommandType::JudgeObjective);
    let met = step.met.expect("a Met the records contradict is not offered as is");
    assert_eq!(met.reason.key, "not_met_a_weakness_this_objective_needs_is_undiscovered", "the step says why, in the rules' words");
    assert!(!met.confirmable, "no character could have discovered one without a record: Met is not offered");
    assert_eq!(refused(&s, &mut f, judge(true), vec![]).key, met.reason.key, "the overrule is refused with the same reason");
    ok(&s, &mut f, Command::JudgeObjective { seat: Seat(1), met: false, overrule: false }, vec![]);

    s.seats[Seat(0)].character = Some(character_id("scientist"));
    let met = next_steps(&s).into_iter().next().and_then(|n| n.met).expect("still contradicted");
    assert!(met.confirmable, "a Scientist at the table may have used the Laboratory from another Computer room");
    ok(&s, &mut f, judge(true), vec![]);

    for slot in [ResearchObject::IntruderEgg, ResearchObject::IntruderCarcass] {
        s.weaknesses[slot.slot()].revealed = s.weaknesses[slot.slot()].card;
    }
    assert_eq!(next_steps(&s).into_iter().next().and_then(|n| n.met), None, "2 discovered: Met is offered as is");
}

#[test]
fn a_weakness_objective_is_not_met_while_the_weakness_is_undiscovered_p21() {
    // p. 21: a Weakness counts once it is discovered, by anyone, before the end.
    let (s, mut f) = judging(3302, "ab_ovo");
    assert_eq!(refused(&s, &mut f, Command::JudgeObjective { seat: Seat(1), met: true, overrule: false }, vec![]).key, "not_met_a_weakness_this_objective_needs_is_undiscovered");
    let mut found = s.clone();
    found.weaknesses[ResearchObject::IntruderEgg.slot()].revealed = found.weaknesses[ResearchObject::IntruderEgg.slot()].card;
    ok(&found, &mut f, Command::JudgeObjective { seat: Seat(1), met: true, overrule: false }, vec![]);
}

// ---------------------------------------------------------------- the end, one story (issue 31, item 5)
// Each ending of p. 11 tells its one cause once, on its own line, with no line or moment that
// contradicts it (no "the ship exploded" when it burned, no pods unlocking once it is over), and
// then where the table goes: the next step of the victory check, or no check when nobody survived.

fn keys_of(before: &State, a: &nemesis_engine::Applied) -> Vec<String> {
    said_keys(before, &a.events)
}

fn count(keys: &[String], key: &str) -> usize {
    keys.iter().filter(|k| *k == key).count()
}

/// The one line that says how the game ended, and no other end line beside it.
fn one_cause(keys: &[String], expected: &str) {
    let ends: Vec<&String> = keys.iter().filter(|k| k.starts_with("game_ended")).collect();
    assert_eq!(ends, vec![expected], "one cause, said once: {keys:?}");
    assert_eq!(count(keys, "ship_destroyed"), 0, "the cause's own line says the ship is lost: {keys:?}");
    assert_eq!(count(keys, "victory_step"), 0, "no bare 'Victory check: done': {keys:?}");
}

fn next(s: &State) -> Vec<CommandType> {
    nemesis_engine::offers::next_steps(s).into_iter().map(|n| n.command).collect()
}

/// Sets Fire (or Malfunction) markers room after room until the ship is lost (p. 17: a ninth).
fn ninth_marker(s: &State, f: &mut Fate, malfunction: bool) -> (State, nemesis_engine::Applied) {
    let mut s = s.clone();
    for at in Content::base().board.locations() {
        let c = if malfunction { Command::SetMalfunction { at, on: true } } else { Command::SetFire { at, on: true } };
        let Ok(a) = run(&s, f, c, vec![]) else { continue };
        if a.state.is_over() {
            return (s, a);
        }
        s = a.state;
    }
    panic!("nine markers end the game");
}

#[test]
fn the_ninth_fire_burns_the_ship_with_everyone_and_there_is_no_victory_check_p11_p17() {
    let (s, mut f) = table(3, 901);
    let (before, a) = ninth_marker(&s, &mut f, false);
    let keys = keys_of(&before, &a);
    one_cause(&keys, "game_ended_fire");
    assert_eq!(count(&keys, "died_with_ship"), 3, "each character dies with the ship: {keys:?}");
    assert_eq!(count(&keys, "character_died"), 0, "no death line names another cause (\"the ship exploded\"): {keys:?}");
    assert_eq!(keys.last().map(String::as_str), Some("victory_nobody"), "nobody survived: no check, no winner");
    let moments = nemesis_engine::moments::of_step(&a.events, &a.state);
    assert!(!moments.contains(&nemesis_engine::Moment::FirstDeath), "no pods to unlock once it is over");
    assert!(!moments.contains(&nemesis_engine::Moment::LastCharacter), "the Fire ended it, not the last character leaving: one cause");
    assert!(!moments.iter().any(|m| matches!(m, nemesis_engine::Moment::Fire7 | nemesis_engine::Moment::Fire8)), "no warning of the ninth Fire once it has ended the game: {moments:?}");
    assert!(next(&a.state).is_empty(), "nothing left to ask: the debrief is next");
    assert_eq!(check(&a.state), VictoryStep::Done);
}

#[test]
fn the_ninth_malfunction_breaks_the_hull_and_an_escaped_character_goes_to_the_contamination_check_p11_p17() {
    let (mut s, mut f) = table(3, 902);
    s.seats[Seat(2)].life = Life::Escaped;
    let (before, a) = ninth_marker(&s, &mut f, true);
    let keys = keys_of(&before, &a);
    one_cause(&keys, "game_ended_malfunction");
    assert_eq!(count(&keys, "died_with_ship"), 2, "{keys:?}");
    assert_eq!(keys.last().map(String::as_str), Some("victory_next_contamination"), "the ship is gone: Engines and Coordinates are not checked");
    assert_eq!(next(&a.state), vec![CommandType::CheckContamination]);
}

#[test]
fn the_self_destruct_reaching_the_skull_explodes_the_ship_with_the_hibernating_p11() {
    let (mut s, mut f) = table(2, 903);
    s.self_destruct = Some(Content::base().data.self_destruct_track.moves - 1);
    s.seats[Seat(1)].life = Life::Hibernating;
    let a = advance_time(&s, &mut f);
    let keys = keys_of(&s, &a);
    one_cause(&keys, "game_ended_self_destruct");
    assert_eq!(count(&keys, "died_with_ship"), 2, "awake and hibernating die alike: {keys:?}");
    assert_eq!(keys.last().map(String::as_str), Some("victory_nobody"));
    assert!(next(&a.state).is_empty());
}

#[test]
fn the_time_track_ending_makes_the_ship_jump_and_the_check_starts_with_the_engines_p11() {
    let (mut s, mut f) = table(2, 904);
    s.time = Content::base().data.time_track.moves - 1;
    s.seats[Seat(1)].life = Life::Hibernating;
    let a = advance_time(&s, &mut f);
    let keys = keys_of(&s, &a);
    one_cause(&keys, "game_ended_jump");
    assert_eq!(count(&keys, "character_died"), 1, "the awake one dies in the jump: {keys:?}");
    assert!(!keys.iter().any(|k| k.starts_with("victory_")), "the step card leads to the Engines; no line repeats it: {keys:?}");
    assert_eq!(next(&a.state), vec![CommandType::RevealEngines]);
}

#[test]
fn nobody_left_awake_makes_the_ship_jump_and_says_why_once_p11() {
    let (mut s, mut f) = table(2, 905);
    s.seats[Seat(1)].life = Life::Hibernating;
    let a = ok(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    let keys = keys_of(&s, &a);
    one_cause(&keys, "game_ended_nobody_left_jump");
    assert_eq!(nemesis_engine::moments::of_step(&a.events, &a.state), vec![nemesis_engine::Moment::LastCharacter], "the first death's pods mean nothing now");
    assert_eq!(next(&a.state), vec![CommandType::RevealEngines]);
}

#[test]
fn nobody_left_awake_moves_the_time_marker_to_its_end_and_the_line_says_how_far_p11() {
    // p. 11: with no one awake aboard, the Time marker goes to the track's end at once: a move of
    // several spaces, which its line says (from, to, how many), never "one space".
    let (mut s, mut f) = table(2, 909);
    s.time = 11;
    s.seats[Seat(1)].life = Life::Hibernating;
    let end = Content::base().data.time_track.moves;
    let a = ok(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    assert!(a.events.contains(&Event::TimeAdvanced { to: end, from: Some(11) }), "{:?}", a.events);
    let lines = table_lines(&s, &a.events);
    let line = lines.iter().find(|l| l.key == "time_advanced_far").expect("the jump's line");
    assert_eq!(line.text(), format!("The Time marker moves {} spaces, from space 11 to space {end}.", end - 11));
    assert!(!lines.iter().any(|l| l.key == "time_advanced"), "no one-space line");
    assert!(english().contains_key("hint.time_advanced_far"), "and its hand line");
}

#[test]
fn nobody_left_awake_with_the_self_destruct_running_moves_its_marker_to_the_skull_and_the_line_says_how_far_p11() {
    // p. 11: when the last awake character on board is gone while the self-destruct sequence
    // runs, its marker goes to the track's last space (the skull) at once, and the Time marker
    // stays where it is; the move's line says from where, to where and how many spaces.
    let (mut s, mut f) = table(2, 912);
    s.self_destruct = Some(2);
    s.seats[Seat(1)].life = Life::Escaped;
    let end = Content::base().data.self_destruct_track.moves;
    let a = ok(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    assert!(a.events.contains(&Event::SelfDestructAdvanced { to: end, from: Some(2) }), "{:?}", a.events);
    assert_eq!(a.state.self_destruct, Some(end), "the marker on the skull");
    assert!(!a.events.iter().any(|e| matches!(e, Event::TimeAdvanced { .. })), "the Time marker does not move: {:?}", a.events);
    let lines = table_lines(&s, &a.events);
    let line = lines.iter().find(|l| l.key == "self_destruct_advanced_far").expect("the marker's line");
    assert_eq!(line.text(), format!("The Self-Destruct marker moves {} spaces, from space 2 to space {end}.", end - 2));
    assert!(!lines.iter().any(|l| l.key == "self_destruct_advanced"), "no one-space line");
    assert!(english().contains_key("hint.self_destruct_advanced_far"), "and its hand line");
}

#[test]
fn nobody_left_awake_with_the_self_destruct_running_explodes_the_ship_p11() {
    let (mut s, mut f) = table(2, 906);
    s.self_destruct = Some(1);
    s.seats[Seat(1)].life = Life::Escaped;
    let a = ok(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    let keys = keys_of(&s, &a);
    one_cause(&keys, "game_ended_nobody_left_self_destruct");
    assert_eq!(keys.last().map(String::as_str), Some("victory_next_contamination"));
    assert_eq!(next(&a.state), vec![CommandType::CheckContamination]);
}

#[test]
fn everyone_dead_ends_the_game_with_no_victory_check_and_no_winner_p11() {
    let (s, mut f) = table(2, 907);
    let s = then(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    let a = ok(&s, &mut f, Command::KillCharacter { seat: Seat(1) }, vec![]);
    let keys = keys_of(&s, &a);
    one_cause(&keys, "game_ended_nobody_left_jump");
    assert_eq!(keys.last().map(String::as_str), Some("victory_nobody"), "{keys:?}");
    assert!(next(&a.state).is_empty());
}

#[test]
fn damaged_engines_at_the_check_destroy_the_ship_and_say_so_once_p11() {
    let (mut s, mut f) = ended(908, Life::Hibernating);
    s.engines = [Hidden::Known(EngineStatus::Damaged), Hidden::Known(EngineStatus::Damaged), Hidden::Known(EngineStatus::Working)];
    let a = ok(&s, &mut f, Command::RevealEngines, vec![]);
    let keys = keys_of(&s, &a);
    assert_eq!(keys, ["engines_revealed", "died_hibernating", "ship_destroyed", "victory_nobody"], "the Engines' verdict, then nobody left to check");
    let mut s = ended(909, Life::Escaped).0;
    s.engines = [Hidden::Known(EngineStatus::Damaged); 3];
    let a = ok(&s, &mut f, Command::RevealEngines, vec![]);
    assert_eq!(keys_of(&s, &a), ["engines_revealed", "ship_destroyed", "victory_next_contamination"], "the escaped are away from it");
}

#[test]
fn the_victory_check_ends_saying_the_debrief_tells_who_won_p11() {
    let (mut s, mut f) = ended(910, Life::Escaped);
    s.engines = [Hidden::Known(EngineStatus::Working); 3];
    s.seats[Seat(1)].contamination.clear();
    s.seats[Seat(1)].larva = false;
    s = then(&s, &mut f, Command::RevealEngines, vec![]);
    s = then(&s, &mut f, Command::RevealCoordinates { quarantine: vec![] }, vec![]);
    s = then(&s, &mut f, Command::CheckContamination { seat: Seat(1) }, vec![]);
    s = then(&s, &mut f, Command::RevealObjective { seat: Seat(1) }, vec![]);
    let a = ok(&s, &mut f, Command::JudgeObjective { seat: Seat(1), met: false, overrule: false }, vec![]);
    assert_eq!(keys_of(&s, &a).last().map(String::as_str), Some("victory_over"));
    assert_eq!(check(&a.state), VictoryStep::Done);
}

#[test]
fn the_verdict_on_an_objective_starts_unchosen_p11() {
    // Nothing pre-ticked: the table says met or not met, the form never says it for them.
    let met = nemesis_engine::catalogue::spec(CommandType::JudgeObjective).fields.iter().find(|f| f.name == "met").expect("a met field");
    assert_eq!(met.initial, None);
}

#[test]
fn the_coordinates_ask_about_quarantine_only_for_sleepers_whose_objective_the_table_holds_p11() {
    let (mut s, mut f) = table(4, 911);
    s.seats[Seat(1)].life = Life::Hibernating;
    s.seats[Seat(2)].life = Life::Hibernating;
    s.seats[Seat(2)].objective = ObjectiveChoice::Chosen(Some(objective_id("quarantine")));
    s.seats[Seat(3)].life = Life::Escaped;
    s.engines = [Hidden::Known(EngineStatus::Working); 3];
    s = then(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    s = then(&s, &mut f, Command::RevealEngines, vec![]);
    let steps = nemesis_engine::offers::next_steps(&s);
    assert_eq!(steps.len(), 1);
    assert_eq!(steps[0].command, CommandType::RevealCoordinates);
    assert_eq!(steps[0].asks, vec![Seat(1)], "not the dead, not the escaped, not a sleeper whose objective the app holds");
}

/// The lines of one step for one audience, each said on the state its event leaves (as the log does).
fn lines_for(before: &State, a: &nemesis_engine::Applied, to: nemesis_engine::log::Audience) -> Vec<nemesis_engine::log::Said> {
    let mut s = before.clone();
    a.events
        .iter()
        .filter_map(|e| {
            s.fold(e);
            nemesis_engine::log::describe(&s, e, to)
        })
        .collect()
}

/// The victory check at the Contamination step, seat 1 escaped in a pod holding `cards`.
fn at_contamination(seed: u64, cards: &[bool]) -> (State, Fate, Vec<ContaminationId>) {
    let (mut s, mut f) = at_coordinates(seed, Life::Escaped, DestinationLetter::D);
    s = ok(&s, &mut f, Command::RevealCoordinates { quarantine: vec![] }, vec![]).state;
    let mut held = Vec::new();
    for infected in cards {
        let card = infected_card(&s, *infected);
        hold(&mut s, Seat(1), card);
        held.push(card);
    }
    (s, f, held)
}

#[test]
fn the_contamination_check_scans_each_card_for_its_owner_alone_then_says_the_draw_and_the_verdict_once_p11() {
    use nemesis_engine::log::Audience;
    let (s, mut f, held) = at_contamination(931, &[false, true, false]);
    let a = ok(&s, &mut f, Command::CheckContamination { seat: Seat(1) }, vec![Entered::ContaminationDraw { contamination: 2 }]);
    // Step A: every card scanned, each result a scan of its own.
    for card in &held {
        assert!(a.events.iter().any(|e| matches!(e, Event::ContaminationScanned { seat: Seat(1), card: c, .. } if c == card)), "C-{} is scanned", card.0 + 1);
    }
    // The owner reads which card was INFECTED; nobody else does.
    let own: Vec<String> = lines_for(&s, &a, Audience::Seat(Seat(1))).iter().map(|l| l.key.to_string()).collect();
    assert_eq!(own.iter().filter(|k| k.starts_with("contamination_scanned_")).count(), 3, "{own:?}");
    assert!(own.contains(&"contamination_scanned_infected_private".to_string()), "{own:?}");
    for to in [Audience::Table, Audience::Seat(Seat(0))] {
        let lines = lines_for(&s, &a, to);
        assert!(lines.iter().all(|l| !l.private && !l.key.starts_with("contamination_scanned")), "{to:?} reads no scan result: {:?}", lines.iter().map(|l| l.key).collect::<Vec<_>>());
        let keys: Vec<&str> = lines.iter().map(|l| l.key).collect();
        // Step B and the verdict: one line, and no second line for the same death.
        assert_eq!(keys.iter().filter(|k| k.starts_with("contamination_")).collect::<Vec<_>>(), [&"contamination_dies"], "{keys:?}");
        assert!(!keys.contains(&"character_died"), "the check's line says the death once: {keys:?}");
        let text = lines.iter().find(|l| l.key == "contamination_dies").expect("the verdict").text();
        assert!(text.contains("shuffled and 4 are drawn") && text.contains("2 of them are Contamination cards") && text.ends_with("dies."), "{text}");
    }
    assert_eq!(a.state.seats[Seat(1)].life, Life::Dead);
}

#[test]
fn the_contamination_check_says_a_larva_skips_the_scan_and_a_clean_hand_survives_p11() {
    use nemesis_engine::log::Audience;
    let key = |s: &State, a: &nemesis_engine::Applied| lines_for(s, a, Audience::Table).into_iter().find(|l| l.key.starts_with("contamination_")).map(|l| (l.key, l.text()));
    // A Larva: step A is skipped, no card is scanned, the draw decides.
    let (mut s, mut f, _) = at_contamination(932, &[false]);
    s.seats[Seat(1)].larva = true;
    let a = ok(&s, &mut f, Command::CheckContamination { seat: Seat(1) }, vec![Entered::ContaminationDraw { contamination: 0 }]);
    assert!(!a.events.iter().any(|e| matches!(e, Event::ContaminationScanned { .. })), "a Larva skips the scan");
    let (k, text) = key(&s, &a).expect("a check line");
    assert_eq!(k, "contamination_larva_lucky", "{text}");
    assert!(text.contains("Larva") && text.contains("survives"), "{text}");
    // Scanned and clean: no draw, survival; and no card at all: nothing to scan.
    let (s, mut f, _) = at_contamination(933, &[false, false]);
    let a = ok(&s, &mut f, Command::CheckContamination { seat: Seat(1) }, vec![]);
    assert_eq!(key(&s, &a).map(|x| x.0), Some("contamination_clean"));
    let (s, mut f, _) = at_contamination(934, &[]);
    let a = ok(&s, &mut f, Command::CheckContamination { seat: Seat(1) }, vec![]);
    assert_eq!(key(&s, &a).map(|x| x.0), Some("contamination_none"));
}

#[test]
fn a_death_at_the_victory_check_does_not_ask_for_a_miniature_that_left_the_board_p11() {
    // p. 11: those checked are hibernating or gone in a pod; their miniatures left the board (pp. 26).
    let en = english();
    let (s, mut f, _) = at_contamination(935, &[true]);
    let a = ok(&s, &mut f, Command::CheckContamination { seat: Seat(1) }, vec![Entered::ContaminationDraw { contamination: 1 }]);
    let keys = keys_of(&s, &a);
    assert!(!keys.contains(&"character_died".to_string()), "{keys:?}");
    let hand = en.get("hint.contamination_dies").expect("a hand line for the death");
    assert!(hand.contains("Nothing to take off the board"), "{hand}");
    let (mut s, mut f) = ended(936, Life::Hibernating);
    s.engines = [Hidden::Known(EngineStatus::Damaged); 3];
    let a = ok(&s, &mut f, Command::RevealEngines, vec![]);
    assert!(keys_of(&s, &a).contains(&"died_hibernating".to_string()));
    assert!(en.get("hint.died_hibernating").is_some_and(|h| !h.contains("Corpse token in the room")));
}

#[test]
fn the_intruders_die_with_a_destroyed_ship_but_not_in_the_jump_p11() {
    // p. 11: a ship that explodes takes everything aboard with it, the Intruders too; the jump's
    // g-force spares them.
    let (mut s, mut f) = table(2, 937);
    let at = s.seats[Seat(0)].location;
    add_intruder(&mut s, IntruderKind::Adult, at);
    s.seats[Seat(1)].life = Life::Hibernating;
    let mut boom = s.clone();
    boom.self_destruct = Some(Content::base().data.self_destruct_track.moves - 1);
    let a = advance_time(&boom, &mut f);
    assert!(a.state.ship_destroyed);
    let v = a.state.public_view();
    assert!(v.ship_destroyed && v.intruders.is_empty(), "no Intruder is shown alive aboard a destroyed ship");
    s.time = Content::base().data.time_track.moves - 1;
    let a = advance_time(&s, &mut f);
    assert!(a.state.is_over() && !a.state.ship_destroyed);
    assert_eq!(a.state.public_view().intruders.len(), 1, "the jump kills only the characters awake");
}
