//! Scenario tests for the journal: undo, corrections, replay and refusals. The rulebook says
//! nothing of an app's journal; these rules are the engine's own promises to the table (game.rs,
//! rejection.rs): undo never crosses chance or a secret shown to one player, a correction records
//! the real result of a physical component, and a refusal changes nothing at all.

use crate::common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::Content;
use nemesis_engine::game::EntryKind;
use nemesis_engine::ids::*;
use nemesis_engine::log::{log, Audience};
use nemesis_engine::state::Component;
use nemesis_engine::{Code, Event, Fate, Game, Request};

fn undo(g: &mut Game) -> Result<(), nemesis_engine::Rejection> {
    g.submit(Actor::Table, Request::Undo).map(|_| ())
}

fn correct(g: &mut Game, entered: Vec<Entered>) -> Result<Vec<Event>, nemesis_engine::Rejection> {
    g.submit(Actor::Table, Request::Correct { entered }).map(|e| e.events.clone())
}

fn wound_key(card: WoundCardId) -> String {
    Content::base().data.serious_wounds[card.0 as usize].key.clone()
}

#[test]
fn undo_steps_back_over_a_non_random_entry_and_restores_the_state_exactly() {
    let mut g = started(2, 201);
    let before = state(&g).clone();
    act(&mut g, Command::SetHandSize { seat: Seat(0), cards: 2 }).unwrap();
    let middle = state(&g).clone();
    act(&mut g, Command::SetFire { at: Location(1), on: true }).unwrap();
    assert!(state(&g).room(Location(1)).fire);

    undo(&mut g).expect("setting a Fire marker involves no chance");
    assert_eq!(state(&g), &middle, "undo restores the state before the Fire marker exactly");
    undo(&mut g).expect("the hand size step can be undone too");
    assert_eq!(state(&g), &before, "and then the state before it");

    let kinds: Vec<EntryKind> = g.entries().iter().rev().take(2).map(|e| e.kind.clone()).collect();
    assert!(kinds.iter().all(|k| matches!(k, EntryKind::Undo(_))), "undo is recorded, not erased: {kinds:?}");
    let lines = log(g.entries(), Audience::Table);
    assert_eq!(lines.iter().filter(|l| l.key == "undone").count(), 2, "the log shows each undone step");
}

#[test]
fn undo_is_refused_across_a_random_outcome() {
    // The table rolls its own dice: the roll cannot be undone, only corrected with the real face.
    let mut g = started_with(physical(2, &[Component::Dice]), 202);
    act_with(&mut g, Command::RollDice { die: Die::Noise, count: 1 }, vec![Entered::Noise { face: NoiseFace::One }]).unwrap();
    let before = state(&g).clone();
    let entries = g.entries().len();
    let err = undo(&mut g).unwrap_err();
    assert_eq!(err.code, Code::CannotUndo, "a roll cannot be taken back");
    assert_eq!(err.key, "that_step_involved_chance_it_cannot_be_undone", "the reason says why: {}", err.reason);
    assert!(err.reason.contains("correct it with the real result"), "and what to do instead: {}", err.reason);
    assert_eq!(state(&g), &before, "the refusal changed nothing");
    assert_eq!(g.entries().len(), entries, "and recorded nothing");

    // A plain step after the roll can be undone, but no further.
    act(&mut g, Command::SetHandSize { seat: Seat(1), cards: 3 }).unwrap();
    undo(&mut g).expect("the plain step");
    assert_eq!(state(&g), &before);
    assert_eq!(undo(&mut g).unwrap_err().code, Code::CannotUndo, "the roll still blocks");
}

#[test]
fn undo_is_refused_across_a_private_reveal() {
    let mut g = started(2, 203);
    let engine_1 = nemesis_engine::content::Content::base().engine_location(EngineNumber(1)).unwrap();
    act(&mut g, Command::PlaceCharacter { seat: Seat(0), at: engine_1 }).unwrap();
    act(&mut g, Command::CheckEngine { seat: Seat(0), engine: EngineNumber(1) }).unwrap();
    let before = state(&g).clone();
    let err = undo(&mut g).unwrap_err();
    assert_eq!(err.code, Code::CannotUndo, "a player saw a secret: it cannot be unseen");
    assert!(err.reason.contains("secret"), "the reason says why: {}", err.reason);
    assert_eq!(state(&g), &before);
    let err = correct(&mut g, vec![Entered::Noise { face: NoiseFace::Silence }]).unwrap_err();
    assert_eq!(err.code, Code::CannotCorrect, "nor corrected: no chance was involved");
}

