//! Property tests: long random command sequences never panic and keep every invariant
//! (each token and card in exactly one place, pools and tracks in bounds), folding the events
//! gives the same state as applying the command, replay gives the same state, views always build.

use crate::common::*;
use nemesis_engine::game::{effective_events, Game};
use nemesis_engine::state::State;
use nemesis_engine::Actor;
use proptest::prelude::*;

fn run(seed: u64, players: usize, steps: usize) {
    let mut g = started(players, seed);
    let mut p = Pick(seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407) | 1);
    for step in 0..steps {
        let before = state(&g).clone();
        let req = random_command(&before, &mut p);
        match g.submit(Actor::Table, req.clone()) {
            Ok(entry) => {
                let entry = entry.clone();
                let after = state(&g).clone();
                after.check_invariants().unwrap_or_else(|e| panic!("seed {seed} step {step}: {e} after {req:?}"));
                if matches!(entry.kind, nemesis_engine::EntryKind::Normal) {
                    // Folding the recorded events reproduces the state apply produced.
                    let mut folded = before.clone();
                    for e in &entry.events {
                        folded.fold(e);
                    }
                    assert_eq!(folded, after, "seed {seed} step {step}: fold differs from apply for {req:?}");
                }
            }
            Err(rejection) => {
                assert_eq!(state(&g), &before, "seed {seed} step {step}: a refusal ({}) changed the state", rejection.reason);
                assert!(!rejection.reason.is_empty());
            }
        }
        let s = state(&g);
        let _ = serde_json::to_string(&s.public_view()).expect("public view serializes");
        for seat in s.seats.seats() {
            let _ = serde_json::to_string(&s.seat_view(seat).expect("seat view builds")).expect("seat view serializes");
        }
    }
    // Every id the engine wrote is inside the box: the bounds an imported journal must pass
    // never refuse a game the engine itself played.
    let all = g.entries().iter().flat_map(|e| e.events.iter());
    nemesis_engine::bounds::check_events(nemesis_engine::Content::base(), all)
        .unwrap_or_else(|e| panic!("seed {seed}: the engine's own journal fails its bounds: {e}"));
    // An imported journal's commands are replayed through the rules (issue 34): the engine's own
    // journal always passes.
    nemesis_engine::game::replay_commands(g.entries()).unwrap_or_else(|e| panic!("seed {seed}: the engine's own journal fails its command replay: {e}"));
    // Replaying the journal from scratch gives the same state.
    let replayed = State::replay(effective_events(g.entries())).expect("replay");
    assert_eq!(&replayed, state(&g), "seed {seed}: replay differs");
    let restored = Game::restore(g.entries().to_vec(), &g.fate_snapshot()).expect("restore");
    assert_eq!(restored.state(), g.state(), "seed {seed}: restore differs");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]
    #[test]
    fn random_command_sequences_keep_every_invariant(seed in any::<u64>(), players in 1usize..=5) {
        run(seed, players, 400);
    }
}

#[test]
fn the_journal_and_generator_survive_a_restart_without_rerolling() {
    // Closing and reopening must not change what the generator gives next.
    let mut a = started(4, 77);
    let snapshot = a.fate_snapshot();
    let mut b = Game::restore(a.entries().to_vec(), &snapshot).unwrap();
    let roll = nemesis_engine::Command::RollDice { die: nemesis_engine::Die::Noise, count: 2 };
    let ea = act(&mut a, roll.clone()).unwrap();
    let eb = act(&mut b, roll).unwrap();
    assert_eq!(ea, eb, "the same rolls after a restore");
}

/// Issue 31, over random games (each seeded): every line of an accepted step that changes a piece
/// the table holds comes with its hand line (`hint.<key>`), every line is classified as such a
/// change or not, and no Event card's outcome says only that the card was drawn and resolved.
#[test]
fn every_outcome_that_changes_a_piece_on_the_table_says_what_to_do_with_it() {
    let en = english();
    let (mut cards, mut pieces) = (0, 0);
    for seed in 0..48u64 {
        let players = 1 + (seed % 5) as usize;
        let mut g = started(players, 31_000 + seed);
        let mut p = Pick(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        for step in 0..300 {
            let before = state(&g).clone();
            let req = random_command(&before, &mut p);
            let Ok(entry) = g.submit(Actor::Table, req.clone()) else { continue };
            if !matches!(entry.kind, nemesis_engine::EntryKind::Normal) {
                continue;
            }
            let events = entry.events.clone();
            let keys = assert_hand_lines(&en, &before, &events, &format!("seed {seed} step {step}, {req:?}"));
            cards += keys.iter().filter(|k| *k == "event_resolved").count();
            pieces += keys.iter().filter(|k| TABLE_PIECES.contains(&k.as_str())).count();
        }
    }
    assert!(cards > 20 && pieces > 500, "the games resolved too few Event cards ({cards}) or changed too few pieces ({pieces}) to mean anything");
}
