//! The command catalogue: every command declared once, with what it takes to send it (its fields
//! and their bounds, from the constants the rules check), the physical results it may consume, who
//! may send it, the modes it belongs to, whether it asks first, and its group on the table screen.
//! The table screen's forms and the phone server's gate read it; nothing else repeats it.
//!
//! It cannot fall behind the commands: `Command::kind` and `spec` are exhaustive matches, so a new
//! command does not compile until it has an entry, and `CommandType::ALL` is checked against the
//! `Command` enum's own list of variants (tests/engine/catalogue.rs).

use crate::command::{Command, Entered};
use crate::rules;
use crate::state::{Component, Mode};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// A command's kind: its `type` tag, without its fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CommandType {
    SetUp,
    DraftDraw,
    DraftKeep,
    EndPlayerPhase,
    Pass,
    CardAction,
    RoomAction,
    GiveRound,
    AdvanceTime,
    ResolveIntruderAttacks,
    ResolveFireDamage,
    ResolveEventCard,
    DevelopBag,
    SetHandSize,
    MoveCharacter,
    PlaceCharacter,
    NoiseRoll,
    Encounter,
    SetNoise,
    SetDoor,
    SetFire,
    SetMalfunction,
    RollDice,
    PlaceIntruder,
    MoveIntruder,
    AttackCharacter,
    InjureIntruder,
    KillIntruder,
    IntruderFlees,
    FireControl,
    Wound,
    DressSeriousWound,
    HealSeriousWound,
    HealLightWounds,
    SetSlime,
    SendSignal,
    KillCharacter,
    Shoot,
    MeleeAttack,
    ReviveCharacter,
    BecomeIntruderPlayer,
    IntruderPlayerAttack,
    ChooseAttackCard,
    GiveContamination,
    ScanContamination,
    CheckEngine,
    CheckAllEngines,
    BeginEngineRepair,
    SetEngineOrder,
    ReportEngineOrder,
    CheckCoordinates,
    SetDestination,
    StartSelfDestruct,
    StopSelfDestruct,
    SetPodLock,
    TryEnterPod,
    LaunchPod,
    LeavePod,
    TryHibernate,
    ChooseObjective,
    TakeEgg,
    DestroyEggs,
    DropEggs,
    StartAirlock,
    PickUpObject,
    DropObject,
    Research,
    PeekRoom,
    SearchRoom,
    RevealEngines,
    RevealCoordinates,
    CheckContamination,
    RevealObjective,
    JudgeObjective,
}

impl CommandType {
    /// Every kind, in the order of `Command` (the table screen lists them in this order).
    pub const ALL: &'static [CommandType] = {
        use CommandType::*;
        &[
            SetUp, DraftDraw, DraftKeep, EndPlayerPhase, Pass, CardAction, RoomAction, GiveRound, AdvanceTime,
            ResolveIntruderAttacks, ResolveFireDamage, ResolveEventCard, DevelopBag, SetHandSize, MoveCharacter,
            PlaceCharacter, NoiseRoll, Encounter, SetNoise, SetDoor, SetFire, SetMalfunction, RollDice, PlaceIntruder,
            MoveIntruder, AttackCharacter, InjureIntruder, KillIntruder, IntruderFlees, FireControl, Wound,
            DressSeriousWound, HealSeriousWound, HealLightWounds, SetSlime, SendSignal, KillCharacter, Shoot,
            MeleeAttack, ReviveCharacter, BecomeIntruderPlayer, IntruderPlayerAttack, ChooseAttackCard,
            GiveContamination, ScanContamination, CheckEngine, CheckAllEngines, BeginEngineRepair, SetEngineOrder,
            ReportEngineOrder, CheckCoordinates, SetDestination, StartSelfDestruct, StopSelfDestruct, SetPodLock,
            TryEnterPod, LaunchPod, LeavePod, TryHibernate, ChooseObjective, TakeEgg, DestroyEggs, DropEggs,
            StartAirlock, PickUpObject, DropObject, Research, PeekRoom, SearchRoom, RevealEngines,
            RevealCoordinates, CheckContamination, RevealObjective, JudgeObjective,
        ]
    };

    /// Its `type` tag, e.g. `develop_bag`.
    pub fn tag(self) -> String {
        serde_json::to_value(self).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
    }
}

