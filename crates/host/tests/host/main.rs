//! The host's tests in one test crate, so the suite links one binary instead of one per file:
//! the generated bindings, crash safety, the phone server, the shared displays and their privacy on the wire, the refusal
//! catalogue, the script and serve doors, the single writer (`table`) and the host's layout.
//!
//! Two tests stay binaries of their own, because each watches its whole process: `tests/fuzz.rs`
//! and `tests/load.rs` install a panic hook that counts every panic in the process (a test here
//! failing, or a guard catching a panic on purpose, would count as theirs), and `load.rs` also
//! compares the process's open files before and after its crowd of connections. `tests/flood.rs`
//! lowers and raises the process's open-file limit, which every other test would feel.

#[path = "../common/mod.rs"]
mod common;

mod bindings;
mod bounds;
mod crash;
mod damaged;
mod debrief;
mod displays;
mod folder;
mod imports;
mod layout;
mod phone_rounds;
mod phones;
mod phones_privacy;
mod refusal_catalogue;
mod save_file;
mod screens;
mod script;
mod serve;
mod table;
