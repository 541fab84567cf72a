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

/// Every debrief line's English template, by key. The English catalogue holds the same texts under
/// `debrief.line.<key>` (a test keeps the two equal); the other catalogues translate them.
pub const TEMPLATES: &[(&str, &str)] = &[
    // Setup: what lay face down from the start.
    ("setup_coordinates", "The Coordinates card read: A {a}, B {b}, C {c}, D {d}."),
    ("setup_engines", "The Engine tokens on top: Engine 1 {e1}, Engine 2 {e2}, Engine 3 {e3}."),
    ("setup_bag", "The Intruder bag was filled."),
    ("setup_contamination", "The Contamination deck held {infected, plural, one {# INFECTED card} other {# INFECTED cards}} among {total}."),
    ("setup_objectives", "{player} was dealt {cards}."),
    ("setup_weaknesses", "The Weakness cards were {cards}."),
    // The bag.
    ("bag_draw_encounter", "Bag draw for an Encounter: {token}."),
    ("bag_draw_development", "Bag draw for the bag's development: {token}."),
    ("bag_draw_summoning", "Bag draw to summon an Intruder: {token}."),
    ("bag_empty", "The bag was empty when a token was asked for."),
    ("token_back", "{token} went back into the bag."),
    ("token_added", "{token} was added to the bag."),
    ("token_supply", "{token} went to the supply."),
    ("intruder_left", "An Intruder left the board: its {token} token went back into the bag."),
    // Cards.
    ("event_card", "Event card: {card}."),
    ("event_card_retreat", "Event card drawn only for its direction: {card}."),
    ("attack_card", "Intruder Attack card against {player}: {card}."),
    ("attack_card_endurance", "Intruder Attack card for an Endurance check: {card}."),
    ("weakness_revealed", "Weakness discovered: {card}."),
    // Secrets a seat held.
    ("contamination_given", "{player} got Contamination card C-{card}: {truth}."),
    ("contamination_scanned", "{player} scanned C-{card}: {truth}."),
    ("contamination_removed", "{player} got rid of C-{card}: {truth}."),
    ("engine_checked", "{player} checked Engine {engine}: {status} on top."),
    ("engine_repair", "{player} took up Engine {engine}'s tokens, {status} on top."),
    ("engine_order_changed", "{player} turned Engine {engine} around: {status} on top now."),
    ("engine_order_unchanged", "{player} put Engine {engine} back as it was: {status} on top."),
    ("engine_order_reported", "{player} set Engine {engine}'s tokens at the table."),
    ("coordinates_checked", "{player} checked the Coordinates card."),
    ("destination_set", "The destination was set to {letter}: {destination}."),
    ("objective_chosen", "{player} kept {card}."),
    ("objective_chosen_table", "{player} kept an objective at the table."),
    // What everyone saw, that shaped the story.
    ("surprise_attack", "Surprise Attack on {player}: a token of {back} against {hand, plural, one {# card} other {# cards}}."),
    ("character_died", "{player} died: {cause}."),
    ("intruder_killed", "Intruder {id} was killed."),
    ("self_destruct_started", "The Self-Destruct sequence started."),
    ("self_destruct_stopped", "The Self-Destruct sequence was stopped."),
    ("signal", "{player} sent the Signal."),
    ("hibernated", "{player} went into hibernation."),
    ("pod_launched", "Escape Pod {pod} launched."),
    ("game_ended", "The game ended: {cause}."),
    ("engines_revealed", "The Engines at the end: Engine 1 {e1}, Engine 2 {e2}, Engine 3 {e3}."),
    ("coordinates_revealed", "The ship was headed for {destination}."),
    ("contamination_clean", "{player} was not infected."),
    ("contamination_lucky", "{player} was INFECTED but drew no Contamination card."),
    ("contamination_dies", "{player} was INFECTED and drew {drawn, plural, one {# Contamination card} other {# Contamination cards}}."),
    ("objective_revealed", "{player} revealed {card}."),
    ("objective_met", "{player}'s objective was met."),
    ("objective_not_met", "{player}'s objective was not met."),
    // Verdicts.
    ("verdict_escaped", "Escaped in an Escape Pod."),
    ("verdict_hibernated", "Survived in hibernation."),
    ("verdict_died", "Died in turn {turn}: {cause}."),
    ("verdict_objective_met", "Objective met: {card}."),
    ("verdict_objective_not_met", "Objective not met: {card}."),
    ("verdict_objective_met_table", "Objective met (cards kept at the table)."),
    ("verdict_objective_not_met_table", "Objective not met (cards kept at the table)."),
    ("verdict_infected", "INFECTED at the end, and a Contamination card was drawn."),
    ("verdict_lucky", "INFECTED at the end, but no Contamination card was drawn."),
    ("verdict_engines", "The Engines failed and the ship exploded."),
    ("verdict_destination", "The ship reached {destination}."),
    ("verdict_crew_won", "The crew won together."),
    ("verdict_crew_lost", "The crew lost together."),
    // Near misses.
    ("near_self_destruct", "The Self-Destruct sequence was {left, plural, one {# space} other {# spaces}} from the end."),
    ("near_time", "The ship was {left, plural, one {# space} other {# spaces}} from the jump."),
    ("near_fire", "At most {most} of the {limit, plural, one {# Fire marker} other {# Fire markers}} were on the ship."),
    ("near_malfunction", "At most {most} of the {limit, plural, one {# Malfunction marker} other {# Malfunction markers}} were on the ship."),
    ("near_surprise", "{player} held {hand, plural, one {# card} other {# cards}} against a token of {back}: one card fewer and it was a Surprise Attack."),
    ("near_engines", "One more Damaged Engine and the ship would have exploded."),
    ("near_contamination", "{player} was INFECTED and still drew no Contamination card."),
];

