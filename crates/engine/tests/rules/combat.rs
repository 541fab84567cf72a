//! Combat (pp. 18-20, 27): Intruder attacks, their target and Attack cards, Shoot and Melee,
//! Intruder injuries and deaths, retreat, Weaknesses in a fight, and the Intruder player's ATTACK.

use crate::common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::{Blood, Content, RetreatMark};
use nemesis_engine::event::{AttackDraw, DeathCause, Event, EventDraw};
use nemesis_engine::ids::*;
use nemesis_engine::state::*;
use nemesis_engine::command::Weapon;
use nemesis_engine::log::{describe, Audience, LogParam};
use nemesis_engine::{Code, Fate};

fn card_with(key: &str, blood: Blood) -> Entered {
    Entered::AttackCard { key: key.into(), blood: Some(blood) }
}

fn combat(face: CombatFace) -> Entered {
    Entered::Combat { face }
}

fn attacked(events: &[Event]) -> Option<(CombatFace, u8)> {
    events.iter().find_map(|e| match e {
        Event::CharacterAttacked { face, injuries, .. } => Some((*face, *injuries)),
        _ => None,
    })
}

/// A 3-player game in turn 2's Player Phase with seat 1 playing the Intruders, an Adult
/// placed with seat 0, and the app's Intruder Attack deck.
fn intruder_player_at_work(seed: u64) -> (State, Fate, IntruderId) {
    let (s, mut f) = table(3, seed);
    let s = then(&s, &mut f, Command::KillCharacter { seat: Seat(1) }, vec![]);
    let s = then(&s, &mut f, Command::BecomeIntruderPlayer { seat: Seat(1) }, vec![]);
    let (s, _) = event_phase(s, &mut f);
    let at = s.seats[Seat(0)].location;
    let s = then(&s, &mut f, Command::PlaceIntruder { kind: IntruderKind::Adult, at }, vec![]);
    let id = s.intruders.last().expect("placed").id;
    (s, f, id)
}

fn attack_pile(s: &State) -> usize {
    s.attacks.draw.len() + s.attacks.discard.len() + s.attacks.removed.len()
}

fn event_key(id: EventCardId) -> &'static str {
    &c().event(id).key
}

#[test]
fn a_killed_intruders_token_leaves_play_and_never_returns_to_the_bag() {
    // p. 20: a killed intruder is removed (a Carcass marks it); its set-aside token is out of play.
    let mut t = Table::new(2, 22);
    let adult = t.encounter(Seat(0), TokenKind::Adult, Some(3));
    let token = t.s.intruder(adult).unwrap().token.unwrap();
    let bag = t.s.bag().len();
    t.run(Command::KillIntruder { id: adult }, vec![]);
    assert_eq!(t.s.tokens[token.0 as usize], TokenPlace::OutOfPlay, "the dead Adult's token leaves play");
    assert_eq!(t.s.bag().len(), bag, "it does not go back in the bag");
    // A Larva dies from 1 Injury (p. 20).
    let larva = t.encounter(Seat(0), TokenKind::Larva, None);
    let token = t.s.intruder(larva).unwrap().token.unwrap();
    t.run(Command::InjureIntruder { id: larva, injuries: 1 }, vec![]);
    assert!(t.s.intruder(larva).is_none(), "p. 20: 1 Injury kills a Larva");
    assert_eq!(t.s.tokens[token.0 as usize], TokenPlace::OutOfPlay, "the dead Larva's token leaves play");
}

#[test]
fn intruder_attack_hits_only_on_a_matching_symbol_else_misses_p20() {
    let (mut s, mut f) = table(2, 1);
    alone_in_hibernatorium(&mut s);
    let creeper = add_intruder(&mut s, IntruderKind::Creeper, HIB);

    // Bite shows Adult, Breeder and Queen symbols: a Creeper's attack with it misses.
    let a = ok(&s, &mut f, Command::AttackCharacter { id: creeper, target: None }, vec![card("bite")]);
    assert!(
        a.events.contains(&Event::AttackMissed { id: creeper, target: Seat(0) }),
        "a card without the Creeper symbol is a miss: {:?}",
        a.events
    );
    assert!(a.state.seats[Seat(0)].serious.is_empty() && a.state.seats[Seat(0)].light_wounds == 0, "a miss wounds nobody");
    assert_eq!(a.state.attacks.discard.len(), s.attacks.discard.len() + 1, "the missed card still goes to the discard pile");

    // Scratch shows the Creeper symbol: the effect resolves.
    let a = ok(&s, &mut f, Command::AttackCharacter { id: creeper, target: None }, vec![card("scratch")]);
    assert!(!a.events.iter().any(|e| matches!(e, Event::AttackMissed { .. })), "a matching symbol hits");
    assert_eq!(a.state.seats[Seat(0)].light_wounds, 1, "Scratch hit: 1 Light Wound");
}

#[test]
fn larva_infests_instead_of_drawing_an_attack_card_p20() {
    let (mut s, mut f) = table(2, 2);
    alone_in_hibernatorium(&mut s);
    let larva = add_intruder(&mut s, IntruderKind::Larva, HIB);
    let held = s.seats[Seat(0)].contamination.len();

    let a = ok(&s, &mut f, Command::AttackCharacter { id: larva, target: None }, vec![]);
    assert!(attack_draws(&a.events).is_empty(), "a Larva draws no Intruder Attack card");
    assert!(a.events.contains(&Event::CharacterInfested { seat: Seat(0), id: larva }), "the Larva infests its target");
    assert!(a.state.intruder(larva).is_none(), "the Larva miniature leaves the board");
    assert!(a.state.seats[Seat(0)].larva, "the Larva goes onto the Character board");
    assert_eq!(a.state.seats[Seat(0)].contamination.len(), held + 1, "the target gets 1 Contamination card");
    assert_eq!(a.state.attacks, s.attacks, "the Intruder Attack deck is untouched");
}

#[test]
fn a_larva_infesting_a_character_who_already_carries_one_gives_a_contamination_card_and_kills_nobody_p20() {
    // p. 20's Infest has no death clause: the Larva leaves the board for the character board and
    // the target gets 1 Contamination card. Death with a Larva already there comes only from an
    // INFECTED scan (p. 20). docs/rules-deviations.md 53, graded B.
    let (mut s, mut f) = table(2, 2020);
    alone_in_hibernatorium(&mut s);
    s.seats[Seat(0)].larva = true;
    let larva = add_intruder(&mut s, IntruderKind::Larva, HIB);
    let held = s.seats[Seat(0)].contamination.len();
    let a = ok(&s, &mut f, Command::AttackCharacter { id: larva, target: None }, vec![]);
    assert_eq!(a.state.seats[Seat(0)].life, Life::Awake, "no death: Infest is not a scan");
    assert!(a.state.seats[Seat(0)].larva, "still a Larva on the Character board");
    assert!(a.state.intruder(larva).is_none(), "the Larva miniature leaves the board all the same");
    assert_eq!(a.state.seats[Seat(0)].contamination.len(), held + 1, "1 Contamination card, as for any Infest");
    assert!(!a.state.intruders.iter().any(|i| i.kind == IntruderKind::Creeper), "no Creeper: nobody died");
}

