//! The pure game core of the Nemesis table companion: content as data, state, commands, events,
//! rules, randomness and the views that are the only way facts leave it.
//! No I/O, no async, no clock, no Tauri: every door (window, browser, phone, script) drives this.

/// An error that is its words: for faults found in data (a content pack, a state's bookkeeping)
/// that only a developer reads. Displays as its words, and reads as them (`Deref<Target = str>`)
/// so a check can look for what it names.
macro_rules! in_words {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $name(pub String);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl std::error::Error for $name {}

        impl std::ops::Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }
    };
}

pub mod bounds;
pub mod catalogue;
pub mod command;
pub mod content;
pub mod cues;
pub mod debrief;
pub mod event;
pub mod fate;
pub mod fold;
pub mod game;
pub mod hints;
pub mod ids;
pub mod log;
pub mod moments;
pub mod offers;
pub mod rejection;
pub mod rules;
pub mod state;
pub mod view;
pub mod words;

pub use catalogue::{CommandType, EnteredKind};
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
