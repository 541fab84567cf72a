//! The base game's components as data: parsed once from the embedded `content/base.json`,
//! checked for the counts the rules rely on, and turned into the board graph.
//! Facts only; effects are keys the rules match on, with our own one-line summaries.

use crate::ids::*;
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

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
    pub grade: String,
    #[serde(default)]
    pub note: Option<String>,
    /// The card's effect in our own words (the catalogues' `event_summary.<key>` in English).
    pub summary: String,
    /// Where each fact of this card comes from (codes as in the reference's source table).
    pub sources: String,
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
    pub grade: String,
    #[serde(default)]
    pub note: Option<String>,
    /// The card's effect in our own words (`attack_summary.<key>`).
    pub summary: String,
    /// Where each fact of this card comes from (codes as in the reference's source table).
    pub sources: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ContaminationSpec {
    pub total: u8,
    pub infected: u8,
    pub grade: String,
    #[serde(default)]
    pub note: Option<String>,
    /// What a Contamination card does, in our own words (`contamination_summary`).
    pub summary: String,
    /// Where each fact of this card comes from (codes as in the reference's source table).
    pub sources: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    pub summary: String,
    /// A: the rulebook or two independent sources; B: one good source; C: inferred; X: sources disagree.
    pub grade: String,
    /// Where each fact of this card comes from (codes as in the reference's source table).
    pub sources: String,
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
    pub summary: String,
    /// A: the rulebook or two independent sources; B: one good source; C: inferred; X: sources disagree.
    pub grade: String,
    /// Where each fact of this card comes from (codes as in the reference's source table).
    pub sources: String,
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
    pub summary: String,
    /// A: the rulebook or two independent sources; B: one good source; C: inferred; X: sources disagree.
    pub grade: String,
    /// Where each fact of this card comes from (codes as in the reference's source table).
    pub sources: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WeaknessSpec {
    pub key: String,
    /// What the Weakness changes in the rules once its card is turned over.
    pub effect: WeaknessEffect,
    pub name: String,
    /// The Weakness's effect in our own words (`weakness_summary.<key>`).
    pub summary: String,
    /// A: the rulebook or two independent sources; B: one good source; C: inferred; X: sources disagree.
    pub grade: String,
    /// Where each fact of this card comes from (codes as in the reference's source table).
    pub sources: String,
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

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ObjectiveSpec {
    pub key: String,
    pub name: String,
    pub kind: ObjectiveKind,
    pub players: u8,
    pub target_player: Option<u8>,
    /// The condition in our own words (`objective_summary.<key>`); `{target}` stands for the
    /// target player's name and character, filled in at the table.
    pub summary: String,
    /// A: the rulebook or two independent sources; B: one good source; C: inferred; X: sources disagree.
    pub grade: String,
    /// Where each fact of this card comes from (codes as in the reference's source table).
    pub sources: String,
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

/// Everything in the box that the rules need, as read from `content/base.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ContentData {
    pub intruder_tokens: Vec<TokenSpec>,
    pub events: Vec<EventSpec>,
    pub attacks: Vec<AttackSpec>,
    pub contamination: ContaminationSpec,
    pub coordinates: Vec<CoordinatesSpec>,
    pub exploration_tokens: Vec<ExplorationSpec>,
    pub exploration_effects: Vec<ExplorationEffectSpec>,
    pub room_tiles: Vec<RoomTileSpec>,
    pub locations: Vec<LocationSpec>,
    pub time_track: TimeTrackSpec,
    pub self_destruct_track: SelfDestructSpec,
    pub serious_wounds: Vec<WoundSpec>,
    pub weaknesses: Vec<WeaknessSpec>,
    pub objectives: Vec<ObjectiveSpec>,
    pub characters: Vec<CharacterSpec>,
    pub escape_pods: PodSpec,
    pub noise_die: Vec<NoiseFace>,
    pub combat_die: Vec<CombatFace>,
    pub dice_grade: String,
    pub pools: Pools,
    pub facts_below_a: Vec<Fact>,
}

/// Where a numbered exit of a location leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "kind", content = "corridor")]
pub enum Exit {
    Corridor(CorridorId),
    /// A Technical Corridors entrance: all of them lead to the one Technical Corridors space.
    Technical,
}

/// A room-to-room corridor; a corridor may carry two numbers (the same at both ends).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Corridor {
    pub id: CorridorId,
    pub ends: (Location, Location),
    pub numbers: Vec<u8>,
}

impl Corridor {
    pub fn other_end(&self, from: Location) -> Location {
        if self.ends.0 == from {
            self.ends.1
        } else {
            self.ends.0
        }
    }
}

/// The basic board as a graph, derived from the location table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Board {
    pub corridors: Vec<Corridor>,
    /// `exits[location - 1][number - 1]`
    pub exits: Vec<[Exit; 4]>,
}

