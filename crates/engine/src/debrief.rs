//! The debrief and the replay of a finished game, read from its journal: each player's verdict
//! and why, the hidden story turn by turn (bag draws and the bag as it changed, the cards drawn,
//! each Contamination card's truth, the Engine tokens, the Coordinates card), the near misses and
//! a few figures; and the public board at the end of each turn. Refused before the victory check
//! is done: until then the story is the game's secret. Each line is a template key plus values,
//! as the log's are, so every screen tells it in its own language.

use crate::event::{AttackDraw, DrawPurpose, Event, EventDraw};
use crate::game::{Entry, EntryKind};
use crate::ids::*;
use crate::rejection::{refuse, Code, Outcome};
use crate::state::{EndCause, Hidden, Life, Mode, ObjectiveChoice, Phase, State, TokenPlace, VictoryStep};
use crate::view::{Named, PublicView};
use crate::words::{render, LogParam};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

mod story;
use story::*;
pub use story::{template, TEMPLATES};

/// How many tokens of one kind lie in the bag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BagCount {
    pub kind: TokenKind,
    pub count: u8,
}

/// One line of the story: `debrief.line.<key>` in the catalogues, its values, the English text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StoryLine {
    /// The journal entry the line comes from (0 for a verdict or a near miss).
    pub seq: u32,
    pub key: String,
    pub params: BTreeMap<String, LogParam>,
    pub text: String,
    /// The seat whose secret this was during the game (its phone gets it in its own part).
    pub seat: Option<Seat>,
    /// The bag's contents right after this line, for the lines that changed it.
    pub bag: Option<Vec<BagCount>>,
}

/// One turn of the story (turn 0 is the setup).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StoryTurn {
    pub turn: u16,
    pub lines: Vec<StoryLine>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Verdict {
    pub seat: Seat,
    pub name: String,
    pub character: Option<Named>,
    pub won: bool,
    pub life: Life,
    /// Why: how the character's game ended, the ship's fate, the Contamination check, the objective.
    pub reasons: Vec<StoryLine>,
}

/// Counts over the whole game (effective steps only: undone and superseded ones are not part of it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Figures {
    pub turns: u16,
    pub steps: u32,
    pub undone: u32,
    pub corrections: u32,
    pub intruders_killed: u16,
    pub encounters: u16,
    pub surprise_attacks: u16,
    pub noise_rolls: u16,
    pub bag_draws: u16,
    pub event_cards: u16,
    pub attack_cards: u16,
    pub deaths: u16,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Debrief {
    pub mode: Mode,
    pub cause: EndCause,
    pub verdicts: Vec<Verdict>,
    pub timeline: Vec<StoryTurn>,
    pub near_misses: Vec<StoryLine>,
    pub figures: Figures,
}

/// One seat's own part, for its phone: its verdict and the secrets it held, nothing of anyone else's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatDebrief {
    pub mode: Mode,
    pub cause: EndCause,
    pub verdict: Verdict,
    pub lines: Vec<StoryLine>,
    pub figures: Figures,
}

/// The public board at the end of one turn (the last frame is the end of the game).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReplayFrame {
    pub turn: u16,
    /// The last journal entry folded into this frame: the log up to it goes with the frame.
    pub seq: u32,
    pub view: PublicView,
}

impl Debrief {
    /// The part of the debrief that belongs to `seat`; `None` for a seat not at this table.
    pub fn for_seat(&self, seat: Seat) -> Option<SeatDebrief> {
        let verdict = self.verdicts.iter().find(|v| v.seat == seat)?.clone();
        let lines = self.timeline.iter().flat_map(|t| t.lines.iter()).filter(|l| l.seat == Some(seat)).cloned().collect();
        Some(SeatDebrief { mode: self.mode, cause: self.cause, verdict, lines, figures: self.figures })
    }
}

fn not_over<T>() -> Outcome<T> {
    refuse(Code::WrongPhase, "the_debrief_opens_once_the_game_is_over", "The debrief opens once the game is over and the victory check is done.")
}

/// The entries in force: neither undone nor superseded, nor an undo themselves.
fn effective(entries: &[Entry]) -> impl Iterator<Item = &Entry> {
    let cancelled: Vec<u32> = entries
        .iter()
        .filter_map(|e| match e.kind {
            EntryKind::Undo(of) | EntryKind::Correction(of) => Some(of),
            EntryKind::Normal => None,
        })
        .collect();
    entries.iter().filter(move |e| !matches!(e.kind, EntryKind::Undo(_)) && !cancelled.contains(&e.seq))
}

/// Whether the journal's game is over with its victory check done.
fn finished(entries: &[Entry]) -> Option<State> {
    let state = State::replay(effective(entries).flat_map(|e| e.events.iter()))?;
    matches!(state.phase, Phase::Over { check: VictoryStep::Done, .. }).then_some(state)
}

