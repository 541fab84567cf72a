//! The Intruder bag and Encounters (pp. 14-15, 18): Encounter draws and Surprise Attacks, the Blank
//! token, the first Encounter, the dice, and the 27 tokens always being in exactly one place.

use crate::common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::Content;
use nemesis_engine::event::{AttackDraw, DrawPurpose, Event};
use nemesis_engine::ids::*;
use nemesis_engine::state::{Component, EventStep, NoiseSpot, Phase, State, TokenPlace};
use nemesis_engine::log::{Audience, LogParam, RoomForm};
use nemesis_engine::{Actor, Code, Fate};

fn corridors_of(at: u8) -> Vec<CorridorId> {
    c().board.corridors_of(Location(at))
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

#[test]
fn encounter_draws_a_token_and_sets_it_aside_with_its_intruder() {
    // p. 18 steps 2-4: draw a token, place the matching miniature, put the token aside.
    let mut t = Table::new(2, 1);
    t.adult_in_bag(2);
    let bag_before = t.s.bag().len();
    let events = t.run(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Adult, back: Some(2) }]);
    assert!(events.iter().any(|e| matches!(e, Event::TokenDrawn { purpose: DrawPurpose::Encounter, .. })), "p. 18 step 2: a token is drawn");
    let (id, token) = events
        .iter()
        .find_map(|e| match e {
            Event::IntruderPlaced { id, kind: IntruderKind::Adult, at: Location(11), token: Some(tok) } => Some((*id, *tok)),
            _ => None,
        })
        .expect("p. 18 step 3: an Adult miniature appears in the Encounter room");
    assert_eq!(kind(token), TokenKind::Adult);
    assert_eq!(c().token(token).back, Some(2), "the token entered from the table is the one drawn");
    assert_eq!(t.s.tokens[token.0 as usize], TokenPlace::OnBoard(id), "p. 18: the drawn token is put aside with its intruder");
    assert_eq!(t.s.intruder(id).unwrap().token, Some(token));
    assert_eq!(t.s.bag().len(), bag_before - 1, "the token left the bag");
    assert!(!events.iter().any(|e| matches!(e, Event::SurpriseAttack { .. })), "p. 18: 5 cards against a 2: no Surprise Attack");
    assert!(t.s.first_encounter, "p. 12: the first intruder on board is the First Encounter");
    assert_each_token_in_one_place(&t.s, "after an Encounter");
}

#[test]
fn surprise_attack_when_the_hand_holds_fewer_cards_than_the_tokens_number() {
    // p. 18 step 4 and p. 20: the Surprise Attack targets the character who triggered the Encounter.
    let mut t = Table::new(2, 2);
    t.run(Command::SetHandSize { seat: Seat(0), cards: 3 }, vec![]);
    t.run(Command::SetHandSize { seat: Seat(1), cards: 0 }, vec![]); // fewer cards, but not the one encountering
    t.adult_in_bag(4);
    let events = t.run(
        Command::Encounter { seat: Seat(0) },
        vec![Entered::Token { token: TokenKind::Adult, back: Some(4) }, Entered::AttackCard { key: "scratch".into(), blood: None }],
    );
    let surprise = events.iter().find_map(|e| match e {
        Event::SurpriseAttack { seat, back, hand, .. } => Some((*seat, *back, *hand)),
        _ => None,
    });
    assert_eq!(surprise, Some((Seat(0), 4, 3)), "p. 18: 3 cards in hand against a token showing 4 is a Surprise Attack");
    assert!(
        events.iter().any(|e| matches!(e, Event::AttackCardDrawn { purpose: AttackDraw::Attack { target: Seat(0), .. }, .. })),
        "p. 20: the Surprise Attack targets the character who triggered the Encounter"
    );
    assert_eq!(t.s.seats[Seat(0)].light_wounds, 1, "the Scratch dealt 1 Light Wound");
    assert_eq!(t.s.seats[Seat(0)].contamination.len(), 1, "the Scratch gave 1 Contamination card");
    assert_eq!(t.s.seats[Seat(1)].light_wounds, 0, "the other character was not attacked");
}

