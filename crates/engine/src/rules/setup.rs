//! Setup, rulebook steps 1–20 (manual pp. 6–8): the board and crew in one command, then the
//! character draft one player at a time. Only what the app handles is randomised here; the
//! rest is left unknown for the physical pieces.

use super::ctx::{Applied, Ctx};
use crate::command::{Entered, SetupOptions};
use crate::content::{Content, Pack, LocationKind, ObjectiveKind, ObjectiveSpec};
use crate::event::{Event, SeatSetup};
use crate::fate::Fate;
use crate::ids::*;
use crate::words::LogParam;
use crate::rejection::{refuse, refuse_with, Code, Outcome};
use crate::state::*;

pub const MAX_NAME: usize = 40;

/// The modes, in the order the setup offers them.
pub const MODES: [Mode; 3] = [Mode::Standard, Mode::Cooperative, Mode::Solo];

/// The players a game of this mode takes: 2 to 5, Solo exactly 1 (pp. 5, 27).
pub fn players_in(mode: Mode) -> std::ops::RangeInclusive<u8> {
    match mode {
        Mode::Solo => 1..=1,
        Mode::Standard | Mode::Cooperative => 2..=5,
    }
}

pub(super) fn set_up(fate: &mut Fate, actor: Actor, o: &SetupOptions, entered: &[Entered]) -> Outcome<Applied> {
    let pack = Pack::default();
    let c = Content::pack(pack);
    if actor != Actor::Table {
        return refuse(Code::NotYourSeat, "only_the_table_screen_can_set_up_a", "Only the table screen can set up a game.");
    }
    let n = o.players.len();
    if !u8::try_from(n).is_ok_and(|n| players_in(o.mode).contains(&n)) {
        return match o.mode {
            Mode::Solo => refuse(Code::BadSetup, "solo_mode_is_for_exactly_1_player", "Solo mode is for exactly 1 player."),
            Mode::Standard | Mode::Cooperative => refuse(Code::BadSetup, "a_standard_or_cooperative_game_needs_2_to", "A standard or cooperative game needs 2 to 5 players."),
        };
    }
    for name in &o.players {
        let t = name.trim();
        if t.is_empty() || t.chars().count() > MAX_NAME || t.chars().any(|ch| ch.is_control()) {
            return refuse_with(Code::BadSetup, "each_player_needs_a_name_of_1_to", "Each player needs a name of 1 to {max, plural, one {# letter} other {# letters}}.", vec![("max", LogParam::number(MAX_NAME as i32))]);
        }
    }
    let mut handled = o.handled.clone();
    handled.sort();
    handled.dedup();
    let config = Config {
        pack,
        players: n as u8,
        mode: o.mode,
        infected_cards: o.infected_cards.unwrap_or(c.data.contamination.infected),
        handled,
    };
    if config.infected_cards > c.data.contamination.total {
        return refuse_with(Code::BadSetup, "there_are_only_count_contamination_cards", "There are only {count, plural, one {# Contamination card} other {# Contamination cards}}.", vec![("count", LogParam::number(c.data.contamination.total))]);
    }
    // Step 14: Help cards decide player numbers.
    let numbers: Vec<u8> = if config.handles(Component::HelpCards) {
        let mut v: Vec<u8> = (1..=n as u8).collect();
        fate.shuffle(&mut v);
        v
    } else {
        match &o.player_numbers {
            Some(v) => {
                let mut sorted = v.clone();
                sorted.sort();
                if sorted != (1..=n as u8).collect::<Vec<_>>() {
                    return refuse_with(Code::BadSetup, "player_numbers_must_be_1_to_count_each", "Player numbers must be 1 to {count}, each once.", vec![("count", LogParam::number(n as i32))]);
                }
                v.clone()
            }
            None if n == 1 => vec![1],
            None => return refuse(Code::ResultNeeded, "the_help_cards_are_physical_enter_each_player", "The Help cards are physical: enter each player's number."),
        }
    };
    let seats: Vec<SeatSetup> = o
        .players
        .iter()
        .zip(&numbers)
        .map(|(name, num)| SeatSetup { name: name.trim().to_string(), number: PlayerNumber(*num) })
        .collect();
    // Step 19: Player 1 takes the First Player token.
    let first = Seat(numbers.iter().position(|x| *x == 1).unwrap_or(0) as u8);
    let setup = Event::GameSetUp { config: config.clone(), seats: seats.clone(), first_player: first };
    let s = State::from_setup(config.clone(), &seats, first);
    let mut ctx = Ctx::new(s, fate, entered);
    ctx.events.push(setup);

    // Steps 2–4: room tiles "2" (5 of 9), then "1", then an exploration token on each.
    let slots = |k: LocationKind| -> Vec<Location> {
        c.data.locations.iter().filter(|l| l.kind == k).map(|l| Location(l.number)).collect()
    };
    let (slots1, slots2) = (slots(LocationKind::Slot1), slots(LocationKind::Slot2));
    if config.handles(Component::RoomTiles) {
        let mut tiles = Vec::new();
        for (set, slot_list) in [(2u8, &slots2), (1u8, &slots1)] {
            let mut pool: Vec<u8> =
                c.data.room_tiles.iter().enumerate().filter(|(_, t)| t.set == set).map(|(i, _)| i as u8).collect();
            ctx.fate.shuffle(&mut pool);
            for (slot, t) in slot_list.iter().zip(pool) {
                tiles.push((*slot, RoomTileId(t)));
            }
        }
        tiles.sort();
        ctx.emit(Event::RoomTilesPlaced { tiles });
    }
    if config.handles(Component::ExplorationTokens) {
        let mut all: Vec<Location> = slots1.iter().chain(&slots2).copied().collect();
        all.sort();
        let picks = ctx.fate.sample(c.data.exploration_tokens.len(), all.len());
        let tokens = all.into_iter().zip(picks).map(|(l, t)| (l, ExplorationId(t as u8))).collect();
        ctx.emit(Event::ExplorationTokensPlaced { tokens });
    }
    // Step 5: one Coordinates card, face down. Step 6: destination on B (the initial state).
    if config.handles(Component::Coordinates) {
        let card = CoordinatesId(ctx.fate.index(c.data.coordinates.len()) as u8);
        ctx.emit(Event::CoordinatesPlaced { card });
    }
    // Step 7: escape pods by player count, lowest to A, next to B, alternating; locked.
    let pod_count = c.data.escape_pods.by_players[n - 1] as usize;
    let mut pod_numbers: Vec<u8> = if config.handles(Component::EscapePods) {
        ctx.fate.sample(c.data.escape_pods.count as usize, pod_count).into_iter().map(|i| i as u8 + 1).collect()
    } else {
        match &o.pods {
            Some(v) => {
                let mut d = v.clone();
                d.sort();
                d.dedup();
                if d.len() != pod_count || d.iter().any(|p| *p == 0 || *p > c.data.escape_pods.count) {
                    return refuse_with(Code::BadSetup, "enter_the_count_escape_pod_numbers_drawn_each", "Enter {count, plural, one {the Escape Pod number drawn} other {the # Escape Pod numbers drawn}}, each from 1 to 4.", vec![("count", LogParam::number(pod_count as i32))]);
                }
                d
            }
            None => (1..=pod_count as u8).collect(),
        }
    };
    pod_numbers.sort();
    let pods = pod_numbers
        .iter()
        .enumerate()
        .map(|(i, p)| (PodNumber(*p), if i % 2 == 0 { Section::A } else { Section::B }))
        .collect();
    ctx.emit(Event::EscapePodsPlaced { pods });
    // Step 8: each engine's two tokens shuffled; the top one is the truth.
    if config.handles(Component::Engines) {
        let mut tops = [EngineStatus::Working; 3];
        for t in tops.iter_mut() {
            *t = if ctx.fate.below(2) == 0 { EngineStatus::Working } else { EngineStatus::Damaged };
        }
        ctx.emit(Event::EnginesPlaced { tops });
    }
    // Step 9: 5 eggs (the initial state) and 3 random Weakness cards face down.
    if config.handles(Component::Weaknesses) {
        let picks = ctx.fate.sample(c.data.weaknesses.len(), 3);
        let cards = [WeaknessId(picks[0] as u8), WeaknessId(picks[1] as u8), WeaknessId(picks[2] as u8)];
        ctx.emit(Event::WeaknessesPlaced { cards });
    }
    // Step 10: the bag: 1 Blank, 4 Larvae, 1 Creeper, 1 Queen, 3 Adults + 1 Adult per player.
    let want = [
        (TokenKind::Blank, 1usize),
        (TokenKind::Larva, 4),
        (TokenKind::Creeper, 1),
        (TokenKind::Queen, 1),
        (TokenKind::Adult, 3 + n),
    ];
    let mut bag = Vec::new();
    for (kind, count) in want {
        let ids: Vec<u8> = c.data.intruder_tokens.iter().enumerate().filter(|(_, t)| t.kind == kind).map(|(i, _)| i as u8).collect();
        // Which Adult tokens go in matters (their backs differ), so they are drawn at random.
        for i in ctx.fate.sample(ids.len(), count) {
            bag.push(TokenId(ids[i]));
        }
    }
    bag.sort();
    ctx.emit(Event::BagFilled { tokens: bag });
    // Step 11: decks shuffled.
    for (comp, deck, len) in [
        (Component::EventDeck, DeckKind::Event, c.data.events.len()),
        (Component::AttackDeck, DeckKind::Attack, c.data.attacks.len()),
        (Component::SeriousWoundDeck, DeckKind::SeriousWound, c.wound_cards().len()),
        (Component::ContaminationDeck, DeckKind::Contamination, c.data.contamination.total as usize),
    ] {
        if config.handles(comp) {
            let order = match deck {
                DeckKind::SeriousWound => ctx.shuffled(c.wound_cards().iter().map(|w| w.0).collect()),
                _ => ctx.shuffled((0..len as u8).collect()),
            };
            ctx.emit(Event::DeckShuffled { deck, order });
        }
    }
    if config.handles(Component::ContaminationDeck) {
        // Which card ids are INFECTED is itself secret, so ids shown to their holder reveal nothing.
        let total = c.data.contamination.total as usize;
        let mut infected = vec![false; total];
        for i in ctx.fate.sample(total, config.infected_cards as usize) {
            infected[i] = true;
        }
        ctx.emit(Event::ContaminationPrepared { infected });
    }
    // Step 16: objectives above the player count removed; 1 Corporate and 1 Personal each, privately.
    // Solo and Coop use their own deck instead (p. 27).
    if config.handles(Component::Objectives) {
        let pile = |kind: ObjectiveKind| -> Vec<u8> {
            c.data
                .objectives
                .iter()
                .enumerate()
                .filter(|(_, o): &(usize, &ObjectiveSpec)| o.kind == kind && o.players <= n as u8)
                .map(|(i, _)| i as u8)
                .collect()
        };
        match config.mode {
            Mode::Standard => {
                let mut corporate = pile(ObjectiveKind::Corporate);
                let mut personal = pile(ObjectiveKind::Personal);
                ctx.fate.shuffle(&mut corporate);
                ctx.fate.shuffle(&mut personal);
                for k in 0..n {
                    let cards = vec![ObjectiveId(corporate[k]), ObjectiveId(personal[k])];
                    ctx.emit(Event::ObjectivesDealt { seat: Seat(k as u8), cards });
                }
            }
            // Solo: two cards, one kept at the first Encounter, as in the standard game.
            Mode::Solo => {
                let mut deck = pile(ObjectiveKind::SoloCoop);
                ctx.fate.shuffle(&mut deck);
                ctx.emit(Event::ObjectivesDealt { seat: Seat(0), cards: vec![ObjectiveId(deck[0]), ObjectiveId(deck[1])] });
            }
            // Fully cooperative: one card per player, all of which the crew must meet together,
            // so nothing about them is secret: each is kept and shown to the table at once.
            Mode::Cooperative => {
                let mut deck = pile(ObjectiveKind::SoloCoop);
                ctx.fate.shuffle(&mut deck);
                for k in 0..n {
                    let (seat, card) = (Seat(k as u8), ObjectiveId(deck[k]));
                    ctx.emit(Event::ObjectivesDealt { seat, cards: vec![card] });
                    ctx.emit(Event::ObjectiveChosen { seat, objective: Some(card) });
                    ctx.emit(Event::ObjectiveRevealed { seat, objective: Some(card) });
                }
            }
        }
    }
    // Step 17 waits for each player: the draft.
    ctx.finish()
}

