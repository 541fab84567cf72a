//! The fully cooperative mode's Revive (manual p. 27): a dead character whose Corpse the crew
//! carried to a working Emergency Room stands up there at the start of a turn.

mod common;
use common::*;

use nemesis_engine::command::Command;
use nemesis_engine::content::Content;
use nemesis_engine::event::Event;
use nemesis_engine::ids::*;
use nemesis_engine::state::*;
use nemesis_engine::{apply, Applied, Code, Fate, Rejection};

fn coop(seed: u64) -> (State, Fate) {
    let mut o = options(3);
    o.mode = Mode::Cooperative;
    o.handled.retain(|c| *c != Component::Objectives);
    let g = started_with(o, seed);
    (state(&g).clone(), Fate::restore(&g.fate_snapshot()))
}

fn run(s: &State, f: &mut Fate, c: Command) -> Result<Applied, Rejection> {
    apply(Some(s), f, Actor::Table, &c, &[])
}

/// The Emergency Room's place on this board, explored, with seat 0 dead and wounded.
fn with_a_corpse_in_the_emergency_room(s: &mut State, f: &mut Fate) -> Location {
    let er = Content::base().room_tile("emergency_room").expect("the Emergency Room is a room tile");
    let at = Content::base().board.locations().find(|l| s.room(*l).tile == Some(er)).expect("the Emergency Room is aboard in this game");
    s.room_mut(at).explored = true;
    let dead = run(s, f, Command::Wound { seat: Seat(0), light: 2, serious: 0 }).unwrap().state;
    *s = run(&dead, f, Command::KillCharacter { seat: Seat(0) }).unwrap().state;
    at
}

#[test]
fn in_the_cooperative_mode_a_corpse_in_a_working_emergency_room_is_revived_there_p27() {
    let (mut s, mut f) = coop(701);
    let at = with_a_corpse_in_the_emergency_room(&mut s, &mut f);
    let a = run(&s, &mut f, Command::ReviveCharacter { seat: Seat(0) }).expect("revived");
    assert!(a.events.contains(&Event::CharacterRevived { seat: Seat(0), at }));
    let me = &a.state.seats[Seat(0)];
    assert_eq!((me.life, me.location, me.light_wounds), (Life::Awake, at, 0), "back on board in the Emergency Room, Light Wounds gone");
    assert!(me.serious.iter().all(|w| w.dressed), "every Serious Wound dressed");
    assert_eq!(run(&a.state, &mut f, Command::ReviveCharacter { seat: Seat(0) }).unwrap_err().code, Code::NotAllowed, "once up, not again");
}

#[test]
fn a_revived_character_who_dies_again_is_not_the_first_death_p12_p27() {
    let (mut s, mut f) = coop(704);
    with_a_corpse_in_the_emergency_room(&mut s, &mut f);
    let up = run(&s, &mut f, Command::ReviveCharacter { seat: Seat(0) }).expect("revived").state;
    let again = run(&up, &mut f, Command::KillCharacter { seat: Seat(0) }).unwrap();
    assert!(!nemesis_engine::moments::of_step(&again.events, &again.state).contains(&nemesis_engine::Moment::FirstDeath), "the pods unlocked at the first death already");
}

#[test]
fn the_revive_needs_the_cooperative_mode_a_dead_character_and_the_player_phase_p27() {
    let (mut s, mut f) = table(3, 731);
    with_a_corpse_in_the_emergency_room(&mut s, &mut f);
    assert_eq!(run(&s, &mut f, Command::ReviveCharacter { seat: Seat(0) }).unwrap_err().code, Code::NotAllowed, "the standard game has no AutoDoc");

    let (mut s, mut f) = coop(711);
    let er_at = with_a_corpse_in_the_emergency_room(&mut s, &mut f);
    assert_eq!(run(&s, &mut f, Command::ReviveCharacter { seat: Seat(1) }).unwrap_err().code, Code::NotAllowed, "only the dead are revived");
    let mut event = s.clone();
    event.phase = Phase::Event { step: EventStep::TimeTrack };
    assert_eq!(run(&event, &mut f, Command::ReviveCharacter { seat: Seat(0) }).unwrap_err().code, Code::WrongPhase, "at the start of a turn");
    let mut far = s.clone();
    far.room_mut(er_at).explored = false;
    assert_eq!(run(&far, &mut f, Command::ReviveCharacter { seat: Seat(0) }).unwrap_err().code, Code::NotAllowed, "an unexplored Emergency Room does not work");
}

