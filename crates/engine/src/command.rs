//! Commands: what a person asks for (imperatives), and the results a table may enter from its
//! own physical components instead of the app's generator.

use crate::ids::*;
use crate::state::{Component, Mode, NoiseSpot};
use serde::{Deserialize, Serialize};

mod entered;
pub(crate) mod rounds;
pub(crate) mod ship;
pub use entered::{Entered, EnteredKind};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SetupOptions {
    /// Player names in seat order (clockwise).
    pub players: Vec<String>,
    pub mode: Mode,
    /// The components the app takes over; the rest stay physical.
    pub handled: Vec<Component>,
    /// Corrects the INFECTED count (data: 7, graded C).
    #[serde(default)]
    pub infected_cards: Option<u8>,
    /// Help card numbers by seat, when the Help cards are dealt at the table.
    #[serde(default)]
    pub player_numbers: Option<Vec<u8>>,
    /// Escape Pod numbers drawn at the table, when the pods are physical.
    #[serde(default)]
    pub pods: Option<Vec<u8>>,
}

/// The scanning procedures of the game (manual p. 20): each scans and removes cards its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ScanProcedure {
    /// Look only: scan the chosen cards, nothing is removed.
    Look,
    /// Rest action card: scan the chosen cards (those in hand); remove the ones not INFECTED.
    Rest,
    /// Canteen: heal 1 Light Wound; scan the chosen cards in hand; remove the ones not INFECTED.
    Canteen,
    /// Shower Room: discard Slime; scan the chosen cards in hand; remove the ones not INFECTED.
    Shower,
    /// Surgery: scan every card; remove the INFECTED ones and the Larva; 1 Light Wound; hand emptied.
    Surgery,
    /// Antidote: remove the Larva; scan the chosen cards; remove the INFECTED ones.
    Antidote,
    /// Alcohol (an Item): scan 1 card of the hand and remove it; INFECTED, 1 more Contamination card.
    Alcohol,
}

/// The weapon a Shoot fires (p. 18): the character's own starting weapon, whose card the app knows
/// (its name and whether it is an Energy weapon), or another the character carries, whose card
/// is the table's. Either way one Ammo token comes off that weapon's card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Weapon {
    /// The starting weapon printed for the character (its board's weapon card).
    Own,
    /// A weapon the character found or crafted, not an Energy weapon.
    Carried,
    /// A carried Energy weapon: it matters only once Vulnerability to Energy is known (pp. 21–22).
    CarriedEnergy,
}

impl Weapon {
    pub const ALL: [Weapon; 3] = [Weapon::Own, Weapon::Carried, Weapon::CarriedEnergy];
}

/// How an attempt on uncarried Eggs is made (p. 25). `Thrown`, the default, is what every save
/// before the attempts were told apart meant: the table says how many Eggs went (a Grenade 2, a
/// Molotov Cocktail 1). A Shoot or a Melee Attack rolls the Combat die like one on an Intruder.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum EggAttempt {
    #[default]
    Thrown,
    Shoot,
    Melee,
}

impl EggAttempt {
    pub const ALL: [EggAttempt; 3] = [EggAttempt::Thrown, EggAttempt::Shoot, EggAttempt::Melee];
}

/// The Emergency Room's treatments (p. 24; Dress and Heal, p. 21): the player chooses one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Treatment {
    /// Dress every Serious Wound not dressed yet.
    DressSerious,
    /// Heal 1 dressed Serious Wound: its card is discarded.
    HealDressed,
    /// Heal every Light Wound.
    HealLight,
}

impl Treatment {
    pub const ALL: [Treatment; 3] = [Treatment::DressSerious, Treatment::HealDressed, Treatment::HealLight];
}

