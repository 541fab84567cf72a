//! Ship systems (pp. 24-26): Engines, Coordinates and the destination, Self-Destruct, Escape Pods
//! and hibernation.

use super::ctx::Ctx;
use super::{encounter, ending};
use crate::content::*;
use crate::event::*;
use crate::ids::*;
use crate::words::LogParam;
use crate::rejection::{refuse, refuse_with, Code, Outcome};
use crate::state::*;

fn engine_top(ctx: &Ctx, engine: EngineNumber) -> Outcome<EngineStatus> {
    if !engine.exists() {
        return refuse(Code::NoSuchThing, "engines_are_numbered_1_to_3", "Engines are numbered 1 to 3.");
    }
    match ctx.state.engines[engine.0 as usize - 1] {
        Hidden::Known(t) => Ok(t),
        Hidden::Unknown => refuse(Code::NotAllowed, "the_engine_tokens_are_at_the_table_check", "The Engine tokens are at the table: check the top one there, in secret."),
    }
}

/// Check the Engine (p. 26): only the seat that checked learns the top token.
pub(super) fn check_engine(ctx: &mut Ctx, seat: Seat, engine: EngineNumber) -> Outcome<()> {
    let top = engine_top(ctx, engine)?;
    in_engine_room(ctx, seat, engine, false)?;
    ctx.emit(Event::EngineChecked { seat, engine, top });
    Ok(())
}

/// The Engine room's own Actions (p. 26): the character stands in that Engine's room, out of
/// Combat; Check needs it free of Malfunction, Repair/Break works with one (`malfunction_ok`).
fn in_engine_room(ctx: &Ctx, seat: Seat, engine: EngineNumber, malfunction_ok: bool) -> Outcome<()> {
    ctx.awake(seat)?;
    let room = ctx.content.engine_location(engine);
    if room != Some(ctx.state.seats[seat].location) {
        return refuse_with(Code::NotAllowed, "the_character_must_be_in_the_room_of_engine", "The character must be in the room of Engine #{engine}.", vec![("engine", LogParam::number(engine.0))]);
    }
    ctx.room_action(seat, room, LogParam::Term { key: "location.engine".into(), en: "Engine room".into() }, malfunction_ok).map(|_| ())
}

/// Engine Control Room (p. 25): check all three. Its own Malfunction stops it; the Engine rooms' do not.
pub(super) fn check_all_engines(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.tile_room_action(seat, "engine_control_room", false)?;
    for engine in EngineNumber::ALL {
        let top = engine_top(ctx, engine)?;
        ctx.emit(Event::EngineChecked { seat, engine, top });
    }
    Ok(())
}

/// Repair/Break (p. 26), first half: the seat takes both tokens and sees them. It is done in that
/// Engine's room (with a Repairs card or the Tools, which the table holds), even with a Malfunction.
pub(super) fn begin_repair(ctx: &mut Ctx, seat: Seat, engine: EngineNumber) -> Outcome<()> {
    engine_top(ctx, engine)?;
    in_engine_room(ctx, seat, engine, true)?;
    if ctx.state.repair.is_some() {
        return refuse(Code::NotAllowed, "another_engine_s_tokens_are_still_being_put", "Another Engine's tokens are still being put back: finish that first.");
    }
    let top = engine_top(ctx, engine)?;
    ctx.emit(Event::EngineRepairBegun { seat, engine, top });
    Ok(())
}

/// Repair/Break, second half: the seat sets the order; the table learns only whether it changed.
pub(super) fn set_engine_order(ctx: &mut Ctx, seat: Seat, top: EngineStatus) -> Outcome<()> {
    let Some((holder, engine)) = ctx.state.repair else {
        return refuse(Code::WrongPhase, "nobody_holds_an_engine_s_tokens_first_use", "Nobody holds an Engine's tokens: first use “Repair or break an Engine”.");
    };
    if holder != seat {
        return refuse(Code::NotYourSeat, "another_player_holds_those_engine_tokens", "Another player holds those Engine tokens.");
    }
    let before = engine_top(ctx, engine)?;
    ctx.emit(Event::EngineOrderSet { seat, engine, top, changed: before != top });
    Ok(())
}

