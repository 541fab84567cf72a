//! The victory check (pp. 11, 27): Engines, Coordinates, the Contamination check, objectives
//! revealed and judged.

use super::ctx::Ctx;
use super::{contamination, ending};
use crate::command::*;
use crate::event::*;
use crate::ids::*;
use crate::rejection::{refuse, refuse_with, Code, Outcome};
use crate::words::LogParam;
use crate::state::*;

fn at_check(ctx: &Ctx, step: VictoryStep) -> Outcome<()> {
    match ctx.state.phase {
        Phase::Over { check, .. } if check == step => Ok(()),
        Phase::Over { .. } => refuse(Code::WrongPhase, "the_victory_check_is_at_another_step", "The victory check is at another step."),
        _ => refuse(Code::WrongPhase, "the_victory_check_comes_at_the_end_of", "The victory check comes at the end of the game."),
    }
}

fn step_to(ctx: &mut Ctx, step: VictoryStep) {
    let step = if step != VictoryStep::Done && ending::survivors(ctx).is_empty() { VictoryStep::Done } else { step };
    ctx.emit(Event::VictoryStepReached { step });
}

/// Victory check 1 (p. 11): the top Engine tokens; 2 or 3 Damaged and the ship explodes.
pub(super) fn reveal_engines(ctx: &mut Ctx) -> Outcome<()> {
    at_check(ctx, VictoryStep::Engines)?;
    let mut tops = [EngineStatus::Working; 3];
    for (i, t) in tops.iter_mut().enumerate() {
        *t = match ctx.state.engines[i] {
            Hidden::Known(s) => s,
            Hidden::Unknown => match ctx.take(|e| match e {
                Entered::Engine { status } => Some(*status),
                _ => None,
            }) {
                Some(s) => s,
                None => return ctx.need(Component::Engines, "three_top_engine_tokens_engine_1_first", "three top Engine tokens, Engine 1 first"),
            },
        };
    }
    ctx.emit(Event::EnginesRevealed { tops });
    if tops.iter().filter(|t| **t == EngineStatus::Damaged).count() >= 2 {
        for seat in ending::survivors(ctx) {
            if ctx.state.seats[seat].life == Life::Hibernating {
                ctx.emit(Event::CharacterDied { seat, cause: DeathCause::EnginesFailed });
            }
        }
        ctx.emit(Event::ShipDestroyed);
        step_to(ctx, VictoryStep::Contamination);
    } else {
        step_to(ctx, VictoryStep::Coordinates);
    }
    Ok(())
}

/// Victory check 2 (p. 11): not Earth kills the hibernating, but Quarantine holders survive Mars.
pub(super) fn reveal_coordinates(ctx: &mut Ctx, quarantine: &[Seat]) -> Outcome<()> {
    at_check(ctx, VictoryStep::Coordinates)?;
    let (card, destination) = match ctx.state.coordinates {
        Hidden::Known(c) => (Some(c), ctx.content.data.coordinates[c.0 as usize].destination(ctx.state.destination)),
        Hidden::Unknown => match ctx.take(|e| match e {
            Entered::Destination { destination } => Some(*destination),
            _ => None,
        }) {
            Some(d) => (None, d),
            None => return ctx.need(Component::Coordinates, "destination_shown_by_the_coordinates_card", "destination shown by the Coordinates card"),
        },
    };
    ctx.emit(Event::CoordinatesRevealed { card, destination });
    if destination != Destination::Earth {
        for seat in ending::survivors(ctx) {
            if ctx.state.seats[seat].life != Life::Hibernating {
                continue;
            }
            let holds_quarantine = match ctx.state.seats[seat].objective {
                ObjectiveChoice::Chosen(Some(o)) => ctx.content.data.objectives[o.0 as usize].key == "quarantine",
                _ => quarantine.contains(&seat),
            };
            if !(destination == Destination::Mars && holds_quarantine) {
                ctx.emit(Event::CharacterDied { seat, cause: DeathCause::WrongDestination });
            }
        }
    }
    step_to(ctx, VictoryStep::Contamination);
    Ok(())
}

