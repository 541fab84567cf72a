//! The ship's secrets and exits: Engines (p. 26), Coordinates and destination (p. 26),
//! Self-Destruct (p. 24), Escape Pods (p. 26), hibernation (p. 26), objectives (p. 12),
//! Weakness research (p. 21) and the Monitoring Room (p. 25).

use super::{board, Ctx};
use crate::command::Entered;
use crate::content::LocationKind;
use crate::event::{Event, UnlockReason};
use crate::ids::*;
use crate::log::LogParam;
use crate::rejection::{refuse, refuse_with, Code, Outcome};
use crate::state::*;

fn engine_top(ctx: &Ctx, engine: EngineNumber) -> Outcome<EngineStatus> {
    if !(1..=3).contains(&engine.0) {
        return refuse(Code::NoSuchThing, "Engines are numbered 1 to 3.");
    }
    match ctx.s.engines[engine.0 as usize - 1] {
        Hidden::Known(t) => Ok(t),
        Hidden::Unknown => refuse(Code::NotAllowed, "The Engine tokens are at the table: check the top one there, in secret."),
    }
}

/// Check the Engine (p. 26): only the seat that checked learns the top token.
pub(super) fn check_engine(ctx: &mut Ctx, seat: Seat, engine: EngineNumber) -> Outcome<()> {
    ctx.awake(seat)?;
    let top = engine_top(ctx, engine)?;
    ctx.emit(Event::EngineChecked { seat, engine, top });
    Ok(())
}

/// Engine Control Room (p. 25): check all three.
pub(super) fn check_all_engines(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.awake(seat)?;
    for n in 1..=3 {
        let top = engine_top(ctx, EngineNumber(n))?;
        ctx.emit(Event::EngineChecked { seat, engine: EngineNumber(n), top });
    }
    Ok(())
}

/// Repair/Break (p. 26), first half: the seat takes both tokens and sees them.
pub(super) fn begin_repair(ctx: &mut Ctx, seat: Seat, engine: EngineNumber) -> Outcome<()> {
    ctx.awake(seat)?;
    if ctx.s.repair.is_some() {
        return refuse(Code::NotAllowed, "Another Engine's tokens are still being put back: finish that first.");
    }
    let top = engine_top(ctx, engine)?;
    ctx.emit(Event::EngineRepairBegun { seat, engine, top });
    Ok(())
}

/// Repair/Break, second half: the seat sets the order; the table learns only whether it changed.
pub(super) fn set_engine_order(ctx: &mut Ctx, seat: Seat, top: EngineStatus) -> Outcome<()> {
    let Some((holder, engine)) = ctx.s.repair else {
        return refuse(Code::WrongPhase, "Nobody holds an Engine's tokens: first use “Repair or break an Engine”.");
    };
    if holder != seat {
        return refuse(Code::NotYourSeat, "Another player holds those Engine tokens.");
    }
    let before = engine_top(ctx, engine)?;
    ctx.emit(Event::EngineOrderSet { seat, engine, top, changed: before != top });
    Ok(())
}

/// Repair/Break with physical tokens: only whether the order changed is public (p. 26).
pub(super) fn report_engine_order(ctx: &mut Ctx, seat: Seat, engine: EngineNumber, changed: bool) -> Outcome<()> {
    ctx.awake(seat)?;
    if !(1..=3).contains(&engine.0) {
        return refuse(Code::NoSuchThing, "Engines are numbered 1 to 3.");
    }
    if ctx.handles(Component::Engines) {
        return refuse(Code::NotAllowed, "The app holds the Engine tokens: use “Repair or break an Engine” to set their order.");
    }
    ctx.emit(Event::EngineOrderReported { seat, engine, changed });
    Ok(())
}

/// Check Coordinates (Cockpit, p. 26): private to the seat.
pub(super) fn check_coordinates(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.awake(seat)?;
    let Hidden::Known(card) = ctx.s.coordinates else {
        return refuse(Code::NotAllowed, "The Coordinates card is physical: look at it at the table.");
    };
    ctx.emit(Event::CoordinatesChecked { seat, card });
    Ok(())
}

/// Set Destination (Cockpit, p. 26): never while anyone hibernates, never with an Intruder in the Cockpit.
pub(super) fn set_destination(ctx: &mut Ctx, seat: Seat, letter: DestinationLetter) -> Outcome<()> {
    ctx.awake(seat)?;
    if ctx.s.anyone_hibernating() {
        return refuse(Code::NotAllowed, "The destination cannot change while anyone is hibernating.");
    }
    let cockpit = board::special(ctx, LocationKind::Cockpit);
    if ctx.s.intruders_at(cockpit).next().is_some() {
        return refuse(Code::NotAllowed, "An Intruder is in the Cockpit: the destination cannot be set.");
    }
    if ctx.s.destination == letter {
        return refuse(Code::NotAllowed, "The Destination marker is already on that space.");
    }
    ctx.emit(Event::DestinationSet { letter });
    Ok(())
}

