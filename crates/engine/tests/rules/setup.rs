//! Setup, rulebook steps 1–20 (manual pp. 6–8), the character draft (step 17), and the refusal
//! of bad setup input.

use crate::common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::{Content, LocationKind, ObjectiveKind};
use nemesis_engine::event::Event;
use nemesis_engine::game::{Game, Request};
use nemesis_engine::ids::*;
use nemesis_engine::log::{log, Audience};
use nemesis_engine::state::{Component, Hidden, Life, Mode, ObjectiveChoice, Phase, PodState, State, TokenPlace};
use nemesis_engine::view::ObjectiveStatus;
use nemesis_engine::{Code, Fate};
use std::collections::BTreeSet;

fn slots(kind: LocationKind) -> Vec<Location> {
    c().data.locations.iter().filter(|l| l.kind == kind).map(|l| Location(l.number)).collect()
}

fn seat_of_number(s: &State, n: u8) -> Seat {
    s.seat_by_number(PlayerNumber(n)).expect("that player number is dealt")
}

// ---------------------------------------------------------------- board setup, steps 1–13 (p. 6)

#[test]
fn step_2_five_of_the_nine_room_tiles_2_go_face_down_on_the_2_slots() {
    // p. 6 step 2: shuffle the Room tiles "2", one on each "2" slot; the rest go back in the box.
    let slots2 = slots(LocationKind::Slot2);
    assert_eq!(slots2.len(), 5, "the basic board has five \"2\" slots (p. 6, p. 25: 5 of 9 used)");
    let mut seen_in_some_game = BTreeSet::new();
    for seed in 0..30 {
        let g = set_up(options(2), seed);
        let s = state(&g);
        let tiles: Vec<RoomTileId> = slots2.iter().map(|l| s.room(*l).tile.expect("a tile lies on every \"2\" slot")).collect();
        let distinct: BTreeSet<_> = tiles.iter().collect();
        assert_eq!(distinct.len(), 5, "p. 6: each \"2\" slot gets its own tile");
        for t in &tiles {
            assert_eq!(c().tile(*t).set, 2, "p. 6: only Room tiles \"2\" go on the \"2\" slots");
            seen_in_some_game.insert(*t);
        }
        for l in &slots2 {
            assert!(!s.room(*l).explored, "p. 6: tiles are placed face down (unexplored)");
        }
    }
    assert_eq!(seen_in_some_game.len(), 9, "p. 6: the 5 tiles are chosen at random, so over many games all 9 show up");
}

#[test]
fn step_3_all_eleven_room_tiles_1_go_on_the_1_slots() {
    // p. 6 step 3, p. 24: all 11 basic rooms "1" are present in each game.
    let slots1 = slots(LocationKind::Slot1);
    assert_eq!(slots1.len(), 11);
    let all1: BTreeSet<RoomTileId> =
        c().data.room_tiles.iter().enumerate().filter(|(_, t)| t.set == 1).map(|(i, _)| RoomTileId(i as u8)).collect();
    let mut orders = BTreeSet::new();
    for seed in 0..10 {
        let g = set_up(options(3), seed);
        let s = state(&g);
        let placed: Vec<RoomTileId> = slots1.iter().map(|l| s.room(*l).tile.expect("a tile on every \"1\" slot")).collect();
        assert_eq!(placed.iter().copied().collect::<BTreeSet<_>>(), all1, "p. 24: every basic room \"1\" is on the board");
        orders.insert(placed);
    }
    assert!(orders.len() > 1, "p. 6: the \"1\" tiles are shuffled, not laid out in a fixed order");
}

#[test]
fn step_2_to_4_physical_room_tiles_and_exploration_tokens_stay_unknown_to_the_app() {
    // p. 6: with the tiles and tokens on the table, the app must not pretend to know them.
    let g = set_up(opts(2, Mode::Standard, handled_but(&[Component::RoomTiles, Component::ExplorationTokens])), 3);
    let s = state(&g);
    for l in c().board.locations() {
        assert_eq!(s.room(l).tile, None, "room {} tile must stay unknown when the tiles are physical", l.0);
        assert_eq!(s.room(l).token, None, "room {} token must stay unknown when the tokens are physical", l.0);
    }
}

