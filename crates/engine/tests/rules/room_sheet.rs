//! The Room sheet's Actions about the crew's own things (pp. 24–25): what each offers (through
//! `offers`), the state after, and the hand line for each piece the table holds.

use crate::common::*;

use nemesis_engine::command::{Command, Treatment};
use nemesis_engine::event::{Event, TableTask};
use nemesis_engine::ids::*;
use nemesis_engine::log::{describe, Audience};
use nemesis_engine::offers::offers;
use nemesis_engine::state::*;
use nemesis_engine::{Applied, Fate};
use std::collections::BTreeMap;

/// The seat's round, with a full hand: what `offers` answers for.
pub fn round_of(s: &mut State, seat: Seat) {
    s.rounds.turn_of = Some(seat);
    s.rounds.started = true;
    s.rounds.actions = 0;
    s.rounds.passed.retain(|x| *x != seat);
    s.seats[seat].hand = 5;
}

/// The commands offered now, those `keep` picks.
pub fn offered(s: &State, keep: impl Fn(&Command) -> bool) -> Vec<(Command, Option<u8>)> {
    offers(s).into_iter().filter(|o| keep(&o.command)).map(|o| (o.command, o.cost)).collect()
}

fn catalogue() -> BTreeMap<String, String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui/src/locales/en.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("en.json")).expect("en.json parses")
}

/// The keys of the outcome's log lines for the table.
pub fn lines_with_hands(a: &Applied) -> Vec<String> {
    let keys: Vec<String> = a.events.iter().filter_map(|e| describe(&a.state, e, Audience::Table)).map(|l| l.key.to_string()).collect();
    keys
}

pub fn has_hand_line(key: &str) -> bool {
    catalogue().contains_key(&format!("hint.{key}"))
}

#[test]
fn treat_wounds_is_refused_with_an_intruder_or_a_malfunction_in_the_emergency_room_and_the_hand_stays_p24() {
    // p. 24: no Room Action in Combat (an Intruder in the room, p. 19) nor with a Malfunction marker.
    let treat = Command::TreatWounds { seat: Seat(0), treatment: Treatment::HealLight };
    let (mut s, mut f) = table(2, 2402);
    let at = stand_in(&mut s, Seat(0), "emergency_room");
    s.seats[Seat(0)].light_wounds = 1;
    round_of(&mut s, Seat(0));
    let strict = |s: &State, f: &mut Fate| nemesis_engine::apply(Some(s), f, nemesis_engine::Actor::Table, &treat, &[]);
    assert!(strict(&s, &mut f).is_ok(), "allowed in a working room without Intruders");
    let mut fire = s.clone();
    fire.room_mut(at).fire = true;
    assert!(strict(&fire, &mut f).is_ok(), "p. 17: a Fire marker does not stop a Room Action");
    let mut broken = s.clone();
    broken.room_mut(at).malfunction = true;
    let r = strict(&broken, &mut f).expect_err("a Malfunction stops it");
    assert_eq!(r.key, "a_malfunction_in_the_room_stops_its_action");
    let mut fight = s.clone();
    add_intruder(&mut fight, IntruderKind::Adult, at);
    let r = strict(&fight, &mut f).expect_err("an Intruder in the room stops it");
    assert_eq!(r.key, "room_actions_are_not_possible_in_combat");
    for refused_in in [&broken, &fight] {
        assert_eq!(refused_in.seats[Seat(0)].hand, 5, "a refusal takes no card");
        assert!(offered(refused_in, |c| matches!(c, Command::TreatWounds { .. })).is_empty(), "nor is it offered");
    }
    assert_eq!(offered(&s, |c| matches!(c, Command::TreatWounds { .. })), vec![(treat.clone(), Some(2))], "only the treatment there is something for");
}

