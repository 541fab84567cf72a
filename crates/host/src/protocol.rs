//! The calls every door accepts and the replies and screens it sends back. Declared once here;
//! the TypeScript types in `ui/src/bindings/` are generated from these (see `tests/bindings.rs`).

use nemesis_engine::{Code, Component, LogLine, Mode, PublicView, Rejection, Request, Seat, SeatView};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What the table screen (or a script) asks of the host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case", tag = "call")]
pub enum Call {
    /// The current screen, as a push would carry it.
    Screen,
    /// Saved games, newest first.
    Saves,
    /// Starts a new game with this setup, saves it and opens it.
    NewGame { setup: nemesis_engine::SetupOptions, #[serde(default)] title: Option<String> },
    /// Opens a saved game (closing the one open).
    Open {
        #[ts(type = "number")]
        game: i64,
    },
    /// Closes the open game; it stays saved.
    Close,
    /// Deletes a saved game for good.
    Delete {
        #[ts(type = "number")]
        game: i64,
    },
    /// A game as one JSON file.
    Export {
        #[ts(type = "number")]
        game: i64,
    },
    /// Reads an exported file back as a new saved game (a bad file changes nothing).
    Import { file: String },
    /// The open game's whole log for the table.
    Log,
    /// Acts on the open game: a command, an undo, or a correction.
    Act { request: Request },
    /// One seat's private hand, for the "pass the device" curtain on the table screen: the
    /// table shows it only while that player holds the device.
    Private { seat: Seat },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case", tag = "reply")]
pub enum Reply {
    /// The call was accepted; this is the screen after it.
    Screen { screen: TableScreen },
    Saves { saves: Vec<SaveSummary> },
    Exported { file_name: String, file: String },
    Imported {
        #[ts(type = "number")]
        game: i64,
    },
    Log { lines: Vec<LogLine> },
    /// A seat's own view and its private log lines (only for `Call::Private`).
    Private { view: SeatView, log: Vec<LogLine> },
    Refused { fault: Fault },
}

/// Why a call was refused: a code for programs and a reason for people. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Fault {
    pub code: FaultCode,
    pub reason: String,
    /// With `result_needed`: the physical component whose result the table must enter.
    pub needs: Option<Component>,
}

/// The engine's refusal codes, and the host's own after them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum FaultCode {
    WrongPhase,
    NotYourSeat,
    NoSuchThing,
    NotAllowed,
    ResultNeeded,
    BadResult,
    Empty,
    BadSetup,
    CannotUndo,
    CannotCorrect,
    GameOver,
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
}

impl Fault {
    pub fn new(code: FaultCode, reason: impl Into<String>) -> Fault {
        Fault { code, reason: reason.into(), needs: None }
    }
}

impl From<Rejection> for Fault {
    fn from(r: Rejection) -> Fault {
        let code = match r.code {
            Code::WrongPhase => FaultCode::WrongPhase,
            Code::NotYourSeat => FaultCode::NotYourSeat,
            Code::NoSuchThing => FaultCode::NoSuchThing,
            Code::NotAllowed => FaultCode::NotAllowed,
            Code::ResultNeeded => FaultCode::ResultNeeded,
            Code::BadResult => FaultCode::BadResult,
            Code::Empty => FaultCode::Empty,
            Code::BadSetup => FaultCode::BadSetup,
            Code::CannotUndo => FaultCode::CannotUndo,
            Code::CannotCorrect => FaultCode::CannotCorrect,
            Code::GameOver => FaultCode::GameOver,
        };
        Fault { code, reason: r.reason, needs: r.needs }
    }
}

/// Everything the shared table screen shows. Pushed after every accepted call.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct TableScreen {
    /// Grows with every change the host makes; a door keeps the highest it has seen.
    #[ts(type = "number")]
    pub revision: u64,
    pub game: Option<OpenGame>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct OpenGame {
    #[ts(type = "number")]
    pub id: i64,
    pub title: String,
    pub view: PublicView,
    /// The newest lines of the table's log (the whole log through `Call::Log`).
    pub log: Vec<LogLine>,
    pub log_total: u32,
    /// The last step still in force, for the outcome panel and undo / correct.
    pub last: Option<LastStep>,
    pub can_undo: bool,
    pub can_correct: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct LastStep {
    pub seq: u32,
    /// The command's `type` tag, e.g. `develop_bag`; `None` for an undo.
    pub command: Option<String>,
    /// What the table may read of its outcome.
    pub lines: Vec<LogLine>,
    /// Whether a private result of it went to a seat's own hand.
    pub private: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct SaveSummary {
    #[ts(type = "number")]
    pub id: i64,
    pub title: String,
    pub players: u8,
    pub mode: Mode,
    pub turn: u16,
    pub finished: bool,
    /// Milliseconds since 1970 (UTC).
    #[ts(type = "number")]
    pub created_ms: i64,
    #[ts(type = "number")]
    pub updated_ms: i64,
    pub steps: u32,
}
