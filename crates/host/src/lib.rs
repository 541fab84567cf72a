//! One running table: the single writer that owns a game and its SQLite store, the calls every
//! door understands, and the headless doors (`serve` for a browser, `script` for JSON lines).
//! The Tauri window is a third door in `src-tauri/`; all three speak `protocol::Call`.

pub mod assets;
pub mod cli;
pub mod debrief;
pub mod export;
pub mod folder;
pub mod http;
pub mod lan;
pub mod phones;
pub mod projection;
pub mod protocol;
pub mod script;
pub mod serve;
pub mod store;
pub mod table;
pub mod text;
pub mod wal;

pub use protocol::{Call, Fault, FaultCode, PhoneCall, PhoneReply, PhoneScreen, Reply, TableScreen};
pub use table::{Shared, Table};

/// The default folder for saves: the platform's data directory, or the working directory.
pub fn default_data_dir() -> std::path::PathBuf {
    dirs::data_dir().unwrap_or_else(|| std::path::PathBuf::from(".")).join("nemesis-table")
}
