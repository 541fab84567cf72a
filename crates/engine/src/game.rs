//! One game as an append-only journal of entries (command + events), with undo and corrections.
//! Undo steps back over an entry, but never across chance or a private reveal; after those the
//! table records a correction, which supersedes the last entry and shows in the log as one.
//! Once the debrief has been shown (`seal`) the end is final: undo cannot return to play, and a
//! correction is kept only when the game stays over.

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
    /// The debrief has been shown: the whole hidden story is known at the table.
    sealed: bool,
}

impl Game {
    pub fn new(fate: Fate) -> Game {
        Game { entries: Vec::new(), state: None, fate, sealed: false }
    }

    /// Rebuilds a game from its stored journal; the generator continues where it stopped.
    pub fn restore(entries: Vec<Entry>, fate: &FateSnapshot) -> Option<Game> {
        let state = if entries.is_empty() { None } else { Some(State::replay(effective_events(&entries))?) };
        Some(Game { entries, state, fate: Fate::restore(fate), sealed: false })
    }

    /// Marks the end as seen: called when the debrief is shown (and again on restore, from
    /// the host's record of it). Only a game over with its victory check done can be sealed;
    /// true when it is sealed afterwards.
    pub fn seal(&mut self) -> bool {
        let done = self.state.as_ref().is_some_and(|s| matches!(s.phase, crate::state::Phase::Over { check: crate::state::VictoryStep::Done, .. }));
        self.sealed |= done;
        self.sealed
    }