#[test]
fn no_surprise_attack_when_the_hand_equals_the_tokens_number() {
    // p. 18 step 4: "If the number of Action cards is equal to or higher, nothing happens."
    let mut t = Table::new(2, 3);
    t.adult_in_bag(4);
    t.run(Command::SetHandSize { seat: Seat(0), cards: 4 }, vec![]);
    let events = t.run(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Adult, back: Some(4) }]);
    assert!(!events.iter().any(|e| matches!(e, Event::SurpriseAttack { .. } | Event::AttackCardDrawn { .. })), "p. 18: 4 cards against a 4: no attack");
    // An attack card entered for it would be unused, so the same Encounter with one is refused.
    let mut t = Table::new(2, 3);
    t.adult_in_bag(4);
    t.run(Command::SetHandSize { seat: Seat(0), cards: 4 }, vec![]);
    let err = t.refused(
        Command::Encounter { seat: Seat(0) },
        vec![Entered::Token { token: TokenKind::Adult, back: Some(4) }, Entered::AttackCard { key: "scratch".into(), blood: None }],
    );
    assert_eq!(err.code, Code::BadResult, "no Intruder Attack card is drawn when the hand is big enough");
}

#[test]
fn encounter_first_discards_the_noise_markers_of_the_rooms_corridors() {
    // p. 18 step 1: discard all Noise markers from all the Corridors connected to this Room.
    let mut t = Table::new(2, 4);
    let here = corridors_of(11);
    let elsewhere = corridors_of(1)[0];
    for cor in [here[0], here[2], elsewhere] {
        t.run(Command::SetNoise { spot: NoiseSpot::Corridor(cor), on: true }, vec![]);
    }
    t.run(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Larva, back: None }]);
    for cor in &here {
        assert!(!t.s.board.noise[cor.0 as usize], "p. 18: corridor {} of the Encounter room lost its Noise marker", cor.0);
    }
    assert!(t.s.board.noise[elsewhere.0 as usize], "a Noise marker in another room's corridor stays");
}

#[test]
fn blank_token_puts_noise_in_every_corridor_of_the_room_and_goes_back_in_the_bag() {
    // p. 18, Blank token: a Noise marker in each Corridor connected to the Room; the Encounter ends.
    let mut t = Table::new(2, 5);
    let bag_before = t.s.bag();
    let events = t.run(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Blank, back: None }]);
    for cor in corridors_of(11) {
        assert!(t.s.board.noise[cor.0 as usize], "p. 18: corridor {} of the Hibernatorium gets a Noise marker", cor.0);
    }
    assert!(t.s.intruders.is_empty(), "p. 18: the Blank brings no intruder");
    assert!(events.iter().any(|e| matches!(e, Event::TokenReturned { token } if kind(*token) == TokenKind::Blank)));
    assert_eq!(t.s.bag(), bag_before, "p. 18: the Blank goes back and, as it was not the last token, no Adult joins");
    assert!(!t.s.first_encounter, "p. 12: no intruder appeared, so this is not the First Encounter");
}

#[test]
fn blank_token_counts_the_technical_corridors_of_the_room() {
    // p. 18 with p. 16: a Noise marker bound for a Technical Corridors entrance goes on the
    // Technical Corridors space. Room 2's exits are [technical, technical, 1, 6].
    let mut t = Table::new(2, 6);
    t.place(Seat(0), 2);
    t.run(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Blank, back: None }]);
    assert!(t.s.board.technical_noise, "p. 16: the room's technical entrance puts Noise on the Technical Corridors space");
    for cor in corridors_of(2) {
        assert!(t.s.board.noise[cor.0 as usize], "p. 18: corridor {} gets a Noise marker", cor.0);
    }
}

#[test]
fn blank_as_the_last_token_in_the_bag_brings_an_adult_from_the_supply() {
    // p. 18: if the Blank was the last token, add 1 Adult token to the bag; return the Blank.
    let mut t = Table::new(2, 7);
    for place in t.s.tokens.iter_mut() {
        *place = TokenPlace::Supply;
    }
    let blank = tokens_of(TokenKind::Blank)[0];
    t.s.tokens[blank.0 as usize] = TokenPlace::Bag;
    let events = t.run(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Blank, back: None }]);
    assert!(events.iter().any(|e| matches!(e, Event::TokenAddedToBag { token } if kind(*token) == TokenKind::Adult)), "p. 18: an Adult joins");
    assert_eq!(t.s.bag().len(), 2, "the bag now holds the Blank and one Adult");
    assert_eq!((in_bag(&t.s, TokenKind::Blank), in_bag(&t.s, TokenKind::Adult)), (1, 1));
}