#[test]
fn step_4_one_exploration_token_face_down_on_each_of_the_16_room_slots() {
    // p. 6 step 4: one token at random on each Room tile; the rest go back in the box.
    let room_slots: Vec<Location> = c().board.locations().filter(|l| c().is_slot(*l)).collect();
    assert_eq!(room_slots.len(), 16, "11 \"1\" slots and 5 \"2\" slots");
    let g = set_up(options(4), 11);
    let s = state(&g);
    let tokens: Vec<ExplorationId> = room_slots.iter().map(|l| s.room(*l).token.expect("a token on every slot")).collect();
    assert_eq!(tokens.iter().collect::<BTreeSet<_>>().len(), 16, "p. 6: every slot gets a different token");
    for l in c().board.locations().filter(|l| !c().is_slot(*l)) {
        assert_eq!(s.room(l).token, None, "special room {} is printed on the board and gets no token (p. 9)", l.0);
    }
    // Face down: the public view shows no exploration effect or items on any unexplored room.
    for r in s.public_view().rooms.iter().filter(|r| !r.explored) {
        assert!(r.tile.is_none() && r.exploration.is_none() && r.items.is_none(), "room {} must look face down to the table", r.at.0);
    }
}

#[test]
fn special_rooms_are_explored_from_the_start_and_room_slots_are_not() {
    // p. 9 and p. 26: the 5 Special Rooms are treated as explored at the start of the game.
    let g = set_up(options(2), 5);
    let s = state(&g);
    for l in c().board.locations() {
        assert_eq!(s.room(l).explored, !c().is_slot(l), "room {}: only the Special Rooms start explored", l.0);
    }
    assert_eq!(c().location(Location(11)).kind, LocationKind::Hibernatorium);
    assert_eq!(c().location(Location(1)).kind, LocationKind::Cockpit);
}

#[test]
fn step_5_one_coordinates_card_lies_face_down_and_no_view_shows_it() {
    // p. 6 step 5: one Coordinates card at random, face down.
    let mut cards = BTreeSet::new();
    for seed in 0..40 {
        let g = set_up(options(2), seed);
        let s = state(&g);
        let Hidden::Known(card) = s.coordinates else { panic!("the app holds the card it placed") };
        assert!((card.0 as usize) < c().data.coordinates.len());
        cards.insert(card);
        assert_eq!(s.public_view().revealed_destination, None, "p. 6: the card is face down, nobody sees its destinations");
        for seat in s.seats.seats() {
            assert!(s.seat_view(seat).unwrap().coordinates.is_none(), "nobody has checked the Coordinates yet");
        }
    }
    assert!(cards.len() > 3, "p. 6: the card is chosen at random among the 8");
    let g = set_up(opts(2, Mode::Standard, handled_but(&[Component::Coordinates])), 1);
    assert_eq!(state(&g).coordinates, Hidden::Unknown, "a physical Coordinates card stays unknown to the app");
}

#[test]
fn step_6_the_destination_marker_starts_on_b() {
    // p. 6 step 6.
    for players in 1..=5 {
        let g = set_up(options(players), players as u64);
        assert_eq!(state(&g).destination, DestinationLetter::B, "p. 6: the Destination marker starts on B");
        assert_eq!(state(&g).public_view().destination, DestinationLetter::B);
    }
}

#[test]
fn step_7_escape_pods_by_player_count_lowest_to_a_then_alternating_all_locked() {
    // p. 6 step 7: 1-2 players 2 pods, 3-4 players 3 pods, 5 players 4 pods; lowest number to A,
    // the next to B, alternating; Locked side up.
    let expected = [2usize, 2, 3, 3, 4];
    for players in 1..=5 {
        let mut numbers_seen = BTreeSet::new();
        for seed in 0..20 {
            let g = set_up(options(players), seed);
            let s = state(&g);
            assert_eq!(s.pods.len(), expected[players - 1], "p. 6: {players} player(s) use {} Escape Pods", expected[players - 1]);
            let mut sorted = s.pods.clone();
            sorted.sort_by_key(|p| p.number);
            for (i, p) in sorted.iter().enumerate() {
                let want = if i % 2 == 0 { Section::A } else { Section::B };
                assert_eq!(p.section, want, "p. 6: pod {} is the {}th lowest, so it goes to section {want:?}", p.number.0, i + 1);
                assert!(p.locked, "p. 6: pods start with their Locked side up");
                assert!(p.occupants.is_empty() && p.state == PodState::Docked, "p. 6: pods start empty and docked");
                assert!((1..=4).contains(&p.number.0));
                numbers_seen.insert(p.number.0);
            }
            let distinct: BTreeSet<u8> = s.pods.iter().map(|p| p.number.0).collect();
            assert_eq!(distinct.len(), s.pods.len(), "each pod token is used once");
        }
        if players < 5 {
            assert_eq!(numbers_seen.len(), 4, "p. 6: the pods are chosen at random, so every number turns up over many games");
        }
    }
}

