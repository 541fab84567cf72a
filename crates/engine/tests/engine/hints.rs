//! The action helpers (issue: teaching): before a command runs, the table is told what it will
//! set off. Each test is named after the rule with its page, and where the helper predicts an
//! outcome, the engine is run to show the prediction holds.

use crate::common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::{Blood, Content};
use nemesis_engine::event::{AttackDraw, Event};
use nemesis_engine::hints::{explain, Hint, HINTS};
use nemesis_engine::ids::*;
use nemesis_engine::log::LogParam;
use nemesis_engine::state::*;

const HIB: Location = Location(11);

fn keys(h: &[Hint]) -> Vec<&str> {
    h.iter().map(|x| x.key.as_str()).collect()
}

fn hints(s: &State, c: &Command) -> Vec<Hint> {
    explain(&s.public_view(), c)
}

/// An unexplored room next to the Hibernatorium, and the corridor to it.
fn unexplored_neighbour(s: &State) -> Location {
    Content::base().board.neighbours(HIB).into_iter().map(|(l, _)| l).find(|l| !s.room(*l).explored).expect("an unexplored room next door")
}

fn add_intruder(s: &mut State, kind: IntruderKind, at: Location, injuries: u8) -> IntruderId {
    let id = IntruderId(s.next_intruder);
    s.intruders.push(Intruder { id, kind, at, injuries, token: None });
    s.next_intruder += 1;
    id
}

fn param<'a>(h: &'a Hint, name: &str) -> &'a LogParam {
    h.params.get(name).unwrap_or_else(|| panic!("{} has no {name}", h.key))
}

#[test]
fn moving_into_an_empty_unexplored_room_explores_it_then_rolls_for_noise_p14_p15() {
    let (s, _) = table(2, 401);
    let to = unexplored_neighbour(&s);
    let h = hints(&s, &Command::MoveCharacter { seat: Seat(0), to, careful_noise: None });
    assert_eq!(keys(&h), ["move_explore", "noise_roll", "noise_roll_none"], "explore first, then the Noise roll");
    assert!(h.iter().all(|x| x.text.contains(&to.0.to_string()) || x.key != "move_explore"), "names the room: {h:?}");
}

#[test]
fn moving_into_a_room_with_someone_in_it_makes_no_noise_roll_p14() {
    let (mut s, mut f) = table(2, 402);
    let to = unexplored_neighbour(&s);
    s.seats[Seat(1)].location = to;
    let h = hints(&s, &Command::MoveCharacter { seat: Seat(0), to, careful_noise: None });
    assert_eq!(keys(&h), ["move_explore", "move_occupied"]);
    // The engine agrees: the move asks for no Noise die.
    let a = ok(&s, &mut f, Command::MoveCharacter { seat: Seat(0), to, careful_noise: None }, vec![]);
    assert!(!a.events.iter().any(|e| matches!(e, Event::NoiseRolled { .. })), "no Noise roll into an occupied room");
}

#[test]
fn slime_turns_silence_into_danger_for_the_exploration_token_and_the_noise_roll_p15_p17() {
    let (mut s, _) = table(2, 403);
    s.seats[Seat(0)].slime = true;
    let to = unexplored_neighbour(&s);
    let h = hints(&s, &Command::MoveCharacter { seat: Seat(0), to, careful_noise: None });
    assert_eq!(keys(&h), ["move_explore", "move_explore_slime", "noise_roll", "noise_roll_none", "noise_roll_slime"]);
    assert!(h.iter().filter(|x| x.rule == "slime").count() == 2, "both slime hints link to the Slime rule");
}

#[test]
fn careful_movement_places_noise_instead_of_rolling_p13() {
    let (s, _) = table(2, 404);
    let to = unexplored_neighbour(&s);
    let h = hints(&s, &Command::MoveCharacter { seat: Seat(0), to, careful_noise: Some(2) });
    assert_eq!(keys(&h), ["move_explore", "move_careful"]);
    assert_eq!(param(&h[1], "number"), &LogParam::Number { value: 2 });
}

