//! The Player Phase's rounds (pp. 10-12, 17-18, 27), driven strictly: whose round it is, two
//! Actions each, paying with Action cards, passing, what ends a round, the First Player token, and
//! what must happen before the phase ends. These tests call `rules::apply` as the app does, without
//! the common helpers that hand a round to whoever acts.

use crate::common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::event::{DeathCause, Event, WoundCause};
use nemesis_engine::log::LogParam;
use nemesis_engine::ids::*;
use nemesis_engine::state::*;
use nemesis_engine::{Code, Rejection};

/// Applies a command as the table would, turn order and all; refused ones change nothing.
fn strict(t: &mut Table, command: Command, entered: Vec<Entered>) -> Result<Vec<Event>, Rejection> {
    let before = t.s.clone();
    match run_strict(&t.s, &mut t.fate, command, entered) {
        Ok(a) => {
            t.s = a.state;
            Ok(a.events)
        }
        Err(r) => {
            assert_eq!(t.s, before, "a refusal changes nothing");
            Err(r)
        }
    }
}

fn ok_strict(t: &mut Table, command: Command) -> Vec<Event> {
    let what = format!("{command:?}");
    strict(t, command, vec![]).unwrap_or_else(|r| panic!("{what} refused: {r}"))
}

fn refused_strict(t: &mut Table, command: Command) -> Rejection {
    let what = format!("{command:?}");
    strict(t, command, vec![]).expect_err(&what)
}

fn card_action(seat: Seat, paid: u8) -> Command {
    Command::CardAction { seat, paid }
}

#[test]
fn rounds_start_with_the_first_player_and_go_clockwise_two_actions_each_p10() {
    let mut t = Table::new(3, 901);
    let order = t.s.turn_order();
    assert_eq!(order[0], t.s.first_player);
    assert_eq!(t.s.rounds.turn_of, Some(t.s.first_player), "p. 10: the First Player takes the first round");
    let (first, second) = (order[0], order[1]);

    let err = refused_strict(&mut t, card_action(second, 1));
    assert_eq!((err.code, err.key.as_str()), (Code::NotAllowed, "it_is_not_this_player_s_round"), "nobody acts out of turn");

    ok_strict(&mut t, card_action(first, 1));
    assert_eq!((t.s.rounds.turn_of, t.s.rounds.actions), (Some(first), 1), "one Action taken, the round goes on");
    ok_strict(&mut t, card_action(first, 1));
    assert_eq!(t.s.rounds.turn_of, Some(second), "p. 10: after 2 Actions the round passes clockwise");
    assert_eq!(t.s.rounds.actions, 0);
}

#[test]
fn a_player_who_passed_takes_no_more_actions_and_the_phase_ends_when_all_have_passed_p10() {
    let mut t = Table::new(2, 902);
    let order = t.s.turn_order();
    // One Action and then a pass (p. 10: "performs only 1 Action ... must pass").
    ok_strict(&mut t, card_action(order[0], 1));
    let events = ok_strict(&mut t, Command::Pass { seat: order[0] });
    assert!(events.contains(&Event::RoundEnded { seat: order[0], passed: true }));
    assert_eq!(t.s.rounds.turn_of, Some(order[1]));

    let err = refused_strict(&mut t, Command::EndPlayerPhase);
    assert_eq!(err.key, "not_every_player_has_passed_yet", "p. 10: the phase goes on while someone has not passed");

    ok_strict(&mut t, card_action(order[1], 1));
    ok_strict(&mut t, card_action(order[1], 1));
    assert_eq!(t.s.rounds.turn_of, Some(order[1]), "the passed player is skipped: the next round is the other player's again");

    ok_strict(&mut t, Command::Pass { seat: order[1] });
    assert_eq!(t.s.rounds.turn_of, None, "everyone has passed");
    let err = refused_strict(&mut t, card_action(order[0], 1));
    assert_eq!(err.key, "this_player_has_passed_no_more_actions_this", "p. 10: a player who passed takes no Action later in the phase");
    ok_strict(&mut t, Command::EndPlayerPhase);
    assert!(matches!(t.s.phase, Phase::Event { .. }), "p. 10: when all have passed, the Event Phase");
}

