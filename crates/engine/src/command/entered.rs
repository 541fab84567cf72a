//! Results read off the table's own components (dice, bag, decks), declared once: each kind, what
//! it is read off, and what a person calls it.

use crate::content::{Blood, ExplorationEffect};
use crate::ids::*;
use crate::state::Component;
use serde::{Deserialize, Serialize};

/// Every kind of result the table may enter, declared once: its variant and fields, the
/// components it is read off (`read_off`: when the app holds any of them, the result is refused
/// before its value is looked at: the app's draw stands, and a guess learns nothing; the first
/// decides for the kind as a whole), and what a person calls it (`what`).
macro_rules! declare_entered {
    ($(
        $(#[$doc:meta])*
        $name:ident { $($(#[$field_attr:meta])* $field:ident : $field_ty:ty),* $(,)? }
        => { read_off: [$($component:ident $(if $named:expr)?),*], what: $what:literal $(,)? }
    )*) => {
        /// A result read off a physical component, used instead of the app's generator.
        /// Each random step takes the first entered result of its kind, in order.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(rename_all = "snake_case", tag = "kind")]
        pub enum Entered {
            $($(#[$doc])* $name { $($(#[$field_attr])* $field: $field_ty),* },)*
        }

        /// The kind of an entered result: its `kind` tag.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(rename_all = "snake_case")]
        pub enum EnteredKind {
            $($name,)*
        }

        impl EnteredKind {
            pub const ALL: &'static [EnteredKind] = &[$(EnteredKind::$name,)*];

            /// The component whose holding by the app refuses this kind of result (`Entered::read_off`'s
            /// first). `None`: read off the players' own cards, always entered.
            pub fn read_off(self) -> Option<Component> {
                match self {
                    $(EnteredKind::$name => {
                        let off: &[Component] = &[$(Component::$component),*];
                        off.first().copied()
                    })*
                }
            }
        }

        impl Entered {
            /// Which kind of result this is.
            pub fn entered_kind(&self) -> EnteredKind {
                match self {
                    $(Entered::$name { .. } => EnteredKind::$name,)*
                }
            }

            /// The components this result is read off: when the app holds any of them, it is refused.
            #[allow(unused_variables, unused_mut)]
            pub fn read_off(&self) -> Vec<Component> {
                match self {
                    $(Entered::$name { $($field),* } => {
                        let mut off = Vec::new();
                        // A component with a condition counts only when it holds.
                        $(if [$($named)?].iter().all(|holds: &bool| *holds) { off.push(Component::$component); })*
                        off
                    })*
                }
            }

            pub fn what(&self) -> &'static str {
                match self {
                    $(Entered::$name { .. } => $what,)*
                }
            }
        }
    };
}

declare_entered! {
    Noise { face: NoiseFace } => { read_off: [Dice], what: "Noise roll" }
    Combat { face: CombatFace } => { read_off: [Dice], what: "Combat roll" }
    Token { token: TokenKind, #[serde(default)] back: Option<u8> } => { read_off: [IntruderBag], what: "Intruder token" }
    EventCard { key: String } => { read_off: [EventDeck], what: "Event card" }
    AttackCard { key: String, #[serde(default)] blood: Option<Blood> } => { read_off: [AttackDeck], what: "Intruder Attack card" }
    SeriousWound { key: String } => { read_off: [SeriousWoundDeck], what: "Serious Wound card" }
    /// `tile` may be left out when the app holds the room tiles.
    // A room names its tile only when the tiles are physical, so its Exploration token decides.
    Room { #[serde(default)] tile: Option<String>, effect: ExplorationEffect, items: u8 } => {
        read_off: [ExplorationTokens, RoomTiles if tile.is_some()],
        what: "room tile and Exploration token",
    }
    Draft { characters: Vec<String> } => { read_off: [CharacterDraft], what: "draft cards" }
    /// A scan of a card whose status the app does not know (physical contamination deck).
    Infected { infected: bool } => { read_off: [ContaminationDeck], what: "scan result" }
    Engine { status: EngineStatus } => { read_off: [Engines], what: "Engine token" }
    Destination { destination: Destination } => { read_off: [Coordinates], what: "destination" }
    Weakness { key: String } => { read_off: [Weaknesses], what: "Weakness card" }
    /// End of game: how many Contamination cards were among the 4 cards drawn.
    // Drawn from the character's own cards, which no `Component` stands for: always entered.
    ContaminationDraw { contamination: u8 } => { read_off: [], what: "end-of-game draw" }
    /// Hatching (p. 20): whether this character's player holds no Action card. Asked only when
    /// the hand count could be Contamination cards alone (the count holds both kinds).
    NoActionCards { seat: Seat, none: bool } => { read_off: [], what: "Action cards in hand" }
}

impl Entered {
    /// Its tag, e.g. `attack_card`: the catalogue's `entered.<kind>`.
    pub fn kind(&self) -> String {
        serde_json::to_value(self).ok().and_then(|v| v.get("kind")?.as_str().map(str::to_string)).unwrap_or_default()
    }
}