fn next_to_draft(ctx: &Ctx) -> Option<Seat> {
    let mut waiting: Vec<(PlayerNumber, Seat)> =
        ctx.state.seats.iter().filter(|(_, s)| s.character.is_none()).map(|(seat, s)| (s.number, seat)).collect();
    waiting.sort();
    waiting.first().map(|(_, s)| *s)
}

fn character_by_key(ctx: &Ctx, key: &str) -> Outcome<CharacterId> {
    match ctx.content.data.characters.iter().position(|ch| ch.key == key) {
        Some(i) => Ok(CharacterId(i as u8)),
        None => refuse_with(Code::NoSuchThing, "there_is_no_character_key", "There is no character '{key}'.", vec![("key", LogParam::text(key.to_string()))]),
    }
}

/// Step 17: the player draws 2 Character draft cards and reveals them.
pub(super) fn draft_draw(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.seat(seat)?;
    if next_to_draft(ctx) != Some(seat) {
        return refuse(Code::WrongPhase, "it_is_another_player_s_turn_to_draft", "It is another player's turn to draft (in player-number order).");
    }
    if !ctx.state.seats[seat].draft_offer.is_empty() {
        return refuse(Code::NotAllowed, "this_player_already_holds_two_draft_cards_keep", "This player already holds two draft cards: keep one of them.");
    }
    let entered = ctx.take(|e| match e {
        Entered::Draft { characters } => Some(characters.clone()),
        _ => None,
    });
    let offer: Vec<CharacterId> = match entered {
        Some(keys) => {
            let mut ids = Vec::new();
            for k in &keys {
                let id = character_by_key(ctx, k)?;
                if !ctx.state.draft.contains(&id) || ids.contains(&id) {
                    return refuse_with(Code::BadResult, "key_is_not_in_the_draft_deck", "'{key}' is not in the draft deck.", vec![("key", LogParam::text(k.to_string()))]);
                }
                ids.push(id);
            }
            if ids.len() != 2.min(ctx.state.draft.len()) {
                return refuse(Code::BadResult, "enter_the_two_draft_cards_drawn", "Enter the two draft cards drawn.");
            }
            ids
        }
        None if ctx.handles(Component::CharacterDraft) => {
            let pool = ctx.state.draft.clone();
            ctx.fate.sample(pool.len(), 2).into_iter().map(|i| pool[i]).collect()
        }
        None => return ctx.need(Component::CharacterDraft, "two_draft_cards", "two draft cards"),
    };
    ctx.emit(Event::DraftOffered { seat, characters: offer });
    Ok(())
}

