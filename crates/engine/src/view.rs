//! Views: the only shapes in which game facts leave the engine. `PublicView` is the shared table
//! screen; `SeatView` is one player's private hand. They are separate types: the public one has
//! no field that could hold a secret, and a seat's view holds only that seat's secrets.
//!
//! A view uses the state's own type where that type holds nothing secret and the view would only
//! repeat it (the Escape Pods, the phase, a seat's life); each type declared here hides or adds
//! something, which its first line says.

use crate::content::{Content, ExplorationEffect, Pack};
use crate::ids::*;
use crate::state::*;
use serde::{Deserialize, Serialize};

mod public;
mod seat;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Named {
    pub key: String,
    pub name: String,
}

/// A Serious Wound with its card named (the state keeps the card's id only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicWound {
    pub card: Named,
    pub dressed: bool,
}

/// Where a seat stands with its objectives, without which card it kept (`ObjectiveChoice` names it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ObjectiveStatus {
    /// Before the first Encounter.
    Holding,
    /// The first Encounter happened and this player has not chosen yet.
    MustChoose,
    Chosen,
}

/// A seat as the table sees it: its Objective and Contamination cards and what it learned hidden
/// (counts only), its character, wounds and objective named, and what the table works out added.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicSeat {
    pub seat: Seat,
    pub name: String,
    pub number: PlayerNumber,
    pub first_player: bool,
    pub character: Option<Named>,
    pub draft_offer: Vec<Named>,
    pub life: Life,
    pub location: Location,
    pub in_combat: bool,
    pub hand: u8,
    pub light_wounds: u8,
    pub serious_wounds: Vec<PublicWound>,
    pub slime: bool,
    pub signal: bool,
    pub larva: bool,
    pub contamination_cards: u8,
    /// A Rest card's scan waits for this player's phone to name the cards in hand (public: the
    /// card was shown).
    pub hand_scan_due: bool,
    /// Eclosion waits for this player's scan of the cards they drew (public: the card was read out).
    pub eclosion_scan_due: bool,
    /// An Alcohol waits for this player's phone to name the one card of the hand it scans.
    #[serde(default)]
    pub alcohol_scan_due: bool,
    /// An Antidote waits for this player's phone to say how many Contamination cards are in hand.
    #[serde(default)]
    pub antidote_scan_due: bool,
    pub eggs_carried: u8,
    /// Heavy Objects carried besides Eggs (pp. 12-13).
    pub carcasses_carried: u8,
    pub corpses_carried: u8,
    pub objective: ObjectiveStatus,
    /// Shown only once revealed at the victory check.
    pub revealed_objective: Option<Named>,
    /// Revealed at the victory check (a physical card shows only at the table).
    pub objective_revealed: bool,
    pub objective_met: Option<bool>,
    pub contamination_checked: bool,
    /// Survived and met the objective (decided at the end of the victory check).
    pub winner: Option<bool>,
}

/// A room as the table sees it: an unexplored room's tile and Exploration token hidden, the board's
/// facts about it (its name, a Computer, a Technical Corridor entrance) added.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicRoom {
    pub at: Location,
    pub name: Option<String>,
    pub explored: bool,
    /// The tile, once explored.
    pub tile: Option<Named>,
    pub exploration: Option<ExplorationEffect>,
    pub items: Option<u8>,
    pub computer: bool,
    pub fire: bool,
    pub malfunction: bool,
    pub eggs: u8,
    /// Intruder Carcass and Character Corpse tokens lying here (pp. 20-21).
    pub carcasses: u8,
    pub corpses: u8,
    pub technical_entrance: bool,
}

/// A corridor of the board with its Noise marker and Door from the state (which keeps only those).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicCorridor {
    pub id: CorridorId,
    pub ends: (Location, Location),
    pub numbers: Vec<u8>,
    pub noise: bool,
    pub door: DoorState,
}

/// An Intruder on the board, without the token drawn for it, with whether it is in Combat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicIntruder {
    pub id: IntruderId,
    pub kind: IntruderKind,
    pub at: Location,
    pub injuries: u8,
    pub in_combat: bool,
}