impl Board {
    pub fn exit(&self, from: Location, number: u8) -> Exit {
        self.exits[from.0 as usize - 1][number as usize - 1]
    }
    /// Every distinct corridor touching a location (a double-numbered corridor once).
    pub fn corridors_of(&self, at: Location) -> Vec<CorridorId> {
        let mut out: Vec<CorridorId> = Vec::new();
        for exit in &self.exits[at.0 as usize - 1] {
            if let Exit::Corridor(c) = exit {
                if !out.contains(c) {
                    out.push(*c);
                }
            }
        }
        out
    }
    pub fn has_technical_entrance(&self, at: Location) -> bool {
        self.exits[at.0 as usize - 1].contains(&Exit::Technical)
    }
    /// Rooms one corridor away, in ascending room number.
    pub fn neighbours(&self, at: Location) -> Vec<(Location, CorridorId)> {
        let mut out: Vec<(Location, CorridorId)> = self
            .corridors_of(at)
            .into_iter()
            .map(|c| (self.corridors[c.0 as usize].other_end(at), c))
            .collect();
        out.sort();
        out
    }
    pub fn corridor_between(&self, a: Location, b: Location) -> Option<CorridorId> {
        self.neighbours(a).into_iter().find(|(l, _)| *l == b).map(|(_, c)| c)
    }
    pub fn locations(&self) -> impl Iterator<Item = Location> {
        (1..=self.exits.len() as u8).map(Location)
    }
}

/// Content plus what is derived from it once.
#[derive(Clone, Debug)]
pub struct Content {
    pub data: ContentData,
    pub board: Board,
}

in_words!(
    /// A content pack that breaks what the rules rely on (a count, a board exit, a missing tile),
    /// in words for whoever edits the data file.
    ContentError
);

/// The base game's data file, as embedded.
pub static BASE_JSON: &str = include_str!("../content/base.json");

/// A content pack: the box a game is played with. Each pack is one data file under `content/`,
/// embedded at compile time; a game's config names its pack, so an expansion is a new variant and
/// a new file, and every rule reads the content of the game it judges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Pack {
    /// The base game of Nemesis.
    #[default]
    Base,
}

impl Pack {
    pub const ALL: [Pack; 1] = [Pack::Base];

    /// The pack's data file, as embedded.
    pub fn json(self) -> &'static str {
        match self {
            Pack::Base => BASE_JSON,
        }
    }
}

/// Each pack, parsed and checked once per process, the first time a game uses it.
static BASE: LazyLock<Content> = LazyLock::new(|| {
    Content::from_json(Pack::Base.json()).expect("the embedded base content is valid (checked by tests)")
});

