//! A refused command: a stable code for programs and a reason a player understands.
//! A rejection always leaves the game exactly as it was.

use crate::log::LogParam;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Code {
    /// The command does not fit the current phase or step.
    WrongPhase,
    /// A seat tried to act for another seat, or the table for a secret only a seat may make.
    NotYourSeat,
    /// The seat, location, intruder, card or pod named does not exist.
    NoSuchThing,
    /// The rules forbid it right now.
    NotAllowed,
    /// A physical component's result must be entered, and was not.
    ResultNeeded,
    /// An entered result is impossible (not in the bag, not in the deck, unused).
    BadResult,
    /// A pool, deck or bag is empty.
    Empty,
    /// Setup options are invalid.
    BadSetup,
    /// Undo refused: it would step back across chance or a private reveal, or there is nothing to undo.
    CannotUndo,
    /// Correction refused: nothing random to correct, or it does not match.
    CannotCorrect,
    /// The game is over.
    GameOver,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Rejection {
    pub code: Code,
    pub reason: String,
    /// With `ResultNeeded`: the physical component whose result the table must enter.
    #[serde(default)]
    pub needs: Option<crate::state::Component>,
    /// The reason's catalogue key (`refusal.<key>`), made from its English template by `key_of`,
    /// and the values to fill it with: each screen shows the reason in its own language.
    #[serde(default)]
    pub key: String,
    #[serde(default)]
    pub params: BTreeMap<String, LogParam>,
}

impl Rejection {
    /// A refusal whose reason is fixed text (its own template).
    pub fn new(code: Code, reason: impl Into<String>) -> Rejection {
        let reason = reason.into();
        Rejection { code, key: key_of(&reason), reason, needs: None, params: BTreeMap::new() }
    }

    /// A refusal whose reason names values: `{name}` in the template is filled from `params`.
    pub fn with(code: Code, template: &str, params: Vec<(&str, LogParam)>) -> Rejection {
        let params: BTreeMap<String, LogParam> = params.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        Rejection { code, key: key_of(template), reason: crate::log::render(template, &params), needs: None, params }
    }
}

/// The catalogue key of a reason's English template: its first eight words, lower case, joined
/// by `_` (so "No game is set up yet: start with the setup." is `no_game_is_set_up_yet_start_with`).
/// Changing a template's words changes its key, which sends it back to the translators.
pub fn key_of(template: &str) -> String {
    template
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(8)
        .map(str::to_ascii_lowercase)
        .collect::<Vec<_>>()
        .join("_")
}

impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.reason)
    }
}

impl std::error::Error for Rejection {}

pub type Outcome<T> = Result<T, Rejection>;

/// Shorthand used throughout the rules: `refuse(Code::Empty, "...")?`. The reason is a literal,
/// so the catalogue check can find it; a reason with values goes through `refuse_with`.
pub fn refuse<T>(code: Code, reason: &'static str) -> Outcome<T> {
    Err(Rejection::new(code, reason))
}

/// A refusal whose reason names values: the template's `{pod}` filled from
/// `vec![("pod", LogParam::number(2))]`.
pub fn refuse_with<T>(code: Code, template: &'static str, params: Vec<(&str, LogParam)>) -> Outcome<T> {
    Err(Rejection::with(code, template, params))
}