/// A deck as the table sees it: how many cards to draw and removed, never their order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicDeck {
    pub draw: u8,
    /// Face-up discards, newest last (contamination has none).
    pub discard: Vec<Named>,
    pub removed: u8,
}

/// A track's marker (the state's number) with the track's length from the box.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Track {
    pub position: u8,
    pub moves: u8,
}

/// Markers of one kind on the board (counted from the state) and in the box.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Pool {
    pub used: u8,
    pub of: u8,
}

/// The shared table screen: everything the whole table may see, and nothing more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicView {
    pub turn: u16,
    pub phase: Phase,
    /// The box this game is played with.
    pub pack: Pack,
    pub mode: Mode,
    pub handled: Vec<Component>,
    pub seats: Vec<PublicSeat>,
    pub turn_order: Vec<Seat>,
    pub rooms: Vec<PublicRoom>,
    pub corridors: Vec<PublicCorridor>,
    pub technical_noise: bool,
    /// The Intruders on board; none once the ship is destroyed (p. 11: they die with it).
    pub intruders: Vec<PublicIntruder>,
    /// How many tokens are in the bag; never which.
    pub bag: u8,
    pub events: PublicDeck,
    pub attacks: PublicDeck,
    pub serious_wounds: PublicDeck,
    pub contamination: PublicDeck,
    /// Revealed only by the victory check.
    pub engines: Option<[EngineStatus; 3]>,
    pub destination: DestinationLetter,
    /// The Coordinates card's destination, only once revealed at the end.
    pub revealed_destination: Option<Destination>,
    /// The state's own pods: nothing in a pod is secret.
    pub pods: Vec<Pod>,
    pub weaknesses: Vec<Option<Named>>,
    pub nest_eggs: u8,
    pub nest_destroyed: bool,
    /// The room under an active Emergency Airlock Procedure (p. 25).
    pub airlock: Option<Location>,
    pub time: Track,
    pub hibernation_open: bool,
    pub hibernation_opens_at: u8,
    pub self_destruct: Option<Track>,
    pub self_destruct_yellow_from: u8,
    pub self_destruct_unstoppable: bool,
    pub fire: Pool,
    pub malfunction: Pool,
    pub noise: Pool,
    pub doors: Pool,
    pub first_encounter: bool,
    pub first_death: bool,
    /// The seat playing the Intruders (p. 27), and whether its rules apply this turn.
    pub intruder_player: Option<Seat>,
    pub intruder_player_active: bool,
    /// Whose objectives the victory check judges, in order (see `State::judged_seats`).
    pub judged_seats: Vec<Seat>,
    /// The ship exploded, burned or broke apart (p. 11): everything aboard is dead.
    pub ship_destroyed: bool,
    /// A seat holding an Engine's two tokens (which engine is public; their order is not).
    pub repairing: Option<(Seat, EngineNumber)>,
    /// The Intruder player choosing among Intruder Attack cards they drew (how many is public;
    /// which cards is not).
    pub attack_choice: Option<AttackChoice>,
    /// The Player Phase's rounds (p. 10): whose round, how many Actions taken, who passed.
    pub rounds: PublicRounds,
}

/// The rounds of the Player Phase as the table sees them (all public, p. 10): the state's rounds
/// with what the rules work out from them added (Actions per round, who still waits, whose
/// objective is due).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicRounds {
    pub turn_of: Option<Seat>,
    pub actions: u8,
    /// Actions in that seat's round: 2, or 1 for the Intruder player (p. 27).
    pub actions_per_round: u8,
    pub passed: Vec<Seat>,
    /// The seats that take rounds and have not passed yet, in turn order (the engine's own list:
    /// a dead, hibernating or escaped character is not in it; the Intruder player is, p. 27).
    pub waiting: Vec<Seat>,
    /// In the Player Phase, once every player has passed: the phase may end.
    pub all_passed: bool,
    /// Living players who must still keep an objective before the phase ends (p. 12).
    pub objectives_due: Vec<Seat>,
}

