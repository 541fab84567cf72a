//! The critical moments of a game: turns of the story that change what the table must do next
//! (the first Encounter, the first death, hibernation opening …), read from one step's events
//! and the state after it, so every door announces the same ones.

use crate::event::Event;
use crate::state::State;
use serde::{Deserialize, Serialize};

/// A turn of the game worth stopping the table for, with the rule behind it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Moment {
    /// Every player now chooses one of their two objectives (p. 12).
    FirstEncounter,
    /// The first character died: the Escape Pods unlock (p. 12).
    FirstDeath,
    /// The Time marker reached the blue space: the Hibernatorium opens (p. 12).
    HibernationOpened,
    /// The self-destruct marker reached a yellow space: the pods unlock (p. 12).
    SelfDestructCritical,
    /// Only one Fire marker is left in the supply (p. 17).
    #[serde(rename = "fire_7")]
    Fire7,
    /// The last Fire marker is on the board: one more and the ship is destroyed (p. 17).
    #[serde(rename = "fire_8")]
    Fire8,
    /// Only one Malfunction marker is left in the supply (p. 17).
    #[serde(rename = "malfunction_7")]
    Malfunction7,
    /// The last Malfunction marker is on the board: one more and the ship is destroyed (p. 17).
    #[serde(rename = "malfunction_8")]
    Malfunction8,
    /// No character is left aboard: the game ends and the victory check follows (p. 11).
    LastCharacter,
}

impl Moment {
    /// The catalogue key of this moment (`moment.<key>.title` / `.body`).
    pub fn key(self) -> &'static str {
        match self {
            Moment::FirstEncounter => "first_encounter",
            Moment::FirstDeath => "first_death",
            Moment::HibernationOpened => "hibernation_opened",
            Moment::SelfDestructCritical => "self_destruct_critical",
            Moment::Fire7 => "fire_7",
            Moment::Fire8 => "fire_8",
            Moment::Malfunction7 => "malfunction_7",
            Moment::Malfunction8 => "malfunction_8",
            Moment::LastCharacter => "last_character",
        }
    }
}

/// The moments one step brought about, in the order they happened. `after` is the state once
/// the step's events are folded; the counts before it follow from the events themselves.
pub fn of_step(events: &[Event], after: &State) -> Vec<Moment> {
    let mut out = Vec::new();
    let mut add = |m: Moment| {
        if !out.contains(&m) {
            out.push(m);
        }
    };
    // Counted over the whole game, so a character revived in the Emergency Room (p. 27) who dies
    // again is not a first death.
    let deaths_here = events.iter().filter(|e| matches!(e, Event::CharacterDied { .. })).count() as u16;
    let first_death_here = deaths_here > 0 && after.deaths == deaths_here;
    let fire_before = before_count(events, after.fire_count(), |e| matches!(e, Event::FirePlaced { .. }), |e| matches!(e, Event::FireRemoved { .. }));
    let malfunction_before = before_count(
        events,
        after.malfunction_count(),
        |e| matches!(e, Event::MalfunctionPlaced { .. }),
        |e| matches!(e, Event::MalfunctionRemoved { .. }),
    );
    let mut fire = fire_before;
    let mut malfunction = malfunction_before;
    for e in events {
        match e {
            Event::FirstEncounter => add(Moment::FirstEncounter),
            // Only the step in which the dead go from none to some, and only while the game goes
            // on: the pods it unlocks mean nothing once the game has ended in the same step.
            Event::CharacterDied { .. } if first_death_here && !after.is_over() => add(Moment::FirstDeath),
            Event::HibernationOpened => add(Moment::HibernationOpened),
            Event::SelfDestructCritical => add(Moment::SelfDestructCritical),
            // A warning of the ninth marker means nothing once the ninth has ended the game in
            // the same step (issue 33: "The last Fire marker" boxes stood below "the ship burns").
            Event::FirePlaced { .. } => placed(&mut fire, Moment::Fire7, Moment::Fire8).filter(|_| !after.is_over()).into_iter().for_each(&mut add),
            Event::FireRemoved { .. } => fire = fire.saturating_sub(1),
            Event::MalfunctionPlaced { .. } => placed(&mut malfunction, Moment::Malfunction7, Moment::Malfunction8).filter(|_| !after.is_over()).into_iter().for_each(&mut add),
            Event::MalfunctionRemoved { .. } => malfunction = malfunction.saturating_sub(1),
            _ => {}
        }
    }
    // Only when that is why the game ended (p. 11): a ship that burned with everyone aboard ended
    // by its Fire, and its own line says so (the cause said once).
    if events.iter().any(|e| matches!(e, Event::GameEnded { nobody_left: true, .. })) {
        add(Moment::LastCharacter);
    }
    out
}

/// A marker placed: the count grows, and the 7th and the 8th are moments (p. 17).
fn placed(count: &mut u8, seventh: Moment, eighth: Moment) -> Option<Moment> {
    *count = count.saturating_add(1);
    match *count {
        7 => Some(seventh),
        8 => Some(eighth),
        _ => None,
    }
}

/// How many markers were on the board before a step, from the count after it and the step's
/// own placements and removals.
fn before_count(events: &[Event], after: u8, placed: impl Fn(&Event) -> bool, removed: impl Fn(&Event) -> bool) -> u8 {
    let placed = events.iter().filter(|e| placed(e)).count() as i32;
    let removed = events.iter().filter(|e| removed(e)).count() as i32;
    (i32::from(after) - placed + removed).clamp(0, i32::from(u8::MAX)) as u8
}
