//! What can happen now: the Actions the rules would accept from the player whose round it is,
//! each with its cost, found by asking the rules themselves (a trial `apply` on a copy), never by
//! a second hand-written copy of their checks; and outside the rounds, the step the game waits for
//! (`next_steps`: the draft, ending the Player Phase, the Event Phase's steps, the victory check).
//!
//! Privacy: candidates are built only from public facts (the board graph, the public pieces), and
//! a trial is judged only by accepted / refused. No candidate names a hidden card or token, and the
//! rules' checks for an Action depend on public facts only, so whether an offer is present says
//! nothing secret. A trial that needs a result of a physical component (`ResultNeeded`) is offered
//! with `needs_result`, since the table will enter it.

use crate::catalogue::CommandType;
use crate::command::{Command, ScanProcedure, Treatment, Weapon};
use crate::rules::card_effects;
use crate::fate::Fate;
use crate::ids::*;
use crate::rejection::Code;
use crate::rules::{action_cost, apply};
use crate::state::*;
use serde::{Deserialize, Serialize};

/// One Action the player whose round it is may take now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Offer {
    /// The command as it would be sent (the table may change nothing in it).
    pub command: Command,
    /// Action cards it costs (p. 12); `None` for Pass and free steps.
    pub cost: Option<u8>,
    /// The table must enter a result of a physical component for it (a die, a card, a token).
    pub needs_result: bool,
    /// A Move out of a room with Intruders is an Escape (p. 19): this many of them attack the
    /// character before the move, so the table is warned before it sends it. 0 for anything else.
    #[serde(default)]
    pub escape_attacks: u8,
}

/// The offers of the seat whose round it is, in a stable order: Moves, attacks, the room's own
/// Actions, then a card or Item Action and Pass. Empty outside a round.
pub fn offers(state: &State) -> Vec<Offer> {
    let Some(seat) = state.rounds.turn_of else { return Vec::new() };
    if state.phase != Phase::Player || state.attack_offer.is_some() {
        return Vec::new();
    }
    candidates(state, seat).into_iter().filter_map(|command| judge(state, command)).collect()
}

/// A step the game waits for: the command to send, and the seat it is for when it names one.
/// The other fields are the form's to fill (the character kept, the quarantine, the verdict).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NextStep {
    pub command: CommandType,
    pub seat: Option<Seat>,
    /// The characters a field of the step asks the table about, and only those: for the
    /// Coordinates, the hibernating ones whose objective only the table knows (Quarantine survives
    /// Mars, p. 11). Empty: the step asks the table nothing about anyone.
    #[serde(default)]
    pub asks: Vec<Seat>,
}

/// The step (at most one) the game waits for now, outside the players' rounds: the draft in
/// player-number order (p. 5, step 17), ending the Player Phase once everyone passed (p. 10),
/// each Event Phase step in order (pp. 10–11), the victory check survivor by survivor (p. 11).
/// Empty while the Intruder player chooses an Intruder Attack card (nothing else can happen) and
/// during the rounds, whose Actions are `offers`.
pub fn next_steps(state: &State) -> Vec<NextStep> {
    let step = |command, seat| vec![NextStep { command, seat, asks: Vec::new() }];
    if state.attack_offer.is_some() {
        return Vec::new();
    }
    match state.phase {
        Phase::Draft => {
            // The lowest player number still without a character drafts next (the rules' order).
            let next = state.seats.iter().filter(|(_, s)| s.character.is_none()).min_by_key(|(_, s)| s.number).map(|(seat, s)| (seat, s.draft_offer.is_empty()));
            match next {
                Some((seat, true)) => step(CommandType::DraftDraw, Some(seat)),
                Some((seat, false)) => step(CommandType::DraftKeep, Some(seat)),
                None => Vec::new(),
            }
        }
        Phase::Player => {
            let all_passed = state.rounds.turn_of.is_none() && crate::rules::still_to_pass(state).next().is_none();
            if all_passed { step(CommandType::EndPlayerPhase, None) } else { Vec::new() }
        }
        Phase::Event { step: s } => step(
            match s {
                EventStep::TimeTrack => CommandType::AdvanceTime,
                EventStep::IntruderAttack => CommandType::ResolveIntruderAttacks,
                EventStep::FireDamage => CommandType::ResolveFireDamage,
                EventStep::EventCard => CommandType::ResolveEventCard,
                EventStep::BagDevelopment => CommandType::DevelopBag,
            },
            None,
        ),
        Phase::Over { check, .. } => match check {
            VictoryStep::Engines => step(CommandType::RevealEngines, None),
            VictoryStep::Coordinates => {
                // The app reads an objective it holds itself (`rules::victory`): only a sleeper
                // whose kept objective is the table's can be asked whether it is Quarantine.
                let asks = state
                    .turn_order()
                    .into_iter()
                    .filter(|s| state.seats[*s].life == Life::Hibernating && !matches!(state.seats[*s].objective, ObjectiveChoice::Chosen(Some(_))))
                    .collect();
                vec![NextStep { command: CommandType::RevealCoordinates, seat: None, asks }]
            }
            VictoryStep::Contamination => {
                let survivor = |s: &Seat| matches!(state.seats[*s].life, Life::Hibernating | Life::Escaped);
                match state.turn_order().into_iter().find(|s| survivor(s) && !state.seats[*s].contamination_checked) {
                    Some(seat) => step(CommandType::CheckContamination, Some(seat)),
                    None => Vec::new(),
                }
            }
            VictoryStep::Objectives => {
                // Each judged objective is revealed, then judged, in turn order.
                match state.judged_seats().into_iter().find(|s| state.seats[*s].objective_met.is_none()) {
                    Some(seat) if state.seats[seat].objective_revealed => step(CommandType::JudgeObjective, Some(seat)),
                    Some(seat) => step(CommandType::RevealObjective, Some(seat)),
                    None => Vec::new(),
                }
            }
            VictoryStep::Done => Vec::new(),
        },
    }
}