impl Command {
    /// Which command this is.
    pub fn kind(&self) -> CommandType {
        use Command as C;
        use CommandType as T;
        match self {
            C::SetUp(_) => T::SetUp,
            C::DraftDraw { .. } => T::DraftDraw,
            C::DraftKeep { .. } => T::DraftKeep,
            C::EndPlayerPhase => T::EndPlayerPhase,
            C::Pass { .. } => T::Pass,
            C::CardAction { .. } => T::CardAction,
            C::RoomAction { .. } => T::RoomAction,
            C::GiveRound { .. } => T::GiveRound,
            C::AdvanceTime => T::AdvanceTime,
            C::ResolveIntruderAttacks => T::ResolveIntruderAttacks,
            C::ResolveFireDamage => T::ResolveFireDamage,
            C::ResolveEventCard => T::ResolveEventCard,
            C::DevelopBag => T::DevelopBag,
            C::SetHandSize { .. } => T::SetHandSize,
            C::MoveCharacter { .. } => T::MoveCharacter,
            C::PlaceCharacter { .. } => T::PlaceCharacter,
            C::NoiseRoll { .. } => T::NoiseRoll,
            C::Encounter { .. } => T::Encounter,
            C::SetNoise { .. } => T::SetNoise,
            C::SetDoor { .. } => T::SetDoor,
            C::SetFire { .. } => T::SetFire,
            C::SetMalfunction { .. } => T::SetMalfunction,
            C::RollDice { .. } => T::RollDice,
            C::PlaceIntruder { .. } => T::PlaceIntruder,
            C::MoveIntruder { .. } => T::MoveIntruder,
            C::AttackCharacter { .. } => T::AttackCharacter,
            C::InjureIntruder { .. } => T::InjureIntruder,
            C::KillIntruder { .. } => T::KillIntruder,
            C::IntruderFlees { .. } => T::IntruderFlees,
            C::FireControl { .. } => T::FireControl,
            C::Wound { .. } => T::Wound,
            C::DressSeriousWound { .. } => T::DressSeriousWound,
            C::HealSeriousWound { .. } => T::HealSeriousWound,
            C::HealLightWounds { .. } => T::HealLightWounds,
            C::SetSlime { .. } => T::SetSlime,
            C::SendSignal { .. } => T::SendSignal,
            C::KillCharacter { .. } => T::KillCharacter,
            C::Shoot { .. } => T::Shoot,
            C::MeleeAttack { .. } => T::MeleeAttack,
            C::ReviveCharacter { .. } => T::ReviveCharacter,
            C::BecomeIntruderPlayer { .. } => T::BecomeIntruderPlayer,
            C::IntruderPlayerAttack { .. } => T::IntruderPlayerAttack,
            C::ChooseAttackCard { .. } => T::ChooseAttackCard,
            C::GiveContamination { .. } => T::GiveContamination,
            C::ScanContamination { .. } => T::ScanContamination,
            C::CheckEngine { .. } => T::CheckEngine,
            C::CheckAllEngines { .. } => T::CheckAllEngines,
            C::BeginEngineRepair { .. } => T::BeginEngineRepair,
            C::SetEngineOrder { .. } => T::SetEngineOrder,
            C::ReportEngineOrder { .. } => T::ReportEngineOrder,
            C::CheckCoordinates { .. } => T::CheckCoordinates,
            C::SetDestination { .. } => T::SetDestination,
            C::StartSelfDestruct { .. } => T::StartSelfDestruct,
            C::StopSelfDestruct { .. } => T::StopSelfDestruct,
            C::SetPodLock { .. } => T::SetPodLock,
            C::TryEnterPod { .. } => T::TryEnterPod,
            C::LaunchPod { .. } => T::LaunchPod,
            C::LeavePod { .. } => T::LeavePod,
            C::TryHibernate { .. } => T::TryHibernate,
            C::ChooseObjective { .. } => T::ChooseObjective,
            C::TakeEgg { .. } => T::TakeEgg,
            C::DestroyEggs { .. } => T::DestroyEggs,
            C::DropEggs { .. } => T::DropEggs,
            C::StartAirlock { .. } => T::StartAirlock,
            C::PickUpObject { .. } => T::PickUpObject,
            C::DropObject { .. } => T::DropObject,
            C::Research { .. } => T::Research,
            C::PeekRoom { .. } => T::PeekRoom,
            C::SearchRoom { .. } => T::SearchRoom,
            C::RevealEngines => T::RevealEngines,
            C::RevealCoordinates { .. } => T::RevealCoordinates,
            C::CheckContamination { .. } => T::CheckContamination,
            C::RevealObjective { .. } => T::RevealObjective,
            C::JudgeObjective { .. } => T::JudgeObjective,
        }
    }
}