/// Victory check 3 (p. 11): scan everything; with an INFECTED card (or a Larva), shuffle all
/// cards and draw 4: any Contamination among them and the character dies.
pub(super) fn check_contamination(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    at_check(ctx, VictoryStep::Contamination)?;
    ctx.seat(seat)?;
    if !ending::survivors(ctx).contains(&seat) {
        return refuse(Code::NotAllowed, "only_surviving_characters_are_checked", "Only surviving characters are checked.");
    }
    if checked(ctx, seat) {
        return refuse(Code::NotAllowed, "this_character_s_contamination_is_already_checked", "This character's Contamination is already checked.");
    }
    let cards = ctx.state.seats[seat].contamination.clone();
    let mut infected = ctx.state.seats[seat].larva;
    if !infected {
        // Step A: every card is scanned, and each result reaches its owner alone (as a Rest
        // scan's does); the table learns only whether the draw of step B follows.
        for c in &cards {
            let result = contamination::infected_status(ctx, *c)?;
            ctx.emit(Event::ContaminationScanned { seat, card: *c, infected: result, kept_in_hand: false });
            infected |= result;
        }
    }
    let mut drawn_contamination = 0u8;
    if infected && !cards.is_empty() {
        // 10 Action cards plus the Contamination cards, shuffled, and 4 drawn.
        drawn_contamination = match ctx.take(|e| match e {
            Entered::ContaminationDraw { contamination } => Some(*contamination),
            _ => None,
        }) {
            Some(n) if n as usize <= cards.len().min(4) => n,
            Some(_) => return refuse(Code::BadResult, "more_contamination_cards_drawn_than_the_character_holds", "More Contamination cards drawn than the character holds."),
            None => {
                let total = 10 + cards.len();
                ctx.fate.sample(total, 4).into_iter().filter(|i| *i >= 10).count() as u8
            }
        };
    }
    let dies = infected && drawn_contamination > 0;
    ctx.emit(Event::ContaminationChecked { seat, infected, drawn_contamination, dies });
    if dies {
        ctx.emit(Event::CharacterDied { seat, cause: DeathCause::Contamination });
    }
    if ending::survivors(ctx).iter().all(|s| checked(ctx, *s)) {
        step_to(ctx, VictoryStep::Objectives);
    }
    Ok(())
}

fn checked(ctx: &Ctx, seat: Seat) -> bool {
    ctx.state.seats[seat].contamination_checked
}

/// Victory check 4 (p. 11): each survivor reveals the objective they kept.
pub(super) fn reveal_objective(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    at_check(ctx, VictoryStep::Objectives)?;
    ctx.seat(seat)?;
    if !ctx.state.judged_seats().contains(&seat) {
        return refuse(Code::NotAllowed, "only_surviving_characters_reveal_their_objective", "Only surviving characters reveal their objective.");
    }
    if ctx.state.seats[seat].objective_revealed {
        return refuse(Code::NotAllowed, "that_objective_is_already_revealed", "That objective is already revealed.");
    }
    let objective = match ctx.state.seats[seat].objective {
        ObjectiveChoice::Chosen(o) => o,
        ObjectiveChoice::Undecided => ctx.state.seats[seat].objectives.first().copied(),
    };
    ctx.emit(Event::ObjectiveRevealed { seat, objective });
    Ok(())
}

/// The table judges whether the revealed objective was met; a survivor who met it wins. A "Met"
/// the records contradict is refused with the reason, unless the table, told it, overrules them
/// where a play the app keeps no record of could have done it (`confirmable`); elsewhere the
/// records are the whole story and the overrule is refused with the same reason.
pub(super) fn judge_objective(ctx: &mut Ctx, seat: Seat, met: bool, overrule: bool) -> Outcome<()> {
    at_check(ctx, VictoryStep::Objectives)?;
    ctx.seat(seat)?;
    if !ctx.state.seats[seat].objective_revealed {
        return refuse(Code::WrongPhase, "reveal_the_objective_first", "Reveal the objective first.");
    }
    if ctx.state.seats[seat].objective_met.is_some() {
        return refuse(Code::NotAllowed, "that_objective_is_already_judged", "That objective is already judged.");
    }
    if met {
        if let Err(reason) = contradicted(ctx, seat) {
            if !overrule || !confirmable(ctx, seat, &reason.key) {
                return Err(reason);
            }
        }
    }
    ctx.emit(Event::ObjectiveJudged { seat, met });
    if ctx.state.judged_seats().iter().all(|s| ctx.state.seats[*s].objective_met.is_some()) {
        step_to(ctx, VictoryStep::Done);
    }
    Ok(())
}

/// Characters whose decks take a Computer room's Action from another room (docs/cards.md:
/// Computer Skills, Blocking Access, Piloting, Intranet): the Comms Room's Signal (p. 24) or the
/// Laboratory's research (p. 24) done that way leaves no record in the app.
const REMOTE_COMPUTER_DECKS: &[&str] = &["pilot", "mechanic", "scientist"];

/// Whether the table may confirm a "Met" the records refused with `key`: only a Signal or a
/// Weakness, and only when a character who could have done it without a record is in the game
/// (the holder's own for a personal Signal). An Egg or the Corpse carried is always recorded.
fn confirmable(ctx: &Ctx, seat: Seat, key: &str) -> bool {
    let s = &ctx.state;
    let remote = |x: &SeatState| x.character.and_then(|c| ctx.content.data.characters.get(c.0 as usize)).is_some_and(|c| REMOTE_COMPUTER_DECKS.contains(&c.key.as_str()));
    // A solo/coop objective is the crew's (p. 27): any character's Signal counts for it.
    let crew = objective_card(ctx, seat).is_some_and(|c| c.kind == crate::content::ObjectiveKind::SoloCoop);
    match key {
        "not_met_this_objective_needs_the_signal_sent" | "not_met_the_holder_must_send_the_signal_themselves" => remote(&s.seats[seat]) || crew && s.seats.iter().any(|(_, x)| remote(x)),
        "not_met_the_crews_objectives_need_more_signals" | "not_met_a_weakness_this_objective_needs_is_undiscovered" => s.seats.iter().any(|(_, x)| remote(x)),
        _ => false,
    }
}