/// Every command, declared once (issue 30): its variant and fields, then
/// - `spec`: its catalogue entry (`crate::catalogue`): tab, fields and their bounds, the results
///   the table may enter for it, who may send it, its modes, whether it asks first;
/// - `seat`: the seat it acts for (a phone may send it for that seat only), `None` for none;
/// - `stage`: when in the game it may be sent (`rules::Stage`): in play, or also in the draft, the
///   victory check, or while the Intruder player chooses an Intruder Attack card;
/// - `play`: what it is to the players' rounds (`rules::Play`): the table's correction, an Action
///   and its cost in Action cards (from the state and its fields), or unpaid but in a round only;
/// - `offer` (only for what a round may offer): its candidates in the round's offers, built from
///   public facts, with their section of the round's panel, their place in the list and the
///   rounds they are offered in (`offers::declared`); the rules then judge each by a trial; and
///   how the round's panels take it and what its offers warn of (`.form_first`, `.phone_confirm`,
///   `.suggest`, `.warns`), which the catalogue and the offers carry to the screens, so none of
///   them lists commands;
/// - `rule`: the rule that carries it out, on the rules' working copy (`rules::Ctx`).
///
/// Each entry must state all five others, so a command cannot compile half declared. The table is a
/// macro that hands itself to `$then`, so each part is expanded where its names live: the enum
/// here, the entries in `catalogue.rs`, the seat, stage, play and rule in `rules/mod.rs`, the offers
/// in `offers/declared.rs` (this module names none of them, and no import circle comes of it).
macro_rules! command_table {
    // The entries stand in two files by what they are about (the rounds, the board and the
    // characters; then combat, contamination, the ship's systems and the end): the first hands its
    // entries on to the second, which hands them all to `$then`.
    ($then:ident) => { $crate::command::rounds::commands_of_the_rounds! { $then } };
}
pub(crate) use command_table;

/// The table's first consumer: the `Command` enum, its kinds (`CommandType`, in the table's
/// order) and `Command::kind`. The other parts of each entry are only parsed here.
macro_rules! declare_commands {
    ($(
        $(#[$doc:meta])*
        $name:ident $(($one:ident : $one_ty:ty))? $({ $($(#[$field_attr:meta])* $field:ident : $field_ty:ty),* $(,)? })?
        => { spec: $spec:expr, seat: $seat:expr, stage: $stage:expr, play: $play:expr, $(offer: $offer:expr,)? rule: $rule:expr $(,)? }
    )*) => {
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(rename_all = "snake_case", tag = "type")]
        pub enum Command {
            $(
                $(#[$doc])*
                $name $(($one_ty))? $({ $($(#[$field_attr])* $field: $field_ty),* })?,
            )*
        }

        /// A command's kind: its `type` tag, without its fields.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(rename_all = "snake_case")]
        pub enum CommandType {
            $($name,)*
        }

        impl CommandType {
            /// Every kind, in the order of `Command` (the table screen lists them in this order).
            pub const ALL: &'static [CommandType] = &[$(CommandType::$name,)*];
        }

        impl Command {
            /// Which command this is.
            pub fn kind(&self) -> CommandType {
                match self {
                    $(Command::$name { .. } => CommandType::$name,)*
                }
            }
        }
    };
}

command_table!(declare_commands);

impl CommandType {
    /// Its `type` tag, e.g. `develop_bag`.
    pub fn tag(self) -> String {
        serde_json::to_value(self).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
    }
}

impl ScanProcedure {
    /// Every procedure, in the order a form offers them: the rooms' own first, Surgery the most asked.
    pub const ALL: [ScanProcedure; 7] = [ScanProcedure::Surgery, ScanProcedure::Canteen, ScanProcedure::Shower, ScanProcedure::Antidote, ScanProcedure::Rest, ScanProcedure::Look, ScanProcedure::Alcohol];

    /// Canteen, Shower Room and Surgery are their rooms' Actions (p. 24): 2 cards in a round.
    /// The others are the table's record of a card or an Item the table played.
    pub fn is_room_action(self) -> bool {
        matches!(self, ScanProcedure::Canteen | ScanProcedure::Shower | ScanProcedure::Surgery)
    }
}

fn one() -> u8 {
    1
}