#[test]
fn step_7_escape_pods_drawn_at_the_table_are_placed_by_their_numbers() {
    // p. 6 step 7 with physical pods: the table enters the numbers it drew, in any order.
    let mut o = opts(3, Mode::Standard, handled_but(&[Component::EscapePods]));
    o.pods = Some(vec![4, 1, 3]);
    let g = set_up(o, 2);
    let placed: Vec<(u8, Section, bool)> = state(&g).pods.iter().map(|p| (p.number.0, p.section, p.locked)).collect();
    assert_eq!(
        placed,
        vec![(1, Section::A, true), (3, Section::B, true), (4, Section::A, true)],
        "p. 6: lowest (1) to A, next (3) to B, then (4) to A again, all locked"
    );
}

#[test]
fn step_7_wrong_escape_pod_numbers_from_the_table_are_refused() {
    // p. 6 step 7: 3 players draw 3 pods numbered 1–4.
    for pods in [vec![1, 2], vec![1, 2, 5], vec![0, 1, 2], vec![2, 2, 3]] {
        let mut o = opts(3, Mode::Standard, handled_but(&[Component::EscapePods]));
        o.pods = Some(pods.clone());
        let err = refused_setup(o);
        assert_eq!(err.code, Code::BadSetup, "pods {pods:?} cannot be what 3 players drew");
    }
}

#[test]
fn step_8_each_engine_has_a_hidden_top_token_that_is_its_true_status() {
    // p. 6 step 8: both tokens of each engine shuffled face down; the top one is the truth.
    let mut seen = [[false; 2]; 3];
    for seed in 0..40 {
        let g = set_up(options(2), seed);
        let s = state(&g);
        assert_eq!(s.engines_revealed, None, "p. 6: nobody knows the Engines at the start");
        assert_eq!(s.public_view().engines, None, "the table screen shows no engine status before the end");
        for (i, e) in s.engines.iter().enumerate() {
            match e {
                Hidden::Known(EngineStatus::Working) => seen[i][0] = true,
                Hidden::Known(EngineStatus::Damaged) => seen[i][1] = true,
                Hidden::Unknown => panic!("the app shuffled the engine tokens, so it knows the top one"),
            }
        }
    }
    assert_eq!(seen, [[true; 2]; 3], "p. 6: each engine's top token is random: both statuses occur for each engine");
    let g = set_up(opts(2, Mode::Standard, handled_but(&[Component::Engines])), 1);
    assert_eq!(state(&g).engines, [Hidden::Unknown; 3], "physical engine tokens stay unknown to the app");
}

#[test]
fn step_9_five_eggs_in_the_nest_and_three_random_weakness_cards_face_down() {
    // p. 6 step 9.
    let mut cards_seen = BTreeSet::new();
    for seed in 0..20 {
        let g = set_up(options(2), seed);
        let s = state(&g);
        assert_eq!(s.nest_eggs, 5, "p. 6: 5 Egg tokens on the Intruder board");
        assert_eq!(s.egg_supply(), 3, "8 Egg tokens in the box, 3 left in the supply");
        assert!(!s.nest_destroyed);
        let cards: Vec<WeaknessId> = s.weaknesses.iter().map(|w| w.card.expect("a face-down card in each slot")).collect();
        assert_eq!(cards.iter().collect::<BTreeSet<_>>().len(), 3, "p. 6: three different Weakness cards");
        assert!(s.weaknesses.iter().all(|w| w.revealed.is_none()), "p. 6: the Weakness cards lie face down");
        assert!(s.public_view().weaknesses.iter().all(|w| w.is_none()), "the table screen shows no Weakness yet");
        cards_seen.extend(cards);
    }
    assert!(cards_seen.len() > 3, "p. 6: the three Weakness cards are random, not always the same three");
    let g = set_up(opts(2, Mode::Standard, handled_but(&[Component::Weaknesses])), 1);
    assert!(state(&g).weaknesses.iter().all(|w| w.card.is_none()), "physical Weakness cards stay unknown to the app");
}