#[test]
fn blank_as_the_last_token_with_no_adult_token_available_adds_nothing() {
    // p. 18: "If there are no Adult Intruder tokens available, nothing happens."
    let mut t = Table::new(2, 8);
    for (i, place) in t.s.tokens.iter_mut().enumerate() {
        *place = if kind(TokenId(i as u8)) == TokenKind::Adult { TokenPlace::OutOfPlay } else { TokenPlace::Supply };
    }
    let blank = tokens_of(TokenKind::Blank)[0];
    t.s.tokens[blank.0 as usize] = TokenPlace::Bag;
    let events = t.run(Command::Encounter { seat: Seat(0) }, vec![]);
    assert!(!events.iter().any(|e| matches!(e, Event::TokenAddedToBag { .. })), "no Adult is left to add");
    assert_eq!(t.s.bag(), vec![blank], "only the Blank is back in the bag");
}

#[test]
fn an_empty_bag_gives_no_token_to_an_encounter_or_to_development() {
    let mut t = Table::new(2, 17);
    for place in t.s.tokens.iter_mut() {
        *place = TokenPlace::Supply;
    }
    let cor = corridors_of(11)[0];
    t.run(Command::SetNoise { spot: NoiseSpot::Corridor(cor), on: true }, vec![]);
    let events = t.run(Command::Encounter { seat: Seat(0) }, vec![]);
    assert!(events.iter().any(|e| matches!(e, Event::BagWasEmpty { purpose: DrawPurpose::Encounter })));
    assert!(t.s.intruders.is_empty(), "nothing can come out of an empty bag");
    assert!(!t.s.board.noise[cor.0 as usize], "p. 18 step 1 still discarded the room's Noise markers");
    let err = t.refused(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Adult, back: None }]);
    assert_eq!(err.code, Code::BadResult, "no token can have been drawn from an empty bag");
    t.at_step(EventStep::BagDevelopment);
    let events = t.run(Command::DevelopBag, vec![]);
    assert!(events.iter().any(|e| matches!(e, Event::BagWasEmpty { purpose: DrawPurpose::Development })));
    assert_eq!(t.s.phase, Phase::Player, "p. 10: the turn still ends");
}

#[test]
fn a_token_entered_from_the_table_must_be_in_the_bag() {
    // p. 6: at the start no Breeder token is in the bag. (The backs of a physical bag's Adults
    // are the table's to read: the app does not know which ones went in.)
    let mut t = Table::new(2, 18);
    let err = t.refused(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Breeder, back: None }]);
    assert_eq!(err.code, Code::BadResult);
}

#[test]
fn each_of_the_27_tokens_is_always_in_exactly_one_place() {
    // Scripted: the count in each place follows every move of a token.
    let mut t = Table::new(3, 25);
    let places = |s: &State| {
        [TokenPlace::Bag, TokenPlace::Supply, TokenPlace::OutOfPlay].map(|p| s.tokens_in(p).len())
    };
    let on_board = |s: &State| s.tokens.iter().filter(|p| matches!(p, TokenPlace::OnBoard(_))).count();
    assert_eq!((places(&t.s), on_board(&t.s)), ([13, 14, 0], 0), "p. 6: 13 in the bag for 3 players, 14 beside the board");
    let a = t.encounter(Seat(0), TokenKind::Adult, None);
    assert_eq!((places(&t.s), on_board(&t.s)), ([12, 14, 0], 1));
    t.run(Command::KillIntruder { id: a }, vec![]);
    assert_eq!((places(&t.s), on_board(&t.s)), ([12, 14, 1], 0));
    t.at_step(EventStep::BagDevelopment);
    t.run(Command::DevelopBag, vec![Entered::Token { token: TokenKind::Larva, back: None }]);
    assert_eq!((places(&t.s), on_board(&t.s)), ([12, 14, 1], 0), "a Larva out, an Adult in");
    let per_kind = |k: TokenKind| {
        [TokenPlace::Bag, TokenPlace::Supply, TokenPlace::OutOfPlay].iter().map(|p| count(&t.s, *p, k)).sum::<usize>()
            + t.s.intruders.iter().filter(|i| i.token.is_some_and(|x| kind(x) == k)).count()
    };
    let kinds = [TokenKind::Larva, TokenKind::Adult, TokenKind::Creeper, TokenKind::Breeder, TokenKind::Queen, TokenKind::Blank];
    assert_eq!(kinds.map(per_kind), [8, 12, 3, 2, 1, 1], "p. 2: the token kinds of the box, all accounted for");
    // Random play: after every step each token is in one place and the board agrees with it.
    for seed in 0..12u64 {
        let mut g = started(1 + (seed % 5) as usize, 500 + seed);
        let mut p = Pick(seed * 7 + 3);
        for step in 0..400 {
            let req = random_command(state(&g), &mut p);
            let _ = g.submit(Actor::Table, req);
            assert_each_token_in_one_place(state(&g), &format!("seed {seed}, step {step}"));
            if state(&g).is_over() {
                break;
            }
        }
    }
}