#[test]
fn undo_and_correct_are_refused_with_nothing_to_act_on() {
    let mut g = Game::new(Fate::seeded(204));
    assert_eq!(undo(&mut g).unwrap_err().code, Code::CannotUndo, "nothing to undo in an empty journal");
    assert_eq!(correct(&mut g, vec![]).unwrap_err().code, Code::CannotCorrect, "nothing to correct either");
    act(&mut g, Command::SetUp(options(2))).unwrap();
    let err = correct(&mut g, vec![Entered::Noise { face: NoiseFace::One }]).unwrap_err();
    assert_eq!(err.code, Code::CannotCorrect, "the setup cannot be corrected, only restarted");
    let mut g = started(2, 204);
    act(&mut g, Command::SetHandSize { seat: Seat(0), cards: 1 }).unwrap();
    let err = correct(&mut g, vec![Entered::Noise { face: NoiseFace::One }]).unwrap_err();
    assert_eq!(err.code, Code::CannotCorrect, "a step without chance is undone, not corrected");
}

#[test]
fn correction_replaces_the_random_outcome_and_shows_in_the_log() {
    // The table keeps the Serious Wound deck, and entered the wrong card from it.
    let physical_wounds = || started_with(physical(2, &[Component::SeriousWoundDeck]), 205);
    let mut g = physical_wounds();
    let events = act_with(&mut g, Command::Wound { seat: Seat(0), light: 0, serious: 1 }, vec![Entered::SeriousWound { key: "arm".into() }]).unwrap();
    let drawn = events
        .iter()
        .find_map(|e| match e {
            Event::SeriousWoundDrawn { card, .. } => Some(*card),
            _ => None,
        })
        .expect("the entered Serious Wound card was drawn");
    let wrong_seq = g.entries().last().unwrap().seq;
    let real = ["body", "arm", "hand", "leg", "bleeding"].into_iter().find(|k| *k != wound_key(drawn)).unwrap();

    correct(&mut g, vec![Entered::SeriousWound { key: real.into() }]).expect("the real card is in the deck");
    let s = state(&g);
    assert_eq!(s.seats[Seat(0)].serious.len(), 1, "the correction replaces the wound, it does not add one");
    assert_eq!(wound_key(s.seats[Seat(0)].serious[0].card), real, "the real card is on the character");
    s.check_invariants().expect("every Serious Wound card is in one place");
    let last = g.entries().last().unwrap();
    assert_eq!(last.kind, EntryKind::Correction(wrong_seq), "the journal records a correction of that step");

    let lines = log(g.entries(), Audience::Table);
    let line = lines.iter().find(|l| l.key == "correction").expect("a correction line in the table's log");
    assert_eq!(line.seq, last.seq);
    assert!(line.text.contains(&wrong_seq.to_string()), "it names the corrected step: {}", line.text);

    // The same as if the real card had been entered in the first place.
    let mut twin = physical_wounds();
    act_with(&mut twin, Command::Wound { seat: Seat(0), light: 0, serious: 1 }, vec![Entered::SeriousWound { key: real.into() }]).unwrap();
    assert_eq!(state(&g), state(&twin), "the corrected game equals a game that entered the real result");
}

#[test]
fn a_refused_correction_changes_nothing() {
    let mut g = started_with(physical(2, &[Component::Dice]), 206);
    act_with(&mut g, Command::RollDice { die: Die::Combat, count: 1 }, vec![Entered::Combat { face: CombatFace::Miss }]).unwrap();
    let before = state(&g).clone();
    let entries = g.entries().len();
    let fate = g.fate_snapshot();
    let err = correct(&mut g, vec![Entered::Combat { face: CombatFace::Hit }, Entered::Noise { face: NoiseFace::One }]).unwrap_err();
    assert_eq!(err.code, Code::BadResult, "a Noise face is no result for a Combat roll");
    assert_eq!(state(&g), &before, "the state is untouched");
    assert_eq!(g.entries().len(), entries, "nothing is recorded");
    assert_eq!(g.fate_snapshot(), fate, "the generator is untouched");
    let events = correct(&mut g, vec![Entered::Combat { face: CombatFace::TwoHits }]).unwrap();
    assert!(events.contains(&Event::DiceRolled { die: Die::Combat, noise: vec![], combat: vec![CombatFace::TwoHits] }));
}

