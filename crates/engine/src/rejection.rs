//! A refused command: a stable code for programs and a reason a player understands.
//! A rejection always leaves the game exactly as it was.

use crate::words::LogParam;
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
    /// The reason's catalogue key (`refusal.<key>`), written beside its English template where
    /// the refusal is made, and the values to fill it with: each screen shows the reason in its own language.
    #[serde(default)]
    pub key: String,
    #[serde(default)]
    pub params: BTreeMap<String, LogParam>,
}

impl Rejection {
    /// A refusal whose reason is fixed text: `key` is its catalogue key (`refusal.<key>`), written
    /// at the call site so that rewording the English never re-keys the other catalogues.
    pub fn new(code: Code, key: &str, reason: impl Into<String>) -> Rejection {
        Rejection { code, key: key.to_string(), reason: reason.into(), needs: None, params: BTreeMap::new() }
    }

    /// A refusal whose reason names values: `{name}` in the template is filled from `params`.
    pub fn with(code: Code, key: &str, template: &str, params: Vec<(&str, LogParam)>) -> Rejection {
        let params: BTreeMap<String, LogParam> = params.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        Rejection { code, key: key.to_string(), reason: crate::words::render(template, &params), needs: None, params }
    }
}

/// The key a new reason is given: its English template's first eight words, lower case, joined
/// by `_` ("No game is set up yet: start with the setup." is `no_game_is_set_up_yet_start_with`).
/// Only for choosing a key once: keys are then written at each call site and never recomputed,
/// so a reworded template keeps its key and its translations (the catalogue test checks both).
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

/// Shorthand used throughout the rules: `refuse(Code::Empty, "the_bag_is_empty", "The bag is
/// empty.")?`. Key and reason are literals, so the catalogue check can find them; a reason with
/// values goes through `refuse_with`.
pub fn refuse<T>(code: Code, key: &'static str, reason: &'static str) -> Outcome<T> {
    Err(Rejection::new(code, key, reason))
}

/// A refusal whose reason names values: the template's `{pod}` filled from
/// `vec![("pod", LogParam::number(2))]`.
pub fn refuse_with<T>(code: Code, key: &'static str, template: &'static str, params: Vec<(&str, LogParam)>) -> Outcome<T> {
    Err(Rejection::with(code, key, template, params))
}