#[test]
fn step_10_the_bag_holds_blank_4_larvae_creeper_queen_and_3_adults_plus_1_per_player() {
    // p. 6 step 10; the rest of the tokens are placed next to the board.
    for players in 1..=5 {
        let g = set_up(options(players), 7 + players as u64);
        let s = state(&g);
        let count = |place: TokenPlace, k: TokenKind| s.tokens_in(place).into_iter().filter(|t| c().token(*t).kind == k).count();
        let bag = [TokenKind::Blank, TokenKind::Larva, TokenKind::Creeper, TokenKind::Queen, TokenKind::Adult, TokenKind::Breeder]
            .map(|k| count(TokenPlace::Bag, k));
        assert_eq!(bag, [1, 4, 1, 1, 3 + players, 0], "p. 6: the bag for {players} player(s)");
        assert_eq!(s.bag().len() + s.tokens_in(TokenPlace::Supply).len(), 27, "p. 6: every other token is next to the board");
        assert_eq!(s.public_view().bag as usize, 10 + players, "the table screen shows how many tokens are in the bag");
    }
}

#[test]
fn step_11_the_event_attack_wound_and_contamination_decks_are_shuffled() {
    // p. 6 step 11.
    let g1 = set_up(options(2), 1);
    let g2 = set_up(options(2), 2);
    let (a, b) = (state(&g1), state(&g2));
    let mut ev: Vec<u8> = a.events.draw.iter().map(|x| x.0).collect();
    ev.sort();
    assert_eq!(ev, (0..20).collect::<Vec<u8>>(), "the Event deck holds all 20 cards");
    let mut at: Vec<u8> = a.attacks.draw.iter().map(|x| x.0).collect();
    at.sort();
    assert_eq!(at, (0..20).collect::<Vec<u8>>(), "the Intruder Attack deck holds all 20 cards");
    assert_eq!(a.wounds.draw.len(), 16, "the Serious Wound deck holds all 16 cards");
    assert_eq!(a.contamination.draw.len(), 27, "the Contamination deck holds all 27 cards");
    assert!(a.events.draw != b.events.draw, "p. 6: the Event deck is shuffled (two games differ)");
    assert!(a.attacks.draw != b.attacks.draw, "p. 6: the Intruder Attack deck is shuffled");
    assert!(a.wounds.draw != b.wounds.draw, "p. 6: the Serious Wound deck is shuffled");
    assert!(a.contamination.draw != b.contamination.draw, "p. 6: the Contamination deck is shuffled");
    for s in [a, b] {
        assert!(s.events.discard.is_empty() && s.attacks.discard.is_empty() && s.wounds.discard.is_empty(), "discard piles start empty (p. 9)");
    }
}

#[test]
fn step_11_the_contamination_deck_holds_7_infected_cards_unless_the_table_corrects_it() {
    // p. 6 step 11 / p. 20: the INFECTED count is a data fact (graded C), so a table may correct it.
    let infected = |s: &State| s.infected.iter().filter(|h| **h == Hidden::Known(true)).count();
    let g = set_up(options(2), 4);
    assert_eq!(infected(state(&g)), 7, "the data says 7 INFECTED cards");
    assert_eq!(state(&g).config.infected_cards, 7);
    let mut o = options(2);
    o.infected_cards = Some(9);
    let g = set_up(o, 4);
    assert_eq!(infected(state(&g)), 9, "the corrected count is used");
    let mut o = options(2);
    o.infected_cards = Some(27);
    assert_eq!(infected(state(&set_up(o, 4))), 27, "every card may be INFECTED, 27 is the limit");
    let g = set_up(opts(2, Mode::Standard, handled_but(&[Component::ContaminationDeck])), 4);
    assert!(state(&g).infected.iter().all(|h| *h == Hidden::Unknown), "a physical deck's INFECTED cards stay unknown");
}

#[test]
fn step_13_the_time_marker_starts_on_the_green_space() {
    // p. 6 step 13: green space (0 moves); hibernation is not open, no Self-Destruct.
    let g = started(2, 8);
    let s = state(&g);
    assert_eq!(s.time, 0, "p. 6: the Time marker starts on the green space");
    assert!(!s.hibernation_open(), "p. 12: the chambers open only on blue");
    assert_eq!(s.self_destruct, None, "no Self-Destruct sequence at the start");
    assert_eq!(s.public_view().time.position, 0);
}

// ---------------------------------------------------------------- crew setup, steps 14–20 (p. 8)

#[test]
fn step_14_help_cards_deal_player_numbers_1_to_n_at_random() {
    // p. 8 step 14: as many Help cards as players, one each, at random.
    let mut first_seats = BTreeSet::new();
    for seed in 0..30 {
        let g = set_up(options(4), seed);
        let s = state(&g);
        let mut numbers: Vec<u8> = s.seats.iter().map(|(_, x)| x.number.0).collect();
        first_seats.insert(seat_of_number(s, 1));
        numbers.sort();
        assert_eq!(numbers, vec![1, 2, 3, 4], "p. 8: 4 players hold Help cards 1-4, one each");
    }
    assert!(first_seats.len() > 1, "p. 8: Help cards are dealt at random, so Player 1 is not always the first seat");
}