/// The public board at the end of each turn, from the first turn to the end of the game.
pub fn replay(entries: &[Entry]) -> Outcome<Vec<ReplayFrame>> {
    if finished(entries).is_none() {
        return not_over();
    }
    let mut frames = Vec::new();
    let mut state: Option<State> = None;
    let mut last_seq = 0;
    for entry in effective(entries) {
        for e in &entry.events {
            if let (Event::TurnBegan { .. }, Some(s)) = (e, state.as_ref()) {
                if s.turn > 0 && s.phase != Phase::Draft {
                    frames.push(ReplayFrame { turn: s.turn, seq: last_seq, view: s.public_view() });
                }
            }
            match state.as_mut() {
                None => state = State::replay(std::iter::once(e)),
                Some(s) => s.fold(e),
            }
        }
        last_seq = entry.seq;
    }
    if let Some(s) = state {
        frames.push(ReplayFrame { turn: s.turn, seq: last_seq, view: s.public_view() });
    }
    Ok(frames)
}

/// The debrief of a finished game; refused (`wrong_phase`) until the victory check is done.
pub fn debrief(entries: &[Entry]) -> Outcome<Debrief> {
    let Some(end) = finished(entries) else {
        return not_over();
    };
    let Phase::Over { cause, .. } = end.phase else {
        return not_over();
    };
    let c = end.content();
    let mut figures = Figures { turns: end.turn, ..Figures::default() };
    for e in entries {
        match e.kind {
            EntryKind::Undo(_) => figures.undone += 1,
            EntryKind::Correction(_) => figures.corrections += 1,
            EntryKind::Normal => {}
        }
    }
    let mut timeline: Vec<StoryTurn> = Vec::new();
    let mut near: Vec<StoryLine> = Vec::new();
    let mut died_in: BTreeMap<Seat, u16> = BTreeMap::new();
    let (mut most_fire, mut most_malfunction) = (0u8, 0u8);
    let mut self_destruct_seen = false;
    let mut state: Option<State> = None;
    let mut started = false;
    let mut encounter: Option<Seat> = None;
    for entry in effective(entries) {
        figures.steps += 1;
        let mut surprised = false;
        let mut tense: Option<StoryLine> = None;
        for e in &entry.events {
            let was = match state.as_ref() {
                Some(s) => s.clone(),
                None => match State::replay(std::iter::once(e)) {
                    Some(s) => {
                        state = Some(s.clone());
                        s
                    }
                    None => continue,
                },
            };
            let s = state.as_mut().expect("set above");
            if !matches!(e, Event::GameSetUp { .. }) {
                s.fold(e);
            }
            let s = &*s;
            match e {
                Event::PlayStarted => started = true,
                Event::IntruderKilled { .. } => figures.intruders_killed += 1,
                Event::EncounterBegan { seat, .. } => {
                    figures.encounters += 1;
                    encounter = Some(*seat);
                }
                Event::SurpriseAttack { .. } => {
                    figures.surprise_attacks += 1;
                    surprised = true;
                }
                Event::NoiseRolled { .. } => figures.noise_rolls += 1,
                Event::TokenDrawn { token, purpose } => {
                    figures.bag_draws += 1;
                    // One card fewer in hand and this token's back would have been a Surprise Attack (p. 18).
                    if let (DrawPurpose::Encounter, Some(seat), Some(back)) = (purpose, encounter, c.token(*token).back) {
                        let hand = was.seats[seat].hand;
                        if hand == back && was.seats[seat].life == Life::Awake {
                            tense = Some(line(0, "near_surprise", vec![("player", LogParam::text(was.seats[seat].name.clone())), ("hand", num(hand)), ("back", num(back))], None));
                        }
                    }
                }
                Event::EventCardDrawn { .. } => figures.event_cards += 1,
                Event::AttackCardDrawn { .. } => figures.attack_cards += 1,
                Event::CharacterDied { seat, .. } => {
                    figures.deaths += 1;
                    died_in.insert(*seat, s.turn);
                }
                Event::SelfDestructStarted => self_destruct_seen = true,
                _ => {}
            }
            most_fire = most_fire.max(s.fire_count());
            most_malfunction = most_malfunction.max(s.malfunction_count());
            let turn = if started { s.turn } else { 0 };
            if let Some(l) = tell(s, &was, entry.seq, e, &mut near) {
                match timeline.last_mut() {
                    Some(t) if t.turn == turn => t.lines.push(l),
                    _ => timeline.push(StoryTurn { turn, lines: vec![l] }),
                }
            }
        }
        if let (Some(l), false) = (tense, surprised) {
            near.push(l);
        }
        encounter = None;
    }
    let pools = &c.data.pools;
    if cause != EndCause::Fire {
        near.push(line(0, "near_fire", vec![("most", num(most_fire)), ("limit", num(pools.fire))], None));
    }
    if cause != EndCause::Malfunction {
        near.push(line(0, "near_malfunction", vec![("most", num(most_malfunction)), ("limit", num(pools.malfunction))], None));
    }
    if let (true, Some(at)) = (self_destruct_seen && cause != EndCause::SelfDestruct, end.self_destruct) {
        near.push(line(0, "near_self_destruct", vec![("left", num(c.data.self_destruct_track.moves.saturating_sub(at)))], None));
    }
    if cause != EndCause::Jump {
        near.push(line(0, "near_time", vec![("left", num(c.data.time_track.moves.saturating_sub(end.time)))], None));
    }
    let verdicts = verdicts(&end, entries, &died_in);
    Ok(Debrief { mode: end.config.mode, cause, verdicts, timeline, near_misses: near, figures })
}

