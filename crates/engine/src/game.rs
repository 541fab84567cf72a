//! One game as an append-only journal of entries (command + events), with undo and corrections.
//! Undo steps back over an entry, but never across chance or a private reveal; after those the
//! table records a correction, which supersedes the last entry and shows in the log as one.

use crate::command::{Command, Entered};
use crate::event::{Chance, Event};
use crate::fate::{Fate, FateSnapshot};
use crate::ids::*;
use crate::rejection::{refuse, Code, Outcome};
use crate::rules;
use crate::state::{Config, State};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "kind", content = "of")]
pub enum EntryKind {
    Normal,
    /// Takes back entry `of` (no randomness, no private reveal in it).
    Undo(u32),
    /// Replaces entry `of` with the results entered from the table.
    Correction(u32),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Entry {
    pub seq: u32,
    pub actor: Actor,
    pub kind: EntryKind,
    pub command: Option<Command>,
    pub entered: Vec<Entered>,
    pub events: Vec<Event>,
}

impl Entry {
    pub fn is_random(&self) -> bool {
        self.events.iter().any(Event::is_random)
    }
    /// Whether the app's own result stands in this step, so that it cannot be corrected: the app
    /// rolled, drew at random or shuffled with its generator from a component it holds (a replay
    /// would draw again, and a wrong entry elsewhere in the step would re-roll the app's draw), or
    /// all the chance in it was the app's, leaving nothing read at the table to correct. Cards
    /// the app turns over from its own decks do not block a correction: a replay turns over the
    /// same ones.
    pub fn app_result_stands(&self, config: &Config) -> bool {
        let mut read_at_table = false;
        for e in &self.events {
            match e.chance() {
                Some(Chance::Drawn(c)) if config.handles(c) => return true,
                Some(Chance::Revealed(c)) if config.handles(c) => {}
                Some(Chance::Drawn(_) | Chance::Revealed(_) | Chance::PlayersCards) => read_at_table = true,
                None => {}
            }
        }
        !read_at_table
    }
    pub fn is_private(&self) -> bool {
        self.events.iter().any(Event::is_private_reveal)
    }

    /// The seats that received a private reveal in this step, each once, in seat order.
    pub fn private_seats(&self) -> Vec<crate::Seat> {
        let mut seats: Vec<crate::Seat> = self.events.iter().filter_map(Event::private_to).collect();
        seats.sort();
        seats.dedup();
        seats
    }
}

/// What a door asks of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "request")]
pub enum Request {
    Do {
        command: Command,
        #[serde(default)]
        entered: Vec<Entered>,
    },
    Undo,
    /// Re-resolves the last entry (which involved chance) with these results from the table.
    Correct { entered: Vec<Entered> },
}

pub struct Game {
    entries: Vec<Entry>,
    state: Option<State>,
    fate: Fate,
}

impl Game {
    pub fn new(fate: Fate) -> Game {
        Game { entries: Vec::new(), state: None, fate }
    }

    /// Rebuilds a game from its stored journal; the generator continues where it stopped.
    pub fn restore(entries: Vec<Entry>, fate: &FateSnapshot) -> Option<Game> {
        let state = if entries.is_empty() { None } else { Some(State::replay(effective_events(&entries))?) };
        Some(Game { entries, state, fate: Fate::restore(fate) })
    }

    pub fn state(&self) -> Option<&State> {
        self.state.as_ref()
    }
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }
    /// For the host's store only: never to be shown or sent.
    pub fn fate_snapshot(&self) -> FateSnapshot {
        self.fate.snapshot()
    }

