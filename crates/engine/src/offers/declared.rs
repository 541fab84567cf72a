//! The candidates of a round, as the command table declares them: each command that may be
//! offered says so in its own entry (`offer:`), with its place in the round's list, the rounds it
//! is offered in and how its candidates are built from public facts. Nothing here lists commands;
//! the clauses are expanded here, so the helpers below (`card_candidates`, `every_room`,
//! `intruders_here`) are theirs to call by name.

use super::{FormFirst, RoundSection, Suggest};
use crate::command::{command_table, Command, CommandType, EggAttempt, ScanProcedure, Treatment, Weapon};
use crate::content::WeaknessEffect;
use crate::rules;
use crate::ids::*;
use crate::rules::card_effects;
use crate::state::*;

/// Whose round it is, which decides the kind of offers (pp. 10, 26, 27).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Whose {
    /// A character of the crew, free to act.
    Crew,
    /// The Intruder player (p. 27): their ATTACKs, another card, or Pass.
    IntruderPlayer,
    /// A character waiting in an Escape Pod (p. 26): launch it, leave it, or Pass.
    InPod,
}

/// What an offer warns the player of before it is taken, worked out by `judge` for the commands
/// whose clause asks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Warns {
    Nothing,
    /// A Move out of a room with Intruders is an Escape (p. 19): how many attack first.
    Escape,
    /// What the step does to the character's body, as the rules' trial of it showed (a Pass's
    /// Fire or Bleeding, pp. 17, 21).
    Harm,
}

/// How a declared offer builds its candidates.
#[derive(Clone, Copy)]
enum Build {
    Each(fn(&State, Seat) -> Vec<Command>),
    /// Intruder by Intruder: commands of one rank that share an Intruder (a Shoot with each
    /// weapon, then the Melee Attack) stand together, in the order of the Intruders here.
    ByIntruder(fn(&State, Seat) -> Vec<(usize, Command)>),
}

/// A command's `offer:` clause: the section of the round's panel its offers sit in, where its
/// candidates stand in the round's list (`rank`, lower first: 10s before any Action, 20s Moves,
/// 30s attacks, 40–79 the rooms' and the ship's Actions, 80s the guided cards, 90s the table's
/// card, 99 Pass), in whose rounds, and how they are built; and how the panels take its offers
/// (what opens first, whether a phone asks, where the room's offers are suggested), which the
/// catalogue carries to the screens.
#[derive(Clone, Copy)]
pub(crate) struct Offered {
    pub(crate) section: RoundSection,
    rank: u8,
    whose: &'static [Whose],
    build: Build,
    pub(crate) form_first: Option<FormFirst>,
    pub(crate) phone_confirm: bool,
    suggest: Suggest,
    pub(crate) warns: Warns,
    /// The room a tap on the map takes an offer for, read off the command (see `Offer::map_room`).
    pub(crate) on_map: Option<fn(&Command) -> Option<Location>>,
}

impl Offered {
    fn new(section: RoundSection, rank: u8, whose: &'static [Whose], build: Build) -> Offered {
        Offered { section, rank, whose, build, form_first: None, phone_confirm: false, suggest: Suggest::RoomsOwn, warns: Warns::Nothing, on_map: None }
    }
    /// Offered to a character of the crew only.
    pub(crate) fn crew(section: RoundSection, rank: u8, build: fn(&State, Seat) -> Vec<Command>) -> Offered {
        Offered::new(section, rank, &[Whose::Crew], Build::Each(build))
    }
    /// Offered in the rounds named.
    pub(crate) fn to(whose: &'static [Whose], section: RoundSection, rank: u8, build: fn(&State, Seat) -> Vec<Command>) -> Offered {
        Offered::new(section, rank, whose, Build::Each(build))
    }
    /// Offered to the crew, Intruder by Intruder (each candidate with its Intruder's place here).
    pub(crate) fn by_intruder(section: RoundSection, rank: u8, build: fn(&State, Seat) -> Vec<(usize, Command)>) -> Offered {
        Offered::new(section, rank, &[Whose::Crew], Build::ByIntruder(build))
    }
    /// Its form opens before it is sent (see `FormFirst`).
    pub(crate) fn form_first(self, form: FormFirst) -> Offered {
        Offered { form_first: Some(form), ..self }
    }
    /// A phone asks before sending it, where one touch takes it (a Pass ends the player's round).
    pub(crate) fn phone_confirm(self) -> Offered {
        Offered { phone_confirm: true, ..self }
    }
    /// Its offers say what they warn of (see `Warns`).
    pub(crate) fn warns(self, warns: Warns) -> Offered {
        Offered { warns, ..self }
    }
    /// A tap on the map's room takes its offers that name a room here (see `Offer::map_room`).
    pub(crate) fn on_map(self, room: fn(&Command) -> Option<Location>) -> Offered {
        Offered { on_map: Some(room), ..self }
    }
    /// Where the panel suggests it among the room's offers; `RoomsOwn` unless said.
    pub(crate) fn suggest(self, suggest: Suggest) -> Offered {
        Offered { suggest, ..self }
    }
    /// Its place among the suggestions, for a room's offer only: the other sections' offers are
    /// suggested by their section.
    pub(crate) fn suggested(&self) -> Option<Suggest> {
        (self.section == RoundSection::Here).then_some(self.suggest)
    }
}