/// Generator (p. 24): start the Self-Destruct sequence; never while anyone hibernates.
pub(super) fn start_self_destruct(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.awake(seat)?;
    if ctx.s.self_destruct.is_some() {
        return refuse(Code::NotAllowed, "The Self-Destruct sequence is already running.");
    }
    if ctx.s.anyone_hibernating() {
        return refuse(Code::NotAllowed, "Self-Destruct cannot start while anyone is hibernating.");
    }
    ctx.emit(Event::SelfDestructStarted);
    Ok(())
}

/// Generator: stop the sequence, unless it has reached yellow.
pub(super) fn stop_self_destruct(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.awake(seat)?;
    if ctx.s.self_destruct.is_none() {
        return refuse(Code::NotAllowed, "The Self-Destruct sequence is not running.");
    }
    if ctx.s.self_destruct_unstoppable() {
        return refuse(Code::NotAllowed, "The Self-Destruct marker is on yellow: it can no longer be stopped.");
    }
    ctx.emit(Event::SelfDestructStopped);
    Ok(())
}

fn docked_pod(ctx: &Ctx, pod: PodNumber) -> Outcome<Pod> {
    match ctx.s.pod(pod) {
        None => refuse_with(Code::NoSuchThing, "Escape Pod {pod} is not in this game.", vec![("pod", LogParam::number(pod.0))]),
        Some(p) if p.state != PodState::Docked => refuse_with(Code::NotAllowed, "Escape Pod {pod} has already left.", vec![("pod", LogParam::number(pod.0))]),
        Some(p) => Ok(p.clone()),
    }
}

/// Hatch Control System (p. 25), or the table's own correction: lock or unlock one pod.
pub(super) fn set_pod_lock(ctx: &mut Ctx, pod: PodNumber, locked: bool) -> Outcome<()> {
    let p = docked_pod(ctx, pod)?;
    if p.locked == locked {
        let pod = vec![("pod", LogParam::number(pod.0))];
        return if locked { refuse_with(Code::NotAllowed, "Escape Pod {pod} is already locked.", pod) } else { refuse_with(Code::NotAllowed, "Escape Pod {pod} is already unlocked.", pod) };
    }
    ctx.emit(Event::PodLockSet { pod, locked });
    Ok(())
}

fn section_room(ctx: &Ctx, section: Section) -> Option<Location> {
    ctx.s.explored_room(match section {
        Section::A => "evacuation_section_a",
        Section::B => "evacuation_section_b",
    })
}

/// Evacuation Section (p. 24): a Noise roll; if no Intruder comes, the character boards the pod.
pub(super) fn try_enter_pod(ctx: &mut Ctx, seat: Seat, pod: PodNumber) -> Outcome<()> {
    ctx.awake(seat)?;
    let p = docked_pod(ctx, pod)?;
    let at = ctx.s.seats[seat].location;
    if section_room(ctx, p.section) != Some(at) {
        return refuse_with(Code::NotAllowed, "The character must be in Evacuation Section {section}.", vec![("section", LogParam::text(format!("{:?}", p.section)))]);
    }
    if p.locked {
        return refuse_with(Code::NotAllowed, "Escape Pod {pod} is locked.", vec![("pod", LogParam::number(pod.0))]);
    }
    if p.occupants.len() >= ctx.c.data.escape_pods.seats as usize {
        return refuse_with(Code::NotAllowed, "Escape Pod {pod} is full.", vec![("pod", LogParam::number(pod.0))]);
    }
    if ctx.s.room(at).malfunction {
        return refuse(Code::NotAllowed, "A Malfunction stops the Evacuation Section's Action.");
    }
    if ctx.s.intruders_at(at).next().is_some() {
        return refuse(Code::NotAllowed, "No one can enter a pod with an Intruder in the Evacuation Section.");
    }
    if board::noise_roll(ctx, seat)? == board::Arrival::Intruder || ctx.s.intruders_at(at).next().is_some() {
        return Ok(());
    }
    if ctx.s.seats[seat].life == Life::Awake {
        ctx.emit(Event::CharacterEnteredPod { seat, pod });
    }
    Ok(())
}

/// Launches a pod with whoever sits in it: they have escaped (p. 26).
pub(super) fn launch_pod(ctx: &mut Ctx, pod: PodNumber) -> Outcome<()> {
    let p = docked_pod(ctx, pod)?;
    if p.occupants.is_empty() {
        return refuse_with(Code::NotAllowed, "Nobody is in Escape Pod {pod}.", vec![("pod", LogParam::number(pod.0))]);
    }
    ctx.emit(Event::PodLaunched { pod });
    super::turn::last_awake_check(ctx);
    Ok(())
}

pub(super) fn leave_pod(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.seat(seat)?;
    if !matches!(ctx.s.seats[seat].life, Life::InPod(_)) {
        return refuse(Code::NotAllowed, "This character is not waiting in an Escape Pod.");
    }
    ctx.emit(Event::CharacterLeftPod { seat });
    Ok(())
}