fn verdicts(end: &State, entries: &[Entry], died_in: &BTreeMap<Seat, u16>) -> Vec<Verdict> {
    let c = end.content();
    let d = &c.data;
    let events: Vec<&Event> = effective(entries).flat_map(|e| e.events.iter()).collect();
    let engines_failed = events.iter().any(|e| matches!(e, Event::EnginesRevealed { tops } if tops.iter().filter(|t| **t == EngineStatus::Damaged).count() >= 2));
    let destination = events.iter().find_map(|e| match e {
        Event::CoordinatesRevealed { destination, .. } => Some(*destination),
        _ => None,
    });
    let crew = end.config.mode == Mode::Cooperative;
    let crew_won = end.crew_won();
    end.seats
        .iter()
        .map(|(seat, s)| {
            let mut reasons = Vec::new();
            let dead_cause = events.iter().rev().find_map(|e| match e {
                Event::CharacterDied { seat: x, cause } if *x == seat => Some(*cause),
                _ => None,
            });
            match s.life {
                Life::Escaped => reasons.push(line(0, "verdict_escaped", vec![], Some(seat))),
                Life::Hibernating => {
                    reasons.push(line(0, "verdict_hibernated", vec![], Some(seat)));
                    if let Some(dest) = destination {
                        reasons.push(line(0, "verdict_destination", vec![("destination", named("destination", &dest))], Some(seat)));
                    }
                }
                Life::Dead => {
                    if engines_failed && dead_cause == Some(crate::event::DeathCause::EnginesFailed) {
                        reasons.push(line(0, "verdict_engines", vec![], Some(seat)));
                    }
                    let cause = dead_cause.map(|x| named("death", &x)).unwrap_or_else(|| named("death", &crate::event::DeathCause::Table));
                    reasons.push(line(0, "verdict_died", vec![("turn", num(died_in.get(&seat).copied().unwrap_or(end.turn))), ("cause", cause)], Some(seat)));
                }
                Life::Awake | Life::InPod(_) => {}
            }
            for e in &events {
                if let Event::ContaminationChecked { seat: x, infected: true, dies, .. } = e {
                    if *x == seat {
                        reasons.push(line(0, if *dies { "verdict_infected" } else { "verdict_lucky" }, vec![], Some(seat)));
                    }
                }
            }
            if let Some(met) = s.objective_met {
                let card = match s.objective {
                    ObjectiveChoice::Chosen(Some(o)) => Some(o),
                    ObjectiveChoice::Undecided => s.objectives.first().copied(),
                    ObjectiveChoice::Chosen(None) => None,
                };
                let key = match (met, card.is_some()) {
                    (true, true) => "verdict_objective_met",
                    (false, true) => "verdict_objective_not_met",
                    (true, false) => "verdict_objective_met_table",
                    (false, false) => "verdict_objective_not_met_table",
                };
                let params = card
                    .map(|o| {
                        let x = &d.objectives[o.0 as usize];
                        vec![("card", term(format!("card.objective.{}", x.key), x.name.clone()))]
                    })
                    .unwrap_or_default();
                reasons.push(line(0, key, params, Some(seat)));
            }
            if crew {
                reasons.push(line(0, if crew_won { "verdict_crew_won" } else { "verdict_crew_lost" }, vec![], Some(seat)));
            }
            let won = if crew { crew_won } else { s.life.is_alive() && s.objective_met == Some(true) };
            let character = s.character.map(|x| {
                let ch = &d.characters[x.0 as usize];
                Named { key: ch.key.clone(), name: ch.name.clone() }
            });
            Verdict { seat, name: s.name.clone(), character, won, life: s.life, reasons }
        })
        .collect()
}