#[test]
fn intruder_targets_the_character_with_the_fewest_cards_in_hand_p20() {
    let (mut s, mut f) = table(3, 7);
    s.first_player = Seat(0);
    for (seat, hand) in [(Seat(0), 3), (Seat(1), 2), (Seat(2), 4)] {
        s.seats[seat].hand = hand;
    }
    let id = add_intruder(&mut s, IntruderKind::Adult, HIB);
    let a = ok(&s, &mut f, Command::AttackCharacter { id, target: None }, vec![card("scratch")]);
    assert_eq!(
        attack_draws(&a.events),
        vec![("scratch".to_string(), AttackDraw::Attack { intruder: id, target: Seat(1) })],
        "the player with the fewest Action cards is attacked"
    );
    assert_eq!(a.state.seats[Seat(1)].light_wounds, 1, "the wound lands on that character");
}

#[test]
fn intruder_target_ties_go_to_the_first_player_then_in_turn_order_p20() {
    let (mut s, mut f) = table(3, 8);
    for seat in [Seat(0), Seat(1), Seat(2)] {
        s.seats[seat].hand = 2;
    }
    let id = add_intruder(&mut s, IntruderKind::Adult, HIB);

    s.first_player = Seat(1);
    let a = ok(&s, &mut f, Command::AttackCharacter { id, target: None }, vec![card("scratch")]);
    assert_eq!(
        attack_draws(&a.events)[0].1,
        AttackDraw::Attack { intruder: id, target: Seat(1) },
        "on a tie the character with the First Player token is attacked"
    );

    // The First Player is elsewhere: the next player in turn order (seat 2, then seat 0) is attacked.
    s.seats[Seat(1)].location = COCKPIT;
    let a = ok(&s, &mut f, Command::AttackCharacter { id, target: None }, vec![card("scratch")]);
    assert_eq!(
        attack_draws(&a.events)[0].1,
        AttackDraw::Attack { intruder: id, target: Seat(2) },
        "the tie goes to the next player in turn order from the first player, not the lowest seat"
    );
}

#[test]
fn scratch_gives_one_light_wound_and_one_contamination_card_p20() {
    let (mut s, mut f) = table(2, 10);
    alone_in_hibernatorium(&mut s);
    let id = add_intruder(&mut s, IntruderKind::Adult, HIB);
    let a = ok(&s, &mut f, Command::AttackCharacter { id, target: None }, vec![card("scratch")]);
    let seat = &a.state.seats[Seat(0)];
    assert_eq!(seat.light_wounds, 1, "Scratch: 1 Light Wound");
    assert!(seat.serious.is_empty(), "Scratch: no Serious Wound");
    assert_eq!(seat.contamination.len(), 1, "Scratch: 1 Contamination card");
}

#[test]
fn claw_attack_gives_two_light_wounds_and_the_third_becomes_serious_p20_p21() {
    let (mut s, mut f) = table(2, 11);
    alone_in_hibernatorium(&mut s);
    let id = add_intruder(&mut s, IntruderKind::Adult, HIB);
    let a = ok(&s, &mut f, Command::AttackCharacter { id, target: None }, vec![card("claw_attack")]);
    assert_eq!(a.state.seats[Seat(0)].light_wounds, 2, "Claw Attack: 2 Light Wounds");
    assert_eq!(a.state.seats[Seat(0)].contamination.len(), 1, "Claw Attack: 1 Contamination card");

    s.seats[Seat(0)].light_wounds = 1;
    let a = ok(&s, &mut f, Command::AttackCharacter { id, target: None }, vec![card("claw_attack")]);
    let seat = &a.state.seats[Seat(0)];
    assert_eq!((seat.light_wounds, seat.serious.len()), (0, 1), "the third Light Wound leaves the track as a Serious Wound");
}

#[test]
fn bite_gives_a_serious_wound_and_kills_at_two_serious_wounds_p20() {
    let (mut s, mut f) = table(2, 12);
    alone_in_hibernatorium(&mut s);
    let id = add_intruder(&mut s, IntruderKind::Adult, HIB);
    give_serious(&mut s, Seat(0), 1);
    let a = ok(&s, &mut f, Command::AttackCharacter { id, target: None }, vec![card("bite")]);
    assert_eq!(a.state.seats[Seat(0)].serious.len(), 2, "Bite with 1 Serious Wound: one more");
    assert_eq!(a.state.seats[Seat(0)].life, Life::Awake, "and the character lives");

    give_serious(&mut s, Seat(0), 1);
    let a = ok(&s, &mut f, Command::AttackCharacter { id, target: None }, vec![card("bite")]);
    assert!(
        a.events.contains(&Event::CharacterDied { seat: Seat(0), cause: DeathCause::Attack }),
        "Bite on a character with 2 Serious Wounds kills: {:?}",
        a.events
    );
    assert!(!a.events.iter().any(|e| matches!(e, Event::SeriousWoundDrawn { .. })), "the killing Bite draws no wound card");
}

#[test]
fn tail_attack_is_the_queens_and_kills_with_any_serious_wound_p20() {
    let (mut s, mut f) = table(2, 13);
    alone_in_hibernatorium(&mut s);
    let adult = add_intruder(&mut s, IntruderKind::Adult, HIB);
    let a = ok(&s, &mut f, Command::AttackCharacter { id: adult, target: None }, vec![card("tail_attack")]);
    assert!(a.events.contains(&Event::AttackMissed { id: adult, target: Seat(0) }), "Tail Attack shows only the Queen symbol");

    s.intruders.clear();
    let queen = add_intruder(&mut s, IntruderKind::Queen, HIB);
    let a = ok(&s, &mut f, Command::AttackCharacter { id: queen, target: None }, vec![card("tail_attack")]);
    assert_eq!(a.state.seats[Seat(0)].serious.len(), 1, "Tail Attack on an unwounded character: 1 Serious Wound");

    give_serious(&mut s, Seat(0), 1);
    let a = ok(&s, &mut f, Command::AttackCharacter { id: queen, target: None }, vec![card("tail_attack")]);
    assert_eq!(a.state.seats[Seat(0)].life, Life::Dead, "Tail Attack kills a character with a Serious Wound");
}

