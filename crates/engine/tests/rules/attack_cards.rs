//! Each Intruder Attack card, resolved by the app and said to the table (p. 20 and the cards,
//! card reference §3), and the injury check that reads only a card's blood (p. 20): the state
//! after, and a hand line for every piece the table holds (issue 31).

use crate::common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::{Blood, RetreatMark};
use nemesis_engine::event::Event;
use nemesis_engine::ids::*;
use nemesis_engine::state::*;

/// Seat 0 alone in the Hibernatorium with an Intruder of `kind`; the others in the Cockpit.
fn facing(kind: IntruderKind, seed: u64) -> (Table, IntruderId) {
    let mut t = Table::new(2, seed);
    alone_in_hibernatorium(&mut t.s);
    let id = add_intruder(&mut t.s, kind, HIB);
    (t, id)
}

/// The Intruder attacks with the Intruder Attack card `key`; the outcome's keys.
fn attack_with(t: &mut Table, id: IntruderId, key: &str) -> (Vec<Event>, Vec<String>) {
    let before = t.s.clone();
    let events = t.run(Command::AttackCharacter { id, target: None }, vec![card(key)]);
    let keys = assert_hand_lines(&english(), &before, &events, key);
    (events, keys)
}

fn has(keys: &[String], key: &str) -> bool {
    keys.iter().any(|k| k == key)
}

#[test]
fn scratch_gives_one_light_wound_and_one_contamination_card() {
    let (mut t, id) = facing(IntruderKind::Creeper, 601);
    let (_, keys) = attack_with(&mut t, id, "scratch");
    assert_eq!((t.s.seats[Seat(0)].light_wounds, t.s.seats[Seat(0)].contamination.len()), (1, 1));
    assert!(has(&keys, "light_wounds") && has(&keys, "contamination_given"));
}

#[test]
fn claw_attack_gives_two_light_wounds_and_one_contamination_card() {
    let (mut t, id) = facing(IntruderKind::Adult, 602);
    attack_with(&mut t, id, "claw_attack");
    assert_eq!((t.s.seats[Seat(0)].light_wounds, t.s.seats[Seat(0)].contamination.len()), (2, 1));
}

#[test]
fn bite_gives_a_serious_wound_and_kills_a_character_with_two_already() {
    let (mut t, id) = facing(IntruderKind::Adult, 603);
    let (_, keys) = attack_with(&mut t, id, "bite");
    assert_eq!(t.s.seats[Seat(0)].serious.len(), 1);
    assert!(has(&keys, "serious_wound"));
    give_serious(&mut t.s, Seat(0), 1);
    let (_, keys) = attack_with(&mut t, id, "bite");
    assert_eq!(t.s.seats[Seat(0)].life, Life::Dead, "2 Serious Wounds already: the Bite kills");
    assert!(has(&keys, "character_died") && has(&keys, "corpse_left"));
}

#[test]
fn tail_attack_kills_a_character_with_any_serious_wound() {
    let (mut t, id) = facing(IntruderKind::Queen, 604);
    attack_with(&mut t, id, "tail_attack");
    assert_eq!(t.s.seats[Seat(0)].serious.len(), 1, "the first Tail Attack wounds");
    attack_with(&mut t, id, "tail_attack");
    assert_eq!(t.s.seats[Seat(0)].life, Life::Dead, "the second kills");
}

#[test]
fn transformation_turns_the_creeper_into_a_breeder_that_strikes_an_empty_hand() {
    let (mut t, id) = facing(IntruderKind::Creeper, 605);
    t.s.seats[Seat(0)].hand = 0;
    let before = t.s.clone();
    let events = t.run(Command::AttackCharacter { id, target: None }, vec![card("transformation"), card("scratch")]);
    let keys = assert_hand_lines(&english(), &before, &events, "transformation");
    assert_eq!(t.s.intruder(id).unwrap().kind, IntruderKind::Breeder, "the Creeper becomes a Breeder");
    assert!(events.iter().any(|e| matches!(e, Event::SurpriseAttack { .. })), "no card in hand: the Breeder attacks at once");
    assert!(has(&keys, "intruder_transformed"));
}

#[test]
fn frenzy_wounds_every_character_in_the_room_and_kills_those_with_two_serious_wounds() {
    let (mut t, id) = facing(IntruderKind::Breeder, 606);
    t.place(Seat(1), HIB.0);
    give_serious(&mut t.s, Seat(1), 2);
    let (_, keys) = attack_with(&mut t, id, "frenzy");
    assert_eq!(t.s.seats[Seat(0)].serious.len(), 1, "the target takes a Serious Wound");
    assert_eq!(t.s.seats[Seat(1)].life, Life::Dead, "the other character, at 2 Serious Wounds, dies");
    assert!(has(&keys, "serious_wound") && has(&keys, "character_died"));
}

#[test]
fn slime_gives_a_slime_marker_and_a_contamination_card() {
    let (mut t, id) = facing(IntruderKind::Adult, 607);
    let (_, keys) = attack_with(&mut t, id, "slime");
    assert!(t.s.seats[Seat(0)].slime && t.s.seats[Seat(0)].contamination.len() == 1);
    assert!(has(&keys, "slime_on"));
}

