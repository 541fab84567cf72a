//! The Player Phase (pp. 9-12, 27): objectives kept after the first Encounter and the first dead
//! player taking the Intruders.

use crate::common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::Content;
use nemesis_engine::event::Event;
use nemesis_engine::ids::*;
use nemesis_engine::log::{log, Audience};
use nemesis_engine::state::*;
use nemesis_engine::view::ObjectiveStatus;
use nemesis_engine::{Code, Request};

#[test]
fn only_the_first_player_to_lose_their_character_may_take_the_intruders_and_only_once_p27() {
    let (s, mut f) = table(4, 741);
    assert_eq!(run(&s, &mut f, Command::BecomeIntruderPlayer { seat: Seat(0) }, vec![]).unwrap_err().code, Code::NotAllowed, "nobody has died yet");
    let s = then(&s, &mut f, Command::KillCharacter { seat: Seat(2) }, vec![]);
    let s = then(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    assert_eq!(run(&s, &mut f, Command::BecomeIntruderPlayer { seat: Seat(0) }, vec![]).unwrap_err().code, Code::NotAllowed, "Seat 0 died second");
    assert_eq!(run(&s, &mut f, Command::BecomeIntruderPlayer { seat: Seat(1) }, vec![]).unwrap_err().code, Code::NotAllowed, "Seat 1 is alive");
    let a = run(&s, &mut f, Command::BecomeIntruderPlayer { seat: Seat(2) }, vec![]).expect("the first dead player takes the Intruders");
    assert!(a.events.contains(&Event::IntruderPlayerJoined { seat: Seat(2) }));
    assert_eq!(a.state.public_view().intruder_player, Some(Seat(2)));
    assert!(!a.state.public_view().intruder_player_active, "changes apply only from the next Player Phase");
    assert_eq!(run(&a.state, &mut f, Command::BecomeIntruderPlayer { seat: Seat(2) }, vec![]).unwrap_err().code, Code::NotAllowed, "only one player takes the Intruders");

    let (mut c, mut f) = coop(742);
    c = then(&c, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    assert_eq!(run(&c, &mut f, Command::BecomeIntruderPlayer { seat: Seat(0) }, vec![]).unwrap_err().code, Code::NotAllowed, "not in the cooperative mode");
}

#[test]
fn when_two_characters_die_together_the_lower_player_number_takes_the_intruders_p27() {
    let (mut s, mut f) = table(3, 744);
    // Seat 0 dies first in the step's order, but seat 1 holds the lower player number.
    s.seats[Seat(0)].number = PlayerNumber(3);
    s.seats[Seat(1)].number = PlayerNumber(1);
    s.seats[Seat(2)].number = PlayerNumber(2);
    let at = s.seats[Seat(0)].location;
    let s = then(&s, &mut f, Command::PlaceCharacter { seat: Seat(1), at }, vec![]);
    let s = then(&s, &mut f, Command::Wound { seat: Seat(0), light: 0, serious: 2 }, vec![]);
    let s = then(&s, &mut f, Command::Wound { seat: Seat(1), light: 0, serious: 2 }, vec![]);
    let s = then(&s, &mut f, Command::PlaceIntruder { kind: IntruderKind::Breeder, at }, vec![]);
    let id = s.intruders.last().unwrap().id;
    // Frenzy: everyone in the room with 2 or more Serious Wounds dies (p. 20).
    let a = ok(&s, &mut f, Command::AttackCharacter { id, target: Some(Seat(0)) }, vec![Entered::AttackCard { key: "frenzy".into(), blood: None }]);
    let died: Vec<Seat> = a.events.iter().filter_map(|e| if let Event::CharacterDied { seat, .. } = e { Some(*seat) } else { None }).collect();
    assert_eq!(died, vec![Seat(0), Seat(1)], "both die in the one attack, seat 0 first");
    assert_eq!(a.state.first_dead, Some(Seat(1)), "the lower player number counts as the first death");
    assert_eq!(run(&a.state, &mut f, Command::BecomeIntruderPlayer { seat: Seat(0) }, vec![]).unwrap_err().code, Code::NotAllowed);
    run(&a.state, &mut f, Command::BecomeIntruderPlayer { seat: Seat(1) }, vec![]).expect("player 1 takes the Intruders");
}

#[test]
fn objective_choice_is_refused_before_the_first_encounter_p12() {
    let (s, mut f) = table(2, 102);
    let key = objective_key(s.seats[Seat(0)].objectives[0]);
    let err = refused(&s, &mut f, Command::ChooseObjective { seat: Seat(0), objective: Some(key) }, vec![]);
    assert_eq!(err.code, Code::WrongPhase, "objectives are chosen at the first Encounter, not before");
    assert!(!err.reason.is_empty());
}

#[test]
fn first_encounter_makes_each_player_choose_one_of_their_two_objectives_privately_p12() {
    let mut g = started_with(physical(2, &[Component::IntruderBag]), 103);
    act_with(&mut g, Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Larva, back: None }]).unwrap();
    let s = state(&g).clone();
    assert!(s.first_encounter, "the first Intruder on the board is the first Encounter");
    assert!(s.seat_view(Seat(1)).unwrap().must_choose_objective, "every player must now choose");
    assert!(s.public_view().seats.iter().all(|p| p.objective == ObjectiveStatus::MustChoose), "the table sees who must choose");

    let other = objective_key(s.seats[Seat(1)].objectives[0]);
    let err = g
        .submit(Actor::Seat(Seat(0)), Request::Do { command: Command::ChooseObjective { seat: Seat(0), objective: Some(other) }, entered: vec![] })
        .unwrap_err();
    assert_eq!(err.code, Code::NotAllowed, "only one of the two objectives dealt to this player");

    let mine = s.seats[Seat(0)].objectives[1];
    g.submit(Actor::Seat(Seat(0)), Request::Do { command: Command::ChooseObjective { seat: Seat(0), objective: Some(objective_key(mine)) }, entered: vec![] })
        .expect("a player chooses for themself from their own device");
    assert_eq!(state(&g).seats[Seat(0)].objective, ObjectiveChoice::Chosen(Some(mine)), "the chosen card is kept");
    assert_eq!(state(&g).seat_view(Seat(0)).unwrap().chosen_objective.map(|o| o.card.key), Some(objective_key(mine)));

    let again = g
        .submit(Actor::Seat(Seat(0)), Request::Do { command: Command::ChooseObjective { seat: Seat(0), objective: Some(objective_key(mine)) }, entered: vec![] })
        .unwrap_err();
    assert_eq!(again.code, Code::NotAllowed, "the choice is made once");

    let table_log = log(g.entries(), Audience::Table);
    let last = table_log.last().unwrap();
    assert_eq!(last.key, "objective_chosen", "the table hears that a choice was made");
    assert!(!last.text.contains(&Content::base().data.objectives[mine.0 as usize].name), "but not which card: {}", last.text);
    assert_eq!(state(&g).public_view().seats[0].objective, ObjectiveStatus::Chosen);
    assert_eq!(state(&g).public_view().seats[0].revealed_objective, None, "the choice stays secret until the end");
}

