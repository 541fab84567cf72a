//! Room actions (pp. 21-25): Search, Research in the Laboratory, the Nest's Eggs, and the
//! Emergency Room's treatments.

use crate::common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::Content;
use nemesis_engine::event::Event;
use nemesis_engine::ids::*;
use nemesis_engine::state::Component;
use nemesis_engine::{apply, Actor, Code, Fate};

#[test]
fn a_search_lowers_the_item_counter_until_the_room_is_empty_p23() {
    let mut opts = options(2);
    opts.handled.retain(|c| *c != Component::ExplorationTokens);
    let g = started_with(opts, 14);
    let s = state(&g).clone();
    let a = ok(
        &s,
        &mut Fate::seeded(3),
        Command::MoveCharacter { seat: Seat(0), to: Location(6), careful_noise: None },
        vec![Entered::Room { tile: None, effect: nemesis_engine::content::ExplorationEffect::Silence, items: 1 }],
    );
    let s = a.state;
    assert_eq!(s.room(Location(6)).items, Some(1));
    let s = ok(&s, &mut Fate::seeded(3), Command::SearchRoom { seat: Seat(0) }, vec![]).state;
    assert_eq!(s.room(Location(6)).items, Some(0));
    let refused = run(&s, &mut Fate::seeded(1), Command::SearchRoom { seat: Seat(0) }, vec![]).unwrap_err();
    assert_eq!(refused.code, Code::Empty, "an emptied room cannot be searched");
}

#[test]
fn guessing_an_app_held_weakness_gets_the_same_answer_right_or_wrong() {
    // PRIVACY.md rule 2: error messages must not betray a face-down card.
    let g = started(2, 19);
    let s = state(&g).clone();
    let c = Content::base();
    let truth = c.data.weaknesses[s.weaknesses[0].card.unwrap().0 as usize].key.clone();
    let wrong = c.data.weaknesses.iter().map(|w| w.key.clone()).find(|k| *k != truth).unwrap();
    let answer = |key: String| {
        apply(Some(&s), &mut Fate::seeded(1), Actor::Table, &Command::Research { seat: Seat(0), object: ResearchObject::CharacterCorpse }, &[Entered::Weakness { key }])
            .unwrap_err()
    };
    assert_eq!(answer(truth), answer(wrong), "a right guess and a wrong one are refused alike");
}

#[test]
fn research_reveals_the_weakness_in_the_slot_of_the_object_researched_p21() {
    let (mut s, mut f) = table(2, 28);
    stand_in(&mut s, Seat(0), "laboratory");
    s.seats[Seat(0)].eggs_carried = 1;
    let egg_slot = s.weaknesses[1].card.expect("the app placed three Weakness cards");
    let a = ok(&s, &mut f, Command::Research { seat: Seat(0), object: ResearchObject::IntruderEgg }, vec![]);
    assert!(
        a.events.contains(&Event::WeaknessRevealed { slot: ResearchObject::IntruderEgg, card: egg_slot }),
        "the Egg's slot (the 2nd) is revealed"
    );
    assert_eq!(a.state.weaknesses[1].revealed, Some(egg_slot), "face up on the Intruder board");
    assert!(a.state.weaknesses[0].revealed.is_none() && a.state.weaknesses[2].revealed.is_none(), "the other slots stay hidden");
    let err = run(&a.state, &mut f, Command::Research { seat: Seat(0), object: ResearchObject::IntruderEgg }, vec![])
        .expect_err("already discovered");
    assert_eq!(err.code, Code::NotAllowed, "a discovered Weakness cannot be researched again");
}

#[test]
fn take_egg_needs_the_explored_nest_and_is_followed_by_a_noise_roll_p25() {
    let (mut s, mut f) = table(2, 32);
    let nest = location_of_tile(&s, "nest");
    s.seats[Seat(0)].location = nest;
    let silence = || vec![Entered::Noise { face: NoiseFace::Silence }];

    let err = run(&s, &mut f, Command::TakeEgg { seat: Seat(0) }, silence()).expect_err("nest unexplored");
    assert_eq!(err.code, Code::NotAllowed, "an unexplored room is not known to be the Nest");

    s.room_mut(nest).explored = true;
    let eggs = s.nest_eggs;
    let a = ok(&s, &mut f, Command::TakeEgg { seat: Seat(0) }, silence());
    assert_eq!(a.state.nest_eggs, eggs - 1, "one Egg leaves the Intruder board");
    assert_eq!(a.state.seats[Seat(0)].eggs_carried, 1, "the character carries it");
    assert!(a.events.iter().any(|e| matches!(e, Event::NoiseRolled { seat: Some(Seat(0)), .. })), "then a Noise roll");
    assert!(!a.state.nest_destroyed, "eggs remain: the Nest stands");

    s.seats[Seat(0)].location = COCKPIT;
    let err = run(&s, &mut f, Command::TakeEgg { seat: Seat(0) }, silence()).expect_err("not in the nest");
    assert_eq!(err.code, Code::NotAllowed, "eggs are taken only in the Nest");
}

