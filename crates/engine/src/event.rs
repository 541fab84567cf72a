//! Events: the facts a command produced, in the past tense, with every random outcome recorded.
//! `State::fold` applies one; it never calls the generator and never fails on events the engine
//! produced. Events carry secrets, so they stay inside the engine and the host's store.

mod chance;
pub use chance::Chance;

use crate::ids::*;
use crate::state::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatSetup {
    pub name: String,
    pub number: PlayerNumber,
}

/// Why a token was drawn from the bag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DrawPurpose {
    Encounter,
    Development,
    Summoning,
}

/// Why an Intruder Attack card was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum AttackDraw {
    Attack { intruder: IntruderId, target: Seat },
    Endurance { intruder: IntruderId },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum EventDraw {
    EventPhase,
    /// Only for a direction: the effect is ignored and the card discarded.
    Retreat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DeathCause {
    Wounds,
    Larva,
    Attack,
    Contamination,
    ShipExploded,
    Jump,
    WrongDestination,
    EnginesFailed,
    Airlock,
    Table,
    /// The last wound came from the Fire in the character's room at the end of their round (p. 17).
    Fire,
    /// The last wound came from a Bleeding wound on passing (the Bleeding card).
    Bleeding,
}

/// What dealt a wound when no line before it says so: the end of a round deals its own (p. 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum WoundCause {
    /// A character in a room with Fire at the end of their round (p. 17).
    Fire,
    /// An undressed Bleeding wound, each time the player passes (the Bleeding card).
    Bleeding,
}

