//! The log's lines for the end of the game and the victory check (p. 11): one cause of the end,
//! said once, then where the check goes next, or that nobody is left to check.

use super::{engine_status, list, named, player, said, Said};
use crate::event::Event;
use crate::state::{EndCause, State, VictoryStep};

/// The line of an end or victory-check event, for every audience alike (none of it is private).
pub(super) fn describe(s: &State, e: &Event) -> Option<Said> {
    let public = |k: &'static str, p| said(k, p, false);
    let who = |seat| ("player", player(s, seat));
    let d = &s.content().data;
    match e {
        Event::GameEnded { cause, nobody_left } => public(end_line(*cause, *nobody_left, s.ship_destroyed), vec![]),
        // The ship lost as the game ends: the end's own line says it. At the Engines check it is news.
        Event::ShipDestroyed if !s.is_over() => None,
        Event::ShipDestroyed => public("ship_destroyed", vec![]),
        Event::VictoryStepReached { step } => public(next_line(s, *step), vec![]),
        Event::EnginesRevealed { tops } => public("engines_revealed", vec![("engines", list(tops.iter().map(|t| engine_status(*t))))]),
        Event::CoordinatesRevealed { destination, .. } => public("coordinates_revealed", vec![("destination", named("destination", destination))]),
        Event::ContaminationChecked { seat, infected, drawn_contamination, dies } => {
            // The whole check in one line (p. 11): the scan or the Larva that skips it, the
            // shuffle and draw of 4, and the verdict; which card was INFECTED is the owner's alone.
            let x = &s.seats[*seat];
            let held = x.contamination.len() as i32;
            let key = match (x.larva, infected, dies) {
                (true, _, false) => "contamination_larva_lucky",
                (true, _, true) => "contamination_larva_dies",
                (false, false, _) if held == 0 => "contamination_none",
                (false, false, _) => "contamination_clean",
                (false, true, false) => "contamination_lucky",
                (false, true, true) => "contamination_dies",
            };
            let mut params = vec![who(*seat)];
            match key {
                "contamination_clean" => params.push(("count", super::num(held))),
                "contamination_dies" | "contamination_larva_dies" => params.push(("drawn", super::num(*drawn_contamination))),
                _ => {}
            }
            public(key, params)
        }
        Event::ObjectiveRevealed { seat, objective: o } => match o {
            Some(o) => {
                let x = &d.objectives[o.0 as usize];
                public("objective_revealed", vec![who(*seat), ("card", super::card("objective", &x.key, &x.name))])
            }
            None => public("objective_revealed_table", vec![who(*seat)]),
        },
        Event::ObjectiveJudged { seat, met } => public(if *met { "objective_met" } else { "objective_not_met" }, vec![who(*seat)]),
        _ => None,
    }
}

/// The line that tells how the game ended (p. 11): its one cause, and what the ship did.
fn end_line(cause: EndCause, nobody_left: bool, destroyed: bool) -> &'static str {
    match (cause, nobody_left) {
        (EndCause::Fire, _) => "game_ended_fire",
        (EndCause::Malfunction, _) => "game_ended_malfunction",
        (EndCause::SelfDestruct, true) => "game_ended_nobody_left_self_destruct",
        (EndCause::SelfDestruct, false) => "game_ended_self_destruct",
        (EndCause::Jump, true) => "game_ended_nobody_left_jump",
        (EndCause::Jump, false) if destroyed => "game_ended_jump_destroyed",
        (EndCause::Jump, false) => "game_ended_jump",
    }
}

/// Where the victory check goes next (p. 11); at its end, whether anyone was left to check.
fn next_line(s: &State, step: VictoryStep) -> &'static str {
    match step {
        VictoryStep::Engines => "victory_next_engines",
        VictoryStep::Coordinates => "victory_next_coordinates",
        VictoryStep::Contamination => "victory_next_contamination",
        VictoryStep::Objectives => "victory_next_objectives",
        VictoryStep::Done if s.seats.iter().any(|(_, x)| x.life.is_alive()) => "victory_over",
        VictoryStep::Done => "victory_nobody",
    }
}