#[test]
fn nest_is_destroyed_when_its_last_egg_leaves_p12_p25() {
    let (mut s, mut f) = table(2, 33);
    let nest = location_of_tile(&s, "nest");
    s.room_mut(nest).explored = true;
    s.seats[Seat(0)].location = nest;
    s.nest_eggs = 1;
    let a = ok(&s, &mut f, Command::TakeEgg { seat: Seat(0) }, vec![Entered::Noise { face: NoiseFace::Silence }]);
    assert_eq!(a.state.nest_eggs, 0);
    assert!(a.events.contains(&Event::NestDestroyed), "no eggs left in the Nest: it is destroyed");
    assert!(a.state.nest_destroyed);
    let err = run(&a.state, &mut f, Command::TakeEgg { seat: Seat(0) }, vec![]).expect_err("empty nest");
    assert_eq!(err.code, Code::Empty, "no Egg left to take");
}

#[test]
fn the_emergency_room_gives_the_one_treatment_its_user_chooses_for_2_cards_p24() {
    use nemesis_engine::command::Treatment;
    let treat = |treatment| Command::TreatWounds { seat: Seat(0), treatment };
    let (mut s, mut f) = table(2, 2401);
    assert_eq!(refused(&s, &mut f, treat(Treatment::HealLight), vec![]).key, "the_character_must_be_in_the_room_for_that", "only in the Emergency Room");
    stand_in(&mut s, Seat(0), "emergency_room");
    // Nothing to treat yet: refused, so no one pays 2 cards for nothing.
    for (treatment, key) in [
        (Treatment::DressSerious, "this_character_has_no_serious_wound_to_dress"),
        (Treatment::HealDressed, "this_character_has_no_dressed_serious_wound_to"),
        (Treatment::HealLight, "this_character_has_no_light_wound"),
    ] {
        assert_eq!(refused(&s, &mut f, treat(treatment), vec![]).key, key);
    }
    s.seats[Seat(0)].light_wounds = 2;
    give_serious(&mut s, Seat(0), 3);
    s.seats[Seat(0)].serious[1].dressed = true;
    let cards: Vec<WoundCardId> = s.seats[Seat(0)].serious.iter().map(|w| w.card).collect();
    // Dress all your Serious Wounds: the two undressed ones, nothing else.
    let a = ok(&s, &mut f, treat(Treatment::DressSerious), vec![]);
    assert!(a.events.contains(&Event::ActionTaken { seat: Seat(0), cards: 2 }), "a Room Action: 2 cards");
    assert!(a.state.seats[Seat(0)].serious.iter().all(|w| w.dressed), "every Serious Wound dressed");
    assert_eq!(a.state.seats[Seat(0)].light_wounds, 2, "one treatment only: the Light Wounds stay");
    // Heal 1 of your dressed Serious Wounds: its card goes, the others stay.
    let b = ok(&s, &mut f, treat(Treatment::HealDressed), vec![]);
    let left: Vec<WoundCardId> = b.state.seats[Seat(0)].serious.iter().map(|w| w.card).collect();
    assert_eq!(left, vec![cards[0], cards[2]], "the dressed wound is healed, the undressed ones stay");
    // Heal all your Light Wounds.
    let c = ok(&s, &mut f, treat(Treatment::HealLight), vec![]);
    assert_eq!(c.state.seats[Seat(0)].light_wounds, 0);
    assert_eq!(c.state.seats[Seat(0)].serious, s.seats[Seat(0)].serious, "the Serious Wounds stay as they were");
}

#[test]
fn search_is_out_of_combat_only_neither_offered_nor_accepted_beside_an_intruder_p12() {
    // The Search card bears the Out of Combat Only icon (p. 12: not with an Intruder in the room;
    // docs/cards.md, graded A); Search itself is p. 23.
    use crate::room_sheet::{offered, round_of};
    let (mut s, mut f) = table(2, 1717);
    let at = stand_in(&mut s, Seat(0), "cabins");
    s.room_mut(at).items = Some(2);
    round_of(&mut s, Seat(0));
    let search = |c: &Command| matches!(c, Command::SearchRoom { .. });
    assert_eq!(offered(&s, search).len(), 1, "out of Combat, Search is offered");
    add_intruder(&mut s, IntruderKind::Adult, at);
    assert!(offered(&s, search).is_empty(), "in Combat, Search is not offered");
    let err = refused(&s, &mut f, Command::SearchRoom { seat: Seat(0) }, vec![]);
    assert_eq!((err.code, err.key.as_str()), (Code::NotAllowed, "that_card_is_out_of_combat_only"));
    assert_eq!(s.room(at).items, Some(2), "a refused Search leaves the Item Counter as it was");
}