#[test]
fn replaying_the_journal_gives_the_same_state_and_the_same_next_draw() {
    // The table keeps the bag and corrects its draw; the app keeps everything else.
    let mut g = started_with(physical(3, &[Component::IntruderBag]), 207);
    act(&mut g, Command::SetHandSize { seat: Seat(2), cards: 1 }).unwrap();
    act_with(&mut g, Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Larva, back: None }]).unwrap();
    correct(&mut g, vec![Entered::Token { token: TokenKind::Creeper, back: None }]).unwrap();
    act(&mut g, Command::Wound { seat: Seat(1), light: 1, serious: 1 }).unwrap();
    act(&mut g, Command::SetFire { at: Location(1), on: true }).unwrap();
    undo(&mut g).unwrap();
    act(&mut g, Command::EndPlayerPhase).unwrap();
    act(&mut g, Command::AdvanceTime).unwrap();

    let mut restored = Game::restore(g.entries().to_vec(), &g.fate_snapshot()).expect("a journal that starts with the setup");
    assert_eq!(restored.state(), g.state(), "replaying every entry gives the same state");
    assert_eq!(restored.entries(), g.entries());

    let a = act(&mut g, Command::RollDice { die: Die::Noise, count: 2 }).unwrap();
    let b = act(&mut restored, Command::RollDice { die: Die::Noise, count: 2 }).unwrap();
    assert_eq!(a, b, "the restored generator continues the same stream");
    let a = act(&mut g, Command::ResolveIntruderAttacks).unwrap();
    let b = act(&mut restored, Command::ResolveIntruderAttacks).unwrap();
    assert_eq!(a, b, "and the same attack draws follow");
    assert_eq!(restored.state(), g.state());
}

#[test]
fn refused_commands_give_a_stable_code_and_a_reason_and_change_nothing() {
    let mut g = started(2, 208);
    let mut twin = started(2, 208);
    let before = state(&g).clone();
    let entries = g.entries().len();
    let fate = g.fate_snapshot();
    let refusals: Vec<(Command, Vec<Entered>, Code)> = vec![
        (Command::AdvanceTime, vec![], Code::WrongPhase),
        (Command::TryHibernate { seat: Seat(0) }, vec![], Code::NotAllowed),
        (Command::SetHandSize { seat: Seat(7), cards: 1 }, vec![], Code::NoSuchThing),
        (Command::MoveCharacter { seat: Seat(0), to: Location(1), careful_noise: None }, vec![], Code::NotAllowed),
        (Command::KillIntruder { id: IntruderId(99) }, vec![], Code::NoSuchThing),
        (Command::SetUp(options(2)), vec![], Code::WrongPhase),
        // The roll draws from the generator before the unused entry is noticed: still nothing may change.
        (Command::RollDice { die: Die::Noise, count: 1 }, vec![Entered::Combat { face: CombatFace::Hit }], Code::BadResult),
        (Command::Wound { seat: Seat(0), light: 0, serious: 1 }, vec![Entered::SeriousWound { key: "no_such_wound".into() }], Code::BadResult),
    ];
    for (command, entered, code) in refusals {
        let what = format!("{command:?}");
        let err = strict_act_with(&mut g, command, entered).expect_err(&what);
        assert_eq!(err.code, code, "{what}: a stable code for programs");
        assert!(err.reason.len() > 10 && err.reason.ends_with('.'), "{what}: a sentence a player can read: {:?}", err.reason);
        assert_eq!(state(&g), &before, "{what}: the state is unchanged");
        assert_eq!(g.entries().len(), entries, "{what}: nothing is recorded");
        assert_eq!(g.fate_snapshot(), fate, "{what}: the generator is unchanged");
    }
    let a = act(&mut g, Command::RollDice { die: Die::Noise, count: 2 }).unwrap();
    let b = act(&mut twin, Command::RollDice { die: Die::Noise, count: 2 }).unwrap();
    assert_eq!(a, b, "the next draw is the one a game without the refusals makes");
}

#[test]
fn a_seat_cannot_act_for_another_seat() {
    let mut g = started(2, 209);
    let before = state(&g).clone();
    let as_seat = |g: &mut Game, seat: u8, command: Command| g.submit(Actor::Seat(Seat(seat)), Request::Do { command, entered: vec![] }).map(|_| ());

    let err = as_seat(&mut g, 0, Command::SetHandSize { seat: Seat(1), cards: 1 }).unwrap_err();
    assert_eq!(err.code, Code::NotYourSeat, "seat 1's hand is seat 1's to report");
    let err = as_seat(&mut g, 0, Command::CheckEngine { seat: Seat(1), engine: EngineNumber(2) }).unwrap_err();
    assert_eq!(err.code, Code::NotYourSeat, "nor may a seat look at a secret for another");
    let err = as_seat(&mut g, 1, Command::AdvanceTime).unwrap_err();
    assert_eq!(err.code, Code::NotYourSeat, "table steps belong to the table screen");
    assert_eq!(state(&g), &before, "no refusal changed anything");
    assert_eq!(g.submit(Actor::Seat(Seat(0)), Request::Undo).unwrap_err().code, Code::NotYourSeat, "only the table undoes");
    assert_eq!(
        g.submit(Actor::Seat(Seat(0)), Request::Correct { entered: vec![Entered::Noise { face: NoiseFace::One }] }).unwrap_err().code,
        Code::NotYourSeat,
        "only the table corrects"
    );

    as_seat(&mut g, 0, Command::SetHandSize { seat: Seat(0), cards: 1 }).expect("a seat acts for itself");
    assert_eq!(state(&g).seats[Seat(0)].hand, 1);
    assert_eq!(g.entries().last().unwrap().actor, Actor::Seat(Seat(0)), "the journal records who acted");
}