/// The kind of an entered result: its `kind` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum EnteredKind {
    Noise,
    Combat,
    Token,
    EventCard,
    AttackCard,
    SeriousWound,
    Room,
    Draft,
    Infected,
    Engine,
    Destination,
    Weakness,
    ContaminationDraw,
    NoActionCards,
}

impl EnteredKind {
    pub const ALL: &'static [EnteredKind] = {
        use EnteredKind::*;
        &[Noise, Combat, Token, EventCard, AttackCard, SeriousWound, Room, Draft, Infected, Engine, Destination, Weakness, ContaminationDraw, NoActionCards]
    };

    /// The component whose holding by the app refuses this kind of result (`Entered::read_off`'s
    /// first): a room's tile is named only when the tiles are physical, so its Exploration token
    /// decides. `None`: the end-of-game draw and Hatching's question, read off the players' own
    /// cards, are always entered.
    pub fn read_off(self) -> Option<Component> {
        use EnteredKind::*;
        match self {
            Noise | Combat => Some(Component::Dice),
            Token => Some(Component::IntruderBag),
            EventCard => Some(Component::EventDeck),
            AttackCard => Some(Component::AttackDeck),
            SeriousWound => Some(Component::SeriousWoundDeck),
            Room => Some(Component::ExplorationTokens),
            Draft => Some(Component::CharacterDraft),
            Infected => Some(Component::ContaminationDeck),
            Engine => Some(Component::Engines),
            Destination => Some(Component::Coordinates),
            Weakness => Some(Component::Weaknesses),
            ContaminationDraw | NoActionCards => None,
        }
    }
}

impl Entered {
    /// Which kind of result this is.
    pub fn entered_kind(&self) -> EnteredKind {
        match self {
            Entered::Noise { .. } => EnteredKind::Noise,
            Entered::Combat { .. } => EnteredKind::Combat,
            Entered::Token { .. } => EnteredKind::Token,
            Entered::EventCard { .. } => EnteredKind::EventCard,
            Entered::AttackCard { .. } => EnteredKind::AttackCard,
            Entered::SeriousWound { .. } => EnteredKind::SeriousWound,
            Entered::Room { .. } => EnteredKind::Room,
            Entered::Draft { .. } => EnteredKind::Draft,
            Entered::Infected { .. } => EnteredKind::Infected,
            Entered::Engine { .. } => EnteredKind::Engine,
            Entered::Destination { .. } => EnteredKind::Destination,
            Entered::Weakness { .. } => EnteredKind::Weakness,
            Entered::ContaminationDraw { .. } => EnteredKind::ContaminationDraw,
            Entered::NoActionCards { .. } => EnteredKind::NoActionCards,
        }
    }
}

/// Where a command sits on the table screen's action panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Group {
    Turn,
    Characters,
    Board,
    Intruders,
    Ship,
    Victory,
    Draft,
}

impl Group {
    /// The panel's tabs, in order (keys 1 to 7 on the table screen).
    pub const ALL: [Group; 7] = [Group::Turn, Group::Characters, Group::Board, Group::Intruders, Group::Ship, Group::Victory, Group::Draft];
}

