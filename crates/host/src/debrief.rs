//! After the game, at the host: the debrief and the replay as replies to each door, a seat's own
//! part for its phone, the result shown in the saves list, and the play record (JSON and CSV)
//! a group keeps for its play logger. The story itself is the engine's (`nemesis_engine::debrief`).

use crate::protocol::{Fault, HostCode, PhoneReply, Reply, SaveSummary};
use crate::store::Store;
use nemesis_engine::debrief::{debrief, replay, Debrief};
use nemesis_engine::state::Life;
use nemesis_engine::{Entry, LogLine, Seat};
use serde::Serialize;
use std::collections::HashMap;

pub const RECORD_FORMAT: &str = "nemesis-table-play";
pub const RECORD_VERSION: u32 = 1;

/// The save's first and last moments: the game's start, and its last step (the verdict).
fn times(store: &Store, game: i64) -> Result<(i64, i64), Fault> {
    let save = store.list()?.into_iter().find(|s| s.id == game).ok_or_else(|| Fault::new(HostCode::NoSuchGame, "No saved game has that number."))?;
    Ok((save.created_ms, save.updated_ms))
}

pub fn debrief_reply(store: &Store, game: i64, title: &str, entries: &[Entry]) -> Result<Reply, Fault> {
    let debrief = debrief(entries)?;
    let (started_ms, ended_ms) = times(store, game)?;
    Ok(Reply::Debrief { title: title.to_string(), debrief, started_ms, ended_ms })
}

pub fn replay_reply(entries: &[Entry], log: &[LogLine]) -> Result<Reply, Fault> {
    let frames = replay(entries)?;
    Ok(Reply::Replay { frames, log: log.to_vec() })
}

/// A phone's part: its own verdict and the secrets it held, never another seat's.
pub fn seat_reply(title: &str, entries: &[Entry], seat: Seat) -> Result<PhoneReply, Fault> {
    let part = debrief(entries)?.for_seat(seat).ok_or_else(|| Fault::new(nemesis_engine::Code::NoSuchThing, "No player sits there."))?;
    Ok(PhoneReply::Debrief { title: title.to_string(), debrief: part })
}

fn winners(d: &Debrief) -> Vec<String> {
    d.verdicts.iter().filter(|v| v.won).map(|v| v.name.clone()).collect()
}

/// What reading a save back found: the winners of a finished game (`None` while it is not
/// finished), or why it cannot be read.
#[derive(Clone, Debug, PartialEq)]
pub enum Health {
    Sound(Option<Vec<String>>),
    Damaged(String),
}

/// Each game's health, by game, length and last write. A game's journal only changes through a
/// write, which changes the key, so each game is read back once per run of the app instead of
/// on every list.
pub type Results = HashMap<(i64, u32, i64), Health>;

/// Reads one stored game back as every door would (`export::journal`), never panicking.
pub fn health(store: &Store, game: i64) -> Health {
    let stored = match store.load(game) {
        Ok(g) => g,
        Err(f) => return Health::Damaged(f.reason),
    };
    match crate::export::journal(&stored.entries, crate::export::Trust::Saved) {
        Err(why) => Health::Damaged(format!("This game cannot be read back: {why}.")),
        Ok(state) if state.is_over() => Health::Sound(debrief(&stored.entries).ok().map(|d| winners(&d))),
        Ok(_) => Health::Sound(None),
    }
}

/// Refuses to open a stored game that cannot be read back (its health is worked out now unless
/// the saves list already did for this very journal): a clean refusal, never a panic later.
pub fn readable(store: &Store, known: &mut Results, stored: &crate::store::StoredGame) -> Result<(), Fault> {
    let key = (stored.id, stored.entries.len() as u32, stored.updated_ms);
    // A row whose own numbers are out of range is damaged however sound its steps.
    if store.list()?.iter().any(|s| s.id == stored.id && s.damaged.is_some()) {
        return Err(Fault::new(HostCode::Storage, "That saved game could not be replayed."));
    }
    if !matches!(known.get(&key), Some(Health::Sound(_))) {
        if let Err(why) = crate::export::journal(&stored.entries, crate::export::Trust::Saved) {
            known.insert(key, Health::Damaged(format!("This game cannot be read back: {why}.")));
            return Err(Fault::new(HostCode::Storage, "That saved game could not be replayed."));
        }
    }
    Ok(())
}

