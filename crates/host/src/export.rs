//! One game as one JSON file, and reading such a file back. The file holds the whole journal,
//! secrets included (it is a save, not something to show the table); the generator's state is
//! left out and reseeded on import, so the file never carries the seed.

use crate::protocol::{Fault, FaultCode};
use nemesis_engine::{Entry, EntryKind, State};
use serde::{Deserialize, Serialize};

pub const FORMAT: &str = "nemesis-table-game";
pub const VERSION: u32 = 1;
/// Larger files are refused before parsing (a long game is well under 5 MB).
pub const MAX_FILE_BYTES: usize = 32 * 1024 * 1024;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportFile {
    pub format: String,
    pub version: u32,
    pub title: String,
    pub created_ms: i64,
    pub entries: Vec<Entry>,
}

pub fn write(title: &str, created_ms: i64, entries: &[Entry]) -> String {
    let file = ExportFile { format: FORMAT.into(), version: VERSION, title: title.into(), created_ms, entries: entries.to_vec() };
    serde_json::to_string_pretty(&file).expect("a journal always serializes")
}

fn bad(reason: impl Into<String>) -> Fault {
    Fault::new(FaultCode::BadFile, reason)
}

/// Reads and checks an exported file: the format, the order of its steps, and that replaying it
/// gives a sound game. Nothing is stored unless all of it holds.
pub fn read(text: &str) -> Result<(ExportFile, State), Fault> {
    if text.len() > MAX_FILE_BYTES {
        return Err(bad("That file is too large to be a saved game."));
    }
    let probe: serde_json::Value = serde_json::from_str(text).map_err(|e| bad(format!("That file is not JSON ({e}).")))?;
    if probe.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(bad("That file is not a game exported by this app."));
    }
    match probe.get("version").and_then(|v| v.as_u64()) {
        Some(v) if v == VERSION as u64 => {}
        Some(v) if v > VERSION as u64 => return Err(bad("That file comes from a newer version of the app.")),
        _ => return Err(bad("That file has no version this app can read.")),
    }
    let file: ExportFile = serde_json::from_value(probe).map_err(|e| bad(format!("That file is damaged ({e}).")))?;
    if file.entries.is_empty() {
        return Err(bad("That file holds no game."));
    }
    for (i, e) in file.entries.iter().enumerate() {
        if e.seq as usize != i + 1 {
            return Err(bad(format!("That file is damaged: step {} is out of order.", i + 1)));
        }
        if let EntryKind::Undo(of) | EntryKind::Correction(of) = e.kind {
            if of == 0 || of >= e.seq {
                return Err(bad(format!("That file is damaged: step {} refers to a later step.", e.seq)));
            }
        }
    }
    if !matches!(file.entries[0].command, Some(nemesis_engine::Command::SetUp(_))) {
        return Err(bad("That file is damaged: it does not start with a setup."));
    }
    // Every id a step names must exist in the box and at this table before anything folds it:
    // the fold, the views and the log all look ids up by position.
    let content = nemesis_engine::Content::base();
    let first = file.entries[0].events.first().ok_or_else(|| bad("That file is damaged: its setup is empty."))?;
    let bounds = nemesis_engine::bounds::Bounds::from_setup(content, first)
        .map_err(|e| bad(format!("That file is damaged: {e}.")))?;
    for e in &file.entries {
        let named = match e.actor {
            nemesis_engine::Actor::Seat(seat) => bounds.seat(seat),
            nemesis_engine::Actor::Table => Ok(()),
        };
        named
            .and_then(|_| e.events.iter().skip(usize::from(e.seq == 1)).try_for_each(|ev| bounds.check(ev)))
            .map_err(|why| bad(format!("That file is damaged: step {} names {why}.", e.seq)))?;
    }
    // The ids are sound, but a hand-edited file may still describe an impossible game; a
    // replay that trips over one must never bring the app down, so it counts as damaged too.
    let entries = file.entries.clone();
    let replayed = std::panic::catch_unwind(move || {
        let state = State::replay(nemesis_engine::game::effective_events(&entries))?;
        state.check_invariants().ok()?;
        // Everything a door will build from it must build too: the log (which also folds the
        // undone steps), the public view and every seat's view.
        let _ = nemesis_engine::log::log(&entries, nemesis_engine::Audience::Table);
        let _ = state.public_view();
        for seat in state.seats.seats() {
            let _ = state.seat_view(seat);
            let _ = nemesis_engine::log::log(&entries, nemesis_engine::Audience::Seat(seat));
        }
        Some(state)
    });
    let state = match replayed {
        Ok(Some(state)) => state,
        _ => return Err(bad("That file is damaged: its steps do not make a sound game.")),
    };
    // What the replay does not judge: text a screen would show wrongly, and cards the engine
    // deals once each appearing twice (a hand-edited deal). Both at the deal and at the end.
    let names_sound = state.seats.iter().all(|(_, s)| crate::text::sound(&s.name, crate::text::MAX_NAME));
    if !crate::text::sound(&file.title, crate::text::MAX_TITLE) || !names_sound {
        return Err(bad("That file is damaged: a name or its title is too long or holds hidden characters."));
    }
    let dealt = State::replay(nemesis_engine::game::effective_events(&file.entries[..1]));
    if [Some(&state), dealt.as_ref()].into_iter().flatten().any(|s| dealt_twice(s).is_some()) {
        return Err(bad("That file is damaged: it deals one card twice."));
    }
    Ok((file, state))
}

/// A card found in two places at once: an objective in two hands, one character at two seats,
/// a Contamination card in two decks, a card twice in one of the shared decks, or more copies of
/// a Serious Wound than the box holds. Says which (for tests and debugging; the player is told
/// only that a card is dealt twice).
fn dealt_twice(state: &State) -> Option<String> {
    fn twice<T: Ord + Copy + std::fmt::Debug>(what: &str, cards: impl IntoIterator<Item = T>) -> Option<String> {
        let mut all: Vec<T> = cards.into_iter().collect();
        all.sort();
        all.windows(2).find(|w| w[0] == w[1]).map(|w| format!("{what} {:?}", w[0]))
    }
    let seats = || state.seats.iter().map(|(_, s)| s);
    fn deck<C: Copy>(d: &nemesis_engine::state::Deck<C>) -> Vec<C> {
        d.draw.iter().chain(&d.discard).chain(&d.removed).copied().collect()
    }
    twice("objective", seats().flat_map(|s| s.objectives.iter().map(|o| o.0)))
        .or_else(|| twice("character", seats().filter_map(|s| s.character.map(|c| c.0))))
        .or_else(|| twice("contamination card", seats().flat_map(|s| s.contamination.iter().copied()).chain(deck(&state.contamination))))
        .or_else(|| twice("event card", deck(&state.events)))
        .or_else(|| twice("attack card", deck(&state.attacks)))
        .or_else(|| {
            // Serious Wound cards come in copies: no more of one than the box holds.
            let mut left = nemesis_engine::Content::base().wound_cards();
            deck(&state.wounds).into_iter().find_map(|card| match left.iter().position(|c| *c == card) {
                Some(at) => {
                    left.swap_remove(at);
                    None
                }
                None => Some(format!("serious wound card {card:?}")),
            })
        })
}
