//! The game's small nouns: seats, locations, token and card identities, intruder kinds.
//! Newtypes and enums only; no rules live here.

use serde::{Deserialize, Serialize};

mod cards;
pub use cards::{CardEffect, CraftedItem, PlayedCard};

/// A place at the table, in clockwise order from the person who entered the names first.
/// Seat numbers never change; the *player number* (the Help card) is dealt at setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Seat(pub u8);

/// Who sends a command: the shared table screen, or one player's own device.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "kind", content = "seat")]
pub enum Actor {
    Table,
    Seat(Seat),
}

/// A numbered location on the basic board (1..=21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Location(pub u8);

/// A room-to-room corridor of the board graph (index into `Board::corridors`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CorridorId(pub u8);

/// One of the 27 intruder tokens (index into the content's token list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TokenId(pub u8);

/// An intruder miniature on the board; numbers are never reused within a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct IntruderId(pub u16);

/// Card identities are indices into the content lists, so a card is always the same card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EventCardId(pub u8);
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AttackCardId(pub u8);
/// A contamination card. Its INFECTED status is a secret of the game state, never of the id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ContaminationId(pub u8);
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CoordinatesId(pub u8);
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ExplorationId(pub u8);
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RoomTileId(pub u8);
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WoundCardId(pub u8);
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WeaknessId(pub u8);
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ObjectiveId(pub u8);
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CharacterId(pub u8);

/// The number on a player's Help card (1..=5): decides draft order and names objective targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerNumber(pub u8);

/// An Escape Pod token's printed number (1..=4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PodNumber(pub u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum IntruderKind {
    Larva,
    Creeper,
    Adult,
    Breeder,
    Queen,
}

impl IntruderKind {
    pub const ALL: [IntruderKind; 5] = [
        IntruderKind::Larva,
        IntruderKind::Creeper,
        IntruderKind::Adult,
        IntruderKind::Breeder,
        IntruderKind::Queen,
    ];
    pub fn name(self) -> &'static str {
        match self {
            IntruderKind::Larva => "Larva",
            IntruderKind::Creeper => "Creeper",
            IntruderKind::Adult => "Adult",
            IntruderKind::Breeder => "Breeder",
            IntruderKind::Queen => "Queen",
        }
    }
}

/// What an intruder token shows on its front.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TokenKind {
    Blank,
    Larva,
    Creeper,
    Adult,
    Breeder,
    Queen,
}

impl TokenKind {
    /// In the order a form offers them (the catalogue's `token_kind` choices).
    pub const ALL: [TokenKind; 6] = [TokenKind::Blank, TokenKind::Larva, TokenKind::Creeper, TokenKind::Adult, TokenKind::Breeder, TokenKind::Queen];
    pub fn intruder(self) -> Option<IntruderKind> {
        match self {
            TokenKind::Blank => None,
            TokenKind::Larva => Some(IntruderKind::Larva),
            TokenKind::Creeper => Some(IntruderKind::Creeper),
            TokenKind::Adult => Some(IntruderKind::Adult),
            TokenKind::Breeder => Some(IntruderKind::Breeder),
            TokenKind::Queen => Some(IntruderKind::Queen),
        }
    }
    pub fn of(kind: IntruderKind) -> TokenKind {
        match kind {
            IntruderKind::Larva => TokenKind::Larva,
            IntruderKind::Creeper => TokenKind::Creeper,
            IntruderKind::Adult => TokenKind::Adult,
            IntruderKind::Breeder => TokenKind::Breeder,
            IntruderKind::Queen => TokenKind::Queen,
        }
    }
    pub fn name(self) -> &'static str {
        match self.intruder() {
            Some(k) => k.name(),
            None => "Blank",
        }
    }
}

/// The top Engine token: the engine's true status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum EngineStatus {
    Working,
    Damaged,
}

impl EngineStatus {
    pub const ALL: [EngineStatus; 2] = [EngineStatus::Working, EngineStatus::Damaged];
}

/// One of the three Engines, numbered as printed (1..=3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EngineNumber(pub u8);

impl EngineNumber {
    /// The three, in the order printed: the rules, the offers and a form's choices count them here.
    pub const ALL: [EngineNumber; 3] = [EngineNumber(1), EngineNumber(2), EngineNumber(3)];