fn judge(state: &State, command: Command) -> Option<Offer> {
    // A throwaway generator: the trial's draws are discarded with its copy of the state.
    let mut fate = Fate::seeded(0);
    let needs_result = match apply(Some(state), &mut fate, Actor::Table, &command, &[]) {
        Ok(_) => false,
        Err(r) if r.code == Code::ResultNeeded => true,
        Err(_) => return None,
    };
    let escape_attacks = match &command {
        Command::MoveCharacter { seat, .. } => state.intruders_at(state.seats[*seat].location).count().min(u8::MAX.into()) as u8,
        _ => 0,
    };
    Some(Offer { cost: action_cost(state, &command), command, needs_result, escape_attacks })
}

/// Every command that might be an Action of `seat` now, built from public facts only.
fn candidates(state: &State, seat: Seat) -> Vec<Command> {
    use Command::*;
    let content = state.content();
    let here = state.seats[seat].location;
    let mut out = Vec::new();
    if state.intruder_player_now() == Some(seat) {
        // The Intruder player's cards (p. 27): an ATTACK of an Intruder in a character's room,
        // or any other card the table carries out.
        for i in &state.intruders {
            for target in state.characters_at(i.at) {
                out.push(IntruderPlayerAttack { seat, id: i.id, target, card_number: 1 });
            }
        }
        out.push(CardAction { seat, paid: 1 });
        out.push(Pass { seat });
        return out;
    }
    // Waiting in an Escape Pod: launch it, leave it, or pass (p. 26).
    if let Life::InPod(pod) = state.seats[seat].life {
        out.push(LaunchPod { pod, seat: Some(seat) });
        out.push(LeavePod { seat });
        out.push(Pass { seat });
        return out;
    }
    // A new Arm wound left more Objects than Hand slots: dropping one (free) comes before any
    // Action (the Arm wound card), so it is offered first.
    let s = &state.seats[seat];
    let carried = u16::from(s.eggs_carried) + u16::from(s.carcasses_carried) + u16::from(s.corpses_carried);
    let arm = s.serious.iter().any(|w| !w.dressed && content.data.serious_wounds.get(w.card.0 as usize).is_some_and(|c| c.key == "arm"));
    if carried > if arm { 1 } else { 2 } {
        for object in ResearchObject::ALL {
            out.push(DropObject { seat, object, give_to: None });
        }
    }
    for (to, _) in content.board.neighbours(here) {
        out.push(MoveCharacter { seat, to, careful_noise: None });
    }
    for (to, _) in content.board.neighbours(here) {
        for n in 1..=4 {
            out.push(MoveCharacter { seat, to, careful_noise: Some(n) });
        }
    }
    for i in state.intruders.iter().filter(|i| i.at == here) {
        // The character's own weapon, or another it carries (an Energy one matters only once
        // Vulnerability to Energy is known, pp. 21–22): the table knows which it holds.
        out.push(Shoot { seat, id: i.id, energy: false, weapon: Some(Weapon::Own) });
        out.push(Shoot { seat, id: i.id, energy: false, weapon: Some(Weapon::Carried) });
        if state.weakness_known(crate::content::WeaknessEffect::VulnerabilityToEnergy) {
            out.push(Shoot { seat, id: i.id, energy: false, weapon: Some(Weapon::CarriedEnergy) });
        }
        out.push(MeleeAttack { seat, id: i.id });
    }
    out.push(SearchRoom { seat });
    for object in ResearchObject::ALL {
        out.push(PickUpObject { seat, object });
    }
    out.push(TakeEgg { seat });
    out.push(DestroyEggs { seat, count: 1, into: None });
    for object in ResearchObject::ALL {
        out.push(Research { seat, object });
    }
    out.push(SendSignal { seat });
    out.push(CheckAllEngines { seat });
    for e in 1..=3 {
        if content.engine_location(EngineNumber(e)) == Some(here) {
            out.push(CheckEngine { seat, engine: EngineNumber(e) });
        }
    }
    out.push(CheckCoordinates { seat });
    for letter in DestinationLetter::ALL {
        out.push(SetDestination { seat, letter });
    }
    out.push(StartSelfDestruct { seat });
    out.push(StopSelfDestruct { seat });
    for p in &state.pods {
        out.push(TryEnterPod { seat, pod: p.number });
    }
    out.push(TryHibernate { seat });
    for k in 1..=content.data.locations.len() as u8 {
        out.push(StartAirlock { seat, room: Location(k) });
    }
    for k in 1..=content.data.locations.len() as u8 {
        out.push(FireControl { seat, room: Location(k) });
    }
    for k in 1..=content.data.locations.len() as u8 {
        out.push(PeekRoom { seat, at: Location(k) });
    }
    for procedure in [ScanProcedure::Canteen, ScanProcedure::Shower, ScanProcedure::Surgery] {
        out.push(ScanContamination { seat, cards: Vec::new(), procedure });
    }
    for treatment in Treatment::ALL {
        out.push(TreatWounds { seat, treatment });
    }
    out.push(RechargeWeapon { seat });
    for deck in ItemDeck::ALL {
        out.push(SearchStorage { seat, deck });
    }
    // The Command Center: one offer, the character's own room with every Door of it closed (or
    // opened, when all are closed already); its form chooses any room and any mix (p. 25).
    let doors: Vec<CorridorId> = content.board.neighbours(here).into_iter().map(|(_, c)| c).filter(|c| state.board.doors[c.0 as usize] != DoorState::Destroyed).collect();
    let all_closed = doors.iter().all(|c| state.board.doors[c.0 as usize] == DoorState::Closed);
    out.push(CommandDoors { seat, room: here, closed: if all_closed { Vec::new() } else { doors } });
    for p in &state.pods {
        out.push(HatchControl { seat, pod: p.number, locked: !p.locked });
    }
    // The generic `RoomAction` is no longer offered: every room with an Action has its own command.
    out.extend(card_candidates(state, seat));
    out.push(CardAction { seat, paid: 1 });
    out.push(Pass { seat });
    out
}

