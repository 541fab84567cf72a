//! The box's cards, tokens and tracks as data types: what each one is, and where its facts come from.

use crate::ids::*;
use serde::{Deserialize, Serialize};

/// What a card or room does in our own words, and where those facts come from: every card spec
/// carries one, flattened, so the data file keeps its four plain fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Provenance {
    /// The effect in our own words: the English text of the catalogues' `<kind>_summary.<key>`.
    pub summary: String,
    /// A: the rulebook or two independent sources; B: one good source; C: inferred; X: sources disagree.
    pub grade: String,
    /// Where the sources disagree or a fact is inferred, what was decided and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub note: Option<String>,
    /// Where each fact comes from (codes as in the reference's source table).
    pub sources: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TokenSpec {
    pub kind: TokenKind,
    pub back: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum EventEffect {
    DamagingFire,
    Regeneration,
    ScentOfPrey,
    FlammableCompounds,
    BulkheadsOpen,
    Hunt,
    Eclosion,
    CoolantLeak,
    Nest,
    ShortCircuit,
    Damage,
    EggProtection,
    ConsumingFire,
    Malfunction,
    Lurking,
    EvacuationPodEjection,
    Hatching,
    LifeSupportFailure,
    NoiseInTechnicalCorridors,
}

/// What happens to an Event card after it is resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum EventFate {
    Discard,
    /// Removed from the game; then the discard pile is shuffled into the deck.
    Removed,
    /// The card itself is shuffled back into the deck.
    ShuffledBack,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EventSpec {
    pub key: String,
    pub name: String,
    pub moves: Vec<IntruderKind>,
    pub corridor: u8,
    pub effect: EventEffect,
    pub fate: EventFate,
    /// Its effect in our own words (`event_summary.<key>`), with its grade and sources.
    #[serde(flatten)]
    pub provenance: Provenance,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum AttackEffect {
    Scratch,
    ClawAttack,
    Bite,
    TailAttack,
    Transformation,
    Frenzy,
    Slime,
    Summoning,
}

/// The "blood" corner of an Intruder Attack card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum Blood {
    Endurance(u8),
    Retreat(RetreatMark),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RetreatMark {
    Retreat,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AttackSpec {
    pub key: String,
    pub name: String,
    pub blood: Blood,
    pub symbols: Vec<IntruderKind>,
    pub effect: AttackEffect,
    /// Its effect in our own words (`attack_summary.<key>`), with its grade and sources.
    #[serde(flatten)]
    pub provenance: Provenance,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ContaminationSpec {
    pub total: u8,
    pub infected: u8,
    /// What a Contamination card does, in our own words (`contamination_summary`).
    #[serde(flatten)]
    pub provenance: Provenance,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CoordinatesSpec {
    pub number: u8,
    pub a: Destination,
    pub b: Destination,
    pub c: Destination,
    pub d: Destination,
}

impl CoordinatesSpec {
    pub fn destination(&self, letter: DestinationLetter) -> Destination {
        match letter {
            DestinationLetter::A => self.a,
            DestinationLetter::B => self.b,
            DestinationLetter::C => self.c,
            DestinationLetter::D => self.d,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ExplorationEffect {
    Silence,
    Danger,
    Slime,
    Fire,
    Malfunction,
    Doors,
}

impl ExplorationEffect {
    pub const ALL: [ExplorationEffect; 6] = [
        ExplorationEffect::Silence,
        ExplorationEffect::Danger,
        ExplorationEffect::Slime,
        ExplorationEffect::Fire,
        ExplorationEffect::Malfunction,
        ExplorationEffect::Doors,
    ];
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ExplorationSpec {
    pub effect: ExplorationEffect,
    pub items: u8,
}

/// What an Exploration token's effect does on first entry (`exploration_summary.<effect>`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ExplorationEffectSpec {
    pub effect: ExplorationEffect,
    #[serde(flatten)]
    pub provenance: Provenance,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RoomColour {
    Red,
    Yellow,
    Green,
    White,
    None,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RoomTileSpec {
    pub key: String,
    pub name: String,
    pub set: u8,
    pub colour: RoomColour,
    pub computer: bool,
    pub searchable: bool,
    /// Action cards to discard for the room's action; `None` for a room with no action.
    pub cost: Option<u8>,
    /// The room's action and special rules in our own words (`room_summary.<key>`).
    #[serde(flatten)]
    pub provenance: Provenance,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum LocationKind {
    Cockpit,
    Hibernatorium,
    Engine,
    #[serde(rename = "slot_1")]
    Slot1,
    #[serde(rename = "slot_2")]
    Slot2,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum ExitSpec {
    Room(u8),
    Technical(TechnicalMark),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TechnicalMark {
    Technical,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LocationSpec {
    pub number: u8,
    pub kind: LocationKind,
    pub name: Option<String>,
    #[serde(default)]
    pub engine: Option<u8>,
    pub exits: [ExitSpec; 4],
    /// A room printed on the board: its action and special rules in our own words
    /// (`location_summary.<kind>`), with the grade and sources of those facts. None for the
    /// spaces where room tiles go.
    #[serde(default)]
    pub summary: Option<String>,
    #[serde(default)]
    pub grade: Option<String>,
    #[serde(default)]
    pub sources: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TimeTrackSpec {
    pub moves: u8,
    pub hibernation_opens_at: u8,
    pub grade: String,
    #[serde(default)]
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SelfDestructSpec {
    pub moves: u8,
    pub yellow_from: u8,
    pub grade: String,
    #[serde(default)]
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WoundSpec {
    pub key: String,
    pub name: String,
    pub copies: u8,
    /// The wound's effect in our own words (`wound_summary.<key>`).
    #[serde(flatten)]
    pub provenance: Provenance,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WeaknessSpec {
    pub key: String,
    /// What the Weakness changes in the rules once its card is turned over.
    pub effect: WeaknessEffect,
    pub name: String,
    /// The Weakness's effect in our own words (`weakness_summary.<key>`).
    #[serde(flatten)]
    pub provenance: Provenance,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ObjectiveKind {
    Personal,
    Corporate,
    /// The Solo/Coop deck (p. 27): used instead of the other two in those modes.
    SoloCoop,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ObjectiveSpec {
    pub key: String,
    pub name: String,
    pub kind: ObjectiveKind,
    pub players: u8,
    pub target_player: Option<u8>,
    /// The condition in our own words (`objective_summary.<key>`); `{target}` stands for the
    /// target player's name and character, filled in at the table.
    #[serde(flatten)]
    pub provenance: Provenance,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum WeaponKind {
    Classic,
    Energy,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CharacterSpec {
    pub key: String,
    pub name: String,
    pub weapon: String,
    pub weapon_kind: WeaponKind,
    pub ammo: u8,
    pub grade: String,
    #[serde(default)]
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PodSpec {
    pub count: u8,
    pub seats: u8,
    pub by_players: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Pools {
    pub fire: u8,
    pub malfunction: u8,
    pub doors: u8,
    pub noise: u8,
    pub eggs: u8,
    pub eggs_at_start: u8,
    pub weaknesses_in_play: u8,
    pub adult_miniatures: u8,
    /// Breeder miniatures (component list: 2); Transformation needs a free one.
    pub breeder_miniatures: u8,
    /// Intruder Carcass tokens (component list: 8).
    pub carcasses: u8,
    /// Character Corpse tokens: 1 blue and 5 red (component list).
    pub corpses: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Fact {
    pub fact: String,
    pub grade: String,
    pub sources: String,
    #[serde(rename = "where")]
    pub location: String,
}

/// The eight Weakness cards by what they change in the rules (their summaries are in the data).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum WeaknessEffect {
    VulnerabilityToFire,
    VulnerabilityToEnergy,
    ReactionToDanger,
    TheWayOfMoving,
    VitalPlaces,
    SpeciesOnTheBrinkOfExtinction,
    TheWayOfFighting,
    SusceptibilityToPhosphates,
}