#[test]
fn transformation_turns_the_creeper_into_a_breeder_which_surprises_an_empty_hand_p20() {
    let (mut s, mut f) = table(2, 14);
    alone_in_hibernatorium(&mut s);
    let id = add_intruder(&mut s, IntruderKind::Creeper, HIB);

    s.seats[Seat(0)].hand = 2;
    let a = ok(&s, &mut f, Command::AttackCharacter { id, target: None }, vec![card("transformation")]);
    assert_eq!(a.state.intruder(id).map(|i| i.kind), Some(IntruderKind::Breeder), "the Creeper becomes a Breeder");
    assert_eq!(attack_draws(&a.events).len(), 1, "with cards in hand the new Breeder does not attack at once");

    s.seats[Seat(0)].hand = 0;
    let a = ok(&s, &mut f, Command::AttackCharacter { id, target: None }, vec![card("transformation"), card("scratch")]);
    assert!(a.events.iter().any(|e| matches!(e, Event::SurpriseAttack { seat: Seat(0), .. })), "an empty hand is surprised");
    assert_eq!(attack_draws(&a.events).len(), 2, "the Breeder's Surprise Attack draws a second card");
    assert_eq!(a.state.seats[Seat(0)].light_wounds, 1, "the Breeder's Scratch hits (Breeder symbol)");
}

#[test]
fn frenzy_wounds_everyone_in_the_room_and_kills_those_with_two_serious_p20() {
    let (mut s, mut f) = table(3, 15);
    s.first_player = Seat(0);
    s.seats[Seat(2)].location = COCKPIT;
    give_serious(&mut s, Seat(0), 2);
    let breeder = add_intruder(&mut s, IntruderKind::Breeder, HIB);
    let a = ok(&s, &mut f, Command::AttackCharacter { id: breeder, target: None }, vec![card("frenzy")]);
    assert_eq!(a.state.seats[Seat(0)].life, Life::Dead, "Frenzy kills a character in the room with 2 Serious Wounds");
    assert_eq!(a.state.seats[Seat(1)].serious.len(), 1, "Frenzy gives every other character in the room 1 Serious Wound");
    assert!(a.state.seats[Seat(2)].serious.is_empty() && a.state.seats[Seat(2)].life == Life::Awake, "Frenzy spares other rooms");
}

#[test]
fn slime_attack_gives_a_slime_marker_and_a_contamination_card_p20() {
    let (mut s, mut f) = table(2, 16);
    alone_in_hibernatorium(&mut s);
    let id = add_intruder(&mut s, IntruderKind::Creeper, HIB);
    let a = ok(&s, &mut f, Command::AttackCharacter { id, target: None }, vec![card("slime")]);
    assert!(a.state.seats[Seat(0)].slime, "Slime: a Slime marker");
    assert_eq!(a.state.seats[Seat(0)].contamination.len(), 1, "Slime: 1 Contamination card");
    assert_eq!(a.state.seats[Seat(0)].light_wounds, 0, "Slime wounds nobody");
}

#[test]
fn summoning_brings_an_intruder_from_the_bag_that_does_not_attack_p20() {
    let (mut s, mut f) = table(2, 17);
    alone_in_hibernatorium(&mut s);
    let creeper = add_intruder(&mut s, IntruderKind::Creeper, HIB);
    let bag = s.bag().len();
    let a = ok(
        &s,
        &mut f,
        Command::AttackCharacter { id: creeper, target: None },
        vec![card("summoning"), Entered::Token { token: TokenKind::Adult, back: None }],
    );
    let newcomers: Vec<&Intruder> = a.state.intruders.iter().filter(|i| i.id != creeper).collect();
    assert_eq!(newcomers.len(), 1, "one Intruder is summoned");
    assert_eq!((newcomers[0].kind, newcomers[0].at), (IntruderKind::Adult, HIB), "of the token's kind, in the attacker's room");
    assert!(newcomers[0].token.is_some(), "its token is set aside with it");
    assert_eq!(a.state.bag().len(), bag - 1, "the token came out of the bag");
    assert_eq!(attack_draws(&a.events).len(), 1, "the summoned Intruder does not attack");
    assert_eq!(a.state.seats[Seat(0)].light_wounds, 0, "Summoning wounds nobody");
}

#[test]
fn shooting_the_combat_die_hits_by_the_intruders_size_and_two_hits_deal_two_injuries_p18() {
    use CombatFace::*;
    use IntruderKind::*;
    // The table on p. 18: rows are faces; columns Larva, Creeper, Adult, Breeder, Queen.
    let expected = [
        (Miss, [0, 0, 0, 0, 0]),
        (SmallHit, [1, 1, 0, 0, 0]),
        (AdultHit, [1, 1, 1, 0, 0]),
        (Hit, [1, 1, 1, 1, 1]),
        (TwoHits, [2, 2, 2, 2, 2]),
    ];
    for (face, row) in expected {
        for (kind, want) in [Larva, Creeper, Adult, Breeder, Queen].into_iter().zip(row) {
            let (mut s, mut f) = table(2, 811);
            let id = add_intruder(&mut s, kind, HIB);
            // Enough blood on the Injury check that a Creeper, Adult, Breeder or Queen survives it.
            let a = ok(&s, &mut f, Command::Shoot { seat: Seat(0), id, energy: false, weapon: None }, vec![combat(face), card_with("scratch", Blood::Endurance(6)), card_with("bite", Blood::Endurance(6))]
                .into_iter()
                .take(if want == 0 || kind == Larva { 1 } else if matches!(kind, Breeder | Queen) { 3 } else { 2 })
                .collect());
            assert_eq!(attacked(&a.events), Some((face, want)), "{face:?} against a {kind:?}");
            let injured = a.events.iter().any(|e| matches!(e, Event::IntruderInjured { .. }));
            assert_eq!(injured, want > 0, "{face:?} against a {kind:?}: the Injury check only after a hit");
            assert!(a.events.iter().all(|e| !matches!(e, Event::ContaminationGiven { .. } | Event::SeriousWoundDrawn { .. })), "shooting costs the shooter nothing here");
        }
    }
}

#[test]
fn melee_draws_a_contamination_card_first_and_a_miss_costs_a_serious_wound_p19() {
    let (mut s, mut f) = table(2, 812);
    let id = add_intruder(&mut s, IntruderKind::Adult, HIB);
    let a = ok(&s, &mut f, Command::MeleeAttack { seat: Seat(0), id }, vec![combat(CombatFace::SmallHit)]);
    // After paying for the Action (p. 12), the attack itself starts with the Contamination card.
    let first = a.events.iter().find(|e| !matches!(e, Event::ActionTaken { .. } | Event::RoundGiven { .. })).unwrap();
    assert!(matches!(first, Event::ContaminationGiven { seat: Seat(0), .. }), "the Contamination card comes first: {first:?}");
    assert_eq!(attacked(&a.events), Some((CombatFace::SmallHit, 0)), "the Creeper symbol misses an Adult");
    assert_eq!(a.state.seats[Seat(0)].serious.len(), 1, "the miss costs a Serious Wound");
    assert!(!a.events.iter().any(|e| matches!(e, Event::IntruderInjured { .. })));
}

