//! The independent review's open points of issue 31, each from its page or its decision in
//! docs/rules-deviations.md: Rest out of Combat, the Door taken from the board when the pool is
//! short, the Self-Destruct Key's refusals, the Medkit's choices.

use crate::common::*;
use crate::room_sheet::{offered, round_of};

use nemesis_engine::command::Command;
use nemesis_engine::content::Content;
use nemesis_engine::ids::*;
use nemesis_engine::state::*;

use crate::card_actions::{at_a_computer, use_card};

#[test]
fn rest_is_out_of_combat_only_neither_offered_nor_accepted_with_an_intruder_in_the_room_p12() {
    // p. 12: an Out of Combat Only Action waits for an empty room; Rest bears the icon in the one
    // source that lists the icons (rules-deviations 32, B).
    let (mut s, mut f) = table(2, 3201);
    s = ok(&s, &mut f, Command::GiveContamination { seat: Seat(0), count: 1 }, vec![]).state;
    round_of(&mut s, Seat(0));
    let rest = use_card(PlayedCard::Rest, CardEffect::Scan);
    assert_eq!(offered(&s, |c| *c == rest).len(), 1, "out of Combat, Rest is offered");
    let here = s.seats[Seat(0)].location;
    add_intruder(&mut s, IntruderKind::Adult, here);
    assert!(offered(&s, |c| *c == rest).is_empty(), "in Combat it is not");
    let err = refused(&s, &mut f, rest, vec![]);
    assert_eq!(err.key, "that_card_is_out_of_combat_only");
}

#[test]
fn the_medkit_dresses_or_heals_one_serious_wound_and_never_heals_every_light_wound() {
    // The Medkit's English text (PN): dress 1 Serious Wound or heal 1 dressed one. AR adds "heal
    // every Light Wound"; decided for the English text (rules-deviations 50, B).
    let (mut s, mut f) = table(2, 3202);
    round_of(&mut s, Seat(0));
    s.seats[Seat(0)].light_wounds = 2;
    let heal = use_card(PlayedCard::Medkit, CardEffect::HealLight);
    assert!(offered(&s, |c| *c == heal).is_empty(), "not offered");
    let err = refused(&s, &mut f, heal, vec![]);
    assert_eq!(err.key, "that_card_does_not_do_that");
    assert_eq!(nemesis_engine::rules::card_effects(PlayedCard::Medkit), &[CardEffect::DressSerious, CardEffect::HealDressed]);
}

/// A state where no Door token is left in the pool: the corridors in `closed` and `destroyed`
/// hold every token, and `target` is Open.
fn short_pool(closed: &[usize], destroyed: &[usize], target: CorridorId) -> State {
    let (mut s, _) = table(2, 3203);
    let pool = usize::from(Content::base().data.pools.doors);
    let rest: Vec<usize> = (0..s.board.doors.len()).filter(|i| *i != target.0 as usize && !closed.contains(i) && !destroyed.contains(i)).collect();
    for d in s.board.doors.iter_mut() {
        *d = DoorState::Open;
    }
    for i in closed {
        s.board.doors[*i] = DoorState::Closed;
    }
    for i in destroyed {
        s.board.doors[*i] = DoorState::Destroyed;
    }
    // Fill the rest of the pool with Destroyed Doors past the named ones.
    for i in rest.into_iter().take(pool - closed.len() - destroyed.len()) {
        s.board.doors[i] = DoorState::Destroyed;
    }
    assert_eq!(usize::from(s.doors_in_use()), pool, "no Door token left in the pool");
    s
}

#[test]
fn with_no_door_token_in_the_pool_a_closed_door_is_taken_from_the_board_never_a_destroyed_one_p17() {
    // p. 17: with no Door token left, one is taken from the board. A Destroyed Door can never be
    // closed again (p. 17): its token stays, and a Closed Door's token is taken instead, however
    // high its corridor (rules-deviations 51).
    let mut s = short_pool(&[], &[], CorridorId(0));
    let target = CorridorId(0);
    let (here, _) = Content::base().board.locations().flat_map(|l| Content::base().board.neighbours(l).into_iter().map(move |(_, c)| (l, c))).find(|(_, c)| *c == target).expect("a room on corridor 0");
    let last = s.board.doors.iter().rposition(|d| *d == DoorState::Destroyed).expect("a Destroyed Door");
    s.board.doors[last] = DoorState::Closed;
    let destroyed_before: Vec<usize> = (0..s.board.doors.len()).filter(|i| s.board.doors[*i] == DoorState::Destroyed).collect();
    s.seats[Seat(0)].location = here;
    round_of(&mut s, Seat(0));
    let mut f = nemesis_engine::Fate::seeded(3203);
    let close = Command::UseCard { seat: Seat(0), card: PlayedCard::Tools, effect: CardEffect::ToggleDoor, wound: None, cards: Vec::new(), corridor: Some(target), intruder: None, room: None, target: None, pod: None };
    let a = ok(&s, &mut f, close, vec![]);
    assert_eq!(a.state.board.doors[target.0 as usize], DoorState::Closed, "the Door is closed");
    assert_eq!(a.state.board.doors[last], DoorState::Open, "its token came from the Closed Door, the highest corridor");
    assert!(destroyed_before.iter().all(|i| a.state.board.doors[*i] == DoorState::Destroyed), "no Destroyed Door was taken");
}