// ---------------------------------------------------------------- basic Actions say their physical part (issue 31, item 4)

#[test]
fn a_search_says_which_item_deck_and_how_many_cards_p23() {
    use nemesis_engine::content::RoomColour;
    let (mut s, mut f) = table(2, 2301);
    let armory = stand_in(&mut s, Seat(0), "armory");
    s.room_mut(armory).items = Some(2);
    let a = ok(&s, &mut f, Command::SearchRoom { seat: Seat(0) }, vec![]);
    assert_eq!(said_keys(&s, &a.events), ["action_taken", "items_searched", "items_set"], "the cost, the deck and the draw, then the Item counter");
    let mut st = s.clone();
    let line = a.events.iter().find_map(|e| { st.fold(e); nemesis_engine::log::describe(&st, e, Audience::Table).filter(|l| l.key == "items_searched") }).expect("the Search line");
    let deck = format!("item_deck.{}", serde_json::to_value(RoomColour::Red).unwrap().as_str().unwrap());
    assert!(matches!(line.params.get("deck"), Some(nemesis_engine::log::LogParam::Term { key, .. }) if *key == deck), "a red room: the red Item deck");
    assert!(line.text().contains("draw 2") && line.text().contains("keep 1"), "{}", line.text());

    let (mut s, mut f) = table(2, 2302);
    let cabins = stand_in(&mut s, Seat(0), "cabins");
    s.room_mut(cabins).items = Some(1);
    let a = ok(&s, &mut f, Command::SearchRoom { seat: Seat(0) }, vec![]);
    assert_eq!(said_keys(&s, &a.events), ["action_taken", "items_searched_white", "items_set"], "a white room lets the player choose the deck");
}

#[test]
fn a_failed_hibernation_is_said_to_have_failed_p26() {
    let (mut s, mut f) = table(2, 2601);
    s.time = 7;
    s.seats[Seat(1)].location = COCKPIT;
    s.seats[Seat(0)].hand = 5;
    let hib = s.seats[Seat(0)].location;
    let corridor = Content::base().board.corridor_between(hib, Location(15)).unwrap();
    s.board.noise[corridor.0 as usize] = true;
    let a = ok(&s, &mut f, Command::TryHibernate { seat: Seat(0) }, vec![Entered::Noise { face: NoiseFace::One }, Entered::Token { token: TokenKind::Larva, back: None }]);
    assert!(a.events.contains(&Event::HibernationFailed { seat: Seat(0) }));
    assert!(said_keys(&s, &a.events).contains(&"hibernation_failed".to_string()));
    let quiet = ok(&s, &mut f, Command::TryHibernate { seat: Seat(0) }, vec![Entered::Noise { face: NoiseFace::Silence }]);
    assert!(!quiet.events.contains(&Event::HibernationFailed { seat: Seat(0) }), "a quiet roll: the character hibernates");
}