#[test]
fn in_melee_two_hits_count_as_one_injury_p19() {
    let (mut s, mut f) = table(2, 813);
    let id = add_intruder(&mut s, IntruderKind::Creeper, HIB);
    let a = ok(&s, &mut f, Command::MeleeAttack { seat: Seat(0), id }, vec![combat(CombatFace::TwoHits), card_with("bite", Blood::Endurance(6))]);
    assert_eq!(attacked(&a.events), Some((CombatFace::TwoHits, 1)));
    assert_eq!(a.state.intruders.iter().find(|i| i.id == id).map(|i| i.injuries), Some(1), "one Injury, and the Creeper survives 6 blood");
    assert!(a.state.seats[Seat(0)].serious.is_empty(), "a hit costs no wound");
}

#[test]
fn a_character_attacks_only_an_intruder_in_its_own_room_in_the_player_phase_p18() {
    let (mut s, mut f) = table(2, 814);
    let id = add_intruder(&mut s, IntruderKind::Adult, COCKPIT);
    assert_eq!(run(&s, &mut f, Command::Shoot { seat: Seat(0), id, energy: false, weapon: None }, vec![combat(CombatFace::Hit)]).unwrap_err().code, Code::NotAllowed);
    assert_eq!(run(&s, &mut f, Command::MeleeAttack { seat: Seat(0), id }, vec![combat(CombatFace::Hit)]).unwrap_err().code, Code::NotAllowed);
    let mut e = s.clone();
    e.intruders[0].at = HIB;
    e.phase = Phase::Event { step: EventStep::FireDamage };
    assert_eq!(run(&e, &mut f, Command::Shoot { seat: Seat(0), id, energy: false, weapon: None }, vec![combat(CombatFace::Hit)]).unwrap_err().code, Code::WrongPhase);
}

#[test]
fn larva_dies_at_one_injury_without_an_endurance_draw_p20() {
    let (mut s, mut f) = table(2, 18);
    let id = add_intruder(&mut s, IntruderKind::Larva, Location(19));
    let a = ok(&s, &mut f, Command::InjureIntruder { id, injuries: 1 }, vec![]);
    assert!(a.state.intruder(id).is_none(), "1 Injury kills a Larva");
    assert!(attack_draws(&a.events).is_empty(), "no Intruder Attack card is drawn for a Larva");
}

#[test]
fn creeper_and_adult_draw_one_card_and_die_when_injuries_reach_its_blood_p20() {
    let (mut s, mut f) = table(2, 19);
    let creeper = add_intruder(&mut s, IntruderKind::Creeper, Location(19));
    let adult = add_intruder(&mut s, IntruderKind::Adult, Location(20));

    let a = ok(&s, &mut f, Command::InjureIntruder { id: creeper, injuries: 2 }, vec![card_with("scratch", Blood::Endurance(2))]);
    assert_eq!(attack_draws(&a.events), vec![("scratch".to_string(), AttackDraw::Endurance { intruder: creeper })], "one card");
    assert!(a.state.intruder(creeper).is_none(), "2 Injuries against blood 2: equal kills");

    let a = ok(&s, &mut f, Command::InjureIntruder { id: adult, injuries: 2 }, vec![card_with("scratch", Blood::Endurance(3))]);
    assert_eq!(attack_draws(&a.events).len(), 1, "an Adult draws one card too");
    assert_eq!(a.state.intruder(adult).map(|i| i.injuries), Some(2), "2 Injuries against blood 3: alive, Injuries stay");
}

#[test]
fn breeder_and_queen_draw_two_cards_and_add_their_blood_p20() {
    let (mut s, mut f) = table(2, 20);
    let breeder = add_intruder(&mut s, IntruderKind::Breeder, Location(19));
    let queen = add_intruder(&mut s, IntruderKind::Queen, Location(20));
    let two = || vec![card_with("scratch", Blood::Endurance(2)), card_with("scratch", Blood::Endurance(3))];

    let a = ok(&s, &mut f, Command::InjureIntruder { id: breeder, injuries: 5 }, two());
    assert_eq!(attack_draws(&a.events).len(), 2, "a Breeder draws 2 cards");
    assert!(
        a.events.contains(&Event::EnduranceChecked { id: breeder, injuries: 5, endurance: 5, retreat: false, killed: true }),
        "2 + 3 = 5 against 5 Injuries: killed ({:?})",
        a.events
    );

    let a = ok(&s, &mut f, Command::InjureIntruder { id: queen, injuries: 4 }, two());
    assert_eq!(attack_draws(&a.events).len(), 2, "the Queen draws 2 cards");
    assert_eq!(a.state.intruder(queen).map(|i| i.injuries), Some(4), "4 Injuries against 5: the Queen lives");
}

#[test]
fn retreat_icon_makes_the_intruder_flee_through_an_event_cards_corridor_then_discards_it_p20() {
    let (mut s, mut f) = table(2, 21);
    let adult = add_intruder(&mut s, IntruderKind::Adult, HIB);
    let c = Content::base();
    // Flammable Compounds: corridor 4 (from the Hibernatorium, to room 14); its effect would set the Hibernatorium on fire.
    let event = c.data.events.iter().position(|e| e.key == "flammable_compounds").map(|i| EventCardId(i as u8)).unwrap();
    assert_eq!(c.event(event).corridor, 4);
    let a = ok(
        &s,
        &mut f,
        Command::InjureIntruder { id: adult, injuries: 3 },
        vec![card_with("claw_attack", Blood::Retreat(RetreatMark::Retreat)), Entered::EventCard { key: "flammable_compounds".into() }],
    );
    assert!(
        a.events.contains(&Event::EnduranceChecked { id: adult, injuries: 3, endurance: 0, retreat: true, killed: false }),
        "a Retreat icon: the Intruder flees rather than dies ({:?})",
        a.events
    );
    assert!(a.events.contains(&Event::EventCardDrawn { card: event, purpose: EventDraw::Retreat }), "an Event card is drawn");
    assert_eq!(a.state.intruder(adult).map(|i| i.at), Some(Location(14)), "it moves through the Hibernatorium's corridor 4");
    assert_eq!(a.state.intruder(adult).map(|i| i.injuries), Some(3), "it keeps its Injuries");
    assert!(a.state.events.discard.contains(&event) && !a.state.events.draw.contains(&event), "the Event card is discarded");
    assert!(!a.state.room(HIB).fire, "the Event card's effect is ignored");
    // Its hand line says so: only the fleeing Intruder moves, then the card is discarded; never
    // the Event Phase's "move every Intruder with a symbol, then apply the effect".
    let keys = said_keys(&s, &a.events);
    assert!(keys.contains(&"event_card_retreat".to_string()) && !keys.contains(&"event_card".to_string()), "{keys:?}");
    let en = english();
    assert!(en["hint.event_card_retreat"].contains("only the fleeing Intruder"), "the hand line for a Retreat's card");
}