/// The offers' part of `command_table!`: every `offer:` clause, in the table's order, and each
/// command's round section read off its clause (the other parts of each entry are only parsed here).
macro_rules! command_offers {
    ($(
        $(#[$doc:meta])*
        $name:ident $(($one:ident : $one_ty:ty))? $({ $($(#[$field_attr:meta])* $field:ident : $field_ty:ty),* $(,)? })?
        => { spec: $spec:expr, seat: $seat:expr, stage: $stage:expr, play: $play:expr, $(offer: $offer:expr,)? rule: $rule:expr $(,)? }
    )*) => {
        /// Every command's `offer:` clause.
        fn declared() -> Vec<Offered> {
            // The clauses name the variants they build bare, as the table names them, and their
            // sections as `S::Here`.
            #[allow(unused_imports)]
            use Command::*;
            use RoundSection as S;
            vec![$($($offer,)?)*]
        }

        /// A command's `offer:` clause (its section of the round's panel and how the panels take
        /// it); `None` for a command no round offers.
        pub(crate) fn offered(kind: CommandType) -> Option<Offered> {
            #[allow(unused_imports)]
            use Command::*;
            use RoundSection as S;
            match kind {
                $(CommandType::$name => None $(.or(Some($offer)))?,)*
            }
        }
    };
}

command_table!(command_offers);

/// Every command that might be an Action of `seat` now, built from public facts only, in the
/// order of the declared ranks (the table's order within a rank).
pub(super) fn candidates(state: &State, seat: Seat) -> Vec<Command> {
    let whose = if state.intruder_player_now() == Some(seat) {
        Whose::IntruderPlayer
    } else if matches!(state.seats[seat].life, Life::InPod(_)) {
        Whose::InPod
    } else {
        Whose::Crew
    };
    let mut ranked: Vec<(u8, usize, Command)> = Vec::new();
    for o in declared().into_iter().filter(|o| o.whose.contains(&whose)) {
        match o.build {
            Build::Each(build) => ranked.extend(build(state, seat).into_iter().map(|c| (o.rank, 0, c))),
            Build::ByIntruder(build) => ranked.extend(build(state, seat).into_iter().map(|(k, c)| (o.rank, k, c))),
        }
    }
    // A stable sort: within one rank and Intruder, the table's order and each clause's own.
    ranked.sort_by_key(|(rank, k, _)| (*rank, *k));
    ranked.into_iter().map(|(_, _, c)| c).collect()
}

/// What a guided card is aimed at, in `card_candidates`: nothing unless said.
#[derive(Default)]
struct Aim {
    wound: Option<u8>,
    corridor: Option<CorridorId>,
    intruder: Option<IntruderId>,
    room: Option<Location>,
    target: Option<Seat>,
    pod: Option<PodNumber>,
}

/// The card and Item Actions the engine guides, each card with each of its effects here: the
/// table shows the card played, so only public facts choose among them (a dressing, each
/// undressed Serious Wound; a Door, each of this room's corridors; an Intruder, each one here;
/// Blocking Access, each room with a Computer; a Grenade, each Intruder of each room it may be
/// thrown into and each such room's Eggs; a Molotov Cocktail, each of those rooms; a Taser's
/// emptied hand, each other character here; an Evacuation Key, each Escape Pod of this Evacuation
/// Section; a Comms Key, each other character with a Signal marker).
pub(crate) fn card_candidates(state: &State, seat: Seat) -> Vec<Command> {
    let mut out = Vec::new();
    let here = state.seats[seat].location;
    let undressed: Vec<u8> = (0..state.seats[seat].serious.len() as u8).filter(|i| !state.seats[seat].serious[*i as usize].dressed).collect();
    let corridors: Vec<CorridorId> = state.content().board.neighbours(here).into_iter().map(|(_, c)| c).collect();
    let intruders: Vec<IntruderId> = state.intruders_at(here).map(|i| i.id).collect();
    let computers: Vec<Location> = every_room(state).filter(|l| crate::rules::has_computer(state, *l)).collect();
    let others: Vec<Seat> = state.characters_at(here).into_iter().filter(|s| *s != seat).collect();
    let signalled: Vec<Seat> = state.seats.iter().filter(|(s, x)| *s != seat && x.signal).map(|(s, _)| s).collect();
    let throws = crate::rules::throw_targets(state, here);
    let aimed = |card, effect, aim: Aim| Command::UseCard { seat, card, effect, wound: aim.wound, cards: Vec::new(), corridor: aim.corridor, intruder: aim.intruder, room: aim.room, target: aim.target, pod: aim.pod };
    for card in PlayedCard::ALL {
        for effect in card_effects(card).iter().copied() {
            match effect {
                CardEffect::DressSerious => out.extend(undressed.iter().map(|w| aimed(card, effect, Aim { wound: Some(*w), ..Aim::default() }))),
                CardEffect::ToggleDoor | CardEffect::DestroyDoor => out.extend(corridors.iter().map(|c| aimed(card, effect, Aim { corridor: Some(*c), ..Aim::default() }))),
                CardEffect::ThrowGrenade => {
                    for r in &throws {
                        out.extend(state.intruders_at(*r).map(|i| aimed(card, effect, Aim { room: Some(*r), intruder: Some(i.id), ..Aim::default() })));
                        // At the room's uncarried Eggs, "as if an Intruder were there" (p. 25).
                        out.push(aimed(card, effect, Aim { room: Some(*r), ..Aim::default() }));
                    }
                }
                CardEffect::ThrowMolotov => out.extend(throws.iter().map(|r| aimed(card, effect, Aim { room: Some(*r), ..Aim::default() }))),
                CardEffect::DriveOffIntruder | CardEffect::StunIntruder => out.extend(intruders.iter().map(|i| aimed(card, effect, Aim { intruder: Some(*i), ..Aim::default() }))),
                CardEffect::PlaceMalfunction if card == PlayedCard::BlockingAccess => out.extend(computers.iter().map(|r| aimed(card, effect, Aim { room: Some(*r), ..Aim::default() }))),
                CardEffect::EmptyHand => out.extend(others.iter().map(|t| aimed(card, effect, Aim { target: Some(*t), ..Aim::default() }))),
                CardEffect::SeeObjective => out.extend(signalled.iter().map(|t| aimed(card, effect, Aim { target: Some(*t), ..Aim::default() }))),
                CardEffect::TogglePodLock => out.extend(crate::rules::pods_of_section_at(state, here).into_iter().map(|p| aimed(card, effect, Aim { pod: Some(p), ..Aim::default() }))),
                _ => out.push(aimed(card, effect, Aim::default())),
            }
        }
    }
    out
}

/// Each room of the ship, in number order: a room-choosing Action offers every one, and the
/// trial keeps those its rule takes.
pub(crate) fn every_room(state: &State) -> impl Iterator<Item = Location> {
    (1..=state.content().data.locations.len() as u8).map(Location)
}

/// Each Intruder in the character's room with its place among them, for `Offered::by_intruder`.
pub(crate) fn intruders_here(state: &State, seat: Seat) -> impl Iterator<Item = (usize, IntruderId)> + '_ {
    let here = state.seats[seat].location;
    state.intruders.iter().filter(move |i| i.at == here).map(|i| i.id).enumerate()
}
