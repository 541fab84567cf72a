//! The pure game core of the Nemesis table companion: content as data, state, commands, events,
//! rules, randomness and the views that are the only way facts leave it.
//! No I/O, no async, no clock, no Tauri: every door (window, browser, phone, script) drives this.

pub mod bounds;
pub mod command;
pub mod content;
pub mod event;
pub mod fate;
pub mod fold;
pub mod game;
pub mod hints;
pub mod ids;
pub mod log;
pub mod moments;
pub mod rejection;
pub mod rules;
pub mod state;
pub mod view;
pub mod words;

pub use command::{Command, Entered, ScanProcedure, SetupOptions};
pub use content::{Content, Pack};
pub use event::Event;
pub use fate::{Fate, FateSnapshot};
pub use game::{Entry, EntryKind, Game, Request};
pub use hints::Hint;
pub use ids::*;
pub use log::{Audience, LogLine};
pub use moments::Moment;
pub use rejection::{Code, Rejection};
pub use rules::{apply, Applied};
pub use state::{Component, Mode, State};
pub use view::{PublicView, SeatView};