#[test]
fn a_failed_escape_pod_entry_is_said_to_have_failed_p26() {
    let (mut s, mut f, section, pod) = at_section_a(2602);
    s.seats[Seat(1)].location = COCKPIT;
    s.seats[Seat(2)].location = COCKPIT;
    s.seats[Seat(0)].hand = 5;
    s = ok(&s, &mut f, Command::SetPodLock { pod, locked: false }, vec![]).state;
    let (_, corridor) = Content::base().board.neighbours(section)[0];
    s.board.noise[corridor.0 as usize] = true;
    let face = (1..=4u8).find(|n| matches!(Content::base().board.exit(section, *n), nemesis_engine::content::Exit::Corridor(c) if c == corridor)).expect("the corridor's number");
    let noise = [NoiseFace::One, NoiseFace::Two, NoiseFace::Three, NoiseFace::Four][face as usize - 1];
    let a = ok(&s, &mut f, Command::TryEnterPod { seat: Seat(0), pod }, vec![Entered::Noise { face: noise }, Entered::Token { token: TokenKind::Larva, back: None }]);
    assert!(a.events.contains(&Event::PodEntryFailed { seat: Seat(0), pod }), "{:?}", a.events);
    assert!(said_keys(&s, &a.events).contains(&"pod_entry_failed".to_string()));
    assert_eq!(a.state.seats[Seat(0)].life, Life::Awake, "still in the Evacuation Section");
}

#[test]
fn a_character_waiting_in_an_escape_pod_draws_up_to_5_at_the_start_of_the_player_phase_p10() {
    // p. 10, step 1: at the start of each Player Phase "all players" draw up to a hand of 5; a
    // character waiting in a docked Escape Pod is still on board and plays rounds (p. 26: the
    // launch at the start of their round), so their player draws like everyone else.
    let (mut s, mut f, _, pod) = at_section_a(1001);
    s = then(&s, &mut f, Command::SetPodLock { pod, locked: false }, vec![]);
    s = then(&s, &mut f, Command::TryEnterPod { seat: Seat(0), pod }, silence());
    assert_eq!(s.seats[Seat(0)].life, Life::InPod(pod), "waiting in the pod");
    s.seats[Seat(0)].hand = 1;
    s.seats[Seat(1)].hand = 0;
    let (after, _) = event_phase(s, &mut f);
    assert_eq!(after.phase, Phase::Player, "the next turn's Player Phase");
    assert_eq!(after.seats[Seat(0)].life, Life::InPod(pod), "still waiting");
    assert_eq!(after.seats[Seat(0)].hand, 5, "the waiting character's player draws up to 5 too");
    assert_eq!(after.seats[Seat(1)].hand, 5);
}

/// Craft Item (pp. 13, 23): a Basic Action of 1 card, offered in the character's round for each of
/// the four Crafted Items; the Item cards are the table's, so its hand line says which 2 to discard
/// and which card to take, and the app keeps only the card paid.
#[test]
fn crafting_an_item_is_a_basic_action_of_one_card_p13_p23() {
    use crate::room_sheet::{has_hand_line, lines_with_hands, offered, round_of};
    use nemesis_engine::event::TableTask;
    let (mut s, mut f) = table(2, 2411);
    round_of(&mut s, Seat(0));
    let crafts = offered(&s, |c| matches!(c, Command::CraftItem { .. }));
    let all: Vec<(Command, Option<u8>)> = CraftedItem::ALL.iter().map(|item| (Command::CraftItem { seat: Seat(0), item: *item }, Some(1))).collect();
    assert_eq!(crafts, all, "the Antidote, the Taser, the Flamethrower and the Molotov Cocktail, 1 card each");
    let a = ok(&s, &mut f, Command::CraftItem { seat: Seat(0), item: CraftedItem::Flamethrower }, vec![]);
    assert!(a.events.contains(&Event::TableDoes { seat: Seat(0), task: TableTask::CraftItem { item: CraftedItem::Flamethrower } }));
    assert_eq!(a.state.seats[Seat(0)].hand, 4, "1 Action card paid (p. 13)");
    assert_eq!(a.state.rounds.actions, 1, "one of the round's two Actions");
    assert!(lines_with_hands(&a).contains(&"item_crafted".to_string()) && has_hand_line("item_crafted"));
    // A seat's Action: its phone sends it in its own round (p. 12), as the table may.
    use nemesis_engine::catalogue::{may_send, Sender};
    assert!(may_send(&Command::CraftItem { seat: Seat(0), item: CraftedItem::Taser }, Sender::Round));
}
