//! The Event Phase (p. 10): its steps in order, the time track, the Intruder Attack step, the
//! Fire Damage step and bag development with its six outcomes.

use crate::common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::Content;
use nemesis_engine::event::{AttackDraw, DrawPurpose, Event};
use nemesis_engine::ids::*;
use nemesis_engine::state::{Component, EventStep, Phase, TokenPlace};
use nemesis_engine::{Code, Fate, Game};

fn noise_rolls(events: &[Event]) -> Vec<Seat> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::NoiseRolled { seat, .. } => *seat,
            _ => None,
        })
        .collect()
}

fn explore_nest(t: &mut Table) -> Location {
    let nest = c().room_tile("nest").unwrap();
    let at = c().board.locations().find(|l| t.s.room(*l).tile == Some(nest)).expect("the Nest is on the board (p. 24)");
    t.s.room_mut(at).explored = true;
    at
}

#[test]
fn development_larva_leaves_the_bag_and_an_adult_token_joins() {
    // p. 10 step 8, Larva: remove this token from the bag and add 1 Adult token.
    let mut t = Table::new(2, 9);
    t.at_step(EventStep::BagDevelopment);
    let (larvae, adults, total) = (in_bag(&t.s, TokenKind::Larva), in_bag(&t.s, TokenKind::Adult), t.s.bag().len());
    let events = t.run(Command::DevelopBag, vec![Entered::Token { token: TokenKind::Larva, back: None }]);
    assert!(events.iter().any(|e| matches!(e, Event::TokenDrawn { purpose: DrawPurpose::Development, .. })));
    assert_eq!(in_bag(&t.s, TokenKind::Larva), larvae - 1, "p. 10: the Larva token leaves the bag");
    assert_eq!(in_bag(&t.s, TokenKind::Adult), adults + 1, "p. 10: an Adult token joins the bag");
    assert_eq!(t.s.bag().len(), total, "one out, one in");
    assert_eq!(t.s.phase, Phase::Player, "p. 10 step 9: development is the last step; a new turn starts");
    assert_eq!(t.s.turn, 2);
}

#[test]
fn development_creeper_leaves_the_bag_and_a_breeder_token_joins() {
    // p. 10 step 8, Creeper: remove this token from the bag and add 1 Breeder token.
    let mut t = Table::new(2, 10);
    t.at_step(EventStep::BagDevelopment);
    assert_eq!((in_bag(&t.s, TokenKind::Creeper), in_bag(&t.s, TokenKind::Breeder)), (1, 0));
    t.run(Command::DevelopBag, vec![Entered::Token { token: TokenKind::Creeper, back: None }]);
    assert_eq!(in_bag(&t.s, TokenKind::Creeper), 0, "p. 10: the Creeper token leaves the bag");
    assert_eq!(in_bag(&t.s, TokenKind::Breeder), 1, "p. 10: a Breeder token joins the bag");
}

#[test]
fn development_adult_makes_everyone_not_in_combat_roll_for_noise_in_order_and_returns() {
    // p. 10 step 8, Adult: all players roll for Noise in order, except a character in Combat;
    // the token returns to the bag.
    let mut t = Table::new(3, 11);
    let order = t.s.turn_order();
    let fighting = order[1];
    for seat in order.iter().filter(|s| **s != fighting) {
        let at = if *seat == order[0] { 1 } else { 21 };
        t.place(*seat, at);
    }
    t.run(Command::PlaceIntruder { kind: IntruderKind::Creeper, at: Location(11) }, vec![]);
    assert!(t.s.in_combat(fighting) && !t.s.in_combat(order[0]) && !t.s.in_combat(order[2]));
    t.at_step(EventStep::BagDevelopment);
    let before = t.s.bag();
    // Three rolls would be one too many: only the two characters out of Combat roll.
    let silence = || Entered::Noise { face: NoiseFace::Silence };
    let mut three = vec![Entered::Token { token: TokenKind::Adult, back: None }, silence(), silence(), silence()];
    assert_eq!(t.refused(Command::DevelopBag, three.clone()).code, Code::BadResult, "p. 10: the character in Combat does not roll");
    three.pop();
    let events = t.run(Command::DevelopBag, three);
    assert_eq!(noise_rolls(&events), vec![order[0], order[2]], "p. 10: the others roll for Noise, in turn order");
    assert_eq!(t.s.bag(), before, "p. 10: the Adult token returns to the bag");
}

