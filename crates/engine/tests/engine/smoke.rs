//! Random games, driven by the shared command picker, run without a panic and keep the state's invariants.

use crate::common::*;
use nemesis_engine::state::Phase;

#[test]
fn random_games_run_to_the_end_without_panics() {
    for seed in 0..40u64 {
        let players = 1 + (seed % 5) as usize;
        let mut g = started(players, seed);
        let mut p = Pick(seed * 7919 + 1);
        for _ in 0..600 {
            let req = random_command(state(&g), &mut p);
            let _ = g.submit(nemesis_engine::Actor::Table, req);
            if matches!(state(&g).phase, Phase::Over { check: nemesis_engine::state::VictoryStep::Done, .. }) {
                break;
            }
        }
        state(&g).check_invariants().unwrap();
    }
}

