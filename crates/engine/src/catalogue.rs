//! The command catalogue: every command's entry, with what it takes to send it (its fields and
//! their bounds, from the constants the rules check), the physical results it may consume, who
//! may send it, the modes it belongs to, whether it asks first, its group on the table screen and,
//! for what a round offers, its section of the round's panel.
//! The table screen's forms and the phone server's gate read it; nothing else repeats it.
//!
//! It cannot fall behind the commands: each entry is written in the command's one declaration
//! (`command::command_table!`) and built here from it, so a command without one does not compile.

use crate::command::{command_table, Command};
pub use crate::command::{CommandType, EnteredKind};
pub use crate::offers::{FormFirst, RoundSection, Suggest};
use crate::rules;
use crate::state::{Component, Mode};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

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
    /// A seat's own phone, for that seat only and only while that seat holds the round (p. 10):
    /// its Actions, its Pass and the free steps its round offers (`offers::offers`), with the
    /// physical results its own Action needs. A correction is never a phone's (the host refuses
    /// a play of this command that is one, unless the round offers it as it stands).
    Round,
}

/// What a form asks for in a field; the UI draws one control per kind. Whether the field may be
/// left empty is the field's own (`Field::optional`), not another kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum FieldKind {
    Seat,
    Seats,
    /// Player names, each of `min` to `max` letters.
    Names,
    Location,
    Corridor,
    /// A corridor number (1 to `max`), as the Noise die and the Intruders' moves name them.
    CorridorNumber,
    NoiseSpot,
    Intruder,
    IntruderKind,
    Pod,
    Engine,
    /// A number from `min` to `max`.
    Count,
    Switch,
    /// An Escape Pod's lock, a switch: locked (`true`) or unlocked, as its offer's button says.
    PodLock,
    DoorState,
    Die,
    DestinationLetter,
    EngineStatus,
    ResearchObject,
    ScanProcedure,
    /// One of the two characters the seat drew in the draft.
    OfferedCharacter,
    /// A secret objective: chosen on the seat's phone or behind the curtain, never in a shared form.
    Objective,
    /// The Intruder player's seat (not chosen: there is one).
    IntruderPlayer,
    /// One of the Intruder Attack cards the Intruder player drew (a private choice).
    AttackCard,
    /// The Contamination cards scanned: the table's form scans them all (sends none by name).
    ContaminationCards,
    /// One of the acting character's Serious Wounds, by its place among them (0 first): a form
    /// offers those the seat has, and a button names the wound's card.
    SeriousWound,
    /// One of the Emergency Room's treatments.
    Treatment,
    /// The weapon a Shoot fires: the character's own or a carried one.
    Weapon,
    /// How Eggs are attacked: thrown, shot or struck (p. 25).
    EggAttempt,
    /// One of the four Crafted Items (p. 23).
    CraftedItem,
    /// One of the Item decks (red, yellow, green).
    ItemDeck,
    /// Some corridors (their Doors), e.g. those the Command Center closes.
    Corridors,
    /// An Action card or Item whose Action the engine guides.
    PlayedCard,
    /// What a played card does.
    CardEffect,
    /// A face of the Noise die, as an entered roll names it.
    NoiseFace,
    /// A face of the Combat die, as an entered roll names it.
    CombatFace,
    /// What an Intruder token drawn from the bag shows.
    TokenKind,
    /// What an Exploration token shows.
    ExplorationEffect,
    /// Where a Coordinates card sends the ship.
    Destination,
}

/// One field of a command, by its name in the command.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Field {
    pub name: String,
    pub kind: FieldKind,
    /// The field may be left empty (`null`): a card whose effect names no Door, no Intruder, no
    /// room, no one; a Move that is not Careful. A form offers "none" for it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub optional: bool,
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
    /// Its section of the round's panel; `None` for what no round offers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub section: Option<RoundSection>,
    /// What opens on the round's panel before its offer is sent; `None`: sent as offered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub form_first: Option<FormFirst>,
    /// A phone asks before sending its offer, where one touch would take it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub phone_confirm: bool,
    /// Where the round's panel suggests it among the room's offers (`Here` offers only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub suggest: Option<Suggest>,
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
    /// What the setup wizard asks within.
    pub setup: SetupBounds,
    /// The values a form offers for each field kind that names one of the game's own words, in
    /// the order offered.
    pub choices: Vec<Choices>,
}

