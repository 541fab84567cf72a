//! A character's movement (p. 13): Escape from a room with intruders (p. 19).

use crate::common::*;

use nemesis_engine::command::Command;
use nemesis_engine::event::{AttackDraw, Event};
use nemesis_engine::ids::*;
use nemesis_engine::state::*;

#[test]
fn escape_resolves_one_attack_per_intruder_in_the_room_before_moving_p19() {
    let (mut s, mut f) = table(2, 5);
    let adult = add_intruder(&mut s, IntruderKind::Adult, HIB);
    let creeper = add_intruder(&mut s, IntruderKind::Creeper, HIB);
    // The destination is explored and occupied by the other character: no exploration, no Noise roll.
    let to = Location(6);
    s.room_mut(to).explored = true;
    s.seats[Seat(1)].location = to;

    let a = ok(
        &s,
        &mut f,
        Command::MoveCharacter { seat: Seat(0), to, careful_noise: None },
        vec![card("scratch"), card("slime")],
    );
    assert_eq!(
        attack_draws(&a.events),
        vec![
            ("scratch".to_string(), AttackDraw::Attack { intruder: adult, target: Seat(0) }),
            ("slime".to_string(), AttackDraw::Attack { intruder: creeper, target: Seat(0) }),
        ],
        "each Intruder in the room attacks the escaping character once, in turn"
    );
    let seat = &a.state.seats[Seat(0)];
    assert_eq!(seat.location, to, "a surviving character ends the move in the neighbouring room");
    assert!(seat.light_wounds == 1 && seat.slime, "both attacks resolved before the move");
    let moved = a.events.iter().position(|e| matches!(e, Event::CharacterMoved { .. })).expect("moved");
    let last_attack = a.events.iter().rposition(|e| matches!(e, Event::AttackCardDrawn { .. })).expect("attacked");
    assert!(last_attack < moved, "the attacks come before the miniature moves");
}

#[test]
fn escape_that_kills_leaves_the_corpse_in_the_room_escaped_from_p19() {
    let (mut s, mut f) = table(2, 6);
    add_intruder(&mut s, IntruderKind::Adult, HIB);
    give_serious(&mut s, Seat(0), 2);
    s.seats[Seat(1)].location = COCKPIT;
    let a = ok(&s, &mut f, Command::MoveCharacter { seat: Seat(0), to: Location(6), careful_noise: None }, vec![card("bite")]);
    let seat = &a.state.seats[Seat(0)];
    assert_eq!(seat.life, Life::Dead, "a Bite on 2 Serious Wounds kills");
    assert_eq!(seat.location, HIB, "the corpse stays in the room the character tried to escape from");
    assert!(!a.events.iter().any(|e| matches!(e, Event::CharacterMoved { .. })), "a dead character does not move");
}

#[test]
fn exploring_the_nest_with_a_malfunction_token_places_no_marker_and_says_so_p17() {
    // p. 17: a Malfunction marker can never go in the Nest (nor the Room Covered with Slime). Its
    // Exploration token's Malfunction places none, and the outcome must not tell the table to.
    let (mut s, mut f) = table(2, 7);
    let c = nemesis_engine::Content::base();
    let nest = c.board.locations().find(|l| s.room(*l).tile.is_some_and(|t| c.tile(t).key == "nest")).expect("the Nest's slot");
    s.room_mut(nest).explored = false;
    let malfunction = c.data.exploration_tokens.iter().position(|x| x.effect == nemesis_engine::content::ExplorationEffect::Malfunction).unwrap();
    s.room_mut(nest).token = Some(ExplorationId(malfunction as u8));
    let (from, _) = c.board.neighbours(nest)[0];
    s.seats[Seat(0)].location = from;
    s.seats[Seat(1)].location = from;
    let a = ok(&s, &mut f, Command::MoveCharacter { seat: Seat(0), to: nest, careful_noise: None }, silence());
    assert!(!a.state.room(nest).malfunction, "no Malfunction marker in the Nest");
    let keys = assert_hand_lines(&english(), &s, &a.events, "the Nest explored");
    assert!(keys.contains(&"room_explored_no_malfunction".to_string()) && !keys.contains(&"room_explored".to_string()), "{keys:?}");
    assert!(!keys.contains(&"malfunction_placed".to_string()));
}

#[test]
fn a_move_out_of_a_room_with_intruders_is_offered_with_its_escape_attacks_p19() {
    // The table is warned before it sends the Move: each Intruder in the room attacks first.
    let (mut s, _) = table(2, 1901);
    s.phase = Phase::Player;
    s.rounds.turn_of = Some(Seat(0));
    let here = s.seats[Seat(0)].location;
    let moves = |s: &State| nemesis_engine::offers::offers(s).into_iter().filter(|o| matches!(o.command, Command::MoveCharacter { .. })).map(|o| o.escape_attacks).collect::<Vec<_>>();
    assert!(moves(&s).iter().all(|n| *n == 0), "no Intruder here: a plain Move");
    add_intruder(&mut s, IntruderKind::Adult, here);
    add_intruder(&mut s, IntruderKind::Larva, here);
    let escapes = moves(&s);
    assert!(!escapes.is_empty() && escapes.iter().all(|n| *n == 2), "two Intruders here: two attacks before any Move: {escapes:?}");
}

#[test]
fn an_escape_by_a_character_with_three_serious_wounds_warns_that_the_first_hit_kills_p19_p21() {
    // p. 19: each Intruder attacks before the Escape; p. 21: after 3 Serious Wounds any Wound
    // kills. The offer says so before the Move is sent (issue 31).
    let (mut s, mut f) = table(2, 1902);
    s.phase = Phase::Player;
    s.rounds.turn_of = Some(Seat(0));
    let here = s.seats[Seat(0)].location;
    add_intruder(&mut s, IntruderKind::Adult, here);
    let kills = |s: &State| nemesis_engine::offers::offers(s).into_iter().filter(|o| matches!(o.command, Command::MoveCharacter { .. })).map(|o| (o.escape_attacks, o.escape_kills)).collect::<Vec<_>>();
    assert!(kills(&s).iter().all(|(n, k)| *n == 1 && !k), "2 Serious Wounds or fewer: a hit does not kill by itself");
    s = ok(&s, &mut f, Command::Wound { seat: Seat(0), light: 0, serious: 3 }, vec![]).state;
    s.rounds.turn_of = Some(Seat(0));
    let escapes = kills(&s);
    assert!(!escapes.is_empty() && escapes.iter().all(|(n, k)| *n == 1 && *k), "3 Serious Wounds: the first hit kills: {escapes:?}");
}
