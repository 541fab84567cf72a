//! Scenario tests for combat and the body, each named after the rule it checks, with the page of
//! the English rulebook: Encounters and Surprise Attacks (p. 18), Escape (p. 19), Intruder
//! Injuries, Retreat, Attacks and Contamination (p. 20), Wounds (p. 21), Weaknesses (pp. 21-22),
//! the Laboratory and the Nest (Room sheet, pp. 24-25) and the Fire Damage step (p. 10).
//!
//! Each scenario starts from a real game set up through the draft, arranges the board by editing
//! the public fields of a copy of the state, and applies one command with `rules::apply`, forcing
//! random outcomes with entered results.

mod common;
use common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::{Blood, Content, RetreatMark};
use nemesis_engine::event::{AttackDraw, DeathCause, Event, EventDraw, UnlockReason};
use nemesis_engine::ids::*;
use nemesis_engine::state::*;
use nemesis_engine::{apply, Applied, Code, Fate, Rejection};

const HIB: Location = Location(11);
const COCKPIT: Location = Location(1);

// ---------------------------------------------------------------- helpers

/// A game set up and drafted (every component handled), as a state to arrange plus its generator.
fn table(players: usize, seed: u64) -> (State, Fate) {
    let g = started(players, seed);
    (state(&g).clone(), Fate::restore(&g.fate_snapshot()))
}

fn run(s: &State, fate: &mut Fate, command: Command, entered: Vec<Entered>) -> Result<Applied, Rejection> {
    apply(Some(s), fate, Actor::Table, &command, &entered)
}

fn ok(s: &State, fate: &mut Fate, command: Command, entered: Vec<Entered>) -> Applied {
    let what = format!("{command:?} with {entered:?}");
    run(s, fate, command, entered).unwrap_or_else(|r| panic!("{what} should be accepted, was refused: {r:?}"))
}

/// An intruder miniature placed by hand (no token), after the first Encounter.
fn add_intruder(s: &mut State, kind: IntruderKind, at: Location) -> IntruderId {
    let id = IntruderId(s.next_intruder);
    s.next_intruder += 1;
    s.intruders.push(Intruder { id, kind, at, injuries: 0, token: None });
    s.first_encounter = true;
    id
}

/// Serious Wound cards taken from the top of the deck, as if suffered earlier.
fn give_serious(s: &mut State, seat: Seat, n: usize) {
    for _ in 0..n {
        let card = s.wounds.draw.pop().expect("a Serious Wound card left");
        s.seats[seat].serious.push(SeriousWound { card, dressed: false });
    }
}

fn card(key: &str) -> Entered {
    Entered::AttackCard { key: key.into(), blood: None }
}

fn card_with(key: &str, blood: Blood) -> Entered {
    Entered::AttackCard { key: key.into(), blood: Some(blood) }
}

fn attack_draws(events: &[Event]) -> Vec<(String, AttackDraw)> {
    let c = Content::base();
    events
        .iter()
        .filter_map(|e| match e {
            Event::AttackCardDrawn { card, purpose } => Some((c.data.attacks[card.0 as usize].key.clone(), *purpose)),
            _ => None,
        })
        .collect()
}

fn weakness_id(key: &str) -> WeaknessId {
    let i = Content::base().data.weaknesses.iter().position(|w| w.key == key).expect("weakness in the data");
    WeaknessId(i as u8)
}

/// Turns a Weakness face up in the Intruder Carcass slot, as if researched earlier.
fn know_weakness(s: &mut State, key: &str) {
    let id = weakness_id(key);
    s.weaknesses[2] = WeaknessSlot { card: Some(id), revealed: Some(id) };
}

/// Puts a specific intruder token (kind and back number) into the bag, so an entered draw can find it.
fn token_in_bag(s: &mut State, kind: TokenKind, back: u8) {
    let c = Content::base();
    let bag_has = s.bag().iter().any(|t| c.token(*t).kind == kind && c.token(*t).back == Some(back));
    if bag_has {
        return;
    }
    let i = c
        .data
        .intruder_tokens
        .iter()
        .enumerate()
        .position(|(i, t)| t.kind == kind && t.back == Some(back) && s.tokens[i] == TokenPlace::Supply)
        .expect("such a token in the supply");
    s.tokens[i] = TokenPlace::Bag;
}