#[test]
fn with_no_door_token_in_the_pool_an_active_airlocks_door_is_never_taken_p17_p25() {
    // p. 17: with no Door token left, one is taken from the board. p. 25: an Airlock Procedure
    // ends when a Door of its room opens. Taking one of its Closed Doors for an unrelated Door
    // would cancel another player's Airlock as a side effect: its Doors stay, and the token comes
    // from elsewhere (here, only a Destroyed one is left to take).
    let content = Content::base();
    let board = &content.board;
    let room = board.locations().find(|l| board.neighbours(*l).len() >= 2).expect("a room with corridors");
    let sealed: Vec<usize> = board.neighbours(room).into_iter().map(|(_, c)| c.0 as usize).collect();
    let (here, target) = board
        .locations()
        .filter(|l| *l != room)
        .flat_map(|l| board.neighbours(l).into_iter().map(move |(_, c)| (l, c)))
        .find(|(_, c)| !sealed.contains(&(c.0 as usize)))
        .expect("a corridor away from the Airlock's room");
    let mut s = short_pool(&sealed, &[], target);
    s.airlock = Some(room);
    s.seats[Seat(0)].location = here;
    round_of(&mut s, Seat(0));
    let mut f = nemesis_engine::Fate::seeded(3205);
    let close = Command::UseCard { seat: Seat(0), card: PlayedCard::Tools, effect: CardEffect::ToggleDoor, wound: None, cards: Vec::new(), corridor: Some(target), intruder: None, room: None, target: None, pod: None };
    let a = ok(&s, &mut f, close, vec![]);
    assert_eq!(a.state.board.doors[target.0 as usize], DoorState::Closed, "the Door is closed");
    assert_eq!(a.state.airlock, Some(room), "the Airlock Procedure goes on");
    assert!(sealed.iter().all(|c| a.state.board.doors[*c] == DoorState::Closed), "every Door of the Airlock's room stays Closed");
}

#[test]
fn the_self_destruct_key_is_refused_on_yellow_while_anyone_hibernates_and_in_combat_p24() {
    // p. 24: the sequence cannot start while anyone hibernates, and once its marker reached yellow
    // it cannot be stopped; the Self-Destruct Key bears the Out of Combat Only icon (p. 12, B).
    let (mut s, mut f) = table(2, 3204);
    let key = use_card(PlayedCard::SelfDestructKey, CardEffect::ToggleSelfDestruct);
    let at = at_a_computer(&mut s, Seat(0));
    round_of(&mut s, Seat(0));
    assert!(run(&s, &mut f, key.clone(), vec![]).is_ok(), "it starts the sequence here");

    let mut sleeping = s.clone();
    sleeping.seats[Seat(1)].life = Life::Hibernating;
    assert!(offered(&sleeping, |c| *c == key).is_empty(), "not offered while anyone hibernates");
    assert_eq!(refused(&sleeping, &mut f, key.clone(), vec![]).key, "self_destruct_cannot_start_while_anyone_is_hibernating");

    let mut yellow = s.clone();
    yellow.self_destruct = Some(Content::base().data.self_destruct_track.yellow_from);
    assert!(offered(&yellow, |c| *c == key).is_empty(), "not offered on yellow");
    let before = yellow.clone();
    assert_eq!(refused(&yellow, &mut f, key.clone(), vec![]).key, "the_self_destruct_marker_is_on_yellow_it");
    assert_eq!(yellow, before, "a refusal changes nothing");

    let mut combat = s.clone();
    add_intruder(&mut combat, IntruderKind::Adult, at);
    assert!(offered(&combat, |c| *c == key).is_empty(), "not offered in Combat");
    assert_eq!(refused(&combat, &mut f, key, vec![]).key, "that_card_is_out_of_combat_only");
}