/// A debrief line's English template (the key itself for a key no template has).
pub fn template(key: &str) -> &'static str {
    TEMPLATES.iter().find(|(k, _)| *k == key).map(|(_, t)| *t).unwrap_or("{?}")
}

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

fn num(n: impl Into<i32>) -> LogParam {
    LogParam::Number { value: n.into() }
}

fn term(key: String, en: impl Into<String>) -> LogParam {
    LogParam::Term { key, en: en.into() }
}

fn list(items: impl IntoIterator<Item = LogParam>) -> LogParam {
    LogParam::List { items: items.into_iter().collect() }
}

/// A variant's English name from its Debug form: `ShipExploded` → "Ship exploded".
fn en_words(x: &impl std::fmt::Debug) -> String {
    let raw = format!("{x:?}");
    let mut out = String::new();
    for (i, ch) in raw.chars().enumerate() {
        if ch.is_uppercase() && i > 0 {
            out.push(' ');
            out.extend(ch.to_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}

fn named<T: Serialize + std::fmt::Debug>(group: &str, x: &T) -> LogParam {
    LogParam::of(group, x, en_words(x))
}

fn status(s: EngineStatus) -> LogParam {
    match s {
        EngineStatus::Working => term("engine_status.working".into(), "Working"),
        EngineStatus::Damaged => term("engine_status.damaged".into(), "Damaged"),
    }
}

fn truth(infected: Hidden<bool>) -> LogParam {
    match infected {
        Hidden::Known(true) => term("debrief.truth.infected".into(), "INFECTED"),
        Hidden::Known(false) => term("debrief.truth.clean".into(), "not infected"),
        Hidden::Unknown => term("debrief.truth.unknown".into(), "unknown (a physical card)"),
    }
}

fn line(seq: u32, key: &'static str, params: Vec<(&str, LogParam)>, seat: Option<Seat>) -> StoryLine {
    let params: BTreeMap<String, LogParam> = params.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    StoryLine { seq, key: key.to_string(), text: render(template(key), &params), params, seat, bag: None }
}

fn bag_of(s: &State) -> Vec<BagCount> {
    let c = s.content();
    let mut out: Vec<BagCount> = Vec::new();
    for (i, place) in s.tokens.iter().enumerate() {
        if *place != TokenPlace::Bag {
            continue;
        }
        let kind = c.token(TokenId(i as u8)).kind;
        match out.iter_mut().find(|b| b.kind == kind) {
            Some(b) => b.count += 1,
            None => out.push(BagCount { kind, count: 1 }),
        }
    }
    // Weakest first, as the bag's contents are listed on the Intruder board.
    out.sort_by_key(|b| match b.kind {
        TokenKind::Blank => 0,
        TokenKind::Larva => 1,
        TokenKind::Creeper => 2,
        TokenKind::Adult => 3,
        TokenKind::Breeder => 4,
        TokenKind::Queen => 5,
    });
    out
}

/// What one event adds to the story, told with the state after it (`s`) and before it (`was`).
fn tell(s: &State, was: &State, seq: u32, e: &Event, near: &mut Vec<StoryLine>) -> Option<StoryLine> {
    let c = s.content();
    let d = &c.data;
    let player = |seat: &Seat| ("player", LogParam::text(s.seats.get(*seat).map(|x| x.name.clone()).unwrap_or_default()));
    let token = |t: &TokenId| ("token", named("token", &c.token(*t).kind));
    let card_id = |x: &ContaminationId| ("card", LogParam::text(format!("{:02}", x.0 + 1)));
    let objective = |o: &ObjectiveId| {
        let x = &d.objectives[o.0 as usize];
        term(format!("card.objective.{}", x.key), x.name.clone())
    };
    let bag = |mut l: StoryLine| {
        l.bag = Some(bag_of(s));
        Some(l)
    };
    let infected = |x: &ContaminationId| s.infected.get(x.0 as usize).copied().unwrap_or(Hidden::Unknown);
    match e {
        Event::CoordinatesPlaced { card } => {
            let k = &d.coordinates[card.0 as usize];
            let p = |x: &Destination| named("destination", x);
            Some(line(seq, "setup_coordinates", vec![("a", p(&k.a)), ("b", p(&k.b)), ("c", p(&k.c)), ("d", p(&k.d))], None))
        }
        Event::EnginesPlaced { tops } => Some(line(seq, "setup_engines", vec![("e1", status(tops[0])), ("e2", status(tops[1])), ("e3", status(tops[2]))], None)),
        Event::BagFilled { .. } => bag(line(seq, "setup_bag", vec![], None)),
        Event::ContaminationPrepared { infected } => Some(line(
            seq,
            "setup_contamination",
            vec![("infected", num(infected.iter().filter(|x| **x).count() as i32)), ("total", num(infected.len() as i32))],
            None,
        )),
        Event::ObjectivesDealt { seat, cards } if !cards.is_empty() => {
            Some(line(seq, "setup_objectives", vec![player(seat), ("cards", list(cards.iter().map(objective)))], Some(*seat)))
        }
        Event::WeaknessesPlaced { cards } => Some(line(
            seq,
            "setup_weaknesses",
            vec![("cards", list(cards.iter().map(|w| {
                let x = &d.weaknesses[w.0 as usize];
                term(format!("card.weakness.{}", x.key), x.name.clone())
            })))],
            None,
        )),
        Event::TokenDrawn { token: t, purpose } => {
            let key = match purpose {
                DrawPurpose::Encounter => "bag_draw_encounter",
                DrawPurpose::Development => "bag_draw_development",
                DrawPurpose::Summoning => "bag_draw_summoning",
            };
            bag(line(seq, key, vec![token(t)], None))
        }
        Event::BagWasEmpty { .. } => Some(line(seq, "bag_empty", vec![], None)),
        Event::TokenReturned { token: t } => bag(line(seq, "token_back", vec![token(t)], None)),
        Event::TokenAddedToBag { token: t } => bag(line(seq, "token_added", vec![token(t)], None)),
        Event::TokenToSupply { token: t } => bag(line(seq, "token_supply", vec![token(t)], None)),
        Event::IntruderLeftBoard { id } => match was.intruder(*id).and_then(|i| i.token) {
            Some(t) => bag(line(seq, "intruder_left", vec![token(&t)], None)),
            None => None,
        },
        Event::EventCardDrawn { card, purpose } => {
            let x = &d.events[card.0 as usize];
            let key = if *purpose == EventDraw::Retreat { "event_card_retreat" } else { "event_card" };
            Some(line(seq, key, vec![("card", term(format!("card.event.{}", x.key), x.name.clone()))], None))
        }
        Event::AttackCardDrawn { card, purpose } => {
            let x = &d.attacks[card.0 as usize];
            let card = ("card", term(format!("card.attack.{}", x.key), x.name.clone()));
            match purpose {
                AttackDraw::Attack { target, .. } => Some(line(seq, "attack_card", vec![player(target), card], None)),
                AttackDraw::Endurance { .. } => Some(line(seq, "attack_card_endurance", vec![card], None)),
            }
        }
        Event::WeaknessRevealed { card, .. } => {
            let x = &d.weaknesses[card.0 as usize];
            Some(line(seq, "weakness_revealed", vec![("card", term(format!("card.weakness.{}", x.key), x.name.clone()))], None))
        }
        Event::ContaminationGiven { seat, card } => {
            Some(line(seq, "contamination_given", vec![player(seat), card_id(card), ("truth", truth(infected(card)))], Some(*seat)))
        }
        Event::ContaminationScanned { seat, card, infected: i } => {
            Some(line(seq, "contamination_scanned", vec![player(seat), card_id(card), ("truth", truth(Hidden::Known(*i)))], Some(*seat)))
        }
        Event::ContaminationRemoved { seat, card } => {
            Some(line(seq, "contamination_removed", vec![player(seat), card_id(card), ("truth", truth(infected(card)))], Some(*seat)))
        }
        Event::EngineChecked { seat, engine, top } => {
            Some(line(seq, "engine_checked", vec![player(seat), ("engine", num(engine.0)), ("status", status(*top))], Some(*seat)))
        }
        Event::EngineRepairBegun { seat, engine, top } => {
            Some(line(seq, "engine_repair", vec![player(seat), ("engine", num(engine.0)), ("status", status(*top))], Some(*seat)))
        }
        Event::EngineOrderSet { seat, engine, top, changed } => Some(line(
            seq,
            if *changed { "engine_order_changed" } else { "engine_order_unchanged" },
            vec![player(seat), ("engine", num(engine.0)), ("status", status(*top))],
            Some(*seat),
        )),
        Event::EngineOrderReported { seat, engine, .. } => {
            Some(line(seq, "engine_order_reported", vec![player(seat), ("engine", num(engine.0))], Some(*seat)))
        }
        Event::CoordinatesChecked { seat, .. } => Some(line(seq, "coordinates_checked", vec![player(seat)], Some(*seat))),
        Event::DestinationSet { letter } => {
            let destination = match s.coordinates {
                Hidden::Known(k) => named("destination", &d.coordinates[k.0 as usize].destination(*letter)),
                Hidden::Unknown => truth(Hidden::Unknown),
            };
            Some(line(seq, "destination_set", vec![("letter", named("destination_letter", letter)), ("destination", destination)], None))
        }
        Event::ObjectiveChosen { seat, objective: Some(o) } => Some(line(seq, "objective_chosen", vec![player(seat), ("card", objective(o))], Some(*seat))),
        Event::ObjectiveChosen { seat, objective: None } => Some(line(seq, "objective_chosen_table", vec![player(seat)], Some(*seat))),
        Event::SurpriseAttack { seat, back, hand, .. } => {
            Some(line(seq, "surprise_attack", vec![player(seat), ("back", num(*back)), ("hand", num(*hand))], None))
        }
        Event::CharacterDied { seat, cause } => Some(line(seq, "character_died", vec![player(seat), ("cause", named("death", cause))], None)),
        Event::IntruderKilled { id } => Some(line(seq, "intruder_killed", vec![("id", num(id.0 as i32))], None)),
        Event::SelfDestructStarted => Some(line(seq, "self_destruct_started", vec![], None)),
        Event::SelfDestructStopped => Some(line(seq, "self_destruct_stopped", vec![], None)),
        Event::SignalSent { seat } => Some(line(seq, "signal", vec![player(seat)], None)),
        Event::CharacterHibernated { seat } => Some(line(seq, "hibernated", vec![player(seat)], None)),
        Event::PodLaunched { pod } => Some(line(seq, "pod_launched", vec![("pod", num(pod.0))], None)),
        Event::GameEnded { cause } => Some(line(seq, "game_ended", vec![("cause", named("end", cause))], None)),
        Event::EnginesRevealed { tops } => {
            if tops.iter().filter(|t| **t == EngineStatus::Damaged).count() == 1 {
                near.push(line(0, "near_engines", vec![], None));
            }
            Some(line(seq, "engines_revealed", vec![("e1", status(tops[0])), ("e2", status(tops[1])), ("e3", status(tops[2]))], None))
        }
        Event::CoordinatesRevealed { destination, .. } => Some(line(seq, "coordinates_revealed", vec![("destination", named("destination", destination))], None)),
        Event::ContaminationChecked { seat, infected, drawn_contamination, dies } => {
            let key = match (infected, dies) {
                (false, _) => "contamination_clean",
                (true, false) => "contamination_lucky",
                (true, true) => "contamination_dies",
            };
            if *infected && !*dies {
                near.push(line(0, "near_contamination", vec![player(seat)], None));
            }
            Some(line(seq, key, vec![player(seat), ("drawn", num(*drawn_contamination))], None))
        }
        Event::ObjectiveRevealed { seat, objective: Some(o) } => Some(line(seq, "objective_revealed", vec![player(seat), ("card", objective(o))], None)),
        Event::ObjectiveJudged { seat, met } => Some(line(seq, if *met { "objective_met" } else { "objective_not_met" }, vec![player(seat)], None)),
        _ => None,
    }
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