#[test]
fn every_action_is_paid_with_action_cards_and_refused_when_the_hand_cannot_pay_p12() {
    let mut t = Table::new(2, 903);
    let seat = t.s.first_player;
    assert_eq!(t.s.seats[seat].hand, 5, "p. 10: hands are filled to 5");
    let here = t.s.seats[seat].location;
    let next = nemesis_engine::Content::base().board.neighbours(here)[0].0;
    let corridor = 1;
    // Careful Movement costs 2 (p. 13).
    ok_strict(&mut t, Command::MoveCharacter { seat, to: next, careful_noise: Some(corridor) });
    assert_eq!(t.s.seats[seat].hand, 3, "p. 13: Careful Movement costs 2 cards");
    // A card Action whose card and cost come to 4 cannot be paid from 3 cards.
    let err = refused_strict(&mut t, card_action(seat, 4));
    assert_eq!((err.code, err.key.as_str()), (Code::NotAllowed, "not_enough_cards_in_hand_to_pay_for_this"), "p. 12: the exact cost must be discarded");
    ok_strict(&mut t, card_action(seat, 3));
    assert_eq!(t.s.seats[seat].hand, 0, "p. 12: the card and its cost are discarded");
}

#[test]
fn a_surprise_attack_compares_the_token_with_the_hand_left_after_paying_p18() {
    // Two Actions of 1 card leave 3 cards of 5: an Adult token showing 4 is a Surprise Attack.
    let mut t = Table::new(2, 904);
    let seat = t.s.first_player;
    ok_strict(&mut t, card_action(seat, 1));
    ok_strict(&mut t, card_action(seat, 1));
    assert_eq!(t.s.seats[seat].hand, 3);
    t.adult_in_bag(4);
    let events = strict(
        &mut t,
        Command::Encounter { seat },
        vec![Entered::Token { token: TokenKind::Adult, back: Some(4) }, Entered::AttackCard { key: "scratch".into(), blood: None }],
    )
    .expect("the Encounter");
    assert!(
        events.iter().any(|e| matches!(e, Event::SurpriseAttack { seat: s, back: 4, hand: 3, .. } if *s == seat)),
        "p. 18: 3 cards left against a 4 is a Surprise Attack"
    );
}

#[test]
fn the_intruder_attacks_the_character_with_fewest_cards_after_paying_p20() {
    let mut t = Table::new(2, 905);
    let order = t.s.turn_order();
    let at = t.s.seats[order[0]].location;
    assert_eq!(t.s.seats[order[1]].location, at, "both start in the Hibernatorium");
    // The First Player spends 2 cards; the other still holds 5.
    ok_strict(&mut t, card_action(order[0], 2));
    ok_strict(&mut t, Command::Pass { seat: order[0] });
    ok_strict(&mut t, Command::PlaceIntruder { kind: IntruderKind::Adult, at });
    let id = t.s.intruders.last().unwrap().id;
    let events = strict(&mut t, Command::AttackCharacter { id, target: None }, vec![Entered::AttackCard { key: "scratch".into(), blood: None }]).expect("attack");
    assert!(
        events.iter().any(|e| matches!(e, Event::AttackCardDrawn { purpose: nemesis_engine::event::AttackDraw::Attack { target, .. }, .. } if *target == order[0])),
        "p. 20: the character whose player holds fewer cards (3 against 5) is attacked"
    );
}

#[test]
fn a_character_ending_a_round_in_a_room_with_fire_takes_a_light_wound_p17() {
    let mut t = Table::new(2, 906);
    let seat = t.s.first_player;
    let at = t.s.seats[seat].location;
    ok_strict(&mut t, Command::SetFire { at, on: true });
    ok_strict(&mut t, card_action(seat, 1));
    assert_eq!(t.s.seats[seat].light_wounds, 0, "no wound in the middle of a round");
    ok_strict(&mut t, card_action(seat, 1));
    assert_eq!(t.s.seats[seat].light_wounds, 1, "p. 17: the round ends in a room with Fire: 1 Light Wound");
    let other = t.s.rounds.turn_of.expect("the other player's round");
    ok_strict(&mut t, Command::Pass { seat: other });
    assert_eq!(t.s.seats[other].light_wounds, 1, "p. 17: passing ends a round too");
}