/// The card and Item Actions the engine guides, each card with each of its effects here: the
/// table shows the card played, so only public facts choose among them (a dressing, each
/// undressed Serious Wound; a Door, each of this room's corridors; an Intruder, each one here;
/// Blocking Access, each room with a Computer; a Grenade, each Intruder of each room it may be
/// thrown into; a Molotov Cocktail, each of those rooms).
fn card_candidates(state: &State, seat: Seat) -> Vec<Command> {
    let mut out = Vec::new();
    let here = state.seats[seat].location;
    let undressed: Vec<u8> = (0..state.seats[seat].serious.len() as u8).filter(|i| !state.seats[seat].serious[*i as usize].dressed).collect();
    let corridors: Vec<CorridorId> = state.content().board.neighbours(here).into_iter().map(|(_, c)| c).collect();
    let intruders: Vec<IntruderId> = state.intruders_at(here).map(|i| i.id).collect();
    let computers: Vec<Location> = (1..=state.content().data.locations.len() as u8).map(Location).filter(|l| crate::rules::has_computer(state, *l)).collect();
    let throws = crate::rules::throw_targets(state, here);
    let plain = |card, effect| Command::UseCard { seat, card, effect, wound: 0, cards: Vec::new(), corridor: None, intruder: None, room: None };
    let at = |card, effect, room: Location, intruder| Command::UseCard { seat, card, effect, wound: 0, cards: Vec::new(), corridor: None, intruder, room: Some(room) };
    for card in PlayedCard::ALL {
        for effect in card_effects(card) {
            match effect {
                CardEffect::DressSerious => out.extend(undressed.iter().map(|w| Command::UseCard { seat, card, effect: *effect, wound: *w, cards: Vec::new(), corridor: None, intruder: None, room: None })),
                CardEffect::ToggleDoor | CardEffect::DestroyDoor => out.extend(corridors.iter().map(|c| Command::UseCard { seat, card, effect: *effect, wound: 0, cards: Vec::new(), corridor: Some(*c), intruder: None, room: None })),
                CardEffect::ThrowGrenade => {
                    for r in &throws {
                        out.extend(state.intruders_at(*r).map(|i| at(card, *effect, *r, Some(i.id))));
                    }
                }
                CardEffect::ThrowMolotov => out.extend(throws.iter().map(|r| at(card, *effect, *r, None))),
                CardEffect::DriveOffIntruder | CardEffect::StunIntruder => out.extend(intruders.iter().map(|i| Command::UseCard { seat, card, effect: *effect, wound: 0, cards: Vec::new(), corridor: None, intruder: Some(*i), room: None })),
                CardEffect::PlaceMalfunction if card == PlayedCard::BlockingAccess => {
                    out.extend(computers.iter().map(|r| Command::UseCard { seat, card, effect: *effect, wound: 0, cards: Vec::new(), corridor: None, intruder: None, room: Some(*r) }))
                }
                _ => out.push(plain(card, *effect)),
            }
        }
    }
    out
}
