//! Commands: what a person asks for (imperatives), and the results a table may enter from its
//! own physical components instead of the app's generator.

use crate::content::{Blood, ExplorationEffect};
use crate::ids::*;
use crate::state::{Component, Mode, NoiseSpot};
use serde::{Deserialize, Serialize};

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
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Command {
    SetUp(SetupOptions),
    DraftDraw { seat: Seat },
    DraftKeep { seat: Seat, character: String },

    /// Ends the Player Phase once every player has passed (p. 10, step 3).
    EndPlayerPhase,
    /// Pass (p. 10): the seat's round ends and they take no more Actions this phase.
    Pass { seat: Seat },
    /// An Action from an Action card or an Item (pp. 12, 22), whose effect the table carries out:
    /// `paid` is every Action card discarded for it (the card itself and its cost).
    CardAction { seat: Seat, paid: u8 },
    /// The Room Action of a room the app has no command of its own for (Armory, Storage,
    /// Emergency Room, Command Center, Hatch Control System; p. 24): 2 cards, the table does the rest.
    RoomAction { seat: Seat },
    /// A correction: the round goes to this seat (someone acted out of turn at the table).
    GiveRound { seat: Seat },
    AdvanceTime,
    ResolveIntruderAttacks,
    ResolveFireDamage,
    ResolveEventCard,
    DevelopBag,
    SetHandSize { seat: Seat, cards: u8 },

    MoveCharacter { seat: Seat, to: Location, #[serde(default)] careful_noise: Option<u8> },
    PlaceCharacter { seat: Seat, at: Location },
    NoiseRoll { seat: Seat },
    Encounter { seat: Seat },
    SetNoise { spot: NoiseSpot, on: bool },
    SetDoor { corridor: CorridorId, state: DoorState },
    SetFire { at: Location, on: bool },
    SetMalfunction { at: Location, on: bool },
    RollDice { die: Die, count: u8 },

    PlaceIntruder { kind: IntruderKind, at: Location },
    MoveIntruder { id: IntruderId, corridor: u8 },
    AttackCharacter { id: IntruderId, #[serde(default)] target: Option<Seat> },
    InjureIntruder { id: IntruderId, injuries: u8 },
    KillIntruder { id: IntruderId },
    /// The intruder runs away through the corridor of a freshly drawn Event card
    /// (Fire Control System p. 24, items such as the Fire Extinguisher).
    /// `extinguisher`: the Fire Extinguisher did it, so with Susceptibility to Phosphates known it
    /// also takes 1 Injury (card reference §4, A); old saves read as not.
    IntruderFlees { id: IntruderId, #[serde(default)] extinguisher: bool },
    /// Fire Control System (p. 24): any 1 room loses its Fire marker and every Intruder there runs
    /// away (an Event card each); with Susceptibility to Phosphates known each also takes 1 Injury.
    FireControl { seat: Seat, room: Location },

    Wound { seat: Seat, light: u8, serious: u8 },
    DressSeriousWound { seat: Seat, index: u8 },
    HealSeriousWound { seat: Seat, index: u8 },
    HealLightWounds { seat: Seat, count: u8 },
    SetSlime { seat: Seat, on: bool },
    SendSignal { seat: Seat },
    KillCharacter { seat: Seat },
    /// The Shoot action (p. 18): the character fires at an Intruder in its room; the table
    /// discards the Ammo. The Combat die says how many Injuries land, then the Injury check.
    /// `energy`: the weapon is an Energy weapon (its card is the table's), for the Weakness
    /// Vulnerability to Energy (pp. 21–22); old saves, which never said, read as not.
    Shoot { seat: Seat, id: IntruderId, #[serde(default)] energy: bool },
    /// The Melee Attack action (p. 19): a Contamination card first, then the Combat die (2 hits
    /// count as 1); a miss costs the character a Serious Wound.
    MeleeAttack { seat: Seat, id: IntruderId },
    /// Cooperative mode's Revive (p. 27): the crew carried this dead character's Corpse to a
    /// working Emergency Room; at the start of a turn the character stands up there.
    ReviveCharacter { seat: Seat },
    /// Playing as an Intruder (p. 27): the player whose character died first takes the
    /// Intruders; from the next turn the Event Phase keeps only the Time track and Fire damage.
    BecomeIntruderPlayer { seat: Seat },
    /// The Intruder player's ATTACK (p. 27): they play an Intruder Action card showing `card_number`
    /// (1 to 4), and the Intruder `id` attacks `target` in its room. They draw that many Intruder
    /// Attack cards and resolve one of their choice; with the app's deck they choose on their
    /// phone (`choose_attack_card`), with a physical deck the table enters the chosen card.
    IntruderPlayerAttack { seat: Seat, id: IntruderId, target: Seat, card_number: u8 },
    /// The Intruder player's choice among the Intruder Attack cards they drew.
    ChooseAttackCard { seat: Seat, card: AttackCardId },
    GiveContamination { seat: Seat, count: u8 },
    ScanContamination { seat: Seat, cards: Vec<ContaminationId>, procedure: ScanProcedure },

    CheckEngine { seat: Seat, engine: EngineNumber },
    CheckAllEngines { seat: Seat },
    /// Repair or break an Engine with a Repairs Action card or the Tools (p. 26): `paid` is every
    /// Action card discarded for it; old saves, which never said, read as 1.
    BeginEngineRepair { seat: Seat, engine: EngineNumber, #[serde(default = "one")] paid: u8 },
    SetEngineOrder { seat: Seat, top: EngineStatus },
    /// Physical Engine tokens: the seat announces only whether the order changed (p. 26).
    ReportEngineOrder { seat: Seat, engine: EngineNumber, changed: bool },
    CheckCoordinates { seat: Seat },
    SetDestination { seat: Seat, letter: DestinationLetter },
    StartSelfDestruct { seat: Seat },
    StopSelfDestruct { seat: Seat },
    SetPodLock { pod: PodNumber, locked: bool },
    TryEnterPod { seat: Seat, pod: PodNumber },
    /// Launch an Escape Pod (p. 26), an Action of the Player Phase. `seat`: the occupant who
    /// launches it (from their phone or the table); left out, the table launches it (old saves).
    LaunchPod { pod: PodNumber, #[serde(default)] seat: Option<Seat> },
    LeavePod { seat: Seat },
    TryHibernate { seat: Seat },
    ChooseObjective { seat: Seat, objective: Option<String> },
    TakeEgg { seat: Seat },
    /// Destroying uncarried Eggs (p. 25): `count` Eggs an attempt destroyed. `into` a neighbouring
    /// room: a Grenade (2) or Molotov Cocktail (1) thrown there, not through a Closed Door (p. 17).
    DestroyEggs { seat: Seat, count: u8, #[serde(default)] into: Option<Location> },
    DropEggs { seat: Seat },
    /// Airlock Control (p. 25): start the Emergency Airlock Procedure on another explored Yellow
    /// room whose corridors hold no Destroyed Door.
    StartAirlock { seat: Seat, room: Location },
    /// Pick Up Heavy Object (p. 13): one Character Corpse, Intruder Carcass or uncarried Egg
    /// lying in the character's room.
    PickUpObject { seat: Seat, object: ResearchObject },
    /// Drop one carried Heavy Object in the character's room (p. 22, free). `give_to`: hand it
    /// instead to another character in the same room, in a Trade (p. 13: the Trade's Action is
    /// the `CardAction` of whoever started it; the exchange itself is free); old saves read as not.
    DropObject { seat: Seat, object: ResearchObject, #[serde(default)] give_to: Option<Seat> },
    Research { seat: Seat, object: ResearchObject },
    PeekRoom { seat: Seat, at: Location },
    /// A Search in the seat's room lowers its Item Counter by one (p. 23).
    SearchRoom { seat: Seat },

    RevealEngines,
    /// `quarantine`: hibernating seats holding Quarantine, needed only when the objectives are physical.
    RevealCoordinates { #[serde(default)] quarantine: Vec<Seat> },
    CheckContamination { seat: Seat },
    RevealObjective { seat: Seat },
    JudgeObjective { seat: Seat, met: bool },
}

fn one() -> u8 {
    1
}

/// A result read off a physical component, used instead of the app's generator.
/// Each random step takes the first entered result of its kind, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Entered {
    Noise { face: NoiseFace },
    Combat { face: CombatFace },
    Token { token: TokenKind, #[serde(default)] back: Option<u8> },
    EventCard { key: String },
    AttackCard { key: String, #[serde(default)] blood: Option<Blood> },
    SeriousWound { key: String },
    /// `tile` may be left out when the app holds the room tiles.
    Room { #[serde(default)] tile: Option<String>, effect: ExplorationEffect, items: u8 },
    Draft { characters: Vec<String> },
    /// A scan of a card whose status the app does not know (physical contamination deck).
    Infected { infected: bool },
    Engine { status: EngineStatus },
    Destination { destination: Destination },
    Weakness { key: String },
    /// End of game: how many Contamination cards were among the 4 cards drawn.
    ContaminationDraw { contamination: u8 },
    /// Hatching (p. 20): whether this character's player holds no Action card. Asked only when
    /// the hand count could be Contamination cards alone (the count holds both kinds).
    NoActionCards { seat: Seat, none: bool },
}

impl Entered {
    /// Its tag, e.g. `attack_card`: the catalogue's `entered.<kind>`.
    pub fn kind(&self) -> String {
        serde_json::to_value(self).ok().and_then(|v| v.get("kind")?.as_str().map(str::to_string)).unwrap_or_default()
    }

    /// The components this result is read off: when the app holds any of them, the result is
    /// refused before its value is looked at (the app's draw stands, and a guess learns nothing).
    /// A room names its tile only when the tiles are physical. The end-of-game draw is made from
    /// the character's own cards, which no `Component` stands for: it may always be entered.
    pub fn read_off(&self) -> &'static [Component] {
        match self {
            Entered::Noise { .. } | Entered::Combat { .. } => &[Component::Dice],
            Entered::Token { .. } => &[Component::IntruderBag],
            Entered::EventCard { .. } => &[Component::EventDeck],
            Entered::AttackCard { .. } => &[Component::AttackDeck],
            Entered::SeriousWound { .. } => &[Component::SeriousWoundDeck],
            Entered::Room { tile: None, .. } => &[Component::ExplorationTokens],
            Entered::Room { tile: Some(_), .. } => &[Component::ExplorationTokens, Component::RoomTiles],
            Entered::Draft { .. } => &[Component::CharacterDraft],
            Entered::Infected { .. } => &[Component::ContaminationDeck],
            Entered::Engine { .. } => &[Component::Engines],
            Entered::Destination { .. } => &[Component::Coordinates],
            Entered::Weakness { .. } => &[Component::Weaknesses],
            Entered::ContaminationDraw { .. } | Entered::NoActionCards { .. } => &[],
        }
    }

    pub fn what(&self) -> &'static str {
        match self {
            Entered::Noise { .. } => "Noise roll",
            Entered::Combat { .. } => "Combat roll",
            Entered::Token { .. } => "Intruder token",
            Entered::EventCard { .. } => "Event card",
            Entered::AttackCard { .. } => "Intruder Attack card",
            Entered::SeriousWound { .. } => "Serious Wound card",
            Entered::Room { .. } => "room tile and Exploration token",
            Entered::Draft { .. } => "draft cards",
            Entered::Infected { .. } => "scan result",
            Entered::Engine { .. } => "Engine token",
            Entered::Destination { .. } => "destination",
            Entered::Weakness { .. } => "Weakness card",
            Entered::ContaminationDraw { .. } => "end-of-game draw",
            Entered::NoActionCards { .. } => "Action cards in hand",
        }
    }
}