/// The setup's bounds, as the setup and the host check them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SetupBounds {
    /// The modes, in the order the wizard offers them, with the players each takes.
    pub modes: Vec<ModePlayers>,
    /// The most letters a game's title may have.
    pub title: u16,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ModePlayers {
    pub mode: Mode,
    pub min: u8,
    pub max: u8,
}

/// The values of one field kind: each the tag the command carries, a number written in digits
/// (an Engine's `1`), which a form sends back as the number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Choices {
    pub kind: FieldKind,
    pub values: Vec<String>,
}

/// The most letters a game's title may have: the host refuses a longer one, the wizard stops there.
pub const MAX_TITLE: usize = 80;

/// The serialized tags of `all`, in order (`adult`, `closed`, …, or an Engine's `1`).
fn tags<T: Serialize>(all: &[T]) -> Vec<String> {
    all.iter()
        .filter_map(|x| match serde_json::to_value(x).ok()? {
            serde_json::Value::String(s) => Some(s),
            serde_json::Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
        .collect()
}

fn choices() -> Vec<Choices> {
    use crate::command::{EggAttempt, ScanProcedure, Treatment, Weapon};
    use crate::content::ExplorationEffect;
    use crate::ids::{CardEffect, CombatFace, CraftedItem, Destination, DestinationLetter, Die, DoorState, EngineNumber, EngineStatus, IntruderKind, ItemDeck, NoiseFace, PlayedCard, ResearchObject, TokenKind};
    let of = |kind: FieldKind, values: Vec<String>| Choices { kind, values };
    vec![
        of(FieldKind::IntruderKind, tags(&IntruderKind::ALL)),
        of(FieldKind::DoorState, tags(&DoorState::ALL)),
        of(FieldKind::Die, tags(&Die::ALL)),
        of(FieldKind::DestinationLetter, tags(&DestinationLetter::ALL)),
        of(FieldKind::Engine, tags(&EngineNumber::ALL)),
        of(FieldKind::EngineStatus, tags(&EngineStatus::ALL)),
        of(FieldKind::ResearchObject, tags(&ResearchObject::ALL)),
        of(FieldKind::ScanProcedure, tags(&ScanProcedure::ALL)),
        of(FieldKind::Treatment, tags(&Treatment::ALL)),
        of(FieldKind::Weapon, tags(&Weapon::ALL)),
        of(FieldKind::EggAttempt, tags(&EggAttempt::ALL)),
        of(FieldKind::ItemDeck, tags(&ItemDeck::ALL)),
        of(FieldKind::CraftedItem, tags(&CraftedItem::ALL)),
        of(FieldKind::PlayedCard, tags(&PlayedCard::ALL)),
        of(FieldKind::CardEffect, tags(&CardEffect::ALL)),
        // The entered results' own (the table reads them off its dice, bag, tokens and cards).
        of(FieldKind::NoiseFace, tags(&NoiseFace::ALL)),
        of(FieldKind::CombatFace, tags(&CombatFace::ALL)),
        of(FieldKind::TokenKind, tags(&TokenKind::ALL)),
        of(FieldKind::ExplorationEffect, tags(&ExplorationEffect::ALL)),
        of(FieldKind::Destination, tags(&Destination::ALL)),
    ]
}

fn setup_bounds() -> SetupBounds {
    let modes = rules::MODES.iter().map(|m| {
        let players = rules::players_in(*m);
        ModePlayers { mode: *m, min: *players.start(), max: *players.end() }
    });
    SetupBounds { modes: modes.collect(), title: MAX_TITLE as u16 }
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
        setup: setup_bounds(),
        choices: choices(),
    });
    &CATALOGUE
}