/// The objective card `seat` is judged on: the one kept, or the one dealt while none is kept yet.
fn objective_card(ctx: &Ctx, seat: Seat) -> Option<&'static crate::content::ObjectiveSpec> {
    let objective = match ctx.state.seats[seat].objective {
        ObjectiveChoice::Chosen(o) => o,
        ObjectiveChoice::Undecided => ctx.state.seats[seat].objectives.first().copied(),
    };
    objective.and_then(|o| ctx.content.data.objectives.get(o.0 as usize))
}

/// A "Met" the app's own records contradict is refused (p. 11, the objectives' terms): whether the
/// Signal was sent (p. 24), what a character carries, which Weaknesses are discovered (p. 21). The
/// table judges only what the app cannot know; physical objectives are the table's alone.
fn contradicted(ctx: &Ctx, seat: Seat) -> Outcome<()> {
    let s = &ctx.state;
    let card_of = |seat: Seat| objective_card(ctx, seat);
    let Some(card) = card_of(seat) else { return Ok(()) };
    // A solo/coop objective is the crew's (p. 27): any character's Signal or Egg counts for it.
    let crew = card.kind == crate::content::ObjectiveKind::SoloCoop;
    let by = |f: &dyn Fn(&SeatState) -> bool| if crew { s.seats.iter().any(|(_, x)| f(x)) } else { f(&s.seats[seat]) };
    let discovered = |o: ResearchObject| s.weaknesses[o.slot()].revealed.is_some();
    let weaknesses = s.weaknesses.iter().filter(|w| w.revealed.is_some()).count();
    let key = card.key.as_str();
    let needs_signal = |key: &str| {
        matches!(
            key,
            "the_great_hunt" | "relentless_investigator" | "a_proper_burial" | "aliens_on_a_spaceship" | "necroscopy" | "my_precious" | "cutting_off_the_head" | "no_man_left_behind" | "clean_up_crew"
        )
    };
    let signal = needs_signal(key);
    if signal && !by(&|x: &SeatState| x.signal) {
        // Another character's Signal does not count for a personal objective: say whose it was.
        // Each player by seat, as every refusal names one (issue 30).
        let senders: Vec<LogParam> = s.seats.iter().filter(|(_, x)| x.signal).map(|(at, x)| LogParam::seat(at.0, x.name.clone())).collect();
        if !senders.is_empty() {
            let holder = LogParam::seat(seat.0, s.seats[seat].name.clone());
            return refuse_with(
                Code::NotAllowed,
                "not_met_the_holder_must_send_the_signal_themselves",
                "Not met: this objective needs {player} to send the Signal themselves; the app recorded it sent by {senders} only.",
                vec![("player", holder), ("senders", LogParam::List { items: senders })],
            );
        }
        return refuse(Code::NotAllowed, "not_met_this_objective_needs_the_signal_sent", "Not met: this objective needs the Signal sent from the Comms Room, and the app recorded none.");
    }
    // The crew's cards (p. 27): two or more asking for the Signal need that many characters to
    // have sent it, not one Signal for all. Counted over every card the crew is judged on.
    if signal && crew && s.config.mode == Mode::Cooperative {
        let needed = s.judged_seats().into_iter().filter(|x| card_of(*x).is_some_and(|c| c.kind == crate::content::ObjectiveKind::SoloCoop && needs_signal(&c.key))).count();
        let sent = s.seats.iter().filter(|(_, x)| x.signal).count();
        if sent < needed {
            return refuse_with(
                Code::NotAllowed,
                "not_met_the_crews_objectives_need_more_signals",
                "Not met: the crew's Objectives ask for the Signal {needed, plural, one {# time} other {# times}}, each time from its own character; the app recorded {count, plural, one {# character} other {# characters}} who sent it.",
                vec![("needed", LogParam::number(needed as i32)), ("count", LogParam::number(sent as i32))],
            );
        }
    }
    if matches!(key, "my_precious" | "special_delivery") && !by(&|x: &SeatState| x.eggs_carried > 0) {
        return refuse(Code::NotAllowed, "not_met_this_objective_needs_an_intruder_egg_carried", "Not met: this objective needs an Intruder Egg carried to the end, and the app recorded none carried.");
    }
    if key == "a_proper_burial" && s.seats[seat].corpses_carried == 0 {
        return refuse(Code::NotAllowed, "not_met_this_objective_needs_the_character_corpse_carried", "Not met: this objective needs the Character Corpse carried to the end, and the app recorded none carried.");
    }
    let weakness_missing = match key {
        "extreme_field_biology" | "first_contact_protocol" => weaknesses < 2,
        "ab_ovo" => !discovered(ResearchObject::IntruderEgg),
        "necroscopy" => !discovered(ResearchObject::IntruderCarcass),
        _ => false,
    };
    if weakness_missing {
        return refuse(Code::NotAllowed, "not_met_a_weakness_this_objective_needs_is_undiscovered", "Not met: a Weakness this objective needs is still undiscovered.");
    }
    Ok(())
}
