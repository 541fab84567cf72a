//! The game log, per audience. A line about a private act says that it happened, never what was
//! seen; the seat that saw it gets a second line with the result. Each line has a stable key for
//! translation and an English text.

use crate::content::Content;
use crate::event::{DrawPurpose, Event};
use crate::game::{Entry, EntryKind};
use crate::ids::*;
use crate::state::State;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "kind", content = "seat")]
pub enum Audience {
    Table,
    Seat(Seat),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LogLine {
    pub seq: u32,
    /// `correction` and `undone` lines mark how the entry changed the record.
    pub key: String,
    pub text: String,
    pub private: bool,
}

fn name(s: &State, seat: Seat) -> String {
    s.seats.get(seat).map(|x| x.name.clone()).unwrap_or_else(|| format!("Seat {}", seat.0 + 1))
}

fn status(s: EngineStatus) -> &'static str {
    match s {
        EngineStatus::Working => "Working",
        EngineStatus::Damaged => "Damaged",
    }
}

/// A variant's name in words: `SeriousWound` → "Serious Wound", `TimeTrack` → "Time Track".
fn words(x: &impl std::fmt::Debug) -> String {
    let raw = format!("{x:?}");
    let mut out = String::new();
    for (i, ch) in raw.chars().enumerate() {
        if ch.is_uppercase() && i > 0 {
            out.push(' ');
        }
        out.push(ch);
    }
    out
}

fn article(word: &str) -> &'static str {
    if word.starts_with(['A', 'E', 'I', 'O', 'U']) { "An" } else { "A" }
}

fn spot_words(spot: &crate::state::NoiseSpot) -> String {
    match spot {
        crate::state::NoiseSpot::Corridor(id) => match Content::base().board.corridors.get(id.0 as usize) {
            Some(c) => format!("the corridor between {} and {}", c.ends.0 .0, c.ends.1 .0),
            None => "a corridor".into(),
        },
        crate::state::NoiseSpot::Technical => "the technical corridors".into(),
    }
}

fn phase_words(p: &crate::state::Phase) -> String {
    use crate::state::Phase;
    match p {
        Phase::Draft => "the character draft".into(),
        Phase::Player => "the Player Phase".into(),
        Phase::Event { step } => format!("the Event Phase, {}", words(step).to_lowercase()),
        Phase::Over { cause, .. } => format!("the end of the game ({})", words(cause).to_lowercase()),
    }
}

fn list_words<T: std::fmt::Debug>(xs: &[T]) -> String {
    xs.iter().map(|x| words(x)).collect::<Vec<_>>().join(", ")
}