#[test]
fn step_14_player_numbers_dealt_at_the_table_are_used_as_entered() {
    // p. 8 step 14 with physical Help cards.
    let mut o = opts(3, Mode::Standard, handled_but(&[Component::HelpCards]));
    o.player_numbers = Some(vec![2, 3, 1]);
    let g = set_up(o, 1);
    let s = state(&g);
    let numbers: Vec<u8> = s.seats.iter().map(|(_, x)| x.number.0).collect();
    assert_eq!(numbers, vec![2, 3, 1], "the numbers dealt at the table, by seat");
    // Without them the setup cannot go on.
    let err = refused_setup(opts(3, Mode::Standard, handled_but(&[Component::HelpCards])));
    assert_eq!(err.code, Code::ResultNeeded, "physical Help cards: the table must enter each player's number");
}

#[test]
fn step_16_objectives_one_corporate_and_one_personal_each_without_higher_player_counts() {
    // p. 8 step 16: remove cards above the player count; deal 1 Corporate + 1 Personal to each.
    for players in 2..=5 {
        for seed in 0..25 {
            let g = set_up(options(players), seed * 31 + players as u64);
            let s = state(&g);
            let mut all = BTreeSet::new();
            for (seat, x) in s.seats.iter() {
                assert_eq!(x.objectives.len(), 2, "p. 8: seat {} gets 2 objective cards", seat.0);
                let kinds: BTreeSet<_> = x.objectives.iter().map(|o| format!("{:?}", c().data.objectives[o.0 as usize].kind)).collect();
                assert_eq!(kinds.len(), 2, "p. 8: one Corporate and one Personal objective");
                assert!(x.objectives.iter().any(|o| c().data.objectives[o.0 as usize].kind == ObjectiveKind::Corporate));
                for o in &x.objectives {
                    let spec = &c().data.objectives[o.0 as usize];
                    assert!(spec.players as usize <= players, "p. 8: '{}' shows {} players and must be removed in a {players}-player game", spec.key, spec.players);
                    assert!(all.insert(*o), "each objective card is dealt once");
                }
                assert_eq!(x.objective, ObjectiveChoice::Undecided, "p. 12: the choice comes at the first Encounter");
            }
        }
    }
}

#[test]
fn step_16_objectives_are_dealt_privately_to_their_own_seat() {
    // p. 8 step 16: each player keeps their objectives hidden from the others.
    let g = set_up(options(3), 21);
    let s = state(&g);
    let public = serde_json::to_string(&s.public_view()).unwrap();
    for (seat, x) in s.seats.iter() {
        let mine: Vec<String> = x.objectives.iter().map(|o| c().data.objectives[o.0 as usize].key.clone()).collect();
        let view = s.seat_view(seat).unwrap();
        let shown: Vec<String> = view.objectives.iter().map(|o| o.card.key.clone()).collect();
        assert_eq!(shown, mine, "the seat's own view lists its two objectives");
        for other in s.seats.seats().filter(|o| *o != seat) {
            let theirs: Vec<String> = s.seat_view(other).unwrap().objectives.iter().map(|o| o.card.key.clone()).collect();
            assert!(mine.iter().all(|k| !theirs.contains(k)), "seat {}'s objectives must not show in seat {}'s view", seat.0, other.0);
        }
        for k in &mine {
            assert!(!public.contains(&format!("\"{k}\"")), "objective '{k}' must not appear anywhere on the table screen");
        }
        let ps = &s.public_view().seats[seat.0 as usize];
        assert_eq!(ps.objective, ObjectiveStatus::Holding);
        assert!(ps.revealed_objective.is_none(), "objectives are revealed only at the victory check (p. 11)");
    }
}

#[test]
fn step_16_physical_objective_cards_leave_the_app_without_any_card() {
    // p. 8 step 16 with the cards dealt at the table: the app holds none.
    let g = set_up(opts(2, Mode::Standard, handled_but(&[Component::Objectives])), 3);
    assert!(state(&g).seats.iter().all(|(_, x)| x.objectives.is_empty()), "physical objectives are never known to the app");
}

