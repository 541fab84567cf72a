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

/// The Move offers' (escape attacks, may kill) for the seat whose round it is.
fn escape_warnings(s: &State) -> Vec<(u8, bool)> {
    nemesis_engine::offers::offers(s).into_iter().filter(|o| matches!(o.command, Command::MoveCharacter { .. })).map(|o| (o.escape_attacks, o.escape_kills)).collect()
}

/// A table in seat 0's round of the Player Phase with `light` and `serious` wounds on it and
/// `kinds` of Intruders in its room.
fn wounded_among(light: u8, serious: u8, kinds: &[IntruderKind]) -> (State, nemesis_engine::fate::Fate) {
    let (mut s, mut f) = table(2, 1903);
    s.phase = Phase::Player;
    if light + serious > 0 {
        s = ok(&s, &mut f, Command::Wound { seat: Seat(0), light, serious }, vec![]).state;
    }
    s.rounds.turn_of = Some(Seat(0));
    let here = s.seats[Seat(0)].location;
    for kind in kinds {
        add_intruder(&mut s, *kind, here);
    }
    (s, f)
}

#[test]
fn an_escape_warns_it_may_kill_when_an_attack_card_the_intruders_draw_can_p19_p21() {
    // p. 19: each Intruder in the room attacks before the Escape, one card each (p. 20); p. 21:
    // a third Light Wound becomes a Serious one, any Wound after 3 Serious kills; the cards
    // (card reference §3, A): a Bite (Adult, Breeder, Queen) and a Frenzy (Breeder, Queen) kill at
    // 2 Serious Wounds, the Queen's Tail Attack at 1.
    let warned = |light, serious, kinds: &[IntruderKind]| {
        let (s, _) = wounded_among(light, serious, kinds);
        let w = escape_warnings(&s);
        assert!(!w.is_empty() && w.iter().all(|(n, _)| usize::from(*n) == kinds.len()), "{} attacks before each Move: {w:?}", kinds.len());
        assert!(w.iter().all(|(_, k)| *k == w[0].1), "every Move out is the same Escape: {w:?}");
        w[0].1
    };
    use IntruderKind::*;
    assert!(!warned(0, 1, &[Adult]), "1 Serious Wound: an Adult's Bite makes it 2, no card kills");
    assert!(warned(0, 2, &[Adult]), "2 Serious Wounds: an Adult's Bite kills");
    assert!(warned(0, 2, &[Breeder]), "2 Serious Wounds: a Breeder's Bite or Frenzy kills");
    assert!(warned(0, 1, &[Queen]), "1 Serious Wound: the Queen's Tail Attack kills");
    assert!(!warned(0, 0, &[Queen]), "no Serious Wound: one attack gives one at most");
    assert!(warned(0, 1, &[Adult, Adult]), "1 Serious Wound and two Adults: a Bite makes it 2, the next Bite kills");
    assert!(!warned(0, 2, &[Creeper]), "cards left in hand: a Creeper's cards give one Light Wound at most");
    assert!(!warned(2, 2, &[Creeper]), "2 Light Wounds: a Scratch's third becomes the third Serious Wound, not a death");
    assert!(warned(2, 2, &[Creeper, Creeper]), "…and a second Scratch then kills");
    assert!(!warned(2, 2, &[Larva]), "a Larva draws no Intruder Attack card of its own");
    assert!(warned(0, 3, &[Creeper]), "3 Serious Wounds: any Wound kills");
}

#[test]
fn an_escape_it_warned_of_kills_when_that_bite_is_drawn_p19_p21() {
    // The warning says what the Escape can do: with 2 Serious Wounds, the Adult's Bite kills
    // (the card, card reference §3, A) and the Corpse lies where the character started (p. 19).
    let (s, mut f) = wounded_among(0, 2, &[IntruderKind::Adult]);
    assert!(escape_warnings(&s).iter().all(|(_, k)| *k));
    let here = s.seats[Seat(0)].location;
    let (to, _) = s.content().board.neighbours(here)[0];
    let a = ok(&s, &mut f, Command::MoveCharacter { seat: Seat(0), to, careful_noise: None }, vec![card("bite")]);
    assert_eq!(a.state.seats[Seat(0)].life, Life::Dead, "the Bite killed the escaping character");
    assert_eq!(a.state.seats[Seat(0)].location, here, "the Corpse lies where the Escape began");
}

#[test]
fn an_escape_with_an_empty_hand_after_paying_warns_of_the_breeder_a_transformation_makes_p19_card_reference() {
    // The Transformation card (card reference §3, A): the attacking Creeper becomes a Breeder if
    // a Breeder miniature is free, and that Breeder attacks at once when the target's player has
    // no cards in hand. With 2 Serious Wounds its Bite kills; the Move's card is paid first
    // (p. 12), so a 1-card hand escapes with none.
    let (mut s, mut f) = wounded_among(0, 2, &[IntruderKind::Creeper]);
    assert!(escape_warnings(&s).iter().all(|(_, k)| !k), "a full hand: the Transformation alone wounds no one");
    s.seats[Seat(0)].hand = 1;
    let plain: Vec<bool> = nemesis_engine::offers::offers(&s).into_iter().filter(|o| matches!(o.command, Command::MoveCharacter { careful_noise: None, .. })).map(|o| o.escape_kills).collect();
    assert!(!plain.is_empty() && plain.iter().all(|k| *k), "the last card pays the Move: the Breeder's Bite can follow: {plain:?}");
    let here = s.seats[Seat(0)].location;
    let (to, _) = s.content().board.neighbours(here)[0];
    let a = ok(&s, &mut f, Command::MoveCharacter { seat: Seat(0), to, careful_noise: None }, vec![card("transformation"), card("bite")]);
    assert!(a.state.intruders.iter().any(|i| i.kind == IntruderKind::Breeder), "the Creeper became a Breeder");
    assert_eq!(a.state.seats[Seat(0)].life, Life::Dead, "and its Bite killed the escaping character");
}
