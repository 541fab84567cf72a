//! The state of one game: plain data that events fold into. It holds every secret the app
//! manages; nothing here is ever sent anywhere. Views (view.rs) are what leaves the engine.

use crate::content::Content;
use crate::ids::*;
use serde::{Deserialize, Serialize};
mod config;
mod invariants;
mod scans;
pub use config::{Component, Config, Mode};
pub use {invariants::Broken, scans::ScanQuestion};

/// Something the app may or may not know: `Unknown` when the physical component hides it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "kind", content = "value")]
pub enum Hidden<T> {
    Known(T),
    Unknown,
}

impl<T: Copy> Hidden<T> {
    pub fn known(self) -> Option<T> {
        match self {
            Hidden::Known(t) => Some(t),
            Hidden::Unknown => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "kind", content = "pod")]
pub enum Life {
    Awake,
    /// Waiting in an Escape Pod that has not launched.
    InPod(PodNumber),
    Hibernating,
    Escaped,
    Dead,
}

impl Life {
    /// Still on board and able to act (waiting in a pod counts: the pod has not left).
    pub fn is_awake_on_board(self) -> bool {
        matches!(self, Life::Awake | Life::InPod(_))
    }
    pub fn is_alive(self) -> bool {
        !matches!(self, Life::Dead)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeriousWound {
    pub card: WoundCardId,
    pub dressed: bool,
}

/// A private fact a seat learned. Only that seat's view ever carries it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Reveal {
    Engine { engine: EngineNumber, top: EngineStatus, turn: u16 },
    Coordinates { card: CoordinatesId, turn: u16 },
    Contamination { card: ContaminationId, infected: bool, turn: u16 },
    Room { at: Location, tile: RoomTileId, token: ExplorationId, turn: u16 },
}

/// Where a seat stands with its objectives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "kind", content = "objective")]
pub enum ObjectiveChoice {
    /// Before the first Encounter: both cards still in hand.
    Undecided,
    /// Chosen; `None` when the cards are physical and the app was only told that a choice was made.
    Chosen(Option<ObjectiveId>),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatState {
    pub name: String,
    pub number: PlayerNumber,
    pub character: Option<CharacterId>,
    /// The two draft cards revealed to choose from, while drafting.
    pub draft_offer: Vec<CharacterId>,
    pub life: Life,
    pub location: Location,
    /// Cards in hand (Action and Contamination), as the table keeps it up to date.
    pub hand: u8,
    /// 0..=2 on the Light Wound track.
    pub light_wounds: u8,
    pub serious: Vec<SeriousWound>,
    pub slime: bool,
    pub signal: bool,
    pub larva: bool,
    /// Contamination cards this character holds (deck, hand or discard).
    pub contamination: Vec<ContaminationId>,
    pub eggs_carried: u8,
    /// Heavy Objects carried besides Eggs (pp. 12-13, 22): Intruder Carcasses and Character Corpses.
    #[serde(default)] pub carcasses_carried: u8,
    #[serde(default)] pub corpses_carried: u8,
    /// Objective cards dealt (empty when the objectives are physical).
    pub objectives: Vec<ObjectiveId>,
    pub objective: ObjectiveChoice,
    pub objective_revealed: bool,
    pub objective_met: Option<bool>,
    pub contamination_checked: bool,
    pub reveals: Vec<Reveal>,
    /// Scans the phone answers (`scans.rs`), one each.
    #[serde(default)] pub hand_scan_due: bool,
    #[serde(default)] pub eclosion_scan_due: bool,
    #[serde(default)] pub alcohol_scan_due: bool,
    #[serde(default)] pub antidote_scan_due: bool,
    /// Cards a hand scan found INFECTED, in the hand (p. 20) until a pass may discard them (p. 10).
    #[serde(default)] pub infected_in_hand: Vec<ContaminationId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RoomState {
    /// The tile in this slot; for an unexplored slot this is a secret (None when physical or special).
    pub tile: Option<RoomTileId>,
    pub token: Option<ExplorationId>,
    pub explored: bool,
    pub items: Option<u8>,
    pub fire: bool,
    pub malfunction: bool,
    /// Uncarried eggs lying in this room (the Nest's own eggs are on the Intruder board).
    pub eggs: u8,
    /// Intruder Carcass tokens lying here (p. 20: left where an Intruder other than a Larva is killed).
    #[serde(default)]
    pub carcasses: u8,
    /// Character Corpse tokens lying here (p. 21: where a character died; p. 8: the Hibernatorium's).
    #[serde(default)]
    pub corpses: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "kind", content = "corridor")]
pub enum NoiseSpot {
    Corridor(CorridorId),
    Technical,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BoardState {
    /// Index = location number - 1.
    pub rooms: Vec<RoomState>,
    /// Index = corridor id.
    pub noise: Vec<bool>,
    pub technical_noise: bool,
    pub doors: Vec<DoorState>,
}

/// The Intruder player's ATTACK in progress (p. 27): the cards they drew, top card first, of
/// which they resolve one and put the others at the bottom of the Intruder Attack deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AttackOffer {
    pub seat: Seat,
    pub intruder: IntruderId,
    pub target: Seat,
    pub cards: Vec<AttackCardId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Intruder {
    pub id: IntruderId,
    pub kind: IntruderKind,
    pub at: Location,
    pub injuries: u8,
    /// The token drawn for it and set aside with it; none when an effect placed it.
    pub token: Option<TokenId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "kind", content = "intruder")]
pub enum TokenPlace {
    Bag,
    /// Drawn and in hand during one command; never left there once the command is done.
    Drawn,
    Supply,
    OnBoard(IntruderId),
    OutOfPlay,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PodState {
    Docked,
    Launched,
    /// Launched empty by Evacuation Pod Ejection.
    Ejected,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Pod {
    pub number: PodNumber,
    pub section: Section,
    pub locked: bool,
    pub occupants: Vec<Seat>,
    pub state: PodState,
}

/// A deck in play: top of the draw pile is the last element.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Deck<C> {
    pub draw: Vec<C>,
    pub discard: Vec<C>,
    pub removed: Vec<C>,
}

impl<C> Deck<C> {
    pub fn with_draw(draw: Vec<C>) -> Deck<C> {
        Deck { draw, discard: Vec::new(), removed: Vec::new() }
    }
}

impl<C: PartialEq + Copy> Deck<C> {
    /// A (re)shuffle: the draw pile becomes `order`; cards taken from the discard pile leave it.
    pub fn set_draw(&mut self, order: Vec<C>) {
        self.discard.retain(|c| !order.contains(c));
        self.draw = order;
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DeckKind {
    Event,
    Attack,
    SeriousWound,
    Contamination,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WeaknessSlot {
    /// The face-down card (None when the cards are physical).
    pub card: Option<WeaknessId>,
    pub revealed: Option<WeaknessId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum EventStep {
    TimeTrack,
    IntruderAttack,
    FireDamage,
    EventCard,
    BagDevelopment,
}

impl EventStep {
    pub fn next(self) -> Option<EventStep> {
        match self {
            EventStep::TimeTrack => Some(EventStep::IntruderAttack),
            EventStep::IntruderAttack => Some(EventStep::FireDamage),
            EventStep::FireDamage => Some(EventStep::EventCard),
            EventStep::EventCard => Some(EventStep::BagDevelopment),
            EventStep::BagDevelopment => None,
        }
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum EndCause {
    /// The Time marker reached the red space: the ship jumps.
    Jump,
    /// The Self-Destruct marker reached the skull.
    SelfDestruct,
    /// A 9th Fire marker was needed.
    Fire,
    /// A 9th Malfunction marker was needed.
    Malfunction,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum VictoryStep {
    Engines,
    Coordinates,
    Contamination,
    Objectives,
    Done,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum Phase {
    /// Setup steps 1–16 are done in one go; the draft (step 17) waits for each player in turn.
    Draft,
    Player,
    Event { step: EventStep },
    /// The game has ended; the victory check is revealed step by step.
    Over { cause: EndCause, check: VictoryStep },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct State {
    pub config: Config,
    pub seats: BySeat<SeatState>,
    pub first_player: Seat,
    pub turn: u16,
    pub phase: Phase,
    pub board: BoardState,
    pub intruders: Vec<Intruder>,
    pub next_intruder: u16,
    pub tokens: Vec<TokenPlace>,
    pub engines: [Hidden<EngineStatus>; 3],
    pub engines_revealed: Option<[EngineStatus; 3]>,
    /// A seat holding both tokens of one engine, about to set their order.
    pub repair: Option<(Seat, EngineNumber)>,
    pub coordinates: Hidden<CoordinatesId>,
    pub coordinates_revealed: bool,
    /// The destination read off a physical Coordinates card at the victory check.
    pub revealed_destination: Option<Destination>,
    pub destination: DestinationLetter,
    pub pods: Vec<Pod>,
    pub events: Deck<EventCardId>,
    pub attacks: Deck<AttackCardId>,
    pub wounds: Deck<WoundCardId>,
    pub contamination: Deck<ContaminationId>,
    /// By contamination card id: whether it is INFECTED (Unknown for a physical deck).
    pub infected: Vec<Hidden<bool>>,
    pub draft: Vec<CharacterId>,
    pub weaknesses: [WeaknessSlot; 3],
    pub nest_eggs: u8,
    pub nest_destroyed: bool,
    /// The room under an active Emergency Airlock Procedure (Airlock Control, p. 25).
    #[serde(default)]
    pub airlock: Option<Location>,
    pub time: u8,
    pub self_destruct: Option<u8>,
    pub first_encounter: bool,
    pub first_death: bool,
    /// The seat whose character died first (p. 27: only that player may take the Intruders).
    pub first_dead: Option<Seat>,
    /// Deaths over the whole game, a revived character's included.
    pub deaths: u16,
    /// Playing as the Intruders (p. 27): the seat, and the turn its rules apply from (the next).
    pub intruder_player: Option<(Seat, u16)>,
    /// Intruder Attack cards the Intruder player drew and is choosing among (p. 27); secret to them.
    pub attack_offer: Option<AttackOffer>,
    /// The hull is lost or exploded: everyone on board died with it.
    pub ship_destroyed: bool,
    /// The players' rounds of this Player Phase (p. 10, step 3). Saves from before rounds were
    /// kept read as "no round under way", and the next command starts them.
    #[serde(default)]
    pub rounds: Rounds,
}

/// The Player Phase's rounds (p. 10, step 3): whose round it is, how many Actions they have taken
/// in it, and who has passed (a player who passed takes no more Actions this phase).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Rounds {
    /// The seat whose round it is; `None` outside the Player Phase and once everyone has passed.
    pub turn_of: Option<Seat>,
    /// Actions taken in the current round: 0, 1 or 2 (the Intruder player: 0 or 1, p. 27).
    pub actions: u8,
    /// The seats that passed this phase, in the order they passed.
    pub passed: Vec<Seat>,
    /// Whether the rounds of this Player Phase have started (false in saves from before rounds).
    pub started: bool,
}

impl State {
    /// Whose objectives the victory check judges, in turn order: the survivors' (p. 11); in the
    /// fully cooperative mode every player's, as the crew wins only if all are met (p. 27).
    pub fn judged_seats(&self) -> Vec<Seat> {
        let survivor = |s: &Seat| matches!(self.seats[*s].life, Life::Hibernating | Life::Escaped);
        self.turn_order().into_iter().filter(|s| self.config.mode == Mode::Cooperative || survivor(s)).collect()
    }

    /// The fully cooperative crew's verdict (p. 27): every objective met and someone survived.
    pub fn crew_won(&self) -> bool {
        self.seats.iter().all(|(_, s)| s.objective_met == Some(true)) && self.seats.iter().any(|(_, s)| s.life.is_alive())
    }

    /// The Intruder player whose rules apply this turn (p. 27).
    pub fn intruder_player_now(&self) -> Option<Seat> {
        self.intruder_player.filter(|(_, from)| self.turn >= *from).map(|(seat, _)| seat)
    }

    /// The content pack this game is played with.
    pub fn content(&self) -> &'static Content {
        Content::pack(self.config.pack)
    }
    pub fn room(&self, at: Location) -> &RoomState {
        &self.board.rooms[at.0 as usize - 1]
    }
    pub fn room_mut(&mut self, at: Location) -> &mut RoomState {
        &mut self.board.rooms[at.0 as usize - 1]
    }
    pub fn intruder(&self, id: IntruderId) -> Option<&Intruder> {
        self.intruders.iter().find(|i| i.id == id)
    }
    pub fn intruders_at(&self, at: Location) -> impl Iterator<Item = &Intruder> {
        self.intruders.iter().filter(move |i| i.at == at)
    }
    /// Characters standing in a room (awake, not waiting in a pod).
    pub fn characters_at(&self, at: Location) -> Vec<Seat> {
        self.seats.iter().filter(|(_, s)| s.life == Life::Awake && s.location == at).map(|(seat, _)| seat).collect()
    }
    pub fn in_combat(&self, seat: Seat) -> bool {
        let s = &self.seats[seat];
        s.life == Life::Awake && self.intruders_at(s.location).next().is_some()
    }
    pub fn intruder_in_combat(&self, i: &Intruder) -> bool {
        !self.characters_at(i.at).is_empty()
    }
    pub fn tokens_in(&self, place: TokenPlace) -> Vec<TokenId> {
        self.tokens.iter().enumerate().filter(|(_, p)| **p == place).map(|(i, _)| TokenId(i as u8)).collect()
    }
    pub fn bag(&self) -> Vec<TokenId> {
        self.tokens_in(TokenPlace::Bag)
    }
    pub fn fire_count(&self) -> u8 {
        self.board.rooms.iter().filter(|r| r.fire).count() as u8
    }
    pub fn malfunction_count(&self) -> u8 {
        self.board.rooms.iter().filter(|r| r.malfunction).count() as u8
    }
    pub fn noise_count(&self) -> u8 {
        self.board.noise.iter().filter(|n| **n).count() as u8 + u8::from(self.board.technical_noise)
    }
    pub fn doors_in_use(&self) -> u8 {
        self.board.doors.iter().filter(|d| **d != DoorState::Open).count() as u8
    }
    pub fn hibernation_open(&self) -> bool {
        self.time >= self.content().data.time_track.hibernation_opens_at
    }
    pub fn self_destruct_unstoppable(&self) -> bool {
        self.self_destruct.is_some_and(|p| p >= self.content().data.self_destruct_track.yellow_from)
    }
    pub fn anyone_hibernating(&self) -> bool {
        self.seats.iter().any(|(_, s)| s.life == Life::Hibernating)
    }
    /// Whether this Weakness card has been turned over (p. 21).
    pub fn weakness_known(&self, effect: crate::content::WeaknessEffect) -> bool {
        let c = self.content();
        self.weaknesses
            .iter()
            .filter_map(|w| w.revealed)
            .any(|w| c.data.weaknesses[w.0 as usize].effect == effect)
    }
    /// The seat holding the Nest tile, once it is explored.
    pub fn nest_location(&self) -> Option<Location> {
        let nest = self.content().room_tile("nest")?;
        self.content()
            .board
            .locations()
            .find(|l| self.room(*l).explored && self.room(*l).tile == Some(nest))
    }
    /// An explored room whose tile has this key.
    pub fn explored_room(&self, key: &str) -> Option<Location> {
        let t = self.content().room_tile(key)?;
        self.content().board.locations().find(|l| self.room(*l).explored && self.room(*l).tile == Some(t))
    }
    /// Seats in turn order, starting from the holder of the First Player token.
    pub fn turn_order(&self) -> Vec<Seat> {
        let n = self.seats.len() as u8;
        (0..n).map(|k| Seat((self.first_player.0 + k) % n)).collect()
    }
    pub fn seat_by_number(&self, n: PlayerNumber) -> Option<Seat> {
        self.seats.iter().find(|(_, s)| s.number == n).map(|(seat, _)| seat)
    }
    pub fn egg_supply(&self) -> u8 {
        let on_board: u8 = self.nest_eggs
            + self.board.rooms.iter().map(|r| r.eggs).sum::<u8>()
            + self.seats.iter().map(|(_, s)| s.eggs_carried).sum::<u8>();
        self.content().data.pools.eggs.saturating_sub(on_board)
    }
    pub fn pod(&self, n: PodNumber) -> Option<&Pod> {
        self.pods.iter().find(|p| p.number == n)
    }
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }
}
