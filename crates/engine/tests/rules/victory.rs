//! The end of the game and the victory check (p. 11): the jump, the last character leaving,
//! Engines, Coordinates, the Contamination check and objectives revealed and judged.

use crate::common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::Content;
use nemesis_engine::event::{DeathCause, Event};
use nemesis_engine::ids::*;
use nemesis_engine::state::{Component, EndCause, Hidden, Life, ObjectiveChoice, Phase, State, VictoryStep};
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
        .submit(Actor::Seat(Seat(0)), nemesis_engine::Request::Do { command: Command::JudgeObjective { seat: Seat(0), met: true }, entered: vec![] })
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