    /// Whether the debrief has been shown (`seal`).
    pub fn sealed(&self) -> bool {
        self.sealed
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
                if self.sealed {
                    // Everyone has seen every secret: playing on from before the end would be
                    // playing with the answers. A result read at the victory check can still
                    // be set right.
                    return refuse(Code::CannotUndo, "the_debrief_was_shown_the_end_is_final", "The debrief was shown: the end is final and undo cannot return to play. A result entered at the last step can still be corrected.");
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
                // Drawn from a copy, so a correction refused below leaves the generator as it was.
                let mut fate = self.fate.clone();
                let applied = rules::apply(prior.as_ref(), &mut fate, last.actor, &command, &entered)?;
                if self.sealed && !applied.state.is_over() {
                    return refuse(Code::CannotCorrect, "the_debrief_was_shown_a_correction_may_change", "The debrief was shown: a correction may change how the game ended, but not bring it back into play.");
                }
                self.fate = fate;
                self.state = Some(applied.state);
                Entry { seq, actor, kind: EntryKind::Correction(last.seq), command: Some(command), entered, events: applied.events }
            }
        };
        self.entries.push(entry);
        Ok(self.entries.last().expect("just pushed"))
    }

    /// Whether `Undo` would be accepted now (the table screen greys the button otherwise).
    pub fn can_undo(&self) -> bool {
        !self.sealed
            && self.last_effective().is_some_and(|e| !e.is_random() && !e.is_private())
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

/// Replays a journal that came from outside the app (an imported file) through the rules, from
/// its setup: every step in force must be a command the rules accept at that point, by that
/// actor, with the results entered in it. A step without chance must give exactly the events
/// the file records; a step with chance, whose draws the file holds and this replay cannot
/// repeat, must still be allowed in its phase and by its actor, and its setup must deal what a
/// setup from the same options deals (the same bag, decks, rooms and hands, only shuffled).
/// An undo must take back a step without chance or secret. Every token drawn from or put into
/// the bag, and every room tile and Exploration token, is dealt once. `Err` says which step and
/// why, in words (for "damaged: why").
pub fn replay_commands(entries: &[Entry]) -> Result<(), String> {
    let cancelled = cancelled(entries);
    for e in entries {
        if let EntryKind::Undo(of) = e.kind {
            let undone = entries.iter().find(|x| x.seq == of).ok_or_else(|| format!("step {} undoes a step that is not there", e.seq))?;
            if undone.is_random() || undone.is_private() {
                return Err(format!("step {} undoes a step with chance or a secret in it", e.seq));
            }
        }
    }
    // The generator only stands in for draws the file already holds: its results are not used.
    let mut fate = Fate::seeded(0);
    let mut state: Option<State> = None;
    for e in entries.iter().filter(|e| !matches!(e.kind, EntryKind::Undo(_)) && !cancelled.contains(&e.seq)) {
        let command = e.command.as_ref().ok_or_else(|| format!("step {} has no command", e.seq))?;
        // The rules may rely on what the fold keeps true (each component in one place, tracks in
        // bounds): a state that breaks it is damage, never handed to them.
        if state.as_ref().is_some_and(|s| s.check_invariants().is_err()) {
            return Err(format!("the game before step {} is not a sound game", e.seq));
        }
        let applied = rules::apply(state.as_ref(), &mut fate, e.actor, command, &e.entered);
        // The file's own events, each component dealt once, carry the game on (its draws are
        // its own).
        let was_set_up = state.is_some();
        let mut s = match state.take() {
            None => State::replay(e.events.iter().take(1)).ok_or_else(|| "its setup is not a setup".to_string())?,
            Some(s) => s,
        };
        for ev in e.events.iter().skip(usize::from(!was_set_up)) {
            dealt_once(&s, ev).map_err(|what| format!("step {} deals {what} twice", e.seq))?;
            s.fold(ev);
        }
        match applied {
            Ok(applied) if !e.is_random() && applied.events != e.events => {
                return Err(format!("step {} records events its command does not give", e.seq));
            }
            Ok(applied) if !was_set_up && Dealt::of(&applied.state) != Dealt::of(&s) => {
                return Err("its setup does not deal what the box holds".into());
            }
            Ok(_) => {}
            // A different draw could ask for other results: only a command out of its phase or
            // by the wrong player is certain to be wrong whatever was drawn.
            Err(r) if e.is_random() && was_set_up && !matches!(r.code, Code::WrongPhase | Code::NotYourSeat) => {}
            Err(r) => return Err(format!("step {} is a command the rules refuse there ({})", e.seq, r.reason)),
        }
        state = Some(s);
    }
    Ok(())
}

/// What a setup deals, without its order: compared between a file's setup and one made by the
/// rules from the same options.
#[derive(PartialEq, Eq)]
struct Dealt {
    bag: Vec<String>,
    decks: [usize; 4],
    rooms_with_tiles: usize,
    rooms_with_tokens: usize,
    hands: Vec<(usize, usize)>,
    draft: usize,
    pods: usize,
}

impl Dealt {
    fn of(s: &State) -> Dealt {
        fn len<C>(d: &crate::state::Deck<C>) -> usize {
            d.draw.len() + d.discard.len() + d.removed.len()
        }
        // Each token's kind and where it lies, without which token of a kind it is.
        let mut bag: Vec<String> = s.tokens.iter().enumerate().map(|(i, p)| format!("{:?} {p:?}", s.content().token(TokenId(i as u8)).kind)).collect();
        bag.sort();
        Dealt {
            bag,
            decks: [len(&s.events), len(&s.attacks), len(&s.wounds), len(&s.contamination)],
            rooms_with_tiles: s.board.rooms.iter().filter(|r| r.tile.is_some()).count(),
            rooms_with_tokens: s.board.rooms.iter().filter(|r| r.token.is_some()).count(),
            hands: s.seats.iter().map(|(_, x)| (x.objectives.len(), x.contamination.len())).collect(),
            draft: s.draft.len(),
            pods: s.pods.len(),
        }
    }
}

/// Refuses an event that deals a component already dealt: a bag token drawn that is not in the
/// bag, a token put into the bag that is already there, a bag filled with one token twice, a
/// room tile or Exploration token placed in two rooms.
fn dealt_once(s: &State, e: &Event) -> Result<(), &'static str> {
    use crate::state::TokenPlace;
    let place = |t: &TokenId| s.tokens.get(t.0 as usize).cloned();
    let twice = |mut ids: Vec<u16>| {
        ids.sort_unstable();
        ids.windows(2).any(|w| w[0] == w[1])
    };
    match e {
        Event::TokenDrawn { token, .. } if place(token) != Some(TokenPlace::Bag) => Err("a bag token"),
        Event::TokenAddedToBag { token } if place(token) == Some(TokenPlace::Bag) => Err("a bag token"),
        Event::BagFilled { tokens } if twice(tokens.iter().map(|t| u16::from(t.0)).collect()) => Err("a bag token"),
        Event::RoomTilesPlaced { tiles } => {
            let placed = s.board.rooms.iter().filter_map(|r| r.tile).chain(tiles.iter().map(|(_, t)| *t));
            if twice(placed.map(|t| u16::from(t.0)).collect()) {
                return Err("a room tile");
            }
            Ok(())
        }
        Event::ExplorationTokensPlaced { tokens } => {
            let placed = s.board.rooms.iter().filter_map(|r| r.token).chain(tokens.iter().map(|(_, t)| *t));
            if twice(placed.map(|t| u16::from(t.0)).collect()) {
                return Err("an Exploration token");
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