#[test]
fn leaving_a_room_with_intruders_is_an_escape_with_one_attack_each_p19() {
    let (mut s, _) = table(2, 405);
    add_intruder(&mut s, IntruderKind::Adult, HIB, 0);
    add_intruder(&mut s, IntruderKind::Creeper, HIB, 0);
    let to = unexplored_neighbour(&s);
    let h = hints(&s, &Command::MoveCharacter { seat: Seat(0), to, careful_noise: None });
    assert_eq!(h[0].key, "move_escape");
    assert_eq!(param(&h[0], "count"), &LogParam::Number { value: 2 }, "one attack per Intruder in the room");
}

#[test]
fn a_noise_roll_names_the_corridors_whose_number_starts_an_encounter_p15() {
    let (mut s, mut f) = table(2, 406);
    let board = &Content::base().board;
    let Some((number, corridor)) = (1..=4u8).find_map(|n| match board.exit(HIB, n) {
        nemesis_engine::content::Exit::Corridor(c) => Some((n, c)),
        _ => None,
    }) else {
        panic!("the Hibernatorium has corridors")
    };
    s.board.noise[corridor.0 as usize] = true;
    let h = hints(&s, &Command::NoiseRoll { seat: Seat(0) });
    let noisy = h.iter().find(|x| x.key == "noise_roll_noisy").expect("the noisy corridors are named");
    let LogParam::List { items } = param(noisy, "numbers") else { panic!("a list of numbers") };
    assert!(items.contains(&LogParam::Number { value: i32::from(number) }), "corridor {number} holds Noise: {items:?}");
    // Rolling that number does start an Encounter.
    let face = match number {
        1 => NoiseFace::One,
        2 => NoiseFace::Two,
        3 => NoiseFace::Three,
        _ => NoiseFace::Four,
    };
    let a = ok(&s, &mut f, Command::NoiseRoll { seat: Seat(0) }, vec![Entered::Noise { face }, Entered::Token { token: TokenKind::Larva, back: None }]);
    assert!(a.events.iter().any(|e| matches!(e, Event::EncounterBegan { .. })), "the roll hit a marked corridor: an Encounter");
}

#[test]
fn an_encounter_compares_the_token_number_with_the_hand_for_a_surprise_attack_p18() {
    let (mut s, mut f) = table(2, 407);
    s.seats[Seat(0)].hand = 3;
    let h = hints(&s, &Command::Encounter { seat: Seat(0) });
    assert_eq!(keys(&h), ["encounter_first", "encounter_noise_off", "encounter_draw", "encounter_surprise", "encounter_blank"]);
    let surprise = &h[3];
    assert_eq!(param(surprise, "hand"), &LogParam::Number { value: 3 });
    // What the hint promises: a token numbered above the hand attacks, one equal to it does not.
    let adult = |back| vec![Entered::Token { token: TokenKind::Adult, back: Some(back) }, Entered::AttackCard { key: "scratch".into(), blood: None }];
    let above = ok(&s, &mut f, Command::Encounter { seat: Seat(0) }, adult(4));
    assert!(above.events.iter().any(|e| matches!(e, Event::SurpriseAttack { .. })), "4 against 3 cards: Surprise Attack");
    let equal = ok(&s, &mut f, Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Adult, back: Some(3) }]);
    assert!(!equal.events.iter().any(|e| matches!(e, Event::SurpriseAttack { .. })), "3 against 3 cards: none");
    // After the first Encounter, the objective hint is gone.
    let later = hints(&above.state, &Command::Encounter { seat: Seat(1) });
    assert!(!keys(&later).contains(&"encounter_first"), "only the first Encounter chooses objectives");
}

/// Which seat the engine's attack went for.
fn attacked(events: &[Event]) -> Option<Seat> {
    events.iter().find_map(|e| match e {
        Event::AttackCardDrawn { purpose: AttackDraw::Attack { target, .. }, .. } => Some(*target),
        Event::CharacterInfested { seat, .. } => Some(*seat),
        _ => None,
    })
}