#[test]
fn step_17_the_draft_goes_in_player_number_order() {
    // p. 8 step 17: Player 1 first, then Player 2, then Player 3...
    let mut o = opts(3, Mode::Standard, handled_but(&[Component::HelpCards]));
    o.player_numbers = Some(vec![3, 1, 2]);
    let mut g = set_up(o, 6);
    assert_eq!(state(&g).phase, Phase::Draft, "setup stops at step 17 to wait for the draft");
    let order = [Seat(1), Seat(2), Seat(0)]; // players 1, 2, 3
    for (k, seat) in order.iter().enumerate() {
        for wrong in order.iter().skip(k + 1) {
            let before = state(&g).clone();
            let err = act(&mut g, Command::DraftDraw { seat: *wrong }).expect_err("not this player's turn to draft");
            assert_eq!(err.code, Code::WrongPhase, "p. 8: player {} drafts before seat {}", k + 1, wrong.0);
            assert_eq!(state(&g), &before, "a refused draft draw changes nothing");
        }
        act(&mut g, Command::DraftDraw { seat: *seat }).expect("this player drafts now");
        let offer = state(&g).seats[*seat].draft_offer.clone();
        let key = c().data.characters[offer[0].0 as usize].key.clone();
        act(&mut g, Command::DraftKeep { seat: *seat, character: key }).expect("keep one");
    }
    assert_eq!(state(&g).phase, Phase::Player, "after the last player's draft, play begins");
}

#[test]
fn step_17_draw_two_characters_keep_one_and_shuffle_the_other_back() {
    // p. 8 step 17.
    let mut g = set_up(options(5), 12);
    let p1 = seat_of_number(state(&g), 1);
    act(&mut g, Command::DraftDraw { seat: p1 }).unwrap();
    let offer = state(&g).seats[p1].draft_offer.clone();
    assert_eq!(offer.len(), 2, "p. 8: the player takes 2 random draft cards");
    assert_ne!(offer[0], offer[1], "two different characters");
    assert_eq!(state(&g).draft.len(), 4, "the two drawn cards left the draft deck");
    assert!(state(&g).public_view().seats[p1.0 as usize].draft_offer.len() == 2, "p. 8: the two cards are revealed");
    // Drawing again is refused; keeping a card that was not drawn is refused.
    let before = state(&g).clone();
    assert_eq!(act(&mut g, Command::DraftDraw { seat: p1 }).unwrap_err().code, Code::NotAllowed, "only 2 cards are drawn");
    let not_offered = (0..6u8).map(CharacterId).find(|x| !offer.contains(x)).unwrap();
    let key = c().data.characters[not_offered.0 as usize].key.clone();
    assert_eq!(act(&mut g, Command::DraftKeep { seat: p1, character: key }).unwrap_err().code, Code::NotAllowed, "p. 8: keep one of the 2 drawn");
    assert_eq!(state(&g), &before, "refusals change nothing");
    let keep = c().data.characters[offer[1].0 as usize].key.clone();
    act(&mut g, Command::DraftKeep { seat: p1, character: keep }).unwrap();
    let s = state(&g);
    assert_eq!(s.seats[p1].character, Some(offer[1]), "p. 8: the chosen character is this player's");
    assert!(s.draft.contains(&offer[0]), "p. 8: the other card is shuffled back into the draft deck");
    assert!(!s.draft.contains(&offer[1]), "the kept character leaves the draft deck");
    assert_eq!(s.draft.len(), 5);
    // Nobody after Player 1 can ever be offered Player 1's character.
    let mut g2 = g;
    for n in 2..=5u8 {
        let seat = seat_of_number(state(&g2), n);
        act(&mut g2, Command::DraftDraw { seat }).unwrap();
        let offer = state(&g2).seats[seat].draft_offer.clone();
        let kept: Vec<CharacterId> = state(&g2).seats.iter().filter_map(|(_, x)| x.character).collect();
        assert!(offer.iter().all(|o| !kept.contains(o)), "p. 8: a character already taken cannot be drafted again");
        let key = c().data.characters[offer[0].0 as usize].key.clone();
        act(&mut g2, Command::DraftKeep { seat, character: key }).unwrap();
    }
    let chars: BTreeSet<CharacterId> = state(&g2).seats.iter().map(|(_, x)| x.character.unwrap()).collect();
    assert_eq!(chars.len(), 5, "five players, five different characters");
}