    /// Checks and applies a request. On success the new entry is returned, and must be stored
    /// before anyone is told; on refusal nothing changed.
    pub fn submit(&mut self, actor: Actor, request: Request) -> Outcome<&Entry> {
        let seq = self.entries.len() as u32 + 1;
        let entry = match request {
            Request::Do { command, entered } => {
                let applied = rules::apply(self.state.as_ref(), &mut self.fate, actor, &command, &entered)?;
                self.state = Some(applied.state);
                Entry { seq, actor, kind: EntryKind::Normal, command: Some(command), entered, events: applied.events }
            }
            Request::Undo => {
                if actor != Actor::Table {
                    return refuse(Code::NotYourSeat, "only_the_table_screen_can_undo", "Only the table screen can undo.");
                }
                let Some(last) = self.last_effective() else {
                    return refuse(Code::CannotUndo, "there_is_nothing_to_undo", "There is nothing to undo.");
                };
                if last.is_random() && self.app_result_stands(last) {
                    // There is no "real result" to enter: the app's draw is the real one.
                    return refuse(Code::CannotUndo, "the_app_drew_or_rolled_at_that_step", "The app drew or rolled at that step: its result stands, and there is no other result to enter.");
                }
                if last.is_random() {
                    return refuse(Code::CannotUndo, "that_step_involved_chance_it_cannot_be_undone", "That step involved chance: it cannot be undone, but you can correct it with the real result.");
                }
                if last.is_private() {
                    return refuse(Code::CannotUndo, "that_step_showed_a_secret_to_a_player", "That step showed a secret to a player: it cannot be undone.");
                }
                let of = last.seq;
                let mut next = self.entries.clone();
                next.push(Entry { seq, actor, kind: EntryKind::Undo(of), command: None, entered: Vec::new(), events: Vec::new() });
                self.state = State::replay(effective_events(&next));
                self.entries = next;
                return Ok(self.entries.last().expect("just pushed"));
            }
            Request::Correct { entered } => {
                if actor != Actor::Table {
                    return refuse(Code::NotYourSeat, "only_the_table_screen_can_correct_a_result", "Only the table screen can correct a result.");
                }
                let Some(last) = self.last_effective().cloned() else {
                    return refuse(Code::CannotCorrect, "there_is_nothing_to_correct", "There is nothing to correct.");
                };
                if !last.is_random() || last.command.is_none() {
                    return refuse(Code::CannotCorrect, "the_last_step_involved_no_chance_use_undo", "The last step involved no chance: use undo instead.");
                }
                if matches!(last.command, Some(Command::SetUp(_))) {
                    return refuse(Code::CannotCorrect, "the_setup_cannot_be_corrected_start_a_new", "The setup cannot be corrected: start a new game instead.");
                }
                if last.is_private() {
                    return refuse(Code::CannotCorrect, "a_secret_was_shown_to_a_player_at", "A secret was shown to a player at that step: it cannot be replayed.");
                }
                if self.app_result_stands(&last) {
                    // Replaying would draw again from the generator, or from the app's deck.
                    return refuse(Code::CannotCorrect, "the_app_drew_or_rolled_at_that_step", "The app drew or rolled at that step: its result stands, and there is no other result to enter.");
                }
                if entered.is_empty() {
                    return refuse(Code::CannotCorrect, "enter_the_real_result_to_record", "Enter the real result to record.");
                }
                // The state before the entry being corrected, then the same command with the real results.
                let before: Vec<Entry> = self.entries.iter().filter(|e| e.seq != last.seq).cloned().collect();
                let prior = State::replay(effective_events(&before));
                let command = last.command.clone().expect("checked above");
                let applied = rules::apply(prior.as_ref(), &mut self.fate, last.actor, &command, &entered)?;
                self.state = Some(applied.state);
                Entry { seq, actor, kind: EntryKind::Correction(last.seq), command: Some(command), entered, events: applied.events }
            }
        };
        self.entries.push(entry);
        Ok(self.entries.last().expect("just pushed"))
    }

    /// Whether `Undo` would be accepted now (the table screen greys the button otherwise).
    pub fn can_undo(&self) -> bool {
        self.last_effective().is_some_and(|e| !e.is_random() && !e.is_private())
    }

    /// Whether `Correct` would be considered now: the last step involved chance read at the
    /// table, the app's own result does not stand in it, it showed no secret, and was not the setup.
    pub fn can_correct(&self) -> bool {
        self.last_effective().is_some_and(|e| {
            e.is_random()
                && !self.app_result_stands(e)
                && !e.is_private()
                && e.command.as_ref().is_some_and(|c| !matches!(c, Command::SetUp(_)))
        })
    }

    fn app_result_stands(&self, entry: &Entry) -> bool {
        self.state.as_ref().is_some_and(|s| entry.app_result_stands(&s.config))
    }

    /// The entry whose results the table sees as "the last step" (not undone, not superseded).
    pub fn last_step(&self) -> Option<&Entry> {
        self.last_effective()
    }

    fn last_effective(&self) -> Option<&Entry> {
        let cancelled = cancelled(&self.entries);
        self.entries.iter().rev().find(|e| !matches!(e.kind, EntryKind::Undo(_)) && !cancelled.contains(&e.seq))
    }
}

fn cancelled(entries: &[Entry]) -> Vec<u32> {
    entries
        .iter()
        .filter_map(|e| match e.kind {
            EntryKind::Undo(of) | EntryKind::Correction(of) => Some(of),
            EntryKind::Normal => None,
        })
        .collect()
}

/// The events that make up the current state: every entry not undone or superseded, in order.
pub fn effective_events(entries: &[Entry]) -> impl Iterator<Item = &Event> {
    let cancelled = cancelled(entries);
    entries
        .iter()
        .filter(move |e| !matches!(e.kind, EntryKind::Undo(_)) && !cancelled.contains(&e.seq))
        .flat_map(|e| e.events.iter())
}
