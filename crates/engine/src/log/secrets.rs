//! The log's lines for the secrets the app holds and a seat looks at: a
//! Contamination card given or scanned, an Engine checked or repaired, the Coordinates read. The
//! seat that looked gets the result; everyone else reads only that they looked.

use super::{engine_status, named, num, player, private, public, Audience, Said};
use crate::event::Event;
use crate::ids::*;
use crate::state::State;
use crate::words::LogParam;

pub(super) fn describe(s: &State, e: &Event, to: Audience) -> Option<Said> {
    let d = &s.content().data;
    let mine = |seat: &Seat| to == Audience::Seat(*seat);
    let who = |seat: &Seat| ("player", player(s, *seat));
    match e {
        Event::ContaminationGiven { seat, card: x, shuffled_in } => {
            if mine(seat) {
                let key = if *shuffled_in { "contamination_shuffled_in_private" } else { "contamination_given_private" };
                private(key, vec![("card", LogParam::Text { value: format!("{:02}", x.0 + 1) })])
            } else {
                public("contamination_given", vec![who(seat)])
            }
        }
        // Which numbered cards the player's count stands for: theirs alone; the table reads the scan.
        Event::ContaminationPicked { seat, cards } if mine(seat) => private(
            "contamination_picked_private",
            vec![("count", num(cards.len() as u8)), ("cards", LogParam::List { items: cards.iter().map(|x| LogParam::Text { value: format!("C-{:02}", x.0 + 1) }).collect() })],
        ),
        Event::ContaminationPicked { .. } => None,
        Event::ContaminationScanned { seat, card: x, infected, .. } => {
            if mine(seat) {
                let key = if *infected { "contamination_scanned_infected_private" } else { "contamination_scanned_clean_private" };
                private(key, vec![("card", LogParam::Text { value: format!("{:02}", x.0 + 1) })])
            } else if s.is_over() {
                // The victory check's scan: its own line says once what the table may know.
                None
            } else {
                public("contamination_scanned", vec![who(seat)])
            }
        }
        // Its holder is told which card goes and where: out of the hand and the game (p. 20).
        Event::ContaminationRemoved { seat, card: x } if mine(seat) => private("contamination_removed_private", vec![("card", LogParam::Text { value: format!("{:02}", x.0 + 1) })]),
        Event::ContaminationRemoved { seat, .. } => public("contamination_removed", vec![who(seat)]),
        Event::ContaminationDeckEmpty { seat } => public("contamination_empty", vec![who(seat)]),
        Event::EngineChecked { seat, engine, top } => {
            if mine(seat) {
                private("engine_checked_private", vec![("engine", num(engine.0)), ("status", engine_status(*top))])
            } else {
                public("engine_checked", vec![who(seat), ("engine", num(engine.0))])
            }
        }
        Event::EngineRepairBegun { seat, engine, top } => {
            if mine(seat) {
                private("engine_in_hand_private", vec![("engine", num(engine.0)), ("status", engine_status(*top))])
            } else {
                public("engine_repair", vec![who(seat), ("engine", num(engine.0))])
            }
        }
        Event::EngineOrderSet { seat, engine, top, changed } => {
            if mine(seat) {
                private("engine_order_private", vec![("engine", num(engine.0)), ("status", engine_status(*top))])
            } else {
                public(if *changed { "engine_order_changed" } else { "engine_order_unchanged" }, vec![who(seat), ("engine", num(engine.0))])
            }
        }
        Event::EngineOrderReported { seat, engine, changed } => {
            public(if *changed { "engine_order_changed" } else { "engine_order_unchanged" }, vec![who(seat), ("engine", num(engine.0))])
        }
        Event::CoordinatesChecked { seat, card: x } => {
            if mine(seat) {
                let k = &d.coordinates[x.0 as usize];
                private(
                    "coordinates_private",
                    vec![
                        ("a", named("destination", &k.a)),
                        ("b", named("destination", &k.b)),
                        ("c", named("destination", &k.c)),
                        ("d", named("destination", &k.d)),
                    ],
                )
            } else {
                public("coordinates_checked", vec![who(seat)])
            }
        }
        _ => None,
    }
}
