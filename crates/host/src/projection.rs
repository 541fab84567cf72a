//! The open game's log, kept per audience and extended step by step: the table's lines and each
//! seat's private lines. The engine's `log::log` folds the whole journal on every call, so a
//! screen built from it costs more the longer the game; this folds each new entry once, for
//! every audience at the same time, and gives the same lines (a test compares them).
//!
//! The engine's log is append-only: it folds every entry's events in journal order (undone ones
//! too, marked) and an undo or correction only adds a line, so extending is exact. A journal
//! that got shorter (the game was reloaded from the save) is rebuilt from the start.

use nemesis_engine::log::{describe, LogLine, LogParam, Said};
use nemesis_engine::state::State;
use nemesis_engine::{Audience, Entry, EntryKind, Seat};
use std::collections::BTreeMap;

#[derive(Default)]
pub struct Projection {
    /// Entries folded so far.
    seen: usize,
    /// The state after every event folded so far (the log describes each event in the state it
    /// leads to).
    state: Option<State>,
    /// The table's whole log.
    table: Vec<LogLine>,
    /// Each seat's private lines (what its phone and its curtain show).
    private: BTreeMap<Seat, Vec<LogLine>>,
}

fn line(seq: u32, said: Said) -> LogLine {
    let text = said.text();
    LogLine { seq, key: said.key.to_string(), params: said.params, text, private: said.private }
}

impl Projection {
    /// The log of `entries` from scratch.
    pub fn of(entries: &[Entry]) -> Projection {
        let mut p = Projection::default();
        p.sync(entries);
        p
    }

    /// Brings the log up to `entries`: the new entries only, or all of them when the journal is
    /// not the one folded so far (shorter than what was seen).
    pub fn sync(&mut self, entries: &[Entry]) {
        if entries.len() < self.seen {
            *self = Projection::default();
        }
        for entry in &entries[self.seen..] {
            self.fold(entry);
        }
        self.seen = entries.len();
    }

    fn fold(&mut self, entry: &Entry) {
        let marked = match entry.kind {
            EntryKind::Undo(of) => Some(("undone", of)),
            EntryKind::Correction(of) => Some(("correction", of)),
            EntryKind::Normal => None,
        };
        if let Some((key, of)) = marked {
            // The engine's own line for an undo or a correction: public, naming the step.
            let said = || Said { key, params: [("step".to_string(), LogParam::number(of as i32))].into(), private: false };
            self.table.push(line(entry.seq, said()));
        }
        // A step a seat's phone sent says so first (the engine's own line, public).
        if let Some(said) = self.state.as_ref().and_then(|s| nemesis_engine::log::on_phone(s, entry)) {
            self.table.push(line(entry.seq, said));
        }
        for e in &entry.events {
            match self.state.as_mut() {
                None => self.state = State::replay(std::iter::once(e)),
                Some(s) => s.fold(e),
            }
            let Some(s) = self.state.as_ref() else { continue };
            if let Some(said) = describe(s, e, Audience::Table) {
                self.table.push(line(entry.seq, said));
            }
            for seat in s.seats.seats() {
                if let Some(said) = describe(s, e, Audience::Seat(seat)) {
                    if said.private {
                        self.private.entry(seat).or_default().push(line(entry.seq, said));
                    }
                }
            }
        }
    }

    /// The table's whole log, newest last.
    pub fn table(&self) -> &[LogLine] {
        &self.table
    }

    /// A seat's private lines, newest last.
    pub fn private(&self, seat: Seat) -> &[LogLine] {
        self.private.get(&seat).map(Vec::as_slice).unwrap_or(&[])
    }
}