/// The Pass offered to the seat whose round it is, and what it says passing does to the body.
fn pass_harm(t: &Table) -> Option<nemesis_engine::offers::Harm> {
    let offers = nemesis_engine::offers::offers(&t.s);
    offers.iter().find(|o| matches!(o.command, Command::Pass { .. })).expect("Pass is offered").pass_harm
}

#[test]
fn the_pass_offer_warns_of_the_fire_wound_and_of_the_wound_that_kills_p17_p21() {
    use nemesis_engine::offers::Harm;
    let mut t = Table::new(2, 906);
    let seat = t.s.first_player;
    let at = t.s.seats[seat].location;
    assert_eq!(pass_harm(&t), None, "no Fire, no Bleeding: passing harms no one");
    ok_strict(&mut t, Command::SetFire { at, on: true });
    assert_eq!(pass_harm(&t), Some(Harm::LightWound), "p. 17: a round ending in a room with Fire gives a Light Wound");
    ok_strict(&mut t, Command::Wound { seat, light: 2, serious: 0 });
    assert_eq!(pass_harm(&t), Some(Harm::SeriousWound), "p. 21: the third Light Wound becomes a Serious Wound");
    ok_strict(&mut t, Command::Wound { seat, light: 0, serious: 3 });
    assert_eq!(t.s.seats[seat].serious.len(), 3);
    assert_eq!(pass_harm(&t), Some(Harm::Death), "p. 21: a wound after the third Serious Wound kills");
    // What the offer said is what passing does.
    let events = ok_strict(&mut t, Command::Pass { seat });
    assert_eq!(nemesis_engine::offers::harm_of(&events, seat), Some(Harm::Death));
    assert!(!t.s.seats[seat].life.is_awake_on_board(), "the character died as warned");
}

#[test]
fn the_pass_warning_names_the_fire_or_the_bleeding_wound_it_comes_from_p17() {
    // p. 17: Fire wounds at each round's end; the Bleeding card, at each Pass. The app knows
    // which it is, so the warning names it (issue 31), and names both when both are there.
    use nemesis_engine::offers::HarmFrom;
    let from = |t: &Table| nemesis_engine::offers::offers(&t.s).into_iter().find(|o| matches!(o.command, Command::Pass { .. })).expect("Pass").harm_from;
    let mut t = Table::new(2, 906);
    let seat = t.s.first_player;
    let at = t.s.seats[seat].location;
    assert!(from(&t).is_empty(), "nothing harms the Pass");
    ok_strict(&mut t, Command::SetFire { at, on: true });
    assert_eq!(from(&t), vec![HarmFrom::Fire]);
    strict(&mut t, Command::Wound { seat, light: 0, serious: 1 }, vec![Entered::SeriousWound { key: "bleeding".into() }]).expect("the wound");
    assert_eq!(from(&t), vec![HarmFrom::Fire, HarmFrom::Bleeding]);
    ok_strict(&mut t, Command::SetFire { at, on: false });
    assert_eq!(from(&t), vec![HarmFrom::Bleeding]);
}

#[test]
fn the_first_player_token_passes_clockwise_past_dead_characters_p10() {
    let mut t = Table::new(3, 907);
    let order = t.s.turn_order();
    ok_strict(&mut t, Command::KillCharacter { seat: order[1] });
    for _ in 0..4 {
        let Some(seat) = t.s.rounds.turn_of else { break };
        ok_strict(&mut t, Command::Pass { seat });
    }
    ok_strict(&mut t, Command::EndPlayerPhase);
    while matches!(t.s.phase, Phase::Event { .. }) {
        let step = match t.s.phase {
            Phase::Event { step } => step,
            _ => unreachable!(),
        };
        let c = match step {
            EventStep::TimeTrack => Command::AdvanceTime,
            EventStep::IntruderAttack => Command::ResolveIntruderAttacks,
            EventStep::FireDamage => Command::ResolveFireDamage,
            EventStep::EventCard => Command::ResolveEventCard,
            EventStep::BagDevelopment => Command::DevelopBag,
        };
        ok_strict(&mut t, c);
    }
    assert_eq!(t.s.turn, 2);
    assert_eq!(t.s.first_player, order[2], "p. 10: the token goes left, past the dead character");
    assert_eq!(t.s.rounds.turn_of, Some(order[2]), "and the new First Player takes the first round");
    assert_eq!(refused_strict(&mut t, Command::Pass { seat: order[1] }).code, Code::NotAllowed, "a dead character takes no round");
}