#[test]
fn development_breeder_makes_everyone_not_in_combat_roll_for_noise_and_returns() {
    // p. 10 step 8, Breeder: as for the Adult.
    let mut t = Table::new(2, 12);
    let breeder = tokens_of(TokenKind::Breeder)[0];
    t.s.tokens[breeder.0 as usize] = TokenPlace::Bag;
    t.at_step(EventStep::BagDevelopment);
    let before = t.s.bag();
    let order = t.s.turn_order();
    let events = t.run(
        Command::DevelopBag,
        vec![
            Entered::Token { token: TokenKind::Breeder, back: None },
            Entered::Noise { face: NoiseFace::Silence },
            Entered::Noise { face: NoiseFace::Silence },
        ],
    );
    assert_eq!(noise_rolls(&events), order, "p. 10: both players roll for Noise, in order");
    assert_eq!(t.s.bag(), before, "p. 10: the Breeder token returns to the bag");
}

#[test]
fn development_queen_with_a_character_in_the_nest_appears_there_as_an_encounter() {
    // p. 10 step 8, Queen: with Characters in the Nest, the Queen is placed there and an
    // Encounter is resolved (the token's 4 against the hand, p. 18).
    let mut t = Table::new(2, 13);
    let nest = explore_nest(&mut t);
    t.place(Seat(1), nest.0);
    t.run(Command::SetHandSize { seat: Seat(1), cards: 3 }, vec![]);
    t.at_step(EventStep::BagDevelopment);
    let eggs = t.s.nest_eggs;
    let events = t.run(
        Command::DevelopBag,
        vec![Entered::Token { token: TokenKind::Queen, back: None }, Entered::AttackCard { key: "scratch".into(), blood: None }],
    );
    let queen = t.s.intruders.iter().find(|i| i.kind == IntruderKind::Queen).expect("p. 10: the Queen appears");
    assert_eq!(queen.at, nest, "p. 10: the Queen is placed in the Nest");
    let token = tokens_of(TokenKind::Queen)[0];
    assert_eq!(t.s.tokens[token.0 as usize], TokenPlace::OnBoard(queen.id), "p. 18: the token is set aside with the Queen");
    assert!(events.iter().any(|e| matches!(e, Event::EncounterBegan { seat: Seat(1), at } if *at == nest)), "p. 10: an Encounter");
    assert!(
        events.iter().any(|e| matches!(e, Event::SurpriseAttack { seat: Seat(1), back: 4, hand: 3, .. })),
        "p. 18: 3 cards against the Queen's 4 is a Surprise Attack"
    );
    assert_eq!(t.s.nest_eggs, eggs, "no Egg is added when the Queen appears");
}

#[test]
fn development_queen_with_nobody_in_the_nest_adds_an_egg_and_returns() {
    // p. 10 step 8, Queen: no Characters in the Nest (or it is undiscovered): add an Egg; the
    // token returns to the bag.
    for discovered in [false, true] {
        let mut t = Table::new(2, 14);
        if discovered {
            explore_nest(&mut t);
        }
        t.at_step(EventStep::BagDevelopment);
        let before = t.s.bag();
        let events = t.run(Command::DevelopBag, vec![Entered::Token { token: TokenKind::Queen, back: None }]);
        assert_eq!(t.s.nest_eggs, 6, "p. 10: one more Egg on the Intruder board (Nest discovered: {discovered})");
        assert!(events.iter().any(|e| matches!(e, Event::EggAdded)));
        assert!(t.s.intruders.is_empty(), "no Queen appears");
        assert_eq!(t.s.bag(), before, "p. 10: the Queen token returns to the bag");
    }
}