/// Found by the import fuzzer (host tests/process/fuzz.rs): a hand-edited save naming a card that is not
/// in the box made the invariant check itself index out of range. It must say what is wrong.
#[test]
fn a_state_holding_a_card_not_in_the_box_fails_the_invariant_check_without_panicking() {
    let g = started(3, 11);
    let mut s = state(&g).clone();
    s.events.discard.push(EventCardId(u8::MAX));
    assert!(s.check_invariants().is_err_and(|e| e.contains("not in the box")));
    let mut s = state(&g).clone();
    s.attacks.draw.push(AttackCardId(u8::MAX));
    assert!(s.check_invariants().is_err());
}

/// An imported journal is checked before it is folded: an id outside the box or a seat not at
/// the table is named, instead of reaching the fold, which looks ids up by position.
#[test]
fn a_journal_naming_an_id_outside_the_box_or_a_missing_seat_is_refused_by_name() {
    use nemesis_engine::bounds::{check_events, Bounds};
    let g = started(2, 211);
    let c = Content::base();
    let events: Vec<Event> = g.entries().iter().flat_map(|e| e.events.clone()).collect();
    check_events(c, &events).expect("the engine's own journal is inside the box");
    let b = Bounds::from_setup(c, &events[0]).unwrap();

    let cases = [
        (Event::HandSizeSet { seat: Seat(2), cards: 3 }, "seat 2"),
        (Event::FirePlaced { at: Location(0) }, "room 0"),
        (Event::FirePlaced { at: Location(c.data.locations.len() as u8 + 1) }, "room 22"),
        (Event::TokenDrawn { token: TokenId(27), purpose: nemesis_engine::event::DrawPurpose::Encounter }, "intruder token 27"),
        (Event::EventCardResolved { card: EventCardId(20) }, "event card 20"),
        (Event::EngineOrderSet { seat: Seat(0), engine: EngineNumber(0), top: EngineStatus::Working, changed: false }, "engine 0"),
        (Event::TimeAdvanced { to: c.data.time_track.moves + 1, from: None }, "track space"),
        (Event::GameSetUp { config: match &events[0] { Event::GameSetUp { config, .. } => config.clone(), _ => unreachable!() }, seats: vec![], first_player: Seat(0) }, "second setup"),
    ];
    for (event, named) in cases {
        let why = b.check(&event).expect_err(&format!("{event:?} is out of bounds")).to_string();
        assert!(why.contains(named), "the reason names {named}: {why}");
        let mut journal = events.clone();
        journal.push(event);
        assert!(check_events(c, &journal).is_err(), "the whole journal is refused");
    }
    // A setup with more seats than its player count is refused before any seat is trusted.
    let Event::GameSetUp { mut config, seats, first_player } = events[0].clone() else { unreachable!() };
    config.players = 3;
    assert!(Bounds::from_setup(c, &Event::GameSetUp { config, seats, first_player }).is_err());
}

/// Once the debrief has been shown the end is final (issue 34, item 8): undo cannot take the
/// table back into play with every secret known. Nine Fires end the game with no survivor
/// (p. 17), a step with no chance in it that could be undone until the debrief was shown.
#[test]
fn once_the_debrief_is_shown_undo_cannot_return_to_play() {
    let mut g = started(2, 3408);
    assert!(!g.seal(), "a game still in play cannot be sealed");
    for at in 1..=12u8 {
        if state(&g).is_over() {
            break;
        }
        let _ = act(&mut g, Command::SetFire { at: Location(at), on: true });
    }
    assert!(state(&g).is_over(), "the ship burned");
    assert!(g.can_undo(), "before the debrief, the last Fire can be undone");
    let (entries, over) = (g.entries().len(), state(&g).clone());
    assert!(g.seal(), "a finished game is sealed when its debrief is shown");
    assert!(!g.can_undo(), "the undo button is greyed");
    let refusal = undo(&mut g).expect_err("undo is refused after the debrief");
    assert_eq!((refusal.code, refusal.key.as_str()), (Code::CannotUndo, "the_debrief_was_shown_the_end_is_final"));
    assert!(refusal.reason.contains("can still be corrected"), "the refusal says a correction stays possible: {}", refusal.reason);
    assert_eq!((g.entries().len(), state(&g)), (entries, &over), "the refusal changed nothing");
}