#[test]
fn attack_deck_is_reshuffled_from_its_discard_pile_when_empty_p20() {
    let (mut s, mut f) = table(2, 22);
    alone_in_hibernatorium(&mut s);
    let id = add_intruder(&mut s, IntruderKind::Adult, HIB);
    let mut all = s.attacks.draw.clone();
    all.sort();
    s.attacks.discard = s.attacks.draw.drain(..).collect();
    let a = ok(&s, &mut f, Command::AttackCharacter { id, target: None }, vec![card("scratch")]);
    let reshuffle = a.events.iter().position(|e| matches!(e, Event::DeckReshuffled { deck: DeckKind::Attack, .. }));
    let draw = a.events.iter().position(|e| matches!(e, Event::AttackCardDrawn { .. }));
    assert!(reshuffle.is_some() && reshuffle < draw, "the discard pile is reshuffled before the draw: {:?}", a.events);
    assert_eq!(a.state.attacks.draw.len(), all.len() - 1, "the new deck holds every card but the one drawn");
    assert_eq!(a.state.attacks.discard.len(), 1, "only the drawn card is in the discard pile");
}

#[test]
fn weakness_species_on_the_brink_of_extinction_kills_with_one_fewer_injury_p21() {
    let (mut s, mut f) = table(2, 30);
    let id = add_intruder(&mut s, IntruderKind::Creeper, Location(19));
    let hit = || vec![card_with("scratch", Blood::Endurance(2))];
    let a = ok(&s, &mut f, Command::InjureIntruder { id, injuries: 1 }, hit());
    assert!(a.state.intruder(id).is_some(), "without the Weakness, 1 Injury against blood 2 does not kill");

    know_weakness(&mut s, "species_on_the_brink_of_extinction");
    let a = ok(&s, &mut f, Command::InjureIntruder { id, injuries: 1 }, hit());
    assert!(a.state.intruder(id).is_none(), "with it, 1 Injury against blood 2 kills");
}

#[test]
fn weakness_the_way_of_fighting_turns_an_adults_bite_into_a_light_wound_p21() {
    let (mut s, mut f) = table(2, 31);
    alone_in_hibernatorium(&mut s);
    know_weakness(&mut s, "the_way_of_fighting");
    let adult = add_intruder(&mut s, IntruderKind::Adult, HIB);
    let a = ok(&s, &mut f, Command::AttackCharacter { id: adult, target: None }, vec![card("bite")]);
    let seat = &a.state.seats[Seat(0)];
    assert_eq!((seat.light_wounds, seat.serious.len()), (1, 0), "an Adult's Bite gives a Light Wound instead");

    s.intruders.clear();
    let breeder = add_intruder(&mut s, IntruderKind::Breeder, HIB);
    let a = ok(&s, &mut f, Command::AttackCharacter { id: breeder, target: None }, vec![card("bite")]);
    assert_eq!(a.state.seats[Seat(0)].serious.len(), 1, "a Breeder's Bite is still a Serious Wound");
}

#[test]
fn the_intruder_player_draws_as_many_attack_cards_as_their_card_shows_and_only_they_see_them_p27() {
    let (s, mut f, id) = intruder_player_at_work(771);
    let top3: Vec<AttackCardId> = s.attacks.draw.iter().rev().take(3).copied().collect();
    let a = run(&s, &mut f, Command::IntruderPlayerAttack { seat: Seat(1), id, target: Seat(0), card_number: 3 }, vec![]).expect("accepted");
    let offer = a.state.attack_offer.clone().expect("the drawn cards wait for a choice");
    assert_eq!(offer.cards, top3, "the top three cards of the deck");
    assert_eq!(attack_pile(&a.state) + 3, 20, "the three cards are in the Intruder player's hand, not in the deck");
    assert!(a.events.iter().all(|e| !matches!(e, Event::LightWoundsSet { .. } | Event::SeriousWoundDrawn { .. })), "nothing is resolved before the choice");
    let mine = a.state.seat_view(Seat(1)).unwrap().attack_offer.expect("the Intruder player sees their cards");
    assert_eq!(mine.cards.iter().map(|c| c.id).collect::<Vec<_>>(), top3);
    assert!(a.state.seat_view(Seat(0)).unwrap().attack_offer.is_none(), "the target does not see them");
    let public = a.state.public_view().attack_choice.expect("the table sees that a choice is pending");
    assert_eq!((public.seat, public.target, public.cards), (Seat(1), Seat(0), 3));
    assert_eq!(run(&a.state, &mut f, Command::EndPlayerPhase, vec![]).unwrap_err().code, Code::WrongPhase, "nothing else happens until they choose");
}

#[test]
fn the_chosen_attack_card_resolves_and_the_others_go_to_the_bottom_of_the_deck_p27() {
    let (s, mut f, id) = intruder_player_at_work(772);
    let s = then(&s, &mut f, Command::IntruderPlayerAttack { seat: Seat(1), id, target: Seat(0), card_number: 3 }, vec![]);
    let cards = s.attack_offer.clone().unwrap().cards;
    let pick = cards[1];
    assert_eq!(run(&s, &mut f, Command::ChooseAttackCard { seat: Seat(0), card: pick }, vec![]).unwrap_err().code, Code::NotYourSeat, "only the Intruder player chooses");
    let a = run(&s, &mut f, Command::ChooseAttackCard { seat: Seat(1), card: pick }, vec![]).expect("chosen");
    assert!(a.state.attack_offer.is_none());
    assert_eq!(a.state.attacks.discard.last(), Some(&pick), "the chosen card is resolved and discarded");
    let bottom: Vec<AttackCardId> = a.state.attacks.draw.iter().take(2).copied().collect();
    assert!(bottom.contains(&cards[0]) && bottom.contains(&cards[2]), "the other two are at the bottom: {bottom:?}");
    assert_eq!(attack_pile(&a.state), 20);
    assert!(a.state.check_invariants().is_ok(), "every Intruder Attack card is in exactly one place");
    let spec = &Content::base().data.attacks[pick.0 as usize];
    let hit = spec.symbols.contains(&IntruderKind::Adult);
    assert_eq!(a.events.iter().any(|e| matches!(e, Event::AttackMissed { .. })), !hit, "the chosen card decides whether the Adult hits");
}

