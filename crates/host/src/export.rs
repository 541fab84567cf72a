//! One game as one JSON file, and reading such a file back. The file holds the whole journal,
//! secrets included (it is a save, not something to show the table); the generator's state is
//! left out and reseeded on import, so the file never carries the seed.

use crate::protocol::{Fault, HostCode};
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

/// The export of a saved game, as a file and its name. A game whose steps cannot be read is
/// exported as it is (each unreadable step kept as its stored text), so the player can keep it or
/// take it to someone who can mend it; importing it back is refused until it is sound.
pub fn of_save(store: &crate::store::Store, game: i64) -> Result<crate::protocol::Reply, Fault> {
    let (title, file) = match store.load(game) {
        Ok(stored) => {
            let file = write(&stored.title, stored.created_ms, &stored.entries);
            (stored.title, file)
        }
        Err(f) if f.code == HostCode::NoSuchGame => return Err(f),
        Err(_) => {
            let (title, created_ms, bodies) = store.load_as_is(game)?;
            let entries: Vec<serde_json::Value> =
                bodies.into_iter().map(|b| serde_json::from_str(&b).unwrap_or(serde_json::Value::String(b))).collect();
            let file = serde_json::json!({"format": FORMAT, "version": VERSION, "title": title, "created_ms": created_ms, "entries": entries});
            (title, serde_json::to_string_pretty(&file).expect("JSON values always serialize"))
        }
    };
    let stem: String = title.chars().map(|c| if c.is_alphanumeric() { c } else { '-' }).collect();
    Ok(crate::protocol::Reply::Exported { file_name: format!("nemesis-{}.json", stem.trim_matches('-')), file })
}

/// Writes `contents` as a new file named `name` in `dir`, readable by its owner only (an export
/// holds every secret of a game), and returns where it went. It never replaces a file nor
/// follows a link: when the name is taken (a link pointing nowhere included), the next free
/// "name (2).json", "name (3).json" … is used instead.
pub fn save_new(dir: &std::path::Path, name: &str, contents: &str) -> Result<std::path::PathBuf, String> {
    use std::io::Write;
    let (stem, ext) = match name.rfind('.') {
        Some(at) if at > 0 => (&name[..at], &name[at..]),
        _ => (name, ""),
    };
    for n in 1..=999 {
        let path = if n == 1 { dir.join(name) } else { dir.join(format!("{stem} ({n}){ext}")) };
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        match options.open(&path) {
            Ok(mut file) => {
                let written = file.write_all(contents.as_bytes()).and_then(|()| file.sync_all());
                if let Err(e) = written {
                    drop(file);
                    let _ = std::fs::remove_file(&path);
                    return Err(format!("The file could not be written: {e}."));
                }
                return Ok(path);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("The file could not be written: {e}.")),
        }
    }
    Err(format!("The file could not be written: {} and 998 numbered names beside it are all taken.", dir.join(name).display()))
}

fn bad(reason: impl Into<String>) -> Fault {
    Fault::new(HostCode::BadFile, reason)
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
    let state = journal(&file.entries, Trust::Outside).map_err(|why| bad(format!("That file is damaged: {why}.")))?;
    if !crate::text::sound(&file.title, crate::text::MAX_TITLE) {
        return Err(bad("That file is damaged: a name or its title is too long or holds hidden characters."));
    }
    Ok((file, state))
}

/// Where a journal comes from, and so how far it is trusted.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Trust {
    /// A file from anywhere: it must also be a game the rules could have dealt (its invariants
    /// hold, its names are sound, no card dealt twice).
    Outside,
    /// This app's own save read back: it must only be readable by every door. (A save the app
    /// wrote is not refused over a rule it was allowed to write at the time.)
    Saved,
}