#[test]
fn the_intruder_attacks_the_fewest_cards_in_hand_ties_to_the_first_player_then_turn_order_p20() {
    for (seed, hands) in [(410u64, [3u8, 1, 2]), (411, [2, 2, 4]), (412, [4, 3, 3]), (413, [1, 1, 1]), (414, [5, 0, 0])] {
        let (mut s, mut f) = table(3, seed);
        for (i, h) in hands.iter().enumerate() {
            s.seats[Seat(i as u8)].hand = *h;
        }
        let id = add_intruder(&mut s, IntruderKind::Adult, HIB, 0);
        let h = hints(&s, &Command::AttackCharacter { id, target: None });
        let fewest = *hands.iter().min().unwrap();
        let tie = hands.iter().filter(|x| **x == fewest).count() > 1;
        assert_eq!(h[0].key, if tie { "attack_target_tie" } else { "attack_target" }, "hands {hands:?}");
        let LogParam::Text { value: named } = param(&h[0], "player") else { panic!("a name") };
        let a = ok(&s, &mut f, Command::AttackCharacter { id, target: None }, vec![Entered::AttackCard { key: "scratch".into(), blood: None }]);
        let target = attacked(&a.events).expect("someone was attacked");
        assert_eq!(named, &s.seats[target].name, "the helper names the character the engine attacks (hands {hands:?})");
        assert_eq!(h[1].key, "attack_card");
    }
}

#[test]
fn an_intruder_alone_attacks_no_one_and_a_larva_infests_instead_of_drawing_p20() {
    let (mut s, _) = table(2, 415);
    let far = Location(1);
    let id = add_intruder(&mut s, IntruderKind::Adult, far, 0);
    assert_eq!(keys(&hints(&s, &Command::AttackCharacter { id, target: None })), ["attack_nobody"]);
    let larva = add_intruder(&mut s, IntruderKind::Larva, HIB, 0);
    assert_eq!(keys(&hints(&s, &Command::AttackCharacter { id: larva, target: None }))[1], "attack_larva");
}

#[test]
fn the_injury_check_draws_one_card_for_creepers_and_adults_two_for_breeders_and_the_queen_p20() {
    let (mut s, mut f) = table(2, 416);
    let adult = add_intruder(&mut s, IntruderKind::Adult, Location(1), 1);
    let queen = add_intruder(&mut s, IntruderKind::Queen, Location(1), 2);
    let larva = add_intruder(&mut s, IntruderKind::Larva, Location(1), 0);
    let h = hints(&s, &Command::InjureIntruder { id: adult, injuries: 1 });
    assert_eq!(keys(&h), ["injury_check_one", "injury_retreat"]);
    assert_eq!(param(&h[0], "total"), &LogParam::Number { value: 2 }, "the check counts the Injuries already there");
    assert_eq!(keys(&hints(&s, &Command::InjureIntruder { id: queen, injuries: 1 })), ["injury_check_two", "injury_retreat"]);
    assert_eq!(keys(&hints(&s, &Command::InjureIntruder { id: larva, injuries: 1 })), ["injury_larva"]);
    // The promise holds: a blood number equal to the Injuries kills.
    let key = Content::base().data.attacks.iter().find(|a| a.blood == Blood::Endurance(2)).map(|a| a.key.clone()).expect("a card with blood 2");
    let a = ok(&s, &mut f, Command::InjureIntruder { id: adult, injuries: 1 }, vec![Entered::AttackCard { key, blood: Some(Blood::Endurance(2)) }]);
    assert!(a.events.contains(&Event::IntruderKilled { id: adult }), "2 Injuries against blood 2: it dies ({:?})", a.events);
}

#[test]
fn the_victory_check_explains_each_step_p11() {
    let (mut s, _) = table(2, 417);
    assert_eq!(keys(&hints(&s, &Command::RevealEngines)), ["victory_engines"]);
    assert_eq!(keys(&hints(&s, &Command::RevealCoordinates { quarantine: vec![] })), ["victory_coordinates"]);
    assert_eq!(keys(&hints(&s, &Command::CheckContamination { seat: Seat(0) })), ["victory_contamination_clean"], "no card, no Larva");
    s.seats[Seat(0)].larva = true;
    assert_eq!(keys(&hints(&s, &Command::CheckContamination { seat: Seat(0) })), ["victory_contamination"], "a Larva means the draw of 4");
    assert_eq!(keys(&hints(&s, &Command::JudgeObjective { seat: Seat(0), met: true, overrule: false })), ["victory_objective"]);
}

#[test]
fn in_the_cooperative_game_every_objective_counts_and_each_signal_needs_its_own_character_p27() {
    let (mut s, _) = table(3, 418);
    s.config.mode = Mode::Cooperative;
    let h = hints(&s, &Command::JudgeObjective { seat: Seat(1), met: true, overrule: false });
    assert_eq!(keys(&h), ["victory_objective_coop"]);
    assert_eq!(h[0].rule, "cooperative_mode");
}

