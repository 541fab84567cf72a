//! Why a call was refused, on the wire: the engine's refusal `Code` as it is, or the host's own
//! `HostCode` (storage, pairing, a door's limits), with a reason in words and its catalogue key.

use nemesis_engine::log::LogParam;
use nemesis_engine::{Code, Component, Rejection};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

/// Why a call was refused: a code for programs and a reason for people. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Fault {
    pub code: FaultCode,
    pub reason: String,
    /// With `result_needed`: the physical component whose result the table must enter.
    pub needs: Option<Component>,
    /// The reason's catalogue key (`refusal.<key>`, made by `nemesis_engine::rejection::key_of`
    /// from the English template) and its values: each screen shows the reason in its own
    /// language, and falls back to `reason` for a key its catalogue lacks.
    pub key: String,
    pub params: BTreeMap<String, LogParam>,
}

/// A refusal's code on the wire: the engine's `Code` as it is, or the host's own. Both are
/// snake-case names, so the wire carries one plain string either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum FaultCode {
    /// The rules refused the command (`nemesis_engine::rejection`).
    Rule(Code),
    /// The host refused the call: storage, pairing, a door's limits.
    Host(HostCode),
}

/// The host's own refusals, mapped to a status at each HTTP door.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum HostCode {
    /// No game is open.
    NoGame,
    /// No saved game has that number.
    NoSuchGame,
    /// An import file that is not a readable game.
    BadFile,
    /// A call the host could not read.
    BadCall,
    /// The save could not be written; the command was not accepted.
    Storage,
    /// The phone server is off, or a phone call came for a game that is no longer open.
    PhonesOff,
    /// A phone without a valid seat token (missing, wrong, or freed by the table).
    BadToken,
    /// A pairing or reveal code that is unknown, already used or too old.
    CodeExpired,
    /// Too many bad codes or tokens from one address: it must wait.
    LockedOut,
    /// The table refused the phone, or it did not answer in time.
    NotConfirmed,
    /// The call was made from a screen that is no longer current: the game took a step since.
    MovedOn,
    /// A phone's Action or Pass while its seat does not hold the round.
    NotYourRound,
    /// A shared display's token on a call other than its own: a display sends nothing but
    /// its language.
    DisplayOnly,
}

impl From<Code> for FaultCode {
    fn from(code: Code) -> FaultCode {
        FaultCode::Rule(code)
    }
}

impl From<HostCode> for FaultCode {
    fn from(code: HostCode) -> FaultCode {
        FaultCode::Host(code)
    }
}

impl PartialEq<Code> for FaultCode {
    fn eq(&self, other: &Code) -> bool {
        *self == FaultCode::Rule(*other)
    }
}

impl PartialEq<HostCode> for FaultCode {
    fn eq(&self, other: &HostCode) -> bool {
        *self == FaultCode::Host(*other)
    }
}

impl Fault {
    pub fn new(code: impl Into<FaultCode>, reason: impl Into<String>) -> Fault {
        let reason = reason.into();
        Fault { code: code.into(), key: nemesis_engine::rejection::key_of(&reason), reason, needs: None, params: BTreeMap::new() }
    }

    /// A fault whose reason names values, as `Rejection::with`: `{name}` in the template is
    /// filled from `params`, and each screen shows it in its own language from the catalogue.
    pub fn with(code: impl Into<FaultCode>, template: &str, params: Vec<(&str, LogParam)>) -> Fault {
        let params: BTreeMap<String, LogParam> = params.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        Fault { code: code.into(), key: nemesis_engine::rejection::key_of(template), reason: nemesis_engine::log::render(template, &params), needs: None, params }
    }
}

impl From<Rejection> for Fault {
    fn from(r: Rejection) -> Fault {
        Fault { code: FaultCode::Rule(r.code), reason: r.reason, needs: r.needs, key: r.key, params: r.params }
    }
}