#[test]
fn summoning_resolves_the_encounters_draw_without_its_surprise_attack_p18() {
    // The card: draw a token from the bag and put its Intruder in the room, which does not attack.
    // That draw is an Encounter's (p. 18): the Noise markers of the room's corridors are discarded
    // first, and a Blank token puts a Noise marker in each corridor instead and goes back.
    let (mut t, id) = facing(IntruderKind::Queen, 608);
    let corridors = nemesis_engine::Content::base().board.corridors_of(HIB);
    t.s.board.noise[corridors[0].0 as usize] = true;
    let before = t.s.clone();
    let events = t.run(Command::AttackCharacter { id, target: None }, vec![card("summoning"), Entered::Token { token: TokenKind::Adult, back: Some(6) }]);
    assert_hand_lines(&english(), &before, &events, "summoning");
    assert!(corridors.iter().all(|x| !t.s.board.noise[x.0 as usize]), "the Noise markers around are discarded");
    assert_eq!(t.s.intruders_at(HIB).count(), 2, "the summoned Adult is in the room");
    assert_eq!(events.iter().filter(|e| matches!(e, Event::AttackCardDrawn { .. })).count(), 1, "it does not attack, even with a high token");

    let (mut t, id) = facing(IntruderKind::Queen, 609);
    let before = t.s.clone();
    let events = t.run(Command::AttackCharacter { id, target: None }, vec![card("summoning"), Entered::Token { token: TokenKind::Blank, back: None }]);
    assert_hand_lines(&english(), &before, &events, "summoning a Blank");
    assert!(corridors.iter().all(|x| t.s.board.noise[x.0 as usize]), "a Blank: a Noise marker in each corridor");
    assert_eq!(t.s.intruders_at(HIB).count(), 1, "nobody appears");
}

#[test]
fn a_card_without_the_attackers_symbol_misses() {
    let (mut t, id) = facing(IntruderKind::Creeper, 610);
    let (_, keys) = attack_with(&mut t, id, "bite");
    assert!(has(&keys, "attack_missed"));
    assert_eq!(t.s.seats[Seat(0)].light_wounds, 0);
}

// ---------------------------------------------------------------- the injury check (p. 20)

#[test]
fn an_injury_check_shows_the_blood_and_the_verdict_and_never_the_cards_attack() {
    // p. 20: after Injuries, a Creeper or an Adult draws 1 Intruder Attack card and reads only its
    // blood; at or below the Injuries it dies. The card's attack hits nobody: its line gives the
    // blood, not the card, and no hand line tells anyone to take a wound.
    let (mut t, id) = facing(IntruderKind::Adult, 611);
    let before = t.s.clone();
    let events = t.run(Command::InjureIntruder { id, injuries: 2 }, vec![Entered::AttackCard { key: "scratch".into(), blood: Some(Blood::Endurance(2)) }]);
    let lines = table_lines(&before, &events);
    let keys: Vec<&str> = lines.iter().map(|l| l.key).collect();
    assert!(!keys.contains(&"attack_card"), "no Intruder Attack line: {keys:?}");
    let card = lines.iter().find(|l| l.key == "injury_card").expect("the injury check's card");
    assert!(card.text().contains("blood only, 2"), "{}", card.text());
    assert!(!card.params.values().any(|p| matches!(p, nemesis_engine::log::LogParam::Term { key, .. } if key.starts_with("card.attack."))), "the card's name (and its attack text) is not shown");
    let verdict = lines.iter().find(|l| l.key == "endurance_dies").expect("the verdict");
    assert_eq!(verdict.text(), format!("Injury check: Adult #{} has 2 Injuries and the blood is 2: it dies.", id.0));
    assert!(t.s.intruder(id).is_none());
    assert_hand_lines(&english(), &before, &events, "an injury check");
    let en = english();
    assert!(!en["hint.injury_card"].contains("give the character"), "the hand line wounds nobody");
}

#[test]
fn a_breeder_or_the_queen_draws_two_cards_for_the_injury_check_and_the_line_says_why() {
    let (mut t, id) = facing(IntruderKind::Breeder, 612);
    let before = t.s.clone();
    let two = vec![
        Entered::AttackCard { key: "scratch".into(), blood: Some(Blood::Endurance(3)) },
        Entered::AttackCard { key: "bite".into(), blood: Some(Blood::Endurance(4)) },
    ];
    let events = t.run(Command::InjureIntruder { id, injuries: 3 }, two);
    let lines = table_lines(&before, &events);
    assert_eq!(lines.iter().filter(|l| l.key == "injury_card").count(), 2, "two cards drawn");
    let verdict = lines.iter().find(|l| l.key == "endurance_survives_two").expect("the two-card verdict");
    assert_eq!(verdict.text(), format!("Injury check: Breeder #{} has 3 Injuries; a Breeder or the Queen draws two cards and adds their blood, 7, higher: it lives on.", id.0));
}

#[test]
fn a_retreat_arrow_in_the_injury_check_makes_the_intruder_flee() {
    let (mut t, id) = facing(IntruderKind::Adult, 613);
    let before = t.s.clone();
    let events = t.run(
        Command::InjureIntruder { id, injuries: 1 },
        vec![Entered::AttackCard { key: "bite".into(), blood: Some(Blood::Retreat(RetreatMark::Retreat)) }, Entered::EventCard { key: "damage".into() }],
    );
    let keys = assert_hand_lines(&english(), &before, &events, "a retreat");
    assert!(keys.contains(&"injury_card_retreat".to_string()) && keys.contains(&"endurance_retreats".to_string()), "{keys:?}");
}
