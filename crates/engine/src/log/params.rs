//! The values a log line carries: numbers, players, catalogue terms, cards, lists, Engine
//! statuses and a corridor's ends and printed numbers, each as the `LogParam` every screen renders.

use super::Params;
use crate::content::Content;
use crate::ids::*;
use crate::state::State;
use crate::words::{LogParam, RoomForm};
use serde::Serialize;

pub(super) fn num(n: impl Into<i32>) -> LogParam {
    LogParam::Number { value: n.into() }
}

pub(super) fn player(s: &State, seat: Seat) -> LogParam {
    LogParam::Text { value: s.seats.get(seat).map(|x| x.name.clone()).unwrap_or_else(|| format!("Seat {}", u16::from(seat.0) + 1)) }
}

pub(super) fn term(key: String, en: impl Into<String>) -> LogParam {
    LogParam::Term { key, en: en.into() }
}

/// A unit enum value as a term of `group`: its serialized name is the catalogue key.
pub(super) fn named<T: Serialize + std::fmt::Debug>(group: &str, x: &T) -> LogParam {
    LogParam::of(group, x, words(x))
}

pub(super) fn card(kind: &str, key: &str, name: &str) -> LogParam {
    term(format!("card.{kind}.{key}"), name)
}

pub(super) fn list(items: impl IntoIterator<Item = LogParam>) -> LogParam {
    LogParam::List { items: items.into_iter().collect() }
}

pub(super) fn engine_status(s: EngineStatus) -> LogParam {
    term(format!("engine_status.{}", if s == EngineStatus::Working { "working" } else { "damaged" }), status(s))
}

pub(super) fn corridor_ends(c: &Content, id: CorridorId) -> Params {
    match c.board.corridors.get(id.0 as usize) {
        Some(c) => vec![("a", LogParam::room_as(c.ends.0 .0, RoomForm::Standalone)), ("b", LogParam::room_as(c.ends.1 .0, RoomForm::Standalone))],
        None => vec![("a", LogParam::room_as(0, RoomForm::Standalone)), ("b", LogParam::room_as(0, RoomForm::Standalone))],
    }
}

/// The numbers printed on a corridor (two where two faces of the Noise die reach it), as a list.
pub(super) fn corridor_numbers(c: &Content, id: CorridorId) -> LogParam {
    list(c.board.corridors.get(id.0 as usize).map(|x| x.numbers.iter().map(|n| num(*n)).collect::<Vec<_>>()).unwrap_or_default())
}

fn status(s: EngineStatus) -> &'static str {
    match s {
        EngineStatus::Working => "Working",
        EngineStatus::Damaged => "Damaged",
    }
}

/// A variant's name in words: `SeriousWound` → "Serious Wound", `TimeTrack` → "Time Track".
pub(super) fn words(x: &impl std::fmt::Debug) -> String {
    let raw = format!("{x:?}");
    let mut out = String::new();
    for (i, ch) in raw.chars().enumerate() {
        if ch.is_uppercase() && i > 0 {
            out.push(' ');
        }
        out.push(ch);
    }
    out
}