#[test]
fn the_player_phase_cannot_end_until_every_living_player_has_kept_an_objective_p12() {
    let mut t = Table::new(2, 908);
    t.s.first_encounter = true;
    for _ in 0..2 {
        let seat = t.s.rounds.turn_of.expect("a round");
        ok_strict(&mut t, Command::Pass { seat });
    }
    let err = refused_strict(&mut t, Command::EndPlayerPhase);
    assert_eq!(err.key, "every_living_player_keeps_an_objective_first", "p. 12: objectives are due after the first Encounter");
    for seat in [Seat(0), Seat(1)] {
        let key = nemesis_engine::Content::base().data.objectives[t.s.seats[seat].objectives[0].0 as usize].key.clone();
        ok_strict(&mut t, Command::ChooseObjective { seat, objective: Some(key) });
    }
    ok_strict(&mut t, Command::EndPlayerPhase);
}

#[test]
fn a_player_left_alone_in_the_phase_goes_on_with_another_round_and_the_line_says_so_p10() {
    // p. 10: rounds go on in turn order until everyone has passed; once the others have passed,
    // the one left takes round after round. Its line says it goes on, not a new round by name.
    let mut t = Table::new(2, 915);
    let order = t.s.turn_order();
    let before = t.s.clone();
    let events = ok_strict(&mut t, card_action(order[0], 1));
    assert!(!said_keys(&before, &events).contains(&"round_began_again".to_string()), "one Action: the round goes on");
    ok_strict(&mut t, card_action(order[0], 1));
    let before = t.s.clone();
    let events = ok_strict(&mut t, Command::Pass { seat: order[1] });
    assert!(events.contains(&Event::RoundBegan { seat: order[0], again: false }), "another player's round is a new one: {events:?}");
    let keys = said_keys(&before, &events);
    assert!(keys.contains(&"round_began".to_string()), "{keys:?}");
    let before = t.s.clone();
    let events = ok_strict(&mut t, card_action(order[0], 1));
    let events = [events, ok_strict(&mut t, card_action(order[0], 1))].concat();
    assert!(events.contains(&Event::RoundBegan { seat: order[0], again: true }), "the same player again: {events:?}");
    let keys = said_keys(&before, &events);
    assert!(keys.contains(&"round_began_again".to_string()) && !keys.contains(&"round_began".to_string()), "{keys:?}");
}

#[test]
fn a_bleeding_wound_costs_a_light_wound_each_time_its_player_passes() {
    // Serious Wound card "Bleeding" (card reference §5, graded A).
    let mut t = Table::new(2, 909);
    let seat = t.s.first_player;
    strict(&mut t, Command::Wound { seat, light: 0, serious: 1 }, vec![Entered::SeriousWound { key: "bleeding".into() }]).expect("the wound");
    assert_eq!(t.s.seats[seat].light_wounds, 0);
    ok_strict(&mut t, Command::Pass { seat });
    assert_eq!(t.s.seats[seat].light_wounds, 1);
}