#[test]
fn every_hint_of_random_games_is_a_known_template_fully_filled_and_links_a_rule() {
    for seed in 0..20u64 {
        let mut g = started(1 + (seed as usize % 5), 500 + seed);
        let mut pick = Pick(seed * 7919 + 1);
        for _ in 0..200 {
            let s = state(&g).clone();
            let request = random_command(&s, &mut pick);
            if let nemesis_engine::Request::Do { command, .. } = &request {
                for h in explain(&s.public_view(), command) {
                    assert!(HINTS.iter().any(|(k, _)| *k == h.key), "unknown hint {}", h.key);
                    assert!(!h.text.contains('{') && !h.text.is_empty(), "{} left a value unfilled: {}", h.key, h.text);
                    assert!(!h.rule.is_empty());
                }
            }
            let _ = g.submit(Actor::Table, request);
            if state(&g).is_over() {
                break;
            }
        }
    }
}

#[test]
fn the_intruder_players_attack_draws_as_many_cards_as_their_card_shows_and_they_pick_one_p27() {
    let (s, mut f) = table(3, 412);
    let s = ok(&s, &mut f, Command::KillCharacter { seat: Seat(1) }, vec![]).state;
    let mut s = ok(&s, &mut f, Command::BecomeIntruderPlayer { seat: Seat(1) }, vec![]).state;
    s.intruder_player = Some((Seat(1), s.turn));
    let id = add_intruder(&mut s, IntruderKind::Adult, HIB, 0);
    let attack = Command::IntruderPlayerAttack { seat: Seat(1), id, target: Seat(0), card_number: 3 };
    let h = hints(&s, &attack);
    assert_eq!(keys(&h), ["intruder_player_cards"]);
    assert_eq!(h[0].rule, "intruder_player");
    assert_eq!(param(&h[0], "cards"), &LogParam::Number { value: 3 });
    // The engine does draw three and waits for the pick.
    let a = ok(&s, &mut f, attack, vec![]);
    assert_eq!(a.state.attack_offer.map(|o| o.cards.len()), Some(3));
    // A Larva draws nothing: the helper says it infests.
    let larva = add_intruder(&mut s, IntruderKind::Larva, HIB, 0);
    let h = hints(&s, &Command::IntruderPlayerAttack { seat: Seat(1), id: larva, target: Seat(0), card_number: 3 });
    assert_eq!(keys(&h), ["attack_larva"]);
}

#[test]
fn shooting_and_melee_say_which_faces_hit_this_intruder_and_what_a_miss_costs_p18_p19() {
    let (mut s, mut f) = table(2, 419);
    let adult = add_intruder(&mut s, IntruderKind::Adult, HIB, 0);
    let h = hints(&s, &Command::Shoot { seat: Seat(0), id: adult, energy: false, weapon: None });
    assert_eq!(keys(&h), ["shoot_adult", "hit_check_one"]);
    assert_eq!((h[0].rule.as_str(), h[1].rule.as_str()), ("shoot", "intruder_injuries"));
    let h = hints(&s, &Command::MeleeAttack { seat: Seat(0), id: adult });
    assert_eq!(keys(&h), ["melee_adult", "hit_check_one"]);
    // The helper says the Creeper symbol misses an Adult in melee and wounds the attacker: so it does.
    let a = ok(&s, &mut f, Command::MeleeAttack { seat: Seat(0), id: adult }, vec![Entered::Combat { face: CombatFace::SmallHit }]);
    assert_eq!(a.state.seats[Seat(0)].serious.len(), 1);
    let queen = add_intruder(&mut s, IntruderKind::Queen, HIB, 0);
    assert_eq!(keys(&hints(&s, &Command::Shoot { seat: Seat(0), id: queen, energy: false, weapon: None })), ["shoot_big", "hit_check_two"]);
    let larva = add_intruder(&mut s, IntruderKind::Larva, HIB, 0);
    assert_eq!(keys(&hints(&s, &Command::MeleeAttack { seat: Seat(0), id: larva })), ["melee_small", "hit_larva"]);
}