#[test]
fn the_generic_room_action_is_refused_in_the_emergency_room_and_never_offered_p24() {
    let (mut s, mut f) = table(2, 2403);
    stand_in(&mut s, Seat(0), "emergency_room");
    s.seats[Seat(0)].light_wounds = 1;
    round_of(&mut s, Seat(0));
    let r = nemesis_engine::apply(Some(&s), &mut f, nemesis_engine::Actor::Table, &Command::RoomAction { seat: Seat(0) }, &[]).expect_err("its own command");
    assert_eq!(r.key, "this_room_s_action_has_its_own_command");
    assert_eq!(s.seats[Seat(0)].hand, 5);
    for room in ["armory", "storage", "command_center", "hatch_control_system"] {
        let (mut s, _) = table(2, 2404);
        stand_in(&mut s, Seat(0), room);
        round_of(&mut s, Seat(0));
        assert!(offered(&s, |c| matches!(c, Command::RoomAction { .. })).is_empty(), "{room}: its own command is offered instead");
    }
}

#[test]
fn the_armory_recharges_an_energy_weapon_for_2_cards_and_tells_the_table_the_ammo_p24() {
    let (mut s, mut f) = table(2, 2405);
    round_of(&mut s, Seat(0));
    assert!(offered(&s, |c| matches!(c, Command::RechargeWeapon { .. })).is_empty(), "only in the Armory");
    stand_in(&mut s, Seat(0), "armory");
    assert_eq!(offered(&s, |c| matches!(c, Command::RechargeWeapon { .. })), vec![(Command::RechargeWeapon { seat: Seat(0) }, Some(2))]);
    let a = ok(&s, &mut f, Command::RechargeWeapon { seat: Seat(0) }, vec![]);
    assert!(a.events.contains(&Event::ActionTaken { seat: Seat(0), cards: 2 }));
    assert!(a.events.contains(&Event::TableDoes { seat: Seat(0), task: TableTask::RechargeEnergyWeapon }));
    let keys = lines_with_hands(&a);
    assert!(keys.contains(&"weapon_recharged".to_string()) && has_hand_line("weapon_recharged"), "the hand line says where the 2 Ammo go: {keys:?}");
}

#[test]
fn the_storage_draws_from_the_item_deck_the_player_chooses_p24() {
    let (mut s, mut f) = table(2, 2406);
    stand_in(&mut s, Seat(0), "storage");
    round_of(&mut s, Seat(0));
    let decks: Vec<(Command, Option<u8>)> = offered(&s, |c| matches!(c, Command::SearchStorage { .. }));
    assert_eq!(decks, ItemDeck::ALL.iter().map(|d| (Command::SearchStorage { seat: Seat(0), deck: *d }, Some(2))).collect::<Vec<_>>(), "red, yellow or green");
    let a = ok(&s, &mut f, Command::SearchStorage { seat: Seat(0), deck: ItemDeck::Green }, vec![]);
    assert!(a.events.contains(&Event::TableDoes { seat: Seat(0), task: TableTask::DrawFromStorage { deck: ItemDeck::Green } }));
    assert_eq!(a.state.room(s.seats[Seat(0)].location).items, s.room(s.seats[Seat(0)].location).items, "not a Search: the room's Item counter stays");
    assert!(lines_with_hands(&a).contains(&"storage_draw".to_string()) && has_hand_line("storage_draw"));
}

#[test]
fn the_command_center_opens_and_closes_any_mix_of_one_rooms_doors_p25() {
    let (mut s, mut f) = table(2, 2407);
    let here = stand_in(&mut s, Seat(0), "command_center");
    round_of(&mut s, Seat(0));
    let c = nemesis_engine::Content::base();
    let far = c.board.locations().find(|l| *l != here && c.board.neighbours(*l).len() >= 2).expect("a room with two corridors");
    let doors: Vec<CorridorId> = c.board.neighbours(far).into_iter().map(|(_, k)| k).collect();
    for d in &doors {
        s.board.doors[d.0 as usize] = DoorState::Open;
    }
    // The offer: the character's own room, every Door of it closed; the form chooses any room.
    let own: Vec<CorridorId> = c.board.neighbours(here).into_iter().map(|(_, k)| k).collect();
    assert_eq!(offered(&s, |c| matches!(c, Command::CommandDoors { .. })).len(), 1);
    // Any 1 room and a mix: the first Door closes, the others stay open.
    let a = ok(&s, &mut f, Command::CommandDoors { seat: Seat(0), room: far, closed: vec![doors[0]] }, vec![]);
    assert_eq!(a.state.board.doors[doors[0].0 as usize], DoorState::Closed);
    assert!(doors[1..].iter().all(|d| a.state.board.doors[d.0 as usize] == DoorState::Open));
    assert!(a.events.contains(&Event::ActionTaken { seat: Seat(0), cards: 2 }));
    assert!(lines_with_hands(&a).iter().any(|k| k.starts_with("door")), "a Door line");
    assert!(has_hand_line("door_changed"));
    // Nothing would change: refused, no card paid.
    let r = run(&a.state, &mut f, Command::CommandDoors { seat: Seat(0), room: far, closed: vec![doors[0]] }, vec![]).expect_err("nothing to do");
    assert_eq!(r.key, "every_door_of_that_room_is_already_so");
    // A corridor of another room is not this room's.
    let stranger = own.iter().find(|k| !doors.contains(k)).copied().expect("a corridor elsewhere");
    let r = run(&s, &mut f, Command::CommandDoors { seat: Seat(0), room: far, closed: vec![stranger] }, vec![]).expect_err("not that room's");
    assert_eq!(r.key, "choose_only_doors_in_the_corridors_of_that_room");
}