impl Content {
    /// The content of one pack.
    pub fn pack(pack: Pack) -> &'static Content {
        match pack {
            Pack::Base => &BASE,
        }
    }

    /// The base game's pack: for tools and tests that are not about a game (a game reads its own
    /// pack through `State::content`).
    pub fn base() -> &'static Content {
        Content::pack(Pack::Base)
    }

    /// Parses and checks a content pack. Every count the rules depend on is checked here,
    /// so a corrected data file that breaks one is refused with a reason.
    pub fn from_json(json: &str) -> Result<Content, ContentError> {
        let data: ContentData = serde_json::from_str(json).map_err(|e| ContentError(format!("content: {e}")))?;
        let board = build_board(&data.locations).map_err(ContentError)?;
        let c = Content { data, board };
        c.check().map_err(ContentError)?;
        Ok(c)
    }

    fn check(&self) -> Result<(), String> {
        let d = &self.data;
        let want = |what: &str, got: usize, n: usize| {
            if got == n {
                Ok(())
            } else {
                Err(format!("content: {what} has {got} entries, the rules need {n}"))
            }
        };
        want("intruder_tokens", d.intruder_tokens.len(), 27)?;
        want("events", d.events.len(), 20)?;
        want("attacks", d.attacks.len(), 20)?;
        want("coordinates", d.coordinates.len(), 8)?;
        want("exploration_tokens", d.exploration_tokens.len(), 20)?;
        want("room_tiles", d.room_tiles.len(), 20)?;
        want("locations", d.locations.len(), 21)?;
        want("weaknesses", d.weaknesses.len(), 8)?;
        let effects: std::collections::BTreeSet<WeaknessEffect> = d.weaknesses.iter().map(|w| w.effect).collect();
        want("distinct weakness effects", effects.len(), 8)?;
        want("objectives", d.objectives.len(), 25)?;
        for x in &d.exploration_tokens {
            if !d.exploration_effects.iter().any(|e| e.effect == x.effect) {
                return Err(format!("content: exploration effect {:?} has no text", x.effect));
            }
        }
        want("solo/coop objectives", d.objectives.iter().filter(|o| o.kind == ObjectiveKind::SoloCoop).count(), 7)?;
        want("characters", d.characters.len(), 6)?;
        want("noise_die", d.noise_die.len(), 10)?;
        want("combat_die", d.combat_die.len(), 6)?;
        want("escape_pods.by_players", d.escape_pods.by_players.len(), 5)?;
        if d.contamination.infected > d.contamination.total {
            return Err("content: more INFECTED cards than contamination cards".into());
        }
        let blanks = d.intruder_tokens.iter().filter(|t| t.kind == TokenKind::Blank).count();
        want("blank tokens", blanks, 1)?;
        let slot1 = d.locations.iter().filter(|l| l.kind == LocationKind::Slot1).count();
        let slot2 = d.locations.iter().filter(|l| l.kind == LocationKind::Slot2).count();
        let set1 = d.room_tiles.iter().filter(|t| t.set == 1).count();
        want("room tiles \"1\" (one per \"1\" slot)", set1, slot1)?;
        if d.room_tiles.iter().filter(|t| t.set == 2).count() < slot2 {
            return Err("content: fewer room tiles \"2\" than \"2\" slots".into());
        }
        if d.exploration_tokens.len() < slot1 + slot2 {
            return Err("content: fewer exploration tokens than room slots".into());
        }
        for key in ["nest", "generator"] {
            if self.room_tile(key).is_none() {
                return Err(format!("content: the rules need a room tile '{key}'"));
            }
        }
        for (i, l) in d.locations.iter().enumerate() {
            if l.number as usize != i + 1 {
                return Err("content: locations must be listed 1..=21 in order".into());
            }
        }
        for n in 1..=3u8 {
            if self.engine_location(EngineNumber(n)).is_none() {
                return Err(format!("content: no location is Engine #{n}"));
            }
        }
        Ok(())
    }

    pub fn room_tile(&self, key: &str) -> Option<RoomTileId> {
        self.data.room_tiles.iter().position(|t| t.key == key).map(|i| RoomTileId(i as u8))
    }
    pub fn tile(&self, id: RoomTileId) -> &RoomTileSpec {
        &self.data.room_tiles[id.0 as usize]
    }
    pub fn location(&self, at: Location) -> &LocationSpec {
        &self.data.locations[at.0 as usize - 1]
    }
    pub fn location_of_kind(&self, kind: LocationKind) -> Location {
        Location(self.data.locations.iter().find(|l| l.kind == kind).map(|l| l.number).unwrap_or(1))
    }
    pub fn engine_location(&self, engine: EngineNumber) -> Option<Location> {
        self.data
            .locations
            .iter()
            .find(|l| l.kind == LocationKind::Engine && l.engine == Some(engine.0))
            .map(|l| Location(l.number))
    }
    pub fn token(&self, id: TokenId) -> &TokenSpec {
        &self.data.intruder_tokens[id.0 as usize]
    }
    pub fn event(&self, id: EventCardId) -> &EventSpec {
        &self.data.events[id.0 as usize]
    }
    pub fn attack(&self, id: AttackCardId) -> &AttackSpec {
        &self.data.attacks[id.0 as usize]
    }
    pub fn wound_cards(&self) -> Vec<WoundCardId> {
        let mut out = Vec::new();
        for (i, w) in self.data.serious_wounds.iter().enumerate() {
            for _ in 0..w.copies {
                out.push(WoundCardId(i as u8));
            }
        }
        out
    }
    /// Whether a room slot holds a tile (special rooms are printed on the board).
    pub fn is_slot(&self, at: Location) -> bool {
        matches!(self.location(at).kind, LocationKind::Slot1 | LocationKind::Slot2)
    }
}

fn build_board(locations: &[LocationSpec]) -> Result<Board, String> {
    let n = locations.len() as u8;
    let mut corridors: Vec<Corridor> = Vec::new();
    let mut exits: Vec<[Exit; 4]> = Vec::new();
    for l in locations {
        let here = Location(l.number);
        let mut row = [Exit::Technical; 4];
        for (i, e) in l.exits.iter().enumerate() {
            let number = i as u8 + 1;
            row[i] = match e {
                ExitSpec::Technical(_) => Exit::Technical,
                ExitSpec::Room(to) => {
                    if *to == 0 || *to > n || *to == l.number {
                        return Err(format!("content: location {} exit {number} leads nowhere", l.number));
                    }
                    let to = Location(*to);
                    let key = if here < to { (here, to) } else { (to, here) };
                    let id = match corridors.iter().position(|c| c.ends == key) {
                        Some(p) => p,
                        None => {
                            corridors.push(Corridor { id: CorridorId(corridors.len() as u8), ends: key, numbers: Vec::new() });
                            corridors.len() - 1
                        }
                    };
                    if !corridors[id].numbers.contains(&number) {
                        corridors[id].numbers.push(number);
                    }
                    Exit::Corridor(CorridorId(id as u8))
                }
            };
        }
        exits.push(row);
    }
    // A corridor carries the same number(s) at both ends: check it, since movement relies on it.
    for c in &corridors {
        for end in [c.ends.0, c.ends.1] {
            let row = &exits[end.0 as usize - 1];
            let from_here: Vec<u8> = (1..=4u8).filter(|k| row[*k as usize - 1] == Exit::Corridor(c.id)).collect();
            let mut want = c.numbers.clone();
            want.sort();
            if from_here != want {
                return Err(format!(
                    "content: corridor {}-{} is numbered {:?} at one end and {:?} at the other",
                    c.ends.0 .0, c.ends.1 .0, want, from_here
                ));
            }
        }
    }
    Ok(Board { corridors, exits })
}
