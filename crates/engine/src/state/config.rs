//! The game's settings fixed at setup: the mode, and which components the app takes over.

use crate::content::Pack;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Standard,
    Solo,
    Cooperative,
}

/// A component the app can take over. Whatever the app does not handle stays physical:
/// its random outcomes are entered by the table, and what it hides stays unknown to the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Component {
    RoomTiles,
    ExplorationTokens,
    Coordinates,
    EscapePods,
    Engines,
    Weaknesses,
    IntruderBag,
    EventDeck,
    AttackDeck,
    ContaminationDeck,
    SeriousWoundDeck,
    Objectives,
    CharacterDraft,
    HelpCards,
    Dice,
}

impl Component {
    pub const ALL: [Component; 15] = [
        Component::RoomTiles,
        Component::ExplorationTokens,
        Component::Coordinates,
        Component::EscapePods,
        Component::Engines,
        Component::Weaknesses,
        Component::IntruderBag,
        Component::EventDeck,
        Component::AttackDeck,
        Component::ContaminationDeck,
        Component::SeriousWoundDeck,
        Component::Objectives,
        Component::CharacterDraft,
        Component::HelpCards,
        Component::Dice,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Component::RoomTiles => "room tiles",
            Component::ExplorationTokens => "exploration tokens",
            Component::Coordinates => "Coordinates card",
            Component::EscapePods => "Escape Pods",
            Component::Engines => "Engine tokens",
            Component::Weaknesses => "Weakness cards",
            Component::IntruderBag => "Intruder bag",
            Component::EventDeck => "Event deck",
            Component::AttackDeck => "Intruder Attack deck",
            Component::ContaminationDeck => "Contamination deck",
            Component::SeriousWoundDeck => "Serious Wound deck",
            Component::Objectives => "Objective cards",
            Component::CharacterDraft => "Character draft",
            Component::HelpCards => "Help cards",
            Component::Dice => "dice",
        }
    }
}

/// The game's settings, fixed at setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Config {
    /// The box this game is played with (saves from before packs existed are the base game).
    #[serde(default)]
    pub pack: Pack,
    pub players: u8,
    pub mode: Mode,
    /// Sorted, without duplicates.
    pub handled: Vec<Component>,
    /// INFECTED cards among the contamination cards (data says 7, graded C: a table may correct it).
    pub infected_cards: u8,
}

impl Config {
    pub fn handles(&self, c: Component) -> bool {
        self.handled.binary_search(&c).is_ok()
    }
}