#[test]
fn the_hatch_control_system_turns_one_pod_to_locked_or_unlocked_p25() {
    let (mut s, mut f) = table(2, 2408);
    stand_in(&mut s, Seat(0), "hatch_control_system");
    round_of(&mut s, Seat(0));
    let pods: Vec<(PodNumber, bool)> = s.pods.iter().map(|p| (p.number, p.locked)).collect();
    let expected: Vec<(Command, Option<u8>)> = pods.iter().map(|(pod, locked)| (Command::HatchControl { seat: Seat(0), pod: *pod, locked: !locked }, Some(2))).collect();
    assert_eq!(offered(&s, |c| matches!(c, Command::HatchControl { .. })), expected, "each pod, to its other side");
    let (pod, locked) = pods[0];
    let a = ok(&s, &mut f, Command::HatchControl { seat: Seat(0), pod, locked: !locked }, vec![]);
    assert_eq!(a.state.pod(pod).map(|p| p.locked), Some(!locked));
    let keys = lines_with_hands(&a);
    let key = if locked { "pod_unlocked" } else { "pod_locked" };
    assert!(keys.contains(&key.to_string()) && has_hand_line(key), "{keys:?}");
}

#[test]
fn fire_control_is_offered_only_for_rooms_with_fire_or_intruders_p24() {
    let (mut s, _) = table(2, 2409);
    stand_in(&mut s, Seat(0), "fire_control_system");
    round_of(&mut s, Seat(0));
    let c = nemesis_engine::Content::base();
    let burning = c.board.locations().find(|l| *l != s.seats[Seat(0)].location).expect("another room");
    s.room_mut(burning).fire = true;
    let rooms: Vec<Command> = offered(&s, |c| matches!(c, Command::FireControl { .. })).into_iter().map(|(c, _)| c).collect();
    let with: Vec<Location> = c.board.locations().filter(|l| s.room(*l).fire || s.intruders_at(*l).next().is_some()).collect();
    assert_eq!(rooms, with.iter().map(|r| Command::FireControl { seat: Seat(0), room: *r }).collect::<Vec<_>>());
}

#[test]
fn fire_control_on_a_room_without_fire_says_only_its_intruders_run_away_p24() {
    // p. 24: the procedure may be used on a room without Fire, just to chase its Intruders out;
    // its line says what it finds there, never a Fire going out that was not there.
    let c = nemesis_engine::Content::base();
    let cases = [(false, true, "fire_control_no_fire"), (true, false, "fire_control_fire_only"), (true, true, "fire_control")];
    for (fire, intruder, key) in cases {
        let (mut s, mut f) = table(2, 2410);
        stand_in(&mut s, Seat(0), "fire_control_system");
        let room = c.board.locations().find(|l| *l != s.seats[Seat(0)].location && s.intruders_at(*l).next().is_none()).expect("another room");
        s.room_mut(room).fire = fire;
        if intruder {
            add_intruder(&mut s, IntruderKind::Adult, room);
        }
        // One Event card for the Intruder's run, when there is one.
        let entered = if intruder { vec![event_card("damaging_fire")] } else { vec![] };
        let a = ok(&s, &mut f, Command::FireControl { seat: Seat(0), room }, entered);
        assert_eq!(a.events.contains(&Event::FireRemoved { at: room }), fire, "{key}: a Fire goes out only where there was one");
        let keys = said_keys(&s, &a.events);
        assert!(keys.contains(&key.to_string()), "fire {fire}, intruder {intruder}: the line is {key}: {keys:?}");
    }
}

