//! The game modes (p. 27): the Solo and Cooperative setups and objectives, the cooperative
//! victory, and the Event and Player Phases with an Intruder player.

use crate::common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::{ExplorationEffect, ObjectiveKind};
use nemesis_engine::ids::*;
use nemesis_engine::state::*;
use nemesis_engine::{Code, Fate};
use std::collections::BTreeSet;

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
        s = then(&s, f, Command::JudgeObjective { seat, met: met(seat), overrule: false }, vec![]);
    }
    s
}

fn solo_coop(kind_of: &[ObjectiveId]) -> bool {
    kind_of.iter().all(|o| c().data.objectives[o.0 as usize].kind == ObjectiveKind::SoloCoop)
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
fn solo_mode_halves_each_rooms_item_counter_rounding_up() {
    // p. 27: "if the Exploration token shows 1-2 items set the Item Counter to 1, if 3-4 to 2".
    let physical = handled_but(&[Component::Objectives, Component::RoomTiles, Component::ExplorationTokens, Component::Dice]);
    let explore = |mode: Mode, players: usize, room: u8, items: u8| -> Option<u8> {
        let mut g = started_with(opts(players, mode, physical.clone()), 17);
        act_with(
            &mut g,
            Command::MoveCharacter { seat: Seat(0), to: Location(room), careful_noise: None },
            vec![
                Entered::Room { tile: Some("storage".into()), effect: ExplorationEffect::Malfunction, items },
                Entered::Noise { face: NoiseFace::Silence },
            ],
        )
        .expect("exploring a neighbouring room");
        assert!(state(&g).room(Location(room)).explored);
        state(&g).room(Location(room)).items
    };
    for (items, solo) in [(1u8, 1u8), (2, 1), (3, 2), (4, 2)] {
        assert_eq!(explore(Mode::Solo, 1, 6, items), Some(solo), "p. 27: solo, a token showing {items} item(s) sets the counter to {solo}");
        assert_eq!(explore(Mode::Standard, 2, 6, items), Some(items), "p. 14: outside solo the counter shows the token's {items}");
    }
}

#[test]
fn cooperative_mode_sets_up_like_standard_with_the_objectives_kept_physical() {
    // p. 27: cooperative mode uses the solo/coop objective deck, which the app does not hold.
    let g = started_with(opts(3, Mode::Cooperative, handled_but(&[Component::Objectives])), 8);
    let s = state(&g);
    assert_eq!(s.config.mode, Mode::Cooperative);
    assert_eq!(s.pods.len(), 3, "p. 6: 3 players, 3 pods");
    assert_eq!(s.bag().len(), 13, "p. 6: 10 tokens plus 1 Adult per player");
    assert!(s.seats.iter().all(|(_, x)| x.objectives.is_empty()));
    let err = refused_setup(opts(1, Mode::Cooperative, handled_but(&[Component::Objectives])));
    assert_eq!(err.code, Code::BadSetup, "a cooperative game needs 2 to 5 players");
}

#[test]
fn solo_mode_deals_two_solo_coop_objectives_and_one_is_kept_at_the_first_encounter_p27() {
    for seed in 0..20 {
        let g = set_up(opts(1, Mode::Solo, Component::ALL.to_vec()), seed);
        let x = &state(&g).seats[Seat(0)];
        assert_eq!(x.objectives.len(), 2, "p. 27: two cards from the Solo/Coop deck");
        assert!(solo_coop(&x.objectives), "never a Corporate or Personal card: {:?}", x.objectives);
        assert_ne!(x.objectives[0], x.objectives[1]);
        assert_eq!(x.objective, ObjectiveChoice::Undecided, "p. 27: chosen once the first Encounter occurs");
        assert!(!x.objective_revealed, "a secret until the end, as in the standard game");
    }
}

#[test]
fn cooperative_mode_deals_one_solo_coop_objective_per_player_kept_and_shown_to_all_p27() {
    for players in 2..=5 {
        let g = set_up(opts(players, Mode::Cooperative, Component::ALL.to_vec()), 40 + players as u64);
        let s = state(&g);
        let mut dealt = BTreeSet::new();
        let public = s.public_view();
        for (seat, x) in s.seats.iter() {
            assert_eq!(x.objectives.len(), 1, "p. 27: one card per player");
            assert!(solo_coop(&x.objectives));
            assert!(dealt.insert(x.objectives[0]), "each card once");
            assert_eq!(x.objective, ObjectiveChoice::Chosen(Some(x.objectives[0])), "nothing to choose");
            let shown = public.seats[seat.0 as usize].revealed_objective.as_ref().map(|o| o.key.clone());
            assert_eq!(shown, Some(c().data.objectives[x.objectives[0].0 as usize].key.clone()), "the crew meets them together: the table sees each");
        }
    }
}

#[test]
fn the_standard_game_never_deals_a_solo_coop_objective_p8() {
    for seed in 0..30 {
        let g = set_up(options(2 + (seed % 4) as usize), seed);
        for (_, x) in state(&g).seats.iter() {
            assert!(x.objectives.iter().all(|o| c().data.objectives[o.0 as usize].kind != ObjectiveKind::SoloCoop));
        }
    }
}

#[test]
fn in_the_cooperative_mode_two_objectives_asking_for_the_signal_need_two_characters_to_send_it_p27() {
    // p. 27: with one card asking for the Signal, one character sends it; with two or more such
    // cards, that many characters must have sent it.
    let (mut s, mut f) = coop_at_objectives(783);
    let id = |key: &str| ObjectiveId(c().data.objectives.iter().position(|o| o.key == key).unwrap() as u8);
    for (seat, key) in [(Seat(0), "first_contact_protocol"), (Seat(1), "clean_up_crew"), (Seat(2), "no_man_left_behind")] {
        s.seats[seat].objectives = vec![id(key)];
        s.seats[seat].objective = ObjectiveChoice::Chosen(Some(id(key)));
    }
    s.seats[Seat(1)].signal = true;
    let s = then(&s, &mut f, Command::RevealObjective { seat: Seat(2) }, vec![]);
    let judge = Command::JudgeObjective { seat: Seat(2), met: true, overrule: false };
    let err = refused(&s, &mut f, judge.clone(), vec![]);
    assert_eq!((err.code, err.key.as_str()), (Code::NotAllowed, "not_met_the_crews_objectives_need_more_signals"), "two cards, one Signal: {err:?}");
    assert!(err.reason.contains("twice") || err.reason.contains("2 times"), "the reason says how many: {}", err.reason);
    // The dead character's Signal counts: the marker stays on their board (p. 24).
    let mut both = s.clone();
    both.seats[Seat(0)].signal = true;
    assert!(run(&both, &mut f, judge.clone(), vec![]).is_ok(), "two characters sent it: met");
    // One card asking for it: one Signal is enough.
    let mut one = s.clone();
    one.seats[Seat(1)].objectives = vec![id("first_contact_protocol")];
    one.seats[Seat(1)].objective = ObjectiveChoice::Chosen(Some(id("first_contact_protocol")));
    assert!(run(&one, &mut f, judge, vec![]).is_ok(), "one card, one Signal: met");
}