#[test]
fn step_17_a_draft_with_physical_cards_takes_the_cards_drawn_at_the_table() {
    // p. 8 step 17 with the draft cards on the table.
    let mut g = set_up(opts(2, Mode::Standard, handled_but(&[Component::CharacterDraft])), 4);
    let p1 = seat_of_number(state(&g), 1);
    let p2 = seat_of_number(state(&g), 2);
    assert_eq!(act(&mut g, Command::DraftDraw { seat: p1 }).unwrap_err().code, Code::ResultNeeded, "the app cannot draw physical cards");
    let drawn = vec!["scout".to_string(), "pilot".to_string()];
    act_with(&mut g, Command::DraftDraw { seat: p1 }, vec![Entered::Draft { characters: drawn }]).unwrap();
    act(&mut g, Command::DraftKeep { seat: p1, character: "scout".into() }).unwrap();
    // Player 2 may also just say which character they kept.
    let err = act(&mut g, Command::DraftKeep { seat: p2, character: "scout".into() }).unwrap_err();
    assert_eq!(err.code, Code::NotAllowed, "the Scout is already taken");
    act(&mut g, Command::DraftKeep { seat: p2, character: "pilot".into() }).unwrap();
    let s = state(&g);
    assert_eq!(c().data.characters[s.seats[p1].character.unwrap().0 as usize].key, "scout");
    assert_eq!(c().data.characters[s.seats[p2].character.unwrap().0 as usize].key, "pilot");
    assert_eq!(s.phase, Phase::Player);
}

#[test]
fn step_18_every_character_starts_awake_in_the_hibernatorium() {
    // p. 8 step 18 B: each miniature goes in the Hibernatorium (location 11).
    for players in 1..=5 {
        let g = started(players, 40 + players as u64);
        for (seat, x) in state(&g).seats.iter() {
            assert_eq!(x.location, Location(11), "p. 8: seat {} starts in the Hibernatorium", seat.0);
            assert_eq!(x.life, Life::Awake);
            assert!(x.character.is_some(), "every seat drafted a character");
            assert_eq!((x.light_wounds, x.serious.len(), x.slime, x.larva), (0, 0, false, false), "nobody starts hurt");
            assert!(x.contamination.is_empty(), "nobody starts contaminated");
        }
    }
}

#[test]
fn step_19_player_1_takes_the_first_player_token() {
    // p. 8 step 19; p. 10: the token is not passed in the first turn.
    for seed in 0..15 {
        let g = started(4, seed);
        let s = state(&g);
        assert_eq!(s.seats[s.first_player].number, PlayerNumber(1), "p. 8: Player 1 holds the First Player token");
        assert_eq!(s.turn_order()[0], s.first_player, "turn order starts with the first player");
        assert!(s.public_view().seats[s.first_player.0 as usize].first_player);
        assert_eq!(s.turn, 1, "play starts at turn 1");
    }
}

#[test]
fn play_begins_after_the_draft_with_every_hand_at_five_cards() {
    // p. 10 step 1: at the start of each Player Phase every player draws up to 5 cards.
    let g = started(3, 2);
    let s = state(&g);
    assert_eq!(s.phase, Phase::Player);
    assert!(s.seats.iter().all(|(_, x)| x.hand == 5), "p. 10: every hand holds 5 cards in the first turn");
}

#[test]
fn commands_of_play_are_refused_before_the_draft_is_over() {
    // p. 8: the game starts only after the crew setup.
    let mut g = set_up(options(2), 3);
    let before = state(&g).clone();
    for cmd in [Command::EndPlayerPhase, Command::Encounter { seat: Seat(0) }, Command::CheckEngine { seat: Seat(0), engine: EngineNumber(1) }] {
        let err = act(&mut g, cmd).expect_err("no play before the draft ends");
        assert_eq!(err.code, Code::WrongPhase);
    }
    assert_eq!(state(&g), &before, "the refusals changed nothing");
}

#[test]
fn setup_is_done_once_and_only_by_the_table_screen() {
    let mut g = Game::new(Fate::seeded(1));
    let err = g
        .submit(Actor::Seat(Seat(0)), Request::Do { command: Command::SetUp(options(2)), entered: vec![] })
        .expect_err("a player's phone cannot set up the game");
    assert_eq!(err.code, Code::NotYourSeat);
    assert!(g.state().is_none());
    act(&mut g, Command::SetUp(options(2))).unwrap();
    let before = state(&g).clone();
    assert_eq!(act(&mut g, Command::SetUp(options(3))).unwrap_err().code, Code::WrongPhase, "a game is set up only once");
    assert_eq!(state(&g), &before);
}

// ---------------------------------------------------------------- bad setup input

#[test]
fn bad_setup_zero_or_six_players_is_refused_and_nothing_changes() {
    // p. 6: Nemesis is for 1 to 5 players.
    assert_eq!(refused_setup(opts(0, Mode::Standard, Component::ALL.to_vec())).code, Code::BadSetup, "0 players");
    assert_eq!(refused_setup(opts(0, Mode::Solo, handled_but(&[Component::Objectives]))).code, Code::BadSetup, "solo with 0 players");
    assert_eq!(refused_setup(opts(6, Mode::Standard, Component::ALL.to_vec())).code, Code::BadSetup, "6 players");
    assert_eq!(refused_setup(opts(1, Mode::Standard, Component::ALL.to_vec())).code, Code::BadSetup, "a standard game needs 2+");
}