/// Step 17: keep one, shuffle the other back. After the last player, steps 18–20 and turn 1.
pub(super) fn draft_keep(ctx: &mut Ctx, seat: Seat, key: &str) -> Outcome<()> {
    ctx.seat(seat)?;
    if next_to_draft(ctx) != Some(seat) {
        return refuse(Code::WrongPhase, "it_is_another_player_s_turn_to_draft", "It is another player's turn to draft (in player-number order).");
    }
    let id = character_by_key(ctx, key)?;
    let offer = ctx.state.seats[seat].draft_offer.clone();
    if offer.is_empty() {
        if ctx.handles(Component::CharacterDraft) {
            return refuse(Code::WrongPhase, "draw_the_two_draft_cards_first", "Draw the two draft cards first.");
        }
        if !ctx.state.draft.contains(&id) {
            return refuse(Code::NotAllowed, "that_character_is_already_taken", "That character is already taken.");
        }
    } else if !offer.contains(&id) {
        return refuse(Code::NotAllowed, "keep_one_of_the_two_cards_you_drew", "Keep one of the two cards you drew.");
    }
    ctx.emit(Event::CharacterKept { seat, character: id });
    if next_to_draft(ctx).is_none() {
        ctx.emit(Event::PlayStarted);
        super::player_phase::refill_hands(ctx);
        super::player_phase::begin_rounds(ctx);
    }
    Ok(())
}