#[test]
fn the_intruder_player_attacks_only_in_their_own_phase_with_an_intruder_beside_its_target_p27() {
    let (s, mut f, id) = intruder_player_at_work(773);
    let attack = |seat: u8, target: u8, cards: u8| Command::IntruderPlayerAttack { seat: Seat(seat), id, target: Seat(target), card_number: cards };
    assert_eq!(run(&s, &mut f, attack(2, 0, 2), vec![]).unwrap_err().code, Code::NotAllowed, "seat 2 does not play the Intruders");
    assert_eq!(run(&s, &mut f, attack(1, 0, 5), vec![]).unwrap_err().code, Code::NoSuchThing, "Intruder Action cards show 1 to 4");
    assert_eq!(run(&s, &mut f, attack(1, 0, 0), vec![]).unwrap_err().code, Code::NoSuchThing);
    let elsewhere = Content::base().board.locations().find(|l| *l != s.seats[Seat(2)].location && *l != s.seats[Seat(0)].location).unwrap();
    let moved = then(&s, &mut f, Command::PlaceCharacter { seat: Seat(2), at: elsewhere }, vec![]);
    assert_eq!(run(&moved, &mut f, attack(1, 2, 2), vec![]).unwrap_err().code, Code::NotAllowed, "the Intruder is not in seat 2's room");
    assert_eq!(run(&s, &mut f, Command::ChooseAttackCard { seat: Seat(1), card: AttackCardId(0) }, vec![]).unwrap_err().code, Code::WrongPhase, "no cards were drawn");
    // Before the Intruder player's rules apply (the turn they took over), no such attack.
    let (t, mut g) = table(3, 774);
    let t = then(&t, &mut g, Command::KillCharacter { seat: Seat(1) }, vec![]);
    let t = then(&t, &mut g, Command::BecomeIntruderPlayer { seat: Seat(1) }, vec![]);
    let at = t.seats[Seat(0)].location;
    let t = then(&t, &mut g, Command::PlaceIntruder { kind: IntruderKind::Adult, at }, vec![]);
    let id2 = t.intruders.last().unwrap().id;
    let early = run(&t, &mut g, Command::IntruderPlayerAttack { seat: Seat(1), id: id2, target: Seat(0), card_number: 2 }, vec![]);
    assert_eq!(early.unwrap_err().code, Code::NotAllowed, "their rules apply from the next Player Phase");
}

#[test]
fn a_larva_or_a_single_card_attack_needs_no_choice_p20_p27() {
    let (s, mut f, id) = intruder_player_at_work(775);
    let one = run(&s, &mut f, Command::IntruderPlayerAttack { seat: Seat(1), id, target: Seat(0), card_number: 1 }, vec![]).expect("accepted");
    assert!(one.state.attack_offer.is_none(), "one card: it is simply resolved");
    assert!(one.events.iter().any(|e| matches!(e, Event::AttackCardDrawn { .. })));
    let at = s.seats[Seat(0)].location;
    let s = then(&s, &mut f, Command::PlaceIntruder { kind: IntruderKind::Larva, at }, vec![]);
    let larva = s.intruders.last().unwrap().id;
    let a = run(&s, &mut f, Command::IntruderPlayerAttack { seat: Seat(1), id: larva, target: Seat(0), card_number: 3 }, vec![]).expect("accepted");
    assert!(a.state.attack_offer.is_none(), "a Larva draws no card");
    assert!(a.events.iter().any(|e| matches!(e, Event::CharacterInfested { .. })), "it infests its target");
}

#[test]
fn with_a_physical_attack_deck_the_table_enters_the_card_the_intruder_player_chose_p27() {
    let (mut s, mut f, id) = intruder_player_at_work(776);
    s.config.handled.retain(|c| *c != Component::AttackDeck);
    let attack = Command::IntruderPlayerAttack { seat: Seat(1), id, target: Seat(0), card_number: 3 };
    let err = run(&s, &mut f, attack.clone(), vec![]).unwrap_err();
    assert_eq!(err.code, Code::ResultNeeded, "the app asks for the chosen card");
    let a = ok(&s, &mut f, attack, vec![Entered::AttackCard { key: "scratch".into(), blood: None }]);
    assert!(a.state.attack_offer.is_none());
    assert!(a.events.iter().any(|e| matches!(e, Event::LightWoundsSet { seat: Seat(0), .. })), "Scratch: a Light Wound");
}

#[test]
fn when_the_deck_runs_short_the_discards_are_shuffled_in_under_the_cards_left_p20_p27() {
    let (mut s, mut f, id) = intruder_player_at_work(777);
    let keep: Vec<AttackCardId> = s.attacks.draw.iter().rev().take(1).copied().collect();
    let rest: Vec<AttackCardId> = s.attacks.draw.iter().copied().filter(|c| !keep.contains(c)).collect();
    s.attacks.draw = keep.clone();
    s.attacks.discard.extend(rest);
    let a = run(&s, &mut f, Command::IntruderPlayerAttack { seat: Seat(1), id, target: Seat(0), card_number: 3 }, vec![]).expect("accepted");
    let offer = a.state.attack_offer.clone().expect("three cards drawn");
    assert_eq!(offer.cards.len(), 3);
    assert_eq!(offer.cards[0], keep[0], "the card left on the deck is drawn first");
    assert!(a.state.check_invariants().is_ok());
}

#[test]
fn a_retreat_draw_moves_the_intruder_and_discards_the_card_without_its_effect() {
    // p. 20, Intruder Retreat: draw an Event card, move the intruder through its corridor number,
    // then discard that card (its effect is not resolved, whatever the card says).
    for (key, to) in [("flammable_compounds", 14u8), ("coolant_leak", 15)] {
        let mut t = Table::from_game(&started(2, 75), 75 + 2000);
        t.run(Command::PlaceIntruder { kind: IntruderKind::Adult, at: Location(11) }, vec![]);
        let id = t.s.intruders[0].id;
        let events = t.run(
            Command::InjureIntruder { id, injuries: 1 },
            vec![
                Entered::AttackCard { key: "claw_attack".into(), blood: Some(Blood::Retreat(RetreatMark::Retreat)) },
                Entered::EventCard { key: key.into() },
            ],
        );
        assert!(events.iter().any(|e| matches!(e, Event::EventCardDrawn { purpose: EventDraw::Retreat, .. })), "p. 20: an Event card is drawn");
        assert_eq!(t.s.intruder(id).unwrap().at, Location(to), "p. 20: the Adult flees through corridor {} of the Hibernatorium", c().event(event_id(key)).corridor);
        assert!(!events.iter().any(|e| matches!(e, Event::EventCardResolved { .. })), "p. 20: the card's effect is ignored");
        assert!(!t.s.room(Location(11)).fire, "Flammable Compounds did not set the Hibernatorium on fire");
        assert_eq!(t.s.events.discard, vec![event_id(key)], "p. 20: the card is discarded ('{}' too, though its printed fate differs)", key);
        assert!(t.s.events.removed.is_empty());
        assert_eq!(event_key(t.s.events.discard[0]), key);
    }
}