#[test]
fn development_blank_adds_an_adult_token_and_returns() {
    // p. 10 step 8, Blank: add 1 Adult token to the bag; return the Blank.
    let mut t = Table::new(2, 15);
    t.at_step(EventStep::BagDevelopment);
    let (adults, total) = (in_bag(&t.s, TokenKind::Adult), t.s.bag().len());
    t.run(Command::DevelopBag, vec![Entered::Token { token: TokenKind::Blank, back: None }]);
    assert_eq!(in_bag(&t.s, TokenKind::Adult), adults + 1, "p. 10: an Adult token joins");
    assert_eq!(in_bag(&t.s, TokenKind::Blank), 1, "p. 10: the Blank goes back in the bag");
    assert_eq!(t.s.bag().len(), total + 1);
}

#[test]
fn development_takes_nothing_from_an_empty_supply() {
    // p. 10: "If there are no Adult Intruder tokens available, nothing happens." The same holds
    // for a Breeder token when both are already in play.
    let setup = |gone: TokenKind| {
        let mut t = Table::new(2, 16);
        for tok in tokens_of(gone) {
            if t.s.tokens[tok.0 as usize] == TokenPlace::Supply {
                t.s.tokens[tok.0 as usize] = TokenPlace::OutOfPlay;
            }
        }
        t.at_step(EventStep::BagDevelopment);
        t
    };
    // Larva, no Adult token left: the Larva still leaves the bag.
    let mut t = setup(TokenKind::Adult);
    let (adults, total) = (in_bag(&t.s, TokenKind::Adult), t.s.bag().len());
    let events = t.run(Command::DevelopBag, vec![Entered::Token { token: TokenKind::Larva, back: None }]);
    assert!(!events.iter().any(|e| matches!(e, Event::TokenAddedToBag { .. })), "no Adult is left in the supply");
    assert_eq!((in_bag(&t.s, TokenKind::Adult), t.s.bag().len()), (adults, total - 1), "the Larva leaves, nothing joins");
    // Blank, no Adult token left.
    let mut t = setup(TokenKind::Adult);
    let total = t.s.bag().len();
    t.run(Command::DevelopBag, vec![Entered::Token { token: TokenKind::Blank, back: None }]);
    assert_eq!(t.s.bag().len(), total, "p. 10: the Blank returns, nothing joins");
    // Creeper, no Breeder token left.
    let mut t = setup(TokenKind::Breeder);
    let total = t.s.bag().len();
    t.run(Command::DevelopBag, vec![Entered::Token { token: TokenKind::Creeper, back: None }]);
    assert_eq!((in_bag(&t.s, TokenKind::Breeder), t.s.bag().len()), (0, total - 1), "the Creeper leaves, no Breeder joins");
}

