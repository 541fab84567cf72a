//! The table's sound schedule: which sound one accepted step makes on the table screen and what
//! the ship's computer says, decided here so every door plays the same and the UI only plays.
//! Built from public facts alone (the step's events with every private reveal dropped first, its
//! moments, the public view): a secret must never be audible, not even as "something happened".

use crate::event::{AttackDraw, Event};
use crate::moments::Moment;
use crate::view::PublicView;
use serde::{Deserialize, Serialize};

/// A sound the table screen plays (synthesized by the page; see docs/teaching.md, "Sound").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Sound {
    /// The Self-Destruct sequence started, or its marker moved one space (p. 12).
    Klaxon,
    /// The Self-Destruct sequence was stopped (p. 12).
    StandDown,
    /// The Hibernatorium's chambers open (p. 12).
    Chambers,
    /// The first Encounter: everyone now chooses an objective (p. 12).
    Encounter,
    /// The 7th Fire or Malfunction marker: one left in the supply (p. 17).
    Warning,
    /// The 8th Fire or Malfunction marker: one more destroys the ship (p. 17).
    Alarm,
    /// An Intruder appeared on the board (p. 18).
    IntruderAppears,
    /// An Intruder attacked a character (p. 20).
    IntruderAttacks,
    /// A character died (the first death unlocks the pods, p. 12).
    Death,
    /// The ship was destroyed (p. 11).
    Explosion,
}

/// What the ship's computer announces, in the table's language (catalogue key `say.<key>`, or
/// `say.<moment>` for a critical moment: a moment is announced as itself, not named twice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "key")]
pub enum Announcement {
    /// A critical moment (`moments::Moment`): the first Encounter, the first death, Fire 7 …
    Moment { moment: Moment },
    SelfDestructStarted,
    /// The marker moved: `left` moves before the ship explodes.
    SelfDestructLeft { left: u8 },
    SelfDestructStopped,
    ShipDestroyed,
}

/// One cue: a sound, and what the computer says with it (if anything).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Cue {
    pub sound: Sound,
    pub say: Option<Announcement>,
}

impl Cue {
    fn new(sound: Sound, say: Option<Announcement>) -> Cue {
        Cue { sound, say }
    }
}

/// The cue a critical moment makes: its sound, and the moment itself as what the computer says.
fn moment_cue(m: Moment) -> Cue {
    let sound = match m {
        Moment::FirstEncounter => Sound::Encounter,
        Moment::FirstDeath | Moment::LastCharacter => Sound::Death,
        Moment::HibernationOpened => Sound::Chambers,
        Moment::SelfDestructCritical => Sound::Klaxon,
        Moment::Fire7 | Moment::Malfunction7 => Sound::Warning,
        Moment::Fire8 | Moment::Malfunction8 => Sound::Alarm,
    };
    Cue::new(sound, Some(Announcement::Moment { moment: m }))
}

/// Whether `e` is the kind of event that brings moment `m` about: a moment's cue is heard where
/// it happened in the step (the first Encounter's after the Intruder it placed).
fn brings(e: &Event, m: Moment) -> bool {
    match m {
        Moment::FirstEncounter => matches!(e, Event::FirstEncounter),
        Moment::FirstDeath => matches!(e, Event::CharacterDied { .. }),
        Moment::HibernationOpened => matches!(e, Event::HibernationOpened),
        Moment::SelfDestructCritical => matches!(e, Event::SelfDestructCritical),
        Moment::Fire7 | Moment::Fire8 => matches!(e, Event::FirePlaced { .. }),
        Moment::Malfunction7 | Moment::Malfunction8 => matches!(e, Event::MalfunctionPlaced { .. }),
        // Known only once the whole step is in: heard last.
        Moment::LastCharacter => false,
    }
}

/// The cues of one accepted step, in the order they happened, each at most once. `moments` are
/// the step's critical moments (`moments::of_step`), `view` the public view after it.
///
/// Private reveals are dropped before anything else is looked at, so a step that shows a seat a
/// secret sounds exactly as it would without it; the other events that concern a secret (a
/// Contamination card given, an engine's order reported) are simply not on the list below.
pub fn of_step(events: &[Event], moments: &[Moment], view: &PublicView) -> Vec<Cue> {
    let mut out: Vec<Cue> = Vec::new();
    let mut add = |c: Cue| {
        if !out.contains(&c) {
            out.push(c);
        }
    };
    let mut heard: Vec<Moment> = Vec::new();
    let destroyed = events.iter().any(|e| matches!(e, Event::ShipDestroyed));
    for e in events.iter().filter(|e| !e.is_private_reveal()) {
        let cue = match e {
            Event::SelfDestructStarted => Some(Cue::new(Sound::Klaxon, Some(Announcement::SelfDestructStarted))),
            Event::SelfDestructStopped => Some(Cue::new(Sound::StandDown, Some(Announcement::SelfDestructStopped))),
            // The explosion speaks for the last space.
            Event::SelfDestructAdvanced { to, .. } if !destroyed => {
                let moves = view.self_destruct.as_ref().map_or(*to, |t| t.moves);
                Some(Cue::new(Sound::Klaxon, Some(Announcement::SelfDestructLeft { left: moves.saturating_sub(*to) })))
            }
            Event::IntruderPlaced { .. } => Some(Cue::new(Sound::IntruderAppears, None)),
            // The card drawn for an attack (or chosen by the Intruder player, p. 27), a miss, a
            // Larva's infestation, a surprise attack: an Intruder went for a character.
            Event::AttackCardDrawn { purpose: AttackDraw::Attack { .. }, .. }
            | Event::AttackCardChosen { .. }
            | Event::AttackMissed { .. }
            | Event::CharacterInfested { .. }
            | Event::SurpriseAttack { .. } => Some(Cue::new(Sound::IntruderAttacks, None)),
            // A death that is not the first has its toll without words.
            Event::CharacterDied { .. } if !moments.contains(&Moment::FirstDeath) => Some(Cue::new(Sound::Death, None)),
            Event::ShipDestroyed => Some(Cue::new(Sound::Explosion, Some(Announcement::ShipDestroyed))),
            _ => None,
        };
        if let Some(c) = cue {
            add(c);
        }
        for m in moments.iter().copied().filter(|m| brings(e, *m)) {
            if !heard.contains(&m) {
                heard.push(m);
                add(moment_cue(m));
            }
        }
    }
    for m in moments.iter().copied().filter(|m| !heard.contains(m)) {
        add(moment_cue(m));
    }
    out
}
