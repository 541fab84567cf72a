//! One running table: the single writer that owns a game and its SQLite store (`table`), the
//! writer thread that owns it (`writer`), the supervisor that gives it its phone server
//! (`supervisor`), the calls every door understands,
//! and the headless doors (`serve` for a browser, `script` for JSON lines). The Tauri window is a
//! third door in `src-tauri/`; all three speak `protocol::Call`.

pub mod assets;
pub mod cli;
pub mod debrief;
pub mod displays;
pub mod export;
pub mod fault;
pub mod first_frame;
pub mod folder;
pub mod http;
pub mod lan;
pub mod phone_calls;
pub mod phones;
pub mod projection;
pub mod protocol;
pub mod reach;
pub mod screen;
pub mod script;
pub mod serve;
pub mod store;
pub mod supervisor;
pub mod table;
pub mod text;
pub mod wal;
pub mod writer;

pub use protocol::{Call, Fault, FaultCode, HostCode, PhoneCall, PhoneReply, PhoneScreen, Reply, TableScreen};
pub use writer::Shared;
pub use table::Table;

/// The default folder for saves: the platform's data directory, or the working directory.
pub fn default_data_dir() -> std::path::PathBuf {
    dirs::data_dir().unwrap_or_else(|| std::path::PathBuf::from(".")).join("nemesis-table")
}