/// Repair/Break with physical tokens: only whether the order changed is public (p. 26).
pub(super) fn report_engine_order(ctx: &mut Ctx, seat: Seat, engine: EngineNumber, changed: bool) -> Outcome<()> {
    ctx.awake(seat)?;
    if !engine.exists() {
        return refuse(Code::NoSuchThing, "engines_are_numbered_1_to_3", "Engines are numbered 1 to 3.");
    }
    if ctx.handles(Component::Engines) {
        return refuse(Code::NotAllowed, "the_app_holds_the_engine_tokens_use_repair", "The app holds the Engine tokens: use “Repair or break an Engine” to set their order.");
    }
    ctx.emit(Event::EngineOrderReported { seat, engine, changed });
    Ok(())
}

/// Check Coordinates (Cockpit, p. 26): private to the seat.
pub(super) fn check_coordinates(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.special_room_action(seat, LocationKind::Cockpit)?;
    let Hidden::Known(card) = ctx.state.coordinates else {
        return refuse(Code::NotAllowed, "the_coordinates_card_is_physical_look_at_it", "The Coordinates card is physical: look at it at the table.");
    };
    ctx.emit(Event::CoordinatesChecked { seat, card });
    Ok(())
}

/// Set Destination (Cockpit, p. 26): never while anyone hibernates, never with an Intruder in the Cockpit.
pub(super) fn set_destination(ctx: &mut Ctx, seat: Seat, letter: DestinationLetter) -> Outcome<()> {
    ctx.special_room_action(seat, LocationKind::Cockpit)?;
    if ctx.state.anyone_hibernating() {
        return refuse(Code::NotAllowed, "the_destination_cannot_change_while_anyone_is_hibernating", "The destination cannot change while anyone is hibernating.");
    }
    let cockpit = ctx.special(LocationKind::Cockpit);
    if ctx.state.intruders_at(cockpit).next().is_some() {
        return refuse(Code::NotAllowed, "an_intruder_is_in_the_cockpit_the_destination", "An Intruder is in the Cockpit: the destination cannot be set.");
    }
    if ctx.state.destination == letter {
        return refuse(Code::NotAllowed, "the_destination_marker_is_already_on_that_space", "The Destination marker is already on that space.");
    }
    ctx.emit(Event::DestinationSet { letter });
    Ok(())
}

/// Generator (p. 24): start the Self-Destruct sequence; never while anyone hibernates.
pub(super) fn start_self_destruct(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.tile_room_action(seat, "generator", false)?;
    begin_self_destruct(ctx)
}

/// The sequence starts, by the Generator or the Self-Destruct Key alike.
pub(super) fn begin_self_destruct(ctx: &mut Ctx) -> Outcome<()> {
    if ctx.state.self_destruct.is_some() {
        return refuse(Code::NotAllowed, "the_self_destruct_sequence_is_already_running", "The Self-Destruct sequence is already running.");
    }
    if ctx.state.anyone_hibernating() {
        return refuse(Code::NotAllowed, "self_destruct_cannot_start_while_anyone_is_hibernating", "Self-Destruct cannot start while anyone is hibernating.");
    }
    ctx.emit(Event::SelfDestructStarted);
    Ok(())
}

/// Generator: stop the sequence, unless it has reached yellow.
pub(super) fn stop_self_destruct(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.tile_room_action(seat, "generator", false)?;
    end_self_destruct(ctx)
}

/// The sequence stops, by the Generator or the Self-Destruct Key alike, unless it reached yellow.
pub(super) fn end_self_destruct(ctx: &mut Ctx) -> Outcome<()> {
    if ctx.state.self_destruct.is_none() {
        return refuse(Code::NotAllowed, "the_self_destruct_sequence_is_not_running", "The Self-Destruct sequence is not running.");
    }
    if ctx.state.self_destruct_unstoppable() {
        return refuse(Code::NotAllowed, "the_self_destruct_marker_is_on_yellow_it", "The Self-Destruct marker is on yellow: it can no longer be stopped.");
    }
    ctx.emit(Event::SelfDestructStopped);
    Ok(())
}