#[test]
fn an_intruder_or_a_malfunction_stops_the_emergency_room_p27() {
    let (mut s, mut f) = coop(721);
    let at = with_a_corpse_in_the_emergency_room(&mut s, &mut f);
    let mut broken = s.clone();
    broken.room_mut(at).malfunction = true;
    let err = run(&broken, &mut f, Command::ReviveCharacter { seat: Seat(0) }).unwrap_err();
    assert_eq!(err.code, Code::NotAllowed, "a Malfunction: {}", err.reason);
    let mut guarded = s.clone();
    guarded.intruders.push(Intruder { id: IntruderId(guarded.next_intruder), kind: IntruderKind::Adult, at, injuries: 0, token: None });
    guarded.next_intruder += 1;
    let err = run(&guarded, &mut f, Command::ReviveCharacter { seat: Seat(0) }).unwrap_err();
    assert_eq!(err.code, Code::NotAllowed, "an Intruder: {}", err.reason);
}


// ---------------------------------------------------------------- Playing as an Intruder (p. 27)

/// Applies an accepted command and keeps only the state after it.
fn then(s: &State, f: &mut Fate, c: Command, entered: Vec<nemesis_engine::command::Entered>) -> State {
    ok(s, f, c, entered).state
}

#[test]
fn only_the_first_player_to_lose_their_character_may_take_the_intruders_and_only_once_p27() {
    let (s, mut f) = table(4, 741);
    assert_eq!(run(&s, &mut f, Command::BecomeIntruderPlayer { seat: Seat(0) }).unwrap_err().code, Code::NotAllowed, "nobody has died yet");
    let s = then(&s, &mut f, Command::KillCharacter { seat: Seat(2) }, vec![]);
    let s = then(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    assert_eq!(run(&s, &mut f, Command::BecomeIntruderPlayer { seat: Seat(0) }).unwrap_err().code, Code::NotAllowed, "Seat 0 died second");
    assert_eq!(run(&s, &mut f, Command::BecomeIntruderPlayer { seat: Seat(1) }).unwrap_err().code, Code::NotAllowed, "Seat 1 is alive");
    let a = run(&s, &mut f, Command::BecomeIntruderPlayer { seat: Seat(2) }).expect("the first dead player takes the Intruders");
    assert!(a.events.contains(&Event::IntruderPlayerJoined { seat: Seat(2) }));
    assert_eq!(a.state.public_view().intruder_player, Some(Seat(2)));
    assert!(!a.state.public_view().intruder_player_active, "changes apply only from the next Player Phase");
    assert_eq!(run(&a.state, &mut f, Command::BecomeIntruderPlayer { seat: Seat(2) }).unwrap_err().code, Code::NotAllowed, "only one player takes the Intruders");

    let (mut c, mut f) = coop(742);
    c = then(&c, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    assert_eq!(run(&c, &mut f, Command::BecomeIntruderPlayer { seat: Seat(0) }).unwrap_err().code, Code::NotAllowed, "not in the cooperative mode");
}

/// Runs the Event Phase from its start, step by step, noting each step it stops at.
fn event_phase(mut s: State, f: &mut Fate) -> (State, Vec<EventStep>) {
    use nemesis_engine::command::Entered;
    s = then(&s, f, Command::EndPlayerPhase, vec![]);
    let mut steps = Vec::new();
    while let Phase::Event { step } = s.phase {
        steps.push(step);
        let (c, e) = match step {
            EventStep::TimeTrack => (Command::AdvanceTime, vec![]),
            EventStep::IntruderAttack => (Command::ResolveIntruderAttacks, vec![]),
            EventStep::FireDamage => (Command::ResolveFireDamage, vec![]),
            EventStep::EventCard => (Command::ResolveEventCard, vec![Entered::EventCard { key: "bulkheads_open".into() }]),
            EventStep::BagDevelopment => (Command::DevelopBag, vec![Entered::Token { token: TokenKind::Larva, back: None }]),
        };
        s = then(&s, f, c, e);
    }
    (s, steps)
}

#[test]
fn with_an_intruder_player_the_event_phase_keeps_only_the_time_track_and_fire_damage_from_the_next_turn_p27() {
    let (s, mut f) = table(3, 751);
    let s = then(&s, &mut f, Command::KillCharacter { seat: Seat(1) }, vec![]);
    let s = then(&s, &mut f, Command::BecomeIntruderPlayer { seat: Seat(1) }, vec![]);
    let (s, this_turn) = event_phase(s, &mut f);
    assert_eq!(this_turn.len(), 5, "the current turn ends by the standard rules: {this_turn:?}");
    assert!(s.public_view().intruder_player_active);
    let (_, next_turn) = event_phase(s, &mut f);
    assert_eq!(next_turn, vec![EventStep::TimeTrack, EventStep::FireDamage], "no attacks, no Event card, no bag development");
}

#[test]
fn the_intruder_player_draws_three_up_to_four_and_never_takes_the_first_player_token_p27() {
    let (s, mut f) = table(3, 761);
    let first = s.first_player;
    let next = Seat((first.0 + 1) % 3);
    let s = then(&s, &mut f, Command::KillCharacter { seat: next }, vec![]);
    let s = then(&s, &mut f, Command::BecomeIntruderPlayer { seat: next }, vec![]);
    let (s, _) = event_phase(s, &mut f);
    assert_eq!(s.seats[next].hand, 3, "3 Intruder Action cards");
    assert_eq!(s.first_player, Seat((first.0 + 2) % 3), "the token passes over the Intruder player, who would have been next");
    let s = then(&s, &mut f, Command::SetHandSize { seat: next, cards: 2 }, vec![]);
    let (s, _) = event_phase(s, &mut f);
    assert_eq!(s.seats[next].hand, 4, "2 kept + 3 drawn, but the hand limit is 4");
}

// ---------------------------------------------------------------- The cooperative verdict (p. 27)

/// A fully cooperative 3-player game at the victory check's objectives: seat 0 dead, seats 1
/// and 2 escaped, every step before the objectives done.
fn coop_at_objectives(seed: u64) -> (State, Fate) {
    let (mut s, mut f) = coop(seed);
    s.seats[Seat(1)].life = Life::Escaped;
    s.seats[Seat(2)].life = Life::Escaped;
    s = then(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    // Through the check's earlier steps, whichever this game needs (p. 11).
    while let Phase::Over { check, .. } = s.phase {
        let c = match check {
            VictoryStep::Engines => Command::RevealEngines,
            VictoryStep::Coordinates => Command::RevealCoordinates { quarantine: vec![] },
            VictoryStep::Contamination => {
                let seat = [Seat(1), Seat(2)].into_iter().find(|x| !s.seats[*x].contamination_checked).expect("someone to check");
                Command::CheckContamination { seat }
            }
            _ => break,
        };
        s = then(&s, &mut f, c, vec![]);
    }
    assert!(matches!(s.phase, Phase::Over { check: VictoryStep::Objectives, .. }), "at the objectives: {:?}", s.phase);
    (s, f)
}

fn judge_all(mut s: State, f: &mut Fate, met: impl Fn(Seat) -> bool) -> State {
    for seat in s.judged_seats() {
        s = then(&s, f, Command::RevealObjective { seat }, vec![]);
        assert!(s.public_view().seats[seat.0 as usize].objective_revealed, "revealed, even a card that stays at the table");
        s = then(&s, f, Command::JudgeObjective { seat, met: met(seat) }, vec![]);
    }
    s
}

#[test]
fn in_the_cooperative_mode_every_players_objective_is_judged_the_dead_players_too_p27() {
    let (s, _) = coop_at_objectives(781);
    let mut judged = s.judged_seats();
    judged.sort();
    assert_eq!(judged, vec![Seat(0), Seat(1), Seat(2)], "all objectives must be met, the dead player's included");
    assert_eq!(s.public_view().judged_seats.len(), 3, "the screen knows whom to ask");
}

#[test]
fn the_cooperative_crew_wins_together_only_if_every_objective_is_met_and_someone_survived_p27() {
    let (s, mut f) = coop_at_objectives(782);
    let won = judge_all(s.clone(), &mut f, |_| true);
    assert!(matches!(won.phase, Phase::Over { check: VictoryStep::Done, .. }));
    assert!(won.public_view().seats.iter().all(|x| x.winner == Some(true)), "the whole crew wins, the dead player too");

    let lost = judge_all(s, &mut f, |seat| seat != Seat(0));
    assert!(lost.public_view().seats.iter().all(|x| x.winner == Some(false)), "one objective missed: the whole crew loses");
}

#[test]
fn in_the_standard_game_only_survivors_are_judged_p11() {
    let (mut s, mut f) = table(3, 783);
    s.seats[Seat(1)].life = Life::Escaped;
    s.seats[Seat(2)].life = Life::Escaped;
    s = then(&s, &mut f, Command::KillCharacter { seat: Seat(0) }, vec![]);
    let mut judged = s.judged_seats();
    judged.sort();
    assert_eq!(judged, vec![Seat(1), Seat(2)]);
}
