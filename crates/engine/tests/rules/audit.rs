//! Scenario tests for the errors found by the rules review (issue 17): each names the rule and
//! cites the page of the English manual. They arrange a real game (set up through the draft) by
//! editing a copy of its state, then apply one command with `rules::apply`, forcing random
//! outcomes with entered results.


use crate::common::*;

use nemesis_engine::command::{Command, EggAttempt, Entered, Weapon};
use nemesis_engine::content::{Blood, Content};
use nemesis_engine::event::Event;
use nemesis_engine::ids::*;
use nemesis_engine::state::*;
use nemesis_engine::{apply, Applied, Code, Fate, Rejection};

const HIB: Location = Location(11);

fn run(s: &State, fate: &mut Fate, command: Command, entered: Vec<Entered>) -> Result<Applied, Rejection> {
    crate::common::run(s, fate, command, entered)
}

fn refused(s: &State, fate: &mut Fate, command: Command, entered: Vec<Entered>) -> Rejection {
    let what = format!("{command:?}");
    match run(s, fate, command, entered) {
        Ok(a) => panic!("{what} should be refused, was accepted: {:?}", a.events),
        Err(r) => r,
    }
}

/// An intruder miniature placed by hand (no token), after the first Encounter.
fn add_intruder(s: &mut State, kind: IntruderKind, at: Location) -> IntruderId {
    let id = IntruderId(s.next_intruder);
    s.next_intruder += 1;
    s.intruders.push(Intruder { id, kind, at, injuries: 0, token: None });
    s.first_encounter = true;
    id
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

fn combat(face: CombatFace) -> Entered {
    Entered::Combat { face }
}

fn card_with(key: &str, blood: Blood) -> Entered {
    Entered::AttackCard { key: key.into(), blood: Some(blood) }
}

fn injuries_dealt(events: &[Event]) -> Option<u8> {
    events.iter().find_map(|e| match e {
        Event::CharacterAttacked { injuries, .. } => Some(*injuries),
        _ => None,
    })
}


// ---------------------------------------------------------------- E1, E13: Weaknesses in combat (pp. 21–22)

#[test]
fn vital_places_makes_a_blank_die_one_hit_on_an_adult_in_melee_and_shoot_p21_p22() {
    let (mut s, mut f) = table(2, 1701);
    let id = add_intruder(&mut s, IntruderKind::Adult, HIB);
    know_weakness(&mut s, "vital_places");
    let a = ok(&s, &mut f, Command::MeleeAttack { seat: Seat(0), id }, vec![combat(CombatFace::Miss), card_with("scratch", Blood::Endurance(6))]);
    assert_eq!(injuries_dealt(&a.events), Some(1), "a blank against an Adult is one hit with Vital Places known");
    assert!(a.events.iter().any(|e| matches!(e, Event::EnduranceChecked { .. })), "the hit goes to the Injury check");
    assert!(!a.events.iter().any(|e| matches!(e, Event::SeriousWoundDrawn { .. })), "a hit costs the attacker no Serious Wound");
    let a = ok(&s, &mut f, Command::Shoot { seat: Seat(0), id, energy: false, weapon: None }, vec![combat(CombatFace::Miss), card_with("scratch", Blood::Endurance(6))]);
    assert_eq!(injuries_dealt(&a.events), Some(1), "Shoot: a blank against an Adult is one hit");
}

#[test]
fn vital_places_changes_nothing_against_other_intruders_p21_p22() {
    let (mut s, mut f) = table(2, 1702);
    let id = add_intruder(&mut s, IntruderKind::Creeper, HIB);
    know_weakness(&mut s, "vital_places");
    let a = ok(&s, &mut f, Command::MeleeAttack { seat: Seat(0), id }, vec![combat(CombatFace::Miss)]);
    assert_eq!(injuries_dealt(&a.events), Some(0));
    assert_eq!(a.state.seats[Seat(0)].serious.len(), 1, "a Melee miss against a Creeper still costs a Serious Wound");
}

#[test]
fn vulnerability_to_energy_adds_one_injury_to_an_energy_weapon_hit_p21_p22() {
    let (mut s, mut f) = table(2, 1703);
    let id = add_intruder(&mut s, IntruderKind::Adult, HIB);
    know_weakness(&mut s, "vulnerability_to_energy");
    let blood = card_with("scratch", Blood::Endurance(6));
    let a = ok(&s, &mut f, Command::Shoot { seat: Seat(0), id, energy: true, weapon: None }, vec![combat(CombatFace::Hit), blood.clone()]);
    assert_eq!(injuries_dealt(&a.events), Some(2), "an Energy weapon's hit deals 1 more");
    let a = ok(&s, &mut f, Command::Shoot { seat: Seat(0), id, energy: false, weapon: None }, vec![combat(CombatFace::Hit), blood.clone()]);
    assert_eq!(injuries_dealt(&a.events), Some(1), "a Classic weapon's hit is unchanged");
    let a = ok(&s, &mut f, Command::Shoot { seat: Seat(0), id, energy: true, weapon: None }, vec![combat(CombatFace::Miss)]);
    assert_eq!(injuries_dealt(&a.events), Some(0), "a miss stays a miss");
}

// ---------------------------------------------------------------- E2: Room Actions need their room (pp. 17, 24–26)

fn explored(s: &mut State, key: &str) -> Location {
    let at = explored_room_of(s, key);
    at
}

fn engine_room(n: u8) -> Location {
    Content::base().engine_location(EngineNumber(n)).expect("the board has the Engine rooms")
}

#[test]
fn cockpit_actions_need_the_character_in_the_working_cockpit_out_of_combat_p24_p26_p17() {
    let (mut s, mut f) = table(2, 1710);
    let cockpit = Content::base().location_of_kind(nemesis_engine::content::LocationKind::Cockpit);
    let set = |seat| Command::SetDestination { seat, letter: DestinationLetter::C };
    assert_eq!(refused(&s, &mut f, set(Seat(0)), vec![]).key, "the_character_must_be_in_the_room_for_that", "from the Hibernatorium");
    assert_eq!(refused(&s, &mut f, Command::CheckCoordinates { seat: Seat(0) }, vec![]).key, "the_character_must_be_in_the_room_for_that");
    s.seats[Seat(0)].location = cockpit;
    s.room_mut(cockpit).malfunction = true;
    assert_eq!(refused(&s, &mut f, set(Seat(0)), vec![]).key, "a_malfunction_in_the_room_stops_its_action", "p. 17: a Malfunction disables even special rooms");
    s.room_mut(cockpit).malfunction = false;
    ok(&s, &mut f, set(Seat(0)), vec![]);
    ok(&s, &mut f, Command::CheckCoordinates { seat: Seat(0) }, vec![]);
}

#[test]
fn generator_comms_lab_and_monitoring_actions_need_their_room_p24_p25() {
    let (mut s, mut f) = table(2, 1711);
    let generator = explored(&mut s, "generator");
    let comms = explored(&mut s, "comms_room");
    assert_eq!(refused(&s, &mut f, Command::StartSelfDestruct { seat: Seat(0) }, vec![]).key, "the_character_must_be_in_the_room_for_that");
    assert_eq!(refused(&s, &mut f, Command::SendSignal { seat: Seat(0) }, vec![]).key, "the_character_must_be_in_the_room_for_that");
    assert_eq!(refused(&s, &mut f, Command::Research { seat: Seat(0), object: ResearchObject::IntruderEgg }, vec![]).key, "the_character_must_be_in_the_room_for_that");
    assert_eq!(refused(&s, &mut f, Command::PeekRoom { seat: Seat(0), at: Location(5) }, vec![]).key, "the_character_must_be_in_the_room_for_that");
    s.seats[Seat(0)].location = generator;
    let started = ok(&s, &mut f, Command::StartSelfDestruct { seat: Seat(0) }, vec![]);
    assert!(started.events.contains(&Event::SelfDestructStarted));
    // In Combat (an Adult in the room) no Room Action (p. 24).
    let mut fight = started.state.clone();
    add_intruder(&mut fight, IntruderKind::Adult, generator);
    assert_eq!(refused(&fight, &mut f, Command::StopSelfDestruct { seat: Seat(0) }, vec![]).key, "room_actions_are_not_possible_in_combat");
    ok(&started.state, &mut f, Command::StopSelfDestruct { seat: Seat(0) }, vec![]);
    s.seats[Seat(0)].location = comms;
    ok(&s, &mut f, Command::SendSignal { seat: Seat(0) }, vec![]);
}

#[test]
fn engine_check_needs_that_engines_room_and_repair_works_there_despite_a_malfunction_p26() {
    let (mut s, mut f) = table(2, 1712);
    s.seats[Seat(0)].location = engine_room(2);
    assert_eq!(refused(&s, &mut f, Command::CheckEngine { seat: Seat(0), engine: EngineNumber(1) }, vec![]).key, "the_character_must_be_in_the_room_of_engine");
    assert_eq!(refused(&s, &mut f, Command::BeginEngineRepair { seat: Seat(0), engine: EngineNumber(1), paid: 1 }, vec![]).key, "the_character_must_be_in_the_room_of_engine");
    s.seats[Seat(0)].location = engine_room(1);
    s.room_mut(engine_room(1)).malfunction = true;
    assert_eq!(refused(&s, &mut f, Command::CheckEngine { seat: Seat(0), engine: EngineNumber(1) }, vec![]).key, "a_malfunction_in_the_room_stops_its_action");
    ok(&s, &mut f, Command::BeginEngineRepair { seat: Seat(0), engine: EngineNumber(1), paid: 1 }, vec![]);
    // The Engine Control Room works with Malfunctions in the Engine rooms (p. 25), but in its own room only.
    assert_eq!(refused(&s, &mut f, Command::CheckAllEngines { seat: Seat(0) }, vec![]).key, "the_character_must_be_in_the_room_for_that");
    let ecr = explored(&mut s, "engine_control_room");
    s.seats[Seat(0)].location = ecr;
    ok(&s, &mut f, Command::CheckAllEngines { seat: Seat(0) }, vec![]);
}

#[test]
fn surgery_canteen_and_shower_scans_need_their_room_p24_p25() {
    use nemesis_engine::command::ScanProcedure;
    let (mut s, mut f) = table(2, 1713);
    for (procedure, key) in [(ScanProcedure::Surgery, "surgery"), (ScanProcedure::Canteen, "canteen"), (ScanProcedure::Shower, "shower_room")] {
        let scan = Command::ScanContamination { seat: Seat(0), cards: vec![], procedure, scanned: 0 };
        assert_eq!(refused(&s, &mut f, scan.clone(), vec![]).key, "the_character_must_be_in_the_room_for_that", "{key} from the Hibernatorium");
        let at = explored(&mut s, key);
        let mut there = s.clone();
        there.seats[Seat(0)].location = at;
        there.seats[Seat(0)].light_wounds = 1;
        ok(&there, &mut f, scan, vec![]);
    }
}

// ---------------------------------------------------------------- E3: Actions belong to the Player Phase (pp. 10, 12)

#[test]
fn actions_are_refused_outside_the_player_phase_p10_p12() {
    let (mut s, mut f) = table(2, 1720);
    let to = Content::base().board.neighbours(HIB)[0].0;
    s.phase = Phase::Event { step: EventStep::EventCard };
    let mv = Command::MoveCharacter { seat: Seat(0), to, careful_noise: None };
    assert_eq!(refused(&s, &mut f, mv.clone(), vec![]).code, Code::WrongPhase, "Move in the Event Phase");
    assert_eq!(refused(&s, &mut f, Command::TryHibernate { seat: Seat(0) }, vec![]).code, Code::WrongPhase, "Hibernate in the Event Phase");
    assert_eq!(refused(&s, &mut f, Command::SearchRoom { seat: Seat(0) }, vec![]).code, Code::WrongPhase);
    // The table's corrections stay open in either phase.
    ok(&s, &mut f, Command::PlaceCharacter { seat: Seat(0), at: to }, vec![]);
    s.phase = Phase::Player;
    ok(&s, &mut f, mv, vec![]);
}

// ---------------------------------------------------------------- E8: Hatching infests, it does not kill (p. 20)

#[test]
fn hatching_infests_a_character_already_carrying_a_larva_without_killing_it_p20() {
    let (mut s, mut f) = table(2, 1730);
    let nest = stand_in(&mut s, Seat(0), "nest");
    assert_eq!(s.nest_location(), Some(nest));
    s.seats[Seat(0)].larva = true;
    s.seats[Seat(0)].hand = 0;
    s.phase = Phase::Event { step: EventStep::EventCard };
    let bag_before = s.bag().len();
    let a = ok(&s, &mut f, Command::ResolveEventCard, vec![Entered::EventCard { key: "hatching".into() }]);
    assert_eq!(a.state.seats[Seat(0)].life, Life::Awake, "Infest has no death clause");
    assert!(!a.events.iter().any(|e| matches!(e, Event::CharacterDied { .. })));
    assert!(a.state.seats[Seat(0)].larva, "still carrying its Larva");
    assert_eq!(a.events.iter().filter(|e| matches!(e, Event::ContaminationGiven { seat: Seat(0), .. })).count(), 1, "one Contamination card, as Infest gives");
    assert!(!a.state.intruders.iter().any(|i| i.kind == IntruderKind::Creeper), "no Creeper appears");
    assert_eq!(a.state.bag().len(), bag_before, "someone was infested: no Larva token goes into the bag");
}

/// A Hatching card in the Nest with seat 0 there holding `hand` cards and owning `owned`
/// Contamination cards (E11).
fn hatching_table(seed: u64, hand: u8, owned: u8) -> (State, Fate) {
    let (mut s, mut f) = table(2, seed);
    if owned > 0 {
        s = ok(&s, &mut f, Command::GiveContamination { seat: Seat(0), count: owned }, vec![]).state;
    }
    assert_eq!(s.seats[Seat(0)].contamination.len(), owned as usize);
    stand_in(&mut s, Seat(0), "nest");
    s.seats[Seat(0)].hand = hand;
    s.phase = Phase::Event { step: EventStep::EventCard };
    (s, f)
}

#[test]
fn hatching_asks_whether_a_hand_of_possible_contamination_cards_holds_an_action_card_p20() {
    // The Hatching card infests characters in the Nest whose players hold no *Action* cards (card
    // reference #18, A; Infest p. 20). The hand count holds Contamination cards too: one card in
    // hand and one Contamination card owned may be that card, so only the player knows.
    let (s, mut f) = hatching_table(1731, 1, 1);
    let hatching = || Entered::EventCard { key: "hatching".into() };
    let r = refused(&s, &mut f, Command::ResolveEventCard, vec![hatching()]);
    assert_eq!(r.code, Code::ResultNeeded, "the app cannot tell: it asks ({})", r.reason);
    assert!(r.reason.contains(&s.seats[Seat(0)].name), "the question names the player: {}", r.reason);
    // Only Contamination cards in hand: infested.
    let a = ok(&s, &mut f, Command::ResolveEventCard, vec![hatching(), Entered::NoActionCards { seat: Seat(0), none: true }]);
    assert!(a.events.iter().any(|e| matches!(e, Event::LarvaSet { seat: Seat(0), on: true })), "a hand of Contamination cards alone is infested");
    assert!(a.events.iter().any(|e| matches!(e, Event::ContaminationGiven { seat: Seat(0), .. })));
    // An Action card among them: not infested, and a Larva token joins the bag instead.
    let bag = s.bag().len();
    let a = ok(&s, &mut f, Command::ResolveEventCard, vec![hatching(), Entered::NoActionCards { seat: Seat(0), none: false }]);
    assert!(!a.events.iter().any(|e| matches!(e, Event::LarvaSet { .. } | Event::ContaminationGiven { .. })));
    assert_eq!(a.state.bag().len(), bag + 1, "nobody infested: a Larva token goes into the bag (p. 20)");
}

#[test]
fn hatching_does_not_ask_when_the_hand_count_settles_it_p20() {
    // More cards in hand than Contamination cards owned: at least one is an Action card.
    let (s, mut f) = hatching_table(1732, 2, 1);
    let a = ok(&s, &mut f, Command::ResolveEventCard, vec![Entered::EventCard { key: "hatching".into() }]);
    assert!(!a.events.iter().any(|e| matches!(e, Event::LarvaSet { .. } | Event::ContaminationGiven { .. })), "two cards, one Contamination card at most: not infested");
    // An empty hand holds no Action card.
    let (s, mut f) = hatching_table(1733, 0, 0);
    let a = ok(&s, &mut f, Command::ResolveEventCard, vec![Entered::EventCard { key: "hatching".into() }]);
    assert!(a.events.iter().any(|e| matches!(e, Event::LarvaSet { seat: Seat(0), on: true })), "an empty hand is infested");
    // An answer nobody was asked for is refused, and changes nothing.
    let (s, mut f) = hatching_table(1734, 2, 1);
    let r = refused(&s, &mut f, Command::ResolveEventCard, vec![Entered::EventCard { key: "hatching".into() }, Entered::NoActionCards { seat: Seat(0), none: true }]);
    assert_eq!(r.code, Code::BadResult, "{}", r.reason);
}

// ---------------------------------------------------------------- E19, E20: texts

#[test]
fn careful_movement_helper_says_only_a_corridor_without_noise_is_chosen_p13() {
    use nemesis_engine::hints::explain;
    let (s, _) = table(2, 1740);
    let to = Content::base().board.neighbours(HIB)[0].0;
    let hints = explain(&s.public_view(), &Command::MoveCharacter { seat: Seat(0), to, careful_noise: Some(1) });
    let careful = hints.iter().find(|h| h.key == "move_careful").expect("the Careful Movement hint");
    assert!(!careful.text.contains("Encounter"), "p. 13: a corridor never holds two Noise markers, so no Encounter: {}", careful.text);
    assert!(careful.text.contains("without Noise"), "{}", careful.text);
}

#[test]
fn a_contamination_card_is_named_c_and_its_number_from_one_in_the_log_and_the_hand() {
    use nemesis_engine::log::{log, Audience};
    let mut g = started(2, 1741);
    act(&mut g, Command::GiveContamination { seat: Seat(0), count: 1 }).unwrap();
    let card = state(&g).seats[Seat(0)].contamination[0];
    let mine = log(g.entries(), Audience::Seat(Seat(0)));
    let line = mine.last().expect("a log line");
    assert!(line.text.contains(&format!("C-{:02}", card.0 + 1)), "the log names card id {} C-{:02}: {}", card.0, card.0 + 1, line.text);
    // The hand (ui/src/components/SecretHand.svelte) uses the same label through `curtain.card`.
    let en: std::collections::BTreeMap<String, String> =
        serde_json::from_str(&std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui/src/locales/en.json")).unwrap()).unwrap();
    assert_eq!(en["curtain.card"], "Card C-{id}");
    let hand = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui/src/components/SecretHand.svelte")).unwrap();
    assert!(hand.contains("contaminationNumber(c.id)"), "the hand shows the 1-based number, as the log does");
    let labels = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui/src/lib/labels.ts")).unwrap();
    assert!(labels.contains("String(id + 1).padStart(2, \"0\")"), "the same numbering as the log's {{:02}} of id + 1");
}

// ---------------------------------------------------------------- E4, E5: Carcasses, Corpses, Research (pp. 8, 13, 20-22, 24)

#[test]
fn a_killed_intruder_leaves_a_carcass_in_its_room_but_a_larva_does_not_p20_p22() {
    let (mut s, mut f) = table(2, 1750);
    let room = Location(5);
    let adult = add_intruder(&mut s, IntruderKind::Adult, room);
    let larva = add_intruder(&mut s, IntruderKind::Larva, room);
    let a = ok(&s, &mut f, Command::InjureIntruder { id: adult, injuries: 4 }, vec![card_with("bite", Blood::Endurance(4))]);
    let killed = a.events.iter().position(|e| *e == Event::IntruderKilled { id: adult }).expect("killed");
    assert_eq!(a.events[killed + 1], Event::ObjectLeft { object: ResearchObject::IntruderCarcass, at: room, of: None }, "p. 20: a Carcass where it was slain");
    assert_eq!(a.state.room(room).carcasses, 1);
    assert_eq!(a.state.public_view().rooms.iter().find(|r| r.at == room).map(|r| r.carcasses), Some(1), "on the table screen");
    let b = ok(&a.state, &mut f, Command::KillIntruder { id: larva }, vec![]);
    assert_eq!(b.state.room(room).carcasses, 1, "p. 22: no Carcass for a Larva");
}

#[test]
fn a_dead_character_leaves_a_corpse_and_the_blue_corpse_starts_in_the_hibernatorium_p8_p21() {
    let (s, mut f) = table(2, 1751);
    assert_eq!(s.room(HIB).corpses, 1, "p. 8 step 20: the blue Corpse token lies in the Hibernatorium");
    let a = ok(&s, &mut f, Command::KillCharacter { seat: Seat(1) }, vec![]);
    assert!(a.events.contains(&Event::ObjectLeft { object: ResearchObject::CharacterCorpse, at: HIB, of: Some(Seat(1)) }), "p. 21: a Corpse where they died");
    assert_eq!(a.state.room(HIB).corpses, 2);
}

#[test]
fn heavy_objects_are_picked_up_carried_and_dropped_p13_p22() {
    let (mut s, mut f) = table(2, 1752);
    s.room_mut(HIB).carcasses = 1;
    let a = ok(&s, &mut f, Command::PickUpObject { seat: Seat(0), object: ResearchObject::IntruderCarcass }, vec![]);
    assert_eq!((a.state.room(HIB).carcasses, a.state.seats[Seat(0)].carcasses_carried), (0, 1), "p. 13: picked up");
    let err = refused(&a.state, &mut f, Command::PickUpObject { seat: Seat(1), object: ResearchObject::IntruderCarcass }, vec![]);
    assert_eq!(err.code, Code::Empty, "nothing left to pick up");
    let to = Content::base().board.neighbours(HIB)[0].0;
    let mut moved = a.state.clone();
    moved.seats[Seat(0)].location = to;
    let b = ok(&moved, &mut f, Command::DropObject { seat: Seat(0), object: ResearchObject::IntruderCarcass, give_to: None }, vec![]);
    assert_eq!((b.state.room(to).carcasses, b.state.seats[Seat(0)].carcasses_carried), (1, 0), "p. 22: dropped where it stands");
    // A character who dies drops what it carries (p. 21).
    let c = ok(&a.state, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    assert_eq!(c.state.room(HIB).carcasses, 1);
}

#[test]
fn research_needs_the_object_it_studies_in_the_laboratory_p24() {
    let (mut s, mut f) = table(2, 1753);
    let lab = stand_in(&mut s, Seat(0), "laboratory");
    let research = |object| Command::Research { seat: Seat(0), object };
    assert_eq!(refused(&s, &mut f, research(ResearchObject::IntruderCarcass), vec![]).key, "research_needs_that_object_in_the_laboratory");
    s.seats[Seat(0)].carcasses_carried = 1;
    let a = ok(&s, &mut f, research(ResearchObject::IntruderCarcass), vec![]);
    assert!(a.events.iter().any(|e| matches!(e, Event::WeaknessRevealed { slot: ResearchObject::IntruderCarcass, .. })));
    assert_eq!(a.state.seats[Seat(0)].carcasses_carried, 1, "p. 24: the Object is not discarded");
    // Lying in the Laboratory is enough.
    s.seats[Seat(0)].carcasses_carried = 0;
    s.room_mut(lab).corpses = 1;
    ok(&s, &mut f, research(ResearchObject::CharacterCorpse), vec![]);
}

// ---------------------------------------------------------------- E6: Eggs (pp. 13, 17, 22, 25)

#[test]
fn a_dropped_egg_can_be_picked_up_again_p13_p22_p25() {
    let (mut s, mut f) = table(2, 1760);
    s.seats[Seat(0)].eggs_carried = 1;
    let a = ok(&s, &mut f, Command::DropEggs { seat: Seat(0) }, vec![]);
    assert_eq!(a.state.room(HIB).eggs, 1);
    let b = ok(&a.state, &mut f, Command::PickUpObject { seat: Seat(1), object: ResearchObject::IntruderEgg }, vec![]);
    assert_eq!((b.state.room(HIB).eggs, b.state.seats[Seat(1)].eggs_carried), (0, 1), "p. 13: an Egg is a Heavy Object anyone may pick up");
}

/// The Grenade or the Molotov Cocktail played as its card by seat 0, into `room`, at `intruder`.
fn thrown(card: PlayedCard, room: Location, intruder: Option<IntruderId>) -> Command {
    let effect = if card == PlayedCard::Grenade { CardEffect::ThrowGrenade } else { CardEffect::ThrowMolotov };
    Command::UseCard { seat: Seat(0), card, effect, wound: None, cards: Vec::new(), corridor: None, intruder, room: Some(room), target: None, pod: None }
}

fn serious_wounds_drawn(a: &Applied, seat: Seat) -> usize {
    a.events.iter().filter(|e| matches!(e, Event::SeriousWoundDrawn { seat: s, .. } if *s == seat)).count()
}

#[test]
fn a_grenade_thrown_at_eggs_destroys_2_and_wounds_intruders_and_characters_there_as_if_an_intruder_were_there_p17_p25() {
    // p. 25: a Grenade may be thrown into a room with uncarried Eggs "as if an Intruder were
    // there", and destroys 2 of them. Its card (docs/cards.md): this room or a neighbour not
    // behind a Closed Door (p. 17); the chosen target takes its 2, every other Intruder and
    // Character there 1 Injury / Serious Wound. A Noise roll follows every attempt (p. 25).
    let (mut s, mut f) = table(2, 1761);
    let nest = explored_room_of(&mut s, "nest");
    let c = Content::base();
    let (next_door, corridor) = c.board.neighbours(nest)[0];
    s.seats[Seat(0)].location = next_door;
    s.seats[Seat(1)].location = nest;
    let adult = add_intruder(&mut s, IntruderKind::Adult, nest);
    let eggs = s.nest_eggs;
    let grenade = thrown(PlayedCard::Grenade, nest, None);
    let a = ok(&s, &mut f, grenade.clone(), vec![Entered::Noise { face: NoiseFace::Silence }]);
    assert!(a.events.contains(&Event::NestEggsDestroyed { count: 2 }), "p. 25: a Grenade destroys 2 Eggs");
    assert_eq!(a.state.nest_eggs, eggs - 2);
    assert_eq!(serious_wounds_drawn(&a, Seat(1)), 1, "the card: a Character in the room takes 1 Serious Wound");
    assert_eq!(serious_wounds_drawn(&a, Seat(0)), 0, "the thrower next door takes none");
    assert!(a.events.iter().any(|e| matches!(e, Event::IntruderInjured { id, .. } if *id == adult)), "the card: an Intruder in the room takes 1 Injury: {:?}", a.events);
    assert!(a.events.iter().any(|e| matches!(e, Event::NoiseRolled { seat: Some(Seat(0)), at, .. } if *at == next_door)), "p. 25: the Noise roll follows, in the thrower's room");
    // No Intruder and no Eggs: there is nothing to throw it at.
    let mut empty = s.clone();
    empty.intruders.clear();
    empty.nest_eggs = 0;
    assert_eq!(refused(&empty, &mut f, grenade.clone(), vec![]).key, "it_is_thrown_into_a_room_with_an_intruder_or_eggs");
    // Eggs alone, no Intruder: the Grenade is offered at them and accepted.
    let mut eggs_only = s.clone();
    eggs_only.intruders.clear();
    eggs_only.phase = Phase::Player;
    eggs_only.rounds.turn_of = Some(Seat(0));
    eggs_only.seats[Seat(0)].hand = 5;
    assert!(nemesis_engine::offers::offers(&eggs_only).iter().any(|o| o.command == grenade), "offered at Eggs with no Intruder there");
    assert_eq!(ok(&eggs_only, &mut f, grenade.clone(), vec![Entered::Noise { face: NoiseFace::Silence }]).state.nest_eggs, eggs - 2);
    // p. 17: a Closed Door stops the throw; a room further away is out of reach.
    let mut closed = s.clone();
    closed.board.doors[corridor.0 as usize] = DoorState::Closed;
    assert_eq!(refused(&closed, &mut f, grenade, vec![]).key, "throw_it_into_this_room_or_a_neighbouring", "p. 17: a Closed Door stops a throw");
    let far = c.board.locations().find(|l| *l != nest && *l != next_door && c.board.corridor_between(next_door, *l).is_none()).unwrap();
    assert_eq!(refused(&s, &mut f, thrown(PlayedCard::Grenade, far, None), vec![]).key, "throw_it_into_this_room_or_a_neighbouring");
}

#[test]
fn a_grenade_thrown_at_the_eggs_of_ones_own_room_wounds_the_thrower_and_costs_1_more_with_a_hand_wound_p25_card_reference() {
    // The Grenade's card: every Character in the room takes 1 Serious Wound, the thrower too when
    // it is their own room. An Item costs 1 card, 1 more with an undressed Hand wound (its Serious
    // Wound card), wherever it is thrown.
    let (mut s, mut f) = table(2, 1762);
    let nest = stand_in(&mut s, Seat(0), "nest");
    let a = ok(&s, &mut f, thrown(PlayedCard::Grenade, nest, None), vec![Entered::Noise { face: NoiseFace::Silence }]);
    assert_eq!(serious_wounds_drawn(&a, Seat(0)), 1, "the thrower stands in the room it is thrown into");
    let hand = Content::base().data.serious_wounds.iter().position(|w| w.key == "hand").unwrap();
    s.seats[Seat(0)].serious.push(SeriousWound { card: WoundCardId(hand as u8), dressed: false });
    assert_eq!(nemesis_engine::rules::action_cost(&s, &thrown(PlayedCard::Grenade, nest, None)), Some(2), "an Item with an undressed Hand wound");
    let old_form = Command::DestroyEggs { seat: Seat(0), count: 2, into: None, attempt: EggAttempt::Thrown, weapon: None };
    assert_eq!(nemesis_engine::rules::action_cost(&s, &old_form), Some(2), "the old thrown form into one's own room is the same Item");
}

#[test]
fn a_molotov_cocktail_thrown_at_eggs_destroys_1_sets_a_fire_and_wounds_every_character_there_p25_card_reference() {
    // p. 25: a Molotov Cocktail destroys 1 Egg. Its card: a Fire marker in the room, every
    // Intruder and Character there 1 Injury / Serious Wound. A Noise roll follows (p. 25).
    let (mut s, mut f) = table(2, 1763);
    let nest = explored_room_of(&mut s, "nest");
    let (next_door, _) = Content::base().board.neighbours(nest)[0];
    s.seats[Seat(0)].location = next_door;
    s.seats[Seat(1)].location = nest;
    let eggs = s.nest_eggs;
    let a = ok(&s, &mut f, thrown(PlayedCard::MolotovCocktail, nest, None), vec![Entered::Noise { face: NoiseFace::Silence }]);
    assert_eq!(a.state.nest_eggs, eggs - 1, "p. 25: a Molotov Cocktail destroys 1 Egg");
    assert!(a.state.room(nest).fire, "the card: a Fire marker there");
    assert_eq!(serious_wounds_drawn(&a, Seat(1)), 1, "the card: the Character there takes 1 Serious Wound");
    assert!(a.events.iter().any(|e| matches!(e, Event::NoiseRolled { seat: Some(Seat(0)), .. })), "p. 25: a Noise roll after the attempt");
    // Vulnerability to Fire: the Fire Damage step's 2 Eggs (p. 25 with the Weakness) hold for
    // the Molotov's fire too (deviation 64, C).
    know_weakness(&mut s, "vulnerability_to_fire");
    let b = ok(&s, &mut f, thrown(PlayedCard::MolotovCocktail, nest, None), vec![Entered::Noise { face: NoiseFace::Silence }]);
    assert_eq!(b.state.nest_eggs, eggs - 2, "with Vulnerability to Fire known, 2 Eggs");
}

#[test]
fn an_old_saves_thrown_egg_attempt_throws_the_grenade_or_the_molotov_its_count_names_p25() {
    // The form of the saves made before the throws were their cards: its count said what the
    // page gives (2 a Grenade, 1 a Molotov Cocktail); read so, it now has the card's whole effect.
    let old: Command = serde_json::from_str(r#"{"type":"destroy_eggs","seat":0,"count":2,"into":null}"#).expect("an old save's DestroyEggs reads");
    assert_eq!(old, Command::DestroyEggs { seat: Seat(0), count: 2, into: None, attempt: EggAttempt::Thrown, weapon: None });
    let (mut s, mut f) = table(2, 1765);
    stand_in(&mut s, Seat(0), "nest");
    s.nest_eggs = 3;
    let a = ok(&s, &mut f, old, vec![Entered::Noise { face: NoiseFace::Silence }]);
    assert_eq!(a.state.nest_eggs, 1, "a Grenade: 2 Eggs, no die");
    assert!(!a.events.iter().any(|e| matches!(e, Event::EggsAttacked { .. })));
    assert_eq!(serious_wounds_drawn(&a, Seat(0)), 1, "and its Serious Wound to the thrower in the room");
    let molotov = Command::DestroyEggs { seat: Seat(0), count: 1, into: None, attempt: EggAttempt::Thrown, weapon: None };
    let b = ok(&s, &mut f, molotov, vec![Entered::Noise { face: NoiseFace::Silence }]);
    assert_eq!(b.state.nest_eggs, 2, "a Molotov Cocktail: 1 Egg");
    assert!(b.state.room(s.seats[Seat(0)].location).fire, "and its Fire marker");
    let three = Command::DestroyEggs { seat: Seat(0), count: 3, into: None, attempt: EggAttempt::Thrown, weapon: None };
    assert_eq!(refused(&s, &mut f, three, vec![]).key, "a_grenade_destroys_2_eggs_and_a_molotov_cocktail_1", "p. 25: no throw destroys 3");
}

/// An attempt on the Nest's Eggs with the Combat die entered, the Noise roll silent.
fn attempt_on_eggs(s: &State, f: &mut Fate, attempt: EggAttempt, weapon: Option<Weapon>, face: CombatFace) -> nemesis_engine::Applied {
    let c = Command::DestroyEggs { seat: Seat(0), count: 1, into: None, attempt, weapon };
    ok(s, f, c, vec![combat(face), Entered::Noise { face: NoiseFace::Silence }])
}

#[test]
fn destroying_eggs_is_a_shoot_or_melee_attack_each_injury_destroying_one_egg_p25() {
    let (mut s, mut f) = table(2, 1763);
    stand_in(&mut s, Seat(0), "nest");
    s.nest_eggs = 4;
    let contaminated = |a: &nemesis_engine::Applied| a.events.iter().any(|e| matches!(e, Event::ContaminationGiven { .. }));
    let wounded = |a: &nemesis_engine::Applied| a.events.iter().any(|e| matches!(e, Event::SeriousWoundDrawn { .. } | Event::LightWoundsSet { .. }));
    let noise = |a: &nemesis_engine::Applied| a.events.iter().any(|e| matches!(e, Event::NoiseRolled { .. }));

    let a = attempt_on_eggs(&s, &mut f, EggAttempt::Shoot, Some(Weapon::Own), CombatFace::TwoHits);
    assert!(a.events.contains(&Event::AmmoSpent { seat: Seat(0), weapon: Weapon::Own }), "p. 18: a Shoot takes 1 Ammo off the weapon's card");
    assert!(a.events.contains(&Event::EggsAttacked { seat: Seat(0), melee: false, face: CombatFace::TwoHits, injuries: 2 }));
    assert_eq!(a.state.nest_eggs, 2, "p. 25: each Injury destroys 1 Egg; a shot's double hit is 2");
    assert!(noise(&a), "p. 25: a Noise roll after every attempt");

    let a = attempt_on_eggs(&s, &mut f, EggAttempt::Shoot, Some(Weapon::Carried), CombatFace::AdultHit);
    assert_eq!(a.state.nest_eggs, 4, "pp. 18, 25: the Adult's face hits only the kinds it names, and an Egg is not an Intruder");
    assert!(noise(&a), "a miss is an attempt too: its Noise roll follows");

    let a = attempt_on_eggs(&s, &mut f, EggAttempt::Melee, None, CombatFace::Miss);
    assert_eq!(a.state.nest_eggs, 4);
    assert!(!contaminated(&a) && !wounded(&a), "p. 25: a Melee miss on Eggs draws no Contamination card and gives no wound");
    assert!(!a.events.iter().any(|e| matches!(e, Event::AmmoSpent { .. })), "a Melee Attack spends no Ammo");

    let a = attempt_on_eggs(&s, &mut f, EggAttempt::Melee, None, CombatFace::TwoHits);
    assert_eq!(a.state.nest_eggs, 3, "p. 19: in melee a double hit is 1 Injury, so 1 Egg");
    assert!(!wounded(&a), "a hit costs no wound");
    // p. 25 lifts the card only "if they miss", so a hit keeps p. 19's card; whether it is owed
    // is known only once the die is rolled, so it is drawn after the roll (deviation 63, C).
    let rolled = a.events.iter().position(|e| matches!(e, Event::EggsAttacked { .. })).expect("the roll");
    let drawn = a.events.iter().position(|e| matches!(e, Event::ContaminationGiven { .. })).expect("p. 19 read with p. 25: a Melee hit draws the Melee Attack's Contamination card");
    assert!(rolled < drawn, "the card follows the roll that makes it owed");
    assert_eq!(a.events.iter().filter(|e| matches!(e, Event::ContaminationGiven { .. })).count(), 1, "one card, as a Melee Attack's");
    assert_eq!(
        refused(&s, &mut f, Command::DestroyEggs { seat: Seat(0), count: 1, into: Some(HIB), attempt: EggAttempt::Shoot, weapon: Some(Weapon::Own) }, vec![]).key,
        "eggs_are_shot_or_struck_only_in_the_character_s_room",
        "p. 25: only a thrown Grenade or Molotov reaches a neighbouring room"
    );
}

#[test]
fn the_rounds_offer_to_destroy_eggs_is_a_shoot_with_each_weapon_or_a_melee_attack_never_a_sure_egg_p25() {
    let (mut s, _) = table(2, 1764);
    stand_in(&mut s, Seat(0), "nest");
    s.nest_eggs = 2;
    s.phase = Phase::Player;
    s.rounds.turn_of = Some(Seat(0));
    let attempts: Vec<_> = nemesis_engine::offers::offers(&s)
        .into_iter()
        .filter_map(|o| match o.command { Command::DestroyEggs { attempt, weapon, into, .. } => Some((attempt, weapon, into, o.needs_result)), _ => None })
        .collect();
    assert_eq!(attempts, vec![(EggAttempt::Shoot, Some(Weapon::Own), None, false), (EggAttempt::Shoot, Some(Weapon::Carried), None, false), (EggAttempt::Melee, None, None, false)]);
}

// ---------------------------------------------------------------- E9: Airlock Control (p. 25)

/// Seat 0 in the Airlock Control, an Adult in the explored Generator (a Yellow room), on fire.
fn airlock_table(seed: u64) -> (State, Fate, Location, IntruderId) {
    let (mut s, f) = table(2, seed);
    stand_in(&mut s, Seat(0), "airlock_control");
    let y = explored_room_of(&mut s, "generator");
    let id = add_intruder(&mut s, IntruderKind::Adult, y);
    s.room_mut(y).fire = true;
    (s, f, y, id)
}

#[test]
fn airlock_kills_everything_in_the_room_whose_doors_stay_closed_at_the_end_of_the_player_phase_p25() {
    let (mut s, mut f, y, id) = airlock_table(1770);
    s.seats[Seat(1)].location = y;
    let a = ok(&s, &mut f, Command::StartAirlock { seat: Seat(0), room: y }, vec![]);
    let c = Content::base();
    assert!(c.board.neighbours(y).iter().all(|(_, k)| a.state.board.doors[k.0 as usize] == DoorState::Closed), "every Door of that room closes");
    assert_eq!(a.state.public_view().airlock, Some(y), "the token is on the room, for all to see");
    let b = ok(&a.state, &mut f, Command::EndPlayerPhase, vec![]);
    assert!(b.events.contains(&Event::IntruderKilled { id }), "the Intruder in it dies");
    assert_eq!(b.state.seats[Seat(1)].life, Life::Dead, "and the character in it");
    assert!(b.events.iter().any(|e| matches!(e, Event::CharacterDied { seat: Seat(1), cause: nemesis_engine::event::DeathCause::Airlock })));
    assert_eq!(b.state.room(y).carcasses, 1, "the Carcass stays");
    assert!(!b.state.room(y).fire, "its Fire marker is removed");
    assert_eq!(b.state.airlock, None, "then the token goes");
}

#[test]
fn airlock_stops_when_a_door_of_that_room_opens_before_the_phase_ends_p25() {
    let (s, mut f, y, id) = airlock_table(1771);
    let a = ok(&s, &mut f, Command::StartAirlock { seat: Seat(0), room: y }, vec![]);
    let (_, corridor) = Content::base().board.neighbours(y)[0];
    let b = ok(&a.state, &mut f, Command::SetDoor { corridor, state: DoorState::Open }, vec![]);
    assert!(b.events.contains(&Event::AirlockEnded { at: y, vented: false }));
    let closed = ok(&b.state, &mut f, Command::SetDoor { corridor, state: DoorState::Closed }, vec![]);
    let c = ok(&closed.state, &mut f, Command::EndPlayerPhase, vec![]);
    assert!(!c.events.contains(&Event::IntruderKilled { id }), "closed again, but the token is gone: nobody dies");
}

#[test]
fn airlock_needs_another_yellow_room_without_destroyed_doors_p25() {
    let (mut s, mut f, y, _) = airlock_table(1772);
    let (_, corridor) = Content::base().board.neighbours(y)[0];
    s.board.doors[corridor.0 as usize] = DoorState::Destroyed;
    assert_eq!(refused(&s, &mut f, Command::StartAirlock { seat: Seat(0), room: y }, vec![]).key, "a_corridor_of_that_room_has_a_destroyed_door");
    assert_eq!(refused(&s, &mut f, Command::StartAirlock { seat: Seat(0), room: HIB }, vec![]).key, "choose_another_explored_yellow_room");
    let here = s.seats[Seat(0)].location;
    assert_eq!(refused(&s, &mut f, Command::StartAirlock { seat: Seat(0), room: here }, vec![]).key, "choose_another_explored_yellow_room");
}

// ---------------------------------------------------------------- E17: Transformation needs a free Breeder (card text, A)

#[test]
fn transformation_does_nothing_when_both_breeder_miniatures_are_on_the_board_p20() {
    let (mut s, mut f) = table(2, 1780);
    for seat in [Seat(1)] {
        s.seats[seat].location = Location(1);
    }
    add_intruder(&mut s, IntruderKind::Breeder, Location(5));
    add_intruder(&mut s, IntruderKind::Breeder, Location(6));
    let creeper = add_intruder(&mut s, IntruderKind::Creeper, HIB);
    s.seats[Seat(0)].hand = 0;
    let a = ok(&s, &mut f, Command::AttackCharacter { id: creeper, target: None }, vec![Entered::AttackCard { key: "transformation".into(), blood: None }]);
    assert!(!a.events.iter().any(|e| matches!(e, Event::IntruderTransformed { .. })), "no third Breeder miniature");
    assert!(!a.events.iter().any(|e| matches!(e, Event::SurpriseAttack { .. })), "so no Surprise Attack either");
    assert_eq!(a.state.intruder(creeper).map(|i| i.kind), Some(IntruderKind::Creeper));
}

// ---------------------------------------------------------------- E14, E15: Fire and Eggs (p. 10, p. 25)

fn nest_on_fire(seed: u64) -> (State, Fate, Location) {
    let (mut s, f) = table(2, seed);
    let nest = explored_room_of(&mut s, "nest");
    s.room_mut(nest).fire = true;
    s.phase = Phase::Event { step: EventStep::FireDamage };
    (s, f, nest)
}

#[test]
fn fire_burns_one_uncarried_egg_in_the_nest_counting_dropped_ones_in_the_same_pool_p25() {
    let (mut s, mut f, nest) = nest_on_fire(1790);
    s.nest_eggs = 3;
    s.room_mut(nest).eggs = 1;
    let a = ok(&s, &mut f, Command::ResolveFireDamage, vec![]);
    let left = a.state.nest_eggs + a.state.room(nest).eggs;
    assert_eq!(left, 3, "p. 25: exactly 1 uncarried Egg burns in a burning room, not one from each pile");
}

#[test]
fn vulnerability_to_fire_burns_two_eggs_in_the_nest_p25() {
    let (mut s, mut f, _) = nest_on_fire(1791);
    s.nest_eggs = 5;
    know_weakness(&mut s, "vulnerability_to_fire");
    let a = ok(&s, &mut f, Command::ResolveFireDamage, vec![]);
    assert!(a.events.contains(&Event::NestEggsDestroyed { count: 2 }), "a burning Nest loses 2 Eggs with the Weakness known");
}

#[test]
fn eggs_dropped_in_the_nest_can_be_destroyed_with_the_nests_own_p25() {
    let (mut s, mut f) = table(2, 1792);
    let nest = stand_in(&mut s, Seat(0), "nest");
    s.nest_eggs = 1;
    s.room_mut(nest).eggs = 1;
    let a = ok(&s, &mut f, Command::DestroyEggs { seat: Seat(0), count: 2, into: None, attempt: EggAttempt::Thrown, weapon: None }, vec![Entered::Noise { face: NoiseFace::Silence }]);
    assert_eq!((a.state.nest_eggs, a.state.room(nest).eggs), (0, 0), "both uncarried Eggs in the room are destroyed");
    assert!(a.state.nest_destroyed);
}

// ---------------------------------------------------------------- E16: Room Covered with Slime (p. 25)

#[test]
fn entering_the_room_covered_with_slime_gives_the_marker_before_its_token_so_silence_is_danger_p25() {
    use nemesis_engine::state::Component;
    let mut opts = options(2);
    opts.handled = Component::ALL.iter().copied().filter(|c| !matches!(c, Component::RoomTiles | Component::ExplorationTokens)).collect();
    let g = started_with(opts, 1795);
    let (s, mut f) = (state(&g).clone(), Fate::restore(&g.fate_snapshot()));
    let to = Content::base().board.neighbours(HIB).into_iter().map(|(l, _)| l).find(|l| !s.room(*l).explored).unwrap();
    let a = ok(&s, &mut f, Command::MoveCharacter { seat: Seat(0), to, careful_noise: None },
        vec![Entered::Room { tile: Some("room_covered_with_slime".into()), effect: nemesis_engine::content::ExplorationEffect::Silence, items: 1 }]);
    let slime = a.events.iter().position(|e| *e == Event::SlimeSet { seat: Seat(0), on: true }).expect("slimed on entering");
    let explored = a.events.iter().position(|e| matches!(e, Event::RoomExplored { .. })).unwrap();
    assert!(slime > explored, "the tile is revealed first");
    assert!(
        a.events[slime..].iter().any(|e| matches!(e, Event::NoisePlaced { .. } | Event::IntruderMoved { .. })),
        "the slimed character's Silence counts as Danger: Noise in the corridors or neighbours come in: {:?}", a.events
    );
}

#[test]
fn a_slimed_explorers_silence_token_is_said_to_count_as_danger_p17() {
    // p. 17: with a Slime marker a Silence counts as Danger, also on an Exploration token; the
    // Room Covered with Slime gives its marker first (p. 25). The room's line says so, or the
    // Noise placed after "Silence" reads as a mistake.
    use nemesis_engine::state::Component;
    let mut opts = options(2);
    opts.handled = Component::ALL.iter().copied().filter(|c| !matches!(c, Component::RoomTiles | Component::ExplorationTokens)).collect();
    let g = started_with(opts, 1795);
    let (s, mut f) = (state(&g).clone(), Fate::restore(&g.fate_snapshot()));
    let to = Content::base().board.neighbours(HIB).into_iter().map(|(l, _)| l).find(|l| !s.room(*l).explored).unwrap();
    let enter = |tile: &str| vec![Entered::Room { tile: Some(tile.into()), effect: nemesis_engine::content::ExplorationEffect::Silence, items: 1 }];
    let move_to = Command::MoveCharacter { seat: Seat(0), to, careful_noise: None };
    let a = ok(&s, &mut f, move_to.clone(), enter("room_covered_with_slime"));
    let keys = said_keys(&s, &a.events);
    assert!(keys.contains(&"room_explored_slimed".to_string()) && !keys.contains(&"room_explored".to_string()), "the Slime room's own Silence: {keys:?}");
    let mut slimed = s.clone();
    slimed.seats[Seat(0)].slime = true;
    let a = ok(&slimed, &mut f, move_to.clone(), enter("laboratory"));
    let keys = said_keys(&slimed, &a.events);
    assert!(keys.contains(&"room_explored_slimed".to_string()), "a slimed explorer's Silence: {keys:?}");
    let a = ok(&s, &mut f, move_to, enter("laboratory"));
    let keys = said_keys(&s, &a.events);
    assert!(keys.contains(&"room_explored".to_string()) && !keys.contains(&"room_explored_slimed".to_string()), "no Slime: a plain Silence: {keys:?}");
}

// ---------------------------------------------------------------- E12: Fire Control System and Susceptibility to Phosphates (p. 24)

fn event(key: &str) -> Entered {
    Entered::EventCard { key: key.into() }
}

#[test]
fn susceptibility_to_phosphates_injures_an_intruder_the_extinguisher_makes_flee_p21_p24() {
    let (mut s, mut f) = table(2, 1800);
    let id = add_intruder(&mut s, IntruderKind::Adult, HIB);
    let plain = ok(&s, &mut f, Command::IntruderFlees { id, extinguisher: true }, vec![event("damaging_fire")]);
    assert!(!plain.events.iter().any(|e| matches!(e, Event::IntruderInjured { .. })), "without the Weakness it only runs");
    know_weakness(&mut s, "susceptibility_to_phosphates");
    let a = ok(&s, &mut f, Command::IntruderFlees { id, extinguisher: true }, vec![card_with("scratch", Blood::Endurance(6)), event("damaging_fire")]);
    assert!(a.events.contains(&Event::IntruderInjured { id, injuries: 1 }), "with Phosphates known it takes 1 Injury");
    assert!(a.events.iter().any(|e| matches!(e, Event::EventCardDiscarded { .. })), "and runs away through an Event card's corridor");
    let other = ok(&s, &mut f, Command::IntruderFlees { id, extinguisher: false }, vec![event("damaging_fire")]);
    assert!(!other.events.iter().any(|e| matches!(e, Event::IntruderInjured { .. })), "another cause: no Injury");
}

#[test]
fn fire_control_puts_out_a_rooms_fire_and_makes_its_intruders_run_away_p24() {
    let (mut s, mut f) = table(2, 1801);
    let room = Location(5);
    assert_eq!(refused(&s, &mut f, Command::FireControl { seat: Seat(0), room }, vec![]).key, "the_character_must_be_in_the_room_for_that");
    stand_in(&mut s, Seat(0), "fire_control_system");
    s.room_mut(room).fire = true;
    add_intruder(&mut s, IntruderKind::Adult, room);
    add_intruder(&mut s, IntruderKind::Creeper, room);
    let a = ok(&s, &mut f, Command::FireControl { seat: Seat(0), room }, vec![event("damaging_fire"), event("hunt_2")]);
    assert!(a.events.contains(&Event::FireRemoved { at: room }));
    assert_eq!(a.events.iter().filter(|e| matches!(e, Event::EventCardDiscarded { .. })).count(), 2, "one Event card for each Intruder");
}

// ---------------------------------------------------------------- E10: launching an Escape Pod (p. 26)

#[test]
fn only_a_character_in_the_pod_launches_it_and_only_in_the_player_phase_p26() {
    let (mut s, mut f) = table(3, 1810);
    let pod = s.pods[0].number;
    s.pods[0].locked = false;
    s.pods[0].occupants.push(Seat(0));
    s.seats[Seat(0)].life = Life::InPod(pod);
    // The start of the waiting character's own round (p. 26; a_waiting_character_launches_the_pod_only_in_their_own_round_p26).
    s.rounds = Rounds { turn_of: Some(Seat(0)), actions: 0, passed: Vec::new(), started: true };
    let by = |seat| Command::LaunchPod { pod, seat: Some(seat) };
    assert_eq!(refused(&s, &mut f, by(Seat(1)), vec![]).key, "only_a_character_in_escape_pod_pod_launches_it");
    let mut event_phase = s.clone();
    event_phase.phase = Phase::Event { step: EventStep::TimeTrack };
    assert_eq!(refused(&event_phase, &mut f, by(Seat(0)), vec![]).code, Code::WrongPhase, "launch at the start of a round, in the Player Phase");
    // The occupant may send it from their own phone.
    let a = apply(Some(&s), &mut f, Actor::Seat(Seat(0)), &by(Seat(0)), &[]).expect("the occupant launches");
    assert!(a.events.contains(&Event::PodLaunched { pod }));
    assert_eq!(a.state.seats[Seat(0)].life, Life::Escaped);
}

// ---------------------------------------------------------------- E7: hand slots for Objects (p. 22)

#[test]
fn a_character_carries_at_most_two_objects_and_one_with_an_undressed_arm_wound_p22() {
    let (mut s, mut f) = table(2, 1820);
    let nest = stand_in(&mut s, Seat(0), "nest");
    s.seats[Seat(0)].eggs_carried = 2;
    assert_eq!(refused(&s, &mut f, Command::TakeEgg { seat: Seat(0) }, vec![]).key, "the_character_s_hands_are_full_objects_carried");
    s.room_mut(nest).carcasses = 1;
    assert_eq!(refused(&s, &mut f, Command::PickUpObject { seat: Seat(0), object: ResearchObject::IntruderCarcass }, vec![]).key, "the_character_s_hands_are_full_objects_carried");
    s.seats[Seat(0)].eggs_carried = 1;
    ok(&s, &mut f, Command::PickUpObject { seat: Seat(0), object: ResearchObject::IntruderCarcass }, vec![]);
    let arm = Content::base().data.serious_wounds.iter().position(|w| w.key == "arm").expect("the Arm wound");
    let at = s.wounds.draw.iter().position(|c| c.0 as usize == arm).expect("an Arm card in the deck");
    let card = s.wounds.draw.remove(at);
    s.seats[Seat(0)].serious.push(SeriousWound { card, dressed: false });
    assert_eq!(refused(&s, &mut f, Command::PickUpObject { seat: Seat(0), object: ResearchObject::IntruderCarcass }, vec![]).code, Code::NotAllowed, "one hand slot with an undressed Arm wound");
    s.seats[Seat(0)].serious[0].dressed = true;
    ok(&s, &mut f, Command::PickUpObject { seat: Seat(0), object: ResearchObject::IntruderCarcass }, vec![]);
}

// ---------------------------------------------------------------- Deviation 9: Careful Movement and the Exploration token (p. 13, p. 14)

#[test]
fn careful_movement_cancels_a_danger_token_and_places_only_its_own_marker_p13_p14() {
    // p. 13: Careful Movement works like Movement "but instead of performing a Noise roll after
    // moving, place a Noise marker"; p. 14: Danger and Silence are resolved instead of the Noise
    // roll. The publisher's FAQ (Actions 11) settles it: Careful Movement cancels both.
    use nemesis_engine::content::ExplorationEffect;
    use nemesis_engine::state::Component;
    let mut opts = options(2);
    opts.handled = Component::ALL.iter().copied().filter(|c| !matches!(c, Component::RoomTiles | Component::ExplorationTokens)).collect();
    let g = started_with(opts, 1801);
    let (mut s, mut f) = (state(&g).clone(), Fate::restore(&g.fate_snapshot()));
    let board = &Content::base().board;
    let to = board.neighbours(HIB).into_iter().map(|(l, _)| l).find(|l| !s.room(*l).explored).expect("an unexplored room next door");
    let lair = board.neighbours(to).into_iter().map(|(l, _)| l).find(|l| *l != HIB).expect("another neighbour");
    let adult = add_intruder(&mut s, IntruderKind::Adult, lair);
    let a = ok(
        &s,
        &mut f,
        Command::MoveCharacter { seat: Seat(0), to, careful_noise: Some(1) },
        vec![Entered::Room { tile: Some("storage".into()), effect: ExplorationEffect::Danger, items: 2 }],
    );
    assert_eq!(a.state.intruder(adult).map(|i| i.at), Some(lair), "Danger does not bring the neighbouring Adult: {:?}", a.events);
    let noise: Vec<&Event> = a.events.iter().filter(|e| matches!(e, Event::NoisePlaced { .. })).collect();
    assert_eq!(noise.len(), 1, "only the Careful Movement's own marker is placed: {:?}", a.events);
}

// ---------------------------------------------------------------- Deviation 23: the Malfunction Event card (p. 17)

#[test]
fn malfunction_card_on_a_lowest_room_already_malfunctioning_does_nothing_p17() {
    // The card: a Malfunction marker in the explored room with the lowest number. The special rooms
    // are explored from the start (p. 26), the Cockpit is room 001. p. 17: "Any given Room may
    // never hold more than 1 Malfunction marker. If you are instructed to place another one,
    // nothing happens" - the marker does not go on to another room.
    let (mut s, mut f) = table(2, 1802);
    s.room_mut(COCKPIT).malfunction = true;
    s.phase = Phase::Event { step: EventStep::EventCard };
    let before = s.malfunction_count();
    let a = ok(&s, &mut f, Command::ResolveEventCard, vec![Entered::EventCard { key: "malfunction".into() }]);
    assert!(!a.events.iter().any(|e| matches!(e, Event::MalfunctionPlaced { .. })), "no marker placed anywhere: {:?}", a.events);
    assert_eq!(a.state.malfunction_count(), before);
}

// ---------------------------------------------------------------- Deviation 16: a transformed Creeper's token (p. 16, p. 20)

#[test]
fn a_breeder_born_of_a_transformation_puts_a_breeder_token_into_the_bag_when_it_leaves_p16_p20() {
    // p. 16: an Intruder entering the Technical Corridors puts "its corresponding Intruder token"
    // into the bag (Lurking does the same, card reference #16). A Breeder's is a Breeder token, not
    // the Creeper token that was drawn before the Transformation.
    let mut t = Table::new(2, 1803);
    let creeper = t.encounter(Seat(0), TokenKind::Creeper, None);
    let drawn = t.s.intruder(creeper).and_then(|i| i.token).expect("the drawn Creeper token is set aside with it");
    t.s.seats[Seat(0)].hand = 5;
    t.run(Command::AttackCharacter { id: creeper, target: Some(Seat(0)) }, vec![card("transformation")]);
    assert_eq!(t.s.intruder(creeper).map(|i| i.kind), Some(IntruderKind::Breeder));
    assert_eq!(t.s.tokens[drawn.0 as usize], TokenPlace::Supply, "the Creeper has left play: its token joins the supply");
    let (creepers, breeders) = (in_bag(&t.s, TokenKind::Creeper), in_bag(&t.s, TokenKind::Breeder));
    for seat in [Seat(0), Seat(1)] {
        t.s.seats[seat].location = COCKPIT;
    }
    t.at_step(EventStep::EventCard);
    t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: "lurking".into() }]);
    assert!(t.s.intruder(creeper).is_none(), "Lurking: the Breeder leaves the board");
    assert_eq!(in_bag(&t.s, TokenKind::Breeder), breeders + 1, "a Breeder token goes into the bag");
    assert_eq!(in_bag(&t.s, TokenKind::Creeper), creepers, "not the Creeper token");
    assert_each_token_in_one_place(&t.s, "after the Breeder left");
}

// ---------------------------------------------------------------- Deviation 11: Objects in a Trade and the Arm wound (p. 13, p. 22)

#[test]
fn a_trade_hands_a_carried_object_to_a_character_in_the_same_room_p13() {
    // p. 13: in a Trade the players "may show each other any Item cards and Objects they want to
    // trade ... they exchange the items". The receiver needs a free Hand slot (p. 22).
    let (mut s, mut f) = table(2, 1804);
    s.seats[Seat(0)].carcasses_carried = 1;
    let give = Command::DropObject { seat: Seat(0), object: ResearchObject::IntruderCarcass, give_to: Some(Seat(1)) };
    let a = ok(&s, &mut f, give.clone(), vec![]);
    assert_eq!((a.state.seats[Seat(0)].carcasses_carried, a.state.seats[Seat(1)].carcasses_carried), (0, 1), "handed over");
    assert_eq!(a.state.room(HIB).carcasses, s.room(HIB).carcasses, "nothing is left on the floor");
    let mut apart = s.clone();
    apart.seats[Seat(1)].location = COCKPIT;
    assert_eq!(refused(&apart, &mut f, give.clone(), vec![]).key, "a_trade_is_with_another_character_in_the_same");
    let mut full = s.clone();
    full.seats[Seat(1)].corpses_carried = 2;
    assert_eq!(refused(&full, &mut f, give, vec![]).key, "the_character_s_hands_are_full_objects_carried");
}

#[test]
fn a_new_arm_wound_with_two_objects_carried_makes_the_character_drop_one_before_acting_p22() {
    // p. 22: two Hand slots; the Arm wound card leaves one, and a second Heavy Object carried is
    // dropped at once (card reference §0 #6, A).
    let (mut s, mut f) = table(2, 1805);
    s.seats[Seat(0)].carcasses_carried = 1;
    s.seats[Seat(0)].corpses_carried = 1;
    let a = ok(&s, &mut f, Command::Wound { seat: Seat(0), light: 0, serious: 1 }, vec![Entered::SeriousWound { key: "arm".into() }]);
    let to = Content::base().board.neighbours(HIB)[0].0;
    let mv = Command::MoveCharacter { seat: Seat(0), to, careful_noise: None };
    assert_eq!(refused(&a.state, &mut f, mv.clone(), vec![]).key, "an_arm_wound_leaves_one_hand_slot_drop_an");
    let b = ok(&a.state, &mut f, Command::DropObject { seat: Seat(0), object: ResearchObject::CharacterCorpse, give_to: None }, vec![]);
    assert_eq!(b.state.room(HIB).corpses, s.room(HIB).corpses + 1, "dropped where the character stands");
    run(&b.state, &mut f, mv, silence()).expect("one Object in the one slot left: the character acts again");
}

// ---------------------------------------------------------------- Deviation 6: the rooms whose effect the table records (p. 17, p. 24)

#[test]
fn hatch_control_and_command_center_actions_need_the_working_room_out_of_combat_p17_p24() {
    // p. 24: "a Character must be in the corresponding Room"; no Room Action in Combat or with a
    // Malfunction marker (p. 17). `RoomAction` is how the room itself is the source of the effect
    // the table then records (`SetPodLock`, `SetDoor`). The Emergency Room has its own command
    // (`TreatWounds`, tests/rules/rooms.rs).
    for key in ["hatch_control_system", "command_center"] {
        let (mut s, mut f) = table(2, 1806);
        let action = Command::RoomAction { seat: Seat(0) };
        assert_eq!(refused(&s, &mut f, action.clone(), vec![]).key, "this_room_s_action_has_its_own_command", "{key}: not from the Hibernatorium");
        let at = stand_in(&mut s, Seat(0), key);
        let a = ok(&s, &mut f, action.clone(), vec![]);
        assert!(a.events.contains(&Event::ActionTaken { seat: Seat(0), cards: 2 }), "{key}: 2 cards (p. 24)");
        let mut broken = s.clone();
        broken.room_mut(at).malfunction = true;
        assert_eq!(refused(&broken, &mut f, action.clone(), vec![]).key, "a_malfunction_in_the_room_stops_its_action", "{key}");
        let mut fight = s.clone();
        add_intruder(&mut fight, IntruderKind::Creeper, at);
        assert_eq!(refused(&fight, &mut f, action, vec![]).key, "room_actions_are_not_possible_in_combat", "{key}");
    }
}