/// Issue 19 (p. 20): every Intruder Attack card, resolved in the Intruder Attack step, reaches the
/// log as the card itself (the screens show its text from `attack_summary.<key>`), with the
/// Intruder that attacks and the character it attacks (p. 20), and as the lines that say what
/// happens to the attacked character or to the pieces, card by card.
#[test]
fn every_attack_card_names_the_card_its_attacker_its_target_and_what_it_does_p20() {
    use nemesis_engine::log::{describe, Audience, LogParam};
    let en: std::collections::BTreeMap<String, String> = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui/src/locales/en.json")).unwrap(),
    )
    .unwrap();
    for (n, spec) in Content::base().data.attacks.iter().enumerate() {
        let (mut s, mut f) = table(2, 500 + n as u64);
        s.phase = Phase::Event { step: EventStep::IntruderAttack };
        alone_in_hibernatorium(&mut s);
        // The first Intruder the card shows attacks, so the card hits (p. 20).
        let attacker = add_intruder(&mut s, spec.symbols[0], HIB);
        // The character the Intruder attacks, and one it does not: their names must differ for
        // the line's `player` to tell them apart.
        let (target, other) = (s.seats[Seat(0)].name.clone(), s.seats[Seat(1)].name.clone());
        assert_ne!(target, other, "the two characters have names of their own");
        let a = ok(&s, &mut f, Command::ResolveIntruderAttacks, vec![card_with(&spec.key, spec.blood)]);
        let drawn = a.events.iter().find_map(|e| match e {
            Event::AttackCardDrawn { purpose: AttackDraw::Attack { intruder, target }, .. } => Some((*intruder, *target)),
            _ => None,
        });
        assert_eq!(drawn, Some((attacker, Seat(0))), "{}: the Intruder attacks the only character in its room (p. 20, step 1)", spec.key);
        // Each line is said from the state right after its event, as the log does: a
        // Transformation later in the same step must not rename the Intruder that attacked.
        let mut st = s.clone();
        let said: Vec<_> = a.events.iter().filter_map(|e| { st.fold(e); describe(&st, e, Audience::Table) }).collect();
        let keys: Vec<&str> = said.iter().map(|l| l.key).collect();
        let shown = said.iter().find(|l| l.key == "attack_card").unwrap_or_else(|| panic!("{}: the card is in the log: {keys:?}", spec.key));
        let term = format!("card.attack.{}", spec.key);
        assert!(matches!(shown.params.get("card"), Some(LogParam::Term { key, .. }) if *key == term), "{}: the line names the card", spec.key);
        assert!(en.get(&format!("attack_summary.{}", spec.key)).is_some_and(|x| !x.is_empty()), "{}: its text is in the catalogue", spec.key);
        assert_eq!(shown.params.get("id"), Some(&LogParam::Number { value: attacker.0 as i32 }), "{}: the line names the attacker", spec.key);
        let kind = format!("intruder_kind.{}", serde_json::to_value(spec.symbols[0]).unwrap().as_str().unwrap());
        assert!(matches!(shown.params.get("kind"), Some(LogParam::Term { key, .. }) if *key == kind), "{}: and its kind, {kind}: {:?}", spec.key, shown.params.get("kind"));
        assert_eq!(shown.params.get("player"), Some(&LogParam::Text { value: target.clone() }), "{}: and the character it attacks, not {other}", spec.key);
        let effect: &[&str] = match spec.key.as_str() {
            "scratch" | "claw_attack" => &["light_wounds", "contamination_given"],
            "bite" | "tail_attack" | "frenzy" => &["serious_wound"],
            "slime" => &["slime_on", "contamination_given"],
            "transformation" => &["intruder_transformed"],
            "summoning" => &["intruder_placed"],
            other => panic!("a new Attack card {other}: say what its log must show"),
        };
        for k in effect {
            assert!(keys.contains(k), "{} (blood {:?}): the log says what happens ({k}): {keys:?}", spec.key, spec.blood);
        }
    }
}

// ---------------------------------------------------------------- Shoot: the weapon fired and its Ammo (issue 31, item 4)

fn character_with_weapon(s: &mut State, seat: Seat, energy: bool) -> &'static nemesis_engine::content::CharacterSpec {
    use nemesis_engine::content::WeaponKind;
    let want = if energy { WeaponKind::Energy } else { WeaponKind::Classic };
    let (i, ch) = Content::base().data.characters.iter().enumerate().find(|(_, c)| c.weapon_kind == want).expect("such a character");
    s.seats[seat].character = Some(CharacterId(i as u8));
    ch
}

#[test]
fn a_shot_takes_one_ammo_off_the_weapon_it_fires_and_says_so_first_p18_p20() {
    let (mut s, mut f) = table(2, 1801);
    let ch = character_with_weapon(&mut s, Seat(0), false);
    let id = add_intruder(&mut s, IntruderKind::Adult, HIB);
    let blood = card_with("scratch", Blood::Endurance(6));
    let a = ok(&s, &mut f, Command::Shoot { seat: Seat(0), id, energy: false, weapon: Some(Weapon::Own) }, vec![combat(CombatFace::Hit), blood.clone()]);
    assert!(a.events.contains(&Event::AmmoSpent { seat: Seat(0), weapon: Weapon::Own }));
    let said: Vec<_> = {
        let mut st = s.clone();
        a.events.iter().filter_map(|e| { st.fold(e); describe(&st, e, Audience::Table) }).collect()
    };
    let keys: Vec<&str> = said.iter().map(|l| l.key).collect();
    assert_eq!(keys[..3], ["action_taken", "ammo_spent_own", "shot_hit"], "the Ammo after the Action's cost, before the roll");
    let weapon = format!("weapon_name.{}", ch.key);
    assert!(matches!(said[1].params.get("weapon"), Some(LogParam::Term { key, en }) if *key == weapon && *en == ch.weapon), "the line names the character's own weapon");
    let a = ok(&s, &mut f, Command::Shoot { seat: Seat(0), id, energy: false, weapon: Some(Weapon::Carried) }, vec![combat(CombatFace::Hit), blood]);
    assert_eq!(said_keys(&s, &a.events)[1], "ammo_spent_carried", "a carried weapon's card is the table's: the line says which card loses the Ammo");
    // A refused Shoot spends nothing.
    s.seats[Seat(0)].location = COCKPIT;
    assert_eq!(refused(&s, &mut f, Command::Shoot { seat: Seat(0), id, energy: false, weapon: Some(Weapon::Own) }, vec![]).code, Code::NotAllowed);
}

