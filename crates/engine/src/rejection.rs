//! A refused command: a stable code for programs and a reason a player understands.
//! A rejection always leaves the game exactly as it was.

use serde::{Deserialize, Serialize};

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
}

impl Rejection {
    pub fn new(code: Code, reason: impl Into<String>) -> Rejection {
        Rejection { code, reason: reason.into(), needs: None }
    }
}

impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.reason)
    }
}

impl std::error::Error for Rejection {}

pub type Outcome<T> = Result<T, Rejection>;

/// Shorthand used throughout the rules: `refuse(Code::Empty, "...")?`.
pub fn refuse<T>(code: Code, reason: impl Into<String>) -> Outcome<T> {
    Err(Rejection::new(code, reason))
}