fn location_of_tile(s: &State, key: &str) -> Location {
    let c = Content::base();
    let tile = c.room_tile(key).expect("tile in the data");
    c.board.locations().find(|l| s.room(*l).tile == Some(tile)).expect("the tile is on the board")
}

/// Only seat 0 stays in the Hibernatorium; the others go to the Cockpit.
fn alone_in_hibernatorium(s: &mut State) {
    for (seat, _) in s.seats.clone().iter() {
        if seat != Seat(0) {
            s.seats[seat].location = COCKPIT;
        }
    }
}

// ---------------------------------------------------------------- attack cards and symbols (p. 20)

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
fn surprise_attack_when_the_hand_is_smaller_than_the_token_number_p18() {
    let (mut s, mut f) = table(2, 3);
    alone_in_hibernatorium(&mut s);
    token_in_bag(&mut s, TokenKind::Adult, 4);

    // 3 cards against a token showing 4: Surprise Attack on the player who drew it.
    s.seats[Seat(0)].hand = 3;
    let a = ok(
        &s,
        &mut f,
        Command::Encounter { seat: Seat(0) },
        vec![Entered::Token { token: TokenKind::Adult, back: Some(4) }, card("scratch")],
    );
    let adult = a.state.intruders.iter().find(|i| i.kind == IntruderKind::Adult && i.at == HIB).expect("an Adult appears").id;
    assert!(
        a.events.contains(&Event::SurpriseAttack { seat: Seat(0), id: adult, back: 4, hand: 3 }),
        "fewer cards than the token number means a Surprise Attack: {:?}",
        a.events
    );
    assert_eq!(
        attack_draws(&a.events),
        vec![("scratch".to_string(), AttackDraw::Attack { intruder: adult, target: Seat(0) })],
        "the Surprise Attack is one Intruder Attack on the character who triggered the Encounter"
    );

    // 4 cards against 4: equal or higher and nothing happens.
    s.seats[Seat(0)].hand = 4;
    let a = ok(&s, &mut f, Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Adult, back: Some(4) }]);
    assert!(!a.events.iter().any(|e| matches!(e, Event::SurpriseAttack { .. })), "an equal hand is not surprised");
    assert!(attack_draws(&a.events).is_empty(), "no attack card is drawn without a Surprise Attack");
}

#[test]
fn surprise_attack_by_a_larva_is_an_infestation_p18_p20() {
    let (mut s, mut f) = table(2, 4);
    alone_in_hibernatorium(&mut s);
    s.seats[Seat(0)].hand = 0;
    let a = ok(&s, &mut f, Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Larva, back: Some(1) }]);
    assert!(a.events.iter().any(|e| matches!(e, Event::SurpriseAttack { seat: Seat(0), .. })), "0 cards against 1: surprised");
    assert!(a.state.seats[Seat(0)].larva, "the surprising Larva infests the character");
    assert!(a.state.intruders.is_empty(), "the Larva left the board for the character board");
    assert!(attack_draws(&a.events).is_empty(), "no Intruder Attack card for a Larva");
}

// ---------------------------------------------------------------- escape (p. 19)

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

// ---------------------------------------------------------------- the target (p. 20)

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
fn intruder_attack_step_each_intruder_in_combat_attacks_p10() {
    let (mut s, mut f) = table(2, 9);
    s.phase = Phase::Event { step: EventStep::IntruderAttack };
    alone_in_hibernatorium(&mut s);
    let fighting = add_intruder(&mut s, IntruderKind::Adult, HIB);
    let _idle = add_intruder(&mut s, IntruderKind::Adult, Location(19));
    let a = ok(&s, &mut f, Command::ResolveIntruderAttacks, vec![card("scratch")]);
    assert_eq!(
        attack_draws(&a.events),
        vec![("scratch".to_string(), AttackDraw::Attack { intruder: fighting, target: Seat(0) })],
        "only the Intruder sharing a room with a character attacks"
    );
    assert_eq!(a.state.phase, Phase::Event { step: EventStep::FireDamage }, "the Event Phase moves on to Fire Damage");
}