#[test]
fn the_weapon_fired_says_whether_vulnerability_to_energy_adds_an_injury_p21_p22() {
    let (mut s, mut f) = table(2, 1802);
    let id = add_intruder(&mut s, IntruderKind::Adult, HIB);
    know_weakness(&mut s, "vulnerability_to_energy");
    let blood = card_with("scratch", Blood::Endurance(6));
    let shot = |s: &State, f: &mut Fate, weapon| injuries_of_shot(&ok(s, f, Command::Shoot { seat: Seat(0), id, energy: false, weapon: Some(weapon) }, vec![combat(CombatFace::Hit), blood.clone()]).events);
    character_with_weapon(&mut s, Seat(0), true);
    assert_eq!(shot(&s, &mut f, Weapon::Own), 2, "the character's own Energy weapon: its card says so");
    character_with_weapon(&mut s, Seat(0), false);
    assert_eq!(shot(&s, &mut f, Weapon::Own), 1, "a Classic starting weapon");
    assert_eq!(shot(&s, &mut f, Weapon::CarriedEnergy), 2, "a carried Energy weapon, as the table says");
    assert_eq!(shot(&s, &mut f, Weapon::Carried), 1);
    // The Shoot offers name the weapon; the carried Energy one only once the Weakness matters.
    s.phase = Phase::Player;
    s.rounds.turn_of = Some(Seat(0));
    let shoots = |s: &State| nemesis_engine::offers::offers(s).into_iter().filter_map(|o| match o.command { Command::Shoot { weapon, .. } => Some(weapon), _ => None }).collect::<Vec<_>>();
    assert_eq!(shoots(&s), vec![Some(Weapon::Own), Some(Weapon::Carried), Some(Weapon::CarriedEnergy)]);
    s.weaknesses.iter_mut().for_each(|w| w.revealed = None);
    assert_eq!(shoots(&s), vec![Some(Weapon::Own), Some(Weapon::Carried)], "a carried Energy weapon changes nothing until the Weakness is known");
}

fn injuries_of_shot(events: &[Event]) -> u8 {
    events.iter().find_map(|e| match e { Event::CharacterAttacked { injuries, .. } => Some(*injuries), _ => None }).expect("a shot")
}

#[test]
fn an_old_saves_shoot_without_a_weapon_still_reads_and_plays_as_its_energy_switch_said_p21() {
    // Saves from before the weapon was named keep their Shoot as written: no Ammo line, and the
    // energy switch alone decides Vulnerability to Energy.
    let old: Command = serde_json::from_str(r#"{"type":"shoot","seat":0,"id":1,"energy":true}"#).expect("an old save's Shoot reads");
    assert_eq!(old, Command::Shoot { seat: Seat(0), id: IntruderId(1), energy: true, weapon: None });
    let (mut s, mut f) = table(2, 1803);
    let id = add_intruder(&mut s, IntruderKind::Adult, HIB);
    know_weakness(&mut s, "vulnerability_to_energy");
    let Command::Shoot { seat, energy, weapon, .. } = old else { unreachable!() };
    let a = ok(&s, &mut f, Command::Shoot { seat, id, energy, weapon }, vec![combat(CombatFace::Hit), card_with("scratch", Blood::Endurance(6))]);
    assert_eq!(injuries_of_shot(&a.events), 2);
    assert!(!a.events.iter().any(|e| matches!(e, Event::AmmoSpent { .. })), "no weapon named, no Ammo line");
}

#[test]
fn a_symbol_that_misses_says_which_symbol_the_die_shows_and_what_it_hits_p18() {
    // p. 18: the Larva/Creeper symbol hits only those two, the Adult symbol an Adult too; read
    // as "Larva/Creeper hit, a miss" the line said a hit and a miss at once.
    let cases = [
        (IntruderKind::Adult, CombatFace::SmallHit, false, "shot_missed_small"),
        (IntruderKind::Queen, CombatFace::AdultHit, false, "shot_missed_adult"),
        (IntruderKind::Adult, CombatFace::SmallHit, true, "melee_missed_small"),
        (IntruderKind::Breeder, CombatFace::AdultHit, true, "melee_missed_adult"),
        (IntruderKind::Adult, CombatFace::Miss, false, "shot_missed"),
    ];
    for (kind, face, melee, key) in cases {
        let (mut s, mut f) = table(2, 813);
        let id = add_intruder(&mut s, kind, HIB);
        let command = if melee { Command::MeleeAttack { seat: Seat(0), id } } else { Command::Shoot { seat: Seat(0), id, energy: false, weapon: None } };
        let a = ok(&s, &mut f, command, vec![combat(face)]);
        let lines = table_lines(&s, &a.events);
        let line = lines.iter().find(|l| l.key.starts_with(if melee { "melee_" } else { "shot_" })).expect("the attack's line");
        assert_eq!(line.key, key, "{face:?} against a {kind:?}");
        if key != "shot_missed" {
            assert!(line.text().contains("symbol") && line.text().contains("a miss") && !line.text().contains(" hit,"), "{}", line.text());
        }
    }
    // The same symbol against a Creeper is a hit, said as one.
    let (mut s, mut f) = table(2, 814);
    let id = add_intruder(&mut s, IntruderKind::Creeper, HIB);
    let a = ok(&s, &mut f, Command::Shoot { seat: Seat(0), id, energy: false, weapon: None }, vec![combat(CombatFace::SmallHit), card_with("bite", Blood::Endurance(6))]);
    assert!(table_lines(&s, &a.events).iter().any(|l| l.key == "shot_hit"));
}

#[test]
fn a_queens_injury_check_ended_by_a_retreat_says_why_two_cards_were_drawn_p20() {
    // p. 20: a Breeder or the Queen draws two cards for the check; a Retreat arrow on either ends it.
    let (mut s, mut f) = table(2, 22);
    let queen = add_intruder(&mut s, IntruderKind::Queen, HIB);
    let entered = vec![
        card_with("scratch", Blood::Endurance(2)),
        card_with("claw_attack", Blood::Retreat(RetreatMark::Retreat)),
        Entered::EventCard { key: "flammable_compounds".into() },
    ];
    let a = ok(&s, &mut f, Command::InjureIntruder { id: queen, injuries: 2 }, entered);
    assert!(a.events.iter().any(|e| matches!(e, Event::EnduranceChecked { retreat: true, killed: false, .. })), "{:?}", a.events);
    let lines = table_lines(&s, &a.events);
    let line = lines.iter().find(|l| l.key.starts_with("endurance_")).expect("the check's verdict");
    assert_eq!(line.key, "endurance_retreats_two");
    assert!(line.text().contains("the Queen draws two cards"), "{}", line.text());
}

#[test]
fn a_character_killed_by_a_scratchs_wound_takes_no_contamination_card_after_death_p21() {
    // p. 21: with 3 Serious Wounds any Wound kills, and the dead character's miniature leaves
    // the board. The Scratch's Light Wound comes first and kills: its Contamination card goes to
    // nobody (issue 31: the log gave it to the corpse after the death line).
    let (mut s, mut f) = table(2, 11);
    alone_in_hibernatorium(&mut s);
    s = ok(&s, &mut f, Command::Wound { seat: Seat(0), light: 0, serious: 3 }, vec![]).state;
    let id = add_intruder(&mut s, IntruderKind::Adult, HIB);
    let a = ok(&s, &mut f, Command::AttackCharacter { id, target: None }, vec![card("scratch")]);
    assert_eq!(a.state.seats[Seat(0)].life, Life::Dead, "the first wound kills");
    assert!(a.state.seats[Seat(0)].contamination.is_empty(), "no card for the dead");
    assert!(!a.events.iter().any(|e| matches!(e, Event::ContaminationGiven { .. })), "nor any card given: {:?}", a.events);
}
