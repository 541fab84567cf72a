//! The engine's tests that are not about one rule: the content data, the generator, the helpers'
//! hints, results entered for components the app holds, the journal, the log catalogue, privacy and properties over random games, and a smoke
//! test. One test crate beside `tests/rules/`, so the suite links two binaries, not sixteen.

#[path = "../common/mod.rs"]
mod common;

mod catalogue;
mod content;
mod cues;
mod debrief;
mod entered;
mod fate;
mod hints;
mod journal;
mod layout;
mod log_catalogue;
mod offers;
mod offers_declared;
mod privacy;
mod properties;
mod smoke;
mod view_shapes;