/// The Intruder player choosing an Intruder Attack card (p. 27): how many cards, never which.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AttackChoice {
    pub seat: Seat,
    pub intruder: IntruderId,
    pub target: Seat,
    pub cards: u8,
}

/// The Intruder Attack cards in the Intruder player's hand, to choose one (p. 27).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AttackOfferView {
    pub intruder: IntruderId,
    pub kind: IntruderKind,
    pub target: Seat,
    /// The target's name, for a phone that sees no other seat.
    pub target_name: String,
    pub cards: Vec<OfferedAttack>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OfferedAttack {
    pub id: AttackCardId,
    pub card: Named,
    /// Whether the card shows this Intruder's symbol: without it the attack misses (p. 20).
    pub hits: bool,
    pub summary: String,
    /// The Intruders the card shows and its blood corner, for the card's face on a phone (which
    /// holds no copy of the box data).
    pub symbols: Vec<IntruderKind>,
    pub blood: crate::content::Blood,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ContaminationCard {
    pub id: ContaminationId,
    /// Known only once this seat scanned it.
    pub infected: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ObjectiveCard {
    /// The card as the box has it; in its summary `{target}` stands for `target`, so a screen
    /// names the person at the table.
    #[serde(flatten)]
    pub card: crate::content::ObjectiveSpec,
    /// Who holds the target player's number at this table (names and characters are public).
    pub target: Option<ObjectiveTarget>,
}

/// The player an Objective card names by number, as the table knows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ObjectiveTarget {
    pub name: String,
    /// `None` until the character draft gives them one.
    pub character: Option<Named>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct KnownEngine {
    pub engine: EngineNumber,
    pub top: EngineStatus,
    pub turn: u16,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct KnownCoordinates {
    /// The card as the box has it: its number and the four destinations.
    #[serde(flatten)]
    pub card: crate::content::CoordinatesSpec,
    pub turn: u16,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct KnownRoom {
    pub at: Location,
    pub tile: Named,
    pub exploration: ExplorationEffect,
    pub items: u8,
    pub turn: u16,
}

/// The engine tokens in hand during a Repair/Break: the seat sees both.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EngineInHand {
    pub engine: EngineNumber,
    pub top: EngineStatus,
    pub bottom: EngineStatus,
}

/// One player's private hand: only this seat's secrets, as this seat knows them now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatView {
    pub seat: Seat,
    pub name: String,
    pub number: PlayerNumber,
    pub character: Option<Named>,
    pub contamination: Vec<ContaminationCard>,
    pub objectives: Vec<ObjectiveCard>,
    pub chosen_objective: Option<ObjectiveCard>,
    /// The first Encounter happened and this seat must choose.
    pub must_choose_objective: bool,
    pub engines: Vec<KnownEngine>,
    pub coordinates: Option<KnownCoordinates>,
    pub peeked_rooms: Vec<KnownRoom>,
    pub engine_in_hand: Option<EngineInHand>,
    pub attack_offer: Option<AttackOfferView>,
}

fn named(key: &str, name: &str) -> Named {
    Named { key: key.to_string(), name: name.to_string() }
}

fn objective_card(state: &State, c: &Content, o: ObjectiveId) -> ObjectiveCard {
    let spec = &c.data.objectives[o.0 as usize];
    let target = spec.target_player.and_then(|n| {
        let seat = state.seats.seats().find(|s| state.seats.get(*s).is_some_and(|x| x.number.0 == n))?;
        let t = state.seats.get(seat)?;
        Some(ObjectiveTarget {
            name: t.name.clone(),
            character: t.character.map(|x| named(&c.data.characters[x.0 as usize].key, &c.data.characters[x.0 as usize].name)),
        })
    });
    ObjectiveCard { card: spec.clone(), target }
}

fn other(s: EngineStatus) -> EngineStatus {
    match s {
        EngineStatus::Working => EngineStatus::Damaged,
        EngineStatus::Damaged => EngineStatus::Working,
    }
}