// ---------------------------------------------------------------- the review's findings (issue 31)

fn event_card(key: &str) -> nemesis_engine::command::Entered {
    nemesis_engine::command::Entered::EventCard { key: key.into() }
}

#[test]
fn fire_control_moves_the_intruders_of_one_room_at_once_so_a_closed_door_stops_them_all_p17_p24() {
    // p. 24: every Intruder in the chosen room runs away, 1 Event card each. p. 17: Intruders moving
    // from the same room move at once: a Closed Door they try is destroyed and they all stay; the
    // second does not walk through the Door the first broke.
    use nemesis_engine::content::{Content, Exit};
    let (mut s, mut f) = table(2, 3130);
    let here = stand_in(&mut s, Seat(0), "fire_control_system");
    let board = &Content::base().board;
    let (room, two, three) = board
        .locations()
        .filter(|l| *l != here)
        .find_map(|l| match (board.exit(l, 2), board.exit(l, 3)) {
            (Exit::Corridor(a), Exit::Corridor(b)) if a != b && board.corridors[a.0 as usize].other_end(l) != here && board.corridors[b.0 as usize].other_end(l) != here => Some((l, a, b)),
            _ => None,
        })
        .expect("a room with two corridors away from the Fire Control System");
    s.board.doors[two.0 as usize] = DoorState::Closed;
    add_intruder(&mut s, IntruderKind::Adult, room);
    add_intruder(&mut s, IntruderKind::Adult, room);
    let procedure = Command::FireControl { seat: Seat(0), room };
    // Both draw corridor 2 (Hunt and Damage): one Door destroyed, both stay.
    let a = ok(&s, &mut f, procedure.clone(), vec![event_card("hunt_2"), event_card("damage")]);
    assert!(a.state.intruders.iter().all(|i| i.at == room), "both stay behind the Door they broke");
    assert_eq!(a.state.board.doors[two.0 as usize], DoorState::Destroyed);
    assert_eq!(a.events.iter().filter(|e| matches!(e, Event::DoorChanged { .. })).count(), 1, "the Door is destroyed once");
    assert_eq!(a.events.iter().filter(|e| matches!(e, Event::EventCardDiscarded { .. })).count(), 2, "one Event card each, discarded");
    // Corridors 2 and 3: the one at the Closed Door breaks it and stays, the other goes through 3.
    let b = ok(&s, &mut f, procedure, vec![event_card("hunt_2"), event_card("hunt_3")]);
    let beyond = board.corridors[three.0 as usize].other_end(room);
    let mut at: Vec<Location> = b.state.intruders.iter().map(|i| i.at).collect();
    at.sort();
    let mut want = vec![room, beyond];
    want.sort();
    assert_eq!(at, want);
    assert_eq!(b.state.board.doors[two.0 as usize], DoorState::Destroyed);
}