    /// Whether this names one of the three (a command may carry any number).
    pub fn exists(self) -> bool {
        Self::ALL.contains(&self)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Destination {
    Earth,
    Mars,
    Venus,
    DeepSpace,
}

impl Destination {
    pub const ALL: [Destination; 4] = [Destination::Earth, Destination::Mars, Destination::Venus, Destination::DeepSpace];
}

/// A space of the Destination Track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DestinationLetter {
    A,
    B,
    C,
    D,
}

impl DestinationLetter {
    pub const ALL: [DestinationLetter; 4] = [
        DestinationLetter::A,
        DestinationLetter::B,
        DestinationLetter::C,
        DestinationLetter::D,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The two Evacuation Sections that hold Escape Pods.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Section {
    A,
    B,
}

/// The three Objects a Laboratory can research, one per Weakness slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ResearchObject {
    CharacterCorpse,
    IntruderEgg,
    IntruderCarcass,
}

impl ResearchObject {
    pub const ALL: [ResearchObject; 3] = [
        ResearchObject::CharacterCorpse,
        ResearchObject::IntruderEgg,
        ResearchObject::IntruderCarcass,
    ];
    pub fn slot(self) -> usize {
        self as usize
    }
}

/// The three Item decks a Search or the Storage draws from (p. 23, p. 24); the Crafted deck is
/// never drawn from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ItemDeck {
    Red,
    Yellow,
    Green,
}

impl ItemDeck {
    pub const ALL: [ItemDeck; 3] = [ItemDeck::Red, ItemDeck::Yellow, ItemDeck::Green];
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DoorState {
    Open,
    Closed,
    Destroyed,
}

impl DoorState {
    pub const ALL: [DoorState; 3] = [DoorState::Open, DoorState::Closed, DoorState::Destroyed];
}

/// A face of the Noise die (d10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum NoiseFace {
    #[serde(rename = "1")]
    One,
    #[serde(rename = "2")]
    Two,
    #[serde(rename = "3")]
    Three,
    #[serde(rename = "4")]
    Four,
    Silence,
    Danger,
}

impl NoiseFace {
    pub const ALL: [NoiseFace; 6] = [NoiseFace::One, NoiseFace::Two, NoiseFace::Three, NoiseFace::Four, NoiseFace::Silence, NoiseFace::Danger];
    /// The corridor number this face points at, if it is a number.
    pub fn corridor(self) -> Option<u8> {
        match self {
            NoiseFace::One => Some(1),
            NoiseFace::Two => Some(2),
            NoiseFace::Three => Some(3),
            NoiseFace::Four => Some(4),
            _ => None,
        }
    }
}

/// A face of the Combat die (d6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CombatFace {
    Miss,
    /// Hits a Larva or a Creeper only.
    SmallHit,
    /// Hits a Larva, a Creeper or an Adult.
    AdultHit,
    Hit,
    TwoHits,
}

impl CombatFace {
    pub const ALL: [CombatFace; 5] = [CombatFace::Miss, CombatFace::SmallHit, CombatFace::AdultHit, CombatFace::Hit, CombatFace::TwoHits];
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Die {
    Noise,
    Combat,
}

impl Die {
    pub const ALL: [Die; 2] = [Die::Noise, Die::Combat];
}

/// Per-seat data, indexed by `Seat`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct BySeat<T>(pub Vec<T>);

impl<T> BySeat<T> {
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.0.get(seat.0 as usize)
    }
    pub fn get_mut(&mut self, seat: Seat) -> Option<&mut T> {
        self.0.get_mut(seat.0 as usize)
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        (0..self.0.len() as u8).map(Seat)
    }
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, t)| (Seat(i as u8), t))
    }
}

impl<T> std::ops::Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.0 as usize]
    }
}
impl<T> std::ops::IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.0 as usize]
    }
}

/// Card ids are positions in a pile: they convert to and from the plain numbers a shuffle records.
macro_rules! card_number {
    ($($t:ident),*) => { $(
        impl From<u8> for $t { fn from(n: u8) -> Self { $t(n) } }
        impl From<$t> for u8 { fn from(id: $t) -> u8 { id.0 } }
    )* };
}
card_number!(EventCardId, AttackCardId, WoundCardId, ContaminationId);