/// Whether a journal read from outside memory (a file, or a save read back) is a game every door
/// can show: its steps in order, every id it names in the box and at the table, its replay,
/// every screen and log and, once over, its debrief buildable from it; from `Trust::Outside`
/// also its invariants, its names, no card dealt twice. `Err` says why in words (without a full
/// stop), for "damaged: why". Never panics: a replay that trips over a journal is damage.
pub fn journal(entries: &[Entry], trust: Trust) -> Result<State, String> {
    let first = entries.first().ok_or("it holds no steps")?;
    for (i, e) in entries.iter().enumerate() {
        if e.seq as usize != i + 1 {
            return Err(format!("step {} is out of order", i + 1));
        }
        if let EntryKind::Undo(of) | EntryKind::Correction(of) = e.kind {
            if of == 0 || of >= e.seq {
                return Err(format!("step {} refers to a later step", e.seq));
            }
        }
    }
    if !matches!(first.command, Some(nemesis_engine::Command::SetUp(_))) {
        return Err("it does not start with a setup".into());
    }
    // Every id a step names must exist in the box and at this table before anything folds it:
    // the fold, the views and the log all look ids up by position.
    let content = nemesis_engine::Content::base();
    let setup = first.events.first().ok_or("its setup is empty")?;
    let bounds = nemesis_engine::bounds::Bounds::from_setup(content, setup).map_err(|e| e.to_string())?;
    for e in entries {
        let named = match e.actor {
            nemesis_engine::Actor::Seat(seat) => bounds.seat(seat),
            nemesis_engine::Actor::Table => Ok(()),
        };
        named
            .and_then(|_| e.events.iter().skip(usize::from(e.seq == 1)).try_for_each(|ev| bounds.check(ev)))
            .map_err(|why| format!("step {} names {why}", e.seq))?;
    }
    if trust == Trust::Outside {
        // A file's events are not trusted to be what the rules made: its commands are replayed
        // through them (the engine's `replay_commands`), never panicking either.
        let all = entries.to_vec();
        match std::panic::catch_unwind(move || nemesis_engine::game::replay_commands(&all)) {
            Ok(Ok(())) => {}
            Ok(Err(why)) => return Err(why),
            Err(_) => return Err("its steps do not make a sound game".into()),
        }
    }
    // The ids are sound, but a hand-edited journal may still describe an impossible game; a
    // replay that trips over one must never bring the app down, so it counts as damaged too.
    let all = entries.to_vec();
    let replayed = std::panic::catch_unwind(move || {
        let state = State::replay(nemesis_engine::game::effective_events(&all))?;
        if trust == Trust::Outside {
            state.check_invariants().ok()?;
        }
        // Everything a door will build from it must build too: the log (which also folds the
        // undone steps), the public view, every seat's view and, once over, the debrief.
        let _ = nemesis_engine::log::log(&all, nemesis_engine::Audience::Table);
        let _ = state.public_view();
        for seat in state.seats.seats() {
            let _ = state.seat_view(seat);
            let _ = nemesis_engine::log::log(&all, nemesis_engine::Audience::Seat(seat));
        }
        if state.is_over() {
            let _ = nemesis_engine::debrief::debrief(&all);
            let _ = nemesis_engine::debrief::replay(&all);
        }
        Some(state)
    });
    let Ok(Some(state)) = replayed else {
        return Err("its steps do not make a sound game".into());
    };
    if trust == Trust::Saved {
        return Ok(state);
    }
    // What the replay does not judge: text a screen would show wrongly, and cards the engine
    // deals once each appearing twice (a hand-edited deal). Both at the deal and at the end.
    if !state.seats.iter().all(|(_, s)| crate::text::sound(&s.name, crate::text::MAX_NAME)) {
        return Err("a name or its title is too long or holds hidden characters".into());
    }
    let dealt = State::replay(nemesis_engine::game::effective_events(&entries[..1]));
    if [Some(&state), dealt.as_ref()].into_iter().flatten().any(|s| dealt_twice(s).is_some()) {
        return Err("it deals one card twice".into());
    }
    Ok(state)
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