#[test]
fn a_wound_at_the_end_of_a_round_names_its_fire_or_bleeding_and_a_death_drops_every_heavy_object_p17_p21() {
    // p. 17: the Fire wounds at the round's end; the Bleeding card, on each Pass; p. 21: a dying
    // character drops every Heavy Object where they die. No line before says why, so each line does.
    let en = english();
    let mut t = Table::new(2, 913);
    let seat = t.s.first_player;
    strict(&mut t, Command::Wound { seat, light: 0, serious: 1 }, vec![Entered::SeriousWound { key: "bleeding".into() }]).expect("the wound");
    let before = t.s.clone();
    let events = ok_strict(&mut t, Command::Pass { seat });
    let keys = assert_hand_lines(&en, &before, &events, "a Bleeding pass");
    assert!(keys.contains(&"light_wounds_bleeding".to_string()), "the Bleeding wound is named: {keys:?}");

    let mut t = Table::new(2, 914);
    let seat = t.s.first_player;
    let at = t.s.seats[seat].location;
    ok_strict(&mut t, Command::SetFire { at, on: true });
    give_serious(&mut t.s, seat, 3);
    t.s.seats[seat].eggs_carried = 1;
    t.s.seats[seat].corpses_carried = 1;
    let before = t.s.clone();
    let events = ok_strict(&mut t, Command::Pass { seat });
    assert!(events.contains(&Event::CharacterDied { seat, cause: DeathCause::Fire }), "the Fire is the cause of death: {events:?}");
    assert!(events.contains(&Event::ObjectDropped { seat, object: ResearchObject::CharacterCorpse, at, dying: true }), "the carried Corpse falls");
    assert!(events.contains(&Event::EggsDropped { seat, at, count: 1, dying: true }), "the carried Egg falls");
    let keys = assert_hand_lines(&en, &before, &events, "a death in the Fire");
    for k in ["object_dropped_dying", "eggs_dropped_dying", "character_died"] {
        assert!(keys.contains(&k.to_string()), "{k} is said: {keys:?}");
    }
    let room = t.s.room(at);
    assert_eq!((room.eggs, room.corpses), (before.room(at).eggs + 1, before.room(at).corpses + 2), "the Egg, the carried Corpse and their own lie there");
    assert_eq!(t.s.seats[seat].eggs_carried + t.s.seats[seat].corpses_carried, 0, "nothing is carried by the dead");
}