/// The saves list with each finished game's winners, and each game that cannot be read marked
/// damaged with why: one bad game never hides the others.
pub fn with_results(store: &Store, known: &mut Results, mut saves: Vec<SaveSummary>) -> Vec<SaveSummary> {
    let key = |s: &SaveSummary| (s.id, s.steps, s.updated_ms);
    for s in saves.iter_mut().filter(|s| s.damaged.is_none()) {
        let h = known.entry(key(s)).or_insert_with(|| health(store, s.id)).clone();
        match h {
            Health::Sound(w) => s.winners = w,
            Health::Damaged(why) => s.damaged = Some(why),
        }
    }
    // Only what the list still holds: a deleted or changed game's old result goes.
    let listed: std::collections::HashSet<_> = saves.iter().map(key).collect();
    known.retain(|k, _| listed.contains(k));
    saves
}

#[derive(Serialize)]
struct RecordPlayer {
    name: String,
    character: Option<String>,
    won: bool,
    /// `escaped`, `hibernating` or `dead`.
    fate: &'static str,
}

#[derive(Serialize)]
struct Record {
    format: &'static str,
    version: u32,
    title: String,
    /// The day the game was set up (UTC), as YYYY-MM-DD.
    date: String,
    started_ms: i64,
    ended_ms: i64,
    duration_minutes: i64,
    mode: nemesis_engine::Mode,
    end: nemesis_engine::state::EndCause,
    turns: u16,
    players: Vec<RecordPlayer>,
    winners: Vec<String>,
}

fn fate(life: Life) -> &'static str {
    match life {
        Life::Escaped => "escaped",
        Life::Hibernating => "hibernating",
        Life::Dead => "dead",
        Life::Awake | Life::InPod(_) => "on_board",
    }
}

/// A day from milliseconds since 1970 (UTC), by the civil-from-days rule (no calendar crate
/// for one date).
pub fn date_of(ms: i64) -> String {
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// One CSV field: quoted when it holds a comma, a quote or a line break; a leading `=`, `+`, `-`
/// or `@` is prefixed with `'` so a spreadsheet never runs a player's name as a formula.
fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@']) { format!("'{s}") } else { s.to_string() };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

fn enum_text<T: Serialize>(x: &T) -> String {
    serde_json::to_value(x).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

pub fn play_record(store: &Store, game: i64) -> Result<Reply, Fault> {
    let stored = store.load(game)?;
    if crate::export::journal(&stored.entries, crate::export::Trust::Saved).is_err() {
        return Err(Fault::new(HostCode::Storage, "That saved game could not be replayed."));
    }
    let d = debrief(&stored.entries)?;
    let (started_ms, ended_ms) = times(store, game)?;
    let record = Record {
        format: RECORD_FORMAT,
        version: RECORD_VERSION,
        title: stored.title.clone(),
        date: date_of(started_ms),
        started_ms,
        ended_ms,
        duration_minutes: (ended_ms - started_ms).max(0) / 60_000,
        mode: d.mode,
        end: d.cause,
        turns: d.figures.turns,
        players: d
            .verdicts
            .iter()
            .map(|v| RecordPlayer { name: v.name.clone(), character: v.character.as_ref().map(|c| c.name.clone()), won: v.won, fate: fate(v.life) })
            .collect(),
        winners: winners(&d),
    };
    let json = serde_json::to_string_pretty(&record).map_err(|e| Fault::new(HostCode::Storage, format!("The play record could not be written ({e}).")))?;
    let mut csv = String::from("title,date,duration_minutes,mode,end,turns,player,character,won,fate\r\n");
    for p in &record.players {
        let row = [
            csv_field(&record.title),
            record.date.clone(),
            record.duration_minutes.to_string(),
            enum_text(&record.mode),
            enum_text(&record.end),
            record.turns.to_string(),
            csv_field(&p.name),
            csv_field(p.character.as_deref().unwrap_or("")),
            p.won.to_string(),
            p.fate.to_string(),
        ];
        csv.push_str(&row.join(","));
        csv.push_str("\r\n");
    }
    let stem: String = stored.title.chars().map(|c| if c.is_alphanumeric() { c } else { '-' }).collect();
    Ok(Reply::PlayRecord { file_stem: format!("nemesis-{}-{}", stem.trim_matches('-'), record.date), json, csv })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_the_utc_day() {
        assert_eq!(date_of(0), "1970-01-01");
        assert_eq!(date_of(951_782_400_000), "2000-02-29");
        assert_eq!(date_of(1_795_000_000_000), "2026-11-18");
    }

    #[test]
    fn csv_fields_are_quoted_and_never_formulas() {
        assert_eq!(csv_field("Ana"), "Ana");
        assert_eq!(csv_field("Ana, Bruno"), "\"Ana, Bruno\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("=1+1"), "'=1+1");
    }
}
