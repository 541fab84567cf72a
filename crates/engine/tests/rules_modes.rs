//! The fully cooperative mode's Revive (manual p. 27): a dead character whose Corpse the crew
//! carried to a working Emergency Room stands up there at the start of a turn.

mod common;
use common::*;

use nemesis_engine::command::{Command, Entered};
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
    assert_eq!(run(&a.state, &mut f, Command::BecomeIntruderPlayer { seat: Seat(0) }).unwrap_err().code, Code::NotAllowed);
    run(&a.state, &mut f, Command::BecomeIntruderPlayer { seat: Seat(1) }).expect("player 1 takes the Intruders");
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

/// A 3-player game in turn 2's Player Phase with seat 1 playing the Intruders, an Adult
/// placed with seat 0, and the app's Intruder Attack deck.
fn intruder_player_at_work(seed: u64) -> (State, Fate, IntruderId) {
    let (s, mut f) = table(3, seed);
    let s = then(&s, &mut f, Command::KillCharacter { seat: Seat(1) }, vec![]);
    let s = then(&s, &mut f, Command::BecomeIntruderPlayer { seat: Seat(1) }, vec![]);
    let (s, _) = event_phase(s, &mut f);
    let at = s.seats[Seat(0)].location;
    let s = then(&s, &mut f, Command::PlaceIntruder { kind: IntruderKind::Adult, at }, vec![]);
    let id = s.intruders.last().expect("placed").id;
    (s, f, id)
}

fn attack_pile(s: &State) -> usize {
    s.attacks.draw.len() + s.attacks.discard.len() + s.attacks.removed.len()
}

#[test]
fn the_intruder_player_draws_as_many_attack_cards_as_their_card_shows_and_only_they_see_them_p27() {
    let (s, mut f, id) = intruder_player_at_work(771);
    let top3: Vec<AttackCardId> = s.attacks.draw.iter().rev().take(3).copied().collect();
    let a = run(&s, &mut f, Command::IntruderPlayerAttack { seat: Seat(1), id, target: Seat(0), card_number: 3 }).expect("accepted");
    let offer = a.state.attack_offer.clone().expect("the drawn cards wait for a choice");
    assert_eq!(offer.cards, top3, "the top three cards of the deck");
    assert_eq!(attack_pile(&a.state) + 3, 20, "the three cards are in the Intruder player's hand, not in the deck");
    assert!(a.events.iter().all(|e| !matches!(e, Event::LightWoundsSet { .. } | Event::SeriousWoundDrawn { .. })), "nothing is resolved before the choice");
    let mine = a.state.seat_view(Seat(1)).unwrap().attack_offer.expect("the Intruder player sees their cards");
    assert_eq!(mine.cards.iter().map(|c| c.id).collect::<Vec<_>>(), top3);
    assert!(a.state.seat_view(Seat(0)).unwrap().attack_offer.is_none(), "the target does not see them");
    let public = a.state.public_view().attack_choice.expect("the table sees that a choice is pending");
    assert_eq!((public.seat, public.target, public.cards), (Seat(1), Seat(0), 3));
    assert_eq!(run(&a.state, &mut f, Command::EndPlayerPhase).unwrap_err().code, Code::WrongPhase, "nothing else happens until they choose");
}

#[test]
fn the_chosen_attack_card_resolves_and_the_others_go_to_the_bottom_of_the_deck_p27() {
    let (s, mut f, id) = intruder_player_at_work(772);
    let s = then(&s, &mut f, Command::IntruderPlayerAttack { seat: Seat(1), id, target: Seat(0), card_number: 3 }, vec![]);
    let cards = s.attack_offer.clone().unwrap().cards;
    let pick = cards[1];
    assert_eq!(run(&s, &mut f, Command::ChooseAttackCard { seat: Seat(0), card: pick }).unwrap_err().code, Code::NotYourSeat, "only the Intruder player chooses");
    let a = run(&s, &mut f, Command::ChooseAttackCard { seat: Seat(1), card: pick }).expect("chosen");
    assert!(a.state.attack_offer.is_none());
    assert_eq!(a.state.attacks.discard.last(), Some(&pick), "the chosen card is resolved and discarded");
    let bottom: Vec<AttackCardId> = a.state.attacks.draw.iter().take(2).copied().collect();
    assert!(bottom.contains(&cards[0]) && bottom.contains(&cards[2]), "the other two are at the bottom: {bottom:?}");
    assert_eq!(attack_pile(&a.state), 20);
    assert!(a.state.check_invariants().is_ok(), "every Intruder Attack card is in exactly one place");
    let spec = &Content::base().data.attacks[pick.0 as usize];
    let hit = spec.symbols.contains(&IntruderKind::Adult);
    assert_eq!(a.events.iter().any(|e| matches!(e, Event::AttackMissed { .. })), !hit, "the chosen card decides whether the Adult hits");
}