/// Who may send a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Sender {
    /// The table screen (for a private choice, behind the pass-the-device curtain).
    Table,
    /// A seat's own phone, for that seat only: the choices the rules keep secret.
    Phone,
}

/// What a form asks for in a field; the UI draws one control per kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum FieldKind {
    Seat,
    SeatOrNone,
    Seats,
    /// Player names, each of `min` to `max` letters.
    Names,
    Location,
    LocationOrNone,
    Corridor,
    /// A corridor number (1 to `max`), as the Noise die and the Intruders' moves name them.
    CorridorNumber,
    CorridorNumberOrNone,
    NoiseSpot,
    Intruder,
    IntruderKind,
    Pod,
    Engine,
    /// A number from `min` to `max`.
    Count,
    Switch,
    DoorState,
    Die,
    DestinationLetter,
    EngineStatus,
    ResearchObject,
    ScanProcedure,
    /// One of the two characters the seat drew in the draft.
    OfferedCharacter,
    /// A secret: chosen on the seat's phone or behind the curtain, never in a shared form.
    ObjectiveOrNone,
    /// The Intruder player's seat (not chosen: there is one).
    IntruderPlayer,
    /// One of the Intruder Attack cards the Intruder player drew (a private choice).
    AttackCard,
    /// The Contamination cards scanned: the table's form scans them all (sends none by name).
    ContaminationCards,
}

/// One field of a command, by its name in the command.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Field {
    pub name: String,
    pub kind: FieldKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub min: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub max: Option<u16>,
    /// What the form starts with (the seat and rooms otherwise start at the first there is).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
    pub initial: Option<serde_json::Value>,
}

/// Only while this holds is the command offered on the action panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum When {
    /// Someone plays the Intruders this turn (p. 27).
    IntruderPlayer,
}

/// One command's entry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Spec {
    #[serde(rename = "type")]
    pub kind: CommandType,
    /// Its tab on the table screen; `None` for what no tab offers (the setup is the wizard's, an
    /// Intruder Attack card is chosen on the phone or behind the curtain).
    pub group: Option<Group>,
    pub fields: Vec<Field>,
    /// Results the table may enter from its physical components for it.
    pub entered: Vec<EnteredKind>,
    pub sent_by: Vec<Sender>,
    /// The modes it belongs to; every mode when empty.
    pub modes: Vec<Mode>,
    /// Asks "are you sure?" first (ending a phase, killing a character).
    pub confirm: bool,
    /// The engine's action helpers say what it will set off before it is sent (`hints::explain`).
    pub explained: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub when: Option<When>,
}

/// The whole catalogue, as the UI reads it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Catalogue {
    pub commands: Vec<Spec>,
    /// The action panel's tabs, in order.
    pub groups: Vec<Group>,
    /// Each kind of entered result and the component that decides whether it may be entered.
    pub entered: Vec<EnteredSpec>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EnteredSpec {
    pub kind: EnteredKind,
    pub read_off: Option<Component>,
}

/// The catalogue, built once.
pub fn catalogue() -> &'static Catalogue {
    static CATALOGUE: LazyLock<Catalogue> = LazyLock::new(|| Catalogue {
        commands: CommandType::ALL.iter().map(|k| build(*k)).collect(),
        groups: Group::ALL.to_vec(),
        entered: EnteredKind::ALL.iter().map(|k| EnteredSpec { kind: *k, read_off: k.read_off() }).collect(),
    });
    &CATALOGUE
}

/// One command's entry.
pub fn spec(kind: CommandType) -> &'static Spec {
    let all = &catalogue().commands;
    // ALL lists every kind once, in order: the index is the position (a test checks both).
    let at = CommandType::ALL.iter().position(|k| *k == kind).unwrap_or(0);
    &all[at]
}

/// Whether `sender` may send this command (the phone server asks before it takes one).
pub fn may_send(command: &Command, sender: Sender) -> bool {
    spec(command.kind()).sent_by.contains(&sender)
}

// ------------------------------------------------------------------------------- the entries