#[test]
fn the_queen_appearing_in_the_nest_is_an_encounter_that_discards_its_noise_p10_p18() {
    let g = started(2, 1);
    let mut s = state(&g).clone();
    let c = Content::base();
    let nest = c.board.locations().find(|l| s.room(*l).tile == c.room_tile("nest")).unwrap();
    s.room_mut(nest).explored = true;
    s.seats[Seat(0)].location = nest;
    let corr = c.board.corridors_of(nest)[0];
    s.board.noise[corr.0 as usize] = true;
    s.phase = Phase::Event { step: EventStep::BagDevelopment };
    let a = ok(&s, &mut Fate::seeded(3), Command::DevelopBag, vec![Entered::Token { token: TokenKind::Queen, back: None }]);
    assert!(!a.state.board.noise[corr.0 as usize], "an Encounter first discards the room's Noise markers");
    assert!(a.state.intruders.iter().any(|i| i.kind == IntruderKind::Queen && i.at == nest));
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
fn first_encounter_happens_once_when_the_first_intruder_appears_p12() {
    // The table draws from its own bag, so it can name the tokens.
    let mut g = started_with(physical(2, &[Component::IntruderBag]), 104);
    assert!(!state(&g).first_encounter);
    let events = act_with(&mut g, Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Larva, back: None }]).unwrap();
    assert_eq!(events.iter().filter(|e| matches!(e, Event::FirstEncounter)).count(), 1, "the first Intruder triggers it");
    let events = act_with(&mut g, Command::Encounter { seat: Seat(1) }, vec![Entered::Token { token: TokenKind::Larva, back: None }]).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::IntruderPlaced { .. })), "a second Intruder appears");
    assert!(!events.iter().any(|e| matches!(e, Event::FirstEncounter)), "but it is not the first Encounter again");
}

#[test]
fn dice_rolls_use_the_faces_of_the_data_p15_p18() {
    let (s, mut f) = table(2, 130);
    let d = &Content::base().data;
    let mut noise = Vec::new();
    let mut combat = Vec::new();
    for _ in 0..200 {
        let a = ok(&s, &mut f, Command::RollDice { die: Die::Noise, count: 2 }, vec![]);
        let a2 = ok(&s, &mut f, Command::RollDice { die: Die::Combat, count: 1 }, vec![]);
        for e in a.events.iter().chain(&a2.events) {
            if let Event::DiceRolled { noise: n, combat: c, .. } = e {
                noise.extend(n.iter().copied());
                combat.extend(c.iter().copied());
            }
        }
    }
    assert_eq!((noise.len(), combat.len()), (400, 200), "two Noise dice and one Combat die per roll");
    for face in &d.noise_die {
        assert!(noise.contains(face), "every Noise face comes up in 400 rolls: {face:?}");
    }
    for face in &d.combat_die {
        assert!(combat.contains(face), "every Combat face comes up in 200 rolls: {face:?}");
    }
    let silences = noise.iter().filter(|f| **f == NoiseFace::Silence).count();
    assert!(silences < 100, "Silence is 1 face in 10: {silences} in 400 is off the data");
    assert_eq!(refused(&s, &mut f, Command::RollDice { die: Die::Noise, count: 3 }, vec![]).code, Code::NotAllowed, "the box has 2 dice");
}

#[test]
fn physical_dice_need_the_rolled_result_entered_p15() {
    let mut o = options(2);
    o.handled.retain(|c| *c != Component::Dice);
    let mut g = started_with(o, 131);
    let err = act(&mut g, Command::RollDice { die: Die::Noise, count: 1 }).unwrap_err();
    assert_eq!(err.code, Code::ResultNeeded, "the app does not roll dice the table keeps");
    let err = act(&mut g, Command::NoiseRoll { seat: Seat(0) }).unwrap_err();
    assert_eq!(err.code, Code::ResultNeeded, "nor a Noise roll");

    let events = act_with(&mut g, Command::RollDice { die: Die::Noise, count: 1 }, vec![Entered::Noise { face: NoiseFace::Danger }]).unwrap();
    assert!(events.contains(&Event::DiceRolled { die: Die::Noise, noise: vec![NoiseFace::Danger], combat: vec![] }), "the entered face is used");
    let events = act_with(
        &mut g,
        Command::RollDice { die: Die::Combat, count: 2 },
        vec![Entered::Combat { face: CombatFace::TwoHits }, Entered::Combat { face: CombatFace::Miss }],
    )
    .unwrap();
    assert!(
        events.contains(&Event::DiceRolled { die: Die::Combat, noise: vec![], combat: vec![CombatFace::TwoHits, CombatFace::Miss] }),
        "each entered face in order"
    );
}