#[test]
fn the_intruder_player_attacks_only_in_their_own_phase_with_an_intruder_beside_its_target_p27() {
    let (s, mut f, id) = intruder_player_at_work(773);
    let attack = |seat: u8, target: u8, cards: u8| Command::IntruderPlayerAttack { seat: Seat(seat), id, target: Seat(target), card_number: cards };
    assert_eq!(run(&s, &mut f, attack(2, 0, 2)).unwrap_err().code, Code::NotAllowed, "seat 2 does not play the Intruders");
    assert_eq!(run(&s, &mut f, attack(1, 0, 5)).unwrap_err().code, Code::NoSuchThing, "Intruder Action cards show 1 to 4");
    assert_eq!(run(&s, &mut f, attack(1, 0, 0)).unwrap_err().code, Code::NoSuchThing);
    let elsewhere = Content::base().board.locations().find(|l| *l != s.seats[Seat(2)].location && *l != s.seats[Seat(0)].location).unwrap();
    let moved = then(&s, &mut f, Command::PlaceCharacter { seat: Seat(2), at: elsewhere }, vec![]);
    assert_eq!(run(&moved, &mut f, attack(1, 2, 2)).unwrap_err().code, Code::NotAllowed, "the Intruder is not in seat 2's room");
    assert_eq!(run(&s, &mut f, Command::ChooseAttackCard { seat: Seat(1), card: AttackCardId(0) }).unwrap_err().code, Code::WrongPhase, "no cards were drawn");
    // Before the Intruder player's rules apply (the turn they took over), no such attack.
    let (t, mut g) = table(3, 774);
    let t = then(&t, &mut g, Command::KillCharacter { seat: Seat(1) }, vec![]);
    let t = then(&t, &mut g, Command::BecomeIntruderPlayer { seat: Seat(1) }, vec![]);
    let at = t.seats[Seat(0)].location;
    let t = then(&t, &mut g, Command::PlaceIntruder { kind: IntruderKind::Adult, at }, vec![]);
    let id2 = t.intruders.last().unwrap().id;
    let early = run(&t, &mut g, Command::IntruderPlayerAttack { seat: Seat(1), id: id2, target: Seat(0), card_number: 2 });
    assert_eq!(early.unwrap_err().code, Code::NotAllowed, "their rules apply from the next Player Phase");
}

#[test]
fn a_larva_or_a_single_card_attack_needs_no_choice_p20_p27() {
    let (s, mut f, id) = intruder_player_at_work(775);
    let one = run(&s, &mut f, Command::IntruderPlayerAttack { seat: Seat(1), id, target: Seat(0), card_number: 1 }).expect("accepted");
    assert!(one.state.attack_offer.is_none(), "one card: it is simply resolved");
    assert!(one.events.iter().any(|e| matches!(e, Event::AttackCardDrawn { .. })));
    let at = s.seats[Seat(0)].location;
    let s = then(&s, &mut f, Command::PlaceIntruder { kind: IntruderKind::Larva, at }, vec![]);
    let larva = s.intruders.last().unwrap().id;
    let a = run(&s, &mut f, Command::IntruderPlayerAttack { seat: Seat(1), id: larva, target: Seat(0), card_number: 3 }).expect("accepted");
    assert!(a.state.attack_offer.is_none(), "a Larva draws no card");
    assert!(a.events.iter().any(|e| matches!(e, Event::CharacterInfested { .. })), "it infests its target");
}

#[test]
fn with_a_physical_attack_deck_the_table_enters_the_card_the_intruder_player_chose_p27() {
    let (mut s, mut f, id) = intruder_player_at_work(776);
    s.config.handled.retain(|c| *c != Component::AttackDeck);
    let attack = Command::IntruderPlayerAttack { seat: Seat(1), id, target: Seat(0), card_number: 3 };
    let err = run(&s, &mut f, attack.clone()).unwrap_err();
    assert_eq!(err.code, Code::ResultNeeded, "the app asks for the chosen card");
    let a = ok(&s, &mut f, attack, vec![Entered::AttackCard { key: "scratch".into(), blood: None }]);
    assert!(a.state.attack_offer.is_none());
    assert!(a.events.iter().any(|e| matches!(e, Event::LightWoundsSet { seat: Seat(0), .. })), "Scratch: a Light Wound");
}

#[test]
fn when_the_deck_runs_short_the_discards_are_shuffled_in_under_the_cards_left_p20_p27() {
    let (mut s, mut f, id) = intruder_player_at_work(777);
    let keep: Vec<AttackCardId> = s.attacks.draw.iter().rev().take(1).copied().collect();
    let rest: Vec<AttackCardId> = s.attacks.draw.iter().copied().filter(|c| !keep.contains(c)).collect();
    s.attacks.draw = keep.clone();
    s.attacks.discard.extend(rest);
    let a = run(&s, &mut f, Command::IntruderPlayerAttack { seat: Seat(1), id, target: Seat(0), card_number: 3 }).expect("accepted");
    let offer = a.state.attack_offer.clone().expect("three cards drawn");
    assert_eq!(offer.cards.len(), 3);
    assert_eq!(offer.cards[0], keep[0], "the card left on the deck is drawn first");
    assert!(a.state.check_invariants().is_ok());
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