#[test]
fn the_fire_gives_one_light_wound_to_a_character_ending_its_round_in_its_room_and_says_so_p17() {
    // p. 17: a character ending its round in a room with Fire suffers 1 Light Wound, once that
    // round: a pass ends its rounds for the turn, so the others' rounds wound it no more.
    let en = english();
    let mut t = Table::new(2, 916);
    let seat = t.s.first_player;
    let at = t.s.seats[seat].location;
    ok_strict(&mut t, Command::SetFire { at, on: true });
    assert_eq!(t.s.seats[seat].light_wounds, 0, "unwounded before");
    let before = t.s.clone();
    let events = ok_strict(&mut t, Command::Pass { seat });
    assert!(events.contains(&Event::LightWoundsSet { seat, light: 1, cause: Some(WoundCause::Fire) }), "the Fire's wound: {events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::CharacterDied { .. } | Event::SeriousWoundDrawn { .. })), "a first Light Wound kills nobody");
    assert_eq!((t.s.seats[seat].light_wounds, t.s.seats[seat].life), (1, Life::Awake));
    let keys = assert_hand_lines(&en, &before, &events, "a Light Wound from the Fire");
    assert!(!keys.contains(&"light_wounds".to_string()), "the line names the Fire, not a bare wound: {keys:?}");
    let line = table_lines(&before, &events).into_iter().find(|l| l.key == "light_wounds_fire").expect("the Fire's line");
    let name = t.s.seats[seat].name.clone();
    assert_eq!(line.text(), format!("The Fire in {name}'s room wounds them at the end of the round: Light Wounds 1."));
    let other = t.s.rounds.turn_of.expect("the other player's round");
    assert_ne!(other, seat);
    ok_strict(&mut t, Command::Pass { seat: other });
    assert_eq!(t.s.seats[seat].light_wounds, 1, "no second Fire wound this turn");
}

#[test]
fn a_third_light_wound_from_the_fire_becomes_a_serious_wound_named_after_the_fire_p17_p21() {
    // p. 21: a third Light Wound leaves the track empty and is a Serious Wound; here the Fire dealt
    // it (p. 17), and the Serious Wound's line says so (the track's reset is only the marker).
    let en = english();
    let mut t = Table::new(2, 917);
    let seat = t.s.first_player;
    let at = t.s.seats[seat].location;
    ok_strict(&mut t, Command::SetFire { at, on: true });
    t.s.seats[seat].light_wounds = 2;
    let before = t.s.clone();
    let events = strict(&mut t, Command::Pass { seat }, vec![Entered::SeriousWound { key: "arm".into() }]).expect("the pass");
    assert!(events.contains(&Event::LightWoundsSet { seat, light: 0, cause: None }), "the Light Wound track empties: {events:?}");
    let card = t.s.seats[seat].serious.last().expect("a Serious Wound card").card;
    assert!(events.contains(&Event::SeriousWoundDrawn { seat, card, cause: Some(WoundCause::Fire) }), "the Fire's Serious Wound: {events:?}");
    assert_eq!(nemesis_engine::Content::base().data.serious_wounds[card.0 as usize].key, "arm", "the card entered");
    assert_eq!((t.s.seats[seat].light_wounds, t.s.seats[seat].serious.len(), t.s.seats[seat].life), (0, 1, Life::Awake));
    let keys = assert_hand_lines(&en, &before, &events, "a Serious Wound from the Fire");
    assert!(keys.contains(&"serious_wound_fire".to_string()) && !keys.contains(&"serious_wound".to_string()), "{keys:?}");
    assert!(!keys.contains(&"light_wounds_fire".to_string()), "the emptied track does not claim the Fire: {keys:?}");
}

#[test]
fn a_third_light_wound_from_bleeding_on_a_pass_becomes_a_serious_wound_named_after_the_bleeding_p21() {
    // The Bleeding card costs a Light Wound on each pass; a third one is a Serious Wound (p. 21),
    // whose line names the Bleeding that dealt it.
    let en = english();
    let mut t = Table::new(2, 918);
    let seat = t.s.first_player;
    strict(&mut t, Command::Wound { seat, light: 0, serious: 1 }, vec![Entered::SeriousWound { key: "bleeding".into() }]).expect("the wound");
    t.s.seats[seat].light_wounds = 2;
    let at = t.s.seats[seat].location;
    assert!(!t.s.room(at).fire, "no Fire here: only the Bleeding wounds");
    let before = t.s.clone();
    let events = strict(&mut t, Command::Pass { seat }, vec![Entered::SeriousWound { key: "leg".into() }]).expect("the pass");
    let card = t.s.seats[seat].serious.last().expect("a second Serious Wound card").card;
    assert!(events.contains(&Event::SeriousWoundDrawn { seat, card, cause: Some(WoundCause::Bleeding) }), "the Bleeding's Serious Wound: {events:?}");
    assert_eq!((t.s.seats[seat].light_wounds, t.s.seats[seat].serious.len()), (0, 2));
    let keys = assert_hand_lines(&en, &before, &events, "a Serious Wound from the Bleeding");
    assert!(keys.contains(&"serious_wound_bleeding".to_string()) && !keys.contains(&"serious_wound".to_string()), "{keys:?}");
}

#[test]
fn a_dying_character_drops_a_carried_intruder_carcass_in_the_room_and_says_so_p21() {
    // p. 21: a dying character drops all their Heavy Objects in the room where they die; the
    // Carcass token goes from the character board to the room, with its own line.
    let en = english();
    let mut t = Table::new(2, 919);
    let seat = t.s.first_player;
    let at = t.s.seats[seat].location;
    ok_strict(&mut t, Command::SetFire { at, on: true });
    give_serious(&mut t.s, seat, 3);
    t.s.seats[seat].carcasses_carried = 1;
    let before = t.s.clone();
    let events = ok_strict(&mut t, Command::Pass { seat });
    let dropped = Event::ObjectDropped { seat, object: ResearchObject::IntruderCarcass, at, dying: true };
    let died = Event::CharacterDied { seat, cause: DeathCause::Fire };
    let (i, j) = (events.iter().position(|e| *e == dropped), events.iter().position(|e| *e == died));
    assert!(matches!((i, j), (Some(i), Some(j)) if i < j), "the Carcass falls, then the character dies: {events:?}");
    assert_eq!(t.s.room(at).carcasses, before.room(at).carcasses + 1, "the Carcass lies in the room");
    assert_eq!(t.s.seats[seat].carcasses_carried, 0, "the dead carry nothing");
    let keys = assert_hand_lines(&en, &before, &events, "a death with a Carcass");
    assert!(keys.contains(&"object_dropped_dying".to_string()), "{keys:?}");
    let line = table_lines(&before, &events).into_iter().find(|l| l.key == "object_dropped_dying").expect("the drop's line");
    assert!(matches!(line.params.get("object"), Some(LogParam::Term { key, .. }) if key == "research_object.intruder_carcass"), "{:?}", line.params);
}

#[test]
fn only_the_table_gives_a_round_out_of_turn_and_an_old_save_starts_its_rounds() {
    let mut t = Table::new(2, 910);
    let order = t.s.turn_order();
    let err = nemesis_engine::apply(Some(&t.s), &mut t.fate, Actor::Seat(order[1]), &Command::GiveRound { seat: order[1] }, &[]).unwrap_err();
    assert_eq!(err.code, Code::NotYourSeat, "a phone cannot take the round for itself");
    ok_strict(&mut t, Command::GiveRound { seat: order[1] });
    assert_eq!(t.s.rounds.turn_of, Some(order[1]));
    ok_strict(&mut t, card_action(order[1], 1));

    // A save from before rounds were kept: the next command starts them from the First Player.
    let mut old = Table::new(2, 911);
    old.s.rounds = Rounds::default();
    let first = old.s.first_player;
    ok_strict(&mut old, card_action(first, 1));
    assert_eq!((old.s.rounds.turn_of, old.s.rounds.actions), (Some(first), 1));
}

#[test]
fn entering_an_escape_pod_the_player_launches_at_once_or_waits_which_is_the_rounds_pass_p26() {
    let (s, f, _, pod) = at_section_a(912);
    let mut t = Table { s, fate: f };
    let seat = t.s.rounds.turn_of.expect("a round");
    ok_strict(&mut t, Command::SetPodLock { pod, locked: false });
    strict(&mut t, Command::TryEnterPod { seat, pod }, silence()).expect("a quiet Noise roll: into the pod");
    assert_eq!(t.s.seats[seat].life, Life::InPod(pod));
    // p. 26: after entering, the player decides at once: launch, or wait. The round stays theirs
    // for that decision, and nothing else is possible from inside the pod.
    assert_eq!(t.s.rounds.turn_of, Some(seat), "p. 26: the decision to launch comes at once, in the round of the entering");
    let err = refused_strict(&mut t, card_action(seat, 1));
    assert_eq!(err.key, "a_character_waiting_in_a_pod_may_only_launch");
    let offered: Vec<Command> = nemesis_engine::offers::offers(&t.s).into_iter().map(|o| o.command).collect();
    assert_eq!(offered, vec![Command::LaunchPod { pod, seat: Some(seat) }, Command::LeavePod { seat }, Command::Pass { seat }]);
    // Waiting is the pass: the round and the player's phase end, and the launch is refused in the
    // next player's round ("at once" is over).
    ok_strict(&mut t, Command::Pass { seat });
    assert!(t.s.rounds.passed.contains(&seat), "p. 26: not launching in one's round is a pass");
    assert_ne!(t.s.rounds.turn_of, Some(seat));
    assert_eq!(refused_strict(&mut t, Command::LaunchPod { pod, seat: Some(seat) }).key, "an_escape_pod_launches_only_in_the_round_of");
    // Given their round (a correction here, a later Player Phase at the table): the launch.
    ok_strict(&mut t, Command::GiveRound { seat });
    ok_strict(&mut t, Command::LaunchPod { pod, seat: Some(seat) });
    assert_eq!(t.s.seats[seat].life, Life::Escaped);
    assert_ne!(t.s.rounds.turn_of, Some(seat), "the round never stays with a character who left the ship");
}

#[test]
fn a_pod_entered_with_the_rounds_second_action_still_launches_at_once_p26() {
    let (s, f, _, pod) = at_section_a(913);
    let mut t = Table { s, fate: f };
    let seat = t.s.rounds.turn_of.expect("a round");
    ok_strict(&mut t, Command::SetPodLock { pod, locked: false });
    ok_strict(&mut t, card_action(seat, 1));
    strict(&mut t, Command::TryEnterPod { seat, pod }, silence()).expect("into the pod");
    assert_eq!((t.s.rounds.turn_of, t.s.rounds.actions), (Some(seat), 2), "p. 26: both Actions used, the launch may still come at once");
    ok_strict(&mut t, Command::LaunchPod { pod, seat: Some(seat) });
    assert_eq!(t.s.seats[seat].life, Life::Escaped);
}

#[test]
fn a_waiting_character_leaves_the_pod_only_in_their_own_round_and_that_round_is_a_pass_p26() {
    let (s, f, section, pod) = at_section_a(914);
    let mut t = Table { s, fate: f };
    let seat = t.s.rounds.turn_of.expect("a round");
    ok_strict(&mut t, Command::SetPodLock { pod, locked: false });
    strict(&mut t, Command::TryEnterPod { seat, pod }, silence()).expect("into the pod");
    ok_strict(&mut t, Command::Pass { seat });
    // p. 26: leaving is done "during your round": in another player's round it is refused.
    let err = refused_strict(&mut t, Command::LeavePod { seat });
    assert_eq!(err.key, "a_character_leaves_a_pod_only_in_their_own_round");
    ok_strict(&mut t, Command::GiveRound { seat });
    ok_strict(&mut t, Command::LeavePod { seat });
    assert_eq!((t.s.seats[seat].life, t.s.seats[seat].location), (Life::Awake, section), "back in the Evacuation Section");
    // p. 26: a round in the pod without its launch is a pass, leaving or not.
    assert!(t.s.rounds.passed.contains(&seat));
    assert_ne!(t.s.rounds.turn_of, Some(seat));
}

#[test]
fn a_round_moves_on_when_its_character_dies_by_anything_but_its_own_action_p10() {
    let mut t = Table::new(3, 913);
    let order = t.s.turn_order();
    ok_strict(&mut t, Command::KillCharacter { seat: order[0] });
    assert_eq!(t.s.rounds.turn_of, Some(order[1]), "the dead character's round ends; the next player's begins");
}

#[test]
fn the_intruder_player_plays_one_card_a_round_and_keeps_at_most_one_card_on_passing_p27() {
    let mut t = Table::new(3, 914);
    ok_strict(&mut t, Command::KillCharacter { seat: Seat(1) });
    ok_strict(&mut t, Command::BecomeIntruderPlayer { seat: Seat(1) });
    // From the next turn: everyone passes, the Event Phase runs.
    for _ in 0..4 {
        let Some(seat) = t.s.rounds.turn_of else { break };
        ok_strict(&mut t, Command::Pass { seat });
    }
    ok_strict(&mut t, Command::EndPlayerPhase);
    for c in [Command::AdvanceTime, Command::ResolveIntruderAttacks, Command::ResolveFireDamage, Command::ResolveEventCard, Command::DevelopBag] {
        if matches!(t.s.phase, Phase::Event { .. }) {
            let _ = strict(&mut t, c, vec![]);
        }
    }
    assert_eq!(t.s.turn, 2);
    while t.s.rounds.turn_of != Some(Seat(1)) {
        let seat = t.s.rounds.turn_of.expect("a round");
        ok_strict(&mut t, Command::Pass { seat });
    }
    assert_eq!(t.s.seats[Seat(1)].hand, 3, "p. 27: the Intruder player draws 3");
    let events = ok_strict(&mut t, card_action(Seat(1), 1));
    assert!(events.contains(&Event::RoundEnded { seat: Seat(1), passed: false }), "p. 27: one Action ends the Intruder player's round");
    // Everyone else has passed, so the next round is theirs again (p. 10).
    assert_eq!((t.s.rounds.turn_of, t.s.rounds.actions), (Some(Seat(1)), 0));
    ok_strict(&mut t, Command::Pass { seat: Seat(1) });
    assert_eq!(t.s.seats[Seat(1)].hand, 1, "p. 27: passing, the Intruder player keeps 1 card");
}