/// Hibernatorium (p. 26): only once the Time marker is on blue; a Noise roll decides.
pub(super) fn try_hibernate(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.awake(seat)?;
    let hib = board::special(ctx, LocationKind::Hibernatorium);
    if ctx.s.seats[seat].location != hib {
        return refuse(Code::NotAllowed, "The character must be in the Hibernatorium.");
    }
    if !ctx.s.hibernation_open() {
        return refuse(Code::NotAllowed, "The hibernation chambers open only when the Time marker reaches blue.");
    }
    if ctx.s.room(hib).malfunction {
        return refuse(Code::NotAllowed, "A Malfunction stops the Hibernatorium's Action.");
    }
    if ctx.s.intruders_at(hib).next().is_some() {
        return refuse(Code::NotAllowed, "No one can hibernate with an Intruder in the Hibernatorium.");
    }
    if board::noise_roll(ctx, seat)? == board::Arrival::Intruder || ctx.s.seats[seat].life != Life::Awake {
        return Ok(());
    }
    ctx.emit(Event::CharacterHibernated { seat });
    super::turn::last_awake_check(ctx);
    Ok(())
}

/// First Encounter (p. 12): each player keeps one objective, secretly.
pub(super) fn choose_objective(ctx: &mut Ctx, seat: Seat, key: Option<&str>) -> Outcome<()> {
    ctx.seat(seat)?;
    if !ctx.s.first_encounter {
        return refuse(Code::WrongPhase, "Objectives are chosen at the first Encounter.");
    }
    if ctx.s.seats[seat].objective != ObjectiveChoice::Undecided {
        return refuse(Code::NotAllowed, "This player has already chosen an objective.");
    }
    let dealt = ctx.s.seats[seat].objectives.clone();
    let objective = match key {
        Some(k) => {
            let found = dealt.iter().copied().find(|o| ctx.c.data.objectives[o.0 as usize].key == k);
            match found {
                Some(o) => Some(o),
                None => return refuse(Code::NotAllowed, "Choose one of the two objectives you were dealt."),
            }
        }
        None if dealt.is_empty() => None,
        None => return refuse(Code::NotAllowed, "Choose one of your two objectives."),
    };
    ctx.emit(Event::ObjectiveChosen { seat, objective });
    Ok(())
}

/// Laboratory (p. 24): researching an Object reveals the Weakness in its slot, for everyone.
pub(super) fn research(ctx: &mut Ctx, seat: Seat, object: ResearchObject) -> Outcome<()> {
    ctx.awake(seat)?;
    let slot = ctx.s.weaknesses[object.slot()];
    if slot.revealed.is_some() {
        return refuse(Code::NotAllowed, "That Weakness is already discovered.");
    }
    let entered = ctx.take(|e| match e {
        Entered::Weakness { key } => Some(key.clone()),
        _ => None,
    });
    let card = match (slot.card, entered) {
        (Some(c), None) => c,
        // Refused whatever the value, so a guess never learns the face-down card.
        (Some(_), Some(_)) => return refuse(Code::BadResult, "The app holds the Weakness cards: nothing needs entering."),
        (None, Some(k)) => match ctx.c.data.weaknesses.iter().position(|w| w.key == k) {
            Some(i) if !ctx.s.weaknesses.iter().any(|w| w.revealed == Some(WeaknessId(i as u8))) => WeaknessId(i as u8),
            Some(_) => return refuse(Code::BadResult, "That Weakness is already face up."),
            None => return refuse_with(Code::BadResult, "There is no Weakness card '{key}'.", vec![("key", LogParam::text(k.to_string()))]),
        },
        (None, None) => return ctx.need(Component::Weaknesses, "Weakness card turned over"),
    };
    ctx.emit(Event::WeaknessRevealed { slot: object, card });
    Ok(())
}

/// Monitoring Room (p. 25): secretly look at one unexplored room tile and its token.
pub(super) fn peek_room(ctx: &mut Ctx, seat: Seat, at: Location) -> Outcome<()> {
    ctx.awake(seat)?;
    let at = ctx.location(at)?;
    let r = ctx.s.room(at).clone();
    if r.explored {
        return refuse(Code::NotAllowed, "That room is already explored: pick an unexplored one.");
    }
    match (r.tile, r.token) {
        (Some(tile), Some(token)) if ctx.handles(Component::RoomTiles) && ctx.handles(Component::ExplorationTokens) => {
            ctx.emit(Event::RoomPeeked { seat, at, tile, token });
            Ok(())
        }
        _ => refuse(Code::NotAllowed, "The room tiles or Exploration tokens are physical: peek at them at the table."),
    }
}

/// The critical moment of a yellow Self-Destruct space: every pod unlocks (p. 12).
pub(super) fn unlock_all(ctx: &mut Ctx, reason: UnlockReason) {
    ctx.emit(Event::PodsUnlocked { reason });
}