fn docked_pod(ctx: &Ctx, pod: PodNumber) -> Outcome<Pod> {
    match ctx.state.pod(pod) {
        None => refuse_with(Code::NoSuchThing, "escape_pod_pod_is_not_in_this_game", "Escape Pod {pod} is not in this game.", vec![("pod", LogParam::number(pod.0))]),
        Some(p) if p.state != PodState::Docked => refuse_with(Code::NotAllowed, "escape_pod_pod_has_already_left", "Escape Pod {pod} has already left.", vec![("pod", LogParam::number(pod.0))]),
        Some(p) => Ok(p.clone()),
    }
}

/// Hatch Control System (p. 25), or the table's own correction: lock or unlock one pod.
pub(super) fn set_pod_lock(ctx: &mut Ctx, pod: PodNumber, locked: bool) -> Outcome<()> {
    let p = docked_pod(ctx, pod)?;
    if p.locked == locked {
        let pod = vec![("pod", LogParam::number(pod.0))];
        return if locked { refuse_with(Code::NotAllowed, "escape_pod_pod_is_already_locked", "Escape Pod {pod} is already locked.", pod) } else { refuse_with(Code::NotAllowed, "escape_pod_pod_is_already_unlocked", "Escape Pod {pod} is already unlocked.", pod) };
    }
    ctx.emit(Event::PodLockSet { pod, locked });
    Ok(())
}

fn section_room(ctx: &Ctx, section: Section) -> Option<Location> {
    ctx.state.explored_room(match section {
        Section::A => "evacuation_section_a",
        Section::B => "evacuation_section_b",
    })
}

/// Evacuation Section (p. 24): a Noise roll; if no Intruder comes, the character boards the pod.
pub(super) fn try_enter_pod(ctx: &mut Ctx, seat: Seat, pod: PodNumber) -> Outcome<()> {
    ctx.awake(seat)?;
    let p = docked_pod(ctx, pod)?;
    let at = ctx.state.seats[seat].location;
    if section_room(ctx, p.section) != Some(at) {
        return refuse_with(Code::NotAllowed, "the_character_must_be_in_evacuation_section_section", "The character must be in Evacuation Section {section}.", vec![("section", LogParam::text(format!("{:?}", p.section)))]);
    }
    if p.locked {
        return refuse_with(Code::NotAllowed, "escape_pod_pod_is_locked", "Escape Pod {pod} is locked.", vec![("pod", LogParam::number(pod.0))]);
    }
    if p.occupants.len() >= ctx.content.data.escape_pods.seats as usize {
        return refuse_with(Code::NotAllowed, "escape_pod_pod_is_full", "Escape Pod {pod} is full.", vec![("pod", LogParam::number(pod.0))]);
    }
    if ctx.state.room(at).malfunction {
        return refuse(Code::NotAllowed, "a_malfunction_stops_the_evacuation_section_s_action", "A Malfunction stops the Evacuation Section's Action.");
    }
    if ctx.state.intruders_at(at).next().is_some() {
        return refuse(Code::NotAllowed, "no_one_can_enter_a_pod_with_an", "No one can enter a pod with an Intruder in the Evacuation Section.");
    }
    // p. 26: an Intruder in the room after the Noise roll, or a character who did not survive
    // it, and the attempt has failed (said, so the table does not put the miniature in the pod).
    let arrived = encounter::noise_roll(ctx, seat)? == encounter::Arrival::Intruder || ctx.state.intruders_at(at).next().is_some();
    if ctx.state.is_over() {
        return Ok(());
    }
    if arrived || ctx.state.seats[seat].life != Life::Awake {
        ctx.emit(Event::PodEntryFailed { seat, pod });
        return Ok(());
    }
    ctx.emit(Event::CharacterEnteredPod { seat, pod });
    Ok(())
}