#[test]
fn the_command_center_sets_the_doors_chosen_even_with_no_door_token_left_in_the_pool_p17_p25() {
    // p. 25: any 1 room, its Doors closed or opened as chosen. p. 17: with no Door token left in
    // the pool, one is taken from elsewhere on the board; never one of the Doors the same Action
    // sets, or it would undo its own choice.
    use nemesis_engine::content::Content;
    let (mut s, mut f) = table(2, 3131);
    let here = stand_in(&mut s, Seat(0), "command_center");
    let content = Content::base();
    let room = content.board.locations().filter(|l| *l != here).find(|l| content.board.neighbours(*l).len() >= 2).expect("a room with 2 corridors");
    let mut mine: Vec<CorridorId> = content.board.neighbours(room).into_iter().map(|(_, c)| c).collect();
    mine.sort_by_key(|c| c.0);
    let (kept, closing) = (mine[0], mine[1]);
    // The lowest-numbered token on the board is this room's own Closed Door; every other token lies
    // elsewhere, after it: the pool is empty.
    s.board.doors[kept.0 as usize] = DoorState::Closed;
    let pool = content.data.pools.doors;
    let others: Vec<usize> = (kept.0 as usize + 1..s.board.doors.len()).filter(|i| !mine.contains(&CorridorId(*i as u8))).take(usize::from(pool) - 1).collect();
    assert_eq!(others.len(), usize::from(pool) - 1);
    for i in &others {
        s.board.doors[*i] = DoorState::Closed;
    }
    assert_eq!(s.doors_in_use(), pool, "no Door token left in the pool");
    let a = ok(&s, &mut f, Command::CommandDoors { seat: Seat(0), room, closed: vec![kept, closing] }, vec![]);
    assert_eq!(a.state.board.doors[kept.0 as usize], DoorState::Closed, "the Door chosen Closed stays Closed");
    assert_eq!(a.state.board.doors[closing.0 as usize], DoorState::Closed, "and the other chosen is closed");
    assert_eq!(others.iter().filter(|i| a.state.board.doors[**i] == DoorState::Open).count(), 1, "its token came from elsewhere");
    assert_eq!(a.state.doors_in_use(), pool);
}

#[test]
fn the_monitoring_room_with_its_tiles_at_the_table_is_offered_and_says_what_the_player_looks_at_p25() {
    // p. 25: secretly look at any 1 unexplored room's tile and Exploration token. When those are
    // the table's, the app cannot show them: the Action is still offered for each unexplored room,
    // takes its 2 cards, and the hand line says what the player does (issue 31: it was refused,
    // so the round panel did not offer it at all).
    let (mut s, mut f) = table(2, 2503);
    s.config.handled.retain(|c| *c != Component::RoomTiles);
    stand_in(&mut s, Seat(0), "monitoring_room");
    round_of(&mut s, Seat(0));
    let unexplored = s.board.rooms.iter().filter(|r| !r.explored).count();
    let peeks = offered(&s, |c| matches!(c, Command::PeekRoom { .. }));
    assert_eq!(peeks.len(), unexplored, "each unexplored room");
    assert!(peeks.iter().all(|(_, cost)| *cost == Some(2)), "a Room Action: 2 cards");
    let a = ok(&s, &mut f, peeks[0].0.clone(), vec![]);
    assert_eq!(a.state.seats[Seat(0)].hand, 3);
    let keys = lines_with_hands(&a);
    assert!(keys.contains(&"room_peeked_at_table".to_string()) && has_hand_line("room_peeked_at_table"), "{keys:?}");
    assert!(!a.events.iter().any(|e| e.is_private_reveal()), "nothing the app could show");
}

#[test]
fn the_surgerys_own_light_wound_is_not_called_the_passs_harm_p25() {
    // p. 25: the Surgery gives 1 Light Wound and the player passes. Its offer warns that the round
    // ends; the pass's harm is only what the round's end brings (Fire, Bleeding), none here.
    let (mut s, mut f) = table(2, 2504);
    s = ok(&s, &mut f, Command::GiveContamination { seat: Seat(0), count: 1 }, vec![]).state;
    stand_in(&mut s, Seat(0), "surgery");
    round_of(&mut s, Seat(0));
    let surgery = offers(&s).into_iter().find(|o| matches!(o.command, Command::ScanContamination { procedure: nemesis_engine::command::ScanProcedure::Surgery, .. })).expect("offered");
    assert!(surgery.ends_round, "the round ends as a pass");
    assert_eq!(surgery.pass_harm, None, "its Light Wound is the Surgery's, not the pass's");
    let at = s.seats[Seat(0)].location;
    s.room_mut(at).fire = true;
    let surgery = offers(&s).into_iter().find(|o| matches!(o.command, Command::ScanContamination { procedure: nemesis_engine::command::ScanProcedure::Surgery, .. })).expect("offered");
    assert!(surgery.pass_harm.is_some() && surgery.harm_from == vec![nemesis_engine::offers::HarmFrom::Fire], "with Fire in the room, the round's end wounds");
}
