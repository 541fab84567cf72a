//! The host's tests in one test crate, so the suite links one binary instead of one per file:
//! the generated bindings, crash safety, the phone server, the shared displays and their privacy on the wire, the refusal
//! catalogue, the script and serve doors, the single writer (`table`) and the host's layout.
//!
//! The tests that watch their whole process (the fuzzer, the load test, the flood) share another
//! binary, `tests/process/`, which runs them one at a time: see its `main.rs` for why.

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
