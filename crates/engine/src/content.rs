//! The base game's components as data: parsed once from the embedded `content/base.json`,
//! checked for the counts the rules rely on, and turned into the board graph.
//! Facts only; effects are keys the rules match on, with our own one-line summaries.

use crate::ids::*;
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

mod board;
mod cards;
pub use board::*;
pub use cards::*;

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

/// The part of the box a map is drawn from (the board's locations and exits, and the room
/// tiles a face-up room may be): what a phone's or a display's map asks for, a fifth of the
/// whole contents on the wire.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BoardGraph {
    pub locations: Vec<LocationSpec>,
    pub room_tiles: Vec<RoomTileSpec>,
}

impl ContentData {
    /// The board graph alone, for a page that draws the map and nothing else of the box.
    pub fn board(&self) -> BoardGraph {
        BoardGraph { locations: self.locations.clone(), room_tiles: self.room_tiles.clone() }
    }

    /// Every card and token text the content holds, by its catalogue key (`event_summary.<key>`,
    /// `contamination_summary`, ...), with its provenance: the one list the catalogue checks read.
    pub fn card_texts(&self) -> Vec<(String, &Provenance)> {
        fn tag(v: impl Serialize) -> String {
            serde_json::to_value(v).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
        }
        let mut out: Vec<(String, &Provenance)> = Vec::new();
        out.extend(self.objectives.iter().map(|x| (format!("objective_summary.{}", x.key), &x.provenance)));
        out.extend(self.events.iter().map(|x| (format!("event_summary.{}", x.key), &x.provenance)));
        out.extend(self.attacks.iter().map(|x| (format!("attack_summary.{}", x.key), &x.provenance)));
        out.extend(self.weaknesses.iter().map(|x| (format!("weakness_summary.{}", x.key), &x.provenance)));
        out.extend(self.serious_wounds.iter().map(|x| (format!("wound_summary.{}", x.key), &x.provenance)));
        out.extend(self.room_tiles.iter().map(|x| (format!("room_summary.{}", x.key), &x.provenance)));
        out.extend(self.exploration_effects.iter().map(|x| (format!("exploration_summary.{}", tag(x.effect)), &x.provenance)));
        out.push(("contamination_summary".into(), &self.contamination.provenance));
        out
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
        for e in EngineNumber::ALL {
            if self.engine_location(e).is_none() {
                return Err(format!("content: no location is Engine #{}", e.0));
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
