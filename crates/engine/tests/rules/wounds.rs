//! Wounds (p. 21): Light and Serious Wounds, dressing and healing, death, and the cooperative
//! Revive (p. 27).

use crate::common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::Content;
use nemesis_engine::event::{DeathCause, Event};
use nemesis_engine::ids::*;
use nemesis_engine::state::*;
use nemesis_engine::{Code, Fate};

/// The Emergency Room's place on this board, explored, with seat 0 dead and wounded.
fn with_a_corpse_in_the_emergency_room(s: &mut State, f: &mut Fate) -> Location {
    let er = Content::base().room_tile("emergency_room").expect("the Emergency Room is a room tile");
    let at = Content::base().board.locations().find(|l| s.room(*l).tile == Some(er)).expect("the Emergency Room is aboard in this game");
    s.room_mut(at).explored = true;
    let dead = run(s, f, Command::Wound { seat: Seat(0), light: 2, serious: 0 }, vec![]).unwrap().state;
    *s = run(&dead, f, Command::KillCharacter { seat: Seat(0) }, vec![]).unwrap().state;
    at
}

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

#[test]
fn in_the_cooperative_mode_a_corpse_in_a_working_emergency_room_is_revived_there_p27() {
    let (mut s, mut f) = coop(701);
    let at = with_a_corpse_in_the_emergency_room(&mut s, &mut f);
    let a = run(&s, &mut f, Command::ReviveCharacter { seat: Seat(0) }, vec![]).expect("revived");
    assert!(a.events.contains(&Event::CharacterRevived { seat: Seat(0), at }));
    let me = &a.state.seats[Seat(0)];
    assert_eq!((me.life, me.location, me.light_wounds), (Life::Awake, at, 0), "back on board in the Emergency Room, Light Wounds gone");
    assert!(me.serious.iter().all(|w| w.dressed), "every Serious Wound dressed");
    assert_eq!(run(&a.state, &mut f, Command::ReviveCharacter { seat: Seat(0) }, vec![]).unwrap_err().code, Code::NotAllowed, "once up, not again");
}

#[test]
fn a_revived_character_who_dies_again_is_not_the_first_death_p12_p27() {
    let (mut s, mut f) = coop(704);
    with_a_corpse_in_the_emergency_room(&mut s, &mut f);
    let up = run(&s, &mut f, Command::ReviveCharacter { seat: Seat(0) }, vec![]).expect("revived").state;
    let again = run(&up, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]).unwrap();
    assert!(!nemesis_engine::moments::of_step(&again.events, &again.state).contains(&nemesis_engine::Moment::FirstDeath), "the pods unlocked at the first death already");
}

#[test]
fn the_revive_needs_the_cooperative_mode_a_dead_character_and_the_player_phase_p27() {
    let (mut s, mut f) = table(3, 731);
    with_a_corpse_in_the_emergency_room(&mut s, &mut f);
    assert_eq!(run(&s, &mut f, Command::ReviveCharacter { seat: Seat(0) }, vec![]).unwrap_err().code, Code::NotAllowed, "the standard game has no AutoDoc");

    let (mut s, mut f) = coop(711);
    let er_at = with_a_corpse_in_the_emergency_room(&mut s, &mut f);
    assert_eq!(run(&s, &mut f, Command::ReviveCharacter { seat: Seat(1) }, vec![]).unwrap_err().code, Code::NotAllowed, "only the dead are revived");
    let mut event = s.clone();
    event.phase = Phase::Event { step: EventStep::TimeTrack };
    assert_eq!(run(&event, &mut f, Command::ReviveCharacter { seat: Seat(0) }, vec![]).unwrap_err().code, Code::WrongPhase, "at the start of a turn");
    let mut far = s.clone();
    far.room_mut(er_at).explored = false;
    assert_eq!(run(&far, &mut f, Command::ReviveCharacter { seat: Seat(0) }, vec![]).unwrap_err().code, Code::NotAllowed, "an unexplored Emergency Room does not work");
}

#[test]
fn an_intruder_or_a_malfunction_stops_the_emergency_room_p27() {
    let (mut s, mut f) = coop(721);
    let at = with_a_corpse_in_the_emergency_room(&mut s, &mut f);
    let mut broken = s.clone();
    broken.room_mut(at).malfunction = true;
    let err = run(&broken, &mut f, Command::ReviveCharacter { seat: Seat(0) }, vec![]).unwrap_err();
    assert_eq!(err.code, Code::NotAllowed, "a Malfunction: {}", err.reason);
    let mut guarded = s.clone();
    guarded.intruders.push(Intruder { id: IntruderId(guarded.next_intruder), kind: IntruderKind::Adult, at, injuries: 0, token: None });
    guarded.next_intruder += 1;
    let err = run(&guarded, &mut f, Command::ReviveCharacter { seat: Seat(0) }, vec![]).unwrap_err();
    assert_eq!(err.code, Code::NotAllowed, "an Intruder: {}", err.reason);
}