/// Describes one event for one audience; `None` when it has nothing to say to them.
/// Private results are given only to the seat they belong to.
pub fn describe(s: &State, e: &Event, to: Audience) -> Option<(String, String, bool)> {
    let c = Content::base();
    let d = &c.data;
    let mine = |seat: &Seat| to == Audience::Seat(*seat);
    let public = |k: &str, t: String| Some((k.to_string(), t, false));
    let private = |k: &str, t: String| Some((k.to_string(), t, true));
    match e {
        Event::GameSetUp { config, .. } => public("game_set_up", format!("A {}-player game is set up.", config.players)),
        Event::RoomTilesPlaced { .. } => public("room_tiles_placed", "Room tiles are placed face down.".into()),
        Event::ExplorationTokensPlaced { .. } => public("exploration_tokens_placed", "An Exploration token lies face down on each room.".into()),
        Event::CoordinatesPlaced { .. } => public("coordinates_placed", "A Coordinates card lies face down by the Cockpit.".into()),
        Event::EscapePodsPlaced { pods } => public(
            "escape_pods_placed",
            format!("Escape Pods {} are placed, locked.", pods.iter().map(|(p, s)| format!("{} (section {})", p.0, words(s))).collect::<Vec<_>>().join(", ")),
        ),
        Event::EnginesPlaced { .. } => public("engines_placed", "Each Engine's two tokens are shuffled face down.".into()),
        Event::WeaknessesPlaced { .. } => public("weaknesses_placed", "Three Weakness cards lie face down.".into()),
        Event::BagFilled { tokens } => public("bag_filled", format!("{} tokens go into the Intruder bag.", tokens.len())),
        Event::DeckShuffled { deck, .. } => public("deck_shuffled", format!("The {} deck is shuffled.", words(deck))),
        Event::DeckReshuffled { deck, .. } => public("deck_reshuffled", format!("The {} deck is reshuffled.", words(deck))),
        Event::ContaminationPrepared { .. } => None,
        Event::ObjectivesDealt { seat, cards } => {
            if mine(seat) {
                let names: Vec<&str> = cards.iter().map(|o| d.objectives[o.0 as usize].name.as_str()).collect();
                private("objectives_dealt_private", format!("Your objectives: {}.", names.join(" and ")))
            } else {
                public("objectives_dealt", format!("{} is dealt two objectives.", name(s, *seat)))
            }
        }
        Event::DraftOffered { seat, characters } => public(
            "draft_offered",
            format!(
                "{} draws {}.",
                name(s, *seat),
                characters.iter().map(|x| d.characters[x.0 as usize].name.as_str()).collect::<Vec<_>>().join(" and ")
            ),
        ),
        Event::CharacterKept { seat, character } => {
            public("character_kept", format!("{} plays the {}.", name(s, *seat), d.characters[character.0 as usize].name))
        }
        Event::PlayStarted => public("play_started", "Turn 1 begins.".into()),
        Event::PhaseChanged { phase } => public("phase_changed", format!("Now: {}.", phase_words(phase))),
        Event::TurnBegan { turn, first_player } => {
            public("turn_began", format!("Turn {turn} begins; {} holds the First Player token.", name(s, *first_player)))
        }
        Event::HandSizeSet { seat, cards } => public("hand_size_set", format!("{} holds {cards} cards.", name(s, *seat))),
        Event::CharacterMoved { seat, to } => public("character_moved", format!("{} moves to room {}.", name(s, *seat), to.0)),
        Event::RoomExplored { at, tile, token, items } => public(
            "room_explored",
            format!(
                "Room {} is the {}: {}, {items} item(s).",
                at.0,
                c.tile(*tile).name,
                words(&d.exploration_tokens[token.0 as usize].effect)
            ),
        ),
        Event::NoiseRolled { seat, face, .. } => public(
            "noise_rolled",
            format!("{} rolls for Noise: {}.", seat.map(|x| name(s, x)).unwrap_or_else(|| "The table".into()), words(face)),
        ),
        Event::NoisePlaced { spot } => public("noise_placed", format!("A Noise marker goes in {}.", spot_words(spot))),
        Event::NoiseRemoved { spot } => public("noise_removed", format!("The Noise marker leaves {}.", spot_words(spot))),
        Event::DoorChanged { corridor, state } => public("door_changed", format!("The door in corridor {} is now {}.", corridor.0, words(state).to_lowercase())),
        Event::FirePlaced { at } => public("fire_placed", format!("Fire in room {}.", at.0)),
        Event::FireRemoved { at } => public("fire_removed", format!("The Fire in room {} is out.", at.0)),
        Event::MalfunctionPlaced { at } => public("malfunction_placed", format!("Malfunction in room {}.", at.0)),
        Event::MalfunctionRemoved { at } => public("malfunction_removed", format!("Room {} is repaired.", at.0)),
        Event::ItemsSet { at, items } => public("items_set", format!("Room {} now holds {items} item(s).", at.0)),
        Event::DiceRolled { noise, combat, .. } => public("dice_rolled", format!("Dice: {}.", [list_words(noise), list_words(combat)].into_iter().filter(|x| !x.is_empty()).collect::<Vec<_>>().join(", "))),
        Event::EncounterBegan { seat, at } => public("encounter", format!("Encounter! {} in room {}.", name(s, *seat), at.0)),
        Event::TokenDrawn { token, purpose } => {
            let t = c.token(*token);
            let why = match purpose {
                DrawPurpose::Encounter => "for the Encounter",
                DrawPurpose::Development => "for bag development",
                DrawPurpose::Summoning => "for the Summoning",
            };
            public("token_drawn", format!("Drawn from the bag {why}: {}.", t.kind.name()))
        }
        Event::BagWasEmpty { .. } => public("bag_empty", "The Intruder bag is empty: nothing is drawn.".into()),
        Event::TokenReturned { token } => public("token_returned", format!("The {} token goes back into the bag.", c.token(*token).kind.name())),
        Event::TokenToSupply { token } => public("token_to_supply", format!("The {} token leaves the bag.", c.token(*token).kind.name())),
        Event::TokenAddedToBag { token } => public("token_added", format!("{} {} token is added to the bag.", article(c.token(*token).kind.name()), c.token(*token).kind.name())),
        Event::IntruderPlaced { kind, at, .. } => public("intruder_placed", format!("{} {} appears in room {}.", article(kind.name()), kind.name(), at.0)),
        Event::IntruderMoved { id, to } => public("intruder_moved", format!("Intruder #{} moves to room {}.", id.0, to.0)),
        Event::IntruderLeftBoard { id } => public("intruder_left", format!("Intruder #{} disappears into the ducts; its token returns to the bag.", id.0)),
        Event::IntruderKilled { id } => public("intruder_killed", format!("Intruder #{} is killed.", id.0)),
        Event::IntruderInjured { id, injuries } => public("intruder_injured", format!("Intruder #{} takes {injuries} Injury.", id.0)),
        Event::IntruderHealed { id, injuries } => public("intruder_healed", format!("Intruder #{} heals {injuries} Injury.", id.0)),
        Event::IntruderTransformed { id, into } => public("intruder_transformed", format!("Intruder #{} becomes a {}.", id.0, into.name())),
        Event::CharacterInfested { seat, .. } => public("infested", format!("A Larva infests {}.", name(s, *seat))),
        Event::SurpriseAttack { seat, back, hand, .. } => {
            public("surprise_attack", format!("Surprise Attack on {}: token {back} against {hand} cards.", name(s, *seat)))
        }
        Event::AttackCardDrawn { card, .. } => public("attack_card", format!("Intruder Attack card: {}.", d.attacks[card.0 as usize].name)),
        Event::AttackMissed { target, .. } => public("attack_missed", format!("The attack on {} misses.", name(s, *target))),
        Event::EnduranceChecked { id, retreat, killed, .. } => public(
            "endurance_checked",
            format!(
                "Intruder #{} {}.",
                id.0,
                if *killed {
                    "dies"
                } else if *retreat {
                    "retreats"
                } else {
                    "survives"
                }
            ),
        ),
        Event::LightWoundsSet { seat, light } => public("light_wounds", format!("{} has {light} Light Wound(s).", name(s, *seat))),
        Event::SeriousWoundDrawn { seat, card } => {
            public("serious_wound", format!("{} suffers a Serious Wound: {}.", name(s, *seat), d.serious_wounds[card.0 as usize].name))
        }
        Event::SeriousWoundDressed { seat, .. } => public("wound_dressed", format!("{} dresses a Serious Wound.", name(s, *seat))),
        Event::SeriousWoundHealed { seat, .. } => public("wound_healed", format!("{} heals a Serious Wound.", name(s, *seat))),
        Event::CharacterDied { seat, cause } => public("character_died", format!("{} dies ({}).", name(s, *seat), words(cause).to_lowercase())),
        Event::SlimeSet { seat, on } => {
            public("slime", format!("{} {}.", name(s, *seat), if *on { "is covered in Slime" } else { "is clean of Slime" }))
        }
        Event::SignalSent { seat } => public("signal", format!("{} sends the Signal.", name(s, *seat))),
        Event::LarvaSet { seat, on } => {
            public("larva", format!("{} {}.", name(s, *seat), if *on { "carries a Larva" } else { "is rid of the Larva" }))
        }
        Event::ContaminationGiven { seat, card } => {
            if mine(seat) {
                private("contamination_given_private", format!("You get Contamination card C-{:02}.", card.0 + 1))
            } else {
                public("contamination_given", format!("{} gets a Contamination card.", name(s, *seat)))
            }
        }
        Event::ContaminationScanned { seat, card, infected } => {
            if mine(seat) {
                private(
                    "contamination_scanned_private",
                    format!("C-{:02} scanned: {}.", card.0 + 1, if *infected { "INFECTED" } else { "not infected" }),
                )
            } else {
                public("contamination_scanned", format!("{} scans a Contamination card.", name(s, *seat)))
            }
        }
        Event::ContaminationRemoved { seat, .. } => public("contamination_removed", format!("{} removes a Contamination card.", name(s, *seat))),
        Event::ContaminationDeckEmpty { seat } => {
            public("contamination_empty", format!("No Contamination card is left for {}.", name(s, *seat)))
        }
        Event::EngineChecked { seat, engine, top } => {
            if mine(seat) {
                private("engine_checked_private", format!("Engine {}: {}.", engine.0, status(*top)))
            } else {
                public("engine_checked", format!("{} checks Engine {}.", name(s, *seat), engine.0))
            }
        }
        Event::EngineRepairBegun { seat, engine, top } => {
            if mine(seat) {
                private("engine_in_hand_private", format!("Engine {}: the top token is {}.", engine.0, status(*top)))
            } else {
                public("engine_repair", format!("{} takes Engine {}'s tokens.", name(s, *seat), engine.0))
            }
        }
        Event::EngineOrderSet { seat, engine, top, changed } => {
            if mine(seat) {
                private("engine_order_private", format!("You put {} on top of Engine {}.", status(*top), engine.0))
            } else {
                public(
                    "engine_order",
                    format!("{} puts Engine {}'s tokens back: order {}.", name(s, *seat), engine.0, if *changed { "changed" } else { "unchanged" }),
                )
            }
        }
        Event::EngineOrderReported { seat, engine, changed } => public(
            "engine_order",
            format!("{} puts Engine {}'s tokens back: order {}.", name(s, *seat), engine.0, if *changed { "changed" } else { "unchanged" }),
        ),
        Event::CoordinatesChecked { seat, card } => {
            if mine(seat) {
                let k = &d.coordinates[card.0 as usize];
                private("coordinates_private", format!("Coordinates: A {}, B {}, C {}, D {}.", words(&k.a), words(&k.b), words(&k.c), words(&k.d)))
            } else {
                public("coordinates_checked", format!("{} checks the Coordinates.", name(s, *seat)))
            }
        }
        Event::DestinationSet { letter } => public("destination_set", format!("The Destination marker moves to {}.", words(letter))),
        Event::SelfDestructStarted => public("self_destruct_started", "Self-Destruct sequence started!".into()),
        Event::SelfDestructStopped => public("self_destruct_stopped", "Self-Destruct sequence stopped.".into()),
        Event::SelfDestructAdvanced { to } => public("self_destruct_advanced", format!("Self-Destruct: {to} moves.")),
        Event::SelfDestructCritical => public("self_destruct_critical", "Self-Destruct reaches yellow: it can no longer be stopped.".into()),
        Event::TimeAdvanced { to } => public("time_advanced", format!("Time marker: {to} moves.")),
        Event::HibernationOpened => public("hibernation_opened", "The hibernation chambers are open.".into()),
        Event::PodLockSet { pod, locked } => {
            public("pod_lock", format!("Escape Pod {} is {}.", pod.0, if *locked { "locked" } else { "unlocked" }))
        }
        Event::PodsUnlocked { reason } => public("pods_unlocked", format!("Every Escape Pod unlocks ({}).", words(reason).to_lowercase())),
        Event::CharacterEnteredPod { seat, pod } => public("entered_pod", format!("{} boards Escape Pod {}.", name(s, *seat), pod.0)),
        Event::CharacterLeftPod { seat } => public("left_pod", format!("{} leaves the Escape Pod.", name(s, *seat))),
        Event::PodLaunched { pod } => public("pod_launched", format!("Escape Pod {} launches!", pod.0)),
        Event::PodEjected { pod } => public("pod_ejected", format!("Escape Pod {} is ejected empty.", pod.0)),
        Event::CharacterHibernated { seat } => public("hibernated", format!("{} hibernates.", name(s, *seat))),
        Event::FirstEncounter => public("first_encounter", "First Encounter: every player now keeps one objective.".into()),
        Event::ObjectiveChosen { seat, objective } => {
            if mine(seat) {
                let n = objective.map(|o| d.objectives[o.0 as usize].name.clone()).unwrap_or_else(|| "your card".into());
                private("objective_chosen_private", format!("You keep: {n}."))
            } else {
                public("objective_chosen", format!("{} chooses an objective.", name(s, *seat)))
            }
        }
        Event::EggTaken { seat } => public("egg_taken", format!("{} takes an Egg.", name(s, *seat))),
        Event::EggsDropped { seat, count, .. } => public("eggs_dropped", format!("{} drops {count} Egg(s).", name(s, *seat))),
        Event::NestEggsDestroyed { count } => public("nest_eggs_destroyed", format!("{count} Egg(s) in the Nest destroyed.")),
        Event::RoomEggsDestroyed { at, count } => public("room_eggs_destroyed", format!("{count} Egg(s) destroyed in room {}.", at.0)),
        Event::EggAdded => public("egg_added", "An Egg is added to the Nest.".into()),
        Event::NestDestroyed => public("nest_destroyed", "The Nest is destroyed.".into()),
        Event::WeaknessRevealed { card, .. } => public("weakness", format!("Weakness discovered: {}.", d.weaknesses[card.0 as usize].name)),
        Event::RoomPeeked { seat, at, tile, token } => {
            if mine(seat) {
                let x = &d.exploration_tokens[token.0 as usize];
                private("room_peeked_private", format!("You peek at room {}: the {}, {}, {} item(s).", at.0, c.tile(*tile).name, words(&x.effect), x.items))
            } else {
                public("room_peeked", format!("{} looks at room {}.", name(s, *seat), at.0))
            }
        }
        Event::EventCardDrawn { card, .. } => {
            let x = &d.events[card.0 as usize];
            public("event_card", format!("Event: {} (corridor {}).", x.name, x.corridor))
        }
        Event::EventCardResolved { card } => public("event_resolved", format!("{} is resolved.", d.events[card.0 as usize].name)),
        Event::EventCardDiscarded { card } => public("event_discarded", format!("{} is discarded unresolved.", d.events[card.0 as usize].name)),
        Event::GameEnded { cause } => public("game_ended", format!("The game ends: {}.", words(cause).to_lowercase())),
        Event::ShipDestroyed => public("ship_destroyed", "The ship is destroyed.".into()),
        Event::VictoryStepReached { step } => public("victory_step", format!("Victory check: {}.", words(step).to_lowercase())),
        Event::EnginesRevealed { tops } => public("engines_revealed", format!("Engines: {}.", tops.map(status).join(", "))),
        Event::CoordinatesRevealed { destination, .. } => public("coordinates_revealed", format!("The ship is headed to {}.", words(destination))),
        Event::ContaminationChecked { seat, infected, dies, .. } => public(
            "contamination_checked",
            format!(
                "{}: {}.",
                name(s, *seat),
                match (infected, dies) {
                    (false, _) => "not infected",
                    (true, false) => "infected, but lucky",
                    (true, true) => "infected, and dies",
                }
            ),
        ),
        Event::ObjectiveRevealed { seat, objective } => public(
            "objective_revealed",
            format!(
                "{}'s objective: {}.",
                name(s, *seat),
                objective.map(|o| d.objectives[o.0 as usize].name.clone()).unwrap_or_else(|| "(the card on the table)".into())
            ),
        ),
        Event::ObjectiveJudged { seat, met } => public("objective_judged", format!("{} {} the objective.", name(s, *seat), if *met { "met" } else { "did not meet" })),
    }
}

/// The whole log for one audience, newest last. Undone and corrected entries stay, marked.
pub fn log(entries: &[Entry], to: Audience) -> Vec<LogLine> {
    let mut out = Vec::new();
    let mut state: Option<State> = None;
    for entry in entries {
        match entry.kind {
            EntryKind::Undo(of) => out.push(LogLine { seq: entry.seq, key: "undone".into(), text: format!("Step {of} was undone."), private: false }),
            EntryKind::Correction(of) => out.push(LogLine {
                seq: entry.seq,
                key: "correction".into(),
                text: format!("Correction of step {of}: the table entered the real result."),
                private: false,
            }),
            EntryKind::Normal => {}
        }
        for e in &entry.events {
            if state.is_none() {
                state = State::replay(std::iter::once(e));
            } else if let Some(s) = state.as_mut() {
                s.fold(e);
            }
            if let Some(s) = state.as_ref() {
                if let Some((key, text, private)) = describe(s, e, to) {
                    out.push(LogLine { seq: entry.seq, key, text, private });
                }
            }
        }
    }
    out
}