#[test]
fn vulnerability_to_fire_adds_an_injury_in_the_fire_damage_step_p21() {
    let g = started(2, 12);
    let mut s = state(&g).clone();
    let c = Content::base();
    let w = c.data.weaknesses.iter().position(|w| w.key == "vulnerability_to_fire").unwrap();
    s.weaknesses[0].revealed = Some(WeaknessId(w as u8));
    s.room_mut(Location(5)).fire = true;
    let mut s = ok(&s, &mut Fate::seeded(3), Command::PlaceIntruder { kind: IntruderKind::Breeder, at: Location(5) }, vec![]).state;
    s.phase = Phase::Event { step: EventStep::FireDamage };
    let a = ok(
        &s,
        &mut Fate::seeded(3),
        Command::ResolveFireDamage,
        vec![Entered::AttackCard { key: "scratch".into(), blood: Some(nemesis_engine::content::Blood::Endurance(6)) }, Entered::AttackCard { key: "scratch".into(), blood: Some(nemesis_engine::content::Blood::Endurance(5)) }],
    );
    assert_eq!(a.state.intruders[0].injuries, 2, "Fire deals 2 Injuries with the weakness known");
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
fn event_phase_steps_run_in_order_and_out_of_order_is_refused_p10() {
    // The table keeps the Event deck and the bag, so it names the card and the token.
    let mut g = started_with(physical(2, &[Component::EventDeck, Component::IntruderBag]), 105);
    let first = state(&g).first_player;
    let wrong = |g: &mut Game, c: Command| {
        let what = format!("{c:?}");
        let err = act(g, c).expect_err(&what);
        assert_eq!(err.code, Code::WrongPhase, "{what} out of order");
        assert!(!err.reason.is_empty(), "a reason a player can read");
    };
    wrong(&mut g, Command::AdvanceTime);
    wrong(&mut g, Command::DevelopBag);
    act(&mut g, Command::EndPlayerPhase).unwrap();
    wrong(&mut g, Command::EndPlayerPhase);
    wrong(&mut g, Command::ResolveIntruderAttacks);
    act(&mut g, Command::AdvanceTime).unwrap();
    wrong(&mut g, Command::AdvanceTime);
    wrong(&mut g, Command::ResolveFireDamage);
    act(&mut g, Command::ResolveIntruderAttacks).unwrap();
    wrong(&mut g, Command::ResolveEventCard);
    act(&mut g, Command::ResolveFireDamage).unwrap();
    wrong(&mut g, Command::DevelopBag);
    act_with(&mut g, Command::ResolveEventCard, vec![Entered::EventCard { key: "bulkheads_open".into() }]).unwrap();
    wrong(&mut g, Command::ResolveEventCard);
    act_with(&mut g, Command::DevelopBag, vec![Entered::Token { token: TokenKind::Larva, back: None }]).unwrap();

    let s = state(&g);
    assert_eq!(s.phase, Phase::Player, "after bag development a new turn starts with the Player Phase");
    assert_eq!(s.turn, 2, "turn 2");
    assert_eq!(s.first_player, Seat((first.0 + 1) % 2), "the First Player token passes to the left");
    assert_eq!(s.time, 1, "the Time marker moved once");
    assert!(s.seats.iter().all(|(_, x)| x.hand == 5), "everyone draws up to 5");
}

#[test]
fn time_advances_only_in_the_time_track_step_p10() {
    // The table keeps the Event deck and the bag, so it names the card and the token.
    let mut g = started_with(physical(2, &[Component::EventDeck, Component::IntruderBag]), 106);
    act(&mut g, Command::EndPlayerPhase).unwrap();
    assert_eq!(state(&g).time, 0, "ending the Player Phase does not move time");
    let events = act(&mut g, Command::AdvanceTime).unwrap();
    assert!(events.contains(&Event::TimeAdvanced { to: 1, from: Some(0) }), "the Time marker moves 1 space");
    for (cmd, entered) in [
        (Command::ResolveIntruderAttacks, vec![]),
        (Command::ResolveFireDamage, vec![]),
        (Command::ResolveEventCard, vec![Entered::EventCard { key: "bulkheads_open".into() }]),
        (Command::DevelopBag, vec![Entered::Token { token: TokenKind::Larva, back: None }]),
    ] {
        act_with(&mut g, cmd, entered).unwrap();
        assert_eq!(state(&g).time, 1, "no other step moves the Time marker");
    }
}

#[test]
fn an_event_phase_step_with_nothing_to_do_says_so_p10() {
    // p. 10 steps 5 and 6: no Intruder in a room with a character, no Intruder or Egg in a Fire.
    // Said, or the table wonders what it missed; and said only then.
    let (mut s, mut f) = table(2, 10);
    alone_in_hibernatorium(&mut s);
    s.phase = Phase::Event { step: EventStep::IntruderAttack };
    let a = ok(&s, &mut f, Command::ResolveIntruderAttacks, vec![]);
    assert_eq!(said_keys(&s, &a.events).first().map(String::as_str), Some("no_intruder_attacks"));
    let s = a.state;
    let a = ok(&s, &mut f, Command::ResolveFireDamage, vec![]);
    assert_eq!(said_keys(&s, &a.events).first().map(String::as_str), Some("no_fire_damage"));

    let (mut s, mut f) = table(2, 11);
    alone_in_hibernatorium(&mut s);
    add_intruder(&mut s, IntruderKind::Adult, HIB);
    s.phase = Phase::Event { step: EventStep::IntruderAttack };
    let a = ok(&s, &mut f, Command::ResolveIntruderAttacks, vec![Entered::AttackCard { key: "scratch".into(), blood: None }]);
    assert!(!said_keys(&s, &a.events).contains(&"no_intruder_attacks".to_string()), "an attack came");
}