/// Launches a pod with whoever sits in it: they have escaped (p. 26).
/// Only someone in the pod launches it (p. 26: on entering, or at the start of their round).
pub(super) fn launch_pod(ctx: &mut Ctx, pod: PodNumber, by: Option<Seat>) -> Outcome<()> {
    let p = docked_pod(ctx, pod)?;
    if p.occupants.is_empty() {
        return refuse_with(Code::NotAllowed, "nobody_is_in_escape_pod_pod", "Nobody is in Escape Pod {pod}.", vec![("pod", LogParam::number(pod.0))]);
    }
    if let Some(seat) = by {
        ctx.seat(seat)?;
        if !p.occupants.contains(&seat) {
            return refuse_with(Code::NotAllowed, "only_a_character_in_escape_pod_pod_launches_it", "Only a character in Escape Pod {pod} launches it.", vec![("pod", LogParam::number(pod.0))]);
        }
    }
    // A pod launches at once, in the round its character entered it (the round stays with them
    // until they launch or wait), or at the start of the round of a character waiting inside
    // (p. 26): always in the launcher's own round, never in another player's. A second character
    // entering launches at once, taking the first along.
    if ctx.state.rounds.started {
        let may = |s: &Seat| ctx.state.rounds.turn_of == Some(*s);
        let launcher = match by {
            Some(seat) => Some(seat).filter(may),
            None => p.occupants.iter().copied().find(may),
        };
        if launcher.is_none() {
            let waiting = by.or(p.occupants.first().copied()).map(|s| LogParam::seat(s.0, ctx.state.seats[s].name.clone())).unwrap_or_else(|| LogParam::text(""));
            return refuse_with(
                Code::NotAllowed,
                "an_escape_pod_launches_only_in_the_round_of",
                "An Escape Pod launches only in the round of a character inside it: {player} launches Escape Pod {pod} at the start of their own round (p. 26).",
                vec![("player", waiting), ("pod", LogParam::number(pod.0))],
            );
        }
    }
    ctx.emit(Event::PodLaunched { pod });
    ending::last_awake_check(ctx);
    Ok(())
}

/// Leaving the pod one waits in (p. 26): back to its Evacuation Section. When, and what it does
/// to the round, is the Player Phase's (`player_phase::leave_pod`).
pub(super) fn leave_pod(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.seat(seat)?;
    if !matches!(ctx.state.seats[seat].life, Life::InPod(_)) {
        return refuse(Code::NotAllowed, "this_character_is_not_waiting_in_an_escape", "This character is not waiting in an Escape Pod.");
    }
    ctx.emit(Event::CharacterLeftPod { seat });
    Ok(())
}

/// Hibernatorium (p. 26): only once the Time marker is on blue; a Noise roll decides.
pub(super) fn try_hibernate(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.awake(seat)?;
    let hib = ctx.special(LocationKind::Hibernatorium);
    if ctx.state.seats[seat].location != hib {
        return refuse(Code::NotAllowed, "the_character_must_be_in_the_hibernatorium", "The character must be in the Hibernatorium.");
    }
    if !ctx.state.hibernation_open() {
        return refuse(Code::NotAllowed, "the_hibernation_chambers_open_only_when_the_time", "The hibernation chambers open only when the Time marker reaches blue.");
    }
    if ctx.state.room(hib).malfunction {
        return refuse(Code::NotAllowed, "a_malfunction_stops_the_hibernatorium_s_action", "A Malfunction stops the Hibernatorium's Action.");
    }
    if ctx.state.intruders_at(hib).next().is_some() {
        return refuse(Code::NotAllowed, "no_one_can_hibernate_with_an_intruder_in", "No one can hibernate with an Intruder in the Hibernatorium.");
    }
    // p. 26: an Intruder showing up, or a character who did not survive the Noise roll, and the
    // attempt has failed (said, so the table does not take the miniature off the board).
    let arrived = encounter::noise_roll(ctx, seat)? == encounter::Arrival::Intruder;
    if ctx.state.is_over() {
        return Ok(());
    }
    if arrived || ctx.state.seats[seat].life != Life::Awake {
        ctx.emit(Event::HibernationFailed { seat });
        return Ok(());
    }
    ctx.emit(Event::CharacterHibernated { seat });
    ending::last_awake_check(ctx);
    Ok(())
}

/// The critical moment of a yellow Self-Destruct space: every pod unlocks (p. 12).
pub(super) fn unlock_all(ctx: &mut Ctx, reason: UnlockReason) {
    ctx.emit(Event::PodsUnlocked { reason });
}