impl From<WoundCause> for DeathCause {
    fn from(c: WoundCause) -> Self {
        match c {
            WoundCause::Fire => DeathCause::Fire,
            WoundCause::Bleeding => DeathCause::Bleeding,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum UnlockReason {
    FirstDeath,
    SelfDestructCritical,
}

/// What the table does with pieces the app does not hold after an Action the app guides: the
/// log says what, its hand line how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum TableTask {
    /// Armory (p. 24): 2 Ammo on one of the character's Energy weapons, never above its capacity.
    RechargeEnergyWeapon,
    /// Storage (p. 24): 2 cards from that Item deck, 1 kept, the other at the bottom.
    DrawFromStorage { deck: ItemDeck },
    /// A card or Item Action (pp. 12, 22): the card is shown to everyone, then discarded (a Tools
    /// card is kept).
    ShowCard { card: PlayedCard },
    /// An Energy Charge: one of the character's Energy weapons is filled up to its capacity.
    FillEnergyWeapon,
    /// Pyrotechnics: the character discards 1 Item card to start the Fire.
    DiscardItem,
    /// Scavenging: 2 Item cards of the room's colour, 1 kept, the other discarded.
    Scavenge,
    /// Motivation: every character in the room draws 1 Action card (counted by the app).
    EveryoneDraws,
    /// Duct Tape: 2 Heavy Items are taped together and take 1 Hand slot (p. 22; not Objects).
    TapeHeavyItems,
    /// The Antidote, after its scan: 1 Contamination card is shuffled into the character's Action
    /// deck with their discard pile; the hand is kept, and the round ends as a pass.
    ShuffleContaminationIn,
    /// Synthetic Food: the character draws 2 Action cards (counted by the app).
    DrawTwoActionCards,
    /// A Taser's second use: this character discards every card of their hand (counted by the app).
    DiscardWholeHand,
    /// Monitoring Room (p. 25) with the tiles or tokens at the table: the player looks at that
    /// room's face-down tile and Exploration token alone, and puts them back.
    PeekAtRoom { at: Location },
    /// Craft Item (pp. 13, 23): the character discards the 2 Item cards whose blue Component icons
    /// match the Crafted Item's grey ones and takes its card from the blue deck.
    CraftItem { item: CraftedItem },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Event {
    // ---- setup ----
    GameSetUp { config: Config, seats: Vec<SeatSetup>, first_player: Seat },
    RoomTilesPlaced { tiles: Vec<(Location, RoomTileId)> },
    ExplorationTokensPlaced { tokens: Vec<(Location, ExplorationId)> },
    CoordinatesPlaced { card: CoordinatesId },
    EscapePodsPlaced { pods: Vec<(PodNumber, Section)> },
    EnginesPlaced { tops: [EngineStatus; 3] },
    WeaknessesPlaced { cards: [WeaknessId; 3] },
    BagFilled { tokens: Vec<TokenId> },
    DeckShuffled { deck: DeckKind, order: Vec<u8> },
    ContaminationPrepared { infected: Vec<bool> },
    ObjectivesDealt { seat: Seat, cards: Vec<ObjectiveId> },
    DraftOffered { seat: Seat, characters: Vec<CharacterId> },
    CharacterKept { seat: Seat, character: CharacterId },
    PlayStarted,

    // ---- phases ----
    PhaseChanged { phase: Phase },
    TurnBegan { turn: u16, first_player: Seat },
    HandSizeSet { seat: Seat, cards: u8 },
    /// A player's round begins (p. 10, step 3): up to 2 Actions (the Intruder player: 1, p. 27).
    /// `again`: the seat whose round just ended takes the next one too (the others have passed,
    /// or play no rounds), so the line says it goes on rather than naming them twice as new.
    RoundBegan {
        seat: Seat,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        again: bool,
    },
    /// An Action taken in that round, paid with `cards` Action cards from the hand (p. 12).
    ActionTaken { seat: Seat, cards: u8 },
    /// The round ends: after its Actions, or by passing (`passed`: no more Actions this phase).
    RoundEnded { seat: Seat, passed: bool },
    /// A correction: the table gives the round to this seat (a turn taken out of order at the table).
    RoundGiven { seat: Seat },

    // ---- board ----
    CharacterMoved { seat: Seat, to: Location },
    RoomExplored { at: Location, tile: RoomTileId, token: ExplorationId, items: u8 },
    NoiseRolled { seat: Option<Seat>, at: Location, face: NoiseFace },
    NoisePlaced { spot: NoiseSpot },
    NoiseRemoved { spot: NoiseSpot },
    DoorChanged { corridor: CorridorId, state: DoorState },
    FirePlaced { at: Location },
    FireRemoved { at: Location },
    MalfunctionPlaced { at: Location },
    MalfunctionRemoved { at: Location },
    ItemsSet { at: Location, items: u8 },
    /// A Search (p. 23): the seat draws Item cards from the room's deck; `ItemsSet` follows.
    ItemsSearched { seat: Seat, at: Location },
    DiceRolled { die: Die, noise: Vec<NoiseFace>, combat: Vec<CombatFace> },

    // ---- intruders and the bag ----
    EncounterBegan { seat: Seat, at: Location },
    TokenDrawn { token: TokenId, purpose: DrawPurpose },
    /// The bag was empty when a draw was asked for.
    BagWasEmpty { purpose: DrawPurpose },
    TokenReturned { token: TokenId },
    TokenToSupply { token: TokenId },
    TokenAddedToBag { token: TokenId },
    IntruderPlaced { id: IntruderId, kind: IntruderKind, at: Location, token: Option<TokenId> },
    IntruderMoved {
        id: IntruderId,
        to: Location,
        /// Where it came from, so the log can tell the table which miniature to move from where
        /// through which corridor (issue 19). Absent in journals written before it was recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<Location>,
    },
    /// Left through the Technical Corridors (or by Lurking / the Adult retreat): its token goes back in the bag.
    IntruderLeftBoard { id: IntruderId },
    IntruderKilled { id: IntruderId },
    IntruderInjured { id: IntruderId, injuries: u8 },
    IntruderHealed { id: IntruderId, injuries: u8 },
    IntruderTransformed { id: IntruderId, into: IntruderKind },
    /// A Larva left the board onto a character's board.
    CharacterInfested { seat: Seat, id: IntruderId },
    SurpriseAttack { seat: Seat, id: IntruderId, back: u8, hand: u8 },
    /// The Encounter's check (p. 18, step 4) found the hand no smaller than the token's number.
    NoSurpriseAttack { seat: Seat, id: IntruderId, back: u8, hand: u8 },
    AttackCardDrawn { card: AttackCardId, purpose: AttackDraw },
    AttackMissed { id: IntruderId, target: Seat },
    /// A Shoot or Melee Attack's Combat roll (pp. 18–19) and the Injuries it deals (0: a miss).
    CharacterAttacked { seat: Seat, id: IntruderId, melee: bool, face: CombatFace, injuries: u8 },
    /// A Shoot or Melee Attack on uncarried Eggs (p. 25): its Combat roll and the Injuries it
    /// deals, each destroying 1 Egg (0: a miss, which costs a Melee Attack nothing).
    EggsAttacked { seat: Seat, melee: bool, face: CombatFace, injuries: u8 },
    /// A Shoot takes 1 Ammo off the card of the weapon it fires (p. 18), before the roll.
    AmmoSpent { seat: Seat, weapon: crate::command::Weapon },
    EnduranceChecked { id: IntruderId, injuries: u8, endurance: u8, retreat: bool, killed: bool },
    DeckReshuffled { deck: DeckKind, order: Vec<u8> },

    // ---- characters ----
    /// `cause`: what dealt the wound, when the lines before it do not say (older saves: none).
    LightWoundsSet {
        seat: Seat,
        light: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cause: Option<WoundCause>,
    },
    SeriousWoundDrawn {
        seat: Seat,
        card: WoundCardId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cause: Option<WoundCause>,
    },
    SeriousWoundDressed { seat: Seat, index: u8 },
    SeriousWoundHealed { seat: Seat, index: u8 },
    CharacterDied { seat: Seat, cause: DeathCause },
    /// Cooperative mode's Revive (p. 27): back on board in the Emergency Room.
    CharacterRevived { seat: Seat, at: Location },
    /// The first dead character's player takes the Intruders (p. 27), from the next turn.
    IntruderPlayerJoined { seat: Seat },
    /// Several characters died in one step: this one, the lowest player number, counts as the first.
    FirstDeathSettled { seat: Seat },
    /// The Intruder player drew these Intruder Attack cards, top card first, to choose one (p. 27).
    AttackCardsOffered { seat: Seat, intruder: IntruderId, target: Seat, cards: Vec<AttackCardId> },
    /// They resolve `card`; `rest` goes to the bottom of the Intruder Attack deck, in that order.
    AttackCardChosen { seat: Seat, card: AttackCardId, rest: Vec<AttackCardId> },
    SlimeSet { seat: Seat, on: bool },
    SignalSent { seat: Seat },
    LarvaSet { seat: Seat, on: bool },
    /// `shuffled_in`: the card goes into the Action deck with the discard pile, not on top of the
    /// discard pile (the Antidote, docs/cards.md); older saves never said so, and read as not.
    ContaminationGiven {
        seat: Seat,
        card: ContaminationId,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        shuffled_in: bool,
    },
    /// The app's blind pick of which of the character's numbered cards stand for the ones the
    /// player counted (in hand, or among the cards drawn): the physical cards carry no number.
    ContaminationPicked { seat: Seat, cards: Vec<ContaminationId> },
    /// `kept_in_hand`: a scan of the hand's cards (Rest, the Canteen, the Shower Room) found it
    /// INFECTED, so it stays in the hand (p. 20) until the player may discard it, at their pass
    /// (p. 10); older saves never said so, and read as not.
    ContaminationScanned {
        seat: Seat,
        card: ContaminationId,
        infected: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        kept_in_hand: bool,
    },
    ContaminationRemoved { seat: Seat, card: ContaminationId },
    ContaminationDeckEmpty { seat: Seat },

    // ---- ship ----
    EngineChecked { seat: Seat, engine: EngineNumber, top: EngineStatus },
    EngineRepairBegun { seat: Seat, engine: EngineNumber, top: EngineStatus },
    EngineOrderSet { seat: Seat, engine: EngineNumber, top: EngineStatus, changed: bool },
    /// The order of a physical engine's tokens was set at the table; only "changed" is known.
    EngineOrderReported { seat: Seat, engine: EngineNumber, changed: bool },
    CoordinatesChecked { seat: Seat, card: CoordinatesId },
    DestinationSet { letter: DestinationLetter },
    SelfDestructStarted,
    SelfDestructStopped,
    /// `from`: the space the marker left, said when it moves more than one (the end of the game
    /// when no one is left awake aboard, p. 11); older saves never said it.
    SelfDestructAdvanced {
        to: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<u8>,
    },
    SelfDestructCritical,
    /// `from`: as `SelfDestructAdvanced`'s.
    TimeAdvanced {
        to: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<u8>,
    },
    HibernationOpened,
    PodLockSet { pod: PodNumber, locked: bool },
    PodsUnlocked { reason: UnlockReason },
    CharacterEnteredPod { seat: Seat, pod: PodNumber },
    /// Try to Enter an Escape Pod failed (p. 26): the Noise roll brought an Intruder, or the
    /// character did not survive it; the Action cards stay spent.
    PodEntryFailed { seat: Seat, pod: PodNumber },
    CharacterLeftPod { seat: Seat },
    PodLaunched { pod: PodNumber },
    PodEjected { pod: PodNumber },
    CharacterHibernated { seat: Seat },
    /// Try to Hibernate failed (p. 26): the Noise roll brought an Intruder, or the character did
    /// not survive it; the Action cards stay spent.
    HibernationFailed { seat: Seat },
    FirstEncounter,
    ObjectiveChosen { seat: Seat, objective: Option<ObjectiveId> },
    /// A Comms Key: `seat` sees one of `of`'s Objective cards, shown to `seat` alone.
    ObjectiveSeen { seat: Seat, of: Seat, objective: ObjectiveId },
    /// A Heavy Object token comes onto the board (p. 20: an Intruder Carcass where an Intruder
    /// was killed; p. 21: a Character Corpse where `of` died).
    ObjectLeft { object: ResearchObject, at: Location, #[serde(default)] of: Option<Seat> },
    /// Pick Up Heavy Object (p. 13): from the room onto the character.
    ObjectPickedUp { seat: Seat, object: ResearchObject, at: Location },
    /// Drop (p. 22, free): from the character into its room. `dying`: a dying character drops
    /// every Heavy Object where they die (p. 21); older saves folded that into `CharacterDied`.
    ObjectDropped {
        seat: Seat,
        object: ResearchObject,
        at: Location,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        dying: bool,
    },
    /// Airlock Control (p. 25): the room's doors are closed and the Airlock Procedure token placed.
    AirlockStarted { seat: Seat, at: Location },
    /// The token leaves: a door of that room was opened (`vented` false), or the Player Phase ended
    /// with all of them Closed and everything in the room died (`vented` true).
    AirlockEnded { at: Location, vented: bool },
    /// The Fire Control System procedure on a room (p. 24); what follows is its own events.
    FireControlUsed { seat: Seat, at: Location },
    /// A guided Action's part the table carries out with its own pieces.
    TableDoes { seat: Seat, task: TableTask },
    /// A Rest card's scan waits for the player to say, on their phone, which of their Contamination
    /// cards are in hand (`due`), or they said it (`due` false).
    HandScanDue { seat: Seat, due: bool },
    /// A scan asked of the player's phone other than Rest's (which says `HandScanDue`): the
    /// Alcohol's one card of the hand. Its answer is `ScanAnswered`.
    ScanAsked { seat: Seat, question: ScanQuestion },
    /// The phone (or the table) answered one scan question: only that one is closed. Saves written
    /// before say `HandScanDue { due: false }`, which closes Rest's and Eclosion's together.
    ScanAnswered { seat: Seat, question: ScanQuestion },
    EggTaken { seat: Seat },
    /// `dying`: as `ObjectDropped`'s, the Eggs a dying character drops (p. 21).
    EggsDropped {
        seat: Seat,
        at: Location,
        count: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        dying: bool,
    },
    NestEggsDestroyed { count: u8 },
    RoomEggsDestroyed { at: Location, count: u8 },
    EggAdded,
    NestDestroyed,
    WeaknessRevealed { slot: ResearchObject, card: WeaknessId },
    RoomPeeked { seat: Seat, at: Location, tile: RoomTileId, token: ExplorationId },
    EventCardDrawn { card: EventCardId, purpose: EventDraw },
    EventCardResolved { card: EventCardId },
    /// Discarded without its effect (a retreat direction).
    EventCardDiscarded { card: EventCardId },
    /// Eclosion (the card): this character draws 4 cards from their Action deck, scans the
    /// Contamination cards among them (one INFECTED gives a Larva) and discards the 4. The table
    /// holds the Action deck, so it draws; the player scans (`ScanContamination`, Look). `holds`:
    /// the Contamination cards the character owns, 0 when none can be among the 4.
    EclosionDraw { seat: Seat, holds: u8 },
    /// An Event card whose movement and effect found nothing on the board to change: said, so the
    /// table does not look for a change it missed.
    EventCardIdle { card: EventCardId },
    /// Noise in Technical Corridors found its marker already there: these characters, in rooms
    /// with a Technical Corridor entrance, roll for Noise (maybe nobody).
    TechnicalNoiseRolls { seats: Vec<Seat> },
    /// An Event Phase step that found nothing to do (no Intruder in Combat, nothing in a Fire):
    /// said, so the table does not look for what it missed.
    EventStepIdle { step: EventStep },

    // ---- the end ----
    GameEnded {
        cause: EndCause,
        /// The end came because no character was left awake aboard (p. 11), which moved the
        /// Self-Destruct or the Time marker to its end. Absent in journals written before.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        nobody_left: bool,
    },
    ShipDestroyed,
    VictoryStepReached { step: VictoryStep },
    EnginesRevealed { tops: [EngineStatus; 3] },
    CoordinatesRevealed { card: Option<CoordinatesId>, destination: Destination },
    ContaminationChecked { seat: Seat, infected: bool, drawn_contamination: u8, dies: bool },
    ObjectiveRevealed { seat: Seat, objective: Option<ObjectiveId> },
    ObjectiveJudged { seat: Seat, met: bool },
}