// ---------------------------------------------------------------- each attack card (p. 20, the cards)

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

// ---------------------------------------------------------------- injuries, death, retreat (p. 20)

fn combat(face: CombatFace) -> Entered {
    Entered::Combat { face }
}

fn attacked(events: &[Event]) -> Option<(CombatFace, u8)> {
    events.iter().find_map(|e| match e {
        Event::CharacterAttacked { face, injuries, .. } => Some((*face, *injuries)),
        _ => None,
    })
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
            let a = ok(&s, &mut f, Command::Shoot { seat: Seat(0), id, energy: false }, vec![combat(face), card_with("scratch", Blood::Endurance(6)), card_with("bite", Blood::Endurance(6))]
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
    assert!(matches!(a.events[0], Event::ContaminationGiven { seat: Seat(0), .. }), "the Contamination card comes first: {:?}", a.events[0]);
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
    assert_eq!(run(&s, &mut f, Command::Shoot { seat: Seat(0), id, energy: false }, vec![combat(CombatFace::Hit)]).unwrap_err().code, Code::NotAllowed);
    assert_eq!(run(&s, &mut f, Command::MeleeAttack { seat: Seat(0), id }, vec![combat(CombatFace::Hit)]).unwrap_err().code, Code::NotAllowed);
    let mut e = s.clone();
    e.intruders[0].at = HIB;
    e.phase = Phase::Event { step: EventStep::FireDamage };
    assert_eq!(run(&e, &mut f, Command::Shoot { seat: Seat(0), id, energy: false }, vec![combat(CombatFace::Hit)]).unwrap_err().code, Code::WrongPhase);
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

// ---------------------------------------------------------------- wounds (p. 21)

#[test]
fn light_wounds_fill_the_track_and_the_third_becomes_a_serious_wound_p21() {
    let (s, mut f) = table(2, 23);
    let wound = || Command::Wound { seat: Seat(0), light: 1, serious: 0 };
    let a = ok(&s, &mut f, wound(), vec![]);
    assert_eq!(a.state.seats[Seat(0)].light_wounds, 1, "first Light Wound: upper space");
    let a = ok(&a.state, &mut f, wound(), vec![]);
    assert_eq!(a.state.seats[Seat(0)].light_wounds, 2, "second: lower space");
    let a = ok(&a.state, &mut f, wound(), vec![]);
    let seat = &a.state.seats[Seat(0)];
    assert_eq!(seat.light_wounds, 0, "the third discards the marker from the track");
    assert_eq!(seat.serious.len(), 1, "and the character suffers a Serious Wound");
    assert!(a.events.iter().any(|e| matches!(e, Event::SeriousWoundDrawn { seat: Seat(0), .. })), "drawn from the deck");
}

#[test]
fn serious_wound_is_drawn_from_the_serious_wound_deck_p21() {
    let (s, mut f) = table(2, 24);
    let c = Content::base();
    let a = ok(&s, &mut f, Command::Wound { seat: Seat(0), light: 0, serious: 1 }, vec![Entered::SeriousWound { key: "leg".into() }]);
    let got = a.state.seats[Seat(0)].serious.clone();
    assert_eq!(got.len(), 1, "one Serious Wound card");
    assert_eq!(c.data.serious_wounds[got[0].card.0 as usize].key, "leg", "the card entered from the table");
    assert!(!got[0].dressed, "a new wound is not dressed");
    assert_eq!(a.state.wounds.draw.len(), s.wounds.draw.len() - 1, "the card left the deck");

    // Every Arm card is already on a character: an entered Arm cannot have come from the deck.
    let mut s = s;
    let arm = c.data.serious_wounds.iter().position(|w| w.key == "arm").unwrap() as u8;
    let arms: Vec<WoundCardId> = s.wounds.draw.iter().copied().filter(|w| w.0 == arm).collect();
    s.wounds.draw.retain(|w| w.0 != arm);
    s.seats[Seat(1)].serious = arms.into_iter().map(|card| SeriousWound { card, dressed: false }).collect();
    let err = run(&s, &mut f, Command::Wound { seat: Seat(0), light: 0, serious: 1 }, vec![Entered::SeriousWound { key: "arm".into() }])
        .expect_err("a card that is not in the deck cannot have been drawn");
    assert_eq!(err.code, Code::BadResult, "the entered card must be in the deck");
}

#[test]
fn any_wound_after_three_serious_wounds_kills_p21() {
    let (mut s, mut f) = table(2, 25);
    give_serious(&mut s, Seat(0), 3);
    let a = ok(&s, &mut f, Command::Wound { seat: Seat(0), light: 1, serious: 0 }, vec![]);
    assert!(
        a.events.contains(&Event::CharacterDied { seat: Seat(0), cause: DeathCause::Wounds }),
        "a Light Wound on 3 Serious Wounds kills: {:?}",
        a.events
    );
    let a = ok(&s, &mut f, Command::Wound { seat: Seat(0), light: 0, serious: 1 }, vec![]);
    assert_eq!(a.state.seats[Seat(0)].life, Life::Dead, "so does a Serious Wound");
    assert!(!a.events.iter().any(|e| matches!(e, Event::SeriousWoundDrawn { .. })), "no fourth card is drawn");

    // Dressed wounds still count against the limit of 3.
    for w in s.seats[Seat(0)].serious.iter_mut() {
        w.dressed = true;
    }
    let a = ok(&s, &mut f, Command::Wound { seat: Seat(0), light: 1, serious: 0 }, vec![]);
    assert_eq!(a.state.seats[Seat(0)].life, Life::Dead, "3 dressed Serious Wounds still count: the next wound kills");
}

#[test]
fn only_a_dressed_serious_wound_can_be_healed_p21() {
    let (mut s, mut f) = table(2, 26);
    give_serious(&mut s, Seat(0), 1);
    let wound = s.seats[Seat(0)].serious[0].card;

    let err = run(&s, &mut f, Command::HealSeriousWound { seat: Seat(0), index: 0 }, vec![]).expect_err("undressed");
    assert_eq!(err.code, Code::NotAllowed, "an undressed Serious Wound cannot be healed");

    let a = ok(&s, &mut f, Command::DressSeriousWound { seat: Seat(0), index: 0 }, vec![]);
    assert!(a.state.seats[Seat(0)].serious[0].dressed, "Dress flips the card");
    assert_eq!(a.state.seats[Seat(0)].serious.len(), 1, "a dressed wound stays on the character");
    let err = run(&a.state, &mut f, Command::DressSeriousWound { seat: Seat(0), index: 0 }, vec![]).expect_err("twice");
    assert_eq!(err.code, Code::NotAllowed, "a dressed wound cannot be dressed again");

    let a = ok(&a.state, &mut f, Command::HealSeriousWound { seat: Seat(0), index: 0 }, vec![]);
    assert!(a.state.seats[Seat(0)].serious.is_empty(), "Heal removes the dressed Serious Wound");
    assert!(a.state.wounds.discard.contains(&wound), "its card is discarded");
}

#[test]
fn healing_light_wounds_removes_them_from_the_track_p21() {
    let (mut s, mut f) = table(2, 27);
    let err = run(&s, &mut f, Command::HealLightWounds { seat: Seat(0), count: 1 }, vec![]).expect_err("nothing to heal");
    assert_eq!(err.code, Code::NotAllowed, "no Light Wound to heal");
    s.seats[Seat(0)].light_wounds = 2;
    let a = ok(&s, &mut f, Command::HealLightWounds { seat: Seat(0), count: 1 }, vec![]);
    assert_eq!(a.state.seats[Seat(0)].light_wounds, 1, "Heal 1 Light Wound: one marker removed");
}

// ---------------------------------------------------------------- weaknesses (pp. 21-22, Laboratory p. 24)

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
fn weakness_reaction_to_danger_lowers_the_surprise_number_but_not_below_one_p21() {
    let (mut s, mut f) = table(2, 29);
    alone_in_hibernatorium(&mut s);
    token_in_bag(&mut s, TokenKind::Adult, 3);
    s.seats[Seat(0)].hand = 2;
    let adult3 = || Entered::Token { token: TokenKind::Adult, back: Some(3) };

    let a = ok(&s, &mut f, Command::Encounter { seat: Seat(0) }, vec![adult3(), card("scratch")]);
    assert!(a.events.iter().any(|e| matches!(e, Event::SurpriseAttack { .. })), "without the Weakness, 2 cards against 3 is a surprise");

    know_weakness(&mut s, "reaction_to_danger");
    let a = ok(&s, &mut f, Command::Encounter { seat: Seat(0) }, vec![adult3()]);
    assert!(!a.events.iter().any(|e| matches!(e, Event::SurpriseAttack { .. })), "with it, the 3 counts as 2: no surprise");

    s.seats[Seat(0)].hand = 0;
    let a = ok(&s, &mut f, Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Larva, back: Some(1) }]);
    assert!(a.events.iter().any(|e| matches!(e, Event::SurpriseAttack { back: 1, .. })), "a 1 never drops below 1");
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

// ---------------------------------------------------------------- eggs and the Nest (p. 25, p. 10)

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
fn fire_destroys_one_uncarried_egg_in_the_fire_damage_step_p25() {
    let (mut s, mut f) = table(2, 34);
    s.phase = Phase::Event { step: EventStep::FireDamage };
    let nest = location_of_tile(&s, "nest");
    s.room_mut(nest).explored = true;
    s.room_mut(nest).fire = true;
    let burning = Location(19);
    let cold = Location(20);
    s.room_mut(burning).eggs = 2;
    s.room_mut(burning).fire = true;
    s.room_mut(cold).eggs = 1;
    let nest_eggs = s.nest_eggs;

    let a = ok(&s, &mut f, Command::ResolveFireDamage, vec![]);
    assert_eq!(a.state.nest_eggs, nest_eggs - 1, "a burning Nest loses 1 Egg");
    assert_eq!(a.state.room(burning).eggs, 1, "a burning room with dropped Eggs loses 1");
    assert_eq!(a.state.room(cold).eggs, 1, "eggs in a room without fire are safe");
    assert_eq!(a.state.phase, Phase::Event { step: EventStep::EventCard }, "then the Event card step");
}

#[test]
fn fire_damage_step_injures_each_intruder_in_a_burning_room_p10() {
    let (mut s, mut f) = table(2, 35);
    s.phase = Phase::Event { step: EventStep::FireDamage };
    s.room_mut(Location(19)).fire = true;
    let burnt = add_intruder(&mut s, IntruderKind::Larva, Location(19));
    let safe = add_intruder(&mut s, IntruderKind::Larva, Location(20));
    let a = ok(&s, &mut f, Command::ResolveFireDamage, vec![]);
    assert!(a.events.contains(&Event::IntruderInjured { id: burnt, injuries: 1 }), "1 Injury from the fire");
    assert!(a.state.intruder(burnt).is_none(), "which kills a Larva");
    assert!(a.state.intruder(safe).is_some(), "an Intruder in a room without fire is untouched");
}

#[test]
fn first_death_in_an_attack_unlocks_every_escape_pod_p12() {
    let (mut s, mut f) = table(2, 36);
    alone_in_hibernatorium(&mut s);
    give_serious(&mut s, Seat(0), 2);
    let id = add_intruder(&mut s, IntruderKind::Adult, HIB);
    assert!(s.pods.iter().all(|p| p.locked), "pods start locked");
    let a = ok(&s, &mut f, Command::AttackCharacter { id, target: None }, vec![card("bite")]);
    assert!(a.events.contains(&Event::PodsUnlocked { reason: UnlockReason::FirstDeath }), "the first death unlocks the pods");
    assert!(a.state.pods.iter().all(|p| !p.locked));
}

/// p. 21: a character takes wounds one by one; a command giving more than six at once, even with
/// values large enough to overflow when added, is refused with a reason and changes nothing.
#[test]
fn wounds_beyond_six_at_once_are_refused_even_when_the_counts_would_overflow() {
    let mut g = started(2, 2101);
    let before = state(&g).clone();
    for (light, serious) in [(200u8, 100u8), (255, 255), (7, 0), (0, 0)] {
        let err = act(&mut g, Command::Wound { seat: Seat(0), light, serious }).unwrap_err();
        assert_eq!(err.code, nemesis_engine::Code::NotAllowed, "{light} light and {serious} serious: {}", err.reason);
        assert_eq!(state(&g), &before, "the refusal changes nothing");
    }
}