#[test]
fn a_slimed_characters_silence_counts_as_danger_and_the_line_says_so_p17() {
    // p. 17: with a Slime marker, each Silence of a Noise roll is resolved as Danger. The line
    // names both, so the Noise placed after a Silence is not read as a mistake.
    let (mut s, mut f) = table(2, 1717);
    s.seats[Seat(0)].slime = true;
    let a = ok(&s, &mut f, Command::NoiseRoll { seat: Seat(0) }, vec![Entered::Noise { face: NoiseFace::Silence }]);
    let keys = said_keys(&s, &a.events);
    assert!(keys.contains(&"noise_rolled_slimed".to_string()) && !keys.contains(&"noise_rolled".to_string()), "{keys:?}");
    assert!(a.events.iter().any(|e| matches!(e, Event::NoisePlaced { .. } | Event::IntruderMoved { .. })), "resolved as Danger: {:?}", a.events);
    s.seats[Seat(0)].slime = false;
    let a = ok(&s, &mut f, Command::NoiseRoll { seat: Seat(0) }, vec![Entered::Noise { face: NoiseFace::Silence }]);
    let keys = said_keys(&s, &a.events);
    assert!(keys.contains(&"noise_rolled".to_string()) && !keys.contains(&"noise_placed".to_string()), "without Slime a Silence is silence: {keys:?}");
}

#[test]
fn the_encounter_says_the_tokens_number_against_the_hand_when_no_surprise_attack_comes_p18() {
    // p. 18 step 4: the token's number is compared with the cards in hand either way, and the
    // table must see the comparison that spared the character too.
    let mut t = Table::new(2, 3);
    t.adult_in_bag(3);
    t.run(Command::SetHandSize { seat: Seat(0), cards: 3 }, vec![]);
    let before = t.s.clone();
    let events = t.run(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Adult, back: Some(3) }]);
    assert!(events.iter().any(|e| matches!(e, Event::NoSurpriseAttack { seat: Seat(0), back: 3, hand: 3, .. })), "{events:?}");
    let lines = table_lines(&before, &events);
    let line = lines.iter().find(|l| l.key == "no_surprise_attack").expect("the verdict has its line");
    assert_eq!(line.text(), "No Surprise Attack: token 3 against 3 cards in Ana's hand, not fewer than the token's number.".replace("Ana", &before.seats[Seat(0)].name));
    assert!(!lines.iter().any(|l| l.key == "surprise_attack"));
}

#[test]
fn a_noise_rolls_lines_name_its_room_and_the_corridors_printed_number_p15() {
    // p. 15: the face of a Noise roll is the number of a corridor of the roller's room. The lines
    // say which room and which numbered corridor, as the board prints them (issue 33), so the
    // table can put the marker down without working out what "2" meant.
    let (s, mut f) = table(2, 1515);
    let at = s.seats[Seat(0)].location;
    let (n, face) = [(1, NoiseFace::One), (2, NoiseFace::Two), (3, NoiseFace::Three), (4, NoiseFace::Four)]
        .into_iter()
        .find(|(n, _)| matches!(c().board.exit(at, *n), nemesis_engine::content::Exit::Corridor(x) if !s.board.noise[x.0 as usize]))
        .expect("a quiet corridor out of the starting room");
    let a = ok(&s, &mut f, Command::NoiseRoll { seat: Seat(0) }, vec![Entered::Noise { face }]);
    let mut after = s.clone();
    let lines: Vec<_> = a
        .events
        .iter()
        .filter_map(|e| {
            after.fold(e);
            nemesis_engine::log::describe(&after, e, Audience::Table)
        })
        .collect();
    let rolled = lines.iter().find(|l| l.key == "noise_rolled").expect("the roll's line");
    assert_eq!(rolled.params.get("room"), Some(&LogParam::Room { value: at.0, form: RoomForm::In }), "the room rolled for");
    let placed = lines.iter().find(|l| l.key == "noise_placed").expect("the marker's line");
    match placed.params.get("corridor") {
        Some(LogParam::List { items }) => assert!(items.contains(&LogParam::Number { value: n as i32 }), "corridor {n}: {items:?}"),
        other => panic!("the corridor by its number: {other:?}"),
    }
    assert!(placed.text().contains(&format!("corridor {n}")), "{}", placed.text());
}