/// One command's entry.
pub fn spec(kind: CommandType) -> &'static Spec {
    let all = &catalogue().commands;
    // ALL and the enum come from the same table, in the same order: the index is the kind.
    &all[kind as usize]
}

/// Whether `sender` may send this command (the phone server asks before it takes one).
pub fn may_send(command: &Command, sender: Sender) -> bool {
    spec(command.kind()).sent_by.contains(&sender)
}

// ------------------------------------------------------------------------------- the entries

fn field(name: &str, kind: FieldKind) -> Field {
    Field { name: name.to_string(), kind, optional: false, min: None, max: None, initial: None }
}
/// A field that may be left empty (`Field::optional`).
fn or_none(f: Field) -> Field {
    Field { optional: true, ..f }
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

/// An entry on the action panel's tab `group`: sent by the table, in every mode, asking nothing first.
fn on(group: Group) -> Spec {
    Spec { group: Some(group), ..off_panel() }
}
/// An entry no tab offers (the setup is the wizard's, an Intruder Attack card is chosen on the
/// phone or behind the curtain). Its kind is the declaration's, set by `build`.
fn off_panel() -> Spec {
    Spec { kind: CommandType::SetUp, group: None, section: None, form_first: None, phone_confirm: false, suggest: None, fields: Vec::new(), entered: Vec::new(), sent_by: vec![Sender::Table], modes: Vec::new(), confirm: false, explained: false, when: None }
}

impl Spec {
    fn fields<const N: usize>(self, fields: [Field; N]) -> Spec {
        Spec { fields: fields.into(), ..self }
    }
    fn entered<const N: usize>(self, entered: [EnteredKind; N]) -> Spec {
        Spec { entered: entered.into(), ..self }
    }
    /// A seat's phone may send it too (its own choices the rules keep secret).
    fn phone(self) -> Spec {
        self.sent_by_too(Sender::Phone)
    }
    /// A seat's phone may send it too while that seat holds the round (its Actions and Pass).
    fn round(self) -> Spec {
        self.sent_by_too(Sender::Round)
    }
    /// Senders add up: a scan's answer is a private choice and a step of the round.
    fn sent_by_too(mut self, sender: Sender) -> Spec {
        if !self.sent_by.contains(&sender) {
            self.sent_by.push(sender);
        }
        self
    }
    fn confirm(self) -> Spec {
        Spec { confirm: true, ..self }
    }
    fn explained(self) -> Spec {
        Spec { explained: true, ..self }
    }
    fn modes<const N: usize>(self, modes: [Mode; N]) -> Spec {
        Spec { modes: modes.into(), ..self }
    }
    fn when(self, when: When) -> Spec {
        Spec { when: Some(when), ..self }
    }
}

/// An entry with what its `offer:` clause says of the round's panels (`offers::offered`): its
/// section, what opens first, whether a phone asks, where it is suggested.
fn offered(spec: Spec) -> Spec {
    let Some(o) = crate::offers::offered(spec.kind) else { return spec };
    Spec { section: Some(o.section), form_first: o.form_first, phone_confirm: o.phone_confirm, suggest: o.suggested(), ..spec }
}

/// The catalogue's part of `command_table!`: each command's entry, with its kind and what its
/// `offer:` clause says of the round's panels (`offered`). Bounds come
/// from the rules' own constants (`crate::rules`), so a form never offers a number the rules
/// refuse, nor refuses one they take.
macro_rules! command_specs {
    ($(
        $(#[$doc:meta])*
        $name:ident $(($one:ident : $one_ty:ty))? $({ $($(#[$field_attr:meta])* $field:ident : $field_ty:ty),* $(,)? })?
        => { spec: $spec:expr, seat: $seat:expr, stage: $stage:expr, play: $play:expr, $(offer: $offer:expr,)? rule: $rule:expr $(,)? }
    )*) => {
        fn build(kind: CommandType) -> Spec {
            use EnteredKind as E;
            use FieldKind as F;
            use Group as G;
            match kind {
                $(CommandType::$name => offered(Spec { kind, ..$spec }),)*
            }
        }
    };
}

command_table!(command_specs);