#[test]
fn bad_setup_empty_or_overlong_names_are_refused() {
    for bad in ["", "   ", "\t", &"x".repeat(41), "bad\nname"] {
        let mut o = options(2);
        o.players[1] = bad.to_string();
        assert_eq!(refused_setup(o).code, Code::BadSetup, "name {bad:?} is refused");
    }
    let mut o = options(2);
    o.players[0] = "  Ripley  ".into();
    let g = set_up(o, 1);
    assert_eq!(state(&g).seats[Seat(0)].name, "Ripley", "names are trimmed");
}

#[test]
fn bad_setup_solo_mode_with_two_players_is_refused() {
    // p. 27: solo is one player alone.
    assert_eq!(refused_setup(opts(2, Mode::Solo, handled_but(&[Component::Objectives]))).code, Code::BadSetup);
}

#[test]
fn bad_setup_more_infected_cards_than_the_27_contamination_cards_is_refused() {
    let mut o = options(2);
    o.infected_cards = Some(28);
    assert_eq!(refused_setup(o).code, Code::BadSetup, "only 27 Contamination cards exist (p. 2)");
}

#[test]
fn bad_setup_player_numbers_not_1_to_n_each_once_are_refused() {
    // p. 8 step 14: 3 players hold Help cards 1-3.
    for bad in [vec![1, 2], vec![1, 2, 4], vec![0, 1, 2], vec![1, 1, 2], vec![1, 2, 3, 4]] {
        let mut o = opts(3, Mode::Standard, handled_but(&[Component::HelpCards]));
        o.player_numbers = Some(bad.clone());
        assert_eq!(refused_setup(o).code, Code::BadSetup, "player numbers {bad:?} are not 1-3 once each");
    }
}

// ---------------------------------------------------------------- objectives (pp. 8, 12)

#[test]
fn objectives_are_dealt_one_corporate_and_one_personal_privately_p8() {
    let g = started(2, 101);
    let s = state(&g);
    let c = Content::base();
    let mut all = Vec::new();
    for seat in [Seat(0), Seat(1)] {
        let dealt = &s.seats[seat].objectives;
        let kinds: Vec<ObjectiveKind> = dealt.iter().map(|o| c.data.objectives[o.0 as usize].kind).collect();
        assert_eq!(kinds, vec![ObjectiveKind::Corporate, ObjectiveKind::Personal], "1 Corporate and 1 Personal card each");
        assert!(dealt.iter().all(|o| c.data.objectives[o.0 as usize].players <= 2), "only cards for this player count");
        all.extend(dealt.iter().copied());
    }
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 4, "no card is dealt twice");

    let deal = g.entries().iter().flat_map(|e| e.events.iter()).find(|e| matches!(e, Event::ObjectivesDealt { .. })).unwrap();
    assert!(deal.is_private_reveal(), "dealing objectives shows a secret to one player");

    let public = serde_json::to_string(&s.public_view()).unwrap();
    let table_log: String = log(g.entries(), Audience::Table).into_iter().map(|l| l.text).collect::<Vec<_>>().join("\n");
    let mine: String = log(g.entries(), Audience::Seat(Seat(0))).into_iter().map(|l| l.text).collect::<Vec<_>>().join("\n");
    for o in s.seats[Seat(0)].objectives.iter().chain(&s.seats[Seat(1)].objectives) {
        let spec = &c.data.objectives[o.0 as usize];
        assert!(!public.contains(&format!("\"{}\"", spec.key)), "the table screen never names a dealt objective");
        assert!(!table_log.contains(&spec.name), "the table log never names a dealt objective ({})", spec.name);
    }
    for o in &s.seats[Seat(0)].objectives {
        assert!(mine.contains(&c.data.objectives[o.0 as usize].name), "seat 0's own log names its objectives");
    }
    for o in &s.seats[Seat(1)].objectives {
        assert!(!mine.contains(&c.data.objectives[o.0 as usize].name), "seat 0 never sees seat 1's objectives");
    }
    let view = s.seat_view(Seat(0)).unwrap();
    assert_eq!(view.objectives.len(), 2, "the seat's own view holds its two cards");
    assert!(!view.must_choose_objective, "no choice before the first Encounter");
}
