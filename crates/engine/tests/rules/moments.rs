//! The critical moments the table is stopped for (issue: teaching), each checked against the rule
//! that makes it matter, with the manual's page: they come from one step's events and the state
//! after it, so a step that does not bring the moment about must not raise it again.

use crate::common::*;

use nemesis_engine::Applied;
use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::Content;
use nemesis_engine::ids::*;
use nemesis_engine::moments::{of_step, Moment};
use nemesis_engine::state::*;

fn moments(a: &Applied) -> Vec<Moment> {
    of_step(&a.events, &a.state)
}

fn larva() -> Vec<Entered> {
    vec![Entered::Token { token: TokenKind::Larva, back: None }]
}

/// Places a marker in each of the first `count` rooms of the board, one step each, returning the
/// moments of every step.
fn place_markers(fire: bool, count: usize, seed: u64) -> Vec<Vec<Moment>> {
    let (mut s, mut f) = table(2, seed);
    let rooms: Vec<Location> = Content::base().board.locations().filter(|l| s.room(*l).tile.is_some()).take(count).collect();
    assert_eq!(rooms.len(), count, "enough rooms on the board");
    let mut out = Vec::new();
    for at in rooms {
        let command = if fire { Command::SetFire { at, on: true } } else { Command::SetMalfunction { at, on: true } };
        let a = ok(&s, &mut f, command, vec![]);
        out.push(moments(&a));
        s = a.state;
    }
    out
}

#[test]
fn the_first_encounter_is_announced_once_for_the_objective_choice_p12() {
    let (s, mut f) = table(3, 301);
    let first = ok(&s, &mut f, Command::Encounter { seat: Seat(0) }, larva());
    assert_eq!(moments(&first), vec![Moment::FirstEncounter], "the first Encounter: everyone picks an objective");
    let second = ok(&first.state, &mut f, Command::Encounter { seat: Seat(1) }, larva());
    assert!(!moments(&second).contains(&Moment::FirstEncounter), "a later Encounter is not the first");
}

#[test]
fn the_first_death_is_announced_for_the_pods_and_later_deaths_are_not_p12() {
    let (s, mut f) = table(3, 302);
    let first = ok(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    assert_eq!(moments(&first), vec![Moment::FirstDeath], "the first death unlocks the Escape Pods");
    let second = ok(&first.state, &mut f, Command::KillCharacter { seat: Seat(1) }, vec![]);
    assert!(moments(&second).is_empty(), "a second death changes nothing for the pods: {:?}", moments(&second));
}

#[test]
fn hibernation_opening_is_announced_on_the_move_that_reaches_blue_p12() {
    let (mut s, mut f) = table(2, 303);
    s.time = Content::base().data.time_track.hibernation_opens_at - 2;
    let before = advance_time(&s, &mut f);
    assert!(moments(&before).is_empty(), "one move short of blue: nothing yet");
    let opens = advance_time(&before.state, &mut f);
    assert_eq!(moments(&opens), vec![Moment::HibernationOpened]);
    let after = advance_time(&opens.state, &mut f);
    assert!(!moments(&after).contains(&Moment::HibernationOpened), "the chambers open once");
}

#[test]
fn self_destruct_turning_yellow_is_announced_once_p12() {
    let (mut s, mut f) = table(2, 304);
    stand_in(&mut s, Seat(0), "generator");
    let mut now = ok(&s, &mut f, Command::StartSelfDestruct { seat: Seat(0) }, vec![]).state;
    let yellow = Content::base().data.self_destruct_track.yellow_from;
    for _ in 1..yellow {
        let a = advance_time(&now, &mut f);
        assert!(!moments(&a).contains(&Moment::SelfDestructCritical), "green spaces: still stoppable");
        now = a.state;
    }
    let a = advance_time(&now, &mut f);
    assert!(moments(&a).contains(&Moment::SelfDestructCritical), "the marker reaches yellow: it cannot be stopped and the pods unlock");
    let later = advance_time(&a.state, &mut f);
    assert!(!moments(&later).contains(&Moment::SelfDestructCritical), "announced once");
}

#[test]
fn the_seventh_and_eighth_fire_markers_are_announced_as_the_supply_runs_out_p17() {
    let steps = place_markers(true, 8, 305);
    assert!(steps[..6].iter().all(|m| m.is_empty()), "six fires: plenty left ({steps:?})");
    assert_eq!(steps[6], vec![Moment::Fire7], "one Fire marker left in the supply");
    assert_eq!(steps[7], vec![Moment::Fire8], "none left: one more Fire destroys the ship");
}

#[test]
fn the_seventh_and_eighth_malfunction_markers_are_announced_as_the_supply_runs_out_p17() {
    let steps = place_markers(false, 8, 306);
    assert!(steps[..6].iter().all(|m| m.is_empty()), "six malfunctions: plenty left ({steps:?})");
    assert_eq!(steps[6], vec![Moment::Malfunction7]);
    assert_eq!(steps[7], vec![Moment::Malfunction8]);
}

#[test]
fn a_marker_removed_and_placed_again_is_not_the_seventh_twice_p17() {
    let (mut s, mut f) = table(2, 307);
    let rooms: Vec<Location> = Content::base().board.locations().filter(|l| s.room(*l).tile.is_some()).take(7).collect();
    for at in &rooms {
        s = ok(&s, &mut f, Command::SetFire { at: *at, on: true }, vec![]).state;
    }
    s = ok(&s, &mut f, Command::SetFire { at: rooms[6], on: false }, vec![]).state;
    let again = ok(&s, &mut f, Command::SetFire { at: rooms[6], on: true }, vec![]);
    assert_eq!(moments(&again), vec![Moment::Fire7], "back to seven on the board: the warning stands again");
    let off = ok(&again.state, &mut f, Command::SetFire { at: rooms[0], on: false }, vec![]);
    assert!(moments(&off).is_empty(), "taking a marker off warns of nothing");
}

#[test]
fn the_last_character_leaving_is_announced_when_no_one_is_left_aboard_p11() {
    let (s, mut f) = table(3, 308);
    let one = ok(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    assert!(!moments(&one).contains(&Moment::LastCharacter), "two still aboard");
    let two = ok(&one.state, &mut f, Command::KillCharacter { seat: Seat(1) }, vec![]);
    assert!(!moments(&two).contains(&Moment::LastCharacter), "one still aboard");
    let three = ok(&two.state, &mut f, Command::KillCharacter { seat: Seat(2) }, vec![]);
    assert_eq!(moments(&three), vec![Moment::LastCharacter], "no one aboard: the game ends");
}

#[test]
fn the_first_death_of_the_last_character_aboard_ends_the_game_without_unlocking_pods_p11_p12() {
    // The game is over in the same step: the pods the first death unlocks mean nothing any more,
    // and announcing them ("survivors can now try to leave") would contradict the end (issue 31).
    let (mut s, mut f) = table(2, 309);
    s.seats[Seat(1)].life = Life::Hibernating;
    let a = ok(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    assert_eq!(moments(&a), vec![Moment::LastCharacter], "only the end is announced");
}

#[test]
fn each_moment_is_sent_under_its_catalogue_key() {
    for m in [
        Moment::FirstEncounter,
        Moment::FirstDeath,
        Moment::HibernationOpened,
        Moment::SelfDestructCritical,
        Moment::Fire7,
        Moment::Fire8,
        Moment::Malfunction7,
        Moment::Malfunction8,
        Moment::LastCharacter,
    ] {
        assert_eq!(serde_json::to_value(m).unwrap(), serde_json::Value::String(m.key().to_string()), "the UI reads moment.<key>.* for {m:?}");
    }
}
