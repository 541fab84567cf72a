//! The rule tests, one module per file of the engine's `rules/` (a rule changed in
//! `src/rules/combat.rs` is tested in `combat.rs` here), each test named after the rule it checks
//! with the manual's page. One test crate, so the suite links one binary instead of one per file.

#[path = "../common/mod.rs"]
mod common;

mod attack_cards;
mod audit;
mod combat;
mod contamination;
mod encounter;
mod event_cards;
mod event_phase;
mod fire;
mod intruders;
mod modes;
mod moments;
mod movement;
mod player_phase;
mod rooms;
mod room_sheet;
mod card_actions;
mod review;
mod setup;
mod systems;
mod turns;
mod victory;
mod wounds;