fn field(name: &str, kind: FieldKind) -> Field {
    Field { name: name.to_string(), kind, min: None, max: None, initial: None }
}
fn seat() -> Field {
    field("seat", FieldKind::Seat)
}
/// A number from `min` to `max`, starting at `initial`.
fn count(name: &str, min: u8, max: u8, initial: u8) -> Field {
    Field { min: Some(min.into()), max: Some(max.into()), initial: Some(initial.into()), ..field(name, FieldKind::Count) }
}
fn starting(f: Field, initial: impl Into<serde_json::Value>) -> Field {
    Field { initial: Some(initial.into()), ..f }
}
fn switch(name: &str, initial: bool) -> Field {
    starting(field(name, FieldKind::Switch), initial)
}

/// Builds one entry. Bounds come from the rules' own constants (`crate::rules`), so a form never
/// offers a number the rules refuse, nor refuses one they take.
fn build(kind: CommandType) -> Spec {
    use CommandType::*;
    use EnteredKind as E;
    use FieldKind as F;
    use Group as G;
    let mut s = Spec { kind, group: None, fields: Vec::new(), entered: Vec::new(), sent_by: vec![Sender::Table], modes: Vec::new(), confirm: false, explained: false, when: None };
    let (group, fields, entered): (Option<Group>, Vec<Field>, Vec<EnteredKind>) = match kind {
        // The players' names; the other options (mode, components, …) are the setup wizard's own.
        SetUp => (None, vec![Field { min: Some(1), max: Some(rules::MAX_NAME as u16), ..field("players", F::Names) }], vec![]),
        DraftDraw => (Some(G::Draft), vec![seat()], vec![E::Draft]),
        DraftKeep => {
            s.sent_by = vec![Sender::Table, Sender::Phone];
            (Some(G::Draft), vec![seat(), field("character", F::OfferedCharacter)], vec![])
        }
        EndPlayerPhase => {
            s.confirm = true;
            (Some(G::Turn), vec![], vec![])
        }
        Pass => (Some(G::Turn), vec![seat()], vec![]),
        CardAction => (Some(G::Turn), vec![seat(), count("paid", 1, rules::MAX_PAID, 1)], vec![]),
        RoomAction => (Some(G::Turn), vec![seat()], vec![]),
        GiveRound => (Some(G::Turn), vec![seat()], vec![]),
        AdvanceTime => (Some(G::Turn), vec![], vec![]),
        ResolveIntruderAttacks => (Some(G::Turn), vec![], vec![E::AttackCard, E::SeriousWound, E::Token]),
        ResolveFireDamage => (Some(G::Turn), vec![], vec![]),
        ResolveEventCard => (Some(G::Turn), vec![], vec![E::EventCard, E::Token, E::Noise, E::NoActionCards]),
        DevelopBag => (Some(G::Turn), vec![], vec![E::Token]),
        RollDice => (Some(G::Turn), vec![starting(field("die", F::Die), "noise"), count("count", 1, rules::DICE_OF_EACH_KIND, 1)], vec![E::Noise, E::Combat]),

        MoveCharacter => {
            s.explained = true;
            let careful = Field { min: Some(1), max: Some(rules::CORRIDOR_NUMBERS.into()), ..field("careful_noise", F::CorridorNumberOrNone) };
            (Some(G::Characters), vec![seat(), field("to", F::Location), careful], vec![E::Room, E::Noise, E::Token])
        }
        NoiseRoll => {
            s.explained = true;
            (Some(G::Characters), vec![seat()], vec![E::Noise, E::Token])
        }
        Encounter => {
            s.explained = true;
            (Some(G::Characters), vec![seat()], vec![E::Token])
        }
        PlaceCharacter => (Some(G::Characters), vec![seat(), field("at", F::Location)], vec![]),
        SetHandSize => (Some(G::Characters), vec![seat(), count("cards", 0, rules::MAX_HAND, 5)], vec![]),
        Wound => (
            Some(G::Characters),
            vec![seat(), count("light", 0, rules::MAX_WOUNDS_AT_ONCE, 1), count("serious", 0, rules::MAX_WOUNDS_AT_ONCE, 0)],
            vec![E::SeriousWound],
        ),
        DressSeriousWound => (Some(G::Characters), vec![seat(), count("index", 0, rules::MAX_SERIOUS_WOUNDS - 1, 0)], vec![]),
        HealSeriousWound => (Some(G::Characters), vec![seat(), count("index", 0, rules::MAX_SERIOUS_WOUNDS - 1, 0)], vec![]),
        HealLightWounds => (Some(G::Characters), vec![seat(), count("count", 1, rules::MAX_LIGHT_WOUNDS, 1)], vec![]),
        SetSlime => (Some(G::Characters), vec![seat(), switch("on", true)], vec![]),
        GiveContamination => {
            s.explained = true;
            (Some(G::Characters), vec![seat(), count("count", 1, rules::MAX_CONTAMINATION_AT_ONCE, 1)], vec![])
        }
        ScanContamination => {
            let fields = vec![seat(), field("cards", F::ContaminationCards), starting(field("procedure", F::ScanProcedure), "surgery")];
            (Some(G::Characters), fields, vec![E::Infected])
        }
        SendSignal => (Some(G::Characters), vec![seat()], vec![]),
        ChooseObjective => {
            s.sent_by = vec![Sender::Table, Sender::Phone];
            (Some(G::Characters), vec![seat(), field("objective", F::ObjectiveOrNone)], vec![])
        }
        FireControl => (Some(G::Characters), vec![seat(), field("room", F::Location)], vec![E::EventCard, E::AttackCard]),
        StartAirlock => (Some(G::Characters), vec![seat(), field("room", F::Location)], vec![]),
        Research => (Some(G::Characters), vec![seat(), field("object", F::ResearchObject)], vec![E::Weakness]),
        SearchRoom => (Some(G::Characters), vec![seat()], vec![]),
        PeekRoom => (Some(G::Characters), vec![seat(), field("at", F::Location)], vec![E::Room]),
        TakeEgg => (Some(G::Characters), vec![seat()], vec![]),
        // No upper bound in the rules: as many as the room holds (a thrown Grenade, 2).
        DestroyEggs => (Some(G::Characters), vec![seat(), Field { min: Some(1), initial: Some(1.into()), ..field("count", F::Count) }, field("into", F::LocationOrNone)], vec![]),
        DropEggs => (Some(G::Characters), vec![seat()], vec![]),
        PickUpObject => (Some(G::Characters), vec![seat(), field("object", F::ResearchObject)], vec![]),
        DropObject => (Some(G::Characters), vec![seat(), field("object", F::ResearchObject), field("give_to", F::SeatOrNone)], vec![]),
        Shoot => {
            s.explained = true;
            (Some(G::Characters), vec![seat(), field("id", F::Intruder), switch("energy", false)], vec![E::Combat, E::AttackCard, E::EventCard])
        }
        MeleeAttack => {
            s.explained = true;
            (Some(G::Characters), vec![seat(), field("id", F::Intruder)], vec![E::Combat, E::AttackCard, E::EventCard, E::SeriousWound])
        }
        KillCharacter => {
            s.confirm = true;
            (Some(G::Characters), vec![seat()], vec![])
        }
        ReviveCharacter => {
            s.modes = vec![Mode::Cooperative];
            (Some(G::Characters), vec![seat()], vec![])
        }
        BecomeIntruderPlayer => {
            s.confirm = true;
            s.modes = vec![Mode::Standard];
            (Some(G::Characters), vec![seat()], vec![])
        }

        SetNoise => (Some(G::Board), vec![field("spot", F::NoiseSpot), switch("on", true)], vec![]),
        SetDoor => (Some(G::Board), vec![field("corridor", F::Corridor), starting(field("state", F::DoorState), "closed")], vec![]),
        SetFire => (Some(G::Board), vec![field("at", F::Location), switch("on", true)], vec![]),
        SetMalfunction => (Some(G::Board), vec![field("at", F::Location), switch("on", true)], vec![]),

        PlaceIntruder => (Some(G::Intruders), vec![starting(field("kind", F::IntruderKind), "adult"), field("at", F::Location)], vec![]),
        MoveIntruder => {
            let corridor = Field { min: Some(1), max: Some(rules::CORRIDOR_NUMBERS.into()), initial: Some(1.into()), ..field("corridor", F::CorridorNumber) };
            (Some(G::Intruders), vec![field("id", F::Intruder), corridor], vec![])
        }
        AttackCharacter => {
            s.explained = true;
            (Some(G::Intruders), vec![field("id", F::Intruder), field("target", F::SeatOrNone)], vec![E::AttackCard, E::SeriousWound, E::Token])
        }
        IntruderPlayerAttack => {
            s.explained = true;
            s.modes = vec![Mode::Standard];
            s.when = Some(When::IntruderPlayer);
            let fields = vec![field("seat", F::IntruderPlayer), field("id", F::Intruder), field("target", F::Seat), count("card_number", 1, rules::INTRUDER_CARD_NUMBERS, 2)];
            (Some(G::Intruders), fields, vec![E::AttackCard, E::SeriousWound, E::Token])
        }
        ChooseAttackCard => {
            s.sent_by = vec![Sender::Table, Sender::Phone];
            s.modes = vec![Mode::Standard];
            (None, vec![seat(), field("card", F::AttackCard)], vec![])
        }
        InjureIntruder => {
            s.explained = true;
            (Some(G::Intruders), vec![field("id", F::Intruder), count("injuries", 1, rules::MAX_INJURIES_AT_ONCE, 1)], vec![E::AttackCard])
        }
        KillIntruder => (Some(G::Intruders), vec![field("id", F::Intruder)], vec![]),
        IntruderFlees => (Some(G::Intruders), vec![field("id", F::Intruder), switch("extinguisher", false)], vec![E::EventCard, E::AttackCard]),

        CheckEngine => (Some(G::Ship), vec![seat(), starting(field("engine", F::Engine), 1)], vec![E::Engine]),
        CheckAllEngines => (Some(G::Ship), vec![seat()], vec![E::Engine]),
        BeginEngineRepair => (Some(G::Ship), vec![seat(), starting(field("engine", F::Engine), 1), count("paid", 1, rules::MAX_PAID, 3)], vec![E::Engine]),
        SetEngineOrder => {
            s.sent_by = vec![Sender::Table, Sender::Phone];
            (Some(G::Ship), vec![seat(), starting(field("top", F::EngineStatus), "working")], vec![])
        }
        ReportEngineOrder => (Some(G::Ship), vec![seat(), starting(field("engine", F::Engine), 1), switch("changed", true)], vec![]),
        CheckCoordinates => (Some(G::Ship), vec![seat()], vec![E::Destination]),
        SetDestination => (Some(G::Ship), vec![seat(), starting(field("letter", F::DestinationLetter), "a")], vec![]),
        StartSelfDestruct => (Some(G::Ship), vec![seat()], vec![]),
        StopSelfDestruct => (Some(G::Ship), vec![seat()], vec![]),
        SetPodLock => (Some(G::Ship), vec![field("pod", F::Pod), switch("locked", false)], vec![]),
        TryEnterPod => (Some(G::Ship), vec![seat(), field("pod", F::Pod)], vec![]),
        LaunchPod => (Some(G::Ship), vec![field("pod", F::Pod), field("seat", F::SeatOrNone)], vec![]),
        LeavePod => (Some(G::Ship), vec![seat()], vec![]),
        TryHibernate => (Some(G::Ship), vec![seat()], vec![]),

        RevealEngines => {
            s.explained = true;
            (Some(G::Victory), vec![], vec![E::Engine])
        }
        RevealCoordinates => {
            s.explained = true;
            (Some(G::Victory), vec![field("quarantine", F::Seats)], vec![E::Destination])
        }
        CheckContamination => {
            s.explained = true;
            (Some(G::Victory), vec![seat()], vec![E::ContaminationDraw, E::Infected])
        }
        RevealObjective => (Some(G::Victory), vec![seat()], vec![]),
        JudgeObjective => {
            s.explained = true;
            (Some(G::Victory), vec![seat(), switch("met", true)], vec![])
        }
    };
    s.group = group;
    s.fields = fields;
    s.entered = entered;
    s
}
